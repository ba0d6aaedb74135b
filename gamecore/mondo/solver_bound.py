"""A proven upper bound on the best board's points, by a counting argument (no solver needed).

``region_bound(problem)``: no board from the problem's tiles scores more. It rests on one
fact about closed landscapes and a small exact assignment.

**The fact.** Weigh each land region of a placed face: 1 when it has one tile edge, 1/2
when it has two edges that meet at a corner, 0 otherwise (two opposite edges, three or four
edges). Then the regions of any closed, error-free landscape that does not touch the rim
weigh at least 2 together. Proof: every edge of such a landscape meets an edge of the same
landscape on a neighbouring tile. Take the landscape's northmost row of tiles. Its westmost
tile can hold no region of the landscape with a north or west edge (the tile beyond would be
in the landscape, further north or further west), so such a region's edges are among east
and south: one edge (1) or a corner (1/2). The eastmost tile likewise (west, south). When
the two are one tile, its region has only a south edge and weighs 1. So the northmost row
gives at least 1, the southmost row at least 1 the same way, and when the landscape lies in
one row its two end regions have one edge each (1 + 1). A landscape that touches the rim
and scores meets the rim with its own terrain; a region doing that is given the weight 2.
A region with an edge against a different rim terrain never scores (weight 0) and costs a
wrong connection. So ``2 x (scoring landscapes) <= the sum of the weights``, tile by tile.

The same holds land by land, and landscapes come whole: ``2 x (forest landscapes)`` is at
most the forest regions' weights rounded down to a multiple of 2, and so for desert and
plains.

**The assignment.** A tile's best contribution then depends only on the kind of space it
lies on (which of its edges face the rim, and what rim): its animal, minus its volcano, plus
its regions' weights, minus its edges that clash with the rim; an empty space gives -1. The
best way to give tiles to kinds of spaces (at most as many tiles as spaces of each kind) is
found exactly by a table over the counts used per kind and, for each land, the weight left
over beyond whole landscapes (taken off at the end). Wrong connections between tiles,
and whether the tiles fit together at all, are ignored: that only makes the bound higher,
never wrong. The tests check it against brute force on small boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .faces import LAND, N_EDGES, Face
from .scoring import EMPTY_SPACE_POINTS, LANDSCAPE_POINTS, WRONG_CONNECTION_POINTS
from .solver_problem import Option, Problem

UNIT: Final = 12
"""Weights are counted in twelfths (CP-SAT shares a region's weight among its edges, so
halves, thirds and quarters of them stay whole in 144ths)."""
LANDSCAPE_WEIGHT: Final = UNIT * LANDSCAPE_POINTS
"""The weight of one landscape's ends, in twelfths (2 points)."""
ROUNDED_TILES: Final = 60
"""Up to this many tiles, the assignment also rounds each land's weights down to whole
landscapes (2 x forest landscapes <= the forest weights, and the landscapes are whole); with
more tiles every land has weight to spare, and the bigger table would only cost time."""
MAX_WORK: Final = 3_000_000
"""The assignment's table has a row per way of using the kinds of spaces (the product of
their space counts, plus one each) and a column per leftover weight, and each tile updates it
once. Beyond this many cells times tiles, kinds with the same number of rim edges are merged
(each tile keeps its best value among them), which only raises the bound (side B, whose rim
makes many kinds)."""

Pattern = tuple[str | None, ...]
"""What lies beyond each edge N, E, S, W of a space: a rim terrain, or ``None`` (a space)."""


def pattern_of(problem: Problem, space: int) -> Pattern:
    return tuple(
        problem.rim[-1 - beyond] if beyond < 0 else None for beyond in problem.around[space]
    )


def canonical(pattern: Pattern) -> Pattern:
    """One name for a pattern and its turns: a tile's options include every turn, so a
    tile's best value is the same on turned patterns."""
    turns = [pattern[-k:] + pattern[:-k] if k else pattern for k in range(N_EDGES)]
    return min(turns, key=lambda p: tuple("" if x is None else x for x in p))


def region_weight(face: Face, group: Sequence[int], pattern: Pattern) -> int:
    """A land region's weight in twelfths on a space of this pattern (see the module)."""
    rims = [pattern[e] for e in group if pattern[e] is not None]
    terrain = face.edges[group[0]]
    if any(letter != terrain for letter in rims):
        return 0
    if rims:
        return UNIT * LANDSCAPE_POINTS
    if len(group) == 1:
        return UNIT
    if len(group) == 2 and (group[1] - group[0]) % 2 == 1:  # two edges that meet: a corner
        return UNIT // 2
    return 0  # a straight region, or one of 3 or 4 edges, is never a landscape's end


