"""The Ecosfera table widget, in plain Python: scenes, clicks by coordinates, buttons."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from ecosfera_arrange import arrange

import gamecore
from gamecore import IllegalAction
from gamecore.ecosfera import (
    NO_TILE,
    OWN_DECK,
    PLANT_ROW,
    RECYCLE,
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
    parse_cards,
)
from gamecore.ecosfera.bots import check_invariants
from gamecore.ecosfera.data import ALL_DISASTERS, ELEMENTS, element_code
from gamecore.ecosfera.explain import check_payment
from widgets.ecosfera.cards import CARD_W, DRAWINGS, eco_icon
from widgets.ecosfera.table import EcosferaTable, seat_kinds
from widgets.ecosfera.table_words import acquisitions, describe_move, hint_marks, history_of
from widgets.scene import Text

CODE = re.compile(r"#\d|\b[PA]\d\d\b")
"""A card's code (\"sun#12\", \"P01\"): never in what a student reads."""

# The arranged tests play with the package's cards, except that the cards they name are
# pinned to the values below, so a re-balanced cards.json does not change what these widget
# tests see: P01 Scots pine (tree, mushroom symbol), P09 Fly agaric (mushroom), P13 Reindeer
# lichen, P15 Purple saxifrage, P17 Cloudberry, P22 Red oat grass, A02 Reindeer,
# A03 Wolverine, A06 Arctic fox, A12 Blue whale, A20 Dromedary, and the spares.
TAIGA, TEMPERATE, TUNDRA = "taiga", "temperate_forest", "tundra"
PINNED_PLANTS = {
    "P01": ([TAIGA, TEMPERATE], {"earth": 1, "sun": 1, "time": 1}, []),
    "P09": ([TAIGA, TEMPERATE], {"earth": 1, "water": 1}, []),
    "P13": ([TUNDRA, TAIGA], {"air": 1, "time": 1}, ["refresh"]),
    "P15": ([TUNDRA], {"earth": 1, "sun": 1}, []),
    "P17": ([TUNDRA, TAIGA], {"earth": 1, "water": 1}, []),
    "P18": (["desert"], {"sun": 2, "time": 1}, []),
    "P22": (["savanna"], {"sun": 1, "air": 1}, ["refresh"]),
    "P24": (["tropical"], {"water": 1, "air": 1}, []),
    "P27": (["aquatic"], {"water": 1, "sun": 1}, ["plus"]),
    "P30": (["aquatic"], {"water": 1, "air": 1, "time": 1}, []),
}
PINNED_ANIMALS = {
    "A01": ([TAIGA, TEMPERATE], ["movement"]),
    "A02": ([TUNDRA, TAIGA], ["movement"]),
    "A03": ([TAIGA, TUNDRA], []),
    "A06": ([TUNDRA], []),
    "A09": ([TEMPERATE], []),
    "A10": ([TEMPERATE], []),
    "A12": (["aquatic"], []),
    "A20": (["desert"], []),
    "A21": (["savanna"], []),
}


def _pinned_game_class() -> type[Ecosfera]:
    data = json.loads(
        (Path(gamecore.ecosfera.__file__).parent / "cards.json").read_text(encoding="utf-8")
    )
    for plant in data["plants"]:
        if plant["id"] in PINNED_PLANTS:
            plant["biomes"], plant["cost"], plant["abilities"] = PINNED_PLANTS[plant["id"]]
    for animal in data["animals"]:
        if animal["id"] in PINNED_ANIMALS:
            animal["biomes"], animal["abilities"] = PINNED_ANIMALS[animal["id"]]
    return Ecosfera.with_cards(parse_cards(data))


Pinned = _pinned_game_class()
SCOTS_PINE, FLY_AGARIC, LICHEN, SAXIFRAGE, CLOUDBERRY, RED_OAT = 101, 109, 113, 115, 117, 122
REINDEER, WOLVERINE, ARCTIC_FOX, BLUE_WHALE, DROMEDARY = 202, 203, 206, 212, 220


def el(name: str, copy: int = 1) -> int:
    return element_code(ELEMENTS.index(name), copy)


def D(k: int) -> int:
    return ALL_DISASTERS[k - 1]


ROW = [SCOTS_PINE, CLOUDBERRY, SAXIFRAGE, RED_OAT]
ANIMALS = [REINDEER, ARCTIC_FOX, BLUE_WHALE, DROMEDARY]


def _row(cards: list[int], line: list[int], spare: list[int]) -> list[int]:
    """``cards``, with any card that is on the line replaced by a spare one."""
    spares = iter(c for c in spare if c not in line)
    return [c if c not in line else next(spares) for c in cards]


def solo(line: list[int], **kw: object) -> EcosferaTable:
    g = Pinned(("You",), 5)
    kw.setdefault("plant_row", _row(ROW, line, [118, 127, 124, 130]))
    kw.setdefault("animal_row", _row(ANIMALS, line, [201, 209, 221, 210]))
    arrange(g, line=line, **kw)  # type: ignore[arg-type]
    return EcosferaTable.from_game(g, seats=("human",))


