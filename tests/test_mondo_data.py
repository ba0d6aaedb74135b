"""Mondo's components as data: the 136 reconstructed tiles, the numbers of components.json
with their provenance, the tile file's loader and its errors, the species in both languages."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from gamecore.mondo import data, reconstruct
from gamecore.mondo.data import (
    BONUS_CHIPS,
    SPECIES,
    TileFileError,
    default_tiles,
    load_tiles,
    tiles_csv,
)
from gamecore.mondo.faces import ACTIVE, INACTIVE, LAND, TERRAINS, WATER, Face
from gamecore.words import LANGUAGES, catalog, get_language, set_language

TILES_CSV = Path(data.__file__).with_name("tiles.csv")
HEADER = ",".join(data.TILE_COLUMNS)


def _landscapes(face: Face) -> set[str]:
    return set(face.edges)


# ------------------------------------------------------------------------------ the box


def test_the_box_has_136_tiles_each_with_its_own_number() -> None:
    tiles = default_tiles()
    assert len(tiles) == data.TILE_COUNT == 136
    assert sorted(tile.id for tile in tiles) == list(range(1, 137))
    assert default_tiles() is tiles  # read once


def test_the_two_sides_of_every_tile_differ() -> None:
    assert all(tile.front != tile.back for tile in default_tiles())


def test_fronts_are_single_landscapes_34_of_each() -> None:
    fronts = Counter()
    for tile in default_tiles():
        assert tile.front.single and len(_landscapes(tile.front)) == 1, tile
        fronts[tile.front.edges[0]] += 1
    assert fronts == {terrain: 34 for terrain in TERRAINS}


def test_backs_show_one_to_three_landscapes_and_a_single_one_carries_a_mark() -> None:
    counts = Counter(len(_landscapes(tile.back)) for tile in default_tiles())
    assert set(counts) == {1, 2, 3}
    for tile in default_tiles():
        if len(_landscapes(tile.back)) == 1:
            assert tile.back.animal or tile.back.volcano, tile


def test_a_front_never_repeats_a_landscape_that_covers_half_its_back() -> None:
    """Flipping is always a real choice: the single side is another landscape."""
    for tile in default_tiles():
        assert tile.back.edges.count(tile.front.edges[0]) < 2, tile


def test_animal_and_volcano_tiles() -> None:
    tiles = default_tiles()
    per_species = Counter(tile.back.animal for tile in tiles if tile.back.animal)
    assert per_species == {species.id: 3 for species in SPECIES}
    volcanoes = Counter(tile.back.volcano for tile in tiles if tile.back.volcano)
    assert volcanoes == {ACTIVE: 16, INACTIVE: 16}
    assert not any(tile.back.animal and tile.back.volcano for tile in tiles)
    assert not any(tile.front.animal or tile.front.volcano for tile in tiles)


def test_16_species_4_per_landscape_each_with_a_real_biome() -> None:
    assert len(SPECIES) == 16
    for terrain in TERRAINS:
        assert len(data.species_of(terrain)) == data.SPECIES_PER_LANDSCAPE == 4
    named = {s.id for s in SPECIES if s.public}
    assert named == {"buffalo", "elephant", "zebra", "panda", "parrot", "snake", "scorpion"}
    for species_id, landscape in [("buffalo", "p"), ("panda", "f"), ("snake", "d")]:
        assert data.SPECIES_BY_ID[species_id].landscape == landscape
    assert all(s.biome in data.BIOMES for s in SPECIES)


def test_every_animal_stands_in_a_region_of_its_own_landscape() -> None:
    for tile in default_tiles():
        if tile.back.animal:
            species = data.SPECIES_BY_ID[tile.back.animal]
            assert tile.back.terrain_of(tile.back.animal_region) == species.landscape, tile
    water_animals = [tile for tile in default_tiles() if tile.back.animal in ("dolphin", "whale")]
    assert all(tile.back.terrain_of(tile.back.animal_region) == WATER for tile in water_animals)


def test_side_a_has_coast_pieces_to_race_for() -> None:
    """A 4 x 6 board has 4 corners (water on two touching edges) and 12 other rim spaces
    (water on one edge): the box holds corners for all four boards, and one-edge coast
    pieces for two and a half rims, so they are worth racing for."""
    one_edge = corners = 0
    for tile in default_tiles():
        water = [i for i, terrain in enumerate(tile.back.edges) if terrain == WATER]
        if len(water) == 1:
            one_edge += 1
        elif len(water) == 2 and (water[1] - water[0]) in (1, 3):
            corners += 1
    assert one_edge == 30 and corners == 30


def test_channels_and_land_bridges_use_edge_groups() -> None:
    split = [tile for tile in default_tiles() if "/" in tile.back.text()]
    assert len(split) >= 6
    assert any(len(tile.back.regions) == 3 for tile in split)


# ------------------------------------------------------------- good boards are possible


def _rim_letter(rim: str, row: int, col: int, edge: int) -> str:
    """The rim beyond one outer edge, in board.py's clockwise order from the north-west."""
    rows, cols = data.BOARD_ROWS, data.BOARD_COLUMNS
    if edge == 0:
        return rim[col]
    if edge == 1:
        return rim[cols + row]
    if edge == 2:
        return rim[cols + rows + (cols - 1 - col)]
    return rim[2 * cols + rows + (rows - 1 - row)]


