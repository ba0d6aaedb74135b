"""The conformance suite over Nuevo Mundo: every scenario, 2-5 players, both kinds of dice.

At every step of seeded random games (``gamecore.conformance``): clone, JSON round-trip and
undo restore the game, every legal action is accepted, sampled illegal ones are refused with a
reason and change nothing, the invariants hold, and the game ends within its bound. The
rounds are cut to 3-4 and the costly checks run on every fifth step of the bigger games, so
the whole file takes about a minute.
"""

from __future__ import annotations

import pytest

import gamecore
from gamecore.conformance import check_random_games
from gamecore.nuevo_mundo.maps import SCENARIOS, scenario

CASES = [
    # (scenario, players, rounds, seeds, full checks)
    ("teaching", 2, 4, 4, True),
    ("examples", 2, 4, 2, True),
    ("antillas", 2, 4, 3, True),
    ("antillas", 3, 3, 3, False),
    ("golfo", 4, 3, 2, False),
    ("golfo", 5, 3, 2, False),
    ("random", 2, 4, 3, True),
    ("random", 3, 3, 3, False),
    ("random", 4, 3, 2, False),
    ("random", 5, 3, 2, False),
]


@pytest.mark.parametrize("dice", ["engine", "table"])
@pytest.mark.parametrize(("key", "players", "rounds", "seeds", "full"), CASES)
def test_random_games_conform(key, players, rounds, seeds, full, dice):
    report = check_random_games(
        "nuevo-mundo",
        players=players,
        seeds=range(seeds),
        full_checks=full,
        scenario=key,
        dice=dice,
        rounds=rounds,
    )
    assert report.games == seeds
    assert report.steps > 10 * seeds  # games with real play in them, not just a set-up
    assert report.refusals_checked > 0


def test_the_random_scenario_builds_different_maps():
    """The seed reaches the map: the conformance games above do not all play one board."""
    from gamecore import new_game

    keys = {new_game("nuevo-mundo", players=3, seed=s).map.key for s in range(6)}
    assert len(keys) > 1


def test_every_scenario_is_checked_for_the_fewest_and_the_most_players_it_takes():
    checked: dict[str, set[int]] = {}
    for key, players, *_ in CASES:
        checked.setdefault(key, set()).add(players)
    assert set(checked) == {*SCENARIOS, "random"}
    for key in SCENARIOS:
        low, high = scenario(key).players
        assert {low, high} <= checked[key], key
    assert checked["random"] == {2, 3, 4, 5}


def test_a_copy_and_the_equality_see_every_part_of_the_position():
    """``GRIDS``, ``LISTS`` and ``VALUES`` name every attribute a game sets up (with the map),
    so a clone, an undo and ``==`` never miss a new one."""
    from gamecore.nuevo_mundo.game import GRIDS, LISTS, VALUES

    game = gamecore.new_game("nuevo-mundo", players=3, seed=4)
    bookkeeping = {"players", "seed", "options", "log", "_chance_count", "_pending_chance"}
    parts = set(vars(game)) - bookkeeping - {"_imagined", "map"}
    assert parts == set(GRIDS + LISTS + VALUES)
