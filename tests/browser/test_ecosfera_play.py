"""Ecosfera in JupyterLab, in headless Chromium: lesson 1 runs, and a solo turn is played by
clicks on the EcosferaTable canvas.

The click positions are not guessed: the test builds the notebook's table again in this
process (the same constructor call, so the same seed and options), mirrors every click on it,
and asks its scene where the next card is (``scene().center_of(target)``). The browser must
then show what the mirror shows: the status line changes after each click, the canvas is
redrawn, and End turn moves the game to turn 2.

Screenshots go to test-artifacts/ (git-ignored).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    NOTEBOOKS,
    Server,
    canvas_stats,
    click_scene_point,
    error_outputs,
    full_screenshot,
    open_in_lab,
    rebuild_table,
    run_all_cells,
    wait_for_change,
    wait_for_pixels,
)

from gamecore.ecosfera import Ecosfera
from gamecore.ecosfera.data import ELEMENT_OF, ELEMENTS, is_element

pytestmark = pytest.mark.browser

SOLO_NOTEBOOK = NOTEBOOKS / "ecosfera" / "01_cooperative_solo.ipynb"
OUTPUT = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output"
TALL = {"width": 1400, "height": 1900}
"""A viewport tall enough for the whole table canvas (about 1060 px) and its buttons."""


def first_purchase(game: Ecosfera) -> tuple[list[int], int]:
    """The element cards and the plant of the first plain purchase of this turn (one the line
    pays in full), for the test to click."""
    from gamecore.ecosfera import AcquirePlant

    for action in game.legal_actions():
        if isinstance(action, AcquirePlant):
            return list(action.cards), action.plant
    raise AssertionError("the notebook's first line buys no plant without help")


def _fail_with(page: Any, message: str) -> None:
    console = "\n".join(page.console_errors[-10:])
    pytest.fail(f"{message}\nBrowser console errors:\n{console or '(none)'}", pytrace=False)


def test_solo_lesson_plays_a_turn_by_clicks(
    lab_page: Any, lab_server: Server, artifacts: Path
) -> None:
    page = lab_page
    page.set_viewport_size(TALL)
    from widgets.ecosfera import EcosferaTable

    mirror = rebuild_table(SOLO_NOTEBOOK, EcosferaTable)
    assert mirror.game.turns == 0 and len(mirror.game.players) == 1
    elements, plant = first_purchase(mirror.game)

    relpath = SOLO_NOTEBOOK.relative_to(NOTEBOOKS).as_posix()
    open_in_lab(page, lab_server, relpath)
    seconds = run_all_cells(page)
    errors = error_outputs(page)
    if errors:
        full_screenshot(page, artifacts / "ecosfera_play_jupyterlab.png")
        _fail_with(page, f"{relpath} shows error output(s):\n{errors[0]}")
    print(f"{relpath}: ran in JupyterLab in {seconds:.1f} s")

    canvas = page.locator(f"{OUTPUT} canvas.eco-table-canvas").first
    canvas.wait_for(state="visible")
    canvas.scroll_into_view_if_needed()
    stats = wait_for_pixels(canvas, minimum=10_000)
    assert stats["opaque"] > 0, "the Ecosfera table canvas is blank"
    scene = mirror.scene()
    assert (stats["width"], stats["height"]) == (scene.width, scene.height), stats
    status = page.locator(".eco-status").first
    assert "turn 1" in status.inner_text()

    def click(target: str) -> str:
        """Click ``target`` in the browser and on the mirror; return the browser's new status
        once the status line and the canvas have both changed."""
        x, y = mirror.scene().center_of(target)
        before_text, before_pixels = status.inner_text(), canvas_stats(canvas)["checksum"]
        click_scene_point(canvas, x, y)
        mirror.click_target(target)
        text, _ = wait_for_change(status.inner_text, before_text, timeout=10)
        if text == before_text:
            _fail_with(page, f"a click on {target} at ({x:.0f}, {y:.0f}) left the status {text!r}")
        pixels, _ = wait_for_change(
            lambda: canvas_stats(canvas)["checksum"], before_pixels, timeout=10
        )
        assert pixels != before_pixels, f"the canvas was not redrawn after a click on {target}"
        print(f"{target} at ({x:.0f}, {y:.0f}): {text!r}")
        return text

    p = mirror.game.turn_player
    for code in elements:
        text = click(f"line:{p}:{code}")
        assert ELEMENTS[ELEMENT_OF[code]] in text.lower(), text
    assert sorted(mirror.selected) == sorted(elements)
    text = click(f"plant:{plant}")
    name = mirror.game.cards.card(plant).name
    assert f"for {name}" in text, text
    assert plant in mirror.game.lines[p] and mirror.game.achieved
    assert all(is_element(c) for c in elements)

    end_turn = page.locator(".eco-end-turn").first
    if end_turn.evaluate("e => e.tagName") != "BUTTON":
        end_turn = end_turn.locator("button").first
    assert end_turn.is_enabled()
    before_text, before_pixels = status.inner_text(), canvas_stats(canvas)["checksum"]
    end_turn.click()
    mirror.end_turn()
    text, _ = wait_for_change(status.inner_text, before_text, timeout=10)
    pixels, _ = wait_for_change(lambda: canvas_stats(canvas)["checksum"], before_pixels)
    print(f"after End turn: {text!r}")
    assert mirror.game.turns == 1
    assert "turn 2" in text, f"End turn did not move the game to turn 2: {text!r}"
    assert "ended your turn" in text, text
    assert pixels != before_pixels, "the canvas was not redrawn after End turn"
    assert error_outputs(page) == []

    canvas.screenshot(path=str(artifacts / "ecosfera_table_after_turn_1.png"))
    full_screenshot(page, artifacts / "ecosfera_play_jupyterlab.png")
