"""Nuevos Mundos: the actions a player can take, as small frozen objects.

They live apart from the game's state (``game.py``) so that the state can be compiled by
mypyc (``benchmarks/build_compiled.py``) while the actions stay plain dataclasses: mypyc
would turn each action's ``kind`` into a dataclass field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..protocol import Action
from ..words import t
from .data import BIOME_OF_CODE, biome_label, card_label


@dataclass(frozen=True)
class TakeBiome(Action):
    """Play ``card`` to take every visible card of its biome (spaces 2-6 and the discard top)."""

    kind: ClassVar[str] = "take_biome"
    card: int

    def __str__(self) -> str:
        return t(
            "nuevos_mundos.action_take_biome",
            card=card_label(self.card),
            biome=_biome_of(self.card),
        )


@dataclass(frozen=True)
class TakeDigits(Action):
    """Play biome card ``card`` to take the cards on the spaces named by its two digits."""

    kind: ClassVar[str] = "take_digits"
    card: int

    def __str__(self) -> str:
        tens, units = divmod(self.card, 10)
        card = card_label(self.card)
        if tens == units:
            return t("nuevos_mundos.action_take_digit", card=card, space=tens)
        return t("nuevos_mundos.action_take_digits", card=card, tens=tens, units=units)


@dataclass(frozen=True)
class Lay(Action):
    """Lay ``card`` from your hand straight into your world."""

    kind: ClassVar[str] = "lay"
    card: int

    def __str__(self) -> str:
        return t("nuevos_mundos.action_lay", card=card_label(self.card))


@dataclass(frozen=True)
class LastCard(Action):
    """At the end of the game, lay one last ``card`` from your hand in your world."""

    kind: ClassVar[str] = "last_card"
    card: int

    def __str__(self) -> str:
        return t("nuevos_mundos.action_last_card", card=card_label(self.card))


@dataclass(frozen=True)
class NoLastCard(Action):
    """At the end of the game, lay no last card."""

    kind: ClassVar[str] = "no_last_card"

    def __str__(self) -> str:
        return t("nuevos_mundos.action_no_last_card")


ACTION_TYPES: dict[str, type[Action]] = {
    t.kind: t for t in (TakeBiome, TakeDigits, Lay, LastCard, NoLastCard)
}
NO_LAST_CARD = NoLastCard()


def _biome_of(code: int) -> str:
    b = BIOME_OF_CODE[code] if 0 < code < len(BIOME_OF_CODE) else -1
    return biome_label(b) if b >= 0 else t("nuevos_mundos.biome_unknown")


def digit_spaces(card: int) -> tuple[int, ...]:
    """The board spaces a biome card's digits name, in order; 7, 8 and 9 name none.

    A repeated digit names its space once (55 takes only from space 5).
    """
    tens, units = divmod(card, 10)
    spaces = sorted({tens, units})
    return tuple(s for s in spaces if s <= 6)
