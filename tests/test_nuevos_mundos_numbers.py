"""The numbers-only scoring path (``score_numbers``) gives the score sheet's numbers.

Studies, bots and ``outcome`` read ``NuevosMundos.score_numbers()`` instead of the full
sheet (issue 21): every category's points, every total, the tie-break and the winners must be
the sheet's, on random games with every module and on hand-made worlds (empty worlds, ties,
settlements with chosen values).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamecore
from gamecore.nuevos_mundos import MODULES, NuevosMundos
from gamecore.nuevos_mundos.data import SETTLEMENT_BASE
from gamecore.nuevos_mundos.scoring import ScoreNumbers, score_codes, score_numbers
from gamecore.nuevos_mundos.study import STUDY, numbers_tally
from gamecore.protocol import Game
from gamecore.scoresheet import ScoreSheet


def assert_same(numbers: ScoreNumbers, sheet: ScoreSheet) -> None:
    players = sheet.players
    assert numbers.categories == sheet.categories
    for category in sheet.categories:
        assert numbers.points[category] == tuple(sheet.points(p, category) for p in players)
    assert numbers.totals == tuple(sheet.total(p) for p in players)
    assert numbers.tie_break == tuple(tuple(sheet.tie_break[p]) for p in players)
    first = {placing.player for placing in sheet.ranking() if placing.place == 1}
    assert numbers.winners() == tuple(p for p, name in enumerate(players) if name in first)


def random_game(seed: int, players: int, modules: tuple[str, ...], moves: int | None = None):
    game = gamecore.new_game("nuevos-mundos", players=players, seed=seed, modules=modules)
    choose = random.Random(seed).choice
    while (legal := game.legal_actions()) and (moves is None or len(game.moves()) < moves):
        game.play(choose(legal))
    return game


@pytest.mark.parametrize("modules", [(), MODULES, ("human_settlements", "discord")])
def test_the_numbers_are_the_sheets_on_many_finished_games(modules: tuple[str, ...]) -> None:
    for seed in range(120):
        game = random_game(seed, 2 + seed % 3, modules)
        assert_same(game.score_numbers(), game.score())
        # the outcome (read from the numbers) is the one the sheet's ranking gives
        assert game.outcome == Game._outcome(game)


def test_the_numbers_are_the_sheets_in_the_middle_of_games() -> None:
    for seed in range(80):
        game = random_game(seed, 2 + seed % 3, MODULES, moves=seed % 30)
        assert_same(game.score_numbers(), game.score())


def test_the_numbers_follow_the_chosen_settlement_values() -> None:
    checked = 0
    for seed in range(200):
        game = random_game(seed, 2 + seed % 3, MODULES)
        held = [c for world in game.worlds for c in world if c > SETTLEMENT_BASE]
        if not held:
            continue
        code = held[0]
        biome = code - SETTLEMENT_BASE - 1
        owner = next(w for w in game.worlds if code in w)
        free = [v for v in range(8 * biome + 1, 8 * biome + 9) if v not in owner]
        chosen = {gamecore.nuevos_mundos.BIOMES[biome]: free[seed % len(free)]}
        assert_same(game.score_numbers(chosen), game.score(chosen))
        checked += 1
    assert checked > 150


worlds_strategy = st.integers(1, 4).flatmap(
    lambda n: st.lists(
        st.sampled_from(range(1, SETTLEMENT_BASE + 9)), unique=True, max_size=14 * n
    ).flatmap(
        lambda cards: st.lists(st.integers(0, n - 1), min_size=len(cards), max_size=len(cards)).map(
            lambda seats: [[c for c, s in zip(cards, seats) if s == p] for p in range(n)]
        )
    )
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(worlds=worlds_strategy, modules=st.sets(st.sampled_from(MODULES)))
def test_the_numbers_are_the_sheets_on_any_worlds(
    worlds: list[list[int]], modules: set[str]
) -> None:
    chosen = tuple(m for m in MODULES if m in modules)
    names = [f"P{p}" for p in range(len(worlds))]
    assert_same(score_numbers(worlds, chosen), score_codes(names, worlds, chosen))


def test_a_study_tallies_from_the_numbers_once() -> None:
    assert STUDY.tally is numbers_tally
    game = random_game(3, 4, MODULES)
    tally = numbers_tally(game)
    sheet = game.score()
    assert tally.totals == tuple(sheet.total(p) for p in game.players)
    assert dict(tally.points) == {
        c: tuple(sheet.points(p, c) for p in game.players) for c in sheet.categories
    }
    assert game.outcome is not None and tally.winners == game.outcome.winners
    unfinished = random_game(3, 4, MODULES, moves=5)
    assert isinstance(unfinished, NuevosMundos)
    with pytest.raises(ValueError, match="only a finished game"):
        numbers_tally(unfinished)
