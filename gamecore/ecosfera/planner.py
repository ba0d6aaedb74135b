"""A turn planner for Ecosfera: the bot whose win rate is the balance reference.

``PlannerBot(seed)`` (also ``gamecore.make_bot("planner", seed=…)``) sees only
``game.view(player)``, like every bot. On each decision it

1. builds a small model of the turn from the view: the unused cards of its line (element
   cards counted by element, they are identical), the supply rows, its ability tiles and
   unspent card symbols, the element supply, the tiles placed;
2. searches every sequence of the turn's *certain* actions (acquire a plant, take a missing
   element, call an animal, pair two animals, mycorrhiza, move a card to the next line or
   back to its supply deck) depth first until the turn ends, with a memo of the positions
   already searched (many orders reach the same position);
3. scores each way of ending the turn with a heuristic of the position the next turns start
   from (``Weights``): tiles won, extinction tiles, the chance that the cards it owns pair up
   for the biomes still missing, disasters and three-of-a-kind risk in its deck, the card
   waiting on top of its deck, face-up ability tiles, the element supply;
4. weighs the *uncertain* actions by their expected value: a plus draws from a deck whose
   contents the view shows but whose order it hides, so each possible card is searched and
   weighted by its share of the deck; a refresh shows four unknown cards, so a few orders
   of the deck are dealt at random (a determinization, as ``bots.determinize`` does) and
   searched.

It plays the first action of the best plan and plans again at the next decision (a card
that refills a supply row is unknown to the plan until it is shown). Plans searched earlier
in the same turn are remembered while the position still matches.

The planner plays Ecosfera only (solo, where it may put a card on top of its deck, or as one
of 2-4 co-operative players, where it never gives cards away); asked to choose in another
game it raises a ``ValueError``.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from ..protocol import Action
from .data import (
    ABILITIES,
    ANIMAL_BASE,
    BIOME_TILES,
    ELEMENT_BASE,
    ELEMENT_CARDS_PER_ELEMENT,
    ELEMENT_OF,
    ELEMENTS,
    EXTINCTION_TILES,
    LINE_SIZE,
    MOVEMENT,
    PLANT_BASE,
    PLUS,
    REFRESH,
    ROW_SIZE,
    THREE_OF_A_KIND,
    CardSet,
    is_animal,
    is_disaster,
    is_element,
    is_plant,
)
from .game import (
    ANIMAL_ROW,
    NO_TILE,
    OWN_DECK,
    PLANT_ROW,
    RECYCLE,
    TILE,
    AcquireAnimal,
    AcquirePlant,
    ClaimBiomes,
    EcosferaView,
    EndTurn,
    Move,
    Mycorrhiza,
    Plus,
    Refresh,
    TakeMissingElement,
)

ALL_BIOMES = (1 << BIOME_TILES) - 1
N_ELEMENTS = len(ELEMENTS)
WIN_VALUE = 1e9
LOSS_VALUE = -1e9
STOCK = 6
ELEMENT_CARD = tuple(ELEMENT_BASE + e * ELEMENT_CARDS_PER_ELEMENT + 1 for e in range(N_ELEMENTS))
"""One code standing for any card of each element (cards of one element are identical)."""


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

# ---------------------------------------------------------------------------- the turn model

# A step of a plan, (kind, card, other, choice), one per engine action: acquire ``card``
# (``other``: the missing element); acquire animal ``card`` with plants ``other`` and
# ``choice``; pair animals ``card`` and ``other`` (``choice``: the tile turned up or NO_TILE);
# mycorrhiza of tree ``card`` and mushroom ``other``; move ``card`` to ``other`` (RECYCLE or
# OWN_DECK). Element cards are named by one code per element (``ELEMENT_CARD``). Plain
# tuples: the search makes many of them.
_ACQUIRE_PLANT, _TAKE_MISSING_ELEMENT, _ACQUIRE_ANIMAL, _CLAIM_BIOMES, _MYCORRHIZA, _MOVE_CARD = (
    range(6)
)
_BUYING, _CALLING, _PAIRING, _MOVING = range(4)
_DOWN = tuple(
    tuple(t for t in range(len(ABILITIES)) if not up >> t & 1) for up in range(1 << len(ABILITIES))
)
"""The ability tiles face down, for each bit mask of the tiles face up."""
_PHASE = 1000
PlanStep = tuple[int, int, int, int]
_CHECKED = frozenset((_TAKE_MISSING_ELEMENT, _CLAIM_BIOMES, _MYCORRHIZA))
"""The steps that may set off the engine's checks: they add an element card to the line
or win tiles. The others add no element card, disaster or tile, so a position whose
checks passed still passes after them."""


@dataclass(slots=True)
class TurnPosition:
    """The turn player's position inside a turn, as far as the plan needs it.

    Its fields are listed once: ``copy`` and ``key`` loop over them (``_FIELDS``). Element
    cards are counted per element (cards of one element are identical); plant & fungi and
    animal cards are named by their codes, in sorted tuples, so equal positions are equal.
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


