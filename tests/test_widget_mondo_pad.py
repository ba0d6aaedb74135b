"""Mondo's scoring pad and tile drawings: typed and clicked boards, the score step by step.

Everything runs in plain Python: scenes are read as data and clicks are simulated at scene
coordinates (the browser tests check real drawing).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from gamecore import new_game
from gamecore.mondo import Mondo, TakeTask, score_round
from gamecore.mondo.board import board_text, parse_board
from gamecore.mondo.examples import RULEBOOK_BOARDS
from gamecore.mondo.faces import parse_face
from gamecore.mondo.rivals import RivalBot
from widgets.mondo.pad import MondoScoringPad
from widgets.mondo.pad_model import box_faces
from widgets.mondo.tiles import TERRAIN_COLOURS, draw_board, draw_face, terrain_pattern
from widgets.palette import HIGHLIGHT, contrast
from widgets.scene import Circle, Path, Polygon, Scene, Text

# The rulebook's example (as in tests/test_mondo_scoring.py): Marianne scores 11.
MARIANNE = RULEBOOK_BOARDS["Marianne"]
GINGER = RULEBOOK_BOARDS["Ginger"]


def rulebook_pad() -> MondoScoringPad:
    pad = MondoScoringPad(players=("Marianne", "Ginger"))
    assert pad.set_text(MARIANNE)
    assert pad.set_bonus(2)
    assert pad.set_text(GINGER, "Ginger")
    assert pad.choose("Marianne")
    return pad


def lit(scene: Scene) -> set[tuple[int, int, int]]:
    """The tile edges outlined in the scene, as (row, column, edge)."""
    out = set()
    for s in scene.shapes:
        if s.id.startswith("board-") and "-lit" in s.id:
            r, c, e = s.id.removeprefix("board-").split("-")
            out.add((int(r), int(c), int(e.removeprefix("lit"))))
    return out


def texts(scene: Scene, prefix: str) -> str:
    return " ".join(s.text for s in scene.shapes if isinstance(s, Text) and s.id.startswith(prefix))


# --- typing and clicking a board ------------------------------------------------------


def test_a_typed_board_shows_its_tiles_and_empty_spaces() -> None:
    pad = MondoScoringPad()
    assert pad.set_text("wfww wwwfa .\nddpdV wwww wwwwv")
    scene = pad.scene()
    ids = set(scene.ids())
    assert {"board-0-0-e1", "board-0-1-animal-disc", "board-0-2-empty"} <= ids
    assert {"board-1-0-volcano-smoke", "board-1-2-volcano-cone"} <= ids
    assert "board-1-2-volcano-smoke" not in ids  # inactive: no smoke
    assert scene.targets() == [f"space:{r}:{c}" for r in range(2) for c in range(3)]
    assert "5 tiles and 1 empty space" in pad.status.text
    assert parse_board(pad.text()) == parse_board("wfww wwwfa .\nddpdV wwww wwwwv")


def test_a_click_on_a_space_selects_it_and_the_lists_edit_it() -> None:
    pad = MondoScoringPad()
    scene = pad.scene()
    pad.click(*scene.center_of("space:1:2"))
    assert pad.model.selected == (1, 2)
    assert "Row 2, column 3: empty" in pad.status.text
    assert pad.scene().find("board-selected").stroke == HIGHLIGHT
    assert pad.set_edge("N", "f") and pad.set_edge(1, "f")
    assert pad.set_animal() and pad.set_volcano("v")
    face = pad.model.board.at((1, 2))
    assert face is not None and face.text() == "ffwwav"
    assert pad.rotate()
    assert pad.model.board.at((1, 2)) == parse_face("wffwav")
    assert pad._edges[1].value == "f" and pad._volcano.value == "v" and pad._animal.value
    assert pad.clear() and pad.model.board.at((1, 2)) is None


def test_a_click_beside_the_board_is_explained() -> None:
    pad = MondoScoringPad()
    pad.click(870, 5)
    assert pad.model.selected is None
    assert "not on a space" in pad.status.text


def test_editing_needs_a_selected_space() -> None:
    pad = MondoScoringPad()
    assert not pad.set_edge("N", "f")
    assert "Click a space on the board first" in pad.status.text
    assert pad.select(0, 0)
    assert not pad.set_edge("N", "x") and "not a landscape" in pad.status.text
    assert not pad.rotate() and "no tile to turn" in pad.status.text


def test_a_face_from_the_box_is_put_on_the_space_with_its_animal() -> None:
    pad = MondoScoringPad()
    faces = box_faces()
    assert len(faces) == len({(f.text(), f.animal) for f in faces}) > 10
    with_animal = next(f for f in faces if f.has_animal)
    pad.select(0, 0)
    assert pad.put_face(with_animal)
    assert pad.model.board.at((0, 0)) == with_animal
    pad._box.value = faces.index(with_animal)
    pad.select(0, 1)
    pad._put.click()
    assert pad.model.board.at((0, 1)) == with_animal


# --- bad input is explained, never raised --------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("wwww wxww", "Row 1, column 2: 'wxww': 'x' is not a landscape"),
        ("wwww wwww\nwwww", "Row 2 has 1 space, but row 1 has 2"),
        ("fpfp/NE,S,W", "mixes landscapes"),
        ("   ", "empty"),
    ],
)
def test_a_bad_board_text_is_explained_and_the_board_kept(text: str, words: str) -> None:
    pad = MondoScoringPad()
    assert pad.set_text("wfww wwwfa")
    assert not pad.set_text(text)
    assert words in pad.status.text
    assert "board was not changed" in pad.status.text
    assert parse_board(pad.text()) == parse_board("wfww wwwfa")


def test_the_text_box_and_its_button_take_a_board() -> None:
    pad = MondoScoringPad()
    pad._text.value = "wfww wwwfa"
    pad._use_text.click()
    assert parse_board(pad.text()) == parse_board("wfww wwwfa")
    pad._text.value = "wfww wwqfa"
    pad._use_text.click()
    assert "'q' is not a landscape" in pad.status.text
    assert pad._text.value == "wfww wwqfa"  # what was typed stays there to be corrected


# --- the score, step by step ---------------------------------------------------------


def test_stepping_lights_the_closed_landscape_then_the_wrong_connection() -> None:
    pad = MondoScoringPad()
    pad.set_text("wfww wwwfa wwwd")
    categories = [s.row.category for s in pad.model.steps()]
    assert categories == [
        "animals", "landscapes", "landscapes", "landscapes", "bonus", "volcanoes",
        "empty_spaces", "wrong_connections",
    ]  # fmt: skip
    assert pad.step()  # animals: the tile with the animal
    assert lit(pad.scene()) == {(0, 1, e) for e in range(4)}
    assert pad.step()  # the closed forest across two tiles
    assert lit(pad.scene()) == {(0, 0, 1), (0, 1, 3)}
    assert "Closed forest of 2 tiles, no wrong connection: +2" in texts(pad.scene(), "step-reason")
    assert "So far: 3 points" in texts(pad.scene(), "step-total")
    assert pad.step()  # the desert, closed but touching the wrong connection
    assert lit(pad.scene()) == {(0, 2, 3)}
    assert "but with 1 wrong connection: 0" in texts(pad.scene(), "step-reason")
    while not pad.model.complete:
        assert pad.step()
    scene = pad.scene()
    assert lit(scene) == {(0, 1, 1), (0, 2, 3)}
    assert "board-wrong0-cross" in scene.ids()
    assert "east edge: water against desert in row 1, column 3: -1" in texts(scene, "step-reason")
    assert texts(scene, "step-key").startswith("The cross marks the wrong connection; its two")
    assert "Marianne scores 2 points in this round." in pad.status.text
    assert pad.back()
    assert "Step 7 of 8, Empty spaces" in pad.status.text
    assert not lit(pad.scene()) and "board-wrong0-cross" not in pad.scene().ids()


def test_the_rulebooks_example_typed_in_scores_11() -> None:
    pad = rulebook_pad()
    sheet = pad.sheet()
    assert sheet is not None
    expected = score_round({"Marianne": MARIANNE, "Ginger": GINGER}, bonus={"Marianne": 2})
    assert sheet.total("Marianne") == expected.total("Marianne") == 11
    steps = pad.model.steps()
    for _ in steps:
        assert pad.step()
    assert pad.model.complete and pad.model.so_far() == 11
    assert "Marianne scores 11 points in this round." in pad.status.text
    assert "north edge: desert against the rim's water" in texts(pad.scene(), "step-reason")
    assert "does not match the rim" in texts(pad.scene(), "step-key")
    assert pad._next.disabled and not pad._prev.disabled
    assert "Marianne" in pad.table.value and "11" in pad.table.value


def test_the_volcano_chip_and_the_other_boards_change_the_volcano_row() -> None:
    pad = rulebook_pad()
    assert pad.set_volcano_chip(True)
    sheet = pad.sheet()
    assert sheet is not None and sheet.points("Marianne", "volcanoes") == -6
    assert sheet.total("Marianne") == 5
    volcano_step = next(s for s in pad.model.steps() if s.row.category == "volcanoes")
    assert {(r, c) for r, c, _ in volcano_step.lit or ()} == {
        (0, 3), (1, 1), (1, 3), (2, 2), (2, 4), (3, 1)
    }  # fmt: skip


def test_an_edit_hides_the_score_again() -> None:
    pad = rulebook_pad()
    pad.step()
    pad.step()
    pad.select(0, 5)
    assert pad.model.shown == 2
    pad.set_edge("N", "w")
    assert pad.model.shown == 0 and not lit(pad.scene())


def test_one_to_four_players() -> None:
    pad = MondoScoringPad()
    assert not pad.remove_player() and "at least one player" in pad.status.text
    for k in (2, 3, 4):
        assert pad.add_player()
        assert pad.players[-1] == f"Player {k - 1}"
    assert not pad.add_player() and "4 players at most" in pad.status.text
    assert pad._add.disabled
    assert not pad.rename("Player 1") and "same name" in pad.status.text
    assert pad.choose(3) and pad.rename("Noa") and pad.players[3] == "Noa"
    assert pad.remove_player() and pad.players == ("Marianne", "Player 1", "Player 2")
    assert pad.model.active == 2
    with pytest.raises(ValueError, match="1 to 4 players"):
        MondoScoringPad(players=("a", "b", "c", "d", "e"))


def test_side_b_draws_four_landscapes_on_the_rim_and_explains_a_board_that_does_not_fit() -> None:
    pad = MondoScoringPad()
    assert pad.set_side("B")
    rim = {
        s.fill for s in pad.scene().shapes if s.id.startswith("board-rim") and "-" not in s.id[9:]
    }
    assert set(TERRAIN_COLOURS.values()) <= rim
    assert pad.set_text("ffff")
    assert "does not fit side B" in pad.status.text
    assert not pad.step()
    assert pad.set_side("A") and pad.step()


def test_the_board_in_words_for_a_screen_reader() -> None:
    pad = MondoScoringPad()
    pad.set_text("wfww wwwfa .")
    words = pad.describe()
    assert "Row 1" in words and "animal" in words and "empty" in words
    assert "Row 1" in pad.description.value and "<details>" in pad.description.value
    assert pad.scene().title == "Marianne's Mondo board, and its score step by step"


# --- drawing: colour is never the only cue ---------------------------------------------


def test_every_terrain_has_a_letter_and_a_pattern_besides_its_colour() -> None:
    kinds = {}
    for terrain in TERRAIN_COLOURS:
        pattern = terrain_pattern(terrain, 50, 50, 0, 64, "p")
        assert pattern
        kinds[terrain] = tuple(
            (type(s).__name__, bool(s.fill), tuple(c[0] for c in getattr(s, "commands", ())))
            for s in pattern
        )
    assert len(set(kinds.values())) == 4  # four different marks
    face = parse_face("wfdp")
    shapes = draw_face(face, 0, 0, 64, "t")
    for e, terrain in enumerate("wfdp"):
        letter = next(s for s in shapes if s.id == f"t-e{e}-letter")
        assert isinstance(letter, Text) and letter.text == terrain and letter.size >= 12
        assert contrast(letter.fill or "", TERRAIN_COLOURS[terrain]) >= 4.5
        assert any(s.id.startswith(f"t-e{e}-mark") for s in shapes)


def test_active_and_inactive_volcanoes_differ_in_shape_not_only_colour() -> None:
    active = {
        s.id.removeprefix("t-volcano-")
        for s in draw_face(parse_face("wwwwV"), 0, 0, 64, "t")
        if "volcano" in s.id
    }
    inactive = {
        s.id.removeprefix("t-volcano-")
        for s in draw_face(parse_face("wwwwv"), 0, 0, 64, "t")
        if "volcano" in s.id
    }
    assert active - inactive == {"smoke"}
    hollow = next(
        s for s in draw_face(parse_face("wwwwv"), 0, 0, 64, "t") if s.id == "t-volcano-cone"
    )
    assert hollow.fill == "#ffffff"


def test_regions_are_drawn_joined_or_parted() -> None:
    bridged = {s.id for s in draw_face(parse_face("fpfp/NS,E,W"), 0, 0, 64, "t")}
    assert "t-bridge" in bridged
    assert {"t-part0", "t-part1", "t-part2", "t-part3"} & bridged == set()
    corners = {s.id for s in draw_face(parse_face("ffdd"), 0, 0, 64, "t")}
    assert "t-bridge" not in corners
    assert {"t-part1", "t-part3"} <= corners and "t-part0" not in corners
    whole = {s.id for s in draw_face(parse_face("ffff"), 0, 0, 64, "t")}
    assert not any("part" in i or "bridge" in i for i in whole)


def test_a_board_without_targets_is_a_plain_picture() -> None:
    board = parse_board("wfww .")
    shapes = draw_board(board, 0, 0, 48, "b", targets=False)
    assert all(s.target is None for s in shapes)
    assert any(isinstance(s, (Circle, Polygon, Path)) for s in shapes)


def test_the_scene_fits_900_px_and_exports_as_svg() -> None:
    pad = rulebook_pad()
    pad.step()
    scene = pad.scene()
    assert scene.width <= 900 and scene.height <= 600
    assert all(s.size >= 12 for s in scene.shapes if isinstance(s, Text))
    root = ET.fromstring(pad.to_svg())
    assert root.tag.endswith("svg")
    bundle, _meta = pad._repr_mimebundle_()
    assert "image/png" in bundle and "Run this cell" in str(bundle["text/plain"])


def test_a_bigger_typed_board_gets_smaller_spaces_and_still_fits() -> None:
    pad = MondoScoringPad()
    assert pad.set_text("\n".join(" ".join(["wwww"] * 9) for _ in range(7)))
    scene = pad.scene()
    x, _y, w, _h = scene.find("board-rim").bbox()
    assert x + w <= 460 and scene.width == 880


@pytest.mark.usefixtures("spanish")
def test_the_pad_speaks_spanish() -> None:
    pad = rulebook_pad()
    pad.step()
    scene = pad.scene()
    assert texts(scene, "title") == "Tablero de Marianne (cara A)"
    assert texts(scene, "step-head").startswith("Paso 1 de")
    assert "Hasta ahora: 6 puntos" in texts(scene, "step-total")
    assert "bosque" in texts(scene, "legend") and "llanura" in texts(scene, "legend")
    assert pad._next.description == "Siguiente paso"
    assert not pad.set_text("wwww wxww")
    assert "no ha cambiado" in pad.status.text


def test_the_canvas_always_holds_the_scene_shown() -> None:
    pad = rulebook_pad()
    before = pad.board_canvas.redraws
    pad.step()  # lights a part of the board: drawn whole
    assert pad.board_canvas.scene.ids() == pad.scene().ids()
    assert pad.board_canvas.redraws == before + 1
    pad.restart()
    pad.select(0, 5)  # a selection: repainted where it changed
    assert pad.board_canvas.scene.ids() == pad.scene().ids()
    assert "board-selected" in pad.board_canvas.scene.ids()


def test_everything_can_be_done_with_the_controls_alone() -> None:
    """The keyboard path: every control is a focusable widget, no click on the canvas."""
    pad = MondoScoringPad()
    pad._row.value = 0
    pad._col.value = 1
    assert pad.model.selected == (0, 1)
    pad._edges[3].value = "f"
    pad._animal.value = True
    pad._volcano.value = "V"
    assert pad.model.board.at((0, 1)) == parse_face("wwwfaV")
    pad._turn.click()
    assert pad.model.board.at((0, 1)) == parse_face("fwwwaV")
    pad._clear.click()
    assert pad.model.board.at((0, 1)) is None
    pad._text.value = "wfww wwwfa"
    pad._use_text.click()
    pad._bonus.value = 3
    pad._chip.value = True
    pad._next.click()
    pad._all.click()
    assert pad.model.complete and pad.model.so_far() == 1 + 2 + 3
    pad._prev.click()
    assert not pad.model.complete
    pad._hide.click()
    assert pad.model.shown == 0
    pad._add.click()
    pad._players.value = "Player 1"
    assert pad.model.player == "Player 1" and pad._name.value == "Player 1"
    pad._name.value = "Noa"
    assert pad.players == ("Marianne", "Noa")
    pad._side.value = "B"
    assert pad.model.side == "B"
    pad._remove.click()
    assert pad.players == ("Marianne",)


def test_a_selected_space_is_named_in_words_with_its_animal() -> None:
    pad = MondoScoringPad()
    face = next(f for f in box_faces() if f.has_animal)
    pad.select(1, 1)
    pad.put_face(face)
    assert pad.select(1, 1)
    name = pad.model.selected_words() or ""
    assert name.startswith("Row 2, column 2:") and "(the animal: " in name
    assert texts(pad.scene(), "chosen") == name
    assert "(the animal: " in pad.status.text


def test_an_animal_and_a_volcano_on_one_face_do_not_overlap() -> None:
    shapes = draw_face(parse_face("ddddaV"), 0, 0, 64, "t")
    disc = next(s for s in shapes if s.id == "t-animal-disc")
    back = next(s for s in shapes if s.id == "t-volcano-back")
    assert isinstance(disc, Circle) and isinstance(back, Circle)
    gap = ((disc.cx - back.cx) ** 2 + (disc.cy - back.cy) ** 2) ** 0.5
    assert gap > disc.r + back.r


def test_a_pad_opened_with_the_rulebooks_boards() -> None:
    pad = MondoScoringPad.from_boards(
        {"Marianne": MARIANNE, "Ginger": GINGER}, bonus={"Marianne": 2}, volcano_chip=["Marianne"]
    )
    sheet = pad.sheet()
    assert sheet is not None and sheet.total("Marianne") == 5 and pad.model.player == "Marianne"
    with pytest.raises(ValueError, match=r"Ginger's board was not changed\. Row 1, column 2"):
        MondoScoringPad.from_boards({"Marianne": MARIANNE, "Ginger": "wwww wxww"})
    with pytest.raises(ValueError, match="not 7"):
        MondoScoringPad.from_boards({"Marianne": MARIANNE}, bonus={"Marianne": 7})


# --- the advanced and expert levels: the engine's scoring, step by step ------------------


def game_midway(level: str, seed: int = 3) -> Mondo:
    """A game of two rivals at ``level``, stopped once each has placed some tiles (and, at
    the expert level, taken a task)."""
    game = new_game("mondo", players=2, seed=seed, level=level)
    rivals = [RivalBot(seed), RivalBot(seed + 1, level="fast")]
    while game.round == 0 and game.now < 150_000:
        player = game.current_player
        assert player is not None
        game.play(rivals[player].choose(game.view(player), []))
    if level == "expert" and game.task(0) is None:
        free = next(s for s, x in enumerate(game.task_display) if x not in game.task_of)
        game.play(TakeTask(0, game.now, free))
    return game


def pad_of(game: Mondo) -> MondoScoringPad:
    """The pad with the game's boards, chips, modifier and tasks typed in."""
    names = game.players
    tasks = {n: task.id for p, n in enumerate(names) if (task := game.task(p)) is not None}
    return MondoScoringPad.from_boards(
        {n: board_text(game.board(p)) for p, n in enumerate(names)},
        bonus={n: game.chips[p] for p, n in enumerate(names) if game.chips[p]},
        level=game.level,
        modifier=game.modifier().id,
        tasks=tasks,
    )


