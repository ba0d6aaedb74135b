"""Mondo's solver: the best board from a set of tiles, and a played board's distance from it.

Small boards (1 x 2 up to 2 x 3, water all round) are checked against brute force: every
connected way to lay out some of the tiles, each side, each turn, scored by the score sheet.
Timings are never asserted.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import subprocess
import sys
from collections.abc import Iterator

import pytest

from gamecore.mondo import solver, solver_bound, solver_problem
from gamecore.mondo.board import Board
from gamecore.mondo.data import RIMS, Tile, default_tiles
from gamecore.mondo.faces import Face, parse_face
from gamecore.mondo.scoring import analyse, score_boards
from gamecore.mondo.solver_bound import pattern_of, region_weight
from gamecore.mondo.solver_problem import problem_of

HAVE_ORTOOLS = solver.have_ortools()
needs_ortools = pytest.mark.skipif(not HAVE_ORTOOLS, reason="OR-Tools (extra 'solver') missing")


def tile(id_: int, front: str, back: str) -> Tile:
    return Tile(id_, parse_face(front), parse_face(back))


def looks(tile_: Tile) -> set[Face]:
    """Every distinct face a tile can show (both sides, every turn)."""
    return {side.rotated(k) for side in tile_.sides for k in range(4)}


def connected(cells: tuple[tuple[int, int], ...]) -> bool:
    if not cells:
        return True
    todo, seen = [cells[0]], {cells[0]}
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(cells)


def brute_force(tiles: list[Tile], rows: int, cols: int, chip: bool = False) -> int:
    """The most points of any connected board from the tiles (water all round)."""
    spaces = [(r, c) for r in range(rows) for c in range(cols)]
    best = -len(spaces)  # the empty board
    for k in range(1, min(len(tiles), len(spaces)) + 1):
        for where in itertools.combinations(spaces, k):
            if not connected(where):
                continue
            seen: set[tuple[str, ...]] = set()
            for chosen in itertools.permutations(tiles, k):
                kinds = tuple(f"{x.front} {x.back}" for x in chosen)
                if kinds in seen:  # identical tiles in another order: the same boards
                    continue
                seen.add(kinds)
                for faces in itertools.product(*(sorted(looks(x), key=str) for x in chosen)):
                    board = Board.empty(rows, cols)
                    for cell, face in zip(where, faces):
                        board = board.with_face(cell, face)
                    best = max(best, solver.board_points(board, None, chip))
    return best


def check_solution(solution: solver.Solution, tiles: list[Tile]) -> None:
    """The answer is a real board of these tiles, scored by the score sheet, connected."""
    by_id = {x.id: x for x in tiles}
    ids = [p.tile for p in solution.placements if p is not None]
    assert len(ids) == len(set(ids)) and set(ids) <= set(by_id)
    faces = [face for row in solution.board.cells for face in row]
    for placement, face in zip(solution.placements, faces, strict=True):
        if placement is None:
            assert face is None
            continue
        side = by_id[placement.tile].sides[solver.SIDE_NAMES.index(placement.side)]
        assert side.rotated(placement.turn) == face
    sheet = score_boards(
        {"me": solution.board}, solution.rim, volcano_chip=("me",) if solution.volcano_chip else ()
    )
    assert solution.points == sheet.total("me") == sheet.total("me") - sheet.points("me", "bonus")
    assert solution.bound >= solution.points
    placed = tuple(cell for cell, _ in solution.board.tiles())
    assert connected(placed)
    assert solution.analysis().board == solution.board


def random_sets(count: int, size: int, seed: int) -> list[list[Tile]]:
    rng = random.Random(seed)
    return [rng.sample(default_tiles(), size) for _ in range(count)]


# ------------------------------------------------------------------------- hand-built cases


def test_two_forest_halves_close_one_forest_with_two_animals() -> None:
    tiles = [tile(1, "wwww", "wfwwa"), tile(2, "dddd", "wfwwa")]
    for method in ("search", *(("cp-sat",) if HAVE_ORTOOLS else ())):
        best = solver.best_board(tiles, rows=1, cols=2, method=method, seconds=20)
        check_solution(best, tiles)
        assert best.points == 4  # 2 animals + 1 closed forest
        # proven by the search's bound too: 2 animals + 1 per land region on a water rim
        assert best.optimal and best.bound == 4
        assert [p.side for p in best.placements if p] == ["back", "back"]
        (landscape,) = [x for x in analyse(best.board).landscapes if x.land]
        assert landscape.scores and len(landscape.cells) == 2


def test_the_best_board_is_connected_even_when_a_split_one_scores_more() -> None:
    # apart (an empty space between) both animals and no wrong connection score 2 - 1 = 1;
    # a player can only build connected boards, and together the best is 0
    tiles = [tile(1, "dddd", "wdwwa"), tile(2, "pppp", "wpwwa")]
    split = Board(((parse_face("wdwwa"), None, parse_face("wwwpa")),))
    assert solver.board_points(split, None) == 1
    assert brute_force(tiles, 1, 3) == 0
    for method in ("search", *(("cp-sat",) if HAVE_ORTOOLS else ())):
        best = solver.best_board(tiles, rows=1, cols=3, method=method, seconds=20)
        check_solution(best, tiles)
        assert best.points == 0


def test_volcanoes_cost_one_each_for_one_player_and_inactive_ones_with_the_chip() -> None:
    tiles = [tile(1, "wwww", "wwwwav")]  # the back: an animal and an inactive volcano
    plain = solver.best_board(tiles, rows=1, cols=1, method="search")
    assert plain.points == 1 and plain.placements[0] == solver.Placement(1, "back", 0)
    chip = solver.best_board(tiles, rows=1, cols=1, method="search", volcano_chip=True)
    check_solution(chip, tiles)
    assert chip.points == 0
    active = [tile(1, "wwww", "wwwwaV")]
    assert solver.best_board(active, rows=1, cols=1, method="search").points == 0


def test_no_tiles_leave_every_space_empty() -> None:
    best = solver.best_board([], rows=2, cols=2, method="search")
    assert best.points == -4 and best.optimal
    assert best.placements == (None, None, None, None)


# ------------------------------------------------------------------------ against brute force


@pytest.mark.parametrize(
    ("rows", "cols", "size", "seed"),
    [(1, 2, 2, 1), (1, 2, 3, 2), (1, 3, 3, 3), (2, 2, 2, 4), (2, 2, 3, 5), (2, 2, 3, 6)],
)
def test_the_local_search_finds_the_brute_force_optimum_on_small_boards(
    rows: int, cols: int, size: int, seed: int
) -> None:
    (tiles,) = random_sets(1, size, seed)
    best = solver.best_board(tiles, rows=rows, cols=cols, method="search", seed=seed)
    check_solution(best, tiles)
    assert best.points == brute_force(tiles, rows, cols)
    assert best.method == "search"


@needs_ortools
@pytest.mark.parametrize(
    ("rows", "cols", "size", "seed"),
    # 1 x 4 and 1 x 5 leave room to shift a short row of tiles (the symmetry the model cuts)
    [
        (1, 2, 2, 1),
        (1, 3, 3, 3),
        (2, 2, 3, 5),
        (2, 2, 3, 6),
        (2, 2, 4, 7),
        (1, 4, 2, 8),
        (1, 5, 3, 9),
    ],
)
def test_cp_sat_proves_the_brute_force_optimum_on_small_boards(
    rows: int, cols: int, size: int, seed: int
) -> None:
    (tiles,) = random_sets(1, size, seed)
    best = solver.best_board(tiles, rows=rows, cols=cols, method="cp-sat", seed=seed, seconds=30)
    check_solution(best, tiles)
    assert best.method == "cp-sat"
    assert best.optimal and best.bound == best.points == brute_force(tiles, rows, cols)


@needs_ortools
def test_cp_sat_counts_closed_landscapes_exactly() -> None:
    # four forest corners close one forest in the middle of a 2 x 2 board; a landscape
    # counted twice, or an open one counted, would show as a different optimum
    tiles = [tile(i, "wwww", "wffw") for i in range(1, 5)] + [tile(5, "pppp", "ffffa")]
    best = solver.best_board(tiles, rows=2, cols=2, method="cp-sat", seconds=30)
    check_solution(best, tiles)
    assert best.optimal and best.points == 2 == brute_force(tiles, 2, 2)


# ------------------------------------------------------------------- the counting bound


def quick_points(board: Board, rim: tuple[str, ...] | None = None) -> int:
    """A lone board's points straight from the scoring's analysis (what the score sheet adds
    up, without writing its reasons: brute force scores many thousands of boards)."""
    a = analyse(board, rim)
    return (
        len(a.animals)
        - len(a.active_volcanoes)
        - len(a.empty_spaces)
        - len(a.wrong_connections)
        + 2 * len(a.scoring_landscapes)
    )


def every_board(tiles: list[Tile], rows: int, cols: int) -> Iterator[Board]:
    """Every connected board of some of the tiles, each either side up and turned any way."""
    spaces = [(r, c) for r in range(rows) for c in range(cols)]
    yield Board.empty(rows, cols)
    for k in range(1, min(len(tiles), len(spaces)) + 1):
        for where in itertools.combinations(spaces, k):
            if not connected(where):
                continue
            for chosen in itertools.permutations(tiles, k):
                for faces in itertools.product(*(sorted(looks(x), key=str) for x in chosen)):
                    cells = dict(zip(where, faces, strict=True))
                    yield Board(
                        tuple(tuple(cells.get((r, c)) for c in range(cols)) for r in range(rows))
                    )


def landscape_weights(board: Board, rim: tuple[str, ...]) -> list[int]:
    """Each scoring landscape's regions weighed as ``solver_bound`` weighs them."""
    a = analyse(board, rim)
    problem = problem_of([], "A", board.rows, board.cols, False)
    problem = dataclasses.replace(problem, rim=rim)
    weights = []
    for i in a.scoring_landscapes:
        total = 0
        for r, c, region in a.landscapes[i].nodes:
            face = board.at((r, c))
            assert face is not None
            pattern = pattern_of(problem, r * board.cols + c)
            total += region_weight(face, face.regions[region], pattern)
        weights.append(total)
    return weights


