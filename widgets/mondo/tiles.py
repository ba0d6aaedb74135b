"""Mondo's tiles and boards drawn as scene shapes: plain functions of a position and a size.

A face is drawn as four triangles, one per edge (north, east, south, west), each in its
landscape's colour AND with a second cue that needs no colour: a pattern along the edge
(waves for water, little trees for forest, dots for desert, grass strokes for plains) and
the letter the board text uses (w, f, d, p). Edges of one region are drawn joined (no line
between their triangles; a band through the middle when the region joins opposite edges);
edges of different regions are parted by a white line. An animal is a paw print on a white
disc; an active volcano a filled cone with smoke, an inactive one a hollow cone without:
the two differ in shape, not only in colour. An empty space is pale with a small ring.

The game table and the scoring pad both draw with these functions, so the two look alike.
Ids: every shape of a space starts with ``{id}-{row}-{col}``; its edges' triangles end with
``-e{edge}``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import Final

from gamecore.mondo.board import Board, Cell, check_rim, rim_place
from gamecore.mondo.faces import ACTIVE, TERRAINS, Face

from ..palette import HIGHLIGHT, INK, MUTED, text_on
from ..scene import Circle, Path, Point, Polygon, Rect, Shape, Text, drawn_once

TERRAIN_COLOURS: Final = {
    "w": "#88ccee",  # light blue (Paul Tol)
    "f": "#117733",  # dark green
    "d": "#ddcc77",  # sand
    "p": "#999933",  # olive
}
"""The landscapes' colours: colour-blind safe, and far apart in lightness too (light water
and sand, dark forest, mid plains), so they differ even printed in grey."""
INK_ON: Final = {letter: text_on(colour) for letter, colour in TERRAIN_COLOURS.items()}
"""Black or white, whichever reads better on each landscape (letters and patterns)."""
EMPTY_FILL: Final = "#eeeae0"
RIM_CORNER: Final = "#d9d4c7"
"""The rim's corners, which lie beyond no edge and so show no landscape."""
RIM_DEPTH: Final = 14
"""How deep the rim band around a board is, in pixels."""
EdgeRef = tuple[int, int, int]
"""One tile edge on a board: (row, column, edge)."""


def _corners(x: float, y: float, s: float) -> tuple[Point, Point, Point, Point]:
    """North-west, north-east, south-east, south-west corners of a square."""
    return ((x, y), (x + s, y), (x + s, y + s), (x, y + s))


def edge_triangle(x: float, y: float, s: float, edge: int) -> tuple[Point, Point, Point]:
    """The triangle between an edge of the square at (x, y) and its centre."""
    c = _corners(x, y, s)
    return (c[edge], c[(edge + 1) % 4], (x + s / 2, y + s / 2))


def _inward(x: float, y: float, s: float, edge: int, depth: float) -> Point:
    """The point ``depth`` (a fraction of ``s``) in from the middle of an edge."""
    middle = ((x + s / 2, y), (x + s, y + s / 2), (x + s / 2, y + s), (x, y + s / 2))[edge]
    step = ((0, 1), (-1, 0), (0, -1), (1, 0))[edge]
    return (middle[0] + step[0] * depth * s, middle[1] + step[1] * depth * s)


def _toward(cx: float, cy: float, corner: Point, share: float) -> Point:
    """The point ``share`` of the way from the middle (cx, cy) to a corner."""
    return (cx + (corner[0] - cx) * share, cy + (corner[1] - cy) * share)


def _along(edge: int) -> Point:
    """The unit step along an edge (for laying out a pattern beside it)."""
    return (1.0, 0.0) if edge in (0, 2) else (0.0, 1.0)


