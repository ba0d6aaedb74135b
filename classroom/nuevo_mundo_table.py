"""The Nuevo Mundo table on a seat's own screen (tactics and hands hidden, no passing the
screen).

The notebook's interaction model (``widgets/nuevo_mundo/table_model.py``) with only this
seat "human" and the others "remote": the model never hands the screen over, and the scene
is drawn from ``view(seat)`` alone, so the SVG holds this seat's own hand and, in a battle,
its own tactic only. Each side of a battle chooses its tactic on its own page; the defender
answers a negotiation on theirs.

The engine asks the attacker for a tactic first, then the defender (``pending``
``tactic_attacker`` then ``tactic_defender``; ``current_player`` says who). Between the two,
the attacker's choice is in the room's log but in no view but the attacker's own
(``my_tactic``), and no event names it before the round is revealed (``battle_round``), so
the defender's page, built from their view and the events, cannot show it.

What differs from the notebook on a screen of one's own:

- another seat's decision is "Waiting for Ana: <what she decides>" (a tactic, an answer to a
  negotiation ...), and this seat's clicks and buttons are refused with that sentence;
- a click never plays a move: it chooses (a region, where to go, a face-up card), and a
  button plays. A click that the notebook would play at once (the destination of a
  mobilisation, a face-up card to take) says which button does it, and its key;
- every button has a stable name (the action's kind and fields, ``aim:3:7``), pressed by a
  click or, for the decision's buttons, the keys 1-9 (E ends the turn, Esc lets go);
- no undo (every seat has seen the move) and no new game (the teacher's), no bots to step;
- a room with cards typed in (``cards="table"``) asks for each card turned over (the seat
  that took a card types the next one) and for the card a defender hands over (the defender's
  own page), in the notebook's two presses: the category, a button named
  ``cards_of:<category>`` that chooses on this page alone, as a click does (``categories``
  goes back), then the card, ``card_drawn:<card>``;
- the history is the engine's events said for this seat (a card's points only to its
  owners), one line per move, and "Ana chose a tactic in secret" for a tactic not yet shown.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass
from typing import Final

from gamecore.errors import IllegalAction
from gamecore.nuevo_mundo import NuevoMundo, NuevoMundoView
from gamecore.nuevo_mundo.actions import EndTurn, Tactic, category_word
from gamecore.nuevo_mundo.data import CARDS, CATEGORIES, Card
from gamecore.nuevo_mundo.events import event_text
from gamecore.nuevo_mundo.game import (
    ANSWER,
    COLOUR,
    COMBO,
    DRAW,
    ENTER,
    MOVE,
    NUMBER,
    OPERATE,
    PICK,
    PLACE,
    PLUNDER,
    PLUNDER_CARD,
    SAIL,
    TACTIC_ATTACKER,
    TACTIC_DEFENDER,
)
from gamecore.protocol import Action, Chance, Game
from gamecore.words import about, join_words, t
from widgets.nuevo_mundo.cards import card_name, category_name, points_words
from widgets.nuevo_mundo.map_scene import regions_in_words
from widgets.nuevo_mundo.table_model import Choice, NuevoMundoModel
from widgets.nuevo_mundo.table_scene import TableLook, table_scene
from widgets.scene import Scene
from widgets.seats import HUMAN

from .jsonable import JSON
from .rooms import Refused
from .seat_table import HISTORY_SHOWN, Button, Panel, SeatTable, score_panel

NS: Final = "classroom_nuevo_mundo"
REMOTE: Final = "remote"
"""The kind of every other seat in a seat's model: a person at another screen."""
END_TURN: Final = "end_turn"
LET_GO: Final = "let_go"
CHOICE_KEYS: Final = "123456789"
"""The keys of the decision's buttons, in order (as in the notebook)."""
END_TURN_KEY: Final = "e"
LET_GO_KEY: Final = "Escape"

_TARGET = re.compile(r"(region|faceup):([0-9]{1,3})")
_KIND = re.compile(r"[a-z_]{1,20}(:[0-9]{1,4}){0,3}")
_BATTLE_EVENTS: Final = (
    "battle",
    "battle_round",
    "settlement_lost",
    "plunder",
    "eliminated",
    "battle_over",
)


