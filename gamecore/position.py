"""A game's position listed once: every part with its shape, so that copying, comparing and
showing the position loop over one list and a new part cannot be left out of one of them
(after pgx's positions, one named tuple each).

A game names its parts in a tuple of ``Field``::

    POSITION = (
        Field("hands", LISTS),                  # hidden: the view shows only the viewer's own
        Field("board", ROW, view="board"),      # shown to everyone as it is
        Field("phase", VALUE, view="phase"),
    )

and its ``_copy_state``, ``_state_key`` and ``view`` call ``copy_position``,
``position_key`` and ``shown``, or (on a hot path) the same three written out once for that
position by ``compile_position``. A part whose shape is not one of these (Mondo's scored
rounds) gets a ``Shape`` of its own.
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
    """``copy(source, target)``: ``copy_position``."""
    key: Callable[[Any], tuple[Any, ...]]
    """``key(game)``: ``position_key``."""
    shown: Callable[[Any], dict[str, Any]]
    """``shown(game)``: ``shown``."""


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


def copy_position(position: Sequence[Field], source: Any, target: Any) -> None:
    """Give ``target`` a copy of every part of ``source``'s position, sharing no list."""
    for field in position:
        setattr(target, field.name, field.shape.copy(getattr(source, field.name)))


def position_key(position: Sequence[Field], game: Any) -> tuple[Any, ...]:
    """The position as comparable values, part by part."""
    return tuple([f.shape.freeze(getattr(game, f.name)) for f in position if f.in_key])


def shown(position: Sequence[Field], game: Any) -> dict[str, Any]:
    """The parts every player sees as they are, by the name of the view's field."""
    return {f.view: f.shape.show(getattr(game, f.name)) for f in position if f.view}


def names(position: Sequence[Field]) -> set[str]:
    """The attributes a position lists (a test compares them with a new game's)."""
    return {f.name for f in position}
