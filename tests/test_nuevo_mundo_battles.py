"""Nuevo Mundo: the rulebook's attack (VI.03) and the end of the game (IX), one or more tests
per sentence and per decision of docs/rules/nuevo-mundo.md: the four ways to create a conflict
region, the blockade, negotiating a retreat, battles with the criptex round by round, the card
taken when a settlement falls, the player who loses the last settlement, the three victories
and the round limit; sweeps that offer every kind of action at each kind of moment (each
refusal has a reason and changes nothing); and the rulebook's second worked example (VIII.02),
move by move.

The positions are set as in tests/test_nuevo_mundo_rules.py (tests/nuevo_mundo_position.py):
typed dice on the "examples" map, pieces set by hand where moves would take long.
"""

from __future__ import annotations

import pytest
from nuevo_mundo_position import (
    BLACK,
    GREEN,
    RED,
    VIOLET,
    YELLOW,
    card,
    cards_of,
    category,
    cross,
    deal,
    enter,
    fresh,
    lay_out,
    march,
    name,
    operative,
    play_one_round,
    put,
    refused,
    started,
    sweep,
    wins,
    yellow_operating,
)

import gamecore
from gamecore.nuevo_mundo import data
from gamecore.nuevo_mundo.actions import (
    Aim,
    Answer,
    Attack,
    ColourRolled,
    Disembark,
    Embark,
    EndTurn,
    Move,
    Negotiate,
    NoCombo,
    PickCard,
    PlaceCA,
    PlaceCQ,
    PlaceShip,
    Plunder,
    Sail,
    Settle,
    Tactic,
)
from gamecore.nuevo_mundo.bots import check_invariants
from gamecore.nuevo_mundo.criptex import battle_round, criterion
from gamecore.nuevo_mundo.data import CATEGORIES

SEED, NUT, RICHES = (cards_of(k, 1)[0] for k in ("seeds_roots", "nuts_leaves", "riches"))
"""One card of each of three categories, when only the category matters."""
S4, N4, R4, F4, A4 = (
    card(k, 4) for k in ("seeds_roots", "nuts_leaves", "riches", "fruits", "animals")
)
"""Four-point cards of five categories, when the points matter."""


def events(game, kind):
    return [e for e in game.events if e[0] == kind]


def fight(game, attacker, defender):
    """One round of the criptex: the attacker's tactic, then the defender's, in secret."""
    game.play(Tactic(attacker))
    game.play(Tactic(defender))


def violet_in_bt(cq=3, ca=0, yellow_cq=6):
    """Yellow in its operative stage with ``yellow_cq`` CQ in AT beside violet's pieces in BT
    (violet's own settlement is in FT)."""
    game = yellow_operating(("AT", YELLOW, yellow_cq, 2, 0))
    put(game, "BT", VIOLET, cq=cq, ca=ca)
    return game


# ---------------------------------------------------------------------------- conflict regions


def test_a_ship_launched_beside_another_players_ship_creates_a_conflict_region():
    # the rulebook's example: a ship placed in DT and launched toward CM creates a conflict
    game = fresh()
    enter(game, "DT", "FT")
    put(game, "CM", VIOLET, cq=2, ships=1)
    dt, cm = name(game, "DT"), name(game, "CM")
    game.play(PlaceShip(dt, cm))
    assert game.conflicts() == [cm]
    assert game.stage == "place"  # the conflict waits for the operative stage
    game.play(PlaceCQ(dt, 2))
    assert Attack(cm) in game.legal_actions()
    refused(game, EndTurn(), "conflict in CM")


def test_disembarking_into_another_players_land_creates_a_conflict_region():
    game = yellow_operating(("CM", YELLOW, 5, 0, 1))
    put(game, "CT", VIOLET, cq=2)
    game.play(Disembark(name(game, "CM"), name(game, "CT"), 4))
    assert game.conflicts() == [name(game, "CT")]


def test_mobilising_over_land_into_another_players_region_creates_a_conflict_region():
    game = violet_in_bt()
    march(game, "AT", "BT", 4)  # the rulebook's example: 4 CQ across AT-BT
    assert game.conflicts() == [name(game, "BT")]


def test_mobilising_over_water_creates_a_conflict_region_and_a_second_ship_may_join():
    # the rulebook's example: two ships enter AM in two steps, across BM-AM and CM-AM
    game = yellow_operating(("BM", YELLOW, 2, 0, 1), ("CM", YELLOW, 3, 0, 1))
    put(game, "AM", VIOLET, cq=3, ships=1)
    am = name(game, "AM")
    cross(game, "BM", "AM", GREEN)
    game.play(Sail(1, 2))
    assert game.conflicts() == [am]
    cross(game, "CM", "AM", GREEN)
    game.play(Sail(1, 3))
    assert (game.ships[am][YELLOW], game.cq[am][YELLOW]) == (2, 5)
    assert game.conflicts() == [am]


