"""Binder: binder/requirements.txt on the Python of binder/runtime.txt runs every notebook.

Docker does not run here, so this builds what repo2docker would: a fresh virtual environment
from binder/requirements.txt (``pip install -r``, from the repository root, so ``.`` is the
project) on the interpreter runtime.txt names (pyenv has it), then runs every notebook under
notebooks/ with nbclient on a kernel of that environment.

The environment is cached in build/binder-venv-<hash>/, keyed by requirements.txt,
runtime.txt, the interpreter and pyproject's dependencies; on reuse only the project
(``.``) is reinstalled, so code and package-data changes are always tested. A broken
pin fails the build, and the build is not cached, so every run fails until it is fixed.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[1]
BINDER = REPO / "binder"
REQUIREMENTS = BINDER / "requirements.txt"
RUNTIME = BINDER / "runtime.txt"
NOTEBOOKS = REPO / "notebooks"
PROBE = REPO / "tests" / "browser" / "fixtures" / "canvas_probe.ipynb"
BUILD = REPO / "build"
PROJECT_PACKAGES = {"gamecore", "widgets"}
NOT_ON_BINDER = {"ortools"}
"""Optional extras Binder does without, on purpose: OR-Tools (the ``solver`` extra) is a 25 MB
wheel with five dependencies of its own, and without it Mondo's solver answers with its
pure-Python search (lesson 3 is written for that: it never needs a proof)."""
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][A-Za-z0-9.+!-]*)$")

INSTALL_TIMEOUT = 1200
CELL_TIMEOUT = 120


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


def notebooks() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


# --------------------------------------------------------------------------- fast checks


def test_requirements_are_exact_pins_plus_the_project() -> None:
    lines = requirement_lines()
    assert "." in lines, "binder/requirements.txt must list `.` (Binder installs no pyproject)"
    loose = [ln for ln in lines if ln != "." and not PIN.match(ln)]
    assert not loose, f"pin these with ==: {loose}"
    names = [canonicalize_name(PIN.match(ln)[1]) for ln in lines if PIN.match(ln)]  # type: ignore[index]
    assert len(names) == len(set(names)), f"pinned twice: {names}"


def test_runtime_names_python_3_12() -> None:
    assert runtime_version() == "3.12"


def test_pins_satisfy_the_lab_extra_of_pyproject() -> None:
    """Binder runs what `pip install -e .[lab]` promises: every lab dependency, in range."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    wanted = project["optional-dependencies"]["lab"] + project.get("dependencies", [])
    pinned = pins()
    for spec in wanted:
        req = Requirement(spec)
        name = canonicalize_name(req.name)
        assert name in pinned, f"{req.name} (pyproject lab extra) is not pinned for Binder"
        assert req.specifier.contains(pinned[name], prereleases=True), (
            f"{req.name}=={pinned[name]} is outside pyproject's {req.specifier}"
        )


def _imports(source: str) -> set[str]:
    lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
    try:
        tree = ast.parse("\n".join(lines))
    except SyntaxError:
        return set()
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def test_everything_the_notebooks_import_is_pinned() -> None:
    """Third-party modules imported by the notebooks or by widgets/ and gamecore/ (the project
    declares no install dependencies) are pinned directly, not left to chance."""
    modules: dict[str, set[str]] = {}
    code_dirs = [*(REPO / "widgets").rglob("*.py"), *(REPO / "gamecore").rglob("*.py")]
    sources = [*notebooks(), PROBE, *code_dirs]
    for path in sources:
        if path.suffix == ".ipynb":
            nb = json.loads(path.read_text())
            code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
        else:
            code = path.read_text()
        for module in _imports(code):
            modules.setdefault(module, set()).add(str(path.relative_to(REPO)))
    dists = importlib.metadata.packages_distributions()
    pinned = pins()
    missing = {}
    for module, where in sorted(modules.items()):
        if module in sys.stdlib_module_names or module in PROJECT_PACKAGES:
            continue
        if module in NOT_ON_BINDER:
            continue
        names = {canonicalize_name(d) for d in dists.get(module, [module])}
        if not names & pinned.keys():
            missing[module] = sorted(where)[:3]
    assert not missing, f"imported but not pinned in binder/requirements.txt: {missing}"


