"""The Nuevos Mundos table widget, in plain Python: scenes, clicks by coordinates, buttons."""

from __future__ import annotations

import base64
import random
import re
import xml.etree.ElementTree as ET

import pytest

import gamecore
from gamecore.nuevos_mundos import Lay, NuevosMundos, TakeBiome, TakeDigits
from gamecore.nuevos_mundos.data import SETTLEMENT_BASE
from widgets.nuevos_mundos.table import (
    KINDS,
    NuevosMundosTable,
    action_previews,
    describe_move,
    history_of,
    preview_biome,
    preview_digits,
    tie_break_note,
)

NAMES = ("Ana", "Greedy bot", "Random bot")
SEATS = ("human", "greedy", "random")


def arranged(**options: object) -> NuevosMundos:
    """Ana holds 42, 18, 05 and 55. Board: 25 | 07 | 33 | 03 | 60 on spaces 2-6, 02 on the
    discard pile, 12 on top of the creation pile."""
    return NuevosMundos.arranged(
        [[42, 18, 5, 55], [10, 20, 30, 40], [50, 51, 52, 53]],
        [25, 7, 33, 3, 60],
        2,
        [12, 13],
        players=NAMES,
        seed=11,
        **options,
    )


@pytest.fixture
def table() -> NuevosMundosTable:
    return NuevosMundosTable.from_game(arranged(), seats=SEATS)


def marks(table: NuevosMundosTable) -> set[str]:
    """The ids of the corner marks (the second cue of a highlighted card)."""
    return {s.id for s in table.scene() if s.id.endswith("-mark")}


def kind_of(action: gamecore.Action) -> str:
    return {
        "take_biome": "biome",
        "take_digits": "digits",
        "lay": "lay",
        "last_card": "last",
        "no_last_card": "none",
    }[action.kind]


def finished_table(**kwargs: object) -> NuevosMundosTable:
    """A table whose bots played a whole game in the constructor."""
    return NuevosMundosTable(
        players=("Ana", "Ben", "Cleo"), seats=("greedy", "random", "greedy"), **kwargs
    )


# ---------------------------------------------------------------------------- clicks


def test_a_click_on_a_hand_card_selects_it(table: NuevosMundosTable) -> None:
    x, y = table.scene().center_of("hand:42")
    table.click(x, y)
    assert table.selected == 42
    assert "hand-42-face" in table.scene().ids()
    # the selected card is raised
    face = table.scene().find("hand-42-face")
    other = table.scene().find("hand-18-face")
    assert face.bbox()[1] < other.bbox()[1]


def test_a_second_click_on_the_selected_card_clears_it(table: NuevosMundosTable) -> None:
    table.click(*table.scene().center_of("hand:42"))
    table.click(*table.scene().center_of("hand:42"))
    assert table.selected is None
    assert "no longer selected" in table.status.text


def test_a_click_on_empty_space_selects_nothing_and_explains(table: NuevosMundosTable) -> None:
    table.click(*table.scene().center_of("hand:42"))
    table.click(970, 5)
    assert table.selected == 42
    assert "Click a card in your hand" in table.status.text
    fresh = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    fresh.click(970, 5)
    assert fresh.selected is None
    assert "Click a card in your hand" in fresh.status.text


def test_clicks_on_the_board_and_hidden_hands_explain(table: NuevosMundosTable) -> None:
    scene = table.scene()
    table.click(*scene.center_of("space:4"))
    assert "33 is on space 4" in table.status.text
    table.click(*scene.center_of("space:1"))
    assert "creation pile" in table.status.text
    table.click(*scene.center_of("backs:1"))
    assert "Greedy bot's cards, face down" in table.status.text
    table.select(42)
    table.click(*table.scene().center_of("space:4"))
    assert "“Take digits” with 42 would take it" in table.status.text
    assert table.selected == 42


def test_a_click_on_an_opponents_world_card_explains() -> None:
    game = arranged()
    for card in (5, 10, 50):
        game.play(Lay(card))
    table = NuevosMundosTable.from_game(game, seats=SEATS)
    table.click(*table.scene().center_of("world:1:10"))
    assert "10 is in Greedy bot's world" in table.status.text
    table.click(*table.scene().center_of("world:0:5"))
    assert "in your world" in table.status.text
    assert table.selected is None


def test_select_refuses_a_card_not_in_the_hand(table: NuevosMundosTable) -> None:
    assert not table.select(10)
    assert "10 is not in Ana's hand" in table.status.text
    assert table.selected is None


# ---------------------------------------------------------------------------- previews


