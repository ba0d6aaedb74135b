"""Every lesson exists in English and Spanish, with the same code and its own words.

Lessons live in ``notebooks/<lang>/`` (``en``, ``es``); a kernel started there speaks that
language (``gamecore.words.language_of_place``), so the two versions of a lesson share
identical code cells. A lesson is paired with its translation by its game folder and its
number (``ecosfera/03_...``); the file names are in each language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from gamecore.words import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

# The words that make up a large share of any running text in each language and are rare in
# the other (no "a", "me", "no", which both have).
COMMON_WORDS = {
    "en": {
        *("the", "and", "of", "to", "is", "in", "you", "that", "with", "for", "are", "this"),
        *("your", "it", "be", "on", "what", "as", "can", "which", "each", "one", "their"),
        *("they", "its", "from", "or", "how", "when", "have", "not", "does", "there"),
    },
    "es": {
        *("el", "la", "los", "las", "de", "del", "que", "y", "en", "un", "una", "es", "por"),
        *("con", "para", "se", "su", "tu", "lo", "al", "como", "cada", "más", "qué"),
        *("cuando", "hay", "este", "esta", "puede", "son", "sus", "también"),
    },
}

LINK = re.compile(r"\]\(([^)\s]+)\)")


def lessons(lang: str) -> dict[str, Path]:
    """``lesson key`` -> notebook: ``00`` for the start page, ``game/NN`` for a lesson."""
    folder = NOTEBOOKS / lang
    found = {p.name[:2]: p for p in folder.glob("[0-9][0-9]_*.ipynb")}
    for path in folder.glob("*/[0-9][0-9]_*.ipynb"):
        if ".ipynb_checkpoints" not in path.parts:
            found[f"{path.parent.name}/{path.name[:2]}"] = path
    return found


def _cells(path: Path, kind: str) -> list[dict[str, Any]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [c for c in cells if c["cell_type"] == kind]


def _text(source: str | list[str]) -> str:
    return source if isinstance(source, str) else "".join(source)


def _words(markdown: str) -> list[str]:
    """The running words of a markdown text: no code, links' targets, HTML tags or URLs."""
    text = re.sub(r"```.*?```", " ", markdown, flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"<[^>]+>|https?://\S+", " ", text)
    return re.findall(r"[a-záéíóúüñ]+", text.lower())


def language_of(markdown: str) -> str | None:
    """The language whose common words the text uses most, or None for a text too short to
    tell (a heading, a name)."""
    words = _words(markdown)
    scores = {lang: sum(w in common for w in words) for lang, common in COMMON_WORDS.items()}
    if sum(scores.values()) < 4:
        return None
    return max(scores, key=lambda lang: scores[lang])


ENGLISH = lessons("en")
PAIRS = sorted(ENGLISH)


def test_the_languages_are_the_declared_ones() -> None:
    folders = {p.name for p in NOTEBOOKS.iterdir() if p.is_dir() and len(p.name) == 2}
    assert folders == set(LANGUAGES), "notebooks/ holds one folder per declared language"


def test_every_lesson_exists_in_every_language() -> None:
    assert "00" in ENGLISH and len(ENGLISH) >= 2, "the English lessons are missing"
    for lang in LANGUAGES:
        assert set(lessons(lang)) == set(ENGLISH), (
            f"notebooks/{lang} and notebooks/en differ: "
            f"only in {lang}: {sorted(set(lessons(lang)) - set(ENGLISH))}, "
            f"missing in {lang}: {sorted(set(ENGLISH) - set(lessons(lang)))}"
        )


@pytest.mark.parametrize("key", PAIRS)
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_translations_run_the_same_code(key: str, lang: str) -> None:
    translated = lessons(lang).get(key)
    assert translated is not None, f"{key} has no {lang} version"
    english = _cells(ENGLISH[key], "code")
    other = _cells(translated, "code")
    assert len(english) == len(other), (
        f"{translated.name}: {len(other)} code cells, not {len(english)}"
    )
    for i, (a, b) in enumerate(zip(english, other)):
        assert _text(a["source"]) == _text(b["source"]), f"{translated.name}, code cell {i + 1}"
        tags_a = a.get("metadata", {}).get("tags", [])
        tags_b = b.get("metadata", {}).get("tags", [])
        assert tags_a == tags_b, f"{translated.name}, code cell {i + 1}: tags differ"


