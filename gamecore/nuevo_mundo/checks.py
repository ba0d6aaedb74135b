"""Nuevo Mundo's rules, one check per kind of action: ``check_<kind>(game, action)`` is None
when the action is legal now, else the ``Refusal`` of the rule it breaks (a sentence with its
stable catalog key ``nuevo_mundo.<key>`` and values).

These checks are the definition of what is legal. ``game.py`` calls them through its table
``{action type: (check, apply)}`` for ``why_illegal`` and ``play``; ``moves.py`` lists the
legal actions with generators built on the same rules (the shared predicates below: fleets,
retreats, combos, ship room), and tests/test_nuevo_mundo_rules.py plays random games to
assert that every candidate action is accepted here exactly when it is listed there.

Each check goes from the general to the particular: a region that does not exist, then the
moment (another decision waits; the stage has not come or is over), then the rule itself.
"""

from __future__ import annotations

from typing import Final

from ..errors import Refusal, refuse
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
    category_word,
)
from .data import CARDS, CATEGORIES, COLOURS
from .position import Position
from .stages import (
    ANSWER,
    COLOUR,
    COMBO,
    COMBO_CARDS,
    DRAW,
    ENTER,
    MOVE,
    NUMBER,
    OPERATE,
    OVER,
    PICK,
    PLACE,
    PLUNDER,
    PLUNDER_CARD,
    SAIL,
    TACTIC_ATTACKER,
    TACTIC_DEFENDER,
)

_STAGES: Final = (ENTER, PLACE, OPERATE)
"""The stages of a turn's own choices, in the order they come."""


# ----------------------------------------------------------------------------- the moment


def _no_region(game: Position, *regions: int) -> Refusal | None:
    """An action that names a region the map does not have."""
    count = len(game.map.regions)
    for region in regions:
        if not 0 <= region < count:
            return refuse("nuevo_mundo.no_region", number=region, n=count)
    return None


def _waiting(game: Position) -> Refusal:
    """Another decision comes first (a die to type, a card to pick, an answer, a tactic)."""
    p = game.current_player
    who = game.players[p] if p is not None else ""
    return refuse(f"nuevo_mundo.waiting_{game.pending or game.stage}", player=who)


def _answering(game: Position, kind: str, *pending: str) -> Refusal | None:
    """An action that answers a decision the game waits for (``pending``): refused once the
    game is over, while another decision waits, and when none of these does."""
    if game.pending in pending:
        return None
    if game.stage == OVER:
        return refuse("nuevo_mundo.game_over")
    if game.pending:
        return _waiting(game)
    if kind in (NumberRolled.kind, ColourRolled.kind):
        return refuse("nuevo_mundo.no_roll_waiting")
    return refuse(f"nuevo_mundo.no_moment_{kind}")


def _in_stage(game: Position, stage: str, over: str) -> Refusal | None:
    """An action of a stage (entering, placement, operations): refused once the game is
    over, while a decision waits, before the stage (the earlier one comes first) and after
    it (``over``)."""
    if game.stage == OVER:
        return refuse("nuevo_mundo.game_over")
    if game.pending or game.stage not in _STAGES:
        return _waiting(game)
    if game.stage == stage:
        return None
    if _STAGES.index(game.stage) > _STAGES.index(stage):
        return refuse(over)
    if game.stage == ENTER:
        return refuse("nuevo_mundo.enter_first")
    return refuse("nuevo_mundo.place_first", n=game.credits)


def _operating(game: Position) -> Refusal | None:
    return _in_stage(game, OPERATE, "nuevo_mundo.game_over")  # the game ends after it


def _mobilising(game: Position, origin: int) -> Refusal | None:
    """Aim, embark and disembark are operations: the turn has a limit of them, and troops in
    a conflict region are blocked (they attack or negotiate)."""
    limit = game.options["operations"]
    if game.ops >= limit:
        return refuse("nuevo_mundo.operations_used", n=limit)
    if game.in_conflict(origin):
        return refuse("nuevo_mundo.blockade", region=game.region_name(origin))
    return None


# ----------------------------------------------------------------------------- the dice


