"""Why a Nuevo Mundo move is refused, in words: the rule it breaks, said for a student.

``NuevoMundo._check`` lists the legal moves of the action's kind; when the action is not
among them, ``reason`` finds the first rule it breaks, from the most general (no such
region; another decision waits) to the particular (a red cone closes that border).
"""

from __future__ import annotations

from ..protocol import Action
from ..words import t
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
from .game import (
    ANSWER,
    COLOUR,
    COMBO,
    ENTER,
    MOVE,
    NUMBER,
    PICK,
    PLACE,
    PLUNDER,
    SAIL,
    TACTIC_ATTACKER,
    TACTIC_DEFENDER,
    NuevoMundo,
)


def reason(game: NuevoMundo, action: Action) -> str:
    """Why ``action`` is not legal now, in words (it is not among the legal actions)."""
    name = game.region_name
    n_regions = len(game.map.regions)
    for field in ("region", "land", "sea", "origin", "destination"):
        value = getattr(action, field, None)
        if value is not None and not 0 <= value < n_regions:
            return t("nuevo_mundo.no_region", number=value, n=n_regions)
    waiting = _waiting_reason(game)
    expected = {
        NUMBER: NumberRolled,
        COLOUR: ColourRolled,
        PICK: PickCard,
        MOVE: Move,
        SAIL: Sail,
        ANSWER: Answer,
        TACTIC_ATTACKER: Tactic,
        TACTIC_DEFENDER: Tactic,
        PLUNDER: Plunder,
    }.get(game.pending)
    if game.pending == COMBO:
        if not isinstance(action, (Combo, NoCombo)):
            return waiting
        return t("nuevo_mundo.no_such_combo", category=str(action))
    if expected is not None:
        if not isinstance(action, expected):
            return waiting
        return _value_reason(game, action)
    p = game.order[game.turn]
    if isinstance(action, (NumberRolled, ColourRolled)):
        return t("nuevo_mundo.no_roll_waiting")
    if isinstance(action, (PickCard, Move, Sail, Combo, NoCombo, Answer, Tactic, Plunder)):
        if game.pending:
            return waiting
        return t(f"nuevo_mundo.no_moment_{action.kind}")
    if game.stage == ENTER:
        if not isinstance(action, Settle):
            return t("nuevo_mundo.enter_first")
        if not game.map.regions[action.region].land:
            return t("nuevo_mundo.settle_on_land", region=name(action.region))
        return t("nuevo_mundo.settle_unoccupied", region=name(action.region))
    if isinstance(action, Settle):
        return t("nuevo_mundo.already_entered")
    if game.stage == PLACE:
        return _placement_reason(game, action, p)
    if isinstance(action, (PlaceCQ, PlaceCA, PlaceShip)):
        return t("nuevo_mundo.placement_over")
    return _operation_reason(game, action, p)


def _waiting_reason(game: NuevoMundo) -> str:
    p = game.current_player
    who = game.players[p] if p is not None else ""
    return t(f"nuevo_mundo.waiting_{game.pending or game.stage}", player=who)


def _value_reason(game: NuevoMundo, action: Action) -> str:
    if isinstance(action, NumberRolled):
        return t("nuevo_mundo.bad_number", value=action.value)
    if isinstance(action, ColourRolled):
        return t("nuevo_mundo.bad_colour", colour=action.colour)
    if isinstance(action, PickCard):
        return t("nuevo_mundo.bad_slot", slot=action.slot + 1, n=len(game.face_up))
    if isinstance(action, Move):
        assert game.aim is not None
        have = game.cq[game.aim[0]][game.order[game.turn]]
        return t("nuevo_mundo.bad_move", count=action.count, n=have)
    if isinstance(action, Sail):
        return t("nuevo_mundo.bad_fleet", n=action.ships, troops=action.troops)
    if isinstance(action, Tactic):
        return t("nuevo_mundo.bad_tactic", tactic=action.tactic)
    if isinstance(action, Plunder):
        return t("nuevo_mundo.bad_plunder", category=str(action))
    return t("nuevo_mundo.bad_answer")


