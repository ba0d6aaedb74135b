"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Iterator

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


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Groups for pytest-xdist (``--dist loadgroup``): the tests that need the machine to
    themselves (``browser`` or ``exclusive``) share one worker and run one at a time; the cells
    of a notebook (nbval) stay together, in order, in one kernel; the rest is shared out."""
    for item in items:
        if item.get_closest_marker("browser") or item.get_closest_marker("exclusive"):
            item.add_marker(pytest.mark.exclusive)
            item.add_marker(pytest.mark.xdist_group("exclusive"))
        elif type(item).__name__ == "IPyNbCell":
            item.add_marker(pytest.mark.xdist_group(f"notebook:{item.path}"))
