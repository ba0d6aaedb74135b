"""The Mondo table on a seat's own screen: one's own board, the one shared heap, the
server's clock (``classroom.realtime``).

The notebook's widget-free model and scene (``widgets/mondo/table_model.py``,
``table_scene.py``) for this seat alone: the scene is built from ``view(seat)``, so the SVG
holds this seat's own tile in hand and nobody else's. What differs from the notebook: the
clock is the server's (``extra()`` gives the page ``{"clock": {"left_ms", "running"}}`` to
count down itself), there are no bots to step (the server plays them), a click on the heap or
a board space is a move played at once through the room service, a round starts when every
person has pressed "Ready", and the move number a click carries is the number of this seat's
own actions (``seen``), so another player's move never makes this seat's click stale. A heap
tile's target names its place and when its tile came there (``heap:<slot>@<move>``: the
first table drawn with it, so a tile that stays keeps its target, and its SVG line, from one
table to the next): the take is refused when that tile has gone from its place by the time
the click is judged.
"""

from __future__ import annotations

import dataclasses
import re
from collections import OrderedDict
from typing import Any

from gamecore.mondo import JumpOut, Mondo, MondoView, Place, Return, Take, TakeTask, clock
from gamecore.mondo.board import describe_board, describe_face
from gamecore.mondo.game import EMPTY, PLAYING, ROUNDS, TOP_LAYER, cell_faces
from gamecore.protocol import Action, Game
from gamecore.words import about, join_words, t, you_name
from widgets.mondo.table_model import TABLE_WORDS, MondoTableModel
from widgets.mondo.table_scene import (
    HAND_TEXT_WIDTH,
    HAND_TEXT_X,
    HEAP_GAP,
    HEAP_TILE,
    HEAP_X,
    HEAP_Y,
    MINI,
    board_of,
    held_face,
    player_state,
    table_scene,
    target_words,
)
from widgets.mondo.tiles import board_size
from widgets.palette import INK, MUTED, PAPER
from widgets.scene import Rect, Scene, Shape, Text, wrap
from widgets.seats import HUMAN

from .realtime import GAME, ClockState, Realtime, expect_tile, own_moves, underway
from .rooms import Refused, RoomService
from .seat_table import HISTORY_SHOWN, Button, Panel, SeatTable, score_panel

REMOTE = "remote"
"""Every other seat in this seat's model: a person at another screen, or the server's bot."""
READY = "ready"
"""The button that says this seat is ready for the round's go."""
KEYS = {READY: "g", "flip": "f", "turn": "r", "put_back": "b", "jump_out": "j"}
"""The keyboard key of each button (the notebook table's F, R, B and J; G for go)."""
STIRRED = "#d8d3c4"
"""The face-down look of a heap tile while the round waits for its go."""
NOTE_WIDTH = 296
ARRIVALS_KEPT = 512
"""How many of the heap's tiles this seat's tables showed are remembered, by their place and
the move they came there (a click names one)."""

_HEAP = re.compile(r"heap:([0-9]{1,2})@([0-9]{1,6})")
_SPACE = re.compile(r"space:([0-9]):([0-9])")
_TASK = re.compile(r"task:([0-9])")
_BOARD = re.compile(r"board:([0-9])")
_HEAP_SHAPE = re.compile(r"heap[0-9]+(-.*)?")


def _stirred_note() -> list[Shape]:
    """What the covered heap says while the round waits for its go: in a box over the
    middle of the heap's place."""
    lines = wrap(t("classroom_mondo.stirred"), NOTE_WIDTH - 24, 14)
    height = 22 * len(lines) + 14
    x, y = HEAP_X + 8, HEAP_Y + 2 * (HEAP_TILE + HEAP_GAP) - height / 2
    shapes: list[Shape] = [
        Rect(id="heap-note", x=x, y=y, width=NOTE_WIDTH, height=height, fill=PAPER, stroke=INK,
             stroke_width=1.5, radius=6)
    ]  # fmt: skip
    shapes.extend(
        Text(id=f"heap-note-{i}", x=x + 12, y=y + 18 + 22 * i, text=line, size=14, bold=True,
             fill=INK)
        for i, line in enumerate(lines)
    )  # fmt: skip
    return shapes