@pytest.fixture
def table() -> EcosferaTable:
    """Line: earth, sun, water, time and a disaster; the row shows P01, P17, P15, P22."""
    return solo([el("earth"), el("sun"), el("water"), el("time"), D(1)])


def moves(table: EcosferaTable) -> int:
    return len(table.game.moves())


def mark_ids(table: EcosferaTable) -> set[str]:
    return {s.id for s in table.scene() if s.id.endswith("-mark")}


# ---------------------------------------------------------------------------- selecting


def test_a_click_on_a_line_element_selects_it_and_a_second_unselects(table: EcosferaTable) -> None:
    earth = el("earth")
    before = table.scene().find(f"line0-{earth}-face").bbox()
    table.click_target(f"line:0:{earth}")
    assert table.selected == [earth]
    face = table.scene().find(f"line0-{earth}-face")
    assert face.bbox()[1] < before[1]  # lifted
    assert f"line0-{earth}-selected-pill-text" in table.scene().ids()  # a word, not only colour
    assert "Selected: earth" in table.status.text
    table.click_target(f"line:0:{earth}")
    assert table.selected == []
    assert "no longer selected" in table.status.text
    assert moves(table) == 0


def test_a_selection_marks_the_plants_it_pays_for() -> None:
    t = solo([el("earth"), el("water"), el("time"), D(1)])
    t.select(el("earth"))
    assert t.marked() == {f"plant:{SAXIFRAGE}": "buy +1 sun"}  # no sun on the line
    t.select(el("water"))
    assert t.marked() == {f"plant:{CLOUDBERRY}": "buy"}
    assert "It pays for Cloudberry" in t.status.text


def test_a_missing_element_that_is_on_the_line_is_pointed_at(table: EcosferaTable) -> None:
    assert not table.pay(CLOUDBERRY, [el("earth")])
    assert table.pending is None
    assert "Your line has an unused water card: select it too." in table.status.problem
    assert moves(table) == 0


# ---------------------------------------------------------------------------- paying


def test_paying_for_a_plant_by_clicks(table: EcosferaTable) -> None:
    assert table.pay(SCOTS_PINE, [el("earth"), el("sun"), el("time")])
    ((_, action),) = table.game.moves()
    assert action == AcquirePlant.paying(SCOTS_PINE, [el("earth"), el("sun"), el("time")])
    assert SCOTS_PINE in table.game.lines[0]
    assert table.selected == []
    assert table.history[-1] == "You paid earth, time and sun for Scots pine."
    assert "You paid earth, time and sun for Scots pine." in table.status.text


def test_the_used_cards_are_set_apart_greyed_and_labelled(table: EcosferaTable) -> None:
    table.pay(SCOTS_PINE, [el("earth"), el("sun"), el("time")])
    scene = table.scene()
    water = scene.find(f"line0-{el('water')}-face").bbox()
    for code in (el("earth"), el("sun"), el("time")):
        face = scene.find(f"line0-{code}-face")
        assert face.opacity < 1  # greyed
        assert f"line0-{code}-used-text" in scene.ids()  # with the word USED
    used_x = min(scene.find(f"line0-{c}-face").bbox()[0] for c in table.game.used)
    free = [c for c in table.game.lines[0] if c not in table.game.used]
    unused_right = max(scene.find(f"line0-{c}-face").bbox()[0] for c in free)
    assert used_x > unused_right + CARD_W  # set apart to the right, after a gap
    assert "↑ used this turn, set apart" in scene.texts()
    pine = scene.find(f"line0-{SCOTS_PINE}-face")  # acquired: on the line, not used
    assert pine.opacity == 1 and pine.bbox()[1] == water[1]


def test_paying_acquires_exactly_when_the_engine_allows_it() -> None:
    """Every subset of the line's elements, clicked then a plant: bought iff legal; a
    refusal changes nothing and gives the engine's reason; one short is offered."""
    line = [el("earth"), el("sun"), el("water"), el("time"), el("sun", 2)]
    base = solo(line)
    game = base.game
    table = EcosferaTable.from_game(game, seats=("human",))
    for mask in range(1 << len(line)):
        chosen = [c for k, c in enumerate(line) if mask >> k & 1]
        if not chosen:
            continue
        for plant in ROW:
            if len(table.game.moves()):
                table.load_game(game)  # back to the position after a purchase
            table.clear_selection()
            action = AcquirePlant.paying(plant, chosen)
            legal = game.why_illegal(action) is None
            bought = table.pay(plant, chosen)
            assert bought == legal, (chosen, plant)
            if legal:
                assert table.game.moves()[-1][1] == action
                continue
            assert table.game == game  # nothing changed
            if table.pending is not None:
                assert table.pending.kind == "missing"
                ((_, offer),) = table.pending.options
                assert isinstance(offer, TakeMissingElement)
                assert game.why_illegal(offer) is None
            else:
                payment = check_payment(game, plant, chosen)
                assert payment.move is None and payment.reason == table.status.problem
                assert not CODE.search(table.status.problem), table.status.problem


def test_a_refused_payment_says_what_is_wrong_in_plain_words(table: EcosferaTable) -> None:
    before = table.game.clone()
    assert not table.pay(RED_OAT, [el("earth"), el("water")])
    assert table.status.problem == (
        "Red oat grass costs sun and air; your selection (earth and water) has earth and water "
        "too many. Unselect what the plant does not need."
    )
    assert table.game == before
    assert table.history == []


