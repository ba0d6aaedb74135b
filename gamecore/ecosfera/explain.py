"""Ecosfera's payments explained: which element cards pay for a plant, what is missing, why a
payment is refused — in words a student reads, never in card codes.

Legality is the engine's alone: every answer here starts from ``legal_actions()`` or
``why_illegal()``; this module only says in plain words *what* a payment lacks or has too
much of, which the engine's one-line refusal cannot (it names the rule, not the fix). A
table (``widgets.ecosfera``), a lesson or a script uses the same diagnosis.

- ``name_of(cards, code)``: a card for people ("Scots pine", "earth", "disaster");
- ``element_words(codes)`` / ``cost_words(cost)``: "earth, 2 sun and time";
- ``check_payment(game, plant, elements)``: a ``Payment`` — the legal move these elements
  make for ``plant`` (a plain purchase, or one element short: the missing-element rule), or
  the reason in words why they make none and what would fix it;
- ``plants_paid_by(game, elements)``: the plants of the row a selection pays, exactly or with
  the missing element;
- ``payment_for(game, plant)``: the first legal way to pay for ``plant`` from the line;
- ``why_not_buyable(game, plant)``: why no selection of the line pays for ``plant`` now;
- ``animals_called_by(game, a, b)`` and ``mycorrhiza_of(game, a, b)``: what two plants do;
- ``free_elements(game)``: the element cards of the turn player's line still unused.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..words import join_words, t
from .actions import AcquireAnimal, AcquirePlant, Mycorrhiza, TakeMissingElement
from .data import (
    ANIMAL_BASE,
    ELEMENT_OF,
    ELEMENTS,
    PLANT_BASE,
    CardSet,
    is_animal,
    is_disaster,
    is_element,
    is_plant,
)
from .game import Ecosfera

PaymentMove = AcquirePlant | TakeMissingElement


def element_name(element: int) -> str:
    """An element in words ("water")."""
    return t(f"ecosfera.element_{ELEMENTS[element]}")


def name_of(cards: CardSet, code: int) -> str:
    """A card for people: "Scots pine", "earth", "disaster" (never a code like "sun#12")."""
    if is_element(code):
        return element_name(ELEMENT_OF[code])
    if is_disaster(code):
        return t("ecosfera_table.disaster")
    if (is_plant(code) or is_animal(code)) and cards.exists(code):
        return cards.name(code)
    return t("ecosfera_table.unknown_card")


def _counted(counts: Sequence[int]) -> str:
    return join_words(
        [
            t("ecosfera_table.element_times", n=n, element=element_name(e))
            for e, n in enumerate(counts)
            if n
        ]
    )


def element_counts(codes: Sequence[int]) -> list[int]:
    """How many cards of each element ``codes`` holds (other cards are not counted)."""
    counts = [0] * len(ELEMENTS)
    for code in codes:
        if is_element(code):
            counts[ELEMENT_OF[code]] += 1
    return counts


def element_words(codes: Sequence[int]) -> str:
    """Element cards in words, repeats counted: "earth, 2 sun and time" ("nothing" if none)."""
    return _counted(element_counts(codes)) or t("ecosfera_table.nothing")


def cost_words(cost: Sequence[int]) -> str:
    """A plant's cost in words: "earth, sun and time"."""
    return _counted(cost) or t("ecosfera_table.nothing")


@dataclass(frozen=True)
class Payment:
    """What a set of element cards does for one plant of the row."""

    plant: int
    move: PaymentMove | None
    """The legal move these cards make (None: none)."""
    reason: str = ""
    """Why they make none, in words, with what would fix it ("" when ``move`` is set)."""

    @property
    def missing(self) -> int | None:
        """The element the missing-element rule takes (None for a plain purchase or none)."""
        return self.move.element if isinstance(self.move, TakeMissingElement) else None


def free_elements(game: Ecosfera) -> list[int]:
    """The element cards of the turn player's line not yet used this turn (the ones a payment
    or a movement may take)."""
    line = game.lines[game.turn_player]
    return [c for c in line if is_element(c) and c not in game.used]


