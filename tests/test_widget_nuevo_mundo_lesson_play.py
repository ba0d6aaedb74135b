"""Nuevo Mundo lesson 1 (how to play): its helpers tell the truth about the teaching map, the
credit table, the story's steps and the battle, the quiz's answers agree with the engine, and
the lesson's notebooks share their code and play the story the tests play.

``play_the_lesson`` makes the same moves as the notebooks (typed dice, so every run tells the
same story): a change in the engine that breaks the lesson fails here before nbval runs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamecore import new_game, words
from gamecore.nuevo_mundo import NuevoMundo
from gamecore.nuevo_mundo.actions import (
    Aim,
    Attack,
    ColourRolled,
    Embark,
    EndTurn,
    Move,
    NumberRolled,
    PickCard,
    PlaceCA,
    PlaceCQ,
    PlaceShip,
    Sail,
    Settle,
    Tactic,
)
from gamecore.nuevo_mundo.criptex import beats, criterion, criterion_name
from gamecore.nuevo_mundo.data import credits
from gamecore.nuevo_mundo.game import BLACK, GREEN, RED
from widgets.nuevo_mundo import lesson_play as lp
from widgets.scene import Text
from widgets.svg import to_svg

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = (
    ROOT / "notebooks" / "en" / "nuevo_mundo" / "01_how_to_play.ipynb",
    ROOT / "notebooks" / "es" / "nuevo_mundo" / "01_como_se_juega.ipynb",
)


@pytest.fixture(autouse=True)
def english():
    before = words.get_language()
    words.set_language("en")
    yield
    words.set_language(before)


def teaching_game() -> NuevoMundo:
    game = new_game(
        "nuevo-mundo", players=["Ana", "Leo"], seed=2026, scenario="teaching", dice="table"
    )
    assert isinstance(game, NuevoMundo)
    return game


def play_the_lesson(game: NuevoMundo, story: lp.Story) -> list[lp.Step]:
    """The notebook's moves, a step after each group, as the lesson's cells make them."""
    AT, BT, CT, DT, AM, CM = lp.regions(game, "AT BT CT DT AM CM")
    steps = []

    def after(*actions: object) -> None:
        for action in actions:
            game.play(action)
        steps.append(story.step())

    after(NumberRolled(5), NumberRolled(3))
    after(Settle(AT), PickCard(0), Settle(DT), PickCard(2))
    after(PlaceCQ(AT, 2), PlaceShip(AT, AM))
    after(Aim(AT, BT))
    after(ColourRolled(GREEN), Move(2))
    after(Aim(BT, CT), ColourRolled(RED))
    after(Embark(AT, AM, 1))
    after(Aim(AM, CM), ColourRolled(BLACK))
    after(Aim(AM, CM), ColourRolled(GREEN), Sail(1, 1), EndTurn())
    after(PlaceCQ(DT, 3), Aim(DT, BT), ColourRolled(GREEN), Move(4))
    after(Attack(BT), Tactic(1), Tactic(3))
    after(Tactic(2), Tactic(2))
    after(Tactic(5), Tactic(4))
    after(EndTurn())
    return steps


def _texts(scene) -> list[str]:
    return [s.text for s in scene.shapes if isinstance(s, Text)]


# ---------------------------------------------------------------------------- the board


def test_regions_are_named_as_on_the_map() -> None:
    game = teaching_game()
    at, bm = lp.regions(game, "AT BM")
    assert game.region_name(at) == "AT" and game.region_name(bm) == "BM"
    with pytest.raises(ValueError):
        lp.regions(game, "ZT")


def test_map_words_say_the_rulebook_illustration() -> None:
    """AT borders BT and CT but not DT; BM borders AM, CM and DM but not EM; the island has
    the open coasts AT-AM and DT-BM (plus the second island's FT-EM)."""
    lines = lp.map_words(teaching_game())
    assert "AT borders BT and CT." in lines
    assert "BM borders AM, CM and DM." in lines
    assert "Island 1: the land regions AT, BT, CT and DT." in lines
    assert "The 3 open coasts are AT-AM, DT-BM and FT-EM; every other coast is closed." in lines
    assert len(lines) == 2 + 1 + 1 + 11  # two islands, the seas, the coasts, 11 regions


def test_the_map_picture_names_every_region_and_explains_itself() -> None:
    game = teaching_game()
    picture = lp.map_picture(game)
    texts = _texts(picture.scene)
    for region in game.map.regions:
        assert region.name in texts
    assert "Ana" in texts and "Leo" in texts
    joined = " ".join(texts)
    assert "ends in T" in joined and "ends in M" in joined and "Open coast" in joined
    assert all(s.target is None for s in picture.scene.shapes)  # a still picture
    assert picture.scene.width <= 760


def test_the_face_up_cards_are_the_games_and_said_in_words() -> None:
    game = teaching_game()
    picture = lp.face_up_picture(game)
    said = str(picture)
    assert said.startswith("Face up on the table: ")
    assert said.count("points)") + said.count("point)") == len(game.face_up) == 3


# ---------------------------------------------------------------------------- credits


def test_the_credit_table_follows_the_rule_and_stars_the_printed_cells() -> None:
    grid = lp.credit_table(size=5)
    assert len(grid.rows) == 5 and len(grid.headers) == 6
    printed = {(1, 1): 3, (2, 1): 5, (2, 2): 7, (3, 1): 7, (3, 2): 9, (3, 3): 11}
    for s, row in enumerate(grid.rows, start=1):
        for i, cell in enumerate(row[1:], start=1):
            if i > s:
                assert cell == "—"
                continue
            assert cell.rstrip("*") == str(credits(s, i)) == str(2 * s + 2 * i - 1)
            assert cell.endswith("*") == ((s, i) in printed)
            if (s, i) in printed:
                assert cell == f"{printed[(s, i)]}*"
    assert not any("▶" in cell for row in grid.rows for cell in row)


def test_the_credit_table_lights_a_players_cell_and_reads_it() -> None:
    game = teaching_game()
    (AT,) = lp.regions(game, "AT")
    for action in (NumberRolled(5), NumberRolled(3), Settle(AT), PickCard(0)):
        game.play(action)
    grid = lp.credit_table(game, 0)
    lit = [(s, i) for s, row in enumerate(grid.rows) for i, c in enumerate(row) if "▶" in c]
    assert lit == [(0, 1)]
    assert grid.rows[0][1] == "▶ 3*"
    assert grid.note.endswith("Ana has 1 settlement on 1 island: 3 credits to spend.")
    assert "<table" in grid._repr_html_()


# ---------------------------------------------------------------------------- the story


def test_the_lesson_plays_by_the_rules_and_tells_every_event_once() -> None:
    game = teaching_game()
    story = lp.Story(game)
    steps = play_the_lesson(game, story)
    told = [line for step in steps for line in step.lines]
    assert story.told == len(game.events)
    # every event in one sentence, plus the one line that asks for the die after the cone
    assert len(told) == len(game.events) + 1
    assert told[0] == "Ana threw 5 on the numeric die."
    assert "Ana took Sweet potato (Seeds and roots, 2 points) from the table." in told
    assert "Leo took a card from the table (Seeds and roots) and hid its points." in told
    assert "Leo won the battle in BT." in told
    assert told[-1] == "Ana's turn: 3 credits to spend."
    assert game.round == 2 and game.turn_player == 0
    # what the story leaves on the map: Leo holds BT, Ana's ship sailed to CM
    BT, CM = lp.regions(game, "BT CM")
    assert game.cq[BT] == [0, 1]
    assert game.ships[CM][0] == 1 and game.cq[CM][0] == 1
    # the activity's point: Ana's only land region already holds a settlement, so no CA
    assert {type(a) for a in game.legal_actions()} == {PlaceCQ, PlaceShip}


def test_a_step_with_nothing_new_says_so() -> None:
    story = lp.Story(teaching_game())
    story.step()
    assert list(story.step().lines) == ["Nothing has happened since the last step."]


def test_the_white_cone_waits_for_the_die_and_the_red_cone_stays() -> None:
    game = teaching_game()
    story = lp.Story(game)
    steps = play_the_lesson(game, story)
    aim = steps[3]
    assert aim.lines[-1] == (
        "The white cone stands on the border AT-BT: now the colour die is thrown."
    )
    ids = {s.id for s in aim.picture.scene.shapes}
    assert "white-cone" in ids and "die" not in ids
    red = steps[5]
    ids = {s.id for s in red.picture.scene.shapes}
    assert "red-cone-0" in ids and "die" in ids and "white-cone" not in ids
    texts = _texts(red.picture.scene)
    joined = " ".join(texts)  # the panel wraps its lines
    assert "red" in texts and "Red cones on the map: 1 of 3" in joined
    assert "Operative stage" in joined and "Turn: Ana" in joined
    conflict = steps[9].picture.scene
    assert "Conflict region: BT" in " ".join(_texts(conflict))
    assert "selected" in {s.id for s in conflict.shapes}
    assert "selected" not in {s.id for s in steps[13].picture.scene.shapes}  # battle over
    # the turn's end takes the cones off
    assert not any(s.id.startswith("red-cone") for s in steps[8].picture.scene.shapes)


def test_every_step_picture_is_a_still_picture_in_words() -> None:
    game = teaching_game()
    for k, step in enumerate(play_the_lesson(game, lp.Story(game)), start=1):
        bundle, _ = step.picture._repr_mimebundle_()
        assert {"image/svg+xml", "image/png", "text/plain"} <= set(bundle)
        assert bundle["text/plain"].startswith(f"Step {k}: Teaching map")
        svg = to_svg(step.picture.scene).lower()
        assert "click" not in svg and "press" not in svg
        assert step.picture.scene.width <= 760


def test_a_step_shows_its_picture_then_its_sentences(monkeypatch: pytest.MonkeyPatch) -> None:
    import IPython.display

    shown: list[object] = []
    monkeypatch.setattr(IPython.display, "display", lambda obj: shown.append(obj))
    game = teaching_game()
    game.play(NumberRolled(5))
    step = lp.Story(game).step()
    step._ipython_display_()
    assert shown == [step.picture, step.lines]
    assert str(step) == "Ana threw 5 on the numeric die."


def test_refused_gives_the_engines_reason_or_says_it_is_allowed() -> None:
    game = teaching_game()
    AT, BT, DT = lp.regions(game, "AT BT DT")
    for action in (NumberRolled(5), NumberRolled(3), Settle(AT), PickCard(0), Settle(DT)):
        game.play(action)
    game.play(PickCard(2))
    assert list(lp.refused(game, PlaceCQ(BT, 1))) == [game.why_illegal(PlaceCQ(BT, 1))]
    assert list(lp.refused(game, PlaceCA(AT))) == [game.why_illegal(PlaceCA(AT))]
    assert list(lp.refused(game, PlaceCQ(AT, 2))) == [
        "The engine allows it: buy 2 CQ and place them in AT."
    ]


def test_the_battle_table_reads_the_battle_round_by_round() -> None:
    game = teaching_game()
    assert lp.battle_table(game).note == "No battle has been fought yet."
    play_the_lesson(game, lp.Story(game))
    grid = lp.battle_table(game)
    assert grid.headers == ("Round", "Attacker: Leo", "Defender: Ana", "Result")
    assert grid.rows == (
        (
            "1",
            "4 pieces, double, tactic 1",
            "▲ 2 pieces, half, tactic 3",
            "Ana wins: Leo removes 2 pieces",
        ),
        ("2", "2 pieces, balance, tactic 2", "2 pieces, balance, tactic 2",
         "A tie: each side removes 1 piece"),
        ("3", "▲ 1 piece, balance, tactic 5", "1 piece, balance, tactic 4",
         "Leo wins: Ana removes 1 piece"),
    )  # fmt: skip
    assert grid.fills[0][2] is not None and grid.fills[2][1] is not None
    assert grid.fills[1] == (None, None, None, None)
    assert "BT" in grid.note


# ---------------------------------------------------------------------------- the quiz


def test_the_quizs_answers_agree_with_the_engine() -> None:
    questions = lp.quiz_questions()
    assert len(questions) == lp.QUIZ_SIZE == len(lp.QUIZ_ANSWERS)
    for q in questions:
        assert len(set(q["options"])) == len(q["options"]) == 3
    right = [q["options"][q["answer"]] for q in questions]
    assert right[0] == str(credits(2, 1))
    assert right[4].lower() == criterion_name(criterion(6, 1 + 2))
    assert beats(1, 4) and right[5].startswith("The attacker")
    assert "red cone" in right[1] and "try the same border again" in right[2]
    assert "open coast" in right[3] and "CQ" in right[6]


def test_the_quiz_scores_a_student() -> None:
    quiz = lp.rules_quiz()
    assert quiz.title == "Quiz: the rules of Nuevo Mundo"
    for k, answer in enumerate(lp.QUIZ_ANSWERS):
        assert quiz.answer(k, answer).correct
    assert quiz.score == lp.QUIZ_SIZE
    assert not quiz.answer(0, 0).correct  # a later answer is explained, not scored
    assert quiz.score == lp.QUIZ_SIZE


# ---------------------------------------------------------------------------- Spanish


def test_the_lesson_speaks_spanish(spanish: None) -> None:
    game = teaching_game()
    steps = play_the_lesson(game, lp.Story(game))
    assert steps[0].lines[0] == "Ana sacó un 5 en el dado numérico."
    assert steps[3].lines[-1].startswith("El cono blanco está en la frontera AT-BT")
    assert "AT limita con BT y CT." in lp.map_words(game)
    grid = lp.battle_table(game)
    assert grid.headers[1] == "Atacante: Leo"
    assert grid.rows[0][2] == "▲ 2 piezas, mitad, táctica 3"
    assert lp.credit_table(game, 1).note.endswith(
        "Leo tiene 1 asentamiento en 1 isla: 3 créditos para gastar."
    )
    assert lp.rules_quiz().title == "Cuestionario: las reglas de Nuevo Mundo"
    assert "Etapa operativa" in " ".join(_texts(steps[5].picture.scene))


# ---------------------------------------------------------------------------- the notebooks


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text("utf-8"))["cells"]


@pytest.mark.skipif(not all(p.exists() for p in NOTEBOOKS), reason="the lesson is not written")
def test_the_two_notebooks_share_their_code_and_every_cell_has_an_id() -> None:
    en, es = (_cells(p) for p in NOTEBOOKS)
    code = [[c["source"] for c in cells if c["cell_type"] == "code"] for cells in (en, es)]
    assert code[0] == code[1]
    assert [c["cell_type"] for c in en] == [c["cell_type"] for c in es]
    assert all(c.get("id") for c in en + es)
    tags = [
        [c["id"] for c in cells if "nbval-check-output" in c.get("metadata", {}).get("tags", [])]
        for cells in (en, es)
    ]
    assert tags[0] == tags[1] and tags[0]
