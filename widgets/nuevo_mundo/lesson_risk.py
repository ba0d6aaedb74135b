"""What Nuevo Mundo lesson 3 ("chance and risk") shows: the colour die, journeys, battles.

- the colour die: ``die_picture()`` (its six faces, each with a symbol and a word),
  ``border_table(throws)`` (crossing one border: the chances after 1, 2, 3 throws and in the
  end, and the CQ lost on average), ``border_experiment(trials, seed)`` (the same numbers
  against a seeded simulation);
- a journey over several borders: ``journey_table(borders, trials, seed)``;
- battles: ``battle_words(attackers, defenders)`` (the chance to win and the losses each side
  expects), ``battle_experiment(...)`` (theory against simulated battles), ``battle_grid()``
  (the chance to win for every pair of forces, a coloured grid with the numbers written in
  it), ``when_to_attack()`` (the fewest attackers that reach a given chance) and
  ``plan_table(defenders, borders)`` (march and then fight: every black on the way is one
  attacker fewer).

The theory assumes a player who keeps trying after black (with CQ to spare) and stops at
red, with no card combos; every exact chance is a ``Fraction``, shown as a fraction and a
percentage. Battles are played with both sides choosing the equilibrium mix of every round
(``gamecore.nuevo_mundo.criptex``). Simulations draw from their own seeded
``random.Random``, so a lesson's numbers are the same on every run. Every word comes from
the catalog namespace ``nuevo_mundo_lessons``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from gamecore.nuevo_mundo.criptex import (
    battle_round,
    battle_strategy,
    battle_value,
    criterion,
    criterion_name,
    expected_losses,
)
from gamecore.nuevo_mundo.data import COLOUR_DIE, TACTICS
from gamecore.words import number, percent, t

from ..notes import Notes
from ..palette import HIGHLIGHT, INK, MUTED, OK, PAPER, WARNING, text_on, tint
from ..quiz import Quiz
from ..scene import Rect, Scene, Text
from ..svg import Picture
from .lesson_criptex import Grid, fraction_words, quiz_from_keys

GREEN: Final = Fraction(COLOUR_DIE.count("green"), len(COLOUR_DIE))
RED: Final = Fraction(COLOUR_DIE.count("red"), len(COLOUR_DIE))
BLACK: Final = Fraction(COLOUR_DIE.count("black"), len(COLOUR_DIE))
"""The chance of each colour in one throw (from the die's faces in components.json)."""

FACE_COLOURS: Final = {"green": OK, "red": WARNING, "black": INK}
FACE_SYMBOLS: Final = {"green": "✔", "red": "✖", "black": "☠"}
"""A symbol on every face, so the die never depends on colour alone."""


def chance_words(value: Fraction) -> str:
    """An exact chance with its percentage: ``2/3 (66.7%)``."""
    return f"{fraction_words(value)} ({percent(float(value), 1)})"


def _face_word(colour: str) -> str:
    return {
        "green": t("nuevo_mundo_lessons.face_green"),
        "red": t("nuevo_mundo_lessons.face_red"),
        "black": t("nuevo_mundo_lessons.face_black"),
    }[colour]


# ------------------------------------------------------------------------------ one border


def die_picture() -> Picture:
    """The colour die's six faces side by side, each with its colour, symbol and meaning."""
    side, gap = 74, 12
    title = t(
        "nuevo_mundo_lessons.die_title",
        green=COLOUR_DIE.count("green"),
        red=COLOUR_DIE.count("red"),
        black=COLOUR_DIE.count("black"),
    )
    scene = Scene(len(COLOUR_DIE) * (side + gap) + gap, side + 70, background=PAPER, title=title)
    scene.add(Text(id="title", x=gap, y=14, text=title, size=15, bold=True, fill=INK))
    for k, colour in enumerate(COLOUR_DIE):
        x = gap + k * (side + gap)
        fill = FACE_COLOURS[colour]
        scene.add(
            Rect(
                id=f"face{k + 1}",
                x=x,
                y=30,
                width=side,
                height=side,
                radius=10,
                fill=fill,
                stroke=INK,
                stroke_width=2,
            )
        )
        scene.add(
            Text(
                id=f"face{k + 1}-symbol",
                x=x + side / 2,
                y=30 + side / 2,
                text=FACE_SYMBOLS[colour],
                size=34,
                anchor="middle",
                fill=text_on(fill),
            )
        )
        scene.add(
            Text(
                id=f"face{k + 1}-word",
                x=x + side / 2,
                y=30 + side + 18,
                text=_face_word(colour),
                size=12,
                anchor="middle",
                fill=INK,
            )
        )
    return Picture(scene)


def after_throws(throws: int) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Trying one border for at most ``throws`` throws (stopping at green or red): the
    chance of having crossed, of the border being closed by red, of still trying (black
    every time), and the CQ lost on average (one per black)."""
    still = BLACK**throws
    resolved = 1 - still  # green or red came up before the throws ran out
    settled = GREEN + RED
    lost = sum((BLACK**k for k in range(1, throws + 1)), Fraction(0))
    return GREEN / settled * resolved, RED / settled * resolved, still, lost


def in_the_end() -> tuple[Fraction, Fraction, Fraction]:
    """Trying one border until green or red: the chance to cross, the chance of red, and
    the CQ lost on average (the blacks before the end, BLACK / (GREEN + RED))."""
    settled = GREEN + RED
    return GREEN / settled, RED / settled, BLACK / settled


def border_table(throws: int = 3) -> Grid:
    """One border: the chances after 1, 2, ... ``throws`` throws, and in the end."""
    rows = []
    for k in range(1, throws + 1):
        crossed, closed, still, lost = after_throws(k)
        rows.append(
            (
                t("nuevo_mundo_lessons.within_throws", n=k),
                chance_words(crossed),
                chance_words(closed),
                chance_words(still),
                _cq(lost),
            )
        )
    crossed, closed, lost = in_the_end()
    rows.append(
        (
            t("nuevo_mundo_lessons.in_the_end"),
            chance_words(crossed),
            chance_words(closed),
            "0",
            _cq(lost),
        )
    )
    headers = (
        t("nuevo_mundo_lessons.throws_header"),
        t("nuevo_mundo_lessons.crossed_header"),
        t("nuevo_mundo_lessons.closed_header"),
        t("nuevo_mundo_lessons.still_header"),
        t("nuevo_mundo_lessons.lost_header"),
    )
    fills = tuple((None, _fill(OK), _fill(WARNING), None, None) for _ in rows)
    return Grid(headers, tuple(rows), fills, t("nuevo_mundo_lessons.border_note"))


def _cq(value: Fraction) -> str:
    """An exact average with its decimal, ``1/5 ≈ 0.20`` (no brackets: ``(0,20)`` in Spanish
    would read like a pair of numbers)."""
    return f"{fraction_words(value)} ≈ {number(float(value), 2)}"


def _fill(colour: str) -> str:
    return tint(colour, 0.75)


def _throw(rng: random.Random) -> str:
    return rng.choice(COLOUR_DIE)


def _try_border(rng: random.Random) -> tuple[str, int]:
    """One border tried until green or red: the colour it ended on and the throws it took."""
    throws = 1
    face = _throw(rng)
    while face == "black":
        throws += 1
        face = _throw(rng)
    return face, throws


def border_experiment(trials: int = 10_000, seed: int = 1) -> Grid:
    """The theory of one border beside ``trials`` simulated tries (seeded)."""
    rng = random.Random(seed)
    tries = [_try_border(rng) for _ in range(trials)]
    crossed, closed, lost = in_the_end()
    rows = [
        (
            t("nuevo_mundo_lessons.first_throw"),
            after_throws(1)[0],
            sum(face == "green" and n == 1 for face, n in tries),
        ),
        (
            t("nuevo_mundo_lessons.within_three"),
            after_throws(3)[0],
            sum(face == "green" and n <= 3 for face, n in tries),
        ),
        (
            t("nuevo_mundo_lessons.crossed_in_the_end"),
            crossed,
            sum(face == "green" for face, _ in tries),
        ),
        (
            t("nuevo_mundo_lessons.closed_in_the_end"),
            closed,
            sum(face == "red" for face, _ in tries),
        ),
    ]
    shown = [(what, chance_words(p), percent(hits / trials, 1)) for what, p, hits in rows]
    blacks = sum(n - 1 for _, n in tries)
    shown.append((t("nuevo_mundo_lessons.cq_lost"), _cq(lost), number(blacks / trials, 2)))
    return _experiment_grid(shown, t("nuevo_mundo_lessons.tries", n=trials, count=number(trials)))


def _experiment_grid(rows: Sequence[tuple[str, str, str]], experiment: str) -> Grid:
    headers = (
        t("nuevo_mundo_lessons.what_header"),
        t("nuevo_mundo_lessons.theory_header"),
        experiment,
    )
    return Grid(headers, tuple(rows), note=t("nuevo_mundo_lessons.experiment_note"))


# ------------------------------------------------------------------------------ a journey


def journey_table(borders: int = 3, trials: int = 10_000, seed: int = 2) -> Grid:
    """A journey over ``borders`` borders in a row (the rulebook's example crosses three):
    the chance that every first throw is green, the chance to arrive when black is tried
    again, and the CQ lost on the way, in theory and in ``trials`` seeded journeys."""
    crossed, _closed, lost = in_the_end()
    all_first = GREEN**borders
    arrive = crossed**borders
    # The blacks at border k count only if the journey got that far.
    expected_lost = sum((lost * crossed**k for k in range(borders)), Fraction(0))
    rng = random.Random(seed)
    firsts = arrivals = blacks = 0
    for _ in range(trials):
        first = True
        for _border in range(borders):
            face, throws = _try_border(rng)
            blacks += throws - 1
            first = first and throws == 1 and face == "green"
            if face == "red":
                break
        else:
            arrivals += 1
            firsts += first
    rows = [
        (
            t("nuevo_mundo_lessons.all_first", n=borders),
            chance_words(all_first),
            percent(firsts / trials, 1),
        ),
        (
            t("nuevo_mundo_lessons.arrive", n=borders),
            chance_words(arrive),
            percent(arrivals / trials, 1),
        ),
        (t("nuevo_mundo_lessons.cq_lost_journey"), _cq(expected_lost), number(blacks / trials, 2)),
    ]
    return _experiment_grid(rows, t("nuevo_mundo_lessons.journeys", n=trials, count=number(trials)))


# ------------------------------------------------------------------------------ battles


def battle_words(attackers: int, defenders: int) -> Notes:
    """A battle in sentences: the criteria, the attacker's chance to win it all, and the
    pieces each side expects to lose, when both play the equilibrium every round."""
    lose_a, lose_d = expected_losses(attackers, defenders)
    return Notes(
        [
            t(
                "nuevo_mundo_lessons.battle_forces",
                attackers=attackers,
                defenders=defenders,
                attacker=criterion_name(criterion(attackers, defenders)),
                defender=criterion_name(criterion(defenders, attackers)),
            ),
            t(
                "nuevo_mundo_lessons.battle_chance",
                chance=percent(battle_value(attackers, defenders), 1),
            ),
            t(
                "nuevo_mundo_lessons.battle_losses",
                attacker=number(lose_a, 2),
                defender=number(lose_d, 2),
            ),
        ]
    )


def simulate_battle(attackers: int, defenders: int, rng: random.Random) -> tuple[bool, int, int]:
    """One battle, both sides drawing their tactic from the round's equilibrium mix: whether
    the attacker won, and the pieces each side lost."""
    a, d = attackers, defenders
    while a and d:
        row, column = battle_strategy(a, d)
        mine = rng.choices(TACTICS, weights=row)[0]
        theirs = rng.choices(TACTICS, weights=column)[0]
        lose_a, lose_d = battle_round(mine, theirs, a, d)
        a, d = a - lose_a, d - lose_d
    return a > 0 and d == 0, attackers - a, defenders - d


def battle_experiment(attackers: int, defenders: int, battles: int = 2_000, seed: int = 3) -> Grid:
    """The theory of a battle beside ``battles`` simulated battles (seeded)."""
    rng = random.Random(seed)
    results = [simulate_battle(attackers, defenders, rng) for _ in range(battles)]
    lose_a, lose_d = expected_losses(attackers, defenders)
    rows = [
        (
            t("nuevo_mundo_lessons.attacker_wins"),
            percent(battle_value(attackers, defenders), 1),
            percent(sum(won for won, _, _ in results) / battles, 1),
        ),
        (
            t("nuevo_mundo_lessons.attacker_loses"),
            number(lose_a, 2),
            number(sum(a for _, a, _ in results) / battles, 2),
        ),
        (
            t("nuevo_mundo_lessons.defender_loses"),
            number(lose_d, 2),
            number(sum(d for _, _, d in results) / battles, 2),
        ),
    ]
    return _experiment_grid(
        rows, t("nuevo_mundo_lessons.battles", n=battles, count=number(battles))
    )


def _scale(chance: float) -> str:
    """A chance as a colour from pale (0) to dark blue (1): one hue, so the order reads by
    lightness for every eye; the number is written in the cell as well."""
    light, dark = (0xF4, 0xF1, 0xE8), (0x33, 0x22, 0x88)
    mixed = [round(a + (b - a) * chance) for a, b in zip(light, dark)]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def battle_grid(
    attackers: int = 10, defenders: int = 8, mark: tuple[int, int] | None = (6, 3)
) -> Picture:
    """The attacker's chance to win for every pair of forces: a row per attacker count, a
    column per defender count (CQ + CA), each cell coloured and with its percentage; the cell
    ``mark`` is outlined."""
    cell_w, cell_h, left, top = 58, 30, 118, 64
    title = t("nuevo_mundo_lessons.grid_title")
    width = left + defenders * cell_w + 12
    scene = Scene(width, top + attackers * cell_h + 40, background=PAPER, title=title)
    scene.add(Text(id="title", x=12, y=14, text=title, size=15, bold=True, fill=INK))
    scene.add(
        Text(
            id="defenders",
            x=left + defenders * cell_w / 2,
            y=36,
            size=13,
            anchor="middle",
            text=t("nuevo_mundo_lessons.grid_defenders"),
            fill=INK,
        )
    )
    scene.add(
        Text(
            id="attackers",
            x=12,
            y=top - 12,
            size=13,
            text=t("nuevo_mundo_lessons.grid_attackers"),
            fill=INK,
        )
    )
    for d in range(1, defenders + 1):
        scene.add(
            Text(
                id=f"d{d}",
                x=left + (d - 0.5) * cell_w,
                y=top - 12,
                text=str(d),
                size=13,
                bold=True,
                anchor="middle",
                fill=INK,
            )
        )
    for a in range(1, attackers + 1):
        y = top + (a - 1) * cell_h
        scene.add(
            Text(
                id=f"a{a}",
                x=left - 14,
                y=y + cell_h / 2,
                text=str(a),
                size=13,
                bold=True,
                anchor="end",
                fill=INK,
            )
        )
        for d in range(1, defenders + 1):
            x = left + (d - 1) * cell_w
            chance = battle_value(a, d)
            fill = _scale(chance)
            scene.add(
                Rect(
                    id=f"cell{a}-{d}",
                    x=x,
                    y=y,
                    width=cell_w,
                    height=cell_h,
                    fill=fill,
                    stroke=PAPER,
                    stroke_width=1,
                )
            )
            scene.add(
                Text(
                    id=f"cell{a}-{d}-text",
                    x=x + cell_w / 2,
                    y=y + cell_h / 2,
                    text=cell_percent(chance),
                    size=12,
                    anchor="middle",
                    fill=text_on(fill),
                )
            )
    if mark is not None:
        a, d = mark
        scene.add(
            Rect(
                id="mark",
                x=left + (d - 1) * cell_w,
                y=top + (a - 1) * cell_h,
                width=cell_w,
                height=cell_h,
                stroke=HIGHLIGHT,
                stroke_width=4,
            )
        )
    scene.add(
        Text(
            id="note",
            x=12,
            y=top + attackers * cell_h + 20,
            size=12,
            fill=MUTED,
            text=t("nuevo_mundo_lessons.grid_note"),
        )
    )
    return Picture(scene)


def cell_percent(chance: float) -> str:
    """A chance rounded for a grid cell, never rounded to a certainty it is not: ``> 99%``
    for 0.996, ``< 1%`` for 0.004."""
    if 0.995 <= chance < 1:
        return "> " + percent(0.99)
    if 0 < chance < 0.005:
        return "< " + percent(0.01)
    return percent(chance)


def fewest_attackers(defenders: int, chance: float, most: int = 60) -> int | None:
    """The fewest attackers whose chance to win against ``defenders`` reaches ``chance``
    (None if even ``most`` do not)."""
    for a in range(1, most + 1):
        if battle_value(a, defenders) >= chance:
            return a
    return None


def when_to_attack(
    defenders: Sequence[int] = (1, 2, 3, 4, 5, 6), chances: Sequence[float] = (0.5, 0.75, 0.9)
) -> Grid:
    """For each number of defenders, the fewest attackers that win with each chance."""
    headers = (
        t("nuevo_mundo_lessons.defenders_header"),
        *(t("nuevo_mundo_lessons.at_least", chance=percent(c)) for c in chances),
    )
    rows = []
    for d in defenders:
        needed = [fewest_attackers(d, c) for c in chances]
        rows.append((str(d), *(str(n) if n else "—" for n in needed)))
    return Grid(headers, tuple(rows), note=t("nuevo_mundo_lessons.when_note"))


def arrival(attackers: int, borders: int) -> dict[int, Fraction]:
    """Marching ``attackers`` CQ over ``borders`` borders (each tried until green or red):
    the chance of arriving with each number of CQ. Black costs one marching CQ; red, or
    losing the last CQ, ends the march (those chances are not in the result)."""
    states = {attackers: Fraction(1)}
    for _ in range(borders):
        after: dict[int, Fraction] = {}
        for alive, p in states.items():
            for blacks in range(alive):  # that many blacks, then green
                left = alive - blacks
                after[left] = after.get(left, Fraction(0)) + p * BLACK**blacks * GREEN
        states = after
    return states


def plan_table(
    defenders: int = 3, borders: int = 3, attackers: Sequence[int] = (3, 4, 5, 6, 7, 8)
) -> Grid:
    """March, then fight: for each number of attackers setting out, the chance to arrive,
    the chance to win if all of them arrive, and the chance of the whole plan."""
    rows = []
    for a in attackers:
        there = arrival(a, borders)
        arrive = sum(there.values(), Fraction(0))
        plan = sum(float(p) * battle_value(k, defenders) for k, p in there.items())
        rows.append(
            (
                str(a),
                percent(float(arrive), 1),
                percent(battle_value(a, defenders), 1),
                percent(plan, 1),
            )
        )
    headers = (
        t("nuevo_mundo_lessons.setting_out"),
        t("nuevo_mundo_lessons.arrive_header", n=borders),
        t("nuevo_mundo_lessons.win_if_all", n=defenders),
        t("nuevo_mundo_lessons.plan_header"),
    )
    return Grid(headers, tuple(rows), note=t("nuevo_mundo_lessons.plan_note"))


# ------------------------------------------------------------------------------ the quiz

RISK_QUIZ: Final = (
    ("nuevo_mundo_lessons.quiz3_q1", ("nuevo_mundo_lessons.quiz3_q1_a",
     "nuevo_mundo_lessons.quiz3_q1_b", "nuevo_mundo_lessons.quiz3_q1_c"), 1,
     "nuevo_mundo_lessons.quiz3_q1_why"),
    ("nuevo_mundo_lessons.quiz3_q2", ("nuevo_mundo_lessons.quiz3_q2_a",
     "nuevo_mundo_lessons.quiz3_q2_b", "nuevo_mundo_lessons.quiz3_q2_c"), 2,
     "nuevo_mundo_lessons.quiz3_q2_why"),
    ("nuevo_mundo_lessons.quiz3_q3", ("nuevo_mundo_lessons.quiz3_q3_a",
     "nuevo_mundo_lessons.quiz3_q3_b", "nuevo_mundo_lessons.quiz3_q3_c"), 0,
     "nuevo_mundo_lessons.quiz3_q3_why"),
    ("nuevo_mundo_lessons.quiz3_q4", ("nuevo_mundo_lessons.quiz3_q4_a",
     "nuevo_mundo_lessons.quiz3_q4_b", "nuevo_mundo_lessons.quiz3_q4_c"), 1,
     "nuevo_mundo_lessons.quiz3_q4_why"),
)  # fmt: skip
"""Lesson 3's quiz: (question, options, the right option, why), as catalog keys."""


def risk_quiz() -> Quiz:
    """Four questions on the die, a journey and a battle's chance, with the die's and the
    rulebook battle's numbers filled in from the data and the mathematics."""
    crossed, _closed, _lost = in_the_end()
    return quiz_from_keys(
        RISK_QUIZ,
        t("nuevo_mundo_lessons.quiz3_title"),
        green=fraction_words(GREEN),
        faces=len(COLOUR_DIE),
        greens=COLOUR_DIE.count("green"),
        crossed=fraction_words(crossed),
        two=fraction_words(crossed**2),
        chance=percent(battle_value(6, 3)),
        per_hundred=round(battle_value(6, 3) * 100),
    )


__all__ = [
    "arrival",
    "battle_experiment",
    "battle_grid",
    "battle_words",
    "border_experiment",
    "border_table",
    "die_picture",
    "fewest_attackers",
    "in_the_end",
    "journey_table",
    "plan_table",
    "risk_quiz",
    "simulate_battle",
    "when_to_attack",
]
