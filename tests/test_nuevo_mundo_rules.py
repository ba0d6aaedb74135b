"""Nuevo Mundo: one or more tests per rule sentence of the rulebook (shared/rules/nuevo-mundo.txt)
and per decision of docs/rules/nuevo-mundo.md, and the rulebook's first worked example (VIII.01).

Conflict regions, negotiation, battles, plunder, the victories and the round limit, the sweeps
of every refusal and the second worked example are in tests/test_nuevo_mundo_battles.py. Both
files play with typed dice (``dice="table"``), so every throw of the numeric and colour dice is
chosen by the test, mostly on the "examples" map (the rulebook's illustrated island AT-DT with
the open coasts its examples use, and a small second island ET-FT). A position that would take
many moves to reach is set by hand (tests/nuevo_mundo_position.py), mostly on a fresh game
before the players enter the board, so the credits and the turn order still come from the
rules.
"""

from __future__ import annotations

import pytest
from nuevo_mundo_position import (
    BLACK,
    GREEN,
    RED,
    VIOLET,
    YELLOW,
    cards_of,
    cross,
    deal,
    enter,
    fresh,
    march,
    name,
    operative,
    put,
    refused,
    started,
    yellow_operating,
)

import gamecore
from gamecore.nuevo_mundo import data
from gamecore.nuevo_mundo.actions import (
    Aim,
    ColourRolled,
    Combo,
    Disembark,
    Embark,
    EndTurn,
    Move,
    NoCombo,
    NumberRolled,
    PickCard,
    PlaceCA,
    PlaceCQ,
    PlaceShip,
    Sail,
    Settle,
)
from gamecore.nuevo_mundo.data import CARDS, CATEGORIES


def events(game, kind):
    return [e for e in game.events if e[0] == kind]


def seeds(count, skip=0):
    return cards_of("seeds_roots", count, skip)


# ---------------------------------------------------------------------------- the first order


def test_the_highest_number_plays_first_and_the_others_follow_clockwise():
    game = fresh(players=4, scenario="random")
    assert game.stage == "order"
    for seat, value in enumerate((2, 5, 3, 1)):
        assert game.current_player == seat  # the players throw in order
        game.play(NumberRolled(value))
    assert game.order == [1, 2, 3, 0]
    assert game.stage == "enter" and game.current_player == 1


def test_a_tie_for_the_highest_number_throws_again_between_the_tied_players_only():
    game = fresh(players=3, scenario="random")
    for value in (4, 6, 6):
        game.play(NumberRolled(value))
    assert game.stage == "order"
    assert game.current_player == 1  # seat 0 threw lower and does not throw again
    assert events(game, "order_tie") == [("order_tie", (1, 2))]
    game.play(NumberRolled(2))
    assert game.current_player == 2
    game.play(NumberRolled(5))
    assert game.order == [2, 0, 1]


def test_a_tie_below_the_highest_number_changes_nothing():
    game = fresh(players=3, scenario="random")
    for value in (6, 3, 3):
        game.play(NumberRolled(value))
    assert game.order == [0, 1, 2]
    assert not events(game, "order_tie")


def test_the_engine_throws_the_order_die_and_records_it_as_chance():
    game = gamecore.new_game("nuevo-mundo", players=2, seed=5, scenario="examples")
    rolls = [entry.outcome[0] + 1 for entry in game.log if getattr(entry, "kind", "") == "order"]
    assert len(rolls) >= 2 and game.stage == "enter"
    last_two = rolls[-2:]  # after any ties, the deciding throws of seats 0 and 1
    assert game.order[0] == last_two.index(max(last_two))


def test_before_the_order_only_the_numeric_die_is_accepted():
    game = fresh()
    refused(game, Settle(name(game, "AT")), "numeric die")
    refused(game, NumberRolled(7), "1 to 6")
    refused(game, ColourRolled(GREEN))


# ---------------------------------------------------------------------------- entering the board


def test_entering_builds_the_first_settlement_with_2_ca_and_3_cq_in_a_free_land_region():
    game = fresh()
    enter(game)  # the order only: Yellow first
    at = name(game, "AT")
    game.play(Settle(at))
    assert game.ca[at][YELLOW] == 2 and game.cq[at][YELLOW] == 3  # decision: the CQ beside it
    assert game.settlements(YELLOW) == [at]
    assert game.supply_ca(YELLOW) == data.CA_SUPPLY - 2
    assert game.supply_cq(YELLOW) == data.CQ_SUPPLY - 3


def test_entering_takes_one_of_the_three_face_up_cards_and_refills_the_row_from_the_deck():
    game = fresh()
    enter(game)
    game.play(Settle(name(game, "AT")))
    assert game.pending == "pick" and game.current_player == YELLOW
    row, deck = list(game.face_up), list(game.deck)
    game.play(PickCard(1))
    assert game.hands[YELLOW] == [row[1]]
    assert game.face_up == [row[0], deck[-1], row[2]]  # the gap refilled from the deck
    assert len(game.face_up) == data.FACE_UP and game.deck == deck[:-1]
    assert game.current_player == VIOLET  # the next player in the order enters


