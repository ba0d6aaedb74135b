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

Joined, the tiles would be a grid of sea squares with a small island in each; so the
board's coasts are shaped as the tiles are joined (``_clear_the_rim``, ``_grow_coasts``,
``_sea_regions``): land grows from the tiles into the sea, islands of many sizes with capes
and bays, and the sea is cut into winding sea regions, one per place of the layout. Every
step keeps the promises above (the sea in one piece, every tile's land region, a sea region
per place), and draws its chances from a generator seeded with the board's key, so the die
and the shuffle alone decide the board. docs/rules/nuevo-mundo.md ("Built maps as an
archipelago") says why.
"""

from __future__ import annotations

import heapq
import random
import re
from collections import Counter
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

Cell = tuple[int, int]


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
    # A land cell's provisional code is (slot, letter), a sea cell's the slot of its sea
    # region; names are given at the end in reading order, as the rulebook's pictures do.
    land: dict[Cell, tuple[int, str]] = {}
    slots: dict[Cell, int] = {}
    tiled: set[int] = set()
    opened: list[tuple[int, str]] = []
    pile = iter(tile_order)
    used: list[int] = []
    for slot_r, line in enumerate(layout):
        for slot_c, mark in enumerate(line):
            slot = slot_r * len(line) + slot_c
            tile = tiles()[next(pile)] if mark == PLACE else None
            if tile is not None:
                tiled.add(slot)
                used.append(tile.number)
                opened.extend((slot, letter) for letter in tile.open)
            for r in range(size):
                for c in range(size):
                    cell = (slot_r * size + r, slot_c * size + c)
                    slots[cell] = slot
                    if tile is not None and tile.rows[r][c] != SEA:
                        land[cell] = (slot, tile.rows[r][c])
    key = f"built-{die}-{players}-" + ".".join(str(n) for n in used)
    chance = random.Random(key)  # the coasts' shapes follow from the die and the shuffle
    _clear_the_rim(land, rows, cols)
    _grow_coasts(land, slots, tiled, rows, cols, chance, players + MORE_ISLANDS)
    seas = _sea_regions(land, slots, rows, cols, chance)
    codes: list[list[tuple[int, str] | int]] = [
        [land.get((r, c), seas.get((r, c), -1)) for c in range(cols)] for r in range(rows)
    ]
    names: dict[tuple[int, str] | int, str] = {}
    counts = {True: 0, False: 0}
    for row in codes:
        for code in row:
            if code not in names:
                is_land = isinstance(code, tuple)
                names[code] = region_name(counts[is_land], is_land)
                counts[is_land] += 1
    grid = [[names[code] for code in row] for row in codes]
    coasts = [
        (names[code], names[sea])
        for code in dict.fromkeys(opened)
        if code in names
        for sea in [_own_sea(code, land, seas, slots)]
        if sea is not None
    ]
    board = make_map(key, grid, coasts, (players, players))
    board = _open_closed_islands(board)
    problems = check_playable(board, players)
    if problems:  # the tiles' and layouts' checks make this impossible; say so loudly if not
        raise MapError(" ".join(problems))
    return board


GROWTH: Final = (0, 0, 1, 2, 3, 4, 5, 6, 8)
"""How many sea cells a tile's land may take around it (one drawn per tile): many tiles
keep their small islands, some grow into large islands that join their neighbours."""


SEA_KEPT: Final = 3
"""Each place of the layout keeps at least this many cells of sea: its sea region's heart."""

MORE_ISLANDS: Final = 3
"""Growing land never leaves fewer islands than players + 3 (the tiles alone give more on
every board measured), so the credit table's island bonus stays worth sailing for
(Antillas and Golfo: 6)."""


def _steps(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def _clear_the_rim(land: dict[Cell, tuple[int, str]], rows: int, cols: int) -> None:
    """A tile's land on the board's rim gives way to sea, so islands are seen whole, unless
    its region would lose its last cell or fall in two pieces, or the cell would be a lake."""
    for cell in sorted(land):
        r, c = cell
        if 0 < r < rows - 1 and 0 < c < cols - 1:
            continue
        code = land[cell]
        rest = {x for x, other in land.items() if other == code and x != cell}
        beside = [x for x in _steps(cell) if 0 <= x[0] < rows and 0 <= x[1] < cols]
        if rest and _pieces(rest) == 1 and any(x not in land for x in beside):
            del land[cell]


def _grow_coasts(
    land: dict[Cell, tuple[int, str]],
    slots: dict[Cell, int],
    tiled: set[int],
    rows: int,
    cols: int,
    chance: random.Random,
    fewest_islands: int,
) -> None:
    """The tiles' land spreads into the sea around it, a cell at a time, so islands get
    capes and bays, some grow and join their neighbours, others stay small. A cell taken
    joins a land region it touches (its region stays in one piece); it is never on the
    board's rim nor in a place of open sea (the layout's seas keep their shape), never
    narrows the sea to a dead end (so a ship still reaches every sea), and never joins two
    islands into one when the board is down to ``fewest_islands``, nor takes the last
    ``SEA_KEPT`` cells of sea of a tile's place (each place keeps its sea region)."""
    budget = {slot: chance.choice(GROWTH) for slot in sorted(tiled)}
    island = {code: code for code in land.values()}

    def root(code: tuple[int, str]) -> tuple[int, str]:
        while island[code] != code:
            code = island[code]
        return code

    for cell, code in land.items():
        for step in _steps(cell):
            if step in land:
                island[root(land[step])] = root(code)
    islands = len({root(code) for code in land.values()})
    sea_left = Counter(slot for cell, slot in slots.items() if cell not in land)

    def free(step: Cell) -> bool:
        inside = 0 < step[0] < rows - 1 and 0 < step[1] < cols - 1
        return inside and step not in land and slots[step] in tiled

    front = {
        (step, code)
        for cell, code in land.items()
        if budget[code[0]] > 0
        for step in _steps(cell)
        if free(step)
    }
    while front:
        candidates = sorted(front)
        while candidates:  # drawn one by one until one may be taken
            k = chance.randrange(len(candidates))
            cell, code = candidates[k]
            candidates[k] = candidates[-1]
            candidates.pop()
            joined = {root(land[x]) for x in _steps(cell) if x in land}
            if islands - (len(joined) - 1) < fewest_islands or sea_left[slots[cell]] <= SEA_KEPT:
                continue
            if not _sea_stays_whole(cell, land) and (
                len(joined) < 2 or not _sea_reaches_round(cell, land, rows, cols)
            ):
                continue
            land[cell] = code
            budget[code[0]] -= 1
            sea_left[slots[cell]] -= 1
            for other in joined:
                island[other] = root(code)
            islands -= len(joined) - 1
            front = {(x, y) for x, y in front if x != cell and budget[y[0]] > 0}
            if budget[code[0]] > 0:
                front |= {(step, code) for step in _steps(cell) if free(step)}
            break
        else:
            return


_RING: Final = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
"""The eight cells around a cell, in order round it (the even ones share an edge with it)."""


def _sea_stays_whole(cell: Cell, land: dict[Cell, tuple[int, str]]) -> bool:
    """Whether the sea cells beside ``cell`` still reach each other round it, through the
    eight cells around it, when it becomes land (a sure sign that the sea stays in one
    piece, and that no bay closes into a lake). ``cell`` is never on the rim."""
    r, c = cell
    sea = [(r + dr, c + dc) not in land for dr, dc in _RING]
    if not any(sea[k] for k in (0, 2, 4, 6)):
        return False  # a cell of sea alone in the land: keep it (a ship may be there)
    # the runs of sea cells round the ring that hold a cell beside this one must be one run
    runs = 0
    for k in range(8):
        if sea[k] and not sea[k - 1]:
            runs += any(sea[j % 8] and j % 2 == 0 for j in _run(sea, k))
    if all(sea):
        return True
    return runs == 1


def _sea_reaches_round(cell: Cell, land: dict[Cell, tuple[int, str]], rows: int, cols: int) -> bool:
    """Whether the sea cells beside ``cell`` still reach each other the long way round
    (an isthmus joining two islands) when it becomes land."""
    around = [x for x in _steps(cell) if x not in land]
    wanted, seen, todo = set(around[1:]), {around[0], cell}, [around[0]]
    while todo and wanted:
        for x in _steps(todo.pop()):
            if 0 <= x[0] < rows and 0 <= x[1] < cols and x not in land and x not in seen:
                seen.add(x)
                wanted.discard(x)
                todo.append(x)
    return not wanted


def _run(sea: list[bool], start: int) -> range:
    end = start
    while sea[(end + 1) % 8] and (end + 1) % 8 != start:
        end += 1
    return range(start, end + 1)


def _sea_regions(
    land: dict[Cell, tuple[int, str]],
    slots: dict[Cell, int],
    rows: int,
    cols: int,
    chance: random.Random,
) -> dict[Cell, int]:
    """The sea cut into one sea region per place of the layout: each grows from the sea
    cell nearest its place's middle, a cell at a time along the cheapest way (each step
    costs 1 to 2, drawn), so sea borders wind like currents instead of following the tiles'
    edges. Sea cells -> the place of their region."""
    seeds: dict[int, Cell] = {}
    for cell in sorted(slots):
        if cell in land:
            continue
        slot = slots[cell]
        if slot not in seeds or _far(cell) < _far(seeds[slot]):
            seeds[slot] = cell
    owner: dict[Cell, int] = {}
    queue = [(0.0, slot, cell) for slot, cell in sorted(seeds.items())]
    heapq.heapify(queue)
    while queue:
        cost, slot, cell = heapq.heappop(queue)
        if cell in owner:
            continue
        owner[cell] = slot
        for step in _steps(cell):
            inside = 0 <= step[0] < rows and 0 <= step[1] < cols
            if inside and step not in land and step not in owner:
                heapq.heappush(queue, (cost + 1 + chance.random(), slot, step))
    return owner


def _far(cell: Cell) -> float:
    """How far a cell is from the middle of its tile's place (squared)."""
    middle = (
        (cell[0] // TILE_SIZE) * TILE_SIZE + (TILE_SIZE - 1) / 2,
        (cell[1] // TILE_SIZE) * TILE_SIZE + (TILE_SIZE - 1) / 2,
    )
    return (cell[0] - middle[0]) ** 2 + (cell[1] - middle[1]) ** 2


def _own_sea(
    code: tuple[int, str],
    land: dict[Cell, tuple[int, str]],
    seas: dict[Cell, int],
    slots: dict[Cell, int],
) -> int | None:
    """The sea region a tile's open coast opens to: its own tile's sea if the land region
    still touches it, else the sea it shares the longest coast with (None: no sea touches)."""
    shared: dict[int, int] = {}
    for cell, other in land.items():
        if other == code:
            for step in _steps(cell):
                if step in seas:
                    shared[seas[step]] = shared.get(seas[step], 0) + 1
    if not shared:
        return None
    if code[0] in shared:
        return code[0]
    return min(shared, key=lambda sea: (-shared[sea], sea))


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
