"""Score sheets to print: Nuevos Mundos (a column per player, a row per thing the scoring
counts, the advanced modules below the basic game) and Ecosfera (the team's result, three
games side by side).

The rows come from the rules' own data: the biomes and their values, the nature icons in
tie-break order and the points each row is worth (``gamecore.nuevos_mundos.data``,
``gamecore.ecosfera.data``), so a sheet changes with the data file, never by hand. A row
about a biome or an icon shows the game's drawn symbol beside its name, and a sheet uses
no colour that a black-and-white copy would lose: the symbols keep their outlines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamecore import GAMES
from gamecore.ecosfera.data import (
    ALL_BIOMES_POINTS,
    BIOME_TILE_POINTS,
    BIOME_TILES,
    CHALLENGE_POINTS,
    CHALLENGES,
    LEVEL_POINTS,
    LEVELS,
    SUPPLY_ELEMENT_POINTS,
    UNPLACED_EXTINCTION_POINTS,
)
from gamecore.nuevos_mundos.data import (
    BIODIVERSITY_BONUS,
    BIOME_RANGES,
    BIOMES,
    DISCORD_PENALTY,
    DOMINANT_BIOME_POINTS,
    ICONS,
    MIN_RUN,
    VITAL_CAPACITY_POINTS,
    biome_label,
    icon_name,
)
from gamecore.words import t

from ..card_face import fit_lines
from ..ecosfera.symbols import eco_icon
from ..icons import icon
from ..palette import INK, MUTED
from ..scene import Scene, Shape
from .page import (
    CONTENT_W,
    MARGIN,
    PAGE_H,
    SLACK,
    box,
    footer,
    line,
    new_page,
    paragraph,
    pt,
    text,
    width_of,
    writing_lines,
)

SHADE = "#ececec"
"""The band of a section or a category heading: a light grey that a photocopy keeps."""
BODY = 10.0
NOTE = 9.0
ROW_H = 7.2
"""A row to write a number in (millimetres): room for a child's digits."""
ICON = 4.6


@dataclass(frozen=True)
class Row:
    """One line of a score table.

    ``kind``: "head" (a category's name and what it counts, across the whole table, with a
    tick box for an optional module), "row" (a thing to write a number for), "total" (a sum,
    in bold) or "section" (a band that starts the basic game or the modules).
    """

    kind: str
    label: str
    note: str = ""
    symbol: str = ""
    """An icon drawn before the label (``nm:<name>`` or ``eco:<name>``)."""
    tick: bool = False
    each: str = ""
    """Points for each one counted, for Ecosfera's "how many x points" rows."""


def _symbol(name: str, x: float, y: float, size: float, id: str) -> list[Shape]:
    game, _, drawing = name.partition(":")
    return eco_icon(drawing, x, y, size, id) if game == "eco" else icon(drawing, x, y, size, id)


def _head(page: Scene, row: Row, y: float, width: float, id: str) -> float:
    """A category's band: a tick box (optional modules), its name in bold and what it
    counts; returns its height."""
    x = MARGIN + 2
    label_x = x + (6 if row.tick else 0)
    first = width - (label_x - MARGIN) - 2
    bold_w = width_of(row.label + "  ", BODY, bold=True)
    note_lines = fit_lines(row.note, (first - bold_w) * SLACK, pt(NOTE)) if row.note else []
    # A note too long for the rest of the title's line goes under it, at the full width.
    if len(note_lines) > 1:
        note_lines = fit_lines(row.note, first * SLACK, pt(NOTE))
        height = 5.8 + 3.9 * len(note_lines)
        note_at = [(label_x, y + 7.0 + 3.9 * k, words) for k, words in enumerate(note_lines)]
    else:
        height = 7.0
        note_at = [(label_x + bold_w, y + 3.6, words) for words in note_lines]
    page.add(box(MARGIN, y, width, height, id=f"{id}-band", fill=SHADE, stroke=INK, width=0.3))
    if row.tick:
        page.add(box(x, y + 1.6, 3.8, 3.8, id=f"{id}-tick", fill="#ffffff", width=0.35))
    page.add(text(label_x, y + 3.6, row.label, BODY, id=f"{id}-label", bold=True))
    page.extend(
        text(nx, ny, words, NOTE, id=f"{id}-note{k}") for k, (nx, ny, words) in enumerate(note_at)
    )
    return height


