"""The charts every game's study shares (widgets/study_charts.py), drawn off screen."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from figure_text import has
from matplotlib.patches import Rectangle

from gamecore.experiments import run_study
from gamecore.nuevos_mundos import MODULES
from gamecore.words import set_language
from widgets.study_charts import score_chart, seat_chart, variant_chart, verdict, who_wins


@pytest.fixture(scope="module")
def basic():
    return run_study("nuevos-mundos", games=200, seed=2024, players=4, bots="random")


@pytest.fixture(scope="module")
def advanced():
    return run_study(
        "nuevos-mundos", games=200, seed=2024, players=4, bots="random", modules=MODULES
    )


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def test_the_seat_chart_labels_every_seat_with_its_rate(basic) -> None:
    fig = seat_chart(basic)
    (ax,) = fig.axes
    assert ax.get_title() == "Who wins? 200 games between four random bots"
    assert ax.get_ylabel() == "Games won (%)"
    assert ax.get_xlabel() == "Seat (seat 1 plays first)"
    for seat, rate in enumerate(basic.win_rates_by_seat()):
        assert has(fig, f"Seat {seat + 1}")
        assert has(fig, f"{rate.rate:.1%}")
    assert has(fig, "fair share: 25%")
    assert has(fig, "where luck alone would land (95%)")
    assert seat_chart(basic, title="Mine").axes[0].get_title() == "Mine"


def test_the_title_names_different_bots_one_by_one() -> None:
    mixed = run_study("nuevos-mundos", games=2, seed=1, bots=["random", "greedy"])
    assert who_wins(mixed) == "Who wins? 2 games between the bots random and greedy"


def test_the_score_chart_draws_a_box_per_variant_with_its_mean(basic, advanced) -> None:
    fig = score_chart([basic, advanced], names=("basic", "modules"))
    (ax,) = fig.axes
    assert [x.get_text() for x in ax.get_yticklabels()] == ["basic", "modules"]
    mean = sum(advanced.scores()) / len(advanced.scores())
    assert has(fig, f"mean {mean:.1f}")
    hatches = {p.get_hatch() for p in ax.patches if p.get_hatch() is not None}
    assert len(hatches | {""}) >= 2, "the boxes differ by pattern, not by colour alone"
    assert ax.get_title() == "How the scores spread (1,600 scores)"
    with pytest.raises(ValueError, match="name each"):
        score_chart([basic, advanced], names=("one",))


def test_the_score_chart_of_one_study_has_a_box_per_seat(basic) -> None:
    fig = score_chart(basic)
    labels = [x.get_text() for x in fig.axes[0].get_yticklabels()]
    assert labels == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]


def test_the_variant_chart_says_the_difference_and_whether_luck_explains_it(
    basic, advanced
) -> None:
    fig = variant_chart(basic, advanced, ("basic", "modules"), what="score", seat=0)
    (ax,) = fig.axes
    difference = basic.compare(advanced, "score", seat=0)
    assert difference.significant, "the modules add points: a clear difference"
    assert ax.get_xlabel().startswith(
        f"The second variant moves the mean score by +{difference.difference:.1f} points."
    )
    assert "luck alone would rarely" in ax.get_xlabel()
    assert [x.get_text() for x in ax.get_xticklabels()] == ["basic", "modules"]
    bars = [p for p in ax.patches if isinstance(p, Rectangle) and p.get_height() > 0]
    assert len(bars) == 2 and bars[0].get_hatch() != bars[1].get_hatch()
    assert has(fig, f"{difference.a:.1f}") and has(fig, f"{difference.b:.1f}")
    fig = variant_chart(basic, advanced, ("basic", "modules"), what="score", seat=None)
    assert fig.axes[0].get_ylabel() == "Mean score (every seat)"
    everyone = basic.compare(advanced, "score", seat=None)
    assert everyone.a == pytest.approx(sum(basic.scores()) / len(basic.scores()))
    with pytest.raises(ValueError, match="a win rate is a seat's"):
        variant_chart(basic, advanced, ("basic", "modules"), what="win", seat=None)
    fig = variant_chart(basic, basic, ("A", "A again"), what="win")
    assert "luck alone could make" in fig.axes[0].get_xlabel()
    assert fig.axes[0].get_ylabel() == "Games won from seat 1 (%)"


def test_a_verdict_in_spanish() -> None:
    set_language("es")
    try:
        same = run_study("nuevos-mundos", games=10, seed=1, players=2)
        words = verdict(same.compare(same, "win"), "win")
        assert words.startswith("La segunda variante mueve la tasa 0,0 puntos porcentuales.")
        assert "el azar por sí solo podría" in words and "p = 1,000" in words
    finally:
        set_language("en")


def test_comparing_rates_and_means_gives_intervals_of_the_difference(basic, advanced) -> None:
    d = basic.compare(advanced, "score", seat=1)
    assert d.low < d.difference < d.high
    assert d.difference == pytest.approx(d.b - d.a)
    same = basic.compare(basic, "win", seat=0)
    assert same.difference == 0 and same.p_value == pytest.approx(1.0) and not same.significant
