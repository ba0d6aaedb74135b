"""The Ecosfera planner's model of a turn: its positions and the rules of each step.

The planner (``planner.py``) searches the actions of one turn without touching the engine:
it works on ``TurnPosition``, a small copy of what the turn player's position holds (element
cards counted per element, plant & fungi and animal cards in sorted tuples), and on plan
steps, plain tuples with one kind per engine action. ``TurnRules`` holds the rules the
search needs: which steps a position allows (in one canonical order, so each position is
reached once), what a step or a draw changes, and the engine's checks after it.

This is the part the search runs hundreds of thousands of times per game, so ``copy`` and
``key`` are written out field by field (a loop over the fields is about twice as slow, and
code built with ``exec`` cannot be compiled by mypyc); ``tests/test_planner_parts.py``
checks they name every field. The value of a position is in ``planner_value.py``.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from typing import Any, Final

from .actions import NO_TILE, OWN_DECK, RECYCLE, TILE
from .data import (
    ABILITIES,
    BIOME_TILES,
    ELEMENT_BASE,
    ELEMENT_CARDS_PER_ELEMENT,
    ELEMENT_OF,
    ELEMENTS,
    EXTINCTION_TILES,
    MOVEMENT,
    THREE_OF_A_KIND,
    CardSet,
    is_plant,
)

ALL_BIOMES: Final = (1 << BIOME_TILES) - 1
N_ELEMENTS: Final = len(ELEMENTS)
ELEMENT_CARD: Final = tuple(
    ELEMENT_BASE + e * ELEMENT_CARDS_PER_ELEMENT + 1 for e in range(N_ELEMENTS)
)
"""One code standing for any card of each element (cards of one element are identical)."""

# A step of a plan, (kind, card, other, choice), one per engine action: acquire ``card``
# (``other``: the missing element); acquire animal ``card`` with plants ``other`` and
# ``choice``; pair animals ``card`` and ``other`` (``choice``: the tile turned up or NO_TILE);
# mycorrhiza of tree ``card`` and mushroom ``other``; move ``card`` to ``other`` (RECYCLE or
# OWN_DECK). Element cards are named by one code per element (``ELEMENT_CARD``). Plain
# tuples: the search makes many of them.
_ACQUIRE_PLANT: Final = 0
_TAKE_MISSING_ELEMENT: Final = 1
_ACQUIRE_ANIMAL: Final = 2
_CLAIM_BIOMES: Final = 3
_MYCORRHIZA: Final = 4
_MOVE_CARD: Final = 5
# the phases of a turn, in order
_BUYING: Final = 0
_CALLING: Final = 1
_PAIRING: Final = 2
_MOVING: Final = 3
_DOWN: Final = tuple(
    tuple(t for t in range(len(ABILITIES)) if not up >> t & 1) for up in range(1 << len(ABILITIES))
)
"""The ability tiles face down, for each bit mask of the tiles face up."""
_PHASE: Final = 1000
PlanStep = tuple[int, int, int, int]
_CHECKED: Final = frozenset((_TAKE_MISSING_ELEMENT, _CLAIM_BIOMES, _MYCORRHIZA))
"""The steps that may set off the engine's checks: they add an element card to the line
or win tiles. The others add no element card, disaster or tile, so a position whose
checks passed still passes after them."""


@dataclass(slots=True)
class TurnPosition:
    """The turn player's position inside a turn, as far as the plan needs it.

    A new field goes into ``_copy_position`` and ``_position_key`` too (a test checks).
    Element cards are counted per element (cards of one element are identical); plant &
    fungi and animal cards are named by their codes, in sorted tuples, so equal positions
    are equal.
    """

    unused_elements: tuple[int, ...]
    """Unused element cards of the line, per element."""
    line_elements: tuple[int, ...]
    """All element cards of the line (used or not), per element: three end the turn."""
    unused_plants: tuple[int, ...]
    """Unused plant & fungi cards of the line, sorted."""
    unused_animals: tuple[int, ...]
    """Unused animal cards of the line, sorted."""
    disasters: int
    """Disaster cards on the line."""
    symbols_ready: tuple[int, ...]
    """Cards of the line whose ability symbol is unspent, sorted."""
    symbols_spent: tuple[int, ...]
    """Cards whose symbol was spent this turn (it stays spent if the card comes back)."""
    plant_row: tuple[int, ...]
    """The plant & fungi row; 0 for an empty space or a card not shown yet."""
    animal_row: tuple[int, ...]
    tiles_up: int
    """Face-up ability tiles, bit t for tile t (plus, refresh, movement)."""
    biomes_won: int
    """Biomes whose tiles are placed, bit b for biome b."""
    achieved: bool
    """Whether the turn has acquired a card or placed a biome tile (no disaster at its end)."""
    extinction_tiles: int
    element_supply: tuple[int, ...]
    """Cards left in each element deck."""
    disaster_deck: int
    """Cards left in the disaster deck."""
    acquired: tuple[int, ...]
    """Plant & fungi and animal cards acquired this turn, sorted."""
    elements_taken: tuple[int, ...]
    """Element cards taken from the supply this turn (the missing element), per element."""
    recycled: tuple[int, ...]
    """Plant & fungi and animal cards recycled to their decks this turn, sorted."""
    elements_recycled: tuple[int, ...]
    """Element cards recycled to the supply this turn, per element."""
    waiting: tuple[int, ...]
    """Cards waiting face up on top of the deck for the next line (solo)."""
    disasters_taken: int
    """Disaster cards added to the player's cards this turn."""
    order: int
    """Where the plan is in its canonical order: ``phase * 1000 + last card``. A plan buys
    plants, then calls animals, then pairs, then moves plants and animals away, each step
    in card order (other orders reach the same positions, so they are not searched again).
    Moving element cards, a purchase that ends the turn, and a pairing that turns a used
    tile face up again may come at any time."""
    turn_over: bool

    def copy(self) -> TurnPosition:
        """A copy to change (the fields hold numbers and tuples: a shallow copy is whole)."""
        return _copy_position(self)

    def key(self) -> tuple[Any, ...]:
        """Every field, for the memo of positions already searched."""
        return _position_key(self)