def test_the_counting_bound_is_tight_on_hand_built_cases() -> None:
    # two forest halves: 2 animals + one forest of two one-edge regions (weight 1 + 1)
    halves = [tile(1, "wwww", "wfwwa"), tile(2, "dddd", "wfwwa")]
    assert solver_bound.region_bound(problem_of(halves, "A", 1, 2, False)) == 4
    # four forest corners (weight 1/2 each) close one forest around the middle of 2 x 2
    corners = [tile(i, "wwww", "wffw") for i in range(1, 5)]
    assert solver_bound.region_bound(problem_of(corners, "A", 2, 2, False)) == 2
    # whole forests never end a landscape (weight 0), and a land edge on a water rim is a
    # wrong connection: with one forest tile on 1 x 1 the best is the water side
    assert solver_bound.region_bound(problem_of([tile(1, "wwww", "ffffa")], "A", 1, 1, False)) == 0
    assert brute_force([tile(1, "wwww", "ffffa")], 1, 1) == 0
    # landscapes are whole: a forest half and a desert half (weight 1 each) close nothing,
    # so the bound is the 2 animals (best: both, forest edge against desert edge, 2 - 1)
    alone = [tile(1, "wwww", "wfwwa"), tile(2, "dddd", "wdwwa")]
    assert solver_bound.region_bound(problem_of(alone, "A", 1, 2, False)) == 2
    assert brute_force(alone, 1, 2) == 1


