"""A study's table as CSV, and back: the same columns as ``StudyResult.records()``.

    from gamecore.experiments.study_csv import read_study_csv, study_csv
    text = study_csv(study)                              # one row per game, run_study's columns
    again = read_study_csv("games.csv", "nuevos-mundos")  # a StudyResult again, for the charts

``python -m gamecore.experiments ... --csv games.csv`` writes such a table, and so does the
class server's teacher's page for the games a class played (``classroom.teacher``), so a
lesson can read both the same way and draw them with the same charts
(``widgets.study_charts.seat_chart``): "our class" beside ten thousand bot games.

The columns come in ``GameRow.flat``'s order: ``index``, ``seed``, ``bot_1``..., ``winners``,
``win_1``..., ``score_1``..., each score category's ``<category>_1``..., ``length``, each
action kind's ``n_<kind>_1``..., the game's own measures (sorted), and the study's set-up
options. The reader relies on that order (a measure may end in ``_1`` as a category does),
and on the game's own action kinds and study options; a table that does not read back to the
same columns is refused with a sentence saying so.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from ..protocol import spec_of
from ..words import t
from .plugin import plugin_of
from .study import GameRow, StudyResult

_WHOLE = re.compile(r"-?\d+")


def study_csv(study: StudyResult) -> str:
    """The study's table as CSV text (a header, then one row per game)."""
    return records_csv(study.records())


