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

The planner is in three modules: ``planner_turn.py``, the model of a turn (positions, plan
steps and their rules); ``planner_value.py``, the heuristic and its memos; and this one, the
search and the bot. ``PlannerBot`` extends ``PositionValue``, which extends ``TurnRules``:
the search calls each part as its own method, as before the split, and the parts form one
chain because mypyc compiles a class with a single base class. ``_sample``, ``_shuffle`` and
``_SAME_DRAWS`` are imported here for the same-choices test.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ..protocol import Action
from ..words import t
from .actions import (
    ANIMAL_ROW,
    PLANT_ROW,
    TILE,
    AcquireAnimal,
    AcquirePlant,
    ClaimBiomes,
    EndTurn,
    Move,
    Mycorrhiza,
    Plus,
    Refresh,
    TakeMissingElement,
)
from .data import (
    BIOME_TILES,
    ELEMENT_OF,
    EXTINCTION_TILES,
    MOVEMENT,
    PLUS,
    REFRESH,
    ROW_SIZE,
    THREE_OF_A_KIND,
    CardSet,
    is_disaster,
    is_element,
    is_plant,
)
from .planner_turn import (
    _ACQUIRE_ANIMAL,
    _ACQUIRE_PLANT,
    _CLAIM_BIOMES,
    _MYCORRHIZA,
    _TAKE_MISSING_ELEMENT,
    ELEMENT_CARD,
    N_ELEMENTS,
    PlanStep,
    TurnPosition,
    _position_key,
)
from .planner_value import _SAME_DRAWS as _SAME_DRAWS
from .planner_value import (
    DEFAULT_WEIGHTS,
    PositionValue,
    Weights,
    _Collection,
    _deal_lines,
)
from .planner_value import _sample as _sample
from .planner_value import _shuffle as _shuffle
from .views import EcosferaView


class PlannerBot(PositionValue):
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
            raise ValueError(t("ecosfera.planner_samples"))
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
        self._scores = {}
        self._values = {}
        self._values_stamp: tuple[Any, ...] | None = None
        self._risks = {}
        self._terms = {}
        self._memo_turn: tuple[Any, ...] | None = None
        self._deal: tuple[Any, ...] | None = None
        self._next = {}
        self._dealt = []
        self._lines = None
        self._pairing_lines = None
        self._line_kinds = None
        self._budget = 0
        self.root_passes = False
        self._biomes_of: CardSet | None = None
        """The card list ``biomes`` and ``elements_to_buy`` were worked out for."""
        self.biomes = []
        self.cost_items = []
        self.elements_to_buy = 1

    # ------------------------------------------------------------------ choosing
    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if not isinstance(view, EcosferaView):
            game = getattr(view, "game", type(view).__name__)
            raise ValueError(t("ecosfera.planner_not_ecosfera", game=repr(game)))
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
            if _SAME_DRAWS:
                _shuffle(self.rng, order)
            else:
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
