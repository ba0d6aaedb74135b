"""Mondo's advanced and expert levels: scoring modifiers and additional tasks (reconstructed).

Our rulebook text names 5 scoring modifiers (advanced level) and 12 additional tasks
(expert level) but prints neither, so their contents in ``modules.json`` are our own, built
from public descriptions of the game, and marked reconstructed there (docs/rules/mondo.md,
"The advanced and expert levels"). Each entry has a *kind* this module knows how to check;
a teacher with the real tiles can retype them in ``modules.json`` with these kinds.

- A **modifier** applies to everyone in one round: the player(s) with the most of something
  (``largest``: tiles in one landscape; ``most_closed``: closed landscapes;
  ``most_animals_in``: animals standing in a landscape) score ``modifier_points``, every
  tied player included; when nobody has any, nobody scores.
- A **task** is taken by one player during a round: at the round's end it scores its value
  if the board fulfils it, and costs its value if not.

"Closed" here means what the landscapes' +2 needs: no edge towards an empty space and no
wrong connection. A *lake* is such a water landscape that touches no edge of the rim (water
that reaches the rim is the sea).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Final

from ..scoresheet import ScoreRow, ScoreSheet
from ..words import t
from .data import species_of
from .faces import WATER

if TYPE_CHECKING:  # annotations only: scoring.py scores a level's round through this module
    from .scoring import Analysis, Landscape

LAND: Final = "land"
"""A modifier's terrain meaning any of forest, desert and plains."""


@dataclass(frozen=True)
class Modifier:
    id: str
    kind: str
    terrain: str

    def name(self) -> str:
        return t(f"mondo_modules.modifier_{self.id}")


@dataclass(frozen=True)
class Task:
    id: str
    kind: str
    value: int
    terrain: str = ""
    size: int = 0

    def name(self) -> str:
        return t(f"mondo_modules.task_{self.id}", value=self.value, size=self.size)


