"""Ecosfera: the actions a player can take, as small frozen objects, and the constants
their fields use.

They live apart from the game's state (``position.py``; ``game.py`` re-exports every name
here) so that the engine can be compiled by mypyc (``benchmarks/build_compiled.py``) while
the actions stay plain dataclasses: mypyc would turn each action's ``kind`` into a dataclass
field.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Final

from ..protocol import Action
from ..words import t
from .data import (
    ABILITIES,
    ELEMENT_BASE,
    ELEMENT_CARDS_PER_ELEMENT,
    ELEMENT_OF,
    ELEMENTS,
    MOVEMENT,
    PLUS,
    REFRESH,
    ability_name,
    card_label,
    card_words,
    element_name,
    is_element,
)

TILE: Final = 0
"""``source`` of an ability action: the player's own ability tile (else a card's code)."""
NO_TILE: Final = -1
"""``reactivate`` of ``ClaimBiomes``: reactivate no ability tile."""
RECYCLE: Final = -1
"""``to`` of ``Move``: back to the card's supply deck."""
OWN_DECK: Final = -2
"""``to`` of ``Move`` in the solo game: face up on top of your own deck."""
PLANT_ROW: Final = 0
ANIMAL_ROW: Final = 1
ROWS = ("plant & fungi", "animal")
_MASK_BITS = len(ELEMENTS) * ELEMENT_CARDS_PER_ELEMENT


def paid_mask(cards: Iterable[int]) -> int:
    """The ``paid`` field naming these element cards (bit k is element card 301 + k)."""
    mask = 0
    for code in cards:
        if not is_element(code):
            raise ValueError(t("ecosfera.paid_not_an_element", card=card_label(code)))
        mask |= 1 << (code - ELEMENT_BASE - 1)
    return mask


def paid_cards(mask: int) -> tuple[int, ...]:
    """The element cards a ``paid`` field names, in code order."""
    if isinstance(mask, bool) or not isinstance(mask, int) or not 0 <= mask < 1 << _MASK_BITS:
        return ()
    return tuple(ELEMENT_BASE + 1 + k for k in range(_MASK_BITS) if mask >> k & 1)


def _labels(cards: Iterable[int]) -> str:
    """Paying cards in words: "earth + water" (cards of one element are identical)."""
    names = [element_name(ELEMENT_OF[c]) if is_element(c) else card_words(c) for c in cards]
    return " + ".join(names) or t("ecosfera.nothing")


def _source(source: int, ability: int) -> str:
    name = ability_name(ability)
    if source == TILE:
        return t("ecosfera.source_tile", ability=name)
    return t("ecosfera.source_symbol", ability=name, card=card_words(source))


@dataclass(frozen=True)
class AcquirePlant(Action):
    """Acquire ``plant`` from the supply row, paying its cost with unused element cards."""

    kind: ClassVar[str] = "acquire_plant"
    plant: int
    paid: int
    """The element cards used to pay, as a bit mask (see ``paid_mask``; ``paying`` builds it)."""

    @classmethod
    def paying(cls, plant: int, cards: Iterable[int]) -> AcquirePlant:
        return cls(plant, paid_mask(cards))

    @property
    def cards(self) -> tuple[int, ...]:
        return paid_cards(self.paid)

    def __str__(self) -> str:
        return t(
            "ecosfera.action_acquire_plant", plant=card_words(self.plant), paid=_labels(self.cards)
        )


@dataclass(frozen=True)
class TakeMissingElement(Action):
    """Missing one single ``element`` for ``plant``: take it from its element deck onto your
    line and acquire the plant with it and the named cards."""

    kind: ClassVar[str] = "take_missing_element"
    plant: int
    element: int
    paid: int

    @classmethod
    def paying(cls, plant: int, element: int, cards: Iterable[int]) -> TakeMissingElement:
        return cls(plant, element, paid_mask(cards))

    @property
    def cards(self) -> tuple[int, ...]:
        return paid_cards(self.paid)

    def __str__(self) -> str:
        name = element_name(self.element) if 0 <= self.element < len(ELEMENTS) else "?"
        plant = card_words(self.plant)
        if self.cards:
            return t(
                "ecosfera.action_take_missing_with",
                element=name,
                plant=plant,
                paid=_labels(self.cards),
            )
        return t("ecosfera.action_take_missing", element=name, plant=plant)


