"""Nuevo Mundo speed benchmark: printed, never asserted.

    python benchmarks/nuevo_mundo_speed.py            # about 1-2 minutes
    python benchmarks/nuevo_mundo_speed.py --quick    # a smoke run, rough figures

1. The engine through the public API (``legal_actions()`` + ``play()``, the driver's random
   choice and ``new_game`` included), random players, whole games (20 rounds) on each
   scenario: steps/s and games/s. Then ``legal_actions()`` alone in a busy operative stage,
   because ``play()`` asks for it again to check the action (two calls per step).
2. Bots: whole games per second between bots of one kind (random, greedy, equilibrium), and
   the search bot (20 iterations a decision, play-outs cut at the game's horizon) in one seat
   against greedy bots, with its seconds per decision.
3. The criptex's battle tables: the first ``battle_value(n, n)`` of a fresh process solves
   every position up to n x n (later questions are looked up).

One process, one core, ``time.perf_counter``, a warm-up, the best of three repeats (the bot
and table figures: one run each, they take longer).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable

from machine import machine_lines

from gamecore import make_bot, new_game
from gamecore.nuevo_mundo.criptex import battle_value
from gamecore.nuevo_mundo.players import ODDS_CAP

REPEATS = 3
TABLES = (("teaching", 2), ("antillas", 3), ("golfo", 5), ("random", 4))


def best_rate(work: Callable[[float], tuple[int, int]], seconds: float) -> tuple[float, float]:
    """(steps/s, games/s): a warm-up, then the best of ``REPEATS`` runs of ``seconds``."""
    work(time.perf_counter() + min(0.5, seconds))
    best = (0.0, 0.0)
    for _ in range(REPEATS):
        start = time.perf_counter()
        steps, games = work(start + seconds)
        spent = time.perf_counter() - start
        best = max(best, (steps / spent, games / spent))
    return best


def random_games(scenario: str, players: int) -> Callable[[float], tuple[int, int]]:
    rng = random.Random(1)

    def work(deadline: float) -> tuple[int, int]:
        steps = games = 0
        while time.perf_counter() < deadline or not games:
            game = new_game("nuevo-mundo", players=players, seed=games, scenario=scenario)
            while not game.is_over:
                game.play(rng.choice(game.legal_actions()))
                steps += 1
            games += 1
        return steps, games

    return work


def busy_position() -> object:
    """A 4-player built map in an operative stage with many choices."""
    for seed in range(100):
        game = new_game("nuevo-mundo", players=4, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            if game.stage == "operate" and len(game.legal_actions()) >= 30:
                return game
            game.play(rng.choice(game.legal_actions()))
    raise RuntimeError("no busy position found")


def legal_calls(game: object) -> Callable[[float], tuple[int, int]]:
    def work(deadline: float) -> tuple[int, int]:
        calls = 0
        while time.perf_counter() < deadline or not calls:
            game.legal_actions()  # type: ignore[attr-defined]
            calls += 1
        return calls, 0

    return work


def bot_games(
    kinds: list[str], scenario: str, games: int, **options: object
) -> tuple[float, float, float]:
    """(games/s, moves/s, seconds per decision of seat 0) over ``games`` whole games."""
    moves = 0
    thinking = 0.0
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = new_game("nuevo-mundo", players=len(kinds), seed=seed, scenario=scenario)
        bots = [
            make_bot(k, seed=seed * 10 + i, **(options if i == 0 else {}))
            for i, k in enumerate(kinds)
        ]
        while not game.is_over:
            player = game.current_player
            assert player is not None
            view, legal = game.view(player), game.legal_actions()
            began = time.perf_counter()
            action = bots[player].choose(view, legal)
            if player == 0:
                thinking += time.perf_counter() - began
                decisions += 1
            game.play(action)
            moves += 1
    spent = time.perf_counter() - start
    return games / spent, moves / spent, thinking / max(1, decisions)


def fresh_table(n: int) -> float:
    """Seconds for the first ``battle_value(n, n)`` of a fresh process (it solves every
    position up to n x n; the process is new so nothing is cached yet)."""
    code = (
        "import time\n"
        "from gamecore.nuevo_mundo.criptex import battle_value\n"
        "start = time.perf_counter()\n"
        f"battle_value({n}, {n})\n"
        "print(time.perf_counter() - start)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: rough figures")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per repeat")
    args = parser.parse_args(argv)
    seconds = 0.1 if args.quick else args.seconds
    print("\n".join(machine_lines()))
    print("Nuevo Mundo engine (random players, legal_actions() + play(), new_game included)")
    for scenario, players in TABLES:
        steps, games = best_rate(random_games(scenario, players), seconds)
        print(f"  {scenario:9} {players} players: {steps:9,.0f} steps/s {games:8.1f} games/s")
    game = busy_position()
    count = len(game.legal_actions())  # type: ignore[attr-defined]
    calls, _ = best_rate(legal_calls(game), seconds)
    print(f"  legal_actions() in an operative stage with {count} choices: {calls:9,.0f} calls/s")
    # The bots ask the battle tables up to ODDS_CAP x ODDS_CAP; the first question of a
    # process fills them (section 3 times that), so fill them first, outside the timing.
    battle_value(ODDS_CAP, ODDS_CAP)
    print("Nuevo Mundo bots (whole games, 20 rounds at most; battle tables already filled)")
    few = 1 if args.quick else 10
    for scenario, players in (("teaching", 2), ("random", 4)):
        for kind in ("random", "greedy", "equilibrium"):
            rate, moves, _ = bot_games([kind] * players, scenario, few)
            print(
                f"  {scenario:9} {players} x {kind:11}: {rate:8.2f} games/s {moves:9,.0f} moves/s"
            )
        iterations = 5 if args.quick else 20
        rate, moves, per = bot_games(
            ["search"] + ["greedy"] * (players - 1),
            scenario,
            1 if args.quick else 2,
            iterations=iterations,
        )
        print(
            f"  {scenario:9} search ({iterations} iterations) + {players - 1} greedy: "
            f"{rate:8.3f} games/s, {per * 1000:7.1f} ms per search decision"
        )
    print("Criptex battle tables (every position up to n x n, from nothing)")
    for n in (10, 30) if args.quick else (10, 30, 60, 100):
        print(f"  {n:3} x {n:<3}: {fresh_table(n):7.3f} s")


if __name__ == "__main__":
    main()
