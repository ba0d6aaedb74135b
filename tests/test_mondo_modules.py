"""Mondo's advanced and expert levels: the reconstructed scoring modifiers and additional
tasks, checked on boards typed as text, and played through the engine."""

from __future__ import annotations

import random

import pytest

from gamecore import IllegalAction, load_json, new_game
from gamecore.mondo import TakeTask, modules
from gamecore.mondo.board import parse_board
from gamecore.mondo.game import NO_TASK
from gamecore.mondo.scoring import analyse

# A lake (closed water away from the rim) of two tiles inside forest, on a 3 x 4 board
# whose rim is water: the outer forest edges meet the rim, so the rim row is water tiles.
LAKE = """wwww wwww wwww wwww
wwww ffwf fwff wwww
wwww wwww wwww wwww"""


def modifier(name: str) -> modules.Modifier:
    return next(m for m in modules.modifiers() if m.id == name)


def task(name: str) -> modules.Task:
    return next(x for x in modules.tasks() if x.id == name)


def test_the_box_holds_5_modifiers_and_12_tasks_of_known_kinds():
    assert len(modules.modifiers()) == 5 and len(modules.tasks()) == 12
    assert all(m.kind in modules.MODIFIER_KINDS for m in modules.modifiers())
    assert all(x.kind in modules.TASK_KINDS for x in modules.tasks())
    assert all(m.name() and x.name() for m in modules.modifiers() for x in modules.tasks())


def test_water_that_reaches_the_rim_is_the_sea_not_a_lake():
    sea = analyse(parse_board("wwww wwww"))
    assert modules.measure(modifier("largest_lake"), sea) == 0
    assert modules.measure(modifier("most_lakes"), sea) == 0


def test_a_lake_inside_land_counts_for_the_lake_modifiers():
    # water in the middle, each neighbour bringing water in from one edge: a lake of 5 tiles
    board = parse_board(". ffwf .\nfwff wwww fffw\n. wfff .")
    a = analyse(board)
    assert modules.measure(modifier("largest_lake"), a) == 5
    assert modules.measure(modifier("most_lakes"), a) == 1


def test_the_most_animals_in_water_win_the_modifier_ties_included():
    boards = {
        "Ana": analyse(parse_board("wwwwa wwwwa")),
        "Ben": analyse(parse_board("wwwwa wwwwa")),
        "Eva": analyse(parse_board("wwww ffffa")),
    }
    rows = modules.modifier_rows(modifier("most_water_animals"), boards)
    points = {r.player: r.points for r in rows}
    assert points == {"Ana": 3, "Ben": 3, "Eva": 0}
    assert "the most" in next(r.reason for r in rows if r.player == "Ana")


def test_nobody_scores_a_modifier_when_nobody_has_any():
    boards = {"Ana": analyse(parse_board("wwww wwww")), "Ben": analyse(parse_board("wwww ."))}
    rows = modules.modifier_rows(modifier("largest_lake"), boards)
    assert all(r.points == 0 for r in rows)


def test_the_largest_closed_landscape():
    # a forest in the middle reaching one edge into each neighbour: closed, 5 tiles
    a = analyse(parse_board(". wwfw .\nwfww ffff wwwf\n. fwww ."))
    assert modules.measure(modifier("largest_landscape"), a) == 5
    assert modules.measure(modifier("most_closed_landscapes"), a) == 1
    assert modules.measure(modifier("largest_lake"), a) == 0
    assert modules.fulfilled(task("big_landscape"), a) is False  # 5 tiles, 6 are asked


@pytest.mark.parametrize(
    ("board", "name", "done"),
    [
        ("wwww wwww", "no_wrong_connection", True),
        ("wwww ffff", "no_wrong_connection", False),
        ("wwww wwww", "no_empty_space", True),
        ("wwww .", "no_empty_space", False),
        ("wwww wwww", "no_volcano", True),
        ("wwww wwwwv", "no_volcano", False),
        (". .", "no_volcano", False),  # an empty board fulfils nothing
    ],
)
def test_the_simple_tasks(board: str, name: str, done: bool):
    assert modules.fulfilled(task(name), analyse(parse_board(board))) is done


