"""Nuevos Mundos card faces and worlds as scene shapes (shared by the table and the pad).

A face shows, from top to bottom: the value in a band of the biome's colour, the biome's
drawn symbol, the nature icons, and the biome's name, so no card depends on colour alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from gamecore.nuevos_mundos.data import (
    BIOME_OF_CODE,
    BIOMES,
    ICONS,
    ICONS_OF_CODE,
    SETTLEMENT_BASE,
)
from gamecore.words import t

from ..card_face import card_back_frame, corner_tick, empty_place, face_band, face_frame
from ..icons import icon
from ..palette import BIOME_COLOURS, INK, text_on, tint
from ..scene import Shape, Text, drawn_once

CARD_W = 64
CARD_H = 92
BAND_H = 22
WORLD_STEP = 26
"""Vertical offset between overlapping cards of one world column (the band stays visible)."""


@drawn_once
def card_face(
    code: int,
    x: float,
    y: float,
    *,
    id: str,
    target: str | None = None,
    highlight: bool = False,
    selected: bool = False,
    value: int | None = None,
    dim: bool = False,
) -> list[Shape]:
    """One card. ``highlight``: marked (e.g. "this would be taken"); ``selected``: raised.

    ``value`` is a settlement's chosen value, shown after an equals sign.
    """
    biome = BIOMES[BIOME_OF_CODE[code]]
    colour = BIOME_COLOURS[biome]
    settlement = code > SETTLEMENT_BASE
    if selected:
        y -= 8
    shapes: list[Shape] = [
        face_frame(
            x,
            y,
            CARD_W,
            CARD_H,
            id=id,
            target=target,
            radius=6,
            fill=tint(colour, 0.82),
            marked=highlight or selected,
            opacity=0.45 if dim else 1.0,
        ),
        face_band(
            x, y, CARD_W, BAND_H, id=id, radius=4, colour=colour, opacity=0.45 if dim else 1.0
        ),
    ]
    label = f"{code:02d}"
    if settlement:
        label = "S" if value is None else f"S={value:02d}"
    shapes.append(
        Text(
            id=f"{id}-value",
            x=x + 7,
            y=y + 2 + BAND_H / 2,
            text=label,
            size=15 if not settlement else 13,
            bold=True,
            fill=text_on(colour),
        )
    )
    if settlement:
        shapes.extend(icon("settlement", x + 18, y + 30, 28, id))
        shapes.extend(icon(biome, x + 24, y + 44, 16, f"{id}-biome"))
    else:
        shapes.extend(icon(biome, x + 15, y + BAND_H + 5, 34, f"{id}-biome"))
        shapes.extend(nature_icons(code, x + 4, y + BAND_H + 41, id))
    shapes.append(
        Text(
            id=f"{id}-label",
            x=x + CARD_W / 2,
            y=y + CARD_H - 7,
            # one short word: the biome's full name at 12 px would not fit the card
            text=t(f"pictures.nm_card_{biome}"),
            size=12,
            anchor="middle",
            fill=INK,
        )
    )
    if highlight:
        shapes.append(corner_tick(x + CARD_W, y - 2, 18, id))
    return shapes


def nature_icons(code: int, x: float, y: float, id: str, size: float = 13) -> list[Shape]:
    """The card's nature icons in a row (repeated icons drawn twice)."""
    shapes: list[Shape] = []
    k = 0
    for i, n in enumerate(ICONS_OF_CODE[code]):
        for _ in range(n):
            shapes.extend(icon(ICONS[i], x + k * (size + 2), y, size, f"{id}-n{k}"))
            k += 1
    return shapes


def card_back(
    x: float, y: float, *, id: str, target: str | None = None, caption: str = ""
) -> list[Shape]:
    """A face-down card (the creation pile, another player's hand)."""
    shapes = card_back_frame(x, y, CARD_W, CARD_H, id=id, target=target, radius=6)
    if caption:
        shapes.append(
            Text(
                id=f"{id}-caption",
                x=x + CARD_W / 2,
                y=y + CARD_H / 2,
                text=caption,
                size=14,
                bold=True,
                anchor="middle",
                fill="#ffffff",
            )
        )
    return shapes


def empty_space(x: float, y: float, *, id: str, caption: str | None = None) -> list[Shape]:
    """An empty place for a card, captioned "empty" unless ``caption`` says otherwise."""
    words = t("pictures.empty") if caption is None else caption
    return empty_place(x, y, CARD_W, CARD_H, id=id, radius=6, caption=words, size=10)


def world_columns(
    world: Iterable[int],
    x: float,
    y: float,
    *,
    id: str,
    values: Mapping[int, int] | None = None,
    highlight: Iterable[int] = (),
    target_prefix: str | None = None,
) -> tuple[list[Shape], float, float]:
    """A world as the rulebook recommends: a column per biome, values ascending.

    Returns the shapes and the (width, height) used. Empty biomes take no column.
    """
    values = values or {}
    marked = set(highlight)
    by_biome: dict[int, list[int]] = {}
    for code in world:
        by_biome.setdefault(BIOME_OF_CODE[code], []).append(code)
    shapes: list[Shape] = []
    col = 0
    tallest = 0
    for b in sorted(by_biome):
        cards = sorted(by_biome[b], key=lambda c: values.get(c, c if c <= SETTLEMENT_BASE else 99))
        for row, code in enumerate(cards):
            shapes.extend(
                card_face(
                    code,
                    x + col * (CARD_W + 6),
                    y + row * WORLD_STEP,
                    id=f"{id}-{code}",
                    target=f"{target_prefix}:{code}" if target_prefix else None,
                    highlight=code in marked,
                    value=values.get(code),
                )
            )
        tallest = max(tallest, (len(cards) - 1) * WORLD_STEP + CARD_H)
        col += 1
    width = col * (CARD_W + 6) - 6 if col else 0
    return shapes, width, tallest


def hand_row(
    cards: Sequence[int],
    x: float,
    y: float,
    *,
    id: str,
    target_prefix: str | None = None,
    selected: int | None = None,
) -> list[Shape]:
    """Cards side by side (a hand)."""
    shapes: list[Shape] = []
    for k, code in enumerate(cards):
        shapes.extend(
            card_face(
                code,
                x + k * (CARD_W + 8),
                y,
                id=f"{id}-{code}",
                target=f"{target_prefix}:{code}" if target_prefix else None,
                selected=code == selected,
            )
        )
    return shapes
