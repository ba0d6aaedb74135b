"""Draw a scene as SVG text (for ``_repr_svg_``, exported notebooks and printed handouts),
and ``Picture``: a still drawing that shows itself as SVG, as a PNG where SVG is not shown
(a notebook the reader did not run), and in words."""

from __future__ import annotations

import base64
from functools import lru_cache
from html import escape

from gamecore.words import t

from .raster import to_png
from .scene import Circle, Path, Polygon, Rect, Scene, Shape, Text

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _style(s: Shape) -> str:
    parts = [f'fill="{s.fill or "none"}"']
    if s.stroke:
        parts.append(f'stroke="{s.stroke}" stroke-width="{_num(s.stroke_width)}"')
        parts.append('stroke-linecap="round" stroke-linejoin="round"')
    if s.opacity < 1:
        parts.append(f'opacity="{_num(s.opacity)}"')
    if s.id:
        parts.append(f'id="{escape(s.id)}"')
    if s.target:
        parts.append(f'data-target="{escape(s.target)}"')
    return " ".join(parts)


def path_data(commands: tuple[tuple[object, ...], ...]) -> str:
    out = []
    for cmd in commands:
        out.append(str(cmd[0]) + " ".join(_num(float(v)) for v in cmd[1:]))  # type: ignore[arg-type]
    return " ".join(out)


def shape_svg(s: Shape) -> str:
    """One shape as an SVG element. Shapes are frozen values, and a table drawn again after a
    move is mostly the same shapes (the cards, the board), so their text is remembered
    (the class server draws every seat's table after every move). The very same shape
    object (``widgets.scene.drawn_once``) is found by its identity, without hashing it."""
    known = _BY_IDENTITY.get(id(s))
    if known is not None and known[0] is s:
        return known[1]
    try:
        text = _remembered(s)
    except TypeError:  # a shape built with a list somewhere cannot be a key: drawn afresh
        return _shape_svg(s)
    if len(_BY_IDENTITY) >= 1 << 16:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[id(s)] = (s, text)  # the shape is kept, so its id is not given to another
    return text


_BY_IDENTITY: dict[int, tuple[Shape, str]] = {}


@lru_cache(maxsize=1 << 16)
def _remembered(s: Shape) -> str:
    return _shape_svg(s)


def _shape_svg(s: Shape) -> str:
    if isinstance(s, Rect):
        r = f' rx="{_num(s.radius)}"' if s.radius else ""
        return (
            f'<rect x="{_num(s.x)}" y="{_num(s.y)}" width="{_num(s.width)}" '
            f'height="{_num(s.height)}"{r} {_style(s)}/>'
        )
    if isinstance(s, Circle):
        return f'<circle cx="{_num(s.cx)}" cy="{_num(s.cy)}" r="{_num(s.r)}" {_style(s)}/>'
    if isinstance(s, Polygon):
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in s.points)
        return f'<polygon points="{pts}" {_style(s)}/>'
    if isinstance(s, Path):
        return f'<path d="{path_data(s.commands)}" {_style(s)}/>'
    if isinstance(s, Text):
        weight = ' font-weight="bold"' if s.bold else ""
        return (
            f'<text x="{_num(s.x)}" y="{_num(s.y)}" font-size="{_num(s.size)}" '
            f'font-family="{FONT}" text-anchor="{_ANCHOR[s.anchor]}" '
            f'dominant-baseline="central"{weight} {_style(s)}>{escape(s.text)}</text>'
        )
    raise TypeError(f"cannot draw {type(s).__name__} as SVG")


def to_svg(scene: Scene) -> str:
    """The whole scene as one standalone ``<svg>`` element."""
    body = "\n".join(shape_svg(s) for s in scene.shapes)
    title = f"<title>{escape(scene.title)}</title>" if scene.title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{scene.width}" '
        f'height="{scene.height}" viewBox="0 0 {scene.width} {scene.height}" role="img"'
        f' aria-label="{escape(scene.title)}">{title}'
        f'<rect width="100%" height="100%" fill="{scene.background}"/>\n{body}\n</svg>'
    )


Bundle = tuple[dict[str, object], dict[str, object]]
"""What ``_repr_mimebundle_`` returns: the outputs by MIME type, and their metadata."""


def sentence(words: str) -> str:
    """``words`` as a sentence: a capital first letter and a full stop."""
    words = words.strip()
    if not words:
        return t("pictures.untitled")
    if words[-1] not in ".!?":
        words += "."
    return words[0].upper() + words[1:]


def png_metadata(scene: Scene) -> dict[str, object]:
    """Show a PNG at the scene's own size, however many device pixels it has (2x for
    sharpness); JupyterLab still narrows it to a narrower column."""
    return {"image/png": {"width": scene.width, "height": scene.height}}


def png_base64(scene: Scene) -> str:
    """The scene as a PNG, base64-encoded as a notebook stores it."""
    return base64.b64encode(to_png(scene)).decode("ascii")


def picture_bundle(scene: Scene, text: str | None = None) -> Bundle:
    """SVG, PNG and words for a still picture.

    A notebook the reader ran (trusted) shows the SVG, sharp at every zoom; one the reader
    did not run (a lesson opened on Binder) shows no SVG or HTML, and falls back to the
    PNG; a terminal shows the words (``text``, by default the scene's title as a sentence).
    """
    data: dict[str, object] = {
        "image/svg+xml": to_svg(scene),
        "image/png": png_base64(scene),
        "text/plain": sentence(scene.title) if text is None else text,
    }
    return data, png_metadata(scene)


def still_bundle(scene: Scene, caption: str) -> dict[str, object]:
    """The outputs a live widget adds for when it cannot run: a PNG of ``scene`` and
    ``caption`` in words (``t("pictures.run_cell_to_play")`` for a table). Pair it with
    ``png_metadata(scene)``.

    No SVG: where a widget cannot be shown (an untrusted notebook, an exported page) the
    PNG is the picture that can, and an SVG would only double the notebook's size.
    """
    return {"image/png": png_base64(scene), "text/plain": caption}


class Picture:
    """A static drawing that shows itself in a notebook (SVG, or a PNG where SVG is not
    shown), in exported HTML and on GitHub, and says in words what it shows."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> Bundle:
        return picture_bundle(self.scene)

    def _repr_svg_(self) -> str:
        return to_svg(self.scene)

    def _repr_png_(self) -> bytes:
        return to_png(self.scene)

    def __str__(self) -> str:
        return sentence(self.scene.title)

    def __repr__(self) -> str:
        return f"<Picture: {self.scene.title or 'a drawing'}>"
