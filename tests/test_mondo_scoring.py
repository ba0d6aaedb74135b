"""Mondo scoring: the board text, the rim, the analysis and the round's score sheet.

One or more tests per sentence of the rulebook's scoring section (beginner level), the
issue's and the rulebook's examples, bad input, and hypothesis properties checked against
an independent recount written here.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gamecore.mondo.board import (
    Board,
    board_text,
    check_rim,
    describe_board,
    parse_board,
    rim_index,
    rim_place,
    water_rim,
)
from gamecore.mondo.examples import RULEBOOK_BOARDS
from gamecore.mondo.faces import TERRAINS, Face, parse_face
from gamecore.mondo.scoring import (
    CATEGORIES,
    analyse,
    score_boards,
    score_round,
    volcano_penalties,
)

PROPS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def points(text: str, **kwargs: object) -> dict[str, int]:
    """One player's ("A") points per category for a board text."""
    sheet = score_round({"A": text}, **kwargs)  # type: ignore[arg-type]
    return {c: sheet.points("A", c) for c in CATEGORIES}


def land(text: str, rim: str | None = None) -> list[tuple[str, int, bool, int]]:
    """The land landscapes: (terrain, tiles, closed, wrong connections on them)."""
    a = analyse(parse_board(text), rim)
    return [
        (x.terrain, len(x.cells), x.closed, len(x.wrong_connections))
        for x in a.landscapes
        if x.land
    ]


# ----------------------------------------------------------------------- the issue's example


def test_the_issues_example_is_a_closed_forest_over_two_tiles_with_one_animal() -> None:
    a = analyse(parse_board("wfww wwwfa"))
    forests = [x for x in a.landscapes if x.land]
    assert len(forests) == 1
    forest = forests[0]
    assert (forest.terrain, forest.cells, forest.closed, forest.animals) == (
        "f",
        ((0, 0), (0, 1)),
        True,
        1,
    )
    assert forest.scores and forest.points == 2
    assert a.wrong_connections == ()
    assert points("wfww wwwfa") == {
        "animals": 1,
        "landscapes": 2,
        "bonus": 0,
        "volcanoes": 0,
        "empty_spaces": 0,
        "wrong_connections": 0,
    }


# --------------------------------------------------------------------------- the categories


def test_categories_come_in_the_issues_order_with_its_names() -> None:
    sheet = score_round({"A": "wwww"})
    assert sheet.categories == (
        "animals",
        "landscapes",
        "bonus",
        "volcanoes",
        "empty_spaces",
        "wrong_connections",
    )
    assert sheet.title("wrong_connections") == "Wrong connections"


def test_category_titles_follow_the_language(spanish: None) -> None:
    sheet = score_round({"A": "wwww"})
    assert sheet.title("empty_spaces") == "Espacios vacíos"
    assert sheet.title("wrong_connections") == "Conexiones incorrectas"


# ------------------------------------------------------------------------------ animals


def test_each_animal_scores_one_point_wherever_it_stands() -> None:
    # an animal in an open landscape, one in water, one in a closed forest: all count
    assert points("wfwwa wwwfa\nwwwwa wpwwa")["animals"] == 4
    assert points("wwww")["animals"] == 0


def test_an_animal_belongs_to_the_landscape_of_its_region() -> None:
    a = analyse(parse_board("wfww wwwfa"))
    (animal,) = a.animals
    assert animal.cell == (0, 1) and animal.terrain == "f"
    assert a.landscapes[animal.landscape].terrain == "f"


# --------------------------------------------------------------------------- landscapes


def test_a_closed_error_free_land_landscape_scores_two() -> None:
    for terrain in "fdp":
        text = f"w{terrain}ww www{terrain}"
        assert points(text)["landscapes"] == 2, text


