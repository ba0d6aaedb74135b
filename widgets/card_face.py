"""The parts of a card every game draws alike: the face's outline and band, the back, an
empty place and the corner tick of a marked card.

Each game keeps its own card size and contents (``widgets.nuevos_mundos.cards``,
``widgets.ecosfera.cards``); these helpers take the size and the corner radius, so one
visual language holds at every table: a marked card has a thick highlighted outline *and*
a corner tick (colour is never the only cue), a face-down card is dark with a light inlay,
an empty place is outlined and says so.

A card is narrow and no text may be smaller than ``MIN_TEXT`` (12 px, legible on a school
laptop and a projector), so its words are measured as they are drawn: ``text_width`` uses
the advance widths of DejaVu Sans, the first font the SVG, the canvas and the PNG ask for
(the 0.6-of-the-size estimate of ``Text.bbox`` is too rough for a 100 px wide card: "mushroom"
in bold is 20 % wider than it says), and ``fit_lines`` breaks words to a card's width.
"""

from __future__ import annotations

import unicodedata

from .palette import HIGHLIGHT, INK, MUTED, PAPER
from .scene import Polygon, Rect, Shape, Text

MIN_TEXT = 12
"""The smallest text on any card, tile or pile, in scene pixels."""

# Advance widths of DejaVu Sans and DejaVu Sans Bold for the characters 32-126 (space to
# tilde), in thousandths of the font size, read from the fonts matplotlib ships.
_REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
    1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
    603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
    500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
)  # fmt: skip
_BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
    1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
    733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
    500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
    716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
)  # fmt: skip
_WIDE = 1000
"""A character outside the table (and not an accented letter of one): taken as wide as an
em, so a word that might not fit is never assumed to."""


def _advance(char: str, table: tuple[int, ...]) -> int:
    code = ord(char)
    if 32 <= code < 127:
        return table[code - 32]
    if char in "·‘’":
        return table[ord(".") - 32]
    base = unicodedata.normalize("NFD", char)[:1]  # "é" is as wide as "e" in DejaVu
    if base != char and 32 <= ord(base) < 127:
        return table[ord(base) - 32]
    return _WIDE


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """How wide ``text`` is drawn at font ``size`` (DejaVu Sans, regular or bold)."""
    table = _BOLD if bold else _REGULAR
    return sum(_advance(c, table) for c in text) * size / 1000


def fit_size(
    text: str, width: float, size: float, *, bold: bool = False, smallest: float = 12
) -> tuple[str, float]:
    """``text`` and a font size at which it fits ``width``: ``size`` if it fits, else the
    largest size down to ``smallest`` that does, else ``smallest`` with the end cut at a
    word and "…" (a long name, or a sentence some language says at length)."""
    while size > smallest and text_width(text, size, bold=bold) > width:
        size = max(smallest, size - 0.5)
    if text_width(text, size, bold=bold) <= width:
        return text, size
    words = text.split(" ")
    while len(words) > 1 and text_width(" ".join(words) + "…", size, bold=bold) > width:
        words.pop()
    return " ".join(words).rstrip(" :,;") + "…", size


def fit_lines(text: str, width: float, size: float, *, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` where it can be: at spaces, after
    a hyphen ("Brown-" / "throated sloth"), and at every newline of the catalog's text. A
    single word wider than ``width`` keeps a line of its own (the caller decides what to do
    with a line that does not fit; ``text_width`` tells)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        pieces: list[str] = []  # words, each hyphenated word split after its hyphens
        for word in paragraph.split():
            parts = word.split("-")
            pieces += [p + "-" for p in parts[:-1]] + [parts[-1]]
            pieces[-1] += " "
        line = ""
        for piece in pieces:
            if line and text_width((line + piece).rstrip(), size, bold=bold) > width:
                lines.append(line.rstrip())
                line = ""
            line += piece
        if line.strip():
            lines.append(line.rstrip())
    return lines


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
