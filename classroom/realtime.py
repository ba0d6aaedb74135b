"""Mondo in real time on the class server: the server's clock of every Mondo room.

Mondo's engine has no clock: each action carries its ``time`` (ms since the round's "go!")
and the engine only checks that time runs forward and that the round's time is not up. On
the class server that time is the server's, never a client's:

- **The go.** A round starts when every person's seat has pressed "Ready" (bots are always
  ready); a room of bots alone starts at once. The server is the "3, 2, 1, go!" of the
  rulebook: nobody's clock starts before the slowest laptop has loaded the table.
- **The stamp.** ``RoomService.act`` asks ``stamp`` for every Mondo action, under the room's
  lock: the action's ``time`` becomes the server's monotonic clock (ms since the go) and the
  client's own number is thrown away. An action while the round waits for its go is refused.
- **The move number** a seat's messages carry is the number of that seat's *own* accepted
  actions (``own_moves``), not the room's: everyone moves at once, so another player's move
  makes nobody's click stale, while a replayed message (or one from a second tab after the
  first one acted) carries an old number and is refused. A heap tile clicked on the table is
  checked under the same lock to be the very tile the page showed (``expect_tile``): one that
  someone else took meanwhile is refused, never swapped for the tile that came up in its place.
- **The timer's ring** and the **bots**: ``tick`` (run every ``TICK_SECONDS`` by ``run``, an
  asyncio task the server starts) plays ``Stop`` for every seat still in when the round's time
  is up, and each bot seat's action when its own pace says it is due, both through
  ``RoomService.play_for`` (judged by gamecore, stored before anyone hears), then pushes every
  open page of the room.
- **Restarts.** The clock lives in memory. After a restart a round that was under way is
  paused at its last action's time (the store has it: the actions and their times) and goes
  on from there when every person's seat has pressed "Ready" again; a round that had no
  action yet simply waits for its go. Nobody loses the time the server was away.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from gamecore.bots import make_bot
from gamecore.mondo import Mondo, Stop, Take
from gamecore.mondo.game import PLAYING
from gamecore.protocol import Action, Game
from gamecore.words import t
from widgets.seats import bot_seed

from .rooms import Refused, RoomService
from .store import HUMAN

log = logging.getLogger("classroom")

GAME = "mondo"
TICK_SECONDS = 0.05
"""How often the server's clock looks for a due bot or the timer's ring (a rival acts every
few seconds, so 50 ms is well below anything a person sees)."""
SCAN_SECONDS = 1.0
"""How often the store is asked for Mondo rooms the clock does not know yet (a room of bots
alone that no page has opened, a room made by another process)."""

Clock = Callable[[], float]
"""Seconds on a clock that never goes back (``time.monotonic``; a test gives its own)."""

EXPECTED_TILE: ContextVar[tuple[int, int, int] | None] = ContextVar(
    "mondo_expected_tile", default=None
)
"""(seat, slot, tile) of the heap tile a click saw: set by the seat's table for the one request it
serves (each request runs in a context of its own), read by ``stamp`` under the room's lock."""


def own_moves(game: Game, seat: int) -> int:
    """How many of the room's accepted actions are ``seat``'s own: the move number that seat's
    messages carry in a real-time game."""
    return sum(1 for player, _ in game.moves() if player == seat)


def expect_tile(seat: int, slot: int, tile: int) -> None:
    """``seat``'s take about to be sent is for ``tile``, seen at ``slot`` (``stamp`` refuses
    it when another tile lies there by the time it is judged)."""
    EXPECTED_TILE.set((seat, slot, tile))


@dataclass(frozen=True)
class ClockState:
    """A room's clock as a page shows it."""

    round: int
    left_ms: int
    running: bool
    paused: bool
    """Waiting in the middle of a round (after a restart), not for a round's start."""
    ready: frozenset[int]
    """The seats that pressed "Ready" while the round waits."""
    waiting_for: tuple[int, ...]
    """The people's seats the go waits for (empty while the round runs)."""


@dataclass
class _Plan:
    action: Action
    tile: int | None
    """For a take: the tile that lay at its slot when it was planned (taken since: look again)."""


