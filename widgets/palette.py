"""One visual language for every game: colour-blind-safe colours, always with a second cue.

Colours come from Paul Tol's colour-blind-safe "muted" scheme and the Okabe-Ito palette.
Colour is never the only cue: every biome and icon also has a drawn symbol
(``widgets.icons``) and a text label (from the catalog, ``gamecore.words``).
"""

from __future__ import annotations

from functools import cache

INK = "#1b1b1b"
"""Text and outlines."""
PAPER = "#fbfaf6"
"""Backgrounds."""
MUTED = "#6b6b6b"
"""Secondary text (still 5:1 on PAPER)."""
HIGHLIGHT = "#d55e00"
"""Selection and "this will be taken" marks (vermillion, with a thick outline)."""
OK = "#009e73"
WARNING = "#cc3311"

BIOME_COLOURS = {
    "ocean": "#332288",
    "coast": "#88ccee",
    "jungle": "#117733",
    "savanna": "#ddcc77",
    "desert": "#cc6677",
    "high_mountain": "#999933",
    "taiga": "#44aa99",
    "arctic_tundra": "#dddddd",
}

ICON_COLOURS = {
    "sun": "#e69f00",
    "water": "#0072b2",
    "plants": "#009e73",
    "animals": "#8c510a",
    "minerals": "#666666",
    "ice": "#56b4e9",
}

ELEMENT_COLOURS = {
    "earth": "#8c510a",
    "water": "#0072b2",
    "time": "#cc79a7",
    "sun": "#e69f00",
    "air": "#88ccee",
}
"""Ecosfera's elements: Okabe-Ito colours (earth: brown), each with its symbol and name."""

ABILITY_COLOURS = {"plus": "#117733", "refresh": "#332288", "movement": "#882255"}
"""Ecosfera's ability symbols (Paul Tol's muted scheme)."""


@cache  # a table asks for the same few colours again and again
def luminance(colour: str) -> float:
    """Relative luminance of a ``#rrggbb`` colour (WCAG)."""
    channels = []
    for i in (1, 3, 5):
        c = int(colour[i : i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio between two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@cache
def text_on(background: str) -> str:
    """Black or white, whichever reads better on ``background``."""
    return INK if contrast(INK, background) >= contrast("#ffffff", background) else "#ffffff"


@cache
def tint(colour: str, amount: float = 0.75) -> str:
    """``colour`` mixed with white (``amount`` 0 keeps it, 1 gives white)."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(c + (255 - c) * amount) for c in rgb]
    return "#" + "".join(f"{c:02x}" for c in mixed)
