"""What a Nuevo Mundo table means, without any widget: ``NuevoMundoModel``.

The model keeps the game, the seats, the region chosen on the map and who holds the screen,
and answers every question the widget asks: what a click on the map means, which buttons the
decision of the moment offers (``choices``), why a request is refused, what the status line
says, what may be undone. It imports no ipywidgets, so tests drive it directly.

Clicks on the map. Entering the board: click a free land region, then «Build». Placement:
click one of your land regions, then a button (+1 CQ ... all CQ, +1 CA, a ship to a sea).
Operations: click a region with your troops or ships (the origin), then a neighbour: the
white cone goes on that border and the colour die is thrown at once; or click the sea (or
land) across an open coast and choose how many embark (or land). A click on the origin
again lets go of it. The engine's own decisions (how many cross after green, which fleet
sails, a combo, the answer to a retreat, a tactic, the category to plunder, a face-up card)
are buttons, and the face-up cards can be clicked too.

Cards typed in (``cards="table"``): a card turned face up from the real deck, or the card a
defender hands over after a plunder, is typed in two presses, as a class reads a card: its
category (the colour of its back), then its name among that category's cards the game may
take (every card never face up; the defender's cards of the category chosen). None of it is
secret: every card that left the deck was seen face up, and the defender types their own
card, so the choice gives away nothing of another hand.

Hot-seat (two or more human seats): the screen belongs to one human at a time. When the
decision passes to another human, the table draws only what everyone may see (no hand, no
tactic) and offers one button, "I am <name>: show my screen"; that is the "pass the screen"
step that hides the attacker's secret tactic from the defender. Typing the numeric die for
the turn order, or a card turned over from the deck, hides nothing, so it needs no
handover. With one human seat the screen is always theirs.

Undo (decided): undo takes back the decisions of humans since the last moment the table
learned something it cannot unlearn: a die thrown (the colour die of a mobilisation or a
retreat, the numeric die, a typed die), a card drawn (a face-up card taken, whose place is
refilled from the deck, a card plundered, or a typed card), or a tactic revealed (the
defender's choice, which shows both). Undo goes back to just before the last human decision
after that moment, with the bots' moves that followed it; a decision before it cannot be
undone, and the status line says which of the three stops it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from gamecore.nuevo_mundo import NuevoMundo, NuevoMundoView
from gamecore.nuevo_mundo.actions import (
    Aim,
    Answer,
    Attack,
    CardDrawn,
    ColourRolled,
    Combo,
    Disembark,
    Embark,
    Move,
    Negotiate,
    NoCombo,
    NumberRolled,
    PickCard,
    PlaceCA,
    PlaceCQ,
    PlaceShip,
    Plunder,
    Sail,
    Settle,
    Tactic,
    category_word,
    colour_word,
)
from gamecore.nuevo_mundo.criptex import beats
from gamecore.nuevo_mundo.data import CARDS, CATEGORIES, TACTICS
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
from gamecore.protocol import Action, Chance
from gamecore.words import t

from ..seats import SharedScreen
from ..words import Said, about

NS: Final = "nuevo_mundo_table"
MAX_COUNT_BUTTONS: Final = 7
"""Most count buttons offered at once (1, 2, 3 ... half ... all); the list of moves in
words has every count."""
CARDS_OF: Final = "cards_of"
"""The command of a category's button while a card is typed in (``cards_of:<category>``)."""
CATEGORIES_AGAIN: Final = "categories"
"""The command that goes back from a category's cards to the categories."""


def beaten_by(tactic: int) -> tuple[int, int]:
    """The two tactics ``tactic`` beats (the criptex's cycle), the nearer one first."""
    first, second = sorted(
        (u for u in TACTICS if beats(tactic, u)), key=lambda u: (tactic - u) % len(TACTICS)
    )
    return first, second


