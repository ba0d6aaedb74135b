"""A Mondo world board: a rectangle of spaces, each empty or holding a tile face, and its rim.

The board's text form is the one the scoring pad and ``score_round`` read: one line per
row, the cells separated by spaces, ``.`` for an empty space and a face's text (see
``faces``) for a tile, north up::

    wfww wwwfa .
    wwww wdww  wwwd

Positions are ``(row, column)`` counted from 0 at the north-west corner; messages for
people count from 1 ("row 2, column 3").

The *rim* is the terrain beyond each outer edge of the board. It is a tuple of terrain
letters going clockwise from the north-west corner: the north edges of the top row (west
to east), the east edges of the right column (north to south), the south edges of the
bottom row (east to west), the west edges of the left column (south to north), so its
length is ``2 * rows + 2 * columns``. Side A of every board is water all round
(``water_rim``); side B splits its rim among the four landscapes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from ..words import join_words, said_once, t
from .faces import ACTIVE, EDGE_NAMES, INACTIVE, TERRAINS, WATER, Face, parse_face

EMPTY: Final = "."
"""The text of an empty space."""

Cell = tuple[int, int]
"""A position on a board: (row, column), from 0 at the north-west corner."""

STEPS: Final = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""The neighbour beyond each edge N, E, S, W, as (row, column) steps."""


def opposite(edge: int) -> int:
    """The edge that touches ``edge`` of a neighbour (north touches south)."""
    return (edge + 2) % 4


@dataclass(frozen=True)
class Board:
    """The spaces of one board, row by row, north first: a ``Face`` (north up) or ``None``
    for an empty space. Every row has the same length; a board has at least one space."""

    cells: tuple[tuple[Face | None, ...], ...]

    def __post_init__(self) -> None:
        if not self.cells or not self.cells[0]:
            raise ValueError(t("mondo_scoring.board_empty"))
        width = len(self.cells[0])
        for i, row in enumerate(self.cells):
            if len(row) != width:
                raise ValueError(
                    t("mondo_scoring.board_ragged", row=i + 1, n=len(row), width=width)
                )

    @classmethod
    def from_cells(cls, cells: Sequence[Face | None], cols: int) -> Board:
        """A board from its spaces row by row (``cols`` to a row), as the engine keeps them."""
        return cls(tuple(tuple(cells[r : r + cols]) for r in range(0, len(cells), cols)))

    @classmethod
    def empty(cls, rows: int, cols: int) -> Board:
        """A board of ``rows`` x ``cols`` empty spaces."""
        return cls(tuple(tuple(None for _ in range(cols)) for _ in range(rows)))

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0])

    def at(self, cell: Cell) -> Face | None:
        """The face on a space, or ``None`` when it is empty."""
        return self.cells[cell[0]][cell[1]]

    def spaces(self) -> Iterator[Cell]:
        """Every position, row by row."""
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c)

    def tiles(self) -> Iterator[tuple[Cell, Face]]:
        """The placed faces with their positions, row by row."""
        for cell in self.spaces():
            face = self.at(cell)
            if face is not None:
                yield cell, face

    def empty_spaces(self) -> tuple[Cell, ...]:
        return tuple(cell for cell in self.spaces() if self.at(cell) is None)

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def beyond(self, cell: Cell, edge: int) -> Cell:
        """The position across one edge of a space (maybe off the board)."""
        dr, dc = STEPS[edge]
        return (cell[0] + dr, cell[1] + dc)

    def with_face(self, cell: Cell, face: Face | None) -> Board:
        """A copy of the board with one space changed."""
        r, c = cell
        row = self.cells[r][:c] + (face,) + self.cells[r][c + 1 :]
        return Board(self.cells[:r] + (row,) + self.cells[r + 1 :])

    def __str__(self) -> str:
        return board_text(self)


def parse_board(text: str) -> Board:
    """The board a text describes (see the module's notes), or a ``ValueError`` that says
    where the problem is ("row 2, column 3: ...")."""
    if not text.strip():
        raise ValueError(t("mondo_scoring.board_empty"))
    lines = text.strip().splitlines()
    rows: list[tuple[Face | None, ...]] = []
    for r, line in enumerate(lines):
        row: list[Face | None] = []
        for c, cell in enumerate(line.split()):
            if cell == EMPTY:
                row.append(None)
                continue
            try:
                row.append(parse_face(cell))
            except ValueError as problem:
                raise ValueError(place(r, c, str(problem))) from None
        rows.append(tuple(row))
    return Board(tuple(rows))  # a ragged board is refused there, naming the row


def place(row: int, col: int, message: str) -> str:
    """A message prefixed with the space it is about (``row``, ``col`` from 0)."""
    return t("mondo_scoring.at_space", row=row + 1, col=col + 1, message=message)


def board_text(board: Board) -> str:
    """The board's text form (``parse_board`` reads it back to an equal board); the cells
    of a column are padded to one width so the rows line up."""
    texts = [[EMPTY if f is None else f.text() for f in row] for row in board.cells]
    widths = [max(len(texts[r][c]) for r in range(board.rows)) for c in range(board.cols)]
    return "\n".join(
        " ".join(cell.ljust(widths[c]) for c, cell in enumerate(row)).rstrip() for row in texts
    )


