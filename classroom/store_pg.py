"""The class server's store in PostgreSQL, for a school's hub (psycopg 3).

The same tables as the SQLite store and exactly its behaviour (``tests/server/
test_pg_store.py`` runs the same checks on both). Several servers may share one database:
``append_action`` locks the room's row (``SELECT ... FOR UPDATE``) before it reads the last
number, so two of them can never both append number N, and the primary key (room, number)
stands behind the lock. Every write is committed before it returns, with
``synchronous_commit`` on, so it has reached the disk (and any synchronous standby).

One connection, shared by the server's threads behind a lock, as in the SQLite store; when
it breaks (the database restarted), the call that saw it fails and the next one connects
again. psycopg is imported only here, so SQLite users need none (``stores.open_store``).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg

from .store import ActionRecord, RoomRecord, SeatRecord, Store, StoreError

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    seed BIGINT NOT NULL,
    options TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    over BOOLEAN NOT NULL DEFAULT FALSE,
    ended DOUBLE PRECISION
)""",
    """CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(code),
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    claimed BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (room, seat)
)""",
    """CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL REFERENCES rooms(code),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    time DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (room, number)
)""",
    """CREATE TABLE IF NOT EXISTS settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
)""",
)

_SCHEMA_LOCK = 0x4D756E646F73  # "Mundos": two servers starting at once make the tables once

_ROOM_COLUMNS = "code, game, players, seed, options, created, over, ended"
_SEAT_COLUMNS = "room, seat, token_hash, name, kind, claimed"