def _label(page: Scene, row: Row, y: float, height: float, id: str, bold: bool) -> None:
    x = MARGIN + 2
    if row.symbol:
        page.extend(_symbol(row.symbol, x, y + (height - ICON) / 2, ICON, f"{id}-icon"))
        x += ICON + 2
    page.add(text(x, y + height / 2, row.label, BODY, id=f"{id}-label", bold=bold))
    if row.note:
        page.add(
            text(
                x + width_of(row.label + " ", BODY, bold=bold),
                y + height / 2,
                row.note,
                NOTE,
                id=f"{id}-note",
                fill=MUTED,
            )
        )


def score_table(
    page: Scene,
    rows: Sequence[Row],
    columns: Sequence[float],
    top: float,
    id: str,
    row_h: float = ROW_H,
    each_column: bool = False,
) -> float:
    """Draw ``rows`` from ``top``, the label in the first column and an empty cell of
    ``row_h`` millimetres to write in under every other; returns the y where it ends.
    ``each_column``: the second column holds what each thing counted is worth."""
    width = sum(columns)
    y = top
    for n, row in enumerate(rows):
        rid = f"{id}-r{n}"
        if row.kind in ("head", "section"):
            y += _head(page, row, y, width, rid)
            continue
        height = row_h + 1.5 if row.kind == "total" else row_h
        thick = 0.6 if row.kind == "total" else 0.3
        x = MARGIN
        for k, w in enumerate(columns):
            shade = SHADE if each_column and k == 1 else None
            page.add(box(x, y, w, height, id=f"{rid}-c{k}", width=thick, fill=shade))
            x += w
        _label(page, row, y, height, rid, bold=row.kind == "total")
        if row.each and each_column:
            middle = MARGIN + columns[0] + columns[1] / 2
            page.add(
                text(middle, y + height / 2, row.each, BODY, id=f"{rid}-each", anchor="middle")
            )
        y += height
    return y


def _title(page: Scene, title: str, subtitle: str) -> float:
    page.add(text(MARGIN, MARGIN + 4, title, 18, id="title", bold=True))
    y = paragraph(page, MARGIN, MARGIN + 11, CONTENT_W, subtitle, NOTE, id="subtitle", fill=MUTED)
    return y + 1


def _blank(page: Scene, x: float, y: float, label: str, width: float, id: str) -> None:
    """``label`` followed by a line to write on, ``width`` millimetres in all."""
    page.add(text(x, y, label, BODY, id=id))
    start = x + width_of(label + " ", BODY)
    page.add(line(start, y + 1.8, x + width, y + 1.8, id=f"{id}-line", colour=INK, width=0.25))


# ---------------------------------------------------------------------------- Nuevos Mundos


def nuevos_mundos_rows() -> list[Row]:
    """What the Nuevos Mundos scoring counts, in the rulebook's order, basic game first."""
    ranges = [(f"{a:02d}", f"{b:02d}") for a, b in BIOME_RANGES]
    rows = [
        Row("section", t("printables.nm_basic")),
        Row(
            "head",
            t("nuevos_mundos.title_biodiversity"),
            t("printables.nm_biodiversity_note", bonus=BIODIVERSITY_BONUS),
        ),
        Row("row", t("printables.nm_biome_types")),
        Row("row", t("printables.nm_most_types", bonus=BIODIVERSITY_BONUS)),
        Row(
            "head",
            t("nuevos_mundos.title_dominant_biomes"),
            t("printables.nm_dominant_note", points=DOMINANT_BIOME_POINTS),
        ),
        *(
            Row(
                "row",
                biome_label(b),
                t("printables.value_range", first=a, last=z),
                symbol=f"nm:{name}",
            )
            for b, (name, (a, z)) in enumerate(zip(BIOMES, ranges))
        ),
        Row(
            "head",
            t("nuevos_mundos.title_natural_balance"),
            t("printables.nm_balance_note", n=MIN_RUN),
        ),
        Row("row", t("printables.nm_cards_in_runs")),
        Row("total", t("printables.nm_basic_total")),
        Row("section", t("printables.nm_modules")),
        Row(
            "head",
            t("nuevos_mundos_table.module_human_settlements"),
            t("printables.nm_settlements_note"),
            tick=True,
        ),
        Row("row", t("printables.nm_settlement_values")),
        Row(
            "head",
            t("nuevos_mundos_table.module_global_natural_balance"),
            t("printables.nm_global_note"),
            tick=True,
        ),
        Row(
            "head",
            t("nuevos_mundos_table.module_vital_capacity"),
            t("printables.nm_vital_note", points=VITAL_CAPACITY_POINTS),
            tick=True,
        ),
        *(
            Row("row", t("printables.numbered", n=i + 1, name=icon_name(i)), symbol=f"nm:{name}")
            for i, name in enumerate(ICONS)
        ),
        Row(
            "head",
            t("nuevos_mundos_table.module_discord"),
            t("printables.nm_discord_note", points=DISCORD_PENALTY),
            tick=True,
        ),
        Row("row", t("printables.nm_minorities", points=DISCORD_PENALTY)),
        Row("total", t("printables.final_total")),
        Row("row", t("printables.place")),
    ]
    return rows


