"""What every scoring pad's model shares, without any widget: ``PadModelBase``.

A scoring pad (Nuevos Mundos' worlds, Mondo's boards) scores a game played with the real
box: one row per player, whose names the class types, one row active at a time (the one the
picker or the board edits), and a score revealed step by step. What is the same at every pad
lives here once: the rows (``names``, ``active``, ``refused``), finding a row by name or
number, choosing, renaming, adding and removing a player, how far the score is revealed
(``shown``) and hiding it again. Every request answers with a ``Said``.

A pad says it in its own words: ``words`` is its section of the catalog (``<words>.joins``,
``<words>.room_for``, ...), and a subclass says what makes a name acceptable
(``name_problem``) and what a row holds besides its name (``_row_added``, ``_row_removed``).
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from gamecore.words import t

from .words import Said


class PadModelBase(ABC):
    """The players' rows of a scoring pad and how far its score is revealed."""

    words: ClassVar[str]
    """The pad's section of the catalog ("nuevos_mundos_pad", "mondo_pad")."""
    chosen_words: ClassVar[str]
    """The key (in ``words``) of what is said when a row becomes the active one."""
    hidden_words: ClassVar[str]
    """The key (in ``words``) of what is said when the score is hidden again."""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int]

    names: list[str]
    """The players' names, one row each."""
    active: int
    """The row being edited (the picker's, the board's)."""
    shown: int
    """Steps of the score revealed."""
    refused: list[str | None]
    """Why a row's typed text was not taken (None: it was)."""

    def _seat(self, names: Sequence[str]) -> None:
        """Start with these players (already checked), the first row active, no score shown."""
        self.names = [n.strip() for n in names]
        self.refused = [None for _ in self.names]
        self.active = 0
        self.shown = 0

    @abstractmethod
    def name_problem(self, name: str, row: int | None) -> str | None:
        """Why ``name`` cannot be the name of the player at ``row`` (None: a new player), as
        the sentence to say; None if it can."""

    @abstractmethod
    def _row_added(self) -> None:
        """Give the player just added (the last row) an empty row."""

    @abstractmethod
    def _row_removed(self, row: int) -> None:
        """Forget what row ``row`` held (its player has just left)."""

    @abstractmethod
    def scoring_problem(self) -> str | None:
        """Why the rows cannot be scored now, in a sentence (None if they can)."""

    # --- players ----------------------------------------------------------------------
    @property
    def player(self) -> str:
        """The name of the active row's player."""
        return self.names[self.active]

    def row(self, player: str | int) -> int | None:
        """The row of a player given by name (any case) or index (None if there is none)."""
        if isinstance(player, int) and not isinstance(player, bool):
            return player if 0 <= player < len(self.names) else None
        wanted = str(player).strip().lower()
        return next((k for k, name in enumerate(self.names) if name.lower() == wanted), None)

    def no_player(self, player: object) -> Said:
        players = ", ".join(self.names)
        return Said(problem=t(f"{self.words}.no_player", player=repr(player), players=players))

    def _make_active(self, row: int) -> None:
        self.active = row

    def choose(self, player: str | int) -> Said:
        """Make ``player``'s row the active one."""
        row = self.row(player)
        if row is None:
            return self.no_player(player)
        self._make_active(row)
        return Said(event=t(f"{self.words}.{self.chosen_words}", name=self.player))

    def rename(self, row: int, name: str) -> Said:
        problem = self.name_problem(name, row)
        if problem:
            return Said(problem=problem)
        old, self.names[row] = self.names[row], name.strip()
        return Said(event=t(f"{self.words}.renamed", old=old, new=self.names[row]))

    def add_player(self, name: str | None = None) -> Said:
        """One more row (default name: the first free "Player k")."""
        if len(self.names) >= self.max_players:
            return Said(problem=t(f"{self.words}.room_for", n=self.max_players))
        if name is None:
            defaults = (t(f"{self.words}.default_name", k=k) for k in itertools.count(1))
            name = next(n for n in defaults if self.name_problem(n, None) is None)
        problem = self.name_problem(name, None)
        if problem:
            return Said(problem=problem)
        self.names.append(name.strip())
        self.refused.append(None)
        self._row_added()
        return Said(event=t(f"{self.words}.joins", name=name.strip()))

    def remove_player(self) -> Said:
        """Remove the last row."""
        if len(self.names) <= self.min_players:
            return Said(problem=t(f"{self.words}.needs_one"))
        name = self.names.pop()
        self.refused.pop()
        self._row_removed(len(self.names))
        if self.active >= len(self.names):
            self._make_active(len(self.names) - 1)
        return Said(event=t(f"{self.words}.left", name=name))

    # --- the score revealed -------------------------------------------------------------
    def restart(self) -> Said:
        """Hide the score again (the rows stay)."""
        self.shown = 0
        return Said(event=t(f"{self.words}.{self.hidden_words}"))


__all__ = ["PadModelBase"]
