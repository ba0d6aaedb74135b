"""Nuevo Mundo's own players: a greedy policy and the criptex's equilibrium bot.

A turn of Nuevo Mundo is many small steps (buy a CA, buy 3 CQ, aim the cone, move 2 CQ, ...),
and one step alone rarely changes the score, so "the action with the best immediate result"
cannot be read off the heuristic after one action. The greedy player follows a plan instead,
decision by decision, from its own view only:

- **enter** where free land lies around, with open coasts for ships later;
- **build**: complete a settlement first (a card; a new island first: more credits), defend a
  settlement an enemy can outnumber, start new settlements, buy a ship when the free land is
  beyond the sea, and put the rest in CQ where they are needed;
- **expand**: march CQ into free land, carry them by ship to free land on other islands;
- **attack** when the battle's value (the chance to win it all, ``criptex.battle_value``) is
  good, and settle a conflict by battle or by negotiating a retreat when the odds are bad;
- **defend**: refuse a retreat only when the defence is likely to win, and play every battle
  round with the equilibrium tactics (``criptex.battle_strategy``);
- take the card that brings a victory, a new category or the most points.

``greedy_policy(view, legal, rng)`` is registered in the game's spec, so the shared
``greedy`` bot plays it. ``EquilibriumBot`` (``make_bot("equilibrium")``) plays every
criptex choice from the equilibrium and shows the mix it drew from (``last_mix``), and the
rest of the game like the greedy player (or at random, ``elsewhere="random"``).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeVar

from ..protocol import Action
from ..words import t
from . import data
from .actions import (
    Aim,
    Answer,
    Attack,
    Combo,
    Disembark,
    Embark,
    EndTurn,
    Move,
    Negotiate,
    PickCard,
    PlaceCA,
    PlaceCQ,
    PlaceShip,
    Plunder,
    Sail,
    Settle,
    Tactic,
)
from .criptex import battle_strategy, battle_value
from .data import CARDS, CATEGORIES
from .game import NuevoMundoView

ODDS_CAP: Final = 60
"""Forces above this are scaled down (keeping their ratio) before asking the battle tables:
the chance to win depends on the ratio far more than on the size, and a 150 x 150 table
would take seconds to fill."""

ATTACK_ODDS: Final = 0.65
"""The greedy player attacks when it wins the whole battle at least this often."""
FIGHT_ODDS: Final = 0.5
"""In a conflict already open, it fights rather than negotiates from these odds up."""
REFUSE_ODDS: Final = 0.75
"""As defender, it refuses a retreat (and fights) when it wins at least this often."""
SHIP_LOAD: Final = 4
"""CQ it puts aboard for a crossing (besides the crews)."""
MAX_SHIPS: Final = 4
"""Ships one greedy player keeps afloat at most (the box has 10 for everyone)."""
ROLLOUT_HORIZON: Final = 20
"""The search bot's play-outs stop after this many random moves (about one player's turn)
and the heuristic's rewards judge the unfinished game: a random game of Nuevo Mundo runs to
500-1,500 moves, too many to play to the end hundreds of times per decision."""
SEARCH_ITERATIONS: Final = 96
"""The search bot's guessed games per weighed decision when its caller names no budget (the
notebook table, a class room's search seat, ``make_bot("search")``): the budget measured
against greedy in docs/rules/nuevo-mundo.md (62.5 % of 200 games on Antillas; a decision
takes a few seconds at most)."""


def _scaled(attackers: int, defenders: int) -> tuple[int, int]:
    top = max(attackers, defenders)
    if top <= ODDS_CAP:
        return attackers, defenders
    return (
        max(1, round(attackers * ODDS_CAP / top)) if attackers else 0,
        max(1, round(defenders * ODDS_CAP / top)) if defenders else 0,
    )


def odds(attackers: int, defenders: int) -> float:
    """The chance the attacker wins the whole battle (both sides playing the equilibrium)."""
    return battle_value(*_scaled(attackers, defenders))


def equilibrium_mix(view: NuevoMundoView) -> tuple[float, ...]:
    """The chances of tactics 1-5 for the viewer in the battle round it must choose for."""
    region = view.battle_region
    attacker, defender = view.turn_player, view.defender
    assert attacker is not None and region >= 0
    attackers = view.cq[region][attacker]
    defenders = view.cq[region][defender] + view.ca[region][defender]
    row, column = battle_strategy(*_scaled(attackers, defenders))
    return row if view.player == attacker else column


def _draw(mix: Sequence[float], rng: random.Random) -> int:
    """A tactic (1-5) drawn with the chances of ``mix``."""
    return rng.choices(data.TACTICS, weights=mix)[0]


class _Reading:
    """The questions the greedy player asks of its view, answered once per decision."""

    def __init__(self, view: NuevoMundoView) -> None:
        self.view = view
        self.me = view.player
        self.map = view.map
        self.n = len(view.players)
        self.lands = self.map.land_regions()

    def has(self, region: int, player: int) -> bool:
        v = self.view
        return bool(v.cq[region][player] or v.ca[region][player] or v.ships[region][player])

    def occupants(self, region: int) -> list[int]:
        return [p for p in range(self.n) if self.has(region, p)]

    def free(self, region: int) -> bool:
        return not self.occupants(region)

    def enemy(self, region: int) -> int | None:
        """The other player in ``region`` (at most one other can be there), if any."""
        return next((p for p in self.occupants(region) if p != self.me), None)

    def force(self, region: int, player: int) -> int:
        return self.view.cq[region][player] + self.view.ca[region][player]

    def settled(self, region: int, player: int) -> bool:
        return self.view.ca[region][player] >= 2

    def island(self, region: int) -> int:
        return self.map.regions[region].island

    def my_lands(self) -> list[int]:
        return [r for r in self.lands if self.has(r, self.me)]

    def my_islands(self) -> set[int]:
        """The islands where the player has a settlement (each new one adds 2 credits)."""
        return {self.island(r) for r in self.lands if self.settled(r, self.me)}

    def threat(self, region: int) -> int:
        """The most CQ one enemy could bring into ``region`` next: from a neighbouring land
        region, or aboard ships across an open coast (less the crews)."""
        v = self.view
        worst = 0
        for other in self.map.neighbours(region):
            foe = self.enemy(other)
            if foe is not None and not self.has(other, self.me):
                worst = max(worst, v.cq[other][foe])
        for sea in self.map.open_seas(region):
            foe = self.enemy(sea)
            if foe is not None:
                worst = max(worst, v.cq[sea][foe] - v.ships[sea][foe])
        return worst

    def keep(self, region: int) -> int:
        """The CQ to leave behind in own land ``region``: enough, with its CA, to outnumber
        the threat; one to hold a region without CA (to build there next turn)."""
        cq, ca = self.view.cq[region][self.me], self.view.ca[region][self.me]
        if not ca:
            return min(cq, 1)
        return max(0, min(cq, self.threat(region) + 1 - ca))

    def movable(self, region: int) -> int:
        return self.view.cq[region][self.me] - self.keep(region)

    def free_lands_near(self, region: int) -> list[int]:
        return [r for r in self.map.neighbours(region) if self.map.regions[r].land and self.free(r)]

    def free_land_anywhere(self) -> bool:
        return any(self.free(r) for r in self.lands)

    def landing_need(self, land: int) -> int:
        """The CQ a landing in ``land`` needs: 1 on free land, else enough to win the battle
        at least ``ATTACK_ODDS`` of the time (0: more than ships could ever carry)."""
        foe = self.enemy(land)
        if foe is None:
            return 1
        return troops_needed(self.force(land, foe))

    def sea_targets(self) -> dict[int, int]:
        """Sea regions where own ships could unload -> the CQ that landing needs: onto free
        land while there is any on the map, else onto an enemy's land (the easiest)."""
        free = self.free_land_anywhere()
        targets: dict[int, int] = {}
        for s in self.map.sea_regions():
            if self.enemy(s) is not None:
                continue
            needs = [
                self.landing_need(land)
                for land in self.map.open_lands(s)
                if not self.has(land, self.me) and (self.free(land) or not free)
            ]
            needs = [n for n in needs if n]
            if needs:
                targets[s] = min(needs)
        return targets

    def sea_distances(self, targets: Iterable[int]) -> dict[int, int]:
        """Sea region -> crossings to the nearest target, through seas no enemy holds."""
        dist = dict.fromkeys(targets, 0)
        queue = deque(dist)
        while queue:
            s = queue.popleft()
            for other in self.map.neighbours(s):
                if other in dist or self.enemy(other) is not None:
                    continue
                dist[other] = dist[s] + 1
                queue.append(other)
        return dist

    def land_work(self) -> bool:
        """Whether there is something to do by land: free land or a weak enemy beside own
        land."""
        for r in self.my_lands():
            for other in self.map.neighbours(r):
                foe = self.enemy(other)
                if foe is None and self.free(other):
                    return True
                if foe is not None and odds(self.movable(r), self.force(other, foe)) >= ATTACK_ODDS:
                    return True
        return False

    def afloat(self) -> tuple[int, int]:
        """Own ships at sea and the CQ aboard them besides the crews."""
        v, me = self.view, self.me
        seas = self.map.sea_regions()
        ships = sum(v.ships[s][me] for s in seas)
        return ships, sum(v.cq[s][me] for s in seas) - ships