@dataclass(frozen=True)
class AcquireAnimal(Action):
    """Acquire ``animal`` with two unused plants that share a biome it lives in."""

    kind: ClassVar[str] = "acquire_animal"
    animal: int
    plant_a: int
    plant_b: int

    def __str__(self) -> str:
        return t(
            "ecosfera.action_acquire_animal",
            animal=card_words(self.animal),
            plant_a=card_words(self.plant_a),
            plant_b=card_words(self.plant_b),
        )


@dataclass(frozen=True)
class ClaimBiomes(Action):
    """Two unused animals that share a biome win the tiles of their shared biomes, and may
    turn one used ability tile (``reactivate``: PLUS, REFRESH, MOVEMENT or NO_TILE) face up."""

    kind: ClassVar[str] = "claim_biomes"
    animal_a: int
    animal_b: int
    reactivate: int

    def __str__(self) -> str:
        a, b = card_words(self.animal_a), card_words(self.animal_b)
        if 0 <= self.reactivate < len(ABILITIES):
            return t(
                "ecosfera.action_claim_biomes_reactivate",
                animal_a=a,
                animal_b=b,
                tile=ability_name(self.reactivate),
            )
        return t("ecosfera.action_claim_biomes", animal_a=a, animal_b=b)


@dataclass(frozen=True)
class Mycorrhiza(Action):
    """A tree with the mushroom symbol and a mushroom win the tiles of their shared biomes."""

    kind: ClassVar[str] = "mycorrhiza"
    tree: int
    mushroom: int

    def __str__(self) -> str:
        return t(
            "ecosfera.action_mycorrhiza",
            tree=card_words(self.tree),
            mushroom=card_words(self.mushroom),
        )


@dataclass(frozen=True)
class Plus(Action):
    """Plus: take an extra card from your deck onto your line (``source``: TILE or a card)."""

    kind: ClassVar[str] = "plus"
    source: int

    def __str__(self) -> str:
        return t("ecosfera.action_plus", source=_source(self.source, PLUS))


@dataclass(frozen=True)
class Refresh(Action):
    """Refresh: put a supply row (PLANT_ROW or ANIMAL_ROW) under its deck and open four new."""

    kind: ClassVar[str] = "refresh"
    source: int
    row: int

    def __str__(self) -> str:
        key = {PLANT_ROW: "plants", ANIMAL_ROW: "animals"}.get(self.row, "unknown")
        return t(f"ecosfera.action_refresh_{key}", source=_source(self.source, REFRESH))


@dataclass(frozen=True)
class Move(Action):
    """Movement: an unused card that is not a disaster goes to another player's line
    (``to`` = that player), back to its supply deck (RECYCLE) or, in the solo game, face up
    on top of your deck for your next line (OWN_DECK)."""

    kind: ClassVar[str] = "move"
    source: int
    card: int
    to: int

    def __str__(self) -> str:
        card = card_words(self.card)
        source = _source(self.source, MOVEMENT)
        if self.to == RECYCLE:
            return t("ecosfera.action_move_recycle", source=source, card=card)
        if self.to == OWN_DECK:
            return t("ecosfera.action_move_own_deck", source=source, card=card)
        player = t("ecosfera.player_number", n=self.to + 1)
        return t("ecosfera.action_move_give", source=source, card=card, player=player)


@dataclass(frozen=True)
class EndTurn(Action):
    """End your turn (with a disaster if you acquired nothing and placed no biome tile)."""

    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return t("ecosfera.action_end_turn")


ACTION_TYPES: dict[str, type[Action]] = {
    t.kind: t
    for t in (
        AcquirePlant,
        TakeMissingElement,
        AcquireAnimal,
        ClaimBiomes,
        Mycorrhiza,
        Plus,
        Refresh,
        Move,
        EndTurn,
    )
}
END_TURN = EndTurn()
