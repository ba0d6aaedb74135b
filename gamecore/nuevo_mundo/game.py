"""Nuevo Mundo's rules: 2-5 expeditions settle the islands of an imaginary Caribbean.

``gamecore.new_game("nuevo-mundo", players=2..5, seed=..., scenario=..., dice=..., cards=...,
rounds=..., operations=...)``. A turn has a placement stage (spend every credit on CQ, CA and
ships and place them) and an operative stage (mobilise with the white cone and the colour die,
embark, disembark, attack, negotiate), and ends with no conflict region left on the map. The
decisions of other players inside a turn (answering a retreat, choosing a tactic) are their
own actions: ``current_player`` says who decides. Both tactics of a battle round are chosen
in secret: a view never shows the other side's choice.

The package in layers, each module importing only those before it (a test holds it):
``stages`` and ``data`` (the components), ``actions``, ``maps`` then ``builder`` (the boards),
``options``, ``view``, ``position`` (the position's parts and counts), ``checks`` (one check
per kind of action: the rule, and the reason of a refusal), ``moves`` (the legal actions),
``scoring``, ``criptex``; then this module, which carries actions out (``RULES`` pairs each
kind of action with its check and its effect); then what reads a game: ``bots``,
``players``, ``events``, ``study``. Every rule decision the rulebook leaves open is in
docs/rules/nuevo-mundo.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

from ..errors import Refusal, refuse
from ..protocol import Action, Game, Outcome
from ..scoresheet import ScoreSheet
from ..words import t
from . import checks, data, moves
from .actions import (
    ACTIONS,
    Aim,
    Answer,
    Attack,
    CardDrawn,
    ColourRolled,
    Combo,
    Disembark,
    Embark,
    EndTurn,
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
)
from .builder import build_scenario
from .criptex import battle_round
from .data import CARDS, CATEGORIES, COLOUR_DIE, COLOURS
from .maps import TILE_COUNT, scenario
from .options import game_options
from .position import GRIDS, LISTS, VALUES, Position
from .scoring import score_sheet
from .stages import (
    ANSWER,
    BLACK,
    CARD_SOURCES,
    COLOUR,
    COMBO,
    COMBO_CARDS,
    DEFAULT_OPERATIONS,
    DEFAULT_ROUNDS,
    DICE,
    DRAW,
    ENTER,
    GREEN,
    MOVE,
    NUMBER,
    OPERATE,
    ORDER,
    OVER,
    PICK,
    PLACE,
    PLUNDER,
    PLUNDER_CARD,
    RED,
    SAIL,
    TACTIC_ATTACKER,
    TACTIC_DEFENDER,
)
from .view import NuevoMundoView

__all__ = [
    "ANSWER",
    "BLACK",
    "CARD_SOURCES",
    "COLOUR",
    "COMBO",
    "COMBO_CARDS",
    "DEFAULT_OPERATIONS",
    "DEFAULT_ROUNDS",
    "DICE",
    "DRAW",
    "ENTER",
    "GREEN",
    "GRIDS",
    "LISTS",
    "MOVE",
    "NUMBER",
    "OPERATE",
    "ORDER",
    "OVER",
    "PICK",
    "PLACE",
    "PLUNDER",
    "PLUNDER_CARD",
    "RED",
    "RULES",
    "SAIL",
    "TACTIC_ATTACKER",
    "TACTIC_DEFENDER",
    "VALUES",
    "NuevoMundo",
    "NuevoMundoView",
]
"""The stages, the position's parts and the view are re-exported: players, tables and tests
read them here."""


def seen_event(event: tuple[Any, ...], player: int) -> tuple[Any, ...]:
    """An event as ``player`` may know it: a plundered card is named only to the two players
    of the battle; every other player learns its category alone (the card becomes
    ``-1 - category``, which ``events`` tells as "a card of that category")."""
    if event[0] == "plunder" and player not in (event[1], event[2]) and event[3] >= 0:
        return (*event[:3], -1 - CATEGORIES.index(CARDS[event[3]].category))
    return event


class NuevoMundo(Position, Game):
    """One game of Nuevo Mundo (the position and its counts: ``Position``)."""

    name: ClassVar[str] = "nuevo-mundo"
    action_types: ClassVar[dict[str, type[Action]]] = {a.kind: a for a in ACTIONS}
    min_players: ClassVar[int] = data.MIN_PLAYERS
    max_players: ClassVar[int] = data.MAX_PLAYERS

    # ------------------------------------------------------------------ options and set-up
    @classmethod
    def normalise_options(cls, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        return game_options(cls.name, n_players, options)

    def _setup(self) -> None:
        n = len(self.players)
        key = self.options["scenario"]
        if key == "random":
            die = self._rolled("scenario_die", 6) + 1
            tiles = self._shuffled("map_tiles", range(TILE_COUNT))
            self.map = build_scenario(die, tiles, n)
        else:
            self.map = scenario(key)
        regions = len(self.map.regions)
        self.cq = [[0] * n for _ in range(regions)]
        self.ca = [[0] * n for _ in range(regions)]
        self.ships = [[0] * n for _ in range(regions)]
        self.hands = [[] for _ in range(n)]
        if self.table_cards:  # the deck is the cards never face up; the class types each one
            self.deck = [c.id for c in CARDS]
            self.face_up = []
        else:
            deck = self._shuffled("deck", [c.id for c in CARDS])
            self.face_up = [deck.pop() for _ in range(data.FACE_UP)]
            self.deck = deck
        self.gone = []
        self.alive = [True] * n
        self.order = list(range(n))
        self.turn = 0
        self.round = 0
        self.stage = ORDER
        self.pending = ""
        self.rollers = list(range(n))
        self.rolls = []
        self.credits = 0
        self.ca_regions = []
        self.aim = None
        self.roll_for = ""
        self.red = []
        self.combo_used = []
        self.combo_cards = [0] * len(CATEGORIES)
        self.combo_colour = -1
        self.negotiated = []
        self.negotiation = None
        self.ops = 0
        self._clear_battle()
        self.events = []
        self.winners = []
        self.victory = ""
        if self.table_cards:  # the face-up row is laid out first, then the dice for the order
            self.pending = DRAW
        else:
            self._next_order_roll()

    def _clear_battle(self) -> None:
        self.b_region = -1
        self.b_defender = -1
        self.b_tactic = 0
        self.b_plundered = False
        self.b_category = -1
        self.b_eliminate = False

    # ------------------------------------------------------------------ the first order
    def _next_order_roll(self) -> None:
        """Throw (or wait for) the numeric die of the next player in the roll-off."""
        while len(self.rolls) < len(self.rollers):
            if self.table_dice:
                self.pending = NUMBER
                return
            self._take_order_roll(self._rolled("order", len(data.NUMERIC_DIE)) + 1)

    def _take_order_roll(self, value: int) -> None:
        self.events.append(("order_roll", self.rollers[len(self.rolls)], value))
        self.rolls.append(value)
        if len(self.rolls) < len(self.rollers):
            return
        best = max(self.rolls)
        tied = [p for p, v in zip(self.rollers, self.rolls) if v == best]
        if len(tied) > 1:  # decision: the tied highest throw again
            self.events.append(("order_tie", tuple(tied)))
            self.rollers, self.rolls = tied, []
            return
        first = tied[0]
        n = len(self.players)
        self.order = [(first + i) % n for i in range(n)]
        self.events.append(("order", tuple(self.order)))
        self.rollers, self.rolls = [], []
        self.stage = ENTER
        self.pending = ""
        self.turn = 0

    # ------------------------------------------------------------------ the protocol
    def legal_actions(self) -> list[Action]:
        return moves.legal(self)

    def _check(self, action: object) -> Refusal | None:
        rule = RULES.get(type(action)) if isinstance(action, Action) else None
        if rule is None:
            shown = str(action) if isinstance(action, Action) else repr(action)
            return refuse("nuevo_mundo.not_an_action", action=shown)
        for field, value in vars(action).items():
            if not isinstance(value, int):
                return refuse("nuevo_mundo.not_whole", field=field, value=repr(value))
        return rule[0](self, action)

    def _apply(self, action: Action) -> None:
        RULES[type(action)][1](self, action)

    # ------------------------------------------------------------------ the dice typed in
    def _number_rolled(self, action: NumberRolled) -> None:
        self._take_order_roll(action.value)
        self._next_order_roll()

    def _colour_rolled(self, action: ColourRolled) -> None:
        self.pending = ""
        self._resolve_colour(action.colour)

    # ------------------------------------------------------------------ the cards typed in
    def _card_drawn(self, action: CardDrawn) -> None:
        """A card typed in: handed over by the defender, or turned face up from the deck
        (laid at the end of the row: three at set-up, then one after every card taken)."""
        if self.pending == PLUNDER_CARD:
            self._take_plundered(action.card)
            return
        self.deck.remove(action.card)
        self.face_up.append(action.card)
        self.events.append(("turned_over", action.card))
        self.pending = ""
        if self.stage == ORDER:
            if len(self.face_up) < data.FACE_UP:
                self.pending = DRAW
            else:
                self._next_order_roll()
            return
        self._after_pick()

    # -- entering the board and cards
    def _settle(self, action: Settle) -> None:
        p, region = self.order[self.turn], action.region
        self.ca[region][p] = data.START_CA
        self.cq[region][p] = data.START_CQ
        self.events.append(("settle", p, region))
        if self.face_up:
            self.pending = PICK
        else:
            self._after_enter()

    def _after_enter(self) -> None:
        self.turn += 1
        if self.turn >= len(self.order):
            self._new_round()

    def _pick(self, action: PickCard) -> None:
        """The card goes to the hand and the deck refills its place; at a real table the
        game first waits for the card turned over (none once the game is won)."""
        p, slot = self.order[self.turn], action.slot
        card = self.face_up.pop(slot)
        self.hands[p].append(card)
        if self.deck and not self.table_cards:
            self.face_up.insert(slot, self.deck.pop())
        self.events.append(("pick", p, card))
        self.pending = ""
        if self._check_victory(p):
            return
        if self.deck and self.table_cards:
            self.pending = DRAW
            return
        self._after_pick()

    def _after_pick(self) -> None:
        if self.stage == ENTER:
            self._after_enter()
        else:
            self._after_placement()

    def _check_victory(self, player: int) -> bool:
        """Victory by points (20 or more) or by categories (all 6): the game ends at once."""
        if self.points(player) >= data.POINTS_TO_WIN:
            self._finish([player], "points")
        elif self.categories_of(player) == len(CATEGORIES):
            self._finish([player], "categories")
        return self.stage == OVER

    def _outcome(self) -> Outcome:
        """Victory by points, by categories or by survival, or the most points when the round
        limit is reached (``victory`` "rounds")."""
        return Outcome(self.victory, tuple(sorted(self.winners)))

    def _finish(self, winners: list[int], victory: str) -> None:
        self.stage = OVER
        self.pending = ""
        self.winners = winners
        self.victory = victory
        self.events.append(("victory", victory, tuple(winners)))

    # -- rounds and turns
    def _new_round(self) -> None:
        """Before every round: fewest credits first; a tie keeps the last round's order."""
        limit = self.options["rounds"]
        if limit and self.round >= limit:
            self._finish_by_rounds()
            return
        alive = [p for p in self.order if self.alive[p]]
        self.order = sorted(alive, key=self.credits_of)  # sorted() is stable: ties keep order
        self.round += 1
        self.turn = 0
        self.events.append(("round", self.round, tuple(self.order)))
        self._begin_turn()

    def _finish_by_rounds(self) -> None:
        """Decision: after the last round, most points wins; ties: more categories, then more
        credits; still tied: shared."""
        alive = [p for p in range(len(self.players)) if self.alive[p]]
        best = max(self._rank_key(p) for p in alive)
        self._finish([p for p in alive if self._rank_key(p) == best], "rounds")

    def _rank_key(self, p: int) -> tuple[int, int, int]:
        return (self.points(p), self.categories_of(p), self.credits_of(p))

    def _begin_turn(self) -> None:
        p = self.order[self.turn]
        self.stage = PLACE
        self.pending = ""
        self.credits = self.credits_of(p)
        self.ca_regions = []
        self.aim = None
        self.red = []
        self.combo_used = []
        self.combo_cards = [0] * len(CATEGORIES)
        self.negotiated = []
        self.ops = 0
        self.events.append(("turn", p, self.credits))
        self._after_placement()

    def _after_placement(self) -> None:
        """The placement stage ends when every credit is spent (or nothing can be bought)."""
        if self.pending:
            return
        if self.credits and not checks.can_buy(self):
            self.events.append(("credits_lost", self.order[self.turn], self.credits))
            self.credits = 0
        if not self.credits:
            self.stage = OPERATE

    def _end_turn(self, action: EndTurn) -> None:
        p = self.order[self.turn]
        self.events.append(("end_turn", p, len(self.red)))
        self.red = []
        self.aim = None
        self.turn += 1
        while self.turn < len(self.order) and not self.alive[self.order[self.turn]]:
            self.turn += 1
        if self.turn >= len(self.order):
            self._new_round()
        else:
            self._begin_turn()

    # -- placement
    def _place_cq(self, action: PlaceCQ) -> None:
        p = self.order[self.turn]
        self.cq[action.region][p] += action.count
        self.credits -= action.count * data.COST_CQ
        self.events.append(("place_cq", p, action.region, action.count))
        self._after_placement()

    def _place_ca(self, action: PlaceCA) -> None:
        p, region = self.order[self.turn], action.region
        self.ca[region][p] += 1
        self.ca_regions.append(region)
        self.credits -= data.COST_CA
        self.events.append(("place_ca", p, region))
        if self.ca[region][p] == 2:
            self.events.append(("settlement", p, region))
            if self.face_up:
                self.pending = PICK
        self._after_placement()

    def _place_ship(self, action: PlaceShip) -> None:
        p = self.order[self.turn]
        self.cq[action.land][p] -= 1
        self.ships[action.sea][p] += 1
        self.cq[action.sea][p] += 1
        self.credits -= data.COST_SHIP
        self.events.append(("place_ship", p, action.land, action.sea))
        self._after_placement()

    # -- mobilisation
    def _aim(self, action: Aim) -> None:
        self.ops += 1
        self.aim = (action.origin, action.destination)
        self.roll_for = "aim"
        self._throw_colour()

    def _throw_colour(self) -> None:
        if self.table_dice:
            self.pending = COLOUR
            return
        face = self._rolled("colour", len(COLOUR_DIE))
        self._resolve_colour(COLOURS.index(COLOUR_DIE[face]))

    def _resolve_colour(self, colour: int) -> None:
        assert self.aim is not None
        p = self.order[self.turn]
        origin, destination = self.aim
        self.events.append(("roll", p, origin, destination, colour, self.roll_for))
        if self.roll_for == "retreat":
            self._retreat_rolled(colour)
            return
        if colour == GREEN:
            self.pending = MOVE if self.map.regions[origin].land else SAIL
        elif checks.combo_categories(self, colour):
            self.combo_colour = colour
            self.pending = COMBO
        else:
            self._suffer(colour)

    def _suffer(self, colour: int) -> None:
        """A red throw closes the border with a red cone; a black one costs a CQ."""
        assert self.aim is not None
        origin, destination = self.aim
        if colour == RED:
            self.red.append(self._border(origin, destination))
        else:
            self._lose_cq(origin, self.order[self.turn], 1)
        self.aim = None
        self.combo_colour = -1

    def _lose_cq(self, region: int, player: int, count: int) -> None:
        """Remove CQ; at sea a ship goes with its last crew (every ship holds at least one)."""
        self.cq[region][player] = max(0, self.cq[region][player] - count)
        if self.ships[region][player] > self.cq[region][player]:
            self.ships[region][player] = self.cq[region][player]

    def _combo(self, action: Combo) -> None:
        colour = self.combo_colour
        self.combo_used.append(colour)
        self.combo_cards[action.category] += COMBO_CARDS[colour]
        self.events.append(("combo", self.order[self.turn], action.category, colour))
        self.pending = ""
        self.aim = None
        self.combo_colour = -1

    def _no_combo(self, action: NoCombo) -> None:
        self.pending = ""
        self._suffer(self.combo_colour)

    def _move(self, action: Move) -> None:
        assert self.aim is not None
        p, count = self.order[self.turn], action.count
        origin, destination = self.aim
        self.cq[origin][p] -= count
        self.cq[destination][p] += count
        self.events.append(("move", p, origin, destination, count))
        self.pending = ""
        self.aim = None

    def _sail(self, action: Sail) -> None:
        assert self.aim is not None
        p, ships, troops = self.order[self.turn], action.ships, action.troops
        origin, destination = self.aim
        self.ships[origin][p] -= ships
        self.cq[origin][p] -= troops
        self.ships[destination][p] += ships
        self.cq[destination][p] += troops
        self.events.append(("sail", p, origin, destination, ships, troops))
        self.pending = ""
        self.aim = None

    def _embark(self, action: Embark) -> None:
        p = self.order[self.turn]
        self.ops += 1
        self.cq[action.land][p] -= action.count
        self.cq[action.sea][p] += action.count
        self.events.append(("embark", p, action.land, action.sea, action.count))

    def _disembark(self, action: Disembark) -> None:
        p = self.order[self.turn]
        self.ops += 1
        self.cq[action.sea][p] -= action.count
        self.cq[action.land][p] += action.count
        self.events.append(("disembark", p, action.sea, action.land, action.count))

    # -- negotiation
    def _defender_in(self, region: int) -> int:
        p = self.order[self.turn]
        return next(q for q in self.occupants(region) if q != p)

    def _negotiate(self, action: Negotiate) -> None:
        self.negotiated.append(action.region)
        self.negotiation = (action.region, action.destination)
        self.b_defender = self._defender_in(action.region)
        self.events.append(
            ("negotiate", self.order[self.turn], self.b_defender, action.region, action.destination)
        )
        self.pending = ANSWER

    def _answer(self, action: Answer) -> None:
        assert self.negotiation is not None
        accept = bool(action.accept)
        region, destination = self.negotiation
        self.events.append(("answer", self.b_defender, int(accept)))
        self.pending = ""
        if not accept:
            self.negotiation = None
            self._start_battle(region)
            return
        p = self.order[self.turn]
        if self.map.regions[region].land and not self.map.regions[destination].land:
            # by embarking, through an open coast: no die
            count = self.cq[region][p]
            self.cq[region][p] = 0
            self.cq[destination][p] += count
            self.events.append(("retreat", p, region, destination))
            self.negotiation = None
            self._clear_battle()
            return
        self.aim = (region, destination)
        self.roll_for = "retreat"
        self._throw_colour()

    def _retreat_rolled(self, colour: int) -> None:
        """A retreat by mobilisation: green takes every troop out; red (a red cone) or black
        (a CQ lost) makes it fail, and the battle starts (decision: no card combo here)."""
        assert self.aim is not None and self.negotiation is not None
        p = self.order[self.turn]
        region, destination = self.aim
        self.aim = None
        self.negotiation = None
        if colour == GREEN:
            self.ships[destination][p] += self.ships[region][p]
            self.cq[destination][p] += self.cq[region][p]
            self.ships[region][p] = 0
            self.cq[region][p] = 0
            self.events.append(("retreat", p, region, destination))
            self._clear_battle()
            return
        if colour == RED:
            self.red.append(self._border(region, destination))
        else:
            self._lose_cq(region, p, 1)
        self.events.append(("retreat_failed", p, region))
        if self._has(region, p) and self.force(region, self.b_defender):
            self._start_battle(region)
        else:
            self._clear_battle()

    # -- battle
    def _start_battle(self, region: int) -> None:
        self.b_region = region
        self.b_defender = self._defender_in(region)
        self.b_tactic = 0
        self.b_plundered = False
        self.b_eliminate = False
        self.events.append(("battle", self.order[self.turn], self.b_defender, region))
        self.pending = TACTIC_ATTACKER

    def _attack(self, action: Attack) -> None:
        self._start_battle(action.region)

    def _tactic(self, action: Tactic) -> None:
        tactic = action.tactic
        if self.pending == TACTIC_ATTACKER:
            self.b_tactic = tactic
            self.pending = TACTIC_DEFENDER
            return
        p = self.order[self.turn]
        d = self.b_defender
        r = self.b_region
        attackers, defenders = self.cq[r][p], self.force(r, d)
        lose_a, lose_d = battle_round(self.b_tactic, tactic, attackers, defenders)
        settlement = self.ca[r][d] >= 2
        self._lose_cq(r, p, lose_a)
        from_cq = min(lose_d, self.cq[r][d])
        self._lose_cq(r, d, from_cq)
        self.ca[r][d] -= min(lose_d - from_cq, self.ca[r][d])
        self.events.append(
            ("battle_round", p, d, r, self.b_tactic, tactic, attackers, defenders, lose_a, lose_d)
        )
        self.b_tactic = 0
        self.pending = ""
        if settlement and self.ca[r][d] < 2:
            self.events.append(("settlement_lost", d, r))
            self.b_eliminate = not self.settlements(d)
            if not self.b_plundered and self.hands[d]:
                self.b_plundered = True
                self.pending = PLUNDER
                return
        self._after_round()

    def _plunder(self, action: Plunder) -> None:
        """The attacker takes one of the defender's cards of ``category`` blind: drawn at
        random, or at a real table the defender says which card went (when there is a
        choice)."""
        category = action.category
        p = self.order[self.turn]
        d = self.b_defender
        cards = sorted(c for c in self.hands[d] if CATEGORIES.index(CARDS[c].category) == category)
        if len(cards) > 1 and self.table_cards:
            self.b_category = category
            self.pending = PLUNDER_CARD
            self.events.append(("plunder_choice", p, d, category))
            return
        card = cards[self._rolled("plunder", len(cards))] if len(cards) > 1 else cards[0]
        self._take_plundered(card)

    def _take_plundered(self, card: int) -> None:
        p = self.order[self.turn]
        d = self.b_defender
        self.hands[d].remove(card)
        self.hands[p].append(card)
        self.events.append(("plunder", p, d, card))
        self.pending = ""
        self.b_category = -1
        if self._check_victory(p):
            return
        self._after_round()

    def _after_round(self) -> None:
        p = self.order[self.turn]
        d = self.b_defender
        r = self.b_region
        if self.b_eliminate:
            self._eliminate(d)
            if self.stage == OVER:
                return
        if self.cq[r][p] and self.force(r, d):
            self.pending = TACTIC_ATTACKER
            return
        winner = p if self.cq[r][p] else (d if self.force(r, d) else -1)
        self.events.append(("battle_over", p, d, r, winner))
        self._clear_battle()

    def _eliminate(self, player: int) -> None:
        """A player without settlements leaves: pieces off the map, cards out of the game."""
        for r in range(len(self.cq)):
            self.cq[r][player] = 0
            self.ca[r][player] = 0
            self.ships[r][player] = 0
        self.gone.extend(self.hands[player])
        self.hands[player] = []
        self.alive[player] = False
        self.events.append(("eliminated", player))
        alive = [q for q in range(len(self.players)) if self.alive[q]]
        if len(alive) == 1:
            self._finish(alive, "survival")

    # ------------------------------------------------------------------ view, score, copies
    def view(self, player: int) -> NuevoMundoView:
        if isinstance(player, bool) or not isinstance(player, int):
            raise ValueError(t("nuevo_mundo.no_player", player=repr(player)))
        if not 0 <= player < len(self.players):
            raise ValueError(t("nuevo_mundo.no_player", player=repr(player)))
        backs = tuple(
            tuple(sorted(CATEGORIES.index(CARDS[c].category) for c in hand)) for hand in self.hands
        )
        mine = self.pending == TACTIC_DEFENDER and self.order[self.turn] == player
        return NuevoMundoView(
            game=self.name,
            player=player,
            players=self.players,
            options=dict(self.options),
            map=self.map,
            cq=tuple(tuple(row) for row in self.cq),
            ca=tuple(tuple(row) for row in self.ca),
            ships=tuple(tuple(row) for row in self.ships),
            hand=tuple(self.hands[player]),
            backs=backs,
            face_up=tuple(self.face_up),
            deck_size=len(self.deck),
            alive=tuple(self.alive),
            order=tuple(self.order),
            turn=self.turn,
            round=self.round,
            stage=self.stage,
            pending=self.pending,
            current_player=self.current_player,
            turn_player=self.turn_player,
            credits=self.credits,
            red_cones=tuple(self.red),
            aim=self.aim,
            combos_used=tuple(self.combo_used),
            battle_region=self.b_region,
            defender=self.b_defender,
            my_tactic=self.b_tactic if mine else 0,
            negotiation=self.negotiation,
            operations=self.ops,
            events=tuple(seen_event(e, player) for e in self.events),
            winners=tuple(self.winners),
            victory=self.victory,
            ca_regions=tuple(self.ca_regions),
            combo_cards=tuple(self.combo_cards),
            combo_colour=self.combo_colour,
            roll_for=self.roll_for,
            negotiated=tuple(self.negotiated),
            plundered=self.b_plundered,
            eliminate=self.b_eliminate,
            rollers=tuple(self.rollers),
            rolls=tuple(self.rolls),
        )

    def score(self) -> ScoreSheet:
        """Each player's card points by category; the winner first (a victory by categories
        or survival ranks first whatever the points): ``scoring.py``."""
        return score_sheet(self)

    def _state_key(self) -> tuple[Any, ...]:
        return (
            self.map.key,
            *(tuple(map(tuple, getattr(self, name))) for name in GRIDS),
            *(tuple(getattr(self, name)) for name in LISTS),
            *(getattr(self, name) for name in VALUES),
        )

    def _copy_state(self, other: Any) -> None:
        other.map = self.map
        for name in GRIDS:
            setattr(other, name, [list(row) for row in getattr(self, name)])
        for name in LISTS:
            setattr(other, name, list(getattr(self, name)))
        for name in VALUES:
            setattr(other, name, getattr(self, name))


