"""The printables (widgets.printables): every sheet in every language, A4 SVG pages that
parse, in the right language, legible, inside the page; handouts that hold every question
of a lesson; a PDF with one page per SVG; pictures that are not blank."""

from __future__ import annotations

import io
import json
import re
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from gamecore.words import LANGUAGES, speaking, t
from widgets.card_face import text_width
from widgets.printables import SHEETS, build, sheets
from widgets.printables.__main__ import main
from widgets.printables.build import NOTEBOOKS
from widgets.printables.handouts import TAG, blocks, handout_sheets, plain, runs_of, wrap_runs
from widgets.printables.page import (
    MARGIN,
    MIN_POINTS,
    PAGE_H,
    PAGE_W,
    page_png,
    pt,
)
from widgets.scene import Rect, Text

SVG = "{http://www.w3.org/2000/svg}"
OTHER = {"en": "es", "es": "en"}

# ---------------------------------------------------------------------------- a small course

QUESTIONS = {
    "en": [
        "## Questions\n\n1. Which action did you use **most often**? Why?\n"
        "2. When is *take by digits* better than\n   `take a biome`?\n"
        "   - Find a card whose digits take nothing.\n",
        "✋ **Activity.** Look up three animals on the [Red List](https://iucnredlist.org).",
    ],
    "es": [
        "## Preguntas\n\n1. ¿Qué acción usaste **más veces**? ¿Por qué?\n"
        "2. ¿Cuándo es mejor *tomar dígitos* que\n   `tomar bioma`?\n"
        "   - Busca una carta cuyos dígitos no tomen nada.\n",
        "**Actividad.** Busca tres animales en la [Lista Roja](https://iucnredlist.org).",
    ],
}
TITLES = {"en": "Nuevos Mundos 1 — How to play", "es": "Nuevos Mundos 1 — Cómo se juega"}
NOT_A_QUESTION = "This explanation is not a question"


