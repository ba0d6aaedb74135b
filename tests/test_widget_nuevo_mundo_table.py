"""The Nuevo Mundo table, played by clicks and buttons in plain Python (no browser)."""

from __future__ import annotations

import json

import pytest

from gamecore.nuevo_mundo import NuevoMundo
from gamecore.nuevo_mundo.actions import (
    Aim,
    Attack,
    ColourRolled,
    Move,
    NumberRolled,
    PickCard,
    PlaceCQ,
    Settle,
    Tactic,
)
from gamecore.nuevo_mundo.data import CARDS
from gamecore.nuevo_mundo.game import ENTER, OPERATE, PLACE, TACTIC_DEFENDER
from gamecore.words import set_language
from widgets.nuevo_mundo.table import NuevoMundoTable
from widgets.nuevo_mundo.table_model import counts
from widgets.nuevo_mundo.table_scene import HEIGHT, WIDTH, table_scene
from widgets.pictures import scene as picture_scene


def click_region(table: NuevoMundoTable, region: int) -> None:
    """Click the middle of the region's first cell on the canvas, by coordinates."""
    x, y = table.scene().center_of(f"region:{region}")
    table.click(x, y)


def press(table: NuevoMundoTable, index: int) -> None:
    """Press the ``index``-th button of the decision, as a browser would (its on_click)."""
    table.choice_buttons[index].click()


def entered(seats: tuple[str, ...] = ("human", "human")) -> NuevoMundoTable:
    """A teaching-map game with typed dice where Ana (AT) and Bruno (BT) have entered and
    Ana is to place 3 credits."""
    game = NuevoMundo(("Ana", "Bruno"), 7, scenario="teaching", dice="table")
    game.play(NumberRolled(6))
    game.play(NumberRolled(1))
    game.play(Settle(game.map.by_name("AT")))
    game.play(PickCard(0))
    game.play(Settle(game.map.by_name("BT")))
    game.play(PickCard(0))
    return NuevoMundoTable.from_game(game, seats=seats)


def at_battle(seats: tuple[str, ...] = ("human", "human")) -> NuevoMundoTable:
    """Ana's 5 CQ have crossed into Bruno's settlement in BT and she attacks."""
    table = entered(seats)
    game = table.game
    at, bt = game.map.by_name("AT"), game.map.by_name("BT")
    for action in (PlaceCQ(at, 3), Aim(at, bt), ColourRolled(0), Move(5), Attack(bt)):
        assert table.play(action), table.status.text
    return table


def test_the_table_fits_a_laptop_column_and_keeps_one_size() -> None:
    table = NuevoMundoTable(2, seed=5)
    scene = table.scene()
    assert (scene.width, scene.height) == (WIDTH, HEIGHT)
    assert WIDTH <= 760 and HEIGHT <= 540
    assert min(s.size for s in scene if hasattr(s, "size")) >= 12  # type: ignore[attr-defined]


def test_entering_by_a_click_then_the_button() -> None:
    table = NuevoMundoTable(2, seed=5)
    game = table.game
    sea = game.map.by_name("AM")
    click_region(table, sea)
    assert "sea region" in table.status.problem
    at = game.map.by_name("AT")
    click_region(table, at)
    assert table.model.selected == at
    labels = [c.label for c in table.choices()]
    assert labels == ["Build the first settlement in AT"]
    assert table.choose(0)
    assert game.ca[at][0] == 2 and game.cq[at][0] == 3
    # the face-up cards are buttons, and can be clicked on the canvas too
    assert game.pending == "pick"
    x, y = table.scene().center_of("faceup:1")
    table.click(x, y)
    assert len(game.hands[0]) == 1


