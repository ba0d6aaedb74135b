"""A hostile client tries every way in: each attempt is refused with a reason and a key,
logged by the server, and the room's game is the same afterwards."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from class_server import ClassServer, seat

from classroom.store import SQLiteStore

pytestmark = pytest.mark.exclusive


def snapshot(server: ClassServer, room: dict[str, Any]) -> list[dict[str, Any]]:
    return [server.view(room["code"], s["token"]) for s in room["seats"]]


def test_every_attack_is_refused_and_changes_nothing(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=8)
    other = server.create_room(game="nuevos-mundos", players=2, seed=8)
    code = room["code"]
    t0, t1 = (s["token"] for s in room["seats"])
    v0 = server.view(code, t0)
    assert v0["turn"] == 0 and v0["legal"]
    good = {k: v0["legal"][0][k] for k in ("kind", "fields")}
    # one move played, so that a replay of it has something to be stale against
    assert server.act(code, t0, 0, good).status_code == 200
    v1 = server.view(code, t1)
    assert v1["turn"] == 1 and v1["legal"]
    legal1 = {k: v1["legal"][0][k] for k in ("kind", "fields")}
    assert legal1["fields"], "the float attack needs a field"
    before = snapshot(server, room)
    url = f"{server.url}/api/rooms/{code}/actions"

    def post(token: str | None, body: Any = None, content: bytes | None = None) -> httpx.Response:
        headers = seat(token) if token is not None else {}
        if content is not None:
            return httpx.post(url, content=content, headers=headers)
        return httpx.post(url, json=body, headers=headers)

    attacks: list[tuple[str, httpx.Response, int, str]] = [
        ("no token", post(None, {"move": 1, "action": legal1}), 401, "seat.no_token"),
        ("forged token", post("A" * 32, {"move": 1, "action": legal1}), 401, "seat.bad_token"),
        ("swapped token", post(t0, {"move": 1, "action": legal1}), 403, "action.not_your_seat"),
        (
            "another room's token",
            post(other["seats"][1]["token"], {"move": 1, "action": legal1}),
            403,
            "seat.other_room",
        ),
        ("replayed message", post(t0, {"move": 0, "action": good}), 409, "action.stale"),
        ("stale move number", post(t1, {"move": 0, "action": legal1}), 409, "action.stale"),
        ("future move number", post(t1, {"move": 7, "action": legal1}), 409, "action.stale"),
        ("no move number", post(t1, {"action": legal1}), 400, "action.no_move"),
        ("malformed JSON", post(t1, content=b'{"move": 1, "action": {'), 400, "request.not_json"),
        ("not an object", post(t1, content=b"[1, 2]"), 400, "request.not_object"),
        (
            "oversized body",
            post(t1, content=b'{"move": 1, "pad": "' + b"x" * 20_000 + b'"}'),
            413,
            "request.too_large",
        ),
        (
            "unknown kind",
            post(t1, {"move": 1, "action": {"kind": "steal", "fields": {}}}),
            422,
            "action.unknown_kind",
        ),
        (
            "a Python expression for a kind",
            post(t1, {"move": 1, "action": {"kind": "__import__('os')", "fields": {}}}),
            422,
            "action.unknown_kind",
        ),
        (
            "float field",
            post(t1, {"move": 1, "action": {**legal1, "fields": _floats(legal1["fields"])}}),
            422,
            "action.field_not_whole",
        ),
        (
            "extra field",
            post(t1, {"move": 1, "action": {**legal1, "fields": {**legal1["fields"], "x": 1}}}),
            422,
            "action.fields",
        ),
        (
            "missing field",
            post(t1, {"move": 1, "action": {"kind": legal1["kind"], "fields": {}}}),
            422,
            "action.fields",
        ),
        ("boolean move", post(t1, {"move": True, "action": legal1}), 400, "action.no_move"),
        ("action as text", post(t1, {"move": 1, "action": "take_biome 2"}), 400, "action.shape"),
        (
            "illegal by the rules",
            post(t1, {"move": 1, "action": {"kind": "take_biome", "fields": {"card": 99}}}),
            422,
            "",
        ),
        (
            "unknown room",
            httpx.post(
                f"{server.url}/api/rooms/ZZZZZZ/actions",
                json={"move": 1, "action": legal1},
                headers=seat(t1),
            ),
            404,
            "room.unknown",
        ),
        (
            "another seat's view",
            httpx.get(f"{server.url}/api/rooms/{other['code']}/view", headers=seat(t1)),
            403,
            "seat.other_room",
        ),
    ]
    for name, answer, status, key in attacks:
        assert answer.status_code == status, (name, answer.text)
        body = answer.json()
        assert body["error"], name
        if key:
            assert body["key"] == key, (name, body)
        else:  # the engine's own key, beside its sentence
            assert body["key"] and "." in body["key"], (name, body)

    for i in range(200):  # a flood of bad requests
        answer = post("forged" if i % 2 else t0, {"move": 1, "action": legal1})
        assert answer.status_code in (401, 403), answer.text
        assert answer.json()["key"] in ("seat.bad_token", "action.not_your_seat")

    assert snapshot(server, room) == before
    assert len(SQLiteStore(server.store).actions(code)) == 1
    logged = server.log.read_text()
    assert logged.count("refused") >= len(attacks) + 200
    # and the right seat, with the right move number, still plays
    assert server.act(code, t1, 1, legal1).json() == {"move": 2}


def _floats(fields: dict[str, int]) -> dict[str, float]:
    return {k: v + 0.0 for k, v in fields.items()}
