"""Mondo solver benchmark: time and optimality gap of the best board, printed, never asserted.

    python benchmarks/mondo_solver.py              # 8, 16, 24, 40 tiles, 30 s for CP-SAT
    python benchmarks/mondo_solver.py --quick      # a few seconds in all
    python benchmarks/mondo_solver.py --sizes 24 136 --seconds 60

For each size, a seeded sample of tiles from the box is solved on the game's board (side A,
4 x 6) by the local search alone (pure Python, what answers without OR-Tools) and by CP-SAT
(OR-Tools, the optional extra ``solver``) with the search's board as its hint. The gap is the
best bound known minus the points found: 0 means the board is proven best.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from machine import machine_lines

from gamecore.mondo import solver
from gamecore.mondo.data import default_tiles

SIZES = (8, 16, 24, 40)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--seconds", type=float, default=30.0, help="CP-SAT's budget per set")
    parser.add_argument("--iterations", type=int, default=solver.SEARCH_ITERATIONS)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--side", default="A")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="small sizes, short budgets")
    args = parser.parse_args(argv)
    if args.quick:
        args.sizes, args.seconds, args.iterations = [8, 24], 2.0, 2_000
    exact = solver.have_ortools()
    print(
        "\n".join(
            machine_lines(
                f"CP-SAT {'with ' + str(args.workers) + ' workers' if exact else 'not installed'}",
                f"side {args.side}, seed {args.seed}, local search {args.iterations} steps",
            )
        )
    )
    print()
    head = (
        f"{'tiles':>5}  {'method':<7} {'points':>6} {'bound':>6} {'gap':>4}  {'proven':<6} {'s':>6}"
    )
    print(head)
    print("-" * len(head))
    rng = random.Random(args.seed)
    box = default_tiles()
    for size in args.sizes:
        tiles = rng.sample(box, min(size, len(box)))
        methods = ["search", *(["cp-sat"] if exact else [])]
        for method in methods:
            began = time.perf_counter()
            best = solver.best_board(
                tiles,
                args.side,
                seconds=args.seconds if method == "cp-sat" else 10 * args.seconds,
                seed=args.seed,
                method=method,
                iterations=args.iterations,
                workers=args.workers,
            )
            took = time.perf_counter() - began
            print(
                f"{size:>5}  {method:<7} {best.points:>6} {best.bound:>6} "
                f"{best.bound - best.points:>4}  {'yes' if best.optimal else 'no':<6} {took:>6.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
