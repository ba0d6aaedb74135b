"""Mundos Lab's notebook front ends: scenes drawn on ipycanvas, as SVG and as PNG.

Every game's folder (``widgets/<game>/``) names its files the same way, one layer a file:

- ``table.py``: the table widget (ipywidgets and ipycanvas), thin: it builds the controls,
  forwards clicks and buttons to the model and redraws (``table_controls.py`` when the
  controls need a module of their own);
- ``table_model.py``: the interaction model, what a click, a key or a button means and why
  a request is refused (it asks the engine and rephrases a refusal by its key);
- ``table_scene.py``: the picture, built from a player's view;
- ``table_words.py``: the table's sentences (moves, history, the table in words);
- ``pad.py``, ``pad_model.py``, ``pad_scene.py``, ``pad_words.py``: a scoring pad, the same
  four layers;
- ``cards.py``, ``tiles.py``, ``symbols.py``, ``map_scene.py``: drawings several scenes
  share, named after what they draw;
- ``lesson.py`` and ``lesson_<topic>.py``: helpers that keep the lessons' cells short;
  ``charts.py``: the lessons' matplotlib figures.

What every game shares is here: ``table_base`` (``GameTable``, the table widget's turn
loop, undo and save files) over ``seats`` (who is human, the seats' names, hot-seat) and
``words`` (``Said`` and the sentences every table says); ``pad_base`` (``ScoringPadBase``)
over ``pad_model`` (``PadModelBase``); the drawing: ``scene``, ``svg``, ``raster``,
``icons``, ``palette``, ``card_face``, ``pictures``; and ``canvas`` and ``status``, which
use ipycanvas and ipywidgets.

Imports point one way, from the widgets down to the widget-free layers and ``gamecore``:
every model, scene and words module, the shared drawing and ``seats``, ``words`` and
``pad_model`` import without ipywidgets, ipycanvas or IPython (the class server draws the
same scenes and runs the same models with none of them), no package ``__init__`` imports a
widget, and no module is in an import cycle (``tests/test_layers.py`` proves all three).

Importing ``widgets`` imports no widget library. Inside a running IPython it makes every
game object show itself as its picture (``widgets.pictures``, which says why it is done here
and not in ``gamecore``); outside one it registers nothing and imports nothing of IPython.
"""

from .pictures import register_formatters as _register_formatters

_register_formatters()