@pytest.mark.parametrize("key", PAIRS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_version_is_written_in_its_language(key: str, lang: str) -> None:
    path = lessons(lang).get(key)
    assert path is not None, f"{key} has no {lang} version"
    told = 0
    for i, cell in enumerate(_cells(path, "markdown")):
        found = language_of(_text(cell["source"]))
        if found is not None:
            told += 1
            assert found == lang, (
                f"{path.relative_to(NOTEBOOKS)}, markdown cell {i + 1} reads as {found}: "
                f"{_text(cell['source'])[:80]!r}"
            )
    assert told, f"{path.name}: no markdown long enough to tell its language"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_links_stay_in_their_language(lang: str) -> None:
    """A lesson links only to lessons of its own language; a start page may also point to the
    other languages' start pages."""
    folder = NOTEBOOKS / lang
    starts = {lessons(other)["00"].resolve() for other in LANGUAGES if "00" in lessons(other)}
    for path in lessons(lang).values():
        for cell in _cells(path, "markdown"):
            for target in LINK.findall(_text(cell["source"])):
                if "://" in target or target.startswith("#") or ".ipynb" not in target:
                    continue
                linked = (path.parent / target.split("#")[0]).resolve()
                assert linked.exists(), f"{path.relative_to(NOTEBOOKS)} links to missing {target}"
                inside = folder.resolve() in linked.parents
                assert inside or (path.name.startswith("00") and linked in starts), (
                    f"{path.relative_to(NOTEBOOKS)} links to {target}, outside notebooks/{lang}"
                )


def test_each_start_page_links_every_lesson_of_its_language() -> None:
    for lang in LANGUAGES:
        found = lessons(lang)
        start = found.get("00")
        assert start is not None, f"notebooks/{lang} has no start page"
        text = "".join(_text(c["source"]) for c in _cells(start, "markdown"))
        linked = {(start.parent / t).resolve() for t in LINK.findall(text) if ".ipynb" in t}
        for key, path in found.items():
            if key != "00":
                assert path.resolve() in linked, f"{start.name} does not link {path.name}"


def test_the_language_checker_tells_the_languages_apart() -> None:
    english = "Each player takes one card from the pile and adds it to their world."
    assert language_of(english) == "en"
    assert language_of("Cada jugador toma una carta de la pila y la suma a su mundo.") == "es"
    assert language_of("## Nuevos Mundos") is None


ENGLISH_ON_SCREEN = re.compile(
    r"\b(games|players?|your|click|cards|wins|Undo|Save|Load|New game|End turn|Next bot)\b"
)
"""English words a table, chart or table of results would show (not "the" or "of", which
a cited book's title may hold)."""


def _shown_text(path: Path) -> list[str]:
    """Every text a reader sees in a stored notebook: outputs and the widgets' saved state."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    texts: list[str] = []
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            texts.append(_text(output.get("text", "")))
            for kind in ("text/plain", "text/html", "image/svg+xml", "text/markdown"):
                texts.append(_text(output.get("data", {}).get(kind, "")))
    state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    for model in state.get("state", {}).values():
        for key in ("value", "description", "tooltip", "placeholder", "_options_labels"):
            value = model.get("state", {}).get(key)
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str) and not item.startswith("data:"):
                    texts.append(item)
    return [re.sub(r"<[^>]+>", " ", t) for t in texts if t]


@pytest.mark.parametrize("key", PAIRS)
def test_a_spanish_lesson_shows_no_english_words(key: str) -> None:
    path = lessons("es").get(key)
    assert path is not None
    for text in _shown_text(path):
        found = ENGLISH_ON_SCREEN.search(text)
        assert found is None, (
            f"{path.name} shows {found.group(0)!r}: {text[max(0, found.start() - 50) :][:120]!r}"
        )


def test_the_english_check_finds_english_in_an_english_lesson() -> None:
    shown = " ".join(_shown_text(ENGLISH["nuevos_mundos/01"]))
    assert ENGLISH_ON_SCREEN.search(shown)