def rows(sheet) -> list[tuple[str, str, int, str]]:
    return [(r.player, r.category, r.points, r.reason) for r in sheet.rows]


@pytest.mark.parametrize("level", ["advanced", "expert"])
def test_the_pad_scores_the_higher_levels_as_the_engine_does(level: str) -> None:
    game = game_midway(level)
    pad = pad_of(game)
    sheet = pad.sheet()
    assert sheet is not None
    assert rows(sheet) == rows(game.round_sheet())
    assert sheet.categories == game.round_sheet().categories
    categories = [s.row.category for s in pad.model.steps()]
    extra = ["modifier"] if level == "advanced" else ["modifier", "tasks"]
    assert categories[-len(extra) :] == extra
    assert pad.show_all() and pad.model.so_far() == game.round_sheet().total(game.players[0])


def test_the_modifier_step_lights_what_it_counts_and_says_why() -> None:
    pad = MondoScoringPad(players=("Ana", "Bo"), level="advanced")
    assert pad.set_modifier("most_closed_landscapes")
    pad.set_text("wfww wwwf .\nwwww wwww .")  # one closed forest across two tiles
    pad.set_text("wwww", "Bo")
    pad.choose("Ana")
    steps = pad.model.steps()
    while pad.model.current() is None or pad.model.current().row.category != "modifier":
        assert pad.step()
    scene = pad.scene()
    assert lit(scene) == {(0, 0, 1), (0, 1, 3)}
    reason = texts(scene, "step-reason")
    assert "the most closed landscapes: 1, the most this round: +3" in reason
    assert texts(scene, "step-head").startswith(f"Step {len(steps)} of {len(steps)}: Scoring")
    assert pad.sheet().points("Bo", "modifier") == 0


