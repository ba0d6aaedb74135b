"""Reference cards to print, one A4 page per game, drawn with the tables' own pieces.

Nuevos Mundos: a card of each biome with its values, the order in which biomes neighbour
each other, a human settlement, and the six nature icons in the order ties count them.
Ecosfera: the five element cards, the three ability tiles with what each does, the seven
biome tiles (the star of the table) and the extinction puzzle.

Every piece is the one the class sees on screen (``widgets.nuevos_mundos.cards``,
``widgets.ecosfera.cards``, ``widgets.icons``), scaled onto paper by ``page.from_px``: a
symbol and a name beside every colour, so a black-and-white copy still reads.
"""

from __future__ import annotations

from gamecore.ecosfera.data import ABILITIES, BIOME_TILES, ELEMENTS, element_code
from gamecore.ecosfera.data import default_cards as eco_cards
from gamecore.nuevos_mundos.data import BIOME_RANGES, BIOMES, ICONS, biome_label, icon_name
from gamecore.nuevos_mundos.data import settlement_code as nm_settlement
from gamecore.words import t

from ..ecosfera.cards import CARD_W as ECO_CARD_W
from ..ecosfera.cards import ability_tile, biome_star, extinction_puzzle
from ..ecosfera.cards import card_face as eco_card_face
from ..ecosfera.symbols import eco_icon
from ..icons import icon
from ..nuevos_mundos.cards import CARD_H as NM_CARD_H
from ..nuevos_mundos.cards import CARD_W as NM_CARD_W
from ..nuevos_mundos.cards import card_face as nm_card_face
from ..palette import MUTED
from ..scene import Scene
from .page import (
    CONTENT_W,
    MARGIN,
    MM_PER_PX,
    PAGE_W,
    footer,
    from_px,
    line,
    new_page,
    paragraph,
    text,
)

BODY = 10.0
NOTE = 9.0


def _heading(page: Scene, y: float, words: str, note: str, id: str) -> float:
    """A section's name in bold, what it shows under it; returns the y below them."""
    page.add(line(MARGIN, y, PAGE_W - MARGIN, y, id=f"{id}-rule", width=0.3))
    page.add(text(MARGIN, y + 4.5, words, 12, id=id, bold=True))
    y += 9.5
    if note:
        y = paragraph(page, MARGIN, y, CONTENT_W, note, BODY, id=f"{id}-note")
    return y


def _paragraph(page: Scene, x: float, y: float, width: float, words: str, id: str) -> float:
    """``words`` wrapped to ``width``; returns the y under the last line."""
    return paragraph(page, x, y, width, words, BODY, id=id)


def _title(page: Scene, title: str, subtitle: str) -> float:
    page.add(text(MARGIN, MARGIN + 4, title, 18, id="title", bold=True))
    y = paragraph(page, MARGIN, MARGIN + 11, CONTENT_W, subtitle, NOTE, id="subtitle", fill=MUTED)
    return y + 2


# ---------------------------------------------------------------------------- Nuevos Mundos

NM_CARD_SCALE = 1.4
SETTLEMENT_SCALE = 1.2


