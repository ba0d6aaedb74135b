"""Nuevo Mundo's map as an archipelago: the regions' outlines, winding instead of square.

A map is a grid of cells (``gamecore.nuevo_mundo.maps``); drawn cell by cell it looks like
a chessboard of sea squares. Here every stretch of border between two regions (or a region
and the board's rim) becomes one *chain* of grid corners, and each chain is bent and
smoothed the same way for both regions it separates, so neighbouring shapes still meet
exactly:

- every corner and every edge's middle is pushed aside a little by a fixed noise of its
  grid position and the map's key (less than a third of a cell, so every cell's centre stays
  inside its own region's shape: a click there still lands on its region);
- then corner cutting (Chaikin) turns the steps into curves; the corners where three
  regions meet and the rim stay where they are, so the shapes still fit together;
- last, the points a line can do without are left out (Douglas-Peucker), so the map is
  drawn and sent to a class's browsers with fewer points.

Pure: a function of the map alone, computed once per map, in grid units (row, col) that a
drawing scales to its cells.
"""

from __future__ import annotations

import itertools
import math
import zlib
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from gamecore.nuevo_mundo.maps import Map

Corner = tuple[int, int]
Point = tuple[float, float]
"""(row, col) in grid units."""

CORNER_SHIFT: Final = 0.2
"""How far (in cells) a grid corner may move, along each axis."""
MIDDLE_SHIFT: Final = 0.3
"""How far (in cells) an edge's middle may move across the edge: the coast's wiggle."""
ROUNDS: Final = 1
"""Rounds of corner cutting."""
KEEP_WITHIN: Final = 0.04
"""How far (in cells) the drawn line may stray from the smoothed one, to draw fewer points."""


@dataclass(frozen=True)
class Chain:
    """One stretch of border between two regions (or a region and the rim)."""

    kind: str
    """"land", "sea", "coast_open", "coast_closed" or "rim" (``Map.coast_kind``)."""
    regions: tuple[int, ...]
    """The two regions it separates (smaller id first), or the one on the rim."""
    corners: tuple[Corner, ...]
    """The grid corners it follows (the first equals the last for a closed loop)."""
    points: tuple[Point, ...]
    """The drawn line, bent and smoothed, from the first corner to the last."""


@dataclass(frozen=True)
class Outlines:
    """The whole map's drawn geometry."""

    chains: tuple[Chain, ...]
    loops: tuple[tuple[tuple[Point, ...], ...], ...]
    """For each region (by id), its closed outlines, the outer one first (the region on
    the left of each, in screen orientation: rows grow downwards)."""


def _noise(a: int, b: int, salt: int) -> float:
    """A fixed number in [-1, 1] for an integer point (a small integer hash)."""
    h = (a * 0x9E3779B1 + b * 0x85EBCA77 + salt * 0xC2B2AE3D) & 0xFFFFFFFF
    h ^= h >> 15
    h = (h * 0x2C1B3C6D) & 0xFFFFFFFF
    h ^= h >> 12
    h = (h * 0x297A2D39) & 0xFFFFFFFF
    h ^= h >> 15
    return (h & 0xFFFF) / 0xFFFF * 2 - 1


def _bent(half: tuple[int, int], rows: int, cols: int, salt: int) -> Point:
    """A point of a border given in half cells (2 x row, 2 x col), pushed by the noise:
    corners along both axes, an edge's middle across its edge; the rim never moves."""
    hr, hc = half
    r, c = hr / 2, hc / 2
    if hr in (0, 2 * rows) or hc in (0, 2 * cols):
        return (r, c)
    if hr % 2 == 0 and hc % 2 == 0:
        return (
            r + CORNER_SHIFT * _noise(hr, hc, salt),
            c + CORNER_SHIFT * _noise(hc, hr, salt + 1),
        )
    if hr % 2 == 0:  # the middle of an edge along a row: it moves up or down
        return (r + MIDDLE_SHIFT * _noise(hr, hc, salt + 2), c)
    return (r, c + MIDDLE_SHIFT * _noise(hr, hc, salt + 3))


