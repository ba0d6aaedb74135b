"""The Ecosfera level study (gamecore/ecosfera/study.py) and lesson 3's charts and tables
(widgets/ecosfera/charts.py), drawn off screen (matplotlib's Agg backend).

Played games use the random bot: it is fast, and the study's bookkeeping is the same for
every bot. The summaries' maths is checked on hand-made games.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from figure_text import texts
from matplotlib.patches import Rectangle

from gamecore.ecosfera.data import (
    ELEMENTS,
    LEVELS,
    default_cards,
    element_count,
    supply_at_start,
)
from gamecore.ecosfera.study import (
    LevelSummary,
    SoloGame,
    level_study,
    play_solo,
    steps,
    summarise,
)
from gamecore.experiments import margin_of_error, wilson_interval
from gamecore.words import set_language
from widgets.ecosfera.charts import (
    ELEMENT_STYLES,
    element_demand,
    level_chart,
    level_supply,
    load_published,
    margin_chart,
    margins_table,
    steps_table,
    study_table,
    supply_chart,
)

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = ROOT / "gamecore" / "ecosfera" / "balance_study.json"
LESSON = ROOT / "notebooks" / "en" / "ecosfera" / "03_how_hard_is_each_level.ipynb"


def solo(level: int = 3, index: int = 0, **fields) -> SoloGame:
    """A hand-made game: lost, score 10, 2 tiles, 7 extinction tiles, 20 turns, 5 taken."""
    values = {
        "seed": 0,
        "won": False,
        "score": 10,
        "biome_tiles": 2,
        "extinction_tiles": 7,
        "turns": 20,
        "taken": 5,
        "decisions": 100,
        "ran_out": {},
    }
    values.update(fields)
    return SoloGame(level=level, index=index, **values)


def summary(level: int, wins: int, games: int, **fields) -> LevelSummary:
    """A level summary with ``wins`` of ``games`` and plain numbers for the rest."""
    values = {
        "mean_score": 100.0,
        "score_margin": 5.0,
        "mean_biome_tiles": 4.0,
        "mean_extinction_tiles": 3.0,
        "mean_turns": 25.0,
        "mean_taken": 12.0,
        "ran_out": dict.fromkeys(ELEMENTS, 0.0),
        "ran_out_turn": dict.fromkeys(ELEMENTS),
    }
    values.update(fields)
    return LevelSummary(level=level, games=games, wins=wins, **values)


def toy_study(rates: tuple[float, ...] = (0.6, 0.5, 0.45, 0.4, 0.3), games: int = 20):
    """A five-level study whose water and sun decks run out more, and sooner, each level."""
    return {
        level: summary(
            level,
            round(rate * games),
            games,
            ran_out={**dict.fromkeys(ELEMENTS, 0.0), "water": 0.2 * level, "sun": 0.1 * level},
            ran_out_turn={**dict.fromkeys(ELEMENTS), "water": 30.0 - level, "sun": 32.0 - level},
        )
        for level, rate in zip(LEVELS, rates)
    }


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


# ---------------------------------------------------------------------------- playing games


def test_a_game_of_a_study_is_the_same_every_time() -> None:
    first = play_solo(2, 3, seed=11, bot="random")
    assert first == play_solo(2, 3, seed=11, bot="random")
    assert (first.level, first.index) == (2, 3)
    assert first.turns >= 1 and first.decisions >= first.turns
    assert not first.won and first.extinction_tiles == 7, "the random bot never wins"


def test_each_game_and_seed_gets_its_own_deal_and_levels_share_them() -> None:
    deals = {play_solo(1, index, seed=11, bot="random").seed for index in range(4)}
    assert len(deals) == 4
    assert (
        play_solo(1, 0, seed=11, bot="random").seed != play_solo(1, 0, seed=12, bot="random").seed
    )
    # game i of every level starts from the same shuffles: levels compared on equal luck
    assert (
        play_solo(1, 0, seed=11, bot="random").seed == play_solo(2, 0, seed=11, bot="random").seed
    )


def test_a_level_study_plays_the_workbenchs_games() -> None:
    from gamecore.experiments import run_study

    study = run_study("ecosfera", games=3, seed=5, bots="random", level=4)
    assert [play_solo(4, i, seed=5, bot="random").seed for i in range(3)] == [
        row.seed for row in study.rows
    ]
    on_two = level_study(3, levels=(4,), bot="random", seed=5, workers=2)
    assert on_two == level_study(3, levels=(4,), bot="random", seed=5)


def test_the_planner_runs_the_water_deck_dry_at_level_5() -> None:
    """The published study's finding, in one game: at level 5 the planner empties the water
    deck (the watch sees it; the game's outcome must not erase it)."""
    game = play_solo(5, 0, seed=3, bot="planner")
    assert "water" in game.ran_out, game
    assert 1 <= game.ran_out["water"] <= game.turns + 1


def test_a_played_game_records_when_element_decks_ran_out() -> None:
    games = [play_solo(5, index, seed=3, bot="greedy") for index in range(3)]
    for g in games:
        assert set(g.ran_out) <= set(ELEMENTS)
        assert all(1 <= turn <= g.turns + 1 for turn in g.ran_out.values())
        assert 0 <= g.taken <= len(ELEMENTS) * supply_at_start(5, 1)
        # a deck that ran out gave all its cards, and only taking empties a deck
        assert g.taken >= supply_at_start(5, 1) * len(g.ran_out)


@pytest.mark.parametrize("level", [0, 6, "1", None])
def test_play_solo_refuses_an_unknown_level(level) -> None:
    with pytest.raises(ValueError, match="level must be 1"):
        play_solo(level, 0, bot="random")


# ---------------------------------------------------------------------------- summaries


def test_summarise_counts_wins_and_averages_each_number() -> None:
    games = [
        solo(index=0, won=True, score=300, biome_tiles=7, extinction_tiles=2, turns=30, taken=9),
        solo(index=1, won=False, score=100, biome_tiles=3, extinction_tiles=7, turns=20, taken=5),
        solo(index=2, won=True, score=260, biome_tiles=7, extinction_tiles=4, turns=28, taken=10),
        solo(index=3, won=False, score=60, biome_tiles=1, extinction_tiles=7, turns=18, taken=4),
    ]
    s = summarise(games)
    assert (s.level, s.games, s.wins) == (3, 4, 2)
    assert s.win_rate == 0.5
    assert s.mean_score == 180
    scores = [300, 100, 260, 60]
    mean = sum(scores) / 4
    stdev = math.sqrt(sum((x - mean) ** 2 for x in scores) / 3)
    assert s.score_margin == pytest.approx(1.96 * stdev / 2)
    assert s.mean_biome_tiles == 4.5
    assert s.mean_extinction_tiles == 5
    assert s.mean_turns == 24
    assert s.mean_taken == 7


def test_summarise_gives_each_elements_share_of_games_and_mean_turn_it_ran_out() -> None:
    games = [
        solo(index=0, ran_out={"water": 10, "sun": 20}),
        solo(index=1, ran_out={"water": 14}),
        solo(index=2, ran_out={}),
        solo(index=3, ran_out={"water": 12, "earth": 30}),
    ]
    s = summarise(games)
    assert s.ran_out == {"earth": 0.25, "water": 0.75, "time": 0.0, "sun": 0.25, "air": 0.0}
    assert s.ran_out_turn == {"earth": 30, "water": 12, "time": None, "sun": 20, "air": None}


def test_the_interval_is_wilsons_and_stays_sensible_at_the_edges() -> None:
    s = summarise([solo(index=i, won=i < 9) for i in range(20)])
    assert s.interval == wilson_interval(0.45, 20)
    low, high = s.interval
    assert low < 0.45 < high
    none = summary(1, 0, 40)
    assert none.interval[0] == 0.0
    assert none.interval[1] == pytest.approx(0.0876, abs=1e-4)
    every = summary(1, 40, 40)
    assert every.interval[1] == 1.0 and every.interval[0] == pytest.approx(1 - 0.0876, abs=1e-4)


def test_one_game_has_no_score_margin() -> None:
    s = summarise([solo(won=True)])
    assert s.win_rate == 1.0 and math.isnan(s.score_margin)


def test_summarise_refuses_no_games_and_mixed_levels() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        summarise([])
    with pytest.raises(ValueError, match=r"one level at a time, not levels \[2, 4\]"):
        summarise([solo(level=2), solo(level=4, index=1)])


def test_a_summary_survives_a_round_trip_through_json() -> None:
    s = summarise([solo(index=0, won=True, ran_out={"water": 9}), solo(index=1)])
    data = s.to_dict()
    assert data["win_rate"] == 0.5 and data["interval"] == list(s.interval)
    assert LevelSummary.from_dict(data) == s
    assert LevelSummary.from_dict(json.loads(json.dumps(data))) == s
    del data["mean_taken"]
    with pytest.raises(ValueError, match="needs mean_taken"):
        LevelSummary.from_dict(data)


# ---------------------------------------------------------------------------- studies


def test_level_study_reports_progress_and_summarises_each_level() -> None:
    calls: list[tuple[int, int]] = []
    study = level_study(2, levels=(1, 5), bot="random", seed=4, progress=lambda *a: calls.append(a))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert list(study) == [1, 5]
    for level, s in study.items():
        assert s == summarise([play_solo(level, i, seed=4, bot="random") for i in range(2)])


@pytest.mark.parametrize("games", [0, -1, 1.5, True, "3"])
def test_level_study_needs_at_least_one_game(games) -> None:
    with pytest.raises(ValueError, match="at least one game per level"):
        level_study(games, bot="random")


@pytest.mark.parametrize("levels", [(), (0,), (1, 6)])
def test_level_study_refuses_unknown_levels(levels) -> None:
    with pytest.raises(ValueError, match="levels are 1"):
        level_study(1, levels=levels, bot="random")


def test_steps_give_the_drop_between_neighbouring_levels_and_its_z() -> None:
    study = {1: summary(1, 50, 100), 3: summary(3, 45, 100), 2: summary(2, 40, 100)}
    (a, b, drop1, z1), (c, d, drop2, z2) = steps(study)
    assert (a, b, c, d) == (1, 2, 2, 3)
    assert drop1 == pytest.approx(0.10) and drop2 == pytest.approx(-0.05)
    se = math.sqrt(0.5 * 0.5 / 100 + 0.4 * 0.6 / 100)
    assert z1 == pytest.approx(0.10 / se)
    assert z1 > 0 > z2
    assert steps({1: summary(1, 0, 10), 2: summary(2, 0, 10)}) == [(1, 2, 0.0, 0.0)]
    assert steps({1: summary(1, 10, 10), 2: summary(2, 0, 10)})[0][3] == math.inf
    assert steps({4: summary(4, 1, 2)}) == []


# ---------------------------------------------------------------------------- the published study


def write_study(path: Path, bots: dict) -> Path:
    path.write_text(json.dumps({"seed": 1, "bots": bots}), encoding="utf-8")
    return path


def test_load_published_reads_back_every_bot_and_level(tmp_path: Path) -> None:
    study = toy_study()
    greedy = {1: summary(1, 0, 5)}
    path = write_study(
        tmp_path / "study.json",
        {
            "planner": [s.to_dict() for s in reversed(study.values())],
            "greedy": [greedy[1].to_dict()],
        },
    )
    loaded = load_published(path)
    assert list(loaded) == ["planner", "greedy"]
    assert list(loaded["planner"]) == list(LEVELS), "levels come back in order"
    assert loaded["planner"] == study and loaded["greedy"] == greedy


def test_load_published_explains_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"no published study at .*ecosfera_study\.py --save"):
        load_published(tmp_path / "nothing.json")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "is not a readable study"),
        ("[1, 2]", "holds no study"),
        ('{"bots": {}}', "holds no study"),
        ('{"bots": {"planner": {}}}', "bot 'planner': needs a list of level summaries"),
        ('{"bots": {"planner": [3]}}', "must be a JSON object"),
        ('{"bots": {"planner": [{"level": 1}]}}', "a level summary needs"),
    ],
)
def test_load_published_refuses_a_corrupt_file(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "study.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=words):
        load_published(path)


def test_load_published_refuses_impossible_levels(tmp_path: Path) -> None:
    one = summary(1, 2, 4).to_dict()
    cases = [
        ([one, one], "level 1 is not a new level"),
        ([{**one, "level": 7}], "level 7 is not a new level"),
        ([{**one, "wins": 5}], "level 1 has 5 wins in 4 games"),
        ([{**one, "games": 0, "wins": 0}], "level 1 has 0 wins in 0 games"),
        ([{**one, "games": "4"}], "whole numbers of games and wins"),
    ]
    for levels, words in cases:
        path = write_study(tmp_path / "study.json", {"planner": levels})
        with pytest.raises(ValueError, match=words):
            load_published(path)


def test_the_published_study_holds_every_level_for_the_planner() -> None:
    published = load_published(PUBLISHED)
    planner = published["planner"]
    assert list(planner) == list(LEVELS)
    assert all(s.games >= 100 for s in planner.values())
    assert planner[1].win_rate > planner[5].win_rate


# ---------------------------------------------------------------------------- tables


def test_level_supply_follows_the_engine() -> None:
    table = level_supply()
    assert [r[0] for r in table.rows] == [f"Level {lv}" for lv in LEVELS]
    for level, row in zip(LEVELS, table.rows):
        left = supply_at_start(level, 1)
        assert row[1:] == (str(element_count(level, 1)), "1", str(left), str(5 * left))
    assert table.rows[0][1:] == ("12", "1", "11", "55")
    assert table.rows[-1][1:] == ("8", "1", "7", "35")
    assert level_supply(3).rows[0][1:3] == (str(element_count(1, 3)), "3")


def test_element_demand_adds_up_the_plant_costs() -> None:
    plants = default_cards().plants
    table = element_demand()
    assert [r[0] for r in table.rows] == list(ELEMENTS)
    for e, row in enumerate(table.rows):
        assert row[1] == f"{sum(p.cost[e] > 0 for p in plants)} of {len(plants)}"
        assert row[2] == str(sum(p.cost[e] for p in plants))
        assert row[3:] == (str(supply_at_start(1, 1)), str(supply_at_start(5, 1)))
    water = table.rows[ELEMENTS.index("water")]
    assert int(water[2]) > int(water[3]), "the lesson: plants need more water than the deck holds"


def test_steps_table_says_which_changes_are_more_than_luck() -> None:
    study = {1: summary(1, 60, 100), 2: summary(2, 55, 100), 3: summary(3, 30, 100)}
    table = steps_table(study)
    assert table.rows == (
        ("Level 1 to 2", "-5.0 points", f"{steps(study)[0][3]:.1f}", "no: it could be luck"),
        ("Level 2 to 3", "-25.0 points", f"{steps(study)[1][3]:.1f}", "yes"),
    )
    rise = steps_table({1: summary(1, 10, 100), 2: summary(2, 30, 100)})
    assert rise.rows[0][1:] == ("+20.0 points", "-3.7", "yes")


def test_study_table_has_a_row_per_level_with_the_rates() -> None:
    table = study_table(toy_study())
    assert table.headers[-2:] == ("Water ran out", "Sun ran out")
    assert len(table.rows) == 5
    first = table.rows[0]
    assert first[:4] == ("Level 1", "20", "12", "60.0%")
    low, high = wilson_interval(0.6, 20)
    assert first[4] == f"{low:.1%} to {high:.1%}"
    assert first[-2:] == ("20%", "10%")
    assert all(len(r) == len(table.headers) for r in table.rows)
    assert study_table(toy_study(), elements=("earth",)).headers[-1] == "Earth ran out"


# ---------------------------------------------------------------------------- charts


def bars(ax) -> list[Rectangle]:
    return [p for p in ax.patches if isinstance(p, Rectangle)]


def test_level_chart_puts_our_games_beside_the_published_study() -> None:
    ours = toy_study((0.75, 0.5, 0.5, 0.25, 0.25), games=4)
    published = toy_study(games=1000)
    fig = level_chart(ours, published)
    (ax,) = fig.axes
    assert len(bars(ax)) == 10
    assert {p.get_hatch() or "" for p in bars(ax)} == {"//", ""}, "hatching, not only colour"
    shown = texts(fig)
    assert "our class: 4 games per level" in shown
    assert "published study: 1000 games per level" in shown
    for s in ours.values():
        assert f"{s.win_rate * 100:.0f}%" in shown, "a few games: whole points"
    for s in published.values():
        assert f"{s.win_rate * 100:.1f}%" in shown, "many games: tenths of a point"
    assert [t.get_text() for t in ax.get_xticklabels()] == [
        f"Level {lv}\n{element_count(lv, 1)} of each" for lv in LEVELS
    ]
    assert ax.get_ylabel() == "Games won (%)"
    assert ax.get_ylim()[1] >= 100 * max(s.interval[1] for s in ours.values())


def test_level_chart_draws_one_study_alone_and_needs_at_least_one() -> None:
    fig = level_chart(toy_study())
    assert len(bars(fig.axes[0])) == 5
    assert len(bars(level_chart(None, toy_study()).axes[0])) == 5
    with pytest.raises(ValueError, match="needs a study"):
        level_chart(None, None)


def test_supply_chart_shows_how_often_and_when_water_and_sun_ran_out() -> None:
    study = toy_study()
    fig = supply_chart(study)
    left, right = fig.axes
    assert len(bars(left)) == 10
    hatches = {p.get_hatch() for p in bars(left)}
    assert hatches == {ELEMENT_STYLES["water"][0], ELEMENT_STYLES["sun"][0]}
    lines = right.get_lines()
    assert [line.get_label() for line in lines] == ["water deck", "sun deck"]
    assert {line.get_marker() for line in lines} == {"o", "^"}
    assert list(lines[0].get_ydata()) == [29.0, 28.0, 27.0, 26.0, 25.0]
    shown = texts(fig)
    assert "100%" in shown and "50%" in shown  # water at level 5, sun at level 5
    assert "Level 5\n7 per deck" in shown
    labels = {(a.get_text(), a.xyann[1]) for a in right.texts}
    assert {("29", -24), ("31", 12)} <= labels, "the later deck's turns above, the other's below"
    assert left.get_title() == "How often the deck ran out"


def test_supply_chart_skips_a_level_where_the_deck_never_ran_out() -> None:
    study = toy_study()
    study[1] = summary(1, 10, 20)
    fig = supply_chart(study, elements=("water",))
    (line,) = fig.axes[1].get_lines()
    assert list(line.get_xdata()) == [1, 2, 3, 4]
    with pytest.raises(ValueError, match="choose elements among"):
        supply_chart(study, elements=("fire",))


def test_margin_chart_names_the_marked_study_sizes() -> None:
    fig = margin_chart()
    shown = texts(fig)
    for games in (12, 100, 2000):
        margin = margin_of_error(0.5, games) * 100
        assert f"{games} games: ± {margin:.0f} points" in shown
    assert "12 games: ± 28 points" in shown and "2000 games: ± 2 points" in shown
    assert fig.axes[0].get_xscale() == "log"


# ---------------------------------------------------------------------------- the lesson


def test_the_lesson_reads_the_published_study_and_the_start_page_links_it() -> None:
    lesson = json.loads(LESSON.read_text(encoding="utf-8"))
    code = "".join("".join(c["source"]) for c in lesson["cells"] if c["cell_type"] == "code")
    assert "load_published()" in code  # the study shipped with the package: works on Binder
    start_page = ROOT / "notebooks" / "en" / "00_start_here.ipynb"
    start = json.loads(start_page.read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in start["cells"])
    assert "(ecosfera/03_how_hard_is_each_level.ipynb)" in text


LESSON_ES = ROOT / "notebooks" / "es" / "ecosfera" / "03_que_dificultad_tiene_cada_nivel.ipynb"


def _prose_and_cells(path: Path) -> tuple[str, list[dict]]:
    """A lesson's markdown as one text (line breaks as spaces), and its cells."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    prose = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return " ".join(prose.split()), cells


def _stored_wins(cells: list[dict]) -> list[int]:
    """The "Won" column of the class experiment's table, as the notebook stored it."""
    (cell,) = [c for c in cells if "".join(c["source"]).strip() == "study_table(ours)"]
    (table,) = ["".join(o["data"]["text/plain"]) for o in cell["outputs"] if "data" in o]
    rows = [line.split("|") for line in table.splitlines()[2:]]
    return [int(row[2]) for row in rows]


@pytest.mark.parametrize(
    ("path", "dot", "percent", "turn", "also"),
    [
        (LESSON, ".", "%", "turn", "and"),
        (LESSON_ES, ",", " %", "turno", "y"),
    ],
    ids=["en", "es"],
)
def test_the_lesson_says_what_the_published_study_and_its_stored_run_show(
    path: Path, dot: str, percent: str, turn: str, also: str
) -> None:
    """Lesson 3 quotes the published study and reads its own stored experiment: when either
    changes (new cards, a new study, a re-run), this fails until the words are brought in
    line, in both languages."""
    prose, cells = _prose_and_cells(path)
    planner = load_published(PUBLISHED)["planner"]

    def number(value: float) -> str:
        return f"{value:.1f}".replace(".", dot)

    for level in (1, 5):
        assert number(100 * planner[level].win_rate) + percent in prose, level
        assert f"{turn} {round(planner[level].ran_out_turn['water'])}" in prose, level
    for _, _, drop, z in steps(planner):
        assert number(z) in prose and number(100 * drop) in prose, (drop, z)
    wins = _stored_wins(cells)
    assert len(wins) == len(LEVELS)
    said = ", ".join(str(w) for w in wins[:-1]) + f" {also} {wins[-1]}"
    assert said in prose, f"{path.name} should read the stored run's wins: {said}"


# ---------------------------------------------------------------------------- in Spanish


@pytest.fixture
def spanish():
    set_language("es")
    yield
    set_language("en")


def test_the_tables_write_numbers_the_spanish_way(spanish) -> None:
    first = study_table(toy_study()).rows[0]
    assert first[:4] == ("Nivel 1", "20", "12", "60,0\u00a0%")
    assert first[-2:] == ("20\u00a0%", "10\u00a0%")
    rise = steps_table({1: summary(1, 10, 100), 2: summary(2, 30, 100)})
    assert rise.rows[0][1:] == ("+20,0 puntos", "-3,7", "sí")
    assert margins_table((12,)).rows == (("12", "± 28,3 puntos"),)


def test_the_charts_speak_spanish(spanish) -> None:
    shown = texts(margin_chart())
    assert "12 partidas: ± 28 puntos" in shown and "10\u00a0000" in shown
    assert not [s for s in shown if "games" in s or "points" in s]
    published = load_published()["planner"]
    shown = texts(level_chart(toy_study(games=4), published))
    first = f"{100 * published[1].win_rate:.1f}".replace(".", ",") + "\u00a0%"  # e.g. 49,9 %
    assert first in shown and not [s for s in shown if "%" in s and "." in s]
    assert not [s for s in shown if "Level" in s or "games" in s]
