"""Draw a scene as SVG text (for ``_repr_svg_``, exported notebooks and printed handouts)."""

from __future__ import annotations

from html import escape

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


class Picture:
    """A static drawing that shows itself in a notebook, in exported HTML and on GitHub."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene

    def _repr_svg_(self) -> str:
        return to_svg(self.scene)

    def __repr__(self) -> str:
        return f"<Picture: {self.scene.title or 'a drawing'}>"
