"""A Mondo rival's placement estimate: one board as the rival reads it (``Position``) and
what placing a face on one of its open spaces adds (``Position.gain``). ``rivals.py`` says
what the estimate counts and how the rival uses it.

How a decision stays cheap without changing a move (issue 21): a gain depends only on the
face and on what lies around the space (the rim, the neighbours' edges, the landscapes they
belong to, what the empty neighbours ask), so gains are remembered by those surroundings
(``_GAINS``, shared by every rival of a process) and a decision works out only the gains of
spaces whose surroundings changed; an unknown gain is worked out only when a quick upper
``bound`` says it could beat the best so far, which the best placement always can. A bound
is remembered apart, by less than the surroundings: what the space's edges meet (its
``_signature``, without the landscapes, whose worth is taken off afterwards) and the new
face's edges and regions (``Shape.outline``, without its animal and volcano, added
afterwards), so most bounds are looked up, not worked out. A gain is found by one number
for the shape's form and the volcano cost (``Known``), not by a pair. After
one more tile of its own, a board is read from the last one (``Position``'s ``before``):
only the landscapes that tile touches are joined again. The tests hold all of it to the
estimate over many random boards (tests/test_mondo_rival_speed.py: equal surroundings give
equal gains, no gain reaches its bound, the best placement is the one every placement
finds, a board read tile by tile is the board read in full) and the games to their digests
(tests/test_mondo_rivals.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from . import kit
from .board import rim_index
from .faces import TERRAINS, WATER, Face
from .game import MondoView
from .rival_aims import Aims
from .rival_faces import FORMS_BELOW, Shape, regions_of

FILLED_SPACE: Final = 1.0
"""An empty space costs 1 point at the end of the round."""
ANIMAL: Final = 1.0
WRONG: Final = 1.0
EDGE_MATCH: Final = 0.15
"""A small reward for each matching edge: it keeps landscapes growing together."""
RIM_MATCH: Final = 0.1
CLOSED: Final = 2.0
OPEN_SHARE: Final = 0.2
"""An open landscape is worth ``CLOSED * OPEN_SHARE ** open_edges`` (fewer open edges,
closer to closing). Measured over 12 three-rival games each: 0.1-0.3 score about 20 points
a game, 0.5 about 11, 0.7 about 2 (open landscapes valued too much keep it from closing
them and filling its board)."""
CRAMPED: Final = (0.0, 0.0, 0.0, 0.1, 0.4, 0.8)
"""The penalty for an empty space by the number of different landscapes its placed
neighbours and rim ask of it (three or four are hard to fit without a wrong connection)."""
_CRAMPING: Final = tuple(CRAMPED[k + 1] - CRAMPED[k] for k in range(len(CRAMPED) - 1))
"""What one more landscape asked of an empty space costs, by the landscapes asked of it
(a table, not a function: mypyc lost ``CRAMPED`` read in a function of an ``int``)."""


# ---------------------------------------------------------------------------- one board

RIM: Final = 0
TILE: Final = 1
OPEN: Final = 2

BOUND_MARGIN: Final = 1e-6
"""More than the rounding of any sum of a gain's terms (``Position.bound``)."""
GAINS_KEPT: Final = 60_000
"""How many gains and bounds a process remembers (about 15 MB) before it starts afresh
(the surroundings of a space seldom recur from one game to the next)."""


Known = dict[int, float]
"""Numbers known of placements on one space, by one number for the shape's form and the
volcano cost, a cheaper key than the pair (an int's hash is itself; a pair's hashes both,
at every look-up): ``_COSTS[cost] * FORMS_BELOW + shape.form -> number``."""
_COSTS: Final[dict[float, int]] = {}
"""A number for each volcano cost met (a few: the costs come from the volcano counts)."""


EdgeTable = tuple[dict[str, tuple[float, float]], ...]
"""What ``Position.bound`` reads of the edges of an open space (``Position._edge_terms``)."""
Bounds = tuple[EdgeTable, dict[int, float]]
"""The bounds of the placements on every open space whose edges meet the same (the same
``_signature``), before the worth of the landscapes the space meets is taken off, the new
tile's animal added and its volcano cost taken off: its edge table and ``shape.outline ->``
that part of the bound (``Position._edges_bound``)."""
Spot = tuple[int, Known, Bounds, dict[int, float], float]
"""An open space, the gains known there, its ``Bounds`` (and their second part again, read
at every placement), and the worth of the landscapes it meets (``Position.spots``)."""


