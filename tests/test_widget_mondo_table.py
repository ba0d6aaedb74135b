"""The Mondo table widget: clicks and keys on the scene, the browser's clock, rounds, puzzles."""

from __future__ import annotations

import pytest

from gamecore import load_json
from gamecore.mondo import Place, Take
from gamecore.mondo.game import EMPTY, JUMPED
from widgets.mondo.table import TICK_MS, MondoTable


def running(**options) -> MondoTable:
    table = MondoTable(seed=5, **options)
    table.play.playing = True
    return table


def click(table: MondoTable, target: str) -> None:
    x, y = table.canvas.scene.center_of(target)
    table.click(x, y)


def test_the_table_waits_for_the_timer_and_says_so():
    table = MondoTable(seed=5)
    assert "Press ▶" in table.status.text
    assert not table.take(0)
    assert "paused" in table.status.text
    assert table.game.moves() == []


def test_a_tile_is_taken_and_placed_by_clicks():
    table = running()
    click(table, "heap:3")
    assert table.game.hands[0] != EMPTY
    assert "took a tile" in table.status.text
    assert "hand" in table.canvas.scene.targets()
    click(table, "space:1:2")
    assert table.game.boards[0][8] != EMPTY
    assert isinstance(table.game.moves()[-1][1], Place)


def test_the_places_that_fit_are_marked_in_the_picture():
    table = running()
    click(table, "heap:0")
    texts = table.canvas.scene.texts()
    assert any(text.startswith(("✓", "✗")) for text in texts)
    assert any(shape.id.startswith("fit-") for shape in table.canvas.scene)


def test_keys_take_flip_turn_and_jump_out():
    table = running()
    assert table.key("4") and isinstance(table.game.moves()[-1][1], Take)
    side = table.model.side
    assert table.key("f") and table.model.side == 1 - side
    assert table.key("r") and table.model.turn == 1
    assert table.key("b") and table.game.hands[0] == EMPTY
    assert table.key("j") and table.game.status[0] == JUMPED
    assert not table.key("Tab")  # left to the page


def test_the_browsers_clock_lets_the_rivals_act_and_ends_the_round():
    table = running(round_seconds=30)
    table.play.value = 20_000 // TICK_MS
    assert any(p != 0 for p, _ in table.game.moves())
    table.play.value = 30_000 // TICK_MS
    assert table.game.round == 1
    assert not table.play.playing
    assert "Round 1 is over" in table.status.text
    assert "<table" in table.score_html.value
    assert table.next_score_step() and table.score_shown == 1
    assert table.canvas.scene.title.startswith("Your board as the round ended")
    assert table.next_round()
    assert table.play.value == 0 and table.model.playing
    assert not table.next_score_step()


def test_buttons_are_disabled_when_they_cannot_be_used():
    table = running()
    assert table.buttons["flip"].disabled and table.buttons["next_round"].disabled
    table.take(0)
    assert not table.buttons["flip"].disabled and table.buttons["jump_out"].disabled


def test_a_puzzle_has_no_timer_and_ends_when_you_say():
    table = MondoTable(puzzle=True, seed=3)
    assert table.game.players == ("You",)
    assert table.take(0)
    assert table.place(8)
    assert table.finish()
    assert table.game.round == 1 and table.game.rounds


def test_the_keyboard_list_names_every_heap_tile_in_words():
    table = running()
    words = [label for label, target in table.keyboard.options if target.startswith("heap:")]
    assert len(words) == 24 and all("take tile" in w for w in words)
    table.keyboard.value = "heap:2"
    assert table.pick_chosen() and table.game.hands[0] != EMPTY


def test_a_saved_game_loads_back():
    table = running()
    table.take(1)
    text = table.save_text()
    other = MondoTable(seed=9)
    assert other.load_text(text)
    assert other.game == load_json(text)


def test_bad_settings_are_explained():
    with pytest.raises(ValueError, match="level"):
        MondoTable(level="lightning")
    with pytest.raises(ValueError, match="first seat"):
        MondoTable(seats=("rival", "human"))


def test_the_table_speaks_spanish(spanish):
    table = MondoTable(seed=5)
    assert "Pulsa ▶" in table.status.text
    assert table.game.players[0] == "Tú"
    assert "Tu tablero" in table.canvas.scene.texts()


def test_the_expert_table_shows_the_modifier_and_tasks_to_take_by_click():
    table = running(rules="expert")
    texts = " ".join(table.canvas.scene.texts())
    assert "scoring modifier" in texts
    click(table, "task:1")
    assert "You took task 2" in table.status.text
    assert table.game.task(0) is not None
    assert "task:1" not in table.canvas.scene.targets()  # taken: no longer clickable
    assert "taken by you" in " ".join(table.canvas.scene.texts())
    tasks = [label for label, target in table.keyboard.options if target.startswith("task:")]
    assert len(tasks) == 3
    click(table, "task:2")
    assert "already took a task" in table.status.text


def test_the_advanced_table_shows_its_modifier_but_no_tasks():
    table = running(rules="advanced")
    assert "scoring modifier" in " ".join(table.canvas.scene.texts())
    assert not [x for x in table.canvas.scene.targets() if x.startswith("task:")]
    assert table.game.limit == 6 * 60 * 1000
