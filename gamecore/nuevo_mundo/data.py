"""Nuevo Mundo's components: the numbers in ``components.json`` and the cards in ``cards.csv``.

The rulebook prints the credit table, the costs, the pieces and the tactics' cycle, but not
the colour die's faces, the criptex's dots or the cards. Those are reconstructed, each value
marked with its provenance (``provenance(name)``: printed, derived or reconstructed) and
explained in docs/rules/nuevo-mundo.md ("Components"). The cards live in ``cards.csv``, one
line per card, so a teacher with the real box can type them in and change no code;
``load_cards`` reads such a file and says on which line what is wrong.
"""

from __future__ import annotations

import csv
import json
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final

from ..words import t

PROVENANCES: Final = ("printed", "derived", "reconstructed")


def _read_components() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("components.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


_COMPONENTS: Final = _read_components()


def provenance(name: str) -> str:
    """Where a value of ``components.json`` comes from: printed, derived or reconstructed."""
    return str(_COMPONENTS[name]["provenance"])


def _value(name: str) -> Any:
    return _COMPONENTS[name]["value"]


MIN_PLAYERS: Final[int] = _value("players")[0]
MAX_PLAYERS: Final[int] = _value("players")[1]
CQ_SUPPLY: Final[int] = _value("cq_supply")
CA_SUPPLY: Final[int] = _value("ca_supply")
SHIPS: Final[int] = _value("ships")
SHIP_CAPACITY: Final[int] = _value("ship_capacity")
RED_CONES: Final[int] = _value("red_cones")
COST_CQ: Final[int] = _value("costs")["cq"]
COST_CA: Final[int] = _value("costs")["ca"]
COST_SHIP: Final[int] = _value("costs")["ship"]
START_CA: Final[int] = _value("start")["ca"]
START_CQ: Final[int] = _value("start")["cq"]
FACE_UP: Final[int] = _value("face_up_cards")
POINTS_TO_WIN: Final[int] = _value("points_to_win")
NUMERIC_DIE: Final[tuple[int, ...]] = tuple(_value("numeric_die"))
COLOUR_DIE: Final[tuple[str, ...]] = tuple(_value("colour_die"))
"""The colour die's six faces: ``"green"`` (cross), ``"red"`` (border closed), ``"black"``
(lose 1 CQ)."""
COLOURS: Final = ("green", "red", "black")
TACTICS: Final[tuple[int, ...]] = tuple(_value("tactics"))
CRITERIA: Final[tuple[str, ...]] = tuple(_value("criteria"))
DOTS: Final[dict[str, tuple[int, ...]]] = {c: tuple(v) for c, v in _value("dots").items()}
"""Criterion -> the dots printed under tactics 1-5 (the pieces a loser removes)."""
PRINTED_CREDITS: Final[dict[tuple[int, int], int]] = {
    (int(s), int(i)): v for s, row in _value("credit_table").items() for i, v in row.items()
}
"""(settlements, islands) -> credits, the six cells the rulebook prints."""

CATEGORIES: Final = ("seeds_roots", "nuts_leaves", "riches", "fruits", "cultures", "animals")
"""The six discovery categories, in the rulebook's order."""


def credits(settlements: int, islands: int) -> int:
    """The credit table: 2 x settlements + 2 x islands - 1 (derived from the six printed cells,
    which it matches); 0 for a player without a settlement."""
    if settlements <= 0:
        return 0
    if not 1 <= islands <= settlements:
        raise ValueError(t("nuevo_mundo.bad_credit_cell", settlements=settlements, islands=islands))
    return 2 * settlements + 2 * islands - 1


@dataclass(frozen=True)
class Card:
    """A discovery card: its number (0-39), category, points and name key."""

    id: int
    category: str
    points: int
    name: str
    provenance: str

    @property
    def title(self) -> str:
        """The card's name in the language of the moment ("Potato", "Papa")."""
        return t(f"nuevo_mundo_cards.{self.name}")


CARD_COLUMNS: Final = ("id", "category", "points", "name", "provenance")


def load_cards(path: str | os.PathLike[str] | None = None) -> tuple[Card, ...]:
    """The cards of ``cards.csv`` (or of another file in its format), checked line by line.

    Raises ValueError naming the line and what is wrong with it."""
    if path is None:
        text = resources.files(__package__).joinpath("cards.csv").read_text(encoding="utf-8")
    else:
        text = Path(path).read_text(encoding="utf-8")
    rows = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    rows = [(n, line) for n, line in rows if not line.lstrip().startswith("#")]
    if not rows or tuple(c.strip() for c in rows[0][1].split(",")) != CARD_COLUMNS:
        raise ValueError(t("nuevo_mundo.cards_header", columns=", ".join(CARD_COLUMNS)))
    cards: list[Card] = []
    for number, line in rows[1:]:
        fields = next(csv.reader([line]))
        if len(fields) != len(CARD_COLUMNS):
            raise ValueError(t("nuevo_mundo.cards_fields", line=number, n=len(CARD_COLUMNS)))
        raw_id, category, raw_points, name, prov = (f.strip() for f in fields)
        if not raw_id.isdigit() or int(raw_id) != len(cards):
            raise ValueError(t("nuevo_mundo.cards_id", line=number, expected=len(cards)))
        if category not in CATEGORIES:
            raise ValueError(
                t(
                    "nuevo_mundo.cards_category",
                    line=number,
                    category=category,
                    categories=", ".join(CATEGORIES),
                )
            )
        if raw_points not in ("1", "2", "3", "4"):
            raise ValueError(t("nuevo_mundo.cards_points", line=number, points=raw_points))
        if prov not in PROVENANCES:
            raise ValueError(t("nuevo_mundo.cards_provenance", line=number, value=prov))
        cards.append(Card(int(raw_id), category, int(raw_points), name, prov))
    return tuple(cards)


CARDS: Final[tuple[Card, ...]] = load_cards()
"""The 40 discovery cards, by number."""
