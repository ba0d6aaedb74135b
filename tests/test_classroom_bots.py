"""Bots in a class room's seats, the teacher handing a seat over, and a game ended early:
the room service alone (no server), over a real SQLite store."""

from __future__ import annotations

from pathlib import Path

import pytest

import gamecore
from classroom.rooms import Refused, RoomService, rebuild
from classroom.store import SQLiteStore


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