def test_a_card_taken_keeps_its_points_hidden_from_the_others():
    game = fresh()
    enter(game, "AT")
    card = game.hands[YELLOW][0]
    seen = game.view(VIOLET)
    assert seen.hand == () and game.view(YELLOW).hand == (card,)
    assert seen.backs[YELLOW] == (CATEGORIES.index(CARDS[card].category),)  # the back only


def test_entering_refuses_the_sea_an_occupied_region_and_any_other_move():
    game = fresh()
    enter(game, "AT")
    assert game.current_player == VIOLET
    refused(game, Settle(name(game, "AM")), "sea")
    refused(game, Settle(name(game, "AT")), "occupied")
    refused(game, PlaceCQ(name(game, "DT"), 1), "enters the board")
    refused(game, Settle(99), "no region 99")
    assert sorted(a.region for a in game.legal_actions()) == [
        name(game, r) for r in ("BT", "CT", "DT", "ET", "FT")
    ]


def test_a_region_with_pieces_already_on_it_is_not_free_for_entering():
    game = fresh()
    put(game, "CT", YELLOW, cq=1)  # a position set by hand: a yellow CQ already in CT
    enter(game, "AT")
    refused(game, Settle(name(game, "CT")), "occupied")


def test_the_game_begins_when_the_last_player_has_entered():
    game = fresh()
    enter(game, "AT")
    assert game.stage == "enter" and game.round == 0
    game.play(Settle(name(game, "DT")))
    game.play(PickCard(0))
    assert game.stage == "place" and game.round == 1
    assert game.turn_player == YELLOW and game.credits == 3
    assert all(len(hand) == 1 for hand in game.hands)


def test_with_an_empty_deck_the_face_up_row_shrinks():
    game = fresh()
    game.gone.extend(game.deck)  # a position set by hand: the deck is used up
    game.deck.clear()
    enter(game, "AT", "DT")
    assert len(game.face_up) == data.FACE_UP - 2


# ---------------------------------------------------------------------------- credits


def test_the_printed_credit_table_and_its_rule_2_settlements_plus_2_islands_minus_1():
    assert data.PRINTED_CREDITS == {
        (1, 1): 3,
        (2, 1): 5,
        (2, 2): 7,
        (3, 1): 7,
        (3, 2): 9,
        (3, 3): 11,
    }
    for (settlements, islands), value in data.PRINTED_CREDITS.items():
        assert data.credits(settlements, islands) == value
    assert data.credits(7, 7) == 27 and data.credits(5, 2) == 13
    assert data.credits(0, 0) == 0
    with pytest.raises(ValueError, match="islands"):
        data.credits(2, 3)  # islands never outnumber settlements


def test_the_rulebook_example_3_settlements_on_2_islands_give_9_credits():
    game = fresh()
    put(game, "CT", YELLOW, cq=1, ca=2)  # yellow's other settlements: CT on the same island
    put(game, "ET", YELLOW, cq=1, ca=2)  # and ET on the second island
    enter(game, "AT", "DT")
    assert len(game.settlements(YELLOW)) == 3 and game.islands_of(YELLOW) == 2
    assert game.credits_of(YELLOW) == 9
    assert game.turn_player == VIOLET  # 3 credits against 9: violet plays first
    operative(game, "DT")
    game.play(EndTurn())
    assert game.turn_player == YELLOW and game.credits == 9


def test_a_region_with_one_ca_is_not_a_settlement_and_gives_no_credit():
    game = fresh()
    put(game, "CT", YELLOW, cq=1, ca=1)
    enter(game, "AT", "DT")
    assert game.settlements(YELLOW) == [name(game, "AT")]
    assert game.credits == 3


# ---------------------------------------------------------------------------- turn order by credits


def test_each_round_the_fewest_credits_play_first_and_the_most_last():
    # the rulebook's example: the player who now produces the most plays the last turn
    game = fresh()
    put(game, "CT", YELLOW, cq=1, ca=1)  # half a settlement, finished in the first turn
    enter(game, "AT", "DT")
    assert game.order == [YELLOW, VIOLET]  # 3 credits each: the die's order stands
    game.play(PlaceCA(name(game, "CT")))
    game.play(PickCard(0))
    game.play(PlaceCQ(name(game, "AT"), 1))
    game.play(EndTurn())
    operative(game, "DT")
    game.play(EndTurn())
    assert game.round == 2 and game.order == [VIOLET, YELLOW]
    assert events(game, "round")[-1] == ("round", 2, (VIOLET, YELLOW))
    assert game.credits == 3 and game.turn_player == VIOLET
    operative(game, "DT")
    game.play(EndTurn())
    assert game.credits == 5  # 2 settlements on 1 island


@pytest.mark.parametrize("die", [(6, 1), (1, 6)])
def test_equal_credits_keep_the_previous_rounds_order(die):
    game = fresh()
    enter(game, rolls=die)
    first = game.order[0]
    game.play(Settle(name(game, "AT")))
    game.play(PickCard(0))
    game.play(Settle(name(game, "DT")))
    game.play(PickCard(0))
    assert game.order == [first, 1 - first]
    for region in ("AT", "DT"):
        operative(game, region)
        game.play(EndTurn())
    assert game.round == 2 and game.order == [first, 1 - first]


