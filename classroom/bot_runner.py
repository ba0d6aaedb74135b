"""The server's bots in turn-based rooms: played after the student has had an answer.

A student's move is stored and answered at once; the bot seats whose turn comes next then
play one move at a time in the background (``RoomService.bot_step``, in a worker thread),
and every open page of the room hears each bot move as it is made, as if the bots sat at
other laptops. Before, the bots played inside the student's request: a click waited for
every bot (up to 2.5 s for Nuevo Mundo's search bot on a 2-core server, measured by
``benchmarks/class_bots.py``) and showed nothing meanwhile, and the room's lock was held
while a bot thought.

One runner per room at a time: a start asked for while the room's runner is at work makes
it look once more before it stops, so no bot turn is missed and no two runners race. The
real-time game (Mondo) is not played here: its bots act on the server's clock
(``classroom.realtime``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from starlette.concurrency import run_in_threadpool

from .rooms import Refused, RoomService

log = logging.getLogger("classroom")

Push = Callable[[str], Awaitable[None]]
"""Tell every open page of a room (by its code) the room as it is now."""


class BotRunner:
    """Plays the bot seats of each room after the move that made it their turn."""

    def __init__(self, service: RoomService, push: Push) -> None:
        self.service = service
        self.push = push
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()

    def start(self, code: str) -> None:
        """Let the room's bots play if it is theirs to act (from the event loop's thread)."""
        if code in self._tasks:
            self._again.add(code)
            return
        self._tasks[code] = asyncio.create_task(self._run(code))

    def start_all(self, codes: list[str]) -> None:
        """At start: the bots whose move was not made when the server stopped."""
        for code in codes:
            self.start(code)

    async def _run(self, code: str) -> None:
        try:
            while True:
                moved = await run_in_threadpool(self.service.bot_step, code)
                if moved:
                    await self.push(code)
                elif code in self._again:
                    self._again.discard(code)
                else:
                    return
        except Refused as err:  # the room is gone from the store: nothing to play
            log.warning("room %s: bots stopped (%s)", code, err.key)
        except Exception:  # one room's failure must not stop the server
            log.exception("room %s: bots stopped", code)
        finally:
            del self._tasks[code]
            self._again.discard(code)

    async def stop(self) -> None:
        """Cancel every runner (the server stops; the moves made are in the store, and the
        next start plays on)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


__all__ = ["BotRunner"]
