"""Errors shared by every game."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .words import t


class Refusal(str):
    """Why an action is refused: the sentence a student reads, and beside it the stable
    catalog ``key`` and the ``values`` it was filled with.

    It *is* the sentence (a ``str``), so ``why_illegal`` and ``IllegalAction.reason`` read as
    before; a table that wants its own words for a refusal looks at ``key`` (after
    boardgame.io's error codes) instead of re-deriving the rule.
    """

    key: str
    values: Mapping[str, Any]

    def __new__(cls, key: str, /, lang: str | None = None, **values: Any) -> Refusal:
        return _made(t(key, lang=lang, **values), key, values)

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (study workers) keep key and values
        return (_made, (str(self), self.key, dict(self.values)))

    def in_language(self, lang: str) -> str:
        """The same refusal in another language."""
        return t(self.key, lang=lang, **self.values)


def _made(text: str, key: str, values: dict[str, Any]) -> Refusal:
    """A refusal of ``text``, made from catalog ``key`` and ``values`` (a dict of the caller's
    own: read-only by contract)."""
    refusal = str.__new__(Refusal, text)
    refusal.key = key
    refusal.values = values
    return refusal


def refuse(key: str, /, **values: Any) -> Refusal:
    """The refusal of catalog ``key`` filled with ``values``, in the process language."""
    return _made(t(key, **values), key, values)


class IllegalAction(ValueError):
    """An action the rules forbid right now.

    ``reason`` is the broken rule in a sentence a student understands; ``key`` and
    ``values`` name it for code (``None`` and empty for a refusal made of words alone). The
    game that refused the action is unchanged.
    """

    def __init__(self, reason: str, action: Any = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action
        self.key: str | None = reason.key if isinstance(reason, Refusal) else None
        self.values: Mapping[str, Any] = (
            reason.values if isinstance(reason, Refusal) else MappingProxyType({})
        )


class SaveFileError(ValueError):
    """A save file that cannot be loaded: not JSON, not ours, or a log that does not replay."""