def test_three_players_play_in_the_order_of_their_credits():
    game = fresh(players=3, scenario="random")
    by_island = {}
    for r in game.map.land_regions():
        by_island.setdefault(game.map.regions[r].island, []).append(r)
    big, middle, small, other = sorted(by_island.values(), key=len, reverse=True)[:4]
    # seat 1: a second settlement on another island (7 credits); seat 2: a second one on
    # its own island (5); seat 0: only the first (3)
    game.ca[other[0]][1] = 2
    game.ca[big[1]][2] = 2
    enter(game, rolls=(6, 1, 1))
    for seat, region in ((0, middle[0]), (1, small[0]), (2, big[0])):
        assert game.current_player == seat
        game.play(Settle(region))
        game.play(PickCard(0))
    assert [game.credits_of(p) for p in range(3)] == [3, 7, 5]
    assert game.order == [0, 2, 1]


# ---------------------------------------------------------------------------- spending credits


def test_every_credit_is_spent_before_the_operative_stage():
    game = started("AT", "DT")
    at, bt = name(game, "AT"), name(game, "BT")
    refused(game, EndTurn(), "3 credits", "spent")
    refused(game, Aim(at, bt), "3 credits")
    game.play(PlaceCQ(at, 2))
    assert game.stage == "place" and game.credits == 1
    refused(game, EndTurn(), "1 credit")
    game.play(PlaceCQ(at, 1))
    assert game.stage == "operate" and game.credits == 0
    refused(game, PlaceCQ(at, 1), "spent")


def test_the_costs_cq_1_credit_ca_2_credits_ship_1_credit():
    game = fresh()
    put(game, "CT", YELLOW, cq=1, ca=2)
    put(game, "ET", YELLOW, cq=1, ca=2)
    put(game, "BT", YELLOW, cq=1)
    enter(game, "AT", "DT")
    operative(game, "DT")
    game.play(EndTurn())
    assert game.credits == 9
    game.play(PlaceCA(name(game, "BT")))
    assert game.credits == 7
    game.play(PlaceShip(name(game, "AT"), name(game, "AM")))
    assert game.credits == 6
    game.play(PlaceCQ(name(game, "AT"), 4))
    assert game.credits == 2
    refused(game, PlaceCQ(name(game, "AT"), 3), "3 CQ", "2 credits")


def test_a_ca_cannot_be_bought_with_one_credit():
    game = started("AT", "DT")
    game.play(PlaceCQ(name(game, "AT"), 2))
    put(game, "BT", YELLOW, cq=1)
    refused(game, PlaceCA(name(game, "BT")), "2 credits", "you have 1")


def test_cq_cannot_be_bought_beyond_the_box():
    game = fresh()
    put(game, "EM", YELLOW, cq=data.CQ_SUPPLY - 5, ships=data.SHIPS)
    enter(game, "AT", "DT")
    assert game.supply_cq(YELLOW) == 2
    refused(game, PlaceCQ(name(game, "AT"), 3), "only 2 CQ left")
    game.play(PlaceCQ(name(game, "AT"), 2))
    # the last credit buys nothing (no CQ, no ship, no room for a CA): it is lost
    assert game.stage == "operate" and events(game, "credits_lost") == [("credits_lost", YELLOW, 1)]


def test_credits_that_cannot_be_spent_are_lost():
    # decision: an empty box and no ship left means the rest of the credits are lost
    game = fresh()
    put(game, "EM", YELLOW, cq=data.CQ_SUPPLY - 3, ships=data.SHIPS)
    enter(game, "AT", "DT")
    assert game.supply_cq(YELLOW) == 0 and game.supply_ships() == 0
    assert game.turn_player == YELLOW and game.stage == "operate" and game.credits == 0
    assert events(game, "credits_lost") == [("credits_lost", YELLOW, 3)]


# ---------------------------------------------------------------------------- placing CQ and CA


def test_cq_are_placed_only_in_land_regions_with_own_pieces():
    game = fresh()
    put(game, "BT", YELLOW, cq=1)  # CQ alone make a region one's own
    put(game, "CT", YELLOW, ca=1)  # and so does a lone CA
    enter(game, "AT", "DT")
    refused(game, PlaceCQ(name(game, "AM"), 1), "sea region")
    refused(game, PlaceCQ(name(game, "FT"), 1), "no pieces in FT")
    refused(game, PlaceCQ(name(game, "DT"), 1), "no pieces in DT")  # violet's settlement
    for region in ("AT", "BT"):
        game.play(PlaceCQ(name(game, region), 1))
    game.play(PlaceCQ(name(game, "CT"), 1))
    assert [game.cq[name(game, r)][YELLOW] for r in ("AT", "BT", "CT")] == [4, 2, 1]


def test_ca_are_placed_only_in_land_regions_with_own_pieces():
    game = started("AT", "DT")
    refused(game, PlaceCA(name(game, "CM")), "sea region")
    refused(game, PlaceCA(name(game, "BT")), "no pieces in BT")
    refused(game, PlaceCA(name(game, "DT")), "no pieces in DT")