_FIELDS = tuple(f.name for f in fields(TurnPosition))


def _field_functions() -> tuple[
    Callable[[TurnPosition], TurnPosition], Callable[[TurnPosition], tuple[Any, ...]]
]:
    """``copy`` and ``key`` written out from ``_FIELDS``, as ``dataclasses`` writes
    ``__init__``: the search copies and keys positions hundreds of thousands of times per
    game, and straight-line code is about twice as fast as a loop over the fields."""
    copy_lines = "".join(f"    o.{name} = s.{name}\n" for name in _FIELDS)
    key_items = ", ".join(f"s.{name}" for name in _FIELDS)
    source = (
        f"def copy(s):\n    o = new(cls)\n{copy_lines}    return o\n"
        f"def key(s):\n    return ({key_items},)\n"
    )
    namespace: dict[str, Any] = {"new": object.__new__, "cls": TurnPosition}
    exec(source, namespace)
    return namespace["copy"], namespace["key"]


_copy_position, _position_key = _field_functions()


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


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


def _choose(n: int, k: int) -> float:
    if k < 0 or n < k:
        return 0.0
    return float(math.comb(n, k))


_AT_LEAST: dict[tuple[int, int, int, int], float] = {}


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


_BITS = tuple(bin(m).count("1") for m in range(ALL_BIOMES + 1))


def _best_pairing(
    cards: CardSet,
    animals: Sequence[int],
    plants: Sequence[int],
    row: Sequence[int],
    missing: int,
) -> int:
    """The most missing tiles one pairing wins in a line holding ``animals`` and ``plants``:
    two animals, a tree and a mushroom, or an animal with one that two plants call from
    the ``row``."""
    mask = cards.biome_mask
    best = 0
    for i, a in enumerate(animals):
        ma = mask[a] & missing
        if not ma:
            continue
        for b in animals[i + 1 :]:
            n = _BITS[ma & mask[b]]
            if n > best:
                best = n
    if len(plants) >= 2:
        for tree in plants:
            if tree in cards.symbol_trees:
                for m in plants:
                    if m in cards.mushrooms:
                        n = _BITS[mask[tree] & mask[m] & missing]
                        if n > best:
                            best = n
        if animals and row:
            for i, p in enumerate(plants):
                for q in plants[i + 1 :]:
                    shared = mask[p] & mask[q]
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
    of the planner's time). ``_SAMPLE`` falls back on ``rng.sample`` if a Python draws
    otherwise."""
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


def _same_draws() -> bool:
    """Whether ``_sample`` draws as this Python's ``random.sample`` does."""
    for n in (1, 4, 7, 21, 22, 40):
        for k in range(min(n, 5) + 1):
            ours = _sample(random.Random(n * 10 + k), range(n), k)
            if ours != random.Random(n * 10 + k).sample(range(n), k):
                return False
    return True


_SAMPLE: Callable[[random.Random, Sequence[int], int], list[int]] = (
    _sample if _same_draws() else random.Random.sample
)


def _deal_lines(
    rng: random.Random, deck: Sequence[int], rest: Sequence[int], samples: int
) -> list[list[int]]:
    """``samples`` guesses at the next line: four cards from the deck (topped up from the
    other cards, reshuffled, when the deck is short)."""
    lines = []
    for _ in range(samples):
        if len(deck) >= LINE_SIZE:
            lines.append(_SAMPLE(rng, deck, LINE_SIZE))
        else:
            lines.append([*deck, *_SAMPLE(rng, rest, min(len(rest), LINE_SIZE - len(deck)))])
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


# ---------------------------------------------------------------------------- the bot


