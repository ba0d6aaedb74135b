"""The README's two commands do their whole set-up (issue 8 A12)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import find_browser  # noqa: E402


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_lab_starts_jupyter_lab_even_as_root() -> None:
    recipe = subprocess.run(
        ["make", "-n", "lab"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    lab = next(line for line in recipe.splitlines() if "jupyter lab" in line)
    assert ("--allow-root" in lab) == (os.geteuid() == 0), lab


def test_make_test_finds_a_browser_first() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert "test: $(STAMP) lint typecheck browser pytest" in makefile
    assert "find_browser.py --install" in makefile


def test_without_a_browser_ci_fails_and_a_laptop_skips_loudly(monkeypatch, capsys) -> None:
    monkeypatch.setattr(find_browser, "find", lambda: (None, "none"))
    monkeypatch.setenv("CI", "true")
    assert find_browser.main([]) == 1
    monkeypatch.setenv("CI", "")
    assert find_browser.main([]) == 0
    assert "will be SKIPPED" in capsys.readouterr().out


def test_the_ci_script_declares_ci() -> None:
    assert 'export CI="${CI:-true}"' in (ROOT / ".ci" / "run").read_text()
