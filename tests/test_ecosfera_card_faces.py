"""Ecosfera's card faces, tiles and piles (widgets/ecosfera/cards.py) on a laptop's screen:
no text under 12 px, every word on its card, nothing on a card overlapping, and no card
code ("P17", "sun#12") where a student reads (issue 8, A2 and A5).

Words are measured as DejaVu Sans draws them (``widgets.card_face.text_width``), checked here
against the font file itself, so "inside its card" means what a student sees.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence

import pytest

from gamecore.ecosfera import EndTurn, default_cards
from gamecore.ecosfera.data import ABILITIES, ALL_DISASTERS, BIOMES, ELEMENTS, element_code
from gamecore.words import t
from widgets.card_face import fit_lines, text_width
from widgets.ecosfera import lesson
from widgets.ecosfera.cards import (
    CARD_H,
    CARD_W,
    ability_tile,
    card_back,
    card_face,
    disaster_deck,
    element_deck,
    empty_slot,
)
from widgets.ecosfera.table import EcosferaTable
from widgets.scene import Rect, Scene, Shape, Text

MIN_TEXT = 12
CODE = re.compile(r"\b[PA]\d\d\b|#")
"""A card's code ("P17", "A13", "sun#12"): bookkeeping, only ever in a shape's id."""
CARDS = default_cards()
CODES = [
    *CARDS.plant_codes,
    *CARDS.animal_codes,
    *(element_code(e, 1) for e in range(len(ELEMENTS))),
    ALL_DISASTERS[0],
]
NOT_DRAWINGS = re.compile(r"-(face|band|rule|hit|spent|used|deck|tile|back|inlay|empty)$")
"""A card's or a tile's ground, band, rules, click areas and marks: words may lie on them."""

Box = tuple[float, float, float, float]


def text_box(s: Text) -> Box:
    """Where a text is drawn: its measured width, its size in height (y is its middle)."""
    width = text_width(s.text, s.size, bold=s.bold)
    left = {"start": s.x, "middle": s.x - width / 2, "end": s.x - width}[s.anchor]
    return (left, s.y - s.size / 2, left + width, s.y + s.size / 2)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(box: Box, area: Box) -> bool:
    return area[0] <= box[0] and box[2] <= area[2] and area[1] <= box[1] and box[3] <= area[3]


def texts(shapes: Sequence[Shape]) -> list[Text]:
    return [s for s in shapes if isinstance(s, Text)]


def check_piece(shapes: Sequence[Shape], area: Box, *, drawings: bool = True) -> None:
    """Every text of a piece: at least 12 px, inside ``area`` (the card less 2 px of its
    edge), clear of the other texts and, with ``drawings``, of every symbol."""
    words = texts(shapes)
    assert words
    boxes = [text_box(s) for s in words]
    for s, box in zip(words, boxes):
        assert s.size >= MIN_TEXT, (s.id, s.text, s.size)
        assert inside(box, area), (s.id, s.text, box, area)
        assert not CODE.search(s.text), (s.id, s.text)
    for i, a in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            assert not overlap(a, boxes[j]), (words[i].text, words[j].text)
    if drawings:
        symbols = [s for s in shapes if not isinstance(s, Text) and not NOT_DRAWINGS.search(s.id)]
        for s in symbols:
            x, y, w, h = s.bbox()
            for word, box in zip(words, boxes):
                assert not overlap(box, (x, y, x + w, y + h)), (word.id, word.text, s.id)


def card_area(x: float, y: float) -> Box:
    return (x + 2, y + 1, x + CARD_W - 2, y + CARD_H - 1)


# ---------------------------------------------------------------------------- each face


@pytest.mark.parametrize("code", CODES)
def test_every_card_face_keeps_its_words_legible_on_the_card_and_apart(code: int) -> None:
    check_piece(card_face(code, CARDS, 30, 40, id="c"), card_area(30, 40))
    clickable = card_face(code, CARDS, 30, 40, id="c", symbol_targets=True, symbols_spent=True)
    check_piece(clickable, card_area(30, 40))


@pytest.mark.parametrize("code", CODES)
def test_a_used_or_selected_card_keeps_its_words_on_the_card(code: int) -> None:
    used = card_face(code, CARDS, 30, 40, id="c", used=True)
    ribbon = [s for s in used if s.id.startswith("c-used")]  # lies across the faded card
    check_piece([s for s in used if s not in ribbon], card_area(30, 40), drawings=False)
    check_piece(ribbon, (28, 40, CARD_W + 32, CARD_H + 40))
    assert [s.text for s in texts(ribbon)] == [t("pictures.eco_used")]
    selected = card_face(code, CARDS, 30, 40, id="c", selected=True)
    tag = next(s for s in selected if s.id == "c-selected-pill")
    assert isinstance(tag, Rect)
    pill = (tag.x, tag.y, tag.x + tag.width, tag.y + tag.height)
    card = [s for s in selected if not s.id.startswith("c-selected")]
    check_piece(card, card_area(30, 30))  # lifted by 10
    words = next(s for s in selected if s.id == "c-selected-pill-text")
    assert words.size >= MIN_TEXT and inside(text_box(words), pill)
    for s in texts(card):  # the tag hides no word of the card it marks
        assert not overlap(text_box(s), pill), s.text


def test_the_band_names_the_kind_never_the_code() -> None:
    kinds = {"plant", "tree", "mushroom"}
    for code in [*CARDS.plant_codes, *CARDS.animal_codes]:
        card = CARDS.card(code)
        band = next(s for s in card_face(code, CARDS, 0, 0, id="c") if s.id == "c-kind-word")
        kind = getattr(card, "kind", "animal")
        assert kind in kinds | {"animal"}
        assert band.text == t(f"pictures.eco_kind_{kind}"), (card.id, band.text)
        assert card.id not in band.text and card.id.lower() not in band.text.lower()
        ids = [s.id for s in card_face(code, CARDS, 0, 0, id=f"plant-{card.id}")]
        assert all(card.id in i for i in ids)  # the code is the shapes' id, and only that


def test_a_card_shows_its_name_biomes_symbols_and_cost_in_words() -> None:
    """Colour is never the only cue: every symbol on a card is named on the card."""
    for code in [*CARDS.plant_codes, *CARDS.animal_codes]:
        card = CARDS.card(code)
        words = [s.text for s in texts(card_face(code, CARDS, 0, 0, id="c"))]
        joined = " ".join(words)
        assert " ".join(fit_lines(card.name, CARD_W - 6, MIN_TEXT, bold=True)) in joined
        for biome in card.biomes:
            assert t(f"pictures.eco_card_biome_{biome}") in words
        for ability in CARDS.abilities[code]:
            assert t(f"pictures.eco_card_symbol_{ABILITIES[ability]}") in words
        if getattr(card, "mushroom_symbol", False):
            assert t("pictures.eco_card_symbol_mushroom") in words
        for e, n in enumerate(CARDS.cost[code] if code in CARDS.plant_codes else ()):
            if n:
                assert words.count(t(f"ecosfera.element_{ELEMENTS[e]}")) == 1, (card.name, e)
        if code in CARDS.animal_codes:  # the scientific name, whole or with its genus short
            genus, _, rest = card.latin.partition(" ")
            assert card.latin in joined or f"{genus[0]}. {rest}" in joined, card.name


def test_a_cost_names_each_element_once_under_its_symbols() -> None:
    water_twice = next(c for c in CARDS.plant_codes if CARDS.cost[c][1] == 2)
    shapes = card_face(water_twice, CARDS, 0, 0, id="c")
    drops = [s for s in shapes if re.match(r"c-cost\d", s.id)]
    word = next(s for s in texts(shapes) if s.id == "c-cost-water")
    assert word.text == "water" and word.y > max(s.bbox()[1] + s.bbox()[3] for s in drops)


# ---------------------------------------------------------------------------- tiles and piles


def test_ability_tiles_piles_decks_and_empty_places_are_legible() -> None:
    for k in range(len(ABILITIES)):
        for up in (True, False):
            shapes = ability_tile(k, up, 10, 10, id="tile")
            check_piece(shapes, (10, 10, 134, 40), drawings=False)
        words = texts(ability_tile(k, False, 10, 10, id="tile"))[0].text
        assert words == t("pictures.eco_tile_used", ability=t(f"ecosfera.ability_{ABILITIES[k]}"))
    for count in (0, 1, 23):
        for title in (t("ecosfera_table.deck"), t("ecosfera_table.discard")):
            check_piece(card_back(0, 0, id="p", title=title, count=count, width=84, height=78),
                        (0, 0, 84, 78), drawings=False)  # fmt: skip
        for e in range(len(ELEMENTS)):
            check_piece(element_deck(e, count, 0, 0, id="d", width=80), (0, 0, 80, 86))
        check_piece(disaster_deck(count, 0, 0, id="d", width=80), (0, 0, 80, 86))
    check_piece(empty_slot(0, 0, id="e"), card_area(0, 0))


# ---------------------------------------------------------------------------- whole scenes


def _random_moves(table: EcosferaTable, moves: int, seed: int) -> EcosferaTable:
    """``table`` after ``moves`` random legal moves (fewer when the game ends)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if table.game.is_over:
            break
        table.perform(rng.choice(table.game.legal_actions()))
    return table


