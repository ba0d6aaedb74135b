"""The server's bots in turn-based rooms, over real HTTP and websockets: a student's move is
answered before the bots play, every page hears the bots' moves as they come, the bots play
the same moves as when a script runs the room service alone, and a bot whose move was not
made when the server stopped plays when it starts again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from class_server import ClassServer
from websockets.sync.client import connect

from classroom.rooms import RoomService
from classroom.store import SQLiteStore

pytestmark = pytest.mark.exclusive


def first_legal(view: dict[str, Any]) -> dict[str, Any]:
    chosen = view["legal"][0]
    return {"kind": chosen["kind"], "fields": chosen["fields"]}


def test_a_move_is_answered_before_the_bots_play_and_each_page_hears_them(
    server: ClassServer, tmp_path: Path
) -> None:
    room = server.create_room(
        game="nuevos-mundos", players=3, seed=8, seats=["human", "search", "greedy"]
    )
    code, token = room["code"], room["seats"][0]["token"]
    sent: list[dict[str, Any]] = []
    with connect(f"{server.ws_url}/ws/{code}") as ws:
        ws.send(json.dumps({"token": token}))
        json.loads(ws.recv(timeout=10))
        for _ in range(3):  # three of the student's turns, the bots' turns between them
            server.settled(code)
            mine = server.view(code, token)
            assert mine["legal"], "after the bots it is the student's turn again"
            action = first_legal(mine)
            answer = server.act(code, token, mine["move"], action)
            assert answer.status_code == 200, answer.text
            sent.append(action)
            # the answer counts the student's own move only: the bots play after it
            assert answer.json() == {"move": mine["move"] + 1}
            heard = []
            while True:  # the page hears the room move on until its turn comes again
                pushed = json.loads(ws.recv(timeout=30))["view"]
                heard.append(pushed["move"])
                if pushed["legal"] or pushed["over"]:
                    break
            assert heard == sorted(heard) and heard[-1] > mine["move"] + 1
    game = server.settled(code)
    assert {p for p, _ in game.moves()} == {0, 1, 2}
    # the same bot moves as the room service plays them at once, for the same student moves
    alone = RoomService(SQLiteStore(tmp_path / "alone.sqlite3"))
    twin = alone.create("nuevos-mundos", 3, seed=8, seats=["human", "search", "greedy"])
    for action in sent:
        alone.act(twin.code, twin.tokens[0], alone.move(twin.code), action)
    assert alone.game(twin.code).moves() == game.moves()


def test_a_bot_move_not_made_when_the_server_stopped_is_made_when_it_starts(
    server: ClassServer, tmp_path: Path
) -> None:
    server.stop()
    # a room whose bots have not played yet, as a stop between two moves leaves it
    waiting = RoomService(SQLiteStore(server.store), bots_at_once=False)
    room = waiting.create("nuevos-mundos", 2, seed=21, seats=["greedy", "random"])
    assert waiting.move(room.code) == 0
    waiting.store.close()
    server.start()
    game = server.settled(room.code)  # the server plays the room of bots to its end
    assert game.is_over
    alone = RoomService(SQLiteStore(tmp_path / "alone.sqlite3"))
    twin = alone.create("nuevos-mundos", 2, seed=21, seats=["greedy", "random"])
    assert alone.game(twin.code).moves() == game.moves()