def test_one_ca_per_region_per_turn_but_in_different_regions_it_is_allowed():
    game = fresh()
    put(game, "ET", YELLOW, cq=1, ca=2)  # 2 settlements on 2 islands: 7 credits
    put(game, "BT", YELLOW, cq=1)
    put(game, "CT", YELLOW, cq=1)
    enter(game, "AT", "DT")
    operative(game, "DT")
    game.play(EndTurn())
    assert game.credits == 7
    bt, ct = name(game, "BT"), name(game, "CT")
    game.play(PlaceCA(bt))
    refused(game, PlaceCA(bt), "BT this turn already", "one CA per region per turn")
    game.play(PlaceCA(ct))
    assert game.ca[bt][YELLOW] == game.ca[ct][YELLOW] == 1
    game.play(PlaceCQ(bt, 3))
    game.play(EndTurn())
    operative(game, "DT")
    game.play(EndTurn())
    game.play(PlaceCA(bt))  # a new turn: BT takes its second CA
    assert game.ca[bt][YELLOW] == 2


def test_a_region_holds_at_most_one_settlement():
    game = started("AT", "DT")
    refused(game, PlaceCA(name(game, "AT")), "AT already has a settlement")


def test_the_second_ca_completes_a_settlement_and_takes_a_face_up_card():
    game = fresh()
    put(game, "CT", YELLOW, cq=1, ca=1)
    enter(game, "AT", "DT")
    row, deck = list(game.face_up), list(game.deck)
    ct = name(game, "CT")
    game.play(PlaceCA(ct))
    assert game.settlements(YELLOW) == [name(game, "AT"), ct]
    assert game.pending == "pick" and game.current_player == YELLOW
    refused(game, PlaceCQ(ct, 1), "face-up")
    game.play(PickCard(2))
    assert game.hands[YELLOW][-1] == row[2]
    assert game.face_up == [row[0], row[1], deck[-1]]
    assert game.stage == "place" and game.credits == 1  # the card did not end the placement
    refused(game, PickCard(0), "none to take now")


def test_with_no_face_up_card_left_a_new_settlement_takes_none():
    game = fresh()
    put(game, "CT", YELLOW, cq=1, ca=1)
    enter(game, "AT", "DT")
    game.gone.extend(game.deck + game.face_up)  # a position set by hand: every card is used
    game.deck.clear()
    game.face_up.clear()
    game.play(PlaceCA(name(game, "CT")))
    assert game.pending == "" and len(game.settlements(YELLOW)) == 2 and game.credits == 1


# ---------------------------------------------------------------------------- placing ships


def test_a_ship_is_launched_across_an_open_coast_and_takes_1_cq_as_its_crew():
    game = started("AT", "DT")
    at, am = name(game, "AT"), name(game, "AM")
    assert PlaceShip(at, am) in game.legal_actions()
    game.play(PlaceShip(at, am))
    assert game.ships[am][YELLOW] == 1 and game.cq[am][YELLOW] == 1
    assert game.cq[at][YELLOW] == 2  # the crew came from the land region
    assert game.supply_ships() == data.SHIPS - 1
    assert game.credits == 2


def test_a_ship_needs_an_open_coast_of_its_land_region():
    game = fresh()
    put(game, "BT", YELLOW, cq=2)
    enter(game, "AT", "DT")
    refused(game, PlaceShip(name(game, "BT"), name(game, "AM")), "BT and AM", "open coast")
    refused(game, PlaceShip(name(game, "AT"), name(game, "CM")), "open coast")  # not touching
    refused(game, PlaceShip(name(game, "AM"), name(game, "AT")), "sea region")


def test_a_ship_needs_a_cq_in_the_land_region_for_its_crew():
    game = fresh()
    put(game, "CT", YELLOW, ca=2)  # a settlement without CQ on the open coast CT-CM
    enter(game, "AT", "DT")
    operative(game, "DT")  # yellow's 5 credits: violet plays first
    game.play(EndTurn())
    refused(game, PlaceShip(name(game, "CT"), name(game, "CM")), "crew", "no CQ there")


def test_the_ten_ships_are_one_supply_for_everyone():
    game = fresh()
    put(game, "EM", VIOLET, cq=data.SHIPS, ships=data.SHIPS)
    enter(game, "AT", "DT")
    assert game.supply_ships() == 0
    refused(game, PlaceShip(name(game, "AT"), name(game, "AM")), "10 ships")
    assert not any(isinstance(a, PlaceShip) for a in game.legal_actions())


# ---------------------------------------------------------------------------- mobilisation


def test_the_white_cone_goes_on_a_border_and_the_colour_die_is_thrown():
    game = yellow_operating()
    at, bt = name(game, "AT"), name(game, "BT")
    game.play(Aim(at, bt))
    assert game.aim == (at, bt) and game.view(VIOLET).aim == (at, bt)  # the cone is seen
    assert game.pending == "colour" and game.current_player == YELLOW
    assert game.legal_actions() == [ColourRolled(GREEN), ColourRolled(RED), ColourRolled(BLACK)]
    refused(game, EndTurn(), "colour die")
    refused(game, ColourRolled(3), "green (0), red (1) or black (2)")


