"""The criptex, Nuevo Mundo's battle system: its rules and its mathematics.

A battle is fought in rounds. In each round both sides count their pieces (the attacker its
CQ, the defender its CQ plus its CA, each CA counting as 1 CQ), which gives each side a
criterion: ``"double"`` (at least twice the other's pieces), ``"half"`` (at most half) or
``"balance"``. Then both choose one of five tactics in secret. Tactic t beats t-1 and t-2
(mod 5) and loses to t+1 and t+2; the loser removes the dots printed under the winner's
tactic on the winner's criterion (``data.DOTS``, reconstructed), and a tie removes 1 piece from
each side.

A round is therefore a zero-sum game in the sense of game theory, and so is the whole
battle. This module gives the round's payoff matrix, an exact solver for any zero-sum matrix
game (a simplex over fractions), and the value of a battle for given forces by dynamic
programming over the pieces left. docs/rules/nuevo-mundo.md ("Criptex") gives the decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Final, Generic, TypeVar

from ..words import t
from .data import CRITERIA, DOTS, TACTICS

ATTACKER: Final = "attacker"
DEFENDER: Final = "defender"
TIE_LOSS: Final = 1
"""Pieces each side removes when both choose the same tactic (printed)."""


# --- the rules of one round -------------------------------------------------------------


def criterion(own: int, other: int) -> str:
    """The criterion a side fights under: ``"double"`` with at least twice the other's pieces,
    ``"half"`` with at most half of them, ``"balance"`` in every other case.

    Forces are counted as the rulebook counts them (a defending CA counts as 1 CQ)."""
    if own < 0 or other < 0:
        raise ValueError(t("nuevo_mundo_criptex.negative_forces", own=own, other=other))
    if own == 0 and other == 0:
        raise ValueError(t("nuevo_mundo_criptex.no_forces"))
    if own >= 2 * other:
        return "double"
    if 2 * own <= other:
        return "half"
    return "balance"


def _check_tactic(tactic: int) -> None:
    if tactic not in TACTICS:
        raise ValueError(
            t("nuevo_mundo_criptex.bad_tactic", tactic=tactic, first=TACTICS[0], last=TACTICS[-1])
        )


def _check_criterion(name: str) -> None:
    if name not in CRITERIA:
        names = ", ".join(criterion_name(c) for c in CRITERIA)
        raise ValueError(t("nuevo_mundo_criptex.bad_criterion", criterion=name, criteria=names))


_CRITERION_NAMES: Final = {
    "double": lambda lang: t("nuevo_mundo_criptex.criterion_double", lang=lang),
    "half": lambda lang: t("nuevo_mundo_criptex.criterion_half", lang=lang),
    "balance": lambda lang: t("nuevo_mundo_criptex.criterion_balance", lang=lang),
}
"""Criterion -> its name; the keys are written whole so the catalog test sees them."""


def criterion_name(name: str, lang: str | None = None) -> str:
    """A criterion's name for a student ("double", "doble")."""
    _check_criterion(name)
    return _CRITERION_NAMES[name](lang)


def beats(tactic: int, other: int) -> bool:
    """Whether ``tactic`` wins against ``other``: t beats t-1 and t-2 (mod 5).

    Derived from the printed cycle (5 beats 4 ... 1 beats 5) and the worked example, where
    tactic 1 beats tactic 4."""
    _check_tactic(tactic)
    _check_tactic(other)
    return (tactic - other) % len(TACTICS) in (1, 2)


def dots(criterion_: str, tactic: int) -> int:
    """The dots printed under ``tactic`` on ``criterion_``: what a side that loses to it
    removes."""
    _check_criterion(criterion_)
    _check_tactic(tactic)
    return DOTS[criterion_][TACTICS.index(tactic)]


def _losses(
    attacker_tactic: int, defender_tactic: int, attacker_criterion: str, defender_criterion: str
) -> tuple[int, int]:
    """The pieces each side removes when both have plenty: (attacker's, defender's)."""
    if attacker_tactic == defender_tactic:
        return TIE_LOSS, TIE_LOSS
    if beats(attacker_tactic, defender_tactic):
        return 0, dots(attacker_criterion, attacker_tactic)
    return dots(defender_criterion, defender_tactic), 0


