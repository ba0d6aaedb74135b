"""The Mondo game table: a round against real-time rival bots, or a puzzle without a timer.

Display a ``MondoTable()`` in a notebook to play. The countdown is an ipywidgets ``Play``
widget: it runs in the browser (its bar moves even while Python is busy) and tells Python
the time every half second; then the rival bots whose moment has come act (``table_model``).
Press ▶ to start the timer; while it is paused nothing can be taken or placed. Click a heap
tile to take it (or press its number key), F flips it, R turns it, then click a space of
your board: green frames with ✓ show where it fits without a wrong connection. B puts it
back, J jumps out (taking the top bonus chip). When a round ends its score is walked through
step by step on your board as it ended; «Next round» starts the next one. A puzzle
(``MondoTable(puzzle=True)``) is one player, no bots and no timer: «Finish» scores the
board. Every action is in the keyboard list below the table too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from gamecore import make_bot
from gamecore.mondo import Mondo, clock, kit
from gamecore.mondo.board import Board
from gamecore.mondo.game import ROUNDS, cell_faces
from gamecore.mondo.scoring import analyse
from gamecore.protocol import Action
from gamecore.words import t

from ..canvas import SceneCanvas
from ..palette import PAPER
from ..scene import Scene, Text
from ..seats import bot_seed, check_seats, default_names, fresh_seed
from ..status import StatusLine
from ..table_base import GameTable, labelled_html, make_button, set_traits
from ..words import Said
from .pad_model import Step, _step
from .table_model import MondoTableModel
from .table_scene import (
    WIDTH,
    board_of,
    scene_height,
    spaces_in_words,
    table_scene,
    target_words,
)
from .tiles import draw_board

SEAT_KINDS = ("human", "rival", "random")
TICK_MS = 500
"""How often the browser's countdown tells Python the time."""
LEVELS = ("slow", "steady", "fast")


