"""Layers that are real at import time (issue 19, part 4).

1. No import cycles in ``gamecore`` or ``widgets``: the graph of every module's imports (at
   module level and inside functions, relative imports resolved; an import moved into a
   function to dodge a cycle still counts) has no cycle. Imports under ``if TYPE_CHECKING:``
   are left out: they are never run, so they cannot make a cycle at import time.
2. The layers the class server reuses (every interaction model, scene and words module,
   and the shared drawing and seat modules) import, build a new game's scenes and draw them
   as SVG with ipywidgets, ipycanvas and IPython missing: a fresh Python whose importer
   refuses them proves it. And ``import widgets`` alone imports no widget library.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("gamecore", "widgets", "classroom")
WIDGET_LIBRARIES = ("ipywidgets", "ipycanvas", "IPython")

WIDGET_FREE = {
    "shared": [
        "widgets",
        "widgets.card_face",
        "widgets.icons",
        "widgets.notes",
        "widgets.pad_model",
        "widgets.palette",
        "widgets.pictures",
        "widgets.raster",
        "widgets.scene",
        "widgets.scene_json",
        "widgets.class_client",
        "widgets.seats",
        "widgets.svg",
        "widgets.words",
    ],
    "nuevos-mundos": [
        "widgets.nuevos_mundos.cards",
        "widgets.nuevos_mundos.table_model",
        "widgets.nuevos_mundos.table_scene",
        "widgets.nuevos_mundos.table_words",
        "widgets.nuevos_mundos.pad_model",
        "widgets.nuevos_mundos.pad_scene",
        "widgets.nuevos_mundos.pad_words",
        "widgets.nuevos_mundos.lesson_earth",
    ],
    "ecosfera": [
        "widgets.ecosfera.cards",
        "widgets.ecosfera.symbols",
        "widgets.ecosfera.tiles",
        "widgets.ecosfera.table_model",
        "widgets.ecosfera.table_scene",
        "widgets.ecosfera.table_words",
    ],
    "mondo": [
        "widgets.mondo.tiles",
        "widgets.mondo.table_model",
        "widgets.mondo.table_scene",
        "widgets.mondo.pad_model",
        "widgets.mondo.pad_scene",
    ],
    "nuevo-mundo": [
        "widgets.nuevo_mundo.cards",
        "widgets.nuevo_mundo.map_scene",
        "widgets.nuevo_mundo.table_model",
        "widgets.nuevo_mundo.table_scene",
    ],
}
"""The modules that must import without any widget library, game by game."""

# ---------------------------------------------------------------------------- the import graph


def module_files() -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """The import nodes under ``if TYPE_CHECKING:`` (never run)."""
    skipped: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skipped.update(ast.walk(inner))
    return skipped


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports, anywhere in its code.

    ``from package import thing`` is an import of the module ``package.thing`` when there is
    one, else of the package; a module inside a package is not counted as importing the
    package's ``__init__`` (Python runs it first, but it is not the module's own import).
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skipped = _type_checking_only(tree)
    targets: set[str] = set()
    for node in ast.walk(tree):
        if node in skipped:
            continue
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                inner = f"{source}.{alias.name}"
                targets.add(inner if inner in known else source)
    found = set()
    for target in targets:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    known = set(files)
    return {name: imports_of(name, path, known) for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every cycle of the graph as one loop through its strongly connected component
    (Tarjan's algorithm), e.g. ``["a", "b", "a"]``."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(graph)))
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_loop(graph, component) for component in components]


def _loop(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """A path from the component's first module back to itself inside the component."""
    members, start = set(component), component[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        node = frontier.pop(0)
        for other in sorted(graph[node] & members):
            if other == start:
                return [*paths[node], start]
            if other not in paths:
                paths[other] = [*paths[node], other]
                frontier.append(other)
    return component


def test_the_graph_reads_imports_at_every_depth(tmp_path: Path) -> None:
    known = {"pkg", "pkg.a", "pkg.b", "pkg.sub", "pkg.sub.c", "pkg.sub.d"}
    path = tmp_path / "d.py"
    path.write_text(
        "from typing import TYPE_CHECKING\n"
        "from .. import a\n"
        "from .c import thing\n"
        "if TYPE_CHECKING:\n"
        "    from pkg import b\n"
        "def later():\n"
        "    import pkg.b\n",
        encoding="utf-8",
    )
    assert imports_of("pkg.sub.d", path, known) == {"pkg.a", "pkg.sub.c", "pkg.b"}
    path.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.b\n")
    assert imports_of("pkg.sub.d", path, known) == set()
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


def test_no_module_of_gamecore_or_widgets_is_in_an_import_cycle() -> None:
    found = cycles(import_graph())
    assert not found, "import cycles: " + "; ".join(" -> ".join(loop) for loop in found)


def test_the_layers_point_one_way() -> None:
    """gamecore imports neither widgets nor classroom; widgets never imports classroom (the
    class server sits above them and may use their widget-free layers)."""
    above = {"gamecore": ("widgets", "classroom"), "widgets": ("classroom",)}
    wrong = sorted(
        f"{name} -> {target}"
        for name, targets in import_graph().items()
        for target in targets
        if target.split(".")[0] in above.get(name.split(".")[0], ())
    )
    assert not wrong, f"imports against the layers: {wrong}"


# ---------------------------------------------------------------------------- widget-free layers

BLOCKER = """
import sys

class NoWidgets:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ImportError(f"{{name}} is not installed here")
        return None

sys.meta_path.insert(0, NoWidgets())
"""

DRAW_EVERY_GAME = """
import dataclasses
import json

import gamecore
from widgets import pictures
from widgets.svg import to_svg
from widgets.ecosfera.table_model import TableModel as EcosferaModel
from widgets.mondo.pad_model import MondoPadModel
from widgets.mondo.pad_scene import pad_scene
from widgets.mondo.table_model import MondoTableModel
from widgets.nuevo_mundo.table_model import NuevoMundoModel
from widgets.nuevos_mundos.pad_model import PadModel
from widgets.nuevos_mundos.table_model import TableModel as NuevosMundosModel

drawn = {}
for name in gamecore.GAMES:
    game = gamecore.new_game(name, players=1 if name == "mondo" else 2, seed=7)
    drawn[name] = to_svg(pictures.scene(game))
seats = ("human", "greedy")
nm = NuevosMundosModel(gamecore.new_game("nuevos-mundos", players=2, seed=7), seats)
drawn["nuevos-mundos table"] = to_svg(nm.scene())
drawn["nuevos-mundos click"] = nm.click("hand:0").problem or nm.click("space:1").problem
eco = EcosferaModel(gamecore.new_game("ecosfera", players=2, seed=7), seats)
drawn["ecosfera click"] = eco.click("plantdeck").problem
nmundo = NuevoMundoModel(gamecore.new_game("nuevo-mundo", players=2, seed=7), seats)
drawn["nuevo-mundo choices"] = str(len(nmundo.choices()))
mondo = MondoTableModel(gamecore.new_game("mondo", players=1, seed=7), puzzle=True)
drawn["mondo take"] = mondo.take(0).event
pad = PadModel(["Ana", "Bea"])
pad.enter(0, "2 9 10")
drawn["nuevos-mundos pad"] = to_svg(pad.scene())
drawn["mondo pad"] = to_svg(pad_scene(MondoPadModel(["Ana"])))
print(json.dumps(drawn))
"""


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_every_model_scene_and_words_module_is_in_the_widget_free_list() -> None:
    listed = {name for names in WIDGET_FREE.values() for name in names}
    layers = {
        name
        for name, path in module_files().items()
        if name.startswith("widgets.")
        and any(part in path.stem for part in ("model", "scene", "words"))
    }
    assert layers <= listed, f"not proven widget-free: {sorted(layers - listed)}"


def test_the_layers_import_and_draw_without_any_widget_library() -> None:
    modules = [name for names in WIDGET_FREE.values() for name in names]
    code = (
        BLOCKER.format(blocked=set(WIDGET_LIBRARIES))
        + "import importlib\n"
        + "".join(f"importlib.import_module({name!r})\n" for name in modules)
        + DRAW_EVERY_GAME
        + f"assert not {{m for m in sys.modules if m.split('.')[0] in {set(WIDGET_LIBRARIES)!r}}}\n"
    )
    run = _python(code)
    assert run.returncode == 0, run.stderr[-3000:]
    drawn = json.loads(run.stdout.splitlines()[-1])
    for game in ("nuevos-mundos", "ecosfera", "mondo", "nuevo-mundo"):
        assert drawn[game].startswith("<svg") and drawn[game].count("<") > 50, game
    for picture in ("nuevos-mundos table", "nuevos-mundos pad", "mondo pad"):
        assert drawn[picture].startswith("<svg"), picture
    assert all(drawn.values())


def test_the_blocker_blocks() -> None:
    run = _python(BLOCKER.format(blocked=set(WIDGET_LIBRARIES)) + "import ipywidgets\n")
    assert run.returncode != 0 and "ipywidgets is not installed here" in run.stderr


def test_importing_widgets_imports_no_widget_library() -> None:
    run = _python(
        "import sys, widgets\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {set(WIDGET_LIBRARIES)!r}))\n"
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip() == "[]"


LONGEST_MODULE = 800
"""About the most one module should need (STYLE.md): past it, a module holds more than one
part of the rules or more than one layer, and is split along them."""


def test_no_module_is_longer_than_about_800_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): lines
        for package in ("gamecore", "widgets")
        for path in sorted((ROOT / package).rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_MODULE
    }
    assert not long, f"split these along their parts: {long}"
