"""One study API for every game: seeded games between bots, on one core, many, or a cluster.

    from gamecore.experiments import run_study
    study = run_study("nuevos-mundos", games=1000, seed=7, players=4, bots="random", workers=2)
    study.win_rates_by_seat()      # each seat's share of the wins, with its 95% interval
    study.to_pandas()              # one row per game

Every game's randomness comes from the study's seed and the game's index alone, so the same
seed gives the same table whatever runs it (one process, ``workers`` processes through joblib,
or a Dask cluster with ``scheduler="tcp://host:8786"`` or ``$DASK_SCHEDULER_ADDRESS``) and in
whatever order the games finish. Games travel in batches so that scheduling costs little.
"""

from __future__ import annotations

import math
import os
import random
import statistics
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..protocol import new_game, spec_of
from .classic import wilson_interval
from .plugin import plugin_of

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` whenever a batch of games is finished."""

SCHEDULER_VARIABLE = "DASK_SCHEDULER_ADDRESS"


@dataclass(frozen=True)
class GameRow:
    """One game of a study. Tuples are indexed by seat (0 plays first)."""

    index: int
    seed: int
    bots: tuple[str, ...]
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    points: tuple[tuple[str, tuple[int, ...]], ...]
    """(score category, each seat's points), in the score sheet's order."""
    length: int
    """Decisions taken in the game (every action of every player)."""
    measures: tuple[tuple[str, float | int | None], ...] = ()

    def flat(self) -> dict[str, Any]:
        """The row as one flat record: seats numbered from 1, as a student counts them."""
        record: dict[str, Any] = {"index": self.index, "seed": self.seed}
        for seat, name in enumerate(self.bots, 1):
            record[f"bot_{seat}"] = name
        record["winners"] = " ".join(str(s + 1) for s in self.winners)
        for seat in range(len(self.bots)):
            share = 1 / len(self.winners) if seat in self.winners else 0.0
            record[f"win_{seat + 1}"] = share
        for seat, total in enumerate(self.totals, 1):
            record[f"score_{seat}"] = total
        for category, seats in self.points:
            for seat, points in enumerate(seats, 1):
                record[f"{category}_{seat}"] = points
        record["length"] = self.length
        record.update(dict(self.measures))
        return record


# ---------------------------------------------------------------------------- one game


def game_seeds(game: str, seed: int, index: int, players: int) -> tuple[int, list[int]]:
    """The deal's seed and each seat's bot seed for game ``index`` of a study: a function
    of the study's seed and the index only (never of the order games are played in)."""
    rng = random.Random(f"mundos-lab-study:{game}:{seed}:{index}")
    return rng.randrange(2**31), [rng.randrange(2**31) for _ in range(players)]


def play_study_game(
    game: str, options: Mapping[str, Any], bots: Sequence[str], seed: int, index: int
) -> GameRow:
    """Play game ``index`` of a study (its options already settled by the game's plug-in)."""
    plugin = plugin_of(game)
    deal, bot_seeds = game_seeds(game, seed, index, len(bots))
    played = new_game(game, players=len(bots), seed=deal, **plugin.game_options(options))
    seats = [make_bot(kind, seed=s) for kind, s in zip(bots, bot_seeds)]
    measures: dict[str, float | int | None] = {}
    length = 0
    while not played.is_over:
        player = played.current_player
        if player is None:  # chance decided inside the game: nothing for a bot to do
            raise RuntimeError(f"{game}: no player to move in an unfinished game")
        action = seats[player].choose(played.view(player), played.legal_actions())
        played.play(action)
        length += 1
        if plugin.watch is not None:
            plugin.watch(played, action, measures)
    outcome = plugin.outcome(played)
    measures.update(outcome.measures)
    return GameRow(
        index=index,
        seed=deal,
        bots=tuple(bots),
        winners=outcome.winners,
        totals=outcome.totals,
        points=tuple((c, tuple(p)) for c, p in outcome.points.items()),
        length=length,
        measures=tuple(sorted(measures.items())),
    )


def play_batch(
    game: str, options: Mapping[str, Any], seats: Sequence[Sequence[str]], seed: int,
    indices: Sequence[int],
) -> list[GameRow]:
    """Games ``indices`` of a study (what one worker is sent at a time)."""
    return [play_study_game(game, options, seats[i], seed, i) for i in indices]


# ---------------------------------------------------------------------------- running


def batches(games: int, workers: int, batch: int | None = None) -> list[range]:
    """The games cut into batches: about eight per worker, at most 2,000 games each (a
    batch takes from a fraction of a second to a few seconds, so scheduling costs little
    and a progress bar still moves)."""
    size = batch or max(1, min(2000, math.ceil(games / (8 * max(1, workers)))))
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


def _serial(work: list[tuple[Any, ...]]) -> Iterator[list[GameRow]]:
    for args in work:
        yield play_batch(*args)


def _joblib(work: list[tuple[Any, ...]], workers: int) -> Iterator[list[GameRow]]:
    from joblib import Parallel, delayed

    parallel = Parallel(n_jobs=workers, return_as="generator_unordered")
    yield from parallel(delayed(play_batch)(*args) for args in work)


def _dask(work: list[tuple[Any, ...]], scheduler: str) -> Iterator[list[GameRow]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RuntimeError(
            "a Dask scheduler was given but Dask is not installed: "
            "pip install 'mundos-lab[cluster]' (or dask[distributed])"
        ) from None
    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        futures = [client.submit(play_batch, *args, pure=False) for args in work]
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            yield future.result()


def run_study(
    game: str,
    games: int,
    seed: int = 0,
    *,
    players: int | None = None,
    bots: str | Sequence[str] = "random",
    workers: int = 1,
    scheduler: str | None = None,
    batch: int | None = None,
    progress: Progress | None = None,
    **options: Any,
) -> StudyResult:
    """Play ``games`` seeded games of ``game`` between bots and return them as one table.

    ``players`` seats (the game's smallest number by default, or as many as ``bots`` names);
    ``bots`` is one bot's kind for every seat or one per seat; ``options`` are the game's
    set-up options (its plug-in lists them). ``workers`` > 1 plays on that many local
    processes (joblib); ``scheduler`` (or ``$DASK_SCHEDULER_ADDRESS``) sends the games to a
    Dask cluster instead. The table is the same in every case.
    """
    spec = spec_of(game)
    plugin = plugin_of(game)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"a study plays at least one game, not {games!r}")
    if isinstance(bots, str):
        kinds = [bots] * (players if players is not None else spec.min_players)
    else:
        kinds = list(bots)
        if players is not None and players != len(kinds):
            raise ValueError(f"players={players} but {len(kinds)} bots were named")
    if not spec.min_players <= len(kinds) <= spec.max_players:
        raise ValueError(
            f"{spec.title} is for {spec.min_players}-{spec.max_players} players, "
            f"not {len(kinds)}"
        )
    for kind in set(kinds):
        make_bot(kind, seed=0)  # an unknown bot fails here, with the list of bots
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a number of processes (1 or more), not {workers!r}")
    settled = plugin.settle(spec, options)
    new_game(game, players=len(kinds), seed=0, **plugin.game_options(settled))  # the game's
    # own checks, here and now rather than in a worker
    seats = [tuple(kinds)] * games
    address = scheduler or os.environ.get(SCHEDULER_VARIABLE) or None
    cut = batches(games, workers, batch)
    work = [(game, settled, seats, seed, list(r)) for r in cut]
    if address:
        results = _dask(work, address)
    elif workers > 1 and len(work) > 1:
        results = _joblib(work, workers)
    else:
        results = _serial(work)
    rows: list[GameRow] = []
    for done in results:
        rows.extend(done)
        if progress is not None:
            progress(len(rows), games)
    rows.sort(key=lambda r: r.index)
    return StudyResult(game, seed, tuple(kinds), tuple(sorted(settled.items())), tuple(rows))


# ---------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Rate:
    """A share of games with its 95% (Wilson) interval."""

    rate: float
    low: float
    high: float
    games: int


def rate_of(wins: float, games: int) -> Rate:
    rate = wins / games if games else 0.0
    low, high = wilson_interval(rate, games)
    return Rate(rate, low, high, games)


@dataclass(frozen=True)
class Difference:
    """How much variant B moves a measure away from variant A, and how sure that is."""

    a: float
    b: float
    difference: float
    z: float
    p_value: float
    """Two-sided: the chance of a difference at least this large if the variants were equal."""


def _normal_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(frozen=True)
class StudyResult:
    """The games of a study, in index order, and the usual questions asked of them."""

    game: str
    seed: int
    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    rows: tuple[GameRow, ...]

    def __len__(self) -> int:
        return len(self.rows)

    def records(self) -> list[dict[str, Any]]:
        """One flat dict per game (with the study's options on every row)."""
        return [{**r.flat(), **dict(self.options)} for r in self.rows]

    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame (pandas is needed only for this)."""
        import pandas as pd

        return pd.DataFrame.from_records(self.records())

    def win_rates_by_seat(self) -> list[Rate]:
        """Each seat's share of the wins (a tie shares the game), with its interval."""
        games = len(self.rows)
        return [
            rate_of(sum(1 / len(r.winners) for r in self.rows if s in r.winners), games)
            for s in range(len(self.bots))
        ]

    def win_rates_by_bot(self) -> dict[str, Rate]:
        """Each bot's share of the games it sat in that it won."""
        wins: dict[str, float] = {}
        seated: dict[str, int] = {}
        for r in self.rows:
            for seat, name in enumerate(r.bots):
                seated[name] = seated.get(name, 0) + 1
                if seat in r.winners:
                    wins[name] = wins.get(name, 0.0) + 1 / len(r.winners)
        return {name: rate_of(wins.get(name, 0.0), n) for name, n in seated.items()}

    def team_win_rate(self) -> Rate:
        """The share of games anyone won (a cooperative game's win rate)."""
        return rate_of(sum(1 for r in self.rows if r.winners), len(self.rows))

    def scores(self, seat: int | None = None) -> list[int]:
        """Every total score (of one seat, or of all seats)."""
        seats = range(len(self.bots)) if seat is None else [seat]
        return [r.totals[s] for r in self.rows for s in seats]

    def lengths(self) -> list[int]:
        return [r.length for r in self.rows]

    def measure(self, name: str) -> list[float | int | None]:
        """One of the game's own measures, game by game (None where it did not happen)."""
        return [dict(r.measures).get(name) for r in self.rows]

    def compare(self, other: StudyResult, what: str = "win", seat: int = 0) -> Difference:
        """Variant ``other`` against this one: ``"win"`` compares seat ``seat``'s win rate
        (``"team"``: anyone winning), ``"score"`` the mean total score of that seat, and
        any other name the mean of that measure. Two-sided z test."""
        if what in ("win", "team"):
            rates = [
                s.team_win_rate() if what == "team" else s.win_rates_by_seat()[seat]
                for s in (self, other)
            ]
            a, b = rates[0].rate, rates[1].rate
            pooled = (a * len(self) + b * len(other)) / (len(self) + len(other))
            se = math.sqrt(pooled * (1 - pooled) * (1 / len(self) + 1 / len(other)))
        else:
            found = [s.scores(seat) if what == "score" else s.measure(what) for s in (self, other)]
            values = [[v for v in vs if v is not None] for vs in found]
            if min(len(v) for v in values) < 2:
                raise ValueError(f"too few games with a value of {what!r} to compare")
            a, b = statistics.fmean(values[0]), statistics.fmean(values[1])
            se = math.sqrt(sum(statistics.variance(v) / len(v) for v in values))
        z = (b - a) / se if se else 0.0
        return Difference(a, b, b - a, z, _normal_p(z) if se else 1.0)


def mean_and_spread(values: Iterable[float | int | None]) -> tuple[float, float]:
    """The mean and standard deviation of the values that are not None."""
    found = [float(v) for v in values if v is not None]
    if not found:
        return (math.nan, math.nan)
    return statistics.fmean(found), statistics.pstdev(found)


__all__ = [
    "SCHEDULER_VARIABLE",
    "Difference",
    "GameRow",
    "Rate",
    "StudyResult",
    "batches",
    "game_seeds",
    "mean_and_spread",
    "play_batch",
    "play_study_game",
    "run_study",
]
