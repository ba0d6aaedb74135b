"""Where the class server keeps its rooms: one interface, with SQLite behind it here and
PostgreSQL in ``store_pg`` (``stores.open_store`` picks by the name of the store).

A room is what it takes to start its game again (game, players, seed, options) plus the
actions its seats had accepted, in order. The game itself is never stored: after a restart
it is replayed from these, every action checked again by gamecore (``rooms.rebuild``).
Seats keep only a hash of their join token, so a copy of the store opens no seat.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HUMAN = "human"
"""A seat's kind when a person plays it; any other kind names the bot that plays it
(``gamecore.bots.BOTS``: "greedy", "random", ...)."""


@dataclass(frozen=True)
class RoomRecord:
    """A room as stored: enough to set its game up again."""

    code: str
    game: str
    players: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    created: float
    """Seconds since the epoch (UTC) when the teacher made it."""
    over: bool
    ended: float | None = None
    """When the teacher ended the game before its end (seconds since the epoch), or None."""


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a room: who sits there and the hash of the token that opens it."""

    room: str
    seat: int
    token_hash: str
    name: str
    kind: str
    """``HUMAN``, or the kind of the bot that plays the seat."""
    claimed: bool = False
    """Whether somebody has opened the seat (by its link or by joining with the room's
    code): a claimed seat is no longer free for joining by code."""


@dataclass(frozen=True)
class ActionRecord:
    """An accepted action: the ``number``-th of its room (from 1), as a save file's log
    entry (``{"player": seat, "action": kind, ...fields}``)."""

    room: str
    number: int
    seat: int
    action: dict[str, Any]
    time: float


class StoreError(RuntimeError):
    """The store refused a write (a room code taken twice, an action number out of turn)."""


