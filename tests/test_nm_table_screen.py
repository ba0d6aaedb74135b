"""The Nuevos Mundos table on a classroom screen (issue 8 A2, A3, A4, A9, A11): it fits the
column, controls never move under the pointer, rapid clicks skip nothing, a still picture
never says "click", and every clickable thing is reachable by keyboard."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import pairwise

import ipywidgets as w
import pytest

from gamecore.nuevos_mundos import NuevosMundos
from gamecore.nuevos_mundos.game import LAST_CARDS
from widgets.nuevos_mundos.cards import CARD_H
from widgets.nuevos_mundos.table import NuevosMundosTable
from widgets.nuevos_mundos.table_scene import (
    BOARD_Y,
    LEGEND_Y,
    SMALLEST_TEXT,
    WIDTH,
    scene_height,
)
from widgets.scene import Scene, Text

NAMES = ("Ana", "Greedy bot", "Random bot")
SEATS = ("human", "greedy", "random")
HOT = ("Ana", "Alicia", "Bot")
HOT_SEATS = ("human", "human", "greedy")


def arranged() -> NuevosMundos:
    return NuevosMundos.arranged(
        [[42, 18, 5, 55], [10, 20, 30, 40], [50, 51, 52, 53]],
        [25, 7, 33, 3, 60],
        2,
        [12, 13],
        players=NAMES,
        seed=11,
    )


def walk(widget: w.Widget) -> Iterator[w.Widget]:
    """Every widget of the layout in page order."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def display(x: w.Widget) -> object:
    """Whether a widget takes room; an action button shares its place with another one
    (``test_the_end_of_game_swaps_buttons_within_their_places``)."""
    if any(c.startswith("nm-action-") for c in getattr(x, "_dom_classes", ())):
        return "its slot"
    return getattr(x.layout, "display", None) if hasattr(x, "layout") else None


def layout_signature(table: NuevosMundosTable) -> list[tuple[str, object, object, object]]:
    """What decides where each control sits: order, kind, visibility, width, canvas size."""
    return [
        (
            type(x).__name__,
            tuple(getattr(x, "_dom_classes", ())),
            display(x),
            (x.width, x.height) if hasattr(x, "width") and isinstance(x.width, int) else None,
        )
        for x in walk(table.widget)
    ]


