"""Charts for the common questions of a study (``gamecore.experiments.run_study``), for
every game:

- ``seat_chart(study)``: does a seat win more often than fairness allows? Each seat's share
  of the wins with its 95% interval, the fair share and the band luck alone would reach.
- ``score_chart([a, b], names=("A", "B"))``: how are the scores spread? One box per study
  (or per seat of one study), its middle half, its whiskers, and the mean written on it.
- ``variant_chart(a, b, ("A", "B"))``: what does a rule change do? The two variants side by
  side with their intervals, and in words the difference and whether luck could explain it.

Colour is never the only cue: each bar and box also has a hatch, a label and its number
written beside it. Every word comes from the catalog (namespace ``study``).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any, cast

import matplotlib
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from gamecore.experiments import Difference, StudyResult
from gamecore.words import has, join_words, number, percent, t

from .palette import BIOME_COLOURS, HIGHLIGHT, INK, MUTED
from .words import bot_kind_words

FONT = 14
"""Axis labels and tick labels: legible when a lesson's chart shrinks to a laptop cell."""
VARIANT_STYLES = ((BIOME_COLOURS["coast"], ""), (HIGHLIGHT, "//"), (BIOME_COLOURS["taiga"], ".."))
"""(colour, hatch) of the first, second, third... variant: a pattern as well as a colour."""


_HORIZONTAL: dict[str, Any] = (
    {"orientation": "horizontal"}
    if tuple(int(p) for p in matplotlib.__version__.split(".")[:2]) >= (3, 10)
    else {"vert": False}
)
"""Horizontal boxes: matplotlib 3.10 renamed ``vert=False`` (older versions still work)."""


# --------------------------------------------------------------------------- seats
def seat_chart(study: StudyResult, title: str | None = None) -> Figure:
    """Each seat's share of the wins, with its 95% interval as whiskers and its percentage
    written above, the fair share as a dashed line and, shaded, the band where luck alone
    would put a seat of a fair game."""
    rates = study.win_rates_by_seat()
    low, high = study.fair_band()
    fair = study.fair_rate()
    seats = [t("study.seat", seat=s + 1) for s in range(study.players)]
    fig, ax = plt.subplots(figsize=(10, 5.5))
    ax.axhspan(low * 100, high * 100, color=MUTED, alpha=0.2, label=t("study.luck_band"))
    fair_label = t("study.fair_share", share=percent(fair))
    ax.axhline(fair * 100, color=INK, ls="--", lw=2, label=fair_label)
    ax.bar(
        seats,
        [r.rate * 100 for r in rates],
        yerr=[[(r.rate - r.low) * 100 for r in rates], [(r.high - r.rate) * 100 for r in rates]],
        capsize=8,
        color=BIOME_COLOURS["coast"],
        edgecolor=INK,
        lw=2,
    )
    for s, r in enumerate(rates):
        ax.text(
            s, r.high * 100 + 0.8, percent(r.rate, 1), ha="center", fontsize=15, fontweight="bold"
        )
    ax.set_ylim(0, _round_up(max(fair * 160, max(r.high for r in rates) * 100 + 6), 5))
    ax.set_ylabel(t("study.games_won_axis"), fontsize=FONT)
    ax.set_xlabel(t("study.seat_axis"), fontsize=FONT)
    ax.set_title(title or who_wins(study), fontsize=16)
    ax.legend(loc="upper right", fontsize=12)
    ax.tick_params(labelsize=FONT)
    fig.tight_layout()
    return fig


def who_wins(study: StudyResult) -> str:
    """A title naming the games and the bots: "Who wins? 3,000 games between four random
    bots" (or the bots' names when they differ)."""
    kinds = study.bot_names()
    games = number(study.games)
    if len(kinds) == 1:
        n = study.players
        bot = _many(kinds[0]) if n > 1 else bot_kind_words(kinds[0])
        said = t(f"study.number_{n}") if has(f"study.number_{n}") else str(n)
        return t("study.who_wins_same", games=games, n=n, number=said, bot=bot)
    return t("study.who_wins", games=games, bots=join_words([bot_kind_words(k) for k in kinds]))


