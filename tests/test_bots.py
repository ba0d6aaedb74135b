"""Bots see only their player's view, are seeded, and play better the more they think."""

from __future__ import annotations

import pytest

import gamecore
from gamecore import GreedyBot, RandomBot, SearchBot, make_bot, new_game, play_game
from gamecore.nuevos_mundos import MODULES, NuevosMundosView


def match(bots, seed, players=2, **options):
    game = new_game("nuevos-mundos", players=players, seed=seed, **options)
    return play_game(game, bots)


@pytest.mark.parametrize("kind", ["random", "greedy", "search"])
def test_each_bot_plays_a_whole_game_with_every_module(kind):
    bots = [
        make_bot(kind, seed=i, **({"iterations": 20} if kind == "search" else {})) for i in range(3)
    ]
    game = match(bots, seed=5, players=3, modules=MODULES)
    assert game.is_over
    gamecore.GAMES["nuevos-mundos"].check_invariants(game)


@pytest.mark.parametrize("kind", ["random", "greedy", "search"])
def test_bots_are_deterministic_for_a_seed(kind):
    options = {"iterations": 15} if kind == "search" else {}
    a = match([make_bot(kind, seed=1, **options), make_bot(kind, seed=2, **options)], seed=3)
    b = match([make_bot(kind, seed=1, **options), make_bot(kind, seed=2, **options)], seed=3)
    assert a == b


def test_bots_are_given_only_a_view():
    seen = []

    class Spy(RandomBot):
        def choose(self, view, legal):
            seen.append(view)
            return super().choose(view, legal)

    match([Spy(0), Spy(1)], seed=2)
    assert seen and all(isinstance(v, NuevosMundosView) for v in seen)


def test_greedy_beats_random():
    wins = 0
    for seed in range(20):
        seat = seed % 2
        bots = [RandomBot(seed), RandomBot(seed + 100)]
        bots[seat] = GreedyBot(seed)
        sheet = match(bots, seed=seed).score()
        wins += sheet.winners() == [sheet.players[seat]]
    assert wins >= 15


def test_search_beats_random():
    wins = 0
    for seed in range(6):
        seat = seed % 2
        bots = [RandomBot(seed), RandomBot(seed + 100)]
        bots[seat] = SearchBot(seed, iterations=60)
        sheet = match(bots, seed=seed).score()
        wins += sheet.winners() == [sheet.players[seat]]
    assert wins >= 5


def test_search_bot_needs_a_budget_and_unknown_bots_are_explained():
    with pytest.raises(ValueError, match="budget"):
        SearchBot(iterations=None, seconds=None)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")
    with pytest.raises(ValueError, match="3 players but 2 bots"):
        play_game(new_game("nuevos-mundos", players=3, seed=1), [RandomBot(), RandomBot()])


def test_search_bot_with_a_time_budget_answers():
    game = new_game("nuevos-mundos", players=2, seed=1)
    action = SearchBot(0, iterations=None, seconds=0.05).choose(game.view(0), game.legal_actions())
    assert action in game.legal_actions()
