"""Nuevos Mundos in Spanish, in a real browser: the first lesson opened from notebooks/es/ in
JupyterLab speaks Spanish on its table, in the status line and on the canvas.

The kernel of a notebook in notebooks/es/ speaks Spanish by itself (its folder says so; the
code cells are the same as the English lesson's). The test runs the lesson, reads the status
line from the page, asks the kernel for the words its table drew on the canvas, clicks a hand
card, and compares everything with the Spanish catalog and with a copy of the same table
built here in Spanish.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    NOTEBOOKS,
    Server,
    click_scene_point,
    error_outputs,
    open_in_lab,
    rebuild_table,
    run_all_cells,
    wait_for_change,
    wait_for_pixels,
)

from gamecore.nuevos_mundos.data import BIOMES, biome_label, biome_of, card_label
from gamecore.words import get_language, set_language, t

pytestmark = pytest.mark.browser

LESSON = NOTEBOOKS / "es" / "nuevos_mundos" / "01_como_se_juega.ipynb"
CANVAS = ".jp-OutputArea-output canvas.nm-table-canvas"
ENGLISH = ("Universe board", "Your hand", "Click", "click", "You ", "Greedy bot", "Random bot",
           "to play", "cards in the world", "Game seed")  # fmt: skip
"""Words the English table would draw or say; none may appear in the Spanish lesson."""

JS_KERNEL_PRINTS = """async (code) => {
  // Run code in the notebook's own kernel and return what it printed.
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  let out = '';
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream') out += msg.content.text;
    if (msg.header.msg_type === 'error') out += 'ERROR ' + msg.content.ename;
  };
  await future.done;
  return out;
}"""

SCENE_WORDS = (
    "import json\nprint(json.dumps([s.text for s in table.scene().shapes if hasattr(s, 'text')]))"
)
"""What the table in the kernel has just drawn: the words of its scene, which the canvas
renderer draws in one batch."""


@pytest.fixture
def spanish() -> Iterator[None]:
    before = get_language()
    set_language("es")
    yield
    set_language(before)


def _kernel_scene_words(page: Any) -> list[str]:
    printed = page.evaluate(JS_KERNEL_PRINTS, SCENE_WORDS)
    assert not printed.startswith("ERROR"), printed
    return list(json.loads(printed))


def test_the_spanish_lesson_plays_in_spanish_in_lab(
    lab_page: Any, lab_server: Server, artifacts: Path, spanish: None
) -> None:
    page = lab_page
    mirror = rebuild_table(LESSON)  # the same players and seed, built here in Spanish
    relpath = LESSON.relative_to(NOTEBOOKS).as_posix()
    open_in_lab(page, lab_server, relpath)
    run_all_cells(page)
    assert error_outputs(page) == []
    canvas = page.locator(CANVAS).first
    canvas.scroll_into_view_if_needed()
    assert wait_for_pixels(canvas)["opaque"] > 0, "the table's canvas drew nothing"

    # The status line, as the page shows it: the Spanish opening.
    status = page.locator(".nm-status").first
    opening = " ".join(status.inner_text().split())
    assert t("nuevos_mundos_table.to_play_you", lang="es") in opening, opening
    assert opening == " ".join(mirror.status.text.split())
    assert not [w for w in ENGLISH if w in opening], opening

    # The canvas: the words the kernel's table drew are the Spanish table's words.
    drawn = _kernel_scene_words(page)
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
    drawn = _kernel_scene_words(page)
    assert drawn == [s.text for s in mirror.scene().shapes if hasattr(s, "text")]
    assert t("nuevos_mundos_table.legend_selected", lang="es", card=card_label(card)) in drawn
    assert not [w for w in ENGLISH if any(w in text for text in drawn)], drawn