def nuevos_mundos_score_sheet() -> Scene:
    """One game of Nuevos Mundos for up to the game's most players, on one A4 page."""
    page = new_page(t("printables.nm_sheet_title"))
    y = _title(page, t("printables.nm_sheet_title"), t("printables.nm_sheet_subtitle"))
    _blank(page, MARGIN, y + 2, t("printables.date"), 60, "date")
    _blank(page, MARGIN + 70, y + 2, t("printables.table_name"), CONTENT_W - 70, "table")
    y += 8
    players = GAMES["nuevos-mundos"].max_players
    label_w = 74.0
    columns = [label_w] + [(CONTENT_W - label_w) / players] * players
    head = Row("total", t("printables.player"))
    y = score_table(page, [head], columns, y, "names")
    rows = nuevos_mundos_rows()
    tie = t("printables.nm_tie_break", rule=t("nuevos_mundos.tie_break_rule"))
    # The rows are as tall as the page allows (a longer language wraps more notes).
    bottom = PAGE_H - MARGIN - 4
    row_h = ROW_H
    while row_h > 5.4:
        trial = new_page("")
        end = score_table(trial, rows, columns, y, "nm", row_h=row_h)
        if paragraph(trial, MARGIN, end + 4, CONTENT_W, tie, NOTE, id="tie") <= bottom:
            break
        row_h -= 0.2
    y = score_table(page, rows, columns, y, "nm", row_h=row_h)
    paragraph(page, MARGIN, y + 4, CONTENT_W, tie, NOTE, id="tie")
    footer(page, t("printables.footer_nm"))
    return page


# ---------------------------------------------------------------------------- Ecosfera

GAMES_PER_SHEET = 3
"""A class plays Ecosfera several times, a level at a time: one sheet holds three games."""


def ecosfera_rows() -> list[Row]:
    """What Ecosfera's final score counts (won or lost), then the eco-warrior challenges."""
    times = t("printables.times_points", points=BIOME_TILE_POINTS)
    return [
        Row("row", t("ecosfera.category_difficulty"), t("printables.eco_difficulty_note")),
        Row("row", t("printables.eco_biome_tiles"), each=times),
        Row(
            "row",
            t("printables.eco_all_biomes", total=BIOME_TILES),
            each=t("printables.plus_points", points=ALL_BIOMES_POINTS),
        ),
        Row(
            "row",
            t("ecosfera.category_extinction_tiles"),
            each=t("printables.times_points", points=UNPLACED_EXTINCTION_POINTS),
        ),
        Row(
            "row",
            t("ecosfera.category_supply_elements"),
            each=t("printables.times_points", points=SUPPLY_ELEMENT_POINTS),
        ),
        Row("section", t("printables.eco_challenges"), t("printables.eco_challenges_note")),
        *(
            Row(
                "row",
                t(f"ecosfera.challenge_{name}"),
                each=t("printables.plus_points", points=CHALLENGE_POINTS[name]),
            )
            for name in CHALLENGES
        ),
        Row("total", t("printables.final_total")),
    ]


