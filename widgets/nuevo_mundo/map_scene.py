"""Nuevo Mundo's map as shapes: ``map_shapes(view, box, look)`` and ``map_scene(view)``.

Pure: built from one player's view (everything on the map is public), in the shared scene
language, so the canvas, an SVG picture and the tests read the same drawing.

What it shows, each with a second cue besides colour:

- the map as an archipelago (``coastlines``): one body of water, each land region a sand
  shape with a winding outline, shallow water along the shores, no grid in sight; every
  region's name written in it;
- borders by kind and by line: shores one unbroken ink line, land borders dashed and dark,
  sea borders dotted, thin and blue, and each open coast the rulebook's double arrow across
  it;
- each player's pieces as a badge in the player's colour *and* with the seat's number
  (1-5): the CQ count, a small block per CA (two: a settlement), and the ships with a count;
- the white cone (the border being tried) and the red cones (closed borders) as cones with
  a letter on them, on the middle of the border they sit on;
- the selected region outlined thick in vermillion, and the regions a click may go to
  next outlined thinner in wine red (the status line says the same in words).

A click is hit-tested to a region (target ``region:<id>``): a land region's drawn shape,
else the invisible run of cells under the click, which stands for the sea there.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from gamecore.nuevo_mundo import NuevoMundoView
from gamecore.nuevo_mundo.maps import Map
from gamecore.words import join_words, t

from ..card_face import text_width
from ..palette import HIGHLIGHT, INK, PAPER, text_on
from ..scene import Path, PathCommand, Polygon, Rect, Scene, Shape, Text
from .coastlines import Chain, Point, area, dashes, halfway, length, outlines

NS: Final = "nuevo_mundo_table"

PLAYER_COLOURS: Final = ("#e69f00", "#0072b2", "#cc79a7", "#009e73", "#d55e00")
"""The five expeditions' colours (Okabe-Ito, colour-blind safe); each badge also carries
the seat's number, so colour is never the only cue."""
LAND: Final = "#e8d9a8"
SEA: Final = "#a9d6f0"
LAND_BORDER: Final = "#5b3a1a"
SEA_BORDER: Final = "#2b6a99"
SHALLOWS: Final = "#cfe9f8"
"""Lighter water along every shore."""
RED_CONE: Final = "#cc3311"
WHITE_CONE: Final = "#ffffff"
OPTION: Final = "#882255"
"""The outline of a region a click may go to next (thinner than the selection's)."""
BADGE_H: Final = 15
NAME_SIZE: Final = 12
"""No text on the map is smaller (scene pixels)."""


@dataclass(frozen=True)
class Box:
    """Where the map goes in a scene: top left corner and the cell size."""

    x: float
    y: float
    cell: float

    def point(self, row: float, col: float) -> tuple[float, float]:
        """Scene coordinates of a grid point (row, col)."""
        return (self.x + col * self.cell, self.y + row * self.cell)


@dataclass(frozen=True)
class MapLook:
    """What the map shows besides the pieces: the choice being made."""

    selected: int | None = None
    """The region chosen first (an origin, or where to place)."""
    options: tuple[int, ...] = ()
    """Regions a click may go to next (marked)."""
    targets: bool = True
    """Whether regions are clickable (a still picture: no)."""


def fit_box(board: Map, x: float, y: float, width: float, height: float) -> Box:
    """The largest whole-pixel cells that fit the map in ``width`` x ``height``."""
    cell = int(min(width / board.cols, height / board.rows))
    return Box(x, y, max(cell, 8))


def player_colour(player: int) -> str:
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def seat_mark(player: int) -> str:
    """The seat's number on every badge (1-5): the cue that is not colour."""
    return str(player + 1)


# ---------------------------------------------------------------------------- land and sea


def _scaled(points: tuple[Point, ...] | list[Point], box: Box) -> tuple[tuple[float, float], ...]:
    """Grid points as scene points, to a tenth of a pixel (a finer point is not seen, and
    the scene sent to a class's browsers stays small)."""
    return tuple((round(x, 1), round(y, 1)) for x, y in (box.point(r, c) for r, c in points))