@dataclass
class _RoomClock:
    round: int
    base_ms: int = 0
    """The round's time when the clock last started, and where it stands while it waits."""
    started: float | None = None
    """The clock's reading at the go (or the resumption); None while the round waits."""
    ready: set[int] = field(default_factory=set)
    plans: dict[int, _Plan] = field(default_factory=dict)
    bots: dict[int, tuple[str, Any]] = field(default_factory=dict)


def _time(action: Action) -> int:
    when: int = getattr(action, "time")  # noqa: B009  # every Mondo action has a time
    return when


def underway(game: Mondo) -> bool:
    """Whether anyone has acted in the current round (each round starts with no one's)."""
    return any(game.last_seq)


class Realtime:
    """The server's clock of every Mondo room, and its timer and bots. Registers itself as
    ``service.realtime["mondo"]``, so ``RoomService.act`` asks it for each Mondo action's
    move number and time. Thread-safe; its lock is never held while it calls the service."""

    def __init__(self, service: RoomService, *, clock: Clock = time.monotonic) -> None:
        self.service = service
        self.clock = clock
        self._rooms: dict[str, _RoomClock] = {}
        self._lock = threading.Lock()
        self._changed: set[str] = set()
        self._wake: Callable[[], None] | None = None
        self._pushes: set[asyncio.Task[None]] = set()
        """The pushes under way (kept, so none is collected before it ends)."""
        self._next_scan = float("-inf")
        service.realtime[GAME] = self

    # ------------------------------------------------------------------ the room service's hooks
    def seen(self, game: Game, seat: int) -> int:
        return own_moves(game, seat)

    def stamp(self, code: str, game: Game, action: Action) -> Action:
        """``action`` at the server's time now (called under the room's lock, so the times of
        a room's actions run forward in the order they are accepted)."""
        assert isinstance(game, Mondo)
        expected = EXPECTED_TILE.get()
        EXPECTED_TILE.set(None)
        with self._lock:
            state = self._state(code, game)
            if state.started is None:
                raise Refused(409, "mondo.waiting", t("classroom_mondo.not_started"))
            when = max(game.now, self._elapsed(state))
        if isinstance(action, Stop):
            when = min(when, game.limit)  # the ring itself, or anyone stopping just before it
        if isinstance(action, Take) and expected is not None:
            seat, slot, tile = expected
            if (seat, slot) == (action.seat, action.slot) and game.heap[slot] != tile:
                raise Refused(409, "mondo.tile_gone", t("classroom_mondo.tile_gone", slot=slot + 1))
        return dataclasses.replace(action, time=when)

    # ------------------------------------------------------------------ what a page shows and does
    def state(self, code: str, game: Mondo) -> ClockState:
        """The room's clock now."""
        kinds = self.service.seat_kinds(code)
        with self._lock:
            state = self._state(code, game)
            at = state.base_ms if state.started is None else max(game.now, self._elapsed(state))
            running = state.started is not None and not game.is_over
            waiting = () if running or game.is_over else self._waiting_for(state, kinds, game)
            return ClockState(
                round=state.round,
                left_ms=max(0, game.limit - at) if not game.is_over else 0,
                running=running,
                paused=state.started is None and state.base_ms > 0,
                ready=frozenset(state.ready),
                waiting_for=waiting,
            )

    def ready(self, code: str, game: Mondo, seat: int) -> str:
        """``seat`` pressed "Ready": the round goes when every person's seat has; what it
        did, in a sentence. Every open page of the room hears of it."""
        kinds = self.service.seat_kinds(code)
        if game.is_over:
            raise Refused(409, "action.game_over")
        if kinds[seat] != HUMAN:
            raise Refused(409, "action.bot_seat", seat=seat + 1)
        with self._lock:
            state = self._state(code, game)
            if state.started is not None:
                raise Refused(409, "mondo.running", t("classroom_mondo.already_running"))
            state.ready.add(seat)
            went = self._go_if_ready(state, kinds, game)
            waiting = self._waiting_for(state, kinds, game)
        self._mark(code)
        if went:
            return t("classroom_mondo.go", round=state.round + 1)
        names = [game.players[p] for p in waiting]
        return t("classroom_mondo.you_are_ready", names=", ".join(names))

    # ------------------------------------------------------------------ the clock itself
    def _state(self, code: str, game: Mondo) -> _RoomClock:
        """The room's clock (with the lock held): made on first sight (a round under way is
        paused at its last action's time), and a new one, waiting, when a new round begins."""
        state = self._rooms.get(code)
        if state is None:
            state = _RoomClock(game.round, base_ms=game.now if underway(game) else 0)
            self._rooms[code] = state
        elif game.round > state.round:  # an older game (a page behind the room) changes nothing
            state = _RoomClock(game.round)
            self._rooms[code] = state
        return state

    def _elapsed(self, state: _RoomClock) -> int:
        assert state.started is not None
        return state.base_ms + int((self.clock() - state.started) * 1000)

    @staticmethod
    def _waiting_for(state: _RoomClock, kinds: Sequence[str], game: Mondo) -> tuple[int, ...]:
        """The people the go waits for: every person still in the round who has not pressed
        "Ready" (one who jumped out before a restart has nothing left to wait for)."""
        return tuple(
            p
            for p, kind in enumerate(kinds)
            if kind == HUMAN and game.status[p] == PLAYING and p not in state.ready
        )

    def _go_if_ready(self, state: _RoomClock, kinds: Sequence[str], game: Mondo) -> bool:
        """Start the clock when nobody is waited for, or when the round's time was already
        up (a restart between the timer's ring and its last stop): with the lock held."""
        if state.started is not None:
            return False
        if self._waiting_for(state, kinds, game) and state.base_ms < game.limit:
            return False
        state.started = self.clock()
        state.ready.clear()
        return True

    def _mark(self, code: str) -> None:
        """The room's pages are to hear of a change (pushed by ``run``)."""
        with self._lock:
            self._changed.add(code)
        if self._wake is not None:
            self._wake()

    def _forget(self, code: str) -> None:
        with self._lock:
            self._rooms.pop(code, None)

    # ------------------------------------------------------------------ the timer and the bots
    def tick(self) -> set[str]:
        """Play whatever the clock has made due in every Mondo room (the go of a room whose
        people are all ready, the timer's ring, the bots' actions); the rooms whose pages are
        to hear of it."""
        if self.clock() >= self._next_scan:
            self._next_scan = self.clock() + SCAN_SECONDS
            self._scan()
        with self._lock:
            codes = list(self._rooms)
        for code in codes:
            try:
                if self._drive(code):
                    self._mark(code)
            except Refused as err:  # the room changed under the clock: it looks again next tick
                log.info("room %s: the clock's move was refused: %s", code, err.reason)
        with self._lock:
            changed, self._changed = self._changed, set()
        return changed

    def _scan(self) -> None:
        for record in self.service.store.rooms():
            fresh = record.code not in self._rooms and record.ended is None
            if record.game == GAME and not record.over and fresh:
                game = self.service.game(record.code)
                assert isinstance(game, Mondo)
                with self._lock:
                    self._state(record.code, game)

    def _drive(self, code: str) -> bool:
        """One room's due moves; whether anything changed."""
        if self.service.record(code).ended is not None:
            self._forget(code)
            return False
        kinds = self.service.seat_kinds(code)
        game = self.service.game(code)
        assert isinstance(game, Mondo)
        if game.is_over:
            self._forget(code)
            return False
        with self._lock:
            state = self._state(code, game)
            went = self._go_if_ready(state, kinds, game)
            if state.started is None:
                return False
            now = self._elapsed(state)
        if now >= game.limit:
            return self._ring(code, game) or went
        return self._bots(code, game, state, kinds, now) or went

    def _ring(self, code: str, game: Mondo) -> bool:
        """Time is up: ``Stop`` for every seat still in (a tile in hand goes back)."""
        played = False
        round_now = game.round
        for seat in range(len(game.players)):
            if game.round != round_now:
                break
            if game.status[seat] == PLAYING:
                self.service.play_for(code, seat, Stop(seat, game.limit))
                played = True
                fresh = self.service.game(code)
                assert isinstance(fresh, Mondo)
                game = fresh
        return played

    def _bots(
        self, code: str, game: Mondo, state: _RoomClock, kinds: Sequence[str], now: int
    ) -> bool:
        """The bot seats' actions due by ``now``, earliest first. Each bot plans its next
        action when its last one has been played (its own pace gives the time); when the time
        comes and the table changed under the plan (its tile is gone), it looks again then."""
        seats = [p for p, kind in enumerate(kinds) if kind != HUMAN and game.status[p] == PLAYING]
        for seat in seats:
            if seat not in state.plans or state.bots.get(seat, ("",))[0] != kinds[seat]:
                state.plans[seat] = self._plan(code, game, state, seat, kinds[seat], None)
        played = False
        for when, seat in sorted((_time(state.plans[p].action), p) for p in seats):
            if when > now:
                break
            if played:
                fresh = self.service.game(code)
                assert isinstance(fresh, Mondo)
                game = fresh
                if game.round != state.round or game.status[seat] != PLAYING:
                    break
            plan = state.plans.pop(seat)
            if not self._still_good(game, plan, now):
                plan = self._plan(code, game, state, seat, kinds[seat], now)
                if _time(plan.action) > now:
                    state.plans[seat] = plan
                    continue
            try:
                self.service.play_for(code, seat, plan.action)
                played = True
            except Refused as err:  # someone was quicker: it plans again next tick
                log.info("room %s: bot %d refused: %s", code, seat, err.reason)
        return played

    def _plan(
        self, code: str, game: Mondo, state: _RoomClock, seat: int, kind: str, now: int | None
    ) -> _Plan:
        """The bot's next action from its own view (at ``now``, or at its own next time)."""
        held = state.bots.get(seat)
        if held is None or held[0] != kind:
            bot = make_bot(kind, seed=bot_seed(game.seed, game.round, seat))
            held = state.bots[seat] = (kind, bot)
        legal = game.legal_actions_for(seat, now)
        try:
            action = held[1].choose(game.view(seat), legal)
            if game.why_illegal(dataclasses.replace(action, time=max(_time(action), game.now))):
                raise ValueError(str(action))
        except Exception as err:  # a failing bot must not stop the room: it stops this round
            log.warning("room %s: bot %d failed (%s): it stops", code, seat, err)
            action = Stop(seat, min(max(now or 0, game.now), game.limit))
        tile = None
        if isinstance(action, Take) and 0 <= action.slot < len(game.heap):
            tile = game.heap[action.slot]
        return _Plan(action, tile)

    @staticmethod
    def _still_good(game: Mondo, plan: _Plan, now: int) -> bool:
        """Whether a plan made earlier still does what the bot meant: legal now, and for a
        take the same tile still at that place."""
        action = dataclasses.replace(plan.action, time=max(now, game.now))
        if game.why_illegal(action) is not None:
            return False
        if isinstance(action, Take):
            return action.slot < len(game.heap) and game.heap[action.slot] == plan.tile
        return True

    # ------------------------------------------------------------------ the server's task
    async def run(self, push: Callable[[str], Coroutine[Any, Any, None]]) -> None:
        """Tick for ever (until cancelled), pushing every room that changed to its pages;
        a press of "Ready" wakes it at once."""
        loop = asyncio.get_running_loop()
        wake = asyncio.Event()

        def wake_up() -> None:  # from any thread: a press of "Ready", a move of the clock
            loop.call_soon_threadsafe(wake.set)

        self._wake = wake_up
        try:
            while True:
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(wake.wait(), TICK_SECONDS)
                wake.clear()
                try:
                    changed = await asyncio.to_thread(self.tick)
                except Exception:  # the clock must keep running for the other rooms
                    log.exception("the Mondo clock's tick failed")
                    continue
                for code in sorted(changed):  # the pushes go on while the clock ticks
                    task: asyncio.Task[None] = asyncio.create_task(push(code))
                    self._pushes.add(task)
                    task.add_done_callback(self._pushes.discard)
        finally:
            self._wake = None
