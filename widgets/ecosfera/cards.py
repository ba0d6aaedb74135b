"""Ecosfera pieces as scene shapes: card faces, piles, decks and ability tiles.

Every element, biome and ability has a drawn symbol *and* a text label (colour is never the
only cue). The symbols are data (``widgets.ecosfera.symbols``: ``eco_icon(name, x, y,
size)`` draws any of them); the biome star and the extinction puzzle are in
``widgets.ecosfera.tiles``. Both are re-exported here, where the table and the lessons
import them from.

A card face, top to bottom:

- plant & fungi: a band with its kind ("tree"), its biomes (symbol + name), its name, a
  picture of its kind with its ability symbols (and the mushroom symbol of some trees), each
  named under it, and its element cost at the bottom: one symbol per element card, each
  element named once under its symbols ("water" under two drops);
- animal: band, name, scientific name, a paw with its ability symbols, its biomes at the
  bottom (as printed);
- element: the element's symbol and name; disaster: a lightning bolt, the word and the rule.

No text on a card, tile or pile is smaller than ``MIN_TEXT`` (12 px), and every word is
measured (``widgets.card_face.text_width``) so that it stays on its card: long names wrap,
a scientific name is shortened ("L. africana") or left out when the card has no room, the
picture of a card's kind gives way to its symbols. A card's code ("P17") is bookkeeping: it
is only in the shapes' ids, never in their words. Words come from the catalog
(``pictures.eco_*`` for what only a card says; ``ecosfera.*`` for elements, biomes and
abilities).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamecore.ecosfera.data import (
    ABILITIES,
    ELEMENT_OF,
    ELEMENTS,
    CardSet,
    Plant,
    card_label,
    is_animal,
    is_disaster,
    is_element,
    is_plant,
    scientific_name,
    species_name,
)
from gamecore.words import t

from ..card_face import (
    MIN_TEXT,
    card_back_frame,
    corner_tick,
    empty_place,
    face_band,
    face_frame,
    fit_lines,
    text_width,
)
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
from ..scene import Path, Rect, Shape, Text
from .symbols import DRAWINGS, SYMBOLS, eco_icon, faded
from .tiles import BIOME_COLOURS, biome_star, extinction_puzzle

# Drawn here once, now in modules of their own; the table, the lessons and the tests import
# them from this module as before.
__all__ = [
    "BIOME_COLOURS",
    "DRAWINGS",
    "ELEMENT_COLOURS",
    "MIN_TEXT",
    "SYMBOLS",
    "biome_star",
    "eco_icon",
    "extinction_puzzle",
]

CARD_W = 108
CARD_H = 164
RAISE = 10
"""How far a selected card is lifted."""
PAD = 4
"""Margin between a card's edge and its words."""
TEXT_W = CARD_W - 2 * PAD
"""The widest a line of words on a card may be."""
NAME_W = CARD_W - 6
"""A card's name, centred, may come 1 px nearer each edge ("Norway spruce" on one line)."""
LINE = 14
"""Distance between two lines of 12 px words."""
BAND_H = 20
BIOME_STEP = 16
"""Height of one biome line (a 14 px symbol and its name)."""
SYMBOL = 20
"""Size of an ability symbol on a card (its name under it)."""
SYMBOL_ROW = 36
"""Height of the row of symbols with their names."""

PLANT_BAND = "#2f6f4f"
PLANT_FACE = "#eef6ef"
ANIMAL_BAND = "#7a4a1f"
ANIMAL_FACE = "#f8f0e5"
DISASTER_BAND = "#5a1a1a"
DISASTER_FACE = "#f6e3e1"
USED_RIBBON = "#3a3a3a"

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
        return t(f"ecosfera.element_{ELEMENTS[ELEMENT_OF[code]]}")
    if is_disaster(code):
        return t("pictures.eco_kind_disaster")
    if cards.exists(code) and (is_plant(code) or is_animal(code)):
        return cards.name(code)
    return card_label(code)


def _text(
    x: float, y: float, text: str, *, id: str, size: float = 12, fill: str = INK, **kw: object
) -> Text:
    return Text(id=id, x=x, y=y, text=text, size=size, fill=fill, **kw)  # type: ignore[arg-type]


