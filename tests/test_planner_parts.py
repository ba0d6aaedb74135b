"""The Ecosfera planner's turn model: ``copy`` and ``key`` are written out field by field
(for speed, and so mypyc can compile them), so a field added to ``TurnPosition`` and left out
of either would go unnoticed by the search. These tests name that mistake."""

from __future__ import annotations

from dataclasses import fields

from gamecore import new_game
from gamecore.ecosfera.planner import PlannerBot
from gamecore.ecosfera.planner_turn import TurnPosition, _copy_position, _position_key


def a_root() -> TurnPosition:
    """The planner's root position for the first decision of a solo game."""
    game = new_game("ecosfera", players=1, seed=3, level=2)
    bot = PlannerBot(seed=1)
    bot._prepare(game.view(0))
    return bot.root


def test_the_key_holds_every_field_in_order():
    root = a_root()
    names = [f.name for f in fields(TurnPosition)]
    assert _position_key(root) == tuple(getattr(root, name) for name in names)


def test_a_copy_has_every_field_and_is_a_new_position():
    root = a_root()
    copy = _copy_position(root)
    assert copy is not root
    for f in fields(TurnPosition):
        assert getattr(copy, f.name) == getattr(root, f.name), f.name
