"""Ecosfera's shared tiles: the seven biome tiles as the points of a star, and the seven
extinction tiles as the wedges of a round puzzle."""

from __future__ import annotations

import math
from collections.abc import Sequence

from gamecore.ecosfera.data import BIOMES
from gamecore.words import t

from ..palette import INK, MUTED, PAPER
from ..scene import Circle, Path, Polygon, Shape, Text
from .symbols import eco_icon, faded


def _text(x: float, y: float, text: str, *, id: str, size: float = 12, **kw: object) -> Text:
    return Text(id=id, x=x, y=y, text=text, size=size, **kw)  # type: ignore[arg-type]


BIOME_COLOURS = {
    "taiga": "#44aa99",
    "temperate_forest": "#999933",
    "desert": "#cc6677",
    "savanna": "#ddcc77",
    "tropical": "#117733",
    "aquatic": "#88ccee",
    "tundra": "#dddddd",
}
"""Paul Tol's muted scheme, as in ``widgets.palette`` (always with a symbol and a name)."""


def biome_star(placed: Sequence[int], cx: float, cy: float, *, id: str = "star") -> list[Shape]:
    """The seven biome tiles as the points of a star around the count of tiles placed.

    A placed tile is filled with its colour, its symbol at full strength and its name in
    bold; a missing one is an outline with a faint symbol and its name in grey, so the
    star reads without colour. Each tile is a click target ``biome:<b>``.
    """
    shapes: list[Shape] = []
    n = len(BIOMES)
    r_in, r_mid, r_tip = 22.0, 58.0, 88.0
    half = math.pi / n
    got = set(placed)
    for b, biome in enumerate(BIOMES):
        a = -math.pi / 2 + 2 * math.pi * b / n
        pts = (
            (cx + r_in * math.cos(a), cy + r_in * math.sin(a)),
            (cx + r_mid * math.cos(a - half), cy + r_mid * math.sin(a - half)),
            (cx + r_tip * math.cos(a), cy + r_tip * math.sin(a)),
            (cx + r_mid * math.cos(a + half), cy + r_mid * math.sin(a + half)),
        )
        on = b in got
        shapes.append(
            Polygon(
                id=f"{id}-tile{b}",
                target=f"biome:{b}",
                points=pts,
                fill=BIOME_COLOURS[biome] if on else PAPER,
                stroke=INK if on else MUTED,
                stroke_width=2 if on else 1.2,
            )
        )
        size = 24
        ix = cx + 54 * math.cos(a) - size / 2
        iy = cy + 54 * math.sin(a) - size / 2
        if on:  # a white disc keeps the symbol readable on a dark tile
            shapes.append(
                Circle(
                    id=f"{id}-disc{b}",
                    cx=ix + size / 2,
                    cy=iy + size / 2,
                    r=size / 2 + 3,
                    fill="#ffffff",
                    stroke=INK,
                    stroke_width=1,
                )
            )
        shapes.extend(faded(eco_icon(biome, ix, iy, size, f"{id}-icon{b}"), 1 if on else 0.35))
        named = t(f"ecosfera.biome_{biome}")
        words = (named[:1].upper() + named[1:]).split(" ")
        lx = cx + (r_tip + 14) * math.cos(a)
        ly = cy + (r_tip + 12) * math.sin(a)
        anchor = "middle"
        if math.cos(a) > 0.35:
            anchor, lx = "start", lx - 6
        elif math.cos(a) < -0.35:
            anchor, lx = "end", lx + 6
        for k, word in enumerate(words):
            shapes.append(
                _text(
                    lx,
                    ly + 13 * (k - (len(words) - 1) / 2),
                    word,
                    id=f"{id}-name{b}-{k}",
                    size=12,
                    bold=on,
                    anchor=anchor,
                    fill=INK if on else MUTED,
                )
            )
    shapes.append(
        Circle(id=f"{id}-hub", cx=cx, cy=cy, r=r_in, fill="#ffffff", stroke=INK, stroke_width=1.5)
    )
    shapes.append(
        _text(cx, cy, f"{len(got)}/{n}", id=f"{id}-count", size=14, bold=True, anchor="middle")
    )
    return shapes


def extinction_puzzle(placed: int, cx: float, cy: float, *, id: str = "extinction") -> list[Shape]:
    """Seven wedges of a round puzzle: placed ones dark with a cross, the rest outlined."""
    shapes: list[Shape] = []
    n, r = 7, 38.0
    for k in range(n):
        a0 = -math.pi / 2 + 2 * math.pi * k / n
        a1 = a0 + 2 * math.pi / n
        arc = [
            (cx + r * math.cos(a0 + (a1 - a0) * t / 6), cy + r * math.sin(a0 + (a1 - a0) * t / 6))
            for t in range(7)
        ]
        on = k < placed
        shapes.append(
            Polygon(
                id=f"{id}-piece{k}",
                target="extinction",
                points=((cx, cy), *arc),
                fill="#5a1a1a" if on else PAPER,
                stroke=INK if on else MUTED,
                stroke_width=1.5,
            )
        )
        if on:
            am = (a0 + a1) / 2
            mx, my = cx + r * 0.62 * math.cos(am), cy + r * 0.62 * math.sin(am)
            d = 5.0
            shapes.append(
                Path(
                    id=f"{id}-cross{k}",
                    commands=(
                        ("M", mx - d, my - d),
                        ("L", mx + d, my + d),
                        ("M", mx - d, my + d),
                        ("L", mx + d, my - d),
                    ),
                    stroke="#ffffff",
                    stroke_width=2,
                )
            )
    return shapes
