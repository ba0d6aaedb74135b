"""Nuevo Mundo lesson 2's duel: the student's tactic against a bot's, round after round.

- bots: ``equilibrium_bot(...)`` (plays the defender's equilibrium mix) and
  ``favourite_bot(tactic)`` (plays one tactic half the time: it can be exploited);
- ``exploit_table(bot)``: always playing one tactic against a bot, the exact average per
  round beside a seeded simulation;
- ``Duel``: the duel's rules in plain Python (running totals, the bot's choices so far, and
  after ``MIN_ROUNDS`` rounds a verdict comparing the student's average with what the bot
  allows), and ``CriptexDuel``: the same with five tactic buttons.

The student is the attacker and the bot the defender; both forces are large enough that no
loss is cut short, so a round's result is an entry of the payoff matrix (the pieces the bot
removes minus the pieces the student removes). Bots draw with their own seeded
``random.Random``: a lesson's numbers are the same on every run.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

import ipywidgets as w

from gamecore.nuevo_mundo.criptex import (
    battle_round,
    equilibrium,
    payoff_matrix,
    payoffs_against,
    swap_sides,
)
from gamecore.nuevo_mundo.data import TACTICS
from gamecore.words import join_alternatives, join_words, number, t

from ..notes import Notes
from ..svg import png_metadata, still_bundle
from .lesson_criptex import (
    TIE_FILL,
    WIN_FILL,
    Grid,
    best_mix,
    criteria_words,
    cycle_picture,
    signed,
    signed_fraction,
    tactic_name,
)

MIN_ROUNDS: Final = 10
"""Rounds a duel needs before it compares the student's average with the bot's value: fewer
say more about luck than about tactics."""

# ------------------------------------------------------------------------------ bots


@dataclass(frozen=True)
class DuelBot:
    """A defender that draws its tactic from a fixed mix (exact chances, tactics 1-5)."""

    kind: str
    """``"equilibrium"`` or ``"favourite"``."""
    chances: tuple[Fraction, ...]

    def choose(self, rng: random.Random) -> int:
        """A tactic drawn from the mix: a whole number below the common denominator picks
        it, so the chances are exact."""
        bag = math.lcm(*(c.denominator for c in self.chances))
        draw = rng.randrange(bag)
        for tactic, chance in zip(TACTICS, self.chances):
            draw -= int(chance * bag)
            if draw < 0:
                return tactic
        raise AssertionError("the chances of a mix add up to 1")

    def name(self) -> str:
        if self.kind == "equilibrium":
            return t("nuevo_mundo_lessons.bot_equilibrium")
        return t("nuevo_mundo_lessons.bot_favourite", tactic=self.favourite())

    def favourite(self) -> int:
        """The tactic the bot plays most often (the first of them on a tie)."""
        return TACTICS[self.chances.index(max(self.chances))]


def equilibrium_bot(
    attacker_criterion: str = "balance", defender_criterion: str = "balance"
) -> DuelBot:
    """A defender that plays its equilibrium mix."""
    return DuelBot(
        "equilibrium", best_mix(attacker_criterion, defender_criterion, "defender").chances
    )


def favourite_bot(favourite: int = 3, share: Fraction = Fraction(1, 2)) -> DuelBot:
    """A defender with a favourite tactic: it plays it with chance ``share`` and each of the
    others with an equal part of the rest."""
    if favourite not in TACTICS:
        raise ValueError(
            t(
                "nuevo_mundo_criptex.bad_tactic",
                tactic=favourite,
                first=TACTICS[0],
                last=TACTICS[-1],
            )
        )
    rest = (1 - share) / (len(TACTICS) - 1)
    return DuelBot("favourite", tuple(share if x == favourite else rest for x in TACTICS))


def make_bot(bot: str | DuelBot, criteria: tuple[str, str]) -> DuelBot:
    if isinstance(bot, DuelBot):
        return bot
    if bot == "equilibrium":
        return equilibrium_bot(*criteria)
    if bot == "favourite":
        return favourite_bot()
    raise ValueError(t("nuevo_mundo_lessons.bad_bot", bot=bot))


FORCES: Final = {
    ("balance", "balance"): (20, 20),
    ("double", "half"): (40, 20),
    ("half", "double"): (20, 40),
}
"""Forces that give each pair of criteria and never cut a loss short (at most 3 dots)."""


def exploit_table(
    bot: str | DuelBot = "equilibrium",
    rounds: int = 1000,
    seed: int = 1,
    criteria: tuple[str, str] = ("balance", "balance"),
) -> Grid:
    """Always playing one tactic against a bot: the exact average per round, and the average
    over ``rounds`` rounds of a seeded simulation (the same bot's draws for every tactic)."""
    defender = make_bot(bot, criteria)
    matrix = swap_sides(payoff_matrix(*criteria))
    exact = [-e for e in payoffs_against(matrix, defender.chances)]
    rng = random.Random(seed)
    draws = [defender.choose(rng) for _ in range(rounds)]
    attackers, defenders = FORCES[criteria]
    rows, fills = [], []
    for tactic, average in zip(TACTICS, exact):
        total = 0
        for other in draws:
            lose_a, lose_d = battle_round(tactic, other, attackers, defenders)
            total += lose_d - lose_a
        rows.append(
            (tactic_name(tactic), signed_fraction(average), signed(average), signed(total / rounds))
        )
        best = average == max(exact)
        fills.append((None, WIN_FILL if best and average > 0 else TIE_FILL, None, None))
    headers = (
        t("nuevo_mundo_lessons.you_always"),
        t("nuevo_mundo_lessons.exact_average"),
        t("nuevo_mundo_lessons.about"),
        t("nuevo_mundo_lessons.simulated", rounds=number(rounds)),
    )
    return Grid(
        headers,
        tuple(rows),
        tuple(fills),
        note=t("nuevo_mundo_lessons.exploit_note", bot=defender.name()),
    )


# ------------------------------------------------------------------------------ the duel


@dataclass(frozen=True)
class DuelRound:
    number: int
    yours: int
    bots: int
    you_lose: int
    bot_loses: int

    @property
    def gain(self) -> int:
        """Pieces ahead this round: what the bot removed minus what you removed."""
        return self.bot_loses - self.you_lose

    def words(self) -> str:
        head = t(
            "nuevo_mundo_lessons.duel_round", number=self.number, yours=self.yours, bots=self.bots
        )
        if self.yours == self.bots:
            result = t("nuevo_mundo_lessons.duel_tie", n=self.you_lose)
        elif self.bot_loses:
            result = t("nuevo_mundo_lessons.duel_win", n=self.bot_loses)
        else:
            result = t("nuevo_mundo_lessons.duel_loss", n=self.you_lose)
        return f"{head} {result}"


class Duel:
    """The duel's rules in plain Python: the student (attacker) against a bot (defender),
    one round at a time, with the running totals and, after ``MIN_ROUNDS``, a verdict."""

    def __init__(
        self,
        bot: str | DuelBot = "equilibrium",
        criteria: tuple[str, str] = ("balance", "balance"),
        seed: int = 0,
    ) -> None:
        if criteria not in FORCES:
            raise ValueError(
                t("nuevo_mundo_lessons.bad_criteria", attacker=criteria[0], defender=criteria[1])
            )
        self.criteria = criteria
        self.bot = make_bot(bot, criteria)
        self.seed = seed
        self.rng = random.Random(seed)
        self.rounds: list[DuelRound] = []
        self.matrix = payoff_matrix(*criteria)
        self.value = equilibrium(self.matrix).value

    def play(self, tactic: int) -> DuelRound:
        """One round: your tactic against the bot's (drawn without looking at yours)."""
        if tactic not in TACTICS:
            raise ValueError(
                t(
                    "nuevo_mundo_criptex.bad_tactic",
                    tactic=tactic,
                    first=TACTICS[0],
                    last=TACTICS[-1],
                )
            )
        other = self.bot.choose(self.rng)
        you_lose, bot_loses = battle_round(tactic, other, *FORCES[self.criteria])
        played = DuelRound(len(self.rounds) + 1, tactic, other, you_lose, bot_loses)
        self.rounds.append(played)
        return played

    def restart(self) -> None:
        """A new duel against the same bot, with the next seed (new draws to read)."""
        self.seed += 1
        self.rng = random.Random(self.seed)
        self.rounds = []

    @property
    def total(self) -> int:
        return sum(r.gain for r in self.rounds)

    def average(self) -> Fraction:
        return Fraction(self.total, len(self.rounds)) if self.rounds else Fraction(0)

    def best_reply(self) -> tuple[tuple[int, ...], Fraction]:
        """The tactics that earn most on average against this bot's mix, and what they earn."""
        earned = [-e for e in payoffs_against(swap_sides(self.matrix), self.bot.chances)]
        best = max(earned)
        return tuple(x for x, e in zip(TACTICS, earned) if e == best), best

    def status(self) -> Notes:
        """The duel so far: the last round, the totals, the bot's choices and the verdict."""
        lines = [
            t(
                "nuevo_mundo_lessons.duel_intro",
                bot=self.bot.name(),
                criteria=criteria_words(*self.criteria),
            )
        ]
        if not self.rounds:
            lines.append(t("nuevo_mundo_lessons.duel_choose"))
            return Notes(lines)
        lines.append(self.rounds[-1].words())
        removed = sum(r.bot_loses for r in self.rounds)
        lost = sum(r.you_lose for r in self.rounds)
        lines.append(
            t(
                "nuevo_mundo_lessons.duel_totals",
                n=len(self.rounds),
                removed=removed,
                lost=lost,
                total=signed(self.total, 0),
                average=signed(self.average()),
            )
        )
        counts = [(x, sum(r.bots == x for r in self.rounds)) for x in TACTICS]
        shown = [t("nuevo_mundo_lessons.times", tactic=x, n=c) for x, c in counts if c]
        lines.append(t("nuevo_mundo_lessons.duel_bot_choices", choices=join_words(shown)))
        verdict = self.verdict()
        if verdict:
            lines.append(verdict)
        return Notes(lines)

    def verdict(self) -> str:
        """After ``MIN_ROUNDS`` rounds, the student's average against what the bot allows."""
        if len(self.rounds) < MIN_ROUNDS:
            return t("nuevo_mundo_lessons.duel_more", n=MIN_ROUNDS - len(self.rounds))
        tactics, best = self.best_reply()
        average = signed(self.average())
        if self.bot.kind == "equilibrium":
            return t(
                "nuevo_mundo_lessons.verdict_equilibrium",
                average=average,
                value=signed_fraction(self.value),
            )
        return t(
            "nuevo_mundo_lessons.verdict_favourite",
            average=average,
            value=signed_fraction(self.value),
            n=len(tactics),
            tactics=join_alternatives([str(x) for x in tactics]),
            best=signed_fraction(best),
            about=signed(best),
        )


class CriptexDuel:
    """Play the criptex against a bot: five tactic buttons, the status in sentences, and a
    button that starts a new duel (new draws). ``duel.model`` is the plain-Python ``Duel``.

    CSS classes: ``nm-duel`` (the whole), ``nm-duel-tactic`` (each button), ``nm-duel-status``.
    """

    def __init__(
        self,
        bot: str | DuelBot = "equilibrium",
        criteria: tuple[str, str] = ("balance", "balance"),
        seed: int = 0,
    ) -> None:
        self.model = Duel(bot, criteria, seed)
        self.buttons = []
        for tactic in TACTICS:
            button = w.Button(
                description=tactic_name(tactic),
                layout=w.Layout(width="auto"),
                tooltip=t("nuevo_mundo_lessons.duel_button_tip", tactic=tactic),
            )
            button.add_class("nm-duel-tactic")
            button.on_click(self._on_tactic(tactic))
            self.buttons.append(button)
        self.again = w.Button(
            description=t("nuevo_mundo_lessons.duel_again"),
            icon="refresh",
            layout=w.Layout(width="auto"),
        )
        self.again.on_click(lambda _b: self.restart())
        self.status = w.HTML()
        self.status.add_class("nm-duel-status")
        self.widget = w.VBox([w.HBox([*self.buttons, self.again]), self.status])
        self.widget.add_class("nm-duel")
        self._show()

    def _on_tactic(self, tactic: int) -> Any:
        def click(_button: w.Button) -> None:
            self.play(tactic)

        return click

    def play(self, tactic: int) -> DuelRound:
        played = self.model.play(tactic)
        self._show()
        return played

    def restart(self) -> None:
        self.model.restart()
        self._show()

    def _show(self) -> None:
        self.status.value = self.model.status()._repr_html_()

    def text(self) -> str:
        return str(self.model.status())

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live duel, plus the tactics' cycle and the duel's words for where it cannot
        run (a lesson opened before it is run, an untrusted notebook, an export)."""
        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        scene = cycle_picture(5).scene
        bundle.update(
            still_bundle(scene, t("nuevo_mundo_lessons.duel_still", bot=self.model.bot.name()))
        )
        return bundle, png_metadata(scene)


__all__ = [
    "MIN_ROUNDS",
    "CriptexDuel",
    "Duel",
    "DuelBot",
    "DuelRound",
    "equilibrium_bot",
    "exploit_table",
    "favourite_bot",
]
