"""Nuevo Mundo's maps: the rulebook's illustration as the teaching map, the hand-made
scenarios, the map file format and its errors in words, and the tile builder."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.nuevo_mundo.builder import build_scenario
from gamecore.nuevo_mundo.maps import (
    MAX_COLS,
    MAX_ROWS,
    SCENARIOS,
    TILE_COUNT,
    Map,
    MapError,
    check_playable,
    make_map,
    map_text,
    parse_map,
    region_name,
    scenario,
)
from gamecore.words import t


@pytest.fixture
def teaching() -> Map:
    return scenario("teaching")


def names(board: Map, ids: tuple[int, ...] | list[int]) -> set[str]:
    return {board.regions[i].name for i in ids}


def neighbours(board: Map, name: str) -> set[str]:
    return names(board, board.neighbours(board.by_name(name)))


# ----------------------------------------------------------------------------- the illustration


def test_the_island_of_the_illustration_has_land_regions_at_to_dt(teaching: Map) -> None:
    """ "AT, BT, CT and DT are land regions", on one island."""
    island = {teaching.regions[teaching.by_name(n)].island for n in ("AT", "BT", "CT", "DT")}
    assert len(island) == 1
    assert names(teaching, teaching.island_regions(island.pop())) == {"AT", "BT", "CT", "DT"}
    assert all(teaching.regions[teaching.by_name(n)].land for n in ("AT", "BT", "CT", "DT"))


def test_at_neighbours_bt_and_ct_but_not_dt(teaching: Map) -> None:
    """ "AT is a neighbor of BT and CT, but not of DT"."""
    assert neighbours(teaching, "AT") == {"BT", "CT"}
    assert "AT" not in neighbours(teaching, "DT")


def test_am_to_em_are_sea_regions(teaching: Map) -> None:
    """ "The regions AM, BM, CM, DM and EM are sea regions"."""
    assert names(teaching, teaching.sea_regions()) == {"AM", "BM", "CM", "DM", "EM"}
    assert all(teaching.regions[teaching.by_name(n)].island == -1 for n in ("AM", "EM"))


def test_bm_neighbours_am_cm_dm_but_not_em(teaching: Map) -> None:
    """ "BM is a neighbor of AM, CM and DM but not of EM"."""
    assert neighbours(teaching, "BM") == {"AM", "CM", "DM"}
    assert "BM" not in neighbours(teaching, "EM")


def test_the_island_has_only_two_open_coasts(teaching: Map) -> None:
    """ "On the island there are only 2 open coasts, the AT-AM coast and the DT-BM coast; the
    rest are closed." """
    island = teaching.regions[teaching.by_name("AT")].island
    on_island = {
        (teaching.regions[a].name, teaching.regions[b].name)
        for a, b in teaching.open_coasts
        if teaching.regions[a].island == island
    }
    assert on_island == {("AT", "AM"), ("DT", "BM")}
    closed = teaching.coasts - teaching.open_coasts
    assert any(teaching.regions[a].island == island for a, _ in closed)
    assert teaching.open_seas(teaching.by_name("AT")) == (teaching.by_name("AM"),)
    assert teaching.open_lands(teaching.by_name("BM")) == (teaching.by_name("DT"),)


def test_the_worked_examples_borders_exist(teaching: Map) -> None:
    """The examples cross CT-BT, CT-DT, AT-BT, AM-CM, AM-BM, BM-CM; they launch a ship from DT
    toward CM (a coast, closed on the illustration's map, open on the examples' copy)."""
    assert {"BT", "DT"} <= neighbours(teaching, "CT")
    assert "BT" in neighbours(teaching, "AT")
    assert {"BM", "CM"} <= neighbours(teaching, "AM")
    dt, cm, ct = (teaching.by_name(n) for n in ("DT", "CM", "CT"))
    assert (dt, cm) in teaching.coasts and (dt, cm) not in teaching.open_coasts
    examples = scenario("examples")
    assert (dt, cm) in examples.open_coasts and (ct, cm) in examples.open_coasts
    assert examples.regions == teaching.regions and examples.borders == teaching.borders


def test_the_small_second_island_has_one_open_coast(teaching: Map) -> None:
    assert teaching.islands == 2
    second = names(teaching, teaching.island_regions(1))
    assert second == {"ET", "FT"}
    opens = [c for c in teaching.open_coasts if teaching.regions[c[0]].island == 1]
    assert len(opens) == 1


