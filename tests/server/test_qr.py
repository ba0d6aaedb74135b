"""``GET /qr.svg``: the start page's address as a QR code for a projector. The SVG's path is
read back into modules and compared with segno's own matrix of the address the request
reached the server by (or its ``base_url``, or under a proxy's path: the ASGI root path)."""

from __future__ import annotations

import asyncio
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import httpx
import pytest
import segno
from class_server import ClassServer, in_own_thread
from starlette.types import ASGIApp

from classroom.server import create_app
from classroom.store import SQLiteStore

pytestmark = pytest.mark.exclusive

SVG = "{http://www.w3.org/2000/svg}"
STEP = re.compile(r"([MmHhVvZz])\s*([-\d.\s]*)")


def dark_modules(svg: str) -> set[tuple[int, int]]:
    """The (row, column) of every dark module the SVG draws: segno strokes each row's runs
    of dark modules as horizontal lines through the middle of the row (``M4 4.5h7m2 0h1``)."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    x0, y0, width, height = map(float, root.attrib["viewBox"].split())
    assert (x0, y0) == (0, 0) and width == height
    lines = [p for p in root.iter(f"{SVG}path") if p.get("stroke")]
    assert len(lines) == 1, "one path of dark modules"
    assert lines[0].get("stroke") in ("#000", "#000000")
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for op, numbers in STEP.findall(lines[0].attrib["d"]):
        values = [float(n) for n in numbers.split()]
        if op in "Mm":
            dx, dy = values
            x, y = (dx, dy) if op == "M" else (x + dx, y + dy)
        elif op == "h":
            (run,) = values
            assert run > 0 and y % 1 == 0.5
            dark |= {(int(y), int(x) + i) for i in range(int(run))}
            x += run
        else:
            raise AssertionError(f"a step segno's QR lines do not use: {op}")
    return dark


def wanted(address: str, border: int = 4) -> set[tuple[int, int]]:
    matrix = segno.make(address, micro=False).matrix
    return {
        (r + border, c + border) for r, row in enumerate(matrix) for c, m in enumerate(row) if m
    }


def test_the_start_pages_address_as_a_qr_svg(server: ClassServer) -> None:
    answer = httpx.get(f"{server.url}/qr.svg")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    dark = dark_modules(answer.text)
    address = f"{server.url}/"
    assert dark == wanted(address)
    assert dark != wanted(f"http://127.0.0.1:{server.port + 1}/")
    assert ET.fromstring(answer.text).findtext(f"{SVG}title") == address


def test_the_code_names_the_base_url_or_the_proxys_path(tmp_path: Path) -> None:
    def svg(app: ASGIApp, path: str, root_path: str = "") -> str:
        async def get() -> str:
            transport = httpx.ASGITransport(app=app, root_path=root_path)
            async with httpx.AsyncClient(transport=transport, base_url="http://laptop") as c:
                answer = await c.get(path)
            assert answer.status_code == 200
            return answer.text

        return in_own_thread(lambda: asyncio.run(get()))  # the worker may run Playwright

    hub = "https://hub.school.org/services/classroom"
    stores = [SQLiteStore(tmp_path / "a.sqlite3"), SQLiteStore(tmp_path / "b.sqlite3")]
    try:
        with_base = create_app(stores[0], base_url=hub)
        assert dark_modules(svg(with_base, "/qr.svg")) == wanted(hub + "/")
        proxied = svg(create_app(stores[1]), "/user/ana/classroom/qr.svg", "/user/ana/classroom")
        assert dark_modules(proxied) == wanted("http://laptop/user/ana/classroom/")
    finally:
        for store in stores:
            store.close()
