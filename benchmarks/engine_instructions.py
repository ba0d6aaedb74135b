"""Instructions per seeded random game of every engine, counted by valgrind's callgrind.

Instruction counts do not depend on how busy the machine is (two runs give the same total),
so they compare two versions of the engines fairly on a shared machine. For each game the
driver plays ``--games`` seeded random games through the public API (``new_game``,
``legal_actions()``, ``play()``); the count of a run with no games (Python's start and the
imports) is subtracted, and the rest divided by the number of games.

    python benchmarks/engine_instructions.py                 # this tree
    python benchmarks/engine_instructions.py --ref 0e41c72   # and a commit, side by side

``--ref`` checks the commit out into a temporary git worktree and counts it with the same
Python, so the two columns differ only by the engines' code. Printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from machine import machine_lines

REPO = Path(__file__).resolve().parents[1]

GAMES: dict[str, tuple[int, dict[str, object]]] = {
    # game: (players, options) of the games counted
    "nuevos-mundos": (4, {"modules": ("human_settlements", "discord")}),
    "ecosfera": (2, {"level": 3}),
    "mondo": (3, {"level": "advanced"}),
    "nuevo-mundo": (3, {"scenario": "antillas", "rounds": 4}),
}

DRIVER = """
import random, sys
import gamecore
name, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
options = eval(sys.argv[4])
steps = 0
for seed in range(games):
    game = gamecore.new_game(name, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
        steps += 1
print("steps", steps)
"""


def count(tree: Path, name: str, games: int) -> tuple[int, int]:
    """(instructions, decisions) of ``games`` random games of ``name`` in ``tree``."""
    players, options = GAMES[name]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                DRIVER,
                name,
                str(players),
                str(games),
                repr(options),
            ],
            cwd=tmp,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        total = re.search(r"Collected : (\d+)", run.stderr)
        steps = re.search(r"steps (\d+)", run.stdout)
        assert total and steps, run.stderr[-2000:]
        return int(total[1]), int(steps[1])


def per_game(tree: Path, name: str, games: int) -> tuple[float, float]:
    """Instructions per game and per decision, the start-up subtracted."""
    base, _ = count(tree, name, 0)
    total, steps = count(tree, name, games)
    return (total - base) / games, (total - base) / max(steps, 1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="games per engine (default 5)")
    parser.add_argument("--ref", help="a commit to count beside this tree")
    parser.add_argument("--only", choices=sorted(GAMES), help="one game only")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    names = [args.only] if args.only else list(GAMES)
    trees: list[tuple[str, Path]] = [("this tree", REPO)]
    worktree = None
    if args.ref:
        worktree = Path(tempfile.mkdtemp(prefix="mundos-ref-"))
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(worktree), args.ref],
            cwd=REPO,
            check=True,
            capture_output=True,
        )
        trees.insert(0, (args.ref, worktree))
    try:
        print("\n".join(machine_lines(f"valgrind --tool=callgrind, {args.games} games each")))
        header = " | ".join(f"{label} (per game, per decision)" for label, _ in trees)
        print(f"\n| game | {header} |")
        print("|---|" + "---|" * len(trees))
        for name in names:
            cells = []
            for _, tree in trees:
                game, decision = per_game(tree, name, args.games)
                cells.append(f"{game / 1e6:,.2f} M, {decision / 1e3:,.1f} k")
            print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
    finally:
        if worktree is not None:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(worktree)],
                cwd=REPO,
                check=False,
                capture_output=True,
            )


if __name__ == "__main__":
    main()
