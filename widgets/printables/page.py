"""An A4 page as a scene in millimetres, and its three outputs: SVG, PNG and a PDF of pages.

A page is an ordinary ``Scene`` whose unit is one millimetre (210 x 297), so the SVG says
``width="210mm" height="297mm" viewBox="0 0 210 297"`` and prints at its true size. Text
sizes are given in points (``pt(10)``) and never under ``MIN_POINTS``.

The games' own drawings (card faces, icons, the biome star, ability tiles) are built in
scene pixels by the tables' modules; ``from_px`` scales them onto a page, so a printed card
is the card the class sees on the screen, not a second drawing of it. A CSS pixel is 1/96
inch, so the tables' smallest text (12 px) prints at 9 pt at scale 1.

The PDF draws the same shapes as vectors (``widgets.printables.pdf``); the PNG of a page
(``widgets.raster``) is for looking at one quickly and for the tests.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path as FsPath

from ..card_face import fit_lines, text_width
from ..palette import INK, MUTED
from ..scene import Circle, Path, Polygon, Rect, Scene, Shape, Text
from ..svg import shape_svg

PAGE_W, PAGE_H = 210, 297
"""A4 in millimetres (portrait)."""
MARGIN = 15.0
"""Space left blank around every page (school printers do not print the last 5 mm)."""
CONTENT_W = PAGE_W - 2 * MARGIN
MM_PER_PT = 25.4 / 72
MM_PER_PX = 25.4 / 96
MIN_POINTS = 9.0
"""The smallest text on paper (a 12-16 year old reads 9 pt easily; the tables' 12 px)."""
DPI = 200
"""Resolution of a page's PNG: sharp 9 pt letters."""
WHITE = "#ffffff"
SLACK = 0.96
"""Words are wrapped to this share of their room: a rasterised letter is placed on whole
pixels, so a long line printed from the PNG or PDF comes out a little wider than measured."""
RULE = "#9a9a9a"
"""Lines to write on: light enough not to compete with handwriting, dark enough to copy."""


def pt(points: float) -> float:
    """A font size of ``points`` in page millimetres."""
    return points * MM_PER_PT


def new_page(title: str) -> Scene:
    """A blank white A4 page whose ``title`` says in words what it holds."""
    return Scene(width=PAGE_W, height=PAGE_H, background=WHITE, title=title)


def text(
    x: float,
    y: float,
    words: str,
    points: float,
    *,
    id: str = "",
    bold: bool = False,
    anchor: str = "start",
    fill: str = INK,
) -> Text:
    """A line of words at (x, y) (y is its vertical middle), ``points`` in size."""
    if points < MIN_POINTS:
        raise ValueError(f"text of {points} pt is too small to read on paper")
    return Text(id=id, x=x, y=y, text=words, size=pt(points), anchor=anchor, bold=bold, fill=fill)


def width_of(words: str, points: float, *, bold: bool = False) -> float:
    """How wide ``words`` print at ``points``, in millimetres (DejaVu Sans metrics, with
    the ``SLACK`` a rasterised line needs)."""
    return text_width(words, pt(points), bold=bold) / SLACK


def line(
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    *,
    id: str = "",
    width: float = 0.25,
    colour: str = INK,
) -> Path:
    """A straight line ``width`` millimetres thick."""
    return Path(id=id, commands=(("M", x1, y1), ("L", x2, y2)), stroke=colour, stroke_width=width)


def box(
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    id: str = "",
    fill: str | None = None,
    stroke: str | None = INK,
    width: float = 0.3,
    radius: float = 0,
) -> Rect:
    """A rectangle in millimetres (outlined in ink unless told otherwise)."""
    return Rect(
        id=id,
        x=x,
        y=y,
        width=w,
        height=h,
        radius=radius,
        fill=fill,
        stroke=stroke,
        stroke_width=width,
    )


def writing_lines(x: float, y: float, w: float, n: int, step: float, id: str) -> list[Shape]:
    """``n`` ruled lines to write on, the first at ``y``, ``step`` millimetres apart."""
    return [
        line(x, y + k * step, x + w, y + k * step, id=f"{id}-{k}", colour=RULE) for k in range(n)
    ]


def footer(page: Scene, words: str, id: str = "footer") -> None:
    """A thin rule and a line of small grey words at the foot of ``page``."""
    page.add(
        line(
            MARGIN,
            PAGE_H - MARGIN + 2,
            PAGE_W - MARGIN,
            PAGE_H - MARGIN + 2,
            id=f"{id}-rule",
            width=0.2,
            colour=MUTED,
        ),
        text(MARGIN, PAGE_H - MARGIN + 6, words, MIN_POINTS, id=id, fill=MUTED),
    )


# ---------------------------------------------------------------------------- the tables' drawings


def from_px(shapes: Sequence[Shape], x: float, y: float, scale: float = 1.0) -> list[Shape]:
    """Shapes drawn in scene pixels (the tables' card faces, icons, tiles), placed on a page:
    (0, 0) lands at (``x``, ``y``) millimetres, and a pixel becomes ``scale`` CSS pixels."""
    k = scale * MM_PER_PX
    placed: list[Shape] = []
    for s in shapes:
        lw = s.stroke_width * k
        if isinstance(s, Rect):
            placed.append(
                dataclasses.replace(
                    s,
                    x=x + k * s.x,
                    y=y + k * s.y,
                    width=k * s.width,
                    height=k * s.height,
                    radius=k * s.radius,
                    stroke_width=lw,
                )
            )
        elif isinstance(s, Circle):
            placed.append(
                dataclasses.replace(s, cx=x + k * s.cx, cy=y + k * s.cy, r=k * s.r, stroke_width=lw)
            )
        elif isinstance(s, Polygon):
            points = tuple((x + k * px, y + k * py) for px, py in s.points)
            placed.append(dataclasses.replace(s, points=points, stroke_width=lw))
        elif isinstance(s, Path):
            commands = tuple(
                (
                    c[0],
                    *(
                        (x if i % 2 == 0 else y) + k * float(v)  # type: ignore[arg-type]
                        for i, v in enumerate(c[1:])
                    ),
                )
                for c in s.commands
            )
            placed.append(dataclasses.replace(s, commands=commands, stroke_width=lw))
        elif isinstance(s, Text):
            placed.append(
                dataclasses.replace(
                    s, x=x + k * s.x, y=y + k * s.y, size=k * s.size, stroke_width=lw
                )
            )
        else:
            raise TypeError(f"cannot place a {type(s).__name__} on a page")
    return placed


# ---------------------------------------------------------------------------- outputs


def page_svg(page: Scene) -> str:
    """The page as a standalone SVG document, A4 in millimetres."""
    body = "\n".join(shape_svg(s) for s in page.shapes)
    title = escape(page.title)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{page.width}mm" '
        f'height="{page.height}mm" viewBox="0 0 {page.width} {page.height}" role="img" '
        f'aria-label="{title}"><title>{title}</title>'
        f'<rect width="100%" height="100%" fill="{page.background}"/>\n{body}\n</svg>\n'
    )


