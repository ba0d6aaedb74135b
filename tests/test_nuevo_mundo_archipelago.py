"""Nuevo Mundo's built maps as an archipelago (issue 21): the builder's coasts (land grown
from the tiles, the sea cut into winding sea regions) keep every rule and invariant over
many shuffles, and the drawing shows islands with shores, not a grid of sea squares."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_nuevo_mundo_maps import check_consistent
from test_widget_nuevo_mundo_map import _covers, _name_rect

from gamecore import make_bot
from gamecore.nuevo_mundo import NuevoMundo
from gamecore.nuevo_mundo.builder import OPEN_SEA, TILE_SIZE, build_scenario, layouts, tiles
from gamecore.nuevo_mundo.maps import MIN_LANDS_PER_PLAYER, TILE_COUNT, Map, check_playable
from widgets.nuevo_mundo.coastlines import area, outlines
from widgets.nuevo_mundo.map_scene import fit_box, map_shapes
from widgets.scene import Polygon, Scene, Text


def shuffled(seed: int) -> list[int]:
    order = list(range(TILE_COUNT))
    random.Random(seed).shuffle(order)
    return order


def boards(count: int) -> list[tuple[int, int, list[int], Map]]:
    """``count`` built boards for every die value and player count (recorded shuffles)."""
    found = []
    for die in range(1, 7):
        for players in range(2, 6):
            for seed in range(count):
                order = shuffled(1000 + seed * 31 + die * 7 + players)
                found.append((die, players, order, build_scenario(die, order, players)))
    return found


def land_of_tiles(die: int, players: int, order: list[int]) -> int:
    """How many land regions the tiles laid by the layout hold."""
    places = "".join(layouts()[(die, players)]).count("X")
    return sum(
        len({ch for row in tiles()[n].rows for ch in row if ch != "."}) for n in order[:places]
    )


def island_sizes(board: Map) -> list[int]:
    return sorted(
        sum(len(board.regions[r].cells) for r in board.island_regions(i))
        for i in range(board.islands)
    )


# ----------------------------------------------------------------------------- the builder


def test_every_built_board_keeps_the_rules_and_the_tiles() -> None:
    """Over 480 boards (every die value and player count, 20 shuffles each): playable (the
    sea in one piece, an open coast on every island, every land region reachable, enough
    land), consistent, one land region per tile's land region, one sea region per place of
    the layout, the layout's open sea and the board's rim left as sea."""
    for die, players, order, board in boards(20):
        where = (die, players, order[:3])
        assert check_playable(board, players) == [], where
        check_consistent(board)
        layout = layouts()[(die, players)]
        assert len(board.land_regions()) == land_of_tiles(die, players, order), where
        assert len(board.land_regions()) >= MIN_LANDS_PER_PLAYER * players
        assert len(board.sea_regions()) == len(layout) * len(layout[0]), where
        for r in range(board.rows):
            for c in range(board.cols):
                land = board.regions[board.grid[r][c]].land
                if layout[r // TILE_SIZE][c // TILE_SIZE] == OPEN_SEA:
                    assert not land, (where, r, c)


@settings(max_examples=30, deadline=None)
@given(
    die=st.integers(1, 6),
    players=st.integers(2, 5),
    order=st.permutations(list(range(TILE_COUNT))),
)
def test_a_built_board_is_the_same_from_the_same_die_and_shuffle(
    die: int, players: int, order: list[int]
) -> None:
    from gamecore.nuevo_mundo.builder import _build

    board = build_scenario(die, order, players)
    _build.cache_clear()
    again = build_scenario(die, list(order), players)
    assert again == board and again.grid == board.grid and again.open_coasts == board.open_coasts
    assert check_playable(board, players) == []


def test_built_boards_have_islands_of_many_sizes_and_seas_that_are_not_squares() -> None:
    """Land grows from the tiles: most boards have a large island (more than two tiles'
    worth of land) beside small ones, and almost no sea region is a tile's square."""
    squares = seas = 0
    varied = 0
    built = boards(4)
    for _die, _players, _order, board in built:
        sizes = island_sizes(board)
        if sizes[-1] >= 14 and sizes[0] <= 8:
            varied += 1
        for sea in board.sea_regions():
            cells = board.regions[sea].cells
            rows = {r // TILE_SIZE for r, _ in cells}
            cols = {c // TILE_SIZE for _, c in cells}
            seas += 1
            squares += len(cells) == TILE_SIZE**2 and len(rows) == 1 and len(cols) == 1
    assert varied >= len(built) // 2, f"{varied} of {len(built)} boards have varied islands"
    assert squares <= seas // 20, f"{squares} of {seas} sea regions are a tile's square"


def test_an_open_coast_of_a_tile_opens_to_a_sea_its_region_touches() -> None:
    for _die, _players, _order, board in boards(3):
        assert board.open_coasts <= board.coasts
        for island in range(board.islands):
            assert any(board.open_seas(land) for land in board.island_regions(island))


# ----------------------------------------------------------------------------- the drawing


def game_on_built_map(players: int, seed: int, rounds: int = 0) -> NuevoMundo:
    game = NuevoMundo(players, seed)
    bots = [make_bot("greedy", seed=seed + p) for p in range(players)]
    while not game.is_over and (game.round < rounds or game.current_player != 0):
        p = game.current_player
        game.play(bots[p].choose(game.view(p), game.legal_actions()))
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_built_map_is_drawn_as_islands_with_shores_and_no_grid(players: int) -> None:
    """No cell is drawn: one body of water, one shape per region, every shore an unbroken
    line, borders that wind (few of their points on the grid's lines)."""
    for seed in range(3):
        game = game_on_built_map(players, seed)
        board = game.map
        box = fit_box(board, 6, 8, 500, 300)
        shapes = map_shapes(game.view(0), box)
        ids = [s.id for s in shapes]
        assert not [i for i in ids if i.startswith("cell-")]
        assert ids.count("water") == 1
        assert {f"region-{r}" for r in board.land_regions()} <= set(ids)
        assert [i for i in ids if i.startswith("border-coast_closed-")]
        drawn = outlines(board)
        inner = [p for chain in drawn.chains if chain.kind != "rim" for p in chain.points[1:-1]]
        on_grid = [p for p in inner if p[0] == int(p[0]) or p[1] == int(p[1])]
        assert len(on_grid) < len(inner) / 20, (players, seed, len(on_grid), len(inner))
        for region in board.regions:  # each shape about as large as its cells
            shown = abs(area(drawn.loops[region.id][0]))
            assert 0.6 * len(region.cells) <= shown <= 1.4 * len(region.cells) + 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_click_on_any_cell_of_a_built_map_reaches_its_region(players: int) -> None:
    for seed in range(4):
        board = NuevoMundo(players, seed).map
        box = fit_box(board, 6, 8, 500, 300)
        scene = Scene(520, 320)
        scene.extend(map_shapes(NuevoMundo(players, seed).view(0), box))
        wrong = [
            (r, c)
            for r in range(board.rows)
            for c in range(board.cols)
            if scene.hit(*box.point(r + 0.5, c + 0.5)) != f"region:{board.grid[r][c]}"
        ]
        assert not wrong, (players, seed, wrong[:5])
        for region in board.regions:  # where a test or a helper clicks a region: its own
            target = f"region:{region.id}"
            assert scene.hit(*scene.center_of(target)) == target, (players, seed, region.name)
        assert all(isinstance(scene.find(f"region-{r}"), Polygon) for r in board.land_regions())


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_name_on_a_built_map_hides_under_pieces_or_an_arrow(players: int) -> None:
    """As on Golfo: on the notebook table's map after four rounds of greedy play, every
    region's name is clear of the other regions' badges, names and arrows, or drawn over
    them on a plate (at most 1 name in 6)."""
    from widgets.nuevo_mundo.table import NuevoMundoTable

    plated = named = 0
    for seed in range(2):
        game = game_on_built_map(players, seed, rounds=4)
        shapes = list(NuevoMundoTable.from_game(game).scene())
        names = {
            s.id: (k, s)
            for k, s in enumerate(shapes)
            if isinstance(s, Text) and (s.id or "").startswith("name-")
        }
        assert len(names) == len(game.map.regions)
        others = []
        for k, shape in enumerate(shapes):
            sid = shape.id or ""
            if (sid.startswith("pieces-") and sid.count("-") == 2) or (
                sid.startswith("open-") and sid.endswith("-shaft")
            ):
                left, top, width, height = shape.bbox()
                region = int(sid.split("-")[1]) if sid.startswith("pieces-") else -1
                others.append((region, k, (left, top, left + width, top + height)))
        ids = {s.id for s in shapes}
        named += len(names)
        for sid, (at, name) in names.items():
            region = int(sid.split("-")[1])
            mine = _name_rect(name)
            if f"{sid}-plate" in ids:
                plated += 1
                assert all(at > k for _, k, rect in others if _covers(mine, rect)), name.text
                continue
            under = [r for r, _, rect in others if r != region and _covers(mine, rect)]
            crowded = [
                o.text for _, o in names.values() if o is not name and _covers(mine, _name_rect(o))
            ]
            assert not under and not crowded, (players, seed, name.text, under, crowded)
    # 4-5 players: about 1 name in 11 over 20 maps, 17 of 116 on these two with 5 players (the
    # tiles' small land regions crowd; 23 of 116 before names tried a third of a cell aside
    # and took a second look, 1 in 3 before the coasts grew); Golfo keeps under 1 in 10
    assert plated <= named // 6, f"{plated} of {named} names had no clear place"


def test_kinds_of_border_look_different_not_only_by_colour() -> None:
    """Shores unbroken and thick, land borders dashed, sea borders dotted and thin."""
    game = game_on_built_map(4, 1)
    box = fit_box(game.map, 6, 8, 500, 300)
    by_kind: Counter[str] = Counter()
    widths: dict[str, set[float]] = {}
    for shape in map_shapes(game.view(0), box):
        sid = shape.id or ""
        if sid.startswith("border-"):
            kind = sid.split("-")[1]
            by_kind[kind] += 1
            widths.setdefault(kind, set()).add(shape.stroke_width)
            moves = sum(1 for cmd in shape.commands if cmd[0] == "M")  # type: ignore[attr-defined]
            if kind in ("land", "sea"):
                assert moves > 1  # dashes
    assert {"land", "sea", "coast_closed", "coast_open", "rim"} <= set(by_kind)
    assert min(widths["coast_closed"]) > max(widths["land"]) > max(widths["sea"])


def test_the_maps_benchmark_describes_every_player_count(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """benchmarks/nuevo_mundo_maps.py runs (one shuffle, no games): a line per player count."""
    import sys
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "benchmarks"))
    sys.modules.pop("nuevo_mundo_maps", None)
    import nuevo_mundo_maps

    nuevo_mundo_maps.main(["--shuffles", "1", "--games", "0"])
    out = capsys.readouterr().out
    for players in range(2, 6):
        assert f"{players} players  islands " in out
    assert "Machine" in out
    with pytest.raises(SystemExit):
        nuevo_mundo_maps.main(["--shuffles", "0"])