@cache
def _data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("modules.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


MODIFIER_KINDS: Final = ("largest", "most_closed", "most_animals_in")
TASK_KINDS: Final = (
    "three_of_a_species",
    "all_four_species",
    "no_wrong_connection",
    "no_empty_space",
    "no_volcano",
    "big_landscape",
)


@cache
def modifiers() -> tuple[Modifier, ...]:
    """The scoring modifiers of the advanced level (checked: known kinds)."""
    found = tuple(Modifier(m["id"], m["kind"], m["terrain"]) for m in _data()["modifiers"])
    for m in found:
        if m.kind not in MODIFIER_KINDS:
            raise ValueError(t("mondo_modules.bad_modifier_kind", id=m.id, kind=repr(m.kind)))
    return found


@cache
def tasks() -> tuple[Task, ...]:
    """The additional tasks of the expert level (checked: known kinds)."""
    found = tuple(
        Task(x["id"], x["kind"], int(x["value"]), x.get("terrain", ""), int(x.get("size", 0)))
        for x in _data()["tasks"]
    )
    for task in found:
        if task.kind not in TASK_KINDS:
            raise ValueError(t("mondo_modules.bad_task_kind", id=task.id, kind=repr(task.kind)))
    return found


def modifier_points() -> int:
    points: int = _data()["modifier_points"]
    return points


def tasks_shown() -> int:
    """How many tasks lie face up at the start of an expert round."""
    shown: int = _data()["tasks_shown"]
    return shown


# ---------------------------------------------------------------------------- measures


def _closed(x: Landscape) -> bool:
    return x.closed and not x.wrong_connections


def _of(terrain: str, x: Landscape) -> bool:
    return _matches(terrain, x.terrain)


def _matches(wanted: str, terrain: str) -> bool:
    """Whether ``terrain`` is what a modifier asks for (a terrain, or any land)."""
    return terrain != WATER if wanted == LAND else terrain == wanted


def _counted(x: Landscape, terrain: str, a: Analysis) -> bool:
    """A closed landscape of ``terrain``; a water one must be a lake (away from the rim)."""
    if not (_of(terrain, x) and _closed(x)):
        return False
    if x.terrain == WATER:
        return not _touches_rim(x, a)
    return True


def _touches_rim(x: Landscape, a: Analysis) -> bool:
    rows, cols = a.board.rows, a.board.cols
    for r, c, region in x.nodes:
        face = a.board.at((r, c))
        assert face is not None
        for edge in face.regions[region]:
            dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[edge]
            if not (0 <= r + dr < rows and 0 <= c + dc < cols):
                return True
    return False


def counted(modifier: Modifier, a: Analysis) -> tuple[int, ...]:
    """What ``modifier`` counts on one board: for ``most_animals_in`` the animals (indices
    into ``a.animals``), else the landscapes (indices into ``a.landscapes``): every one it
    counts for ``most_closed``, the largest (all of that size) for ``largest``."""
    if modifier.kind == "most_animals_in":
        return tuple(
            i for i, animal in enumerate(a.animals) if _matches(modifier.terrain, animal.terrain)
        )
    found = [i for i, x in enumerate(a.landscapes) if _counted(x, modifier.terrain, a)]
    if modifier.kind == "largest":
        size = max((len(a.landscapes[i].cells) for i in found), default=0)
        return tuple(i for i in found if len(a.landscapes[i].cells) == size)
    return tuple(found)


def measure(modifier: Modifier, a: Analysis) -> int:
    """What ``modifier`` compares between the players, on one board: the size of the largest
    landscape it counts (``largest``), or how many it counts."""
    found = counted(modifier, a)
    if modifier.kind == "largest":
        return len(a.landscapes[found[0]].cells) if found else 0
    return len(found)


def modifier_rows(modifier: Modifier, analyses: Mapping[str, Analysis]) -> list[ScoreRow]:
    """The modifier's row for every player: its points to the player(s) with the most."""
    counts = {player: measure(modifier, a) for player, a in analyses.items()}
    best = max(counts.values(), default=0)
    rows = []
    for player, n in counts.items():
        wins = best > 0 and n == best
        points = modifier_points() if wins else 0
        key = "mondo_modules.row_modifier_best" if wins else "mondo_modules.row_modifier"
        rows.append(
            ScoreRow(
                player, "modifier", points, t(key, modifier=modifier.name(), n=n, best=best,
                                               points=points)
            )
        )  # fmt: skip
    return rows


def fulfilled(task: Task, a: Analysis) -> bool:
    """Whether a board fulfils ``task``."""
    placed = len(a.empty_spaces) < a.board.rows * a.board.cols
    if task.kind == "no_wrong_connection":
        return placed and not a.wrong_connections
    if task.kind == "no_empty_space":
        return not a.empty_spaces
    if task.kind == "no_volcano":
        return placed and not a.active_volcanoes and not a.inactive_volcanoes
    if task.kind == "big_landscape":
        return any(x.land and _closed(x) and len(x.cells) >= task.size for x in a.landscapes)
    by_landscape: dict[int, Counter[str]] = {}
    for animal in a.animals:
        by_landscape.setdefault(animal.landscape, Counter())[animal.species] += 1
    if task.kind == "three_of_a_species":
        for index, species in by_landscape.items():
            x = a.landscapes[index]
            if x.terrain == task.terrain and _closed(x) and max(species.values()) >= 3:
                return True
        return False
    # all_four_species: every species of the terrain in one landscape
    wanted = {s.id for s in species_of(task.terrain)}
    return any(wanted <= set(species) for species in by_landscape.values())


def task_rows(taken: Mapping[str, Task | None], analyses: Mapping[str, Analysis]) -> list[ScoreRow]:
    """Each player's task row: its value if fulfilled, minus its value if not, 0 without one."""
    rows = []
    for player, a in analyses.items():
        task = taken.get(player)
        if task is None:
            rows.append(ScoreRow(player, "tasks", 0, t("mondo_modules.row_no_task")))
        elif fulfilled(task, a):
            rows.append(
                ScoreRow(player, "tasks", task.value,
                         t("mondo_modules.row_task_done", task=task.name(), value=task.value))
            )  # fmt: skip
        else:
            rows.append(
                ScoreRow(player, "tasks", -task.value,
                         t("mondo_modules.row_task_failed", task=task.name(), value=task.value))
            )  # fmt: skip
    return rows


def with_rows(sheet: ScoreSheet, categories: tuple[str, ...], rows: list[ScoreRow]) -> ScoreSheet:
    """``sheet`` with more categories and their rows (titles from the catalog)."""
    titles = dict(sheet.titles)
    for category in categories:
        titles[category] = t(f"mondo_modules.category_{category}")
    return ScoreSheet(
        sheet.players,
        sheet.categories + categories,
        sheet.rows + tuple(rows),
        titles=titles,
        tie_break=sheet.tie_break,
        tie_break_rule=sheet.tie_break_rule,
    )
