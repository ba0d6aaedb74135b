"""Mondo: the state of a game and the rules that move it (the actions are in actions.py).

Everyone builds at once. The engine has no clock: every action carries the moment it
happened (milliseconds since the round's "go!"), supplied by whoever drives the game, and the
engine checks only that time runs forward and that the round's time is not up. Actions are
applied in the order they are played, so a seed and the log replay a game exactly.

The heap: at the start of each round the tiles are stirred (a shuffle of their order and one
of which side lies up, both recorded in the log). Everyone sees the same *top layer*, the
first ``TOP_LAYER`` tiles of the heap, side up only: tiles may be pushed around but not dug
through. Taking a tile brings the first tile from under the layer up into its place (the
other tiles stay where they are); a tile put back lands on the layer's last place, and the
tile that lay there slides under.

A round ends when everyone has jumped out or stopped (``Stop``: what the timer's ring does to
everyone still in). It is then scored, the volcano chip goes to the round's best player(s),
and the next round starts with empty boards. After three rounds the most points win; a tie
gives several winners.

``current_player`` is the player whose turn it is *for a program that drives everyone*
(bots, studies, the conformance suite): the player still in who is due first, reckoning each
player's next action one of their own last gaps after their last one (so a bot that acts
every two seconds gets three turns to a six-second bot's one), ties to the one who acted
least recently. A widget lets a person act whenever they like: any player still in may
play at any time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, cast

from ..errors import Refusal, refuse
from ..position import LIST, LISTS, VALUE, Field, Shape, compile_position
from ..protocol import Action, Game
from ..scoresheet import ScoreSheet
from ..words import t
from . import kit, modules, scoring
from .actions import (
    ACTION_TYPES,
    SIDES,
    TURNS,
    JumpOut,
    MondoAction,
    Place,
    Return,
    Stop,
    Take,
    TakeTask,
    clock,
)
from .board import Board
from .faces import Face

ROUNDS: Final = 3
TOP_LAYER: Final = 24
"""Heap tiles everyone can see (the top layer of a heap that cannot be dug through)."""
STEP_MS: Final = 2000
"""The time ``legal_actions()`` gives an action: two seconds after the player's last one (a
bot or a widget sets its own)."""
PLAYING: Final = 0
JUMPED: Final = 1
STOPPED: Final = 2
EMPTY: Final = -1
SIDE_NAMES: Final = ("A", "B")
PLAYABLE_LEVELS: Final = ("beginner", "advanced", "expert")
"""Beginner: the rulebook's rules. Advanced: a scoring modifier each round. Expert: also the
additional tasks (both reconstructed: ``modules.py``)."""
NO_TASK: Final = -1


def _round_totals(rounds: Sequence[ScoreSheet]) -> tuple[tuple[tuple[str, int], ...], ...]:
    return tuple(tuple(sorted(sheet.totals().items())) for sheet in rounds)


SHEETS: Final = Shape("sheets", list, _round_totals, _round_totals)
"""The scored rounds: score sheets, which never change, compared by their totals."""

POSITION: Final = (
    Field("round", VALUE, view="round"),
    Field("heap", LIST),
    Field("up", LIST),
    Field("boards", LISTS, view="placed"),
    Field("hands", LIST),
    Field("hand_up", LIST),
    Field("status", LIST, view="status"),
    Field("chips", LIST, view="chips"),
    Field("stack", LIST, view="stack"),
    Field("now", VALUE, view="now"),
    Field("last_time", LIST, view="ready"),
    Field("last_seq", LIST),
    Field("last_gap", LIST),
    Field("seq", VALUE),
    Field("volcano_chip", VALUE, view="volcano_chip"),
    Field("rounds", SHEETS),
    Field("finished_boards", LIST, view="finished_boards"),
    Field("modifier_order", LIST),
    Field("task_display", LIST),
    Field("task_of", LIST),
)
"""Everything that changes during a game, listed once: ``clone``, ``==`` (the key) and
``view`` loop over it. The view shows the heap's top layer side up only, the viewer's own
tile in hand, and the modifier, tasks and scored rounds in words and totals."""
_POSITION_CODE: Final = compile_position(POSITION)


def cell_code(tile: int, side: int, turn: int) -> int:
    """A placed tile as one number: which tile, which side up, how turned."""
    return tile * 8 + side * 4 + turn


def cell_parts(code: int) -> tuple[int, int, int]:
    """``(tile, side, turn)`` of a placed tile's code."""
    return code // 8, (code // 4) % 2, code % 4