def _mid_turn(seed: int) -> EcosferaTable:
    """A two-player table in the middle of a turn: cards used and set apart, hints shown,
    a card selected."""
    table = EcosferaTable(players=("Ana", "Ben"), seats=("human", "human"), seed=seed)
    rng = random.Random(seed)
    for _ in range(80):
        if table.game.is_over:
            break
        line = table.game.lines[table.game.turn_player]
        if table.game.used and len(line) > len(table.game.used):
            break
        choices = table.game.legal_actions()
        table.perform(rng.choice([a for a in choices if not isinstance(a, EndTurn)] or choices))
    table.show_hints()
    free = [c for c in table.game.lines[table.game.turn_player] if c not in table.game.used]
    if free:
        table.select(free[-1])
    return table


def table_scenes() -> Iterator[tuple[str, Scene]]:
    yield "solo", EcosferaTable(seed=5).scene()
    four = ("A", "B", "C", "D")
    yield "four", EcosferaTable(players=four, seats=("human",) + ("greedy",) * 3, seed=3).scene()
    for seed in (1, 2):
        yield f"solo after moves {seed}", _random_moves(EcosferaTable(seed=5), 30, seed).scene()
        humans = EcosferaTable(players=four, seats=("human",) * 4, seed=3)
        yield f"four after moves {seed}", _random_moves(humans, 45, seed).scene()
    for seed in (4, 11):
        yield f"mid-turn {seed}", _mid_turn(seed).scene()


