"""The lessons as a student sees them: no test machinery in the code, and stored outputs that
are sentences, tables or pictures, never a Python repr.

nbval runs the notebooks (and compares the outputs of the cells tagged
``nbval-check-output``); these tests read the stored notebooks and check what nbval cannot:
that the cells a student reads are clean, that the cells whose numbers teach something are
really checked, and that every stored output still says something when the notebook is
opened before it is run (untrusted, widgets not running, or exported).

``MUNDOS_NOTEBOOKS=/some/folder`` checks executed copies there instead (for example the
output of ``jupyter nbconvert --execute --output-dir``) before they replace the stored ones.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDER = Path(os.environ.get("MUNDOS_NOTEBOOKS", ROOT / "notebooks")).resolve()
NOTEBOOKS = sorted(p for p in FOLDER.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
IDS = [p.relative_to(FOLDER).as_posix() for p in NOTEBOOKS]

CHECK_TAG = "nbval-check-output"
WIDGET = "application/vnd.jupyter.widget-view+json"
RICH = (WIDGET, "image/svg+xml", "text/html")
"""Outputs a reader sees only where a browser runs widgets, or trusts SVG / HTML."""

MAX_PRINTED = 100
"""Longest printed line: JupyterLab breaks longer lines of text output in the middle of a
word (its ``word-break: break-all``); the lessons' helpers wrap at 76."""

TAUGHT_NUMBERS = {
    "00": ["totals(sheet)"],
    "nuevos_mundos/01": ["what_each_action_takes(game, 3)", "Lay(50)"],
    "nuevos_mundos/02": ["totals(sheet)", '"natural_balance"'],
    "nuevos_mundos/03": ["ranking(everything)", "icons_of(52)"],
    "nuevos_mundos/04": ["climate_fits(planet", "climate_table()"],
    "nuevos_mundos/05": ["seat_results(seats)", "tournament_table(", "seat_results(advanced)"],
    "ecosfera/01": ['play(game, "mycorrhiza")', "idle_until_lost(game)"],
    "ecosfera/02": ["final_score(", "supply_table()"],
    "ecosfera/03": ["steps_table(planner)", "margins_table("],
    "ecosfera/04": ["mycorrhiza_partners()", "biome_links()"],
    "mondo/01": ["Place(0, 15_000, 23, 0, 0)", "game.round_sheet()"],
    "mondo/02": ["categories(sheet)", "categories(rulebook_sheet(volcano_chip=True))"],
    "mondo/03": ["best_words(best)", "distance_words(mine, best)", "ways_table()"],
    "mondo/04": ["species_table()", "biome_table()"],
    "nuevo_mundo/01": ["map_words(game)", "credit_table(game, 0)", "battle_table(game)"],
    "nuevo_mundo/02": [
        "rps_table()",
        'payoff_table("balance", "balance")',
        'best_answers("balance", "balance")',
        "rps_mix()",
        "mix.words()",
        "mix.against_each()",
        'exploit_table("equilibrium"',
        'exploit_table("favourite"',
        "criterion_table()",
    ],
    "nuevo_mundo/03": [
        "border_table(throws=3)",
        "border_experiment(",
        "journey_table(borders=3",
        "battle_words(6, 3)",
        "battle_experiment(6, 3",
        "when_to_attack()",
        "plan_table(defenders=3",
    ],
    "nuevo_mundo/04": ["category_table()"],
}
"""For each lesson (named by its game folder and number, the same in every language: the two
versions share their code), code that shows a number the lesson teaches (a rulebook
example's score, a win rate, a count): the cell holding it must carry the check tag."""


def lesson_key(path: Path) -> str:
    """``notebooks/es/ecosfera/03_que_tan_dificil.ipynb`` -> ``ecosfera/03``; a start page
    (``notebooks/en/00_start_here.ipynb``) -> ``00``."""
    number = path.name[:2]
    parent = path.parent.name
    return number if len(parent) == 2 else f"{parent}/{number}"


