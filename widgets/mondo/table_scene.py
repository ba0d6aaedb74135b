"""The Mondo table as a scene: your board, the heap's top layer, the tile in hand, the
others' boards, chips and scores, drawn with ``tiles.py`` so the table and the pad look alike.

Layout for a laptop (the output column of JupyterLab with its file browser open is about
900 px wide): your board on the left with the tile in hand under it, the heap's top layer on
the right with the other players' small boards under it. Targets: ``heap:<slot>`` for a heap
tile, ``space:<row>:<col>`` for a space of your board, ``hand`` for the tile in hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gamecore.mondo import MondoView, clock, kit, modules
from gamecore.mondo.board import Board, describe_board, describe_face, rim_index
from gamecore.mondo.faces import Face
from gamecore.mondo.game import JUMPED, PLAYING
from gamecore.words import t

from ..palette import HIGHLIGHT, INK, MUTED, OK, PAPER
from ..scene import Rect, Scene, Shape, Text, wrap
from ..words import about
from .tiles import board_size, draw_board, draw_face, space_origin

WIDTH: Final = 880
HEIGHT: Final = 470
SPACE: Final = 58
"""A space of your board, in pixels."""
HEAP_TILE: Final = 44
HEAP_GAP: Final = 8
HEAP_COLS: Final = 6
HAND_TILE: Final = 76
MINI: Final = 15
"""A space of another player's small board."""
BOARD_X: Final = 12
BOARD_Y: Final = 34
HEAP_X: Final = 452
HEAP_Y: Final = 34


def board_of(view: MondoView, player: int) -> Board:
    """A player's board as the view shows it, row by row."""
    return Board.from_cells(view.boards[player], view.cols)


def mismatches(view: MondoView, player: int, space: int, face: Face) -> int:
    """How many wrong connections ``face`` would make on ``space`` of ``player``'s board:
    edges that differ from a placed neighbour or from the rim (empty neighbours make none)."""
    rows, cols = view.rows, view.cols
    r, c = divmod(space, cols)
    faces = view.boards[player]
    wrong = 0
    for edge, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            other = faces[rr * cols + cc]
            if other is not None and other.edges[(edge + 2) % 4] != face.edges[edge]:
                wrong += 1
        else:
            index = rim_index(rows, cols, (r, c), edge)
            if index is not None and view.rim[index] != face.edges[edge]:
                wrong += 1
    return wrong


def held_face(view: MondoView, side: int, turn: int) -> Face | None:
    """The tile in hand as the person holds it: the side up, turned."""
    if view.hand is None:
        return None
    return view.hand[side].rotated(turn)


def open_spaces(view: MondoView, player: int) -> list[int]:
    """Where a tile may go on ``player``'s board (the engine's rule, ``kit.open_spaces``)."""
    return kit.open_spaces([face is not None for face in view.boards[player]])


def table_scene(
    view: MondoView,
    *,
    side: int = 0,
    turn: int = 0,
    clock_ms: int = 0,
    puzzle: bool = False,
) -> Scene:
    """The table as ``view.player`` sees it, holding the tile in hand ``side`` up and turned
    ``turn`` quarter turns."""
    height = scene_height(view)
    scene = Scene(WIDTH, height, background=PAPER, title=t("mondo_table.picture_title"))
    scene.extend(_your_board(view, side, turn))
    scene.extend(_hand(view, side, turn))
    scene.extend(_heap(view))
    scene.extend(_others(view))
    scene.extend(_modules(view))
    scene.extend(_round_line(view, clock_ms, puzzle, height))
    return scene


MODULES_HEIGHT: Final = 96
"""The band under the table that shows the round's modifier and tasks (advanced, expert)."""
TASK_WIDTH: Final = 205
TASK_HEIGHT: Final = 58


def scene_height(view: MondoView) -> int:
    """The table's height: taller at the advanced and expert levels (the modifier and the
    tasks get a band of their own)."""
    return HEIGHT + (MODULES_HEIGHT if view.modifier or view.tasks else 0)


