"""What every scoring pad widget shares: ``ScoringPadBase``.

A pad (``ScoringPad`` for Nuevos Mundos, ``MondoScoringPad``) is a model without widgets
(``widgets.pad_model``) and this thin ipywidgets layer over it. What is the same at every
pad lives here once: the status line (whose row is active, what just happened, why the score
cannot be shown), buttons and observers that never put a traceback in the kernel log, the
pad's own updates of a control kept apart from a person's input, the players' names, and
display: a still picture of the pad and a sentence where the live pad cannot run.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import ClassVar

import ipywidgets as w

from gamecore.words import t

from .pad_model import PadModelBase
from .scene import Scene
from .status import StatusLine
from .svg import Picture, png_metadata, still_bundle, to_svg
from .table_base import make_button
from .words import Said

Observer = Callable[[dict[str, object]], None]


class ScoringPadBase(ABC):
    """The widget half every scoring pad shares (see the module's docstring).

    A subclass sets ``css_prefix`` and ``still_words``, builds its controls into ``widget``
    (with the status line ``_status_line()`` makes), and draws ``scene()``."""

    css_prefix: ClassVar[str]
    """The start of the CSS classes of the pad's parts ("nm-pad", "mondo-pad")."""
    still_words: ClassVar[str]
    """The catalog key of the sentence shown where the live pad cannot run."""

    model: PadModelBase
    status: StatusLine
    widget: w.VBox
    _syncing: bool = False

    @abstractmethod
    def scene(self) -> Scene:
        """The pad's picture now."""

    # --- building ---------------------------------------------------------------------
    def _status_line(self) -> StatusLine:
        status = StatusLine(css_class=f"{self.css_prefix}-status")
        # Three lines of room: a long message scrolls instead of moving the buttons below.
        status.widget.layout = w.Layout(height="66px", overflow="auto")
        return status

    def _button(self, label: str, css: str, action: Callable[[], object]) -> w.Button:
        button = make_button(label, css)
        button.on_click(lambda _: self._guarded(action))
        return button

    # --- callbacks (never raise) --------------------------------------------------------
    def _guarded(self, action: Callable[[], object]) -> None:
        """Run a widget callback; an unexpected error becomes a status line, not a traceback."""
        try:
            action()
        except Exception as err:  # a callback must never put a traceback in the kernel log
            self.status.set(problem=t(f"{self.model.words}.could_not", error=str(err)))

    def _observer(self, action: Callable[[object], object]) -> Observer:
        """A widget observer that ignores the pad's own updates of the widget."""

        def changed(change: dict[str, object]) -> None:
            if not self._syncing:
                self._guarded(lambda: action(change["new"]))

        return changed

    def _sync(self, action: Callable[[], object]) -> None:
        """Change a widget without its observer treating the change as new input."""
        self._syncing = True
        try:
            action()
        finally:
            self._syncing = False

    def _on_error(self, message: str) -> None:
        self.status.set(problem=message)

    def _answer(self, said: Said) -> bool:
        """Redraw after a change, or only say the problem (nothing changed)."""
        if said.problem is not None:
            self.status.set(problem=said.problem)
            return False
        self._refresh(said)
        return True

    @abstractmethod
    def _refresh(self, said: Said | None = None) -> None:
        """Bring every control and picture up to date, then ``_say(said)``."""

    def _say(self, said: Said | None) -> None:
        """The status line after a redraw, sent once: whose row is active, what happened,
        and why the score cannot be shown (if it cannot)."""
        with self.status.hold():
            self.status.set(turn=t(f"{self.model.words}.turn", name=self.model.player))
            problem = said.problem if said is not None else None
            if problem is None:
                problem = self.model.scoring_problem()
            if said is not None or problem is not None:
                event = said.event if said is not None else None
                self.status.set(event=event or "", problem=problem)

    # --- players ------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in row order."""
        return tuple(self.model.names)

    # --- pictures -----------------------------------------------------------------------
    def to_svg(self) -> str:
        """The pad's picture as standalone SVG text."""
        return to_svg(self.scene())

    def snapshot(self) -> Picture:
        """A still picture of the pad (for exported notebooks and handouts)."""
        return Picture(self.scene())

    def _repr_mimebundle_(self, **kwargs: object) -> tuple[dict[str, object], dict[str, object]]:
        """The live pad, plus a picture and a sentence for where it cannot run (a lesson
        opened before it is run, an untrusted notebook, an exported page)."""
        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        scene = self.scene()
        bundle.update(still_bundle(scene, t(self.still_words)))
        return bundle, png_metadata(scene)


__all__ = ["ScoringPadBase"]
