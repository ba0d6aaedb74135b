"""What Mondo's scoring pad means, without any widget: ``MondoPadModel``.

The model keeps the players (1 to 4), each one's board, bonus chip and volcano chip, the
side of the boards (A: water rim; B: four landscapes), the level (beginner; advanced, with
the round's scoring modifier; expert, with the modifier and the additional task each player
took), the space being edited and how far the score has been walked through. Every request
answers with a ``Said`` (an event, or a problem and nothing changed), so the widget
(``pad.py``) only forwards and redraws, and tests drive the model alone. Scoring is the
engine's (``gamecore.mondo.scoring.level_sheet``, with ``modules`` for the modifier and the
tasks); the drawing is ``tiles``.

Walking through the score: one step per row of the active player's score sheet, in the
sheet's order (the rulebook's categories), so each closed landscape and each wrong
connection gets a step of its own, lit on the board, with the row's sentence beside it; at
the higher levels the modifier's row (lighting what it counts) and the task's row follow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from gamecore.mondo import modules
from gamecore.mondo.board import (
    Board,
    Cell,
    board_text,
    describe_board,
    describe_face,
    opposite,
    parse_board,
)
from gamecore.mondo.data import BOARD_COLUMNS, BOARD_ROWS, RIMS, SPECIES_BY_ID, default_tiles
from gamecore.mondo.faces import ACTIVE, ANIMAL_MARK, INACTIVE, TERRAINS, Face, parse_face
from gamecore.mondo.game import PLAYABLE_LEVELS
from gamecore.mondo.scoring import BONUS_CHIPS, Analysis, analyse, level_sheet
from gamecore.scoresheet import ScoreRow, ScoreSheet
from gamecore.words import t

from ..pad_model import PadModelBase
from ..words import Said
from .tiles import EdgeRef

MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 4
SIDES: Final = ("A", "B")
VOLCANOES: Final = ("", ACTIVE, INACTIVE)
"""A face's volcano: none, active, inactive."""
LEVELS: Final = PLAYABLE_LEVELS
"""Beginner (the rulebook's scoring), advanced (and the round's scoring modifier), expert
(and the additional task each player took)."""


@dataclass(frozen=True)
class Step:
    """One step of the walk through a score: a row of the sheet and what it lights up."""

    row: ScoreRow
    lit: frozenset[EdgeRef] | None = None
    """Tile edges to light (None: light nothing, fade nothing)."""
    wrong: tuple[EdgeRef, ...] = ()
    """Tile edges to mark as a wrong connection."""


@cache
def box_faces() -> tuple[Face, ...]:
    """Every different face in the box (both sides of the 136 tiles), singles first."""
    seen: dict[str, Face] = {}
    for tile in default_tiles():
        for face in tile.sides:
            seen.setdefault(face.text() + "|" + face.animal, face)
    return tuple(sorted(seen.values(), key=lambda f: (not f.single, f.text(), f.animal)))


def face_label(face: Face) -> str:
    """How a box face is listed: its text, and the animal's name when it has one."""
    species = SPECIES_BY_ID.get(face.animal)
    if species is None:
        return face.text()
    return t("mondo_pad.face_with_animal", text=face.text(), animal=species.name())


def _rebuilt(face: Face, edges: Sequence[str], animal: bool, volcano: str) -> Face:
    """A face with new edges or marks; its regions become the default (edges of one
    letter together), since the old groups may no longer fit the edges."""
    text = "".join(edges) + (ANIMAL_MARK if animal else "") + volcano
    species = face.animal if animal and face.animal in SPECIES_BY_ID else ""
    if edges == face.edges and face.regions and animal == face.has_animal:
        try:  # same edges: keep the face's own regions (a box face's groups)
            groups = ",".join("".join("NESW"[e] for e in g) for g in face.regions)
            return parse_face(f"{text}/{groups}", animal=species)
        except ValueError:
            pass
    return parse_face(text, animal=species)