def check_number_rolled(game: Position, action: NumberRolled) -> Refusal | None:
    """A typed numeric die shows 1 to 6."""
    refusal = _answering(game, action.kind, NUMBER)
    if refusal is None and action.value not in data.NUMERIC_DIE:
        return refuse("nuevo_mundo.bad_number", value=action.value)
    return refusal


def check_colour_rolled(game: Position, action: ColourRolled) -> Refusal | None:
    """A typed colour die shows green (0), red (1) or black (2)."""
    refusal = _answering(game, action.kind, COLOUR)
    if refusal is None and not 0 <= action.colour < len(COLOURS):
        return refuse("nuevo_mundo.bad_colour", colour=action.colour)
    return refusal


# ----------------------------------------------------------------------------- the cards typed in


def check_card_drawn(game: Position, action: CardDrawn) -> Refusal | None:
    """A typed card is one that may still be in the deck (never yet face up), or, after a
    plunder, one of the defender's cards of the category the attacker chose."""
    refusal = _answering(game, action.kind, DRAW, PLUNDER_CARD)
    if refusal is not None:
        return refusal
    card = action.card
    if not 0 <= card < len(CARDS):
        return refuse("nuevo_mundo.no_card", number=card, last=len(CARDS) - 1)
    if game.pending == DRAW:
        if card not in game.deck:
            return refuse("nuevo_mundo.card_not_in_deck", card=CARDS[card].title)
        return None
    if card not in handed_over(game):
        return refuse(
            "nuevo_mundo.card_not_handed",
            card=CARDS[card].title,
            category=category_word(game.b_category),
        )
    return None


def handed_over(game: Position) -> list[int]:
    """The cards a plunder may take while the defender says which (``PLUNDER_CARD``): the
    defender's cards of the category the attacker chose, in order."""
    d, category = game.b_defender, game.b_category
    return sorted(c for c in game.hands[d] if CATEGORIES.index(CARDS[c].category) == category)


# ----------------------------------------------------------------------------- entering, cards


def check_settle(game: Position, action: Settle) -> Refusal | None:
    """Entering the board: the first settlement goes in a free land region."""
    refusal = _no_region(game, action.region) or _in_stage(
        game, ENTER, "nuevo_mundo.already_entered"
    )
    if refusal is not None:
        return refusal
    name = game.region_name(action.region)
    if not game.map.regions[action.region].land:
        return refuse("nuevo_mundo.settle_on_land", region=name)
    if game.occupants(action.region):
        return refuse("nuevo_mundo.settle_unoccupied", region=name)
    return None


def check_pick_card(game: Position, action: PickCard) -> Refusal | None:
    """A settlement built takes one of the face-up cards."""
    refusal = _answering(game, action.kind, PICK)
    if refusal is None and not 0 <= action.slot < len(game.face_up):
        return refuse("nuevo_mundo.bad_slot", slot=action.slot + 1, n=len(game.face_up))
    return refusal


# ----------------------------------------------------------------------------- placement


def _placing(game: Position, region: int) -> Refusal | None:
    """Pieces are bought in the placement stage and go to own land regions."""
    refusal = _in_stage(game, PLACE, "nuevo_mundo.placement_over")
    if refusal is not None:
        return refusal
    if not game.map.regions[region].land:
        return refuse("nuevo_mundo.place_on_land", region=game.region_name(region))
    if not game._has(region, game.order[game.turn]):
        return refuse("nuevo_mundo.place_own", region=game.region_name(region))
    return None


def check_place_cq(game: Position, action: PlaceCQ) -> Refusal | None:
    """A CQ costs 1 credit, and the box holds 150."""
    refusal = _no_region(game, action.region) or _placing(game, action.region)
    if refusal is not None:
        return refusal
    p = game.order[game.turn]
    if action.count < 1 or action.count * data.COST_CQ > game.credits:
        return refuse("nuevo_mundo.place_credits", count=action.count, n=game.credits)
    if action.count > game.supply_cq(p):
        return refuse("nuevo_mundo.no_cq_left", n=game.supply_cq(p))
    return None


