"""Ecosfera in Spanish, in a real browser: the first lesson opened from notebooks/es/ in
JupyterLab speaks Spanish on its table, in the status line and on the canvas.

The kernel of a notebook in notebooks/es/ speaks Spanish by itself (its folder says so; the
code cells are the same as the English lesson's). The test runs the lesson, reads the status
line from the page, asks the kernel for the words its table drew on the canvas (the scene the
canvas renderer draws in one batch), buys a plant by clicks on the canvas, and compares
everything with the Spanish catalog and with a copy of the same table built here in Spanish.
A table that drew or said English would fail on the catalog's words, on the species' Spanish
names and on the list of English words below.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    NOTEBOOKS,
    Server,
    click_scene_point,
    kernel_scene_words,
    rebuild_table,
    run_lesson_table,
    wait_for_change,
)

from gamecore.ecosfera import AcquirePlant
from gamecore.ecosfera.data import ELEMENT_OF, ELEMENTS, species_name
from gamecore.words import join_words, t

pytestmark = pytest.mark.browser

LESSON = NOTEBOOKS / "es" / "ecosfera" / "01_solitario_cooperativo.ipynb"
CANVAS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output canvas.eco-table-canvas"
TALL = {"width": 1400, "height": 1900}
"""A viewport tall enough for the whole table canvas and its buttons."""

ENGLISH = ("Animal kingdom", "Plant & fungi", "cards left", "Your turn", "Your line", "Click",
           "click", "You", "your", "used", "USED", "Deck", "Discard", "level", "turn", "Game seed",
           "Biome tiles", "Extinction", "paid", "Grey wolf", "Porcini", "Norway spruce",
           "Golden chanterelle", "Wolverine")  # fmt: skip
"""Words the English table would draw or say (whole words); none may appear in Spanish."""


def english_in(texts: list[str] | str) -> list[str]:
    """The English words of ``ENGLISH`` found in the texts (whole words only: "turno" is
    Spanish, "turn" is not)."""
    joined = " ".join([texts] if isinstance(texts, str) else texts)
    return [w for w in ENGLISH if re.search(rf"(?<![\w&]){re.escape(w)}(?!\w)", joined)]


def _words(text: str) -> str:
    """A status line's words, as ``StatusLine.text`` joins them (the page puts a " · "
    between the turn, the event and the problem)."""
    return " ".join(w for w in text.split() if w != "·")


def test_the_spanish_solo_lesson_plays_in_spanish_in_lab(
    lab_page: Any, lab_server: Server, artifacts: Path, spanish: None
) -> None:
    page = lab_page
    page.set_viewport_size(TALL)
    from widgets.ecosfera.table import EcosferaTable

    mirror = rebuild_table(LESSON, EcosferaTable)  # the same seed and level, built in Spanish
    canvas = run_lesson_table(page, lab_server, LESSON, CANVAS, minimum=10_000)

    # The status line, as the page shows it: the Spanish opening, the mirror's words.
    status = page.locator(".eco-status").first
    opening = _words(status.inner_text())
    assert t("ecosfera_table.turn_player_you", lang="es", turn=1) in opening, opening
    assert opening == _words(mirror.status.text)
    assert english_in(opening) == [], opening

    # The canvas: the words the kernel's table drew are the Spanish table's words.
    drawn = kernel_scene_words(page)
    assert drawn == [s.text for s in mirror.scene().shapes if hasattr(s, "text")]
    assert t("ecosfera_table.animal_row_title", lang="es") in drawn
    assert t("ecosfera_table.plant_row_title", lang="es") in drawn
    cards = mirror.game.cards
    wolf = cards.card(mirror.game.animal_row[1])
    assert species_name(wolf, "es") == "Lobo gris" and "Lobo gris" in drawn
    assert english_in(drawn) == [], drawn

    # A purchase by clicks: the line's element cards, then the plant they pay for.
    player = mirror.game.turn_player
    purchase = next(a for a in mirror.game.legal_actions() if isinstance(a, AcquirePlant))
    plant = species_name(cards.card(purchase.plant), "es")
    elements = []
    for target in [f"line:{player}:{code}" for code in purchase.cards] + [
        f"plant:{purchase.plant}"
    ]:
        before = _words(status.inner_text())
        x, y = mirror.scene().center_of(target)
        click_scene_point(canvas, x, y)
        mirror.click_target(target)
        after, _ = wait_for_change(lambda: _words(status.inner_text()), before)
        assert after == _words(mirror.status.text), f"after a click on {target}: {after!r}"
        assert english_in(str(after)) == [], after
        if target.startswith("line:"):
            code = int(target.split(":")[2])
            elements.append(t(f"ecosfera.element_{ELEMENTS[ELEMENT_OF[code]]}"))
            assert t("ecosfera_table.selected", cards=join_words(elements)) in str(after)
    page.screenshot(path=str(artifacts / "spanish_ecosfera_bought.png"))
    assert purchase.plant in mirror.game.lines[player], "the mirror bought the plant"
    assert plant in str(after), f"the status after the purchase names {plant}: {after!r}"
    drawn = kernel_scene_words(page)
    assert drawn == [s.text for s in mirror.scene().shapes if hasattr(s, "text")]
    assert t("pictures.eco_used", lang="es") in drawn
    assert english_in(drawn) == [], drawn