def test_the_biome_preview_marks_exactly_the_visible_cards_of_the_biome(
    table: NuevosMundosTable,
) -> None:
    table.select(5)  # ocean: 07 on space 3, 03 on space 5, 02 on the discard pile
    assert marks(table) == {"space3-mark", "space5-mark", "space0-mark"}
    assert table.buttons["biome"].description == (
        "Take biome: 07, 03 and the 02 on the discard pile"
    )
    table.select(42)  # high mountain: none visible
    assert marks(table) == set()
    assert "nothing" in table.buttons["biome"].description


def test_the_digits_preview_names_the_spaces_cards(table: NuevosMundosTable) -> None:
    table.select(42)
    assert table.buttons["digits"].description == "Take digits 4 and 2: 33 and 25"
    assert {"space4-digit-text", "space2-digit-text"} <= set(table.scene().ids())
    table.select(18)
    text = table.buttons["digits"].description
    assert text.startswith("Take digits 1 and 8: the top card of the creation pile")
    assert "no space 8" in text
    table.select(55)
    assert "03" in table.buttons["digits"].description
    assert "once" in table.buttons["digits"].description
    assert table.buttons["lay"].description == "Lay 55 in your world"


def test_previews_agree_with_the_engine_and_never_change_the_game() -> None:
    rng = random.Random(3)
    for seed in range(6):
        game = gamecore.new_game("nuevos-mundos", players=3, seed=seed)
        for _ in range(rng.randrange(0, 25)):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_actions()))
        if game.is_over or game.phase != "play":
            continue
        player = game.current_player
        saved = game.to_json()
        view = game.view(player)
        for card in game.hands[player]:
            for action, take in (
                (TakeBiome(card), preview_biome(view, card)),
                (TakeDigits(card), preview_digits(view, card)),
            ):
                trial = game.clone()
                before = len(trial.worlds[player])
                trial.play(action)
                got = trial.worlds[player][before:]
                assert set(take.codes) <= set(got)
                assert len(got) == len(take.codes) + take.from_creation
        assert game.to_json() == saved


def test_a_settlement_has_no_digits() -> None:
    game = NuevosMundos.arranged(
        [[42, 18, 5, 71], [10, 20, 30, 40]],
        [25, 7, 33, 3, 60],
        2,
        players=("Ana", "Greedy bot"),
        modules=("human_settlements",),
    )
    table = NuevosMundosTable.from_game(game, seats=("human", "greedy"))
    settlement = 71
    assert settlement > SETTLEMENT_BASE
    table.select(settlement)
    digits = table.buttons["digits"]
    assert digits.disabled
    assert "no value" in digits.tooltip
    assert not table.buttons["biome"].disabled
    assert not table.play_selected("digits")
    assert "no value" in table.status.text
    assert table.game.moves() == []


def test_buttons_say_why_they_are_disabled(table: NuevosMundosTable) -> None:
    for kind in ("biome", "digits", "lay"):
        assert table.buttons[kind].disabled
        assert "Click a card" in table.buttons[kind].tooltip
    assert table.buttons["last"].layout.display == "none"
    assert not table.play_selected("lay")
    assert "Click a card in your hand first" in table.status.text
    assert not table.play_selected("none")
    assert "not ending yet" in table.status.text
    assert not table.play_selected("fly")


def test_action_previews_without_a_card_name_the_actions() -> None:
    previews = action_previews(arranged().view(0), None)
    assert set(previews) == set(KINDS)
    assert previews["lay"].text == "Lay in your world"


# ---------------------------------------------------------------------------- playing


def test_committing_an_action_plays_it_and_the_bots_reply(table: NuevosMundosTable) -> None:
    table.select(42)
    assert table.play_selected("digits")
    assert {33, 25} <= set(table.game.worlds[0])
    assert len(table.history) == 3
    assert table.history[0] == (
        "Ana played 42 for its digits 4 and 2 and took 25 (space 2) and 33 (space 4)."
    )
    for entry, name in zip(table.history[1:], NAMES[1:]):
        assert entry.startswith(name)
        assert "took" in entry or "laid" in entry
    assert table.game.current_player == 0
    assert "Greedy bot" in table.status.text and "Ana to play" in table.status.text
    panel = table.history_html.value
    assert panel.index("Random bot") < panel.index("Ana played 42")  # newest first


def test_the_history_names_the_creation_pile_and_the_discard_pile() -> None:
    game = arranged()
    before = game.view(0)
    game.play(TakeDigits(18))
    text = describe_move(game.players, 0, TakeDigits(18), before, game.view(0))
    assert "12 (top of the creation pile)" in text
    game2 = arranged()
    before = game2.view(0)
    game2.play(TakeBiome(5))
    text = describe_move(game2.players, 0, TakeBiome(5), before, game2.view(0))
    assert "02 (discard pile)" in text and "07 (space 3)" in text