def _hint(y: float) -> list[Shape]:
    """The empty hand's hint, wrapped beside the hand as the notebook's is."""
    lines = wrap(t("classroom_mondo.hand_hint"), HAND_TEXT_WIDTH, 13)
    return [
        Text(id=f"hand-hint-{i}", x=HAND_TEXT_X, y=y + 17 * i, text=line, size=13, fill=MUTED)
        for i, line in enumerate(lines)
    ]


def _stamped(action: Action, when: int) -> Action:
    return dataclasses.replace(action, time=when)


class MondoSeat(SeatTable):
    """A Mondo seat: take from the shared heap, build on one's own board, at once with all."""

    game_name = GAME

    def __init__(self, game: Game, seat: int) -> None:
        assert isinstance(game, Mondo)
        super().__init__(game, seat)
        n = len(game.players)
        kinds = tuple(HUMAN if p == seat else REMOTE for p in range(n))
        others: dict[int, Any] = {p: None for p in range(n) if p != seat}  # the server's
        self.model = MondoTableModel(game, seat, others, seats=kinds)
        self.realtime: Realtime | None = None
        self.code = ""
        self._hand = game.hands[seat]
        self._shown: tuple[int, ...] = ()
        """The heap's top layer on the last table drawn for this seat."""
        self._since: list[int] = []
        """Per place of that layer, the move of the first table that showed its tile."""
        self._arrived: OrderedDict[tuple[int, int], int] = OrderedDict()
        """The tile shown at (place, move it came there), for the clicks that name one."""
        self._view: tuple[int, int, MondoView] | None = None

    @property
    def mondo(self) -> Mondo:
        assert isinstance(self.game, Mondo)
        return self.game

    def opened(self, service: RoomService, code: str) -> None:
        realtime = service.realtime.get(GAME)
        assert isinstance(realtime, Realtime), "the server starts Mondo's clock first"
        self.realtime, self.code = realtime, code

    def follow(self, game: Game) -> None:
        assert isinstance(game, Mondo)
        self.game = self.model.game = game
        self.model.round_seen = game.round
        tile = game.hands[self.seat]
        if tile != self._hand:  # a tile just taken lies as it lay on the heap
            self._hand = tile
            self.model.side = game.hand_up[self.seat] if tile != EMPTY else 0
            self.model.turn = 0

    def seen(self) -> int:
        """This seat's own accepted actions: what its clicks carry (``realtime.own_moves``)."""
        return own_moves(self.game, self.seat)

    def order(self) -> list[int]:
        """The room's actions, then the clock: a round that runs is newer than the same
        round waiting for its go, and more seats ready is newer than fewer."""
        state = self.clock()
        return [len(self.game.moves()), int(state.running), len(state.ready)]

    # ------------------------------------------------------------------ the clock
    def clock(self) -> ClockState:
        assert self.realtime is not None
        return self.realtime.state(self.code, self.mondo)

    def extra(self) -> dict[str, Any]:
        state = self.clock()
        return {"clock": {"left_ms": state.left_ms, "running": state.running}}

    def view(self) -> MondoView:
        """The seat's view, made once per table (a view draws every board's faces)."""
        game = self.mondo
        key = (id(game), len(game.log))  # the log only grows: its length says what moved
        if self._view is None or self._view[:2] != key:
            self._view = (*key, game.view(self.seat))
        return self._view[2]

    # ------------------------------------------------------------------ what it shows
    def _between(self, state: ClockState) -> bool:
        """Whether the table waits for a round's go after the last round was scored (the
        table then shows the boards as that round ended)."""
        game = self.mondo
        return (
            not state.running
            and not game.is_over
            and bool(game.finished_boards)
            and not underway(game)
        )

    def scene(self) -> Scene:
        game, state = self.mondo, self.clock()
        view = self.view()
        between = self._between(state)
        if between:
            last = game.finished_boards[-1]
            view = dataclasses.replace(
                view,
                boards=tuple(cell_faces(board) for board in last),
                placed=last,
                hand=None,
                holding=(False,) * len(game.players),
            )
        # the page shows the live clock, so the scene's round line leaves the time out
        scene = table_scene(view, side=self.model.side, turn=self.model.turn, puzzle=True)
        since = self._arrivals(tuple(game.heap[: len(view.heap)]), len(game.moves()))
        hidden = not state.running  # the tiles are stirred: the heap shows at the go
        shapes: list[Shape] = []
        for shape in scene.shapes:
            sid = shape.id or ""
            if sid.startswith("hand-empty-") and isinstance(shape, Text):
                if sid == "hand-empty-0":  # the notebook's hint names its number keys
                    shapes.extend(_hint(shape.y))
                continue
            if hidden and _HEAP_SHAPE.fullmatch(sid):
                if sid.endswith("-hit") and isinstance(shape, Rect):
                    shapes.append(
                        dataclasses.replace(
                            shape, id=f"{sid}-stirred", fill=STIRRED, stroke=MUTED, target=None
                        )
                    )
                continue
            if between and sid.endswith("-state") and sid.startswith("p"):
                continue  # the others' state of the new round says nothing of the last one
            if between and sid == "you-title" and isinstance(shape, Text):
                heading = t("mondo_table.score_heading", round=len(game.finished_boards))
                shape = dataclasses.replace(shape, text=heading)
            if shape.target is not None and shape.target.startswith("heap:"):
                slot = int(shape.target[5:])
                shape = dataclasses.replace(shape, target=f"{shape.target}@{since[slot]}")
            shapes.append(shape)
        if hidden:
            shapes.extend(_stirred_note())
        shapes.extend(self._other_boards(shapes))
        scene.shapes = shapes
        return scene

    def _arrivals(self, layer: tuple[int, ...], drawn: int) -> list[int]:
        """Per place of the heap's top layer ``layer`` (drawn at move ``drawn``), the move
        its tile came there: kept from the last table where the same tile lay there."""
        shown, since = self._shown, self._since
        for slot, tile in enumerate(layer):
            if slot >= len(shown):
                since.append(drawn)
            elif shown[slot] != tile:
                since[slot] = drawn
            else:
                continue
            self._arrived[slot, since[slot]] = tile
            self._arrived.move_to_end((slot, since[slot]))
        del since[len(layer) :]
        self._shown = layer
        while len(self._arrived) > ARRIVALS_KEPT:
            self._arrived.popitem(last=False)
        return since

    def _other_boards(self, shapes: list[Shape]) -> list[Shape]:
        """A target over each other player's small board (drawn under their name, as
        ``table_scene`` lays it out): a click there says whose it is."""
        view = self.view()
        width, height = board_size(view.rows, view.cols, MINI)
        names = {s.id: s for s in shapes if isinstance(s, Text) and (s.id or "").endswith("-name")}
        hits: list[Shape] = []
        for p in range(len(self.game.players)):
            name = names.get(f"p{p}-name")
            if p != self.seat and name is not None:
                hits.append(
                    Rect(id=f"p{p}-hit", x=name.x, y=name.y + 8, width=width, height=height,
                         target=f"board:{p}")
                )  # fmt: skip
        return hits

    def status(self) -> str:
        game, state = self.mondo, self.clock()
        players = game.players
        number = min(game.round, ROUNDS - 1) + 1
        if game.outcome is not None:
            return t("classroom_mondo.status_over", outcome=game.outcome.explain(players))
        if not state.running:
            names = join_words([players[p] for p in state.waiting_for])
            at = clock(game.limit - state.left_ms)
            mine = self.seat in state.waiting_for
            if state.paused:
                key = "status_paused_you" if mine else "status_paused"
            else:
                key = "status_wait_you" if mine else "status_wait"
            text = t(f"classroom_mondo.{key}", round=number, time=at, names=names or "-")
            if self._between(state):
                scored = t("classroom_mondo.round_scored", round=len(game.rounds))
                return f"{scored} {text}"
            return text
        if game.status[self.seat] != PLAYING:
            still = [players[p] for p in range(len(players)) if game.status[p] == PLAYING]
            return t("classroom_mondo.status_out", round=number, names=join_words(still))
        if game.hands[self.seat] != EMPTY:
            return t("classroom_mondo.status_place")
        return t("classroom_mondo.status_take", round=number)

    def buttons(self) -> list[Button]:
        game, state = self.mondo, self.clock()
        if game.is_over:
            return []
        buttons: list[Button] = []
        if not state.running:
            done = self.seat not in state.waiting_for
            tip = t("classroom_mondo.ready_done") if done else t("classroom_mondo.ready_tip")
            buttons.append(Button(READY, t("classroom_mondo.ready_button"), done, tip, KEYS[READY]))
        playing = game.status[self.seat] == PLAYING
        holding = playing and game.hands[self.seat] != EMPTY
        out = playing and state.running and not holding
        for kind, words, enabled in (
            ("flip", "flip", holding),
            ("turn", "turn", holding),
            ("put_back", "put_back_button", holding and state.running),
            ("jump_out", "jump_out", out),
        ):
            tip = t(f"mondo_table.{kind}_tip")
            buttons.append(Button(kind, t(f"mondo_table.{words}"), not enabled, tip, KEYS[kind]))
        return buttons

    def target_words(self, target: str) -> str | None:
        if _BOARD.fullmatch(target):
            return None  # another player's board: a click only says whose it is
        found = _HEAP.fullmatch(target)
        if found is not None:
            target = f"heap:{found.group(1)}"
        return target_words(self.view(), target, self.model.side, self.model.turn)

    def describe(self) -> list[str]:
        game, state = self.mondo, self.clock()
        view = self.view()
        number = min(game.round, ROUNDS - 1) + 1
        lines = [t("classroom_mondo.words_round", round=number, time=clock(state.left_ms))]
        own = describe_board(board_of(view, self.seat), view.rim).splitlines()
        lines.append(t("classroom_mondo.words_yours", board=own[0]))
        lines.extend(own[1:])
        held = held_face(view, self.model.side, self.model.turn)
        if held is None:
            lines.append(t("classroom_mondo.words_hand_empty"))
        else:
            how = t(f"mondo_table.held_{self.model.side}", degrees=self.model.turn * 90)
            lines.append(t("classroom_mondo.words_hand", face=describe_face(held), held=how))
        if state.running:
            lines.append(t("mondo_table.heap_sentence", n=view.heap_size, seen=len(view.heap)))
        else:
            lines.append(t("classroom_mondo.stirred"))
        for p, name in enumerate(game.players):
            if p != self.seat:
                size = describe_board(board_of(view, p), view.rim).splitlines()[0]
                lines.append(t("classroom_mondo.words_other", name=name, board=size))
        return lines

    def history(self) -> list[str]:
        game = self.mondo
        return [self._move_words(p, a) for p, a in reversed(game.moves()[-HISTORY_SHOWN:])]

    def _move_words(self, seat: int, action: Action) -> str:
        """A move in a sentence ("Ana took a tile (0:12)."; "You took ..." for this seat)."""
        who = you_name() if seat == self.seat else self.game.players[seat]
        at = clock(getattr(action, "time", 0))
        if isinstance(action, TakeTask):
            return about("mondo_table.took_task", who, slot=action.slot + 1, time=at)
        if isinstance(action, Take):
            return about("mondo_table.took", who, time=at)
        if isinstance(action, Place):
            return about("mondo_table.placed", who, space=action.space + 1, time=at)
        if isinstance(action, Return):
            return about("mondo_table.put_back", who, time=at)
        if isinstance(action, JumpOut):
            return about("classroom_mondo.jumped_out", who, time=at)
        return about("mondo_table.stopped", who, time=at)

    def panels(self) -> list[Panel]:
        game = self.mondo
        view = self.view()
        total = t("classroom_page.total")
        rows = []
        for p in range(len(game.players)):
            shown = self.seat_label(p)  # "(you)", or the bot the server plays there
            placed = sum(1 for face in view.boards[p] if face is not None)
            points = sum(points[p] for points in view.round_totals)
            rows.append((shown, player_state(view, p), str(placed), str(points)))
        lines = []
        if view.stack and not game.is_over:
            chips = ", ".join(map(str, reversed(view.stack)))
            lines.append(t("classroom_mondo.chips_left", chips=chips))
        if view.volcano_chip:
            holders = join_words([game.players[p] for p in view.volcano_chip])
            lines.append(t("classroom_mondo.volcano_chip", names=holders))
        head = ("", *(t(f"classroom_mondo.head_{k}") for k in ("state", "tiles", "points")))
        panels = [
            Panel(t("classroom_mondo.players"), lines, head, rows),
            Panel(t("classroom_page.history"), self.history()),
        ]
        if game.rounds:
            title = t("classroom_mondo.round_score", round=len(game.rounds))
            panels.append(score_panel(game.rounds[-1], title, total))
        if len(game.rounds) > 1:
            title = t(
                "classroom_mondo.final_score" if game.is_over else "classroom_mondo.game_score"
            )
            panels.append(score_panel(game.score(), title, total))
        return panels

    # ------------------------------------------------------------------ what it does
    def is_target(self, target: str) -> bool:
        """Any heap place of any table drawn (the click itself says when it is too old),
        a space of the board, the tile in hand, a task, another player's board."""
        if target == "hand":
            return True
        found = _HEAP.fullmatch(target)
        if found is not None:
            return int(found.group(1)) < TOP_LAYER
        found = _SPACE.fullmatch(target)
        if found is not None:
            view = self.view()
            return int(found.group(1)) < view.rows and int(found.group(2)) < view.cols
        found = _TASK.fullmatch(target)
        if found is not None:
            return int(found.group(1)) < max(1, len(self.view().tasks))
        found = _BOARD.fullmatch(target)
        if found is not None:
            return int(found.group(1)) < len(self.game.players) and int(found.group(1)) != self.seat
        return False

    def click(self, target: str) -> Action | str:
        game, seat = self.mondo, self.seat
        if target == "hand":
            return self._said(self.model.rotate())
        found = _BOARD.fullmatch(target)
        if found is not None:
            name = game.players[int(found.group(1))]
            raise Refused(422, "table.refused", t("classroom_mondo.other_board", name=name))
        found = _HEAP.fullmatch(target)
        if found is not None:
            slot, came = int(found.group(1)), int(found.group(2))
            action = self._action(Take(seat, 0, slot))
            tile = self._arrived.get((slot, came))
            if tile is None:
                raise Refused(409, "mondo.table_old", t("classroom_mondo.table_old"))
            if slot >= len(game.heap) or game.heap[slot] != tile:
                raise Refused(409, "mondo.tile_gone", t("classroom_mondo.tile_gone", slot=slot + 1))
            expect_tile(seat, slot, tile)  # judged again under the room's lock
            return action
        found = _SPACE.fullmatch(target)
        if found is not None:
            space = int(found.group(1)) * self.view().cols + int(found.group(2))
            return self._action(Place(seat, 0, space, self.model.side, self.model.turn))
        found = _TASK.fullmatch(target)
        if found is not None:
            return self._action(TakeTask(seat, 0, int(found.group(1))))
        raise Refused(422, "table.no_target", target=repr(target)[:40])

    def press(self, kind: str) -> Action | str:
        if kind == READY:
            assert self.realtime is not None
            return self.realtime.ready(self.code, self.mondo, self.seat)
        if kind == "flip":
            return self._said(self.model.flip())
        if kind == "turn":
            return self._said(self.model.rotate())
        if kind == "put_back":
            return self._action(Return(self.seat, 0, self.model.side))
        if kind == "jump_out":
            return self._action(JumpOut(self.seat, 0))
        raise Refused(422, "table.no_button", kind=repr(kind)[:40], kinds=", ".join(KEYS))

    @staticmethod
    def _said(said: Any) -> str:
        if said.problem is not None:
            raise Refused(422, "table.refused", said.problem)
        return str(said.event or "")

    def _action(self, action: Action) -> Action:
        """``action`` at the server's time now, if the rules allow it now (else refused in
        the table's words); the room service stamps it again when it is judged."""
        state = self.clock()
        if not state.running:
            raise Refused(409, "mondo.waiting", t("classroom_mondo.not_started"))
        game = self.mondo
        stamped = _stamped(action, max(game.now, game.limit - state.left_ms))
        reason = game.why_illegal(stamped)
        if reason is not None:
            key = getattr(reason, "key", "")
            words = TABLE_WORDS.get((type(stamped), key)) or TABLE_WORDS.get((None, key))
            raise Refused(422, "table.refused", t(words) if words else str(reason))
        return stamped
