"""Nuevo Mundo's discovery cards in pictures and words: a card's face and back, a hand, the
gallery of all 40 cards, and the history lesson's tables and facts.

A face shows, top to bottom: the points in a band of the category's colour (at its left,
so they show in an overlapping hand), the category's
drawn symbol, the card's name, and the category's name, so no card depends on colour alone.
A card seen from behind (another player's hand) shows what the real cards show from behind,
their category (colour, symbol and name), and hides the points.

The symbols are data, shapes in a unit box like ``widgets.icons.ICONS``, placed by
``widgets.icons.place``; the animals' symbol is the shared paw, so an animal looks the same
in every game. Every word comes from the catalog namespace ``nuevo_mundo_cards`` (the names
and facts of the cards, the categories, the lesson's tables); the cards themselves are
``gamecore.nuevo_mundo.data.CARDS``, so a teacher who types the real deck into ``cards.csv``
sees it here unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Final

from gamecore.nuevo_mundo.data import CARDS, CATEGORIES, Card
from gamecore.nuevos_mundos.earth import Table
from gamecore.words import join_words, t

from ..card_face import (
    MIN_TEXT,
    card_back_frame,
    corner_tick,
    face_band,
    face_frame,
    fit_lines,
    fit_size,
)
from ..icons import ICONS, place
from ..notes import Notes
from ..palette import INK, MUTED, PAPER, text_on, tint
from ..scene import Circle, Path, PathCommand, Point, Polygon, Rect, Scene, Shape, Text
from ..svg import Bundle, Picture, picture_bundle, sentence

NS = "nuevo_mundo_cards"

CARD_W: Final = 112
CARD_H: Final = 160
BAND_H: Final = 28
ICON: Final = 48
GAP: Final = 8
"""Space between two cards side by side."""
RAISE: Final = 8
"""How far a selected card rises out of its hand (a second cue besides the outline)."""

CATEGORY_COLOURS: Final = {
    "seeds_roots": "#999933",
    "nuts_leaves": "#117733",
    "riches": "#ddcc77",
    "fruits": "#cc6677",
    "cultures": "#332288",
    "animals": "#88ccee",
}
"""The six categories' colours, from Paul Tol's colour-blind-safe muted scheme (as
``widgets.palette``): the rulebook tells the categories apart by colour, we add a symbol and
the name."""

GOLD = "#e6b422"
EMERALD = "#009e73"
SOIL = "#8c510a"
LEAF = "#3d8c40"
STONE = "#cbb994"
WHITE = "#ffffff"


# ---------------------------------------------------------------------------- symbols


def _path(
    part: str, commands: Sequence[PathCommand], fill: str | None, line: float, colour: str = INK
) -> Path:
    """A path in the unit box: filled and outlined in ink, or (``fill`` None) a stroke."""
    return Path(id=part, commands=tuple(commands), fill=fill, stroke=colour, stroke_width=line)


def _poly(part: str, points: Iterable[Point], fill: str, line: float = 0.04) -> Polygon:
    return Polygon(id=part, points=tuple(points), fill=fill, stroke=INK, stroke_width=line)


def _box(part: str, x: float, y: float, w: float, h: float, fill: str, line: float = 0.03) -> Rect:
    return Rect(id=part, x=x, y=y, width=w, height=h, fill=fill, stroke=INK, stroke_width=line)


def _leaf(part: str, base: Point, tip: Point, bulge: float) -> Path:
    """A leaf from ``base`` to ``tip``, its two edges curving ``bulge`` to either side."""
    (bx, by), (tx, ty) = base, tip
    mx, my = (bx + tx) / 2, (by + ty) / 2
    length = math.hypot(tx - bx, ty - by)
    nx, ny = -(ty - by) / length * bulge, (tx - bx) / length * bulge
    return _path(
        part,
        (("M", bx, by), ("Q", mx + nx, my + ny, tx, ty), ("Q", mx - nx, my - ny, bx, by), ("Z",)),
        LEAF,
        0.03,
    )


SYMBOLS: Final[dict[str, tuple[Shape, ...]]] = {
    # a seed sprouting: roots below, two leaves above
    "seeds_roots": (
        _path("roots", (("M", 0.5, 0.80), ("L", 0.36, 0.97), ("M", 0.5, 0.80), ("L", 0.5, 0.99),
                        ("M", 0.5, 0.80), ("L", 0.64, 0.97)), None, 0.05, SOIL),
        _path("stem", (("M", 0.5, 0.46), ("L", 0.5, 0.22)), None, 0.06, LEAF),
        _leaf("leaf1", (0.5, 0.26), (0.10, 0.06), 0.10),
        _leaf("leaf2", (0.5, 0.26), (0.90, 0.06), 0.10),
        _path("seed", (("M", 0.26, 0.64), ("Q", 0.26, 0.42, 0.5, 0.42),
                       ("Q", 0.74, 0.42, 0.74, 0.64), ("Q", 0.74, 0.84, 0.5, 0.84),
                       ("Q", 0.26, 0.84, 0.26, 0.64), ("Z",)), "#c68a4e", 0.04),
    ),
    # a leaf and a nut in its cap
    "nuts_leaves": (
        _leaf("leaf", (0.40, 0.62), (0.96, 0.04), 0.20),
        _path("rib", (("M", 0.40, 0.62), ("L", 0.82, 0.20)), None, 0.04, WHITE),
        Circle(id="nut", cx=0.34, cy=0.70, r=0.25, fill=SOIL, stroke=INK, stroke_width=0.04),
        _path("cap", (("M", 0.08, 0.64), ("Q", 0.34, 0.30, 0.60, 0.64), ("Z",)), "#5a3a1a", 0.03),
        Circle(id="shine", cx=0.26, cy=0.78, r=0.05, fill="#e3c79a"),
    ),
    # a gold bar and an emerald
    "riches": (
        _poly("bar", ((0.04, 0.94), (0.96, 0.94), (0.80, 0.62), (0.20, 0.62)), GOLD),
        _path("shine", (("M", 0.26, 0.70), ("L", 0.50, 0.70)), None, 0.04, WHITE),
        _poly("gem", ((0.5, 0.04), (0.78, 0.24), (0.5, 0.56), (0.22, 0.24)), EMERALD),
        _path("facets", (("M", 0.22, 0.24), ("L", 0.78, 0.24), ("M", 0.5, 0.04), ("L", 0.5, 0.56)),
              None, 0.03, WHITE),
    ),
    # a round fruit with its stalk and leaves
    "fruits": (
        Circle(id="fruit", cx=0.5, cy=0.60, r=0.37, fill="#d55e00", stroke=INK, stroke_width=0.04),
        Circle(id="shine", cx=0.35, cy=0.50, r=0.07, fill=WHITE),
        _path("stalk", (("M", 0.5, 0.26), ("L", 0.54, 0.04)), None, 0.06, SOIL),
        _leaf("leaf1", (0.5, 0.24), (0.14, 0.14), 0.08),
        _leaf("leaf2", (0.5, 0.24), (0.86, 0.14), 0.08),
    ),
    # a stepped pyramid with its temple and stairs
    "cultures": (
        _box("base", 0.04, 0.78, 0.92, 0.18, STONE),
        _box("middle", 0.16, 0.60, 0.68, 0.18, STONE),
        _box("top", 0.28, 0.42, 0.44, 0.18, STONE),
        _box("temple", 0.35, 0.16, 0.30, 0.26, "#a0522d"),
        _box("door", 0.45, 0.28, 0.10, 0.14, INK, 0),
        _box("stairs", 0.43, 0.42, 0.14, 0.54, "#efe6d2", 0.02),
    ),
    # the shared animals' paw (the same drawing as in Nuevos Mundos)
    "animals": ICONS["animals"],
}  # fmt: skip
"""Each category's drawing: shapes in the unit box, bottom first."""


