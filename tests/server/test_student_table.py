"""The student page's table for Nuevos Mundos over a real server: a whole game played by
clicks on the tables' targets and their buttons only, each seat's SVG holding its own hand
and never the other's, pushes that carry the new table, refused clicks that change nothing,
and Spanish."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import httpx
import pytest
from class_server import ClassServer, seat
from websockets.sync.client import connect

import gamecore
from classroom.patch import apply as apply_patch

pytestmark = pytest.mark.exclusive


def table(server: ClassServer, code: str, token: str, lang: str | None = None) -> dict[str, Any]:
    query = f"?lang={lang}" if lang else ""
    answer = httpx.get(f"{server.url}/api/rooms/{code}/table{query}", headers=seat(token))
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def use(server: ClassServer, code: str, token: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{server.url}/api/rooms/{code}/table", json=body, headers=seat(token))


def played(server: ClassServer, code: str) -> gamecore.Game:
    """The room's game as the store has it (rebuilt and judged again here)."""
    return server.stored_game(code)


def shows_card(svg: str, card: int) -> bool:
    """Whether the SVG draws ``card`` as a card of a hand (its target or its shapes' ids)."""
    return f'data-target="hand:{card}"' in svg or re.search(f'id="hand-{card}["-]', svg) is not None


def check_secrecy(data: dict[str, Any], game: gamecore.Game) -> None:
    """The seat's table holds its own hand's cards and none of the other hands'."""
    mine = data["seat"]
    own = list(game.view(mine).hand)
    hands = {t["id"] for t in data["targets"] if t["id"].startswith("hand:")}
    assert hands == {f"hand:{c}" for c in own}
    for card in own:
        assert shows_card(data["svg"], card)
    for other in range(len(game.players)):
        if other != mine:
            for card in game.view(other).hand:
                assert not shows_card(data["svg"], card), (mine, other, card)


def test_two_seats_play_a_whole_game_by_clicks_and_buttons(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=21)
    code = room["code"]
    tokens = [s["token"] for s in room["seats"]]
    rng = random.Random(3)
    moves = 0
    while True:
        game = played(server, code)
        tables = [table(server, code, tok) for tok in tokens]
        for data in tables:
            assert data["move"] == moves == len(game.moves())
            check_secrecy(data, game)
            assert "{" not in data["status"] and data["description"]
        if game.is_over:
            break
        assert moves < 500, "a game of Nuevos Mundos ends"
        me = game.current_player
        assert me is not None
        other = tables[1 - me]
        assert other["status"] == f"Waiting for {game.players[me]} to play."
        assert all(b["disabled"] for b in other["buttons"])
        mine = tables[me]
        cards = [k["target"] for k in mine["keyboard"] if k["target"].startswith("hand:")]
        assert cards == [f"hand:{c}" for c in game.view(me).hand]
        if cards:
            chosen = rng.choice(cards)
            answer = use(server, code, tokens[me], {"move": moves, "target": chosen})
            assert answer.status_code == 200, answer.text
            mine = answer.json()["table"]
            assert answer.json()["said"]
            assert chosen in [k["target"] for k in mine["keyboard"]]
        enabled = [b["kind"] for b in mine["buttons"] if not b["disabled"]]
        assert enabled, mine["buttons"]
        answer = use(server, code, tokens[me], {"move": moves, "button": rng.choice(enabled)})
        assert answer.status_code == 200, answer.text
        moves += 1
        assert answer.json()["table"]["move"] == moves
        assert answer.json()["said"]  # the move in a sentence
    outcome = game.outcome
    assert outcome is not None
    for data in tables:
        assert data["over"]
        assert data["status"].startswith(outcome.explain(game.players))
        assert [b["kind"] for b in data["buttons"]] == ["score"]
    # the score, step by step, on one seat's table (the other's stays where it was)
    steps = 0
    while True:
        data = table(server, code, tokens[0])
        button = data["buttons"][0]
        if button["disabled"]:
            break
        answer = use(server, code, tokens[0], {"move": moves, "button": "score"})
        assert answer.status_code == 200, answer.text
        steps += 1
        assert steps < 20
    assert steps >= 2
    assert table(server, code, tokens[1])["buttons"][0]["text"] != button["text"]
    assert len(played(server, code).moves()) == moves


