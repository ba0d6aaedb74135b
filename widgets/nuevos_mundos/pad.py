"""The digital scoring pad for a physical game of Nuevos Mundos: ``ScoringPad()``.

At the end of a game played with real cards, the teacher types each world's cards (or
clicks them on a picker of all 64 cards), ticks the modules that were played, and reveals
the score one category at a time. At each step the cards that earned the category light up
in the worlds, and a table adds the points up, each line with its reason.

The pad is built in layers, like the table: words (``pad_words``: typed cards read and
written, the score table), scenes (``pad_scene``: the worlds and the picker), the model
(``pad_model``: players, worlds, modules, the score revealed; no widgets) and this widget,
which builds the controls, forwards to the model and redraws. Everything the picker does
can be typed: a world's box takes card numbers and settlements, and every control is a
focusable widget, so the pad works from the keyboard.

Typed cards are values from 1 to 64 separated by spaces or commas; a human settlement is
``s:taiga`` (or ``settlement:taiga``), optionally with a value of its own: ``s:taiga=53``.
Without a value, the engine gives the settlement the value that scores best for its owner,
and the pad says which value that was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import ipywidgets as w

from gamecore.nuevos_mundos.data import MODULES
from gamecore.scoresheet import ScoreSheet
from gamecore.words import t

from ..canvas import SceneCanvas
from ..pad_base import ScoringPadBase
from ..palette import INK, MUTED
from ..scene import Scene
from ..svg import FONT
from ..words import Said
from .pad_model import PadModel
from .pad_scene import (
    Owner,
    WorldBand,
    biome_headings,
    picker_scene,
    picker_tile,
    uncovered,
    worlds_scene,
)
from .pad_words import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    card_name,
    find_biome,
    module_hint,
    module_label,
    ordinal,
    parse_card_like,
    parse_cards,
    parse_token,
    score_table_html,
    short_tags,
    tie_break_note,
    token_of,
)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Owner",
    "ScoringPad",
    "WorldBand",
    "biome_headings",
    "card_name",
    "find_biome",
    "ordinal",
    "parse_card_like",
    "parse_cards",
    "parse_token",
    "picker_scene",
    "picker_tile",
    "score_table_html",
    "short_tags",
    "tie_break_note",
    "token_of",
    "uncovered",
    "worlds_scene",
]


class ScoringPad(ScoringPadBase):
    """Type or click each world's cards, then watch the score build up category by category.

    ``ScoringPad(players=("Roberto", "Alicia", "Noa"), modules=())`` shows itself in a
    notebook. Every method that takes input reports problems in ``status`` (and returns
    False) instead of raising, so the pad never shows a traceback.
    """

    css_prefix = "nm-pad"
    still_words = "pictures.run_cell_to_score"
    model: PadModel

    def __init__(
        self, players: Sequence[str] = ("Roberto", "Alicia", "Noa"), modules: Iterable[str] = ()
    ) -> None:
        names = [str(p) for p in players] if not isinstance(players, str) else [players]
        self.model = PadModel(names, tuple(modules))
        self._build_widgets()
        self._refresh(Said(event=t("nuevos_mundos_pad.start")))

    @classmethod
    def from_worlds(
        cls, worlds: Mapping[str, Sequence[int | str]], modules: Iterable[str] = ()
    ) -> ScoringPad:
        """A pad opened with these worlds already entered (a ValueError names a bad card)."""
        pad = cls(players=list(worlds), modules=modules)
        for row, cards in enumerate(worlds.values()):
            entries = [parse_card_like(c) for c in cards]
            problem = pad.model.world_problem(row, entries)
            if problem:
                raise ValueError(problem)
            pad.model.store(row, entries)
            pad._write_text(row)
        pad._refresh(Said(event=t("nuevos_mundos_pad.worlds_entered", n=len(pad.players))))
        return pad

    @property
    def _worlds(self) -> list[list[int]]:
        """Each row's cards (the model's own lists)."""
        return self.model.worlds

    # --- widgets --------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.status = self._status_line()
        self._module_boxes = {m: self._module_box(m) for m in MODULES}
        self._rows_box = w.VBox()
        self._name_boxes: list[w.Text] = []
        self._card_boxes: list[w.Text] = []
        self._counts: list[w.HTML] = []
        self._rebuild_rows()
        self._add_button = self._button(
            t("nuevos_mundos_pad.add_player"), "nm-pad-add", lambda: self.add_player()
        )
        self._remove_button = self._button(
            t("nuevos_mundos_pad.remove_player"), "nm-pad-remove", lambda: self.remove_player()
        )
        self._adding = w.ToggleButtons(
            options=tuple(self.players),
            description=t("nuevos_mundos_pad.adding_to"),
            style={"description_width": "initial"},
        )
        self._adding.add_class("nm-pad-adding")
        self._adding.observe(self._observer(lambda name: self.choose(str(name))), names="value")
        self.picker = SceneCanvas(
            self.model.picker_scene(),
            on_click=self._on_pick,
            on_error=self._on_error,
            css_class="nm-pad-canvas",
        )
        self.worlds_canvas = SceneCanvas(worlds_scene([]), css_class="nm-pad-worlds")
        self._next_button = self._button(
            t("nuevos_mundos_pad.next_category"), "nm-pad-step", lambda: self.step()
        )
        self._all_button = self._button(
            t("nuevos_mundos_pad.show_all"), "nm-pad-all", lambda: self.show_all()
        )
        self._restart_button = self._button(
            t("nuevos_mundos_pad.hide_scores"), "nm-pad-restart", self.restart
        )
        self.table = w.HTML()
        self.table.add_class("nm-pad-table")
        self.widget = self._layout()

    def _layout(self) -> w.VBox:
        """Entering cards first (modules, one row per world, the picker), then the score
        (status line and the step buttons right above the worlds and the table)."""
        intro = w.HTML(
            f"<div style='font-family:{FONT};color:{INK};font-size:15px'>"
            f"{t('nuevos_mundos_pad.intro')}</div>"
        )
        label = t("nuevos_mundos_pad.modules_label")
        modules = w.HBox(
            [w.HTML(f"<span style='font-size:14px;color:{INK}'>{label}</span>")]
            + list(self._module_boxes.values()),
            layout=w.Layout(flex_flow="row wrap"),
        )
        score_row = w.HBox(
            [self.worlds_canvas.canvas, self.table],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="12px"),
        )
        box = w.VBox(
            [
                intro,
                modules,
                self._rows_box,
                w.HBox([self._add_button, self._remove_button]),
                self._adding,
                self.picker.canvas,
                self.status.widget,
                w.HBox([self._next_button, self._all_button, self._restart_button]),
                score_row,
            ],
            layout=w.Layout(grid_gap="6px", max_width="100%"),
        )
        box.add_class("nm-pad")
        return box

    def _module_box(self, module: str) -> w.Checkbox:
        box = w.Checkbox(
            value=module in self.model.chosen_modules,
            description=module_label(module),
            tooltip=module_hint(module),
            indent=False,
            layout=w.Layout(width="auto", margin="0 12px 0 0"),
        )
        box.add_class(f"nm-pad-module-{module}")
        box.observe(self._observer(lambda on: self.set_module(module, bool(on))), names="value")
        return box

    def _rebuild_rows(self) -> None:
        """One line per player: a name box, a cards box and the number of cards.

        The boxes shrink with the column (the cards box takes what the name leaves), so
        the pad fits a narrow notebook."""
        self._name_boxes, self._card_boxes, self._counts = [], [], []
        lines = []
        for row, name in enumerate(self.players):
            name_box = w.Text(
                value=name, continuous_update=False, layout=w.Layout(width="140px", flex="0 0 auto")
            )
            cards_box = w.Text(
                value=self.model.text_of(row),
                placeholder=t("nuevos_mundos_pad.cards_placeholder"),
                continuous_update=False,
                layout=w.Layout(width="440px", max_width="100%", flex="1 1 auto"),
            )
            name_box.add_class("nm-pad-name")
            cards_box.add_class("nm-pad-cards")
            name_box.observe(self._observer(self._renamer(row)), names="value")
            cards_box.observe(self._observer(self._typist(row)), names="value")
            count = w.HTML()
            self._name_boxes.append(name_box)
            self._card_boxes.append(cards_box)
            self._counts.append(count)
            lines.append(w.HBox([name_box, cards_box, count], layout=w.Layout(max_width="640px")))
        self._rows_box.children = lines

    # --- widget callbacks (never raise) ---------------------------------------------
    def _renamer(self, row: int) -> Callable[[object], object]:
        return lambda name: self.rename(row, str(name))

    def _typist(self, row: int) -> Callable[[object], object]:
        return lambda text: self._enter(row, str(text))

    def _on_pick(self, target: str | None, x: float, y: float) -> None:
        if target is None or not target.startswith("pick:"):
            self.status.set(event=t("nuevos_mundos_pad.not_on_a_card"))
            return
        self.toggle(self.model.active, int(target.split(":", 1)[1]))

    def _row(self, player: str | int) -> int | None:
        row = self.model.row(player)
        if row is None:
            self.status.set(problem=self.model.no_player(player).problem)
        return row

    # --- players --------------------------------------------------------------------
    @property
    def active(self) -> str:
        """The player that picker clicks add cards to."""
        return self.model.player

    def choose(self, player: str | int) -> bool:
        """Make ``player`` the one that picker clicks add cards to."""
        return self._answer(self.model.choose(player))

    def rename(self, player: str | int, name: str) -> bool:
        """Give a player a new name (refused if empty or already taken)."""
        row = self._row(player)
        if row is None:
            return False
        said = self.model.rename(row, name)
        self._sync(lambda: setattr(self._name_boxes[row], "value", self.model.names[row]))
        return self._answer(said)

    def add_player(self, name: str | None = None) -> bool:
        """Add a row for one more player (at most six)."""
        said = self.model.add_player(name)
        if said.ok:
            self._rebuild_rows()
        return self._answer(said)

    def remove_player(self) -> bool:
        """Remove the last row; its cards become free again."""
        said = self.model.remove_player()
        if said.ok:
            self._rebuild_rows()
        return self._answer(said)

    # --- modules --------------------------------------------------------------------
    @property
    def modules(self) -> tuple[str, ...]:
        """The modules ticked, in the rulebook's order."""
        return self.model.modules

    def set_module(self, module: str, on: bool = True) -> bool:
        """Tick or untick one module."""
        said = self.model.set_module(module, on)
        if said.ok:
            self._sync(lambda: setattr(self._module_boxes[module], "value", on))
        return self._answer(said)

    def set_modules(self, modules: Iterable[str]) -> bool:
        """Tick exactly these modules."""
        chosen = set([modules] if isinstance(modules, str) else modules)
        unknown = chosen - set(MODULES)
        if unknown:
            return self._answer(self.model.set_module(sorted(unknown)[0], True))
        for m in MODULES:
            self.set_module(m, m in chosen)
        return True

    # --- cards ----------------------------------------------------------------------
    def _enter(self, row: int, text: str) -> bool:
        said = self.model.enter(row, text)
        if said.problem is not None:
            self._refresh(Said(event="", problem=said.problem))
            return False
        return self._answer(said)

    def set_cards(self, player: str | int, text: str) -> bool:
        """Type a player's whole world, e.g. ``"2 9 10 11 42 s:taiga=53"``."""
        row = self._row(player)
        if row is None:
            return False
        self._sync(lambda: setattr(self._card_boxes[row], "value", text))
        return self._enter(row, text)

    def toggle(self, player: str | int, card: int | str) -> bool:
        """Add a card to a player's world, or take it out if it is already there."""
        row = self._row(player)
        if row is None:
            return False
        said = self.model.toggle(row, card)
        if said.ok:
            self._write_text(row)
        return self._answer(said)

    def _write_text(self, row: int) -> None:
        text = self.model.text_of(row)
        self._sync(lambda: setattr(self._card_boxes[row], "value", text))

    def worlds(self) -> dict[str, list[int | str]]:
        """Each player's cards as ``score()`` takes them (settlements as ``settlement:taiga``)."""
        return self.model.worlds_for_score()

    def settlement_values(self) -> dict[str, dict[str, int]]:
        """The value each settlement counts as: typed, or chosen by the engine when scoring."""
        return self.model.settlement_values()

    # --- scoring --------------------------------------------------------------------
    def sheet(self) -> ScoreSheet | None:
        """The score sheet of the worlds entered, or None (the status says why)."""
        problem = self.model.scoring_problem()
        if problem is not None:
            self.status.set(problem=problem)
        return self.model.sheet

    @property
    def revealed(self) -> tuple[str, ...]:
        """The categories shown so far, in order."""
        return self.model.revealed

    @property
    def complete(self) -> bool:
        """True once every category is shown (the table then gives totals and ranking)."""
        return self.model.complete

    def step(self) -> str | None:
        """Reveal the next category; returns it (None if nothing is left or scoring fails)."""
        category, said = self.model.step()
        if category is None:
            self.status.set(event=said.event, problem=said.problem)
            return None
        self._refresh(said)
        return category

    def show_all(self) -> tuple[str, ...]:
        """Reveal every category at once; returns the categories revealed."""
        self._answer(self.model.show_all())
        return self.revealed

    def restart(self) -> None:
        """Hide the score again (the cards stay)."""
        self._refresh(self.model.restart())

    # --- scenes and display ---------------------------------------------------------
    def scene(self) -> Scene:
        """The worlds, with the cards that earned the latest revealed category highlighted."""
        return self.model.scene()

    def picker_scene(self) -> Scene:
        """The card picker: every card, marked with whose world it is in."""
        return self.model.picker_scene()

    def click_picker(self, x: float, y: float) -> None:
        """A click on the picker at scene coordinates (what the mouse does in a browser)."""
        self.picker.click(x, y)

    def table_html(self) -> str:
        """The score table as HTML (what the table widget shows)."""
        return self.model.table_html()

    def _refresh(self, said: Said | None = None) -> None:
        """Rescore, redraw both canvases, update the table, buttons and status line."""
        self.model.rescore()
        self._sync(self._sync_controls)
        self.picker.show(self.model.picker_scene())
        self.worlds_canvas.show(self.model.scene())
        self.table.value = self.model.table_html()
        for row, count in enumerate(self._counts):
            n = t("nuevos_mundos_pad.card_count", n=len(self.model.worlds[row]))
            count.value = f"<span style='font-size:13px;color:{MUTED}'>{n}</span>"
        self._say(said)

    def _sync_controls(self) -> None:
        if tuple(self._adding.options) != self.players:
            self._adding.options = self.players
        if self._adding.value != self.active:
            self._adding.value = self.active
        left = not self.model.complete
        self._next_button.disabled = not left
        self._next_button.description = self.model.next_label()
        self._all_button.disabled = not left
        self._restart_button.disabled = self.model.shown == 0
        self._add_button.disabled = len(self.players) >= MAX_PLAYERS
        self._remove_button.disabled = len(self.players) <= MIN_PLAYERS
