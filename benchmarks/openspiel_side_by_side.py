"""Nuevos Mundos against OpenSpiel's C++ chess, driven from Python by the same loop, in one run.

    python benchmarks/openspiel_side_by_side.py            # about 15 s (and the build if stale)
    python benchmarks/openspiel_side_by_side.py --quick    # a ~2 s smoke run

DESIGN.md's budget: through the public API, random players, 4 players, ``new_game``
included, Nuevos Mundos makes at least twice the steps per second of OpenSpiel's chess. Each
game is played by the same driver: ``random.Random(0).choice`` picks among the legal actions
until the game is over, and a new game starts (Nuevos Mundos seeds 0, 1, 2, ...). The
variants take turns (chess, Nuevos Mundos, its compiled build, then again), so a busy
moment of a shared machine falls on all of them; each figure is the best of 3 turns after a
warm-up. OpenSpiel is optional (``pip install -e '.[bench]'``): without it the script says
so and prints our figures alone. The compiled build (``make compiled``) runs in a child
process, as it replaces the ``gamecore`` package; the script builds it first when it is
missing or older than the sources, and leaves it out, saying why, on a machine without mypyc
or a C compiler.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import build_compiled
from machine import machine_lines

PLAYERS = 4
REPEATS = 3
TARGET_RATIO = 2.0

Task = Callable[[float], tuple[int, int]]
"""Play games until the ``perf_counter`` deadline (at least one); returns (steps, games)."""


def nuevos_mundos_task() -> Task:
    import gamecore

    def run(deadline: float) -> tuple[int, int]:
        choose = random.Random(0).choice
        new_game = gamecore.new_game
        steps = games = 0
        while True:
            game = new_game("nuevos-mundos", players=PLAYERS, seed=games)
            while legal := game.legal_actions():
                game.play(choose(legal))
                steps += 1
            games += 1
            if time.perf_counter() >= deadline:
                return steps, games

    return run


def chess_task() -> Task | None:
    try:
        import pyspiel
    except ImportError:
        return None
    chess = pyspiel.load_game("chess")

    def run(deadline: float) -> tuple[int, int]:
        choose = random.Random(0).choice
        steps = games = 0
        while True:
            state = chess.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choose(state.legal_actions()))
                steps += 1
            games += 1
            if time.perf_counter() >= deadline:
                return steps, games

    return run


def timed(task: Task, seconds: float) -> tuple[int, int, float]:
    start = time.perf_counter()
    steps, games = task(start + seconds)
    return steps, games, time.perf_counter() - start


# ---------------------------------------------------------------------------- the compiled build


class CompiledWorker:
    """The compiled build in a child process, running one timed turn when asked."""

    def __init__(self, target: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            cwd=Path(__file__).parent,
            env=build_compiled.compiled_environment(target),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.ready = self._answer()

    def _answer(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def run(self, seconds: float) -> tuple[int, int, float]:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{seconds}\n")
        self.process.stdin.flush()
        steps, games, elapsed = self._answer().split()
        return int(steps), int(games), float(elapsed)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def worker() -> None:
    """The child's side: check it runs the fresh compiled build, then time turns on demand."""
    try:
        build_compiled.check_compiled()
    except build_compiled.StaleBuild as problem:
        print(f"not used: {problem}", flush=True)
        return
    print("ok", flush=True)
    task = nuevos_mundos_task()
    for line in sys.stdin:
        print(*timed(task, float(line)), flush=True)


def start_compiled(
    rebuild: bool, notes: list[str], target: Path = build_compiled.DEFAULT_TARGET
) -> CompiledWorker | None:
    """The compiled build's child process; the build is made first when it is missing or
    older than the sources (about 85 s on a quiet machine) and this machine can compile."""
    if rebuild or build_compiled.freshness(target) is not None:
        missing = build_compiled.missing_tools()
        if missing:
            notes.append(f"Compiled build: not measured, no {missing} here to build it.")
            return None
        print("Compiling the engine (benchmarks/build_compiled.py)...", flush=True)
        build_compiled.build(target)
    child = CompiledWorker(target)
    if child.ready != "ok":
        notes.append(f"Compiled build: {child.ready}.")
        child.close()
        return None
    return child


