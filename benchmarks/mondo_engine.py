"""Mondo engine and scoring benchmark: printed, never asserted.

    python benchmarks/mondo_engine.py            # about 20 s
    python benchmarks/mondo_engine.py --quick    # a smoke run, rough figures

1. Actions per second through the public API (``legal_actions()`` + ``play()``, the driver's
   random choice included), random players, 2 and 4 players, ``new_game`` included, to the
   end of the game (three rounds).
2. ``legal_actions()`` alone with a tile in hand (every open space, side and turn: the
   longest list a decision has).
3. Scoring one full 4 x 6 board (``scoring.analyse``), and a round of four boards with the
   volcano comparison and every row's words (``score_boards``), in milliseconds.

One process, one core, ``time.perf_counter``, a warm-up, the best of three repeats.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from machine import machine_lines

from gamecore import new_game
from gamecore.mondo import Take, analyse, kit, score_boards
from gamecore.mondo.board import Board
from gamecore.mondo.faces import Face

REPEATS = 3


def best_rate(work: Callable[[float], int], seconds: float) -> float:
    """Units per second: warm up, then the best of ``REPEATS`` runs of ``seconds`` each."""
    work(time.perf_counter() + min(0.5, seconds))
    rates = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        done = work(start + seconds)
        rates.append(done / (time.perf_counter() - start))
    return max(rates)


def random_games(players: int) -> Callable[[float], int]:
    rng = random.Random(1)

    def work(deadline: float) -> int:
        actions = 0
        seed = 0
        while True:
            seed += 1
            game = new_game("mondo", players=players, seed=seed)
            while not game.is_over:
                game.play(rng.choice(game.legal_actions()))
                actions += 1
            if time.perf_counter() >= deadline:
                return actions

    return work


def legal_with_tile() -> Callable[[float], int]:
    game = new_game("mondo", players=2, seed=3)
    game.play(Take(0, 1000, 0))
    from gamecore.mondo import Place

    game.play(Place(0, 2000, 8, 1, 0))
    game.play(Take(0, 3000, 0))

    def work(deadline: float) -> int:
        calls = 0
        while time.perf_counter() < deadline or not calls:
            game.legal_actions_for(0)
            calls += 1
        return calls

    return work


def full_boards(count: int, seed: int) -> list[Board]:
    """Boards with every space filled by random tiles, random sides and turns."""
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        tiles = rng.sample(list(kit.box()), kit.ROWS * kit.COLS)
        faces: list[Face] = [rng.choice(t.sides).rotated(rng.randrange(4)) for t in tiles]
        rows = tuple(tuple(faces[r * kit.COLS : (r + 1) * kit.COLS]) for r in range(kit.ROWS))
        boards.append(Board(rows))
    return boards


def scoring(per_round: bool) -> Callable[[float], int]:
    boards = full_boards(40, 7)
    rim = kit.rim("A")

    def work(deadline: float) -> int:
        done = 0
        while time.perf_counter() < deadline or not done:
            if per_round:
                chosen = boards[done % 10 * 4 : done % 10 * 4 + 4]
                score_boards({f"P{i}": b for i, b in enumerate(chosen)}, rim=rim)
            else:
                analyse(boards[done % len(boards)], rim)
            done += 1
        return done

    return work


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: rough figures")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per repeat")
    args = parser.parse_args(argv)
    seconds = 0.05 if args.quick else args.seconds
    print("\n".join(machine_lines()))
    print("Mondo engine (random players, legal_actions() + play(), new_game included)")
    for players in (2, 4):
        rate = best_rate(random_games(players), seconds)
        print(f"  {players} players: {rate:10,.0f} actions/s")
    rate = best_rate(legal_with_tile(), seconds)
    print(f"  legal_actions() with a tile in hand: {rate:10,.0f} calls/s")
    print("Mondo scoring")
    rate = best_rate(scoring(per_round=False), seconds)
    print(f"  one full 4 x 6 board (analyse): {1000 / rate:7.3f} ms")
    rate = best_rate(scoring(per_round=True), seconds)
    print(f"  a round of four full boards, words included (score_boards): {1000 / rate:7.3f} ms")


if __name__ == "__main__":
    main()
