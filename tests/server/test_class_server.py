"""The class server over real HTTP and websockets: rooms, a whole game between two seats,
secrecy of hands, pushes, and a ``kill -9`` in the middle of a game."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest
from class_server import ClassServer, seat
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import gamecore
from classroom.jsonable import jsonable
from classroom.store import SQLiteStore

pytestmark = pytest.mark.exclusive


def replay(game: str, players: int, seed: int, actions: list[dict[str, Any]]) -> gamecore.Game:
    """The same game played here, from the kinds and fields the server accepted."""
    local = gamecore.new_game(game, players, seed)
    types = type(local).action_types
    for a in actions:
        local.play(types[a["kind"]](**a["fields"]))
    return local


def step(server: ClassServer, room: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The seat whose decision it is picks one of its own legal actions and sends it."""
    views = [server.view(room["code"], s["token"]) for s in room["seats"]]
    deciding = [v for v in views if v["legal"]]
    assert len(deciding) == 1, "exactly one seat has choices in Nuevos Mundos"
    mine = deciding[0]
    chosen = rng.choice(mine["legal"])
    token = room["seats"][mine["seat"]]["token"]
    answer = server.act(
        room["code"], token, mine["move"], {k: chosen[k] for k in ("kind", "fields")}
    )
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"move": mine["move"] + 1}
    return {"kind": chosen["kind"], "fields": chosen["fields"]}


def test_health(server: ClassServer) -> None:
    assert httpx.get(f"{server.url}/api/health").json() == {"ok": True, "rooms": 0}
    server.create_room(game="nuevos-mundos", players=3)
    assert httpx.get(f"{server.url}/api/health").json() == {"ok": True, "rooms": 1}


def test_a_room_needs_the_teachers_key(server: ClassServer) -> None:
    url = f"{server.url}/api/rooms"
    setup = {"game": "nuevos-mundos", "players": 2}
    nobody = httpx.post(url, json=setup)
    assert nobody.status_code == 401
    assert nobody.json()["key"] == "teacher.no_key"
    wrong = httpx.post(url, json=setup, headers=seat("not-the-key"))
    assert wrong.status_code == 403
    assert wrong.json()["key"] == "teacher.bad_key"
    assert httpx.get(f"{server.url}/api/health").json()["rooms"] == 0

    room = server.create_room(**setup, seed=7)
    assert len(room["code"]) == 6 and room["code"].isalpha() and room["code"].isupper()
    assert room["seed"] == 7
    assert [s["seat"] for s in room["seats"]] == [0, 1]
    tokens = {s["token"] for s in room["seats"]}
    assert len(tokens) == 2 and all(len(t) >= 32 for t in tokens)
    for s in room["seats"]:
        assert s["link"] == f"{server.url}/join/{room['code']}#{s['token']}"
    # only the hashes are kept
    raw = server.store.read_bytes() + server.store.with_name("class.sqlite3-wal").read_bytes()
    assert not any(t.encode() in raw for t in tokens)


@pytest.mark.parametrize(
    ("setup", "key"),
    [
        ({"game": "chess", "players": 2}, "room.unknown_game"),
        ({"game": "nuevos-mundos", "players": 9}, "room.players"),
        ({"game": "nuevos-mundos", "players": 2.0}, "room.players"),
        ({"game": "nuevos-mundos", "players": 2, "seed": "x"}, "room.seed"),
        ({"game": "nuevos-mundos", "players": 2, "colour": "red"}, "room.setup"),
        ({"players": 2}, "room.no_game"),
    ],
)
def test_a_bad_setup_is_refused(server: ClassServer, setup: dict[str, Any], key: str) -> None:
    answer = httpx.post(f"{server.url}/api/rooms", json=setup, headers=server.teacher())
    assert answer.status_code == 422
    assert answer.json()["key"] == key
    assert answer.json()["error"]
    assert httpx.get(f"{server.url}/api/health").json()["rooms"] == 0


@pytest.mark.parametrize("name", sorted(gamecore.GAMES))
def test_every_game_makes_a_room_and_a_view(server: ClassServer, name: str) -> None:
    spec = gamecore.GAMES[name]
    players = max(2, spec.min_players)
    room = server.create_room(game=name, players=players, seed=3)
    local = gamecore.new_game(name, players, 3)
    for s in room["seats"]:
        data = server.view(room["code"], s["token"])
        assert data["game"] == name and data["seat"] == s["seat"] and data["move"] == 0
        assert data["view"] == json.loads(json.dumps(jsonable(local.view(s["seat"]))))
        assert data["turn"] == local.current_player
        mine = s["seat"] == local.current_player
        expected = [str(a) for a in local.legal_actions()] if mine else []
        assert [a["text"] for a in data["legal"]] == expected