@dataclass(frozen=True)
class RoundResult:
    """What one round of the criptex did: who chose what, under which criteria, who won and
    the pieces each side removed (never more than it had)."""

    attacker_tactic: int
    defender_tactic: int
    attackers: int
    """The attacker's pieces at the start of the round (its CQ)."""
    defenders: int
    """The defender's pieces at the start of the round (its CQ plus its CA)."""
    attacker_criterion: str
    defender_criterion: str
    winner: str | None
    """``"attacker"``, ``"defender"``, or None for a tie."""
    attacker_loses: int
    defender_loses: int

    @property
    def tactics(self) -> tuple[int, int]:
        return self.attacker_tactic, self.defender_tactic

    @property
    def criteria(self) -> tuple[str, str]:
        return self.attacker_criterion, self.defender_criterion

    @property
    def losses(self) -> tuple[int, int]:
        """(attacker_loses, defender_loses), as ``battle_round`` returns them."""
        return self.attacker_loses, self.defender_loses

    def explain(self, lang: str | None = None) -> str:
        """The round in sentences: each side's force and criterion, then the result."""
        sentences = [
            t(
                "nuevo_mundo_criptex.attacker_force",
                lang=lang,
                n=self.attackers,
                criterion=criterion_name(self.attacker_criterion, lang),
            ),
            t(
                "nuevo_mundo_criptex.defender_force",
                lang=lang,
                n=self.defenders,
                criterion=criterion_name(self.defender_criterion, lang),
            ),
        ]
        tactics = {"attacker": self.attacker_tactic, "defender": self.defender_tactic}
        if self.winner is None:
            sentences.append(
                t("nuevo_mundo_criptex.tie", lang=lang, tactic=self.attacker_tactic, n=TIE_LOSS)
            )
        elif self.winner == ATTACKER:
            name = criterion_name(self.attacker_criterion, lang)
            sentences.append(
                t(
                    "nuevo_mundo_criptex.attacker_wins",
                    lang=lang,
                    **tactics,
                    criterion=name,
                    n=self.defender_loses,
                )
            )
            sentences += self._capped(
                self.attacker_criterion, self.attacker_tactic, self.defenders, lang
            )
        else:
            name = criterion_name(self.defender_criterion, lang)
            sentences.append(
                t(
                    "nuevo_mundo_criptex.defender_wins",
                    lang=lang,
                    **tactics,
                    criterion=name,
                    n=self.attacker_loses,
                )
            )
            sentences += self._capped(
                self.defender_criterion, self.defender_tactic, self.attackers, lang
            )
        return " ".join(sentences)

    @staticmethod
    def _capped(
        winner_criterion: str, winner_tactic: int, loser_has: int, lang: str | None
    ) -> list[str]:
        """A sentence when the dots ask for more pieces than the loser had, else none."""
        shown = dots(winner_criterion, winner_tactic)
        if shown <= loser_has:
            return []
        return [t("nuevo_mundo_criptex.only_left", lang=lang, dots=shown, n=loser_has)]


def _check_forces(attackers: int, defenders: int) -> None:
    if attackers < 1:
        raise ValueError(t("nuevo_mundo_criptex.attacker_no_force", n=attackers))
    if defenders < 1:
        raise ValueError(t("nuevo_mundo_criptex.defender_no_force", n=defenders))


def round_result(
    attacker_tactic: int, defender_tactic: int, attackers: int, defenders: int
) -> RoundResult:
    """One round of the criptex: the criteria from the forces (defender's CA counted as CQ),
    the winner from the tactics, and the pieces each side removes.

    The loser removes the dots under the winner's tactic on the winner's criterion, a tie
    removes 1 from each side, and no side removes more pieces than it has."""
    _check_tactic(attacker_tactic)
    _check_tactic(defender_tactic)
    _check_forces(attackers, defenders)
    attacker_criterion = criterion(attackers, defenders)
    defender_criterion = criterion(defenders, attackers)
    lose_a, lose_d = _losses(
        attacker_tactic, defender_tactic, attacker_criterion, defender_criterion
    )
    if attacker_tactic == defender_tactic:
        winner: str | None = None
    else:
        winner = ATTACKER if lose_d else DEFENDER
    return RoundResult(
        attacker_tactic=attacker_tactic,
        defender_tactic=defender_tactic,
        attackers=attackers,
        defenders=defenders,
        attacker_criterion=attacker_criterion,
        defender_criterion=defender_criterion,
        winner=winner,
        attacker_loses=min(lose_a, attackers),
        defender_loses=min(lose_d, defenders),
    )


