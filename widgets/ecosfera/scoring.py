"""The team's score shown step by step at the end of a game of Ecosfera (pure words).

A class counts the score together: “Next scoring step” reveals one category at a time (the
challenges that scored included), then the total. ``step`` is how many steps are shown: 0
(none yet) to ``len(score_steps(sheet)) + 1`` (every category and the total).
"""

from __future__ import annotations

from html import escape

from gamecore import ScoreSheet
from gamecore.words import t


def score_steps(sheet: ScoreSheet) -> list[str]:
    """The scoring categories shown one by one: those with a row for the team."""
    return [c for c in sheet.categories if sheet.rows_for(sheet.players[0], c)]


def step_words(sheet: ScoreSheet, step: int) -> str:
    """The status line for step ``step`` (1-based): a category and its reasons, or the
    total after the last category."""
    steps = score_steps(sheet)
    team = sheet.players[0]
    if step > len(steps):
        return t("ecosfera_table.score_total", n=sheet.total(team))
    category = steps[step - 1]
    reasons = "; ".join(r.reason for r in sheet.rows_for(team, category))
    return t("ecosfera_table.score_category", title=sheet.title(category), reasons=reasons)


def score_lines(sheet: ScoreSheet, step: int) -> tuple[tuple[str, str, bool], ...]:
    """The info box's lines for the steps shown: (category, points, newest?)."""
    team = sheet.players[0]
    steps = score_steps(sheet)
    lines = [
        (sheet.title(category), f"{sheet.points(team, category):+d}", k == step - 1)
        for k, category in enumerate(steps[:step])
    ]
    if step > len(steps):
        lines.append((t("ecosfera_table.total_for_team"), str(sheet.total(team)), True))
    return tuple(lines)


def score_html(sheet: ScoreSheet, step: int, challenges: bool) -> str:
    """The steps shown as HTML under the table (``challenges``: whether any scored)."""
    team = sheet.players[0]
    steps = score_steps(sheet)
    items = "".join(
        f"<li><b>{escape(sheet.title(c))}</b>: "
        + escape("; ".join(r.reason for r in sheet.rows_for(team, c)))
        + "</li>"
        for c in steps[:step]
    )
    total = ""
    if step > len(steps):
        total = f"<p><b>{escape(t('ecosfera_table.score_total_html', n=sheet.total(team)))}</b></p>"
        if not challenges:
            total += f"<p>{escape(t('ecosfera_table.no_challenge'))}</p>"
    title = escape(t("ecosfera_table.score_title"))
    return f"<div style='font-size:14px'><b>{title}</b><ul>{items}</ul>{total}</div>"