def _copy_position(s: TurnPosition) -> TurnPosition:
    """A shallow copy, field by field, into a bare instance (``__init__`` would take the 23
    values as arguments, about twice as slow). ``TurnPosition.__new__`` rather than
    ``object.__new__``, which a class compiled by mypyc refuses."""
    o: TurnPosition = TurnPosition.__new__(TurnPosition)
    o.unused_elements = s.unused_elements
    o.line_elements = s.line_elements
    o.unused_plants = s.unused_plants
    o.unused_animals = s.unused_animals
    o.disasters = s.disasters
    o.symbols_ready = s.symbols_ready
    o.symbols_spent = s.symbols_spent
    o.plant_row = s.plant_row
    o.animal_row = s.animal_row
    o.tiles_up = s.tiles_up
    o.biomes_won = s.biomes_won
    o.achieved = s.achieved
    o.extinction_tiles = s.extinction_tiles
    o.element_supply = s.element_supply
    o.disaster_deck = s.disaster_deck
    o.acquired = s.acquired
    o.elements_taken = s.elements_taken
    o.recycled = s.recycled
    o.elements_recycled = s.elements_recycled
    o.waiting = s.waiting
    o.disasters_taken = s.disasters_taken
    o.order = s.order
    o.turn_over = s.turn_over
    return o


def _position_key(s: TurnPosition) -> tuple[Any, ...]:
    """Every field of ``s`` in order, for the memo of positions already searched."""
    return (
        s.unused_elements,
        s.line_elements,
        s.unused_plants,
        s.unused_animals,
        s.disasters,
        s.symbols_ready,
        s.symbols_spent,
        s.plant_row,
        s.animal_row,
        s.tiles_up,
        s.biomes_won,
        s.achieved,
        s.extinction_tiles,
        s.element_supply,
        s.disaster_deck,
        s.acquired,
        s.elements_taken,
        s.recycled,
        s.elements_recycled,
        s.waiting,
        s.disasters_taken,
        s.order,
        s.turn_over,
    )


def _has_three(counts: tuple[int, ...]) -> bool:
    """Whether some count reaches three of a kind (``max()`` is a slow call compiled; mypyc
    turns ``any`` over a generator into a loop)."""
    return any(k >= THREE_OF_A_KIND for k in counts)