def battle_round(
    attacker_tactic: int, defender_tactic: int, attackers: int, defenders: int
) -> tuple[int, int]:
    """(attacker_loses, defender_loses): the pieces each side removes this round.

    ``attackers`` counts the attacker's CQ, ``defenders`` the defender's CQ plus CA."""
    return round_result(attacker_tactic, defender_tactic, attackers, defenders).losses


# --- a round as a matrix game -------------------------------------------------------------

Matrix = tuple[tuple[Fraction, ...], ...]
"""A zero-sum matrix game: entry [i][j] is what the row player gains (and the column player
loses) when the row player plays i and the column player j."""

_LOSSES: Final = {
    (ac, dc): tuple(tuple(_losses(a, d, ac, dc) for d in TACTICS) for a in TACTICS)
    for ac in CRITERIA
    for dc in CRITERIA
}
"""(attacker's criterion, defender's criterion) -> [attacker's tactic][defender's tactic] ->
the pieces each side removes when both have plenty (computed once: the battle's dynamic
programme reads it for every position)."""


def payoff_matrix(attacker_criterion: str, defender_criterion: str) -> Matrix:
    """The round as a zero-sum game in pieces: rows are the attacker's tactics 1-5, columns
    the defender's, each entry the defender's loss minus the attacker's loss (for forces large
    enough that no loss is cut short)."""
    _check_criterion(attacker_criterion)
    _check_criterion(defender_criterion)
    table = _LOSSES[attacker_criterion, defender_criterion]
    return tuple(tuple(Fraction(ld - la) for la, ld in row) for row in table)


# --- an exact solver for zero-sum matrix games ----------------------------------------------

N = TypeVar("N", Fraction, float)


def _simplex(matrix: Sequence[Sequence[N]], eps: N) -> tuple[list[N], list[N], N]:
    """The equilibrium of a zero-sum matrix game: (row mix, column mix, value).

    The textbook reduction to one linear programme: shift every entry to be at least 1, then
    the column player's problem "maximise sum(y) with A y <= 1, y >= 0" starts feasible at
    y = 0 (no first phase), its optimum is 1 / value, and the final tableau's reduced costs of
    the slack variables are the row player's (dual) solution, so one run gives both mixes.
    Bland's rule (lowest index enters, lowest basic index leaves on a tie) rules out
    cycling. With fractions (``eps`` = 0) every step is exact; with floats ``eps`` absorbs
    rounding."""
    rows, cols = len(matrix), len(matrix[0])
    one = eps * 0 + 1
    zero = eps * 0
    shift = one - min(min(row) for row in matrix)
    tableau = [
        [entry + shift for entry in matrix[i]]
        + [one if k == i else zero for k in range(rows)]
        + [one]
        for i in range(rows)
    ]
    objective = [-one] * cols + [zero] * (rows + 1)
    basis = list(range(cols, cols + rows))
    while True:
        enter = next((j for j in range(cols + rows) if objective[j] < -eps), None)
        if enter is None:
            break
        leave = -1
        best = zero
        for i in range(rows):
            coefficient = tableau[i][enter]
            if coefficient > eps:
                ratio = tableau[i][-1] / coefficient
                if leave < 0 or ratio < best or (ratio == best and basis[i] < basis[leave]):
                    leave, best = i, ratio
        if leave < 0:
            # The programme is bounded (after the shift every entry is at least 1, so no y
            # exceeds 1), so an entering column always has a positive entry in exact
            # arithmetic; only float dust could hide it, and then this basis is optimal as
            # far as floats can tell.
            break
        pivot_row = [v / tableau[leave][enter] for v in tableau[leave]]
        tableau[leave] = pivot_row
        for i in range(rows):
            factor = tableau[i][enter]
            if i != leave and factor != 0:
                tableau[i] = [v - factor * p for v, p in zip(tableau[i], pivot_row)]
        factor = objective[enter]
        objective = [v - factor * p for v, p in zip(objective, pivot_row)]
        basis[leave] = enter
    scale = one / objective[-1]
    column = [zero] * cols
    for i, variable in enumerate(basis):
        if variable < cols:
            column[variable] = tableau[i][-1] * scale
    row = [objective[cols + i] * scale for i in range(rows)]
    return _tidy(row, eps), _tidy(column, eps), scale - shift


