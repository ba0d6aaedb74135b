"""What a matplotlib figure says in words, for the chart tests (drawn off screen)."""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.text import Text


def texts(fig: Figure) -> list[str]:
    """Every piece of text the figure shows, tick labels included (so it is drawn first)."""
    fig.canvas.draw()
    return [t.get_text() for t in fig.findobj(Text) if t.get_visible() and t.get_text()]


def has(fig: Figure, words: str) -> bool:
    """Whether some text of the figure holds ``words``."""
    return any(words in t for t in texts(fig))