def test_passing_through_another_players_region_also_makes_it_a_conflict_region():
    game = violet_in_bt()
    march(game, "AT", "BT", 2)
    refused(game, EndTurn(), "conflict in BT")
    assert {type(a).__name__ for a in game.legal_actions()} >= {"Attack", "Negotiate"}


# ---------------------------------------------------------------------------- the blockade


def test_troops_in_a_conflict_region_cannot_mobilise_embark_or_disembark():
    game = yellow_operating(("CM", YELLOW, 6, 0, 1))
    put(game, "CT", VIOLET, cq=1)
    ct, cm = name(game, "CT"), name(game, "CM")
    game.play(Disembark(cm, ct, 3))
    refused(game, Aim(ct, name(game, "AT")), "blocked", "CT")
    refused(game, Embark(ct, cm, 1), "blocked", "CT")
    assert Aim(name(game, "AT"), name(game, "BT")) in game.legal_actions()  # AT is not blocked


def test_ships_in_a_conflict_region_cannot_sail_or_unload():
    game = yellow_operating(("AM", YELLOW, 6, 0, 1))
    put(game, "AM", VIOLET, cq=1, ships=1)
    am = name(game, "AM")
    assert game.conflicts() == [am]
    refused(game, Disembark(am, name(game, "AT"), 2), "blocked", "AM")
    refused(game, Aim(am, name(game, "BM")), "blocked", "AM")


def test_more_troops_may_join_a_conflict_region():
    # decision: the blockade keeps troops in, not out (the rulebook's examples reinforce)
    game = violet_in_bt()
    march(game, "AT", "BT", 2)
    march(game, "AT", "BT", 2)
    assert game.cq[name(game, "BT")][YELLOW] == 4
    sea = yellow_operating(("AM", YELLOW, 1, 0, 1))
    put(sea, "AM", VIOLET, cq=2, ships=1)
    sea.play(Embark(name(sea, "AT"), name(sea, "AM"), 5))
    assert sea.cq[name(sea, "AM")][YELLOW] == 6


def test_a_turn_cannot_end_while_a_conflict_region_remains():
    game = violet_in_bt()
    march(game, "AT", "BT", 2)
    assert EndTurn() not in game.legal_actions()
    refused(game, EndTurn(), "still a conflict in BT")


# ---------------------------------------------------------------------------- negotiating a retreat


def in_conflict(count=4, **pieces):
    """Yellow has marched ``count`` CQ from AT into violet's BT (3 CQ): a conflict region."""
    game = violet_in_bt(**pieces)
    march(game, "AT", "BT", count)
    return game


def test_the_defender_answers_a_retreat_as_their_own_decision():
    game = in_conflict()
    bt, at = name(game, "BT"), name(game, "AT")
    assert Negotiate(bt, at) in game.legal_actions()
    game.play(Negotiate(bt, at))
    assert game.current_player == VIOLET and game.turn_player == YELLOW
    assert game.legal_actions() == [Answer(1), Answer(0)]
    refused(game, EndTurn(), "Violet answers the retreat")
    refused(game, Answer(2), "1 (accept) or 0 (refuse)")
    game.play(Answer(0))
    assert game.moves()[-1] == (VIOLET, Answer(0))  # the log names violet as the one who chose


def test_an_accepted_retreat_by_land_is_a_mobilisation_and_green_takes_every_troop_out():
    game = in_conflict()
    bt, at = name(game, "BT"), name(game, "AT")
    game.play(Negotiate(bt, at))
    game.play(Answer(1))
    assert game.pending == "colour" and game.current_player == YELLOW
    game.play(ColourRolled(GREEN))
    assert game.cq[bt][YELLOW] == 0 and game.cq[at][YELLOW] == 6
    assert game.conflicts() == [] and EndTurn() in game.legal_actions()
    assert events(game, "retreat") == [("retreat", YELLOW, bt, at)]


