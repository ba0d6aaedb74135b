"""Mondo's rival bots (gamecore/mondo/rivals.py) and the study plug-in (gamecore/mondo/study.py).

The rivals play whole games through the engine's public API (every action checked by the
engine), at their level's pace; the study plug-in's table is checked on one and two worker
processes. Win rates and counts are over seeded games, so each number is fixed by its seed.
"""

from __future__ import annotations

import dataclasses

import pytest

import gamecore
from gamecore import make_bot, new_game
from gamecore.bots import RandomBot
from gamecore.experiments import bot, run_study
from gamecore.mondo import JumpOut, Mondo, Place, Return, Stop, TakeTask, modules, parse_face
from gamecore.mondo.board import Board
from gamecore.mondo.game import STEP_MS, cell_faces
from gamecore.mondo.rival_aims import aims_for
from gamecore.mondo.rival_faces import face_shapes
from gamecore.mondo.rival_faces import shapes as _shapes
from gamecore.mondo.rivals import (
    JITTER,
    LEVELS,
    PACE_MS,
    Position,
    RivalBot,
    check_level,
    level_about,
    level_name,
    volcano_costs,
)
from gamecore.mondo.scoring import CATEGORIES, analyse
from gamecore.mondo.study import MEASURES, STUDY, measure_title
from gamecore.words import t


def drive(game: Mondo, bots: list, checks: bool = True) -> list:
    """Play ``game`` to the end as a program driving everyone does (the player due first
    acts); with ``checks``, every rival action's time is checked against its pace."""
    played = []
    while not game.is_over:
        player = game.current_player
        assert player is not None
        view = game.view(player)
        action = bots[player].choose(view, game.legal_actions())
        if checks and isinstance(bots[player], RivalBot):
            check_time(bots[player], view, action)
        game.play(action)  # the engine refuses anything illegal, with its reason
        played.append(action)
    return played


def check_time(rival: RivalBot, view, action) -> None:
    assert action.seat == view.player
    if isinstance(action, Stop) and action.time == view.limit:
        return  # the timer's ring: its next action would have come too late
    assert action.time >= view.now
    assert action.time >= view.ready[view.player] + round(rival.pace * (1 - JITTER)) - 1
    assert action.time < view.limit
    assert not isinstance(action, Stop), "a rival jumps out rather than stopping early"


# ---------------------------------------------------------------------------- legal to the end


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("side", ["A", "B"])
def test_rivals_play_only_legal_actions_at_their_pace_to_the_end(players, side):
    for seed in range(2):
        game = new_game("mondo", players=players, seed=seed, side=side, round_seconds=240)
        bots = [RivalBot(seed * 10 + p, level=LEVELS[::-1][p % 3]) for p in range(players)]
        actions = drive(game, bots)
        assert game.is_over and len(game.rounds) == 3
        kinds = {a.kind for a in actions}
        assert {"take", "place", "jump_out"} <= kinds
        assert all(not isinstance(a, Place) or a.side in (0, 1) for a in actions)


def test_a_rival_stops_at_the_limit_when_its_next_action_would_come_too_late():
    game = new_game("mondo", players=2, seed=4, round_seconds=20)
    slow = RivalBot(1, level="slow")
    late = dataclasses.replace(game.view(0), now=15_000, ready=(15_000, 0))
    assert slow.choose(late, []) == Stop(0, 20_000)  # 9-15 s after its last action


def test_the_last_chance_to_act_is_a_jump_out_for_a_chip():
    game = new_game("mondo", players=2, seed=4, round_seconds=20)
    rival = RivalBot(1, level="fast")  # 3.75-6.25 s between actions
    view = dataclasses.replace(game.view(0), now=16_000)
    action = rival.choose(view, [])
    assert isinstance(action, JumpOut), action  # a tile now could not be placed in time


