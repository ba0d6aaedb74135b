"""The class load benchmark (benchmarks/class_load.py) runs end to end on a tiny class: its
report has every part and measured what it says it measured. Its figures are measurements,
never asserted: no timing is checked here, only that there are timings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"

pytestmark = pytest.mark.exclusive


@pytest.fixture
def class_load(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    sys.modules.pop("class_load", None)
    import class_load

    return class_load


def counted(summary: dict[str, object]) -> int:
    """A latency summary's count, after checking its shape (p50 <= p95 <= max)."""
    count = summary["count"]
    assert isinstance(count, int)
    if count:
        p50, p95, most = summary["p50"], summary["p95"], summary["max"]
        assert isinstance(p50, float) and isinstance(p95, float) and isinstance(most, float)
        assert 0 <= p50 <= p95 <= most
    else:
        assert summary["p50"] is None and summary["max"] is None
    return count


def test_a_tiny_class_is_measured_and_reported(
    tmp_path: Path,
) -> None:
    saved = tmp_path / "load.json"
    # in a process of its own: the benchmark runs its own asyncio loop and signal handlers
    # (this worker may be running the browser tests' Playwright)
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "class_load.py"),
         "--rooms", "nuevos-mundos:2,mondo:2", "--seconds", "6", "--pages", "0",
         "--think-ms", "100-300", "--seed", "3", "--json", str(saved)],
        check=True,
        timeout=300,
        capture_output=True,
        text=True,
    )  # fmt: skip
    data = json.loads(saved.read_text())
    out = done.stdout
    assert data["class"]["students"] == 4 and data["class"]["websockets"] == 4
    assert data["class"]["pages"] == 0
    latency = data["latency_ms"]
    assert counted(latency["simulated"]) > 0
    by_game = latency["simulated_by_game"]
    assert set(by_game) == {"nuevos-mundos", "mondo"}
    assert all(counted(s) > 0 for s in by_game.values()), by_game
    assert counted(latency["answer"]) == data["actions"]["accepted"] > 0
    assert counted(latency["pages_each"]) == 0
    # every accepted action reached every other seat, but for the last ones before the
    # stop (pushes go out after the answer; moves made during a push share the next one)
    missed = data["actions"]["missed_simulated"]
    assert missed <= 2, missed
    assert counted(latency["simulated"]) + missed == data["actions"]["accepted"]
    assert data["actions"]["refused"] == 0, data["errors"]
    # Mondo runs on the server's clock: both seats pressed "Ready", their clocks were compared
    assert data["class"]["real_time_games"] == ["mondo"]
    assert data["actions"]["ready_presses"] >= 2
    clock = data["mondo_clock_spread_ms"]
    assert clock["measured"] and clock["screens"] == 2 and counted(clock) > 0
    memory = data["memory_kb"]
    for key in ("before_rooms_kb", "after_rooms_kb", "after_students_kb", "end_kb"):
        assert memory[key] > 10_000, memory  # a Python web server is well over 10 MB
    assert memory["peak_kb"] >= memory["end_kb"]
    assert data["cpu"]["seconds"] > 0 and data["cpu"]["wall_seconds"] >= 6
    for words in ("An action to every other seat's redraw", "Server memory", "Server CPU",
                  "Mondo's clock across 2 students' websockets", "Machine"):  # fmt: skip
        assert words in out


@pytest.mark.browser
def test_chromium_pages_of_the_class_are_measured(class_load: ModuleType, tmp_path: Path) -> None:
    """One real page (its own Chromium, in a process of its own: the benchmark's async
    Playwright never meets the browser tests' sync one) on a seat of a two-seat room: the
    other seat's moves reach its DOM; and both seats of a Mondo room on two more screens,
    whose clocks are read."""
    if class_load.chromium() is None:
        message = "no Chromium for the class load benchmark's page (apt-get install chromium)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message)
        pytest.skip(message)
    saved = tmp_path / "load.json"
    args = ["--rooms", "nuevos-mundos:2,mondo:2", "--seconds", "6", "--pages", "1"]
    subprocess.run(
        [sys.executable, str(BENCHMARKS / "class_load.py"), *args, "--clock-pages", "2",
         "--think-ms", "100-300", "--json", str(saved)],
        check=True,
        timeout=300,
        capture_output=True,
    )  # fmt: skip
    data = json.loads(saved.read_text())
    assert data["class"]["pages"] == 1 and data["class"]["websockets"] == 3
    assert data["class"]["clock_pages"] == 2
    latency = data["latency_ms"]
    assert counted(latency["pages_each"]) > 0
    assert counted(latency["pages_all"]) == counted(latency["pages_each"])
    assert counted(latency["pages_next_frame"]) > 0
    assert counted(latency["simulated"]) > 0  # the page's seat's moves reach the other seat
    assert data["actions"]["missed_pages"] == 0 and data["actions"]["missed_simulated"] == 0
    screens = data["mondo_screen_clock_spread_ms"]
    assert screens["measured"] and screens["screens"] == 2
    assert counted(screens) > 0 and counted(screens["reading_ms"]) == 2 * screens["count"]


def test_the_bots_benchmark_times_each_room(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """benchmarks/class_bots.py on the real server, two of the student's moves a room: a
    line of answers and one of turns back per game (the figures are never checked)."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    sys.modules.pop("class_bots", None)
    import class_bots

    class_bots.main(["--moves", "2"])
    out = capsys.readouterr().out
    assert "Machine" in out
    for game, bot in class_bots.ROOMS:
        assert f"{game} against its {bot} bot (2 moves)" in out
    assert out.count("answer     median") == out.count("turn back  median") == 3
