"""Ecosfera solo study: win rate and mean score per level, and solo games per second, per bot.

    python benchmarks/ecosfera_study.py                 # 1000 planner games per level
    python benchmarks/ecosfera_study.py --games 200     # fewer games, wider intervals
    python benchmarks/ecosfera_study.py --quick         # a smoke run (a few games)
    python benchmarks/ecosfera_study.py --save gamecore/ecosfera/balance_study.json

The planner (``gamecore.make_bot("planner")``) is the balance reference: a good player. The
greedy and random bots play fewer games, for comparison. Game ``i`` of a level always gets
the same deal and bot seed (``gamecore.ecosfera.study.play_solo`` with the study's seed), so
a run can be repeated exactly and its games split over several processes. Figures are
measured, printed, never asserted; the published table is in ``docs/ecosfera-balance.md``
and, with ``--save``, in a JSON file that lesson 3 reads.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from machine import machine_lines

from gamecore.ecosfera import ELEMENTS, LEVELS
from gamecore.ecosfera.study import LevelSummary, SoloGame, play_solo, steps, summarise

SEED = 2024


@dataclass(frozen=True)
class Task:
    bot: str
    level: int
    first: int
    count: int
    seed: int


def play_block(task: Task) -> list[tuple[SoloGame, float]]:
    """Games ``first`` to ``first + count - 1`` of one bot at one level, each with its time."""
    timed = []
    for index in range(task.first, task.first + task.count):
        start = time.perf_counter()
        game = play_solo(task.level, index, task.seed, task.bot)
        timed.append((game, time.perf_counter() - start))
    return timed


class Progress:
    """A text progress bar on stderr, redrawn in place at each whole percent (one line per
    bot once it is done)."""

    def __init__(self, label: str, total: int, width: int = 30) -> None:
        self.label, self.total, self.width = label, total, width
        self.done = 0
        self.shown = -1
        self.start = time.perf_counter()
        self.draw()

    def advance(self, n: int) -> None:
        self.done += n
        if 100 * self.done // self.total != self.shown:
            self.draw()

    def draw(self) -> None:
        self.shown = 100 * self.done // self.total
        filled = self.width * self.done // max(self.total, 1)
        elapsed = time.perf_counter() - self.start
        eta = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        end = "\n" if self.done >= self.total else ""
        sys.stderr.write(
            f"\r{self.label:<8} [{bar}] {self.done}/{self.total} games, "
            f"{elapsed:5.0f} s, about {eta:4.0f} s left{end}"
        )
        sys.stderr.flush()


def run_bot(
    name: str, games: int, workers: int, seed: int, block: int
) -> dict[int, list[tuple[SoloGame, float]]]:
    """``games`` solo games of one bot at every level, over ``workers`` processes."""
    tasks = [
        Task(name, level, first, min(block, games - first), seed)
        for level in LEVELS
        for first in range(0, games, block)
    ]
    results: dict[int, list[tuple[SoloGame, float]]] = {level: [] for level in LEVELS}
    progress = Progress(name, games * len(LEVELS))
    if workers == 1:
        for task in tasks:
            results[task.level].extend(play_block(task))
            progress.advance(task.count)
        return results
    with ProcessPoolExecutor(workers) as pool:
        for task, timed in zip(tasks, pool.map(play_block, tasks)):
            results[task.level].extend(timed)
            progress.advance(task.count)
    return results


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


def speed_row(name: str, timed: list[tuple[SoloGame, float]]) -> str:
    seconds = sum(t for _, t in timed)
    decisions = sum(g.decisions for g, _ in timed)
    return (
        f"  {name:<8} {len(timed) / seconds:8.1f} games/s  {decisions / seconds:9,.0f} decisions/s"
        f"  {decisions / len(timed):6.1f} decisions per game"
    )


def steps_note(study: dict[int, LevelSummary]) -> str:
    """Whether the win rate falls from each level to the next by more than the noise."""
    parts = [f"{a}->{b}: {100 * drop:+.1f} pts (z = {z:.1f})" for a, b, drop, z in steps(study)]
    return "  drop per step (z > 1.96: outside the noise): " + "; ".join(parts)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="planner games per level")
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
    runs = []
    wall = time.perf_counter()
    for name, games in plan:
        block = max(1, min(25, games // (2 * args.workers) or 1))
        runs.append((name, run_bot(name, games, args.workers, args.seed, block)))
    wall = time.perf_counter() - wall
    studies = {
        name: {level: summarise([g for g, _ in timed[level]]) for level in LEVELS}
        for name, timed in runs
    }
    for name, study in studies.items():
        print(name)
        print(HEADER)
        for level in LEVELS:
            print(level_row(study[level]))
        print(steps_note(study))
        print()
    print("Speed: one game at a time on one core (each worker process), view + choose + play")
    for name, timed in runs:
        print(speed_row(name, [t for level in LEVELS for t in timed[level]]))
    print(f"  the whole study took {wall:.0f} s of wall-clock time")
    print()
    machine = machine_lines(f"Games ran in {args.workers} worker processes.")
    print("\n".join(machine))
    if args.save:
        speed = {
            name: sum(len(timed[lv]) for lv in LEVELS)
            / sum(t for lv in LEVELS for _, t in timed[lv])
            for name, timed in runs
        }
        data = {
            "about": "Ecosfera solo study written by benchmarks/ecosfera_study.py --save; "
            "rates are fractions; ran_out is the share of games in which that element's "
            "supply deck ran out.",
            "seed": args.seed,
            "elements": list(ELEMENTS),
            "games_per_second": speed,
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
