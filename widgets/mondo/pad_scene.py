"""The scoring pad's picture: the active player's board (with its rim), and beside it the
step of the score being shown, with its sentence, or what to do next; a key of the four
landscapes underneath. Pure: a scene built from the model, no widgets.
"""

from __future__ import annotations

from gamecore.mondo.faces import TERRAINS
from gamecore.words import t

from ..palette import INK, MUTED, PAPER
from ..scene import Scene, Shape, Text, wrap
from .pad_model import MondoPadModel
from .tiles import board_size, draw_board, draw_legend

WIDTH = 880
"""Fits the output column of JupyterLab on a 1366 px screen with the file browser open."""
MARGIN = 16
TOP = 40
BOARD_ROOM = (440, 330)
"""The most room the board (with its rim) takes; bigger boards get smaller spaces."""
LARGEST_SPACE = 64
PANEL_X = MARGIN + BOARD_ROOM[0] + 16
PANEL_W = WIDTH - PANEL_X - MARGIN
LEGEND_ROW = 18


def space_size(rows: int, cols: int) -> float:
    """The side of a space, so the board fits its room."""
    return min(LARGEST_SPACE, (BOARD_ROOM[0] - 28) / cols, (BOARD_ROOM[1] - 28) / rows)


def pad_scene(model: MondoPadModel) -> Scene:
    board = model.board
    s = space_size(board.rows, board.cols)
    step = model.current()
    shapes: list[Shape] = [
        Text(
            id="title",
            x=MARGIN,
            y=24,
            text=t("mondo_pad.board_title", name=model.player, side=model.side),
            size=16,
            bold=True,
            fill=INK,
        )
    ]
    rim = None if model.side == "A" or model.scoring_problem() else model.rim()
    shapes.extend(
        draw_board(
            board,
            MARGIN,
            TOP,
            s,
            "board",
            rim=rim,
            selected=model.selected,
            lit=None if step is None else step.lit,
            wrong=() if step is None else step.wrong,
        )
    )
    panel = _panel(model)
    _, board_h = board_size(board.rows, board.cols, s)
    legend_y = TOP + max(board_h, _panel_height(panel)) - 4 * (LEGEND_ROW + 4) + 4
    shapes.extend(panel)
    names = {x: t(f"mondo.terrain_{x}") for x in TERRAINS}
    shapes.extend(draw_legend(PANEL_X, legend_y, LEGEND_ROW, names))
    height = int(max(TOP + board_h, legend_y + 4 * (LEGEND_ROW + 4)) + MARGIN)
    return Scene(
        WIDTH,
        height,
        background=PAPER,
        title=t("mondo_pad.scene_title", name=model.player),
        shapes=shapes,
    )


def _lines(id: str, text: str, y: float, size: float, *, bold: bool = False) -> list[Shape]:
    return [
        Text(id=f"{id}{k}", x=PANEL_X, y=y + k * (size + 5), text=line, size=size, bold=bold,
             fill=INK)
        for k, line in enumerate(wrap(text, PANEL_W, size, bold=bold))
    ]  # fmt: skip


def _panel(model: MondoPadModel) -> list[Shape]:
    """The words beside the board: the step shown, or what to do."""
    step = model.current()
    sheet = model.sheet()
    y = float(TOP + 14)
    shapes: list[Shape] = []
    if step is None or sheet is None:
        problem = model.scoring_problem()
        text = problem or t("mondo_pad.how_to")
        shapes.extend(_lines("hint", text, y, 15))
        chosen = model.selected_words()
        if chosen is not None:
            y = shapes[-1].bbox()[1] + 40
            shapes.extend(_lines("chosen", chosen, y, 15, bold=True))
        for id, words in _level_lines(model):
            y = shapes[-1].bbox()[1] + 34
            shapes.extend(_lines(id, words, y, 14))
        return shapes
    steps = model.steps()
    head = t(
        "mondo_pad.step_head", k=model.shown, n=len(steps), title=sheet.title(step.row.category)
    )
    shapes.extend(_lines("step-head", head, y, 16, bold=True))
    y = shapes[-1].bbox()[1] + 40
    reason = _lines("step-reason", step.row.reason, y, 15)
    shapes.extend(reason)
    y = reason[-1].bbox()[1] + 38
    so_far = t("mondo_pad.so_far", total=t("mondo_pad.points", n=model.so_far()))
    shapes.extend(_lines("step-total", so_far, y, 15, bold=True))
    if model.complete:
        y = shapes[-1].bbox()[1] + 34
        shapes.extend(_lines("step-done", model.total_words(), y, 14))
    if step.wrong or step.lit:
        key = "mondo_pad.key_lit"
        if step.wrong:  # between two tiles, or a tile and the rim
            key = "mondo_pad.key_wrong" if len(step.lit or ()) == 2 else "mondo_pad.key_wrong_rim"
        y = shapes[-1].bbox()[1] + 34
        shapes.extend(
            Text(id=f"step-key{k}", x=PANEL_X, y=y + k * 18, text=line, size=13, fill=MUTED)
            for k, line in enumerate(wrap(t(key), PANEL_W, 13))
        )
    return shapes


def _level_lines(model: MondoPadModel) -> list[tuple[str, str]]:
    """Above the beginner level: what the level scores besides, and the shown player's
    task (expert)."""
    if model.level == "beginner":
        return []
    lines = [("level", model.level_words())]
    if model.level == "expert":
        lines.append(("task", model.task_words()))
    return lines


def _panel_height(panel: list[Shape]) -> float:
    bottom = max((s.bbox()[1] + s.bbox()[3] for s in panel), default=TOP)
    return bottom - TOP + 12 + 4 * (LEGEND_ROW + 4)
