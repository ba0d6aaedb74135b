"""Static pictures for the lessons: the eight biomes with their values, the nature icons."""

from __future__ import annotations

from gamecore.nuevos_mundos.data import BIOME_RANGES, BIOMES, ICONS, biome_label
from gamecore.words import t

from ..icons import icon
from ..palette import INK, MUTED, PAPER
from ..scene import Scene, Text
from ..svg import Picture
from .cards import CARD_W, card_face


def biome_gallery() -> Picture:
    """One card of each biome, with the range of values that biome holds."""
    step = CARD_W + 26
    scene = Scene(
        width=8 * step + 10,
        height=150,
        background=PAPER,
        title=t("pictures.nm_gallery_title"),
    )
    for b, (first, last) in enumerate(BIOME_RANGES):
        x = 14 + b * step
        scene.extend(card_face(first, x, 12, id=f"g{b}"))
        scene.add(
            Text(
                id=f"g{b}-name",
                x=x + CARD_W / 2,
                y=120,
                text=biome_label(b),
                size=12,
                anchor="middle",
                fill=INK,
                bold=True,
            )
        )
        scene.add(
            Text(
                id=f"g{b}-range",
                x=x + CARD_W / 2,
                y=137,
                text=t("pictures.nm_value_range", first=f"{first:02d}", last=f"{last:02d}"),
                size=12,
                anchor="middle",
                fill=MUTED,
            )
        )
    return Picture(scene)


def icon_legend() -> Picture:
    """The six nature icons, in the order used for tie-breaks, and the eight biome symbols."""
    scene = Scene(
        width=8 * 96 + 20, height=160, background=PAPER, title=t("pictures.nm_legend_title")
    )
    for i, name in enumerate(ICONS):
        x = 20 + i * 96
        scene.extend(icon(name, x + 24, 8, 40, f"n{i}"))
        scene.add(
            Text(
                id=f"n{i}-label",
                x=x + 44,
                y=62,
                text=t("pictures.nm_icon_numbered", n=i + 1, icon=t(f"pictures.icon_{name}")),
                size=12,
                anchor="middle",
                fill=INK,
            )
        )
    for b, name in enumerate(BIOMES):
        x = 20 + b * 96
        scene.extend(icon(name, x + 26, 84, 36, f"b{b}"))
        scene.add(
            Text(
                id=f"b{b}-label",
                x=x + 44,
                y=136,
                text=biome_label(b),
                size=12,
                anchor="middle",
                fill=INK,
            )
        )
    return Picture(scene)
