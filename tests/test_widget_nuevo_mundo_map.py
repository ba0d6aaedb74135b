"""Nuevo Mundo's map scene and its history sentences, in plain Python (no browser)."""

from __future__ import annotations

import re

import pytest

from gamecore import make_bot
from gamecore.nuevo_mundo import NuevoMundo
from gamecore.nuevo_mundo.actions import Aim, ColourRolled, NumberRolled, PickCard, PlaceCQ, Settle
from gamecore.nuevo_mundo.data import CARDS
from gamecore.nuevo_mundo.events import TELLERS, event_text, history_lines
from gamecore.words import set_language
from widgets.nuevo_mundo.map_scene import (
    MapLook,
    border_middle,
    fit_box,
    map_scene,
    map_shapes,
    region_at,
    regions_in_words,
)
from widgets.scene import Scene, Text
from widgets.svg import to_svg


def table_game(names: tuple[str, ...] = ("Ana", "Bruno")) -> NuevoMundo:
    """A teaching-map game with typed dice: Ana first, settled in AT, Bruno in BT."""
    game = NuevoMundo(names, 7, scenario="teaching", dice="table")
    game.play(NumberRolled(6))
    game.play(NumberRolled(1))
    board = game.map
    game.play(Settle(board.by_name("AT")))
    game.play(PickCard(0))
    game.play(Settle(board.by_name("BT")))
    game.play(PickCard(0))
    return game


def finished_game(seed: int = 3) -> NuevoMundo:
    game = NuevoMundo(("Ana", "Bruno"), seed, scenario="teaching")
    bots = [make_bot("greedy", seed=1), make_bot("random", seed=2)]
    while not game.is_over:
        p = game.current_player
        assert p is not None
        game.play(bots[p].choose(game.view(p), game.legal_actions()))
    return game


def test_every_cell_is_hit_tested_to_its_region() -> None:
    view = table_game().view(0)
    box = fit_box(view.map, 6, 8, 500, 300)
    scene = Scene(520, 320)
    scene.extend(map_shapes(view, box))
    board = view.map
    for r in range(board.rows):
        for c in range(board.cols):
            x, y = box.point(r + 0.5, c + 0.5)
            assert region_at(board, box, x, y) == board.grid[r][c]
            # badges and names are not targets: a click on them still reaches the region
            assert scene.hit(x, y) == f"region:{board.grid[r][c]}"
    assert region_at(board, box, 1, 1) is None
    assert scene.hit(box.x + board.cols * box.cell + 5, 10) is None


def test_every_region_is_named_and_open_coasts_carry_the_double_arrow() -> None:
    view = table_game().view(0)
    scene = map_scene(view)
    names = {region.name for region in view.map.regions}
    assert names <= set(scene.texts())
    arrows = [i for i in scene.ids() if i.startswith("open-") and i.endswith("-shaft")]
    assert len(arrows) == len(view.map.open_coasts) == 3
    # land borders are drawn thicker than sea borders
    land = [s for s in scene if s.id.startswith("border-land-")]
    sea = [s for s in scene if s.id.startswith("border-sea-")]
    assert land and sea
    assert min(s.stroke_width for s in land) > max(s.stroke_width for s in sea)


def test_pieces_show_counts_and_the_seat_number_not_only_colour() -> None:
    game = table_game()
    at = game.map.by_name("AT")
    game.play(PlaceCQ(at, 3))
    scene = map_scene(game.view(1))
    badge = f"pieces-{at}-0"
    assert isinstance(scene.find(f"{badge}-cq"), Text)
    assert scene.find(f"{badge}-cq").text == "6"  # type: ignore[attr-defined]
    assert scene.find(f"{badge}-seat").text == "1"  # type: ignore[attr-defined]
    assert {f"{badge}-ca0", f"{badge}-ca1"} <= set(scene.ids())  # a settlement: two CA
    assert scene.find(f"pieces-{game.map.by_name('BT')}-1-seat").text == "2"  # type: ignore[attr-defined]


def test_white_and_red_cones_sit_on_their_borders_with_a_letter() -> None:
    game = table_game()
    board = game.map
    at, bt, ct = (board.by_name(n) for n in ("AT", "BT", "CT"))
    game.play(PlaceCQ(at, 3))
    game.play(Aim(at, bt))
    view = game.view(0)
    box = fit_box(board, 6, 8, 500, 300)
    shapes = {s.id: s for s in map_shapes(view, box)}
    assert "white-cone" in shapes and "white-cone-letter" in shapes
    game.play(ColourRolled(1))  # red: the border closes
    game.play(Aim(at, ct))
    game.play(ColourRolled(1))
    view = game.view(0)
    shapes = {s.id: s for s in map_shapes(view, box)}
    assert {"red-cone-0", "red-cone-1"} <= set(shapes)
    assert "white-cone" not in shapes
    middle = border_middle(board, at, bt, box)
    assert middle is not None
    cone = shapes["red-cone-0"]
    x, y, w, h = cone.bbox()
    assert x <= middle[0] <= x + w and y <= middle[1] <= y + h


def test_selection_and_options_are_outlined_and_a_still_map_has_no_targets() -> None:
    view = table_game().view(0)
    box = fit_box(view.map, 0, 0, 500, 300)
    shapes = map_shapes(view, box, MapLook(selected=0, options=(1, 2)))
    ids = {s.id for s in shapes}
    assert {"selected", "option-1", "option-2"} <= ids
    still = map_scene(view)
    assert still.targets() == []
    assert "<svg" in to_svg(still)


