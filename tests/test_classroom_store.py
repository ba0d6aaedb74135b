"""The class server's store and room service without a server: rooms, seats and actions
round-trip through SQLite, and a game rebuilt from the store equals the one played.

The checks are functions of a store opener (``check_*``), so tests/server/test_pg_store.py
runs the very same ones on PostgreSQL; the tests here run them on an SQLite file."""

from __future__ import annotations

import dataclasses
import json
import random
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

import gamecore
from classroom.jsonable import jsonable
from classroom.rooms import CODE_ALPHABET, Refused, RoomService, rebuild, token_hash
from classroom.store import (
    ActionRecord,
    RoomRecord,
    SeatRecord,
    SQLiteStore,
    Store,
    StoreError,
)
from classroom.stores import open_store

Opener = Callable[[], Store]
"""Opens the test's store: each call a new connection to the same rooms."""


def check_round_trip(open_store: Opener) -> None:
    """Rooms, seats, actions and the teacher's key come back as kept, after a reopening;
    every refused write raises StoreError, changes nothing and leaves the store usable."""
    store = open_store()
    room = RoomRecord("ABCDEF", "nuevos-mundos", ("Ana", "Beto"), 5, {"modules": []}, 1.5, False)
    seats = [
        SeatRecord("ABCDEF", 0, "h0", "Ana", "human"),
        SeatRecord("ABCDEF", 1, "h1", "Beto", "greedy"),
    ]
    store.create_room(room, seats)
    with pytest.raises(StoreError):  # the code again
        store.create_room(room, seats)
    with pytest.raises(StoreError):  # a token hash again: nothing of the room is kept
        store.create_room(
            RoomRecord("GHJKMN", "ecosfera", ("Eva",), 1, {}, 1.0, False),
            [SeatRecord("GHJKMN", 0, "h0", "Eva", "human")],
        )
    assert store.room("GHJKMN") is None
    action = ActionRecord("ABCDEF", 1, 0, {"player": 0, "action": "take_biome", "card": 2}, 2.5)
    store.append_action(action, over=False)
    with pytest.raises(StoreError):  # a number out of turn
        store.append_action(ActionRecord("ABCDEF", 3, 1, action.action, 3.0), over=False)
    with pytest.raises(StoreError):  # the same number again
        store.append_action(ActionRecord("ABCDEF", 1, 1, action.action, 3.0), over=True)
    with pytest.raises(StoreError):  # a room that does not exist
        store.append_action(ActionRecord("QQQQQQ", 1, 0, action.action, 3.0), over=False)
    assert store.room("ABCDEF") == room  # not over: the refused appends changed nothing
    assert store.teacher_key_hash() is None
    store.set_teacher_key_hash("k")
    with pytest.raises(StoreError):
        store.set_teacher_key_hash("other")
    later = RoomRecord("PQRSTU", "mondo", ("Ana", "Beto", "Cai"), 2**40, {}, 0.5, True, 9.25)
    store.create_room(later, [])
    store.close()

    again = open_store()
    assert again.room("ABCDEF") == room
    assert again.room("PQRSTU") == later
    assert again.rooms() == [later, room] and again.count_rooms() == 2
    assert again.room("NOPE") is None
    assert again.seats("ABCDEF") == seats and again.seats("PQRSTU") == []
    assert again.seat_by_token_hash("h1") == seats[1]
    assert again.seat_by_token_hash("nope") is None
    assert again.actions("ABCDEF") == [action] and again.actions("PQRSTU") == []
    assert again.teacher_key_hash() == "k"
    second = ActionRecord("ABCDEF", 2, 1, {"player": 1, "action": "pass"}, 4.0)
    again.append_action(second, over=True)
    again.close()

    last = open_store()
    assert last.actions("ABCDEF") == [action, second]
    assert last.room("ABCDEF") == dataclasses.replace(room, over=True)
    last.close()


def check_seat_kinds_and_ended_rooms(open_store: Opener) -> None:
    """A seat handed to a bot and back, and a room ended by the teacher, stay so; a seat or
    a room that does not exist is a StoreError."""
    store = open_store()
    room = RoomRecord("ABCDEF", "ecosfera", ("Ana", "Beto"), 3, {}, 1.0, False)
    store.create_room(
        room,
        [
            SeatRecord("ABCDEF", 0, "h0", "Ana", "human"),
            SeatRecord("ABCDEF", 1, "h1", "Beto", "human"),
        ],
    )
    store.set_seat_kind("ABCDEF", 1, "random")
    with pytest.raises(StoreError):
        store.set_seat_kind("ABCDEF", 2, "random")
    with pytest.raises(StoreError):
        store.set_seat_kind("QQQQQQ", 0, "random")
    store.end_room("ABCDEF", 7.5)
    with pytest.raises(StoreError):
        store.end_room("QQQQQQ", 7.5)
    store.close()

    again = open_store()
    assert [s.kind for s in again.seats("ABCDEF")] == ["human", "random"]
    ended = again.room("ABCDEF")
    assert ended is not None and ended.ended == 7.5 and not ended.over
    assert again.actions("ABCDEF") == []
    again.set_seat_kind("ABCDEF", 1, "human")
    assert [s.kind for s in again.seats("ABCDEF")] == ["human", "human"]
    again.close()


