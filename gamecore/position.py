"""A game's position listed once: every part with its shape, so that copying, comparing and
showing the position loop over one list and a new part cannot be left out of one of them
(after pgx's positions, one named tuple each).

A game names its parts in a tuple of ``Field``::

    POSITION = (
        Field("hands", LISTS),                  # hidden: the view shows only the viewer's own
        Field("board", ROW, view="board"),      # shown to everyone as it is
        Field("phase", VALUE, view="phase"),
    )

and its ``_copy_state``, ``_state_key`` and ``view`` call the copy, key and view functions
that ``compile_position`` writes out once for that position. A part whose shape is not one
of these (Mondo's scored rounds) gets a ``Shape`` of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple


def _same(value: Any) -> Any:
    return value


def _lists(value: Iterable[Iterable[Any]]) -> list[list[Any]]:
    return [list(x) for x in value]


def _tuples(value: Iterable[Iterable[Any]]) -> tuple[tuple[Any, ...], ...]:
    return tuple(tuple(x) for x in value)


def _row_shown(value: Iterable[int]) -> tuple[int | None, ...]:
    return tuple(c or None for c in value)


@dataclass(frozen=True)
class Shape:
    """How a part of a position is held: how a copy that may change it is made, how it is
    frozen into comparable values, and how a view shows it."""

    name: str
    copy: Callable[[Any], Any]
    freeze: Callable[[Any], Any]
    show: Callable[[Any], Any]


VALUE: Final = Shape("value", _same, _same, _same)
"""A value that never changes in place: a number, a word, None, a tuple."""
LIST: Final = Shape("list", list, tuple, tuple)
"""A list of values (cards, tiles, one number per player)."""
LISTS: Final = Shape("lists", _lists, _tuples, _tuples)
"""A list of lists (one hand, world or board per player)."""
SET: Final = Shape("set", set, frozenset, frozenset)
"""A set of values."""
ROW: Final = Shape("row", list, tuple, _row_shown)
"""A row of spaces, 0 for an empty one; a view shows an empty space as None."""


@dataclass(frozen=True)
class Field:
    """One part of a position: the game's attribute, its shape, and how a view shows it."""

    name: str
    """The game's attribute."""
    shape: Shape
    view: str | None = None
    """The view's field that shows it to every player as it is; None for a part the view
    does not show so (hidden, or shown only in part: a hand, a pile's size)."""
    in_key: bool = True
    """Whether two games that differ in it differ (a note about the last move does not)."""


class PositionCode(NamedTuple):
    """A position's three loops as functions of their own (``compile_position``)."""

    copy: Callable[[Any, Any], None]
    """``copy(source, target)``: every part of the source's position, copied into the target
    so that they share no list."""
    key: Callable[[Any], tuple[Any, ...]]
    """``key(game)``: the position as comparable values, part by part (``in_key`` parts)."""
    shown: Callable[[Any], dict[str, Any]]
    """``shown(game)``: the parts every player sees as they are, by the view's field names."""


def compile_position(position: Sequence[Field]) -> PositionCode:
    """The three loops over ``position`` written out once as plain functions (as
    ``dataclasses`` writes a class's ``__init__``): a copy, a key and a view part then cost
    what hand-written code costs, with no loop, ``getattr`` or shape lookup per part. A game
    compiles its ``POSITION`` once, when its module is imported."""
    env: dict[str, Any] = {}
    copies, keys, views = [], [], []
    for i, f in enumerate(position):
        part = f"source.{f.name}"
        if f.shape.copy is _same:
            copies.append(f"    target.{f.name} = {part}")
        else:
            env[f"copy{i}"] = f.shape.copy
            copies.append(f"    target.{f.name} = copy{i}({part})")
        game_part = f"game.{f.name}"
        if f.in_key:
            env[f"freeze{i}"] = f.shape.freeze
            keys.append(game_part if f.shape.freeze is _same else f"freeze{i}({game_part})")
        if f.view:
            env[f"show{i}"] = f.shape.show
            shown = game_part if f.shape.show is _same else f"show{i}({game_part})"
            views.append(f"{f.view!r}: {shown}")
    source = "\n".join(
        [
            "def copy(source, target):",
            *(copies or ["    pass"]),
            "def key(game):",
            f"    return ({', '.join(keys)}{',' if len(keys) == 1 else ''})",
            "def shown(game):",
            f"    return {{{', '.join(views)}}}",
        ]
    )
    exec(compile(source, "<gamecore.position>", "exec"), env)
    return PositionCode(env["copy"], env["key"], env["shown"])


def names(position: Sequence[Field]) -> set[str]:
    """The attributes a position lists (a test compares them with a new game's)."""
    return {f.name for f in position}
