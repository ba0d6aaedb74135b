"""The digital scoring pad for a physical round of Mondo: ``MondoScoringPad()``.

At the end of a round played with the real box, the class rebuilds a board on screen (a
click on a space selects it; lists choose its four edges, an animal and a volcano, or a
face from the box, turned as it lies) or types its text, then walks through the score one
row of the score sheet at a time: each closed landscape and each wrong connection lights
up on the board with its sentence beside it. One to four players: the volcano penalty
compares the boards, so every player's board can be entered, with their bonus chip and
who holds the volcano chip. The level chooses what else is scored: at the advanced level
the round's scoring modifier (a list of the five), at the expert level also the additional
task each player took (a list of the twelve, for the player shown).

Layers, as in the Nuevos Mundos pad: drawing (``tiles``), the picture (``pad_scene``), the
meaning (``pad_model``, no widgets) and this widget, which builds the controls, forwards
to the model and redraws. Every control is an ipywidget, so the pad works from the
keyboard too; every problem becomes a sentence in the status line, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape

import ipywidgets as w

from gamecore.mondo import modules
from gamecore.mondo.faces import ACTIVE, EDGE_NAMES, INACTIVE, TERRAINS, Face
from gamecore.mondo.scoring import BONUS_CHIPS
from gamecore.scoresheet import ScoreSheet
from gamecore.words import t

from ..canvas import SceneCanvas
from ..pad_base import ScoringPadBase
from ..palette import INK
from ..scene import Scene
from ..svg import FONT
from ..words import Said
from .pad_model import LEVELS, MAX_PLAYERS, MIN_PLAYERS, MondoPadModel, box_faces, face_label
from .pad_scene import pad_scene

__all__ = ["MondoScoringPad"]


class MondoScoringPad(ScoringPadBase):
    """Build Mondo boards by clicking or typing, then see their score step by step.

    ``MondoScoringPad(players=("Marianne", "Ginger"), side="A", level="expert")`` shows
    itself in a notebook. Methods that take input report problems in ``status`` and return
    False instead of raising."""

    css_prefix = "mondo-pad"
    still_words = "mondo_pad.run_cell"
    model: MondoPadModel

    def __init__(
        self, players: Sequence[str] = ("Marianne",), side: str = "A", level: str = "beginner"
    ) -> None:
        names = [players] if isinstance(players, str) else list(players)
        self.model = MondoPadModel(names, side, level)
        self._lighting: object = None
        """What the board shown lights up (to choose a whole redraw or a repaint)."""
        self._build()
        self._refresh(Said(event=t("mondo_pad.how_to")))

    @classmethod
    def from_boards(
        cls,
        boards: Mapping[str, str],
        bonus: Mapping[str, int] | None = None,
        volcano_chip: Sequence[str] = (),
        side: str = "A",
        *,
        level: str = "beginner",
        modifier: str | None = None,
        tasks: Mapping[str, str] | None = None,
    ) -> MondoScoringPad:
        """A pad opened with these boards typed in (player -> board text), for a lesson's
        worked example, at ``level`` with the round's ``modifier`` (its id; default the
        first) and the ``tasks`` players took (player -> task id); a ValueError says which
        board, row and column, modifier or task is wrong."""
        pad = cls(players=list(boards), side=side, level=level)
        for row, text in enumerate(boards.values()):
            said = pad.model.enter_text(text, row)
            if said.problem is not None:
                raise ValueError(said.problem)
        for player, chip in (bonus or {}).items():
            if not pad.set_bonus(chip, player):
                raise ValueError(pad.status.problem)
        for player in volcano_chip:
            if not pad.set_volcano_chip(True, player):
                raise ValueError(pad.status.problem)
        if modifier is not None and not pad.set_modifier(modifier):
            raise ValueError(pad.status.problem)
        for player, task in (tasks or {}).items():
            if not pad.set_task(task, player):
                raise ValueError(pad.status.problem)
        pad.choose(0)
        return pad

    # --- widgets ------------------------------------------------------------------------
    def _build(self) -> None:
        self.status = self._status_line()
        self._players = w.ToggleButtons(
            options=tuple(self.model.names), description=t("mondo_pad.player_label")
        )
        self._players.style.description_width = "initial"
        self._players.observe(self._observer(lambda v: self.choose(str(v))), names="value")
        self._name = w.Text(
            description=t("mondo_pad.name_label"), continuous_update=False,
            layout=w.Layout(width="220px"),
        )  # fmt: skip
        self._name.observe(self._observer(lambda v: self.rename(str(v))), names="value")
        self._add = self._button(t("mondo_pad.add_player"), "mondo-pad-add", self.add_player)
        self._remove = self._button(
            t("mondo_pad.remove_player"), "mondo-pad-remove", self.remove_player
        )
        bonus_options = [(t("mondo_pad.bonus_none"), 0)] + [(str(c), c) for c in BONUS_CHIPS]
        self._bonus = w.Dropdown(
            options=bonus_options, description=t("mondo_pad.bonus_label"),
            style={"description_width": "initial"}, layout=w.Layout(width="220px"),
        )  # fmt: skip
        self._bonus.observe(self._observer(lambda v: self.set_bonus(int(str(v)))), names="value")
        self._chip = w.Checkbox(description=t("mondo_pad.chip_label"), indent=False)
        self._chip.observe(self._observer(lambda v: self.set_volcano_chip(bool(v))), names="value")
        self._side = w.Dropdown(
            options=[(t("mondo_pad.side_A_option"), "A"), (t("mondo_pad.side_B_option"), "B")],
            description=t("mondo_pad.side_label"), layout=w.Layout(width="240px"),
        )  # fmt: skip
        self._side.observe(self._observer(lambda v: self.set_side(str(v))), names="value")
        self._level = w.Dropdown(
            options=[(t(f"mondo_pad.level_option_{x}"), x) for x in LEVELS],
            description=t("mondo_pad.level_label"), layout=w.Layout(width="300px"),
        )  # fmt: skip
        self._modifier = w.Dropdown(
            options=[(m.name(), m.id) for m in modules.modifiers()],
            description=t("mondo_pad.modifier_label"), layout=w.Layout(width="400px"),
        )  # fmt: skip
        self._task = w.Dropdown(
            options=[(t("mondo_pad.task_none"), "")]
            + [(x.name(), x.id) for x in modules.tasks()],
            description=t("mondo_pad.task_label"), layout=w.Layout(width="560px"),
        )  # fmt: skip
        for box in (self._level, self._modifier, self._task):
            box.style.description_width = "initial"
        self._level.observe(self._observer(lambda v: self.set_level(str(v))), names="value")
        self._modifier.observe(self._observer(lambda v: self.set_modifier(str(v))), names="value")
        self._task.observe(self._observer(lambda v: self.set_task(str(v))), names="value")
        self.board_canvas = SceneCanvas(
            pad_scene(self.model), on_click=self._on_click, on_error=self._on_error,
            css_class="mondo-pad-canvas",
        )  # fmt: skip
        self._prev = self._button(t("mondo_pad.previous_step"), "mondo-pad-back", self.back)
        self._next = self._button(t("mondo_pad.next_step"), "mondo-pad-step", self.step)
        self._all = self._button(t("mondo_pad.show_all"), "mondo-pad-all", self.show_all)
        self._hide = self._button(t("mondo_pad.restart"), "mondo-pad-restart", self.restart)
        self._row = w.Dropdown(description=t("mondo_pad.space_row"), layout=w.Layout(width="130px"))
        self._col = w.Dropdown(description=t("mondo_pad.space_col"), layout=w.Layout(width="150px"))
        for box in (self._row, self._col):
            box.style.description_width = "initial"
            box.observe(self._observer(lambda _v: self._select_from_lists()), names="value")
        terrains = [(t(f"mondo.terrain_{x}"), x) for x in TERRAINS]
        self._edges = []
        for e, name in enumerate(EDGE_NAMES):
            box = w.Dropdown(
                options=terrains, description=name, layout=w.Layout(width="150px"),
            )  # fmt: skip
            box.style.description_width = "20px"
            box.observe(self._observer(self._edge_setter(e)), names="value")
            self._edges.append(box)
        self._animal = w.Checkbox(description=t("mondo_pad.animal_label"), indent=False,
                                  layout=w.Layout(width="90px"))  # fmt: skip
        self._animal.observe(self._observer(lambda v: self.set_animal(bool(v))), names="value")
        self._volcano = w.Dropdown(
            options=[(t("mondo_pad.volcano_none"), ""), (t("mondo_pad.volcano_active"), ACTIVE),
                     (t("mondo_pad.volcano_inactive"), INACTIVE)],
            description=t("mondo_pad.volcano_label"), layout=w.Layout(width="190px"),
        )  # fmt: skip
        self._volcano.style.description_width = "initial"
        self._volcano.observe(self._observer(lambda v: self.set_volcano(str(v))), names="value")
        self._box = w.Dropdown(
            options=[(face_label(f), k) for k, f in enumerate(box_faces())],
            description=t("mondo_pad.box_label"), layout=w.Layout(width="300px"),
        )  # fmt: skip
        self._box.style.description_width = "initial"
        self._put = self._button(t("mondo_pad.put_box"), "mondo-pad-put", self._put_box)
        self._turn = self._button(t("mondo_pad.rotate"), "mondo-pad-rotate", self.rotate)
        self._clear = self._button(t("mondo_pad.clear"), "mondo-pad-clear", self.clear)
        self._text = w.Textarea(
            placeholder=t("mondo_pad.text_placeholder"),
            layout=w.Layout(width="100%", max_width="640px", height="110px"),
        )
        self._text.add_class("mondo-pad-text")
        self._use_text = self._button(t("mondo_pad.apply_text"), "mondo-pad-use-text",
                                      lambda: self.set_text(self._text.value))  # fmt: skip
        self.description = w.HTML()
        self.table = w.HTML()
        self.table.add_class("mondo-pad-table")
        self.widget = self._layout()

    def _layout(self) -> w.VBox:
        """Whose board and its chips; the board; what happened; the score's steps; then
        editing (a space, or the whole text) and the board in words."""
        wrap = w.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 8px")
        intro = w.HTML(
            f"<div style='font-family:{FONT};color:{INK};font-size:15px'>"
            f"{t('mondo_pad.intro')}</div>"
        )
        text_label = w.HTML(f"<b style='font-size:14px'>{escape(t('mondo_pad.text_label'))}</b>")
        box = w.VBox(
            [
                intro,
                w.HBox([self._players, self._name, self._add, self._remove], layout=wrap),
                w.HBox([self._bonus, self._chip, self._side], layout=wrap),
                w.HBox([self._level, self._modifier, self._task], layout=wrap),
                self.board_canvas.canvas,
                self.status.widget,
                w.HBox([self._prev, self._next, self._all, self._hide], layout=wrap),
                w.HBox([self._row, self._col, *self._edges], layout=wrap),
                w.HBox(
                    [self._animal, self._volcano, self._box, self._put, self._turn, self._clear],
                    layout=wrap,
                ),
                text_label,
                self._text,
                self._use_text,
                self.table,
                self.description,
            ],
            layout=w.Layout(grid_gap="6px", max_width="900px"),
        )
        box.add_class("mondo-pad")
        return box

    def _edge_setter(self, edge: int) -> Callable[[object], object]:
        return lambda terrain: self.set_edge(edge, str(terrain))

    # --- callbacks (never raise) ----------------------------------------------------------
    def _on_click(self, target: str | None, x: float, y: float) -> None:
        if target is None or not target.startswith("space:"):
            self.status.set(event=t("mondo_pad.not_a_space"))
            return
        _, r, c = target.split(":")
        self.select(int(r), int(c))

    def _select_from_lists(self) -> None:
        if self._row.value is not None and self._col.value is not None:
            self.select(int(self._row.value), int(self._col.value))

    def _put_box(self) -> bool:
        return self.put_face(box_faces()[int(self._box.value)])

    # --- players --------------------------------------------------------------------------
    def choose(self, player: str | int) -> bool:
        """Show (and edit) this player's board."""
        return self._answer(self.model.choose(player))

    def rename(self, name: str) -> bool:
        """Rename the player whose board is shown."""
        return self._answer(self.model.rename(self.model.active, name))

    def add_player(self) -> bool:
        return self._answer(self.model.add_player())

    def remove_player(self) -> bool:
        return self._answer(self.model.remove_player())

    def set_bonus(self, chip: int, player: str | int | None = None) -> bool:
        """The bonus chip a player took (0: none); default the player shown."""
        row = self.model.active if player is None else self.model.row(player)
        if row is None:
            return self._answer(self.model.no_player(player))
        return self._answer(self.model.set_bonus(row, chip))

    def set_volcano_chip(self, holds: bool = True, player: str | int | None = None) -> bool:
        """Whether a player holds the volcano chip; default the player shown."""
        row = self.model.active if player is None else self.model.row(player)
        if row is None:
            return self._answer(self.model.no_player(player))
        return self._answer(self.model.set_chip(row, holds))

    def set_side(self, side: str) -> bool:
        return self._answer(self.model.set_side(side))

    def set_level(self, level: str) -> bool:
        """Score at "beginner", "advanced" (and the round's modifier) or "expert" (and the
        task each player took)."""
        return self._answer(self.model.set_level(level))

    def set_modifier(self, modifier: str) -> bool:
        """The round's scoring modifier, by its id (advanced and expert levels)."""
        return self._answer_or_undo(self.model.set_modifier(modifier))

    def set_task(self, task: str | None, player: str | int | None = None) -> bool:
        """The task a player took, by its id ("" or None: none; expert level); default the
        player shown."""
        row = self.model.active if player is None else self.model.row(player)
        if row is None:
            return self._answer(self.model.no_player(player))
        return self._answer_or_undo(self.model.set_task(row, task))

    def _answer_or_undo(self, said: Said) -> bool:
        """As ``_answer``; on a problem the lists show the model's choice again (a choice
        refused in a list does not stay on show)."""
        if said.problem is not None:
            self._sync(self._sync_controls)
        return self._answer(said)

    # --- the board --------------------------------------------------------------------------
    def set_text(self, text: str, player: str | int | None = None) -> bool:
        """Type a player's whole board (default: the player shown), e.g. ``"wfww wwwfa"``."""
        if player is not None and not self.choose(player):
            return False
        said = self.model.enter_text(text)
        if said.problem is not None:
            self.status.set(problem=said.problem)
            return False
        return self._answer(said)

    def text(self, player: str | int | None = None) -> str:
        row = self.model.active if player is None else self.model.row(player)
        return self.model.text_of(row)

    def select(self, row: int, col: int) -> bool:
        """Select a space (row and column from 0), as a click on it does."""
        return self._answer(self.model.select((row, col)))

    def set_edge(self, edge: int | str, terrain: str) -> bool:
        e = EDGE_NAMES.index(edge.upper()) if isinstance(edge, str) else edge
        return self._answer(self.model.set_edge(e, terrain))

    def set_animal(self, on: bool = True) -> bool:
        return self._answer(self.model.set_animal(on))

    def set_volcano(self, volcano: str) -> bool:
        return self._answer(self.model.set_volcano(volcano))

    def put_face(self, face: Face | str) -> bool:
        try:
            return self._answer(self.model.put_face(face))
        except ValueError as err:
            self.status.set(problem=str(err))
            return False

    def rotate(self) -> bool:
        return self._answer(self.model.rotate())

    def clear(self) -> bool:
        return self._answer(self.model.clear())

    def click(self, x: float, y: float) -> None:
        """A click on the board at scene coordinates (what the mouse does in a browser)."""
        self.board_canvas.click(x, y)

    # --- scoring --------------------------------------------------------------------------
    def sheet(self) -> ScoreSheet | None:
        return self.model.sheet()

    def step(self) -> bool:
        """Show the next row of the shown player's score, lit on the board."""
        return self._answer(self.model.step())

    def back(self) -> bool:
        return self._answer(self.model.back())

    def show_all(self) -> bool:
        return self._answer(self.model.show_all())

    def restart(self) -> bool:
        return self._answer(self.model.restart())

    # --- pictures -------------------------------------------------------------------------
    def scene(self) -> Scene:
        return pad_scene(self.model)

    def describe(self) -> str:
        """The board shown, in sentences (what a screen reader reads)."""
        return self.model.describe()

    # --- refresh --------------------------------------------------------------------------
    def _refresh(self, said: Said | None = None) -> None:
        self._sync(self._sync_controls)
        self._draw()
        sheet = self.model.sheet()
        self.table.value = sheet._repr_html_() if sheet is not None and self.model.complete else ""
        lines = "".join(f"<li>{escape(x)}</li>" for x in self.describe().splitlines())
        self.description.value = (
            f"<details><summary style='font-size:14px'>{escape(t('mondo_pad.description_label'))}"
            f"</summary><ul style='font-size:14px'>{lines}</ul></details>"
        )
        self._say(said)

    def _draw(self) -> None:
        """Show the new scene. A step of the score fades or lights most of the board, so
        drawing it whole is quicker than working out what changed; a selection or an edit
        changes a space or two, which ``SceneCanvas.show`` repaints alone."""
        scene = self.scene()
        step = self.model.current()
        lighting = None if step is None else (step.lit, step.wrong)
        if lighting != self._lighting:
            self._lighting = lighting
            self.board_canvas.scene = scene
            self.board_canvas.redraw()
        else:
            self.board_canvas.show(scene)

    def _sync_controls(self) -> None:
        m = self.model
        if tuple(self._players.options) != self.players:
            self._players.options = self.players
        self._players.value = m.player
        self._name.value = m.player
        self._bonus.value = m.bonus[m.active]
        self._chip.value = m.active in m.chip
        self._side.value = m.side
        self._level.value = m.level
        self._modifier.value = m.modifier
        self._modifier.disabled = m.level == "beginner"
        self._task.value = m.tasks[m.active]
        self._task.disabled = m.level != "expert"
        self._add.disabled = len(m.names) >= MAX_PLAYERS
        self._remove.disabled = len(m.names) <= MIN_PLAYERS
        board = m.board
        self._row.options = [(str(r + 1), r) for r in range(board.rows)]
        self._col.options = [(str(c + 1), c) for c in range(board.cols)]
        self._row.value = None if m.selected is None else m.selected[0]
        self._col.value = None if m.selected is None else m.selected[1]
        face = None if m.selected is None else board.at(m.selected)
        for e, box in enumerate(self._edges):
            box.value = face.edges[e] if face is not None else "w"
        self._animal.value = bool(face and face.has_animal)
        self._volcano.value = face.volcano if face is not None else ""
        text = m.text_of()
        if m.refused[m.active] is None and self._text.value != text:
            self._text.value = text
        steps = len(m.steps())
        self._next.disabled = not steps or m.shown >= steps
        self._all.disabled = self._next.disabled
        self._prev.disabled = m.shown == 0
        self._hide.disabled = m.shown == 0