@pytest.fixture
def sunless() -> EcosferaTable:
    """Line: earth, water, time and a disaster (no sun)."""
    return solo([el("earth"), el("water"), el("time"), D(1)])


def test_a_selection_one_element_short_offers_the_missing_element(sunless: EcosferaTable) -> None:
    table = sunless
    before = table.game.clone()
    assert not table.pay(SAXIFRAGE, [el("earth")])  # earth + sun, and no sun on the line
    assert table.game == before
    pending = table.pending
    assert pending is not None and pending.kind == "missing"
    assert "one sun short of Purple saxifrage" in pending.question
    assert "1 point" in pending.question  # the note on the cost
    assert table.marked() == {f"plant:{SAXIFRAGE}": "+1 sun?"}
    button = table.choice_buttons[0]
    assert button.layout.visibility == "visible" and not button.disabled
    assert button.description == "Take the missing sun and buy Purple saxifrage"
    assert table.buttons["cancel"].layout.visibility == "visible"
    suns = len(table.game.element_decks[ELEMENTS.index("sun")])
    button.click()
    ((_, action),) = table.game.moves()
    assert action == TakeMissingElement.paying(SAXIFRAGE, ELEMENTS.index("sun"), [el("earth")])
    assert len(table.game.element_decks[ELEMENTS.index("sun")]) == suns - 1
    assert "took the missing sun from the sun deck" in table.history[-1]
    assert table.choice_buttons[0].layout.visibility == "hidden"  # keeps its slot
    assert table.choice_buttons[0].disabled


def test_a_second_click_on_the_plant_confirms_the_missing_element(
    sunless: EcosferaTable,
) -> None:
    now = [100.0]
    sunless.model.clock = lambda: now[0]
    sunless.pay(SAXIFRAGE, [el("earth")])
    now[0] += 2  # a second, deliberate click
    sunless.click_target(f"plant:{SAXIFRAGE}")
    assert isinstance(sunless.game.moves()[-1][1], TakeMissingElement)


def test_cancel_forgets_the_offer(sunless: EcosferaTable) -> None:
    sunless.pay(SAXIFRAGE, [el("earth")])
    sunless.buttons["cancel"].click()
    assert sunless.pending is None and moves(sunless) == 0
    assert sunless.selected == [el("earth")]


def test_a_click_on_a_plant_with_nothing_selected_selects_a_payment(table: EcosferaTable) -> None:
    table.click_target(f"plant:{CLOUDBERRY}")
    assert sorted(table.selected) == sorted([el("earth"), el("water")])
    assert moves(table) == 0
    assert "Click Cloudberry again to buy it" in table.status.text
    table.click_target(f"plant:{CLOUDBERRY}")
    assert table.game.moves()[-1][1] == AcquirePlant.paying(CLOUDBERRY, [el("earth"), el("water")])


def test_a_plant_two_elements_short_is_explained(table: EcosferaTable) -> None:
    t = solo([el("earth"), D(1)])
    t.click_target(f"plant:{SCOTS_PINE}")
    assert "sun" in t.status.problem and "time" in t.status.problem
    assert "takes only one element" in t.status.problem
    assert moves(t) == 0 and t.selected == []


# ---------------------------------------------------------------------------- animals, tiles


def test_two_plants_call_an_animal() -> None:
    t = solo([CLOUDBERRY, LICHEN, el("sun")])
    t.select(CLOUDBERRY)
    t.select(LICHEN)
    assert t.marked() == {f"animal:{REINDEER}": "call", f"animal:{ARCTIC_FOX}": "call"}
    assert "They can call Reindeer or Arctic fox" in t.status.text  # one of them
    t.click_target(f"animal:{BLUE_WHALE}")
    assert "Blue whale" in t.status.problem and "lives in none" in t.status.problem
    assert moves(t) == 0
    t.click_target(f"animal:{REINDEER}")
    assert t.game.moves()[-1][1] == AcquireAnimal(REINDEER, CLOUDBERRY, LICHEN)
    assert "called Reindeer with Cloudberry and Reindeer lichen" in t.history[-1]


def test_two_animals_win_their_tiles_at_once_without_a_used_tile() -> None:
    t = solo([REINDEER, WOLVERINE, el("sun")], animal_row=[ARCTIC_FOX, BLUE_WHALE, DROMEDARY, 201])
    t.select(REINDEER)
    t.select(WOLVERINE)
    ((_, action),) = t.game.moves()
    assert action == ClaimBiomes(REINDEER, WOLVERINE, NO_TILE)
    assert sorted(t.game.biome_tiles) == [0, 6]  # taiga and tundra
    assert "Taiga and Tundra tiles are placed (2 of 7)" in t.history[-1]
    assert "2/7" in t.scene().texts()


