"""The Ecosfera planner's heuristic: what the position a turn ends in is worth, and its memos.

The planner (``planner.py``) ends every plan it searches with a value from here. The value
counts the tiles won and lost now, and estimates the turns to come from the player's own
cards: the chance that they pair up for each missing biome, the risks in the deck (lines of
three disasters or three cards of one element), enough element cards to buy, and the tiles
the next line is expected to win, measured on a few guessed next lines (four cards dealt from
the deck the view shows, in an order it hides). ``Weights`` holds what each feature is worth.

Most plans end in positions the heuristic cannot tell apart, so ``PositionValue`` keeps memos
keyed by exactly the inputs each part reads; the bot empties them when those inputs change.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from .data import (
    ABILITIES,
    ANIMAL_BASE,
    BIOME_TILES,
    ELEMENT_BASE,
    ELEMENT_OF,
    EXTINCTION_TILES,
    LINE_SIZE,
    PLANT_BASE,
    THREE_OF_A_KIND,
    CardSet,
    is_animal,
    is_disaster,
    is_plant,
)
from .planner_turn import ALL_BIOMES, N_ELEMENTS, TurnPosition, TurnRules

WIN_VALUE: Final = 1e9
LOSS_VALUE: Final = -1e9
STOCK: Final = 6


@dataclass(frozen=True)
class Weights:
    """The heuristic's weights: how much each feature of the position after a turn is worth.

    The unit is one biome tile (``tile``); everything else is measured against it.
    """

    tile: float = 1000.0
    extinction: float = 350.0
    """Each extinction tile placed (the game is lost at the seventh)."""
    potential: float = 380.0
    """Each missing biome, times the chance (0-1) that the owned cards win it soon."""
    horizon: float = 6.0
    """Turns ahead over which pairing chances and risks are counted."""
    animal_pair: float = 1.0
    plant_route: float = 0.8
    """Two plants that call an animal for a biome where an owned animal waits."""
    mycorrhiza: float = 0.5
    lone_animal: float = 0.15
    """An owned animal of a missing biome, before it has a partner."""
    disaster: float = 120.0
    """Each disaster card owned, scaled by the share of the deck it takes up."""
    triple_disaster: float = 350.0
    """Expected extinction tiles from lines of three disasters, over the horizon."""
    triple_element: float = 60.0
    """Expected disasters from lines of three cards of one element, over the horizon."""
    buying: float = 60.0
    """The chance that a line holds enough element cards to buy the cheapest plants (with
    the missing element)."""
    deck_size: float = 2.0
    """Each card owned (a bigger deck pairs cards less often)."""
    next_turn: float = 800.0
    """Each biome tile the next line is expected to win (with the cards waiting for it)."""
    tiles_up: tuple[float, float, float] = (30.0, 18.0, 45.0)
    """Each face-up ability tile: plus, refresh, movement."""
    supply: float = 0.0
    """Each element card left in the supply (a point at the end; taking them is worth more)."""
    stock: float = 30.0
    """Each plant & fungi or animal card recycled while fewer than ``STOCK`` are left to
    acquire (a turn with nothing to acquire brings a disaster)."""

    def with_(self, **changes: Any) -> Weights:
        return replace(self, **changes)


DEFAULT_WEIGHTS = Weights()


def _choose(n: int, k: int) -> float:
    if k < 0 or n < k:
        return 0.0
    return float(math.comb(n, k))


_AT_LEAST: Final[dict[tuple[int, int, int, int], float]] = {}


def _at_least(count: int, total: int, drawn: int, wanted: int) -> float:
    """Chance that ``drawn`` cards dealt from ``total`` hold ``wanted`` or more of ``count``."""
    if total <= 0 or count < wanted:
        return 0.0
    key = (count, total, drawn, wanted)
    chance = _AT_LEAST.get(key)
    if chance is None:
        drawn = min(drawn, total)
        ways = sum(
            _choose(count, k) * _choose(total - count, drawn - k)
            for k in range(wanted, min(count, drawn) + 1)
        )
        chance = ways / _choose(total, drawn)
        if len(_AT_LEAST) < 100_000:
            _AT_LEAST[key] = chance
    return chance


class _Collection:
    """The player's own cards (deck, discard pile, line, waiting cards) at the root."""

    def __init__(self, cards: CardSet, biomes: Sequence[tuple[int, ...]], owned: Sequence[int]):
        self.animals = [0] * BIOME_TILES
        self.plants = [0] * BIOME_TILES
        self.trees = [0] * BIOME_TILES
        self.mushrooms = [0] * BIOME_TILES
        self.elements = [0] * N_ELEMENTS
        self.disasters = 0
        self.size = len(owned)
        for c in owned:
            if is_disaster(c):
                self.disasters += 1
                continue
            e = ELEMENT_OF[c]
            if e >= 0:
                self.elements[e] += 1
                continue
            _count(cards, biomes, c, 1, self.animals, self.plants, self.trees, self.mushrooms)
        self.element_count = sum(self.elements)