def test_map_in_words_names_every_occupied_region() -> None:
    lines = regions_in_words(table_game().view(0))
    assert any(line.startswith("AT:") and "Ana" in line and "3 CQ" in line for line in lines)
    assert any(line.startswith("BT:") and "Bruno" in line for line in lines)


# ---------------------------------------------------------------------------- history


def test_every_event_of_a_whole_game_is_a_sentence_in_both_languages() -> None:
    game = finished_game()
    kinds = {e[0] for e in game.events}
    assert {"battle_round", "roll", "move", "victory"} <= kinds
    for lang in ("en", "es"):
        set_language(lang)
        try:
            for event in game.events:
                text = event_text(game, event)
                assert text and "{" not in text and "(" not in text[:1]
                assert not re.search(r"\(\d+, ", text), text  # never a tuple
        finally:
            set_language("en")
    assert set(TELLERS) >= kinds


def test_plunder_shows_points_only_to_the_two_players() -> None:
    game = table_game(("Ana", "Bruno"))
    event = ("plunder", 0, 1, 5)
    card = CARDS[5]
    spectator = event_text(game, event)
    assert card.title not in spectator and str(card.points) not in spectator
    for viewer in (0, 1):
        assert card.title in event_text(game.view(viewer), event)
    assert card.title not in event_text(game, event, viewer=-1)


def test_a_card_taken_from_the_table_is_secret_to_the_others() -> None:
    game = table_game()
    pick = next(e for e in game.events if e[0] == "pick" and e[1] == 0)
    title = CARDS[pick[2]].title
    assert title in event_text(game.view(0), pick)
    assert title not in event_text(game.view(1), pick)


def test_sentences_about_you_are_said_to_you() -> None:
    game = table_game(("You", "Bruno"))
    settle = next(e for e in game.events if e[0] == "settle" and e[1] == 0)
    assert event_text(game, settle).startswith("You built your first settlement")
    set_language("es")
    try:
        assert event_text(game, settle).startswith("Fundaste tu primer asentamiento")
    finally:
        set_language("en")


def test_history_is_newest_first_and_can_be_limited() -> None:
    game = finished_game()
    lines = history_lines(game, limit=5)
    assert len(lines) == 5
    assert lines[0] == event_text(game, game.events[-1])


@pytest.mark.parametrize("kind", ["nonsense", ""])
def test_an_unknown_event_is_said_in_words(kind: str) -> None:
    game = table_game()
    said = event_text(game, (kind,) if kind else ())
    assert said == "Something happened that this history cannot describe yet."


def _name_rect(shape: Text) -> tuple[float, float, float, float]:
    from widgets.card_face import text_width

    width = text_width(shape.text, shape.size, bold=True)
    return (
        shape.x - width / 2,
        shape.y - shape.size / 2,
        shape.x + width / 2,
        shape.y + shape.size / 2,
    )


def _covers(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.mark.parametrize(
    ("scenario", "players"), [("golfo", 5), ("golfo", 4), ("antillas", 3), ("teaching", 2)]
)
def test_no_region_name_hides_under_another_regions_pieces_or_an_arrow(scenario, players) -> None:
    """On the notebook table's map, at its own size, with the pieces of four rounds of greedy
    play: every region's name is clear of every other region's badges, of the other names,
    and of the open coasts' arrows (a crowded region moves its name and badges aside). On a
    small map where a small region has no clear place left (Antillas: 3 cells of a crowded
    coast), its name is drawn over the pieces, on a plate: still never under them. Most
    names keep a clear place of their own."""
    from widgets.nuevo_mundo.table import NuevoMundoTable

    plated = named = 0
    for seed in range(3):
        game = NuevoMundo(players, seed, scenario=scenario)
        bots = [make_bot("greedy", seed=seed + p) for p in range(players)]
        while not game.is_over and (game.round < 4 or game.current_player != 0):
            p = game.current_player
            game.play(bots[p].choose(game.view(p), game.legal_actions()))
        shapes = list(NuevoMundoTable.from_game(game).scene())
        names = {
            s.id: (k, s)
            for k, s in enumerate(shapes)
            if isinstance(s, Text) and (s.id or "").startswith("name-")
        }
        assert len(names) == len(game.map.regions)
        others = []
        for k, shape in enumerate(shapes):
            sid = shape.id or ""
            if sid.startswith("pieces-") and sid.count("-") == 2:  # a badge's frame
                left, top, width, height = shape.bbox()
                others.append((int(sid.split("-")[1]), k, (left, top, left + width, top + height)))
            if sid.startswith("open-") and sid.endswith("-shaft"):
                left, top, width, height = shape.bbox()
                others.append((-1, k, (left, top, left + width, top + height)))
        ids = {s.id for s in shapes}
        named += len(names)
        for sid, (at, name) in names.items():
            region = int(sid.split("-")[1])
            mine = _name_rect(name)
            under = [r for r, k, rect in others if r != region and _covers(mine, rect)]
            crowded = [
                o.text for _, o in names.values() if o is not name and _covers(mine, _name_rect(o))
            ]
            if f"{sid}-plate" in ids:  # drawn last, over whatever it would touch
                plated += 1
                assert all(at > k for r, k, rect in others if _covers(mine, rect)), name.text
                continue
            assert not under and not crowded, (scenario, seed, name.text, under, crowded)
    assert plated <= named // 10, f"{plated} of {named} names had no clear place on {scenario}"
