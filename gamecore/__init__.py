"""Mundos Lab's rules engines: one protocol, four games (pure Python, standard library only).

import gamecore
g = gamecore.new_game("nuevos-mundos", players=3, seed=1)
g.play(g.legal_actions()[0])
print(g.score())
"""

from . import ecosfera, mondo, nuevo_mundo, nuevos_mundos
from .bots import GreedyBot, RandomBot, SearchBot, make_bot, play_game
from .errors import IllegalAction, Refusal, SaveFileError, refuse
from .protocol import GAMES, Action, Chance, Game, GameSpec, Outcome, load_json, new_game
from .scoresheet import Placing, ScoreRow, ScoreSheet
from .words import get_language, set_language, t

__all__ = [
    "GAMES",
    "Action",
    "Chance",
    "Game",
    "GameSpec",
    "GreedyBot",
    "IllegalAction",
    "Outcome",
    "Placing",
    "RandomBot",
    "Refusal",
    "SaveFileError",
    "ScoreRow",
    "ScoreSheet",
    "SearchBot",
    "ecosfera",
    "get_language",
    "load_json",
    "make_bot",
    "mondo",
    "new_game",
    "nuevo_mundo",
    "nuevos_mundos",
    "play_game",
    "refuse",
    "set_language",
    "t",
]
