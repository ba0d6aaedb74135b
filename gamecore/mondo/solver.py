"""Mondo's best board: from a set of tiles, the board that scores the most points.

``best_board(tiles, side="A", seconds=10, seed=0)`` lays out a set of tiles (each usable
once, either side up, any quarter turn) on a board of the game's shape (4 x 6, the side's
rim; ``rows``/``cols`` make a smaller one) and returns a ``Solution``: the board as faces
and as placements (tile, side, turn) per space, its points as ``scoring`` counts them, whether
they are proven to be the most possible, the best bound known, and the time taken.
``distance(played, tiles)`` says how far a played board is from it (points, spaces that
differ): the lesson "the best board from the tiles you had".

What is scored (the beginner scoring of one round, for one player): animals +1, each closed
error-free land landscape +2, each empty space -1, each wrong connection -1, and volcanoes.
With one player, that player always has "the most" volcanoes, so each active volcano costs
1 (and each inactive one too with ``volcano_chip=True``). A rival with more volcanoes would
spare the player this penalty, but the solver cannot know the rivals: it takes the board as
``score_boards`` scores it alone, the worst case for the player. Bonus chips do not come
from the board and are left out.

Decisions:

- **Exact model (OR-Tools CP-SAT, an optional extra).** One boolean per space and
  *distinct rotated face* (faces equal for scoring, e.g. the 34 forest singles, or a face
  and its own half turn, share one variable: symmetry broken by construction), and per tile
  side a "used" boolean tied to the faces by counts, each tile used at most once. Terrain
  per edge, matches, wrong connections, animals, volcanoes and empty spaces are linear in
  these. The +2 for closed landscapes is modelled **exactly**, not lazily: every tile edge
  is a *slot* (a touching pair of edges is one slot); a slot can be *scoring* only when it
  is land and matched; two slots joined inside a face's region are scoring together, so a
  whole landscape scores or none of it does; each scoring landscape carries one *root*
  slot, and the solver maximises 2 x roots. That a landscape has at most one root comes
  from labels: every scoring slot carries a label no larger than its own number, joined
  slots carry equal labels, and a root's label is its own number; so only the lowest slot
  of a landscape can be its root. So "exact" covers everything the beginner scorer
  counts: a proven optimum is the true optimum. The answer's points are recounted by
  ``scoring``, and a board is called best only when those points reach the bound (the
  brute-force tests check model, scorer and bound agree).
- **Symmetry.** Besides equal faces sharing a variable: a group of tiles that touches
  neither of two opposite rims scores the same shifted between them, so only the shift
  nearest the west (north) rim is allowed. The half turn of the whole board (side A) is
  not cut.
- **Connected boards.** A player places every tile after the first next to one already
  placed, so the placed spaces form one connected group. A full board is connected, but
  empty spaces can cut a board in parts, so the model requires it (a flow from one root
  space reaches every placed space) and the local search refuses a move that breaks it.
- **First solution and fallback: local search** (simulated annealing over placing,
  turning, flipping, swapping and removing tiles; every tile a step puts down lies in its
  best side and turn there), seeded and counted in iterations, so the same seed gives the
  same board unless the time budget cuts it short. ``method="search"`` is one such run;
  otherwise, on boards of 12 spaces or more, the search reheats its best board with the next
  seeds while its share of the budget lasts: all of it when OR-Tools is missing (Binder),
  else ``BIG_SEARCH_SHARE``, where CP-SAT was measured to add nothing in a minute, and then
  CP-SAT starts from its board (on smaller boards the search gets ``SEARCH_SHARE``).
- **Bounds.** Every answer carries a proven bound: the smaller of ``simple_bound`` (each
  tile's animal, volcano and land regions) and ``solver_bound.region_bound``, a counting
  argument (a scoring landscape's regions weigh at least 2 when a region of one edge weighs
  1, a corner region 1/2 and any other 0; then the best way to give tiles to kinds of
  spaces, found exactly, each land's weights rounded down to whole landscapes). CP-SAT gets
  both as redundant constraints (the weights per scoring edge, and the objective capped),
  and its own bound when it proves more.
- **What to expect** (benchmarks/mondo_solver.py, docs/performance.md): CP-SAT proves
  boards up to about 3 x 3 in seconds; on the 4 x 6 board with a round's hand of 26 tiles
  the board found is still 5-8 points under the proven bound after 60 s (issue 21 asks for
  5 %: not reached), so a lesson shows "best found" with its bound.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..words import number, t
from . import data
from .board import Board, Cell, opposite
from .data import Tile
from .faces import LAND, N_EDGES, TERRAINS, Face
from .scoring import (
    EMPTY_SPACE_POINTS,
    LANDSCAPE_POINTS,
    WRONG_CONNECTION_POINTS,
    Analysis,
    analyse,
    score_boards,
)
from .solver_bound import UNIT, pattern_of, region_bound, region_weight
from .solver_problem import (
    Option,
    Problem,
    column_spaces,
    connected,
    face_key,
    fast_points,
    land_regions,
    option_of,
    problem_of,
    row_spaces,
    simple_bound,
)

METHODS: Final = ("auto", "cp-sat", "search")
"""``auto``: CP-SAT when OR-Tools is installed, else the local search."""
SIDE_NAMES: Final = ("front", "back")
"""A tile's sides: ``front`` the single landscape, ``back`` the mixed side."""
SEARCH_ITERATIONS: Final = 20_000
"""Local-search steps by default (about 4-8 s for a 4 x 6 board in CPython; a step tries
every look of the tiles it moves). Issue 21: 5,000 steps found boards 1-3 points worse in
one run (lesson 3's board: 3 points against 6), though as good within a minute of reheats."""
SEARCH_SHARE: Final = 0.4
"""With CP-SAT, the part of the budget the local search gets to find CP-SAT's first board."""
BIG_SEARCH_SHARE: Final = 0.9
"""The search's part on boards of ``RESTART_SPACES`` or more, where CP-SAT in a minute
neither lowered the bound nor found a better board in issue 21's measurements (the game's
4 x 6 board); CP-SAT keeps the rest, and proves what it can."""
CP_SAT_LEAST: Final = 5.0
"""CP-SAT's time is never cut below this many seconds (nor below its small-board share of a
shorter budget) by ``BIG_SEARCH_SHARE``: building its model alone takes about a second."""
RESTART_SPACES: Final = 12
"""From this many spaces, the search reheats its best board while its share of time lasts
(on smaller boards CP-SAT proves the best board in seconds anyway)."""
_PLAYER: Final = "best"  # the one board's name in the score sheet (never shown)


