"""Draw a scene as a PNG, in pure Python (matplotlib's Agg renderer and Pillow).

Why a PNG besides the SVG: JupyterLab does not render SVG or HTML outputs of a notebook
that the reader did not run themselves (any lesson opened on Binder, or downloaded); it
shows the first *safe* output of the bundle instead, and a PNG is safe. So every static
picture carries both, and a lesson opened before it is run still shows its pictures.

The PNG is drawn from the same ``Scene`` as the SVG and the canvas, with the same rules:
a text's ``y`` is its vertical middle, strokes have round caps and joins, ``opacity``
fades the whole shape. Shapes are drawn by matplotlib's Agg renderer, anti-aliased. Text is
DejaVu Sans, the first font the SVG asks for, read from matplotlib's own copy (nothing is
fetched, and the picture looks the same on every machine); its letters are drawn by
Pillow's FreeType, which is ten times faster than Agg's text and matters in a table of a
hundred labels, and blended into Agg's image in drawing order.

matplotlib is imported when the first picture is drawn, not when ``widgets`` is, so a
lesson that never shows a still picture does not pay for it.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any, cast

from .scene import Circle, Path, Polygon, Rect, Scene, Shape, Text

if TYPE_CHECKING:
    import numpy as np
    from PIL import Image

SCALE = 2
"""Device pixels per scene pixel: a 2x PNG stays sharp on high-density screens and
projectors, and its metadata makes it display at the scene's own size."""
MAX_PIXELS = 1_600_000
"""Above this many device pixels a picture is drawn at a smaller scale (never below 1x),
which keeps the largest tables' PNGs small (see ``docs/performance.md``)."""
COLOURS = 256
"""A PNG is packed to a palette of this many colours: the scenes use a few dozen colours
plus their anti-aliased edges, and a palette PNG is a third of the size of a full one."""

FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
"""The font of every picture's text, regular and bold (files of matplotlib's data)."""
_ANCHOR = {"start": "lm", "middle": "mm", "end": "rm"}
"""Pillow's anchors: left, middle or right at x; vertically, the middle between the font's
ascender and descender at y, which is where SVG's ``dominant-baseline: central`` puts it."""


def scale_for(scene: Scene) -> float:
    """The device pixels per scene pixel for ``scene``: ``SCALE``, less for huge scenes."""
    pixels = scene.width * scene.height
    if pixels * SCALE * SCALE <= MAX_PIXELS:
        return float(SCALE)
    return max(1.0, float((MAX_PIXELS / pixels) ** 0.5))  # float ** float is typed Any


def to_png(scene: Scene, *, scale: float | None = None) -> bytes:
    """``scene`` as PNG bytes, ``scale`` device pixels per scene pixel (default:
    ``scale_for(scene)``); the image is ``round(width * scale)`` x ``round(height * scale)``."""
    packed = pack(to_image(scene, scale=scale), scene_colours(scene))
    out = io.BytesIO()
    packed.save(out, format="PNG", compress_level=6)
    return out.getvalue()


def scene_colours(scene: Scene) -> list[str]:
    """Every ``#rrggbb`` colour the scene paints with (fills, strokes, texts, background)."""
    found = {scene.background}
    for s in scene.shapes:
        found.update(c for c in (s.fill, s.stroke) if c)
    return sorted(c for c in found if len(c) == 7 and c.startswith("#"))


