"""Mondo: everyone builds a world of landscapes and animals on their own board, at the same
time, from one shared heap of tiles.

``faces`` holds the tile faces as data (terrains on the edges, regions, animal, volcano).
"""