def option_value(option: Option, pattern: Pattern) -> tuple[int, tuple[int, ...]]:
    """The most one placed face can bring on a space of this pattern, in twelfths, and the
    weights of its regions of each land (forest, desert, plains) modulo one landscape."""
    value = UNIT * option.gain
    weights = [0] * len(LAND)
    for group in option.face.regions:
        terrain = option.face.edges[group[0]]
        if terrain in LAND:
            weight = region_weight(option.face, group, pattern)
            value += weight
            weights[LAND.index(terrain)] += weight
    for e in range(N_EDGES):
        letter = pattern[e]
        if letter is not None and letter != option.face.edges[e]:
            value += UNIT * WRONG_CONNECTION_POINTS
    return value, tuple(w % LANDSCAPE_WEIGHT for w in weights)


def _kinds(problem: Problem, limit: int) -> list[tuple[list[Pattern], int]]:
    """The kinds of spaces: their patterns (one, or several merged) and how many spaces."""
    counts: dict[Pattern, int] = {}
    for space in range(problem.spaces):
        key = canonical(pattern_of(problem, space))
        counts[key] = counts.get(key, 0) + 1
    kinds = [([p], n) for p, n in counts.items()]
    states = 1
    for _, n in kinds:
        states *= n + 1
    if states > limit:
        merged: dict[int, tuple[list[Pattern], int]] = {}
        for patterns, n in kinds:
            rims = sum(1 for x in patterns[0] if x is not None)
            old = merged.get(rims, ([], 0))
            merged[rims] = (old[0] + patterns, old[1] + n)
        kinds = list(merged.values())
    return kinds


def region_bound(problem: Problem) -> int:
    """No board of the problem's tiles scores more (see the module for the proof)."""
    rounded = len(problem.tiles) <= ROUNDED_TILES
    lands = len(LAND) if rounded else 0
    steps = LANDSCAPE_WEIGHT // (UNIT // 2)  # weights are whole halves of a point
    lefts = steps**lands
    kinds = _kinds(problem, MAX_WORK // (lefts * max(1, len(problem.tiles))))
    caps = [n for _, n in kinds]
    # per tile: (kind, value, weights left over per land) worth considering
    choices = []
    for opts in problem.options:
        mine: dict[tuple[int, tuple[int, ...]], int] = {}
        for k, (patterns, _) in enumerate(kinds):
            for o in opts:
                for p in patterns:
                    value, rest = option_value(o, p)
                    key = (k, rest if rounded else ())
                    if value > UNIT * EMPTY_SPACE_POINTS and mine.get(key, value - 1) < value:
                        mine[key] = value
        choices.append([(k, value, rest) for (k, rest), value in mine.items()])
    # best[used][left]: the most the tiles so far bring, ``used`` numbering the tiles used
    # per kind (mixed radix) and ``left`` each land's weight beyond whole landscapes
    add = [[_add_left(x, y, steps, lands) for y in range(lefts)] for x in range(lefts)]
    radix = [1]
    for cap in caps:
        radix.append(radix[-1] * (cap + 1))
    nothing = -(10**9)
    best = [[nothing] * lefts for _ in range(radix[-1])]
    best[0][0] = 0
    for tile_choices in choices:
        moves = [(k, value, _left_index(rest, steps)) for k, value, rest in tile_choices]
        grown = [row[:] for row in best]
        for used in range(radix[-1]):
            row = best[used]
            if max(row) == nothing:
                continue
            for k, value, left_index in moves:
                if (used // radix[k]) % (caps[k] + 1) == caps[k]:
                    continue
                target = grown[used + radix[k]]
                shift = add[left_index]
                for left, total in enumerate(row):
                    if total != nothing and target[shift[left]] < total + value:
                        target[shift[left]] = total + value
        best = grown
    # whole landscapes only: a land's weights beyond a multiple of 2 points bring nothing
    top = nothing
    for used in range(radix[-1]):
        placed = sum((used // radix[k]) % (cap + 1) for k, cap in enumerate(caps))
        for left, total in enumerate(best[used]):
            if total != nothing:
                spare = _left_weight(left, steps, lands)
                empty = UNIT * EMPTY_SPACE_POINTS * (problem.spaces - placed)
                top = max(top, total - spare + empty)
    return top // UNIT  # floor: the points are whole


def _left_index(rest: tuple[int, ...], steps: int) -> int:
    index = 0
    for w in rest:
        index = index * steps + w // (UNIT // 2)
    return index


def _digits(index: int, steps: int, lands: int) -> list[int]:
    digits = []
    for _ in range(lands):
        digits.append(index % steps)
        index //= steps
    return digits[::-1]


def _add_left(x: int, y: int, steps: int, lands: int) -> int:
    """Two lists of leftover weights (as indices) added land by land, modulo a landscape."""
    index = 0
    for a, b in zip(_digits(x, steps, lands), _digits(y, steps, lands), strict=True):
        index = index * steps + (a + b) % steps
    return index


def _left_weight(index: int, steps: int, lands: int) -> int:
    return sum(_digits(index, steps, lands)) * (UNIT // 2)
