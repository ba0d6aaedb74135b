"""Mondo's student page in a real browser: two seats' pages in headless Chromium (Debian's)
press Ready, take tiles from the one shared heap by clicks on the SVG, flip and place by
keys and clicks, while the server's clock counts down on both screens."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import ARTIFACTS, SAME_AS_DRAWN

from gamecore.mondo import Mondo

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from class_server import ClassServer, seat, server_fixture  # noqa: F401  # the fixture "server"

pytestmark = pytest.mark.browser

TIMEOUT_MS = 15_000


def _played(server: ClassServer, code: str) -> Mondo:
    game = server.stored_game(code)
    assert isinstance(game, Mondo)
    return game


def _click_target(page: Any, selector: str) -> str:
    """Click the middle of the first shape matching ``selector`` with the mouse, as a
    student would; its target id."""
    shape = page.locator(selector).first
    target = shape.get_attribute("data-target")
    box = shape.bounding_box()
    assert target and box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return str(target)


def _said(page: Any, start: str) -> None:
    page.wait_for_function(
        f"document.getElementById('said').textContent.startsWith({start!r})"
        " && !document.getElementById('said').classList.contains('problem')"
    )


def test_two_pages_take_tiles_from_the_shared_heap_by_clicks(
    server: ClassServer, browser_context: Any
) -> None:
    room = server.create_room(
        game="mondo",
        players=3,
        seed=17,
        seats=["human", "human", "rival"],
        names=["Ana", "Beto", "Rival"],
    )
    code = room["code"]
    errors: list[str] = []
    pages: list[Any] = []
    try:
        for info in room["seats"][:2]:
            page = browser_context.new_page()
            page.set_viewport_size({"width": 1366, "height": 768})
            page.on("pageerror", lambda err: errors.append(str(err)))
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(info["link"])
            page.wait_for_selector("#buttons button[data-kind=ready]")
            pages.append(page)
        ana, beto = pages
        assert ana.locator("#table [data-target^='heap:']").count() == 0  # stirred until go
        ana.locator("#buttons button[data-kind=ready]").click()
        _said(ana, "You are ready")
        assert "Beto" in ana.locator("#said").inner_text()
        ana.screenshot(path=str(_artifact("class_page_mondo_waiting.png")))
        beto.keyboard.press("g")  # the Ready button's key
        for page in pages:
            page.wait_for_selector("#table [data-target^='heap:']")
            page.wait_for_function(
                "window.clockLeftMs() !== null && !document.getElementById('clock').hidden"
            )

        first = _click_target(ana, "#table [data-target^='heap:0@']")
        _said(ana, "You took a tile")
        # Beto's page still shows the heap before Ana's take, or already after it: either
        # way he takes another tile of the same heap
        _click_target(beto, "#table [data-target^='heap:5@']")
        _said(beto, "You took a tile")
        game = _played(server, code)
        assert game.hands[0] >= 0 and game.hands[1] >= 0 and first.startswith("heap:0@")

        ana.keyboard.press("f")  # flips the tile in hand
        _said(ana, "Flipped")
        # Beto's table before Ana places: an answer to one of his clicks, late on the network
        # (his own move number is the same before and after her move)
        late = httpx.get(
            f"{server.url}/api/rooms/{code}/table?lang=en", headers=seat(room["seats"][1]["token"])
        ).json()
        _click_target(ana, "#table [data-target^='space:']")
        _said(ana, "You placed a tile")
        placed = "document.getElementById('panels').textContent.includes('Ana placed a tile')"
        beto.wait_for_function(placed)
        beto.evaluate("table => draw(table)", late)  # comes after the push of Ana's move
        assert beto.evaluate(placed)  # and is not drawn over it
        for page in pages:  # the pushes' patches changed the SVG's elements one by one
            assert page.evaluate(SAME_AS_DRAWN) and page.evaluate("svgPatched") > 0
        assert "Time left: " in ana.locator("#clock").inner_text()
        left = [page.evaluate("window.clockLeftMs()") for page in pages]
        assert all(isinstance(ms, (int, float)) and 0 < ms <= 420_000 for ms in left)
        for n, page in enumerate(pages, start=1):  # a laptop's screen, as a student sees it
            page.screenshot(path=str(_artifact(f"class_page_mondo_seat{n}.png")))
            page.screenshot(
                path=str(_artifact(f"class_page_mondo_seat{n}_full.png")), full_page=True
            )
            text = page.locator("body").inner_text()
            assert "{" not in text and "[" not in text and "None" not in text
        assert _played(server, code).hands[0] == -1
    finally:
        for page in pages:
            page.close()
    assert errors == []


def _artifact(name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / name
