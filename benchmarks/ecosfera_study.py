"""Ecosfera solo study: win rate and mean score per level, and solo games per second, per bot.

    python benchmarks/ecosfera_study.py                 # 2000 planner games per level (published)
    python benchmarks/ecosfera_study.py --games 200     # fewer games, wider intervals
    python benchmarks/ecosfera_study.py --quick         # a smoke run (a few games)
    python benchmarks/ecosfera_study.py --save gamecore/ecosfera/balance_study.json

The planner (``gamecore.make_bot("planner")``) is the balance reference: a good player. The
greedy and random bots play fewer games, for comparison. The games are played by the study
workbench (``gamecore.ecosfera.study.level_study``, which calls
``gamecore.experiments.run_study`` level by level, over ``--workers`` processes): game ``i``
of a level always gets the same deal and bot seed, however many processes play it. Figures
are measured, printed, never asserted; the published table is in
``docs/ecosfera-balance.md`` and, with ``--save``, in a JSON file that lesson 3 reads.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Sequence
from pathlib import Path

from machine import machine_lines

from gamecore.ecosfera import ELEMENTS, LEVELS
from gamecore.ecosfera.study import LevelSummary, level_study, steps
from gamecore.experiments.pace import terminal_progress

SEED = 2024


def run_bot(
    name: str, games: int, workers: int, seed: int
) -> tuple[dict[int, LevelSummary], float]:
    """``games`` solo games of one bot at every level, and the wall-clock seconds they took."""
    start = time.perf_counter()
    study = level_study(
        games, LEVELS, bot=name, seed=seed, workers=workers, progress=terminal_progress()
    )
    return study, time.perf_counter() - start


# ---------------------------------------------------------------------------- the table

HEADER = (
    "  level   games   wins  win rate  95% interval   mean score ± 95%   tiles  extinct"
    "  taken  water ran out (turn)"
)


def level_row(s: LevelSummary) -> str:
    low, high = s.interval
    return (
        f"  {s.level:>5}  {s.games:>6}  {s.wins:>5}  {100 * s.win_rate:6.1f}%  "
        f"{100 * low:5.1f}-{100 * high:5.1f}%  {s.mean_score:7.1f} ± {s.score_margin:5.1f}  "
        f"{s.mean_biome_tiles:5.2f}  {s.mean_extinction_tiles:5.2f}  {s.mean_taken:5.1f}  "
        f"{100 * s.ran_out['water']:4.0f}% ({s.ran_out_turn['water'] or 0:4.1f})"
    )


def speed_row(name: str, games: int, seconds: float, workers: int) -> str:
    return (
        f"  {name:<8} {games / seconds:8.1f} games/s on {workers} worker processes "
        f"({games / seconds / workers:6.1f} per worker), {games} games in {seconds:6.1f} s"
    )


def steps_note(study: dict[int, LevelSummary]) -> str:
    """Whether the win rate falls from each level to the next by more than the noise."""
    parts = [f"{a}->{b}: {100 * drop:+.1f} pts (z = {z:.1f})" for a, b, drop, z in steps(study)]
    return "  drop per step (z > 1.96: outside the noise): " + "; ".join(parts)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000, help="planner games per level")
    parser.add_argument(
        "--compare",
        type=int,
        default=None,
        help="greedy and random games per level (default: a fifth of --games, at least 20)",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 4 games per level")
    parser.add_argument("--save", type=Path, help="also write the summaries to this JSON file")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.compare = 4, 4
    if args.compare is None:
        args.compare = max(20, args.games // 5)
    if args.games < 1 or args.compare < 1 or args.workers < 1:
        parser.error("--games, --compare and --workers must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse(argv)
    plan = [("planner", args.games), ("greedy", args.compare), ("random", args.compare)]
    print("Ecosfera solo study: one player, levels 1 (12 cards of each element) to 5 (8)")
    print(
        f"seed {args.seed}; {args.games} planner games per level, {args.compare} greedy and "
        f"random games per level; {args.workers} worker processes"
    )
    print()
    studies: dict[str, dict[int, LevelSummary]] = {}
    speed: dict[str, float] = {}
    lines = []
    wall = time.perf_counter()
    for name, games in plan:
        studies[name], seconds = run_bot(name, games, args.workers, args.seed)
        speed[name] = games * len(LEVELS) / seconds
        lines.append(speed_row(name, games * len(LEVELS), seconds, args.workers))
    wall = time.perf_counter() - wall
    for name, study in studies.items():
        print(name)
        print(HEADER)
        for level in LEVELS:
            print(level_row(study[level]))
        print(steps_note(study))
        print()
    print(f"Speed: view + choose + play, whole games, {args.workers} worker processes")
    print("\n".join(lines))
    print(f"  the whole study took {wall:.0f} s of wall-clock time")
    print()
    machine = machine_lines(f"Games ran in {args.workers} worker processes.")
    print("\n".join(machine))
    if args.save:
        data = {
            "about": "Ecosfera solo study written by benchmarks/ecosfera_study.py --save; "
            "rates are fractions; ran_out is the share of games in which that element's "
            "supply deck ran out.",
            "seed": args.seed,
            "elements": list(ELEMENTS),
            "games_per_second": speed,
            "workers": args.workers,
            "machine": machine[1:],
            "bots": {
                name: [study[level].to_dict() for level in LEVELS]
                for name, study in studies.items()
            },
        }
        args.save.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"saved to {args.save}")


if __name__ == "__main__":
    main()
