"""The shared widget parts: scenes and hit-tests, SVG and pictures, partial repaints, palette
(icons: tests/test_icons.py; PNG pictures: tests/test_pictures.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from widgets.canvas import SceneCanvas, changed_areas
from widgets.palette import BIOME_COLOURS, INK, MUTED, PAPER, contrast, text_on
from widgets.scene import Circle, Path, Polygon, Rect, Scene, Text
from widgets.svg import Picture, to_svg


def sample() -> Scene:
    scene = Scene(width=300, height=200, title="sample")
    scene.add(
        Rect(id="back", x=0, y=0, width=300, height=200, fill="#eeeeee"),
        Rect(
            id="card", target="hand:42", x=10, y=10, width=60, height=90, radius=6, fill="#ff0000"
        ),
        Circle(id="dot", target="dot", cx=150, cy=50, r=20, fill="#00ff00"),
        Polygon(id="tri", target="tri", points=((200, 10), (260, 10), (230, 60)), fill="#0000ff"),
        Path(id="wave", commands=(("M", 10, 150), ("Q", 50, 120, 90, 150)), stroke="#000000"),
        Text(id="label", x=150, y=150, text="Hello & <world>", anchor="middle", fill=INK),
    )
    return scene


def test_hit_testing_finds_the_topmost_target_or_nothing():
    scene = sample()
    assert scene.hit(40, 50) == "hand:42"
    assert scene.hit(150, 50) == "dot"
    assert scene.hit(230, 20) == "tri"
    assert scene.hit(205, 55) is None  # inside the triangle's box, outside the triangle
    assert scene.hit(290, 190) is None  # the background is not clickable
    assert scene.center_of("hand:42") == (40, 55)
    assert scene.targets() == ["hand:42", "dot", "tri"]


def test_svg_is_valid_and_escapes_text():
    svg = to_svg(sample())
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "Hello &amp; &lt;world&gt;" in svg
    assert 'data-target="hand:42"' in svg
    assert Picture(sample())._repr_svg_() == svg


def test_a_picture_shows_as_svg_or_png_and_says_what_it_shows_in_words():
    data, metadata = Picture(sample())._repr_mimebundle_()
    assert set(data) == {"image/svg+xml", "image/png", "text/plain"}
    assert data["image/svg+xml"] == to_svg(sample())
    assert data["text/plain"] == "Sample."
    assert metadata == {"image/png": {"width": 300, "height": 200}}
    untitled = Scene(width=10, height=10)
    assert Picture(untitled)._repr_mimebundle_()[0]["text/plain"] == "A picture."
    assert str(Picture(sample())) == "Sample."


def test_text_colours_are_legible():
    assert contrast(INK, PAPER) >= 7
    assert contrast(MUTED, PAPER) >= 4.5
    for colour in BIOME_COLOURS.values():
        assert contrast(text_on(colour), colour) >= 4.5


def test_changed_areas_cover_exactly_what_changed():
    old = sample()
    new = sample()
    assert changed_areas(old, new) == []
    new.shapes[2] = Circle(id="dot", target="dot", cx=150, cy=50, r=20, fill="#ffff00")
    areas = changed_areas(old, new)
    assert areas is not None and len(areas) == 1
    x, y, w, h = areas[0]
    assert x <= 130 and y <= 30 and x + w >= 170 and y + h >= 70
    assert w < 100  # the rest of the picture is left alone
    bigger = Scene(width=400, height=200)
    assert changed_areas(old, bigger) is None


def test_a_scene_canvas_repaints_only_the_change_and_never_raises_on_click():
    problems = []
    clicks = []

    def handler(target, x, y):
        clicks.append(target)
        if target == "dot":
            raise RuntimeError("boom")

    view = SceneCanvas(sample(), on_click=handler, on_error=problems.append)
    layout = view.canvas.layout
    assert (layout.width, layout.max_width, layout.height) == ("100%", "300px", "auto")
    new = sample()
    new.shapes[2] = Circle(id="dot", target="dot", cx=150, cy=50, r=20, fill="#ffff00")
    drawn = view.show(new)
    assert 0 < drawn < len(new.shapes)
    view.click(40, 50)
    view.click(150, 50)
    view.click(299, 199)
    assert clicks == ["hand:42", "dot", None]
    assert problems and "boom" in problems[0]


def test_a_press_counts_where_the_pointer_was_last_seen_moving():
    """ipycanvas measures a press after focusing the canvas, which may scroll the page: the
    last pointer move (measured without focus) is where the press really was."""
    clicks = []
    view = SceneCanvas(sample(), on_click=lambda target, x, y: clicks.append((target, x, y)))
    view._mouse_move(150, 50)
    view._mouse_down(150, 50 + 355)  # what ipycanvas reports after a focus scroll
    assert clicks[-1] == ("dot", 150, 50)
    view._mouse_out(0, 0)
    view._mouse_down(40, 50)  # no move seen since the pointer came back: the press's own place
    assert clicks[-1] == ("hand:42", 40, 50)
    view._touch_start([(150, 50)])
    assert clicks[-1] == ("dot", 150, 50)


def test_the_status_line_is_sent_once_per_held_block():
    from widgets.status import StatusLine

    line = StatusLine()
    sent = []
    line.widget.observe(lambda change: sent.append(change["new"]), names="value")
    with line.hold():
        line.set(event="You ended your turn.")
        line.set(turn="Your turn (turn 2).")
    assert len(sent) == 1
    assert "turn 2" in sent[0] and "ended your turn" in sent[0]
    line.set(problem="No.")
    assert len(sent) == 2
