"""Errors shared by every game."""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action the rules forbid right now.

    ``reason`` is the broken rule in a sentence a student understands. The game that
    refused the action is unchanged.
    """

    def __init__(self, reason: str, action: Any = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class SaveFileError(ValueError):
    """A save file that cannot be loaded: not JSON, not ours, or a log that does not replay."""