def test_placing_by_count_buttons_and_a_refusal_in_words() -> None:
    table = entered(("human", "greedy"))
    game = table.game
    at, bt = game.map.by_name("AT"), game.map.by_name("BT")
    assert game.stage == PLACE and game.credits == 3
    click_region(table, bt)
    assert "no pieces in BT" in table.status.problem
    click_region(table, at)
    labels = [c.label for c in table.choices()]
    assert labels[:3] == ["+1 CQ", "+2 CQ", "+3 CQ"] and "+1 ship into AM" in labels
    assert table.choose(1)
    assert game.cq[at][0] == 5 and game.credits == 1
    assert table.model.selected == at  # still chosen for the next purchase
    assert table.key("1")  # the key presses the first button
    assert game.stage == OPERATE


def test_mobilising_origin_then_destination_throws_the_die_and_shows_its_face() -> None:
    table = entered(("human", "greedy"))
    game = table.game
    at, bt, dt = (game.map.by_name(n) for n in ("AT", "BT", "DT"))
    table.play(PlaceCQ(at, 3))
    click_region(table, at)
    assert set(table.model.options()) == {bt, game.map.by_name("CT")}
    click_region(table, dt)  # not a neighbour: refused in words
    assert "do not share a border" in table.status.problem
    click_region(table, bt)
    assert game.pending == "colour"  # typed dice: the class throws the real die
    assert [c.label for c in table.choices()] == [
        "The die shows green",
        "The die shows red",
        "The die shows black",
    ]
    click_region(table, at)
    assert "First answer with the buttons" in table.status.problem
    table.choose(1)  # red
    scene = table.scene()
    assert scene.find("die-name").text == "red"  # type: ignore[attr-defined]
    assert "red-cone-0" in scene.ids()
    assert any("closed" in text for text in scene.texts())


def test_a_hot_seat_battle_keeps_each_tactic_secret() -> None:
    table = at_battle()
    game = table.game
    assert "Attack" not in " ".join(c.label for c in table.choices())
    assert [c.label for c in table.choices()] == [
        "Tactic 1 (beats 5 and 4)",
        "Tactic 2 (beats 1 and 5)",
        "Tactic 3 (beats 2 and 1)",
        "Tactic 4 (beats 3 and 2)",
        "Tactic 5 (beats 4 and 3)",
    ]
    assert table.choose(2)  # Ana: tactic 3, in secret
    assert game.pending == TACTIC_DEFENDER
    # the screen waits for Bruno: nothing secret is drawn, one button hands it over
    assert table.model.hidden()
    scene = table.scene()
    words = " ".join(scene.texts())
    assert "tactic 3" not in words and "Your criptex" not in words
    assert "battle-my-tactic" not in scene.ids()
    assert not [i for i in scene.ids() if i.startswith("hand-") and not i.startswith("hand-title")]
    assert "Pass the screen to Bruno" in words
    assert "Pass the screen to Bruno" in table.status.text
    assert [c.label for c in table.choices()] == ["I am Bruno: show my screen"]
    click_region(table, game.map.by_name("CT"))
    assert "Pass the screen to Bruno" in table.status.problem
    assert table.choose(0)
    scene = table.scene()
    assert "tactic 3" not in " ".join(scene.texts())  # Bruno's own view: no rival tactic
    assert table.choose(0)  # Bruno: tactic 1; now both are revealed
    last = table.status.text
    assert "Ana (criterion balance) played tactic 3" in last
    assert "Bruno (criterion balance) played tactic 1" in last


def test_the_attackers_own_tactic_is_drawn_for_the_attacker_only() -> None:
    table = at_battle()
    table.play(Tactic(4))
    game = table.game
    own = table_scene(game.view(0))
    assert own.find("battle-my-tactic").text == "Your criptex, in secret: tactic 4"  # type: ignore[attr-defined]
    assert "battle-my-tactic" not in table_scene(game.view(1)).ids()


def test_a_bot_defender_answers_and_the_round_is_told() -> None:
    table = at_battle(("human", "random"))
    assert table.choose(0)
    assert "Battle in BT" in table.status.text
    assert table.game.current_player == 0  # the bot chose at once; Ana's next decision


