"""Whole class games in a real browser, one Chromium page per student, all by clicks: two and
four pages play a whole Nuevos Mundos game, four pages a Mondo round on the server's clock;
on every move each page holds its own seat's secrets and nobody else's (checked against the
game the store has, rebuilt here)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import ARTIFACTS, open_seat_pages

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from class_server import ClassServer, server_fixture  # noqa: F401  # the fixture "server"

pytestmark = pytest.mark.browser

TIMEOUT_MS = 20_000
MOVE_LIMIT = 400
"""More moves than a Nuevos Mundos game of four has (a runaway test stops with a reason)."""


def _targets(page: Any, prefix: str) -> list[str]:
    return list(
        page.eval_on_selector_all(
            f"#table [data-target^='{prefix}']",
            "els => [...new Set(els.map(e => e.getAttribute('data-target')))]",
        )
    )


def _click(page: Any, target: str, *, selector: str | None = None) -> None:
    """A mouse click in the middle of the target's first shape, as a student makes it
    (``selector`` finds the target another way, e.g. by the start of its name)."""
    found = selector or f"#table [data-target='{target}']"
    box = None
    for _ in range(20):  # another page's move may redraw this table under the pointer
        box = page.locator(found).first.bounding_box()
        if box:
            break
        page.wait_for_timeout(100)
    assert box, f"{target} is not on the table"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _wait_said(page: Any, start: str) -> None:
    """Wait until the page's answer line starts with ``start``; else say what it shows."""
    try:
        page.wait_for_function(f"document.getElementById('said').textContent.startsWith({start!r})")
    except Exception as error:
        shown = page.locator("#said").inner_text()
        raise AssertionError(f"the page says {shown!r}, not {start!r}...") from error


def _shows_move(page: Any, move: int) -> None:
    page.wait_for_function(f"document.getElementById('seat').textContent.includes('move {move}.')")


@pytest.mark.parametrize("players", [2, 4])
def test_pages_play_a_whole_nuevos_mundos_game_by_clicks(
    server: ClassServer, browser_context: Any, players: int
) -> None:
    room = server.create_room(game="nuevos-mundos", players=players, seed=21)
    code = room["code"]
    errors: list[str] = []
    rng = random.Random(players)
    pages = open_seat_pages(browser_context, [s["link"] for s in room["seats"]], errors, TIMEOUT_MS)
    try:
        move = 0
        game = server.stored_game(code)
        while not game.is_over:
            assert move < MOVE_LIMIT, "the game did not end"
            # secrecy on every page: its own hand's cards are targets, nobody else's are
            for seat, page in enumerate(pages):
                drawn = set(_targets(page, "hand:"))
                assert drawn == {f"hand:{c}" for c in game.view(seat).hand}, (move, seat)
                for other in range(players):
                    if other != seat:
                        assert not drawn & {f"hand:{c}" for c in game.view(other).hand}
            turn = game.current_player
            assert turn is not None
            page = pages[turn]
            assert page.locator("#status").inner_text().startswith("Your")
            for waiting in (p for s, p in enumerate(pages) if s != turn):
                assert waiting.locator("#status").inner_text().startswith("Waiting for")
            pressed = False
            for card in rng.sample(
                sorted(_targets(page, "hand:")), k=len(_targets(page, "hand:"))
            ) or [""]:
                if card:
                    _click(page, card)
                    page.wait_for_function(  # the click's answer drawn: the card is chosen
                        "c => [...document.querySelectorAll('#targets option')]"
                        ".some(o => o.value === c && o.textContent.includes('chosen'))",
                        arg=card,
                    )
                enabled = page.locator("#buttons button:not([disabled])")
                if enabled.count():  # one of the buttons it may press, as a student picks
                    enabled.nth(rng.randrange(enabled.count())).click()
                    pressed = True
                    break
            assert pressed, f"no card of seat {turn} could be played at move {move}"
            move += 1
            for each in pages:  # every laptop redraws from its push
                _shows_move(each, move)
            game = server.stored_game(code)
            assert len(game.moves()) == move
        for page in pages:
            page.wait_for_function(
                "document.querySelector('#buttons button[data-kind=score]') !== null"
            )
        outcome = game.outcome
        assert outcome is not None
        status = pages[0].locator("#status").inner_text()
        assert outcome.explain(game.players) in status
        # the first page walks through the score step by step; its panel fills in
        score = pages[0].locator("#buttons button[data-kind=score]")
        for _ in range(20):  # a step per category, then the totals
            if score.is_disabled():
                break
            before = score.inner_text()
            score.click()
            pages[0].wait_for_function(  # the answer drawn: the next step, or none left
                "b => { const x = document.querySelector('#buttons button[data-kind=score]');"
                " return x !== null && (x.disabled || x.textContent !== b); }",
                arg=before,
            )
        assert "Total" in pages[0].locator("#panels").inner_text()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        pages[0].screenshot(path=str(ARTIFACTS / f"class_whole_game_{players}p.png"))
    finally:
        for page in pages:
            page.close()
    assert errors == []


