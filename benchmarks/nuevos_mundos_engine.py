"""Nuevos Mundos engine benchmark: the performance budget of DESIGN.md, printed, never asserted.

    python benchmarks/nuevos_mundos_engine.py            # or: make bench
    python benchmarks/nuevos_mundos_engine.py --quick    # a ~1 s smoke run

Every figure is measured in this one process, on one core, with ``time.perf_counter``,
after a warm-up; throughput figures are the best of three repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from machine import machine_lines

import gamecore
from gamecore import Action, Game
from gamecore.nuevos_mundos import MODULES
from gamecore.nuevos_mundos.data import ALL_SETTLEMENTS

GAME = "nuevos-mundos"
PLAYERS = 4
REPEATS = 3
SEARCH_ITERATIONS = 100
SETTLEMENTS = frozenset(ALL_SETTLEMENTS)

Task = Callable[[float], int]
"""Work until the given ``perf_counter`` deadline (at least one unit); returns units done."""
Chooser = Callable[[Sequence[Action]], Action]


@dataclass(frozen=True)
class Settings:
    seconds: float
    """Time for one measurement, split evenly over its repeats."""
    warmup: float
    scored_games: int
    sampled_games: int


@dataclass(frozen=True)
class Row:
    label: str
    result: str
    target: str = ""
    met: bool | None = None


# ---------------------------------------------------------------------------- measuring


def best_rate(task: Task, settings: Settings) -> float:
    """Units per second: warm up, then the best of ``REPEATS`` timed runs."""
    task(time.perf_counter() + settings.warmup)
    rates = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        units = task(start + settings.seconds / REPEATS)
        rates.append(units / (time.perf_counter() - start))
    return max(rates)


def play_random(seed: int, modules: Sequence[str], choose: Chooser) -> tuple[Game, int]:
    """A new 4-player game played to its end by ``choose``; returns it and its decisions."""
    game = gamecore.new_game(GAME, players=PLAYERS, seed=seed, modules=modules)
    decisions = 0
    while legal := game.legal_actions():
        game.play(choose(legal))
        decisions += 1
    return game, decisions


def random_play_task(modules: Sequence[str], count_games: bool) -> Task:
    """Random games back to back (seeds 0, 1, ...); counts decisions, or whole games."""

    def run(deadline: float) -> int:
        choose = random.Random(0).choice
        games = decisions = 0
        while True:
            decisions += play_random(games, modules, choose)[1]
            games += 1
            if time.perf_counter() >= deadline:
                return games if count_games else decisions

    return run


def search_task(game: Game) -> Task:
    """The search bot choosing the first move of ``game``; counts iterations."""
    player = game.current_player
    assert player is not None
    view, legal = game.view(player), game.legal_actions()

    def run(deadline: float) -> int:
        iterations = 0
        while True:
            gamecore.SearchBot(seed=0, iterations=SEARCH_ITERATIONS).choose(view, legal)
            iterations += SEARCH_ITERATIONS
            if time.perf_counter() >= deadline:
                return iterations

    return run


def greedy_task(deadline: float) -> int:
    """Four greedy bots playing games back to back (view, choose, play); counts decisions."""
    bots = [gamecore.GreedyBot(seed=p) for p in range(PLAYERS)]
    decisions = seed = 0
    while True:
        game = gamecore.new_game(GAME, players=PLAYERS, seed=seed)
        while (player := game.current_player) is not None:
            game.play(bots[player].choose(game.view(player), game.legal_actions()))
            decisions += 1
            if time.perf_counter() >= deadline:
                return decisions
        seed += 1


def score_timings(games: Sequence[Game], seconds: float) -> list[list[float]]:
    """Seconds per ``score()`` call, per game: rounds over all the games until time is up."""
    timings: list[list[float]] = [[] for _ in games]
    deadline = time.perf_counter() + seconds
    while True:
        for game, times in zip(games, timings):
            start = time.perf_counter()
            game.score()
            times.append(time.perf_counter() - start)
        if time.perf_counter() >= deadline:
            return timings


# ---------------------------------------------------------------------------- figures


def at_least(label: str, value: float, target: float, unit: str) -> Row:
    return Row(label, f"{value:,.0f} {unit}", f">= {target:,.0f} {unit}", value >= target)


def steps_rows(settings: Settings) -> list[Row]:
    rows = []
    for label, modules in (("no modules", ()), ("all modules", MODULES)):
        rate = best_rate(random_play_task(modules, count_games=False), settings)
        rows.append(at_least(f"Steps per second, {label}", rate, 100_000, "steps/s"))
    return rows


def games_rows(settings: Settings) -> list[Row]:
    rate = best_rate(random_play_task((), count_games=True), settings)
    choose = random.Random(0).choice
    n = settings.sampled_games
    decisions = [play_random(seed, (), choose)[1] for seed in range(n)]
    return [
        at_least("Complete games per second, no modules", rate, 2_000, "games/s"),
        Row(f"  mean decisions per game (seeds 0-{n - 1})", f"{statistics.fmean(decisions):.1f}"),
    ]


def score_latency(games: Sequence[Game], settings: Settings) -> tuple[float, float, float, int]:
    """Mean (best repeat), slowest game's median, worst single call, and calls timed."""
    for game in games:
        game.score()
    repeats = [score_timings(games, settings.seconds / REPEATS) for _ in range(REPEATS)]
    mean = min(statistics.fmean(t for timings in run for t in timings) for run in repeats)
    per_game = [[t for run in repeats for t in run[g]] for g in range(len(games))]
    slowest_game = max(statistics.median(times) for times in per_game)
    calls = [t for times in per_game for t in times]
    return mean, slowest_game, max(calls), len(calls)


