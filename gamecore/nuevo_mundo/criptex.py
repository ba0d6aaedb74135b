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

from dataclasses import dataclass
from typing import Final

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
            t("nuevo_mundo_criptex.attacker_force", lang=lang, n=self.attackers,
              criterion=criterion_name(self.attacker_criterion, lang)),
            t("nuevo_mundo_criptex.defender_force", lang=lang, n=self.defenders,
              criterion=criterion_name(self.defender_criterion, lang)),
        ]
        tactics = {"attacker": self.attacker_tactic, "defender": self.defender_tactic}
        if self.winner is None:
            sentences.append(
                t("nuevo_mundo_criptex.tie", lang=lang, tactic=self.attacker_tactic, n=TIE_LOSS)
            )
        elif self.winner == ATTACKER:
            name = criterion_name(self.attacker_criterion, lang)
            sentences.append(t("nuevo_mundo_criptex.attacker_wins", lang=lang, **tactics,
                               criterion=name, n=self.defender_loses))
            sentences += self._capped(self.attacker_criterion, self.attacker_tactic,
                                      self.defenders, lang)
        else:
            name = criterion_name(self.defender_criterion, lang)
            sentences.append(t("nuevo_mundo_criptex.defender_wins", lang=lang, **tactics,
                               criterion=name, n=self.attacker_loses))
            sentences += self._capped(self.defender_criterion, self.defender_tactic,
                                      self.attackers, lang)
        return " ".join(sentences)

    @staticmethod
    def _capped(winner_criterion: str, winner_tactic: int, loser_has: int,
                lang: str | None) -> list[str]:
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
