"""Ecosfera: the position of a game, its fields listed once, and what the rules read off it.

``EcosferaPosition`` holds everything that changes during a game (``POSITION`` lists it
once: copying, comparing, views and ``bots.determinize`` loop over that list) and answers
the questions every rule asks (whose turn, which biome tiles are won, is it the solo game).
The rules that move it live beside it: ``checks.py`` says why an action is refused,
``turn.py`` carries an action out and runs the turn around it, and ``game.py`` joins them in
one table per action type. Those modules read and change the fields directly.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..protocol import Game, mypyc_attr
from ..words import t
from .data import ELEMENTS, CardSet

PLAYING, WON, LOST, TIME_UP = "playing", "won", "lost", "time_up"
DEFAULT_ROUND_LIMIT = 150
"""Rounds (every player one turn) after which an unfinished game ends (see the rules page)."""


def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number (``True`` and ``False`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------------------- the fields

LIST, LISTS, SET, VALUE, ROW = "list", "lists", "set", "value", "row"
"""How a field of the position is held: a list of cards, a list of lists (one per player
or element), a set of cards, a plain value, or a supply row (0 in the game for an empty
space, None in the view)."""


@dataclass(frozen=True)
class Field:
    """One part of an Ecosfera position, listed once in ``POSITION``."""

    name: str
    """The game's attribute."""
    shape: str
    view: str | None = None
    """The ``EcosferaView`` field that shows it (its own name if None; "" for none)."""
    hidden_order: bool = False
    """A deck whose contents are public but whose order is not: the view sorts it and
    ``bots.determinize`` deals it at random."""
    in_key: bool = True
    """Whether it is part of the position (the notes of the last action are not)."""

    @property
    def view_name(self) -> str:
        return self.name if self.view is None else self.view


POSITION: tuple[Field, ...] = (
    Field("lines", LISTS),
    Field("decks", LISTS, view="deck_contents", hidden_order=True),
    Field("discards", LISTS),
    Field("waiting", LISTS),
    Field("tiles", LISTS),
    Field("plant_row", ROW),
    Field("animal_row", ROW),
    Field("plant_deck", LIST, hidden_order=True),
    Field("animal_deck", LIST, hidden_order=True),
    Field("element_decks", LISTS),
    Field("disaster_deck", LIST),
    Field("box", LIST),
    Field("biome_tiles", LIST),
    Field("extinction_tiles", VALUE),
    Field("used", SET),
    Field("symbols_used", SET),
    Field("achieved", VALUE),
    Field("reactivations", VALUE),
    Field("turns", VALUE),
    Field("status", VALUE, view="outcome"),
    Field("notes", LIST, in_key=False),
    Field("_turn", VALUE, view="turn_player"),
    Field("_current", VALUE, view="current_player"),
)
"""Everything that changes during a game, listed once: ``clone``, ``==`` (the key), ``view``
and ``bots.determinize`` loop over it."""


def copy_field(shape: str, value: Any) -> Any:
    """A copy of a field's value that the copy can change."""
    if shape == LISTS:
        return [list(x) for x in value]
    if shape in (LIST, ROW):
        return list(value)
    if shape == SET:
        return set(value)
    return value


def frozen_field(field: Field, value: Any, *, for_view: bool = False) -> Any:
    """A field's value as tuples and frozensets (hidden orders sorted in a view)."""
    shape = field.shape
    hide = for_view and field.hidden_order
    if shape == LISTS:
        return tuple(tuple(sorted(x)) if hide else tuple(x) for x in value)
    if shape == LIST:
        return tuple(sorted(value)) if hide else tuple(value)
    if shape == ROW:
        return tuple((c or None) if for_view else c for c in value)
    if shape == SET:
        return frozenset(value)
    return value


# ---------------------------------------------------------------------------- the position


