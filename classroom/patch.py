"""A table sent as what changed since the last one a page was sent: the class server's pushes.

A seat's table after a move is mostly the table before it: the same SVG lines (one shape a
line), the same buttons, the same words. A websocket that asks for patches (its first
message says ``"patches": true``) is sent its first table whole and every later one as a
patch against the one before it on that same socket:

- ``"set"``: the table's entries that changed (or are new), whole, except the SVG;
- ``"drop"``: the entries the new table no longer has;
- ``"svg"``: the new SVG as its lines, each either a line of text or ``[start, count]``,
  the old SVG's lines ``start`` to ``start + count - 1`` (absent: the SVG did not change).

``apply`` is the page's own step (``classroom/page.py`` does the same in JavaScript); the
class server's tests and its benchmark use it to check that every patch rebuilds exactly
the table it stands for.
"""

from __future__ import annotations

from typing import Any

from .jsonable import JSON

SVG = "svg"


def svg_lines(old: list[str], new: list[str]) -> list[JSON]:
    """``new`` as lines of text and runs of ``old``'s lines: a line that follows on in
    ``old`` from the line before it continues that run, any other line found in ``old``
    starts a run where ``old`` first has it, and the rest are sent as text. So a shape
    that stayed, moved or went away costs nothing but a run."""
    where: dict[str, int] = {}
    for i, line in enumerate(old):
        where.setdefault(line, i)
    ops: list[JSON] = []
    start = count = 0
    for line in new:
        if count and start + count < len(old) and old[start + count] == line:
            count += 1
            continue
        if count:
            ops.append([start, count])
            count = 0
        at = where.get(line)
        if at is None:
            ops.append(line)
        else:
            start, count = at, 1
    if count:
        ops.append([start, count])
    return ops


def table_patch(
    old: dict[str, Any], new: dict[str, Any], old_lines: list[str] | None = None
) -> tuple[dict[str, JSON], list[str]]:
    """What turns ``old`` into ``new`` (both tables as ``SeatTable.data`` makes them), and
    the new SVG's lines (to pass as ``old_lines`` with the next table, saving a split)."""
    patch: dict[str, Any] = {}
    changed = {k: v for k, v in new.items() if k != SVG and (k not in old or old[k] != v)}
    if changed:
        patch["set"] = changed
    dropped = [k for k in old if k not in new]
    if dropped:
        patch["drop"] = dropped
    if old_lines is None:
        old_lines = str(old.get(SVG, "")).split("\n")
    if SVG not in new:
        return patch, []
    if new[SVG] == old.get(SVG):
        return patch, old_lines
    lines = str(new[SVG]).split("\n")
    patch[SVG] = svg_lines(old_lines, lines)
    return patch, lines


def apply(old: dict[str, Any], patch: object) -> dict[str, Any]:
    """The table ``patch`` makes of ``old`` (``ValueError`` for a patch that is not one)."""
    if not isinstance(patch, dict) or not set(patch) <= {"set", "drop", SVG}:
        raise ValueError("not a table patch")
    new = {k: v for k, v in old.items() if k not in patch.get("drop", ())}
    new.update(patch.get("set", {}))
    if SVG in patch:
        lines = str(old.get(SVG, "")).split("\n")
        out: list[str] = []
        for op in patch[SVG]:
            if isinstance(op, str):
                out.append(op)
            else:
                start, count = op
                if not (start >= 0 and start + count <= len(lines) and count > 0):
                    raise ValueError("a run outside the old SVG")
                out.extend(lines[start : start + count])
        new[SVG] = "\n".join(out)
    return new
