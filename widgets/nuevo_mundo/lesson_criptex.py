"""What Nuevo Mundo lesson 2 ("the criptex") shows: cyclic games and their mixed strategies.

- cycles: ``cycle_picture(3)`` (rock, paper, scissors) and ``cycle_picture(5)`` (the five
  tactics), an arrow from each move to every move it beats;
- payoff matrices as readable tables: ``rps_table()``, ``payoff_table(attacker_criterion,
  defender_criterion)``, and ``best_answers(...)``: why no tactic is best, in sentences;
- mixed strategies: ``best_mix(...)`` (the equilibrium's chances, exact fractions: a
  picture, ``.words()`` and ``.against_each()``), ``rps_mix()``, ``criterion_mixes()`` (how
  the criterion changes the mix: a picture) and ``criterion_table()``.

The duel against a bot is in ``lesson_duel.py``; ``Grid`` (a table with coloured cells) and
``hatch`` serve lesson 3 (``lesson_risk.py``) too. The mathematics is
``gamecore.nuevo_mundo.criptex``; every word comes from the catalog namespace
``nuevo_mundo_lessons``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any, Final, cast

from gamecore.nuevo_mundo.criptex import (
    Matrix,
    beats,
    criterion_name,
    equilibrium,
    payoff_matrix,
    payoffs_against,
    swap_sides,
)
from gamecore.nuevo_mundo.data import TACTICS
from gamecore.words import join_words, number, percent, t

from ..notes import Notes, wrap
from ..palette import INK, MUTED, OK, PAPER, WARNING, text_on, tint
from ..quiz import Quiz
from ..scene import Circle, Path, Polygon, Rect, Scene, Shape, Text
from ..scene import wrap as wrap_text
from ..svg import Picture

CRITERIA_PAIRS: Final = (("balance", "balance"), ("double", "half"), ("half", "double"))
"""The three ways a round can be fought: one side has double only when the other has half."""

TACTIC_COLOURS: Final = ("#332288", "#88ccee", "#117733", "#ddcc77", "#cc6677")
"""Tactics 1-5 (Paul Tol's muted scheme); each also has its own hatching and its number."""
TACTIC_HATCHES: Final = ("/", "\\", "-", "|", "x")

# ------------------------------------------------------------------------------ words


def fraction_words(value: Fraction) -> str:
    """An exact number as a student writes it: ``2/5``, ``−1/5``, ``3`` (no sign for a
    positive number: ``signed_fraction`` adds one)."""
    sign = "−" if value < 0 else ""
    value = abs(value)
    if value.denominator == 1:
        return f"{sign}{value.numerator}"
    return f"{sign}{value.numerator}/{value.denominator}"


def signed(value: Fraction | float, digits: int = 2) -> str:
    """A gain with its sign (``+0,88``, ``−0,2``, ``0``), in the language's decimals. An exact
    value is rounded half up, as a student rounds by hand (1/8 is 0.13, not the float's 0.12)."""
    if value == 0:
        return "0"
    size = cast("Fraction | float", abs(value))  # abs of the union is typed object
    if isinstance(size, Fraction):
        scale = 10**digits
        size = Fraction(math.floor(size * scale + Fraction(1, 2)), scale)
    return ("+" if value > 0 else "−") + number(float(size), digits)


def signed_fraction(value: Fraction) -> str:
    return ("+" if value > 0 else "") + fraction_words(value)


def tactic_name(tactic: int) -> str:
    return t("nuevo_mundo_criptex.tactic", tactic=tactic)


def criteria_words(attacker_criterion: str, defender_criterion: str) -> str:
    return t(
        "nuevo_mundo_lessons.criteria_pair",
        attacker=criterion_name(attacker_criterion),
        defender=criterion_name(defender_criterion),
    )


# ------------------------------------------------------------------------------ tables


@dataclass(frozen=True)
class Grid:
    """Rows of text under headers, each cell optionally with a background colour: an HTML
    table in a notebook, aligned text elsewhere. A ``note`` under the table says how to read
    it (the colours always have a symbol or a number beside them)."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    fills: tuple[tuple[str | None, ...], ...] = ()
    note: str = ""

    def __str__(self) -> str:
        widths = [
            max(len(h), *(len(r[i]) for r in self.rows)) if self.rows else len(h)
            for i, h in enumerate(self.headers)
        ]
        lines = [" | ".join(h.ljust(w) for h, w in zip(self.headers, widths)).rstrip()]
        lines.append("-+-".join("-" * w for w in widths))
        lines += [" | ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in self.rows]
        if self.note:
            lines.append(wrap(self.note))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        cell = "padding:4px 10px;border:1px solid #bbb;text-align:center"
        head = "".join(f'<th style="{cell};background:#eee">{escape(h)}</th>' for h in self.headers)
        body = []
        for i, row in enumerate(self.rows):
            fills = self.fills[i] if i < len(self.fills) else ()
            tds = []
            for j, text in enumerate(row):
                fill = fills[j] if j < len(fills) else None
                style = cell + (f";background:{fill};color:{text_on(fill)}" if fill else "")
                tag = "th" if j == 0 else "td"
                tds.append(f'<{tag} style="{style}">{escape(text)}</{tag}>')
            body.append("<tr>" + "".join(tds) + "</tr>")
        note = f'<p style="margin:4px 0">{escape(self.note)}</p>' if self.note else ""
        return (
            f'<div style="color:{INK};font-size:15px"><table class="nuevo-mundo-lesson-table" '
            f'style="border-collapse:collapse"><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table>{note}</div>"
        )


WIN_FILL: Final = tint(OK, 0.7)
LOSS_FILL: Final = tint(WARNING, 0.7)
TIE_FILL: Final = "#e4e4e4"


def _result_cell(gain: Fraction) -> tuple[str, str]:
    """A payoff as the row player reads it: a symbol, the signed number, and its fill."""
    if gain > 0:
        return f"▲ {signed_fraction(gain)}", WIN_FILL
    if gain < 0:
        return f"▼ {fraction_words(gain)}", LOSS_FILL
    return "= 0", TIE_FILL


def _matrix_grid(
    matrix: Matrix, rows: Sequence[str], columns: Sequence[str], corner: str, note: str
) -> Grid:
    cells = [[_result_cell(v) for v in row] for row in matrix]
    return Grid(
        headers=(corner, *columns),
        rows=tuple((name, *(c[0] for c in row)) for name, row in zip(rows, cells)),
        fills=tuple((None, *(c[1] for c in row)) for row in cells),
        note=note,
    )


RPS_MATRIX: Final[Matrix] = tuple(
    tuple(Fraction((1 if (i - j) % 3 == 1 else -1) if i != j else 0) for j in range(3))
    for i in range(3)
)
"""Rock, paper, scissors for the row player: +1 a win, −1 a loss, 0 a tie (paper beats rock,
scissors beat paper, rock beats scissors)."""


def _rps_names() -> list[str]:
    return [
        t("nuevo_mundo_lessons.rps_rock"),
        t("nuevo_mundo_lessons.rps_paper"),
        t("nuevo_mundo_lessons.rps_scissors"),
    ]


def rps_table() -> Grid:
    """Rock, paper, scissors as a payoff matrix: +1 when you win, −1 when you lose."""
    names = _rps_names()
    return _matrix_grid(
        RPS_MATRIX,
        names,
        names,
        t("nuevo_mundo_lessons.rps_corner"),
        t("nuevo_mundo_lessons.rps_note"),
    )


def payoff_table(attacker_criterion: str = "balance", defender_criterion: str = "balance") -> Grid:
    """A round of the criptex as a payoff matrix: rows the attacker's tactics, columns the
    defender's, each cell the pieces the defender removes minus those the attacker removes."""
    matrix = payoff_matrix(attacker_criterion, defender_criterion)
    names = [tactic_name(x) for x in TACTICS]
    note = t(
        "nuevo_mundo_lessons.payoff_note",
        criteria=criteria_words(attacker_criterion, defender_criterion),
    )
    return _matrix_grid(matrix, names, names, t("nuevo_mundo_lessons.payoff_corner"), note)


def best_answers(attacker_criterion: str = "balance", defender_criterion: str = "balance") -> Notes:
    """For each tactic of the attacker, the defender's best answer and what it costs the
    attacker: every tactic has one, so no tactic is best."""
    matrix = payoff_matrix(attacker_criterion, defender_criterion)
    lines = [
        t(
            "nuevo_mundo_lessons.answers_intro",
            criteria=criteria_words(attacker_criterion, defender_criterion),
        )
    ]
    for i, row in enumerate(matrix):
        worst = min(row)
        answers = [TACTICS[j] for j, v in enumerate(row) if v == worst]
        lines.append(
            "• "
            + t(
                "nuevo_mundo_lessons.answer_line",
                n=len(answers),
                tactic=TACTICS[i],
                answers=join_words([str(a) for a in answers]),
                loss=fraction_words(-worst),
            )
        )
    lines.append(t("nuevo_mundo_lessons.answers_end"))
    return Notes(lines)


# ------------------------------------------------------------------------------ pictures


def hatch(
    kind: str, x: float, y: float, width: float, height: float, step: float, colour: str, id: str
) -> list[Shape]:
    """Lines of one hatching (``/``, ``\\``, ``-``, ``|`` or ``x``) inside a rectangle, cut
    at its edges: a second cue besides the colour, as the charts' hatches are."""
    if width <= 0 or height <= 0:
        return []
    segments: list[tuple[float, float, float, float]] = []
    if kind in ("/", "x"):  # x + y = c, from bottom left to top right
        c = x + y + step
        while c < x + width + y + height:
            left, right = max(x, c - (y + height)), min(x + width, c - y)
            segments.append((left, c - left, right, c - right))
            c += step
    if kind in ("\\", "x"):  # x - y = c
        c = x - y - height + step
        while c < x + width - y:
            left, right = max(x, c + y), min(x + width, c + y + height)
            segments.append((left, left - c, right, right - c))
            c += step
    if kind == "-":
        segments += [(x, y + k, x + width, y + k) for k in _steps(height, step)]
    if kind == "|":
        segments += [(x + k, y, x + k, y + height) for k in _steps(width, step)]
    commands = tuple(cmd for x1, y1, x2, y2 in segments for cmd in (("M", x1, y1), ("L", x2, y2)))
    if not commands:
        return []
    return [Path(id=id, commands=commands, stroke=colour, stroke_width=1.4, opacity=0.7)]


def _steps(length: float, step: float) -> list[float]:
    return [k * step for k in range(1, int(length / step) + 1) if k * step < length]


def _bar_chart(
    scene: Scene,
    chances: Sequence[Fraction],
    x: float,
    y: float,
    height: float,
    id: str,
    title: str,
    top: float = 1.0,
) -> None:
    """Five bars, one per tactic, each with its colour, hatching, fraction and percentage;
    a bar of height ``height`` is a chance of ``top`` (charts side by side share it)."""
    bar, gap = 44, 16
    if title:
        scene.add(Text(id=f"{id}-title", x=x, y=y, text=title, size=15, bold=True, fill=INK))
    base = y + 56 + height  # room for the title and the tallest bar's two labels
    scene.add(
        Path(
            id=f"{id}-axis",
            commands=(("M", x, base), ("L", x + 5 * (bar + gap), base)),
            stroke=INK,
            stroke_width=1.5,
        )
    )
    for k, chance in enumerate(chances):
        left = x + gap / 2 + k * (bar + gap)
        tall = float(chance) / top * height
        colour = TACTIC_COLOURS[k]
        if tall:
            scene.add(
                Rect(
                    id=f"{id}-bar{k + 1}",
                    x=left,
                    y=base - tall,
                    width=bar,
                    height=tall,
                    fill=colour,
                    stroke=INK,
                    stroke_width=1.5,
                )
            )
            scene.extend(
                hatch(
                    TACTIC_HATCHES[k],
                    left,
                    base - tall,
                    bar,
                    tall,
                    9,
                    text_on(colour),
                    f"{id}-hatch{k + 1}",
                )
            )
        above = base - tall - 26
        scene.add(
            Text(
                id=f"{id}-frac{k + 1}",
                x=left + bar / 2,
                y=above,
                text=fraction_words(chance),
                size=14,
                bold=True,
                anchor="middle",
                fill=INK,
            )
        )
        scene.add(
            Text(
                id=f"{id}-pct{k + 1}",
                x=left + bar / 2,
                y=above + 14,
                text=percent(float(chance)),
                size=12,
                anchor="middle",
                fill=MUTED,
            )
        )
        scene.add(
            Text(
                id=f"{id}-name{k + 1}",
                x=left + bar / 2,
                y=base + 14,
                text=tactic_name(TACTICS[k]),
                size=12,
                anchor="middle",
                fill=INK,
            )
        )


def top_of(chances: Sequence[Fraction]) -> float:
    """The chance a chart's full height stands for: the largest chance rounded up to a tenth,
    so no space is wasted above the bars and charts side by side stay comparable."""
    return max(0.1, math.ceil(float(max(chances)) * 10 - 1e-9) / 10)


def mix_picture(chances: Sequence[Fraction], title: str) -> Picture:
    """A mix of the five tactics as bars (hatched, labelled, with the exact fractions)."""
    lines = wrap_text(title, 296, 15, bold=True)
    scene = Scene(320, 210 + 20 * len(lines), background=PAPER, title=title)
    for k, line in enumerate(lines):
        scene.add(
            Text(id=f"title{k + 1}", x=12, y=16 + 20 * k, text=line, size=15, bold=True, fill=INK)
        )
    _bar_chart(scene, chances, 12, 20 * len(lines) + 4, 120, "mix", "", top_of(chances))
    return Picture(scene)


def cycle_picture(moves: int = 5) -> Picture:
    """The moves of a cyclic game on a circle, an arrow from each move to every move it
    beats: ``moves=3`` is rock, paper, scissors; ``moves=5`` the criptex's tactics."""
    if moves not in (3, 5):
        raise ValueError(t("nuevo_mundo_lessons.cycle_moves", n=moves))
    size, radius = 420, 120
    node = 30 if moves == 5 else 44  # a word (rock, paper, scissors) needs a wider circle
    cx, cy = size / 2, 40 + radius + node
    title = t(
        "nuevo_mundo_lessons.cycle_title_3" if moves == 3 else "nuevo_mundo_lessons.cycle_title_5"
    )
    height = int(cy + radius + node + 40) if moves == 5 else int(cy + radius * 0.5 + node + 40)
    scene = Scene(size, height, background=PAPER, title=title)
    names = _rps_names() if moves == 3 else [str(x) for x in TACTICS]
    angle = [-math.pi / 2 + 2 * math.pi * k / moves for k in range(moves)]
    centres = [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angle]
    for i in range(moves):
        for j in range(moves):
            wins = (i - j) % 3 == 1 if moves == 3 else beats(TACTICS[i], TACTICS[j])
            if wins:
                scene.extend(_arrow(centres[i], centres[j], node + 4, f"beats{i + 1}-{j + 1}"))
    for k, (x, y) in enumerate(centres):
        fill = TACTIC_COLOURS[k] if moves == 5 else tint(TACTIC_COLOURS[k], 0.4)
        scene.add(
            Circle(id=f"move{k + 1}", cx=x, cy=y, r=node, fill=fill, stroke=INK, stroke_width=2)
        )
        size_ = 22 if moves == 5 else 13
        scene.add(
            Text(
                id=f"move{k + 1}-name",
                x=x,
                y=y,
                text=names[k],
                size=size_,
                bold=True,
                anchor="middle",
                fill=text_on(fill),
            )
        )
    scene.add(
        Text(
            id="caption",
            x=size / 2,
            y=height - 16,
            text=t("nuevo_mundo_lessons.cycle_caption"),
            size=13,
            anchor="middle",
            fill=INK,
        )
    )
    scene.add(
        Text(
            id="title", x=size / 2, y=16, text=title, size=15, bold=True, anchor="middle", fill=INK
        )
    )
    return Picture(scene)


def _arrow(
    start: tuple[float, float], end: tuple[float, float], gap: float, id: str
) -> list[Shape]:
    """A straight arrow from one circle to another, stopping ``gap`` short of each centre."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    ax, ay = x1 + ux * gap, y1 + uy * gap
    bx, by = x2 - ux * gap, y2 - uy * gap
    head = 11
    left = (bx - ux * head - uy * head * 0.5, by - uy * head + ux * head * 0.5)
    right = (bx - ux * head + uy * head * 0.5, by - uy * head - ux * head * 0.5)
    return [
        Path(
            id=id,
            commands=(("M", ax, ay), ("L", bx - ux * head, by - uy * head)),
            stroke=INK,
            stroke_width=2,
        ),
        Polygon(id=f"{id}-head", points=((bx, by), left, right), fill=INK),
    ]


# ------------------------------------------------------------------------------ mixes


@dataclass(frozen=True)
class Mix:
    """One side's equilibrium mix for a round fought under two criteria: the chance of each
    tactic and what the side earns per round on average (pieces the other side removes
    minus its own), whatever the other side does."""

    side: str
    """``"attacker"`` or ``"defender"``."""
    criteria: tuple[str, str]
    """(attacker's criterion, defender's criterion)."""
    chances: tuple[Fraction, ...]
    value: Fraction

    def title(self) -> str:
        key = (
            "nuevo_mundo_lessons.mix_title_attacker"
            if self.side == "attacker"
            else "nuevo_mundo_lessons.mix_title_defender"
        )
        return t(key, criteria=criteria_words(*self.criteria))

    def picture(self) -> Picture:
        return mix_picture(self.chances, self.title())

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> object:
        return self.picture()._repr_mimebundle_(include, exclude)

    def words(self) -> Notes:
        """The mix in sentences: each tactic's exact chance, as a bag of marbles, and the
        value."""
        lines = [self.title() + ":"]
        for tactic, chance in zip(TACTICS, self.chances):
            if chance:
                lines.append(
                    "• "
                    + t(
                        "nuevo_mundo_lessons.mix_line",
                        tactic=tactic,
                        fraction=fraction_words(chance),
                        percent=percent(float(chance)),
                    )
                )
            else:
                lines.append("• " + t("nuevo_mundo_lessons.mix_never", tactic=tactic))
        bag = math.lcm(*(c.denominator for c in self.chances))
        marbles = [
            t("nuevo_mundo_lessons.marbles", n=int(c * bag), tactic=x)
            for x, c in zip(TACTICS, self.chances)
            if c
        ]
        lines.append(t("nuevo_mundo_lessons.mix_bag", n=bag, marbles=join_words(marbles)))
        if self.value == 0:  # "about 0 pieces" says nothing: an even game is said in words
            key = (
                "nuevo_mundo_lessons.mix_even_attacker"
                if self.side == "attacker"
                else "nuevo_mundo_lessons.mix_even_defender"
            )
        else:
            key = (
                "nuevo_mundo_lessons.mix_value_attacker"
                if self.side == "attacker"
                else "nuevo_mundo_lessons.mix_value_defender"
            )
        lines.append(t(key, value=signed_fraction(self.value), about=signed(self.value)))
        return Notes(lines)

    def against_each(self) -> Grid:
        """What this mix earns on average against each tactic the other side could always
        play: never less than the value, so the mix cannot be exploited."""
        matrix = payoff_matrix(*self.criteria)
        if self.side == "defender":
            matrix = swap_sides(matrix)
        earned = payoffs_against(matrix, self.chances)
        rows = tuple(
            (tactic_name(x), signed_fraction(e), signed(e)) for x, e in zip(TACTICS, earned)
        )
        fills = tuple((None, *[WIN_FILL if e > self.value else TIE_FILL] * 2) for e in earned)
        key = (
            "nuevo_mundo_lessons.against_defender"
            if self.side == "attacker"
            else "nuevo_mundo_lessons.against_attacker"
        )
        return Grid(
            headers=(
                t(key),
                t("nuevo_mundo_lessons.exact_average"),
                t("nuevo_mundo_lessons.about"),
            ),
            rows=rows,
            fills=fills,
            note=t("nuevo_mundo_lessons.against_note", value=signed_fraction(self.value)),
        )


def best_mix(
    attacker_criterion: str = "balance", defender_criterion: str = "balance", side: str = "attacker"
) -> Mix:
    """A side's equilibrium mix for a round (computed exactly, with fractions)."""
    if side not in ("attacker", "defender"):
        raise ValueError(t("nuevo_mundo_lessons.bad_side", side=side))
    solution = equilibrium(payoff_matrix(attacker_criterion, defender_criterion))
    if side == "attacker":
        return Mix(side, (attacker_criterion, defender_criterion), solution.row, solution.value)
    return Mix(side, (attacker_criterion, defender_criterion), solution.column, -solution.value)


def rps_mix() -> Notes:
    """Rock, paper, scissors' equilibrium in words: a third each, and a value of 0."""
    solution = equilibrium(RPS_MATRIX)
    names = _rps_names()
    lines = [t("nuevo_mundo_lessons.rps_mix_intro")]
    lines += [
        "• "
        + t(
            "nuevo_mundo_lessons.rps_mix_line",
            move=name,
            fraction=fraction_words(c),
            percent=percent(float(c)),
        )
        for name, c in zip(names, solution.row)
    ]
    lines.append(t("nuevo_mundo_lessons.rps_mix_value", value=fraction_words(solution.value)))
    return Notes(lines)


def criterion_mixes() -> Picture:
    """The attacker's equilibrium mix under each of the three pairs of criteria, side by
    side: the best mix changes with the criterion."""
    mixes = [best_mix(a, d) for a, d in CRITERIA_PAIRS]
    title = t("nuevo_mundo_lessons.criterion_mixes_title")
    # three charts of 300 px, 302 apart: 928 px, within a Lab column at 1366x768 (934 px)
    scene = Scene(12 + 2 * 302 + 300 + 12, 248, background=PAPER, title=title)
    scene.add(Text(id="title", x=12, y=14, text=title, size=16, bold=True, fill=INK))
    top = max(top_of(mix.chances) for mix in mixes)
    for k, mix in enumerate(mixes):
        words = criteria_words(*mix.criteria)
        _bar_chart(scene, mix.chances, 12 + k * 302, 42, 120, f"pair{k + 1}", words, top)
    return Picture(scene)


def criterion_table() -> Grid:
    """Each pair of criteria: the attacker's mix in exact fractions and the value per round."""
    headers = (
        t("nuevo_mundo_lessons.criteria_header"),
        *(tactic_name(x) for x in TACTICS),
        t("nuevo_mundo_lessons.value_header"),
    )
    rows = []
    for a, d in CRITERIA_PAIRS:
        mix = best_mix(a, d)
        rows.append(
            (
                criteria_words(a, d),
                *(fraction_words(c) for c in mix.chances),
                signed_fraction(mix.value)
                if mix.value == 0
                else f"{signed_fraction(mix.value)} ≈ {signed(mix.value)}",
            )
        )
    return Grid(headers, tuple(rows), note=t("nuevo_mundo_lessons.criterion_table_note"))


# ------------------------------------------------------------------------------ the quiz

CRIPTEX_QUIZ: Final = (
    ("nuevo_mundo_lessons.quiz2_q1", ("nuevo_mundo_lessons.quiz2_q1_a",
     "nuevo_mundo_lessons.quiz2_q1_b", "nuevo_mundo_lessons.quiz2_q1_c"), 0,
     "nuevo_mundo_lessons.quiz2_q1_why"),
    ("nuevo_mundo_lessons.quiz2_q2", ("nuevo_mundo_lessons.quiz2_q2_a",
     "nuevo_mundo_lessons.quiz2_q2_b", "nuevo_mundo_lessons.quiz2_q2_c"), 2,
     "nuevo_mundo_lessons.quiz2_q2_why"),
    ("nuevo_mundo_lessons.quiz2_q3", ("nuevo_mundo_lessons.quiz2_q3_a",
     "nuevo_mundo_lessons.quiz2_q3_b", "nuevo_mundo_lessons.quiz2_q3_c"), 1,
     "nuevo_mundo_lessons.quiz2_q3_why"),
    ("nuevo_mundo_lessons.quiz2_q4", ("nuevo_mundo_lessons.quiz2_q4_a",
     "nuevo_mundo_lessons.quiz2_q4_b", "nuevo_mundo_lessons.quiz2_q4_c"), 0,
     "nuevo_mundo_lessons.quiz2_q4_why"),
)  # fmt: skip
"""Lesson 2's quiz: (question, options, the right option, why), as catalog keys written
whole so the catalog test sees them."""


def quiz_from_keys(
    questions: Sequence[tuple[str, tuple[str, ...], int, str]], title: str, **values: Any
) -> Quiz:
    """A quiz whose words are catalog keys; ``values`` fill their placeholders."""
    return Quiz(
        [
            {
                "question": t(question, **values),
                "options": [t(option, **values) for option in options],
                "answer": answer,
                "explanation": t(why, **values),
            }
            for question, options, answer, why in questions
        ],
        title=title,
    )


def criptex_quiz() -> Quiz:
    """Four questions on cycles, mixes and the equilibrium, with the balance mix's chance
    of tactic 2 filled in from the mathematics."""
    chance = best_mix().chances[1]
    return quiz_from_keys(
        CRIPTEX_QUIZ,
        t("nuevo_mundo_lessons.quiz2_title"),
        fraction=fraction_words(chance),
        times=number(float(chance * 100)),
    )


__all__ = [
    "CRIPTEX_QUIZ",
    "CRITERIA_PAIRS",
    "Grid",
    "Mix",
    "best_answers",
    "best_mix",
    "criptex_quiz",
    "criterion_mixes",
    "criterion_table",
    "cycle_picture",
    "fraction_words",
    "hatch",
    "mix_picture",
    "payoff_table",
    "quiz_from_keys",
    "rps_mix",
    "rps_table",
    "signed",
    "signed_fraction",
]
