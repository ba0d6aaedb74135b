"""An optional compiled build of the rules engine's hot modules, made with mypyc.

    python benchmarks/build_compiled.py          # or: make compiled  (about 70 s, quiet machine)
    PYTHONPATH=build/mypyc python my_study.py    # use it (the benchmarks find it alone)
    python benchmarks/build_compiled.py --ensure # what make lab, lab-es, apps and workbench run

``--ensure`` prints the ``PYTHONPATH`` to run with: the build first when it is fresh, or
made now (once, quietly, with a one-line message) when it is missing or stale and this
machine can compile; else the ``PYTHONPATH`` as it was, with a one-line note that pure
Python runs. It never fails: pure Python is always the fallback.

The ``.py`` sources stay the truth and the package everyone runs (Binder and any
in-browser kernel need pure Python). This copies ``gamecore`` into ``build/mypyc`` and
compiles ``COMPILED_MODULES`` there, so nothing compiled ever lands beside the sources: only
a program that puts ``build/mypyc`` first on its path gets the compiled modules. The build
records a digest of the sources it was made from; ``check_compiled()`` refuses a build whose
sources have changed since, so an edited rule is never silently replaced by an old one.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "gamecore"
DEFAULT_TARGET = ROOT / "build" / "mypyc"
STAMP = "SOURCES.json"
COMPILED_MODULES = (
    "gamecore/protocol.py",
    "gamecore/nuevos_mundos/game.py",
    "gamecore/ecosfera/data.py",
    "gamecore/ecosfera/position.py",
    "gamecore/ecosfera/checks.py",
    "gamecore/ecosfera/turn.py",
    "gamecore/ecosfera/views.py",
    "gamecore/ecosfera/game.py",
    "gamecore/ecosfera/planner_turn.py",
    "gamecore/ecosfera/planner_value.py",
    "gamecore/ecosfera/planner.py",
    "gamecore/mondo/faces.py",
    "gamecore/mondo/board.py",
    "gamecore/mondo/kit.py",
    "gamecore/mondo/scoring.py",
    "gamecore/mondo/game.py",
    "gamecore/mondo/rival_aims.py",
    "gamecore/mondo/rival_faces.py",
    "gamecore/mondo/rival_estimate.py",
    "gamecore/mondo/rivals.py",
)
"""The modules a random game spends its time in (profiled), Ecosfera's game and planner
(the level study's bot), and Mondo's engine and rival (its study's time: the rival's
estimate, the board read, the views, the round's scoring); the rest stays interpreted,
among them every game's ``actions.py``: mypyc would turn an action's ``kind`` into a
dataclass field, so the actions live apart. What Mondo's sources needed for the compiled
build to play the same games and refuse bad input in the same words: checks of input typed
``int`` read it as an object (mypyc would take ``True`` for 1), ``_Gains.kept`` set in
``__init__``; the one difference left is that a compiled game has no ``vars()``."""


class StaleBuild(RuntimeError):
    """The compiled build was made from other sources than the working tree's."""


def missing_tools() -> str | None:
    """What the build needs and this machine lacks (mypyc, a C compiler, Python's headers),
    in the language of the moment, or None."""
    from gamecore.words import t

    if importlib.util.find_spec("mypyc") is None:
        return t("compiled_build.missing_mypyc")
    # $CC first, as the build itself (setuptools) reads it
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return t("compiled_build.missing_compiler", compiler=compiler)
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return t("compiled_build.missing_headers")
    return None


def source_files(sources: Path = SOURCES) -> dict[str, str]:
    """Every source file of the package (Python and data) with a digest of its bytes."""
    return {
        path.relative_to(sources).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(sources.rglob("*"))
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts
    }


def build(target: Path = DEFAULT_TARGET, sources: Path = SOURCES) -> Path:
    """Copy the package into ``target`` and compile the hot modules there.

    The build is made in a folder of its own beside ``target`` and only then takes its
    place, so a program still running on an older build, or a build that fails, never
    leaves ``target`` half made."""
    target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        _compile(work, sources)
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}-old-", dir=target.parent))
            target.rename(old / target.name)
            work.rename(target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            work.rename(target)
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return target


def _compile(target: Path, sources: Path) -> None:
    shutil.copytree(sources, target / "gamecore", ignore=shutil.ignore_patterns("__pycache__"))
    files = source_files(target / "gamecore")  # what is compiled, even if a source changes now
    # a config of its own: mypy would otherwise find the project's pyproject.toml above
    # build/ and fail on its notes about modules this build does not use
    (target / "mypy.ini").write_text("[mypy]\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mypyc", "--config-file", "mypy.ini", *COMPILED_MODULES],
        cwd=target,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"mypyc failed:\n{result.stdout}{result.stderr}")
    for module in COMPILED_MODULES:
        if not compiled_file(target, module).exists():
            raise RuntimeError(f"mypyc made no extension for {module}")
    stamp = {"sources": str(sources), "files": files, "python": sys.version}
    (target / STAMP).write_text(json.dumps(stamp, indent=1), encoding="utf-8")


def compiled_file(target: Path, module: str) -> Path:
    """The extension module built for ``module`` (``gamecore/protocol.py``) in ``target``."""
    source = target / module
    return source.with_name(source.stem + str(sysconfig.get_config_var("EXT_SUFFIX")))


def freshness(target: Path = DEFAULT_TARGET) -> str | None:
    """None if ``target`` holds a build of today's sources, else why it cannot be used."""
    try:
        stamp = json.loads((target / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return f"no compiled build in {target} (make compiled)"
    if stamp.get("python") != sys.version:
        return "the compiled build was made for another Python (make compiled)"
    built, now = stamp.get("files", {}), source_files(Path(stamp["sources"]))
    changed = sorted(name for name in built.keys() | now.keys() if built.get(name) != now.get(name))
    if changed:
        return f"{changed[0]} changed since the compiled build (make compiled)"
    return None


def compiled_environment(target: Path = DEFAULT_TARGET) -> dict[str, str]:
    """The environment of a child process that imports the compiled build first."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(target), env.get("PYTHONPATH")]))
    return env


def check_compiled() -> Path:
    """In a process started with the build first on its path: raise unless the imported
    ``gamecore`` is the compiled build of today's sources. Returns the build's folder."""
    import gamecore.ecosfera.game
    import gamecore.ecosfera.planner
    import gamecore.nuevos_mundos.game
    import gamecore.protocol

    modules = (
        gamecore.protocol,
        gamecore.nuevos_mundos.game,
        gamecore.ecosfera.game,
        gamecore.ecosfera.planner,
    )
    for module in modules:
        if not str(module.__file__).endswith(str(sysconfig.get_config_var("EXT_SUFFIX"))):
            raise StaleBuild(f"{module.__name__} is not compiled: it came from {module.__file__}")
    target = Path(gamecore.__file__).resolve().parents[1]
    problem = freshness(target)
    if problem:
        raise StaleBuild(problem)
    return target


def ensure(target: Path = DEFAULT_TARGET, say: TextIO = sys.stderr) -> Path | None:
    """The fresh compiled build in ``target``, made now if it is missing or stale and this
    machine can compile; None (pure Python) when it cannot, or the build fails. Says in one
    line on ``say`` what it does (nothing when the build was already fresh), in the
    language of the moment (``$MUNDOS_LANG``)."""
    from gamecore.words import t

    if freshness(target) is None:
        broken = target / BROKEN
        if broken.exists():  # made from these sources, and it failed its smoke test
            problem = broken.read_text(encoding="utf-8").strip()
            print(t("compiled_build.failed", problem=problem), file=say, flush=True)
            return None
        return target
    missing = missing_tools()
    if missing:
        print(t("compiled_build.no_tools", missing=missing), file=say, flush=True)
        return None
    print(t("compiled_build.compiling"), file=say, flush=True)
    start = time.perf_counter()
    try:
        build(target)
    except (OSError, RuntimeError) as problem:
        lines = str(problem).strip().splitlines() or [type(problem).__name__]
        errors = [line for line in lines if "error" in line.lower()]
        print(t("compiled_build.failed", problem=(errors or lines)[0]), file=say, flush=True)
        return None
    problem = smoke_test(target)
    if problem:
        (target / BROKEN).write_text(problem + "\n", encoding="utf-8")
        print(t("compiled_build.failed", problem=problem), file=say, flush=True)
        return None
    seconds = round(time.perf_counter() - start)
    print(t("compiled_build.compiled", seconds=seconds), file=say, flush=True)
    return target


BROKEN = "BROKEN.txt"
"""In a build that failed its smoke test: why (``ensure`` then runs pure Python)."""

_SMOKE = """
import random, sys, sysconfig
import gamecore
from gamecore import protocol
from gamecore.protocol import GAMES
if not protocol.__file__.endswith(sysconfig.get_config_var("EXT_SUFFIX")):
    sys.exit("the build's modules are not the ones imported: " + protocol.__file__)
for name, spec in sorted(GAMES.items()):
    setup = spec.conformance[0] if spec.conformance else None
    players = setup.players if setup else max(2, spec.min_players)
    options = dict(setup.options) if setup else {}
    game = gamecore.new_game(name, players=players, seed=1, **options)
    choose = random.Random(1).choice
    for _ in range(400):
        legal = game.legal_actions()
        if not legal:
            break
        game.play(choose(legal))
    game.clone(), game.score(), game.to_json()
"""


def smoke_test(target: Path) -> str | None:
    """None if a child process on the build in ``target`` plays some random moves of every
    game (on the compiled modules), else the error it stopped with, in one line."""
    result = subprocess.run(
        [sys.executable, "-c", _SMOKE],
        cwd=target,  # not the repository, whose gamecore would come first
        env=compiled_environment(target),
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode == 0:
        return None
    lines = result.stderr.strip().splitlines() or [f"exit status {result.returncode}"]
    return lines[-1]


def python_path(build: Path | None, current: str | None = None) -> str:
    """``PYTHONPATH`` with ``build`` first (unchanged when there is no build)."""
    return os.pathsep.join(filter(None, [str(build) if build else None, current]))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--target", type=Path, default=DEFAULT_TARGET, help="build folder")
    parser.add_argument(
        "--ensure",
        action="store_true",
        help="print the PYTHONPATH to run with: the build first, made now if it is missing "
        "or stale and this machine can compile; never fails (pure Python is the fallback)",
    )
    args = parser.parse_args(argv)
    if args.ensure:
        print(python_path(ensure(args.target), os.environ.get("PYTHONPATH")))
        return
    missing = missing_tools()
    if missing:
        parser.exit(1, f"cannot compile: no {missing}; the pure-Python package still works\n")
    target = build(args.target)
    print(f"compiled {', '.join(COMPILED_MODULES)} into {target}")
    print(f"use it with PYTHONPATH={target}; benchmarks/openspiel_side_by_side.py finds it")


if __name__ == "__main__":
    main()
