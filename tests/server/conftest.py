"""Each test of the class server gets its own server process and store."""

from __future__ import annotations

from class_server import server

__all__ = ["server"]