# --------------------------------------------------------------------------- the environment


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


def _run(args: list[str], *, what: str, cwd: Path = REPO, timeout: float = INSTALL_TIMEOUT) -> str:
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


@pytest.fixture(scope="module")
def binder_venv() -> Iterator[Path]:
    """A venv built from binder/requirements.txt (cached by content hash); yields its python."""
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
        _run(
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
        _run([str(python), "-m", "venv", str(venv)], what=f"creating a Python {version} venv")
        _run(
            [str(vpython), "-m", "pip", "install", "--quiet", "-r", str(REQUIREMENTS)],
            what="pip install -r binder/requirements.txt",
        )
        done.write_text(f"built {time.ctime()} with {python}\n")
        how = "built"
        for old in BUILD.glob("binder-venv-*"):
            if old != venv:
                shutil.rmtree(old, ignore_errors=True)
    print(f"\nBinder venv {how} in {time.monotonic() - start:.1f} s: {venv}")
    yield vpython


@pytest.mark.slow
def test_binder_environment_has_the_pins(binder_venv: Path, tmp_path: Path) -> None:
    _run([str(binder_venv), "-m", "pip", "check"], what="pip check in the Binder venv")
    script = (
        "import importlib.metadata as m, json, sys\n"
        "print(json.dumps({'python': '%d.%d' % sys.version_info[:2],"
        " 'dists': {d.metadata['Name']: d.version for d in m.distributions()}}))"
    )
    info = json.loads(_run([str(binder_venv), "-c", script], what="listing the venv"))
    assert info["python"] == runtime_version()
    installed = {canonicalize_name(k): v for k, v in info["dists"].items()}
    for name, version in pins().items():
        assert installed.get(name) == version, (
            f"{name}: pinned {version}, got {installed.get(name)}"
        )
    # the project is installed (not picked up from the source tree) with its data files
    where = _run(
        [
            str(binder_venv),
            "-c",
            "import widgets, gamecore, gamecore.nuevos_mundos, ipycanvas; print(widgets.__file__)",
        ],
        what="importing the project in the Binder venv",
        cwd=tmp_path,
    )
    assert str(binder_venv.parent.parent) in where, where


def _kernel_manager(python: Path, home: Path) -> KernelManager:
    kernels = home / "kernels"
    spec = kernels / "binder"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "Binder (Python 3)",
                "language": "python",
            }
        )
    )
    return KernelManager(
        kernel_name="binder", kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(kernels)])
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    "notebook",
    [*notebooks(), PROBE],
    ids=lambda p: str(p.relative_to(REPO)),
)
def test_notebook_runs_on_binder(notebook: Path, binder_venv: Path, tmp_path: Path) -> None:
    # a copy of the notebook's folder, so the run writes nothing into the repository and
    # imports come from the venv, not from the source tree
    work = tmp_path / "work"
    shutil.copytree(notebook.parent, work, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env.update(
        HOME=str(home),
        IPYTHONDIR=str(home / "ipython"),
        MPLCONFIGDIR=str(BUILD / "binder-mplconfig"),  # font cache kept between runs
        MPLBACKEND="module://matplotlib_inline.backend_inline",
        PATH=f"{binder_venv.parent}{os.pathsep}{env.get('PATH', '')}",
    )
    nb = nbformat.read(work / notebook.name, as_version=4)
    km = _kernel_manager(binder_venv, home)
    client = NotebookClient(
        nb,
        km=km,
        timeout=CELL_TIMEOUT,
        allow_errors=True,
        resources={"metadata": {"path": str(work)}},
    )
    start = time.monotonic()
    try:
        client.execute(env=env)  # the kernel starts in `work` (resources' path)
    finally:
        if km.has_kernel:  # nbclient leaves a kernel it was given running
            km.shutdown_kernel(now=True)
    seconds = time.monotonic() - start
    errors = [
        f"cell {i}: {out.get('ename')}: {out.get('evalue')}"
        for i, cell in enumerate(nb.cells)
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "error"
    ]
    assert not errors, f"{notebook.name} on Binder:\n" + "\n".join(errors)
    print(f"{notebook.relative_to(REPO)}: {seconds:.1f} s on the Binder venv")
