"""Nuevos Mundos in the study workbench (``gamecore.experiments.run_study``).

One set-up option, ``modules`` (the advanced modules in play); the scoring categories of the
score sheet become the study table's columns. A study reads the sheet's numbers only
(``NuevosMundos.score_numbers``: the same points without their sentences), once per game:
the winners are the protocol's, as ``NuevosMundos.outcome`` reads them from the same numbers.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..experiments.plugin import StudyPlugin, Tally
from ..protocol import Game
from ..words import t
from .game import NuevosMundos
from .scoring import check_modules


def _modules(value: str | Iterable[str]) -> tuple[str, ...]:
    return check_modules([value] if isinstance(value, str) else value)


def numbers_tally(game: Game) -> Tally:
    """The tally of a finished game from the score sheet's numbers alone (scored once)."""
    assert isinstance(game, NuevosMundos)
    if not game.is_over:
        raise ValueError(t("study.tally_unfinished", game=game.name))
    numbers = game.score_numbers()
    return Tally(winners=numbers.winners(), totals=numbers.totals, points=numbers.points)


STUDY = StudyPlugin(
    options={"modules": ((), _modules)},
    tally=numbers_tally,
    game_options=lambda options: {"modules": list(options["modules"])},
)
