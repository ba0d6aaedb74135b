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

from ..palette import INK, MUTED
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
MARGIN_GAMES = (12, 100, 1000)
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
        raise ValueError(
            f"there is no published study at {path}; write it with "
            "python benchmarks/ecosfera_study.py --save gamecore/ecosfera/balance_study.json"
        ) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path} is not a readable study ({error})") from None
    bots = data.get("bots") if isinstance(data, dict) else None
    if not isinstance(bots, dict) or not bots:
        raise ValueError(
            f"{path} holds no study: it needs 'bots', each bot's name with a list of levels"
        )
    return {name: _bot_study(path, name, levels) for name, levels in bots.items()}


def _bot_study(path: Path, name: str, levels: object) -> dict[int, LevelSummary]:
    where = f"{path}, bot {name!r}"
    if not isinstance(levels, list) or not levels:
        raise ValueError(f"{where}: needs a list of level summaries")
    study: dict[int, LevelSummary] = {}
    for raw in levels:
        if not isinstance(raw, dict):
            raise ValueError(f"{where}: a level summary must be a JSON object")
        try:
            summary = LevelSummary.from_dict(raw)
        except (TypeError, ValueError) as error:
            raise ValueError(f"{where}: {error}") from None
        level, games, wins = summary.level, summary.games, summary.wins
        if level not in LEVELS or level in study:
            raise ValueError(f"{where}: level {level!r} is not a new level from 1 to 5")
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (games, wins)):
            raise ValueError(f"{where}: level {level} needs whole numbers of games and wins")
        if games < 1 or not 0 <= wins <= games:
            raise ValueError(f"{where}: level {level} has {wins} wins in {games} games")
        study[level] = summary
    return dict(sorted(study.items()))


# ---------------------------------------------------------------------------- tables
def level_supply(players: int = 1) -> Table:
    """What each level changes: the element cards of each element, the starting card each
    player takes, what is left in each element deck, and all five decks together."""
    rows = []
    for level in LEVELS:
        cards, left = element_count(level, players), supply_at_start(level, players)
        rows.append(
            (f"Level {level}", str(cards), str(players), str(left), str(left * len(ELEMENTS)))
        )
    start = "In your starting deck" if players == 1 else "In the starting decks"
    headers = (
        "",
        "Cards of each element",
        start,
        "Left in each element deck",
        "In all five decks",
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
                element,
                f"{sum(p.cost[e] > 0 for p in cards.plants)} of {len(cards.plants)}",
                str(sum(p.cost[e] for p in cards.plants)),
                str(supply_at_start(easiest, 1)),
                str(supply_at_start(hardest, 1)),
            )
        )
    headers = (
        "Element",
        "Plant & fungi cards that cost it",
        "Cards to buy every plant once",
        f"In its deck at level {easiest}",
        f"At level {hardest}",
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
                f"Level {level}",
                str(s.games),
                str(s.wins),
                f"{s.win_rate:.1%}",
                f"{low:.1%} to {high:.1%}",
                f"{s.mean_score:.0f}",
                f"{s.mean_taken:.1f}",
                *(f"{s.ran_out[e]:.0%}" for e in elements),
            )
        )
    headers = (
        "",
        "Games",
        "Won",
        "Win rate",
        "95% interval",
        "Mean score",
        "Elements taken",
        *(f"{e.capitalize()} ran out" for e in elements),
    )
    return Table(headers, tuple(rows), "eco-lesson-table")


