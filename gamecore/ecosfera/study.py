"""How hard is each level? Solo games played by a bot, summarised level by level.

    from gamecore.ecosfera.study import level_study
    study = level_study(games=40, bot="planner", seed=2024)
    study[5].win_rate, study[5].interval            # 95% interval of the win rate

Every game is played by the study workbench (``gamecore.experiments.run_study``, with this
package's plug-in ``STUDY`` below), so a level study runs on one process, many
(``workers=2``) or a Dask cluster with the same games. ``play_solo(level, index, seed, bot)``
replays game number ``index`` alone: its deal and the bot's seed come from ``(seed, index)``
only. Besides winning and the score, each game records what the level changes: how many
elements the player took from the supply and on which turn each element deck ran out.
Nothing here times anything; the benchmark measures speed.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..experiments.plugin import StudyPlugin, Tally, winners_of
from ..experiments.seats import BotSpec
from ..experiments.stats import wilson_interval
from ..experiments.study import GameRow, Progress, play_study_game, run_study
from ..protocol import Game
from ..words import t
from .actions import TakeMissingElement
from .data import ELEMENTS, LEVELS
from .game import Ecosfera


@dataclass(frozen=True)
class SoloGame:
    """One solo game of a study."""

    level: int
    index: int
    seed: int
    won: bool
    score: int
    biome_tiles: int
    extinction_tiles: int
    turns: int
    taken: int
    """Element cards taken from the supply with the missing-element rule."""
    decisions: int
    """Actions the bot chose (each line, payment, ability and end of turn is one)."""
    ran_out: dict[str, int] = field(default_factory=dict)
    """Element name -> the turn (1 = the first) on which its supply deck became empty."""


def play_solo(
    level: int,
    index: int,
    seed: int = 0,
    bot: str = "planner",
    **bot_options: Any,
) -> SoloGame:
    """Play game ``index`` of a solo study at ``level`` with the bot named ``bot``: game
    ``index`` of ``run_study("ecosfera", seed=seed, level=level, bots=bot(...))``."""
    if isinstance(level, bool) or level not in LEVELS:
        raise ValueError(t("ecosfera.option_level", value=repr(level)))
    seat = BotSpec(bot, tuple(sorted(bot_options.items())))
    return solo_game(level, play_study_game("ecosfera", {"level": level}, [seat], seed, index))


def solo_game(level: int, row: GameRow) -> SoloGame:
    """A solo game of the workbench's table, as the level study keeps it."""
    measures = dict(row.measures)
    return SoloGame(
        level=level,
        index=row.index,
        seed=row.seed,
        won=bool(measures["won"]),
        score=row.totals[0],
        biome_tiles=int(measures["biome_tiles"] or 0),
        extinction_tiles=int(measures["extinction_tiles"] or 0),
        turns=int(measures["turns"] or 0),
        taken=int(measures.get("taken") or 0),
        decisions=row.length,
        ran_out={
            e: int(turn) for e in ELEMENTS if (turn := measures.get(f"ran_out_{e}")) is not None
        },
    )


@dataclass(frozen=True)
class LevelSummary:
    """A level's games in a few numbers (rates are fractions, 0.25 = 25%)."""

    level: int
    games: int
    wins: int
    mean_score: float
    score_margin: float
    """Half the width of the 95% interval of the mean score (normal approximation)."""
    mean_biome_tiles: float
    mean_extinction_tiles: float
    mean_turns: float
    mean_taken: float
    ran_out: dict[str, float]
    """Element name -> the share of games in which its supply deck ran out."""
    ran_out_turn: dict[str, float | None]
    """Element name -> the mean turn on which it ran out, over the games where it did."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of the win rate."""
        return wilson_interval(self.win_rate, self.games)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["win_rate"] = self.win_rate
        data["interval"] = list(self.interval)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LevelSummary:
        """Read back ``to_dict`` (the published study, ``gamecore/ecosfera/balance_study.json``)."""
        names = {f for f in cls.__dataclass_fields__}
        missing = names - set(data)
        if missing:
            raise ValueError(t("ecosfera.study_summary_fields", fields=", ".join(sorted(missing))))
        return cls(**{k: data[k] for k in names})


def summarise(games: Sequence[SoloGame]) -> LevelSummary:
    """The summary of one level's games."""
    if not games:
        raise ValueError(t("ecosfera.study_summarise_empty"))
    levels = {g.level for g in games}
    if len(levels) != 1:
        raise ValueError(t("ecosfera.study_summarise_levels", levels=sorted(levels)))
    n = len(games)
    scores = [g.score for g in games]
    margin = 1.96 * statistics.stdev(scores) / math.sqrt(n) if n > 1 else math.nan
    return LevelSummary(
        level=games[0].level,
        games=n,
        wins=sum(g.won for g in games),
        mean_score=statistics.fmean(scores),
        score_margin=margin,
        mean_biome_tiles=statistics.fmean(g.biome_tiles for g in games),
        mean_extinction_tiles=statistics.fmean(g.extinction_tiles for g in games),
        mean_turns=statistics.fmean(g.turns for g in games),
        mean_taken=statistics.fmean(g.taken for g in games),
        ran_out={e: sum(e in g.ran_out for g in games) / n for e in ELEMENTS},
        ran_out_turn={e: _mean_turn(games, e) for e in ELEMENTS},
    )


