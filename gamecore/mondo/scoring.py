"""Mondo scoring: landscapes, wrong connections, volcanoes, and the round's score sheet.

``score_round(boards, bonus=None, volcano_chip=())`` is the digital scoring pad for a
physical round: ``boards`` maps each player to a board text (see ``board``; the rim is water
all round, as on side A). The engine calls ``score_boards`` with its boards and the rim of
the side in play. ``analyse(board, rim)`` is the step below: the board's landscapes
and wrong connections as plain data, for the sheet's reasons and a widget's highlights.

The rules, in our words (beginner level, one round):

- each animal: +1;
- each closed, error-free land landscape: +2. A *landscape* is an area of one terrain that
  runs across touching tile edges; it is *closed* when none of its edges faces an empty
  space (an edge on the board's rim is closed), and *error-free* when none of its edges is
  part of a wrong connection. Water landscapes never score;
- the bonus chip: + its number;
- volcanoes: the player(s) with the most volcanoes lose 1 point per volcano they count,
  every tied player included. A player counts the active volcanoes, and the inactive ones
  too when holding the volcano chip. When the most is 0 nobody loses anything;
- each empty space: -1 (an empty space causes no wrong connection);
- each wrong connection: -1. Two touching edges that differ are one; a tile edge that
  differs from the rim beyond it is one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..scoresheet import ScoreRow, ScoreSheet, make_sheet
from ..words import join_words, t
from . import modules
from .board import Board, Cell, check_rim, opposite, parse_board, rim_index, terrain_name
from .faces import ACTIVE, EDGE_NAMES, INACTIVE, WATER, Face

CATEGORIES: Final = (
    "animals",
    "landscapes",
    "bonus",
    "volcanoes",
    "empty_spaces",
    "wrong_connections",
)
ANIMAL_POINTS: Final = 1
LANDSCAPE_POINTS: Final = 2
VOLCANO_POINTS: Final = -1
EMPTY_SPACE_POINTS: Final = -1
WRONG_CONNECTION_POINTS: Final = -1
BONUS_CHIPS: Final = (1, 2, 3, 4)
"""The values printed on the bonus chips."""
_CHIPS_OR_NONE: Final = (0, *BONUS_CHIPS)
"""What a player's bonus may be: 0 (no chip) or a chip's value."""

Node = tuple[int, int, int]
"""One region of one placed face: (row, column, index in the face's regions)."""


@dataclass(frozen=True)
class WrongConnection:
    """A tile edge that meets a different terrain: a neighbour's edge, or the rim.

    ``cell`` and ``edge`` (0 = N ... 3 = W) name the tile edge, ``terrain`` its landscape;
    ``other`` is the terrain it meets. Between two tiles, ``neighbour`` is the space across
    the edge (the first tile is the west or north one); on the rim, ``neighbour`` is
    ``None`` and ``rim`` the rim position (see ``board``)."""

    cell: Cell
    edge: int
    terrain: str
    other: str
    neighbour: Cell | None = None
    rim: int | None = None

    @property
    def on_rim(self) -> bool:
        return self.neighbour is None


@dataclass(frozen=True)
class Landscape:
    """A connected area of one terrain: the face regions joined across matching edges.

    ``nodes``: its regions as (row, column, region); ``cells``: the spaces it covers;
    ``open_edges``: the (space, edge) pairs that face an empty space; ``wrong_connections``:
    indices into ``Analysis.wrong_connections`` of those that touch its edges; ``animals``:
    how many animals stand in it."""

    terrain: str
    nodes: tuple[Node, ...]
    cells: tuple[Cell, ...]
    open_edges: tuple[tuple[Cell, int], ...]
    wrong_connections: tuple[int, ...]
    animals: int

    @property
    def closed(self) -> bool:
        """No edge faces an empty space (edges on the rim are closed)."""
        return not self.open_edges

    @property
    def land(self) -> bool:
        return self.terrain != WATER

    @property
    def scores(self) -> bool:
        """Land, closed and free of wrong connections: worth ``LANDSCAPE_POINTS``."""
        return self.land and self.closed and not self.wrong_connections

    @property
    def points(self) -> int:
        return LANDSCAPE_POINTS if self.scores else 0


@dataclass(frozen=True)
class Animal:
    """An animal on the board: where, which species (``"animal"`` when not named), the
    terrain of its region and the index of its landscape."""

    cell: Cell
    species: str
    terrain: str
    landscape: int


@dataclass(frozen=True)
class Analysis:
    """Everything one board scores from, as plain data, in reading order (row by row)."""

    board: Board
    rim: tuple[str, ...]
    landscapes: tuple[Landscape, ...]
    wrong_connections: tuple[WrongConnection, ...]
    animals: tuple[Animal, ...]
    active_volcanoes: tuple[Cell, ...]
    inactive_volcanoes: tuple[Cell, ...]
    empty_spaces: tuple[Cell, ...]

    def landscape_of(self, cell: Cell, edge: int) -> int:
        """The index of the landscape that one tile edge belongs to."""
        face = self.board.at(cell)
        if face is None:
            raise ValueError(t("mondo_scoring.space_empty", row=cell[0] + 1, col=cell[1] + 1))
        node = (cell[0], cell[1], face.region_of(edge))
        for i, landscape in enumerate(self.landscapes):
            if node in landscape.nodes:
                return i
        raise ValueError(f"{node} is in no landscape")  # every region is in one

    def volcanoes(self, volcano_chip: bool = False) -> int:
        """The volcanoes this board counts: the active ones, and the inactive ones too for
        a holder of the volcano chip."""
        inactive = len(self.inactive_volcanoes) if volcano_chip else 0
        return len(self.active_volcanoes) + inactive

    @property
    def scoring_landscapes(self) -> tuple[int, ...]:
        return tuple(i for i, x in enumerate(self.landscapes) if x.scores)


def analyse(board: Board, rim: Sequence[str] | str | None = None) -> Analysis:
    """The landscapes, wrong connections, animals, volcanoes and empty spaces of a board
    (``rim``: see ``board``; ``None`` is water all round)."""
    letters = check_rim(rim, board.rows, board.cols)
    parent: dict[Node, Node] = {}

    def root(node: Node) -> Node:
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for (r, c), face in board.tiles():
        for i in range(len(face.regions)):
            parent[(r, c, i)] = (r, c, i)
    wrong: list[WrongConnection] = []
    open_edges: list[tuple[Node, Cell, int]] = []
    for cell, face in board.tiles():
        for edge in range(4):
            node = (cell[0], cell[1], face.region_of(edge))
            terrain = face.edges[edge]
            outer = rim_index(board.rows, board.cols, cell, edge)
            if outer is not None:
                if terrain != letters[outer]:
                    wrong.append(WrongConnection(cell, edge, terrain, letters[outer], rim=outer))
                continue
            other_cell = board.beyond(cell, edge)
            other = board.at(other_cell)
            if other is None:
                open_edges.append((node, cell, edge))
            elif edge in (1, 2):  # each touching pair once: from its west or north tile
                back = opposite(edge)
                if other.edges[back] != terrain:
                    wrong.append(
                        WrongConnection(cell, edge, terrain, other.edges[back], other_cell)
                    )
                else:
                    a = root(node)
                    b = root((other_cell[0], other_cell[1], other.region_of(back)))
                    parent[max(a, b)] = min(a, b)
    groups: dict[Node, list[Node]] = {}
    for node in sorted(parent):
        groups.setdefault(root(node), []).append(node)
    order = sorted(groups, key=lambda k: groups[k][0])
    index = {k: i for i, k in enumerate(order)}
    touched: dict[int, list[int]] = {i: [] for i in range(len(order))}
    for w_index, w in enumerate(wrong):
        sides = [(w.cell, w.edge)]
        if w.neighbour is not None:
            sides.append((w.neighbour, opposite(w.edge)))
        for cell, edge in sides:
            tile = board.at(cell)
            assert tile is not None  # a wrong connection is between placed tiles
            i = index[root((cell[0], cell[1], tile.region_of(edge)))]
            if w_index not in touched[i]:
                touched[i].append(w_index)
    animals: list[Animal] = []
    for (r, c), face in board.tiles():
        if face.has_animal:
            i = index[root((r, c, face.animal_region))]
            animals.append(Animal((r, c), face.animal, face.terrain_of(face.animal_region), i))
    open_by_root: dict[Node, list[tuple[Cell, int]]] = {k: [] for k in order}
    for node, cell, e in open_edges:  # each landscape's open edges, in the order found
        open_by_root[root(node)].append((cell, e))
    landscapes = []
    for k in order:
        nodes = groups[k]
        i = index[k]
        first = board.at((nodes[0][0], nodes[0][1]))
        assert first is not None
        landscapes.append(
            Landscape(
                terrain=first.terrain_of(nodes[0][2]),
                nodes=tuple(nodes),
                cells=tuple(sorted({(n[0], n[1]) for n in nodes})),
                open_edges=tuple(open_by_root[k]),
                wrong_connections=tuple(touched[i]),
                animals=sum(1 for a in animals if a.landscape == i),
            )
        )
    return Analysis(
        board=board,
        rim=letters,
        landscapes=tuple(landscapes),
        wrong_connections=tuple(wrong),
        animals=tuple(animals),
        active_volcanoes=tuple(cell for cell, f in board.tiles() if f.volcano == ACTIVE),
        inactive_volcanoes=tuple(cell for cell, f in board.tiles() if f.volcano == INACTIVE),
        empty_spaces=board.empty_spaces(),
    )


# ----------------------------------------------------------------------------- the sheet


def category_titles() -> dict[str, str]:
    """Each category's title in the chosen language (the score sheet's row heads)."""
    return {name: t(f"mondo_scoring.title_{name}") for name in CATEGORIES}


def signed(points: int) -> str:
    """Points as a score sheet writes them: +2, -4, 0."""
    return f"+{points}" if points > 0 else str(points)


def score_round(
    boards: Mapping[str, str],
    bonus: Mapping[str, int] | None = None,
    volcano_chip: Collection[str] | str = (),
) -> ScoreSheet:
    """Score one round of a physical game from each player's board text (water all round).

    ``bonus``: player -> the number on the bonus chip taken (a player without one is left
    out); ``volcano_chip``: the player or players who hold the volcano chip. Raises a
    ``ValueError`` that says where the problem is (the player, row and column)."""
    parsed: dict[str, Board] = {}
    # read as objects, as in _check_bonus: the compiled build checks a typed loop's items
    texts: list[tuple[str, object]] = list(boards.items())
    for player, text in texts:
        if not isinstance(text, str):
            raise ValueError(t("mondo_scoring.board_not_text", player=player))
        try:
            parsed[player] = parse_board(text)
        except ValueError as problem:
            raise ValueError(
                t("mondo_scoring.board_of", player=player, message=str(problem))
            ) from None
    return score_boards(parsed, bonus=bonus, volcano_chip=volcano_chip)


def score_boards(
    boards: Mapping[str, Board | Sequence[Sequence[Face | None]]],
    rim: Sequence[str] | str | None = None,
    bonus: Mapping[str, int] | None = None,
    volcano_chip: Collection[str] | str = (),
) -> ScoreSheet:
    """Score one round from each player's board: a ``Board``, or its rows of faces (north
    up, ``None`` for an empty space). ``rim``: the rim of the side in play, the same for
    every player (``None``: water all round, side A). See ``score_round``."""
    analyses: dict[str, Analysis] = {}
    for player, board in boards.items():
        try:
            if not isinstance(board, Board):
                board = Board(tuple(tuple(row) for row in board))
            analyses[player] = analyse(board, rim)
        except ValueError as problem:
            raise ValueError(
                t("mondo_scoring.board_of", player=player, message=str(problem))
            ) from None
    return score_analyses(analyses, bonus=bonus, volcano_chip=volcano_chip)


def score_analyses(
    analyses: Mapping[str, Analysis],
    bonus: Mapping[str, int] | None = None,
    volcano_chip: Collection[str] | str = (),
) -> ScoreSheet:
    """The round's score sheet from boards already analysed (see ``score_round``)."""
    players = tuple(analyses)
    if not players:
        raise ValueError(t("mondo_scoring.no_players"))
    chips = _check_bonus(bonus or {}, players)
    holders = _check_holders(volcano_chip, players)
    counts = {p: analyses[p].volcanoes(p in holders) for p in players}
    rows: list[ScoreRow] = []
    for player in players:
        a = analyses[player]
        rows.append(_animals_row(player, a))
        rows.extend(_landscape_rows(player, a))
        rows.append(_bonus_row(player, chips.get(player, 0)))
        rows.append(_volcano_row(player, a, player in holders, counts))
        rows.append(_empty_spaces_row(player, a))
        rows.extend(_wrong_connection_rows(player, a))
    return make_sheet(players, CATEGORIES, rows, titles=category_titles())


def level_round_sheet(
    boards: Mapping[str, Board],
    rim: Sequence[str] | str | None,
    bonus: Mapping[str, int],
    volcano_chip: Collection[str],
    *,
    modifier: modules.Modifier | None = None,
    tasks: Mapping[str, modules.Task | None] | None = None,
) -> ScoreSheet:
    """A round of a game as its level scores it (``Mondo.round_sheet``): the rulebook's
    scoring of every board, then at the advanced and expert levels the round's
    ``modifier``, and at the expert level the task each player took (``tasks``)."""
    analyses = {name: analyse(board, rim) for name, board in boards.items()}
    return level_sheet(
        analyses, bonus=bonus, volcano_chip=volcano_chip, modifier=modifier, tasks=tasks
    )


def level_sheet(
    analyses: Mapping[str, Analysis],
    bonus: Mapping[str, int] | None = None,
    volcano_chip: Collection[str] | str = (),
    *,
    modifier: modules.Modifier | None = None,
    tasks: Mapping[str, modules.Task | None] | None = None,
) -> ScoreSheet:
    """``level_round_sheet`` from boards already analysed (the scoring pad's way in): no
    ``modifier``, the beginner level; a ``modifier``, the advanced level; and ``tasks``
    (player -> the task taken, or None), the expert level."""
    sheet = score_analyses(analyses, bonus=bonus, volcano_chip=volcano_chip)
    if modifier is None:
        return sheet
    extra = ["modifier"]
    rows = modules.modifier_rows(modifier, analyses)
    if tasks is not None:
        extra.append("tasks")
        rows += modules.task_rows(tasks, analyses)
    return modules.with_rows(sheet, tuple(extra), rows)


def game_sheet(players: tuple[str, ...], rounds: Sequence[ScoreSheet], count: int) -> ScoreSheet:
    """A game's score sheet (``Mondo.score``): a category for each of its ``count`` rounds
    (columns A, B and C of the score pad), with every player's total of each round scored."""
    categories = tuple(f"round_{r + 1}" for r in range(count))
    rows = tuple(
        ScoreRow(
            name,
            categories[r],
            sheet.total(name),
            t("mondo.round_row", round=r + 1, points=sheet.total(name)),
        )
        for r, sheet in enumerate(rounds)
        for name in players
    )
    titles = {c: t("mondo.round_title", round=r + 1) for r, c in enumerate(categories)}
    return ScoreSheet(players, categories, rows, titles=titles)


def totals_sheet(players: tuple[str, ...], points: Sequence[int]) -> ScoreSheet:
    """A scored round known only by its totals (what a view shows of past rounds)."""
    rows = tuple(
        ScoreRow(name, "total", p, t("mondo.round_total", points=p))
        for name, p in zip(players, points, strict=True)
    )
    return ScoreSheet(players, ("total",), rows)


def volcano_penalties(counts: Mapping[str, int]) -> dict[str, int]:
    """Each player's volcano points from the volcanoes they count: the most (every tied
    player) lose 1 per volcano; nobody loses anything when the most is 0."""
    most = max(counts.values(), default=0)
    return {p: VOLCANO_POINTS * n if n == most and most > 0 else 0 for p, n in counts.items()}


def _check_bonus(bonus: Mapping[str, int], players: tuple[str, ...]) -> dict[str, int]:
    # read as objects: a compiled build would otherwise take True for 1 and refuse a text
    # with its own TypeError before the check below could name it
    chips: list[tuple[str, object]] = list(bonus.items())
    for player, value in chips:
        if player not in players:
            raise ValueError(
                t("mondo_scoring.unknown_player", player=player, players=join_words(players))
            )
        if isinstance(value, bool) or not isinstance(value, int) or value not in _CHIPS_OR_NONE:
            raise ValueError(
                t("mondo_scoring.bad_bonus", player=player, value=value, top=BONUS_CHIPS[-1])
            )
    return dict(bonus)


def _check_holders(holders: Collection[str] | str, players: tuple[str, ...]) -> set[str]:
    chosen = {holders} if isinstance(holders, str) else set(holders)
    for player in sorted(chosen):
        if player not in players:
            raise ValueError(
                t("mondo_scoring.unknown_player", player=player, players=join_words(players))
            )
    return chosen


def _animals_row(player: str, a: Analysis) -> ScoreRow:
    n = len(a.animals)
    points = ANIMAL_POINTS * n
    return ScoreRow(
        player, "animals", points, t("mondo_scoring.reason_animals", n=n, points=signed(points))
    )


def _landscape_rows(player: str, a: Analysis) -> list[ScoreRow]:
    """One row per land landscape (its index in ``Analysis.landscapes`` in ``cards``, for a
    highlight), and one for all the water."""
    rows = []
    for i, x in enumerate(a.landscapes):
        if not x.land:
            continue
        values = {
            "terrain": terrain_name(x.terrain),
            "tiles": t("mondo_scoring.n_tiles", n=len(x.cells)),
            "wrong": t("mondo_scoring.n_wrong_connections", n=len(x.wrong_connections)),
            "open": t("mondo_scoring.n_open_edges", n=len(x.open_edges)),
            "points": signed(x.points),
        }
        if x.scores:
            key = "reason_landscape_scores"
        elif x.closed:
            key = "reason_landscape_closed_wrong"
        elif x.wrong_connections:
            key = "reason_landscape_open_wrong"
        else:
            key = "reason_landscape_open"
        rows.append(
            ScoreRow(player, "landscapes", x.points, t(f"mondo_scoring.{key}", **values), (i,))
        )
    water = sum(1 for x in a.landscapes if not x.land)
    if water:
        rows.append(ScoreRow(player, "landscapes", 0, t("mondo_scoring.reason_water", n=water)))
    if not a.landscapes:
        rows.append(ScoreRow(player, "landscapes", 0, t("mondo_scoring.reason_no_landscape")))
    return rows


def _bonus_row(player: str, chip: int) -> ScoreRow:
    if not chip:
        return ScoreRow(player, "bonus", 0, t("mondo_scoring.reason_no_bonus"))
    return ScoreRow(
        player, "bonus", chip, t("mondo_scoring.reason_bonus", chip=chip, points=signed(chip))
    )


def _volcano_row(player: str, a: Analysis, holder: bool, counts: Mapping[str, int]) -> ScoreRow:
    points = volcano_penalties(counts)[player]
    n = counts[player]
    most = max(counts.values())
    if holder:
        counted = t(
            "mondo_scoring.volcanoes_with_chip",
            n=n,
            active=len(a.active_volcanoes),
            inactive=len(a.inactive_volcanoes),
        )
    else:
        counted = t("mondo_scoring.volcanoes_active", n=n)
    if most == 0:
        reason = t("mondo_scoring.reason_volcanoes_none", counted=counted)
    elif n == most:
        others = [p for p, m in counts.items() if m == most and p != player]
        if others:
            reason = t(
                "mondo_scoring.reason_volcanoes_tied",
                counted=counted,
                others=join_words(others),
                points=signed(points),
            )
        else:
            reason = t(
                "mondo_scoring.reason_volcanoes_most", counted=counted, points=signed(points)
            )
    else:
        leaders = [p for p, m in counts.items() if m == most]
        reason = t(
            "mondo_scoring.reason_volcanoes_fewer",
            n=len(leaders),
            counted=counted,
            leaders=join_words(leaders),
            most=most,
        )
    return ScoreRow(player, "volcanoes", points, reason)


def _empty_spaces_row(player: str, a: Analysis) -> ScoreRow:
    n = len(a.empty_spaces)
    points = EMPTY_SPACE_POINTS * n
    return ScoreRow(
        player,
        "empty_spaces",
        points,
        t("mondo_scoring.reason_empty_spaces", n=n, points=signed(points)),
    )


def _wrong_connection_rows(player: str, a: Analysis) -> list[ScoreRow]:
    """One row per wrong connection (its index in ``Analysis.wrong_connections`` in
    ``cards``), so the sheet can show each in turn."""
    if not a.wrong_connections:
        return [ScoreRow(player, "wrong_connections", 0, t("mondo_scoring.reason_no_wrong"))]
    rows = []
    for i, w in enumerate(a.wrong_connections):
        values: dict[str, Any] = {
            "row": w.cell[0] + 1,
            "col": w.cell[1] + 1,
            "edge": t(f"mondo.edge_{EDGE_NAMES[w.edge]}"),
            "terrain": terrain_name(w.terrain),
            "other": terrain_name(w.other),
            "points": signed(WRONG_CONNECTION_POINTS),
        }
        if w.neighbour is None:
            reason = t("mondo_scoring.reason_wrong_rim", **values)
        else:
            reason = t(
                "mondo_scoring.reason_wrong_between",
                row2=w.neighbour[0] + 1,
                col2=w.neighbour[1] + 1,
                **values,
            )
        rows.append(ScoreRow(player, "wrong_connections", WRONG_CONNECTION_POINTS, reason, (i,)))
    return rows