class MondoPadModel(PadModelBase):
    """The boards entered so far, and how far their score has been walked through (the
    rows, the active one, whose board is shown, and the steps ``shown`` of its score:
    ``PadModelBase``)."""

    words = "mondo_pad"
    chosen_words = "now_editing"
    hidden_words = "hidden"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def __init__(
        self, players: Sequence[str] = ("Marianne",), side: str = "A", level: str = "beginner"
    ) -> None:
        names = [str(p).strip() for p in players]
        problem = _names_problem(names)
        if problem:
            raise ValueError(problem)
        if side not in SIDES:
            raise ValueError(t("mondo_pad.bad_side", side=side))
        if level not in LEVELS:
            raise ValueError(_bad_level(level))
        self._seat(names)
        self.boards = [Board.empty(BOARD_ROWS, BOARD_COLUMNS) for _ in names]
        self.bonus = [0 for _ in names]
        self.chip: set[int] = set()
        """The rows of the players who hold the volcano chip."""
        self.side = side
        self.level = level
        self.modifier = modules.modifiers()[0].id
        """The round's scoring modifier (its id; counted at the advanced and expert levels)."""
        self.tasks = ["" for _ in names]
        """The task each row's player took (its id, or ""; counted at the expert level)."""
        self.selected: Cell | None = None
        self._cache: (
            tuple[object, tuple[dict[str, Analysis] | str, ScoreSheet | None, list[Step]]] | None
        ) = None

    # --- players --------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.boards[self.active]

    def name_problem(self, name: str, row: int | None) -> str | None:
        names = list(self.names)
        if row is None:
            names.append(name.strip())
        else:
            names[row] = name.strip()
        return _names_problem(names)

    def _make_active(self, row: int) -> None:
        """A row's board shown from scratch: nothing selected, its score hidden."""
        self.active, self.selected, self.shown = row, None, 0

    def _row_added(self) -> None:
        self.boards.append(Board.empty(BOARD_ROWS, BOARD_COLUMNS))
        self.bonus.append(0)
        self.tasks.append("")
        self.shown = 0

    def _row_removed(self, row: int) -> None:
        self.boards.pop(row)
        self.bonus.pop(row)
        self.tasks.pop(row)
        self.chip.discard(row)
        self.shown = 0

    def set_bonus(self, row: int, chip: int) -> Said:
        if chip not in (0, *BONUS_CHIPS):
            return Said(problem=t("mondo_pad.bad_bonus", chip=chip, top=BONUS_CHIPS[-1]))
        self.bonus[row] = chip
        self.shown = 0
        if not chip:
            return Said(event=t("mondo_pad.no_bonus_now", name=self.names[row]))
        return Said(event=t("mondo_pad.bonus_now", name=self.names[row], chip=chip))

    def set_chip(self, row: int, holds: bool) -> Said:
        (self.chip.add if holds else self.chip.discard)(row)
        self.shown = 0
        key = "mondo_pad.chip_on" if holds else "mondo_pad.chip_off"
        return Said(event=t(key, name=self.names[row]))

    # --- the level: the modifier, the tasks --------------------------------------------
    def set_level(self, level: str) -> Said:
        """Score at ``level``: "beginner", "advanced" or "expert"."""
        if level not in LEVELS:
            return Said(problem=_bad_level(level))
        self.level = level
        self.shown = 0
        return Said(event=self.level_words())

    def set_modifier(self, modifier: str) -> Said:
        """The round's scoring modifier, by its id (``modules.json``)."""
        ids = [m.id for m in modules.modifiers()]
        if modifier not in ids:
            return Said(
                problem=t("mondo_pad.bad_modifier", modifier=repr(modifier), ids=", ".join(ids))
            )
        if self.level == "beginner":
            return Said(problem=t("mondo_pad.modifier_needs_level"))
        self.modifier = modifier
        self.shown = 0
        return Said(event=t("mondo_pad.modifier_now", modifier=_modifier(modifier).name()))

    def set_task(self, row: int, task: str | None) -> Said:
        """The task a row's player took, by its id (``modules.json``); "" or None: none."""
        wanted = (task or "").strip()
        ids = [x.id for x in modules.tasks()]
        if wanted and wanted not in ids:
            return Said(problem=t("mondo_pad.bad_task", task=repr(task), ids=", ".join(ids)))
        if self.level != "expert":
            return Said(problem=t("mondo_pad.task_needs_expert"))
        holder = next((k for k, x in enumerate(self.tasks) if x == wanted and k != row), None)
        if wanted and holder is not None:
            name, taken = self.names[holder], _task(wanted).name()
            return Said(problem=t("mondo_pad.task_taken", name=name, task=taken))
        self.tasks[row] = wanted
        self.shown = 0
        return Said(event=self.task_words(row))

    def level_words(self) -> str:
        """What the chosen level scores beyond the rulebook's rows, in a sentence."""
        modifier = _modifier(self.modifier).name()
        points = modules.modifier_points()
        return t(f"mondo_pad.level_{self.level}", modifier=modifier, points=points)

    def task_words(self, row: int | None = None) -> str:
        """The task a row's player took (default: the player shown), in a sentence."""
        row = self.active if row is None else row
        name, task = self.names[row], self.tasks[row]
        if not task:
            return t("mondo_pad.no_task_now", name=name)
        return t("mondo_pad.task_now", name=name, task=_task(task).name())

    def set_side(self, side: str) -> Said:
        if side not in SIDES:
            return Said(problem=t("mondo_pad.bad_side", side=side))
        self.side = side
        self.shown = 0
        return Said(event=t(f"mondo_pad.side_{side}"))

    # --- the board --------------------------------------------------------------------
    def text_of(self, row: int | None = None) -> str:
        return board_text(self.boards[self.active if row is None else row])

    def enter_text(self, text: str, row: int | None = None) -> Said:
        """Read a typed board; on a problem keep the board as it was and say why."""
        row = self.active if row is None else row
        try:
            board = parse_board(text)
        except ValueError as err:
            self.refused[row] = str(err)
            return Said(problem=t("mondo_pad.text_refused", problem=str(err), name=self.names[row]))
        self.boards[row] = board
        self.refused[row] = None
        self.shown = 0
        if self.selected is not None and not board.inside(self.selected):
            self.selected = None
        tiles = sum(1 for _ in board.tiles())
        return Said(
            event=t(
                "mondo_pad.board_taken",
                name=self.names[row],
                tiles=t("mondo_scoring.n_tiles", n=tiles),
                empty=t("mondo_scoring.n_empty_spaces", n=board.rows * board.cols - tiles),
            )
        )

    def select(self, cell: Cell) -> Said:
        if not self.board.inside(cell):
            return Said(problem=t("mondo_pad.no_space", row=cell[0] + 1, col=cell[1] + 1))
        self.selected = cell
        what = space_words(self.board.at(cell))
        return Said(event=t("mondo_pad.selected", row=cell[0] + 1, col=cell[1] + 1, what=what))

    def selected_words(self) -> str | None:
        """The selected space in words (with its animal's name), or None."""
        if self.selected is None:
            return None
        r, c = self.selected
        return t(
            "mondo_pad.space_is", row=r + 1, col=c + 1, what=space_words(self.board.at((r, c)))
        )

    def _edit(self, change: str, make: Callable[[Face | None], Face | None]) -> Said:
        if self.selected is None:
            return Said(problem=t("mondo_pad.select_first"))
        cell = self.selected
        face = self.board.at(cell)
        try:
            new = make(face)
        except ValueError as err:
            return Said(problem=str(err))
        self.boards[self.active] = self.board.with_face(cell, new)
        self.shown = 0
        what = space_words(new)
        return Said(event=t(change, row=cell[0] + 1, col=cell[1] + 1, what=what))

    def set_edge(self, edge: int, terrain: str) -> Said:
        """Give one edge of the selected space a landscape (an empty space becomes a tile
        of water with that edge)."""
        if terrain not in TERRAINS:
            return Said(problem=t("mondo_pad.bad_terrain", terrain=terrain))

        def make(face: Face | None) -> Face:
            base = face or parse_face("wwww")
            edges = list(base.edges)
            edges[edge] = terrain
            return _rebuilt(base, edges, base.has_animal, base.volcano)

        return self._edit("mondo_pad.changed", make)

    def set_animal(self, on: bool) -> Said:
        def make(face: Face | None) -> Face:
            base = face or parse_face("wwww")
            return _rebuilt(base, base.edges, on, base.volcano)

        return self._edit("mondo_pad.changed", make)

    def set_volcano(self, volcano: str) -> Said:
        if volcano not in VOLCANOES:
            return Said(problem=t("mondo_pad.bad_volcano", volcano=volcano))

        def make(face: Face | None) -> Face:
            base = face or parse_face("wwww")
            return _rebuilt(base, base.edges, base.has_animal, volcano)

        return self._edit("mondo_pad.changed", make)

    def put_face(self, face: Face | str) -> Said:
        """Put a face (a box face, or its text) on the selected space."""
        chosen = parse_face(face) if isinstance(face, str) else face
        return self._edit("mondo_pad.changed", lambda _old: chosen)

    def rotate(self) -> Said:
        if self.selected is not None and self.board.at(self.selected) is None:
            return Said(problem=t("mondo_pad.nothing_to_turn"))
        return self._edit(
            "mondo_pad.turned", lambda face: None if face is None else face.rotated(1)
        )

    def clear(self) -> Said:
        return self._edit("mondo_pad.cleared", lambda _old: None)

    # --- scoring ----------------------------------------------------------------------
    def rim(self) -> str:
        return RIMS[self.side]

    def _scored(self) -> tuple[dict[str, Analysis] | str, ScoreSheet | None, list[Step]]:
        """The analyses (or why there are none), the sheet and the active player's steps,
        computed once per state of the pad: one redraw asks for them many times."""
        key = (
            tuple(self.names), tuple(self.boards), tuple(self.bonus), frozenset(self.chip),
            self.side, self.active, self.level, self.modifier, tuple(self.tasks),
        )  # fmt: skip
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        analysed: dict[str, Analysis] = {}
        found: dict[str, Analysis] | str = analysed
        for name, board in zip(self.names, self.boards):
            rim = None if self.side == "A" else self.rim()
            try:
                analysed[name] = analyse(board, rim)
            except ValueError as err:
                found = t("mondo_pad.side_b_shape", name=name, problem=str(err))
                break
        sheet = None
        steps: list[Step] = []
        if not isinstance(found, str):
            bonus = {n: b for n, b in zip(self.names, self.bonus) if b}
            holders = [self.names[k] for k in sorted(self.chip)]
            modifier = None if self.level == "beginner" else _modifier(self.modifier)
            tasks = None
            if self.level == "expert":
                tasks = {n: _task(x) if x else None for n, x in zip(self.names, self.tasks)}
            sheet = level_sheet(
                found, bonus=bonus, volcano_chip=holders, modifier=modifier, tasks=tasks
            )
            a = found[self.player]
            steps = [_step(row, a, modifier) for row in sheet.rows_for(self.player)]
        self._cache = (key, (found, sheet, steps))
        return found, sheet, steps

    def analyses(self) -> dict[str, Analysis] | str:
        """Every board analysed, or why they cannot be (a sentence)."""
        return self._scored()[0]

    def sheet(self) -> ScoreSheet | None:
        return self._scored()[1]

    def scoring_problem(self) -> str | None:
        found = self.analyses()
        return found if isinstance(found, str) else None

    def steps(self) -> list[Step]:
        """The walk through the active player's score, one step per row of the sheet."""
        return list(self._scored()[2])

    @property
    def complete(self) -> bool:
        steps = self.steps()
        return bool(steps) and self.shown >= len(steps)

    def step(self) -> Said:
        steps = self.steps()
        if not steps:
            return Said(problem=self.scoring_problem() or t("mondo_pad.nothing_to_score"))
        if self.shown >= len(steps):
            return Said(event=self.total_words())
        self.shown += 1
        self.selected = None
        if self.shown == len(steps):
            return Said(event=self.step_words(steps) + " " + self.total_words())
        return Said(event=self.step_words(steps))

    def back(self) -> Said:
        if self.shown == 0:
            return Said(problem=t("mondo_pad.at_start"))
        self.shown -= 1
        return Said(event=self.step_words(self.steps()) if self.shown else t("mondo_pad.hidden"))

    def show_all(self) -> Said:
        steps = self.steps()
        if not steps:
            return Said(problem=self.scoring_problem() or t("mondo_pad.nothing_to_score"))
        self.shown = len(steps)
        return Said(event=self.total_words())

    def current(self) -> Step | None:
        steps = self.steps()
        return steps[self.shown - 1] if 0 < self.shown <= len(steps) else None

    def so_far(self) -> int:
        return sum(s.row.points for s in self.steps()[: self.shown])

    def step_words(self, steps: list[Step]) -> str:
        step = steps[self.shown - 1]
        sheet = self.sheet()
        assert sheet is not None
        return t(
            "mondo_pad.step_event",
            k=self.shown,
            n=len(steps),
            title=sheet.title(step.row.category),
            reason=step.row.reason,
            total=t("mondo_pad.points", n=self.so_far()),
        )

    def total_words(self) -> str:
        sheet = self.sheet()
        assert sheet is not None
        return t(
            "mondo_pad.total_event",
            name=self.player,
            total=t("mondo_pad.points", n=sheet.total(self.player)),
        )

    def describe(self) -> str:
        """The active board in sentences, for a screen reader."""
        rim = None if self.side == "A" else self.rim()
        try:
            return describe_board(self.board, rim)
        except ValueError:
            return describe_board(self.board)