def check_claiming_seats(open_store: Opener) -> None:
    """A free seat is claimed once (a second claim is refused), with its new token's hash
    and, when a name is given, the seat and the room's player renamed together; a claim
    without a name keeps the names; claims of seats that do not exist take nothing."""
    store = open_store()
    room = RoomRecord("ABCDEF", "nuevos-mundos", ("Player 1", "Player 2"), 3, {}, 1.0, False)
    store.create_room(
        room,
        [
            SeatRecord("ABCDEF", 0, "h0", "Player 1", "human"),
            SeatRecord("ABCDEF", 1, "h1", "Player 2", "human"),
        ],
    )
    assert store.claim_seat("ABCDEF", 0, "new0", "Ana")
    assert not store.claim_seat("ABCDEF", 0, "other", "Eve")
    assert store.claim_seat("ABCDEF", 1, "h1", None)
    assert not store.claim_seat("ABCDEF", 2, "h2", None)
    assert not store.claim_seat("QQQQQQ", 0, "h3", None)
    store.close()

    again = open_store()
    assert again.seats("ABCDEF") == [
        SeatRecord("ABCDEF", 0, "new0", "Ana", "human", True),
        SeatRecord("ABCDEF", 1, "h1", "Player 2", "human", True),
    ]
    assert again.seat_by_token_hash("h0") is None
    kept = again.room("ABCDEF")
    assert kept is not None and kept.players == ("Ana", "Player 2")
    # a new link: the seat has a new token's hash and is free again, its name kept
    again.reissue_seat("ABCDEF", 0, "again0")
    assert again.seats("ABCDEF")[0] == SeatRecord("ABCDEF", 0, "again0", "Ana", "human", False)
    assert again.seat_by_token_hash("new0") is None
    with pytest.raises(StoreError):
        again.reissue_seat("ABCDEF", 5, "x")
    assert again.claim_seat("ABCDEF", 0, "again0", None)
    again.close()


