"""Bots in a class room's seats, the teacher handing a seat over, and a game ended early:
the room service alone (no server), over a real SQLite store."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import gamecore
from classroom.rooms import Refused, RoomService, rebuild
from classroom.store import SQLiteStore
from classroom.tables import Tables
from gamecore.bots import BOTS, GreedyBot
from gamecore.protocol import Action


def _service(tmp_path: Path) -> RoomService:
    return RoomService(SQLiteStore(tmp_path / "class.sqlite3"))


def _human_plays_first_legal(service: RoomService, code: str, token: str, seat: int) -> None:
    """The token's seat sends its first legal action (or, when it has none, the first of
    whoever is to act: a message the service must refuse)."""
    game = service.game(code)
    legal = game.legal_actions()
    action = next((a for a in legal if game.actor(a) == seat), legal[0])
    data = action.to_json()
    del data["action"]
    service.act(code, token, len(game.moves()), {"kind": action.kind, "fields": data})


@pytest.mark.parametrize("name", ["nuevos-mundos", "ecosfera", "nuevo-mundo"])
def test_bot_seats_play_between_the_humans_moves(tmp_path: Path, name: str) -> None:
    service = _service(tmp_path)
    spec = gamecore.GAMES[name]
    players = max(2, spec.min_players)
    room = service.create(name, players, seed=3, seats=["human"] + ["greedy"] * (players - 1))
    for _ in range(400):
        game = service.game(room.code)
        if game.is_over or {p for p, _ in game.moves()} == set(range(players)):
            break
        # after every human move the bots have played until it is the human's turn again
        assert game.current_player == 0
        _human_plays_first_legal(service, room.code, room.tokens[0], 0)
    game = service.game(room.code)
    assert game.is_over or game.current_player == 0
    assert {p for p, _ in game.moves()} == set(range(players))
    # the bots' moves are in the store like any other and replay to the same game
    store = service.store
    assert rebuild(store.room(room.code), store.actions(room.code)) == game  # type: ignore[arg-type]


def test_a_room_of_bots_alone_plays_to_its_end_and_replays(tmp_path: Path) -> None:
    service = _service(tmp_path)
    room = service.create("nuevos-mundos", 3, seed=11, seats=["greedy", "random", "greedy"])
    game = service.game(room.code)
    assert game.is_over and game.outcome is not None
    again = _service(tmp_path)  # the same store, as after a restart
    assert again.game(room.code) == game
    (tmp_path / "twin").mkdir()
    twin = RoomService(SQLiteStore(tmp_path / "twin" / "c.sqlite3"))
    other = twin.create("nuevos-mundos", 3, seed=11, seats=["greedy", "random", "greedy"])
    assert twin.game(other.code).moves() == game.moves()  # a seed gives the bots' same game


def test_the_teacher_hands_a_seat_to_a_bot_and_back(tmp_path: Path) -> None:
    service = _service(tmp_path)
    room = service.create("nuevos-mundos", 2, seed=5)
    assert service.seat_kinds(room.code) == ("human", "human")
    _human_plays_first_legal(service, room.code, room.tokens[0], 0)
    before = len(service.game(room.code).moves())
    assert service.game(room.code).current_player == 1
    # seat 1 has gone idle: a bot takes it and plays at once
    service.hand_to(room.code, 1, "greedy")
    game = service.game(room.code)
    assert len(game.moves()) == before + 1 and game.moves()[-1][0] == 1
    assert service.store.seats(room.code)[1].kind == "greedy"
    # the student of seat 1 cannot act for the bot
    with pytest.raises(Refused) as refused:
        _human_plays_first_legal(service, room.code, room.tokens[1], 1)
    assert refused.value.key == "action.bot_seat"
    service.hand_to(room.code, 1, "human")
    assert service.seat_kinds(room.code) == ("human", "human")
    for seat, kind in ((5, "greedy"), (-1, "greedy"), (True, "greedy"), (1, "wizard"), (1, 3)):
        with pytest.raises(Refused) as refused:
            service.hand_to(room.code, seat, kind)
        assert refused.value.key in ("seat.unknown", "room.seats")
    assert service.seat_kinds(room.code) == ("human", "human")


def test_an_ended_room_refuses_actions_and_keeps_its_moves(tmp_path: Path) -> None:
    service = _service(tmp_path)
    room = service.create("nuevos-mundos", 2, seed=5)
    _human_plays_first_legal(service, room.code, room.tokens[0], 0)
    service.end(room.code)
    with pytest.raises(Refused) as refused:
        _human_plays_first_legal(service, room.code, room.tokens[1], 1)
    assert refused.value.key == "action.ended"
    again = _service(tmp_path)
    assert again.record(room.code).ended is not None
    assert len(again.game(room.code).moves()) == 1


@pytest.mark.parametrize(
    "seats,names",
    [
        (["human"], None),
        (["human", "wizard"], None),
        ("human,human", None),
        (None, ["Ana"]),
        (None, ["Ana", "Ana"]),
        (None, ["Ana", ""]),
        (None, ["Ana", "x" * 40]),
        (None, ["Ana", 3]),
    ],
)
def test_bad_seat_kinds_and_names_are_refused(tmp_path: Path, seats: object, names: object) -> None:
    service = _service(tmp_path)
    with pytest.raises(Refused) as refused:
        service.create("nuevos-mundos", 2, seed=1, seats=seats, names=names)
    assert refused.value.key in ("room.seats", "room.names") and refused.value.status == 422
    assert service.store.count_rooms() == 0


def test_names_name_the_players(tmp_path: Path) -> None:
    service = _service(tmp_path)
    room = service.create("nuevos-mundos", 2, seed=1, names=[" Ana ", "Beto"])
    assert room.players == ("Ana", "Beto")
    assert [s.name for s in service.store.seats(room.code)] == ["Ana", "Beto"]


def test_bot_step_plays_one_move_at_a_time_as_the_bots_at_once_do(tmp_path: Path) -> None:
    (tmp_path / "at_once").mkdir()
    at_once = RoomService(SQLiteStore(tmp_path / "at_once" / "c.sqlite3"))
    stepped = RoomService(SQLiteStore(tmp_path / "c.sqlite3"), bots_at_once=False)
    seats = ["greedy", "random", "greedy"]
    played = stepped.create("nuevos-mundos", 3, seed=11, seats=seats)
    assert stepped.move(played.code) == 0  # nothing played inside the call
    steps = 0
    while stepped.bot_step(played.code):
        steps += 1
        assert stepped.move(played.code) == steps  # one move a step
    game = stepped.game(played.code)
    assert game.is_over
    assert (
        game.moves()
        == at_once.game(at_once.create("nuevos-mundos", 3, seed=11, seats=seats).code).moves()
    )
    assert stepped.bot_step(played.code) is False


class _Slow(GreedyBot):
    """A greedy bot that thinks until the test lets it answer (a slow bot, made slow on cue)."""

    thinking = threading.Event()
    answer = threading.Event()

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        self.thinking.set()
        assert self.answer.wait(30)
        return super().choose(view, legal)


def test_a_bot_thinks_outside_the_rooms_lock_and_plays_only_if_the_room_waited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(BOTS, "slow", _Slow)
    _Slow.thinking.clear()
    _Slow.answer.clear()
    service = RoomService(SQLiteStore(tmp_path / "c.sqlite3"), bots_at_once=False)
    room = service.create("nuevos-mundos", 2, seed=5)
    first = service.game(room.code).current_player
    assert first is not None
    service.hand_to(room.code, first, "slow")
    stepped: list[bool] = []
    thinker = threading.Thread(target=lambda: stepped.append(service.bot_step(room.code)))
    thinker.start()
    try:
        assert _Slow.thinking.wait(30)
        # while the bot thinks, the room answers: a page's view, the teacher's hand-back
        assert service.view(room.code, room.tokens[1 - first])["move"] == 0
        service.hand_to(room.code, first, "human")
    finally:
        _Slow.answer.set()
        thinker.join(30)
    assert stepped == [True]  # it thought ...
    assert service.move(room.code) == 0  # ... but the seat is a person's again: no move
    assert service.store.actions(room.code) == []
    assert service.bot_step(room.code) is False


@pytest.mark.parametrize(
    "name,bot,words",
    [
        ("nuevos-mundos", "search", {"en": "search bot", "es": "bot de búsqueda"}),
        ("ecosfera", "planner", {"en": "planner bot", "es": "bot planificador"}),
    ],
)
def test_a_seats_panel_names_the_bot_the_server_plays_there(
    tmp_path: Path, name: str, bot: str, words: dict[str, str]
) -> None:
    service = RoomService(SQLiteStore(tmp_path / "c.sqlite3"), bots_at_once=False)
    tables = Tables(service, "en")
    room = service.create(name, 2, seed=3, names=["Ana", "Beto"])
    token = room.tokens[0]
    for lang, bot_words in words.items():
        svg = tables.table(room.code, token, lang)["svg"]
        assert isinstance(svg, str) and bot_words not in svg  # two people so far
    service.hand_to(room.code, 1, bot)  # the teacher hands Beto's seat to a bot
    for lang, bot_words in words.items():
        svg = tables.table(room.code, token, lang)["svg"]
        assert isinstance(svg, str) and bot_words in svg, lang
    service.hand_to(room.code, 1, "human")
    svg = tables.table(room.code, token, "en")["svg"]
    assert isinstance(svg, str) and words["en"] not in svg


def test_nuevo_mundo_words_name_who_plays_each_seat(tmp_path: Path) -> None:
    service = RoomService(SQLiteStore(tmp_path / "c.sqlite3"), bots_at_once=False)
    tables = Tables(service, "en")
    room = service.create("nuevo-mundo", 3, seed=2, names=["Ana", "Beto", "Carla"])
    service.hand_to(room.code, 2, "search")
    english = tables.table(room.code, room.tokens[0], "en")["description"]
    assert isinstance(english, list)
    assert "Players: Ana (you), Beto and Carla (search bot)." in english
    spanish = tables.table(room.code, room.tokens[1], "es")["description"]
    assert isinstance(spanish, list)
    assert "Jugadores: Ana, Beto (tú) y Carla (bot de búsqueda)." in spanish
    named = service.create("nuevo-mundo", 2, seed=2, names=["Ana", "Greedy"])
    service.hand_to(named.code, 1, "greedy")  # a name that says the kind is not said twice
    words = tables.table(named.code, named.tokens[0], "en")["description"]
    assert isinstance(words, list) and "Players: Ana (you) and Greedy (bot)." in words
