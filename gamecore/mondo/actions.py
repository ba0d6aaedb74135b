"""Mondo: the actions, as small frozen objects.

Everyone plays at once, so every action names its player (``seat``, an index into the
game's players) and the moment it happened (``time``, in milliseconds since the round's
"go!"). The caller supplies the time: a widget its clock, a bot its own pace, a test any
number it likes; the engine only checks that time never runs backwards and that the round's
time is not up. A seed and the log of these actions replay a round exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from ..protocol import Action
from ..words import t

SIDES: Final = 2
"""A tile has two sides: 0 is its single-landscape side, 1 the other."""
TURNS: Final = 4
"""Quarter turns clockwise (0 = as printed, north up)."""


def clock(ms: int) -> str:
    """A game time as minutes and seconds (``3:05``)."""
    seconds = max(0, ms) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


@dataclass(frozen=True)
class Take(Action):
    """Take the tile lying at ``slot`` of the heap's top layer into your hand."""

    kind: ClassVar[str] = "take"
    seat: int
    time: int
    slot: int

    def __str__(self) -> str:
        return t("mondo.action_take", slot=self.slot + 1, time=clock(self.time))


@dataclass(frozen=True)
class Place(Action):
    """Put the tile in your hand on board ``space`` (0 is the top-left space, row by row),
    with ``side`` up, turned ``turn`` quarter turns clockwise."""

    kind: ClassVar[str] = "place"
    seat: int
    time: int
    space: int
    side: int
    turn: int

    def __str__(self) -> str:
        return t(
            "mondo.action_place",
            space=self.space + 1,
            side=t(f"mondo.side_{self.side}") if self.side in (0, 1) else str(self.side),
            turn=self.turn * 90,
            time=clock(self.time),
        )


@dataclass(frozen=True)
class Return(Action):
    """Put the tile in your hand back on the heap, ``side`` up."""

    kind: ClassVar[str] = "return"
    seat: int
    time: int
    side: int

    def __str__(self) -> str:
        side = t(f"mondo.side_{self.side}") if self.side in (0, 1) else str(self.side)
        return t("mondo.action_return", side=side, time=clock(self.time))


@dataclass(frozen=True)
class JumpOut(Action):
    """Jump out of the round and take the top bonus chip (if one is left)."""

    kind: ClassVar[str] = "jump_out"
    seat: int
    time: int

    def __str__(self) -> str:
        return t("mondo.action_jump_out", time=clock(self.time))


@dataclass(frozen=True)
class Stop(Action):
    """Stop for this round without a chip: wait for the timer (played for everyone still
    in when the time runs out; a tile in hand goes back to the heap)."""

    kind: ClassVar[str] = "stop"
    seat: int
    time: int

    def __str__(self) -> str:
        return t("mondo.action_stop", time=clock(self.time))


@dataclass(frozen=True)
class TakeTask(Action):
    """Expert level: take the additional task lying at ``slot`` of the round's display (it
    scores its value at the round's end if your board fulfils it, and costs it if not)."""

    kind: ClassVar[str] = "take_task"
    seat: int
    time: int
    slot: int

    def __str__(self) -> str:
        return t("mondo.action_take_task", slot=self.slot + 1, time=clock(self.time))


MondoAction = Take | Place | Return | JumpOut | Stop | TakeTask
ACTION_TYPES: dict[str, type[Action]] = {
    a.kind: a for a in (Take, Place, Return, JumpOut, Stop, TakeTask)
}