def space_words(face: Face | None) -> str:
    """A space in words: empty, or its face, naming the animal's species when known (the
    drawing shows only a paw print)."""
    if face is None:
        return t("mondo_scoring.describe_empty")
    species = SPECIES_BY_ID.get(face.animal)
    if species is None:
        return describe_face(face)
    return t("mondo_pad.face_and_species", face=describe_face(face), animal=species.name())


def _step(row: ScoreRow, a: Analysis, modifier: modules.Modifier | None = None) -> Step:
    """What a score row lights: its landscape's edges, its wrong connection, the tiles with
    animals or volcanoes counted, what the modifier counts."""
    if row.category == "landscapes" and row.cards:
        return Step(row, _landscape_edges(a, row.cards))
    if row.category == "modifier" and modifier is not None:
        counted = modules.counted(modifier, a)
        if not counted:
            return Step(row)
        if modifier.kind == "most_animals_in":
            return Step(row, _whole_tiles(a.animals[k].cell for k in counted))
        return Step(row, _landscape_edges(a, counted))
    if row.category == "wrong_connections" and row.cards:
        w = a.wrong_connections[row.cards[0]]
        edges = {(w.cell[0], w.cell[1], w.edge)}
        if w.neighbour is not None:
            edges.add((w.neighbour[0], w.neighbour[1], opposite(w.edge)))
        return Step(row, frozenset(edges), ((w.cell[0], w.cell[1], w.edge),))
    cells: tuple[Cell, ...] = ()
    if row.category == "animals":
        cells = tuple(x.cell for x in a.animals)
    elif row.category == "volcanoes":
        cells = a.active_volcanoes + a.inactive_volcanoes
    if cells:
        return Step(row, _whole_tiles(cells))
    return Step(row)


