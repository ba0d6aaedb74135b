"""Ecosfera in notebooks: the playing table and the card faces it draws.

``from widgets.ecosfera.table import EcosferaTable; EcosferaTable()`` deals a solo game at
level 1; ``EcosferaTable(players=("Ana", "Ben"), seats=("human", "greedy"))`` a co-operative
one. The package imports nothing itself, so its widget-free layers (``table_model``,
``table_scene``, ``table_words``, ``cards``) import without ipywidgets.
"""
