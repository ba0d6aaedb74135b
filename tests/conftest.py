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
