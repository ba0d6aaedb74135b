"""How our reconstructed Mondo tile set is made: the design of ``tiles.csv`` as code.

The box holds 136 two-sided tiles, but their faces are not printed anywhere we can read, so
the set is our own (docs/rules/mondo.md, "Components", says why each number is what it is).
This script is not used when a game runs: the game reads ``tiles.csv``. Run
``python -m gamecore.mondo.reconstruct`` to rewrite that file from the design below; a
teacher who has the real box replaces ``tiles.csv`` by typing it in instead.

Shapes are written with letters standing for landscapes: ``X`` the tile's main landscape,
``Y`` and ``Z`` the other two land landscapes after it (forest -> desert -> plains ->
forest), ``w`` water. The shape's edges are N, E, S, W, as in a face's text form; a tile
can be turned, so one orientation per shape is enough.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

from .faces import ACTIVE, ANIMAL_MARK, INACTIVE, LAND, TERRAINS, WATER, parse_face

TILES_PATH: Final = Path(__file__).with_name("tiles.csv")

HEADER: Final = "id,front,back,animal,animal_edge,provenance"
ABOUT: Final = (
    "# Mondo's 136 tiles, RECONSTRUCTED: our own plausible set (the real faces are not"
    " printed in our rulebook). Written by `python -m gamecore.mondo.reconstruct`; to use"
    " the real box, type it in here in the same columns. front = the single-landscape side;"
    " back = the mixed side in the face text form; animal = species id; animal_edge = the"
    " edge (N, E, S, W) whose region the animal stands in."
)

SPECIES_BY_LANDSCAPE: Final[dict[str, tuple[str, ...]]] = {
    "f": ("panda", "parrot", "orangutan", "brown_bear"),
    "d": ("snake", "scorpion", "camel", "fennec_fox"),
    "p": ("buffalo", "elephant", "zebra", "rhea"),
    "w": ("dolphin", "sea_turtle", "whale", "crocodile"),
}
"""The 16 species, 4 per landscape, in the order of ``data.SPECIES``."""

# ------------------------------------------------------------------------ the animal tiles
# Three tiles per species (48 animal tiles): animals are the main source of points, so they
# are scarce enough to race for (four players place up to 96 tiles a round), and each species
# comes on a plain, a coast and a mixed tile so a species can end up in closed landscapes of
# different sizes (the expert tasks count species in one landscape).

LAND_ANIMAL_SHAPES: Final = (
    ("XXXX", "wXXX", "wwXX"),
    ("XXXX", "wXXX", "XXYY"),
    ("wXXX", "wwXX", "XYXZ"),
    ("XXXX", "wXXY", "XXZZ"),
)
"""Per land species (in landscape order), its three tiles; the animal stands in ``X``."""

WATER_ANIMAL_SHAPES: Final = ("wwww", "wwwY", "wwYY")
"""Every water species' three tiles; the animal swims in the water, and ``Y`` is the land
landscape after the species' position (so the coasts of water animals vary)."""

# ----------------------------------------------------------------------- the volcano tiles
# 32 volcano tiles, half active and half inactive, eight with each landscape as the main
# one: common enough that the volcano penalty matters every round (the rulebook's example
# has boards with 4-6 volcanoes), never on a tile with an animal (a face shows an animal or
# a volcano). Water volcanoes are volcanic islands: a little land in the sea.

LAND_VOLCANO_SHAPES: Final = ("XXXX", "wXXX", "wwXX", "XXYY")
WATER_VOLCANO_SHAPES: Final = ("wwwf", "wwwd", "wwwp", "wwdp")

# ------------------------------------------------------------------------ the plain tiles
# 56 tiles with neither animal nor volcano, most of them coast pieces: side A's rim is all
# water, so a 4 x 6 board needs 4 corner pieces (water on two touching edges) and 12 edge
# pieces (water on one edge) to close its land against the sea. Channels and land bridges
# (the same letters split into two regions) make hard choices; land-land pieces let deserts,
# forests and plains meet without a wrong connection (and fit side B's split rim).

PLAIN_SHAPES_PER_LAND: Final = (
    ("wXXX", 3),
    ("wwXX", 3),
    ("wwwX", 2),
    ("XwXw/N,EW,S", 1),
    ("wXwX/N,EW,S", 1),
)
"""Per land landscape X: (shape, how many). 10 x 3 = 30 coast and water tiles."""

PLAIN_SHAPES_PER_PAIR: Final = (
    ("XXYY", 2),
    ("XXXY", 1),
    ("YYYX", 1),
    ("XYXY/NS,E,W", 1),
    ("wwXY", 1),
    ("wXYY", 1),
)
"""Per pair of land landscapes (forest-desert, desert-plains, plains-forest): 7 x 3 = 21."""

