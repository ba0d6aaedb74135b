"""Write every printable of one or more languages: an SVG per page and a PDF per language."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path as FsPath

from gamecore.words import LANGUAGES, check_language, speaking, t

from ..scene import Scene
from .handouts import handout_sheets
from .page import Sheet, page_svg
from .pdf import write_pdf
from .reference import ecosfera_reference, nuevos_mundos_reference
from .score_sheets import ecosfera_score_sheet, nuevos_mundos_score_sheet

NOTEBOOKS = FsPath(__file__).resolve().parents[2] / "notebooks"
"""The lessons of this checkout (``notebooks/<lang>/<game>/*.ipynb``)."""

SHEETS: dict[str, Callable[[], Scene]] = {
    "score_sheet_nuevos_mundos": nuevos_mundos_score_sheet,
    "score_sheet_ecosfera": ecosfera_score_sheet,
    "reference_nuevos_mundos": nuevos_mundos_reference,
    "reference_ecosfera": ecosfera_reference,
}
"""The one-page sheets, by file name, in the order the PDF holds them (handouts follow)."""


def sheets(lang: str, notebooks: FsPath = NOTEBOOKS) -> list[Sheet]:
    """Every printable of ``lang``, in PDF order: the sheets, then a handout per lesson."""
    with speaking(check_language(lang)):
        found = [Sheet(name, (draw(),)) for name, draw in SHEETS.items()]
        found += handout_sheets(notebooks, lang)
    return found


@dataclass(frozen=True)
class Written:
    """What ``build`` wrote for one language."""

    lang: str
    svgs: tuple[FsPath, ...]
    pdf: FsPath | None
    handouts: int


def build(
    out: FsPath,
    langs: Sequence[str] = LANGUAGES,
    *,
    notebooks: FsPath = NOTEBOOKS,
    pdf: bool = True,
) -> list[Written]:
    """Write every printable of each of ``langs`` under ``out/<lang>/``."""
    written = []
    for lang in langs:
        folder = out / lang
        svgs: list[FsPath] = []
        pages: list[Scene] = []
        made = sheets(lang, notebooks)
        for sheet in made:
            for page, name in zip(sheet.pages, sheet.file_names()):
                path = folder / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(page_svg(page), encoding="utf-8")
                svgs.append(path)
                pages.append(page)
        pdf_path = folder / f"mundos_lab_{lang}.pdf" if pdf else None
        if pdf_path is not None:
            write_pdf(pages, pdf_path, t("printables.pdf_title", lang=lang))
        handouts = sum(1 for s in made if s.name.startswith("handouts/"))
        written.append(Written(lang, tuple(svgs), pdf_path, handouts))
    return written
