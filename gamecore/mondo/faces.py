"""Mondo's tile faces as data: a terrain on each edge, the regions, an animal, a volcano.

A face is one side of a landscape tile, seen with north up. Each of its four edges (north,
east, south, west, in that order) shows one terrain: water ``w``, forest ``f``, desert ``d``
or plains ``p``. The face's *regions* say which edges belong to one stretch of land or
water: a forest that runs from the north edge to the south edge is one region ``(N, S)``,
while two separate forest corners are two regions. Every edge is in exactly one region, and
the edges of a region share its terrain. A face may show one animal (in one of its regions)
and one volcano, active or inactive.

Faces have a short text form, the one the scoring pad and ``score_round`` read::

    ffff            a whole forest (one region)
    wfww            forest on the east edge, water on the other three
    fpfpa           forest north and south, plains east and west, an animal
    fpfp/NS,E,W     forest from north to south, plains split in two (east, west)
    ddpdV           desert and plains with an active volcano (``v``: inactive)

Four letters for the N, E, S, W edges; then the marks ``a`` (an animal), ``V`` (an active
volcano) or ``v`` (an inactive one); then, optionally, ``/`` and the edge groups that form
one region, separated by commas. Without groups, the edges of one letter form one region
(even ``fpfp``, whose two regions could not both cross a flat tile: the scoring notation says
so); groups, where given, must not cross (``fpfp/NS,EW`` is refused).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..words import t

WATER: Final = "w"
FOREST: Final = "f"
DESERT: Final = "d"
PLAINS: Final = "p"
TERRAINS: Final = (WATER, FOREST, DESERT, PLAINS)
"""The four landscapes, by the letter a face's text uses for them."""
LAND: Final = (FOREST, DESERT, PLAINS)
"""The landscapes that score when closed (water never does)."""

EDGE_NAMES: Final = ("N", "E", "S", "W")
"""The edges of a face in order: north, east, south, west (clockwise)."""
N_EDGES: Final = 4

ACTIVE: Final = "V"
INACTIVE: Final = "v"
ANIMAL_MARK: Final = "a"


@dataclass(frozen=True)
class Face:
    """One side of a tile, north up.

    ``edges``: the terrain letter of the N, E, S and W edges. ``regions``: groups of edge
    indices (0 = N ... 3 = W), each group one stretch of one terrain, every edge in exactly
    one group, the groups in the order of their lowest edge. ``animal``: the species' name
    (``"animal"`` when the text only says ``a``), or ``""``. ``animal_region``: the index in
    ``regions`` of the region the animal stands in. ``volcano``: ``"V"`` (active), ``"v"``
    (inactive) or ``""``.
    """

    edges: tuple[str, str, str, str]
    regions: tuple[tuple[int, ...], ...]
    animal: str = ""
    animal_region: int = 0
    volcano: str = ""

    @property
    def has_animal(self) -> bool:
        return bool(self.animal)

    @property
    def single(self) -> bool:
        """Whether the face shows one landscape only (one region, no animal, no volcano)."""
        return len(self.regions) == 1 and not self.animal and not self.volcano

    def terrain_of(self, region: int) -> str:
        """The terrain of one of the face's regions."""
        return self.edges[self.regions[region][0]]

    def region_of(self, edge: int) -> int:
        """The index of the region an edge belongs to."""
        for i, group in enumerate(self.regions):
            if edge in group:
                return i
        raise ValueError(f"edge {edge} is in no region")  # a Face is built whole

    def rotated(self, quarter_turns: int) -> Face:
        """The face turned clockwise by ``quarter_turns`` quarter turns (north goes east)."""
        k = quarter_turns % N_EDGES
        if k == 0:
            return self
        edges = tuple(self.edges[(i - k) % N_EDGES] for i in range(N_EDGES))
        moved = [tuple(sorted((e + k) % N_EDGES for e in group)) for group in self.regions]
        order = sorted(range(len(moved)), key=lambda i: moved[i][0])
        return Face(
            edges=edges,  # type: ignore[arg-type]  # four terrains, by construction
            regions=tuple(moved[i] for i in order),
            animal=self.animal,
            animal_region=order.index(self.animal_region) if self.animal else 0,
            volcano=self.volcano,
        )

    def text(self) -> str:
        """The face's short text form (groups written only where letters alone mislead)."""
        marks = (ANIMAL_MARK if self.animal else "") + self.volcano
        plain = "".join(self.edges) + marks
        if self.regions == default_regions(self.edges):
            return plain
        groups = ",".join("".join(EDGE_NAMES[e] for e in group) for group in self.regions)
        return f"{plain}/{groups}"

    def __str__(self) -> str:
        return self.text()