def test_two_seats_play_a_whole_game(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=11)
    rng = random.Random(5)
    played: list[dict[str, Any]] = []
    while True:
        views = [server.view(room["code"], s["token"]) for s in room["seats"]]
        local = replay("nuevos-mundos", 2, 11, played)
        for v in views:
            assert v["move"] == len(played)
            # each seat sees its own view and nothing else: its own hand, the others' sizes
            assert v["view"] == json.loads(json.dumps(jsonable(local.view(v["seat"]))))
            assert v["view"]["hand"] == list(local.view(v["seat"]).hand)
        other = views[1]["view"]["hand"]
        assert views[0]["view"]["hand"] != other or not other
        if views[0]["over"]:
            break
        assert len(played) < 500, "a game of Nuevos Mundos ends"
        played.append(step(server, room, rng))
    assert local.outcome is not None
    for v in views:
        assert v["outcome"]["winners"] == list(local.outcome.winners)
        assert v["outcome"]["ending"] == local.outcome.ending
        assert v["legal"] == []
    assert SQLiteStore(server.store).room(room["code"]).over  # type: ignore[union-attr]


def test_a_websocket_hears_its_own_seat_after_each_action(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=2)
    code = room["code"]
    t0, t1 = (s["token"] for s in room["seats"])
    with connect(f"{server.ws_url}/ws/{code}") as ws1, connect(f"{server.ws_url}/ws/{code}") as ws0:
        ws1.send(json.dumps({"token": t1}))
        ws0.send(json.dumps({"token": t0}))
        first = json.loads(ws1.recv(timeout=10))
        assert first["type"] == "view" and first["view"]["seat"] == 1
        assert json.loads(ws0.recv(timeout=10))["view"]["seat"] == 0

        mine = server.view(code, t0)
        chosen = mine["legal"][0]
        answer = server.act(code, t0, 0, {"kind": chosen["kind"], "fields": chosen["fields"]})
        assert answer.status_code == 200, answer.text

        pushed = json.loads(ws1.recv(timeout=10))
        assert pushed["type"] == "view"
        assert pushed["view"] == server.view(code, t1)
        assert pushed["view"]["seat"] == 1 and pushed["view"]["move"] == 1
        own = json.loads(ws0.recv(timeout=10))
        assert own["view"] == server.view(code, t0)
        local = replay(
            "nuevos-mundos", 2, 2, [{"kind": chosen["kind"], "fields": chosen["fields"]}]
        )
        assert pushed["view"]["view"]["hand"] == list(local.view(1).hand)


def test_a_websocket_without_a_good_token_hears_nothing(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=2)
    good = room["seats"][0]["token"]
    for first in [
        "not json",
        json.dumps({"token": "forged"}),
        json.dumps(["x"]),
        json.dumps({"token": good, "view": "no"}),
        json.dumps({"token": good, "patches": 1}),
        json.dumps({"token": good, "seat": 1}),
    ]:
        with connect(f"{server.ws_url}/ws/{room['code']}") as ws:
            ws.send(first)
            refusal = json.loads(ws.recv(timeout=10))
            assert refusal["key"] in {"ws.first_message", "seat.bad_token"}
            assert refusal["error"]
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code in (4400, 4401)


def test_kill_9_and_restart_lose_nothing(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=4)
    rng = random.Random(9)
    played = [step(server, room, rng) for _ in range(12)]
    before = [server.view(room["code"], s["token"]) for s in room["seats"]]
    assert before[0]["move"] == 12

    server.kill()
    server.start()  # the same store; the key is not printed again (ClassServer checks)

    assert httpx.get(f"{server.url}/api/health").json() == {"ok": True, "rooms": 1}
    after = [server.view(room["code"], s["token"]) for s in room["seats"]]
    assert after == before
    rebuilt = SQLiteStore(server.store).actions(room["code"])
    assert [a.number for a in rebuilt] == list(range(1, 13))
    assert [
        {
            "kind": a.action["action"],
            "fields": {k: v for k, v in a.action.items() if k not in ("action", "player")},
        }
        for a in rebuilt
    ] == played
    # and the game goes on where it was, with the same teacher's key
    played.append(step(server, room, rng))
    assert server.view(room["code"], room["seats"][0]["token"])["move"] == 13
    server.create_room(game="mondo", players=2)


def test_a_join_link_opens_the_rooms_page(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2)
    link = room["seats"][0]["link"]
    page = httpx.get(link.split("#")[0])
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert f"Room {room['code']}" in page.text
    assert room["seats"][0]["token"] not in page.text  # the token stays in the fragment
    assert httpx.get(f"{server.url}/join/QQQQQQ").status_code == 404
