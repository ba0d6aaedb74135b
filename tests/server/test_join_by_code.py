"""The start page over the real server: a student types the room code and a name, gets a
seat of their own, and their seat's page; a hostile client cannot use it to take seats it
should not or to break the room."""

from __future__ import annotations

import httpx
import pytest
from class_server import ClassServer, seat

pytestmark = pytest.mark.exclusive


def test_the_start_page_speaks_both_languages(server: ClassServer) -> None:
    english = httpx.get(f"{server.url}/")
    assert english.status_code == 200 and "Join your class" in english.text
    spanish = httpx.get(f"{server.url}/?lang=es")
    assert 'lang="es"' in spanish.text and "Únete" in spanish.text
    assert httpx.get(f"{server.url}/?lang=xx").json()["key"] == "table.language"


def test_joining_by_code_gives_a_seat_and_its_page(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2)
    code = room["code"]
    answer = httpx.post(
        f"{server.url}/api/join?lang=es", json={"code": code.lower(), "name": "Ana"}
    )
    assert answer.status_code == 200, answer.text
    joined = answer.json()
    assert joined["seat"] == 0 and joined["code"] == code
    assert joined["link"].endswith(f"/join/{code}?lang=es#{joined['token']}")
    view = server.view(code, joined["token"])
    assert view["seat"] == 0 and view["players"][0] == "Ana"
    # the seat's page is the table of Nuevos Mundos
    page = httpx.get(f"{server.url}/join/{code}?lang=es")
    assert page.status_code == 200 and 'id="table"' in page.text
    # the teacher's old link for that seat opens nothing now; the other seat's still does
    old = httpx.get(f"{server.url}/api/rooms/{code}/view", headers=seat(room["seats"][0]["token"]))
    assert old.status_code == 401
    assert server.view(code, room["seats"][1]["token"])["seat"] == 1


def test_hostile_joins_are_refused_with_reasons(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2)
    code = room["code"]
    url = f"{server.url}/api/join"
    cases = [
        ({"code": code}, 400, "join.shape"),
        ({"code": code, "name": "Ana", "seat": 1}, 400, "join.shape"),
        ({"code": "QQQQQQ", "name": "Ana"}, 404, "room.unknown"),
        ({"code": code, "name": ""}, 422, "join.name"),
        ({"code": code, "name": "<script>" * 10}, 422, "join.name"),
        ({"code": 5, "name": "Ana"}, 422, "join.no_code"),
    ]
    for body, status, key in cases:
        answer = httpx.post(url, json=body)
        assert (answer.status_code, answer.json()["key"]) == (status, key), body
    assert httpx.post(url, content=b"{not json").json()["key"] == "request.not_json"
    big = httpx.post(url, content=b'{"code": "' + b"A" * 20000 + b'"}')
    assert big.status_code == 413
    # two joins fill the room; a third is told so, and the seats are the two students'
    assert httpx.post(url, json={"code": code, "name": "Ana"}).status_code == 200
    assert httpx.post(url, json={"code": code, "name": "ana"}).json()["key"] == "join.name_taken"
    assert httpx.post(url, json={"code": code, "name": "Beto"}).status_code == 200
    full = httpx.post(url, json={"code": code, "name": "Carla"})
    assert (full.status_code, full.json()["key"]) == (409, "join.full")
    assert "refused POST /api/join" in server.log.read_text()  # every refusal is logged
