"""The scoring pad's layers (issue 8 C1, A2, A4, A9, A11): the model without widgets, the
column it must fit, the keyboard path (typing does what the picker does), stills."""

from __future__ import annotations

import ipywidgets as w
import pytest

from gamecore.nuevos_mundos import score
from widgets.nuevos_mundos.pad import ScoringPad
from widgets.nuevos_mundos.pad_model import PadModel
from widgets.nuevos_mundos.pad_words import token_of
from widgets.scene import Text

ROBERTO = [1, 3, 5, 9, 11, 13, 24, 31, 39, 41, 43, 45, 49, 63]
ALICIA = [7, 15, 23, 25, 27, 29, 33, 35, 37, 47, 53, 54, 55]
NOA = [17, 18, 19, 20, 21, 22, 32, 40, 50, 51, 52, 57, 59, 61]


def test_the_model_scores_the_rulebook_example_step_by_step() -> None:
    model = PadModel(["Roberto", "Alicia", "Noa"])
    for row, cards in enumerate((ROBERTO, ALICIA, NOA)):
        assert model.enter(row, " ".join(map(str, cards))).ok
    model.rescore()
    expected = score({"Roberto": ROBERTO, "Alicia": ALICIA, "Noa": NOA})
    assert model.sheet is not None and model.sheet.totals() == expected.totals()
    revealed = []
    while True:
        category, said = model.step()
        if category is None:
            assert said.event == "Every category is shown already."
            break
        revealed.append(category)
    assert tuple(revealed) == model.categories and model.complete


def test_the_model_refuses_without_changing_anything() -> None:
    model = PadModel(["Ana", "Bea"])
    assert model.enter(0, "2 9 10").ok
    said = model.enter(1, "9 12")
    assert not said.ok and said.problem == (
        "Card 09 is already in Ana's world. Bea's cards were not changed."
    )
    assert model.worlds == [[2, 9, 10], []]
    said = model.toggle(1, 2)
    assert not said.ok and "choose Ana under 'Adding cards to'" in (said.problem or "")
    assert model.toggle(0, 2).ok and model.worlds[0] == [9, 10]
    assert not model.rename(1, " ana ").ok and model.names == ["Ana", "Bea"]
    assert not model.set_module("space_travel", True).ok


def test_typing_reaches_every_card_the_picker_can_click() -> None:
    """The keyboard path: each picker target is a card that typing adds in the same way."""
    clicked = ScoringPad(players=["Ana"], modules=["human_settlements"])
    typed = ScoringPad(players=["Ana"], modules=["human_settlements"])
    targets = clicked.picker_scene().targets()
    assert len(targets) == 72
    for target in targets[::7]:
        code = int(target.split(":")[1])
        x, y = clicked.picker_scene().center_of(target)
        clicked.click_picker(x, y)
        typed._card_boxes[0].value = (typed._card_boxes[0].value + " " + token_of(code)).strip()
    assert clicked.worlds() == typed.worlds()
    assert clicked._card_boxes[0].value == typed._card_boxes[0].value


def test_every_control_is_a_focusable_widget() -> None:
    pad = ScoringPad()
    focusable = (w.Button, w.Text, w.Checkbox, w.ToggleButtons)
    controls = [
        *pad._module_boxes.values(),
        *pad._name_boxes,
        *pad._card_boxes,
        pad._add_button,
        pad._remove_button,
        pad._adding,
        pad._next_button,
        pad._all_button,
        pad._restart_button,
    ]
    assert all(isinstance(c, focusable) for c in controls)


def test_the_pad_fits_the_column_with_legible_text() -> None:
    pad = ScoringPad.from_worlds(
        {"Roberto": ROBERTO, "Alicia": ALICIA, "Noa": [*NOA, "s:taiga"]},
        modules=["human_settlements", "vital_capacity"],
    )
    pad.show_all()
    for scene in (pad.scene(), pad.picker_scene()):
        assert scene.width <= 900
        for shape in scene:
            x, _, width, _ = shape.bbox()
            assert x >= 0 and x + width <= scene.width + 1, shape.id
            # card faces (cards.py) print the biome's name small, as the printed cards do
            if isinstance(shape, Text):
                assert shape.size >= 12, (shape.id, shape.text)
    for canvas in (pad.picker.canvas, pad.worlds_canvas.canvas):
        assert canvas.layout.width == "100%" and canvas.layout.max_width == f"{canvas.width}px"


@pytest.mark.parametrize("clicks", [5])
def test_rapid_clicks_on_next_category_reveal_one_category_each(clicks: int) -> None:
    pad = ScoringPad.from_worlds({"Roberto": ROBERTO, "Alicia": ALICIA, "Noa": NOA})
    size = (pad.worlds_canvas.canvas.width, pad.picker.canvas.width)
    for k in range(clicks):
        pad._next_button.click()
        assert len(pad.revealed) == min(k + 1, len(pad.model.categories))
    assert pad.complete and pad._next_button.disabled
    assert (pad.worlds_canvas.canvas.width, pad.picker.canvas.width) == size


def test_the_still_picture_of_the_worlds_never_says_click() -> None:
    pad = ScoringPad.from_worlds({"Roberto": ROBERTO, "Alicia": ALICIA, "Noa": NOA})
    for _ in range(3):
        words = " ".join(s.text for s in pad.snapshot().scene if isinstance(s, Text)).lower()
        assert "click" not in words and "press" not in words
        pad.step()


def test_choosing_another_player_keeps_the_picker_size() -> None:
    pad = ScoringPad(players=["Al", "Maximiliana Fernández-Ocampo", "Noa"])
    sizes = set()
    for name in ("Al", "Maximiliana Fernández-Ocampo", "Noa", "Al"):
        assert pad.choose(name)
        sizes.add((pad.picker.canvas.width, pad.picker.canvas.height))
    assert len(sizes) == 1