def _whole_tiles(cells: Iterable[Cell]) -> frozenset[EdgeRef]:
    """Every edge of some tiles."""
    return frozenset((r, c, e) for r, c in cells for e in range(4))


def _landscape_edges(a: Analysis, landscapes: Sequence[int]) -> frozenset[EdgeRef]:
    """The tile edges of some landscapes (indices into ``a.landscapes``)."""
    lit: set[EdgeRef] = set()
    for i in landscapes:
        for r, c, region in a.landscapes[i].nodes:
            face = a.board.at((r, c))
            assert face is not None
            lit.update((r, c, e) for e in face.regions[region])
    return frozenset(lit)


def _modifier(ident: str) -> modules.Modifier:
    return next(m for m in modules.modifiers() if m.id == ident)


def _task(ident: str) -> modules.Task:
    return next(x for x in modules.tasks() if x.id == ident)


def _bad_level(level: object) -> str:
    return t("mondo_pad.bad_level", level=repr(level), levels=", ".join(LEVELS))


def _names_problem(names: Sequence[str]) -> str | None:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        return t("mondo_pad.player_count", n=len(names), low=MIN_PLAYERS, high=MAX_PLAYERS)
    if any(not n for n in names):
        return t("mondo_pad.name_empty")
    lowered = [n.lower() for n in names]
    if len(set(lowered)) != len(lowered):
        return t("mondo_pad.name_twice")
    return None
