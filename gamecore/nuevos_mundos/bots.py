"""What the shared bots and the conformance suite need to know about Nuevos Mundos."""

from __future__ import annotations

import random
from typing import Any

from ..protocol import Game
from .data import NUMBER_OF_CARDS, SETTLEMENT_BASE
from .game import (
    LAST_CARDS,
    OVER,
    PLAY,
    LastCard,
    Lay,
    NoLastCard,
    NuevosMundos,
    NuevosMundosView,
    TakeBiome,
    TakeDigits,
)


def determinize(view: NuevosMundosView, rng: random.Random) -> NuevosMundos:
    """A full game that fits what ``view.player`` sees, the hidden cards dealt at random.

    Hidden are the other hands and the order of the creation pile; every other card is
    visible (own hand, worlds, board, the face-up discard pile).
    """
    options = {"modules": list(view.modules), "first_player": 0}
    game = NuevosMundos.imagined(view.players, rng.randrange(2**31), options)
    seen = set(view.hand) | set(view.discard) | {c for c in view.board if c}
    for world in view.worlds:
        seen.update(world)
    unseen = [c for c in game.all_cards() if c not in seen]
    rng.shuffle(unseen)
    game.hands = []
    for p, size in enumerate(view.hand_sizes):
        if p == view.player:
            game.hands.append(list(view.hand))
        else:
            game.hands.append([unseen.pop() for _ in range(size)])
    game.creation = unseen
    game.worlds = [list(w) for w in view.worlds]
    game.board = [c or 0 for c in view.board]
    game.discard = list(view.discard)
    game.phase = view.phase
    game.ender = view.ender
    game._current = view.current_player
    n = len(view.players)
    if view.phase == LAST_CARDS and view.ender is not None and view.current_player is not None:
        order = [(view.ender + k) % n for k in range(1, n)]
        game._last_queue = order[order.index(view.current_player) + 1 :]
    else:
        game._last_queue = []
    return game


def heuristic(game: Game, player: int) -> float:
    """The player's lead: their provisional score minus the best other player's."""
    assert isinstance(game, NuevosMundos)
    totals = list(game.score_numbers().totals)  # the sheet's totals, without its sentences
    mine = totals.pop(player)
    return float(mine - max(totals)) if totals else float(mine)


def rewards(game: Game) -> list[float]:
    """1 for a sole winner, shared equally on a tie the tie-break cannot settle, else 0."""
    assert isinstance(game, NuevosMundos)
    winners = game.score_numbers().winners()  # the sheet's first place, without its sentences
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(len(game.players))]


def max_moves(game: Game) -> int:
    """A generous bound on decisions in one game (the conformance suite checks it).

    Not a rule: a game where nobody ever takes a card could in principle go on, but every
    turn that lays or takes a card moves one towards the end.
    """
    assert isinstance(game, NuevosMundos)
    return 20 * len(game.all_cards())


def check_invariants(game: Game) -> None:
    """Every card of the game is in exactly one place; hands hold at most four."""
    assert isinstance(game, NuevosMundos)
    everything: list[int] = []
    for _, cards in game.locations():
        everything.extend(cards)
    expected = sorted(game.all_cards())
    assert sorted(everything) == expected, "a card was created, lost or doubled"
    assert all(len(h) <= 4 for h in game.hands), "a hand holds more than four cards"
    assert game.discard or game.phase != PLAY, "the discard pile is empty during play"
    if game.phase == PLAY:
        assert all(game.board), "a board space is empty between turns"
    if game.phase == OVER:
        assert game.current_player is None and not any(game.hands)


def sample_illegal(game: Game, rng: random.Random) -> list[Any]:
    """Actions that break a rule now: cards not in hand, wrong-phase actions, junk."""
    assert isinstance(game, NuevosMundos)
    candidates: list[Any] = [None, "take 42", TakeBiome(0), Lay(NUMBER_OF_CARDS + 20)]
    if game.current_player is not None:
        hand = set(game.hands[game.current_player])
        outside = [c for c in game.all_cards() if c not in hand]
        for code in rng.sample(outside, min(3, len(outside))):
            candidates.append(rng.choice((TakeBiome, TakeDigits, Lay, LastCard))(code))
        if game.phase == PLAY:
            candidates.append(NoLastCard())
            if hand:
                candidates.append(LastCard(rng.choice(sorted(hand))))
            settlements = [c for c in hand if c > SETTLEMENT_BASE]
            if settlements:
                candidates.append(TakeDigits(settlements[0]))
        elif hand:
            code = rng.choice(sorted(hand))
            candidates.append(rng.choice((TakeBiome, TakeDigits, Lay))(code))
    return candidates