def _count(
    cards: CardSet,
    biomes: Sequence[tuple[int, ...]],
    code: int,
    n: int,
    animals: list[int],
    plants: list[int],
    trees: list[int],
    mushrooms: list[int],
) -> None:
    """Add ``n`` (1 or -1) of plant & fungi or animal card ``code`` to the counts per biome
    (``biomes``: the biome indices of each card code)."""
    if is_animal(code):
        for b in biomes[code]:
            animals[b] += n
        return
    for b in biomes[code]:
        plants[b] += n
    if code in cards.symbol_trees:
        for b in biomes[code]:
            trees[b] += n
    elif code in cards.mushrooms:
        for b in biomes[code]:
            mushrooms[b] += n


_BITS: Final = tuple(bin(m).count("1") for m in range(ALL_BIOMES + 1))


def _best_pairing(
    cards: CardSet,
    animals: tuple[int, ...],
    plants: tuple[int, ...],
    row: list[int],
    missing: int,
) -> int:
    """The most missing tiles one pairing wins in a line holding ``animals`` and ``plants``:
    two animals, a tree and a mushroom, or an animal with one that two plants call from
    the ``row``."""
    # indices rather than slices, and exact types: compiled, these loops stay native
    mask = cards.biome_mask
    best = 0
    n_animals = len(animals)
    for i in range(n_animals):
        ma = mask[animals[i]] & missing
        if not ma:
            continue
        for j in range(i + 1, n_animals):
            n = _BITS[ma & mask[animals[j]]]
            if n > best:
                best = n
    n_plants = len(plants)
    if n_plants >= 2:
        trees, mushrooms = cards.symbol_trees, cards.mushrooms
        for tree in plants:
            if tree in trees:
                for m in plants:
                    if m in mushrooms:
                        n = _BITS[mask[tree] & mask[m] & missing]
                        if n > best:
                            best = n
        if n_animals and row:
            for i in range(n_plants):
                mp = mask[plants[i]]
                for j in range(i + 1, n_plants):
                    shared = mp & mask[plants[j]]
                    if not shared:
                        continue
                    for x in row:
                        mx = mask[x] & missing
                        if mask[x] & shared and mx:
                            for a in animals:
                                n = _BITS[mx & mask[a]]
                                if n > best:
                                    best = n
    return best


def _can_pair(cards: CardSet, animals: Sequence[int], plants: Sequence[int]) -> bool:
    """Whether ``_best_pairing`` may find anything in a line: two animals, a tree and a
    mushroom, or two plants and an animal."""
    if len(animals) >= 2 or (animals and len(plants) >= 2):
        return True
    return any(p in cards.symbol_trees for p in plants) and any(
        p in cards.mushrooms for p in plants
    )


def _sample(rng: random.Random, population: Sequence[int], k: int) -> list[int]:
    """``rng.sample(population, k)`` for ``k`` up to 5, drawing the same numbers in the
    same order (CPython's algorithm, written out: its per-draw method calls were a twentieth
    of the planner's time). ``_SAME_DRAWS`` says whether it may stand in for ``rng.sample``."""
    draw = rng.getrandbits
    n = len(population)
    if not 0 <= k <= min(n, 5):
        return rng.sample(population, k)
    result = []
    if n <= 21:  # a pool of n cards costs less than a set of k: take from the pool
        pool = list(population)
        for i in range(k):
            m = n - i
            bits = m.bit_length()
            j = draw(bits)
            while j >= m:
                j = draw(bits)
            result.append(pool[j])
            pool[j] = pool[m - 1]
    else:
        bits = n.bit_length()
        selected: set[int] = set()
        for _ in range(k):
            j = draw(bits)
            while j >= n or j in selected:
                j = draw(bits)
            selected.add(j)
            result.append(population[j])
    return result


