"""Ecosfera card trials: the planner's solo win rate per level for a changed card list.

    python benchmarks/ecosfera_card_trials.py F4 --games 500 --levels 1 2 4 5
    python benchmarks/ecosfera_card_trials.py --list

Each trial is a named change to ``gamecore/ecosfera/cards.json`` (``TRIALS`` below: only
element costs, ability symbols and which of its real biomes a card shows move; species and
facts stay). The file on disk is never touched: the changed list is checked by
``parse_cards`` and installed in this process only, then the games are played on
``--workers`` forked processes. Game ``i`` of a level is game ``i`` of the published study
(``gamecore.ecosfera.study.play_solo`` with the same seed), so a trial that is written into
``cards.json`` gives the same games in ``benchmarks/ecosfera_study.py``. The issue 21 trials
are in ``docs/ecosfera-balance.md``. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import multiprocessing
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from gamecore.ecosfera import data
from gamecore.ecosfera.study import SoloGame, play_solo, steps, summarise

CARDS = Path(__file__).resolve().parents[1] / "gamecore" / "ecosfera" / "cards.json"
Cards = dict[str, Any]


def _card(cards: Cards, name: str) -> dict[str, Any]:
    found: list[dict[str, Any]] = [
        c for c in cards["plants"] + cards["animals"] if c["name"] == name
    ]
    if len(found) != 1:
        raise ValueError(f"no single card named {name!r}")
    return found[0]


def cost(cards: Cards, name: str, **elements: int) -> None:
    """Set a plant's element cost (element=count, 0 removes it)."""
    card = _card(cards, name)
    for element, n in elements.items():
        if n:
            card["cost"][element] = n
        else:
            card["cost"].pop(element, None)


def symbols(cards: Cards, name: str, *abilities: str) -> None:
    """Set a card's ability symbols."""
    _card(cards, name)["abilities"] = list(abilities)


def biomes(cards: Cards, name: str, *shown: str) -> None:
    """Set the biomes a card shows (real biomes of its species only)."""
    _card(cards, name)["biomes"] = list(shown)


def published(c: Cards) -> None:
    """The published cards, unchanged."""


def f4(c: Cards) -> None:
    """Issue 21's F4: two trees and a tundra shrub cost water and sun only; movement
    symbols where five plus symbols were; fewer symbols on the creosote bush and lily."""
    cost(c, "Scots pine", earth=0)
    cost(c, "Kapok tree", air=0)
    cost(c, "Arctic willow", earth=0)
    for name in ("Scots pine", "English oak", "Red oat grass", "Scarlet star bromeliad"):
        symbols(c, name, "movement")
    symbols(c, "Giant kelp", "movement")
    symbols(c, "Creosote bush", "refresh")
    symbols(c, "Giant water lily", "movement")


def wet_tundra(c: Cards) -> None:
    """F4, and the bog plants of the tundra also show the aquatic biome (so they need two
    water): tussock cottongrass and cloudberry."""
    f4(c)
    for name in ("Tussock cottongrass", "Cloudberry"):
        biomes(c, name, "tundra", "aquatic")
        cost(c, name, water=2)


def wet_kapok(c: Cards) -> None:
    """wet_tundra, and the kapok tree of the flooded riverside forests also shows the
    aquatic biome (two water)."""
    wet_tundra(c)
    biomes(c, "Kapok tree", "tropical", "aquatic")
    cost(c, "Kapok tree", water=2)


def wet_kapok_plus(c: Cards) -> None:
    """wet_kapok, and English oak and red oat grass get back a plus symbol beside their
    movement symbol."""
    wet_kapok(c)
    symbols(c, "English oak", "movement", "plus")
    symbols(c, "Red oat grass", "movement", "plus")


def wet_tundra_plus(c: Cards) -> None:
    """wet_tundra, and English oak and red oat grass get back a plus symbol beside their
    movement symbol."""
    wet_tundra(c)
    symbols(c, "English oak", "movement", "plus")
    symbols(c, "Red oat grass", "movement", "plus")


