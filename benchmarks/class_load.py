"""The class server under a class's load (issue 20, part 5): printed, never asserted.

    python benchmarks/class_load.py                     # 30 students, 8 rooms, 4 pages, 60 s
    python benchmarks/class_load.py --clock-pages 4     # and a Mondo room's 4 seats in Chromium
    python benchmarks/class_load.py --seconds 20 --pages 0 --json class_load.json

The real server (``python -m classroom serve``) is started on a free port of 127.0.0.1 over
an SQLite file in a temporary folder, and a class is made of it with the teacher's key it
prints: by default 30 students in 8 rooms of mixed games (``--rooms``). Every seat is a
student:

- **Simulated students** (asyncio, ``websockets`` and ``httpx`` in this process): each opens
  its seat's websocket (``/ws/{code}?lang=en``) as a page does, asking for its table alone
  and as patches (first message ``{"token", "view": false, "patches": true}``; the patches
  applied with ``classroom.patch.apply``). Whenever its table says it is its seat's turn, it
  fetches its view (``GET .../view``), waits a think time (``--think-ms``, random between
  the two bounds) and sends one of the legal actions, drawn at random (``--seed``), to
  ``POST .../actions`` with the move number it saw. In a real-time game (Mondo on the
  server's clock) a student uses the table as a page does (``POST .../table``; its
  websocket hears the table alone too, as a page's does): it presses "Ready"; after each
  think time it looks at its board (``GET .../view``, as a student looks at the page) and
  takes a tile from the heap, places it on a space of its own board where a tile may go,
  or jumps out when the board is full.
- **Real pages** (``--pages``, default 4): headless Chromium (Debian's, through Playwright)
  opens the join links of the first rooms with a drawn, turn-based table (Nuevos Mundos).
  A MutationObserver put in each page before its own script records ``Date.now()`` when
  the page's seat line (``#seat``, "..., move N.") is redrawn, and the next frame after it.
  Such a seat's moves are still chosen by this script (its view fetched with ``GET
  .../view`` after each redraw of its page): the page is the student's screen.

Measured:

- **An action to every other seat's redraw**: from just before an accepted action is sent
  (``time.time()``) to the moment the last other seat of the room has it: a simulated
  student's websocket message with the new move number (in a real-time game: the first
  table whose "order" counts as many of the room's actions as the actor's answer did), a
  page's DOM redrawn with the new "move N"
  (Chromium's ``Date.now()``: the same machine's clock). Per action, the slowest other seat;
  for the pages also each page's own redraw. An action whose push some seat never got is
  counted as missed.
- **The server's memory** (VmRSS of its process and any children): before the class's rooms
  (after one warm-up room per game, so code imported on a game's first room is not counted
  as rooms' memory), after the rooms, after every student connected, at the end, and the
  peak; per room and per student from the differences.
- **The server's CPU** (utime + stime from ``/proc``) over the measured run, against the
  run's wall time.
- **Mondo's clock across the screens**: in each real-time room, each message tells its seat
  the round's time left; the moment a screen's clock will reach zero is the message's arrival
  plus ``left_ms``. After every message, the spread is the largest minus the smallest of the
  room's students' latest such moments (the goal: within 200 ms). With ``--clock-pages N``
  the first Mondo room's seats are also open in Chromium (a second screen of each seat, which
  only shows), and every 250 ms of a running round each page's own clock is read
  (``clockLeftMs()``, taken at the middle of the call) and brought to the moment it reaches
  zero: the same spread, on what the pages show. These tabs add to the machine's load.

Students who finish a game get a new room of the same game (a rematch), so the class keeps
playing for the whole run. Everything runs on this machine: the server, this script's
students and Chromium share its cores, so publish figures from a quiet machine only, with the
machine's lines this prints.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import math
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from machine import machine_lines
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from classroom.patch import apply as apply_patch
from classroom.rooms import REAL_TIME
from gamecore import GAMES
from gamecore.mondo.kit import open_spaces
from gamecore.protocol import spec_of

CLASS = (
    ("nuevos-mundos", 4),
    ("nuevos-mundos", 4),
    ("nuevos-mundos", 4),
    ("ecosfera", 4),
    ("ecosfera", 3),
    ("mondo", 4),
    ("mondo", 4),
    ("nuevo-mundo", 3),
)
"""The default class: 30 students in 8 rooms."""
GOAL_P95_MS = 100.0
GOAL_CLOCK_MS = 200.0
DRAIN_SECONDS = 3.0
"""How long the students listen after the last action is sent (its pushes still arrive)."""
STARTUP_SECONDS = 60.0
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
OBSERVER = """
(() => {
  const watch = () => {
    const line = document.getElementById("seat");
    if (!line) return;
    new MutationObserver(() => {
      const dom = Date.now();
      const text = line.textContent;
      if (!window.benchRedrawn) return;
      window.benchRedrawn("dom", dom, text, location.pathname);
      requestAnimationFrame(() => setTimeout(() => {
        window.benchRedrawn("frame", Date.now(), text, location.pathname);
      }, 0));
    }).observe(line, {childList: true, characterData: true, subtree: true});
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
})();
"""
"""Put in every page before its own script: each redraw of the seat line, as it happens."""
_LAST_NUMBER = re.compile(r"(\d+)\D*$")


def now_ms() -> float:
    return time.time() * 1000.0


# --------------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``python -m classroom serve`` on a free port of 127.0.0.1 over a new SQLite file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.key = ""
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self) -> None:
        printed = self.folder / "server.out"
        with printed.open("wb") as out, (self.folder / "server.log").open("wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "classroom", "serve", "--host", "127.0.0.1",
                 "--port", str(self.port), "--store", str(self.folder / "class.sqlite3")],
                stdout=out,
                stderr=log,
                stdin=subprocess.DEVNULL,
                env={**os.environ, "PYTHONUNBUFFERED": "1", "MUNDOS_LANG": "en"},
            )  # fmt: skip
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at its start:\n{self.log_tail()}")
            text = printed.read_text(encoding="utf-8", errors="replace")
            found = re.search(r"Teacher's key \(shown this once; keep it\): (\S+)", text)
            if found and "Class server: " in text:
                self.key = found.group(1)
                try:
                    if httpx.get(f"{self.url}/api/health", timeout=2).status_code == 200:
                        return
                except httpx.TransportError:
                    pass
            time.sleep(0.05)
        raise RuntimeError(f"no answer from {self.url} within {STARTUP_SECONDS:.0f} s")

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = (self.folder / "server.log").read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


def _descendants(pid: int) -> list[int]:
    """The process and all its children's processes (from /proc)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{current}/task").iterdir():
                children = (task / "children").read_text().split()
                todo.extend(int(child) for child in children)
    return found


def _status_kb(pid: int, field_name: str) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field_name + ":"):
                return int(line.split()[1])
    return 0


