"""Charts and tables for Ecosfera lesson 3 (how hard is each level?).

Each chart function draws one matplotlib figure and returns it; each table function returns a
``Table`` (HTML in a notebook, text elsewhere). A notebook cell shows either with one line:

    from widgets.ecosfera.charts import level_chart, load_published, supply_chart
    published = load_published()                    # the study published with the cards
    level_supply()                                  # element cards per level (solo)
    element_demand()                                # which elements the plants cost
    level_chart(study, published["planner"]);       # our games beside the big study
    supply_chart(published["planner"]);             # water and sun run out sooner
    margin_chart();                                 # how wide the interval is, by games
    study_table(published["planner"])               # the study's numbers, level by level
    steps_table(published["planner"])               # is each step more than luck?

(The ``;`` keeps Jupyter from printing the figure's name under the picture.)

A study is ``{level: LevelSummary}``, as ``gamecore.ecosfera.study.level_study`` returns it
and ``load_published`` reads it back from the file the balance benchmark writes.

Colour is never the only cue: our class's bars are hatched and the published study's are
plain, each element has its own hatching, marker and line style as well as its colour, and
every bar and point carries its value.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

import gamecore.ecosfera
from gamecore.ecosfera.data import (
    ELEMENTS,
    LEVELS,
    CardSet,
    default_cards,
    element_count,
    supply_at_start,
)
from gamecore.ecosfera.study import LevelSummary, steps
from gamecore.experiments import margin_of_error
from gamecore.nuevos_mundos.earth import Table
from gamecore.words import number, percent, t

from ..palette import INK, MUTED
from ..progress import ProgressBox, ProgressCallback, progress_bar
from ..words import bot_kind_words
from .cards import ELEMENT_COLOURS

Study = Mapping[int, LevelSummary]
"""Level -> the summary of that level's games."""

LESSON3_FONT = 14
"""The text size of lesson 3's charts, in points (titles are larger)."""
SUPPLY_ELEMENTS = ("water", "sun")
"""The elements whose decks run out: almost every plant needs water and sun."""
ELEMENT_STYLES = {
    "earth": ("oo", "s", ":"),
    "water": ("..", "o", "-"),
    "time": ("++", "D", "-."),
    "sun": ("//", "^", "--"),
    "air": ("\\\\", "v", ":"),
}
"""(bar hatching, marker, line style) of each element, so that colour is not the only cue."""
CLASS_COLOUR = "#44aa99"
PUBLISHED_COLOUR = "#332288"
Z_95 = 1.96
"""A change more than this many times its noise is outside the 95% range of luck."""
PRECISE_GAMES = 100
"""From this many games per level, a win rate is labelled to a tenth of a point."""
MARGIN_GAMES = (12, 100, 2000)
"""The study sizes marked on the margin chart: a class's run, a big class's, the published."""


# ---------------------------------------------------------------------------- the published study
PUBLISHED_STUDY = Path(gamecore.ecosfera.__file__).resolve().parent / "balance_study.json"
"""The study published with the card set (``make study`` writes it; docs/ecosfera-balance.md)."""


def load_published(path: str | Path = PUBLISHED_STUDY) -> dict[str, dict[int, LevelSummary]]:
    """The published study (by default the one shipped with the cards, ``PUBLISHED_STUDY``):
    bot name -> level -> summary.

    Raises ValueError naming the file and the problem when the file is missing, is not
    JSON, or does not hold a summary for each level of each bot.
    """
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(t("charts.eco_no_study", path=path)) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        # the parser's own detail (line, column, byte) means nothing to a teacher
        raise ValueError(t("charts.eco_unreadable_study", path=path)) from None
    bots = data.get("bots") if isinstance(data, dict) else None
    if not isinstance(bots, dict) or not bots:
        raise ValueError(t("charts.eco_empty_study", path=path))
    return {name: _bot_study(path, name, levels) for name, levels in bots.items()}


