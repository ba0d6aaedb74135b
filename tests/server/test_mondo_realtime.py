"""Mondo in real time over a real class server: seats build at once from one heap by clicks
and buttons on their own tables, the server's clock stamps every action (a client's time is
thrown away), the server's ring stops a round whose time is up, rivals in empty seats play on
their own, pushes reach the open pages, a kill -9 keeps the round, and refusals change
nothing. No timing thresholds: where the server's clock must act, the test polls it with a
generous timeout."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from class_server import ClassServer, seat
from websockets.sync.client import connect

from classroom.store import SQLiteStore
from gamecore.mondo import Mondo

pytestmark = pytest.mark.exclusive

PATIENCE_SECONDS = 120.0
"""How long a test waits for the server's clock to do something it must do."""


def table(server: ClassServer, code: str, token: str, lang: str = "en") -> dict[str, Any]:
    answer = httpx.get(f"{server.url}/api/rooms/{code}/table?lang={lang}", headers=seat(token))
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def use(server: ClassServer, code: str, token: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{server.url}/api/rooms/{code}/table", json=body, headers=seat(token))


def click(server: ClassServer, code: str, token: str, target: str) -> dict[str, Any]:
    move = table(server, code, token)["move"]
    answer = use(server, code, token, {"move": move, "target": target})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def press(server: ClassServer, code: str, token: str, button: str) -> dict[str, Any]:
    move = table(server, code, token)["move"]
    answer = use(server, code, token, {"move": move, "button": button})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def played(server: ClassServer, code: str) -> Mondo:
    """The room's game as the store has it (rebuilt and judged again here)."""
    game = server.stored_game(code)
    assert isinstance(game, Mondo)
    return game


def stored_times(server: ClassServer, code: str) -> list[int]:
    store = SQLiteStore(server.store)
    try:
        return [record.action["time"] for record in store.actions(code)]
    finally:
        store.close()


def heap(data: dict[str, Any]) -> list[str]:
    return [t["id"] for t in data["targets"] if t["id"].startswith("heap:")]


def fitting(data: dict[str, Any]) -> str:
    """A space of the board where the tile in hand may go (from the keyboard list)."""
    return next(k["target"] for k in data["keyboard"] if k["target"].startswith("space:"))


def wait_for(what: Callable[[], bool]) -> None:
    deadline = time.monotonic() + PATIENCE_SECONDS
    while not what():
        assert time.monotonic() < deadline, "the server's clock did not act in time"
        time.sleep(0.1)


def refused(
    server: ClassServer, code: str, token: str, body: dict[str, Any], status: int, key: str
) -> str:
    """A click or button refused with ``status`` and ``key``, a sentence, nothing changed."""
    before = played(server, code)
    answer = use(server, code, token, body)
    assert answer.status_code == status, answer.text
    data = answer.json()
    assert data["key"] == key and data["error"] and "{" not in data["error"]
    assert played(server, code) == before
    sentence: str = data["error"]
    return sentence


def everyone_ready(server: ClassServer, code: str, tokens: list[str]) -> None:
    for n, token in enumerate(tokens):
        said = press(server, code, token, "ready")["said"]
        assert said.startswith("Go!") == (n == len(tokens) - 1), said


@pytest.mark.parametrize("players", [2, 4])
def test_seats_play_a_round_at_once_to_its_end_by_jumping_out(
    server: ClassServer, players: int
) -> None:
    room = server.create_room(game="mondo", players=players, seed=30 + players)
    code = room["code"]
    tokens = [s["token"] for s in room["seats"]]
    waiting = table(server, code, tokens[0])
    assert waiting["clock"]["running"] is False and heap(waiting) == []
    everyone_ready(server, code, tokens)
    tables = [table(server, code, tok) for tok in tokens]
    assert all(t["clock"]["running"] for t in tables)
    assert len({tuple(heap(t)) for t in tables}) == 1  # one heap, the same for everyone
    for n, token in enumerate(tokens):  # each takes a different tile of the shared heap
        answer = click(server, code, token, heap(tables[n])[n])
        assert answer["said"].startswith("You took a tile"), answer["said"]
    for n, token in enumerate(tokens):
        answer = click(server, code, token, fitting(table(server, code, token)))
        assert answer["said"].startswith("You placed a tile"), answer["said"]
        game = played(server, code)
        assert sum(c >= 0 for c in game.boards[n]) == 1
    for token in tokens:
        press(server, code, token, "jump_out")
    game = played(server, code)
    assert game.round == 1 and len(game.rounds) == 1
    assert [p for p, _ in game.moves()] == [*range(players)] * 3
    times = stored_times(server, code)
    assert times == sorted(times) and times[-1] < game.limit
    after = table(server, code, tokens[-1])
    assert after["status"].startswith("Round 1 is over")
    assert after["clock"]["running"] is False
    assert "Round 1" in [p["title"] for p in after["panels"]]


def test_the_client_cannot_forge_the_time(server: ClassServer) -> None:
    room = server.create_room(game="mondo", players=2, seed=5)
    code = room["code"]
    tokens = [s["token"] for s in room["seats"]]
    early = {"kind": "take", "fields": {"seat": 0, "time": 1, "slot": 0}}
    answer = server.act(code, tokens[0], 0, early)
    assert answer.status_code == 409 and answer.json()["key"] == "mondo.waiting"
    everyone_ready(server, code, tokens)
    answer = server.act(code, tokens[0], 0, {**early, "fields": {**early["fields"], "time": 1}})
    assert answer.status_code == 200 and answer.json() == {"move": 1}
    late = {"kind": "take", "fields": {"seat": 1, "time": 10_000_000, "slot": 1}}
    assert server.act(code, tokens[1], 0, late).status_code == 200
    back = {"kind": "return", "fields": {"seat": 0, "time": 0, "side": 0}}
    assert server.act(code, tokens[0], 1, back).status_code == 200
    times = stored_times(server, code)
    game = played(server, code)
    assert times == sorted(times) and times != [1, 10_000_000, 0]
    assert all(0 <= ms < game.limit for ms in times)
    # a replay of an accepted message is stale (its seat has moved since)
    answer = server.act(code, tokens[0], 1, back)
    assert answer.status_code == 409 and answer.json()["key"] == "action.stale"
    assert stored_times(server, code) == times


def test_the_servers_ring_stops_the_round_when_time_is_up(server: ClassServer) -> None:
    room = server.create_room(game="mondo", players=2, seed=8, round_seconds=10)
    code = room["code"]
    tokens = [s["token"] for s in room["seats"]]
    with connect(f"{server.ws_url}/ws/{code}") as socket:
        socket.send(json.dumps({"token": tokens[1]}))
        assert json.loads(socket.recv(timeout=10))["table"]["clock"]["running"] is False
        everyone_ready(server, code, tokens)
        click(server, code, tokens[0], heap(table(server, code, tokens[0]))[0])
        held = played(server, code).hands[0]
        wait_for(lambda: played(server, code).round == 1)
        # seat 1's page heard of the ring without asking
        while True:
            pushed = json.loads(socket.recv(timeout=PATIENCE_SECONDS))["table"]
            if pushed["status"].startswith("Round 1 is over"):
                break
    game = played(server, code)
    stops = game.moves()[-2:]
    assert [(p, a.kind, a.time) for p, a in stops] == [(0, "stop", 10_000), (1, "stop", 10_000)]  # type: ignore[attr-defined]
    assert held in game.heap and game.hands == [-1, -1]
    assert pushed["clock"] == {"left_ms": 10_000, "running": False}


def test_rivals_in_empty_seats_play_on_their_own(server: ClassServer) -> None:
    room = server.create_room(
        game="mondo", players=3, seed=12, round_seconds=30, seats=["human", "rival", "rival"]
    )
    code = room["code"]
    token = room["seats"][0]["token"]
    assert press(server, code, token, "ready")["said"].startswith("Go!")
    wait_for(lambda: any(p != 0 for p, _ in played(server, code).moves()))
    game = played(server, code)
    assert {p for p, _ in game.moves()} <= {1, 2}  # the person has done nothing
    first = next(a for p, a in game.moves() if p != 0)
    assert 0 < first.time < game.limit  # type: ignore[attr-defined]
    data = table(server, code, token)
    assert any("Player 2" in line or "Player 3" in line for line in data["panels"][1]["lines"])


def test_kill_9_and_restart_keep_the_round_and_pause_it(server: ClassServer) -> None:
    room = server.create_room(game="mondo", players=2, seed=4)
    code = room["code"]
    tokens = [s["token"] for s in room["seats"]]
    everyone_ready(server, code, tokens)
    click(server, code, tokens[0], heap(table(server, code, tokens[0]))[3])
    click(server, code, tokens[1], heap(table(server, code, tokens[1]))[7])
    before = played(server, code)
    server.kill()
    server.start()
    assert played(server, code) == before
    data = table(server, code, tokens[0])
    assert data["clock"] == {"left_ms": before.limit - before.now, "running": False}
    assert "paused" in data["status"] and data["move"] == 1
    answer = use(server, code, tokens[0], {"move": 1, "button": "put_back"})
    assert answer.status_code == 409 and answer.json()["key"] == "mondo.waiting"
    everyone_ready(server, code, tokens)
    press(server, code, tokens[0], "put_back")
    game = played(server, code)
    assert len(game.moves()) == 3 and game.moves()[-1][1].time >= before.now  # type: ignore[attr-defined]


def test_refusals_answer_a_sentence_and_change_nothing(server: ClassServer) -> None:
    room = server.create_room(game="mondo", players=2, seed=9)
    code = room["code"]
    tokens = [s["token"] for s in room["seats"]]
    everyone_ready(server, code, tokens)
    mine, theirs = table(server, code, tokens[0]), table(server, code, tokens[1])
    target = heap(mine)[2]
    assert target in heap(theirs)
    # another seat's board: explained, not built on
    said = refused(server, code, tokens[0], {"move": 0, "target": "board:1"}, 422, "table.refused")
    assert "Player 2" in said
    # a heap tile someone else took meanwhile is refused, not swapped for the next one
    click(server, code, tokens[1], target)
    said = refused(server, code, tokens[0], {"move": 0, "target": target}, 409, "mondo.tile_gone")
    assert "3" in said
    answer = click(server, code, tokens[0], heap(table(server, code, tokens[0]))[2])
    assert answer["said"].startswith("You took a tile")
    # a stale or replayed message
    refused(server, code, tokens[0], {"move": 0, "target": target}, 409, "action.stale")
    refused(server, code, tokens[0], {"move": 0, "button": "put_back"}, 409, "action.stale")
    # another seat's action, and a click on nothing
    other = {"kind": "place", "fields": {"seat": 1, "time": 0, "space": 0, "side": 0, "turn": 0}}
    answer = server.act(code, tokens[0], 1, other)
    assert answer.status_code == 403 and answer.json()["key"] == "action.not_your_seat"
    refused(server, code, tokens[0], {"move": 1, "target": "p1-hit"}, 422, "table.no_target")
    refused(server, code, tokens[0], {"move": 1, "button": "stop"}, 422, "table.no_button")


def test_a_spanish_page_and_its_words(server: ClassServer) -> None:
    room = server.create_room(game="mondo", players=2, seed=2)
    code = room["code"]
    token = room["seats"][0]["token"]
    data = table(server, code, token, "es")
    assert data["status"].startswith("Ronda 1 de 3") and data["buttons"][0]["text"] == "Listo (G)"
    page = httpx.get(f"{server.url}/join/{code}?lang=es")
    assert page.status_code == 200 and "clockLeftMs" in page.text
