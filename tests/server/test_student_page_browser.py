"""The student page in a real browser: two seats' join pages in headless Chromium (Debian's),
a card clicked on the SVG and a button pressed on one, the other page redrawn by its push."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from class_server import ClassServer

from classroom.rooms import rebuild
from classroom.store import SQLiteStore

pytestmark = pytest.mark.exclusive

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
TIMEOUT_MS = 15_000


def _browser_helpers() -> tuple[list[str], Path]:
    """The project's Chromium flags and the screenshots' folder (tests/browser/)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
    try:
        from browser_helpers import ARTIFACTS, CHROMIUM_ARGS
    finally:
        sys.path.pop(0)
    return list(CHROMIUM_ARGS), ARTIFACTS


def chromium_args() -> list[str]:
    return _browser_helpers()[0]


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Debian chromium on this machine")
def test_two_pages_play_by_clicks_and_the_other_redraws(server: ClassServer) -> None:
    from playwright.sync_api import sync_playwright

    room = server.create_room(game="nuevos-mundos", players=2, seed=13)
    links = [s["link"] for s in room["seats"]]
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=chromium_args())
        try:
            pages = []
            for link in links:
                page = browser.new_page(viewport={"width": 1366, "height": 768})
                page.on("pageerror", lambda err: errors.append(str(err)))
                page.set_default_timeout(TIMEOUT_MS)
                page.goto(link)
                page.wait_for_selector("#table svg [data-target]")
                pages.append(page)
            first, second = pages
            first.wait_for_function("document.getElementById('status').textContent.length > 0")
            assert first.locator("#status").inner_text().startswith("Your turn")
            assert second.locator("#status").inner_text().startswith("Waiting for")

            card = first.locator('#table [data-target^="hand:"]').first
            target = card.get_attribute("data-target")
            box = card.bounding_box()
            assert target and box
            first.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            first.wait_for_function(
                "document.getElementById('said').textContent.length > 0"
                " && !document.getElementById('said').classList.contains('problem')"
            )
            option = first.locator("#targets option", has_text="chosen")
            assert option.count() == 1 and option.get_attribute("value") == target

            first.locator("#buttons button:not([disabled])").first.click()
            second.wait_for_function(
                "document.getElementById('status').textContent.startsWith('Your turn')"
            )
            assert first.locator("#status").inner_text().startswith("Waiting for")
            assert "move 1" in second.locator("#seat").inner_text()
            assert second.locator("#last").inner_text()
            artifacts = _browser_helpers()[1]
            artifacts.mkdir(parents=True, exist_ok=True)
            for n, page in enumerate(pages, start=1):  # a laptop's screen, as a student sees it
                page.screenshot(path=str(artifacts / f"class_page_seat{n}.png"))

            store = SQLiteStore(server.store)
            record = store.room(room["code"])
            assert record is not None
            game = rebuild(record, store.actions(room["code"]))
            store.close()
            assert len(game.moves()) == 1
            drawn = set(
                second.eval_on_selector_all(
                    "#table [data-target^='hand:']",
                    "els => els.map(e => e.getAttribute('data-target'))",
                )
            )
            assert drawn == {f"hand:{c}" for c in game.view(1).hand}
            assert not any(f"hand:{c}" in drawn for c in game.view(0).hand)
        finally:
            browser.close()
    assert errors == []