def test_two_animals_ask_which_face_down_tile_to_reactivate() -> None:
    t = solo(
        [REINDEER, WOLVERINE, el("sun")],
        animal_row=[ARCTIC_FOX, BLUE_WHALE, DROMEDARY, 201],
        deck=[el("air")],
    )
    assert t.perform(Plus(TILE))  # the plus tile is now face down
    assert "took an extra card from the deck: an air card" in t.history[-1]
    t.select(REINDEER)
    t.select(WOLVERINE)
    assert len(t.game.moves()) == 1  # nothing yet: a question
    labels = [b.description for b in t.choice_buttons if b.layout.visibility == "visible"]
    assert labels == [
        "Pair Reindeer + Wolverine: place the taiga and tundra tiles",
        "Pair Reindeer + Wolverine: place the taiga and tundra tiles and turn your plus tile "
        "face up",
    ]
    t.choose(1)
    assert t.game.moves()[-1][1] == ClaimBiomes(REINDEER, WOLVERINE, 0)
    assert t.game.tiles[0][0]


def test_tree_and_mushroom_offer_mycorrhiza() -> None:
    t = solo([SCOTS_PINE, FLY_AGARIC, el("sun")])
    t.select(SCOTS_PINE)
    t.select(FLY_AGARIC)
    assert t.pending is not None and t.pending.kind == "mycorrhiza"
    assert "can mycorrhize" in t.pending.question
    assert t.marked() == {}  # the pair calls no animal while its tiles are missing
    t.choose(0)
    assert t.game.moves()[-1][1] == Mycorrhiza(SCOTS_PINE, FLY_AGARIC)
    assert sorted(t.game.biome_tiles) == [0, 1]
    assert t.history[-1].startswith("Mycorrhiza: your Scots pine and Fly agaric placed the Taiga")


# ---------------------------------------------------------------------------- abilities


def test_refresh_asks_which_row() -> None:
    t = solo([el("earth"), el("sun")])
    t.click_target("tile:0:1")
    assert t.pending is not None and t.pending.kind == "refresh"
    assert [b.description for b in t.choice_buttons[:2]] == [
        "Refresh the plant & fungi row",
        "Refresh the animal row",
    ]
    t.click_target("animaldeck")  # clicking the row (or its deck) answers too
    assert t.game.moves()[-1][1] == Refresh(TILE, 1)
    assert "the animal row went under its deck" in t.history[-1]
    assert "refresh: used" in t.scene().texts()  # the tile is face down, in words
    t.click_target("tile:0:1")
    assert "face down" in t.status.problem and len(t.game.moves()) == 1


def test_a_card_symbol_is_a_target_and_movement_asks_for_a_card_then_a_place() -> None:
    t = solo([LICHEN, el("earth"), D(1)])
    assert f"symbol:{LICHEN}:1" in t.scene().targets()  # Reindeer lichen's refresh symbol
    t.click_target(f"symbol:{LICHEN}:1")
    t.choose(0)
    assert t.game.moves()[-1][1] == Refresh(LICHEN, PLANT_ROW)
    assert f"line0-{LICHEN}-sym-refresh-spent" in t.scene().ids()  # crossed out
    t.click_target("tile:0:2")
    assert t.pending is not None and t.pending.kind == "movement"
    t.click_target(f"line:0:{D(1)}")
    assert "disaster card cannot be moved" in t.status.problem
    t.click_target(f"line:0:{el('earth')}")
    assert [b.description for b in t.choice_buttons[:2]] == [
        "Recycle earth to its supply deck",
        "Put earth on top of your deck (next line)",
    ]
    t.choose(1)
    assert t.game.moves()[-1][1] == Move(TILE, el("earth"), OWN_DECK)
    assert f"waiting:0:{el('earth')}" in t.scene().targets()


def test_movement_of_the_second_of_two_identical_cards_moves_the_card_clicked() -> None:
    """The engine lists one movement per element (the lowest-numbered copy); a click on the
    other, identical copy still moves, and it is that copy that leaves the line."""
    first, second = el("sun", 1), el("sun", 2)
    t = solo([first, second, D(1)])
    t.click_target("tile:0:2")
    t.click_target(f"line:0:{second}")
    assert t.choice_buttons[0].description == "Recycle sun to its supply deck"
    t.choose(0)
    assert t.game.moves()[-1][1] == Move(TILE, second, RECYCLE)
    assert second not in t.game.lines[0] and first in t.game.lines[0]


def test_movement_in_a_team_gives_to_a_teammate() -> None:
    g = gamecore.new_game("ecosfera", players=("Ana", "Ben"), seed=3)
    assert isinstance(g, Ecosfera)
    arrange(g, line=[el("earth"), el("sun")])
    t = EcosferaTable.from_game(g, seats=("human", "human"))
    t.perform(Move(TILE, el("earth"), 1))
    assert el("earth") in t.game.lines[1]
    assert t.history[-1] == "Ana used their movement tile and gave an earth card to Ben's line."


# ---------------------------------------------------------------------------- hints


def _expected_marks(game: Ecosfera) -> set[str]:
    p = game.turn_player
    out: set[str] = set()
    for a in game.legal_actions():
        if isinstance(a, (AcquirePlant, TakeMissingElement)):
            out.add(f"plant:{a.plant}")
        elif isinstance(a, AcquireAnimal):
            out.add(f"animal:{a.animal}")
        elif isinstance(a, ClaimBiomes):
            out |= {f"line:{p}:{a.animal_a}", f"line:{p}:{a.animal_b}"}
        elif isinstance(a, Mycorrhiza):
            out |= {f"line:{p}:{a.tree}", f"line:{p}:{a.mushroom}"}
    return out


