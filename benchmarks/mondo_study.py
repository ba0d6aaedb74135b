"""Mondo rivals: the levels against each other, against random bots, what jumping out early
pays, and what taking tasks and favouring the modifier pay at the higher levels.

    python benchmarks/mondo_study.py                # 60 games per table
    python benchmarks/mondo_study.py --games 200    # narrower intervals
    python benchmarks/mondo_study.py --quick        # a smoke run (a few short games)
    python benchmarks/mondo_study.py --tables 4,5 --games 200   # the higher levels only

Five tables, each played by the study workbench (``gamecore.experiments.run_study`` with
Mondo's plug-in, over ``--workers`` processes; the same seed gives the same games on any
number of them):

1. **Levels**: a fast, a steady and a slow rival (``gamecore.mondo.rivals``), seated fastest
   first, three 7-minute rounds on side A.
2. **Against chance**: a steady rival and two random bots.
3. **Jumping out**: seat 1 is a steady rival that jumps out once it has filled ``jump_at``
   spaces (or fills its board: "full"), seats 2 and 3 steady rivals that fill their boards.
   Every variant plays the same deals (game ``i`` gets the same seed), so the differences
   come from the jumping alone.
4. **Tasks** (expert level, its own 5-minute timer): seat 1 is a steady rival that takes
   and pursues additional tasks, or one that never takes them (``tasks=False``), against two
   steady rivals that do; the same deals, so the score difference is paired game by game.
   The tasks each seat took and fulfilled are the study's ``tasks_taken`` and ``tasks_done``.
5. **Modifier** (advanced level, its own 6-minute timer): seat 1 favours the round's scoring
   modifier, or ignores it (``modifier=False``), against two steady rivals that favour it.

Figures are measured and printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Sequence

from machine import machine_lines

from gamecore.experiments import bot, run_study
from gamecore.experiments.pace import terminal_progress
from gamecore.experiments.stats import mean_difference
from gamecore.experiments.study import StudyResult
from gamecore.mondo.kit import round_seconds
from gamecore.mondo.rivals import LEVELS, PACE_MS
from gamecore.mondo.scoring import CATEGORIES

SEED = 2026
JUMPS: tuple[int | None, ...] = (12, 16, 20, 22, None)
"""The ``jump_at`` variants of table 3 (None: it fills its board, then jumps)."""
SHORT = {"bonus": "chip", "empty_spaces": "empty", "wrong_connections": "wrong"}


def study(
    args: argparse.Namespace, bots: list, seconds: int | None, level: str = "beginner"
) -> tuple[StudyResult, float]:
    """``seconds`` None: the level's own timer."""
    start = time.perf_counter()
    result = run_study(
        "mondo",
        games=args.games,
        seed=args.seed,
        players=len(bots),
        bots=bots,
        workers=args.workers,
        round_seconds=seconds,
        level=level,
        progress=terminal_progress(),
    )
    return result, time.perf_counter() - start


