"""The student page in a real browser: two seats' join pages in headless Chromium (Debian's),
a card clicked on the SVG and a button pressed on one, the other page redrawn by its push."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import ARTIFACTS, SAME_AS_DRAWN, open_seat_pages

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
        pages = open_seat_pages(browser_context, links, errors, TIMEOUT_MS)
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
        for page in pages:  # each page changed only the SVG elements a move changed
            assert page.evaluate(SAME_AS_DRAWN) and page.evaluate("svgPatched") > 0
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


def test_a_student_against_a_bot_sees_their_own_move_then_the_bots(
    server: ClassServer, browser_context: Any
) -> None:
    """The server answers the student's move first and plays the bot after it: the page
    says it is waiting for the bot before the student's turn comes back (when the bot played
    inside the student's request, the page went from one "Your turn" to the next)."""
    room = server.create_room(
        game="nuevos-mundos", players=2, seed=13, seats=["human", "search"], names=["Ana", "Bot"]
    )
    code = room["code"]
    errors: list[str] = []
    pages: list[Any] = []
    try:
        pages = open_seat_pages(browser_context, [room["seats"][0]["link"]], errors, TIMEOUT_MS)
        (page,) = pages
        page.wait_for_function(
            "document.getElementById('status').textContent.startsWith('Your turn')"
        )
        page.evaluate(
            """() => {
                const status = document.getElementById('status');
                window.statusesSeen = [];
                new MutationObserver(() => window.statusesSeen.push(status.textContent))
                    .observe(status, {childList: true, characterData: true, subtree: true});
            }"""
        )
        card = page.locator('#table [data-target^="hand:"]').first
        box = card.bounding_box()
        assert box
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function("document.getElementById('said').textContent.length > 0")
        page.locator("#buttons button:not([disabled])").first.click()
        page.wait_for_function(
            "window.statusesSeen.length > 1"
            " && document.getElementById('status').textContent.startsWith('Your turn')"
        )
        seen = page.evaluate("window.statusesSeen")
        assert any(text.startswith("Waiting for Bot") for text in seen), seen
        game = server.settled(code)
        assert [p for p, _ in game.moves()][:2] == [0, 1]  # Ana's move, then the bot's
        assert "Bot" in page.locator("#last").inner_text()  # the bot's move, in words
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "class_page_after_bot.png"))
    finally:
        for page in pages:
            page.close()
    assert errors == []


def test_the_teachers_page_shows_every_room_and_acts_on_them(
    server: ClassServer, browser_context: Any
) -> None:
    """The teacher types the key, sees the rooms (a student's page open in one of them),
    makes a room with the form and gets its links, hands a seat to a bot and ends a game;
    the page is saved as a laptop of 1366x768 shows it, in English and in Spanish."""
    bots = server.create_room(
        game="nuevos-mundos", players=2, seed=4, seats=["greedy", "random"], names=["Ana", "Beto"]
    )
    server.settled(bots["code"])  # a room of bots plays to its end by itself
    playing = server.create_room(
        game="nuevos-mundos", players=3, seed=5, names=["Carla", "Dani", "Eva"]
    )
    ending = server.create_room(game="ecosfera", players=2, seed=6)
    errors: list[str] = []
    student = browser_context.new_page()
    teacher = browser_context.new_page()
    try:
        student.on("pageerror", lambda err: errors.append(str(err)))
        student.set_default_timeout(TIMEOUT_MS)
        student.goto(playing["seats"][0]["link"])  # Carla's laptop: her page is open
        student.wait_for_selector("#table svg [data-target]")

        teacher.set_viewport_size({"width": 1366, "height": 768})
        teacher.on("pageerror", lambda err: errors.append(str(err)))
        teacher.on("dialog", lambda dialog: dialog.accept())  # "End the game of room ...?"
        teacher.set_default_timeout(TIMEOUT_MS)
        teacher.goto(f"{server.url}/teacher")
        assert "teacher's key" in teacher.locator("#said").inner_text()
        teacher.fill("#key", str(server.key))
        teacher.click("#key-form button[type=submit]")
        teacher.wait_for_function("document.querySelectorAll('#room-rows tr').length === 3")
        row = teacher.locator(f'#room-rows tr[data-code="{playing["code"]}"]')
        seats = row.locator(".seat")
        assert "Carla (person)" in seats.nth(0).inner_text()
        assert "● page open" in seats.nth(0).inner_text()
        assert "○ no page open" in seats.nth(1).inner_text()
        assert "Ana: " in teacher.locator("#room-rows tr").first.inner_text()  # its scores

        teacher.select_option("#make-game", "nuevo-mundo")
        teacher.fill("#make-players", "2")
        teacher.dispatch_event("#make-players", "change")
        teacher.select_option("#make-kind-1", "greedy")
        teacher.click("#make-form button[type=submit]")
        teacher.wait_for_selector("#links input")
        links = teacher.eval_on_selector_all("#links input", "els => els.map(e => e.value)")
        assert len(links) == 2 and all(link.startswith(f"{server.url}/join/") for link in links)
        teacher.wait_for_function("document.querySelectorAll('#room-rows tr').length === 4")

        teacher.select_option(f"#hand-{playing['code']}-1", "greedy")
        seats.nth(1).locator("button[data-action=hand]").click()
        teacher.wait_for_function(
            "document.querySelector('#said').textContent.includes('seat 2 is now played by')"
        )
        teacher.wait_for_function(
            f'document.querySelector(\'tr[data-code="{playing["code"]}"] .seat[data-seat="1"]\')'
            ".textContent.includes('Dani (greedy bot)')"
        )
        teacher.locator(f'tr[data-code="{ending["code"]}"] button[data-action=end]').click()
        teacher.wait_for_function(
            f"document.querySelector('tr[data-code=\"{ending['code']}\"]')"
            ".textContent.includes('Ended by the teacher')"
        )
        teacher.evaluate("window.scrollTo(0, 0)")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        teacher.screenshot(path=str(ARTIFACTS / "teacher_page.png"))

        teacher.goto(f"{server.url}/teacher?lang=es")  # the key stays in the tab
        teacher.wait_for_function("document.querySelectorAll('#room-rows tr').length === 4")
        assert teacher.locator("#rooms th").first.inner_text() == "Sala"
        assert "Terminada por el profesor" in teacher.locator("#room-rows").inner_text()
        teacher.screenshot(path=str(ARTIFACTS / "teacher_page_es.png"))
    finally:
        student.close()
        teacher.close()
    assert errors == []


