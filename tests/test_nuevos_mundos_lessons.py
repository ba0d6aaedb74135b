"""The Nuevos Mundos lesson helpers (widgets/nuevos_mundos/lesson.py) and the shared text
helpers (widgets/notes.py, the progress bar's and the quiz's text form), in plain Python.

Each helper answers in sentences or tables, never in a Python list or dict; the worked
position of lesson 1 is replayed so that a change to the engine that breaks its story fails
here too, not only in the notebook's saved output.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from gamecore.experiments import bot, run_study
from gamecore.nuevos_mundos import Lay, NuevosMundos, TakeBiome, TakeDigits, earth, score
from gamecore.words import t
from widgets.notes import WIDTH, Notes, wrap
from widgets.nuevos_mundos import lesson

WORLDS = {
    "Roberto": [1, 3, 5, 9, 11, 13, 24, 31, 39, 41, 43, 45, 49, 63],
    "Alicia": [7, 15, 23, 25, 27, 29, 33, 35, 37, 47, 53, 54, 55],
    "Noa": [17, 18, 19, 20, 21, 22, 32, 40, 50, 51, 52, 57, 59, 61],
}
"""The rulebook's example worlds, as lessons 2 and 3 rebuild them."""


def lesson_1_game() -> NuevosMundos:
    """The worked position of lesson 1 (Roberto, Alicia and Noa)."""
    return NuevosMundos.arranged(
        hands=[[3, 20, 30, 47], [42, 18, 36, 60], [2, 12, 27, 44]],
        board=[25, 33, 5, 7, 52],
        discard=1,
        creation=[61, 10, 55, 39, 22, 34],
        players=["Roberto", "Alicia", "Noa"],
    )


# ---------------------------------------------------------------------------- notes


def test_notes_wrap_between_words_and_show_as_paragraphs() -> None:
    long = "  • " + " ".join(["Porcini"] * 30)
    notes = Notes(["A short line.", long])
    text = str(notes)
    assert repr(notes) == text, "a notebook's text form is the lines, not a list"
    assert all(len(line) <= WIDTH for line in text.splitlines())
    assert text.splitlines()[2].startswith("    Porcini"), "continuations hang past the bullet"
    assert " ".join(text.split()) == " ".join(" ".join(notes).split())
    html = notes._repr_html_()
    ET.fromstring(html)
    assert html.count("<p ") == 2 and "margin:0 0 0.2em 1em" in html, "the indent is kept"
    assert wrap("x" * 90) == "x" * 90, "a word longer than the line is never cut"


# ---------------------------------------------------------------------------- lesson 1


def test_lesson_1_story_in_sentences() -> None:
    game = lesson_1_game()
    assert lesson.what_each_action_takes(game, 3) == [
        "Take biome: 05, 07 and the 01 on the discard pile",
        "Take digits 0 and 3: the 01 on the discard pile and 33",
        "Lay 03 in your world",
    ]
    assert isinstance(lesson.what_each_action_takes(game, 3), Notes)
    game.play(TakeBiome(3))
    assert lesson.world(game, "Roberto") == ["Roberto's world holds 3 cards: 01, 05 and 07."]
    assert lesson.board(game) == [
        "Space 0, the discard pile: 03 on top (one card).",
        "Space 1, the creation pile: 43 cards, face down.",
        "Spaces 2 to 6: 25 on space 2, 33 on space 3, 61 on space 4, 10 on space 5 and 52 on "
        "space 6.",
    ]
    game.play(TakeDigits(42))
    assert lesson.world(game, 1) == ["Alicia's world holds 2 cards: 25 and 61."]
    assert lesson.world(game, "Noa") == ["Noa's world is still empty."]
    game.play(Lay(2))
    assert lesson.world(game, "Noa") == ["Noa's world holds one card: 02."]
    with pytest.raises(ValueError, match="nobody called Ana plays this game"):
        lesson.world(game, "Ana")


# ---------------------------------------------------------------------------- lessons 2 and 3


def test_totals_and_ranking_are_lines_not_dicts() -> None:
    sheet = score(WORLDS)
    assert lesson.totals(sheet) == ["Roberto: 17 points", "Alicia: 16 points", "Noa: 18 points"]
    everything = score(WORLDS, modules=["vital_capacity", "discord"])
    assert lesson.ranking(everything) == [
        "1. Alicia: 18 points",
        "2. Roberto: 16 points",
        "3. Noa: 15 points",
    ]
    assert t("lessons.nm_total", n=1, name="Ana") == "Ana: 1 point", "one point, not 1 points"