@dataclass(frozen=True)
class MondoView:
    """What one player may see: every board, the heap's top layer (side up only), their own
    tile in hand (both sides), the chips, the time and the rounds scored so far."""

    game: str
    player: int
    players: tuple[str, ...]
    options: dict[str, Any]
    rows: int
    cols: int
    round: int
    """0, 1 or 2 (3 when the game is over)."""
    now: int
    """The time of the latest action of this round (ms)."""
    limit: int
    """When this round's time is up (ms)."""
    ready: tuple[int, ...]
    """Each player's earliest time for a next action (their last action's time)."""
    boards: tuple[tuple[Face | None, ...], ...]
    """Each player's board, row by row, with the placed faces as they lie (turned)."""
    placed: tuple[tuple[int, ...], ...]
    """Each player's board as cell codes (``cell_code``; -1 empty)."""
    heap: tuple[Face, ...]
    """The top layer, the side that lies up."""
    heap_size: int
    hand: tuple[Face, Face] | None
    """Your tile in hand: its two sides as printed (north up), or None."""
    hand_up: int
    """Which side of your tile in hand lay up on the heap (0 or 1)."""
    holding: tuple[bool, ...]
    """Whether each player holds a tile."""
    status: tuple[int, ...]
    """Each player: 0 still in, 1 jumped out, 2 stopped."""
    chips: tuple[int, ...]
    """The bonus chip each player took this round (0: none)."""
    stack: tuple[int, ...]
    """The bonus chips left, bottom first (the last is on top)."""
    volcano_chip: tuple[int, ...]
    """The players who hold the volcano chip this round."""
    round_totals: tuple[tuple[int, ...], ...]
    """Each scored round: every player's points."""
    finished_boards: tuple[tuple[tuple[int, ...], ...], ...]
    """Each scored round: every player's board as it ended (cell codes; boards are public)."""
    rim: tuple[str, ...]
    """The terrain beyond each outer edge (clockwise from the north-west corner)."""
    solo_spaces: tuple[int, ...]
    modifier: str
    """The round's scoring modifier (its id; "" at the beginner level)."""
    tasks: tuple[str, ...]
    """The tasks lying face up this round (their ids; expert level)."""
    task_of: tuple[str, ...]
    """The task each player took this round (its id, or "")."""


