"""Nuevo Mundo's pictures and widgets: the discovery cards, the map table, the lessons."""
