"""Nuevo Mundo's legal moves: what the decision-maker may do now, built from the position.

``legal(game, only)`` lists every legal action (``only``: those of one kind, which is what
``NuevoMundo._check`` needs); the rules' conditions live here once, and ``refusals.py`` says
in words which of them an illegal action breaks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..protocol import Action
from . import data
from .actions import (
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
)
from .data import CARDS, CATEGORIES, COLOURS
from .stages import (
    ANSWER,
    COLOUR,
    COMBO,
    COMBO_CARDS,
    ENTER,
    MOVE,
    NUMBER,
    OVER,
    PICK,
    PLACE,
    PLUNDER,
    SAIL,
    TACTIC_ATTACKER,
    TACTIC_DEFENDER,
)

if TYPE_CHECKING:
    from .game import NuevoMundo


def legal(game: NuevoMundo, only: type[Action] | None = None) -> list[Action]:
    """The legal actions, or only those of type ``only`` (cheaper, for ``_check``)."""
    if game.stage == OVER:
        return []
    if game.pending == NUMBER:
        return [NumberRolled(v) for v in data.NUMERIC_DIE]
    if game.pending == COLOUR:
        return [ColourRolled(c) for c in range(len(COLOURS))]
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
        cats = sorted({CATEGORIES.index(CARDS[c].category) for c in game.hands[game.b_defender]})
        return [Plunder(c) for c in cats]
    if game.stage == ENTER:
        return [Settle(r) for r in game.map.land_regions() if not game.occupants(r)]
    if game.stage == PLACE:
        return placements(game)
    return operations(game, only)


def placements(game: NuevoMundo) -> list[Action]:
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


def can_buy(game: NuevoMundo) -> bool:
    """Whether ``_placements()`` would offer anything (without listing it)."""
    p = game.order[game.turn]
    own = [r for r in game.map.land_regions() if game._has(r, p)]
    if not own:
        return False
    if game.credits >= data.COST_CQ and game.supply_cq(p) > 0:
        return True
    if (
        game.credits >= data.COST_CA
        and game.supply_ca(p) > 0
        and any(game.ca[r][p] < 2 and r not in game.ca_regions for r in own)
    ):
        return True
    if game.credits >= data.COST_SHIP and game.supply_ships() > 0:
        return any(game.cq[r][p] and game.map.open_seas(r) for r in own)
    return False


def operations(game: NuevoMundo, only: type[Action] | None = None) -> list[Action]:
    p = game.order[game.turn]
    conflicts = game.conflicts()
    actions: list[Action] = []
    if not conflicts and only in (None, EndTurn):
        actions.append(EndTurn())
    for r in conflicts:
        if only in (None, Attack):
            actions.append(Attack(r))
        if r not in game.negotiated and only in (None, Negotiate):
            actions.extend(Negotiate(r, d) for d in retreats(game, r))
    if game.ops >= game.options["operations"] or only in (EndTurn, Attack, Negotiate):
        return actions
    m = game.map
    red = game.red
    aims = len(red) < data.RED_CONES and only in (None, Aim)
    embarks = only in (None, Embark)
    disembarks = only in (None, Disembark)
    for r in range(len(game.cq)):
        if r in conflicts:
            continue
        land = m.regions[r].land
        if land and game.cq[r][p]:
            troops = game.cq[r][p]
            if aims:
                actions.extend(Aim(r, d) for d in m.neighbours(r) if game._border(r, d) not in red)
            if embarks:
                for s in m.open_seas(r):
                    room = data.SHIP_CAPACITY * game.ships[s][p] - game.cq[s][p]
                    actions.extend(Embark(r, s, k) for k in range(1, min(troops, room) + 1))
        elif not land and game.ships[r][p]:
            if aims:
                actions.extend(Aim(r, d) for d in m.neighbours(r) if game._border(r, d) not in red)
            if disembarks:
                spare = game.cq[r][p] - game.ships[r][p]
                for land_region in m.open_lands(r):
                    actions.extend(Disembark(r, land_region, k) for k in range(1, spare + 1))
    return actions


def fleets(game: NuevoMundo) -> list[tuple[int, int]]:
    """The (ships, troops) that may sail from the aimed sea region after a green throw:
    every ship keeps its crew and carries at most 15, and so do those left behind."""
    assert game.aim is not None
    p = game.order[game.turn]
    ships, troops = game.ships[game.aim[0]][p], game.cq[game.aim[0]][p]
    cap = data.SHIP_CAPACITY
    fleets = []
    for k in range(1, ships + 1):
        for m in range(k, min(cap * k, troops) + 1):
            left_ships, left = ships - k, troops - m
            if (left_ships == 0 and left == 0) or (
                left_ships > 0 and left_ships <= left <= cap * left_ships
            ):
                fleets.append((k, m))
    return fleets


def retreats(game: NuevoMundo, region: int) -> list[int]:
    """Where the turn player may ask to retreat every troop in conflict ``region``: a
    neighbouring region of the same kind, free of other players and not closed by a red
    cone (by mobilisation, while fewer than 3 red cones are out), or, from land, own ships
    across an open coast with room for all (by embarking)."""
    p = game.order[game.turn]
    m = game.map
    options: list[int] = []
    if len(game.red) < data.RED_CONES:
        for d in m.neighbours(region):
            if game._border(region, d) in game.red:
                continue
            if any(q != p for q in game.occupants(d)):
                continue
            options.append(d)
    if m.regions[region].land and game.cq[region][p]:
        for s in m.open_seas(region):
            if not game.ships[s][p] or any(q != p for q in game.occupants(s)):
                continue
            room = data.SHIP_CAPACITY * game.ships[s][p] - game.cq[s][p]
            if room >= game.cq[region][p]:
                options.append(s)
    return sorted(options)


def combo_categories(game: NuevoMundo, colour: int) -> list[int]:
    """The categories whose unused cards make the combo that cancels ``colour``."""
    if colour not in COMBO_CARDS or colour in game.combo_used:
        return []
    need = COMBO_CARDS[colour]
    p = game.order[game.turn]
    counts = [0] * len(CATEGORIES)
    for c in game.hands[p]:
        counts[CATEGORIES.index(CARDS[c].category)] += 1
    return [i for i, n in enumerate(counts) if n - game.combo_cards[i] >= need]
