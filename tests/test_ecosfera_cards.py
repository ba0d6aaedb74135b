"""Ecosfera card data (gamecore/ecosfera/cards.json).

Two kinds of checks:

* shape checks hold for ANY card list in this format, including the printed cards once they
  are known: counts from the rulebook, ids, names, schema, valid biome/element/ability names,
  mushroom cards that can pair with a mushroom-symbol tree, every animal reachable;
* design checks (marked ``design``) hold for OUR reconstructed set only: the elements costs ask for,
  affordable costs, biome coverage, how many abilities, which biomes one card may join.
  They are skipped when the file says its cards are printed rather than reconstructed.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

CARDS_PATH = Path(__file__).resolve().parents[1] / "gamecore" / "ecosfera" / "cards.json"
DATA = json.loads(CARDS_PATH.read_text(encoding="utf-8"))
PLANTS = DATA["plants"]
ANIMALS = DATA["animals"]
ALL_CARDS = PLANTS + ANIMALS

# Printed in the rulebook: the seven biome tiles, the five element decks, the three abilities.
BIOMES = ["taiga", "temperate_forest", "desert", "savanna", "tropical", "aquatic", "tundra"]
BIOME_LABELS = {
    "taiga": "Taiga",
    "temperate_forest": "Temperate Forest",
    "desert": "Desert",
    "savanna": "Savanna",
    "tropical": "Tropical",
    "aquatic": "Aquatic",
    "tundra": "Tundra",
}
ELEMENTS = ["earth", "water", "time", "sun", "air"]
ABILITIES = ["plus", "refresh", "movement"]
KINDS = {"tree", "plant", "mushroom"}

PLANT_KEYS = {
    "id",
    "name",
    "latin",
    "kind",
    "biomes",
    "cost",
    "abilities",
    "mushroom_symbol",
    "fact",
}
ANIMAL_KEYS = {"id", "name", "latin", "biomes", "abilities", "fact"}
# "Genus species", optionally with a hyphenated epithet; no authors, no abbreviations.
LATIN = re.compile(r"^[A-Z][a-z]+ [a-z]+(-[a-z]+)?$")

RECONSTRUCTED = DATA["provenance"]["cards"] == "reconstructed"
design = pytest.mark.skipif(
    not RECONSTRUCTED, reason="a design choice of the reconstructed set, not of printed cards"
)


def biome_count(cards):
    return Counter(b for card in cards for b in card["biomes"])


def element_usage():
    return Counter({e: sum(p["cost"].get(e, 0) for p in PLANTS) for e in ELEMENTS})


def symbol_trees():
    return [p for p in PLANTS if p["mushroom_symbol"]]


def mushrooms():
    return [p for p in PLANTS if p["kind"] == "mushroom"]


def card_ids(cards):
    return [c["id"] for c in cards]


# ----------------------------------------------------------------------------- file, provenance


def test_top_level_keys_are_exactly_the_schema():
    assert set(DATA) == {
        "about",
        "provenance",
        "biomes",
        "biome_labels",
        "elements",
        "abilities",
        "plants",
        "animals",
    }


def test_provenance_marks_counts_printed_and_names_the_kind_of_references():
    prov = DATA["provenance"]
    assert set(prov) == {"counts", "cards", "species_facts"}
    assert prov["counts"] == "printed"
    assert prov["cards"] in {"printed", "derived", "reconstructed"}
    assert isinstance(prov["species_facts"], str) and prov["species_facts"].strip()


def test_about_says_what_the_file_is_and_that_it_can_be_replaced():
    about = DATA["about"]
    assert isinstance(about, str) and "Ecosfera" in about
    assert "replace" in about.lower()
    if RECONSTRUCTED:
        assert "reconstructed" in about


def test_biomes_elements_and_abilities_are_the_printed_ones():
    assert DATA["biomes"] == BIOMES
    assert DATA["biome_labels"] == BIOME_LABELS
    assert DATA["elements"] == ELEMENTS
    assert DATA["abilities"] == ABILITIES


# ----------------------------------------------------------------------------- counts and ids


def test_card_counts_match_the_rulebook():
    assert len(PLANTS) == 30  # 30 plant & fungi kingdom cards
    assert len(ANIMALS) == 25  # 25 animal kingdom cards


def test_ids_are_unique_and_numbered_in_order():
    assert card_ids(PLANTS) == [f"P{i:02d}" for i in range(1, 31)]
    assert card_ids(ANIMALS) == [f"A{i:02d}" for i in range(1, 26)]
    assert len(set(card_ids(ALL_CARDS))) == 55


def test_common_and_scientific_names_are_unique():
    names = [c["name"].casefold() for c in ALL_CARDS]
    latins = [c["latin"].casefold() for c in ALL_CARDS]
    assert [n for n, k in Counter(names).items() if k > 1] == []
    assert [n for n, k in Counter(latins).items() if k > 1] == []


# ----------------------------------------------------------------------------- schema and types


def check_common_fields(card):
    """Fields plants and animals share; returns a list of problems."""
    problems = []
    for key in ("id", "name", "latin", "fact"):
        if not isinstance(card[key], str) or not card[key].strip():
            problems.append(f"{key} must be a non-empty string")
    if not LATIN.match(card["latin"]):
        problems.append(f"latin name {card['latin']!r} is not 'Genus species'")
    if card["name"].casefold() == card["latin"].casefold():
        problems.append("the common name repeats the latin name")
    biomes = card["biomes"]
    if not isinstance(biomes, list) or not 1 <= len(biomes) <= 3:
        problems.append("biomes must be a list of 1 to 3 names")
    elif len(set(biomes)) != len(biomes) or not set(biomes) <= set(BIOMES):
        problems.append(f"biomes {biomes} repeat or are not valid")
    abilities = card["abilities"]
    if not isinstance(abilities, list) or len(abilities) > 2:
        problems.append("abilities must be a list of at most 2 names")
    elif len(set(abilities)) != len(abilities) or not set(abilities) <= set(ABILITIES):
        problems.append(f"abilities {abilities} repeat or are not valid")
    return problems


@pytest.mark.parametrize("plant", PLANTS, ids=card_ids(PLANTS))
def test_plant_schema(plant):
    assert set(plant) == PLANT_KEYS
    assert check_common_fields(plant) == []
    assert plant["kind"] in KINDS
    assert isinstance(plant["mushroom_symbol"], bool)
    cost = plant["cost"]
    assert isinstance(cost, dict) and set(cost) <= set(ELEMENTS)
    assert all(type(n) is int and n >= 1 for n in cost.values())
    assert 2 <= sum(cost.values()) <= 4


@pytest.mark.parametrize("animal", ANIMALS, ids=card_ids(ANIMALS))
def test_animal_schema(animal):
    assert set(animal) == ANIMAL_KEYS
    assert check_common_fields(animal) == []


@pytest.mark.parametrize("card", ALL_CARDS, ids=card_ids(ALL_CARDS))
def test_every_card_has_one_short_fact(card):
    fact = card["fact"]
    assert fact == fact.strip() and fact.endswith(".")
    assert len(fact) <= 180
    assert ". " not in fact and "! " not in fact and "? " not in fact  # one sentence


# ----------------------------------------------------------------------------- mushrooms


def test_only_trees_carry_the_mushroom_symbol():
    assert [p["id"] for p in PLANTS if p["mushroom_symbol"] and p["kind"] != "tree"] == []


def test_every_mushroom_card_shares_a_biome_with_a_mushroom_symbol_tree():
    trees = symbol_trees()
    assert mushrooms() and trees
    for mushroom in mushrooms():
        partners = [t["id"] for t in trees if set(t["biomes"]) & set(mushroom["biomes"])]
        assert partners, f"{mushroom['name']} has no mushroom-symbol tree to pair with"


# ----------------------------------------------------------------------------- reachability


def test_every_biome_is_reachable_by_two_plants_and_two_animals():
    plants, animals = biome_count(PLANTS), biome_count(ANIMALS)
    for biome in BIOMES:
        assert plants[biome] >= 2, biome
        assert animals[biome] >= 2, biome


def test_every_animal_can_be_called_by_two_plants_sharing_one_of_its_biomes():
    plants = biome_count(PLANTS)
    for animal in ANIMALS:
        assert any(plants[b] >= 2 for b in animal["biomes"]), animal["name"]


# ----------------------------------------------------------------------------- design: coverage


@design
def test_each_biome_is_on_at_least_five_plants_and_five_animals():
    plants, animals = biome_count(PLANTS), biome_count(ANIMALS)
    assert {b: plants[b] for b in BIOMES if plants[b] < 5} == {}
    assert {b: animals[b] for b in BIOMES if animals[b] < 5} == {}


@design
def test_every_plant_shares_a_biome_with_another_plant():
    for a in PLANTS:
        others = [b for b in PLANTS if b is not a and set(a["biomes"]) & set(b["biomes"])]
        assert others, a["name"]


# Biomes that meet in nature: one species may span them. Aquatic meets every biome (rivers,
# lakes, coasts); the forest-and-cold biomes meet each other; savanna meets desert and
# rainforest. A card that joins two biomes must use one of these pairs.
NEIGHBOURS = {frozenset(("aquatic", b)) for b in BIOMES if b != "aquatic"} | {
    frozenset(pair)
    for pair in [
        ("taiga", "tundra"),
        ("taiga", "temperate_forest"),
        ("temperate_forest", "tundra"),
        ("savanna", "desert"),
        ("savanna", "tropical"),
    ]
}


@design
@pytest.mark.parametrize("card", ALL_CARDS, ids=card_ids(ALL_CARDS))
def test_cards_only_join_biomes_that_meet_in_nature(card):
    strange = [set(p) for p in combinations(card["biomes"], 2) if frozenset(p) not in NEIGHBOURS]
    assert strange == []


# ----------------------------------------------------------------------------- design: costs


# The costs were balanced by simulation (docs/ecosfera-balance.md): the levels differ only in
# how many element cards the supply starts with, so the level can only matter if the elements
# a player must take run short. Water and sunlight are what (nearly) every card needs, so the
# water and sun decks are the ones that run out, sooner at harder levels; it is also the
# ecology the cards teach.


@design
def test_every_plant_and_fungus_needs_water():
    assert [p["name"] for p in PLANTS if "water" not in p["cost"]] == []


@design
def test_green_plants_need_sunlight_and_fungi_and_parasites_do_not():
    for p in PLANTS:
        green = p["kind"] != "mushroom" and "parasite" not in p["fact"]
        assert ("sun" in p["cost"]) == green, p["name"]


@design
def test_water_plants_need_the_most_water():
    for p in PLANTS:
        assert (p["cost"]["water"] == 2) == ("aquatic" in p["biomes"]), p["name"]


@design
def test_water_and_sun_are_the_most_needed_elements_and_every_element_is_needed():
    usage = element_usage()
    assert set(usage) == set(ELEMENTS), dict(usage)  # no element card is useless
    others = [usage[e] for e in ELEMENTS if e not in ("water", "sun")]
    assert min(usage["water"], usage["sun"]) >= 2 * sum(others), dict(usage)


@design
def test_costs_are_affordable_from_a_starting_deck():
    sizes = Counter(sum(p["cost"].values()) for p in PLANTS)
    # one of each element + 2 disasters, 4 cards shown, one missing element may be taken:
    # most plants cost 2 or 3 element cards, only a few cost 4
    assert sizes[2] + sizes[3] >= 24, dict(sizes)
    assert sizes[2] >= 8, dict(sizes)
    assert sizes[4] <= 5, dict(sizes)


@design
def test_no_cost_asks_for_three_cards_of_one_element():
    # three cards of one element in a line end the turn with a disaster
    assert [p["name"] for p in PLANTS if max(p["cost"].values()) > 2] == []


# ----------------------------------------------------------------------------- design: kinds


@design
def test_kinds_trees_mushrooms_and_plants():
    kinds = Counter(p["kind"] for p in PLANTS)
    assert 7 <= kinds["tree"] <= 9, dict(kinds)
    assert 4 <= kinds["mushroom"] <= 5, dict(kinds)
    assert 4 <= len(symbol_trees()) <= 5
    assert not any(m["mushroom_symbol"] for m in mushrooms())


@design
def test_every_mushroom_symbol_tree_has_a_mushroom_partner():
    for tree in symbol_trees():
        partners = [m for m in mushrooms() if set(m["biomes"]) & set(tree["biomes"])]
        assert partners, tree["name"]


@design
def test_lichens_and_algae_are_labelled_plant_and_explained():
    for p in PLANTS:
        if "lichen" in p["name"].lower():
            assert p["kind"] == "plant" and "fungus" in p["fact"]
        if "kelp" in p["name"].lower():
            assert p["kind"] == "plant" and "alga" in p["fact"]


# ----------------------------------------------------------------------------- design: abilities


@design
def test_ability_symbols_on_plants():
    per_card = Counter(len(p["abilities"]) for p in PLANTS)
    assert 8 <= per_card[1] <= 12, dict(per_card)
    assert 1 <= per_card[2] <= 3, dict(per_card)


@design
def test_ability_symbols_on_animals():
    per_card = Counter(len(a["abilities"]) for a in ANIMALS)
    assert 6 <= per_card[1] <= 8, dict(per_card)
    assert per_card[2] == 0, dict(per_card)


@design
def test_each_ability_appears_on_plants_and_on_animals():
    for cards in (PLANTS, ANIMALS):
        used = Counter(a for c in cards for a in c["abilities"])
        assert all(used[a] >= 2 for a in ABILITIES), dict(used)
