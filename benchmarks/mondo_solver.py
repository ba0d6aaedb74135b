"""Mondo solver benchmark: the best board of a round's hand, its proven bound and the gap.

    python benchmarks/mondo_solver.py                 # 5 hands of 26 tiles and all 136, 60 s each
    python benchmarks/mondo_solver.py --quick         # 2 hands, 5 s each
    python benchmarks/mondo_solver.py --hands 3 --hand-size 22 --seconds 30 --no-box

Issue 21's goal: for the tiles a player holds in a round (about 26: a hand here is a seeded
sample of 26 tiles from the box), on the game's board (side A, 4 x 6), a board proven best or
within 5 % of a proven bound in 60 s on 2 workers; for all 136 tiles, a bound much tighter
than the 71 of the first solver. Each row shows the counting bound (``solver_bound``, proven
by an argument, no solver), the final bound (the smaller of it and CP-SAT's), the points of
the board found, the gap (bound minus points) and the gap as a share of the bound.
Printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from machine import machine_lines

from gamecore.mondo import solver
from gamecore.mondo.data import default_tiles
from gamecore.mondo.solver_bound import region_bound
from gamecore.mondo.solver_problem import problem_of


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5, help="seeded hands to solve")
    parser.add_argument("--hand-size", type=int, default=26)
    parser.add_argument("--seconds", type=float, default=60.0, help="budget per hand")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--side", default="A")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-box", action="store_true", help="skip the 136-tile row")
    parser.add_argument("--quick", action="store_true", help="2 hands, 5 s each, no box")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.seconds, args.no_box = 2, 5.0, True
    exact = solver.have_ortools()
    print(
        "\n".join(
            machine_lines(
                f"CP-SAT {'with ' + str(args.workers) + ' workers' if exact else 'not installed'}",
                f"side {args.side}, seed {args.seed}, {args.seconds:g} s per set of tiles",
            )
        )
    )
    print()
    head = (
        f"{'tiles':<10} {'points':>6} {'counted':>7} {'bound':>5} {'gap':>4} {'gap %':>6}"
        f"  {'proven':<6} {'s':>5}"
    )
    print(head)
    print("-" * len(head))
    box = default_tiles()
    sets = [
        (f"hand {k + 1}", random.Random(args.seed + k).sample(box, args.hand_size))
        for k in range(args.hands)
    ]
    if not args.no_box:
        sets.append(("all 136", list(box)))
    for name, tiles in sets:
        counted = region_bound(problem_of(tiles, args.side, None, None, False))
        began = time.perf_counter()
        best = solver.best_board(
            tiles, args.side, seconds=args.seconds, seed=args.seed, workers=args.workers
        )
        took = time.perf_counter() - began
        gap = best.bound - best.points
        share = 100 * gap / abs(best.bound) if best.bound else 0.0
        print(
            f"{name:<10} {best.points:>6} {counted:>7} {best.bound:>5} {gap:>4} {share:>5.0f}%"
            f"  {'yes' if best.optimal else 'no':<6} {took:>5.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
