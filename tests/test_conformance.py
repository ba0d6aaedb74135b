"""The conformance suite over every registered game, in the set-ups each declares
(``GameSpec.conformance``); the laws and when each is checked: ``gamecore.conformance``.

A game gets the suite by registering its set-ups. A law a game is known to break
(``gamecore.conformance.KNOWN_BREACHES``) is left out of that game's runs and checked alone in
``test_every_known_breach_still_breaks``, a strict expected failure: once the game is fixed it
turns red, and the entry goes.
"""

from __future__ import annotations

import pytest

import gamecore
from gamecore.conformance import KNOWN_BREACHES, Setup, check_setup, costly_step
from gamecore.nuevo_mundo.maps import SCENARIOS, scenario
from gamecore.nuevos_mundos import MODULES

CASES = [
    pytest.param(name, setup, id=f"{name}-{setup.id}")
    for name, spec in gamecore.GAMES.items()
    for setup in spec.conformance
]


@pytest.mark.parametrize(("name", "setup"), CASES)
def test_random_games_conform(name: str, setup: Setup) -> None:
    report = check_setup(name, setup)
    assert report.games == setup.seeds
    assert report.refusals_checked > 0


def test_every_known_breach_still_breaks() -> None:
    """A strict expected failure for each known breach (none since issue 21): once a game is
    fixed this turns red, and its entry goes."""
    for name, law in KNOWN_BREACHES:
        with pytest.raises(AssertionError):
            for setup in gamecore.GAMES[name].conformance:
                check_setup(name, setup, [law])
    assert ("ecosfera", "distinct_str") not in KNOWN_BREACHES


def test_the_costly_checks_run_below_ten_and_at_powers_of_two() -> None:
    assert [s for s in range(200) if costly_step(s)] == [*range(10), 16, 32, 64, 128]


def test_every_game_declares_set_ups_from_its_fewest_to_its_most_players() -> None:
    for name, spec in gamecore.GAMES.items():
        counts = {setup.players for setup in spec.conformance}
        assert {spec.min_players, spec.max_players} <= counts, name
        assert counts <= set(range(spec.min_players, spec.max_players + 1)), name
        ids = [setup.id for setup in spec.conformance]
        assert len(set(ids)) == len(ids), f"{name}: two set-ups named alike"
        for setup in spec.conformance:  # every set-up starts a game
            gamecore.new_game(name, players=setup.players, seed=0, **setup.options)


def _set_ups(name: str) -> set[tuple[int, tuple[tuple[str, object], ...]]]:
    return {(s.players, tuple(sorted(s.options.items()))) for s in gamecore.GAMES[name].conformance}


def test_nuevos_mundos_is_checked_with_every_module_set_for_2_to_4_players() -> None:
    for modules in [(), *((m,) for m in MODULES), MODULES]:
        for players in (2, 3, 4):
            assert (players, (("modules", modules),)) in _set_ups("nuevos-mundos")


def test_ecosfera_is_checked_at_every_level_for_1_to_4_players_and_in_its_variants() -> None:
    declared = _set_ups("ecosfera")
    for players in (1, 2, 3, 4):
        for level in (1, 2, 3, 4, 5):
            assert (players, (("level", level),)) in declared
    variants = {key for _, options in declared for key, _ in options} - {"level"}
    assert variants == {"extinction_rebel", "round_limit", "first_player"}


def test_mondo_is_checked_at_every_level_and_side_for_1_to_4_players() -> None:
    for level in ("beginner", "advanced", "expert"):
        for side in "AB":
            for players in (1, 2, 3, 4):
                options = tuple(sorted({"level": level, "side": side}.items()))
                assert (players, options) in _set_ups("mondo")


def test_every_scenario_is_checked_for_the_fewest_and_the_most_players_it_takes() -> None:
    checked: dict[tuple[str, str], set[int]] = {}
    for setup in gamecore.GAMES["nuevo-mundo"].conformance:
        options = setup.options
        key = (options.get("scenario", "random"), options.get("dice", "engine"))
        checked.setdefault(key, set()).add(setup.players)
    for dice in ("engine", "table"):
        for key in SCENARIOS:
            low, high = scenario(key).players
            assert {low, high} <= checked[key, dice], (key, dice)
        assert checked["random", dice] == {2, 3, 4, 5}


def test_the_random_scenario_builds_different_maps() -> None:
    """The seed reaches the map: the conformance games do not all play one board."""
    keys = {gamecore.new_game("nuevo-mundo", players=3, seed=s).map.key for s in range(6)}
    assert len(keys) > 1


def test_a_nuevo_mundo_copy_and_the_equality_see_every_part_of_the_position() -> None:
    """``GRIDS``, ``LISTS`` and ``VALUES`` name every attribute a game sets up (with the map),
    so a clone, an undo and ``==`` never miss a new one."""
    from gamecore.nuevo_mundo.game import GRIDS, LISTS, VALUES

    game = gamecore.new_game("nuevo-mundo", players=3, seed=4)
    bookkeeping = {"players", "seed", "options", "log", "_chance_count", "_pending_chance"}
    parts = set(vars(game)) - bookkeeping - {"_imagined", "map"}
    assert parts == set(GRIDS + LISTS + VALUES)
