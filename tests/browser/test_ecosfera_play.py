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

SOLO_NOTEBOOK = NOTEBOOKS / "en" / "ecosfera" / "01_cooperative_solo.ipynb"
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


LAPTOP = {"width": 1366, "height": 768}
TURNS = 4


def _button(page: Any, css: str) -> Any:
    found = page.locator(f"button.{css}, .{css} button").first
    found.wait_for(state="visible")
    return found


def test_solo_lesson_plays_turns_by_clicks(
    lab_page: Any, lab_server: Server, artifacts: Path
) -> None:
    """Issue 8 A1: several turns of the solo lesson played by clicks on a school laptop's
    screen (1366x768, file browser open): buy with the line's element cards where a plain
    purchase exists, then End turn (and "Yes" when the table asks), every step mirrored."""
    page = lab_page
    page.set_viewport_size(LAPTOP)
    from widgets.ecosfera.table import EcosferaTable

    mirror = rebuild_table(SOLO_NOTEBOOK, EcosferaTable)
    assert mirror.game.turns == 0 and len(mirror.game.players) == 1

    relpath = SOLO_NOTEBOOK.relative_to(NOTEBOOKS).as_posix()
    open_in_lab(page, lab_server, relpath, file_browser=True)
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

    def same_words(text: str) -> bool:
        words = " ".join(text.split())
        parts = (mirror.status.turn, mirror.status.event)
        return all(" ".join(part.split()[:10]) in words for part in parts)

    def settle(what: str) -> str:
        """Wait for the page's status to say what the mirror's says."""
        text = status.inner_text()
        for _ in range(100):
            if same_words(text):
                return str(text)
            page.wait_for_timeout(100)
            text = status.inner_text()
        _fail_with(page, f"after {what} the page says {text!r}, the mirror {mirror.status.text!r}")
        return str(text)

    def click(target: str) -> str:
        x, y = mirror.scene().center_of(target)
        before = canvas_stats(canvas)["checksum"]
        page.evaluate("() => null")
        rect = canvas.evaluate("e => e.getBoundingClientRect().toJSON()")
        if not 80 <= rect["top"] + y * rect["height"] / scene.height <= LAPTOP["height"] - 60:
            canvas.evaluate(
                "(e, y) => e.closest('.jp-WindowedPanel-outer').scrollBy(0, y)",
                rect["top"] + y * rect["height"] / scene.height - LAPTOP["height"] / 2,
            )
            page.wait_for_timeout(200)
            rect = canvas.evaluate("e => e.getBoundingClientRect().toJSON()")
        px = rect["left"] + x * rect["width"] / scene.width
        py = rect["top"] + y * rect["height"] / scene.height
        page.mouse.move(px, py)
        page.mouse.down()
        page.mouse.up()
        mirror.click_target(target)
        text = settle(f"a click on {target}")
        pixels, _ = wait_for_change(lambda: canvas_stats(canvas)["checksum"], before, timeout=10)
        assert pixels != before, f"the canvas was not redrawn after a click on {target}"
        return text

    bought = 0
    for turn in range(1, TURNS + 1):
        p = mirror.game.turn_player
        purchase = next(
            (a for a in mirror.game.legal_actions() if type(a).__name__ == "AcquirePlant"), None
        )
        if purchase is not None:
            for code in purchase.cards:
                text = click(f"line:{p}:{code}")
                assert ELEMENTS[ELEMENT_OF[code]] in text.lower(), text
            text = click(f"plant:{purchase.plant}")
            assert purchase.plant in mirror.game.lines[p] and mirror.game.achieved, text
            assert all(is_element(c) for c in purchase.cards)
            bought += 1
        page.wait_for_timeout(900)  # End turn ignores a press in the burst after a turn ended
        _button(page, "eco-end-turn").click()
        mirror.press_end_turn()
        settle("End turn")
        if mirror.game.turns < turn:  # the table asks first: only "Yes" ends the turn
            yes = next(
                k
                for k, b in enumerate(mirror.choice_buttons)
                if b.layout.display != "none" and not b.disabled and b.description
            )
            _button(page, f"eco-choice-{yes}").click()
            mirror.choose(yes)
            settle("Yes")
        assert mirror.game.turns == turn, mirror.status.text
        assert f"turn {turn + 1}" in status.inner_text() or mirror.game.is_over
    assert error_outputs(page) == []
    print(f"{TURNS} Ecosfera turns by clicks, {bought} plants bought")
    canvas.screenshot(path=str(artifacts / "ecosfera_table_after_turns.png"))
    page.screenshot(path=str(artifacts / "ecosfera_play_laptop.png"))
