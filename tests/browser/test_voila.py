"""Voila in headless Chromium: a canvas drawn through SceneCanvas renders (it redraws on
``on_client_ready``) and a click on it reaches the kernel and changes the status line."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    NOTEBOOKS,
    PLAY_NOTEBOOK,
    PROBE,
    PROBE_NOTEBOOK,
    Server,
    canvas_stats,
    click_scene_point,
    first_hand_target,
    rebuild_table,
    wait_for_change,
    wait_for_pixels,
)

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 60_000


def _open(page: Any, server: Server) -> None:
    page.goto(f"{server.base_url}/?token={server.token}", wait_until="domcontentloaded")


def _fail(page: Any, server: Server, message: str) -> None:
    console = "\n".join(page.console_errors[-10:]) or "(none)"
    pytest.fail(
        f"{message}\nBrowser console errors:\n{console}\nVoila log:\n{server.log_tail()}",
        pytrace=False,
    )


def _check_click(
    page: Any,
    server: Server,
    canvas_sel: str,
    status_sel: str,
    point: tuple[float, float],
    shot: Path,
) -> float:
    canvas = page.locator(canvas_sel).first
    try:
        canvas.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    except Exception:
        page.screenshot(path=str(shot), full_page=True)
        _fail(page, server, f"no {canvas_sel} appeared")
    stats = wait_for_pixels(canvas)
    if stats["opaque"] == 0:
        page.screenshot(path=str(shot), full_page=True)
        _fail(page, server, f"{canvas_sel} stayed blank in Voila ({stats})")
    status = page.locator(status_sel).first
    before = status.inner_text()
    canvas.scroll_into_view_if_needed()
    start = time.monotonic()
    click_scene_point(canvas, *point)
    after, _ = wait_for_change(status.inner_text, before)
    latency = time.monotonic() - start
    page.wait_for_timeout(300)
    page.screenshot(path=str(shot), full_page=True)
    if after == before:
        _fail(page, server, f"the status did not change after a click: {after!r}")
    return latency


def test_voila_probe(page: Any, voila: Callable[[Path], Server], artifacts: Path) -> None:
    server = voila(PROBE_NOTEBOOK)
    _open(page, server)
    latency = _check_click(
        page,
        server,
        "canvas.probe-canvas",
        ".probe-status",
        PROBE["button"],
        artifacts / "probe_voila.png",
    )
    colours = [PROBE["red"][0], PROBE["orange"][0]]
    red, orange = canvas_stats(page.locator("canvas.probe-canvas"), colours)["counts"]
    assert red >= 0.85 * PROBE["red"][1], red
    assert orange >= 0.85 * PROBE["orange"][1], orange
    print(f"voila probe: click to status change {latency * 1000:.0f} ms")


def test_voila_play_notebook(page: Any, voila: Callable[[Path], Server], artifacts: Path) -> None:
    if not PLAY_NOTEBOOK.exists():
        pytest.skip(f"{PLAY_NOTEBOOK.relative_to(NOTEBOOKS)} does not exist yet")
    target, point = first_hand_target(rebuild_table(PLAY_NOTEBOOK))
    server = voila(PLAY_NOTEBOOK)
    _open(page, server)
    latency = _check_click(
        page,
        server,
        "canvas.nm-table-canvas",
        ".nm-status",
        point,
        artifacts / "play_voila.png",
    )
    print(f"voila play: click on {target} to status change {latency * 1000:.0f} ms")


def test_voila_save_downloads_and_load_reads_it_back(
    page: Any, voila: Callable[[Path], Server], tmp_path: Path
) -> None:
    """Issue 8 A6 in Voila (as on Binder): Save downloads to the student's computer and
    Load reads the file back."""
    from test_classroom import save_and_load_back

    mirror = rebuild_table(PLAY_NOTEBOOK)
    server = voila(PLAY_NOTEBOOK)
    _open(page, server)
    page.locator("canvas.nm-table-canvas").first.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    after = save_and_load_back(page, "nm", tmp_path)
    assert f"Loaded {mirror.file_name}: seed {mirror.game.seed}" in after, after
