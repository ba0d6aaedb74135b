"""Ecosfera pieces as scene shapes: card faces, decks, ability tiles, the biome star and the
extinction puzzle, with the drawn symbols they need.

Every element, biome and ability has a drawn symbol *and* a text label (colour is never the
only cue). The symbols are data in ``widgets.icons.ICONS``, shared with Nuevos Mundos (sun,
water, taiga, desert, savanna; jungle for tropical, ocean for aquatic, arctic tundra for
tundra); ``SYMBOLS`` names each one, and ``eco_icon(name, x, y, size)`` draws any of them.

A card face, top to bottom:

- plant & fungi: a band with its code and kind, its biomes (symbol + name), its name, a
  picture of its kind with its ability symbols (and the mushroom symbol of some trees), and
  its element cost at the bottom (one symbol per element card, each named);
- animal: band, name, a paw with its ability symbols, its biomes at the bottom (as printed);
- element: the element's symbol and name; disaster: a lightning bolt and the word.

Texts smaller than 11 px are only the tiny labels printed on cards; their ids contain
``-tiny`` (the tests check that nothing else is that small).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gamecore.ecosfera.data import (
    ABILITIES,
    BIOMES,
    ELEMENT_OF,
    ELEMENTS,
    CardSet,
    card_label,
    is_animal,
    is_disaster,
    is_element,
    is_plant,
)

from ..card_face import card_back_frame, corner_tick, empty_place, face_band, face_frame
from ..icons import ICONS, place
from ..palette import (
    ABILITY_COLOURS,
    ELEMENT_COLOURS,
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    text_on,
    tint,
)
from ..scene import Circle, Path, Polygon, Rect, Shape, Text, wrap

CARD_W = 108
CARD_H = 164
RAISE = 10
"""How far a selected card is lifted."""

BIOME_COLOURS = {
    "taiga": "#44aa99",
    "temperate_forest": "#999933",
    "desert": "#cc6677",
    "savanna": "#ddcc77",
    "tropical": "#117733",
    "aquatic": "#88ccee",
    "tundra": "#dddddd",
}
"""Paul Tol's muted scheme, as in ``widgets.palette`` (always with a symbol and a name)."""
BIOME_NAMES = {
    "taiga": "Taiga",
    "temperate_forest": "Temperate forest",
    "desert": "Desert",
    "savanna": "Savanna",
    "tropical": "Tropical",
    "aquatic": "Aquatic",
    "tundra": "Tundra",
}
BIOME_CARD_NAMES = {b: n.lower() for b, n in BIOME_NAMES.items()}
BIOME_CARD_NAMES["temperate_forest"] = "temp. forest"
"""The shorter names printed on a card (a card is narrow)."""

ABILITY_NAMES = {"plus": "plus", "refresh": "refresh", "movement": "movement"}
ABILITY_CARD_NAMES = {"plus": "plus", "refresh": "refresh", "movement": "move"}
PLANT_BAND = "#2f6f4f"
PLANT_FACE = "#eef6ef"
ANIMAL_BAND = "#7a4a1f"
ANIMAL_FACE = "#f8f0e5"
DISASTER_BAND = "#5a1a1a"
DISASTER_FACE = "#f6e3e1"
USED_RIBBON = "#3a3a3a"

SYMBOLS = {
    **{name: name for name in ELEMENTS},
    "taiga": "taiga",
    "temperate_forest": "temperate_forest",
    "desert": "desert",
    "savanna": "savanna",
    "tropical": "jungle",
    "aquatic": "ocean",
    "tundra": "arctic_tundra",
    **{name: name for name in ABILITIES},
    "mushroom": "mushroom",
    "tree": "tree",
    "plant": "plants",
    "animal": "animals",
    "disaster": "disaster",
}
"""Ecosfera's name of a symbol -> its drawing in ``widgets.icons.ICONS`` (tropical biomes
are drawn as Nuevos Mundos' jungle, aquatic as its ocean, tundra as its arctic tundra)."""
DRAWINGS: dict[str, tuple[Shape, ...]] = {name: ICONS[drawn] for name, drawn in SYMBOLS.items()}
"""Every element, biome and ability, the mushroom symbol and each kind: its unit-box shapes."""


def eco_icon(name: str, x: float, y: float, size: float, id_prefix: str = "") -> list[Shape]:
    """The Ecosfera symbol ``name`` in the square at (x, y)."""
    try:
        shapes = DRAWINGS[name]
    except KeyError:
        raise ValueError(f"no drawing for {name!r}; there are {', '.join(DRAWINGS)}") from None
    return place(shapes, x, y, size, id_prefix or f"eco-{name}")