def test_an_expert_task_row_scores_its_value_or_costs_it() -> None:
    pad = MondoScoringPad(players=("Ana", "Bo"), level="expert")
    pad.set_text("wfww wwwf .")  # an empty space: "no empty space" fails
    pad.set_text("wwww wwww", "Bo")  # no volcano at all: fulfilled
    assert pad.choose("Ana") and pad.set_task("no_empty_space")
    assert "Ana took the task: no empty space (±3)." in pad.status.text
    assert pad.set_task("no_volcano", "Bo")
    sheet = pad.sheet()
    assert sheet is not None
    assert sheet.points("Ana", "tasks") == -3 and sheet.points("Bo", "tasks") == 2
    assert pad.show_all()
    assert "task not fulfilled, no empty space (±3): -3" in texts(pad.scene(), "step-reason")
    assert pad.set_task(None) and pad.sheet().points("Ana", "tasks") == 0


def test_the_level_and_the_task_are_told_beside_the_board() -> None:
    pad = MondoScoringPad()
    assert not any(i.startswith(("level", "task")) for i in pad.scene().ids())  # as before
    assert pad.set_level("expert")
    assert "Expert level" in pad.status.text and "+3 to the most" in pad.status.text
    assert "Expert level" in texts(pad.scene(), "level")
    assert texts(pad.scene(), "task") == "Marianne took no task this round."


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda pad: pad.set_task("dragons"), "There is no task 'dragons'; the tasks are three"),
        (lambda pad: pad.set_modifier("tallest_volcano"), "There is no scoring modifier"),
        (lambda pad: pad.set_level("master"), "beginner, advanced, expert, not 'master'"),
        (lambda pad: pad.set_task("no_volcano", "Zoe"), "There is no player 'Zoe'"),
    ],
)
def test_bad_level_modifier_or_task_is_explained_and_nothing_changes(call, words) -> None:
    pad = MondoScoringPad(players=("Ana", "Bo"), level="expert")
    before = (pad.model.level, pad.model.modifier, list(pad.model.tasks))
    assert call(pad) is False
    assert words in pad.status.text
    assert (pad.model.level, pad.model.modifier, list(pad.model.tasks)) == before


