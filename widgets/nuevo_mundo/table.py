"""Play Nuevo Mundo in a notebook: ``NuevoMundoTable(players=2, seats=..., scenario=...)``.

Four layers, each a module: the events in words (``gamecore.nuevo_mundo.events``), the
picture (``map_scene`` and ``table_scene``, built from one player's view), the meaning of
clicks and buttons (``table_model``, no widgets), and this widget, which builds the controls,
forwards to the model and redraws.

On screen, from the top: the status line (whose decision, what happened, why a click was
refused), the buttons of the decision of the moment (fixed slots: «+1 CQ», «Tactic 3»,
«Accept the retreat» ...), one row of controls (End turn, Let go, Undo, New game), the canvas
(the map with the panel beside it and the cards under it), the list of every legal move in
words with «Play» (the keyboard's way to every action), the history (newest first), the table
in words and Save / Load. Keys on the canvas: 1-9 press the decision's buttons, Enter plays
the move chosen in the list, E ends the turn, U undoes, Esc lets go of the region chosen.

A class on the real board types what its real dice and cards show: ``dice="table"`` and
``cards="table"`` (the game waits for each throw and each card turned over, and asks for
them with buttons: ``table_model``).

Seats are "human", "random", "greedy", "search" or "equilibrium" (the bot that plays the
criptex's equilibrium); bots play as soon as it is their decision. Two or more humans share
the screen (hot-seat, see ``table_model``). Undo follows the rule written in
``table_model``: never back over a die throw, a card drawn or a tactic revealed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from html import escape
from typing import Any, Final

import ipywidgets as w

from gamecore.nuevo_mundo import NuevoMundo
from gamecore.nuevo_mundo.actions import EndTurn
from gamecore.nuevo_mundo.data import CARDS
from gamecore.nuevo_mundo.events import history_lines
from gamecore.nuevo_mundo.game import PLACE
from gamecore.nuevo_mundo.players import SEARCH_ITERATIONS
from gamecore.protocol import Action, Chance
from gamecore.words import set_language, t

from ..canvas import SceneCanvas
from ..palette import PAPER
from ..scene import Scene
from ..seats import check_seats, default_names, fresh_seed
from ..status import StatusLine
from ..svg import to_svg
from ..table_base import ModelTable, labelled_html, make_button, set_traits, show
from ..words import Said, about, bot_moves_words, loaded_event
from .cards import describe as card_words
from .map_scene import regions_in_words
from .table_model import NS, Choice, NuevoMundoModel
from .table_scene import HEIGHT, WIDTH, TableLook, table_scene

SEAT_KINDS: Final = ("human", "random", "greedy", "search", "equilibrium")
CHOICE_SLOTS: Final = 10
"""Buttons for the decision of the moment (a fixed pool: unused ones are hidden)."""
HISTORY_LINES: Final = 60


def default_scenario(players: int) -> str:
    """The teaching map for two players (the simplest board), else a map the die builds."""
    return "teaching" if players == 2 else "random"


class NuevoMundoTable(ModelTable[NuevoMundo]):
    """A game of Nuevo Mundo to play in a notebook; display the object to play."""

    model: NuevoMundoModel
    """The game, the seats and what the table is asking or choosing."""

    game_type = NuevoMundo
    game_title = "Nuevo Mundo"
    css_prefix = "nmundo"

    def __init__(
        self,
        players: int = 2,
        *,
        seats: Sequence[str] | None = None,
        names: Sequence[str] | None = None,
        scenario: str | None = None,
        seed: int | None = None,
        lang: str | None = None,
        dice: str = "engine",
        cards: str = "engine",
        search_iterations: int = SEARCH_ITERATIONS,
        step_bots: bool = False,
    ) -> None:
        if lang is not None:  # the widget's words follow the process language
            set_language(lang)
        chosen = check_seats(seats, players, SEAT_KINDS)
        names = tuple(names) if names is not None else default_names(chosen)
        game = NuevoMundo(
            names,
            fresh_seed() if seed is None else seed,
            scenario=scenario or default_scenario(players),
            dice=dice,
            cards=cards,
        )
        self._build(game, chosen, search_iterations, step_bots)

    @classmethod
    def from_game(
        cls, game: NuevoMundo, *, seats: Sequence[str] | None = None, step_bots: bool = False
    ) -> NuevoMundoTable:
        """Continue a copy of ``game`` (default seats: the first human, the others greedy)."""
        n = len(game.players)
        chosen = check_seats(seats, n, SEAT_KINDS)
        table = cls.__new__(cls)
        table._build(game.clone(), chosen, SEARCH_ITERATIONS, step_bots)
        return table

    # ------------------------------------------------------------------ the model's state
    # ------------------------------------------------------------------ building
    def _build(
        self, game: NuevoMundo, seats: tuple[str, ...], iterations: int, step_bots: bool
    ) -> None:
        self.model = NuevoMundoModel(game, seats)
        self.search_iterations = iterations
        self.step_bots = step_bots
        self.history: list[str] = []
        self._default_name = ""
        self._asking_new_game = False
        self._make_widgets()
        self._start(game, "")

    def _make_widgets(self) -> None:
        self.status = StatusLine("nmundo-status")
        self.status.widget.layout = w.Layout(height="66px", overflow="auto")
        self.canvas = SceneCanvas(
            Scene(WIDTH, HEIGHT, background=PAPER),
            on_click=self._canvas_click,
            on_error=self._problem,
            css_class="nmundo-canvas",
        )
        self.canvas.canvas.on_key_down(self._key_down)
        self.choice_buttons = []
        for k in range(CHOICE_SLOTS):
            button = make_button("", f"nmundo-choice-{k + 1}")
            button.add_class("nmundo-choice")
            button.on_click(self._guard(partial(self.choose, k)))
            self.choice_buttons.append(button)
        controls: dict[str, tuple[str, Callable[[], object]]] = {
            "end_turn": (t("nuevo_mundo_table.end_turn"), self.end_turn),
            "let_go": (t("nuevo_mundo_table.let_go_button"), self.let_go),
            "next_bot": (t("nuevo_mundo_table.next_bot"), self.next_bot_move),
            "undo": (t("nuevo_mundo_table.undo"), self.undo),
            "new_game": (t("nuevo_mundo_table.new_game"), self.ask_new_game),
            "confirm_new_game": (t("nuevo_mundo_table.confirm_new_game"), self.confirm_new_game),
        }
        self.buttons: dict[str, w.Button] = {}
        for key, (words, handler) in controls.items():
            css = f"nmundo-{key.replace('_', '-')}"
            self.buttons[key] = make_button(words, css, t(f"{NS}.{key}_tip"))
            self.buttons[key].on_click(self._guard(handler))
        self.moves_list = w.Dropdown(
            options=[("", -1)],
            value=-1,
            description=t("nuevo_mundo_table.moves_label"),
            layout=w.Layout(width="560px"),
            style={"description_width": "auto"},
        )
        self.moves_list.add_class("nmundo-moves")
        self.play_button = make_button(
            t("nuevo_mundo_table.play_listed"),
            "nmundo-play-listed",
            t("nuevo_mundo_table.play_listed_tip"),
        )
        self.play_button.on_click(self._guard(self.play_listed))
        self.history_html = labelled_html("nmundo-history")
        self.in_words = labelled_html("nmundo-in-words")
        self._file_widgets("nmundo")
        self.widget = self._layout()

    def _layout(self) -> w.VBox:
        b = self.buttons
        full = w.Layout(max_width=f"{WIDTH}px", flex_flow="row wrap")
        # room for two rows of buttons whatever the decision, so the map below does not
        # jump when a decision offers more (or fewer) buttons than the last
        self.choice_row = w.HBox(
            self.choice_buttons,
            layout=w.Layout(max_width=f"{WIDTH}px", flex_flow="row wrap", min_height="68px"),
        )
        self.choice_row.add_class("nmundo-choices")
        show(b["next_bot"], self.step_bots)
        controls = w.HBox(
            [
                b[k]
                for k in ("end_turn", "let_go", "next_bot", "undo", "new_game", "confirm_new_game")
            ],
            layout=full,
        )
        controls.add_class("nmundo-controls")
        keyboard = w.HBox(
            [self.moves_list, self.play_button], layout=w.Layout(align_items="center")
        )
        table = w.VBox(
            [
                self.status.widget,
                self.choice_row,
                controls,
                self.canvas.canvas,
                keyboard,
                self.history_html,
                self.in_words,
                self.file_row,
            ],
            layout=w.Layout(max_width=f"{WIDTH + 20}px"),
        )
        table.add_class("nmundo-table")
        return table

    # ------------------------------------------------------------------ playing
    def _start(self, game: NuevoMundo, event: str) -> None:
        self.model.start(game)
        self.history = self._retold(game)
        self._suggest_file_name(f"nuevo-mundo-{game.seed}.json")
        moves = [text for _, text in self._run_bots()]
        self.status.set(event=" ".join([event, *moves]).strip())
        self._refresh()

    def _retold(self, game: NuevoMundo) -> list[str]:
        """The sentence of every move so far, in the language of the moment (a loaded game,
        or the same game on a table rebuilt in another language, keeps its history)."""
        if not game.moves():
            return []
        chance = [e for e in game.log if isinstance(e, Chance)]
        replay = type(game)(game.players, game.seed, _chance=chance, **game.options)
        lines = []
        for player, action in game.moves():
            before = replay.clone()
            replay.play(action)
            lines.append(self.model.describe_move(before, player, action))
        return lines

    def _describe(self, before: NuevoMundo, player: int, action: Action) -> str:
        return self.model.describe_move(before, player, action)

    def _moved(self) -> None:
        self.model.category = None  # a card typed in starts again from its category
        # while placing, the region stays chosen for the next purchase
        if self.game.stage != PLACE or self.game.pending:
            self.model.clear()

    def _said(self, said: Said) -> bool:
        if said.problem is not None:
            self._problem(said.problem)
            self._refresh()
            return False
        if said.event:
            self.status.set(event=said.event)
        self._refresh()
        return True

    def play(self, action: Action) -> bool:
        """Play ``action`` for the human to decide, then let the bots answer; a refusal is
        explained on the status line. Returns whether it was played."""
        refusal = self.model.refusal()
        why = refusal or self.game.why_illegal(action)
        if why:
            self._problem(why)
            self._refresh()
            return False
        player = self.game.current_player
        assert player is not None
        moves = [self._commit(player, action), *(text for _, text in self._run_bots())]
        self.status.set(event=" ".join(moves))
        self._refresh()
        return True

    def _act(self, found: tuple[Action | None, Said]) -> bool:
        action, said = found
        if action is not None:
            return self.play(action)
        return self._said(said)

    def click_region(self, region: int) -> bool:
        """What a click on ``region`` does (select, aim, or an explanation)."""
        return self._act(self.model.click_region(region))

    def choose(self, index: int) -> bool:
        """Press the ``index``-th button of the decision of the moment (from 0)."""
        return self._act(self.model.choice(index))

    def choices(self) -> list[Choice]:
        return self.model.choices()

    def end_turn(self) -> bool:
        return self.play(EndTurn())

    def let_go(self) -> bool:
        """Let go of the region chosen on the map."""
        if self.model.selected is None:
            return self._said(Said(problem=t("nuevo_mundo_table.nothing_chosen")))
        self.model.clear()
        return self._said(Said(event=t("nuevo_mundo_table.chosen_nothing")))

    def play_listed(self) -> bool:
        """The «Play» button: the move chosen in the list of moves in words."""
        index = self.moves_list.value
        legal = self.model.legal()
        if index is None or not 0 <= index < len(legal) or self.model.refusal():
            return self._said(
                Said(problem=self.model.refusal() or t("nuevo_mundo_table.choose_in_list"))
            )
        return self.play(legal[index])

    def undo(self) -> bool:
        """Back to just before the last human decision that may be undone (see the module
        docstring of ``table_model``), with the bots' moves after it."""
        keep, why = self.model.undo_target()
        if keep is None:
            return self._said(Said(problem=why))
        game = self.game
        decisions, cut = 0, len(game.log)
        for k, entry in enumerate(game.log):
            if not isinstance(entry, Chance):
                if decisions == keep:
                    cut = k
                    break
                decisions += 1
        undone = len(game.moves()) - keep
        who = game.moves()[keep][0]
        self.game = type(
            game
        )._replay(  # the game's own log: replayed without re-checking
            game.players, game.seed, game.options, game.log[:cut], trusted=True
        )
        del self.history[max(0, len(self.history) - undone) :]
        self.model.clear()
        self._forget_download()
        event = about(
            "nuevo_mundo_table.undid", self.model.name(who), others=bot_moves_words(undone)
        )
        return self._said(Said(event=event))

    def ask_new_game(self) -> bool:
        """New game: at once when nothing would be lost, else ask with a second button."""
        humans = self.humans_have_played()
        if self.game.is_over or not humans:
            self.new_game()
            return True
        self._asking_new_game = True
        self._problem(t("nuevo_mundo_table.ask_new_game"))
        self._update_controls()
        return False

    def confirm_new_game(self) -> bool:
        if not self._asking_new_game:
            return False
        self.new_game()
        return True

    def new_game(self, seed: int | None = None) -> None:
        old = self.game
        game = NuevoMundo(old.players, fresh_seed() if seed is None else seed, **old.options)
        self._start(game, t("nuevo_mundo_table.new_game_event", seed=game.seed))

    def load_text(self, text: str | bytes, source: str | None = None) -> bool:
        source = source or t("table.the_save_file")
        game = self._read_save(text, source)
        if game is None:
            self._refresh()
            return False
        self.model.viewer = None
        self._start(game, loaded_event(game, source))
        return True

    # ------------------------------------------------------------------ clicks and keys
    def _on_target(self, target: str | None, *_xy: float) -> None:
        kind, _, rest = (target or "").partition(":")
        if kind == "region":
            self.click_region(int(rest))
        elif kind == "faceup":
            self._act(self.model.click_face_up(int(rest)))
        elif kind == "hand":
            self._said(Said(event=card_words(CARDS[int(rest)])))
        else:
            self._said(Said(problem=t("nuevo_mundo_table.click_map")))

    def _key_down(self, key: str, *_: Any) -> None:
        with self.status.hold():
            self._guard(lambda: self.key(key))()

    def key(self, key: str) -> bool:
        """A key on the canvas: 1-9 the decision's buttons, Enter the listed move, E end
        turn, U undo, Escape let go. Other keys belong to the page."""
        if key.isdigit() and key != "0":
            return self.choose(int(key) - 1)
        lowered = key.lower()
        if key == "Enter":
            return self.play_listed()
        if key == "Escape":
            return self.let_go()
        if lowered == "e":
            return self.end_turn()
        if lowered == "u":
            return self.undo()
        return False

    # ------------------------------------------------------------------ drawing
    def look(self, *, still: bool = False) -> TableLook:
        hidden = self.model.hidden()
        current = self.game.current_player
        return TableLook(
            selected=None if still else self.model.selected,
            options=() if still else self.model.options(),
            hidden_for=self.model.name(current) if hidden and current is not None else "",
            still=still,
        )

    def scene(self) -> Scene:
        return self.canvas.scene

    def still_scene(self) -> Scene:
        return table_scene(self.model.shown_view(), self.look(still=True))

    def to_svg(self) -> str:
        return to_svg(self.still_scene())

    def _viewer(self) -> int:
        """Who reads the history now: the screen's holder (-1 while it is handed over)."""
        player, hidden = self.model.screen()
        return -1 if hidden or player is None else player

    def _refresh(self) -> None:
        self._asking_new_game = False
        self.canvas.show(table_scene(self.model.shown_view(), self.look()))
        self.model.mark_shown()
        self.status.set(turn=self.model.turn_text())
        choices = self.model.choices()
        for k, button in enumerate(self.choice_buttons):
            used = k < len(choices)
            label = f"{k + 1}. {choices[k].label}" if used else ""
            set_traits(button, description=label, disabled=not used, tooltip=label)
            show(button, used)
        self._update_controls()
        self._update_moves()
        lines = history_lines(self.game, viewer=self._viewer(), limit=HISTORY_LINES)
        items = "".join(f"<li>{escape(line)}</li>" for line in lines)
        # at the end, the score sheet (cards by category; how the game was won) comes first
        sheet = self.game.score()._repr_html_() if self.game.is_over else ""
        set_traits(
            self.history_html,
            value=(
                f"{sheet}<div style='font-size:14px'><b>{escape(t(f'{NS}.history'))}</b>"
                f"<ul style='max-height:160px;overflow:auto;margin:4px 0'>{items}</ul></div>"
            ),
        )
        words = "".join(f"<li>{escape(line)}</li>" for line in self.describe())
        set_traits(
            self.in_words,
            value=(
                f"<details style='font-size:14px'><summary>{escape(t('table.in_words'))}"
                f"</summary><ul style='margin:4px 0'>{words}</ul></details>"
            ),
        )

    def _update_controls(self) -> None:
        b = self.buttons
        can_act = self.model.refusal() is None
        set_traits(b["end_turn"], disabled=not (can_act and EndTurn() in self.model.legal()))
        set_traits(b["let_go"], disabled=self.model.selected is None)
        set_traits(b["next_bot"], disabled=not self.bot_to_play())
        set_traits(b["undo"], disabled=self.model.undo_target()[0] is None)
        confirm = b["confirm_new_game"]
        set_traits(confirm.layout, visibility="visible" if self._asking_new_game else "hidden")
        set_traits(confirm, disabled=not self._asking_new_game)

    def _update_moves(self) -> None:
        if self.model.refusal() is None:
            options = [(self.game.describe(a), k) for k, a in enumerate(self.model.legal())]
        else:
            options = [(t("nuevo_mundo_table.no_moves_now"), -1)]
        if options != [tuple(o) for o in self.moves_list.options]:
            with self.moves_list.hold_sync():
                self.moves_list.options = options
                self.moves_list.value = options[0][1]

    def describe(self) -> list[str]:
        """The table in sentences: whose decision, the last move, every occupied region."""
        return [*super().describe(), *regions_in_words(self.model.shown_view())]


__all__ = ["SEAT_KINDS", "NuevoMundoTable", "default_scenario"]