def _bot_study(path: Path, name: str, levels: object) -> dict[int, LevelSummary]:
    where = t("charts.eco_study_where", path=path, bot=name)
    if not isinstance(levels, list) or not levels:
        raise ValueError(t("charts.eco_needs_levels", where=where))
    study: dict[int, LevelSummary] = {}
    for raw in levels:
        if not isinstance(raw, dict):
            raise ValueError(t("charts.eco_level_object", where=where))
        try:
            summary = LevelSummary.from_dict(raw)
        except (TypeError, ValueError) as error:
            raise ValueError(f"{where}: {error}") from None
        level, games, wins = summary.level, summary.games, summary.wins
        if level not in LEVELS or level in study:
            raise ValueError(t("charts.eco_level_not_new", where=where, level=level))
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (games, wins)):
            raise ValueError(t("charts.eco_level_whole", where=where, level=level))
        if games < 1 or not 0 <= wins <= games:
            raise ValueError(
                t("charts.eco_level_wins", where=where, level=level, wins=wins, games=games)
            )
        study[level] = summary
    return dict(sorted(study.items()))


# ---------------------------------------------------------------------------- tables
def level_supply(players: int = 1) -> Table:
    """What each level changes: the element cards of each element, the starting card each
    player takes, what is left in each element deck, and all five decks together."""
    rows = []
    for level in LEVELS:
        cards, left = element_count(level, players), supply_at_start(level, players)
        rows.append((_level(level), str(cards), str(players), str(left), str(left * len(ELEMENTS))))
    start = t("charts.eco_col_your_start" if players == 1 else "charts.eco_col_starts")
    headers = (
        "",
        t("charts.eco_col_each_element"),
        start,
        t("charts.eco_col_left"),
        t("charts.eco_col_all_decks"),
    )
    return Table(headers, tuple(rows), "eco-lesson-table")


def element_demand(cards: CardSet | None = None) -> Table:
    """For each element: how many plant & fungi cards cost it, the element cards it takes to
    buy every one of them once, and the cards of that element in the supply at the start of
    the easiest and the hardest solo level."""
    cards = cards or default_cards()
    easiest, hardest = LEVELS[0], LEVELS[-1]
    rows = []
    for e, element in enumerate(ELEMENTS):
        rows.append(
            (
                _element(element),
                t(
                    "charts.eco_n_of",
                    count=sum(p.cost[e] > 0 for p in cards.plants),
                    total=len(cards.plants),
                ),
                str(sum(p.cost[e] for p in cards.plants)),
                str(supply_at_start(easiest, 1)),
                str(supply_at_start(hardest, 1)),
            )
        )
    headers = (
        t("charts.eco_col_element"),
        t("charts.eco_col_cost_it"),
        t("charts.eco_col_buy_all"),
        t("charts.eco_col_deck_at", level=easiest),
        t("charts.eco_col_at", level=hardest),
    )
    return Table(headers, tuple(rows), "eco-lesson-table")


def study_table(study: Study, elements: Sequence[str] = SUPPLY_ELEMENTS) -> Table:
    """A study level by level: games, wins, win rate and its 95% interval, mean score,
    element cards taken from the supply, and how often each of ``elements`` ran out."""
    rows = []
    for level, s in sorted(study.items()):
        low, high = s.interval
        rows.append(
            (
                _level(level),
                str(s.games),
                str(s.wins),
                percent(s.win_rate, 1),
                t("charts.eco_interval", low=percent(low, 1), high=percent(high, 1)),
                number(s.mean_score),
                number(s.mean_taken, 1),
                *(percent(s.ran_out[e]) for e in elements),
            )
        )
    headers = (
        "",
        t("charts.eco_col_games"),
        t("charts.eco_col_won"),
        t("charts.eco_col_win_rate"),
        t("charts.eco_col_interval"),
        t("charts.eco_col_mean_score"),
        t("charts.eco_col_taken"),
        *(t("charts.eco_col_ran_out", element=_cap(_element(e))) for e in elements),
    )
    return Table(headers, tuple(rows), "eco-lesson-table")