def test_green_by_land_moves_as_many_cq_as_the_player_chooses_then_the_cone_comes_off():
    game = yellow_operating()
    at, bt = name(game, "AT"), name(game, "BT")
    cross(game, "AT", "BT", GREEN)
    assert game.pending == "move"
    assert game.legal_actions() == [Move(k) for k in range(1, 7)]
    refused(game, Move(0), "between 1 and 6")
    refused(game, Move(7), "between 1 and 6")
    game.play(Move(3))  # the rulebook's example: yellow moves 3 CQ across AT-BT
    assert game.cq[at][YELLOW] == 3 and game.cq[bt][YELLOW] == 3
    assert game.aim is None and game.stage == "operate"
    march(game, "BT", "CT", 1)  # the white cone may go on another border: mobilising goes on
    assert game.cq[name(game, "CT")][YELLOW] == 1


def test_red_closes_the_border_with_a_red_cone_for_the_rest_of_the_turn():
    game = yellow_operating()
    at, bt = name(game, "AT"), name(game, "BT")
    cross(game, "AT", "BT", RED)
    assert game.red == [(at, bt)] and game.aim is None
    assert game.cq[at][YELLOW] == 6  # nobody moved, nobody was lost
    refused(game, Aim(at, bt), "red cone", "AT-BT")
    # the rulebook's example: BT is still reached through CT
    march(game, "AT", "CT", 2)
    march(game, "CT", "BT", 2)
    assert game.cq[bt][YELLOW] == 2
    refused(game, Aim(bt, at), "red cone", "BT-AT")  # closed both ways


def test_black_loses_1_cq_of_the_origin_and_the_border_stays_open():
    game = yellow_operating()
    at, bt = name(game, "AT"), name(game, "BT")
    cross(game, "AT", "BT", BLACK)
    assert game.cq[at][YELLOW] == 5 and game.red == [] and game.aim is None
    assert Aim(at, bt) in game.legal_actions()
    cross(game, "AT", "BT", GREEN)  # the rulebook: they may retry crossing AT-BT
    game.play(Move(5))
    assert game.cq[bt][YELLOW] == 5 and game.cq[at][YELLOW] == 0


def test_by_sea_red_and_black_act_on_the_ship():
    game = yellow_operating(("AM", YELLOW, 4, 0, 1))
    am, cm = name(game, "AM"), name(game, "CM")
    cross(game, "AM", "CM", RED)
    assert game.red == [(am, cm)] and game.ships[am][YELLOW] == 1
    refused(game, Aim(am, cm), "red cone")
    cross(game, "AM", "BM", BLACK)  # black at sea takes 1 CQ from the ship
    assert game.cq[am][YELLOW] == 3 and game.ships[am][YELLOW] == 1


def test_black_on_a_ship_with_only_its_crew_removes_ship_and_crew():
    game = yellow_operating(("AM", YELLOW, 1, 0, 1))
    am = name(game, "AM")
    assert game.supply_ships() == data.SHIPS - 1
    cross(game, "AM", "CM", BLACK)
    assert game.ships[am][YELLOW] == 0 and game.cq[am][YELLOW] == 0
    assert game.supply_ships() == data.SHIPS  # decision: a sunk ship returns to the supply
    refused(game, Aim(am, name(game, "CM")), "no ship in AM")


def test_black_on_a_fleet_sinks_a_ship_only_when_a_crew_is_missing():
    game = yellow_operating(("AM", YELLOW, 3, 0, 2))
    am = name(game, "AM")
    cross(game, "AM", "CM", BLACK)
    assert (game.ships[am][YELLOW], game.cq[am][YELLOW]) == (2, 2)
    cross(game, "AM", "CM", BLACK)
    assert (game.ships[am][YELLOW], game.cq[am][YELLOW]) == (1, 1)


def test_three_red_cones_on_the_map_stop_mobilising_but_not_embarking():
    game = yellow_operating(("AM", YELLOW, 1, 0, 1))
    cross(game, "AT", "BT", RED)
    cross(game, "AT", "CT", RED)
    assert Aim(name(game, "AM"), name(game, "CM")) in game.legal_actions()
    cross(game, "AM", "CM", RED)
    assert len(game.red) == data.RED_CONES
    assert not any(isinstance(a, Aim) for a in game.legal_actions())
    refused(game, Aim(name(game, "AM"), name(game, "BM")), "3 red cones")
    game.play(Embark(name(game, "AT"), name(game, "AM"), 2))


def test_the_cones_come_off_when_the_turn_ends():
    game = yellow_operating()
    at, bt = name(game, "AT"), name(game, "BT")
    cross(game, "AT", "BT", RED)
    game.play(EndTurn())
    assert game.red == [] and events(game, "end_turn")[-1] == ("end_turn", YELLOW, 1)
    operative(game, "FT")  # violet's turn
    game.play(EndTurn())
    operative(game, "AT")  # yellow's next turn: AT-BT is open again
    assert Aim(at, bt) in game.legal_actions()


