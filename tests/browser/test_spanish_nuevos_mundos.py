"""Nuevos Mundos in Spanish, in a real browser: the first lesson opened from notebooks/es/ in
JupyterLab speaks Spanish on its table, in the status line and on the canvas.

The kernel of a notebook in notebooks/es/ speaks Spanish by itself (its folder says so; the
code cells are the same as the English lesson's). The test runs the lesson, reads the status
line from the page, asks the kernel for the words its table drew on the canvas, clicks a hand
card, and compares everything with the Spanish catalog and with a copy of the same table
built here in Spanish.
"""

from __future__ import annotations

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

from gamecore.nuevos_mundos.data import BIOMES, biome_label, biome_of, card_label
from gamecore.words import t

pytestmark = pytest.mark.browser

LESSON = NOTEBOOKS / "es" / "nuevos_mundos" / "01_como_se_juega.ipynb"
CANVAS = ".jp-OutputArea-output canvas.nm-table-canvas"
ENGLISH = ("Universe board", "Your hand", "Click", "click", "You ", "Greedy bot", "Random bot",
           "to play", "cards in the world", "Game seed")  # fmt: skip
"""Words the English table would draw or say; none may appear in the Spanish lesson."""


def test_the_spanish_lesson_plays_in_spanish_in_lab(
    lab_page: Any, lab_server: Server, artifacts: Path, spanish: None
) -> None:
    page = lab_page
    mirror = rebuild_table(LESSON)  # the same players and seed, built here in Spanish
    canvas = run_lesson_table(page, lab_server, LESSON, CANVAS)

    # The status line, as the page shows it: the Spanish opening.
    status = page.locator(".nm-status").first
    opening = " ".join(status.inner_text().split())
    assert t("nuevos_mundos_table.to_play_you", lang="es") in opening, opening
    assert opening == " ".join(mirror.status.text.split())
    assert not [w for w in ENGLISH if w in opening], opening

    # The canvas: the words the kernel's table drew are the Spanish table's words.
    drawn = kernel_scene_words(page)
    assert drawn == [s.text for s in mirror.scene().shapes if hasattr(s, "text")]
    assert t("nuevos_mundos_table.legend_choose", lang="es") in drawn
    assert "Tú (te toca)" in drawn and "Bot voraz" in drawn
    assert not [w for w in ENGLISH if any(w in text for text in drawn)], drawn

    # One click on a hand card: the kernel says, in Spanish, which card was chosen.
    scene = mirror.scene()
    target = next(x for x in scene.targets() if x.startswith("hand:"))
    x, y = scene.center_of(target)
    click_scene_point(canvas, x, y)
    mirror.click(x, y)
    card = int(target.split(":")[1])
    chosen = t(
        "nuevos_mundos_table.selected",
        lang="es",
        card=card_label(card),
        biome=biome_label(BIOMES.index(biome_of(card))),
    )
    after, _ = wait_for_change(lambda: " ".join(status.inner_text().split()), opening)
    page.screenshot(path=str(artifacts / "spanish_nuevos_mundos_selected.png"))
    assert chosen in after, f"clicked {target}; the page says {after!r}"
    assert " ".join(mirror.status.event.split()) in after  # the page puts a "·" between parts
    drawn = kernel_scene_words(page)
    assert drawn == [s.text for s in mirror.scene().shapes if hasattr(s, "text")]
    assert t("nuevos_mundos_table.legend_selected", lang="es", card=card_label(card)) in drawn
    assert not [w for w in ENGLISH if any(w in text for text in drawn)], drawn