def category_symbol(category: str, x: float, y: float, size: float, id: str) -> list[Shape]:
    """The category's drawn symbol in the square at (x, y) with sides ``size``."""
    return place(SYMBOLS[category], x, y, size, id)


# ---------------------------------------------------------------------------- words


def card_name(card: Card, lang: str | None = None) -> str:
    """The card's name in ``lang`` ("Potato", "Papa")."""
    return t(f"{NS}.{card.name}", lang=lang)


def category_name(category: str, lang: str | None = None) -> str:
    """The category's name in ``lang`` ("Seeds and roots")."""
    return t(f"{NS}.category_{category}", lang=lang)


def points_words(points: int, lang: str | None = None) -> str:
    return t("nuevo_mundo_cards.points", n=points, lang=lang)


def describe(card: Card, lang: str | None = None) -> str:
    """The card in words: "Potato: Seeds and roots, 3 points"."""
    return t(
        "nuevo_mundo_cards.card_title",
        name=card_name(card, lang),
        lang=lang,
        category=category_name(card.category, lang),
        points=points_words(card.points, lang),
    )


class Described(Picture):
    """A picture whose words (a terminal's, a screen reader's, a notebook opened before it
    is run) say every card it shows, not only its title."""

    def __init__(self, scene: Scene, words: Sequence[str]) -> None:
        super().__init__(scene)
        self.words = [sentence(w) for w in words]

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> Bundle:
        return picture_bundle(self.scene, str(self))

    def __str__(self) -> str:
        return "\n".join(self.words)