def check_payment(game: Ecosfera, plant: int, elements: Sequence[int]) -> Payment:
    """What ``elements`` (cards of the turn player's line) do for ``plant``.

    The engine decides: a plain purchase if it is legal, else the missing-element rule if it
    is legal (the cards are exactly one element short). Otherwise the reason says, in words,
    what the cards lack or have too much of, and what the line could still add.
    """
    plain = AcquirePlant.paying(plant, elements)
    refusal = game.why_illegal(plain)
    if refusal is None:
        return Payment(plant, plain)
    cards = game.cards
    if not is_plant(plant) or plant not in game.plant_row:
        return Payment(plant, None, in_words(cards, refusal))
    have = element_counts(elements)
    need = list(cards.cost[plant])
    gaps = [n - h for n, h in zip(need, have)]
    if all(g >= 0 for g in gaps) and sum(gaps) == 1:
        element = gaps.index(1)
        take = TakeMissingElement.paying(plant, element, elements)
        taken = game.why_illegal(take)
        if taken is None:
            return Payment(plant, take)
    name, cost = name_of(cards, plant), cost_words(need)
    chosen = element_words(elements)
    extra = [max(0, -g) for g in gaps]
    short = [max(0, g) for g in gaps]
    if any(extra):
        reason = t(
            "ecosfera_table.pay_too_much",
            plant=name,
            cost=cost,
            chosen=chosen,
            extra=_counted(extra),
        )
    elif sum(short) > 1:
        reason = t(
            "ecosfera_table.pay_short_many",
            plant=name,
            cost=cost,
            chosen=chosen,
            short=_counted(short),
        )
    elif sum(short) == 1:
        element = short.index(1)
        spare = [c for c in free_elements(game) if c not in elements]
        if any(ELEMENT_OF[c] == element for c in spare):
            reason = t(
                "ecosfera_table.pay_short_on_line", plant=name, element=element_name(element)
            )
        elif not game.element_decks[element]:
            reason = t(
                "ecosfera_table.pay_short_deck_empty", plant=name, element=element_name(element)
            )
        else:  # the engine refused the missing element for a reason of its own
            reason = in_words(
                cards,
                game.why_illegal(TakeMissingElement.paying(plant, element, elements)) or refusal,
            )
    else:  # the right elements, refused for another rule (a used card, the game's state)
        reason = in_words(cards, refusal)
    return Payment(plant, None, reason)


def plants_paid_by(game: Ecosfera, elements: Sequence[int]) -> list[Payment]:
    """Every plant of the row that ``elements`` pay, exactly or with the missing element."""
    found = []
    for plant in game.plant_row:
        if plant:
            payment = check_payment(game, plant, elements)
            if payment.move is not None:
                found.append(payment)
    return found


def payment_for(game: Ecosfera, plant: int) -> PaymentMove | None:
    """The first legal way to pay for ``plant`` from the line (``legal_actions`` order:
    plain purchases before the missing-element rule), or None."""
    for action in game.legal_actions():
        if isinstance(action, (AcquirePlant, TakeMissingElement)) and action.plant == plant:
            return action
    return None


def why_not_buyable(game: Ecosfera, plant: int) -> str:
    """Why no selection of the line pays for ``plant`` now, in a sentence."""
    cards = game.cards
    name = name_of(cards, plant)
    if not is_plant(plant) or plant not in game.plant_row:
        return in_words(cards, game.why_illegal(AcquirePlant.paying(plant, ())) or "")
    need = cards.cost[plant]
    have = element_counts(free_elements(game))
    gaps = [max(0, n - h) for n, h in zip(need, have)]
    cost = cost_words(need)
    if sum(gaps) == 1:
        element = gaps.index(1)
        if not game.element_decks[element]:
            return t(
                "ecosfera_table.pay_short_deck_empty", plant=name, element=element_name(element)
            )
    if sum(gaps) >= 1:
        return t("ecosfera_table.line_lacks", plant=name, cost=cost, short=_counted(gaps))
    return t("ecosfera_table.cannot_buy_now", plant=name, cost=cost)


def animals_called_by(game: Ecosfera, plant_a: int, plant_b: int) -> list[int]:
    """The animals of the row that these two plants of the line may call now."""
    return [
        animal
        for animal in game.animal_row
        if animal and game.why_illegal(AcquireAnimal(animal, plant_a, plant_b)) is None
    ]


def mycorrhiza_of(game: Ecosfera, a: int, b: int) -> Mycorrhiza | None:
    """The legal mycorrhiza of two cards of the line, in either order, or None."""
    for tree, mushroom in ((a, b), (b, a)):
        action = Mycorrhiza(tree, mushroom)
        if game.why_illegal(action) is None:
            return action
    return None


CARD_CODE = re.compile(r"\b([PA])(\d\d)\b")
"""A plant & fungi or animal card's code in an engine sentence ("P07", "A12")."""


def in_words(cards: CardSet, reason: str) -> str:
    """An engine sentence as a student reads it: card codes ("P07") replaced by the cards'
    names, a capital first and a full stop last.

    The engine names plants and animals by code because its sentences do not know the card
    list; the table does.
    """

    def named(match: re.Match[str]) -> str:
        base = PLANT_BASE if match.group(1) == "P" else ANIMAL_BASE
        code = base + int(match.group(2))
        return cards.name(code) if cards.exists(code) else match.group(0)

    reason = CARD_CODE.sub(named, reason.strip())
    reason = reason[:1].upper() + reason[1:]
    return reason if reason.endswith((".", "!", "?")) else reason + "."


__all__ = [
    "Payment",
    "animals_called_by",
    "check_payment",
    "cost_words",
    "element_counts",
    "element_name",
    "element_words",
    "free_elements",
    "in_words",
    "mycorrhiza_of",
    "name_of",
    "payment_for",
    "plants_paid_by",
    "why_not_buyable",
]
