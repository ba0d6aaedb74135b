"""Mondo's scoring pad at the advanced and expert levels, in a real browser: lesson 2 opened in
JupyterLab on a school laptop's screen (1366x768, the file browser open). The student turns
the pad's level to expert with its list, picks the round's modifier and a task, and the pad
says so; every list of the pad stays inside the notebook's column (nothing to scroll
sideways for), and no cell shows an error.

Screenshots go to test-artifacts/ (git-ignored): mondo_pad_expert_*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    NOTEBOOKS,
    Server,
    error_outputs,
    full_screenshot,
    open_in_lab,
    run_all_cells,
)

from gamecore.mondo import modules
from gamecore.words import t

pytestmark = pytest.mark.browser

LESSON = NOTEBOOKS / "en" / "mondo" / "02_scoring_step_by_step.ipynb"
LAPTOP = {"width": 1366, "height": 768}
OUTPUT = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output"


def _list(page: Any, label_key: str) -> Any:
    """The pad's list (an ipywidgets Dropdown's <select>) whose label says ``label_key``."""
    label = t(label_key, lang="en")
    box = page.locator(f"{OUTPUT} .widget-dropdown", has_text=label).last
    box.wait_for(state="visible", timeout=30_000)
    return box.locator("select")


def test_the_pad_scores_at_the_expert_level_on_a_laptop_in_lab(
    lab_page: Any, lab_server: Server, artifacts: Path
) -> None:
    page = lab_page
    page.set_viewport_size(LAPTOP)
    relpath = LESSON.relative_to(NOTEBOOKS).as_posix()
    open_in_lab(page, lab_server, relpath, file_browser=True)
    run_all_cells(page)
    errors = error_outputs(page)
    if errors:
        full_screenshot(page, artifacts / "mondo_pad_expert_errors.png")
        pytest.fail(f"{relpath} shows error output(s):\n{errors[0]}", pytrace=False)

    level = _list(page, "mondo_pad.level_label")
    level.scroll_into_view_if_needed()
    level.select_option(label=t("mondo_pad.level_option_expert", lang="en"))
    modifier = _list(page, "mondo_pad.modifier_label")
    task = _list(page, "mondo_pad.task_label")
    page.wait_for_function("(s) => !s.disabled", arg=task.element_handle(), timeout=30_000)
    first_modifier = modules.modifiers()[0].name()
    modifier.select_option(label=first_modifier)
    options = task.locator("option").all_inner_texts()
    assert len(options) == 1 + len(modules.tasks()), options  # "none" and the twelve
    task.select_option(index=1)
    page.wait_for_timeout(500)
    column = page.locator(OUTPUT).last.bounding_box()
    assert column is not None
    for chooser in (level, modifier, task):
        box = chooser.bounding_box()
        assert box is not None
        assert box["x"] + box["width"] <= column["x"] + column["width"] + 1, (box, column)
    level.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "mondo_pad_expert_lists.png"))
    assert error_outputs(page) == []
