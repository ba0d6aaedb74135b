"""Drawn symbols for every game, as data: shapes in a unit box, placed by one helper.

``ICONS`` maps a symbol's name to its shapes, drawn in a 1 x 1 box (x right, y down),
the way python-chess keeps its pieces in ``PIECES``. ``place(shapes, x, y, size)`` scales
them into the square at (x, y) with sides ``size``; ``icon(name, x, y, size)`` does both.
No image or font is fetched, and each symbol has its own outline, so it reads in grey
scale and for colour-blind players too.

In the table, a shape's id is its part's name ("disc", "rays"); placed, it becomes
``<prefix>-<part>``. Its ``stroke_width`` is a share of the icon's size; placed, a line is
never thinner than ``HAIRLINE`` pixels, so a small icon keeps its outline.

The symbols: the 8 Nuevos Mundos biomes, its 6 nature icons and its settlement's house,
and Ecosfera's own (its elements, the temperate forest, the three abilities, the mushroom
symbol, the tree and the disaster); Ecosfera's other names are aliases
(``widgets.ecosfera.cards.SYMBOLS``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from .palette import ABILITY_COLOURS, BIOME_COLOURS, ELEMENT_COLOURS, ICON_COLOURS, INK
from .scene import Circle, Path, PathCommand, Point, Polygon, Rect, Shape

HAIRLINE = 0.6
"""The thinnest line a placed icon draws, in pixels (thinner lines fade to nothing)."""

WHITE = "#ffffff"
BARK = "#6b4226"
CACTUS = "#3d8c40"
BOLT = "#cc3311"

# ---------------------------------------------------------------------------- shape makers
# Small constructors that keep the table below one line per part; all numbers are in the
# unit box, stroke widths as a share of the icon's size.


def _circle(part: str, cx: float, cy: float, r: float, fill: str, line: float = 0) -> Circle:
    return Circle(
        id=part, cx=cx, cy=cy, r=r, fill=fill, stroke=INK if line else None, stroke_width=line
    )


def _rect(
    part: str, box: tuple[float, float, float, float], fill: str, line: float = 0, radius: float = 0
) -> Rect:
    x, y, w, h = box
    return Rect(
        id=part,
        x=x,
        y=y,
        width=w,
        height=h,
        radius=radius,
        fill=fill,
        stroke=INK if line else None,
        stroke_width=line,
    )


def _polygon(part: str, points: Iterable[Point], fill: str, line: float = 0) -> Polygon:
    return Polygon(
        id=part, points=tuple(points), fill=fill, stroke=INK if line else None, stroke_width=line
    )


def _shape(part: str, commands: Sequence[PathCommand], fill: str, line: float) -> Path:
    """A filled path outlined in ink."""
    return Path(id=part, commands=tuple(commands), fill=fill, stroke=INK, stroke_width=line)


def _lines(part: str, commands: Sequence[PathCommand], colour: str, width: float) -> Path:
    """Unfilled strokes of one colour."""
    return Path(id=part, commands=tuple(commands), stroke=colour, stroke_width=width)


def _spokes(inner: float, outer: float, angles: Iterable[float]) -> list[PathCommand]:
    """Segments from ``inner`` to ``outer`` (radii around the box's centre) at ``angles``."""
    cmds: list[PathCommand] = []
    for a in angles:
        cmds += [
            ("M", 0.5 + inner * math.cos(a), 0.5 + inner * math.sin(a)),
            ("L", 0.5 + outer * math.cos(a), 0.5 + outer * math.sin(a)),
        ]
    return cmds


def _waves(rows: Sequence[float]) -> Path:
    """White waves, three crests to a row, at heights ``rows``."""
    cmds: list[PathCommand] = []
    for row in rows:
        cmds.append(("M", 0.08, row))
        for k in range(3):
            x0 = 0.08 + k * 0.28
            cmds.append(("Q", x0 + 0.07, row - 0.12, x0 + 0.14, row))
            cmds.append(("Q", x0 + 0.21, row + 0.12, x0 + 0.28, row))
    return _lines("waves", cmds, WHITE, 0.08)


def _arc(r: float, a0: float, a1: float, steps: int = 8) -> list[PathCommand]:
    """An arc around the box's centre from angle ``a0`` to ``a1``, as straight steps."""
    return [
        (
            "M" if k == 0 else "L",
            0.5 + r * math.cos(a0 + (a1 - a0) * k / steps),
            0.5 + r * math.sin(a0 + (a1 - a0) * k / steps),
        )
        for k in range(steps + 1)
    ]


def _arrow_head(part: str, r: float, a: float) -> Polygon:
    """A white head on the circle of radius ``r`` at angle ``a``, pointing clockwise."""
    px, py = 0.5 + r * math.cos(a), 0.5 + r * math.sin(a)
    tx, ty = -math.sin(a), math.cos(a)  # the direction of travel
    nx, ny = math.cos(a), math.sin(a)
    h = 0.16
    return _polygon(
        part,
        ((px + tx * h, py + ty * h), (px + nx * h * 0.8, py + ny * h * 0.8),
         (px - nx * h * 0.8, py - ny * h * 0.8)),
        WHITE,
    )  # fmt: skip


def _disc(colour: str) -> Circle:
    """The round ground of an ability symbol."""
    return _circle("disc", 0.5, 0.5, 0.46, colour, 0.04)


_GUSTS: tuple[PathCommand, ...] = (
    ("M", 0.06, 0.34), ("L", 0.62, 0.34), ("Q", 0.86, 0.34, 0.82, 0.16),
    ("Q", 0.76, 0.04, 0.62, 0.14),
    ("M", 0.06, 0.56), ("L", 0.76, 0.56), ("Q", 0.98, 0.56, 0.94, 0.76),
    ("Q", 0.88, 0.90, 0.74, 0.82),
    ("M", 0.16, 0.78), ("L", 0.50, 0.78),
)  # fmt: skip
_TIERS = (
    ((0.50, 0.40), (0.90, 0.80), (0.10, 0.80)),
    ((0.50, 0.20), (0.82, 0.56), (0.18, 0.56)),
    ((0.50, 0.04), (0.74, 0.34), (0.26, 0.34)),
)
"""A fir's three tiers, bottom first (drawn so the upper tier lies on the lower)."""
_REFRESH_R = 0.28

# ---------------------------------------------------------------------------- the table

ICONS: dict[str, tuple[Shape, ...]] = {
    # The six nature icons of Nuevos Mundos (Ecosfera shares the sun and water).
    "sun": (
        _lines("rays", _spokes(0.30, 0.46, (k * math.pi / 4 for k in range(8))),
               ICON_COLOURS["sun"], 0.08),
        _circle("disc", 0.5, 0.5, 0.22, ICON_COLOURS["sun"], 0.03),
    ),
    "water": (
        _shape("drop", (("M", 0.5, 0.08), ("Q", 0.86, 0.52, 0.78, 0.68),
                        ("Q", 0.5, 1.02, 0.22, 0.68), ("Q", 0.14, 0.52, 0.5, 0.08), ("Z",)),
               ICON_COLOURS["water"], 0.04),
    ),
    "plants": (
        _shape("leaf", (("M", 0.18, 0.86), ("Q", 0.10, 0.20, 0.86, 0.12),
                        ("Q", 0.86, 0.80, 0.18, 0.86), ("Z",)),
               ICON_COLOURS["plants"], 0.04),
        _lines("rib", (("M", 0.18, 0.86), ("L", 0.70, 0.30)), WHITE, 0.05),
    ),
    "animals": (
        *(_circle(f"toe{k}", tx, ty, 0.11, ICON_COLOURS["animals"])
          for k, (tx, ty) in enumerate(((0.22, 0.40), (0.40, 0.22), (0.60, 0.22), (0.78, 0.40)))),
        _circle("pad", 0.5, 0.68, 0.22, ICON_COLOURS["animals"]),
    ),
    "minerals": (
        _polygon("gem", ((0.5, 0.08), (0.86, 0.38), (0.5, 0.94), (0.14, 0.38)),
                 ICON_COLOURS["minerals"], 0.04),
        _lines("facet", (("M", 0.14, 0.38), ("L", 0.86, 0.38), ("M", 0.5, 0.08), ("L", 0.5, 0.94)),
               WHITE, 0.03),
    ),
    "ice": (
        _circle("back", 0.5, 0.5, 0.46, "#eaf6fd"),
        _lines("flake", _spokes(0.42, -0.42, (k * math.pi / 3 + math.pi / 2 for k in range(3))),
               ICON_COLOURS["ice"], 0.1),
    ),
    # The eight biomes of Nuevos Mundos (Ecosfera draws five of them too).
    "ocean": (_circle("back", 0.5, 0.5, 0.48, BIOME_COLOURS["ocean"]), _waves((0.36, 0.58, 0.80))),
    "coast": (
        _rect("sea", (0.02, 0.30, 0.96, 0.68), "#0072b2", radius=0.08),
        _waves((0.46,)),
        _polygon("sand", ((0.02, 0.62), (0.98, 0.82), (0.98, 0.98), (0.02, 0.98)), "#e6c97a", 0.03),
        _circle("sun", 0.78, 0.16, 0.12, ICON_COLOURS["sun"]),
    ),
    "jungle": (
        _rect("trunk", (0.44, 0.52, 0.12, 0.44), BARK),
        _circle("c1", 0.30, 0.42, 0.22, BIOME_COLOURS["jungle"], 0.03),
        _circle("c2", 0.70, 0.42, 0.22, BIOME_COLOURS["jungle"], 0.03),
        _circle("c3", 0.50, 0.26, 0.24, BIOME_COLOURS["jungle"], 0.03),
    ),
    "savanna": (
        _rect("grass", (0, 0.86, 1, 0.12), "#b59a3a"),
        _lines("trunk", (("M", 0.5, 0.9), ("L", 0.5, 0.38), ("M", 0.5, 0.6), ("L", 0.3, 0.4)),
               BARK, 0.08),
        _shape("crown", (("M", 0.06, 0.40), ("Q", 0.50, 0.04, 0.94, 0.40), ("Z",)),
               "#6f7d1e", 0.03),
    ),
    "desert": (
        _rect("sand", (0, 0.86, 1, 0.12), BIOME_COLOURS["desert"]),
        _rect("stem", (0.40, 0.10, 0.20, 0.80), CACTUS, 0.03, radius=0.10),
        _rect("arm1", (0.16, 0.30, 0.14, 0.34), CACTUS, 0.03, radius=0.07),
        _rect("arm2", (0.70, 0.22, 0.14, 0.32), CACTUS, 0.03, radius=0.07),
        _rect("join1", (0.22, 0.56, 0.22, 0.10), CACTUS),
        _rect("join2", (0.56, 0.46, 0.22, 0.10), CACTUS),
    ),
    "high_mountain": (
        _polygon("back", ((0.42, 0.96), (0.70, 0.30), (0.98, 0.96)), "#7a7a52", 0.03),
        _polygon("front", ((0.02, 0.96), (0.38, 0.12), (0.74, 0.96)),
                 BIOME_COLOURS["high_mountain"], 0.03),
        _polygon("cap", ((0.26, 0.40), (0.38, 0.12), (0.50, 0.40), (0.38, 0.32)), WHITE),
    ),
    "taiga": (
        _rect("trunk", (0.44, 0.78, 0.12, 0.18), BARK),
        *(_polygon(f"tier{k}", tier, "#1f5f4f", 0.03) for k, tier in enumerate(_TIERS)),
    ),
    "arctic_tundra": (
        _shape("hill", (("M", 0.02, 0.90), ("Q", 0.30, 0.40, 0.58, 0.70),
                        ("Q", 0.80, 0.50, 0.98, 0.90), ("Z",)), "#f4f4f4", 0.04),
        _lines("tufts", (("M", 0.20, 0.90), ("L", 0.16, 0.76), ("M", 0.24, 0.90),
                         ("L", 0.26, 0.76), ("M", 0.74, 0.90), ("L", 0.72, 0.78)),
               "#4d7f3a", 0.05),
        *(_circle(f"flake{k}", fx, fy, 0.05, ICON_COLOURS["ice"])
          for k, (fx, fy) in enumerate(((0.22, 0.18), (0.50, 0.10), (0.78, 0.24)))),
    ),
    # A Nuevos Mundos settlement card's house (its biome's symbol is drawn inside).
    "settlement": (
        _polygon("house", ((0, 1), (0, 3 / 7), (0.5, 0), (1, 3 / 7), (1, 1)), WHITE, 1.5 / 28),
    ),
    # Ecosfera's elements besides sun and water.
    "earth": (
        _shape("mound", (("M", 0.04, 0.86), ("Q", 0.50, 0.02, 0.96, 0.86), ("Z",)),
               ELEMENT_COLOURS["earth"], 0.04),
        *(_circle(f"stone{k}", px, py, r, "#e3c79a")
          for k, (px, py, r) in enumerate(((0.34, 0.66, 0.07), (0.58, 0.56, 0.06),
                                           (0.66, 0.74, 0.05)))),
    ),
    "time": (
        _polygon("top", ((0.22, 0.14), (0.78, 0.14), (0.5, 0.5)), WHITE, 0.04),
        _polygon("bottom", ((0.5, 0.5), (0.80, 0.86), (0.20, 0.86)), WHITE, 0.04),
        _polygon("sand", ((0.5, 0.62), (0.72, 0.84), (0.28, 0.84)), ELEMENT_COLOURS["time"]),
        _rect("cap1", (0.14, 0.06, 0.72, 0.09), ELEMENT_COLOURS["time"], 0.03),
        _rect("cap2", (0.14, 0.85, 0.72, 0.09), ELEMENT_COLOURS["time"], 0.03),
    ),
    "air": (
        _lines("edge", _GUSTS, INK, 0.16),
        _lines("gusts", _GUSTS, ELEMENT_COLOURS["air"], 0.09),
    ),
    # Ecosfera's temperate forest (its other biomes are Nuevos Mundos symbols).
    "temperate_forest": (
        _rect("trunk", (0.40, 0.50, 0.14, 0.44), BARK),
        _circle("crown", 0.47, 0.36, 0.32, "#999933", 0.035),
        _shape("leaf", (("M", 0.70, 0.92), ("Q", 0.72, 0.70, 0.94, 0.70),
                        ("Q", 0.92, 0.92, 0.70, 0.92), ("Z",)), "#d55e00", 0.025),
    ),
    # Ecosfera's kinds of plant and fungi card, the mushroom symbol and the disaster.
    "tree": (
        _rect("trunk", (0.42, 0.55, 0.16, 0.42), BARK, 0.025),
        _polygon("crown", ((0.5 + 0.42 * math.cos(a), 0.36 + 0.32 * math.sin(a))
                           for a in (k * math.pi / 4 for k in range(8))), CACTUS, 0.035),
    ),
    "mushroom": (
        _rect("stem", (0.38, 0.50, 0.24, 0.44), "#f3e9d2", 0.035, radius=0.06),
        _shape("cap", (("M", 0.06, 0.56), ("Q", 0.50, 0.0, 0.94, 0.56), ("Z",)), BOLT, 0.04),
        *(_circle(f"dot{k}", dx, dy, 0.055, WHITE)
          for k, (dx, dy) in enumerate(((0.32, 0.40), (0.52, 0.26), (0.70, 0.42)))),
    ),
    "disaster": (
        _polygon("bolt", ((0.56, 0.02), (0.18, 0.56), (0.44, 0.56), (0.32, 0.98), (0.84, 0.40),
                          (0.56, 0.40)), BOLT, 0.04),
    ),
    # Ecosfera's three abilities.
    "plus": (
        _disc(ABILITY_COLOURS["plus"]),
        _lines("cross", (("M", 0.5, 0.22), ("L", 0.5, 0.78), ("M", 0.22, 0.5), ("L", 0.78, 0.5)),
               WHITE, 0.13),
    ),
    "refresh": (
        _disc(ABILITY_COLOURS["refresh"]),
        _lines("arcs", _arc(_REFRESH_R, math.radians(200), math.radians(340))
               + _arc(_REFRESH_R, math.radians(20), math.radians(160)), WHITE, 0.09),
        _arrow_head("head0", _REFRESH_R, math.radians(340)),
        _arrow_head("head1", _REFRESH_R, math.radians(160)),
    ),
    "movement": (
        _disc(ABILITY_COLOURS["movement"]),
        _polygon("arrow", ((0.16, 0.42), (0.52, 0.42), (0.52, 0.26), (0.84, 0.5), (0.52, 0.74),
                           (0.52, 0.58), (0.16, 0.58)), WHITE),
    ),
}  # fmt: skip
"""Every drawn symbol: name -> its shapes in the unit box, bottom first."""

NATURE_ICONS = ("sun", "water", "plants", "animals", "minerals", "ice")
"""The nature icons of Nuevos Mundos, in tie-break order."""


# ---------------------------------------------------------------------------- placing


def place(shapes: Iterable[Shape], x: float, y: float, size: float, prefix: str) -> list[Shape]:
    """Unit-box ``shapes`` scaled into the square at (x, y) with sides ``size``; each id
    becomes ``<prefix>-<id>``. The one place where an icon's coordinates become pixels."""
    placed: list[Shape] = []
    for s in shapes:
        part = f"{prefix}-{s.id}"
        fill, stroke, opacity = s.fill, s.stroke, s.opacity
        width = max(HAIRLINE, s.stroke_width * size) if stroke else 1.0
        shape: Shape
        if isinstance(s, Rect):
            shape = Rect(
                id=part, x=x + size * s.x, y=y + size * s.y, width=size * s.width,
                height=size * s.height, radius=size * s.radius,
                fill=fill, stroke=stroke, stroke_width=width, opacity=opacity,
            )  # fmt: skip
        elif isinstance(s, Circle):
            shape = Circle(
                id=part, cx=x + size * s.cx, cy=y + size * s.cy, r=size * s.r,
                fill=fill, stroke=stroke, stroke_width=width, opacity=opacity,
            )  # fmt: skip
        elif isinstance(s, Polygon):
            shape = Polygon(
                id=part, points=tuple((x + size * px, y + size * py) for px, py in s.points),
                fill=fill, stroke=stroke, stroke_width=width, opacity=opacity,
            )  # fmt: skip
        elif isinstance(s, Path):
            shape = Path(
                id=part, commands=_scaled(s.commands, x, y, size),
                fill=fill, stroke=stroke, stroke_width=width, opacity=opacity,
            )  # fmt: skip
        else:
            raise TypeError(f"an icon cannot hold a {type(s).__name__}")
        placed.append(shape)
    return placed


def _scaled(
    commands: Sequence[PathCommand], x: float, y: float, size: float
) -> tuple[PathCommand, ...]:
    """Path commands with every (x, y) pair scaled by ``size`` and moved to (x, y)."""
    out: list[PathCommand] = []
    for cmd in commands:
        n = len(cmd)
        if n == 3:  # M and L: one point, the commonest case
            out.append((cmd[0], x + size * cmd[1], y + size * cmd[2]))  # type: ignore[operator]
        elif n == 5:  # Q: a control point and an end point
            out.append(
                (
                    cmd[0],
                    x + size * cmd[1],  # type: ignore[operator]
                    y + size * cmd[2],  # type: ignore[operator]
                    x + size * cmd[3],  # type: ignore[operator]
                    y + size * cmd[4],  # type: ignore[operator]
                )
            )
        elif n == 1:  # Z
            out.append(cmd)
        else:
            raise ValueError(f"an icon's path cannot hold {cmd!r}")
    return tuple(out)


def icon(name: str, x: float, y: float, size: float, id_prefix: str = "") -> list[Shape]:
    """The symbol ``name`` in the square at (x, y) with sides ``size``."""
    try:
        shapes = ICONS[name]
    except KeyError:
        raise ValueError(f"no drawing for {name!r}; there are {', '.join(ICONS)}") from None
    return place(shapes, x, y, size, id_prefix or f"icon-{name}")
