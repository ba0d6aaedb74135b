"""Nuevo Mundo's built boards: the 36 map tiles joined as the die's layout says.

The rulebook: "the game board is drawn using the numeric die and is built by joining tiles
according to the instructions in the Maps Annex". The tiles and the annex are lost, so both
are reconstructed as text files a teacher can read and retype: ``maps/tiles.txt`` (each tile
a 4 x 4 patch of cells with land regions, sea and open coasts) and ``maps/layouts.txt`` (for
each die value and player count, which places of a grid of tiles take the next tile of the
shuffled pile and which stay open sea). docs/rules/nuevo-mundo.md ("Maps") says why.

Why a built board is always playable:
- every tile's four corner cells are sea and its sea is in one piece, so the sea of every
  tile touches the sea of the tiles beside it: the whole sea is connected;
- every tile has land, and every layout has at least 3 tile places per player;
- an island (land regions joined across tiles) without an open coast gets one: the coast of
  its first land region to its first sea region opens (a deterministic repair, so the same
  die and shuffle always give the same board).
With the sea connected and an open coast on every island, every land region reaches every
other by land and sea.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from importlib import resources
from typing import Final

from ..words import t
from .maps import TILE_COUNT, Map, MapError, check_playable, make_map, region_name

TILE_SIZE: Final = 4
"""A tile is a square of 4 x 4 cells."""

SEA: Final = "."
OPEN_SEA: Final = "~"
PLACE: Final = "X"


@dataclass(frozen=True)
class Tile:
    """One map tile: its rows of cells ("." sea, a letter a land region) and open coasts."""

    number: int
    rows: tuple[str, ...]
    open: tuple[str, ...]
    """The land regions (letters) whose coast to the tile's own sea is open."""


def _pieces(cells: set[tuple[int, int]]) -> int:
    left, count = set(cells), 0
    while left:
        count += 1
        todo = [left.pop()]
        while todo:
            r, c = todo.pop()
            for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if step in left:
                    left.discard(step)
                    todo.append(step)
    return count


def _check_tile(tile: Tile) -> None:
    """Raise MapError in words unless the tile keeps the promises the builder relies on."""

    def bad(problem: str) -> MapError:
        return MapError(t("nuevo_mundo_maps.bad_tile", tile=tile.number, problem=problem))

    if len(tile.rows) != TILE_SIZE or any(len(row) != TILE_SIZE for row in tile.rows):
        raise bad(t("nuevo_mundo_maps.tile_shape", size=TILE_SIZE))
    last = TILE_SIZE - 1
    if any(tile.rows[r][c] != SEA for r in (0, last) for c in (0, last)):
        raise bad(t("nuevo_mundo_maps.tile_corner"))
    cells = {(r, c): ch for r, row in enumerate(tile.rows) for c, ch in enumerate(row)}
    if _pieces({x for x, ch in cells.items() if ch == SEA}) != 1:
        raise bad(t("nuevo_mundo_maps.tile_sea"))
    letters = sorted({ch for ch in cells.values() if ch != SEA})
    if not letters:
        raise bad(t("nuevo_mundo_maps.tile_no_land"))
    for letter in letters:
        if not letter.islower() or _pieces({x for x, ch in cells.items() if ch == letter}) != 1:
            raise bad(t("nuevo_mundo_maps.tile_region", letter=letter))
    for letter in tile.open:
        touches_sea = any(
            cells.get(step) == SEA
            for (r, c), ch in cells.items()
            if ch == letter
            for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        )
        if not touches_sea:
            raise bad(t("nuevo_mundo_maps.tile_open", letter=letter))


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """The tiles of a text in the format of ``maps/tiles.txt``, checked; MapError in words."""
    tiles: list[Tile] = []
    number: int | None = None
    rows: list[str] = []

    def close(opened: str) -> None:
        if number is None:
            raise MapError(t("nuevo_mundo_maps.tile_open_alone"))
        tile = Tile(number, tuple(rows), tuple(opened.split()))
        _check_tile(tile)
        tiles.append(tile)

    for raw in text.splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        head = re.fullmatch(r"tile\s+(\d+)", line.strip())
        if head:
            number, rows = int(head.group(1)), []
            if number != len(tiles):
                raise MapError(
                    t("nuevo_mundo_maps.tile_number", number=number, expected=len(tiles))
                )
        elif line.strip().startswith("open:"):
            close(line.strip()[len("open:") :])
            number = None
        elif line[0].isspace() and number is not None:
            rows.append("".join(line.split()))
        else:
            raise MapError(t("nuevo_mundo_maps.tile_line", text=line.strip()))
    if len(tiles) != TILE_COUNT:
        raise MapError(t("nuevo_mundo_maps.tile_count", n=len(tiles), count=TILE_COUNT))
    return tuple(tiles)