def _areas(board: Map, box: Box, targets: bool) -> list[Shape]:
    """The sea as one body of water, shallow water along every shore, then each land
    region's shape (the larger first, so a shape inside another is drawn over it). No cell
    is drawn: the grid stays out of sight.

    Clicks: a land region's shape is its own target; under the shapes, invisible runs of
    cells take the clicks on water (``_sea_targets``), so the sea costs nothing to draw."""
    drawn = outlines(board)
    shapes: list[Shape] = [
        Rect(
            id="water",
            x=box.x,
            y=box.y,
            width=board.cols * box.cell,
            height=board.rows * box.cell,
            fill=SEA,
        )
    ]
    if targets:
        shapes += _sea_targets(board, box)
    shallows: dict[tuple[int, int], list[PathCommand]] = defaultdict(list)
    for chain in drawn.chains:
        if chain.kind.startswith("coast"):
            r0, c0 = chain.corners[0]
            shallows[(r0 // BORDER_BLOCK, c0 // BORDER_BLOCK)] += _line(chain.points, box)
    shapes += [
        Path(
            id=f"shallows-{br}-{bc}",
            commands=tuple(commands),
            stroke=SHALLOWS,
            stroke_width=box.cell / 2,
        )
        for (br, bc), commands in sorted(shallows.items())
    ]

    def size(region: int) -> tuple[float, int]:
        return (-abs(area(drawn.loops[region][0])), region)

    shapes += [
        Polygon(
            id=f"region-{region}",
            target=f"region:{region}" if targets else None,
            points=_scaled(drawn.loops[region][0], box),
            fill=LAND,
        )
        for region in sorted(board.land_regions(), key=size)
    ]
    return shapes


def _sea_targets(board: Map, box: Box) -> list[Shape]:
    """Invisible runs of cells (no fill, no stroke: nothing to draw) that take the clicks
    on water. A sea cell's run is its sea region's; a land cell on a shore stands for the sea
    beside it, where its corner is drawn as water (the land shapes on top take every click
    on land), except its region's label cell. The sea cells come first, then the land
    cells: the first target of every region is a run whose middle is inside its shape."""

    def target(r: int, c: int) -> tuple[bool, int]:
        region = board.regions[board.grid[r][c]]
        if not region.land or (r + 0.5, c + 0.5) == region.label:
            return (region.land, region.id)
        for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            other = board.region_at(*step)
            if other is not None and not board.regions[other].land:
                return (True, other)
        return (True, region.id)

    runs: list[tuple[bool, int, int, int, int]] = []
    for r in range(board.rows):
        c = 0
        while c < board.cols:
            land, region = target(r, c)
            end = c
            while end + 1 < board.cols and target(r, end + 1) == (land, region):
                end += 1
            runs.append((land, r, c, end, region))
            c = end + 1
    return [
        Rect(
            id=f"sea-{r}-{c}",
            target=f"region:{region}",
            x=box.x + c * box.cell,
            y=box.y + r * box.cell,
            width=(end - c + 1) * box.cell,
            height=box.cell,
        )
        for _, r, c, end, region in sorted(runs)
    ]


def _line(points: tuple[Point, ...] | list[Point], box: Box) -> list[PathCommand]:
    scaled = _scaled(points, box)
    return [("M", *scaled[0]), *(("L", *p) for p in scaled[1:])]


_BORDER_STYLE: Final = {
    "land": (LAND_BORDER, 2.0, (6.0, 3.0)),
    "sea": (SEA_BORDER, 1.2, (2.0, 4.0)),
    "coast_closed": (INK, 2.2, None),
    "coast_open": (INK, 2.2, None),
    "rim": (INK, 2.0, None),
}
"""Colour, width and dashes (on, off in pixels) of each kind of border: land borders
dashed and dark, sea borders dotted and blue (the printed maps draw borders dotted), every
shore one unbroken ink line."""


BORDER_BLOCK: Final = 4
"""Borders are drawn as one path per kind and per block of 4 x 4 cells (where a stretch
of border starts): a redraw repaints only the part of the map that changed, and a small
path is all it retraces there."""


def _borders(board: Map, box: Box) -> list[Shape]:
    """The borders by kind (shores unbroken, land borders dashed, sea borders dotted) and by
    block of the grid."""
    paths: dict[tuple[str, int, int], list[PathCommand]] = defaultdict(list)
    for chain in outlines(board).chains:
        r0, c0 = chain.corners[0]
        block = (chain.kind, r0 // BORDER_BLOCK, c0 // BORDER_BLOCK)
        dash = _BORDER_STYLE[chain.kind][2]
        if dash is None:
            paths[block] += _line(chain.points, box)
        else:
            for piece in dashes(list(_scaled(chain.points, box)), *dash):
                paths[block] += [("M", *piece[0]), *(("L", *p) for p in piece[1:])]
    shapes: list[Shape] = []
    for kind in ("sea", "land", "coast_closed", "coast_open", "rim"):
        colour, width, _ = _BORDER_STYLE[kind]
        for (k, br, bc), commands in sorted(paths.items()):
            if k == kind and commands:
                shapes.append(
                    Path(
                        id=f"border-{kind}-{br}-{bc}",
                        commands=tuple(commands),
                        stroke=colour,
                        stroke_width=width,
                    )
                )
    return shapes


@lru_cache(maxsize=8)
def _chains_between(board: Map) -> dict[tuple[int, ...], list[Chain]]:
    """The map's drawn borders by the pair of regions they separate (once per map)."""
    found: dict[tuple[int, ...], list[Chain]] = defaultdict(list)
    for chain in outlines(board).chains:
        found[chain.regions].append(chain)
    return dict(found)


@lru_cache(maxsize=8)
def _ground(board: Map, box: Box, targets: bool) -> tuple[Shape, ...]:
    """What never changes in a game: the water, the regions and the borders (drawn once
    per map)."""
    return (*_areas(board, box, targets), *_borders(board, box))


@lru_cache(maxsize=8)
def _coast_marks(board: Map, box: Box) -> tuple[Shape, ...]:
    return tuple(_open_coasts(board, box))


def border_middle(board: Map, a: int, b: int, box: Box) -> tuple[float, float, bool] | None:
    """The middle of the border (or coast) between regions ``a`` and ``b`` as drawn (its
    longest stretch): scene x, y and whether it runs more up-down than across there; None
    if they do not touch."""
    pair = (a, b) if a < b else (b, a)
    chains = _chains_between(board).get(pair)
    if not chains:
        return None
    longest = max(chains, key=lambda chain: (length(chain.points), chain.corners))
    (r, c), (dr, dc) = halfway(longest.points)
    x, y = box.point(r, c)
    return x, y, abs(dr) > abs(dc)


def _double_arrow(x: float, y: float, vertical: bool, size: float, id: str) -> list[Shape]:
    """The open coast's mark: a double arrow across the coast line."""
    h = size / 2
    head = size / 4
    if vertical:  # the coast runs up-down: the arrow points left-right
        a, b = (x - h, y), (x + h, y)
        heads = (
            ((a[0], a[1]), (a[0] + head, a[1] - head), (a[0] + head, a[1] + head)),
            ((b[0], b[1]), (b[0] - head, b[1] - head), (b[0] - head, b[1] + head)),
        )
    else:
        a, b = (x, y - h), (x, y + h)
        heads = (
            ((a[0], a[1]), (a[0] - head, a[1] + head), (a[0] + head, a[1] + head)),
            ((b[0], b[1]), (b[0] - head, b[1] - head), (b[0] + head, b[1] - head)),
        )
    return [
        Path(id=f"{id}-shaft", commands=(("M", *a), ("L", *b)), stroke=INK, stroke_width=2.5),
        Polygon(id=f"{id}-head0", points=heads[0], fill=INK),
        Polygon(id=f"{id}-head1", points=heads[1], fill=INK),
    ]


def arrow_size(box: Box) -> float:
    """How long an open coast's double arrow is drawn on a map of ``box``'s cells."""
    return max(12.0, box.cell * 0.7)


def _open_coasts(board: Map, box: Box) -> list[Shape]:
    shapes: list[Shape] = []
    for land, sea in sorted(board.open_coasts):
        where = border_middle(board, land, sea, box)
        if where is None:
            continue
        x, y, vertical = where
        shapes += _double_arrow(x, y, vertical, arrow_size(box), f"open-{land}-{sea}")
    return shapes


def _cone(x: float, y: float, fill: str, letter: str, id: str) -> list[Shape]:
    """A cone seen from the side (a triangle) with a letter on it: W white, R red."""
    size = 16
    return [
        Polygon(
            id=id,
            points=(
                (x, y - size),
                (x - size * 0.6, y + size * 0.45),
                (x + size * 0.6, y + size * 0.45),
            ),
            fill=fill,
            stroke=INK,
            stroke_width=1.5,
        ),
        Text(
            id=f"{id}-letter",
            x=x,
            y=y + 1,
            text=letter,
            size=NAME_SIZE,
            bold=True,
            anchor="middle",
            fill=text_on(fill),
        ),
    ]


def _cones(view: NuevoMundoView, box: Box) -> list[Shape]:
    shapes: list[Shape] = []
    for k, (a, b) in enumerate(view.red_cones):
        where = border_middle(view.map, a, b, box)
        if where is not None:
            shapes += _cone(
                where[0],
                where[1],
                RED_CONE,
                t("nuevo_mundo_table.red_cone_letter"),
                f"red-cone-{k}",
            )
    if view.aim is not None:
        where = border_middle(view.map, view.aim[0], view.aim[1], box)
        if where is not None:
            shapes += _cone(
                where[0],
                where[1],
                WHITE_CONE,
                t("nuevo_mundo_table.white_cone_letter"),
                "white-cone",
            )
    return shapes


# ---------------------------------------------------------------------------- pieces


def _ship(x: float, y: float, id: str, colour: str) -> list[Shape]:
    """A small hull and sail, 14 x 12."""
    return [
        Polygon(
            id=f"{id}-hull",
            points=((x, y + 7), (x + 14, y + 7), (x + 11, y + 12), (x + 3, y + 12)),
            fill=colour,
            stroke=INK,
            stroke_width=1,
        ),
        Polygon(
            id=f"{id}-sail",
            points=((x + 7, y), (x + 7, y + 6), (x + 12, y + 6)),
            fill="#ffffff",
            stroke=INK,
            stroke_width=1,
        ),
    ]


def badge_width(cq: int, ca: int, ships: int) -> float:
    """As wide as what the badge holds, so badges of small regions crowd the map less."""
    width = 15 + 7.5 * len(str(cq)) + 3 + 7 * ca
    if ships:
        width += 19 + 7.5 * len(str(ships))
    return width + 2


def badge(view: NuevoMundoView, region: int, player: int, x: float, y: float) -> list[Shape]:
    """One player's pieces in one region, in a badge of the player's colour centred on
    ``x``: the seat's number, the CQ count, a block per CA, then the ships and their count."""
    colour = player_colour(player)
    ink = text_on(colour)
    id = f"pieces-{region}-{player}"
    cq, ca, ships = view.cq[region][player], view.ca[region][player], view.ships[region][player]
    width = badge_width(cq, ca, ships)
    x = max(2.0, x - width / 2)  # a region on the map's edge keeps its badge in view
    shapes: list[Shape] = [
        Rect(
            id=id,
            x=x,
            y=y,
            width=width,
            height=BADGE_H,
            radius=4,
            fill=colour,
            stroke=INK,
            stroke_width=1,
        ),
        Text(
            id=f"{id}-seat",
            x=x + 3,
            y=y + BADGE_H / 2 + 1,
            text=seat_mark(player),
            size=NAME_SIZE,
            bold=True,
            fill=ink,
        ),
        Rect(id=f"{id}-sep", x=x + 12, y=y + 2, width=1, height=BADGE_H - 4, fill=ink),
        Text(
            id=f"{id}-cq", x=x + 15, y=y + BADGE_H / 2 + 1, text=str(cq), size=NAME_SIZE, fill=ink
        ),
    ]
    right = x + 15 + 7.5 * len(str(cq)) + 3
    for k in range(ca):
        shapes.append(
            Rect(
                id=f"{id}-ca{k}",
                x=right + k * 7,
                y=y + 3,
                width=6,
                height=BADGE_H - 6,
                fill="#ffffff",
                stroke=INK,
                stroke_width=1,
            )
        )
    if ships:
        sx = right + 2
        shapes += _ship(sx, y + 1, f"{id}-ship", "#ffffff")
        shapes.append(
            Text(
                id=f"{id}-ships",
                x=sx + 15,
                y=y + BADGE_H / 2 + 1,
                text=str(ships),
                size=NAME_SIZE,
                fill=ink,
            )
        )
    return shapes


def _region_marks(view: NuevoMundoView, box: Box, look: MapLook) -> list[Shape]:
    """Each region's name with its pieces under it, where ``_stack_places`` puts them."""
    board = view.map
    held = [
        tuple(
            p
            for p in range(len(view.players))
            if view.cq[region.id][p] or view.ca[region.id][p] or view.ships[region.id][p]
        )
        for region in board.regions
    ]
    sizes = tuple(
        _stack_size(
            region.name,
            [
                badge_width(view.cq[region.id][p], view.ca[region.id][p], view.ships[region.id][p])
                for p in held[region.id]
            ],
        )
        for region in board.regions
    )
    places = _stack_places(board, box, sizes)
    shapes: list[Shape] = []
    on_top: list[Shape] = []  # names with no clear place: drawn last, on a plate
    for region in board.regions:
        here = held[region.id]
        x, y, clear = places[region.id]
        top = y - sizes[region.id][1] / 2
        name = Text(
            id=f"name-{region.id}",
            x=x,
            y=top + NAME_SIZE / 2,
            text=region.name,
            size=NAME_SIZE,
            bold=True,
            anchor="middle",
            fill=LAND_BORDER if region.land else SEA_BORDER,
        )
        if clear:
            shapes.append(name)
        else:
            width = text_width(region.name, NAME_SIZE, bold=True) + 4
            plate = Rect(
                id=f"name-{region.id}-plate",
                x=x - width / 2,
                y=top,
                width=width,
                height=NAME_SIZE,
                radius=3,
                fill=LAND if region.land else SEA,
                opacity=0.9,
            )
            on_top += [plate, name]
        for k, p in enumerate(here):
            shapes += badge(view, region.id, p, x, top + NAME_SIZE + 1 + k * (BADGE_H + 1))
    return shapes + on_top


def _stack_size(name: str, badges: list[float]) -> tuple[float, float]:
    """The width and height of a region's name with its badges under it."""
    width = max([text_width(name, NAME_SIZE, bold=True), *badges])
    return width, NAME_SIZE + len(badges) * (BADGE_H + 1)


Rectangle = tuple[float, float, float, float]
"""Left, top, right, bottom."""


def _overlap(a: Rectangle, b: Rectangle) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


@lru_cache(maxsize=64)
def _arrow_boxes(board: Map, box: Box) -> tuple[Rectangle, ...]:
    """Where the open coasts' arrows are drawn (a name is kept off them)."""
    found = []
    for shape in _coast_marks(board, box):
        if shape.id and shape.id.endswith("-shaft"):
            left, top, width, height = shape.bbox()
            pad = arrow_size(box) / 4  # the arrow heads stand out of the shaft
            found.append((left - pad, top - pad, left + width + pad, top + height + pad))
    return tuple(found)


PLACES_TRIED: Final = 16
"""How many points of a region a name and its badges may try, nearest the label first."""


@lru_cache(maxsize=64)
def _stack_places(
    board: Map, box: Box, sizes: tuple[tuple[float, float], ...]
) -> tuple[tuple[float, float, bool], ...]:
    """The centre of each region's name and badges (``sizes``: each stack's width and
    height). A stack goes on its region's label point unless it would cover a stack placed
    before it or an open coast's arrow; then on the nearest of its cells' centres where it
    covers nothing, else where it covers least. Stacks with badges are placed first (the
    larger first), so a name moves aside rather than hide under another region's pieces;
    a stack never leaves the map. The same pieces always give the same places. Each place
    says whether it is clear: a name whose stack covers something (a small region in a
    crowded corner of a small map) is drawn on top of the pieces, on a plate. A name left
    covered gets a second look with every other stack in place (a third of a cell aside from
    its cells' centres too), and moves where it covers nothing if there is such a place."""
    arrows = _arrow_boxes(board, box)
    obstacles: list[Rectangle] = list(arrows)
    places: dict[int, tuple[float, float]] = {}
    rects: dict[int, Rectangle] = {}
    order = sorted(range(len(board.regions)), key=lambda i: (-sizes[i][1], -sizes[i][0], i))
    for i in order:
        covered, places[i], rects[i] = _stack_place(board, box, i, sizes[i], obstacles)
        obstacles.append(rects[i])
    clear = {i: _clear(i, board, box, places, sizes) for i in order}
    for i in order:  # a second look for the names left covered, every other stack placed
        if clear[i]:
            continue
        others = [*arrows, *(rect for j, rect in rects.items() if j != i)]
        covered, place, rect = _stack_place(board, box, i, sizes[i], others)
        if covered == 0:
            places[i], rects[i] = place, rect
    # a name moved covers nothing, so a clear name stays clear: only the others are checked
    return tuple(
        (*places[i], clear[i] or _clear(i, board, box, places, sizes))
        for i in range(len(board.regions))
    )


def _stack_place(
    board: Map,
    box: Box,
    i: int,
    size: tuple[float, float],
    obstacles: Sequence[Rectangle],
) -> tuple[float, tuple[float, float], Rectangle]:
    """Where region ``i``'s stack covers the least of ``obstacles`` (the first place that
    covers nothing): its label, then its cells' centres nearest the label, then a third of a
    cell aside from them; kept on the map. (covered area, centre, rectangle)."""
    region = board.regions[i]
    width, height = size
    right_edge = box.x + board.cols * box.cell
    bottom_edge = box.y + board.rows * box.cell
    label = box.point(*region.label)
    centres = sorted(
        (box.point(r + 0.5, c + 0.5) for r, c in region.cells),
        key=lambda xy: ((xy[0] - label[0]) ** 2 + (xy[1] - label[1]) ** 2, xy),
    )[:PLACES_TRIED]
    nudge = box.cell / 3
    tried = [label, *centres]
    tried += [
        (x + dx, y + dy)
        for x, y in centres
        for dx, dy in ((0, -nudge), (0, nudge), (-nudge, 0), (nudge, 0))
    ]
    best: tuple[float, tuple[float, float], Rectangle] | None = None
    for x, y in tried:
        x = min(max(x, box.x + width / 2), right_edge - width / 2)
        y = min(max(y, box.y + height / 2), bottom_edge - height / 2)
        rect = (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
        covered = sum(_overlap(rect, other) for other in obstacles)
        if best is None or covered < best[0]:
            best = (covered, (x, y), rect)
        if covered == 0:
            break
    assert best is not None
    return best


def _clear(
    i: int,
    board: Map,
    box: Box,
    places: dict[int, tuple[float, float]],
    sizes: tuple[tuple[float, float], ...],
) -> bool:
    """Whether region ``i``'s name, where it was placed, is clear of the open coasts'
    arrows and of the other regions' names and badges (each stack: its name, its badges
    under it)."""
    name_width = text_width(board.regions[i].name, NAME_SIZE, bold=True)
    x, y = places[i]
    top = y - sizes[i][1] / 2
    mine = (x - name_width / 2, top, x + name_width / 2, top + NAME_SIZE)
    if any(_overlap(mine, arrow) for arrow in _arrow_boxes(board, box)):
        return False
    for j, (ox, oy) in places.items():
        if j == i:
            continue
        width, height = sizes[j]
        other = (ox - width / 2, oy - height / 2, ox + width / 2, oy + height / 2)
        if _overlap(mine, other):
            other_name = text_width(board.regions[j].name, NAME_SIZE, bold=True)
            name_part = (ox - other_name / 2, other[1], ox + other_name / 2, other[1] + NAME_SIZE)
            badges = (other[0], other[1] + NAME_SIZE, other[2], other[3])
            if _overlap(mine, name_part) or _overlap(mine, badges):
                return False
    return True


def _outline(board: Map, region: int, box: Box, colour: str, width: float, id: str) -> Path:
    """The outline of one region, as drawn (every loop of it)."""
    cmds: list[PathCommand] = []
    for loop in outlines(board).loops[region]:
        cmds += [*_line(loop, box), ("Z",)]
    return Path(id=id, commands=tuple(cmds), stroke=colour, stroke_width=width)


def map_shapes(view: NuevoMundoView, box: Box, look: MapLook = MapLook()) -> list[Shape]:
    """The whole map at ``box``, drawn from ``view``."""
    board = view.map
    shapes = list(_ground(board, box, look.targets))
    for region in look.options:
        shapes.append(_outline(board, region, box, OPTION, 4.0, f"option-{region}"))
    if look.selected is not None:
        shapes.append(_outline(board, look.selected, box, HIGHLIGHT, 5.0, "selected"))
    shapes += _coast_marks(board, box)
    shapes += _region_marks(view, box, look)
    shapes += _cones(view, box)
    return shapes


def map_scene(
    view: NuevoMundoView,
    *,
    width: int = 520,
    height: int = 360,
    look: MapLook = MapLook(targets=False),
) -> Scene:
    """The map alone as a scene (a lesson's picture of the board)."""
    box = fit_box(view.map, 6, 6, width - 12, height - 12)
    scene = Scene(
        int(box.cell * view.map.cols + 12),
        int(box.cell * view.map.rows + 12),
        background=PAPER,
        title=t("nuevo_mundo_table.map_title", map=view.map.title),
    )
    scene.extend(map_shapes(view, box, look))
    return scene


def region_at(board: Map, box: Box, x: float, y: float) -> int | None:
    """The region under scene point (x, y), or None off the map."""
    if x < box.x or y < box.y:
        return None
    return board.region_at(int((y - box.y) // box.cell), int((x - box.x) // box.cell))


def regions_in_words(view: NuevoMundoView) -> list[str]:
    """Every occupied region in a sentence: who has what there (the map in words)."""
    lines: list[str] = []
    for region in view.map.regions:
        parts = []
        for p in range(len(view.players)):
            cq, ca, ships = (view.cq[region.id][p], view.ca[region.id][p], view.ships[region.id][p])
            if not (cq or ca or ships):
                continue
            counts = [t("nuevo_mundo_table.cq_count", n=cq)]
            if ca:
                counts.append(t("nuevo_mundo_table.ca_count", n=ca))
            if ships:
                counts.append(t("nuevo_mundo_table.ship_count", n=ships))
            parts.append(
                t("nuevo_mundo_table.pieces_words", name=view.players[p], pieces=join_words(counts))
            )
        if parts:
            lines.append(
                t("nuevo_mundo_table.region_words", region=region.name, pieces="; ".join(parts))
            )
    return lines
