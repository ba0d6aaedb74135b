"""The Nuevos Mundos scoring pad: typed and clicked cards, step-by-step scoring, SVG.

Everything runs in plain Python: scenes are read as data and clicks are simulated at
scene coordinates (the browser tests check real drawing).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from gamecore.nuevos_mundos import score
from widgets.nuevos_mundos.pad import (
    ScoringPad,
    parse_cards,
    short_tags,
)
from widgets.palette import HIGHLIGHT
from widgets.scene import Rect, Scene, Text
from widgets.svg import to_svg

ROBERTO = [1, 3, 5, 9, 11, 13, 24, 31, 39, 41, 43, 45, 49, 63]
ALICIA = [7, 15, 23, 25, 27, 29, 33, 35, 37, 47, 53, 54, 55]
NOA = [17, 18, 19, 20, 21, 22, 32, 40, 50, 51, 52, 57, 59, 61]
EXAMPLE = {"Roberto": ROBERTO, "Alicia": ALICIA, "Noa": NOA}
PLAYERS = ("Roberto", "Alicia", "Noa")


def typed_example() -> ScoringPad:
    """The rulebook's final example, typed as a teacher would (spaces and commas)."""
    pad = ScoringPad(players=PLAYERS)
    assert pad.set_cards("Roberto", " ".join(map(str, ROBERTO)))
    assert pad.set_cards("Alicia", ", ".join(map(str, ALICIA)))
    assert pad.set_cards("Noa", ",".join(map(str, NOA)))
    return pad


def highlighted(scene: Scene, row: int) -> set[int]:
    """The cards of one world marked in the scene (the corner tick of a highlighted card)."""
    prefix = f"w{row}-"
    return {
        int(s.id.split("-")[1])
        for s in scene.shapes
        if s.id.startswith(prefix) and s.id.endswith("-mark")
    }


def points(pad: ScoringPad, category: str) -> tuple[int, ...]:
    sheet = pad.sheet()
    assert sheet is not None
    return tuple(sheet.points(p, category) for p in PLAYERS)


def text_of(scene: Scene, shape_id: str) -> str:
    shape = scene.find(shape_id)
    assert isinstance(shape, Text)
    return shape.text


def tile(pad: ScoringPad, code: int) -> tuple[float, float]:
    return pad.picker_scene().center_of(f"pick:{code}")


def click_card(pad: ScoringPad, code: int) -> None:
    pad.click_picker(*tile(pad, code))


# --- the rulebook example --------------------------------------------------------------


def test_rulebook_example_typed_gives_17_16_18() -> None:
    pad = typed_example()
    sheet = pad.sheet()
    assert sheet is not None
    assert sheet.totals() == {"Roberto": 17, "Alicia": 16, "Noa": 18}
    assert sheet.winners() == ["Noa"]
    assert pad.worlds() == EXAMPLE


def test_from_worlds_opens_with_the_cards_entered() -> None:
    pad = ScoringPad.from_worlds(EXAMPLE)
    assert pad.players == PLAYERS
    assert pad.worlds() == EXAMPLE
    assert pad.sheet() == score(EXAMPLE)
    assert pad._card_boxes[2].value.split() == [str(c) for c in NOA]


def test_steps_reveal_the_categories_in_order_with_their_cards() -> None:
    pad = typed_example()
    assert pad.revealed == ()
    assert highlighted(pad.scene(), 2) == set()

    assert pad.step() == "biodiversity"
    assert points(pad, "biodiversity") == (11, 7, 5)
    assert highlighted(pad.scene(), 0) == set(ROBERTO)
    assert "Biodiversity" in pad.status.text

    assert pad.step() == "dominant_biomes"
    assert points(pad, "dominant_biomes") == (6, 6, 4)
    assert highlighted(pad.scene(), 1) == {25, 27, 29, 33, 35, 37, 53, 54, 55}
    assert highlighted(pad.scene(), 2) == {17, 18, 19, 20, 21, 22, 57, 59, 61}

    assert pad.step() == "natural_balance"
    assert points(pad, "natural_balance") == (0, 3, 9)
    scene = pad.scene()
    assert highlighted(scene, 0) == set()
    assert highlighted(scene, 1) == {53, 54, 55}
    assert highlighted(scene, 2) == {17, 18, 19, 20, 21, 22, 50, 51, 52}
    assert scene.find("w2-52-face").stroke == HIGHLIGHT
    assert scene.find("w2-32-face").stroke != HIGHLIGHT

    assert pad.revealed == ("biodiversity", "dominant_biomes", "natural_balance")
    assert pad.complete
    assert pad.step() is None
    assert pad.revealed == ("biodiversity", "dominant_biomes", "natural_balance")


