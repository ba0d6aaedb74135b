"""Pages as one PDF, drawn as vectors by matplotlib's PDF backend.

A vector PDF prints sharp at any printer's resolution, stays small enough to e-mail, and its
words can be searched and read aloud. The shapes are the scene's own, converted by
``widgets.raster`` (the PNG's renderer): a text's ``y`` is its vertical middle, halfway
between the font's ascender and descender (SVG's ``dominant-baseline: central``), so each
word is set on the baseline that puts its middle there. The font is DejaVu Sans, the one the
SVG asks for first, embedded in the file.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path as FsPath
from typing import Any

from ..palette import INK
from ..scene import Scene, Text
from .page import MM_PER_PT

_ALIGN = {"start": "left", "middle": "center", "end": "right"}


@cache
def _middle_to_baseline() -> float:
    """How far below a line's middle its baseline lies, as a share of the font size."""
    from pathlib import Path

    import matplotlib
    from matplotlib.ft2font import FT2Font

    from ..raster import FONT_FILES

    font = FT2Font(str(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / FONT_FILES[False]))
    return float(font.ascender + font.descender) / 2 / font.units_per_EM


def page_figure(page: Scene) -> Any:
    """``page`` as a matplotlib figure of its size in millimetres, y pointing down."""
    from matplotlib.figure import Figure
    from matplotlib.patches import PathPatch, Rectangle

    from ..raster import _outline

    figure = Figure(figsize=(page.width / 25.4, page.height / 25.4))
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_xlim(0, page.width)
    axes.set_ylim(page.height, 0)
    axes.set_axis_off()
    axes.add_patch(Rectangle((0, 0), page.width, page.height, color=page.background, lw=0))
    drop = _middle_to_baseline()
    for s in page.shapes:
        if isinstance(s, Text):
            if s.text.strip():
                axes.text(
                    s.x,
                    s.y + drop * s.size,
                    s.text,
                    fontsize=s.size / MM_PER_PT,
                    family="DejaVu Sans",
                    weight="bold" if s.bold else "normal",
                    ha=_ALIGN[s.anchor],
                    va="baseline",
                    color=s.fill or INK,
                    alpha=s.opacity,
                )
        elif s.fill or s.stroke:
            axes.add_patch(
                PathPatch(
                    _outline(s),
                    facecolor=s.fill or "none",
                    edgecolor=s.stroke or "none",
                    linewidth=s.stroke_width / MM_PER_PT if s.stroke else 0,
                    alpha=s.opacity,
                    capstyle="round",
                    joinstyle="round",
                )
            )
    return figure


def write_pdf(pages: Sequence[Scene], path: FsPath, title: str = "") -> None:
    """Every page, in order, as one PDF of A4 pages with the fonts embedded."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages

    if not pages:
        raise ValueError("a PDF needs at least one page")
    # TrueType fonts (not Type 3) keep the words searchable and readable aloud.
    with (
        matplotlib.rc_context({"pdf.fonttype": 42}),
        PdfPages(path, metadata={"Title": title, "Creator": "Mundos Lab"}) as pdf,
    ):
        for page in pages:
            pdf.savefig(page_figure(page))
