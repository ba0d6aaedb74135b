"""The student page's table for Ecosfera over a real server: a team of two and of three plays
a whole game by clicks on the tables' targets and their buttons only, each seat's table
holding only what its view allows, every other seat's page pushed its new table; refused
clicks and buttons that change nothing; Spanish."""

from __future__ import annotations

import json
import random
import re
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
from class_server import ClassServer, seat
from websockets.sync.client import ClientConnection, connect

import gamecore
from gamecore.ecosfera import Ecosfera
from gamecore.ecosfera.explain import name_of

pytestmark = pytest.mark.exclusive

ACTING = ("line", "plant", "animal", "tile", "symbol")
"""The targets a turn is played with (the others only explain themselves)."""
TIMEOUT = 60.0
"""Seconds an answer may take on a busy machine (not a threshold: a hung server fails)."""


def table(server: ClassServer, code: str, token: str, lang: str | None = None) -> dict[str, Any]:
    query = f"?lang={lang}" if lang else ""
    answer = httpx.get(
        f"{server.url}/api/rooms/{code}/table{query}", headers=seat(token), timeout=TIMEOUT
    )
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def use(server: ClassServer, code: str, token: str, body: Any) -> httpx.Response:
    return httpx.post(
        f"{server.url}/api/rooms/{code}/table", json=body, headers=seat(token), timeout=TIMEOUT
    )


def played(server: ClassServer, code: str) -> Ecosfera:
    """The room's game as the store has it (rebuilt and judged again here)."""
    game = server.stored_game(code)
    assert isinstance(game, Ecosfera)
    return game


def check_public(data: dict[str, Any], game: Ecosfera) -> None:
    """The seat's table shows only what ``game.view(seat)`` allows: every card it names or
    lets one click lies face up in a row, a line or on a deck (never the next card of a
    deck, whose order is hidden), and never the game's seed, from which the decks could be
    dealt again."""
    view = game.view(data["seat"])
    assert data["move"] == len(game.moves()) and data["over"] == game.is_over
    lines = [set(line) for line in view.lines]
    faces = {c for c in (*view.plant_row, *view.animal_row) if c}
    faces |= set().union(*lines, *map(set, view.waiting))
    for target in (t["id"] for t in data["targets"]):
        kind, _, rest = target.partition(":")
        args = [int(a) for a in rest.split(":")] if rest else []
        if kind == "line":
            assert args[1] in lines[args[0]], target
        elif kind == "plant":
            assert args[0] in view.plant_row, target
        elif kind == "animal":
            assert args[0] in view.animal_row, target
        elif kind == "symbol":
            assert args[0] in faces, target
        elif kind == "waiting":
            assert args[1] in view.waiting[args[0]], target
    # the picture: every card drawn (its shapes' ids carry its code) lies face up there
    for kind, p, card in re.findall(
        r'id="(animal|plant|line|waiting)(\d?)-(\d{3})["-]', data["svg"]
    ):
        place = {"animal": view.animal_row, "plant": view.plant_row}.get(kind)
        if place is None:
            place = (view.lines if kind == "line" else view.waiting)[int(p)]
        assert int(card) in place, (kind, p, card)
    # the words: no plant or animal named that is not face up
    said = " ".join([data["status"], *(k["words"] for k in data["keyboard"])] + data["description"])
    cards = view.cards
    names = {c: name_of(cards, c) for c in (*cards.plant_codes, *cards.animal_codes)}
    for code in sorted(faces & set(names), key=lambda c: -len(names[c])):
        said = said.replace(names[code], "")
    for code, name in names.items():
        if code not in faces:
            assert re.search(rf"\b{re.escape(name)}\b", said) is None, (name, data["seat"])
    assert f"seed {game.seed}" not in data["svg"].lower()


def check_team(
    server: ClassServer,
    code: str,
    tokens: list[str],
    tables: list[dict[str, Any]],
    game: Ecosfera,
) -> None:
    """After each move: every seat's table holds only its view's public cards, the team
    shares one table in words, and a seat whose turn it is not is told whom it waits for,
    its buttons disabled, its clicks and buttons refused with that sentence."""
    for data in tables:
        check_public(data, game)
    waits = [d for d in tables if not d["status"].startswith("Your turn")]
    words = waits[0]["description"][1:]  # after the status (and the seat to play's choice)
    assert all(data["description"][-len(words) :] == words for data in tables)
    me = game.current_player
    if me is None:
        return
    waiting = f"Waiting for {game.players[me]} to play."
    for other, data in enumerate(tables):
        if other == me:
            assert data["status"].startswith(f"Your turn (turn {game.turns + 1})")
            continue
        assert data["status"] == waiting
        assert all(b["disabled"] and b["tip"] == waiting for b in data["buttons"])
        line = next(k["target"] for k in data["keyboard"] if k["target"].startswith("line"))
        for body in ({"target": line}, {"button": "end_turn"}):
            answer = use(server, code, tokens[other], {"move": data["move"], **body})
            assert answer.status_code == 422, answer.text
            assert answer.json() == {"error": waiting, "key": "table.refused"}


