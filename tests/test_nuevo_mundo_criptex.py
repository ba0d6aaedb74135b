"""The criptex (gamecore/nuevo_mundo/criptex.py): the rulebook's sentences about a battle
round, then the mathematics (payoff matrices, the exact equilibrium, the battle's value)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.nuevo_mundo import criptex
from gamecore.nuevo_mundo.criptex import (
    EXACT_PIECES,
    battle_round,
    battle_strategy,
    battle_value,
    battle_value_exact,
    beats,
    best_reply,
    criterion,
    dots,
    equilibrium,
    expected_losses,
    expected_payoff,
    exploitability,
    payoff_matrix,
    payoffs_against,
    round_result,
    swap_sides,
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


# --- a round as a matrix game ---------------------------------------------------------------

PAIRS = [("balance", "balance"), ("double", "half"), ("half", "double")]


def _assert_equilibrium(matrix: tuple[tuple[Fraction, ...], ...]) -> None:
    """The definition, exactly: no pure reply of the column player leaves the row player less
    than the value against the row mix, and no pure reply of the row player earns more than
    the value against the column mix."""
    solution = equilibrium(matrix)
    for mix in (solution.row, solution.column):
        assert all(isinstance(p, Fraction) and p >= 0 for p in mix)
        assert sum(mix) == 1
    assert len(solution.row) == len(matrix) and len(solution.column) == len(matrix[0])
    assert min(payoffs_against(matrix, solution.row)) == solution.value
    assert min(payoffs_against(swap_sides(matrix), solution.column)) == -solution.value
    assert expected_payoff(matrix, solution.row, solution.column) == solution.value


def test_payoff_matrix_in_pieces_for_each_criterion_pair() -> None:
    for attacker, defender in PAIRS:
        matrix = payoff_matrix(attacker, defender)
        assert len(matrix) == 5 and all(len(row) == 5 for row in matrix)
        for a in TACTICS:
            for d in TACTICS:
                lose_a, lose_d = criptex._losses(a, d, attacker, defender)
                assert matrix[a - 1][d - 1] == lose_d - lose_a
        assert all(matrix[i][i] == 0 for i in range(5))  # a tie costs both sides 1


def test_the_round_is_the_same_game_from_either_side() -> None:
    assert payoff_matrix("half", "double") == swap_sides(payoff_matrix("double", "half"))
    balance = payoff_matrix("balance", "balance")
    assert balance == swap_sides(balance)
    assert equilibrium(balance).value == 0


def test_the_double_side_gains_pieces_on_average() -> None:
    assert equilibrium(payoff_matrix("double", "half")).value > 0
    assert equilibrium(payoff_matrix("half", "double")).value < 0


@pytest.mark.parametrize(("attacker", "defender"), PAIRS)
def test_the_criptex_equilibria_are_equilibria(attacker: str, defender: str) -> None:
    _assert_equilibrium(payoff_matrix(attacker, defender))


def test_known_small_games() -> None:
    rock_paper_scissors = ((0, -1, 1), (1, 0, -1), (-1, 1, 0))
    solution = equilibrium(rock_paper_scissors)
    assert solution.row == solution.column == (Fraction(1, 3),) * 3
    assert solution.value == 0
    # 2x2 without a saddle point: row (3/5, 2/5), column (4/5, 1/5), value 13/5
    solution = equilibrium(((3, 1), (2, 5)))
    assert solution.row == (Fraction(3, 5), Fraction(2, 5))
    assert solution.column == (Fraction(4, 5), Fraction(1, 5))
    assert solution.value == Fraction(13, 5)
    # a saddle point: pure strategies
    solution = equilibrium(((1, 2), (3, 4)))
    assert solution.row == (0, 1) and solution.column == (1, 0) and solution.value == 3


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 5).flatmap(
        lambda width: st.lists(
            st.lists(st.integers(-6, 6), min_size=width, max_size=width), min_size=1, max_size=5
        )
    )
)
def test_any_small_matrix_game_is_solved_exactly(rows: list[list[int]]) -> None:
    _assert_equilibrium(tuple(tuple(Fraction(v) for v in row) for row in rows))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(
            st.fractions(min_value=-3, max_value=3, max_denominator=7), min_size=3, max_size=3
        ),
        min_size=2,
        max_size=4,
    )
)
def test_fractional_entries_too(rows: list[list[Fraction]]) -> None:
    _assert_equilibrium(tuple(tuple(row) for row in rows))


@pytest.mark.parametrize(("attacker", "defender"), PAIRS)
def test_the_equilibrium_cannot_be_exploited_and_a_favourite_tactic_can(
    attacker: str, defender: str
) -> None:
    matrix = payoff_matrix(attacker, defender)
    solution = equilibrium(matrix)
    assert exploitability(matrix, solution.row) == 0
    assert exploitability(swap_sides(matrix), solution.column) == 0
    for tactic in TACTICS:
        favourite = tuple(int(t == tactic) for t in TACTICS)
        assert exploitability(matrix, favourite) > 0
        assert exploitability(swap_sides(matrix), favourite) > 0


def test_best_reply_beats_a_favourite_tactic() -> None:
    matrix = payoff_matrix("balance", "balance")
    for tactic in TACTICS:
        reply = best_reply(matrix, [int(t == tactic) for t in TACTICS]) + 1
        assert beats(reply, tactic)


def test_a_mix_is_given_as_weights() -> None:
    matrix = payoff_matrix("balance", "balance")
    assert payoffs_against(matrix, (1, 1, 0, 0, 0)) == payoffs_against(
        matrix, (Fraction(1, 2), Fraction(1, 2), 0, 0, 0)
    )


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: equilibrium(()), "at least one row and one column"),
        (lambda: equilibrium(((1, 2), (3,))), "same number of entries"),
        (lambda: payoffs_against(((1, 2), (3, 4)), (1, 0, 0)), "has 3 chances"),
        (lambda: payoffs_against(((1, 2), (3, 4)), (1, -1)), "not negative"),
        (lambda: payoffs_against(((1, 2), (3, 4)), (0, 0)), "not negative"),
        (lambda: payoff_matrix("double", "triple"), "no criterion called"),
    ],
)
def test_the_mathematics_refuses_in_words(call: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        call()  # type: ignore[operator]


# --- a whole battle ---------------------------------------------------------------------------


def test_a_battle_that_is_over() -> None:
    for a in range(1, 6):
        assert battle_value(a, 0) == 1
        assert battle_value(0, a) == 0
        assert expected_losses(a, 0) == (0, 0)
    assert battle_value(0, 0) == 0
    with pytest.raises(ValueError, match="already over"):
        battle_strategy(3, 0)
    with pytest.raises(ValueError, match="fewer than 0"):
        battle_value(-1, 2)


def test_one_against_one_by_hand() -> None:
    # Any win takes the loser's only piece, a tie takes both (not a win): the attacker wins
    # exactly when its tactic beats the defender's, 2 chances in 5 under the uniform mix.
    assert battle_value_exact(1, 1) == Fraction(2, 5)
    attacker, defender = battle_strategy(1, 1)
    assert attacker == pytest.approx((0.2,) * 5) and defender == pytest.approx((0.2,) * 5)
    assert expected_losses(1, 1) == pytest.approx((0.6, 0.6))


def test_floats_agree_with_the_exact_values() -> None:
    for a in range(1, EXACT_PIECES):
        for d in range(1, EXACT_PIECES - a + 1):
            assert battle_value(a, d) == pytest.approx(float(battle_value_exact(a, d)), abs=1e-9)


def test_the_exact_value_refuses_big_battles_in_words() -> None:
    with pytest.raises(ValueError, match="at most 8 pieces"):
        battle_value_exact(5, 4)


def test_each_round_value_is_the_value_of_its_matrix_of_later_positions() -> None:
    # Bellman's equation, checked exactly with the public solver.
    for a, d in ((2, 1), (3, 2), (2, 5), (4, 4)):
        entries = []
        for at in TACTICS:
            row = []
            for dt in TACTICS:
                lose_a, lose_d = battle_round(at, dt, a, d)
                row.append(battle_value_exact(a - lose_a, d - lose_d))
            entries.append(tuple(row))
        assert equilibrium(tuple(entries)).value == battle_value_exact(a, d)


SIZE = 30


def test_battle_values_are_chances_and_monotone() -> None:
    for a in range(1, SIZE + 1):
        for d in range(1, SIZE + 1):
            value = battle_value(a, d)
            assert 0 <= value <= 1
            assert battle_value(a + 1, d) >= value - 1e-12  # one more attacker never hurts
            assert battle_value(a, d + 1) <= value + 1e-12  # one more defender never helps it


def test_more_pieces_win_more_often() -> None:
    assert battle_value(20, 10) > 0.9
    assert battle_value(10, 20) < 0.1
    assert 0.3 < battle_value(15, 15) < 0.6  # a tie in the last round is not a win


def test_strategies_are_chances_of_tactics_1_to_5() -> None:
    for a in range(1, 16):
        for d in range(1, 16):
            for mix in battle_strategy(a, d):
                assert len(mix) == 5
                assert all(p >= 0 for p in mix)
                assert sum(mix) == pytest.approx(1)


def test_expected_losses_fit_the_forces_and_the_chances() -> None:
    for a in range(1, 16):
        for d in range(1, 16):
            lost_a, lost_d = expected_losses(a, d)
            value = battle_value(a, d)
            assert 0 <= lost_a <= a + 1e-9 and 0 <= lost_d <= d + 1e-9
            # the battle ends with one side gone: the loser of the battle lost everything
            assert lost_d >= value * d - 1e-9
            assert lost_a >= (1 - value) * a - 1e-9


def test_a_big_battle_is_solved() -> None:
    # 150 pieces is the most a player can field (60 small CQ + 9 large of 10); the benchmark
    # times the full 150 x 150 table, this keeps the test quick.
    assert battle_value(150, 30) > 0.99
    assert battle_value(30, 150) < 0.01


def test_a_decided_battle_is_fought_for_pieces() -> None:
    # At 100 against 5 the attacker wins whatever anyone plays (to a billionth), so the win
    # chance cannot pick the tactics: the round's pieces game does, and the sure winner does
    # not throw its pieces away in ties.
    pieces = equilibrium(payoff_matrix("double", "half"))
    attacker, defender = battle_strategy(100, 5)
    assert attacker == pytest.approx([float(p) for p in pieces.row])
    assert defender == pytest.approx([float(q) for q in pieces.column])
    for n in (10, 25, 50, 75):
        lost_a, lost_d = expected_losses(2 * n, n)
        assert lost_d == pytest.approx(n, abs=0.05)
        assert lost_a < 0.7 * n  # double the pieces: the attacker loses fewer than it kills


@settings(max_examples=100, deadline=None)
@given(
    st.integers(1, 5).flatmap(
        lambda width: st.lists(
            st.lists(st.integers(-6, 6), min_size=width, max_size=width), min_size=1, max_size=5
        )
    )
)
def test_the_float_solver_of_the_battle_table_agrees_with_the_exact_one(
    rows: list[list[int]],
) -> None:
    exact = equilibrium(rows)
    row, column, value = criptex._solve_small([[float(v) for v in r] for r in rows], 1e-12)
    assert value == pytest.approx(float(exact.value), abs=1e-9)
    assert sum(row) == pytest.approx(1) and sum(column) == pytest.approx(1)
    matrix = tuple(tuple(Fraction(v) for v in r) for r in rows)
    # the float mixes are equilibria too, up to rounding (there may be several)
    against_row = [
        sum(p * float(matrix[i][j]) for i, p in enumerate(row)) for j in range(len(rows[0]))
    ]
    against_column = [
        sum(q * float(matrix[i][j]) for j, q in enumerate(column)) for i in range(len(rows))
    ]
    assert min(against_row) == pytest.approx(float(exact.value), abs=1e-9)
    assert max(against_column) == pytest.approx(float(exact.value), abs=1e-9)