def test_a_push_after_the_other_seats_move_carries_the_new_table(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=5)
    code = room["code"]
    t0, t1 = (s["token"] for s in room["seats"])
    with connect(f"{server.ws_url}/ws/{code}?lang=es") as ws1:
        ws1.send(json.dumps({"token": t1}))
        first = json.loads(ws1.recv(timeout=10))
        assert first["type"] == "view" and first["table"]["seat"] == 1
        assert first["table"] == table(server, code, t1, "es")
        assert first["table"]["status"].startswith("Esperando a que juegue")

        data = table(server, code, t0)
        card = next(k["target"] for k in data["keyboard"] if k["target"].startswith("hand:"))
        assert use(server, code, t0, {"move": 0, "target": card}).status_code == 200
        lay = use(server, code, t0, {"move": 0, "button": "lay"})
        assert lay.status_code == 200, lay.text

        pushed = json.loads(ws1.recv(timeout=10))
        assert pushed["table"]["move"] == 1
        assert pushed["table"] == table(server, code, t1, "es")
        assert pushed["view"]["seat"] == 1
        assert pushed["table"]["status"].startswith("Te toca")
        assert pushed["table"]["last"]  # the other seat's move, in words
        game = played(server, code)
        check_secrecy(pushed["table"], game)
        laid = int(card.partition(":")[2])
        assert laid in game.worlds[0]  # type: ignore[attr-defined]


def test_a_page_socket_hears_its_table_alone_and_then_patches_of_it(server: ClassServer) -> None:
    """As the student page listens: no view, the first table whole, each later one a patch
    that rebuilds exactly the table the seat would fetch, mostly runs of the old SVG."""
    room = server.create_room(game="nuevos-mundos", players=2, seed=8)
    code = room["code"]
    t0, t1 = (s["token"] for s in room["seats"])
    with connect(f"{server.ws_url}/ws/{code}?lang=es") as ws1:
        ws1.send(json.dumps({"token": t1, "view": False, "patches": True}))
        first = json.loads(ws1.recv(timeout=10))
        assert set(first) == {"type", "table"}
        shown = first["table"]
        assert shown == table(server, code, t1, "es")
        for move in range(4):
            mover = (t0, t1)[move % 2]
            data = table(server, code, mover)
            card = next(k["target"] for k in data["keyboard"] if k["target"].startswith("hand:"))
            assert use(server, code, mover, {"move": move, "target": card}).status_code == 200
            assert use(server, code, mover, {"move": move, "button": "lay"}).status_code == 200
            pushed = json.loads(ws1.recv(timeout=10))
            assert set(pushed) == {"type", "patch"}, pushed.keys()
            shown = apply_patch(shown, pushed["patch"])
            assert shown == table(server, code, t1, "es")
            assert shown["move"] == move + 1
            check_secrecy(shown, played(server, code))
            runs = [op for op in pushed["patch"]["svg"] if isinstance(op, list)]
            assert sum(n for _, n in runs) > len(shown["svg"].split("\n")) // 2
        assert len(json.dumps(pushed)) < len(json.dumps(shown)) // 2


