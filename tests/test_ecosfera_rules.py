"""Ecosfera: one or more tests per rule sentence of the rulebook, and every decision of
docs/rules/ecosfera.md.

Most tests play with a small card list built here (FIXTURE), so they do not depend on the
species chosen for cards.json; the tests of the real file read only its counts.
"""

from __future__ import annotations

import dataclasses
import random
import re
from itertools import combinations
from pathlib import Path

import pytest
from ecosfera_arrange import arrange

import gamecore
from gamecore import IllegalAction, load_json
from gamecore.ecosfera import (
    ANIMAL_ROW,
    CATEGORIES,
    NO_TILE,
    OWN_DECK,
    PLANT_ROW,
    RECYCLE,
    TEAM,
    TILE,
    AcquireAnimal,
    AcquirePlant,
    ClaimBiomes,
    Ecosfera,
    EndTurn,
    Move,
    Mycorrhiza,
    Plus,
    Refresh,
    TakeMissingElement,
    card_label,
    default_cards,
    final_score,
    paid_mask,
    parse_cards,
)
from gamecore.ecosfera.bots import check_invariants, determinize, max_moves, sample_illegal
from gamecore.ecosfera.data import (
    ALL_DISASTERS,
    BIOMES,
    ELEMENT_OF,
    ELEMENTS,
    MOVEMENT,
    PLUS,
    REFRESH,
    element_code,
    is_disaster,
    is_element,
    supply_at_start,
)
from gamecore.errors import Refusal
from gamecore.words import LANGUAGES, has

# ---------------------------------------------------------------------------- the fixture


def _plant(i, kind, biomes, cost, abilities=(), symbol=False):
    return {
        "id": f"P{i:02d}",
        "name": f"Plant {i}",
        "latin": f"Planta number{i}",
        "kind": kind,
        "biomes": list(biomes),
        "cost": dict(cost),
        "abilities": list(abilities),
        "mushroom_symbol": symbol,
        "fact": "A test card.",
    }


def _animal(i, biomes, abilities=()):
    return {
        "id": f"A{i:02d}",
        "name": f"Animal {i}",
        "latin": f"Animalia number{i}",
        "biomes": list(biomes),
        "abilities": list(abilities),
        "fact": "A test card.",
    }


FIXTURE = {
    "about": "A small Ecosfera card list for tests.",
    "provenance": {"counts": "test", "cards": "reconstructed", "species_facts": "none"},
    "biomes": list(BIOMES),
    "biome_labels": {b: b.replace("_", " ").title() for b in BIOMES},
    "elements": list(ELEMENTS),
    "abilities": ["plus", "refresh", "movement"],
    "plants": [
        _plant(1, "tree", ["taiga", "tundra"], {"earth": 1, "water": 1}, symbol=True),
        _plant(2, "mushroom", ["taiga"], {"time": 1, "air": 1}, ["plus"]),
        _plant(3, "plant", ["tundra", "aquatic"], {"water": 1, "sun": 1}, ["refresh", "movement"]),
        _plant(4, "plant", ["desert"], {"sun": 2}, ["movement"]),
        _plant(5, "tree", ["tropical", "savanna"], {"earth": 1, "sun": 1, "air": 1}),
        _plant(6, "plant", ["savanna", "desert"], {"earth": 2, "time": 1}),
        _plant(7, "tree", ["temperate_forest", "taiga"], {"air": 2}, symbol=True),
        _plant(8, "plant", ["aquatic"], {"water": 2}, ["plus"]),
    ],
    "animals": [
        _animal(1, ["taiga", "tundra"], ["plus"]),
        _animal(2, ["taiga"]),
        _animal(3, ["tundra", "aquatic"], ["movement"]),
        _animal(4, ["desert", "savanna"]),
        _animal(5, ["tropical", "savanna", "temperate_forest"]),
        _animal(6, ["aquatic"]),
    ],
}
CARDS = parse_cards(FIXTURE, printed_counts=False)
Game = Ecosfera.with_cards(CARDS)

P = {i: 100 + i for i in range(1, 9)}
A = {i: 200 + i for i in range(1, 7)}
B = {name: i for i, name in enumerate(BIOMES)}


def el(name, copy=1):
    """An element card: el("earth", 2) is earth#2."""
    return element_code(ELEMENTS.index(name), copy)


def D(k):
    """A disaster card (they are identical)."""
    return ALL_DISASTERS[k - 1]


def new(players=1, seed=1, **options):
    return Game(players, seed, **options)


def refused(g, action, *words):
    reason = g.why_illegal(action)
    assert reason, f"{action} should be refused"
    for word in words:
        assert word in reason, reason
    before = g.clone()
    with pytest.raises(IllegalAction) as err:
        g.play(action)
    assert err.value.reason == reason
    assert g == before
    return reason


# ---------------------------------------------------------------------------- components


def test_the_card_file_holds_the_printed_counts_and_codes():
    cards = default_cards()
    assert len(cards.plants) == 30 and len(cards.animals) == 25
    assert cards.plant_codes == tuple(range(101, 131))
    assert cards.animal_codes == tuple(range(201, 226))
    assert all(p.id == card_label(p.code) for p in cards.plants)
    assert all(a.id == card_label(a.code) for a in cards.animals)
    assert all(sum(p.cost) >= 1 for p in cards.plants)
    assert cards.symbol_trees and cards.mushrooms


def test_card_labels_are_the_same_for_every_card_list():
    assert [card_label(c) for c in (107, 203, 301, 312, 313, 360, 401, 450)] == [
        "P07",
        "A03",
        "earth#1",
        "earth#12",
        "water#1",
        "air#12",
        "disaster#1",
        "disaster#50",
    ]