def test_water_landscapes_never_score() -> None:
    a = analyse(parse_board("wwww wwww"))
    assert [x.terrain for x in a.landscapes] == ["w"]
    assert a.landscapes[0].closed and not a.landscapes[0].wrong_connections
    assert not a.landscapes[0].scores
    assert points("wwww wwww")["landscapes"] == 0


def test_a_landscape_across_many_tiles_scores_once() -> None:
    # a forest running west to east over three tiles: one landscape, +2
    text = "wfww wfwf wwwf"
    assert land(text) == [("f", 3, True, 0)]
    assert points(text)["landscapes"] == 2


def test_separate_landscapes_score_separately() -> None:
    text = "wfww wwwf\nwdww wwwd"
    assert sorted(t for t, *_ in land(text)) == ["d", "f"]
    assert points(text)["landscapes"] == 4


def test_a_landscape_with_an_edge_towards_an_empty_space_is_not_closed() -> None:
    a = analyse(parse_board("wfww ."))
    (forest,) = [x for x in a.landscapes if x.land]
    assert not forest.closed and forest.open_edges == (((0, 0), 1),)
    assert not forest.scores
    assert points("wfww .")["landscapes"] == 0


def test_a_closed_landscape_with_a_wrong_connection_does_not_score() -> None:
    # forest meets desert: both are enclosed, neither is error-free
    text = "wfww wwwd"
    assert land(text) == [("f", 1, True, 1), ("d", 1, True, 1)]
    assert points(text)["landscapes"] == 0


def test_a_land_edge_on_a_water_rim_is_closed_but_a_wrong_connection() -> None:
    assert land("fwww") == [("f", 1, True, 1)]
    assert points("fwww")["landscapes"] == 0


def test_a_landscape_that_meets_a_rim_of_its_own_type_is_closed_there() -> None:
    # side B: forest beyond the north edge of a 1x1 board; the tile's forest runs into it
    rim = "fwww"
    a = analyse(parse_board("fwww"), rim)
    assert a.wrong_connections == ()
    assert [x.scores for x in a.landscapes if x.land] == [True]
    sheet = score_boards({"A": parse_board("fwww")}, rim=rim)
    assert sheet.points("A", "landscapes") == 2


def test_regions_of_one_face_are_separate_landscapes_when_the_groups_say_so() -> None:
    # plains east and west of a forest strip: by default one region (joined), with groups two
    joined = "wpww fpfp wwwp"
    split = "wpww fpfp/NS,E,W wwwp"
    assert [t for t, *_ in land(joined)] == ["p", "f"]
    assert len([t for t, *_ in land(split) if t == "p"]) == 2


def test_a_landscape_row_names_the_terrain_its_size_and_why() -> None:
    sheet = score_round({"A": "wfww wwwf wdww .\nwwww wwww wwww wwww"})
    reasons = [r.reason for r in sheet.rows_for("A", "landscapes")]
    assert "Closed forest of 2 tiles, no wrong connection: +2" in reasons
    assert "Open desert of 1 tile (1 edge towards an empty space): 0" in reasons
    assert "1 water landscape: water never scores, 0" in reasons
    scored = [r for r in sheet.rows_for("A", "landscapes") if r.points]
    a = analyse(parse_board("wfww wwwf wdww .\nwwww wwww wwww wwww"))
    assert [a.landscapes[r.cards[0]].terrain for r in scored] == ["f"]


# --------------------------------------------------------------------------------- bonus


def test_the_bonus_chip_adds_its_number() -> None:
    sheet = score_round({"A": "wwww", "B": "wwww"}, bonus={"A": 3})
    assert sheet.points("A", "bonus") == 3 and sheet.points("B", "bonus") == 0
    assert sheet.rows_for("A", "bonus")[0].reason == "Bonus chip 3: +3"
    assert sheet.rows_for("B", "bonus")[0].reason == "No bonus chip: 0"


