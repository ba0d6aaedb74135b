"""A progress bar for long simulations: ``gamecore.experiments.run_games(progress=...)``.

    bar, tick = progress_bar(3000, "Playing")
    display(bar)
    result = run_games("nuevos-mundos", ["random"] * 4, games=3000, progress=tick)

The callback redraws at most about a hundred times, however many games there are, so the
bar never slows the simulation down.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

ProgressCallback = Callable[[int, int], None]


def progress_bar(
    total: int, description: str = "Games", unit: str = "games", steps: int = 100
) -> tuple[w.HBox, ProgressCallback]:
    """A bar with a label ("1200 of 3000 games"), and the ``progress(done, total)`` to feed it.

    The widget has the CSS class ``mundos-progress``; the label ``mundos-progress-label``.
    """
    if isinstance(total, bool) or not isinstance(total, int) or total < 1:
        raise ValueError(f"total must be a whole number of at least 1, not {total!r}")
    bar = w.IntProgress(
        value=0,
        min=0,
        max=total,
        description=description,
        bar_style="info",
        style={"description_width": "initial"},
        layout=w.Layout(width="420px"),
    )
    label = w.Label(f"0 of {total} {unit}")
    label.add_class("mundos-progress-label")
    box = w.HBox([bar, label])
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
        label.value = f"{done} of {total_now} {unit}" + (" - done" if finished else "")
        if finished:
            bar.bar_style = "success"

    return box, progress


__all__ = ["ProgressCallback", "progress_bar"]
