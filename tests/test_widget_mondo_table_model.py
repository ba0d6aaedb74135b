"""The Mondo table's model: the clock, the bots acting in time order, the person's requests."""

from __future__ import annotations

import pytest

from gamecore import Refusal, make_bot, new_game
from gamecore.mondo import Mondo, Place, Stop, Take
from gamecore.mondo.game import EMPTY, JUMPED, cell_parts
from gamecore.words import has, t
from widgets.mondo.table_model import AT_ONCE, PUZZLE_STEP_MS, TABLE_WORDS, MondoTableModel


def table(players: int = 3, seed: int = 1, **options) -> MondoTableModel:
    game = new_game("mondo", players=players, seed=seed, **options)
    bots = {p: make_bot("random", seed=10 + p) for p in range(1, players)}
    return MondoTableModel(game, human=0, bots=bots)


def times(game: Mondo) -> list[int]:
    return [action.time for _, action in game.moves()]


def test_the_bots_act_when_the_clock_reaches_their_moment_in_time_order():
    model = table()
    model.tick(1_000)
    assert all(t <= 1_000 for t in times(model.game))
    said = model.tick(30_000)
    moves = model.game.moves()
    assert moves and said
    assert {p for p, _ in moves} <= {1, 2}
    assert times(model.game) == sorted(times(model.game))
    assert all(t <= 30_000 for t in times(model.game))


def test_a_click_plays_at_its_moment_after_the_bots_due_before_it():
    model = table()
    model.clock = 9_000
    said = model.take(0)
    assert said.ok, said.problem
    last_player, last = model.game.moves()[-1]
    assert last_player == 0 and isinstance(last, Take) and last.time == 9_000
    assert all(t <= 9_000 for t in times(model.game))


def test_flip_and_turn_decide_how_the_tile_lands():
    model = table()
    assert model.flip().problem  # nothing in hand yet
    model.clock = 2_000
    assert model.take(3).ok
    side = model.side
    assert model.flip().ok and model.side == 1 - side
    model.rotate()
    model.rotate()
    assert model.turn == 2
    model.clock = 4_000
    said = model.place(10)
    assert said.ok, said.problem
    _, placed_side, turn = cell_parts(model.game.boards[0][10])
    assert (placed_side, turn) == (1 - side, 2)
    assert model.game.hands[0] == EMPTY


def test_refusals_say_why_and_change_nothing():
    model = table()
    before = model.game.clone()
    assert "Take a tile" in (model.place(4).problem or "")
    assert model.put_back().problem
    assert model.game == before
    model.clock = 1_000
    assert model.take(0).ok
    assert "already hold" in (model.take(1).problem or "")
    assert "place it" in (model.jump_out().problem or "")
    assert model.key("x").problem and "F flips" in (model.key("x").problem or "")


def test_the_engines_refusals_are_said_in_the_tables_words_by_key():
    """The table keeps no copy of the engine's rules: it plays the request and, for the
    refusals it words its own way, chooses the words by the refusal's key; those that no
    bot can lift are said before any bot acts."""
    model = table()
    said = model.place(4)
    why = model.game.why_illegal(Place(0, model.moment(), 4, 0, 0))
    assert isinstance(why, Refusal) and (Place, why.key) in TABLE_WORDS
    assert said.problem == t(TABLE_WORDS[(Place, why.key)]) and not said.event
    for (_kind, engine_key), table_key in TABLE_WORDS.items():
        assert engine_key in AT_ONCE and has(engine_key) and has(table_key)
    assert all(has(key) for key in AT_ONCE)


def test_keys_take_flip_turn_put_back_and_jump_out():
    model = table()
    model.clock = 1_000
    assert model.key("2").ok and isinstance(model.game.moves()[-1][1], Take)
    assert model.key("f").ok and model.key("r").ok and model.turn == 1
    model.clock = 2_000
    assert model.key("b").ok and model.game.hands[0] == EMPTY
    model.clock = 3_000
    assert model.key("j").ok and model.game.status[0] == JUMPED
    assert "out of this round" in (model.take(0).problem or "")


def test_the_timer_stops_everyone_and_the_round_stays_on_screen_until_the_next():
    model = table(round_seconds=20)
    model.clock = 5_000
    model.take(0)
    model.tick(20_000)
    game = model.game
    assert game.round == 1 and len(game.rounds) == 1
    assert isinstance(game.moves()[-1][1], Stop)
    assert "round is over" in (model.take(0).problem or "")
    assert model.tick(25_000) == []  # the next round's clock has not started
    assert model.start_next_round().ok
    assert model.clock == 0 and model.playing
    assert model.start_next_round().problem


def test_a_puzzle_has_no_bots_and_no_timer():
    game = new_game("mondo", players=1, seed=4)
    model = MondoTableModel(game, puzzle=True)
    assert model.take(0).ok
    assert model.place(8).ok  # next to the highlighted space 7, filled at the start
    assert times(game)[:2] == [PUZZLE_STEP_MS, 2 * PUZZLE_STEP_MS]
    assert model.tick(10_000_000) == []
    assert model.finish_puzzle().ok
    assert game.round == 1


def test_a_placement_the_rules_refuse_is_explained():
    model = table()
    model.clock = 1_000
    model.take(0)
    model.clock = 2_000
    assert model.place(0).ok
    model.clock = 3_000
    model.take(0)
    model.clock = 4_000
    said = model.place(23)
    assert said.problem and "touches none" in said.problem
    assert isinstance(model.game.moves()[-1][1], Take)  # nothing placed


def test_a_table_needs_a_bot_in_every_other_seat():
    game = new_game("mondo", players=2, seed=1)
    with pytest.raises(ValueError, match="needs a bot"):
        MondoTableModel(game)
    with pytest.raises(ValueError, match="puzzle"):
        MondoTableModel(game, bots={1: make_bot("random", seed=1)}, puzzle=True)


def test_place_is_played_with_the_held_side_and_turn():
    model = table(players=2)
    model.clock = 1_000
    model.take(0)
    model.rotate(3)
    model.clock = 1_500
    model.place(5)
    action = next(a for p, a in model.game.moves() if p == 0 and isinstance(a, Place))
    assert action.turn == 3 and action.space == 5
