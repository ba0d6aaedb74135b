"""Nuevo Mundo's maps: land and sea regions on a grid of cells, their borders and coasts.

The rulebook's board is a map of land regions (T) and sea regions (M): regions of the same
kind that share a stretch of border are neighbours; a land region touching a sea region is a
coast, and only the coasts drawn with a double arrow are *open* (ships launch, troops embark
and disembark there). Its maps annex is lost, so every map here is reconstructed (see
docs/rules/nuevo-mundo.md, "Maps").

A map is written as a text file a teacher can read and retype (``maps/*.txt``)::

    # comments start with '#'
    key: teaching
    players: 2-2
    grid:
      AM AM AT AT BT
      AM CM CT CT BT
    open:
      AT-AM

Each grid cell names its region: letters and then ``T`` (land) or ``M`` (sea); a region is
every cell with its name and must be in one piece. ``open:`` lists the open coasts, one land
and one sea region that touch. ``parse_map`` reads such a text and names the line and the
problem when something is wrong; ``map_text`` writes a map back in the same format.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Final

from ..words import t
from .data import PROVENANCES

TILE_COUNT: Final = 36
"""The map tiles in the box (printed); ``builder.build_scenario`` joins them."""

MAX_ROWS: Final = 16
MAX_COLS: Final = 24
"""The largest grid: it still draws on a ~760 x 480 px canvas with cells of 30 px."""

MIN_LANDS_PER_PLAYER: Final = 3
"""A playable map has at least this many land regions per player (a settlement, room to
grow and a neighbour to fight): our own floor, not printed."""

SEGMENT_KINDS: Final = ("land", "sea", "coast_open", "coast_closed", "rim")

Cell = tuple[int, int]
_NAME = re.compile(r"^[A-Z]+[TM]$")


class MapError(ValueError):
    """A map that cannot be read or built; the message says where and what is wrong."""

    def __init__(self, message: str, coast: int | None = None, row: int | None = None) -> None:
        super().__init__(message)
        self.coast = coast
        """The index of the open coast at fault, when one is (the parser names its line)."""
        self.row = row
        """The grid row at fault (0 is the first), when one is."""


@dataclass(frozen=True)
class Region:
    """One land or sea region of a map."""

    id: int
    """Its index in ``Map.regions``."""
    name: str
    """The rulebook's style of name: letters and ``T`` (land) or ``M`` (sea): "AT", "BM"."""
    land: bool
    island: int
    """The island it belongs to (0, 1, ...) for a land region; -1 for a sea region."""
    cells: tuple[Cell, ...]
    """The (row, col) grid cells it covers, in reading order."""
    label: tuple[float, float]
    """A (row, col) point well inside the region, for its label and pieces."""


