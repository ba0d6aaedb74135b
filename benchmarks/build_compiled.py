"""An optional compiled build of the rules engine's hot modules, made with mypyc.

    python benchmarks/build_compiled.py          # or: make compiled  (about 70 s, quiet machine)
    PYTHONPATH=build/mypyc python my_study.py    # use it (the benchmarks find it alone)

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
from collections.abc import Sequence
from pathlib import Path

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
)
"""The modules a random game spends its time in (profiled), and Ecosfera's game and planner
(the level study's bot); the rest stays interpreted, among them both games' ``actions.py``:
mypyc would turn an action's ``kind`` into a dataclass field, so the actions live apart."""


class StaleBuild(RuntimeError):
    """The compiled build was made from other sources than the working tree's."""


def missing_tools() -> str | None:
    """What the build needs and this machine lacks (mypyc, a C compiler, Python's headers),
    or None."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc (pip install mypy)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "Python headers (the python3-dev package)"
    return None


def source_files(sources: Path = SOURCES) -> dict[str, str]:
    """Every source file of the package (Python and data) with a digest of its bytes."""
    return {
        path.relative_to(sources).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(sources.rglob("*"))
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts
    }


def build(target: Path = DEFAULT_TARGET, sources: Path = SOURCES) -> Path:
    """Copy the package into ``target`` and compile the hot modules there."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    shutil.copytree(sources, target / "gamecore", ignore=shutil.ignore_patterns("__pycache__"))
    files = source_files(sources)
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
    return target


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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--target", type=Path, default=DEFAULT_TARGET, help="build folder")
    args = parser.parse_args(argv)
    missing = missing_tools()
    if missing:
        parser.exit(1, f"cannot compile: no {missing}; the pure-Python package still works\n")
    target = build(args.target)
    print(f"compiled {', '.join(COMPILED_MODULES)} into {target}")
    print(f"use it with PYTHONPATH={target}; benchmarks/openspiel_side_by_side.py finds it")


if __name__ == "__main__":
    main()
