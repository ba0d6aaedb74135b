"""Mundos Lab's notebook front ends: scenes drawn on ipycanvas, as SVG and as PNG.

``widgets.scene``, ``widgets.svg``, ``widgets.raster``, ``widgets.icons``,
``widgets.palette`` and ``widgets.pictures`` are plain Python (usable and testable without
a browser); ``widgets.canvas`` and ``widgets.status`` use ipycanvas and ipywidgets.

Importing ``widgets`` inside IPython makes every game object show itself as its picture
(``widgets.pictures``, which says why it is done here and not in ``gamecore``).
"""

from .pictures import register_formatters as _register_formatters

_register_formatters()
