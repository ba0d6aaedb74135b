"""Nuevo Mundo criptex benchmark: how long the exact equilibria and the battle tables take,
printed, never asserted.

    python benchmarks/nuevo_mundo_equilibrium.py            # up to the 150 x 150 table
    python benchmarks/nuevo_mundo_equilibrium.py --quick    # a few seconds in all

Three figures: the exact equilibrium (simplex over fractions) of a battle round's 5 x 5 matrix
for each criterion pair and of random integer matrices of a few sizes; the battle value table
(floats, every position from 1 x 1 to n x n, from a cold start); and the exact battle values
(fractions) for every battle of at most ``EXACT_PIECES`` pieces.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from fractions import Fraction

from machine import machine_lines

from gamecore.nuevo_mundo import criptex

PAIRS = (("balance", "balance"), ("double", "half"), ("half", "double"))
MATRIX_SIZES = (5, 10, 20)
TABLE_SIZES = (25, 50, 100, 150)


def _per_solve(matrix: criptex.Matrix, repeats: int) -> float:
    began = time.perf_counter()
    for _ in range(repeats):
        criptex.equilibrium(matrix)
    return (time.perf_counter() - began) / repeats


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=list(TABLE_SIZES))
    parser.add_argument("--repeats", type=int, default=200, help="solves per 5 x 5 matrix")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--quick", action="store_true", help="small tables, few repeats")
    args = parser.parse_args(argv)
    if args.quick:
        args.tables, args.repeats = [10, 25], 20
    print("\n".join(machine_lines(f"seed {args.seed}, {args.repeats} solves per 5 x 5 matrix")))

    print("\nExact equilibrium of one battle round (5 x 5, fractions)")
    for attacker, defender in PAIRS:
        matrix = criptex.payoff_matrix(attacker, defender)
        solution = criptex.equilibrium(matrix)
        took = _per_solve(matrix, args.repeats)
        print(
            f"  {attacker:>7} vs {defender:<7}  value {solution.value!s:>8} pieces"
            f"  {took * 1e3:7.2f} ms"
        )

    print("\nExact equilibrium of random integer matrices (-9..9)")
    rng = random.Random(args.seed)
    for size in MATRIX_SIZES:
        matrix = tuple(
            tuple(Fraction(rng.randint(-9, 9)) for _ in range(size)) for _ in range(size)
        )
        repeats = max(1, args.repeats // size**2)
        print(f"  {size:>2} x {size:<2}  {_per_solve(matrix, repeats) * 1e3:9.2f} ms")

    print("\nBattle value table (floats, every position, cold start)")
    for size in args.tables:
        criptex.forget_battles()
        began = time.perf_counter()
        value = criptex.battle_value(size, size)
        took = time.perf_counter() - began
        print(
            f"  {size:>3} x {size:<3} {size * size:>6} positions  {took:7.2f} s"
            f"  ({took / size**2 * 1e6:5.0f} µs each); V({size}, {size}) = {value:.4f}"
        )

    print(f"\nExact battle values (fractions, at most {criptex.EXACT_PIECES} pieces in all)")
    criptex.forget_battles()
    began = time.perf_counter()
    longest = 0
    for a in range(1, criptex.EXACT_PIECES):
        for d in range(1, criptex.EXACT_PIECES - a + 1):
            # digits from the bit length: str() refuses integers of more than 4,300 digits
            bits = criptex.battle_value_exact(a, d).denominator.bit_length()
            longest = max(longest, int(bits * math.log10(2)) + 1)
    took = time.perf_counter() - began
    print(f"  all of them  {took:7.2f} s; the longest denominator has about {longest:,} digits")


if __name__ == "__main__":
    main()