def _placement_reason(game: NuevoMundo, action: Action, p: int) -> str:
    name = game.region_name
    if not isinstance(action, (PlaceCQ, PlaceCA, PlaceShip)):
        return t("nuevo_mundo.place_first", n=game.credits)
    region = action.land if isinstance(action, PlaceShip) else action.region
    if not game.map.regions[region].land:
        return t("nuevo_mundo.place_on_land", region=name(region))
    if not game._has(region, p):
        return t("nuevo_mundo.place_own", region=name(region))
    if isinstance(action, PlaceCQ):
        if action.count < 1 or action.count > game.credits:
            return t("nuevo_mundo.place_credits", count=action.count, n=game.credits)
        return t("nuevo_mundo.no_cq_left", n=game.supply_cq(p))
    if isinstance(action, PlaceCA):
        if game.credits < data.COST_CA:
            return t("nuevo_mundo.ca_costs", n=game.credits)
        if game.ca[region][p] >= 2:
            return t("nuevo_mundo.one_settlement", region=name(region))
        if region in game.ca_regions:
            return t("nuevo_mundo.one_ca_per_turn", region=name(region))
        return t("nuevo_mundo.no_ca_left")
    assert isinstance(action, PlaceShip)
    if (action.land, action.sea) not in game.map.open_coasts:
        return t("nuevo_mundo.no_open_coast", land=name(action.land), sea=name(action.sea))
    if not game.cq[region][p]:
        return t("nuevo_mundo.ship_needs_crew", region=name(region))
    return t("nuevo_mundo.no_ship_left")


def _operation_reason(game: NuevoMundo, action: Action, p: int) -> str:
    name = game.region_name
    conflicts = game.conflicts()
    m = game.map
    if isinstance(action, EndTurn):
        return t("nuevo_mundo.conflict_remains", region=name(conflicts[0]))
    if isinstance(action, Attack):
        return t("nuevo_mundo.no_conflict", region=name(action.region))
    if isinstance(action, Negotiate):
        if action.region not in conflicts:
            return t("nuevo_mundo.no_conflict", region=name(action.region))
        if action.region in game.negotiated:
            return t("nuevo_mundo.negotiated_once", region=name(action.region))
        return t(
            "nuevo_mundo.no_retreat",
            region=name(action.region),
            destination=name(action.destination),
        )
    if game.ops >= game.options["operations"]:
        return t("nuevo_mundo.operations_used", n=game.options["operations"])
    origin = action.origin if isinstance(action, Aim) else getattr(action, "land", 0)
    if isinstance(action, Disembark):
        origin = action.sea
    if origin in conflicts:
        return t("nuevo_mundo.blockade", region=name(origin))
    if isinstance(action, Aim):
        if len(game.red) >= data.RED_CONES:
            return t("nuevo_mundo.three_red_cones")
        if action.destination not in m.neighbours(action.origin):
            return t(
                "nuevo_mundo.not_neighbours",
                origin=name(action.origin),
                destination=name(action.destination),
            )
        if game._border(action.origin, action.destination) in game.red:
            return t(
                "nuevo_mundo.red_cone",
                origin=name(action.origin),
                destination=name(action.destination),
            )
        if m.regions[action.origin].land:
            return t("nuevo_mundo.no_troops", region=name(action.origin))
        return t("nuevo_mundo.no_ships", region=name(action.origin))
    if isinstance(action, (Embark, Disembark)):
        if (action.land, action.sea) not in m.open_coasts:
            return t("nuevo_mundo.no_open_coast", land=name(action.land), sea=name(action.sea))
        if not game.ships[action.sea][p]:
            return t("nuevo_mundo.no_ships", region=name(action.sea))
        if isinstance(action, Embark):
            room = data.SHIP_CAPACITY * game.ships[action.sea][p] - game.cq[action.sea][p]
            return t(
                "nuevo_mundo.bad_embark",
                count=action.count,
                troops=game.cq[action.land][p],
                room=room,
            )
        spare = game.cq[action.sea][p] - game.ships[action.sea][p]
        return t("nuevo_mundo.bad_disembark", count=action.count, n=spare)
    return t("nuevo_mundo.not_now")
