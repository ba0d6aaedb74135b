"""The statistics of a study: a rate with its interval, and how sure a difference is.

Pure Python (``math`` and ``statistics``): a study's summaries need nothing else, and a
student can read every formula here.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass

from ..words import t


def margin_of_error(rate: float, games: int, z: float = 1.96) -> float:
    """Half the width of the simple (normal-approximation) 95% interval of a rate.

    With ``games`` independent games, a rate measured as ``rate`` is, 95 times in 100,
    within this distance of the true rate. Close to 0 or 1, or with few games, it is
    only a rough guide.
    """
    if games < 1:
        raise ValueError(t("study.rate_no_games"))
    return z * math.sqrt(max(rate * (1.0 - rate), 0.0) / games)


def wilson_interval(rate: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a rate measured over ``games`` games.

    Close to the simple interval ``rate ± margin_of_error`` when there are many games and
    the rate is far from 0 and 1, but it stays sensible at the edges: a bot that won none
    of 40 games gets 0% to about 9%, not 0% to 0%.
    """
    if games < 1:
        raise ValueError(t("study.rate_no_games"))
    z2n = z * z / games
    centre = (rate + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(max(rate * (1 - rate), 0.0) / games + z2n / (4 * games)) / (1 + z2n)
    # The interval always holds the measured rate; min/max only guard against rounding.
    return (max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half)))


@dataclass(frozen=True)
class Rate:
    """A share of games with its 95% (Wilson) interval."""

    rate: float
    low: float
    high: float
    games: int

    @property
    def interval(self) -> tuple[float, float]:
        return (self.low, self.high)


def rate_of(wins: float, games: int) -> Rate:
    """``wins`` out of ``games`` as a Rate (no games: a rate of 0 from 0 to 1)."""
    if games < 1:
        return Rate(0.0, 0.0, 1.0, 0)
    rate = wins / games
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
    low: float = math.nan
    high: float = math.nan
    """The 95% interval of the difference (b - a)."""

    @property
    def significant(self) -> bool:
        """True when the difference is unlikely to be luck (p below 0.05)."""
        return self.p_value < 0.05


def normal_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``."""
    return math.erfc(abs(z) / math.sqrt(2))


def rate_difference(a: Rate, b: Rate) -> Difference:
    """Two rates compared with a two-proportion z test (pooled), and the interval of b - a."""
    pooled = (a.rate * a.games + b.rate * b.games) / (a.games + b.games)
    se_pooled = math.sqrt(pooled * (1 - pooled) * (1 / a.games + 1 / b.games))
    se = math.sqrt(a.rate * (1 - a.rate) / a.games + b.rate * (1 - b.rate) / b.games)
    return _difference(a.rate, b.rate, se_pooled, se)


def mean_difference(a: Iterable[float], b: Iterable[float]) -> Difference:
    """Two samples' means compared with a z test (Welch's standard error)."""
    values = [list(a), list(b)]
    if min(len(v) for v in values) < 2:
        raise ValueError(t("study.compare_two_values"))
    ma, mb = statistics.fmean(values[0]), statistics.fmean(values[1])
    se = math.sqrt(sum(statistics.variance(v) / len(v) for v in values))
    return _difference(ma, mb, se, se)


def _difference(a: float, b: float, se_test: float, se_interval: float) -> Difference:
    z = (b - a) / se_test if se_test else 0.0
    p = normal_p(z) if se_test else (1.0 if a == b else 0.0)
    half = 1.96 * se_interval
    return Difference(a, b, b - a, z, p, b - a - half, b - a + half)


def mean_and_spread(values: Iterable[float | int | None]) -> tuple[float, float]:
    """The mean and standard deviation of the values that are not None."""
    found = [float(v) for v in values if v is not None]
    if not found:
        return (math.nan, math.nan)
    return statistics.fmean(found), statistics.pstdev(found)


__all__ = [
    "Difference",
    "Rate",
    "margin_of_error",
    "mean_and_spread",
    "mean_difference",
    "normal_p",
    "rate_difference",
    "rate_of",
    "wilson_interval",
]