Check = Callable[[Position, Any], Refusal | None]
"""A kind of action's rule (``checks.check_<kind>``): None if legal now, else the refusal."""
Apply = Callable[[NuevoMundo, Any], None]
"""What a legal action of that kind does to the game."""

RULES: Final[dict[type[Action], tuple[Check, Apply]]] = {
    NumberRolled: (checks.check_number_rolled, NuevoMundo._number_rolled),
    ColourRolled: (checks.check_colour_rolled, NuevoMundo._colour_rolled),
    CardDrawn: (checks.check_card_drawn, NuevoMundo._card_drawn),
    Settle: (checks.check_settle, NuevoMundo._settle),
    PickCard: (checks.check_pick_card, NuevoMundo._pick),
    PlaceCQ: (checks.check_place_cq, NuevoMundo._place_cq),
    PlaceCA: (checks.check_place_ca, NuevoMundo._place_ca),
    PlaceShip: (checks.check_place_ship, NuevoMundo._place_ship),
    Aim: (checks.check_aim, NuevoMundo._aim),
    Move: (checks.check_move, NuevoMundo._move),
    Sail: (checks.check_sail, NuevoMundo._sail),
    Combo: (checks.check_combo, NuevoMundo._combo),
    NoCombo: (checks.check_no_combo, NuevoMundo._no_combo),
    Embark: (checks.check_embark, NuevoMundo._embark),
    Disembark: (checks.check_disembark, NuevoMundo._disembark),
    Attack: (checks.check_attack, NuevoMundo._attack),
    Negotiate: (checks.check_negotiate, NuevoMundo._negotiate),
    Answer: (checks.check_answer, NuevoMundo._answer),
    Tactic: (checks.check_tactic, NuevoMundo._tactic),
    Plunder: (checks.check_plunder, NuevoMundo._plunder),
    EndTurn: (checks.check_end_turn, NuevoMundo._end_turn),
}
"""Each kind of action: its check (why_illegal, play) and its effect (play)."""