def test_mobilising_crosses_a_border_shared_by_two_regions_of_the_same_kind():
    game = yellow_operating(("AM", YELLOW, 1, 0, 1))
    # AT and DT meet only at a corner; land and sea are joined by coasts, not borders
    refused(game, Aim(name(game, "AT"), name(game, "DT")), "do not share a border")
    refused(game, Aim(name(game, "AT"), name(game, "AM")), "do not share a border")
    refused(game, Aim(name(game, "AM"), name(game, "DM")), "do not share a border")
    refused(game, Aim(name(game, "BT"), name(game, "CT")), "no CQ in BT")
    refused(game, Aim(name(game, "BM"), name(game, "CM")), "no ship in BM")


def test_a_land_region_left_with_its_settlement_alone_stays_the_players():
    game = yellow_operating()
    at = name(game, "AT")
    march(game, "AT", "BT", 6)
    assert game.cq[at][YELLOW] == 0 and game.settlements(YELLOW) == [at]
    assert not any(getattr(a, "origin", None) == at for a in game.legal_actions())


# ---------------------------------------------------------------------------- card combos


def test_two_cards_of_one_category_cancel_a_black_throw():
    game = yellow_operating()
    deal(game, YELLOW, seeds(2))
    at = name(game, "AT")
    cross(game, "AT", "BT", BLACK)
    assert game.pending == "combo" and game.cq[at][YELLOW] == 6
    seeds_roots = CATEGORIES.index("seeds_roots")
    assert game.legal_actions() == [Combo(seeds_roots), NoCombo()]
    game.play(Combo(seeds_roots))
    assert game.cq[at][YELLOW] == 6 and game.aim is None and game.pending == ""
    assert game.hands[YELLOW] == seeds(2)  # the cards are shown, not spent
    assert events(game, "combo") == [("combo", YELLOW, seeds_roots, BLACK)]


def test_three_cards_of_one_category_cancel_a_red_throw():
    game = yellow_operating()
    fruits = CATEGORIES.index("fruits")
    deal(game, YELLOW, cards_of("fruits", 3))
    at, bt = name(game, "AT"), name(game, "BT")
    cross(game, "AT", "BT", RED)
    assert game.legal_actions() == [Combo(fruits), NoCombo()]
    game.play(Combo(fruits))
    assert game.red == []
    assert Aim(at, bt) in game.legal_actions()  # no red cone: the border is still open


def test_two_cards_do_not_cancel_red():
    game = yellow_operating()
    deal(game, YELLOW, seeds(2))
    cross(game, "AT", "BT", RED)
    assert game.pending == "" and len(game.red) == 1  # no combo to offer: the cone is placed


def test_without_a_combo_the_throw_takes_effect_at_once_and_no_combo_accepts_it():
    game = yellow_operating()
    at = name(game, "AT")
    deal(game, YELLOW, [seeds(1)[0], cards_of("riches", 1)[0]])
    cross(game, "AT", "BT", BLACK)
    assert game.pending == "" and game.cq[at][YELLOW] == 5
    deal(game, YELLOW, seeds(2))
    cross(game, "AT", "BT", BLACK)
    game.play(NoCombo())
    assert game.cq[at][YELLOW] == 4 and BLACK not in game.combo_used


def test_each_combo_may_be_used_once_per_turn():
    game = yellow_operating()
    at = name(game, "AT")
    deal(game, YELLOW, seeds(2) + cards_of("animals", 2))
    cross(game, "AT", "BT", BLACK)
    game.play(Combo(CATEGORIES.index("seeds_roots")))
    cross(game, "AT", "BT", BLACK)
    assert game.pending == "" and game.cq[at][YELLOW] == 5  # the animals cannot help now
    refused(game, Combo(CATEGORIES.index("animals")), "red or black")


def test_a_card_cannot_serve_in_two_combos():
    game = yellow_operating()
    deal(game, YELLOW, seeds(4))
    cross(game, "AT", "BT", BLACK)
    game.play(Combo(CATEGORIES.index("seeds_roots")))
    cross(game, "AT", "BT", RED)  # 2 seeds left unused: not enough for the red combo
    assert game.pending == "" and len(game.red) == 1


def test_five_cards_of_one_category_make_both_combos_in_one_turn():
    # decision: each of the two combos once per turn, with different cards
    game = yellow_operating()
    seeds_roots = CATEGORIES.index("seeds_roots")
    deal(game, YELLOW, seeds(5))
    cross(game, "AT", "BT", BLACK)
    game.play(Combo(seeds_roots))
    cross(game, "AT", "BT", RED)
    game.play(Combo(seeds_roots))
    assert game.red == [] and game.cq[name(game, "AT")][YELLOW] == 6


def test_the_combos_return_in_the_players_next_turn():
    game = yellow_operating()
    seeds_roots = CATEGORIES.index("seeds_roots")
    deal(game, YELLOW, seeds(2))
    cross(game, "AT", "BT", BLACK)
    game.play(Combo(seeds_roots))
    game.play(EndTurn())
    operative(game, "FT")
    game.play(EndTurn())
    operative(game, "AT")
    cross(game, "AT", "BT", BLACK)
    assert game.legal_actions() == [Combo(seeds_roots), NoCombo()]


