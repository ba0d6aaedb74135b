"""The Ecosfera table on a school laptop's screen: size, legibility, steady controls, still
pictures, the keyboard, and no internal ids anywhere a student reads (issue 8 A2-A5, A9, A11).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import ipywidgets as w
from test_widget_ecosfera import CLOUDBERRY, SAXIFRAGE, D, el, solo

from gamecore.ecosfera import EndTurn
from widgets.ecosfera.table import EcosferaTable
from widgets.ecosfera.table_controls import ACTIONS
from widgets.ecosfera.table_scene import MIN_TEXT, WIDTH
from widgets.scene import Text

CODE = re.compile(r"#\d|\b[PA]\d\d\b")
"""A card's code ("sun#12", "P01"): the engine's bookkeeping, never in a sentence."""
TARGET = re.compile(r"\b(line|plant|animal|tile|symbol|waiting):\d")
"""A click target's id ("line:0:301")."""
"""Shapes inside a card face or an ability tile, drawn by widgets/ecosfera/cards.py (its own
sizes; not this table's)."""


def tables() -> Iterator[EcosferaTable]:
    """Tables early, with hints, with a question, with bots, at the end."""
    yield EcosferaTable(seed=5)
    hinted = EcosferaTable(players=("Ana", "Ben", "Cai", "Dee"), seed=6)
    hinted.show_hints()
    yield hinted
    asking = solo([el("earth"), el("water"), el("time"), D(1)])
    asking.click_target(f"plant:{SAXIFRAGE}")
    yield asking
    yield EcosferaTable(players=("Ana", "Robo"), seats=("human", "greedy"), seed=21)
    over = EcosferaTable(seats=("greedy",), seed=3)
    over.next_score_step()
    yield over


def test_the_scene_fits_the_column_and_its_text_is_legible() -> None:
    for table in tables():
        scene = table.scene()
        assert scene.width <= 900 == WIDTH
        for shape in scene:
            x, y, width, height = shape.bbox()
            assert x >= 0 and x + width <= scene.width + 1, shape.id
            assert y >= 0 and y + height <= scene.height, shape.id
            if isinstance(shape, Text):  # card faces too (tests/test_ecosfera_card_faces.py)
                assert shape.size >= MIN_TEXT == 12, (shape.id, shape.text)


def test_what_a_decision_needs_is_at_the_top_of_the_canvas() -> None:
    """The supply rows and the line of the player to play fill the canvas's first 460 px:
    with the status line and the buttons above, they fit a 1366x768 laptop's notebook."""
    table = EcosferaTable(players=("Ana", "Ben"), seats=("human", "human"), seed=6)
    table.perform(EndTurn()) or table.choose(0)
    scene = table.scene()
    p = table.game.turn_player
    line = [scene.find(f"line{p}-{c}-face").bbox() for c in table.game.lines[p]]
    supply = [scene.find(f"plant-{c}-face").bbox() for c in table.game.plant_row if c]
    for _x, y, _width, height in [*line, *supply]:
        assert y + height <= 460
    assert scene.find(f"panel{p}-name").text.startswith(table.game.players[p])


def _rows(table: EcosferaTable) -> list[w.Widget]:
    rows = [c for c in table.widget.children if isinstance(c, w.HBox)][:2]
    return [child for row in rows for child in row.children]


def _steady(table: EcosferaTable) -> tuple[object, ...]:
    """What must not change under the pointer: the canvas size, the controls above it and
    whether each takes its place."""
    controls = _rows(table)
    return (
        table.scene().width,
        table.scene().height,
        tuple(id(c) for c in controls),
        tuple(c.layout.display for c in controls),
    )


