"""Mundos Lab's notebook front ends: scenes drawn on ipycanvas and as SVG.

``widgets.scene``, ``widgets.svg``, ``widgets.icons`` and ``widgets.palette`` are plain
Python (usable and testable without a browser); ``widgets.canvas`` and ``widgets.status``
use ipycanvas and ipywidgets.
"""
