"""The study workbench's speed goals (issue 10), side by side in one run, printed, never asserted.

    python benchmarks/workbench.py              # everything but the million games (minutes)
    python benchmarks/workbench.py --million    # also a million random 4-player games
    python benchmarks/workbench.py --quick      # a smoke run: tiny numbers, rough figures

1. The rules engines against OpenSpiel's C++ chess driven from Python by the same loop
   (``openspiel_side_by_side.py``; OpenSpiel is the optional ``bench`` extra: without it the
   script says so and prints our figures alone).
2. Studies against the number of local workers (joblib), with a check that every worker
   count gives the same table.
3. The Ecosfera planner: solo games per second on one core, and a 1000-game level study
   (200 games at each of the five levels) on every core.
4. With ``--million``: a million random 4-player Nuevos Mundos games, the same call as
   ``python -m gamecore.experiments nuevos-mundos --games 1000000 --players 4 --workers N``.

Sections 2-4 run on the gamecore this process imports: the pure-Python package, or the
compiled build with ``make compiled`` and then ``PYTHONPATH=build/mypyc python
benchmarks/workbench.py`` (the script says which). The published figures are in
docs/performance.md, with the machine they came from.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from machine import machine_lines

from gamecore.ecosfera import LEVELS
from gamecore.ecosfera.study import level_study
from gamecore.experiments import margin_of_error, run_study
from gamecore.experiments.pace import terminal_progress


def engines(seconds: float) -> None:
    """Section 1: openspiel_side_by_side prints its table. It runs in a process of its own,
    without this one's PYTHONPATH: its "pure Python" row must be the pure package even when
    sections 2-4 run the compiled build (it times the compiled build in a child itself)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    script = Path(__file__).with_name("openspiel_side_by_side.py")
    subprocess.run([sys.executable, str(script), "--seconds", str(seconds)], env=env, check=True)


def build_in_use() -> str:
    """Which gamecore this process runs: the pure-Python package, or the compiled build
    (``PYTHONPATH=build/mypyc`` after ``make compiled``)."""
    import gamecore.protocol

    where = gamecore.protocol.__file__ or ""
    return "compiled (mypyc)" if where.endswith((".so", ".pyd")) else "pure Python"


def workers_table(games: int, workers: Sequence[int]) -> list[str]:
    """Section 2: one Nuevos Mundos study (4 random bots) on 1..N processes."""
    lines = []
    first = None
    for n in workers:
        start = time.perf_counter()
        study = run_study("nuevos-mundos", games=games, seed=1, players=4, workers=n)
        took = time.perf_counter() - start
        same = "yes" if first is None or study.rows == first.rows else "NO"
        first = first or study
        lines.append(
            f"  {n} worker(s): {games:,} games in {took:6.1f} s = {games / took:8,.0f} games/s"
            f"   same table: {same}"
        )
    return lines


def planner(games_per_level: int, solo_games: int, workers: int) -> list[str]:
    """Section 3: the planner's pace on one core, then a level study on every core."""
    start = time.perf_counter()
    run_study("ecosfera", games=solo_games, seed=1, bots="planner", level=3)
    one = solo_games / (time.perf_counter() - start)
    start = time.perf_counter()
    level_study(games_per_level, LEVELS, bot="planner", seed=1, workers=workers)
    took = time.perf_counter() - start
    total = games_per_level * len(LEVELS)
    return [
        f"  one core, level 3: {one:6.1f} solo games/s ({solo_games} games)",
        f"  level study, {games_per_level} games x {len(LEVELS)} levels = {total:,} games "
        f"on {workers} workers: {took:6.1f} s ({total / took:5.1f} games/s)",
    ]


def million(games: int, workers: int) -> list[str]:
    """Section 4: the million-game study, as the terminal command runs it."""
    start = time.perf_counter()
    study = run_study(
        "nuevos-mundos",
        games=games,
        seed=1,
        players=4,
        workers=workers,
        progress=terminal_progress(),
    )
    took = time.perf_counter() - start
    rates = ", ".join(f"{r.rate:.2%}" for r in study.win_rates_by_seat())
    margin = margin_of_error(0.25, games)
    return [
        f"  {games:,} games on {workers} workers: {took:,.0f} s = {games / took:,.0f} games/s",
        f"  seat 1 to 4 win rates: {rates} (luck alone: ±{100 * margin:.2f} points)",
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="per engine measurement")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--million", action="store_true", help="also a million games")
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    args = parser.parse_args(argv)
    quick = args.quick
    counts = sorted({1, args.workers})
    print("1. Rules engines, random players, new_game included")
    engines(0.3 if quick else args.seconds)
    print()
    print(f"Sections 2-4 run this process's gamecore: {build_in_use()}")
    print()
    print("2. A Nuevos Mundos study (4 random bots) against the number of local workers")
    print("\n".join(workers_table(200 if quick else 20_000, counts)))
    print()
    print("3. The Ecosfera planner (the level study's bot)")
    print("\n".join(planner(2 if quick else 200, 2 if quick else 40, args.workers)))
    print()
    if args.million or quick:
        print("4. A million random 4-player Nuevos Mundos games" + (" (quick: 2,000)" * quick))
        print("\n".join(million(2_000 if quick else 1_000_000, args.workers)))
        print()
    print("\n".join(machine_lines(f"{args.workers} worker processes where a study uses many.")))


if __name__ == "__main__":
    main()