def _shuffle(rng: random.Random, x: list[int]) -> None:
    """``rng.shuffle(x)``, drawing the same numbers in the same order (CPython's algorithm
    written out, like ``_sample``: its draws through ``_randbelow`` are slow calls)."""
    draw = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        m = i + 1
        bits = m.bit_length()
        j = draw(bits)
        while j >= m:
            j = draw(bits)
        x[i], x[j] = x[j], x[i]


def _same_draws() -> bool:
    """Whether ``_sample`` and ``_shuffle`` draw as this Python's ``random.sample`` and
    ``random.shuffle`` do."""
    for n in (1, 4, 7, 21, 22, 40):
        for k in range(min(n, 5) + 1):
            ours = _sample(random.Random(n * 10 + k), range(n), k)
            if ours != random.Random(n * 10 + k).sample(range(n), k):
                return False
        mine, theirs = list(range(n)), list(range(n))
        _shuffle(random.Random(n), mine)
        random.Random(n).shuffle(theirs)
        if mine != theirs:
            return False
    return True


_SAME_DRAWS: Final = _same_draws()
"""Whether the written-out draws may stand in for the generator's own methods (else the
planner calls ``rng.sample`` and ``rng.shuffle``)."""


def _deal_lines(
    rng: random.Random, deck: Sequence[int], rest: Sequence[int], samples: int
) -> list[list[int]]:
    """``samples`` guesses at the next line: four cards from the deck (topped up from the
    other cards, reshuffled, when the deck is short)."""
    lines = []
    for _ in range(samples):
        if len(deck) >= LINE_SIZE:
            lines.append(
                _sample(rng, deck, LINE_SIZE) if _SAME_DRAWS else rng.sample(deck, LINE_SIZE)
            )
        else:
            k = min(len(rest), LINE_SIZE - len(deck))
            lines.append([*deck, *(_sample(rng, rest, k) if _SAME_DRAWS else rng.sample(rest, k))])
    return lines