def test_a_full_board_jumps_out_and_a_tile_in_hand_is_placed_or_returned():
    game = new_game("mondo", players=2, seed=5)
    rivals = [RivalBot(0, level="fast"), RivalBot(1, level="fast")]
    seen = {"place": 0, "return": 0}
    while game.round == 0:
        player = game.current_player
        view = game.view(player)
        action = rivals[player].choose(view, game.legal_actions())
        if view.hand is not None:
            assert isinstance(action, (Place, Return))
            seen[action.kind] += 1
        if all(f is not None for f in view.boards[player]):
            assert isinstance(action, JumpOut)
        game.play(action)
    assert seen["place"] > 30


# ---------------------------------------------------------------------------- pace and strength


def level_table(order: list[str], games: int = 6):
    return run_study(
        "mondo",
        games=games,
        seed=11,
        players=len(order),
        bots=[bot("rival", label=level, level=level) for level in order],
    )


def test_a_faster_rival_places_more_tiles_jumps_out_earlier_and_scores_more():
    study = level_table(["fast", "slow"])
    placed = [
        sum(r.actions[s][study.action_kinds.index("place")] for r in study.rows) for s in (0, 1)
    ]
    bonus = [sum(dict(r.points)["bonus"][s] for r in study.rows) for s in (0, 1)]
    jump = [sum(study.measure(f"jump_time_{s}")) / study.games for s in (1, 2)]
    assert placed[0] > placed[1] * 1.15, placed
    assert bonus[0] > bonus[1], bonus  # the first out takes the highest chip
    assert jump[0] < jump[1], jump
    assert sum(study.scores(0)) > sum(study.scores(1)), (study.scores(0), study.scores(1))


def test_three_levels_fastest_seated_first_jump_out_and_take_chips_in_order_of_speed():
    study = level_table(["fast", "steady", "slow"], games=4)
    placed = study.turns_by_seat(["place"])
    assert min(placed[0], placed[1]) > placed[2] * 1.15, placed
    chips = [sum(dict(r.points)["bonus"][s] for r in study.rows) for s in range(3)]
    assert chips[0] > chips[1] > chips[2], chips
    jumps = [sum(study.measure(f"jump_time_{s}")) for s in (1, 2, 3)]
    assert jumps[0] < jumps[1] < jumps[2], jumps


def test_a_fast_rival_seated_after_a_slow_one_still_places_more():
    """The engine learns no pace from an action held back by someone else's later one."""
    study = level_table(["slow", "fast"])
    turns = study.turns_by_seat(["place"])
    assert turns[1] > turns[0] * 1.15, turns


def test_rivals_beat_random_bots_clearly():
    study = run_study("mondo", games=8, seed=3, players=3, bots=["rival", "random", "random"])
    rates = study.win_rates_by_bot()
    rival, chance = rates["rival"], rates["random"]
    assert rival.rate >= 0.9, f"rival wins {rival.rate:.0%} of {rival.games} games"
    assert chance.rate <= 0.1
    assert min(study.scores(0)) > max(study.scores(1) + study.scores(2))


# ---------------------------------------------------------------------------- seeds and options


def test_a_rival_is_deterministic_for_a_seed():
    def log(seed: int) -> list:
        game = new_game("mondo", players=2, seed=8, round_seconds=120)
        return drive(game, [RivalBot(seed, level="steady"), RivalBot(seed + 1, level="fast")])

    assert log(1) == log(1)
    assert log(1) != log(2)  # the seed draws its gaps


def test_levels_by_name_or_number_and_their_words():
    assert [check_level(n) for n in (1, 2, 3)] == list(LEVELS)
    assert check_level(" Fast ") == "fast"
    assert RivalBot(level=1).pace == PACE_MS["slow"] > RivalBot(level=3).pace
    assert level_name(3) == "fast"
    assert "5 seconds" in level_about("fast") and "12 seconds" in level_about(1)
    assert "segundos" in t("mondo_bots.level_about_steady", lang="es")
    assert level_name("slow") == t("mondo_bots.level_slow")
    for bad in ("quick", 0, 4, True, None):
        with pytest.raises(ValueError, match="slow, steady, fast"):
            RivalBot(level=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="jump_at"):
        RivalBot(jump_at=0)
    with pytest.raises(ValueError, match="at least 2000"):
        RivalBot(pace_ms=STEP_MS - 1)
    assert RivalBot(pace_ms=2500).pace == 2500