# ---------------------------------------------------------------------------- measuring


@dataclass
class Variant:
    label: str
    run: Callable[[float], tuple[int, int, float]]
    steps_per_second: float = 0.0
    games_per_second: float = 0.0
    steps_per_game: float = 0.0

    def turn(self, seconds: float) -> None:
        steps, games, elapsed = self.run(seconds)
        if steps / elapsed > self.steps_per_second:
            self.steps_per_second = steps / elapsed
            self.games_per_second = games / elapsed
            self.steps_per_game = steps / games


def measure(variants: Sequence[Variant], seconds: float, warmup: float) -> None:
    for variant in variants:
        variant.run(warmup)
    for _ in range(REPEATS):
        for variant in variants:
            variant.turn(seconds / REPEATS)


def report(variants: Sequence[Variant], chess: Variant | None) -> list[str]:
    widths = (44, 14, 12, 12, 10)
    cells = ("Engine", "steps/s", "games/s", "steps/game", "x chess")
    lines = ["".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()]
    lines.append("-" * sum(widths))
    for v in variants:
        ratio = f"{v.steps_per_second / chess.steps_per_second:.2f}" if chess else "-"
        row = (
            v.label,
            f"{v.steps_per_second:,.0f}",
            f"{v.games_per_second:,.1f}",
            f"{v.steps_per_game:.1f}",
            ratio,
        )
        lines.append("".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=4.0, help="time per engine (default 4)")
    parser.add_argument("--quick", action="store_true", help="a ~2 s smoke run")
    parser.add_argument("--build", action="store_true", help="compile the engine again first")
    parser.add_argument("--no-compiled", action="store_true", help="leave the compiled build out")
    parser.add_argument(
        "--compiled-dir",
        type=Path,
        default=build_compiled.DEFAULT_TARGET,
        help="where the compiled build is (made there when missing or stale; default build/mypyc)",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker()
        return
    if args.seconds <= 0:
        parser.error("--seconds must be more than 0")
    seconds = 0.3 if args.quick else args.seconds
    warmup = min(0.5, seconds / 5)

    notes: list[str] = []
    variants: list[Variant] = []
    chess_run = chess_task()
    chess = None
    if chess_run is None:
        notes.append("OpenSpiel: not installed (pip install -e '.[bench]'), so no chess.")
    else:
        chess = Variant("OpenSpiel chess (C++, from Python)", lambda s: timed(chess_run, s))
        variants.append(chess)
    nm = nuevos_mundos_task()
    variants.append(Variant("Nuevos Mundos, 4 players (pure Python)", lambda s: timed(nm, s)))
    compiled = (
        None if args.no_compiled else start_compiled(args.build, notes, args.compiled_dir.resolve())
    )
    if compiled is not None:
        variants.append(Variant("Nuevos Mundos, 4 players (compiled, mypyc)", compiled.run))

    print("Nuevos Mundos against OpenSpiel chess, side by side")
    print(
        f"random.Random(0).choice among the legal actions, new game included; "
        f"{seconds:g} s per engine in {REPEATS} turns taken in rotation after a "
        f"{warmup:g} s warm-up; best turn."
    )
    print()
    try:
        measure(variants, seconds, warmup)
    finally:
        if compiled is not None:
            compiled.close()
    for line in report(variants, chess):
        print(line)
    if chess is not None:
        best = max(v.steps_per_second for v in variants if v is not chess)
        met = "met" if best >= TARGET_RATIO * chess.steps_per_second else "NOT met"
        print(f"Target (DESIGN.md): Nuevos Mundos >= {TARGET_RATIO:g} x chess steps/s: {met}")
    for note in notes:
        print(note)
    print()
    print("\n".join(machine_lines("Every engine: one process, one thread, so a single core.")))


if __name__ == "__main__":
    main()