def _modules(view: MondoView) -> list[Shape]:
    """The round's scoring modifier, and at the expert level the tasks on show: each a card
    to click (``task:<slot>``), marked with who took it."""
    if not (view.modifier or view.tasks):
        return []
    y = HEIGHT - 24
    shapes: list[Shape] = []
    if view.modifier:
        name = next(m for m in modules.modifiers() if m.id == view.modifier).name()
        shapes.append(
            Text(id="modifier", x=BOARD_X, y=y, size=14, bold=True, fill=INK,
                 text=t("mondo_table.modifier_line", modifier=name))
        )  # fmt: skip
    tasks = {x.id: x for x in modules.tasks()}
    for slot, task_id in enumerate(view.tasks):
        x = BOARD_X + slot * (TASK_WIDTH + 10)
        top = y + 12
        holder = [view.players[p] for p, mine in enumerate(view.task_of) if mine == task_id]
        free = not holder
        shapes.append(
            Rect(id=f"task{slot}", x=x, y=top, width=TASK_WIDTH, height=TASK_HEIGHT,
                 fill=PAPER, stroke=INK if free else MUTED, stroke_width=2 if free else 1,
                 target=f"task:{slot}" if free else None)
        )  # fmt: skip
        words = f"{slot + 1}. {tasks[task_id].name()}"
        for i, line in enumerate(wrap(words, TASK_WIDTH - 12, 12)[:3]):
            shapes.append(
                Text(id=f"task{slot}-{i}", x=x + 6, y=top + 16 + 15 * i, text=line, size=12,
                     fill=INK if free else MUTED)
            )  # fmt: skip
        if holder:
            shapes.append(
                Text(id=f"task{slot}-by", x=x + TASK_WIDTH - 6, y=top + TASK_HEIGHT - 6,
                     text=about("mondo_table.task_taken_by", holder[0]), size=12,
                     anchor="end", bold=True, fill=INK)
            )  # fmt: skip
    return shapes


def _your_board(view: MondoView, side: int, turn: int) -> list[Shape]:
    me = view.player
    board = board_of(view, me)
    held = held_face(view, side, turn)
    playing = view.status[me] == PLAYING
    shapes: list[Shape] = [
        Text(id="you-title", x=BOARD_X, y=BOARD_Y - 14, text=t("mondo_table.your_board"),
             size=15, bold=True, fill=INK),
    ]  # fmt: skip
    shapes.extend(draw_board(board, BOARD_X, BOARD_Y, SPACE, "you", rim=view.rim))
    if held is not None and playing:
        for space in open_spaces(view, me):
            cell = divmod(space, view.cols)
            x, y = space_origin(BOARD_X, BOARD_Y, SPACE, cell)
            wrong = mismatches(view, me, space, held)
            colour = OK if wrong == 0 else HIGHLIGHT
            shapes.append(
                Rect(id=f"fit-{space}", x=x + 3, y=y + 3, width=SPACE - 6, height=SPACE - 6,
                     stroke=colour, stroke_width=3, target=f"space:{cell[0]}:{cell[1]}")
            )  # fmt: skip
            mark = "✓" if wrong == 0 else f"✗{wrong}"
            shapes.append(  # under the empty space's ring, not over it
                Text(id=f"fit-{space}-mark", x=x + SPACE / 2, y=y + SPACE / 2 + 14, text=mark,
                     size=15, bold=True, anchor="middle", fill=colour)
            )  # fmt: skip
    return shapes


def _hand(view: MondoView, side: int, turn: int) -> list[Shape]:
    y = BOARD_Y + board_size(view.rows, view.cols, SPACE)[1] + 22
    held = held_face(view, side, turn)
    shapes: list[Shape] = [
        Text(id="hand-title", x=BOARD_X, y=y, text=t("mondo_table.in_hand"), size=15,
             bold=True, fill=INK),
    ]  # fmt: skip
    if held is None:
        shapes.append(
            Rect(id="hand-slot", x=BOARD_X, y=y + 10, width=HAND_TILE, height=HAND_TILE,
                 stroke=MUTED, stroke_width=1.5)
        )  # fmt: skip
        shapes.extend(_lines("hand-empty", t("mondo_table.hand_empty_hint"), y + 30, MUTED))
        return shapes
    shapes.extend(draw_face(held, BOARD_X, y + 10, HAND_TILE, "hand"))
    shapes.append(
        Rect(id="hand-hit", x=BOARD_X, y=y + 10, width=HAND_TILE, height=HAND_TILE,
             stroke=INK, stroke_width=2, target="hand")
    )  # fmt: skip
    words = t(f"mondo_table.held_{side}", degrees=turn * 90)
    shapes.extend(_lines("hand-words", words, y + 30, INK))
    shapes.extend(_lines("hand-keys", t("mondo_table.hand_keys"), y + 72, MUTED))
    return shapes


HAND_TEXT_X: Final = BOARD_X + HAND_TILE + 14
HAND_TEXT_WIDTH: Final = HEAP_X - HAND_TEXT_X - 16


def _lines(id: str, text: str, y: float, colour: str) -> list[Shape]:
    """A sentence beside the tile in hand, wrapped to the room it has."""
    return [
        Text(id=f"{id}-{i}", x=HAND_TEXT_X, y=y + 17 * i, text=line, size=13, fill=colour)
        for i, line in enumerate(wrap(text, HAND_TEXT_WIDTH, 13))
    ]


