"""Games per second of the study workbench against the number of local workers.

    python benchmarks/study_workers.py [--games 4000] [--workers 1 2]

Prints, for Nuevos Mundos (4 random bots) and Ecosfera (solo, the planner, level 3), the
time and games/s on 1..N joblib processes and checks that every run gives the same table.
The figures in docs/experiments.md come from this script.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from gamecore.experiments import run_study

STUDIES = {
    "Nuevos Mundos, 4 random bots": ("nuevos-mundos", {"players": 4, "bots": "random"}, 1.0),
    "Ecosfera solo, planner, level 3": (
        "ecosfera",
        {"players": 1, "bots": "planner", "level": 3},
        0.025,
    ),
}
"""name -> (game, options, share of --games it plays: the planner is far slower)."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args(argv)
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}"
    )
    for name, (game, options, share) in STUDIES.items():
        games = max(10, int(args.games * share))
        first = None
        for workers in args.workers:
            start = time.perf_counter()
            study = run_study(game, games=games, seed=1, workers=workers, **options)
            took = time.perf_counter() - start
            same = first is None or study.rows == first.rows
            first = first or study
            print(
                f"{name}: {games} games, {workers} worker(s): {took:.1f} s, "
                f"{games / took:,.0f} games/s, same table: {same}"
            )


if __name__ == "__main__":
    main()
