"""Tables sent as patches (``classroom.patch``): every patch rebuilds exactly the table it
stands for, the SVG's unchanged lines travel as runs, and a patch that is not one is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.patch import apply, svg_lines, table_patch

LINES = st.lists(st.sampled_from([f'<rect id="r{i}"/>' for i in range(12)] + [""]), max_size=30)
VALUES = st.one_of(st.integers(0, 3), st.text(max_size=3), st.lists(st.integers(0, 2), max_size=3))
ENTRIES = st.dictionaries(st.sampled_from(["status", "move", "buttons", "last", "clock"]), VALUES)


@st.composite
def tables(draw: Any) -> dict[str, Any]:
    table = draw(ENTRIES)
    if draw(st.booleans()):
        table["svg"] = "\n".join(draw(LINES))
    return table


@settings(deadline=None)
@given(tables(), tables())
def test_a_patch_rebuilds_the_new_table_exactly(old: dict[str, Any], new: dict[str, Any]) -> None:
    patch, lines = table_patch(old, new)
    sent = json.loads(json.dumps(patch))  # as it travels
    assert apply(old, sent) == new
    assert lines == (new["svg"].split("\n") if "svg" in new else [])


@settings(deadline=None)
@given(tables(), tables(), tables())
def test_patches_in_a_row_with_the_lines_kept(
    first: dict[str, Any], second: dict[str, Any], third: dict[str, Any]
) -> None:
    patch, lines = table_patch(first, second)
    shown = apply(first, patch)
    patch, _ = table_patch(second, third, lines if "svg" in second else None)
    assert apply(shown, patch) == third


def test_unchanged_lines_travel_as_runs_and_only_new_ones_as_text() -> None:
    old = [f"<line {i}/>" for i in range(100)]
    new = old[:40] + ["<moved/>"] + old[41:90] + old[95:] + old[90:95]
    ops = svg_lines(old, new)
    assert ops == [[0, 40], "<moved/>", [41, 49], [95, 5], [90, 5]]
    assert svg_lines(old, old) == [[0, 100]]
    assert svg_lines([], ["<a/>"]) == ["<a/>"]


def test_an_unchanged_table_is_an_empty_patch_and_a_dropped_entry_is_named() -> None:
    table = {"svg": "<svg>\n<rect/>\n</svg>", "status": "Your turn.", "move": 3}
    assert table_patch(table, dict(table))[0] == {}
    fewer = {k: v for k, v in table.items() if k != "status"}
    patch, _ = table_patch(table, fewer)
    assert patch == {"drop": ["status"]}
    assert apply(table, patch) == fewer


@pytest.mark.parametrize(
    "patch",
    [[], {"set": {}, "extra": 1}, {"svg": [[5, 2]]}, {"svg": [[-1, 1]]}, {"svg": [[0, 0]]}],
)
def test_a_patch_that_is_not_one_is_refused(patch: object) -> None:
    with pytest.raises(ValueError):
        apply({"svg": "<svg>\n</svg>"}, patch)
