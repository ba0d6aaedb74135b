"""Mondo's rules engine: one or more tests per rule of the beginner game, and the engine's
own decisions (the clock supplied by the caller, the heap's top layer, stop for the timer)."""

from __future__ import annotations

import random

import pytest

import gamecore
from gamecore import IllegalAction, load_json, new_game
from gamecore.mondo import JumpOut, Mondo, Place, Return, Stop, Take, kit
from gamecore.mondo.bots import determinize
from gamecore.mondo.game import (
    EMPTY,
    JUMPED,
    PLAYING,
    STOPPED,
    TOP_LAYER,
    cell_parts,
    placed_face,
    side_face,
)

SPEC = gamecore.GAMES["mondo"]


def refused(game: Mondo, action: object, *words: str) -> str:
    """The action is refused with a reason holding ``words``, and the game is unchanged."""
    before = game.clone()
    reason = game.why_illegal(action)
    assert reason is not None, f"{action} was allowed"
    with pytest.raises(IllegalAction) as err:
        game.play(action)
    assert err.value.reason == reason
    assert game == before
    for word in words:
        assert word in reason, (word, reason)
    return reason


# ---------------------------------------------------------------------------- set-up


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_tile_starts_in_the_heap_and_the_boards_are_empty(players):
    game = new_game("mondo", players=players, seed=1)
    assert sorted(game.heap) == sorted(tile.id for tile in kit.box())
    assert len(game.heap) == 136
    assert all(code == EMPTY for board in game.boards for code in board)
    assert len(game.boards[0]) == 24 == kit.ROWS * kit.COLS
    assert game.round == 0 and game.now == 0


def test_the_heap_is_stirred_both_ways_and_the_log_records_it():
    game = new_game("mondo", players=2, seed=3)
    kinds = [entry.kind for entry in game.log]
    assert kinds == ["heap", "sides"]
    ups = [game.up[tile] for tile in game.heap]
    assert ups.count(0) == ups.count(1) == 68  # half of the tiles lie each way up
    other = new_game("mondo", players=2, seed=4)
    assert other.heap != game.heap


def test_everyone_sees_the_top_layer_side_up_only():
    game = new_game("mondo", players=3, seed=5)
    view = game.view(1)
    assert len(view.heap) == TOP_LAYER
    assert view.heap_size == 136
    assert list(view.heap) == [side_face(t, game.up[t]) for t in game.heap[:TOP_LAYER]]
    assert game.view(0).heap == game.view(2).heap  # the same layer for everyone
    assert not hasattr(view, "tiles") and view.hand is None


@pytest.mark.parametrize(
    ("players", "chips"), [(1, ()), (2, (3, 4)), (3, (2, 3, 4)), (4, (1, 2, 3, 4))]
)
def test_the_bonus_chips_are_stacked_with_the_highest_on_top(players, chips):
    game = new_game("mondo", players=players, seed=2)
    assert tuple(game.stack) == chips


def test_the_solo_game_starts_with_the_four_highlighted_spaces_filled():
    game = new_game("mondo", players=1, seed=9)
    board = game.boards[0]
    filled = [s for s, code in enumerate(board) if code != EMPTY]
    assert filled == sorted(kit.SOLO_SPACES)
    letters = sorted(placed_face(board[s]).edges[0] for s in filled)
    assert letters == sorted(kit.SOLO_PREFILL)
    for s in filled:
        assert placed_face(board[s]).single
    assert len(game.heap) == 132 and game.stack == []
    assert [e.kind for e in game.log] == ["heap", "solo_spaces", "sides"]


def test_the_options_say_what_is_wrong():
    with pytest.raises(ValueError, match="side"):
        new_game("mondo", players=2, side="C")
    with pytest.raises(ValueError, match="level must be one of beginner, advanced, expert"):
        new_game("mondo", players=2, level="master")
    with pytest.raises(ValueError, match="round_seconds"):
        new_game("mondo", players=2, round_seconds=2)
    with pytest.raises(ValueError, match="players"):
        new_game("mondo", players=5)
    game = new_game("mondo", players=2, side="b", round_seconds=60)
    assert game.options == {"side": "B", "level": "beginner", "round_seconds": 60}
    assert game.limit == 60_000
    assert new_game("mondo", players=2).limit == 7 * 60 * 1000  # the rulebook's 7 minutes


