"""Nuevo Mundo: 2-5 expeditions settle the islands of an imaginary Caribbean, move troops with
the colour die and fight with the criptex.

``gamecore.new_game("nuevo-mundo", players=2..5, seed=..., scenario="random" | "teaching" |
"antillas" | "golfo", dice="engine" | "table", rounds=20, operations=30)`` plays one
(``game.py``); ``maps`` holds the scenarios and the map tiles, ``data`` the components and
cards, ``criptex`` the battle criptex as mathematics (criteria, rounds, equilibria).
"""

from ..protocol import GameSpec, register
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
    )
)

__all__ = ["SPEC", "NuevoMundo", "NuevoMundoView", "battle_round", "criterion"]
