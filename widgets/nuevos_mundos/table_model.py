"""What the Nuevos Mundos table means, without any widget: ``TableModel``.

The model keeps the game, the seats, the chosen card, the scoring step and who holds the
screen (hot-seat), and answers every question the widget asks: what a click on a target
means, why an action is refused, what each action button says and whether it can be
pressed, what the status line and the picture show. It imports no ipywidgets, so tests
drive it directly; the widget (``table.py``) builds controls, forwards to it and redraws.

Hot-seat privacy (two or more human seats): the screen belongs to one human at a time. A
hand is face up only while its owner holds the screen; when the decision passes to a
different human (after the bots in between), their hand is drawn face down, the scene and
the status line say "Pass the screen to …", and ``reveal`` ("Show my hand") turns it face
up. While it is hidden, clicks and the action buttons only explain that. A new table shows
the first hand at once (nobody has held the screen yet); after that, undo, load and "New
game" keep the rule: the hand to play is face up only if its owner is the human whose
hand was last face up, and it is hidden once the table has waited for a handover or shown
the final score (the screen may be anyone's then). A single human seat is never hidden.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore import ScoreSheet
from gamecore.nuevos_mundos import NuevosMundos, NuevosMundosView
from gamecore.nuevos_mundos.data import BIOME_OF_CODE, biome_label, card_label
from gamecore.nuevos_mundos.game import LAST_CARDS
from gamecore.nuevos_mundos.previews import KINDS, action_for, action_previews
from gamecore.nuevos_mundos.scoring import best_settlement_values
from gamecore.protocol import Action
from gamecore.words import join_words, t

from ..scene import Scene
from ..seats import SharedScreen
from ..words import Said, about, game_over_refusal
from .table_scene import TableLook, public_view, table_scene
from .table_words import (
    board_words,
    final_words,
    handover_message,
    step_words,
    world_words,
)


@dataclass(frozen=True)
class ButtonState:
    """How one action button looks now: its words, whether it can be pressed, its tip."""

    text: str
    disabled: bool
    tooltip: str


def _capital(reason: str) -> str:
    return reason[0].upper() + reason[1:] if reason else reason


class TableModel(SharedScreen[NuevosMundos]):
    """The state of a Nuevos Mundos table and the meaning of every click on it.

    Who is who and who holds the screen are the seats' (``SharedScreen``): the ``viewer`` is
    the human whose hand was last face up."""

    def __init__(self, game: NuevosMundos, seats: tuple[str, ...]) -> None:
        self.game = game
        self.seats = seats
        self.selected: int | None = None
        """The card of the hand chosen for the next action (None: none)."""
        self.score_step = 0
        """Scoring categories revealed after the game (one more: the totals)."""
        self._sheet: ScoreSheet | None = None
        self._sheet_key: int | None = None

    def start(self, game: NuevosMundos) -> None:
        """Show another game (new, loaded): nothing chosen, no score shown."""
        self.game = game
        self.selected = None
        self.score_step = 0

    # ------------------------------------------------------------------ whose screen
    def hand_player(self) -> int | None:
        """The human whose hand is shown: the one to play, else the last human who played."""
        current = self.game.current_player
        if self.is_human(current):
            return current
        for player, _ in reversed(self.game.moves()):
            if self.is_human(player):
                return player
        return next(iter(self.humans()), None)

    def screen(self) -> tuple[int | None, bool]:
        """(the human whose hand the table draws, whether it is drawn face down).

        See the module docstring: a hot-seat hand is face up only while its owner holds
        the screen. While a bot is to play, the hand of a human who does not hold the
        screen is not drawn at all (there is no decision to hand over).
        """
        candidate = self.hand_player()
        if candidate is None or not self.waits_for(candidate):
            return candidate, False
        if self.is_human(self.game.current_player):
            return self.game.current_player, True
        return None, False

    # ------------------------------------------------------------------ refusals
    def refusal(self, needs_card: bool = True) -> str | None:
        """Why a human cannot act now (None: they can)."""
        game = self.game
        if game.is_over:
            return game_over_refusal()
        player = game.current_player
        assert player is not None
        if not self.is_human(player):
            return about("nuevos_mundos_table.bots_turn", self.name(player))
        if self.hidden():
            return about("nuevos_mundos_table.hand_hidden", self.name(player))
        if needs_card and self.selected is None:
            return t("nuevos_mundos_table.choose_first")
        return None

    # ------------------------------------------------------------------ choosing a card
    def select(self, card: int | None) -> Said:
        """Choose a card of the hand of the human to play (None: choose none)."""
        refusal = self.refusal(needs_card=False)
        if refusal is None and card is not None:
            player = self.game.current_player
            assert player is not None
            if card not in self.game.hands[player]:
                refusal = about(
                    "nuevos_mundos_table.not_in_hand", self.name(player), card=card_label(card)
                )
        if refusal:
            return Said(problem=refusal)
        self.selected = card
        if card is None:
            return Said(event="")
        biome = biome_label(BIOME_OF_CODE[card])
        return Said(event=t("nuevos_mundos_table.selected", card=card_label(card), biome=biome))

    def click(self, target: str | None) -> Said:
        """What a click on ``target`` means: choose (or put back) a card, or an explanation."""
        kind, _, rest = (target or "").partition(":")
        if kind != "hand":
            return Said(problem=self.explain(kind, rest))
        card = int(rest)
        if self.selected == card and self.refusal(needs_card=False) is None:
            self.selected = None
            return Said(event=t("nuevos_mundos_table.unselected", card=card_label(card)))
        return self.select(card)

    def explain(self, kind: str, rest: str) -> str:
        """Why a click on something other than a card of the hand does nothing."""
        refusal = self.refusal(needs_card=False)
        if refusal:
            return refusal
        if kind == "space":
            return self._explain_space(int(rest))
        if kind == "world":
            owner, code = (int(v) for v in rest.split(":"))
            # "your world" is said to whoever is playing (the click is theirs), bot or human
            mine = owner == self.game.current_player
            key = "nuevos_mundos_table.world_stays" + ("_you" if mine else "")
            return t(key, card=card_label(code), name=self.name(owner))
        if kind in ("backs", "hidden"):
            return about("nuevos_mundos_table.backs", self.name(int(rest)))
        return t("nuevos_mundos_table.click_hand")

    def _explain_space(self, space: int) -> str:
        view = self.game.view(self.game.current_player or 0)
        if space == 1:
            return t("nuevos_mundos_table.creation_pile", n=view.creation_size)
        code = view.discard_top if space == 0 else view.board[space - 2]
        if not code:
            said = t("nuevos_mundos_table.space_empty", space=space)
        elif space == 0:
            said = t("nuevos_mundos_table.on_discard", card=card_label(code))
        else:
            said = t("nuevos_mundos_table.on_space", card=card_label(code), space=space)
        if self.selected is not None and code:
            previews = action_previews(view, self.selected)
            biome, digits = (code in previews[k].codes for k in ("biome", "digits"))
            chosen = card_label(self.selected)
            if biome and digits:
                return t("nuevos_mundos_table.would_take_both", said=said, card=chosen)
            if biome:
                return t("nuevos_mundos_table.would_take_biome", said=said, card=chosen)
            if digits:
                return t("nuevos_mundos_table.would_take_digits", said=said, card=chosen)
        return t("nuevos_mundos_table.board_cards", said=said)

    # ------------------------------------------------------------------ actions
    def action_to_play(self, kind: str) -> tuple[Action | None, str | None]:
        """(the engine action the button ``kind`` plays now, or None with the reason)."""
        if kind not in KINDS:
            reason = t(
                "nuevos_mundos_table.unknown_action", kind=repr(kind), kinds=", ".join(KINDS)
            )
            return None, reason
        refusal = self.refusal(needs_card=kind != "none")
        action = action_for(kind, self.selected)
        if refusal is None and action is not None:
            why = self.game.why_illegal(action)
            refusal = _capital(why) + "." if why else None
        if refusal or action is None:
            return None, refusal or t("nuevos_mundos_table.choose_first")
        return action, None

    def action_states(self) -> dict[str, ButtonState]:
        """Each action button's words (what it would take), and why it cannot be pressed."""
        refusal = self.refusal(needs_card=True)
        player = self.game.current_player
        view = self.game.view(player if player is not None else 0)
        previews = action_previews(view, self.selected)
        states = {}
        for kind in KINDS:
            reason = refusal if kind != "none" else self.refusal(needs_card=False)
            action = action_for(kind, self.selected)
            if reason is None and action is not None:
                why = self.game.why_illegal(action)
                reason = _capital(why) if why else None
            text = previews[kind].text
            states[kind] = ButtonState(text, reason is not None, reason or text)
        return states

    def ending(self) -> bool:
        """The end-of-game phase: each player may lay one last card."""
        return self.game.phase == LAST_CARDS

    def reveal(self) -> Said:
        """Turn the hidden hand of the human to play face up ("Show my hand")."""
        player = self.take_screen()
        if player is None:
            return Said(problem=t("nuevos_mundos_table.nothing_hidden"))
        return Said(event=about("nuevos_mundos_table.face_up", self.name(player)))

    # ------------------------------------------------------------------ scoring
    def sheet(self) -> ScoreSheet:
        """The score sheet of the worlds as they are (final once the game is over)."""
        key = len(self.game.log)
        if self._sheet is None or self._sheet_key != key:
            self._sheet, self._sheet_key = self.game.score(), key
        return self._sheet

    def next_score_step(self) -> Said:
        """Reveal the next scoring category, and after the last one the totals and the
        winners (the game's outcome)."""
        outcome = self.game.outcome
        if outcome is None:
            return Said(problem=t("nuevos_mundos_table.score_not_yet"))
        sheet = self.sheet()
        if self.score_step > len(sheet.categories):
            return Said(problem=t("nuevos_mundos_table.score_all_shown"))
        self.score_step += 1
        if self.score_step > len(sheet.categories):
            winners = [self.game.players[w] for w in outcome.winners]
            return Said(event=final_words(sheet, winners))
        return Said(event=step_words(sheet, sheet.categories[self.score_step - 1]))

    def score_button(self) -> ButtonState:
        """The "Next scoring step" button: named after the category it reveals."""
        if not self.game.is_over:
            tip = t("nuevos_mundos_table.score_step_tip")
            return ButtonState(t("nuevos_mundos_table.score_step"), True, tip)
        categories = self.sheet().categories
        if self.score_step < len(categories):
            title = self.sheet().title(categories[self.score_step])
            text = t("nuevos_mundos_table.score_step_category", title=title)
        else:
            text = t("nuevos_mundos_table.score_step_totals")
        return ButtonState(text, self.score_step > len(categories), text)

    # ------------------------------------------------------------------ what is shown
    def turn_text(self) -> str:
        """The status line's first part: whose turn, what to do."""
        game = self.game
        player = game.current_player
        if player is None:
            if self.score_step > len(self.sheet().categories):
                return t("nuevos_mundos_table.game_over")
            return t("nuevos_mundos_table.game_over_score")
        name = self.name(player)
        if not self.is_human(player):
            return t("nuevos_mundos_table.bot_to_play", name=name)
        if self.hidden():
            return handover_message(name)
        if game.phase == LAST_CARDS:
            return about("nuevos_mundos_table.last_card_turn", name)
        return about("nuevos_mundos_table.to_play", name)

    def look(self, *, still: bool = False) -> TableLook:
        over = self.game.is_over
        hand_player, hidden = self.screen()
        waiting = "" if over or not self.bot_to_play() else self.name(self.game.current_player or 0)
        values: dict[int, int] = {}
        if over and "human_settlements" in self.game.modules:
            values = best_settlement_values(self.game.worlds, {}, self.game.modules)
        return TableLook(
            hand_player=hand_player,
            hidden=hidden,
            selected=self.selected,
            seats=self.seats,
            seed=self.game.seed,
            score_step=self.score_step,
            sheet=self.sheet() if over else None,
            settlement_values=values,
            waiting=waiting,
            still=still,
        )

    def shown_view(self, look: TableLook) -> NuevosMundosView:
        """The view the picture is drawn from: a hand only when it is face up."""
        if look.hand_player is None or look.hidden:
            return public_view(self.game.view(look.hand_player or 0))
        return self.game.view(look.hand_player)

    def scene(self, *, still: bool = False) -> Scene:
        """The picture of the table now. A live picture (not ``still``) is on the screen,
        so it also records who holds the screen: the owner of a face-up hand; nobody while
        a hand waits for its owner or once the final score is on show."""
        look = self.look(still=still)
        if not still:
            if look.hidden or self.game.is_over:
                self.viewer = None
            elif look.hand_player is not None:
                self.viewer = look.hand_player
            self.fresh_screen = False
        return table_scene(self.shown_view(look), look)

    # ------------------------------------------------------------------ in words
    def target_words(self, target: str) -> str | None:
        """A clickable target in words, for the keyboard list (None: left out).

        The hand's cards and the board's spaces are listed (they choose, or explain what
        the chosen card would take); cards in worlds and face-down hands are left out:
        a click there only says they cannot be taken, which the table in words says too.
        """
        kind, _, rest = target.partition(":")
        if kind == "hand":
            card = int(rest)
            player = self.game.current_player or 0
            key = "pick_hand_selected" if card == self.selected else "pick_hand"
            return about(
                f"nuevos_mundos_table.{key}",
                self.name(player),
                card=card_label(card),
                biome=biome_label(BIOME_OF_CODE[card]),
            )
        if kind == "space":
            space = int(rest)
            if space == 1:
                return t("nuevos_mundos_table.pick_creation")
            view = self.game.view(0)
            code = view.discard_top if space == 0 else view.board[space - 2]
            what = card_label(code) if code else t("nuevos_mundos_table.nothing")
            return t("nuevos_mundos_table.pick_space", space=space, what=what)
        return None

    def describe(self) -> list[str]:
        """The table in sentences: the board, the hand shown, every world."""
        look = self.look()
        view = self.shown_view(look)
        lines = [board_words(view)]
        if look.hand_player is not None and not self.game.is_over:
            name = self.name(look.hand_player)
            if look.hidden:
                lines.append(
                    about(
                        "nuevos_mundos_table.words_hand_hidden",
                        name,
                        n=view.hand_sizes[look.hand_player],
                    )
                )
            elif view.hand:
                cards = join_words([card_label(c) for c in view.hand])
                lines.append(about("nuevos_mundos_table.words_hand", name, cards=cards))
        lines.extend(world_words(view, p) for p in range(len(view.players)))
        return lines