def troops_needed(defenders: int) -> int:
    """The fewest attackers that win a battle against ``defenders`` at least
    ``ATTACK_ODDS`` of the time (0 if even a full fleet of 10 ships would not)."""
    most = data.SHIPS * (data.SHIP_CAPACITY - 1)
    low = max(1, defenders // 2)
    for attackers in range(low, most + 1):
        if odds(attackers, defenders) >= ATTACK_ODDS:
            return attackers
    return 0


A = TypeVar("A", bound=Action)


def _best(actions: Sequence[A], score: Callable[[A], Any], rng: random.Random) -> A | None:
    """The action of highest ``score(action)``, ties broken at random; None if none."""
    if not actions:
        return None
    scored = [(score(a), a) for a in actions]
    top = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s == top])


def _of(legal: Sequence[Action], kind: type[A]) -> list[A]:
    return [a for a in legal if isinstance(a, kind)]


# ---------------------------------------------------------------------------- decisions


def card_value(view: NuevoMundoView, card: int) -> float:
    """How much a card is worth to the viewer now: a victory beats everything, then a new
    category (the other road to victory), then points."""
    hand = [CARDS[c] for c in view.hand]
    points = sum(c.points for c in hand) + CARDS[card].points
    have = {c.category for c in hand}
    new = CARDS[card].category not in have
    if points >= data.POINTS_TO_WIN or (new and len(have) + 1 == len(CATEGORIES)):
        return 1000.0
    return CARDS[card].points + (2.5 if new else 0.0)