TRIALS: dict[str, Callable[[Cards], None]] = {
    "published": published,
    "F4": f4,
    "wet_tundra": wet_tundra,
    "wet_tundra_plus": wet_tundra_plus,
    "wet_kapok": wet_kapok,
    "wet_kapok_plus": wet_kapok_plus,
}


def changed_cards(trial: str) -> Cards:
    cards: Cards = json.loads(CARDS.read_text(encoding="utf-8"))
    changed = copy.deepcopy(cards)
    TRIALS[trial](changed)
    return changed


def install(cards: Cards) -> None:
    """Make ``cards`` this process's default card list (and its forked workers')."""
    data._DEFAULT[:] = [data.parse_cards(cards)]


def _play(job: tuple[int, int, int]) -> SoloGame:
    level, index, seed = job
    return play_solo(level, index, seed=seed, bot="planner")


def report(trial: str, games: Sequence[SoloGame]) -> None:
    """Print each level's win rate, interval, length and element run-outs, and the steps."""
    levels = sorted({g.level for g in games})
    rows = {lv: summarise([g for g in games if g.level == lv]) for lv in levels}
    counts = sorted({s.games for s in rows.values()})
    print(f"trial {trial}: {'/'.join(map(str, counts))} planner games per level")
    for lv, s in rows.items():
        low, high = s.interval
        print(
            f"  level {lv}: {100 * s.win_rate:5.1f}% ({100 * low:.1f}-{100 * high:.1f})  "
            f"turns {s.mean_turns:4.1f}  taken {s.mean_taken:4.1f}  water ran out "
            f"{100 * s.ran_out['water']:3.0f}% (turn {s.ran_out_turn['water'] or 0:4.1f})  sun "
            f"{100 * s.ran_out['sun']:3.0f}% (turn {s.ran_out_turn['sun'] or 0:4.1f})"
        )
    for a, b, drop, z in steps(rows):
        pa, pb = rows[a].win_rate, rows[b].win_rate
        z1000 = drop / math.sqrt((pa * (1 - pa) + pb * (1 - pb)) / 1000)
        print(
            f"  {a}->{b}: drop {100 * drop:+.1f} points, z = {z:.2f} "
            f"(the same rates over 1000 games a level: z = {z1000:.2f})"
        )


def read_games(path: Path) -> tuple[str, list[SoloGame]]:
    saved = json.loads(path.read_text(encoding="utf-8"))
    return saved["trial"], [SoloGame(**g) for g in saved["games"]]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("trial", nargs="?", choices=sorted(TRIALS))
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--levels", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--list", action="store_true", help="list the trials")
    parser.add_argument("--save", type=Path, help="write every game's summary to this JSON file")
    parser.add_argument(
        "--join", type=Path, nargs="+", help="report the games of these --save files together"
    )
    args = parser.parse_args(argv)
    if args.join:
        read = [read_games(path) for path in args.join]
        trials = {trial for trial, _ in read}
        if len(trials) != 1:
            parser.error(f"the files hold different trials: {sorted(trials)}")
        unique = {(g.level, g.index, g.seed): g for _, games in read for g in games}
        report(trials.pop(), list(unique.values()))
        return
    if args.list or args.trial is None:
        for name, change in TRIALS.items():
            print(f"{name}: {(change.__doc__ or '').split(chr(10))[0]}")
        return
    install(changed_cards(args.trial))
    indices = range(args.first, args.first + args.games)
    jobs = [(lv, i, args.seed) for i in indices for lv in args.levels]
    start = time.perf_counter()
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(args.workers) as pool:
        games = list(pool.imap_unordered(_play, jobs, chunksize=4))
    wall = time.perf_counter() - start
    print(f"seed {args.seed}, games {indices.start}-{indices.stop - 1}")
    report(args.trial, games)
    print(f"  {len(games)} games in {wall:.0f} s on {args.workers} workers")
    if args.save:
        rows_out = [asdict(g) for g in sorted(games, key=lambda g: (g.level, g.index))]
        args.save.write_text(json.dumps({"trial": args.trial, "games": rows_out}) + "\n")


if __name__ == "__main__":
    main()