def _level_table(page: Scene, y: float) -> float:
    """The levels and their points, to look up the difficulty row."""
    page.add(text(MARGIN, y + 3, t("printables.eco_levels_title"), BODY, id="levels", bold=True))
    y += 6
    cell = CONTENT_W / (len(LEVELS) + 1)
    page.add(box(MARGIN, y, cell, 12, id="levels-head", fill=SHADE))
    page.add(text(MARGIN + 2, y + 3.2, t("printables.eco_level"), NOTE, id="levels-l"))
    page.add(text(MARGIN + 2, y + 8.8, t("printables.level_points"), NOTE, id="levels-p"))
    for k, level in enumerate(LEVELS):
        x = MARGIN + cell * (k + 1)
        page.add(box(x, y, cell, 12, id=f"level{level}"))
        page.add(
            text(
                x + cell / 2,
                y + 3.2,
                str(level),
                BODY,
                id=f"level{level}-n",
                bold=True,
                anchor="middle",
            )
        )
        page.add(
            text(
                x + cell / 2,
                y + 8.8,
                str(LEVEL_POINTS[k]),
                BODY,
                id=f"level{level}-p",
                anchor="middle",
            )
        )
    return y + 12


def _game_headings(page: Scene, columns: Sequence[float], y: float) -> float:
    """'Game 1' over each pair of columns, and 'how many' / 'points' under it (the first
    two columns: the label and what each is worth)."""
    x = MARGIN + columns[0] + columns[1]
    pair = columns[2] + columns[3]
    page.add(box(MARGIN, y, columns[0] + columns[1], 12, id="games-corner", fill=SHADE))
    for g in range(GAMES_PER_SHEET):
        gx = x + g * pair
        page.add(box(gx, y, pair, 6, id=f"game{g}", fill=SHADE))
        page.add(
            text(
                gx + pair / 2,
                y + 3,
                t("printables.game_n", n=g + 1),
                BODY,
                id=f"game{g}-name",
                bold=True,
                anchor="middle",
            )
        )
        for k, key in enumerate(("printables.how_many", "printables.points")):
            cx = gx + k * columns[2]
            page.add(box(cx, y + 6, columns[2], 6, id=f"game{g}-{k}"))
            page.add(
                text(cx + columns[2] / 2, y + 9, t(key), NOTE, id=f"game{g}-{k}-t", anchor="middle")
            )
    return y + 12


def ecosfera_score_sheet() -> Scene:
    """The team's score of up to three games of Ecosfera on one A4 page."""
    page = new_page(t("printables.eco_sheet_title"))
    y = _title(page, t("printables.eco_sheet_title"), t("printables.eco_sheet_subtitle"))
    _blank(page, MARGIN, y + 2, t("printables.team"), 84, "team")
    _blank(page, MARGIN + 90, y + 2, t("printables.date"), CONTENT_W - 90, "date")
    _blank(page, MARGIN, y + 10, t("printables.players"), CONTENT_W, "players")
    y = _level_table(page, y + 16) + 6
    label_w, each_w = 66.0, 15.0
    sub = (CONTENT_W - label_w - each_w) / (2 * GAMES_PER_SHEET)
    columns = [label_w, each_w] + [sub] * (2 * GAMES_PER_SHEET)
    y = _game_headings(page, columns, y)
    rows = ecosfera_rows()
    y = score_table(page, rows, columns, y, "eco", row_h=8.5, each_column=True)
    y = paragraph(page, MARGIN, y + 4, CONTENT_W, t("printables.eco_how_to"), NOTE, id="how")
    y = _result_boxes(page, y + 4)
    _notes(page, y + 4)
    footer(page, t("printables.footer_eco"))
    return page


def _result_boxes(page: Scene, y: float) -> float:
    """For each game, tick won or lost (in words, not in colour)."""
    page.add(text(MARGIN, y, t("printables.eco_result"), BODY, id="result", bold=True))
    y += 6
    for g in range(GAMES_PER_SHEET):
        x = MARGIN + g * CONTENT_W / GAMES_PER_SHEET
        page.add(text(x, y, t("printables.game_n", n=g + 1), BODY, id=f"result{g}"))
        wx = x + 18
        for k, key in enumerate(("printables.won", "printables.lost")):
            bx = wx + k * 20
            page.add(box(bx, y - 1.9, 3.8, 3.8, id=f"result{g}-{k}", fill="#ffffff", width=0.35))
            page.add(text(bx + 5, y, t(key), BODY, id=f"result{g}-{k}-t"))
    return y + 4


def _notes(page: Scene, y: float) -> None:
    """Lines to the foot of the page for what the team noticed or will try next time."""
    page.add(text(MARGIN, y + 3, t("printables.eco_notes"), BODY, id="notes", bold=True))
    step = 8.0
    n = int((PAGE_H - MARGIN - 6 - (y + 12)) // step) + 1
    page.extend(writing_lines(MARGIN, y + 12, CONTENT_W, max(n, 0), step, "notes-line"))