def test_every_scoring_landscape_weighs_at_least_two() -> None:
    # the fact the bound rests on, checked on every board of these tiles, on a water rim
    # and on a rim of land that closes some regions
    tiles = [tile(1, "wwww", "wffw"), tile(2, "pppp", "fffwa"), tile(3, "dddd", "wfwfa")]
    rims = [("w",) * 8, ("f", "w", "f", "f", "w", "w", "f", "f")]
    seen = 0
    for rim in rims:
        for board in every_board(tiles, 2, 2):
            for weight in landscape_weights(board, rim):
                seen += 1
                assert weight >= solver_bound.UNIT * 2, str(board)
    assert seen > 100  # many scoring landscapes were met


@pytest.mark.parametrize(
    ("rows", "cols", "size", "seed"),
    [
        (1, 2, 2, 21),
        (1, 2, 3, 22),
        (1, 3, 3, 23),
        (2, 2, 2, 24),
        (2, 2, 3, 25),
        (2, 2, 3, 26),
        (2, 3, 2, 27),
        (2, 3, 3, 28),
    ],
)
def test_the_counting_bound_is_never_below_the_best_board(
    rows: int, cols: int, size: int, seed: int
) -> None:
    (tiles,) = random_sets(1, size, seed)
    best = max(quick_points(board) for board in every_board(tiles, rows, cols))
    bound = solver_bound.region_bound(problem_of(tiles, "A", rows, cols, False))
    assert bound >= best
    assert bound <= solver_problem.simple_bound(problem_of(tiles, "A", rows, cols, False))


