"""The Nuevos Mundos table's interaction model, driven without any widget (issue 8 C1)."""

from __future__ import annotations

from gamecore.nuevos_mundos import NuevosMundos, TakeBiome
from widgets.nuevos_mundos.table_model import TableModel

NAMES = ("Ana", "Alicia", "Bot")


def arranged() -> NuevosMundos:
    return NuevosMundos.arranged(
        [[42, 18, 5, 55], [10, 20, 30, 40], [50, 51, 52, 53]],
        [25, 7, 33, 3, 60],
        2,
        [12, 13],
        players=NAMES,
        seed=11,
    )


def test_a_click_chooses_a_card_and_a_second_click_puts_it_back() -> None:
    model = TableModel(arranged(), ("human", "greedy", "greedy"))
    said = model.click("hand:42")
    assert said.ok and model.selected == 42
    assert said.event == "Selected 42 (high mountain): each action button says what it would take."
    said = model.click("hand:42")
    assert said.ok and model.selected is None and said.event == "42 is no longer selected."


def test_a_click_elsewhere_explains_and_changes_nothing() -> None:
    model = TableModel(arranged(), ("human", "greedy", "greedy"))
    model.click("hand:42")
    said = model.click("space:4")
    assert not said.ok and model.selected == 42
    assert said.problem == "33 is on space 4: “Take digits” with 42 would take it."
    assert "face down" in (model.click("space:1").problem or "")
    assert model.click("backs:1").problem == (
        "Those are Alicia's cards, face down: only Alicia may see them."
    )


def test_the_buttons_say_what_they_would_take_and_why_they_cannot() -> None:
    model = TableModel(arranged(), ("human", "greedy", "greedy"))
    states = model.action_states()
    assert (
        states["biome"].disabled and states["biome"].tooltip == "Click a card in your hand first."
    )
    model.select(42)
    states = model.action_states()
    assert not states["digits"].disabled
    assert states["digits"].text == "Take digits 4 and 2: 33 and 25"
    assert states["last"].disabled  # the game is not ending
    action, refusal = model.action_to_play("biome")
    assert action == TakeBiome(42) and refusal is None
    assert model.action_to_play("jump") == (
        None,
        "Unknown action 'jump': the actions are biome, digits, lay, last, none.",
    )


def test_hot_seat_hides_the_next_humans_hand_in_the_model() -> None:
    game = arranged()
    model = TableModel(game, ("human", "human", "greedy"))
    model.scene()  # Ana's hand is drawn: she holds the screen
    assert model.viewer == 0
    model.select(5)
    action, _ = model.action_to_play("lay")
    assert action is not None
    game.play(action)
    model.selected = None
    assert model.hidden() and model.screen() == (1, True)
    assert "hidden until Alicia" in (model.click("hand:10").problem or "")
    scene = model.scene()
    assert not any(t.startswith("hand:") for t in scene.targets())
    assert model.reveal().ok and not model.hidden()
    assert {t for t in model.scene().targets() if t.startswith("hand:")} == {
        "hand:10",
        "hand:20",
        "hand:30",
        "hand:40",
    }


def test_a_still_scene_does_not_take_the_screen() -> None:
    model = TableModel(arranged(), ("human", "human", "greedy"))
    model.scene(still=True)
    assert model.fresh_screen and model.viewer is None
