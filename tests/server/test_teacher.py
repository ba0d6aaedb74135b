"""The teacher's page over the real server: every room at a glance (whose page is open, by
its websocket), a seat handed to a bot that plays at once, a game ended, all games as save
files in a zip, the class's games as the workbench's study table, and every request without
the teacher's key, or with a bad body, refused with a reason and changing nothing."""

from __future__ import annotations

import io
import json
import time
import zipfile
from typing import Any

import httpx
import matplotlib
import pytest
from class_server import ClassServer, seat
from websockets.sync.client import connect

import gamecore
from classroom.store import SQLiteStore
from gamecore.experiments import run_study
from gamecore.experiments.study_csv import read_study_csv

matplotlib.use("Agg")

pytestmark = pytest.mark.exclusive

DEADLINE_SECONDS = 20.0
"""How long a test waits for the server to notice a closed websocket (not a measure of
speed: the server notices at once, this only bounds a broken run)."""


def overview(server: ClassServer, lang: str = "en") -> dict[str, Any]:
    answer = httpx.get(
        f"{server.url}/api/teacher/rooms", params={"lang": lang}, headers=server.teacher()
    )
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def room_of(server: ClassServer, code: str) -> dict[str, Any]:
    (room,) = [r for r in overview(server)["rooms"] if r["code"] == code]
    return room


def hand(server: ClassServer, code: str, seat_: object, body: Any, **kw: Any) -> httpx.Response:
    return httpx.post(
        f"{server.url}/api/teacher/rooms/{code}/seats/{seat_}",
        json=body,
        headers=kw.get("headers", server.teacher()),
    )


def end(server: ClassServer, code: str, **kw: Any) -> httpx.Response:
    return httpx.post(
        f"{server.url}/api/teacher/rooms/{code}/end",
        json=kw.get("body", {}),
        headers=kw.get("headers", server.teacher()),
    )


def stored_game(server: ClassServer, code: str) -> gamecore.Game:
    return server.stored_game(code)


def test_the_page_is_served_in_both_languages(server: ClassServer) -> None:
    english = httpx.get(f"{server.url}/teacher")
    assert english.status_code == 200 and "The teacher's page" in english.text
    spanish = httpx.get(f"{server.url}/teacher", params={"lang": "es"})
    assert "La página del profesor" in spanish.text and '<html lang="es">' in spanish.text
    wrong = httpx.get(f"{server.url}/teacher", params={"lang": "xx"})
    assert wrong.status_code == 400 and wrong.json()["key"] == "table.language"


def test_every_room_at_a_glance_with_whose_page_is_open(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=3, names=["Ana", "Beto"])
    bots = server.create_room(game="nuevos-mundos", players=2, seed=4, seats=["greedy", "random"])
    code = room["code"]
    with connect(f"{server.ws_url}/ws/{code}") as ws:
        ws.send(json.dumps({"token": room["seats"][1]["token"]}))
        assert json.loads(ws.recv(timeout=10))["type"] == "view"
        shown = room_of(server, code)
        assert [(s["name"], s["kind"], s["connected"]) for s in shown["seats"]] == [
            ("Ana", "human", False),
            ("Beto", "human", True),
        ]
    deadline = time.monotonic() + DEADLINE_SECONDS
    while room_of(server, code)["seats"][1]["connected"]:
        assert time.monotonic() < deadline, "the closed page still counts as open"
        time.sleep(0.05)

    shown = room_of(server, code)
    game = stored_game(server, code)
    assert shown["game"] == "nuevos-mundos" and shown["title"] == "Nuevos Mundos"
    assert shown["move"] == 0 and shown["state"] == "playing"
    assert shown["turn"] == [game.current_player] and shown["waiting"] == ["Ana"]
    assert shown["scores"] is None and shown["outcome"] is None

    finished = server.settled(bots["code"])  # a room of bots plays to its end by itself
    done = room_of(server, bots["code"])
    assert finished.outcome is not None
    assert done["state"] == "over" and done["move"] == len(finished.moves())
    assert done["scores"] == [finished.score().total(p) for p in finished.players]
    assert done["outcome"]["winners"] == list(finished.outcome.winners)
    assert [s["kind"] for s in done["seats"]] == ["greedy", "random"]
    spanish = [r for r in overview(server, "es")["rooms"] if r["code"] == bots["code"]]
    assert spanish[0]["outcome"]["text"] == finished.outcome.explain(finished.players, "es")