@pytest.mark.parametrize("seed", [31, 32, 33])
def test_the_counting_bound_holds_on_a_rim_of_land(seed: int) -> None:
    (tiles,) = random_sets(1, 2, seed)
    rng = random.Random(seed)
    rim = tuple(rng.choice("wfdp") for _ in range(6))
    problem = dataclasses.replace(problem_of(tiles, "A", 1, 2, False), rim=rim)
    best = max(quick_points(board, rim) for board in every_board(tiles, 1, 2))
    assert solver_bound.region_bound(problem) >= best


def test_the_counting_bound_of_the_whole_box_is_far_below_the_simple_one() -> None:
    problem = problem_of(default_tiles(), "A", None, None, False)
    assert solver_bound.region_bound(problem) == 53 < solver_problem.simple_bound(problem) == 71


def test_lesson_3s_limit_is_the_counting_bound() -> None:
    # lesson 3 and the teachers' guide say: the bot's 19 tiles score at most 14 (the simple
    # bound said 33), and the search's board, 6 points, carries that limit
    from widgets.mondo.lesson import played_board

    mine = played_board()
    problem = problem_of(mine.tiles, "A", None, None, False)
    assert solver_problem.simple_bound(problem) == 33
    assert solver_bound.region_bound(problem) == 14
    best = solver.best_board(mine.tiles, method="search", seconds=60, seed=0)
    assert (best.points, best.bound, best.optimal) == (6, 14, False)


# ------------------------------------------------------------------ the game's board, seeds


def test_a_search_step_lays_a_tile_its_best_way_up() -> None:
    """The search tries every look of a tile it puts down (issue 21): beside a forest that
    ends on the east edge, the forest end of the other tile turns to face it and closes a
    landscape; the points returned are the board's."""
    tiles = [tile(1, "wwww", "wfwwa"), tile(2, "dddd", "wwwf")]
    problem = problem_of(tiles, "A", 1, 2, False)
    left = next(o for o in problem.options[0] if o.face.edges == ("w", "f", "w", "w"))
    cells: list[solver_problem.Option | None] = [left, None]
    got = solver._best_look(problem, cells, 1, problem.options[1], random.Random(0))
    assert cells[1] is not None and cells[1].face.edges == ("w", "w", "w", "f")
    assert got == solver_problem.fast_points(problem, cells) == 3  # animal + closed forest
    worst = min(solver_problem.fast_points(problem, [left, look]) for look in problem.options[1])
    assert worst < got  # the other looks were there to be chosen, and are worse


def test_the_search_gives_the_same_board_for_the_same_seed() -> None:
    (tiles,) = random_sets(1, 12, 11)
    one = solver.best_board(tiles, method="search", seed=3, iterations=1500, seconds=60)
    two = solver.best_board(tiles, method="search", seed=3, iterations=1500, seconds=60)
    assert one.placements == two.placements and one.points == two.points
    check_solution(one, tiles)
    assert (one.board.rows, one.board.cols) == (4, 6)


def test_side_b_uses_its_own_rim() -> None:
    (tiles,) = random_sets(1, 10, 12)
    best = solver.best_board(tiles, side="B", method="search", iterations=800, seconds=60)
    assert best.rim == tuple(RIMS["B"])
    check_solution(best, tiles)


@needs_ortools
def test_cp_sat_on_the_game_board_gives_a_valid_board_within_its_bound() -> None:
    (tiles,) = random_sets(1, 24, 13)
    # 200 search steps end long before the search's share of the 4 s (1.6 s), even on a
    # loaded machine, so CP-SAT's hint is the whole seeded search that the second call runs
    best = solver.best_board(tiles, method="cp-sat", seconds=4, iterations=200)
    check_solution(best, tiles)
    assert best.method == "cp-sat"
    search = solver.best_board(tiles, method="search", seconds=60, iterations=200)
    assert best.points >= search.points  # the search is its hint, so never worse


def test_without_ortools_the_search_answers_and_cp_sat_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("ortools", "ortools.sat", "ortools.sat.python", "ortools.sat.python.cp_model"):
        monkeypatch.setitem(sys.modules, name, None)  # an import of it now fails
    assert not solver.have_ortools()
    tiles = [tile(1, "wwww", "wfwwa"), tile(2, "dddd", "wfwwa")]
    best = solver.best_board(tiles, rows=1, cols=2)  # method "auto"
    assert best.method == "search" and best.points == 4
    with pytest.raises(ValueError, match="OR-Tools"):
        solver.best_board(tiles, rows=1, cols=2, method="cp-sat")