@dataclass(frozen=True)
class Segment:
    """One unit edge of the grid that separates two regions (or a region from the rim)."""

    start: tuple[int, int]
    """The (row, col) grid corner where it starts (corners run 0..rows, 0..cols)."""
    end: tuple[int, int]
    kind: str
    """One of ``SEGMENT_KINDS``: "land" or "sea" border, open or closed coast, or "rim"."""
    regions: tuple[int, ...]
    """The two regions it separates (smaller id first), or the one region on the rim."""


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Map:
    """A board: every grid cell belongs to exactly one region."""

    key: str
    """"teaching", "antillas", "golfo", or "built-<die>-<players>-<tiles>" for a built one."""
    rows: int
    cols: int
    regions: tuple[Region, ...]
    borders: frozenset[tuple[int, int]]
    """(a, b) with a < b: neighbouring regions of the same kind (land-land or sea-sea)."""
    coasts: frozenset[tuple[int, int]]
    """(land, sea): a land and a sea region that share a stretch of border."""
    open_coasts: frozenset[tuple[int, int]]
    """The coasts with the double arrow (a subset of ``coasts``)."""
    islands: int
    players: tuple[int, int]
    """The player counts it is meant for (fewest, most)."""
    provenance: str
    grid: tuple[tuple[int, ...], ...] = field(repr=False)
    """grid[row][col] -> the id of the region covering that cell."""
    _links: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    _open: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # A frozen dataclass still keeps its neighbour lists, built once: the engine asks
        # for them at every mobilisation.
        links: dict[int, list[int]] = {r.id: [] for r in self.regions}
        for a, b in self.borders:
            links[a].append(b)
            links[b].append(a)
        across: dict[int, list[int]] = {r.id: [] for r in self.regions}
        for land, sea in self.open_coasts:
            across[land].append(sea)
            across[sea].append(land)
        object.__setattr__(self, "_links", {k: tuple(sorted(v)) for k, v in links.items()})
        object.__setattr__(self, "_open", {k: tuple(sorted(v)) for k, v in across.items()})

    def neighbours(self, region: int) -> tuple[int, ...]:
        """The regions of the same kind that share a stretch of border with ``region``."""
        return self._links[region]

    def open_seas(self, land: int) -> tuple[int, ...]:
        """The sea regions across the open coasts of a land region."""
        return self._open[land] if self.regions[land].land else ()

    def open_lands(self, sea: int) -> tuple[int, ...]:
        """The land regions across the open coasts of a sea region."""
        return () if self.regions[sea].land else self._open[sea]

    def land_regions(self) -> tuple[int, ...]:
        return tuple(r.id for r in self.regions if r.land)

    def sea_regions(self) -> tuple[int, ...]:
        return tuple(r.id for r in self.regions if not r.land)

    def island_regions(self, island: int) -> tuple[int, ...]:
        """The land regions of one island."""
        return tuple(r.id for r in self.regions if r.island == island)

    def by_name(self, name: str) -> int:
        """The id of the region called ``name`` ("AT"); ValueError in words if there is none."""
        for region in self.regions:
            if region.name == name:
                return region.id
        raise ValueError(t("nuevo_mundo_maps.unknown_region", name=name))

    def region_at(self, row: int, col: int) -> int | None:
        """The region covering a cell, or None outside the grid."""
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.grid[row][col]
        return None

    def coast_kind(self, a: int, b: int) -> str:
        """What separates two touching regions: "land", "sea", "coast_open" or "coast_closed"."""
        ra, rb = self.regions[a], self.regions[b]
        if ra.land == rb.land:
            return "land" if ra.land else "sea"
        pair = (a, b) if ra.land else (b, a)
        return "coast_open" if pair in self.open_coasts else "coast_closed"

    def segments(self) -> list[Segment]:
        """Every unit edge between two cells of different regions, and every edge of the
        grid's rim, with its kind: what a drawing needs to outline regions and coasts."""
        out: list[Segment] = []
        for r in range(self.rows):
            for c in range(self.cols):
                here = self.grid[r][c]
                if r == 0:
                    out.append(Segment((0, c), (0, c + 1), "rim", (here,)))
                if c == 0:
                    out.append(Segment((r, 0), (r + 1, 0), "rim", (here,)))
                if c + 1 == self.cols:
                    out.append(Segment((r, c + 1), (r + 1, c + 1), "rim", (here,)))
                else:
                    there = self.grid[r][c + 1]
                    if there != here:
                        kind = self.coast_kind(here, there)
                        out.append(Segment((r, c + 1), (r + 1, c + 1), kind, _pair(here, there)))
                if r + 1 == self.rows:
                    out.append(Segment((r + 1, c), (r + 1, c + 1), "rim", (here,)))
                else:
                    there = self.grid[r + 1][c]
                    if there != here:
                        kind = self.coast_kind(here, there)
                        out.append(Segment((r + 1, c), (r + 1, c + 1), kind, _pair(here, there)))
        return out

    @property
    def title(self) -> str:
        """The map's name for a student, in the language of the moment."""
        if self.key in _TITLES:
            return t(_TITLES[self.key])
        return t("nuevo_mundo_maps.title_built", n=self.islands, lands=len(self.land_regions()))


_TITLES: Final = {
    "teaching": "nuevo_mundo_maps.title_teaching",
    "examples": "nuevo_mundo_maps.title_examples",
    "antillas": "nuevo_mundo_maps.title_antillas",
    "golfo": "nuevo_mundo_maps.title_golfo",
}


# ----------------------------------------------------------------------------- building a map


def _pieces(cells: set[Cell]) -> list[list[Cell]]:
    """The connected pieces of a set of cells (through shared edges), each in reading order,
    ordered by their first cell."""
    left = set(cells)
    pieces: list[list[Cell]] = []
    for start in sorted(cells):
        if start not in left:
            continue
        left.discard(start)
        piece, todo = [start], deque([start])
        while todo:
            r, c = todo.popleft()
            for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if step in left:
                    left.discard(step)
                    piece.append(step)
                    todo.append(step)
        pieces.append(sorted(piece))
    return pieces


