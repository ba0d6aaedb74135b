"""The scoring pad's pictures: the worlds (every world under one row of biome headings)
and the card picker (all 64 cards, marked with whose world each is in).

Pure: scenes built from plain data, no widgets. No text is under 12 px except the biome's
name printed small on a card face (``cards.py``), which repeats the column's heading.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from gamecore.nuevos_mundos.data import (
    BIOME_OF_CODE,
    BIOME_RANGES,
    BIOMES,
    SETTLEMENT_BASE,
    biome_label,
    settlement_code,
)
from gamecore.words import t

from ..icons import icon
from ..palette import BIOME_COLOURS, HIGHLIGHT, INK, MUTED, PAPER, text_on, tint
from ..scene import Rect, Scene, Shape, Text, wrap
from .cards import CARD_W, WORLD_STEP, world_columns

N_BIOMES = len(BIOMES)

# Layout of both scenes (pixels).
MARGIN = 16
COL_W = CARD_W + 6
GRID_W = N_BIOMES * COL_W - 6
HEADING_H = 56
TILE_W, TILE_H, TILE_GAP = 62, 32, 6
PICKER_W = 2 * MARGIN + N_BIOMES * TILE_W + (N_BIOMES - 1) * TILE_GAP
RULE = "#d9d4c7"


# --- the worlds scene ----------------------------------------------------------------


@dataclass(frozen=True)
class WorldBand:
    """What one player's strip of the worlds scene shows."""

    name: str
    cards: tuple[int, ...]
    values: Mapping[int, int] = field(default_factory=dict)
    """Each settlement's value (typed or chosen by the engine)."""
    highlight: frozenset[int] = frozenset()
    summary: str = ""
    """Right-hand side of the name line, e.g. "Natural balance +9 · 18 so far"."""
    notes: tuple[str, ...] = ()


def biome_headings(x: float, y: float, id: str, step: float, width: float) -> list[Shape]:
    """A symbol and a name over each biome's column (names of two words on two lines)."""
    shapes: list[Shape] = []
    for b, biome in enumerate(BIOMES):
        cx = x + b * step + width / 2
        shapes.extend(icon(biome, cx - 11, y, 22, f"{id}{b}-icon"))
        for k, word in enumerate(biome_label(b).split(" ")):
            shapes.append(
                Text(
                    id=f"{id}{b}-name{k}",
                    x=cx,
                    y=y + 31 + k * 14,
                    text=word,
                    size=12,
                    anchor="middle",
                    fill=INK,
                )
            )
    return shapes


def _band_cards(band: WorldBand, row: int, top: float) -> tuple[list[Shape], float]:
    """The band's cards, one column per biome under its heading; returns shapes, height."""
    shapes: list[Shape] = []
    tallest = 0.0
    for b in range(N_BIOMES):
        cards = [c for c in band.cards if BIOME_OF_CODE[c] == b]
        if cards:
            column, _, height = world_columns(
                cards,
                MARGIN + b * COL_W,
                top,
                id=f"w{row}",
                values=band.values,
                highlight=band.highlight,
            )
            shapes.extend(uncovered(column, f"w{row}"))
            tallest = max(tallest, height)
    if not band.cards:
        shapes.append(
            Text(
                id=f"w{row}-empty",
                x=MARGIN,
                y=top + 10,
                text=t("nuevos_mundos_pad.no_cards_yet"),
                size=12,
                fill=MUTED,
            )
        )
        tallest = 20
    return shapes, tallest


def uncovered(column: Sequence[Shape], prefix: str) -> list[Shape]:
    """A world column without the parts of cards hidden under the next card.

    Cards in a column overlap so that only their value band shows; what lies wholly
    under the next card (symbol, icons, label) need not be drawn. Shape ids are
    ``{prefix}-{code}-...``, as ``world_columns`` makes them.
    """
    tops = {s.id: s.bbox()[1] for s in column if s.id.endswith("-face")}
    hidden_below: dict[str, float] = {}
    for face_id, top in tops.items():
        if any(abs(other - top - WORLD_STEP) < 1 for other in tops.values()):
            hidden_below[face_id[: -len("face")]] = top + WORLD_STEP + 6
    kept = []
    for shape in column:
        card = shape.id[: shape.id.index("-", len(prefix) + 1) + 1]
        limit = hidden_below.get(card)
        if limit is None or shape.id.endswith("-face") or shape.bbox()[1] < limit:
            kept.append(shape)
    return kept


def _band(band: WorldBand, row: int, y: float) -> tuple[list[Shape], float]:
    """One player's strip: name and score line, cards, settlement notes; returns shapes, height."""
    shapes: list[Shape] = [
        Rect(id=f"w{row}-rule", x=MARGIN, y=y, width=GRID_W, height=1, fill=RULE),
        Text(id=f"w{row}-name", x=MARGIN, y=y + 18, text=band.name, size=16, bold=True, fill=INK),
        Text(
            id=f"w{row}-summary",
            x=MARGIN + GRID_W,
            y=y + 18,
            text=band.summary,
            size=13,
            anchor="end",
            fill=INK,
        ),
    ]
    top = y + 38
    cards, tallest = _band_cards(band, row, top)
    shapes.extend(cards)
    bottom = top + tallest + 6
    for k, note in enumerate(band.notes):
        shapes.append(
            Text(id=f"w{row}-note{k}", x=MARGIN, y=bottom + 9, text=note, size=12, fill=INK)
        )
        bottom += 18
    return shapes, bottom + 10 - y