def button_kind(action: Action) -> str:
    """A button's stable name: the action's kind and its fields (``aim:3:7``, ``tactic:2``)."""
    values = [str(getattr(action, f.name)) for f in dataclasses.fields(action)]
    return ":".join([action.kind, *values])


def action_of(game: NuevoMundo, kind: str) -> Action | None:
    """The action a button name stands for (None: no action of this game is named so)."""
    if not _KIND.fullmatch(kind):
        return None
    name, *values = kind.split(":")
    action_type = type(game).action_types.get(name)
    if action_type is None:
        return None
    names = [f.name for f in dataclasses.fields(action_type)]
    if len(names) != len(values):
        return None
    return action_type(**dict(zip(names, map(int, values))))


@dataclass(frozen=True)
class KeyedButton(Button):
    """A button with a keyboard key that presses it (the page's ``key``)."""

    key: str = ""

    def to_json(self) -> dict[str, JSON]:
        data = super().to_json()
        if self.key:
            data["key"] = self.key
        return data


class _Story:
    """Where each move's events end in the game's events, so a move is said in a sentence
    (the engine records events, not which move made them). Kept up to date by playing the
    room's new moves (one, or a bot's run after it) on a copy of the last game seen, whose
    chance comes from the seed as the room's does; replayed from the log otherwise."""

    def __init__(self, game: NuevoMundo) -> None:
        self.moves: list[tuple[int, Action]] = []
        self.ends: list[int] = []
        self.start = 0
        self._last: NuevoMundo = game
        self._replay(game)

    def follow(self, game: NuevoMundo) -> None:
        moves = game.moves()
        if moves == self.moves:
            return
        seen = len(self.moves)
        if len(moves) > seen and moves[:seen] == self.moves:
            replay = self._last.clone()
            ends = list(self.ends)
            try:
                for _, action in moves[seen:]:
                    replay.play(action)
                    ends.append(len(replay.events))
            except IllegalAction:  # chance that the seed does not give: replay the log
                replay.events = []
            if replay.events == game.events:
                self.moves, self.ends, self._last = moves, ends, game
                return
        self._replay(game)

    def _replay(self, game: NuevoMundo) -> None:
        chance = [e for e in game.log if isinstance(e, Chance)]
        replay = type(game)(game.players, game.seed, _chance=chance, **game.options)
        self.start = len(replay.events)
        self.ends = []
        for _, action in game.moves():
            replay.play(action)
            self.ends.append(len(replay.events))
        self.moves = game.moves()
        self._last = game

    def events_of(self, index: int) -> range:
        """The indices in ``game.events`` of what move ``index`` (from 0) made happen."""
        begin = self.ends[index - 1] if index else self.start
        return range(begin, self.ends[index])