def test_the_table_adds_up_step_by_step_and_ends_with_the_ranking() -> None:
    pad = typed_example()
    assert "Press Next category" in pad.table.value
    pad.step()
    html = pad.table.value
    assert "So far" in html and "Dominant biomes" not in html
    assert "most biome types (8): +3" in html
    pad.show_all()
    html = pad.table.value
    assert "Total" in html and "Ranking: 1st Noa (18) · 2nd Roberto (17) · 3rd Alicia (16)" in html
    assert "Noa wins with 18 points." in html
    assert "the highest taiga card, 55, wins" in html
    summaries = [t for t in pad.scene().texts() if "total" in t]
    assert summaries == [
        "Natural balance +0 · total 17 · 2nd",
        "Natural balance +3 · total 16 · 3rd",
        "Natural balance +9 · total 18 · 1st",
    ]


def test_hiding_the_scores_starts_the_reveal_again() -> None:
    pad = typed_example()
    assert pad.show_all() == ("biodiversity", "dominant_biomes", "natural_balance")
    pad.restart()
    assert pad.revealed == ()
    assert pad.step() == "biodiversity"


def test_a_tie_on_points_is_decided_by_the_nature_icons_and_said_so() -> None:
    pad = ScoringPad.from_worlds({"Ana": [1], "Bea": [9]})
    sheet = pad.sheet()
    assert sheet is not None
    assert sheet.total("Ana") == sheet.total("Bea") == 6
    pad.show_all()
    html = pad.table.value
    icons = sheet.tie_break
    if icons["Ana"] == icons["Bea"]:
        assert "share first place" in html
    else:
        winner = max(("Ana", "Bea"), key=lambda p: icons[p])
        assert sheet.winners() == [winner]
        assert "tie on 6 points, so the nature icons decide" in html
        assert f"{winner} wins." in html


def test_a_lone_player_can_be_scored_and_an_empty_pad_too() -> None:
    pad = ScoringPad(players=["Solo"])
    assert pad.sheet() is not None
    pad.set_cards("Solo", "33 34 35")
    pad.show_all()
    sheet = pad.sheet()
    assert sheet is not None and sheet.points("Solo", "natural_balance") == 3


# --- the card picker -------------------------------------------------------------------


def test_picker_shows_64_cards_in_8_biome_columns() -> None:
    scene = ScoringPad().picker_scene()
    targets = scene.targets()
    assert targets == [f"pick:{c}" for c in range(1, 65)]
    x1, y1 = tile_of(scene, 1)
    x8, y8 = tile_of(scene, 8)
    x9, _ = tile_of(scene, 9)
    assert x1 == x8 and y8 > y1 and x9 > x1
    assert all(s.size >= 12 for s in scene.shapes if isinstance(s, Text))


def tile_of(scene: Scene, code: int) -> tuple[float, float]:
    return scene.center_of(f"pick:{code}")


def test_settlements_join_the_picker_with_the_module() -> None:
    pad = ScoringPad(modules=["human_settlements"])
    assert pad.picker_scene().targets()[-8:] == [f"pick:{c}" for c in range(65, 73)]
    click_card(pad, 71)  # the taiga settlement
    assert pad.worlds()["Roberto"] == ["settlement:taiga"]