def test_step_bots_waits_for_the_next_bot_button() -> None:
    table = NuevosMundosTable.from_game(arranged(), seats=SEATS, step_bots=True)
    table.select(5)
    table.play_selected("lay")
    assert len(table.history) == 1
    assert table.game.current_player == 1
    assert not table.buttons["next_bot"].disabled
    table.click(*table.scene().center_of("hand:42"))
    assert "It is Greedy bot's turn" in table.status.text
    assert table.selected is None
    assert "hand:42" in table.scene().targets()  # the last human's hand stays in view
    assert table.next_bot_move()
    assert len(table.history) == 2 and table.game.current_player == 2
    assert table.next_bot_move()
    assert table.buttons["next_bot"].disabled
    assert not table.next_bot_move()


def test_bots_get_only_their_view(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[object] = []
    original = gamecore.GreedyBot.choose

    def spy(self: gamecore.GreedyBot, view: object, legal: object) -> object:
        seen.append(view)
        return original(self, view, legal)  # type: ignore[arg-type]

    monkeypatch.setattr(gamecore.GreedyBot, "choose", spy)
    table = NuevosMundosTable.from_game(arranged(), seats=SEATS)
    table.select(5)
    table.play_selected("lay")
    assert seen and all(type(v).__name__ == "NuevosMundosView" for v in seen)
    assert all(v.player == 1 for v in seen)  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------- hot-seat

HOT = ("Ana", "Alicia", "Bot")
HOT_SEATS = ("human", "human", "greedy")


def hot_seat_game(alicia: tuple[int, ...] = (10, 20, 30, 40)) -> NuevosMundos:
    """``arranged()``'s deal with Alicia (a second human) in seat 1, the bot in seat 2."""
    return NuevosMundos.arranged(
        [[42, 18, 5, 55], list(alicia), [50, 51, 52, 53]],
        [25, 7, 33, 3, 60],
        2,
        [12, 13],
        players=HOT,
        seed=11,
    )


def hot_seat_table(**kwargs: object) -> NuevosMundosTable:
    return NuevosMundosTable.from_game(hot_seat_game(), seats=HOT_SEATS, **kwargs)


def hand_targets(table: NuevosMundosTable) -> set[str]:
    return {t for t in table.scene().targets() if t.startswith("hand:")}


def shown(button: object) -> bool:
    return button.layout.display != "none"  # type: ignore[attr-defined]


def ana_lays_5(table: NuevosMundosTable) -> None:
    assert table.select(5), table.status.text
    assert table.play_selected("lay"), table.status.text


HANDOVER = "Pass the screen to Alicia — Alicia, press “Show my hand”."


def test_a_new_hot_seat_table_shows_the_first_hand() -> None:
    table = hot_seat_table()
    assert not table.hand_hidden()
    assert hand_targets(table) == {"hand:42", "hand:18", "hand:5", "hand:55"}
    # on a shared screen the button keeps its place, disabled while no hand is hidden
    assert shown(table.buttons["reveal"]) and table.buttons["reveal"].disabled
    assert "nm-reveal" in table.buttons["reveal"]._dom_classes
    assert table.buttons["reveal"].description == "Show my hand"


def test_hot_seat_hides_the_next_humans_hand_until_they_press_show() -> None:
    table = hot_seat_table()
    ana_lays_5(table)
    assert table.game.current_player == 1
    assert table.hand_hidden()
    targets = table.scene().targets()
    assert not hand_targets(table)  # neither Alicia's hand nor Ana's stays face up
    assert "hidden:1" in targets and "backs:0" in targets
    texts = table.scene().texts()
    assert HANDOVER in texts  # the legend
    assert "Alicia's hand is face down" in texts
    assert "Hand: face down above" in texts
    assert HANDOVER in table.status.text
    assert shown(table.buttons["reveal"]) and not table.buttons["reveal"].disabled
    for kind in ("biome", "digits", "lay"):
        button = table.buttons[kind]
        assert button.disabled and "hand is hidden" in button.tooltip
        assert "Take" in button.description or "Lay" in button.description

    assert table.reveal()
    assert not table.hand_hidden()
    assert hand_targets(table) == {"hand:10", "hand:20", "hand:30", "hand:40"}
    assert table.buttons["reveal"].disabled
    assert "Alicia to play." in table.status.text
    assert "Alicia's hand: click a card" in table.scene().texts()
    assert not table.reveal()
    assert "No hand is hidden" in table.status.text

    # Alicia plays, the bot replies, and Ana gets the screen back: hidden again.
    assert table.select(10) and table.play_selected("lay")
    assert table.game.current_player == 0
    assert table.hand_hidden()
    assert "Pass the screen to Ana — Ana, press “Show my hand”." in table.status.text
    assert not hand_targets(table)


def test_while_hidden_clicks_and_buttons_explain_and_never_raise() -> None:
    table = hot_seat_table()
    ana_lays_5(table)
    moves = len(table.game.moves())
    table.click(*table.scene().center_of("hidden:1"))
    assert "Alicia's hand is hidden" in table.status.text
    assert table.selected is None
    assert not table.select(10)
    assert "hand is hidden" in table.status.text
    for kind in KINDS:
        assert not table.play_selected(kind)
        table.buttons[kind].click()  # a programmatic click runs even a disabled button
        assert "hand is hidden" in table.status.text
    scene = table.scene()
    for x in range(0, scene.width, 37):
        for y in range(0, scene.height, 41):
            table.click(x, y)
            assert table.selected is None
    assert len(table.game.moves()) == moves
    assert table.hand_hidden()


def test_the_svg_of_a_hidden_hand_shows_none_of_its_cards() -> None:
    """Two deals that differ only in Alicia's hand draw the same picture while it is hidden."""
    tables = [
        NuevosMundosTable.from_game(hot_seat_game(hand), seats=HOT_SEATS)
        for hand in ((10, 20, 30, 40), (11, 21, 31, 41))
    ]
    for table in tables:
        ana_lays_5(table)
        assert table.hand_hidden()
        assert not any(i.startswith("hand-") for i in table.scene().ids())
    assert tables[0].to_svg() == tables[1].to_svg()
    assert tables[0].snapshot()._repr_svg_() == tables[1].snapshot()._repr_svg_()
    ET.fromstring(tables[0].to_svg())
    for table in tables:
        table.reveal()
    assert tables[0].to_svg() != tables[1].to_svg()


def test_a_single_human_is_never_hidden() -> None:
    table = NuevosMundosTable(seed=21)  # one human, two bots
    while not table.game.is_over:
        assert not table.hand_hidden()
        assert table.buttons["reveal"].disabled
        assert any(t.startswith("hand:") for t in table.scene().targets())
        action = table.game.legal_actions()[0]
        if hasattr(action, "card"):
            assert table.select(action.card)
        assert table.play_selected(kind_of(action)), table.status.text
    assert table.undo()
    assert not table.hand_hidden()
    assert not table.reveal()


def test_hot_seat_with_step_bots_keeps_the_last_hand_while_the_bots_play() -> None:
    table = NuevosMundosTable.from_game(
        hot_seat_game(), seats=("human", "greedy", "human"), step_bots=True
    )
    ana_lays_5(table)
    assert table.game.current_player == 1
    assert not table.hand_hidden()
    assert "Ana's hand (waiting)" in table.scene().texts()  # Ana still holds the screen
    assert table.next_bot_move()
    assert table.game.current_player == 2
    assert table.hand_hidden()
    assert "Pass the screen to Bot — Bot, press “Show my hand”." in table.status.text
    assert not hand_targets(table)
    assert table.reveal()
    assert hand_targets(table) == {"hand:50", "hand:51", "hand:52", "hand:53"}


def three_humans_at_the_end() -> NuevosMundos:
    """A three-player game in the last-card phase, with two last-card decisions to come."""
    for seed in range(60):
        rng = random.Random(seed)
        game = gamecore.new_game("nuevos-mundos", players=("Ana", "Ben", "Cleo"), seed=seed)
        while game.phase == "play":
            game.play(rng.choice(game.legal_actions()))
        if game.phase == "last_cards":
            return game
    raise AssertionError("no seed reached the last-card phase")


def test_the_last_card_phase_hides_the_next_hand_too() -> None:
    game = three_humans_at_the_end()
    table = NuevosMundosTable.from_game(game, seats=("human",) * 3)
    first = table.game.current_player
    assert first is not None and not table.hand_hidden()
    assert shown(table.buttons["none"])
    assert table.play_selected("none")
    second = table.game.current_player
    assert second is not None and second != first
    assert table.game.phase == "last_cards"
    name = table.game.players[second]
    assert table.hand_hidden()
    assert f"Pass the screen to {name} — {name}, press “Show my hand”." in table.status.text
    assert table.buttons["none"].disabled and "hidden" in table.buttons["none"].tooltip
    assert not table.play_selected("none")
    assert not hand_targets(table)
    assert table.reveal()
    assert f"{name} may lay one last card, or none." in table.status.text
    hand = table.game.hands[second]
    assert hand_targets(table) == {f"hand:{c}" for c in hand}
    assert table.select(hand[0]) and table.play_selected("last")
    assert table.game.is_over and not table.hand_hidden()


def test_undo_to_another_human_hides_their_hand() -> None:
    table = hot_seat_table()
    ana_lays_5(table)
    table.reveal()  # Alicia holds the screen
    assert table.undo()  # back to Ana's decision: Alicia must not see Ana's hand
    assert table.game.current_player == 0 and table.game.moves() == []
    assert table.hand_hidden()
    assert "Pass the screen to Ana" in table.status.text
    assert "Undid Ana's move" in table.status.text
    assert not hand_targets(table)
    assert table.reveal()
    assert "hand:42" in hand_targets(table)


def test_undo_while_a_hand_waits_for_its_owner_stays_hidden() -> None:
    """After “Pass the screen”, whoever presses Undo may be anyone: the hand stays down."""
    table = hot_seat_table()
    ana_lays_5(table)
    assert table.hand_hidden()
    assert table.undo()
    assert table.game.current_player == 0
    assert table.hand_hidden() and not hand_targets(table)


def test_undo_back_to_the_human_holding_the_screen_shows_their_hand() -> None:
    table = NuevosMundosTable.from_game(
        hot_seat_game(), seats=("human", "greedy", "human"), step_bots=True
    )
    ana_lays_5(table)  # the bot is to play; Ana's hand stays up while she holds the screen
    assert table.undo()
    assert table.game.current_player == 0
    assert not table.hand_hidden()
    assert "hand:5" in hand_targets(table)


def test_undo_through_a_table_of_three_humans() -> None:
    game = hot_seat_game()
    game.play(Lay(5))  # Ana
    table = NuevosMundosTable.from_game(game, seats=("human", "human", "human"))
    assert table.game.current_player == 1 and not table.hand_hidden()  # a new table
    table.select(10)
    table.play_selected("lay")  # Alicia -> Bot (a human seat here): hidden
    assert table.hand_hidden()
    table.reveal()
    table.select(50)
    table.play_selected("lay")  # Bot -> Ana
    table.reveal()  # Ana holds the screen
    assert table.undo()  # back to Bot's decision: Ana must not see Bot's hand
    assert table.game.current_player == 2 and table.hand_hidden()
    assert "Pass the screen to Bot" in table.status.text


def test_load_keeps_the_screen_rule() -> None:
    saved = hot_seat_table()
    ana_lays_5(saved)
    text = saved.save_text()  # Alicia to play

    ana_at_the_screen = hot_seat_table()  # new table: Ana's hand is shown
    assert ana_at_the_screen.load_text(text)
    assert ana_at_the_screen.game.current_player == 1
    assert ana_at_the_screen.hand_hidden()
    assert "Pass the screen to Alicia" in ana_at_the_screen.status.text
    assert not hand_targets(ana_at_the_screen)

    alicia_at_the_screen = hot_seat_table()
    ana_lays_5(alicia_at_the_screen)
    alicia_at_the_screen.reveal()
    assert alicia_at_the_screen.load_text(text)
    assert not alicia_at_the_screen.hand_hidden()
    assert "hand:10" in hand_targets(alicia_at_the_screen)

    other = NuevosMundos.arranged(
        [[42, 18, 5, 55], [10, 20, 30, 40], [50, 51, 52, 53]],
        [25, 7, 33, 3, 60],
        2,
        players=("Dan", "Eva", "Bot"),
    )
    other.play(Lay(5))
    assert alicia_at_the_screen.load_text(other.to_json())  # other players: nobody's screen
    assert alicia_at_the_screen.hand_hidden()
    assert "Pass the screen to Eva" in alicia_at_the_screen.status.text


def first_human_lays(table: NuevosMundosTable) -> None:
    card = table.game.hands[0][0]
    assert table.select(card) and table.play_selected("lay")


def test_new_game_hides_the_first_hand_unless_its_owner_holds_the_screen() -> None:
    table = hot_seat_table()
    table.new_game(seed=5)  # Ana held the screen and starts again
    assert table.game.current_player == 0 and not table.hand_hidden()
    first_human_lays(table)
    assert table.game.current_player == 1 and table.hand_hidden()
    table.new_game(seed=6)  # the screen was waiting for Alicia: Ana's hand stays down
    assert table.game.current_player == 0 and table.hand_hidden()


def test_a_load_with_one_human_never_hides() -> None:
    saved = hot_seat_table()
    ana_lays_5(saved)
    table = NuevosMundosTable.from_game(hot_seat_game(), seats=("human", "greedy", "greedy"))
    assert table.load_text(saved.save_text())
    # a bot now sits in Alicia's seat: it replies, and Ana's hand is shown at once
    assert table.game.current_player == 0
    assert not table.hand_hidden()


# ---------------------------------------------------------------------------- widget messages


def test_a_selection_sends_at_most_one_message_per_button(
    table: NuevosMundosTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: dict[str, list[dict]] = {kind: [] for kind in KINDS}
    for kind in KINDS:
        comm = table.buttons[kind].comm
        assert comm is not None
        monkeypatch.setattr(comm, "send", lambda data, buffers=None, k=kind: sent[k].append(data))
    table.select(42)
    for kind in ("biome", "digits", "lay"):
        (message,) = sent[kind]
        assert message["method"] == "update"
        assert set(message["state"]) == {"description", "disabled", "tooltip"}
    (message,) = sent["last"]  # hidden until the end, but its label follows the card
    assert set(message["state"]) == {"description", "tooltip"}
    assert sent["none"] == []  # nothing of its changed
    assert table.buttons["lay"].description == "Lay 42 in your world"
    assert not table.buttons["lay"].disabled
    for messages in sent.values():
        messages.clear()
    table.select(42)  # the same selection again: nothing to send
    assert all(messages == [] for messages in sent.values())
    table.select(18)  # another playable card: only the labels change
    (message,) = sent["digits"]
    assert set(message["state"]) == {"description", "tooltip"}


def test_the_scene_never_shows_an_opponents_hand(table: NuevosMundosTable) -> None:
    ids = table.scene().ids()
    for code in (10, 20, 30, 40, 50, 51, 52, 53):
        assert not any(i.startswith(f"hand-{code}-") for i in ids)
    assert "Hand: 4 cards" in table.scene().texts()


def test_undo_goes_back_to_the_humans_last_decision(table: NuevosMundosTable) -> None:
    before = table.game.clone()
    table.select(42)
    table.play_selected("digits")
    assert len(table.game.moves()) == 3
    assert table.undo()
    assert table.game == before
    assert table.history == []
    assert "Undid Ana's move and 2 bot moves" in table.status.text
    assert not table.undo()
    assert "no human move to undo" in table.status.text


# ---------------------------------------------------------------------------- files


def test_save_text_and_load_text_round_trip(table: NuevosMundosTable) -> None:
    table.select(42)
    table.play_selected("digits")
    text = table.save_text()
    other = NuevosMundosTable(seed=99)
    assert other.load_text(text)
    assert other.game == table.game
    assert other.history == table.history
    assert "Loaded" in other.status.text


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"format": "something-else"}',
        '{"format": "mundos-lab-save", "version": 1, "game": "chess", "players": [],'
        ' "seed": 1, "options": {}, "log": []}',
        b"\xff\xfe\x00",
    ],
)
def test_a_corrupt_file_leaves_the_game_unchanged(table: NuevosMundosTable, text: str) -> None:
    table.select(5)
    table.play_selected("lay")
    before = table.game.clone()
    history = list(table.history)
    assert not table.load_text(text)
    assert table.game == before and table.history == history
    assert "Could not load" in table.status.text