@pytest.mark.parametrize("value", [5, -1, 2.0, True, "2"])
def test_a_bonus_chip_that_does_not_exist_is_refused(value: object) -> None:
    with pytest.raises(ValueError, match="A's bonus chip must be a whole number from 1 to 4"):
        score_round({"A": "wwww"}, bonus={"A": value})  # type: ignore[dict-item]


# ------------------------------------------------------------------------------ volcanoes


def test_the_player_with_most_active_volcanoes_loses_one_per_volcano() -> None:
    sheet = score_round({"A": "wwwwV wwwwV", "B": "wwwwV wwww"})
    assert sheet.points("A", "volcanoes") == -2
    assert sheet.points("B", "volcanoes") == 0
    assert sheet.rows_for("A", "volcanoes")[0].reason == "2 active volcanoes, the most of all: -2"
    assert sheet.rows_for("B", "volcanoes")[0].reason == "1 active volcano; A has more (2): 0"


def test_every_player_tied_for_the_most_volcanoes_loses_them() -> None:
    sheet = score_round({"A": "wwwwV wwwwV", "B": "wwwwV wwwwV", "C": "wwwwV wwww"})
    assert [sheet.points(p, "volcanoes") for p in "ABC"] == [-2, -2, 0]
    assert "tied for the most with B" in sheet.rows_for("A", "volcanoes")[0].reason
    assert "A and B have more (2)" in sheet.rows_for("C", "volcanoes")[0].reason


def test_inactive_volcanoes_do_not_count_without_the_volcano_chip() -> None:
    sheet = score_round({"A": "wwwwv wwwwv wwwwv", "B": "wwwwV wwww wwww"})
    assert sheet.points("A", "volcanoes") == 0
    assert sheet.points("B", "volcanoes") == -1


def test_the_volcano_chip_makes_inactive_volcanoes_count() -> None:
    boards = {"A": "wwwwv wwwwv wwwwV", "B": "wwwwV wwwwV wwww"}
    sheet = score_round(boards, volcano_chip=["A"])
    assert sheet.points("A", "volcanoes") == -3
    assert sheet.points("B", "volcanoes") == 0
    assert sheet.rows_for("A", "volcanoes")[0].reason == (
        "3 volcanoes with the volcano chip (active + inactive: 1 + 2), the most of all: -3"
    )
    # a single name is one holder, as a list of one
    assert score_round(boards, volcano_chip="A").totals() == sheet.totals()


def test_when_the_most_volcanoes_is_zero_nobody_loses_anything() -> None:
    sheet = score_round({"A": "wwwwv", "B": "wwww"})
    assert sheet.points("A", "volcanoes") == 0 and sheet.points("B", "volcanoes") == 0
    assert volcano_penalties({"A": 0, "B": 0}) == {"A": 0, "B": 0}


def test_a_lone_player_with_volcanoes_has_the_most() -> None:
    assert points("wwwwV wwwwV")["volcanoes"] == -2


def test_a_volcano_chip_for_a_player_without_a_board_is_refused() -> None:
    with pytest.raises(ValueError, match="Zoe has no board in this round; the players are A and B"):
        score_round({"A": "wwww", "B": "wwww"}, volcano_chip=["Zoe"])
    with pytest.raises(ValueError, match="Zoe has no board"):
        score_round({"A": "wwww"}, bonus={"Zoe": 2})


# --------------------------------------------------------------------------- empty spaces


def test_each_empty_space_costs_one_point() -> None:
    assert points("wwww . .\n. wwww wwww")["empty_spaces"] == -3
    assert points("wwww")["empty_spaces"] == 0


def test_an_empty_space_causes_no_wrong_connection() -> None:
    # land edges all round an empty space: it costs 1, and nothing more
    text = "wwww wwdw wwww\nwfww . wwwd\nwwww pwww wwww"
    scores = points(text)
    assert scores["empty_spaces"] == -1
    assert scores["wrong_connections"] == 0
    assert analyse(parse_board(text)).empty_spaces == ((1, 1),)


# ------------------------------------------------------------------------ wrong connections