def _notebook(title: str, questions: list[str]) -> dict[str, object]:
    def markdown(source: str, tags: list[str]) -> dict[str, object]:
        return {"cell_type": "markdown", "metadata": {"tags": tags}, "source": source}

    cells = [markdown(f"# {title}\n\n**You will learn** things.", [])]
    cells.append({"cell_type": "code", "metadata": {}, "source": "x = 1", "outputs": []})
    cells.append(markdown(NOT_A_QUESTION, []))
    cells += [markdown(q, [TAG]) for q in questions]
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """notebooks/<lang>/: one Nuevos Mundos lesson with questions and one Ecosfera lesson
    without any (it gets no handout)."""
    root = tmp_path_factory.mktemp("notebooks")
    for lang in LANGUAGES:
        game = root / lang / "nuevos_mundos"
        game.mkdir(parents=True)
        lesson = _notebook(TITLES[lang], QUESTIONS[lang])
        (game / "01_lesson.ipynb").write_text(json.dumps(lesson), encoding="utf-8")
        eco = root / lang / "ecosfera"
        eco.mkdir(parents=True)
        quiet = _notebook("Ecosfera 1", [])
        (eco / "01_no_questions.ipynb").write_text(json.dumps(quiet), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def built(course: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("printables")
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message="Glyph")  # no empty box for a missing letter
        build(out, LANGUAGES, notebooks=course)
    return out


def _texts(svg: Path) -> list[str]:
    return [el.text or "" for el in ET.parse(svg).getroot().iter(f"{SVG}text")]


def _squeezed(words: str) -> str:
    """Words without any white space (lines wrap and runs split anywhere)."""
    return re.sub(r"\s+", "", words)


# ---------------------------------------------------------------------------- the files


def test_the_command_writes_every_sheet_in_both_languages(built: Path) -> None:
    for lang in LANGUAGES:
        found = {p.relative_to(built / lang).as_posix() for p in (built / lang).rglob("*.svg")}
        expected = {f"{name}.svg" for name in SHEETS}
        expected.add("handouts/nuevos_mundos/01_lesson.svg")
        assert found == expected, lang
        assert (built / lang / f"mundos_lab_{lang}.pdf").is_file()


def test_every_page_is_valid_a4_svg(built: Path) -> None:
    pages = list(built.rglob("*.svg"))
    assert len(pages) == 2 * (len(SHEETS) + 1)
    for svg in pages:
        root = ET.parse(svg).getroot()
        assert root.tag == f"{SVG}svg"
        assert (root.get("width"), root.get("height")) == ("210mm", "297mm"), svg
        assert root.get("viewBox") == "0 0 210 297", svg
        assert root.find(f"{SVG}title") is not None


def test_the_pdf_has_a_page_for_every_svg(built: Path) -> None:
    for lang in LANGUAGES:
        data = (built / lang / f"mundos_lab_{lang}.pdf").read_bytes()
        assert data.startswith(b"%PDF")
        pages = re.findall(rb"/Type\s*/Page(?!s)", data)
        assert len(pages) == len(list((built / lang).rglob("*.svg")))


# ---------------------------------------------------------------------------- words

SHEET_WORDS = {
    "score_sheet_nuevos_mundos": [
        "nuevos_mundos.title_biodiversity",
        "nuevos_mundos.title_dominant_biomes",
        "nuevos_mundos.title_natural_balance",
        "nuevos_mundos_table.module_human_settlements",
        "nuevos_mundos_table.module_global_natural_balance",
        "nuevos_mundos_table.module_vital_capacity",
        "nuevos_mundos_table.module_discord",
        "nuevos_mundos.biome_high_mountain",
        "nuevos_mundos.biome_arctic_tundra",
        "nuevos_mundos.icon_plants",
        "printables.final_total",
        "printables.player",
    ],
    "score_sheet_ecosfera": [
        "ecosfera.category_difficulty",
        "ecosfera.challenge_monk",
        "ecosfera.challenge_extinction_rebel",
        "printables.eco_biome_tiles",
        "ecosfera.category_supply_elements",
        "printables.team",
        "printables.won",
        "printables.lost",
    ],
    "reference_nuevos_mundos": [
        "nuevos_mundos.biome_ocean",
        "nuevos_mundos.biome_savanna",
        "nuevos_mundos.biome_high_mountain",
        "nuevos_mundos.icon_minerals",
        "printables.nm_biomes_heading",
        "printables.nm_icons_heading",
    ],
    "reference_ecosfera": [
        "ecosfera.element_earth",
        "ecosfera.element_time",
        "ecosfera.ability_refresh",
        "ecosfera.ability_movement",
        "printables.eco_elements_heading",
        "printables.eco_abilities_heading",
        "printables.eco_tiles_heading",
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("sheet", sorted(SHEET_WORDS))
def test_each_sheet_speaks_its_language_only(built: Path, sheet: str, lang: str) -> None:
    written = " ".join(_texts(built / lang / f"{sheet}.svg"))
    squeezed = _squeezed(written).lower()
    for key in SHEET_WORDS[sheet]:
        ours, theirs = t(key, lang=lang), t(key, lang=OTHER[lang])
        assert _squeezed(ours).lower() in squeezed, (key, ours)
        if ours.lower() != theirs.lower() and theirs.lower() not in ours.lower():
            assert _squeezed(theirs).lower() not in squeezed, (key, theirs)


def test_every_biome_and_icon_row_of_the_score_sheet_has_its_symbol() -> None:
    """Colour is never the only cue: a biome's or an icon's row draws its symbol too."""
    from widgets.printables.score_sheets import nuevos_mundos_rows, nuevos_mundos_score_sheet

    page = nuevos_mundos_score_sheet()
    rows = nuevos_mundos_rows()
    with_symbol = [n for n, row in enumerate(rows) if row.symbol]
    assert len(with_symbol) == 8 + 6
    ids = page.ids()
    for n in with_symbol:
        assert any(i.startswith(f"nm-r{n}-icon") for i in ids), rows[n].label


# ---------------------------------------------------------------------------- handouts


def _handout_text(folder: Path, stem: str) -> str:
    pages = sorted(folder.glob(f"{stem}*.svg"))
    assert pages, stem
    return " ".join(" ".join(_texts(p)) for p in pages)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_handout_holds_every_tagged_question_and_nothing_else(built: Path, lang: str) -> None:
    written = _handout_text(built / lang / "handouts" / "nuevos_mundos", "01_lesson")
    squeezed = _squeezed(written)
    assert _squeezed(TITLES[lang]) in squeezed
    for question in QUESTIONS[lang]:
        for block in blocks(question):
            words = "".join(w for w, _ in block.runs)
            assert _squeezed(words) in squeezed, words
    assert "Red List" in written or "Lista Roja" in written  # a link keeps its words
    assert _squeezed(NOT_A_QUESTION) not in squeezed
    for mark in ("**", "`", "](", "##"):
        assert mark not in written
    assert _squeezed(t("printables.name", lang=lang)) in squeezed


def test_questions_get_lines_to_write_on_and_keep_their_bold() -> None:
    from widgets.printables.handouts import Lesson, handout

    lesson = Lesson(Path("x.ipynb"), "A lesson", tuple(QUESTIONS["en"]))
    page = handout(lesson)[0]
    answers = {i.split("-answer")[0] for i in page.ids() if "-answer" in i}
    # item 1, the nested bullet under item 2 (item 2 itself has a child), the paragraph cell
    assert len(answers) == 3
    bold = [s.text for s in page.shapes if isinstance(s, Text) and s.bold]
    assert any("most often" in words for words in bold)
    assert any(words.startswith("Activity.") for words in bold)


def _lessons_with_questions(lang: str) -> set[str]:
    """The lessons of this checkout with a markdown cell tagged ``question``, read here
    without the printables' own reader."""
    found = set()
    for path in (NOTEBOOKS / lang).glob("*/*.ipynb"):
        if path.parent.name not in ("nuevos_mundos", "ecosfera"):
            continue
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        if any(
            c["cell_type"] == "markdown" and TAG in c.get("metadata", {}).get("tags", [])
            for c in cells
        ):
            found.add(f"handouts/{path.parent.name}/{path.stem}")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_with_questions_gets_a_handout(lang: str) -> None:
    with speaking(lang):
        made = {sheet.name: sheet for sheet in handout_sheets(NOTEBOOKS, lang)}
    assert set(made) == _lessons_with_questions(lang)
    for name, sheet in made.items():
        path = NOTEBOOKS / lang / f"{name.removeprefix('handouts/')}.ipynb"
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        asked = [
            "".join(c["source"])
            for c in cells
            if c["cell_type"] == "markdown" and TAG in c.get("metadata", {}).get("tags", [])
        ]
        written = _squeezed(
            " ".join(s.text for p in sheet.pages for s in p.shapes if isinstance(s, Text))
        )
        for question in asked:
            for block in blocks(question):
                assert _squeezed("".join(w for w, _ in block.runs)) in written, (name, block)


def test_both_languages_have_a_handout_for_the_same_lessons() -> None:
    """The two versions of a lesson share their code and their tags, so a lesson has
    questions in both languages or in neither (lessons pair up in file order)."""
    per_game: dict[str, list[list[str]]] = {}
    for lang in LANGUAGES:
        for game in ("nuevos_mundos", "ecosfera"):
            lessons = sorted((NOTEBOOKS / lang / game).glob("*.ipynb"))
            asked = [
                p.name[:2]
                for p in lessons
                if f"handouts/{game}/{p.stem}" in _lessons_with_questions(lang)
            ]
            per_game.setdefault(game, []).append(asked)
    for game, found in per_game.items():
        assert all(f == found[0] for f in found), (game, found)


# ---------------------------------------------------------------------------- legible, on the page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_is_legible_and_on_the_page(course: Path, lang: str) -> None:
    for sheet in sheets(lang, course):
        for page in sheet.pages:
            assert (page.width, page.height) == (PAGE_W, PAGE_H)
            for s in page.shapes:
                if not isinstance(s, Text):
                    x, y, w, h = s.bbox()
                    inside = x >= 0 and y >= 0 and x + w <= PAGE_W and y + h <= PAGE_H
                    assert inside, (sheet.name, s)
                    continue
                if not s.text.strip():
                    continue
                assert s.size >= pt(MIN_POINTS) - 1e-9, (sheet.name, s.text)
                width = text_width(s.text, s.size, bold=s.bold)
                left = {"start": s.x, "middle": s.x - width / 2, "end": s.x - width}[s.anchor]
                assert left >= MARGIN - 0.5 and left + width <= PAGE_W - MARGIN + 0.5, (
                    sheet.name,
                    s.text,
                )
                assert MARGIN - 1 <= s.y <= PAGE_H - MARGIN + 7, (sheet.name, s.text)


def _extent(s: Text) -> tuple[float, float]:
    width = text_width(s.text, s.size, bold=s.bold)
    left = {"start": s.x, "middle": s.x - width / 2, "end": s.x - width}[s.anchor]
    return left, left + width


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_words_are_printed_on_top_of_each_other(course: Path, lang: str) -> None:
    for sheet in sheets(lang, course):
        for page in sheet.pages:
            texts = [s for s in page.shapes if isinstance(s, Text) and s.text.strip()]
            for k, a in enumerate(texts):
                for b in texts[k + 1 :]:
                    if abs(a.y - b.y) >= 0.6 * max(a.size, b.size):
                        continue  # different lines
                    (a0, a1), (b0, b1) = _extent(a), _extent(b)
                    assert a1 <= b0 + 0.05 or b1 <= a0 + 0.05, (sheet.name, a.text, b.text)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("sheet", ["score_sheet_nuevos_mundos", "score_sheet_ecosfera"])
def test_a_row_label_stays_in_its_column(sheet: str, lang: str) -> None:
    with speaking(lang):
        page = SHEETS[sheet]()
    shapes = {s.id: s for s in page.shapes if s.id}
    rows = [i[: -len("-c1")] for i in shapes if re.search(r"-r\d+-c1$", i)]
    assert len(rows) >= 10
    for row in rows:
        cell = shapes[f"{row}-c1"]
        assert isinstance(cell, Rect)
        for part in ("label", "note"):
            words = shapes.get(f"{row}-{part}")
            if isinstance(words, Text):
                assert _extent(words)[1] <= cell.x - 0.5, (sheet, words.text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rastered_page_of_each_sheet_is_not_blank(course: Path, lang: str) -> None:
    for sheet in sheets(lang, course):
        image = Image.open(io.BytesIO(page_png(sheet.pages[0], dpi=50))).convert("L")
        assert image.size == (round(PAGE_W * 50 / 25.4), round(PAGE_H * 50 / 25.4))
        dark = sum(image.histogram()[:128])
        share = dark / (image.size[0] * image.size[1])
        assert 0.002 < share < 0.5, (sheet.name, share)
        # ink in the top and in the bottom half: the page is filled, not just titled
        top = image.crop((0, 0, image.size[0], image.size[1] // 2))
        bottom = image.crop((0, image.size[1] // 2, image.size[0], image.size[1]))
        assert min(top.getextrema()[0], bottom.getextrema()[0]) < 80, sheet.name


# ---------------------------------------------------------------------------- markdown


def test_markdown_becomes_headings_paragraphs_and_items() -> None:
    found = blocks(
        "## Questions\n\nRead this\nfirst.\n\n1. One\n   more line\n2) Two\n"
        "   - nested\n* star\n\n| a | b |\n|---|---|\n| c | d |\n"
    )
    kinds = [(b.kind, b.marker, b.depth, plain("".join(w for w, _ in b.runs))) for b in found]
    assert kinds == [
        ("heading", "", 0, "Questions"),
        ("paragraph", "", 0, "Read this first."),
        ("item", "1.", 0, "One more line"),
        ("item", "2)", 0, "Two"),
        ("item", "•", 1, "nested"),
        ("item", "•", 0, "star"),
        ("paragraph", "", 0, "a · b"),
        ("paragraph", "", 0, "c · d"),
    ]


def test_inline_markdown_keeps_bold_and_plain_words() -> None:
    assert runs_of("**Bold** then *it* and `code_x` and [a link](http://x) <b>x</b>") == (
        ("Bold", True),
        (" then it and code_x and a link x", False),
    )
    assert plain("snake_case_name and 2 * 3 * 4") == "snake_case_name and 2 * 3 * 4"
    assert plain("✋ Stop: ¿por qué? 23,5 % — «Deshacer»") == " Stop: ¿por qué? 23,5 % — «Deshacer»"


def test_wrapped_lines_stay_within_their_width() -> None:
    runs = runs_of("A long **question with bold words** in the middle " * 6)
    for line in wrap_runs(runs, 80, 11):
        assert sum(text_width(w, pt(11), bold=b) for w, b in line) <= 80


# ---------------------------------------------------------------------------- the command


def test_the_command_writes_one_language_and_says_so(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["--out", str(tmp_path), "--lang", "es", "--notebooks", str(course), "--no-pdf"]) == 0
    )
    assert not (tmp_path / "en").exists()
    assert not list(tmp_path.rglob("*.pdf"))
    n = len(SHEETS) + 1
    assert len(list((tmp_path / "es").rglob("*.svg"))) == n
    said = capsys.readouterr().out
    assert t("printables.cli_wrote", n=n, language="es", folder=tmp_path / "es") in said


def test_the_command_says_when_no_lesson_has_questions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "notebooks"
    (empty / "en").mkdir(parents=True)
    assert (
        main(
            ["--out", str(tmp_path / "out"), "--lang", "en", "--notebooks", str(empty), "--no-pdf"]
        )
        == 0
    )
    said = capsys.readouterr().out
    assert t("printables.cli_no_questions", folder=empty / "en") in said


def test_the_command_refuses_an_unknown_language(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["--out", str(tmp_path), "--lang", "fr"])
