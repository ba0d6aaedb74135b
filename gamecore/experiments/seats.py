"""Who sits where in a study: the bot of each seat, and how seats change from game to game.

``bot("search", label="search (20)", iterations=20)`` names a bot with its options;
a plain kind (``"random"``) is the same with no options. ``seating`` says who sits where:
``"fixed"`` keeps the given order in every game, ``"rotate"`` moves everyone one seat along
each game, ``"all_orders"`` cycles through every order of the bots (so each plays from every
seat, after every other bot, equally often when the number of games is a multiple of the
number of orders). The seating of game ``i`` depends on ``i`` only, so any worker can seat
any game.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import Bot, make_bot
from ..words import t

SEATINGS = ("fixed", "rotate", "all_orders")


@dataclass(frozen=True)
class BotSpec:
    """Which bot to make for a seat: its kind, its options and the name results use."""

    kind: str
    options: tuple[tuple[str, Any], ...] = ()
    label: str = ""

    @property
    def name(self) -> str:
        """The name results are grouped by (the label, or else the kind)."""
        return self.label or self.kind

    def make(self, seed: int) -> Bot:
        return make_bot(self.kind, seed=seed, **dict(self.options))


def bot(kind: str, label: str = "", **options: Any) -> BotSpec:
    """A bot for a study: ``bot("search", label="search (30)", iterations=30)``."""
    make_bot(kind, seed=0, **options)  # fails now, with the bot's message, if it is wrong
    return BotSpec(kind, tuple(sorted(options.items())), label)


def as_bot_spec(entry: str | BotSpec) -> BotSpec:
    """A ``BotSpec`` from a spec or a bot's kind (``"random"``, ``"greedy"``, ``"search"``)."""
    if isinstance(entry, BotSpec):
        return entry
    if isinstance(entry, str):
        return bot(entry)
    raise ValueError(t("study.bot_entry", entry=repr(entry)))


def check_seating(seating: str) -> str:
    if seating not in SEATINGS:
        raise ValueError(
            t("study.unknown_seating", seating=repr(seating), seatings=", ".join(SEATINGS))
        )
    return seating


def seated(bots: Sequence[BotSpec], index: int, seating: str) -> tuple[BotSpec, ...]:
    """The bot in each seat of game ``index``."""
    n = len(bots)
    if seating == "rotate":
        shift = index % n
        return tuple(bots[(seat + shift) % n] for seat in range(n))
    if seating == "all_orders":
        order = _nth_permutation(n, index % _factorial(n))
        return tuple(bots[i] for i in order)
    return tuple(bots)


def _factorial(n: int) -> int:
    result = 1
    for k in range(2, n + 1):
        result *= k
    return result


def _nth_permutation(n: int, k: int) -> list[int]:
    """The ``k``-th permutation of range(n) in the order itertools.permutations gives."""
    # A few bots only: listing them is simpler than unranking and exactly that order.
    return list(next(itertools.islice(itertools.permutations(range(n)), k, None)))


__all__ = ["SEATINGS", "BotSpec", "as_bot_spec", "bot", "check_seating", "seated"]