def test_save_writes_the_named_file(table: NuevosMundosTable, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert table.file_name == "nuevos-mundos-11.json"
    path = table.save()
    assert path is not None and (tmp_path / "nuevos-mundos-11.json").exists()
    assert gamecore.load_json(path.read_text()) == table.game
    table.save("lesson.json")
    assert (tmp_path / "lesson.json").exists()
    assert table.save(str(tmp_path / "missing" / "x.json")) is None
    assert "Could not save" in table.status.text


def test_the_save_button_offers_the_game_as_a_download(table: NuevosMundosTable) -> None:
    """Issue 8 A6: Save gives a link that downloads the game to the student's computer (the
    file travels in the link, so Voila and Binder need no file on the server); the link
    goes away when the game moves on, so an old position is never downloaded."""
    table.select(42)
    table.play_selected("digits")
    assert table.download.value == ""
    table.save_button.click()
    link = re.search(
        r'download="([^"]+)" href="data:application/json;base64,([^"]+)"', table.download.value
    )
    assert link is not None and link.group(1) == "nuevos-mundos-11.json"
    assert gamecore.load_json(base64.b64decode(link.group(2))) == table.game
    assert "Download nuevos-mundos-11.json" in table.status.text
    other = NuevosMundosTable(seed=3)
    other._on_upload({"new": ({"name": "x.json", "content": base64.b64decode(link.group(2))},)})
    assert other.game == table.game
    table.undo()
    assert table.download.value == ""


def test_the_upload_widget_loads_a_file(table: NuevosMundosTable) -> None:
    game = arranged()
    game.play(Lay(5))
    content = memoryview(game.to_json().encode())
    table._on_upload({"new": ({"name": "mine.json", "content": content},)})
    assert "Loaded mine.json" in table.status.text
    assert table.game.moves()[0] == (0, Lay(5))
    table._on_upload({"new": ({"name": "bad.json", "content": memoryview(b"[1]")},)})
    assert "Could not load bad.json" in table.status.text


def test_new_game_uses_the_ticked_modules_and_shows_the_seed(table: NuevosMundosTable) -> None:
    table.module_boxes["discord"].value = True
    table.new_game(seed=4321)
    assert table.game.modules == ("discord",)
    assert table.game.seed == 4321
    assert "Game seed 4321" in table.seed_label.value
    assert "Game seed 4321 · modules: discord" in table.scene().texts()
    assert table.file_name == "nuevos-mundos-4321.json"
    table.new_game()
    assert table.game.seed != 4321


# ---------------------------------------------------------------------------- the end


def test_clicks_after_the_game_is_over_explain_and_never_raise() -> None:
    table = finished_table(seed=8)
    assert table.game.is_over
    scene = table.scene()
    for x in range(0, scene.width, 37):
        for y in range(0, scene.height, 41):
            table.click(x, y)
            assert "game is over" in table.status.text.lower()
    assert not table.play_selected("lay")
    assert "game is over" in table.status.text


def test_scoring_steps_reveal_the_categories_in_order() -> None:
    table = finished_table(seed=8, modules=("vital_capacity",))
    sheet = table.game.score()
    assert table.buttons["score_step"].description == "Next scoring step: Biodiversity"
    for step, category in enumerate(sheet.categories, start=1):
        assert table.next_score_step()
        assert table.status.text.startswith("Game over")
        assert sheet.title(category) in table.status.text
        texts = table.scene().texts()
        assert f"Scoring step {step} of {len(sheet.categories)}" in texts
        assert sheet.title(category) in texts
        expected = {
            f"world{p}-{c}-mark"
            for p, name in enumerate(sheet.players)
            for row in sheet.rows_for(name, category)
            for c in row.cards
        }
        assert marks(table) == expected
        assert sheet.title(category) in table.score_html.value
    assert table.next_score_step()
    assert "Final score" in table.scene().texts()
    for name in sheet.players:
        assert str(sheet.total(name)) in table.scene().texts()
    assert "Total" in table.score_html.value
    assert table.buttons["score_step"].disabled
    assert not table.next_score_step()


def test_the_tie_break_is_explained() -> None:
    sheet = gamecore.nuevos_mundos.score({"Ana": [1, 2, 3], "Ben": [9, 10, 11]})
    assert sheet.total("Ana") == sheet.total("Ben")
    note = tie_break_note(sheet)
    assert "Ana and Ben tie on" in note and "decides" in note


def test_the_svg_snapshot_is_valid_xml_with_the_player_names(table: NuevosMundosTable) -> None:
    table.select(5)
    svg = table.to_svg()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    for name in NAMES:
        assert name in svg
    assert table.snapshot()._repr_svg_() == svg
    finished = finished_table(seed=3)
    while finished.next_score_step():
        pass
    ET.fromstring(finished.to_svg())


def test_a_whole_game_through_the_table_api() -> None:
    table = NuevosMundosTable(seed=21)
    turns = 0
    while not table.game.is_over:
        action = table.game.legal_actions()[0]
        if hasattr(action, "card"):
            assert table.select(action.card)
        assert table.play_selected(kind_of(action)), table.status.text
        turns += 1
    assert turns > 5
    assert len(table.history) == len(table.game.moves())
    assert "Game over" in table.status.text


def ending_game() -> NuevosMundos:
    """A two-player game where Ana may lay one last card (Ben ended it)."""
    for seed in range(40):
        rng = random.Random(seed)
        game = gamecore.new_game("nuevos-mundos", players=("Ana", "Ben"), seed=seed)
        while game.phase == "play":
            game.play(rng.choice(game.legal_actions()))
        if game.current_player == 0:
            return game
    raise AssertionError("no seed gave Ana a last card")


def test_the_end_phase_buttons() -> None:
    game = ending_game()
    table = NuevosMundosTable.from_game(game, seats=("human", "greedy"))
    assert table.buttons["biome"].layout.display == "none"
    assert table.buttons["last"].layout.display is None
    assert table.buttons["none"].description == "Lay no last card"
    card = table.game.hands[0][0]
    table.select(card)
    assert table.buttons["last"].description == f"Lay {card:02d} as last card"
    assert table.play_selected("last")
    assert table.game.is_over


def test_a_failing_bot_plays_a_safe_move_and_the_lesson_goes_on(monkeypatch) -> None:
    """Issue 8 C2: one policy for every table; before, only Ecosfera caught a failing bot."""

    class Broken:
        def choose(self, view, legal):
            raise RuntimeError("out of ideas")

    table = NuevosMundosTable(
        players=("Ana", "Bot"), seats=("human", "greedy"), seed=11, step_bots=True
    )
    monkeypatch.setattr(table, "_make_bot", lambda kind, seed: Broken())
    card = table.game.hands[0][0]
    table.select(card)
    assert table.play_selected("lay")
    assert table.next_bot_move()
    assert table.game.moves()[-1][0] == 1
    assert "The greedy bot failed: out of ideas" in table.history[-1]
    assert "out of ideas" in table.status.text


def test_bots_stop_at_the_move_limit_and_say_so(monkeypatch) -> None:
    import widgets.table_base as base

    monkeypatch.setattr(base, "BOT_MOVE_LIMIT", 2)
    table = NuevosMundosTable(players=("A", "B", "C"), seats=("greedy",) * 3, seed=5)
    assert len(table.game.moves()) == 2
    assert "stopped after 2 moves" in table.status.text


# ---------------------------------------------------------------------------- looks and shape


def test_the_canvas_fits_the_column_and_keeps_its_proportions(table: NuevosMundosTable) -> None:
    canvas = table.canvas.canvas
    assert canvas.layout.width == "100%"
    assert canvas.layout.max_width == f"{canvas.width}px"
    assert canvas.layout.height == "auto"
    assert canvas.width <= 980
    assert "nm-table-canvas" in canvas._dom_classes


def test_text_is_legible_and_inside_the_canvas(table: NuevosMundosTable) -> None:
    table.select(5)
    scene = table.scene()
    for shape in scene:
        x, y, w, h = shape.bbox()
        assert x >= 0 and x + w <= scene.width + 1, shape.id
        assert y >= 0 and y + h <= scene.height, shape.id
        if type(shape).__name__ == "Text":
            assert shape.size >= 12, shape.id


def test_the_table_displays_as_its_widget(table: NuevosMundosTable) -> None:
    bundle, _ = table._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == "Run this cell to play at the table."
    classes = {c for b in table.buttons.values() for c in b._dom_classes}
    assert {"nm-action-biome", "nm-action-digits", "nm-action-lay", "nm-next-bot"} <= classes
    assert "nm-score-step" in classes
    assert "nm-history" in table.history_html._dom_classes
    assert "nm-status" in table.status.widget._dom_classes


def test_from_game_keeps_the_history_and_copies_the_game() -> None:
    game = arranged()
    game.play(TakeDigits(42))
    table = NuevosMundosTable.from_game(game)
    assert table.seats == ("human", "greedy", "greedy")
    assert table.history[0] == history_of(game)[0]
    assert table.history[0].startswith("Ana played 42")
    assert game.current_player == 1  # the lesson's game is untouched
    assert table.game.current_player == 0


def test_bad_seats_are_refused() -> None:
    with pytest.raises(ValueError, match="one seat per player"):
        NuevosMundosTable(players=("Ana", "Ben", "Cleo"), seats=("human", "greedy"))
    with pytest.raises(ValueError, match="unknown seat"):
        NuevosMundosTable(seats=("human", "greedy", "clever"))


def test_a_game_is_reproducible_from_its_seed() -> None:
    a = finished_table(seed=77)
    b = finished_table(seed=77)
    assert a.game == b.game


def test_a_table_not_yet_running_shows_a_picture_and_says_to_run_the_cell() -> None:
    """Issue 8 A7: the stored output of a table cell has a PNG of the table and a sentence,
    so a lesson opened before it is run (or untrusted) never shows ``VBox(children=…``."""
    table = NuevosMundosTable(seed=11)
    bundle, metadata = table._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith("Run this cell")
    assert "VBox" not in bundle["text/plain"]
    png = base64.b64decode(bundle["image/png"])
    assert png.startswith(b"\x89PNG")
    assert metadata["image/png"]["width"] == table.scene().width
    assert "click" not in " ".join(table.still_scene().texts()).lower()