# What a Python repr looks like, as opposed to words a student reads.
_ITEM = r"""(?:-?\d+(?:\.\d+)?|'[^'\n]*'|"[^"\n]*")"""
RAW_PRINTED = [
    (re.compile(rf"\[\s*{_ITEM}\s*(?:,\s*{_ITEM}\s*)+\]"), "a list of numbers or strings"),
    (re.compile(r"""\[\s*(?:'[^'\n]*'|"[^"\n]*")\s*\]"""), "a list of one string"),
    (re.compile(r"""\{\s*(?:'[^'\n]*'|"[^"\n]*"|\d+)\s*:"""), "a dict"),
    (re.compile(rf"\(\s*{_ITEM}\s*,\s*{_ITEM}\s*(?:,\s*{_ITEM}\s*)*\)"), "a tuple"),
    (re.compile(r"<[\w.]+(?: [^<>\n]*)? object at 0x[0-9a-fA-F]+>"), "an object repr"),
    (re.compile(r"\b[A-Z]\w*\((?:children|value|description)="), "a widget repr"),
    (re.compile(r"\b\w+#\d+\b"), "an engine card id such as sun#12"),
]


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _code_cells(path: Path) -> list[dict[str, Any]]:
    return [c for c in _load(path)["cells"] if c["cell_type"] == "code"]


def _text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def looks_raw(text: str) -> str | None:
    """Why ``text`` looks like a Python repr rather than words, or None."""
    stripped = text.strip()
    if not stripped:
        return "nothing but blank space"
    if stripped[0] + stripped[-1] in ("[]", "{}"):
        return "a raw list or dict"  # a sentence in (brackets) is still a sentence
    if stripped[0] == stripped[-1] and stripped[0] in "'\"" and len(stripped) > 1:
        return "a quoted string"
    if stripped.startswith("<") and stripped.endswith(">"):
        return "an object's <...> repr"
    for pattern, what in RAW_PRINTED:
        if pattern.search(stripped):
            return what
    return None


def _where(path: Path, index: int) -> str:
    return f"{path.relative_to(FOLDER).as_posix()}, code cell {index + 1}"


# ---------------------------------------------------------------------------- the code


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_no_code_cell_shows_test_machinery_or_timings(path: Path) -> None:
    for i, cell in enumerate(_code_cells(path)):
        source = _text(cell["source"])
        assert "nbval" not in source.lower(), f"{_where(path, i)} mentions nbval: use a tag"
        assert "%%time" not in source and "%time " not in source, f"{_where(path, i)} times itself"


LESSONS = [p for p in NOTEBOOKS if p.parent.name != "apps"]
"""The notebooks that teach (an app in notebooks/apps/ only plays: it teaches no numbers)."""


@pytest.mark.parametrize("path", LESSONS, ids=[p.relative_to(FOLDER).as_posix() for p in LESSONS])
def test_the_numbers_a_lesson_teaches_are_checked(path: Path) -> None:
    cells = _code_cells(path)
    tagged = [c for c in cells if CHECK_TAG in c.get("metadata", {}).get("tags", [])]
    assert tagged, f"{path.name}: no cell carries the {CHECK_TAG} tag"
    wanted = TAUGHT_NUMBERS.get(lesson_key(path))
    assert wanted is not None, f"{path.name}: say in TAUGHT_NUMBERS which cells teach numbers"
    for code in wanted:
        holders = [c for c in cells if code in _text(c["source"])]
        assert holders, f"{path.name}: no code cell holds {code!r}"
        assert all(c in tagged for c in holders), f"{path.name}: the cell with {code!r} is untagged"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_checked_cells_show_no_widgets(path: Path) -> None:
    """A widget's stored output is a model id that changes on every run: a checked cell that
    shows one fails nbval for nothing."""
    for i, cell in enumerate(_code_cells(path)):
        if CHECK_TAG in cell.get("metadata", {}).get("tags", []):
            for output in cell.get("outputs", []):
                assert WIDGET not in output.get("data", {}), f"{_where(path, i)} checks a widget"