def _settle(read: _Reading, legal: Sequence[Action], rng: random.Random) -> Action | None:
    def score(action: Settle) -> float:
        r = action.region
        around = read.map.neighbours(r)
        enemies = sum(1 for o in around if read.occupants(o))
        size = len(read.map.island_regions(read.island(r)))
        return (
            2.0 * len(read.free_lands_near(r))
            + 1.0 * len(read.map.open_seas(r))
            + 0.3 * size
            - 3.0 * enemies
        )

    return _best(_of(legal, Settle), score, rng)


def _place(read: _Reading, legal: Sequence[Action], rng: random.Random) -> Action | None:
    """One purchase of the placement stage, in the order of what matters most."""
    v, me = read.view, read.me
    islands = read.my_islands()
    cas = _of(legal, PlaceCA)

    def new_island(r: int) -> int:
        return int(read.island(r) not in islands)

    complete = [a for a in cas if v.ca[a.region][me] == 1]
    if complete:  # a card now, and a new island's credits
        return _best(complete, lambda a: (new_island(a.region), -read.threat(a.region)), rng)
    cqs = _of(legal, PlaceCQ)
    most = max((a.count for a in cqs), default=0)
    for r in sorted(read.my_lands(), key=lambda r: -read.settled(r, me)):
        deficit = read.threat(r) + 1 - read.force(r, me)
        if read.settled(r, me) and deficit > 0 and most:
            wanted = PlaceCQ(r, min(deficit, most))
            if wanted in legal:
                return wanted
    start = [a for a in cas if v.ca[a.region][me] == 0 and read.threat(a.region) <= 1]
    if start and v.credits >= data.COST_CA:
        return _best(start, lambda a: (new_island(a.region), -read.threat(a.region)), rng)
    ships = _of(legal, PlaceShip)
    if ships and not read.land_work():
        targets = read.sea_targets()
        afloat, _ = read.afloat()
        want = min(targets.values(), default=0) + SHIP_LOAD
        capacity = afloat * (data.SHIP_CAPACITY - 1)
        if targets and afloat < MAX_SHIPS and capacity < want:
            dist = read.sea_distances(targets)
            return _best(ships, lambda a: (-dist.get(a.sea, 99), v.cq[a.land][me]), rng)
    if not cqs:
        return None

    def base(r: int) -> tuple[int, int, int]:
        """Where CQ do most good: a threatened region, then a front towards free land or a
        weak enemy, then a harbour with own ships."""
        need = max(0, read.threat(r) + 1 - read.force(r, me))
        front = len(read.free_lands_near(r)) + sum(
            1 for o in read.map.neighbours(r) if read.enemy(o) is not None
        )
        harbour = sum(v.ships[s][me] for s in read.map.open_seas(r))
        return (need, front, harbour)

    return _best([a for a in cqs if a.count == most], lambda a: base(a.region), rng)