def _heap(view: MondoView) -> list[Shape]:
    shapes: list[Shape] = [
        Text(id="heap-title", x=HEAP_X, y=HEAP_Y - 14,
             text=t("mondo_table.heap_title", n=view.heap_size), size=15, bold=True, fill=INK),
    ]  # fmt: skip
    step = HEAP_TILE + HEAP_GAP
    for slot, face in enumerate(view.heap):
        r, c = divmod(slot, HEAP_COLS)
        x, y = HEAP_X + c * step, HEAP_Y + r * (step + 6)
        shapes.extend(draw_face(face, x, y, HEAP_TILE, f"heap{slot}"))
        shapes.append(
            Rect(id=f"heap{slot}-hit", x=x, y=y, width=HEAP_TILE, height=HEAP_TILE, stroke=INK,
                 target=f"heap:{slot}")
        )  # fmt: skip
        shapes.append(
            Text(id=f"heap{slot}-n", x=x + HEAP_TILE / 2, y=y + HEAP_TILE + 11,
                 text=str(slot + 1), size=12, anchor="middle", fill=MUTED)
        )  # fmt: skip
    return shapes


def _others(view: MondoView) -> list[Shape]:
    rows = (len(view.heap) + HEAP_COLS - 1) // HEAP_COLS
    y = HEAP_Y + rows * (HEAP_TILE + HEAP_GAP + 6) + 16
    shapes: list[Shape] = []
    x: float = HEAP_X
    width, height = board_size(view.rows, view.cols, MINI)
    for p, name in enumerate(view.players):
        if p == view.player:
            continue
        shapes.append(Text(id=f"p{p}-name", x=x, y=y, text=name, size=13, bold=True, fill=INK))
        shapes.extend(
            draw_board(board_of(view, p), x, y + 8, MINI, f"p{p}", rim=view.rim, targets=False)
        )
        shapes.append(
            Text(id=f"p{p}-state", x=x, y=y + 8 + height + 14, text=player_state(view, p),
                 size=12, fill=MUTED)
        )  # fmt: skip
        x += width + 24
    return shapes


def player_state(view: MondoView, p: int) -> str:
    """A player's state this round in a few words (still in, holding a tile, out, chip)."""
    if view.status[p] == JUMPED:
        if view.chips[p]:
            return t("mondo_table.state_jumped_chip", chip=view.chips[p])
        return t("mondo_table.state_jumped")
    if view.status[p] != PLAYING:
        return t("mondo_table.state_stopped")
    if view.holding[p]:
        return t("mondo_table.state_holding")
    return t("mondo_table.state_searching")


def _round_line(view: MondoView, clock_ms: int, puzzle: bool, height: int) -> list[Shape]:
    parts = [t("mondo_table.round_of", round=min(view.round, 2) + 1)]
    if not puzzle:
        parts.append(t("mondo_table.time_left", time=clock(view.limit - max(clock_ms, view.now))))
    if view.stack:
        parts.append(t("mondo_table.chips_left", chips=", ".join(map(str, reversed(view.stack)))))
    if view.volcano_chip:
        holders = [view.players[p] for p in view.volcano_chip]
        parts.append(t("mondo_table.volcano_chip", players=", ".join(holders)))
    totals = _totals(view)
    if totals:
        parts.append(t("mondo_table.points_so_far", points=totals))
    return [
        Text(id="round-line", x=BOARD_X, y=height - 10, text=" · ".join(parts), size=13,
             fill=INK),
    ]  # fmt: skip


def _totals(view: MondoView) -> str:
    if not view.round_totals:
        return ""
    sums = [sum(r[p] for r in view.round_totals) for p in range(len(view.players))]
    return ", ".join(f"{name} {points}" for name, points in zip(view.players, sums, strict=True))


def target_words(view: MondoView, target: str, side: int, turn: int) -> str | None:
    """What a click on ``target`` would do, in words (for the keyboard list)."""
    kind, _, rest = target.partition(":")
    if kind == "heap":
        slot = int(rest)
        return t("mondo_table.pick_heap", slot=slot + 1, face=describe(view.heap[slot]))
    if kind == "space":
        r, c = (int(x) for x in rest.split(":"))
        space = r * view.cols + c
        held = held_face(view, side, turn)
        if held is None:
            return None
        wrong = mismatches(view, view.player, space, held)
        return t("mondo_table.pick_space", row=r + 1, col=c + 1, n=wrong)
    if kind == "hand":
        return t("mondo_table.pick_hand")
    if kind == "task":
        slot = int(rest)
        task = next(x for x in modules.tasks() if x.id == view.tasks[slot])
        return t("mondo_table.pick_task", slot=slot + 1, task=task.name())
    return None


def describe(face: Face) -> str:
    """A face in a few words (for the keyboard list and screen readers)."""
    return describe_face(face)


def spaces_in_words(view: MondoView) -> Sequence[str]:
    """Your board in sentences (for the table in words)."""
    return [describe_board(board_of(view, view.player), view.rim)]