def _cut_corners(points: list[Point], closed: bool) -> list[Point]:
    """One round of Chaikin's corner cutting; an open line keeps both ends."""
    out: list[Point] = [] if closed else [points[0]]
    pairs = list(itertools.pairwise(points))
    for (r0, c0), (r1, c1) in pairs:
        out.append((0.75 * r0 + 0.25 * r1, 0.75 * c0 + 0.25 * c1))
        out.append((0.25 * r0 + 0.75 * r1, 0.25 * c0 + 0.75 * c1))
    if closed:
        out.append(out[0])
    else:
        out.append(points[-1])
    return out


def _smooth(corners: tuple[Corner, ...], rows: int, cols: int, salt: int) -> tuple[Point, ...]:
    closed = corners[0] == corners[-1] and len(corners) > 2
    halves: list[tuple[int, int]] = []
    for (r0, c0), (r1, c1) in itertools.pairwise(corners):
        halves += [(2 * r0, 2 * c0), (r0 + r1, c0 + c1)]
    halves.append((2 * corners[-1][0], 2 * corners[-1][1]))
    points = [_bent(h, rows, cols, salt) for h in halves]
    if all(p[0] in (0, rows) or p[1] in (0, cols) for p in points):
        return tuple(points)  # the rim stays straight
    for _ in range(ROUNDS):
        points = _cut_corners(points, closed)
    return tuple(_simplified(points))


def _simplified(points: list[Point]) -> list[Point]:
    """The line with the points it can do without (Douglas-Peucker: none of the points left
    out is farther than ``KEEP_WITHIN`` from the line drawn), both ends kept."""
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    todo = [(0, len(points) - 1)]
    while todo:
        first, last = todo.pop()
        (r0, c0), (r1, c1) = points[first], points[last]
        span = math.hypot(r1 - r0, c1 - c0)
        far, at = 0.0, -1
        for k in range(first + 1, last):
            r, c = points[k]
            if span:
                gap = abs((r1 - r0) * (c0 - c) - (r0 - r) * (c1 - c0)) / span
            else:
                gap = math.hypot(r - r0, c - c0)
            if gap > far:
                far, at = gap, k
        if far > KEEP_WITHIN:
            keep[at] = True
            todo += [(first, at), (at, last)]
    return [p for p, kept in zip(points, keep, strict=True) if kept]


def _chains(board: Map, salt: int) -> list[Chain]:
    """Every border cut into chains that run from corner to corner where three regions meet
    (or the kind of border changes), and loops of one border all round."""
    links: dict[Corner, list[tuple[Corner, tuple[str, tuple[int, ...]]]]] = defaultdict(list)
    for seg in board.segments():
        label = (seg.kind, seg.regions)
        links[seg.start].append((seg.end, label))
        links[seg.end].append((seg.start, label))

    def is_node(v: Corner) -> bool:
        edges = links[v]
        return len(edges) != 2 or edges[0][1] != edges[1][1]

    used: set[tuple[Corner, Corner]] = set()

    def key(a: Corner, b: Corner) -> tuple[Corner, Corner]:
        return (a, b) if a < b else (b, a)

    found: list[Chain] = []

    def walk(start: Corner, first: Corner, label: tuple[str, tuple[int, ...]]) -> None:
        corners = [start, first]
        used.add(key(start, first))
        here = first
        while not is_node(here) and here != start:
            step = next(
                (w for w, lab in links[here] if key(here, w) not in used and lab == label), None
            )
            if step is None:
                break
            used.add(key(here, step))
            corners.append(step)
            here = step
        found.append(
            Chain(
                label[0],
                label[1],
                tuple(corners),
                _smooth(tuple(corners), board.rows, board.cols, salt),
            )
        )

    for v in sorted(links):
        if is_node(v):
            for w, label in sorted(links[v]):
                if key(v, w) not in used:
                    walk(v, w, label)
    for v in sorted(links):  # what is left are loops with no node: a shore all round
        for w, label in sorted(links[v]):
            if key(v, w) not in used:
                walk(v, w, label)
    return found


def _left_cell(a: Corner, b: Corner) -> tuple[int, int]:
    """The cell on the left of the edge from corner ``a`` to ``b`` (rows grow downwards)."""
    (r, c), (r1, c1) = a, b
    if (r1 - r, c1 - c) == (0, 1):
        return (r - 1, c)
    if (r1 - r, c1 - c) == (0, -1):
        return (r, c - 1)
    if (r1 - r, c1 - c) == (1, 0):
        return (r, c)
    return (r - 1, c - 1)