def test_negotiating_a_retreat_by_buttons_in_hot_seat() -> None:
    table = entered()
    game = table.game
    at, bt = game.map.by_name("AT"), game.map.by_name("BT")
    for action in (PlaceCQ(at, 3), Aim(at, bt), ColourRolled(0), Move(5)):
        assert table.play(action), table.status.text
    labels = [c.label for c in table.choices()]
    assert labels[0] == "Attack in BT"
    assert "Ask to retreat from BT to AT" in labels
    click_region(table, bt)  # blocked troops: the click explains the conflict
    assert "conflict region" in table.status.problem
    assert not table.end_turn()
    assert "still a conflict in BT" in table.status.problem
    table.choose(labels.index("Ask to retreat from BT to AT"))
    assert "Pass the screen to Bruno" in table.status.text
    table.choose(0)  # Bruno takes the screen
    assert [c.label for c in table.choices()] == ["Accept the retreat", "Refuse: fight"]
    table.choose(0)
    assert game.pending == "colour"  # Ana throws the die for the retreat
    assert "Pass the screen to Ana" in table.status.text
    table.choose(0)
    table.choose(0)  # green: every troop goes back
    assert game.cq[bt][0] == 0 and game.cq[at][0] == 6
    assert game.conflicts() == []


def test_undo_takes_back_a_placement_but_never_a_die_throw() -> None:
    table = entered(("human", "greedy"))
    game = table.game
    at, bt = game.map.by_name("AT"), game.map.by_name("BT")
    table.play(PlaceCQ(at, 2))
    assert table.undo()
    assert game is not table.game and table.game.credits == 3
    assert table.game.cq[at][0] == 3
    table.play(PlaceCQ(at, 3))
    table.play(Aim(at, bt))
    table.play(ColourRolled(2))  # black: a CQ lost
    assert not table.undo()
    assert "last die throw" in table.status.problem
    assert table.buttons["undo"].disabled


def test_undo_stops_at_revealed_tactics() -> None:
    table = at_battle()
    table.play(Tactic(3))
    table.model.reveal()
    table.play(Tactic(3))  # a tie: both lose a piece, the tactics are seen
    floor, why = table.model.undo_floor()
    assert why == "tactic" and floor == len(table.game.moves())


def test_keyboard_lists_every_legal_move_in_words() -> None:
    table = entered(("human", "greedy"))
    legal = table.game.legal_actions()
    labels = [label for label, _ in table.moves_list.options]
    assert len(labels) == len(legal)
    assert "buy 3 CQ and place them in AT" in labels
    table.moves_list.value = labels.index("buy 3 CQ and place them in AT")
    assert table.play_listed()
    assert table.game.stage == OPERATE
    assert table.key("e")  # E ends the turn; the bot plays its own
    assert table.game.current_player == 0 or table.game.is_over


def test_a_whole_game_played_by_clicks_against_bots() -> None:
    """Canvas clicks by coordinates and presses of the real buttons, as in a browser."""
    table = NuevoMundoTable(2, seats=("human", "greedy"), seed=11)
    game = table.game
    for _ in range(3000):
        game = table.game
        if game.is_over:
            break
        choices = table.choices()
        options = table.model.options()
        if choices and (game.pending or game.stage == ENTER):
            press(table, len(choices) - 1 if game.pending == "move" else 0)
        elif game.stage == ENTER:
            click_region(table, options[0])
        elif game.stage == PLACE:
            if table.model.selected is None:
                click_region(table, options[0])
            else:
                press(table, len(table.choices()) - 1 if game.credits > 2 else 0)
        elif choices and choices[0].action is not None and game.conflicts():
            press(table, 0)  # attack
        elif table.model.across is not None:
            press(table, len(choices) - 1)  # embark or land them all
        elif game.ops < 2 and table.model.selected is None and options:
            click_region(table, options[0])
        elif game.ops < 2 and table.model.selected is not None and options:
            click_region(table, options[-1])
        else:
            key = "let_go" if table.model.selected is not None else "end_turn"
            table.buttons[key].click()
        # a press that raised is caught and said on the status line: it must never happen
        assert "did not work" not in table.status.problem
    assert table.game.is_over, table.status.text
    assert table.game.winners
    assert table.choices() == []
    assert "won" in table.status.text


