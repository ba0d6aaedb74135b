"""Play Ecosfera in a notebook, solo or as a co-operative table: ``EcosferaTable()``.

The table is one canvas with ipywidgets around it. Playing is clicking, as at the table:
element cards of your line, then a plant of the supply to pay for it (a click on a plant
with nothing selected picks a payment that fits, to check and click again); two plants,
then an animal to call it; two animals for biome tiles; a tree with the mushroom symbol and
a mushroom to mycorrhize; an ability tile or symbol to use it. “End turn” ends the turn;
with nothing acquired while something could be, it asks first, and only the separate
“Yes, end my turn” button (beside the question, never under the pointer that pressed End
turn) ends it.

The layers, each a module of its own:

- ``table_words``: moves, hints, the score and the history in sentences (pure, through
  the catalog);
- ``table_scene``: the picture, ``table_scene(view, look)`` (pure);
- ``table_model``: what a click means — selection, questions, refusals (``TableModel``; no
  ipywidgets), over ``gamecore.ecosfera.explain`` for payments and the engine for legality;
- this module: the widget, thin — it builds the controls, forwards each click and button to
  the model, plays the moves the model answers through ``GameTable``'s turn loop, and redraws.

Co-operative hot-seat: in Ecosfera every line, row and pile is public, so the table hides
nothing; only the player whose turn it is can act. Bots are teammates that play their turns
automatically (or one move per “Next bot move” with ``step_bots=True``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from html import escape
from typing import Any

import ipywidgets as w

from gamecore import IllegalAction, SaveFileError, ScoreSheet, make_bot
from gamecore.ecosfera import (
    TILE,
    AcquireAnimal,
    AcquirePlant,
    ClaimBiomes,
    Ecosfera,
    EndTurn,
    Move,
    Mycorrhiza,
    Plus,
    Refresh,
    TakeMissingElement,
)
from gamecore.ecosfera.data import ELEMENT_OF, element_count
from gamecore.ecosfera.explain import in_words, name_of
from gamecore.protocol import Action
from gamecore.words import t

from ..canvas import SceneCanvas
from ..palette import PAPER
from ..scene import Scene
from ..seats import check_seats, default_names, default_seats, fresh_seed
from ..status import StatusLine
from ..table_base import ModelTable, labelled_html, set_traits, show
from ..words import about, bot_kind_words, bot_moves_words, loaded_event, you_name
from .table_controls import make_buttons, make_choices, make_question, make_settings, table_layout
from .table_model import NEW_GAME, Pending, Reply, TableModel
from .table_scene import WIDTH, TableLook, scene_height, table_scene
from .table_words import (
    ABILITY_OF,
    describe_move,
    hint_items,
    history_html,
    history_of,
    score_html,
    score_lines,
    score_steps,
    step_words,
    table_words,
    target_words,
)

BASE_SEATS = ("human", "random", "greedy", "search")


def seat_kinds() -> tuple[str, ...]:
    """The seat kinds available now: human, random, greedy, search, and "planner" when the
    installed gamecore provides such a bot (it is checked at run time)."""
    kinds = list(BASE_SEATS)
    try:
        make_bot("planner", seed=0)
    except Exception:  # not (yet) in this gamecore
        pass
    else:
        kinds.insert(3, "planner")
    return tuple(kinds)


def _slot(widget: w.DOMWidget, visible: bool) -> None:
    """Show or hide a control while it keeps its place, so nothing moves under the pointer."""
    set_traits(widget.layout, visibility="visible" if visible else "hidden")


class EcosferaTable(ModelTable[Ecosfera]):
    """A game of Ecosfera to play in a notebook; display the object to play.

    ``players`` are the names, ``seats`` say who plays each: "human", "random", "greedy",
    "search" (and "planner" when gamecore has it; see ``seat_kinds()``); the default is
    one human and greedy teammates. ``level`` is 1 (easiest) to 5; ``seed`` deals the game
    (None: a new one); other keyword options go to the game (``first_player``,
    ``round_limit``, ``extinction_rebel``, ``hardest_level_points``). ``step_bots``: bots
    wait for “Next bot move” instead of playing their turns at once.

    For tests and scripts: ``scene()``, ``click(x, y)``, ``click_target(target)``,
    ``select(code)``, ``pay(plant, cards)``, ``perform(action)`` (the clicks a person
    would make for a legal action), ``choose(i)``, ``end_turn()``, ``show_hints()``,
    ``marked()``, ``buttons``, ``status.text``, ``history``, ``game``, ``model``.
    """

    model: TableModel
    """The game, the seats and what the table is asking or choosing."""

    game_type = Ecosfera
    game_title = "Ecosfera"
    css_prefix = "eco"
    load_errors = (SaveFileError, ValueError, IllegalAction, TypeError, KeyError)

    def __init__(
        self,
        players: Sequence[str] | None = None,
        seats: Sequence[str] | None = None,
        level: int = 1,
        seed: int | None = None,
        *,
        step_bots: bool = False,
        search_iterations: int = 40,
        **options: Any,
    ) -> None:
        if players is None:  # named in the language of the moment: "You" ("Tú"), "Greedy bot"...
            players = default_names(seats) if seats is not None else (you_name(),)
        names = tuple(players)
        chosen = check_seats(seats, len(names), seat_kinds())
        game = Ecosfera(names, fresh_seed() if seed is None else seed, level=level, **options)
        self._build(game, chosen, step_bots, search_iterations)

    @classmethod
    def from_game(
        cls,
        game: Ecosfera,
        *,
        seats: Sequence[str] | None = None,
        step_bots: bool = False,
        search_iterations: int = 40,
    ) -> EcosferaTable:
        """Continue a copy of ``game`` (default seats: the first player human, bots greedy)."""
        if not isinstance(game, Ecosfera):
            raise TypeError(f"from_game needs an Ecosfera game, not {type(game).__name__}")
        n = len(game.players)
        chosen = check_seats(seats, n, seat_kinds())
        table = cls.__new__(cls)
        table._build(game.clone(), chosen, step_bots, search_iterations)
        return table

    # ------------------------------------------------------------------ building
    def _build(
        self, game: Ecosfera, seats: tuple[str, ...], step_bots: bool, iterations: int
    ) -> None:
        self.model = TableModel(game, seats)
        self.step_bots = step_bots
        self.search_iterations = iterations
        self.score_step = 0
        self.history: list[str] = []
        """Every move of the game in a sentence, oldest first (one entry per move)."""
        self.history_turns: list[int] = []
        self._last_human: int | None = None
        self._default_name = ""
        self._sheet: ScoreSheet | None = None
        self._sheet_key: tuple[int, bool] | None = None
        self._make_widgets()
        self._start(game, "")

    # The game, the seats, the selection and the question live in the model.
    @property
    def selected(self) -> list[int]:
        """Cards of the turn player's line selected (to pay, to pair), in click order."""
        return self.model.selected

    @selected.setter
    def selected(self, cards: list[int]) -> None:
        self.model.selected = list(cards)

    @property
    def pending(self) -> Pending | None:
        """The question the table asks now (None: none)."""
        return self.model.pending

    @property
    def hints(self) -> bool:
        """Whether “What can I do?” marks are on."""
        return self.model.hints

    def _make_widgets(self) -> None:
        self.status = StatusLine("eco-status")
        self.canvas = SceneCanvas(
            Scene(WIDTH, scene_height(len(self.game.players)), background=PAPER),
            on_click=self._canvas_click,
            on_error=self._problem,
            css_class="eco-table-canvas",
        )
        self.buttons = make_buttons()
        actions = {
            "hint": self.show_hints,
            "end_turn": self.press_end_turn,
            "clear": self.clear_selection,
            "next_bot": self.next_bot_move,
            "bot_turn": self.finish_bot_turn,
            "score_step": self.next_score_step,
            "undo": self.undo,
            "new_game": self.press_new_game,
            "cancel": self.cancel,
        }
        for key, act in actions.items():
            self.buttons[key].on_click(self._guard(act))
        self.choice_buttons = make_choices()
        for k, choice in enumerate(self.choice_buttons):
            choice.on_click(self._guard(partial(self.choose, k)))
        self.question = make_question()
        self.history_html = labelled_html("eco-history")
        self.seed_label = labelled_html("eco-seed")
        self.score_html = labelled_html("eco-score")
        rebel = bool(self.game.options.get("extinction_rebel"))
        settings = make_settings(self.game.level, rebel)
        self.level_choice, self.seed_input, self.rebel_box, self.monk_box = settings
        self.monk_box.observe(self._guard(self._monk_ticked), names="value")
        self._file_widgets("eco")
        self._access_widgets()
        self.widget = table_layout(
            status=self.status.widget,
            buttons=self.buttons,
            question=self.question,
            choices=self.choice_buttons,
            canvas=self.canvas.canvas,
            access=self.access,
            history=self.history_html,
            settings=[
                self.seed_label,
                self.buttons["new_game"],
                self.level_choice,
                self.seed_input,
                self.rebel_box,
                self.file_row,
                self.monk_box,
            ],
            score=self.score_html,
        )

    # ------------------------------------------------------------------ the turn loop
    def _start(self, game: Ecosfera, event: str) -> None:
        """Show ``game`` from scratch: history, bots' turns, picture."""
        self.model.reset(game)
        self.score_step = 0
        self.history, self.history_turns = history_of(game)
        self._suggest_file_name(f"ecosfera-{game.seed}.json")
        set_traits(self.level_choice, value=game.level)
        set_traits(self.rebel_box, value=bool(game.options.get("extinction_rebel")))
        self.canvas.show(Scene(WIDTH, scene_height(len(game.players)), background=PAPER))
        moves = self._run_bots()
        self.status.set(event=" ".join([event, *self._summary(moves)]).strip())
        self._refresh()

    def _describe(self, before: Ecosfera, player: int, action: Action) -> str:
        return describe_move(before, self.game, player, action)

    def _record(self, before: Ecosfera, player: int, text: str) -> None:
        self.history.append(text)
        self.history_turns.append(before.turns + 1)

    def _moved(self) -> None:
        self.model.moved()

    def _fallback(self, legal: Sequence[Action]) -> Action:
        """A failing teammate ends its turn (ending a turn is always legal, and last)."""
        return legal[-1]

    def _summary(self, moves: Sequence[tuple[int, str]]) -> list[str]:
        """The bots' moves for the status line: short, with what happened by itself."""
        if len(moves) <= 2:
            return [text for _, text in moves]
        by_player: dict[int, int] = {}
        for player, _ in moves:
            by_player[player] = by_player.get(player, 0) + 1
        out = [
            t(
                "ecosfera_table.bot_moves",
                player=self.name(p),
                kind=bot_kind_words(self.seats[p]),
                n=n,
            )
            for p, n in by_player.items()
        ]
        out.append(t("ecosfera_table.bot_last", move=moves[-1][1]))
        return out

    def _play_human(self, action: Action, before_text: str = "") -> bool:
        """Play a human's move (checked by the engine), then let the bots answer."""
        refusal = self.model.refusal() or self.game.why_illegal(action)
        if refusal:
            self._problem(in_words(self.game.cards, refusal))
            self._refresh()
            return False
        player = self.game.current_player
        assert player is not None
        self._last_human = player
        text = self._commit(player, action)
        moves = self._run_bots()
        self.model.ended(action)
        event = " ".join([before_text, text, *self._summary(moves)]).strip()
        if self.game.is_over:
            event += " " + t("ecosfera_table.game_over_event", outcome=self.game.describe_outcome())
        self.status.set(event=event)
        self._refresh()
        return True

    def _answer(self, reply: Reply) -> bool:
        """Do what the model answered: play its move, or say its words; then redraw."""
        if reply.play is not None:
            return self._play_human(reply.play, reply.event)
        if reply.command == NEW_GAME:
            self.new_game()
            return True
        if reply.problem:
            self._problem(reply.problem)
        else:
            self.status.set(event=reply.event)
        self._refresh()
        return not reply.problem

    # ------------------------------------------------------------------ clicks and buttons
    def _on_target(self, target: str | None, *_xy: float) -> None:
        """Turn a click into a selection, a move, a question or an explanation."""
        self._answer(self.model.click(target))

    def click_target(self, target: str) -> None:
        """Click the middle of the first shape with this target (what a test would do)."""
        self.click(*self.scene().center_of(target))

    def select(self, code: int) -> bool:
        """Select (or unselect) a card of the turn player's line, as a click on it does."""
        return self._answer(self.model.select(code))

    def clear_selection(self) -> None:
        """Unselect everything and forget any question."""
        self._answer(self.model.clear())

    def cancel(self) -> None:
        """Forget the question (the “Cancel” button); the selection stays."""
        self._answer(self.model.cancel())

    def choose(self, index: int) -> bool:
        """Press the ``index``-th choice button of the question being asked."""
        return self._answer(self.model.choose(index))

    def end_turn(self) -> bool:
        """End the turn, or ask first (see ``TableModel.end_turn``); whether it ended."""
        turns = self.game.turns
        self._answer(self.model.end_turn())
        return self.game.turns > turns or self.game.is_over

    def press_end_turn(self) -> bool:
        """The “End turn” button: as ``end_turn``, and a press in the burst of clicks after
        a turn it ended ends nothing more (a double click ends one turn, not two)."""
        turns = self.game.turns
        self._answer(self.model.end_turn(pressed=True))
        return self.game.turns > turns or self.game.is_over

    def show_hints(self) -> None:
        """“What can I do?”: mark every possible acquisition (press again to hide)."""
        self._answer(self.model.toggle_hints())

    def pay(self, plant: int, cards: Sequence[int]) -> bool:
        """Select exactly ``cards`` on the line and click ``plant``; whether it was bought.

        With the selection one element short, the click offers the missing element (see
        ``pending``) and nothing is bought yet.
        """
        refusal = self.model.refusal()
        if refusal:
            self._problem(refusal)
            return False
        self.model.moved()
        for code in cards:
            if not self.select(code):
                return False
        if f"plant:{plant}" not in self.scene().targets():
            self._problem(t("ecosfera_table.not_in_row", plant=name_of(self.game.cards, plant)))
            return False
        moves = len(self.game.moves())
        self.click_target(f"plant:{plant}")
        return len(self.game.moves()) > moves

    def perform(self, action: Action) -> bool:
        """Make the clicks a person would make for ``action`` (for tests and demos).

        Returns whether the move was played. Refused steps are explained as for clicks; a
        question is answered with its button, as a person would after the burst.
        """
        refusal = self.model.refusal()
        if refusal:
            self._problem(refusal)
            return False
        self.model.moved()
        moves = len(self.game.moves())
        p = self.game.turn_player
        if isinstance(action, AcquirePlant):
            return self.pay(action.plant, action.cards)
        if isinstance(action, TakeMissingElement):
            self._select_all(action.cards)
            self.click_target(f"plant:{action.plant}")
        elif isinstance(action, AcquireAnimal):
            self._select_all((action.plant_a, action.plant_b))
            self.click_target(f"animal:{action.animal}")
        elif isinstance(action, (ClaimBiomes, Mycorrhiza)):
            pair = (
                (action.animal_a, action.animal_b)
                if isinstance(action, ClaimBiomes)
                else (action.tree, action.mushroom)
            )
            self._select_all(pair)
        elif isinstance(action, (Plus, Refresh, Move)):
            ability = ABILITY_OF[type(action)]
            source = (
                f"tile:{p}:{ability}"
                if action.source == TILE
                else f"symbol:{action.source}:{ability}"
            )
            self.click_target(source)
            if isinstance(action, Move):
                self.click_target(f"line:{p}:{action.card}")
        elif isinstance(action, EndTurn):
            self.end_turn()
        else:
            self._problem(t("ecosfera_table.not_a_move"))
            return False
        if len(self.game.moves()) > moves:
            return True
        return self._choose_action(action)

    def _select_all(self, cards: Sequence[int]) -> None:
        for code in cards:
            if code not in self.model.selected:
                self.click_target(f"line:{self.game.turn_player}:{code}")

    def _choose_action(self, action: Action) -> bool:
        if self.model.pending is None:
            return False
        for k, (_, option) in enumerate(self.model.pending.options):
            if option == action or _same(option, action):
                return self.choose(k)
        return False

    def marked(self) -> dict[str, str]:
        """The cards marked on the table now, as click target -> tag words."""
        return dict(self._look().marks)

    def _target_words(self, target: str) -> str | None:
        return target_words(self.game, target)

    def describe(self) -> list[str]:
        """The table in sentences for a screen reader: the status, the last move, the
        board (rows, decks, tiles, every line)."""
        return [*super().describe(), *table_words(self.game)]

    # ------------------------------------------------------------------ bots, undo, games
    def finish_bot_turn(self) -> bool:
        """Let the bot to play finish its turn (the “Finish bot turn” button)."""
        if not self.bot_to_play():
            self._problem(t("table.game_is_over") if self.game.is_over else t("table.humans_turn"))
            return False
        player = self.game.current_player
        moves: list[tuple[int, str]] = []
        while self.game.current_player == player and self.bot_to_play():
            turns = self.game.turns
            moves.append(self._play_bot())
            if self.game.turns != turns:
                break
        self.status.set(event=" ".join(self._summary(moves)))
        self._refresh()
        return True

    def undo(self) -> bool:
        """Back to the previous human decision, undoing the bots' moves after it."""
        undone = self._undo_to_human()
        if undone is None:
            self._refresh()
            return False
        del self.history_turns[len(self.history) :]
        self.model.moved()
        self.score_step = 0
        player = self.game.current_player
        assert player is not None
        self.status.set(
            event=about("ecosfera_table.undid", self.name(player), others=bot_moves_words(undone))
        )
        self._refresh()
        return True

    def new_game(self, seed: int | None = None, level: int | None = None) -> None:
        """Deal a new game: the level chosen (or given), a new seed unless given or typed."""
        if level is None:
            level = int(self.level_choice.value)
        if seed is None and self.seed_input.value.strip():
            typed = self.seed_input.value.strip()
            if not typed.isdigit():
                self._problem(t("ecosfera_table.seed_not_number", typed=typed))
                return
            seed = int(typed)
        options = dict(self.game.options)
        options["level"] = level
        options["extinction_rebel"] = bool(self.rebel_box.value)
        options["first_player"] = 0
        game = type(self.game)(self.game.players, fresh_seed() if seed is None else seed, **options)
        set_traits(self.monk_box, value=False)
        self._start(game, t("ecosfera_table.new_game", level=level, seed=game.seed))

    def press_new_game(self) -> bool:
        """The “New game” button: asks first when a game is under way (see
        ``TableModel.ask_new_game``); whether a new game was dealt."""
        seed = self.game.seed
        moves = len(self.game.moves())
        self._answer(self.model.ask_new_game())
        return self.game.seed != seed or len(self.game.moves()) != moves

    def load_game(self, game: Ecosfera, event: str = "") -> None:
        """Continue a copy of ``game`` on this table (a position prepared for a lesson).

        The seats stay when the number of players matches; otherwise the first player is
        human and the others greedy bots.
        """
        if not isinstance(game, Ecosfera):
            raise TypeError(f"load_game needs an Ecosfera game, not {type(game).__name__}")
        if len(self.seats) != len(game.players):
            self.seats = default_seats(len(game.players))
        self._start(game.clone(), event)

    def load_text(self, text: str | bytes, source: str | None = None) -> bool:
        """Continue a saved game; a damaged or foreign file leaves the current game as it is."""
        source = source or t("table.the_save_file")
        game = self._read_save(text, source)
        if game is None:
            return False
        self._start(game, loaded_event(game, source))
        return True

    # ------------------------------------------------------------------ scoring
    def sheet(self) -> ScoreSheet:
        """The team's score sheet (provisional while the game goes on)."""
        monk = bool(self.monk_box.value) and self._monk_allowed()
        key = (len(self.game.log), monk)
        if self._sheet is None or self._sheet_key != key:
            self._sheet, self._sheet_key = self.game.team_score(monk=monk), key
        return self._sheet

    def _monk_allowed(self) -> bool:
        """The Monk is declared by a team that won together (never alone)."""
        outcome = self.game.outcome
        return outcome is not None and outcome.ending == "team_won" and not self.game.solo

    def _monk_ticked(self) -> None:
        if self.monk_box.value and not self._monk_allowed():
            self._problem(t("ecosfera_table.monk_not_allowed"))
        self._refresh()

    def score_steps(self) -> list[str]:
        """The scoring categories shown one by one (the challenges that scored included)."""
        return score_steps(self.sheet())

    def next_score_step(self) -> bool:
        """Reveal the next scoring category, and after the last one the total."""
        if not self.game.is_over:
            self._problem(t("ecosfera_table.score_at_end"))
            return False
        if self.score_step > len(self.score_steps()):
            self._problem(t("ecosfera_table.score_all_shown"))
            return False
        self.score_step += 1
        self.status.set(event=step_words(self.sheet(), self.score_step))
        self._refresh()
        return True

    def _score_lines(self) -> tuple[tuple[str, str, bool], ...]:
        if not self.game.is_over or not self.score_step:
            return ()
        return score_lines(self.sheet(), self.score_step)

    def _score_html(self) -> str:
        if not self.game.is_over or not self.score_step:
            return ""
        return score_html(self.sheet(), self.score_step, bool(self.game.challenges()))

    # ------------------------------------------------------------------ drawing
    def _info(self, still: bool) -> tuple[str, tuple[str, ...]]:
        """The info box: the question, the selection, the hints or what to do."""
        game = self.game
        model = self.model
        if game.is_over:
            if not self.score_step:
                return t("ecosfera_table.score_box"), (
                    t(
                        "ecosfera_table.score_box_still"
                        if still
                        else "ecosfera_table.score_box_press"
                    ),
                )
            return t("ecosfera_table.score_title"), ()
        player = game.current_player
        assert player is not None
        if not self.is_human(player):
            title = t(
                "ecosfera_table.bot_to_play",
                player=self.name(player),
                kind=bot_kind_words(self.seats[player]),
            )
            return title, (() if still else (t("ecosfera_table.bot_buttons"),))
        if model.pending is not None and not still:
            lines = [model.pending.question, *(f"• {label}" for label, _ in model.pending.options)]
            return model.pending.title, tuple(lines)
        if model.selected:
            words = model.selection_words(still=still)
            first, _, rest = words.partition(". ")
            return first.rstrip("."), ((rest,) if rest else ())
        if model.hints:
            items = hint_items(game)
            if not items:
                return t("ecosfera_table.hint_title"), (model.nothing_to_acquire(),)
            lines = [f"• {item}" for item in items]
            abilities = model.ability_words()
            if abilities:
                lines.append(t("ecosfera_table.also_usable", abilities=" · ".join(abilities)))
            return t("ecosfera_table.hint_title"), tuple(lines)
        title = about("ecosfera_table.what_to_do", self.name(player))
        suffix = "still" if still else "live"
        return title, tuple(t(f"ecosfera_table.how_{k}_{suffix}") for k in range(1, 5))

    def _look(self, still: bool = False) -> TableLook:
        title, lines = self._info(still)
        model = self.model
        outcome = self.game.outcome
        return TableLook(
            seats=self.seats,
            seed=self.game.seed,
            selected=tuple(model.selected),
            moving=model.pending.card if model.pending is not None else None,
            marks=model.marks(),
            info_title=title,
            info_lines=lines,
            score_lines=self._score_lines(),
            over=outcome.ending if outcome is not None else "",
            still=still,
        )

    def still_scene(self) -> Scene:
        """The table as a still picture (nothing in it asks for a click)."""
        game = self.game
        return table_scene(game.view(game.turn_player), self._look(still=True))

    def _refresh(self) -> None:
        game = self.game
        self.model.tidy()
        self.canvas.show(table_scene(game.view(game.turn_player), self._look()))
        self._update_buttons()
        self.status.set(turn=self._turn_text())
        self.history_html.value = history_html(self.history, self.history_turns)
        self.score_html.value = self._score_html()
        self._refresh_access()

    def _turn_text(self) -> str:
        game = self.game
        player = game.current_player
        if player is None:
            return t("ecosfera_table.turn_over", outcome=game.describe_outcome())
        name = self.name(player)
        if not self.is_human(player):
            kind = bot_kind_words(self.seats[player])
            return t("ecosfera_table.turn_bot", player=name, kind=kind)
        text = about("ecosfera_table.turn_player", name, player=name, turn=game.turns + 1)
        if self.hot_seat() and self._last_human is not None and self._last_human != player:
            text += " " + about("ecosfera_table.pass_mouse", name, player=name)
        return text

    def _update_buttons(self) -> None:
        b = self.buttons
        game = self.game
        over = game.is_over
        model = self.model
        refusal = model.refusal()
        tip = "tip_end_turn" if game.achieved else "tip_end_turn_disaster"
        set_traits(
            b["end_turn"],
            disabled=refusal is not None,
            tooltip=refusal or t(f"ecosfera_table.{tip}"),
        )
        hide = model.hints and not model.selected and model.pending is None
        set_traits(
            b["hint"],
            disabled=refusal is not None,
            description=t(
                "ecosfera_table.button_hide_hints" if hide else "ecosfera_table.button_hint"
            ),
        )
        set_traits(b["clear"], disabled=not model.selected and model.pending is None)
        show(b["next_bot"], self.step_bots)
        show(b["bot_turn"], self.step_bots)
        set_traits(b["next_bot"], disabled=not self.bot_to_play())
        set_traits(b["bot_turn"], disabled=not self.bot_to_play())
        _slot(b["score_step"], over)
        steps = self.score_steps() if over else []
        step: dict[str, Any] = {"disabled": not over or self.score_step > len(steps)}
        if over and self.score_step < len(steps):
            step["description"] = t(
                "ecosfera_table.button_score_next", title=self.sheet().title(steps[self.score_step])
            )
        elif over:
            step["description"] = t("ecosfera_table.button_score_total")
        set_traits(b["score_step"], **step)
        show(self.monk_box, over and self._monk_allowed())
        humans = self.humans_have_played()
        set_traits(
            b["undo"],
            disabled=not humans,
            tooltip=t("ecosfera_table.tip_undo" if humans else "ecosfera_table.tip_no_undo"),
        )
        pending = model.pending
        options = pending.options if pending is not None else []
        for k, choice in enumerate(self.choice_buttons):
            if k < len(options):
                label = options[k][0]
                set_traits(choice, description=label, tooltip=label, disabled=False)
                _slot(choice, True)
            else:
                set_traits(choice, disabled=True)
                _slot(choice, False)
        _slot(b["cancel"], pending is not None)
        set_traits(b["cancel"], disabled=pending is None)
        question = (
            "<div style='font-size:14px;white-space:nowrap;overflow:hidden;"
            f"text-overflow:ellipsis'><b>{escape(pending.title)}</b> "
            f"{escape(t('ecosfera_table.question_hint'))}</div>"
            if pending is not None
            else ""
        )
        set_traits(self.question, value=question)
        rebel = t("ecosfera_table.rebel_short") if game.options.get("extinction_rebel") else ""
        self.seed_label.value = (
            "<div style='font-size:14px'>"
            + escape(
                t(
                    "ecosfera_table.seed_line",
                    seed=game.seed,
                    level=game.level,
                    n=element_count(game.level, len(game.players)),
                    rounds=game.options["round_limit"],
                    rebel=rebel,
                )
            )
            + "</div>"
        )


def _same(a: Action | str, b: Action) -> bool:
    """The same move, up to the order of a pair and which identical cards pay (a choice's
    table command, a str, is never the same as a move)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, ClaimBiomes) and isinstance(b, ClaimBiomes):
        return {a.animal_a, a.animal_b} == {b.animal_a, b.animal_b} and a.reactivate == b.reactivate
    if isinstance(a, Mycorrhiza) and isinstance(b, Mycorrhiza):
        return (a.tree, a.mushroom) == (b.tree, b.mushroom)
    if isinstance(a, TakeMissingElement) and isinstance(b, TakeMissingElement):
        return (a.plant, a.element) == (b.plant, b.element) and sorted(
            ELEMENT_OF[c] for c in a.cards
        ) == sorted(ELEMENT_OF[c] for c in b.cards)
    return a == b


__all__ = ["BASE_SEATS", "EcosferaTable", "seat_kinds"]
