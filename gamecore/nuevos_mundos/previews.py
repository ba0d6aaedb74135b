"""What each Nuevos Mundos action would take, worked out from one player's view.

The table's action buttons ("Take biome: 33 and the 02 on the discard pile") and the
lessons' "what each action takes" read these previews; the engine (``game.py``) applies
the same rules when the action is played, and the tests play every preview on a clone of
the game and compare. A preview never changes a game and reads only a view, so it cannot
reveal a hidden card: a card it would draw from the face-down creation pile is counted,
never named.

Words come from the catalog (``gamecore/words/<lang>/nuevos_mundos_previews.json``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..protocol import Action
from ..words import join_words, t
from .data import BIOME_OF_CODE, BOARD_SPACES, SETTLEMENT_BASE, biome_label, card_label
from .game import LastCard, Lay, NoLastCard, NuevosMundosView, TakeBiome, TakeDigits, digit_spaces

KINDS: tuple[str, ...] = ("biome", "digits", "lay", "last", "none")
"""The table's five actions: the three turn actions and the two end-of-game choices."""

DISCARD_SPACE = 0
CREATION_SPACE = 1
LAST_SPACE = 6
"""Spaces 0 (discard pile), 1 (creation pile) and 2-6 (the five face-up board cards)."""


@dataclass(frozen=True)
class Take:
    """What one action would do with a card of the hand, worked out from a view.

    ``cards`` are the face-up cards it would take, as (space, card) in reading order;
    ``from_creation`` counts the face-down cards it would draw from the creation pile
    (their values are unknown until taken). ``text`` says it in a sentence (the button's
    label). ``spaces`` are the board spaces the action reads (the digits' spaces).
    """

    kind: str
    card: int | None
    text: str
    cards: tuple[tuple[int, int], ...] = ()
    from_creation: int = 0
    spaces: tuple[int, ...] = ()

    @property
    def codes(self) -> tuple[int, ...]:
        """The face-up cards taken, without their spaces."""
        return tuple(code for _, code in self.cards)


def visible_cards(view: NuevosMundosView) -> list[tuple[int, int]]:
    """The face-up cards a biome can take, as (space, card): spaces 2-6, then the top of
    the discard pile (space 0). The creation pile is face down and never counts."""
    cards = [(space, code) for space, code in zip(BOARD_SPACES, view.board) if code]
    if view.discard:
        cards.append((DISCARD_SPACE, view.discard[-1]))
    return cards


def _on_space(space: int, code: int) -> str:
    """A taken card in words: board cards by value, the discard pile's top with its pile."""
    if space == DISCARD_SPACE:
        return t("nuevos_mundos_previews.on_discard", card=card_label(code))
    return card_label(code)


def preview_biome(view: NuevosMundosView, card: int) -> Take:
    """Playing ``card`` for its biome takes every face-up card of that biome.

    Face up means the five cards on spaces 2-6 and the top of the discard pile; the
    creation pile never counts. With none visible the card is simply spent.
    """
    biome = BIOME_OF_CODE[card]
    taken = tuple((s, c) for s, c in visible_cards(view) if BIOME_OF_CODE[c] == biome)
    if taken:
        named = join_words([_on_space(s, c) for s, c in taken])
        text = t("nuevos_mundos_previews.biome_takes", cards=named)
    else:
        text = t("nuevos_mundos_previews.biome_nothing", biome=biome_label(biome))
    return Take("biome", card, text, taken, 0, tuple(s for s, _ in taken))


