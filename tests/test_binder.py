"""Binder: binder/requirements.txt on the Python of binder/runtime.txt.

The environment is built by ``tests/binder_env.py`` as repo2docker would build it. The fast
checks here read the pins; the slow ones check the built environment. The notebooks are not
run here: the real-browser tests start JupyterLab and Voila from this environment
(``tests/browser/conftest.py``), so every lesson runs on Binder's pins in a real browser, and
nbval runs it once more on the developer's environment: two runs of each lesson per
``make test``, not three.
"""

from __future__ import annotations

import ast
import importlib.metadata
import json
import os
import shutil
import sys
import time
from pathlib import Path

import nbformat
import pytest
from binder_env import (
    PIN,
    REPO,
    binder_python,
    pins,
    requirement_lines,
    run,
    runtime_version,
)
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

NOTEBOOKS = REPO / "notebooks"
PROBE = REPO / "tests" / "browser" / "fixtures" / "canvas_probe.ipynb"
PROJECT_PACKAGES = {"gamecore", "widgets"}
NOT_ON_BINDER = {"ortools"}
CELL_TIMEOUT = 120
"""Optional extras Binder does without, on purpose: OR-Tools (the ``solver`` extra) is a 25 MB
wheel with five dependencies of its own, and without it Mondo's solver answers with its
pure-Python search (lesson 3 is written for that: it never needs a proof)."""


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


@pytest.fixture(scope="module")
def binder_venv() -> Path:
    return binder_python()


@pytest.mark.slow
@pytest.mark.exclusive
def test_binder_environment_has_the_pins(binder_venv: Path, tmp_path: Path) -> None:
    run([str(binder_venv), "-m", "pip", "check"], what="pip check in the Binder venv")
    script = (
        "import importlib.metadata as m, json, sys\n"
        "print(json.dumps({'python': '%d.%d' % sys.version_info[:2],"
        " 'dists': {d.metadata['Name']: d.version for d in m.distributions()}}))"
    )
    info = json.loads(run([str(binder_venv), "-c", script], what="listing the venv"))
    assert info["python"] == runtime_version()
    installed = {canonicalize_name(k): v for k, v in info["dists"].items()}
    for name, version in pins().items():
        assert installed.get(name) == version, (
            f"{name}: pinned {version}, got {installed.get(name)}"
        )
    # the project is installed (not picked up from the source tree) with its data files
    where = run(
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


def _lessons() -> list[Path]:
    sys.path.insert(0, str(REPO / "tests" / "browser"))
    try:
        from browser_helpers import lesson_notebooks
    finally:
        sys.path.pop(0)
    return lesson_notebooks()


def not_in_the_lab_pass() -> list[Path]:
    """The notebooks the browser's Lab pass does not open (the play-only apps): run here on
    Binder's environment. The lessons are run there, in a real browser on the same
    environment, so each lesson runs twice per ``make test`` (nbval, the Lab pass)."""
    lessons = set(_lessons())
    return [p for p in notebooks() if p not in lessons]


def test_every_lesson_is_in_the_lab_pass() -> None:
    """Every notebook outside notebooks/apps/ is a start page or a lesson the Lab pass opens."""
    left = [p.relative_to(NOTEBOOKS).as_posix() for p in not_in_the_lab_pass()]
    assert left and all(p.startswith("apps/") for p in left), left


@pytest.mark.slow
@pytest.mark.exclusive
@pytest.mark.parametrize(
    "notebook",
    not_in_the_lab_pass(),
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
        MPLCONFIGDIR=str(REPO / "build" / "binder-mplconfig"),  # font cache kept between runs
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