def test_the_teaching_map_is_for_two_players_and_playable(teaching: Map) -> None:
    assert teaching.players == (2, 2)
    assert teaching.provenance == "reconstructed"
    assert check_playable(teaching, 2) == []
    assert check_playable(teaching, 3) == [
        t("nuevo_mundo_maps.wrong_players", n=3, low=2, high=2),
        t("nuevo_mundo_maps.too_little_land", n=6, players=3, needed=9),
    ]


# ----------------------------------------------------------------------------- every scenario


@pytest.mark.parametrize("key", sorted(SCENARIOS))
def test_every_scenario_is_playable_for_its_player_counts(key: str) -> None:
    board = scenario(key)
    assert board.key == key
    assert board.rows <= MAX_ROWS and board.cols <= MAX_COLS
    for players in range(board.players[0], board.players[1] + 1):
        assert check_playable(board, players) == [], (key, players)


@pytest.mark.parametrize("key", sorted(SCENARIOS))
def test_a_map_is_consistent(key: str) -> None:
    check_consistent(scenario(key))


def check_consistent(board: Map) -> None:
    """The laws of every map: ids are indices, every cell in one region, borders of the same
    kind, coasts land-sea, open coasts among them, islands numbered, labels inside."""
    cells = Counter(cell for r in board.regions for cell in r.cells)
    assert len(cells) == board.rows * board.cols and set(cells.values()) == {1}
    for region in board.regions:
        assert board.regions[region.id] is region
        for row, col in region.cells:
            assert board.region_at(row, col) == region.id
        assert (int(region.label[0]), int(region.label[1])) in region.cells
        assert (region.island >= 0) == region.land
        assert region.name.endswith("T" if region.land else "M")
    for a, b in board.borders:
        assert a < b and board.regions[a].land == board.regions[b].land
        assert board.regions[a].island == board.regions[b].island
    for land, sea in board.coasts:
        assert board.regions[land].land and not board.regions[sea].land
    assert board.open_coasts <= board.coasts
    assert {r.island for r in board.regions if r.land} == set(range(board.islands))
    assert board.region_at(-1, 0) is None and board.region_at(board.rows, 0) is None
    check_segments(board)


def check_segments(board: Map) -> None:
    """The segments outline every region exactly: each boundary edge once, with its kind."""
    segments = board.segments()
    edges = Counter((s.start, s.end) for s in segments)
    assert set(edges.values()) == {1}
    for s in segments:
        assert s.kind in ("land", "sea", "coast_open", "coast_closed", "rim")
        (r1, c1), (r2, c2) = s.start, s.end
        assert abs(r1 - r2) + abs(c1 - c2) == 1
        if s.kind == "rim":
            assert len(s.regions) == 1
            assert r1 == r2 in (0, board.rows) or c1 == c2 in (0, board.cols)
            continue
        a, b = s.regions
        assert a < b
        if r1 == r2:  # a horizontal edge between the cells above and below it
            pair = {board.region_at(r1 - 1, c1), board.region_at(r1, c1)}
        else:
            pair = {board.region_at(r1, c1 - 1), board.region_at(r1, c1)}
        assert pair == {a, b}
        assert s.kind == board.coast_kind(a, b)
    # every pair of touching regions appears, and every unit edge of each region's outline
    touching = {s.regions for s in segments if s.kind != "rim"}
    assert touching == set(board.borders) | {(min(p), max(p)) for p in board.coasts}
    for region in board.regions:
        outline = sum(1 for s in segments if region.id in s.regions)
        inside = set(region.cells)
        expected = sum(
            1
            for r, c in region.cells
            for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if step not in inside
        )
        assert outline == expected


def test_region_names_run_a_to_z_then_aa() -> None:
    assert [region_name(i, True) for i in (0, 1, 25, 26, 27, 51, 52)] == [
        "AT",
        "BT",
        "ZT",
        "AAT",
        "ABT",
        "AZT",
        "BAT",
    ]
    assert region_name(2, False) == "CM"


def test_by_name_refuses_an_unknown_region_in_words(teaching: Map) -> None:
    with pytest.raises(ValueError, match="no region called ZT"):
        teaching.by_name("ZT")
    with pytest.raises(ValueError, match="The scenarios are: teaching"):
        scenario("atlantis")


def test_a_map_written_out_reads_back_the_same(teaching: Map) -> None:
    for key in SCENARIOS:
        board = scenario(key)
        assert parse_map(map_text(board)) == board


# ----------------------------------------------------------------------------- errors in words


