"""The catalog of words: every declared language is complete, placeholders agree, and every
key the code names exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from gamecore import words
from gamecore.words import LANGUAGES, catalog, missing, t

ROOT = Path(__file__).resolve().parents[1]
KEY_IN_CODE = re.compile(
    r"""\b(?:t|refuse|Refusal|about)\(\s*["']([a-z0-9_]+\.[A-Za-z0-9_.]+)["']"""
)
"""A catalog key written out in the code: words (``t``), a refusal (``refuse``, ``Refusal``)
or a sentence about a player (``about``)."""


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _texts(entry: words.Entry) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_declared_language_has_every_key(lang: str) -> None:
    assert missing(lang) == [], f"{lang} lacks translations for: {missing(lang)}"


def test_translations_use_the_same_placeholders() -> None:
    reference = catalog(LANGUAGES[0])
    translated = [(lang, key, e) for lang in LANGUAGES for key, e in catalog(lang).items()]
    for lang, key, entry in translated:
        wanted = set().union(*(_fields(x) for x in _texts(reference[key])))
        got = set().union(*(_fields(x) for x in _texts(entry)))
        assert got <= wanted | {"n"}, f"{lang} {key}: unknown placeholders {got - wanted}"


def test_plural_entries_have_both_forms() -> None:
    for lang in LANGUAGES:
        for key, entry in catalog(lang).items():
            if isinstance(entry, dict):
                assert set(entry) == {"one", "other"}, f"{lang} {key}"


def test_every_key_named_in_the_code_exists() -> None:
    sources = [*ROOT.glob("gamecore/**/*.py"), *ROOT.glob("widgets/**/*.py")]
    named = {key for path in sources for key in KEY_IN_CODE.findall(path.read_text("utf-8"))}
    assert len(named) > 500  # the pattern still finds the code's keys
    for lang in LANGUAGES:
        unknown = sorted(key for key in named if key not in catalog(lang))
        assert unknown == [], lang


def test_plurals_and_lists() -> None:
    assert t("core.moves_played", n=1) == "1 move played"
    assert t("core.moves_played", n=2) == "2 moves played"
    assert words.join_words(["sun", "water", "air"]) == "sun, water and air"


def test_an_unknown_language_is_refused_in_words() -> None:
    with pytest.raises(words.UnknownLanguage, match="choose one of"):
        words.set_language("xx")
    assert words.get_language() == "en"


# --------------------------------------------------------------------------- where a process starts


def test_a_process_speaks_the_language_of_its_folder(tmp_path, monkeypatch) -> None:
    """Lessons share identical code cells; their folder (notebooks/es/…) picks the language."""
    from gamecore.words import LANGUAGE_VARIABLE, language_of_place

    monkeypatch.delenv(LANGUAGE_VARIABLE, raising=False)
    lesson = tmp_path / "notebooks" / "es" / "ecosfera"
    lesson.mkdir(parents=True)
    assert language_of_place(lesson) == "es"
    assert language_of_place(tmp_path / "notebooks" / "en") == "en"
    assert language_of_place(tmp_path) == "en"  # no language folder: the reference language
    (tmp_path / "fr").mkdir()
    assert language_of_place(tmp_path / "fr") == "en"  # only declared languages count


def test_the_environment_variable_wins_over_the_folder(tmp_path, monkeypatch) -> None:
    from gamecore.words import LANGUAGE_VARIABLE, language_of_place

    (tmp_path / "en").mkdir()
    monkeypatch.setenv(LANGUAGE_VARIABLE, "ES")
    assert language_of_place(tmp_path / "en") == "es"
    monkeypatch.setenv(LANGUAGE_VARIABLE, "klingon")  # not a language: the folder decides
    assert language_of_place(tmp_path / "en") == "en"


def test_numbers_are_written_the_way_of_each_language() -> None:
    from gamecore.words import number, percent

    assert number(12345.6, 1, lang="en") == "12,345.6"
    assert number(12345.6, 1, lang="es") == "12\u00a0345,6"
    assert number(1234, lang="es") == "1234"  # four digits: no grouping in Spanish
    assert number(-1234567, lang="es") == "-1\u00a0234\u00a0567"
    assert number(3.5, 1, lang="es") == "3,5"
    assert percent(0.451, 1, lang="en") == "45.1%"
    assert percent(0.451, 1, lang="es") == "45,1\u00a0%"
    assert percent(1, lang="es") == "100\u00a0%"