def test_clicking_a_card_adds_it_to_the_chosen_player_and_again_removes_it() -> None:
    pad = ScoringPad()
    assert pad.choose("Alicia")
    assert pad._adding.value == "Alicia"
    click_card(pad, 42)
    assert pad.worlds()["Alicia"] == [42]
    assert "added to Alicia's world" in pad.status.text
    assert pad._card_boxes[1].value == "42"
    scene = pad.picker_scene()
    assert text_of(scene, "pick42-tag") == "A"
    assert scene.find("pick42-face").stroke == HIGHLIGHT
    assert pad.scene().find("w1-42-face")

    click_card(pad, 42)
    assert pad.worlds()["Alicia"] == []
    assert "taken out of Alicia's world" in pad.status.text


def test_clicking_a_card_of_someone_else_explains_and_changes_nothing() -> None:
    pad = ScoringPad.from_worlds(EXAMPLE)
    pad.choose("Alicia")
    before = pad.worlds()
    click_card(pad, 52)
    assert pad.worlds() == before
    assert "already in Noa's world" in pad.status.text
    assert "Nothing changed" in pad.status.text
    tile_face = pad.picker_scene().find("pick52-face")
    assert tile_face.opacity < 1
    assert text_of(pad.picker_scene(), "pick52-tag") == "N"


def test_a_click_beside_the_cards_changes_nothing() -> None:
    pad = ScoringPad.from_worlds(EXAMPLE)
    pad.click_picker(2, 2)
    assert pad.worlds() == EXAMPLE
    assert "not on a card" in pad.status.text


def test_initials_stay_distinct() -> None:
    assert short_tags(["Noa", "Alicia", "Roberto"]) == ["N", "A", "R"]
    assert short_tags(["Noa", "Nico"]) == ["No", "Ni"]


# --- bad input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("17 18 0", "no card 0"),
        ("17 65", "no card 65"),
        ("17 x", "'x' is not a card"),
        ("17 4.5", "'4.5' is not a card"),
        ("17 42", "card 42 is already in Alicia's world"),
        ("17 17", "entered twice"),
    ],
)
def test_bad_typed_input_is_explained_and_the_previous_entry_kept(text: str, said: str) -> None:
    pad = ScoringPad()
    pad.set_cards("Alicia", "42")
    assert pad.set_cards("Noa", "17 18 19")
    assert not pad.set_cards("Noa", text)
    assert said.lower() in pad.status.text.lower()
    assert "Noa's cards were not changed" in pad.status.text
    assert pad.worlds()["Noa"] == [17, 18, 19]
    assert pad.worlds()["Alicia"] == [42]
    assert pad.sheet() is None
    assert "Cannot score yet" in pad.status.text
    assert pad.step() is None and pad.revealed == ()
    assert pad.set_cards("Noa", "17 18 19 20")
    assert pad.sheet() is not None


def test_typing_in_the_box_goes_through_the_same_checks() -> None:
    pad = ScoringPad()
    pad._card_boxes[0].value = "2 9 10"
    assert pad.worlds()["Roberto"] == [2, 9, 10]
    pad._card_boxes[0].value = "2 9 99"
    assert "no card 99" in pad.status.text
    assert pad.worlds()["Roberto"] == [2, 9, 10]


def test_an_unknown_biome_is_named() -> None:
    pad = ScoringPad(modules=["human_settlements"])
    assert not pad.set_cards("Noa", "50 s:volcano")
    assert "no biome called 'volcano'" in pad.status.text
    assert not pad.set_cards("Noa", "s:t")
    assert "could be taiga or arctic tundra" in pad.status.text
    assert pad.set_cards("Noa", "s:tundra S:High-Mountain")
    assert pad.worlds()["Noa"] == ["settlement:arctic_tundra", "settlement:high_mountain"]


def test_a_settlement_without_the_module_is_explained() -> None:
    pad = ScoringPad()
    assert not pad.set_cards("Noa", "50 52 s:taiga")
    assert "human settlement" in pad.status.text
    assert "Human settlements" in pad.status.text
    assert pad.worlds()["Noa"] == []
    assert not pad.toggle("Noa", "settlement:taiga")
    assert pad.worlds()["Noa"] == []