def test_save_and_load_round_trip_and_a_foreign_file_is_refused() -> None:
    table = entered(("human", "greedy"))
    table.play(PlaceCQ(table.game.map.by_name("AT"), 3))
    text = table.save_text()
    other = NuevoMundoTable(2, seed=99)
    assert other.load_text(text, "my game")
    assert other.game.log == table.game.log
    assert "my game" in other.status.text
    assert not other.load_text(json.dumps({"game": "mondo"}), "odd.json")
    assert other.status.problem
    assert not other.load_text(b"\xff\xfe", "bad.json")


def test_new_game_asks_first_once_a_human_has_played() -> None:
    table = entered(("human", "greedy"))
    table.play(PlaceCQ(table.game.map.by_name("AT"), 3))
    assert not table.ask_new_game()
    assert table.buttons["confirm_new_game"].layout.visibility == "visible"
    log = table.game.log
    assert table.confirm_new_game()
    assert table.game.log != log


def test_picture_of_a_game_alone_shows_no_hand_and_no_tactic() -> None:
    table = at_battle()
    table.play(Tactic(2))
    scene = picture_scene(table.game)
    assert scene.targets() == []
    assert "battle-my-tactic" not in scene.ids()
    assert not [i for i in scene.ids() if i.startswith("hand-") and not i.startswith("hand-title")]


def test_the_table_speaks_spanish() -> None:
    try:
        table = NuevoMundoTable(2, seed=5, lang="es")
        assert table.status.text.startswith("Te toca")
        assert table.buttons["end_turn"].description == "Terminar turno"
        click_region(table, table.game.map.by_name("AT"))
        assert table.choices()[0].label == "Fundar el primer asentamiento en AT"
        table.choose(0)
        table.choose(0)  # the first face-up card
        assert "Tu mano: 1 carta" in table.scene().texts()
    finally:
        set_language("en")


@pytest.mark.parametrize(
    ("most", "expected"),
    [(1, [1]), (7, [1, 2, 3, 4, 5, 6, 7]), (14, [1, 2, 3, 5, 7, 13, 14])],
)
def test_count_buttons(most: int, expected: list[int]) -> None:
    assert counts(most) == expected


def test_five_bots_play_a_whole_game_on_the_gulf_map() -> None:
    table = NuevoMundoTable(5, seats=("random",) * 5, scenario="golfo", seed=4)
    assert table.game.is_over
    scene = table.scene()
    assert {f"player-{p}-seat" for p in range(5)} <= set(scene.ids())
    assert table.game.victory in {"points", "categories", "survival", "rounds"}


def test_three_players_with_the_equilibrium_bot_wait_for_the_human() -> None:
    table = NuevoMundoTable(
        3, seats=("human", "equilibrium", "greedy"), scenario="antillas", seed=2
    )
    game = table.game
    assert game.current_player == 0
    assert table.model.options()  # free land regions to enter
    assert table.status.text.startswith("Your turn")


def test_typing_the_order_die_in_hot_seat_needs_no_handover() -> None:
    table = NuevoMundoTable(
        2, seats=("human", "human"), names=("Ana", "Bruno"), seed=3, dice="table"
    )
    game = table.game
    assert [c.label for c in table.choices()][:2] == ["The die shows 1", "The die shows 2"]
    table.choose(5)  # Ana threw 6
    assert game.current_player == 1 and not table.model.hidden()
    table.choose(0)  # Bruno threw 1
    assert game.stage == "enter" and game.current_player == 0
    assert table.history[0] == "Ana threw 6 on the numeric die."
    assert "Turn order for the first round: Ana and Bruno." in table.status.text


