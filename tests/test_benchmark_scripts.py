"""The Ecosfera study script runs end to end and writes the file lesson 3 reads.

Only the shape of its output is checked: its figures are measurements, never asserted.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from gamecore.ecosfera import LEVELS
from gamecore.ecosfera.study import LevelSummary

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture
def study_script(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    sys.modules.pop("ecosfera_study", None)
    import ecosfera_study

    return ecosfera_study


def test_the_study_prints_a_table_per_bot_and_saves_the_summaries(
    study_script, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "study.json"
    study_script.main(["--quick", "--workers", "1", "--save", str(saved)])
    out = capsys.readouterr()
    for bot in ("planner", "greedy", "random"):
        assert f"\n{bot}\n" in out.out
    assert out.out.count("drop per step") == 3
    assert "games/s" in out.out and "Machine" in out.out
    assert out.err.count("20 games done in") >= 3  # each bot's line reached its end (4 x 5)
    data = json.loads(saved.read_text())
    assert set(data["bots"]) == {"planner", "greedy", "random"}
    for rows in data["bots"].values():
        summaries = [LevelSummary.from_dict(row) for row in rows]
        assert [s.level for s in summaries] == list(LEVELS)
        assert all(s.games == 4 and 0 <= s.wins <= 4 for s in summaries)
    assert all(speed > 0 for speed in data["games_per_second"].values())


def test_the_study_refuses_nonsense_counts(study_script) -> None:
    with pytest.raises(SystemExit):
        study_script.main(["--games", "0"])


def test_the_workers_benchmark_gives_the_same_table_on_each_number_of_workers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    sys.modules.pop("study_workers", None)
    import study_workers

    study_workers.main(["--games", "40", "--workers", "1", "2"])
    lines = [ln for ln in capsys.readouterr().out.splitlines() if "games/s" in ln]
    assert len(lines) == 4 and all(ln.endswith("same table: True") for ln in lines)


def test_the_nuevo_mundo_search_benchmark_plays_and_prints_its_rate(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    sys.modules.pop("nuevo_mundo_search", None)
    import nuevo_mundo_search

    seat, won, victory, seconds = nuevo_mundo_search.one_game(7, "teaching", 2)
    assert seat == 1 and won in (0, 1) and victory and seconds > 0
    low, high = nuevo_mundo_search.wilson(30, 50)
    assert 0.46 < low < 0.6 < high < 0.73
    monkeypatch.setattr(
        sys, "argv", ["x", "--games", "2", "--workers", "1", "--iterations", "2", "--progress"]
    )
    nuevo_mundo_search.main()
    out = capsys.readouterr().out
    assert "search wins" in out and "game 1000:" in out and "game 1001:" in out
    assert "from seat 1: " in out and "Machine" in out