def _clip(line: str, width: float, *, bold: bool) -> str:
    """``line`` cut with an ellipsis where it would run past ``width``."""
    if text_width(line, MIN_TEXT, bold=bold) <= width:
        return line
    while line and text_width(line + "…", MIN_TEXT, bold=bold) > width:
        line = line[:-1]
    return line.rstrip() + "…"


def _lines(text: str, limit: int, *, bold: bool) -> list[str]:
    """``text`` in at most ``limit`` lines of the card's width (the last one clipped)."""
    lines = fit_lines(text, NAME_W, MIN_TEXT, bold=bold)
    if len(lines) > limit:
        lines = [*lines[: limit - 1], " ".join(lines[limit - 1 :])]
    return [_clip(line, NAME_W, bold=bold) for line in lines[: max(limit, 0)]]


def _centred(
    lines: Sequence[str],
    x: float,
    y: float,
    id: str,
    opacity: float,
    *,
    bold: bool = False,
    fill: str = INK,
) -> list[Shape]:
    """Lines of 12 px words centred on the card at (x, y), the first line's middle at y."""
    return [
        _text(
            x + CARD_W / 2,
            y + LINE * k,
            line,
            id=f"{id}{k}",
            anchor="middle",
            opacity=opacity,
            bold=bold,
            fill=fill,
        )
        for k, line in enumerate(lines)
    ]


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


def _band(x: float, y: float, colour: str, kind: str, id: str, opacity: float) -> list[Shape]:
    """The band across the top: the card's kind in words ("tree", "animal", "element")."""
    return [
        face_band(x, y, CARD_W, BAND_H, id=id, radius=5, colour=colour, opacity=opacity),
        _text(
            x + 7,
            y + 3.5 + BAND_H / 2,  # a little low: a "selected" tag hangs over the top
            t(f"pictures.eco_kind_{kind}"),
            id=f"{id}-kind-word",
            bold=True,
            fill=text_on(colour),
            opacity=opacity,
        ),
    ]


def biome_lines(
    biomes: Sequence[str], x: float, y: float, id: str, opacity: float = 1.0
) -> list[Shape]:
    """A card's biomes, one per line from (x, y): symbol and name (``BIOME_STEP`` a line)."""
    shapes: list[Shape] = []
    for k, biome in enumerate(biomes):
        top = y + BIOME_STEP * k
        shapes.extend(faded(eco_icon(biome, x, top, 14, f"{id}-biome{k}"), opacity))
        words = t(f"pictures.eco_card_biome_{biome}")
        shapes.append(_text(x + 18, top + 7, words, id=f"{id}-biome{k}-name", opacity=opacity))
    return shapes


