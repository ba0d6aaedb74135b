"""A designer's experiments: many seeded games between bots, and what they say.

``run_games`` plays ``games`` games of a registered game with the given bots and keeps,
for every game, who won, each player's total and category points, and how often each
player used each kind of action. The ``ExperimentResult`` it returns answers the usual
questions: does one seat win more often than fairness allows? which bot is stronger?
which actions do winners use?

    from gamecore.experiments import bot, run_games
    result = run_games("nuevos-mundos", ["random"] * 4, games=1000, seed=1)
    result.win_rate_by_seat()        # e.g. [0.27, 0.25, 0.24, 0.24]
    result.seat_interval(0)          # the 95% range around seat 1's rate

Everything is deterministic for a seed: game ``i`` of an experiment always gets the same
deal and the same bot seeds, however many games are played after it.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import Bot, make_bot, play_game
from ..protocol import Game, new_game, spec_of

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each game."""

SEATINGS = ("fixed", "rotate", "all_orders")


@dataclass(frozen=True)
class BotSpec:
    """Which bot to make for a seat: its kind, its options and the name results use."""

    kind: str
    options: tuple[tuple[str, Any], ...] = ()
    label: str = ""

    @property
    def name(self) -> str:
        """The name results are grouped by (the label, or else the kind)."""
        return self.label or self.kind

    def make(self, seed: int) -> Bot:
        return make_bot(self.kind, seed=seed, **dict(self.options))


def bot(kind: str, label: str = "", **options: Any) -> BotSpec:
    """A bot for an experiment: ``bot("search", label="search (30)", iterations=30)``."""
    make_bot(kind, seed=0, **options)  # fails now, with the bot's message, if it is wrong
    return BotSpec(kind, tuple(sorted(options.items())), label)


def as_bot_spec(entry: str | BotSpec) -> BotSpec:
    """A ``BotSpec`` from a spec or a bot's kind (``"random"``, ``"greedy"``, ``"search"``)."""
    if isinstance(entry, BotSpec):
        return entry
    if isinstance(entry, str):
        return bot(entry)
    raise ValueError(f"a bot is given by its kind (such as 'random') or by bot(...), not {entry!r}")