def test_make_bot_makes_a_rival_and_it_refuses_another_game():
    rival = make_bot("rival", seed=3, level="fast", jump_at=20)
    assert isinstance(rival, RivalBot) and rival.jump_at == 20 and rival.level == "fast"
    other = new_game("nuevos-mundos", players=2, seed=1)
    with pytest.raises(ValueError, match="plays Mondo only"):
        rival.choose(other.view(0), other.legal_actions())
    with pytest.raises(ValueError, match="slow, steady, fast"):
        bot("rival", level="turbo")


def test_the_jump_parameter_moves_the_jump_earlier():
    def study(jump_at: int | None):
        return run_study(
            "mondo",
            games=4,
            seed=5,
            players=2,
            bots=[bot("rival", level="fast", jump_at=jump_at), bot("rival", level="steady")],
        )

    early, late = study(10), study(None)
    early_times = [v for v in early.measure("jump_time_1") if v is not None]
    late_times = [v for v in late.measure("jump_time_1") if v is not None]
    assert max(early_times) < min(late_times), (early_times, late_times)
    assert all(v == 14 for v in early.measure("empty_at_jump_1")), early.measure("empty_at_jump_1")
    assert sum(early.measure("first_out_1")) == 12  # first out in every round
    assert sum(dict(r.points)["bonus"][0] for r in early.rows) == 4 * 3 * 4  # the 4 every time


# ---------------------------------------------------------------------------- the estimate


def view_with(board_rows: list[str], player_faces=None, side: str = "A"):
    """A real view whose board 0 is replaced by ``board_rows`` (face texts, ``.`` empty)."""
    game = new_game("mondo", players=2, seed=1, side=side)
    view = game.view(0)
    faces = tuple(None if c == "." else parse_face(c) for row in board_rows for c in row.split())
    boards = (faces, *(player_faces or view.boards[1:]))
    return dataclasses.replace(view, boards=boards)


EMPTY_ROW = ". . . . . ."


def best(view, face_text: str):
    board = Position(view, 0)
    return board.best_spot(face_shapes(parse_face(face_text)), volcano_costs(view, 0))


