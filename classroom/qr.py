"""The start page's address as a QR code: text blocks for the terminal ``make class`` prints
in (a projected terminal, read by a phone's camera), and an SVG for a page on a projector
(``GET /qr.svg``).

Always a full QR code (``segno.make_qr``), never a Micro QR code, which phone cameras do
not read; error correction M at least (segno raises it when the same size allows).
"""

from __future__ import annotations

import functools
import io

import segno

from gamecore.words import t

ERROR = "m"
"""Error correction: about 15% of the code may be lost (a projector's glare, a shadow)."""


def qr_code(address: str) -> segno.QRCode:
    """The QR code of ``address``, as both the terminal and ``/qr.svg`` draw it."""
    return segno.make_qr(address, error=ERROR)


@functools.lru_cache(maxsize=16)
def qr_svg(address: str) -> str:
    """The code as a standalone SVG that scales to its box (a ``viewBox``, no fixed size):
    dark modules on a white ground with the quiet zone, whatever the page's colours."""
    out = io.BytesIO()
    qr_code(address).save(
        out,
        kind="svg",
        border=4,
        dark="#000",
        light="#fff",
        omitsize=True,
        title=address,
        svgclass="qr",
        lineclass=None,
    )
    return out.getvalue().decode("utf-8")


def qr_lines(address: str) -> list[str]:
    """The code in half-block characters, two rows of modules to a line: a full block is a
    light module, a space a dark one, so on a terminal's usual light-on-dark text it reads
    as dark on light, with its quiet zone all round."""
    out = io.StringIO()
    qr_code(address).terminal(out=out, compact=True)
    return out.getvalue().splitlines()


def start_lines(address: str, lang: str, encoding: str = "utf-8") -> list[str]:
    """What ``python -m classroom serve`` prints under the server's address for the
    students, in the server's language: the sentence to say, then the code to scan. A
    terminal whose ``encoding`` has no block characters (a Windows console redirected to a
    file in cp1252) gets the sentence alone: the code is also at ``/qr.svg``."""
    said = [t("classroom_start.students", lang=lang, address=address)]
    code = qr_lines(address)
    try:
        "".join(code).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return said
    return [*said, t("classroom_start.scan", lang=lang), *code]