@dataclass(frozen=True)
class GameRecord:
    """What one simulated game left behind. Lists are indexed by seat (0 plays first)."""

    index: int
    seed: int
    bots: tuple[str, ...]
    """The name of the bot in each seat."""
    winners: tuple[int, ...]
    """The winning seat(s): more than one only if the tie-break could not separate them."""
    totals: tuple[int, ...]
    points: tuple[Mapping[str, int], ...]
    """Each seat's points per score category."""
    actions: tuple[Mapping[str, int], ...]
    """How many actions of each kind each seat took."""

    @property
    def decisions(self) -> int:
        return sum(sum(a.values()) for a in self.actions)

    def win_share(self, seat: int) -> float:
        """1 for a sole winner, 1/k for each of k tied winners, else 0 (sums to 1 per game)."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def _seating(bots: Sequence[BotSpec], index: int, seating: str) -> list[BotSpec]:
    n = len(bots)
    if seating == "rotate":
        shift = index % n
        return [bots[(seat + shift) % n] for seat in range(n)]
    if seating == "all_orders":
        orders = list(itertools.permutations(range(n)))
        return [bots[i] for i in orders[index % len(orders)]]
    return list(bots)


def play_one(
    name: str,
    bots: Sequence[BotSpec],
    index: int,
    seed: int,
    **options: Any,
) -> GameRecord:
    """Play game number ``index`` of an experiment with ``seed``, the bots seated in order."""
    rng = random.Random(f"mundos-lab-experiment:{seed}:{index}")
    game_seed = rng.randrange(2**31)
    players = [bs.make(rng.randrange(2**31)) for bs in bots]
    game: Game = new_game(name, players=len(bots), seed=game_seed, **options)
    counts: list[dict[str, int]] = [{} for _ in bots]

    def count(_game: Game, player: int, action: Any) -> None:
        seat = counts[player]
        seat[action.kind] = seat.get(action.kind, 0) + 1

    play_game(game, players, on_move=count)
    sheet = game.score()
    seat_of = {p: i for i, p in enumerate(game.players)}
    return GameRecord(
        index=index,
        seed=game_seed,
        bots=tuple(bs.name for bs in bots),
        winners=tuple(sorted(seat_of[w] for w in sheet.winners())),
        totals=tuple(sheet.total(p) for p in game.players),
        points=tuple({c: sheet.points(p, c) for c in sheet.categories} for p in game.players),
        actions=tuple(counts),
    )


def run_games(
    name: str,
    bots: Sequence[str | BotSpec],
    games: int,
    seed: int = 0,
    *,
    seating: str = "fixed",
    progress: Progress | None = None,
    **options: Any,
) -> ExperimentResult:
    """Play ``games`` seeded games of the game ``name``, one bot per seat.

    ``seating`` says who sits where: ``"fixed"`` keeps the given order, ``"rotate"``
    shifts everyone one seat along each game, ``"all_orders"`` cycles through every
    order of the bots (so each bot plays from every seat, after every other bot, equally
    often when ``games`` is a multiple of the number of orders). ``options`` go to the
    game (for Nuevos Mundos: ``modules``). ``progress(done, total)`` is called after
    each game.
    """
    spec = spec_of(name)
    specs = [as_bot_spec(b) for b in bots]
    if not spec.min_players <= len(specs) <= spec.max_players:
        raise ValueError(
            f"{spec.title} is for {spec.min_players}-{spec.max_players} players: "
            f"give that many bots, not {len(specs)}"
        )
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"play at least one game, not {games!r}")
    if seating not in SEATINGS:
        raise ValueError(f"unknown seating {seating!r}; choose one of {', '.join(SEATINGS)}")
    records = []
    for index in range(games):
        seated = _seating(specs, index, seating)
        records.append(play_one(name, seated, index, seed, **options))
        if progress is not None:
            progress(index + 1, games)
    categories: tuple[str, ...] = tuple(records[0].points[0]) if records else ()
    kinds = tuple(spec.game_class.action_types)
    return ExperimentResult(name, len(specs), seed, categories, kinds, tuple(records))


def margin_of_error(rate: float, games: int, z: float = 1.96) -> float:
    """Half the width of the simple (normal-approximation) 95% interval of a rate.

    With ``games`` independent games, a rate measured as ``rate`` is, 95 times in 100,
    within this distance of the true rate. Close to 0 or 1, or with few games, it is
    only a rough guide.
    """
    if games < 1:
        raise ValueError("a rate needs at least one game")
    return z * math.sqrt(max(rate * (1.0 - rate), 0.0) / games)


def wilson_interval(rate: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a rate measured over ``games`` games.

    Close to the simple interval ``rate ± margin_of_error`` when there are many games and
    the rate is far from 0 and 1, but it stays sensible at the edges: a bot that won none
    of 40 games gets 0% to about 9%, not 0% to 0%.
    """
    if games < 1:
        raise ValueError("a rate needs at least one game")
    z2n = z * z / games
    centre = (rate + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(max(rate * (1 - rate), 0.0) / games + z2n / (4 * games)) / (1 + z2n)
    # The interval always holds the measured rate; min/max only guard against rounding.
    return (max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half)))


