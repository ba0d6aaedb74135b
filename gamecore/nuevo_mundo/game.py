"""Nuevo Mundo's rules: 2-5 expeditions settle the islands of an imaginary Caribbean.

``gamecore.new_game("nuevo-mundo", players=2..5, seed=..., scenario=..., dice=..., rounds=...,
operations=...)``. A turn has a placement stage (spend every credit on CQ, CA and ships and
place them) and an operative stage (mobilise with the white cone and the colour die, embark,
disembark, attack, negotiate), and ends with no conflict region left on the map. The
decisions of other players inside a turn (answering a retreat, choosing a tactic) are their
own actions: ``current_player`` says who decides. Both tactics of a battle round are chosen
in secret: a view never shows the other side's choice.

Every rule decision the rulebook leaves open is written in docs/rules/nuevo-mundo.md.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from ..protocol import Action, Game, Outcome
from ..scoresheet import ScoreRow, ScoreSheet, make_sheet
from ..words import t
from . import data, moves
from .actions import (
    ACTIONS,
    Aim,
    Answer,
    Attack,
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
    _OnMap,
)
from .criptex import battle_round
from .data import CARDS, CATEGORIES, COLOUR_DIE, COLOURS
from .maps import TILE_COUNT, Map, build_scenario, scenario
from .stages import (
    ANSWER,
    BLACK,
    COLOUR,
    COMBO,
    COMBO_CARDS,
    DEFAULT_OPERATIONS,
    DEFAULT_ROUNDS,
    DICE,
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
    RED,
    SAIL,
    TACTIC_ATTACKER,
    TACTIC_DEFENDER,
)
from .view import NuevoMundoView

__all__ = [
    "ANSWER",
    "BLACK",
    "COLOUR",
    "COMBO",
    "COMBO_CARDS",
    "DEFAULT_OPERATIONS",
    "DEFAULT_ROUNDS",
    "DICE",
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
    "RED",
    "SAIL",
    "TACTIC_ATTACKER",
    "TACTIC_DEFENDER",
    "VALUES",
    "NuevoMundo",
    "NuevoMundoView",
]
"""The stages and the view are re-exported: players, tables and tests read them here."""

GRIDS: Final = ("cq", "ca", "ships", "hands")
"""The position's lists of lists (region or player first), besides the map."""
LISTS: Final = (
    "face_up",
    "deck",
    "gone",
    "alive",
    "order",
    "rollers",
    "rolls",
    "ca_regions",
    "red",
    "combo_used",
    "combo_cards",
    "negotiated",
    "events",
    "winners",
)
VALUES: Final = (
    "turn",
    "round",
    "stage",
    "pending",
    "credits",
    "aim",
    "roll_for",
    "combo_colour",
    "negotiation",
    "ops",
    "b_region",
    "b_defender",
    "b_tactic",
    "b_plundered",
    "b_eliminate",
    "victory",
)
"""Every part of a position: a copy copies these, and two games are equal when they are
(a new attribute of the position goes into one of the three)."""


