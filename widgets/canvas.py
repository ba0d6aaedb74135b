"""Draw a scene on an ipycanvas Canvas and turn clicks into targets.

Every redraw is one ``hold_canvas()`` block (one message to the browser), and the last
scene is drawn again whenever a client connects (Voila, a reload, a second view), so the
canvas is never blank.

Size: the canvas fills the width of its output column, never more than its pixel width,
and keeps its proportions; ipycanvas converts pointer positions to canvas pixels however
the page scales the element, so click coordinates are always scene coordinates.

Where a click lands: ipycanvas focuses the canvas on a mouse press *before* it measures
where the canvas is. When the canvas did not have the focus (a button had it) and is not
wholly on screen, that focus scrolls JupyterLab's notebook, and the press is measured
against the scrolled canvas: 300-400 px off. Pressing a button does not move the pointer,
so the table takes the press to be where the pointer was last seen moving over the canvas
(mouse moves are measured without any focus change), and falls back to the press's own
position when no move was seen since the pointer entered. Taps on a touch screen come as
touch events and are handled like clicks.
"""

from __future__ import annotations

import math
import traceback
from collections.abc import Callable
from typing import Any

from ipycanvas import Canvas, hold_canvas

from gamecore.words import t

from .scene import Circle, Path, Polygon, Rect, Scene, Shape, Text
from .svg import FONT

try:  # the command codes of ipycanvas' wire protocol (checked at import, with a fallback)
    from ipycanvas.canvas import COMMANDS as _COMMANDS

    _SET: int | None = _COMMANDS.get("set")
except ImportError:  # pragma: no cover - other ipycanvas versions
    _SET = None
_ATTRIBUTE_CODES: dict[str, int] = dict(getattr(Canvas, "ATTRS", {}))

ClickHandler = Callable[[str | None, float, float], None]
ErrorHandler = Callable[[str], None]

_ALIGN = {"start": "left", "middle": "center", "end": "right"}


def _rounded(canvas: Canvas, s: Rect) -> None:
    r = min(s.radius, s.width / 2, s.height / 2)
    x, y, w, h = s.x, s.y, s.width, s.height
    canvas.begin_path()
    canvas.move_to(x + r, y)
    canvas.arc_to(x + w, y, x + w, y + h, r)
    canvas.arc_to(x + w, y + h, x, y + h, r)
    canvas.arc_to(x, y + h, x, y, r)
    canvas.arc_to(x, y, x + w, y, r)
    canvas.close_path()


def _trace(canvas: Canvas, s: Path) -> None:
    canvas.begin_path()
    for cmd in s.commands:
        op, nums = cmd[0], [float(v) for v in cmd[1:]]  # type: ignore[arg-type]
        if op == "M":
            canvas.move_to(*nums)
        elif op == "L":
            canvas.line_to(*nums)
        elif op == "Q":
            canvas.quadratic_curve_to(*nums)
        elif op == "Z":
            canvas.close_path()


Pen = dict[str, Any]
"""The drawing state already sent during one redraw (attribute name -> value)."""


def _set(canvas: Canvas, pen: Pen | None, name: str, value: object) -> None:
    """Set a canvas attribute, unless ``pen`` shows it already has that value.

    Every attribute set is a command to the browser, so skipping repeats keeps a redraw
    of hundreds of shapes fast.
    """
    if pen is not None:
        if pen.get(name) == value:
            return
        pen[name] = value
    _send_attribute(canvas, name, value)


def _send_attribute(canvas: Canvas, name: str, value: object) -> None:
    """Send a drawing attribute as one canvas command.

    ``setattr`` on an ipycanvas Canvas also validates and stores a traitlet, which costs
    more than drawing the shape; nothing reads those traitlets back, so when this version
    of ipycanvas exposes its command channel the command is sent directly.
    """
    manager = getattr(canvas, "_canvas_manager", None)
    code = _ATTRIBUTE_CODES.get(name)
    if manager is None or code is None or _SET is None:
        setattr(canvas, name, value)
    else:
        manager.send_command(canvas, [_SET, [code, value]])


def _paint(canvas: Canvas, s: Shape, pen: Pen | None = None) -> None:
    if s.fill:
        _set(canvas, pen, "fill_style", s.fill)
        canvas.fill()
    if s.stroke:
        _set(canvas, pen, "stroke_style", s.stroke)
        _set(canvas, pen, "line_width", s.stroke_width)
        canvas.stroke()


