"""Joining a room by its code and a name (the start page's way in), without a server."""

from __future__ import annotations

from pathlib import Path

import pytest

from classroom.rooms import Refused, RoomService
from classroom.store import SQLiteStore


def _service(tmp_path: Path) -> RoomService:
    return RoomService(SQLiteStore(tmp_path / "class.sqlite3"))


def test_students_take_the_free_seats_in_order_and_name_them(tmp_path: Path) -> None:
    service = _service(tmp_path)
    room = service.create("nuevos-mundos", 3, seed=4)
    seat, token = service.join(room.code.lower(), "  Ana ")
    assert seat == 0 and service.seat(room.code, token) == 0
    assert service.game(room.code).players[0] == "Ana"
    assert service.join(room.code, "Beto")[0] == 1
    # the seat's old link no longer opens it: the new token does
    with pytest.raises(Refused) as refused:
        service.seat(room.code, room.tokens[0])
    assert refused.value.key == "seat.bad_token"
    with pytest.raises(Refused) as refused:
        service.join(room.code, "ana")  # a name already in the room
    assert refused.value.key == "join.name_taken"
    # seat 2 opened by its link is no longer free
    assert service.seat(room.code, room.tokens[2]) == 2
    with pytest.raises(Refused) as refused:
        service.join(room.code, "Carla")
    assert refused.value.key == "join.full"
    # the names are kept: after a restart the room's game has them
    again = _service(tmp_path)
    assert again.game(room.code).players == ("Ana", "Beto", "Player 3")
    assert [s.claimed for s in again.store.seats(room.code)] == [True, True, True]


def test_seats_the_teacher_named_are_taken_by_their_names(tmp_path: Path) -> None:
    service = _service(tmp_path)
    room = service.create("nuevos-mundos", 2, seed=4, names=["Ana", "Beto"])
    assert service.join(room.code, "BETO")[0] == 1
    game = service.game(room.code)
    action = game.legal_actions()[0]
    data = action.to_json()
    del data["action"]
    service.act(room.code, room.tokens[0], 0, {"kind": action.kind, "fields": data})
    with pytest.raises(Refused) as refused:  # after the first move: only by a free name
        service.join(room.code, "Carla")
    assert refused.value.key == "join.full"


def test_after_the_first_move_only_a_free_seats_name_joins(tmp_path: Path) -> None:
    service = _service(tmp_path)
    room = service.create("nuevos-mundos", 3, seed=4, names=["Ana", "Beto", "Carla"])
    _, token = service.join(room.code, "Ana")
    game = service.game(room.code)
    action = game.legal_actions()[0]
    data = action.to_json()
    del data["action"]
    service.act(room.code, token, 0, {"kind": action.kind, "fields": data})
    with pytest.raises(Refused) as refused:
        service.join(room.code, "Dani")
    assert refused.value.key == "join.started" and "Beto" in refused.value.reason
    assert service.join(room.code, "carla")[0] == 2
    assert service.game(room.code).players == ("Ana", "Beto", "Carla")


@pytest.mark.parametrize(
    "code,name,key",
    [
        ("", "Ana", "join.no_code"),
        (None, "Ana", "join.no_code"),
        (7, "Ana", "join.no_code"),
        ("ZZZZZZ", "Ana", "room.unknown"),
        ("{room}", "", "join.name"),
        ("{room}", "   ", "join.name"),
        ("{room}", "x" * 25, "join.name"),
        ("{room}", ["Ana"], "join.name"),
    ],
)
def test_bad_joins_are_refused_and_change_nothing(
    tmp_path: Path, code: object, name: object, key: str
) -> None:
    service = _service(tmp_path)
    room = service.create("nuevos-mundos", 2, seed=4)
    if code == "{room}":
        code = room.code
    with pytest.raises(Refused) as refused:
        service.join(code, name)
    assert refused.value.key == key
    assert [s.claimed for s in service.store.seats(room.code)] == [False, False]
    assert service.seat(room.code, room.tokens[0]) == 0


def test_no_joining_a_bot_seat_or_a_finished_room(tmp_path: Path) -> None:
    service = _service(tmp_path)
    room = service.create("nuevos-mundos", 2, seed=4, seats=["human", "greedy"])
    assert service.join(room.code, "Ana")[0] == 0
    with pytest.raises(Refused) as refused:
        service.join(room.code, "Beto")
    assert refused.value.key == "join.full"
    service.end(room.code)
    with pytest.raises(Refused) as refused:
        service.join(room.code, "Beto")
    assert refused.value.key == "join.over"