class _Model(NuevoMundoModel):
    """The notebook model as one seat sees it: only ``seat`` is at this screen."""

    def __init__(self, game: NuevoMundo, seat: int) -> None:
        seats = tuple(HUMAN if p == seat else REMOTE for p in range(len(game.players)))
        super().__init__(game, seats)
        self.seat = seat
        self._view: NuevoMundoView | None = None
        self._options: dict[tuple[int | None, int | None], tuple[int, ...]] = {}

    def start(self, game: NuevoMundo) -> None:
        """A new position of the room (a game object is never changed once shown)."""
        super().start(game)
        self._view = None
        self._options = {}

    def shown_view(self) -> NuevoMundoView:
        """Always this seat's own view (there is no screen to pass)."""
        if self._view is None:
            self._view = self.game.view(self.seat)
        return self._view

    def options(self) -> tuple[int, ...]:
        """The notebook's regions a click may go to, worked out once per choice."""
        key = (self.selected, self.across)
        if key not in self._options:
            self._options[key] = super().options()
        return self._options[key]

    def others_turn(self) -> int | None:
        """The seat whose decision it is, when it is not this one (None otherwise)."""
        player = self.game.current_player
        return player if player is not None and player != self.seat else None

    def waiting(self) -> str | None:
        """What the table waits for when another seat decides, in a sentence (else None)."""
        other = self.others_turn()
        if other is None:
            return None
        game, view = self.game, self.shown_view()
        name = self.name(other)
        pending = game.pending or game.stage
        if pending in (TACTIC_ATTACKER, TACTIC_DEFENDER):
            region = game.region_name(game.b_region)
            if view.my_tactic:
                return t(f"{NS}.waiting_tactic_yours_hidden", name=name, tactic=view.my_tactic)
            if pending == TACTIC_ATTACKER and game.b_defender == self.seat:
                return t(f"{NS}.waiting_tactic_then_you", name=name, region=region)
            return t(f"{NS}.waiting_tactic", name=name, region=region)
        if pending == ANSWER and game.negotiation is not None:
            region, destination = (game.region_name(r) for r in game.negotiation)
            key = "waiting_answer_yours" if view.turn_player == self.seat else "waiting_answer"
            attacker = self.name(view.turn_player) if view.turn_player is not None else ""
            return t(
                f"{NS}.{key}", name=name, attacker=attacker, region=region, destination=destination
            )
        if pending == PLUNDER:
            key = "waiting_plunder_you" if game.b_defender == self.seat else "waiting_plunder"
            return t(f"{NS}.{key}", name=name, defender=self.name(game.b_defender))
        if pending == PLUNDER_CARD:
            taker = game.order[game.turn]
            key = "waiting_plunder_card_yours" if taker == self.seat else "waiting_plunder_card"
            return t(
                f"{NS}.{key}",
                name=name,
                attacker=self.name(taker),
                category=category_word(game.b_category),
            )
        simple = {
            NUMBER: "waiting_die",
            COLOUR: "waiting_die",
            DRAW: "waiting_card",
            PICK: "waiting_pick",
            MOVE: "waiting_cross",
            SAIL: "waiting_cross",
            COMBO: "waiting_combo",
            ENTER: "waiting_enter",
            PLACE: "waiting_place",
            OPERATE: "waiting_operate",
        }
        return t(f"{NS}.{simple.get(pending, 'waiting')}", name=name, n=game.credits)

    def refusal(self) -> str | None:
        if self.game.is_over:
            return t(f"{NS}.over")
        return self.waiting() or super().refusal()

    def turn_text(self) -> str:
        game = self.game
        outcome = game.outcome
        if outcome is not None:
            return t(f"{NS}.game_over", outcome=outcome.explain(game.players))
        return self.waiting() or t(f"{NS}.your_turn", what=self.waiting_words())

    def look(self) -> TableLook:
        return TableLook(selected=self.selected, options=self.options())