def draw_shape(canvas: Canvas, s: Shape, pen: Pen | None = None) -> None:
    """Issue the canvas commands for one shape (``pen``: see ``_set``)."""
    _set(canvas, pen, "global_alpha", s.opacity)
    if isinstance(s, Rect):
        if s.radius:
            _rounded(canvas, s)
            _paint(canvas, s, pen)
        else:
            if s.fill:
                _set(canvas, pen, "fill_style", s.fill)
                canvas.fill_rect(s.x, s.y, s.width, s.height)
            if s.stroke:
                _set(canvas, pen, "stroke_style", s.stroke)
                _set(canvas, pen, "line_width", s.stroke_width)
                canvas.stroke_rect(s.x, s.y, s.width, s.height)
    elif isinstance(s, Circle):
        canvas.begin_path()
        canvas.arc(s.cx, s.cy, s.r, 0, 6.283185307179586)
        _paint(canvas, s, pen)
    elif isinstance(s, Polygon):
        canvas.begin_path()
        first, *rest = s.points
        canvas.move_to(*first)
        for point in rest:
            canvas.line_to(*point)
        canvas.close_path()
        _paint(canvas, s, pen)
    elif isinstance(s, Path):
        _trace(canvas, s)
        _paint(canvas, s, pen)
    elif isinstance(s, Text):
        _set(canvas, pen, "font", f"{'bold ' if s.bold else ''}{s.size:.0f}px {FONT}")
        _set(canvas, pen, "text_align", _ALIGN[s.anchor])
        _set(canvas, pen, "text_baseline", "middle")
        _set(canvas, pen, "fill_style", s.fill or "#000000")
        canvas.fill_text(s.text, s.x, s.y)
    else:
        raise TypeError(f"cannot draw {type(s).__name__} on a canvas")


def _name_the_canvas(canvas: Canvas) -> None:
    """Make the next batch start by naming its canvas.

    ipycanvas names the target canvas only when it changes; a page that connects later
    (Voila, a reload) never saw the first name, and would drop the batch (blank canvas).
    """
    manager = getattr(canvas, "_canvas_manager", None)
    if manager is not None and hasattr(manager, "_current_canvas"):
        manager._current_canvas = None


def draw_scene(canvas: Canvas, scene: Scene) -> None:
    """Clear the canvas and draw the whole scene in one message."""
    _name_the_canvas(canvas)
    with hold_canvas():
        canvas.global_alpha = 1.0
        canvas.clear()
        canvas.fill_style = scene.background
        canvas.fill_rect(0, 0, scene.width, scene.height)
        canvas.line_cap = "round"
        canvas.line_join = "round"
        pen: Pen = {}
        for shape in scene.shapes:
            draw_shape(canvas, shape, pen)


Box = tuple[float, float, float, float]
"""(x, y, width, height) of an area of the canvas."""

PARTIAL_LIMIT = 0.5
"""Repaint only the changed areas while they cover less than this share of the canvas."""


def _shape_box(s: Shape) -> Box:
    """The area a shape may paint, with room for strokes, anti-aliasing and text width."""
    x, y, width, height = s.bbox()
    grow = (s.stroke_width if s.stroke else 0) + 2
    wide = grow + (0.3 * width if isinstance(s, Text) else 0)
    return (x - wide, y - grow, width + 2 * wide, height + 2 * grow)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _union(a: Box, b: Box) -> Box:
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return (x0, y0, x1 - x0, y1 - y0)


def _keyed(scene: Scene) -> dict[tuple[str, int], Shape]:
    """Shapes by (id, how many shapes with that id came before): unique even for repeats."""
    seen: dict[str, int] = {}
    keyed = {}
    for shape in scene.shapes:
        n = seen.get(shape.id, 0)
        seen[shape.id] = n + 1
        keyed[(shape.id, n)] = shape
    return keyed


def changed_areas(old: Scene, new: Scene) -> list[Box] | None:
    """The areas to repaint to turn ``old`` into ``new`` (None: repaint everything).

    Shapes are matched by id (repeated or empty ids by their order); every shape that
    appeared, vanished or changed marks the area it covered and the area it covers.
    Overlapping areas are merged.
    """
    if (old.width, old.height, old.background) != (new.width, new.height, new.background):
        return None
    before, after = _keyed(old), _keyed(new)
    boxes: list[Box] = []
    for key in before.keys() | after.keys():
        a, b = before.get(key), after.get(key)
        if a == b:
            continue
        for shape in (a, b):
            if shape is not None:
                boxes.append(_shape_box(shape))
    merged: list[Box] = []
    for box in boxes:
        while True:
            hit = next((m for m in merged if _overlap(m, box)), None)
            if hit is None:
                break
            merged.remove(hit)
            box = _union(hit, box)
        merged.append(box)
    if sum(w * h for _, _, w, h in merged) > PARTIAL_LIMIT * new.width * new.height:
        return None
    return [_whole_pixels(box) for box in merged]