class _Gains(dict[tuple[Any, ...], tuple[Known, Bounds, float]]):
    """What is remembered of placements: the surroundings of a space (with the aims) -> the
    gains known there, the bounds of its edges' signature and the worth of the landscapes
    it meets (``Position.spots``)."""

    def __init__(self) -> None:
        super().__init__()
        self.kept = 0
        """How many gains and bounds are worked out in it (it is emptied past
        ``GAINS_KEPT``). Set here, not in the class body, where the compiled build would
        not give it to the instance."""


_GAINS: Final = _Gains()
_BOUNDS: Final[dict[tuple[Any, ...], Bounds]] = {}
"""``Bounds`` by the aims and what the edges of a space meet (``Position._signature``):
far fewer than the surroundings, so a bound is seldom worked out twice."""
_EDGE_TERMS: Final[dict[tuple[Any, ...], dict[str, tuple[float, float]]]] = {}
"""An ``EdgeTable``'s part for one edge, by the aims and the edge as ``_signature`` reads it
(``Position._edge_terms``)."""


@dataclass(slots=True)
class _Land:
    terrain: str
    open: int
    error: bool
    size: int = 0
    """Its tiles."""
    rim: bool = False
    """Whether it reaches the rim (water that does is no lake)."""

    def copy(self) -> _Land:
        return _Land(self.terrain, self.open, self.error, self.size, self.rim)


_CLOSED_SHARES: Final = tuple(CLOSED * OPEN_SHARE**k for k in range(64))
"""``_worth`` of an error-free land landscape by its open edges, worked out once."""


def _worth(terrain: str, open_edges: int, error: bool) -> float:
    if terrain == WATER or error:
        return 0.0
    return CLOSED * OPEN_SHARE**open_edges


@cache
def _layout(rows: int, cols: int) -> tuple[tuple[int | None, ...], ...]:
    """The space beyond each edge N, E, S, W of every space (None: the rim)."""
    out = []
    for space in range(rows * cols):
        r, c = divmod(space, cols)
        around: list[int | None] = []
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            rr, cc = r + dr, c + dc
            around.append(rr * cols + cc if 0 <= rr < rows and 0 <= cc < cols else None)
        out.append(tuple(around))
    return tuple(out)


@cache
def _rim_letters(rows: int, cols: int, rim: tuple[str, ...]) -> tuple[tuple[str | None, ...], ...]:
    """The rim's terrain beyond each edge of every space (None: the edge meets a space)."""
    out = []
    for space in range(rows * cols):
        cell = divmod(space, cols)
        indices = (rim_index(rows, cols, cell, edge) for edge in range(4))
        out.append(tuple(None if i is None else rim[i] for i in indices))
    return tuple(out)


