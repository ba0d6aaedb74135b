"""The Nuevo Mundo student table over a real server: two seats, and the five of Golfo (the
largest scenario), play whole short games by ``POST /api/rooms/{code}/table`` clicks and
buttons only. On every move each seat's table (SVG, targets, words, panels) is checked
against ``game.view(seat)`` of the store's game rebuilt here: its own hand, no other hand,
and while the defender chooses, the same table whatever the attacker chose. Each side of a
battle chooses its tactic from its own token, the defender answers the negotiation from
theirs; pushes carry the new table; refused clicks and buttons answer a sentence and change
nothing."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
from class_server import ClassServer, seat
from nuevo_mundo_seats import Player, Table, check_secrets, play_move, words_of
from websockets.sync.client import connect

from classroom.rooms import rebuild
from classroom.store import SQLiteStore
from gamecore.nuevo_mundo import NuevoMundo
from gamecore.nuevo_mundo.actions import Tactic
from gamecore.nuevo_mundo.game import ANSWER, TACTIC_ATTACKER, TACTIC_DEFENDER

pytestmark = pytest.mark.exclusive


class Seats:
    """A room's seats as their pages reach the server (each with its own token)."""

    def __init__(self, server: ClassServer, room: dict[str, Any]) -> None:
        self.server = server
        self.code: str = room["code"]
        self.tokens: list[str] = [s["token"] for s in room["seats"]]

    def table(self, n: int, lang: str | None = None) -> Table:
        query = f"?lang={lang}" if lang else ""
        answer = httpx.get(
            f"{self.server.url}/api/rooms/{self.code}/table{query}", headers=seat(self.tokens[n])
        )
        assert answer.status_code == 200, answer.text
        data: Table = answer.json()
        return data

    def use(self, n: int, body: Any) -> tuple[int, Any]:
        answer = httpx.post(
            f"{self.server.url}/api/rooms/{self.code}/table",
            json=body,
            headers=seat(self.tokens[n]),
        )
        return answer.status_code, answer.json()

    def game(self) -> NuevoMundo:
        """The room's game as the store has it (rebuilt and judged again here)."""
        store = SQLiteStore(self.server.store)
        try:
            record = store.room(self.code)
            assert record is not None
            game = rebuild(record, store.actions(self.code))
        finally:
            store.close()
        assert isinstance(game, NuevoMundo)
        return game


def play_whole_game(seats: Seats, player: Player) -> list[tuple[str, int, str]]:
    """Every seat plays on its own table until the game ends, each table checked on every
    move; (the decision, the seat, the button) of every move, in order."""
    pressed: list[tuple[str, int, str]] = []
    for _ in range(600):
        game = seats.game()
        tables = [seats.table(n) for n in range(len(game.players))]
        for data in tables:
            assert data["move"] == len(game.moves())
            check_secrets(data, game)
        if game.is_over:
            return pressed
        me = game.current_player
        assert me is not None
        for other, data in enumerate(tables):
            if other != me:
                assert data["status"].startswith(f"Waiting for {game.players[me]}")
                assert all(b["disabled"] for b in data["buttons"])
        button, answer = play_move(seats.use, me, tables[me], player.wants(game))
        assert answer["said"] == answer["table"]["last"]
        pressed.append((game.pending, me, button))
    raise AssertionError("the game did not end")


def check_battles_and_negotiations(game: NuevoMundo, pressed: list[tuple[str, int, str]]) -> None:
    """Each round's two tactics came from the two sides' own tokens, the attacker's first;
    every negotiation was answered from the defender's token, the first one refused."""
    negotiations = [e for e in game.events if e[0] == "negotiate"]
    answers = [(n, b) for pending, n, b in pressed if pending == ANSWER]
    assert negotiations and [n for n, _ in answers] == [e[2] for e in negotiations]
    assert answers[0][1] == "answer:0"
    rounds = [e for e in game.events if e[0] == "battle_round"]
    tactics = [(p, s, b) for p, s, b in pressed if p in (TACTIC_ATTACKER, TACTIC_DEFENDER)]
    assert rounds and len(tactics) == 2 * len(rounds)
    for e, first, second in zip(rounds, tactics[0::2], tactics[1::2]):
        assert first == (TACTIC_ATTACKER, e[1], f"tactic:{e[4]}")
        assert second == (TACTIC_DEFENDER, e[2], f"tactic:{e[5]}")


def test_two_seats_play_a_whole_game(server: ClassServer) -> None:
    seats = Seats(
        server,
        server.create_room(game="nuevo-mundo", players=2, seed=12, scenario="teaching", rounds=3),
    )
    pressed = play_whole_game(seats, Player(12))
    game = seats.game()
    check_battles_and_negotiations(game, pressed)
    assert game.outcome is not None
    sheet = game.score()
    for n in (0, 1):
        data = seats.table(n)
        assert data["over"] and data["status"].startswith(game.outcome.explain(game.players))
        scores = data["panels"][-1]
        assert scores["rows"][-1] == ["Total", *(str(sheet.total(p)) for p in sheet.players)]


