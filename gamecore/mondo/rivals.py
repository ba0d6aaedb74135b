"""Mondo rivals: bots that build their own world in real time, beside a student.

``RivalBot(seed, level="steady")`` (also ``gamecore.make_bot("rival", seed=..., level=...)``)
sees only ``game.view(player)``, like every bot, and plays at a pace set by its level:

=========  ==========================  ==============================================
level      time between its actions    in a 7-minute round (measured, 3 rivals)
=========  ==========================  ==============================================
``slow``   12 s (9-15 s)               about 16 tiles; out just before the timer
``steady`` 8 s (6-10 s)                about 21 tiles; out after about 6 minutes
``fast``   5 s (3.75-6.25 s)           about 22 tiles; out after about 4.5 minutes
=========  ==========================  ==============================================

Levels may also be given as 1, 2, 3. The time between two actions is drawn from the seed
(the level's pace, give or take a quarter), so a fast rival takes more of the good tiles
from the shared heap and jumps out first, with the highest bonus chip. Every action it
returns carries a time at or after ``view.now`` and at least one pace after its own last
action, before the round's limit; when its next action would come too late it stops at the
limit (the timer's ring), as ``Stop``.

Who acts when: a program that drives everyone (``play_game``, the study workbench) asks the
engine's ``current_player``, the player it reckons due first from each player's last gap. The
engine learns a pace only from gaps nobody else stretched (an action held back to the moment
of someone else's later one teaches it nothing), so a fast rival seated after a slow one
keeps its pace; a widget gives each rival its own clock anyway.

How it decides, each time:

- **Empty hand.** It jumps out when its board is full, when it has filled ``jump_at``
  spaces (the study compares early and late jumping), or when this is its last chance to
  act in the round (a chip is worth more than nothing). When two actions are left (take and
  place, but no time to jump afterwards), it compares the top bonus chip with the best
  tile's gain. Otherwise it takes the top-layer tile whose best placement adds the most:
  like a person, it judges a heap tile by the side that lies up (the other side shows once
  it is in hand). When no tile adds anything, it takes the best-looking one anyway to see
  its other side and waits for new tiles that way, unless few spaces are left or nobody
  else can change the heap, when it jumps out.
- **A tile in hand.** It places it at the best spot (both sides, four turns, every open
  space) when that adds something, else puts it back on the heap.
- **The higher levels** (``rival_aims``). At the advanced and expert levels a water
  modifier (lakes, water animals) weighs a little in the estimate. At the expert level,
  with an empty hand and no task yet, it takes a task on show when its expected points
  (value x (2 x chance - 1), the chance judged from its board and the actions it has left)
  beat what pursuing it and the action cost; then it pursues it (no volcano: no volcano is
  placed; no wrong connection: none is made; no empty space: every tile is placed and it
  stays in until the board is full). Just before it jumps out, it takes a free task its
  board fulfils. At the beginner level it plays as it always has, move for move.

A placement's gain is a fast estimate, not a full rescore (``scoring.analyse`` of a
half-full board takes about 0.5 ms, the estimate about 6 us, and a decision looks at up to
a few thousand options; a decision takes about 1 ms on average, 15 ms at most, for the
first tile on an empty board): +1 for the space no longer empty, +1 for an animal, -1 for
each wrong connection it makes, a little for each edge that matches a neighbour or the rim,
the change in the worth of the landscapes it touches (a closed, error-free land landscape
is worth 2; an open one 2 x 0.2 per open edge; a spoiled one or water 0), a penalty for
leaving an empty neighbour that only a tile with three or four landscapes could fit, and
the volcano penalty it would risk (its volcanoes against the most any other board shows,
counting the inactive ones when it holds the volcano chip).

The estimate itself, and how a decision stays cheap without changing a move (issue 21), are
in ``rival_estimate.py``.

Measured and left out: judging a heap tile by its hidden side too (the box is public, and
most mixed faces name their tile) scored -0.6 +- 1.3 points a game against rivals that do
not (24 games); waiting for a gain of 0.5-1.5 before placing early in the round scored the
same or worse (12 games each).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from ..protocol import Action
from ..words import t
from .actions import SIDES, JumpOut, Place, Return, Stop, Take, TakeTask
from .faces import ACTIVE, INACTIVE, Face
from .game import PLAYING, STEP_MS, MondoView
from .rival_aims import Aims, aims_for, sure_task, task_to_take
from .rival_estimate import Position
from .rival_faces import distinct_shapes, face_shapes

LEVELS: Final = ("slow", "steady", "fast")
"""The rival's levels, slowest first (``level=1`` is ``"slow"``)."""
PACE_MS: Final = {"slow": 12_000, "steady": 8_000, "fast": 5_000}
"""The mean time between two of the rival's actions, per level."""
JITTER: Final = 0.25
"""Each gap is the pace times a number drawn between 1 - JITTER and 1 + JITTER."""

VOLCANO_RISK: Final = 0.3
"""A volcano that brings it within one of the most volcanoes on any board."""
FEW_SPACES: Final = 3
"""With this many empty spaces or fewer and nothing worth taking, it jumps out."""


