"""Nuevo Mundo's stages, the decisions a game can wait for, and the few numbers of its rules
that are not components (``game.py`` re-exports them)."""

from __future__ import annotations

from typing import Final

# Stages of the game
ORDER: Final = "order"
"""The players throw the numeric die for the first turn order."""
ENTER: Final = "enter"
"""Entering the board: each player builds a first settlement."""
PLACE: Final = "place"
OPERATE: Final = "operate"
OVER: Final = "over"

# What the game waits for inside a stage ("" = the stage's own choices)
NUMBER: Final = "number"
"""A typed numeric die (``dice="table"``)."""
COLOUR: Final = "colour"
"""A typed colour die (``dice="table"``)."""
PICK: Final = "pick"
MOVE: Final = "move"
SAIL: Final = "sail"
COMBO: Final = "combo"
ANSWER: Final = "answer"
TACTIC_ATTACKER: Final = "tactic_attacker"
TACTIC_DEFENDER: Final = "tactic_defender"
PLUNDER: Final = "plunder"
DRAW: Final = "draw"
"""A typed card, turned face up from the deck (``cards="table"``)."""
PLUNDER_CARD: Final = "plunder_card"
"""A typed card: which of their cards of the chosen category the defender hands over
(``cards="table"``)."""

GREEN: Final = 0
RED: Final = 1
BLACK: Final = 2

DICE: Final = ("engine", "table")
"""``engine``: the game throws its dice; ``table``: a class throws real dice and types them."""

CARD_SOURCES: Final = ("engine", "table")
"""``engine``: the game shuffles the deck (and draws a plundered card blind); ``table``: a class
turns real cards over (and hands real cards over) and types which."""

DEFAULT_ROUNDS: Final = 20
DEFAULT_OPERATIONS: Final = 30
COMBO_CARDS: Final = {BLACK: 2, RED: 3}
"""Cards of one category that cancel a black (2) or a red (3) throw."""
