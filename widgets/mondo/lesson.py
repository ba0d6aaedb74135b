"""Small helpers that keep the Mondo lesson cells short (lessons 2, 3 and 4).

- boards: ``board(text)`` (a typed board as a picture, wrong connections crossed out),
  ``RULEBOOK`` (the rulebook's example: Marianne's and Ginger's boards as text),
  ``rulebook_pad()`` (the scoring pad with that example typed in);
- scores in words: ``points(text_or_sheet, player)`` (one board's score, row by row),
  ``categories(sheet, player)`` (the points per category, as a table);
- the best board: ``played_board(seed)`` (one board a rival bot built in a round, and the
  tiles it used), ``best_words(solution)``, ``compare(played, solution)`` (both boards, side
  by side), ``ways_table()`` (how many ways there are to lay out n tiles),
  ``try_every_board(tiles)`` (every way of laying out a few tiles in a row, tried);
- landscapes and animals: ``landscape_tiles()`` (a picture of the tiles of each landscape
  and its animals), ``species_table()``, ``biome_table()`` and ``facts(*species)``.

A lesson's code is the same in every language; every word comes from the catalog
(``gamecore/words/<lang>/mondo_lessons.json``, the species' names and facts from
``mondo_species.json``). Answers are ``Notes``, ``Table`` or ``Picture``: sentences, tables
and drawings, never a Python structure.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from gamecore import new_game
from gamecore.bots import make_bot
from gamecore.mondo import data
from gamecore.mondo.board import Board, parse_board
from gamecore.mondo.data import SPECIES, Tile, species_of
from gamecore.mondo.examples import RULEBOOK_BOARDS, RULEBOOK_BONUS
from gamecore.mondo.faces import TERRAINS, Face
from gamecore.mondo.game import EMPTY, Mondo, cell_faces, cell_parts
from gamecore.mondo.scoring import (
    ANIMAL_POINTS,
    CATEGORIES,
    EMPTY_SPACE_POINTS,
    LANDSCAPE_POINTS,
    VOLCANO_POINTS,
    WRONG_CONNECTION_POINTS,
    analyse,
    score_boards,
    score_round,
)
from gamecore.mondo.solver import Solution, board_points, distance
from gamecore.nuevos_mundos.earth import Table
from gamecore.scoresheet import ScoreSheet
from gamecore.words import number, t

from ..notes import Notes
from ..palette import INK, PAPER
from ..scene import Scene, Shape, Text
from ..svg import Picture
from .pad import MondoScoringPad
from .tiles import board_size, draw_board, draw_face

SPACE = 56
"""A board space's side in the lesson pictures (px): a 4 x 6 board fits a notebook column."""

# The rulebook's example (its picture is missing): gamecore/mondo/examples.py.
RULEBOOK = RULEBOOK_BOARDS

TURNS = 4
SIDES = 2


# ------------------------------------------------------------------------------ boards


def _board(board: Board | str) -> Board:
    return parse_board(board) if isinstance(board, str) else board


def _board_shapes(board: Board, x: float, y: float, id: str) -> list[Shape]:
    a = analyse(board)
    wrong = [(w.cell[0], w.cell[1], w.edge) for w in a.wrong_connections]
    return draw_board(board, x, y, SPACE, id, wrong=wrong, targets=False)


def board(text: Board | str, title: str | None = None) -> Picture:
    """A board typed as text (or a ``Board``), drawn with its water rim; every wrong
    connection is crossed out."""
    b = _board(text)
    width, height = board_size(b.rows, b.cols, SPACE)
    words = title or t("mondo_lessons.board_title", n=sum(1 for _ in b.tiles()))
    scene = Scene(int(width) + 16, int(height) + 16, background=PAPER, title=words)
    scene.extend(_board_shapes(b, 8, 8, "board"))
    return Picture(scene)


def rulebook_sheet(volcano_chip: bool = False) -> ScoreSheet:
    """The rulebook's example scored (with the volcano chip in Marianne's hands, if asked)."""
    holders = ("Marianne",) if volcano_chip else ()
    return score_round(RULEBOOK, bonus=RULEBOOK_BONUS, volcano_chip=holders)


