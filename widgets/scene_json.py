"""A scene as JSON and back: how the class server sends a seat's table to a notebook.

The class server draws each seat's table from the widget-free layers; a browser gets it as
SVG, and a notebook or Voila table that joins a room gets the scene itself
(``scene_to_json``) and draws it with the same canvas as every notebook table, its clicks
hit-tested on the same shapes (``scene_from_json``). Reading is strict: a shape of an
unknown kind, a field a shape does not have or a value of the wrong type is a
``ValueError`` that says which, so a damaged answer is refused rather than half drawn.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .scene import Circle, Path, Polygon, Rect, Scene, Shape, Text

KINDS: dict[str, type[Shape]] = {
    "rect": Rect,
    "circle": Circle,
    "polygon": Polygon,
    "path": Path,
    "text": Text,
}
_KIND_OF = {cls: kind for kind, cls in KINDS.items()}
_NUMBERS = (int, float)


def shape_to_json(shape: Shape) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": _KIND_OF[type(shape)]}
    for f in dataclasses.fields(shape):
        value = getattr(shape, f.name)
        if f.name == "points":
            value = [list(p) for p in value]
        elif f.name == "commands":
            value = [list(c) for c in value]
        data[f.name] = value
    return data


def scene_to_json(scene: Scene) -> dict[str, Any]:
    return {
        "width": scene.width,
        "height": scene.height,
        "background": scene.background,
        "title": scene.title,
        "shapes": [shape_to_json(s) for s in scene.shapes],
    }


def _check(name: str, value: Any, default: Any) -> Any:
    """``value`` if it has the type of the field's default (numbers for numbers)."""
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, _NUMBERS):
        ok = isinstance(value, _NUMBERS) and not isinstance(value, bool)
    elif isinstance(default, str):
        ok = isinstance(value, str)
    elif default is None:  # target, fill, stroke: a string or nothing
        ok = value is None or isinstance(value, str)
    else:
        ok = True
    if not ok:
        raise ValueError(f"a shape's {name} cannot be {value!r}")
    return value


def _point(value: Any) -> tuple[float, float]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, _NUMBERS) and not isinstance(v, bool) for v in value)
    ):
        raise ValueError(f"a point is two numbers, not {value!r}")
    return (value[0], value[1])


def _command(value: Any) -> tuple[object, ...]:
    sizes = {"M": 3, "L": 3, "Q": 5, "Z": 1}
    if not isinstance(value, list) or not value or sizes.get(value[0]) != len(value):
        raise ValueError(f"a path command cannot be {value!r}")
    if not all(isinstance(v, _NUMBERS) and not isinstance(v, bool) for v in value[1:]):
        raise ValueError(f"a path command's coordinates are numbers, not {value!r}")
    return tuple(value)


def shape_from_json(data: Any) -> Shape:
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        kind = data.get("kind") if isinstance(data, dict) else data
        raise ValueError(f"no shape of kind {kind!r} (the kinds: {', '.join(KINDS)})")
    cls = KINDS[data["kind"]]
    fields = {f.name: f for f in dataclasses.fields(cls)}
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name == "kind":
            continue
        if name not in fields:
            raise ValueError(f"a {data['kind']} has no field {name!r}")
        if name == "points":
            if not isinstance(value, list):
                raise ValueError("a polygon's points are a list")
            values[name] = tuple(_point(p) for p in value)
        elif name == "commands":
            if not isinstance(value, list):
                raise ValueError("a path's commands are a list")
            values[name] = tuple(_command(c) for c in value)
        else:
            values[name] = _check(name, value, fields[name].default)
    return cls(**values)


def scene_from_json(data: Any) -> Scene:
    """The scene ``scene_to_json`` wrote (a ``ValueError`` for anything else)."""
    if not isinstance(data, dict) or not isinstance(data.get("shapes"), list):
        raise ValueError("a scene is an object with its shapes")
    width, height = data.get("width"), data.get("height")
    if not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 10_000 for v in (width, height)
    ):
        raise ValueError(f"a scene's size cannot be {width!r} x {height!r}")
    background, title = data.get("background", "#ffffff"), data.get("title", "")
    if not isinstance(background, str) or not isinstance(title, str):
        raise ValueError("a scene's background and title are text")
    assert isinstance(width, int) and isinstance(height, int)
    return Scene(width, height, background, title, [shape_from_json(s) for s in data["shapes"]])