def gallery_scenes() -> Iterator[tuple[str, Scene]]:
    yield "components", lesson.components().scene
    for biome in BIOMES:
        yield biome, lesson.biome_gallery(biome).scene
    every = [*CARDS.plant_codes, None, *CARDS.animal_codes]
    yield "every card", lesson.card_gallery(every, "Every card").scene


LESSON_CAPTION = re.compile(r"-caption[1-9]$")
"""The second line of a gallery caption: drawn by widgets/ecosfera/lesson.py, not here."""


def check_scene(name: str, scene: Scene, *, skip: re.Pattern[str] | None = None) -> None:
    for s in texts(list(scene)):
        x, y, w, h = s.bbox()
        assert x >= 0 and x + w <= scene.width + 1 and y >= 0 and y + h <= scene.height, s.id
        left, _, right, _ = text_box(s)
        assert left >= 0 and right <= scene.width + 1, (name, s.id, s.text)
        assert not CODE.search(s.text), (name, s.id, s.text)
        if skip is None or not skip.search(s.id):
            assert s.size >= MIN_TEXT, (name, s.id, s.text, s.size)


@pytest.mark.parametrize("name, scene", list(table_scenes()), ids=lambda v: str(v)[:20])
def test_every_text_of_the_table_is_12px_inside_the_scene_and_names_no_code(
    name: str, scene: Scene
) -> None:
    assert scene.width == 900
    check_scene(name, scene)


@pytest.mark.parametrize("name, scene", list(gallery_scenes()), ids=lambda v: str(v)[:20])
def test_every_text_of_the_galleries_is_12px_inside_and_names_no_code(
    name: str, scene: Scene
) -> None:
    check_scene(name, scene, skip=LESSON_CAPTION)


def test_the_galleries_captions_are_12px_too() -> None:
    for name, scene in gallery_scenes():
        check_scene(name, scene)


def test_words_are_measured_as_the_font_draws_them() -> None:
    from widgets.raster import _font

    for bold in (False, True):
        font = _font(bold, 24)  # 12 px in a PNG at its usual scale, 2 (hinted: +-2 %)
        for words in ("Hippopotamus", "temperate", "water sun", "Brown-throated", "Mycorrhiza!"):
            drawn = font.getlength(words) / 2
            assert abs(text_width(words, 12, bold=bold) - drawn) <= 0.02 * drawn + 0.5, words
    assert text_width("é", 12) == text_width("e", 12)  # accents: the base letter's width
    assert fit_lines("Brown-throated sloth", 100, 12, bold=True) == ["Brown-", "throated sloth"]
    rule = ["3 on a line:", "extinction tile"]
    assert fit_lines("3 on a line:\nextinction tile", 100, 12) == rule
