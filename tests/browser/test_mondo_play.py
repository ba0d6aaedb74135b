"""Mondo in headless Chromium: lesson 1's table in JupyterLab on a school laptop's screen
(1366x768, file browser open) and the Mondo app in Voila.

Mondo is played in real time, so the test cannot mirror every move in this process (the
rivals act on the browser's clock). It mirrors what does not depend on the deal: where the
heap's tiles and the board's spaces lie on the canvas (``scene.center_of``), and what each
click must say on the status line. It checks that the countdown runs in the browser and
reaches Python (the time left goes down), that clicks take and place a tile, and that keys
on the canvas take, flip, put back and jump out (the student's part of the round). Screenshots
go to test-artifacts/ (git-ignored).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    NOTEBOOKS,
    REPO,
    Server,
    error_outputs,
    full_screenshot,
    open_in_lab,
    run_all_cells,
    wait_for_change,
    wait_for_pixels,
)

pytestmark = pytest.mark.browser

LESSON = NOTEBOOKS / "en" / "mondo" / "01_how_to_play.ipynb"
APP = REPO / "notebooks" / "apps" / "mondo.ipynb"
LAPTOP = {"width": 1366, "height": 768}
OUTPUT = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output"
LOAD_TIMEOUT_MS = 90_000


def scene_point(target: str) -> tuple[float, float]:
    """Where ``target`` lies on a Mondo table (the layout does not depend on the deal)."""
    from widgets.mondo.table import MondoTable

    return MondoTable(seed=1).canvas.scene.center_of(target)


def _fail(page: Any, message: str, shot: Path) -> None:
    page.screenshot(path=str(shot))
    console = "\n".join(page.console_errors[-10:]) or "(none)"
    pytest.fail(f"{message}\nBrowser console errors:\n{console}", pytrace=False)


def _click(page: Any, canvas: Any, target: str) -> None:
    """A real mouse click where ``target`` is drawn, wherever Lab has scrolled the canvas."""
    x, y = scene_point(target)
    canvas.scroll_into_view_if_needed()
    rect = canvas.evaluate("e => e.getBoundingClientRect().toJSON()")
    width = canvas.evaluate("e => e.width")
    height = canvas.evaluate("e => e.height")
    px = rect["left"] + x * rect["width"] / width
    py = rect["top"] + y * rect["height"] / height
    page.mouse.move(px, py)
    page.mouse.down()
    page.mouse.up()


def _status_after(page: Any, status: Any, act: Callable[[], None], words: str, shot: Path) -> str:
    """Do ``act`` and wait until the status line says ``words``."""
    act()
    text, _ = wait_for_change(lambda: words in status.inner_text(), False, timeout=15)
    if not text:
        said = status.inner_text()
        _fail(page, f"after the action the status says {said!r}, not {words!r}", shot)
    return str(status.inner_text())


def play_a_little(page: Any, root: str, shot: Path) -> None:
    """Start the timer, check it reaches Python, take and place a tile by clicks, then take,
    flip and put back a tile by keys."""
    canvas = page.locator(f"{root} canvas.mondo-table-canvas").first
    canvas.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    canvas.scroll_into_view_if_needed()
    if wait_for_pixels(canvas, minimum=10_000)["opaque"] == 0:
        _fail(page, "the Mondo table's canvas stayed blank", shot)
    status = page.locator(f"{root} .mondo-status").first
    assert "▶" in status.inner_text(), status.inner_text()
    clock = page.locator(f"{root} .mondo-time").first
    before = clock.inner_text()
    page.locator(f"{root} .mondo-play button").first.click()  # ▶
    after, waited = wait_for_change(clock.inner_text, before, timeout=15)
    if after == before:
        _fail(page, f"the timer did not reach Python: still {before!r}", shot)
    print(f"the countdown reached Python after {waited:.1f} s: {before!r} -> {after!r}")
    _status_after(page, status, lambda: _click(page, canvas, "heap:0"), "You took a tile", shot)
    text = _status_after(
        page, status, lambda: _click(page, canvas, "space:1:1"), "You placed a tile", shot
    )
    assert "space 8" in text, text
    # keys go to the canvas once it has the focus (a click on it gives it)
    canvas.focus()
    _status_after(page, status, lambda: page.keyboard.press("3"), "You took a tile", shot)
    _status_after(page, status, lambda: page.keyboard.press("f"), "Flipped", shot)
    _status_after(page, status, lambda: page.keyboard.press("b"), "You put a tile back", shot)
    # the student's round ends by a key too: J jumps out with the top bonus chip
    _status_after(page, status, lambda: page.keyboard.press("j"), "You jumped out", shot)


def test_lesson_1_plays_a_round_by_clicks_and_keys_in_lab(
    lab_page: Any, lab_server: Server, artifacts: Path
) -> None:
    page = lab_page
    page.set_viewport_size(LAPTOP)
    relpath = LESSON.relative_to(NOTEBOOKS).as_posix()
    open_in_lab(page, lab_server, relpath, file_browser=True)
    seconds = run_all_cells(page)
    errors = error_outputs(page)
    if errors:
        full_screenshot(page, artifacts / "mondo_lesson1_lab.png")
        _fail(page, f"{relpath} shows error output(s):\n{errors[0]}", artifacts / "mondo_err.png")
    print(f"{relpath}: ran in JupyterLab in {seconds:.1f} s")
    play_a_little(page, OUTPUT, artifacts / "mondo_lab_failed.png")
    canvas = page.locator(f"{OUTPUT} canvas.mondo-table-canvas").first
    canvas.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "mondo_lab_laptop.png"))
    assert error_outputs(page) == []


def test_the_mondo_app_plays_in_voila(
    page: Any, voila: Callable[[Path], Server], artifacts: Path
) -> None:
    page.set_viewport_size(LAPTOP)
    server = voila(APP)
    page.goto(f"{server.base_url}/?token={server.token}", wait_until="domcontentloaded")
    play_a_little(page, "body", artifacts / "mondo_voila_failed.png")
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "mondo_voila_laptop.png"))