def _symbols(
    code: int,
    cards: CardSet,
    kind: str,
    x: float,
    y: float,
    id: str,
    *,
    symbol_targets: bool,
    spent: bool,
    opacity: float,
    visible: float = CARD_W,
) -> list[Shape]:
    """The row of a card's symbols at height y: its ability symbols (and the mushroom
    symbol) from the right, each with its name under it, and the picture of its ``kind`` at
    the left where they leave room (the band already says the kind in words).

    ``visible``: how much of the card, from its left edge, the next card of a fanned line
    leaves in view; the symbols stay in that strip (there they can be seen and clicked),
    without their names when the names do not fit."""
    items = [ABILITIES[a] for a in cards.abilities[code]]
    if getattr(cards.card(code), "mushroom_symbol", False):
        items.append("mushroom")
    width = min(float(CARD_W), visible)
    labels = [t(f"pictures.eco_card_symbol_{name}") for name in items]
    slots = [max(SYMBOL, text_width(label, MIN_TEXT)) for label in labels]
    if sum(slots) + 2 * (len(items) - 1) > width - 2 * PAD:  # a narrow strip: no names
        labels = ["" for _ in items]
        slots = [float(SYMBOL) for _ in items]
    # The picture (26 px at x + 7) and 4 px of air need the room the symbols, 6 px apart
    # and 6 px from the right edge, leave; else the symbols spread over the whole width.
    row = sum(slots) + 6 * max(0, len(items) - 1)
    picture = width - PAD - 2 - row >= 7 + 26 + 4
    free = width - 2 * PAD - sum(slots)
    gap = 6 if picture or len(items) < 2 else min(8.0, free / (len(items) - 1))
    shapes: list[Shape] = []
    right = x + width - (PAD + 2 if picture else PAD)
    for name, label, slot in reversed(list(zip(items, labels, slots))):
        cx = right - slot / 2
        sx = cx - SYMBOL / 2
        right -= slot + gap
        shapes += faded(eco_icon(name, sx, y, SYMBOL, f"{id}-sym-{name}"), opacity)
        if label:
            shapes.append(
                _text(
                    cx,
                    y + SYMBOL + 8,
                    label,
                    id=f"{id}-sym-{name}-name",
                    anchor="middle",
                    opacity=opacity,
                )
            )
        if name != "mushroom" and spent:
            shapes.append(
                Path(
                    id=f"{id}-sym-{name}-spent",
                    commands=(("M", sx - 2, y + SYMBOL + 2), ("L", sx + SYMBOL + 2, y - 2)),
                    stroke=INK,
                    stroke_width=2.5,
                )
            )
        if name != "mushroom" and symbol_targets:
            shapes.append(
                Rect(
                    id=f"{id}-sym-{name}-hit",
                    target=f"symbol:{code}:{ABILITIES.index(name)}",
                    x=cx - slot / 2 - 2,
                    y=y - 3,
                    width=slot + 4,
                    height=SYMBOL_ROW,
                )
            )
    if picture:  # the picture of the kind, where the symbols leave room
        shapes[:0] = faded(eco_icon(kind, x + 7, y - 2, 26, f"{id}-kind"), opacity)
    return shapes


COST_ICON = 16
COST_GAP = 5


def _cost(code: int, cards: CardSet, x: float, y: float, id: str, opacity: float) -> list[Shape]:
    """The element cost under a rule at height y: one symbol per element card needed, and
    under the symbols of each element its name, once ("water" under two drops). Should the
    names of a cost not fit the card's width, the symbols stand alone: the element decks and
    the element cards name them."""
    groups = [(ELEMENTS[e], n) for e, n in enumerate(cards.cost[code]) if n]
    names = [t(f"ecosfera.element_{name}") for name, _ in groups]
    icons: list[float] = [n * (COST_ICON + 2) - 2 for _, n in groups]
    slots = [max(i, text_width(w, MIN_TEXT)) for i, w in zip(icons, names)]
    if sum(slots) + COST_GAP * (len(slots) - 1) > TEXT_W:
        slots, names = icons, []
    shapes: list[Shape] = [
        Path(
            id=f"{id}-cost-rule",
            commands=(("M", x + 6, y), ("L", x + CARD_W - 6, y)),
            stroke=MUTED,
            stroke_width=1,
            opacity=opacity,
        )
    ]
    left = x + (CARD_W - sum(slots) - COST_GAP * (len(slots) - 1)) / 2
    k = 0
    for g, ((element, n), slot) in enumerate(zip(groups, slots)):
        cx = left + slot / 2
        first = cx - icons[g] / 2
        for j in range(n):
            ix = first + j * (COST_ICON + 2)
            shapes += faded(eco_icon(element, ix, y + 4, COST_ICON, f"{id}-cost{k}"), opacity)
            k += 1
        if names:
            shapes.append(
                _text(
                    cx,
                    y + 29,
                    names[g],
                    id=f"{id}-cost-{element}",
                    anchor="middle",
                    opacity=opacity,
                )
            )
        left += slot + COST_GAP
    return shapes