class Position:
    """One player's board as the estimate reads it: its landscapes (joined regions, with
    their open edges and whether a wrong connection spoils them), and for every empty space
    what lies beyond each of its edges. ``aims``: what the round's modifier and the
    player's task add to the estimate (``rival_aims``; None: the beginner's estimate).

    ``before``: the same player's board read before one more tile was placed on it (with
    the same aims): only what that tile changes is read again (``_add``), the rest taken
    from it; any other board is read in full, to the same result."""

    def __init__(
        self,
        view: MondoView,
        player: int,
        aims: Aims | None = None,
        before: Position | None = None,
    ) -> None:
        self.aims = aims
        self.filled_worth = FILLED_SPACE + (aims.filled if aims else 0.0)
        self.wrong_cost = WRONG + (aims.wrong if aims else 0.0)
        self.rows = view.rows
        self.cols = view.cols
        self.faces: tuple[Face | None, ...] = view.boards[player]
        self.rim = view.rim
        spaces = self.rows * self.cols
        self.neighbours = _layout(self.rows, self.cols)
        self._rim_at = _rim_letters(self.rows, self.cols, self.rim)
        self.lands: dict[int, _Land] = {}
        self.land_of: dict[int, int] = {}  # node (space * 4 + region) -> landscape id
        self._nodes: dict[int, list[int]] = {}  # landscape id -> its nodes
        new = -1 if before is None else self._one_more(before)
        if new < 0:
            self._regions_at = [None if f is None else regions_of(f) for f in self.faces]
            self._join()
            self.empty = [s for s in range(spaces) if self.faces[s] is None]
            self.asks = {s: self._asks(s) for s in self.empty}
        else:
            assert before is not None
            self._regions_at = list(before._regions_at)
            self._regions_at[new] = regions_of(self.faces[new])  # type: ignore[arg-type]
            self._add(before, new)
            self.empty = [s for s in before.empty if s != new]
            self.asks = dict(before.asks)
            del self.asks[new]
            for other in self.neighbours[new]:
                if other is not None and other in self.asks:
                    self.asks[other] = self._asks(other)
        self.filled = spaces - len(self.empty)
        self._kept_spots: dict[int, Spot] = {}  # before's spots taken as they are
        if new < 0 or before is None or not before.filled:
            self.open_spaces = kit.open_spaces([face is not None for face in self.faces])
            self.beyond = {s: self._beyond(s) for s in self.open_spaces}
        else:
            self._read_after(before, new)
        self._spots: list[Spot] | None = None
        self._land_worths: dict[int, float] | None = None
        self._worths_before: tuple[dict[int, _Land], dict[int, float]] = ({}, {})
        """``before``'s landscapes and worths, when known (``land_worths``)."""
        if new >= 0 and before is not None and before._land_worths is not None:
            self._worths_before = (before.lands, before._land_worths)
        self._top = CLOSED + (0.0 if aims is None else aims.lake + aims.lake_weight)
        """More than any landscape is worth to the estimate (``bound``)."""

    def _one_more(self, before: Position) -> int:
        """The space ``before`` lacked a tile on, when this board is ``before`` with one
        more tile placed (and the same rim and aims), else -1 (the board is read in full)."""
        if (
            before.rows != self.rows
            or before.cols != self.cols
            or before.rim != self.rim
            or before.aims != self.aims
            or len(before.faces) != len(self.faces)
        ):
            return -1
        new = -1
        for s, (old, face) in enumerate(zip(before.faces, self.faces, strict=True)):
            if old is not face:
                if old is not None or face is None or new >= 0:
                    return -1
                new = s
        return new

    def _add(self, before: Position, new: int) -> None:
        """The landscapes of ``before`` with the tile on ``new`` joined to them, as
        ``_join`` would find them: a landscape's id is its least node, a new tile's region
        is a landscape of one tile until joined, a neighbour's edge towards ``new`` is no
        longer open, a wrong connection spoils both sides, matching edges join."""
        face = self.faces[new]
        assert face is not None
        lands = self.lands = dict(before.lands)
        land_of = self.land_of = dict(before.land_of)
        nodes = self._nodes = dict(before._nodes)
        mine: set[int] = set()  # the landscapes made or copied here, which may change
        for i in range(len(face.regions)):
            node = new * 4 + i
            lands[node] = _Land(face.terrain_of(i), 0, False, 1, False)
            land_of[node] = node
            nodes[node] = [node]
            mine.add(node)

        def own(land_id: int) -> _Land:
            land = lands[land_id]
            if land_id not in mine:
                land = lands[land_id] = land.copy()
                mine.add(land_id)
            return land

        regions = regions_of(face)
        around = self.neighbours[new]
        rim_at = self._rim_at[new]
        joins: list[tuple[int, int]] = []
        for edge in range(4):
            node = new * 4 + regions[edge]
            other = around[edge]
            if other is None:
                land = lands[node]  # made here: not joined yet
                land.rim = True
                if face.edges[edge] != rim_at[edge]:
                    land.error = True
                continue
            beyond = self.faces[other]
            if beyond is None:
                lands[node].open += 1
                continue
            back = (edge + 2) % 4
            far = other * 4 + regions_of(beyond)[back]
            theirs = own(land_of[far])
            theirs.open -= 1  # it was open towards the new tile
            if beyond.edges[back] != face.edges[edge]:
                theirs.error = True
                lands[node].error = True
            else:
                joins.append((node, far))
        for node, far in joins:
            a, b = land_of[node], land_of[far]
            if a == b:
                continue
            keep, gone = min(a, b), max(a, b)
            kept, lost = own(keep), lands.pop(gone)
            kept.open += lost.open
            kept.error = kept.error or lost.error
            kept.rim = kept.rim or lost.rim
            moved = nodes.pop(gone)
            for n in moved:
                land_of[n] = keep
            nodes[keep] = nodes[keep] + moved
            kept.size = len({n // 4 for n in nodes[keep]})

    def _read_after(self, before: Position, new: int) -> None:
        """The open spaces and what lies beyond them, after one more tile on ``new`` (of a
        board that had one): a space away from ``new`` whose empty neighbours ask the same
        (the same set) and whose landscapes met are the same (the same objects: ``_add``
        copies any it changes) is read as before, and its spot (``spots``) taken as it was."""
        faces = self.faces
        near = set(before.open_spaces)
        near.discard(new)
        for other in self.neighbours[new]:
            if other is not None and faces[other] is None:
                near.add(other)
        self.open_spaces = sorted(near)
        beyond: dict[int, tuple[tuple[int, str, int], ...]] = {}
        old_spots: dict[int, Spot] = {}
        if before._spots is not None:
            old_spots = {spot[0]: spot for spot in before._spots}
        lands, old_lands = self.lands, before.lands
        asks, old_asks = self.asks, before.asks
        for space in self.open_spaces:
            seen = before.beyond.get(space)
            if seen is not None and new not in self.neighbours[space]:
                for kind, _, where in seen:
                    if kind == TILE:
                        if lands.get(where) is not old_lands[where]:
                            break
                    elif kind == OPEN and asks[where] is not old_asks[where]:
                        break
                else:
                    beyond[space] = seen
                    spot = old_spots.get(space)
                    if spot is not None:
                        self._kept_spots[space] = spot
                    continue
            beyond[space] = self._beyond(space)
        self.beyond = beyond

    def rim_letter(self, space: int, edge: int) -> str:
        """The rim's terrain beyond an outer edge (``board.py``'s clockwise order)."""
        letter = self._rim_at[space][edge]
        assert letter is not None, f"edge {edge} of space {space} is not on the rim"
        return letter

    def _join(self) -> None:
        """Union the placed regions across matching edges; count open edges and errors."""
        parent: dict[int, int] = {}

        def root(node: int) -> int:
            while parent[node] != node:
                parent[node] = parent[parent[node]]
                node = parent[node]
            return node

        faces = self.faces
        regions_at = self._regions_at
        for s, face in enumerate(faces):
            if face is not None:
                for i in range(len(face.regions)):
                    parent[s * 4 + i] = s * 4 + i
        opened: dict[int, int] = {}
        spoiled: set[int] = set()
        rimmed: set[int] = set()
        for s, face in enumerate(faces):
            regions = regions_at[s]
            if face is None or regions is None:
                continue
            around = self.neighbours[s]
            rim_at = self._rim_at[s]
            for edge in range(4):
                node = s * 4 + regions[edge]
                other = around[edge]
                if other is None:
                    rimmed.add(node)
                    if face.edges[edge] != rim_at[edge]:
                        spoiled.add(node)
                    continue
                beyond = faces[other]
                if beyond is None:
                    opened[node] = opened.get(node, 0) + 1
                elif edge in (1, 2):  # each touching pair once
                    back = (edge + 2) % 4
                    far = other * 4 + regions_of(beyond)[back]
                    if beyond.edges[back] != face.edges[edge]:
                        spoiled.update((node, far))
                    else:
                        a, b = root(node), root(far)
                        parent[max(a, b)] = min(a, b)
        spaces: dict[int, set[int]] = {}
        for node in parent:
            top = root(node)
            self.land_of[node] = top
            land = self.lands.get(top)
            if land is None:
                face = faces[node // 4]
                assert face is not None
                land = self.lands[top] = _Land(face.terrain_of(node % 4), 0, False)
            land.open += opened.get(node, 0)
            land.error = land.error or node in spoiled
            land.rim = land.rim or node in rimmed
            spaces.setdefault(top, set()).add(node // 4)
            self._nodes.setdefault(top, []).append(node)
        for top, covered in spaces.items():
            self.lands[top].size = len(covered)

    def worth(self, terrain: str, open_edges: int, error: bool, size: int, rim: bool) -> float:
        """A landscape's worth to the estimate: the rulebook's (``_worth``), and what the
        aims add."""
        if self.aims is None:
            return _worth(terrain, open_edges, error)
        extra = self.aims.extra(terrain, OPEN_SHARE**open_edges, error, size, rim)
        return _worth(terrain, open_edges, error) + extra

    def land_worth(self, land: _Land) -> float:
        return self.worth(land.terrain, land.open, land.error, land.size, land.rim)

    def land_worths(self) -> dict[int, float]:
        """Each landscape's worth (``land_worth``), by its id."""
        if self._land_worths is None:
            old_lands, old_worths = self._worths_before
            worths = self._land_worths = {}
            for k, land in self.lands.items():
                if old_lands.get(k) is land:  # the same landscape as before: the same worth
                    worths[k] = old_worths[k]
                else:
                    worths[k] = self.land_worth(land)
            self._worths_before = ({}, {})
        return self._land_worths

    def _asks(self, space: int) -> frozenset[str]:
        """The landscapes an empty space's placed neighbours and rim ask of its edges."""
        wanted: set[str] = set()
        rim_at = self._rim_at[space]
        for edge, other in enumerate(self.neighbours[space]):
            if other is None:
                wanted.add(rim_at[edge])  # type: ignore[arg-type]  # an edge on the rim
            else:
                face = self.faces[other]
                if face is not None:
                    wanted.add(face.edges[(edge + 2) % 4])
        return frozenset(wanted)

    # ------------------------------------------------------------------ the estimate
    def _beyond(self, space: int) -> tuple[tuple[int, str, int], ...]:
        """What lies beyond each edge of an empty space, as the estimate reads it:
        ``(RIM, letter, 0)``, ``(TILE, the neighbour's terrain on that edge, its
        landscape)`` or ``(OPEN, "", the empty space)``."""
        out: list[tuple[int, str, int]] = []
        rim_at = self._rim_at[space]
        for edge, other in enumerate(self.neighbours[space]):
            if other is None:
                out.append((RIM, rim_at[edge], 0))  # type: ignore[arg-type]  # on the rim
                continue
            face = self.faces[other]
            regions = self._regions_at[other]
            if face is None or regions is None:
                out.append((OPEN, "", other))
                continue
            back = (edge + 2) % 4
            out.append((TILE, face.edges[back], self.land_of[other * 4 + regions[back]]))
        return tuple(out)

    def spots(self) -> list[Spot]:
        """Each open space with what is known of placements there (``Known``), shared by
        every board that looks the same around that space (``_GAINS``); the ``Bounds`` of
        its edges, shared by every space whose edges meet the same (``_BOUNDS``); and the
        worth of the landscapes it meets (``bound``). A space that one more tile left as it
        was keeps its spot (``_read_after``)."""
        if self._spots is None:
            self._spots = []
            kept = self._kept_spots
            for space in self.open_spaces:
                spot = kept.get(space)
                if spot is not None:
                    self._spots.append(spot)
                    continue
                key = (self.aims, *self._surroundings(space))
                known = _GAINS.get(key)
                if known is None:
                    if _GAINS.kept > GAINS_KEPT:
                        _GAINS.clear()
                        _BOUNDS.clear()
                        _EDGE_TERMS.clear()
                        _GAINS.kept = 0
                    known = _GAINS[key] = ({}, self._bounds(space), self._spent(space))
                self._spots.append((space, known[0], known[1], known[1][1], known[2]))
            self._kept_spots = {}
        return self._spots

    def _signature(self, space: int) -> tuple[Any, ...]:
        """What the bounds read of an open space's edges, with the aims: each edge's
        neighbour (the rim's letter, a tile's terrain, an empty space's asks), not the
        landscapes met (their worth is taken off apart: ``_spent``). An empty space asked
        for fewer than two landscapes costs nothing whatever lies beside it (``CRAMPED``),
        so its asks are left out: fewer signatures, the same bounds."""
        edges: list[tuple[Any, ...]] = []
        for kind, letter, where in self.beyond[space]:
            if kind != OPEN:
                edges.append((kind, letter))
            else:
                asks = self.asks[where]
                edges.append((OPEN, asks) if _CRAMPING[len(asks)] else (OPEN,))
        return (self.aims, *edges)

    def _bounds(self, space: int) -> Bounds:
        """The ``Bounds`` of an open space, remembered by its ``_signature``."""
        key = self._signature(space)
        known = _BOUNDS.get(key)
        if known is None:
            table = tuple([self._edge_terms(edge) for edge in key[1:]])
            known = _BOUNDS[key] = (table, {})
        return known

    def _surroundings(self, space: int) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """Everything ``gain`` reads of the board around an open space, beyond the aims:
        each edge's neighbour (the rim's letter; an empty space's asks; a tile's terrain and
        which of the landscapes met it belongs to, numbered in the order met) and those
        landscapes as they are."""
        edges: list[tuple[Any, ...]] = []
        met: dict[int, int] = {}
        lands: list[tuple[str, int, bool, int, bool]] = []
        for kind, letter, where in self.beyond[space]:
            if kind == OPEN:
                edges.append((OPEN, self.asks[where]))
            elif kind == RIM:
                edges.append((RIM, letter))
            else:
                number = met.get(where)
                if number is None:
                    number = met[where] = len(met)
                    lands.append(self._land_key(self.lands[where]))
                edges.append((TILE, letter, number))
        return tuple(edges), tuple(lands)

    def _land_key(self, land: _Land) -> tuple[Any, ...]:
        """What the estimate reads of a landscape: everything with aims; the beginner's
        estimate reads neither its size nor whether it reaches the rim, and of water or a
        spoiled landscape (worth nothing, and so is whatever joins it) only that."""
        if self.aims is not None:
            return (land.terrain, land.open, land.error, land.size, land.rim)
        if land.terrain == WATER or land.error:
            return (land.terrain, "spoiled" if land.error else "water")
        return (land.terrain, land.open)  # (a number of open edges, never a word)

    def best_spot(
        self, shapes: Sequence[Shape], costs: dict[str, float], floor: float = -1e9
    ) -> tuple[float, int, int]:
        """(gain, space, turn) of the best placement of one of ``shapes`` (the first of the
        best, shapes before spaces), when it gains more than ``floor`` (else the best gain
        may be missed: the caller wants only a placement better than ``floor``)."""
        value, _, space, turn = self.best_placement((shapes,), costs, floor)
        return value, space, turn

    def best_placement(
        self, faces: Sequence[Sequence[Shape]], costs: dict[str, float], floor: float = -1e9
    ) -> tuple[float, int, int, int]:
        """(gain, face, space, turn) of the best placement of one of the shapes of one of
        ``faces`` (each a face's ``shapes``; the first of the best, faces before shapes
        before spaces), when it gains more than ``floor`` (as ``best_spot``).

        Gains are remembered (``_GAINS``): a decision works out only the new ones, and not
        those whose ``bound`` (read first: most placements fall short by it) says they cannot
        beat the best so far. This loop runs for every shape of every face looked at:
        ``Known``'s key and ``_tile_bound`` are written out."""
        best_value, best_face, best_space, best_turn = -1e9, -1, -1, 0
        bar = max(best_value, floor)  # what a placement must beat to matter
        spots = self.spots()
        filled_worth = self.filled_worth
        water_animal = 0.0 if self.aims is None else self.aims.water_animal
        worked = 0  # gains and bounds worked out (``_GAINS.kept``)
        for face, shapes in enumerate(faces):
            for shape in shapes:
                cost = costs[shape.volcano]
                number = _COSTS.get(cost)
                if number is None:
                    number = _COSTS[cost] = len(_COSTS)
                key = number * FORMS_BELOW + shape.form
                outline = shape.outline
                tile = filled_worth + (ANIMAL if shape.animal else 0.0) - cost
                if shape.animal_in_water:
                    tile += water_animal
                for space, known, bounds, tops, spent in spots:
                    top = tops.get(outline)
                    if top is None:
                        top = self._edges_bound(shape, bounds[0])
                        if outline >= 0:
                            tops[outline] = top
                        worked += 1
                    if top + tile - spent <= bar:
                        continue  # the gain cannot beat the best either
                    value = known.get(key)
                    if value is None:
                        value = known[key] = self.gain(shape, space, cost)
                        worked += 1
                    if value > best_value:
                        best_value, best_face, best_space = value, face, space
                        best_turn = shape.turn
                        if value > bar:
                            bar = value
        _GAINS.kept += worked
        return best_value, best_face, best_space, best_turn

    def bound(self, shape: Shape, space: int, volcano_cost: float) -> float:
        """A number ``gain`` never exceeds: its terms for the new tile and its edges, and
        for the landscapes at most the most each region of the new face could be worth
        (nothing with a wrong connection; a closed one's worth, times the open share for
        an open edge) less the worth of every landscape it meets, plus a margin for the
        rounding of sums taken in another order."""
        bounds = self._bounds(space)
        top = bounds[1].get(shape.outline)
        if top is None:  # not remembered: ``best_placement`` remembers the bounds it works out
            top = self._edges_bound(shape, bounds[0])
        return top + self._tile_bound(shape, volcano_cost) - self._spent(space)

    def _tile_bound(self, shape: Shape, volcano_cost: float) -> float:
        """The terms of ``gain`` for the new tile itself: the space filled, its animal, its
        volcano."""
        value = self.filled_worth + (ANIMAL if shape.animal else 0.0) - volcano_cost
        if shape.animal_in_water and self.aims is not None:
            value += self.aims.water_animal
        return value

    def _edges_bound(self, shape: Shape, edges_at: EdgeTable) -> float:
        """The rest of ``bound``, before the worth of the landscapes met is taken off: the
        terms of the new tile's edges and the most its regions could be worth."""
        edges = shape.edges
        t0 = edges_at[0][edges[0]]
        t1 = edges_at[1][edges[1]]
        t2 = edges_at[2][edges[2]]
        t3 = edges_at[3][edges[3]]
        value = t0[0] + t1[0] + t2[0] + t3[0]
        if shape.regions == 1:
            return value + min(t0[1], t1[1], t2[1], t3[1]) + BOUND_MARGIN
        most = [self._top] * shape.regions
        r0, r1, r2, r3 = shape.region_of
        if t0[1] < most[r0]:
            most[r0] = t0[1]
        if t1[1] < most[r1]:
            most[r1] = t1[1]
        if t2[1] < most[r2]:
            most[r2] = t2[1]
        if t3[1] < most[r3]:
            most[r3] = t3[1]
        return value + sum(most) + BOUND_MARGIN

    def _edge_terms(self, edge: tuple[Any, ...]) -> dict[str, tuple[float, float]]:
        """For one edge of an open space as ``_signature`` reads it, each terrain a new face
        could show there: its term in ``gain`` and the most a region holding that edge could
        be worth; remembered by the aims and the edge (``_EDGE_TERMS``): a few edges recur
        in every signature."""
        key = (self.aims, edge)
        at = _EDGE_TERMS.get(key)
        if at is not None:
            return at
        aims = self.aims
        water_top = 0.0 if aims is None else aims.lake + aims.lake_weight
        water_open = 0.0 if aims is None else aims.lake * OPEN_SHARE + aims.lake_weight
        kind = edge[0]
        at = {}
        for terrain in TERRAINS:
            water = terrain == WATER
            if kind == OPEN:
                asks: frozenset[str] = edge[1] if len(edge) > 1 else frozenset()
                step = _CRAMPING[len(asks)]
                at[terrain] = (
                    0.0 if terrain in asks or not step else -step,
                    water_open if water else CLOSED * OPEN_SHARE,
                )
            elif terrain == edge[1]:
                reward = RIM_MATCH if kind == RIM else EDGE_MATCH
                at[terrain] = (reward, water_top if water else CLOSED)
            else:
                at[terrain] = (-self.wrong_cost, 0.0)
        _EDGE_TERMS[key] = at
        return at

    def _spent(self, space: int) -> float:
        """The worth of the landscapes an open space meets (``bound`` takes it off)."""
        worths = self.land_worths()
        met: set[int] = set()
        spent = 0.0
        for kind, _, where in self.beyond[space]:
            if kind == TILE and where not in met:
                met.add(where)
                spent += worths[where]
        return spent

    def gain(self, shape: Shape, space: int, volcano_cost: float) -> float:
        """What placing ``shape`` on the empty ``space`` adds (see the module's notes)."""
        value = self.filled_worth + (ANIMAL if shape.animal else 0.0) - volcano_cost
        if shape.animal_in_water and self.aims is not None:
            value += self.aims.water_animal
        bad = 0  # the regions (a bit each) with a wrong connection
        rimmed = 0  # the regions (a bit each) that reach the rim
        fresh = [0, 0, 0, 0]  # each region's edges towards empty spaces
        met: dict[int, list[int]] = {}  # landscape -> [edges into space, region bits, spoiled]
        edges = shape.edges
        region_of = shape.region_of
        regions = shape.regions
        asks_at = self.asks
        beyond = self.beyond[space]
        for edge, (kind, letter, where) in enumerate(beyond):
            terrain = edges[edge]
            region = region_of[edge]
            if kind == OPEN:
                fresh[region] += 1
                asks = asks_at[where]
                if terrain not in asks:
                    value -= _CRAMPING[len(asks)]
            elif kind == RIM:
                rimmed |= 1 << region
                if terrain == letter:
                    value += RIM_MATCH
                else:
                    value -= self.wrong_cost
                    bad |= 1 << region
            else:
                entry = met.get(where)
                if entry is None:
                    entry = met[where] = [0, 0, 0]
                entry[0] += 1
                if terrain == letter:
                    value += EDGE_MATCH
                    entry[1] |= 1 << region
                else:
                    value -= self.wrong_cost
                    entry[2] = 1
                    bad |= 1 << region
        # regions of the new face joined through one landscape become one landscape
        groups = [1 << r for r in range(regions)]
        if regions > 1:
            for _, bits, _ in met.values():
                if bits & (bits - 1):  # two regions or more
                    merged = 0
                    for g in groups:
                        if g & bits:
                            merged |= g
                    groups = [g for g in groups if not g & bits] + [merged]
        counted = 0
        lands = self.lands
        worths = self.land_worths()
        aims = self.aims
        for g in groups:
            error = bool(bad & g)
            rim = bool(rimmed & g)
            size = 1
            if g == 1:  # the first region alone (a face of one region has only it)
                open_edges = fresh[0]
                first = 0
            else:
                open_edges = 0
                first = -1
                for r in range(regions):
                    if g >> r & 1:
                        open_edges += fresh[r]
                        if first < 0:
                            first = r
            before = 0.0
            for land, (into, bits, spoiled) in met.items():
                if bits & g:
                    counted += 1
                    old = lands[land]
                    before += worths[land]
                    error = error or old.error or bool(spoiled)
                    open_edges += old.open - into
                    size += old.size
                    rim = rim or old.rim
            terrain = edges[region_of.index(first)]
            if aims is None:  # the beginner's worth (``_worth``), its powers made once
                if terrain == WATER or error:
                    worth = 0.0
                elif open_edges < len(_CLOSED_SHARES):
                    worth = _CLOSED_SHARES[open_edges]
                else:
                    worth = CLOSED * OPEN_SHARE**open_edges
            else:
                worth = self.worth(terrain, open_edges, error, size, rim)
            value += worth - before
        if counted < len(met):
            for land, (_, bits, _) in met.items():
                if not bits:  # met only by wrong connections: spoiled now
                    value -= worths[land]
        return value
