"""Mondo's engine keeps one shape: the position listed once (``POSITION``), the moves in one
table (``MOVES``), the game's score sheets in ``scoring.py``, and every refusal a catalog key
in both languages."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import gamecore
from gamecore import IllegalAction, Refusal
from gamecore.mondo import JumpOut, Mondo, MondoView, Place, Return, Stop, Take, TakeTask, bots
from gamecore.mondo.game import MOVES, POSITION, ROUNDS
from gamecore.position import LIST, LISTS, names
from gamecore.words import LANGUAGES, catalog, set_language

SPEC = gamecore.GAMES["mondo"]
BOOKKEEPING = {"players", "seed", "options", "log", "_chance_count", "_pending_chance", "_imagined"}


def random_game(players: int, seed: int, moves: int | None = None, **options: object) -> Mondo:
    game = gamecore.new_game("mondo", players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or moves > 0):
        game.play(rng.choice(game.legal_actions()))
        moves = None if moves is None else moves - 1
    assert isinstance(game, Mondo)
    return game


@pytest.mark.parametrize(
    ("players", "moves", "level"),
    [(1, 0, "beginner"), (2, 40, "advanced"), (4, 25, "expert"), (2, None, "expert")],
)
def test_the_position_names_every_attribute_a_game_sets(players, moves, level):
    """A new attribute of the game must join ``POSITION``, or clone, ``==``, undo and the
    view would miss it."""
    game = random_game(players, seed=players, moves=moves, level=level, round_seconds=60)
    assert set(vars(game)) - BOOKKEEPING == names(POSITION)
    if not game.is_over:
        guess = bots.determinize(game.view(0), random.Random(1))
        assert set(vars(guess)) - BOOKKEEPING == names(POSITION)


def test_the_view_shows_its_parts_under_its_own_field_names():
    shown = {f.view for f in POSITION if f.view}
    assert shown <= set(MondoView.__dataclass_fields__)
    game = random_game(3, seed=5, moves=30)
    view = game.view(2)
    assert view.placed == tuple(tuple(b) for b in game.boards)
    assert view.ready == tuple(game.last_time) and view.round == game.round


def test_a_clone_shares_no_list_and_equals_its_original():
    game = random_game(3, seed=2, moves=60, level="expert", round_seconds=40)
    assert game.rounds  # a scored round is part of the position too
    clone = game.clone()
    assert clone == game
    for field in POSITION:
        if field.shape in (LIST, LISTS):
            assert getattr(clone, field.name) is not getattr(game, field.name), field.name
        if field.shape is LISTS:
            for mine, theirs in zip(getattr(clone, field.name), getattr(game, field.name)):
                assert mine is not theirs, field.name
    clone.play(clone.legal_actions()[0])
    assert clone != game


def test_every_action_type_has_a_check_and_a_move():
    assert set(MOVES) == set(Mondo.action_types.values())


def test_the_score_sheet_is_made_in_scoring():
    from gamecore.mondo import scoring

    game = random_game(2, seed=3, level="advanced", round_seconds=30)
    sheet = game.score()
    assert sheet.categories == tuple(f"round_{r + 1}" for r in range(ROUNDS))
    assert sheet == scoring.game_sheet(game.players, game.rounds, ROUNDS)


def probes(game: Mondo, rng: random.Random) -> list[object]:
    """The sampled illegal actions, and every kind of action by every seat at a moment
    before, at and after the round's end (most of them refused)."""
    found: list[object] = list(SPEC.sample_illegal(game, rng))
    for seat in range(len(game.players)):
        for time in (max(0, game.now - 1), game.now, game.limit, game.limit + 1):
            found += [
                Take(seat, time, rng.randrange(30)),
                Place(seat, time, rng.randrange(26), rng.randrange(3), rng.randrange(5)),
                Return(seat, time, rng.randrange(3)),
                JumpOut(seat, time),
                Stop(seat, time),
                TakeTask(seat, time, rng.randrange(5)),
            ]
    return found


def refusal_keys_in_random_games(seeds: range, players: int, **options: object) -> set[str]:
    """Every refusal met in random games: the reason is a ``Refusal`` whose key both catalogs
    hold, and ``play`` refuses with the same key and values."""
    met: set[str] = set()
    for seed in seeds:
        game = gamecore.new_game("mondo", players=players, seed=seed, **options)
        assert isinstance(game, Mondo)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % 7 == 0 or game.is_over:
                for action in probes(game, rng):
                    reason = game.why_illegal(action)
                    if reason is None:
                        continue
                    assert isinstance(reason, Refusal), (action, reason)
                    for lang in LANGUAGES:
                        assert reason.key in catalog(lang), (lang, reason.key)
                    with pytest.raises(IllegalAction) as err:
                        game.play(action)
                    assert err.value.key == reason.key
                    assert dict(err.value.values) == dict(reason.values)
                    met.add(reason.key)
            if game.is_over:
                break
            game.play(rng.choice(game.legal_actions()))
            step += 1
    return met


def test_every_refusal_carries_a_key_of_both_catalogs():
    met = refusal_keys_in_random_games(range(2), 2, round_seconds=30)
    met |= refusal_keys_in_random_games(range(1), 3, level="expert", round_seconds=30)
    met |= refusal_keys_in_random_games(range(1), 1, side="B", round_seconds=20)
    refusals = {
        "not_an_action",
        "game_over",
        "no_such_player",
        "already_jumped",
        "already_stopped",
        "time_backwards",
        "stop_after_limit",
        "time_up",
        "hand_full",
        "no_such_slot",
        "jump_with_tile",
        "hand_empty",
        "no_such_side",
        "no_such_space",
        "no_such_turn",
        "space_taken",
        "space_not_touching",
        "no_tasks",
        "task_already",
        "no_such_task",
        "task_taken",
    }
    assert met == {f"mondo.{k}" for k in refusals}


def test_every_key_the_engine_names_is_in_both_catalogs():
    """Keys the random games may not meet (option and view errors) are there too."""
    folder = Path(gamecore.mondo.__file__).parent
    keys: set[str] = set()
    for module in ("game.py", "bots.py", "modules.py", "scoring.py"):
        source = folder.joinpath(module).read_text()
        keys |= set(re.findall(r"""(?:refuse|t)\(\s*"(mondo\w*\.\w+)\"""", source))
    assert len(keys) > 40
    for lang in LANGUAGES:
        assert keys <= catalog(lang).keys(), (lang, keys - catalog(lang).keys())


def test_view_errors_and_refusals_speak_spanish():
    set_language("es")
    try:
        game = gamecore.new_game("mondo", players=2, seed=1)
        with pytest.raises(ValueError, match="no hay ningún jugador 2"):
            game.view(2)
        reason = game.why_illegal(Place(0, 0, 0, 0, 0))
        assert reason is not None and reason.key == "mondo.hand_empty"
        assert reason.startswith("No tienes ninguna ficha")
        assert reason.in_language("en").startswith("You hold no tile")
    finally:
        set_language("en")
