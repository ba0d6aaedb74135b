"""Ecosfera: a co-operative card game about rewilding the world, for 1-4 players.

``final_score(level=…, players=…, biome_tiles=…, extinction_tiles=…, supply_elements=…)``
scores a physical game; ``gamecore.new_game("ecosfera", players=1, level=1)`` plays one.
"""

from ..protocol import GameSpec, Setup, register
from . import bots
from .data import (
    ABILITIES,
    BIOMES,
    CHALLENGES,
    ELEMENTS,
    LEVELS,
    CardSet,
    ability_name,
    biome_label,
    card_label,
    card_words,
    default_cards,
    element_name,
    load_cards,
    parse_cards,
)
from .game import (
    ANIMAL_ROW,
    NO_TILE,
    OWN_DECK,
    PLANT_ROW,
    RECYCLE,
    TILE,
    AcquireAnimal,
    AcquirePlant,
    ClaimBiomes,
    Ecosfera,
    EcosferaView,
    EndTurn,
    Move,
    Mycorrhiza,
    Plus,
    Refresh,
    TakeMissingElement,
    paid_cards,
    paid_mask,
)
from .scoring import CATEGORIES, TEAM, category_titles, final_score

SPEC = register(
    GameSpec(
        name=Ecosfera.name,
        title="Ecosfera",
        game_class=Ecosfera,
        min_players=Ecosfera.min_players,
        max_players=Ecosfera.max_players,
        max_moves=bots.max_moves,
        determinize=bots.determinize,
        heuristic=bots.heuristic,
        rewards=bots.rewards,
        check_invariants=bots.check_invariants,
        sample_illegal=bots.sample_illegal,
        conformance=(
            *(Setup(players, {"level": level}) for players in (1, 2, 3, 4) for level in LEVELS),
            Setup(2, {"level": 3, "extinction_rebel": True, "first_player": 1}, seeds=6),
            Setup(3, {"level": 4, "round_limit": 4, "first_player": 2}, seeds=6),
            Setup(4, {"level": 5, "first_player": 3}, seeds=6),
        ),
    )
)

__all__ = [
    "ABILITIES",
    "ANIMAL_ROW",
    "BIOMES",
    "CATEGORIES",
    "CHALLENGES",
    "ELEMENTS",
    "LEVELS",
    "NO_TILE",
    "OWN_DECK",
    "PLANT_ROW",
    "RECYCLE",
    "SPEC",
    "TEAM",
    "TILE",
    "AcquireAnimal",
    "AcquirePlant",
    "CardSet",
    "ClaimBiomes",
    "Ecosfera",
    "EcosferaView",
    "EndTurn",
    "Move",
    "Mycorrhiza",
    "Plus",
    "Refresh",
    "TakeMissingElement",
    "ability_name",
    "biome_label",
    "card_label",
    "card_words",
    "category_titles",
    "default_cards",
    "element_name",
    "final_score",
    "load_cards",
    "paid_cards",
    "paid_mask",
    "parse_cards",
]