def check_place_ca(game: Position, action: PlaceCA) -> Refusal | None:
    """A CA costs 2 credits; a region holds one settlement (2 CA) and gets one CA a turn."""
    refusal = _no_region(game, action.region) or _placing(game, action.region)
    if refusal is not None:
        return refusal
    p, region = game.order[game.turn], action.region
    if game.credits < data.COST_CA:
        return refuse("nuevo_mundo.ca_costs", n=game.credits)
    if game.ca[region][p] >= 2:
        return refuse("nuevo_mundo.one_settlement", region=game.region_name(region))
    if region in game.ca_regions:
        return refuse("nuevo_mundo.one_ca_per_turn", region=game.region_name(region))
    if game.supply_ca(p) <= 0:
        return refuse("nuevo_mundo.no_ca_left")
    return None


def check_place_ship(game: Position, action: PlaceShip) -> Refusal | None:
    """A ship costs 1 credit, takes 1 CQ of the land region as its crew and is launched
    across an open coast; the 10 ships are shared."""
    refusal = _no_region(game, action.land, action.sea) or _placing(game, action.land)
    if refusal is not None:
        return refusal
    p, name = game.order[game.turn], game.region_name
    if action.sea not in game.map.open_seas(action.land):
        return refuse("nuevo_mundo.no_open_coast", land=name(action.land), sea=name(action.sea))
    if not game.cq[action.land][p]:
        return refuse("nuevo_mundo.ship_needs_crew", region=name(action.land))
    if game.credits < data.COST_SHIP:
        return refuse("nuevo_mundo.ship_costs", n=game.credits)
    if game.supply_ships() <= 0:
        return refuse("nuevo_mundo.no_ship_left")
    return None


def can_buy(game: Position) -> bool:
    """Whether any placement is legal now (without listing them): the credits left that
    buy nothing are lost."""
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


# ----------------------------------------------------------------------------- mobilisation


def check_aim(game: Position, action: Aim) -> Refusal | None:
    """The white cone goes on a border of the same kind that no red cone closes, while
    fewer than 3 red cones are out, from a region with own CQ (land) or ships (sea)."""
    origin, destination = action.origin, action.destination
    refusal = _no_region(game, origin, destination) or _operating(game) or _mobilising(game, origin)
    if refusal is not None:
        return refusal
    name = game.region_name
    if len(game.red) >= data.RED_CONES:
        return refuse("nuevo_mundo.three_red_cones")
    if destination not in game.map.neighbours(origin):
        return refuse(
            "nuevo_mundo.not_neighbours", origin=name(origin), destination=name(destination)
        )
    if game._border(origin, destination) in game.red:
        return refuse("nuevo_mundo.red_cone", origin=name(origin), destination=name(destination))
    p = game.order[game.turn]
    if game.map.regions[origin].land:
        if not game.cq[origin][p]:
            return refuse("nuevo_mundo.no_troops", region=name(origin))
    elif not game.ships[origin][p]:
        return refuse("nuevo_mundo.no_ships", region=name(origin))
    return None


def check_move(game: Position, action: Move) -> Refusal | None:
    """After a green throw by land, 1 to all of the CQ cross."""
    refusal = _answering(game, action.kind, MOVE)
    if refusal is not None:
        return refusal
    assert game.aim is not None
    have = game.cq[game.aim[0]][game.order[game.turn]]
    if not 1 <= action.count <= have:
        return refuse("nuevo_mundo.bad_move", count=action.count, n=have)
    return None


def fleet_fits(ships: int, troops: int, have_ships: int, have_troops: int) -> bool:
    """Whether ``ships`` of ``have_ships`` may sail with ``troops`` of ``have_troops``: every
    ship keeps its crew and carries at most 15, and so do those left behind."""
    cap = data.SHIP_CAPACITY
    if not (1 <= ships <= have_ships and ships <= troops <= min(cap * ships, have_troops)):
        return False
    left_ships, left = have_ships - ships, have_troops - troops
    if left_ships == 0:
        return left == 0
    return left_ships <= left <= cap * left_ships


