"""Nuevo Mundo's discovery cards in pictures and words: every card has a name and a fact in
every language, a face says its points, name and category with a colour, a symbol and words,
a card seen from behind hides its points, a hand is clickable card by card, and the gallery
and the lesson's tables hold the whole deck."""

from __future__ import annotations

import dataclasses
import itertools
import re

import pytest

from gamecore.nuevo_mundo.data import CARDS, CATEGORIES
from gamecore.words import LANGUAGES, has, t
from widgets.card_face import MIN_TEXT, text_width
from widgets.nuevo_mundo.cards import (
    CARD_H,
    CARD_W,
    CATEGORY_COLOURS,
    RAISE,
    SYMBOLS,
    card_back,
    card_face,
    card_gallery,
    card_name,
    card_picture,
    cards_of,
    category_name,
    category_table,
    exchange_table,
    facts,
    find_card,
    hand_picture,
    hand_shapes,
)
from widgets.palette import contrast
from widgets.scene import Rect, Scene, Shape, Text

NS = "nuevo_mundo_cards"
POTATO = find_card("potato")


def _texts(shapes: list[Shape]) -> list[Text]:
    return [s for s in shapes if isinstance(s, Text)]


def _words(shapes: list[Shape]) -> list[str]:
    return [s.text for s in _texts(shapes)]


# ---------------------------------------------------------------------------- the words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name_and_a_fact_in_every_language(lang: str) -> None:
    names = set()
    for card in CARDS:
        assert has(f"{NS}.{card.name}", lang) and has(f"{NS}.{card.name}_fact", lang), card.name
        name = card_name(card, lang)
        fact = t(f"{NS}.{card.name}_fact", lang=lang)
        assert name[0].isupper(), f"{name!r} is a card's title"
        # one or two sentences (three at most where Spanish names the word of both countries)
        sentences = len(re.findall(r"[.!?](?:\s|$)", fact))
        assert 1 <= sentences <= 3 and fact.endswith("."), (card.name, fact)
        assert len(fact) < 340, f"{card.name}: a fact is a short read"
        names.add(name.lower())
    assert len(names) == len(CARDS), "two cards share a name"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_category_has_a_name_and_a_description(lang: str) -> None:
    for c in CATEGORIES:
        assert has(f"{NS}.category_{c}", lang) and has(f"{NS}.category_{c}_about", lang), c
    assert len({category_name(c, lang) for c in CATEGORIES}) == len(CATEGORIES)


def test_the_facts_place_every_card_before_1492_and_after() -> None:
    """Each fact says who knew the discovery before 1492 and what became of it: it names a
    people or a place of the Americas."""
    peoples = re.compile(
        r"Maya|Mexica|Inca|Taíno|Olmec|Muisca|Tupi|Guaraní|Totonac|Mixtec|Moche|Andean|Andes|"
        r"Amazon|Mexico|Native|Indigenous|Peoples|America|Brazil|Peru|Venezuela"
    )
    for card in CARDS:
        fact = t(f"{NS}.{card.name}_fact", lang="en")
        assert peoples.search(fact), f"{card.name}: whose discovery was it?"


def test_find_card_takes_the_key_or_the_name_in_the_language() -> None:
    assert find_card("sweet_potato").name == "sweet_potato"
    assert find_card("Papa", "es") == POTATO
    assert find_card("chili pepper") == find_card("chili")
    with pytest.raises(ValueError, match="There is no card called banana"):
        find_card("banana")


# ---------------------------------------------------------------------------- a card's face


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_face_shows_points_name_and_category_in_words(lang: str) -> None:
    shapes = card_face(POTATO, 0, 0, id="c", lang=lang)
    words = _words(shapes)
    assert t(f"{NS}.points", n=3, lang=lang) in words
    assert " ".join(s.text for s in _texts(shapes) if s.id.startswith("c-name")) == card_name(
        POTATO, lang
    )
    category = " ".join(s.text for s in _texts(shapes) if s.id.startswith("c-category"))
    assert category == category_name("seeds_roots", lang)


def test_colour_is_never_the_only_cue() -> None:
    """Each category has its own colour AND its own drawn symbol AND its name."""
    assert set(CATEGORY_COLOURS) == set(SYMBOLS) == set(CATEGORIES)
    assert len(set(CATEGORY_COLOURS.values())) == len(CATEGORIES)
    drawings = {c: tuple(dataclasses.astuple(s) for s in SYMBOLS[c]) for c in CATEGORIES}
    assert len(set(drawings.values())) == len(CATEGORIES)
    for c in CATEGORIES:
        card = cards_of(c)[0]
        shapes = card_face(card, 0, 0, id="c")
        band = next(s for s in shapes if s.id == "c-band")
        assert band.fill == CATEGORY_COLOURS[c]
        assert any(s.id.startswith("c-symbol-") for s in shapes)
        points = next(s for s in _texts(shapes) if s.id == "c-points")
        assert points.fill and contrast(points.fill, CATEGORY_COLOURS[c]) >= 4.5, c