def asked(data: dict[str, Any]) -> list[str]:
    """The buttons of the question the table asks (none when it asks nothing)."""
    return [b["kind"] for b in data["buttons"] if b["kind"].startswith("choice:")]


def next_step(data: dict[str, Any], rng: random.Random, plays: int, tries: int) -> dict[str, Any]:
    """What a student does next, chosen from their table only: answer the question asked,
    end the turn after ``plays`` moves or 8 tries, else click a card, tile or symbol."""
    choices = asked(data)
    if choices:
        return {"move": data["move"], "button": rng.choice(choices)}
    if plays >= 2 or tries >= 8:
        end = next(b for b in data["buttons"] if b["kind"] == "end_turn")
        assert not end["disabled"], end
        return {"move": data["move"], "button": "end_turn"}
    targets = [k["target"] for k in data["keyboard"] if k["target"].split(":")[0] in ACTING]
    return {"move": data["move"], "target": rng.choice(targets)}


def heard(socket: ClientConnection) -> dict[str, Any]:
    """The next view a page hears (with its table), past any other kind of message."""
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=10))
        if message.get("type") == "view":
            assert "table" in message, message
            return message


@pytest.mark.parametrize("players", [2, 3])
def test_a_team_plays_a_whole_game_by_clicks_and_buttons(server: ClassServer, players: int) -> None:
    room = server.create_room(game="ecosfera", players=players, seed=10 + players)
    code = room["code"]
    tokens = [s["token"] for s in room["seats"]]
    rng = random.Random(players)
    with ExitStack() as stack:
        sockets = [stack.enter_context(connect(f"{server.ws_url}/ws/{code}")) for _ in tokens]
        for socket, token in zip(sockets, tokens):
            socket.send(json.dumps({"token": token}))
            assert heard(socket)["table"]["move"] == 0
        moves = plays = tries = turn = 0
        checked = -1
        for _ in range(3000):
            if checked != moves:  # a new move: every seat's table, checked against its view
                game = played(server, code)
                tables = [table(server, code, tok) for tok in tokens]
                check_team(server, code, tokens, tables, game)
                checked = moves
                if game.is_over:
                    break
                me = game.current_player
                assert me is not None
                if game.turns != turn:
                    turn, plays, tries = game.turns, 0, 0
                mine = tables[me]
            body = next_step(mine, rng, plays, tries)
            tries += 1
            answer = use(server, code, tokens[me], body)
            if answer.status_code == 422:  # a card the line cannot pay for: said, nothing done
                assert answer.json()["key"] == "table.refused" and answer.json()["error"]
                continue
            assert answer.status_code == 200, answer.text
            said, mine = answer.json()["said"], answer.json()["table"]
            assert said and mine["seat"] == me
            if mine["move"] == moves and "target" in body and not asked(mine):
                answer = use(server, code, tokens[me], body)  # the same card again: play it
                assert answer.status_code in (200, 422), answer.text
                mine = answer.json().get("table", mine)
            if mine["move"] == moves:  # a choice on this screen only: nobody else hears
                continue
            assert mine["move"] == moves + 1
            moves += 1
            plays += 1
            # every page hears the move at once, with its own seat's new table
            for other, socket in enumerate(sockets):
                message = heard(socket)
                assert message["table"]["move"] == moves and message["table"]["seat"] == other
                assert message["view"]["seat"] == other
                if other != me:
                    assert message["table"] == table(server, code, tokens[other])
                    assert message["table"]["last"] == mine["last"]
        else:
            raise AssertionError("a game of Ecosfera ends")
    outcome = game.outcome
    assert outcome is not None and moves == len(game.moves()) > 2 * players
    for data in tables:
        assert data["over"] and data["status"].startswith(outcome.explain(game.players))
        assert [b["kind"] for b in data["buttons"]] == ["score"]
        titles = [p["title"] for p in data["panels"]]
        assert titles == ["Last moves", "The team", "Score, step by step"]
        assert data["panels"][0]["lines"][0].endswith(data["last"])
    # the score, step by step, on one seat's table (the others stay where they were)
    steps = 0
    while not (data := table(server, code, tokens[0]))["buttons"][0]["disabled"]:
        answer = use(server, code, tokens[0], {"move": moves, "button": "score"})
        assert answer.status_code == 200 and answer.json()["said"], answer.text
        steps += 1
        assert steps < 20
    sheet = game.team_score()
    assert data["panels"][2]["rows"][-1][:2] == ["Total for the team", str(sheet.total("team"))]
    assert table(server, code, tokens[1])["panels"][2]["rows"] == []
    assert len(played(server, code).moves()) == moves


