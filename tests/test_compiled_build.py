"""The compiled build is used where it can be made, and pure Python where it cannot (issue 21).

``make lab``, ``lab-es``, ``apps`` and ``workbench`` run their program with the
``PYTHONPATH`` that ``benchmarks/build_compiled.py --ensure`` prints: the compiled build
first (made on first use, and again when the sources change), or the path as it was, with a
one-line note, on a machine without a C compiler. These tests run that command for real in
child processes: once without a compiler (``$CC`` naming none), and once building into a
scratch folder and playing the pinned games on the build it printed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "build_compiled.py"
TESTS = Path(__file__).resolve().parent


def ensure(target: Path, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``build_compiled.py --ensure --target target`` as make runs it, in a child process."""
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--ensure", "--target", str(target)],
        cwd=cwd,
        env={**os.environ, "MUNDOS_LANG": "en", **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_without_a_c_compiler_pure_python_runs_with_a_one_line_note(tmp_path: Path) -> None:
    result = ensure(tmp_path / "mypyc", tmp_path, CC="no-such-compiler", PYTHONPATH="/elsewhere")
    assert result.returncode == 0, result.stderr
    # the PYTHONPATH to run with is the one there was: no build in front
    assert result.stdout.strip() == "/elsewhere"
    note = result.stderr.strip().splitlines()
    assert note == [
        "Running in pure Python: no C compiler (no-such-compiler) here to compile the rules engine."
    ]
    assert not (tmp_path / "mypyc").exists()


def test_the_note_is_in_spanish_for_make_lab_es(tmp_path: Path) -> None:
    result = ensure(tmp_path / "mypyc", tmp_path, CC="no-such-compiler", MUNDOS_LANG="es")
    assert result.returncode == 0
    assert "Se usa Python puro" in result.stderr and "compilador de C" in result.stderr


def test_a_build_that_failed_its_smoke_test_is_not_used(tmp_path: Path) -> None:
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import build_compiled
    finally:
        sys.path.remove(str(SCRIPT.parent))
    target = tmp_path / "mypyc"
    target.mkdir()
    # a build of today's sources (so it is not rebuilt) that its smoke test found broken
    stamp = {
        "sources": str(build_compiled.SOURCES),
        "files": build_compiled.source_files(),
        "python": sys.version,
    }
    (target / build_compiled.STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    (target / build_compiled.BROKEN).write_text("TypeError: a game broke\n", encoding="utf-8")
    result = ensure(target, tmp_path, PYTHONPATH="/elsewhere")
    assert result.returncode == 0
    assert result.stdout.strip() == "/elsewhere"
    assert result.stderr.strip() == (
        "Running in pure Python: the compiled build failed (TypeError: a game broke)."
    )


def test_the_makefile_runs_the_lessons_apps_and_workbench_with_the_engine_it_chose() -> None:
    for target in ("lab", "lab-es", "apps", "workbench", "mondo-study"):
        shown = subprocess.run(
            ["make", "-n", target],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        runs = [line for line in shown.splitlines() if "jupyter" in line or "voila" in line]
        runs += [line for line in shown.splitlines() if "workbench.py" in line]
        runs += [line for line in shown.splitlines() if "mondo_study.py" in line]
        assert runs, f"make {target} runs nothing we know:\n{shown}"
        assert all("build_compiled.py --ensure" in line for line in runs), shown
    shown = subprocess.run(
        ["make", "-n", "lab", "COMPILED=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    assert "--ensure" not in shown


@pytest.mark.slow
def test_the_build_is_made_once_then_reused_and_plays_the_pinned_games(tmp_path: Path) -> None:
    """One build (about a minute and a half on two cores) serves every compiled check."""
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import build_compiled
    finally:
        sys.path.remove(str(SCRIPT.parent))
    missing = build_compiled.missing_tools()
    if missing:
        pytest.skip(f"no {missing} here: the pure-Python fallback is tested above")
    target = tmp_path / "mypyc"
    first = ensure(target, tmp_path, PYTHONPATH="")
    assert first.returncode == 0, first.stderr
    # a build that fails its smoke test (a game whose code the compiled modules break) says
    # why here, and make lab would run pure Python
    assert first.stdout.strip() == str(target), first.stderr
    said = first.stderr.strip().splitlines()
    assert said[0].startswith("Compiling the rules engine") and said[-1].startswith("Compiled in")
    assert build_compiled.freshness(target) is None

    again = ensure(target, tmp_path, PYTHONPATH="/elsewhere")  # fresh: reused, said nothing
    assert again.returncode == 0 and again.stderr == ""
    assert again.stdout.strip() == os.pathsep.join([str(target), "/elsewhere"])

    # the pinned games and the speed-ups' digest, played on the build --ensure printed
    code = (
        "import json, sys; sys.path[:0] = sys.argv[1:3];"
        "import build_compiled, same_games, test_engine_speedups as t;"
        "build_compiled.check_compiled();"
        "print(json.dumps([t.random_games_digest(), same_games.all_digests()]))"
    )
    played = subprocess.run(
        [sys.executable, "-c", code, str(SCRIPT.parent), str(TESTS)],
        cwd=tmp_path,  # not the repository, whose gamecore would come first
        env={**os.environ, "PYTHONPATH": first.stdout.strip()},
        capture_output=True,
        text=True,
        check=False,
    )
    assert played.returncode == 0, played.stderr
    digest, pinned_games = json.loads(played.stdout)
    sys.path.insert(0, str(TESTS))
    try:
        import same_games
        import test_engine_speedups
    finally:
        sys.path.remove(str(TESTS))
    assert digest == test_engine_speedups.DIGEST_BEFORE_THE_SPEEDUPS
    pinned = json.loads(same_games.PINNED.read_text())
    changed = sorted(k for k in pinned if pinned_games.get(k) != pinned[k])
    assert not changed, f"the compiled build plays these games otherwise: {changed}"
