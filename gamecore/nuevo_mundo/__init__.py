"""Nuevo Mundo: 2-5 expeditions settle the islands of an imaginary Caribbean, move troops with
the colour die and fight with the criptex.

``gamecore.new_game("nuevo-mundo", players=2..5, seed=..., scenario="random" | "teaching" |
"antillas" | "golfo", dice="engine" | "table", cards="engine" | "table", rounds=20,
operations=30)`` plays one
(``game.py``, over the position of ``position.py``: one check per action in ``checks.py``,
the legal moves in ``moves.py``, the stages in ``stages.py``, the view in ``view.py``, the
score sheet in ``scoring.py``); ``maps`` and ``builder`` hold the scenarios and the map
tiles, ``data`` the components and cards, ``criptex`` the battle criptex as mathematics
(criteria, rounds, equilibria).
"""

from ..protocol import GameSpec, Setup, register
from . import bots, players
from .criptex import battle_round, criterion
from .game import NuevoMundo, NuevoMundoView

SPEC = register(
    GameSpec(
        name=NuevoMundo.name,
        title="Nuevo Mundo",
        game_class=NuevoMundo,
        min_players=NuevoMundo.min_players,
        max_players=NuevoMundo.max_players,
        max_moves=bots.max_moves,
        determinize=bots.determinize,
        heuristic=bots.heuristic,
        rewards=bots.rewards,
        check_invariants=bots.check_invariants,
        sample_illegal=bots.sample_illegal,
        policy=players.greedy_policy,
        rollout_horizon=players.ROLLOUT_HORIZON,
        secret=bots.secret,
        search_choices=players.search_choices,
        search_iterations=players.SEARCH_ITERATIONS,
        conformance=(
            *(
                Setup(count, {"scenario": key, "dice": dice, "rounds": rounds}, seeds=seeds)
                for key, count, rounds, seeds in (
                    ("teaching", 2, 4, 4),
                    ("examples", 2, 4, 2),
                    ("antillas", 2, 4, 3),
                    ("antillas", 3, 3, 3),
                    ("golfo", 4, 3, 2),
                    ("golfo", 5, 3, 2),
                    ("random", 2, 4, 3),
                    ("random", 3, 3, 3),
                    ("random", 4, 3, 2),
                    ("random", 5, 3, 2),
                )
                for dice in ("engine", "table")
            ),
            # the cards typed in from a real table, with typed dice and with the engine's
            *(
                Setup(count, {"scenario": key, "dice": dice, "cards": "table", "rounds": rounds})
                for key, count, dice, rounds in (
                    ("teaching", 2, "table", 4),
                    ("antillas", 3, "engine", 3),
                    ("random", 5, "table", 3),
                )
            ),
            # whole games, as long as random play makes them (about a thousand moves)
            Setup(3, {"scenario": "antillas"}, seeds=2, label="antillas-whole"),
            Setup(5, {"scenario": "random", "dice": "table"}, seeds=1, label="random-table-whole"),
            Setup(
                3,
                {"scenario": "antillas", "dice": "table", "cards": "table"},
                seeds=1,
                label="antillas-typed-cards-whole",
            ),
        ),
    )
)

__all__ = ["SPEC", "NuevoMundo", "NuevoMundoView", "battle_round", "criterion"]