def _id_of(target: str) -> str:
    kind, *rest = target.split(":")
    return f"line{rest[0]}-{rest[1]}" if kind == "line" else f"{kind}-{rest[0]}"


def test_the_hint_marks_exactly_the_acquisitions_in_legal_actions() -> None:
    rng = random.Random(4)
    checked = 0
    table = EcosferaTable(seed=1)
    for seed in range(12):
        game = gamecore.new_game("ecosfera", players=1, seed=seed)
        while not game.is_over and checked < 80:
            table.load_game(game)
            table.show_hints()
            expected = _expected_marks(game)
            assert set(table.marked()) == expected
            assert mark_ids(table) == {f"{_id_of(t)}-mark" for t in expected}
            if expected:
                assert "possible acquisition" in table.status.text
            else:
                assert "Nothing can be acquired now" in table.status.text
            checked += 1
            game.play(rng.choice(game.legal_actions()))
    assert checked >= 80


def test_the_hint_names_species_and_toggles(table: EcosferaTable) -> None:
    table.buttons["hint"].click()
    assert table.marked() == hint_marks(table.game)
    assert "Buy Cloudberry with earth and water" in table.status.text
    assert "Buy Scots pine with earth, time and sun" in table.status.text
    texts = " ".join(table.scene().texts())
    assert "What can I do?" in texts and "Cloudberry" in texts
    assert table.buttons["hint"].description == "Hide hints"
    table.buttons["hint"].click()
    assert table.marked() == {}


# ---------------------------------------------------------------------------- ending turns


def test_end_turn_asks_and_only_the_yes_button_confirms(table: EcosferaTable) -> None:
    disasters = len(table.game.disaster_deck)
    assert not table.end_turn()
    assert "brings a disaster card" in table.status.problem
    assert "press “Yes, end my turn”" in table.status.problem
    assert table.pending is not None and table.pending.kind == "end"
    assert moves(table) == 0
    yes = table.choice_buttons[0]
    assert yes.description == "Yes, end my turn" and yes.layout.visibility == "visible"
    assert yes is not table.buttons["end_turn"]
    yes.click()
    assert table.game.moves()[-1][1] == EndTurn()
    assert len(table.game.disaster_deck) == disasters - 1
    entry = table.history[-1]
    assert "You acquired nothing and placed no biome tile. You take a disaster card." in entry
    assert "Your next line:" in entry


def test_five_quick_presses_of_end_turn_never_skip_the_question(table: EcosferaTable) -> None:
    """Issue 8 A4: five quick clicks on End turn ended three turns with three extinction
    tiles; now End turn cannot confirm its own question, however often it is pressed."""
    before = table.game.clone()
    for _ in range(5):
        table.buttons["end_turn"].click()
    assert table.game == before and moves(table) == 0
    assert table.pending is not None and table.pending.kind == "end"
    assert "“End turn” does not confirm" in table.status.problem
    for _ in range(5):  # and five quick presses of “Yes” end one turn, not five
        table.choice_buttons[0].click()
    assert table.game.turns == 1 and moves(table) == 1


def test_a_burst_of_end_turn_presses_ends_one_turn_when_no_question_is_needed() -> None:
    """With nothing to acquire, End turn ends the turn at once; the presses of the same
    burst end nothing more, and a deliberate press later ends the next turn."""
    t = solo([D(1), D(2)])
    now = [50.0]
    t.model.clock = lambda: now[0]
    assert not acquisitions(t.game)
    for _ in range(5):
        t.buttons["end_turn"].click()
    assert t.game.turns == 1
    assert "same burst" in t.status.problem
    now[0] += 5
    if not t.game.is_over and not acquisitions(t.game):
        t.buttons["end_turn"].click()
        assert t.game.turns == 2


def test_a_quick_second_click_on_a_plant_does_not_take_the_missing_element(
    sunless: EcosferaTable,
) -> None:
    """The missing-element offer costs a point at the end: a double click on the plant asks
    and does not answer; a later click (or the button) does."""
    now = [10.0]
    sunless.model.clock = lambda: now[0]
    for _ in range(5):
        sunless.click_target(f"plant:{SAXIFRAGE}")
    assert moves(sunless) == 0
    assert sunless.pending is not None and sunless.pending.kind == "missing"
    now[0] += 1.5
    sunless.click_target(f"plant:{SAXIFRAGE}")
    assert isinstance(sunless.game.moves()[-1][1], TakeMissingElement)


def test_end_turn_after_an_acquisition_brings_no_disaster(table: EcosferaTable) -> None:
    table.pay(CLOUDBERRY, [el("earth"), el("water")])
    disasters = len(table.game.disaster_deck)
    assert table.end_turn()
    assert len(table.game.disaster_deck) == disasters
    assert "disaster" not in table.history[-1].split("next line")[0]
    assert table.game.turns == 1


# ---------------------------------------------------------------------------- whole games