def terrain_pattern(
    terrain: str, cx: float, cy: float, edge: int, s: float, id: str
) -> list[Shape]:
    """The terrain's mark, centred at (cx, cy) and laid along ``edge``: the cue that is not
    a colour (waves, trees, dots or grass)."""
    ax, ay = _along(edge)
    ink = INK_ON[terrain]
    u = max(2.0, s * 0.04)
    if terrain == "w":
        cmds: list[tuple[object, ...]] = []
        for k in (-1, 1):
            bx, by = cx + ax * k * 2.2 * u, cy + ay * k * 2.2 * u
            cmds.append(("M", bx - ax * 2 * u, by - ay * 2 * u))
            cmds.append(("Q", bx - ax * u - ay * u, by - ay * u - ax * u, bx, by))
            cmds.append(
                ("Q", bx + ax * u + ay * u, by + ay * u + ax * u, bx + ax * 2 * u, by + ay * 2 * u)
            )
        return [Path(id=id, commands=tuple(cmds), stroke=ink, stroke_width=1.4)]
    # One path per pattern (three small marks): fewer shapes to send on each redraw.
    parts: list[tuple[object, ...]] = []
    for off in (-2.6, 0.0, 2.6):
        px, py = cx + ax * off * u, cy + ay * off * u
        if terrain == "f":  # a little tree
            parts += [("M", px, py - 1.3 * u), ("L", px + u, py + u), ("L", px - u, py + u), ("Z",)]
        elif terrain == "d":  # a grain of sand
            g = 0.6 * u
            parts += [("M", px, py - g), ("L", px + g, py), ("L", px, py + g), ("L", px - g, py),
                      ("Z",)]  # fmt: skip
        else:  # a tuft of grass
            parts += [("M", px - 0.6 * u, py + u), ("L", px, py - u),
                      ("M", px + 0.6 * u, py + u), ("L", px + 0.3 * u, py - 0.5 * u)]  # fmt: skip
    if terrain == "p":
        return [Path(id=id, commands=tuple(parts), stroke=ink, stroke_width=1.4)]
    return [Path(id=id, commands=tuple(parts), fill=ink)]


def _bridge(face: Face) -> tuple[int, ...] | None:
    """The region that joins two opposite edges without either edge between them (e.g.
    north and south, with east and west in other regions): only a band through the middle
    shows that they are one stretch of land. Two such regions would cross, which a face
    never allows, so there is at most one."""
    for group in face.regions:
        for a, b in ((0, 2), (1, 3)):
            if a in group and b in group and (a + 1) % 4 not in group and (b + 1) % 4 not in group:
                return group
    return None


def draw_face(
    face: Face,
    x: float,
    y: float,
    s: float,
    id: str,
    faded: Collection[int] = (),
    target: str | None = None,
) -> list[Shape]:
    """One tile face, north up, in the square at (x, y) with sides ``s``. ``faded``: edges
    drawn pale (a highlight elsewhere); the animal and the volcano fade only with the whole
    tile, so a lit tile shows them clearly.

    The shapes are remembered by their arguments (shapes are frozen, faces too): a table
    redraws its heap and boards on every click, and most of their faces have not changed."""
    return list(_face_shapes(face, x, y, s, id, tuple(sorted(faded)), target))


@lru_cache(maxsize=4096)
def _face_shapes(
    face: Face,
    x: float,
    y: float,
    s: float,
    id: str,
    faded: tuple[int, ...],
    target: str | None,
) -> tuple[Shape, ...]:
    return tuple(_draw_face(face, x, y, s, id, faded, target))


def _draw_face(
    face: Face,
    x: float,
    y: float,
    s: float,
    id: str,
    faded: Collection[int],
    target: str | None,
) -> list[Shape]:
    shapes: list[Shape] = []
    for e in range(4):
        shapes.append(
            Polygon(
                id=f"{id}-e{e}",
                points=edge_triangle(x, y, s, e),
                fill=TERRAIN_COLOURS[face.edges[e]],
            )
        )
    bridge = _bridge(face)
    if bridge is not None:
        shapes.extend(_bridge_band(face, bridge, x, y, s, id))
    # A white line parts two neighbouring edges of different regions; none within one.
    cx, cy = x + s / 2, y + s / 2
    corners = _corners(x, y, s)
    for e in range(4):
        nxt = (e + 1) % 4
        if face.region_of(e) != face.region_of(nxt) and not (
            bridge is not None and (e in bridge or nxt in bridge)
        ):
            corner = corners[nxt]
            shapes.append(
                Path(
                    id=f"{id}-part{e}",
                    commands=(("M", *corner), ("L", cx, cy)),
                    stroke="#ffffff",
                    stroke_width=2,
                )
            )
    for e in range(4):
        terrain = face.edges[e]
        px, py = _inward(x, y, s, e, 0.06)
        shapes.extend(terrain_pattern(terrain, px, py, e, s, f"{id}-e{e}-mark"))
        lx, ly = _inward(x, y, s, e, 0.19)
        shapes.append(
            Text(
                id=f"{id}-e{e}-letter",
                x=lx,
                y=ly + 4,
                text=terrain,
                size=12,
                anchor="middle",
                bold=True,
                fill=INK_ON[terrain],
            )
        )
    marks: list[Shape] = []
    # The animal stands in its region, towards the middle; a volcano takes the middle. When
    # a face has both, they sit in opposite corners of the middle, clear of the letters:
    # the animal in the corner beside its region's edge.
    group = face.regions[face.animal_region]
    animal_edge = group[0]
    if face.volcano and face.has_animal:
        e = animal_edge
        near = (e + 1) % 4 if (e + 1) % 4 in group else e  # the animal's corner
        ax, ay = _toward(cx, cy, corners[near], 0.4)
        vx, vy = _toward(cx, cy, corners[(near + 2) % 4], 0.4)
        marks.extend(draw_volcano(face.volcano == ACTIVE, vx, vy, s * 0.11, f"{id}-volcano"))
        marks.extend(draw_animal(ax, ay, s * 0.11, f"{id}-animal"))
    elif face.volcano:
        marks.extend(draw_volcano(face.volcano == ACTIVE, cx, cy, s * 0.14, f"{id}-volcano"))
    elif face.has_animal:
        whole = len(face.regions) == 1  # room in the middle
        ax, ay = (cx, cy) if whole else _inward(x, y, s, animal_edge, 0.4)
        marks.extend(draw_animal(ax, ay, s * 0.12, f"{id}-animal"))
    if len(set(faded)) == 4:  # the whole tile is out of the highlight: fade its marks too
        shapes.extend(marks + _fade(x, y, s, id, faded))
    else:
        shapes.extend(_fade(x, y, s, id, faded) + marks)
    shapes.append(Rect(id=f"{id}-frame", x=x, y=y, width=s, height=s, stroke=INK, target=target))
    return shapes