def default_regions(edges: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """The regions when a face's text gives no groups: the edges of one letter together."""
    groups: dict[str, list[int]] = {}
    for i, terrain in enumerate(edges):
        groups.setdefault(terrain, []).append(i)
    return tuple(sorted((tuple(g) for g in groups.values()), key=lambda g: g[0]))


def parse_face(text: str, *, animal: str = "", animal_edge: int | None = None) -> Face:
    """The face a short text describes (see the module's notes), or a ``ValueError`` that
    says what is wrong with it.

    ``animal`` names the species when the text marks one (``a``); ``animal_edge`` says on
    which edge's region it stands (default: the first land region, or the first region of
    an all-water face)."""
    raw = text.strip()
    if not raw:
        raise ValueError(t("mondo.face_empty"))
    body, _, groups_text = raw.partition("/")
    letters = body[:N_EDGES]
    if len(letters) < N_EDGES or any(c not in TERRAINS for c in letters):
        bad = next((c for c in letters if c not in TERRAINS), "")
        if bad:
            raise ValueError(t("mondo.face_unknown_letter", text=raw, letter=bad))
        raise ValueError(t("mondo.face_too_short", text=raw))
    edges: tuple[str, str, str, str] = (letters[0], letters[1], letters[2], letters[3])
    marks = body[N_EDGES:]
    has_animal = False
    volcano = ""
    for mark in marks:
        if mark == ANIMAL_MARK and not has_animal:
            has_animal = True
        elif mark in (ACTIVE, INACTIVE) and not volcano:
            volcano = mark
        elif mark in TERRAINS:
            raise ValueError(t("mondo.face_too_long", text=raw))
        else:
            raise ValueError(t("mondo.face_unknown_mark", text=raw, mark=mark))
    if groups_text or "/" in raw:
        regions = _parse_groups(raw, groups_text, edges)
    else:
        regions = default_regions(edges)
    region = 0
    species = ""
    if has_animal:
        species = animal or "animal"
        region = _animal_region(raw, edges, regions, animal, animal_edge)
    elif animal:
        raise ValueError(t("mondo.face_species_without_mark", text=raw, animal=animal))
    return Face(edges, regions, species, region, volcano)


def _parse_groups(
    raw: str, groups_text: str, edges: tuple[str, str, str, str]
) -> tuple[tuple[int, ...], ...]:
    seen: set[int] = set()
    groups: list[tuple[int, ...]] = []
    for part in groups_text.split(","):
        part = part.strip().upper()
        if not part:
            raise ValueError(t("mondo.face_empty_group", text=raw))
        group: list[int] = []
        for name in part:
            if name not in EDGE_NAMES:
                raise ValueError(t("mondo.face_unknown_edge", text=raw, edge=name))
            e = EDGE_NAMES.index(name)
            if e in seen:
                raise ValueError(t("mondo.face_edge_twice", text=raw, edge=name))
            seen.add(e)
            group.append(e)
        terrains = {edges[e] for e in group}
        if len(terrains) > 1:
            raise ValueError(t("mondo.face_group_mixes", text=raw, group=part))
        groups.append(tuple(sorted(group)))
    if len(seen) != N_EDGES:
        missing = "".join(EDGE_NAMES[e] for e in range(N_EDGES) if e not in seen)
        raise ValueError(t("mondo.face_edges_missing", text=raw, edges=missing))
    for a in groups:
        for b in groups:
            if a is not b and _cross(a, b):
                names = ("".join(EDGE_NAMES[e] for e in g) for g in (a, b))
                raise ValueError(
                    t("mondo.face_groups_cross", text=raw, a=next(names), b=next(names))
                )
    return tuple(sorted(groups, key=lambda g: g[0]))


def _cross(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Whether two regions would have to cross on a flat tile: going round the edges, ``b``
    has an edge on each side of two of ``a``'s edges (N and S of one region, E and W of the
    other)."""
    for i in a:
        for j in a:
            if i < j:
                inside = any(i < e < j for e in b)
                outside = any(e < i or e > j for e in b)
                if inside and outside:
                    return True
    return False


def _animal_region(
    raw: str,
    edges: tuple[str, str, str, str],
    regions: tuple[tuple[int, ...], ...],
    animal: str,
    animal_edge: int | None,
) -> int:
    if animal_edge is not None:
        if not 0 <= animal_edge < N_EDGES:
            raise ValueError(t("mondo.face_unknown_edge", text=raw, edge=str(animal_edge)))
        for i, group in enumerate(regions):
            if animal_edge in group:
                return i
    for i, group in enumerate(regions):
        if edges[group[0]] != WATER:
            return i
    return 0  # an animal on an all-water face (a water animal)