def steps_table(study: Study) -> Table:
    """From each level to the next: the change in win rate and its ``z`` (the change divided
    by the noise of two rates, ``gamecore.ecosfera.study.steps``); beyond ``Z_95`` luck alone
    would give such a change in fewer than 1 experiment in 20."""
    rows = []
    for easier, harder, drop, z in steps(study):
        verdict = "yes" if abs(z) > Z_95 else "no: it could be luck"
        rows.append(
            (f"Level {easier} to {harder}", f"{-drop * 100:+.1f} points", f"{z:.1f}", verdict)
        )
    headers = ("Step", "Change in win rate", "z", "More than luck?")
    return Table(headers, tuple(rows), "eco-lesson-table")


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
            (study, "our class", "//", CLASS_COLOUR),
            (published, "published study", "", PUBLISHED_COLOUR),
        )
        if s
    ]
    if not series:
        raise ValueError("level_chart needs a study, the published one, or both")
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
            label=f"{who}: {_games(s)} per level",
        )
        for xi, level, rate, (_, high) in zip(x, shown, rates, intervals):
            text = f"{rate:.1f}%" if s[level].games >= PRECISE_GAMES else f"{rate:.0f}%"
            ax.text(xi, high * 100 + 1.5, text, ha="center", fontsize=13, fontweight="bold")
        tallest = max(tallest, *(high * 100 for _, high in intervals))
    ax.set_xticks(
        range(len(levels)),
        [f"Level {lv}\n{element_count(lv, 1)} of each" for lv in levels],
    )
    ax.set_xlabel("Level, and the cards of each element in a solo game", fontsize=LESSON3_FONT)
    ax.set_ylim(0, _round_up(max(70.0, tallest + 12), 10))
    ax.set_ylabel("Games won (%)", fontsize=LESSON3_FONT)
    ax.set_title("Solo games won at each level (whiskers: 95% interval)", fontsize=16)
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
        raise ValueError(f"choose elements among {', '.join(ELEMENTS)}, not {list(elements)!r}")
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
            label=f"{element} deck",
        )
        for xi, share in zip(x, shares):
            left.text(xi, share + 1.5, f"{share:.0f}%", ha="center", fontsize=12)
        turns = [(j, study[level].ran_out_turn[element]) for j, level in enumerate(levels)]
        points = [(j, t) for j, t in turns if t is not None]
        right.plot(
            [j for j, _ in points],
            [t for _, t in points],
            marker=marker,
            ms=11,
            ls=line,
            lw=2.5,
            color=colour,
            markeredgecolor=INK,
            label=f"{element} deck",
        )
        for j, t in points:
            others = [study[levels[j]].ran_out_turn[e] for e in elements if e != element]
            above = all(o is None or t >= o for o in others)
            right.annotate(
                f"{t:.0f}",
                (j, t),
                xytext=(0, 12 if above else -24),
                textcoords="offset points",
                ha="center",
                fontsize=12,
            )
    ticks = [f"Level {lv}\n{supply_at_start(lv, 1)} per deck" for lv in levels]
    left.set_ylim(0, 115)
    left.set_yticks(range(0, 101, 20))
    left.set_ylabel("Games in which the deck ran out (%)", fontsize=LESSON3_FONT)
    left.set_title("How often the deck ran out", fontsize=16)
    every_turn = [s.ran_out_turn[e] for s in study.values() for e in elements]
    latest = max((turn for turn in every_turn if turn is not None), default=10.0)
    right.set_ylim(0, _round_up(latest * 1.25, 5))
    right.set_xlim(-0.5, len(levels) - 0.5)
    right.set_ylabel("Turn it ran out (mean)", fontsize=LESSON3_FONT)
    right.set_title("When it ran out (in the games where it did)", fontsize=16)
    for ax in (left, right):
        ax.set_xticks(range(len(levels)), ticks)
        ax.set_xlabel("Level, and the cards in each element deck at the start", fontsize=13)
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
            f"{n} games: ± {m:.0f} points",
            (n, m),
            xytext=(12, 8),
            textcoords="offset points",
            fontsize=LESSON3_FONT,
            bbox={"boxstyle": "round", "fc": "white", "ec": MUTED},
        )
    ax.set_xscale("log")
    ax.set_xlim(10, 10_000)
    ax.set_ylim(0, _round_up(margin_of_error(rate, 10) * 100 + 3, 5))
    ax.set_xticks([10, 100, 1000, 10_000], ["10", "100", "1000", "10,000"])
    ax.set_xlabel("Games played at one level", fontsize=LESSON3_FONT)
    ax.set_ylabel("95% margin (± percentage points)", fontsize=LESSON3_FONT)
    ax.set_title(
        f"How sure is a win rate of about {rate:.0%}? Four times the games, half the margin",
        fontsize=16,
    )
    ax.tick_params(labelsize=LESSON3_FONT)
    ax.grid(alpha=0.3, which="both")
    fig.tight_layout()
    return fig


# ---------------------------------------------------------------------------- helpers
def _games(study: Study) -> str:
    """A study's number of games per level, for a legend: "12 games", "10-12 games"."""
    counts = sorted({s.games for s in study.values()})
    if len(counts) == 1:
        return f"{counts[0]} games"
    return f"{counts[0]}-{counts[-1]} games"


def _round_up(value: float, step: float) -> float:
    return step * math.ceil(value / step)


__all__ = [
    "ELEMENT_STYLES",
    "SUPPLY_ELEMENTS",
    "Study",
    "element_demand",
    "level_chart",
    "level_supply",
    "load_published",
    "margin_chart",
    "steps_table",
    "study_table",
    "supply_chart",
]
