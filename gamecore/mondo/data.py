"""Mondo's components: the numbers in ``components.json`` and the tiles in ``tiles.csv``.

Neither the board's grid nor the tiles are printed in our rulebook, so most of these values
are reconstructed (docs/rules/mondo.md, "Components"). Each value in ``components.json``
carries its provenance (``provenance(name)``): printed, derived or reconstructed. The tiles
live in ``tiles.csv``, one line per tile, so a teacher with the real box can type it in and
change no code; ``load_tiles`` reads such a file and says on which line what is wrong.

Board spaces are numbered 0-23 row by row from the north-west corner. A rim is a string of
terrain letters in ``board.py``'s order: clockwise from the north-west corner (the N edges
of the top row west to east, the E edges of the right column north to south, the S edges of
the bottom row east to west, the W edges of the left column south to north).
"""

from __future__ import annotations

import csv
import json
import os
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from ..words import t
from .faces import EDGE_NAMES, TERRAINS, Face, parse_face

PROVENANCES: Final = ("printed", "derived", "reconstructed")
"""Where a value comes from: the rulebook's words, a consequence of them, or our choice."""

TILE_COLUMNS: Final = ("id", "front", "back", "animal", "animal_edge", "provenance")
"""The columns of ``tiles.csv``, in order (its first line that is not a ``#`` comment)."""

MAX_LANDSCAPES: Final = 3
"""The mixed side of a tile shows 1-3 landscapes (public descriptions)."""


