"""Ecosfera's turn planner: legal, seeded, blind to hidden cards, and stronger than greedy."""

from __future__ import annotations

import random
import statistics

import pytest

import gamecore
from gamecore import GreedyBot, make_bot, new_game, play_game
from gamecore.ecosfera import EcosferaView
from gamecore.ecosfera.game import LOST, WON
from gamecore.ecosfera.planner import PlannerBot

SPEC = gamecore.GAMES["ecosfera"]


class Checked:
    """A planner that checks every answer is one of the legal actions it was offered (it
    holds a planner rather than extending it: the compiled build's ``PlannerBot`` takes no
    interpreted subclass)."""

    def __init__(self, seed: int) -> None:
        self.planner = PlannerBot(seed)
        self.seen: list[object] = []

    def choose(self, view, legal):
        self.seen.append(view)
        action = self.planner.choose(view, legal)
        assert action in legal, f"{action} is not among the legal actions"
        return action


@pytest.mark.parametrize(("players", "level", "seed"), [(1, 1, 3), (1, 5, 4), (2, 3, 5)])
def test_the_planner_plays_only_legal_actions_to_the_end(players, level, seed):
    bots = [Checked(seed + p) for p in range(players)]
    game = play_game(new_game("ecosfera", players=players, seed=seed, level=level), bots)
    assert game.status in (WON, LOST)
    SPEC.check_invariants(game)
    assert all(isinstance(v, EcosferaView) for bot in bots for v in bot.seen)


def test_the_planner_is_deterministic_for_a_seed():
    a = play_game(new_game("ecosfera", players=1, seed=8, level=2), [PlannerBot(8)])
    b = play_game(new_game("ecosfera", players=1, seed=8, level=2), [PlannerBot(8)])
    assert a.moves() == b.moves() and a == b


def test_the_planner_sees_only_the_view_not_the_hidden_order():
    """Two games that look the same to the player but hide different deck orders get the
    same answer: the planner cannot be reading the order."""
    game = new_game("ecosfera", players=1, seed=11, level=1)
    bot = PlannerBot(0)
    for _ in range(40):  # play into the game so decks and rows have history
        game.play(bot.choose(game.view(0), game.legal_actions()))
        if game.is_over:
            pytest.skip("the game ended early")
    other = game.clone()
    rng = random.Random(1)
    for deck in (other.decks[0], other.plant_deck, other.animal_deck):  # white-box
        rng.shuffle(deck)
    assert other.view(0) == game.view(0)
    assert other.decks[0] != game.decks[0] or len(set(game.decks[0])) < 2
    for seed in range(3):
        first = PlannerBot(seed).choose(game.view(0), game.legal_actions())
        second = PlannerBot(seed).choose(other.view(0), other.legal_actions())
        assert first == second


def test_make_bot_builds_the_planner_and_it_refuses_other_games():
    bot = make_bot("planner", seed=1, refresh_samples=2)
    assert isinstance(bot, PlannerBot)
    game = new_game("nuevos-mundos", players=2, seed=1)
    with pytest.raises(ValueError, match="Ecosfera only"):
        bot.choose(game.view(0), game.legal_actions())
    with pytest.raises(ValueError, match="refresh_samples"):
        PlannerBot(1, refresh_samples=0)


def test_the_planner_beats_greedy_on_biome_tiles():
    seeds = range(20, 26)
    planner, greedy = [], []
    for seed in seeds:
        game = play_game(new_game("ecosfera", players=1, seed=seed, level=3), [PlannerBot(seed)])
        planner.append(len(game.biome_tiles))
        game = play_game(new_game("ecosfera", players=1, seed=seed, level=3), [GreedyBot(seed)])
        greedy.append(len(game.biome_tiles))
    assert statistics.fmean(planner) >= statistics.fmean(greedy) + 1.0, (planner, greedy)


def test_the_planner_mycorrhizes_and_never_moves_a_card_with_its_own_symbol():
    """Issue 8's rule readings: a symbol tree and a mushroom with a tile to win place it (they
    cannot call an animal), and a movement symbol moves another card only."""
    from ecosfera_arrange import arrange

    from gamecore.ecosfera import Mycorrhiza, card_words, default_cards

    cards = default_cards()
    tree = next(c for c in cards.plant_codes if c in cards.symbol_trees)
    mushroom = next(
        m
        for m in cards.plant_codes
        if m in cards.mushrooms and cards.biome_mask[m] & cards.biome_mask[tree]
    )
    game = arrange(new_game("ecosfera", players=1, seed=2, level=1), line=[tree, mushroom])
    bot, chosen = PlannerBot(1), []
    while game.turns == 0 and not game.is_over:  # the planner plays its first turn
        chosen.append(bot.choose(game.view(0), game.legal_actions()))
        game.play(chosen[-1])
    assert Mycorrhiza(tree, mushroom) in chosen
    assert card_words(301) == "an earth card"
    for seed in range(3):  # whole games: no action moves the card whose symbol moves it
        bot = Checked(seed)
        game = play_game(new_game("ecosfera", players=1, seed=seed, level=2), [bot])
        moves = [a for _, a in game.moves() if getattr(a, "kind", "") == "move"]
        assert moves, "the planner moves cards in these games"
        assert all(m.source != m.card for m in moves)