def test_five_seats_of_golfo_play_a_whole_game(server: ClassServer) -> None:
    room = server.create_room(game="nuevo-mundo", players=5, seed=0, scenario="golfo", rounds=1)
    seats = Seats(server, room)
    pressed = play_whole_game(seats, Player(0))
    game = seats.game()
    check_battles_and_negotiations(game, pressed)
    assert any(e[0] == "plunder" for e in game.events)  # a card changed hands in secret
    assert game.is_over


def test_pushes_carry_each_seats_own_table_through_a_battle(server: ClassServer) -> None:
    """Both sides listen on their websockets while the attacker and the defender choose: each
    push is the seat's table as a GET gives it, and the defender's says nothing of the
    attacker's tactic (its table is the same whatever it was)."""
    room = server.create_room(game="nuevo-mundo", players=2, seed=12, scenario="teaching", rounds=3)
    seats = Seats(server, room)
    player = Player(12)
    while seats.game().pending != TACTIC_ATTACKER:
        game = seats.game()
        me = game.current_player
        assert me is not None
        play_move(seats.use, me, seats.table(me), player.wants(game))
    game = seats.game()
    attacker, defender = game.turn_player, game.b_defender
    assert attacker is not None
    with ExitStack() as stack:
        sockets = [stack.enter_context(connect(f"{server.ws_url}/ws/{seats.code}")) for _ in (0, 1)]
        for n, socket in enumerate(sockets):
            socket.send(json.dumps({"token": seats.tokens[n]}))
            first = json.loads(socket.recv(timeout=10))
            assert first["table"] == seats.table(n)

        play_move(seats.use, attacker, seats.table(attacker), Tactic(5))
        game = seats.game()
        pushed = [json.loads(s.recv(timeout=10))["table"] for s in sockets]
        assert [p["move"] for p in pushed] == [len(game.moves())] * 2
        for n, data in enumerate(pushed):
            assert data == seats.table(n)
            check_secrets(data, game)  # the defender's: equal whatever the attacker chose
        assert "Your tactic, in secret: 5." in words_of(pushed[attacker])
        assert pushed[defender]["status"].startswith("Your turn: you defend")

        play_move(seats.use, defender, pushed[defender], Tactic(1))
        pushed = [json.loads(s.recv(timeout=10))["table"] for s in sockets]
        for data in pushed:
            assert "played tactic 5" in data["last"] and "played tactic 1" in data["last"]


def test_refused_clicks_and_buttons_change_nothing(server: ClassServer) -> None:
    room = server.create_room(game="nuevo-mundo", players=2, seed=12, scenario="teaching", rounds=3)
    seats = Seats(server, room)
    player = Player(12)
    checked: set[str] = set()
    while not {TACTIC_ATTACKER, TACTIC_DEFENDER, ANSWER} <= checked:
        game = seats.game()
        me = game.current_player
        assert me is not None
        other = 1 - me
        before = [seats.table(n) for n in (0, 1)]
        move = before[me]["move"]

        def refused(n: int, body: Any, status: int, key: str) -> str:
            got, answer = seats.use(n, body)
            assert (got, answer["key"]) == (status, key), answer
            return str(answer["error"])

        waiting = before[other]["status"]
        assert waiting.startswith(f"Waiting for {game.players[me]}")
        if game.pending not in checked:  # once per kind of decision
            checked.add(game.pending)
            for body in (
                {"move": move, "target": before[other]["keyboard"][0]["target"]},
                {"move": move, "button": "end_turn"},
                {"move": move, "button": "tactic:2"},
                {"move": move, "button": "answer:1"},
            ):
                assert refused(other, body, 422, "table.refused") == waiting
            refused(me, {"move": move + 1, "button": "end_turn"}, 409, "action.stale")
            refused(me, {"move": move - 1, "target": "region:0"}, 409, "action.stale")
            refused(me, {"move": move, "target": "region:500"}, 422, "table.no_target")
            refused(me, {"move": move, "target": "hand:3"}, 422, "table.no_target")
            refused(me, {"move": move, "button": "explode"}, 422, "table.no_button")
            refused(me, {"move": move, "button": "tactic:0"}, 422, "table.refused")
            refused(me, {"move": move}, 400, "table.shape")
            stranger = httpx.post(
                f"{server.url}/api/rooms/{seats.code}/table",
                json={"move": move, "button": "end_turn"},
                headers=seat("forged-token"),
            )
            assert stranger.status_code == 401
            assert [seats.table(n) for n in (0, 1)] == before
            assert seats.game().moves() == game.moves()
        play_move(seats.use, me, before[me], player.wants(game))


def test_spanish_table_and_page(server: ClassServer) -> None:
    room = server.create_room(game="nuevo-mundo", players=2, seed=12, scenario="teaching", rounds=3)
    seats = Seats(server, room)
    game = seats.game()
    me = game.current_player
    assert me is not None
    mine, theirs = seats.table(me, "es"), seats.table(1 - me, "es")
    assert mine["status"].startswith("Te toca:")
    assert theirs["status"].startswith(f"Esperando a {game.players[me]}:")
    for data in (mine, theirs):
        check_secrets(data, game, "es")
    page = httpx.get(f"{server.url}/join/{seats.code}?lang=es")
    assert page.status_code == 200 and "/table?lang=" in page.text
    assert "JSON.stringify(data.view" not in page.text  # the drawn table, not the plain page
