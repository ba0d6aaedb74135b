"""Nuevo Mundo's search bot against the greedy bot: printed, never asserted (issue 21).

    python benchmarks/nuevo_mundo_search.py                      # 200 games, 2 workers
    python benchmarks/nuevo_mundo_search.py --games 20 --first 0  # a quick look
    python benchmarks/nuevo_mundo_search.py --battles 0           # the plan's choices only
    python benchmarks/nuevo_mundo_search.py --margin 1.5 --rounds 2  # weigh on an unclear lead

Two-player games on a scenario ("antillas" by default): the search bot
(``make_bot("search", seed=..., iterations=N)``) in one seat, the greedy bot in the other,
the seats alternating from game to game (even games: the search bot moves first in seat 1).
Game ``i`` is dealt with seed ``first + i`` and its bots are seeded from it, so every game
can be replayed. Printed: the search bot's wins with a 95 % Wilson interval, by seat; how
the games ended; the seconds per game; the machine.

Games run in worker processes (``--workers``, default 2), each game whole in one process.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from machine import machine_lines

from gamecore import make_bot, new_game, play_game
from gamecore.nuevo_mundo import players


def one_game(
    seed: int, scenario: str, iterations: int, options: dict[str, Any] | None = None
) -> tuple[int, int, str, float]:
    """(the search bot's seat, 1 if it alone won else 0, how the game ended, seconds);
    ``options`` go to the search bot as they are (``--choices``)."""
    seat = seed % 2
    bots = [make_bot("greedy", seed=seed + 1000), make_bot("greedy", seed=seed + 2000)]
    bots[seat] = make_bot("search", seed=seed, iterations=iterations, **(options or {}))
    start = time.perf_counter()
    game = new_game("nuevo-mundo", players=2, seed=seed, scenario=scenario)
    play_game(game, bots)
    won = int(game.winners == [seat])
    return seat, won, str(game.victory), time.perf_counter() - start


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - margin) / scale, (centre + margin) / scale


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=1000, help="the first game's seed")
    parser.add_argument("--scenario", default="antillas")
    parser.add_argument(
        "--iterations",
        type=int,
        default=players.SEARCH_ITERATIONS,
        help="the search bot's budget (the game's own: the table's and a class room's seat)",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--choices", type=int, help="the most choices weighed at a decision")
    parser.add_argument(
        "--margin", type=float, help="the paired z a choice needs to leave the plan (0: any lead)"
    )
    parser.add_argument("--rounds", type=int, help="rounds of guessed games while undecided")
    parser.add_argument(
        "--battles", type=int, choices=(0, 1), help="weigh the battles too (players.WEIGH_BATTLES)"
    )
    parser.add_argument("--progress", action="store_true", help="print each game as it ends")
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.games)
    options: dict[str, Any] = {}
    if args.choices is not None:
        options["choices"] = args.choices
    if args.margin is not None:
        options["margin"] = args.margin
    if args.rounds is not None:
        options["rounds"] = args.rounds
    if args.battles is not None:  # the worker processes are forked after this
        players.WEIGH_BATTLES = bool(args.battles)
    print(f"search options: {options}, weigh battles: {players.WEIGH_BATTLES}")
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(args.workers) as pool:
        games = pool.map(
            one_game,
            seeds,
            [args.scenario] * len(seeds),
            [args.iterations] * len(seeds),
            [options] * len(seeds),
        )
        for seed, result in zip(seeds, games):  # each game as it ends, in seed order
            results.append(result)
            seat, won, victory, seconds = result
            if args.progress:
                wins = sum(r[1] for r in results)
                outcome = "won" if won else "lost"
                print(f"  game {seed}: seat {seat + 1}, {outcome} ({victory}, {seconds:.0f} s); "
                      f"{wins} of {len(results)}", flush=True)  # fmt: skip
    spent = time.perf_counter() - start
    wins = sum(won for _, won, _, _ in results)
    low, high = wilson(wins, len(results))
    print(
        f"Nuevo Mundo, {args.scenario}, 2 players: search ({args.iterations} iterations) "
        f"against greedy, {len(results)} games (seeds {args.first}-{args.first + args.games - 1})"
    )
    print(f"  search wins {wins} of {len(results)} = {wins / len(results):.1%} "
          f"(95% interval {low:.1%}-{high:.1%})")  # fmt: skip
    for seat in (0, 1):
        games = [won for s, won, _, _ in results if s == seat]
        if games:
            a, b = wilson(sum(games), len(games))
            print(f"  from seat {seat + 1}: {sum(games)} of {len(games)} "
                  f"= {sum(games) / len(games):.1%} ({a:.1%}-{b:.1%})")  # fmt: skip
    endings = Counter(victory for _, _, victory, _ in results)
    print("  endings: " + ", ".join(f"{k} {v}" for k, v in endings.most_common()))
    per_game = sorted(seconds for *_, seconds in results)
    print(f"  seconds per game: median {per_game[len(per_game) // 2]:.1f}, "
          f"max {per_game[-1]:.1f}; {spent:.0f} s in all on {args.workers} workers")  # fmt: skip
    print()
    print("\n".join(machine_lines()))


if __name__ == "__main__":
    main()
