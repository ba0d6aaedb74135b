"""Mondo's best-board problem as data: each tile's distinct turned sides with what scoring
needs of them, the spaces around each space, a fast scorer and a simple upper bound.

``solver.py`` searches it (a local search, or CP-SAT when OR-Tools is installed); the problem
lives apart so that both methods and the answers share it without a cycle.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..words import t
from . import data
from .board import check_rim, opposite, rim_index
from .data import Tile
from .faces import ACTIVE, INACTIVE, LAND, N_EDGES, WATER, Face
from .scoring import (
    ANIMAL_POINTS,
    EMPTY_SPACE_POINTS,
    LANDSCAPE_POINTS,
    VOLCANO_POINTS,
    WRONG_CONNECTION_POINTS,
)

# ----------------------------------------------------------------------------- the problem


@dataclass(frozen=True)
class Option:
    """One tile side turned one way, with what the scoring needs of it."""

    tile: int  # index in the problem's tiles
    side: int
    turn: int
    face: Face
    region: tuple[int, int, int, int]  # the region of each edge
    gain: int  # animal minus volcano penalty
    land_regions: int


@dataclass(frozen=True)
class Problem:
    tiles: tuple[Tile, ...]
    rows: int
    cols: int
    rim: tuple[str, ...]
    options: tuple[tuple[Option, ...], ...]  # per tile, its distinct turned sides
    around: tuple[tuple[int, ...], ...]  # per space and edge: the space beyond, or -1 - rim
    volcano_chip: bool

    @property
    def spaces(self) -> int:
        return self.rows * self.cols


def option_of(i: int, tile: Tile, side: int, turn: int, volcano_chip: bool) -> Option:
    turned = tile.sides[side].rotated(turn)
    volcano = turned.volcano == ACTIVE or (volcano_chip and turned.volcano == INACTIVE)
    return Option(
        tile=i,
        side=side,
        turn=turn,
        face=turned,
        region=(turned.region_of(0), turned.region_of(1), turned.region_of(2), turned.region_of(3)),
        gain=ANIMAL_POINTS * turned.has_animal + VOLCANO_POINTS * volcano,
        land_regions=land_regions(turned),
    )


def land_regions(face: Face) -> int:
    return sum(1 for group in face.regions if face.edges[group[0]] in LAND)


def column_spaces(problem: Problem, j: int) -> range:
    return range(j, problem.spaces, problem.cols)


def row_spaces(problem: Problem, j: int) -> range:
    return range(j * problem.cols, (j + 1) * problem.cols)


def face_key(face: Face) -> tuple[Any, ...]:
    """What the scoring sees of a face (not the species: every animal is worth 1)."""
    return (face.edges, face.regions, face.has_animal, face.volcano)


def problem_of(
    tiles: Iterable[Tile], side: str, rows: int | None, cols: int | None, volcano_chip: bool
) -> Problem:
    chosen = tuple(tiles)
    seen: set[int] = set()
    for position, tile in enumerate(chosen, start=1):
        if not isinstance(tile, Tile):
            raise ValueError(t("mondo_solver.not_a_tile", position=position))
        if tile.id in seen:
            raise ValueError(t("mondo_solver.tile_twice", id=tile.id))
        seen.add(tile.id)
    if side not in data.SIDES:
        raise ValueError(t("mondo_solver.unknown_side", side=side, sides=", ".join(data.SIDES)))
    rows = data.BOARD_ROWS if rows is None else rows
    cols = data.BOARD_COLUMNS if cols is None else cols
    if rows < 1 or cols < 1:
        raise ValueError(t("mondo_solver.bad_shape", rows=rows, cols=cols))
    if (rows, cols) == (data.BOARD_ROWS, data.BOARD_COLUMNS):
        rim = check_rim(data.RIMS[side], rows, cols)
    elif side == "A":
        rim = check_rim(None, rows, cols)
    else:  # side B's split rim is drawn for the real board only
        raise ValueError(t("mondo_solver.side_b_shape", rows=rows, cols=cols))
    options = []
    for i, tile in enumerate(chosen):
        mine: dict[tuple[Any, ...], Option] = {}
        for s in range(len(tile.sides)):
            for turn in range(N_EDGES):
                option = option_of(i, tile, s, turn, volcano_chip)
                mine.setdefault(face_key(option.face), option)  # one per look
        options.append(tuple(mine.values()))
    around = []
    for r in range(rows):
        for c in range(cols):
            beyond = []
            for e in range(N_EDGES):
                outer = rim_index(rows, cols, (r, c), e)
                if outer is not None:
                    beyond.append(-1 - outer)
                else:
                    dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[e]
                    beyond.append((r + dr) * cols + c + dc)
            around.append(tuple(beyond))
    return Problem(chosen, rows, cols, rim, tuple(options), tuple(around), volcano_chip)


# ------------------------------------------------------------------- a fast scorer, a bound


def fast_points(problem: Problem, cells: Sequence[Option | None]) -> int:
    """The board's points, as ``scoring`` counts them, without building a ``Board`` (the
    local search calls this tens of thousands of times; ``best_board`` checks the final
    answer with the real scorer). Region ``g`` of space ``s`` is node ``4 s + g`` of a
    union-find over lists; a landscape scores when none of its nodes is spoiled (water, an
    edge towards an empty space, a wrong connection)."""
    points = 0
    spaces = len(cells)
    parent = list(range(spaces * 4))
    bad = bytearray(spaces * 4)
    rim = problem.rim
    for space in range(spaces):
        option = cells[space]
        if option is None:
            points += EMPTY_SPACE_POINTS
            continue
        points += option.gain
        edges = option.face.edges
        region = option.region
        around = problem.around[space]
        for e in range(N_EDGES):
            node = space * 4 + region[e]
            terrain = edges[e]
            if terrain == WATER:
                bad[node] = 1
            beyond = around[e]
            if beyond < 0:
                if rim[-1 - beyond] != terrain:
                    points += WRONG_CONNECTION_POINTS
                    bad[node] = 1
                continue
            other = cells[beyond]
            if other is None:
                bad[node] = 1
                continue
            back = opposite(e)
            if other.face.edges[back] != terrain:
                bad[node] = 1
                if e in (1, 2):  # each touching pair once
                    points += WRONG_CONNECTION_POINTS
            elif e in (1, 2):
                a = _root(parent, node)
                b = _root(parent, beyond * 4 + other.region[back])
                if a != b:
                    parent[a] = b
    scores: dict[int, bool] = {}  # per landscape (its root): no spoiled region so far
    for space in range(spaces):
        option = cells[space]
        if option is None:
            continue
        for group in range(len(option.face.regions)):
            node = space * 4 + group
            top = _root(parent, node)
            if bad[node]:
                scores[top] = False
            else:
                scores.setdefault(top, True)
    return points + LANDSCAPE_POINTS * sum(scores.values())


def _root(parent: list[int], node: int) -> int:
    while parent[node] != node:
        node = parent[node]
    return node


def connected(problem: Problem, cells: Sequence[Option | None]) -> bool:
    """Whether the placed spaces form one group joined by edges (or there are none)."""
    placed = [i for i, o in enumerate(cells) if o is not None]
    if not placed:
        return True
    seen = {placed[0]}
    todo = [placed[0]]
    while todo:
        space = todo.pop()
        for beyond in problem.around[space]:
            if beyond >= 0 and beyond not in seen and cells[beyond] is not None:
                seen.add(beyond)
                todo.append(beyond)
    return len(seen) == len(placed)


def simple_bound(problem: Problem) -> int:
    """No board scores more: a tile gives at most its animal, minus its volcano, plus its
    share of closed landscapes; the spaces the tiles cannot fill stay empty.

    A closed landscape's land regions are its own. Where the rim is all water, a land
    region can only be closed by meeting another tile's land, so a closed landscape holds
    at least two regions, and each region is worth at most 2 / 2 = 1 point; a land rim can
    close a single region, worth 2."""
    share = LANDSCAPE_POINTS
    if not any(letter in LAND for letter in problem.rim):
        share = LANDSCAPE_POINTS // 2
    best = sorted(
        (max(o.gain + share * o.land_regions for o in opts) for opts in problem.options),
        reverse=True,
    )[: problem.spaces]
    empties = problem.spaces - len(best)
    return sum(b for b in best if b > 0) + EMPTY_SPACE_POINTS * empties