def _listed(cards: Sequence[Card], lang: str | None) -> str:
    """ "Maize (4 points), Potato (3 points) and Beans (2 points)"."""
    return join_words(
        [
            t(
                "nuevo_mundo_cards.card_in_list",
                name=card_name(c, lang),
                lang=lang,
                points=points_words(c.points, lang),
            )
            for c in cards
        ],
        lang=lang,
    )


# ---------------------------------------------------------------------------- one card


def _centred_lines(
    lines: Sequence[str],
    cx: float,
    y: float,
    *,
    id: str,
    size: float,
    step: float,
    bold: bool = False,
    fill: str = INK,
) -> list[Shape]:
    """Lines of text centred on ``cx``, the first one's middle at ``y``."""
    return [
        Text(
            id=f"{id}{k}",
            x=cx,
            y=y + k * step,
            text=line,
            size=size,
            bold=bold,
            anchor="middle",
            fill=fill,
        )
        for k, line in enumerate(lines)
    ]


def _two_lines(
    text: str, width: float, size: float, *, bold: bool = False
) -> tuple[list[str], float]:
    """``text`` in at most two lines of ``width`` at ``size`` (smaller, down to the smallest
    text, if two lines are not enough; a last line cut with "…" if nothing else fits)."""
    lines = fit_lines(text, width, size, bold=bold)
    while len(lines) > 2 and size > MIN_TEXT:
        size = max(MIN_TEXT, size - 1)
        lines = fit_lines(text, width, size, bold=bold)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [fit_size(line, width, size, bold=bold, smallest=size)[0] for line in lines], size


def card_face(
    card: Card,
    x: float,
    y: float,
    *,
    id: str,
    target: str | None = None,
    selected: bool = False,
    highlight: bool = False,
    dim: bool = False,
    lang: str | None = None,
) -> list[Shape]:
    """One discovery card, face up, its top left corner at (x, y).

    ``selected``: raised and outlined (chosen in a hand); ``highlight``: outlined with a corner
    tick (e.g. "this card will be taken"); ``dim``: faded (a card that cannot be chosen)."""
    colour = CATEGORY_COLOURS[card.category]
    opacity = 0.45 if dim else 1.0
    if selected:
        y -= RAISE
    cx = x + CARD_W / 2
    shapes: list[Shape] = [
        face_frame(
            x,
            y,
            CARD_W,
            CARD_H,
            id=id,
            target=target,
            radius=8,
            fill=tint(colour, 0.82),
            marked=selected or highlight,
            opacity=opacity,
        ),
        face_band(x, y, CARD_W, BAND_H, id=id, radius=6, colour=colour, opacity=opacity),
        Text(
            id=f"{id}-points",
            x=x + 9,  # at the left, so it still shows when a hand overlaps its cards
            y=y + 2 + BAND_H / 2,
            text=points_words(card.points, lang),
            size=14,
            bold=True,
            fill=text_on(colour),
        ),
    ]
    shapes += category_symbol(card.category, cx - ICON / 2, y + BAND_H + 6, ICON, f"{id}-symbol")
    name, size = _two_lines(card_name(card, lang), CARD_W - 12, 14, bold=True)
    top = y + BAND_H + ICON + (17 if len(name) == 2 else 30)
    shapes += _centred_lines(name, cx, top, id=f"{id}-name", size=size, step=size + 3, bold=True)
    shapes.append(
        Rect(id=f"{id}-rule", x=x + 14, y=y + CARD_H - 38, width=CARD_W - 28, height=1, fill=MUTED)
    )
    kind, size = _two_lines(category_name(card.category, lang), CARD_W - 10, 12)
    bottom = y + CARD_H - (23 if len(kind) == 2 else 18)
    shapes += _centred_lines(kind, cx, bottom, id=f"{id}-category", size=size, step=size + 2)
    if highlight:
        shapes.append(corner_tick(x + CARD_W, y - 2, 18, id))
    return shapes