def test_without_ortools_auto_searches_again_for_the_whole_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On Binder (no OR-Tools) ``auto`` reheats its best board until the time is up, on a
    board of 12 spaces or more; ``search`` stays one seeded run (lesson 3's board)."""
    for name in ("ortools", "ortools.sat", "ortools.sat.python", "ortools.sat.python.cp_model"):
        monkeypatch.setitem(sys.modules, name, None)
    (tiles,) = random_sets(1, 14, 4)
    one = solver.best_board(tiles, rows=3, cols=4, method="search", iterations=30)
    again = solver.best_board(tiles, rows=3, cols=4, method="search", iterations=30)
    assert one.placements == again.placements  # one run: the same board every time
    more = solver.best_board(tiles, rows=3, cols=4, iterations=30, seconds=2)
    check_solution(more, tiles)
    assert more.method == "search" and more.points > one.points  # -5 against 8 when measured


def test_gamecore_imports_without_ortools() -> None:
    code = (
        "import sys; sys.modules['ortools'] = None\n"
        "import gamecore.mondo.solver as s\n"
        "assert not s.have_ortools()\n"
        "print(s.best_board(s.data.default_tiles()[:2], rows=1, cols=2).method)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "search"


# ----------------------------------------------------------------------------- distance


def test_distance_of_the_best_board_itself_and_of_a_worse_one() -> None:
    tiles = [tile(1, "wwww", "wfwwa"), tile(2, "dddd", "wfwwa"), tile(3, "pppp", "wwwwa")]
    best = solver.best_board(tiles, rows=1, cols=3, method="search")
    assert best.points == 5
    same = solver.distance(best.board, tiles, best=best)
    assert same.gap == 0 and same.differing == ()
    assert "5 points" in same.sentence("en") and "5 puntos" in same.sentence("es")
    turned = solver.distance(solver.turned_half(best.board), tiles, best=best)
    assert turned.gap == 0 and turned.differing == ()  # the same board seen from across
    played = Board(((parse_face("wwww"), parse_face("wfwwa"), parse_face("wwwwa")),))
    far = solver.distance(played, tiles, method="search")
    # the forest edge meets water: 2 animals - 1 wrong connection
    assert far.played_points == 1 and far.best.points == 5 and far.gap == 4
    assert 1 <= len(far.differing) <= 3 and all(far.best.board.at(c) for c in far.differing)
    assert "4 points more" in far.sentence("en")
    assert "4 puntos más" in far.sentence("es")


def test_distance_names_a_board_better_than_the_one_found() -> None:
    tiles = [tile(1, "wwww", "wfwwa"), tile(2, "dddd", "wfwwa")]
    weak = solver.best_board(tiles[:1], rows=1, cols=2, method="search")
    played = Board(((parse_face("wfwwa"), parse_face("wwwfa")),))
    better = solver.distance(played, tiles, best=weak)
    assert better.gap < 0 and "more than" in better.sentence("en")


# --------------------------------------------------------------------------------- errors


def test_bad_input_is_refused_with_a_reason() -> None:
    one = tile(1, "wwww", "wfwwa")
    with pytest.raises(ValueError, match="Tile 1 is in the set twice"):
        solver.best_board([one, one], method="search")
    with pytest.raises(ValueError, match="no board side C"):
        solver.best_board([one], side="C", method="search")
    with pytest.raises(ValueError, match="Item 2 of the set is not a tile"):
        solver.best_board([one, "wfww"], method="search")  # type: ignore[list-item]
    with pytest.raises(ValueError, match="more than 0 seconds"):
        solver.best_board([one], seconds=0)
    with pytest.raises(ValueError, match="no method"):
        solver.best_board([one], method="magic")
    with pytest.raises(ValueError, match="at least 1 row"):
        solver.best_board([one], rows=0, cols=2, method="search")
    with pytest.raises(ValueError, match="side A"):
        solver.best_board([one], side="B", rows=2, cols=2, method="search")
    best = solver.best_board([one], rows=1, cols=2, method="search")
    with pytest.raises(ValueError, match="1 x 3"):
        solver.distance(Board.empty(1, 3), [one], best=best)


def test_a_solution_reads_as_a_sentence_in_both_languages() -> None:
    best = solver.best_board([tile(1, "wwww", "wwwwa")], rows=1, cols=1, method="search")
    assert best.optimal
    assert best.sentence("en").startswith("The best board scores 1 point (proven best in ")
    assert best.sentence("es").startswith("El mejor tablero suma 1 punto (")
    assert best.placements[0] is not None
    assert best.placements[0].describe("en") == "tile 1, mixed side up, not turned"
    turned = solver.Placement(3, "front", 2)
    assert "2 cuartos de vuelta" in turned.describe("es")