def test_a_seat_handed_to_a_bot_plays_after_the_answer_and_the_other_page_sees_each_move(
    server: ClassServer,
) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=5)
    code = room["code"]
    first = stored_game(server, code).current_player
    assert first is not None
    other = 1 - first
    with connect(f"{server.ws_url}/ws/{code}") as ws:
        ws.send(json.dumps({"token": room["seats"][other]["token"]}))
        assert json.loads(ws.recv(timeout=10))["view"]["move"] == 0
        answer = hand(server, code, first, {"kind": "greedy"})
        assert answer.status_code == 200, answer.text
        after = answer.json()
        # the teacher is answered at once; the bot plays after the answer
        assert after["seats"][first]["kind"] == "greedy" and after["move"] == 0
        heard = []  # the move numbers the other page is told, until its turn comes
        while True:
            pushed = json.loads(ws.recv(timeout=10))
            heard.append(pushed["view"]["move"])
            if pushed["view"]["legal"]:
                break
        assert heard == sorted(heard) and heard[-1] >= 1
    moves = heard[-1]
    game = stored_game(server, code)
    assert [p for p, _ in game.moves()] == [first] * moves
    assert game.current_player == other
    shown = room_of(server, code)
    assert shown["turn"] == [other] and shown["waiting"] == [shown["seats"][other]["name"]]
    view = server.view(code, room["seats"][other]["token"])
    assert view["move"] == moves
    # a student cannot play the bot's seat; the teacher hands it back
    answer = hand(server, code, first, {"kind": "human"})
    assert answer.status_code == 200 and answer.json()["seats"][first]["kind"] == "human"


def test_an_ended_game_refuses_every_action(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=6)
    code = room["code"]
    answer = end(server, code)
    assert answer.status_code == 200, answer.text
    assert answer.json()["state"] == "ended" and answer.json()["ended"]
    mine = next(v for v in (server.view(code, s["token"]) for s in room["seats"]) if v["legal"])
    chosen = {k: mine["legal"][0][k] for k in ("kind", "fields")}
    refused = server.act(code, room["seats"][mine["seat"]]["token"], 0, chosen)
    assert refused.status_code == 409 and refused.json()["key"] == "action.ended"
    assert refused.json()["error"]
    for answer in (hand(server, code, 0, {"kind": "greedy"}), end(server, code)):
        assert answer.status_code == 409 and answer.json()["key"] == "teacher.ended"
    assert len(stored_game(server, code).moves()) == 0
    assert [s["kind"] for s in room_of(server, code)["seats"]] == ["human", "human"]


def test_all_games_download_as_save_files_that_load_back(server: ClassServer) -> None:
    made = [
        server.create_room(game="nuevos-mundos", players=2, seed=7, seats=["greedy", "random"]),
        server.create_room(game="ecosfera", players=2, seed=8),
        server.create_room(game="nuevo-mundo", players=2, seed=9, seats=["human", "greedy"]),
    ]
    for room in made:
        server.settled(room["code"])  # the bots have played what is theirs
    first = server.view(made[1]["code"], made[1]["seats"][0]["token"])
    chosen = {k: first["legal"][0][k] for k in ("kind", "fields")}
    assert server.act(made[1]["code"], made[1]["seats"][0]["token"], 0, chosen).status_code == 200
    answer = httpx.get(f"{server.url}/api/teacher/games.zip", headers=server.teacher())
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/zip"
    assert 'filename="class-games.zip"' in answer.headers["content-disposition"]
    with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
        assert archive.namelist() == [f"{r['code']}-{r['game']}.json" for r in made]
        for room in made:
            loaded = gamecore.load_json(archive.read(f"{room['code']}-{room['game']}.json"))
            assert loaded == stored_game(server, room["code"])


