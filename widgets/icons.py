"""Drawn symbols for the 8 biomes and the 6 nature icons (no image or font is fetched).

``icon(name, x, y, size)`` returns shapes inside the square (x, y, size, size). Each symbol
has its own outline, so it reads in grey scale and for colour-blind players too.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .palette import BIOME_COLOURS, ICON_COLOURS, INK
from .scene import Circle, Path, Polygon, Rect, Shape

Draw = Callable[[float, float, float, str], list[Shape]]


def _p(
    x: float, y: float, s: float, pts: list[tuple[float, float]]
) -> tuple[tuple[float, float], ...]:
    return tuple((x + px * s, y + py * s) for px, py in pts)


def _sun(x: float, y: float, s: float, i: str) -> list[Shape]:
    c = ICON_COLOURS["sun"]
    rays = []
    for k in range(8):
        a = k * math.pi / 4
        rays += [
            ("M", x + s * (0.5 + 0.30 * math.cos(a)), y + s * (0.5 + 0.30 * math.sin(a))),
            ("L", x + s * (0.5 + 0.46 * math.cos(a)), y + s * (0.5 + 0.46 * math.sin(a))),
        ]
    return [
        Path(id=f"{i}-rays", commands=tuple(rays), stroke=c, stroke_width=max(1.0, s * 0.08)),
        Circle(
            id=f"{i}-disc",
            cx=x + s / 2,
            cy=y + s / 2,
            r=s * 0.22,
            fill=c,
            stroke=INK,
            stroke_width=max(0.5, s * 0.03),
        ),
    ]


def _water(x: float, y: float, s: float, i: str) -> list[Shape]:
    cmds = (
        ("M", x + s * 0.5, y + s * 0.08),
        ("Q", x + s * 0.86, y + s * 0.52, x + s * 0.78, y + s * 0.68),
        ("Q", x + s * 0.5, y + s * 1.02, x + s * 0.22, y + s * 0.68),
        ("Q", x + s * 0.14, y + s * 0.52, x + s * 0.5, y + s * 0.08),
        ("Z",),
    )
    return [
        Path(
            id=f"{i}-drop",
            commands=cmds,
            fill=ICON_COLOURS["water"],
            stroke=INK,
            stroke_width=max(0.5, s * 0.04),
        )
    ]


def _plants(x: float, y: float, s: float, i: str) -> list[Shape]:
    leaf = (
        ("M", x + s * 0.18, y + s * 0.86),
        ("Q", x + s * 0.10, y + s * 0.20, x + s * 0.86, y + s * 0.12),
        ("Q", x + s * 0.86, y + s * 0.80, x + s * 0.18, y + s * 0.86),
        ("Z",),
    )
    rib = (("M", x + s * 0.18, y + s * 0.86), ("L", x + s * 0.70, y + s * 0.30))
    return [
        Path(
            id=f"{i}-leaf",
            commands=leaf,
            fill=ICON_COLOURS["plants"],
            stroke=INK,
            stroke_width=max(0.5, s * 0.04),
        ),
        Path(id=f"{i}-rib", commands=rib, stroke="#ffffff", stroke_width=max(0.5, s * 0.05)),
    ]


def _animals(x: float, y: float, s: float, i: str) -> list[Shape]:
    c = ICON_COLOURS["animals"]
    toes = [(0.22, 0.40), (0.40, 0.22), (0.60, 0.22), (0.78, 0.40)]
    shapes: list[Shape] = [
        Circle(id=f"{i}-toe{k}", cx=x + s * tx, cy=y + s * ty, r=s * 0.11, fill=c)
        for k, (tx, ty) in enumerate(toes)
    ]
    shapes.append(Circle(id=f"{i}-pad", cx=x + s * 0.5, cy=y + s * 0.68, r=s * 0.22, fill=c))
    return shapes


def _minerals(x: float, y: float, s: float, i: str) -> list[Shape]:
    gem = _p(x, y, s, [(0.5, 0.08), (0.86, 0.38), (0.5, 0.94), (0.14, 0.38)])
    facet = (
        ("M", x + s * 0.14, y + s * 0.38),
        ("L", x + s * 0.86, y + s * 0.38),
        ("M", x + s * 0.5, y + s * 0.08),
        ("L", x + s * 0.5, y + s * 0.94),
    )
    return [
        Polygon(
            id=f"{i}-gem",
            points=gem,
            fill=ICON_COLOURS["minerals"],
            stroke=INK,
            stroke_width=max(0.5, s * 0.04),
        ),
        Path(id=f"{i}-facet", commands=facet, stroke="#ffffff", stroke_width=max(0.5, s * 0.03)),
    ]


def _ice(x: float, y: float, s: float, i: str) -> list[Shape]:
    arms = []
    for k in range(3):
        a = k * math.pi / 3 + math.pi / 2
        arms += [
            ("M", x + s * (0.5 + 0.42 * math.cos(a)), y + s * (0.5 + 0.42 * math.sin(a))),
            ("L", x + s * (0.5 - 0.42 * math.cos(a)), y + s * (0.5 - 0.42 * math.sin(a))),
        ]
    return [
        Circle(id=f"{i}-back", cx=x + s / 2, cy=y + s / 2, r=s * 0.46, fill="#eaf6fd"),
        Path(
            id=f"{i}-flake",
            commands=tuple(arms),
            stroke=ICON_COLOURS["ice"],
            stroke_width=max(1.0, s * 0.1),
        ),
    ]


def _waves(x: float, y: float, s: float, i: str, rows: tuple[float, ...]) -> list[Shape]:
    cmds: list[tuple[object, ...]] = []
    for row in rows:
        cmds.append(("M", x + s * 0.08, y + s * row))
        for k in range(3):
            x0 = 0.08 + k * 0.28
            cmds.append(
                ("Q", x + s * (x0 + 0.07), y + s * (row - 0.12), x + s * (x0 + 0.14), y + s * row)
            )
            cmds.append(
                ("Q", x + s * (x0 + 0.21), y + s * (row + 0.12), x + s * (x0 + 0.28), y + s * row)
            )
    return [
        Path(
            id=f"{i}-waves", commands=tuple(cmds), stroke="#ffffff", stroke_width=max(1.0, s * 0.08)
        )
    ]


def _ocean(x: float, y: float, s: float, i: str) -> list[Shape]:
    return [
        Circle(id=f"{i}-back", cx=x + s / 2, cy=y + s / 2, r=s * 0.48, fill=BIOME_COLOURS["ocean"]),
        *_waves(x, y, s, i, (0.36, 0.58, 0.80)),
    ]


def _coast(x: float, y: float, s: float, i: str) -> list[Shape]:
    sand = _p(x, y, s, [(0.02, 0.62), (0.98, 0.82), (0.98, 0.98), (0.02, 0.98)])
    return [
        Rect(
            id=f"{i}-sea",
            x=x + s * 0.02,
            y=y + s * 0.30,
            width=s * 0.96,
            height=s * 0.68,
            radius=s * 0.08,
            fill="#0072b2",
        ),
        *_waves(x, y, s, i, (0.46,)),
        Polygon(
            id=f"{i}-sand", points=sand, fill="#e6c97a", stroke=INK, stroke_width=max(0.5, s * 0.03)
        ),
        Circle(
            id=f"{i}-sun", cx=x + s * 0.78, cy=y + s * 0.16, r=s * 0.12, fill=ICON_COLOURS["sun"]
        ),
    ]


def _jungle(x: float, y: float, s: float, i: str) -> list[Shape]:
    c = BIOME_COLOURS["jungle"]
    return [
        Rect(
            id=f"{i}-trunk",
            x=x + s * 0.44,
            y=y + s * 0.52,
            width=s * 0.12,
            height=s * 0.44,
            fill="#6b4226",
        ),
        Circle(
            id=f"{i}-c1",
            cx=x + s * 0.30,
            cy=y + s * 0.42,
            r=s * 0.22,
            fill=c,
            stroke=INK,
            stroke_width=max(0.5, s * 0.03),
        ),
        Circle(
            id=f"{i}-c2",
            cx=x + s * 0.70,
            cy=y + s * 0.42,
            r=s * 0.22,
            fill=c,
            stroke=INK,
            stroke_width=max(0.5, s * 0.03),
        ),
        Circle(
            id=f"{i}-c3",
            cx=x + s * 0.50,
            cy=y + s * 0.26,
            r=s * 0.24,
            fill=c,
            stroke=INK,
            stroke_width=max(0.5, s * 0.03),
        ),
    ]


def _savanna(x: float, y: float, s: float, i: str) -> list[Shape]:
    crown = (
        ("M", x + s * 0.06, y + s * 0.40),
        ("Q", x + s * 0.50, y + s * 0.04, x + s * 0.94, y + s * 0.40),
        ("Z",),
    )
    return [
        Rect(id=f"{i}-grass", x=x, y=y + s * 0.86, width=s, height=s * 0.12, fill="#b59a3a"),
        Path(
            id=f"{i}-trunk",
            commands=(
                ("M", x + s * 0.50, y + s * 0.90),
                ("L", x + s * 0.50, y + s * 0.38),
                ("M", x + s * 0.50, y + s * 0.60),
                ("L", x + s * 0.30, y + s * 0.40),
            ),
            stroke="#6b4226",
            stroke_width=max(1.0, s * 0.08),
        ),
        Path(
            id=f"{i}-crown",
            commands=crown,
            fill="#6f7d1e",
            stroke=INK,
            stroke_width=max(0.5, s * 0.03),
        ),
    ]


def _desert(x: float, y: float, s: float, i: str) -> list[Shape]:
    c = "#3d8c40"
    return [
        Rect(
            id=f"{i}-sand",
            x=x,
            y=y + s * 0.86,
            width=s,
            height=s * 0.12,
            fill=BIOME_COLOURS["desert"],
        ),
        Rect(
            id=f"{i}-stem",
            x=x + s * 0.40,
            y=y + s * 0.10,
            width=s * 0.20,
            height=s * 0.80,
            radius=s * 0.10,
            fill=c,
            stroke=INK,
            stroke_width=max(0.5, s * 0.03),
        ),
        Rect(
            id=f"{i}-arm1",
            x=x + s * 0.16,
            y=y + s * 0.30,
            width=s * 0.14,
            height=s * 0.34,
            radius=s * 0.07,
            fill=c,
            stroke=INK,
            stroke_width=max(0.5, s * 0.03),
        ),
        Rect(
            id=f"{i}-arm2",
            x=x + s * 0.70,
            y=y + s * 0.22,
            width=s * 0.14,
            height=s * 0.32,
            radius=s * 0.07,
            fill=c,
            stroke=INK,
            stroke_width=max(0.5, s * 0.03),
        ),
        Rect(
            id=f"{i}-join1", x=x + s * 0.22, y=y + s * 0.56, width=s * 0.22, height=s * 0.10, fill=c
        ),
        Rect(
            id=f"{i}-join2", x=x + s * 0.56, y=y + s * 0.46, width=s * 0.22, height=s * 0.10, fill=c
        ),
    ]


def _high_mountain(x: float, y: float, s: float, i: str) -> list[Shape]:
    back = _p(x, y, s, [(0.42, 0.96), (0.70, 0.30), (0.98, 0.96)])
    front = _p(x, y, s, [(0.02, 0.96), (0.38, 0.12), (0.74, 0.96)])
    cap = _p(x, y, s, [(0.26, 0.40), (0.38, 0.12), (0.50, 0.40), (0.38, 0.32)])
    return [
        Polygon(
            id=f"{i}-back", points=back, fill="#7a7a52", stroke=INK, stroke_width=max(0.5, s * 0.03)
        ),
        Polygon(
            id=f"{i}-front",
            points=front,
            fill=BIOME_COLOURS["high_mountain"],
            stroke=INK,
            stroke_width=max(0.5, s * 0.03),
        ),
        Polygon(id=f"{i}-cap", points=cap, fill="#ffffff"),
    ]


def _taiga(x: float, y: float, s: float, i: str) -> list[Shape]:
    c = "#1f5f4f"
    tiers = [
        _p(x, y, s, [(0.50, 0.04), (0.74, 0.34), (0.26, 0.34)]),
        _p(x, y, s, [(0.50, 0.20), (0.82, 0.56), (0.18, 0.56)]),
        _p(x, y, s, [(0.50, 0.40), (0.90, 0.80), (0.10, 0.80)]),
    ]
    return [
        Rect(
            id=f"{i}-trunk",
            x=x + s * 0.44,
            y=y + s * 0.78,
            width=s * 0.12,
            height=s * 0.18,
            fill="#6b4226",
        ),
        *(
            Polygon(
                id=f"{i}-tier{k}", points=pts, fill=c, stroke=INK, stroke_width=max(0.5, s * 0.03)
            )
            for k, pts in enumerate(reversed(tiers))
        ),
    ]


def _arctic_tundra(x: float, y: float, s: float, i: str) -> list[Shape]:
    hill = (
        ("M", x + s * 0.02, y + s * 0.90),
        ("Q", x + s * 0.30, y + s * 0.40, x + s * 0.58, y + s * 0.70),
        ("Q", x + s * 0.80, y + s * 0.50, x + s * 0.98, y + s * 0.90),
        ("Z",),
    )
    tufts = (
        ("M", x + s * 0.20, y + s * 0.90),
        ("L", x + s * 0.16, y + s * 0.76),
        ("M", x + s * 0.24, y + s * 0.90),
        ("L", x + s * 0.26, y + s * 0.76),
        ("M", x + s * 0.74, y + s * 0.90),
        ("L", x + s * 0.72, y + s * 0.78),
    )
    return [
        Path(
            id=f"{i}-hill",
            commands=hill,
            fill="#f4f4f4",
            stroke=INK,
            stroke_width=max(0.5, s * 0.04),
        ),
        Path(id=f"{i}-tufts", commands=tufts, stroke="#4d7f3a", stroke_width=max(0.5, s * 0.05)),
        *(
            Circle(
                id=f"{i}-flake{k}",
                cx=x + s * fx,
                cy=y + s * fy,
                r=s * 0.05,
                fill=ICON_COLOURS["ice"],
            )
            for k, (fx, fy) in enumerate([(0.22, 0.18), (0.50, 0.10), (0.78, 0.24)])
        ),
    ]


DRAWINGS: dict[str, Draw] = {
    "sun": _sun,
    "water": _water,
    "plants": _plants,
    "animals": _animals,
    "minerals": _minerals,
    "ice": _ice,
    "ocean": _ocean,
    "coast": _coast,
    "jungle": _jungle,
    "savanna": _savanna,
    "desert": _desert,
    "high_mountain": _high_mountain,
    "taiga": _taiga,
    "arctic_tundra": _arctic_tundra,
}


def icon(name: str, x: float, y: float, size: float, id_prefix: str = "") -> list[Shape]:
    """The symbol ``name`` (a biome or nature icon) in the square at (x, y)."""
    try:
        draw = DRAWINGS[name]
    except KeyError:
        raise ValueError(f"no drawing for {name!r}; there are {', '.join(DRAWINGS)}") from None
    return draw(x, y, size, id_prefix or f"icon-{name}")