def test_the_canvas_and_the_buttons_keep_their_place_for_a_whole_game() -> None:
    rng = random.Random(3)
    table = EcosferaTable(players=("Ana", "Ben"), seats=("human", "human"), seed=12)
    steady = _steady(table)
    assert _rows(table)[0].description == "End turn"
    assert table.buttons["hint"].layout.width.endswith("px")  # its two labels, one width
    assert len(_rows(table)) > len(ACTIONS)
    for step in range(400):
        if table.game.is_over:
            break
        legal = table.game.legal_actions()
        action = legal[-1] if step % 7 == 6 else rng.choice(legal)
        assert table.perform(action), table.status.text
        assert _steady(table) == steady
        if step % 25 == 0:
            table.undo()
            assert _steady(table) == steady
    table.new_game(seed=99)
    assert _steady(table) == steady
    assert table.load_text(table.save_text())
    assert _steady(table) == steady


def test_a_still_picture_never_asks_for_a_click() -> None:
    for k, table in enumerate(tables()):
        live = " ".join(table.scene().texts()).lower()
        still = " ".join(table.still_scene().texts()).lower()
        assert "click" not in still and "press" not in still, still
        assert "click" not in table.to_svg().lower()
        assert table.snapshot().scene.width == table.scene().width
        if k == 0:
            assert "click" in live  # the live canvas may say what to click


def test_every_target_is_in_the_keyboard_list_and_a_pick_does_what_a_click_does() -> None:
    for table in tables():
        options = {value for _, value in table.keyboard.options}
        targets = set(table.scene().targets())
        assert targets <= options, targets - options
        assert all(words and not CODE.search(words) for words, _ in table.keyboard.options)
        assert table.describe() and all(not CODE.search(line) for line in table.describe())
    clicked = solo([el("earth"), el("water"), el("time"), D(1)])
    picked = solo([el("earth"), el("water"), el("time"), D(1)])
    for target in (f"line:0:{el('earth')}", f"line:0:{el('water')}", f"plant:{CLOUDBERRY}"):
        clicked.click_target(target)
        picked.keyboard.value = target
        picked.pick_button.click()
        assert picked.status.text == clicked.status.text
        assert picked.game.moves() == clicked.game.moves()
    assert len(picked.game.moves()) == 1  # Cloudberry bought by keyboard


def _read(table: EcosferaTable) -> list[str]:
    """Everything a student reads: status, history, buttons, keyboard list, scene text."""
    texts = [table.status.text, *table.history, table.question.value]
    texts += [b.description for b in (*table.buttons.values(), *table.choice_buttons)]
    texts += [words for words, _ in table.keyboard.options]
    texts += [s for s in table.scene().texts()]
    return texts


def test_no_internal_id_anywhere_a_student_reads() -> None:
    rng = random.Random(5)
    for seed in (1, 2):
        table = EcosferaTable(players=("Ana", "Ben"), seats=("human", "human"), seed=seed)
        for _ in range(150):
            if table.game.is_over:
                break
            targets = table.scene().targets()
            table.click_target(rng.choice(targets))
            if rng.random() < 0.3:
                table.perform(rng.choice(table.game.legal_actions()))
            scene_ids = {s.text: s.id for s in table.scene() if isinstance(s, Text)}
            for text in _read(table):
                if "-band" in scene_ids.get(text, ""):  # the code printed on a card's band
                    continue
                assert not CODE.search(text), text
                assert not TARGET.search(text), text


def test_the_yes_button_is_never_where_end_turn_was_pressed() -> None:
    """End turn opens the button row; the question row below starts with the question's
    words in a fixed width, so "Yes, end my turn" (choice 0) cannot be under the pointer
    that pressed End turn, and the question row never wraps (one height)."""
    table = solo([el("earth"), el("water"), el("time"), D(1)])
    actions, asked = [c for c in table.widget.children if isinstance(c, w.HBox)][:2]
    assert actions.children[0] is table.buttons["end_turn"]
    assert asked.children[0] is table.question
    assert int(table.question.layout.width.removesuffix("px")) >= 200
    assert asked.children[1] is table.choice_buttons[0]
    assert asked.layout.flex_flow == "row nowrap" and asked.layout.height.endswith("px")
    table.buttons["end_turn"].click()
    assert table.choice_buttons[0].description == "Yes, end my turn"
