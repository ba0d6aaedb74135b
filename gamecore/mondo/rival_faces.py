"""What a Mondo rival reads of a face: its distinct quarter turns as ``Shape``s, and the
region of each edge, both remembered so that a decision never works them out twice.

``shapes(face)`` is remembered by the face's value (equal faces share one tuple, and the
numbers ``form`` and ``outline`` that ``rival_estimate`` keys its remembered gains and
bounds by). ``face_shapes`` and ``regions_of`` are remembered by the face's *identity*: the
engine makes each placed face once (``game.placed_face``), and a face's hash reads all its
fields, which costs more than the work saved; a face made elsewhere is simply read afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, TypeVar

from .faces import WATER, Face

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Shape:
    """What the estimate needs of one face as it would lie: its edges' terrains, the region
    of each edge, how many regions, an animal (and whether it stands in water), a volcano."""

    turn: int
    edges: tuple[str, str, str, str]
    region_of: tuple[int, int, int, int]
    regions: int
    animal: bool
    volcano: str
    animal_in_water: bool
    form: int = -1
    """The same number for every shape whose placements the estimate reads alike (all but
    ``turn`` and ``volcano``, whose cost comes separately): the key of the remembered gains."""
    outline: int = -1
    """The same number for every shape of the same edges and regions (the form without the
    animal): the key of the remembered bounds, to which the animal and the volcano cost
    are added apart (``Position.bound``). -1: none (the bound is worked out afresh)."""


_FORMS: dict[tuple[Any, ...], int] = {}
_OUTLINES: dict[tuple[Any, ...], int] = {}
FORMS_BELOW: Final = 1 << 24
"""More forms than any box of tiles makes: ``rival_estimate`` keys a gain by the volcano
cost's number times this, plus the form."""


def _form(
    edges: tuple[str, ...], region_of: tuple[int, ...], regions: int, animal: bool, wet: bool
) -> int:
    form = _FORMS.setdefault((edges, region_of, regions, animal, wet), len(_FORMS))
    assert form < FORMS_BELOW
    return form


@cache
def shapes(face: Face) -> tuple[Shape, ...]:
    """The face in its distinct quarter turns (a face of one landscape has one)."""
    out: list[Shape] = []
    seen: set[Face] = set()
    for turn in range(4):
        turned = face.rotated(turn)
        if turned in seen:
            continue
        seen.add(turned)
        region_of = tuple(turned.region_of(edge) for edge in range(4))
        wet = turned.has_animal and turned.terrain_of(turned.animal_region) == WATER
        out.append(
            Shape(
                turn=turn,
                edges=turned.edges,
                region_of=region_of,  # type: ignore[arg-type]  # four edges
                regions=len(turned.regions),
                animal=turned.has_animal,
                volcano=turned.volcano,
                animal_in_water=wet,
                form=_form(turned.edges, region_of, len(turned.regions), turned.has_animal, wet),
                outline=_OUTLINES.setdefault(
                    (turned.edges, region_of, len(turned.regions)), len(_OUTLINES)
                ),
            )
        )
    return tuple(out)


# ------------------------------------------------------------ remembered by the face's identity

IDENTITIES_KEPT: Final = 4096
"""A store by identity is emptied beyond this many faces (a box has 272 faces)."""

_FACE_SHAPES: dict[int, tuple[Face, tuple[Shape, ...]]] = {}
_FACE_REGIONS: dict[int, tuple[Face, tuple[int, ...]]] = {}


def _by_identity(store: dict[int, tuple[Face, T]], face: Face, work_out: Callable[[Face], T]) -> T:
    """``work_out(face)``, remembered in ``store`` by the face's identity; the face is kept
    with it, so a new face that reuses a dead one's ``id`` is not mistaken for it."""
    known = store.get(id(face))
    if known is None or known[0] is not face:
        if len(store) > IDENTITIES_KEPT:
            store.clear()
        known = store[id(face)] = (face, work_out(face))
    return known[1]


def face_shapes(face: Face) -> tuple[Shape, ...]:
    """``shapes(face)``, found by the face's identity; equal faces get the same tuple."""
    known = _FACE_SHAPES.get(id(face))
    if known is not None and known[0] is face:  # the usual case, without a further call
        return known[1]
    return _by_identity(_FACE_SHAPES, face, shapes)


def distinct_shapes(faces: Sequence[Face]) -> tuple[list[tuple[Shape, ...]], list[int]]:
    """The shapes of each distinct face among ``faces`` (``face_shapes``: equal faces share
    one tuple, so no face's hash is read), and the index of the first face showing them;
    one call for a whole heap."""
    out: list[tuple[Shape, ...]] = []
    first: list[int] = []
    seen: set[int] = set()
    store = _FACE_SHAPES
    for index, face in enumerate(faces):
        known = store.get(id(face))
        if known is not None and known[0] is face:
            found = known[1]
        else:
            found = _by_identity(store, face, shapes)
        if id(found) not in seen:
            seen.add(id(found))
            out.append(found)
            first.append(index)
    return out, first


def _edge_regions(face: Face) -> tuple[int, ...]:
    return tuple(face.region_of(e) for e in range(4))


def regions_of(face: Face) -> tuple[int, ...]:
    """The region of each edge of ``face`` (north, east, south, west), found by its identity."""
    known = _FACE_REGIONS.get(id(face))
    if known is not None and known[0] is face:
        return known[1]
    return _by_identity(_FACE_REGIONS, face, _edge_regions)