# the game subclasses it, and with_cards() subclasses the game, also when mypyc compiles
# these modules
@mypyc_attr(allow_interpreted_subclasses=True)
class EcosferaPosition(Game):
    """The position of a game of Ecosfera: the fields of ``POSITION`` and the questions the
    rules ask of them. ``Ecosfera`` (``game.py``) adds the set-up, the choices and the table
    of rules."""

    cards: CardSet
    lines: list[list[int]]
    decks: list[list[int]]
    """Each player's deck, top card last."""
    discards: list[list[int]]
    waiting: list[list[int]]
    tiles: list[list[bool]]
    plant_row: list[int]
    """ROW_SIZE spaces, 0 for an empty one."""
    animal_row: list[int]
    plant_deck: list[int]
    animal_deck: list[int]
    element_decks: list[list[int]]
    disaster_deck: list[int]
    box: list[int]
    """Element cards left in the box at this level and player count."""
    biome_tiles: list[int]
    """The biomes whose tiles are placed, in the order they were won."""
    extinction_tiles: int
    used: set[int]
    symbols_used: set[int]
    achieved: bool
    reactivations: int
    turns: int
    status: str
    notes: list[str]
    """What happened by itself during the last action (a disaster, a turn ending, ...)."""
    _turn: int
    _current: int | None

    @property
    def level(self) -> int:
        level: int = self.options["level"]
        return level

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def turn_player(self) -> int:
        """Whose turn it is (at the end: whose turn it was)."""
        return self._turn

    def _won_mask(self) -> int:
        """The biomes whose tiles are placed, as a mask (bit b for biome b)."""
        return sum(1 << b for b in self.biome_tiles)

    def mycorrhiza_tiles(self, a: int, b: int) -> int:
        """The biome tiles (a mask) that ``a`` and ``b`` would win by mycorrhiza: not zero
        when one is a tree with the mushroom symbol, the other a mushroom, and a biome they
        share has no tile yet. Such a pair mycorrhizes: it cannot call an animal."""
        cards = self.cards
        if not (
            (a in cards.symbol_trees and b in cards.mushrooms)
            or (b in cards.symbol_trees and a in cards.mushrooms)
        ):
            return 0
        return cards.biome_mask[a] & cards.biome_mask[b] & ~self._won_mask()

    def supply_elements(self) -> int:
        """Element cards left in the element decks (a point each at the end)."""
        return sum(len(d) for d in self.element_decks)

    def describe_outcome(self) -> str:
        """How the game stands, in words ("in play", "won: ...")."""
        if self.status == WON:
            return t("ecosfera.outcome_won")
        if self.status == LOST:
            return t("ecosfera.outcome_lost")
        if self.status == TIME_UP:
            return t("ecosfera.outcome_time_up", rounds=self.options["round_limit"])
        return t("ecosfera.outcome_playing")

    def locations(self) -> Iterator[tuple[str, list[int]]]:
        """Every place a card can be, with its cards (named for tests and invariants)."""
        for p in range(len(self.players)):
            yield f"deck {p}", self.decks[p]
            yield f"line {p}", self.lines[p]
            yield f"discard {p}", self.discards[p]
            yield f"waiting {p}", self.waiting[p]
        yield "plant row", [c for c in self.plant_row if c]
        yield "animal row", [c for c in self.animal_row if c]
        yield "plant deck", self.plant_deck
        yield "animal deck", self.animal_deck
        for e, deck in enumerate(self.element_decks):
            yield f"{ELEMENTS[e]} deck", deck
        yield "disaster deck", self.disaster_deck
        yield "box", self.box

    def where_is(self, code: int) -> str:
        """Where a card is now (the name of its place in ``locations``)."""
        for place, cards in self.locations():
            if code in cards:
                return place
        return "nowhere"

    def _state_key(self) -> tuple[Any, ...]:
        key = [frozen_field(f, getattr(self, f.name)) for f in POSITION if f.in_key]
        return (*key, self._chance_count)

    def _copy_state(self, other: Any) -> None:
        other.cards = self.cards
        for f in POSITION:
            setattr(other, f.name, copy_field(f.shape, getattr(self, f.name)))
