"""Printable material for the classroom, drawn from the same scenes and data as the tables:
score sheets, reference cards and each lesson's questions as a handout, A4, in every
declared language.

One command writes them all (``make printables`` does the same)::

    python -m widgets.printables --out printables/ [--lang en|es|all]

``build(out, langs)`` writes, for each language, one SVG per page in ``out/<lang>/`` and
one PDF of every page in order, ``out/<lang>/mundos_lab_<lang>.pdf``. What each sheet is:
``docs/printables.md``.
"""

from __future__ import annotations

from .build import SHEETS, build, sheets

__all__ = ["SHEETS", "build", "sheets"]
