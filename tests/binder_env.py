"""The Binder environment, built here as repo2docker would build it.

Docker does not run here, so this builds what repo2docker would: a fresh virtual environment
from binder/requirements.txt (``pip install -r``, from the repository root, so ``.`` is the
project) on the interpreter runtime.txt names (pyenv has it).

The environment is cached in build/binder-venv-<hash>/, keyed by requirements.txt,
runtime.txt, the interpreter and pyproject's dependencies; on reuse only the project
(``.``) is reinstalled, so code and package-data changes are always tested. A broken
pin fails the build, and the build is not cached, so every run fails until it is fixed.

tests/test_binder.py checks the environment; the real-browser tests (tests/browser/) start
JupyterLab and Voila from it, so every lesson and app they open runs on Binder's pins.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[1]
BINDER = REPO / "binder"
REQUIREMENTS = BINDER / "requirements.txt"
RUNTIME = BINDER / "runtime.txt"
BUILD = REPO / "build"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][A-Za-z0-9.+!-]*)$")

INSTALL_TIMEOUT = 1200


def requirement_lines() -> list[str]:
    lines = []
    for raw in REQUIREMENTS.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            lines.append(line)
    return lines


def pins() -> dict[str, str]:
    """canonical distribution name -> pinned version."""
    found = {}
    for line in requirement_lines():
        match = PIN.match(line)
        if match:
            found[canonicalize_name(match[1])] = match[2]
    return found


def runtime_version() -> str:
    text = RUNTIME.read_text().strip()
    match = re.fullmatch(r"python-(3\.\d+)", text)
    assert match, f"runtime.txt must read like 'python-3.12', not {text!r}"
    return match[1]


def _runtime_python(version: str) -> Path:
    """The interpreter runtime.txt names: pyenv's, else pythonX.Y on PATH."""
    candidates: list[Path] = []
    pyenv = shutil.which("pyenv")
    if pyenv:
        out = subprocess.run([pyenv, "prefix", version], capture_output=True, text=True)
        if out.returncode == 0:
            candidates += [Path(p) / "bin" / "python" for p in out.stdout.split(":") if p]
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates += sorted((root / "versions").glob(f"{version}.*/bin/python"), reverse=True)
    on_path = shutil.which(f"python{version}")
    if on_path:
        candidates.append(Path(on_path))
    for python in candidates:
        if python.exists():
            out = subprocess.run(
                [str(python), "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                capture_output=True,
                text=True,
            )
            if out.stdout.strip() == version:
                return python
    pytest.fail(
        f"no Python {version} for the Binder build (runtime.txt): install it with "
        f"`pyenv install {version}` or put python{version} on PATH",
        pytrace=False,
    )


def run(args: list[str], *, what: str, cwd: Path = REPO, timeout: float = INSTALL_TIMEOUT) -> str:
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    out = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    if out.returncode != 0:
        tail = "\n".join((out.stdout + out.stderr).splitlines()[-40:])
        pytest.fail(f"{what} failed (exit {out.returncode}):\n{tail}", pytrace=False)
    return out.stdout


def _forget_stale_setuptools_build() -> None:
    """setuptools builds `.` in build/lib and keeps files deleted from the source there, so a
    wheel could ship a module that no longer exists; start each install from nothing."""
    shutil.rmtree(BUILD / "lib", ignore_errors=True)
    for bdist in BUILD.glob("bdist.*"):
        shutil.rmtree(bdist, ignore_errors=True)


@functools.cache
def binder_python() -> Path:
    """The python of a venv built from binder/requirements.txt (cached in build/ by content
    hash; once per test process the project itself is reinstalled)."""
    version = runtime_version()
    python = _runtime_python(version)
    key = hashlib.sha256()
    for path in (REQUIREMENTS, RUNTIME):
        key.update(path.read_bytes())
    # of pyproject.toml only what changes the environment; code and data are reinstalled
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    key.update(repr((project.get("dependencies"), project.get("requires-python"))).encode())
    key.update(str(python.resolve()).encode())
    venv = BUILD / f"binder-venv-{key.hexdigest()[:16]}"
    vpython = venv / "bin" / "python"
    done = venv / ".complete"
    start = time.monotonic()
    _forget_stale_setuptools_build()
    if done.exists():
        # same pins: only the project's own code may have changed
        run(
            [
                str(vpython),
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-deps",
                "--force-reinstall",
                ".",
            ],
            what="reinstalling the project (.) in the cached Binder venv",
        )
        how = "reused"
    else:
        shutil.rmtree(venv, ignore_errors=True)  # a build that failed half-way
        BUILD.mkdir(exist_ok=True)
        run([str(python), "-m", "venv", str(venv)], what=f"creating a Python {version} venv")
        run(
            [str(vpython), "-m", "pip", "install", "--quiet", "-r", str(REQUIREMENTS)],
            what="pip install -r binder/requirements.txt",
        )
        done.write_text(f"built {time.ctime()} with {python}\n")
        how = "built"
        for old in BUILD.glob("binder-venv-*"):
            if old != venv:
                shutil.rmtree(old, ignore_errors=True)
    print(f"\nBinder venv {how} in {time.monotonic() - start:.1f} s: {venv}")
    return vpython
