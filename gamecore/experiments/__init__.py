"""A designer's experiments: many seeded games between bots, and what they say.

``run_study`` is the one workbench every game and lesson uses: one table of games, the
same for one process, many, or a Dask cluster.

    from gamecore.experiments import bot, run_study
    study = run_study("nuevos-mundos", games=1000, seed=7, players=4, bots="random", workers=2)
    study.win_rates_by_seat()        # each seat's share of the wins, with its 95% interval
    study.to_pandas()                # one row per game

- ``study`` runs the games and holds the table (``StudyResult``);
- ``seats`` says which bot sits where (``bot(...)``, seatings);
- ``stats`` has the intervals and tests, in plain Python;
- ``plugin`` is how a game declares its set-up options and its own measures;
- ``pace`` says how fast a study goes and how long is left.
"""

from .plugin import StudyPlugin, Tally, plugin_of
from .seats import SEATINGS, BotSpec, as_bot_spec, bot
from .stats import Difference, Rate, margin_of_error, mean_and_spread, wilson_interval
from .study import GameRow, Progress, StudyResult, play_study_game, run_study

__all__ = [
    "SEATINGS",
    "BotSpec",
    "Difference",
    "GameRow",
    "Progress",
    "Rate",
    "StudyPlugin",
    "StudyResult",
    "Tally",
    "as_bot_spec",
    "bot",
    "margin_of_error",
    "mean_and_spread",
    "play_study_game",
    "plugin_of",
    "run_study",
    "wilson_interval",
]
