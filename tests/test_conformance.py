"""The conformance suite over every registered game (Nuevos Mundos and Ecosfera in every set-up)."""

from __future__ import annotations

import pytest

import gamecore
from gamecore.conformance import check_random_games
from gamecore.nuevos_mundos import MODULES

MODULE_SETS = [(), *((m,) for m in MODULES), MODULES]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("modules", MODULE_SETS, ids=lambda m: "+".join(m) or "base")
def test_nuevos_mundos_full_checks(players, modules):
    report = check_random_games("nuevos-mundos", players=players, seeds=range(8), modules=modules)
    assert report.games == 8
    assert report.refusals_checked > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nuevos_mundos_many_games(players):
    """Hundreds more games with the costly checks on every fifth step."""
    report = check_random_games(
        "nuevos-mundos",
        players=players,
        seeds=range(100, 200),
        full_checks=False,
        modules=MODULES if players == 4 else ("human_settlements",),
    )
    assert report.games == 100


def test_every_registered_game_runs_the_suite():
    for name, spec in gamecore.GAMES.items():
        report = check_random_games(name, players=spec.min_players, seeds=range(3))
        assert report.games == 3


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("players", [1, 2, 3, 4], ids=["solo", "2p", "3p", "4p"])
def test_ecosfera_full_checks(players, level):
    report = check_random_games("ecosfera", players=players, seeds=range(5), level=level)
    assert report.games == 5
    assert report.refusals_checked > 0


@pytest.mark.parametrize("players", [1, 2, 3, 4], ids=["solo", "2p", "3p", "4p"])
def test_ecosfera_many_games(players):
    """More games with the costly checks on every fifth step, and the game's variants."""
    report = check_random_games(
        "ecosfera",
        players=players,
        seeds=range(100, 160),
        full_checks=False,
        level=1 + players,
        extinction_rebel=players == 2,
        round_limit=4 if players == 3 else 150,
        first_player=players - 1,
    )
    assert report.games == 60
