"""What a click means at the Ecosfera table: selection, questions, refusals (no ipywidgets).

``TableModel`` holds what a person at the table has in mind between moves — the cards of
their line they selected, the question the table asks (which row to refresh, where a moved
card goes, "are you sure?") — and turns each click or button into a ``Reply``: a move to
play, words for the status line, or a refusal that says why. It never plays a move itself
(the widget's turn loop does) and never decides legality (the engine's ``legal_actions`` /
``why_illegal`` and ``gamecore.ecosfera.explain`` do).

Two promises a student relies on:

- the selection follows the last intention: a click on another plant (or animal) after the
  table picked a payment for one switches the selection and the question to the new one,
  and the number of clicks a message promises is the number needed;
- repeated clicks are safe: "are you sure?" is answered by a different control ("Yes, end my
  turn"), never by the control that asked, and a second click on the same thing within
  ``BURST`` seconds of the click that asked does not confirm it.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

from gamecore import Refusal
from gamecore.ecosfera import (
    ANIMAL_ROW,
    NO_TILE,
    OWN_DECK,
    PLANT_ROW,
    RECYCLE,
    TILE,
    AcquireAnimal,
    AcquirePlant,
    ClaimBiomes,
    Ecosfera,
    EndTurn,
    Move,
    Plus,
    Refresh,
    TakeMissingElement,
)
from gamecore.ecosfera.data import ABILITIES, ELEMENT_OF, is_animal, is_element, is_plant
from gamecore.ecosfera.explain import (
    animals_called_by,
    check_payment,
    cost_words,
    element_name,
    element_words,
    free_elements,
    in_words,
    mycorrhiza_of,
    name_of,
    payment_for,
    plants_paid_by,
    why_not_buyable,
)
from gamecore.protocol import Action
from gamecore.words import join_alternatives, join_words, t

from ..seats import SeatModel
from ..words import about, bot_kind_words, game_over_refusal
from .table_words import (
    ABILITY_OF,
    ability_name,
    acquisitions,
    biome_words,
    cap,
    card_words,
    describe_action,
    hint_items,
    hint_marks,
    source_words,
    thing_words,
)

BURST = 0.8
"""Seconds within which a repeated click counts as the same burst: it never confirms what
the first click asked, and End turn does not end a second turn."""


NEW_GAME = "new_game"
"""The command of the "Yes, deal a new game" choice."""

CALL_REFUSALS = {"ecosfera.pair_mycorrhizes": "ecosfera_table.call_mycorrhizes"}
"""The engine's refusals of a call (by key) that the table says in words of its own: a pair
that mycorrhizes is told what it does instead, at the moment a student tries to call."""


@dataclass
class Pending:
    """A question the table asks before a move: what it is about and the choices."""

    kind: str
    """"missing", "claim", "mycorrhiza", "refresh", "movement" (waiting for a card to
    click), "destination" or "end" (are you sure you end the turn?)."""
    title: str
    question: str
    options: list[tuple[str, Action | str]] = field(default_factory=list)
    """(button words, what it does): a move, or a table command (``NEW_GAME``)."""
    source: int = TILE
    card: int | None = None
    plant: int | None = None
    asked_at: float = 0.0


@dataclass(frozen=True)
class Reply:
    """What a click or button does: a move to play (said with ``event`` before it), or words
    for the status line (``event``), or a refusal (``problem``)."""

    event: str = ""
    problem: str = ""
    play: Action | None = None
    command: str = ""
    """A table command to run (``NEW_GAME``), answered by a choice."""


def _problem(text: str) -> Reply:
    return Reply(problem=text)


class TableModel(SeatModel[Ecosfera]):
    """The selection and questions of the person to play (see the module's docstring).

    ``seats`` say who is human (``SeatModel``); ``clock`` (seconds) tells bursts of clicks
    apart and can be replaced in tests.
    """

    def __init__(
        self, game: Ecosfera, seats: Sequence[str], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.game = game
        self.seats = tuple(seats)
        self.clock = clock
        self.selected: list[int] = []
        """Cards of the turn player's line selected (to pay, to pair), in click order."""
        self.pending: Pending | None = None
        self.hints = False
        """Whether “What can I do?” marks are on."""
        self.chosen_for: str | None = None
        """The target (``plant:<code>``, ``animal:<code>``) the table selected a payment or a
        pair for, on a click; None when the selection was made by hand."""
        self.last_end = float("-inf")
        """When End turn last ended a turn (so a burst of presses ends one turn, not many)."""

    # ------------------------------------------------------------------ state
    def reset(self, game: Ecosfera) -> None:
        """A new or loaded game: nothing selected, nothing asked."""
        self.game = game
        self.moved()
        self.hints = False

    def moved(self) -> None:
        """A move was played or undone: the selection and any question are stale."""
        self.selected = []
        self.pending = None
        self.chosen_for = None

    def refusal(self) -> str | None:
        """Why nobody at the screen can act now (None: the human to play can)."""
        game = self.game
        if game.is_over:
            return game_over_refusal()
        player = game.current_player
        assert player is not None
        if not self.is_human(player):
            return about(
                "ecosfera_table.bot_turn",
                self.name(player),
                kind=bot_kind_words(self.seats[player]),
            )
        return None

    def _plain(self, reason: str) -> str:
        """An engine reason as a sentence with card names (never codes)."""
        return in_words(self.game.cards, reason)

    def free(self) -> list[int]:
        """The unused cards of the turn player's line."""
        game = self.game
        return [c for c in game.lines[game.turn_player] if c not in game.used]

    def tidy(self) -> None:
        """Drop selected cards that are no longer free (after a move or an undo)."""
        free = set(self.free()) if not self.game.is_over else set()
        self.selected = [c for c in self.selected if c in free]

    def _picked(self, kind: Callable[[int], bool]) -> list[int]:
        return [c for c in self.selected if kind(c)]

    # ------------------------------------------------------------------ clicks
    def click(self, target: str | None) -> Reply:
        """What a click on ``target`` (a scene target id, or None for empty space) does."""
        kind, _, rest = (target or "").partition(":")
        args = [int(v) for v in rest.split(":")] if rest else []
        acting: dict[str, Callable[..., Reply]] = {
            "line": self._click_line,
            "plant": self._click_plant,
            "animal": self._click_animal,
            "tile": self._click_tile,
            "symbol": self._click_symbol,
            "plantdeck": lambda: self._click_deck(PLANT_ROW),
            "animaldeck": lambda: self._click_deck(ANIMAL_ROW),
        }
        if kind in acting:
            return acting[kind](*args)
        return _problem(self.explain(kind, args))

    def select(self, code: int) -> Reply:
        """Select (or unselect) a card of the turn player's line, as a click on it does."""
        refusal = self.refusal()
        if refusal:
            return _problem(refusal)
        game = self.game
        p = game.turn_player
        words = cap(card_words(game.cards, code))
        if code not in game.lines[p]:
            return _problem(about("ecosfera_table.not_on_line", self.name(p), card=words))
        if code in game.used:
            return _problem(t("ecosfera_table.already_used", card=words))
        if self.pending is not None and self.pending.kind == "movement":
            return self._movement_card(code)
        self.pending = None  # a new intention: whatever was asked is no longer the question
        self.chosen_for = None  # the selection is the person's own from now on
        if code in self.selected:
            self.selected.remove(code)
            return Reply(event=t("ecosfera_table.unselected", card=cap(name_of(game.cards, code))))
        self.selected.append(code)
        return self._after_selection(code)

    def _click_line(self, p: int, code: int) -> Reply:
        refusal = self.refusal()
        if refusal:
            return _problem(refusal)
        game = self.game
        if p != game.turn_player:
            return _problem(
                about(
                    "ecosfera_table.other_line", self.name(p), card=cap(name_of(game.cards, code))
                )
                + " "
                + about("ecosfera_table.turn_now", self.name(game.turn_player))
            )
        return self.select(code)

    def _after_selection(self, code: int) -> Reply:
        """Say what the selection can do; two animals win their tiles at once."""
        game = self.game
        animals = self._picked(is_animal)
        plants = self._picked(is_plant)
        if is_animal(code) and len(animals) >= 2:
            return self._pair_animals(animals[-2], animals[-1])  # the two chosen last
        if is_plant(code) and len(plants) == 2:
            myco = mycorrhiza_of(game, *plants)
            if myco is not None:
                names = {
                    "tree": name_of(game.cards, myco.tree),
                    "mushroom": name_of(game.cards, myco.mushroom),
                }
                self.pending = Pending(
                    "mycorrhiza",
                    t("ecosfera_table.mycorrhiza_title"),
                    t("ecosfera_table.mycorrhiza_question", **names),
                    [(cap(describe_action(game, myco)), myco)],
                )
        return Reply(event=self.selection_words())

    def _pair_animals(self, a: int, b: int) -> Reply:
        game = self.game
        options = [
            ClaimBiomes(a, b, tile)
            for tile in (NO_TILE, *range(len(ABILITIES)))
            if game.why_illegal(ClaimBiomes(a, b, tile)) is None
        ]
        if not options:
            return _problem(self._plain(game.why_illegal(ClaimBiomes(a, b, NO_TILE)) or ""))
        if len(options) == 1 and options[0].reactivate == NO_TILE:
            return Reply(play=options[0])
        cards = game.cards
        self.pending = Pending(
            "claim",
            t("ecosfera_table.claim_title"),
            t(
                "ecosfera_table.claim_question",
                a=name_of(cards, a),
                b=name_of(cards, b),
                biomes=biome_words(cards.biome_mask[a] & cards.biome_mask[b]),
            ),
            [(cap(describe_action(game, o)), o) for o in options],
        )
        return Reply(event=t("ecosfera_table.claim_event"))

    def _click_plant(self, plant: int) -> Reply:
        refusal = self.refusal()
        if refusal:
            return _problem(refusal)
        pending = self.pending
        if pending is not None and pending.kind == "refresh":
            return self._refresh_row(PLANT_ROW)
        target = f"plant:{plant}"
        name = name_of(self.game.cards, plant)
        if pending is not None and pending.kind == "missing" and pending.plant == plant:
            if self.clock() - pending.asked_at < BURST:  # the click that asked, repeated
                return Reply(
                    event=t(
                        "ecosfera_table.missing_again", plant=name, button=pending.options[0][0]
                    )
                )
            return Reply(play=cast(Action, pending.options[0][1]))  # its one option: the move
        self.pending = None
        elements = self._picked(is_element)
        if not elements or (self.chosen_for is not None and self.chosen_for != target):
            return self._choose_payment(plant)
        payment = check_payment(self.game, plant, elements)
        if isinstance(payment.move, AcquirePlant):
            return Reply(play=payment.move)
        if isinstance(payment.move, TakeMissingElement):
            return self._offer_missing(
                payment.move,
                t(
                    "ecosfera_table.one_short",
                    plant=name,
                    element=element_name(payment.move.element),
                ),
            )
        return _problem(payment.reason)

    def _choose_payment(self, plant: int) -> Reply:
        """A click on a plant with no payment chosen by hand: select one that fits (the
        first the engine allows), or say why none does."""
        game = self.game
        cards = game.cards
        self.selected = [c for c in self.selected if not is_element(c)]
        self.chosen_for = None
        move = payment_for(game, plant)
        if move is None:
            return _problem(why_not_buyable(game, plant))
        self.selected += list(move.cards)
        self.chosen_for = f"plant:{plant}"
        name, cost = name_of(cards, plant), cost_words(cards.cost[plant])
        if isinstance(move, AcquirePlant):
            return Reply(
                event=t(
                    "ecosfera_table.payment_chosen",
                    plant=name,
                    cost=cost,
                    paid=element_words(move.cards),
                )
            )
        gap = t(
            "ecosfera_table.line_one_short",
            plant=name,
            cost=cost,
            element=element_name(move.element),
            paid=element_words(move.cards),
        )
        return self._offer_missing(move, gap)

    def _offer_missing(self, take: TakeMissingElement, gap: str) -> Reply:
        """Ask before the missing-element rule takes a card from an element deck: the
        button, or one more click on the plant (after the burst), takes it."""
        game = self.game
        plant, element = name_of(game.cards, take.plant), element_name(take.element)
        button = t("ecosfera_table.missing_button", element=element, plant=plant)
        self.pending = Pending(
            "missing",
            t("ecosfera_table.missing_title"),
            t(
                "ecosfera_table.missing_question",
                gap=gap,
                element=element,
                left=len(game.element_decks[take.element]),
            ),
            [(button, take)],
            plant=take.plant,
            asked_at=self.clock(),
        )
        self.chosen_for = self.chosen_for or f"plant:{take.plant}"
        return Reply(event=t("ecosfera_table.missing_event", gap=gap, plant=plant, button=button))

    def _click_animal(self, animal: int) -> Reply:
        refusal = self.refusal()
        if refusal:
            return _problem(refusal)
        if self.pending is not None and self.pending.kind == "refresh":
            return self._refresh_row(ANIMAL_ROW)
        game = self.game
        cards = game.cards
        target = f"animal:{animal}"
        name = name_of(cards, animal)
        plants = self._picked(is_plant)
        chosen_other = self.chosen_for is not None and self.chosen_for != target
        if len(plants) == 2 and not chosen_other:
            action: Action = AcquireAnimal(animal, plants[0], plants[1])
            if game.why_illegal(action) is None:
                return Reply(play=action)
            return _problem(self._call_refusal(animal, plants[0], plants[1]))
        if plants and not chosen_other:
            return _problem(
                t(
                    "ecosfera_table.call_needs_two",
                    animal=name,
                    biomes=biome_words(cards.biome_mask[animal]),
                    n=len(plants),
                )
            )
        self.pending = None
        self.selected = [c for c in self.selected if not is_plant(c)]
        self.chosen_for = None
        for action in game.legal_actions():
            if isinstance(action, AcquireAnimal) and action.animal == animal:
                self.selected += [action.plant_a, action.plant_b]
                self.chosen_for = target
                return Reply(
                    event=t(
                        "ecosfera_table.pair_chosen",
                        animal=name,
                        biomes=biome_words(cards.biome_mask[animal]),
                        a=name_of(cards, action.plant_a),
                        b=name_of(cards, action.plant_b),
                    )
                )
        return _problem(
            t(
                "ecosfera_table.cannot_call",
                animal=name,
                biomes=biome_words(cards.biome_mask[animal]),
            )
        )

    def _call_refusal(self, animal: int, a: int, b: int) -> str:
        """Why two plants do not call ``animal``, in words: the engine's reason, or the
        table's own words for it (chosen by the refusal's key, never by checking the rule
        again)."""
        why = self.game.why_illegal(AcquireAnimal(animal, a, b)) or ""
        key = CALL_REFUSALS.get(why.key) if isinstance(why, Refusal) else None
        if key is None:
            return self._plain(why)
        cards = self.game.cards
        return t(key, animal=name_of(cards, animal), a=name_of(cards, a), b=name_of(cards, b))

    def _click_tile(self, p: int, ability: int) -> Reply:
        refusal = self.refusal()
        if refusal:
            return _problem(refusal)
        if p != self.game.turn_player:
            key = (
                "ecosfera_table.tile_of_other_up"
                if self.game.tiles[p][ability]
                else "ecosfera_table.tile_of_other_down"
            )
            return _problem(about(key, self.name(p), tile=ability_name(ability)))
        return self.use_ability(TILE, ability)

    def _click_symbol(self, code: int, ability: int) -> Reply:
        refusal = self.refusal()
        if refusal:
            return _problem(refusal)
        return self.use_ability(code, ability)

    def _click_deck(self, row: int) -> Reply:
        if self.refusal() is None and self.pending is not None and self.pending.kind == "refresh":
            return self._refresh_row(row)
        game = self.game
        deck = game.plant_deck if row == PLANT_ROW else game.animal_deck
        key = "ecosfera_table.plant_deck" if row == PLANT_ROW else "ecosfera_table.animal_deck"
        return _problem(t(key, n=len(deck)))

    # ------------------------------------------------------------------ abilities
    def use_ability(self, source: int, ability: int) -> Reply:
        """A click on an ability tile or symbol: plus plays, refresh asks which row,
        movement asks for a card and then where it goes."""
        game = self.game
        self.pending = None
        words = cap(source_words(game.cards, source, ability, self.name(game.turn_player), to=True))
        if ability == 0:
            return Reply(play=Plus(source))
        if ability == 1:
            options: list[tuple[str, Action | str]] = [
                (
                    t(f"ecosfera_table.refresh_{'plants' if row == PLANT_ROW else 'animals'}"),
                    Refresh(source, row),
                )
                for row in (PLANT_ROW, ANIMAL_ROW)
                if game.why_illegal(Refresh(source, row)) is None
            ]
            if not options:
                return _problem(self._plain(game.why_illegal(Refresh(source, PLANT_ROW)) or ""))
            self.pending = Pending(
                "refresh",
                t("ecosfera_table.refresh_title"),
                t("ecosfera_table.refresh_question", source=words),
                options,
                source=source,
            )
            return Reply(event=t("ecosfera_table.refresh_event", source=words))
        movable = [c for c in self.free() if self._moves_of(source, c)]
        if not movable:
            free = self.free()
            reason = game.why_illegal(Move(source, free[0], RECYCLE)) if free else None
            return _problem(self._plain(reason) if reason else t("ecosfera_table.nothing_to_move"))
        self.pending = Pending(
            "movement",
            t("ecosfera_table.movement_title"),
            t("ecosfera_table.movement_question", source=words),
            source=source,
        )
        chosen = [c for c in self.selected if c in movable]
        if len(self.selected) == 1 and chosen:
            return self._movement_card(chosen[0])
        self.selected = []
        return Reply(event=t("ecosfera_table.movement_event", source=words))

    def _moves_of(self, source: int, code: int) -> list[Move]:
        """The legal movements of ``code`` by the ability at ``source`` (the engine's). The
        engine lists one element card of each element; the card clicked is the one moved
        (an identical copy: the same move)."""
        game = self.game
        element = ELEMENT_OF[code] if code in free_elements(game) else -1
        return [
            dataclasses.replace(a, card=code)
            for a in game.legal_actions()
            if isinstance(a, Move)
            and a.source == source
            and (a.card == code or (element >= 0 and ELEMENT_OF[a.card] == element))
        ]

    def _movement_card(self, code: int) -> Reply:
        game = self.game
        pending = self.pending
        assert pending is not None
        moves = self._moves_of(pending.source, code)
        if not moves:
            reason = game.why_illegal(Move(pending.source, code, RECYCLE)) or ""
            return _problem(self._plain(reason) if reason else t("ecosfera_table.nothing_to_move"))
        what = name_of(game.cards, code)
        options: list[tuple[str, Action | str]] = []
        for action in moves:
            if action.to == RECYCLE:
                label = t("ecosfera_table.move_recycle", card=what)
            elif action.to == OWN_DECK:
                label = t("ecosfera_table.move_own_deck", card=what)
            else:
                label = t("ecosfera_table.move_give", card=what, player=self.name(action.to))
            options.append((label, action))
        key = "ecosfera_table.destination_solo" if game.solo else "ecosfera_table.destination_team"
        self.pending = Pending(
            "destination",
            t("ecosfera_table.movement_title"),
            t(key, card=what),
            options,
            source=pending.source,
            card=code,
        )
        self.selected = []
        return Reply(event=t("ecosfera_table.destination_event", card=what))

    def _refresh_row(self, row: int) -> Reply:
        pending = self.pending
        assert pending is not None
        return Reply(play=Refresh(pending.source, row))

    # ------------------------------------------------------------------ buttons
    def choose(self, index: int) -> Reply:
        """Press the ``index``-th choice button of the question being asked."""
        pending = self.pending
        if pending is None or not 0 <= index < len(pending.options):
            return _problem(t("ecosfera_table.no_such_choice"))
        chosen = pending.options[index][1]
        if isinstance(chosen, str):
            self.pending = None
            return Reply(command=chosen)
        return Reply(play=chosen)

    def ask_new_game(self) -> Reply:
        """The New game button: a game under way is lost unless it was saved, so the table
        asks, and only the "Yes, deal a new game" choice deals it (never a second press of
        New game). A game not started or over is replaced at once."""
        game = self.game
        if game.is_over or not self.humans_have_played():
            return Reply(command=NEW_GAME)
        if self.pending is not None and self.pending.kind == "new":
            return _problem(t("ecosfera_table.new_confirm_elsewhere"))
        self.moved()
        button = t("ecosfera_table.new_yes")
        self.pending = Pending(
            "new",
            t("ecosfera_table.new_title"),
            t("ecosfera_table.new_question"),
            [(button, NEW_GAME)],
            asked_at=self.clock(),
        )
        return _problem(t("ecosfera_table.new_warning", button=button))

    def cancel(self) -> Reply:
        """Forget the question (the “Cancel” button); the selection stays."""
        if self.pending is None:
            return _problem(t("ecosfera_table.nothing_to_cancel"))
        self.pending = None
        return Reply(event=t("ecosfera_table.cancelled"))

    def clear(self) -> Reply:
        """Unselect everything and forget any question."""
        self.moved()
        return Reply(event=t("ecosfera_table.cleared"))

    def end_turn(self, *, pressed: bool = False) -> Reply:
        """End the turn. With nothing acquired while something could be, it asks "are you
        sure?", and only the "Yes, end my turn" choice (another button, elsewhere) ends the
        turn: End turn never confirms. ``pressed``: the End turn button was pressed, and a
        press in the burst after a turn it ended ends nothing more."""
        refusal = self.refusal()
        if refusal:
            return _problem(refusal)
        if pressed and self.clock() - self.last_end < BURST:
            return _problem(t("ecosfera_table.end_burst"))
        game = self.game
        if self.pending is not None and self.pending.kind == "end":
            return _problem(
                t("ecosfera_table.end_confirm_elsewhere", button=self.pending.options[0][0])
            )
        found = acquisitions(game)
        if not game.achieved and found:
            items = hint_items(game)
            button = t("ecosfera_table.end_yes")
            self.selected = []
            self.chosen_for = None
            self.pending = Pending(
                "end",
                t("ecosfera_table.end_title"),
                t(
                    "ecosfera_table.end_question",
                    first=items[0][:1].lower() + items[0][1:],
                    n=len(items) - 1,
                ),
                [(button, EndTurn())],
                asked_at=self.clock(),
            )
            return _problem(t("ecosfera_table.end_warning", button=button))
        return Reply(play=EndTurn())

    def ended(self, action: Action) -> None:
        """A human move was played: remember when a turn was ended (burst guard)."""
        if isinstance(action, EndTurn):
            self.last_end = self.clock()

    def toggle_hints(self) -> Reply:
        """“What can I do?”: mark every possible acquisition (press again to hide)."""
        refusal = self.refusal()
        if refusal:
            return _problem(refusal)
        if self.hints and not self.selected and self.pending is None:
            self.hints = False
            return Reply(event=t("ecosfera_table.hints_hidden"))
        self.hints = True
        self.moved()
        items = hint_items(self.game)
        if items:
            return Reply(event=t("ecosfera_table.hints", n=len(items), items="; ".join(items)))
        return Reply(event=self.nothing_to_acquire())

    def nothing_to_acquire(self) -> str:
        abilities = self.ability_words()
        text = t("ecosfera_table.nothing_to_acquire")
        if abilities:
            text += " " + t("ecosfera_table.abilities_left", abilities=join_words(abilities))
        if not self.game.achieved:
            text += " " + t("ecosfera_table.ending_brings_disaster")
        return text

    def ability_words(self) -> list[str]:
        game = self.game
        name = self.name(game.turn_player)
        seen: dict[tuple[int, int], None] = {}
        for a in game.legal_actions():
            if isinstance(a, (Plus, Refresh, Move)):
                seen.setdefault((a.source, ABILITY_OF[type(a)]), None)
        return [source_words(game.cards, s, ab, name, to=True) for s, ab in seen]

    # ------------------------------------------------------------------ words
    def selection_words(self, *, still: bool = False) -> str:
        """The selection and what it can do ("Selected: earth and sun. It pays for
        Cloudberry: click it."); ``still``: without what to click (for a picture)."""
        game = self.game
        cards = game.cards
        if not self.selected:
            return t("ecosfera_table.nothing_selected")
        parts = [
            t(
                "ecosfera_table.selected",
                cards=join_words([name_of(cards, c) for c in self.selected]),
            )
        ]
        elements = self._picked(is_element)
        plants = self._picked(is_plant)
        suffix = "_still" if still else ""
        if elements:
            paid = plants_paid_by(game, elements)
            exact = [p.plant for p in paid if p.missing is None]
            short = [(p.plant, p.missing) for p in paid if p.missing is not None]
            if exact:
                parts.append(
                    t(
                        f"ecosfera_table.pays_for{suffix}",
                        plants=join_alternatives([name_of(cards, c) for c in exact]),
                    )
                )
            if short:
                words = join_alternatives(
                    [
                        t(
                            "ecosfera_table.plant_and_element",
                            plant=name_of(cards, c),
                            element=element_name(e),
                        )
                        for c, e in short
                        if e is not None
                    ]
                )
                parts.append(t(f"ecosfera_table.one_short_of{suffix}", plants=words))
            if not paid:
                parts.append(t("ecosfera_table.pays_nothing"))
        if len(plants) == 2:
            calls = animals_called_by(game, *plants)
            shared = cards.biome_mask[plants[0]] & cards.biome_mask[plants[1]]
            if calls:
                parts.append(
                    t(
                        f"ecosfera_table.can_call{suffix}",
                        animals=join_alternatives([name_of(cards, c) for c in calls]),
                    )
                )
            elif mycorrhiza_of(game, *plants) is not None:
                parts.append(t("ecosfera_table.they_mycorrhize"))
            elif shared:
                parts.append(t("ecosfera_table.no_animal_there", biomes=biome_words(shared)))
            else:
                parts.append(t("ecosfera_table.share_nothing"))
        return " ".join(parts)

    def explain(self, kind: str, args: list[int]) -> str:
        """Why a click on something that is not a move does nothing (and what it is)."""
        words = thing_words(self.game, kind, args)
        if words is not None:
            return words
        refusal = self.refusal()
        if refusal:
            return refusal
        if self.pending is not None:
            return t("ecosfera_table.answer_first", question=self.pending.question)
        return t("ecosfera_table.nothing_there")

    # ------------------------------------------------------------------ marks
    def marks(self) -> dict[str, str]:
        """The cards to mark now, as click target -> the tag's words."""
        game = self.game
        if game.is_over or not self.is_human(game.current_player):
            return {}
        pending = self.pending
        if pending is not None and pending.kind == "missing" and pending.plant is not None:
            action = pending.options[0][1]
            assert isinstance(action, TakeMissingElement)
            return {
                f"plant:{pending.plant}": t(
                    "ecosfera_table.tag_plus_question", element=element_name(action.element)
                )
            }
        if pending is not None and pending.kind in ("refresh", "end", "new"):
            return {}
        if self.selected:
            marks: dict[str, str] = {}
            elements = self._picked(is_element)
            if elements:
                for payment in plants_paid_by(game, elements):
                    marks[f"plant:{payment.plant}"] = (
                        t("ecosfera_table.tag_buy")
                        if payment.missing is None
                        else t("ecosfera_table.tag_buy_plus", element=element_name(payment.missing))
                    )
            plants = self._picked(is_plant)
            if len(plants) == 2:
                for c in animals_called_by(game, *plants):
                    marks[f"animal:{c}"] = t("ecosfera_table.tag_call")
            return marks
        if self.hints:
            return hint_marks(game)
        return {}


__all__ = ["BURST", "NEW_GAME", "Pending", "Reply", "TableModel"]