def _bridge_band(
    face: Face, group: tuple[int, ...], x: float, y: float, s: float, id: str
) -> list[Shape]:
    """A band through the middle joining opposite edges of one region."""
    colour = TERRAIN_COLOURS[face.edges[group[0]]]
    half = s * 0.17
    cx, cy = x + s / 2, y + s / 2
    if 0 in group and 2 in group:
        rect = Rect(id=f"{id}-bridge", x=cx - half, y=y + s * 0.2, width=2 * half, height=s * 0.6)
        sides = (("M", cx - half, y + s * 0.2), ("L", cx - half, y + s * 0.8),
                 ("M", cx + half, y + s * 0.2), ("L", cx + half, y + s * 0.8))  # fmt: skip
    else:
        rect = Rect(id=f"{id}-bridge", x=x + s * 0.2, y=cy - half, width=s * 0.6, height=2 * half)
        sides = (("M", x + s * 0.2, cy - half), ("L", x + s * 0.8, cy - half),
                 ("M", x + s * 0.2, cy + half), ("L", x + s * 0.8, cy + half))  # fmt: skip
    return [
        Rect(id=rect.id, x=rect.x, y=rect.y, width=rect.width, height=rect.height, fill=colour),
        Path(id=f"{id}-bridge-sides", commands=sides, stroke="#ffffff", stroke_width=2),
    ]


def draw_animal(cx: float, cy: float, r: float, id: str) -> list[Shape]:
    """An animal: a paw print on a white disc (one pad, four toes)."""
    r = max(r, 7.0)
    toes = [
        Circle(id=f"{id}-toe{k}", cx=cx + dx * r, cy=cy + dy * r, r=0.17 * r, fill=INK)
        for k, (dx, dy) in enumerate(((-0.42, -0.22), (-0.15, -0.5), (0.15, -0.5), (0.42, -0.22)))
    ]
    return [
        Circle(id=f"{id}-disc", cx=cx, cy=cy, r=r, fill="#ffffff", stroke=INK, stroke_width=1.2),
        Circle(id=f"{id}-pad", cx=cx, cy=cy + 0.22 * r, r=0.3 * r, fill=INK),
        *toes,
    ]


