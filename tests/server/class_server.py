"""A real class server for the tests: ``python -m classroom serve`` in its own process on a
free port of 127.0.0.1, over a real SQLite file in the test's tmp_path (or, given ``where``,
a PostgreSQL database's URL)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest

T = TypeVar("T")

STARTUP_SECONDS = 30.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ClassServer:
    """One store, one server process at a time (``kill`` then ``start`` again)."""

    def __init__(
        self, store: Path, log: Path, *, where: str | None = None, options: Sequence[str] = ()
    ) -> None:
        self.store = store
        self.where = str(store) if where is None else where
        """The server's ``--store``: the store's file, or a database's URL."""
        self.options = tuple(options)
        """More of ``serve``'s options (``--base-path``, ...)."""
        self.log = log
        self.key: str | None = None
        self.process: subprocess.Popen[str] | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.port = free_port()
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "classroom",
                    "serve",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--store",
                    self.where,
                    *self.options,
                ],
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        assert self.process.stdout is not None
        printed: list[str] = []
        for line in self.process.stdout:
            printed.append(line)
            found = re.search(r"Teacher's key \(shown this once; keep it\): (\S+)", line)
            if found:
                assert self.key is None, "the teacher's key is printed on the first start only"
                self.key = found.group(1)
            if line.startswith("Class server: "):
                assert f"127.0.0.1:{self.port}" in line
                break
        else:
            raise AssertionError(f"the server stopped before starting: {printed}")
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        raise AssertionError(f"no answer from {self.url} within {STARTUP_SECONDS} s")

    def kill(self) -> None:
        """``kill -9``: no clean-up, no last commit."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
            self.process = None

    def teacher(self) -> dict[str, str]:
        assert self.key is not None
        return {"Authorization": f"Bearer {self.key}"}

    def create_room(self, **setup: Any) -> dict[str, Any]:
        answer = httpx.post(f"{self.url}/api/rooms", json=setup, headers=self.teacher())
        assert answer.status_code == 201, answer.text
        room: dict[str, Any] = answer.json()
        return room

    def stored_game(self, code: str) -> Any:
        """The room's game as the store has it (rebuilt and judged again here)."""
        from classroom.rooms import rebuild
        from classroom.store import SQLiteStore

        store = SQLiteStore(self.store)
        try:
            record = store.room(code)
            assert record is not None
            return rebuild(record, store.actions(code))
        finally:
            store.close()

    def settled(self, code: str, seconds: float = 60.0) -> Any:
        """The room's stored game once its bots have played every move that is theirs (the
        server plays them after answering the move that made it their turn): over, or a
        person's turn. ``seconds`` only bounds a broken run."""
        from classroom.store import HUMAN, SQLiteStore

        deadline = time.monotonic() + seconds
        while True:
            game = self.stored_game(code)
            store = SQLiteStore(self.store)
            try:
                kinds = [s.kind for s in store.seats(code)]
            finally:
                store.close()
            player = game.current_player
            if game.is_over or player is None or kinds[player] == HUMAN:
                return game
            assert time.monotonic() < deadline, f"room {code}: the bots did not finish"
            time.sleep(0.05)

    def view(self, code: str, token: str) -> dict[str, Any]:
        answer = httpx.get(f"{self.url}/api/rooms/{code}/view", headers=seat(token))
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def act(self, code: str, token: str, move: int, action: Any) -> httpx.Response:
        return httpx.post(
            f"{self.url}/api/rooms/{code}/actions",
            json={"move": move, "action": action},
            headers=seat(token),
        )


def seat(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(name="server")
def server_fixture(tmp_path: Path) -> Iterator[ClassServer]:
    """A class server of its own for the test: its own process and store (a test module
    takes it with ``from class_server import server_fixture``)."""
    running = ClassServer(tmp_path / "class.sqlite3", tmp_path / "server.log")
    running.start()
    try:
        yield running
    finally:
        running.stop()


def in_own_thread(work: Callable[[], T]) -> T:
    """``work()`` in a thread of its own, so code that runs its own asyncio loop
    (``asyncio.run``) can run in a test process whose main thread already has one (the
    browser tests' Playwright runs on the same worker as these)."""
    result: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(work())
        except BaseException as err:  # passed on to the test
            failure.append(err)

    thread = threading.Thread(target=run, name="own-loop")
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return result[0]
