"""A scene: plain-Python shapes with ids, drawn by two renderers (ipycanvas and SVG).

The scene is data. Tests read it, hit-testing runs on it (which card did a click land on?),
and ``widgets.svg`` / ``widgets.canvas`` draw it. Coordinates are pixels of the scene, with
the origin at the top left.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import ParamSpec

from gamecore.words import once_per_language

_P = ParamSpec("_P")

Point = tuple[float, float]
PathCommand = tuple[object, ...]
"""("M", x, y) move, ("L", x, y) line, ("Q", cx, cy, x, y) curve, ("Z",) close."""


@dataclass(frozen=True)
class Shape:
    """What every shape has: an id, an optional click target, and a style."""

    id: str = ""
    target: str | None = None
    """The name a click on this shape reports (e.g. "hand:42"); None: not clickable."""
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 1.0
    opacity: float = 1.0

    def contains(self, x: float, y: float) -> bool:
        return False

    def bbox(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the shape."""
        raise NotImplementedError


@dataclass(frozen=True)
class Rect(Shape):
    x: float = 0
    y: float = 0
    width: float = 0
    height: float = 0
    radius: float = 0

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.width and self.y <= y <= self.y + self.height

    def bbox(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.width, self.height)


@dataclass(frozen=True)
class Circle(Shape):
    cx: float = 0
    cy: float = 0
    r: float = 0

    def contains(self, x: float, y: float) -> bool:
        return math.hypot(x - self.cx, y - self.cy) <= self.r

    def bbox(self) -> tuple[float, float, float, float]:
        return (self.cx - self.r, self.cy - self.r, 2 * self.r, 2 * self.r)


@dataclass(frozen=True)
class Polygon(Shape):
    points: tuple[Point, ...] = ()

    def contains(self, x: float, y: float) -> bool:
        inside = False
        pts = self.points
        for i, (x1, y1) in enumerate(pts):
            x2, y2 = pts[i - 1]
            if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                inside = not inside
        return inside

    def bbox(self) -> tuple[float, float, float, float]:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@dataclass(frozen=True)
class Path(Shape):
    commands: tuple[PathCommand, ...] = ()

    def _points(self) -> list[Point]:
        pts: list[Point] = []
        for cmd in self.commands:
            nums = [float(v) for v in cmd[1:]]  # type: ignore[arg-type]
            pts.extend(zip(nums[0::2], nums[1::2]))
        return pts

    def bbox(self) -> tuple[float, float, float, float]:
        pts = self._points()
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def contains(self, x: float, y: float) -> bool:
        bx, by, bw, bh = self.bbox()
        return bx <= x <= bx + bw and by <= y <= by + bh


@dataclass(frozen=True)
class Text(Shape):
    x: float = 0
    y: float = 0
    text: str = ""
    size: float = 14
    anchor: str = "start"
    """"start", "middle" or "end" (horizontal alignment at x)."""
    bold: bool = False

    def bbox(self) -> tuple[float, float, float, float]:
        width = 0.6 * self.size * len(self.text)
        left = {"start": self.x, "middle": self.x - width / 2, "end": self.x - width}[self.anchor]
        return (left, self.y - self.size / 2, width, self.size)

    def contains(self, x: float, y: float) -> bool:
        bx, by, bw, bh = self.bbox()
        return bx <= x <= bx + bw and by <= y <= by + bh


def wrap(
    text: str, width: float, size: float, *, bold: bool = False, shortest: int = 6
) -> list[str]:
    """Break ``text`` into lines of about ``width`` pixels at font ``size``.

    A character is taken as 0.6 of the font size (0.64 in bold), as ``Text.bbox`` does; a
    line holds at least ``shortest`` characters, however narrow ``width`` is.
    """
    per_line = max(shortest, int(width / ((0.64 if bold else 0.6) * size)))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


