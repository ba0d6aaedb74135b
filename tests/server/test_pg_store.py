"""The PostgreSQL store: the SQLite store's own checks (tests/test_classroom_store.py) on a
real PostgreSQL the tests start (postgres.py), the row lock that keeps two servers from both
appending number N, a lost connection made again, and the real server over PostgreSQL
killed with ``kill -9`` in the middle of a game."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import httpx
import psycopg
import pytest
import test_classroom_store as checks
from class_server import ClassServer
from test_class_server import step

import gamecore
from classroom.store import ActionRecord, RoomRecord, StoreError
from classroom.store_pg import PostgresStore
from classroom.stores import open_store

pytestmark = pytest.mark.exclusive


@pytest.fixture
def pg(pg_url: str) -> checks.Opener:
    """The test's own database, opened anew by each call."""
    return lambda: PostgresStore(pg_url)


def test_rooms_seats_and_actions_round_trip(pg: checks.Opener) -> None:
    checks.check_round_trip(pg)


def test_seat_kinds_and_ended_rooms(pg: checks.Opener) -> None:
    checks.check_seat_kinds_and_ended_rooms(pg)


def test_claiming_seats(pg: checks.Opener) -> None:
    checks.check_claiming_seats(pg)


def test_two_stores_append_the_same_number(pg: checks.Opener) -> None:
    checks.check_two_stores_append_the_same_number(pg, rounds=25)


@pytest.mark.parametrize("name", sorted(gamecore.GAMES))
def test_a_game_rebuilt_from_the_store_equals_the_original(pg: checks.Opener, name: str) -> None:
    checks.check_a_rebuilt_game_equals_the_original(pg, name)


def test_a_stored_action_the_rules_refuse_stops_the_rebuild(pg: checks.Opener) -> None:
    checks.check_a_stored_action_the_rules_refuse_stops_the_rebuild(pg)


def test_tokens_are_kept_only_as_hashes(pg: checks.Opener) -> None:
    checks.check_tokens_are_kept_only_as_hashes(pg)


def test_open_store_opens_postgresql_urls(pg_url: str) -> None:
    for url in (pg_url, pg_url.replace("postgresql://", "postgres://", 1)):
        store = open_store(url)
        assert isinstance(store, PostgresStore)
        assert store.count_rooms() == 0
        store.close()


def test_an_append_waits_for_the_rooms_lock_and_then_sees_the_number_taken(pg_url: str) -> None:
    """Another server holding the room's row (an append under way) makes this one wait; when
    that one commits number 1, this one's number 1 is refused, not kept beside it."""
    store = PostgresStore(pg_url)
    store.create_room(RoomRecord("ABCDEF", "nuevos-mundos", ("A", "B"), 1, {}, 1.0, False), [])
    outcome: list[str] = []

    def append() -> None:
        try:
            store.append_action(ActionRecord("ABCDEF", 1, 1, {"player": 1}, 2.0), over=False)
            outcome.append("kept")
        except StoreError as err:
            outcome.append(str(err))

    with psycopg.connect(pg_url) as other:  # one transaction, until the block's commit
        other.execute("SELECT code FROM rooms WHERE code = 'ABCDEF' FOR UPDATE")
        waiting = threading.Thread(target=append)
        waiting.start()
        time.sleep(0.5)
        assert waiting.is_alive() and outcome == [], "the append did not wait for the lock"
        other.execute(
            "INSERT INTO actions (room, number, seat, action, time)"
            """ VALUES ('ABCDEF', 1, 0, '{"player":0}', 1.0)"""
        )
    waiting.join(30)
    assert outcome == ["room ABCDEF: action 1 is not the next (2)"]
    assert [(a.number, a.seat) for a in store.actions("ABCDEF")] == [(1, 0)]
    store.close()


def test_a_lost_connection_is_made_again(pg_url: str) -> None:
    """The database drops the store's connection (a restart, an administrator): the call
    that meets it fails, the next one connects again and finds everything."""
    store = PostgresStore(pg_url)
    store.create_room(RoomRecord("ABCDEF", "ecosfera", ("A", "B"), 1, {}, 1.0, False), [])
    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    with pytest.raises(psycopg.OperationalError):
        store.count_rooms()
    assert store.count_rooms() == 1
    store.close()


def test_kill_9_and_restart_over_postgresql_lose_nothing(tmp_path: Path, pg_url: str) -> None:
    """``python -m classroom serve --store postgresql://...``: a room, twelve moves, ``kill
    -9``, a restart on the same database: every move is there, and the game goes on."""
    server = ClassServer(tmp_path / "unused", tmp_path / "server.log", where=pg_url)
    server.start()
    try:
        room = server.create_room(game="nuevos-mundos", players=2, seed=4)
        rng = random.Random(9)
        played = [step(server, room, rng) for _ in range(12)]
        before = [server.view(room["code"], s["token"]) for s in room["seats"]]
        assert before[0]["move"] == 12

        server.kill()
        server.start()  # the key is not printed again (ClassServer checks)

        assert httpx.get(f"{server.url}/api/health").json() == {"ok": True, "rooms": 1}
        assert [server.view(room["code"], s["token"]) for s in room["seats"]] == before
        store = PostgresStore(pg_url)
        stored = store.actions(room["code"])
        store.close()
        assert [a.number for a in stored] == list(range(1, 13))
        assert [
            {
                "kind": a.action["action"],
                "fields": {k: v for k, v in a.action.items() if k not in ("action", "player")},
            }
            for a in stored
        ] == played
        step(server, room, rng)
        assert server.view(room["code"], room["seats"][0]["token"])["move"] == 13
        assert not (tmp_path / "unused").exists()  # nothing went to an SQLite file
    finally:
        server.stop()