def test_refused_clicks_and_buttons_answer_a_sentence_and_change_nothing(
    server: ClassServer,
) -> None:
    room = server.create_room(game="ecosfera", players=2, seed=8)
    code = room["code"]
    t0, t1 = (s["token"] for s in room["seats"])
    game = played(server, code)
    assert game.current_player == 0
    before = [table(server, code, t) for t in (t0, t1)]

    def refused(token: str, body: Any, status: int, key: str) -> str:
        answer = use(server, code, token, body)
        assert answer.status_code == status, answer.text
        assert answer.json()["key"] == key, answer.json()
        sentence: str = answer.json()["error"]
        assert sentence and not re.search(r"\{[a-z_]+\}", sentence)  # every value filled in
        return sentence

    mine, theirs = game.lines[0][0], game.lines[1][0]
    # out of turn: a card of one's own line, the supply, a button
    for body in (
        {"target": f"line:1:{theirs}"},
        {"target": f"plant:{next(c for c in game.plant_row if c)}"},
        {"button": "hint"},
        {"button": "end_turn"},
    ):
        said = refused(t1, {"move": 0, **body}, 422, "table.refused")
        assert said == "Waiting for Player 1 to play."
    # a card of a teammate's line, in turn
    said = refused(t0, {"move": 0, "target": f"line:1:{theirs}"}, 422, "table.refused")
    assert "Player 2" in said and "It is your turn" in said
    # stale and odd move numbers
    refused(t0, {"move": 3, "target": f"line:0:{mine}"}, 409, "action.stale")
    refused(t0, {"move": -1, "button": "end_turn"}, 409, "action.stale")
    refused(t0, {"move": True, "button": "end_turn"}, 400, "action.no_move")
    # targets and buttons that do not exist
    for target in ["hand:3", f"line:1:{mine}", "line:x", "plant:999", "nowhere", 12, None]:
        refused(t0, {"move": 0, "target": target}, 422, "table.no_target")
    for button in ["explode", "undo", "new_game", "next_bot", "choice:x", 7]:
        refused(t0, {"move": 0, "button": button}, 422, "table.no_button")
    # buttons that cannot be pressed now
    refused(t0, {"move": 0, "button": "clear"}, 422, "table.refused")
    refused(t0, {"move": 0, "button": "choice:0"}, 422, "table.refused")
    refused(t0, {"move": 0, "button": "score"}, 422, "table.refused")
    # malformed bodies, a stranger
    refused(t0, {"move": 0}, 400, "table.shape")
    refused(t0, {"move": 0, "target": f"line:0:{mine}", "button": "clear"}, 400, "table.shape")
    refused(t0, ["move"], 400, "request.not_object")
    stranger = use(server, code, "forged-token", {"move": 0, "button": "end_turn"})
    assert stranger.status_code == 401 and stranger.json()["key"] == "seat.bad_token"

    assert [table(server, code, t) for t in (t0, t1)] == before
    assert played(server, code).moves() == []
    # a choice on this screen stays on this screen: the teammate's table does not change
    answer = use(server, code, t0, {"move": 0, "target": f"line:0:{mine}"})
    assert answer.status_code == 200 and answer.json()["said"].startswith("Selected")
    assert table(server, code, t1) == before[1]
    assert played(server, code).moves() == []


def test_a_spanish_table_and_page(server: ClassServer) -> None:
    room = server.create_room(game="ecosfera", players=2, seed=9)
    code = room["code"]
    t0, t1 = (s["token"] for s in room["seats"])
    es0, es1 = table(server, code, t0, "es"), table(server, code, t1, "es")
    assert es0["lang"] == "es" and es0["status"] == "Te toca (turno 1)."
    assert es1["status"] == "Esperando a que juegue Player 1."
    assert [b["text"] for b in es0["buttons"]] == [
        "Terminar turno",
        "¿Qué puedo hacer?",
        "Borrar selección",
    ]
    assert [p["title"] for p in es0["panels"]] == ["Últimas jugadas", "El equipo"]
    assert es0["description"] != table(server, code, t0)["description"]
    with connect(f"{server.ws_url}/ws/{code}?lang=es") as ws1:
        ws1.send(json.dumps({"token": t1}))
        assert heard(ws1)["table"] == es1
        ended = httpx.post(
            f"{server.url}/api/rooms/{code}/table?lang=es",
            json={"move": 0, "button": "end_turn"},
            headers=seat(t0),
        )
        assert ended.status_code == 200 and "Sí, terminar mi turno" in ended.json()["said"]
        answer = httpx.post(
            f"{server.url}/api/rooms/{code}/table?lang=es",
            json={"move": 0, "button": "choice:0"},
            headers=seat(t0),
        )
        assert answer.status_code == 200, answer.text
        pushed = heard(ws1)["table"]
        assert pushed["move"] == 1 and pushed["status"].startswith("Te toca (turno 2)")
        assert pushed["last"].startswith("Player 1 terminó")
        check_public(pushed, played(server, code))
    page = httpx.get(f"{server.url}/join/{code}?lang=es")
    assert page.status_code == 200 and '<html lang="es">' in page.text
    assert "Elegir con el teclado" in page.text and "JSON.stringify(data.view" not in page.text


def test_the_third_seat_of_a_team_of_three(server: ClassServer) -> None:
    room = server.create_room(game="ecosfera", players=3)
    data = table(server, room["code"], room["seats"][2]["token"])
    assert data["game"] == gamecore.GAMES["ecosfera"].name and data["seat"] == 2
    assert data["name"] == "Player 3" and data["status"] == "Waiting for Player 1 to play."
