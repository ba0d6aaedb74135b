"""What a Mondo rival aims at beyond the rulebook's points: the round's scoring modifier
(advanced and expert levels) and an additional task (expert level). ``rivals.py`` asks.

**Aims.** ``aims_for(view, player)`` turns the round's modifier and the rival's task into an
``Aims``: small changes to the weights of the rival's placement estimate
(``rivals.Position.gain``). At the beginner level there are none, and the estimate is the
beginner's, number for number.

- the modifier: an animal standing in water is worth a little more (the most water
  animals); a lake, water closed and away from the rim, is worth something (the most lakes);
  a lake is worth more as it grows (the largest lake), the bigger the better. The two land
  modifiers (the largest closed landscape, the most closed landscapes) get no aim: the
  rulebook's +2 for a closed landscape already pursues them, and more weight cost points
  (measured: docs/rules/mondo.md, "Rivals, tasks and modifiers");
- the task: no volcano forbids volcanoes; no wrong connection forbids wrong connections (a
  tile that fits nowhere without one goes back); no empty space makes every placement worth
  taking and keeps the rival in until its board is full. The big landscape and the species
  tasks get no aim: the rival takes them only when its board fulfils them already (a
  half-built big landscape taken and pursued failed more often than not).

**Which task.** ``task_to_take`` weighs each task on show that nobody took: the chance
that the rival fulfils it if it takes it now and pursues it (``chance``), from its board, the
tiles so far and the actions it has left; its expected points (value x (2 x chance - 1),
since a failed task costs its value), less what pursuing it costs in other points and the
action that takes it. It takes the best one worth more than nothing. Just before it jumps
out, it takes any task its finished board fulfils (``sure_task``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from . import modules
from .board import Board
from .faces import WATER
from .game import MondoView
from .scoring import Analysis, analyse

BAN: Final = 100.0
"""What a forbidden thing costs in the estimate: more than any placement can gain."""
MODIFIER_WEIGHT: Final = 0.5
"""What the round's modifier adds to the feature it rewards (see ``aims_for``; 1.0 won more
modifier points and lost as many elsewhere)."""
LAKE: Final = 4
"""The largest lake: a lake is worth more up to this many tiles."""
ACTION_COST: Final = 0.75
"""What the action that takes a task costs: half a tile's worth of time (a take and a
place; an expert round ends with empty spaces, so a tile is worth about 1.5 points)."""
PURSUIT_COST: Final = {"no_wrong_connection": 0.28, "no_volcano": 0.18, "no_empty_space": 0.2}
"""What pursuing a task costs in other points, per tile still to place (measured: see
docs/rules/mondo.md, "Rivals, tasks and modifiers"): a tile that would make a wrong
connection, or shows a volcano, stays unplaced or is placed where it is worth less; to fill
the board, tiles go where they fit badly."""
SLACK: Final = 1
"""Actions kept in hand when the rival reckons it can fill its board."""


@dataclass(frozen=True, slots=True)
class Aims:
    """Changes to the rival's estimate: extra worth for features, or things forbidden."""

    wrong: float = 0.0
    """Added to a wrong connection's cost."""
    filled: float = 0.0
    """Added to the worth of a space filled."""
    volcano: float = 0.0
    """Added to a volcano's cost, active or inactive."""
    water_animal: float = 0.0
    """Added for an animal standing in water."""
    lake: float = 0.0
    """Added for a lake (closed, error-free water away from the rim); an open one that could
    still become a lake is worth it times the open share, as a land landscape is."""
    lake_size: int = 0
    """A lake is worth more as it grows to this many tiles (0: no such aim)."""
    lake_weight: float = 0.0
    fill_board: bool = False
    """Stay in until the board is full."""

    def extra(self, terrain: str, share: float, error: bool, size: int, rim: bool) -> float:
        """What a landscape is worth beyond the rulebook's +2, by its terrain, its open
        edges (``share``: the estimate's open share for them, 1 when closed), whether a wrong
        connection spoils it, its size (tiles) and whether it touches the rim: only a lake,
        or water that may still become one, is worth more."""
        if error or rim or terrain != WATER:
            return 0.0
        return self.lake * share + _growth(self.lake_size, self.lake_weight, size)


def _growth(target: int, weight: float, size: int) -> float:
    """A landscape growing towards ``target`` tiles: ``weight`` x (its share of the target)
    squared, so one big landscape is worth more than two halves."""
    if not target:
        return 0.0
    share = min(size, target) / target
    return weight * share * share