@pytest.mark.parametrize(("colour", "left"), [(RED, 4), (BLACK, 3)])
def test_an_accepted_retreat_that_fails_leads_to_the_battle(colour, left):
    game = in_conflict()
    deal(game, YELLOW, cards_of("seeds_roots", 3))  # decision: no combo saves a retreat
    bt, at = name(game, "BT"), name(game, "AT")
    game.play(Negotiate(bt, at))
    game.play(Answer(1))
    game.play(ColourRolled(colour))
    assert game.cq[bt][YELLOW] == left
    assert game.red == ([(at, bt)] if colour == RED else [])
    assert game.pending == "tactic_attacker" and game.b_region == bt
    assert events(game, "retreat_failed") == [("retreat_failed", YELLOW, bt)]


def test_a_retreat_whose_last_cq_is_lost_ends_the_conflict_without_a_battle():
    game = in_conflict(count=1)
    bt, ct = name(game, "BT"), name(game, "CT")
    game.play(Negotiate(bt, ct))
    game.play(Answer(1))
    game.play(ColourRolled(BLACK))
    assert game.cq[bt][YELLOW] == 0 and game.conflicts() == []
    assert game.pending == "" and EndTurn() in game.legal_actions()


def test_a_refused_retreat_leads_to_the_battle_at_once():
    game = in_conflict()
    bt = name(game, "BT")
    game.play(Negotiate(bt, name(game, "CT")))
    game.play(Answer(0))
    assert game.pending == "tactic_attacker" and game.b_region == bt  # no die waits


def test_a_retreat_by_embarking_onto_own_ships_needs_no_die():
    game = yellow_operating(("CM", YELLOW, 6, 0, 1))
    put(game, "CT", VIOLET, cq=2)
    ct, cm = name(game, "CT"), name(game, "CM")
    game.play(Disembark(cm, ct, 5))
    assert Negotiate(ct, cm) in game.legal_actions()
    game.play(Negotiate(ct, cm))
    game.play(Answer(1))
    assert game.pending == "" and game.cq[ct][YELLOW] == 0 and game.cq[cm][YELLOW] == 6
    assert game.conflicts() == []


def test_a_retreat_goes_to_a_free_open_neighbour_or_to_own_ships_with_room():
    game = in_conflict()
    put(game, "DT", VIOLET, cq=1)
    bt = name(game, "BT")
    retreats = sorted(a.destination for a in game.legal_actions() if isinstance(a, Negotiate))
    assert retreats == [name(game, "AT"), name(game, "CT")]  # DT is violet's; BT has no open coast
    refused(game, Negotiate(bt, name(game, "DT")), "cannot retreat", "free of other players")
    refused(game, Negotiate(bt, name(game, "FT")), "cannot retreat")  # not a neighbour
    refused(game, Negotiate(name(game, "CT"), name(game, "AT")), "no conflict in CT")


def test_a_retreat_does_not_cross_a_border_closed_by_a_red_cone():
    game = violet_in_bt()
    cross(game, "AT", "CT", GREEN)
    game.play(Move(2))
    cross(game, "CT", "BT", RED)
    march(game, "AT", "BT", 2)
    bt, ct = name(game, "BT"), name(game, "CT")
    refused(game, Negotiate(bt, ct), "red cone")


def test_with_three_red_cones_out_a_retreat_cannot_be_a_mobilisation():
    game = yellow_operating(("CM", YELLOW, 6, 0, 1))
    put(game, "CT", VIOLET, cq=2)
    cross(game, "AT", "BT", RED)
    cross(game, "AT", "CT", RED)
    cross(game, "CM", "DM", RED)
    game.play(Disembark(name(game, "CM"), name(game, "CT"), 3))
    ct = name(game, "CT")
    assert [a for a in game.legal_actions() if isinstance(a, Negotiate)] == [
        Negotiate(ct, name(game, "CM"))  # embarking is still possible
    ]


def test_a_retreat_from_a_sea_conflict_sails_every_ship_away():
    game = yellow_operating(("AM", YELLOW, 6, 0, 2))
    put(game, "AM", VIOLET, cq=1, ships=1)
    am, bm = name(game, "AM"), name(game, "BM")
    game.play(Negotiate(am, bm))
    game.play(Answer(1))
    game.play(ColourRolled(GREEN))
    assert (game.ships[bm][YELLOW], game.cq[bm][YELLOW]) == (2, 6)
    assert game.ships[am][YELLOW] == 0 and game.conflicts() == []


def test_a_retreat_is_negotiated_once_per_conflict_region_per_turn():
    game = in_conflict()
    bt, at = name(game, "BT"), name(game, "AT")
    game.play(Negotiate(bt, at))
    game.play(Answer(1))
    game.play(ColourRolled(GREEN))
    march(game, "AT", "BT", 2)  # back into the same region: a conflict again
    assert not any(isinstance(a, Negotiate) for a in game.legal_actions())
    refused(game, Negotiate(bt, at), "already negotiated in BT")


