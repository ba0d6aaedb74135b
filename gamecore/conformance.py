"""The conformance suite every registered game runs (after OpenSpiel's random-simulation test).

Plays seeded random games and checks, at every step: the clone equals the original, a
JSON round-trip equals it, undo restores the previous position, every legal action is
accepted, sampled illegal actions are refused with a reason and change nothing, the
game's invariants hold, and the game ends within its bound.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction
from .protocol import load_json, new_game, spec_of


@dataclass
class ConformanceReport:
    """What a run checked, for the test's message and for curiosity."""

    games: int = 0
    steps: int = 0
    refusals_checked: int = 0
    longest_game: int = 0


def check_random_games(
    name: str,
    *,
    players: int,
    seeds: range | list[int],
    full_checks: bool = True,
    **options: Any,
) -> ConformanceReport:
    """Run the suite over one game, player count and options, one game per seed.

    With ``full_checks`` false, the costly checks (JSON round-trip, undo, every legal
    action) run on every fifth step only, so many more games fit in the time.
    """
    spec = spec_of(name)
    report = ConformanceReport()
    for seed in seeds:
        game = new_game(name, players=players, seed=seed, **options)
        rng = random.Random(seed)
        bound = spec.max_moves(game)
        steps = 0
        spec.check_invariants(game)
        while not game.is_over:
            full = full_checks or steps % 5 == 0
            _check_step(game, rng, full, report)
            before = game.clone() if full else None
            action = rng.choice(game.legal_actions())
            game.play(action)
            spec.check_invariants(game)
            if before is not None:
                after = game.clone()
                game.undo()
                assert game == before, f"seed {seed}: undo after {action} did not restore"
                game.play(action)
                assert game == after, f"seed {seed}: replaying {action} after undo differs"
            steps += 1
            assert steps <= bound, f"seed {seed}: the game did not end within {bound} moves"
        assert game.current_player is None and game.legal_actions() == []
        assert game.why_illegal(game_over_probe(game)) is not None
        sheet = game.score()
        assert sorted(p.player for p in sheet.ranking()) == sorted(game.players)
        assert load_json(game.to_json()) == game
        report.games += 1
        report.steps += steps
        report.longest_game = max(report.longest_game, steps)
    return report


def game_over_probe(game: Any) -> Any:
    """Any action the game knows (legal in some position), to check it is refused at the end."""
    first = next(iter(type(game).action_types.values()))
    import dataclasses

    fields = {f.name: 1 for f in dataclasses.fields(first)}
    return first(**fields)


def _check_step(game: Any, rng: random.Random, full: bool, report: ConformanceReport) -> None:
    spec = spec_of(game.name)
    clone = game.clone()
    assert clone == game, "a clone differs from its original"
    clone_moves = len(clone.log)
    legal = game.legal_actions()
    assert legal, "no legal action although the game is not over"
    assert len(set(legal)) == len(legal), "legal_actions() lists an action twice"
    for action in legal:
        assert game.why_illegal(action) is None, f"{action} is listed legal but refused"
        assert str(action), "an action has no readable form"
    if full:
        assert load_json(game.to_json()) == game, "the JSON round-trip changed the game"
        for action in legal:
            trial = game.clone()
            trial.play(action)
            spec.check_invariants(trial)
    for action in spec.sample_illegal(game, rng):
        if action in legal:
            continue
        reason = game.why_illegal(action)
        assert reason, f"{action!r} is illegal but why_illegal gives no reason"
        try:
            game.play(action)
        except IllegalAction as err:
            assert err.reason == reason, "play() and why_illegal() disagree on the reason"
        else:
            raise AssertionError(f"{action!r} was accepted although illegal")
        assert game == clone, f"refusing {action!r} changed the game"
        report.refusals_checked += 1
    assert len(clone.log) == clone_moves