def test_every_symbol_lies_in_the_unit_box() -> None:
    for c, shapes in SYMBOLS.items():
        for s in shapes:
            x, y, w, h = s.bbox()
            assert x >= -0.001 and y >= -0.001 and x + w <= 1.001 and y + h <= 1.001, (c, s.id)
            assert s.id and "-" not in s.id


def _inside(shape: Shape, left: float, top: float, right: float, bottom: float) -> bool:
    x, y, w, h = shape.bbox()
    return left <= x and top <= y and x + w <= right and y + h <= bottom


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("face_down", [False, True])
def test_every_word_fits_its_card_and_no_two_lines_overlap(lang: str, face_down: bool) -> None:
    for card in CARDS:
        shapes = (
            card_back(card.category, 0, 0, id="c", lang=lang)
            if face_down
            else card_face(card, 0, 0, id="c", lang=lang)
        )
        texts = _texts(shapes)
        for s in texts:
            assert s.size >= MIN_TEXT, (card.name, s.text)
            width = text_width(s.text, s.size, bold=s.bold)
            assert width <= CARD_W - 8, f"{card.name} ({lang}): {s.text!r} is {width:.0f} px"
            assert s.y - s.size / 2 >= 0 and s.y + s.size / 2 <= CARD_H, (card.name, s.text)
        spans = sorted((s.y - s.size / 2, s.y + s.size / 2, s.text) for s in texts)
        for (_, end, a), (start, _, b) in itertools.pairwise(spans):
            assert end <= start + 0.5, f"{card.name} ({lang}): {a!r} runs into {b!r}"
        rule = next((s for s in shapes if s.id == "c-rule"), None)
        if rule is not None:  # the line between the name and the category touches neither
            assert isinstance(rule, Rect)
            assert all(not (s.y - s.size / 2 < rule.y < s.y + s.size / 2) for s in texts)
        for s in shapes:  # words are measured above (Text.bbox only estimates their width)
            if not isinstance(s, Text):
                assert _inside(s, -0.5, -0.5, CARD_W + 0.5, CARD_H + 0.5), (card.name, s.id)


def test_a_selected_card_rises_and_a_highlighted_one_has_a_corner_mark() -> None:
    plain = card_face(POTATO, 10, 20, id="c")
    chosen = card_face(POTATO, 10, 20, id="c", selected=True)
    marked = card_face(POTATO, 10, 20, id="c", highlight=True)
    assert chosen[0].bbox()[1] == plain[0].bbox()[1] - RAISE
    assert chosen[0].stroke != plain[0].stroke and chosen[0].stroke_width > plain[0].stroke_width
    assert "c-mark" in [s.id for s in marked] and "c-mark" not in [s.id for s in plain]


# ---------------------------------------------------------------------------- from behind


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_from_behind_shows_its_category_and_hides_its_points(lang: str) -> None:
    for card in (POTATO, find_card("silver"), find_card("turkey")):
        shapes = card_back(card.category, 0, 0, id="b", lang=lang)
        words = " ".join(_words(shapes))
        assert card_name(card, lang) not in words
        assert re.search(r"\d", words) is None, f"a number shows from behind: {words!r}"
        assert t(f"{NS}.hidden_points", lang=lang) in words
        label = " ".join(s.text for s in _texts(shapes) if s.id.startswith("b-category"))
        assert label == category_name(card.category, lang)
        assert CATEGORY_COLOURS[card.category] in {s.fill for s in shapes}
        assert any(s.id.startswith("b-symbol-") for s in shapes)


def test_two_cards_of_a_category_look_the_same_from_behind() -> None:
    a, b = cards_of("riches")[:2]
    assert a.points != b.points
    assert card_back(a.category, 0, 0, id="x") == card_back(b.category, 0, 0, id="x")


# ---------------------------------------------------------------------------- a hand


def test_a_click_on_a_card_of_a_hand_names_that_card() -> None:
    cards = [CARDS[0], CARDS[13], CARDS[27], CARDS[39]]
    scene = Scene(1000, 200)
    scene.extend(hand_shapes(cards, 10, 20, id="h", target_prefix="hand"))
    assert scene.targets() == [f"hand:{c.id}" for c in cards]
    for card in cards:
        x, y = scene.center_of(f"hand:{card.id}")
        assert scene.hit(x, y) == f"hand:{card.id}"
    assert scene.hit(5, 5) is None


def test_overlapping_cards_are_hit_on_the_visible_one() -> None:
    cards = [CARDS[0], CARDS[1]]
    scene = Scene(400, 200)
    scene.extend(hand_shapes(cards, 0, 0, id="h", target_prefix="hand", step=40))
    assert scene.hit(20, 80) == "hand:0"
    assert scene.hit(60, 80) == "hand:1", "the later card lies on top"


def test_another_players_hand_shows_categories_only() -> None:
    cards = cards_of("cultures")[:3]
    shapes = hand_shapes(cards, 0, 0, id="h", face_down=True)
    words = " ".join(_words(shapes))
    for card in cards:
        assert card_name(card) not in words
    assert words.count(category_name("cultures")) == 3


