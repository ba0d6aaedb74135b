"""The box laid out for the engine: tiles by id, the board's neighbours, chips, rims, time.

``data.py`` reads the components (and says where each value comes from); this module turns
them into the tables the rules look things up in.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from . import data
from .data import Tile

ROWS: Final = data.BOARD_ROWS
COLS: Final = data.BOARD_COLUMNS
LEVELS: Final = data.LEVELS
SOLO_SPACES: Final = data.SOLO_SPACES
SOLO_PREFILL: Final = data.SOLO_PREFILL
"""The landscape of the single-landscape tile the solo game starts with on each highlighted
space (which space gets which is dealt by the seed)."""


def round_seconds(level: str) -> int:
    """The timer for one round at ``level``."""
    return data.MINUTES[level] * 60


@cache
def tiles() -> tuple[Tile | None, ...]:
    """Every tile at the index of its id (ids need not start at 0 or be contiguous)."""
    box = data.default_tiles()
    table: list[Tile | None] = [None] * (max(tile.id for tile in box) + 1)
    for tile in box:
        table[tile.id] = tile
    return tuple(table)


def box() -> tuple[Tile, ...]:
    """The tiles of the box, in the file's order."""
    return data.default_tiles()


def tile(tile_id: int) -> Tile:
    found = tiles()[tile_id]
    assert found is not None, f"no tile {tile_id}"
    return found


def tile_limit() -> int:
    """One more than the highest tile id (tables indexed by id have this length)."""
    return len(tiles())


def bonus_chips(players: int) -> tuple[int, ...]:
    """The bonus chips of a round, bottom first (the highest is on top, taken first)."""
    return tuple(sorted(data.BONUS_CHIPS[players]))


@cache
def neighbours(space: int) -> tuple[int, ...]:
    """The spaces sharing an edge with ``space`` (spaces numbered row by row from 0)."""
    r, c = divmod(space, COLS)
    around = ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
    return tuple(rr * COLS + cc for rr, cc in around if 0 <= rr < ROWS and 0 <= cc < COLS)


def open_spaces(occupied: Sequence[bool]) -> list[int]:
    """Where a tile may go on a board whose spaces are ``occupied`` or not (row by row): any
    space of an empty board, else the empty spaces that share an edge with a placed tile."""
    if not any(occupied):
        return list(range(len(occupied)))
    around = _all_neighbours()
    out = []
    for s, taken in enumerate(occupied):
        if not taken:
            for o in around[s]:
                if occupied[o]:
                    out.append(s)
                    break
    return out


@cache
def _all_neighbours() -> tuple[tuple[int, ...], ...]:
    return tuple(neighbours(s) for s in range(ROWS * COLS))


def rim(side: str) -> tuple[str, ...]:
    """The terrain beyond each outer edge of a board side (``board.py``'s order)."""
    return tuple(data.RIMS[side])