def rulebook_pad() -> MondoScoringPad:
    """The scoring pad with the rulebook's example typed in, Marianne's board chosen."""
    pad = MondoScoringPad(players=tuple(RULEBOOK))
    for player, text in RULEBOOK.items():
        pad.set_text(text, player)
    pad.set_bonus(RULEBOOK_BONUS["Marianne"], "Marianne")
    pad.choose("Marianne")
    return pad


def points(board_or_sheet: ScoreSheet | Board | str, player: str | None = None) -> Notes:
    """One player's score, category by category, each row with its reason. A board (or its
    text) is scored alone, as a one-player round, under the name ``player`` if given."""
    if isinstance(board_or_sheet, ScoreSheet):
        sheet = board_or_sheet
    else:
        name = player or t("mondo_lessons.this_board")
        sheet = score_boards({name: _board(board_or_sheet)})
    who = player or sheet.players[0]
    lines = [t("core.sheet_player_total", player=who, n=sheet.total(who))]
    for category in CATEGORIES:
        rows = sheet.rows_for(who, category)
        lines.append(f"  {sheet.title(category)}: {sum(r.points for r in rows)}")
        lines.extend(f"    {r.reason}" for r in rows)
    return Notes(lines)


def categories(sheet: ScoreSheet) -> Table:
    """The points per category for every player, and the totals (a score pad's columns)."""
    rows = [(sheet.title(c), *(str(sheet.points(p, c)) for p in sheet.players)) for c in CATEGORIES]
    rows.append((t("mondo_lessons.total"), *(str(sheet.total(p)) for p in sheet.players)))
    return Table(("", *sheet.players), tuple(rows), "mondo-lesson-table")


# ------------------------------------------------------------------------ the best board


@dataclass(frozen=True)
class PlayedBoard:
    """One board as a rival bot left it at the end of a round, and the tiles on it."""

    board: Board
    tiles: tuple[Tile, ...]

    @property
    def points(self) -> int:
        return board_points(self.board, None)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> object:
        title = t("mondo_lessons.played_title", n=len(self.tiles), points=self.points)
        return board(self.board, title)._repr_mimebundle_(include, exclude)


RECORDED_ROUND: Final = (
    (-1, 44, 20, 676, 479, -1),
    (1068, 76, -1, 1030, 204, 253),
    (655, 12, 1036, -1, 582, 276),
    (694, 103, 822, 238, 158, -1),
)
"""The board lesson 3 improves on: the first rival bot's board at the end of round 1 of
``played_board(3)``, recorded (engine cell codes: tile, side and turn; -1 empty) with the
rival bots of December 2026, so the lesson's numbers stay put when the bots get better."""


def _board_from_cells(cells: Sequence[int]) -> PlayedBoard:
    grid = Board.from_cells(cell_faces(cells), data.BOARD_COLUMNS)
    by_id = {tile.id: tile for tile in data.default_tiles()}
    return PlayedBoard(grid, tuple(by_id[cell_parts(c)[0]] for c in cells if c != EMPTY))


def played_board(seed: int | None = None) -> PlayedBoard:
    """A board a rival bot built in one round, with the tiles it placed. ``seed``: play the
    first round of a new two-player game between two rival bots (7 minutes, side A) and keep
    the first bot's board as the timer rang; ``None``: the lesson's recorded board."""
    if seed is None:
        return _board_from_cells([c for row in RECORDED_ROUND for c in row])
    game = new_game("mondo", players=2, seed=seed)
    assert isinstance(game, Mondo)
    bots = [make_bot("rival", seed=seed + k) for k in range(2)]
    while not game.finished_boards:
        seat = game.current_player
        assert seat is not None
        game.play(bots[seat].choose(game.view(seat), game.legal_actions()))
    return _board_from_cells(game.finished_boards[0][0])