def _svg(title: str, shapes: list[str], width: int = 300) -> str:
    """An SVG as the server writes one (widgets/svg.py's to_svg): one element a line."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="100" '
        f'viewBox="0 0 {width} 100" role="img" aria-label="{title}"><title>{title}</title>'
        '<rect width="100%" height="100%" fill="#fff"/>'
    )
    return "\n".join([head, *shapes, "</svg>"])


def _rect(n: int) -> str:
    return f'<rect x="{n * 10}" y="5" width="8" height="8" fill="#123" data-target="hand:{n}"/>'


def test_the_page_changes_only_the_svg_elements_that_changed(
    server: ClassServer, browser_context: Any
) -> None:
    """drawSvg on SVGs made here: kept lines keep their very elements, moved, repeated and
    new lines come in order, a new title and size change the <svg> itself, and an SVG that
    is not one element a line is drawn anew; each time the page shows, element by element,
    what drawing the SVG whole would show."""
    room = server.create_room(game="nuevos-mundos", players=2, seed=5)  # nobody moves
    errors: list[str] = []
    page = browser_context.new_page()
    try:
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(room["seats"][0]["link"])
        page.wait_for_selector("#table svg [data-target]")
        steps = [
            (_svg("one", [_rect(n) for n in range(6)]), True),
            (_svg("one", [_rect(n) for n in (0, 1, 7, 3, 4, 5)]), True),  # one changed
            (_svg("one", [_rect(n) for n in (5, 0, 1, 1, 3, 8)]), True),  # moved, twice, gone
            (_svg("two", [_rect(n) for n in (5, 0, 1, 3, 8)], width=400), True),  # header
            (_svg("two", ['<text x="1" y="2">a', "b</text>", _rect(2)], width=400), False),
            (_svg("two", [_rect(2), _rect(3)], width=400), False),  # from that odd drawing
        ]
        for n, (svg, patched) in enumerate(steps):
            before = page.evaluate("svgPatched")
            page.evaluate(
                "svg => { for (const e of document.querySelectorAll('#table svg [data-target]'))"
                " e.kept = true; drawSvg({svg: svg}); }",
                svg,
            )
            assert page.evaluate(SAME_AS_DRAWN), n
            if n:
                assert page.evaluate("svgPatched") - before == int(patched), n
        page.evaluate("svg => drawSvg({svg: svg})", steps[0][0])
        page.evaluate(
            "() => { for (const e of document.querySelectorAll('#table svg [data-target]'))"
            " e.kept = e.getAttribute('data-target'); }"
        )
        page.evaluate("svg => drawSvg({svg: svg})", steps[1][0])
        kept = page.eval_on_selector_all(
            "#table svg [data-target]", "els => els.map(e => e.kept || null)"
        )
        assert kept == ["hand:0", "hand:1", None, "hand:3", "hand:4", "hand:5"]
        assert page.locator("#table svg").get_attribute("aria-label") == "one"
    finally:
        page.close()
    assert errors == []