def test_each_touching_pair_of_different_edges_is_one_wrong_connection() -> None:
    # counted once per pair, not once per tile
    a = analyse(parse_board("wfww wwwd"))
    (w,) = a.wrong_connections
    assert (w.cell, w.edge, w.terrain, w.other, w.neighbour, w.rim) == (
        (0, 0),
        1,
        "f",
        "d",
        (0, 1),
        None,
    )
    assert points("wfww wwwd")["wrong_connections"] == -1
    # north and south neighbours too: forest south of the top tile against water north of
    # the bottom one (the bottom tile's plains on the east also meet the water rim)
    b = analyse(parse_board("wwfw\nwpww"))
    assert sorted(
        (w.cell, w.edge, w.terrain, w.other, w.neighbour) for w in b.wrong_connections
    ) == [
        ((0, 0), 2, "f", "w", (1, 0)),
        ((1, 0), 1, "p", "w", None),
    ]


def test_each_edge_that_differs_from_the_rim_is_one_wrong_connection() -> None:
    # a corner tile with land on its two outer edges: two wrong connections
    a = analyse(parse_board("fwwf"))
    assert sorted((w.edge, w.rim) for w in a.wrong_connections) == [(0, 0), (3, 3)]
    assert all(w.on_rim for w in a.wrong_connections)
    assert points("fwwf")["wrong_connections"] == -2
    assert points("dddd")["wrong_connections"] == -4


def test_a_wrong_connection_counts_against_both_landscapes() -> None:
    a = analyse(parse_board("wfww wwwd"))
    assert [x.wrong_connections for x in a.landscapes if x.land] == [(0,), (0,)]


def test_each_wrong_connection_has_a_row_that_says_where() -> None:
    sheet = score_round({"A": "ffwf dwwd"})
    assert [r.reason for r in sheet.rows_for("A", "wrong_connections")] == [
        "Row 1, column 1, north edge: forest against the rim's water: -1",
        "Row 1, column 1, east edge: forest against desert in row 1, column 2: -1",
        "Row 1, column 1, west edge: forest against the rim's water: -1",
        "Row 1, column 2, north edge: desert against the rim's water: -1",
    ]
    assert [r.cards for r in sheet.rows_for("A", "wrong_connections")] == [(0,), (1,), (2,), (3,)]
    assert score_round({"A": "wwww"}).rows_for("A", "wrong_connections")[0].reason == (
        "No wrong connection: 0"
    )


# ------------------------------------------------------------------- the rulebook's example

# Marianne's board (the rulebook's picture is missing; this one has what its text counts).
# Row 1: a forest and a desert that meet (enclosed, not error-free: 4 wrong connections,
# 3 on the water rim and 1 between them), a closed desert (+2), an open plain next to the
# empty space. Row 2: a closed desert, a closed forest and a closed plain (+2 each).
# Rows 3-4: water, with two water animals, an active and two inactive volcanoes.
MARIANNE = RULEBOOK_BOARDS["Marianne"]
GINGER = RULEBOOK_BOARDS["Ginger"]


def test_marianne_has_what_the_rulebook_counts() -> None:
    a = analyse(parse_board(MARIANNE))
    assert len(a.animals) == 6
    scoring = sorted(a.landscapes[i].terrain for i in a.scoring_landscapes)
    assert scoring == ["d", "d", "f", "p"]
    enclosed_with_errors = [x for x in a.landscapes if x.land and x.closed and x.wrong_connections]
    assert len(enclosed_with_errors) == 2
    not_closed = [x for x in a.landscapes if x.land and not x.closed]
    assert [x.terrain for x in not_closed] == ["p"]
    water = [x for x in a.landscapes if not x.land]
    assert water and all(x.points == 0 for x in water)
    assert (len(a.active_volcanoes), len(a.inactive_volcanoes)) == (4, 2)
    assert len(a.empty_spaces) == 1
    assert len(a.wrong_connections) == 4


