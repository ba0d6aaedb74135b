"""The same seeded games before and after a change of the engines (digests pinned in
``tests/data/same_games.json`` by ``python tests/same_games.py --write``)."""

from __future__ import annotations

import json

import pytest
from same_games import PINNED, all_digests


@pytest.fixture(scope="module")
def digests() -> dict[str, str]:
    return all_digests()


def test_every_pinned_game_is_played_the_same(digests: dict[str, str]) -> None:
    pinned = json.loads(PINNED.read_text())
    assert set(digests) == set(pinned)
    changed = sorted(k for k in pinned if digests[k] != pinned[k])
    assert not changed, f"these seeded games changed: {', '.join(changed)}"


def test_the_digests_cover_every_game(digests: dict[str, str]) -> None:
    import gamecore

    games = {key.split(":")[1].split("/")[0] for key in digests if key.startswith("greedy:")}
    assert games == set(gamecore.GAMES)