def _tidy(mix: list[N], eps: N) -> list[N]:
    """A mix as chances: exact ones are already; float ones lose rounding dust (a -1e-17)
    and are scaled to add up to 1 again."""
    if not eps:
        return mix
    clean = [max(p, eps * 0) for p in mix]
    total = sum(clean)
    return [p / total for p in clean]


@dataclass(frozen=True)
class Equilibrium:
    """A zero-sum game's solution: the row player's mix, the column player's mix (chances
    per row / column, adding up to 1) and the value (what the row player earns on average
    when both play them; neither can do better by changing alone)."""

    row: tuple[Fraction, ...]
    column: tuple[Fraction, ...]
    value: Fraction


Number = Fraction | int


def _exact_matrix(matrix: Sequence[Sequence[Number]]) -> Matrix:
    if not matrix or not matrix[0]:
        raise ValueError(t("nuevo_mundo_criptex.empty_matrix"))
    width = len(matrix[0])
    if any(len(row) != width for row in matrix):
        raise ValueError(t("nuevo_mundo_criptex.ragged_matrix", n=width))
    return tuple(tuple(Fraction(entry) for entry in row) for row in matrix)


def equilibrium(matrix: Sequence[Sequence[Number]]) -> Equilibrium:
    """The exact mixed-strategy equilibrium of a zero-sum matrix game of any size (rows: the
    player who gains the entries), computed with fractions by the simplex method.

    When the game has several equilibria this returns one of them, always the same."""
    exact = _exact_matrix(matrix)
    row, column, value = _simplex(exact, Fraction(0))
    return Equilibrium(tuple(row), tuple(column), value)


def _exact_mix(mix: Sequence[Number], size: int) -> tuple[Fraction, ...]:
    """A mix given as weights (chances, or counts like (1, 1, 0, 0, 0) for "half and half"),
    scaled to chances that add up to 1."""
    if len(mix) != size:
        raise ValueError(t("nuevo_mundo_criptex.mix_size", n=size, given=len(mix)))
    weights = tuple(Fraction(w) for w in mix)
    total = sum(weights)
    if any(w < 0 for w in weights) or total <= 0:
        raise ValueError(t("nuevo_mundo_criptex.mix_weights"))
    return tuple(w / total for w in weights)


def swap_sides(matrix: Sequence[Sequence[Number]]) -> Matrix:
    """The same game seen by the column player (minus the transpose), so every function here
    that answers for the row player answers for the column player too."""
    exact = _exact_matrix(matrix)
    return tuple(tuple(-exact[i][j] for i in range(len(exact))) for j in range(len(exact[0])))


def expected_payoff(
    matrix: Sequence[Sequence[Number]], row_mix: Sequence[Number], column_mix: Sequence[Number]
) -> Fraction:
    """What the row player earns on average when the two mixes meet."""
    exact = _exact_matrix(matrix)
    p = _exact_mix(row_mix, len(exact))
    q = _exact_mix(column_mix, len(exact[0]))
    return sum(
        (p[i] * q[j] * exact[i][j] for i in range(len(p)) for j in range(len(q))), Fraction(0)
    )


def payoffs_against(
    matrix: Sequence[Sequence[Number]], row_mix: Sequence[Number]
) -> tuple[Fraction, ...]:
    """For each column, what the row player earns on average when the row mix meets it."""
    exact = _exact_matrix(matrix)
    p = _exact_mix(row_mix, len(exact))
    return tuple(
        sum((p[i] * exact[i][j] for i in range(len(p))), Fraction(0)) for j in range(len(exact[0]))
    )