def play_through(table: EcosferaTable, rng: random.Random, limit: int = 3000) -> int:
    n = 0
    while not table.game.is_over and n < limit:
        action = rng.choice(table.game.legal_actions())
        assert table.perform(action), (action, table.status.text)
        n += 1
    return n


def test_a_solo_game_to_the_end_through_the_table() -> None:
    table = EcosferaTable(seed=11)
    n = play_through(table, random.Random(2))
    assert table.game.is_over and n > 5
    assert len(table.history) == len(table.game.moves())
    assert table.history == history_of(table.game)[0]
    assert table.status.text.startswith("Game over")
    texts = table.scene().texts()
    assert any(t.startswith("All seven") or t.startswith("The round limit") for t in texts)
    sheet = table.game.team_score()
    steps = table.score_steps()
    assert table.buttons["score_step"].layout.visibility == "visible"
    for category in steps:
        assert table.next_score_step()
        assert sheet.title(category) in table.status.text
        assert f"▸ {sheet.title(category)}" in table.scene().texts()
    assert table.next_score_step()
    assert f"Total: {sheet.total('team')} points for the team." in table.status.text
    assert str(sheet.total("team")) in table.scene().texts()
    assert "Total for the team" in table.score_html.value
    assert not table.next_score_step()
    assert table.buttons["score_step"].disabled


def test_a_greedy_game_can_win_or_lose_and_shows_the_banner() -> None:
    table = EcosferaTable(seats=("greedy",), seed=3)
    assert table.game.is_over  # the bot played the whole game at once
    words = {"won": "we won together", "lost": "the game is lost", "time_up": "round limit"}
    assert any(words[table.game.status] in t for t in table.scene().texts())


def test_bots_play_their_turns_as_teammates() -> None:
    table = EcosferaTable(players=("Ana", "Robo"), seats=("human", "greedy"), seed=21)
    assert table.game.current_player == 0
    table.perform(EndTurn())
    assert table.game.current_player == 0  # Robo played a whole turn in between
    assert any(text.startswith("Robo") for text in table.history)
    assert "Robo" in table.status.text
    assert "Ana to play" in table.status.text
    assert "Robo — to play" not in table.scene().texts()
    assert "greedy bot · deck" in " ".join(table.scene().texts())


def test_step_bots_wait_for_the_buttons() -> None:
    table = EcosferaTable(
        players=("Ana", "Robo"), seats=("human", "random"), seed=21, step_bots=True
    )
    table.perform(EndTurn())
    assert table.game.current_player == 1
    assert table.buttons["next_bot"].layout.display is None
    table.click_target("tile:0:0")
    assert "It is Robo's turn" in table.status.problem
    assert table.next_bot_move()
    assert table.finish_bot_turn() or table.game.current_player == 0
    while table.game.current_player == 1:
        table.finish_bot_turn()
    assert table.game.current_player in (0, None)
    assert not table.buttons["next_bot"].disabled or table.game.current_player != 1


def test_hot_seat_humans_share_one_public_table() -> None:
    table = EcosferaTable(players=("Ana", "Ben"), seats=("human", "human"), seed=8)
    ben_card = table.game.lines[1][0]
    table.click_target(f"line:1:{ben_card}")
    assert "on Ben's line" in table.status.problem and "Ana's turn" in table.status.problem
    assert table.selected == []
    table.perform(EndTurn())
    assert table.game.current_player == 1
    assert "Ben to play" in table.status.text and "Pass the mouse to Ben" in table.status.text
    # both lines are drawn face up: nothing is secret in Ecosfera
    for p in (0, 1):
        for code in table.game.lines[p]:
            assert f"line{p}-{code}-face" in table.scene().ids()


def test_seats_are_checked_and_the_planner_is_offered_when_it_exists() -> None:
    with pytest.raises(ValueError, match="one seat per player"):
        EcosferaTable(players=("Ana", "Ben"), seats=("human",))
    with pytest.raises(ValueError, match="unknown seat"):
        EcosferaTable(seats=("wizard",))
    kinds = seat_kinds()
    assert {"human", "random", "greedy"} <= set(kinds)
    if "planner" in kinds:
        table = EcosferaTable(players=("Ana", "Plan"), seats=("human", "planner"), seed=4)
        table.perform(EndTurn())
        assert any(text.startswith("Plan") for text in table.history)


# ---------------------------------------------------------------------------- undo, files


def test_undo_goes_back_to_the_humans_last_decision() -> None:
    table = EcosferaTable(players=("Ana", "Robo"), seats=("human", "greedy"), seed=21)
    before = table.game.clone()
    table.perform(EndTurn())
    assert len(table.game.moves()) > 1
    assert table.undo()
    assert table.game == before
    assert table.history == []
    assert "Undid Ana's last move and" in table.status.text
    assert not table.undo()
    assert "no human move to undo" in table.status.problem