def rss_kb(pid: int) -> int:
    """Resident memory of the process and its children (KB)."""
    return sum(_status_kb(p, "VmRSS") for p in _descendants(pid))


def peak_kb(pid: int) -> int:
    return sum(_status_kb(p, "VmHWM") for p in _descendants(pid))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of the process and its children so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for p in _descendants(pid):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
    return total / ticks


# --------------------------------------------------------------------------- the class


@dataclass
class Heard:
    """One websocket message as a simulated student got it."""

    at: float
    """Arrival, ms (``time.time()``)."""
    move: int
    round: int = 0
    """Real time: the rounds this screen had seen end before it."""
    left_ms: int | None = None
    running: bool = False


@dataclass
class Sent:
    """An accepted action."""

    actor: int
    sent: float
    answered: float
    number: int
    """The room's move number after it (real time: the room's count of accepted actions in
    the answer's table, its "order"; another seat's action accepted meanwhile makes it
    larger, so the time until the others have it is never counted short)."""


@dataclass
class Play:
    """One game of a room (a room slot plays several when its games end)."""

    code: str
    tokens: list[str]
    links: list[str]
    realtime: bool
    heard: dict[int, list[Heard]] = field(default_factory=dict)
    """Each simulated seat's messages."""
    redrawn: dict[int, list[tuple[float, int]]] = field(default_factory=dict)
    """Each page seat's redraws (DOM changed, ms; the move it shows)."""
    framed: dict[int, list[tuple[float, int]]] = field(default_factory=dict)
    """Each page seat's next frame after a redraw."""
    sent: list[Sent] = field(default_factory=list)
    over: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Room:
    index: int
    game: str
    players: int
    pages: frozenset[int] = frozenset()
    plays: list[Play] = field(default_factory=list)

    @property
    def play(self) -> Play:
        return self.plays[-1]


@dataclass
class Counts:
    accepted: int = 0
    stale: int = 0
    refused: int = 0
    ready: int = 0
    errors: list[str] = field(default_factory=list)

    def error(self, text: str) -> None:
        if len(self.errors) < 20:
            self.errors.append(text[:300])


