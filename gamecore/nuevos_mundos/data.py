"""Nuevos Mundos components, read from ``cards.json`` (replace that file to use the printed cards).

Cards are coded as small integers everywhere in the engine: a biome card is its printed
value (1-64); the human settlement of biome ``b`` (0-7, in rulebook order) is
``settlement_code(b)``, that is ``SETTLEMENT_BASE + 1 + b`` (65-72).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from ..words import t

NUMBER_OF_CARDS: Final = 64
CARDS_PER_BIOME = 8
HAND_SIZE: Final = 4
BOARD_SPACES = (2, 3, 4, 5, 6)
"""The face-up spaces of the universe board (0 is the discard pile, 1 the creation pile)."""
SETTLEMENT_BASE: Final = NUMBER_OF_CARDS

BIODIVERSITY_BONUS = 3
DOMINANT_BIOME_POINTS = 2
MIN_RUN = 3
VITAL_CAPACITY_POINTS = 3
DISCORD_PENALTY = 1

MODULES = ("human_settlements", "global_natural_balance", "vital_capacity", "discord")


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


_DATA = _load()

BIOMES: tuple[str, ...] = tuple(b["name"] for b in _DATA["biomes"])
BIOME_LABELS: dict[str, str] = {b["name"]: b["label"] for b in _DATA["biomes"]}
BIOME_RANGES: tuple[tuple[int, int], ...] = tuple((b["first"], b["last"]) for b in _DATA["biomes"])
ICONS: tuple[str, ...] = tuple(_DATA["icons"])


def _check_data() -> None:
    expected = 1
    for (first, last), name in zip(BIOME_RANGES, BIOMES):
        if first != expected or last - first + 1 != CARDS_PER_BIOME:
            raise ValueError(
                t(
                    "nuevos_mundos_data.cards_biome_values",
                    biome=name,
                    n=CARDS_PER_BIOME,
                    first=expected,
                )
            )
        expected = last + 1
    values = [c["value"] for c in _DATA["cards"]]
    if values != list(range(1, NUMBER_OF_CARDS + 1)):
        raise ValueError(t("nuevos_mundos_data.cards_order", n=NUMBER_OF_CARDS))
    for card in _DATA["cards"]:
        unknown = set(card["icons"]) - set(ICONS)
        if unknown:
            icons = ", ".join(sorted(unknown))
            raise ValueError(
                t("nuevos_mundos_data.cards_unknown_icons", card=card["value"], icons=icons)
            )


_check_data()

BIOME_OF_CODE: tuple[int, ...] = (
    (-1,)
    + tuple((v - 1) // CARDS_PER_BIOME for v in range(1, NUMBER_OF_CARDS + 1))
    + tuple(range(len(BIOMES)))
)
"""Biome index of each card code (index 0 is unused)."""

ICONS_OF_CODE: tuple[tuple[int, ...], ...] = (
    ((0,) * len(ICONS),)
    + tuple(tuple(c["icons"].get(i, 0) for i in ICONS) for c in _DATA["cards"])
    + tuple(tuple(s["icons"].get(i, 0) for i in ICONS) for s in _DATA["settlements"])
)
"""Nature icon counts of each card code, in ICONS order."""

ALL_BIOME_CARDS: tuple[int, ...] = tuple(range(1, NUMBER_OF_CARDS + 1))
ALL_SETTLEMENTS: tuple[int, ...] = tuple(SETTLEMENT_BASE + 1 + b for b in range(len(BIOMES)))


def settlement_code(biome: int) -> int:
    """The card code of a biome's human settlement."""
    return SETTLEMENT_BASE + 1 + biome


def is_settlement(code: int) -> bool:
    return code > SETTLEMENT_BASE


def card_label(code: int) -> str:
    """How a card is written for people: ``"05"`` or ``"taiga settlement"``."""
    if isinstance(code, bool) or not isinstance(code, int) or not 0 < code < len(BIOME_OF_CODE):
        return repr(code)
    if is_settlement(code):
        return t("nuevos_mundos.settlement", biome=biome_label(BIOME_OF_CODE[code]))
    return f"{code:02d}"


def biome_label(biome: int) -> str:
    """A biome's name in words ("high mountain"), in the chosen language."""
    return t(f"nuevos_mundos.biome_{BIOMES[biome]}")


def icon_name(icon: int) -> str:
    """A nature icon's name in words ("minerals"), in the chosen language."""
    return t(f"nuevos_mundos.icon_{ICONS[icon]}")


def biome_index(name: str) -> int:
    """The index of a biome name, or a ValueError listing the names."""
    try:
        return BIOMES.index(name)
    except ValueError:
        raise ValueError(
            t("nuevos_mundos.pad_unknown_biome", name=repr(name), biomes=", ".join(BIOMES))
        ) from None


def biome_of(value: int) -> str:
    """The biome of a biome card: ``biome_of(42) == "high_mountain"``."""
    return BIOMES[BIOME_OF_CODE[check_value(value)]]


def card_icons(value: int) -> dict[str, int]:
    """The nature icons of a biome card (reconstructed data), e.g. ``{"water": 1}``."""
    icons = ICONS_OF_CODE[check_value(value)]
    return {name: n for name, n in zip(ICONS, icons) if n}


def check_value(value: object) -> int:
    """A valid biome card value, or a ValueError saying what is wrong."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(t("nuevos_mundos.pad_not_whole", value=repr(value)))
    if not 1 <= value <= NUMBER_OF_CARDS:
        raise ValueError(t("nuevos_mundos.pad_no_such_value", value=value))
    return value