def test_save_and_load_round_trip(tmp_path, monkeypatch) -> None:
    table = EcosferaTable(seed=5)  # a dealt game (an arranged one has no log to replay)
    rng = random.Random(1)
    for _ in range(6):
        table.perform(rng.choice(table.game.legal_actions()))
    other = EcosferaTable(seed=99)
    assert other.load_text(table.save_text())
    assert other.game == gamecore.load_json(table.save_text())
    assert other.history == table.history
    assert "Loaded the save file" in other.status.text
    monkeypatch.chdir(tmp_path)
    assert table.file_name == "ecosfera-5.json"
    path = table.save()
    assert path is not None and gamecore.load_json(path.read_text()) == other.game
    assert table.save(str(tmp_path / "missing" / "x.json")) is None
    assert "Could not save" in table.status.problem


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"format": "mundos-lab-save", "version": 1, "game": "nuevos-mundos", "players": ["a"],'
        ' "seed": 1, "options": {}, "log": []}',
        b"\xff\xfe\x00",
    ],
)
def test_a_bad_file_leaves_the_game_unchanged(table: EcosferaTable, text: str | bytes) -> None:
    before = table.game.clone()
    assert not table.load_text(text)
    assert table.game == before
    assert "Could not load" in table.status.problem


def test_the_upload_widget_loads_a_file(table: EcosferaTable) -> None:
    game = gamecore.new_game("ecosfera", players=("You",), seed=77)
    game.play(EndTurn())
    content = memoryview(game.to_json().encode())
    table._on_upload({"new": ({"name": "mine.json", "content": content},)})
    assert "Loaded mine.json" in table.status.text
    assert table.game.seed == 77 and len(table.history) == 1


def test_new_game_takes_the_level_and_the_seed(table: EcosferaTable) -> None:
    table.level_choice.value = 4
    table.seed_input.value = "4321"
    table.buttons["new_game"].click()
    assert table.game.level == 4 and table.game.seed == 4321
    assert "Game seed 4321" in table.seed_label.value
    assert sum(len(d) for d in table.game.element_decks) == 5 * 8  # solo level 4: 9 - 1
    assert any("Game seed 4321 · level 4" in t for t in table.scene().texts())
    table.seed_input.value = "soon"
    table.new_game()
    assert "whole number" in table.status.problem and table.game.seed == 4321


def test_from_game_copies_and_keeps_the_history() -> None:
    game = gamecore.new_game("ecosfera", players=("Ana", "Ben"), seed=2)
    game.play(EndTurn())
    table = EcosferaTable.from_game(game)
    assert table.seats == ("human", "greedy")
    assert table.history[0].startswith("Ana ended their turn.")
    assert game.current_player == 1  # the lesson's game is untouched
    with pytest.raises(TypeError):
        EcosferaTable.from_game(gamecore.new_game("nuevos-mundos", players=2, seed=1))


def test_describe_move_reads_notes_and_new_lines() -> None:
    game = gamecore.new_game("ecosfera", players=("You",), seed=9)
    assert isinstance(game, Ecosfera)
    before = game.clone()
    game.play(EndTurn())
    text = describe_move(before, game, 0, EndTurn())
    assert text.startswith("You ended your turn.")
    assert "You take a disaster card" in text and "Your next line:" in text
    assert "You's" not in text and "You takes" not in text


# ---------------------------------------------------------------------------- looks, safety


def _every_table() -> list[EcosferaTable]:
    selected = solo([el("earth"), el("sun"), el("water"), el("time"), D(1)])
    selected.select(el("earth"))
    asking = solo([el("earth"), el("sun")])
    asking.click_target("tile:0:2")
    stepping = EcosferaTable(
        players=("Ana", "Robo"), seats=("human", "random"), seed=2, step_bots=True
    )
    stepping.perform(EndTurn())
    over = EcosferaTable(seats=("random",), seed=6)
    return [selected, asking, stepping, over]


def test_clicks_anywhere_never_raise_and_always_answer() -> None:
    for table in _every_table():
        scene = table.scene()
        for x in range(3, scene.width, 61):
            for y in range(3, scene.height, 53):
                table.click(x, y)
                text = table.status.text
                assert "could not be handled" not in text and "did not work" not in text, text
        check_invariants(table.game)
    over = _every_table()[-1]
    over.click_target(f"plant:{next(c for c in over.game.plant_row if c)}")
    assert "The game is over" in over.status.problem