def _split_lines(dealt: Sequence[Sequence[int]]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Guessed lines as (animals, plants)."""
    return [
        (
            tuple([c for c in line if ANIMAL_BASE < c < ELEMENT_BASE]),  # is_animal
            tuple([c for c in line if PLANT_BASE < c < ANIMAL_BASE]),  # is_plant
        )
        for line in dealt
    ]


class PositionValue(TurnRules):
    """The heuristic's value of a position and the memos it keeps. ``PlannerBot`` sets the
    fields below (``__init__`` and ``_prepare``) and empties each memo when what it depends
    on changes."""

    weights: Weights
    """The heuristic (``Weights``)."""
    coll: _Collection
    """The player's own cards at the root, counted."""
    biomes: list[tuple[int, ...]]
    """The biome indices of each card code."""
    elements_to_buy: int
    """Element cards the cheapest plant needs, less the one that may be taken missing."""
    animal_biomes: int
    """The biomes of the animals in the row and the animal deck, bit b for biome b."""
    plant_stock: int
    """Plant & fungi cards left to acquire (the row and the deck)."""
    animal_stock: int
    """Animal cards left to acquire (the row and the deck)."""
    _values: dict[tuple[Any, ...], float]
    """The heuristic's value of each position already evaluated (``_evaluate``)."""
    _scores: dict[tuple[Any, ...], float]
    """``_owned_value`` of each position already evaluated, by its inputs."""
    _risks: dict[tuple[int, ...], tuple[float, ...]]
    """The deck's risks and costs in ``_owned_value`` by the counts they depend on."""
    _terms: dict[tuple[int, ...], float]
    """A missing biome's share of ``_owned_value`` by the counts it depends on (the
    weights are the bot's own, so it holds for the whole game)."""
    _next: dict[tuple[Any, ...], float]
    """``_next_tiles`` by its inputs, for the current deal."""
    _dealt: list[list[int]]
    """The guessed next lines of the current deal (``_deal_lines``)."""
    _lines: list[tuple[tuple[int, ...], tuple[int, ...]]] | None
    _pairing_lines: list[tuple[tuple[int, ...], tuple[int, ...]]] | None
    _line_kinds: list[tuple[int, int, bool, bool]] | None

    def _evaluate(self, s: TurnPosition) -> float:
        """The value of the position a turn ends in (``s`` is over)."""
        if s.biomes_won == ALL_BIOMES:
            return WIN_VALUE
        if s.extinction_tiles >= EXTINCTION_TILES:
            return LOSS_VALUE
        # Many plans end in positions that differ only where the heuristic does not look
        # (which cards are used, the plant row, the symbols): its inputs are the key.
        key = (
            s.biomes_won,
            s.extinction_tiles,
            s.tiles_up,
            s.element_supply,
            s.acquired,
            s.recycled,
            s.elements_taken,
            s.elements_recycled,
            s.disasters_taken,
            s.waiting,
            s.animal_row,
        )
        cached = self._values.get(key)
        if cached is not None:
            return cached
        w = self.weights
        value = w.tile * _BITS[s.biomes_won] - w.extinction * s.extinction_tiles
        value += self._owned_value(s) + w.next_turn * self._next_tiles(s)
        tiles_up = s.tiles_up
        if tiles_up:
            for t in range(len(ABILITIES)):
                if tiles_up >> t & 1:
                    value += w.tiles_up[t]
        if w.supply:  # adding 0.0 changes no value: skip the sum
            value += w.supply * sum(s.element_supply)
        if s.recycled:
            plants = sum(1 for c in s.recycled if is_plant(c))
            value += w.stock * (
                min(plants, max(0, STOCK - self.plant_stock))
                + min(len(s.recycled) - plants, max(0, STOCK - self.animal_stock))
            )
        self._values[key] = value
        return value

    def _owned_value(self, s: TurnPosition) -> float:
        """What the player's own cards are worth for the turns after this one: the chance
        that they pair up for each missing biome, the risk of lines of three disasters or
        three cards of one element, enough element cards to buy, a small deck."""
        key = (
            s.biomes_won,
            s.acquired,
            s.recycled,
            s.elements_taken,
            s.elements_recycled,
            s.disasters_taken,
        )
        cached = self._scores.get(key)
        if cached is not None:
            return cached
        w = self.weights
        coll = self.coll
        animals = list(coll.animals)
        plants = list(coll.plants)
        trees = list(coll.trees)
        mushrooms = list(coll.mushrooms)
        cards, biomes = self.cards, self.biomes
        for code in s.acquired:
            _count(cards, biomes, code, 1, animals, plants, trees, mushrooms)
        for code in s.recycled:
            _count(cards, biomes, code, -1, animals, plants, trees, mushrooms)
        # plain loops: a call to zip(strict=...) or sum() is a slow generic call compiled
        own, taken, back = coll.elements, s.elements_taken, s.elements_recycled
        elements = [0] * N_ELEMENTS
        in_deck = 0
        for e in range(N_ELEMENTS):
            k = own[e] + taken[e] - back[e]
            elements[e] = k
            in_deck += k
        disasters = coll.disasters + s.disasters_taken
        size = (
            coll.size
            + len(s.acquired)
            - len(s.recycled)
            + in_deck
            - coll.element_count
            + s.disasters_taken
        )
        n = max(size, LINE_SIZE)
        line = LINE_SIZE
        pair = line * (line - 1) / (n * (n - 1))
        triple = pair * (line - 2) / (n - 2) if n > 2 else pair
        missing = ALL_BIOMES & ~s.biomes_won
        potential = 0.0
        terms = self._terms
        for b in range(BIOME_TILES):
            if not missing >> b & 1:
                continue
            a = animals[b]
            t = trees[b]
            m = mushrooms[b]
            if not a and not (t and m):
                continue  # no animal, no tree with a mushroom: the term is exactly 0.0
            p = plants[b] if self.animal_biomes >> b & 1 else -1
            term_key = (a, p, t, m, n)
            term = terms.get(term_key)
            if term is None:
                rate = w.animal_pair * a * (a - 1) / 2 * pair
                if p >= 0:
                    rate += w.plant_route * a * p * (p - 1) / 2 * triple
                rate += w.mycorrhiza * t * m * pair
                term = 1.0 - math.exp(-w.horizon * rate) + w.lone_animal * min(a, 1)
                terms[term_key] = term
            potential += term
        risk_key = (disasters, size, *elements)
        risks = self._risks.get(risk_key)
        if risks is None:
            risk = sum(_at_least(k, n, line, 3) for k in elements if k >= THREE_OF_A_KIND)
            risks = (
                w.disaster * disasters / n,
                w.triple_disaster * w.horizon * _at_least(disasters, n, line, 3),
                w.triple_element * w.horizon * risk,
                w.buying * _at_least(in_deck, n, line, self.elements_to_buy),
                w.deck_size * size,
            )
            self._risks[risk_key] = risks
        # the same sums in the same order as ever (a float sum depends on its order)
        value = w.potential * potential
        value -= risks[0]
        value -= risks[1]
        value -= risks[2]
        value += risks[3]
        value -= risks[4]
        self._scores[key] = value
        return value

    @property
    def lines(self) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The guessed next lines of this deal as (animals, plants), split when first read."""
        if self._lines is None:
            self._lines = _split_lines(self._dealt)
        return self._lines

    @property
    def pairing_lines(self) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The ``lines`` that can pair something on their own (most cannot: they add 0).
        Worked out when first needed: many deals are never read."""
        if self._pairing_lines is None:
            self._pairing_lines = [
                (animals, plants)
                for animals, plants in self.lines
                if _can_pair(self.cards, animals, plants)
            ]
        return self._pairing_lines

    @property
    def line_kinds(self) -> list[tuple[int, int, bool, bool]]:
        """For each of the ``lines``: its animals, its plants, whether it holds a tree with
        the mushroom symbol, whether it holds a mushroom (worked out when first needed)."""
        if self._line_kinds is None:
            cards = self.cards
            self._line_kinds = [
                (
                    len(animals),
                    len(plants),
                    any(c in cards.symbol_trees for c in plants),
                    any(c in cards.mushrooms for c in plants),
                )
                for animals, plants in self.lines
            ]
        return self._line_kinds

    def _next_tiles(self, s: TurnPosition) -> float:
        """The tiles the next line is expected to win by pairing what it holds: the waiting
        cards and four cards dealt from the deck (``lines`` sampled once per turn), with
        the animals the row will show."""
        # the row as it is (with its empty spaces) keys the memo: no tuple to build first
        key = (s.waiting, s.biomes_won, s.animal_row)
        cached = self._next.get(key)
        if cached is not None:
            return cached
        cards = self.cards
        row = [a for a in s.animal_row if a]
        missing = ALL_BIOMES & ~s.biomes_won
        total = 0
        if s.waiting:
            extra_animals = [c for c in s.waiting if is_animal(c)]
            extra_plants = [c for c in s.waiting if is_plant(c)]
            more_animals = len(extra_animals)
            more_plants = len(extra_plants)
            tree = any(c in cards.symbol_trees for c in extra_plants)
            mushroom = any(c in cards.mushrooms for c in extra_plants)
            lines, kinds = self.lines, self.line_kinds
            for k in range(len(lines)):  # not zip(strict=...): a slow call compiled
                animals, plants = lines[k]
                n_animals, n_plants, has_tree, has_mushroom = kinds[k]
                # _can_pair on the line with the waiting cards, from the counts
                n_animals += more_animals
                if (
                    n_animals >= 2
                    or (n_animals and n_plants + more_plants >= 2)
                    or ((has_tree or tree) and (has_mushroom or mushroom))
                ):
                    total += _best_pairing(
                        cards, (*animals, *extra_animals), (*plants, *extra_plants), row, missing
                    )
        else:
            for animals, plants in self.pairing_lines:
                total += _best_pairing(cards, animals, plants, row, missing)
        value = total / len(self._dealt)
        self._next[key] = value
        return value