def _digit_take(
    view: NuevosMundosView, digit: int, digits: Sequence[int]
) -> tuple[tuple[int, int] | None, int, str]:
    """One digit's result: (the face-up card taken or None, face-down cards, words)."""
    if digit > LAST_SPACE:
        return None, 0, t("nuevos_mundos_previews.no_space", digit=digit)
    if digit == DISCARD_SPACE:
        if not view.discard:
            return None, 0, t("nuevos_mundos_previews.discard_empty")
        top = view.discard[-1]
        return (DISCARD_SPACE, top), 0, _on_space(DISCARD_SPACE, top)
    if digit == CREATION_SPACE:
        # The engine takes space 0 before space 1, and rebuilds an empty creation pile from
        # the discard pile minus its top card: a pile of one card rebuilds nothing.
        left = len(view.discard) - (1 if DISCARD_SPACE in digits and view.discard else 0)
        if view.creation_size or left > 1:
            return None, 1, t("nuevos_mundos_previews.creation_top")
        return None, 0, t("nuevos_mundos_previews.creation_empty")
    code = view.board[digit - 2]
    if not code:
        return None, 0, t("nuevos_mundos_previews.space_empty", digit=digit)
    return (digit, code), 0, card_label(code)


def preview_digits(view: NuevosMundosView, card: int) -> Take:
    """Playing a biome card for its digits takes the card on each space they name.

    The value is read with two digits (07 is 0 and 7). Digit 0 takes the top of the
    discard pile, digit 1 the unknown top card of the creation pile, 2-6 the card on that
    space; 7, 8 and 9 name no space, and a repeated digit takes its space once
    (``game.digit_spaces``). A settlement has no value, so it has no digits.
    """
    if card > SETTLEMENT_BASE:
        return Take("digits", card, t("nuevos_mundos_previews.settlement_no_digits"))
    tens, units = divmod(card, 10)
    digits = (tens,) if tens == units else (tens, units)
    taken: list[tuple[int, int]] = []
    words: list[str] = []
    notes: list[str] = []
    drawn = 0
    for digit in digits:
        got, unknown, said = _digit_take(view, digit, digits)
        (words if got is not None or unknown else notes).append(said)
        if got is not None:
            taken.append(got)
        drawn += unknown
    if tens == units:
        notes.append(t("nuevos_mundos_previews.repeated_digit"))
    cards = join_words(words) or t("nuevos_mundos_previews.nothing")
    if notes:
        joined = t("nuevos_mundos_previews.note_separator").join(notes)
        text = t(
            "nuevos_mundos_previews.digits_take_notes",
            tens=tens,
            units=units,
            cards=cards,
            notes=joined,
        )
    else:
        text = t("nuevos_mundos_previews.digits_take", tens=tens, units=units, cards=cards)
    return Take("digits", card, text, tuple(taken), drawn, digit_spaces(card))


def idle_label(kind: str) -> str:
    """An action's words when no card is chosen ("Take biome")."""
    labels = {
        "biome": t("nuevos_mundos_previews.idle_biome"),
        "digits": t("nuevos_mundos_previews.idle_digits"),
        "lay": t("nuevos_mundos_previews.idle_lay"),
        "last": t("nuevos_mundos_previews.idle_last"),
        "none": t("nuevos_mundos_previews.idle_none"),
    }
    return labels[kind]


def action_previews(view: NuevosMundosView, card: int | None) -> dict[str, Take]:
    """What each action of ``KINDS`` would do with ``card`` (None: no card chosen)."""
    if card is None:
        return {kind: Take(kind, None, idle_label(kind)) for kind in KINDS}
    label = card_label(card)
    return {
        "biome": preview_biome(view, card),
        "digits": preview_digits(view, card),
        "lay": Take("lay", card, t("nuevos_mundos_previews.lay", card=label)),
        "last": Take("last", card, t("nuevos_mundos_previews.last", card=label)),
        "none": Take("none", None, idle_label("none")),
    }


def action_for(kind: str, card: int | None) -> Action | None:
    """The engine action an action kind means (None when it needs a card and has none)."""
    if kind == "none":
        return NoLastCard()
    if card is None:
        return None
    actions: dict[str, type[TakeBiome | TakeDigits | Lay | LastCard]] = {
        "biome": TakeBiome,
        "digits": TakeDigits,
        "lay": Lay,
        "last": LastCard,
    }
    return actions[kind](card)