def test_the_rulebooks_example_marianne_scores_11() -> None:
    sheet = score_round({"Marianne": MARIANNE, "Ginger": GINGER}, bonus={"Marianne": 2})
    assert [sheet.points("Marianne", c) for c in CATEGORIES] == [6, 8, 2, 0, -1, -4]
    assert sheet.total("Marianne") == 6 + 8 + 2 - 0 - 1 - 4 == 11
    assert sheet.points("Ginger", "volcanoes") == -5
    assert sheet.rows_for("Marianne", "volcanoes")[0].reason == (
        "4 active volcanoes; Ginger has more (5): 0"
    )


def test_the_rulebooks_example_with_the_volcano_chip_marianne_takes_minus_6() -> None:
    sheet = score_round(
        {"Marianne": MARIANNE, "Ginger": GINGER}, bonus={"Marianne": 2}, volcano_chip=["Marianne"]
    )
    assert sheet.points("Marianne", "volcanoes") == -6
    assert sheet.points("Ginger", "volcanoes") == 0
    assert sheet.total("Marianne") == 6 + 8 + 2 - 6 - 1 - 4 == 5


def test_explain_walks_through_the_sheet_in_words() -> None:
    sheet = score_round({"Marianne": MARIANNE, "Ginger": GINGER}, bonus={"Marianne": 2})
    lines = sheet.explain()
    assert lines[0] == "Marianne: 11 points"
    assert "  Animals: 6" in lines
    assert "    6 animals: +6" in lines
    assert "  Closed landscapes: 8" in lines
    assert "    Closed forest of 1 tile, but with 3 wrong connections: 0" in lines
    assert "    Open plains of 1 tile (1 edge towards an empty space): 0" in lines
    assert "    1 empty space: -1" in lines
    assert "    5 active volcanoes, the most of all: -5" in lines
    assert lines[-1] == "Ranking: 1. Marianne (11), 2. Ginger (-5)"
    assert not any("(" in line and "'" in line for line in lines)  # no Python reprs


def test_explain_in_spanish(spanish: None) -> None:
    sheet = score_round({"Marianne": MARIANNE, "Ginger": GINGER}, bonus={"Marianne": 2})
    lines = sheet.explain()
    assert "    6 animales: +6" in lines
    assert "    Paisaje de bosque de 2 fichas, cerrado y sin conexiones incorrectas: +2" in lines
    assert "    4 volcanes activos; Ginger tiene más (5): 0" in lines
    assert (
        "    Fila 1, columna 1, borde norte: bosque contra agua del borde del tablero: -1" in lines
    )


# ---------------------------------------------------------------------------- bad input


def test_a_ragged_board_is_refused_naming_the_row() -> None:
    with pytest.raises(ValueError, match="Row 2 has 1 space, but row 1 has 2"):
        parse_board("wwww wwww\nwwww")
    with pytest.raises(ValueError, match=r"^Ana's board: Row 3 has 3 spaces, but row 1 has 2"):
        score_round({"Ana": "wwww wwww\n. .\nwwww . ."})


def test_an_unknown_letter_is_refused_with_its_place() -> None:
    with pytest.raises(ValueError, match="Row 2, column 3: 'wwxw': 'x' is not a landscape"):
        parse_board("wwww wwww wwww\nwwww wwww wwxw")
    with pytest.raises(
        ValueError, match=r"^Ana's board: Row 1, column 1: 'wwwwq': 'q' is not a mark"
    ):
        score_round({"Ana": "wwwwq"})


def test_groups_that_mix_terrains_are_refused_with_their_place() -> None:
    with pytest.raises(ValueError, match="Row 1, column 2: 'fpfp/NE,S,W': the group NE mixes"):
        parse_board("wwww fpfp/NE,S,W")