class Student:
    """One seat of one room: its websocket (or its Chromium page) and its choices."""

    def __init__(self, load: Load, room: Room, seat: int) -> None:
        self.load = load
        self.room = room
        self.seat = seat
        self.rng = random.Random(f"{load.args.seed}:{room.index}:{seat}")
        self.changed = asyncio.Event()
        self.latest: dict[str, Any] | None = None
        self.socket: ClientConnection | None = None
        self.listening: asyncio.Task[None] | None = None
        self.page: Any = None
        self.table: dict[str, Any] | None = None
        """The last table its websocket was sent (the next patch's base)."""
        self.running = False
        self.rounds = 0
        """Real time: the rounds this seat's screen saw end (its clock stopping)."""

    @property
    def on_page(self) -> bool:
        return self.seat in self.room.pages

    # ------------------------------------------------------------------ hearing
    async def connect(self) -> None:
        play = self.room.play
        if self.on_page:
            play.redrawn[self.seat], play.framed[self.seat] = [], []
            await self.page.goto(play.links[self.seat])
            await self.page.wait_for_function(
                "() => (document.getElementById('seat') || {}).textContent", timeout=60_000
            )
            self.changed.set()
            return
        play.heard[self.seat] = []
        url = f"{self.load.server.ws_url}/ws/{play.code}?lang=en"
        self.socket = await connect(url, max_size=2**24, open_timeout=60)
        # its table alone and as patches, as a page listens (in a real-time game too: the
        # table's "order" tells when this seat heard of each other seat's action)
        hello = {"token": play.tokens[self.seat], "view": False, "patches": True}
        await self.socket.send(json.dumps(hello))
        self.table = None
        first = await asyncio.wait_for(self.socket.recv(), 60)
        self.hear(now_ms(), first, play)
        self.listening = asyncio.create_task(self.listen(self.socket, play))

    async def listen(self, socket: ClientConnection, play: Play) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in socket:
                self.hear(now_ms(), raw, play)

    def hear(self, at: float, raw: str | bytes, play: Play) -> None:
        message = json.loads(raw)
        if message.get("type") != "view":
            self.load.counts.error(f"room {play.code} seat {self.seat}: {message}")
            return
        if "patch" in message and self.table is not None:
            message["table"] = apply_patch(self.table, message.pop("patch"))
        self.table = message.get("table")
        view = message.get("view") or self.table or {}
        heard = Heard(at, int(view["move"]))
        if play.realtime:
            table = self.table or {}
            clock = table.get("clock") or {}
            running = bool(clock.get("running"))
            if self.running and not running:
                self.rounds += 1  # this screen's round ended (every round waits for Ready)
            self.running = running
            heard = dataclasses.replace(
                heard,
                move=int(table["order"][0]),
                round=self.rounds,
                left_ms=clock.get("left_ms"),
                running=running,
            )
        play.heard[self.seat].append(heard)
        self.latest = message
        if view["over"]:
            play.over.set()
        self.changed.set()

    def redrawn(self, kind: str, at: float, text: str, path: str) -> None:
        """A page's seat line changed (from the page's observer)."""
        play = self.room.play
        found = _LAST_NUMBER.search(text or "")
        if found is None or not path.endswith("/join/" + play.code):
            return
        (play.redrawn if kind == "dom" else play.framed)[self.seat].append(
            (at, int(found.group(1)))
        )
        if kind == "dom":
            self.changed.set()

    async def close(self) -> None:
        if self.listening is not None:
            self.listening.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.listening
            self.listening = None
        if self.socket is not None:
            with contextlib.suppress(Exception):
                await self.socket.close()
            self.socket = None
        if self.page is not None:
            with contextlib.suppress(Exception):
                await self.page.goto("about:blank")

    # ------------------------------------------------------------------ acting
    async def think(self) -> None:
        low, high = self.load.think
        await asyncio.sleep(self.rng.uniform(low, high) / 1000.0)

    async def view(self) -> dict[str, Any] | None:
        """What the seat sees now, fetched when its table says it is its turn (a page's
        seat: after every redraw)."""
        if not self.on_page and (self.table is None or self.table["turn"] != self.seat):
            return None
        play = self.room.play
        answer = await self.load.http.get(
            f"/api/rooms/{play.code}/view", headers=bearer(play.tokens[self.seat])
        )
        if answer.status_code != 200:
            self.load.counts.error(f"view {play.code}: {answer.status_code} {answer.text}")
            return None
        data: dict[str, Any] = answer.json()
        if data["over"]:
            play.over.set()
        return data

    async def run(self) -> None:
        """Act until the run's time is up or the game is over (an action sent is answered
        first)."""
        play = self.room.play
        while self.load.acting() and not play.over.is_set():
            try:
                await asyncio.wait_for(self.changed.wait(), 0.25)
            except asyncio.TimeoutError:
                continue
            self.changed.clear()
            try:
                if play.realtime:
                    await self.act_on_clock(play)
                else:
                    await self.act_in_turn(play)
            except (httpx.HTTPError, KeyError, ValueError) as err:
                self.load.counts.error(f"room {play.code} seat {self.seat}: {err!r}")
                await asyncio.sleep(0.5)
                self.changed.set()

    async def act_in_turn(self, play: Play) -> None:
        view = await self.view()
        if view is None or view["over"] or not view["legal"]:
            return
        await self.think()
        if not self.load.acting():
            return
        choice = self.rng.choice(view["legal"])
        body = {
            "move": view["move"],
            "action": {"kind": choice["kind"], "fields": choice["fields"]},
        }
        sent = now_ms()
        answer = await self.load.http.post(
            f"/api/rooms/{play.code}/actions", json=body, headers=bearer(play.tokens[self.seat])
        )
        if answer.status_code == 200:
            play.sent.append(Sent(self.seat, sent, now_ms(), int(answer.json()["move"])))
            self.load.counts.accepted += 1
        elif answer.status_code == 409:
            self.load.counts.stale += 1
        else:
            self.load.counts.refused += 1
            self.load.counts.error(f"action {play.code}: {answer.status_code} {answer.text}")
            self.changed.set()  # look again (another choice)

    async def act_on_clock(self, play: Play) -> None:
        """Mondo on the server's clock, by the table as its page does."""
        if self.latest is None or "table" not in self.latest:
            return
        table = self.latest["table"]
        ready = _button(table, "ready")
        if ready is not None and not ready["disabled"]:
            await self.think()
            if self.load.acting():
                answer = await self.use(play, {"move": table["move"], "button": "ready"})
                if answer is not None:
                    self.load.counts.ready += 1
            return
        if not (table.get("clock") or {}).get("running"):
            return
        await self.think()
        if not self.load.acting() or self.latest is None:
            return
        table = self.latest["table"]
        if not (table.get("clock") or {}).get("running"):
            return
        # the student looks at the board before acting (a page shows it; here: the view)
        looked = await self.load.http.get(
            f"/api/rooms/{play.code}/view", headers=bearer(play.tokens[self.seat])
        )
        if looked.status_code != 200:
            self.load.counts.error(f"view {play.code}: {looked.status_code} {looked.text}")
            return
        state = looked.json()["view"]
        if state["status"][self.seat] != 0:
            return
        cols = int(state["cols"])
        spaces = open_spaces([code != -1 for code in state["placed"][self.seat]])
        body: dict[str, Any] = {"move": table["move"]}
        if state["holding"][self.seat]:
            if spaces:
                space = self.rng.choice(spaces)
                body["target"] = f"space:{space // cols}:{space % cols}"
            else:
                body["button"] = "put_back"
        elif spaces:
            heap = [t["id"] for t in table["targets"] if t["id"].startswith("heap:")]
            if not heap:
                return
            body["target"] = self.rng.choice(heap)
        else:
            body["button"] = "jump_out"
        sent = now_ms()
        answer = await self.use(play, body)
        if answer is not None:
            number = int(answer["table"]["order"][0])
            play.sent.append(Sent(self.seat, sent, now_ms(), number))
            self.load.counts.accepted += 1

    async def use(self, play: Play, body: dict[str, Any]) -> dict[str, Any] | None:
        """A click or a button on the seat's table; its answer, or None when refused."""
        answer = await self.load.http.post(
            f"/api/rooms/{play.code}/table?lang=en",
            json=body,
            headers=bearer(play.tokens[self.seat]),
        )
        if answer.status_code == 200:
            data: dict[str, Any] = answer.json()
            return data
        if answer.status_code == 409:
            self.load.counts.stale += 1
        else:
            self.load.counts.refused += 1
            self.load.counts.error(f"table {play.code}: {answer.status_code} {answer.text}")
        self.changed.set()  # look again: the table may not change for anyone's push
        return None