def records_csv(records: Sequence[Mapping[str, Any]]) -> str:
    """Flat records (``StudyResult.records()``) as CSV text; None is written as nothing."""
    out = io.StringIO()
    if records:
        writer = csv.DictWriter(out, fieldnames=list(records[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(records)
    return out.getvalue()


def read_study_csv(
    source: str | os.PathLike[str] | IO[str],
    game: str,
    *,
    seed: int = 0,
    seating: str = "fixed",
) -> StudyResult:
    """The study in a CSV table of ``game``'s games (a path, or an open text file).

    ``seed`` and ``seating`` are not in the table; they are only the result's labels. Raises
    ValueError naming the table and what is wrong with it."""
    if isinstance(source, (str, os.PathLike)):
        where = str(source)
        with Path(source).open(encoding="utf-8", newline="") as handle:
            return _read(handle, where, game, seed, seating)
    return _read(source, getattr(source, "name", "-"), game, seed, seating)


def _read(handle: Iterable[str], where: str, game: str, seed: int, seating: str) -> StudyResult:
    spec = spec_of(game)
    plugin = plugin_of(game)
    reader = csv.reader(handle)
    header = next(reader, None)
    if not header:
        raise ValueError(t("study.csv_columns", where=where, game=spec.title, problem="-"))
    kinds = tuple(spec.game_class.action_types)
    layout = _layout(header, kinds, tuple(plugin.options), where, spec.title)
    rows: list[GameRow] = []
    options: dict[str, Any] = {}
    for number, cells in enumerate(reader, start=2):
        if not cells:
            continue
        if len(cells) != len(header):
            raise ValueError(
                t("study.csv_row_length", where=where, row=number, n=len(cells), m=len(header))
            )
        row = dict(zip(header, cells))
        rows.append(_row(row, layout, kinds, where, number))
        if not options:
            options = _options(row, plugin.options, where, number, spec.title)
    if not rows:
        raise ValueError(t("study.csv_no_rows", where=where))
    result = StudyResult(
        game=game,
        seed=seed,
        bots=rows[0].bots,
        seating=seating,
        options=tuple(sorted(options.items())),
        action_kinds=kinds,
        rows=tuple(rows),
    )
    if list(result.records()[0]) != header:  # what it reads is what it would write
        raise ValueError(
            t("study.csv_columns", where=where, game=spec.title, problem=", ".join(header))
        )
    return result


class _Layout:
    def __init__(self, players: int, categories: list[str], measures: list[str]) -> None:
        self.players = players
        self.categories = categories
        self.measures = measures


def _layout(
    header: list[str], kinds: tuple[str, ...], option_names: tuple[str, ...], where: str, title: str
) -> _Layout:
    """The players, score categories and measures of a table, read off its header."""

    def refuse(problem: str) -> ValueError:
        return ValueError(t("study.csv_columns", where=where, game=title, problem=problem))

    players = 0
    while f"bot_{players + 1}" in header:
        players += 1
    if players == 0 or header[:2] != ["index", "seed"] or "length" not in header:
        raise refuse(", ".join(header[:4]))
    first_category = 2 + 3 * players + 1  # index, seed, bots, winners, wins, scores
    length = header.index("length")
    between = header[first_category:length]
    if len(between) % players:
        raise refuse(", ".join(between))
    categories = []
    for start in range(0, len(between), players):
        name = between[start].rpartition("_")[0]
        if between[start : start + players] != [f"{name}_{s}" for s in range(1, players + 1)]:
            raise refuse(", ".join(between[start : start + players]))
        categories.append(name)
    after_counts = length + 1 + players * len(kinds)
    tail = header[after_counts:]
    measures = [name for name in tail if name not in option_names]
    seats = range(1, players + 1)
    expected = [
        "index",
        "seed",
        *(f"bot_{s}" for s in seats),
        "winners",
        *(f"win_{s}" for s in seats),
        *(f"score_{s}" for s in seats),
        *between,
        "length",
        *(f"n_{k}_{s}" for s in seats for k in kinds),
        *measures,
        *sorted(option_names),
    ]
    if header != expected:
        wrong = [name for name in header if name not in expected]
        lacking = [name for name in expected if name not in header]
        raise refuse(", ".join(wrong + lacking) or ", ".join(header))
    return _Layout(players, categories, measures)


def _whole(text: str, column: str, where: str, row: int) -> int:
    if not _WHOLE.fullmatch(text.strip()):
        raise ValueError(t("study.csv_value", where=where, row=row, column=column, value=text))
    return int(text)


def _number(text: str, column: str, where: str, row: int) -> float | int | None:
    if text == "":
        return None
    if _WHOLE.fullmatch(text.strip()):
        return int(text)
    try:
        return float(text)
    except ValueError:
        raise ValueError(
            t("study.csv_value", where=where, row=row, column=column, value=text)
        ) from None


def _row(
    row: dict[str, str], layout: _Layout, kinds: tuple[str, ...], where: str, n: int
) -> GameRow:
    seats = range(1, layout.players + 1)
    winners_text = row["winners"].split()
    winners = tuple(_whole(w, "winners", where, n) - 1 for w in winners_text)
    if any(not 0 <= w < layout.players for w in winners):
        raise ValueError(
            t("study.csv_value", where=where, row=n, column="winners", value=row["winners"])
        )
    return GameRow(
        index=_whole(row["index"], "index", where, n),
        seed=_whole(row["seed"], "seed", where, n),
        bots=tuple(row[f"bot_{s}"] for s in seats),
        winners=winners,
        totals=tuple(_whole(row[f"score_{s}"], f"score_{s}", where, n) for s in seats),
        points=tuple(
            (c, tuple(_whole(row[f"{c}_{s}"], f"{c}_{s}", where, n) for s in seats))
            for c in layout.categories
        ),
        length=_whole(row["length"], "length", where, n),
        measures=tuple(sorted((m, _number(row[m], m, where, n)) for m in layout.measures)),
        actions=tuple(
            tuple(_whole(row[f"n_{k}_{s}"], f"n_{k}_{s}", where, n) for k in kinds) for s in seats
        ),
    )


def _options(
    row: dict[str, str], known: Mapping[str, tuple[Any, Any]], where: str, n: int, title: str
) -> dict[str, Any]:
    """The study's set-up options from the first row, each checked by the game's plug-in."""
    settled = {}
    for name, (default, check) in known.items():
        if name not in row:
            raise ValueError(t("study.csv_columns", where=where, game=title, problem=name))
        text = row[name]
        value: Any
        if isinstance(default, tuple):
            value = tuple(text.split())
        elif text == "":
            value = None
        elif _WHOLE.fullmatch(text):
            value = int(text)
        else:
            value = text
        try:
            settled[name] = check(value)
        except (TypeError, ValueError):
            raise ValueError(
                t("study.csv_value", where=where, row=n, column=name, value=text)
            ) from None
    return settled


__all__ = ["read_study_csv", "records_csv", "study_csv"]
