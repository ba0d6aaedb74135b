"""What Mondo lesson 1 ("how to play") shows: both sides of some tiles, a player's board and
the heap's top layer as pictures, and a refused move in a sentence. The other lessons' helpers
are in ``lesson.py``."""

from __future__ import annotations

from collections.abc import Sequence

from gamecore.mondo import Mondo
from gamecore.mondo.data import default_tiles
from gamecore.words import t

from ..notes import wrap
from ..palette import INK, MUTED, PAPER
from ..scene import Scene, Shape, Text
from ..svg import Picture
from .table_scene import board_of, table_scene
from .tiles import board_size, draw_board, draw_face

TILE = 70
GAP = 26


def both_sides(tile_ids: Sequence[int]) -> Picture:
    """Each tile's two sides side by side: its single landscape and its mixed side."""
    tiles = {tile.id: tile for tile in default_tiles()}
    chosen = [tiles[i] for i in tile_ids]
    width = len(chosen) * (2 * TILE + 10 + GAP) + GAP
    scene = Scene(int(width), TILE + 60, background=PAPER, title=t("mondo_table.sides_title"))
    x = float(GAP)
    for tile in chosen:
        scene.extend(draw_face(tile.front, x, 24, TILE, f"t{tile.id}-front"))
        scene.extend(draw_face(tile.back, x + TILE + 10, 24, TILE, f"t{tile.id}-back"))
        scene.add(
            Text(id=f"t{tile.id}-n", x=x + TILE + 5, y=14, text=t("mondo_table.tile_number",
                 n=tile.id), size=13, anchor="middle", fill=INK)
        )  # fmt: skip
        scene.add(
            Text(id=f"t{tile.id}-sides", x=x + TILE + 5, y=TILE + 44,
                 text=t("mondo_table.front_and_back"), size=12, anchor="middle", fill=MUTED)
        )  # fmt: skip
        x += 2 * TILE + 10 + GAP
    return Picture(scene)


def board_picture(game: Mondo, player: int = 0, space: int = 52) -> Picture:
    """One player's board with its rim, as it is now."""
    view = game.view(player)
    width, height = board_size(view.rows, view.cols, space)
    scene = Scene(
        int(width) + 20, int(height) + 40, background=PAPER,
        title=t("mondo_table.board_of", player=game.players[player]),
    )  # fmt: skip
    scene.add(
        Text(id="name", x=10, y=18, text=t("mondo_table.board_of", player=game.players[player]),
             size=15, bold=True, fill=INK)
    )  # fmt: skip
    shapes: list[Shape] = draw_board(
        board_of(view, player), 10, 30, space, "b", rim=view.rim, targets=False
    )
    scene.extend(shapes)
    return Picture(scene)


def table_picture(game: Mondo, player: int = 0, side: int = 0, turn: int = 0) -> Picture:
    """The whole table as ``player`` sees it (the same drawing as the live table)."""
    return Picture(table_scene(game.view(player), side=side, turn=turn, clock_ms=game.now))


def heap_size(game: Mondo) -> str:
    """How many tiles the heap holds and how many of them can be seen, in a sentence."""
    view = game.view(0)
    return t("mondo_table.heap_sentence", n=view.heap_size, seen=len(view.heap))


def refused(game: Mondo, action: object) -> str:
    """Why the engine refuses ``action`` (or that it is allowed), in a sentence wrapped to
    the notebook's column."""
    reason = game.why_illegal(action)
    return wrap(reason if reason is not None else t("mondo_table.allowed", action=str(action)))
