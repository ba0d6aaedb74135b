"""The words every game table says, and ``Said``, what a table answers a request with.

Widget-free: the tables' interaction models and scenes use these, and so will the class
server, which has no ipywidgets. Every word comes from the catalog (``table.*``), in the
language of the moment (never a constant made at import, which would keep the language the
module was first imported in).

- ``Said``: an event (what just happened) or a problem (why a request was refused, and
  nothing changed); every model request answers with one;
- sentences about a player (``about``: to the default human, "your hand"; ``you_name``,
  ``is_you``), which live in ``gamecore.words`` and are re-exported here;
- bots in words: ``bot_name`` (a bot seat's default name), ``bot_kind_words`` (a seat's
  kind), ``bot_moves_words`` (what an undo took back besides the human's move);
- the status line's common sentences: ``loaded_event``, ``game_over_refusal``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.protocol import Game
from gamecore.words import about as about
from gamecore.words import has, t
from gamecore.words import is_you as is_you
from gamecore.words import you_name as you_name


@dataclass(frozen=True)
class Said:
    """What the status line says after a request: an event, or a problem (refused)."""

    event: str | None = None
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def bot_name(kind: str, lang: str | None = None) -> str:
    """The default name of a bot seat in ``lang`` ("Greedy bot", "Bot voraz")."""
    return t(f"table.bot_name_{kind}", lang=lang)


def bot_kind_words(kind: str) -> str:
    """A seat's kind in the table's language ("greedy" -> "voraz"); an unknown kind as given.

    Seats hold ids ("greedy", "human"); a sentence must show words, never the id.
    """
    key = f"table.bot_kind_{kind}"
    return t(key) if has(key) else kind


def bot_moves_words(undone: int) -> str:
    """What an undo took back besides the human's move: " and 2 bot moves", or nothing."""
    return t("table.and_bot_moves", n=undone - 1) if undone > 1 else ""


def loaded_event(game: Game, source: str) -> str:
    """The status line after a load: where from, which seed, how far the game had come."""
    return t("table.loaded", source=source, seed=game.seed, n=len(game.moves()))


def game_over_refusal() -> str:
    """Why a click does nothing once the game is over."""
    return t("table.game_over_refusal")


__all__ = [
    "Said",
    "about",
    "bot_kind_words",
    "bot_moves_words",
    "bot_name",
    "game_over_refusal",
    "is_you",
    "loaded_event",
    "you_name",
]