def _read_components() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("components.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


_COMPONENTS: Final = _read_components()


def provenance(name: str) -> str:
    """The provenance of a value of ``components.json`` (``"printed"``, ``"derived"`` or
    ``"reconstructed"``)."""
    return str(_COMPONENTS[name]["provenance"])


def _value(name: str) -> Any:
    return _COMPONENTS[name]["value"]


# ---------------------------------------------------------------------------- the numbers

BOARDS: Final[int] = _value("boards")
TILE_COUNT: Final[int] = _value("tiles")
ROUNDS: Final[int] = _value("rounds")
SCORING_MODIFIERS: Final[int] = _value("scoring_modifiers")
ADDITIONAL_TASKS: Final[int] = _value("additional_tasks")
SPECIES_PER_LANDSCAPE: Final[int] = _value("species_per_landscape")

BOARD_ROWS: Final[int] = _value("board_rows")
BOARD_COLUMNS: Final[int] = _value("board_columns")
SPACES: Final = BOARD_ROWS * BOARD_COLUMNS
"""24 spaces on a world board."""

SIDES: Final = ("A", "B")
RIMS: Final[dict[str, str]] = dict(_value("rims"))
"""Each board side's rim, one terrain letter per outer edge, in ``board.py``'s rim order:
side A water all round, side B split among the four landscapes."""

SOLO_SPACES: Final[tuple[int, ...]] = tuple(_value("solo_spaces"))
"""The four highlighted spaces (numbered row by row from 0), filled before a solo game."""
SOLO_SPACE_COUNT: Final = 4
"""The rulebook: 4 spaces of each board are lightly highlighted, for the solo game."""
SOLO_PREFILL: Final[tuple[str, ...]] = tuple(_value("solo_prefill"))
"""The landscapes of the single tiles put on the highlighted spaces in a solo game; the seed
decides which goes where."""

BONUS_CHIPS: Final[dict[int, tuple[int, ...]]] = {
    int(players): tuple(chips) for players, chips in _value("bonus_chips").items()
}
"""The bonus chips in play per player count, lowest first (stacked with the highest on
top, so the first player to jump out takes the highest)."""
BONUS_CHIPS_SAME_EVERY_ROUND: Final[bool] = _value("bonus_chips_same_every_round")

LEVELS: Final = ("beginner", "advanced", "expert")
MINUTES: Final[dict[str, int]] = dict(_value("minutes"))
"""The timer per round, in minutes, per level."""


@dataclass(frozen=True)
class Species:
    """One of the 16 animal species: its id, the landscape its tiles show it in (a terrain
    letter), the real biome it stands for, and whether public descriptions of the game name
    it (the others are our choice)."""

    id: str
    landscape: str
    biome: str
    public: bool = False

    def name(self, lang: str | None = None) -> str:
        """The species' common name in the language of the moment."""
        return t(f"mondo_species.{self.id}", lang)

    def home(self, lang: str | None = None) -> str:
        """Where it lives, in a few words."""
        return t(f"mondo_species.{self.id}_home", lang)

    def fact(self, lang: str | None = None) -> str:
        """One short true fact about it (for the biome lesson)."""
        return t(f"mondo_species.{self.id}_fact", lang)

    def biome_name(self, lang: str | None = None) -> str:
        return t(f"mondo_species.biome_{self.biome}", lang)


SPECIES: Final[tuple[Species, ...]] = tuple(
    Species(s["id"], s["landscape"], s["biome"], bool(s["public"])) for s in _value("species")
)
SPECIES_BY_ID: Final[dict[str, Species]] = {s.id: s for s in SPECIES}
BIOMES: Final[tuple[str, ...]] = tuple(dict.fromkeys(s.biome for s in SPECIES))
"""The real biomes the species stand for, in the order they first appear."""


def species_of(landscape: str) -> tuple[Species, ...]:
    """The four species that live in one landscape (a terrain letter)."""
    return tuple(s for s in SPECIES if s.landscape == landscape)


def terrain_name(letter: str, lang: str | None = None) -> str:
    return t(f"mondo.terrain_{letter}", lang)


# ------------------------------------------------------------------------------- the tiles


@dataclass(frozen=True)
class Tile:
    """A two-sided landscape tile: ``front`` shows a single landscape, ``back`` the mixed
    side (1-3 landscapes, maybe an animal or a volcano)."""

    id: int
    front: Face
    back: Face
    provenance: str = "reconstructed"

    @property
    def sides(self) -> tuple[Face, Face]:
        return (self.front, self.back)


class TileFileError(ValueError):
    """A tile file that cannot be read; the message names the line and what is wrong."""


def load_tiles(source: str | os.PathLike[str]) -> tuple[Tile, ...]:
    """The tiles in a tile file (a path) or in its text (a string with a line break).

    Lines starting with ``#`` and blank lines are notes; the first other line names the
    columns (``TILE_COLUMNS``); then one tile per line. Anything wrong raises a
    ``TileFileError`` that gives the line number and what to fix."""
    if isinstance(source, str) and "\n" in source:
        text = source
    else:
        text = Path(source).read_text(encoding="utf-8")
    tiles: list[Tile] = []
    first_line: dict[int, int] = {}
    header_seen = False
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = [field.strip() for field in next(csv.reader([line]))]
        if not header_seen:
            if tuple(f.lower() for f in fields) != TILE_COLUMNS:
                raise TileFileError(
                    t("mondo_data.bad_header", line=number, columns=", ".join(TILE_COLUMNS))
                )
            header_seen = True
            continue
        tile = _tile_from_fields(number, fields)
        if tile.id in first_line:
            raise TileFileError(
                t("mondo_data.id_twice", line=number, id=tile.id, first=first_line[tile.id])
            )
        first_line[tile.id] = number
        tiles.append(tile)
    if not header_seen:
        raise TileFileError(t("mondo_data.no_header", columns=", ".join(TILE_COLUMNS)))
    return tuple(tiles)


def _tile_from_fields(line: int, fields: list[str]) -> Tile:
    if len(fields) != len(TILE_COLUMNS):
        raise TileFileError(
            t(
                "mondo_data.column_count",
                line=line,
                n=len(fields),
                wanted=len(TILE_COLUMNS),
                columns=", ".join(TILE_COLUMNS),
            )
        )
    id_text, front_text, back_text, animal, edge_text, origin = fields
    if not id_text.isdigit() or int(id_text) == 0:
        raise TileFileError(t("mondo_data.bad_id", line=line, id=id_text))
    front = _front(line, front_text)
    back = _back(line, back_text, animal, edge_text)
    if back == front:
        raise TileFileError(t("mondo_data.same_sides", line=line, face=front_text))
    if origin not in PROVENANCES:
        raise TileFileError(
            t("mondo_data.bad_provenance", line=line, value=origin, allowed=", ".join(PROVENANCES))
        )
    return Tile(int(id_text), front, back, origin)


def _front(line: int, text: str) -> Face:
    try:
        face = parse_face(text)
    except ValueError as error:
        raise TileFileError(t("mondo_data.bad_front", line=line, reason=str(error))) from None
    if not face.single or len(set(face.edges)) != 1:
        raise TileFileError(t("mondo_data.front_not_single", line=line, face=text))
    return face


def _back(line: int, text: str, animal: str, edge_text: str) -> Face:
    edge: int | None = None
    if edge_text:
        if edge_text.upper() not in EDGE_NAMES:
            raise TileFileError(t("mondo_data.bad_animal_edge", line=line, edge=edge_text))
        if not animal:
            raise TileFileError(t("mondo_data.edge_without_animal", line=line, edge=edge_text))
        edge = EDGE_NAMES.index(edge_text.upper())
    species = SPECIES_BY_ID.get(animal) if animal else None
    if animal and species is None:
        known = ", ".join(s.id for s in SPECIES)
        raise TileFileError(t("mondo_data.unknown_species", line=line, animal=animal, known=known))
    try:
        face = parse_face(text, animal=animal, animal_edge=edge)
    except ValueError as error:
        raise TileFileError(t("mondo_data.bad_back", line=line, reason=str(error))) from None
    if face.animal == "animal":  # the mark ``a`` with no species named
        raise TileFileError(t("mondo_data.animal_unnamed", line=line, face=text))
    if len(set(face.edges)) > MAX_LANDSCAPES:
        raise TileFileError(t("mondo_data.too_many_landscapes", line=line, face=text))
    if species is not None:
        terrain = face.terrain_of(face.animal_region)
        if terrain != species.landscape:
            raise TileFileError(
                t(
                    "mondo_data.animal_wrong_landscape",
                    line=line,
                    face=text,
                    animal=species.name(),
                    home=terrain_name(species.landscape),
                    terrain=terrain_name(terrain),
                )
            )
    return face


def tiles_csv(tiles: tuple[Tile, ...] | list[Tile]) -> str:
    """The text of a tile file for these tiles (``load_tiles`` reads it back unchanged)."""
    lines = [",".join(TILE_COLUMNS)]
    for tile in tiles:
        back = tile.back.text()
        animal = tile.back.animal
        edge = EDGE_NAMES[tile.back.regions[tile.back.animal_region][0]] if animal else ""
        quoted = f'"{back}"' if "," in back else back
        lines.append(f"{tile.id},{tile.front.text()},{quoted},{animal},{edge},{tile.provenance}")
    return "\n".join(lines) + "\n"


@cache
def default_tiles() -> tuple[Tile, ...]:
    """The tiles in ``tiles.csv`` beside this module (read once), checked to be the whole
    box: 136 tiles."""
    path = resources.files(__package__).joinpath("tiles.csv")
    tiles = load_tiles(path.read_text(encoding="utf-8"))
    if len(tiles) != TILE_COUNT:
        raise TileFileError(t("mondo_data.wrong_count", n=len(tiles), wanted=TILE_COUNT))
    return tiles


def check_components() -> None:
    """Checks ``components.json`` agrees with itself (a retyped file may not): raises a
    ``ValueError`` naming the value that is wrong."""
    for name, entry in _COMPONENTS.items():
        if isinstance(entry, dict) and entry.get("provenance") not in PROVENANCES:
            raise ValueError(t("mondo_data.components_provenance", name=name))
    rim_length = 2 * (BOARD_ROWS + BOARD_COLUMNS)
    for side, rim in RIMS.items():
        if len(rim) != rim_length or any(letter not in TERRAINS for letter in rim):
            raise ValueError(t("mondo_data.components_rim", side=side, n=rim_length))
    if any(not 0 <= s < SPACES for s in SOLO_SPACES) or len(set(SOLO_SPACES)) != SOLO_SPACE_COUNT:
        raise ValueError(t("mondo_data.components_solo", n=SPACES))
    for landscape in TERRAINS:
        if len(species_of(landscape)) != SPECIES_PER_LANDSCAPE:
            raise ValueError(t("mondo_data.components_species", terrain=terrain_name(landscape)))


check_components()
