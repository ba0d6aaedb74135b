"""The student page in a real browser: two seats' join pages in headless Chromium (Debian's),
a card clicked on the SVG and a button pressed on one, the other page redrawn by its push."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import ARTIFACTS

from classroom.rooms import rebuild
from classroom.store import SQLiteStore

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from class_server import ClassServer, server_fixture  # noqa: F401  # the fixture "server"

pytestmark = pytest.mark.browser

TIMEOUT_MS = 15_000


def test_two_pages_play_by_clicks_and_the_other_redraws(
    server: ClassServer, browser_context: Any
) -> None:
    """The session's Chromium (tests/browser/conftest.py) opens two seats' pages."""
    room = server.create_room(game="nuevos-mundos", players=2, seed=13)
    links = [s["link"] for s in room["seats"]]
    errors: list[str] = []
    pages: list[Any] = []
    try:
        for link in links:
            page = browser_context.new_page()
            page.set_viewport_size({"width": 1366, "height": 768})
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
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for n, page in enumerate(pages, start=1):  # a laptop's screen, as a student sees it
            page.screenshot(path=str(ARTIFACTS / f"class_page_seat{n}.png"))

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
        for page in pages:
            page.close()
    assert errors == []
