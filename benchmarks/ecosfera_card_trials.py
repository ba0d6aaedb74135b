"""Ecosfera card trials: the planner's solo win rate per level for a changed card list.

    python benchmarks/ecosfera_card_trials.py F4 --games 500 --levels 1 2 4 5
    python benchmarks/ecosfera_card_trials.py --list

Each trial is a named change to the cards issue 21 started from, the cards of issue 8
(``benchmarks/data/ecosfera_cards_issue8.json``, the trial ``issue8``; ``TRIALS`` below: only
element costs, ability symbols and which of its real biomes a card shows move; species and
facts stay). The published cards, ``gamecore/ecosfera/cards.json``, are the trial
``narrow_plus4`` since issue 21 (a test checks it). No file is touched: the changed list is
checked by
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

BASE = Path(__file__).resolve().parent / "data" / "ecosfera_cards_issue8.json"
"""The cards every trial changes: the published cards before issue 21."""
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


def issue8(c: Cards) -> None:
    """The cards of issue 8 (published until issue 21), unchanged."""


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


# Issue 21, third session (2026-12-05): levers for the middle steps, from wet_kapok_plus.


def refresh_kapok_plus(c: Cards) -> None:
    """wet_kapok_plus, and giant kelp and scarlet star bromeliad show a refresh symbol
    instead of their movement symbol: a player short of water can turn over the plant
    display to find a card its line can pay, which should help most at the hard levels,
    where water runs out early (flatten the hard end)."""
    wet_kapok_plus(c)
    symbols(c, "Giant kelp", "refresh")
    symbols(c, "Scarlet star bromeliad", "refresh")


def sunny_kapok_plus(c: Cards) -> None:
    """wet_kapok_plus, and two full-sun desert plants, saguaro and soft spinifex, need two
    sun: the sun deck, which ran out late and in fewer games, should start to bind at the
    easier levels too (a second deck whose size matters)."""
    wet_kapok_plus(c)
    cost(c, "Saguaro", sun=2)
    cost(c, "Soft spinifex", sun=2)


def sunny_plus(c: Cards) -> None:
    """sunny_kapok_plus, and purple saxifrage and moon orchid show a plus symbol. Two-sun
    costs lowered level 1 far more than level 5 (the easy end flattened); plus symbols
    raised level 1 more than level 5 (wet_kapok to wet_kapok_plus): together they should
    even out the steps."""
    sunny_kapok_plus(c)
    symbols(c, "Purple saxifrage", "plus")
    symbols(c, "Moon orchid", "plus")


def sunny_plus3(c: Cards) -> None:
    """sunny_plus, and the Scots pine shows a plus symbol again instead of its movement
    symbol: a third extra card, to lift level 1 further."""
    sunny_plus(c)
    symbols(c, "Scots pine", "plus")


def saguaro_plus(c: Cards) -> None:
    """Halfway between wet_kapok_plus with two more plus symbols (plus4) and sunny_plus:
    only the saguaro needs two sun. sunny_plus had even steps but too little drop in all
    (18.6 points in its screen); without any two-sun cost the drop is larger but piled up
    at the hard end."""
    wet_kapok_plus(c)
    cost(c, "Saguaro", sun=2)
    symbols(c, "Purple saxifrage", "plus")
    symbols(c, "Moon orchid", "plus")


def plus4(c: Cards) -> None:
    """wet_kapok_plus, and purple saxifrage and moon orchid show a plus symbol (sunny_plus
    without its two-sun costs): what the plus symbols alone do."""
    wet_kapok_plus(c)
    symbols(c, "Purple saxifrage", "plus")
    symbols(c, "Moon orchid", "plus")


def sunny_move(c: Cards) -> None:
    """sunny_kapok_plus, and purple saxifrage and moon orchid show a movement symbol
    (sunny_plus with movement instead of plus). In solo a movement keeps a chosen card for
    the next turn; movement symbols instead of refresh raised level 1 by 10 points and
    lowered level 5 by 4 (refresh_kapok_plus against wet_kapok_plus): they steepen."""
    sunny_kapok_plus(c)
    symbols(c, "Purple saxifrage", "movement")
    symbols(c, "Moon orchid", "movement")


def move4(c: Cards) -> None:
    """wet_kapok_plus, and purple saxifrage and moon orchid show a movement symbol: plus4
    with movement instead of plus."""
    wet_kapok_plus(c)
    symbols(c, "Purple saxifrage", "movement")
    symbols(c, "Moon orchid", "movement")


def narrow(c: Cards) -> None:
    """Two animal cards show one of their real biomes instead of two: the hippopotamus only
    the savanna, the capybara only the aquatic biome (the most the design tests allow: each
    biome stays on five animals). Fewer pairs should make the games longer, so that buying
    with water still matters after turn 30, where level 1 and 2 differ."""
    biomes(c, "Hippopotamus", "savanna")
    biomes(c, "Capybara", "aquatic")


def narrow_plus4(c: Cards) -> None:
    """plus4, and the two narrower animal cards of ``narrow``."""
    plus4(c)
    narrow(c)


def narrow_move4(c: Cards) -> None:
    """move4, and the two narrower animal cards of ``narrow``."""
    move4(c)
    narrow(c)


def np4_move2(c: Cards) -> None:
    """narrow_plus4, and the msasa and welwitschia show a movement symbol. Movement symbols
    were worth most at level 1 (refresh_kapok_plus): two more should raise level 1 more
    than level 2, the step issue 21 still lacks."""
    narrow_plus4(c)
    symbols(c, "Msasa", "movement")
    symbols(c, "Welwitschia", "movement")


TRIALS: dict[str, Callable[[Cards], None]] = {
    "issue8": issue8,
    "F4": f4,
    "wet_tundra": wet_tundra,
    "wet_tundra_plus": wet_tundra_plus,
    "wet_kapok": wet_kapok,
    "wet_kapok_plus": wet_kapok_plus,
    "refresh_kapok_plus": refresh_kapok_plus,
    "sunny_kapok_plus": sunny_kapok_plus,
    "sunny_plus": sunny_plus,
    "sunny_plus3": sunny_plus3,
    "saguaro_plus": saguaro_plus,
    "plus4": plus4,
    "sunny_move": sunny_move,
    "move4": move4,
    "narrow_plus4": narrow_plus4,
    "narrow_move4": narrow_move4,
    "np4_move2": np4_move2,
}


def changed_cards(trial: str) -> Cards:
    cards: Cards = json.loads(BASE.read_text(encoding="utf-8"))
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
