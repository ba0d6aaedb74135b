"""What ``python -m classroom serve`` (``make class``) prints for the students: the start
page's address in a sentence of the server's language, and a QR code of it in text blocks
whose modules are the QR code of that address (no server is started)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
import uvicorn

import classroom.__main__ as cli
import gamecore.words
from classroom.qr import qr_lines, start_lines

ADDRESS = "http://192.168.1.20:8765/"

HALVES = {"█": (0, 0), "▀": (0, 1), "▄": (1, 0), " ": (1, 1)}
"""A character of the terminal's code: its (top, bottom) modules, 1 for dark."""


@pytest.fixture(autouse=True)
def _keep_language() -> Iterator[None]:
    before = gamecore.words.get_language()
    yield
    gamecore.words.set_language(before)


def modules(lines: list[str]) -> list[tuple[int, ...]]:
    """The rows of modules the half-block lines draw (a last line of upper halves only
    draws one row)."""
    rows: list[tuple[int, ...]] = []
    for line in lines:
        pairs = [HALVES[c] for c in line]
        rows.append(tuple(top for top, _ in pairs))
        rows.append(tuple(bottom for _, bottom in pairs))
    return rows


def bordered(address: str, border: int = 4) -> list[tuple[int, ...]]:
    """segno's own matrix of the address's QR code, in a light quiet zone."""
    matrix = [tuple(row) for row in segno.make(address, micro=False).matrix]
    size = len(matrix) + 2 * border
    light = [(0,) * size] * border
    return [*light, *(((0,) * border) + row + ((0,) * border) for row in matrix), *light]


def test_the_terminal_code_is_the_qr_code_of_the_address() -> None:
    lines = qr_lines(ADDRESS)
    drawn = modules(lines)
    wanted = bordered(ADDRESS)
    assert len({len(line) for line in lines}) == 1, "every line as wide as the code"
    assert drawn[: len(wanted)] == wanted
    assert all(m == 1 for row in drawn[len(wanted) :] for m in row), "only the padding after"
    assert modules(qr_lines("http://192.168.1.21:8765/"))[: len(wanted)] != wanted


def test_a_full_qr_code_even_for_a_short_address() -> None:
    """A Micro QR code (which phone cameras do not read) would fit "http://a:1/"."""
    assert segno.make("http://a:1/").is_micro
    assert modules(qr_lines("http://a:1/"))[:29] == bordered("http://a:1/")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Students: open http://192.168.1.20:8765/ and type the room code."),
        ("es", "Alumnado: abre http://192.168.1.20:8765/ y escribe el código de sala."),
    ],
)
def test_the_students_sentence_then_the_code(lang: str, words: str) -> None:
    lines = start_lines(ADDRESS, lang)
    assert lines[0] == words
    assert lines[1] == gamecore.words.t("classroom_start.scan", lang=lang)
    assert lines[2:] == qr_lines(ADDRESS)


def test_a_terminal_without_block_characters_gets_the_sentence_alone() -> None:
    assert start_lines(ADDRESS, "en", "cp1252") == start_lines(ADDRESS, "en")[:1]
    assert start_lines(ADDRESS, "en", "no-such-encoding") == start_lines(ADDRESS, "en")[:1]


def test_the_students_address() -> None:
    assert cli.students_address("192.168.1.20", 8765) == ADDRESS
    hub = "https://hub.school.org/services/classroom/"
    assert cli.students_address("127.0.0.1", 9000, hub) == hub
    assert cli.students_address("127.0.0.1", 9000, hub.rstrip("/")) == hub
    everywhere = cli.students_address("0.0.0.0", 8765)
    assert everywhere.startswith("http://") and everywhere.endswith(":8765/")
    assert "0.0.0.0" not in everywhere


def test_serve_prints_the_address_and_its_code_in_the_servers_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: ran.append(options))
    gamecore.words.set_language("es")
    store = tmp_path / "class.sqlite3"
    argv = ["serve", "--host", "127.0.0.1", "--port", "8123", "--store", str(store)]
    assert cli.main(argv) == 0
    printed = capsys.readouterr().out.splitlines()
    assert ran and ran[0]["port"] == 8123
    address = "http://127.0.0.1:8123/"
    said = printed.index(f"Alumnado: abre {address} y escribe el código de sala.")
    assert printed[said - 1].startswith(f"Class server: {address}")
    assert printed[said + 1] == gamecore.words.t("classroom_start.scan", lang="es")
    code = qr_lines(address)
    assert printed[said + 2 : said + 2 + len(code)] == code
