"""Each test of the class server gets its own server process and store (the fixture
``server``, from class_server.py)."""

from __future__ import annotations

from class_server import server_fixture

__all__ = ["server_fixture"]