async def _clock_reading(page: Any) -> tuple[float, float | None, float]:
    """(the middle of the call, ms; the page's clock then, ms; how long the call took)."""
    before = now_ms()
    left = await page.evaluate("() => window.clockLeftMs ? window.clockLeftMs() : null")
    after = now_ms()
    return (before + after) / 2, left, after - before


def _button(table: dict[str, Any], kind: str) -> dict[str, Any] | None:
    return next((b for b in table.get("buttons", []) if b["kind"] == kind), None)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Load:
    """The class over one running server."""

    def __init__(self, args: argparse.Namespace, server: Server, plan: Sequence[tuple[str, int]]):
        self.args = args
        self.server = server
        self.think: tuple[float, float] = args.think_ms
        self.rooms = [Room(i, game, players) for i, (game, players) in enumerate(plan)]
        self.students: list[Student] = []
        self.counts = Counts()
        self.http = httpx.AsyncClient(
            base_url=server.url, timeout=60, limits=httpx.Limits(max_connections=64)
        )
        self.until = 0.0
        self.rooms_made = 0
        self.memory: dict[str, int] = {}
        self.cpu: dict[str, float] = {}
        self.realtime_games: set[str] = set()
        self.drawn: set[str] = set()
        """The class's games whose rooms have a drawn table (the student page)."""
        self.notes: list[str] = []
        self.load_before = args.load_before
        self.clock_room: Room | None = None
        """The real-time room whose seats are also open in Chromium (``--clock-pages``)."""
        self.screens: list[Any] = []
        self.screen_spreads: list[float] = []
        self.screen_reading_ms: list[float] = []

    def acting(self) -> bool:
        return time.monotonic() < self.until

    async def new_room(self, game: str, players: int, seed: int) -> dict[str, Any]:
        answer = await self.http.post(
            "/api/rooms",
            json={"game": game, "players": players, "seed": seed},
            headers=bearer(self.server.key),
        )
        if answer.status_code != 201:
            raise RuntimeError(f"no room of {game} for {players}: {answer.text}")
        self.rooms_made += 1
        data: dict[str, Any] = answer.json()
        return data

    async def has_table(self, code: str, token: str) -> bool:
        answer = await self.http.get(f"/api/rooms/{code}/table?lang=en", headers=bearer(token))
        return answer.status_code == 200

    async def warm_up(self) -> None:
        """One room of each game of the class, its table drawn, before the first reading;
        which games have a drawn table, and which of them run on the server's clock."""
        for game in sorted({room.game for room in self.rooms}):
            made = await self.new_room(game, max(2, spec_of(game).min_players), 999)
            code, token = made["code"], made["seats"][0]["token"]
            await self.http.get(f"/api/rooms/{code}/view", headers=bearer(token))
            if await self.has_table(code, token):
                self.drawn.add(game)
                if game in REAL_TIME:
                    self.realtime_games.add(game)

    async def open_play(self, room: Room) -> Play:
        seed = self.args.seed * 1000 + room.index * 50 + len(room.plays)
        made = await self.new_room(room.game, room.players, seed)
        play = Play(
            made["code"],
            [s["token"] for s in made["seats"]],
            [s["link"] for s in made["seats"]],
            room.game in self.realtime_games,
        )
        room.plays.append(play)
        return play

    def place_pages(self, pages: int) -> None:
        """The first rooms with a drawn, turn-based table get the pages, seat by seat."""
        for room in self.rooms:
            if pages <= 0:
                break
            if room.game in self.realtime_games or room.game not in self.drawn:
                continue
            taken = min(pages, room.players)
            room.pages = frozenset(range(taken))
            pages -= taken
        if pages > 0:
            self.notes.append(f"{pages} page(s) found no seat of a drawn, turn-based room")

    async def rematch(self, room: Room, students: list[Student]) -> None:
        """The room's game is over: the same students in a new room of the same game."""
        for student in students:
            await student.close()
        await self.open_play(room)
        for student in students:
            student.latest = None
            student.changed = asyncio.Event()
            await student.connect()
        if room is self.clock_room:
            await self.open_screens()

    def place_screens(self, count: int) -> None:
        """The first real-time room with two seats or more gets ``count`` Chromium screens."""
        if count <= 0:
            return
        for room in self.rooms:
            if room.game in self.realtime_games and room.players >= 2:
                self.clock_room = room
                return
        self.notes.append("--clock-pages: no real-time room of two seats or more")

    async def open_screens(self) -> None:
        """The clock room's seats in Chromium, each a second screen of its seat (they only
        show: the seat's simulated student acts)."""
        assert self.clock_room is not None
        links = self.clock_room.play.links
        for page, link in zip(self.screens, links):
            await page.goto(link)
            await page.wait_for_function("() => window.clockLeftMs && clockLeftMs() !== null")

    async def watch_clocks(self) -> None:
        """Every 250 ms while the clock room's round runs on all its students' views: each
        screen's clock (``clockLeftMs()``, read at the middle of its call) brought to the
        moment it reaches zero; the spread is the latest minus the earliest of them."""
        room = self.clock_room
        if room is None or not self.screens:
            return
        while self.acting():
            await asyncio.sleep(0.25)
            heard = room.play.heard
            if not heard or not all(h and h[-1].running for h in heard.values()):
                continue
            readings = await asyncio.gather(
                *(_clock_reading(page) for page in self.screens), return_exceptions=True
            )
            ends = []
            for reading in readings:
                if isinstance(reading, BaseException):
                    break
                middle, left, took = reading
                if left is None:
                    break
                ends.append(middle + left)
                self.screen_reading_ms.append(took)
            else:
                self.screen_spreads.append(max(ends) - min(ends))

    async def run_room(self, room: Room, students: list[Student]) -> None:
        """The room's students play until the time is up, game after game."""
        while True:
            play = room.play
            await asyncio.gather(*(s.run() for s in students))
            if not (play.over.is_set() and self.acting()):
                return
            await self.rematch(room, students)