def _add(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    out = list(values)
    out[index] += delta
    return tuple(out)


def _insert(values: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = bisect_left(values, card)
    return (*values[:i], card, *values[i:])


def _take_from_row(row: tuple[int, ...], card: int) -> tuple[int, ...]:
    """The row with ``card``'s space empty (0)."""
    i = row.index(card)
    return (*row[:i], 0, *row[i + 1 :])


def _remove(values: tuple[int, ...], card: int) -> tuple[int, ...]:
    out = list(values)
    out.remove(card)
    return tuple(out)


class TurnRules:
    """The rules of a turn as the plan sees them: the steps a position allows, what each
    step or draw changes, the engine's checks. ``PlannerBot`` sets the fields below for
    each decision (``_prepare``)."""

    cards: CardSet
    """The game's card list."""
    cost_items: list[tuple[tuple[int, int], ...]]
    """The cost of each plant code as (element, count) pairs, the counts above zero."""
    solo: bool
    """Whether the game is solo (only then may a card go on top of the player's deck)."""
    root_passes: bool
    """Whether the root passes the engine's line checks (``_prepare``)."""

    def _draw(self, s: TurnPosition, card: int) -> None:
        """A card drawn onto the line (0 for a disaster), then the line's checks."""
        if card == 0:
            s.disasters += 1
        else:
            e = ELEMENT_OF[card]
            if e >= 0:
                s.unused_elements = _add(s.unused_elements, e, 1)
                s.line_elements = _add(s.line_elements, e, 1)
            elif is_plant(card):
                s.unused_plants = _insert(s.unused_plants, card)
            else:
                s.unused_animals = _insert(s.unused_animals, card)
            if self.cards.abilities[card] and card not in s.symbols_spent:
                s.symbols_ready = _insert(s.symbols_ready, card)
        self._checks(s)

    def _actions(self, s: TurnPosition) -> list[PlanStep]:
        cards = self.cards
        mask = cards.biome_mask
        acts: list[PlanStep] = []
        phase, last = divmod(s.order, _PHASE)
        won = s.biomes_won
        ending: list[PlanStep] = []
        self._purchases(s, acts, None if phase > _BUYING else last, ending)
        plants = s.unused_plants
        if phase <= _CALLING and len(plants) >= 2:
            after = last if phase == _CALLING else 0
            row = [a for a in s.animal_row if a > after]
            if row:
                for i, a in enumerate(plants):
                    for b in plants[i + 1 :]:
                        common = mask[a] & mask[b]
                        if common and not self._mycorrhizes(a, b, won):
                            acts.extend((_ACQUIRE_ANIMAL, x, a, b) for x in row if mask[x] & common)
        if phase <= _PAIRING:
            after = last if phase == _PAIRING else 0
            down = _DOWN[s.tiles_up]
            animals = s.unused_animals
            for i, a in enumerate(animals):
                if a <= after:
                    continue
                for b in animals[i + 1 :]:
                    common = mask[a] & mask[b]
                    if not common:
                        continue
                    acts.extend((_CLAIM_BIOMES, a, b, t) for t in down)
                    if common & ~won:
                        acts.append((_CLAIM_BIOMES, a, b, NO_TILE))
            for tree in plants:
                if tree in cards.symbol_trees and tree > after:
                    for m in plants:
                        if m in cards.mushrooms and mask[tree] & mask[m] & ~won:
                            acts.append((_MYCORRHIZA, tree, m, 0))
        # a purchase whose missing element makes three of a kind ends the turn: it may come
        # after any other step
        acts.extend(ending)
        return acts

    def _mycorrhizes(self, a: int, b: int, won: int) -> bool:
        """Whether plants ``a`` and ``b`` must mycorrhize (a tree with the mushroom symbol
        and a mushroom with a shared tile to win): then they call no animal."""
        cards = self.cards
        pair = (a in cards.symbol_trees and b in cards.mushrooms) or (
            b in cards.symbol_trees and a in cards.mushrooms
        )
        return pair and bool(cards.biome_mask[a] & cards.biome_mask[b] & ~won)

    def _move_actions(self, s: TurnPosition) -> list[PlanStep]:
        """Moves of unused cards: recycle an element card, plant or animal to its supply
        deck, or (solo) carry a plant or animal to the next line."""
        abilities = self.cards.abilities
        movers = [c for c in s.symbols_ready if MOVEMENT in abilities[c]]
        tile = s.tiles_up >> MOVEMENT & 1
        if not tile and not movers:
            return []
        acts: list[PlanStep] = [
            (_MOVE_CARD, ELEMENT_CARD[e], RECYCLE, 0)
            for e in range(N_ELEMENTS)
            if s.unused_elements[e]
        ]
        targets = (RECYCLE, OWN_DECK) if self.solo else (RECYCLE,)
        for card in (*s.unused_plants, *s.unused_animals):
            # a source other than the card itself (``_source`` is not None)
            if tile or len(movers) > 1 or movers[0] != card:
                acts.extend((_MOVE_CARD, card, to, 0) for to in targets)
        return acts

    def _purchases(
        self, s: TurnPosition, acts: list[PlanStep], after: int | None, ending: list[PlanStep]
    ) -> None:
        """Plants of the row the unused element cards pay for, alone or with one missing
        element: into ``acts`` those numbered above ``after`` (none when ``after`` is None),
        into ``ending`` those whose missing element makes three of a kind (they end the
        turn, so they may come at any time). One pass for both: the costs are compared once.
        (The cards of a row are all different.)"""
        cost_items = self.cost_items
        unused = s.unused_elements
        for plant in s.plant_row:
            if not plant:
                continue
            short = -1
            shortfall = 0
            for e, n in cost_items[plant]:
                have = unused[e]
                if have < n:
                    shortfall += n - have
                    short = e
            if shortfall == 0:
                if after is not None and plant > after:
                    acts.append((_ACQUIRE_PLANT, plant, -1, 0))
            elif shortfall == 1 and s.element_supply[short] > 0:
                if s.line_elements[short] + 1 >= THREE_OF_A_KIND:
                    ending.append((_TAKE_MISSING_ELEMENT, plant, short, 0))
                elif after is not None and plant > after:
                    acts.append((_TAKE_MISSING_ELEMENT, plant, short, 0))

    def _source(self, s: TurnPosition, ability: int, card: int | None) -> int | None:
        """The source to spend for ``ability``: a card with that symbol only, else a card
        with two symbols, else the tile; never the moved ``card`` itself (a movement symbol
        moves another card)."""
        abilities = self.cards.abilities
        double: int | None = None
        for c in s.symbols_ready:
            if c != card and ability in abilities[c]:
                if len(abilities[c]) == 1:
                    return c
                if double is None:
                    double = c
        if double is not None:
            return double
        if s.tiles_up >> ability & 1:
            return TILE
        return None

    def _spend(self, s: TurnPosition, source: int, ability: int) -> TurnPosition:
        c = s.copy()
        if source == TILE:
            c.tiles_up &= ~(1 << ability)
        else:
            c.symbols_ready = _remove(c.symbols_ready, source)
            c.symbols_spent = _insert(c.symbols_spent, source)
        return c

    def _apply(self, s: TurnPosition, step: PlanStep) -> TurnPosition:
        """The position after one step of a plan, then the engine's line checks."""
        kind, card, other, choice = step
        c = _copy_position(s)
        if kind == _ACQUIRE_PLANT:
            self._acquire_plant(c, card, None)
        elif kind == _TAKE_MISSING_ELEMENT:
            self._acquire_plant(c, card, other)
        elif kind == _ACQUIRE_ANIMAL:
            self._acquire_animal(c, card, other, choice)
        elif kind == _CLAIM_BIOMES:
            self._claim_biomes(c, card, other, choice)
        elif kind == _MYCORRHIZA:
            self._mycorrhiza(c, card, other)
        else:
            self._move(c, card, other)
        if kind in _CHECKED or not self.root_passes:
            self._checks(c)
        return c

    def _acquire_plant(self, c: TurnPosition, plant: int, missing: int | None) -> None:
        """Pay ``plant``'s cost with unused element cards (the ``missing`` element taken from
        its deck)."""
        cards = self.cards
        unused = list(c.unused_elements)
        for e, n in self.cost_items[plant]:
            unused[e] -= n
        if missing is not None:
            unused[missing] += 1
            c.line_elements = _add(c.line_elements, missing, 1)
            c.element_supply = _add(c.element_supply, missing, -1)
            c.elements_taken = _add(c.elements_taken, missing, 1)
        c.unused_elements = tuple(unused)
        c.plant_row = _take_from_row(c.plant_row, plant)
        c.unused_plants = _insert(c.unused_plants, plant)
        c.acquired = _insert(c.acquired, plant)
        if cards.abilities[plant] and plant not in c.symbols_spent:
            c.symbols_ready = _insert(c.symbols_ready, plant)
        c.achieved = True
        c.order = _BUYING * _PHASE + plant

    def _acquire_animal(self, c: TurnPosition, animal: int, plant_a: int, plant_b: int) -> None:
        plants = list(c.unused_plants)
        plants.remove(plant_a)
        plants.remove(plant_b)
        c.unused_plants = tuple(plants)
        c.animal_row = _take_from_row(c.animal_row, animal)
        c.unused_animals = _insert(c.unused_animals, animal)
        c.acquired = _insert(c.acquired, animal)
        if self.cards.abilities[animal] and animal not in c.symbols_spent:
            c.symbols_ready = _insert(c.symbols_ready, animal)
        c.achieved = True
        c.order = _CALLING * _PHASE + animal

    def _claim_biomes(self, c: TurnPosition, animal_a: int, animal_b: int, reactivate: int) -> None:
        animals = list(c.unused_animals)
        animals.remove(animal_a)
        animals.remove(animal_b)
        c.unused_animals = tuple(animals)
        mask = self.cards.biome_mask
        new = mask[animal_a] & mask[animal_b] & ~c.biomes_won
        if new:
            c.biomes_won |= new
            c.achieved = True
        if reactivate != NO_TILE:
            c.tiles_up |= 1 << reactivate
        c.order = _PAIRING * _PHASE + min(animal_a, animal_b)

    def _mycorrhiza(self, c: TurnPosition, tree: int, mushroom: int) -> None:
        plants = list(c.unused_plants)
        plants.remove(tree)
        plants.remove(mushroom)
        c.unused_plants = tuple(plants)
        c.biomes_won |= self.cards.biome_mask[tree] & self.cards.biome_mask[mushroom]
        c.achieved = True
        c.order = _PAIRING * _PHASE + tree

    def _move(self, c: TurnPosition, card: int, to: int) -> None:
        """Movement: ``card`` leaves the line (with its unspent symbol) for ``to``."""
        source = self._source(c, MOVEMENT, card)
        assert source is not None
        if source == TILE:
            c.tiles_up &= ~(1 << MOVEMENT)
        else:
            c.symbols_ready = _remove(c.symbols_ready, source)
            c.symbols_spent = _insert(c.symbols_spent, source)
        if card in c.symbols_ready:
            c.symbols_ready = _remove(c.symbols_ready, card)
        e = ELEMENT_OF[card]
        if e >= 0:
            c.unused_elements = _add(c.unused_elements, e, -1)
            c.line_elements = _add(c.line_elements, e, -1)
        elif is_plant(card):
            c.unused_plants = _remove(c.unused_plants, card)
        else:
            c.unused_animals = _remove(c.unused_animals, card)
        if e < 0:
            c.order = _MOVING * _PHASE + card
        if to == OWN_DECK:
            c.waiting = _insert(c.waiting, card)
        elif e >= 0:
            c.element_supply = _add(c.element_supply, e, 1)
            c.elements_recycled = _add(c.elements_recycled, e, 1)
        else:
            c.recycled = _insert(c.recycled, card)

    def _take_disaster(self, s: TurnPosition) -> None:
        if s.disaster_deck > 0:
            s.disaster_deck -= 1
            s.disasters += 1
            s.disasters_taken += 1
        else:
            s.extinction_tiles += 1

    def _checks(self, s: TurnPosition) -> None:
        """The engine's checks after an action: all tiles win; three disasters cost an
        extinction tile; three cards of one element bring a disaster; either ends the turn."""
        if s.biomes_won == ALL_BIOMES:
            s.turn_over = True
        elif s.disasters >= THREE_OF_A_KIND:
            s.extinction_tiles += 1
            s.turn_over = True
        elif _has_three(s.line_elements):
            self._take_disaster(s)
            if s.extinction_tiles < EXTINCTION_TILES and s.disasters >= THREE_OF_A_KIND:
                s.extinction_tiles += 1
            s.turn_over = True