# ----------------------------------------------------------------------------------- the rim


def water_rim(rows: int, cols: int) -> tuple[str, ...]:
    """Side A's rim: water beyond every outer edge."""
    return (WATER,) * (2 * rows + 2 * cols)


def rim_index(rows: int, cols: int, cell: Cell, edge: int) -> int | None:
    """Where the terrain beyond one edge of a space sits in the rim, or ``None`` when that
    edge touches another space (see the module's notes for the order)."""
    r, c = cell
    if edge == 0 and r == 0:
        return c
    if edge == 1 and c == cols - 1:
        return cols + r
    if edge == 2 and r == rows - 1:
        return cols + rows + (cols - 1 - c)
    if edge == 3 and c == 0:
        return 2 * cols + rows + (rows - 1 - r)
    return None


def rim_place(rows: int, cols: int, index: int) -> tuple[Cell, int]:
    """The space and edge that rim position ``index`` lies beyond (the inverse of
    ``rim_index``)."""
    if index < cols:
        return (0, index), 0
    index -= cols
    if index < rows:
        return (index, cols - 1), 1
    index -= rows
    if index < cols:
        return (rows - 1, cols - 1 - index), 2
    index -= cols
    return (rows - 1 - index, 0), 3


def check_rim(rim: Sequence[str] | str | None, rows: int, cols: int) -> tuple[str, ...]:
    """The rim as a tuple of terrain letters (``None``: water all round, as on side A), or a
    ``ValueError`` that says what is wrong with it."""
    if rim is None:
        return water_rim(rows, cols)
    letters = tuple(rim)
    wanted = 2 * rows + 2 * cols
    if len(letters) != wanted:
        raise ValueError(
            t("mondo_scoring.rim_length", n=len(letters), wanted=wanted, rows=rows, cols=cols)
        )
    for i, letter in enumerate(letters):
        if letter not in TERRAINS:
            raise ValueError(t("mondo_scoring.rim_unknown_letter", position=i + 1, letter=letter))
    return letters


# ------------------------------------------------------------------- words for a screen reader


def terrain_name(letter: str) -> str:
    """A landscape's name in words ("forest")."""
    return t(f"mondo.terrain_{letter}")


@said_once
def describe_face(face: Face) -> str:
    """One face in words: its edges and what stands on it."""
    if len(set(face.edges)) == 1:
        text = t("mondo_scoring.face_all", terrain=terrain_name(face.edges[0]))
    else:
        text = ", ".join(
            t(
                "mondo_scoring.face_edge",
                edge=t(f"mondo.edge_{EDGE_NAMES[e]}"),
                terrain=terrain_name(face.edges[e]),
            )
            for e in range(4)
        )
    extras = []
    if face.has_animal:
        extras.append(
            t(
                "mondo_scoring.face_animal",
                terrain=terrain_name(face.terrain_of(face.animal_region)),
            )
        )
    if face.volcano == ACTIVE:
        extras.append(t("mondo_scoring.face_active_volcano"))
    elif face.volcano == INACTIVE:
        extras.append(t("mondo_scoring.face_inactive_volcano"))
    if extras:
        text = t("mondo_scoring.face_with", face=text, extras=join_words(extras))
    return text


@said_once
def describe_board(board: Board, rim: Sequence[str] | str | None = None) -> str:
    """The board in sentences, one line per row, for a screen reader (and the rim, when it
    is not water all round)."""
    tiles = sum(1 for _ in board.tiles())
    lines = [
        t(
            "mondo_scoring.describe_size",
            rows=t("mondo_scoring.n_rows", n=board.rows),
            cols=t("mondo_scoring.n_cols", n=board.cols),
            tiles=t("mondo_scoring.n_tiles", n=tiles),
            empty=t("mondo_scoring.n_empty_spaces", n=board.rows * board.cols - tiles),
        )
    ]
    for r, row in enumerate(board.cells):
        cells = [
            t(
                "mondo_scoring.describe_cell",
                col=c + 1,
                what=t("mondo_scoring.describe_empty") if face is None else describe_face(face),
            )
            for c, face in enumerate(row)
        ]
        lines.append(t("mondo_scoring.describe_row", row=r + 1, cells="; ".join(cells)))
    letters = check_rim(rim, board.rows, board.cols)
    if set(letters) == {WATER}:
        lines.append(t("mondo_scoring.describe_rim_water"))
    else:
        sides = _rim_sides(letters, board.rows, board.cols)
        for edge, key in enumerate(("rim_north", "rim_east", "rim_south", "rim_west")):
            names = ", ".join(terrain_name(x) for x in sides[edge])
            lines.append(t(f"mondo_scoring.describe_{key}", terrains=names))
    return "\n".join(lines)


def _rim_sides(rim: tuple[str, ...], rows: int, cols: int) -> list[tuple[str, ...]]:
    """The rim cut into its four sides, each read west to east or north to south (the
    order a reader expects), not clockwise."""
    north = rim[:cols]
    east = rim[cols : cols + rows]
    south = rim[cols + rows : 2 * cols + rows][::-1]
    west = rim[2 * cols + rows :][::-1]
    return [north, east, south, west]