def card_back(
    category: str,
    x: float,
    y: float,
    *,
    id: str,
    target: str | None = None,
    lang: str | None = None,
) -> list[Shape]:
    """A card seen from behind: its category (colour, symbol and name), its points hidden."""
    colour = CATEGORY_COLOURS[category]
    cx = x + CARD_W / 2
    shapes = card_back_frame(x, y, CARD_W, CARD_H, id=id, target=target, radius=8)
    shapes.append(
        Text(
            id=f"{id}-points",
            x=cx,
            y=y + 17,
            text=t("nuevo_mundo_cards.hidden_points", lang=lang),
            size=13,
            bold=True,
            anchor="middle",
            fill=WHITE,
        )
    )
    shapes.append(
        Rect(
            id=f"{id}-panel",
            x=x + 10,
            y=y + 32,
            width=CARD_W - 20,
            height=CARD_H - 42,
            radius=6,
            fill=colour,
            stroke=WHITE,
            stroke_width=1.5,
        )
    )
    shapes.append(
        Circle(id=f"{id}-disc", cx=cx, cy=y + 66, r=30, fill=PAPER, stroke=INK, stroke_width=1)
    )
    shapes += category_symbol(category, cx - 22, y + 44, 44, f"{id}-symbol")
    shapes.append(
        Rect(
            id=f"{id}-label",
            x=x + 14,
            y=y + CARD_H - 50,
            width=CARD_W - 28,
            height=36,
            radius=4,
            fill=PAPER,
        )
    )
    kind, size = _two_lines(category_name(category, lang), CARD_W - 32, 12)
    middle = y + CARD_H - 32 - (7 if len(kind) == 2 else 0)
    shapes += _centred_lines(kind, cx, middle, id=f"{id}-category", size=size, step=size + 2)
    return shapes


def card_picture(card: Card | str, *, face_down: bool = False, lang: str | None = None) -> Picture:
    """One card (by its ``Card`` or its name, ``"potato"``) as a picture."""
    found = find_card(card, lang) if isinstance(card, str) else card
    title = (
        t("nuevo_mundo_cards.back_title", category=category_name(found.category, lang), lang=lang)
        if face_down
        else describe(found, lang)
    )
    scene = Scene(CARD_W + 2 * GAP, CARD_H + 2 * GAP + RAISE, background=PAPER, title=title)
    draw = (
        card_back(found.category, GAP, GAP + RAISE, id="card", lang=lang)
        if face_down
        else (card_face(found, GAP, GAP + RAISE, id="card", lang=lang))
    )
    scene.extend(draw)
    return Picture(scene)


# ---------------------------------------------------------------------------- a hand


