"""A designer's experiments: many seeded games between bots, and what they say.

``run_study`` is the workbench every game plugs into (``gamecore.experiments.study``): one
table of games, the same for one process, many, or a Dask cluster. ``run_games`` and its
``ExperimentResult`` (``gamecore.experiments.classic``) are the first runner, still used by
Nuevos Mundos lesson 5 until it moves to the workbench.
"""

from .classic import (
    SEATINGS,
    BotSpec,
    ExperimentResult,
    GameRecord,
    Progress,
    as_bot_spec,
    bot,
    margin_of_error,
    play_one,
    run_games,
    wilson_interval,
)
from .plugin import Outcome, StudyPlugin, plugin_of
from .study import Difference, GameRow, Rate, StudyResult, run_study

__all__ = [
    "SEATINGS",
    "BotSpec",
    "Difference",
    "ExperimentResult",
    "GameRecord",
    "GameRow",
    "Outcome",
    "Progress",
    "Rate",
    "StudyPlugin",
    "StudyResult",
    "as_bot_spec",
    "bot",
    "margin_of_error",
    "play_one",
    "plugin_of",
    "run_games",
    "run_study",
    "wilson_interval",
]