def _nm_biomes(page: Scene, y: float) -> float:
    """A card of each biome (its lowest value), its name and its range: two rows of four."""
    cell = CONTENT_W / 4
    card_w = NM_CARD_W * NM_CARD_SCALE * MM_PER_PX
    card_h = NM_CARD_H * NM_CARD_SCALE * MM_PER_PX
    for b, (first, last) in enumerate(BIOME_RANGES):
        x = MARGIN + (b % 4) * cell
        top = y + (b // 4) * (card_h + 14)
        cx = x + cell / 2
        page.extend(
            from_px(nm_card_face(first, 0, 0, id=f"bc{b}"), cx - card_w / 2, top, NM_CARD_SCALE)
        )
        page.add(
            text(
                cx,
                top + card_h + 4,
                biome_label(b),
                11,
                id=f"bc{b}-name",
                bold=True,
                anchor="middle",
            )
        )
        words = t("printables.value_range", first=f"{first:02d}", last=f"{last:02d}")
        page.add(text(cx, top + card_h + 9, words, BODY, id=f"bc{b}-range", anchor="middle"))
    return y + 2 * (card_h + 14)


def _nm_order(page: Scene, y: float) -> float:
    """The biomes in a row, each followed by its neighbour: where a run may go on."""
    step = CONTENT_W / len(BIOMES)
    size = 10.0
    for b, (first, last) in enumerate(BIOME_RANGES):
        cx = MARGIN + step * (b + 0.5)
        page.extend(icon(BIOMES[b], cx - size / 2, y, size, f"order{b}"))
        page.add(
            text(
                cx,
                y + size + 3.5,
                f"{first:02d}–{last:02d}",
                BODY,
                id=f"order{b}-range",
                anchor="middle",
            )
        )
        if b:
            ax = cx - step / 2
            page.add(
                line(ax - 2.5, y + size / 2, ax + 2.5, y + size / 2, id=f"arrow{b}", width=0.4)
            )
            page.add(
                line(
                    ax + 1, y + size / 2 - 1.5, ax + 2.5, y + size / 2, id=f"arrow{b}-a", width=0.4
                )
            )
            page.add(
                line(
                    ax + 1, y + size / 2 + 1.5, ax + 2.5, y + size / 2, id=f"arrow{b}-b", width=0.4
                )
            )
    return y + size + 8


def _nm_settlement(page: Scene, y: float) -> float:
    """A human settlement card beside what it does."""
    card_w = NM_CARD_W * SETTLEMENT_SCALE * MM_PER_PX
    card_h = NM_CARD_H * SETTLEMENT_SCALE * MM_PER_PX
    code = nm_settlement(BIOMES.index("taiga"))
    page.extend(from_px(nm_card_face(code, 0, 0, id="settlement"), MARGIN, y, SETTLEMENT_SCALE))
    x = MARGIN + card_w + 6
    words = t("printables.nm_settlement_card")
    end = _paragraph(page, x, y + 3, CONTENT_W - card_w - 6, words, "sett")
    return max(y + card_h, end) + 3


def _nm_icons(page: Scene, y: float) -> float:
    """The six nature icons, numbered in the order a tie counts them."""
    step = CONTENT_W / len(ICONS)
    size = 11.0
    for i, name in enumerate(ICONS):
        cx = MARGIN + step * (i + 0.5)
        page.extend(icon(name, cx - size / 2, y, size, f"icon{i}"))
        words = t("printables.numbered", n=i + 1, name=icon_name(i))
        page.add(text(cx, y + size + 4, words, 11, id=f"icon{i}-name", anchor="middle"))
    return y + size + 8


def nuevos_mundos_reference() -> Scene:
    """Nuevos Mundos' biomes, values, neighbours, settlements and nature icons on one page."""
    page = new_page(t("printables.nm_reference_title"))
    y = _title(page, t("printables.nm_reference_title"), t("printables.nm_reference_subtitle"))
    y = _heading(page, y, t("printables.nm_biomes_heading"), t("printables.nm_biomes_note"), "h1")
    y = _nm_biomes(page, y + 1)
    y = _heading(page, y, t("printables.nm_order_heading"), t("printables.nm_order_note"), "h2")
    y = _nm_order(page, y + 1)
    y = _heading(page, y, t("printables.nm_icons_heading"), t("printables.nm_icons_note"), "h3")
    y = _nm_icons(page, y + 1)
    y = _heading(
        page,
        y,
        t("nuevos_mundos_table.module_human_settlements"),
        t("printables.nm_settlement_heading_note"),
        "h4",
    )
    _nm_settlement(page, y + 1)
    footer(page, t("printables.footer_nm"))
    return page


# ---------------------------------------------------------------------------- Ecosfera


def _eco_elements(page: Scene, y: float) -> float:
    """One element card of each element, as the supply decks show them."""
    cards = eco_cards()
    card_w = ECO_CARD_W * MM_PER_PX
    gap = (CONTENT_W - len(ELEMENTS) * card_w) / (len(ELEMENTS) - 1)
    bottom = y
    for e in range(len(ELEMENTS)):
        face = eco_card_face(element_code(e, 1), cards, 0, 0, id=f"el{e}")
        placed = from_px(face, MARGIN + e * (card_w + gap), y)
        page.extend(placed)
        bottom = max(bottom, max(s.bbox()[1] + s.bbox()[3] for s in placed))
    return bottom + 4


TILE_SCALE = 1.3


def _eco_abilities(page: Scene, y: float) -> float:
    """Each ability tile face up beside what it lets the player do, then a used one."""
    tile_w, tile_h = 124 * TILE_SCALE * MM_PER_PX, 30 * TILE_SCALE * MM_PER_PX
    text_x = MARGIN + tile_w + 5
    width = CONTENT_W - tile_w - 5
    for a, name in enumerate(ABILITIES):
        page.extend(from_px(ability_tile(a, True, 0, 0, id=f"ab{a}"), MARGIN, y, TILE_SCALE))
        end = _paragraph(
            page, text_x, y + 2.5, width, t(f"printables.eco_ability_{name}"), f"ab{a}-rule"
        )
        y = max(y + tile_h, end) + 3
    page.extend(from_px(ability_tile(0, False, 0, 0, id="ab-used"), MARGIN, y, TILE_SCALE))
    end = _paragraph(page, text_x, y + 2.5, width, t("printables.eco_ability_used"), "ab-used-r")
    return max(y + tile_h, end) + 3


STAR_SCALE = 1.05
STAR_REACH = (150, 112)
"""How far the star's tips and names reach from its centre, across and down (pixels)."""


def _eco_tiles(page: Scene, y: float) -> float:
    """The seven biome tiles as the star of the table; beside it, the extinction puzzle and
    the symbols of the kinds of card."""
    rx, ry = STAR_REACH
    k = STAR_SCALE * MM_PER_PX
    page.extend(from_px(biome_star(range(BIOME_TILES), rx, ry, id="star"), MARGIN, y, STAR_SCALE))
    right = MARGIN + 2 * rx * k + 6
    width = PAGE_W - MARGIN - right
    words = t("printables.eco_biome_tiles_note", total=BIOME_TILES)
    end = _paragraph(page, right, y + 4, width, words, "tiles-note")
    r = 38 * STAR_SCALE * MM_PER_PX
    puzzle_y = end
    page.extend(from_px(extinction_puzzle(3, 0, 0, id="ext"), right + r, puzzle_y + r, STAR_SCALE))
    _paragraph(
        page,
        right + 2 * r + 5,
        puzzle_y + 2,
        width - 2 * r - 5,
        t("printables.eco_extinction_note"),
        "ext-note",
    )
    kinds_y = _eco_kinds(page, right, puzzle_y + 2 * r + 4, width)
    return max(y + 2 * ry * k, kinds_y) + 2


def _eco_kinds(page: Scene, x: float, y: float, width: float) -> float:
    """The symbols of the kinds of card, each named under it."""
    kinds = [
        ("tree", t("ecosfera.kind_tree")),
        ("plant", t("ecosfera.kind_plant")),
        ("mushroom", t("ecosfera.kind_mushroom")),
        ("animal", t("ecosfera.kind_animal")),
        ("disaster", t("pictures.eco_disaster_title")),
    ]
    page.add(text(x, y, t("printables.eco_kinds_heading"), BODY, id="kinds", bold=True))
    step = width / len(kinds)
    size = 7.0
    top = y + 3
    for k, (name, words) in enumerate(kinds):
        cx = x + step * (k + 0.5)
        page.extend(eco_icon(name, cx - size / 2, top, size, f"kind{k}"))
        page.add(text(cx, top + size + 3, words, NOTE, id=f"kind{k}-name", anchor="middle"))
    return top + size + 5


def ecosfera_reference() -> Scene:
    """Ecosfera's elements, abilities, biome tiles and kinds of card on one page."""
    page = new_page(t("printables.eco_reference_title"))
    y = _title(page, t("printables.eco_reference_title"), t("printables.eco_reference_subtitle"))
    y = _heading(
        page, y, t("printables.eco_elements_heading"), t("printables.eco_elements_note"), "h1"
    )
    y = _eco_elements(page, y + 1)
    y = _heading(
        page, y, t("printables.eco_abilities_heading"), t("printables.eco_abilities_note"), "h2"
    )
    y = _eco_abilities(page, y + 1)
    y = _heading(page, y, t("printables.eco_tiles_heading"), "", "h3")
    _eco_tiles(page, y)
    footer(page, t("printables.footer_eco"))
    return page