# ---------------------------------------------------------------------------- the outputs


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_printed_text_is_words_that_fit_the_column(path: Path) -> None:
    for i, cell in enumerate(_code_cells(path)):
        for output in cell.get("outputs", []):
            assert output["output_type"] != "error", f"{_where(path, i)} stored an error"
            if output["output_type"] != "stream":
                continue
            for line in _text(output["text"]).splitlines():
                assert len(line) <= MAX_PRINTED, (
                    f"{_where(path, i)} prints a line of {len(line)} characters, which "
                    f"JupyterLab breaks mid-word: {line[:60]!r}..."
                )
                why = looks_raw(line) if line.strip() else None
                assert why is None, f"{_where(path, i)} prints {why}: {line!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_every_result_shows_words_a_table_or_a_picture(path: Path) -> None:
    """A result shown only as text must be words; a result that needs a browser (a widget,
    SVG, HTML) must also store a PNG or text in words, for a notebook opened before it is
    run, untrusted, or exported."""
    for i, cell in enumerate(_code_cells(path)):
        for output in cell.get("outputs", []):
            data = output.get("data")
            if data is None:
                continue
            plain = _text(data.get("text/plain", ""))
            if "image/png" in data:
                continue
            needs_browser = [kind for kind in RICH if kind in data]
            why = looks_raw(plain)
            if needs_browser:
                assert why is None, (
                    f"{_where(path, i)} stores {', '.join(needs_browser)} with no PNG, and its "
                    f"text form is {why}: {plain[:80]!r}"
                )
            else:
                assert why is None, f"{_where(path, i)} shows {why}: {plain[:80]!r}"


ACTION_WORDS = re.compile(r"\b(click|clicks|press|tap)\b", re.IGNORECASE)
"""What a still picture cannot be asked to do."""


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_still_pictures_never_ask_for_a_click(path: Path) -> None:
    """A drawing in a lesson (a table's snapshot, a gallery) cannot be clicked: its words
    describe, they do not ask for a click."""
    for i, cell in enumerate(_code_cells(path)):
        for output in cell.get("outputs", []):
            svg = _text(output.get("data", {}).get("image/svg+xml", ""))
            words = " ".join(re.findall(r">([^<]+)<", svg))
            found = ACTION_WORDS.search(words)
            assert found is None, f"{_where(path, i)}: a still picture says {found.group(0)!r}"


# ---------------------------------------------------------------------------- the checker


@pytest.mark.parametrize(
    "text",
    [
        "[(1, 'Alicia', 18), (2, 'Roberto', 16)]",
        "{'Ana': 12, 'Ben': 13}",
        "'card 50 is not in your hand'",
        "<widgets.svg.Picture object at 0x7f3a2c1d9e50>",
        "<Picture: Nuevos Mundos table>",
        "VBox(children=(HTML(value='<b>You to play.</b>'),))",
        "Roberto's world: [5, 7, 1]",
        "card 52 shows {'sun': 1, 'plants': 1}",
        "Your line: sun#12 earth#12",
        "['3 desert cards in a row: +3']",
        "(1, 'Alicia', 18)",
        "   [recorded move: acquire P10 paying earth#12]",
    ],
)
def test_the_checker_knows_a_repr(text: str) -> None:
    assert looks_raw(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "Roberto's world holds 3 cards: 01, 05 and 07.",
        "1. Alicia: 18 points",
        "Seat 1: won 30.4% of the games  (95% interval: 28.7% to 32.0%)",
        "Saguaro (Carnegiea gigantea; desert): This giant cactus ...",
        "  turns 13-15: extinction tiles 3 of 7",
        "A progress bar for 3000 games: it moves while the cell runs.",
        "Biome         | Mean temperature (°C, approx.) | Rain and snow",
        "(only a copy played this move: the game itself has not changed)",
    ],
)
def test_the_checker_lets_words_through(text: str) -> None:
    assert looks_raw(text) is None