def test_the_class_study_is_the_workbenchs_table(server: ClassServer) -> None:
    rooms = [
        server.create_room(game="nuevos-mundos", players=2, seed=s, seats=["greedy", "random"])
        for s in (11, 12, 13)
    ]
    server.create_room(game="nuevos-mundos", players=2, seed=14)  # not finished: left out
    for room in rooms:
        server.settled(room["code"])  # rooms of bots play to their end by themselves
    data = overview(server)
    (study,) = data["studies"]
    assert study["id"] == "nuevos-mundos-2p-no_modules" and study["games"] == 3
    answer = httpx.get(f"{server.url}/api/teacher/study.csv", headers=server.teacher())
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/csv")
    assert "class-nuevos-mundos-2p-no_modules.csv" in answer.headers["content-disposition"]
    text = answer.text
    bots = run_study("nuevos-mundos", games=1, seed=0, players=2, bots=["greedy", "random"])
    assert text.splitlines()[0].split(",") == list(bots.records()[0])  # run_study's columns

    ours = read_study_csv(io.StringIO(text), "nuevos-mundos")
    assert [r.seed for r in ours.rows] == [r["seed"] for r in rooms]
    assert [r.bots for r in ours.rows] == [("greedy", "random")] * 3
    shown = {r["code"]: r for r in data["rooms"]}
    for row, room in zip(ours.rows, rooms):
        assert list(row.winners) == shown[room["code"]]["outcome"]["winners"]
        assert list(row.totals) == shown[room["code"]]["scores"]
        assert row.length == shown[room["code"]]["move"]
    rates = ours.win_rates_by_seat()  # who won from which seat
    assert sum(r.rate for r in rates) == pytest.approx(1.0)
    from widgets.study_charts import seat_chart

    fig = seat_chart(ours, title="Our class")
    assert fig.axes[0].get_title() == "Our class"

    named = httpx.get(
        f"{server.url}/api/teacher/study.csv",
        params={"study": study["id"]},
        headers=server.teacher(),
    )
    assert named.text == text
    unknown = httpx.get(
        f"{server.url}/api/teacher/study.csv", params={"study": "x"}, headers=server.teacher()
    )
    assert unknown.status_code == 404 and unknown.json()["key"] == "teacher.no_study"


# ---------------------------------------------------------------------------- hostile
ROUTES = [
    ("GET", "/api/teacher/rooms", None),
    ("POST", "/api/teacher/rooms/{code}/seats/0", {"kind": "greedy"}),
    ("POST", "/api/teacher/rooms/{code}/end", {}),
    ("GET", "/api/teacher/games.zip", None),
    ("GET", "/api/teacher/study.csv", None),
]


def state(server: ClassServer, code: str) -> tuple[Any, ...]:
    store = SQLiteStore(server.store)
    try:
        return (
            room_of(server, code),
            store.room(code),
            [s.kind for s in store.seats(code)],
            len(store.actions(code)),
        )
    finally:
        store.close()


def test_without_the_teachers_key_nothing_is_answered_or_changed(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=15)
    code = room["code"]
    before = state(server, code)
    student = room["seats"][0]["token"]
    credentials = [
        ({}, 401, "teacher.no_key"),
        ({"Authorization": "Bearer"}, 401, "teacher.no_key"),
        ({"Authorization": f"Basic {server.key}"}, 401, "teacher.no_key"),
        (seat("not-the-key"), 403, "teacher.bad_key"),
        (seat(student), 403, "teacher.bad_key"),  # a student's seat token is no key
        (seat(str(server.key) + "x"), 403, "teacher.bad_key"),
    ]
    refusals = 0
    for method, path, body in ROUTES:
        for headers, status, key in credentials:
            answer = httpx.request(
                method, server.url + path.format(code=code), json=body, headers=headers
            )
            assert answer.status_code == status, (path, headers, answer.text)
            assert answer.json()["key"] == key and answer.json()["error"]
            refusals += 1
    # a stranger's body is never read, however large
    huge = httpx.post(
        f"{server.url}/api/teacher/rooms/{code}/end", content=b"x" * 100_000, headers=seat("x")
    )
    assert huge.status_code == 403 and huge.json()["key"] == "teacher.bad_key"
    assert state(server, code) == before
    logged = server.log.read_text()
    assert logged.count("refused") >= refusals
    assert "/api/teacher/rooms/" in logged and "teacher.bad_key" in logged