# --------------------------------------------------------------------------- scores
def score_chart(
    studies: StudyResult | Sequence[StudyResult],
    names: Sequence[str] = (),
    seat: int | None = None,
    title: str | None = None,
) -> Figure:
    """The spread of total scores: one horizontal box per study (a variant each, named by
    ``names``; of seat ``seat``, or of every seat), or, given one study, one box per seat.
    The box holds the middle half of the games, the whiskers reach the rest but the outliers
    (drawn as rings), and a diamond with its number marks the mean."""
    if isinstance(studies, StudyResult):
        groups = {t("study.seat", seat=s + 1): studies.scores(s) for s in range(studies.players)}
    else:
        if len(names) != len(studies):
            raise ValueError(f"name each of the {len(studies)} studies (names={list(names)!r})")
        groups = {name: study.scores(seat) for name, study in zip(names, studies)}
    if not groups or any(not v for v in groups.values()):
        raise ValueError("a score chart needs at least one study with games")
    names = list(groups)
    fig, ax = plt.subplots(figsize=(10, 1.6 + 1.1 * len(names)))
    boxes = ax.boxplot(
        [groups[n] for n in names],
        **_HORIZONTAL,
        patch_artist=True,
        widths=0.55,
        medianprops={"color": INK, "lw": 2.5},
        flierprops={"marker": "o", "markerfacecolor": "none", "markeredgecolor": MUTED},
    )
    for i, box in enumerate(boxes["boxes"]):
        colour, hatch = VARIANT_STYLES[i % len(VARIANT_STYLES)]
        box.set(facecolor=colour, hatch=hatch, edgecolor=INK, lw=2, alpha=0.85)
    for i, name in enumerate(names, 1):
        mean = statistics.fmean(groups[name])
        ax.plot(mean, i, marker="D", color=INK, markersize=9, zorder=3)
        ax.text(
            mean,
            i - 0.36,
            t("study.mean_is", mean=number(mean, 1)),
            ha="center",
            fontsize=12,
            fontweight="bold",
        )
    ax.set_yticks(range(1, len(names) + 1), names)
    ax.set_ylim(len(names) + 0.5, 0.25)  # upside down: the first variant on top, as read
    ax.set_xlabel(t("study.score_axis"), fontsize=FONT)
    count = sum(len(v) for v in groups.values())
    ax.set_title(title or t("study.scores_title", n=count, count=number(count)), fontsize=16)
    ax.tick_params(labelsize=FONT)
    ax.grid(axis="x", color=MUTED, alpha=0.3)
    fig.tight_layout()
    return fig


# --------------------------------------------------------------------------- variants
def variant_chart(
    a: StudyResult,
    b: StudyResult,
    names: Sequence[str] = ("A", "B"),
    what: str = "win",
    seat: int | None = 0,
    title: str | None = None,
) -> Figure:
    """Variant A against variant B: ``what="win"`` compares seat ``seat``'s win rate
    (``"team"``: a cooperative team's), ``"score"`` its mean score (``seat=None``: every
    seat's scores together). Two bars with their 95%
    intervals; under them, in words, the difference and whether luck alone could explain it
    (``StudyResult.compare``)."""
    if len(names) != 2:
        raise ValueError("name the two variants, such as ('A', 'B')")
    if what == "win" and seat is None:
        raise ValueError("a win rate is a seat's: give seat=0 for the first seat")
    difference = a.compare(b, what, seat)
    values, halves = [], []
    for study in (a, b):
        if what in ("win", "team"):
            r = (
                study.team_win_rate()
                if what == "team"
                else study.win_rates_by_seat()[cast(int, seat)]  # a win's seat: checked above
            )
            values.append(r.rate * 100)
            halves.append(((r.rate - r.low) * 100, (r.high - r.rate) * 100))
        else:
            scores = study.scores(seat)
            spread = statistics.stdev(scores) if len(scores) > 1 else 0.0
            half = 1.96 * spread / math.sqrt(len(scores))
            values.append(statistics.fmean(scores))
            halves.append((half, half))
    fig, ax = plt.subplots(figsize=(9, 5.5))
    for i, (value, (down, up)) in enumerate(zip(values, halves)):
        colour, hatch = VARIANT_STYLES[i]
        ax.bar(
            i,
            value,
            yerr=[[down], [up]],
            capsize=10,
            color=colour,
            hatch=hatch,
            edgecolor=INK,
            lw=2,
            width=0.6,
        )
        shown = percent(value / 100, 1) if what in ("win", "team") else number(value, 1)
        ax.text(i, value + up + _room(values), shown, ha="center", fontsize=15, fontweight="bold")
    ax.set_xticks([0, 1], list(names))
    ax.set_xlim(-0.6, 1.6)
    ax.set_ylim(0, _round_up(max(v + u for v, (_, u) in zip(values, halves)) * 1.25 + 1, 5))
    if what == "team":
        axis = t("study.win_axis_team")
    elif seat is None:
        axis = t("study.score_axis_all")
    else:
        key = "study.win_axis_seat" if what == "win" else "study.score_axis_seat"
        axis = t(key, seat=seat + 1)
    ax.set_ylabel(axis, fontsize=FONT)
    ax.set_title(title or t("study.variant_title"), fontsize=16)
    ax.set_xlabel(verdict(difference, what), fontsize=13)
    ax.tick_params(labelsize=FONT)
    fig.tight_layout()
    return fig


def verdict(difference: Difference, what: str = "win") -> str:
    """The difference in words, with its p-value and what that means (two lines)."""
    if what in ("win", "team"):
        moved = t("study.moved_points", points=_signed(difference.difference * 100, 1))
    else:
        moved = t("study.moved_score", points=_signed(difference.difference, 1))
    p = number(difference.p_value, 3) if difference.p_value >= 0.001 else "< " + number(0.001, 3)
    key = "study.luck_unlikely" if difference.significant else "study.luck_possible"
    return moved + "\n" + t(key, p=p)


# --------------------------------------------------------------------------- helpers
def _many(kind: str) -> str:
    """Bots of one kind said of several ("random"; in Spanish "aleatorios")."""
    key = f"study.bots_{kind}"
    return t(key) if has(key) else bot_kind_words(kind)


def _signed(value: float, digits: int) -> str:
    return ("+" if value > 0 else "−" if value < 0 else "") + number(abs(value), digits)


def _room(values: Sequence[float]) -> float:
    return max(max(values, default=0.0) * 0.02, 0.5)


def _round_up(value: float, step: float) -> float:
    return step * math.ceil(value / step)


__all__ = ["score_chart", "seat_chart", "variant_chart", "verdict", "who_wins"]