def test_icons_of_a_card_in_a_sentence() -> None:
    assert lesson.icons_of(52) == ["Card 52 shows 1 sun icon, 1 plants icon and 1 minerals icon."]


# ---------------------------------------------------------------------------- lessons 4 and 5


def test_lesson_4_descriptions_are_tables_that_wrap_between_words() -> None:
    planet = earth.load()
    places = lesson.biome_places(planet)
    assert places.headers == ("Biome", "What it is", "For example", "Latitude")
    assert [r[0] for r in places.rows] == [b.label for b in planet.biomes]
    assert places.rows[0][2] == "; ".join(planet.biomes[0].regions[:3])
    plants = lesson.biome_plants(planet)
    assert len(plants.rows) == 2 * len(planet.biomes)
    for table in (places, plants):
        html = table._repr_html_()
        assert html.startswith(f'<table class="{lesson.CSS_CLASS}">')
        ET.fromstring(html)


def test_tournament_table_has_a_row_per_bot() -> None:
    bots = ["random", "greedy", bot("search", label="search", iterations=2)]
    result = run_study("nuevos-mundos", games=6, seed=7, bots=bots, seating="all_orders")
    table = lesson.tournament_table(result)
    assert [r[0] for r in table.rows] == list(result.win_rates_by_bot())
    assert table.headers[:4] == ("Bot", "Games won", "95% interval", "Mean score")
    assert table.headers[4:] == ("Biodiversity", "Dominant biomes", "Natural balance")
    for row in table.rows:
        total = sum(float(v) for v in row[4:])
        assert abs(total - float(row[3])) < 0.2, "the categories add up to the mean score"
        assert " to " in row[2]


# ---------------------------------------------------------------------------- widgets' text


def test_a_progress_bar_not_running_says_what_it_counts() -> None:
    from widgets.progress import progress_bar

    box, _ = progress_bar(3000, "Playing")
    bundle = box._repr_mimebundle_()
    assert bundle["text/plain"] == "A progress bar for 3000 games: it moves while the cell runs."
    assert box.children[1].value == "0 of 3,000 games"


def test_a_quiz_not_running_shows_its_questions_as_text() -> None:
    from widgets.nuevos_mundos.lesson_quizzes import biome_quiz

    quiz = biome_quiz()
    text = quiz._repr_mimebundle_()["text/plain"]
    assert text.startswith("Biomes on our planet: quick quiz\n(Run the cell to answer")
    assert "1. Polar bears and penguins never meet" in text
    assert "   a) " in text and "<" not in text, "options listed, no HTML tags"


def test_lesson_4_places_and_the_biomes_that_fit_their_climate() -> None:
    planet = earth.load()
    table = lesson.climate_fits(planet, planet.places)
    assert table.headers[0] == "Place" and len(table.rows) == len(planet.places)
    fits = {r[0].split(",")[0]: r[3] for r in table.rows}
    assert fits["Manaus"] == "Jungle" and fits["Cairo"] == "Desert"
    assert fits["London"] == "no game biome (temperate broadleaf forest)"


def test_lesson_5_results_in_sentences_and_tables() -> None:
    from widgets.nuevos_mundos.charts import TURN_KINDS

    seats = run_study("nuevos-mundos", games=40, seed=2024, players=4, bots="random")
    notes = lesson.seat_results(seats)
    low, high = seats.fair_band()
    assert f"{low:.1%} to {high:.1%} of the wins" in notes[0]
    assert notes[0].startswith(
        f"If the seat made no difference, luck alone would give each seat {low:.1%}"
    )
    assert notes[0].endswith("of 40 games).") and len(notes) == 1 + 4
    rate = seats.win_rates_by_seat()[0].rate
    assert notes[1].startswith(f"Seat 1: won {rate:.1%} of the games (95% interval: ")
    turns = lesson.seat_turns(seats, TURN_KINDS)
    assert turns[3] == f"Seat 4: {seats.turns_by_seat(TURN_KINDS)[3]:.2f} turns per game on average"
    shares = lesson.action_shares(seats, TURN_KINDS)
    assert [r[0] for r in shares.rows] == ["Take a biome", "Take by digits", "Lay a card"]
    for kind, row in zip(TURN_KINDS, shares.rows):
        winners, others = seats.winners_vs_others(TURN_KINDS)[kind]
        assert row[1:] == (f"{winners:.1%}", f"{others:.1%}")
    assert lesson.fair_share(seats) == ["40 games; a fair share is 25% for each bot."]
