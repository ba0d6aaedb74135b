"""The Ecosfera planner against the planner before issue 10, game by game in one process.

    python benchmarks/planner_speedup.py                            # today's pure Python
    PYTHONPATH=build/mypyc python benchmarks/planner_speedup.py     # the compiled build

Issue 10 asks for a planner at least 3x faster with the same choices. This takes the package
as it was at commit 8028cdc (before any change to the planner) from git, renamed
``gamecore_old`` in a scratch folder (with today's ``cards.json``, so that both play the same
cards), and plays the 25 solo reference games of
``tests/test_planner_same_choices.py`` (seeds 100-104 at level 1 up to 500-504 at level 5)
with both planners, alternating which goes first, and counts each game's CPU time. Both
run in this process, so a busy machine slows both alike. Every game must end with the same
moves in both (the script stops otherwise). Printed, never asserted; the published figures
are in docs/performance.md. It needs git and the project's history.
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from machine import machine_lines

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "8028cdc"
"""The last commit before issue 10 changed the planner."""
SEEDS = [(level, 100 * level + i) for level in (1, 2, 3, 4, 5) for i in range(5)]


def old_package(commit: str, folder: Path) -> ModuleType:
    """``gamecore`` at ``commit``, unpacked into ``folder`` as ``gamecore_old`` and imported."""
    archive = folder / "old.tar"
    subprocess.run(
        ["git", "-C", str(ROOT), "archive", "-o", str(archive), commit, "gamecore"], check=True
    )
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    (folder / "gamecore").rename(folder / "gamecore_old")
    words = folder / "gamecore_old" / "words" / "__init__.py"  # its one absolute name
    words.write_text(words.read_text().replace('"gamecore.words"', '"gamecore_old.words"'))
    # the cards of today (re-tuned since, in issue 21): both planners play the same games
    cards = ROOT / "gamecore" / "ecosfera" / "cards.json"
    (folder / "gamecore_old" / "ecosfera" / "cards.json").write_bytes(cards.read_bytes())
    sys.path.insert(0, str(folder))
    return importlib.import_module("gamecore_old")


def play(package: Any, level: int, seed: int) -> tuple[float, list[str]]:
    """One solo planner game: its CPU time (from the deal to the end) and its moves."""
    start = time.process_time()
    game = package.new_game("ecosfera", players=1, seed=seed, level=level)
    bot = package.make_bot("planner", seed=seed * 10)
    while not game.is_over:
        game.play(bot.choose(game.view(game.current_player), game.legal_actions()))
    return time.process_time() - start, [repr(m) for m in game.moves()]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="times through the games")
    parser.add_argument("--games", type=int, default=len(SEEDS), help="the first N games only")
    args = parser.parse_args(argv)
    seeds = SEEDS[: args.games]
    import gamecore
    import gamecore.protocol

    compiled = (gamecore.protocol.__file__ or "").endswith((".so", ".pyd"))
    print("\n".join(machine_lines()))
    print(f"today's planner: {'compiled (mypyc)' if compiled else 'pure Python'}")
    with tempfile.TemporaryDirectory() as scratch:
        old = old_package(BEFORE, Path(scratch))
        play(gamecore, 3, 7)  # warm up both: card data, catalogs, memo tables
        play(old, 3, 7)
        for r in range(args.rounds):
            spent = {"before": 0.0, "today": 0.0}
            for i, (level, seed) in enumerate(seeds):
                order = [("before", old), ("today", gamecore)]
                moves = {}
                for name, package in order if i % 2 == 0 else order[::-1]:
                    seconds, moves[name] = play(package, level, seed)
                    spent[name] += seconds
                if moves["before"] != moves["today"]:
                    sys.exit(f"level {level}, seed {seed}: the planners chose differently")
            before = len(seeds) / spent["before"]
            today = len(seeds) / spent["today"]
            print(
                f"round {r + 1}: before {before:.2f} games/s, today {today:.2f} games/s, "
                f"{today / before:.2f}x (same moves in all {len(seeds)} games)",
                flush=True,
            )


if __name__ == "__main__":
    main()
