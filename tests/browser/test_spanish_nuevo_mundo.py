"""Nuevo Mundo in Spanish, in a real browser: lesson 1 opened from notebooks/es/ in JupyterLab,
on a school laptop's screen (1366x768, the file browser open), speaks Spanish on its table,
in its buttons, in its status line and on the canvas, while a student enters the board and
places troops by clicks.

The kernel of a notebook in notebooks/es/ speaks Spanish by itself (its folder says so). The
test builds the same table here in Spanish and mirrors every click on it (``Play`` of the
English Lab test), and compares the page with the mirror after every step: the status line,
the buttons' words, and the words the kernel's table drew on the canvas. The English words to
look out for are not a hand-written list: they are the words the same table draws in English
and not in Spanish, so a word left untranslated anywhere on the canvas fails the test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    JS_KERNEL_PRINTS,
    NOTEBOOKS,
    Server,
    error_outputs,
    kernel_scene_words,
    rebuild_table,
)
from test_nuevo_mundo_play import LAPTOP, OUTPUT, _words, run_lesson_1

from gamecore.words import set_language

pytestmark = pytest.mark.browser

LESSON = NOTEBOOKS / "es" / "nuevo_mundo" / "01_como_se_juega.ipynb"
NAME_THE_TABLE = (
    "table = [v for v in Out.values() if type(v).__name__ == 'NuevoMundoTable'][-1]\n"
    "print(type(table).__name__)"
)
"""The table the lesson's last cell showed (IPython keeps it in ``Out``), as ``table``."""


def drawn_words(table: Any) -> list[str]:
    return [s.text for s in table.scene().shapes if hasattr(s, "text")]


def english_only(spanish_words: list[str]) -> set[str]:
    """The words the lesson's table draws in English but never in Spanish (whole texts of
    at least two letters, so a number or a region's code is not counted)."""
    set_language("en")
    try:
        from widgets.nuevo_mundo.table import NuevoMundoTable

        english = drawn_words(rebuild_table(LESSON, NuevoMundoTable))
    finally:
        set_language("es")
    return {w for w in english if w not in spanish_words and sum(c.isalpha() for c in w) >= 2}


def test_the_spanish_lesson_1_table_plays_in_spanish_in_lab(
    lab_page: Any, lab_server: Server, artifacts: Path, spanish: None
) -> None:
    from gamecore.nuevo_mundo.actions import PlaceCQ, Settle
    from widgets.nuevo_mundo.table import NuevoMundoTable

    page = lab_page
    page.set_viewport_size(LAPTOP)
    mirror = rebuild_table(LESSON, NuevoMundoTable)  # built here in Spanish
    game = mirror.game
    english = english_only(drawn_words(mirror))
    assert english, "the English table draws words of its own (the check below has teeth)"

    play = run_lesson_1(page, lab_server, LESSON, mirror, artifacts, "spanish_nuevo_mundo")
    # the lesson's last cell shows its table without naming it: the kernel names it ``table``
    named = page.evaluate(JS_KERNEL_PRINTS, NAME_THE_TABLE)
    assert named.strip() == "NuevoMundoTable", named

    def same_as_the_mirror(step: str) -> None:
        """The page's canvas words are the Spanish mirror's, none of them English, and every
        button says what the mirror's does."""
        drawn = kernel_scene_words(page)
        assert drawn == drawn_words(mirror), f"after {step}"
        assert not english & set(drawn), (
            f"after {step}: English on the canvas {english & set(drawn)}"
        )
        shown = _words(play.status.inner_text())
        assert not [w for w in english if f" {w} " in f" {shown} "], f"after {step}: {shown!r}"
        for k, choice in enumerate(mirror.choices()):
            button = page.locator(f"{OUTPUT} button.nmundo-choice-{k + 1}").first
            shown = _words(button.inner_text())  # "1. Tomar ...": its key, then its words
            assert shown.endswith(_words(choice.label)), f"after {step}: {shown!r}"

    opening = play.settle("running the lesson")  # every part of the mirror's status is shown
    assert mirror.status.turn.startswith("Te toca"), opening
    same_as_the_mirror("running the lesson")
    play.screenshot(artifacts / "spanish_nuevo_mundo_start.png")

    # Entering the board: a free region, its «build» button, a face-up card.
    free = [a.region for a in game.legal_actions() if isinstance(a, Settle)]
    assert free, mirror.status.text
    home = game.region_name(free[0])
    play.region(home)
    build = next(c.label for c in mirror.choices() if isinstance(c.action, Settle))
    assert home in build, build
    play.press(build)
    same_as_the_mirror("building the first settlement")
    play.click("faceup:0")
    assert game.stage == "place" and game.current_player == 0, mirror.status.text
    same_as_the_mirror("taking a face-up card")

    # Placing: the home region, then the troops' buttons until the turn moves on.
    play.region(home)
    place = next(c.label for c in mirror.choices() if isinstance(c.action, PlaceCQ))
    play.press(place)
    same_as_the_mirror("placing troops")
    while game.stage == "place" and game.current_player == 0:
        play.press(mirror.choices()[0].label)
    assert game.stage == "operate", mirror.status.text
    same_as_the_mirror("the placement's end")
    play.screenshot(artifacts / "spanish_nuevo_mundo_placed.png")
    assert error_outputs(page) == []
