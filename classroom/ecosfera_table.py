"""The Ecosfera table on a seat's own screen: the team plays together, each from a laptop.

The notebook's interaction model (``widgets/ecosfera/table_model.py``) with only this seat
"human" and the others "remote": clicks on the cards of one's own line, the supply, the
tiles and symbols select, ask and play as at the notebook table, and only while it is this
seat's turn. The scene is drawn from ``view(seat)``. In Ecosfera every line, row, tile and
pile size is public and only the decks' orders are hidden, so the seat sees what the view
holds: the same table as its teammates, with its own words ("your line", "Waiting for Ana
to play").

What differs from the notebook table (``widgets/ecosfera/table.py``, whose info box, status
line and buttons this module says again for one seat, since that module is a widget):

- another seat's turn reads "Waiting for Ana to play", and a click or button then is
  refused with that sentence;
- no Undo, New game or bot buttons: a move the room accepted is final (every laptop has
  seen it), the teacher makes the rooms, and the server plays the bots' seats at once;
- "End turn" needs no guard against a double click in a team game: the second click
  carries the old move number and is refused as stale; in a solo room the notebook's guard
  still holds (a second press just after the turn it ended ends nothing);
- The Monk ("we won without speaking") is a tick on each screen's score, not the room's:
  it is the team's declaration, never a move.

See docs/rules/ecosfera.md ("On the class server").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from gamecore.ecosfera import Ecosfera, EndTurn
from gamecore.ecosfera.data import BIOME_TILES, EXTINCTION_TILES, supply_at_start
from gamecore.ecosfera.explain import in_words
from gamecore.protocol import Action, Game
from gamecore.scoresheet import ScoreSheet
from gamecore.words import get_language, join_words, t
from widgets.ecosfera.table_model import Pending, Reply, TableModel
from widgets.ecosfera.table_scene import TableLook, table_scene
from widgets.ecosfera.table_words import (
    ability_name,
    biome_name,
    cap,
    card_words,
    describe_move,
    hint_items,
    history_of,
    score_lines,
    score_steps,
    step_words,
    table_words,
    target_words,
)
from widgets.scene import Scene, Text
from widgets.seats import HUMAN
from widgets.words import you_name

from .rooms import Refused
from .seat_table import HISTORY_SHOWN, Button, Panel, SeatTable

REMOTE = "remote"
"""The kind of every other seat in a seat's model: a teammate at another screen."""

END_TURN = "end_turn"
HINT = "hint"
CLEAR = "clear"
CANCEL = "cancel"
CHOICE = "choice:"
"""A choice of the question asked: ``choice:0``, ``choice:1``, ..."""
SCORE = "score"
MONK = "monk"
BUTTONS = (END_TURN, HINT, CLEAR, f"{CHOICE}N", CANCEL, SCORE, MONK)
"""Every button's kind, for the refusal of an unknown one."""
OWN_KINDS = ("line", "tile", "deck", "discard")
"""Targets that belong to a player (their seat is the first number): said as "your ..."
on that player's own screen."""


@dataclass(frozen=True)
class _Screen:
    """What one screen has in mind between moves, kept to be put back after a refusal."""

    selected: tuple[int, ...]
    pending: Pending | None
    chosen_for: str | None
    hints: bool


class _Model(TableModel):
    """The notebook model as one seat sees it: only ``seat`` is at this screen."""

    def __init__(self, game: Ecosfera, seat: int, clock: Callable[[], float]) -> None:
        seats = tuple(HUMAN if p == seat else REMOTE for p in range(len(game.players)))
        super().__init__(game, seats, clock)
        self.seat = seat

    def name(self, player: int) -> str:
        """This seat is "you" in the model's sentences ("It is your turn", "your plus
        tile"), as the notebook's human seat named "You" is; the others by their names."""
        return you_name() if player == self.seat else super().name(player)

    def others_turn(self) -> int | None:
        """The seat whose turn it is, when it is not this one (None otherwise)."""
        player = self.game.current_player
        return player if player is not None and player != self.seat else None

    def refusal(self) -> str | None:
        other = self.others_turn()
        if other is not None:
            return t("classroom_page.waiting_for", name=self.name(other))
        return super().refusal()

    def screen(self) -> _Screen:
        return _Screen(tuple(self.selected), self.pending, self.chosen_for, self.hints)

    def put_back(self, screen: _Screen) -> None:
        self.selected = list(screen.selected)
        self.pending = screen.pending
        self.chosen_for = screen.chosen_for
        self.hints = screen.hints


