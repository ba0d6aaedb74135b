"""Each test of the class server gets its own server process and store (the fixture
``server``, from class_server.py); the PostgreSQL tests share one PostgreSQL started for the
session (``postgres``), each with a database of its own (``pg_url``), from postgres.py."""

from __future__ import annotations

from class_server import server_fixture
from postgres import pg_url_fixture, postgres_fixture

__all__ = ["pg_url_fixture", "postgres_fixture", "server_fixture"]
