"""Each lesson's questions as a handout: the markdown cells tagged ``question``, printed on
A4 pages with ruled lines to write the answers on.

A lesson marks the cells that ask the class something with the cell tag ``question`` (a
tag, not a comment, so a student never sees it). The handout's title is the notebook's
first heading; under it come a line for the student's name, class and date, then every
tagged cell in notebook order. The markdown is printed as plain formatted text: headings in
bold, paragraphs wrapped, numbered and bulleted lists with their numbers and bullets, bold
kept, italics, links and inline code as plain words. Every item of a list gets lines to
answer on (a question or an activity each); a tagged cell without a list gets them after
its last paragraph.

The notebook is read as JSON: nothing is executed, and no Jupyter package is needed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path as FsPath

from gamecore.words import t

from ..card_face import text_width
from ..links import first_heading
from ..palette import INK, MUTED
from ..scene import Scene
from .page import (
    CONTENT_W,
    MARGIN,
    PAGE_H,
    Sheet,
    footer,
    line,
    new_page,
    printable,
    pt,
    text,
    width_of,
    writing_lines,
)

TAG = "question"
"""The cell tag that marks a lesson's questions."""
LESSON_FOLDERS = ("nuevos_mundos", "ecosfera")
"""The folders of lessons that may have questions, in the order the handouts are bundled."""

BODY = 11.0
HEADING = 13.0
LEADING = 5.2
"""Distance between two lines of body text (millimetres)."""
ANSWER_LINES = 3
"""Lines to write on under each question."""
ANSWER_STEP = 8.0
"""Distance between two lines to write on: room for a 12-year-old's handwriting."""
ANSWER_HEIGHT = (ANSWER_LINES - 1) * ANSWER_STEP + ANSWER_STEP - 2
"""How far the answer lines reach below the question they follow."""
INDENT = 7.0
BOTTOM = PAGE_H - MARGIN - 6
"""Nothing is drawn below this (the footer's place)."""


# ---------------------------------------------------------------------------- reading lessons


@dataclass(frozen=True)
class Lesson:
    """A lesson's title and the markdown of its cells tagged ``question``, in order."""

    path: FsPath
    title: str
    questions: tuple[str, ...]


