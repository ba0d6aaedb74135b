"""How a game plugs into the study workbench: its set-up options and its own measures.

A game's package holds a module ``study`` with a ``STUDY`` object (a ``StudyPlugin``); the
workbench finds it next to the game's class and never names a game itself. The plug-in says
which set-up options a study may pass (with their defaults and a check), how to make a game
from them, and how to read one finished game (its ``Tally``): its winners, each seat's total
and category points, and the game's own measures (Ecosfera: the turn each element deck ran
out). The winners are always the protocol's (``game.outcome.winners``); a plug-in adds what
a study counts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..protocol import Game, GameSpec, spec_of
from ..words import t


@dataclass(frozen=True)
class Tally:
    """What the workbench reads from one finished game, seat by seat (seat 0 played first).

    How the game ended and who won is the protocol's ``Game.outcome``; a tally copies its
    winners beside the numbers a study counts."""

    winners: tuple[int, ...]
    """The winning seats (all of a cooperative team that won; none when it lost)."""
    totals: tuple[int, ...]
    points: Mapping[str, tuple[int, ...]]
    """Score category -> each seat's points."""
    measures: Mapping[str, float | int | None] = field(default_factory=dict)
    """The game's own measures (a number, or None when it did not happen)."""


def winners_of(game: Game) -> tuple[int, ...]:
    """The winning seats of a finished game, as the protocol says (``game.outcome``)."""
    outcome = game.outcome
    if outcome is None:
        raise ValueError(t("study.tally_unfinished", game=game.name))
    return outcome.winners


def scoresheet_tally(game: Game) -> Tally:
    """The tally of a game from its outcome's winners and its score sheet (the default)."""
    sheet = game.score()
    return Tally(
        winners=winners_of(game),
        totals=tuple(sheet.total(p) for p in game.players),
        points={c: tuple(sheet.points(p, c) for p in game.players) for c in sheet.categories},
    )


Check = Callable[[Any], Any]
"""Returns the option's value in canonical form, or raises ValueError saying what is wrong."""


@dataclass(frozen=True)
class StudyPlugin:
    """A game's place in the workbench."""

    options: Mapping[str, tuple[Any, Check]] = field(default_factory=dict)
    """Set-up option -> (default, check). Only these may be passed to a study."""
    tally: Callable[[Game], Tally] = scoresheet_tally
    """What a study reads from a finished game (its winners always the protocol's)."""
    watch: Callable[[Game, Any, dict[str, float | int | None]], None] | None = None
    """Called after every move with the game, the move and the measures so far (to count
    moves of a kind, or note when something happens, such as a deck running out)."""
    game_options: Callable[[Mapping[str, Any]], dict[str, Any]] = dict
    """The keyword arguments of ``new_game`` for the study's (checked) options."""

    def settle(self, spec: GameSpec, given: Mapping[str, Any]) -> dict[str, Any]:
        """The study's options, defaults filled in, each checked (errors name the option)."""
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or t("study.no_options")
            options = ", ".join(map(repr, unknown))
            raise ValueError(t("study.no_option", game=spec.title, options=options, known=known))
        settled = {}
        for name, (default, check) in sorted(self.options.items()):
            value = given.get(name, default)
            try:
                settled[name] = check(value)
            except (TypeError, ValueError) as error:
                raise ValueError(
                    t(
                        "study.option_refused",
                        game=spec.title,
                        name=name,
                        value=repr(value),
                        error=error,
                    )
                ) from None
        return settled


PLAIN = StudyPlugin()
"""The plug-in of a game that declares none: no options, scored by its score sheet."""


def plugin_of(name: str) -> StudyPlugin:
    """The plug-in of the registered game ``name`` (its package's ``study.STUDY``)."""
    spec = spec_of(name)
    package = spec.game_class.__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.study")
    except ModuleNotFoundError:
        return PLAIN
    found = getattr(module, "STUDY", PLAIN)
    if not isinstance(found, StudyPlugin):
        raise TypeError(f"{package}.study.STUDY must be a StudyPlugin")
    return found


__all__ = ["PLAIN", "StudyPlugin", "Tally", "plugin_of", "scoresheet_tally", "winners_of"]