class PlannerBot:
    """Searches the actions of its turn and plays the first action of the best plan.

    ``seed`` fixes the random orders it deals for refreshes (the same seed and views give
    the same actions). ``refresh_samples`` is how many orders it deals per refresh;
    ``max_nodes`` caps the positions searched per decision (a safety net: turns need far
    fewer); ``weights`` is the heuristic (``Weights``).
    """

    name = "planner"

    def __init__(
        self,
        seed: int | None = None,
        *,
        refresh_samples: int = 3,
        line_samples: int = 24,
        plus_samples: int = 6,
        max_nodes: int = 20_000,
        finishes: int = 4,
        weights: Weights | None = None,
    ) -> None:
        if min(refresh_samples, line_samples, plus_samples) < 1:
            raise ValueError("refresh_samples, line_samples and plus_samples must be at least 1")
        self.rng = random.Random(seed)
        self.refresh_samples = refresh_samples
        self.line_samples = line_samples
        self.plus_samples = plus_samples
        self.max_nodes = max_nodes
        self.finishes = finishes
        self.weights = weights or DEFAULT_WEIGHTS
        self.decisions = 0
        self.nodes = 0
        self._memo: dict[tuple[Any, ...], tuple[float, TurnPosition]] = {}
        self._scores: dict[tuple[Any, ...], float] = {}
        self._values: dict[tuple[Any, ...], float] = {}
        """The heuristic's value of each position already evaluated (``_evaluate``)."""
        self._values_stamp: tuple[Any, ...] | None = None
        self._risks: dict[tuple[int, ...], tuple[float, ...]] = {}
        """The deck's risks and costs in ``_owned_value`` by the counts they depend on."""
        self._terms: dict[tuple[int, ...], float] = {}
        """A missing biome's share of ``_owned_value`` by the counts it depends on (the
        weights are the bot's own, so it holds for the whole game)."""
        self._memo_turn: tuple[Any, ...] | None = None
        self._deal: tuple[Any, ...] | None = None
        self._next: dict[tuple[Any, ...], float] = {}
        self._dealt: list[list[int]] = []
        self._lines: list[tuple[tuple[int, ...], tuple[int, ...]]] | None = None
        self._pairing_lines: list[tuple[tuple[int, ...], tuple[int, ...]]] | None = None
        self._line_kinds: list[tuple[int, int, bool, bool]] | None = None
        self._budget = 0
        self.root_passes = False
        """Whether the root passes the engine's line checks (``_prepare``)."""
        self._biomes_of: CardSet | None = None
        """The card list ``biomes`` and ``elements_to_buy`` were worked out for."""
        self.biomes: list[tuple[int, ...]] = []
        """The biome indices of each card code."""
        self.cost_items: list[tuple[tuple[int, int], ...]] = []
        """The cost of each plant code as (element, count) pairs, the counts above zero."""
        self.elements_to_buy = 1

    # ------------------------------------------------------------------ choosing
    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if not isinstance(view, EcosferaView):
            game = getattr(view, "game", type(view).__name__)
            raise ValueError(
                f"the planner plays Ecosfera only, not {game!r}: use 'random', 'greedy' "
                "or 'search' for other games"
            )
        legal = list(legal)
        self.decisions += 1
        if len(legal) == 1:
            return legal[0]
        self._prepare(view)
        action = self._best(view, legal)
        if action not in legal:  # the model and the engine disagree: never play illegally
            return EndTurn() if EndTurn() in legal else legal[0]
        return action

    def _prepare(self, view: EcosferaView) -> None:
        p = view.turn_player
        self.view = view
        self.p = p
        self.cards = view.cards
        self.solo = len(view.players) == 1
        owned = [*view.deck_contents[p], *view.discards[p], *view.lines[p], *view.waiting[p]]
        if view.cards is not self._biomes_of:
            self._biomes_of = view.cards
            self.biomes = [
                tuple(b for b in range(BIOME_TILES) if m >> b & 1) for m in view.cards.biome_mask
            ]
            self.cost_items = [
                tuple((e, n) for e, n in enumerate(cost) if n) for cost in view.cards.cost
            ]
            self.elements_to_buy = max(
                1, min(sum(view.cards.cost[c]) for c in view.cards.plant_codes) - 1
            )
        self.deck = list(view.deck_contents[p])
        available = 0
        for c in (*view.animal_row, *view.animal_deck):
            if c:
                available |= view.cards.biome_mask[c]
        self.animal_biomes = available
        self.plant_stock = len(view.plant_deck) + sum(1 for c in view.plant_row if c)
        self.animal_stock = len(view.animal_deck) + sum(1 for c in view.animal_row if c)
        self._budget = self.max_nodes
        # The memo stays valid while the turn and everything the heuristic reads from the
        # root (the cards owned and the deck) stay the same.
        deal = (view.turns, p, tuple(self.deck))
        if deal != self._deal:
            self._deal = deal
            rest = [*view.discards[p], *view.lines[p]]
            # dealt now, so the generator's draws come in the same order; split when read
            self._dealt = _deal_lines(self.rng, self.deck, rest, self.line_samples)
            self._lines = None
            self._line_kinds = None
            self._pairing_lines = None
            self._next = {}
        stamp = (view.turns, p, tuple(sorted(owned)), tuple(self.deck))
        if stamp != self._memo_turn:
            self.coll = _Collection(view.cards, self.biomes, owned)
            self._memo = {}
            self._scores = {}
            self._memo_turn = stamp
        # the heuristic also reads the supply decks (their counts, the animals' biomes)
        values_stamp = (stamp, self.animal_biomes, self.plant_stock, self.animal_stock)
        if values_stamp != self._values_stamp:
            self._values = {}
            self._values_stamp = values_stamp
        self.root = self._root(view)
        # Every position searched comes from the root by steps or draws, and draws are
        # checked: when the root passes the checks, only the ``_CHECKED`` steps need them.
        checked = self.root.copy()
        self._checks(checked)
        self.root_passes = not checked.turn_over

    def _root(self, view: EcosferaView) -> TurnPosition:
        p = self.p
        cards = view.cards
        unused_elements = [0] * N_ELEMENTS
        line_elements = [0] * N_ELEMENTS
        plants: list[int] = []
        animals: list[int] = []
        disasters = 0
        ready: list[int] = []
        for c in view.lines[p]:
            if cards.abilities[c] and c not in view.symbols_used:
                ready.append(c)
            if is_disaster(c):
                disasters += 1
                continue
            e = ELEMENT_OF[c]
            if e >= 0:
                line_elements[e] += 1
                if c not in view.used:
                    unused_elements[e] += 1
            elif c not in view.used:
                (plants if is_plant(c) else animals).append(c)
        return TurnPosition(
            unused_elements=tuple(unused_elements),
            line_elements=tuple(line_elements),
            unused_plants=tuple(sorted(plants)),
            unused_animals=tuple(sorted(animals)),
            disasters=disasters,
            symbols_ready=tuple(sorted(ready)),
            symbols_spent=tuple(sorted(view.symbols_used)),
            plant_row=tuple(c or 0 for c in view.plant_row),
            animal_row=tuple(c or 0 for c in view.animal_row),
            tiles_up=sum(1 << t for t, up in enumerate(view.tiles[p]) if up),
            biomes_won=sum(1 << b for b in view.biome_tiles),
            achieved=view.achieved,
            extinction_tiles=view.extinction_tiles,
            element_supply=tuple(len(d) for d in view.element_decks),
            disaster_deck=len(view.disaster_deck),
            acquired=(),
            elements_taken=(0,) * N_ELEMENTS,
            recycled=(),
            elements_recycled=(0,) * N_ELEMENTS,
            waiting=tuple(sorted(self._canon(c) for c in view.waiting[p])),
            disasters_taken=0,
            order=0,
            turn_over=False,
        )

    @staticmethod
    def _canon(code: int) -> int:
        e = ELEMENT_OF[code]
        return ELEMENT_CARD[e] if e >= 0 else code

    def _best(self, view: EcosferaView, legal: list[Action]) -> Action:
        """The first action of the best plan, or a plus or refresh worth more on average."""
        root = self.root
        free = self._free_plus(root, view)
        if free is not None:
            return free
        plans: list[tuple[float, TurnPosition, PlanStep | None]] = [
            (self._end_value(root), root, None)
        ]
        for step in self._actions(root):
            value, leaf = self._value(self._apply(root, step))
            plans.append((value, leaf, step))
        plans.sort(key=lambda plan: -plan[0])
        certain = plans[0][0]
        best_value = -math.inf
        best: Action = EndTurn()
        first: PlanStep | None
        for value, leaf, act in plans[: self.finishes]:
            move: PlanStep | None = None
            if not leaf.turn_over:
                value, move = self._finish(leaf)
            if value > best_value:
                best_value = value
                first = move if act is None else act
                best = EndTurn() if first is None else self._engine_action(first, view)
        for value, action in self._chance_options(root, view):
            if value > certain and value > best_value - self.weights.tile * 1e-3:
                certain = value
                best = action
        self.nodes += self.max_nodes - self._budget
        return best

    def _finish(self, s: TurnPosition) -> tuple[float, PlanStep | None]:
        """The best way to end a plan with moves, chosen one move at a time (each move
        carries a card to the next line or recycles it); its value and first move."""
        value = self._end_value(s)
        first: PlanStep | None = None
        while True:
            best: tuple[float, TurnPosition, PlanStep] | None = None
            for act in self._move_actions(s):
                child = self._apply(s, act)
                v = self._evaluate(child) if child.turn_over else self._end_value(child)
                if v > value and (best is None or v > best[0]):
                    best = (v, child, act)
            if best is None:
                return value, first
            value, s = best[0], best[1]
            if first is None:
                first = best[2]

    # ------------------------------------------------------------------ chance
    def _free_plus(self, root: TurnPosition, view: EcosferaView) -> Action | None:
        """A plus symbol of a card with no other symbol costs nothing, and the sooner the
        card comes the more it can do: use it at once when no card it may bring can end
        the turn (a third disaster, or a third card of one element)."""
        source = self._source(root, PLUS, None)
        if source is None or source == TILE or len(self.cards.abilities[source]) != 1:
            return None
        pool = view.deck_contents[self.p] or view.discards[self.p]
        if not pool or root.disasters + 1 >= THREE_OF_A_KIND:
            return None
        risky = {e for e in range(N_ELEMENTS) if root.line_elements[e] + 1 >= THREE_OF_A_KIND}
        if any(ELEMENT_OF[c] in risky for c in pool):
            return None
        return Plus(source)

    def _chance_options(self, root: TurnPosition, view: EcosferaView) -> list[tuple[float, Action]]:
        options: list[tuple[float, Action]] = []
        p = self.p
        pool = list(view.deck_contents[p]) or list(view.discards[p])
        source = self._source(root, PLUS, None)
        if pool and source is not None:
            options.append((self._plus_value(root, source, pool), Plus(source)))
        source = self._source(root, REFRESH, None)
        if source is not None:
            for row, deck in ((PLANT_ROW, view.plant_deck), (ANIMAL_ROW, view.animal_deck)):
                if deck:
                    value = self._refresh_value(root, source, row, list(deck))
                    options.append((value, Refresh(source, row)))
        return options

    def _plus_value(self, root: TurnPosition, source: int, pool: list[int]) -> float:
        """The expected value of drawing one card of ``pool`` (the deck's contents): every
        element and the disasters exactly, the plants and animals through at most
        ``plus_samples`` of them chosen at random."""
        base = self._spend(root, source, PLUS)
        groups: dict[int, int] = {}
        named: list[int] = []
        for c in sorted(pool):
            if is_disaster(c) or is_element(c):
                key = self._canon(c) if is_element(c) else 0
                groups[key] = groups.get(key, 0) + 1
            else:
                named.append(c)
        weight = 1.0
        if len(named) > self.plus_samples:
            weight = len(named) / self.plus_samples
            named = self.rng.sample(named, self.plus_samples)
        total = 0.0
        for card, n in [*sorted(groups.items()), *((c, 1) for c in named)]:
            child = base.copy()
            self._draw(child, card)
            total += n * (weight if card in named else 1.0) * self._value(child)[0]
        return total / len(pool)

    def _refresh_value(self, root: TurnPosition, source: int, row: int, deck: list[int]) -> float:
        base = self._spend(root, source, REFRESH)
        shown = root.plant_row if row == PLANT_ROW else root.animal_row
        total = 0.0
        for _ in range(self.refresh_samples):
            order = list(deck)
            self.rng.shuffle(order)
            # the row goes under the deck: its cards come back only when the deck is short
            order = [c for c in shown if c] + order
            new = tuple(order[-ROW_SIZE:])
            new += (0,) * (ROW_SIZE - len(new))
            child = base.copy()
            if row == PLANT_ROW:
                child.plant_row = new
            else:
                child.animal_row = new
            total += self._value(child)[0]
        return total / self.refresh_samples

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

    # ------------------------------------------------------------------ search
    def _value(self, s: TurnPosition) -> tuple[float, TurnPosition]:
        """The best value a plan from ``s`` reaches without moves, and where it ends."""
        if s.turn_over:
            return self._evaluate(s), s
        key = _position_key(s)
        memo = self._memo
        found = memo.get(key)
        if found is not None:
            return found
        best = (self._evaluate(s) if s.achieved else self._end_value(s), s)
        if self._budget > 0:
            self._budget -= 1
            for act in self._actions(s):
                found = self._value(self._apply(s, act))
                if found[0] > best[0]:
                    best = found
        memo[key] = best
        return best

    def _end_value(self, s: TurnPosition) -> float:
        """The value of ending the turn now."""
        if s.achieved:  # nothing changes at the end (``_evaluate`` ignores ``turn_over``)
            return self._evaluate(s)
        end = s.copy()
        self._take_disaster(end)
        if end.extinction_tiles < EXTINCTION_TILES and end.disasters >= THREE_OF_A_KIND:
            end.extinction_tiles += 1
        end.turn_over = True
        return self._evaluate(end)

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
        elif max(s.line_elements) >= THREE_OF_A_KIND:
            self._take_disaster(s)
            if s.extinction_tiles < EXTINCTION_TILES and s.disasters >= THREE_OF_A_KIND:
                s.extinction_tiles += 1
            s.turn_over = True

    # ------------------------------------------------------------------ the heuristic
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
        elements = [
            own + taken - back
            for own, taken, back in zip(
                coll.elements, s.elements_taken, s.elements_recycled, strict=True
            )
        ]
        disasters = coll.disasters + s.disasters_taken
        size = (
            coll.size
            + len(s.acquired)
            - len(s.recycled)
            + sum(elements)
            - sum(coll.elements)
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
                w.buying * _at_least(sum(elements), n, line, self.elements_to_buy),
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
            for (animals, plants), (n_animals, n_plants, has_tree, has_mushroom) in zip(
                self.lines, self.line_kinds, strict=True
            ):
                # _can_pair on the line with the waiting cards, from the counts
                n_animals += more_animals
                if (
                    n_animals >= 2
                    or (n_animals and n_plants + more_plants >= 2)
                    or ((has_tree or tree) and (has_mushroom or mushroom))
                ):
                    total += _best_pairing(
                        cards, [*animals, *extra_animals], [*plants, *extra_plants], row, missing
                    )
        else:
            for animals, plants in self.pairing_lines:
                total += _best_pairing(cards, animals, plants, row, missing)
        value = total / len(self._dealt)
        self._next[key] = value
        return value

    # ------------------------------------------------------------------ back to the engine
    def _engine_action(self, step: PlanStep, view: EcosferaView) -> Action:
        """The engine's action for a step of the plan from the root, naming the element
        cards of the line that pay or move (the lowest-numbered unused ones)."""
        kind, card, other, choice = step
        free = sorted(c for c in view.lines[self.p] if c not in view.used)
        if kind in (_ACQUIRE_PLANT, _TAKE_MISSING_ELEMENT):
            cost = list(self.cards.cost[card])
            if kind == _TAKE_MISSING_ELEMENT:
                cost[other] -= 1
            pay = []
            for e in range(N_ELEMENTS):
                pay.extend([c for c in free if ELEMENT_OF[c] == e][: cost[e]])
            if kind == _ACQUIRE_PLANT:
                return AcquirePlant.paying(card, pay)
            return TakeMissingElement.paying(card, other, pay)
        if kind == _ACQUIRE_ANIMAL:
            return AcquireAnimal(card, min(other, choice), max(other, choice))
        if kind == _CLAIM_BIOMES:
            return ClaimBiomes(min(card, other), max(card, other), choice)
        if kind == _MYCORRHIZA:
            return Mycorrhiza(card, other)
        source = self._source(self.root, MOVEMENT, card)
        assert source is not None
        e = ELEMENT_OF[card]
        if e >= 0:
            card = next(c for c in free if ELEMENT_OF[c] == e)
        return Move(source, card, other)


__all__ = ["DEFAULT_WEIGHTS", "PlannerBot", "Weights"]