def pack(image: Image.Image, exact: Sequence[str] = ()) -> Image.Image:
    """``image`` with a palette of at most ``COLOURS`` colours, in which every colour of
    ``exact`` keeps its exact value.

    A fast octree palette serves the anti-aliased edges and faded shapes; the scene's own
    colours are then put back wherever a pixel had one exactly (an octree merges close
    light colours, such as the paper and a pale card face, which a reader would notice).
    """
    import numpy as np
    from PIL import Image

    rgb = image.convert("RGB")
    keys = sorted({int(c[1:], 16) for c in exact})[: COLOURS // 2]
    n = COLOURS - len(keys)
    octree = rgb.quantize(n, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    index = np.asarray(octree, dtype=np.uint8)
    if keys:
        # Each pixel as one number, 0xBBGGRR (the bytes R, G, B, A read as little-endian),
        # looked up in a table of every colour: 1 + k for exact colour k, else 0.
        rgba = np.ascontiguousarray(np.asarray(image.convert("RGBA")))
        code = rgba.view("<u4")[..., 0] & 0xFFFFFF
        table = np.zeros(1 << 24, dtype=np.uint8)
        bgr = [((k & 255) << 16) | (k & 0xFF00) | (k >> 16) for k in keys]
        table[bgr] = np.arange(1, len(keys) + 1, dtype=np.uint8)
        found = table[code]
        index = np.where(found > 0, found + (n - 1), index).astype(np.uint8)
    palette = octree.getpalette() or []
    palette = palette[: 3 * n] + [0] * (3 * n - len(palette[: 3 * n]))
    palette += [(k >> shift) & 255 for k in keys for shift in (16, 8, 0)]
    packed = Image.fromarray(index, "P")
    packed.putpalette(palette)
    return packed


def to_image(scene: Scene, *, scale: float | None = None) -> Image.Image:
    """``scene`` drawn as a Pillow RGBA image (full colour, before packing)."""
    import numpy as np
    from matplotlib.backends.backend_agg import RendererAgg
    from matplotlib.transforms import Affine2D
    from PIL import Image

    scale = scale_for(scene) if scale is None else scale
    width, height = round(scene.width * scale), round(scene.height * scale)
    # Drawn straight on the renderer, without figures and artists (ten times faster). At
    # 72 dpi per scene pixel, the scene's font sizes and line widths are matplotlib's points.
    # RendererAgg's methods carry no annotations: it is drawn on as Any (as _fill takes it)
    renderer: Any = cast(Any, RendererAgg)(width, height, 72 * scale)
    flip = Affine2D().scale(scale, -scale).translate(0, height)
    back = _rounded_rect(Rect(width=scene.width, height=scene.height))
    _fill(renderer, back, flip, scene.background, None, 0.0, 1.0)
    pixels = np.asarray(renderer.buffer_rgba())  # the renderer's own memory
    for shape in scene.shapes:
        if isinstance(shape, Text):
            _text(pixels, shape, scale)
        elif shape.fill or shape.stroke:
            _fill(
                renderer,
                _outline(shape),
                flip,
                shape.fill,
                shape.stroke,
                shape.stroke_width,
                shape.opacity,
            )
    buffer = renderer.buffer_rgba()
    return Image.frombuffer("RGBA", (width, height), buffer, "raw", "RGBA", 0, 1).copy()


def _fill(
    renderer: Any,
    outline: Any,
    transform: Any,
    fill: str | None,
    stroke: str | None,
    stroke_width: float,
    opacity: float,
) -> None:
    """Fill and stroke one outline, as SVG does: round caps and joins, ``opacity`` on both."""
    from matplotlib.colors import to_rgba

    gc = renderer.new_gc()
    gc.set_antialiased(True)
    gc.set_alpha(opacity)
    gc.set_capstyle("round")
    gc.set_joinstyle("round")
    if stroke:
        gc.set_foreground(stroke)
        gc.set_linewidth(stroke_width)
    else:
        gc.set_linewidth(0)
    face = to_rgba(fill, opacity) if fill else None
    renderer.draw_path(gc, outline, transform, face)
    gc.restore()


def _text(pixels: Any, s: Text, scale: float) -> None:
    """Blend a line of text into ``pixels`` (the opaque RGBA image being drawn): its middle
    at ``s.y``, aligned at ``s.x`` as ``s.anchor`` says."""
    import numpy as np
    from matplotlib.colors import to_rgb
    from PIL import Image, ImageDraw

    if not s.text.strip():
        return
    font = _font(s.bold, round(s.size * scale * 4) / 4)
    anchor = _ANCHOR[s.anchor]
    x, y = s.x * scale, s.y * scale
    left, top, right, bottom = font.getbbox(s.text, anchor=anchor)
    ox, oy = math.floor(x + left), math.floor(y + top)
    w, h = math.ceil(x + right) - ox + 1, math.ceil(y + bottom) - oy + 1
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).text((x - ox, y - oy), s.text, fill=255, font=font, anchor=anchor)
    height, width = pixels.shape[:2]
    x0, y0, x1, y1 = max(ox, 0), max(oy, 0), min(ox + w, width), min(oy + h, height)
    if x0 >= x1 or y0 >= y1:
        return
    cover = np.asarray(mask)[y0 - oy : y1 - oy, x0 - ox : x1 - ox, None]
    alpha = cover * (s.opacity / 255)
    ink = np.array(to_rgb(s.fill or "#000000")) * 255
    under = pixels[y0:y1, x0:x1, :3]
    pixels[y0:y1, x0:x1, :3] = (under + (ink - under) * alpha + 0.5).astype(np.uint8)


@cache
def _font(bold: bool, size: float) -> Any:
    """DejaVu Sans (bold or regular) at ``size`` pixels to the em, from matplotlib's data."""
    import matplotlib
    from PIL import ImageFont

    path = FsPath(matplotlib.get_data_path()) / "fonts" / "ttf" / FONT_FILES[bold]
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def _outline(s: Shape) -> Any:
    """The shape as a matplotlib Path in scene coordinates."""
    from matplotlib.path import Path as MPath

    if isinstance(s, Rect):
        return _rounded_rect(s)
    if isinstance(s, Circle):
        return MPath.circle((s.cx, s.cy), s.r)
    if isinstance(s, Polygon):
        points = [*s.points, s.points[0]]
        codes = [MPath.MOVETO] + [MPath.LINETO] * (len(s.points) - 1) + [MPath.CLOSEPOLY]
        return MPath(points, codes)
    if isinstance(s, Path):
        return _path(s)
    raise TypeError(f"cannot draw {type(s).__name__} as a PNG")


def _rounded_rect(s: Rect) -> Any:
    """A rectangle whose corners are quarter circles of ``radius`` (as in SVG's ``rx``)."""
    from matplotlib.path import Path as MPath

    x, y, w, h = s.x, s.y, s.width, s.height
    r = min(s.radius, w / 2, h / 2)
    if r <= 0:
        return MPath(
            [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)],
            [MPath.MOVETO, MPath.LINETO, MPath.LINETO, MPath.LINETO, MPath.CLOSEPOLY],
        )
    k = 0.5523 * r  # cubic Bézier handles of a quarter circle
    vertices = [
        (x + r, y),
        (x + w - r, y),
        (x + w - r + k, y), (x + w, y + r - k), (x + w, y + r),
        (x + w, y + h - r),
        (x + w, y + h - r + k), (x + w - r + k, y + h), (x + w - r, y + h),
        (x + r, y + h),
        (x + r - k, y + h), (x, y + h - r + k), (x, y + h - r),
        (x, y + r),
        (x, y + r - k), (x + r - k, y), (x + r, y),
        (x + r, y),
    ]  # fmt: skip
    corner = [MPath.CURVE4] * 3
    codes = [
        MPath.MOVETO, MPath.LINETO, *corner, MPath.LINETO, *corner,
        MPath.LINETO, *corner, MPath.LINETO, *corner, MPath.CLOSEPOLY,
    ]  # fmt: skip
    return MPath(vertices, codes)


def _path(s: Path) -> Any:
    """SVG-like commands (M, L, Q, Z) as a matplotlib Path."""
    from matplotlib.path import Path as MPath

    vertices: list[tuple[float, float]] = []
    codes: list[np.uint8] = []  # matplotlib's path codes (MPath.MOVETO, ...)
    start = (0.0, 0.0)
    for cmd in s.commands:
        op, nums = cmd[0], [float(v) for v in cmd[1:]]  # type: ignore[arg-type]
        if op == "M":
            start = (nums[0], nums[1])
            vertices.append(start)
            codes.append(MPath.MOVETO)
        elif op == "L":
            vertices.append((nums[0], nums[1]))
            codes.append(MPath.LINETO)
        elif op == "Q":
            vertices += [(nums[0], nums[1]), (nums[2], nums[3])]
            codes += [MPath.CURVE3, MPath.CURVE3]
        elif op == "Z":
            vertices.append(start)
            codes.append(MPath.CLOSEPOLY)
        else:
            raise ValueError(f"unknown path command {op!r}")
    return MPath(vertices, codes)
