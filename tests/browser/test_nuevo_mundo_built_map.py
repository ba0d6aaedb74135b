"""A built Nuevo Mundo map in headless Chromium (issue 21): in JupyterLab on a school
laptop's screen (1366x768, file browser open), a 4-player table on a map the die built is
drawn as islands: water, sand and the shallows along the shores all reach the canvas's
pixels, and a click on an island's drawn shape chooses that land region.

Screenshots go to test-artifacts/ (git-ignored): nuevo_mundo_built_map_*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    Server,
    canvas_stats,
    click_scene_point,
    error_outputs,
    open_in_lab,
    put_contents,
    run_all_cells,
    wait_for_change,
    wait_for_pixels,
)

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
FOLDER = "_nuevo_mundo_built_map"
TABLE = 'NuevoMundoTable(4, seats=("human",) * 4, scenario="random", seed=3, dice="table")'
"""Four humans and dice typed in: nothing moves until the test clicks."""


def notebook() -> dict[str, Any]:
    source = f"from widgets.nuevo_mundo.table import NuevoMundoTable\n\ntable = {TABLE}\ntable"
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "built-map",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def upload(server: Server) -> str:
    put_contents(server, FOLDER, {"type": "directory"})
    relpath = f"{FOLDER}/built_map.ipynb"
    put_contents(server, relpath, {"type": "notebook", "format": "json", "content": notebook()})
    return relpath


def rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def test_a_built_map_is_drawn_as_islands_in_lab(
    lab_page: Any, lab_server: Server, artifacts: Path
) -> None:
    from gamecore.words import set_language
    from widgets.nuevo_mundo.map_scene import LAND, SEA, SHALLOWS
    from widgets.nuevo_mundo.table import NuevoMundoTable

    set_language("en")
    page = lab_page
    page.set_viewport_size(LAPTOP)
    open_in_lab(page, lab_server, upload(lab_server), file_browser=True)
    run_all_cells(page)
    assert not error_outputs(page)
    canvas = page.locator(".jp-OutputArea-output canvas.nmundo-canvas").first
    canvas.wait_for(state="visible", timeout=60_000)
    assert wait_for_pixels(canvas, minimum=10_000)["opaque"] > 0
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "nuevo_mundo_built_map_lab.png"))
    canvas.screenshot(path=str(artifacts / "nuevo_mundo_built_map_canvas.png"))

    mirror = eval(TABLE, {"NuevoMundoTable": NuevoMundoTable})  # the same table, here
    board = mirror.game.map
    assert board.key.startswith("built-") and board.players == (4, 4)
    stats = canvas_stats(canvas, [rgb(SEA), rgb(LAND), rgb(SHALLOWS)], tolerance=6)
    water, sand, shallows = stats["counts"]
    assert water > 20_000 and sand > 10_000 and shallows > 2_000, stats["counts"]

    # the four order dice typed in (6, 5, 4, 3: no tie), then the first player clicks the
    # largest land region's drawn shape: the status line names it as chosen
    status = page.locator(".nmundo-status").first
    for face in (6, 5, 4, 3):
        before = words(status.inner_text())
        page.locator(f"button.nmundo-choice-{face}").first.click()
        mirror.choose(face - 1)
        wait_for_change(lambda: words(status.inner_text()), before, 30)
    land = max(board.land_regions(), key=lambda r: len(board.regions[r].cells))
    scene = mirror.scene()
    x, y = _inside(scene.find(f"region-{land}"), scene, f"region:{land}")
    before = words(status.inner_text())
    click_scene_point(canvas, x, y)
    said, _ = wait_for_change(lambda: words(status.inner_text()), before, 30)
    page.screenshot(path=str(artifacts / "nuevo_mundo_built_map_after_click.png"))
    name = board.regions[land].name
    assert f"{name} chosen" in str(said), said


def words(text: str) -> str:
    return " ".join(text.split())


def _inside(shape: Any, scene: Any, target: str) -> tuple[float, float]:
    """A point of ``shape`` where the scene's hit-test gives ``target`` (a name or badge
    may lie on the shape's middle)."""
    left, top, width, height = shape.bbox()
    for i in range(1, 12):
        for j in range(1, 12):
            x, y = left + width * i / 12, top + height * j / 12
            if scene.hit(x, y) == target:
                return x, y
    raise AssertionError(f"no point of {target} takes a click")
