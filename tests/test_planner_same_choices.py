"""The Ecosfera planner makes exactly the choices it made before it was sped up.

``tests/data/planner_choices.json`` holds every decision of a few games the planner played
(solo at each level, and two-player games with a planner in each seat) before any
optimisation. Each game is replayed here with the current planner and compared decision by
decision; a difference names the game and the step where the choices part.

Regenerate the reference only when a change to the planner's choices is intended:
``.venv/bin/python tests/test_planner_same_choices.py`` (it rewrites the data file).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import gamecore.ecosfera.planner as planner_module
from gamecore import make_bot, new_game
from gamecore.ecosfera.planner import _SAME_DRAWS, PlannerBot, _sample, _shuffle
from gamecore.protocol import Action

DATA = Path(__file__).parent / "data" / "planner_choices.json"

# (players, level, game seed): five solo games per level, three two-player games, and one
# each with three and four players.
GAMES = [
    *((1, level, 100 * level + i) for level in (1, 2, 3, 4, 5) for i in range(5)),
    (2, 2, 7001),
    (2, 3, 7002),
    (2, 4, 7003),
    (3, 3, 7004),
    (4, 3, 7005),
]


def bot_seed(game_seed: int, seat: int) -> int:
    return game_seed * 10 + seat


def short(action: Action) -> str:
    """The action in a few characters: its save-file name, then its fields in order."""
    data = action.to_json()
    kind = data.pop("action")
    return f"{kind}:{','.join(str(v) for v in data.values())}"


def play(players: int, level: int, seed: int, until: list[str] | None = None) -> dict[str, Any]:
    """Play one game with a planner in every seat and write down each decision; with
    ``until`` (a reference's decisions), stop at the first decision that differs."""
    game = new_game("ecosfera", players=players, seed=seed, level=level)
    bots = [make_bot("planner", seed=bot_seed(seed, p)) for p in range(players)]
    decisions: list[str] = []
    while not game.is_over:
        player = game.current_player
        assert player is not None
        action = bots[player].choose(game.view(player), game.legal_actions())
        decisions.append(short(action))
        if until is not None and (
            len(decisions) > len(until) or decisions[-1] != until[len(decisions) - 1]
        ):
            break
        game.play(action)
    sheet = game.score()
    return {
        "players": players,
        "level": level,
        "seed": seed,
        "score": sheet.total(sheet.players[0]) if game.is_over else None,
        "decisions": decisions,
    }


def first_difference(reference: dict[str, Any]) -> str | None:
    """None if the current planner repeats the reference game exactly, else where and how
    it differs, in a sentence."""
    expected = reference["decisions"]
    got = play(reference["players"], reference["level"], reference["seed"], until=expected)
    where = (
        f"game seed {reference['seed']} ({reference['players']} player(s), "
        f"level {reference['level']})"
    )
    for step, (a, b) in enumerate(zip(expected, got["decisions"], strict=False)):
        if a != b:
            return (
                f"{where}, decision {step + 1} of {len(expected)}: "
                f"the reference chose {a}, the planner now {b}"
            )
    if len(got["decisions"]) != len(expected):
        return (
            f"{where}: the reference made {len(expected)} decisions, "
            f"the planner now {len(got['decisions'])}"
        )
    if got["score"] != reference["score"]:
        return f"{where}: the reference scored {reference['score']}, now {got['score']}"
    return None


def reference_games() -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(DATA.read_text())["games"]
    return games


def test_the_reference_covers_every_kind_of_decision():
    games = reference_games()
    assert [(g["players"], g["level"], g["seed"]) for g in games] == GAMES
    kinds = {d.split(":")[0] for g in games for d in g["decisions"]}
    assert kinds == {
        "acquire_plant",
        "take_missing_element",
        "acquire_animal",
        "claim_biomes",
        "mycorrhiza",
        "move",
        "plus",
        "refresh",
        "end_turn",
    }


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_the_planner_makes_the_reference_choices(index):
    difference = first_difference(reference_games()[index])
    assert difference is None, difference


@pytest.mark.skipif(
    not str(planner_module.__file__).endswith(".py"),
    reason="the compiled build (PYTHONPATH=build/mypyc) calls PlannerBot._actions natively, so "
    "a method patched on the class is never called; this check of the test itself needs the "
    "pure-Python planner",
)
def test_a_different_tie_break_is_caught(monkeypatch):
    """The comparison can fail: a planner that searches its candidate steps in reverse
    order (so equal plans break the other way) parts from the reference somewhere."""
    original = PlannerBot._actions

    def reversed_actions(self, s):
        return original(self, s)[::-1]

    monkeypatch.setattr(PlannerBot, "_actions", reversed_actions)
    differences = [first_difference(game) for game in reference_games()[:3]]
    found = [d for d in differences if d is not None]
    assert found, "reversing the tie-break changed no choice"
    assert "decision" in found[0] and "the reference chose" in found[0]


if __name__ == "__main__":
    DATA.parent.mkdir(exist_ok=True)
    recorded = [play(*spec) for spec in GAMES]
    DATA.write_text(json.dumps({"games": recorded}, separators=(",", ":")) + "\n")
    print(f"{len(recorded)} games, {sum(len(g['decisions']) for g in recorded)} decisions")


def test_the_planners_sample_draws_like_random_sample():
    """The guessed lines are dealt by ``random.sample``'s algorithm written out: the same
    cards in the same order, and the generator left in the same state."""
    for seed in range(50):
        for n in range(30):
            for k in range(min(n, 5) + 1):
                population = list(range(100, 100 + n))
                ours, theirs = random.Random(seed), random.Random(seed)
                assert _sample(ours, population, k) == theirs.sample(population, k)
                assert ours.getstate() == theirs.getstate()
    assert _SAME_DRAWS


def test_the_planners_shuffle_draws_like_random_shuffle():
    """The refreshed rows are guessed by ``random.shuffle``'s algorithm written out: the same
    order, and the generator left in the same state."""
    for seed in range(50):
        for n in range(40):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, others = list(range(200, 200 + n)), list(range(200, 200 + n))
            _shuffle(ours, mine)
            theirs.shuffle(others)
            assert mine == others
            assert ours.getstate() == theirs.getstate()