def best_reply(matrix: Sequence[Sequence[Number]], row_mix: Sequence[Number]) -> int:
    """The column (0-based; tactic = column + 1) that does best against the row player's mix:
    the one that leaves the row player the least (the lowest such column on a tie)."""
    earned = payoffs_against(matrix, row_mix)
    return earned.index(min(earned))


def exploitability(matrix: Sequence[Sequence[Number]], row_mix: Sequence[Number]) -> Fraction:
    """How much the row player loses against a best reply compared with the game's value:
    0 for an equilibrium mix (it cannot be exploited), positive for any mix that can."""
    return equilibrium(matrix).value - min(payoffs_against(matrix, row_mix))


# --- a whole battle: dynamic programming over the pieces left ----------------------------


class _Battles(Generic[N]):
    """Every position (attackers, defenders) of a battle solved once, in float or exact
    arithmetic: the chance the attacker wins from it, both sides' equilibrium mixes and the
    pieces each side expects to lose until the end.

    A round at (a, d) is the zero-sum game whose entries are the chances of the positions its
    outcomes lead to; every round removes at least one piece, so each position depends only
    on positions with fewer pieces, and filling the table in increasing order of a, then d,
    never meets an unsolved one (no recursion, so 150 x 150 is as safe as 5 x 5)."""

    def __init__(self, eps: N, flat: N, convert: Callable[[Fraction], N]) -> None:
        self.eps: N = eps
        self.flat: N = flat
        self.convert: Callable[[Fraction], N] = convert
        self.one: N = eps * 0 + 1
        self.zero: N = eps * 0
        self.solved: dict[tuple[int, int], tuple[N, list[N], list[N], N, N]] = {}

    def value(self, a: int, d: int) -> N:
        if a <= 0:
            return self.zero  # the attacker is gone (both gone also counts as not won)
        if d <= 0:
            return self.one
        return self.solved[a, d][0]

    def losses(self, a: int, d: int) -> tuple[N, N]:
        if a <= 0 or d <= 0:
            return self.zero, self.zero
        entry = self.solved[a, d]
        return entry[3], entry[4]

    def fill(self, attackers: int, defenders: int) -> None:
        for a in range(1, attackers + 1):
            for d in range(1, defenders + 1):
                if (a, d) not in self.solved:
                    self.solved[a, d] = self._solve(a, d)

    def _solve(self, a: int, d: int) -> tuple[N, list[N], list[N], N, N]:
        table = _LOSSES[criterion(a, d), criterion(d, a)]
        outcomes = [[(min(la, a), min(ld, d)) for la, ld in row] for row in table]
        matrix = [[self.value(a - la, d - ld) for la, ld in row] for row in outcomes]
        if max(map(max, matrix)) - min(map(min, matrix)) <= self.flat:
            # The battle is decided whatever anyone plays (in floats: the chances differ by
            # less than one in a billion), so the win chance cannot choose the tactics: any
            # mix is an equilibrium, and a lazy choice (always tactic 1: a tie every round)
            # would make the expected losses nonsense. The pieces game of the round decides.
            pieces = _pieces_equilibrium(criterion(a, d), criterion(d, a))
            row_mix = [self.convert(p) for p in pieces.row]
            column_mix = [self.convert(q) for q in pieces.column]
            value = sum(
                (
                    p * q * matrix[i][j]
                    for i, p in enumerate(row_mix)
                    for j, q in enumerate(column_mix)
                ),
                self.zero,
            )
        else:
            row_mix, column_mix, value = _solve_small(matrix, self.eps)
        lost_a, lost_d = self.zero, self.zero
        for i, p in enumerate(row_mix):
            for j, q in enumerate(column_mix):
                if p and q:
                    la, ld = outcomes[i][j]
                    later_a, later_d = self.losses(a - la, d - ld)
                    lost_a += p * q * (la + later_a)
                    lost_d += p * q * (ld + later_d)
        return value, row_mix, column_mix, lost_a, lost_d