def steps_table(study: Study) -> Table:
    """From each level to the next: the change in win rate and its ``z`` (the change divided
    by the noise of two rates, ``gamecore.ecosfera.study.steps``); beyond ``Z_95`` luck alone
    would give such a change in fewer than 1 experiment in 20."""
    rows = []
    for easier, harder, drop, z in steps(study):
        verdict = t("charts.eco_yes" if abs(z) > Z_95 else "charts.eco_maybe_luck")
        step = t("charts.eco_step", easier=easier, harder=harder)
        change = t("charts.eco_points_change", change=_signed(-drop * 100, 1))
        rows.append((step, change, number(z, 1), verdict))
    headers = (
        t("charts.eco_col_step"),
        t("charts.eco_col_change"),
        "z",
        t("charts.eco_col_more_than_luck"),
    )
    return Table(headers, tuple(rows), "eco-lesson-table")


def bots_by_level(studies: Mapping[str, Study]) -> Table:
    """Each bot's win rate at each level: one row per bot (the published study has three),
    named in words ("planner" is "planificador" in Spanish; another name is shown as given)."""
    levels = sorted({level for study in studies.values() for level in study})
    rows = tuple(
        (
            bot_kind_words(name),
            *(percent(study[level].win_rate, 1) if level in study else "" for level in levels),
        )
        for name, study in studies.items()
    )
    headers = (t("charts.eco_col_bot"), *(_level(level) for level in levels))
    return Table(headers, rows, "eco-lesson-table")


def ran_out_table(study: Study, elements: Sequence[str] = ELEMENTS) -> Table:
    """Level by level, the share of games in which each element deck ran out."""
    rows = tuple(
        (_level(level), *(percent(s.ran_out[e]) for e in elements))
        for level, s in sorted(study.items())
    )
    headers = (t("charts.eco_col_ran_out_in"), *(_element(e) for e in elements))
    return Table(headers, rows, "eco-lesson-table")


def margins_table(
    games: Sequence[int] = (12, 50, 100, 250, 1000, 4000), rate: float = 0.5
) -> Table:
    """How far from the true win rate (near ``rate``) a measured one may be, 95 times in
    100, after each number of ``games``."""
    rows = tuple(
        (str(n), t("charts.eco_within", margin=number(margin_of_error(rate, n) * 100, 1)))
        for n in games
    )
    headers = (t("charts.eco_col_games_played"), t("charts.eco_col_margin"))
    return Table(headers, rows, "eco-lesson-table")


# ---------------------------------------------------------------------------- charts
def level_chart(study: Study | None, published: Study | None = None) -> Figure:
    """The share of solo games won at each level, with 95% intervals as whiskers.

    ``study`` is the class's run (hatched bars), ``published`` the big study (plain bars)
    beside it; either may be None. Each bar is labelled with its win rate, to a tenth of a
    point only when the level had enough games (``PRECISE_GAMES``) for the tenth to mean
    something.
    """
    series = [
        (s, label, hatch, colour)
        for s, label, hatch, colour in (
            (study, t("charts.eco_our_class"), "//", CLASS_COLOUR),
            (published, t("charts.eco_published"), "", PUBLISHED_COLOUR),
        )
        if s
    ]
    if not series:
        raise ValueError(t("charts.eco_needs_a_study"))
    levels = sorted({level for s, *_ in series for level in s})
    width = 0.8 / len(series)
    fig, ax = plt.subplots(figsize=(11, 6))
    tallest = 0.0
    for i, (s, who, hatch, colour) in enumerate(series):
        offset = (i - (len(series) - 1) / 2) * width
        shown = [level for level in levels if level in s]
        x = [levels.index(level) + offset for level in shown]
        rates = [s[level].win_rate * 100 for level in shown]
        intervals = [s[level].interval for level in shown]
        whiskers = [
            [r - low * 100 for r, (low, _) in zip(rates, intervals)],
            [high * 100 - r for r, (_, high) in zip(rates, intervals)],
        ]
        ax.bar(
            x,
            rates,
            width=width * 0.92,
            yerr=whiskers,
            capsize=6,
            color=colour,
            alpha=0.85,
            hatch=hatch,
            edgecolor=INK,
            lw=2,
            label=t("charts.eco_per_level", who=who, games=_games(s)),
        )
        for xi, level, rate, (_, high) in zip(x, shown, rates, intervals):
            text = percent(rate / 100, 1 if s[level].games >= PRECISE_GAMES else 0)
            ax.text(xi, high * 100 + 1.5, text, ha="center", fontsize=13, fontweight="bold")
        tallest = max(tallest, *(high * 100 for _, high in intervals))
    ax.set_xticks(
        range(len(levels)),
        [t("charts.eco_level_tick", level=lv, n=element_count(lv, 1)) for lv in levels],
    )
    ax.set_xlabel(t("charts.eco_level_axis"), fontsize=LESSON3_FONT)
    ax.set_ylim(0, _round_up(max(70.0, tallest + 12), 10))
    ax.set_ylabel(t("charts.eco_games_won_axis"), fontsize=LESSON3_FONT)
    ax.set_title(t("charts.eco_level_title"), fontsize=16)
    ax.legend(fontsize=13, loc="upper right")
    ax.tick_params(labelsize=LESSON3_FONT)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    return fig