@dataclass(frozen=True)
class ExperimentResult:
    """Every game of an experiment, and the summaries a designer asks for."""

    game: str
    players: int
    seed: int
    categories: tuple[str, ...]
    action_kinds: tuple[str, ...]
    """Every kind of action the game has, in the game's order."""
    records: tuple[GameRecord, ...] = field(repr=False)

    @property
    def games(self) -> int:
        return len(self.records)

    # ------------------------------------------------------------------ who wins
    def wins_by_seat(self) -> list[float]:
        """Games won from each seat (a tie shared by k winners counts 1/k for each)."""
        wins = [0.0] * self.players
        for r in self.records:
            for seat in r.winners:
                wins[seat] += r.win_share(seat)
        return wins

    def win_rate_by_seat(self) -> list[float]:
        """The share of games won from each seat; the shares add up to 1."""
        return [w / self.games for w in self.wins_by_seat()]

    def fair_rate(self) -> float:
        """The win rate of every seat if seats made no difference: 1 / players."""
        return 1.0 / self.players

    def seat_interval(self, seat: int, z: float = 1.96) -> tuple[float, float]:
        """The 95% (Wilson) interval around the win rate of ``seat``."""
        return wilson_interval(self.win_rate_by_seat()[seat], self.games, z)

    def fair_band(self, z: float = 1.96) -> tuple[float, float]:
        """Where a seat's rate lands 95 times in 100 from luck alone, if the game is fair."""
        fair = self.fair_rate()
        margin = margin_of_error(fair, self.games, z)
        return (fair - margin, fair + margin)

    def bot_names(self) -> list[str]:
        """The bots of the experiment, in order of first appearance."""
        names: dict[str, None] = {}
        for r in self.records:
            names.update(dict.fromkeys(r.bots))
        return list(names)

    def seats_played(self) -> dict[str, int]:
        """How many seats each bot filled over all games (its number of chances to win)."""
        played = dict.fromkeys(self.bot_names(), 0)
        for r in self.records:
            for name in r.bots:
                played[name] += 1
        return played

    def win_rate_by_bot(self) -> dict[str, float]:
        """For each bot, its wins divided by the seats it filled.

        With one bot of each kind per game the rates add up to 1; a bot in two seats of
        every game has two chances per game.
        """
        wins = dict.fromkeys(self.bot_names(), 0.0)
        for r in self.records:
            for seat in r.winners:
                wins[r.bots[seat]] += r.win_share(seat)
        played = self.seats_played()
        return {name: wins[name] / played[name] for name in wins}

    def bot_interval(self, name: str, z: float = 1.96) -> tuple[float, float]:
        """The 95% (Wilson) interval around a bot's win rate, over the seats it filled."""
        return wilson_interval(self.win_rate_by_bot()[name], self.seats_played()[name], z)

    # ------------------------------------------------------------------ points
    def mean_points(self, bot: str | None = None) -> dict[str, float]:
        """Mean points per player and game in each category (of one bot, or of everyone)."""
        sums = dict.fromkeys(self.categories, 0.0)
        n = 0
        for r in self.records:
            for seat, points in enumerate(r.points):
                if bot is not None and r.bots[seat] != bot:
                    continue
                n += 1
                for category in self.categories:
                    sums[category] += points.get(category, 0)
        if n == 0:
            raise ValueError(f"no bot named {bot!r} played; the bots are {self.bot_names()}")
        return {category: total / n for category, total in sums.items()}

    def mean_total(self, bot: str | None = None) -> float:
        """Mean total score per player and game (of one bot, or of everyone)."""
        return sum(self.mean_points(bot).values())

    # ------------------------------------------------------------------ actions
    def action_counts(self, group: str = "all") -> dict[str, int]:
        """How many actions of each kind the ``group`` took: "winners", "others" or "all".

        A player who shares first place counts among the winners.
        """
        if group not in ("winners", "others", "all"):
            raise ValueError(f"group is 'winners', 'others' or 'all', not {group!r}")
        counts = dict.fromkeys(self.action_kinds, 0)
        for r in self.records:
            for seat, actions in enumerate(r.actions):
                won = seat in r.winners
                if (group == "winners" and not won) or (group == "others" and won):
                    continue
                for kind, n in actions.items():
                    counts[kind] = counts.get(kind, 0) + n
        return counts

    def action_shares(
        self, group: str = "all", kinds: Sequence[str] | None = None
    ) -> dict[str, float]:
        """The fraction of the ``group``'s actions that were of each kind.

        ``kinds`` limits the count to some kinds (for Nuevos Mundos, the three turn
        actions ``take_biome``, ``take_digits`` and ``lay``); the fractions add up to 1.
        """
        counts = self.action_counts(group)
        chosen = list(kinds) if kinds is not None else list(counts)
        unknown = [k for k in chosen if k not in counts]
        if unknown:
            raise ValueError(f"unknown action kinds {unknown}; this game has {list(counts)}")
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
        chosen = set(kinds) if kinds is not None else set(self.action_kinds)
        sums = [0.0] * self.players
        for r in self.records:
            for seat, actions in enumerate(r.actions):
                sums[seat] += sum(n for kind, n in actions.items() if kind in chosen)
        return [s / self.games for s in sums]

    def mean_actions(self, group: str = "all") -> dict[str, float]:
        """Mean number of actions of each kind per player and game in the ``group``."""
        counts = self.action_counts(group)
        if group == "all":
            n = self.games * self.players
        else:
            n_winners = sum(len(r.winners) for r in self.records)
            n = n_winners if group == "winners" else self.games * self.players - n_winners
        return {k: (v / n if n else 0.0) for k, v in counts.items()}


__all__ = [
    "SEATINGS",
    "BotSpec",
    "ExperimentResult",
    "GameRecord",
    "Progress",
    "as_bot_spec",
    "bot",
    "margin_of_error",
    "play_one",
    "run_games",
    "wilson_interval",
]