def _solve_small(matrix: list[list[N]], eps: N) -> tuple[list[N], list[N], N]:
    """``_simplex``, with a shortcut for the many battle positions that have a saddle point
    (one side so strong that a pure tactic is already optimal): no pivoting needed."""
    row_floors = [min(row) for row in matrix]
    column_ceilings = [max(column) for column in zip(*matrix)]
    floor, ceiling = max(row_floors), min(column_ceilings)
    if ceiling - floor <= eps:
        zero = eps * 0
        row = [zero] * len(matrix)
        column = [zero] * len(matrix[0])
        row[row_floors.index(floor)] = zero + 1
        column[column_ceilings.index(ceiling)] = zero + 1
        return row, column, floor
    return _simplex(matrix, eps)


@cache
def _pieces_equilibrium(attacker_criterion: str, defender_criterion: str) -> Equilibrium:
    return equilibrium(payoff_matrix(attacker_criterion, defender_criterion))


_FLOAT_BATTLES: Final = _Battles(1e-12, 1e-9, float)
_EXACT_BATTLES: Final = _Battles(Fraction(0), Fraction(0), Fraction)


def forget_battles() -> None:
    """Empty the tables of solved battle positions, so the next question solves them again
    (a benchmark's cold start)."""
    _FLOAT_BATTLES.solved.clear()
    _EXACT_BATTLES.solved.clear()


def _check_battle(attackers: int, defenders: int) -> None:
    if attackers < 0 or defenders < 0:
        raise ValueError(t("nuevo_mundo_criptex.negative_forces", own=attackers, other=defenders))


def battle_value(attackers: int, defenders: int) -> float:
    """The chance that the attacker wins the whole battle (removes every defending piece)
    when both sides play the equilibrium of every round; 1 when no defender is left, 0 when
    no attacker is (a last round that wipes out both sides is not a win).

    Forces are counted as for the criterion (defender: CQ + CA). Computed once per position
    and kept, so later questions about smaller battles are instant."""
    _check_battle(attackers, defenders)
    _FLOAT_BATTLES.fill(attackers, defenders)
    return _FLOAT_BATTLES.value(attackers, defenders)


EXACT_PIECES: Final = 8
"""The most pieces (both sides together) ``battle_value_exact`` takes on: each round's
fractions multiply the lengths of the ones before, so 4 against 4 already has a denominator of
hundreds of digits and 5 against 5 of thousands (seconds to compute, nothing to read)."""


def battle_value_exact(attackers: int, defenders: int) -> Fraction:
    """``battle_value`` as an exact fraction, for battles of at most ``EXACT_PIECES`` pieces
    in all (the fractions grow too long to be of use beyond)."""
    _check_battle(attackers, defenders)
    if attackers + defenders > EXACT_PIECES:
        raise ValueError(
            t(
                "nuevo_mundo_criptex.exact_too_big",
                n=EXACT_PIECES,
                attackers=attackers,
                defenders=defenders,
            )
        )
    _EXACT_BATTLES.fill(attackers, defenders)
    return _EXACT_BATTLES.value(attackers, defenders)


def battle_strategy(attackers: int, defenders: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The chances of tactics 1-5 for the attacker and for the defender that play the
    equilibrium of the round at these forces, with the whole battle in view."""
    _check_battle(attackers, defenders)
    if attackers == 0 or defenders == 0:
        raise ValueError(
            t("nuevo_mundo_criptex.battle_over", attackers=attackers, defenders=defenders)
        )
    _FLOAT_BATTLES.fill(attackers, defenders)
    _, row, column, _, _ = _FLOAT_BATTLES.solved[attackers, defenders]
    return tuple(row), tuple(column)


def expected_losses(attackers: int, defenders: int) -> tuple[float, float]:
    """The pieces the attacker and the defender expect to lose in the whole battle (until
    one side is gone) when both play ``battle_strategy`` in every round."""
    _check_battle(attackers, defenders)
    _FLOAT_BATTLES.fill(attackers, defenders)
    return _FLOAT_BATTLES.losses(attackers, defenders)
