"""Every word a student or teacher reads, one catalog per language.

Code never builds user-facing sentences by hand: it names a key and gives the values,
and the catalog of the chosen language says how to put them in words::

    from gamecore.words import t
    t("core.moves_played", n=3)          # '3 moves played'
    t("core.moves_played", n=1)          # '1 move played'

A catalog is a folder per language (``gamecore/words/en/``, ``…/es/``) of JSON files; each
file is a namespace (``core.json`` holds the keys ``core.*``), so a game's words and a
table's words live in files of their own. A value is either a text with ``{name}``
placeholders (``str.format``), or, for words that depend on a number, an object of plural
forms ``{"one": "...", "other": "..."}`` chosen by the keyword ``n``.

``set_language("es")`` sets the process default; ``t(..., lang="es")`` or a widget's own
``lang`` overrides it. English is the reference catalog: a key missing from another
declared language falls back to English at run time, and the test suite fails on it.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import os
import unicodedata
from collections.abc import Callable, Iterator
from functools import cache, wraps
from importlib import resources
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

LANGUAGES: tuple[str, ...] = ("en", "es")
"""The declared languages, reference first (a language listed here must be complete)."""

LANGUAGE_VARIABLE = "MUNDOS_LANG"
"""Environment variable that chooses the language of a process (``es``, ``en``)."""


def language_of_place(folder: str | os.PathLike[str] | None = None) -> str:
    """The language a process starts in: ``$MUNDOS_LANG`` if it names a declared language,
    else the nearest folder around ``folder`` (default: the working directory) that is named
    after one (``notebooks/es/ecosfera`` -> ``es``), else English.

    A lesson's kernel, nbval and Voila all start in the notebook's own folder, so the Spanish
    and English lessons share identical code cells and still speak their own language; a
    lesson copied with its language folder keeps its language."""
    chosen = os.environ.get(LANGUAGE_VARIABLE, "").strip().lower()
    if chosen in LANGUAGES:
        return chosen
    try:
        here = Path(folder if folder is not None else os.getcwd()).resolve()
    except OSError:  # the working directory was deleted under us
        return LANGUAGES[0]
    for place in (here, *here.parents):
        if place.name in LANGUAGES:
            return place.name
    return LANGUAGES[0]


_language = language_of_place()

Entry = str | dict[str, str]


class UnknownLanguage(ValueError):
    """A language the catalog does not have."""


_speaking: contextvars.ContextVar[str | None] = contextvars.ContextVar("speaking", default=None)
"""The language of one piece of work (``speaking``), over the process's: each thread, task
and copied context has its own, so a server's pages in two languages never mix."""


def set_language(lang: str) -> None:
    """Choose the language of everything the process says from now on."""
    global _language
    _language = check_language(lang)