# ---------------------------------------------------------------------------- battles


def test_an_attack_asks_each_side_for_a_secret_tactic_attacker_first():
    game = in_conflict()
    bt = name(game, "BT")
    game.play(Attack(bt))
    assert game.pending == "tactic_attacker" and game.current_player == YELLOW
    assert game.legal_actions() == [Tactic(t) for t in data.TACTICS]
    other = game.clone()
    game.play(Tactic(3))
    other.play(Tactic(4))
    assert game.pending == "tactic_defender" and game.current_player == VIOLET
    assert game.legal_actions() == [Tactic(t) for t in data.TACTICS]  # whatever yellow chose
    # the defender's view is the same whichever tactic yellow chose: it is secret
    assert game.view(VIOLET) == other.view(VIOLET) and game.view(VIOLET).my_tactic == 0
    assert game.view(YELLOW).my_tactic == 3 and other.view(YELLOW).my_tactic == 4
    refused(game, Tactic(6), "1 to 5")
    game.play(Tactic(1))
    assert game.moves()[-1] == (VIOLET, Tactic(1))


def test_there_is_no_attack_without_a_conflict_region():
    game = violet_in_bt()
    refused(game, Attack(name(game, "BT")), "no conflict in BT")


def test_each_round_removes_the_pieces_the_criptex_gives():
    game = in_conflict()  # 4 yellow CQ against 3 violet CQ: balance for both
    bt = name(game, "BT")
    game.play(Attack(bt))
    fight(game, 1, 4)  # the rulebook's example: 1 beats 4, the loser removes 2
    assert battle_round(1, 4, 4, 3) == (0, 2)
    assert (game.cq[bt][YELLOW], game.cq[bt][VIOLET]) == (4, 1)
    assert events(game, "battle_round")[-1] == (
        "battle_round",
        YELLOW,
        VIOLET,
        bt,
        1,
        4,
        4,
        3,
        0,
        2,
    )


def test_a_tie_removes_one_piece_from_each_side():
    game = in_conflict()
    bt = name(game, "BT")
    game.play(Attack(bt))
    fight(game, 2, 2)
    assert (game.cq[bt][YELLOW], game.cq[bt][VIOLET]) == (3, 2)


def test_the_criterion_is_recounted_every_round():
    game = in_conflict(count=5, cq=4)  # 5 against 4: balance
    bt = name(game, "BT")
    game.play(Attack(bt))
    fight(game, 1, 4)  # the rulebook's example, on balance: 2 dots, violet keeps 2
    fight(game, *wins("double", 1))  # now 5 against 2: yellow fights under double
    rounds = events(game, "battle_round")
    assert [(e[6], e[7]) for e in rounds] == [(5, 4), (5, 2)]
    assert [criterion(e[6], e[7]) for e in rounds] == ["balance", "double"]
    assert [(e[8], e[9]) for e in rounds] == [battle_round(e[4], e[5], e[6], e[7]) for e in rounds]


def test_a_ca_defends_as_1_cq_and_falls_only_after_every_cq():
    game = in_conflict(count=6, cq=1, ca=2, yellow_cq=6)  # 6 against 1 CQ + 2 CA: 3
    bt = name(game, "BT")
    game.play(Attack(bt))
    fight(game, *wins("double", 2, exact=True))  # yellow under double takes 2 pieces
    rounds = events(game, "battle_round")
    assert rounds[0][6:8] == (6, 3)  # the defender's force counts its CA
    assert (game.cq[bt][VIOLET], game.ca[bt][VIOLET]) == (0, 1)


def test_the_battle_goes_on_round_by_round_until_one_side_is_gone():
    game = in_conflict()
    bt = name(game, "BT")
    game.play(Attack(bt))
    fight(game, 2, 2)
    assert game.pending == "tactic_attacker"  # both still stand: another round
    fight(game, 1, 2)  # 2 beats 1: yellow (3 against 2, balance) loses violet's 1 dot
    assert game.pending == "tactic_attacker"
    while game.cq[bt][VIOLET]:
        fight(game, 1, 4)
    assert game.pending == "" and game.conflicts() == []
    assert events(game, "battle_over")[-1] == ("battle_over", YELLOW, VIOLET, bt, YELLOW)
    assert EndTurn() in game.legal_actions()