# ---------------------------------------------------------------------------- taking


def test_taking_a_tile_puts_it_in_hand_and_the_next_slides_into_view():
    game = new_game("mondo", players=2, seed=1)
    first, hidden, layer = game.heap[3], game.heap[TOP_LAYER], game.heap[:TOP_LAYER]
    game.play(Take(1, 500, 3))
    assert game.hands[1] == first
    assert first not in game.heap
    assert game.heap[3] == hidden  # the first hidden tile comes up into the same place
    assert [t for i, t in enumerate(game.heap[:TOP_LAYER]) if i != 3] == layer[:3] + layer[4:]
    view = game.view(1)
    assert view.hand == (kit.tile(first).front, kit.tile(first).back)
    assert game.view(0).hand is None and game.view(0).holding == (False, True)


def test_one_tile_in_hand_at_a_time():
    game = new_game("mondo", players=2, seed=1)
    game.play(Take(0, 100, 0))
    refused(game, Take(0, 200, 0), "already hold a tile")


def test_there_is_no_tile_beyond_the_top_layer():
    game = new_game("mondo", players=2, seed=1)
    refused(game, Take(0, 100, TOP_LAYER), "top layer")
    refused(game, Take(0, 100, -1), "top layer")


# ---------------------------------------------------------------------------- placing


def test_the_first_tile_goes_anywhere_and_later_ones_must_touch():
    game = new_game("mondo", players=2, seed=1)
    game.play(Take(0, 100, 0))
    assert game.open_spaces(0) == list(range(24))
    game.play(Place(0, 200, 14, 1, 0))
    assert sorted(game.open_spaces(0)) == sorted(kit.neighbours(14))
    game.play(Take(0, 300, 0))
    refused(game, Place(0, 400, 0, 0, 0), "touches none")
    refused(game, Place(0, 400, 14, 0, 0), "already holds a tile")
    game.play(Place(0, 400, 15, 0, 0))
    assert game.boards[0][15] != EMPTY


def test_a_tile_is_placed_with_either_side_up_and_turned_freely():
    game = new_game("mondo", players=2, seed=2)
    tile = game.heap[0]
    game.play(Take(0, 100, 0))
    game.play(Place(0, 200, 0, 1, 3))
    assert cell_parts(game.boards[0][0]) == (tile, 1, 3)
    assert placed_face(game.boards[0][0]) == kit.tile(tile).back.rotated(3)
    assert game.view(1).boards[0][0] == kit.tile(tile).back.rotated(3)


def test_placing_needs_a_tile_in_hand_and_a_real_space_side_and_turn():
    game = new_game("mondo", players=2, seed=2)
    refused(game, Place(0, 100, 0, 0, 0), "no tile")
    game.play(Take(0, 100, 0))
    refused(game, Place(0, 200, 24, 0, 0), "no space 25")
    refused(game, Place(0, 200, 0, 2, 0), "two sides")
    refused(game, Place(0, 200, 0, 0, 4), "quarter turns")


def test_a_placed_tile_never_moves_there_is_no_action_to_lift_it():
    assert set(Mondo.action_types) == {"take", "place", "return", "jump_out", "stop", "take_task"}


# ---------------------------------------------------------------------------- returning


def test_a_returned_tile_lands_on_the_layers_last_place_with_the_chosen_side_up():
    game = new_game("mondo", players=2, seed=4)
    tile = game.heap[5]
    last_in_view = game.heap[TOP_LAYER - 1]
    game.play(Take(0, 100, 5))
    game.play(Return(0, 200, 1))
    assert game.heap[TOP_LAYER - 1] == tile and game.up[tile] == 1
    assert game.hands[0] == EMPTY
    assert game.heap.index(last_in_view) == TOP_LAYER  # slid under
    assert game.view(1).heap[TOP_LAYER - 1] == kit.tile(tile).back


