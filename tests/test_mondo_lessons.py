"""Mondo lessons 2-4: what they teach stays true, and their helpers answer in words.

The numbers a lesson states in its text (Marianne's 11, the 128 ways to lay two tiles, the
3,912 boards of three tiles, ...) are recomputed here, so a change to the rules, the tiles or
the solver that makes a lesson wrong fails a test (nbval checks the stored outputs too).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from gamecore.mondo import CATEGORIES, solver
from gamecore.mondo.board import parse_board
from gamecore.mondo.data import SPECIES
from gamecore.mondo.solver import best_board, board_points
from gamecore.nuevos_mundos.earth import Table
from widgets.mondo import lesson
from widgets.mondo.pad import MondoScoringPad
from widgets.notes import Notes
from widgets.svg import Picture

ROOT = Path(__file__).resolve().parents[1]
LESSONS = {
    "02": ("02_scoring_step_by_step.ipynb", "02_puntuacion_paso_a_paso.ipynb"),
    "03": ("03_the_best_board.ipynb", "03_el_mejor_tablero.ipynb"),
    "04": ("04_landscapes_and_animals.ipynb", "04_paisajes_y_animales.ipynb"),
}
THREE_TILES = (88, 44, 37)
"""Lesson 3's three tiles: a coast with a forest edge, the same with a whale, a dolphin's sea."""


def cells(lang: str, number: str, kind: str) -> list[str]:
    name = LESSONS[number][0 if lang == "en" else 1]
    nb = json.loads((ROOT / "notebooks" / lang / "mondo" / name).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]


def markdown(lang: str, number: str) -> str:
    return "\n".join(cells(lang, number, "markdown"))


def raw(text: str) -> bool:
    """Whether a shown text looks like a Python structure rather than words."""
    stripped = text.strip()
    return (
        not stripped
        or stripped[0] + stripped[-1] in ("[]", "{}", "()", "<>")
        or re.search(r"\[\s*'|\{\s*'|object at 0x", stripped) is not None
    )


# ------------------------------------------------------------------ lesson 2: scoring


def test_the_rulebooks_example_scores_11_as_lesson_2_says() -> None:
    sheet = lesson.rulebook_sheet()
    assert [sheet.points("Marianne", c) for c in CATEGORIES] == [6, 8, 2, 0, -1, -4]
    assert sheet.total("Marianne") == 11
    assert sheet.points("Ginger", "volcanoes") == -5
    for lang in ("en", "es"):
        assert "6 + 8 + 2 − 0 − 1 − 4 = 11" in markdown(lang, "02").replace("\n", " ")


def test_with_the_volcano_chip_marianne_pays_6_and_ginger_nothing() -> None:
    sheet = lesson.rulebook_sheet(volcano_chip=True)
    assert sheet.points("Marianne", "volcanoes") == -6
    assert sheet.points("Ginger", "volcanoes") == 0
    assert sheet.total("Marianne") == 5
    assert "4 + 2 = 6" in markdown("en", "02") and "4 + 2 = 6" in markdown("es", "02")


@pytest.mark.parametrize(
    ("text", "total", "landscapes"),
    [
        ("wfww wwwf", 2, 2),  # two forest edges make a closed forest: +2
        ("wfww .", -1, 0),  # the forest faces the empty space: open; the space -1
        ("wfww wwwd", -1, 0),  # forest against desert: -1, and neither scores
    ],
)
def test_lesson_2s_small_boards_score_what_the_text_says(
    text: str, total: int, landscapes: int
) -> None:
    notes = lesson.points(text)
    assert isinstance(notes, Notes)
    assert notes[0] == f"This board: {total} points"
    assert f"  Closed landscapes: {landscapes}" in notes
    assert lesson.alone_points(parse_board(text)) == board_points(parse_board(text), None)


def test_points_names_the_player_and_lists_every_category() -> None:
    notes = lesson.points(lesson.rulebook_sheet(), "Marianne")
    assert notes[0] == "Marianne: 11 points"
    assert "    Bonus chip 2: +2" in notes
    assert "    4 active volcanoes; Ginger has more (5): 0" in notes
    assert not any(raw(line) for line in notes)


def test_the_categories_table_has_a_row_per_category_and_the_totals() -> None:
    table = lesson.categories(lesson.rulebook_sheet())
    assert isinstance(table, Table)
    assert table.headers == ("", "Marianne", "Ginger")
    assert table.rows[-1] == ("Total", "11", "-5")
    assert [row[0] for row in table.rows[:-1]] == [
        "Animals", "Closed landscapes", "Bonus chip", "Volcanoes", "Empty spaces",
        "Wrong connections",
    ]  # fmt: skip
    assert "<table" in table._repr_html_()


def test_the_rulebook_pad_shows_marianne_and_scores_her_11() -> None:
    pad = lesson.rulebook_pad()
    assert isinstance(pad, MondoScoringPad)
    assert pad.players == ("Marianne", "Ginger")
    sheet = pad.sheet()
    assert sheet is not None and sheet.total("Marianne") == 11


def test_a_board_picture_crosses_out_each_wrong_connection() -> None:
    picture = lesson.board("wfww wwwd")
    assert isinstance(picture, Picture)
    crosses = [s for s in picture.scene.shapes if s.id.endswith("-cross")]
    assert len(crosses) == 1
    assert str(picture) == "A Mondo board with 2 tiles; every wrong connection is crossed out."
    assert len([s for s in lesson.board(lesson.RULEBOOK["Marianne"]).scene.shapes
                if s.id.endswith("-cross")]) == 4  # fmt: skip


def test_lesson_2_in_spanish(spanish: None) -> None:
    notes = lesson.points("wfww wwwf")
    assert notes[0] == "Este tablero: 2 puntos"
    table = lesson.categories(lesson.rulebook_sheet())
    assert table.rows[-1] == ("Total", "11", "-5")
    assert table.rows[0][0] == "Animales"
    assert str(lesson.board("wfww")).startswith("Un tablero de Mondo con 1 ficha")


# ------------------------------------------------------------- lesson 3: the best board


def test_counting_layouts_as_lesson_3_does() -> None:
    assert lesson.ways(2) == 2 * 8 * 8 == 128
    assert lesson.ways(3) == 6 * 512 == 3072
    assert lesson.ways(24) == math.factorial(24) * 8**24
    assert len(str(lesson.ways(24))) == 46  # "the number has 46 digits"
    assert lesson.layouts_in_a_row(3) == 3072 + 840 == 3912
    text = markdown("en", "03")
    steps = solver.SEARCH_ITERATIONS  # "makes 20,000 small changes"
    for stated in ("128", "3,072", "840", "46 digits", f"{steps:,}"):
        assert stated in text
    assert "3072" in markdown("es", "03") and f"{steps:,} cambios".replace(",", " ") in markdown(
        "es", "03"
    )


def test_the_ways_table_reads_in_words() -> None:
    table = lesson.ways_table()
    assert [row[0] for row in table.rows] == ["1", "2", "3", "4", "6", "8", "12", "16", "24"]
    assert table.rows[1][1] == "128"
    assert table.rows[-1][1] == "about 2.9 × 10^45"
    assert table.rows[5][2] == "11 minutes"  # 8 tiles: 6.8e11 boards at 1e9 a second
    assert "age of the universe" in table.rows[-1][2]


def test_the_ways_table_in_spanish(spanish: None) -> None:
    table = lesson.ways_table()
    assert table.rows[3][1] == "98\u00a0304"
    assert table.rows[-1][1] == "unos 2,9 × 10^45"
    assert table.rows[6][2] == "1043 años"


def test_every_layout_of_three_tiles_tried_and_the_solver_agrees() -> None:
    three = lesson.tiles_by_id(*THREE_TILES)
    every = lesson.try_every_board(three)
    assert (every.tried, every.best, every.best_count) == (3912, 4, 16)
    assert lesson.alone_points(every.example) == every.best == board_points(every.example, None)
    assert every.words() == [
        "We tried all 3,912 ways of laying out these tiles.",
        "The best score is 4 points, and 16 layouts reach it.",
    ]
    assert "age of the universe" in every.speed()[1]
    small = best_board(three, rows=1, cols=3, method="search", seconds=60, seed=0)
    assert small.points == every.best  # "the solver finds the same best score"


def test_the_recorded_round_is_the_bots_board_with_its_tiles() -> None:
    mine = lesson.played_board()
    assert len(mine.tiles) == 19 == sum(1 for _ in mine.board.tiles())
    assert mine.points == 2
    assert len({tile.id for tile in mine.tiles}) == 19
    turned = {f.rotated(k) for tile in mine.tiles for f in tile.sides for k in range(4)}
    assert all(face in turned for _, face in mine.board.tiles())
    notes = lesson.points(mine.board, "Bot")
    assert notes[0] == "Bot: 2 points"


def test_a_new_round_gives_a_board_and_the_tiles_on_it() -> None:
    other = lesson.played_board(seed=7)
    assert len(other.tiles) == sum(1 for _ in other.board.tiles())


def test_the_solver_beats_the_bots_board_but_proves_nothing_as_lesson_3_says() -> None:
    mine = lesson.played_board()
    best = best_board(mine.tiles, method="search", seconds=60, seed=0)
    assert best.points > mine.points
    assert not best.optimal and best.bound >= 2 * best.points  # "far above what it found"
    words = lesson.best_words(best)
    assert (
        words[0] == f"The best board the solver found from these tiles scores {best.points} points."
    )
    assert words[1].startswith("It did not prove that this is the best possible")
    gap = lesson.distance_words(mine, best)
    assert gap[0].startswith(f"The bot's board scores 2 points; the solver's board from the same "
                             f"tiles scores {best.points} points")  # fmt: skip
    picture = lesson.compare(mine, best)
    assert str(picture).startswith("Two boards from the same tiles")


def test_lesson_3_in_spanish(spanish: None) -> None:
    every = lesson.try_every_board(lesson.tiles_by_id(*THREE_TILES))
    assert every.words()[0] == "Probamos las 3912 formas de colocar estas fichas."
    mine = lesson.played_board()
    assert str(Notes(lesson.points(mine.board, "Bot"))).startswith("Bot: 2 puntos")


# ---------------------------------------------------- lesson 4: landscapes and animals


def test_the_species_table_has_the_16_animals_by_landscape_with_their_biome() -> None:
    table = lesson.species_table()
    assert len(table.rows) == len(SPECIES) == 16
    landscapes = [row[0] for row in table.rows]
    assert landscapes == ["Forest"] * 4 + ["Desert"] * 4 + ["Plains"] * 4 + ["Water"] * 4
    by_animal = {row[1]: row[3] for row in table.rows}
    assert by_animal["giant panda"] == "temperate forest"
    assert by_animal["Bactrian camel"] == "cold desert"
    assert by_animal["rhea"] == "temperate grassland"
    assert by_animal["Nile crocodile"] == "rivers and lakes (fresh water)"


def test_the_biome_table_names_every_biome_behind_each_landscape() -> None:
    rows = {row[0]: row for row in lesson.biome_table().rows}
    assert rows["Plains"][1] == "savanna, temperate grassland"
    assert rows["Forest"][1] == "temperate forest, tropical rainforest, taiga (boreal forest)"
    assert "panda" in rows["Forest"][2] and "bamboo" in rows["Forest"][2]


def test_the_tiles_picture_shows_a_single_side_and_four_animals_per_landscape() -> None:
    picture = lesson.landscape_tiles()
    labels = [s for s in picture.scene.shapes if s.id.startswith("label-")]
    words = " ".join(s.text for s in labels)  # type: ignore[attr-defined]
    assert words.count("single side") == 4
    for name in ("giant", "panda", "fennec", "rhea", "crocodile"):
        assert name in words
    for label in labels:
        left, _, width, _ = label.bbox()
        assert left >= 0 and left + width <= picture.scene.width


def test_facts_name_the_species_and_refuse_an_unknown_one() -> None:
    notes = lesson.facts("crocodile")
    assert notes[0].startswith("Nile crocodile: A Nile crocodile waits")
    with pytest.raises(ValueError, match="There is no species koala in Mondo"):
        lesson.facts("koala")


def test_lesson_4_in_spanish(spanish: None) -> None:
    assert lesson.facts("crocodile")[0].startswith("Cocodrilo del Nilo: ")
    rows = {row[0]: row for row in lesson.biome_table().rows}
    assert rows["Llanura"][1] == "sabana, pradera templada"
    assert lesson.species_table().headers[3] == "Bioma real"


# ------------------------------------------------------------------- both languages


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_code_cells_are_identical_in_english_and_spanish(number: str) -> None:
    assert cells("en", number, "code") == cells("es", number, "code")


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_every_lesson_ends_with_questions(number: str) -> None:
    for lang, heading in (("en", "## Questions"), ("es", "## Preguntas")):
        assert cells(lang, number, "markdown")[-1].startswith(heading)