class MondoTable(GameTable[Mondo]):
    """A game of Mondo to play in a notebook; display the object to play.

    ``seats``: the first is "human" (you), the others "rival" (real-time bots at ``level``
    "slow", "steady" or "fast") or "random". ``side``: "A" (water rim) or "B".
    ``round_seconds``: the timer (default by ``rules``: 7, 6 or 5 minutes). ``puzzle=True``:
    alone, no timer. ``rules``: "beginner", "advanced" (a scoring modifier each round) or
    "expert" (also the additional tasks: click one to take it).
    """

    game_type = Mondo
    game_title = "Mondo"
    css_prefix = "mondo"

    def __init__(
        self,
        *,
        seats: Sequence[str] = ("human", "rival", "rival"),
        players: Sequence[str] | None = None,
        level: str = "steady",
        seed: int | None = None,
        side: str = "A",
        round_seconds: int | None = None,
        puzzle: bool = False,
        rules: str = "beginner",
    ) -> None:
        if puzzle:
            seats = ("human",)
        if players is None:
            players = default_names(seats)
        seats = check_seats(seats, len(tuple(players)), SEAT_KINDS)
        if seats[0] != "human" or "human" in seats[1:]:
            raise ValueError(t("mondo_table.first_seat_human"))
        if level not in LEVELS:
            raise ValueError(t("mondo_table.bad_level", level=level, levels=", ".join(LEVELS)))
        options: dict[str, Any] = {"side": side, "level": rules}
        if round_seconds is not None:
            options["round_seconds"] = round_seconds
        game = Mondo(tuple(players), fresh_seed() if seed is None else seed, **options)
        self.level = level
        self.puzzle = puzzle
        self.seats = seats
        self.history: list[str] = []
        self._default_name = ""
        self.score_shown = 0
        """Steps of the last round's score walked through on your board."""
        self._make_widgets(game)
        self._start(
            game, t("mondo_table.press_play") if not puzzle else t("mondo_table.puzzle_start")
        )

    @classmethod
    def from_game(
        cls, game: Mondo, *, seats: Sequence[str] | None = None, level: str = "steady"
    ) -> MondoTable:
        """Continue a copy of ``game`` (default seats: you first, rival bots after)."""
        if not isinstance(game, Mondo):
            raise TypeError(f"from_game needs a Mondo game, not {type(game).__name__}")
        n = len(game.players)
        chosen = seats if seats is not None else ("human", *("rival",) * (n - 1))
        table = cls.__new__(cls)
        table.level = level
        table.puzzle = False
        table.seats = check_seats(chosen, n, SEAT_KINDS)
        table.history = []
        table._default_name = ""
        table.score_shown = 0
        copy = game.clone()
        table._make_widgets(copy)
        table._start(copy, t("mondo_table.press_play"))
        return table

    # ------------------------------------------------------------------ building
    def _bots(self, game: Mondo) -> dict[int, Any]:
        bots: dict[int, Any] = {}
        for seat, kind in enumerate(self.seats):
            if self.is_human(seat):
                continue
            seed = bot_seed(game.seed, 0, seat)
            options = {"level": self.level} if kind == "rival" else {}
            bots[seat] = self._make_bot_of(kind, seed, options)
        return bots

    @staticmethod
    def _make_bot_of(kind: str, seed: int, options: dict[str, Any]) -> Any:
        return make_bot(kind, seed=seed, **options)

    def _make_widgets(self, game: Mondo) -> None:
        self.status = StatusLine("mondo-status")
        self.status.widget.layout = w.Layout(height="66px", overflow="auto")
        self.model = MondoTableModel(
            game, 0, self._bots(game), puzzle=self.puzzle, seats=self.seats
        )
        self.canvas = SceneCanvas(
            Scene(WIDTH, scene_height(game.view(0)), background=PAPER),
            on_click=self._canvas_click,
            on_error=self._problem,
            css_class="mondo-table-canvas",
        )
        self.canvas.canvas.on_key_down(self._key_down)
        limit = game.limit // TICK_MS
        self.play = w.Play(
            value=0, min=0, max=limit, step=1, interval=TICK_MS, show_repeat=False,
            description=t("mondo_table.timer"),
        )  # fmt: skip
        self.play.add_class("mondo-play")
        self.bar = w.IntProgress(value=0, min=0, max=limit, layout=w.Layout(width="320px"))
        self.bar.add_class("mondo-bar")
        w.jslink((self.play, "value"), (self.bar, "value"))  # the bar moves in the browser
        self.time_label = labelled_html("mondo-time")
        self.play.observe(self._guard(self._ticked), names="value")
        self.play.observe(self._guard(self._refresh), names="playing")
        buttons: dict[str, tuple[str, Callable[[], object]]] = {
            "flip": (t("mondo_table.flip"), self.flip),
            "turn": (t("mondo_table.turn"), self.turn),
            "put_back": (t("mondo_table.put_back_button"), self.put_back),
            "jump_out": (t("mondo_table.jump_out"), self.jump_out),
            "finish": (t("mondo_table.finish"), self.finish),
            "score_step": (t("mondo_table.score_step"), self.next_score_step),
            "next_round": (t("mondo_table.next_round"), self.next_round),
        }
        self.buttons: dict[str, w.Button] = {}
        for key, (words, handler) in buttons.items():
            button = make_button(
                words, f"mondo-{key.replace('_', '-')}", t(f"mondo_table.{key}_tip")
            )
            button.on_click(self._guard(handler))
            self.buttons[key] = button
        self.score_html = labelled_html("mondo-score")
        self._file_widgets("mondo")
        self._access_widgets()
        self.widget = self._layout()

    def _layout(self) -> w.VBox:
        b = self.buttons
        clock_row = w.HBox(
            [self.play, self.bar, self.time_label], layout=w.Layout(align_items="center")
        )
        clock_row.add_class("mondo-clock")
        if self.puzzle:
            clock_row.layout.display = "none"
        hand = ["flip", "turn", "put_back", "finish" if self.puzzle else "jump_out"]
        actions = w.HBox([b[k] for k in hand] + [b["score_step"], b["next_round"]])
        actions.add_class("mondo-actions")
        table = w.VBox(
            [
                self.status.widget,
                clock_row,
                actions,
                self.canvas.canvas,
                self.access,
                self.score_html,
                self.file_row,
            ],
            layout=w.Layout(max_width=f"{WIDTH + 20}px"),
        )
        table.add_class("mondo-table")
        return table

    # ------------------------------------------------------------------ the game's state
    @property
    def game(self) -> Mondo:
        return self.model.game

    @game.setter
    def game(self, game: Mondo) -> None:
        self.model.game = game

    def _start(self, game: Mondo, event: str) -> None:
        self.model = MondoTableModel(
            game, 0, self._bots(game), puzzle=self.puzzle, seats=self.seats
        )
        self.model.clock = game.now
        self.history = [self.model.describe_move(p, a) for p, a in game.moves()]
        self.score_shown = 0
        self._suggest_file_name(f"mondo-{game.seed}.json")
        with self.play.hold_trait_notifications():
            self.play.playing = False
            self.play.value = min(self.play.max, game.now // TICK_MS)
        self.status.set(turn=self._turn_text(), event=event)
        self._refresh()

    def _describe(self, before: Mondo, player: int, action: Action) -> str:
        return self.model.describe_move(player, action)

    # ------------------------------------------------------------------ the clock
    @property
    def running(self) -> bool:
        return bool(self.play.playing)

    def _ticked(self, change: Any = None) -> None:
        value = change["new"] if isinstance(change, dict) else self.play.value
        self.tick(int(value) * TICK_MS)

    def tick(self, ms: int) -> None:
        """The browser's countdown says the round's time is ``ms``: bots act, then redraw."""
        if self.puzzle:
            return
        round_before = self.game.round
        said = self.model.tick(ms)
        self.history.extend(said)
        if self.game.round != round_before:
            self.play.playing = False
            said.append(self._round_over_words())
        if said:
            self.status.set(turn=self._turn_text(), event=" ".join(said[-3:]))
        else:
            self.status.set(turn=self._turn_text())
        self._refresh()

    def _round_over_words(self) -> str:
        outcome = self.game.outcome
        if outcome is not None:
            winners = ", ".join(self.game.players[w] for w in outcome.winners)
            return t("mondo_table.game_over_words", winners=winners)
        return t("mondo_table.round_over_words", round=self.game.round)

    # ------------------------------------------------------------------ the person's actions
    def _act(self, request: Callable[[], Said], needs_clock: bool = True) -> bool:
        if needs_clock and not self.puzzle and not self.running and self.model.playing:
            self._problem(t("mondo_table.paused"))
            return False
        round_before = self.game.round
        said = self.model_request(request)
        if said.problem is not None:
            self._problem(said.problem)
            self._refresh()
            return False
        event = said.event or ""
        if self.game.round != round_before:
            self.play.playing = False
            event = f"{event} {self._round_over_words()}".strip()
        self.status.set(turn=self._turn_text(), event=event)
        self._refresh()
        return True

    def model_request(self, request: Callable[[], Said]) -> Said:
        if not self.puzzle:
            self.model.clock = max(self.model.clock, int(self.play.value) * TICK_MS)
        said = request()
        if said.ok and said.event:
            self.history.append(said.event)
        return said

    def take(self, slot: int) -> bool:
        return self._act(lambda: self.model.take(slot))

    def place(self, space: int) -> bool:
        return self._act(lambda: self.model.place(space))

    def flip(self) -> bool:
        return self._act(self.model.flip, needs_clock=False)

    def turn(self) -> bool:
        return self._act(lambda: self.model.rotate(), needs_clock=False)

    def put_back(self) -> bool:
        return self._act(self.model.put_back)

    def jump_out(self) -> bool:
        return self._act(self.model.jump_out)

    def finish(self) -> bool:
        return self._act(self.model.finish_puzzle)

    def next_round(self) -> bool:
        said = self.model.start_next_round()
        if said.problem:
            self._problem(said.problem)
            return False
        self.score_shown = 0
        with self.play.hold_trait_notifications():
            self.play.playing = False
            self.play.value = 0
        self.status.set(turn=self._turn_text(), event=f"{said.event} {t('mondo_table.press_play')}")
        self._refresh()
        return True

    def _key_down(self, key: str, *_: Any) -> None:
        with self.status.hold():
            self._guard(lambda: self.key(key))()

    def key(self, key: str) -> bool:
        """A key pressed on the canvas: 1-9 take, F flips, R turns, B puts back, J jumps out."""
        lowered = key.lower()
        if lowered == "f":
            return self.flip()
        if lowered == "r":
            return self.turn()
        if lowered in ("b", "j") or (key.isdigit() and key != "0"):
            return self._act(lambda: self.model.key(key))
        return False  # other keys (Tab, arrows) belong to the page

    def _on_target(self, target: str | None, *_xy: float) -> None:
        if target is None:
            return
        kind, _, rest = target.partition(":")
        if kind == "heap":
            self.take(int(rest))
        elif kind == "space":
            r, c = (int(x) for x in rest.split(":"))
            self.place(r * kit.COLS + c)
        elif kind == "hand":
            self.turn()
        elif kind == "task":
            self._act(lambda: self.model.take_task(int(rest)))

    def _target_words(self, target: str) -> str | None:
        # one view for the whole keyboard list (a view draws every board's faces)
        if self._words_view is None:
            self._words_view = self.model.view
        return target_words(self._words_view, target, self.model.side, self.model.turn)

    # ------------------------------------------------------------------ the round's score
    def _round_steps(self) -> list[Step]:
        """The last scored round's rows for you, each with what it lights on your board."""
        if not self.game.rounds or self.game.round == self.model.round_seen:
            return []
        sheet = self.game.rounds[-1]
        analysis = analyse(self._finished_board(), self.game.rim())
        return [_step(row, analysis) for row in sheet.rows_for(self.game.players[0])]

    def _finished_board(self) -> Board:
        """Your board as the last scored round ended."""
        return Board.from_cells(cell_faces(self.game.finished_boards[-1][0]), kit.COLS)

    def next_score_step(self) -> bool:
        steps = self._round_steps()
        if not steps:
            self._problem(t("mondo_table.nothing_to_score"))
            return False
        if self.score_shown >= len(steps):
            self._problem(t("mondo_table.score_done"))
            return False
        step = steps[self.score_shown]
        self.score_shown += 1
        self.status.set(event=step.row.reason)
        self._refresh()
        return True

    # ------------------------------------------------------------------ drawing
    def _turn_text(self) -> str:
        if self.game.is_over:
            return t("mondo_table.turn_over")
        if self.game.round != self.model.round_seen:
            return t("mondo_table.turn_round_scored", round=self.model.round_seen + 1)
        return t("mondo_table.turn_round", round=self.game.round + 1, rounds=ROUNDS)

    def _scene(self) -> Scene:
        scoring = self.game.round != self.model.round_seen
        if scoring and self.game.finished_boards:
            return self._score_scene()
        return table_scene(
            self.model.view,
            side=self.model.side,
            turn=self.model.turn,
            clock_ms=self.model.clock,
            puzzle=self.puzzle,
        )

    def _score_scene(self) -> Scene:
        height = scene_height(self.game.view(0))
        scene = Scene(WIDTH, height, background=PAPER, title=t("mondo_table.score_title"))
        steps = self._round_steps()
        step = steps[self.score_shown - 1] if 0 < self.score_shown <= len(steps) else None
        scene.add(
            Text(id="score-title", x=12, y=20, size=15, bold=True,
                 text=t("mondo_table.score_heading", round=self.model.round_seen + 1))
        )  # fmt: skip
        scene.extend(
            draw_board(
                self._finished_board(), 12, 34, 58, "you", rim=self.game.rim(),
                lit=None if step is None else step.lit,
                wrong=() if step is None else step.wrong, targets=False,
            )
        )  # fmt: skip
        if step is not None:
            scene.add(Text(id="score-row", x=12, y=height - 40, size=14, text=step.row.reason))
        return scene

    _words_view: Any = None

    def _refresh(self, *_: Any) -> None:
        self._words_view = None
        self.canvas.show(self._scene())
        b = self.buttons
        playing = self.model.playing
        holding = self.game.hands[0] >= 0 if not self.game.is_over else False
        scoring = self.game.round != self.model.round_seen or self.game.is_over
        states = {
            "flip": not (playing and holding),
            "turn": not (playing and holding),
            "put_back": not (playing and holding),
            "jump_out": not playing or holding,
            "finish": not playing,
            "score_step": not scoring,
            "next_round": not scoring or self.game.is_over,
        }
        for key, disabled in states.items():
            set_traits(b[key], disabled=disabled)
        left = self.model.time_left()
        label = "" if self.puzzle else t("mondo_table.time_left", time=clock(left))
        set_traits(self.time_label, value=f"<span style='font-size:15px'>{label}</span>")
        set_traits(self.score_html, value=self._score_html())
        self._refresh_access()

    def _score_html(self) -> str:
        if not self.game.rounds:
            return ""
        parts = [self.game.rounds[-1]._repr_html_()]
        if len(self.game.rounds) > 1 or self.game.is_over:
            parts.append(self.game.score()._repr_html_())
        return "".join(parts)

    def describe(self) -> list[str]:
        lines = super().describe()
        lines.extend(spaces_in_words(self.model.view))
        return lines

    def load_text(self, text: str | bytes, source: str | None = None) -> bool:
        game = self._read_save(text, source or t("table.the_file"))
        if game is None:
            return False
        self.seats = ("human",) + tuple("rival" for _ in game.players[1:])
        self._start(game, t("mondo_table.loaded"))
        return True


def board_words(table: MondoTable) -> str:
    """Your board in a sentence (for tests and screen readers)."""
    return spaces_in_words(table.model.view)[0]


__all__ = ["LEVELS", "SEAT_KINDS", "MondoTable", "board_of", "board_words"]