def scoring_rows(settings: Settings) -> list[Row]:
    choose = random.Random(0).choice
    n = settings.scored_games
    games = [play_random(seed, MODULES, choose)[0] for seed in range(n)]
    mean, slowest_game, worst, calls = score_latency(games, settings)
    settled = [sum(c in SETTLEMENTS for w in g.view(0).worlds for c in w) for g in games]

    def ms(label: str, seconds: float) -> Row:
        return Row(label, f"{seconds * 1000:.3f} ms", "<= 1 ms", seconds <= 0.001)

    return [
        ms(f"Score an endgame, all modules: mean (best of {REPEATS})", mean),
        ms("  slowest game (median of its calls)", slowest_game),
        ms("  worst single call (includes machine noise)", worst),
        Row(f"  calls timed, over {n} games", f"{calls:,}"),
        Row(
            "  settlements in worlds per game",
            f"mean {statistics.fmean(settled):.1f}, max {max(settled)}",
        ),
    ]


def bot_rows(settings: Settings) -> list[Row]:
    start = gamecore.new_game(GAME, players=PLAYERS, seed=0)
    search = best_rate(search_task(start), settings)
    greedy = best_rate(greedy_task, settings)
    return [
        Row(
            f"Search bot, {SEARCH_ITERATIONS} iterations, first move",
            f"{search:,.0f} iterations/s",
            "none set",
        ),
        Row("Greedy bot, 4 greedy bots, whole games", f"{greedy:,.0f} decisions/s", "none set"),
    ]


# ---------------------------------------------------------------------------- the machine


# ---------------------------------------------------------------------------- output


WIDTHS = (50, 26, 22)


def format_row(row: Row) -> str:
    met = "" if row.met is None else ("yes" if row.met else "NO")
    cells = (row.label, row.result, row.target)
    return ("".join(c.ljust(w) for c, w in zip(cells, WIDTHS)) + met).rstrip()


def header(settings: Settings) -> list[str]:
    per_repeat = settings.seconds / REPEATS
    columns = format_row(Row("Measurement", "Result", "Target")).ljust(sum(WIDTHS)) + "Met"
    return [
        "Nuevos Mundos engine benchmark",
        f"{PLAYERS}-player games, seeds 0, 1, 2, ...; random moves by random.Random(0).choice",
        f"{settings.seconds:g} s per measurement after a {settings.warmup:g} s warm-up; "
        f"throughput is the best of {REPEATS} repeats of {per_repeat:.2g} s.",
        "",
        columns,
        "-" * len(columns),
    ]


def parse_settings(argv: Sequence[str] | None = None) -> Settings:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--seconds",
        type=float,
        default=3.0,
        help=f"time per measurement, split over its {REPEATS} repeats (default: 3)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="a ~1 s smoke run (0.1 s per measurement)"
    )
    args = parser.parse_args(argv)
    if args.quick:
        return Settings(seconds=0.1, warmup=0.02, scored_games=10, sampled_games=100)
    if args.seconds <= 0:
        parser.error("--seconds must be more than 0")
    warmup = min(0.5, args.seconds / 5)
    return Settings(args.seconds, warmup, scored_games=50, sampled_games=1000)


def main(argv: Sequence[str] | None = None) -> None:
    settings = parse_settings(argv)
    for line in header(settings):
        print(line, flush=True)
    for figures in (steps_rows, games_rows, scoring_rows, bot_rows):
        for row in figures(settings):
            print(format_row(row), flush=True)
    print()
    print("\n".join(machine_lines("All timings: one process, one thread, so a single core.")))


if __name__ == "__main__":
    main()