def test_a_hand_picture_says_in_words_what_it_shows() -> None:
    cards = cards_of("animals")[:2]
    picture = hand_picture(cards)
    data, _ = picture._repr_mimebundle_()
    assert {"image/svg+xml", "image/png", "text/plain"} <= set(data)
    assert data["text/plain"] == "A hand of 2 cards — Turkey (4 points) and Llama (3 points)."
    hidden = hand_picture(cards, face_down=True, lang="es")
    assert str(hidden) == (
        "Una mano de 2 cartas vistas por detrás (solo se ven las categorías) — Animales y Animales."
    )
    assert "Llama" not in hidden._repr_svg_() and "punto" not in str(hidden)
    assert str(hand_picture([])) == "No cards in this hand."


def test_a_card_picture_names_the_card() -> None:
    assert str(card_picture("potato")) == "Potato: Seeds and roots, 3 points."
    assert str(card_picture("potato", lang="es")) == "Papa: Semillas y raíces, 3 puntos."
    behind = card_picture("potato", face_down=True)
    assert "Potato" not in behind._repr_svg_() and "Seeds and roots" in str(behind)


# ---------------------------------------------------------------------------- the deck


def test_the_gallery_shows_all_40_cards_grouped_by_category() -> None:
    scene = card_gallery().scene
    faces = [s.id for s in scene if s.id.endswith("-face")]
    assert len(faces) == len(CARDS) == 40
    tops = {}
    for c in CATEGORIES:
        ids = [f"row-{c}-{card.id}-face" for card in cards_of(c)]
        assert all(i in faces for i in ids)
        rows = {scene.find(i).bbox()[1] for i in ids}
        assert len(rows) == 1, f"{c}: its cards lie in one row"
        tops[c] = rows.pop()
    assert list(tops) == sorted(tops, key=lambda c: tops[c]), "categories in the rulebook's order"
    headings = [s.text for s in _texts(scene.shapes) if s.id.endswith("-heading")]
    assert headings[0] == "Seeds and roots: 7 cards, 16 points in all"
    assert scene.width <= 900, "it fits a notebook column on a 1366 px laptop"


def test_the_gallery_says_every_card_in_words() -> None:
    """Its words (a screen reader's, a terminal's) name each category's cards and points."""
    lines = str(card_gallery()).splitlines()
    assert lines[0] == "The 40 discovery cards of Nuevo Mundo, by category."
    assert len(lines) == 1 + len(CATEGORIES)
    assert lines[6].startswith("Animals: 6 cards, 13 points in all — Turkey (4 points), Llama")
    for card in CARDS:
        assert sum(card_name(card) + " (" in line for line in lines) == 1, card.name
    data, _ = card_gallery("es")._repr_mimebundle_()
    assert "Maíz (4 puntos), Papa (3 puntos)" in str(data["text/plain"])


def test_the_gallery_keeps_the_points_order_within_a_category() -> None:
    for c in CATEGORIES:
        points = [card.points for card in cards_of(c)]
        assert points == sorted(points, reverse=True)


def test_a_gallery_of_some_categories_in_spanish() -> None:
    picture = card_gallery("es", categories=["riches", "animals"])
    title = str(picture).splitlines()[0]
    assert title == "Cartas de descubrimiento de Nuevo Mundo: Riquezas y Animales."
    faces = [s for s in picture.scene if s.id.endswith("-face")]
    assert len(faces) == len(cards_of("riches")) + len(cards_of("animals"))
    with pytest.raises(ValueError, match="no category called gems"):
        card_gallery(categories=["gems"])


def test_the_category_table_counts_the_whole_deck() -> None:
    table = category_table()
    assert [row[0] for row in table.rows] == [category_name(c) for c in CATEGORIES]
    assert sum(int(row[1]) for row in table.rows) == 40
    assert sum(int(row[2]) for row in table.rows) == sum(c.points for c in CARDS) == 90
    assert "<table" in table._repr_html_()


def test_the_exchange_went_both_ways_and_names_its_cost() -> None:
    table = exchange_table()
    directions = [row[0] for row in table.rows]
    assert len(set(directions)) == 2
    everything = " ".join(" ".join(row) for row in table.rows)
    for word in ("horses", "wheat", "cattle", "sugar cane", "smallpox", "maize", "Potosí"):
        assert word in everything, word
    spanish = " ".join(" ".join(row) for row in exchange_table("es").rows)
    for word in ("caballos", "trigo", "caña de azúcar", "viruela", "esclavizados"):
        assert word in spanish, word


def test_facts_of_cards_and_of_a_whole_category() -> None:
    lines = facts("maize", "silver")
    assert lines[0].startswith("Maize (Seeds and roots, 4 points): Farmers in southern Mexico")
    assert "Potosí" in lines[1]
    assert len(facts("animals")) == len(cards_of("animals"))
    assert facts("cacao", lang="es")[0].startswith("Cacao (Frutos secos y hojas, 4 puntos):")
    with pytest.raises(ValueError):
        facts("horse")
