"""Views as JSON: gamecore's views are frozen dataclasses of tuples, frozensets and enums;
a browser reads objects, lists, numbers and strings."""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Mapping
from typing import Any

JSON = Any
"""What ``json.dumps`` takes: dict with str keys, list, str, int, float, bool, None."""


def jsonable(value: object) -> JSON:
    """``value`` as plain JSON data.

    A dataclass becomes an object of its fields (not the private ones, which hold caches
    such as a map's neighbour tables); a tuple or list a list; a set or frozenset a list in
    a stable order (sorted, so the same view gives the same text); an enum its value; a
    mapping an object with string keys. Anything else is refused with a TypeError, so a new
    kind of value in a view is noticed by the test that converts every game's views."""
    kind = type(value)
    if kind is int or kind is str or kind is bool or value is None:  # the most, the quickest
        return value
    if kind is tuple or kind is list:
        return [jsonable(v) for v in value]  # type: ignore[attr-defined]
    names = _FIELDS.get(kind)
    if names is not None:
        return {name: jsonable(getattr(value, name)) for name in names}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise TypeError(f"a view holds {value!r}, which JSON cannot carry")
        return value
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = tuple(f.name for f in dataclasses.fields(value) if not f.name.startswith("_"))
        _FIELDS[kind] = names
        return {name: jsonable(getattr(value, name)) for name in names}
    if isinstance(value, (tuple, list)):
        return [jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        items = [jsonable(v) for v in value]
        try:
            return sorted(items)
        except TypeError:  # mixed kinds (None beside numbers): still one stable order
            return sorted(items, key=repr)
    if isinstance(value, Mapping):
        return {_key(k): jsonable(v) for k, v in value.items()}
    raise TypeError(f"a view holds a {type(value).__name__}, which has no JSON form here")


_FIELDS: dict[type, tuple[str, ...]] = {}
"""Each dataclass's public fields, by its type, found on its first value."""


def _key(key: object) -> str:
    if isinstance(key, enum.Enum):
        key = key.value
    if isinstance(key, (str, int)) and not isinstance(key, bool):
        return str(key)
    raise TypeError(f"a view's mapping has a {type(key).__name__} key")