@dataclass(frozen=True)
class Choice:
    """One button of the decision of the moment: its words and what it plays (``action``),
    or the command it runs (``command``: "reveal", or while a card is typed in
    "cards_of:<category>" and "categories")."""

    label: str
    action: Action | None = None
    command: str = ""


def counts(most: int) -> list[int]:
    """The counts offered as buttons for 1..``most``: all of them when few, else the small
    ones, half and all."""
    if most <= MAX_COUNT_BUTTONS:
        return list(range(1, most + 1))
    picks = {1, 2, 3, 5, most // 2, most - 1, most}
    return sorted(k for k in picks if 1 <= k <= most)


class NuevoMundoModel(SharedScreen[NuevoMundo]):
    """The state of a Nuevo Mundo table and the meaning of every request (who is who and
    who holds the screen: ``SharedScreen``)."""

    def __init__(self, game: NuevoMundo, seats: tuple[str, ...]) -> None:
        self.game = game
        self.seats = seats
        self.selected: int | None = None
        """The region chosen first on the map (where to place, or an origin)."""
        self.across: int | None = None
        """With ``selected``: the region across an open coast (embark or disembark)."""
        self.category: int | None = None
        """While a card is typed in: the category chosen first (its cards are the buttons)."""

    def start(self, game: NuevoMundo) -> None:
        """Show another game (new or loaded): nothing chosen."""
        self.game = game
        self.clear()

    def clear(self) -> None:
        self.selected = None
        self.across = None
        self.category = None

    # ------------------------------------------------------------------ whose screen
    def screen(self) -> tuple[int | None, bool]:
        """(the human whose screen the table shows, whether it waits to be handed over).

        One human: always theirs. Hot-seat: the human to decide, face down until they take
        the screen; while a bot decides, the last human who held it."""
        current = self.game.current_player
        humans = self.humans()
        if not humans:
            return None, False
        if not self.hot_seat():
            return humans[0], False
        if self.game.pending in (NUMBER, DRAW) and self.viewer is not None:
            # a die typed in for the turn order, or a card turned face up, hides nothing
            return self.viewer, False
        if current is not None and self.is_human(current):
            return current, self.waits_for(current)
        return self.viewer, False

    def reveal(self) -> Said:
        """The player to decide takes the screen ("I am <name>: show my screen")."""
        player = self.take_screen()
        if player is None:
            return Said(problem=t("nuevo_mundo_table.nothing_hidden"))
        self.clear()
        return Said(event=about("nuevo_mundo_table.screen_taken", self.name(player)))

    def shown_view(self) -> NuevoMundoView:
        """The view the picture is drawn from: the screen holder's, or, while the screen
        waits for its next holder, one that carries no hand and no tactic."""
        player, hidden = self.screen()
        view = self.game.view(player if player is not None else 0)
        if hidden or player is None:
            return replace(view, hand=(), my_tactic=0)
        return view

    def mark_shown(self) -> None:
        """The picture went on screen: its holder now holds the screen."""
        player, hidden = self.screen()
        if not hidden and player is not None:
            self.viewer = player
            self.fresh_screen = False
        elif hidden:
            self.fresh_screen = False

    # ------------------------------------------------------------------ refusals
    def refusal(self) -> str | None:
        """Why the person at the screen cannot act now (None: they can)."""
        game = self.game
        if game.is_over:
            return t(f"{NS}.game_over")
        player = game.current_player
        assert player is not None
        if not self.is_human(player):
            return t("nuevo_mundo_table.bot_deciding", name=self.name(player))
        if self.hidden():
            return about("nuevo_mundo_table.pass_screen", self.name(player))
        return None

    def legal(self) -> list[Action]:
        return [] if self.game.is_over else self.game.legal_actions()

    # ------------------------------------------------------------------ the map
    def options(self) -> tuple[int, ...]:
        """The regions a click may go to now (marked on the map)."""
        if self.refusal() is not None:
            return ()
        game = self.game
        legal = self.legal()
        if game.pending:
            return ()
        if game.stage == ENTER:
            return tuple(sorted({a.region for a in legal if isinstance(a, Settle)}))
        if game.stage == PLACE and self.selected is None:
            return tuple(sorted({a.region for a in legal if isinstance(a, (PlaceCQ, PlaceCA))}))
        if game.stage == OPERATE:
            if self.selected is None:
                return tuple(sorted(self._origins(legal)))
            return tuple(sorted(self._destinations(legal, self.selected)))
        return ()

    @staticmethod
    def _origins(legal: list[Action]) -> set[int]:
        found: set[int] = set()
        for a in legal:
            if isinstance(a, Aim):
                found.add(a.origin)
            elif isinstance(a, Embark):
                found.add(a.land)
            elif isinstance(a, Disembark):
                found.add(a.sea)
        return found

    @staticmethod
    def _destinations(legal: list[Action], origin: int) -> set[int]:
        found: set[int] = set()
        for a in legal:
            if isinstance(a, Aim) and a.origin == origin:
                found.add(a.destination)
            elif isinstance(a, Embark) and a.land == origin:
                found.add(a.sea)
            elif isinstance(a, Disembark) and a.sea == origin:
                found.add(a.land)
        return found

    def click_region(self, region: int) -> tuple[Action | None, Said]:
        """A click on ``region``: (an action to play now, or None with what it did)."""
        refusal = self.refusal()
        if refusal:
            return None, Said(problem=refusal)
        game = self.game
        name = game.region_name(region)
        if game.pending:
            return None, Said(problem=t("nuevo_mundo_table.use_buttons", what=self.waiting_words()))
        legal = self.legal()
        if game.stage == ENTER:
            if Settle(region) in legal:
                return self._select(region)
            return None, Said(problem=game.why_illegal(Settle(region)) or "")
        if game.stage == PLACE:
            if any(getattr(a, "region", getattr(a, "land", -1)) == region for a in legal):
                return self._select(region)
            return None, Said(problem=game.why_illegal(PlaceCQ(region, 1)) or "")
        return self._click_operation(region, name, legal)

    def _select(self, region: int) -> tuple[Action | None, Said]:
        self.selected = region
        self.across = None
        return None, Said(
            event=t("nuevo_mundo_table.selected", region=self.game.region_name(region))
        )

    def _click_operation(
        self, region: int, name: str, legal: list[Action]
    ) -> tuple[Action | None, Said]:
        origin = self.selected
        if origin == region:
            self.clear()
            return None, Said(event=t("nuevo_mundo_table.let_go", region=name))
        if origin is not None:
            aim = Aim(origin, region)
            if aim in legal:
                self.clear()
                return aim, Said()
            if region in self._destinations(legal, origin):
                self.across = region
                return None, Said(
                    event=t(
                        "nuevo_mundo_table.across",
                        origin=self.game.region_name(origin),
                        region=name,
                    )
                )
        if region in self._origins(legal):
            return self._select(region)
        if origin is not None:
            why = self.game.why_illegal(Aim(origin, region))
            return None, Said(problem=why or t("nuevo_mundo_table.not_from_here", region=name))
        if region in self.game.conflicts():
            return None, Said(problem=t("nuevo_mundo_table.conflict_here", region=name))
        return None, Said(problem=t("nuevo_mundo_table.nothing_to_move", region=name))

    def click_face_up(self, slot: int) -> tuple[Action | None, Said]:
        refusal = self.refusal()
        if refusal:
            return None, Said(problem=refusal)
        if self.game.pending == PICK:
            return PickCard(slot), Said()
        card = CARDS[self.game.face_up[slot]] if slot < len(self.game.face_up) else None
        if card is None:
            return None, Said(problem=t("nuevo_mundo_table.click_map"))
        return None, Said(problem=t("nuevo_mundo_table.face_up_later", card=card.title))

    # ------------------------------------------------------------------ the buttons
    def choices(self) -> list[Choice]:
        """The buttons of the decision of the moment (empty while a bot decides)."""
        hidden = self.hidden()
        game = self.game
        if game.is_over or not self.is_human(game.current_player):
            return []
        if hidden:
            current = game.current_player
            assert current is not None
            return [
                Choice(about("nuevo_mundo_table.take_screen", self.name(current)), command="reveal")
            ]
        legal = self.legal()
        if game.pending:
            return self._pending_choices(legal)
        if game.stage == ENTER:
            if self.selected is not None and Settle(self.selected) in legal:
                region = game.region_name(self.selected)
                return [
                    Choice(t("nuevo_mundo_table.build_first", region=region), Settle(self.selected))
                ]
            return []
        if game.stage == PLACE:
            return self._placement_choices(legal)
        return self._operation_choices(legal)

    def _pending_choices(self, legal: list[Action]) -> list[Choice]:
        game = self.game
        pending = game.pending
        if pending == NUMBER:
            return [
                Choice(t("nuevo_mundo_table.die_number", value=a.value), a)
                for a in legal
                if isinstance(a, NumberRolled)
            ]
        if pending == COLOUR:
            return [
                Choice(t("nuevo_mundo_table.die_colour", colour=colour_word(a.colour)), a)
                for a in legal
                if isinstance(a, ColourRolled)
            ]
        if pending in (DRAW, PLUNDER_CARD):
            return self._card_choices(legal)
        if pending == PICK:
            return [
                Choice(
                    t(
                        "nuevo_mundo_table.take_card",
                        card=CARDS[game.face_up[a.slot]].title,
                        n=CARDS[game.face_up[a.slot]].points,
                    ),
                    a,
                )
                for a in legal
                if isinstance(a, PickCard)
            ]
        if pending == MOVE:
            most = max(a.count for a in legal if isinstance(a, Move))
            return [Choice(t("nuevo_mundo_table.cross", n=k), Move(k)) for k in counts(most)]
        if pending == SAIL:
            fleets = sorted(
                (a for a in legal if isinstance(a, Sail)), key=lambda a: (-a.ships, -a.troops)
            )
            return [
                Choice(t("nuevo_mundo_table.fleet", n=a.ships, troops=a.troops), a)
                for a in fleets[:MAX_COUNT_BUTTONS]
            ]
        if pending == COMBO:
            need = 3 if game.combo_colour == 1 else 2
            out = [
                Choice(
                    t("nuevo_mundo_table.show_combo", n=need, category=category_word(a.category)), a
                )
                for a in legal
                if isinstance(a, Combo)
            ]
            out.append(
                Choice(
                    t("nuevo_mundo_table.no_combo", colour=colour_word(game.combo_colour)),
                    NoCombo(),
                )
            )
            return out
        if pending == ANSWER:
            return [
                Choice(t("nuevo_mundo_table.accept"), Answer(1)),
                Choice(t("nuevo_mundo_table.refuse"), Answer(0)),
            ]
        if pending in (TACTIC_ATTACKER, TACTIC_DEFENDER):
            return [
                Choice(
                    t("nuevo_mundo_table.tactic", tactic=a.tactic, first=first, second=second), a
                )
                for a in legal
                if isinstance(a, Tactic)
                for first, second in [beaten_by(a.tactic)]
            ]
        if pending == PLUNDER:
            return [
                Choice(t("nuevo_mundo_table.plunder", category=category_word(a.category)), a)
                for a in legal
                if isinstance(a, Plunder)
            ]
        return []

    def _card_choices(self, legal: list[Action]) -> list[Choice]:
        """A card typed in, in two presses: its category (the buttons say how many of its
        cards may be the one), then its name; one category alone needs no press."""
        by_category: dict[int, list[CardDrawn]] = {}
        for a in legal:
            if isinstance(a, CardDrawn):
                by_category.setdefault(CATEGORIES.index(CARDS[a.card].category), []).append(a)
        chosen = self.category
        if chosen not in by_category:
            if len(by_category) != 1:
                return [
                    Choice(
                        t(f"{NS}.card_category", category=category_word(c), n=len(cards)),
                        command=f"{CARDS_OF}:{c}",
                    )
                    for c, cards in sorted(by_category.items())
                ]
            chosen = next(iter(by_category))
        out = [
            Choice(t(f"{NS}.typed_card", card=CARDS[a.card].title, n=CARDS[a.card].points), a)
            for a in by_category[chosen]
        ]
        if len(by_category) > 1:
            out.append(Choice(t(f"{NS}.other_category"), command=CATEGORIES_AGAIN))
        return out

    def command(self, command: str) -> Said:
        """A button that only chooses on this screen: a category of the card to type in, or
        back to the categories."""
        name, _, value = command.partition(":")
        if name == CARDS_OF and value.isdigit() and int(value) < len(CATEGORIES):
            self.category = int(value)
            return Said(event=t(f"{NS}.which_card", category=category_word(self.category)))
        if name == CATEGORIES_AGAIN:
            self.category = None
            return Said(event=t(f"{NS}.which_category"))
        return Said(problem=t("nuevo_mundo_table.no_such_choice", n=command))

    def _placement_choices(self, legal: list[Action]) -> list[Choice]:
        region = self.selected
        if region is None:
            return []
        game = self.game
        out: list[Choice] = []
        cq = [a.count for a in legal if isinstance(a, PlaceCQ) and a.region == region]
        if cq:
            out += [
                Choice(t("nuevo_mundo_table.add_cq", n=k), PlaceCQ(region, k))
                for k in counts(max(cq))
            ]
        if PlaceCA(region) in legal:
            out.append(Choice(t("nuevo_mundo_table.add_ca"), PlaceCA(region)))
        for a in legal:
            if isinstance(a, PlaceShip) and a.land == region:
                out.append(Choice(t("nuevo_mundo_table.add_ship", sea=game.region_name(a.sea)), a))
        return out

    def _operation_choices(self, legal: list[Action]) -> list[Choice]:
        game = self.game
        out: list[Choice] = []
        for a in legal:
            if isinstance(a, Attack):
                out.append(
                    Choice(t("nuevo_mundo_table.attack", region=game.region_name(a.region)), a)
                )
            elif isinstance(a, Negotiate):
                out.append(
                    Choice(
                        t(
                            "nuevo_mundo_table.negotiate",
                            region=game.region_name(a.region),
                            destination=game.region_name(a.destination),
                        ),
                        a,
                    )
                )
        origin = self.selected
        if origin is None:
            return out
        if self.across is not None:
            sea_land = [
                a
                for a in legal
                if isinstance(a, (Embark, Disembark)) and {a.land, a.sea} == {origin, self.across}
            ]
            if sea_land:
                kind = "embark" if isinstance(sea_land[0], Embark) else "disembark"
                most = max(a.count for a in sea_land)
                land, sea = (origin, self.across) if kind == "embark" else (self.across, origin)
                for k in counts(most):
                    action: Action = (
                        Embark(land, sea, k) if kind == "embark" else Disembark(sea, land, k)
                    )
                    out.append(Choice(t(f"{NS}.{kind}", n=k), action))
            return out
        for a in legal:
            if isinstance(a, Aim) and a.origin == origin:
                out.append(
                    Choice(
                        t("nuevo_mundo_table.aim", destination=game.region_name(a.destination)), a
                    )
                )
        return out

    def choice(self, index: int) -> tuple[Action | None, Said]:
        """The ``index``-th button (from 0): an action to play, or what its command did."""
        choices = self.choices()
        if not 0 <= index < len(choices):
            return None, Said(
                problem=self.refusal() or t("nuevo_mundo_table.no_such_choice", n=index + 1)
            )
        chosen = choices[index]
        if chosen.command == "reveal":
            return None, self.reveal()
        if chosen.command:
            return None, self.command(chosen.command)
        return chosen.action, Said()

    # ------------------------------------------------------------------ words
    def waiting_words(self) -> str:
        """What the person to decide is asked now, in a sentence."""
        game = self.game
        if game.is_over:
            return ""
        pending = game.pending or game.stage
        key = f"{NS}.ask_{pending}"
        values: dict[str, Any] = {"n": game.credits}
        if game.aim is not None:
            values["origin"] = game.region_name(game.aim[0])
            values["destination"] = game.region_name(game.aim[1])
        if pending in (TACTIC_ATTACKER, TACTIC_DEFENDER, ANSWER) or game.b_region >= 0:
            region = game.b_region if game.b_region >= 0 else (game.negotiation or (0, 0))[0]
            values["region"] = game.region_name(region)
        if pending == PLACE and self.selected is not None:
            key = f"{NS}.ask_place_region"
            values["region"] = game.region_name(self.selected)
        if pending == OPERATE and self.selected is not None:
            key = f"{NS}.ask_operate_origin"
            values["region"] = game.region_name(self.selected)
        if pending == PLUNDER_CARD:
            values["category"] = category_word(game.b_category)
            values["attacker"] = self.name(self.game.order[game.turn])
        return t(key, **values)

    def turn_text(self) -> str:
        """The status line's first part: whose decision and what it is."""
        game = self.game
        if game.is_over:
            return t(f"{NS}.game_over")  # how it ended is the last event, said after this
        player = game.current_player
        assert player is not None
        name = self.name(player)
        if not self.is_human(player):
            return t("nuevo_mundo_table.bot_deciding", name=name)
        if self.hidden():
            return about("nuevo_mundo_table.pass_screen", name)
        return about("nuevo_mundo_table.to_decide", name, what=self.waiting_words())

    def describe_move(self, before: NuevoMundo, player: int, action: Action) -> str:
        """A move in sentences: what happened, from the game's events. A secret card is
        named only when one human has the screen and it is theirs; with a shared screen
        everyone may read the line, so it says only the category."""
        new = self.game.events[len(before.events) :]
        humans = self.humans()
        viewer = humans[0] if len(humans) == 1 else -1
        said = [event_text(self.game, e, viewer=viewer) for e in new]
        if said:
            return " ".join(said)
        if isinstance(action, Tactic):
            return about("nuevo_mundo_table.tactic_chosen", self.name(player))
        return about("nuevo_mundo_table.did", self.name(player), what=before.describe(action))

    # ------------------------------------------------------------------ undo
    def undo_floor(self) -> tuple[int, str]:
        """(the first decision that may be undone, what stops undo before it: "" for
        nothing, "die", "card" or "tactic")."""
        log = self.game.log
        decisions = 0
        floor, why = 0, ""
        run = 0  # consecutive tactics: odd ones the attacker's, even ones the defender's
        for k, entry in enumerate(log):
            if isinstance(entry, Chance):
                continue
            _, action = entry
            decisions += 1
            run = run + 1 if isinstance(action, Tactic) else 0
            stop = ""
            if isinstance(action, (NumberRolled, ColourRolled)):
                stop = "die"
            elif isinstance(action, (PickCard, Plunder, CardDrawn)):
                stop = "card"
            elif isinstance(action, Tactic) and run % 2 == 0:
                stop = "tactic"
            if k + 1 < len(log) and isinstance(log[k + 1], Chance):
                stop = stop or ("card" if isinstance(action, Plunder) else "die")
            if stop:
                floor, why = decisions, stop
        return floor, why

    def undo_target(self) -> tuple[int | None, str]:
        """(how many decisions to keep when undoing, or None with the reason in words)."""
        floor, why = self.undo_floor()
        humans = [i for i in self.human_moves() if i >= floor]
        if humans:
            return humans[-1], ""
        if why:
            return None, t(f"{NS}.undo_stopped_{why}")
        return None, t("table.nothing_to_undo")
