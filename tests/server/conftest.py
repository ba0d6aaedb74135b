"""Each test of the class server gets its own server process and store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from class_server import ClassServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    running = ClassServer(tmp_path / "class.sqlite3", tmp_path / "server.log")
    running.start()
    try:
        yield running
    finally:
        running.stop()