def check_level(level: object) -> str:
    """The level's name for ``"slow"``/``"steady"``/``"fast"`` or 1/2/3, else a ValueError."""
    if isinstance(level, int) and not isinstance(level, bool) and 1 <= level <= len(LEVELS):
        return LEVELS[level - 1]
    if isinstance(level, str) and level.strip().lower() in LEVELS:
        return level.strip().lower()
    raise ValueError(t("mondo_bots.bad_level", level=repr(level), levels=", ".join(LEVELS)))


def level_name(level: object) -> str:
    """A level in words, for a student ("fast")."""
    return t(f"mondo_bots.level_{check_level(level)}")


def level_about(level: object) -> str:
    """What a level means, in a sentence for a student choosing a rival."""
    return t(f"mondo_bots.level_about_{check_level(level)}")


def volcano_costs(view: MondoView, player: int) -> dict[str, float]:
    """The penalty the estimate gives an active (``"V"``) and an inactive (``"v"``) volcano:
    what one more would cost at the end of the round if the boards stayed as they are
    (the most volcanoes lose 1 each, every tied player included), plus a risk when it
    comes within one of the most."""
    counts = []
    for p, board in enumerate(view.boards):
        lit, unlit = _volcano_counts(board)
        counts.append(lit + (unlit if p in view.volcano_chip else 0))
    mine = counts[player]
    rest = max((c for p, c in enumerate(counts) if p != player), default=0)

    def cost(n: int) -> int:
        return n if n > 0 and n >= rest else 0

    extra = float(cost(mine + 1) - cost(mine))
    if mine + 1 >= rest - 1:
        extra += VOLCANO_RISK
    inactive = extra if player in view.volcano_chip else 0.0
    return {"": 0.0, ACTIVE: extra, INACTIVE: inactive}


BOARDS_KEPT: Final = 4096
"""How many boards ``_volcano_counts`` remembers before it starts afresh."""
_VOLCANOES: dict[int, tuple[tuple[Face | None, ...], int, int]] = {}


def _volcano_counts(board: tuple[Face | None, ...]) -> tuple[int, int]:
    """The active and the inactive volcanoes on a board, remembered by the board's identity
    (the engine shows a board that has not changed as the same tuple: ``game.board_faces``);
    the board is kept with its counts, so a new one that reuses a dead one's ``id`` is not
    mistaken for it."""
    known = _VOLCANOES.get(id(board))
    if known is None or known[0] is not board:
        if len(_VOLCANOES) >= BOARDS_KEPT:
            _VOLCANOES.clear()
        volcanoes = [f.volcano for f in board if f is not None]
        counts = (board, volcanoes.count(ACTIVE), volcanoes.count(INACTIVE))
        known = _VOLCANOES[id(board)] = counts
    return known[1], known[2]


# ---------------------------------------------------------------------------- the bot