def hand_shapes(
    cards: Sequence[Card],
    x: float,
    y: float,
    *,
    id: str,
    face_down: bool = False,
    target_prefix: str | None = None,
    selected: Iterable[int] = (),
    highlight: Iterable[int] = (),
    step: float = CARD_W + GAP,
    lang: str | None = None,
) -> list[Shape]:
    """Cards side by side, ``step`` apart (less than a card's width: overlapping, each card's
    points still showing at the left of its band). ``face_down``: another player's hand, categories
    only. A card's shapes are ``<id>-<card id>-...``; its target ``<target_prefix>:<card id>``.
    ``selected`` and ``highlight`` are card ids."""
    chosen, marked = set(selected), set(highlight)
    shapes: list[Shape] = []
    for k, card in enumerate(cards):
        left = x + k * step
        cid = f"{id}-{card.id}"
        target = f"{target_prefix}:{card.id}" if target_prefix else None
        if face_down:
            shapes += card_back(card.category, left, y, id=cid, target=target, lang=lang)
        else:
            shapes += card_face(
                card,
                left,
                y,
                id=cid,
                target=target,
                lang=lang,
                selected=card.id in chosen,
                highlight=card.id in marked,
            )
    return shapes


def hand_width(n: int, step: float = CARD_W + GAP) -> float:
    """How wide a hand of ``n`` cards is drawn (0 for none)."""
    return 0 if n == 0 else (n - 1) * step + CARD_W


def _hand_title(n: int, face_down: bool, lang: str | None) -> str:
    if face_down:
        return t("nuevo_mundo_cards.hand_hidden_title", n=n, lang=lang)
    return t("nuevo_mundo_cards.hand_title", n=n, lang=lang)


def hand_picture(
    cards: Sequence[Card], *, face_down: bool = False, lang: str | None = None
) -> Picture:
    """A hand as a picture: face up (your own cards), or seen from behind (another's)."""
    if not cards:
        scene = Scene(
            CARD_W * 2, 40, background=PAPER, title=t("nuevo_mundo_cards.hand_empty", lang=lang)
        )
        scene.add(Text(id="empty", x=GAP, y=20, text=scene.title, size=14, fill=MUTED))
        return Picture(scene)
    scene = Scene(
        int(hand_width(len(cards)) + 2 * GAP),
        CARD_H + 2 * GAP + RAISE,
        background=PAPER,
        title=_hand_title(len(cards), face_down, lang),
    )
    scene.extend(hand_shapes(cards, GAP, GAP + RAISE, id="hand", face_down=face_down, lang=lang))
    if face_down:
        shown = join_words([category_name(c.category, lang) for c in cards], lang=lang)
    else:
        shown = _listed(cards, lang)
    return Described(
        scene, [t("nuevo_mundo_cards.picture_words", title=scene.title, shown=shown, lang=lang)]
    )


# ---------------------------------------------------------------------------- the deck


def cards_of(category: str, cards: Sequence[Card] = CARDS) -> list[Card]:
    """The category's cards, most points first (as in ``cards.csv``, by number on a tie)."""
    return sorted((c for c in cards if c.category == category), key=lambda c: (-c.points, c.id))


def find_card(name: str, lang: str | None = None) -> Card:
    """The card called ``name``: its key (``"sweet_potato"``) or its name in ``lang``."""
    for card in CARDS:
        if (
            name in (card.name, card_name(card, lang))
            or name.lower() == card_name(card, lang).lower()
        ):
            return card
    known = ", ".join(card.name for card in CARDS)
    raise ValueError(t("nuevo_mundo_cards.no_card", name=name, known=known, lang=lang))


def _check_categories(categories: Iterable[str] | None, lang: str | None) -> list[str]:
    chosen = list(CATEGORIES if categories is None else categories)
    for c in chosen:
        if c not in CATEGORIES:
            raise ValueError(
                t("nuevo_mundo_cards.no_category", name=c, known=", ".join(CATEGORIES), lang=lang)
            )
    return chosen


ROW_HEAD: Final = 34
"""Height of a gallery row's heading (the category's symbol, name and count)."""
ROW_GAP: Final = 16
MARGIN: Final = 14