def get_language() -> str:
    """The language of the moment: ``speaking``'s inside one, else the one chosen by
    ``set_language`` (until then, ``language_of_place()``)."""
    return _speaking.get() or _language


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Everything said inside the block (in this thread or task only) is in ``lang``; the
    process's language, and every other thread's, stay as they were."""
    token = _speaking.set(check_language(lang))
    try:
        yield
    finally:
        _speaking.reset(token)


def check_language(lang: str) -> str:
    """``lang`` if it is a declared language, else an error that lists the choices."""
    if lang not in LANGUAGES:
        raise UnknownLanguage(
            t("core.unknown_language", language=repr(lang), languages=", ".join(LANGUAGES))
        )
    return lang


@cache
def catalog(lang: str) -> dict[str, Entry]:
    """Every key of one language: ``namespace.key`` -> text or plural forms."""
    entries: dict[str, Entry] = {}
    folder = resources.files("gamecore.words").joinpath(lang)
    for item in sorted(folder.iterdir(), key=lambda f: f.name):
        if not item.name.endswith(".json"):
            continue
        namespace = item.name[: -len(".json")]
        data = json.loads(item.read_text(encoding="utf-8"))
        for key, value in data.items():
            if key.startswith("_"):  # "_comment" and other notes for translators
                continue
            entries[f"{namespace}.{key}"] = value
    return entries


def plural_form(lang: str, n: float) -> str:
    """Which plural form a number takes ("one" or "other"; the same in English and Spanish)."""
    return "one" if n == 1 else "other"


def t(key: str, /, lang: str | None = None, **values: Any) -> str:
    """The words for ``key`` in ``lang`` (default: the process language), filled in."""
    lang = lang or get_language()
    entry = catalog(lang).get(key)
    if entry is None and lang != LANGUAGES[0]:
        entry = catalog(LANGUAGES[0]).get(key)
    if entry is None:
        raise KeyError(f"no words for {key!r} in the catalog")
    if isinstance(entry, dict):
        entry = entry[plural_form(lang, values["n"])]
    return entry.format(**values) if values else entry


def has(key: str, lang: str | None = None) -> bool:
    """Whether the catalog of ``lang`` (default: English) has ``key``."""
    return key in catalog(lang or LANGUAGES[0])


def you_name(lang: str | None = None) -> str:
    """The default name of the human seat in ``lang`` ("You", "Tú")."""
    return t("table.you_name", lang=lang)


def is_you(name: str) -> bool:
    """Whether ``name`` is the default human seat's, in any language.

    A game stores its players' names (and a save file keeps them), so a game started in
    English and loaded at a Spanish table still has a seat called "You": that seat is
    spoken to as "tú" all the same.
    """
    return any(name == you_name(lang) for lang in LANGUAGES)


def about(key: str, name: str, /, **values: Any) -> str:
    """The sentence ``key`` about the player ``name``: ``<key>_you`` when ``name`` is the
    default human ("your hand", "tu mano"), else ``key`` ("Ana's hand", "la mano de Ana").

    Whole sentences, never a possessive glued before a noun: Spanish puts "tu" before the
    noun and "de Ana" after it, and conjugates the verb for "tú". ``name`` is passed to the
    sentence as ``{name}``; ``values`` fill the rest (a placeholder a sentence does not use is
    ignored). The engine's event sentences and every table use it.
    """
    chosen = f"{key}_you" if is_you(name) and has(f"{key}_you") else key
    return t(chosen, **{"name": name, **values})


_P = ParamSpec("_P")
_T = TypeVar("_T")


def once_per_language(limit: int) -> Callable[[Callable[_P, _T]], Callable[_P, _T]]:
    """A decorator: the function (of hashable values, its words in the language spoken now)
    remembers what it gave for each call in each language, up to ``limit`` calls (all
    forgotten when it is full). A call with an unhashable value is made afresh. For work
    that is the same after every move, such as a tile described or a card drawn again when
    a table is redrawn (``said_once`` here, ``widgets.scene.drawn_once``)."""

    def decorate(make: Callable[_P, _T]) -> Callable[_P, _T]:
        kept: dict[object, _T] = {}

        @wraps(make)
        def remembered(*args: _P.args, **kwargs: _P.kwargs) -> _T:
            key = (get_language(), args, tuple(kwargs.items()))
            try:
                return kept[key]
            except KeyError:
                pass
            except TypeError:
                return make(*args, **kwargs)
            if len(kept) >= limit:
                kept.clear()
            value = kept[key] = make(*args, **kwargs)
            return value

        return remembered

    return decorate


SAID_KEPT = 1 << 14
"""How many sentences each ``said_once`` function keeps (all forgotten when it is full)."""


def said_once(say: Callable[_P, str]) -> Callable[_P, str]:
    """``say`` remembering what it said in each language (``once_per_language``): a board
    or a tile described again, as a table redrawn after every move does, costs a look-up."""
    return once_per_language(SAID_KEPT)(say)


def missing(lang: str) -> list[str]:
    """The reference keys that ``lang`` lacks (empty for a complete translation)."""
    return sorted(catalog(LANGUAGES[0]).keys() - catalog(lang).keys())


def join_words(parts: list[str] | tuple[str, ...], lang: str | None = None) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the language's own way (Spanish ``y`` becomes
    ``e`` before an "i" sound: "aguja e hilo", but "sol y hielo")."""
    return _join(parts, "core.list_last", ("i", "core.list_last_before_i"), lang)


def join_alternatives(parts: list[str] | tuple[str, ...], lang: str | None = None) -> str:
    """``a``, ``a or b``, ``a, b or c``: a choice of one (Spanish ``o``, ``u`` before an
    "o" sound: "suricata u oso polar")."""
    return _join(parts, "core.list_last_or", ("o", "core.list_last_or_before_o"), lang)


def _join(
    parts: list[str] | tuple[str, ...], last: str, before: tuple[str, str], lang: str | None
) -> str:
    """The parts joined, ``last`` before the final one (``before``: a sound and the key
    to use instead when the final part starts with it)."""
    parts = list(parts)
    if len(parts) <= 1:
        return "".join(parts)
    sound, instead = before
    if _first_sound(parts[-1]) == sound:
        last = instead
    return t("core.list_joiner", lang=lang).join(parts[:-1]) + t(last, lang=lang) + parts[-1]


def _first_sound(word: str) -> str:
    """The vowel sound a word starts with when it is "i" or "o" (a silent h skipped; "hie",
    "hia"... start with a "y" sound), else "". The catalogs of languages without such a
    rule give the same joiner for every sound."""
    plain = unicodedata.normalize("NFD", word.strip().lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    if plain.startswith("h"):
        plain = plain[1:]
    if plain.startswith("i") and plain[1:2] not in ("a", "e", "o", "u"):
        return "i"
    return "o" if plain.startswith("o") else ""


def number(value: float, digits: int = 0, lang: str | None = None) -> str:
    """``value`` written the language's way in prose: English ``12,345.6``; Spanish
    ``12 345,6`` (decimal comma; a non-breaking space groups thousands only from five digits
    on, as the RAE and school books do: ``1234`` but ``12 345``)."""
    lang = lang or get_language()
    text = f"{value:,.{digits}f}"  # English: 12,345.6
    if lang == "en":
        return text
    whole, _, fraction = text.partition(".")
    if len(whole.replace(",", "").lstrip("-")) <= 4:
        whole = whole.replace(",", "")
    whole = whole.replace(",", "\u00a0")
    return f"{whole},{fraction}" if fraction else whole


def percent(fraction: float, digits: int = 0, lang: str | None = None) -> str:
    """A share (0.451) as a percentage: English ``45.1%``, Spanish ``45,1 %`` (the RAE
    separates the sign with a non-breaking space)."""
    lang = lang or get_language()
    written = number(fraction * 100, digits, lang)
    return f"{written}%" if lang == "en" else f"{written}\u00a0%"