def _latin(latin: str, top: float, bottom: float) -> list[str]:
    """The scientific name's lines for the room from ``top`` (the first line's middle) to
    ``bottom``: in full, else with the genus shortened, else on two lines; none if the
    card has no room (the lessons' facts give it)."""
    room = int((bottom - top - MIN_TEXT / 2) // LINE) + 1
    genus, _, rest = latin.partition(" ")
    shortened = [f"{genus[0]}. {rest}"] if rest else []
    for lines in ([latin], shortened, fit_lines(latin, TEXT_W, MIN_TEXT)):
        if len(lines) <= room and all(text_width(s, MIN_TEXT) <= TEXT_W for s in lines):
            return lines
    return []


def _plant(
    code: int, cards: CardSet, x: float, y: float, id: str, fade: float, symbols: dict[str, Any]
) -> list[Shape]:
    plant = cards.card(code)
    assert isinstance(plant, Plant)
    n = len(plant.biomes)
    row = y + CARD_H - 38 - SYMBOL_ROW  # the symbols' row, above the cost
    shapes = [*_band(x, y, PLANT_BAND, plant.kind, id, fade)]
    shapes += biome_lines(plant.biomes, x + 6, y + BAND_H + 6, id, fade)
    top = y + BAND_H + 6 + BIOME_STEP * n + 8
    room = int((row - 4 - top - MIN_TEXT / 2) // LINE) + 1
    names = _lines(species_name(plant), room, bold=True)
    shapes += _centred(names, x, top, f"{id}-name", fade, bold=True)
    # the scientific name too, where the card has room for it (as on an animal card)
    latin = _latin(scientific_name(plant), top + LINE * len(names) + 1, row - 3)
    shapes += _centred(latin, x, top + LINE * len(names) + 1, f"{id}-latin", fade, fill=MUTED)
    shapes += _symbols(code, cards, plant.kind, x, row, id, opacity=fade, **symbols)
    shapes += _cost(code, cards, x, y + CARD_H - 38, id, fade)
    return shapes


def _animal(
    code: int, cards: CardSet, x: float, y: float, id: str, fade: float, symbols: dict[str, Any]
) -> list[Shape]:
    animal = cards.card(code)
    n = len(animal.biomes)
    biomes_top = y + CARD_H - 5 - BIOME_STEP * n
    rule = biomes_top - 3
    row = rule - SYMBOL_ROW
    shapes = [*_band(x, y, ANIMAL_BAND, "animal", id, fade)]
    top = y + BAND_H + 13
    room = int((row - 4 - top - MIN_TEXT / 2) // LINE) + 1
    names = _lines(species_name(animal), min(room, 3), bold=True)
    shapes += _centred(names, x, top, f"{id}-name", fade, bold=True)
    latin = _latin(scientific_name(animal), top + LINE * len(names) + 1, row - 3)
    shapes += _centred(latin, x, top + LINE * len(names) + 1, f"{id}-latin", fade, fill=MUTED)
    shapes += _symbols(code, cards, "animal", x, row, id, opacity=fade, **symbols)
    shapes.append(
        Path(
            id=f"{id}-biome-rule",
            commands=(("M", x + 6, rule), ("L", x + CARD_W - 6, rule)),
            stroke=MUTED,
            stroke_width=1,
            opacity=fade,
        )
    )
    shapes += biome_lines(animal.biomes, x + 6, biomes_top, id, fade)
    return shapes


def _element(code: int, x: float, y: float, id: str, fade: float) -> list[Shape]:
    element = ELEMENTS[ELEMENT_OF[code]]
    return [
        *_band(x, y, ELEMENT_COLOURS[element], "element", id, fade),
        *faded(eco_icon(element, x + CARD_W / 2 - 30, y + 36, 60, f"{id}-symbol"), fade),
        _text(
            x + CARD_W / 2,
            y + 120,
            t(f"ecosfera.element_{element}"),
            id=f"{id}-element",
            size=16,
            bold=True,
            anchor="middle",
            opacity=fade,
        ),
    ]


def _disaster(x: float, y: float, id: str, fade: float) -> list[Shape]:
    rule = _lines(t("pictures.eco_disaster_rule"), 2, bold=False)
    return [
        *_band(x, y, DISASTER_BAND, "disaster", id, fade),
        *faded(eco_icon("disaster", x + CARD_W / 2 - 26, y + 30, 52, f"{id}-symbol"), fade),
        _text(
            x + CARD_W / 2,
            y + 100,
            t("pictures.eco_disaster_title"),
            id=f"{id}-word",
            size=15,
            bold=True,
            anchor="middle",
            opacity=fade,
        ),
        *_centred(rule, x, y + 124, f"{id}-rule", fade),
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
    visible: float = CARD_W,
) -> list[Shape]:
    """One card face at (x, y) (``CARD_W`` x ``CARD_H``).

    ``selected``: lifted by ``RAISE`` with a thick outline and a "selected" tag;
    ``marked``: a thick outline (a hint; the caller adds the tag); ``used``: greyed with a
    "USED" ribbon (the caller also moves it apart); ``symbol_targets``: the ability symbols
    are click targets ``symbol:<code>:<ability>``; ``symbols_spent``: they are crossed out;
    ``visible``: the width of the card left in view by the next card of a fanned line (its
    symbols stay in it).
    """
    if selected:
        y -= RAISE
    fade = 0.5 if used else 1.0
    symbols: dict[str, Any] = {
        "symbol_targets": symbol_targets,
        "spent": symbols_spent,
        "visible": visible,
    }
    if is_plant(code):
        face, body = PLANT_FACE, _plant(code, cards, x, y, id, fade, symbols)
    elif is_animal(code):
        face, body = ANIMAL_FACE, _animal(code, cards, x, y, id, fade, symbols)
    elif is_element(code):
        face = tint(ELEMENT_COLOURS[ELEMENTS[ELEMENT_OF[code]]], 0.86)
        body = _element(code, x, y, id, fade)
    else:
        face, body = DISASTER_FACE, _disaster(x, y, id, fade)
    frame = _frame(x, y, id=id, target=target, face=face, marked=marked or selected, opacity=fade)
    shapes = [frame, *body]
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
                t("pictures.eco_used"),
                id=f"{id}-used-text",
                size=14,
                bold=True,
                anchor="middle",
                fill="#ffffff",
            ),
        ]
    if selected:
        shapes += tag(x + CARD_W / 2, y - 2, t("pictures.eco_selected"), f"{id}-selected")
    return shapes


def tag(cx: float, cy: float, words: str, id: str, *, colour: str = HIGHLIGHT) -> list[Shape]:
    """A pill with a word in it, centred at (cx, cy): the second cue of a mark."""
    width = text_width(words, MIN_TEXT, bold=True) + 16
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
        _text(cx, cy, words, id=f"{id}-pill-text", bold=True, anchor="middle"),
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
    lines = fit_lines(title, width - 16, MIN_TEXT, bold=True)
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
                t("pictures.eco_pile_empty") if empty else t("pictures.eco_pile_cards", n=count),
                id=f"{id}-unit",
                size=12,
                anchor="middle",
                fill=ink,
            )
        )
    return shapes