def _whole_pixels(box: Box) -> Box:
    """The box grown to whole pixels: a clip edge inside a pixel would blend the repainted
    shapes with the cleared background there and leave a faint line."""
    x0, y0 = math.floor(box[0]), math.floor(box[1])
    x1, y1 = math.ceil(box[0] + box[2]), math.ceil(box[1] + box[3])
    return (x0, y0, x1 - x0, y1 - y0)


def repaint_areas(canvas: Canvas, scene: Scene, areas: list[Box]) -> int:
    """Clear each area and draw again, clipped to it, the shapes that reach into it.

    Returns the number of shapes drawn. One message, like a full redraw.
    """
    drawn = 0
    # corners (x0, y0, x1, y1), compared inline: this test runs shapes x areas times
    corners = [(x, y, x + w, y + h) for x, y, w, h in map(_shape_box, scene.shapes)]
    _name_the_canvas(canvas)
    with hold_canvas():
        canvas.global_alpha = 1.0
        canvas.line_cap = "round"
        canvas.line_join = "round"
        for area in areas:
            canvas.save()
            canvas.begin_path()
            canvas.rect(*area)
            canvas.clip()
            canvas.fill_style = scene.background
            canvas.fill_rect(*area)
            pen: Pen = {}
            ax0, ay0 = area[0], area[1]
            ax1, ay1 = ax0 + area[2], ay0 + area[3]
            for shape, (x0, y0, x1, y1) in zip(scene.shapes, corners):
                if x0 < ax1 and ax0 < x1 and y0 < ay1 and ay0 < y1:
                    draw_shape(canvas, shape, pen)
                    drawn += 1
            canvas.restore()
    return drawn


class SceneCanvas:
    """A canvas that shows one scene at a time and reports clicks as targets.

    ``on_click(target, x, y)`` gets the target under the click (None on empty space).
    Whatever the handler raises is caught and passed to ``on_error`` as a sentence, so a
    click never puts a traceback in the kernel log.
    """

    def __init__(
        self,
        scene: Scene,
        on_click: ClickHandler | None = None,
        on_error: ErrorHandler | None = None,
        css_class: str = "",
    ) -> None:
        self.scene = scene
        self.canvas = Canvas(width=scene.width, height=scene.height)
        self._fix_size()
        if css_class:
            self.canvas.add_class(css_class)
        self.on_click = on_click
        self.on_error = on_error
        self.redraws = 0
        self.pointer: tuple[float, float] | None = None
        """Where the pointer was last seen moving over the canvas (None: not since it
        entered, or it left)."""
        self.canvas.on_client_ready(self.redraw)
        self.canvas.on_mouse_move(self._mouse_move)
        self.canvas.on_mouse_out(self._mouse_out)
        self.canvas.on_mouse_down(self._mouse_down)
        self.canvas.on_touch_start(self._touch_start)
        self.redraw()

    def _fix_size(self) -> None:
        """Fit the column (never wider than the scene's pixels), keeping the proportions."""
        layout = self.canvas.layout
        with layout.hold_sync():
            layout.width = "100%"
            layout.max_width = f"{self.scene.width}px"
            layout.height = "auto"

    def show(self, scene: Scene) -> int:
        """Replace the scene, repainting only what changed; returns the shapes drawn."""
        if (scene.width, scene.height) != (self.scene.width, self.scene.height):
            self.canvas.width, self.canvas.height = scene.width, scene.height
            self.scene = scene
            self._fix_size()
            self.redraw()
            return len(scene.shapes)
        areas = changed_areas(self.scene, scene)
        self.scene = scene
        if areas is None:
            self.redraw()
            return len(scene.shapes)
        if not areas:
            return 0
        self.redraws += 1
        return repaint_areas(self.canvas, scene, areas)

    def redraw(self, *_: Any) -> None:
        draw_scene(self.canvas, self.scene)
        self.redraws += 1

    def click(self, x: float, y: float) -> None:
        """Handle a click at scene coordinates (the browser calls this through the mouse)."""
        try:
            target = self.scene.hit(x, y)
            if self.on_click is not None:
                self.on_click(target, x, y)
        except Exception as err:  # a click must never raise into the kernel log
            message = t("table.click_failed", error=str(err))
            if self.on_error is not None:
                self.on_error(message)
            else:
                traceback.print_exc()

    def _mouse_move(self, x: float, y: float) -> None:
        self.pointer = (x, y)

    def _mouse_out(self, *_: float) -> None:
        self.pointer = None

    def _mouse_down(self, x: float, y: float) -> None:
        """A press: where the pointer was seen last (see the module docstring), else here."""
        if self.pointer is not None:
            x, y = self.pointer
        self.click(x, y)

    def _touch_start(self, touches: list[tuple[float, float]]) -> None:
        """A tap: the first finger's position (taps do not focus, so they are exact)."""
        if touches:
            x, y = touches[0][:2]
            self.click(x, y)