def test_unticking_settlements_keeps_them_but_scoring_waits() -> None:
    pad = ScoringPad(modules=["human_settlements"])
    pad.set_cards("Noa", "50 52 s:taiga")
    pad.set_module("human_settlements", False)
    assert pad.worlds()["Noa"] == [50, 52, "settlement:taiga"]
    assert pad.sheet() is None
    assert "tick Human settlements" in pad.status.text
    assert "pick:71" in pad.picker_scene().targets()  # still there, to take it out
    pad._module_boxes["human_settlements"].value = True
    assert pad.sheet() is not None


def test_unknown_players_and_bad_names_are_explained() -> None:
    pad = ScoringPad()
    assert not pad.set_cards("Zoe", "1 2 3")
    assert "no player 'Zoe'" in pad.status.text
    assert not pad.rename("Noa", "alicia")
    assert "cannot both be called" in pad.status.text
    assert pad.players == PLAYERS
    assert not pad.rename("Noa", "  ")
    assert pad.rename("Noa", "Naomi")
    assert pad.players == ("Roberto", "Alicia", "Naomi")
    assert pad._adding.options == ("Roberto", "Alicia", "Naomi")
    with pytest.raises(ValueError, match="1 to 6 players"):
        ScoringPad(players=[])
    with pytest.raises(ValueError, match="cannot both be called"):
        ScoringPad(players=["Ana", "Ana"])


def test_rows_can_be_added_up_to_six_and_removed() -> None:
    pad = ScoringPad(players=["Ana"])
    assert not pad.remove_player()
    for _ in range(5):
        assert pad.add_player()
    assert len(pad.players) == 6 and not pad.add_player()
    assert "6 players at most" in pad.status.text
    pad.set_cards(5, "64")
    assert pad.remove_player()
    assert 64 not in [c for cards in pad.worlds().values() for c in cards]


# --- settlements -----------------------------------------------------------------------


def test_the_engine_chosen_settlement_value_is_shown() -> None:
    pad = ScoringPad(modules=["human_settlements"])
    assert pad.set_cards("Noa", "50 52 s:taiga")
    assert pad.worlds()["Noa"] == [50, 52, "settlement:taiga"]
    assert pad.settlement_values() == {"Roberto": {}, "Alicia": {}, "Noa": {"taiga": 51}}
    texts = pad.scene().texts()
    assert "S=51" in texts
    assert any("taiga settlement counts as 51" in t for t in texts)
    pad.show_all()
    assert "taiga settlement counts as 51" in pad.table.value
    assert pad.sheet() == score(pad.worlds(), ["human_settlements"])
    sheet = pad.sheet()
    assert sheet is not None and sheet.points("Noa", "natural_balance") == 3


def test_a_typed_settlement_value_is_respected() -> None:
    pad = ScoringPad(modules=["human_settlements"])
    assert pad.set_cards("Noa", "50 52 settlement:taiga=53")
    assert pad.worlds()["Noa"] == [50, 52, "settlement:taiga=53"]
    assert pad.settlement_values()["Noa"] == {"taiga": 53}
    texts = pad.scene().texts()
    assert "S=53" in texts
    assert any("counts as 53 (typed)" in t for t in texts)
    sheet = pad.sheet()
    assert sheet is not None and sheet.points("Noa", "natural_balance") == 0
    assert not pad.set_cards("Noa", "50 53 s:taiga=53")
    assert "cannot count as 53" in pad.status.text
    assert not pad.set_cards("Noa", "s:taiga=60")
    assert "49 to 56" in pad.status.text


def test_parse_cards_reads_spaces_commas_and_settlements() -> None:
    assert parse_cards(" 2, 9 10;11  42 ") == [(v, None) for v in (2, 9, 10, 11, 42)]
    assert parse_cards("s:taiga settlement:taiga=53") == [(71, None), (71, 53)]
    assert parse_cards("") == []


# --- modules -------------------------------------------------------------------------