def fleets(game: Position) -> list[tuple[int, int]]:
    """The (ships, troops) that may sail from the aimed sea region after a green throw."""
    assert game.aim is not None
    p = game.order[game.turn]
    ships, troops = game.ships[game.aim[0]][p], game.cq[game.aim[0]][p]
    return [
        (k, m)
        for k in range(1, ships + 1)
        for m in range(k, min(data.SHIP_CAPACITY * k, troops) + 1)
        if fleet_fits(k, m, ships, troops)
    ]


def check_sail(game: Position, action: Sail) -> Refusal | None:
    """After a green throw by sea, a fleet sails: see ``fleet_fits``."""
    refusal = _answering(game, action.kind, SAIL)
    if refusal is not None:
        return refusal
    assert game.aim is not None
    p, origin = game.order[game.turn], game.aim[0]
    if not fleet_fits(action.ships, action.troops, game.ships[origin][p], game.cq[origin][p]):
        return refuse("nuevo_mundo.bad_fleet", n=action.ships, troops=action.troops)
    return None


def combo_categories(game: Position, colour: int) -> list[int]:
    """The categories whose unused cards make the combo that cancels ``colour``: 2 cards
    cancel black, 3 cancel red, each combo once a turn, no card in two combos."""
    if colour not in COMBO_CARDS or colour in game.combo_used:
        return []
    need = COMBO_CARDS[colour]
    p = game.order[game.turn]
    counts = [0] * len(CATEGORIES)
    for c in game.hands[p]:
        counts[CATEGORIES.index(CARDS[c].category)] += 1
    return [i for i, n in enumerate(counts) if n - game.combo_cards[i] >= need]


def check_combo(game: Position, action: Combo) -> Refusal | None:
    """A combo of one category's unused cards cancels a red or black throw."""
    refusal = _answering(game, action.kind, COMBO)
    if refusal is None and action.category not in combo_categories(game, game.combo_colour):
        return refuse("nuevo_mundo.no_such_combo", category=str(action))
    return refusal


def check_no_combo(game: Position, action: NoCombo) -> Refusal | None:
    """The die's result may always be accepted."""
    return _answering(game, action.kind, COMBO)


def embark_room(game: Position, sea: int, player: int) -> int:
    """How many more CQ the player's ships in ``sea`` can carry (15 a ship)."""
    return data.SHIP_CAPACITY * game.ships[sea][player] - game.cq[sea][player]


def _crossing(game: Position, land: int, sea: int, start: int) -> Refusal | None:
    """What embarking and disembarking share: both regions exist, it is the operative stage,
    the region the CQ leave (``start``) may be mobilised from, the coast between is open, and
    the player has ships in the sea."""
    refusal = _no_region(game, land, sea) or _operating(game) or _mobilising(game, start)
    if refusal is not None:
        return refusal
    name = game.region_name
    if (land, sea) not in game.map.open_coasts:
        return refuse("nuevo_mundo.no_open_coast", land=name(land), sea=name(sea))
    if not game.ships[sea][game.order[game.turn]]:
        return refuse("nuevo_mundo.no_ships", region=name(sea))
    return None


def check_embark(game: Position, action: Embark) -> Refusal | None:
    """CQ board own ships across an open coast, as many as they have room for."""
    land, sea = action.land, action.sea
    refusal = _crossing(game, land, sea, land)
    if refusal is not None:
        return refusal
    p = game.order[game.turn]
    troops, room = game.cq[land][p], embark_room(game, sea, p)
    if not 1 <= action.count <= min(troops, room):
        return refuse("nuevo_mundo.bad_embark", count=action.count, troops=troops, room=room)
    return None


def check_disembark(game: Position, action: Disembark) -> Refusal | None:
    """CQ land across an open coast; every ship keeps its crew aboard."""
    land, sea = action.land, action.sea
    refusal = _crossing(game, land, sea, sea)
    if refusal is not None:
        return refusal
    p = game.order[game.turn]
    spare = game.cq[sea][p] - game.ships[sea][p]
    if not 1 <= action.count <= spare:
        return refuse("nuevo_mundo.bad_disembark", count=action.count, n=spare)
    return None


# ----------------------------------------------------------------------------- conflicts


def check_attack(game: Position, action: Attack) -> Refusal | None:
    """A battle starts in a conflict region."""
    refusal = _no_region(game, action.region) or _operating(game)
    if refusal is None and not game.in_conflict(action.region):
        return refuse("nuevo_mundo.no_conflict", region=game.region_name(action.region))
    return refusal