def test_a_combo_of_too_few_cards_is_refused():
    game = yellow_operating()
    deal(game, YELLOW, seeds(2) + cards_of("riches", 1))
    cross(game, "AT", "BT", BLACK)
    refused(game, Combo(CATEGORIES.index("riches")), "2 cards of one category cancel black")
    refused(game, Move(1), "combo")


# ---------------------------------------------------------------------------- fleets


def test_green_at_sea_sails_the_ship_with_its_troops():
    game = yellow_operating(("AM", YELLOW, 5, 0, 1))
    am, cm = name(game, "AM"), name(game, "CM")
    cross(game, "AM", "CM", GREEN)
    assert game.pending == "sail" and game.legal_actions() == [Sail(1, 5)]
    game.play(Sail(1, 5))  # the rulebook's example: yellow's ship crosses AM-CM
    assert (game.ships[cm][YELLOW], game.cq[cm][YELLOW]) == (1, 5)
    assert (game.ships[am][YELLOW], game.cq[am][YELLOW]) == (0, 0)


def test_a_fleet_crosses_on_one_throw():
    game = yellow_operating(("AM", YELLOW, 20, 0, 2))
    cm = name(game, "CM")
    cross(game, "AM", "CM", GREEN)
    game.play(Sail(2, 20))
    assert (game.ships[cm][YELLOW], game.cq[cm][YELLOW]) == (2, 20)
    assert len([e for e in game.log if getattr(e, "kind", "") == "colour"]) == 0  # typed dice
    assert len([m for m in game.moves() if isinstance(m[1], ColourRolled)]) == 1


def test_the_ships_that_sail_and_those_that_stay_each_keep_1_to_15_cq():
    game = yellow_operating(("AM", YELLOW, 17, 0, 2))
    cross(game, "AM", "CM", GREEN)
    fleets = game.legal_actions()
    assert Sail(2, 17) in fleets and Sail(1, 2) in fleets and Sail(1, 15) in fleets
    assert Sail(1, 1) not in fleets  # 16 would stay on one ship
    refused(game, Sail(1, 1), "every ship carries 1 to 15")
    refused(game, Sail(2, 1), "every ship carries 1 to 15")
    refused(game, Sail(3, 17), "every ship carries 1 to 15")
    game.play(Sail(1, 8))
    am, cm = name(game, "AM"), name(game, "CM")
    assert (game.ships[am][YELLOW], game.cq[am][YELLOW]) == (1, 9)
    assert (game.ships[cm][YELLOW], game.cq[cm][YELLOW]) == (1, 8)


# ------------------------------------------------------------------------ embarking, disembarking


def test_embarking_loads_cq_from_land_onto_own_ships_across_an_open_coast_without_a_die():
    game = yellow_operating(("AM", YELLOW, 1, 0, 1))
    at, am = name(game, "AT"), name(game, "AM")
    chance = len(game.log) - len(game.moves())
    game.play(Embark(at, am, 4))
    assert game.cq[at][YELLOW] == 2 and game.cq[am][YELLOW] == 5
    assert game.pending == "" and len(game.log) - len(game.moves()) == chance  # no throw


def test_a_ship_carries_at_most_15_cq_its_crew_and_14_more():
    game = yellow_operating(("AM", YELLOW, 1, 0, 1), ("AT", YELLOW, 20, 2, 0))
    at, am = name(game, "AT"), name(game, "AM")
    refused(game, Embark(at, am, 15), "room for 14")
    game.play(Embark(at, am, 14))
    assert game.cq[am][YELLOW] == data.SHIP_CAPACITY
    refused(game, Embark(at, am, 1), "room for 0")


def test_two_ships_carry_30_cq():
    game = yellow_operating(("AM", YELLOW, 2, 0, 2), ("AT", YELLOW, 40, 2, 0))
    at, am = name(game, "AT"), name(game, "AM")
    refused(game, Embark(at, am, 29), "room for 28")
    game.play(Embark(at, am, 28))
    assert game.cq[am][YELLOW] == 2 * data.SHIP_CAPACITY


def test_disembarking_unloads_all_but_the_crew():
    # the rulebook: a ship unloads its total load minus its crew of 1 CQ
    game = yellow_operating(("CM", YELLOW, 7, 0, 1))
    cm, ct = name(game, "CM"), name(game, "CT")
    refused(game, Disembark(cm, ct, 7), "6 can land", "crew")
    game.play(Disembark(cm, ct, 6))
    assert game.cq[ct][YELLOW] == 6 and game.cq[cm][YELLOW] == 1 and game.ships[cm][YELLOW] == 1
    refused(game, Disembark(cm, ct, 1), "0 can land")


def test_every_ship_keeps_its_crew_when_troops_disembark():
    game = yellow_operating(("CM", YELLOW, 10, 0, 2))
    cm, ct = name(game, "CM"), name(game, "CT")
    refused(game, Disembark(cm, ct, 9), "8 can land")
    game.play(Disembark(cm, ct, 8))
    assert (game.ships[cm][YELLOW], game.cq[cm][YELLOW]) == (2, 2)