def supply_chart(study: Study, elements: Sequence[str] = SUPPLY_ELEMENTS) -> Figure:
    """Why the levels differ. Left: the share of games in which each of ``elements``' decks
    ran out, level by level. Right: on which turn it ran out, on average over those games."""
    unknown = [e for e in elements if e not in ELEMENTS]
    if unknown or not elements:
        raise ValueError(
            t("charts.eco_choose_elements", elements=", ".join(ELEMENTS), given=", ".join(elements))
        )
    levels = sorted(study)
    fig, (left, right) = plt.subplots(1, 2, figsize=(14, 6))
    width = 0.8 / len(elements)
    for i, element in enumerate(elements):
        hatch, marker, line = ELEMENT_STYLES[element]
        colour = ELEMENT_COLOURS[element]
        offset = (i - (len(elements) - 1) / 2) * width
        shares = [study[level].ran_out[element] * 100 for level in levels]
        x = [j + offset for j in range(len(levels))]
        left.bar(
            x,
            shares,
            width=width * 0.92,
            color=colour,
            alpha=0.85,
            hatch=hatch,
            edgecolor=INK,
            lw=2,
            label=t("charts.eco_element_deck", element=_element(element)),
        )
        for xi, share in zip(x, shares):
            left.text(xi, share + 1.5, percent(share / 100), ha="center", fontsize=12)
        turns = [(j, study[level].ran_out_turn[element]) for j, level in enumerate(levels)]
        points = [(j, turn) for j, turn in turns if turn is not None]
        right.plot(
            [j for j, _ in points],
            [turn for _, turn in points],
            marker=marker,
            ms=11,
            ls=line,
            lw=2.5,
            color=colour,
            markeredgecolor=INK,
            label=t("charts.eco_element_deck", element=_element(element)),
        )
        for j, turn in points:
            others = [study[levels[j]].ran_out_turn[e] for e in elements if e != element]
            above = all(o is None or turn >= o for o in others)
            right.annotate(
                number(turn),
                (j, turn),
                xytext=(0, 12 if above else -24),
                textcoords="offset points",
                ha="center",
                fontsize=12,
            )
    ticks = [t("charts.eco_supply_tick", level=lv, n=supply_at_start(lv, 1)) for lv in levels]
    left.set_ylim(0, 115)
    left.set_yticks(range(0, 101, 20))
    left.set_ylabel(t("charts.eco_ran_out_axis"), fontsize=LESSON3_FONT)
    left.set_title(t("charts.eco_how_often_title"), fontsize=16)
    every_turn = [s.ran_out_turn[e] for s in study.values() for e in elements]
    latest = max((turn for turn in every_turn if turn is not None), default=10.0)
    right.set_ylim(0, _round_up(latest * 1.25, 5))
    right.set_xlim(-0.5, len(levels) - 0.5)
    right.set_ylabel(t("charts.eco_turn_axis"), fontsize=LESSON3_FONT)
    right.set_title(t("charts.eco_when_title"), fontsize=16)
    for ax in (left, right):
        ax.set_xticks(range(len(levels)), ticks)
        ax.set_xlabel(t("charts.eco_supply_axis"), fontsize=13)
        ax.tick_params(labelsize=13)
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize=13, loc="lower right" if ax is right else "upper left")
    fig.tight_layout()
    return fig


