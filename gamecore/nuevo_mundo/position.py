"""A Nuevo Mundo position: its parts, listed once, and what can be counted on it.

``Position`` is the base of ``NuevoMundo`` (``game.py``): the rules' checks (``checks.py``),
the legal moves (``moves.py``) and the score sheet (``scoring.py``) read a position through
it, below the game class, so that none of them imports ``game.py``.
"""

from __future__ import annotations

from typing import Any, Final

from ..protocol import Action
from . import data
from .actions import _OnMap
from .data import CARDS
from .maps import Map
from .stages import ANSWER, ORDER, OVER, PLUNDER_CARD, TACTIC_DEFENDER

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
    "b_category",
    "b_eliminate",
    "victory",
)
"""Every part of a position: a copy copies these, and two games are equal when they are
(a new attribute of the position goes into one of the three)."""


class Position:
    """The position of a game of Nuevo Mundo (the map, the pieces, the cards, the turn and
    the decision it waits for) and the counts the rules ask of it."""

    players: tuple[str, ...]
    options: dict[str, Any]

    map: Map
    cq: list[list[int]]
    """Region -> each player's CQ there (aboard ships at sea)."""
    ca: list[list[int]]
    ships: list[list[int]]
    hands: list[list[int]]
    face_up: list[int]
    deck: list[int]
    gone: list[int]
    """Cards out of the game (an eliminated player's)."""
    alive: list[bool]
    order: list[int]
    turn: int
    """The index into ``order`` of the turn player."""
    round: int
    stage: str
    pending: str
    """What the stage waits for ("" = the stage's own choices); see ``stages.py``."""
    rollers: list[int]
    rolls: list[int]
    credits: int
    ca_regions: list[int]
    """The regions that got a CA this turn (one CA per region per turn)."""
    aim: tuple[int, int] | None
    """The border under the white cone: (origin, destination)."""
    roll_for: str
    red: list[tuple[int, int]]
    """The borders closed by red cones this turn (smaller region first)."""
    combo_used: list[int]
    combo_cards: list[int]
    """Category -> the cards of it shown in combos this turn."""
    combo_colour: int
    negotiated: list[int]
    negotiation: tuple[int, int] | None
    ops: int
    b_region: int
    b_defender: int
    b_tactic: int
    b_plundered: bool
    b_category: int
    """The category the attacker chose to plunder, while the defender says which card of it
    goes (``cards="table"``); -1 otherwise."""
    b_eliminate: bool
    events: list[tuple[Any, ...]]
    winners: list[int]
    victory: str

    # ------------------------------------------------------------------ whose decision
    @property
    def turn_player(self) -> int | None:
        if self.stage in (OVER, ORDER):
            return None
        return self.order[self.turn]

    @property
    def current_player(self) -> int | None:
        """Whose decision it is: the roller (or, while the face-up cards are laid out at a
        real table, the first seat), the defender (answering a retreat, choosing a tactic,
        saying which card a plunder took), or the turn player; None when the game is over."""
        if self.stage == OVER:
            return None
        if self.stage == ORDER:
            return self.rollers[len(self.rolls)]
        if self.pending in (ANSWER, TACTIC_DEFENDER, PLUNDER_CARD):
            return self.b_defender
        return self.order[self.turn]

    @property
    def table_dice(self) -> bool:
        return bool(self.options["dice"] == "table")

    @property
    def table_cards(self) -> bool:
        """Whether the cards come from a real table, typed in (``cards="table"``; a game
        without the option, saved before it existed, shuffles its own)."""
        return bool(self.options.get("cards") == "table")

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

    def in_conflict(self, region: int) -> bool:
        """Whether ``region`` is one of ``conflicts()`` (without listing them all)."""
        p = self.turn_player
        if p is None:
            return False
        here_cq, here_ca, here_ships = self.cq[region], self.ca[region], self.ships[region]
        own = here_cq[p] + here_ca[p] + here_ships[p]
        return bool(own) and sum(here_cq) + sum(here_ca) + sum(here_ships) > own

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