def _broken(**changes):
    data = {**FIXTURE, "plants": [dict(p) for p in FIXTURE["plants"]]}
    for key, value in changes.items():
        if key.startswith("P1_"):
            data["plants"][0][key[3:]] = value
        else:
            data[key] = value
    return data


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"P1_biomes": ["jungle"]}, "unknown biome 'jungle'"),
        ({"P1_kind": "shrub"}, "kind 'shrub'"),
        ({"P1_cost": {}}, "at least one element"),
        ({"P1_cost": {"earth": 0}}, "whole number >= 1 of earth"),
        ({"P1_cost": {"fire": 1}}, "unknown element 'fire'"),
        ({"P1_abilities": ["fly"]}, "unknown ability 'fly'"),
        ({"P1_id": "P09"}, "must have the id P01"),
        ({"P1_name": ""}, "'name'"),
        ({"elements": ["earth", "water"]}, "elements must be the printed ones"),
        ({"biome_labels": {"taiga": "Taiga"}}, "biome_labels"),
    ],
)
def test_a_broken_card_file_is_refused_naming_the_problem(changes, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        parse_cards(_broken(**changes), printed_counts=False)


def test_only_trees_show_the_mushroom_symbol():
    data = _broken()
    data["plants"][1]["mushroom_symbol"] = True  # P02 is a mushroom
    with pytest.raises(ValueError, match="only trees show the mushroom symbol"):
        parse_cards(data, printed_counts=False)


def test_the_printed_counts_are_required_of_the_real_file():
    with pytest.raises(ValueError, match="must list 30 plants, not 8"):
        parse_cards(FIXTURE)


# ---------------------------------------------------------------------------- set-up


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_element_decks_follow_the_level_and_the_players(players, level):
    # 2-4 players: 8/7/6/5/4 of each element plus one per player; solo 12/11/10/9/8. Each
    # player's starting card of each element is taken from those decks.
    g = gamecore.new_game("ecosfera", players=players, level=level, seed=2)
    in_game = (12 - (level - 1)) if players == 1 else (8 - (level - 1) + players)
    left = in_game - players
    assert left == supply_at_start(level, players)
    assert [len(d) for d in g.element_decks] == [left] * 5
    assert len(g.box) == 5 * (12 - in_game)
    check_invariants(g)


def test_solo_element_counts_agree_with_the_scoring_list():
    # The scoring list's solo counts (11..7) are the supply after the player's own card.
    assert [supply_at_start(level, 1) for level in range(1, 6)] == [11, 10, 9, 8, 7]
    assert [supply_at_start(level, 3) for level in range(1, 6)] == [8, 7, 6, 5, 4]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_each_player_starts_with_one_of_each_element_two_disasters_and_three_tiles(players):
    g = gamecore.new_game("ecosfera", players=players, seed=5)
    for p in range(players):
        cards = g.decks[p] + g.lines[p]
        assert len(g.lines[p]) == 4 and len(g.decks[p]) == 3  # a line of four opened
        assert sorted(card_label(c).split("#")[0] for c in cards if is_element(c)) == sorted(
            ELEMENTS
        )
        assert sum(1 for c in cards if is_disaster(c)) == 2
        assert g.tiles[p] == [True, True, True]  # plus, refresh, movement, face up
    assert len(g.disaster_deck) == 50 - 2 * players
    assert g.current_player == 0 and g.biome_tiles == [] and g.extinction_tiles == 0


def test_the_supply_rows_show_four_cards_each():
    g = gamecore.new_game("ecosfera", players=2, seed=5)
    assert len(g.plant_row) == 4 and all(g.plant_row)
    assert len(g.animal_row) == 4 and all(g.animal_row)
    assert len(g.plant_deck) == 26 and len(g.animal_deck) == 21


def test_options_and_their_refusals():
    g = gamecore.new_game("ecosfera", players=3, level=4, seed=1, first_player=2)
    assert g.current_player == 2 and g.level == 4
    with pytest.raises(ValueError, match="level must be 1"):
        gamecore.new_game("ecosfera", players=1, level=6)
    with pytest.raises(ValueError, match="1-4 players"):
        gamecore.new_game("ecosfera", players=5)
    with pytest.raises(ValueError, match="first_player"):
        gamecore.new_game("ecosfera", players=2, first_player=2)
    with pytest.raises(ValueError, match="round_limit"):
        gamecore.new_game("ecosfera", players=2, round_limit=0)
    with pytest.raises(ValueError, match="no option colour"):
        gamecore.new_game("ecosfera", players=2, colour="red")


def test_the_same_seed_deals_the_same_game():
    a = gamecore.new_game("ecosfera", players=3, seed=11)
    b = gamecore.new_game("ecosfera", players=3, seed=11)
    c = gamecore.new_game("ecosfera", players=3, seed=12)
    assert a == b
    assert (a.plant_row, a.lines) != (c.plant_row, c.lines)


# ---------------------------------------------------------------------------- acquiring plants


def test_elements_on_the_line_acquire_a_plant_that_joins_the_line():
    g = arrange(
        new(), line=[el("earth"), el("water"), el("sun"), D(1)], plant_row=[P[1], P[2], P[3], P[4]]
    )
    top = g.plant_deck[-1]
    g.play(AcquirePlant.paying(P[1], [el("earth"), el("water")]))
    assert g.lines[0][-1] == P[1]  # placed onto the line
    assert g.used == {el("earth"), el("water")}  # the payment is used, not spent
    assert P[1] not in g.used  # acquired cards do not count as used
    assert g.plant_row == [top, P[2], P[3], P[4]]  # the space is refilled at once
    assert g.achieved
    check_invariants(g)


def test_each_line_card_is_used_once_per_turn():
    g = arrange(
        new(), line=[el("water"), el("sun"), el("earth")], plant_row=[P[3], P[1], P[4], P[5]]
    )
    g.play(AcquirePlant.paying(P[3], [el("water"), el("sun")]))
    refused(
        g, AcquirePlant.paying(P[1], [el("earth"), el("water")]), "a water card was already used"
    )


def test_the_payment_must_be_the_plants_cost():
    g = arrange(
        new(), line=[el("earth"), el("earth", 2), el("water")], plant_row=[P[1], P[2], P[3], P[4]]
    )
    refused(g, AcquirePlant.paying(P[1], [el("earth"), el("earth", 2)]), "costs earth 1, water 1")
    refused(g, AcquirePlant.paying(P[1], [el("earth")]), "costs earth 1, water 1")
    refused(g, AcquirePlant(P[1], 0), "costs")


def test_payment_cards_must_be_on_your_line_and_the_plant_in_the_row():
    g = arrange(new(), line=[el("earth"), el("water")], plant_row=[P[1], P[2], P[3], P[4]])
    refused(
        g,
        AcquirePlant.paying(P[1], [el("earth"), el("water", 2)]),
        "a water card is not on your line",
    )
    refused(
        g,
        AcquirePlant.paying(P[5], [el("earth"), el("water")]),
        "P05 is not in the plant & fungi row",
    )
    with pytest.raises(ValueError, match="not an element card"):
        AcquirePlant.paying(P[1], [P[2]])


def test_any_cards_of_the_right_elements_may_pay_but_each_plant_is_listed_once():
    g = arrange(
        new(),
        line=[el("earth"), el("earth", 2), el("water"), el("water", 2)],
        plant_row=[P[1], P[2], P[3], P[4]],
    )
    listed = [a for a in g.legal_actions() if isinstance(a, AcquirePlant)]
    assert listed == [AcquirePlant.paying(P[1], [el("earth"), el("water")])]
    assert g.why_illegal(AcquirePlant.paying(P[1], [el("earth", 2), el("water", 2)])) is None


# ---------------------------------------------------------------------------- the missing element


def test_missing_one_element_it_is_taken_from_its_deck_and_used_at_once():
    g = arrange(new(), line=[el("earth"), el("sun"), D(1)], plant_row=[P[1], P[2], P[3], P[4]])
    water_deck = list(g.element_decks[1])
    action = TakeMissingElement.paying(P[1], 1, [el("earth")])
    assert action in g.legal_actions()
    g.play(action)
    taken = water_deck[-1]
    assert g.element_decks[1] == water_deck[:-1]
    assert taken in g.lines[0] and taken in g.used  # on the line, used for the plant
    assert P[1] in g.lines[0] and P[1] not in g.used
    check_invariants(g)


def test_a_plant_of_one_element_may_be_taken_with_the_missing_rule_alone():
    data = {**FIXTURE, "plants": [*FIXTURE["plants"], _plant(9, "plant", ["desert"], {"sun": 1})]}
    g = Ecosfera.with_cards(parse_cards(data, printed_counts=False))(1, 1)
    arrange(g, line=[D(1)], plant_row=[109, P[2], P[3], P[4]])
    g.play(TakeMissingElement(109, 3, 0))
    assert 109 in g.lines[0]


def test_only_one_missing_element_may_be_taken():
    g = arrange(new(), line=[el("sun"), D(1)], plant_row=[P[5], P[1], P[3], P[4]])
    # P05 costs earth, sun, air: with only sun, two elements are missing.
    refused(g, TakeMissingElement.paying(P[5], 0, [el("sun")]), "costs earth 1, sun 1, air 1")
    assert not [
        a for a in g.legal_actions() if isinstance(a, TakeMissingElement) and a.plant == P[5]
    ]


def test_an_element_that_is_not_missing_cannot_be_taken():
    g = arrange(new(), line=[el("earth"), el("water")], plant_row=[P[1], P[2], P[3], P[4]])
    refused(g, TakeMissingElement.paying(P[1], 1, [el("earth")]), "not missing water")
    refused(g, TakeMissingElement.paying(P[1], 3, [el("earth"), el("water")]), "does not need sun")


def test_a_used_element_counts_as_missing():
    g = arrange(
        new(),
        line=[el("water"), el("sun"), el("earth")],
        plant_row=[P[3], P[1], P[2], P[4]],
    )
    g.play(AcquirePlant.paying(P[3], [el("water"), el("sun")]))
    g.play(TakeMissingElement.paying(P[1], 1, [el("earth")]))
    assert P[1] in g.lines[0]


def test_no_element_can_be_taken_from_an_empty_element_deck():
    g = arrange(new(), line=[el("earth"), el("sun")], plant_row=[P[1], P[2], P[3], P[4]])
    g.discards[0].extend(g.element_decks[1])  # white-box: the water deck is empty
    g.element_decks[1].clear()
    refused(g, TakeMissingElement.paying(P[1], 1, [el("earth")]), "water deck is empty")


def test_the_missing_element_rule_is_the_only_way_to_gain_elements():
    # In random games the element decks shrink only by the missing-element rule (one card)
    # and grow only when a movement recycles an element card.
    for seed in range(6):
        g = gamecore.new_game("ecosfera", players=1 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            before = g.supply_elements()
            action = rng.choice(g.legal_actions())
            g.play(action)
            change = g.supply_elements() - before
            if isinstance(action, TakeMissingElement):
                assert change == -1
            elif isinstance(action, Move) and action.to == RECYCLE and is_element(action.card):
                assert change == 1
            else:
                assert change == 0, action


# ---------------------------------------------------------------------------- animals


def test_two_plants_sharing_a_biome_call_an_animal_of_that_biome():
    g = arrange(new(), line=[P[1], P[7], D(1)], animal_row=[A[2], A[4], A[5], A[6]])
    # P01 (taiga, tundra) and P07 (temperate forest, taiga) share taiga; A02 lives in taiga.
    g.play(AcquireAnimal(A[2], P[1], P[7]))
    assert A[2] in g.lines[0] and A[2] not in g.used
    assert {P[1], P[7]} <= g.used
    assert A[2] not in g.animal_row and all(g.animal_row)
    assert g.achieved


def test_only_one_animal_per_pair_of_plants():
    g = arrange(new(), line=[P[1], P[7]], animal_row=[A[2], A[1], A[5], A[6]])
    g.play(AcquireAnimal(A[2], P[1], P[7]))
    refused(g, AcquireAnimal(A[1], P[1], P[7]), "already used")


def test_the_animal_must_live_in_a_biome_the_plants_share():
    g = arrange(new(), line=[P[1], P[7], P[4]], animal_row=[A[2], A[4], A[5], A[6]])
    refused(g, AcquireAnimal(A[5], P[1], P[7]), "A05 lives in none of the biomes", "taiga")
    refused(g, AcquireAnimal(A[4], P[1], P[4]), "share no biome")
    refused(g, AcquireAnimal(A[2], P[1], P[1]), "two different")
    refused(g, AcquireAnimal(A[3], P[1], P[7]), "not in the animal row")


def test_acquired_cards_can_be_used_in_the_same_turn():
    g = arrange(
        new(),
        line=[P[7], el("earth"), el("water")],
        plant_row=[P[1], P[2], P[3], P[4]],
        animal_row=[A[2], A[4], A[5], A[6]],
    )
    g.play(AcquirePlant.paying(P[1], [el("earth"), el("water")]))
    g.play(AcquireAnimal(A[2], P[1], P[7]))
    assert A[2] in g.lines[0]


# ---------------------------------------------------------------------------- biome tiles


def test_two_animals_sharing_biomes_win_every_shared_biome_tile():
    g = arrange(new(), line=[A[1], A[3], el("sun")])
    g.play(ClaimBiomes(A[1], A[3], NO_TILE))  # taiga+tundra and tundra+aquatic share tundra
    assert g.biome_tiles == [B["tundra"]]
    assert {A[1], A[3]} <= g.used and g.achieved


def test_several_shared_biomes_give_several_tiles_but_only_tiles_not_yet_won():
    data = {**FIXTURE, "animals": [*FIXTURE["animals"], _animal(7, ["taiga", "tundra", "aquatic"])]}
    g = Ecosfera.with_cards(parse_cards(data, printed_counts=False))(1, 1)
    g.biome_tiles.append(B["taiga"])
    arrange(g, line=[A[1], 207])
    g.play(ClaimBiomes(A[1], 207, NO_TILE))
    assert g.biome_tiles == [B["taiga"], B["tundra"]]


def test_pairing_two_animals_reactivates_one_used_ability_tile():
    g = arrange(new(), line=[A[1], A[3], el("sun")], deck=[el("water")])
    g.play(Plus(TILE))
    assert g.tiles[0] == [False, True, True]  # face down when used
    refused(g, Plus(TILE), "plus tile is face down")
    refused(g, ClaimBiomes(A[1], A[3], REFRESH), "refresh tile is face up")
    g.play(ClaimBiomes(A[1], A[3], PLUS))
    assert g.tiles[0] == [True, True, True] and g.reactivations == 1


def test_animals_whose_tiles_are_all_won_may_still_reactivate_a_tile():
    g = arrange(new(), line=[A[1], A[3], el("sun")], deck=[el("water")])
    g.biome_tiles.append(B["tundra"])
    refused(g, ClaimBiomes(A[1], A[3], NO_TILE), "already placed")
    g.play(Plus(TILE))
    g.play(ClaimBiomes(A[1], A[3], PLUS))
    assert g.tiles[0][PLUS] and g.biome_tiles == [B["tundra"]]
    assert not g.achieved  # reactivating is not achieving: the turn still ends with a disaster


def test_animals_that_share_no_biome_win_nothing():
    g = arrange(new(), line=[A[2], A[4], P[1]])
    refused(g, ClaimBiomes(A[2], A[4], NO_TILE), "share no biome")
    refused(g, ClaimBiomes(A[2], P[1], NO_TILE), "P01 is not an animal")


def test_reactivation_is_only_by_animals_tiles_stay_face_down_across_turns():
    g = arrange(new(), line=[el("sun")], deck=[el("water"), el("earth"), el("time"), el("air")])
    g.play(Plus(TILE))
    g.play(EndTurn())
    assert g.tiles[0][PLUS] is False


# ---------------------------------------------------------------------------- mycorrhiza


def test_a_symbol_tree_and_a_mushroom_mycorrhize_into_their_shared_biome_tiles():
    g = arrange(new(), line=[P[1], P[2], el("sun")])
    # P01 (tree with the mushroom symbol; taiga, tundra) + P02 (mushroom; taiga)
    g.play(Mycorrhiza(P[1], P[2]))
    assert g.biome_tiles == [B["taiga"]]
    assert {P[1], P[2]} <= g.used and g.achieved
    assert g.reactivations == 0  # only animals reactivate tiles


def test_with_their_tiles_won_the_pair_acquires_an_animal_instead():
    g = arrange(new(), line=[P[1], P[2]], animal_row=[A[2], A[4], A[5], A[6]])
    g.biome_tiles.append(B["taiga"])
    refused(g, Mycorrhiza(P[1], P[2]), "already placed", "acquire an animal")
    g.play(AcquireAnimal(A[2], P[1], P[2]))
    assert A[2] in g.lines[0]


def test_a_tree_and_mushroom_with_a_tile_to_win_mycorrhize_and_call_no_animal():
    """ "these will mycorize and you will directly get the biome tiles"; only "if you already
    had the tiles" may they call an animal."""
    g = arrange(new(), line=[P[1], P[2]], animal_row=[A[2], A[4], A[5], A[6]])
    assert g.why_illegal(Mycorrhiza(P[1], P[2])) is None
    assert AcquireAnimal(A[2], P[1], P[2]) not in g.legal_actions()
    refused(g, AcquireAnimal(A[2], P[1], P[2]), "mycorrhize", "taiga")
    refused(g, AcquireAnimal(A[2], P[2], P[1]), "mycorrhize")


def test_a_symbol_tree_may_call_an_animal_with_a_plant_that_is_not_a_mushroom():
    # P01 and P07 are both trees with the mushroom symbol (they share taiga); each would
    # mycorrhize with the mushroom P02 (taiga), so only the two trees call the animal.
    g = arrange(new(), line=[P[7], P[2], P[1]], animal_row=[A[2], A[4], A[5], A[6]])
    legal = g.legal_actions()
    assert AcquireAnimal(A[2], P[1], P[7]) in legal
    assert AcquireAnimal(A[2], P[1], P[2]) not in legal
    assert AcquireAnimal(A[2], P[2], P[7]) not in legal
    g.biome_tiles.append(B["taiga"])  # white-box: now the mushroom's pairs win no tile
    assert AcquireAnimal(A[2], P[1], P[2]) in g.legal_actions()


def test_mycorrhiza_needs_a_symbol_tree_and_a_mushroom():
    g = arrange(new(), line=[P[1], P[5], P[2], P[7]])
    refused(g, Mycorrhiza(P[5], P[2]), "not a tree with the mushroom symbol")
    refused(g, Mycorrhiza(P[1], P[7]), "P07 is not a mushroom")


# ---------------------------------------------------------------------------- card symbols


def test_a_card_symbol_is_used_once_and_the_card_stays_unused():
    g = arrange(new(), line=[P[8], el("water"), el("water", 2)], deck=[el("sun"), el("air")])
    g.play(Plus(P[8]))
    assert g.lines[0][-1] == el("sun") and P[8] not in g.used
    refused(g, Plus(P[8]), "already used this turn")
    g.play(Move(TILE, P[8], OWN_DECK))  # still unused: it can move, pay, call animals


def test_a_card_with_two_symbols_uses_only_one_of_them_per_turn():
    g = arrange(new(), line=[P[3], el("sun")])
    g.play(Move(P[3], el("sun"), RECYCLE))
    refused(g, Refresh(P[3], PLANT_ROW), "already used this turn")


def test_a_spent_symbol_stays_spent_when_its_card_comes_back_in_the_same_turn():
    g = arrange(
        new(),
        line=[P[8], el("sun"), el("sun", 2), el("water"), el("water", 2)],
        plant_row=[P[4], P[1], P[2], P[3]],
        deck=[el("air"), el("time")],
    )
    g.discards[0].extend(g.plant_deck)  # white-box: the plant & fungi deck is used up
    g.plant_deck.clear()
    g.play(AcquirePlant.paying(P[4], [el("sun"), el("sun", 2)]))
    g.play(Plus(P[8]))
    g.play(Move(TILE, P[8], RECYCLE))
    assert g.plant_row[0] == P[8]  # recycled into an empty deck: it fills the space
    g.play(AcquirePlant.paying(P[8], [el("water"), el("water", 2)]))
    refused(g, Plus(P[8]), "already used this turn")


def test_a_card_shows_only_its_own_symbols():
    g = arrange(new(), line=[P[1], P[4], el("sun")])
    refused(g, Plus(P[1]), "shows no plus symbol")
    refused(g, Plus(P[4]), "shows no plus symbol")
    refused(g, Plus(P[2]), "not on your line")


def test_symbols_of_cards_acquired_this_turn_can_be_used():
    g = arrange(
        new(),
        line=[el("water"), el("water", 2)],
        plant_row=[P[8], P[1], P[2], P[3]],
        deck=[el("sun")],
    )
    g.play(AcquirePlant.paying(P[8], [el("water"), el("water", 2)]))
    g.play(Plus(P[8]))
    assert el("sun") in g.lines[0]


# ---------------------------------------------------------------------------- ability tiles


def test_plus_takes_an_extra_card_from_the_deck_reshuffling_the_discard_pile():
    g = arrange(new(), line=[el("sun")], deck=[], discard=[el("earth"), el("air")])
    g.play(Plus(TILE))
    assert g.log[-1].kind == "shuffle_deck"
    assert len(g.lines[0]) == 2 and g.discards[0] == [] and len(g.decks[0]) == 1


def test_plus_needs_a_card_to_take():
    g = arrange(new(), line=[el("sun")], deck=[], discard=[])
    refused(g, Plus(TILE), "no card to take")


def test_refresh_puts_a_row_under_its_deck_and_opens_four_new_cards():
    g = new()
    row = list(g.plant_row)
    deck_top = g.plant_deck[-4:]
    g.play(Refresh(TILE, PLANT_ROW))
    assert g.plant_row == list(reversed(deck_top))
    assert g.plant_deck[:4] == row  # under the deck, the left card lowest
    assert not g.tiles[0][REFRESH]


def test_refresh_needs_cards_in_the_deck():
    g = new()
    g.discards[0].extend(g.plant_deck)  # white-box: the plant & fungi deck is used up
    g.plant_deck.clear()
    refused(g, Refresh(TILE, PLANT_ROW), "deck is empty")


def test_movement_gives_a_card_to_another_players_line():
    g = arrange(new(players=2), line=[el("sun"), el("earth"), P[1]])
    g.play(Move(TILE, P[1], 1))
    assert P[1] in g.lines[1] and P[1] not in g.lines[0]
    assert not g.tiles[0][MOVEMENT]


def test_movement_recycles_a_card_to_its_supply_deck():
    g = arrange(new(players=2), line=[el("sun"), P[1], A[1]])
    g.play(Move(TILE, P[1], RECYCLE))
    assert g.plant_deck[0] == P[1]  # under the plant & fungi deck
    assert P[1] not in g.plant_row


def test_movement_recycles_elements_and_animals_to_their_decks():
    g = arrange(new(players=2), line=[el("sun"), A[3], A[1]])
    g.play(Move(TILE, el("sun"), RECYCLE))
    assert g.element_decks[3][0] == el("sun")
    g.play(Move(A[3], A[1], RECYCLE))
    assert g.animal_deck[0] == A[1]


def test_a_movement_symbol_moves_another_card_never_the_card_that_carries_it():
    """Otherwise a solo card would put itself on top of the deck every turn: a permanent
    fifth card (docs/rules/ecosfera.md, "A movement symbol does not move its own card")."""
    g = arrange(new(), line=[P[4], P[3], el("sun")])
    legal = g.legal_actions()
    assert Move(P[4], P[4], OWN_DECK) not in legal and Move(P[4], P[4], RECYCLE) not in legal
    refused(g, Move(P[4], P[4], OWN_DECK), "another card", "P04")
    assert Move(P[4], P[3], OWN_DECK) in legal and Move(TILE, P[4], OWN_DECK) in legal
    g.play(Move(P[3], P[4], OWN_DECK))  # another card's symbol may move it
    assert g.waiting[0] == [P[4]]
    g2 = arrange(new(players=2), line=[A[3], el("sun")])
    refused(g2, Move(A[3], A[3], 1), "another card")
    refused(g2, Move(A[3], A[3], RECYCLE), "another card")


def test_a_movement_of_identical_element_cards_is_listed_once_and_either_copy_is_accepted():
    """Two unused sun cards are the same card to a player: one movement per element is
    listed (the lowest-numbered copy, as the planner names it), so no two choices print
    alike; moving the other copy is still the same legal move (docs/rules/ecosfera.md,
    "Identical element cards")."""
    g = arrange(new(players=2), line=[el("sun", 2), el("sun", 1), el("earth"), A[3]])
    moves = [a for a in g.legal_actions() if isinstance(a, Move) and a.source == TILE]
    assert sorted({a.card for a in moves}) == sorted([el("sun", 1), el("earth"), A[3]])
    shown = [str(a) for a in g.legal_actions()]
    assert len(shown) == len(set(shown))
    assert g.why_illegal(Move(TILE, el("sun", 2), RECYCLE)) is None
    g.play(Move(TILE, el("sun", 2), RECYCLE))
    assert el("sun", 2) not in g.lines[0] and el("sun", 1) in g.lines[0]


def test_disasters_and_used_cards_cannot_be_moved():
    g = arrange(
        new(players=2),
        line=[el("water"), el("sun"), D(1), el("earth")],
        plant_row=[P[3], P[1], P[2], P[4]],
    )
    refused(g, Move(TILE, D(1), 1), "disaster card cannot be moved")
    g.play(AcquirePlant.paying(P[3], [el("water"), el("sun")]))
    refused(g, Move(TILE, el("water"), 1), "already used")
    refused(g, Move(TILE, el("earth"), 0), "another player's line")
    refused(g, Move(TILE, el("earth"), OWN_DECK), "only the solo game")
    refused(g, Move(TILE, el("earth"), 5), "no player 5")


def test_a_card_given_out_of_turn_waits_on_the_receivers_line():
    g = arrange(new(players=2), line=[el("sun"), P[1]])
    arrange(g, player=1, line=[el("earth"), el("water")])
    g.play(Move(TILE, P[1], 1))
    assert g.current_player == 0  # receiving is not a turn
    g.play(EndTurn())
    assert g.current_player == 1
    assert P[1] in g.lines[1] and g.why_illegal(Move(TILE, P[1], RECYCLE)) is None


def test_a_gift_is_checked_when_the_receivers_turn_begins():
    g = arrange(new(players=2), line=[el("earth", 3), el("sun")])
    arrange(g, player=1, line=[el("earth"), el("earth", 2), el("water")])
    g.play(Move(TILE, el("earth", 3), 1))
    g.play(EndTurn())
    assert any("three earth" in n for n in g.notes)
    assert g.current_player == 0  # the receiver's turn was over before it began


def test_plus_does_not_take_the_solo_card_waiting_for_the_next_line():
    g = arrange(new(), line=[el("sun"), P[1]], deck=[el("air"), el("time")])
    g.play(Move(TILE, P[1], OWN_DECK))
    g.play(Plus(TILE))
    assert g.lines[0][-1] == el("air") and g.waiting[0] == [P[1]]


def test_solo_movement_puts_the_card_on_the_deck_for_an_extra_card_next_turn():
    g = arrange(new(), line=[el("sun"), P[1], el("earth")])
    refused(g, Move(TILE, P[1], 0), "solo game")
    g.play(Move(TILE, P[1], OWN_DECK))
    assert g.waiting[0] == [P[1]] and P[1] not in g.lines[0]
    g.play(EndTurn())
    assert g.lines[0][0] == P[1] and len(g.lines[0]) == 5 and g.waiting[0] == []


# ---------------------------------------------------------------------------- disasters


def test_a_turn_without_acquiring_or_placing_a_tile_ends_with_a_disaster():
    g = arrange(
        new(),
        line=[el("sun"), el("air")],
        deck=[el("earth"), el("water"), el("time"), el("air", 2)],
    )
    disasters = len(g.disaster_deck)
    g.play(EndTurn())
    assert len(g.disaster_deck) == disasters - 1
    assert sum(1 for c in g.discards[0] if is_disaster(c)) == 1  # it went with the line


def test_using_abilities_does_not_avoid_the_disaster():
    g = arrange(new(), line=[el("sun"), el("air")], deck=[P[2]])
    g.play(Plus(TILE))
    g.play(Refresh(TILE, PLANT_ROW))
    disasters = len(g.disaster_deck)
    g.play(EndTurn())
    assert len(g.disaster_deck) == disasters - 1


def test_a_turn_that_acquired_a_card_ends_without_a_disaster():
    g = arrange(new(), line=[el("earth"), el("water")], plant_row=[P[1], P[2], P[3], P[4]])
    g.play(AcquirePlant.paying(P[1], [el("earth"), el("water")]))
    disasters = len(g.disaster_deck)
    g.play(EndTurn())
    assert len(g.disaster_deck) == disasters


def test_three_cards_of_one_element_bring_a_disaster_and_end_the_turn():
    g = arrange(
        new(players=2),
        line=[el("earth"), el("earth", 2), el("water")],
        deck=[el("earth", 3), el("sun"), el("air"), el("time"), el("water", 2)],
    )
    g.play(Plus(TILE))
    assert any("three earth" in n for n in g.notes)
    assert g.current_player == 1  # the turn is over
    assert sum(1 for c in g.discards[0] if is_disaster(c)) == 1


def test_taking_a_third_element_of_a_kind_ends_the_turn_after_the_plant_is_acquired():
    g = arrange(
        new(players=2),
        line=[el("earth"), el("earth", 2), el("time"), el("sun"), el("air")],
        plant_row=[P[6], P[5], P[1], P[2]],
        deck=[el("water"), el("water", 2), el("time", 2), el("sun", 2)],
    )
    g.play(AcquirePlant.paying(P[6], [el("earth"), el("earth", 2), el("time")]))
    assert g.current_player == 0
    g.play(TakeMissingElement.paying(P[5], 0, [el("sun"), el("air")]))
    assert P[5] in g.discards[0] and g.current_player == 1


def test_three_disasters_on_the_line_end_the_turn_with_an_extinction_tile():
    g = arrange(new(players=2), line=[D(1), D(2), el("water")], deck=[D(3), el("sun")])
    g.play(Plus(TILE))
    assert g.extinction_tiles == 1 and g.current_player == 1


def test_the_third_disaster_may_be_the_one_for_achieving_nothing():
    g = arrange(new(players=2), line=[D(1), D(2), el("water")])
    g.play(EndTurn())
    assert g.extinction_tiles == 1


def _next_line(g, cards):
    """Solo: end the turn (after acquiring nothing) with ``cards`` on top of the deck."""
    arrange(g, line=[el("sun")], deck=cards + [el("water"), el("air"), el("time"), el("earth")])
    g.play(EndTurn())


def test_four_disasters_opened_cost_three_extinction_tiles():
    g = new()
    _next_line(g, [D(1), D(2), D(3), D(4)])
    assert g.extinction_tiles == 3
    assert any("4 disasters opened" in n for n in g.notes)
    assert g.turns == 2 and g.lines[0] == [el("water"), el("air"), el("time"), el("earth")]


def test_three_disasters_opened_cost_one_extinction_tile_and_the_turn():
    g = new()
    _next_line(g, [D(1), D(2), D(3), el("time", 2)])
    assert g.extinction_tiles == 1 and g.turns == 2


def test_three_elements_opened_bring_a_disaster_and_end_the_turn():
    g = new()
    _next_line(g, [el("earth", 2), el("earth", 3), el("earth", 4), el("time", 2)])
    assert g.turns == 2 and g.extinction_tiles == 0
    assert any("three earth" in n for n in g.notes)


def test_four_disasters_with_fewer_than_three_tiles_left_lose_the_game():
    g = new()
    g.extinction_tiles = 5
    _next_line(g, [D(1), D(2), D(3), D(4)])
    assert g.extinction_tiles == 7 and g.status == "lost" and g.is_over
    check_invariants(g)


def test_with_the_disaster_deck_empty_a_disaster_places_an_extinction_tile():
    g = arrange(new(), line=[el("sun")])
    g.discards[0].extend(g.disaster_deck)
    g.disaster_deck.clear()
    g.play(EndTurn())
    assert g.extinction_tiles == 1
    check_invariants(g)


# ---------------------------------------------------------------------------- end of turn


def test_the_line_goes_to_the_discard_pile_and_four_new_cards_are_opened():
    g = arrange(
        new(players=2),
        line=[el("sun"), el("air")],
        deck=[el("earth"), el("water"), el("time"), D(1), D(2)],
    )
    g.play(EndTurn())
    assert el("sun") in g.discards[0] and el("air") in g.discards[0]
    assert g.lines[0] == [el("earth"), el("water"), el("time"), D(1)]
    assert g.decks[0] == [D(2)]
    assert g.current_player == 1 and g.used == set()


def test_when_the_deck_runs_out_the_discard_pile_is_shuffled_into_a_new_deck():
    g = arrange(
        new(players=2),
        line=[el("sun"), el("air")],
        deck=[el("earth")],
        discard=[el("time"), el("water")],
    )
    disaster = g.disaster_deck[-1]
    g.play(EndTurn())
    shuffles = [e for e in g.log if getattr(e, "kind", "") == "shuffle_deck"]
    assert sorted(shuffles[-1].outcome) == sorted(
        [el("time"), el("water"), el("sun"), el("air"), disaster]
    )
    assert len(g.lines[0]) == 4 and g.lines[0][0] == el("earth")
    check_invariants(g)


def test_a_row_space_stays_empty_while_its_deck_is_empty_and_recycling_fills_it():
    g = arrange(new(), line=[el("earth"), el("water"), P[3]], plant_row=[P[1], P[2], P[4], P[5]])
    g.discards[0].extend(g.plant_deck)
    g.plant_deck.clear()
    g.play(AcquirePlant.paying(P[1], [el("earth"), el("water")]))
    assert g.plant_row == [0, P[2], P[4], P[5]]
    g.play(Move(TILE, P[3], RECYCLE))
    assert g.plant_row == [P[3], P[2], P[4], P[5]]
    check_invariants(g)


# ---------------------------------------------------------------------------- end of game


def test_all_seven_biome_tiles_win_the_game_at_once():
    g = arrange(new(), line=[A[1], A[3]])
    g.biome_tiles.extend(b for b in range(7) if b != B["tundra"])
    g.play(ClaimBiomes(A[1], A[3], NO_TILE))
    assert g.status == "won" and g.is_over and g.legal_actions() == []
    assert "game is over" in g.why_illegal(EndTurn())
    sheet = g.team_score()
    assert sheet.points(TEAM, "all_biomes") == 350
    assert sheet.points(TEAM, "anonymous") == 20  # won solo
    assert sheet.points(TEAM, "zero_waste_master") == 20  # no tile reactivated
    check_invariants(g)


def test_reactivating_a_tile_loses_the_zero_waste_master():
    g = arrange(new(), line=[A[1], A[3], el("sun")], deck=[el("water")])
    g.biome_tiles.extend(b for b in range(7) if b != B["tundra"])
    g.play(Plus(TILE))
    g.play(ClaimBiomes(A[1], A[3], PLUS))
    assert g.status == "won" and g.challenges() == ("anonymous",)


def test_all_seven_extinction_tiles_lose_the_game():
    g = arrange(new(players=2), line=[D(1), D(2), el("water")])
    g.extinction_tiles = 6
    g.play(EndTurn())
    assert g.status == "lost" and g.is_over and g.extinction_tiles == 7
    assert g.team_score().points(TEAM, "extinction_tiles") == 0


def test_the_round_limit_ends_an_unfinished_game():
    g = new(players=2, round_limit=1)
    g.play(EndTurn())
    assert not g.is_over
    g.play(EndTurn())
    assert g.status == "time_up" and g.is_over
    check_invariants(g)
    assert max_moves(g) > 0


def test_the_extinction_rebel_starts_with_six_extinction_tiles():
    g = new(players=2, extinction_rebel=True)
    assert g.extinction_tiles == 6
    arrange(g, line=[A[1], A[3]])
    g.biome_tiles.extend(b for b in range(7) if b != B["tundra"])
    g.play(ClaimBiomes(A[1], A[3], NO_TILE))
    assert "extinction_rebel" in g.challenges()
    assert g.challenges(monk=True)[-2:] == ("monk", "extinction_rebel")
    assert g.team_score(monk=True).points(TEAM, "monk") == 40


# ---------------------------------------------------------------------------- scoring


def test_the_final_score_counts_the_rulebook_values():
    sheet = final_score(level=3, players=2, biome_tiles=5, extinction_tiles=4, supply_elements=17)
    assert sheet.players == (TEAM,)
    assert sheet.categories == CATEGORIES
    assert sheet.points(TEAM, "difficulty") == 30
    assert sheet.points(TEAM, "biome_tiles") == 250
    assert sheet.points(TEAM, "all_biomes") == 0
    assert sheet.points(TEAM, "extinction_tiles") == 60
    assert sheet.points(TEAM, "supply_elements") == 17
    assert sheet.total(TEAM) == 357


def test_a_won_game_with_challenges():
    sheet = final_score(
        level=5,
        players=1,
        biome_tiles=7,
        extinction_tiles=6,
        supply_elements=20,
        challenges=("anonymous", "zero_waste_master", "extinction_rebel"),
    )
    assert sheet.total(TEAM) == 50 + 350 + 350 + 20 + 20 + 20 + 20 + 100
    assert "The Extinction Rebel" in "\n".join(sheet.explain())


@pytest.mark.parametrize(("level", "points"), [(1, 10), (2, 20), (3, 30), (4, 40), (5, 50)])
def test_difficulty_points_per_level(level, points):
    sheet = final_score(
        level=level, players=3, biome_tiles=0, extinction_tiles=7, supply_elements=0
    )
    assert sheet.points(TEAM, "difficulty") == points


def test_the_printed_30_points_for_the_hardest_level_is_an_option():
    sheet = final_score(
        level=5,
        players=1,
        biome_tiles=0,
        extinction_tiles=7,
        supply_elements=0,
        hardest_level_points=30,
    )
    assert sheet.points(TEAM, "difficulty") == 30
    g = gamecore.new_game("ecosfera", players=1, level=5, seed=1, hardest_level_points=30)
    assert g.team_score().points(TEAM, "difficulty") == 30


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"level": 6}, "level must be from 1 to 5"),
        ({"players": 0}, "players must be from 1 to 4"),
        ({"biome_tiles": 8}, "biome_tiles must be from 0 to 7"),
        ({"extinction_tiles": -1}, "extinction_tiles must be from 0 to 7"),
        ({"supply_elements": 61}, "supply_elements must be from 0 to 60"),
        ({"level": True}, "level must be a whole number"),
        ({"biome_tiles": 7, "extinction_tiles": 7}, "both cannot be placed"),
        ({"challenges": ("hero",)}, "unknown challenge 'hero'"),
        ({"challenges": ("anonymous",)}, "only by winning"),
        ({"biome_tiles": 7, "challenges": ("anonymous",), "players": 2}, "solo game's challenge"),
        ({"biome_tiles": 7, "challenges": ("monk",)}, "more than one player"),
        ({"biome_tiles": 7, "challenges": ("extinction_rebel",)}, "6 are placed at the end"),
        ({"biome_tiles": 7, "challenges": ("anonymous", "anonymous")}, "named twice"),
        ({"hardest_level_points": -30}, "hardest_level_points"),
    ],
)
def test_bad_scoring_input_is_explained(kwargs, words):
    args = {
        "level": 1,
        "players": 1,
        "biome_tiles": 3,
        "extinction_tiles": 2,
        "supply_elements": 40,
    }
    args.update(kwargs)
    with pytest.raises(ValueError, match=words):
        final_score(**args)