def _label(cells: Sequence[Cell]) -> tuple[float, float]:
    """The centre of the cell deepest inside the region (farthest from any other region),
    the nearest to the region's centre among equals: a label there does not touch a border."""
    inside = set(cells)
    layer = [x for x in cells if not _surrounded(x, inside)]
    depth = dict.fromkeys(layer, 1)
    while layer:
        following = []
        for r, c in layer:
            for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if step in inside and step not in depth:
                    depth[step] = depth[(r, c)] + 1
                    following.append(step)
        layer = following
    deepest = max(depth.values())
    mid_r = sum(r for r, _ in cells) / len(cells)
    mid_c = sum(c for _, c in cells) / len(cells)
    best = min(
        (x for x in cells if depth[x] == deepest),
        key=lambda x: ((x[0] - mid_r) ** 2 + (x[1] - mid_c) ** 2, x),
    )
    return (best[0] + 0.5, best[1] + 0.5)


def _surrounded(cell: Cell, inside: set[Cell]) -> bool:
    r, c = cell
    return (
        (r - 1, c) in inside
        and (r + 1, c) in inside
        and (r, c - 1) in inside
        and (r, c + 1) in inside
    )


def _order(name: str) -> tuple[bool, int, str]:
    # Land regions first, then seas; within each A..Z before AA..AZ, as the names are given.
    return (name.endswith("M"), len(name), name)


