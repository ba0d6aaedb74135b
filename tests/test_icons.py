"""Icons are data: shapes in a unit box, one table for every game, placed by one helper."""

from __future__ import annotations

import dataclasses

import pytest

from widgets.ecosfera.cards import DRAWINGS, SYMBOLS, eco_icon
from widgets.icons import HAIRLINE, ICONS, NATURE_ICONS, icon, place
from widgets.palette import BIOME_COLOURS, ICON_COLOURS, INK
from widgets.scene import Circle, Path, Polygon, Rect, Shape, Text


def _corners(s: Shape) -> list[tuple[float, float]]:
    """The points that bound a shape (a path's curve stays inside its control points)."""
    x, y, w, h = s.bbox()
    return [(x, y), (x + w, y + h)]


@pytest.mark.parametrize("name", list(ICONS))
def test_every_icon_lies_in_the_unit_box(name: str) -> None:
    shapes = ICONS[name]
    assert shapes
    for s in shapes:
        assert isinstance(s, (Rect, Circle, Polygon, Path)), (name, s.id)
        for px, py in _corners(s):
            # the water drop's lowest control point is 1.02: its curve stays above 1
            assert -0.001 <= px <= 1.001 and -0.001 <= py <= 1.021, (name, s.id, px, py)
        assert s.id and "-" not in s.id, "a part's name, prefixed when placed"
        assert s.stroke_width < 0.2 or not s.stroke, "a stroke width is a share of the size"


def test_every_symbol_is_a_different_drawing() -> None:
    drawings = {
        name: tuple(dataclasses.astuple(s) for s in shapes) for name, shapes in ICONS.items()
    }
    assert len(set(drawings.values())) == len(drawings)


def test_every_biome_and_nature_icon_of_nuevos_mundos_has_a_drawing() -> None:
    assert set(BIOME_COLOURS) | set(ICON_COLOURS) <= set(ICONS)
    assert set(NATURE_ICONS) == set(ICON_COLOURS)
    for name in [*BIOME_COLOURS, *ICON_COLOURS]:
        shapes = icon(name, 0, 0, 40)
        assert shapes
        for s in shapes:
            x, y, w, h = s.bbox()
            assert x >= -1 and y >= -1 and x + w <= 41 and y + h <= 41, (name, s.id)


def test_place_scales_and_moves_every_kind_of_shape() -> None:
    unit = (
        Rect(id="r", x=0.1, y=0.2, width=0.5, height=0.25, radius=0.05, fill="#ff0000"),
        Circle(id="c", cx=0.5, cy=0.5, r=0.25, fill="#00ff00", stroke=INK, stroke_width=0.05),
        Polygon(id="p", points=((0, 0), (1, 0), (0.5, 1)), fill="#0000ff", opacity=0.5),
        Path(id="l", commands=(("M", 0, 0), ("Q", 0.5, 1, 1, 0), ("Z",)), stroke=INK),
    )
    r, c, p, line = place(unit, 10, 20, 40, "k")
    assert r == Rect(id="k-r", x=14, y=28, width=20, height=10, radius=2, fill="#ff0000")
    assert (c.cx, c.cy, c.r, c.stroke_width, c.id) == (30, 40, 10, 2, "k-c")
    assert isinstance(p, Polygon) and p.points == ((10, 20), (50, 20), (30, 60))
    assert p.opacity == 0.5 and p.fill == "#0000ff"
    assert isinstance(line, Path) and line.commands == (
        ("M", 10, 20),
        ("Q", 30, 60, 50, 20),
        ("Z",),
    )
    with pytest.raises(TypeError, match="cannot hold a Text"):
        place((Text(id="t", text="no"),), 0, 0, 10, "k")


def test_a_small_icon_keeps_a_visible_outline() -> None:
    tiny = {s.id: s for s in icon("water", 0, 0, 8)}
    assert tiny["icon-water-drop"].stroke_width == HAIRLINE
    big = {s.id: s for s in icon("water", 0, 0, 100)}
    assert big["icon-water-drop"].stroke_width == pytest.approx(4.0)


def test_ids_name_the_icon_and_its_part() -> None:
    ids = [s.id for s in icon("sun", 0, 0, 20)]
    assert ids == ["icon-sun-rays", "icon-sun-disc"]
    assert [s.id for s in icon("sun", 0, 0, 20, "card7-n0")] == ["card7-n0-rays", "card7-n0-disc"]
    with pytest.raises(ValueError, match="no drawing for 'dragon'; there are sun, water"):
        icon("dragon", 0, 0, 10)


def test_ecosfera_names_its_symbols_from_the_one_table() -> None:
    assert set(SYMBOLS.values()) <= set(ICONS)
    assert set(DRAWINGS) == set(SYMBOLS)
    # the same drawing under Ecosfera's name: only the ids' prefix differs
    tropical = eco_icon("tropical", 5, 5, 30, "x")
    jungle = icon("jungle", 5, 5, 30, "x")
    assert tropical == jungle
    for name in ("earth", "time", "air", "temperate_forest", "plus", "refresh", "movement"):
        assert DRAWINGS[name] is ICONS[name]


def test_the_icon_legend_names_every_nature_icon_in_tie_break_order() -> None:
    from widgets.nuevos_mundos.lesson_gallery import icon_legend

    texts = icon_legend().scene.texts()
    assert texts[:6] == ["1. sun", "2. water", "3. plants", "4. animals", "5. minerals", "6. ice"]