# ---------------------------------------------------------------------------- jumping out


def test_jumping_out_takes_the_top_chip_and_ends_the_players_round():
    game = new_game("mondo", players=3, seed=1)
    game.play(JumpOut(2, 1000))
    assert game.chips[2] == 4 and game.stack == [2, 3]
    assert game.status[2] == JUMPED
    refused(game, Take(2, 2000, 0), "jumped out")
    game.play(JumpOut(0, 3000))
    assert game.chips[0] == 3


def test_jumping_out_with_a_tile_in_hand_is_refused_until_it_is_placed_or_returned():
    game = new_game("mondo", players=2, seed=1)
    game.play(Take(0, 100, 0))
    refused(game, JumpOut(0, 200), "place it or put it back first")


def test_a_player_may_jump_out_with_empty_spaces():
    game = new_game("mondo", players=2, seed=1)
    game.play(JumpOut(0, 100))
    assert game.status[0] == JUMPED


# ---------------------------------------------------------------------------- time


def test_players_act_in_any_order_and_time_only_runs_forward():
    game = new_game("mondo", players=3, seed=1)
    game.play(Take(2, 1500, 0))  # player 3 first, whoever the "current" player is
    game.play(Take(0, 1500, 0))  # at the same moment
    refused(game, Take(1, 1499, 0), "only runs forward")
    assert game.now == 1500
    assert game.moves()[0] == (2, Take(2, 1500, 0))


def test_when_time_is_up_nothing_more_is_taken_or_placed():
    game = new_game("mondo", players=2, seed=1, round_seconds=60)
    refused(game, Take(0, 60_000, 0), "Time is up")
    refused(game, JumpOut(0, 60_000), "Time is up")
    refused(game, Stop(0, 60_001), "ended")
    game.play(Take(0, 59_000, 0))
    game.play(Stop(0, 60_000))  # the timer rings: the tile goes back
    assert game.hands[0] == EMPTY and game.status[0] == STOPPED and game.chips[0] == 0
    assert game.heap[0] == game.heap[0] and len(game.heap) == 136


def test_near_the_end_a_program_may_only_stop():
    game = new_game("mondo", players=2, seed=1, round_seconds=10)
    game.play(Take(0, 9_000, 0))
    assert game.legal_actions_for(0) == [Stop(0, 10_000)]


def test_the_current_player_is_the_one_due_first_by_their_own_pace():
    game = new_game("mondo", players=3, seed=1)
    assert game.current_player == 0  # nobody's pace is known yet: seat order
    game.play(Take(0, 2_000, 0))  # player 1 acted 2 s after the start: due again at 0:04
    assert game.due(0) == 4_000 and game.current_player == 1
    game.play(Take(1, 6_000, 0))  # player 2 after 6 s: due at 0:12
    assert game.due(1) == 12_000 and game.current_player == 2
    game.play(Take(2, 6_000, 0))  # held back to the moment of player 2's move
    assert game.due(2) == 6_000  # a held-back action teaches no pace
    assert game.current_player == 0  # due at 0:04, the first


# ---------------------------------------------------------------------------- rounds


def finish_round(game: Mondo, time: int) -> None:
    for p in range(len(game.players)):
        if game.status[p] == PLAYING:
            game.play(Stop(p, time))


def test_the_round_ends_when_everyone_is_out_and_is_scored():
    game = new_game("mondo", players=2, seed=1)
    game.play(Take(0, 100, 0))
    game.play(Place(0, 200, 0, 0, 0))
    game.play(JumpOut(0, 300))
    assert game.round == 0
    game.play(Stop(1, 400))
    assert game.round == 1 and len(game.rounds) == 1
    sheet = game.rounds[0]
    assert sheet.points("Player 1", "bonus") == 4
    assert sheet.points("Player 1", "empty_spaces") == -23
    assert sheet.points("Player 2", "empty_spaces") == -24
    # the next round: empty boards, every tile stirred again, chips back, the clock at 0
    assert all(c == EMPTY for board in game.boards for c in board)
    assert len(game.heap) == 136 and game.stack == [3, 4] and game.now == 0
    assert game.status == [PLAYING, PLAYING] and game.chips == [0, 0]
    assert [e.kind for e in game.log if not isinstance(e, tuple)][-2:] == ["heap", "sides"]
    # the boards as the round ended stay on record (the table shows them while it scores)
    assert game.finished_boards[0][0][0] != EMPTY and game.finished_boards[0][0][1] == EMPTY
    assert game.view(1).finished_boards == tuple(game.finished_boards)