def empty_slot(x: float, y: float, *, id: str, target: str | None = None) -> list[Shape]:
    caption = t("pictures.eco_pile_empty")
    return empty_place(
        x, y, CARD_W, CARD_H, id=id, target=target, radius=7, caption=caption, size=MIN_TEXT
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
        *faded(eco_icon(name, x + width / 2 - 15, y + 6, 30, f"{id}-symbol"), 1 if count else 0.4),
        *_deck_words(x + width / 2, y, t(f"ecosfera.element_{name}"), count, id),
    ]


def _deck_words(cx: float, y: float, name: str, count: int, id: str) -> list[Shape]:
    """A supply deck's name and how many cards it has left, centred under its symbol."""
    left = t("pictures.eco_deck_left", n=count) if count else t("pictures.eco_deck_empty")
    ink = INK if count else MUTED
    return [
        _text(cx, y + 48, name, id=f"{id}-name", size=13, bold=True, anchor="middle"),
        _text(cx, y + 68, left, id=f"{id}-count", size=13, anchor="middle", fill=ink),
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
        *_deck_words(x + width / 2, y, t("pictures.eco_disasters"), count, id),
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
    words = t(f"ecosfera.ability_{name}")
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
            _text(x + 32, y + height / 2, words, id=f"{id}-name", size=13, bold=True),
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
            t("pictures.eco_tile_used", ability=words),
            id=f"{id}-name",
            size=MIN_TEXT,
            bold=True,
            anchor="middle",
            fill="#ffffff",
        ),
    ]
