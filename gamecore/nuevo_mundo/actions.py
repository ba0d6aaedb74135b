"""Nuevo Mundo: the actions, as small frozen objects with whole-number fields.

Regions are numbers (``Map.regions``); an action's ``str()`` names them by number, and
``NuevoMundo.describe(action)`` by the map's names ("AT", "BM"). Who takes an action is the
game's ``current_player``: the player whose turn it is, or the defender when it is the
defender's decision (answering a retreat, choosing a tactic).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ..protocol import Action
from ..words import t
from .data import CARDS, CATEGORIES, COLOURS


def region_number(region: int) -> str:
    """A region named by its number, for an action read without its map ("region 3")."""
    return t("nuevo_mundo.region_number", number=region)


class _OnMap(Action):
    """An action that names regions: ``describe(name)`` says it with the map's names, and
    ``str()`` with the regions' numbers."""

    def describe(self, name: Callable[[int], str] = region_number) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class NumberRolled(Action):
    """The numeric die showed ``value`` (1-6): typed in from a real table (``dice="table"``)."""

    kind: ClassVar[str] = "number_rolled"
    value: int

    def __str__(self) -> str:
        return t("nuevo_mundo.action_number_rolled", value=self.value)


@dataclass(frozen=True)
class ColourRolled(Action):
    """The colour die showed ``colour`` (0 green, 1 red, 2 black): typed in from a real table."""

    kind: ClassVar[str] = "colour_rolled"
    colour: int

    def __str__(self) -> str:
        return t("nuevo_mundo.action_colour_rolled", colour=colour_word(self.colour))


@dataclass(frozen=True)
class CardDrawn(Action):
    """The card turned face up from the deck, or handed over by a defender, was ``card``
    (its number, 0-39): typed in from a real table (``cards="table"``)."""

    kind: ClassVar[str] = "card_drawn"
    card: int

    def __str__(self) -> str:
        return t("nuevo_mundo.action_card_drawn", card=card_words(self.card))


@dataclass(frozen=True)
class Settle(_OnMap):
    """Enter the board: build the first settlement (2 CA) and put 3 CQ in ``region``."""

    kind: ClassVar[str] = "settle"
    region: int

    def describe(self, name: Callable[[int], str] = region_number) -> str:
        return t("nuevo_mundo.action_settle", region=name(self.region))


@dataclass(frozen=True)
class PickCard(Action):
    """Take the face-up discovery card at ``slot`` (0-2)."""

    kind: ClassVar[str] = "pick_card"
    slot: int

    def __str__(self) -> str:
        return t("nuevo_mundo.action_pick_card", slot=self.slot + 1)


@dataclass(frozen=True)
class PlaceCQ(_OnMap):
    """Buy ``count`` CQ (1 credit each) and put them in own land ``region``."""

    kind: ClassVar[str] = "place_cq"
    region: int
    count: int

    def describe(self, name: Callable[[int], str] = region_number) -> str:
        return t("nuevo_mundo.action_place_cq", n=self.count, region=name(self.region))


@dataclass(frozen=True)
class PlaceCA(_OnMap):
    """Buy a CA (2 credits) and put it in own land ``region``."""

    kind: ClassVar[str] = "place_ca"
    region: int

    def describe(self, name: Callable[[int], str] = region_number) -> str:
        return t("nuevo_mundo.action_place_ca", region=name(self.region))


@dataclass(frozen=True)
class PlaceShip(_OnMap):
    """Buy a ship (1 credit) in own land ``land``, put 1 CQ from there aboard as its crew
    and launch it into ``sea`` across their open coast."""

    kind: ClassVar[str] = "place_ship"
    land: int
    sea: int

    def describe(self, name: Callable[[int], str] = region_number) -> str:
        return t("nuevo_mundo.action_place_ship", land=name(self.land), sea=name(self.sea))


@dataclass(frozen=True)
class Aim(_OnMap):
    """Put the white cone on the border from ``origin`` to ``destination`` and throw the
    colour die (mobilisation by land or by sea)."""

    kind: ClassVar[str] = "aim"
    origin: int
    destination: int

    def describe(self, name: Callable[[int], str] = region_number) -> str:
        return t(
            "nuevo_mundo.action_aim", origin=name(self.origin), destination=name(self.destination)
        )


@dataclass(frozen=True)
class Move(Action):
    """After a green throw by land: move ``count`` CQ across the border."""

    kind: ClassVar[str] = "move"
    count: int

    def __str__(self) -> str:
        return t("nuevo_mundo.action_move", n=self.count)


@dataclass(frozen=True)
class Sail(Action):
    """After a green throw by sea: sail ``ships`` ships (a fleet) carrying ``troops`` CQ
    across the border."""

    kind: ClassVar[str] = "sail"
    ships: int
    troops: int

    def __str__(self) -> str:
        return t("nuevo_mundo.action_sail", n=self.ships, troops=self.troops)


