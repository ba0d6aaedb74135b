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
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..protocol import new_game, spec_of
from ..words import t
from .plugin import plugin_of
from .seats import BotSpec, as_bot_spec, check_seating, seated
from .stats import (
    Difference,
    Rate,
    margin_of_error,
    mean_difference,
    rate_difference,
    rate_of,
)

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` whenever a batch of games is finished."""

SCHEDULER_VARIABLE = "DASK_SCHEDULER_ADDRESS"


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game of a study. Tuples are indexed by seat (0 plays first)."""

    index: int
    seed: int
    bots: tuple[str, ...]
    """The name of the bot in each seat."""
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    points: tuple[tuple[str, tuple[int, ...]], ...]
    """(score category, each seat's points), in the score sheet's order."""
    length: int
    """Decisions taken in the game (every action of every player)."""
    measures: tuple[tuple[str, float | int | None], ...] = ()
    actions: tuple[tuple[int, ...], ...] = ()
    """Each seat's number of actions of each kind, in the order of the study's
    ``action_kinds`` (the game's own list of action kinds)."""

    def win_share(self, seat: int) -> float:
        """1 for a sole winner, 1/k for each of k tied winners, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def flat(self, action_kinds: Sequence[str] = ()) -> dict[str, Any]:
        """The row as one flat record: seats numbered from 1, as a student counts them."""
        record: dict[str, Any] = {"index": self.index, "seed": self.seed}
        for seat, name in enumerate(self.bots, 1):
            record[f"bot_{seat}"] = name
        record["winners"] = " ".join(str(s + 1) for s in self.winners)
        for seat in range(len(self.bots)):
            record[f"win_{seat + 1}"] = self.win_share(seat)
        for seat, total in enumerate(self.totals, 1):
            record[f"score_{seat}"] = total
        for category, seats in self.points:
            for seat, points in enumerate(seats, 1):
                record[f"{category}_{seat}"] = points
        record["length"] = self.length
        for seat, counts in enumerate(self.actions, 1):
            for kind, n in zip(action_kinds, counts):
                record[f"n_{kind}_{seat}"] = n
        record.update(dict(self.measures))
        return record


# ---------------------------------------------------------------------------- one game


def game_seeds(game: str, seed: int, index: int, players: int) -> tuple[int, list[int]]:
    """The deal's seed and each seat's bot seed for game ``index`` of a study: a function
    of the study's seed and the index only (never of the order games are played in)."""
    rng = random.Random(f"mundos-lab-study:{game}:{seed}:{index}")
    return rng.randrange(2**31), [rng.randrange(2**31) for _ in range(players)]


def play_study_game(
    game: str,
    options: Mapping[str, Any],
    bots: Sequence[str | BotSpec],
    seed: int,
    index: int,
) -> GameRow:
    """Play game ``index`` of a study with ``bots`` in its seats (its options already
    settled by the game's plug-in)."""
    plugin = plugin_of(game)
    specs = [as_bot_spec(b) for b in bots]
    deal, bot_seeds = game_seeds(game, seed, index, len(specs))
    played = new_game(game, players=len(specs), seed=deal, **plugin.game_options(options))
    seats = [spec.make(s) for spec, s in zip(specs, bot_seeds)]
    looks = [getattr(seat, "reads_view", True) for seat in seats]  # a bot that never reads
    # its view (the random bot) is not given one: building it is much of a random game's cost
    lists = [getattr(seat, "reads_legal", True) for seat in seats]  # nor is a bot that finds
    # its own actions (Mondo's rival) given every legal one: up to 192 with a tile in hand
    kinds = {kind: k for k, kind in enumerate(spec_of(game).game_class.action_types)}
    counts = [[0] * len(kinds) for _ in specs]
    measures: dict[str, float | int | None] = {}
    watch = plugin.watch
    length = 0
    while not played.is_over:
        player = played.current_player
        if player is None:  # chance decided inside the game: nothing for a bot to do
            raise RuntimeError(f"{game}: no player to move in an unfinished game")
        seat = seats[player]
        view = played.view(player) if looks[player] else None
        action = seat.choose(view, played.legal_actions() if lists[player] else [])
        played.play(action)
        counts[player][kinds[action.kind]] += 1
        length += 1
        if watch is not None:
            watch(played, action, measures)
    tally = plugin.tally(played)
    for name, value in tally.measures.items():  # the tally's None ("did not happen")
        if value is not None or name not in measures:  # never erases what watch() saw
            measures[name] = value
    return GameRow(
        index=index,
        seed=deal,
        bots=tuple(s.name for s in specs),
        winners=tally.winners,
        totals=tally.totals,
        points=tuple((c, tuple(p)) for c, p in tally.points.items()),
        length=length,
        measures=tuple(sorted(measures.items())),
        actions=tuple(tuple(c) for c in counts),
    )


def play_batch(
    game: str,
    options: Mapping[str, Any],
    bots: Sequence[BotSpec],
    seating: str,
    seed: int,
    indices: Sequence[int],
) -> list[GameRow]:
    """Games ``indices`` of a study (what one worker is sent at a time): each game seats
    the bots by its own index, so a worker needs nothing but the study's settings."""
    return [play_study_game(game, options, seated(bots, i, seating), seed, i) for i in indices]


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
        raise RuntimeError(t("study.no_dask")) from None
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
    bots: str | BotSpec | Sequence[str | BotSpec] = "random",
    seating: str = "fixed",
    workers: int = 1,
    scheduler: str | None = None,
    batch: int | None = None,
    progress: Progress | None = None,
    **options: Any,
) -> StudyResult:
    """Play ``games`` seeded games of ``game`` between bots and return them as one table.

    ``players`` seats (the game's smallest number by default, or as many as ``bots`` names);
    ``bots`` is one bot for every seat or one per seat, each a kind (``"random"``) or a
    ``bot(kind, label=..., **options)``; ``seating`` is ``"fixed"``, ``"rotate"`` or
    ``"all_orders"`` (see ``gamecore.experiments.seats``); ``options`` are the game's set-up
    options (its plug-in lists them). ``workers`` > 1 plays on that many local processes
    (joblib); ``scheduler`` (or ``$DASK_SCHEDULER_ADDRESS``) sends the games to a Dask
    cluster instead. The table is the same in every case.
    """
    spec = spec_of(game)
    plugin = plugin_of(game)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(t("study.no_games", games=repr(games)))
    if isinstance(bots, (str, BotSpec)):
        specs = [as_bot_spec(bots)] * (players if players is not None else spec.min_players)
    else:
        specs = [as_bot_spec(b) for b in bots]
        if players is not None and players != len(specs):
            raise ValueError(t("study.bots_named", players=players, bots=len(specs)))
    if not spec.min_players <= len(specs) <= spec.max_players:
        raise ValueError(
            t(
                "study.players_range",
                game=spec.title,
                low=spec.min_players,
                high=spec.max_players,
                players=len(specs),
            )
        )
    check_seating(seating)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(t("study.bad_workers", workers=repr(workers)))
    settled = plugin.settle(spec, options)
    new_game(game, players=len(specs), seed=0, **plugin.game_options(settled))  # the game's
    # own checks, here and now rather than in a worker
    address = scheduler or os.environ.get(SCHEDULER_VARIABLE) or None
    cut = batches(games, workers, batch)
    work = [(game, settled, tuple(specs), seating, seed, list(r)) for r in cut]
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
    return StudyResult(
        game=game,
        seed=seed,
        bots=tuple(s.name for s in specs),
        seating=seating,
        options=tuple(sorted(settled.items())),
        action_kinds=tuple(spec.game_class.action_types),
        rows=tuple(rows),
    )


# ---------------------------------------------------------------------------- results


@dataclass(frozen=True)
class StudyResult:
    """The games of a study, in index order, and the usual questions asked of them.

    Seats are numbered from 0 here (seat 0 plays first); the flat table and the lessons
    number them from 1. Win rates share a tied game between its winners.
    """

    game: str
    seed: int
    bots: tuple[str, ...]
    """The name of the bot given for each seat (game 0's seating)."""
    seating: str
    options: tuple[tuple[str, Any], ...]
    action_kinds: tuple[str, ...]
    rows: tuple[GameRow, ...]

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def games(self) -> int:
        return len(self.rows)

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def categories(self) -> tuple[str, ...]:
        """The score categories, in the score sheet's order."""
        return tuple(c for c, _ in self.rows[0].points) if self.rows else ()

    # ------------------------------------------------------------------ the table
    def records(self) -> list[dict[str, Any]]:
        """One flat dict per game (with the study's options on every row)."""
        options = {k: (" ".join(v) if isinstance(v, tuple) else v) for k, v in self.options}
        return [{**r.flat(self.action_kinds), **options} for r in self.rows]

    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame (pandas is needed only for this)."""
        import pandas as pd

        return pd.DataFrame.from_records(self.records())

    # ------------------------------------------------------------------ who wins
    def win_rates_by_seat(self) -> list[Rate]:
        """Each seat's share of the wins (a tie shares the game), with its interval."""
        return [
            rate_of(sum(r.win_share(s) for r in self.rows), self.games) for s in range(self.players)
        ]

    def fair_rate(self) -> float:
        """The win rate of every seat if seats made no difference: 1 / players."""
        return 1.0 / self.players

    def fair_band(self, z: float = 1.96) -> tuple[float, float]:
        """Where a seat's rate lands 95 times in 100 from luck alone, if the game is fair."""
        fair = self.fair_rate()
        margin = margin_of_error(fair, self.games, z)
        return (fair - margin, fair + margin)

    def bot_names(self) -> list[str]:
        """The bots of the study, in order of first appearance."""
        names: dict[str, None] = {}
        for r in self.rows:
            names.update(dict.fromkeys(r.bots))
        return list(names)

    def win_rates_by_bot(self) -> dict[str, Rate]:
        """Each bot's wins divided by the seats it filled, with its interval (a bot in two
        seats of every game has two chances per game)."""
        names = self.bot_names()
        wins = dict.fromkeys(names, 0.0)
        seated_in = dict.fromkeys(names, 0)
        for r in self.rows:
            for seat, name in enumerate(r.bots):
                seated_in[name] += 1
                wins[name] += r.win_share(seat)
        return {name: rate_of(wins[name], n) for name, n in seated_in.items()}

    def team_win_rate(self) -> Rate:
        """The share of games anyone won (a cooperative game's win rate)."""
        return rate_of(sum(1 for r in self.rows if r.winners), self.games)

    # ------------------------------------------------------------------ points
    def scores(self, seat: int | None = None) -> list[int]:
        """Every total score (of one seat, or of all seats)."""
        seats = range(self.players) if seat is None else [seat]
        return [r.totals[s] for r in self.rows for s in seats]

    def mean_points(self, bot: str | None = None) -> dict[str, float]:
        """Mean points per player and game in each category (of one bot, or of everyone)."""
        sums = dict.fromkeys(self.categories, 0.0)
        n = 0
        for r in self.rows:
            for seat, name in enumerate(r.bots):
                if bot is not None and name != bot:
                    continue
                n += 1
                for category, points in r.points:
                    sums[category] += points[seat]
        if n == 0:
            raise ValueError(t("study.no_bot_named", bot=repr(bot), bots=self.bot_names()))
        return {category: total / n for category, total in sums.items()}

    def lengths(self) -> list[int]:
        return [r.length for r in self.rows]

    def measure(self, name: str) -> list[float | int | None]:
        """One of the game's own measures, game by game (None where it did not happen)."""
        return [dict(r.measures).get(name) for r in self.rows]

    # ------------------------------------------------------------------ actions
    def action_counts(self, group: str = "all") -> dict[str, int]:
        """How many actions of each kind the ``group`` took: "winners", "others" or "all"
        (a player who shares first place counts among the winners)."""
        if group not in ("winners", "others", "all"):
            raise ValueError(t("study.bad_group", group=repr(group)))
        counts = [0] * len(self.action_kinds)
        for r in self.rows:
            for seat, seat_counts in enumerate(r.actions):
                won = seat in r.winners
                if (group == "winners" and not won) or (group == "others" and won):
                    continue
                for k, n in enumerate(seat_counts):
                    counts[k] += n
        return dict(zip(self.action_kinds, counts))

    def action_shares(
        self, group: str = "all", kinds: Sequence[str] | None = None
    ) -> dict[str, float]:
        """The fraction of the ``group``'s actions that were of each kind; ``kinds`` limits
        the count to some kinds (the fractions then add up to 1 over those)."""
        counts = self.action_counts(group)
        chosen = list(kinds) if kinds is not None else list(counts)
        unknown = [k for k in chosen if k not in counts]
        if unknown:
            raise ValueError(t("study.unknown_action_kinds", unknown=unknown, kinds=list(counts)))
        total = sum(counts[k] for k in chosen)
        return {k: (counts[k] / total if total else 0.0) for k in chosen}

    def winners_vs_others(
        self, kinds: Sequence[str] | None = None
    ) -> dict[str, tuple[float, float]]:
        """For each kind of action: (its share among winners' actions, among the others')."""
        winners = self.action_shares("winners", kinds)
        others = self.action_shares("others", kinds)
        return {k: (winners[k], others[k]) for k in winners}

    def turns_by_seat(self, kinds: Sequence[str] | None = None) -> list[float]:
        """Mean number of actions (of ``kinds``, or of any kind) per game, seat by seat."""
        chosen = set(self.action_kinds if kinds is None else kinds)
        mask = [kind in chosen for kind in self.action_kinds]
        sums = [0.0] * self.players
        for r in self.rows:
            for seat, seat_counts in enumerate(r.actions):
                sums[seat] += sum(n for n, keep in zip(seat_counts, mask) if keep)
        return [s / self.games for s in sums]

    # ------------------------------------------------------------------ variants
    def compare(self, other: StudyResult, what: str = "win", seat: int | None = 0) -> Difference:
        """Variant ``other`` against this one: ``"win"`` compares seat ``seat``'s win rate
        (``"team"``: anyone winning), ``"score"`` the mean total score of that seat (of every
        seat with ``seat=None``), and any other name the mean of that measure. A two-sided z
        test, with the 95% interval of the difference."""
        if what == "win" and seat is None:
            raise ValueError(t("study.win_rate_seat"))
        if what in ("win", "team"):
            a, b = (
                s.team_win_rate() if what == "team" else s.win_rates_by_seat()[seat or 0]
                for s in (self, other)
            )
            return rate_difference(a, b)
        found = [s.scores(seat) if what == "score" else s.measure(what) for s in (self, other)]
        values = [[float(v) for v in vs if v is not None] for vs in found]
        if min(len(v) for v in values) < 2:
            raise ValueError(t("study.too_few_values", what=repr(what)))
        return mean_difference(values[0], values[1])


__all__ = [
    "SCHEDULER_VARIABLE",
    "Difference",
    "GameRow",
    "Progress",
    "Rate",
    "StudyResult",
    "batches",
    "game_seeds",
    "play_batch",
    "play_study_game",
    "run_study",
]
