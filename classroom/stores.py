"""Opening the store a teacher names: ``--store class.sqlite3`` or ``--store postgresql://...``.

Apart from both stores (``store`` and ``store_pg``), so neither imports the other and SQLite
users never import psycopg.
"""

from __future__ import annotations

from .store import SQLiteStore, Store


def open_store(where: str) -> Store:
    """The store ``where`` names: a ``postgresql://`` (or ``postgres://``) URL opens a
    PostgreSQL database (``classroom.store_pg``, which needs psycopg), anything else is the
    path of an SQLite file."""
    if where.startswith(("postgresql://", "postgres://")):
        from .store_pg import PostgresStore  # only here: it needs psycopg

        return PostgresStore(where)
    return SQLiteStore(where)