# --------------------------------------------------------------------------- measuring


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank percentile (p in 0..100) of ``values``."""
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100.0 * len(ordered)))
    return ordered[rank - 1]


def summary(values: Sequence[float]) -> dict[str, float | int | None]:
    if not values:
        return {"count": 0, "p50": None, "p95": None, "max": None}
    return {
        "count": len(values),
        "p50": round(percentile(values, 50), 1),
        "p95": round(percentile(values, 95), 1),
        "max": round(max(values), 1),
    }


def first_at(seen: Sequence[tuple[float, int]], since: float, number: int) -> float | None:
    """When a seat first had move ``number`` (or a later one), at or after ``since``."""
    for at, move in seen:
        if move >= number and at >= since:
            return at
    return None


@dataclass
class Latencies:
    simulated: list[float] = field(default_factory=list)
    simulated_by_game: dict[str, list[float]] = field(default_factory=dict)
    page: list[float] = field(default_factory=list)
    page_all: list[float] = field(default_factory=list)
    frame: list[float] = field(default_factory=list)
    answered: list[float] = field(default_factory=list)
    missed_simulated: int = 0
    missed_pages: int = 0


def latencies(rooms: Sequence[Room]) -> Latencies:
    found = Latencies()
    for room in rooms:
        for play in room.plays:
            for sent in play.sent:
                found.answered.append(sent.answered - sent.sent)
                got = {
                    seat: first_at([(h.at, h.move) for h in heard], sent.sent, sent.number)
                    for seat, heard in play.heard.items()
                    if seat != sent.actor
                }
                if got:
                    if None in got.values():
                        found.missed_simulated += 1
                    else:
                        slowest = max(at for at in got.values() if at is not None) - sent.sent
                        found.simulated.append(slowest)
                        found.simulated_by_game.setdefault(room.game, []).append(slowest)
                pages = {s: v for s, v in play.redrawn.items() if s != sent.actor}
                if not pages:
                    continue
                drawn = {s: first_at(v, sent.sent, sent.number) for s, v in pages.items()}
                for at in drawn.values():
                    if at is not None:
                        found.page.append(at - sent.sent)
                if None in drawn.values():
                    found.missed_pages += 1
                else:
                    found.page_all.append(max(a for a in drawn.values() if a) - sent.sent)
                for seat in pages:
                    at = first_at(play.framed.get(seat, []), sent.sent, sent.number)
                    if at is not None:
                        found.frame.append(at - sent.sent)
    return found


def clock_spreads(play: Play) -> list[float]:
    """After every message of a real-time room: the largest minus the smallest moment at
    which the room's screens' clocks reach zero (each: its latest message's arrival plus its
    left_ms), while the same round runs on every screen."""
    events = sorted(
        ((h.at, seat, h) for seat, heard in play.heard.items() for h in heard),
        key=lambda event: event[:2],
    )
    latest: dict[int, tuple[int, float]] = {}
    spreads: list[float] = []
    for _, seat, heard in events:
        if heard.running and heard.left_ms is not None:
            latest[seat] = (heard.round, heard.at + heard.left_ms)
        else:
            latest.pop(seat, None)
        if len(play.heard) < 2 or len(latest) < len(play.heard):
            continue
        if len({round_ for round_, _ in latest.values()}) == 1:
            ends = [end for _, end in latest.values()]
            spreads.append(max(ends) - min(ends))
    return spreads


# --------------------------------------------------------------------------- the run


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


async def measure(args: argparse.Namespace, server: Server, folder: Path) -> dict[str, Any]:
    load = Load(args, server, args.rooms)
    async with contextlib.AsyncExitStack() as stack:
        stack.push_async_callback(load.http.aclose)
        await load.warm_up()
        await asyncio.sleep(0.5)
        load.memory["before_rooms_kb"] = rss_kb(server.pid)
        for room in load.rooms:
            await load.open_play(room)
        await asyncio.sleep(0.5)
        load.memory["after_rooms_kb"] = rss_kb(server.pid)
        load.place_pages(args.pages)
        load.place_screens(args.clock_pages)
        context = None
        if any(room.pages for room in load.rooms) or load.clock_room is not None:
            path = chromium()
            if path is None:
                raise RuntimeError("--pages needs Chromium (apt-get install chromium)")
            from playwright.async_api import async_playwright

            playwright = await stack.enter_async_context(async_playwright())
            profile = folder / "chromium-profile"
            profile.mkdir()
            context = await playwright.chromium.launch_persistent_context(
                str(profile),
                executable_path=path,
                headless=True,
                args=CHROMIUM_ARGS,
                viewport={"width": 1366, "height": 768},  # a laptop
            )
            stack.push_async_callback(context.close)
            await context.add_init_script(OBSERVER)
        by_room: dict[int, list[Student]] = {}
        for room in load.rooms:
            for seat in range(room.players):
                student = Student(load, room, seat)
                if student.on_page:
                    assert context is not None
                    student.page = await context.new_page()
                    await student.page.expose_function("benchRedrawn", student.redrawn)
                load.students.append(student)
                by_room.setdefault(room.index, []).append(student)
        for student in load.students:
            stack.push_async_callback(_closing, student)
        await asyncio.gather(*(s.connect() for s in load.students))
        if load.clock_room is not None:
            assert context is not None
            for _ in range(min(args.clock_pages, load.clock_room.players)):
                page = await context.new_page()
                stack.push_async_callback(page.close)
                load.screens.append(page)
            await load.open_screens()
        await asyncio.sleep(1.0)
        load.memory["after_students_kb"] = rss_kb(server.pid)
        cpu_start, wall_start = cpu_seconds(server.pid), time.monotonic()
        own_start, tree_start = time.process_time(), cpu_seconds(os.getpid())
        load.until = wall_start + args.seconds
        await asyncio.gather(
            load.watch_clocks(),
            *(load.run_room(room, by_room[room.index]) for room in load.rooms),
        )
        await asyncio.sleep(DRAIN_SECONDS)
        wall = time.monotonic() - wall_start
        server_cpu = cpu_seconds(server.pid) - cpu_start
        own = time.process_time() - own_start
        browsers = cpu_seconds(os.getpid()) - tree_start - server_cpu - own
        load.cpu = {
            "seconds": server_cpu,
            "wall_seconds": wall,
            "students_seconds": own,
            "chromium_seconds": max(0.0, browsers),
        }
        load.memory["end_kb"] = rss_kb(server.pid)
        load.memory["peak_kb"] = peak_kb(server.pid)
    return report(load)


async def _closing(student: Student) -> None:
    await student.close()
    if student.page is not None:
        with contextlib.suppress(Exception):
            await student.page.close()


def report(load: Load) -> dict[str, Any]:
    found = latencies(load.rooms)
    rooms, students = len(load.rooms), sum(r.players for r in load.rooms)
    memory = load.memory
    per_room = (memory["after_rooms_kb"] - memory["before_rooms_kb"]) / rooms
    per_student = (memory["after_students_kb"] - memory["after_rooms_kb"]) / max(1, students)
    clock: dict[str, Any] = {"measured": False}
    if load.realtime_games:
        spreads: list[float] = []
        for room in load.rooms:
            for play in room.plays:
                if play.realtime and len(play.heard) >= 2:
                    spreads.extend(clock_spreads(play))
        screens = max((r.players for r in load.rooms if r.game in load.realtime_games), default=0)
        clock = {"measured": bool(spreads), "screens": screens, **summary(spreads)}
    else:
        load.notes.append(
            "Mondo's clock: not measured (this server has no real-time Mondo table yet)"
        )
    games = sorted({r.game for r in load.rooms})
    return {
        "class": {
            "students": students,
            "rooms": [
                {"game": r.game, "players": r.players, "pages": len(r.pages)} for r in load.rooms
            ],
            "seconds": load.args.seconds,
            "think_ms": list(load.think),
            "seed": load.args.seed,
            "pages": sum(len(r.pages) for r in load.rooms),
            "clock_pages": len(load.screens),
            "websockets": sum(r.players - len(r.pages) for r in load.rooms),
            "real_time_games": sorted(load.realtime_games),
        },
        "latency_ms": {
            "simulated": summary(found.simulated),
            "simulated_by_game": {g: summary(found.simulated_by_game.get(g, [])) for g in games},
            "pages_each": summary(found.page),
            "pages_all": summary(found.page_all),
            "pages_next_frame": summary(found.frame),
            "answer": summary(found.answered),
        },
        "actions": {
            "accepted": load.counts.accepted,
            "ready_presses": load.counts.ready,
            "stale": load.counts.stale,
            "refused": load.counts.refused,
            "missed_simulated": found.missed_simulated,
            "missed_pages": found.missed_pages,
            "games": sum(len(r.plays) for r in load.rooms),
            "games_finished": sum(p.over.is_set() for r in load.rooms for p in r.plays),
            "rooms_made": load.rooms_made,
            "per_second": round(load.counts.accepted / max(1e-9, load.cpu["wall_seconds"]), 2),
        },
        "memory_kb": {
            **memory,
            "per_room": round(per_room),
            "per_student": round(per_student),
        },
        "cpu": {
            "seconds": round(load.cpu["seconds"], 2),
            "wall_seconds": round(load.cpu["wall_seconds"], 2),
            "share_of_one_core": round(load.cpu["seconds"] / load.cpu["wall_seconds"], 3),
            "students_seconds": round(load.cpu["students_seconds"], 2),
            "chromium_seconds": round(load.cpu["chromium_seconds"], 2),
        },
        "mondo_clock_spread_ms": clock,
        "mondo_screen_clock_spread_ms": {
            "measured": bool(load.screen_spreads),
            "screens": len(load.screens),
            **summary(load.screen_spreads),
            "reading_ms": summary(load.screen_reading_ms),
        },
        "errors": load.counts.errors,
        "notes": load.notes,
        "machine": machine_lines(
            f"Load      {load.load_before:.2f} (1 min) before the server started, "
            f"{os.getloadavg()[0]:.2f} at the end (this run's own included)"
        ),
    }


def printed(data: dict[str, Any]) -> list[str]:
    """The report in lines."""
    c, lat, acts = data["class"], data["latency_ms"], data["actions"]
    made = ", ".join(f"{r['game']} {r['players']}" for r in c["rooms"])
    lines = [
        f"Class load: {c['students']} students in {len(c['rooms'])} rooms ({made}), "
        f"{c['seconds']:g} s, think {c['think_ms'][0]:g}-{c['think_ms'][1]:g} ms, seed {c['seed']}",
        f"  {c['websockets']} simulated students on websockets, {c['pages']} on Chromium pages; "
        f"real-time games: {', '.join(c['real_time_games']) or 'none'}; "
        f"{c['clock_pages']} more Chromium tabs show Mondo seats (second screens)",
        "",
        f"An action to every other seat's redraw (ms; goal: p95 under {GOAL_P95_MS:g})",
        f"  {'':44} {'count':>6} {'p50':>7} {'p95':>7} {'max':>7}",
    ]

    def row(name: str, s: dict[str, Any]) -> str:
        if not s["count"]:
            return f"  {name:44} {0:>6} {'-':>7} {'-':>7} {'-':>7}"
        return f"  {name:44} {s['count']:>6} {s['p50']:>7.1f} {s['p95']:>7.1f} {s['max']:>7.1f}"

    lines.append(row("simulated students (last other seat's push)", lat["simulated"]))
    for game, s in lat["simulated_by_game"].items():
        lines.append(row(f"  {game}", s))
    lines.append(row("Chromium pages, each page's DOM redrawn", lat["pages_each"]))
    lines.append(row("Chromium pages, the last other page redrawn", lat["pages_all"]))
    lines.append(row("Chromium pages, the next frame after it", lat["pages_next_frame"]))
    lines.append(row("the action's own answer (HTTP)", lat["answer"]))
    lines += [
        "",
        f"Actions: {acts['accepted']} accepted ({acts['per_second']:g}/s), "
        f"{acts['ready_presses']} 'Ready' presses, {acts['stale']} stale, "
        f"{acts['refused']} refused; pushes missed: {acts['missed_simulated']} simulated, "
        f"{acts['missed_pages']} pages; {acts['games']} games ({acts['games_finished']} "
        f"finished), {acts['rooms_made']} rooms made (warm-up included)",
    ]
    m = data["memory_kb"]
    lines += [
        "Server memory (RSS, MB): "
        + ", ".join(
            f"{name} {m[key] / 1024:.1f}"
            for name, key in (
                ("before the rooms", "before_rooms_kb"),
                ("after the rooms", "after_rooms_kb"),
                ("students connected", "after_students_kb"),
                ("end", "end_kb"),
                ("peak", "peak_kb"),
            )
        ),
        f"  per room {m['per_room']:,} KB (its game, before anyone opens it), per student "
        f"{m['per_student']:,} KB (its seat's table and websocket, on the server)",
    ]
    cpu = data["cpu"]
    lines.append(
        f"Server CPU: {cpu['seconds']:.1f} s over {cpu['wall_seconds']:.1f} s "
        f"= {100 * cpu['share_of_one_core']:.0f}% of one core; on the same cores the simulated "
        f"students took {cpu['students_seconds']:.1f} s, Chromium and Playwright "
        f"{cpu['chromium_seconds']:.1f} s"
    )
    clock = data["mondo_clock_spread_ms"]
    if clock["measured"]:
        lines.append(
            f"Mondo's clock across {clock['screens']} students' websockets: spread p50 "
            f"{clock['p50']:.1f}, p95 {clock['p95']:.1f}, max {clock['max']:.1f} ms over "
            f"{clock['count']} messages (goal: within {GOAL_CLOCK_MS:g} ms)"
        )
    elif data["class"]["real_time_games"]:
        lines.append("Mondo's clock: no running round was seen by every student")
    screens = data["mondo_screen_clock_spread_ms"]
    if screens["measured"]:
        lines.append(
            f"Mondo's clock across {screens['screens']} Chromium screens (clockLeftMs()): "
            f"spread p50 {screens['p50']:.1f}, p95 {screens['p95']:.1f}, max "
            f"{screens['max']:.1f} ms over {screens['count']} readings of all screens (a "
            f"reading took {screens['reading_ms']['p50']:.1f} ms, p95 "
            f"{screens['reading_ms']['p95']:.1f})"
        )
    elif screens["screens"]:
        lines.append("Mondo's Chromium screens: no running round was read on every screen")
    lines += [f"Note: {note}" for note in data["notes"]]
    if data["errors"]:
        lines.append("First refusals and errors:")
        lines += [f"  {e}" for e in data["errors"][:5]]
    lines += ["", *data["machine"]]
    return lines


# --------------------------------------------------------------------------- options


def class_plan(text: str) -> list[tuple[str, int]]:
    """``nuevos-mundos:4,mondo:3,...``: each room's game and students."""
    plan = []
    for part in text.split(","):
        game, _, players = part.strip().partition(":")
        if game not in GAMES:
            raise argparse.ArgumentTypeError(f"{game!r}: not a game ({', '.join(GAMES)})")
        spec = spec_of(game)
        if not players.isdigit() or not spec.min_players <= int(players) <= spec.max_players:
            raise argparse.ArgumentTypeError(
                f"{part!r}: {spec.title} takes {spec.min_players}-{spec.max_players} players"
            )
        plan.append((game, int(players)))
    return plan