GOOD = """\
key: small
players: 2
grid:
  AM AM AT
  AM BT BT
  CM CM BT
open:
  AT-AM
"""


def error_of(text: str) -> str:
    with pytest.raises(MapError) as caught:
        parse_map(text)
    return str(caught.value)


def test_a_small_file_reads() -> None:
    board = parse_map(GOOD)
    assert (board.rows, board.cols, board.players) == (3, 3, (2, 2))
    assert names(board, board.land_regions()) == {"AT", "BT"}
    assert board.islands == 1


def test_an_open_coast_between_regions_that_do_not_touch_names_its_line() -> None:
    text = GOOD.replace("  AT-AM", "  AT-AM\n  AT-CM")
    assert error_of(text) == (
        "Line 9: AT-CM cannot be an open coast: AT and CM do not share a stretch of border."
    )


def test_a_region_in_two_pieces_is_named() -> None:
    text = GOOD.replace("CM CM BT", "CM CM AT")
    assert error_of(text) == (
        "Line 6: region AT is in two pieces: the cell in row 3, column 3 does not touch the "
        "rest of AT. Give each piece its own name."
    )


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("  AT-AM", "  AT-BT"), "Line 8: AT-BT cannot be an open coast: a coast joins"),
        (("  AT-AM", "  AT-AM AT-AM"), "Line 8: the open coast AT-AM is listed twice."),
        (("  AT-AM", "  AT-XM"), "Line 8: the open coast AT-XM names XM, which is not a region"),
        (("  AT-AM", "  AT/AM"), 'Line 8: "AT/AM" is not an open coast'),
        (("AM BT BT", "AM BT"), "Line 5: row 2 of the grid has 2 cells, but the first row has 3"),
        (("AM BT BT", "AM bt BT"), 'Line 5: "bt" is not a region name'),
        (("players: 2", "players: 7"), 'Line 2: "7" is not a number of players'),
        (("players: 2", "players: 3-2"), 'Line 2: "3-2" is not a number of players'),
        (("key: small", "colour: blue"), 'Line 1: "colour: blue" is not understood'),
        (("key: small", "key: small\nkey: big"), 'Line 2: "key:" appears twice.'),
        (("grid:", "grid: AM"), 'Line 3: "grid:" stands alone on its line'),
        (("key: small\n", "key: small\n  AM\n"), "Line 2: an indented line must belong to"),
        (("key: small\n", ""), 'The map file has no "key:" line.'),
        (
            ("key: small", "key: small\nprovenance: invented"),
            'Line 2: "invented" is not a provenance: write one of printed, derived, reconstructed.',
        ),
        (
            ("AT\n  AM BT BT\n  CM CM BT", "AM\n  AM BM BM\n  CM CM BM"),
            "Line 3: The map has no land region",
        ),
    ],
)
def test_each_mistake_in_a_map_file_is_told_in_words(change: tuple[str, str], words: str) -> None:
    assert error_of(GOOD.replace(*change)).startswith(words)


def test_a_grid_too_big_for_the_screen_is_refused() -> None:
    with pytest.raises(MapError, match="at most 16 rows and 24 columns"):
        make_map("big", [["AM"] * (MAX_COLS + 1), ["AT"] * (MAX_COLS + 1)], [], (2, 2))


def test_errors_speak_spanish_too() -> None:
    text = GOOD.replace("  AT-AM", "  AT-AM\n  AT-CM")
    with pytest.raises(MapError) as caught:
        from gamecore import words

        before = words.get_language()
        words.set_language("es")
        try:
            parse_map(text)
        finally:
            words.set_language(before)
    assert str(caught.value).startswith("Línea 9: AT-CM no puede ser una costa abierta")


# ----------------------------------------------------------------------------- the builder


def shuffled(seed: int) -> list[int]:
    order = list(range(TILE_COUNT))
    random.Random(seed).shuffle(order)
    return order


@pytest.mark.parametrize("die", range(1, 7))
def test_every_built_board_is_playable(die: int) -> None:
    """Each die value with every player count over 25 recorded shuffles (600 boards)."""
    for players in range(2, 6):
        for seed in range(25):
            board = build_scenario(die, shuffled(seed * 7 + die), players)
            assert check_playable(board, players) == [], (die, players, seed)
            assert board.players == (players, players)
            assert board.rows <= MAX_ROWS and board.cols <= MAX_COLS
            assert board.key.startswith(f"built-{die}-{players}-")