def _build_error_free_board(rim: str) -> list[tuple[int, Face]]:
    """Fills the board row by row with faces of distinct tiles that match every neighbour
    and the rim (no wrong connection), never an all-water face, animals first."""
    rows, cols = data.BOARD_ROWS, data.BOARD_COLUMNS
    faces = [
        (tile.id, side.rotated(k))
        for tile in default_tiles()
        for side in tile.sides
        for k in range(4)
        if set(side.edges) != {WATER}
    ]
    faces.sort(key=lambda pair: (not pair[1].animal, bool(pair[1].volcano)))
    placed: list[tuple[int, Face]] = []
    used: set[int] = set()

    def fits(face: Face, space: int) -> bool:
        row, col = divmod(space, cols)
        north = placed[space - cols][1].edges[2] if row else _rim_letter(rim, row, col, 0)
        west = placed[space - 1][1].edges[1] if col else _rim_letter(rim, row, col, 3)
        if face.edges[0] != north or face.edges[3] != west:
            return False
        if col == cols - 1 and face.edges[1] != _rim_letter(rim, row, col, 1):
            return False
        return row < rows - 1 or face.edges[2] == _rim_letter(rim, row, col, 2)

    def search(space: int) -> bool:
        if space == rows * cols:
            return True
        for tile_id, face in faces:
            if tile_id not in used and fits(face, space):
                used.add(tile_id)
                placed.append((tile_id, face))
                if search(space + 1):
                    return True
                placed.pop()
                used.discard(tile_id)
        return False

    assert search(0), f"no error-free board on rim {rim}"
    return placed


@pytest.mark.parametrize("side", data.SIDES)
def test_an_error_free_board_with_many_animals_can_be_built(side: str) -> None:
    board = _build_error_free_board(data.RIMS[side])
    assert len(board) == data.SPACES == 24
    assert len({tile_id for tile_id, _ in board}) == 24
    animals = sum(1 for _, face in board if face.animal)
    assert animals >= 10
    land = {terrain for _, face in board for terrain in face.edges} & set(LAND)
    assert land  # a board of land landscapes, closed against the rim


# ------------------------------------------------------------------------ the numbers


def test_the_board_is_4_by_6_and_its_rims() -> None:
    assert (data.BOARD_ROWS, data.BOARD_COLUMNS, data.SPACES) == (4, 6, 24)
    assert data.RIMS["A"] == WATER * 20
    rim_b = data.RIMS["B"]
    assert Counter(rim_b) == {terrain: 5 for terrain in TERRAINS}
    doubled = rim_b + rim_b  # the rim is a ring: each landscape is one unbroken stretch
    for terrain in TERRAINS:
        assert terrain * 5 in doubled


def test_the_solo_spaces_are_four_inner_spaces() -> None:
    assert len(set(data.SOLO_SPACES)) == 4
    for space in data.SOLO_SPACES:
        row, col = divmod(space, data.BOARD_COLUMNS)
        assert 0 < row < data.BOARD_ROWS - 1 and 0 < col < data.BOARD_COLUMNS - 1
    assert sorted(data.SOLO_PREFILL) == sorted(TERRAINS)


def test_bonus_chips_per_player_count() -> None:
    assert BONUS_CHIPS[3] == (2, 3, 4)  # public descriptions
    assert BONUS_CHIPS[1] == ()  # the solo game has no bonus chips
    for players in (2, 3, 4):
        chips = BONUS_CHIPS[players]
        assert len(chips) == players and chips == tuple(range(5 - players, 5))


def test_minutes_per_level_and_printed_counts() -> None:
    assert data.MINUTES == {"beginner": 7, "advanced": 6, "expert": 5}
    assert tuple(data.MINUTES) == data.LEVELS
    assert (data.BOARDS, data.ROUNDS, data.SCORING_MODIFIERS, data.ADDITIONAL_TASKS) == (
        4,
        3,
        5,
        12,
    )


def test_every_value_has_a_provenance() -> None:
    for name in ("boards", "tiles", "rounds", "minutes", "bonus_chips", "rims", "species"):
        assert data.provenance(name) in data.PROVENANCES
    assert data.provenance("tiles") == "printed"
    assert data.provenance("board_rows") == "reconstructed"
    assert all(tile.provenance == "reconstructed" for tile in default_tiles())
    assert TILES_CSV.read_text(encoding="utf-8").startswith("# ")
    assert "RECONSTRUCTED" in TILES_CSV.read_text(encoding="utf-8").splitlines()[0]


# ----------------------------------------------------------------- the file, both ways


def test_the_csv_round_trip() -> None:
    tiles = default_tiles()
    text = tiles_csv(tiles)
    assert load_tiles(text) == tiles
    file_lines = [line for line in TILES_CSV.read_text().splitlines() if not line.startswith("#")]
    assert text.splitlines() == file_lines