def area(points: tuple[Point, ...]) -> float:
    """The area a closed line encloses (in square cells, signed by its direction)."""
    return 0.5 * sum(p[1] * q[0] - q[1] * p[0] for p, q in zip(points, points[1:] + points[:1]))


def _loops(board: Map, region: int, chains: list[Chain]) -> tuple[tuple[Point, ...], ...]:
    """The region's closed outlines from its chains, each chain turned so the region is on
    its left; where the region touches itself at a corner, the outline turns right (so the
    region stays one shape)."""
    directed: list[tuple[tuple[Corner, ...], tuple[Point, ...]]] = []
    for chain in chains:
        if region not in chain.regions:
            continue
        a, b = chain.corners[0], chain.corners[1]
        r, c = _left_cell(a, b)
        inside = 0 <= r < board.rows and 0 <= c < board.cols and board.grid[r][c] == region
        if inside:
            directed.append((chain.corners, chain.points))
        else:
            directed.append((chain.corners[::-1], chain.points[::-1]))
    starting: dict[Corner, list[int]] = defaultdict(list)
    for i, (corners, _) in enumerate(directed):
        starting[corners[0]].append(i)
    left = set(range(len(directed)))
    loops: list[tuple[Point, ...]] = []
    while left:
        first = min(left)
        left.discard(first)
        corners, points = directed[first]
        outline = list(points)
        end, last = corners[-1], corners[-2]
        while end != directed[first][0][0]:
            options = [i for i in starting[end] if i in left]
            if not options:
                break

            def turn(i: int, end: Corner = end, last: Corner = last) -> int:
                nxt = directed[i][0][1]
                din = (end[0] - last[0], end[1] - last[1])
                dout = (nxt[0] - end[0], nxt[1] - end[1])
                return din[1] * dout[0] - din[0] * dout[1]

            chosen = max(options, key=lambda i: (turn(i), -i))
            left.discard(chosen)
            corners, points = directed[chosen]
            outline += points[1:]
            end, last = corners[-1], corners[-2]
        loops.append(tuple(outline))
    return tuple(sorted(loops, key=lambda loop: -abs(area(loop))))


@lru_cache(maxsize=16)
def outlines(board: Map) -> Outlines:
    """The map's chains and each region's outlines (computed once per map)."""
    salt = zlib.crc32(board.key.encode())
    chains = _chains(board, salt)
    return Outlines(tuple(chains), tuple(_loops(board, r.id, chains) for r in board.regions))


def length(points: tuple[Point, ...]) -> float:
    """The length of a line (in grid units)."""
    return sum(math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in itertools.pairwise(points))


def halfway(points: tuple[Point, ...]) -> tuple[Point, Point]:
    """The point halfway along a line, and the line's direction there (d row, d col)."""
    goal, walked = length(points) / 2, 0.0
    for p, q in itertools.pairwise(points):
        step = math.hypot(q[0] - p[0], q[1] - p[1])
        if step and walked + step >= goal:
            k = (goal - walked) / step
            return (p[0] + k * (q[0] - p[0]), p[1] + k * (q[1] - p[1])), (
                q[0] - p[0],
                q[1] - p[1],
            )
        walked += step
    return points[-1], (0.0, 1.0)


def dashes(points: list[Point], on: float, off: float) -> list[list[Point]]:
    """A line cut into dashes ``on`` long with gaps ``off`` long (in the points' units)."""
    out: list[list[Point]] = []
    current: list[Point] = [points[0]]
    drawing, left = True, on
    for p, q in itertools.pairwise(points):
        step = math.hypot(q[0] - p[0], q[1] - p[1])
        start = 0.0
        while step - start > left:
            start += left
            k = start / step
            cut = (p[0] + k * (q[0] - p[0]), p[1] + k * (q[1] - p[1]))
            if drawing:
                current.append(cut)
                out.append(current)
            current = [cut]
            drawing, left = not drawing, off if drawing else on
        left -= step - start
        if drawing:
            current.append(q)
        else:
            current = [q]
    if drawing and len(current) > 1:
        out.append(current)
    return out