def retreat_refusal(game: Position, region: int, destination: int) -> Refusal | None:
    """Why the turn player's troops in ``region`` cannot ask to retreat to ``destination``,
    or None: by mobilisation to a neighbour of the same kind, free of other players and not
    closed by a red cone, while fewer than 3 red cones are out; or, from land, by embarking
    every CQ onto own ships across an open coast, free of other players, with room for all."""
    p, m = game.order[game.turn], game.map
    words = {"region": game.region_name(region), "destination": game.region_name(destination)}
    others = any(q != p for q in game.occupants(destination))
    if destination in m.neighbours(region):
        if len(game.red) >= data.RED_CONES:
            return refuse("nuevo_mundo.retreat_three_red_cones", **words)
        if game._border(region, destination) in game.red:
            return refuse("nuevo_mundo.retreat_red_cone", **words)
        if others:
            return refuse("nuevo_mundo.retreat_occupied", **words)
        return None
    if destination in m.open_seas(region):
        troops = game.cq[region][p]
        if not troops:
            return refuse("nuevo_mundo.retreat_no_troops", **words)
        if not game.ships[destination][p]:
            return refuse("nuevo_mundo.retreat_no_ships", **words)
        if others:
            return refuse("nuevo_mundo.retreat_occupied", **words)
        room = embark_room(game, destination, p)
        if room < troops:
            return refuse("nuevo_mundo.retreat_room", troops=troops, room=room, **words)
        return None
    return refuse("nuevo_mundo.no_retreat", **words)


def retreats(game: Position, region: int) -> list[int]:
    """Where the turn player may ask to retreat every troop in conflict ``region``."""
    m = game.map
    reachable = (*m.neighbours(region), *m.open_seas(region))
    return sorted(d for d in reachable if retreat_refusal(game, region, d) is None)


def check_negotiate(game: Position, action: Negotiate) -> Refusal | None:
    """In a conflict region, once a turn, the turn player may ask to retreat every troop."""
    region = action.region
    refusal = _no_region(game, region, action.destination) or _operating(game)
    if refusal is not None:
        return refusal
    if not game.in_conflict(region):
        return refuse("nuevo_mundo.no_conflict", region=game.region_name(region))
    if region in game.negotiated:
        return refuse("nuevo_mundo.negotiated_once", region=game.region_name(region))
    return retreat_refusal(game, region, action.destination)


def check_answer(game: Position, action: Answer) -> Refusal | None:
    """The defender accepts (1) or refuses (0) the retreat."""
    refusal = _answering(game, action.kind, ANSWER)
    if refusal is None and action.accept not in (0, 1):
        return refuse("nuevo_mundo.bad_answer")
    return refusal


def check_tactic(game: Position, action: Tactic) -> Refusal | None:
    """Each side turns the criptex to a tactic from 1 to 5, the attacker first."""
    refusal = _answering(game, action.kind, TACTIC_ATTACKER, TACTIC_DEFENDER)
    if refusal is None and action.tactic not in data.TACTICS:
        return refuse("nuevo_mundo.bad_tactic", tactic=action.tactic)
    return refusal


def plunder_categories(game: Position) -> list[int]:
    """The categories of the defender's cards (their backs show them)."""
    return sorted({CATEGORIES.index(CARDS[c].category) for c in game.hands[game.b_defender]})


def check_plunder(game: Position, action: Plunder) -> Refusal | None:
    """A fallen settlement gives the attacker a card of a category the defender holds."""
    refusal = _answering(game, action.kind, PLUNDER)
    if refusal is None and action.category not in plunder_categories(game):
        return refuse("nuevo_mundo.bad_plunder", category=str(action))
    return refusal


def check_end_turn(game: Position, action: EndTurn) -> Refusal | None:
    """The turn ends when no conflict region is left."""
    refusal = _operating(game)
    if refusal is not None:
        return refusal
    conflicts = game.conflicts()
    if conflicts:
        return refuse("nuevo_mundo.conflict_remains", region=game.region_name(conflicts[0]))
    return None
