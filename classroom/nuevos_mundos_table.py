"""The Nuevos Mundos table on a seat's own screen (hands hidden).

The notebook's interaction model (``widgets/nuevos_mundos/table_model.py``) with only this
seat "human" and the others "remote": the model never hands the screen over, and its scene
is built from ``view(seat)``, so the SVG only ever holds this seat's own hand. What differs
on a screen of one's own: another seat's turn is "waiting for" them (not a bot to step), a
click then says whose turn it is, each panel names its seat's kind in the room (a person, or
the bot the server plays there), and the hand's words in the keyboard list name the seat
itself.
"""

from __future__ import annotations

import re
from dataclasses import replace

from gamecore.nuevos_mundos import NuevosMundos
from gamecore.nuevos_mundos.data import BIOME_OF_CODE, biome_label, card_label
from gamecore.nuevos_mundos.previews import KINDS
from gamecore.protocol import Action, Game
from gamecore.words import about, get_language, t
from widgets.nuevos_mundos.table_model import TableModel
from widgets.nuevos_mundos.table_scene import TableLook
from widgets.nuevos_mundos.table_words import describe_move
from widgets.scene import Scene
from widgets.seats import HUMAN

from .rooms import Refused
from .seat_table import HISTORY_SHOWN, Button, Panel, SeatTable, score_panel

REMOTE = "remote"
"""The kind of every other seat in a seat's model: a person at another screen."""
SCORE = "score"
"""The button that reveals the next scoring category once the game is over."""

_HAND = re.compile(r"hand:([0-9]{1,4})")


class _Model(TableModel):
    """The notebook model as one seat sees it: only ``seat`` is at this screen."""

    def __init__(self, game: NuevosMundos, seat: int, table: SeatTable) -> None:
        seats = tuple(HUMAN if p == seat else REMOTE for p in range(len(game.players)))
        super().__init__(game, seats)
        self.seat = seat
        self.table = table
        """The seat's table, whose ``kinds`` the panels name (the server plays the bots)."""

    def others_turn(self) -> int | None:
        """The seat whose decision it is, when it is not this one (None otherwise)."""
        player = self.game.current_player
        return player if player is not None and player != self.seat else None

    def refusal(self, needs_card: bool = True) -> str | None:
        other = self.others_turn()
        if other is not None:
            return t("classroom_page.not_your_turn", name=self.name(other))
        return super().refusal(needs_card)

    def turn_text(self) -> str:
        game = self.game
        other = self.others_turn()
        if other is not None:
            return t("classroom_page.waiting_for", name=self.name(other))
        if game.outcome is not None:
            outcome = game.outcome.explain(game.players)
            return t("classroom_page.game_over", outcome=outcome, then=super().turn_text())
        key = "your_last_card" if self.ending() else "your_turn"
        return t(f"classroom_page.{key}")

    def look(self, *, still: bool = False) -> TableLook:
        """The notebook's look, each seat's panel naming its kind in the room (a person, or
        the bot the server plays for it), and, while another seat decides, the words of a
        table that waits for them (nothing there asks this seat to act)."""
        look = super().look(still=still)
        look = replace(look, seats=self.table.kinds)
        other = self.others_turn()
        if other is not None:
            look = replace(look, waiting=self.name(other), still=True)
        return look

    def target_words(self, target: str) -> str | None:
        found = _HAND.fullmatch(target)
        if found is None:
            return super().target_words(target)
        card = int(found.group(1))
        key = "pick_hand_selected" if card == self.selected else "pick_hand"
        return about(
            f"nuevos_mundos_table.{key}",
            self.name(self.seat),
            card=card_label(card),
            biome=biome_label(BIOME_OF_CODE[card]),
        )


class NuevosMundosSeat(SeatTable):
    """A Nuevos Mundos seat: choose a card of one's own hand, then a button."""

    game_name = "nuevos-mundos"

    def __init__(self, game: Game, seat: int) -> None:
        assert isinstance(game, NuevosMundos)
        super().__init__(game, seat)
        self.model = _Model(game, seat, self)
        self._said_for: tuple[tuple[str, ...], str] | None = None
        self._said: dict[int, str] = {}
        """Each move's sentence, by its place in the game, for the players and language
        ``_said_for`` (the public parts only: the same on every seat's table)."""

    def follow(self, game: Game) -> None:
        assert isinstance(game, NuevosMundos)
        self.game = game
        self.model.start(game)

    def scene(self) -> Scene:
        return self.model.scene()

    def status(self) -> str:
        return self.model.turn_text()

    def buttons(self) -> list[Button]:
        model = self.model
        if model.game.is_over:
            step = model.score_button()
            return [Button(SCORE, step.text, step.disabled, step.tooltip)]
        ending = model.ending()
        return [
            Button(kind, state.text, state.disabled, state.tooltip)
            for kind, state in model.action_states().items()
            if kind == "lay" or (kind in ("last", "none")) == ending
        ]

    def target_words(self, target: str) -> str | None:
        return self.model.target_words(target)

    def describe(self) -> list[str]:
        return list(self.model.describe())

    def history(self) -> list[str]:
        """The last moves in words, newest first: each move's sentence is made once per
        language (a room's moves are only ever added to), by undoing it on a copy."""
        game = self.model.game
        moves = game.moves()
        lang = get_language()
        if self._said_for != (game.players, lang):
            self._said_for, self._said = (game.players, lang), {}
        shown = range(len(moves) - 1, max(-1, len(moves) - 1 - HISTORY_SHOWN), -1)
        missing = [i for i in shown if i not in self._said]
        if missing:
            replay = game.clone()
            for i in range(len(moves) - 1, min(missing) - 1, -1):
                after = replay.view(0)
                replay.undo()
                if i not in self._said:
                    player, action = moves[i]
                    self._said[i] = describe_move(
                        game.players, player, action, replay.view(0), after
                    )
        return [self._said[i] for i in shown]

    def panels(self) -> list[Panel]:
        panels = [Panel(t("classroom_page.history"), self.history())]
        game = self.model.game
        if game.is_over:
            sheet = self.model.sheet()
            shown = self.model.score_step  # past the last category: the totals too
            panels.append(
                score_panel(
                    sheet, t("classroom_page.scores"), t("classroom_page.total"), shown=shown
                )
            )
        return panels

    def is_target(self, target: str) -> bool:
        """A table's target, or a card of a hand this seat cannot see (``hand:12``): the
        model answers that one (not your hand, not your turn)."""
        found = _HAND.fullmatch(target)
        if found is not None and 0 < int(found.group(1)) < len(BIOME_OF_CODE):
            return True
        return target in self.model.scene(still=True).targets()

    def click(self, target: str) -> str:
        said = self.model.click(target)
        if said.problem is not None:
            raise Refused(422, "table.refused", said.problem)
        return said.event or ""

    def press(self, kind: str) -> Action | str:
        model = self.model
        if kind == SCORE:
            said = model.next_score_step()
            if said.problem is not None:
                raise Refused(422, "table.refused", said.problem)
            return said.event or ""
        if kind not in KINDS:
            raise Refused(
                422, "table.no_button", kind=repr(kind)[:40], kinds=", ".join((*KINDS, SCORE))
            )
        action, refusal = model.action_to_play(kind)
        if action is None:
            raise Refused(422, "table.refused", refusal or "")
        return action