@dataclass(frozen=True)
class Placement:
    """A tile on a space: its id, the side up (``front`` or ``back``) and the quarter turns
    clockwise it is turned by."""

    tile: int
    side: str
    turn: int

    def describe(self, lang: str | None = None) -> str:
        side = t(f"mondo_solver.side_{self.side}", lang)
        if self.turn == 0:
            return t("mondo_solver.placement_unturned", lang, tile=self.tile, side=side)
        return t("mondo_solver.placement", lang, tile=self.tile, side=side, n=self.turn)


@dataclass(frozen=True)
class Solution:
    """The best board found. ``placements``: one per space, row by row (``None``: empty);
    ``points``: as ``scoring`` counts the board for one player; ``optimal``: proven that no
    board from these tiles scores more; ``bound``: no board scores more than this;
    ``seconds``: time taken; ``method``: ``cp-sat`` or ``search``."""

    board: Board
    placements: tuple[Placement | None, ...]
    points: int
    optimal: bool
    bound: int
    seconds: float
    method: str
    rim: tuple[str, ...]
    volcano_chip: bool = False

    def analysis(self) -> Analysis:
        return analyse(self.board, self.rim)

    def sentence(self, lang: str | None = None) -> str:
        """The answer in one sentence ("The best board scores 23 points (proven ...)")."""
        seconds = number(self.seconds, 1, lang)
        if self.optimal:
            return t("mondo_solver.solution_proven", lang, n=self.points, seconds=seconds)
        return t(
            "mondo_solver.solution_found", lang, n=self.points, seconds=seconds, bound=self.bound
        )


