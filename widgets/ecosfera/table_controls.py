"""The ipywidgets around the Ecosfera canvas: buttons, the question row, settings, layout.

Made here, wired by ``EcosferaTable``. The layout keeps what a decision needs together on a
laptop screen: the status line, the buttons and the question row directly above the canvas
(whose top shows the supply and the line of the player to play); the keyboard list after the
canvas; history, settings and save/load below.
"""

from __future__ import annotations

import ipywidgets as w

from gamecore.ecosfera.data import LEVELS
from gamecore.words import t

from ..table_base import make_button

CHOICES = 5
"""Choice buttons kept ready (the most a question needs: give to three players + recycle)."""
ACTIONS = ("end_turn", "hint", "clear", "undo", "next_bot", "bot_turn", "score_step")
"""The buttons above the canvas, in order (End turn first, away from the question row's)."""


def make_buttons() -> dict[str, w.Button]:
    """Every button of the table by key, with its CSS class (``eco-end-turn``, …)."""
    keys = (*ACTIONS, "new_game", "cancel")
    buttons = {
        key: make_button(
            t(f"ecosfera_table.button_{key}"),
            "eco-" + key.replace("_", "-"),
            t(f"ecosfera_table.tip_{key}"),
        )
        for key in keys
    }
    # “What can I do?” becomes “Hide hints”: one width for both, so the buttons after it
    # stay under the pointer.
    buttons["hint"].layout.width = "140px"
    return buttons


def make_choices() -> list[w.Button]:
    """The choice buttons of a question (CSS ``eco-choice`` and ``eco-choice-<k>``)."""
    choices = []
    for k in range(CHOICES):
        choice = make_button("", "eco-choice", "")
        choice.add_class(f"eco-choice-{k}")
        choices.append(choice)
    return choices


def make_question() -> w.HTML:
    """The question's title, one line of fixed height at the start of the question row."""
    question = w.HTML(layout=w.Layout(width="300px", height="34px", overflow="hidden"))
    question.add_class("eco-question")
    return question


def make_settings(level: int, rebel: bool) -> tuple[w.Dropdown, w.Text, w.Checkbox, w.Checkbox]:
    """The level, the seed to type, Extinction Rebel and The Monk."""
    level_choice = w.Dropdown(
        options=[(t("ecosfera_table.level_option", n=n), n) for n in LEVELS],
        value=level,
        description=t("ecosfera_table.level_label"),
        layout=w.Layout(width="220px"),
    )
    level_choice.add_class("eco-level")
    seed_input = w.Text(
        value="",
        placeholder=t("ecosfera_table.seed_placeholder"),
        description=t("ecosfera_table.seed_label"),
        layout=w.Layout(width="220px"),
    )
    seed_input.add_class("eco-seed-input")
    rebel_box = w.Checkbox(
        value=rebel,
        description=t("ecosfera_table.rebel_box"),
        indent=False,
        layout=w.Layout(width="auto"),
    )
    rebel_box.add_class("eco-rebel")
    monk_box = w.Checkbox(
        value=False,
        description=t("ecosfera_table.monk_box"),
        indent=False,
        layout=w.Layout(width="auto"),
    )
    monk_box.add_class("eco-monk")
    return level_choice, seed_input, rebel_box, monk_box


def table_layout(
    *,
    status: w.Widget,
    buttons: dict[str, w.Button],
    question: w.HTML,
    choices: list[w.Button],
    canvas: w.Widget,
    access: w.Widget,
    history: w.HTML,
    settings: list[w.Widget],
    score: w.HTML,
) -> w.VBox:
    """The whole table, top to bottom.

    The question row sits under the buttons and starts with the question's words, so its
    buttons (“Yes, end my turn”) are never where End turn was pressed; every control keeps
    its slot (hidden ones stay in place), and the row never wraps (a long question scrolls
    sideways) so the canvas never moves under the pointer.
    """
    row = w.Layout(flex_flow="row wrap", align_items="center")
    actions = w.HBox([buttons[k] for k in ACTIONS], layout=row)
    asked = w.HBox(
        [question, *choices, buttons["cancel"]],
        layout=w.Layout(
            flex_flow="row nowrap", align_items="center", overflow="auto hidden", height="42px"
        ),
    )
    asked.add_class("eco-choices")
    history.layout = w.Layout(width="500px")
    below = w.HBox(
        [history, w.VBox(settings, layout=w.Layout(width="380px"))],
        layout=w.Layout(flex_flow="row wrap"),
    )
    table = w.VBox([status, actions, asked, canvas, access, below, score])
    table.add_class("eco-table")
    return table