def play_some(table: NuevosMundosTable, moves: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        if table.game.is_over:
            return
        hand = table.game.hands[table.game.current_player or 0]
        if not hand:
            assert table.play_selected("none"), table.status.text
            continue
        assert table.select(rng.choice(hand)), table.status.text
        kinds = ["last", "none"] if table.game.phase == LAST_CARDS else ["biome", "digits", "lay"]
        assert any(table.play_selected(kind) for kind in rng.sample(kinds, len(kinds)))


# ---------------------------------------------------------------------------- A4


def test_rapid_undos_keep_the_canvas_size_and_every_control_in_place() -> None:
    table = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    size = (table.canvas.canvas.width, table.canvas.canvas.height)
    before = layout_signature(table)
    play_some(table, 8)
    assert layout_signature(table) == before  # the worlds grew; nothing moved
    undone = 0
    for _ in range(5):  # five quick clicks on Undo
        table.buttons["undo"].click()
        undone += 1
        assert (table.canvas.canvas.width, table.canvas.canvas.height) == size
        assert layout_signature(table) == before
    assert undone == 5 and len([p for p, _ in table.game.moves() if p == 0]) == 3


def test_rapid_new_games_keep_the_canvas_size_and_every_control_in_place() -> None:
    table = NuevosMundosTable(players=NAMES, seats=SEATS, seed=3)
    play_some(table, 6)
    size = (table.canvas.canvas.width, table.canvas.canvas.height)
    before = layout_signature(table)
    for seed in range(5):
        table.buttons["new_game"].click()
        table.buttons["confirm_new_game"].click()
        assert (table.canvas.canvas.width, table.canvas.canvas.height) == size
        assert layout_signature(table) == before
        table.new_game(seed)
        assert layout_signature(table) == before
        play_some(table, 2, seed)


def test_quick_clicks_on_new_game_never_drop_a_game_unasked() -> None:
    """A4: the confirmation is another button, beside New game, never under the pointer."""
    table = NuevosMundosTable(players=NAMES, seats=SEATS, seed=3)
    confirm = table.buttons["confirm_new_game"]
    assert confirm.layout.visibility == "hidden" and confirm.disabled
    row = list(table.control_row.children)
    assert row.index(confirm) == row.index(table.buttons["new_game"]) + 1
    play_some(table, 3)
    played = table.game.to_json()
    for _ in range(5):
        table.buttons["new_game"].click()
    assert table.game.to_json() == played
    assert "Yes, deal a new game" in table.status.text
    assert confirm.layout.visibility == "visible" and not confirm.disabled
    confirm.click()
    assert table.game.moves() == [] or table.game.seed != 3
    assert confirm.layout.visibility == "hidden" and confirm.disabled
    confirm.click()  # a late click on the hidden confirmation does nothing
    fresh = table.game.to_json()
    table.buttons["new_game"].click()  # nothing to lose yet: deals at once
    assert table.game.to_json() != fresh


def test_any_other_action_withdraws_the_new_game_question() -> None:
    table = NuevosMundosTable(players=NAMES, seats=SEATS, seed=3)
    play_some(table, 2)
    table.buttons["new_game"].click()
    assert not table.buttons["confirm_new_game"].disabled
    table.select(table.game.hands[0][0])
    assert table.buttons["confirm_new_game"].disabled
    assert not table.confirm_new_game()


def test_the_canvas_keeps_one_size_for_a_whole_game_and_its_scoring() -> None:
    table = NuevosMundosTable(
        players=("Ana", "Ben", "Cleo"), seats=("human", "greedy", "greedy"), seed=21
    )
    size = (table.canvas.canvas.width, table.canvas.canvas.height)
    assert size == (WIDTH, scene_height(3))
    before = layout_signature(table)
    while not table.game.is_over:
        play_some(table, 1, seed=len(table.game.moves()))
        assert (table.canvas.canvas.width, table.canvas.canvas.height) == size
        assert layout_signature(table) == before
    while table.next_score_step():
        assert (table.canvas.canvas.width, table.canvas.canvas.height) == size
        assert layout_signature(table) == before


def test_module_checkboxes_are_nowhere_near_undo() -> None:
    """Undo sits above the canvas and the module boxes below it; the canvas never changes
    size, so a click meant for Undo cannot reach a checkbox."""
    table = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    order = list(walk(table.widget))
    canvas = order.index(table.canvas.canvas)
    assert order.index(table.buttons["undo"]) < canvas
    assert order.index(table.buttons["new_game"]) < canvas
    for box in table.module_boxes.values():
        assert order.index(box) > canvas
    play_some(table, 4)
    for _ in range(5):
        table.buttons["undo"].click()
    assert not any(box.value for box in table.module_boxes.values())


def test_five_quick_clicks_on_an_action_play_one_move() -> None:
    table = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    assert table.select(42)
    for _ in range(5):
        table.buttons["lay"].click()
    assert [p for p, _ in table.game.moves()].count(0) == 1
    assert "Click a card in your hand first" in table.status.text


def test_the_end_of_game_swaps_buttons_within_their_places() -> None:
    """Each action place holds one visible button, in every phase."""
    table = NuevosMundosTable(players=NAMES, seats=("human", "greedy", "greedy"), seed=8)
    while not table.game.is_over:
        for slot in table.action_slots:
            visible = [b for b in slot.children if b.layout.display != "none"]
            assert len(visible) == 1
        play_some(table, 1, seed=len(table.game.moves()))


# ---------------------------------------------------------------------------- A2, A3


def test_the_scene_fits_the_column_and_no_text_is_small() -> None:
    table = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    table.select(5)
    scenes = [table.scene(), table.still_scene()]
    over = NuevosMundosTable(players=NAMES, seats=("greedy",) * 3, seed=5)
    while over.next_score_step():
        scenes.append(over.scene())
    for scene in scenes:
        assert scene.width <= 900
        for shape in scene:
            x, _, width, _ = shape.bbox()
            assert x >= 0 and x + width <= scene.width + 1, shape.id
            # card faces (cards.py) print the biome's name small on the card, as the
            # printed cards do; it repeats the drawn symbol and the column's heading
            if isinstance(shape, Text):
                assert shape.size >= SMALLEST_TEXT, (shape.id, shape.text)


def test_the_decision_is_at_the_top_of_the_canvas() -> None:
    """The board, the hand and the line that says what to do are the canvas' first 230 px:
    with the status line and the buttons above, about 470 px of a laptop screen."""
    table = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    scene = table.scene()
    for target in ("hand:42", "space:2", "space:6"):
        _, y = scene.center_of(target)
        assert y < BOARD_Y + CARD_H
    assert scene.find("legend").y == LEGEND_Y < 230


# ---------------------------------------------------------------------------- A9


def stills(table: NuevosMundosTable) -> list[Scene]:
    return [table.still_scene(), table.snapshot().scene]


def words_of(scene: Scene) -> str:
    return " ".join(s.text for s in scene if isinstance(s, Text)).lower()


def test_a_still_picture_never_says_click_or_press() -> None:
    table = NuevosMundosTable(players=("Roberto", "Alicia", "Bot"), seats=HOT_SEATS, seed=4)
    assert "click a card" in words_of(table.scene())  # the live canvas may say it
    checked = []
    checked += stills(table)
    table.select(table.game.hands[0][0])
    checked += stills(table)
    table.play_selected("lay")  # Alicia's hand now waits face down
    assert table.hand_hidden()
    checked += stills(table)
    stepped = NuevosMundosTable(players=NAMES, seats=("human", "greedy", "greedy"), step_bots=True)
    play_some(stepped, 1)
    checked += stills(stepped)  # a bot is to play
    over = NuevosMundosTable(players=NAMES, seats=("greedy",) * 3, seed=2)
    checked += stills(over)
    over.next_score_step()
    checked += stills(over)
    for scene in checked:
        said = words_of(scene)
        assert "click" not in said and "press" not in said, said
    assert "roberto's hand" in words_of(stills(NuevosMundosTable(players=("Roberto", "B", "C")))[0])


def test_the_still_picture_shows_what_the_canvas_shows() -> None:
    table = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    table.select(42)
    assert table.still_scene().targets() == table.scene().targets()
    assert table.to_svg().count("<text") == sum(isinstance(s, Text) for s in table.still_scene())


# ---------------------------------------------------------------------------- A11


def keyboard_targets(table: NuevosMundosTable) -> set[str]:
    return {value for _, value in table.keyboard.options if value}


LEFT_OUT = ("world:", "backs:", "hidden:")
"""Targets deliberately not in the keyboard list: a click there only says the cards cannot
be taken, and the table in words lists every world and hand."""


@pytest.mark.parametrize("hot", [False, True])
def test_every_clickable_target_is_in_the_keyboard_list(hot: bool) -> None:
    table = NuevosMundosTable(
        players=HOT if hot else NAMES, seats=HOT_SEATS if hot else SEATS, seed=9
    )
    for _ in range(6):
        targets = set(table.scene().targets())
        listed = keyboard_targets(table)
        assert listed <= targets
        assert {x for x in targets if not x.startswith(LEFT_OUT)} == listed
        if table.hand_hidden():
            table.reveal()
        play_some(table, 1, seed=len(table.game.moves()))


def test_a_pick_does_what_the_click_does() -> None:
    clicked = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    picked = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    for target in ("hand:42", "space:4", "space:1", "hand:42", "hand:5"):
        clicked._on_target(target)
        picked.keyboard.value = target
        picked.pick_button.click()
        assert picked.selected == clicked.selected
        assert picked.status.text == clicked.status.text
    assert picked.selected == 5
    labels = dict((v, k) for k, v in picked.keyboard.options)
    assert labels["hand:5"].startswith("05 (ocean) in Ana's hand")


def test_the_table_in_words_names_the_board_the_hand_and_every_world() -> None:
    table = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    lines = table.describe()
    text = " ".join(lines)
    assert "Universe board: discard pile 02 on top (1 cards)" not in text  # plural forms
    assert "discard pile 02 on top (1 card)" in text
    assert "space 2 25" in text and "creation pile 46 cards face down" in text
    assert "Ana's hand: 42, 18, 05 and 55." in lines
    assert "Greedy bot's world has no cards yet." in lines
    assert "in_words" not in text and "<" not in text
    assert "Universe board" in table.in_words.value


def test_the_table_in_words_never_names_a_hidden_hand() -> None:
    table = NuevosMundosTable.from_game(
        NuevosMundos.arranged(
            [[42, 18, 5, 55], [10, 20, 30, 40], [50, 51, 52, 53]],
            [25, 7, 33, 3, 60],
            2,
            [12, 13],
            players=HOT,
            seed=11,
        ),
        seats=HOT_SEATS,
    )
    assert table.select(5) and table.play_selected("lay")
    assert table.hand_hidden()
    text = " ".join(table.describe())
    assert "Alicia's hand: 4 cards, face down" in text
    for card in ("10", "20", "30", "40"):
        assert card not in text.split("Alicia's hand")[1].split(".")[0]
    assert set(keyboard_targets(table)) == {f"space:{s}" for s in range(7)}


def test_the_lessons_picture_of_robertos_hand_never_says_click() -> None:
    """Issue 8 A9: lesson 1 showed "Roberto's hand: click a card" in a still picture."""
    from widgets.nuevos_mundos.lesson import picture

    game = NuevosMundos(("Roberto", "Alicia", "Noa"), seed=7)
    for chosen in (None, game.hands[0][0]):
        said = words_of(picture(game, select=chosen).scene)
        assert "roberto's hand" in said
        assert "click" not in said and "press" not in said


def test_status_actions_and_controls_sit_right_above_the_canvas() -> None:
    """Issue 8 A3: what to do, the message and the cards are visible together; the
    keyboard list follows the canvas, and history, modules and files come below."""
    table = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    children = list(table.widget.children)
    assert children[:4] == [
        table.status.widget,
        children[1],
        table.control_row,
        table.canvas.canvas,
    ]
    assert "nm-actions" in children[1]._dom_classes
    assert children[4] is table.access
    below = list(walk(children[5]))
    assert table.file_row in below and table.history_html in below


def test_a_long_message_does_not_push_the_buttons_down() -> None:
    table = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    layout = table.status.widget.layout
    assert layout.height == "88px" and layout.overflow == "auto"
    assert table.select(42) and table.play_selected("digits")  # three sentences
    assert table.status.widget.layout.height == "88px"


def test_a_column_of_nine_cards_fits_its_panel_with_every_value_showing() -> None:
    """The panels have one height for the whole game; a rare long column draws its cards
    closer together, never past the panel, and every card's value band still shows."""
    from dataclasses import replace

    from gamecore.nuevos_mundos.data import settlement_code
    from widgets.nuevos_mundos.table_scene import TableLook, table_scene

    game = NuevosMundos(("Ana", "Ben", "Cleo"), seed=1, modules=("human_settlements",))
    taiga = (*range(49, 57), settlement_code(6))
    view = replace(game.view(0), worlds=(taiga, (), ()))
    scene = table_scene(view, TableLook(hand_player=0, seats=SEATS))
    panel = scene.find("world0-panel")
    _, top, _, height = panel.bbox()
    faces = sorted(scene.find(f"world0-{c}-face").bbox()[1] for c in taiga)
    assert all(top < y and y + CARD_H <= top + height for y in faces)
    assert min(b - a for a, b in pairwise(faces)) >= 16  # the value band's digits
    assert scene.height == scene_height(3)
