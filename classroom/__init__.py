"""The class server: one game across many laptops, gamecore the only judge.

``python -m classroom serve --host 127.0.0.1 --port 8765 --store class.sqlite3`` starts it;
docs/classroom.md says what it does so far and what is still to come.
"""

from .rooms import NewRoom, Refused, RoomService, rebuild, seat_view
from .store import SQLiteStore, Store

__all__ = ["NewRoom", "Refused", "RoomService", "SQLiteStore", "Store", "rebuild", "seat_view"]
