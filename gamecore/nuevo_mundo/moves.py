"""Nuevo Mundo's legal moves: what the decision-maker may do now, listed from the position.

``legal(game)`` lists every legal action, in the order a table shows them (and a seeded
random player picks from). The rules themselves are defined once, in ``checks.py``: these
generators list exactly the actions its checks accept, built on its shared predicates
(``fleets``, ``retreats``, ``combo_categories``, ``embark_room``), which
tests/test_nuevo_mundo_rules.py asserts over every position of random games. Listing is a
generator rather than a filter of every conceivable action through the checks because a
turn's operations are many (every border, every count of CQ) and listing them runs at every
step of every game.
"""

from __future__ import annotations

from ..protocol import Action
from . import data
from .actions import (
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
from .checks import (
    combo_categories,
    embark_room,
    fleets,
    handed_over,
    plunder_categories,
    retreats,
)
from .data import COLOURS
from .position import Position
from .stages import (
    ANSWER,
    COLOUR,
    COMBO,
    DRAW,
    ENTER,
    MOVE,
    NUMBER,
    OVER,
    PICK,
    PLACE,
    PLUNDER,
    PLUNDER_CARD,
    SAIL,
    TACTIC_ATTACKER,
    TACTIC_DEFENDER,
)


def legal(game: Position) -> list[Action]:
    """The legal actions now: those of the decision the game waits for, else those of the
    stage (entering, placement, operations)."""
    if game.stage == OVER:
        return []
    if game.pending == NUMBER:
        return [NumberRolled(v) for v in data.NUMERIC_DIE]
    if game.pending == COLOUR:
        return [ColourRolled(c) for c in range(len(COLOURS))]
    if game.pending == DRAW:  # every card never yet face up: no hand is given away
        return [CardDrawn(c) for c in sorted(game.deck)]
    if game.pending == PLUNDER_CARD:
        return [CardDrawn(c) for c in handed_over(game)]
    if game.pending == PICK:
        return [PickCard(i) for i in range(len(game.face_up))]
    if game.pending == MOVE:
        assert game.aim is not None
        mover = game.order[game.turn]
        return [Move(k) for k in range(1, game.cq[game.aim[0]][mover] + 1)]
    if game.pending == SAIL:
        return [Sail(k, m) for k, m in fleets(game)]
    if game.pending == COMBO:
        return [*(Combo(c) for c in combo_categories(game, game.combo_colour)), NoCombo()]
    if game.pending == ANSWER:
        return [Answer(1), Answer(0)]
    if game.pending in (TACTIC_ATTACKER, TACTIC_DEFENDER):
        return [Tactic(v) for v in data.TACTICS]
    if game.pending == PLUNDER:
        return [Plunder(c) for c in plunder_categories(game)]
    if game.stage == ENTER:
        return [Settle(r) for r in game.map.land_regions() if not game.occupants(r)]
    if game.stage == PLACE:
        return placements(game)
    return operations(game)


def placements(game: Position) -> list[Action]:
    """CQ, CA and ships the credits buy, in own land regions."""
    p = game.order[game.turn]
    actions: list[Action] = []
    own = [r for r in game.map.land_regions() if game._has(r, p)]
    most = min(game.credits // data.COST_CQ, game.supply_cq(p))
    for r in own:
        actions.extend(PlaceCQ(r, k) for k in range(1, most + 1))
    if game.credits >= data.COST_CA and game.supply_ca(p) > 0:
        actions.extend(PlaceCA(r) for r in own if game.ca[r][p] < 2 and r not in game.ca_regions)
    if game.credits >= data.COST_SHIP and game.supply_ships() > 0:
        for r in own:
            if game.cq[r][p]:
                actions.extend(PlaceShip(r, s) for s in game.map.open_seas(r))
    return actions


def operations(game: Position) -> list[Action]:
    """The operative stage: end the turn, or settle a conflict, or (within the turn's
    operations) aim the white cone, embark and disembark outside the conflicts."""
    p = game.order[game.turn]
    conflicts = game.conflicts()
    actions: list[Action] = []
    if not conflicts:
        actions.append(EndTurn())
    for r in conflicts:
        actions.append(Attack(r))
        if r not in game.negotiated:
            actions.extend(Negotiate(r, d) for d in retreats(game, r))
    if game.ops >= game.options["operations"]:
        return actions
    m = game.map
    red = game.red
    aims = len(red) < data.RED_CONES
    for r in range(len(game.cq)):
        if r in conflicts:
            continue
        land = m.regions[r].land
        if land and game.cq[r][p]:
            troops = game.cq[r][p]
            if aims:
                actions.extend(Aim(r, d) for d in m.neighbours(r) if game._border(r, d) not in red)
            for s in m.open_seas(r):
                room = embark_room(game, s, p)
                actions.extend(Embark(r, s, k) for k in range(1, min(troops, room) + 1))
        elif not land and game.ships[r][p]:
            if aims:
                actions.extend(Aim(r, d) for d in m.neighbours(r) if game._border(r, d) not in red)
            spare = game.cq[r][p] - game.ships[r][p]
            for land_region in m.open_lands(r):
                actions.extend(Disembark(r, land_region, k) for k in range(1, spare + 1))
    return actions