@settings(max_examples=40, deadline=None)
@given(
    die=st.integers(1, 6),
    players=st.integers(2, 5),
    order=st.permutations(list(range(TILE_COUNT))),
)
def test_a_built_board_is_consistent_and_deterministic(
    die: int, players: int, order: list[int]
) -> None:
    from gamecore.nuevo_mundo.builder import _build

    board = build_scenario(die, order, players)
    check_consistent(board)
    assert build_scenario(die, tuple(order), players) is board  # remembered
    _build.cache_clear()
    assert build_scenario(die, list(order), players) == board  # and rebuilt the same
    assert parse_map(map_text(board)) == board
    # every land region reaches every other: by land inside its island, by sea between islands
    for island in range(board.islands):
        assert any(board.open_seas(land) for land in board.island_regions(island))


def test_the_layout_takes_tiles_in_the_shuffles_order() -> None:
    order = shuffled(5)
    board = build_scenario(3, order, 2)  # die 3 for 2 players: 10 tile places
    assert board.key == "built-3-2-" + ".".join(str(n) for n in order[:10])
    other = build_scenario(3, order[1:] + order[:1], 2)
    assert other != board


def test_regions_of_a_built_board_are_named_in_reading_order() -> None:
    board = build_scenario(1, shuffled(0), 4)
    lands = [board.regions[i] for i in board.land_regions()]
    assert [r.name for r in lands] == [region_name(i, True) for i in range(len(lands))]
    assert [r.cells[0] for r in lands] == sorted(r.cells[0] for r in lands)
    seas = [board.regions[i] for i in board.sea_regions()]
    assert [r.name for r in seas] == [region_name(i, False) for i in range(len(seas))]


def test_an_island_without_an_open_coast_gets_one() -> None:
    """The repair: some tiles have no open coast, so some islands would be closed."""
    from gamecore.nuevo_mundo.builder import tiles

    closed = [tile.number for tile in tiles() if not tile.open]
    assert closed, "the tiles should include some without an open coast"
    # a shuffle that puts a closed tile first, so the first island is made of it or joins it
    order = closed + [n for n in range(TILE_COUNT) if n not in closed]
    board = build_scenario(6, order, 5)
    assert check_playable(board, 5) == []


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((0, list(range(TILE_COUNT)), 2), "The numeric die shows 1 to 6, not 0."),
        ((1, list(range(TILE_COUNT)), 6), "A built map is for 2 to 5 players, not 6."),
        ((1, list(range(TILE_COUNT - 1)), 2), "The tile order must list each of the tiles 0"),
        ((1, [0, *range(TILE_COUNT - 1)], 2), "The tile order must list each of the tiles 0"),
    ],
)
def test_a_build_request_out_of_range_is_refused_in_words(
    args: tuple[int, list[int], int], words: str
) -> None:
    with pytest.raises(ValueError) as caught:
        build_scenario(*args)
    assert str(caught.value).startswith(words)


def test_the_tiles_file_has_36_tiles_each_with_land() -> None:
    from gamecore.nuevo_mundo.builder import TILE_SIZE, layouts, tiles

    assert len(tiles()) == TILE_COUNT == 36
    for tile in tiles():
        assert len(tile.rows) == TILE_SIZE and any(ch != "." for row in tile.rows for ch in row)
    for (_die, players), rows in layouts().items():
        assert "".join(rows).count("X") >= 3 * players
        assert len(rows) * TILE_SIZE <= MAX_ROWS and len(rows[0]) * TILE_SIZE <= MAX_COLS
    assert sorted(layouts()) == [(d, p) for d in range(1, 7) for p in range(2, 6)]


TILE = "tile 0\n  . a a .\n  . a . .\n  . . . .\n  . . . .\nopen: a\n"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("  . . . .\nopen", "  . . . a\nopen"), "Tile 0: the four corner cells of a tile"),
        (("  . a . .", "  . a . . ."), "Tile 0: a tile is 4 rows of 4 cells."),
        (("  . a a .\n  . a . .", "  . . . .\n  . . . ."), "Tile 0: a tile must have land."),
        (
            ("  . a . .\n  . . . .", "  . . . .\n  . . a ."),
            'Tile 0: land region "a" must be a small letter and in one piece.',
        ),
        (("  . a . .", "  . A . ."), 'Tile 0: land region "A" must be a small letter'),
        (("open: a", "open: b"), 'Tile 0: land region "b" is listed as open'),
        (("  . a . .", "  a a . ."), "Tile 0: the sea of a tile must be in one piece."),
        (("tile 0", "tile 3"), "The tiles must be numbered in order from 0: tile 3"),
        (("tile 0", "tiles"), '"tiles" is not understood'),
    ],
)
def test_each_mistake_in_the_tiles_file_is_told_in_words(
    change: tuple[str, str], words: str
) -> None:
    from gamecore.nuevo_mundo.builder import parse_tiles

    with pytest.raises(MapError) as caught:
        parse_tiles(TILE.replace(*change))
    assert str(caught.value).startswith(words)