def test_a_challenge_name_alone_is_one_challenge():
    sheet = final_score(
        level=1, players=2, biome_tiles=7, extinction_tiles=0, supply_elements=0, challenges="monk"
    )
    assert sheet.points(TEAM, "monk") == 40


def test_the_game_scores_like_the_scoring_pad_and_every_player_shares_the_points():
    g = gamecore.new_game("ecosfera", players=3, level=2, seed=4)
    rng = random.Random(4)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    pad = final_score(
        level=2,
        players=3,
        biome_tiles=len(g.biome_tiles),
        extinction_tiles=g.extinction_tiles,
        supply_elements=g.supply_elements(),
    )
    assert g.team_score().rows == pad.rows
    sheet = g.score()
    assert sheet.players == g.players
    assert {sheet.total(p) for p in g.players} == {pad.total(TEAM)}
    assert [p.place for p in sheet.ranking()] == [1, 1, 1]
    with pytest.raises(ValueError, match="more than one player"):
        new().challenges(monk=True)


# ---------------------------------------------------------------------------- the protocol


def test_actions_read_well():
    assert str(AcquirePlant.paying(107, [301, 340])) == "acquire P07 paying earth + sun"
    assert (
        str(TakeMissingElement.paying(107, 1, [301]))
        == "take the missing water from its deck and acquire P07 paying it + earth"
    )
    assert str(AcquireAnimal(203, 101, 107)) == "acquire A03 with P01 and P07"
    assert str(ClaimBiomes(201, 203, REFRESH)).endswith("turn your refresh tile face up again")
    assert str(Mycorrhiza(101, 102)).startswith("mycorrhiza: P01 with P02")
    assert str(Plus(TILE)) == "use your plus tile: an extra card from your deck"
    assert str(Plus(108)) == "use the plus symbol of P08: an extra card from your deck"
    assert (
        str(Refresh(TILE, ANIMAL_ROW)) == "use your refresh tile: four new cards in the animal row"
    )
    assert str(Move(TILE, 301, 2)).endswith("give an earth card to player 3's line")
    assert str(Move(103, 301, RECYCLE)).endswith("recycle an earth card to its supply deck")
    assert str(Move(TILE, 301, OWN_DECK)).endswith("put an earth card face up on top of your deck")
    assert str(EndTurn()) == "end your turn"


