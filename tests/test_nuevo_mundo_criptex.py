"""The criptex (gamecore/nuevo_mundo/criptex.py): the rulebook's sentences about a battle
round, then the mathematics (payoff matrices, the exact equilibrium, the battle's value)."""

from __future__ import annotations

import pytest

from gamecore.nuevo_mundo import criptex
from gamecore.nuevo_mundo.criptex import (
    battle_round,
    beats,
    criterion,
    dots,
    round_result,
)
from gamecore.nuevo_mundo.data import DOTS, TACTICS

# --- the rulebook's sentences -------------------------------------------------------------


def test_the_printed_cycle_5_beats_4_and_so_on_to_1_beats_5() -> None:
    for winner, loser in ((5, 4), (4, 3), (3, 2), (2, 1), (1, 5)):
        assert beats(winner, loser)
        assert not beats(loser, winner)


def test_the_worked_example_1_beats_4() -> None:
    assert beats(1, 4)
    assert not beats(4, 1)


def test_each_tactic_beats_two_loses_to_two_and_ties_itself() -> None:
    for tactic in TACTICS:
        others = [o for o in TACTICS if o != tactic]
        assert sum(beats(tactic, o) for o in others) == 2
        assert sum(beats(o, tactic) for o in others) == 2
        assert not beats(tactic, tactic)


@pytest.mark.parametrize(
    ("own", "other", "expected"),
    [
        (6, 3, "double"),  # at least double: exactly twice counts
        (7, 3, "double"),
        (3, 6, "half"),  # at most half: exactly half counts
        (2, 7, "half"),
        (5, 3, "balance"),
        (3, 5, "balance"),
        (4, 4, "balance"),
        (1, 1, "balance"),
        (2, 1, "double"),
        (1, 2, "half"),
        (1, 0, "double"),
        (0, 1, "half"),
    ],
)
def test_the_criteria_definitions(own: int, other: int, expected: str) -> None:
    assert criterion(own, other) == expected


def test_criteria_are_mirror_images() -> None:
    mirror = {"double": "half", "half": "double", "balance": "balance"}
    for own in range(0, 20):
        for other in range(0, 20):
            if own or other:
                assert criterion(other, own) == mirror[criterion(own, other)]


def test_criterion_refuses_negative_forces_and_an_empty_battle() -> None:
    with pytest.raises(ValueError, match="fewer than 0"):
        criterion(-1, 3)
    with pytest.raises(ValueError, match="no battle"):
        criterion(0, 0)


def test_the_example_6_cq_against_1_cq_plus_2_ca_is_double_for_the_attacker() -> None:
    # The defender counts each CA as 1 CQ: 1 + 2 = 3 pieces.
    result = round_result(1, 4, attackers=6, defenders=1 + 2)
    assert result.criteria == ("double", "half")


def test_a_tie_removes_1_piece_from_each_side() -> None:
    for tactic in TACTICS:
        assert battle_round(tactic, tactic, 10, 10) == (1, 1)
        assert battle_round(tactic, tactic, 1, 30) == (1, 1)
        assert round_result(tactic, tactic, 4, 4).winner is None


def test_the_loser_removes_the_dots_under_the_winners_tactic_on_the_winners_criterion() -> None:
    # attacker 6 (double) against defender 3 (half)
    assert battle_round(1, 4, 6, 3) == (0, DOTS["double"][0])
    # the defender wins with tactic 5 against 4, under its own criterion (half)
    assert battle_round(4, 5, 6, 3) == (DOTS["half"][4], 0)
    for a in TACTICS:
        for d in TACTICS:
            lose_a, lose_d = battle_round(a, d, 50, 50)
            if a == d:
                continue
            if beats(a, d):
                assert (lose_a, lose_d) == (0, dots("balance", a))
            else:
                assert (lose_a, lose_d) == (dots("balance", d), 0)


def test_the_worked_example_removes_2_pieces() -> None:
    # The rulebook's example: tactic 1 beats 4 and the loser removes 2 pieces; components.json
    # reads the two dots as the balance row.
    assert battle_round(1, 4, 5, 5) == (0, 2)
    assert battle_round(4, 1, 5, 5) == (2, 0)


def test_no_side_removes_more_pieces_than_it_has() -> None:
    for a in TACTICS:
        for d in TACTICS:
            for attackers in range(1, 8):
                for defenders in range(1, 8):
                    lose_a, lose_d = battle_round(a, d, attackers, defenders)
                    assert 0 <= lose_a <= attackers
                    assert 0 <= lose_d <= defenders
                    assert lose_a + lose_d >= 1  # every round removes something


def test_round_result_names_the_winner() -> None:
    assert round_result(1, 4, 6, 3).winner == "attacker"
    assert round_result(4, 1, 6, 3).winner == "defender"
    assert round_result(1, 4, 6, 3).tactics == (1, 4)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((0, 1, 3, 3), "no tactic 0"),
        ((1, 6, 3, 3), "no tactic 6"),
        ((1, 2, 0, 3), "attacker needs at least 1 piece"),
        ((1, 2, 3, 0), "defender needs at least 1 piece"),
        ((1, 2, -2, 3), "attacker needs at least 1 piece"),
    ],
)
def test_battle_round_refuses_in_words(args: tuple[int, int, int, int], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        battle_round(*args)


def test_explain_says_what_happened_in_both_languages() -> None:
    result = round_result(1, 4, 6, 3)
    text = result.explain(lang="en")
    assert "6 pieces under the double criterion" in text
    assert "3 pieces under the half criterion" in text
    assert "tactic 1 beats the defender's tactic 4" in text
    assert "the defender removes 2 pieces" in text
    spanish = result.explain(lang="es")
    assert "criterio doble" in spanish and "retira 2 piezas" in spanish
    tie = round_result(3, 3, 1, 1).explain(lang="en")
    assert "each side removes 1 piece." in tie


def test_explain_says_when_the_dots_ask_for_more_than_is_left() -> None:
    result = round_result(4, 1, 1, 1)  # tactic 1 under balance shows 2 dots
    assert result.losses == (1, 0)
    assert "shows 2 dots, but the losing side had only 1 piece left" in result.explain(lang="en")
    assert "shows" not in round_result(4, 1, 5, 5).explain(lang="en")


def test_dots_refuses_an_unknown_criterion_in_words() -> None:
    with pytest.raises(ValueError, match="no criterion called"):
        dots("triple", 1)
    assert criptex.criterion_name("half", lang="es") == "mitad"