def test_closing_a_landscape_is_worth_more_than_leaving_it_open():
    # a forest edge of space 2 faces the empty space 3: a forest-west tile there closes it
    view = view_with(["wwww wfww . . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW])
    value, space, turn = best(view, "wwwf")
    assert (space, turn) == (2, 0)
    # the space (+1), the forest closed (2) instead of open by one edge (1), matched edges
    assert value >= 1 + 2 - 1
    assert value > best(view, "wwww")[0]
    assert best(view, "ffff")[0] < value  # forest on every edge: wrong on the water sides


def test_a_wrong_connection_costs_and_a_rim_of_water_is_matched():
    view = view_with(["wwww . . . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW])
    board = Position(view, 0)
    desert = _shapes(parse_face("dddd"))[0]
    water = _shapes(parse_face("wwww"))[0]
    assert board.gain(water, 1, 0.0) > board.gain(desert, 1, 0.0)
    # a desert tile next to water on the rim's top row: west and north wrong
    assert board.gain(desert, 1, 0.0) < 0 < board.gain(water, 1, 0.0)
    assert board.open_spaces == [1, 6]  # only spaces touching a placed tile


def test_a_volcano_costs_when_it_would_make_the_most():
    mine = ["wwww . . . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW]
    none_elsewhere = view_with(mine)
    assert volcano_costs(none_elsewhere, 0)["V"] >= 1  # one volcano would be the most
    assert volcano_costs(none_elsewhere, 0)["v"] == 0  # inactive: not without the chip
    others = tuple(parse_face("wwwwV") for _ in range(24))
    many_elsewhere = view_with(mine, player_faces=[others])
    assert volcano_costs(many_elsewhere, 0)["V"] == 0
    held = dataclasses.replace(none_elsewhere, volcano_chip=(0,))
    assert volcano_costs(held, 0)["v"] >= 1


def test_side_b_rim_is_read_from_the_view():
    view = view_with([EMPTY_ROW] * 4, side="B")
    board = Position(view, 0)
    rim = view.rim
    assert board.rim_letter(0, 0) == rim[0] and board.rim_letter(5, 1) == rim[6]
    assert board.rim_letter(23, 2) == rim[10] and board.rim_letter(0, 3) == rim[19]


# ---------------------------------------------------------------------------- the study plug-in


def test_the_study_table_has_the_categories_and_the_measures_on_one_or_two_workers():
    kwargs = dict(
        games=4,
        seed=9,
        players=3,
        bots=[bot("rival", level="fast"), bot("rival", level="steady"), "random"],
        round_seconds=150,
        side="B",
    )
    one = run_study("mondo", workers=1, **kwargs)
    two = run_study("mondo", workers=2, batch=1, **kwargs)
    assert one.records() == two.records()
    assert one.categories == CATEGORIES
    for row in one.rows:
        points = dict(row.points)
        for seat in range(3):
            assert sum(points[c][seat] for c in CATEGORIES) == row.totals[seat]
        measures = dict(row.measures)
        for seat in (1, 2, 3):
            for name in MEASURES:
                assert f"{name}_{seat}" in measures
            jumps = measures[f"jumps_{seat}"]
            assert 0 <= jumps <= 3
            assert (measures[f"jump_time_{seat}"] is None) == (jumps == 0)
            if jumps:
                assert 0 < measures[f"jump_time_{seat}"] < 150
                assert 0 <= measures[f"empty_at_jump_{seat}"] <= 24
        assert sum(measures[f"first_out_{s}"] for s in (1, 2, 3)) <= 3
    record = one.records()[0]
    assert record["side"] == "B" and record["round_seconds"] == 150


def test_the_study_measures_match_a_game_replayed_by_hand():
    study = run_study("mondo", games=1, seed=2, players=2, bots=["rival", "rival"])
    row = study.rows[0]
    measures = dict(row.measures)
    from gamecore.experiments.study import game_seeds

    deal, seeds = game_seeds("mondo", 2, 0, 2)
    game = new_game("mondo", players=2, seed=deal)
    bots = [make_bot("rival", seed=s) for s in seeds]
    jumps = [[], []]
    for action in drive(game, bots):
        if isinstance(action, JumpOut):
            jumps[action.seat].append(action.time / 1000)
    for seat in (0, 1):
        assert measures[f"jumps_{seat + 1}"] == len(jumps[seat])
        if jumps[seat]:
            mean = sum(jumps[seat]) / len(jumps[seat])
            assert measures[f"jump_time_{seat + 1}"] == pytest.approx(mean)
    assert row.totals == tuple(game.score().total(p) for p in game.players)


def test_the_study_options_are_checked_and_the_measures_have_words():
    with pytest.raises(ValueError, match="side"):
        run_study("mondo", games=1, players=2, side="C")
    with pytest.raises(ValueError, match="seconds"):
        run_study("mondo", games=1, players=2, round_seconds=5)
    with pytest.raises(ValueError, match="no set-up option"):
        run_study("mondo", games=1, players=2, modules=["x"])
    with pytest.raises(ValueError, match="beginner, advanced, expert"):
        run_study("mondo", games=1, players=2, level="master")
    assert STUDY.settle(gamecore.GAMES["mondo"], {"side": "b"}) == {
        "level": "beginner",
        "round_seconds": None,  # the level's own timer
        "side": "B",
    }
    for name in MEASURES:
        assert measure_title(f"{name}_2") == measure_title(name)
        assert measure_title(name) != t("mondo_bots.measure_jumps") or name == "jumps"
    with pytest.raises(ValueError, match="jump_time"):
        measure_title("speed_1")


def test_the_first_out_is_the_one_who_took_the_top_chip_even_after_a_stop():
    game = new_game("mondo", players=3, seed=2)
    measures: dict = {}
    for action in (Stop(1, 1000), JumpOut(0, 2000), JumpOut(2, 3000)):
        game.play(action)
        STUDY.watch(game, action, measures)
    assert measures["first_out_1"] == 1 and measures["first_out_3"] == 0
    assert measures["jumps_1"] == measures["jumps_3"] == 1 and measures["jumps_2"] == 0
    assert measures["jump_time_1"] == 2.0 and measures["jump_time_3"] == 3.0
    assert measures["empty_at_jump_1"] == measures["empty_at_jump_3"] == 24
    assert game.round == 1  # the last jump ended the round: read from its score sheet


@pytest.mark.parametrize("level", ["advanced", "expert"])
def test_rivals_play_the_higher_levels_and_the_table_adds_their_categories(level):
    study = run_study("mondo", games=2, seed=4, players=3, bots="rival", level=level)
    extra = ("modifier",) if level == "advanced" else ("modifier", "tasks")
    assert study.categories == CATEGORIES + extra
    seconds = 360 if level == "advanced" else 300  # the level's own timer
    for row in study.rows:
        points = dict(row.points)
        for seat in range(3):
            assert sum(p[seat] for p in points.values()) == row.totals[seat]
        times = [v for k, v in row.measures if k.startswith("jump_time_") and v is not None]
        assert times and max(times) < seconds


def test_a_random_bot_still_plays_mondo_beside_rivals():
    game = new_game("mondo", players=2, seed=12, round_seconds=60)
    actions = drive(game, [RivalBot(1, level="fast"), RandomBot(2)])
    assert game.is_over
    assert {a.seat for a in actions} == {0, 1}


# ---------------------------------------------------------------------------- the benchmark


def test_the_study_benchmark_prints_its_five_tables(monkeypatch, capsys):
    """Only the shape of the printout: its figures are measurements, never asserted."""
    import sys
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "benchmarks"))
    sys.modules.pop("mondo_study", None)
    import mondo_study

    mondo_study.main(["--games", "2", "--seconds", "60", "--workers", "1"])
    out = capsys.readouterr().out
    titles = ("1. Levels", "2. Against chance", "3. Jumping out", "4. Tasks", "5. Modifier")
    for title in (*titles, "Machine", "games/s"):
        assert title in out
    assert "\n  takes tasks " in out and "\n  favours " in out
    for level in LEVELS:
        assert f"\n  {level} (" in out
    assert "(reference)" in out and out.count("\n  full ") == 1


def test_asking_a_rival_again_gives_the_same_action():
    """A widget asks a rival for its plan again whenever the table changes before the
    rival's moment: the answer depends on the view and the seed only."""
    game = new_game("mondo", players=2, seed=6)
    rival = RivalBot(4, level="steady")
    for _ in range(12):
        view = game.view(0)
        first = rival.choose(view, [])
        assert rival.choose(view, []) == first
        game.play(first)
        other = game.view(1)
        game.play(RivalBot(5, level="slow").choose(other, []))
    assert rival.gap(0, 1000) == rival.gap(0, 1000) != rival.gap(0, 1001)
    assert 6000 <= rival.gap(2, 123) <= 10000


# ---------------------------------------------------------------------------- the higher levels


BEFORE_TASKS = {
    # sha256 of the log (to_json) of games played before rivals knew the higher levels
    # (prefix): the beginner rival, and a rival told to ignore tasks and modifier, still play
    # them move for move
    ("beginner", 3, 1): "d7687ccc54c94cb8",
    ("beginner", 2, 2): "e0a98d3f6a30be42",
    ("expert", 3, 1): "e0e609043754713f",
    ("advanced", 2, 2): "88e20e58c0145138",
}


def old_game(level: str, players: int, seed: int, **rival_options) -> Mondo:
    side = "B" if players == 2 else "A"
    game = new_game("mondo", players=players, seed=seed, level=level, side=side, round_seconds=150)
    paces = ("fast", "steady", "slow")
    bots = [RivalBot(seed * 10 + p, level=paces[p % 3], **rival_options) for p in range(players)]
    drive(game, bots)
    return game


def log_digest(game: Mondo) -> str:
    import hashlib

    return hashlib.sha256(game.to_json().encode()).hexdigest()[:16]


@pytest.mark.parametrize(("level", "players", "seed"), sorted(BEFORE_TASKS))
def test_the_beginner_rival_and_a_rival_ignoring_the_levels_play_as_before(level, players, seed):
    options = {} if level == "beginner" else {"tasks": False, "modifier": False}
    game = old_game(level, players, seed, **options)
    assert log_digest(game) == BEFORE_TASKS[(level, players, seed)]


def expert_games(games: int, **seat_1) -> list[tuple[Mondo, list]]:
    """Three steady rivals at the expert level (seat 1 with ``seat_1``'s options), each game
    with the actions played."""
    out = []
    for seed in range(games):
        game = new_game("mondo", players=3, seed=100 + seed, level="expert")
        bots = [RivalBot(seed * 10, **seat_1), RivalBot(seed * 10 + 1), RivalBot(seed * 10 + 2)]
        out.append((game, drive(game, bots)))
    return out


@pytest.fixture(scope="module")
def expert() -> list[tuple[Mondo, list]]:
    return expert_games(4)


@pytest.mark.parametrize("level", ["beginner", "advanced"])
def test_a_rival_takes_tasks_only_at_the_expert_level(level, expert):
    game = new_game("mondo", players=3, seed=100, level=level, round_seconds=150)
    actions = drive(game, [RivalBot(s) for s in range(3)])
    assert not any(isinstance(a, TakeTask) for a in actions)
    taken = [a for _, actions in expert for a in actions if isinstance(a, TakeTask)]
    assert len(taken) >= 6, taken  # 4 games of 3 rounds, 3 rivals
    assert {a.seat for a in taken} == {0, 1, 2}


def task_rows(game: Mondo) -> list[int]:
    """The points of every task taken in the game (a task's value, or minus it)."""
    points = [r.points(name, "tasks") for r in game.rounds for name in game.players]
    return [p for p in points if p]


def test_a_rival_pursues_the_tasks_it_takes(expert):
    """Tasks taken are fulfilled far more often than a task on show is by a board built
    without tasks (a never-taking rival's boards, each against every task shown)."""
    points = [p for game, _ in expert for p in task_rows(game)]
    done = sum(1 for p in points if p > 0) / len(points)
    chance = []
    for game, _ in expert_games(2, tasks=False):
        for boards in game.finished_boards:
            board = Board.from_cells(cell_faces(boards[0]), game.board(0).cols)
            a = analyse(board, game.rim())
            chance += [modules.fulfilled(task, a) for task in modules.tasks()]
    baseline = sum(chance) / len(chance)
    assert done >= 0.85 > 3 * baseline, (done, baseline)


def test_a_rival_at_the_expert_level_is_deterministic_for_a_seed(expert):
    game, actions = expert[0]
    again = expert_games(1)[0]
    assert again[1] == actions and again[0].score().totals() == game.score().totals()


def test_the_study_counts_the_tasks_taken_and_done():
    study = run_study("mondo", games=2, seed=4, players=3, bots="rival", level="expert")
    for row in study.rows:
        measures = dict(row.measures)
        points = dict(row.points)["tasks"]
        for seat in (1, 2, 3):
            taken, done = measures[f"tasks_taken_{seat}"], measures[f"tasks_done_{seat}"]
            assert 0 <= done <= taken <= 3
            assert taken or points[seat - 1] == 0
    assert sum(sum(study.measure(f"tasks_taken_{s}")) for s in (1, 2, 3)) > 0
    beginner = run_study("mondo", games=1, seed=4, players=2, bots="rival", round_seconds=60)
    assert beginner.measure("tasks_taken_1") == [0] and beginner.measure("tasks_done_2") == [0]


# ---------------------------------------------------------------------------- aims


def expert_view(task: str = "", modifier: str = "", board_rows=None):
    view = view_with(board_rows or ["wwww . . . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW])
    tasks = ("no_volcano", "no_wrong_connection", "no_empty_space", "three_water")
    return dataclasses.replace(
        view,
        options={**view.options, "level": "expert", "round_seconds": 300},
        limit=300_000,
        modifier=modifier,
        tasks=tasks,
        task_of=(task, ""),
    )


def test_no_aims_at_the_beginner_level_and_the_modifiers_and_tasks_aims():
    assert aims_for(view_with([EMPTY_ROW] * 4), 0, modifier=True, tasks=True) is None
    volcano = aims_for(expert_view("no_volcano"), 0, modifier=True, tasks=True)
    assert volcano is not None and volcano.volcano >= 100
    assert aims_for(expert_view("no_volcano"), 0, modifier=True, tasks=False) is None
    water = aims_for(expert_view(modifier="most_water_animals"), 0, modifier=True, tasks=True)
    assert water is not None and water.water_animal > 0
    assert aims_for(expert_view(modifier="most_lakes"), 0, modifier=False, tasks=True) is None
    fill = aims_for(expert_view("no_empty_space"), 0, modifier=True, tasks=True)
    assert fill is not None and fill.fill_board


def test_a_rival_with_a_task_avoids_what_would_break_it():
    rival = RivalBot(1)
    free = expert_view()
    wrong = expert_view("no_wrong_connection")
    # a desert beside the water rim: a wrong connection, but the space is worth filling
    plain = Position(free, 0, aims_for(free, 0, modifier=True, tasks=True))
    banned = Position(wrong, 0, aims_for(wrong, 0, modifier=True, tasks=True))
    desert = _shapes(parse_face("dwww"))[0]
    assert banned.gain(desert, 1, 0.0) < plain.gain(desert, 1, 0.0) - 50
    # no volcano: a volcano tile in hand goes on its other side, never volcano up
    held = dataclasses.replace(
        expert_view("no_volcano"), hand=(parse_face("wwww"), parse_face("wwwwV"))
    )
    action = rival.choose(held, [])
    assert isinstance(action, (Place, Return))
    assert not isinstance(action, Place) or action.side == 0


def test_a_rival_takes_a_task_it_can_fulfil_and_not_one_it_cannot():
    rival = RivalBot(1, level="fast")
    late = dataclasses.replace(expert_view(), now=270_000, ready=(270_000, 0))
    # a board of one water tile, late in a 5-minute round: a few tiles to come cannot cost
    # much, so "no wrong connection" (3) is worth pursuing
    action = rival.choose(late, [])
    assert isinstance(action, TakeTask) and late.tasks[action.slot] == "no_wrong_connection"
    never = RivalBot(1, level="fast", tasks=False).choose(late, [])
    assert not isinstance(never, TakeTask)
    # with a volcano and a wrong connection on the board, neither is worth the risk
    spoiled = dataclasses.replace(
        expert_view(board_rows=["wwwwV dwww . . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW]),
        now=270_000,
        ready=(270_000, 0),
    )
    assert not isinstance(rival.choose(spoiled, []), TakeTask)
    # early in the round, pursuing it would cost more than it is worth
    early = dataclasses.replace(expert_view(), now=10_000, ready=(10_000, 0))
    assert not isinstance(rival.choose(early, []), TakeTask)