@dataclass(frozen=True)
class Distance:
    """How far a played board is from the best one: both boards' points, the gap, and the
    spaces where the two boards differ (row, column from 0)."""

    played_points: int
    best: Solution
    differing: tuple[Cell, ...]

    @property
    def gap(self) -> int:
        return self.best.points - self.played_points

    def sentence(self, lang: str | None = None) -> str:
        played = t("mondo_solver.n_points", lang, n=self.played_points)
        best = t("mondo_solver.n_points", lang, n=self.best.points)
        if self.gap > 0:
            return t(
                "mondo_solver.distance_gap",
                lang,
                played=played,
                best=best,
                gap=t("mondo_solver.n_points", lang, n=self.gap),
                spaces=t("mondo_solver.n_spaces", lang, n=len(self.differing)),
            )
        if self.gap == 0:
            return t("mondo_solver.distance_equal", lang, played=played)
        return t("mondo_solver.distance_better", lang, played=played, best=best)


# ---------------------------------------------------------------------------- local search


def _greedy(problem: Problem) -> list[Option | None]:
    """A first board: spaces from the middle outwards (nearest first, so any first few are
    connected, and a few tiles stay clear of the rim), each taking the free tile side and
    turn that best fits its placed neighbours and the rim."""
    cells: list[Option | None] = [None] * problem.spaces
    free = set(range(len(problem.tiles)))
    mid_r, mid_c = (problem.rows - 1) // 2, (problem.cols - 1) // 2
    order = sorted(
        range(problem.spaces),
        key=lambda i: abs(i // problem.cols - mid_r) + abs(i % problem.cols - mid_c),
    )
    for space in order:
        best: tuple[int, int] | None = None
        chosen: Option | None = None
        for i in sorted(free):
            for option in problem.options[i]:
                fit = option.gain
                for e in range(N_EDGES):
                    beyond = problem.around[space][e]
                    terrain = option.face.edges[e]
                    if beyond < 0:
                        fit += 1 if problem.rim[-1 - beyond] == terrain else -2
                    elif cells[beyond] is not None:
                        other = cells[beyond]
                        assert other is not None
                        fit += 1 if other.face.edges[opposite(e)] == terrain else -2
                key = (fit, -i)
                if best is None or key > best:
                    best, chosen = key, option
        if chosen is None:
            break
        cells[space] = chosen
        free.discard(chosen.tile)
    return cells


def _search(
    problem: Problem,
    seed: int,
    iterations: int,
    deadline: float,
    start: Sequence[Option | None],
    bound: int,
) -> tuple[list[Option | None], int]:
    """Simulated annealing from ``start``: the best board met and its points (it stops
    early on reaching ``bound``: nothing can score more).

    A step puts a free tile on a space (40 %), turns or flips a placed tile (20 %), swaps two
    spaces (35 %) or takes a tile off (5 %); every tile a step puts down lies in its best
    look there (side and turn, ties by a coin), so a step tries up to 16 boards. Issue 21:
    one random look per step found boards 0-6 points worse on five 26-tile hands, in runs of
    about the same time (docs/performance.md)."""
    rng = random.Random(seed)
    cells = list(start)
    used = {o.tile for o in cells if o is not None}
    free = sorted(set(range(len(problem.tiles))) - used)
    points = fast_points(problem, cells)
    best, best_points = list(cells), points
    n = problem.spaces
    hot, cold = 2.0, 0.05
    for step in range(iterations):
        if step % 64 == 0 and time.perf_counter() > deadline:
            break
        heat = hot * (cold / hot) ** (step / max(1, iterations))
        trial = list(cells)
        kind = rng.random()
        space = rng.randrange(n)
        current = trial[space]
        returned: int | None = None
        taken: int | None = None
        if kind < 0.4 and free:
            taken = free[rng.randrange(len(free))]
            trial[space] = problem.options[taken][0]
            if current is None and not connected(problem, trial):
                continue
            new = _best_look(problem, trial, space, problem.options[taken], rng)
            returned = current.tile if current is not None else None
        elif kind < 0.6 and current is not None:
            others = [o for o in problem.options[current.tile] if o != current]
            if not others:
                continue
            new = _best_look(problem, trial, space, others, rng)
        elif kind < 0.95:
            other = rng.randrange(n)
            here, there = trial[other], current
            if other == space or (here is None and there is None):
                continue
            trial[space], trial[other] = here, there
            if (here is None or there is None) and not connected(problem, trial):
                continue
            if here is not None:
                new = _best_look(problem, trial, space, problem.options[here.tile], rng)
            if there is not None:  # the last look laid gives the whole board's points
                new = _best_look(problem, trial, other, problem.options[there.tile], rng)
        elif current is not None:
            trial[space] = None
            if not connected(problem, trial):
                continue
            returned = current.tile
            new = fast_points(problem, trial)
        else:
            continue
        if new >= points or rng.random() < math.exp((new - points) / heat):
            cells, points = trial, new
            if taken is not None:
                free.remove(taken)
            if returned is not None:
                free.append(returned)
                free.sort()
            if points > best_points:
                best, best_points = list(cells), points
                if best_points >= bound:
                    break
    return best, best_points


def _best_look(
    problem: Problem,
    cells: list[Option | None],
    space: int,
    looks: Sequence[Option],
    rng: random.Random,
) -> int:
    """Put the best of ``looks`` (one tile's sides and turns) on ``space`` of ``cells``, ties
    broken by ``rng``; the board's points with it."""
    chosen, most = looks[0], None
    for look in looks:
        cells[space] = look
        points = fast_points(problem, cells)
        if most is None or points > most or (points == most and rng.random() < 0.5):
            chosen, most = look, points
    cells[space] = chosen
    assert most is not None
    return most


# ---------------------------------------------------------------------------------- CP-SAT


def _cp_sat(
    problem: Problem,
    seconds: float,
    seed: int,
    workers: int,
    hint: Sequence[Option | None],
    cap: int,
) -> tuple[list[Option | None], int] | None:
    """The exact model (see the module's notes): the board and the bound (equal to the
    board's points when proven best); ``None`` when CP-SAT found nothing in time."""
    from ortools.sat.python import cp_model  # type: ignore[import-not-found,unused-ignore]

    m = cp_model.CpModel()
    n = problem.spaces
    # distinct turned faces over all tiles: one variable per space and face
    shapes: dict[tuple[Any, ...], int] = {}
    shape_face: list[Face] = []
    shape_gain: list[int] = []
    orbit_of: dict[tuple[int, int], frozenset[int]] = {}
    for opts in problem.options:
        for o in opts:
            key = face_key(o.face)
            if key not in shapes:
                shapes[key] = len(shape_face)
                shape_face.append(o.face)
                shape_gain.append(o.gain)
    for i, tile in enumerate(problem.tiles):
        for s, face in enumerate(tile.sides):
            orbit_of[(i, s)] = frozenset(shapes[face_key(face.rotated(k))] for k in range(4))
    orbits = sorted(set(orbit_of.values()), key=min)
    x = [[m.new_bool_var(f"x{c}_{k}") for k in range(len(shape_face))] for c in range(n)]
    used = {key: m.new_bool_var(f"u{key}") for key in orbit_of}
    for i in range(len(problem.tiles)):
        m.add(used[(i, 0)] + used[(i, 1)] <= 1)
    for orbit in orbits:
        m.add(
            sum(x[c][k] for c in range(n) for k in orbit)
            == sum(u for key, u in used.items() if orbit_of[key] == orbit)
        )
    placed = [m.new_bool_var(f"p{c}") for c in range(n)]
    for c in range(n):
        m.add(sum(x[c]) == placed[c])
    terrain = [
        [{letter: m.new_bool_var(f"t{c}_{e}{letter}") for letter in TERRAINS} for e in range(4)]
        for c in range(n)
    ]
    for c in range(n):
        for e in range(4):
            for letter in TERRAINS:
                m.add(
                    terrain[c][e][letter]
                    == sum(x[c][k] for k, f in enumerate(shape_face) if f.edges[e] == letter)
                )
    # slots: a touching pair of edges, or an edge on the rim
    slot_of: dict[tuple[int, int], int] = {}
    wrong: list[Any] = []
    good: list[Any] = []
    for c in range(n):
        for e in range(4):
            beyond = problem.around[c][e]
            if beyond < 0:
                letter = problem.rim[-1 - beyond]
                slot_of[(c, e)] = len(good)
                wrong.append(placed[c] - terrain[c][e][letter])
                good.append(terrain[c][e][letter] if letter in LAND else 0)
            elif e in (1, 2):
                back = opposite(e)
                same = {}
                for letter in TERRAINS:
                    a, b = terrain[c][e][letter], terrain[beyond][back][letter]
                    # the objective pushes a match up and a touching pair down, so one
                    # side of each definition is enough (and plain linear: a tight bound)
                    both = m.new_bool_var(f"m{c}_{e}{letter}")
                    m.add(both <= a)
                    m.add(both <= b)
                    same[letter] = both
                pair = m.new_bool_var(f"b{c}_{e}")
                m.add(pair >= placed[c] + placed[beyond] - 1)
                m.add(sum(same.values()) <= pair)  # redundant: a tighter bound
                m.add(pair <= placed[c])
                m.add(pair <= placed[beyond])
                slot_of[(c, e)] = slot_of[(beyond, back)] = len(good)
                wrong.append(pair - sum(same.values()))
                good.append(sum(same[letter] for letter in LAND))
    slots = len(good)
    scoring = [m.new_bool_var(f"s{k}") for k in range(slots)]
    label = [m.new_int_var(0, k, f"l{k}") for k in range(slots)]  # at most its own number
    roots = [m.new_bool_var(f"r{k}") for k in range(slots)]
    for k in range(slots):
        m.add(scoring[k] <= good[k])
        m.add(roots[k] <= scoring[k])
        m.add(label[k] == k).only_enforce_if(roots[k])
    # redundant, for the bound: the roots on one space's edges lie in different landscapes,
    # so in different land regions of its face
    for c in range(n):
        m.add(
            sum(roots[slot_of[(c, e)]] for e in range(4))
            <= sum(x[c][k] * land_regions(face) for k, face in enumerate(shape_face))
        )
    # redundant, for the bound: the weight argument of ``solver_bound`` (2 points per
    # scoring landscape at most the weights of its regions), each region's weight shared
    # among its edges, counted on the edges that score
    shares = []
    for c in range(n):
        pattern = pattern_of(problem, c)
        for e in range(4):
            by_share: dict[int, list[Any]] = {}
            for k, face in enumerate(shape_face):
                group = face.regions[face.region_of(e)]
                if face.edges[e] in LAND:
                    share = UNIT * region_weight(face, group, pattern) // len(group)
                    if share:
                        by_share.setdefault(share, []).append(x[c][k])
            for share, holders in by_share.items():
                z = m.new_bool_var(f"z{c}_{e}_{share}")
                m.add(z <= scoring[slot_of[(c, e)]])
                m.add(z <= sum(holders))
                shares.append(share * z)
    m.add(UNIT * UNIT * LANDSCAPE_POINTS * sum(roots) <= sum(shares))
    for c in range(n):
        for e in range(4):
            for f in range(e + 1, 4):
                together = [
                    k for k, face in enumerate(shape_face) if face.region_of(e) == face.region_of(f)
                ]
                if not together:
                    continue
                joined = m.new_bool_var(f"j{c}_{e}{f}")
                m.add(joined == sum(x[c][k] for k in together))
                one, two = slot_of[(c, e)], slot_of[(c, f)]
                m.add(scoring[one] == scoring[two]).only_enforce_if(joined)
                m.add(label[one] == label[two]).only_enforce_if([joined, scoring[one]])
    # connected: one root space sends a unit of flow to every other placed space
    start = [m.new_bool_var(f"o{c}") for c in range(n)]
    m.add(sum(start) <= 1)
    for c in range(n):
        m.add(start[c] <= placed[c])
        m.add(placed[c] <= sum(start))
    # a group of tiles that touches neither of two opposite rims scores the same shifted
    # between them: keep only the shift nearest the west (north) rim
    for length, line in ((problem.cols, column_spaces), (problem.rows, row_spaces)):
        if length < 4:  # a shorter board leaves no room for a shift
            continue
        free = []
        for j in (0, 1, length - 1):
            empty = m.new_bool_var(f"e{length}_{j}")
            for c in line(problem, j):
                m.add(empty <= 1 - placed[c])
            m.add(empty + sum(placed[c] for c in line(problem, j)) >= 1)
            free.append(empty)
        # the first, second and last lines are not all empty (unless the board is)
        m.add(free[0] + free[1] + free[2] <= 3 - sum(start))
    flow = {}
    for c in range(n):
        for beyond in problem.around[c]:
            if beyond >= 0:
                arc = m.new_int_var(0, n - 1, f"f{c}_{beyond}")
                m.add(arc <= (n - 1) * placed[c])
                m.add(arc <= (n - 1) * placed[beyond])
                flow[(c, beyond)] = arc
    for c in range(n):
        inflow = sum(arc for (_, b), arc in flow.items() if b == c)
        outflow = sum(arc for (a, _), arc in flow.items() if a == c)
        m.add(inflow - outflow >= placed[c] - n * start[c])
    objective = (
        sum(shape_gain[k] * x[c][k] for c in range(n) for k in range(len(shape_face)))
        + LANDSCAPE_POINTS * sum(roots)
        + EMPTY_SPACE_POINTS * (n - sum(placed))
        + WRONG_CONNECTION_POINTS * sum(wrong)
    )
    m.add(objective <= cap)  # redundant: the bound known before, for pruning
    m.maximize(objective)
    # the hint, made whole: CP-SAT repairs a partial hint poorly, so the search's board is
    # fixed in a copy of the model, every other variable solved for, and all of it hinted
    hinted_shapes = {c: shapes[face_key(o.face)] for c, o in enumerate(hint) if o is not None}
    hinted_used = {(o.tile, o.side) for o in hint if o is not None}
    fixed = [(x[c][k], int(hinted_shapes.get(c) == k)) for c in range(n) for k in range(len(x[c]))]
    fixed += [(u, int(key in hinted_used)) for key, u in used.items()]
    probe = m.clone()
    for var, value in fixed:
        probe.add(probe.get_bool_var_from_proto_index(var.index) == value)
    completer = cp_model.CpSolver()
    completer.parameters.max_time_in_seconds = max(0.5, seconds / 10)
    completer.parameters.num_workers = 1
    if completer.solve(probe) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        for i in range(len(m.proto.variables)):
            value = completer.value(probe.get_int_var_from_proto_index(i))
            m.add_hint(m.get_int_var_from_proto_index(i), value)
    else:  # e.g. a board the symmetry cuts forbid: hint its tiles only
        for var, value in fixed:
            m.add_hint(var, value)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    solver.parameters.linearization_level = 2  # with 2 workers, level 1 left the bound loose
    status = solver.solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    cells: list[Option | None] = [None] * n
    chosen = {c: k for c in range(n) for k in range(len(shape_face)) if solver.value(x[c][k])}
    given = sorted(key for key, u in used.items() if solver.value(u))
    for c, k in sorted(chosen.items()):  # hand each space a used tile side of its face
        key = next(key for key in given if k in orbit_of[key])
        given.remove(key)
        i, s = key
        side = problem.tiles[i].sides[s]
        wanted = face_key(shape_face[k])
        turn = next(q for q in range(N_EDGES) if face_key(side.rotated(q)) == wanted)
        cells[c] = option_of(i, problem.tiles[i], s, turn, problem.volcano_chip)
    bound = math.floor(solver.best_objective_bound + 1e-6)
    return cells, bound


# ------------------------------------------------------------------------------ the answers


def have_ortools() -> bool:
    """Whether OR-Tools (the optional extra ``solver``) can be imported."""
    try:
        from ortools.sat.python import cp_model  # noqa: F401
    except ImportError:
        return False
    return True


def board_points(board: Board, rim: Sequence[str] | str | None, volcano_chip: bool = False) -> int:
    """A board's points for one player, as the score sheet counts them (no bonus chip)."""
    sheet = score_boards({_PLAYER: board}, rim, volcano_chip=(_PLAYER,) if volcano_chip else ())
    return sheet.total(_PLAYER)


def best_board(
    tiles: Iterable[Tile],
    side: str = "A",
    seconds: float = 10.0,
    seed: int = 0,
    *,
    rows: int | None = None,
    cols: int | None = None,
    method: str = "auto",
    volcano_chip: bool = False,
    iterations: int = SEARCH_ITERATIONS,
    workers: int = 2,
) -> Solution:
    """The board that scores the most points from ``tiles`` (each at most once, either side,
    any turn) on board side ``side`` ("A" or "B"), within about ``seconds``.

    ``rows``/``cols``: a smaller board with water all round (side A only; the game's board
    is 4 x 6). ``method``: ``cp-sat`` (needs OR-Tools), ``search`` (pure Python, one seeded
    run of ``iterations`` steps) or ``auto`` (CP-SAT when installed; without it, on a board of
    ``RESTART_SPACES`` or more, the search again and again for the whole budget).
    ``volcano_chip``: count the inactive volcanoes too, as the chip's holder does. Raises
    ``ValueError`` for a tile given twice, an unknown side or method, or a budget that is not
    positive."""
    began = time.perf_counter()
    if method not in METHODS:
        raise ValueError(
            t("mondo_solver.unknown_method", method=method, methods=", ".join(METHODS))
        )
    if not seconds > 0:
        raise ValueError(t("mondo_solver.bad_seconds", seconds=seconds))
    problem = problem_of(tiles, side, rows, cols, volcano_chip)
    exact = method == "cp-sat" or (method == "auto" and have_ortools())
    if method == "cp-sat" and not have_ortools():
        raise ValueError(t("mondo_solver.no_ortools"))
    deadline = began + seconds
    start = _greedy(problem)
    # CP-SAT gets a short search as its hint and the rest of the budget
    exact_seconds = seconds * (1 - SEARCH_SHARE)
    if problem.spaces >= RESTART_SPACES:
        exact_seconds = max(seconds * (1 - BIG_SEARCH_SHARE), min(exact_seconds, CP_SAT_LEAST))
    share = began + (seconds if not exact else seconds - exact_seconds)
    bound = min(simple_bound(problem), region_bound(problem))
    cells, points = _search(problem, seed, iterations, share, start, bound)
    if method != "search" and problem.spaces >= RESTART_SPACES:
        # on a big board one annealing run often stops on a weak board: reheat the best
        # board met so far, with the next seeds, while the search's share of time lasts
        # (all of it for "auto" without OR-Tools, as on Binder; "search" alone stays one
        # run of ``iterations``, the same board on every machine)
        run = 1
        while points < bound and time.perf_counter() < share:
            more, more_points = _search(problem, seed + run, iterations, share, cells, bound)
            if more_points > points:
                cells, points = more, more_points
            run += 1
    used = "search"
    if exact:
        left = max(0.5, deadline - time.perf_counter())
        found = _cp_sat(problem, left, seed, workers, cells, bound)
        if found is not None:
            exact_cells, exact_bound = found
            bound = min(bound, exact_bound)
            if fast_points(problem, exact_cells) >= fast_points(problem, cells):
                cells = exact_cells
            used = "cp-sat"
    return _solution(problem, cells, bound, time.perf_counter() - began, used)


def _solution(
    problem: Problem,
    cells: Sequence[Option | None],
    bound: int,
    seconds: float,
    method: str,
) -> Solution:
    rows = tuple(
        tuple(
            None if o is None else o.face for o in cells[r * problem.cols : (r + 1) * problem.cols]
        )
        for r in range(problem.rows)
    )
    board = Board(rows)
    points = board_points(board, problem.rim, problem.volcano_chip)
    placements = tuple(
        None if o is None else Placement(problem.tiles[o.tile].id, SIDE_NAMES[o.side], o.turn)
        for o in cells
    )
    return Solution(
        board=board,
        placements=placements,
        points=points,
        optimal=points >= bound,  # CP-SAT's proof is its bound: reached by the real points
        bound=max(bound, points),
        seconds=seconds,
        method=method,
        rim=problem.rim,
        volcano_chip=problem.volcano_chip,
    )


def turned_half(board: Board) -> Board:
    """The board turned half round (every face too): on a rim that looks the same turned
    half round (side A), it scores the same."""
    return Board(
        tuple(
            tuple(None if f is None else f.rotated(2) for f in reversed(row))
            for row in reversed(board.cells)
        )
    )


def distance(
    played: Board,
    tiles: Iterable[Tile],
    side: str = "A",
    seconds: float = 10.0,
    seed: int = 0,
    *,
    best: Solution | None = None,
    method: str = "auto",
    volcano_chip: bool = False,
) -> Distance:
    """How far a played board is from the best board of the same tiles: points and the
    spaces that differ. ``tiles``: the tiles the player had (those on the board included);
    ``best``: a ``Solution`` already worked out for them (else ``best_board`` is run on
    the played board's shape). When the best board turned half round scores the same (side
    A), the spaces are counted against whichever of the two is nearer the played one."""
    if best is None:
        shape = (played.rows, played.cols)
        rows, cols = (None, None) if shape == (data.BOARD_ROWS, data.BOARD_COLUMNS) else shape
        best = best_board(
            tiles,
            side,
            seconds,
            seed,
            rows=rows,
            cols=cols,
            method=method,
            volcano_chip=volcano_chip,
        )
    if (played.rows, played.cols) != (best.board.rows, best.board.cols):
        raise ValueError(
            t(
                "mondo_solver.played_shape",
                rows=played.rows,
                cols=played.cols,
                wanted_rows=best.board.rows,
                wanted_cols=best.board.cols,
            )
        )
    points = board_points(played, best.rim, volcano_chip)
    candidates = [best.board]
    turned = turned_half(best.board)
    if board_points(turned, best.rim, volcano_chip) == best.points:
        candidates.append(turned)
    differing = min(
        (
            tuple(
                cell
                for cell in played.spaces()
                if _look(played.at(cell)) != _look(candidate.at(cell))
            )
            for candidate in candidates
        ),
        key=len,
    )
    return Distance(played_points=points, best=best, differing=differing)


def _look(face: Face | None) -> tuple[Any, ...] | None:
    return None if face is None else face_key(face)
