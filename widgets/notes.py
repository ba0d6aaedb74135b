"""Lines of text that a lesson cell shows as text, never as a Python list.

A lesson helper that answers in sentences returns ``Notes``: in a notebook it shows as HTML
paragraphs (the browser wraps them between words; JupyterLab breaks long printed lines in the
middle of a word), and as plain lines wherever there is no HTML (a terminal, ``print``, a
stored notebook read as text). It is a list of lines, so a test compares it like one.
"""

from __future__ import annotations

import textwrap
from html import escape
from typing import Any

from .palette import INK

WIDTH = 76
"""Where printed lines wrap: narrower than a notebook column on a 1366x768 laptop, so
JupyterLab never breaks a word of them."""


def wrap(line: str, width: int = WIDTH) -> str:
    """One line wrapped between words at ``width``; continuation lines keep its indent (and
    step past a bullet)."""
    stripped = line.lstrip(" ")
    indent = " " * (len(line) - len(stripped))
    hang = indent + ("  " if stripped.startswith("• ") else "")
    return textwrap.fill(
        stripped,
        width,
        initial_indent=indent,
        subsequent_indent=hang,
        break_long_words=False,
        break_on_hyphens=False,
    )


class Notes(list):  # type: ignore[type-arg]
    """Lines of text that show as text (HTML paragraphs in a notebook, wrapped lines in a
    terminal)."""

    def __str__(self) -> str:
        return "\n".join(wrap(line) for line in self)

    def __repr__(self) -> str:
        return str(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        paragraphs = []
        for line in self:
            stripped = line.lstrip(" ")
            indent = (len(line) - len(stripped)) / 2
            style = f"margin:0 0 0.2em {indent:g}em" if indent else "margin:0 0 0.2em 0"
            paragraphs.append(f'<p style="{style}">{escape(stripped)}</p>')
        return (
            f'<div class="mundos-notes" style="color:{INK};line-height:1.45">'
            + "".join(paragraphs)
            + "</div>"
        )


__all__ = ["WIDTH", "Notes", "wrap"]