def test_embarking_and_disembarking_go_only_through_open_coasts():
    game = yellow_operating(("AM", YELLOW, 5, 0, 1), ("BT", YELLOW, 2, 0, 0))
    am = name(game, "AM")
    refused(game, Embark(name(game, "BT"), am, 1), "BT and AM", "open coast")  # a closed coast
    refused(game, Disembark(am, name(game, "CT"), 1), "CT and AM", "open coast")
    refused(game, Embark(name(game, "AT"), name(game, "CM"), 1), "open coast")  # not touching
    assert {(a.land, a.sea) for a in game.legal_actions() if isinstance(a, Embark)} == {
        (name(game, "AT"), am)
    }


def test_embarking_needs_own_ships_in_the_sea_region():
    game = yellow_operating(("AM", VIOLET, 1, 0, 1))
    refused(game, Embark(name(game, "AT"), name(game, "AM"), 1), "no ship in AM")


# ---------------------------------------------------------------------------- the turn


def test_the_operative_stage_may_be_skipped_and_the_turn_ends_when_the_player_says_so():
    game = started("AT", "DT")
    operative(game, "AT")
    assert EndTurn() in game.legal_actions()
    game.play(EndTurn())
    assert game.turn_player == VIOLET and game.stage == "place" and game.credits == 3


def test_operations_per_turn_are_limited_by_an_option():
    # our addition: each throw, embarking and disembarking counts; 30 by default
    assert fresh().options["operations"] == 30
    game = yellow_operating(("AM", YELLOW, 1, 0, 1), operations=2)
    game.play(Embark(name(game, "AT"), name(game, "AM"), 1))
    cross(game, "AT", "BT", RED)
    refused(game, Aim(name(game, "AT"), name(game, "CT")), "2 operations")
    refused(game, Embark(name(game, "AT"), name(game, "AM"), 1), "2 operations")
    assert game.legal_actions() == [EndTurn()]


def test_with_engine_dice_the_game_throws_the_colour_die_and_records_it():
    game = gamecore.new_game("nuevo-mundo", players=2, seed=3, scenario="examples")
    game.play(Settle(name(game, "AT")))
    game.play(PickCard(0))
    game.play(Settle(name(game, "DT")))
    game.play(PickCard(0))
    first = game.turn_player
    home = game.map.regions[game.settlements(first)[0]].name
    operative(game, home)
    target = game.map.neighbours(name(game, home))[0]
    game.play(Aim(name(game, home), target))
    assert game.pending != "colour"  # nothing to type: the engine threw
    assert game.log[-1].kind == "colour"
    face = data.COLOUR_DIE[game.log[-1].outcome[0]]
    assert events(game, "roll")[-1][4] == data.COLOURS.index(face)


# ------------------------------------------------------------------------ worked example VIII.01


def test_worked_example_exploration_and_occupation():
    """VIII.01: yellow, with 3 credits and a settlement in CT, buys 3 CQ, places them in CT,
    then crosses CT-BT and CT-DT on green throws with 1 CQ each, to settle there later."""
    game = fresh()
    enter(game, "CT", "FT")
    ct, bt, dt = (name(game, r) for r in ("CT", "BT", "DT"))
    assert game.turn_player == YELLOW and game.credits == 3
    game.play(PlaceCQ(ct, 3))
    assert game.cq[ct][YELLOW] == 6 and game.stage == "operate"
    march(game, "CT", "BT", 1)
    march(game, "CT", "DT", 1)
    assert (game.cq[ct][YELLOW], game.cq[bt][YELLOW], game.cq[dt][YELLOW]) == (4, 1, 1)
    assert game.ca[ct][YELLOW] == 2
    game.play(EndTurn())
    operative(game, "FT")
    game.play(EndTurn())
    # the following round: BT and DT are yellow's, so a CA may be built there
    assert {PlaceCA(bt), PlaceCA(dt)} <= set(game.legal_actions())
    game.play(PlaceCA(bt))
    # the whole game replays from its save: the typed dice are in the log
    assert gamecore.load_json(game.to_json()) == game


def test_a_plundered_card_is_named_only_to_the_two_players_of_the_battle() -> None:
    """The other players' views hold the card's category alone, and tell it so."""
    from gamecore.nuevo_mundo.data import CARDS, CATEGORIES
    from gamecore.nuevo_mundo.events import event_text

    game = gamecore.new_game("nuevo-mundo", ["Ana", "Beto", "Carla"], 3)
    card = next(c for c in range(len(CARDS)) if CARDS[c].points > 0)
    game.events.append(("plunder", 0, 1, card))
    for seat in (0, 1):
        assert game.view(seat).events[-1] == ("plunder", 0, 1, card)
    hidden = game.view(2).events[-1]
    category = CATEGORIES.index(CARDS[card].category)
    assert hidden == ("plunder", 0, 1, -1 - category)
    said = event_text(game.view(2), hidden, viewer=2)
    assert CARDS[card].title not in said and "Ana" in said and "Beto" in said
    assert CARDS[card].title in event_text(game.view(0), game.view(0).events[-1], viewer=0)
