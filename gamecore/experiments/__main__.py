"""A study from the terminal: ``python -m gamecore.experiments GAME [options]``.

    python -m gamecore.experiments nuevos-mundos --games 1000000 --players 4 --workers 2
    python -m gamecore.experiments ecosfera --games 200 --bots planner --option level=3
    python -m gamecore.experiments nuevos-mundos --games 5000 --bots greedy,random,random \\
        --seating rotate --csv games.csv
    DASK_SCHEDULER_ADDRESS=tcp://host:8786 python -m gamecore.experiments nuevos-mundos ...

It runs ``gamecore.experiments.run_study`` with a progress line on stderr, then prints the
summary a designer asks for first (win rate per seat and per bot with their 95% intervals,
scores, game length, the game's own measures) and how long it took. ``--csv`` also writes the
table, one row per game. Set-up options pass as ``--option name=value`` (a value is read as
a number when it is one; a list as comma-separated words).
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..protocol import GAMES
from .pace import terminal_progress
from .stats import mean_and_spread
from .study import SCHEDULER_VARIABLE, StudyResult, run_study


def option_value(text: str) -> Any:
    """``3`` -> 3, ``0.5`` -> 0.5, ``a,b`` -> ["a", "b"], anything else the text itself."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text.split(",") if "," in text else text


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m gamecore.experiments",
        description="Play seeded games between bots and summarise them (the study workbench).",
    )
    parser.add_argument("game", help=f"one of: {', '.join(sorted(GAMES))}")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument(
        "--bots", default="random", help="one bot for every seat, or one per seat: a,b,c"
    )
    parser.add_argument("--seating", default="fixed", help="fixed, rotate or all_orders")
    parser.add_argument("--workers", type=int, default=1, help="local processes (joblib)")
    parser.add_argument(
        "--scheduler", default=None, help=f"a Dask scheduler (or ${SCHEDULER_VARIABLE})"
    )
    parser.add_argument("--batch", type=int, default=None, help="games per batch sent")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a set-up option"
    )
    parser.add_argument("--csv", type=Path, default=None, help="write the table here")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    return parser.parse_args(argv)


def summary(study: StudyResult, seconds: float, workers: int, where: str) -> list[str]:
    """The study in a few lines of plain text."""
    games = study.games
    lines = [
        f"{study.game}: {games:,} games, seed {study.seed}, bots {', '.join(study.bots)}"
        f" (seating {study.seating})",
        f"options: {dict(study.options) or 'none'}",
        f"took {seconds:,.1f} s on {where}: {games / seconds:,.0f} games/s",
        "",
    ]
    competitive = any(0 < len(r.winners) < study.players for r in study.rows)
    if competitive:
        fair = study.fair_rate()
        low, high = study.fair_band()
        lines.append(f"win rate by seat (fair: {fair:.1%}, luck alone: {low:.1%} to {high:.1%})")
        for seat, rate in enumerate(study.win_rates_by_seat(), 1):
            lines.append(f"  seat {seat}: {rate.rate:6.1%}  ({rate.low:.1%} to {rate.high:.1%})")
        by_bot = study.win_rates_by_bot()
        if len(by_bot) > 1:
            lines.append("win rate by bot (over the seats it filled)")
            for name, rate in by_bot.items():
                lines.append(f"  {name}: {rate.rate:6.1%}  ({rate.low:.1%} to {rate.high:.1%})")
    else:  # a cooperative game (or one player): everyone wins together, or nobody does
        team = study.team_win_rate()
        lines.append(f"games won: {team.rate:.1%} ({team.low:.1%} to {team.high:.1%})")
    mean, sd = mean_and_spread(study.scores())
    lines.append(f"score: mean {mean:.2f}, standard deviation {sd:.2f}")
    mean, sd = mean_and_spread(study.lengths())
    lines.append(f"decisions per game: mean {mean:.1f}, standard deviation {sd:.1f}")
    for name in sorted({k for r in study.rows[:1] for k, _ in r.measures}):
        values = study.measure(name)
        mean, _ = mean_and_spread(values)
        seen = sum(v is not None for v in values)
        if seen:
            lines.append(f"{name}: mean {mean:.2f} over the {seen:,} games where it happened")
        else:
            lines.append(f"{name}: happened in none of the games")
    return lines


def write_csv(study: StudyResult, path: Path) -> None:
    records = study.records()
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=list(records[0]))
        writer.writeheader()
        writer.writerows(records)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    options = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            print(f"--option takes NAME=VALUE, not {item!r}", file=sys.stderr)
            return 2
        options[name.strip()] = option_value(value.strip())
    bots: str | list[str] = args.bots.split(",") if "," in args.bots else args.bots
    start = time.perf_counter()
    try:
        study = run_study(
            args.game,
            args.games,
            args.seed,
            players=args.players,
            bots=bots,
            seating=args.seating,
            workers=args.workers,
            scheduler=args.scheduler,
            batch=args.batch,
            progress=None if args.quiet else terminal_progress(),
            **options,
        )
    except (ValueError, RuntimeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - start
    address = args.scheduler or os.environ.get(SCHEDULER_VARIABLE)
    where = (
        f"the Dask cluster at {address}"
        if address
        else f"{args.workers} local process{'es' if args.workers > 1 else ''}"
    )
    print("\n".join(summary(study, seconds, args.workers, where)))
    if args.csv is not None:
        write_csv(study, args.csv)
        print(f"table written to {args.csv} ({study.games:,} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