def test_four_pages_play_a_mondo_round_on_the_servers_clock(
    server: ClassServer, browser_context: Any
) -> None:
    room = server.create_room(
        game="mondo", players=4, seed=8, names=["Ana", "Beto", "Carla", "Dani"]
    )
    code = room["code"]
    errors: list[str] = []
    pages = open_seat_pages(browser_context, [s["link"] for s in room["seats"]], errors, TIMEOUT_MS)
    try:
        for page in pages:  # everyone ready: the round goes
            page.keyboard.press("g")
        for page in pages:
            page.wait_for_selector("#table [data-target^='heap:']")
        for seat, page in enumerate(pages):  # each takes a different tile and places it
            # a heap tile's target names the move its table was drawn on (heap:<slot>@<move>),
            # and another page's move redraws this one: the tile is found by its slot alone
            slots = sorted(int(t.split(":")[1].split("@")[0]) for t in _targets(page, "heap:"))
            slot = slots[seat * 3]
            _click(page, f"heap:{slot}", selector=f"#table [data-target^='heap:{slot}@']")
            _wait_said(page, "You took a tile")
            _click(page, _targets(page, "space:")[0])
            _wait_said(page, "You placed a tile")
        game = server.stored_game(code)
        placed = [a for p, a in game.moves() if a.kind == "place"]
        assert len(placed) == 4 and {a.seat for a in placed} == {0, 1, 2, 3}
        times = [a.time for _, a in game.moves() if hasattr(a, "time")]
        assert times == sorted(times)  # the server's clock, forward only
        # every screen's clock counts the same round down (loosely: no timing in tests)
        left = [page.evaluate("window.clockLeftMs()") for page in pages]
        assert all(isinstance(ms, (int, float)) and ms > 0 for ms in left)
        # everyone jumps out: the round is scored on every page
        for page in pages:
            page.wait_for_selector("#buttons button[data-kind='jump_out']:not([disabled])")
            page.keyboard.press("j")
        for seat, page in enumerate(pages):
            try:
                page.wait_for_function(
                    "document.getElementById('panels').textContent.includes('Round 1')"
                )
            except Exception as error:  # say what each page shows, not only that it waited
                said = [p.locator("#said").inner_text() for p in pages]
                game = server.stored_game(code)
                raise AssertionError(
                    f"seat {seat + 1} shows no score of round 1; the pages say {said}; "
                    f"the store's moves: {[str(a) for _, a in game.moves()]}"
                ) from error
        game = server.stored_game(code)
        assert game.round >= 1
        for page in pages:  # each page: sentences and pictures, not data
            text = page.locator("body").inner_text()
            assert "{" not in text and "None" not in text
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        pages[3].screenshot(path=str(ARTIFACTS / "class_mondo_round_seat4.png"))
    finally:
        for page in pages:
            page.close()
    assert errors == []