def test_a_tiles_file_must_hold_the_whole_box() -> None:
    from gamecore.nuevo_mundo.builder import parse_tiles

    with pytest.raises(MapError, match=r"There is 1 tile; the box has 36\."):
        parse_tiles(TILE)


def test_each_mistake_in_the_layouts_file_is_told_in_words() -> None:
    from gamecore.nuevo_mundo.builder import _read, parse_layouts

    text = _read("layouts.txt")
    short = text.replace(
        "layout: die 6, 2 players\n  X X X X\n  ~ ~ ~ ~\n  X X X X",
        "layout: die 6, 2 players\n  X X ~ ~\n  ~ ~ ~ ~\n  X X X ~",
    )
    with pytest.raises(
        MapError, match="die 6 and 2 players: it has 5 places for tiles; it needs at least 6"
    ):
        parse_layouts(short)
    with pytest.raises(MapError, match="die 6 and 5 players: it is missing"):
        parse_layouts(text[: text.index("layout: die 6, 5 players")])
    with pytest.raises(MapError, match="only X"):
        parse_layouts(text.replace("  X X X X\n  ~ ~ ~ ~", "  X X X X\n  ~ o ~ ~"))


def test_land_on_tiles_that_touch_joins_one_island() -> None:
    """Tile 1 has land on its east edge where tile 34 has land on its west edge: side by side
    (the first row of die 3's layout) they make one island of both tiles' land regions."""
    from gamecore.nuevo_mundo.builder import TILE_SIZE, tiles

    east, west = tiles()[1], tiles()[34]
    assert any(east.rows[r][-1] != "." and west.rows[r][0] != "." for r in range(TILE_SIZE))
    order = [1, 34] + [n for n in range(TILE_COUNT) if n not in (1, 34)]
    board = build_scenario(3, order, 2)

    def islands_in(cols: range) -> set[int]:
        return {
            board.regions[board.grid[r][c]].island
            for r in range(TILE_SIZE)
            for c in cols
            if board.regions[board.grid[r][c]].land
        }

    assert islands_in(range(0, TILE_SIZE)) == islands_in(range(TILE_SIZE, 2 * TILE_SIZE))
    assert len(islands_in(range(0, 2 * TILE_SIZE))) == 1


# ----------------------------------------------------------------------------- check_playable


def small(rows: list[str], opens: list[tuple[str, str]], players: tuple[int, int] = (2, 2)) -> Map:
    return make_map("small", [row.split() for row in rows], opens, players)


def test_a_sea_in_pieces_is_found() -> None:
    board = small(["AM AT BM", "AM BT BM", "AM CT BM"], [("AT", "AM"), ("CT", "BM")])
    assert check_playable(board, 2)[0] == t("nuevo_mundo_maps.sea_in_pieces")


def test_an_island_without_an_open_coast_and_land_out_of_reach_are_found() -> None:
    board = small(["AT AM BT", "AT AM BT", "CT AM DT"], [("AT", "AM"), ("CT", "AM")])
    assert check_playable(board, 1) == [
        t("nuevo_mundo_maps.wrong_players", n=1, low=2, high=2),
        t("nuevo_mundo_maps.island_closed", regions="BT, DT"),
        t("nuevo_mundo_maps.unreachable", regions="BT, DT", start="AT"),
    ]
    opened = small(["AT AM BT", "AT AM BT", "CT AM DT"], [("AT", "AM"), ("DT", "AM")])
    assert check_playable(opened, 1)[1:] == []


def test_too_little_land_is_found() -> None:
    board = small(["AT AM BT", "AT AM BT"], [("AT", "AM"), ("BT", "AM")], (2, 3))
    assert check_playable(board, 2) == [
        t("nuevo_mundo_maps.too_little_land", n=2, players=2, needed=6)
    ]
    assert check_playable(board, 2)[0] == "The map has 2 land regions; 2 players need at least 6."
