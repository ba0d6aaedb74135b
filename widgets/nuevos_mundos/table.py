"""Play a whole game of Nuevos Mundos in a notebook: ``NuevosMundosTable()``.

The table is built in four layers, each a module of its own:

- words (``table_words``): the history's sentences, scoring notes, the table in words;
- scene (``table_scene``): the picture, built from one player's view, so it cannot show a
  hidden card; the take previews it marks come from ``gamecore.nuevos_mundos.previews``;
- interaction model (``table_model``): the chosen card, hot-seat privacy, what a click
  means and why an action is refused; no widgets, tested directly;
- the widget (this module): builds the controls, forwards to the model and redraws.

On screen, from the top: the status line, the three action buttons (each says what it
would take), one row of game controls (Undo, New game, ...), then the canvas, whose top
holds the universe board and the hand, so what to do, the last message and the cards in
play are visible together on a laptop. The keyboard list, the history, the modules and
Save / Load follow below. The canvas keeps one size for the whole game and every button
keeps its place (a button that cannot be used now is disabled, not removed), so rapid
clicks never land on a control that moved under the pointer. "New game" in the middle of
a game asks first, with a second button beside it, so quick clicks never drop a game.

With two or more human seats the screen is shared (hot-seat): when the decision passes to
a different human, their hand is drawn face down until they press "Show my hand"
(``NuevosMundosTable.reveal``), so nobody sees another player's cards by accident.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from html import escape
from typing import Any

import ipywidgets as w

from gamecore import ScoreSheet
from gamecore.nuevos_mundos import MODULES, NuevosMundos
from gamecore.nuevos_mundos.previews import (
    KINDS,
    Take,
    action_for,
    action_previews,
    preview_biome,
    preview_digits,
    visible_cards,
)
from gamecore.protocol import Action
from gamecore.words import t

from ..canvas import SceneCanvas
from ..palette import PAPER
from ..scene import Scene
from ..seats import check_seats, default_names, fresh_seed
from ..status import StatusLine
from ..svg import Picture, to_svg
from ..table_base import ModelTable, labelled_html, make_button, set_traits, show
from ..words import Said, about, bot_moves_words, loaded_event
from .table_model import TableModel
from .table_scene import WIDTH, TableLook, public_view, scene_height, table_scene
from .table_words import (
    describe_move,
    handover_message,
    history_html,
    history_of,
    module_label,
    modules_words,
    ordinal,
    score_html,
    tie_break_note,
)

SEAT_KINDS = ("human", "random", "greedy", "search")
STATUS_HEIGHT = "88px"
"""Four lines of the status line (15 px text, 1.4 line height)."""
SLOTS = (("biome", "last"), ("digits", "none"), ("lay",))
"""The action buttons' three places: a turn shows the first of each, the end of the game
the second (and "Lay in your world" disabled), so no button moves when the phase changes."""

__all__ = [
    "KINDS",
    "SEAT_KINDS",
    "NuevosMundosTable",
    "TableLook",
    "Take",
    "action_for",
    "action_previews",
    "describe_move",
    "handover_message",
    "history_html",
    "history_of",
    "ordinal",
    "preview_biome",
    "preview_digits",
    "public_view",
    "table_scene",
    "tie_break_note",
    "visible_cards",
]


class NuevosMundosTable(ModelTable[NuevosMundos]):
    """A game of Nuevos Mundos to play in a notebook; display the object to play.

    Seats are "human", "random", "greedy" or "search"; several humans share the screen
    (hot-seat, see ``table_model``). Bots see only their own view of the game and play
    until a human is to play (one move per "Next bot move" click with ``step_bots=True``).
    """

    model: TableModel
    """The game, the seats and what the table is asking or choosing."""

    game_type = NuevosMundos
    game_title = "Nuevos Mundos"
    css_prefix = "nm"

    def __init__(
        self,
        *,
        players: Sequence[str] | None = None,
        seats: Sequence[str] = ("human", "greedy", "random"),
        seed: int | None = None,
        modules: Sequence[str] = (),
        search_iterations: int = 150,
        step_bots: bool = False,
    ) -> None:
        if players is None:  # named in the language of the moment: "You", "Greedy bot"...
            players = default_names(seats)
        seats = check_seats(seats, len(tuple(players)), SEAT_KINDS)
        game = NuevosMundos(
            tuple(players), fresh_seed() if seed is None else seed, modules=tuple(modules)
        )
        self._build(game, seats, search_iterations, step_bots)

    @classmethod
    def from_game(
        cls,
        game: NuevosMundos,
        *,
        seats: Sequence[str] | None = None,
        search_iterations: int = 150,
        step_bots: bool = False,
    ) -> NuevosMundosTable:
        """Continue a copy of ``game`` (default seats: the first player human, bots greedy)."""
        if not isinstance(game, NuevosMundos):
            raise TypeError(f"from_game needs a Nuevos Mundos game, not {type(game).__name__}")
        n = len(game.players)
        chosen = check_seats(seats, n, SEAT_KINDS)
        table = cls.__new__(cls)
        table._build(game.clone(), chosen, search_iterations, step_bots)
        return table

    # ------------------------------------------------------------------ the model's state
    @property
    def selected(self) -> int | None:
        """The card of the hand chosen for the next action."""
        return self.model.selected

    @property
    def score_step(self) -> int:
        return self.model.score_step

    # ------------------------------------------------------------------ building
    def _build(
        self, game: NuevosMundos, seats: tuple[str, ...], iterations: int, step_bots: bool
    ) -> None:
        self.model = TableModel(game, seats)
        self.search_iterations = iterations
        self.step_bots = step_bots
        self.history: list[str] = []
        """Every move of the game in a sentence, oldest first (the panel shows newest first)."""
        self._default_name = ""
        self._make_widgets()
        self._start(game, "")

    def _make_widgets(self) -> None:
        self.status = StatusLine("nm-status")
        # Four lines of room, whatever the message: a long one scrolls inside the line
        # instead of pushing the buttons and the canvas down under the pointer.
        self.status.widget.layout = w.Layout(height=STATUS_HEIGHT, overflow="auto")
        height = scene_height(len(self.game.players))
        self.canvas = SceneCanvas(
            Scene(WIDTH, height, background=PAPER),
            on_click=self._canvas_click,
            on_error=self._problem,
            css_class="nm-table-canvas",
        )
        idle = action_previews(self.game.view(0), None)
        self.buttons: dict[str, w.Button] = {
            kind: make_button(idle[kind].text, f"nm-action-{kind}") for kind in KINDS
        }
        for kind in KINDS:
            self.buttons[kind].layout = w.Layout(width="100%")
            self.buttons[kind].on_click(self._guard(partial(self.play_selected, kind)))
        controls: dict[str, tuple[str, str, Callable[[], object]]] = {
            "reveal": (t("nuevos_mundos_table.reveal"), "nm-reveal", self.reveal),
            "next_bot": (t("nuevos_mundos_table.next_bot"), "nm-next-bot", self.next_bot_move),
            "score_step": (
                t("nuevos_mundos_table.score_step"),
                "nm-score-step",
                self.next_score_step,
            ),
            "undo": (t("nuevos_mundos_table.undo"), "nm-undo", self.undo),
            "new_game": (t("nuevos_mundos_table.new_game"), "nm-new-game", self.ask_new_game),
            "confirm_new_game": (
                t("nuevos_mundos_table.confirm_new_game"),
                "nm-confirm-new-game",
                self.confirm_new_game,
            ),
        }
        for key, (words, css, handler) in controls.items():
            self.buttons[key] = make_button(words, css)
            self.buttons[key].on_click(self._guard(handler))
        self.buttons["reveal"].tooltip = t("nuevos_mundos_table.reveal_tip")
        self.buttons["new_game"].tooltip = t("nuevos_mundos_table.new_game_tip")
        self.buttons["undo"].tooltip = t("nuevos_mundos_table.undo_tip")
        self.buttons["confirm_new_game"].tooltip = t("nuevos_mundos_table.confirm_new_game_tip")
        self._asking_new_game = False
        self.history_html = labelled_html("nm-history")
        self.seed_label = labelled_html("nm-seed")
        self.score_html = labelled_html("nm-score")
        self.module_boxes = {
            m: w.Checkbox(
                value=m in self.game.modules,
                description=module_label(m),
                indent=False,
                layout=w.Layout(width="auto"),
            )
            for m in MODULES
        }
        for m, box in self.module_boxes.items():
            box.add_class(f"nm-module-{m.replace('_', '-')}")
            box.observe(partial(self._module_ticked, m), names="value")
        self._file_widgets("nm")
        self._access_widgets()
        self.widget = self._layout()

    def _module_ticked(self, module: str, change: dict[str, Any]) -> None:
        key = "nuevos_mundos_table.module_on" if change["new"] else "nuevos_mundos_table.module_off"
        self.status.set(event=t(key, module=module_label(module)))

    def _layout(self) -> w.VBox:
        """Status, actions and game controls above the canvas; everything else below.

        Which controls the row holds is fixed when the table is built (Show my hand only
        for a shared screen, Next bot move only when bots move step by step): a control
        that cannot be used now is disabled, never removed.
        """
        b = self.buttons
        full = w.Layout(width="100%", max_width=f"{WIDTH}px")
        self.action_slots = [w.HBox([b[kind] for kind in slot], layout=full) for slot in SLOTS]
        actions = w.VBox(self.action_slots, layout=full)
        actions.add_class("nm-actions")
        show(b["reveal"], self.model.hot_seat())
        show(b["next_bot"], self.step_bots)
        self.control_row = w.HBox(
            [b[k] for k in ("reveal", "next_bot", "score_step", "undo", "new_game")]
            + [b["confirm_new_game"]]
        )
        self.control_row.add_class("nm-controls")
        modules = w.VBox(
            [w.HTML(t("nuevos_mundos_table.modules_heading")), *self.module_boxes.values()]
        )
        settings = w.VBox([self.seed_label, modules, self.file_row], layout=w.Layout(width="400px"))
        self.history_html.layout = w.Layout(width="480px")
        below = w.HBox(
            [self.history_html, settings],
            layout=w.Layout(flex_flow="row wrap", max_width=f"{WIDTH}px"),
        )
        table = w.VBox(
            [
                self.status.widget,
                actions,
                self.control_row,
                self.canvas.canvas,
                self.access,
                below,
                self.score_html,
            ]
        )
        table.add_class("nm-table")
        return table

    # ------------------------------------------------------------------ hot seat
    def hand_hidden(self) -> bool:
        """Whether the hand of the human to play waits face down for them (hot-seat)."""
        return self.model.hidden()

    def _hand_player(self) -> int | None:
        return self.model.hand_player()

    def _said(self, said: Said) -> bool:
        """Put a model's answer on the status line and redraw; True if it was not refused."""
        if said.problem is not None:
            self._problem(said.problem)
            return False
        self.status.set(event=said.event or "")
        self._refresh()
        return True

    # ------------------------------------------------------------------ playing
    def _start(self, game: NuevosMundos, event: str) -> None:
        """Show ``game`` from scratch: history, bots' turns, picture."""
        self.model.start(game)
        self.history = history_of(game)
        self._suggest_file_name(f"nuevos-mundos-{game.seed}.json")
        moves = [text for _, text in self._run_bots()]
        self.status.set(event=" ".join([event, *moves]).strip())
        self._refresh()

    def _describe(self, before: NuevosMundos, player: int, action: Action) -> str:
        return describe_move(
            self.game.players, player, action, before.view(player), self.game.view(player)
        )

    def _moved(self) -> None:
        self.model.selected = None

    def select(self, card: int | None) -> bool:
        """Choose a card of the hand of the human to play (None: choose none)."""
        return self._said(self.model.select(card))

    def play_selected(self, kind: str) -> bool:
        """Commit the action ``kind`` (see ``KINDS``) with the chosen card; bots reply.

        Returns whether a move was played; a refusal is explained on the status line.
        """
        action, refusal = self.model.action_to_play(kind)
        if action is None:
            self._problem(refusal or "")
            return False
        player = self.game.current_player
        assert player is not None
        moves = [self._commit(player, action), *(text for _, text in self._run_bots())]
        self.status.set(event=" ".join(moves))
        self._refresh()
        return True

    def reveal(self) -> bool:
        """Turn the hidden hand of the human to play face up (the "Show my hand" button)."""
        return self._said(self.model.reveal())

    def undo(self) -> bool:
        """Back to the previous human decision, undoing the bots' moves after it.

        Hot-seat: the hand of the human it returns to is face up only if that human holds
        the screen (their hand was the last one face up); otherwise it is hidden until they
        press "Show my hand": whoever pressed Undo may not be the player whose turn it is.
        """
        undone = self._undo_to_human()
        if undone is None:
            return False
        self.model.selected = None
        self.model.score_step = 0
        player = self.game.current_player
        assert player is not None
        event = about(
            "nuevos_mundos_table.undid", self.name(player), others=bot_moves_words(undone)
        )
        self.status.set(event=event)
        self._refresh()
        return True

    def ask_new_game(self) -> bool:
        """The "New game" button: deal at once when nothing would be lost (the game is over
        or no human has played), otherwise ask for the confirmation beside it.

        The confirmation is another button, to the right of "New game" (its place is kept
        while it is hidden, so nothing moves): quick clicks on "New game" only ask again,
        they never drop a game. Returns whether a new game was dealt.
        """
        humans = self.humans_have_played()
        if self.game.is_over or not humans:
            self.new_game()
            return True
        self._asking_new_game = True
        self._problem(t("nuevos_mundos_table.ask_new_game"))
        self._update_controls()
        return False

    def confirm_new_game(self) -> bool:
        """The "Yes, deal a new game" button (only while it was asked for)."""
        if not self._asking_new_game:
            return False
        self.new_game()
        return True

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game (a new seed unless given) with the modules ticked."""
        modules = tuple(m for m, box in self.module_boxes.items() if box.value)
        game = NuevosMundos(
            self.game.players, fresh_seed() if seed is None else seed, modules=modules
        )
        self._start(game, t("nuevos_mundos_table.new_game_event", seed=game.seed))

    # ------------------------------------------------------------------ scoring
    def sheet(self) -> ScoreSheet:
        """The score sheet of the worlds as they are (final once the game is over)."""
        return self.model.sheet()

    def next_score_step(self) -> bool:
        """Reveal the next scoring category, and after the last one the totals."""
        return self._said(self.model.next_score_step())

    # ------------------------------------------------------------------ saving
    def load_text(self, text: str | bytes, source: str | None = None) -> bool:
        """Continue a saved game; a damaged or foreign file leaves the current game as it is.

        Hot-seat: as after an undo, the hand to play is face up only if its owner held the
        screen before the load (same players, same seat); otherwise it is hidden.
        """
        source = source or t("table.the_save_file")
        game = self._read_save(text, source)
        if game is None:
            return False
        if game.players != self.game.players:
            self.model.viewer = None  # other players: nobody holds the screen (hot-seat hides)
        self._start(game, loaded_event(game, source))
        return True

    # ------------------------------------------------------------------ clicks and words
    def _on_target(self, target: str | None, *_xy: float) -> None:
        """Turn a click into a choice or an explanation."""
        self._said(self.model.click(target))

    def _target_words(self, target: str) -> str | None:
        return self.model.target_words(target)

    def describe(self) -> list[str]:
        """The table in sentences: whose turn and what happened, the board, the hand shown,
        every world."""
        return [*super().describe(), *self.model.describe()]

    # ------------------------------------------------------------------ drawing
    def look(self, *, still: bool = False) -> TableLook:
        """What the picture shows besides the game (whose hand, the choice, the score)."""
        return self.model.look(still=still)

    def still_scene(self) -> Scene:
        """The table as a still picture: the same as the canvas, with nothing that asks to
        be clicked or pressed."""
        return self.model.scene(still=True)

    def to_svg(self) -> str:
        """The current table as SVG text (a still picture)."""
        return to_svg(self.still_scene())

    def snapshot(self) -> Picture:
        """A still picture of the table now (for exported notebooks and handouts)."""
        return Picture(self.still_scene())

    def _refresh(self) -> None:
        self._asking_new_game = False  # a move, a choice or any redraw answers "no"
        self.canvas.show(self.model.scene())
        self._update_actions()
        self._update_controls()
        self.status.set(turn=self.model.turn_text())
        self.history_html.value = history_html(self.history)
        over = self.game.is_over and self.score_step
        self.score_html.value = score_html(self.sheet(), self.score_step) if over else ""
        self._refresh_access()

    def _update_actions(self) -> None:
        ending = self.model.ending()
        for kind, state in self.model.action_states().items():
            button = self.buttons[kind]
            show(button, kind == "lay" or (kind in ("last", "none")) == ending)
            set_traits(
                button, description=state.text, disabled=state.disabled, tooltip=state.tooltip
            )

    def _update_controls(self) -> None:
        b = self.buttons
        hidden = self.hand_hidden()
        set_traits(
            b["reveal"],
            disabled=not hidden,
            tooltip=t("nuevos_mundos_table.reveal_tip")
            if hidden
            else t("nuevos_mundos_table.reveal_nothing_hidden_tip"),
        )
        set_traits(
            b["next_bot"],
            disabled=not self.model.bot_to_play(),
            tooltip=t("nuevos_mundos_table.next_bot_tip"),
        )
        confirm = b["confirm_new_game"]
        set_traits(confirm.layout, visibility="visible" if self._asking_new_game else "hidden")
        set_traits(confirm, disabled=not self._asking_new_game)
        step = self.model.score_button()
        set_traits(
            b["score_step"], description=step.text, disabled=step.disabled, tooltip=step.tooltip
        )
        humans = self.humans_have_played()
        set_traits(
            b["undo"],
            disabled=not humans,
            tooltip=t("nuevos_mundos_table.undo_tip")
            if humans
            else t("nuevos_mundos_table.undo_nothing_tip"),
        )
        words = t(
            "nuevos_mundos_table.seed_line",
            seed=self.game.seed,
            modules=escape(modules_words(self.game.modules)),
        )
        set_traits(self.seed_label, value=f"<div style='font-size:14px'>{words}</div>")