@dataclass
class Scene:
    """Shapes in drawing order (later ones on top), in a ``width`` x ``height`` space."""

    width: int
    height: int
    background: str = "#ffffff"
    title: str = ""
    """What the picture shows, in words (the SVG's title, for screen readers)."""
    shapes: list[Shape] = field(default_factory=list)

    def add(self, *shapes: Shape) -> None:
        self.shapes.extend(shapes)

    def extend(self, shapes: Iterable[Shape]) -> None:
        self.shapes.extend(shapes)

    def hit(self, x: float, y: float) -> str | None:
        """The target of the topmost clickable shape under (x, y), or None."""
        for shape in reversed(self.shapes):
            if shape.target is not None and shape.contains(x, y):
                return shape.target
        return None

    def find(self, shape_id: str) -> Shape:
        """The shape with this id (a KeyError if there is none)."""
        for shape in self.shapes:
            if shape.id == shape_id:
                return shape
        raise KeyError(shape_id)

    def ids(self) -> list[str]:
        return [s.id for s in self.shapes if s.id]

    def targets(self) -> list[str]:
        """Every clickable target, in drawing order, once each."""
        seen: dict[str, None] = {}
        for s in self.shapes:
            if s.target is not None:
                seen.setdefault(s.target, None)
        return list(seen)

    def center_of(self, target: str) -> Point:
        """The middle of the first shape with this target (where a test would click)."""
        for s in self.shapes:
            if s.target == target:
                x, y, w, h = s.bbox()
                return (x + w / 2, y + h / 2)
        raise KeyError(target)

    def texts(self) -> list[str]:
        return [s.text for s in self.shapes if isinstance(s, Text)]

    def colours(self) -> set[str]:
        """Every fill colour used (the browser test looks for these in the pixels)."""
        return {s.fill for s in self.shapes if s.fill}

    def __iter__(self) -> Iterator[Shape]:
        return iter(self.shapes)


def translate(shapes: Sequence[Shape], dx: float, dy: float) -> list[Shape]:
    """The same shapes moved by (dx, dy)."""
    import dataclasses

    moved: list[Shape] = []
    for s in shapes:
        if isinstance(s, Rect):
            moved.append(dataclasses.replace(s, x=s.x + dx, y=s.y + dy))
        elif isinstance(s, Circle):
            moved.append(dataclasses.replace(s, cx=s.cx + dx, cy=s.cy + dy))
        elif isinstance(s, Polygon):
            moved.append(
                dataclasses.replace(s, points=tuple((x + dx, y + dy) for x, y in s.points))
            )
        elif isinstance(s, Path):
            cmds = []
            for cmd in s.commands:
                nums = list(cmd[1:])
                shifted = [
                    float(v) + (dx if i % 2 == 0 else dy)  # type: ignore[arg-type]
                    for i, v in enumerate(nums)
                ]
                cmds.append((cmd[0], *shifted))
            moved.append(dataclasses.replace(s, commands=tuple(cmds)))
        elif isinstance(s, Text):
            moved.append(dataclasses.replace(s, x=s.x + dx, y=s.y + dy))
        else:
            moved.append(s)
    return moved


DRAWN_KEPT = 1 << 14
"""How many drawings each ``drawn_once`` function keeps (all forgotten when it is full)."""


def drawn_once(draw: Callable[_P, list[Shape]]) -> Callable[_P, list[Shape]]:
    """``draw`` (a function of hashable values that returns shapes, its words in the language
    spoken now) remembering what it drew: the same call in the same language gives a new
    list of the very same shapes. So a table drawn again after a move costs little for what
    did not change (a card, another player's board), and the SVG of those shapes is found by
    identity (``widgets.svg.shape_svg``). A call with an unhashable value is drawn afresh."""

    def drawing(*args: _P.args, **kwargs: _P.kwargs) -> tuple[Shape, ...]:
        return tuple(draw(*args, **kwargs))

    kept = once_per_language(DRAWN_KEPT)(drawing)

    @functools.wraps(draw)
    def remembered(*args: _P.args, **kwargs: _P.kwargs) -> list[Shape]:
        return list(kept(*args, **kwargs))

    return remembered
