"""The parts of a card every game draws alike: the face's outline and band, the back, an
empty place and the corner tick of a marked card.

Each game keeps its own card size and contents (``widgets.nuevos_mundos.cards``,
``widgets.ecosfera.cards``); these helpers take the size and the corner radius, so one
visual language holds at every table: a marked card has a thick highlighted outline *and*
a corner tick (colour is never the only cue), a face-down card is dark with a light inlay,
an empty place is outlined and says so.
"""

from __future__ import annotations

from .palette import HIGHLIGHT, INK, MUTED, PAPER
from .scene import Polygon, Rect, Shape, Text

BACK = "#3b4a5a"
"""The colour of a face-down card."""
INLAY = "#c9d3dd"
"""The line inside a face-down card's edge."""


def face_frame(
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    id: str,
    target: str | None,
    radius: float,
    fill: str,
    marked: bool,
    opacity: float,
) -> Rect:
    """A card's face: filled, outlined in ink, thick and highlighted when ``marked``."""
    return Rect(
        id=f"{id}-face",
        target=target,
        x=x,
        y=y,
        width=width,
        height=height,
        radius=radius,
        fill=fill,
        stroke=HIGHLIGHT if marked else INK,
        stroke_width=4 if marked else 1.2,
        opacity=opacity,
    )


def face_band(
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    id: str,
    radius: float,
    colour: str,
    opacity: float,
) -> Rect:
    """The coloured band across the top of a card face of ``width`` (``height``: the band's)."""
    return Rect(
        id=f"{id}-band",
        x=x + 2,
        y=y + 2,
        width=width - 4,
        height=height,
        radius=radius,
        fill=colour,
        opacity=opacity,
    )


def card_back_frame(
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    id: str,
    target: str | None,
    radius: float,
    empty: bool = False,
) -> list[Shape]:
    """A face-down card: dark with a light inlay, or only outlined for an ``empty`` pile."""
    shapes: list[Shape] = [
        Rect(
            id=f"{id}-back",
            target=target,
            x=x,
            y=y,
            width=width,
            height=height,
            radius=radius,
            fill=PAPER if empty else BACK,
            stroke=MUTED if empty else INK,
            stroke_width=1.2,
        )
    ]
    if not empty:
        shapes.append(
            Rect(
                id=f"{id}-inlay",
                x=x + 6,
                y=y + 6,
                width=width - 12,
                height=height - 12,
                radius=radius - 2,
                stroke=INLAY,
                stroke_width=1.5,
            )
        )
    return shapes


def empty_place(
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    id: str,
    target: str | None = None,
    radius: float,
    caption: str,
    size: float,
) -> list[Shape]:
    """An outlined place where a card could lie, with a ``caption`` ("empty", "discard")."""
    return [
        Rect(
            id=f"{id}-empty",
            target=target,
            x=x,
            y=y,
            width=width,
            height=height,
            radius=radius,
            fill=PAPER,
            stroke=MUTED,
            stroke_width=1.2,
        ),
        Text(
            id=f"{id}-caption",
            x=x + width / 2,
            y=y + height / 2,
            text=caption,
            size=size,
            anchor="middle",
            fill=MUTED,
        ),
    ]


def corner_tick(right: float, top: float, size: float, id: str) -> Polygon:
    """A triangle in a card's top right corner, ``size`` on a side: a mark besides colour."""
    return Polygon(
        id=f"{id}-mark",
        points=((right - size, top), (right, top), (right, top + size)),
        fill=HIGHLIGHT,
        stroke=INK,
        stroke_width=1,
    )
