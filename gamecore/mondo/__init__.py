"""Mondo: everyone builds a world of landscapes and animals on their own board, at the same
time, from one shared heap of tiles.

``gamecore.new_game("mondo", players=1..4, seed=..., side="A"|"B", level=...)`` plays one
(``game.py``); ``score_round(boards)`` scores boards typed as text (``scoring.py``);
``faces`` holds the tile faces as data, ``data`` the components (tiles, boards, chips).
"""

from ..protocol import GameSpec, Setup, register
from . import bots
from .actions import JumpOut, Place, Return, Stop, Take, TakeTask, clock
from .faces import Face, parse_face
from .game import Mondo, MondoView
from .scoring import CATEGORIES, analyse, score_boards, score_round

SPEC = register(
    GameSpec(
        name=Mondo.name,
        title="Mondo",
        game_class=Mondo,
        min_players=Mondo.min_players,
        max_players=Mondo.max_players,
        max_moves=bots.max_moves,
        determinize=bots.determinize,
        heuristic=bots.heuristic,
        rewards=bots.rewards,
        check_invariants=bots.check_invariants,
        sample_illegal=bots.sample_illegal,
        conformance=tuple(
            Setup(players, {"level": level, "side": side}, seeds=2 if players < 3 else 1)
            for level in ("beginner", "advanced", "expert")
            for side in ("A", "B")
            for players in (1, 2, 3, 4)
        ),
    )
)

__all__ = [
    "CATEGORIES",
    "SPEC",
    "Face",
    "JumpOut",
    "Mondo",
    "MondoView",
    "Place",
    "Return",
    "Stop",
    "Take",
    "TakeTask",
    "analyse",
    "clock",
    "parse_face",
    "score_boards",
    "score_round",
]
