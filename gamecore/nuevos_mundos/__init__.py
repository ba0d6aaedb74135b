"""Nuevos Mundos: a biome card game for 2-4 players.

``score(worlds, modules)`` scores a physical game; ``gamecore.new_game("nuevos-mundos")``
plays one.
"""

from ..protocol import GameSpec, Setup, register
from . import bots
from .data import BIOMES, ICONS, MODULES, biome_of, card_icons, card_label
from .game import (
    LastCard,
    Lay,
    NoLastCard,
    NuevosMundos,
    NuevosMundosView,
    TakeBiome,
    TakeDigits,
    digit_spaces,
)
from .scoring import CATEGORIES, score

SPEC = register(
    GameSpec(
        name=NuevosMundos.name,
        title="Nuevos Mundos",
        game_class=NuevosMundos,
        min_players=NuevosMundos.min_players,
        max_players=NuevosMundos.max_players,
        max_moves=bots.max_moves,
        determinize=bots.determinize,
        heuristic=bots.heuristic,
        rewards=bots.rewards,
        check_invariants=bots.check_invariants,
        sample_illegal=bots.sample_illegal,
        conformance=tuple(
            Setup(players, {"modules": modules}, seeds=6, label=label)
            for modules, label in (
                ((), "base"),
                *(((m,), m) for m in MODULES),
                (MODULES, "all_modules"),
            )
            for players in (2, 3, 4)
        ),
    )
)

__all__ = [
    "BIOMES",
    "CATEGORIES",
    "ICONS",
    "MODULES",
    "SPEC",
    "LastCard",
    "Lay",
    "NoLastCard",
    "NuevosMundos",
    "NuevosMundosView",
    "TakeBiome",
    "TakeDigits",
    "biome_of",
    "card_icons",
    "card_label",
    "digit_spaces",
    "score",
]
