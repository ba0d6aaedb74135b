"""What the shared bots and the conformance suite need to know about Nuevo Mundo."""

from __future__ import annotations

import random
from typing import Any

from ..protocol import Game
from . import data
from .actions import (
    Aim,
    Attack,
    CardDrawn,
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
from .data import CARDS, CATEGORIES
from .game import (
    DEFAULT_OPERATIONS,
    PLUNDER_CARD,
    TACTIC_ATTACKER,
    TACTIC_DEFENDER,
    NuevoMundo,
    NuevoMundoView,
)


def determinize(view: NuevoMundoView, rng: random.Random) -> NuevoMundo:
    """A full game that fits what ``view.player`` sees, the hidden parts filled in at random.

    Hidden are the points of the other players' cards (their categories show on the backs),
    the deck's order, and, while the defender chooses, the attacker's secret tactic. With
    cards typed in from a real table (``cards="table"``) the deck holds no order, and its
    cards are known: those never turned face up (the events name each one)."""
    game = NuevoMundo.imagined(view.players, rng.randrange(2**31), dict(view.options))
    game.map = view.map
    game.cq = [list(row) for row in view.cq]
    game.ca = [list(row) for row in view.ca]
    game.ships = [list(row) for row in view.ships]
    known = set(view.hand) | set(view.face_up)
    typed = view.options.get("cards") == "table"
    if typed:
        seen = {e[1] for e in view.events if e[0] == "turned_over"}
        known |= {c.id for c in CARDS if c.id not in seen}
    pool = [c.id for c in CARDS if c.id not in known]
    rng.shuffle(pool)
    by_category: dict[int, list[int]] = {i: [] for i in range(len(CATEGORIES))}
    for card in pool:
        by_category[CATEGORIES.index(CARDS[card].category)].append(card)
    hands: list[list[int]] = []
    for p, backs in enumerate(view.backs):
        if p == view.player:
            hands.append(list(view.hand))
        else:
            hands.append([by_category[category].pop() for category in backs])
    rest = [card for cards in by_category.values() for card in cards]
    rng.shuffle(rest)
    game.hands = hands
    game.face_up = list(view.face_up)
    if typed:
        game.deck = [c.id for c in CARDS if c.id not in seen]
        game.gone = rest
    else:
        game.deck = rest[: view.deck_size]
        game.gone = rest[view.deck_size :]
    game.alive = list(view.alive)
    game.order = list(view.order)
    game.turn = view.turn
    game.round = view.round
    game.stage = view.stage
    game.pending = view.pending
    game.rollers = list(view.rollers)
    game.rolls = list(view.rolls)
    game.credits = view.credits
    game.ca_regions = list(view.ca_regions)
    game.aim = view.aim
    game.roll_for = view.roll_for
    game.red = list(view.red_cones)
    game.combo_used = list(view.combos_used)
    game.combo_cards = list(view.combo_cards)
    game.combo_colour = view.combo_colour
    game.negotiated = list(view.negotiated)
    game.negotiation = view.negotiation
    game.ops = view.operations
    game.b_region = view.battle_region
    game.b_defender = view.defender
    game.b_tactic = 0
    if view.pending == TACTIC_DEFENDER:
        mine = view.turn_player == view.player
        game.b_tactic = view.my_tactic if mine else rng.choice(data.TACTICS)
    game.b_plundered = view.plundered
    game.b_category = -1
    if view.pending == PLUNDER_CARD:  # the category the attacker chose, said in the events
        game.b_category = next(e[3] for e in reversed(view.events) if e[0] == "plunder_choice")
    game.b_eliminate = view.eliminate
    game.events = list(view.events)
    game.winners = list(view.winners)
    game.victory = view.victory
    return game


def secret(game: Game, action: object) -> bool:
    """The attacker's tactic is secret: the defender chooses theirs without seeing it (both
    are shown together once the defender has chosen)."""
    assert isinstance(game, NuevoMundo)
    return isinstance(action, Tactic) and game.pending == TACTIC_ATTACKER


def heuristic(game: Game, player: int) -> float:
    """How well ``player`` is doing: card points and categories, credits, troops."""
    assert isinstance(game, NuevoMundo)
    if game.is_over:
        return 1000.0 if player in game.winners else -1000.0
    if not game.alive[player]:
        return -1000.0
    troops = sum(row[player] for row in game.cq)
    return (
        2.0 * game.points(player)
        + 3.0 * game.categories_of(player)
        + 2.0 * game.credits_of(player)
        + 0.1 * troops
    )


def rewards(game: Game) -> list[float]:
    """1 shared among the winners at the end; before the end (a search cut short), each
    player's share of the heuristic's positive part."""
    assert isinstance(game, NuevoMundo)
    n = len(game.players)
    if game.is_over:
        return [1.0 / len(game.winners) if p in game.winners else 0.0 for p in range(n)]
    values = [max(0.0, heuristic(game, p)) for p in range(n)]
    total = sum(values) or 1.0
    return [v / total for v in values]


def max_moves(game: Game) -> int:
    """A bound on the decisions of a game (0 rounds = no limit: a bound that never bites)."""
    assert isinstance(game, NuevoMundo)
    rounds = int(game.options["rounds"])
    if not rounds:
        return 10**9
    n = len(game.players)
    operations = int(game.options.get("operations", DEFAULT_OPERATIONS))
    pieces = data.CQ_SUPPLY * n + data.CA_SUPPLY * n
    placement = 2 * data.CA_SUPPLY + 2 * 40 + 40
    per_battle = 2 * pieces + 2
    battles = operations + data.SHIPS + 2
    per_turn = placement + 3 * operations + battles * (per_battle + 3) + 1
    return 100 * n + 2 * n + rounds * n * per_turn


def check_invariants(game: Game) -> None:
    """The laws of a position: supplies never overdrawn, ships carry 1-15, every card in one
    place, at most two players in a region and only in the turn player's conflicts."""
    assert isinstance(game, NuevoMundo)
    n = len(game.players)
    regions = game.map.regions
    for p in range(n):
        assert game.supply_cq(p) >= 0, "a player has more CQ on the map than the box holds"
        assert game.supply_ca(p) >= 0, "a player has more CA on the map than the box holds"
    assert game.supply_ships() >= 0, "more than 10 ships on the map"
    for r, region in enumerate(regions):
        for p in range(n):
            assert min(game.cq[r][p], game.ca[r][p], game.ships[r][p]) >= 0
            if region.land:
                assert game.ships[r][p] == 0, "a ship on land"
                assert game.ca[r][p] <= 2, "more than one settlement in a region"
            else:
                assert game.ca[r][p] == 0, "a construction at sea"
                ships, cq = game.ships[r][p], game.cq[r][p]
                assert ships <= cq <= data.SHIP_CAPACITY * ships, "a ship's load is wrong"
            if not game.alive[p]:
                assert not game._has(r, p), "a player who left still has pieces"
        occupants = game.occupants(r)
        assert len(occupants) <= 2, "three players in one region"
        if len(occupants) == 2 and not game.is_over:
            assert game.turn_player in occupants, "a conflict that is not the turn player's"
    cards = [c for hand in game.hands for c in hand] + game.face_up + game.deck + game.gone
    assert sorted(cards) == list(range(len(CARDS))), "a card was lost or made twice"
    for p in range(n):
        leaving = game.b_eliminate and p == game.b_defender  # gives a card, then leaves
        if game.alive[p] and game.stage not in ("order", "enter") and not leaving:
            assert game.settlements(p), "a player without a settlement is still playing"


def sample_illegal(game: Game, rng: random.Random) -> list[Any]:
    """Some actions that are (usually) illegal now; the suite skips any that are legal."""
    assert isinstance(game, NuevoMundo)
    count = len(game.map.regions)
    r = rng.randrange(count)
    s = rng.randrange(count)
    return [
        Settle(rng.randrange(count + 3)),
        PickCard(3),
        PlaceCQ(r, rng.randrange(0, 60)),
        PlaceCA(s),
        PlaceShip(r, s),
        Aim(r, s),
        Move(0),
        Sail(0, 0),
        Combo(rng.randrange(6)),
        Embark(r, s, 1),
        Disembark(s, r, 1),
        Attack(r),
        Negotiate(r, s),
        Tactic(rng.choice([0, 6])),
        Plunder(rng.randrange(-1, 7)),
        CardDrawn(rng.randrange(-1, len(CARDS) + 1)),
        EndTurn(),
        object(),
    ]