def page_png(page: Scene, dpi: int = DPI) -> bytes:
    """The page as PNG bytes at ``dpi``."""
    from ..raster import to_png

    return to_png(page, scale=dpi / 25.4)


@dataclass(frozen=True)
class Sheet:
    """One printable: a file name (without extension) and its pages, in order."""

    name: str
    pages: tuple[Scene, ...]

    def file_names(self) -> list[str]:
        """``name.svg`` for a one-page sheet; ``name-1.svg``, ``name-2.svg``... otherwise."""
        if len(self.pages) == 1:
            return [f"{self.name}.svg"]
        return [f"{self.name}-{k}.svg" for k in range(1, len(self.pages) + 1)]


def paragraph(
    page: Scene,
    x: float,
    y: float,
    width: float,
    words: str,
    points: float,
    *,
    id: str,
    leading: float = 1.25,
    fill: str = INK,
) -> float:
    """``words`` wrapped to ``width`` millimetres, the first line's middle at ``y``; returns
    the y of the middle of the line that would come next."""
    step = pt(points) * 1.2 * leading
    lines = fit_lines(words, width * SLACK, pt(points))
    for k, part in enumerate(lines):
        page.add(text(x, y + step * k, part, points, id=f"{id}{k}", fill=fill))
    return y + step * len(lines)


@cache
def _font_characters() -> frozenset[int]:
    """The characters both DejaVu Sans fonts (regular and bold) can draw."""
    import matplotlib
    from matplotlib.ft2font import FT2Font

    from ..raster import FONT_FILES

    folder = FsPath(matplotlib.get_data_path()) / "fonts" / "ttf"
    regular, bold = (set(FT2Font(str(folder / FONT_FILES[b])).get_charmap()) for b in (False, True))
    return frozenset(regular & bold)


def printable(words: str) -> str:
    """``words`` without the characters the font cannot draw (a lesson's emoji), which a
    printer would show as empty boxes."""
    drawn = _font_characters()
    return "".join(c for c in words if c.isspace() or ord(c) in drawn)