def margin_chart(rate: float = 0.5, marked: Sequence[int] = MARGIN_GAMES) -> Figure:
    """How far a measured win rate may be from the true one (the 95% margin of error, in
    percentage points) as the number of games grows, with the ``marked`` study sizes named.

    ``rate`` is the win rate assumed; 0.5 gives the widest margin.
    """
    games = sorted({round(10 ** (k / 20)) for k in range(20, 81)})
    fig, ax = plt.subplots(figsize=(11, 5))
    ax.plot(games, [margin_of_error(rate, n) * 100 for n in games], color=INK, lw=2.5)
    for n in marked:
        m = margin_of_error(rate, n) * 100
        ax.plot([n], [m], "o", ms=11, color=PUBLISHED_COLOUR, markeredgecolor=INK)
        ax.annotate(
            t("charts.eco_margin_point", n=n, margin=number(m)),
            (n, m),
            xytext=(12, 8),
            textcoords="offset points",
            fontsize=LESSON3_FONT,
            bbox={"boxstyle": "round", "fc": "white", "ec": MUTED},
        )
    ax.set_xscale("log")
    ax.set_xlim(10, 10_000)
    ax.set_ylim(0, _round_up(margin_of_error(rate, 10) * 100 + 3, 5))
    ax.set_xticks([10, 100, 1000, 10_000], [number(n) for n in (10, 100, 1000, 10_000)])
    ax.set_xlabel(t("charts.eco_games_axis"), fontsize=LESSON3_FONT)
    ax.set_ylabel(t("charts.eco_margin_axis"), fontsize=LESSON3_FONT)
    ax.set_title(t("charts.eco_margin_title", rate=percent(rate)), fontsize=16)
    ax.tick_params(labelsize=LESSON3_FONT)
    ax.grid(alpha=0.3, which="both")
    fig.tight_layout()
    return fig


# ---------------------------------------------------------------------------- helpers
def solo_games_bar(
    games_per_level: int, levels: Sequence[int] = LEVELS
) -> tuple[ProgressBox, ProgressCallback]:
    """A progress bar for a level study of ``games_per_level`` solo games at each level,
    titled in the lesson's language, and the ``progress`` callback that feeds it."""
    return progress_bar(games_per_level * len(levels), t("ecosfera_lessons.playing_solo_games"))


def _signed(value: float, digits: int) -> str:
    """A change with its sign, in the reader's way of writing numbers ("+8.3", "+8,3")."""
    return ("+" if value > 0 else "") + number(value, digits)


def _games(study: Study) -> str:
    """A study's number of games per level, for a legend: "12 games", "10-12 games"."""
    counts = sorted({s.games for s in study.values()})
    if len(counts) == 1:
        return t("charts.eco_games", n=counts[0])
    return t("charts.eco_games_range", low=counts[0], high=counts[-1])


def _element(element: str) -> str:
    """An element id ("water") in the reader's words ("agua" in Spanish)."""
    return gamecore.ecosfera.element_name(ELEMENTS.index(element))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _level(level: int) -> str:
    return t("charts.eco_level", level=level)


def _round_up(value: float, step: float) -> float:
    return step * math.ceil(value / step)


__all__ = [
    "ELEMENT_STYLES",
    "SUPPLY_ELEMENTS",
    "Study",
    "bots_by_level",
    "element_demand",
    "level_chart",
    "level_supply",
    "load_published",
    "margin_chart",
    "margins_table",
    "ran_out_table",
    "solo_games_bar",
    "steps_table",
    "study_table",
    "supply_chart",
]