def test_an_empty_board_is_refused() -> None:
    for text in ("", "  \n \n"):
        with pytest.raises(ValueError, match="The board is empty"):
            parse_board(text)
    with pytest.raises(ValueError, match="no board to score"):
        score_round({})


def test_a_board_that_is_not_text_is_refused() -> None:
    with pytest.raises(ValueError, match="Ana's board must be written as text"):
        score_round({"Ana": ["wwww"]})  # type: ignore[dict-item]


def test_a_bad_rim_is_refused() -> None:
    with pytest.raises(ValueError, match="The rim has 3 edges, but a board of 1 × 1 spaces"):
        check_rim("www", 1, 1)
    with pytest.raises(ValueError, match="Rim position 2: 'x' is not a landscape"):
        check_rim("wxww", 1, 1)
    with pytest.raises(ValueError, match=r"^A's board: The rim has"):
        score_boards({"A": parse_board("wwww")}, rim="ww")


# ------------------------------------------------------------------------- the board text


def test_board_text_reads_back_to_the_same_board() -> None:
    board = parse_board(MARIANNE)
    assert parse_board(board_text(board)) == board
    assert board_text(parse_board("wfww wwwfa\n. fpfp/NS,E,W")) == ("wfww wwwfa\n.    fpfp/NS,E,W")
    assert (board.rows, board.cols) == (4, 6)
    assert board.at((0, 5)) is None and board.at((0, 0)) == parse_face("ffwf")


def test_score_boards_takes_rows_of_faces_as_the_engine_keeps_them() -> None:
    rows = [[parse_face("wfww"), parse_face("wwwfa")], [None, parse_face("wwwwV")]]
    sheet = score_boards({"A": rows}, rim=water_rim(2, 2), bonus={"A": 0})
    assert sheet.totals() == {"A": 1 + 2 + 0 - 1 - 1 + 0}


def test_the_rim_goes_clockwise_from_the_north_west_corner() -> None:
    rows, cols = 2, 3
    assert len(water_rim(rows, cols)) == 10
    assert rim_index(rows, cols, (0, 0), 0) == 0  # north edge of the top row, west first
    assert rim_index(rows, cols, (0, 2), 0) == 2
    assert rim_index(rows, cols, (0, 2), 1) == 3  # east edges, north to south
    assert rim_index(rows, cols, (1, 2), 1) == 4
    assert rim_index(rows, cols, (1, 2), 2) == 5  # south edges, east to west
    assert rim_index(rows, cols, (1, 0), 2) == 7
    assert rim_index(rows, cols, (1, 0), 3) == 8  # west edges, south to north
    assert rim_index(rows, cols, (0, 0), 3) == 9
    assert rim_index(rows, cols, (0, 1), 2) is None  # an inner edge
    for i in range(10):
        cell, edge = rim_place(rows, cols, i)
        assert rim_index(rows, cols, cell, edge) == i


def test_describe_board_for_a_screen_reader() -> None:
    text = describe_board(parse_board("wfww wwwfa\n. dddpV"))
    assert text.splitlines() == [
        "A board of 2 rows and 2 columns: 3 tiles and 1 empty space.",
        "Row 1: column 1, north water, east forest, south water, west water; "
        "column 2, north water, east water, south water, west forest, "
        "with an animal in the forest.",
        "Row 2: column 1, empty; column 2, north desert, east desert, south desert, "
        "west plains, with an active volcano.",
        "Water all round the board.",
    ]
    side_b = describe_board(parse_board("ffff"), rim="fdpw")
    assert "Beyond the north edge, west to east: forest." in side_b
    assert "Beyond the west edge, north to south: water." in side_b


def test_describe_board_in_spanish(spanish: None) -> None:
    text = describe_board(parse_board("wwww ."))
    assert text.splitlines()[0] == "Un tablero de 1 fila y 2 columnas: 1 ficha y 1 espacio vacío."
    assert text.splitlines()[1] == "Fila 1: columna 1, todo agua; columna 2, espacio vacío."