def test_module_checkboxes_add_their_categories() -> None:
    pad = ScoringPad.from_worlds(EXAMPLE)
    labels = [box.description for box in pad._module_boxes.values()]
    assert labels == ["Human settlements", "Global natural balance", "Vital capacity", "Discord"]
    pad._module_boxes["vital_capacity"].value = True
    pad.set_module("discord")
    assert pad.modules == ("vital_capacity", "discord")
    assert pad.show_all() == (
        "biodiversity",
        "dominant_biomes",
        "natural_balance",
        "vital_capacity",
        "discord",
    )
    assert pad.sheet() == score(EXAMPLE, ["vital_capacity", "discord"])
    pad.set_modules([])
    assert pad.revealed == ("biodiversity", "dominant_biomes", "natural_balance")


# --- the widget and its static forms ---------------------------------------------------


def test_the_widget_has_its_controls_with_css_classes() -> None:
    pad = ScoringPad.from_worlds(EXAMPLE)
    classes: set[str] = set()
    todo = [pad.widget]
    while todo:
        widget = todo.pop()
        classes.update(getattr(widget, "_dom_classes", ()))
        todo.extend(getattr(widget, "children", ()))
    assert {"nm-pad-canvas", "nm-pad-status", "nm-pad-step", "nm-pad-all"} <= classes
    bundle, metadata = pad._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    # opened before it is run: a picture of the worlds and a sentence, never VBox(…)
    assert bundle["text/plain"] == "Run this cell to use the scoring pad."
    assert bundle["image/png"] and metadata["image/png"]["width"] == pad.scene().width


def test_buttons_and_player_choice_work_through_the_widgets() -> None:
    pad = ScoringPad.from_worlds(EXAMPLE)
    assert pad._next_button.description == "Next category: Biodiversity"
    pad._next_button.click()
    assert pad.revealed == ("biodiversity",)
    pad._all_button.click()
    assert pad.complete and pad._next_button.disabled
    pad._restart_button.click()
    assert pad.revealed == ()
    pad._adding.value = "Noa"
    assert pad.active == "Noa"
    assert "Noa's world" in pad.picker_scene().texts()[0]


def test_svg_forms_are_valid_xml() -> None:
    pad = ScoringPad.from_worlds(EXAMPLE)
    pad.step()
    root = ET.fromstring(pad.to_svg())
    assert root.tag.endswith("svg")
    assert ET.fromstring(pad.snapshot()._repr_svg_()) is not None
    assert ET.fromstring(to_svg(pad.picker_scene())) is not None
    names = ScoringPad(players=["<Ana & Bea>"])
    assert ET.fromstring(names.to_svg()) is not None


def test_world_columns_line_up_under_the_biome_headings() -> None:
    scene = ScoringPad.from_worlds(EXAMPLE).scene()
    ocean = scene.find("w0-1-face")
    assert isinstance(ocean, Rect)
    assert scene.find("w1-7-face").bbox()[0] == ocean.x
    assert scene.find("w2-17-face").bbox()[0] == scene.find("w1-23-face").bbox()[0]
    small = [s for s in scene.shapes if isinstance(s, Text) and s.size < 12]
    assert small == []  # every word, the biome at a card's foot too, is 12 px or more


def test_a_click_repaints_only_what_changed() -> None:
    pad = ScoringPad.from_worlds(EXAMPLE)
    pad.choose("Alicia")
    new_scene = pad.picker_scene()
    assert pad.picker.show(new_scene) == 0
    pad._worlds[1].append(2)
    drawn = pad.picker.show(pad.picker_scene())
    assert 0 < drawn < 40
    assert pad.picker.scene == pad.picker_scene()


def test_an_unexpected_error_in_a_button_becomes_a_status_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pad = ScoringPad.from_worlds(EXAMPLE)

    def broken() -> None:
        raise RuntimeError("the pencil broke")

    monkeypatch.setattr(pad, "step", broken)
    pad._next_button.click()
    assert "could not be done: the pencil broke" in pad.status.text