def test_what_is_not_an_action_is_explained():
    g = new()
    assert "not an Ecosfera action" in g.why_illegal("acquire P01")
    assert "there is no card" in g.why_illegal(AcquirePlant(999, 0))
    assert "paid must name" in g.why_illegal(AcquirePlant(g.plant_row[0], -1))


def test_legal_actions_stay_few_in_random_games():
    most = 0
    for seed in range(10):
        g = gamecore.new_game("ecosfera", players=1 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            legal = g.legal_actions()
            most = max(most, len(legal))
            g.play(rng.choice(legal))
    assert most < 150


def test_chance_is_recorded_so_games_replay_and_undo():
    g = gamecore.new_game("ecosfera", players=2, seed=8)
    rng = random.Random(8)
    for _ in range(60):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
    kinds = {e.kind for e in g.log if not isinstance(e, tuple)}
    assert {"shuffle_plants", "shuffle_animals", "shuffle_deck"} <= kinds
    assert load_json(g.to_json()) == g
    before = g.clone()
    if not g.is_over:
        action = g.legal_actions()[0]
        g.play(action)
        g.undo()
        assert g == before


def test_a_view_hides_the_order_of_decks_and_a_guess_fits_it():
    g = gamecore.new_game("ecosfera", players=2, seed=3)
    view = g.view(1)
    assert view.deck_contents[0] == tuple(sorted(g.decks[0]))
    assert view.plant_deck == tuple(sorted(g.plant_deck))
    guess = determinize(view, random.Random(1))
    check_invariants(guess)
    assert guess.lines == g.lines and guess.plant_row == g.plant_row
    assert sorted(guess.plant_deck) == sorted(g.plant_deck)
    assert set(guess.legal_actions()) == set(g.legal_actions())


def test_sampled_illegal_actions_are_refused():
    g = gamecore.new_game("ecosfera", players=2, seed=3)
    for action in sample_illegal(g, random.Random(0)):
        assert g.why_illegal(action)


def _every_candidate(g):
    """Every action over the cards in play (both orders of each pair), for brute force."""
    p = g.turn_player
    line = list(g.lines[p])
    out = []
    for x in line:
        for y in line:
            out.extend(AcquireAnimal(a, x, y) for a in g.animal_row if a)
            out.extend(ClaimBiomes(x, y, t) for t in (NO_TILE, PLUS, REFRESH, MOVEMENT))
            out.append(Mycorrhiza(x, y))
    for s in (TILE, *line):
        out.append(Plus(s))
        out.extend(Refresh(s, r) for r in (PLANT_ROW, ANIMAL_ROW))
        for c in line:
            out.extend(Move(s, c, to) for to in (RECYCLE, OWN_DECK, *range(len(g.players))))
    return out


def _payable(g, plant, element=None):
    """Whether some choice of line cards pays for ``plant`` (with a missing ``element``)."""
    free = [c for c in g.lines[g.turn_player] if is_element(c) and c not in g.used]
    size = sum(g.cards.cost[plant]) - (element is not None)
    for pay in combinations(free, size):
        if element is None:
            action = AcquirePlant.paying(plant, pay)
        else:
            action = TakeMissingElement.paying(plant, element, pay)
        if g.why_illegal(action) is None:
            return True
    return False


@pytest.mark.parametrize("players", [1, 3])
def test_legal_actions_and_why_illegal_agree_on_every_candidate(players):
    """The same checks produce both: every action over the cards in play is listed exactly
    when it is allowed (pairs listed once, in code order; payments once per plant; a
    movement of an element card once per element, with its lowest-numbered unused copy)."""
    for seed in range(4):
        g = gamecore.new_game("ecosfera", players=players, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            legal = g.legal_actions()
            listed = set(legal)
            for action in _every_candidate(g):
                ok = g.why_illegal(action) is None
                if isinstance(action, AcquireAnimal) and action.plant_a > action.plant_b:
                    swapped = AcquireAnimal(action.animal, action.plant_b, action.plant_a)
                    assert ok == (swapped in listed), action
                elif isinstance(action, ClaimBiomes) and action.animal_a > action.animal_b:
                    swapped = ClaimBiomes(action.animal_b, action.animal_a, action.reactivate)
                    assert ok == (swapped in listed), action
                elif isinstance(action, Move) and ELEMENT_OF[action.card] >= 0 and ok:
                    # the listed copy of this element: the lowest-numbered unused one
                    element = ELEMENT_OF[action.card]
                    free = [c for c in g.lines[g.turn_player] if c not in g.used]
                    first = min(c for c in free if ELEMENT_OF[c] == element)
                    assert dataclasses.replace(action, card=first) in listed, action
                else:
                    assert ok == (action in listed), action
            for plant in (c for c in g.plant_row if c):
                bought = {a.plant for a in legal if isinstance(a, AcquirePlant)}
                assert (plant in bought) == _payable(g, plant)
                for e in range(len(ELEMENTS)):
                    taken = {
                        (a.plant, a.element) for a in legal if isinstance(a, TakeMissingElement)
                    }
                    assert ((plant, e) in taken) == _payable(g, plant, e)
            g.play(rng.choice(legal))


def test_no_sentence_shows_an_element_cards_copy_number():
    """Cards of one element are identical: "sun#12" is bookkeeping, never words a student
    reads (issue 8). Actions, refusals, notes and the score sheet of random games say
    "a sun card" or "sun"."""
    rng = random.Random(5)
    for seed in range(3):
        g = gamecore.new_game("ecosfera", players=1 + seed, seed=seed)
        for _ in range(150):
            if g.is_over:
                break
            words = [str(a) for a in g.legal_actions()]
            words += [g.why_illegal(a) or "" for a in sample_illegal(g, rng)]
            words += list(g.notes)
            assert not [w for w in words if "#" in w], [w for w in words if "#" in w][:3]
            g.play(rng.choice(g.legal_actions()))
        assert not any("#" in row.reason for row in g.score().rows)


def _fuzzed_actions(g, rng, n=30):
    """Actions of every type whose fields are drawn mostly from the turn player's unused
    cards, so that the checks go past "not on your line" to the rules behind it. Whole
    numbers only: an action's fields are ints, and the compiled engine checks that first."""
    line = g.lines[g.turn_player]
    free = [c for c in line if c not in g.used] or line
    rows = [c for c in (*g.plant_row, *g.animal_row) if c]
    pool = [*free, *free, *free, *rows, TILE, NO_TILE, RECYCLE, OWN_DECK, 1, 2, 3, 5, 999]
    elements = [c for c in line if is_element(c)]
    actions = []
    for _ in range(n):
        kind = rng.choice(list(Ecosfera.action_types.values()))
        values = {
            f.name: (
                paid_mask(rng.sample(elements, rng.randint(0, len(elements))))
                if f.name == "paid"
                else rng.choice(pool)
            )
            for f in dataclasses.fields(kind)
        }
        actions.append(kind(**values))
    return actions


def test_every_refusal_carries_a_catalog_key_in_every_language():
    """Every refusal met in random games (the sampled illegal actions, actions built from the
    cards on the table, and moves after the end) is a ``Refusal`` whose key is in the
    catalog of every language, so a table can match on the key and say it in its own words;
    ``play`` raises it with the same key."""
    rng = random.Random(19)
    met = set()
    for seed in range(8):
        g = gamecore.new_game("ecosfera", players=1 + seed % 4, seed=seed, level=1 + seed % 5)
        while True:
            offered = sample_illegal(g, rng)
            if not g.is_over:
                offered += _fuzzed_actions(g, rng)
            for action in offered:
                reason = g.why_illegal(action)
                if reason is None:
                    continue
                assert isinstance(reason, Refusal), (action, reason)
                assert reason.key.startswith("ecosfera."), reason.key
                for lang in LANGUAGES:
                    assert has(reason.key, lang), (reason.key, lang)
                    assert reason.in_language(lang)
                met.add(reason.key)
            if g.is_over or len(g.moves()) >= 150:
                break
            g.play(rng.choice(g.legal_actions()))
    assert len(met) >= 30, sorted(met)  # the checks behind "not on your line" are reached
    with pytest.raises(IllegalAction) as refused:
        g.play(Plus(999))
    assert refused.value.key in met and refused.value.reason.key == refused.value.key


def test_every_refusal_key_of_the_checks_is_in_the_catalog():
    """The keys written in the checks, also those random games rarely meet, are in the
    catalog of every language."""
    folder = Path(gamecore.ecosfera.__file__).parent  # the sources, also beside a compiled build
    keys = set()
    for name in ("checks.py", "game.py"):
        keys |= set(re.findall(r'"ecosfera\.(\w+)"', (folder / name).read_text(encoding="utf-8")))
    assert len(keys) > 40
    for key in keys:
        for lang in LANGUAGES:
            assert has(f"ecosfera.{key}", lang), (key, lang)


@pytest.mark.skipif(
    not str(gamecore.ecosfera.game.__file__).endswith(".py"),
    reason="reads the game's attributes with vars() and a classmethod's __func__, which a "
    "mypyc-compiled game (PYTHONPATH=build/mypyc) keeps in slots and builtins; the pure-Python "
    "run checks the position list",
)
def test_the_position_is_listed_once_and_whole():
    """Every attribute a game changes is a field of ``POSITION`` (clone, ==, view and
    determinize loop over it), and the view shows each field under its own name."""
    from gamecore.ecosfera.game import POSITION, EcosferaView
    from gamecore.protocol import Game as Protocol

    g = new(players=2)
    base = set(vars(Protocol.imagined.__func__(Game, ("a",), 1, {"level": 1}))) | {"cards"}
    fields = {f.name for f in POSITION}
    assert set(vars(g)) - base <= fields, set(vars(g)) - base - fields
    view = g.view(0)
    assert {f.view_name for f in POSITION} <= set(EcosferaView.__dataclass_fields__)
    assert view.deck_contents[0] == tuple(sorted(g.decks[0]))
    assert determinize(view, random.Random(1)).view(0) == view
