"""Ecosfera in notebooks: the playing table (``EcosferaTable``) and the card faces it draws.

``from widgets.ecosfera import EcosferaTable; EcosferaTable()`` deals a solo game at level 1;
``EcosferaTable(players=("Ana", "Ben"), seats=("human", "greedy"))`` a co-operative one.
"""

from .cards import card_face, eco_icon
from .table import (
    EcosferaTable,
    TableLook,
    acquisitions,
    describe_action,
    describe_move,
    hint_marks,
    history_of,
    seat_kinds,
    table_scene,
)

__all__ = [
    "EcosferaTable",
    "TableLook",
    "acquisitions",
    "card_face",
    "describe_action",
    "describe_move",
    "eco_icon",
    "hint_marks",
    "history_of",
    "seat_kinds",
    "table_scene",
]