def test_buttons_never_raise(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # “Save” writes a file
    for table in _every_table():
        for button in [*table.buttons.values(), *table.choice_buttons]:
            button.click()
            assert "did not work" not in table.status.text, table.status.text


def test_text_is_legible_and_inside_the_canvas() -> None:
    for table in [*_every_table(), EcosferaTable(players=("A", "B", "C", "D"), seed=5)]:
        table.show_hints()
        scene = table.scene()
        for shape in scene:
            x, y, w, h = shape.bbox()
            assert x >= 0 and x + w <= scene.width + 1, shape.id
            assert y >= 0 and y + h <= scene.height, shape.id
            if isinstance(shape, Text):
                assert shape.size >= 12, (shape.id, shape.text)
            if isinstance(shape, Text):
                assert shape.size >= 8, shape.id


def test_the_svg_is_valid_xml_early_and_at_the_end() -> None:
    table = solo([el("earth"), el("sun"), el("water"), el("time"), D(1)])
    table.pay(SCOTS_PINE, [el("earth"), el("sun"), el("time")])
    table.show_hints()
    svg = table.to_svg()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "Scots pine" in svg and 'data-target="plant:' in svg
    assert table.snapshot()._repr_svg_() == svg
    end = EcosferaTable(seats=("greedy",), seed=3)
    while end.next_score_step():
        pass
    ET.fromstring(end.to_svg())


def test_every_element_biome_and_ability_has_a_symbol_and_a_name() -> None:
    names = [
        *ELEMENTS,
        "taiga",
        "temperate_forest",
        "desert",
        "savanna",
        "tropical",
        "aquatic",
        "tundra",
        "plus",
        "refresh",
        "movement",
        "mushroom",
    ]
    for name in names:
        shapes = eco_icon(name, 0, 0, 40)
        assert shapes and name in DRAWINGS
        for s in shapes:
            x, y, w, h = s.bbox()
            assert x >= -2 and y >= -2 and x + w <= 42 and y + h <= 42, (name, s.id)
    with pytest.raises(ValueError, match="no drawing"):
        eco_icon("dragon", 0, 0, 10)
    table = EcosferaTable(seed=1)
    texts = " ".join(table.scene().texts())
    for word in (
        "earth",
        "water",
        "time",
        "sun",
        "air",
        "Taiga",
        "Temperate",
        "Desert",
        "Savanna",
        "Tropical",
        "Aquatic",
        "Tundra",
        "plus",
        "refresh",
        "movement",
    ):
        assert word in texts


def test_the_table_displays_as_its_widget_with_css_classes(table: EcosferaTable) -> None:
    bundle = table._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    assert "eco-table-canvas" in table.canvas.canvas._dom_classes
    assert "eco-status" in table.status.widget._dom_classes
    assert "eco-end-turn" in table.buttons["end_turn"]._dom_classes
    assert "eco-hint" in table.buttons["hint"]._dom_classes
    assert "eco-history" in table.history_html._dom_classes
    canvas = table.canvas.canvas
    assert canvas.layout.max_width == f"{canvas.width}px" and canvas.width <= 1000


def test_an_illegal_action_is_never_played_by_perform(table: EcosferaTable) -> None:
    before = table.game.clone()
    assert not table.perform(AcquirePlant.paying(RED_OAT, [el("earth"), el("water")]))
    assert not table.perform(Move(TILE, D(1), RECYCLE))
    assert table.game == before
    with pytest.raises(IllegalAction):
        table.game.play(Move(TILE, D(1), RECYCLE))


def test_a_won_game_shows_the_banner_the_full_star_and_the_challenges() -> None:
    t = solo([REINDEER, WOLVERINE, el("sun")], animal_row=[ARCTIC_FOX, BLUE_WHALE, DROMEDARY, 201])
    t.game.biome_tiles[:] = [1, 2, 3, 4, 5]  # white-box: five tiles already placed
    t.load_game(t.game)
    t.select(REINDEER)
    t.select(WOLVERINE)
    assert t.game.status == "won"
    texts = t.scene().texts()
    assert "All seven biome tiles: we won together!" in texts
    assert "7/7" in texts
    assert "Game over: won" in t.status.text
    while t.next_score_step():
        pass
    assert "▸ Total for the team" in t.scene().texts()
    assert str(t.game.team_score().total("team")) in t.scene().texts()
    html = t.score_html.value
    assert "All seven biomes" in html and "The Anónymous" in html and "The 0 Waste Master" in html


def test_a_card_symbol_in_a_long_line_stays_in_view_and_answers_a_click() -> None:
    """A long line fans out and each card covers the right of the one before: a card's
    symbols move into the strip left in view, so every symbol on the table is seen and
    a click at its middle reaches it (before, a symbol under the next card could not be
    clicked)."""
    checked = longest = 0
    for seed in range(6):
        table = EcosferaTable(players=("Ana", "Beto"), seats=("human", "human"), seed=seed)
        rng = random.Random(seed)
        for _ in range(120):
            if table.game.is_over:
                break
            scene = table.scene()
            longest = max(longest, *(len(line) for line in table.game.lines))
            for target in scene.targets():
                if target.startswith("symbol:"):
                    assert scene.hit(*scene.center_of(target)) == target, (seed, target)
                    checked += 1
            legal = table.game.legal_actions()
            # more cards on the line: the plus and the gifts first, then anything
            action = next((a for a in legal if a.kind in ("plus", "move")), rng.choice(legal))
            table.perform(action)
    assert checked > 100 and longest >= 8


@pytest.mark.parametrize("players", [2, 4])
def test_team_games_through_the_table_play_every_kind_of_move(players: int) -> None:
    names = tuple(f"Player {k + 1}" for k in range(players))
    table = EcosferaTable(players=names, seats=("human",) * players, seed=players, level=2)
    rng = random.Random(players)
    for _ in range(50):
        if table.game.is_over:
            break
        action = rng.choice(table.game.legal_actions())
        before = len(table.game.moves())
        assert table.perform(action), (action, table.status.text)
        assert len(table.game.moves()) == before + 1
        assert table.game.moves()[-1][1].kind == action.kind
        check_invariants(table.game)
    assert len(table.history) == len(table.game.moves())