class NuevoMundoSeat(SeatTable):
    """A Nuevo Mundo seat: click the map (or a face-up card) to choose, then a button."""

    game_name = "nuevo-mundo"

    def __init__(self, game: Game, seat: int) -> None:
        assert isinstance(game, NuevoMundo)
        super().__init__(game, seat)
        self.model = _Model(game, seat)
        self.story = _Story(game)

    def follow(self, game: Game) -> None:
        assert isinstance(game, NuevoMundo)
        kept = self.model.selected
        self.game = game
        self.model.start(game)
        self.story.follow(game)
        # while placing, the region stays chosen for the next purchase (as in the notebook)
        placing = game.stage == PLACE and not game.pending and self.model.refusal() is None
        if kept is not None and placing and kept in self.model.options():
            self.model.selected = kept

    @property
    def view(self) -> NuevoMundoView:
        return self.model.shown_view()

    # ------------------------------------------------------------------ what it shows
    def scene(self) -> Scene:
        return table_scene(self.view, self.model.look())

    def status(self) -> str:
        return self.model.turn_text()

    def _choices(self) -> list[Choice]:
        """The decision's buttons that play an action, or choose the category of a card to
        type in (never the notebook's handover)."""
        return [
            c
            for c in self.model.choices()
            if c.action is not None or c.command not in ("", "reveal")
        ]

    def buttons(self) -> list[Button]:
        model = self.model
        out: list[Button] = []
        for k, choice in enumerate(self._choices()):
            key = CHOICE_KEYS[k] if k < len(CHOICE_KEYS) else ""
            text = t(f"{NS}.keyed", key=key, label=choice.label) if key else choice.label
            tip = t(f"{NS}.key_tip", key=key) if key else ""
            kind = button_kind(choice.action) if choice.action is not None else choice.command
            out.append(KeyedButton(kind, text, False, tip, key))
        refusal = model.refusal()
        end = refusal or self.game.why_illegal(EndTurn())
        out.append(
            KeyedButton(
                END_TURN,
                t("nuevo_mundo_table.end_turn"),
                end is not None,
                end or t(f"{NS}.end_turn_tip"),
                END_TURN_KEY,
            )
        )
        let_go = refusal or (
            t("nuevo_mundo_table.nothing_chosen") if model.selected is None else None
        )
        out.append(
            KeyedButton(
                LET_GO,
                t("nuevo_mundo_table.let_go_button"),
                let_go is not None,
                let_go or t(f"{NS}.let_go_tip"),
                LET_GO_KEY,
            )
        )
        return out

    def target_words(self, target: str) -> str | None:
        found = _TARGET.fullmatch(target)
        if found is None:
            return None
        view, number = self.view, int(found.group(2))
        if found.group(1) == "faceup":
            if number >= len(view.face_up):
                return None
            return t(
                f"{NS}.target_face_up",
                slot=number + 1,
                card=_card(CARDS[view.face_up[number]]),
            )
        region = view.map.regions[number]
        pieces = _pieces(view, number)
        words = t(
            f"{NS}.target_region",
            region=region.name,
            kind=t(f"{NS}.land" if region.land else f"{NS}.sea"),
            pieces=pieces or t(f"{NS}.empty"),
        )
        if number == self.model.selected:
            return t(f"{NS}.target_chosen", words=words)
        if number in self.model.options():
            return t(f"{NS}.target_option", words=words)
        return words

    def describe(self) -> list[str]:
        view = self.view
        lines = [self.status(), self.players_line()]
        last = self.last()
        if last:
            lines.append(t("classroom_page.last_move", said=last))
        lines += regions_in_words(view)
        if view.hand:
            cards = "; ".join(_card(CARDS[c]) for c in sorted(view.hand))
            lines.append(t(f"{NS}.your_hand", n=len(view.hand), cards=cards))
        else:
            lines.append(t(f"{NS}.your_hand_empty"))
        for p, backs in enumerate(view.backs):
            if p != self.seat and backs:
                lines.append(
                    t(f"{NS}.their_cards", name=view.players[p], n=len(backs), kinds=_backs(backs))
                )
        if view.face_up:
            cards = "; ".join(_card(CARDS[c]) for c in view.face_up)
            lines.append(t(f"{NS}.face_up_words", cards=cards, n=view.deck_size))
        return lines

    def move_words(self, index: int) -> str:
        """Move ``index`` (from 0) in sentences for this seat: its events, said for this
        seat's eyes (a card's points only to its owners); a tactic not yet revealed is "chose
        a tactic in secret" (its number only on the chooser's own page)."""
        game = self.model.game
        player, action = self.story.moves[index]
        said = [
            event_text(game, game.events[e], viewer=self.seat) for e in self.story.events_of(index)
        ]
        if said:
            return " ".join(said)
        name = self.model.name(player)
        if isinstance(action, Tactic):
            if player == self.seat:
                return t(f"{NS}.own_tactic", tactic=action.tactic)
            return about("nuevo_mundo_table.tactic_chosen", name)
        return about("nuevo_mundo_table.did", name, what=game.describe(action))

    def history(self) -> list[str]:
        count = len(self.story.moves)
        return [
            self.move_words(i) for i in range(count - 1, max(-1, count - 1 - HISTORY_SHOWN), -1)
        ]

    def battle_lines(self) -> tuple[str, list[str]] | None:
        """The battle of this turn, going on or just over: (its title, its lines): each side's
        force, who chooses now, this seat's own secret tactic, and every round revealed."""
        view = self.view
        events = view.events
        start = next(
            (k for k in range(len(events) - 1, -1, -1) if events[k][0] in ("battle", "turn")),
            None,
        )
        if start is None or events[start][0] != "battle":
            return None
        region = events[start][3]
        lines = [event_text(view, e) for e in events[start:] if e[0] in _BATTLE_EVENTS]
        if view.battle_region >= 0 and view.turn_player is not None:
            for p in (view.turn_player, view.defender):
                force = view.cq[region][p] + (view.ca[region][p] if p == view.defender else 0)
                lines.append(t(f"{NS}.battle_force", name=view.players[p], n=force))
            if view.my_tactic:
                lines.append(t(f"{NS}.battle_my_tactic", tactic=view.my_tactic))
            chooser = view.current_player
            if view.pending in (TACTIC_ATTACKER, TACTIC_DEFENDER) and chooser is not None:
                if chooser == self.seat:
                    lines.append(t(f"{NS}.battle_you_choose"))
                else:
                    lines.append(t(f"{NS}.battle_they_choose", name=view.players[chooser]))
        return t("nuevo_mundo_table.battle_title", region=view.map.regions[region].name), lines

    def panels(self) -> list[Panel]:
        history = self.history() or [t(f"{NS}.no_moves")]
        panels = [Panel(t("classroom_page.history"), history)]
        battle = self.battle_lines()
        if battle is not None:
            panels.append(Panel(*battle))
        if self.game.is_over:
            panels.append(
                score_panel(
                    self.game.score(), t("classroom_page.scores"), t("classroom_page.total")
                )
            )
        return panels

    # ------------------------------------------------------------------ what it does
    def is_target(self, target: str) -> bool:
        return _TARGET.fullmatch(target) is not None and target in self.scene().targets()

    def click(self, target: str) -> str:
        kind, _, rest = target.partition(":")
        model = self.model
        if kind == "faceup":
            action, said = model.click_face_up(int(rest))
        else:
            origin = model.selected
            action, said = model.click_region(int(rest))
            if action is not None:  # the notebook would throw the die now: here a button does
                model.selected = origin
        if action is not None:
            return self._button_for(action)
        if said.problem is not None:
            raise Refused(422, "table.refused", said.problem)
        return said.event or ""

    def _button_for(self, action: Action) -> str:
        """What a click chose that a button plays: which button, and its key."""
        for k, choice in enumerate(self._choices()):
            if choice.action == action:
                key = CHOICE_KEYS[k] if k < len(CHOICE_KEYS) else ""
                return t(f"{NS}.press", button=choice.label, key=key or "-")
        return t(f"{NS}.press_listed", what=self.model.game.describe(action))

    def press(self, kind: str) -> Action | str:
        model = self.model
        refusal = model.refusal()
        if kind == LET_GO:
            if refusal is None and model.selected is None:
                refusal = t("nuevo_mundo_table.nothing_chosen")
            if refusal is not None:
                raise Refused(422, "table.refused", refusal)
            model.clear()
            return t("nuevo_mundo_table.chosen_nothing")
        if refusal is None and kind in {c.command for c in self._choices() if c.command}:
            said = model.command(kind)  # a card's category: chosen on this page alone
            if said.problem is not None:
                raise Refused(422, "table.refused", said.problem)
            return said.event or ""
        action = EndTurn() if kind == END_TURN else action_of(model.game, kind)
        if action is None:
            kinds = ", ".join(b.kind for b in self.buttons())
            raise Refused(422, "table.no_button", kind=repr(kind)[:40], kinds=kinds)
        reason = refusal or self.game.why_illegal(action)
        if reason is not None:
            raise Refused(422, "table.refused", reason)
        return action


