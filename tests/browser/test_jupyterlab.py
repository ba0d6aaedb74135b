"""JupyterLab in headless Chromium: canvases draw real pixels and clicks reach the kernel.

- the probe notebook (tests/browser/fixtures) proves the infrastructure on its own;
- every lesson notebook runs top to bottom with no error and every canvas draws;
- in the play notebook, a click on a hand card and the Lay button plays a move.

Screenshots go to test-artifacts/ (git-ignored).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    NOTEBOOKS,
    PLAY_NOTEBOOK,
    PROBE,
    PROBE_DIR,
    PROBE_NOTEBOOK,
    Server,
    canvas_stats,
    click_scene_point,
    error_outputs,
    first_hand_target,
    full_screenshot,
    lesson_notebooks,
    open_in_lab,
    rebuild_table,
    run_all_cells,
    wait_for_change,
    wait_for_pixels,
)

from widgets.palette import BIOME_COLOURS, INK, PAPER

pytestmark = pytest.mark.browser

OUTPUT_CANVAS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output canvas"
LAPTOP = {"width": 1366, "height": 768}
JS_TOO_WIDE = """() => {
  // Pictures and canvases wider than their output area, and canvases shown smaller than
  // their pixels (their text would shrink below the size it was drawn at).
  const out = [];
  const panel = '.jp-NotebookPanel:not(.lm-mod-hidden) ';
  for (const el of document.querySelectorAll(panel + '.jp-OutputArea-output canvas, '
      + panel + '.jp-OutputArea-output img, ' + panel + '.jp-OutputArea-output svg')) {
    if (el.closest('svg') && el.closest('svg') !== el) continue;
    const area = el.closest('.jp-OutputArea-output').getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    const name = el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined
      ? '.' + String(el.className).split(' ').join('.') : '');
    if (r.right > area.right + 1) out.push(`${name}: ${r.width}px in a ${area.width}px column`);
    if (el.tagName === 'CANVAS' && r.width < el.width * 0.98)
      out.push(`${name}: ${el.width}px drawn, shown at ${Math.round(r.width)}px`);
  }
  return out;
}"""


def _fail_with(page: Any, message: str) -> None:
    console = "\n".join(page.console_errors[-10:])
    pytest.fail(f"{message}\nBrowser console errors:\n{console or '(none)'}", pytrace=False)


def _probe_counts(stats: dict[str, Any]) -> dict[str, int]:
    return dict(zip(["red", "blue", "green", "orange"], stats["counts"]))


PROBE_COLOURS = [PROBE[name][0] for name in ("red", "blue", "green", "orange")]


def test_probe_notebook_draws_and_answers_a_click(
    lab_page: Any, lab_server: Server, artifacts: Path
) -> None:
    page = lab_page
    relpath = f"{PROBE_DIR}/{PROBE_NOTEBOOK.name}"
    open_in_lab(page, lab_server, relpath)
    run_all_cells(page)
    assert error_outputs(page) == []

    canvas = page.locator(f"{OUTPUT_CANVAS}.probe-canvas")
    canvas.wait_for(state="visible")
    stats = wait_for_pixels(canvas, minimum=PROBE["width"] * PROBE["height"] // 2)
    assert (stats["width"], stats["height"]) == (PROBE["width"], PROBE["height"])
    counts = _probe_counts(canvas_stats(canvas, PROBE_COLOURS))
    for name in ("red", "blue", "green"):
        area = PROBE[name][1]
        assert counts[name] >= 0.85 * area, f"{name}: {counts[name]} px of ~{area:.0f} drawn"
    assert counts["orange"] < 50, counts

    status = page.locator(".probe-status")
    before = status.inner_text()
    assert "Nothing clicked" in before
    start = time.monotonic()
    click_scene_point(canvas, *PROBE["button"])
    after, _ = wait_for_change(status.inner_text, before)
    if after == before:
        _fail_with(page, f"the status did not change after a click on the probe: {after!r}")
    assert "probe:button" in after, after
    # the kernel got scene coordinates (the CSS -> canvas scaling round-trips)
    got = [float(v) for v in re.findall(r"\((-?[\d.]+), (-?[\d.]+)\)", after)[0]]
    assert all(abs(g - e) <= 2 for g, e in zip(got, PROBE["button"])), (got, after)

    def orange_pixels() -> int:
        return int(_probe_counts(canvas_stats(canvas, PROBE_COLOURS))["orange"])

    orange, _ = wait_for_change(orange_pixels, 0 if orange_pixels() < 50 else -1)
    latency = time.monotonic() - start
    assert isinstance(orange, int) and orange >= 0.85 * PROBE["orange"][1], orange
    print(f"probe: click to redrawn canvas in JupyterLab: {latency * 1000:.0f} ms")
    full_screenshot(page, artifacts / "probe_jupyterlab.png")

    # A reload reconnects to the same kernel: the canvas must be drawn again (from
    # on_client_ready), in the state it had, not left blank.
    page.evaluate("() => jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function(
        "() => !jupyterapp.shell.currentWidget.context.model.dirty", timeout=10_000
    )
    open_in_lab(page, lab_server, relpath)
    canvas = page.locator(f"{OUTPUT_CANVAS}.probe-canvas")
    canvas.wait_for(state="visible")
    stats = wait_for_pixels(canvas, minimum=1, timeout=10)
    if stats["opaque"] == 0:
        full_screenshot(page, artifacts / "probe_jupyterlab_reloaded.png")
        _fail_with(page, "after a page reload the probe canvas stayed blank")
    assert orange_pixels() >= 0.85 * PROBE["orange"][1]
    full_screenshot(page, artifacts / "probe_jupyterlab_reloaded.png")


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


EXPECTED_COLOURS = [_rgb(PAPER), _rgb(INK), *(_rgb(c) for c in BIOME_COLOURS.values())]


@pytest.mark.parametrize(
    "notebook", lesson_notebooks(), ids=lambda p: str(p.relative_to(NOTEBOOKS))
)
def test_notebook_runs_in_jupyterlab(
    notebook: Path, lab_page: Any, lab_server: Server, artifacts: Path
) -> None:
    """Every lesson on a school laptop's screen (1366x768, Lab's file browser open): it
    runs, every canvas draws, and nothing is wider than the notebook's column (issue 8 A2);
    canvases fit without being shrunk, so their text keeps its size (12 px or more)."""
    page = lab_page
    page.set_viewport_size(LAPTOP)
    relpath = notebook.relative_to(NOTEBOOKS).as_posix()
    open_in_lab(page, lab_server, relpath, file_browser=True)
    seconds = run_all_cells(page)
    page.wait_for_timeout(500)  # widget views render after the last reply
    shot = artifacts / f"lab_{relpath.replace('/', '__').removesuffix('.ipynb')}.png"
    errors = error_outputs(page)
    if errors:
        full_screenshot(page, shot)
        _fail_with(page, f"{relpath} shows {len(errors)} error output(s):\n" + errors[0])

    canvases = page.locator(OUTPUT_CANVAS)
    blank, off_colour = [], []
    for i in range(canvases.count()):
        stats = wait_for_pixels(canvases.nth(i), minimum=1, timeout=10)
        if stats["opaque"] == 0:
            blank.append(f"canvas {i} ({stats['width']}x{stats['height']})")
            continue
        # The game's own colours: the paper background, ink, and at least one biome band.
        paper, ink, *biomes = canvas_stats(canvases.nth(i), EXPECTED_COLOURS)["counts"]
        bands = max(biomes) > 0 or "nuevos_mundos" not in relpath  # Nuevos Mundos' biomes
        if paper < 0.1 * stats["opaque"] or ink == 0 or not bands:
            off_colour.append(f"canvas {i}: paper {paper}, ink {ink}, biome bands {biomes}")
    full_screenshot(page, shot)
    too_wide = page.evaluate(JS_TOO_WIDE)
    assert not too_wide, f"{relpath}: wider than the column or shrunk at 1366x768: {too_wide}"
    assert not blank, f"{relpath}: blank canvases: {blank}"
    assert not off_colour, f"{relpath}: canvases without the expected colours: {off_colour}"
    print(f"{relpath}: ran in {seconds:.1f} s, {canvases.count()} canvases drew")


def test_play_notebook_click_a_card_then_lay(
    lab_page: Any, lab_server: Server, artifacts: Path
) -> None:
    page = lab_page
    if not PLAY_NOTEBOOK.exists():
        pytest.skip(f"{PLAY_NOTEBOOK.relative_to(NOTEBOOKS)} does not exist yet")
    # Where the first hand card is: the same table, built again here from the notebook's
    # own constructor call (same players, same seed), asked through its scene.
    target, (x, y) = first_hand_target(rebuild_table(PLAY_NOTEBOOK))

    relpath = PLAY_NOTEBOOK.relative_to(NOTEBOOKS).as_posix()
    open_in_lab(page, lab_server, relpath)
    run_all_cells(page)
    assert error_outputs(page) == []
    canvas = page.locator(f"{OUTPUT_CANVAS}.nm-table-canvas").first
    canvas.wait_for(state="visible")
    canvas.scroll_into_view_if_needed()
    assert wait_for_pixels(canvas)["opaque"] > 0, "the table canvas is blank"
    status = page.locator(".nm-status").first
    status_0 = status.inner_text()
    pixels_0 = canvas_stats(canvas)["checksum"]

    click_scene_point(canvas, x, y)
    status_1, _ = wait_for_change(status.inner_text, status_0, timeout=5)
    print(f"after clicking {target} at ({x:.0f}, {y:.0f}): {status_1!r}")
    assert status_1 != status_0, f"a click on {target} left the status as it was: {status_1!r}"
    pixels_1, _ = wait_for_change(lambda: canvas_stats(canvas)["checksum"], pixels_0, timeout=5)

    lay = page.locator(".nm-action-lay").first
    if lay.evaluate("e => e.tagName") != "BUTTON":
        lay = lay.locator("button").first
    assert lay.is_enabled(), f"Lay is disabled after clicking {target}; status: {status_1!r}"
    lay.click()
    status_2, _ = wait_for_change(status.inner_text, status_1)
    pixels_2, _ = wait_for_change(lambda: canvas_stats(canvas)["checksum"], pixels_1)
    full_screenshot(page, artifacts / "play_click_and_lay_jupyterlab.png")
    print(f"after Lay: {status_2!r}")
    assert status_2 != status_1, f"status unchanged after {target} + Lay: {status_2!r}"
    assert pixels_2 != pixels_1, "the table canvas did not change after Lay"
    assert error_outputs(page) == []