def test_the_defender_can_win_the_battle():
    game = in_conflict(count=1)
    bt = name(game, "BT")
    game.play(Attack(bt))
    fight(game, 4, 1)  # 1 beats 4: violet, under double, takes yellow's only CQ
    assert game.cq[bt][YELLOW] == 0 and game.cq[bt][VIOLET] == 3
    assert events(game, "battle_over")[-1][-1] == VIOLET
    assert game.conflicts() == []


def test_both_sides_gone_in_one_round_leave_the_region_empty():
    game = in_conflict(count=1, cq=1)
    bt = name(game, "BT")
    game.play(Attack(bt))
    fight(game, 3, 3)
    assert game.occupants(bt) == [] and events(game, "battle_over")[-1][-1] == -1


def test_at_sea_the_cq_aboard_fight_and_a_ship_goes_with_its_last_cq():
    # the rulebook's example: 7 yellow CQ in a fleet of 2 ships attack a violet ship with 3
    game = yellow_operating(("BM", YELLOW, 7, 0, 2))
    put(game, "AM", VIOLET, cq=3, ships=1)
    am = name(game, "AM")
    cross(game, "BM", "AM", GREEN)
    game.play(Sail(2, 7))
    game.play(Attack(am))
    assert criterion(7, 3) == "double"
    fight(game, *wins("double", 3))  # 3 pieces or more: the violet ship is left empty
    assert game.ships[am][VIOLET] == 0 and game.cq[am][VIOLET] == 0
    assert game.supply_ships() == data.SHIPS - 2
    assert game.conflicts() == [] and events(game, "battle_over")[-1][-1] == YELLOW


def test_a_fleet_that_loses_cq_loses_the_ships_left_without_crew():
    game = yellow_operating(("BM", YELLOW, 2, 0, 2))
    put(game, "AM", VIOLET, cq=5, ships=1)
    am = name(game, "AM")
    cross(game, "BM", "AM", GREEN)
    game.play(Sail(2, 2))
    game.play(Attack(am))
    winner, loser = wins("double", 2)  # violet (5 against 2) fights under double
    fight(game, loser, winner)
    assert game.ships[am][YELLOW] == 0 and game.cq[am][YELLOW] == 0
    check_invariants(game)


# ------------------------------------------------------------------------ a card for a settlement


def settlement_falls(violet_cards, cq=1, ca=2):
    """Yellow's 6 CQ attack violet's settlement in BT (1 CQ + 2 CA) and win the first round
    under double with a tactic that takes every piece: the settlement falls."""
    game = in_conflict(count=6, cq=cq, ca=ca)
    deal(game, VIOLET, violet_cards)
    game.play(Attack(name(game, "BT")))
    fight(game, *wins("double", cq + ca))
    return game


def test_a_fallen_settlement_gives_the_attacker_a_card_of_the_category_they_choose():
    game = settlement_falls([SEED, NUT, RICHES])
    bt = name(game, "BT")
    assert game.ca[bt][VIOLET] == 0 and events(game, "settlement_lost") == [
        ("settlement_lost", VIOLET, bt)
    ]
    assert game.pending == "plunder" and game.current_player == YELLOW
    # the defender shows the backs: categories, not points
    hand = (SEED, NUT, RICHES)
    assert game.view(YELLOW).backs[VIOLET] == tuple(sorted(category(c) for c in hand))
    assert game.legal_actions() == [Plunder(category(c)) for c in hand]
    refused(game, Plunder(CATEGORIES.index("fruits")), "no card of that category")
    yellow_before = list(game.hands[YELLOW])
    game.play(Plunder(category(NUT)))
    assert game.hands[YELLOW] == [*yellow_before, NUT] and game.hands[VIOLET] == [SEED, RICHES]
    assert events(game, "battle_over")[-1][-1] == YELLOW


def test_a_partly_destroyed_settlement_gives_a_card_and_only_one_per_battle():
    game = in_conflict(count=6, cq=1, ca=2)
    deal(game, VIOLET, [SEED, NUT])
    bt = name(game, "BT")
    game.play(Attack(bt))
    fight(game, *wins("double", 2, exact=True))  # 2 pieces: the CQ and one CA
    assert game.ca[bt][VIOLET] == 1 and game.pending == "plunder"
    game.play(Plunder(category(SEED)))
    fight(game, *wins("double", 1))  # the last CA: no second card
    assert game.ca[bt][VIOLET] == 0 and game.pending == "" and game.hands[VIOLET] == [NUT]


