"""Nuevo Mundo in the study workbench (``gamecore.experiments.run_study``).

    from gamecore.experiments import run_study
    study = run_study("nuevo-mundo", games=100, seed=1, players=4, bots="greedy",
                      seating="rotate", scenario="golfo")
    study.win_rates_by_seat()        # who wins from which seat
    study.measure("victory_points")  # 1 where the game was won by 20 points, else 0

Set-up options: ``scenario`` ("random", the default: the die picks a built map, fits 2-5
players; or a hand-made one: "teaching", "antillas", "golfo"), ``rounds`` (20; 0 for no
limit) and ``operations`` (30 per turn). The dice and the cards are always the engine's: a
bot at a "table" game would choose the die's face and the card turned over. A game's points
are its card points by category.

The measures (seats numbered from 1, as the table numbers them):

- ``victory_points``, ``victory_categories``, ``victory_survival``, ``victory_rounds``: 1 for
  the way the game was won, 0 for the others (their mean is the share of games won so);
- ``rounds_played``: the rounds played (``rounds`` is the option, the limit);
- ``battles``, ``battle_rounds``: battles fought and criptex rounds played in them;
- ``negotiations``, ``retreats``: retreats asked for, and those that got away;
- ``settlements_lost``: settlements that fell in battle; ``eliminations``: players who left;
- ``first_elimination``: the round of the first elimination (empty if nobody left);
- ``eliminated_<seat>``: the round that seat left in (empty if it stayed to the end);
- ``settlements_<seat>``: the seat's settlements at the end.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from ..experiments.plugin import StudyPlugin, Tally, scoresheet_tally
from ..protocol import Game
from ..words import t
from .game import DEFAULT_OPERATIONS, DEFAULT_ROUNDS, NuevoMundo
from .maps import SCENARIOS

VICTORIES: Final = ("points", "categories", "survival", "rounds")
"""The ways a game of Nuevo Mundo ends, in the order the measures list them."""

MEASURES: Final = (
    *(f"victory_{v}" for v in VICTORIES),
    "rounds_played",
    "battles",
    "battle_rounds",
    "negotiations",
    "retreats",
    "settlements_lost",
    "eliminations",
    "first_elimination",
    "eliminated",
    "settlements",
)
"""The study's measures; the last two have one column per seat (``eliminated_1``, ...)."""


def measure_title(measure: str) -> str:
    """What a measure column means, in words (``"battles"`` or ``"eliminated_2"``)."""
    name = measure
    if name not in MEASURES:
        name = measure.rstrip("0123456789").rstrip("_")
    if name not in MEASURES:
        raise ValueError(
            t("nuevo_mundo_bots.no_measure", measure=measure, measures=", ".join(MEASURES))
        )
    return t(f"nuevo_mundo_bots.measure_{name}")


def _scenario(value: Any) -> str:
    if not isinstance(value, str) or (value != "random" and value not in SCENARIOS):
        raise ValueError(t("nuevo_mundo.bad_scenario", scenario=repr(value)))
    return value


def _rounds(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(t("nuevo_mundo.bad_rounds", rounds=repr(value)))
    return value


def _operations(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(t("nuevo_mundo.bad_operations", operations=repr(value)))
    return value


def game_measures(game: NuevoMundo) -> dict[str, float | int | None]:
    """The measures of one finished (or unfinished) game, read from its events."""
    seats = len(game.players)
    kinds: Counter[str] = Counter()
    left: dict[int, int] = {}
    lost = 0
    round_now = 0
    for event in game.events:
        kind = event[0]
        kinds[kind] += 1
        if kind == "round":
            round_now = int(event[1])
        elif kind == "eliminated":
            left.setdefault(int(event[1]), round_now)
        elif kind == "settlement_lost":
            lost += 1
    outcome = game.outcome  # None while the game goes on: no victory yet
    ending = outcome.ending if outcome is not None else None
    measures: dict[str, float | int | None] = {f"victory_{v}": int(ending == v) for v in VICTORIES}
    measures.update(
        rounds_played=game.round,
        battles=kinds["battle"],
        battle_rounds=kinds["battle_round"],
        negotiations=kinds["negotiate"],
        retreats=kinds["retreat"],
        settlements_lost=lost,
        eliminations=len(left),
        first_elimination=min(left.values()) if left else None,
    )
    for seat in range(seats):
        measures[f"eliminated_{seat + 1}"] = left.get(seat)
        measures[f"settlements_{seat + 1}"] = len(game.settlements(seat))
    return measures


def _tally(game: Game) -> Tally:
    """The winners of the game's outcome (a victory by categories or survival, not the most
    points), card points by category, and the measures."""
    assert isinstance(game, NuevoMundo)
    scored = scoresheet_tally(game)
    return Tally(
        winners=scored.winners,
        totals=scored.totals,
        points=scored.points,
        measures=game_measures(game),
    )


STUDY = StudyPlugin(
    options={
        "scenario": ("random", _scenario),
        "rounds": (DEFAULT_ROUNDS, _rounds),
        "operations": (DEFAULT_OPERATIONS, _operations),
    },
    tally=_tally,
)
"""Nuevo Mundo in ``gamecore.experiments.run_study``: options ``scenario``, ``rounds`` and
``operations``; card points by category; how and when the game ended (see the module)."""

__all__ = ["MEASURES", "STUDY", "VICTORIES", "game_measures", "measure_title"]
