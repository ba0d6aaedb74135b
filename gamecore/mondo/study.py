"""Mondo in the study workbench (``gamecore.experiments.run_study``).

    from gamecore.experiments import bot, run_study
    early = run_study("mondo", games=100, seed=1, players=3,
                      bots=[bot("rival", level="steady", jump_at=16), "rival", "rival"])
    early.mean_points("rival")       # points per category, summed over the three rounds
    early.measure("jump_time_1")     # when seat 1 jumped out, game by game

Three set-up options: ``side`` ("A", water all round, or "B"), ``level`` ("beginner",
"advanced" or "expert") and ``round_seconds`` (default: the level's timer, 7 minutes for a
beginner). A game's points are the round sheet's categories (animals, landscapes, bonus,
volcanoes, empty spaces, wrong connections, and the modifier and tasks at the higher
levels) summed over its three rounds, so a study shows where points come from. The
measures answer "how much does jumping out early pay?", seat by seat (numbered from 1, as
the table numbers them):

- ``jump_time_<seat>``: when the seat jumped out, in seconds into the round (the mean over
  the rounds it jumped out; empty if the timer always stopped it);
- ``empty_at_jump_<seat>``: the empty spaces its board had when it jumped out (the mean);
- ``jumps_<seat>``: in how many of the three rounds it jumped out rather than being stopped;
- ``first_out_<seat>``: in how many rounds it was the first to jump out.

At the expert level two more measures count the additional tasks (0 at the other levels):

- ``tasks_taken_<seat>``: in how many of the three rounds the seat took a task;
- ``tasks_done_<seat>``: how many of those tasks its board fulfilled.

The bonus chips it won and the empty spaces and wrong connections it was left with are the
``bonus``, ``empty_spaces`` and ``wrong_connections`` points; the tiles it placed are the
table's ``n_place`` counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..experiments.plugin import StudyPlugin, Tally, winners_of
from ..protocol import Game
from ..words import t
from . import kit
from .actions import JumpOut
from .game import EMPTY, JUMPED, PLAYABLE_LEVELS, ROUNDS, SIDE_NAMES, Mondo

MEASURES: Final = ("jump_time", "empty_at_jump", "jumps", "first_out", "tasks_taken", "tasks_done")
"""The study's own measures, each with one column per seat (``jump_time_1``, ...)."""


def measure_title(measure: str) -> str:
    """What a measure column means, in words (``"jump_time"`` or ``"jump_time_2"``)."""
    name = measure.rstrip("0123456789").rstrip("_")
    if name not in MEASURES:
        raise ValueError(t("mondo_bots.no_measure", measure=measure, measures=", ".join(MEASURES)))
    return t(f"mondo_bots.measure_{name}")


def _side(value: Any) -> str:
    if not isinstance(value, str) or value.strip().upper() not in SIDE_NAMES:
        raise ValueError(t("mondo_bots.bad_side", side=repr(value)))
    return value.strip().upper()


def _level(value: Any) -> str:
    if value not in PLAYABLE_LEVELS:
        raise ValueError(
            t("mondo_bots.bad_level_option", level=repr(value), levels=", ".join(PLAYABLE_LEVELS))
        )
    return str(value)


def _seconds(value: Any) -> int | None:
    """A round's seconds, or None for the level's own timer."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 10 <= value <= 3600:
        raise ValueError(t("mondo_bots.bad_seconds", seconds=repr(value)))
    return value


def _game_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """``new_game``'s options: the level's own timer unless the study sets one."""
    return {k: v for k, v in options.items() if v is not None}


def _watch(game: Game, action: Any, measures: dict[str, float | int | None]) -> None:
    """Note when each seat jumps out, how empty its board was then, and who jumped first."""
    assert isinstance(game, Mondo)
    if "jumps_1" not in measures:
        for seat in range(1, len(game.players) + 1):
            measures[f"jumps_{seat}"] = 0
            measures[f"first_out_{seat}"] = 0
    if not isinstance(action, JumpOut):
        return
    seat = action.seat + 1
    name = game.players[action.seat]
    if game.round >= ROUNDS or game.status[action.seat] != JUMPED:
        # the jump ended the round: the boards are cleared for the next one, the sheet kept
        empty = -game.rounds[-1].points(name, "empty_spaces")
        chip = game.rounds[-1].points(name, "bonus")
    else:
        empty = sum(1 for code in game.boards[action.seat] if code == EMPTY)
        chip = game.chips[action.seat]
    chips = kit.bonus_chips(len(game.players))
    first = not chips or chip == chips[-1]  # the first out takes the top chip (solo: none)
    jumps = int(measures[f"jumps_{seat}"] or 0) + 1
    measures[f"jumps_{seat}"] = jumps
    if first:
        measures[f"first_out_{seat}"] = int(measures[f"first_out_{seat}"] or 0) + 1
    for name, value in (("jump_time", action.time / 1000), ("empty_at_jump", empty)):
        key = f"{name}_{seat}"
        mean = measures.get(key)
        measures[key] = value if mean is None else mean + (value - mean) / jumps


def _tally(game: Game) -> Tally:
    """The winners of the game's outcome (by its total); points per rulebook category over
    the three rounds; every seat's times present (None: it never jumped out); the tasks
    each seat took and fulfilled (a task row scores its value or minus it, never 0)."""
    assert isinstance(game, Mondo)
    sheet = game.score()
    categories = dict.fromkeys(c for r in game.rounds for c in r.categories)
    points = {
        c: tuple(
            sum(r.points(p, c) for r in game.rounds if c in r.categories) for p in game.players
        )
        for c in categories
    }
    measures: dict[str, float | int | None] = {}
    for seat, name in enumerate(game.players, start=1):
        measures[f"jump_time_{seat}"] = None
        measures[f"empty_at_jump_{seat}"] = None
        tasks = [r.points(name, "tasks") for r in game.rounds if "tasks" in r.categories]
        measures[f"tasks_taken_{seat}"] = sum(1 for p in tasks if p)
        measures[f"tasks_done_{seat}"] = sum(1 for p in tasks if p > 0)
    return Tally(
        winners=winners_of(game),
        totals=tuple(sheet.total(p) for p in game.players),
        points=points,
        measures=measures,
    )


STUDY = StudyPlugin(
    options={
        "side": ("A", _side),
        "level": ("beginner", _level),
        "round_seconds": (None, _seconds),
    },
    tally=_tally,
    watch=_watch,
    game_options=_game_options,
)
"""Mondo in ``gamecore.experiments.run_study``: options ``side``, ``level`` and
``round_seconds``; points per category of the round sheets over the game; the jumping-out
measures (see the module)."""

__all__ = ["MEASURES", "STUDY", "measure_title"]