# ---------------------------------------------------------------------------- words


def short_latin(latin: str, limit: int = 17) -> str:
    """A scientific name that fits a card: the genus shortened when needed ("L. africana")."""
    if len(latin) <= limit:
        return latin
    genus, _, rest = latin.partition(" ")
    return f"{genus[0]}. {rest}" if rest else latin[:limit]


def card_name(cards: CardSet, code: int) -> str:
    """A card for people: "Scots pine", "earth", "disaster"."""
    if is_element(code):
        return ELEMENTS[ELEMENT_OF[code]]
    if is_disaster(code):
        return "disaster"
    if cards.exists(code) and (is_plant(code) or is_animal(code)):
        return cards.card(code).name
    return card_label(code)


def _text(
    x: float, y: float, text: str, *, id: str, size: float = 12, fill: str = INK, **kw: object
) -> Text:
    return Text(id=id, x=x, y=y, text=text, size=size, fill=fill, **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- card faces


def _frame(
    x: float,
    y: float,
    *,
    id: str,
    target: str | None,
    face: str,
    marked: bool,
    opacity: float,
) -> Rect:
    return face_frame(
        x,
        y,
        CARD_W,
        CARD_H,
        id=id,
        target=target,
        radius=7,
        fill=face,
        marked=marked,
        opacity=opacity,
    )


def _band(x: float, y: float, colour: str, words: str, id: str, opacity: float) -> list[Shape]:
    return [
        face_band(x, y, CARD_W, 18, id=id, radius=5, colour=colour, opacity=opacity),
        _text(
            x + 7,
            y + 11,
            words,
            id=f"{id}-band-tiny",
            size=10,
            bold=True,
            fill=text_on(colour),
            opacity=opacity,
        ),
    ]


def biome_lines(
    biomes: Sequence[str], x: float, y: float, id: str, opacity: float = 1.0
) -> list[Shape]:
    """A card's biomes, one per line: symbol and name (17 px a line)."""
    shapes: list[Shape] = []
    for k, biome in enumerate(biomes):
        top = y + 17 * k
        shapes.extend(
            _faded(eco_icon(biome, x, top, 15, f"{id}-biome{k}"), opacity),
        )
        shapes.append(
            _text(
                x + 19,
                top + 8,
                BIOME_CARD_NAMES[biome],
                id=f"{id}-biome{k}-tiny",
                size=9.5,
                opacity=opacity,
            )
        )
    return shapes


def _faded(shapes: list[Shape], opacity: float) -> list[Shape]:
    if opacity >= 1:
        return shapes
    import dataclasses

    return [dataclasses.replace(s, opacity=min(s.opacity, opacity)) for s in shapes]


def _symbols(
    code: int,
    cards: CardSet,
    x: float,
    y: float,
    id: str,
    *,
    symbol_targets: bool,
    spent: bool,
    opacity: float,
) -> list[Shape]:
    """The card's ability symbols (and the mushroom symbol), right-aligned, each named."""
    names = [ABILITIES[a] for a in cards.abilities[code]]
    card = cards.card(code)
    items = [*names]
    if getattr(card, "mushroom_symbol", False):
        items.append("mushroom")
    shapes: list[Shape] = []
    size = 20
    for k, name in enumerate(reversed(items)):
        sx = x + CARD_W - 8 - size - k * (size + 11)
        sy = y
        shapes.extend(_faded(eco_icon(name, sx, sy, size, f"{id}-sym-{name}"), opacity))
        label = "myco" if name == "mushroom" else ABILITY_CARD_NAMES[name]
        shapes.append(
            _text(
                sx + size / 2,
                sy + size + 7,
                label,
                id=f"{id}-sym-{name}-tiny",
                size=9,
                anchor="middle",
                opacity=opacity,
            )
        )
        if name != "mushroom" and spent:
            shapes.append(
                Path(
                    id=f"{id}-sym-{name}-spent",
                    commands=(("M", sx - 2, sy + size + 2), ("L", sx + size + 2, sy - 2)),
                    stroke=INK,
                    stroke_width=2.5,
                )
            )
        if name != "mushroom" and symbol_targets:
            shapes.append(
                Rect(
                    id=f"{id}-sym-{name}-hit",
                    target=f"symbol:{code}:{ABILITIES.index(name)}",
                    x=sx - 3,
                    y=sy - 3,
                    width=size + 6,
                    height=size + 14,
                )
            )
    return shapes


def _cost(code: int, cards: CardSet, x: float, y: float, id: str, opacity: float) -> list[Shape]:
    """The element cost: one symbol per element card needed, each with its name."""
    items = [ELEMENTS[e] for e, n in enumerate(cards.cost[code]) for _ in range(n)]
    shapes: list[Shape] = [
        Path(
            id=f"{id}-cost-rule",
            commands=(("M", x + 6, y), ("L", x + CARD_W - 6, y)),
            stroke=MUTED,
            stroke_width=1,
            opacity=opacity,
        )
    ]
    slot = min(26.0, (CARD_W - 8) / max(1, len(items)))
    left = x + (CARD_W - slot * len(items)) / 2
    for k, element in enumerate(items):
        cx = left + slot * k + slot / 2
        shapes.extend(_faded(eco_icon(element, cx - 8, y + 3, 16, f"{id}-cost{k}"), opacity))
        shapes.append(
            _text(
                cx,
                y + 26,
                element,
                id=f"{id}-cost{k}-tiny",
                size=8.5,
                anchor="middle",
                opacity=opacity,
            )
        )
    return shapes


def _name_lines(name: str, x: float, y: float, id: str, opacity: float, limit: int) -> list[Shape]:
    lines = wrap(name, CARD_W - 10, 11.5, bold=True)
    if len(lines) > limit:
        lines = [*lines[: limit - 1], " ".join(lines[limit - 1 :])]
    return [
        _text(
            x + CARD_W / 2,
            y + 13 * k,
            line,
            id=f"{id}-name{k}",
            size=11.5,
            bold=True,
            anchor="middle",
            opacity=opacity,
        )
        for k, line in enumerate(lines)
    ]


def card_face(
    code: int,
    cards: CardSet,
    x: float,
    y: float,
    *,
    id: str,
    target: str | None = None,
    selected: bool = False,
    marked: bool = False,
    used: bool = False,
    symbol_targets: bool = False,
    symbols_spent: bool = False,
) -> list[Shape]:
    """One card face at (x, y) (``CARD_W`` x ``CARD_H``).

    ``selected``: lifted by ``RAISE`` with a thick outline and a "selected" tag;
    ``marked``: a thick outline (a hint; the caller adds the tag); ``used``: greyed with a
    "USED" ribbon (the caller also moves it apart); ``symbol_targets``: the ability symbols
    are click targets ``symbol:<code>:<ability>``; ``symbols_spent``: they are crossed out.
    """
    if selected:
        y -= RAISE
    fade = 0.5 if used else 1.0
    if is_plant(code):
        plant = cards.card(code)
        shapes: list[Shape] = [
            _frame(
                x, y, id=id, target=target, face=PLANT_FACE, marked=marked or selected, opacity=fade
            ),
            *_band(x, y, PLANT_BAND, f"{card_label(code)} · {plant.kind}", id, fade),
            *biome_lines(plant.biomes, x + 6, y + 24, id, fade),
        ]
        top = y + 24 + 17 * len(plant.biomes) + 9
        shapes += _name_lines(plant.name, x, top, id, fade, 3)
        kind = plant.kind if plant.kind != "plant" else "plant"
        shapes += _faded(eco_icon(kind, x + 7, y + 96, 26, f"{id}-kind"), fade)
        shapes += _symbols(
            code,
            cards,
            x,
            y + 96,
            id,
            symbol_targets=symbol_targets,
            spent=symbols_spent,
            opacity=fade,
        )
        shapes += _cost(code, cards, x, y + CARD_H - 33, id, fade)
    elif is_animal(code):
        animal = cards.card(code)
        shapes = [
            _frame(
                x,
                y,
                id=id,
                target=target,
                face=ANIMAL_FACE,
                marked=marked or selected,
                opacity=fade,
            ),
            *_band(x, y, ANIMAL_BAND, f"{card_label(code)} · animal", id, fade),
        ]
        names = _name_lines(animal.name, x, y + 32, id, fade, 3)
        shapes += names
        latin_y = y + 32 + 13 * len(names) + 1
        shapes.append(
            _text(
                x + CARD_W / 2,
                latin_y,
                short_latin(animal.latin),
                id=f"{id}-latin-tiny",
                size=9.5,
                anchor="middle",
                fill=MUTED,
                opacity=fade,
            )
        )
        picture_y = max(y + 72, latin_y + 10)
        shapes += _faded(eco_icon("animal", x + 7, picture_y, 28, f"{id}-kind"), fade)
        shapes += _symbols(
            code,
            cards,
            x,
            picture_y,
            id,
            symbol_targets=symbol_targets,
            spent=symbols_spent,
            opacity=fade,
        )
        n = len(animal.biomes)
        shapes.append(
            Path(
                id=f"{id}-biome-rule",
                commands=(
                    ("M", x + 6, y + CARD_H - 8 - 17 * n),
                    ("L", x + CARD_W - 6, y + CARD_H - 8 - 17 * n),
                ),
                stroke=MUTED,
                stroke_width=1,
                opacity=fade,
            )
        )
        shapes += biome_lines(animal.biomes, x + 6, y + CARD_H - 4 - 17 * n, id, fade)
    elif is_element(code):
        element = ELEMENTS[ELEMENT_OF[code]]
        colour = ELEMENT_COLOURS[element]
        shapes = [
            _frame(
                x,
                y,
                id=id,
                target=target,
                face=tint(colour, 0.86),
                marked=marked or selected,
                opacity=fade,
            ),
            *_band(x, y, colour, "element", id, fade),
            *_faded(eco_icon(element, x + CARD_W / 2 - 30, y + 34, 60, f"{id}-symbol"), fade),
            _text(
                x + CARD_W / 2,
                y + 116,
                element,
                id=f"{id}-element",
                size=16,
                bold=True,
                anchor="middle",
                opacity=fade,
            ),
            _text(
                x + CARD_W / 2,
                y + 140,
                card_label(code),
                id=f"{id}-code-tiny",
                size=9,
                anchor="middle",
                fill=MUTED,
                opacity=fade,
            ),
        ]
    else:
        shapes = [
            _frame(
                x,
                y,
                id=id,
                target=target,
                face=DISASTER_FACE,
                marked=marked or selected,
                opacity=fade,
            ),
            *_band(x, y, DISASTER_BAND, "disaster", id, fade),
            *_faded(eco_icon("disaster", x + CARD_W / 2 - 28, y + 32, 56, f"{id}-symbol"), fade),
            _text(
                x + CARD_W / 2,
                y + 108,
                "Disaster",
                id=f"{id}-word",
                size=15,
                bold=True,
                anchor="middle",
                opacity=fade,
            ),
            _text(
                x + CARD_W / 2,
                y + 130,
                "3 on a line:",
                id=f"{id}-rule1-tiny",
                size=9,
                anchor="middle",
                fill=INK,
                opacity=fade,
            ),
            _text(
                x + CARD_W / 2,
                y + 142,
                "extinction tile",
                id=f"{id}-rule2-tiny",
                size=9,
                anchor="middle",
                fill=INK,
                opacity=fade,
            ),
        ]
    if used:
        shapes += [
            Rect(
                id=f"{id}-used",
                x=x - 2,
                y=y + CARD_H / 2 - 13,
                width=CARD_W + 4,
                height=26,
                fill=USED_RIBBON,
            ),
            _text(
                x + CARD_W / 2,
                y + CARD_H / 2,
                "USED",
                id=f"{id}-used-text",
                size=14,
                bold=True,
                anchor="middle",
                fill="#ffffff",
            ),
        ]
    if selected:
        shapes += tag(x + CARD_W / 2, y - 1, "selected", f"{id}-selected")
    return shapes


def tag(cx: float, cy: float, words: str, id: str, *, colour: str = HIGHLIGHT) -> list[Shape]:
    """A pill with a word in it, centred at (cx, cy): the second cue of a mark."""
    width = 0.64 * 11 * len(words) + 16
    return [
        Rect(
            id=f"{id}-pill",
            x=cx - width / 2,
            y=cy - 9,
            width=width,
            height=18,
            radius=9,
            fill="#ffffff",
            stroke=colour,
            stroke_width=2,
        ),
        _text(cx, cy, words, id=f"{id}-pill-text", size=11, bold=True, anchor="middle"),
    ]


def corner_mark(x: float, y: float, id: str) -> Shape:
    """A corner tick at the top right of a card (a mark that does not rely on colour)."""
    return corner_tick(x + CARD_W + 3, y - 3, 25, id)


def card_back(
    x: float,
    y: float,
    *,
    id: str,
    target: str | None = None,
    title: str = "",
    count: int | None = None,
    width: float = CARD_W,
    height: float = CARD_H,
) -> list[Shape]:
    """A face-down pile: its name and how many cards it holds (an empty pile is outlined)."""
    empty = count == 0
    shapes = card_back_frame(x, y, width, height, id=id, target=target, radius=7, empty=empty)
    ink = MUTED if empty else "#ffffff"
    lines = wrap(title, width - 16, 12, bold=True)
    for k, line in enumerate(lines):
        shapes.append(
            _text(
                x + width / 2,
                y + height / 2 - 22 - 15 * (len(lines) - 1 - k),
                line,
                id=f"{id}-title{k}",
                size=12,
                bold=True,
                anchor="middle",
                fill=ink,
            )
        )
    if count is not None:
        shapes.append(
            _text(
                x + width / 2,
                y + height / 2 + 4,
                str(count),
                id=f"{id}-count",
                size=22,
                bold=True,
                anchor="middle",
                fill=ink,
            )
        )
        shapes.append(
            _text(
                x + width / 2,
                y + height / 2 + 26,
                "empty" if empty else ("card" if count == 1 else "cards"),
                id=f"{id}-unit",
                size=12,
                anchor="middle",
                fill=ink,
            )
        )
    return shapes


def empty_slot(x: float, y: float, *, id: str, target: str | None = None) -> list[Shape]:
    return empty_place(
        x, y, CARD_W, CARD_H, id=id, target=target, radius=7, caption="empty", size=12
    )


def element_deck(
    element: int, count: int, x: float, y: float, *, id: str, width: float = 86
) -> list[Shape]:
    """One element deck: its symbol, its name and how many cards are left."""
    name = ELEMENTS[element]
    colour = ELEMENT_COLOURS[name]
    return [
        Rect(
            id=f"{id}-deck",
            target=f"element:{element}",
            x=x,
            y=y,
            width=width,
            height=86,
            radius=7,
            fill=tint(colour, 0.82) if count else PAPER,
            stroke=INK if count else MUTED,
            stroke_width=1.2,
        ),
        *_faded(eco_icon(name, x + width / 2 - 15, y + 6, 30, f"{id}-symbol"), 1 if count else 0.4),
        _text(x + width / 2, y + 48, name, id=f"{id}-name", size=13, bold=True, anchor="middle"),
        _text(
            x + width / 2,
            y + 68,
            f"{count} left" if count else "empty",
            id=f"{id}-count",
            size=13,
            anchor="middle",
            fill=INK if count else MUTED,
        ),
    ]


def disaster_deck(count: int, x: float, y: float, *, id: str, width: float = 86) -> list[Shape]:
    return [
        Rect(
            id=f"{id}-deck",
            target="disasters",
            x=x,
            y=y,
            width=width,
            height=86,
            radius=7,
            fill=DISASTER_FACE if count else PAPER,
            stroke=INK,
            stroke_width=1.2,
        ),
        *eco_icon("disaster", x + width / 2 - 15, y + 6, 30, f"{id}-symbol"),
        _text(
            x + width / 2, y + 48, "disasters", id=f"{id}-name", size=13, bold=True, anchor="middle"
        ),
        _text(x + width / 2, y + 68, f"{count} left", id=f"{id}-count", size=13, anchor="middle"),
    ]


def ability_tile(
    ability: int,
    face_up: bool,
    x: float,
    y: float,
    *,
    id: str,
    target: str | None = None,
    width: float = 124,
    height: float = 30,
) -> list[Shape]:
    """An ability tile: face up (its symbol and name) or face down (dark, "used")."""
    name = ABILITIES[ability]
    colour = ABILITY_COLOURS[name]
    if face_up:
        return [
            Rect(
                id=f"{id}-tile",
                target=target,
                x=x,
                y=y,
                width=width,
                height=height,
                radius=6,
                fill=tint(colour, 0.8),
                stroke=INK,
                stroke_width=1.5,
            ),
            *eco_icon(name, x + 5, y + (height - 22) / 2, 22, f"{id}-symbol"),
            _text(x + 32, y + height / 2, ABILITY_NAMES[name], id=f"{id}-name", size=13, bold=True),
        ]
    return [
        Rect(
            id=f"{id}-tile",
            target=target,
            x=x,
            y=y,
            width=width,
            height=height,
            radius=6,
            fill="#4a4a4a",
            stroke=INK,
            stroke_width=1.5,
        ),
        _text(
            x + width / 2,
            y + height / 2,
            f"{ABILITY_NAMES[name]}: used",
            id=f"{id}-name",
            size=11.5,
            bold=True,
            anchor="middle",
            fill="#ffffff",
        ),
    ]


# ---------------------------------------------------------------------------- star and puzzle


def biome_star(placed: Sequence[int], cx: float, cy: float, *, id: str = "star") -> list[Shape]:
    """The seven biome tiles as the points of a star around the count of tiles placed.

    A placed tile is filled with its colour, its symbol at full strength and its name in
    bold; a missing one is an outline with a faint symbol and its name in grey, so the
    star reads without colour. Each tile is a click target ``biome:<b>``.
    """
    shapes: list[Shape] = []
    n = len(BIOMES)
    r_in, r_mid, r_tip = 22.0, 58.0, 88.0
    half = math.pi / n
    got = set(placed)
    for b, biome in enumerate(BIOMES):
        a = -math.pi / 2 + 2 * math.pi * b / n
        pts = (
            (cx + r_in * math.cos(a), cy + r_in * math.sin(a)),
            (cx + r_mid * math.cos(a - half), cy + r_mid * math.sin(a - half)),
            (cx + r_tip * math.cos(a), cy + r_tip * math.sin(a)),
            (cx + r_mid * math.cos(a + half), cy + r_mid * math.sin(a + half)),
        )
        on = b in got
        shapes.append(
            Polygon(
                id=f"{id}-tile{b}",
                target=f"biome:{b}",
                points=pts,
                fill=BIOME_COLOURS[biome] if on else PAPER,
                stroke=INK if on else MUTED,
                stroke_width=2 if on else 1.2,
            )
        )
        size = 24
        ix = cx + 54 * math.cos(a) - size / 2
        iy = cy + 54 * math.sin(a) - size / 2
        if on:  # a white disc keeps the symbol readable on a dark tile
            shapes.append(
                Circle(
                    id=f"{id}-disc{b}",
                    cx=ix + size / 2,
                    cy=iy + size / 2,
                    r=size / 2 + 3,
                    fill="#ffffff",
                    stroke=INK,
                    stroke_width=1,
                )
            )
        shapes.extend(_faded(eco_icon(biome, ix, iy, size, f"{id}-icon{b}"), 1 if on else 0.35))
        words = BIOME_NAMES[biome].split(" ")
        lx = cx + (r_tip + 14) * math.cos(a)
        ly = cy + (r_tip + 12) * math.sin(a)
        anchor = "middle"
        if math.cos(a) > 0.35:
            anchor, lx = "start", lx - 6
        elif math.cos(a) < -0.35:
            anchor, lx = "end", lx + 6
        for k, word in enumerate(words):
            shapes.append(
                _text(
                    lx,
                    ly + 13 * (k - (len(words) - 1) / 2),
                    word,
                    id=f"{id}-name{b}-{k}",
                    size=12,
                    bold=on,
                    anchor=anchor,
                    fill=INK if on else MUTED,
                )
            )
    shapes.append(
        Circle(id=f"{id}-hub", cx=cx, cy=cy, r=r_in, fill="#ffffff", stroke=INK, stroke_width=1.5)
    )
    shapes.append(
        _text(cx, cy, f"{len(got)}/{n}", id=f"{id}-count", size=14, bold=True, anchor="middle")
    )
    return shapes


def extinction_puzzle(placed: int, cx: float, cy: float, *, id: str = "extinction") -> list[Shape]:
    """Seven wedges of a round puzzle: placed ones dark with a cross, the rest outlined."""
    shapes: list[Shape] = []
    n, r = 7, 38.0
    for k in range(n):
        a0 = -math.pi / 2 + 2 * math.pi * k / n
        a1 = a0 + 2 * math.pi / n
        arc = [
            (cx + r * math.cos(a0 + (a1 - a0) * t / 6), cy + r * math.sin(a0 + (a1 - a0) * t / 6))
            for t in range(7)
        ]
        on = k < placed
        shapes.append(
            Polygon(
                id=f"{id}-piece{k}",
                target="extinction",
                points=((cx, cy), *arc),
                fill="#5a1a1a" if on else PAPER,
                stroke=INK if on else MUTED,
                stroke_width=1.5,
            )
        )
        if on:
            am = (a0 + a1) / 2
            mx, my = cx + r * 0.62 * math.cos(am), cy + r * 0.62 * math.sin(am)
            d = 5.0
            shapes.append(
                Path(
                    id=f"{id}-cross{k}",
                    commands=(
                        ("M", mx - d, my - d),
                        ("L", mx + d, my + d),
                        ("M", mx - d, my + d),
                        ("L", mx + d, my - d),
                    ),
                    stroke="#ffffff",
                    stroke_width=2,
                )
            )
    return shapes