def test_the_analysis_is_immutable_plain_data() -> None:
    a = analyse(parse_board("wfww wwwd"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.landscapes = ()  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.wrong_connections[0].edge = 2  # type: ignore[misc]
    assert a.landscapes[a.landscape_of((0, 0), 1)].terrain == "f"
    assert a.landscapes[a.landscape_of((0, 1), 3)].terrain == "d"
    # the two tiles' waters touch only the rim, which joins nothing: two water landscapes
    assert a.landscape_of((0, 0), 0) != a.landscape_of((0, 1), 0)
    assert a.landscape_of((0, 0), 0) == a.landscape_of((0, 0), 3)


# ------------------------------------------------------------------------------ properties


@st.composite
def faces(draw: st.DrawFn) -> Face:
    """Any face: four terrains, a random split of each terrain's edges into regions, maybe
    an animal, maybe a volcano; built through its text form."""
    edges = draw(st.lists(st.sampled_from(TERRAINS), min_size=4, max_size=4))
    labels = draw(st.lists(st.integers(0, 1), min_size=4, max_size=4))
    groups: dict[tuple[str, int], str] = {}
    for e, (terrain, label) in enumerate(zip(edges, labels, strict=True)):
        groups[(terrain, label)] = groups.get((terrain, label), "") + "NESW"[e]
    marks = draw(st.sampled_from(["", "a"])) + draw(st.sampled_from(["", "V", "v"]))
    text = "".join(edges) + marks + "/" + ",".join(groups.values())
    try:
        return parse_face(text)
    except ValueError:  # regions that would cross (N-S and E-W): no flat tile shows that
        return parse_face("".join(edges) + marks)


@st.composite
def boards(draw: st.DrawFn, square: bool = False) -> tuple[Board, tuple[str, ...]]:
    rows = draw(st.integers(1, 4))
    cols = rows if square else draw(st.integers(1, 5))
    cells = tuple(
        tuple(draw(st.one_of(st.none(), faces(), faces())) for _ in range(cols))
        for _ in range(rows)
    )
    rim = tuple(
        draw(
            st.lists(
                st.sampled_from(TERRAINS), min_size=2 * (rows + cols), max_size=2 * (rows + cols)
            )
        )
    )
    return Board(cells), rim


def half_turn(board: Board, rim: tuple[str, ...]) -> tuple[Board, tuple[str, ...]]:
    cells = tuple(
        tuple(None if f is None else f.rotated(2) for f in reversed(row))
        for row in reversed(board.cells)
    )
    shift = board.rows + board.cols
    return Board(cells), rim[-shift:] + rim[:-shift]


def quarter_turn(board: Board, rim: tuple[str, ...]) -> tuple[Board, tuple[str, ...]]:
    """A square board turned clockwise (north goes east), its rim with it."""
    n = board.rows
    cells = tuple(
        tuple(None if (f := board.at((n - 1 - c, r))) is None else f.rotated(1) for c in range(n))
        for r in range(n)
    )
    return Board(cells), rim[-n:] + rim[:-n]


def recount_wrong(board: Board, rim: tuple[str, ...]) -> int:
    """Wrong connections counted directly from the rulebook's sentence."""
    wrong = 0
    for (r, c), face in board.tiles():
        east = board.at((r, c + 1)) if c + 1 < board.cols else None
        south = board.at((r + 1, c)) if r + 1 < board.rows else None
        wrong += east is not None and east.edges[3] != face.edges[1]
        wrong += south is not None and south.edges[0] != face.edges[2]
        for edge in range(4):
            i = rim_index(board.rows, board.cols, (r, c), edge)
            wrong += i is not None and rim[i] != face.edges[edge]
    return wrong


def totals(board: Board, rim: tuple[str, ...]) -> dict[str, int]:
    sheet = score_boards({"A": board}, rim=rim)
    return {c: sheet.points("A", c) for c in CATEGORIES}


@PROPS
@given(boards())
def test_a_half_turn_of_board_and_rim_changes_no_score(case: tuple[Board, tuple[str, ...]]) -> None:
    board, rim = case
    assert totals(*half_turn(board, rim)) == totals(board, rim)


@PROPS
@given(boards(square=True))
def test_a_quarter_turn_of_a_square_board_and_its_rim_changes_no_score(
    case: tuple[Board, tuple[str, ...]],
) -> None:
    board, rim = case
    assert totals(*quarter_turn(board, rim)) == totals(board, rim)


@PROPS
@given(boards())
def test_wrong_connections_match_a_direct_recount(case: tuple[Board, tuple[str, ...]]) -> None:
    board, rim = case
    a = analyse(board, rim)
    assert len(a.wrong_connections) == recount_wrong(board, rim)


@PROPS
@given(boards(), st.data())
def test_adding_a_matching_tile_never_adds_a_wrong_connection(
    case: tuple[Board, tuple[str, ...]], data: st.DataObject
) -> None:
    board, rim = case
    empty = board.empty_spaces()
    assume(empty)
    cell = data.draw(st.sampled_from(empty))
    edges = []
    for edge in range(4):
        outer = rim_index(board.rows, board.cols, cell, edge)
        other = None if outer is not None else board.at(board.beyond(cell, edge))
        if outer is not None:
            edges.append(rim[outer])
        elif other is not None:
            edges.append(other.edges[(edge + 2) % 4])
        else:
            edges.append(data.draw(st.sampled_from(TERRAINS)))
    bigger = board.with_face(cell, parse_face("".join(edges)))
    before, after = analyse(board, rim), analyse(bigger, rim)
    assert len(after.wrong_connections) == len(before.wrong_connections)
    assert len(after.empty_spaces) == len(before.empty_spaces) - 1


@PROPS
@given(boards())
def test_the_sheet_adds_up_from_the_analysis(case: tuple[Board, tuple[str, ...]]) -> None:
    board, rim = case
    a = analyse(board, rim)
    got = totals(board, rim)
    assert got["animals"] == len(a.animals)
    assert got["landscapes"] == 2 * len(a.scoring_landscapes)
    assert got["empty_spaces"] == -len(a.empty_spaces)
    assert got["wrong_connections"] == -len(a.wrong_connections)
    assert got["volcanoes"] == -len(a.active_volcanoes)  # alone, the most is always theirs
    # every region of every face is in exactly one landscape, of its own terrain
    seen = [n for x in a.landscapes for n in x.nodes]
    assert len(seen) == len(set(seen)) == sum(len(f.regions) for _, f in board.tiles())
    for x in a.landscapes:
        for r, c, region in x.nodes:
            face = board.at((r, c))
            assert face is not None and face.terrain_of(region) == x.terrain
        assert x.scores == (x.land and x.closed and not x.wrong_connections)


@PROPS
@given(boards())
def test_board_text_round_trips(case: tuple[Board, tuple[str, ...]]) -> None:
    board, _ = case
    assert parse_board(board_text(board)) == board


@PROPS
@given(st.dictionaries(st.sampled_from("ABCD"), st.integers(0, 6), min_size=1))
def test_the_most_volcanoes_lose_them_every_tied_player_included(counts: dict[str, int]) -> None:
    penalties = volcano_penalties(counts)
    most = max(counts.values())
    for player, n in counts.items():
        assert penalties[player] == (-n if n == most and most > 0 else 0)


def test_the_sheet_shows_as_a_table_with_its_reasons() -> None:
    sheet = score_round({"Marianne": MARIANNE, "Ginger": GINGER}, bonus={"Marianne": 2})
    html = sheet._repr_html_()
    assert "<th>Wrong connections</th>" in html
    assert "Closed desert of 2 tiles, no wrong connection: +2" in html
    assert sheet.to_dict()["totals"] == {"Marianne": 11, "Ginger": -5}