def test_three_animals_of_one_species_in_one_closed_landscape():
    # three pandas in one closed forest crossing three tiles, water all round (a 1 x 3 board
    # whose rim is water: the forest meets the rim, so it is a wrong connection...)
    from gamecore.mondo.board import Board
    from gamecore.mondo.faces import parse_face

    # forest from the first tile's east edge through the middle to the last tile's west edge
    left = parse_face("wfwwa", animal="panda", animal_edge=1)
    middle = parse_face("wfwfa/N,EW,S", animal="panda", animal_edge=1)
    right = parse_face("wwwfa", animal="panda", animal_edge=3)
    board = Board(((left, middle, right),))
    a = analyse(board)
    forest = [x for x in a.landscapes if x.terrain == "f"]
    assert len(forest) == 1 and forest[0].closed and not forest[0].wrong_connections
    assert modules.fulfilled(task("three_forest"), a)
    assert not modules.fulfilled(task("three_desert"), a)


def test_all_four_animals_of_a_landscape_in_one_landscape():
    from gamecore.mondo.board import Board
    from gamecore.mondo.data import species_of
    from gamecore.mondo.faces import parse_face

    names = [s.id for s in species_of("w")]
    faces = tuple(parse_face("wwwwa", animal=name) for name in names)
    a = analyse(Board((faces,)))
    assert modules.fulfilled(task("all_water"), a)
    three = Board((faces[:3] + (parse_face("wwww"),),))
    assert not modules.fulfilled(task("all_water"), analyse(three))


def test_a_task_scores_its_value_or_costs_it():
    good = analyse(parse_board("wwww wwww"))
    bad = analyse(parse_board("wwww ffff"))
    rows = modules.task_rows(
        {"Ana": task("no_wrong_connection"), "Ben": task("no_wrong_connection"), "Eva": None},
        {"Ana": good, "Ben": bad, "Eva": good},
    )
    assert {r.player: r.points for r in rows} == {"Ana": 3, "Ben": -3, "Eva": 0}


# ---------------------------------------------------------------------------- the engine


def test_advanced_deals_a_modifier_per_round_and_scores_it():
    game = new_game("mondo", players=2, seed=3, level="advanced")
    assert game.limit == 6 * 60 * 1000  # public descriptions: 6 minutes
    assert [e.kind for e in game.log][:1] == ["modifiers"]
    first = game.view(0).modifier
    assert first in {m.id for m in modules.modifiers()}
    sheet = game.round_sheet()
    assert sheet.categories[-1] == "modifier"
    assert game.view(0).tasks == ()
    with pytest.raises(IllegalAction, match="expert"):
        game.play(TakeTask(0, 100, 0))
    for _ in range(3):
        for p in range(2):
            from gamecore.mondo import Stop

            game.play(Stop(p, 100))
        if not game.is_over:
            assert game.view(0).modifier != first or game.round == 0
    assert len({m for m in game.modifier_order[:3]}) == 3  # three different modifiers


def test_expert_shows_four_tasks_one_each_and_scores_them():
    game = new_game("mondo", players=3, seed=4, level="expert")
    assert game.limit == 5 * 60 * 1000
    view = game.view(0)
    assert len(view.tasks) == 4 and view.task_of == ("", "", "")
    game.play(TakeTask(1, 1000, 2))
    assert game.view(0).task_of[1] == view.tasks[2]
    with pytest.raises(IllegalAction, match="already took"):
        game.play(TakeTask(1, 2000, 0))
    with pytest.raises(IllegalAction, match="Someone already took"):
        game.play(TakeTask(0, 2000, 2))
    with pytest.raises(IllegalAction, match="shows 4 tasks"):
        game.play(TakeTask(0, 2000, 4))
    sheet = game.round_sheet()
    assert sheet.categories[-2:] == ("modifier", "tasks")
    taken = game.task(1)
    assert taken is not None
    assert sheet.points(game.players[1], "tasks") in (taken.value, -taken.value)
    assert sheet.points(game.players[0], "tasks") == 0
    assert load_json(game.to_json()) == game


def test_a_new_round_shows_new_tasks_and_clears_the_taken_ones():
    from gamecore.mondo import Stop

    game = new_game("mondo", players=2, seed=5, level="expert")
    game.play(TakeTask(0, 100, 0))
    game.play(Stop(0, 200))
    game.play(Stop(1, 200))
    assert game.task_of == [NO_TASK, NO_TASK]
    assert len(game.task_display) == 4


def test_determinize_keeps_the_public_modules():
    from gamecore.mondo.bots import determinize

    game = new_game("mondo", players=3, seed=6, level="expert")
    game.play(TakeTask(2, 500, 1))
    view = game.view(0)
    guess = determinize(view, random.Random(1))
    mine = guess.view(0)
    assert (mine.modifier, mine.tasks, mine.task_of) == (view.modifier, view.tasks, view.task_of)
