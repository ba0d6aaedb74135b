"""Nuevos Mundos in the study workbench (``gamecore.experiments.run_study``).

One set-up option, ``modules`` (the advanced modules in play); the scoring categories of the
score sheet become the study table's columns.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..experiments.plugin import StudyPlugin
from .scoring import check_modules


def _modules(value: str | Iterable[str]) -> tuple[str, ...]:
    return check_modules([value] if isinstance(value, str) else value)


STUDY = StudyPlugin(
    options={"modules": ((), _modules)},
    game_options=lambda options: {"modules": list(options["modules"])},
)
