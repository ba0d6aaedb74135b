"""Seeded games whose digests are pinned in ``tests/data/same_games.json``.

A refactor of an engine must not change a single game: the same seed, options and choices
give the same log, position, views and score sheet ("random:" and "greedy:" digests). The
"trace:" digests add what a player was shown at every step of the random games (the mover's
view and the legal actions in words): a change of wording changes only those.
``python tests/same_games.py --write`` records the digests (only when a rule change is meant
to change games, and said so in the commit); ``tests/test_same_games.py`` compares against
them.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import gamecore

PINNED = Path(__file__).with_name("data") / "same_games.json"

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("nuevos-mundos", 2, {}),
    ("nuevos-mundos", 3, {"modules": ("discord",)}),
    (
        "nuevos-mundos",
        4,
        {"modules": ("human_settlements", "global_natural_balance", "vital_capacity", "discord")},
    ),
    ("ecosfera", 1, {"level": 1}),
    ("ecosfera", 2, {"level": 3}),
    ("ecosfera", 4, {"level": 5}),
    ("mondo", 2, {}),
    ("mondo", 3, {"level": "advanced"}),
    ("mondo", 4, {"level": "expert"}),
    ("nuevo-mundo", 2, {"scenario": "teaching", "rounds": 6}),
    ("nuevo-mundo", 3, {"scenario": "antillas", "rounds": 4}),
    ("nuevo-mundo", 4, {"scenario": "random", "rounds": 3, "dice": "table"}),
]
SEEDS = (1, 2)


def _case_id(name: str, players: int, options: dict[str, Any], seed: int) -> str:
    shown = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{name}/{players}p/{shown or 'default'}/seed{seed}"


def play_random(
    name: str, players: int, seed: int, options: dict[str, Any], trace: Any = None
) -> gamecore.Game:
    """A game of random choices, the choice stream seeded apart from the game's own; ``trace``
    (a hash) takes the mover's view and the legal actions at every step."""
    game = gamecore.new_game(name, players=players, seed=seed, **options)
    rng = random.Random(f"same-games:{seed}")
    while not game.is_over:
        legal = game.legal_actions()
        if trace is not None:
            mover = game.current_player
            assert mover is not None
            trace.update(repr((game.view(mover), [str(a) for a in legal])).encode())
        game.play(rng.choice(legal))
    return game


def play_greedy(name: str, players: int, seed: int, options: dict[str, Any]) -> gamecore.Game:
    game = gamecore.new_game(name, players=players, seed=seed, **options)
    bots = [gamecore.make_bot("greedy", seed=seed * 10 + i) for i in range(players)]
    return gamecore.play_game(game, bots)


def digest(game: gamecore.Game) -> str:
    """The game itself: its log (every decision and chance outcome), every player's view at
    the end and the score sheet, hashed."""
    sheet = game.score()
    parts = [
        game.to_json(),
        repr([(r.player, r.category, r.points, r.reason) for r in sheet.rows]),
        repr([(p.player, p.place) for p in sheet.ranking()]),
        repr([game.view(p) for p in range(len(game.players))]),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def all_digests() -> dict[str, str]:
    gamecore.set_language("en")
    out: dict[str, str] = {}
    for name, players, options in CASES:
        for seed in SEEDS:
            key = _case_id(name, players, options, seed)
            trace = hashlib.sha256()
            game = play_random(name, players, seed, options, trace)
            out["random:" + key] = digest(game)
            out["trace:" + key] = trace.hexdigest()
        key = _case_id(name, players, options, SEEDS[0])
        out["greedy:" + key] = digest(play_greedy(name, players, SEEDS[0], options))
    return out


if __name__ == "__main__":
    digests = all_digests()
    if "--write" in sys.argv:
        PINNED.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(digests)} digests to {PINNED}")
    else:
        print(json.dumps(digests, indent=1, sort_keys=True))