def test_the_volcano_chip_goes_to_the_rounds_best_players_ties_included():
    game = new_game("mondo", players=3, seed=1)
    game.play(JumpOut(0, 100))  # 4 points of bonus
    finish_round(game, 200)
    assert game.volcano_chip == (0,)
    game.play(Stop(0, 100))
    game.play(Stop(1, 100))
    game.play(Stop(2, 100))  # all -24: a three-way tie
    assert game.volcano_chip == (0, 1, 2)


def test_the_chip_holder_counts_inactive_volcanoes_in_the_next_round():
    game = new_game("mondo", players=2, seed=1)
    inactive = next(t for t in kit.box() if t.back.volcano == "v")
    active = next(t for t in kit.box() if t.back.volcano == "V")
    game.boards[0][0] = inactive.id * 8 + 4  # its mixed side up
    game.boards[1][0] = active.id * 8 + 4
    sheet = game.round_sheet()
    assert sheet.points("Player 1", "volcanoes") == 0
    assert sheet.points("Player 2", "volcanoes") == -1
    game.volcano_chip = (0,)
    sheet = game.round_sheet()  # now both count one volcano: a tie, both pay
    assert sheet.points("Player 1", "volcanoes") == -1
    assert sheet.points("Player 2", "volcanoes") == -1


def test_three_rounds_then_the_most_points_win_and_ties_share():
    game = new_game("mondo", players=2, seed=1)
    for _ in range(3):
        finish_round(game, 100)
    assert game.is_over and game.current_player is None and game.legal_actions() == []
    sheet = game.score()
    assert sheet.categories == ("round_1", "round_2", "round_3")
    assert sheet.total("Player 1") == sheet.total("Player 2") == -72
    assert sheet.winners() == ["Player 1", "Player 2"]
    refused(game, Take(0, 100, 0), "over")


# ---------------------------------------------------------------------------- the protocol


def random_game(players: int, seed: int, steps: int) -> Mondo:
    game = new_game("mondo", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        player = rng.randrange(players)  # anyone, not only the "current" player
        legal = game.legal_actions_for(player)
        if legal:
            game.play(rng.choice(legal))
    return game


def test_a_game_played_in_any_order_saves_replays_and_undoes():
    game = random_game(3, 11, 120)
    assert len({p for p, _ in game.moves()}) == 3
    copy = load_json(game.to_json())
    assert copy == game
    before = game.clone()
    _, last = game.moves()[-1]
    game.undo()
    game.play(last)
    assert game == before


def test_a_seed_and_the_log_replay_the_game_exactly():
    game = random_game(4, 5, 200)
    again = new_game("mondo", players=4, seed=5)
    for _, action in game.moves():
        again.play(action)
    assert again == game


def test_determinize_fits_the_view_and_hides_what_the_view_hides():
    game = random_game(3, 2, 40)
    for player in range(3):
        view = game.view(player)
        guess = determinize(view, random.Random(player))
        mine = guess.view(player)
        assert mine.heap == view.heap and mine.boards == view.boards
        assert mine.hand == view.hand and mine.holding == view.holding
        assert mine.stack == view.stack and mine.now == view.now
        SPEC.check_invariants(guess)


def test_the_engine_benchmark_prints_its_figures(capsys, monkeypatch):
    import sys
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).parent.parent / "benchmarks"))
    sys.modules.pop("mondo_engine", None)
    import mondo_engine

    mondo_engine.main(["--quick"])
    out = capsys.readouterr().out
    assert "actions/s" in out and "ms" in out and "Machine" in out