class NuevoMundo(Game):
    """One game of Nuevo Mundo."""

    name: ClassVar[str] = "nuevo-mundo"
    action_types: ClassVar[dict[str, type[Action]]] = {a.kind: a for a in ACTIONS}
    min_players: ClassVar[int] = data.MIN_PLAYERS
    max_players: ClassVar[int] = data.MAX_PLAYERS

    map: Map
    cq: list[list[int]]
    ca: list[list[int]]
    ships: list[list[int]]
    hands: list[list[int]]
    face_up: list[int]
    deck: list[int]
    gone: list[int]
    alive: list[bool]
    order: list[int]
    turn: int
    round: int
    stage: str
    pending: str
    rollers: list[int]
    rolls: list[int]
    credits: int
    ca_regions: list[int]
    aim: tuple[int, int] | None
    roll_for: str
    red: list[tuple[int, int]]
    combo_used: list[int]
    combo_cards: list[int]
    combo_colour: int
    negotiated: list[int]
    negotiation: tuple[int, int] | None
    ops: int
    b_region: int
    b_defender: int
    b_tactic: int
    b_plundered: bool
    b_eliminate: bool
    events: list[tuple[Any, ...]]
    winners: list[int]
    victory: str

    # ------------------------------------------------------------------ options and set-up
    @classmethod
    def normalise_options(cls, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        known = {"scenario", "dice", "rounds", "operations"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ValueError(t("core.no_option", game=cls.name, options=", ".join(unknown)))
        key = options.get("scenario", "random")
        if not isinstance(key, str):
            raise ValueError(t("nuevo_mundo.bad_scenario", scenario=repr(key)))
        if key != "random":
            try:
                chosen = scenario(key)
            except (KeyError, ValueError):
                raise ValueError(t("nuevo_mundo.bad_scenario", scenario=repr(key))) from None
            low, high = chosen.players
            if not low <= n_players <= high:
                raise ValueError(
                    t("nuevo_mundo.scenario_players", scenario=key, low=low, high=high, n=n_players)
                )
        dice = options.get("dice", "engine")
        if dice not in DICE:
            raise ValueError(t("nuevo_mundo.bad_dice", dice=repr(dice)))
        rounds = options.get("rounds", DEFAULT_ROUNDS)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
            raise ValueError(t("nuevo_mundo.bad_rounds", rounds=repr(rounds)))
        operations = options.get("operations", DEFAULT_OPERATIONS)
        if not isinstance(operations, int) or isinstance(operations, bool) or operations < 1:
            raise ValueError(t("nuevo_mundo.bad_operations", operations=repr(operations)))
        return {"scenario": key, "dice": dice, "rounds": rounds, "operations": operations}

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
        self._next_order_roll()

    def _clear_battle(self) -> None:
        self.b_region = -1
        self.b_defender = -1
        self.b_tactic = 0
        self.b_plundered = False
        self.b_eliminate = False

    @property
    def table_dice(self) -> bool:
        return bool(self.options["dice"] == "table")

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

    # ------------------------------------------------------------------ whose decision
    @property
    def turn_player(self) -> int | None:
        if self.stage in (OVER, ORDER):
            return None
        return self.order[self.turn]

    @property
    def current_player(self) -> int | None:
        if self.stage == OVER:
            return None
        if self.stage == ORDER:
            return self.rollers[len(self.rolls)]
        if self.pending in (ANSWER, TACTIC_DEFENDER):
            return self.b_defender
        return self.order[self.turn]

    # ------------------------------------------------------------------ counting
    def settlements(self, player: int) -> list[int]:
        """The land regions where ``player`` has a settlement (2 CA)."""
        return [r for r in range(len(self.ca)) if self.ca[r][player] >= 2]

    def islands_of(self, player: int) -> int:
        regions = self.map.regions
        return len({regions[r].island for r in self.settlements(player)})

    def credits_of(self, player: int) -> int:
        """What the credit table gives ``player`` now."""
        s = self.settlements(player)
        if not s:
            return 0
        return data.credits(len(s), self.islands_of(player))

    def points(self, player: int) -> int:
        return sum(CARDS[c].points for c in self.hands[player])

    def categories_of(self, player: int) -> int:
        return len({CARDS[c].category for c in self.hands[player]})

    def supply_cq(self, player: int) -> int:
        return data.CQ_SUPPLY - sum(row[player] for row in self.cq)

    def supply_ca(self, player: int) -> int:
        return data.CA_SUPPLY - sum(row[player] for row in self.ca)

    def supply_ships(self) -> int:
        return data.SHIPS - sum(sum(row) for row in self.ships)

    def force(self, region: int, player: int) -> int:
        """The pieces ``player`` fights with in ``region``: CQ, plus CA defending as 1 CQ."""
        return self.cq[region][player] + self.ca[region][player]

    def occupants(self, region: int) -> list[int]:
        """The players with pieces in ``region``."""
        return [
            p
            for p in range(len(self.players))
            if self.cq[region][p] or self.ca[region][p] or self.ships[region][p]
        ]

    def conflicts(self) -> list[int]:
        """The conflict regions: the turn player's pieces beside another player's."""
        p = self.turn_player
        if p is None:
            return []
        found = []
        cq, ca, ships = self.cq, self.ca, self.ships
        for r in range(len(cq)):
            here_cq, here_ca, here_ships = cq[r], ca[r], ships[r]
            if not (here_cq[p] or here_ca[p] or here_ships[p]):
                continue
            if sum(here_cq) + sum(here_ca) + sum(here_ships) > (
                here_cq[p] + here_ca[p] + here_ships[p]
            ):
                found.append(r)
        return found

    def _has(self, region: int, player: int) -> bool:
        return bool(
            self.cq[region][player] or self.ca[region][player] or self.ships[region][player]
        )

    def _border(self, a: int, b: int) -> tuple[int, int]:
        return (a, b) if a < b else (b, a)

    def region_name(self, region: int) -> str:
        return self.map.regions[region].name

    def describe(self, action: Action) -> str:
        """An action in words, regions by their names on this map."""
        if isinstance(action, _OnMap):
            return action.describe(self.region_name)
        return str(action)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        return moves.legal(self)

    def _legal(self, only: type[Action] | None = None) -> list[Action]:
        return moves.legal(self, only)

    # ------------------------------------------------------------------ refusals
    def _check(self, action: object) -> str | None:
        if not isinstance(action, Action) or type(action) not in ACTIONS:
            shown = str(action) if isinstance(action, Action) else repr(action)
            return t("nuevo_mundo.not_an_action", action=shown)
        if self.stage == OVER:
            return t("nuevo_mundo.game_over")
        if action in moves.legal(self, type(action)):
            return None
        from .refusals import reason  # (here: refusals reads this module's stages)

        return reason(self, action)

    # ------------------------------------------------------------------ applying
    def _apply(self, action: Action) -> None:
        if isinstance(action, NumberRolled):
            self._take_order_roll(action.value)
            self._next_order_roll()
        elif isinstance(action, ColourRolled):
            self.pending = ""
            self._resolve_colour(action.colour)
        elif isinstance(action, Settle):
            self._settle(action.region)
        elif isinstance(action, PickCard):
            self._pick(action.slot)
        elif isinstance(action, PlaceCQ):
            self._place_cq(action)
        elif isinstance(action, PlaceCA):
            self._place_ca(action.region)
        elif isinstance(action, PlaceShip):
            self._place_ship(action)
        elif isinstance(action, Aim):
            self._aim(action)
        elif isinstance(action, Move):
            self._move(action.count)
        elif isinstance(action, Sail):
            self._sail(action.ships, action.troops)
        elif isinstance(action, Combo):
            self._combo(action.category)
        elif isinstance(action, NoCombo):
            self.pending = ""
            self._suffer(self.combo_colour)
        elif isinstance(action, Embark):
            self._embark(action)
        elif isinstance(action, Disembark):
            self._disembark(action)
        elif isinstance(action, Attack):
            self._start_battle(action.region)
        elif isinstance(action, Negotiate):
            self._negotiate(action)
        elif isinstance(action, Answer):
            self._answer(bool(action.accept))
        elif isinstance(action, Tactic):
            self._tactic(action.tactic)
        elif isinstance(action, Plunder):
            self._plunder(action.category)
        elif isinstance(action, EndTurn):
            self._end_turn()

    # -- entering the board and cards
    def _settle(self, region: int) -> None:
        p = self.order[self.turn]
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

    def _pick(self, slot: int) -> None:
        p = self.order[self.turn]
        card = self.face_up.pop(slot)
        self.hands[p].append(card)
        if self.deck:
            self.face_up.insert(slot, self.deck.pop())
        self.events.append(("pick", p, card))
        self.pending = ""
        if self._check_victory(p):
            return
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
        if self.credits and not moves.can_buy(self):
            self.events.append(("credits_lost", self.order[self.turn], self.credits))
            self.credits = 0
        if not self.credits:
            self.stage = OPERATE

    def _end_turn(self) -> None:
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

    def _place_ca(self, region: int) -> None:
        p = self.order[self.turn]
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
        elif moves.combo_categories(self, colour):
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

    def _combo(self, category: int) -> None:
        colour = self.combo_colour
        self.combo_used.append(colour)
        self.combo_cards[category] += COMBO_CARDS[colour]
        self.events.append(("combo", self.order[self.turn], category, colour))
        self.pending = ""
        self.aim = None
        self.combo_colour = -1

    def _move(self, count: int) -> None:
        assert self.aim is not None
        p = self.order[self.turn]
        origin, destination = self.aim
        self.cq[origin][p] -= count
        self.cq[destination][p] += count
        self.events.append(("move", p, origin, destination, count))
        self.pending = ""
        self.aim = None

    def _sail(self, ships: int, troops: int) -> None:
        assert self.aim is not None
        p = self.order[self.turn]
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

    def _answer(self, accept: bool) -> None:
        assert self.negotiation is not None
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

    def _tactic(self, tactic: int) -> None:
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

    def _plunder(self, category: int) -> None:
        p = self.order[self.turn]
        d = self.b_defender
        cards = sorted(c for c in self.hands[d] if CATEGORIES.index(CARDS[c].category) == category)
        card = cards[self._rolled("plunder", len(cards))] if len(cards) > 1 else cards[0]
        self.hands[d].remove(card)
        self.hands[p].append(card)
        self.events.append(("plunder", p, d, card))
        self.pending = ""
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
            events=tuple(self.events),
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
        or survival ranks first whatever the points)."""
        rows = []
        for p, player in enumerate(self.players):
            for category in CATEGORIES:
                cards = [c for c in self.hands[p] if CARDS[c].category == category]
                if not cards:
                    continue
                names = ", ".join(f"{CARDS[c].title} ({CARDS[c].points})" for c in cards)
                rows.append(
                    ScoreRow(
                        player,
                        category,
                        sum(CARDS[c].points for c in cards),
                        t("nuevo_mundo.score_row", n=len(cards), cards=names),
                        tuple(cards),
                    )
                )
        winners = [self.players[w] for w in self.winners]
        rule = ""
        if winners:
            rule = t(f"nuevo_mundo.victory_{self.victory}", players=", ".join(winners))
        return make_sheet(
            self.players,
            CATEGORIES,
            rows,
            titles={c: t(f"nuevo_mundo_cards.category_{c}") for c in CATEGORIES},
            tie_break={
                player: (self.categories_of(p), self.credits_of(p), int(self.alive[p]))
                for p, player in enumerate(self.players)
            },
            tie_break_rule=t("nuevo_mundo.tie_break"),
            victors=winners,
            victory_rule=rule,
        )

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