class Mondo(Game):
    """A game of Mondo (see the module's notes)."""

    name = "mondo"
    action_types = ACTION_TYPES
    min_players = 1
    max_players = 4

    # the position
    round: int
    heap: list[int]
    up: list[int]
    boards: list[list[int]]
    hands: list[int]
    hand_up: list[int]
    status: list[int]
    chips: list[int]
    stack: list[int]
    now: int
    last_time: list[int]
    last_seq: list[int]
    last_gap: list[int]
    seq: int
    volcano_chip: tuple[int, ...]
    rounds: list[ScoreSheet]
    finished_boards: list[tuple[tuple[int, ...], ...]]
    """Each scored round: every player's board as it ended (cell codes)."""
    modifier_order: list[int]
    """Advanced and expert: the modifiers in the order the rounds use them (dealt at the
    start)."""
    task_display: list[int]
    """Expert: the tasks lying face up this round."""
    task_of: list[int]
    """Expert: the task each player took this round (-1: none)."""

    @classmethod
    def normalise_options(cls, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        side = options.pop("side", "A")
        if not isinstance(side, str) or side.upper() not in SIDE_NAMES:
            raise ValueError(t("mondo.option_side", side=repr(side)))
        level = options.pop("level", "beginner")
        if level not in PLAYABLE_LEVELS:
            raise ValueError(
                t("mondo.option_level", level=repr(level), levels=", ".join(PLAYABLE_LEVELS))
            )
        seconds = options.pop("round_seconds", None)
        if seconds is None:
            seconds = kit.round_seconds(level)
        if not isinstance(seconds, int) or isinstance(seconds, bool) or not 10 <= seconds <= 3600:
            raise ValueError(t("mondo.option_seconds", seconds=repr(seconds)))
        if options:
            raise ValueError(t("core.no_option", game=cls.name, options=", ".join(sorted(options))))
        return {"side": side.upper(), "level": level, "round_seconds": seconds}

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        self.round = 0
        self.volcano_chip = ()
        self.rounds = []
        self.finished_boards = []
        self.seq = 0
        self.modifier_order = []
        if self.level != "beginner":
            self.modifier_order = self._shuffled("modifiers", list(range(len(modules.modifiers()))))
        self._start_round()

    @property
    def level(self) -> str:
        level: str = self.options["level"]
        return level

    @property
    def limit(self) -> int:
        """When the round's time is up (ms)."""
        seconds: int = self.options["round_seconds"]
        return seconds * 1000

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    def _start_round(self) -> None:
        n = len(self.players)
        spaces = kit.ROWS * kit.COLS
        self.boards = [[EMPTY] * spaces for _ in range(n)]
        self.heap = self._shuffled("heap", [tile.id for tile in kit.box()])
        if self.solo:
            # one single-landscape tile of each landscape on the highlighted spaces: the
            # first of its kind in the stirred heap, the spaces dealt by the seed
            order = self._shuffled("solo_spaces", list(kit.SOLO_SPACES))
            for letter, space in zip(kit.SOLO_PREFILL, order, strict=True):
                tile = next(x for x in self.heap if kit.tile(x).front.edges == (letter,) * 4)
                self.heap.remove(tile)
                self.boards[0][space] = cell_code(tile, 0, 0)
        half = len(self.heap) // 2
        sides = self._shuffled("sides", [0] * (len(self.heap) - half) + [1] * half)
        self.up = [0] * kit.tile_limit()
        for tile, side in zip(self.heap, sides, strict=True):
            self.up[tile] = side
        self.hands = [EMPTY] * n
        self.hand_up = [0] * n
        self.status = [PLAYING] * n
        self.chips = [0] * n
        self.stack = list(kit.bonus_chips(n))
        self.now = 0
        self.last_time = [0] * n
        self.last_seq = [0] * n
        self.last_gap = [0] * n
        self.task_of = [NO_TASK] * n
        self.task_display = []
        if self.level == "expert":
            order = self._shuffled("tasks", list(range(len(modules.tasks()))))
            self.task_display = order[: modules.tasks_shown()]

    # ------------------------------------------------------------------ whose turn
    @property
    def current_player(self) -> int | None:
        if self.round >= ROUNDS:
            return None
        best: int | None = None
        best_key = (0, 0)
        status, last_time, last_gap, last_seq = (
            self.status,
            self.last_time,
            self.last_gap,
            self.last_seq,
        )
        for p in range(len(self.players)):
            if status[p] != PLAYING:
                continue
            key = (last_time[p] + last_gap[p], last_seq[p])  # (``due(p)``, its last action)
            if best is None or key < best_key:
                best, best_key = p, key
        return best

    def due(self, player: int) -> int:
        """When ``player`` is reckoned to act next: their last action's time plus the gap
        before it (a player's own pace; 0 before their second action)."""
        return self.last_time[player] + self.last_gap[player]

    def _actor(self, action: Action) -> int | None:
        seat = getattr(action, "seat", None)
        return seat if isinstance(seat, int) else None

    def next_time(self, player: int) -> int:
        """The time ``legal_actions()`` gives ``player``'s next action."""
        return max(self.now, self.last_time[player] + STEP_MS)

    def legal_actions(self) -> list[Action]:
        player = self.current_player
        if player is None:
            return []
        return self.legal_actions_for(player)

    def legal_actions_for(self, player: int, time: int | None = None) -> list[Action]:
        """Everything ``player`` may do at ``time`` (default: ``next_time(player)``)."""
        if self.round >= ROUNDS or self.status[player] != PLAYING:
            return []
        when = self.next_time(player) if time is None else max(time, self.now)
        if when >= self.limit:
            return [Stop(player, self.limit)]
        actions: list[Action] = []
        if self.task_of[player] == NO_TASK:
            taken = set(self.task_of)
            actions.extend(
                TakeTask(player, when, slot)
                for slot, task in enumerate(self.task_display)
                if task not in taken
            )
        if self.hands[player] == EMPTY:
            actions.extend(Take(player, when, slot) for slot in range(self._layer_size()))
            actions.append(JumpOut(player, when))
        else:
            actions.extend(_placements(player, when, self.open_spaces(player)))
            actions.extend(Return(player, when, side) for side in range(SIDES))
        actions.append(Stop(player, when))
        return actions

    def _layer_size(self) -> int:
        return min(TOP_LAYER, len(self.heap))

    def open_spaces(self, player: int) -> list[int]:
        """The spaces where ``player`` may place a tile (``kit.open_spaces``)."""
        return kit.open_spaces([code != EMPTY for code in self.boards[player]])

    # ------------------------------------------------------------------ checks
    def _check(self, action: object) -> Refusal | None:
        move = MOVES.get(type(action))
        if move is None:
            return refuse("mondo.not_an_action", action=repr(action))
        act = cast(MondoAction, action)
        if self.round >= ROUNDS:
            return refuse("mondo.game_over")
        seat = act.seat
        if not 0 <= seat < len(self.players):
            return refuse("mondo.no_such_player", seat=seat)
        if self.status[seat] == JUMPED:
            return refuse("mondo.already_jumped")
        if self.status[seat] == STOPPED:
            return refuse("mondo.already_stopped")
        if act.time < self.now:
            return refuse("mondo.time_backwards", time=clock(act.time), now=clock(self.now))
        return move[0](self, act)

    def _time_up(self, time: int) -> Refusal | None:
        """Nothing is taken or placed once the round's time is up."""
        if time >= self.limit:
            return refuse("mondo.time_up", limit=clock(self.limit))
        return None

    def _check_take(self, action: Take) -> Refusal | None:
        """One tile in hand at a time, taken from the heap's top layer."""
        if reason := self._time_up(action.time):
            return reason
        if self.hands[action.seat] != EMPTY:
            return refuse("mondo.hand_full")
        if not 0 <= action.slot < self._layer_size():
            return refuse("mondo.no_such_slot", slot=action.slot + 1, n=self._layer_size())
        return None

    def _check_place(self, action: Place) -> Refusal | None:
        """The tile in hand goes on an empty space beside a tile already placed (anywhere,
        for the first), either side up, turned any way."""
        if reason := self._time_up(action.time) or self._hand_empty(action.seat):
            return reason
        board = self.boards[action.seat]
        if not 0 <= action.space < len(board):
            return refuse("mondo.no_such_space", space=action.space + 1, n=len(board))
        if action.side not in (0, 1):
            return refuse("mondo.no_such_side", side=action.side)
        if not 0 <= action.turn < TURNS:
            return refuse("mondo.no_such_turn", turn=action.turn)
        if board[action.space] != EMPTY:
            return refuse("mondo.space_taken", space=action.space + 1)
        if not _beside_a_tile(board, action.space):
            return refuse("mondo.space_not_touching", space=action.space + 1)
        return None

    def _check_return(self, action: Return) -> Refusal | None:
        """The tile in hand may go back on the heap, either side up."""
        if reason := self._time_up(action.time) or self._hand_empty(action.seat):
            return reason
        if action.side not in (0, 1):
            return refuse("mondo.no_such_side", side=action.side)
        return None

    def _check_jump_out(self, action: JumpOut) -> Refusal | None:
        """A player jumps out with empty hands."""
        if reason := self._time_up(action.time):
            return reason
        if self.hands[action.seat] != EMPTY:
            return refuse("mondo.jump_with_tile")
        return None

    def _check_stop(self, action: Stop) -> Refusal | None:
        """A player may stop at any time until the timer rings, at the very moment too."""
        if action.time > self.limit:
            return refuse("mondo.stop_after_limit", limit=clock(self.limit))
        return None

    def _check_take_task(self, action: TakeTask) -> Refusal | None:
        """Expert level: one task each per round, from the display, not one already taken."""
        if reason := self._time_up(action.time):
            return reason
        if self.level != "expert":
            return refuse("mondo.no_tasks", level=self.level)
        if self.task_of[action.seat] != NO_TASK:
            return refuse("mondo.task_already")
        if not 0 <= action.slot < len(self.task_display):
            return refuse("mondo.no_such_task", slot=action.slot + 1, n=len(self.task_display))
        if self.task_display[action.slot] in self.task_of:
            return refuse("mondo.task_taken", slot=action.slot + 1)
        return None

    def _hand_empty(self, seat: int) -> Refusal | None:
        return refuse("mondo.hand_empty") if self.hands[seat] == EMPTY else None

    # ------------------------------------------------------------------ moves
    def _apply(self, action: Action) -> None:
        act = cast(MondoAction, action)
        seat = act.seat
        # An action at the very moment of the latest one, later than the player's own pace
        # would have put it, was held back by someone else's: its gap says nothing of the
        # player's pace, so the last one is kept (else a fast bot seated after a slow one
        # would be reckoned at the slow one's pace).
        held_back = act.time == self.now and self.now > self.last_time[seat]
        self.now = act.time
        self.seq += 1
        if not held_back:
            self.last_gap[seat] = act.time - self.last_time[seat]
        self.last_time[seat] = act.time
        self.last_seq[seat] = self.seq
        MOVES[type(act)][1](self, act)
        if all(s != PLAYING for s in self.status):
            self._end_round()

    def _apply_take(self, action: Take) -> None:
        """The tile comes into the hand, remembering which side lay up."""
        tile = self._take_from_heap(action.slot)
        self.hands[action.seat] = tile
        self.hand_up[action.seat] = self.up[tile]

    def _apply_place(self, action: Place) -> None:
        """The tile in hand lies on the board for good."""
        seat = action.seat
        self.boards[seat][action.space] = cell_code(self.hands[seat], action.side, action.turn)
        self.hands[seat] = EMPTY

    def _apply_return(self, action: Return) -> None:
        """The tile in hand goes back on the heap's top layer, the chosen side up."""
        self._put_back(action.seat, action.side)

    def _apply_jump_out(self, action: JumpOut) -> None:
        """The player is out of the round, with the top bonus chip if one is left."""
        self.status[action.seat] = JUMPED
        if self.stack:
            self.chips[action.seat] = self.stack.pop()

    def _apply_stop(self, action: Stop) -> None:
        """The player is out of the round without a chip; a tile in hand goes back."""
        if self.hands[action.seat] != EMPTY:
            self._put_back(action.seat, self.hand_up[action.seat])
        self.status[action.seat] = STOPPED

    def _apply_take_task(self, action: TakeTask) -> None:
        """The task is the player's for this round."""
        self.task_of[action.seat] = self.task_display[action.slot]

    def _take_from_heap(self, slot: int) -> int:
        """Take the tile at ``slot`` of the top layer; the first tile under the layer comes up
        into the same place, so no other tile of the layer moves."""
        tile = self.heap[slot]
        if len(self.heap) > TOP_LAYER:
            self.heap[slot] = self.heap.pop(TOP_LAYER)
        else:
            self.heap.pop(slot)
        return tile

    def _put_back(self, seat: int, side: int) -> None:
        """The tile in hand lands on the top layer, ``side`` up, at its last place; the tile
        that lay there slides under (the first tile below the layer)."""
        tile = self.hands[seat]
        self.up[tile] = side
        self.heap.insert(min(TOP_LAYER - 1, len(self.heap)), tile)
        self.hands[seat] = EMPTY

    def _end_round(self) -> None:
        sheet = self.round_sheet()
        self.rounds.append(sheet)
        self.finished_boards.append(tuple(tuple(b) for b in self.boards))
        totals = [sheet.total(name) for name in self.players]
        best = max(totals)
        self.volcano_chip = tuple(p for p, total in enumerate(totals) if total == best)
        self.round += 1
        if self.round < ROUNDS:
            self._start_round()

    # ------------------------------------------------------------------ boards and scores
    def faces(self, player: int) -> tuple[Face | None, ...]:
        """``player``'s board, space by space (row by row), the placed faces as they lie."""
        return cell_faces(self.boards[player])

    def board(self, player: int) -> Board:
        """``player``'s board for the scoring (``board.Board``)."""
        return Board.from_cells(self.faces(player), kit.COLS)

    def rim(self) -> tuple[str, ...]:
        return kit.rim(self.options["side"])

    def round_sheet(self) -> ScoreSheet:
        """The current round scored as it stands (``scoring.level_round_sheet``)."""
        names = self.players
        tasks = None
        if self.level == "expert":
            tasks = {name: self.task(p) for p, name in enumerate(names)}
        return scoring.level_round_sheet(
            {name: self.board(p) for p, name in enumerate(names)},
            self.rim(),
            bonus={name: self.chips[p] for p, name in enumerate(names)},
            volcano_chip=[names[p] for p in self.volcano_chip],
            modifier=None if self.level == "beginner" else self.modifier(),
            tasks=tasks,
        )

    def modifier(self) -> modules.Modifier:
        """The scoring modifier of the current round (advanced and expert levels)."""
        return modules.modifiers()[self.modifier_order[min(self.round, ROUNDS - 1)]]

    def task(self, player: int) -> modules.Task | None:
        """The task ``player`` took this round (expert level), or None."""
        index = self.task_of[player]
        return None if index == NO_TASK else modules.tasks()[index]

    def score(self) -> ScoreSheet:
        """The rounds scored so far (columns A, B and C of the score pad), one row per round."""
        return scoring.game_sheet(self.players, self.rounds, ROUNDS)

    # ------------------------------------------------------------------ views
    def view(self, player: int) -> MondoView:
        if isinstance(player, bool) or not isinstance(player, int):
            raise ValueError(t("mondo.view_no_player", player=repr(player)))
        if not 0 <= player < len(self.players):
            raise ValueError(t("mondo.view_no_player", player=repr(player)))
        tile = self.hands[player]
        hand: tuple[Face, Face] | None = None
        if tile != EMPTY:
            printed = kit.tile(tile)
            hand = (printed.front, printed.back)
        layer = self.heap[: self._layer_size()]
        shown = _POSITION_CODE.shown(self)
        sides = _sides()
        up = self.up
        return MondoView(
            game=self.name,
            player=player,
            players=self.players,
            options=dict(self.options),
            rows=kit.ROWS,
            cols=kit.COLS,
            limit=self.limit,
            boards=tuple([board_faces(codes) for codes in shown["placed"]]),
            heap=tuple([sides[2 * tile + up[tile]] for tile in layer]),
            heap_size=len(self.heap),
            hand=hand,
            hand_up=self.hand_up[player] if tile != EMPTY else 0,
            holding=tuple(h != EMPTY for h in self.hands),
            round_totals=tuple(sheet_totals(sheet, self.players) for sheet in self.rounds),
            rim=self.rim(),
            solo_spaces=kit.SOLO_SPACES if self.solo else (),
            modifier=self.modifier().id if self.modifier_order and self.round < ROUNDS else "",
            tasks=tuple(modules.tasks()[k].id for k in self.task_display),
            task_of=tuple("" if k == NO_TASK else modules.tasks()[k].id for k in self.task_of),
            **shown,
        )

    # ------------------------------------------------------------------ copies
    def _state_key(self) -> tuple[Any, ...]:
        return _POSITION_CODE.key(self)

    def _copy_state(self, other: Any) -> None:
        _POSITION_CODE.copy(self, other)


Check = Callable[[Any, Any], Refusal | None]
Apply = Callable[[Any, Any], None]

MOVES: Final[dict[type, tuple[Check, Apply]]] = {
    Take: (Mondo._check_take, Mondo._apply_take),
    Place: (Mondo._check_place, Mondo._apply_place),
    Return: (Mondo._check_return, Mondo._apply_return),
    JumpOut: (Mondo._check_jump_out, Mondo._apply_jump_out),
    Stop: (Mondo._check_stop, Mondo._apply_stop),
    TakeTask: (Mondo._check_take_task, Mondo._apply_take_task),
}
"""Every action type with the rule that checks it and the move that carries it out, after
the checks every action shares (a player still in, time running forward) and before the
bookkeeping every action shares (the player's pace, the end of the round). The types not
listed are not Mondo actions."""


_set = object.__setattr__


def _placements(seat: int, time: int, spaces: Sequence[int]) -> list[Place]:
    """``Place(seat, time, space, side, turn)`` for every space, side and turn, in that
    order. A program that drives a player holding a tile is offered up to 192 of them at
    every decision, so they are made without the frozen dataclass's ``__init__`` (one
    ``object.__setattr__`` per field): the same objects, in half the time. ``Place.__new__``,
    not ``object.__new__``: the compiled build makes ``Action`` a native class, whose
    subclasses refuse ``object.__new__``."""
    new = Place.__new__
    out: list[Place] = []
    for space in spaces:
        for side in range(SIDES):
            for turn in range(TURNS):
                place = new(Place)
                _set(
                    place,
                    "__dict__",
                    {"seat": seat, "time": time, "space": space, "side": side, "turn": turn},
                )
                out.append(place)
    return out


_TOTALS: dict[int, tuple[ScoreSheet, tuple[str, ...], tuple[int, ...]]] = {}


def sheet_totals(sheet: ScoreSheet, players: tuple[str, ...]) -> tuple[int, ...]:
    """Every player's total on a scored round's sheet, worked out once per sheet (a sheet
    never changes; a view shows the totals of every round scored)."""
    known = _TOTALS.get(id(sheet))
    if known is None or known[0] is not sheet or known[1] != players:
        if len(_TOTALS) >= 1024:
            _TOTALS.clear()
        known = _TOTALS[id(sheet)] = (sheet, players, tuple(sheet.total(p) for p in players))
    return known[2]


@cache
def _sides() -> dict[int, Face]:
    """``side_face(tile, side)`` at ``2 * tile + side``."""
    return {2 * x.id + side: side_face(x.id, side) for x in kit.box() for side in (0, 1)}


def side_face(tile: int, side: int) -> Face:
    """One side of a tile as printed (north up)."""
    printed = kit.tile(tile)
    return printed.front if side == 0 else printed.back


def cell_faces(codes: Sequence[int]) -> tuple[Face | None, ...]:
    """Spaces as cell codes -> the faces they show (None for an empty space)."""
    return tuple(map(_faces_by_code().__getitem__, codes))


def _beside_a_tile(board: Sequence[int], space: int) -> bool:
    """Whether a tile may go on the empty ``space`` of ``board`` (cell codes): whether it is
    one of ``kit.open_spaces``, found from its neighbours alone (beside a placed tile, or
    anywhere on an empty board) without listing every open space."""
    for other in kit.neighbours(space):
        if board[other] != EMPTY:
            return True
    return all(code == EMPTY for code in board)


BOARDS_KEPT: Final = 4096
"""How many boards ``board_faces`` remembers before it starts afresh."""
_BOARD_FACES: dict[tuple[int, ...], tuple[Face | None, ...]] = {}


def board_faces(codes: tuple[int, ...]) -> tuple[Face | None, ...]:
    """``cell_faces(codes)``, remembered by the codes: a view shows every player's board,
    and a board changes only when a tile is placed on it, so most views find theirs (a
    look-up by the codes costs less than reading the faces again)."""
    known = _BOARD_FACES.get(codes)
    if known is None:
        if len(_BOARD_FACES) >= BOARDS_KEPT:
            _BOARD_FACES.clear()
        known = _BOARD_FACES[codes] = cell_faces(codes)
    return known


@cache
def _faces_by_code() -> tuple[Face | None, ...]:
    """``placed_face`` of every cell code, and None last: at ``EMPTY`` (-1)."""
    codes = range(cell_code(kit.tile_limit(), 0, 0))
    faces = [placed_face(c) if kit.tiles()[c // 8] is not None else None for c in codes]
    return (*faces, None)


@cache
def placed_face(code: int) -> Face:
    """The face a placed tile shows, turned as it lies (the same object every time: a
    box's tiles never change)."""
    tile, side, turn = cell_parts(code)
    return side_face(tile, side).rotated(turn)