def test_bad_requests_of_the_teacher_are_refused_and_change_nothing(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=16)
    code = room["code"]
    before = state(server, code)
    url = f"{server.url}/api/teacher/rooms/{code}"

    def post(path: str, content: bytes) -> httpx.Response:
        return httpx.post(url + path, content=content, headers=server.teacher())

    attacks = [
        ("not json", post("/seats/0", b"{kind"), 400, "request.not_json"),
        ("an array", post("/seats/0", b'["greedy"]'), 400, "request.not_object"),
        ("no kind", post("/seats/0", b"{}"), 400, "teacher.hand_shape"),
        ("extra", post("/seats/0", b'{"kind": "greedy", "x": 1}'), 400, "teacher.hand_shape"),
        (
            "too large",
            post("/seats/0", b'{"kind": "' + b"g" * 20_000 + b'"}'),
            413,
            "request.too_large",
        ),
        ("unknown bot", post("/seats/0", b'{"kind": "chess"}'), 422, "teacher.kind"),
        ("another game's bot", post("/seats/0", b'{"kind": "rival"}'), 422, "teacher.kind"),
        ("a number as kind", post("/seats/0", b'{"kind": 1}'), 422, "teacher.kind"),
        ("no such seat", post("/seats/2", b'{"kind": "greedy"}'), 422, "seat.unknown"),
        ("a negative seat", post("/seats/-1", b'{"kind": "greedy"}'), 422, "seat.unknown"),
        ("a word as seat", post("/seats/one", b'{"kind": "greedy"}'), 422, "seat.unknown"),
        ("end with a body", post("/end", b'{"now": true}'), 400, "teacher.end_shape"),
        ("end not json", post("/end", b""), 400, "request.not_json"),
        (
            "unknown room",
            httpx.post(
                f"{server.url}/api/teacher/rooms/NOROOM/seats/0",
                json={"kind": "greedy"},
                headers=server.teacher(),
            ),
            404,
            "room.unknown",
        ),
        (
            "unknown room's end",
            httpx.post(
                f"{server.url}/api/teacher/rooms/NOROOM/end", json={}, headers=server.teacher()
            ),
            404,
            "room.unknown",
        ),
        (
            "a bad language",
            httpx.get(
                f"{server.url}/api/teacher/rooms", params={"lang": "xx"}, headers=server.teacher()
            ),
            400,
            "table.language",
        ),
    ]
    for name, answer, status, key in attacks:
        assert answer.status_code == status, (name, answer.text)
        assert answer.json()["error"], name
        assert answer.json()["key"] == key, (name, answer.json())
    assert state(server, code) == before
    spanish = httpx.post(
        f"{url}/seats/0", params={"lang": "es"}, json={"kind": "chess"}, headers=server.teacher()
    )
    assert "no puede ocupar un asiento de Nuevos Mundos" in spanish.json()["error"]


def test_a_new_link_for_a_seat_opens_it_and_the_old_one_no_longer_does(
    server: ClassServer,
) -> None:
    made = server.create_room(game="nuevos-mundos", players=2)
    code, old = made["code"], made["seats"][1]["token"]
    assert server.view(code, old)["seat"] == 1  # the student opened it
    url = f"{server.url}/api/teacher/rooms/{code}/seats/1/link"
    for headers, status in (({}, 401), (seat(old), 403)):
        refused = httpx.post(url, json={}, headers=headers)
        assert refused.status_code == status
    assert server.view(code, old)["seat"] == 1  # nothing changed
    assert httpx.post(url, json={"x": 1}, headers=server.teacher()).json()["key"] == (
        "teacher.link_shape"
    )
    bad = f"{server.url}/api/teacher/rooms/{code}/seats/7/link"
    assert httpx.post(bad, json={}, headers=server.teacher()).json()["key"] == "seat.unknown"
    answer = httpx.post(url, json={}, headers=server.teacher())
    assert answer.status_code == 200, answer.text
    fresh = answer.json()
    assert fresh["seat"] == 1 and fresh["link"].endswith(f"/join/{code}#{fresh['token']}")
    assert server.view(code, fresh["token"])["seat"] == 1
    stale = httpx.get(f"{server.url}/api/rooms/{code}/view", headers=seat(old))
    assert stale.status_code == 401
    # seat 1 was free again until its new link opened it: joining by code takes seat 0
    joined = httpx.post(f"{server.url}/api/join", json={"code": code, "name": "Zoe"})
    assert joined.json()["seat"] == 0
    full = httpx.post(f"{server.url}/api/join", json={"code": code, "name": "Yan"})
    assert full.json()["key"] == "join.full"
