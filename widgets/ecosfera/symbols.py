"""Ecosfera's drawn symbols: every element, biome and ability, the mushroom symbol and each
kind of card, as shapes in a unit box (``widgets.icons.ICONS``, shared with Nuevos Mundos),
placed and scaled by one helper, ``eco_icon``."""

from __future__ import annotations

import dataclasses

from gamecore.ecosfera.data import ABILITIES, ELEMENTS

from ..icons import ICONS, place
from ..scene import Shape

SYMBOLS = {
    **{name: name for name in ELEMENTS},
    "taiga": "taiga",
    "temperate_forest": "temperate_forest",
    "desert": "desert",
    "savanna": "savanna",
    "tropical": "jungle",
    "aquatic": "ocean",
    "tundra": "arctic_tundra",
    **{name: name for name in ABILITIES},
    "mushroom": "mushroom",
    "tree": "tree",
    "plant": "plants",
    "animal": "animals",
    "disaster": "disaster",
}
"""Ecosfera's name of a symbol -> its drawing in ``widgets.icons.ICONS`` (tropical biomes
are drawn as Nuevos Mundos' jungle, aquatic as its ocean, tundra as its arctic tundra)."""
DRAWINGS: dict[str, tuple[Shape, ...]] = {name: ICONS[drawn] for name, drawn in SYMBOLS.items()}
"""Every element, biome and ability, the mushroom symbol and each kind: its unit-box shapes."""


def eco_icon(name: str, x: float, y: float, size: float, id_prefix: str = "") -> list[Shape]:
    """The Ecosfera symbol ``name`` in the square at (x, y)."""
    try:
        shapes = DRAWINGS[name]
    except KeyError:
        raise ValueError(f"no drawing for {name!r}; there are {', '.join(DRAWINGS)}") from None
    return place(shapes, x, y, size, id_prefix or f"eco-{name}")


def faded(shapes: list[Shape], opacity: float) -> list[Shape]:
    """``shapes`` drawn at most at ``opacity`` (a used card, a missing tile)."""
    if opacity >= 1:
        return shapes
    return [dataclasses.replace(s, opacity=min(s.opacity, opacity)) for s in shapes]