def margin(values: Sequence[float]) -> float:
    """Half the width of the 95% interval of the mean (normal approximation)."""
    return 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def paired(a: Sequence[float], b: Sequence[float]) -> str:
    """The mean of ``a - b`` game by game (the same deals) with its 95% interval."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(diffs)
    return f"{mean:+5.2f} ± {margin(diffs):4.2f}"


def seat_mean(result: StudyResult, name: str, seat: int) -> float:
    """The mean of a measure column over the games where it has a value."""
    values = [v for v in result.measure(f"{name}_{seat + 1}") if v is not None]
    return statistics.fmean(values) if values else float("nan")


def per_seat_points(result: StudyResult, seat: int) -> dict[str, float]:
    return {c: statistics.fmean(dict(r.points)[c][seat] for r in result.rows) for c in CATEGORIES}


def placed(result: StudyResult, seat: int) -> float:
    """Tiles placed per game (three rounds)."""
    return result.turns_by_seat(["place"])[seat]


# ---------------------------------------------------------------------------- the tables

HEADER = (
    "  {who:<14} win rate (95%)        mean score ± 95%   "
    + " ".join(f"{SHORT.get(c, c)[:9]:>9}" for c in CATEGORIES)
    + "   tiles  out at (s)"
)


def seat_row(result: StudyResult, seat: int, who: str) -> str:
    rate = result.win_rates_by_seat()[seat]
    scores = [float(s) for s in result.scores(seat)]
    points = per_seat_points(result, seat)
    cells = " ".join(f"{points[c]:9.1f}" for c in CATEGORIES)
    return (
        f"  {who:<14} {100 * rate.rate:5.1f}% ({100 * rate.low:4.1f}-{100 * rate.high:5.1f}%)  "
        f"{statistics.fmean(scores):7.1f} ± {margin(scores):4.1f}     {cells}   "
        f"{placed(result, seat):5.1f}  {seat_mean(result, 'jump_time', seat):7.0f}"
    )


def levels_table(args: argparse.Namespace) -> float:
    order = list(reversed(LEVELS))  # fastest first
    bots = [bot("rival", label=level, level=level) for level in order]
    result, seconds = study(args, bots, args.seconds)
    print(f"1. Levels: {args.games} games, three {args.seconds}-second rounds, side A")
    print("   (points per game: three rounds; tiles placed per game; mean time of jumping out)")
    print(HEADER.format(who="rival"))
    for seat, level in enumerate(order):
        print(seat_row(result, seat, f"{level} ({PACE_MS[level] / 1000:g} s)"))
    print()
    return seconds


def chance_table(args: argparse.Namespace) -> float:
    bots = [bot("rival", label="steady"), "random", "random"]
    result, seconds = study(args, bots, args.seconds)
    print(f"2. Against chance: a steady rival and two random bots, {args.games} games")
    print(HEADER.format(who="seat"))
    for seat, who in enumerate(("steady rival", "random", "random")):
        print(seat_row(result, seat, who))
    print()
    return seconds


def jumping_table(args: argparse.Namespace) -> float:
    print(
        f"3. Jumping out: seat 1 a steady rival that jumps out after jump_at filled spaces, "
        f"against two steady rivals that fill their boards; {args.games} games per variant, "
        "the same deals"
    )
    print(HEADER.format(who="jump_at") + "  empty at jump   score vs full (95%)")
    results: dict[int | None, StudyResult] = {}
    total = 0.0
    for jump in JUMPS:
        bots = [bot("rival", label="seat 1", jump_at=jump), "rival", "rival"]
        results[jump], seconds = study(args, bots, args.seconds)
        total += seconds
    full = results[None]
    for jump, result in results.items():
        diff = mean_difference(
            [float(s) for s in full.scores(0)], [float(s) for s in result.scores(0)]
        )
        vs = (
            "(reference)"
            if jump is None
            else f"{diff.difference:+5.1f} ({diff.low:+5.1f} to {diff.high:+5.1f})"
        )
        print(
            seat_row(result, 0, "full" if jump is None else str(jump))
            + f"  {seat_mean(result, 'empty_at_jump', 0):13.1f}   {vs}"
        )
    print()
    return total


def rate_and_score(result: StudyResult) -> str:
    """Seat 1's win rate (95%) and mean score ± 95%."""
    rate = result.win_rates_by_seat()[0]
    scores = [float(s) for s in result.scores(0)]
    return (
        f"{100 * rate.rate:5.1f}% ({100 * rate.low:4.1f}-{100 * rate.high:5.1f}%)  "
        f"{statistics.fmean(scores):7.1f} ± {margin(scores):4.1f}"
    )


def level_seconds(args: argparse.Namespace) -> int | None:
    """Tables 4 and 5 use their level's own timer (None), except in a smoke run."""
    return args.seconds if args.quick else None


def level_words(args: argparse.Namespace, level: str) -> str:
    seconds = level_seconds(args)
    return f"{seconds}-second rounds" if seconds else f"{round_seconds(level) // 60}-minute rounds"


