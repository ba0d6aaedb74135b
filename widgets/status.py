"""The status line every game widget shows: whose turn, what just happened, why a click failed.

It is a live region (``role="status"``), so a screen reader reads each change aloud, and it
keeps room for two lines, so the controls under it do not jump when a message grows. What a
table's model answers a request with (``Said``: an event or a problem) is ``widgets.words``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from html import escape

import ipywidgets as w

from .palette import INK, WARNING


class StatusLine:
    """Three short sentences in one line of HTML, readable by tests through a CSS class."""

    def __init__(self, css_class: str = "mundos-status") -> None:
        self.turn = ""
        self.event = ""
        self.problem = ""
        self.widget = w.HTML()
        self.widget.add_class(css_class)
        self._held = 0
        self._render()

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Send the line once, when the block ends, however many parts it changes: the
        page never shows a new message beside an old turn."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held:
                self._render()

    def set(
        self, *, turn: str | None = None, event: str | None = None, problem: str | None = None
    ) -> None:
        """Change any part; a new event clears an old problem unless one is given."""
        if turn is not None:
            self.turn = turn
        if event is not None:
            self.event = event
            if problem is None:
                self.problem = ""
        if problem is not None:
            self.problem = problem
        self._render()

    @property
    def text(self) -> str:
        return " ".join(p for p in (self.turn, self.event, self.problem) if p)

    def _render(self) -> None:
        if self._held:
            return
        parts = []
        if self.turn:
            parts.append(f"<b>{escape(self.turn)}</b>")
        if self.event:
            parts.append(escape(self.event))
        if self.problem:
            parts.append(f'<span style="color:{WARNING}">&#9888; {escape(self.problem)}</span>')
        self.widget.value = (
            f'<div role="status" aria-live="polite" '
            f'style="color:{INK};font-size:15px;line-height:1.4;min-height:2.8em">'
            + " &middot; ".join(parts)
            + "</div>"
        )
