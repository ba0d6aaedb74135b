"""Nuevo Mundo's modules form layers: no module imports, directly or through others, a module
that imports it back, at module level or inside a function (an import moved into a function
to dodge a cycle still counts), and ``TYPE_CHECKING`` imports count too."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import gamecore.nuevo_mundo

PACKAGE = "gamecore.nuevo_mundo"
FOLDER = Path(gamecore.nuevo_mundo.__file__).parent


def _module_names() -> dict[str, Path]:
    return {path.stem: path for path in sorted(FOLDER.glob("*.py"))}


def imports_in(source: str, own: str, modules: set[str]) -> set[str]:
    """The sibling modules a module's ``source`` imports anywhere in its code (every
    ``import`` and ``from ... import`` node of its syntax tree, at any depth)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:  # from .x import y, from . import x
                base = node.module
            elif node.level == 0 and node.module and node.module.startswith(PACKAGE + "."):
                base = node.module[len(PACKAGE) + 1 :]
            elif node.level == 0 and node.module == PACKAGE:
                base = None
            else:
                continue
            if base is None:
                found.update(alias.name for alias in node.names if alias.name in modules)
            else:
                found.add(base.split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    found.add(alias.name[len(PACKAGE) + 1 :].split(".")[0])
    return {m for m in found if m in modules and m != own}


def import_graph() -> dict[str, set[str]]:
    modules = _module_names()
    names = set(modules) - {"__init__"}
    return {
        name: imports_in(path.read_text(encoding="utf-8"), name, names)
        for name, path in modules.items()
    }


def test_the_modules_import_each_other_without_a_cycle() -> None:
    graph = import_graph()
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        raise AssertionError(f"an import cycle: {' -> '.join(error.args[1])}") from None
    assert set(order) == set(graph)


def test_the_reader_finds_imports_inside_functions_and_type_checking_blocks() -> None:
    """The graph sees what a cycle would hide behind: an import in a function body or
    under ``if TYPE_CHECKING``."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from .game import NuevoMundo\n"
        "def f():\n"
        "    from . import maps\n"
        "    import gamecore.nuevo_mundo.data\n"
    )
    found = imports_in(source, "probe", {"game", "maps", "data"})
    assert found == {"game", "maps", "data"}


def test_the_rules_sit_below_the_game() -> None:
    """The checks, the legal moves, the position and the scoring read a position and never
    the game class above them; the board builder reads the maps, never the other way."""
    graph = import_graph()

    def below(name: str) -> set[str]:
        seen, todo = set(), [name]
        while todo:
            for other in graph[todo.pop()]:
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return seen

    for name in ("position", "checks", "moves", "scoring"):
        assert "game" not in below(name), name
    assert "builder" not in below("maps")
    assert {"checks", "moves", "position", "scoring", "builder"} <= graph["game"] | below("game")