def tasks_table(args: argparse.Namespace) -> float:
    print(
        f"4. Tasks (expert level, {level_words(args, 'expert')}): seat 1 a steady rival that "
        f"takes tasks or never does, against two steady rivals that take them; {args.games} "
        "games per variant, the same deals"
    )
    print(
        "  seat 1           win rate (95%)        mean score ± 95%   tasks pts  modifier  "
        "taken  done   score vs never (paired, 95%)"
    )
    results: dict[str, StudyResult] = {}
    total = 0.0
    for label, takes in (("never", False), ("takes tasks", True)):
        bots = [bot("rival", label="seat 1", tasks=takes), "rival", "rival"]
        results[label], seconds = study(args, bots, level_seconds(args), level="expert")
        total += seconds
    never = [float(s) for s in results["never"].scores(0)]
    for label, result in results.items():
        scores = [float(s) for s in result.scores(0)]
        tasks = statistics.fmean(dict(r.points)["tasks"][0] for r in result.rows)
        modifier = statistics.fmean(dict(r.points)["modifier"][0] for r in result.rows)
        taken = sum(v or 0 for v in result.measure("tasks_taken_1"))
        done = sum(v or 0 for v in result.measure("tasks_done_1"))
        vs = "(reference)" if label == "never" else paired(scores, never)
        print(
            f"  {label:<14} {rate_and_score(result)}     {tasks:7.2f}  "
            f"{modifier:8.2f}  {taken:5d}  {done:4d}   {vs}"
        )
    others = results["takes tasks"]
    taken = sum(v or 0 for s in (2, 3) for v in others.measure(f"tasks_taken_{s}"))
    done = sum(v or 0 for s in (2, 3) for v in others.measure(f"tasks_done_{s}"))
    print(f"  seats 2 and 3 (take tasks): {taken} tasks taken, {done} fulfilled")
    print()
    return total


def modifier_table(args: argparse.Namespace) -> float:
    print(
        f"5. Modifier (advanced level, {level_words(args, 'advanced')}): seat 1 a steady rival "
        f"that favours the round's modifier or ignores it, against two that favour it; "
        f"{args.games} games per variant, the same deals"
    )
    print(
        "  seat 1           win rate (95%)        mean score ± 95%   modifier pts  "
        "score vs ignoring (paired, 95%)"
    )
    results: dict[str, StudyResult] = {}
    total = 0.0
    for label, favours in (("ignores", False), ("favours", True)):
        bots = [bot("rival", label="seat 1", modifier=favours), "rival", "rival"]
        results[label], seconds = study(args, bots, level_seconds(args), level="advanced")
        total += seconds
    ignores = [float(s) for s in results["ignores"].scores(0)]
    for label, result in results.items():
        scores = [float(s) for s in result.scores(0)]
        modifier = statistics.fmean(dict(r.points)["modifier"][0] for r in result.rows)
        vs = "(reference)" if label == "ignores" else paired(scores, ignores)
        print(f"  {label:<14} {rate_and_score(result)}     {modifier:10.2f}  {vs}")
    print()
    return total


TABLES = {1: levels_table, 2: chance_table, 3: jumping_table, 4: tasks_table, 5: modifier_table}
GAMES_PER_TABLE = {1: 1, 2: 1, 3: len(JUMPS), 4: 2, 5: 2}
"""How many studies of ``--games`` games each table plays."""


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=60, help="games per table and variant")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--seconds", type=int, default=420, help="seconds per round")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 games of 90 s")
    parser.add_argument("--tables", default="1,2,3,4,5", help="which tables, e.g. 4,5")
    args = parser.parse_args(argv)
    try:
        args.tables = sorted({int(x) for x in args.tables.split(",")})
    except ValueError:
        parser.error("--tables takes table numbers separated by commas, e.g. 4,5")
    if not set(args.tables) <= set(TABLES):
        parser.error(f"--tables: the tables are {', '.join(map(str, TABLES))}")
    if args.quick:
        args.games, args.seconds = 3, 90
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse(argv)
    print("Mondo rivals study (gamecore.mondo.rivals through gamecore.experiments)")
    print(f"seed {args.seed}; {args.workers} worker processes")
    print()
    seconds = sum(TABLES[k](args) for k in args.tables)
    games = args.games * sum(GAMES_PER_TABLE[k] for k in args.tables)
    print(
        f"Speed: {games} three-player games in {seconds:.0f} s of wall-clock time "
        f"({games / seconds:.2f} games/s on {args.workers} worker processes)"
    )
    print()
    print("\n".join(machine_lines(f"Games ran in {args.workers} worker processes.")))


if __name__ == "__main__":
    main()