def think_range(text: str) -> tuple[float, float]:
    """``500-2000`` (random between), or one number."""
    low, _, high = text.partition("-")
    try:
        bounds = (float(low), float(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: milliseconds, 500-2000 or 1000") from None
    if not 0 <= bounds[0] <= bounds[1]:
        raise argparse.ArgumentTypeError(f"{text!r}: from a low to a high bound, both >= 0")
    return bounds


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the class plays")
    parser.add_argument("--seed", type=int, default=0, help="the deals and the choices")
    parser.add_argument("--pages", type=int, default=4, help="real Chromium pages (0: none)")
    parser.add_argument(
        "--think-ms",
        type=think_range,
        default=(500.0, 2000.0),
        help="a student's time between seeing a choice and acting (default 500-2000)",
    )
    parser.add_argument(
        "--rooms",
        type=class_plan,
        default=list(CLASS),
        help="the class: game:students,... (default: 3 x nuevos-mundos:4, ecosfera:4, "
        "ecosfera:3, 2 x mondo:4, nuevo-mundo:3)",
    )
    parser.add_argument(
        "--clock-pages",
        type=int,
        default=0,
        help="Chromium screens on the seats of the first Mondo room, whose clocks are compared "
        "(second screens of seats whose simulated students act; 4 for a 4-seat room)",
    )
    parser.add_argument("--json", type=Path, help="also write the report as JSON here")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.pages < 0 or args.clock_pages < 0:
        parser.error("--seconds must be positive, --pages and --clock-pages at least 0")
    args.load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="class-load-") as tmp, _stopping():
        folder = Path(tmp)
        server = Server(folder)
        try:
            server.start()
            data = asyncio.run(measure(args, server, folder))
        except BaseException:
            print(f"The server's last lines:\n{server.log_tail()}", file=sys.stderr)
            raise
        finally:
            server.stop()
    print("\n".join(printed(data)))
    if args.json is not None:
        args.json.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return data


@contextlib.contextmanager
def _stopping() -> Iterator[None]:
    """SIGTERM stops the run as Ctrl-C does (the server and the browser are stopped too)."""

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


if __name__ == "__main__":
    main()