class Store(ABC):
    """What the room service needs from a store. Every write is durable when it returns."""

    @abstractmethod
    def create_room(self, room: RoomRecord, seats: Sequence[SeatRecord]) -> None:
        """Keep a new room and its seats (all or nothing)."""

    @abstractmethod
    def room(self, code: str) -> RoomRecord | None:
        """The room with this code, or None."""

    @abstractmethod
    def rooms(self) -> list[RoomRecord]:
        """Every room, oldest first."""

    @abstractmethod
    def count_rooms(self) -> int:
        """How many rooms there are."""

    @abstractmethod
    def seats(self, code: str) -> list[SeatRecord]:
        """A room's seats in seat order."""

    @abstractmethod
    def seat_by_token_hash(self, token_hash: str) -> SeatRecord | None:
        """The seat whose token has this hash, in whichever room, or None."""

    @abstractmethod
    def actions(self, code: str) -> list[ActionRecord]:
        """A room's accepted actions in order."""

    @abstractmethod
    def append_action(self, record: ActionRecord, *, over: bool) -> None:
        """Keep an accepted action (it must be the room's next number) and whether the game
        is now over, in one transaction; committed to disk before this returns."""

    @abstractmethod
    def set_seat_kind(self, code: str, seat: int, kind: str) -> None:
        """Hand a seat to a bot of ``kind`` (or back to a person: ``HUMAN``); StoreError for a
        seat that does not exist."""

    @abstractmethod
    def claim_seat(self, code: str, seat: int, token_hash: str, name: str | None) -> bool:
        """Mark a free seat claimed, with this token's hash (and, given ``name``, the seat
        and the room's player renamed) in one step; False if it was claimed already."""

    @abstractmethod
    def reissue_seat(self, code: str, seat: int, token_hash: str) -> None:
        """Give a seat a new token's hash and make it free again (its old link opens
        nothing); StoreError for a seat that does not exist."""

    @abstractmethod
    def end_room(self, code: str, when: float) -> None:
        """Mark a room ended by the teacher at ``when`` (its actions stay); StoreError for a
        room that does not exist."""

    @abstractmethod
    def teacher_key_hash(self) -> str | None:
        """The hash of the teacher's key, None before the first start."""

    @abstractmethod
    def set_teacher_key_hash(self, key_hash: str) -> None:
        """Keep the hash of the teacher's key (once: a second call raises StoreError)."""

    @abstractmethod
    def close(self) -> None:
        """Let go of the store's files or connections."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    created REAL NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    ended REAL
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(code),
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    claimed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL REFERENCES rooms(code),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    time REAL NOT NULL,
    PRIMARY KEY (room, number)
);
CREATE TABLE IF NOT EXISTS settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


class SQLiteStore(Store):
    """The store in one SQLite file (the standard library's sqlite3).

    Write-ahead logging lets readers go on while an action is written; ``synchronous=FULL``
    makes each commit wait for the disk, so an action told to anyone survives a ``kill -9``
    or a power cut. One connection, shared by the server's threads behind a lock.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def create_room(self, room: RoomRecord, seats: Sequence[SeatRecord]) -> None:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute(
                    "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        room.code,
                        room.game,
                        json.dumps(list(room.players)),
                        room.seed,
                        json.dumps(room.options),
                        room.created,
                        int(room.over),
                        room.ended,
                    ),
                )
                self._db.executemany(
                    "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                    [(s.room, s.seat, s.token_hash, s.name, s.kind, int(s.claimed)) for s in seats],
                )
                self._db.execute("COMMIT")
            except BaseException as err:  # nothing half-kept, and no transaction left open
                self._rollback()
                if isinstance(err, sqlite3.IntegrityError):
                    raise StoreError(f"room {room.code} not kept: {err}") from None
                raise

    def room(self, code: str) -> RoomRecord | None:
        with self._lock:
            row = self._db.execute("SELECT * FROM rooms WHERE code = ?", (code,)).fetchone()
        return None if row is None else _room(row)

    def rooms(self) -> list[RoomRecord]:
        with self._lock:
            rows = self._db.execute("SELECT * FROM rooms ORDER BY created, code").fetchall()
        return [_room(row) for row in rows]

    def count_rooms(self) -> int:
        with self._lock:
            (n,) = self._db.execute("SELECT COUNT(*) FROM rooms").fetchone()
        return int(n)

    def seats(self, code: str) -> list[SeatRecord]:
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM seats WHERE room = ? ORDER BY seat", (code,)
            ).fetchall()
        return [_seat(row) for row in rows]

    def seat_by_token_hash(self, token_hash: str) -> SeatRecord | None:
        with self._lock:
            row = self._db.execute(
                "SELECT * FROM seats WHERE token_hash = ?", (token_hash,)
            ).fetchone()
        return None if row is None else _seat(row)

    def actions(self, code: str) -> list[ActionRecord]:
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM actions WHERE room = ? ORDER BY number", (code,)
            ).fetchall()
        return [ActionRecord(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    def append_action(self, record: ActionRecord, *, over: bool) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                (last,) = self._db.execute(
                    "SELECT COALESCE(MAX(number), 0) FROM actions WHERE room = ?", (record.room,)
                ).fetchone()
                if record.number != last + 1:
                    raise StoreError(
                        f"room {record.room}: action {record.number} is not the next ({last + 1})"
                    )
                self._db.execute(
                    "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                    (
                        record.room,
                        record.number,
                        record.seat,
                        json.dumps(record.action, separators=(",", ":")),
                        record.time,
                    ),
                )
                self._db.execute(
                    "UPDATE rooms SET over = ? WHERE code = ?", (int(over), record.room)
                )
                self._db.execute("COMMIT")
            except BaseException as err:  # no transaction left open to block the next write
                self._rollback()
                if isinstance(err, sqlite3.IntegrityError):  # no such room
                    raise StoreError(
                        f"room {record.room}: action {record.number} not kept: {err}"
                    ) from None
                raise

    def _rollback(self) -> None:
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")

    def set_seat_kind(self, code: str, seat: int, kind: str) -> None:
        with self._lock:
            changed = self._db.execute(
                "UPDATE seats SET kind = ? WHERE room = ? AND seat = ?", (kind, code, seat)
            ).rowcount
        if changed != 1:
            raise StoreError(f"room {code} has no seat {seat}")

    def claim_seat(self, code: str, seat: int, token_hash: str, name: str | None) -> bool:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                taken = self._db.execute(
                    "UPDATE seats SET claimed = 1, token_hash = ?, name = COALESCE(?, name)"
                    " WHERE room = ? AND seat = ? AND claimed = 0",
                    (token_hash, name, code, seat),
                ).rowcount
                if taken == 1 and name is not None:
                    (players,) = self._db.execute(
                        "SELECT players FROM rooms WHERE code = ?", (code,)
                    ).fetchone()
                    names = json.loads(players)
                    names[seat] = name
                    self._db.execute(
                        "UPDATE rooms SET players = ? WHERE code = ?", (json.dumps(names), code)
                    )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return taken == 1

    def reissue_seat(self, code: str, seat: int, token_hash: str) -> None:
        with self._lock:
            changed = self._db.execute(
                "UPDATE seats SET token_hash = ?, claimed = 0 WHERE room = ? AND seat = ?",
                (token_hash, code, seat),
            ).rowcount
        if changed != 1:
            raise StoreError(f"room {code} has no seat {seat}")

    def end_room(self, code: str, when: float) -> None:
        with self._lock:
            changed = self._db.execute(
                "UPDATE rooms SET ended = ? WHERE code = ?", (when, code)
            ).rowcount
        if changed != 1:
            raise StoreError(f"no room {code}")

    def teacher_key_hash(self) -> str | None:
        with self._lock:
            row = self._db.execute(
                "SELECT value FROM settings WHERE name = 'teacher_key_hash'"
            ).fetchone()
        return None if row is None else str(row[0])

    def set_teacher_key_hash(self, key_hash: str) -> None:
        with self._lock:
            try:
                self._db.execute("INSERT INTO settings VALUES ('teacher_key_hash', ?)", (key_hash,))
            except sqlite3.IntegrityError:
                raise StoreError("the teacher's key is already set") from None

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _seat(row: tuple[Any, ...]) -> SeatRecord:
    room, seat, token_hash, name, kind, claimed = row
    return SeatRecord(room, seat, token_hash, name, kind, bool(claimed))


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
