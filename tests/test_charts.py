"""Lessons 4 and 5's charts and quiz, drawn off screen (matplotlib's Agg backend)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from figure_text import has
from matplotlib.figure import Figure

from gamecore.experiments import bot, run_study
from gamecore.nuevos_mundos import earth
from widgets.nuevos_mundos.charts import (
    ACTION_NAMES,
    TURN_KINDS,
    action_chart,
    bot_chart,
    climate_chart,
    latitude_chart,
)
from widgets.nuevos_mundos.lesson_quizzes import biome_quiz, load_quiz_data
from widgets.quiz import Quiz


@pytest.fixture(scope="module")
def planet() -> earth.Earth:
    return earth.load()


@pytest.fixture(scope="module")
def seats():
    return run_study("nuevos-mundos", games=24, seed=2024, players=4, bots="random")


@pytest.fixture(scope="module")
def tournament():
    bots = ["random", "greedy", bot("search", label="search", iterations=2)]
    return run_study("nuevos-mundos", games=6, seed=7, bots=bots, seating="all_orders")


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


# ---------------------------------------------------------------------------- lesson 4


def test_climate_chart_names_every_biome_and_place(planet):
    fig = climate_chart(planet, planet.places)
    assert isinstance(fig, Figure)
    top, sea = fig.axes
    assert top.get_title() == "The game's land biomes by climate (approximate ranges)"
    assert top.get_ylabel() == "Rain and snow per year (mm)"
    assert sea.get_xlabel() == "Mean temperature over the year (°C)"
    for b in planet.biomes:
        assert has(fig, b.label), b.label
    assert has(fig, "Ocean: -2 to 30 °C")
    for place in planet.places:
        assert has(fig, place.name.split(",")[0]), place.name
    # The high mountain is hatched and dashed, not told apart by colour alone.
    hatched = [p for p in top.patches if p.get_hatch() == "//"]
    assert len(hatched) == 1 and hatched[0].get_linestyle() == "--"


def test_climate_chart_highlights_the_boxes_that_hold_a_town(planet):
    town = earth.Place("Cold town", temperature_c=-3, precipitation_mm=500, biome=None)
    found = planet.biomes_for_place(town, with_mountains=True)
    assert found == ["high_mountain", "taiga"]
    fig = climate_chart(planet, [town], highlight=found)
    widths = sorted(p.get_linewidth() for p in fig.axes[0].patches)
    assert widths[-2:] == [4.5, 4.5] and widths[0] == 2.0
    assert has(fig, "Cold town")
    with pytest.raises(ValueError, match="unknown biome"):
        climate_chart(planet, highlight="moon")


def test_latitude_chart_labels_both_animals_and_the_tropics(planet):
    fig = latitude_chart(planet)
    (ax,) = fig.axes
    assert ax.get_title() == "Where polar bears and penguins live, by latitude"
    assert has(fig, "Polar bears: 51°N to 88°N")
    assert has(fig, "Penguins: 78°S to 1°N")
    assert has(fig, "the tropics") and has(fig, "Equator")


def test_earth_text_helpers(planet):
    assert [earth.format_latitude(x) for x in (-78, 51, 0)] == ["78°S", "51°N", "0°"]
    text = planet.polar.explain(width=96)
    titles = [line for line in text.splitlines() if line.isupper()]
    assert titles == ["IN SHORT", "POLAR BEARS", "PENGUINS", "TWO DIFFERENT POLES"]
    assert max(len(line) for line in text.splitlines()) <= 96
    assert planet.fit_text(["taiga", "high_mountain"]) == "Taiga, High mountain"
    assert planet.fit_text([]) == earth.NO_GAME_BIOME


# ---------------------------------------------------------------------------- lesson 5


def test_action_chart_labels_every_action_and_group(seats):
    fig = action_chart(seats, TURN_KINDS)
    (ax,) = fig.axes
    assert ax.get_title() == "How winners and the others used their turns (random bots)"
    assert ax.get_ylabel() == "Share of their turns (%)"
    for kind in TURN_KINDS:
        assert has(fig, ACTION_NAMES[kind])
    assert has(fig, "winners") and has(fig, "the other players")
    # The winners' bars are hatched: colour is not the only cue.
    assert {p.get_hatch() or "" for p in ax.patches} == {"//", ""}


def test_bot_chart_labels_every_bot_and_category(tournament):
    fig = bot_chart(tournament)
    left, right = fig.axes
    assert left.get_title() == "Games won by each bot"
    assert right.get_title() == "Where each bot's points come from"
    assert left.get_ylabel() == "Games won (%)"
    assert right.get_ylabel() == "Mean points per game"
    for name in ("random", "greedy", "search"):
        assert [t.get_text() for t in left.get_xticklabels()].count(name) == 1
    for category in tournament.categories:
        assert has(fig, category.replace("_", " ").capitalize())
    assert len({p.get_hatch() for p in right.patches}) == len(tournament.categories)


# ---------------------------------------------------------------------------- quiz


def test_biome_quiz_loads_six_questions():
    quiz = biome_quiz()
    assert isinstance(quiz, Quiz)
    assert len(quiz.questions) == 6
    assert quiz.title == "Biomes on our planet: quick quiz"
    assert quiz.questions[0].text.startswith("Polar bears and penguins never meet")
    assert quiz.answer(2, 1).correct  # Cairo: desert
    data = load_quiz_data("biome_quiz.json")
    assert len(data["questions"]) == 6


def test_biome_quiz_takes_a_teachers_own_questions():
    extra = {"question": "Q?", "options": ["a", "b"], "answer": 1, "explanation": "b."}
    assert len(biome_quiz(extra=[extra]).questions) == 7


@pytest.mark.parametrize("extra", [(), ((15, 600), (15, 420), (14, 1000), (1, 650))])
def test_climate_chart_names_never_overlap(planet, extra):
    """Biome names, the note and the place names each keep their own space, also with a
    class's own towns crowded between the lesson's places."""
    towns = [
        earth.Place(f"Town {k}", temperature_c=t, precipitation_mm=p, biome=None)
        for k, (t, p) in enumerate(extra)
    ]
    fig = climate_chart(planet, [*planet.places, *towns])
    fig.canvas.draw()
    top = fig.axes[0]
    renderer = fig.canvas.get_renderer()
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in top.texts]
    assert len(boxes) >= 6 + len(planet.places) + len(towns)
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1 :]:
            assert not box_a.overlaps(box_b), f"{a!r} overlaps {b!r}"
        assert top.get_window_extent(renderer).contains(box_a.x0, box_a.y0), f"{a!r} is outside"