def draw_volcano(active: bool, cx: float, cy: float, r: float, id: str) -> list[Shape]:
    """A volcano: a cone; active means filled, with smoke and a glow; inactive means hollow
    and quiet (the shapes differ, so the colour is not needed to tell them apart)."""
    r = max(r, 8.0)
    cone = ((cx - r, cy + 0.7 * r), (cx - 0.3 * r, cy - 0.5 * r),
            (cx + 0.3 * r, cy - 0.5 * r), (cx + r, cy + 0.7 * r))  # fmt: skip
    shapes: list[Shape] = [
        Circle(id=f"{id}-back", cx=cx, cy=cy, r=1.15 * r, fill="#ffffff", stroke=INK,
               stroke_width=1.2),
    ]  # fmt: skip
    if active:
        shapes.append(Polygon(id=f"{id}-cone", points=cone, fill="#5a3a2a", stroke=INK))
        shapes.append(
            Path(
                id=f"{id}-smoke",
                commands=(("M", cx, cy - 0.55 * r), ("L", cx, cy - 1.0 * r),
                          ("M", cx - 0.25 * r, cy - 0.55 * r), ("L", cx - 0.5 * r, cy - 0.95 * r),
                          ("M", cx + 0.25 * r, cy - 0.55 * r), ("L", cx + 0.5 * r, cy - 0.95 * r)),
                stroke=HIGHLIGHT,
                stroke_width=2,
            )
        )  # fmt: skip
    else:
        shapes.append(
            Polygon(id=f"{id}-cone", points=cone, fill="#ffffff", stroke=INK, stroke_width=1.6)
        )
    return shapes


def draw_empty(x: float, y: float, s: float, id: str, target: str | None = None) -> list[Shape]:
    """An empty space: pale, with a small ring in the middle."""
    return [
        Rect(id=f"{id}-empty", x=x, y=y, width=s, height=s, fill=EMPTY_FILL, stroke=MUTED,
             target=target),
        Circle(id=f"{id}-ring", cx=x + s / 2, cy=y + s / 2, r=s * 0.08, stroke=MUTED,
               stroke_width=1.2),
    ]  # fmt: skip


def board_size(rows: int, cols: int, s: float) -> tuple[float, float]:
    """The width and height of a board of ``rows`` x ``cols`` spaces with its rim."""
    return (cols * s + 2 * RIM_DEPTH, rows * s + 2 * RIM_DEPTH)


def space_origin(x: float, y: float, s: float, cell: Cell) -> Point:
    """The top-left corner of a space on a board drawn at (x, y) (the rim's outer corner)."""
    return (x + RIM_DEPTH + cell[1] * s, y + RIM_DEPTH + cell[0] * s)


def draw_rim(
    rim: Sequence[str] | str | None, rows: int, cols: int, x: float, y: float, s: float, id: str
) -> list[Shape]:
    """The rim around a board: one band segment per outer edge, each in its landscape's
    colour with its pattern (side A: water all round; side B: four landscapes)."""
    letters = check_rim(rim, rows, cols)
    d = RIM_DEPTH
    shapes: list[Shape] = [
        Rect(id=f"{id}-rim", x=x, y=y, width=cols * s + 2 * d, height=rows * s + 2 * d,
             fill=RIM_CORNER, stroke=INK),
    ]  # fmt: skip
    for i, letter in enumerate(letters):
        (r, c), edge = rim_place(rows, cols, i)
        sx, sy = space_origin(x, y, s, (r, c))
        box = (
            (sx, sy - d, s, d),
            (sx + s, sy, d, s),
            (sx, sy + s, s, d),
            (sx - d, sy, d, s),
        )[edge]
        shapes.append(
            Rect(id=f"{id}-rim{i}", x=box[0], y=box[1], width=box[2], height=box[3],
                 fill=TERRAIN_COLOURS[letter])
        )  # fmt: skip
        mx, my = box[0] + box[2] / 2, box[1] + box[3] / 2
        shapes.extend(terrain_pattern(letter, mx, my, edge, s, f"{id}-rim{i}-mark"))
    return shapes


@drawn_once
def draw_board(
    board: Board,
    x: float,
    y: float,
    s: float,
    id: str = "board",
    *,
    rim: Sequence[str] | str | None = None,
    selected: Cell | None = None,
    lit: Collection[EdgeRef] | None = None,
    wrong: Collection[EdgeRef] = (),
    targets: bool = True,
) -> list[Shape]:
    """A whole board with its rim, at (x, y) with spaces of side ``s``.

    ``selected``: a space outlined thickly. ``lit``: when given, the tile edges to
    highlight (every other edge is faded, so the lit ones stand out without colour).
    ``wrong``: tile edges to mark with a cross (a wrong connection). ``targets``: each space
    reports ``space:{row}:{col}`` when clicked."""
    shapes = draw_rim(rim, board.rows, board.cols, x, y, s, id)
    for cell in board.spaces():
        r, c = cell
        sx, sy = space_origin(x, y, s, cell)
        sid = f"{id}-{r}-{c}"
        target = f"space:{r}:{c}" if targets else None
        face = board.at(cell)
        if face is None:
            shapes.extend(draw_empty(sx, sy, s, sid, target))
            continue
        faded = () if lit is None else [e for e in range(4) if (r, c, e) not in lit]
        shapes.extend(draw_face(face, sx, sy, s, sid, faded, target))
    if lit is not None:
        shapes.extend(_outline(x, y, s, id, lit))
    for k, (r, c, e) in enumerate(wrong):
        shapes.extend(wrong_mark(x, y, s, (r, c), e, f"{id}-wrong{k}"))
    if selected is not None:
        sx, sy = space_origin(x, y, s, selected)
        shapes.append(
            Rect(id=f"{id}-selected", x=sx + 2, y=sy + 2, width=s - 4, height=s - 4,
                 stroke=HIGHLIGHT, stroke_width=4, target=f"space:{selected[0]}:{selected[1]}")
        )  # fmt: skip
    return shapes


