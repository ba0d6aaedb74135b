"""Ecosfera's student page in a real browser: two teammates' pages in headless Chromium
(Debian's). On the first, a plant of the supply is clicked on the SVG (the table chooses a
payment), clicked again (bought) and the turn ended with buttons; the second page redraws
from its pushes each time and ends with its own turn. Both laptops' screens are saved."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import ARTIFACTS, open_seat_pages

from gamecore.ecosfera import AcquirePlant, Ecosfera, EndTurn
from gamecore.ecosfera.explain import payment_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from class_server import ClassServer, seat, server_fixture  # noqa: F401  # the fixture "server"

pytestmark = pytest.mark.browser

TIMEOUT_MS = 15_000
SEED = 3
"""A deal whose first line pays for a plant of the supply exactly."""


def _played(server: ClassServer, code: str) -> Ecosfera:
    game = server.stored_game(code)
    assert isinstance(game, Ecosfera)
    return game


def _click(page: Any, target: str) -> None:
    """Click the shape with this target where a student would: its middle, with the mouse."""
    box = page.locator(f'#table [data-target="{target}"]').first.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)


def _said(page: Any, text: str) -> str:
    page.wait_for_function(
        "text => document.getElementById('said').textContent.includes(text)", arg=text
    )
    said: str = page.locator("#said").inner_text()
    return said


def _at_move(page: Any, move: int) -> None:
    page.wait_for_function(
        "move => document.getElementById('seat').textContent.includes('move ' + move)", arg=move
    )


def test_a_plant_clicked_and_a_turn_ended_on_one_page_redraws_the_other(
    server: ClassServer, browser_context: Any
) -> None:
    room = server.create_room(game="ecosfera", players=2, seed=SEED)
    code = room["code"]
    game = _played(server, code)
    plant = next(c for c in game.plant_row if c and isinstance(payment_for(game, c), AcquirePlant))
    errors: list[str] = []
    pages: list[Any] = []
    try:
        pages = open_seat_pages(
            browser_context, [s["link"] for s in room["seats"]], errors, TIMEOUT_MS
        )
        first, second = pages
        first.wait_for_function("document.getElementById('status').textContent.length > 0")
        assert first.locator("#status").inner_text() == "Your turn (turn 1)."
        assert second.locator("#status").inner_text() == "Waiting for Player 1 to play."
        assert second.locator("#buttons button:not([disabled])").count() == 0

        _click(first, f"plant:{plant}")  # the table chooses a payment on the line
        assert "again to buy it" in _said(first, "again to buy it")
        chosen = first.locator("#targets option", has_text="(selected)")
        assert chosen.count() >= 1
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        first.screenshot(path=str(ARTIFACTS / "class_page_ecosfera_chosen.png"))

        _click(first, f"plant:{plant}")  # bought: every page redraws
        _at_move(second, 1)
        bought = second.locator("#last").inner_text()
        assert bought.startswith("Last move: Player 1 paid")
        assert first.locator("#status").inner_text() == "Your turn (turn 1)."

        first.locator("#buttons button", has_text="End turn").click()
        _at_move(second, 2)
        second.wait_for_function(
            "document.getElementById('status').textContent.startsWith('Your turn (turn 2)')"
        )
        assert first.locator("#status").inner_text() == "Waiting for Player 2 to play."
        assert first.locator("#panels").inner_text().count("Turn 1:") == 2
        for n, page in enumerate(pages, start=1):  # a laptop's screen, as a student sees it
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(ARTIFACTS / f"class_page_ecosfera_seat{n}.png"))
        second.evaluate("document.getElementById('panels').scrollIntoView()")
        second.screenshot(path=str(ARTIFACTS / "class_page_ecosfera_panels.png"))

        played = _played(server, code)
        kinds = [type(action) for _, action in played.moves()]
        assert kinds == [AcquirePlant, EndTurn]
        assert played.lines[0] != game.lines[0] or plant not in played.plant_row
    finally:
        for page in pages:
            page.close()
    assert errors == []


def test_the_end_of_a_game_and_its_score_step_by_step(
    server: ClassServer, browser_context: Any
) -> None:
    """A team that only ends its turns loses (a disaster card each time); the page shows the
    outcome, and its score button counts the team's points one step per press."""
    room = server.create_room(game="ecosfera", players=2, seed=SEED)
    code = room["code"]
    tokens = [s["token"] for s in room["seats"]]
    url = f"{server.url}/api/rooms/{code}/table"
    for _ in range(400):
        game = _played(server, code)
        if game.is_over:
            break
        token = tokens[game.current_player or 0]
        move = len(game.moves())
        for button in ("end_turn", "choice:0"):  # End turn, and "Yes, end my turn" if asked
            answer = httpx.post(url, json={"move": move, "button": button}, headers=seat(token))
            if answer.status_code == 200 and answer.json()["table"]["move"] > move:
                break
    assert game.is_over and game.outcome is not None
    errors: list[str] = []
    page = browser_context.new_page()
    try:
        page.set_viewport_size({"width": 1366, "height": 768})
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(room["seats"][0]["link"])
        page.wait_for_selector("#table svg [data-target]")
        assert page.locator("#status").inner_text().startswith("The team lost together")
        presses = 0
        while page.locator("#buttons button:not([disabled])").count():
            page.locator("#buttons button").first.click()
            presses += 1
            page.wait_for_function(
                "n => document.querySelectorAll('#panels tr').length === n + 1", arg=presses
            )
            assert presses < 20
        total = game.team_score().total("team")
        assert f"Total for the team\t{total}" in page.locator("#panels table").inner_text()
        page.evaluate("document.querySelector('#panels table').scrollIntoView()")
        page.screenshot(path=str(ARTIFACTS / "class_page_ecosfera_score.png"))
    finally:
        page.close()
    assert errors == []