def test_a_refused_click_or_button_answers_a_sentence_and_changes_nothing(
    server: ClassServer,
) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=8)
    code = room["code"]
    t0, t1 = (s["token"] for s in room["seats"])
    game = played(server, code)
    assert game.current_player == 0
    theirs = game.view(1).hand[0]
    mine = game.view(0).hand[0]
    before = [table(server, code, t) for t in (t0, t1)]

    def refused(token: str, body: Any, status: int, key: str) -> str:
        answer = use(server, code, token, body)
        assert answer.status_code == status, answer.text
        assert answer.json()["key"] == key, answer.json()
        sentence: str = answer.json()["error"]
        assert sentence and not re.search(r"\{[a-z_]+\}", sentence)  # every value filled in
        return sentence

    # another seat's card
    said = refused(t0, {"move": 0, "target": f"hand:{theirs}"}, 422, "table.refused")
    assert "not in your hand" in said or "not in Player 1's hand" in said
    # one's own card, out of turn; a button out of turn
    said = refused(t1, {"move": 0, "target": f"hand:{game.view(1).hand[1]}"}, 422, "table.refused")
    assert said.startswith("It is Player 1's turn")
    refused(t1, {"move": 0, "button": "biome"}, 422, "table.refused")
    # stale and future moves
    refused(t0, {"move": 3, "target": f"hand:{mine}"}, 409, "action.stale")
    refused(t0, {"move": -1, "button": "lay"}, 409, "action.stale")
    refused(t0, {"move": True, "target": f"hand:{mine}"}, 400, "action.no_move")
    # targets that do not exist, buttons that do not exist, a button with no card chosen
    for target in ["hand:999", "hand:x", "nowhere", "space:99", "world:1:5", 12, None]:
        refused(t0, {"move": 0, "target": target}, 422, "table.no_target")
    refused(t0, {"move": 0, "button": "explode"}, 422, "table.no_button")
    refused(t0, {"move": 0, "button": "lay"}, 422, "table.refused")
    # a board space only explains itself
    refused(t0, {"move": 0, "target": "space:2"}, 422, "table.refused")
    # malformed bodies, and a stranger
    refused(t0, {"move": 0}, 400, "table.shape")
    refused(t0, {"move": 0, "target": "space:2", "button": "lay"}, 400, "table.shape")
    refused(t0, ["move"], 400, "request.not_object")
    stranger = use(server, code, "forged-token", {"move": 0, "button": "lay"})
    assert stranger.status_code == 401 and stranger.json()["key"] == "seat.bad_token"
    bad_lang = httpx.get(f"{server.url}/api/rooms/{code}/table?lang=fr", headers=seat(t0))
    assert bad_lang.status_code == 400 and bad_lang.json()["key"] == "table.language"

    assert [table(server, code, t) for t in (t0, t1)] == before
    assert played(server, code).moves() == []


def test_spanish_tables_and_pages(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=9)
    code = room["code"]
    t0, t1 = (s["token"] for s in room["seats"])
    es0, es1 = table(server, code, t0, "es"), table(server, code, t1, "es")
    assert es0["lang"] == "es" and es0["status"].startswith("Te toca")
    assert es1["status"] == "Esperando a que juegue Player 1."
    assert [b["text"] for b in es0["buttons"]] == [
        "Tomar bioma",
        "Tomar dígitos",
        "Colocar en tu mundo",
    ]
    assert es0["description"] != table(server, code, t0)["description"]
    answer = httpx.post(
        f"{server.url}/api/rooms/{code}/table?lang=es",
        json={"move": 0, "target": "space:2"},
        headers=seat(t0),
    )
    assert answer.status_code == 422 and "{" not in answer.json()["error"]
    assert (
        answer.json()["error"]
        != use(server, code, t0, {"move": 0, "target": "space:2"}).json()["error"]
    )

    page = httpx.get(f"{server.url}/join/{code}?lang=es")
    assert page.status_code == 200 and '<html lang="es">' in page.text
    assert f"Sala {code}" in page.text and "Elegir con el teclado" in page.text
    english = httpx.get(f"{server.url}/join/{code}")
    assert f"Room {code}" in english.text and "Choose with the keyboard" in english.text
    assert t0 not in english.text
    assert httpx.get(f"{server.url}/join/{code}?lang=fr").status_code == 400


def test_every_game_has_its_drawn_table(server: ClassServer) -> None:
    """All four games have a seat table now (Mondo the last): none keeps the plain page."""
    for name in gamecore.GAMES:
        room = server.create_room(game=name, players=2)
        page = httpx.get(f"{server.url}/join/{room['code']}")
        assert page.status_code == 200 and "JSON.stringify(data.view" not in page.text
        assert "Choose with the keyboard" in page.text
        data = table(server, room["code"], room["seats"][0]["token"])
        assert data["game"] == name and data["svg"].startswith("<svg")