def test_among_several_cards_of_the_category_one_is_drawn_unseen():
    game = settlement_falls(cards_of("nuts_leaves", 3))
    game.play(Plunder(CATEGORIES.index("nuts_leaves")))
    taken = game.hands[YELLOW][-1]
    assert taken in cards_of("nuts_leaves", 3) and len(game.hands[VIOLET]) == 2
    assert game.log[-1].kind == "plunder"  # the draw is chance, recorded for the replay


def test_a_defender_without_cards_gives_none():
    game = settlement_falls([])
    assert game.pending == "" and events(game, "settlement_lost")
    assert events(game, "battle_over")[-1][-1] == YELLOW


def test_a_lone_ca_is_not_a_settlement_and_gives_no_card():
    game = settlement_falls([SEED], cq=1, ca=1)
    assert game.pending == "" and not events(game, "settlement_lost")
    assert game.hands[VIOLET] == [SEED]


def test_a_plundered_card_that_reaches_20_points_wins_at_once():
    game = in_conflict(count=6, cq=1, ca=2)
    deal(game, YELLOW, [S4, N4, R4, F4])  # 16 points
    deal(game, VIOLET, [A4])  # 4 more
    game.play(Attack(name(game, "BT")))
    fight(game, *wins("double", 2, exact=True))  # the settlement falls, a CA still stands
    game.play(Plunder(CATEGORIES.index("animals")))
    assert game.is_over and game.victory == "points" and game.winners == [YELLOW]


# ---------------------------------------------------------------------------- the last settlement


def three_players():
    """Seats 0, 1, 2 on a built map: seat 1's only settlement (``target``) lies beside 12 CQ
    of seat 0 (in ``beside``); seat 0 is in its operative stage."""
    game = fresh(players=3, scenario="random")
    m = game.map
    target, beside = next((a, b) for a, b in sorted(m.borders) if m.regions[a].land)
    others = [r for r in m.land_regions() if r not in (target, beside)]
    game.cq[beside][0] = 12
    names = [m.regions[r].name for r in (others[-1], target, others[-2])]
    enter(game, *names, rolls=(6, 1, 1))
    assert game.order == [0, 1, 2]
    operative(game, names[0])
    return game, m.regions[target].name, m.regions[beside].name


def test_the_last_settlement_lost_gives_one_card_and_the_player_leaves_the_game():
    game, target, beside = three_players()
    deal(game, 1, [SEED, NUT])
    march(game, beside, target, 12)
    game.play(Attack(name(game, target)))
    fight(game, *wins("double", 3, exact=True))  # 12 against 5 (3 CQ + 2 CA): the 3 CQ
    fight(game, *wins("double", 2))  # the 2 CA: the last settlement falls
    assert game.pending == "plunder"
    game.play(Plunder(category(NUT)))
    assert NUT in game.hands[0]
    assert not game.alive[1] and game.hands[1] == [] and SEED in game.gone
    assert not any(game._has(r, 1) for r in range(len(game.map.regions)))
    assert events(game, "eliminated") == [("eliminated", 1)]
    assert not game.is_over  # the game goes on for the others
    check_invariants(game)
    game.play(EndTurn())
    assert game.turn_player == 2  # seat 1's turn is skipped
    operative(game, game.map.regions[game.settlements(2)[0]].name)
    game.play(EndTurn())
    assert game.round == 2 and 1 not in game.order


def test_survival_the_last_player_with_a_settlement_wins():
    game = in_conflict(count=6, cq=1, ca=2)
    put(game, "FT", VIOLET, cq=0, ca=0)  # BT is violet's last settlement
    deal(game, VIOLET, [RICHES])
    game.play(Attack(name(game, "BT")))
    fight(game, *wins("double", 3))
    game.play(Plunder(category(RICHES)))
    assert game.is_over and game.victory == "survival" and game.winners == [YELLOW]
    assert game.score().victors == ("Yellow",)
    assert "Yellow won by survival" in game.score().victory_rule
    sweep(game)  # over: every action is refused, with the reason


# ---------------------------------------------------------------------------- victories


@pytest.mark.parametrize(("slot", "points", "over"), [(0, 19, False), (1, 20, True)])
def test_20_points_win_at_once_when_the_card_arrives(slot, points, over):
    game = fresh()
    put(game, "CT", YELLOW, cq=1, ca=1)
    enter(game, "AT", "DT")
    deal(game, YELLOW, [S4, N4, R4, F4])  # four 4-point cards in four categories: 16 points
    lay_out(game, [card("seeds_roots", 3), A4, card("seeds_roots", 1)])
    game.play(PlaceCA(name(game, "CT")))
    game.play(PickCard(slot))
    assert game.points(YELLOW) == points and game.is_over == over
    if over:
        assert game.winners == [YELLOW] and game.victory == "points"
        assert game.current_player is None and game.legal_actions() == []
        refused(game, PlaceCQ(name(game, "AT"), 1), "game is over")
        assert game.score().victors == ("Yellow",)
        assert "Yellow won by points" in game.score().victory_rule