PLAIN_SHAPES_THREE_LANDS: Final = (
    ("XYZZ", "f"),
    ("XYZZ", "d"),
    ("XYZZ", "p"),
    ("XYXZ", "f"),
    ("XYXZ", "d"),
)
"""Tiles with all three land landscapes: 5, with the ``X`` each is built on."""

TILE_COUNT: Final = 136


@dataclass(frozen=True)
class TileRow:
    """One line of ``tiles.csv``."""

    id: int
    front: str
    back: str
    animal: str = ""
    animal_edge: str = ""

    def line(self) -> str:
        """The CSV line; a back with edge groups (``fpfp/NS,E,W``) is quoted, as a
        spreadsheet writes it, because its groups contain commas."""
        back = f'"{self.back}"' if "," in self.back else self.back
        return f"{self.id},{self.front},{back},{self.animal},{self.animal_edge},reconstructed"


def _next_land(land: str, step: int) -> str:
    return LAND[(LAND.index(land) + step) % len(LAND)]


def fill(shape: str, main: str) -> str:
    """A shape with ``X`` as ``main`` (a land landscape) and ``Y``, ``Z`` the lands after it."""
    return (
        shape.replace("X", main).replace("Y", _next_land(main, 1)).replace("Z", _next_land(main, 2))
    )


def _first_edge(face_text: str, terrain: str) -> str:
    return "NESW"[face_text[:4].index(terrain)]


def backs() -> list[tuple[str, str, str, str]]:
    """Every tile's mixed side: (face text, main landscape, species, animal edge), in the
    order of the design (animals, volcanoes, plain tiles)."""
    out: list[tuple[str, str, str, str]] = []
    for land in LAND:
        for species, shapes in zip(SPECIES_BY_LANDSCAPE[land], LAND_ANIMAL_SHAPES, strict=True):
            for shape in shapes:
                text = fill(shape, land)
                out.append((_mark(text, ANIMAL_MARK), land, species, _first_edge(text, land)))
    for k, species in enumerate(SPECIES_BY_LANDSCAPE[WATER]):
        for j, shape in enumerate(WATER_ANIMAL_SHAPES):
            text = shape.replace("Y", LAND[(k + j) % len(LAND)])
            out.append((_mark(text, ANIMAL_MARK), WATER, species, _first_edge(text, WATER)))
    for volcano in (ACTIVE, INACTIVE):
        for land in LAND:
            for shape in LAND_VOLCANO_SHAPES:
                out.append((_mark(fill(shape, land), volcano), land, "", ""))
        for text in WATER_VOLCANO_SHAPES:
            out.append((_mark(text, volcano), WATER, "", ""))
    for land in LAND:
        for shape, count in PLAIN_SHAPES_PER_LAND:
            out.extend([(fill(shape, land), land, "", "")] * count)
    for land in LAND:
        for shape, count in PLAIN_SHAPES_PER_PAIR:
            out.extend([(fill(shape, land), land, "", "")] * count)
    for shape, land in PLAIN_SHAPES_THREE_LANDS:
        out.append((fill(shape, land), land, "", ""))
    return out


def _mark(text: str, mark: str) -> str:
    """A face text with a mark added after its four letters (before any groups)."""
    body, slash, groups = text.partition("/")
    return body + mark + slash + groups


def fronts(mixed: list[str]) -> list[str]:
    """The single-landscape side of each tile: 34 of each landscape, and never a landscape
    that covers two or more edges of the mixed side, so flipping a tile is always a real
    choice (a coast piece or a whole desert, a parrot or a lake)."""
    left = {terrain: TILE_COUNT // len(TERRAINS) for terrain in TERRAINS}
    out: list[str] = []
    for back in mixed:
        edges = back[:4]
        choices = [t for t in TERRAINS if edges.count(t) < 2 and left[t]]
        pick = max(choices, key=lambda terrain: left[terrain])  # first of the most left
        left[pick] -= 1
        out.append(pick * 4)
    return out


def rows() -> list[TileRow]:
    """The whole reconstructed set, checked face by face with the face parser."""
    mixed = backs()
    singles = fronts([back for back, _, _, _ in mixed])
    out = []
    for i, ((back, _, species, edge), front) in enumerate(zip(mixed, singles, strict=True)):
        parse_face(back, animal=species, animal_edge="NESW".index(edge) if edge else None)
        out.append(TileRow(i + 1, front, back, species, edge))
    if len(out) != TILE_COUNT:
        raise AssertionError(f"the design makes {len(out)} tiles, not {TILE_COUNT}")
    return out


def csv_text() -> str:
    return "\n".join([ABOUT, HEADER, *(row.line() for row in rows())]) + "\n"


def main() -> None:
    TILES_PATH.write_text(csv_text(), encoding="utf-8")
    print(f"wrote {TILE_COUNT} tiles to {TILES_PATH}")


if __name__ == "__main__":
    main()