def best_words(solution: Solution) -> Notes:
    """What the solver found, without the time it took (that changes from run to run)."""
    lines = [t("mondo_lessons.best_points", n=solution.points)]
    if solution.optimal:
        lines.append(t("mondo_lessons.best_proven"))
    else:
        lines.append(t("mondo_lessons.best_not_proven", bound=solution.bound))
    a = solution.analysis()
    lines.append(
        t(
            "mondo_lessons.best_parts",
            animals=len(a.animals),
            landscapes=len(a.scoring_landscapes),
            wrong=len(a.wrong_connections),
            empty=len(a.empty_spaces),
            volcanoes=len(a.active_volcanoes),
        )
    )
    return Notes(lines)


def distance_words(played: PlayedBoard, solution: Solution) -> Notes:
    """How far the played board is from the solver's: points and the spaces that differ."""
    d = distance(played.board, played.tiles, best=solution)
    if d.gap <= 0:
        return Notes([t("mondo_lessons.distance_none", played=_points(d.played_points))])
    return Notes(
        [
            t(
                "mondo_lessons.distance_gap",
                played=_points(d.played_points),
                best=_points(solution.points),
                gap=_points(d.gap),
                n=len(d.differing),
            )
        ]
    )


def _points(n: int) -> str:
    return t("mondo_solver.n_points", n=n)


def compare(played: PlayedBoard, solution: Solution) -> Picture:
    """The played board and the solver's board, side by side, each with its points."""
    width, height = board_size(played.board.rows, played.board.cols, SPACE)
    gap = 24
    scene = Scene(
        int(2 * width + gap) + 16,
        int(height) + 48,
        background=PAPER,
        title=t("mondo_lessons.compare_title", played=played.points, best=solution.points),
    )
    for k, (b, words) in enumerate(
        (
            (played.board, t("mondo_lessons.compare_played", n=played.points)),
            (solution.board, t("mondo_lessons.compare_best", n=solution.points)),
        )
    ):
        x = 8 + k * (width + gap)
        scene.add(Text(id=f"caption{k}", x=x, y=22, text=words, size=15, bold=True, fill=INK))
        scene.extend(_board_shapes(b, x, 36, f"board{k}"))
    return Picture(scene)


def ways(n: int, spaces: int | None = None) -> int:
    """How many ways there are to lay ``n`` different tiles on ``spaces`` spaces (``n`` by
    default), every tile used, each either side up and turned any of 4 ways: choose a space
    for each tile in turn, then a side and a turn for each."""
    spaces = n if spaces is None else spaces
    count: int = math.perm(spaces, n) * (SIDES * TURNS) ** n
    return count


def _big(value: int) -> str:
    """A count in words a student reads: in full up to a billion, else as a power of ten."""
    if value < 10**9:
        return number(value)
    exponent = len(str(value)) - 1
    mantissa = value / 10**exponent
    return t("mondo_lessons.about_power", mantissa=number(mantissa, 1), exponent=exponent)


AGE_OF_UNIVERSE_YEARS = 13.8e9
YEAR_SECONDS = 365.25 * 24 * 3600
FAST_COMPUTER = 10**9
"""Boards a second that a very fast program might check: our measured speed is far lower."""


def ways_table(sizes: Sequence[int] = (1, 2, 3, 4, 6, 8, 12, 16, 24)) -> Table:
    """For n tiles on n spaces: how many layouts, and how long checking them all would take
    at a billion boards a second."""
    rows = []
    for n in sizes:
        count = ways(n)
        rows.append((str(n), _big(count), _duration(count / FAST_COMPUTER)))
    headers = (
        t("mondo_lessons.col_tiles"),
        t("mondo_lessons.col_ways"),
        t("mondo_lessons.col_time"),
    )
    return Table(headers, tuple(rows), "mondo-lesson-table")