def _source(cell: dict[str, object]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def read_lesson(path: FsPath) -> Lesson:
    """The title (first heading) and tagged question cells of the notebook at ``path``."""
    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    questions = tuple(
        _source(cell)
        for cell in cells
        if cell.get("cell_type") == "markdown" and TAG in cell.get("metadata", {}).get("tags", [])
    )
    return Lesson(path, plain(first_heading(cells)) or path.stem, questions)


def lessons(notebooks: FsPath, lang: str) -> list[Lesson]:
    """Every lesson of ``notebooks/<lang>/<game>/`` that has question cells, game by game."""
    found = []
    for game in LESSON_FOLDERS:
        for path in sorted((notebooks / lang / game).glob("*.ipynb")):
            lesson = read_lesson(path)
            if lesson.questions:
                found.append(lesson)
    return found


# ---------------------------------------------------------------------------- markdown


@dataclass(frozen=True)
class Block:
    """A piece of a question cell: "heading", "paragraph" or "item" (of a list).

    ``marker`` is an item's number ("2.") or bullet; ``depth`` its nesting (0 at the left).
    ``runs`` are (words, bold) pieces of its text.
    """

    kind: str
    runs: tuple[tuple[str, bool], ...]
    marker: str = ""
    depth: int = 0


_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_HTML = re.compile(r"<[^>]+>")
_BOLD = re.compile(r"(\*\*|__)(.+?)\1")
_ITALIC = re.compile(r"(?<![\w*])([*_])(?!\s)(.+?)(?<!\s)\1(?![\w*])")


def plain(words: str) -> str:
    """Markdown inline text as plain words (no bold, italics, code marks, links or HTML)."""
    return "".join(piece for piece, _ in runs_of(words))


def runs_of(words: str) -> tuple[tuple[str, bool], ...]:
    """Inline markdown as (words, bold) runs: bold kept, everything else plain words.

    A link keeps its words (a printed address cannot be clicked); inline code loses its
    backquotes; an image keeps its description; a character the font cannot draw (an
    emoji) is left out."""
    words = printable(_LINK.sub(r"\1", words))
    words = _HTML.sub("", words)
    words = words.replace("`", "")
    runs: list[tuple[str, bool]] = []
    at = 0
    for match in _BOLD.finditer(words):  # bold first: its ** would read as two italic *
        if match.start() > at:
            runs.append((words[at : match.start()], False))
        runs.append((match.group(2), True))
        at = match.end()
    if at < len(words):
        runs.append((words[at:], False))
    return tuple((_ITALIC.sub(r"\2", w).replace("\\", ""), bold) for w, bold in runs if w)


def blocks(markdown: str) -> list[Block]:
    """A question cell's markdown as headings, paragraphs and list items (a line indented
    under an item, or not starting a new block, continues it)."""
    found: list[Block] = []
    lines: list[str] = []
    kind, marker, depth = "", "", 0

    def close() -> None:
        nonlocal lines
        if lines:
            words = " ".join(part.strip() for part in lines)
            found.append(Block(kind, runs_of(words), marker, depth))
        lines = []

    for raw in markdown.splitlines():
        if not raw.strip() or set(raw.strip()) <= set("-*_=|: "):
            close()  # a blank line or a rule ends a block; a table's separator line too
            continue
        heading = _HEADING.match(raw)
        item = _ITEM.match(raw)
        if heading:
            close()
            kind, marker, depth = "heading", "", 0
            lines = [heading.group(2)]
            close()
        elif item:
            close()
            indent = len(item.group(1).expandtabs(4))
            kind, depth = "item", min(indent // 2, 3)
            marker = item.group(2) if item.group(2)[0].isdigit() else "•"
            lines = [item.group(3)]
        elif raw.lstrip().startswith("|"):
            close()  # a table's row: its cells, one after another
            cells = [c.strip() for c in raw.strip().strip("|").split("|")]
            kind, marker, depth = "paragraph", "", 0
            lines = [" · ".join(c for c in cells if c)]
            close()
        elif raw.lstrip().startswith(">"):
            if kind != "paragraph" or not lines:
                close()
                kind, marker, depth = "paragraph", "", 0
            lines.append(raw.lstrip()[1:])
        else:
            if not lines:
                kind, marker, depth = "paragraph", "", 0
            lines.append(raw)
    close()
    return found


# ---------------------------------------------------------------------------- layout


def wrap_runs(
    runs: Sequence[tuple[str, bool]], width: float, points: float
) -> list[list[tuple[str, bool]]]:
    """``runs`` broken into lines no wider than ``width`` millimetres, at spaces; each line
    is its runs again, with bold kept (a word wider than the line keeps a line of its own)."""
    words: list[tuple[str, bool, bool]] = []  # word, bold, glued to the word before
    spaced = True  # the text so far ends with a space
    for piece, bold in runs:
        glued = not spaced and not piece[:1].isspace()
        for k, word in enumerate(piece.split()):
            words.append((word, bold, glued and k == 0))
        spaced = piece[-1:].isspace()
    lines: list[list[tuple[str, bool]]] = []
    current: list[tuple[str, bool]] = []
    used = 0.0
    for word, bold, glued in words:
        gap = "" if glued or not current else " "
        extra = width_of(gap + word, points, bold=bold)
        if current and used + extra > width and not glued:
            lines.append(current)
            current, used, gap = [], 0.0, ""
            extra = width_of(word, points, bold=bold)
        if current and current[-1][1] == bold:
            current[-1] = (current[-1][0] + gap + word, bold)
        elif gap and current:
            current[-1] = (current[-1][0] + gap, current[-1][1])
            current.append((word, bold))
        else:
            current.append((word, bold))
        used += extra
    if current:
        lines.append(current)
    return lines


class Flow:
    """Pages filled from the top, a new page whenever the next piece does not fit."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.pages: list[Scene] = []
        self.y = 0.0
        self.new_page()

    @property
    def page(self) -> Scene:
        return self.pages[-1]

    def new_page(self) -> None:
        page = new_page(t("printables.handout_title", lesson=self.title))
        self.pages.append(page)
        self.y = MARGIN
        if len(self.pages) > 1:
            page.add(text(MARGIN, self.y + 2, self.title, 9, id="running-title", fill=MUTED))
            self.y += 7

    def room(self, height: float) -> None:
        """Start a new page unless ``height`` more millimetres fit on this one."""
        if self.y + height > BOTTOM and self.y > MARGIN + 8:
            self.new_page()

    def runs_line(self, x: float, runs: Sequence[tuple[str, bool]], points: float, id: str) -> None:
        for k, (words, bold) in enumerate(runs):
            self.page.add(text(x, self.y, words, points, id=f"{id}-{k}", bold=bold))
            x += text_width(words, pt(points), bold=bold)  # exactly where the run ends

    def answer(self, x: float, id: str) -> None:
        self.room(ANSWER_HEIGHT)
        self.y += ANSWER_STEP - 2
        self.page.extend(
            writing_lines(x, self.y, MARGIN + CONTENT_W - x, ANSWER_LINES, ANSWER_STEP, id)
        )
        self.y += (ANSWER_LINES - 1) * ANSWER_STEP + 6


def _header(flow: Flow) -> None:
    """The lesson's title and a line for the student's name, class and date."""
    lines = wrap_runs(((flow.title, True),), CONTENT_W, 16)
    for k, runs in enumerate(lines):
        flow.y += 6 if k == 0 else 7
        flow.runs_line(MARGIN, runs, 16, f"title{k}")
    flow.y += 9
    x = MARGIN
    for key, width in (
        ("printables.name", 86.0),
        ("printables.class", 40.0),
        ("printables.date", CONTENT_W - 126.0),
    ):
        label = t(key)
        flow.page.add(text(x, flow.y, label, 10, id=f"field-{key[11:]}"))
        start = x + width_of(label + " ", 10)
        flow.page.add(
            line(
                start,
                flow.y + 1.8,
                x + width - 4,
                flow.y + 1.8,
                id=f"field-{key[11:]}-line",
                colour=INK,
            )
        )
        x += width
    flow.y += 8


def _block(flow: Flow, block: Block, id: str, keep: float = 0.0) -> None:
    """Draw ``block``; ``keep``: millimetres that must follow it on the same page (its
    answer lines), so a question is never parted from them."""
    points = HEADING if block.kind == "heading" else BODY
    x = MARGIN + block.depth * INDENT
    if block.kind == "item":
        x += INDENT
    runs = block.runs if block.kind != "heading" else tuple((w, True) for w, _ in block.runs)
    lines = wrap_runs(runs, MARGIN + CONTENT_W - x, points)
    before = 4.0 if block.kind == "heading" else 1.0
    flow.room(before + LEADING * (len(lines) if keep else min(len(lines), 2)) + keep)
    flow.y += before
    for k, runs_in_line in enumerate(lines):
        if k:
            flow.room(LEADING)
        flow.y += LEADING
        if k == 0 and block.marker:
            flow.page.add(
                text(
                    x - 1.5,
                    flow.y,
                    block.marker,
                    points,
                    id=f"{id}-marker",
                    anchor="end",
                    bold=block.marker[0].isdigit(),
                )
            )
        flow.runs_line(x, runs_in_line, points, f"{id}-l{k}")


def handout(lesson: Lesson) -> list[Scene]:
    """The pages of one lesson's handout."""
    flow = Flow(lesson.title)
    _header(flow)
    for c, markdown in enumerate(lesson.questions):
        cell = blocks(markdown)
        items = [b for b in cell if b.kind == "item"]
        for n, block in enumerate(cell):
            following = cell[n + 1] if n + 1 < len(cell) else None
            answered = block.kind == "item" and (
                following is None or following.kind != "item" or following.depth <= block.depth
            )
            keep = ANSWER_HEIGHT if answered else 0.0
            if block.kind == "heading" or (following is not None and following.kind == "item"):
                keep = keep or 2 * LEADING + ANSWER_HEIGHT  # a heading or an introduction
                # stays with the first question after it
            _block(flow, block, f"q{c}-b{n}", keep=keep)
            if answered:
                flow.answer(MARGIN + (block.depth + 1) * INDENT, f"q{c}-b{n}-answer")
        if not items and any(b.kind == "paragraph" for b in cell):
            flow.answer(MARGIN, f"q{c}-answer")
        flow.y += 3
    total = len(flow.pages)
    for k, page in enumerate(flow.pages, start=1):
        footer(page, t("printables.handout_footer", lesson=lesson.title, page=k, pages=total))
    return flow.pages


def handout_sheets(notebooks: FsPath, lang: str) -> Iterator[Sheet]:
    """A handout for every lesson of ``lang`` that has questions, named after its notebook
    (``handouts/<game>/<notebook>``)."""
    for lesson in lessons(notebooks, lang):
        name = f"handouts/{lesson.path.parent.name}/{lesson.path.stem}"
        yield Sheet(name, tuple(handout(lesson)))