def region_name(index: int, land: bool) -> str:
    """The name of the index-th land or sea region: AT, BT, ... ZT, AAT, ABT, ... (M for sea)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters + ("T" if land else "M")


def make_map(
    key: str,
    names: Sequence[Sequence[str]],
    open_coasts: Iterable[tuple[str, str]],
    players: tuple[int, int],
    provenance: str = "reconstructed",
) -> Map:
    """A map from a grid of region names and its open coasts (each (land, sea) by name).

    Raises MapError in words: a name that is not a region's, a region in two pieces, an open
    coast between regions that do not touch or are not a land and a sea."""
    rows, cols = len(names), len(names[0]) if names else 0
    if rows == 0 or cols == 0:
        raise MapError(t("nuevo_mundo_maps.empty_grid"))
    if rows > MAX_ROWS or cols > MAX_COLS:
        raise MapError(
            t(
                "nuevo_mundo_maps.grid_too_big",
                rows=rows,
                cols=cols,
                max_rows=MAX_ROWS,
                max_cols=MAX_COLS,
            )
        )
    where: dict[str, set[Cell]] = {}
    for r, row in enumerate(names):
        if len(row) != cols:
            raise MapError(t("nuevo_mundo_maps.ragged_grid", row=r + 1, n=len(row), cols=cols))
        for c, name in enumerate(row):
            if not _NAME.match(name):
                raise MapError(t("nuevo_mundo_maps.bad_name", name=name))
            where.setdefault(name, set()).add((r, c))
    ordered = sorted(where, key=_order)
    if not any(n.endswith("T") for n in ordered):
        raise MapError(t("nuevo_mundo_maps.no_land"))
    if not any(n.endswith("M") for n in ordered):
        raise MapError(t("nuevo_mundo_maps.no_sea"))
    ids = {name: i for i, name in enumerate(ordered)}
    for name in ordered:
        pieces = _pieces(where[name])
        if len(pieces) > 1:
            r, c = pieces[1][0]
            raise MapError(t("nuevo_mundo_maps.two_pieces", name=name, row=r + 1, col=c + 1), row=r)
    grid = tuple(tuple(ids[name] for name in row) for row in names)
    land = [name.endswith("T") for name in ordered]

    touching: set[tuple[int, int]] = set()
    for r in range(rows):
        for c in range(cols):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < rows and c2 < cols and grid[r][c] != grid[r2][c2]:
                    touching.add(_pair(grid[r][c], grid[r2][c2]))
    borders = frozenset(p for p in touching if land[p[0]] == land[p[1]])
    coasts = frozenset((a, b) if land[a] else (b, a) for a, b in touching if land[a] != land[b])

    chosen: set[tuple[int, int]] = set()
    for index, (a, b) in enumerate(open_coasts):
        for name in (a, b):
            if name not in ids:
                raise MapError(t("nuevo_mundo_maps.open_unknown", name=name, a=a, b=b), index)
        if land[ids[a]] == land[ids[b]]:
            raise MapError(t("nuevo_mundo_maps.open_same_kind", a=a, b=b), index)
        pair = (ids[a], ids[b]) if land[ids[a]] else (ids[b], ids[a])
        if pair not in coasts:
            raise MapError(t("nuevo_mundo_maps.open_not_touching", a=a, b=b), index)
        if pair in chosen:
            raise MapError(t("nuevo_mundo_maps.open_twice", a=a, b=b), index)
        chosen.add(pair)

    island_of = _islands(len(ordered), land, borders)
    regions = []
    for i, name in enumerate(ordered):
        cells = sorted(where[name])
        regions.append(Region(i, name, land[i], island_of.get(i, -1), tuple(cells), _label(cells)))
    return Map(
        key=key,
        rows=rows,
        cols=cols,
        regions=tuple(regions),
        borders=borders,
        coasts=coasts,
        open_coasts=frozenset(chosen),
        islands=len(set(island_of.values())),
        players=players,
        provenance=provenance,
        grid=grid,
    )


def _islands(count: int, land: list[bool], borders: frozenset[tuple[int, int]]) -> dict[int, int]:
    """Land region -> island number: the land regions joined by land borders, numbered in the
    order of their first region."""
    links: dict[int, list[int]] = {i: [] for i in range(count) if land[i]}
    for a, b in borders:
        if land[a]:
            links[a].append(b)
            links[b].append(a)
    island: dict[int, int] = {}
    for start in sorted(links):
        if start in island:
            continue
        number = len(set(island.values()))
        island[start] = number
        todo = [start]
        while todo:
            for other in links[todo.pop()]:
                if other not in island:
                    island[other] = number
                    todo.append(other)
    return island


# ----------------------------------------------------------------------------- reading and writing


def _players(value: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+))?\s*", value)
    if not match:
        raise MapError(t("nuevo_mundo_maps.bad_players", value=value.strip()))
    low = int(match.group(1))
    high = int(match.group(2) or low)
    if not 2 <= low <= high <= 5:
        raise MapError(t("nuevo_mundo_maps.bad_players", value=value.strip()))
    return (low, high)


def parse_map(text: str) -> Map:
    """A map from its text (the format in this module's docstring).

    Raises MapError whose message names the line and what is wrong with it."""
    fields: dict[str, str] = {}
    grid: list[list[str]] = []
    grid_lines: list[int] = []
    coasts: list[tuple[str, str]] = []
    coast_lines: list[int] = []
    section = ""
    line_no = 0

    def fail(problem: str, line: int | None = None) -> MapError:
        return MapError(t("nuevo_mundo_maps.at_line", line=line or line_no, problem=problem))

    for line_no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if line[0].isspace():
            if section == "grid":
                grid.append(line.split())
                grid_lines.append(line_no)
            elif section == "open":
                for item in line.replace(",", " ").split():
                    pair = item.split("-")
                    if len(pair) != 2:
                        raise fail(t("nuevo_mundo_maps.bad_open", item=item))
                    coasts.append((pair[0], pair[1]))
                    coast_lines.append(line_no)
            else:
                raise fail(t("nuevo_mundo_maps.indented_alone"))
            continue
        name, colon, value = line.partition(":")
        name = name.strip().lower()
        if not colon or name not in ("key", "players", "provenance", "grid", "open"):
            raise fail(t("nuevo_mundo_maps.unknown_line", text=line.strip()))
        if name in fields:
            raise fail(t("nuevo_mundo_maps.twice", field=name))
        fields[name] = value.strip()
        section = name if name in ("grid", "open") else ""
        if section and value.strip():
            raise fail(t("nuevo_mundo_maps.section_alone", field=name))
    for needed in ("key", "players", "grid"):
        if needed not in fields:
            raise MapError(t("nuevo_mundo_maps.missing", field=needed))
    try:
        players = _players(fields["players"])
    except MapError as error:
        raise fail(str(error), _line_of(text, "players")) from None
    # Every problem is reported at the line a teacher must fix: a grid row, an open coast, or
    # for the grid as a whole (no land at all, too big) its "grid:" line.
    for number, (row, at) in enumerate(zip(grid, grid_lines), 1):
        if len(row) != len(grid[0]):
            raise fail(
                t("nuevo_mundo_maps.ragged_grid", row=number, n=len(row), cols=len(grid[0])), at
            )
        for token in row:
            if not _NAME.match(token):
                raise fail(t("nuevo_mundo_maps.bad_name", name=token), at)
    provenance = fields.get("provenance", "reconstructed")
    if provenance not in PROVENANCES:
        raise fail(
            t("nuevo_mundo_maps.bad_provenance", value=provenance, choices=", ".join(PROVENANCES)),
            _line_of(text, "provenance"),
        )
    try:
        return make_map(fields["key"], grid, coasts, players, provenance)
    except MapError as error:
        at = _line_of(text, "grid")
        if error.coast is not None:
            at = coast_lines[error.coast]
        elif error.row is not None:
            at = grid_lines[error.row]
        raise fail(str(error), at) from None


def _line_of(text: str, field_name: str) -> int:
    for number, line in enumerate(text.splitlines(), 1):
        if line.split(":", 1)[0].strip().lower() == field_name:
            return number
    return 0


def map_text(board: Map) -> str:
    """The map in the text format ``parse_map`` reads (a built map saved for the teacher)."""
    width = max(len(r.name) for r in board.regions)
    lines = [
        f"key: {board.key}",
        f"players: {board.players[0]}-{board.players[1]}",
        f"provenance: {board.provenance}",
        "grid:",
    ]
    for row in board.grid:
        lines.append("  " + " ".join(board.regions[i].name.ljust(width) for i in row).rstrip())
    lines.append("open:")
    for land, sea in sorted(board.open_coasts):
        lines.append(f"  {board.regions[land].name}-{board.regions[sea].name}")
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- playability


def _reach(start: int, links: dict[int, list[int]]) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for other in links[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def check_playable(board: Map, players: int) -> list[str]:
    """What keeps ``board`` from being played by ``players`` expeditions, in sentences (an
    empty list when it is fine): the sea in one piece, an open coast on every island, every
    land region reachable from every other by land or by sea, and enough land."""
    problems: list[str] = []
    low, high = board.players
    if not low <= players <= high:
        problems.append(t("nuevo_mundo_maps.wrong_players", n=players, low=low, high=high))
    seas = board.sea_regions()
    sea_links: dict[int, list[int]] = {s: list(board.neighbours(s)) for s in seas}
    if seas and len(_reach(seas[0], sea_links)) != len(seas):
        problems.append(t("nuevo_mundo_maps.sea_in_pieces"))
    for island in range(board.islands):
        lands = board.island_regions(island)
        if not any(board.open_seas(land) for land in lands):
            names = ", ".join(board.regions[i].name for i in lands)
            problems.append(t("nuevo_mundo_maps.island_closed", regions=names))
    everything: dict[int, list[int]] = {
        r.id: [*board.neighbours(r.id), *board._open[r.id]] for r in board.regions
    }
    lands = board.land_regions()
    reached = _reach(lands[0], everything)
    cut = [board.regions[i].name for i in lands if i not in reached]
    if cut:
        problems.append(
            t(
                "nuevo_mundo_maps.unreachable",
                regions=", ".join(cut),
                start=board.regions[lands[0]].name,
            )
        )
    if len(lands) < MIN_LANDS_PER_PLAYER * players:
        problems.append(
            t(
                "nuevo_mundo_maps.too_little_land",
                n=len(lands),
                players=players,
                needed=MIN_LANDS_PER_PLAYER * players,
            )
        )
    return problems


# ----------------------------------------------------------------------------- scenarios


SCENARIOS: Final[dict[str, str]] = {
    "teaching": "teaching.txt",
    "examples": "examples.txt",
    "antillas": "antillas.txt",
    "golfo": "golfo.txt",
}
"""The hand-made scenarios: key -> its file in ``maps/``. ``scenario(key)`` reads it."""


@cache
def scenario(key: str) -> Map:
    """A hand-made scenario by key (read once); ValueError in words for an unknown key."""
    if key not in SCENARIOS:
        raise ValueError(t("nuevo_mundo_maps.unknown_scenario", key=key, keys=", ".join(SCENARIOS)))
    folder = resources.files(__package__).joinpath("maps")
    text = folder.joinpath(SCENARIOS[key]).read_text(encoding="utf-8")
    board = parse_map(text)
    if board.key != key:
        raise MapError(t("nuevo_mundo_maps.wrong_key", file=SCENARIOS[key], key=board.key))
    return board