class EcosferaSeat(SeatTable):
    """An Ecosfera seat: click cards, tiles and symbols, answer the table's questions with
    its choice buttons, end the turn; at the end, count the team's score step by step.

    ``clock`` (seconds) tells bursts of clicks apart, as at the notebook table."""

    game_name = "ecosfera"

    def __init__(self, game: Game, seat: int, clock: Callable[[], float] = time.monotonic) -> None:
        assert isinstance(game, Ecosfera)
        super().__init__(game, seat)
        self.game: Ecosfera = game
        self.model = _Model(game, seat, clock)
        self.score_step = 0
        """How many scoring steps this screen has revealed (the total after the last)."""
        self.monk = False
        """Whether this screen counts The Monk (the team says it won without speaking)."""
        self._history, self._turns = history_of(game)
        self._sheet: tuple[tuple[int, bool], ScoreSheet] | None = None
        self._drawn: tuple[Ecosfera, tuple[object, ...], Scene] | None = None

    # ------------------------------------------------------------------ following the room
    def follow(self, game: Game) -> None:
        assert isinstance(game, Ecosfera)
        old, self.game = self.game, game
        before, after = old.moves(), game.moves()
        added = after[len(before) :]
        if len(added) == 1 and after[: len(before)] == before:
            player, action = added[0]
            self._history.append(describe_move(old, game, player, action))
            self._turns.append(old.turns + 1)
        else:  # several moves at once (a bot's turn), or another game: told afresh
            self._history, self._turns = history_of(game)
        model = self.model
        model.game = game
        model.moved()
        model.tidy()
        # "End turn" pressed twice: the second press must not end a second turn. That is a
        # solo room, or a team whose next player's turn ended before it began (three
        # disasters on the new line): our End turn was the last move, and it is ours again.
        mine = bool(added) and all(p == self.seat for p, _ in added)
        if mine and isinstance(added[-1][1], EndTurn):
            model.ended(added[-1][1])
        else:
            model.last_end = float("-inf")
        if not game.is_over:
            self.score_step = 0
            self.monk = False

    # ------------------------------------------------------------------ the score
    def monk_allowed(self) -> bool:
        """The Monk is declared by a team that won together (never alone)."""
        outcome = self.game.outcome
        return outcome is not None and outcome.ending == "team_won" and not self.game.solo

    def sheet(self) -> ScoreSheet:
        """The team's score sheet (provisional while the game goes on)."""
        monk = self.monk and self.monk_allowed()
        key = (len(self.game.log), monk)
        if self._sheet is None or self._sheet[0] != key:
            self._sheet = key, self.game.team_score(monk=monk)
        return self._sheet[1]

    def steps(self) -> list[str]:
        return score_steps(self.sheet())

    # ------------------------------------------------------------------ what it shows
    def _info(self) -> tuple[str, tuple[str, ...]]:
        """The info box of the scene: the question, the selection, the hints, what to do,
        or whom the table waits for."""
        game, model = self.game, self.model
        if game.is_over:
            if not self.score_step:
                return t("ecosfera_table.score_box"), (t("ecosfera_table.score_box_press"),)
            return t("ecosfera_table.score_title"), ()
        other = model.others_turn()
        if other is not None:
            name = model.name(other)
            return t("classroom_page.waiting_for", name=name), (
                t("classroom_ecosfera.waiting_info", name=name),
            )
        if model.pending is not None:
            options = (f"• {label}" for label, _ in model.pending.options)
            return model.pending.title, (model.pending.question, *options)
        if model.selected:
            first, _, rest = model.selection_words().partition(". ")
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
        how = tuple(t(f"ecosfera_table.how_{k}_live") for k in range(1, 5))
        return t("ecosfera_table.what_to_do_you"), how

    def look(self) -> TableLook:
        title, lines = self._info()
        model = self.model
        outcome = self.game.outcome
        shown = self.game.is_over and self.score_step > 0
        return TableLook(
            seats=self.kinds,  # each panel names its seat's kind: a person, or the bot
            selected=tuple(model.selected),
            moving=model.pending.card if model.pending is not None else None,
            marks=model.marks(),
            info_title=title,
            info_lines=lines,
            score_lines=score_lines(self.sheet(), self.score_step) if shown else (),
            over=outcome.ending if outcome is not None else "",
        )

    def scene(self) -> Scene:
        """The notebook's picture of ``view(seat)``, its footer without the game's seed: with
        the seed a student could deal the game again and read every deck's order. Drawn
        again only when the game, the screen or the language changed."""
        key = (get_language(), self.model.screen(), self.score_step, self.monk)
        drawn = self._drawn
        if drawn is not None and drawn[0] is self.game and drawn[1] == key:
            return drawn[2]
        view = self.game.view(self.seat)
        scene = table_scene(view, self.look())
        options = view.options
        footer = t(
            "classroom_ecosfera.footer",
            level=options["level"],
            supply=supply_at_start(options["level"], len(view.players)),
            rounds=options["round_limit"],
        )
        if options.get("extinction_rebel"):
            footer = t("ecosfera_table.footer_rebel", footer=footer)
        scene.shapes = [
            replace(shape, text=footer)
            if isinstance(shape, Text) and shape.id == "footer"
            else shape
            for shape in scene.shapes
        ]
        self._drawn = self.game, key, scene
        return scene

    def status(self) -> str:
        game, model = self.game, self.model
        outcome = game.outcome
        if outcome is not None:
            over = t("ecosfera_table.turn_over", outcome=game.describe_outcome())
            return t("classroom_page.game_over", outcome=outcome.explain(game.players), then=over)
        other = model.others_turn()
        if other is not None:
            return t("classroom_page.waiting_for", name=model.name(other))
        text = t("ecosfera_table.turn_player_you", turn=game.turns + 1)
        if model.pending is not None:
            text += " " + model.pending.question
        return text

    def buttons(self) -> list[Button]:
        model = self.model
        if self.game.is_over:
            return self._score_buttons()
        refusal = model.refusal()
        tip = "tip_end_turn" if self.game.achieved else "tip_end_turn_disaster"
        hide = model.hints and not model.selected and model.pending is None
        hint = t("ecosfera_table.button_hide_hints" if hide else "ecosfera_table.button_hint")
        nothing = not model.selected and model.pending is None
        buttons = [
            Button(
                END_TURN,
                t("ecosfera_table.button_end_turn"),
                refusal is not None,
                refusal or t(f"ecosfera_table.{tip}"),
            ),
            Button(HINT, hint, refusal is not None, refusal or t("ecosfera_table.tip_hint")),
            Button(
                CLEAR,
                t("ecosfera_table.button_clear"),
                nothing,
                refusal
                or t("ecosfera_table.nothing_selected" if nothing else "ecosfera_table.tip_clear"),
            ),
        ]
        if model.pending is not None:
            buttons += [
                Button(f"{CHOICE}{k}", label, False, label)
                for k, (label, _) in enumerate(model.pending.options)
            ]
            buttons.append(
                Button(
                    CANCEL, t("ecosfera_table.button_cancel"), False, t("ecosfera_table.tip_cancel")
                )
            )
        return buttons

    def _score_buttons(self) -> list[Button]:
        steps = self.steps()
        if self.score_step < len(steps):
            title = self.sheet().title(steps[self.score_step])
            text = t("ecosfera_table.button_score_next", title=title)
        else:
            text = t("ecosfera_table.button_score_total")
        done = self.score_step > len(steps)
        tip = t("classroom_ecosfera.score_all_shown" if done else "ecosfera_table.tip_score_step")
        buttons = [Button(SCORE, text, done, tip)]
        if self.monk_allowed():
            key = "classroom_ecosfera.monk_off" if self.monk else "ecosfera_table.monk_box"
            buttons.append(Button(MONK, t(key), False, t("classroom_ecosfera.tip_monk")))
        return buttons

    def target_words(self, target: str) -> str | None:
        game = self.game
        kind, _, rest = target.partition(":")
        args = [int(v) for v in rest.split(":")] if rest else []
        if kind in OWN_KINDS and args[0] == self.seat:
            if kind == "line":
                used = args[1] in game.used
                key = "ecosfera_table.pick_used_you" if used else "ecosfera_table.pick_line_you"
                words = t(key, card=cap(card_words(game.cards, args[1])))
            elif kind == "tile":
                words = t("ecosfera_table.pick_tile_you", tile=ability_name(args[1]))
            else:
                words = t(f"ecosfera_table.pick_{kind}_you")
        else:
            found = target_words(game, target)
            if found is None:
                return None
            words = found
        if kind == "line" and args[1] in self.model.selected:
            return t("classroom_ecosfera.pick_selected", card=words)
        return words

    def describe(self) -> list[str]:
        said = [self.status()]
        if self.model.selected:
            said.append(self.model.selection_words(still=True))
        return [*said, *table_words(self.game)]

    def last(self) -> str:
        return self._history[-1] if self._history else ""

    def history(self) -> list[str]:
        shown = list(zip(self._turns, self._history))[-HISTORY_SHOWN:]
        return [t("classroom_ecosfera.history_line", turn=n, said=s) for n, s in reversed(shown)]

    def team_panel(self) -> Panel:
        """How the team stands: the round, the tiles, what is left, the points so far."""
        game = self.game
        players = len(game.players)
        placed = join_words([cap(biome_name(b)) for b in game.biome_tiles])
        lines = [
            t(
                "classroom_ecosfera.round",
                round=game.turns // players + 1,
                rounds=game.options["round_limit"],
                level=game.level,
            ),
            t(
                "classroom_ecosfera.biome_tiles",
                n=len(game.biome_tiles),
                total=BIOME_TILES,
                biomes=placed or t("classroom_ecosfera.none"),
            ),
            t(
                "classroom_ecosfera.extinction_tiles",
                n=game.extinction_tiles,
                total=EXTINCTION_TILES,
            ),
            t(
                "classroom_ecosfera.supply",
                n=sum(len(d) for d in game.element_decks),
                disasters=len(game.disaster_deck),
            ),
        ]
        outcome = game.outcome
        if outcome is None:
            lines.append(t("classroom_ecosfera.points_so_far", n=self.sheet().total("team")))
        else:
            lines.append(self.status())
        return Panel(t("classroom_ecosfera.team_title"), lines)

    def score_panel(self) -> Panel:
        """The score sheet, step by step as this screen revealed it; the total at the end."""
        sheet = self.sheet()
        team = sheet.players[0]
        steps = self.steps()
        rows = [
            [
                sheet.title(c),
                f"{sheet.points(team, c):+d}",
                "; ".join(r.reason for r in sheet.rows_for(team, c)),
            ]
            for c in steps[: self.score_step]
        ]
        lines: list[str] = []
        if self.score_step > len(steps):
            rows.append([t("ecosfera_table.total_for_team"), str(sheet.total(team)), ""])
            if not self.game.challenges(monk=self.monk and self.monk_allowed()):
                lines.append(t("ecosfera_table.no_challenge"))
        elif self.score_step == 0:
            lines.append(t("ecosfera_table.score_box_press"))
        head = ("", t("classroom_ecosfera.points"), t("classroom_ecosfera.why"))
        return Panel(t("ecosfera_table.score_title"), lines, head, rows)

    def panels(self) -> list[Panel]:
        panels = [Panel(t("classroom_page.history"), self.history()), self.team_panel()]
        if self.game.is_over:
            panels.append(self.score_panel())
        return panels

    # ------------------------------------------------------------------ what it does
    def _answer(self, reply: Reply, before: _Screen) -> Action | str:
        """What a reply of the model makes: a move to play, the words of a choice or of a
        question asked (a change on this screen), or a refusal that puts the screen back
        as it was."""
        model = self.model
        if reply.play is not None:
            why = self.game.why_illegal(reply.play)  # a face-down tile: said with names
            if why is None:
                return reply.play
            model.put_back(before)
            raise Refused(422, "table.refused", in_words(self.game.cards, why))
        if reply.problem:
            if model.pending is not None and model.pending is not before.pending:
                return reply.problem  # "are you sure?": a question, answered by a button
            model.put_back(before)
            raise Refused(422, "table.refused", reply.problem)
        return reply.event

    def click(self, target: str) -> Action | str:
        before = self.model.screen()
        return self._answer(self.model.click(target), before)

    def press(self, kind: str) -> Action | str:
        model = self.model
        before = model.screen()
        if self.game.is_over and kind in (SCORE, MONK):
            return self._score_press(kind)
        if kind == END_TURN:
            reply = model.end_turn(pressed=True)
        elif kind == HINT:
            reply = model.toggle_hints()
        elif kind == CLEAR:
            refusal = model.refusal()
            if not model.selected and model.pending is None:
                refusal = refusal or t("ecosfera_table.nothing_selected")
            reply = Reply(problem=refusal) if refusal else model.clear()
        elif kind == CANCEL:
            refusal = model.refusal()
            reply = Reply(problem=refusal) if refusal else model.cancel()
        elif kind.startswith(CHOICE) and kind[len(CHOICE) :].isdigit():
            refusal = model.refusal()
            reply = Reply(problem=refusal) if refusal else model.choose(int(kind[len(CHOICE) :]))
        elif kind in (SCORE, MONK):
            reply = Reply(problem=t("ecosfera_table.score_at_end"))
        else:
            raise Refused(422, "table.no_button", kind=repr(kind)[:40], kinds=", ".join(BUTTONS))
        return self._answer(reply, before)

    def _score_press(self, kind: str) -> str:
        if kind == MONK:
            if not self.monk_allowed():
                raise Refused(422, "table.refused", t("ecosfera_table.monk_not_allowed"))
            self.monk = not self.monk
            key = "monk_on" if self.monk else "monk_removed"
            return t(f"classroom_ecosfera.{key}", n=self.sheet().total("team"))
        if self.score_step > len(self.steps()):
            raise Refused(422, "table.refused", t("classroom_ecosfera.score_all_shown"))
        self.score_step += 1
        return step_words(self.sheet(), self.score_step)