def test_all_six_categories_win_at_once_whatever_the_points():
    game = fresh()
    put(game, "CT", YELLOW, cq=1, ca=1)
    enter(game, "AT", "DT")
    five = ("seeds_roots", "nuts_leaves", "riches", "fruits", "cultures")
    deal(game, YELLOW, [card(k, 1) for k in five])  # 1 point in each of five categories
    # the second face-up card is an animal: the sixth category
    lay_out(game, [card("seeds_roots", 1, skip=1), card("animals", 1), card("nuts_leaves", 1, 1)])
    game.play(PlaceCA(name(game, "CT")))
    game.play(PickCard(1))
    assert game.is_over and game.victory == "categories" and game.winners == [YELLOW]
    assert game.points(YELLOW) == 6


@pytest.mark.parametrize(
    ("yellow", "violet", "winners"),
    [
        ([S4, N4], [R4], [YELLOW]),  # 8 points against 4
        ([S4], [R4, F4], [VIOLET]),  # 4 against 8
        # 6 points each: yellow has more categories
        ([S4, card("nuts_leaves", 1), card("riches", 1)], [R4, card("riches", 2)], [YELLOW]),
        # equal points, categories and credits: shared
        ([S4, card("seeds_roots", 1)], [R4, card("riches", 1)], [YELLOW, VIOLET]),
    ],
)
def test_after_the_last_round_the_most_points_win(yellow, violet, winners):
    # our addition: rounds=20 by default; ties go to more categories, then more credits
    assert fresh().options["rounds"] == 20
    game = started("AT", "FT", rounds=1)
    deal(game, YELLOW, yellow)
    deal(game, VIOLET, violet)
    play_one_round(game)
    assert game.is_over and game.victory == "rounds" and game.winners == winners


def test_rounds_0_removes_the_round_limit():
    game = started("AT", "FT", rounds=0)
    play_one_round(game)
    assert not game.is_over and game.round == 2


def test_more_credits_break_a_tie_of_points_and_categories_after_the_last_round():
    game = fresh(rounds=1)
    put(game, "CT", VIOLET, cq=1, ca=2)
    enter(game, "AT", "FT")
    deal(game, YELLOW, [S4])
    deal(game, VIOLET, [R4])
    play_one_round(game)
    assert game.credits_of(VIOLET) == 7 and game.winners == [VIOLET]


# ---------------------------------------------------------------------------- every refusal


@pytest.mark.parametrize("language", ["en", "es"], indirect=True)
def test_every_refusal_before_and_in_a_turn_has_a_reason_and_changes_nothing(language):
    game = fresh()
    put(game, "CT", YELLOW, cq=1, ca=1)
    sweep(game)  # the order roll
    enter(game)
    sweep(game)  # entering
    game.play(Settle(name(game, "AT")))
    sweep(game)  # a card to pick
    game.play(PickCard(0))
    game.play(Settle(name(game, "FT")))
    game.play(PickCard(0))
    put(game, "AM", YELLOW, cq=3, ships=1)
    deal(game, YELLOW, cards_of("seeds_roots", 2))
    sweep(game)  # placement
    game.play(PlaceCA(name(game, "CT")))
    sweep(game)  # a card for the new settlement
    game.play(PickCard(0))
    game.play(PlaceCQ(name(game, "AT"), 1))
    sweep(game)  # operations
    game.play(Aim(name(game, "AT"), name(game, "BT")))
    sweep(game)  # the colour die
    game.play(ColourRolled(BLACK))
    sweep(game)  # a combo to show
    game.play(NoCombo())
    cross(game, "AT", "BT", GREEN)
    sweep(game)  # CQ to move
    game.play(Move(1))
    cross(game, "AM", "CM", GREEN)
    sweep(game)  # a fleet to sail
    game.play(Sail(1, 3))
    cross(game, "CM", "DM", RED)
    sweep(game)  # a red cone on the map


def test_what_is_not_a_move_is_refused_in_words():
    game = started("AT", "DT")
    for thing in (None, "AT", 3, PlaceCQ):
        refused(game, thing, "not a Nuevo Mundo move")