def test_the_file_is_what_the_design_script_writes() -> None:
    assert reconstruct.csv_text() == TILES_CSV.read_text(encoding="utf-8")


def test_a_file_is_read_from_a_path(tmp_path: Path) -> None:
    path = tmp_path / "box.csv"
    path.write_text(f'# my box\n{HEADER}\n7,ffff,"fpfp/NS,E,W",,,printed\n', encoding="utf-8")
    (tile,) = load_tiles(path)
    assert tile.id == 7 and tile.provenance == "printed"
    assert tile.back.regions == ((0, 2), (1,), (3,))
    assert load_tiles(str(path)) == (tile,)


GOOD = "1,wwww,wfffa,panda,E,reconstructed"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("1,wwww,wfffa,panda,E", "Line 3 has 5 columns; a tile line has 6"),
        ("x,wwww,wfff,,,reconstructed", "Line 3: the tile number 'x'"),
        ("0,wwww,wfff,,,reconstructed", "Line 3: the tile number '0'"),
        ("1,wwwf,wfff,,,reconstructed", "Line 3: the front side 'wwwf' must show a single"),
        ("1,wwwwa,wfff,,,reconstructed", "Line 3: the front side 'wwwwa' must show a single"),
        ("1,wwxw,wfff,,,reconstructed", "Line 3, front side: 'wwxw': 'x' is not a landscape"),
        ("1,wwww,wfq,,,reconstructed", "Line 3, back side:"),
        ("1,ffff,ffff,,,reconstructed", "Line 3: both sides read 'ffff'"),
        ("1,wwww,wfdp,,,reconstructed", "Line 3: the back side 'wfdp' shows four landscapes"),
        ("1,wwww,wfffa,,,reconstructed", "must say which one"),
        ("1,wwww,wfffa,unicorn,E,reconstructed", "Line 3: 'unicorn' is not one of"),
        ("1,wwww,wfffa,panda,X,reconstructed", "Line 3: 'X' is not an edge"),
        ("1,wwww,wfff,,E,reconstructed", "the animal column is empty"),
        ("1,wwww,wfff,panda,,reconstructed", "names the animal"),
        ("1,wwww,wfffa,panda,N,reconstructed", "Line 3: the giant panda lives in the forest"),
        ("1,wwww,wfffa,dolphin,E,reconstructed", "Line 3: the bottlenose dolphin lives in"),
        ("1,wwww,wfffa,panda,E,guessed", "Line 3: the provenance 'guessed'"),
        (
            '1,wwww,"fpfp/NE,S,W",,,reconstructed',
            "Line 3, back side: 'fpfp/NE,S,W': the group NE mixes",
        ),
    ],
)
def test_a_broken_line_is_refused_with_its_number(line: str, expected: str) -> None:
    text = f"# a retyped box\n{HEADER}\n{line}\n"
    with pytest.raises(TileFileError) as error:
        load_tiles(text)
    assert expected in str(error.value)


def test_the_good_line_of_those_examples_loads() -> None:
    (tile,) = load_tiles(f"{HEADER}\n{GOOD}\n")
    assert tile.back.animal == "panda" and tile.back.terrain_of(tile.back.animal_region) == "f"


def test_a_missing_or_wrong_header_and_a_repeated_number() -> None:
    with pytest.raises(TileFileError, match="Line 2: the first line"):
        load_tiles(f"# note\n{GOOD}\n")
    with pytest.raises(TileFileError, match="no line naming its columns"):
        load_tiles("# only notes\n\n")
    with pytest.raises(TileFileError, match="Line 4: tile number 1 is already used on line 2"):
        load_tiles(f"{HEADER}\n{GOOD}\n\n{GOOD}\n")


def test_errors_speak_the_language_of_the_moment() -> None:
    before = get_language()
    set_language("es")
    try:
        with pytest.raises(TileFileError) as error:
            load_tiles(f"{HEADER}\n1,ffff,ffff,,,reconstructed\n")
    finally:
        set_language(before)
    assert str(error.value).startswith("Línea 2: las dos caras dicen «ffff»")


# ------------------------------------------------------------------ words, both languages


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_species_biome_and_terrain_is_named(lang: str) -> None:
    words = catalog(lang)
    for species in SPECIES:
        for key in (species.id, f"{species.id}_home", f"{species.id}_fact"):
            assert words.get(f"mondo_species.{key}"), (lang, key)
        assert species.name(lang) and species.fact(lang) and species.biome_name(lang)
    for biome in data.BIOMES:
        assert words.get(f"mondo_species.biome_{biome}"), (lang, biome)
    for terrain in TERRAINS:
        assert words.get(f"mondo.terrain_{terrain}"), (lang, terrain)


def test_the_spanish_facts_are_translations_not_copies() -> None:
    for species in SPECIES:
        assert species.fact("es") != species.fact("en")
        assert species.home("es") != species.home("en")
    assert data.SPECIES_BY_ID["rhea"].name("es") == "ñandú"
