"""Matplotlib charts for lessons 4 (biomes on our planet) and 5 (a designer's experiment).

Each function draws one figure and returns it; a notebook cell shows it with one line:

    from widgets.nuevos_mundos.charts import climate_chart, latitude_chart
    climate_chart(planet, planet.places);       # the Whittaker-style climate chart
    latitude_chart(planet);                     # where polar bears and penguins live

    action_chart(seats, TURN_KINDS);            # how winners and the others used their turns
    bot_chart(tournament);                      # games won and points of each bot

(Lesson 5's win rate by seat is the chart every game shares: ``widgets.study_charts``.
The ``;`` keeps Jupyter from printing the figure's name under the picture.)

Colour is never the only cue: every biome box, bar and strip carries a text label, the
altitude-made high mountain is hatched with a dashed edge, the winners' bars are hatched,
and each score category has its own hatching.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.transforms import Bbox

from gamecore.experiments import StudyResult
from gamecore.nuevos_mundos.earth import Earth, Place, format_latitude
from gamecore.nuevos_mundos.scoring import category_titles
from gamecore.words import has, number, percent, t

from ..palette import BIOME_COLOURS, HIGHLIGHT, ICON_COLOURS, INK, MUTED
from ..words import bot_kind_words

TURN_KINDS = ("take_biome", "take_digits", "lay")
"""The three ways to play a card on a turn of Nuevos Mundos (the game's action kinds)."""


class _ActionNames(Mapping[str, str]):
    """Each kind of action's name in the chosen language (looked up when it is read, so
    ``set_language`` after the import still counts)."""

    def __getitem__(self, kind: str) -> str:
        if kind not in TURN_KINDS:
            raise KeyError(kind)
        return t(f"charts.nm_action_{kind}")

    def __iter__(self) -> Iterator[str]:
        return iter(TURN_KINDS)

    def __len__(self) -> int:
        return len(TURN_KINDS)


ACTION_NAMES: Mapping[str, str] = _ActionNames()
"""How the lessons name each kind of action."""

LABEL_AT = {
    "jungle": (24.0, 3250.0),
    "savanna": (23.5, 1250.0),
    "desert": (17.9, 125.0),
    "high_mountain": (-2.5, 1750.0),
    "taiga": (-5.5, 560.0),
    "arctic_tundra": (-15.0, 400.0),
}
"""Where each land biome's name sits on the climate chart (°C, mm), chosen so that no two
labels overlap; a biome missing here is labelled at the centre of its box."""
TROPICS = 23.4
"""The tropics of Cancer and Capricorn, in degrees north and south."""
LESSON4_FONT = 13
"""The text size of lesson 4's charts, in points (titles and biome names are larger)."""
LESSON5_FONT = 14
"""The text size of lesson 5's charts, in points."""

_LABEL_BOX = {"boxstyle": "round", "fc": "white", "ec": INK}
_PLACE_BOX = {"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.8}
_CATEGORY_STYLES = (
    ("", ICON_COLOURS["plants"]),
    ("//", ICON_COLOURS["sun"]),
    ("..", ICON_COLOURS["ice"]),
    ("xx", ICON_COLOURS["water"]),
    ("\\\\", ICON_COLOURS["animals"]),
    ("oo", ICON_COLOURS["minerals"]),
)
"""(hatching, colour) of each score category on the bot chart, in the result's order."""


# --------------------------------------------------------------------------- lesson 4
def climate_chart(
    planet: Earth,
    places: Iterable[Place] = (),
    highlight: str | Iterable[str] | None = None,
) -> Figure:
    """A Whittaker-style chart of the game's biomes, with real ``places`` as stars.

    Top: each land biome is a box from its coolest to its warmest typical mean temperature
    (x) and from its driest to its wettest typical year (y), with its name on it; the high
    mountain, made by altitude, is hatched with a dashed edge. Bottom: the ocean and the
    coast, which the sea makes, as temperature strips. ``highlight`` names biomes (game
    names or labels) to stand out with a heavier outline and a framed label, for example
    the biomes whose box holds a student's town.
    """
    if isinstance(highlight, str):
        highlight = (highlight,)
    marked = {planet.biome(name).name for name in highlight or ()}
    fig, (top, sea) = plt.subplots(
        2, 1, figsize=(11, 8.5), sharex=True, gridspec_kw={"height_ratios": [4, 1]}
    )
    # The high mountain first, so that the taiga and the tundra are drawn over it.
    for b in sorted(planet.biomes, key=lambda b: b.defined_by != "altitude"):
        (t0, t1), (p0, p1) = b.climate.temperature_c, b.climate.precipitation_mm
        colour, lw = BIOME_COLOURS[b.name], 4.5 if b.name in marked else 2.0
        box = {**_LABEL_BOX, "ec": HIGHLIGHT, "lw": 3} if b.name in marked else _LABEL_BOX
        if b.defined_by == "water":
            row = 1 if b.name == "ocean" else 0
            sea.barh(row, t1 - t0, left=t0, height=0.6, color=colour, edgecolor=INK, lw=lw)
            sea.text(
                t0 + 0.5,
                row,
                t("charts.nm_sea_strip", biome=b.label, low=f"{t0:g}", high=f"{t1:g}"),
                va="center",
                bbox=box,
                fontsize=LESSON4_FONT,
            )
            continue
        high = b.defined_by == "altitude"
        top.add_patch(
            Rectangle(
                (t0, p0),
                t1 - t0,
                p1 - p0,
                lw=lw,
                edgecolor=INK,
                facecolor=to_rgba(colour, 0.35 if high else 0.75),
                hatch="//" if high else None,
                ls="--" if high else "-",
            )
        )
        x, y = LABEL_AT.get(b.name, ((t0 + t1) / 2, (p0 + p1) / 2))
        top.text(x, y, b.label, ha="center", va="center", fontsize=14, fontweight="bold", bbox=box)
    top.text(
        11.5,
        1500,
        t("charts.nm_temperate_note"),
        ha="center",
        color=MUTED,
        style="italic",
        fontsize=12,
    )
    top.set(xlim=(-25, 33), ylim=(0, 4700))
    for place in places:
        _star(top, place)
    top.set_ylabel(t("charts.nm_rain_axis"), fontsize=LESSON4_FONT)
    top.set_title(t("charts.nm_climate_title"), fontsize=16)
    sea.set(yticks=[], ylim=(-0.6, 1.6))
    sea.set_xlabel(t("charts.nm_temperature_axis"), fontsize=LESSON4_FONT)
    sea.set_title(t("charts.nm_sea_title"), fontsize=1.2 * LESSON4_FONT)
    for ax in (top, sea):
        ax.grid(alpha=0.3)
        ax.tick_params(labelsize=LESSON4_FONT)
    fig.tight_layout()
    _place_names(fig, top)
    return fig


PLACE_NAME_SPOTS = (
    ((9, 6), "left", "bottom"),
    ((-9, 6), "right", "bottom"),
    ((9, -8), "left", "top"),
    ((-9, -8), "right", "top"),
    ((0, 12), "center", "bottom"),
    ((0, -14), "center", "top"),
)
"""Where a place's name may sit around its star (offset in points, alignment), in order of
preference: right of the star, left of it, then below or above."""


def _star(ax: Axes, place: Place) -> None:
    """A real place: a star at its climate, and its name beside it (``_place_names`` then
    moves each name to a spot where it overlaps no other text)."""
    where = (place.temperature_c, place.precipitation_mm)
    ax.plot(*where, "*", ms=18, color=INK, clip_on=False, zorder=4)
    ax.annotate(
        place.name.split(",")[0],
        where,
        xytext=PLACE_NAME_SPOTS[0][0],
        textcoords="offset points",
        fontsize=12,
        ha=PLACE_NAME_SPOTS[0][1],
        va=PLACE_NAME_SPOTS[0][2],
        bbox=_PLACE_BOX,
        zorder=5,
        gid="place-name",
    )


def _place_names(fig: Figure, ax: Axes) -> None:
    """Move each place's name to the first spot around its star where it stays inside the
    chart and overlaps neither a biome's name, the note, another place's name nor a star
    (when no spot is free, the one that overlaps least)."""
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    frame = ax.get_window_extent(renderer)
    names = [t for t in ax.texts if t.get_gid() == "place-name"]
    taken = [
        t.get_window_extent(renderer).padded(4) for t in ax.texts if t.get_gid() != "place-name"
    ]
    taken += [
        line.get_window_extent(renderer).expanded(0.8, 0.8)
        for line in ax.lines
        if line.get_marker() == "*"
    ]
    for name in names:
        best: tuple[float, int] | None = None
        for k, (offset, ha, va) in enumerate(PLACE_NAME_SPOTS):
            name.set(position=offset, ha=ha, va=va)
            box = name.get_window_extent(renderer).padded(4)  # room for the name's frame
            outside = (
                max(0.0, frame.x0 - box.x0)
                + max(0.0, box.x1 - frame.x1)
                + max(0.0, frame.y0 - box.y0)
                + max(0.0, box.y1 - frame.y1)
            )
            overlap = sum(_overlap(box, other) for other in taken) + 1000 * outside
            if best is None or overlap < best[0]:
                best = (overlap, k)
            if overlap == 0:
                break
        assert best is not None
        offset, ha, va = PLACE_NAME_SPOTS[best[1]]
        name.set(position=offset, ha=ha, va=va)
        taken.append(name.get_window_extent(renderer).padded(4))


def _overlap(a: Bbox, b: Bbox) -> float:
    """The area two boxes share, in square pixels."""
    width = min(a.x1, b.x1) - max(a.x0, b.x0)
    height = min(a.y1, b.y1) - max(a.y0, b.y0)
    return width * height if width > 0 and height > 0 else 0.0


def latitude_chart(planet: Earth) -> Figure:
    """Where polar bears and penguins live, as two bars along the latitudes from the South
    Pole to the North Pole, with the tropics between them shaded and named."""
    polar = planet.polar
    homes = [
        (t("charts.nm_polar_bears"), polar.polar_bear_latitudes, "arctic_tundra", 1.3),
        (t("charts.nm_penguins"), polar.penguin_latitudes, "coast", 0.5),
    ]
    fig, ax = plt.subplots(figsize=(11, 3.2))
    ax.axvspan(-TROPICS, TROPICS, color=BIOME_COLOURS["savanna"], alpha=0.35)
    ax.text(0, 2.05, t("charts.nm_tropics"), ha="center", fontsize=LESSON4_FONT)
    for name, (south, north), biome, y in homes:
        ax.barh(
            y,
            north - south,
            left=south,
            height=0.5,
            color=BIOME_COLOURS[biome],
            edgecolor=INK,
            lw=2,
        )
        text = t(
            "charts.nm_home",
            animal=name,
            south=format_latitude(south),
            north=format_latitude(north),
        )
        ax.text(
            (south + north) / 2,
            y,
            text,
            ha="center",
            va="center",
            bbox=_LABEL_BOX,
            fontsize=LESSON4_FONT,
        )
    ax.set(xlim=(-90, 90), ylim=(0, 2.4), yticks=[], xticks=[-90, -60, -30, 0, 30, 60, 90])
    ax.set_xticklabels(
        [
            t("charts.nm_south_pole"),
            "60°S",
            "30°S",
            t("charts.nm_equator"),
            "30°N",
            "60°N",
            t("charts.nm_north_pole"),
        ]
    )
    ax.tick_params(labelsize=LESSON4_FONT)
    ax.set_title(t("charts.nm_latitude_title"), fontsize=16)
    fig.tight_layout()
    return fig


# --------------------------------------------------------------------------- lesson 5
def action_chart(
    result: StudyResult,
    kinds: Sequence[str] = TURN_KINDS,
    names: Mapping[str, str] | None = None,
) -> Figure:
    """For each kind of action, its share of the winners' turns (hatched) and of the other
    players' turns (plain), each bar labelled with its percentage.

    ``names`` gives each kind's label (the lesson's ``ACTION_NAMES`` by default).
    """
    names = ACTION_NAMES if names is None else names
    shares = result.winners_vs_others(kinds)
    groups = [
        (t("charts.nm_winners"), 0, "//", HIGHLIGHT),
        (t("charts.nm_others"), 1, "", MUTED),
    ]
    x = range(len(kinds))
    fig, ax = plt.subplots(figsize=(10, 5.5))
    tallest = 0.0
    for offset, (who, index, hatch, colour) in zip((-0.2, 0.2), groups):
        values = [shares[k][index] * 100 for k in kinds]
        ax.bar(
            [i + offset for i in x],
            values,
            width=0.4,
            label=who,
            color=colour,
            alpha=0.8,
            hatch=hatch,
            edgecolor=INK,
            lw=2,
        )
        for i, v in zip(x, values):
            ax.text(i + offset, v + 1, percent(v / 100), ha="center", fontsize=14)
        tallest = max(tallest, *values)
    ax.set_xticks(list(x), [names.get(k, k.replace("_", " ")) for k in kinds])
    ax.set_ylim(0, _round_up(max(50.0, tallest + 8), 10))
    ax.set_ylabel(t("charts.nm_turn_share_axis"), fontsize=LESSON5_FONT)
    ax.set_title(_turns_title(result), fontsize=16)
    ax.legend(fontsize=13)
    ax.tick_params(labelsize=LESSON5_FONT)
    fig.tight_layout()
    return fig


def bot_chart(result: StudyResult) -> Figure:
    """Two panels for a tournament between bots. Left: the games each bot won, with its 95%
    interval and the fair share. Right: its mean points per game, stacked by score category
    (each category hatched differently), with the mean total on top."""
    rates = result.win_rates_by_bot()
    names = list(rates)
    shown = [bot_kind_words(n) for n in names]
    win_rates = {n: rates[n].rate for n in names}
    intervals = {n: rates[n].interval for n in names}
    points = {n: result.mean_points(n) for n in names}
    fair = result.fair_rate()
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5.5))
    whiskers = [
        [(win_rates[n] - intervals[n][0]) * 100 for n in names],
        [(intervals[n][1] - win_rates[n]) * 100 for n in names],
    ]
    left.bar(
        shown,
        [win_rates[n] * 100 for n in names],
        yerr=whiskers,
        capsize=8,
        color=BIOME_COLOURS["taiga"],
        edgecolor=INK,
        lw=2,
    )
    for i, n in enumerate(names):
        left.text(
            i,
            intervals[n][1] * 100 + 2,
            percent(win_rates[n]),
            ha="center",
            fontsize=15,
            fontweight="bold",
        )
    fair_label = t("charts.nm_fair_share", share=percent(fair))
    left.axhline(fair * 100, color=INK, ls="--", lw=2, label=fair_label)
    left.set_ylim(0, 115)
    left.set_ylabel(t("charts.nm_games_won_axis"), fontsize=LESSON5_FONT)
    left.set_title(t("charts.nm_bot_wins_title"), fontsize=1.2 * LESSON5_FONT)
    left.legend(fontsize=12, loc="upper left")
    bottom = [0.0] * len(names)
    titles = category_titles()
    for i, category in enumerate(result.categories):
        hatch, colour = _CATEGORY_STYLES[i % len(_CATEGORY_STYLES)]
        values = [points[n][category] for n in names]
        right.bar(
            shown,
            values,
            bottom=bottom,
            hatch=hatch,
            color=colour,
            edgecolor=INK,
            lw=2,
            label=titles.get(category, category),
        )
        bottom = [b + v for b, v in zip(bottom, values)]
    for i, total in enumerate(bottom):
        right.text(i, total + 0.5, number(total, 1), ha="center", fontsize=15, fontweight="bold")
    top = _round_up(max(36.0, max(bottom, default=0.0) * 1.45), 4)
    right.set_ylim(0, top)
    right.set_ylabel(t("charts.nm_mean_points_axis"), fontsize=LESSON5_FONT)
    right.set_title(t("charts.nm_points_title"), fontsize=1.2 * LESSON5_FONT)
    right.legend(fontsize=12, loc="upper left")
    for ax in (left, right):
        ax.tick_params(labelsize=LESSON5_FONT)
    fig.tight_layout()
    return fig


# --------------------------------------------------------------------------- helpers
def _round_up(value: float, step: float) -> float:
    return step * math.ceil(value / step)


def _many(kind: str) -> str:
    """Bots of one kind, said of several ("random", in Spanish "aleatorios"): a title names
    a seat filled by one kind in the plural."""
    key = f"nuevos_mundos_lessons.bots_{kind}"
    return t(key) if has(key) else bot_kind_words(kind)


def _turns_title(result: StudyResult) -> str:
    """The action chart's title, naming the bots when one kind filled every seat."""
    kinds = result.bot_names()
    if len(kinds) == 1:
        return t("charts.nm_turns_title_same", bot=_many(kinds[0]))
    return t("charts.nm_turns_title")


__all__ = [
    "ACTION_NAMES",
    "LABEL_AT",
    "TURN_KINDS",
    "action_chart",
    "bot_chart",
    "climate_chart",
    "latitude_chart",
]