def _fade(x: float, y: float, s: float, id: str, edges: Collection[int]) -> list[Shape]:
    """A pale veil over some edges' triangles (one square when it is all four: fewer
    shapes to send on each redraw)."""
    if len(set(edges)) == 4:
        return [Rect(id=f"{id}-fade", x=x, y=y, width=s, height=s, fill="#ffffff", opacity=0.6)]
    return [
        Polygon(id=f"{id}-fade{e}", points=edge_triangle(x, y, s, e), fill="#ffffff", opacity=0.6)
        for e in sorted(set(edges))
    ]


def _outline(x: float, y: float, s: float, id: str, lit: Collection[EdgeRef]) -> list[Shape]:
    """A thick outline round each lit edge's triangle."""
    shapes: list[Shape] = []
    for r, c, e in sorted(lit):
        sx, sy = space_origin(x, y, s, (r, c))
        shapes.append(
            Polygon(id=f"{id}-{r}-{c}-lit{e}", points=edge_triangle(sx, sy, s, e),
                    stroke=HIGHLIGHT, stroke_width=3)
        )  # fmt: skip
    return shapes


def wrong_mark(x: float, y: float, s: float, cell: Cell, edge: int, id: str) -> list[Shape]:
    """A wrong connection: a white disc with a thick cross, on the middle of the edge."""
    sx, sy = space_origin(x, y, s, cell)
    mx, my = _inward(sx, sy, s, edge, 0.0)
    r = max(9.0, s * 0.14)
    k = r * 0.5
    return [
        Circle(id=f"{id}-disc", cx=mx, cy=my, r=r, fill="#ffffff", stroke=HIGHLIGHT,
               stroke_width=3),
        Path(id=f"{id}-cross", commands=(("M", mx - k, my - k), ("L", mx + k, my + k),
                                         ("M", mx + k, my - k), ("L", mx - k, my + k)),
             stroke=INK, stroke_width=2.5),
    ]  # fmt: skip


def draw_legend(
    x: float, y: float, s: float, names: dict[str, str], id: str = "legend"
) -> list[Shape]:
    """A key: each landscape's swatch with its pattern, letter and name (``names``: letter
    -> the name in the reader's language), one per line ``s`` high."""
    shapes: list[Shape] = []
    for k, letter in enumerate(TERRAINS):
        top = y + k * (s + 4)
        colour = TERRAIN_COLOURS[letter]
        shapes.append(Rect(id=f"{id}-{letter}", x=x, y=top, width=2.4 * s, height=s, fill=colour,
                           stroke=INK))  # fmt: skip
        shapes.extend(terrain_pattern(letter, x + s * 0.6, top + s / 2, 0, 2.4 * s,
                                      f"{id}-{letter}-mark"))  # fmt: skip
        shapes.append(Text(id=f"{id}-{letter}-letter", x=x + 1.8 * s, y=top + s / 2 + 4,
                           text=letter, size=12, bold=True, anchor="middle",
                           fill=text_on(colour)))  # fmt: skip
        shapes.append(Text(id=f"{id}-{letter}-name", x=x + 2.4 * s + 6, y=top + s / 2 + 5,
                           text=names[letter], size=13, fill=INK))  # fmt: skip
    return shapes


__all__ = [
    "EMPTY_FILL",
    "RIM_DEPTH",
    "TERRAIN_COLOURS",
    "board_size",
    "draw_animal",
    "draw_board",
    "draw_empty",
    "draw_face",
    "draw_legend",
    "draw_rim",
    "draw_volcano",
    "edge_triangle",
    "space_origin",
    "terrain_pattern",
    "wrong_mark",
]