class RivalBot:
    """A real-time rival for Mondo (see the module's notes): ``level`` sets its pace,
    ``jump_at`` the number of filled spaces at which it jumps out (default: a full board),
    ``pace_ms`` overrides the level's pace (at least the engine's step, 2 s). At the higher
    levels of the game, ``tasks=False`` never takes an additional task and ``modifier=False``
    ignores the round's scoring modifier (the study compares them). ``level`` is a level's
    name or number (``check_level``), taken as any object so that the compiled build lets
    ``check_level`` refuse a wrong one in words."""

    name = "rival"
    reads_legal = False
    """It finds its own actions in its view: a study need not list every legal one."""

    def __init__(
        self,
        seed: int | None = None,
        level: object = "steady",
        *,
        jump_at: int | None = None,
        pace_ms: int | None = None,
        tasks: bool = True,
        modifier: bool = True,
    ) -> None:
        self.level = check_level(level)
        pace = PACE_MS[self.level] if pace_ms is None else pace_ms
        if isinstance(pace, bool) or not isinstance(pace, int) or pace < STEP_MS:
            raise ValueError(t("mondo_bots.bad_pace", pace=repr(pace_ms), least=STEP_MS))
        self.pace = pace
        if jump_at is not None and (
            isinstance(jump_at, bool) or not isinstance(jump_at, int) or jump_at < 1
        ):
            raise ValueError(t("mondo_bots.bad_jump_at", jump_at=repr(jump_at)))
        self.jump_at = jump_at
        self.tasks = bool(tasks)
        self.modifier = bool(modifier)
        self.salt = random.Random(seed).randrange(2**32)
        self.decisions = 0
        self._gaps: dict[tuple[int, int], int] = {}
        self._board: tuple[tuple[Any, ...], Position] | None = None
        """The last board read, with what it was read from: a decision after a take or a
        return reads the same board."""

    def gap(self, round_: int, after: int) -> int:
        """The time between its action at ``after`` (ms into round ``round_``) and its next
        one: its pace give or take ``JITTER``, drawn from its seed and that moment, so a
        widget that asks it again before it acts (the table changed) gets the same time."""
        known = self._gaps.get((round_, after))
        if known is None:
            draw = random.Random(f"{self.salt}:{round_}:{after}").uniform(1 - JITTER, 1 + JITTER)
            known = round(self.pace * draw)
            if len(self._gaps) >= 16:  # a decision asks for two: the last few are enough
                self._gaps.clear()
            self._gaps[(round_, after)] = known
        return known

    # ------------------------------------------------------------------ choosing
    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if not isinstance(view, MondoView):
            game = getattr(view, "game", type(view).__name__)
            raise ValueError(t("mondo_bots.only_mondo", game=str(game)))
        me = view.player
        self.decisions += 1
        when = max(view.now, view.ready[me] + self.gap(view.round, view.ready[me]))
        if when >= view.limit:
            return Stop(me, view.limit)
        left = self._actions_left(view, when)
        aims = aims_for(view, me, modifier=self.modifier, tasks=self.tasks)
        board = self._position(view, aims)
        if view.hand is None:
            return self._empty_hand(view, board, when, left)
        return self._holding(view, board, when)

    def _position(self, view: MondoView, aims: Aims | None) -> Position:
        """The player's board as the estimate reads it (the last one again when nothing it
        reads has changed; after one more tile of its own, the last one with that tile
        added: ``Position``'s ``before``)."""
        key = (view.placed[view.player], view.cols, view.rim, aims)
        if self._board is None or self._board[0] != key:
            before = None if self._board is None else self._board[1]
            self._board = (key, Position(view, view.player, aims, before))
        return self._board[1]

    def _costs(self, view: MondoView, board: Position) -> dict[str, float]:
        """The volcano costs (``volcano_costs``), and what the aims add to them."""
        costs = volcano_costs(view, view.player)
        if board.aims is not None and board.aims.volcano:
            extra = board.aims.volcano
            return {"": 0.0, ACTIVE: costs[ACTIVE] + extra, INACTIVE: costs[INACTIVE] + extra}
        return costs

    def _actions_left(self, view: MondoView, when: int) -> int:
        """Its actions still to come this round, this one included, reckoned with its next
        gap and then its pace; others acting in between may delay it, so a
        quarter of a pace is kept in hand."""
        margin = round(self.pace * JITTER)
        following = when + self.gap(view.round, when)
        if following >= view.limit - margin:
            return 1
        return 2 + (view.limit - margin - 1 - following) // self.pace

    def _empty_hand(self, view: MondoView, board: Position, when: int, left: int) -> Action:
        me = view.player
        full = not board.empty
        wanted = len(board.faces) if self.jump_at is None else self.jump_at
        if board.aims is not None and board.aims.fill_board:
            wanted = len(board.faces)
        if full or board.filled >= wanted or left <= 1 or not view.heap:
            return self._jump_out(view, when, left)
        if self.tasks and view.tasks:
            slot = task_to_take(view, me, left)
            if slot is not None:
                return TakeTask(me, when, slot)
        if left == 2 and self.tasks and view.tasks:
            slot = sure_task(view, me)  # the board stays as it is: the next action jumps
            if slot is not None:
                return TakeTask(me, when, slot)
        costs = self._costs(view, board)
        gain, slot = self._best_take(view.heap, board, costs)
        chip = view.stack[-1] if view.stack else 0
        if left == 2 and chip >= gain:
            return JumpOut(me, when)  # a tile now would leave no time to jump
        if gain <= 0:
            others = any(s == PLAYING for p, s in enumerate(view.status) if p != me)
            if not others or len(board.empty) <= FEW_SPACES or left <= 4:
                return self._jump_out(view, when, left)
        return Take(me, when, slot)

    def _jump_out(self, view: MondoView, when: int, left: int) -> Action:
        """Jump out; at the expert level, first take a task the board as it stays fulfils,
        when there is time for both."""
        if self.tasks and view.tasks and left >= 2:
            slot = sure_task(view, view.player)
            if slot is not None:
                return TakeTask(view.player, when, slot)
        return JumpOut(view.player, when)

    def _best_take(
        self, heap: Sequence[Face], board: Position, costs: dict[str, float]
    ) -> tuple[float, int]:
        """The best gain among the heap's up sides, and the first slot showing that face
        (equal faces are told by their shapes: ``rival_faces.distinct_shapes``). The distinct
        faces are weighed in one ``Position.best_placement``, which finds what asking face by
        face with the best so far as the floor finds."""
        faces, slots = distinct_shapes(heap)
        best, index, _, _ = board.best_placement(faces, costs)
        return best, slots[index] if index >= 0 else 0

    def _holding(self, view: MondoView, board: Position, when: int) -> Action:
        me = view.player
        assert view.hand is not None
        costs = self._costs(view, board)
        sides = [face_shapes(view.hand[side]) for side in range(SIDES)]
        value, side, space, turn = board.best_placement(sides, costs, 0.0)
        if value <= 0.0:  # nothing gains: put it back
            return Return(me, when, view.hand_up)
        return Place(me, when, space, side, turn)


__all__ = [
    "LEVELS",
    "PACE_MS",
    "Position",
    "RivalBot",
    "check_level",
    "level_about",
    "level_name",
]
