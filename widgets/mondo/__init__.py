"""Mondo's drawings and widgets: tile faces and boards as scene shapes (``tiles``), and the
scoring pad for a physical round (``pad``)."""