def _attack_moves(read: _Reading, aims: Sequence[Aim]) -> list[tuple[float, Aim]]:
    """Aims into an enemy's land worth attacking, each with its odds."""
    v = read.view
    found = []
    for a in aims:
        origin, target = a.origin, a.destination
        foe = read.enemy(target)
        if foe is None or not read.map.regions[target].land or not read.map.regions[origin].land:
            continue
        chance = odds(read.movable(origin), read.force(target, foe))
        if read.movable(origin) and chance >= ATTACK_ODDS:
            prize = 1.0 if v.ca[target][foe] >= 2 else 0.0
            found.append((chance + prize, a))
    return found


def _operate(read: _Reading, legal: Sequence[Action], rng: random.Random) -> Action | None:
    """One step of the operative stage: settle conflicts, attack, expand, sail, or end."""
    v, me = read.view, read.me
    attacks = _of(legal, Attack)
    if attacks:
        region = attacks[0].region
        foe = read.enemy(region)
        assert foe is not None
        if odds(v.cq[region][me], read.force(region, foe)) >= FIGHT_ODDS:
            return attacks[0]
        retreats = _of(legal, Negotiate)
        back = _best(
            [a for a in retreats if a.region == region],
            lambda a: (read.has(a.destination, me), read.force(a.destination, me)),
            rng,
        )
        return back or attacks[0]
    aims = _of(legal, Aim)
    attack = max(_attack_moves(read, aims), key=lambda pair: pair[0], default=None)
    if attack is not None:
        return attack[1]
    landings = [
        a
        for a in _of(legal, Disembark)
        if a.count == v.cq[a.sea][me] - v.ships[a.sea][me]
        and not read.has(a.land, me)
        and 0 < read.landing_need(a.land) <= a.count
    ]
    if landings:
        return _best(landings, lambda a: (read.free(a.land), a.count), rng)
    spread = [
        a
        for a in aims
        if read.map.regions[a.origin].land
        and read.free(a.destination)
        and read.map.regions[a.destination].land
        and read.movable(a.origin) > 0
    ]
    if spread:
        return _best(
            spread,
            lambda a: (len(read.free_lands_near(a.destination)), read.movable(a.origin)),
            rng,
        )
    sea = _sea_step(read, legal, aims, rng)
    if sea is not None:
        return sea
    ends = _of(legal, EndTurn)
    return ends[0] if ends else None