def worlds_scene(bands: Sequence[WorldBand], title: str = "") -> Scene:
    """Every world under one row of biome headings, so the columns line up between players."""
    shapes = biome_headings(MARGIN, MARGIN - 4, "wh", COL_W, CARD_W)
    y = float(MARGIN + HEADING_H)
    for row, band in enumerate(bands):
        band_shapes, height = _band(band, row, y)
        shapes.extend(band_shapes)
        y += height
    title = title or t("nuevos_mundos_pad.worlds_title")
    scene = Scene(width=2 * MARGIN + GRID_W, height=int(y + MARGIN), background=PAPER, title=title)
    scene.add(*shapes)
    return scene


# --- the card picker scene -----------------------------------------------------------


@dataclass(frozen=True)
class Owner:
    """Whose world a card is in, as the picker marks it."""

    tag: str
    active: bool
    """True if it is the player cards are being added to (a click takes it back)."""


def _owner_badge(x: float, y: float, owner: Owner, id: str) -> list[Shape]:
    """The owner's initials in a dark (or, for the active player, vermillion) tag."""
    width = 10 + 9 * len(owner.tag)
    fill = HIGHLIGHT if owner.active else INK
    return [
        Rect(
            id=f"{id}-owner",
            x=x + TILE_W - width - 4,
            y=y + 6,
            width=width,
            height=TILE_H - 12,
            radius=4,
            fill=fill,
        ),
        Text(
            id=f"{id}-tag",
            x=x + TILE_W - 4 - width / 2,
            y=y + TILE_H / 2,
            text=owner.tag,
            size=12,
            bold=True,
            anchor="middle",
            fill=text_on(fill),
        ),
    ]


def picker_tile(code: int, x: float, y: float, owner: Owner | None = None) -> list[Shape]:
    """A compact card: biome colour strip, value (S for a settlement), symbol or owner.

    A card in another world is dimmed; a card in the active player's world is outlined.
    """
    biome = BIOMES[BIOME_OF_CODE[code]]
    colour = BIOME_COLOURS[biome]
    id = f"pick{code}"
    faded = 0.35 if owner is not None and not owner.active else 1.0
    mine = owner is not None and owner.active
    shapes: list[Shape] = [
        Rect(
            id=f"{id}-face",
            target=f"pick:{code}",
            x=x,
            y=y,
            width=TILE_W,
            height=TILE_H,
            radius=5,
            fill=tint(colour, 0.8),
            stroke=HIGHLIGHT if mine else INK,
            stroke_width=3 if mine else 1,
            opacity=faded,
        ),
        Rect(
            id=f"{id}-strip",
            x=x + 1,
            y=y + 1,
            width=9,
            height=TILE_H - 2,
            fill=colour,
            opacity=faded,
        ),
        Text(
            id=f"{id}-value",
            x=x + 15,
            y=y + TILE_H / 2,
            text=f"{code:02d}" if code <= SETTLEMENT_BASE else "S",
            size=15,
            bold=True,
            fill=INK,
            opacity=0.5 if faded < 1 else 1.0,
        ),
    ]
    if owner is None:
        shapes.extend(icon(biome, x + TILE_W - 24, y + 7, 18, f"{id}-biome"))
    else:
        shapes.extend(_owner_badge(x, y, owner, id))
    return shapes


def picker_scene(
    owners: Mapping[int, Owner],
    active: str,
    *,
    settlements: bool = False,
) -> Scene:
    """All 64 cards, a column per biome with values going down; settlements below if used."""
    # A long name wraps the heading rather than running off the picture; the picture keeps
    # room for two lines, so choosing another player never moves what lies below it.
    heading = t("nuevos_mundos_pad.picker_heading", name=active)
    lines = wrap(heading, PICKER_W - 2 * MARGIN, 13, bold=True)
    shapes: list[Shape] = [
        Text(
            id="pick-title" if k == 0 else f"pick-title{k}",
            x=MARGIN,
            y=MARGIN + 18 * k,
            text=line,
            size=13,
            bold=True,
            fill=INK,
        )
        for k, line in enumerate(lines)
    ]
    extra = 18 * max(1, len(lines) - 1)  # two lines kept for any name: a constant size
    shapes.extend(biome_headings(MARGIN, MARGIN + 14 + extra, "ph", TILE_W + TILE_GAP, TILE_W))
    top = MARGIN + 20 + HEADING_H + extra
    for b, (first, last) in enumerate(BIOME_RANGES):
        x = MARGIN + b * (TILE_W + TILE_GAP)
        for k, code in enumerate(range(first, last + 1)):
            y = top + k * (TILE_H + TILE_GAP)
            shapes.extend(picker_tile(code, x, y, owners.get(code)))
    y = top + 8 * (TILE_H + TILE_GAP) + 4
    if settlements:
        shapes.append(
            Text(
                id="pick-settlements",
                x=MARGIN,
                y=y + 8,
                text=t("nuevos_mundos_pad.picker_settlements"),
                size=12,
                bold=True,
                fill=INK,
            )
        )
        for b in range(N_BIOMES):
            code = settlement_code(b)
            x = MARGIN + b * (TILE_W + TILE_GAP)
            shapes.extend(picker_tile(code, x, y + 20, owners.get(code)))
        y += 20 + TILE_H + TILE_GAP + 4
    legend = wrap(t("nuevos_mundos_pad.picker_legend", name=active), PICKER_W - 2 * MARGIN, 12)
    for n, line in enumerate(legend):
        shapes.append(
            Text(
                id="pick-legend" if n == 0 else f"pick-legend{n}",
                x=MARGIN,
                y=y + 8 + 16 * n,
                text=line,
                size=12,
                fill=MUTED,
            )
        )
    y += 16 * max(1, len(legend) - 1)
    scene = Scene(
        width=PICKER_W,
        height=int(y + 8 + MARGIN),
        background=PAPER,
        title=t("nuevos_mundos_pad.picker_title", name=active),
    )
    scene.add(*shapes)
    return scene
