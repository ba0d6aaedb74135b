"""Nuevo Mundo's student pages in a real browser (the session's headless Chromium): the
defender refuses a negotiation on their own page, then each side chooses its tactic by a
click on its own page; until the defender has chosen, only the attacker's page shows the
attacker's tactic, and both show the round once it is revealed. The laptops' screens are
saved in test-artifacts/class_page_nuevo_mundo_*.png (1366x768).

The game is brought to the negotiation by the same pages' table API (clicks and buttons over
HTTP, as the server tests do), so the browser's part is the secret decisions."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import ARTIFACTS
from nuevo_mundo_seats import Player, play_move

from classroom.rooms import rebuild
from classroom.store import SQLiteStore
from gamecore.nuevo_mundo import NuevoMundo
from gamecore.nuevo_mundo.game import ANSWER

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from class_server import ClassServer, seat, server_fixture  # noqa: F401  # the fixture

pytestmark = pytest.mark.browser

TIMEOUT_MS = 15_000
SCREEN = {"width": 1366, "height": 768}


def store_game(server: ClassServer, code: str) -> NuevoMundo:
    store = SQLiteStore(server.store)
    try:
        record = store.room(code)
        assert record is not None
        game = rebuild(record, store.actions(code))
    finally:
        store.close()
    assert isinstance(game, NuevoMundo)
    return game


def status_starts(page: Any, words: str) -> None:
    page.wait_for_function(
        "words => document.getElementById('status').textContent.startsWith(words)", arg=words
    )


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"class_page_nuevo_mundo_{name}.png"))


def test_each_side_chooses_its_tactic_on_its_own_page(
    server: ClassServer, browser_context: Any
) -> None:
    room = server.create_room(game="nuevo-mundo", players=2, seed=12, scenario="teaching", rounds=3)
    code = room["code"]
    tokens = [s["token"] for s in room["seats"]]

    def use(n: int, body: Any) -> tuple[int, Any]:
        answer = httpx.post(
            f"{server.url}/api/rooms/{code}/table", json=body, headers=seat(tokens[n])
        )
        return answer.status_code, answer.json()

    def table(n: int) -> dict[str, Any]:
        answer = httpx.get(f"{server.url}/api/rooms/{code}/table", headers=seat(tokens[n]))
        data: dict[str, Any] = answer.json()
        return data

    player = Player(12)
    while (game := store_game(server, code)).pending != ANSWER:
        me = game.current_player
        assert me is not None
        play_move(use, me, table(me), player.wants(game))
    attacker, defender = game.turn_player, game.b_defender
    assert attacker is not None

    errors: list[str] = []
    pages: dict[int, Any] = {}
    try:
        for n in (attacker, defender):
            page = browser_context.new_page()
            page.set_viewport_size(SCREEN)
            page.on("pageerror", lambda err: errors.append(str(err)))
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(room["seats"][n]["link"])
            page.wait_for_selector("#table svg [data-target]")
            pages[n] = page
        attacking, defending = pages[attacker], pages[defender]
        status_starts(defending, "Your turn: accept the retreat")
        status_starts(attacking, f"Waiting for {game.players[defender]}: answering your")
        shot(defending, "defender_answers")

        defending.locator('#buttons button[data-kind="answer:0"]').click()  # refuse: fight
        status_starts(attacking, "Your turn: you attack")
        status_starts(defending, f"Waiting for {game.players[attacker]}: choosing a tactic")
        attacking.locator('#buttons button[data-kind="tactic:4"]').click()
        status_starts(defending, "Your turn: you defend")
        status_starts(attacking, f"Waiting for {game.players[defender]}: choosing a tactic")

        # the attacker's page shows tactic 4; the defender's shows that a tactic was chosen
        attacker_words = attacking.locator("body").inner_text()
        defender_words = defending.locator("body").inner_text()
        assert "Your tactic, in secret: 4." in attacker_words
        assert "Your criptex, in secret: tactic 4" in attacking.locator("#table").inner_html()
        assert f"{game.players[attacker]} chose a tactic in secret." in defender_words
        for secret in ("Your tactic", "in secret: 4", "tactic 4 stays", "tactic 4 in secret"):
            assert secret not in defender_words
        assert "battle-my-tactic" not in defending.locator("#table").inner_html()
        shot(attacking, "attacker_chose")
        shot(defending, "defender_chooses")

        defending.locator('#buttons button[data-kind="tactic:2"]').click()
        for page in pages.values():
            page.wait_for_function(
                "document.getElementById('last').textContent.includes('played tactic 2')"
            )
            assert "played tactic 4" in page.locator("#last").inner_text()
        shot(attacking, "revealed_attacker")
        shot(defending, "revealed_defender")
        defending.locator("#panels").scroll_into_view_if_needed()
        shot(defending, "revealed_defender_panels")

        game = store_game(server, code)
        revealed = next(e for e in game.events if e[0] == "battle_round")
        assert (revealed[1], revealed[4], revealed[2], revealed[5]) == (attacker, 4, defender, 2)
    finally:
        for page in pages.values():
            page.close()
    assert errors == []