def _mean_turn(games: Sequence[SoloGame], element: str) -> float | None:
    turns = [g.ran_out[element] for g in games if element in g.ran_out]
    return statistics.fmean(turns) if turns else None


def level_study(
    games: int,
    levels: Sequence[int] = LEVELS,
    bot: str = "planner",
    seed: int = 0,
    progress: Progress | None = None,
    workers: int = 1,
    **bot_options: Any,
) -> dict[int, LevelSummary]:
    """``games`` solo games at each of ``levels``, through the workbench (``workers``
    processes); ``progress(done, total)`` counts the games of every level together.

    Game ``i`` gets the same deal seed at every level (the study's seed and ``i``): the
    levels are compared on the same shuffles, which makes their difference less noisy.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(t("ecosfera.study_games", games=repr(games)))
    bad = [lv for lv in levels if isinstance(lv, bool) or lv not in LEVELS]
    if bad or not levels:
        raise ValueError(t("ecosfera.study_levels", levels=repr(list(levels))))
    seat = BotSpec(bot, tuple(sorted(bot_options.items())))
    total = games * len(levels)
    study: dict[int, LevelSummary] = {}
    for done_before, level in enumerate(levels):

        def tick(done: int, _total: int, before: int = done_before * games) -> None:
            if progress is not None:
                progress(before + done, total)

        result = run_study(
            "ecosfera", games, seed, bots=seat, workers=workers, progress=tick, level=level
        )
        study[level] = summarise([solo_game(level, row) for row in result.rows])
    return study


def steps(study: Mapping[int, LevelSummary]) -> list[tuple[int, int, float, float]]:
    """For each pair of neighbouring levels: (easier, harder, drop in win rate, z).

    ``z`` compares the drop with the noise of two independent rates: beyond about 2 the
    drop is very unlikely to be luck.
    """
    out = []
    levels = sorted(study)
    for a, b in itertools.pairwise(levels):
        pa, pb = study[a].win_rate, study[b].win_rate
        se = math.sqrt(pa * (1 - pa) / study[a].games + pb * (1 - pb) / study[b].games)
        drop = pa - pb
        z = drop / se if se else (math.inf if drop > 0 else 0.0)
        out.append((a, b, drop, z))
    return out


# ---------------------------------------------------------------------------- the workbench


def _level(value: int) -> int:
    if isinstance(value, bool) or value not in LEVELS:
        raise ValueError(t("ecosfera.study_level"))
    return int(value)


def _watch(game: Game, action: Any, measures: dict[str, float | int | None]) -> None:
    """Count the elements taken with the missing-element rule, and note the turn (1 = the
    first) on which each element's supply deck ran out."""
    assert isinstance(game, Ecosfera)
    if isinstance(action, TakeMissingElement):
        measures["taken"] = int(measures.get("taken") or 0) + 1
    for e, deck in enumerate(game.element_decks):
        key = f"ran_out_{ELEMENTS[e]}"
        if not deck and measures.get(key) is None:
            measures[key] = game.turns + 1


def _tally(game: Game) -> Tally:
    """A cooperative game: every seat wins together or nobody does (the game's outcome);
    the team's score is every seat's total."""
    assert isinstance(game, Ecosfera)
    sheet = game.score()
    team = sheet.players[0]
    seats = len(game.players)
    winners = winners_of(game)
    measures: dict[str, float | int | None] = {
        "won": int(bool(winners)),
        "turns": game.turns,
        "biome_tiles": len(game.biome_tiles),
        "extinction_tiles": game.extinction_tiles,
    }
    for element in ELEMENTS:
        measures.setdefault(f"ran_out_{element}", None)
    return Tally(
        winners=winners,
        totals=(sheet.total(team),) * seats,
        points={c: (sheet.points(team, c),) * seats for c in sheet.categories},
        measures=measures,
    )


STUDY = StudyPlugin(
    options={"level": (1, _level)},
    tally=_tally,
    watch=_watch,
)
"""Ecosfera in ``gamecore.experiments.run_study``: the option ``level``; the measures won,
turns, biome and extinction tiles, elements taken, and each element deck's run-out turn."""


__all__ = [
    "STUDY",
    "LevelSummary",
    "SoloGame",
    "level_study",
    "play_solo",
    "steps",
    "summarise",
]
