"""A progress bar for long simulations: ``gamecore.experiments.run_study(progress=...)``.

    bar, tick = progress_bar(3000, "Playing")
    display(bar)
    study = run_study("nuevos-mundos", games=3000, players=4, progress=tick)

Its label says the pace: "1,200 of 3,000 games · 640 games/s · about 3 s left"
(``gamecore.experiments.pace``, the same words a terminal shows).

The callback redraws at most about a hundred times, however many games there are, so the
bar never slows the simulation down. Where widgets do not run (a notebook opened before it
is run, an export), the bar shows as a sentence that says what it counts.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from gamecore.experiments.pace import Pace
from gamecore.words import t

ProgressCallback = Callable[[int, int], None]


class ProgressBox(w.HBox):  # type: ignore[misc]
    """The bar and its label; its text form is a sentence, not the widget's Python repr."""

    total = 0

    def __repr__(self) -> str:
        return t("lessons.progress_plain", n=self.total)


def progress_bar(
    total: int, description: str | None = None, steps: int = 100
) -> tuple[ProgressBox, ProgressCallback]:
    """A bar with a label (the games done, games/s, the time left), and the
    ``progress(done, total)`` to feed it.

    ``description`` is the bar's title (the lesson's own words; "Games" by default). The
    widget has the CSS class ``mundos-progress``; the label ``mundos-progress-label``.
    """
    if isinstance(total, bool) or not isinstance(total, int) or total < 1:
        raise ValueError(f"total must be a whole number of at least 1, not {total!r}")
    bar = w.IntProgress(
        value=0,
        min=0,
        max=total,
        description=t("lessons.progress_title") if description is None else description,
        bar_style="info",
        style={"description_width": "initial"},
        layout=w.Layout(width="420px"),
    )
    pace = Pace()
    label = w.Label(pace.words(0, total))
    label.add_class("mundos-progress-label")
    box = ProgressBox([bar, label])
    box.total = total
    box.add_class("mundos-progress")
    shown = [0]

    def progress(done: int, total_now: int) -> None:
        if total_now != bar.max:
            bar.max = max(1, total_now)
        step = max(1, total_now // max(1, steps))
        finished = done >= total_now
        if not finished and done - shown[0] < step and done > shown[0]:
            return
        shown[0] = done
        bar.value = min(done, bar.max)
        label.value = pace.words(done, total_now)
        if finished:
            bar.bar_style = "success"

    return box, progress


__all__ = ["ProgressBox", "ProgressCallback", "progress_bar"]