def check_two_stores_append_the_same_number(open_store: Opener, rounds: int = 10) -> None:
    """Two stores on the same rooms (two servers, or two threads) append number N at the
    same moment: exactly one is kept, the other is a StoreError, every round."""
    first, second = open_store(), open_store()
    first.create_room(RoomRecord("ABCDEF", "nuevos-mundos", ("A", "B"), 1, {}, 1.0, False), [])

    def append(
        store: Store, seat: int, number: int, start: threading.Barrier, outcomes: list[str]
    ) -> None:
        record = ActionRecord("ABCDEF", number, seat, {"player": seat, "action": "x"}, 1.0)
        start.wait()
        try:
            store.append_action(record, over=False)
            outcomes.append("kept")
        except StoreError:
            outcomes.append("refused")

    for number in range(1, rounds + 1):
        start = threading.Barrier(2)
        outcomes: list[str] = []
        threads = [
            threading.Thread(target=append, args=(store, seat, number, start, outcomes))
            for seat, store in enumerate((first, second))
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sorted(outcomes) == ["kept", "refused"], (number, outcomes)
    for store in (first, second):
        assert [a.number for a in store.actions("ABCDEF")] == list(range(1, rounds + 1))
    first.close()
    second.close()


def check_a_rebuilt_game_equals_the_original(open_store: Opener, name: str) -> None:
    store = open_store()
    service = RoomService(store)
    players = max(2, gamecore.GAMES[name].min_players)
    room = service.create(name, players, seed=6)
    assert len(room.code) == 6 and set(room.code) <= set(CODE_ALPHABET)
    rng = random.Random(1)
    original = gamecore.new_game(name, players, 6)
    for _ in range(40):
        if original.is_over:
            break
        deciding = original.current_player
        assert deciding is not None
        token = room.tokens[deciding]
        view = service.view(room.code, token)
        json.dumps(view)  # every game's view is JSON
        assert view["view"] == jsonable(original.view(deciding))
        chosen = rng.choice(view["legal"])
        number = service.act(
            room.code, token, view["move"], {"kind": chosen["kind"], "fields": chosen["fields"]}
        )
        original.play(type(original).action_types[chosen["kind"]](**chosen["fields"]))
        assert number == len(original.moves())
    store.close()

    reopened = open_store()
    record = reopened.room(room.code)
    assert record is not None
    assert rebuild(record, reopened.actions(room.code)) == original
    assert RoomService(reopened).game(room.code) == original
    reopened.close()


def check_a_stored_action_the_rules_refuse_stops_the_rebuild(open_store: Opener) -> None:
    store = open_store()
    room = RoomService(store).create("nuevos-mundos", 2, seed=1)
    record = store.room(room.code)
    assert record is not None
    forged = ActionRecord(room.code, 1, 1, {"player": 1, "action": "take_biome", "card": 2}, 0.0)
    with pytest.raises(gamecore.SaveFileError, match="not seat 1's"):
        rebuild(record, [forged])
    forged = ActionRecord(room.code, 1, 0, {"player": 0, "action": "take_biome", "card": 99}, 0.0)
    with pytest.raises(gamecore.SaveFileError, match="refused"):
        rebuild(record, [forged])
    store.close()


def check_tokens_are_kept_only_as_hashes(open_store: Opener) -> None:
    store = open_store()
    service = RoomService(store)
    room = service.create("ecosfera", 3, seed=2)
    assert [s.token_hash for s in store.seats(room.code)] == [token_hash(t) for t in room.tokens]
    assert service.seat(room.code, room.tokens[2]) == 2
    with pytest.raises(Refused) as refused:
        last = room.tokens[2][-1]
        service.seat(room.code, room.tokens[2][:-1] + ("x" if last != "x" else "y"))
    assert refused.value.key == "seat.bad_token"
    store.close()


@pytest.fixture
def sqlite(tmp_path: Path) -> Opener:
    """The test's SQLite file, opened anew by each call."""
    return lambda: SQLiteStore(tmp_path / "s.sqlite3")


def test_rooms_seats_and_actions_round_trip(sqlite: Opener, tmp_path: Path) -> None:
    check_round_trip(sqlite)
    mode = sqlite3.connect(tmp_path / "s.sqlite3").execute("PRAGMA journal_mode").fetchone()
    assert mode == ("wal",)


def test_seat_kinds_and_ended_rooms(sqlite: Opener) -> None:
    check_seat_kinds_and_ended_rooms(sqlite)


def test_claiming_seats(sqlite: Opener) -> None:
    check_claiming_seats(sqlite)


def test_two_stores_append_the_same_number(sqlite: Opener) -> None:
    check_two_stores_append_the_same_number(sqlite)


@pytest.mark.parametrize("name", sorted(gamecore.GAMES))
def test_a_game_rebuilt_from_the_store_equals_the_original(sqlite: Opener, name: str) -> None:
    check_a_rebuilt_game_equals_the_original(sqlite, name)


def test_a_stored_action_the_rules_refuse_stops_the_rebuild(sqlite: Opener) -> None:
    check_a_stored_action_the_rules_refuse_stops_the_rebuild(sqlite)


def test_tokens_are_kept_only_as_hashes(sqlite: Opener) -> None:
    check_tokens_are_kept_only_as_hashes(sqlite)


def test_open_store_opens_sqlite_without_psycopg(tmp_path: Path) -> None:
    """Anything but a postgresql:// URL is an SQLite file, and neither that nor starting the
    server's modules imports psycopg (SQLite users need not install it)."""
    assert isinstance(open_store(str(tmp_path / "o.sqlite3")), SQLiteStore)
    script = (
        "import sys; sys.modules['psycopg'] = None\n"  # any import of it would fail
        "import classroom.__main__, classroom.server\n"
        "from classroom.store import SQLiteStore\nfrom classroom.stores import open_store\n"
        f"assert isinstance(open_store({str(tmp_path / 'p.sqlite3')!r}), SQLiteStore)\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=120)


def test_every_refusal_of_the_server_has_words_in_every_language() -> None:
    """The server's own refusals (``Refused(status, "room.unknown", code=...)``) take their
    sentence from the catalog, ``classroom.room_unknown``, in every declared language (a
    refusal that passes on the engine's sentence, already in words, is left out)."""
    import re
    from pathlib import Path

    from gamecore.words import LANGUAGES, catalog

    package = Path(__file__).resolve().parents[1] / "classroom"
    keys = {
        key
        for path in package.glob("*.py")
        for key in re.findall(
            r'Refused\(\s*\d+,\s*"([a-z_.]+)"\s*(?:\)|,\s*[a-z_]+=)', path.read_text("utf-8")
        )
    }
    assert len(keys) > 15
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if "classroom." + k.replace(".", "_") not in catalog(lang))
        assert not missing, (lang, missing)


def test_every_registered_game_has_a_student_table() -> None:
    """A game registered in gamecore is playable on the class server: its seat table is in
    ``SEAT_TABLES`` (there is no plain fallback page)."""
    from classroom.tables import SEAT_TABLES

    assert set(SEAT_TABLES) == set(gamecore.GAMES)
    assert all(table.game_name == name for name, table in SEAT_TABLES.items())