def _pieces(view: NuevoMundoView, region: int) -> str:
    """Who has what in ``region``, in words ("" when nobody)."""
    parts = []
    for p, name in enumerate(view.players):
        cq, ca, ships = view.cq[region][p], view.ca[region][p], view.ships[region][p]
        if not (cq or ca or ships):
            continue
        counts = [t("nuevo_mundo_table.cq_count", n=cq)]
        if ca:
            counts.append(t("nuevo_mundo_table.ca_count", n=ca))
        if ships:
            counts.append(t("nuevo_mundo_table.ship_count", n=ships))
        parts.append(t("nuevo_mundo_table.pieces_words", name=name, pieces=join_words(counts)))
    return "; ".join(parts)


def _backs(backs: tuple[int, ...]) -> str:
    """A player's card backs by category ("2 Fruits and 1 Riches")."""
    counted = Counter(backs)
    return join_words(
        [
            t(f"{NS}.back_count", n=n, category=category_word(c))
            for c, n in sorted(counted.items())
            if 0 <= c < len(CATEGORIES)
        ]
    )


def _card(card: Card) -> str:
    """A card in words: "Potato (Seeds and roots, 3 points)"."""
    return t(
        f"{NS}.card",
        name=card_name(card),
        category=category_name(card.category),
        points=points_words(card.points),
    )
