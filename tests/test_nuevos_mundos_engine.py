"""Nuevos Mundos's engine keeps one shape: the position listed once (``POSITION``), the
moves in one table (``MOVES``), and every refusal a catalog key in both languages."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import gamecore
from gamecore import IllegalAction, Refusal
from gamecore.nuevos_mundos import NuevosMundos, NuevosMundosView, bots
from gamecore.nuevos_mundos.game import MOVES, POSITION
from gamecore.position import LIST, LISTS, ROW, names
from gamecore.words import LANGUAGES, catalog

SPEC = gamecore.GAMES["nuevos-mundos"]
BOOKKEEPING = {"players", "seed", "options", "log", "_chance_count", "_pending_chance", "_imagined"}
ALL_MODULES = ("human_settlements", "global_natural_balance", "vital_capacity", "discord")
COMPILED = not str(gamecore.nuevos_mundos.game.__file__).endswith(".py")


def random_game(
    players: int, seed: int, moves: int | None = None, **options: object
) -> NuevosMundos:
    game = gamecore.new_game("nuevos-mundos", players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or moves > 0):
        game.play(rng.choice(game.legal_actions()))
        moves = None if moves is None else moves - 1
    assert isinstance(game, NuevosMundos)
    return game


@pytest.mark.skipif(
    COMPILED, reason="vars() reads a game's attributes, which a mypyc-compiled game keeps in slots"
)
@pytest.mark.parametrize(("players", "moves"), [(2, 0), (3, 7), (4, None)])
def test_the_position_names_every_attribute_a_game_sets(players, moves):
    """A new attribute of the game must join ``POSITION``, or clone, ``==``, undo and the
    view would miss it."""
    game = random_game(players, seed=players, moves=moves, modules=ALL_MODULES)
    assert set(vars(game)) - BOOKKEEPING == names(POSITION)
    guess = bots.determinize(game.view(0), random.Random(1))
    assert set(vars(guess)) - BOOKKEEPING == names(POSITION)


def test_the_view_shows_its_parts_under_its_own_field_names():
    shown = {f.view for f in POSITION if f.view}
    assert shown <= set(NuevosMundosView.__dataclass_fields__)
    game = random_game(3, seed=5, moves=4)
    view = game.view(1)
    assert view.board == tuple(c or None for c in game.board)
    assert view.current_player == game.current_player and view.worlds == tuple(
        tuple(w) for w in game.worlds
    )


def test_a_clone_shares_no_list_and_equals_its_original():
    game = random_game(4, seed=2, moves=9, modules=ALL_MODULES)
    clone = game.clone()
    assert clone == game
    for field in POSITION:
        if field.shape in (LIST, LISTS, ROW):
            assert getattr(clone, field.name) is not getattr(game, field.name), field.name
        if field.shape is LISTS:
            for mine, theirs in zip(getattr(clone, field.name), getattr(game, field.name)):
                assert mine is not theirs, field.name
    clone.play(clone.legal_actions()[0])
    assert clone != game


def test_every_action_type_has_a_check_and_a_move():
    assert set(MOVES) == set(NuevosMundos.action_types.values())


def refusal_keys_in_random_games(seeds: range, players: int, **options: object) -> set[str]:
    """Every refusal met in random games, each sampled illegal action and the game over:
    the reason is a ``Refusal`` whose key both catalogs hold, and ``play`` says the same."""
    met: set[str] = set()

    def check(game: NuevosMundos, action: object) -> None:
        reason = game.why_illegal(action)
        assert isinstance(reason, Refusal), (action, reason)
        for lang in LANGUAGES:
            assert reason.key in catalog(lang), (lang, reason.key)
        with pytest.raises(IllegalAction) as err:
            game.play(action)
        assert err.value.key == reason.key and dict(err.value.values) == dict(reason.values)
        met.add(reason.key)

    for seed in seeds:
        game = gamecore.new_game("nuevos-mundos", players=players, seed=seed, **options)
        assert isinstance(game, NuevosMundos)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            for action in SPEC.sample_illegal(game, rng):
                if action not in legal:
                    check(game, action)
            game.play(rng.choice(legal))
        for action in SPEC.sample_illegal(game, rng):
            check(game, action)
    return met


def test_every_refusal_carries_a_key_of_both_catalogs():
    met = refusal_keys_in_random_games(range(3), 3)
    met |= refusal_keys_in_random_games(range(2), 4, modules=ALL_MODULES)
    assert {
        "nuevos_mundos.not_an_action",
        "nuevos_mundos.game_over",
        "nuevos_mundos.not_ending_yet",
        "nuevos_mundos.ending",
        "nuevos_mundos.not_in_hand",
        "nuevos_mundos.no_such_card",
        "nuevos_mundos.no_such_card_settlements",
        "nuevos_mundos.settlement_has_no_digits",
    } <= met


def test_every_key_the_engine_names_is_in_both_catalogs():
    """Keys the random games may not meet (option, view and set-up errors) are there too."""
    source = Path(gamecore.nuevos_mundos.__file__).parent.joinpath("game.py").read_text()
    keys = set(re.findall(r"""(?:refuse|t)\(\s*"(nuevos_mundos\.\w+)\"""", source))
    assert len(keys) > 15
    for lang in LANGUAGES:
        assert keys <= catalog(lang).keys(), (lang, keys - catalog(lang).keys())


def test_option_view_and_set_up_errors_speak_spanish():
    from gamecore.words import set_language

    set_language("es")
    try:
        with pytest.raises(ValueError, match="first_player debe ser"):
            gamecore.new_game("nuevos-mundos", players=2, first_player=5)
        with pytest.raises(ValueError, match="no tiene la opción"):
            gamecore.new_game("nuevos-mundos", players=2, colour="red")
        with pytest.raises(ValueError, match="no hay ningún jugador 7"):
            gamecore.new_game("nuevos-mundos", players=2, seed=1).view(7)
        with pytest.raises(ValueError, match="repartida dos veces"):
            NuevosMundos.arranged([[1, 2, 3, 4], [1, 6, 7, 8]], [9, 10, 11, 12, 13], 14)
        game = gamecore.new_game("nuevos-mundos", players=2, seed=1)
        reason = game.why_illegal(gamecore.nuevos_mundos.NoLastCard())
        assert reason is not None and "todavía no" in reason
        assert reason.in_language("en").startswith("the game is not ending yet")
    finally:
        set_language("en")