def test_a_settlement_falls_and_the_attacker_plunders_by_category() -> None:
    table = at_battle()
    game = table.game
    for _ in range(20):
        if game.pending != "tactic_attacker":
            break
        table.play(Tactic(3))  # Ana
        table.model.reveal()
        table.play(Tactic(1))  # Bruno: 3 beats 1
        table.model.reveal()
    assert game.pending == "plunder"
    labels = [c.label for c in table.choices()]
    assert labels and all(label.startswith("Take a ") for label in labels)
    table.choose(0)
    plunder = next(e for e in reversed(game.events) if e[0] == "plunder")
    name = CARDS[plunder[3]].title
    # Ana holds the screen: her history names the card; a spectator's picture never does
    assert any(name in line for line in table.history_html.value.split("<li>"))
    assert plunder[1:3] == (0, 1)
    assert name not in " ".join(picture_scene(game).texts())


@pytest.mark.parametrize(
    ("seats", "scenario", "seed"),
    [
        (("human", "human"), "teaching", 1),
        (("human", "greedy", "human"), "antillas", 2),
        (("human", "random", "random", "human", "random"), "golfo", 3),
    ],
)
def test_random_clicks_and_presses_never_raise(
    seats: tuple[str, ...], scenario: str, seed: int
) -> None:
    """Whatever a class clicks, in any order, the table plays, chooses or explains."""
    import random

    rng = random.Random(seed)
    table = NuevoMundoTable(len(seats), seats=seats, scenario=scenario, seed=seed)
    moves = 0
    for _ in range(250):
        if table.game.is_over:
            break
        roll = rng.random()
        visible = [k for k, b in enumerate(table.choice_buttons) if not b.disabled]
        options = table.model.options()
        if roll < 0.45 and visible:
            table.choice_buttons[rng.choice(visible)].click()
        elif roll < 0.75 and options:
            click_region(table, rng.choice(options))
        elif roll < 0.85:
            table.click(rng.uniform(0, WIDTH), rng.uniform(0, HEIGHT))
        elif roll < 0.9:
            table.buttons["end_turn"].click()
        elif roll < 0.93:
            table.buttons["undo"].click()
        elif roll < 0.96:
            table.key(rng.choice(["1", "2", "e", "u", "Escape", "Enter", "x"]))
        else:
            listed = [v for _, v in table.moves_list.options if v >= 0]
            if listed:
                table.moves_list.value = rng.choice(listed)
            table.play_button.click()
        assert "did not work" not in table.status.problem, table.status.problem
        moves = max(moves, len(table.game.moves()))
    assert moves > 20


def test_the_table_shows_a_picture_where_widgets_cannot_run_and_says_itself_in_words() -> None:
    table = entered(("human", "greedy"))
    bundle, _ = table._repr_mimebundle_()
    assert {"application/vnd.jupyter.widget-view+json", "image/png"} <= set(bundle)
    assert "VBox" not in bundle["text/plain"]
    words = table.describe()
    assert any(line.startswith("AT: Ana has 3 CQ and 2 CA") for line in words)
    assert any(line.startswith("BT: Bruno has 3 CQ and 2 CA") for line in words)


def test_many_card_backs_stay_in_the_panel_beside_the_words() -> None:
    from dataclasses import replace

    view = entered(("human", "greedy")).game.view(0)
    view = replace(view, backs=(view.backs[0], (0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5)))
    scene = table_scene(view)
    line = scene.find("player-1-line")
    line_end = line.bbox()[0] + line.bbox()[2]
    backs = [s for s in scene if s.id.startswith("player-1-back-")]
    assert len(backs) == 12
    assert all(line_end <= s.bbox()[0] and s.bbox()[0] + s.bbox()[2] <= WIDTH for s in backs)