def _duration(seconds: float) -> str:
    """A time in the largest unit that fits, in words."""
    if seconds < 1:
        return t("mondo_lessons.under_a_second")
    years = seconds / YEAR_SECONDS
    if years > AGE_OF_UNIVERSE_YEARS:
        return t("mondo_lessons.universe_ages", ages=_big(int(years / AGE_OF_UNIVERSE_YEARS)))
    for unit, size in (("years", YEAR_SECONDS), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= size:
            value = round(seconds / size)
            return t(f"mondo_lessons.{unit}", n=value, value=_big(value))
    return t("mondo_lessons.seconds", n=round(seconds), value=number(round(seconds)))


@dataclass(frozen=True)
class EveryBoard:
    """Every layout of some tiles in one row, tried: how many, the best points, how many
    layouts reach them, one of them, and how long it took."""

    tried: int
    best: int
    best_count: int
    example: Board
    seconds: float

    def words(self) -> Notes:
        return Notes(
            [
                t("mondo_lessons.every_tried", n=self.tried, count=number(self.tried)),
                t("mondo_lessons.every_best", n=self.best_count, best=self.best,
                  count=number(self.best_count)),
            ]
        )  # fmt: skip

    def speed(self) -> Notes:
        """How fast this computer checked them, and what that speed means for a full board."""
        rate = self.tried / max(self.seconds, 1e-9)
        full = ways(data.BOARD_ROWS * data.BOARD_COLUMNS)
        return Notes(
            [
                t("mondo_lessons.every_speed", seconds=number(self.seconds, 1),
                  rate=number(rate)),
                t("mondo_lessons.every_full_board", time=_duration(full / rate)),
            ]
        )  # fmt: skip


def tiles_by_id(*ids: int) -> tuple[Tile, ...]:
    """Tiles of the box by their numbers."""
    by_id = {tile.id: tile for tile in data.default_tiles()}
    return tuple(by_id[i] for i in ids)


def try_every_board(tiles: Sequence[Tile]) -> EveryBoard:
    """Lay ``tiles`` in one row of as many spaces in every possible way, and score each
    board alone, as the solver does: any of them (at least one, side by side, since every
    tile after the first must touch one already placed) in any order, either side up,
    turned any of 4 ways; the spaces left over stay empty."""
    began = time.perf_counter()
    n = len(tiles)
    oriented = [[f.rotated(turn) for f in tile.sides for turn in range(TURNS)] for tile in tiles]
    best, count, example, tried = -(10**9), 0, None, 0
    for k in range(1, n + 1):
        for start in range(n - k + 1):
            for order in itertools.permutations(range(n), k):
                for choice in itertools.product(*(oriented[i] for i in order)):
                    row: list[Face | None] = [None] * n
                    row[start : start + k] = choice
                    b = Board((tuple(row),))
                    score = alone_points(b)
                    tried += 1
                    if score > best:
                        best, count, example = score, 0, b
                    if score == best:
                        count += 1
    assert example is not None
    return EveryBoard(tried, best, count, example, time.perf_counter() - began)


def layouts_in_a_row(n: int) -> int:
    """How many boards ``try_every_board`` tries for ``n`` tiles in a row of ``n`` spaces."""
    return sum((n - k + 1) * math.perm(n, k) * (SIDES * TURNS) ** k for k in range(1, n + 1))


def alone_points(b: Board) -> int:
    """A board's points scored alone on a water rim (the solver's count, no bonus chip):
    quicker than a whole score sheet, which also writes every reason in words."""
    a = analyse(b)
    return (
        ANIMAL_POINTS * len(a.animals)
        + LANDSCAPE_POINTS * len(a.scoring_landscapes)
        + VOLCANO_POINTS * len(a.active_volcanoes)
        + EMPTY_SPACE_POINTS * len(a.empty_spaces)
        + WRONG_CONNECTION_POINTS * len(a.wrong_connections)
    )


# ---------------------------------------------------------------- landscapes and animals

LANDSCAPE_ORDER = ("f", "d", "p", "w")
"""Lesson 4 goes from forest to water, as its sections do."""


def _example_tile(species_id: str) -> Face:
    """The first tile of the box whose mixed side shows this animal."""
    for tile in data.default_tiles():
        if tile.back.animal == species_id:
            return tile.back
    raise ValueError(species_id)


def _cap(words: str) -> str:
    """Words with a capital first letter (``str.capitalize`` would lower "Nile")."""
    return words[:1].upper() + words[1:]


def landscape_tiles() -> Picture:
    """For each landscape: its single-landscape side, and a tile with each of its four
    animals, named underneath."""
    s, gap, label = 72, 30, 48
    left = 96
    width = left + 5 * (s + gap)
    row_h = s + label + 12
    scene = Scene(int(width), int(len(LANDSCAPE_ORDER) * row_h + 8), background=PAPER,
                  title=t("mondo_lessons.tiles_title"))  # fmt: skip
    single = {tile.front.edges[0]: tile.front for tile in data.default_tiles()}
    for r, letter in enumerate(LANDSCAPE_ORDER):
        y = 8 + r * row_h
        scene.add(Text(id=f"name-{letter}", x=4, y=y + s / 2 + 5, size=15, bold=True,
                       fill=INK, text=_cap(data.terrain_name(letter))))  # fmt: skip
        faces: list[tuple[Face, str]] = [(single[letter], t("mondo_lessons.single_side"))]
        faces += [(_example_tile(sp.id), sp.name()) for sp in species_of(letter)]
        for k, (face, words) in enumerate(faces):
            x = left + k * (s + gap)
            scene.extend(draw_face(face, x, y, s, f"tile-{letter}-{k}"))
            for j, line in enumerate(_short_lines(words)):
                scene.add(Text(id=f"label-{letter}-{k}-{j}", x=x + s / 2, y=y + s + 15 + 13 * j,
                               size=12, anchor="middle", fill=INK, text=line))  # fmt: skip
    return Picture(scene)


def _short_lines(words: str, width: int = 12) -> list[str]:
    """A label split between words into lines of about ``width`` characters."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def species_table() -> Table:
    """The 16 animals by landscape: where each really lives, and its real biome."""
    rows = tuple(
        (_cap(data.terrain_name(sp.landscape)), sp.name(), sp.home(), sp.biome_name())
        for letter in LANDSCAPE_ORDER
        for sp in species_of(letter)
    )
    headers = (
        t("mondo_lessons.col_landscape"),
        t("mondo_lessons.col_animal"),
        t("mondo_lessons.col_home"),
        t("mondo_lessons.col_biome"),
    )
    return Table(headers, rows, "mondo-lesson-table")


def biome_table() -> Table:
    """Each landscape of the game, the real biomes behind it, and what the game leaves out."""
    rows = tuple(
        (
            _cap(data.terrain_name(letter)),
            ", ".join(dict.fromkeys(sp.biome_name() for sp in SPECIES if sp.landscape == letter)),
            t(f"mondo_lessons.simplifies_{letter}"),
        )
        for letter in LANDSCAPE_ORDER
    )
    headers = (
        t("mondo_lessons.col_landscape"),
        t("mondo_lessons.col_biomes"),
        t("mondo_lessons.col_simplifies"),
    )
    return Table(headers, rows, "mondo-lesson-table")


def facts(*species: str) -> Notes:
    """The named species' facts (ids as in the species table of the code: ``"panda"``)."""
    lines = []
    for sp in species:
        found = data.SPECIES_BY_ID.get(sp)
        if found is None:
            raise ValueError(t("mondo_lessons.no_species", species=sp,
                               known=", ".join(s.id for s in SPECIES)))  # fmt: skip
        lines.append(t("mondo_lessons.fact", name=_cap(found.name()), fact=found.fact()))
    return Notes(lines)


assert set(LANDSCAPE_ORDER) == set(TERRAINS)

__all__ = [
    "RULEBOOK",
    "EveryBoard",
    "PlayedBoard",
    "best_words",
    "biome_table",
    "board",
    "categories",
    "compare",
    "distance_words",
    "facts",
    "landscape_tiles",
    "layouts_in_a_row",
    "played_board",
    "points",
    "rulebook_pad",
    "rulebook_sheet",
    "species_table",
    "tiles_by_id",
    "try_every_board",
    "ways",
    "ways_table",
]
