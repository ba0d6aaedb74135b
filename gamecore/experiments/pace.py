"""How fast a study goes: games per second and the time left, for a bar or a terminal.

``Pace`` is fed ``(done, total)`` as games finish and says the rate and the time left in
words (the catalog's, in the process language). ``terminal_progress()`` is a ready
``progress`` callback that rewrites one line of the terminal (on standard error, so the
study's own output stays clean), at most a few times a second.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

from ..words import number, t


class Pace:
    """Games per second since the first call, and the seconds the rest will take."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.started = clock()

    def rate(self, done: int) -> float:
        """Games per second so far (0 before the first game)."""
        elapsed = self.clock() - self.started
        return done / elapsed if elapsed > 0 and done > 0 else 0.0

    def left(self, done: int, total: int) -> float | None:
        """Seconds until ``total`` at the pace so far (None before the first game)."""
        rate = self.rate(done)
        return (total - done) / rate if rate else None

    def words(self, done: int, total: int) -> str:
        """``1,200 of 3,000 games · 640 games/s · about 3 s left`` (or ``… done in 5 s``)."""
        rate = self.rate(done)
        if done >= total:
            took = self.clock() - self.started
            return t(
                "core.pace_done",
                n=total,
                total=number(total),
                rate=number(rate),
                seconds=number(took, 1),
            )
        left = self.left(done, total)
        if left is None:
            return t("core.pace_starting", n=total, done=number(done), total=number(total))
        return t(
            "core.pace",
            n=total,
            done=number(done),
            total=number(total),
            rate=number(rate),
            seconds=number(max(1.0, left)),
        )


def terminal_progress(
    stream: TextIO | None = None, every: float = 0.25, clock: Callable[[], float] = time.monotonic
) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` callback that rewrites one terminal line with the pace."""
    pace = Pace(clock)
    last = [-every]

    def progress(done: int, total: int) -> None:
        out = stream if stream is not None else sys.stderr
        now = clock()
        finished = done >= total
        if not finished and now - last[0] < every:
            return
        last[0] = now
        out.write("\r" + pace.words(done, total) + ("\n" if finished else ""))
        out.flush()

    return progress


__all__ = ["Pace", "terminal_progress"]