def test_another_games_move_is_refused_without_a_python_repr():
    game = started("AT", "DT")
    other = gamecore.new_game("nuevos-mundos", players=2, seed=1).legal_actions()[0]
    refused(game, other, "not a Nuevo Mundo move")


def test_a_refused_fleet_of_one_ship_is_said_in_the_singular():
    game = yellow_operating(("AM", YELLOW, 4, 0, 1))
    cross(game, "AM", "CM", GREEN)
    reason = refused(game, Sail(1, 1))
    assert "1 ships" not in reason, reason


@pytest.mark.parametrize("language", ["en", "es"], indirect=True)
def test_every_refusal_in_conflicts_and_battles_has_a_reason_and_changes_nothing(language):
    game = in_conflict(count=6, cq=1, ca=2)
    deal(game, VIOLET, [SEED, NUT])
    sweep(game)  # a conflict region: attack or negotiate
    bt = name(game, "BT")
    game.play(Negotiate(bt, name(game, "AT")))
    sweep(game)  # the defender's answer
    game.play(Answer(1))
    sweep(game)  # the retreat's colour die
    game.play(ColourRolled(RED))
    sweep(game)  # the attacker's tactic
    winner, loser = wins("double", 2, exact=True)
    game.play(Tactic(winner))
    sweep(game)  # the defender's tactic
    game.play(Tactic(loser))
    sweep(game)  # a card to take from the fallen settlement
    game.play(Plunder(category(NUT)))
    fight(game, *wins("double", 1))
    sweep(game)  # the battle won: the turn may end


# ------------------------------------------------------------------------ worked example VIII.02


def test_worked_example_attack_on_a_settlement_on_a_neighbouring_island():
    """VIII.02: yellow (3 credits, a settlement in AT, a ship in AM) sails round to CT, lands
    6 CQ, crosses into violet's DT (1 CQ + 2 CA) and attacks under double to take a card."""
    game = fresh()
    put(game, "DT", VIOLET, cq=1, ca=2)  # violet's settlement under attack
    put(game, "AM", YELLOW, cq=1, ships=1)  # yellow's ship with its crew
    enter(game, "AT", "FT")
    at, am, bm, cm, ct, dt = (name(game, r) for r in ("AT", "AM", "BM", "CM", "CT", "DT"))
    assert game.turn_player == YELLOW and game.credits == 3  # violet has 7: it plays later
    # placement: 3 credits on 3 CQ, placed in AT
    game.play(PlaceCQ(at, 3))
    assert game.cq[at][YELLOW] == 6 and game.stage == "operate"
    # 1. embark from AT onto the ship in AM, 7 CQ aboard
    game.play(Embark(at, am, 6))
    assert game.cq[am][YELLOW] == 7
    # 2-3. AM-BM and BM-CM on green throws
    cross(game, "AM", "BM", GREEN)
    game.play(Sail(1, 7))
    assert (game.ships[bm][YELLOW], game.cq[bm][YELLOW]) == (1, 7)
    cross(game, "BM", "CM", GREEN)
    game.play(Sail(1, 7))
    assert (game.ships[cm][YELLOW], game.cq[cm][YELLOW]) == (1, 7)
    # 4. disembark 6 CQ in CT; 1 CQ stays aboard
    refused(game, Disembark(cm, ct, 7), "crew")
    game.play(Disembark(cm, ct, 6))
    assert game.cq[cm][YELLOW] == 1 and game.cq[ct][YELLOW] == 6
    # 5. CT-DT on a green throw: the 6 CQ cross into violet's region
    march(game, "CT", "DT", 6)
    assert game.conflicts() == [dt]
    # 6. the attack: 6 CQ against 1 CQ + 2 CA, the double criterion for yellow
    fruit, animal = card("fruits", 3), card("animals", 3)
    deal(game, VIOLET, [fruit, animal])  # violet's cards: a fruit and an animal
    game.play(Attack(dt))
    assert game.force(dt, YELLOW) == 6 and game.force(dt, VIOLET) == 3
    assert criterion(6, 3) == "double" and criterion(3, 6) == "half"
    fight(game, *wins("double", 3))  # yellow wins a round under double: 3 pieces
    assert (game.cq[dt][VIOLET], game.ca[dt][VIOLET]) == (0, 0)
    # the settlement is destroyed: yellow takes a card from violet's hand
    game.play(Plunder(CATEGORIES.index("animals")))
    assert animal in game.hands[YELLOW] and game.hands[VIOLET] == [fruit]
    assert game.alive[VIOLET]  # violet still has FT
    assert game.conflicts() == [] and EndTurn() in game.legal_actions()