@dataclass(frozen=True)
class Combo(Action):
    """Show cards of ``category`` (index in ``data.CATEGORIES``) to cancel the die: 2 cards
    cancel black, 3 cancel red."""

    kind: ClassVar[str] = "combo"
    category: int

    def __str__(self) -> str:
        return t("nuevo_mundo.action_combo", category=category_word(self.category))


@dataclass(frozen=True)
class NoCombo(Action):
    """Accept the die's result without showing a combo."""

    kind: ClassVar[str] = "no_combo"

    def __str__(self) -> str:
        return t("nuevo_mundo.action_no_combo")


@dataclass(frozen=True)
class Embark(_OnMap):
    """Load ``count`` CQ from ``land`` onto own ships in ``sea`` across an open coast."""

    kind: ClassVar[str] = "embark"
    land: int
    sea: int
    count: int

    def describe(self, name: Callable[[int], str] = region_number) -> str:
        return t(
            "nuevo_mundo.action_embark", n=self.count, land=name(self.land), sea=name(self.sea)
        )


@dataclass(frozen=True)
class Disembark(_OnMap):
    """Unload ``count`` CQ from own ships in ``sea`` into ``land`` (the crews stay aboard)."""

    kind: ClassVar[str] = "disembark"
    sea: int
    land: int
    count: int

    def describe(self, name: Callable[[int], str] = region_number) -> str:
        return t(
            "nuevo_mundo.action_disembark", n=self.count, land=name(self.land), sea=name(self.sea)
        )


@dataclass(frozen=True)
class Attack(_OnMap):
    """Start the battle in conflict ``region``."""

    kind: ClassVar[str] = "attack"
    region: int

    def describe(self, name: Callable[[int], str] = region_number) -> str:
        return t("nuevo_mundo.action_attack", region=name(self.region))


@dataclass(frozen=True)
class Negotiate(_OnMap):
    """Ask the defender to let all own troops in conflict ``region`` retreat to
    ``destination``."""

    kind: ClassVar[str] = "negotiate"
    region: int
    destination: int

    def describe(self, name: Callable[[int], str] = region_number) -> str:
        return t(
            "nuevo_mundo.action_negotiate",
            region=name(self.region),
            destination=name(self.destination),
        )


@dataclass(frozen=True)
class Answer(Action):
    """The defender's answer to a retreat: ``accept`` 1 lets it go ahead, 0 refuses (battle)."""

    kind: ClassVar[str] = "answer"
    accept: int

    def __str__(self) -> str:
        return t("nuevo_mundo.action_accept" if self.accept else "nuevo_mundo.action_refuse")


@dataclass(frozen=True)
class Tactic(Action):
    """Turn the criptex to ``tactic`` (1-5), in secret."""

    kind: ClassVar[str] = "tactic"
    tactic: int

    def __str__(self) -> str:
        return t("nuevo_mundo.action_tactic", tactic=self.tactic)


@dataclass(frozen=True)
class Plunder(Action):
    """Take a card of ``category`` from the defender (its points unseen: drawn at random
    among the defender's cards of that category)."""

    kind: ClassVar[str] = "plunder"
    category: int

    def __str__(self) -> str:
        return t("nuevo_mundo.action_plunder", category=category_word(self.category))


@dataclass(frozen=True)
class EndTurn(Action):
    """End the turn (the cones come off the map)."""

    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return t("nuevo_mundo.action_end_turn")


ACTIONS: tuple[type[Action], ...] = (
    NumberRolled,
    ColourRolled,
    CardDrawn,
    Settle,
    PickCard,
    PlaceCQ,
    PlaceCA,
    PlaceShip,
    Aim,
    Move,
    Sail,
    Combo,
    NoCombo,
    Embark,
    Disembark,
    Attack,
    Negotiate,
    Answer,
    Tactic,
    Plunder,
    EndTurn,
)


def colour_word(colour: int) -> str:
    """A colour of the die in words ("green")."""
    if 0 <= colour < len(COLOURS):
        return t(f"nuevo_mundo.colour_{COLOURS[colour]}")
    return str(colour)


def card_words(card: int) -> str:
    """A card in words, with its category and points ("Potato (Seeds and roots, 3 points)");
    a number that is no card, as a number."""
    if not 0 <= card < len(CARDS):
        return t("nuevo_mundo.card_number", number=card)
    found = CARDS[card]
    return t(
        "nuevo_mundo.card_words",
        card=found.title,
        category=t(f"nuevo_mundo_cards.category_{found.category}"),
        n=found.points,
    )


def category_word(category: int) -> str:
    """A discovery category in words ("Fruits")."""
    if 0 <= category < len(CATEGORIES):
        return t(f"nuevo_mundo_cards.category_{CATEGORIES[category]}")
    return str(category)
