"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import gamecore


@pytest.fixture
def spanish() -> Iterator[None]:
    """The test runs in Spanish; English comes back afterwards, whatever happens."""
    gamecore.set_language("es")
    try:
        yield
    finally:
        gamecore.set_language("en")


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The language given by ``parametrize(..., indirect=True)``, for the test's length."""
    gamecore.set_language(request.param)
    try:
        yield request.param
    finally:
        gamecore.set_language("en")


EXCLUSIVE: tuple[str, ...] = (
    "tests/browser/",
    "tests/server/",
    "tests/test_binder.py::test_binder_environment_has_the_pins",
    "tests/test_binder.py::test_notebook_runs_on_binder",
)
"""Where the tests that need the machine to themselves live (a real browser, servers on
ports, the Binder build): they are marked ``exclusive`` and run one at a time on one worker."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test that needs the machine to itself says so (``browser`` or ``exclusive``), and
    must live where the scheduler below keeps such tests apart: a marked test elsewhere, or
    an unmarked one there, stops the run with the reason."""
    for item in items:
        marked = bool(item.get_closest_marker("browser") or item.get_closest_marker("exclusive"))
        placed = item.nodeid.startswith(EXCLUSIVE)
        if marked != placed:
            raise pytest.UsageError(
                f"{item.nodeid}: a test marked browser or exclusive runs alone on one worker "
                "only if tests/conftest.py's EXCLUSIVE names it, and one that EXCLUSIVE names "
                "must be marked (so -m 'not exclusive' leaves it out)"
            )
        if marked:
            item.add_marker(pytest.mark.exclusive)


def work_unit(nodeid: str) -> str:
    """The unit of work a test belongs to under pytest-xdist: every exclusive test in one
    unit (one worker, one at a time), every cell of a notebook in one (nbval runs them in
    order in one kernel), any other test alone (so both cores share the rest evenly)."""
    if nodeid.startswith(EXCLUSIVE):
        return "exclusive"
    path = nodeid.split("::", 1)[0]
    return path if path.endswith(".ipynb") else nodeid


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist's scope scheduling with the units of ``work_unit``. (Its own
    ``--dist loadgroup`` cannot group here: it renames tests through an attribute that
    pytest 9.2 no longer reads, so its groups are silently ignored.)"""
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return Units(config, log)