class PostgresStore(Store):
    """The store in a PostgreSQL database, named by a libpq URL or connection string
    (``postgresql://user@host/db``; a password may come from the URL, ``PGPASSWORD`` or
    ``~/.pgpass``). The tables are made on the first connection if they are missing."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.Lock()
        self._db = self._connect()
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            for statement in _SCHEMA:
                self._db.execute(statement)

    def _connect(self) -> psycopg.Connection[tuple[Any, ...]]:
        db = psycopg.connect(self.url, autocommit=True)
        db.execute("SET synchronous_commit TO on")
        return db

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[tuple[Any, ...]]]:
        """The connection, for this thread alone while the block runs; made again first if
        the last one broke."""
        with self._lock:
            if self._db.broken:  # lost, not closed by ``close``
                self._db.close()
                self._db = self._connect()
            yield self._db

    def create_room(self, room: RoomRecord, seats: Sequence[SeatRecord]) -> None:
        with self._connection() as db:
            try:
                with db.transaction(), db.cursor() as cursor:
                    cursor.execute(
                        f"INSERT INTO rooms ({_ROOM_COLUMNS})"
                        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                        (
                            room.code,
                            room.game,
                            json.dumps(list(room.players)),
                            room.seed,
                            json.dumps(room.options),
                            room.created,
                            room.over,
                            room.ended,
                        ),
                    )
                    cursor.executemany(
                        f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s)",
                        [(s.room, s.seat, s.token_hash, s.name, s.kind, s.claimed) for s in seats],
                    )
            except psycopg.errors.IntegrityError as err:
                raise StoreError(f"room {room.code} not kept: {_first_line(err)}") from None

    def room(self, code: str) -> RoomRecord | None:
        with self._connection() as db:
            row = db.execute(
                f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE code = %s", (code,)
            ).fetchone()
        return None if row is None else _room(row)

    def rooms(self) -> list[RoomRecord]:
        with self._connection() as db:
            rows = db.execute(
                f'SELECT {_ROOM_COLUMNS} FROM rooms ORDER BY created, code COLLATE "C"'
            ).fetchall()
        return [_room(row) for row in rows]

    def count_rooms(self) -> int:
        with self._connection() as db:
            row = db.execute("SELECT COUNT(*) FROM rooms").fetchone()
        assert row is not None
        return int(row[0])

    def seats(self, code: str) -> list[SeatRecord]:
        with self._connection() as db:
            rows = db.execute(
                f"SELECT {_SEAT_COLUMNS} FROM seats WHERE room = %s ORDER BY seat", (code,)
            ).fetchall()
        return [SeatRecord(*row) for row in rows]

    def seat_by_token_hash(self, token_hash: str) -> SeatRecord | None:
        with self._connection() as db:
            row = db.execute(
                f"SELECT {_SEAT_COLUMNS} FROM seats WHERE token_hash = %s", (token_hash,)
            ).fetchone()
        return None if row is None else SeatRecord(*row)

    def actions(self, code: str) -> list[ActionRecord]:
        with self._connection() as db:
            rows = db.execute(
                "SELECT room, number, seat, action, time FROM actions WHERE room = %s"
                " ORDER BY number",
                (code,),
            ).fetchall()
        return [ActionRecord(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    def append_action(self, record: ActionRecord, *, over: bool) -> None:
        with self._connection() as db:
            try:
                with db.transaction():
                    # the room's row, locked until the commit: another server's append to
                    # this room waits here and then reads the number this one wrote
                    if (
                        db.execute(
                            "SELECT code FROM rooms WHERE code = %s FOR UPDATE", (record.room,)
                        ).fetchone()
                        is None
                    ):
                        raise StoreError(f"no room {record.room}")
                    row = db.execute(
                        "SELECT COALESCE(MAX(number), 0) FROM actions WHERE room = %s",
                        (record.room,),
                    ).fetchone()
                    assert row is not None
                    last = int(row[0])
                    if record.number != last + 1:
                        raise StoreError(
                            f"room {record.room}: action {record.number} is not the next "
                            f"({last + 1})"
                        )
                    db.execute(
                        "INSERT INTO actions (room, number, seat, action, time)"
                        " VALUES (%s, %s, %s, %s, %s)",
                        (
                            record.room,
                            record.number,
                            record.seat,
                            json.dumps(record.action, separators=(",", ":")),
                            record.time,
                        ),
                    )
                    db.execute("UPDATE rooms SET over = %s WHERE code = %s", (over, record.room))
            except psycopg.errors.IntegrityError as err:
                raise StoreError(
                    f"room {record.room}: action {record.number} not kept: {_first_line(err)}"
                ) from None

    def set_seat_kind(self, code: str, seat: int, kind: str) -> None:
        with self._connection() as db:
            changed = db.execute(
                "UPDATE seats SET kind = %s WHERE room = %s AND seat = %s", (kind, code, seat)
            ).rowcount
        if changed != 1:
            raise StoreError(f"room {code} has no seat {seat}")

    def claim_seat(self, code: str, seat: int, token_hash: str, name: str | None) -> bool:
        with self._connection() as db, db.transaction():
            taken = db.execute(
                "UPDATE seats SET claimed = TRUE, token_hash = %s, name = COALESCE(%s, name)"
                " WHERE room = %s AND seat = %s AND NOT claimed",
                (token_hash, name, code, seat),
            ).rowcount
            if taken == 1 and name is not None:
                row = db.execute(
                    "SELECT players FROM rooms WHERE code = %s FOR UPDATE", (code,)
                ).fetchone()
                assert row is not None
                names = json.loads(row[0])
                names[seat] = name
                db.execute(
                    "UPDATE rooms SET players = %s WHERE code = %s", (json.dumps(names), code)
                )
        return taken == 1

    def reissue_seat(self, code: str, seat: int, token_hash: str) -> None:
        with self._connection() as db:
            changed = db.execute(
                "UPDATE seats SET token_hash = %s, claimed = FALSE WHERE room = %s AND seat = %s",
                (token_hash, code, seat),
            ).rowcount
        if changed != 1:
            raise StoreError(f"room {code} has no seat {seat}")

    def end_room(self, code: str, when: float) -> None:
        with self._connection() as db:
            changed = db.execute(
                "UPDATE rooms SET ended = %s WHERE code = %s", (when, code)
            ).rowcount
        if changed != 1:
            raise StoreError(f"no room {code}")

    def teacher_key_hash(self) -> str | None:
        with self._connection() as db:
            row = db.execute(
                "SELECT value FROM settings WHERE name = 'teacher_key_hash'"
            ).fetchone()
        return None if row is None else str(row[0])

    def set_teacher_key_hash(self, key_hash: str) -> None:
        with self._connection() as db:
            try:
                db.execute(
                    "INSERT INTO settings (name, value) VALUES ('teacher_key_hash', %s)",
                    (key_hash,),
                )
            except psycopg.errors.UniqueViolation:
                raise StoreError("the teacher's key is already set") from None

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _room(row: tuple[Any, ...]) -> RoomRecord:
    code, game, players, seed, options, created, over, ended = row
    return RoomRecord(
        code,
        game,
        tuple(json.loads(players)),
        seed,
        json.loads(options),
        created,
        bool(over),
        ended,
    )


def _first_line(err: Exception) -> str:
    return str(err).splitlines()[0] if str(err) else type(err).__name__