def card_gallery(lang: str | None = None, *, categories: Iterable[str] | None = None) -> Described:
    """Every card (or the cards of ``categories``), one row per category: a heading with the
    category's symbol, name, number of cards and points, then its cards, most points first."""
    chosen = _check_categories(categories, lang)
    widest = max(len(cards_of(c)) for c in chosen)
    row_h = ROW_HEAD + CARD_H + ROW_GAP
    if categories is None:
        title = t("nuevo_mundo_cards.gallery_title", lang=lang)
    else:
        names = join_words([category_name(c, lang) for c in chosen], lang=lang)
        title = t("nuevo_mundo_cards.gallery_some_title", categories=names, lang=lang)
    scene = Scene(
        int(2 * MARGIN + hand_width(widest)),
        int(MARGIN + len(chosen) * row_h),
        background=PAPER,
        title=title,
    )
    words = [title]
    for r, category in enumerate(chosen):
        top = MARGIN + r * row_h
        cards = cards_of(category)
        scene.extend(category_symbol(category, MARGIN, top, 24, f"row-{category}-symbol"))
        heading = t(
            "nuevo_mundo_cards.gallery_row",
            n=len(cards),
            category=category_name(category, lang),
            points=sum(c.points for c in cards),
            lang=lang,
        )
        scene.add(
            Text(
                id=f"row-{category}-heading",
                x=MARGIN + 32,
                y=top + 12,
                text=heading,
                size=15,
                bold=True,
                fill=INK,
            )
        )
        scene.extend(hand_shapes(cards, MARGIN, top + ROW_HEAD, id=f"row-{category}", lang=lang))
        words.append(
            t(
                "nuevo_mundo_cards.picture_words",
                title=heading,
                shown=_listed(cards, lang),
                lang=lang,
            )
        )
    return Described(scene, words)


# ---------------------------------------------------------------------------- the lesson


def category_table(lang: str | None = None) -> Table:
    """The six categories: how many cards, how many points in all, and what each holds."""
    rows = tuple(
        (
            category_name(c, lang),
            str(len(cards_of(c))),
            str(sum(card.points for card in cards_of(c))),
            t(f"{NS}.category_{c}_about", lang=lang),
        )
        for c in CATEGORIES
    )
    headers = tuple(t(f"{NS}.col_{k}", lang=lang) for k in ("category", "cards", "points", "about"))
    return Table(headers, rows, "nuevo-mundo-cards-table")


def facts(*names: str, lang: str | None = None) -> Notes:
    """The facts of the named cards (``facts("maize", "potato")``), or of every card of a
    category when a category is named (``facts("animals")``)."""
    lines = []
    for name in names:
        cards = cards_of(name) if name in CATEGORIES else [find_card(name, lang)]
        for card in cards:
            lines.append(
                t(
                    "nuevo_mundo_cards.fact",
                    name=card_name(card, lang),
                    lang=lang,
                    category=category_name(card.category, lang),
                    points=points_words(card.points, lang),
                    fact=t(f"{NS}.{card.name}_fact", lang=lang),
                )
            )
    return Notes(lines)


EXCHANGE: Final = (
    ("west", ("plants", "animals", "diseases")),
    ("east", ("plants", "animals", "riches")),
)
"""The Columbian exchange in the lesson's table: each direction and what crossed it."""


def exchange_table(lang: str | None = None) -> Table:
    """What crossed the Atlantic after 1492, in both directions, and what it changed."""
    rows = tuple(
        (
            t(f"{NS}.exchange_{way}", lang=lang),
            t(f"{NS}.exchange_{way}_{what}", lang=lang),
            t(f"{NS}.exchange_{way}_{what}_change", lang=lang),
        )
        for way, whats in EXCHANGE
        for what in whats
    )
    headers = tuple(t(f"{NS}.col_{k}", lang=lang) for k in ("direction", "what", "consequence"))
    return Table(headers, rows, "nuevo-mundo-cards-table")


__all__ = [
    "CARD_H",
    "CARD_W",
    "CATEGORY_COLOURS",
    "SYMBOLS",
    "Described",
    "card_back",
    "card_face",
    "card_gallery",
    "card_name",
    "card_picture",
    "cards_of",
    "category_name",
    "category_symbol",
    "category_table",
    "describe",
    "exchange_table",
    "facts",
    "find_card",
    "hand_picture",
    "hand_shapes",
    "hand_width",
]