def aims_for(view: MondoView, player: int, *, modifier: bool, tasks: bool) -> Aims | None:
    """The rival's aims this round: its task's (if ``tasks``) and the modifier's (if
    ``modifier``); None when there are none (the beginner level, a land modifier and no
    task with an aim): the beginner's estimate."""
    fields: dict[str, float | int | bool] = {}
    if modifier and view.modifier:
        fields.update(_modifier_aims(_modifier(view.modifier)))
    task = _task(view.task_of[player]) if tasks and view.task_of[player] else None
    if task is not None:
        fields.update(_task_aims(task))
    return Aims(**fields) if fields else None  # type: ignore[arg-type]


def _modifier_aims(m: modules.Modifier) -> dict[str, float | int | bool]:
    if m.terrain != WATER:
        return {}  # land: the rulebook's +2 pursues it already
    if m.kind == "most_animals_in":
        return {"water_animal": MODIFIER_WEIGHT}
    if m.kind == "most_closed":
        return {"lake": MODIFIER_WEIGHT}
    return {"lake_size": LAKE, "lake_weight": MODIFIER_WEIGHT}  # largest


def _task_aims(task: modules.Task) -> dict[str, float | int | bool]:
    if task.kind == "no_volcano":
        return {"volcano": BAN}
    if task.kind == "no_wrong_connection":
        return {"wrong": BAN}
    if task.kind == "no_empty_space":
        return {"filled": BAN, "fill_board": True}
    return {}  # a big landscape and the species tasks: taken only when fulfilled


def _modifier(ident: str) -> modules.Modifier:
    return next(m for m in modules.modifiers() if m.id == ident)


def _task(ident: str) -> modules.Task:
    return next(x for x in modules.tasks() if x.id == ident)


# ---------------------------------------------------------------------------- taking one


def analysis(view: MondoView, player: int) -> Analysis:
    """The player's board analysed as the scoring does (about 0.5 ms)."""
    return analyse(Board.from_cells(view.boards[player], view.cols), view.rim)


def free_tasks(view: MondoView) -> list[tuple[int, modules.Task]]:
    """The tasks on show that nobody took, with their slots."""
    return [(slot, _task(x)) for slot, x in enumerate(view.tasks) if x not in view.task_of]


def chance(task: modules.Task, a: Analysis, left: int) -> float:
    """The chance that the board fulfils ``task`` at the round's end if the rival takes it
    now (an action) and pursues it, with ``left`` actions in the round, this one included."""
    if modules.fulfilled(task, a):
        return 1.0
    tiles = (left - 1) // 2  # a take and a place each
    if task.kind == "no_volcano":
        volcanoes = a.active_volcanoes or a.inactive_volcanoes
        return 1.0 if not volcanoes and tiles >= 1 else 0.0
    if task.kind == "no_wrong_connection":
        return 1.0 if not a.wrong_connections and tiles >= 1 else 0.0
    if task.kind == "no_empty_space":
        return 1.0 if tiles >= len(a.empty_spaces) + SLACK else 0.0
    return 0.0  # a big landscape or the species: only once fulfilled (see the notes)


def worth(task: modules.Task, a: Analysis, left: int) -> float:
    """What taking ``task`` now is expected to add: its value if fulfilled, minus it if not,
    weighed by the chance; less the pursuit's cost for the tiles still to come and the
    action's."""
    p = chance(task, a, left)
    tiles = min(len(a.empty_spaces), (left - 1) // 2)
    pursuit = PURSUIT_COST.get(task.kind, 0.0) * tiles
    return task.value * (2 * p - 1) - pursuit - ACTION_COST


def task_to_take(view: MondoView, player: int, left: int) -> int | None:
    """The slot of the task worth taking now (the best expected points, more than nothing),
    or None."""
    if view.task_of[player] or left <= 2:
        return None
    shown = free_tasks(view)
    if not shown:
        return None
    a = analysis(view, player)
    best, best_slot = 0.0, None
    for slot, task in shown:
        value = worth(task, a, left)
        if value > best:
            best, best_slot = value, slot
    return best_slot


def sure_task(view: MondoView, player: int) -> int | None:
    """The slot of the most valuable free task that the board, about to be left as it is,
    fulfils already (worth more than the action that takes it), or None."""
    if view.task_of[player]:
        return None
    shown = free_tasks(view)
    if not shown:
        return None
    a = analysis(view, player)
    done = [(task.value, -slot) for slot, task in shown if modules.fulfilled(task, a)]
    if not done or max(done)[0] <= ACTION_COST:
        return None
    return -max(done)[1]