def _sea_step(
    read: _Reading, legal: Sequence[Action], aims: Sequence[Aim], rng: random.Random
) -> Action | None:
    """Carry troops by sea when nothing is left to do by land: load the ships until they
    carry what a landing needs, then sail them towards the nearest sea to unload in."""
    v, me = read.view, read.me
    if read.land_work():
        return None
    targets = read.sea_targets()
    if not targets:
        return None
    dist = read.sea_distances(targets)
    want = min(targets.values()) + SHIP_LOAD
    loads = [
        a
        for a in _of(legal, Embark)
        if a.sea in dist
        and v.cq[a.sea][me] - v.ships[a.sea][me] < want
        and a.count == min(read.movable(a.land), want - (v.cq[a.sea][me] - v.ships[a.sea][me]))
    ]
    if loads:
        return _best(loads, lambda a: a.count, rng)
    sails = [
        a
        for a in aims
        if not read.map.regions[a.origin].land
        and v.cq[a.origin][me] > v.ships[a.origin][me]
        and dist.get(a.destination, 99) < dist.get(a.origin, 99)
    ]
    return _best(sails, lambda a: -dist.get(a.destination, 99), rng)


def _move(read: _Reading, legal: Sequence[Action]) -> Action | None:
    """How many CQ cross after a green throw: all that can be spared into an enemy's land,
    a holding force (half, at least 2) into free land."""
    v = read.view
    assert v.aim is not None
    origin, target = v.aim
    spare = max(1, read.movable(origin))
    count = spare if read.enemy(target) is not None else max(1, min(spare, max(2, spare // 2)))
    count = min(count, v.cq[origin][read.me])
    wanted = Move(count)
    return wanted if wanted in legal else None


def _answer(read: _Reading, legal: Sequence[Action]) -> Action:
    """Refuse a retreat only when the defence wins the battle most of the time."""
    v = read.view
    assert v.negotiation is not None and v.turn_player is not None
    region = v.negotiation[0]
    attack = odds(v.cq[region][v.turn_player], read.force(region, read.me))
    return Answer(0) if 1.0 - attack >= REFUSE_ODDS else Answer(1)


def _plunder(read: _Reading, legal: Sequence[Action], rng: random.Random) -> Action | None:
    """A category the player lacks (towards all six), the defender's most common first."""
    v = read.view
    have = {CATEGORIES.index(CARDS[c].category) for c in v.hand}
    backs = v.backs[v.defender]
    return _best(
        _of(legal, Plunder),
        lambda a: (a.category not in have, backs.count(a.category)),
        rng,
    )


def plan(view: NuevoMundoView, legal: Sequence[Action], rng: random.Random) -> Action | None:
    """The greedy player's choice, or None when its plan has nothing for this decision
    (the policy then takes any legal action; tests check that this never happens)."""
    read = _Reading(view)
    pending = view.pending
    if pending in ("number", "colour", "draw", "plunder_card"):
        # a die thrown or a card drawn blind at a real table: any face, any card
        return rng.choice(list(legal))
    if pending == "pick":
        return _best(
            _of(legal, PickCard),
            lambda a: card_value(view, view.face_up[a.slot]),
            rng,
        )
    if pending == "move":
        return _move(read, legal)
    if pending == "sail":
        return _best(_of(legal, Sail), lambda a: (a.troops, a.ships), rng)
    if pending == "combo":  # cards are only shown, never spent: always cancel the die
        combos = _of(legal, Combo)
        return combos[0] if combos else None
    if pending == "answer":
        return _answer(read, legal)
    if pending in ("tactic_attacker", "tactic_defender"):
        return Tactic(_draw(equilibrium_mix(view), rng))
    if pending == "plunder":
        return _plunder(read, legal, rng)
    if view.stage == "enter":
        return _settle(read, legal, rng)
    if view.stage == "place":
        return _place(read, legal, rng)
    return _operate(read, legal, rng)


PLAN_CHOICES: Final = (Settle, PlaceCA, PickCard)
"""The decisions that shape a plan, which the search bot weighs against the plan's own
choice (``search_choices``): where to found the first settlement, where to build a CA, which
face-up card to take. Measured: weighing these beats the greedy plan; the many small steps
between them (CQ, cones, moves) follow the plan."""

WEIGH_BATTLES = True
"""Whether the search bot also weighs the battles (``search_choices``): aiming at an enemy's
land or not, fighting or negotiating a retreat, accepting a retreat or not (measured in
docs/rules/nuevo-mundo.md, "The search bot weighs the battles too")."""


def _battle_choices(view: NuevoMundoView, legal: Sequence[Action]) -> list[Action]:
    """At a decision where a battle may start or end: the aims from own land into an enemy's
    land (each one a battle, with all the CQ the plan can spare), and what the plan would do
    with no such aim (expand, sail or end the turn); in an open conflict, to fight and each
    retreat; as a defender asked for a retreat, both answers."""
    if view.pending == "answer":
        return [a for a in legal if isinstance(a, Answer)]
    if view.stage != "operate" or view.pending:
        return []
    fights: list[Action] = [a for a in legal if isinstance(a, (Attack, Negotiate))]
    if fights:
        return fights
    read = _Reading(view)
    lands = view.map.regions
    aims = [
        a
        for a in legal
        if isinstance(a, Aim)
        and lands[a.origin].land
        and lands[a.destination].land
        and read.enemy(a.destination) is not None
        and read.movable(a.origin) > 0
    ]
    if not aims:
        return []
    rest = [a for a in legal if a not in aims]
    peaceful = plan(view, rest, random.Random(len(legal))) if rest else None
    return [*aims, *([peaceful] if peaceful is not None and peaceful in rest else [])]


def search_choices(view: Any, legal: Sequence[Action]) -> list[Action]:
    """The legal actions the search bot weighs at this decision (the spec's
    ``search_choices``): those of ``PLAN_CHOICES``, and with ``WEIGH_BATTLES`` the battles'
    (``_battle_choices``); none elsewhere."""
    shaping: list[Action] = [a for a in legal if isinstance(a, PLAN_CHOICES)]
    if shaping or not WEIGH_BATTLES:
        return shaping
    return _battle_choices(view, legal)


def greedy_policy(view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
    """Nuevo Mundo's greedy player (the spec's ``policy``): ``plan``, checked against the
    legal actions."""
    chosen = plan(view, legal, rng)
    if chosen is None or chosen not in legal:
        return rng.choice(list(legal))
    return chosen


class EquilibriumBot:
    """Plays every criptex choice with the equilibrium of the round (``battle_strategy``:
    the mix nobody can exploit, with the whole battle in view); every other decision like
    the greedy player (``elsewhere="greedy"``) or at random (``elsewhere="random"``).

    ``last_mix`` holds the chances of tactics 1-5 it drew its last tactic from, so a lesson
    can show why it cannot be exploited."""

    name = "equilibrium"

    def __init__(self, seed: int | None = None, elsewhere: str = "greedy") -> None:
        if elsewhere not in ("greedy", "random"):
            raise ValueError(t("nuevo_mundo_bots.bad_elsewhere", elsewhere=repr(elsewhere)))
        self.rng = random.Random(seed)
        self.elsewhere = elsewhere
        self.last_mix: tuple[float, ...] = ()

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if not isinstance(view, NuevoMundoView):
            game = getattr(view, "game", type(view).__name__)
            raise ValueError(t("nuevo_mundo_bots.only_nuevo_mundo", game=str(game)))
        if view.pending in ("tactic_attacker", "tactic_defender"):
            self.last_mix = equilibrium_mix(view)
            return Tactic(_draw(self.last_mix, self.rng))
        if self.elsewhere == "random":
            return self.rng.choice(list(legal))
        return greedy_policy(view, legal, self.rng)


__all__ = [
    "EquilibriumBot",
    "card_value",
    "equilibrium_mix",
    "greedy_policy",
    "odds",
    "plan",
    "search_choices",
]