def test_tasks_and_modifiers_need_their_level_and_a_task_goes_to_one_player() -> None:
    pad = MondoScoringPad(players=("Ana", "Bo"))
    assert not pad.set_task("no_volcano") and "Only the expert level" in pad.status.text
    assert not pad.set_modifier("most_lakes") and "The beginner level has no" in pad.status.text
    assert pad._modifier.disabled and pad._task.disabled
    pad._level.value = "expert"
    assert pad.model.level == "expert" and not pad._task.disabled and not pad._modifier.disabled
    pad._task.value = "no_volcano"
    assert pad.model.tasks == ["no_volcano", ""]
    pad.choose("Bo")
    pad._task.value = "no_volcano"
    assert "Ana already took that task" in pad.status.text
    assert pad.model.tasks == ["no_volcano", ""] and pad._task.value == ""
    pad._modifier.value = "most_lakes"
    assert pad.model.modifier == "most_lakes"
    with pytest.raises(ValueError, match="There is no task 'x'"):
        MondoScoringPad.from_boards({"Ana": "wwww"}, level="expert", tasks={"Ana": "x"})


@pytest.mark.usefixtures("spanish")
def test_the_higher_levels_speak_spanish() -> None:
    pad = MondoScoringPad(players=("Ana",), level="expert")
    assert pad._level.options[2][0] == "experto (+ modificador y tareas)"
    assert not pad.set_task("dragones") and "No existe la tarea 'dragones'" in pad.status.text
    assert pad.set_task("no_volcano") and "Ana tomó la tarea: ningún volcán" in pad.status.text
    pad.set_text("wwww")
    pad.show_all()
    assert "tarea cumplida" in texts(pad.scene(), "step-reason")
