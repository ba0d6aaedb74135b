"""Nuevo Mundo's built maps: what the builder makes, what it costs, how crowded the names are.

For each player count, over every die value and ``--shuffles`` recorded shuffles: the
islands per board (fewest, median, most), the largest and smallest island's cells (median),
the share of land, the time to build a board and to compute its drawn outlines. Then, on the
notebook table's map after four rounds of greedy play (``--games`` seeds), how many region
names had no clear place and were drawn on a plate over the pieces.

    nice -n 10 .venv/bin/python benchmarks/nuevo_mundo_maps.py

Printed, never asserted (docs/rules/nuevo-mundo.md, "Built maps as an archipelago").
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from machine import machine_lines

from gamecore import make_bot
from gamecore.nuevo_mundo import NuevoMundo
from gamecore.nuevo_mundo.builder import _build
from gamecore.nuevo_mundo.maps import TILE_COUNT, Map
from widgets.nuevo_mundo.coastlines import outlines
from widgets.nuevo_mundo.table import NuevoMundoTable


def island_cells(board: Map) -> list[int]:
    return sorted(
        sum(len(board.regions[r].cells) for r in board.island_regions(i))
        for i in range(board.islands)
    )


def boards_line(players: int, shuffles: int) -> str:
    islands, largest, smallest, land, build, drawn = [], [], [], [], [], []
    for die in range(1, 7):
        for seed in range(shuffles):
            order = list(range(TILE_COUNT))
            random.Random(5000 + seed * 13 + die).shuffle(order)
            start = time.perf_counter()
            board = _build.__wrapped__(die, tuple(order), players)
            middle = time.perf_counter()
            outlines.__wrapped__(board)
            build.append(middle - start)
            drawn.append(time.perf_counter() - middle)
            sizes = island_cells(board)
            islands.append(board.islands)
            largest.append(sizes[-1])
            smallest.append(sizes[0])
            land.append(sum(sizes) / (board.rows * board.cols))
    return (
        f"{players} players  islands {min(islands)}/{statistics.median(islands):g}/"
        f"{max(islands)}  largest {statistics.median(largest):g} cells  smallest "
        f"{statistics.median(smallest):g}  land {statistics.mean(land):.0%}  build "
        f"{1000 * statistics.mean(build):.1f} ms  outlines {1000 * statistics.mean(drawn):.1f} ms"
    )


def plates_line(players: int, games: int) -> str:
    plated = named = 0
    for seed in range(games):
        game = NuevoMundo(players, seed)
        bots = [make_bot("greedy", seed=seed + p) for p in range(players)]
        while not game.is_over and (game.round < 4 or game.current_player != 0):
            p = game.current_player
            assert p is not None
            game.play(bots[p].choose(game.view(p), game.legal_actions()))
        ids = {s.id for s in NuevoMundoTable.from_game(game).scene()}
        named += len(game.map.regions)
        plated += sum(f"name-{r.id}-plate" in ids for r in game.map.regions)
    return f"{players} players  {plated} of {named} names on a plate"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shuffles", type=int, default=10)
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args(argv)
    if args.shuffles < 1 or args.games < 0:
        parser.error("--shuffles must be at least 1 and --games at least 0")
    print(f"Built boards (6 dice x {args.shuffles} shuffles per player count)")
    for players in range(2, 6):
        print("  " + boards_line(players, args.shuffles))
    if args.games:
        print(f"Names on the table's map after 4 rounds of greedy play ({args.games} seeds)")
        for players in range(2, 6):
            print("  " + plates_line(players, args.games))
    print("\n".join(machine_lines("times: one process, the machine shared with other work")))


if __name__ == "__main__":
    main(sys.argv[1:])