def parse_layouts(text: str) -> dict[tuple[int, int], tuple[str, ...]]:
    """(die, players) -> the layout's rows of "X" (a tile) and "~" (open sea), checked."""
    layouts: dict[tuple[int, int], list[str]] = {}
    current: tuple[int, int] | None = None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        head = re.fullmatch(r"layout:\s*die\s+(\d)\s*,\s*(\d)\s+players", line.strip())
        if head:
            current = (int(head.group(1)), int(head.group(2)))
            layouts[current] = []
        elif line[0].isspace() and current is not None:
            layouts[current].append("".join(line.split()))
        else:
            raise MapError(t("nuevo_mundo_maps.layout_line", text=line.strip()))
    for die in range(1, 7):
        for players in range(2, 6):
            rows = layouts.get((die, players))

            def bad(problem: str, die: int = die, players: int = players) -> MapError:
                return MapError(
                    t("nuevo_mundo_maps.bad_layout", die=die, players=players, problem=problem)
                )

            if not rows:
                raise bad(t("nuevo_mundo_maps.layout_missing"))
            if len({len(r) for r in rows}) != 1 or set("".join(rows)) - {PLACE, OPEN_SEA}:
                raise bad(t("nuevo_mundo_maps.layout_shape"))
            places = "".join(rows).count(PLACE)
            if places < 3 * players:
                raise bad(t("nuevo_mundo_maps.layout_too_few", n=places, needed=3 * players))
    return {key: tuple(rows) for key, rows in layouts.items()}


def _read(name: str) -> str:
    folder = resources.files(__package__).joinpath("maps")
    return folder.joinpath(name).read_text(encoding="utf-8")


@cache
def tiles() -> tuple[Tile, ...]:
    """The 36 map tiles of ``maps/tiles.txt`` (read once)."""
    return parse_tiles(_read("tiles.txt"))


@cache
def layouts() -> dict[tuple[int, int], tuple[str, ...]]:
    """The die's layouts of ``maps/layouts.txt`` by (die, players) (read once)."""
    return parse_layouts(_read("layouts.txt"))


def _check_request(die: int, tile_order: Sequence[int], players: int) -> None:
    if die not in range(1, 7):
        raise ValueError(t("nuevo_mundo_maps.bad_die", die=die))
    if not 2 <= players <= 5:
        raise ValueError(t("nuevo_mundo_maps.bad_build_players", players=players))
    if sorted(tile_order) != list(range(TILE_COUNT)):
        raise ValueError(t("nuevo_mundo_maps.bad_order", last=TILE_COUNT - 1))


def build_scenario(die: int, tile_order: Sequence[int], players: int) -> Map:
    """The board built from the map tiles: the numeric die picks the layout, ``tile_order``
    (a shuffle of range(36)) says which tile goes where. Always playable (see above)."""
    return build(die, tile_order, players)


def build(die: int, tile_order: Sequence[int], players: int) -> Map:
    """The board for a die roll, a shuffle of the tiles and a number of players.

    Raises ValueError in words for a die outside 1-6, players outside 2-5 or a tile order
    that is not a permutation of range(36)."""
    _check_request(die, tile_order, players)
    return _build(die, tuple(tile_order), players)


@lru_cache(maxsize=64)
def _build(die: int, tile_order: tuple[int, ...], players: int) -> Map:
    # A map is immutable and a saved game replays its set-up at every load (and the
    # conformance suite reloads at every step), so the same request returns the same board.
    layout = layouts()[(die, players)]
    size = TILE_SIZE
    rows, cols = len(layout) * size, len(layout[0]) * size
    # First every cell gets a provisional code: ("sea", slot) or ("land", slot, letter);
    # names are given afterwards in reading order, as the rulebook's pictures name regions.
    codes: list[list[tuple[str, int, str]]] = [[("sea", 0, "")] * cols for _ in range(rows)]
    opened: list[tuple[tuple[str, int, str], tuple[str, int, str]]] = []
    pile = iter(tile_order)
    used: list[int] = []
    for slot_r, line in enumerate(layout):
        for slot_c, mark in enumerate(line):
            slot = slot_r * len(line) + slot_c
            tile = tiles()[next(pile)] if mark == PLACE else None
            if tile is not None:
                used.append(tile.number)
                opened.extend((("land", slot, letter), ("sea", slot, "")) for letter in tile.open)
            for r in range(size):
                for c in range(size):
                    ch = tile.rows[r][c] if tile is not None else SEA
                    code = ("sea", slot, "") if ch == SEA else ("land", slot, ch)
                    codes[slot_r * size + r][slot_c * size + c] = code
    names: dict[tuple[str, int, str], str] = {}
    counts = {"land": 0, "sea": 0}
    for row in codes:
        for code in row:
            if code not in names:
                names[code] = region_name(counts[code[0]], code[0] == "land")
                counts[code[0]] += 1
    grid = [[names[code] for code in row] for row in codes]
    key = f"built-{die}-{players}-" + ".".join(str(n) for n in used)
    coasts = [(names[land], names[sea]) for land, sea in opened]
    board = make_map(key, grid, coasts, (players, players))
    board = _open_closed_islands(board)
    problems = check_playable(board, players)
    if problems:  # the tiles' and layouts' checks make this impossible; say so loudly if not
        raise MapError(" ".join(problems))
    return board


def _open_closed_islands(board: Map) -> Map:
    """The repair: an island with no open coast gets one, its first land region's coast to
    its first sea region (by id), so the same shuffle always gives the same board."""
    extra: set[tuple[int, int]] = set()
    for island in range(board.islands):
        lands = board.island_regions(island)
        if not any(board.open_seas(land) for land in lands):
            extra.add(min(c for c in board.coasts if c[0] in lands))
    if not extra:
        return board
    return replace(board, open_coasts=board.open_coasts | extra)
