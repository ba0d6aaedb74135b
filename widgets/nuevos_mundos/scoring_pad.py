"""The digital scoring pad for a physical game of Nuevos Mundos.

At the end of a game played with real cards, the teacher types each world's cards (or
clicks them on a picker of all 64 cards), ticks the modules that were played, and reveals
the score one category at a time. At each step the cards that earned the category light up
in the worlds, and a table adds the points up, each line with its reason. Scoring itself is
``gamecore.nuevos_mundos.score``; this module only collects the cards and shows the result.

Typed cards are values from 1 to 64 separated by spaces or commas; a human settlement is
``s:taiga`` (or ``settlement:taiga``), optionally with a value of its own: ``s:taiga=53``.
Without a value, the engine gives the settlement the value that scores best for its owner,
and the pad says which value that was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

import ipywidgets as w

from gamecore.nuevos_mundos.data import (
    BIOME_OF_CODE,
    BIOME_RANGES,
    BIOMES,
    ICONS,
    MODULES,
    SETTLEMENT_BASE,
    biome_label,
    check_value,
    settlement_code,
)
from gamecore.nuevos_mundos.scoring import (
    CATEGORIES,
    TITLES,
    best_settlement_values,
    check_modules,
    score,
)
from gamecore.scoresheet import ScoreSheet

from ..canvas import SceneCanvas
from ..icons import icon
from ..palette import BIOME_COLOURS, HIGHLIGHT, INK, MUTED, PAPER, text_on, tint
from ..scene import Rect, Scene, Shape, Text
from ..status import StatusLine
from ..svg import FONT, Picture, to_svg
from .cards import CARD_W, WORLD_STEP, world_columns

MIN_PLAYERS, MAX_PLAYERS = 1, 6
N_BIOMES = len(BIOMES)
LAST = SETTLEMENT_BASE + N_BIOMES
"""The highest card code (the last settlement)."""

MODULE_LABELS = {
    "human_settlements": "Human settlements",
    "global_natural_balance": "Global natural balance",
    "vital_capacity": "Vital capacity",
    "discord": "Discord",
}
MODULE_HINTS = {
    "human_settlements": "Settlement cards join the deck; each stands for a value of its biome.",
    "global_natural_balance": "A run of consecutive values may carry on into the next biome.",
    "vital_capacity": "Whoever shows the most of a nature icon scores 3 points for it.",
    "discord": "Whoever has the fewest in a contest loses 1 point for it.",
}

# Layout of both scenes (pixels).
MARGIN = 16
COL_W = CARD_W + 6
GRID_W = N_BIOMES * COL_W - 6
HEADING_H = 54
TILE_W, TILE_H, TILE_GAP = 62, 32, 6
PICKER_W = 2 * MARGIN + N_BIOMES * TILE_W + (N_BIOMES - 1) * TILE_GAP
RULE = "#d9d4c7"

Entry = tuple[int, int | None]
"""A card of a world: its code (1-64, settlements 65-72) and a settlement's typed value."""

Observer = Callable[[dict[str, object]], None]

_SPLIT = re.compile(r"[\s,;]+")
_NUMBER = re.compile(r"[0-9]+")
_SETTLEMENT = re.compile(r"(?:s|settlement):([a-z_-]*)(?:=(.*))?")


# --- reading typed cards -------------------------------------------------------------


def find_biome(name: str) -> int:
    """The biome a settlement names: its full name, or the start of one of its words."""
    key = name.strip().lower().replace("-", "_")
    if key in BIOMES:
        return BIOMES.index(key)
    found = [
        b
        for b, full in enumerate(BIOMES)
        if key and any(p.startswith(key) for p in full.split("_"))
    ]
    if len(found) == 1:
        return found[0]
    names = ", ".join(BIOMES)
    if found:
        maybe = " or ".join(biome_label(b) for b in found)
        raise ValueError(f"'{name}' could be {maybe}; write the whole name ({names})")
    raise ValueError(f"there is no biome called '{name}'; the biomes are {names}")


def _settlement_value(biome: int, text: str, token: str) -> int:
    """A typed settlement value, checked against its biome's range."""
    first, last = BIOME_RANGES[biome]
    if not _NUMBER.fullmatch(text.strip()):
        raise ValueError(f"'{token}': after '=' write a value from {first:02d} to {last:02d}")
    value = int(text)
    if not first <= value <= last:
        raise ValueError(
            f"'{token}': a {biome_label(biome)} settlement can only count as "
            f"{first:02d} to {last:02d}, not {value}"
        )
    return value


def parse_token(token: str) -> Entry:
    """One typed card: ``"42"``, ``"s:taiga"``, ``"settlement:taiga=53"`` (ValueError if not)."""
    low = token.strip().lower()
    if _NUMBER.fullmatch(low):
        return check_value(int(low)), None
    match = _SETTLEMENT.fullmatch(low)
    if match is None:
        raise ValueError(
            f"'{token}' is not a card: type values from 1 to 64, and settlements "
            "as s:taiga or s:taiga=53"
        )
    biome = find_biome(match.group(1))
    if match.group(2) is None:
        return settlement_code(biome), None
    return settlement_code(biome), _settlement_value(biome, match.group(2), token)


def parse_cards(text: str) -> list[Entry]:
    """Every card in a line of typed text, separated by spaces, commas or semicolons."""
    return [parse_token(t) for t in _SPLIT.split(text.strip()) if t]


def parse_card_like(card: object) -> Entry:
    """A card given by code: an int (1-64, or a settlement code 65-72) or typed text."""
    if isinstance(card, str):
        return parse_token(card)
    if isinstance(card, int) and not isinstance(card, bool) and SETTLEMENT_BASE < card <= LAST:
        return card, None
    return check_value(card), None


def token_of(code: int, value: int | None = None) -> str:
    """How the pad writes a card in a text box: ``42``, ``s:taiga`` or ``s:taiga=53``."""
    if code <= SETTLEMENT_BASE:
        return str(code)
    name = f"s:{BIOMES[BIOME_OF_CODE[code]]}"
    return name if value is None else f"{name}={value}"


def card_name(code: int) -> str:
    """A card in a sentence: ``card 42`` or ``the taiga settlement``."""
    if code <= SETTLEMENT_BASE:
        return f"card {code:02d}"
    return f"the {biome_label(BIOME_OF_CODE[code])} settlement"


def short_tags(names: Sequence[str]) -> list[str]:
    """The shortest distinct initials (1-3 letters) marking whose world a card is in."""
    for length in (1, 2, 3):
        tags = [n[:length].strip().capitalize() or "?" for n in names]
        if len(set(tags)) == len(tags):
            return tags
    return [f"P{i + 1}" for i in range(len(names))]


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# --- the worlds scene ----------------------------------------------------------------


@dataclass(frozen=True)
class WorldBand:
    """What one player's strip of the worlds scene shows."""

    name: str
    cards: tuple[int, ...]
    values: Mapping[int, int] = field(default_factory=dict)
    """Each settlement's value (typed or chosen by the engine)."""
    highlight: frozenset[int] = frozenset()
    summary: str = ""
    """Right-hand side of the name line, e.g. "Natural balance +9 · 18 so far"."""
    notes: tuple[str, ...] = ()


def biome_headings(x: float, y: float, id: str, step: float, width: float) -> list[Shape]:
    """A symbol and a name over each biome's column (names of two words on two lines)."""
    shapes: list[Shape] = []
    for b, biome in enumerate(BIOMES):
        cx = x + b * step + width / 2
        shapes.extend(icon(biome, cx - 11, y, 22, f"{id}{b}-icon"))
        for k, word in enumerate(biome_label(b).split(" ")):
            shapes.append(
                Text(
                    id=f"{id}{b}-name{k}",
                    x=cx,
                    y=y + 31 + k * 13,
                    text=word,
                    size=11,
                    anchor="middle",
                    fill=INK,
                )
            )
    return shapes


def _band_cards(band: WorldBand, row: int, top: float) -> tuple[list[Shape], float]:
    """The band's cards, one column per biome under its heading; returns shapes, height."""
    shapes: list[Shape] = []
    tallest = 0.0
    for b in range(N_BIOMES):
        cards = [c for c in band.cards if BIOME_OF_CODE[c] == b]
        if cards:
            column, _, height = world_columns(
                cards,
                MARGIN + b * COL_W,
                top,
                id=f"w{row}",
                values=band.values,
                highlight=band.highlight,
            )
            shapes.extend(uncovered(column, f"w{row}"))
            tallest = max(tallest, height)
    if not band.cards:
        shapes.append(
            Text(id=f"w{row}-empty", x=MARGIN, y=top + 10, text="no cards yet", size=12, fill=MUTED)
        )
        tallest = 20
    return shapes, tallest


def uncovered(column: Sequence[Shape], prefix: str) -> list[Shape]:
    """A world column without the parts of cards hidden under the next card.

    Cards in a column overlap so that only their value band shows; what lies wholly
    under the next card (symbol, icons, label) need not be drawn. Shape ids are
    ``{prefix}-{code}-...``, as ``world_columns`` makes them.
    """
    tops = {s.id: s.bbox()[1] for s in column if s.id.endswith("-face")}
    hidden_below: dict[str, float] = {}
    for face_id, top in tops.items():
        if any(abs(other - top - WORLD_STEP) < 1 for other in tops.values()):
            hidden_below[face_id[: -len("face")]] = top + WORLD_STEP + 6
    kept = []
    for shape in column:
        card = shape.id[: shape.id.index("-", len(prefix) + 1) + 1]
        limit = hidden_below.get(card)
        if limit is None or shape.id.endswith("-face") or shape.bbox()[1] < limit:
            kept.append(shape)
    return kept


def _band(band: WorldBand, row: int, y: float) -> tuple[list[Shape], float]:
    """One player's strip: name and score line, cards, settlement notes; returns shapes, height."""
    shapes: list[Shape] = [
        Rect(id=f"w{row}-rule", x=MARGIN, y=y, width=GRID_W, height=1, fill=RULE),
        Text(id=f"w{row}-name", x=MARGIN, y=y + 18, text=band.name, size=16, bold=True, fill=INK),
        Text(
            id=f"w{row}-summary",
            x=MARGIN + GRID_W,
            y=y + 18,
            text=band.summary,
            size=13,
            anchor="end",
            fill=INK,
        ),
    ]
    top = y + 38
    cards, tallest = _band_cards(band, row, top)
    shapes.extend(cards)
    bottom = top + tallest + 6
    for k, note in enumerate(band.notes):
        shapes.append(
            Text(id=f"w{row}-note{k}", x=MARGIN, y=bottom + 9, text=note, size=12, fill=INK)
        )
        bottom += 18
    return shapes, bottom + 10 - y


def worlds_scene(bands: Sequence[WorldBand], title: str = "The worlds") -> Scene:
    """Every world under one row of biome headings, so the columns line up between players."""
    shapes = biome_headings(MARGIN, MARGIN - 4, "wh", COL_W, CARD_W)
    y = float(MARGIN + HEADING_H)
    for row, band in enumerate(bands):
        band_shapes, height = _band(band, row, y)
        shapes.extend(band_shapes)
        y += height
    scene = Scene(width=2 * MARGIN + GRID_W, height=int(y + MARGIN), background=PAPER, title=title)
    scene.add(*shapes)
    return scene


# --- the card picker scene -----------------------------------------------------------


@dataclass(frozen=True)
class Owner:
    """Whose world a card is in, as the picker marks it."""

    tag: str
    active: bool
    """True if it is the player cards are being added to (a click takes it back)."""


def _owner_badge(x: float, y: float, owner: Owner, id: str) -> list[Shape]:
    """The owner's initials in a dark (or, for the active player, vermillion) tag."""
    width = 10 + 8 * len(owner.tag)
    fill = HIGHLIGHT if owner.active else INK
    return [
        Rect(
            id=f"{id}-owner",
            x=x + TILE_W - width - 4,
            y=y + 6,
            width=width,
            height=TILE_H - 12,
            radius=4,
            fill=fill,
        ),
        Text(
            id=f"{id}-tag",
            x=x + TILE_W - 4 - width / 2,
            y=y + TILE_H / 2,
            text=owner.tag,
            size=11,
            bold=True,
            anchor="middle",
            fill=text_on(fill),
        ),
    ]


def picker_tile(code: int, x: float, y: float, owner: Owner | None = None) -> list[Shape]:
    """A compact card: biome colour strip, value (S for a settlement), symbol or owner.

    A card in another world is dimmed; a card in the active player's world is outlined.
    """
    biome = BIOMES[BIOME_OF_CODE[code]]
    colour = BIOME_COLOURS[biome]
    id = f"pick{code}"
    faded = 0.35 if owner is not None and not owner.active else 1.0
    mine = owner is not None and owner.active
    shapes: list[Shape] = [
        Rect(
            id=f"{id}-face",
            target=f"pick:{code}",
            x=x,
            y=y,
            width=TILE_W,
            height=TILE_H,
            radius=5,
            fill=tint(colour, 0.8),
            stroke=HIGHLIGHT if mine else INK,
            stroke_width=3 if mine else 1,
            opacity=faded,
        ),
        Rect(
            id=f"{id}-strip",
            x=x + 1,
            y=y + 1,
            width=9,
            height=TILE_H - 2,
            fill=colour,
            opacity=faded,
        ),
        Text(
            id=f"{id}-value",
            x=x + 15,
            y=y + TILE_H / 2,
            text=f"{code:02d}" if code <= SETTLEMENT_BASE else "S",
            size=15,
            bold=True,
            fill=INK,
            opacity=0.5 if faded < 1 else 1.0,
        ),
    ]
    if owner is None:
        shapes.extend(icon(biome, x + TILE_W - 24, y + 7, 18, f"{id}-biome"))
    else:
        shapes.extend(_owner_badge(x, y, owner, id))
    return shapes


def picker_scene(
    owners: Mapping[int, Owner],
    active: str,
    *,
    settlements: bool = False,
) -> Scene:
    """All 64 cards, a column per biome with values going down; settlements below if used."""
    shapes: list[Shape] = [
        Text(
            id="pick-title",
            x=MARGIN,
            y=MARGIN,
            text=f"Click a card to add it to {active}'s world; click it again to take it out.",
            size=13,
            bold=True,
            fill=INK,
        )
    ]
    shapes.extend(biome_headings(MARGIN, MARGIN + 14, "ph", TILE_W + TILE_GAP, TILE_W))
    top = MARGIN + 20 + HEADING_H
    for b, (first, last) in enumerate(BIOME_RANGES):
        x = MARGIN + b * (TILE_W + TILE_GAP)
        for k, code in enumerate(range(first, last + 1)):
            y = top + k * (TILE_H + TILE_GAP)
            shapes.extend(picker_tile(code, x, y, owners.get(code)))
    y = top + 8 * (TILE_H + TILE_GAP) + 4
    if settlements:
        shapes.append(
            Text(
                id="pick-settlements",
                x=MARGIN,
                y=y + 8,
                text="Human settlements (each counts as a value of its biome)",
                size=12,
                bold=True,
                fill=INK,
            )
        )
        for b in range(N_BIOMES):
            code = settlement_code(b)
            x = MARGIN + b * (TILE_W + TILE_GAP)
            shapes.extend(picker_tile(code, x, y + 20, owners.get(code)))
        y += 20 + TILE_H + TILE_GAP + 4
    shapes.append(
        Text(
            id="pick-legend",
            x=MARGIN,
            y=y + 8,
            text=f"Letters: whose world a card is in (outlined: {active}'s; dimmed: another's).",
            size=12,
            fill=MUTED,
        )
    )
    scene = Scene(
        width=PICKER_W,
        height=int(y + 8 + MARGIN),
        background=PAPER,
        title=f"Card picker, adding to {active}",
    )
    scene.add(*shapes)
    return scene


# --- the score table -----------------------------------------------------------------


def tie_break_note(sheet: ScoreSheet) -> str | None:
    """How the nature icons separated players tied for first place (None if no tie)."""
    ranking = sheet.ranking()
    top = ranking[0].total
    tied = [p.player for p in ranking if p.total == top]
    if len(tied) < 2:
        return None
    steps = []
    left = tied
    for i, name in enumerate(ICONS):
        counts = {p: sheet.tie_break.get(p, (0,) * len(ICONS))[i] for p in left}
        steps.append(f"{name}: " + ", ".join(f"{p} {n}" for p, n in counts.items()))
        most = max(counts.values())
        left = [p for p in left if counts[p] == most]
        if len(left) == 1:
            return (
                f"{' and '.join(tied)} tie on {top} points, so the nature icons decide "
                f"({'; '.join(steps)}): {left[0]} wins."
            )
    return (
        f"{' and '.join(tied)} tie on {top} points and on every nature icon: "
        "they share first place."
    )


def _cell(sheet: ScoreSheet, player: str, category: str) -> str:
    rows = sheet.rows_for(player, category)
    reasons = "<br>".join(escape(r.reason) for r in rows) or "nothing"
    return (
        "<td style='padding:4px 8px;vertical-align:top;min-width:110px;max-width:220px'>"
        "<b style='font-size:15px'>"
        f"{sheet.points(player, category)}</b><div style='font-size:12px;color:{MUTED}'>"
        f"{reasons}</div></td>"
    )


def score_table_html(
    sheet: ScoreSheet | None,
    revealed: Sequence[str],
    complete: bool,
    notes: Sequence[str] = (),
    problem: str = "",
) -> str:
    """The points so far, one row per revealed category, each cell with its reasons."""
    style = (
        f"font-family:{FONT};color:{INK};background:{PAPER};padding:8px;font-size:13px;"
        "line-height:1.35"
    )
    if sheet is None:
        return f"<div style='{style}'>Cannot score yet: {escape(problem)}</div>"
    head = "".join(
        f"<th style='padding:4px 8px;text-align:left'>{escape(p)}</th>" for p in sheet.players
    )
    body = []
    for k, category in enumerate(revealed):
        latest = k == len(revealed) - 1
        shade = f" style='background:{tint(HIGHLIGHT, 0.85)}'" if latest else ""
        cells = "".join(_cell(sheet, p, category) for p in sheet.players)
        body.append(
            f"<tr{shade}><th style='padding:4px 8px;text-align:left;vertical-align:top'>"
            f"{escape(sheet.title(category))}</th>{cells}</tr>"
        )
    so_far = {p: sum(sheet.points(p, c) for c in revealed) for p in sheet.players}
    label = "Total" if complete else "So far"
    totals = "".join(
        f"<td style='padding:4px 8px'><b style='font-size:16px'>{so_far[p]}</b></td>"
        for p in sheet.players
    )
    body.append(
        f"<tr style='border-top:2px solid {INK}'>"
        f"<th style='padding:4px 8px;text-align:left'>{label}</th>{totals}</tr>"
    )
    lines = [*notes]
    if not revealed:
        lines.insert(0, "Press Next category to reveal the score one category at a time.")
    if complete:
        lines.extend(_ranking_lines(sheet))
    extra = "".join(f"<p style='margin:6px 0;max-width:560px'>{escape(x)}</p>" for x in lines)
    return (
        f"<div style='{style}'><table style='border-collapse:collapse'><thead><tr><th></th>"
        f"{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{extra}</div>"
    )


def _ranking_lines(sheet: ScoreSheet) -> list[str]:
    ranking = sheet.ranking()
    order = " · ".join(f"{ordinal(p.place)} {p.player} ({p.total})" for p in ranking)
    winners = sheet.winners()
    if len(winners) == 1:
        verdict = f"{winners[0]} wins with {ranking[0].total} points."
    else:
        verdict = f"{' and '.join(winners)} share first place with {ranking[0].total} points."
    return [f"Ranking: {order}.", tie_break_note(sheet) or verdict]


# --- the pad -------------------------------------------------------------------------


def _sentence(text: str) -> str:
    """Text as a sentence: capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _categories(modules: Iterable[str]) -> tuple[str, ...]:
    """The categories scored with these modules, in the sheet's order."""
    chosen = set(modules)
    return tuple(c for c in CATEGORIES if c not in MODULES or c in chosen)


def _check_names(names: Sequence[str]) -> None:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"the pad has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
    for k, name in enumerate(names):
        problem = _name_problem(name, [n for i, n in enumerate(names) if i != k])
        if problem:
            raise ValueError(problem)


def _name_problem(name: object, others: Iterable[str]) -> str | None:
    """Why a player name cannot be used (None if it can)."""
    if not isinstance(name, str) or not name.strip():
        return "a player needs a name"
    if name.strip().lower() in {o.strip().lower() for o in others}:
        return f"two players cannot both be called {name.strip()}"
    return None


class ScoringPad:
    """Type or click each world's cards, then watch the score build up category by category.

    ``ScoringPad(players=("Roberto", "Alicia", "Noa"), modules=())`` shows itself in a
    notebook. Every method that takes input reports problems in ``status`` (and returns
    False) instead of raising, so the pad never shows a traceback.
    """

    def __init__(
        self, players: Sequence[str] = ("Roberto", "Alicia", "Noa"), modules: Iterable[str] = ()
    ) -> None:
        names = [str(p) for p in players] if not isinstance(players, str) else [players]
        _check_names(names)
        self._names = [n.strip() for n in names]
        self._worlds: list[list[int]] = [[] for _ in names]
        self._fixed: dict[int, int] = {}
        self._refused: list[str | None] = [None for _ in names]
        self._modules = set(check_modules(modules))
        self._active = 0
        self._shown = 0
        self._syncing = False
        self._sheet: ScoreSheet | None = None
        self._values: dict[int, int] = {}
        self._problem = ""
        self._build_widgets()
        self._refresh("Type each world's cards, or click them on the cards below.")

    @classmethod
    def from_worlds(
        cls, worlds: Mapping[str, Sequence[int | str]], modules: Iterable[str] = ()
    ) -> ScoringPad:
        """A pad opened with these worlds already entered (a ValueError names a bad card)."""
        pad = cls(players=list(worlds), modules=modules)
        for row, cards in enumerate(worlds.values()):
            entries = [parse_card_like(c) for c in cards]
            problem = pad._world_problem(row, entries)
            if problem:
                raise ValueError(problem)
            pad._store(row, entries)
            pad._write_text(row)
        pad._refresh(f"{len(pad._names)} worlds entered.")
        return pad

    # --- widgets --------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.status = StatusLine(css_class="nm-pad-status")
        self._module_boxes = {m: self._module_box(m) for m in MODULES}
        self._rows_box = w.VBox()
        self._name_boxes: list[w.Text] = []
        self._card_boxes: list[w.Text] = []
        self._counts: list[w.HTML] = []
        self._rebuild_rows()
        self._add_button = self._button("+ Player", "nm-pad-add", lambda: self.add_player())
        self._remove_button = self._button(
            "− Last player", "nm-pad-remove", lambda: self.remove_player()
        )
        self._adding = w.ToggleButtons(
            options=tuple(self._names),
            description="Adding cards to:",
            style={"description_width": "initial"},
        )
        self._adding.add_class("nm-pad-adding")
        self._adding.observe(self._observer(lambda name: self.choose(str(name))), names="value")
        self.picker = SceneCanvas(
            self.picker_scene(),
            on_click=self._on_pick,
            on_error=self._on_error,
            css_class="nm-pad-canvas",
        )
        self.worlds_canvas = SceneCanvas(worlds_scene([]), css_class="nm-pad-worlds")
        self._next_button = self._button("Next category", "nm-pad-step", lambda: self.step())
        self._all_button = self._button("Show all", "nm-pad-all", lambda: self.show_all())
        self._restart_button = self._button("Hide scores", "nm-pad-restart", self.restart)
        self.table = w.HTML()
        self.table.add_class("nm-pad-table")
        self.widget = self._layout()

    def _layout(self) -> w.VBox:
        intro = w.HTML(
            f"<div style='font-family:{FONT};color:{INK};font-size:15px'><b>Nuevos Mundos "
            "scoring pad</b> · type each world's cards (e.g. <code>2 9 10 11 42</code>, "
            "settlements as <code>s:taiga</code> or <code>s:taiga=53</code>) or click them on "
            "the cards, then reveal the score one category at a time.</div>"
        )
        modules = w.HBox(
            [w.HTML(f"<span style='font-size:14px;color:{INK}'>Modules:</span>")]
            + list(self._module_boxes.values())
        )
        score_row = w.HBox(
            [self.worlds_canvas.canvas, self.table],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="12px"),
        )
        box = w.VBox(
            [
                intro,
                modules,
                self._rows_box,
                w.HBox([self._add_button, self._remove_button]),
                self._adding,
                self.picker.canvas,
                self.status.widget,
                w.HBox([self._next_button, self._all_button, self._restart_button]),
                score_row,
            ],
            layout=w.Layout(grid_gap="6px"),
        )
        box.add_class("nm-pad")
        return box

    def _module_box(self, module: str) -> w.Checkbox:
        box = w.Checkbox(
            value=module in self._modules,
            description=MODULE_LABELS[module],
            tooltip=MODULE_HINTS[module],
            indent=False,
            layout=w.Layout(width="auto", margin="0 12px 0 0"),
        )
        box.add_class(f"nm-pad-module-{module}")
        box.observe(self._observer(lambda on: self.set_module(module, bool(on))), names="value")
        return box

    def _button(self, label: str, css: str, action: Callable[[], object]) -> w.Button:
        button = w.Button(description=label, layout=w.Layout(width="auto"))
        button.add_class(css)
        button.on_click(lambda _: self._guarded(action))
        return button

    def _rebuild_rows(self) -> None:
        """One line per player: a name box, a cards box and the number of cards."""
        self._name_boxes, self._card_boxes, self._counts = [], [], []
        lines = []
        for row, name in enumerate(self._names):
            name_box = w.Text(value=name, continuous_update=False, layout=w.Layout(width="140px"))
            cards_box = w.Text(
                value=" ".join(token_of(c, self._fixed.get(c)) for c in self._worlds[row]),
                placeholder="cards, e.g. 2 9 10 11 42 s:taiga",
                continuous_update=False,
                layout=w.Layout(width="440px"),
            )
            name_box.add_class("nm-pad-name")
            cards_box.add_class("nm-pad-cards")
            name_box.observe(self._observer(self._renamer(row)), names="value")
            cards_box.observe(self._observer(self._typist(row)), names="value")
            count = w.HTML()
            self._name_boxes.append(name_box)
            self._card_boxes.append(cards_box)
            self._counts.append(count)
            lines.append(w.HBox([name_box, cards_box, count]))
        self._rows_box.children = lines

    # --- widget callbacks (never raise) ---------------------------------------------

    def _guarded(self, action: Callable[[], object]) -> None:
        """Run a widget callback; an unexpected error becomes a status line, not a traceback."""
        try:
            action()
        except Exception as err:  # a callback must never put a traceback in the kernel log
            self.status.set(problem=f"That could not be done: {err}")

    def _observer(self, action: Callable[[object], object]) -> Observer:
        """A widget observer that ignores the pad's own updates of the widget."""

        def changed(change: dict[str, object]) -> None:
            if not self._syncing:
                self._guarded(lambda: action(change["new"]))

        return changed

    def _renamer(self, row: int) -> Callable[[object], object]:
        return lambda name: self.rename(row, str(name))

    def _typist(self, row: int) -> Callable[[object], object]:
        return lambda text: self._enter(row, str(text))

    def _on_pick(self, target: str | None, x: float, y: float) -> None:
        if target is None or not target.startswith("pick:"):
            self.status.set(event="That click was not on a card.")
            return
        self.toggle(self._active, int(target.split(":", 1)[1]))

    def _on_error(self, message: str) -> None:
        self.status.set(problem=message)

    # --- players --------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in row order."""
        return tuple(self._names)

    @property
    def active(self) -> str:
        """The player that picker clicks add cards to."""
        return self._names[self._active]

    def _row(self, player: str | int) -> int | None:
        """The row of a player given by name or index, or None (with a status message)."""
        if isinstance(player, int) and not isinstance(player, bool):
            if 0 <= player < len(self._names):
                return player
        elif isinstance(player, str):
            for row, name in enumerate(self._names):
                if name.lower() == player.strip().lower():
                    return row
        self.status.set(
            problem=f"There is no player {player!r}; the players are {', '.join(self._names)}."
        )
        return None

    def choose(self, player: str | int) -> bool:
        """Make ``player`` the one that picker clicks add cards to."""
        row = self._row(player)
        if row is None:
            return False
        self._active = row
        self._refresh(f"Clicked cards now go to {self._names[row]}'s world.")
        return True

    def rename(self, player: str | int, name: str) -> bool:
        """Give a player a new name (refused if empty or already taken)."""
        row = self._row(player)
        if row is None:
            return False
        others = [n for k, n in enumerate(self._names) if k != row]
        problem = _name_problem(name, others)
        if problem:
            self._sync(lambda: setattr(self._name_boxes[row], "value", self._names[row]))
            self.status.set(problem=_sentence(f"{problem}; the name was not changed"))
            return False
        old, self._names[row] = self._names[row], name.strip()
        self._sync(lambda: setattr(self._name_boxes[row], "value", self._names[row]))
        self._refresh(f"{old} is now called {self._names[row]}.")
        return True

    def add_player(self, name: str | None = None) -> bool:
        """Add a row for one more player (at most six)."""
        if len(self._names) >= MAX_PLAYERS:
            self.status.set(problem=f"The pad has room for {MAX_PLAYERS} players at most.")
            return False
        if name is None:
            name = next(
                f"Player {k}"
                for k in range(1, 99)
                if _name_problem(f"Player {k}", self._names) is None
            )
        problem = _name_problem(name, self._names)
        if problem:
            self.status.set(problem=_sentence(problem))
            return False
        self._names.append(name.strip())
        self._worlds.append([])
        self._refused.append(None)
        self._rebuild_rows()
        self._refresh(f"{name.strip()} joins the game.")
        return True

    def remove_player(self) -> bool:
        """Remove the last row; its cards become free again."""
        if len(self._names) <= MIN_PLAYERS:
            self.status.set(problem="The pad needs at least one player.")
            return False
        name = self._names.pop()
        for code in self._worlds.pop():
            self._fixed.pop(code, None)
        self._refused.pop()
        self._active = min(self._active, len(self._names) - 1)
        self._rebuild_rows()
        self._refresh(f"{name} left the pad; their cards are free again.")
        return True

    # --- modules --------------------------------------------------------------------

    @property
    def modules(self) -> tuple[str, ...]:
        """The modules ticked, in the rulebook's order."""
        return tuple(m for m in MODULES if m in self._modules)

    def set_module(self, module: str, on: bool = True) -> bool:
        """Tick or untick one module."""
        if module not in MODULES:
            self.status.set(
                problem=f"There is no module {module!r}; they are {', '.join(MODULES)}."
            )
            return False
        (self._modules.add if on else self._modules.discard)(module)
        self._sync(lambda: setattr(self._module_boxes[module], "value", on))
        self._shown = min(self._shown, len(_categories(self._modules)))
        self._refresh(f"{MODULE_LABELS[module]} {'on' if on else 'off'}.")
        return True

    def set_modules(self, modules: Iterable[str]) -> bool:
        """Tick exactly these modules."""
        chosen = set([modules] if isinstance(modules, str) else modules)
        unknown = chosen - set(MODULES)
        if unknown:
            self.status.set(problem=f"There is no module {sorted(unknown)[0]!r}.")
            return False
        for m in MODULES:
            self.set_module(m, m in chosen)
        return True

    # --- cards ----------------------------------------------------------------------

    def _owners(self) -> dict[int, int]:
        return {code: row for row, world in enumerate(self._worlds) for code in world}

    def _world_problem(self, row: int, entries: Sequence[Entry]) -> str | None:
        """Why these cards cannot be ``row``'s world (None if they can)."""
        owners = self._owners()
        seen: set[int] = set()
        for code, _ in entries:
            owner = owners.get(code, row)
            if code in seen:
                return f"{card_name(code).capitalize()} is entered twice"
            if owner != row:
                return f"{card_name(code).capitalize()} is already in {self._names[owner]}'s world"
            if code > SETTLEMENT_BASE and "human_settlements" not in self._modules:
                return (
                    f"{token_of(code)} is a human settlement: tick the Human settlements "
                    "module to use settlements"
                )
            seen.add(code)
        for code, value in entries:
            if value is not None and value in seen:
                return (
                    f"{card_name(code).capitalize()} cannot count as {value:02d}: "
                    f"card {value:02d} is already in {self._names[row]}'s world"
                )
        return None

    def _store(self, row: int, entries: Sequence[Entry]) -> None:
        for code in self._worlds[row]:
            self._fixed.pop(code, None)
        self._worlds[row] = [code for code, _ in entries]
        self._fixed.update({code: value for code, value in entries if value is not None})
        self._refused[row] = None

    def _entries(self, row: int) -> list[Entry]:
        return [(c, self._fixed.get(c)) for c in self._worlds[row]]

    def _enter(self, row: int, text: str) -> bool:
        """Read a cards box; on a problem keep the previous world and say why."""
        name = self._names[row]
        try:
            entries = parse_cards(text)
        except ValueError as err:
            return self._refuse(row, str(err))
        problem = self._world_problem(row, entries)
        if problem:
            return self._refuse(row, problem)
        self._store(row, entries)
        self._refresh(f"{name}'s world has {len(entries)} card{'s' if len(entries) != 1 else ''}.")
        return True

    def _refuse(self, row: int, problem: str) -> bool:
        self._refused[row] = problem
        name = self._names[row]
        self._refresh(problem=f"{_sentence(problem)} {name}'s cards were not changed.")
        return False

    def set_cards(self, player: str | int, text: str) -> bool:
        """Type a player's whole world, e.g. ``"2 9 10 11 42 s:taiga=53"``."""
        row = self._row(player)
        if row is None:
            return False
        self._sync(lambda: setattr(self._card_boxes[row], "value", text))
        return self._enter(row, text)

    def toggle(self, player: str | int, card: int | str) -> bool:
        """Add a card to a player's world, or take it out if it is already there."""
        row = self._row(player)
        if row is None:
            return False
        try:
            code, value = parse_card_like(card)
        except ValueError as err:
            self.status.set(problem=_sentence(str(err)))
            return False
        name = self._names[row]
        if code in self._worlds[row]:
            self._worlds[row].remove(code)
            self._fixed.pop(code, None)
            event = f"{card_name(code).capitalize()} taken out of {name}'s world."
        else:
            problem = self._toggle_problem(row, code, value)
            if problem:
                self.status.set(problem=problem)
                return False
            self._worlds[row].append(code)
            if value is not None:
                self._fixed[code] = value
            event = f"{card_name(code).capitalize()} added to {name}'s world."
        self._refused[row] = None
        self._write_text(row)
        self._refresh(event)
        return True

    def _toggle_problem(self, row: int, code: int, value: int | None) -> str | None:
        owner = self._owners().get(code)
        if owner is not None and owner != row:
            other = self._names[owner]
            return (
                f"{card_name(code).capitalize()} is already in {other}'s world; "
                f"choose {other} under 'Adding cards to' to take it out. Nothing changed."
            )
        problem = self._world_problem(row, [*self._entries(row), (code, value)])
        return f"{problem}. Nothing changed." if problem else None

    def _write_text(self, row: int) -> None:
        text = " ".join(token_of(c, self._fixed.get(c)) for c in self._worlds[row])
        self._sync(lambda: setattr(self._card_boxes[row], "value", text))

    def worlds(self) -> dict[str, list[int | str]]:
        """Each player's cards as ``score()`` takes them (settlements as ``settlement:taiga``)."""
        result: dict[str, list[int | str]] = {}
        for name, world in zip(self._names, self._worlds):
            cards: list[int | str] = []
            for code in world:
                token = token_of(code, self._fixed.get(code))
                cards.append(code if code <= SETTLEMENT_BASE else "settlement" + token[1:])
            result[name] = cards
        return result

    def settlement_values(self) -> dict[str, dict[str, int]]:
        """The value each settlement counts as: typed, or chosen by the engine when scoring."""
        return {
            name: {
                BIOMES[BIOME_OF_CODE[c]]: self._values[c]
                for c in world
                if c > SETTLEMENT_BASE and c in self._values
            }
            for name, world in zip(self._names, self._worlds)
        }

    # --- scoring --------------------------------------------------------------------

    def _score(self) -> None:
        """Score the worlds entered, or keep the reason why they cannot be scored."""
        self._sheet, self._values, self._problem = None, {}, ""
        for row, refused in enumerate(self._refused):
            if refused:
                self._problem = f"{self._names[row]}'s typed cards were not accepted ({refused})"
                return
        if "human_settlements" not in self._modules:
            for row, world in enumerate(self._worlds):
                for code in world:
                    if code > SETTLEMENT_BASE:
                        self._problem = (
                            f"{self._names[row]}'s world holds {card_name(code)}: tick Human "
                            "settlements to score it, or take it out"
                        )
                        return
        try:
            self._sheet = score(self.worlds(), self.modules)
            self._values = best_settlement_values(self._worlds, self._fixed, self.modules)
        except ValueError as err:
            self._sheet, self._problem = None, str(err)

    def sheet(self) -> ScoreSheet | None:
        """The score sheet of the worlds entered, or None (the status says why)."""
        if self._sheet is None:
            self.status.set(problem=f"Cannot score yet: {self._problem}.")
        return self._sheet

    @property
    def revealed(self) -> tuple[str, ...]:
        """The categories shown so far, in order."""
        return _categories(self._modules)[: self._shown]

    @property
    def complete(self) -> bool:
        """True once every category is shown (the table then gives totals and ranking)."""
        return self._shown == len(_categories(self._modules))

    def step(self) -> str | None:
        """Reveal the next category; returns it (None if nothing is left or scoring fails)."""
        if self._sheet is None:
            self.sheet()
            return None
        categories = _categories(self._modules)
        if self._shown >= len(categories):
            self.status.set(event="Every category is shown already.")
            return None
        self._shown += 1
        category = categories[self._shown - 1]
        self._refresh(self._step_event(category))
        return category

    def show_all(self) -> tuple[str, ...]:
        """Reveal every category at once; returns the categories revealed."""
        if self._sheet is None:
            self.sheet()
            return self.revealed
        self._shown = len(_categories(self._modules))
        self._refresh(self._step_event(self.revealed[-1]))
        return self.revealed

    def restart(self) -> None:
        """Hide the score again (the cards stay)."""
        self._shown = 0
        self._refresh("Scores hidden; press Next category to reveal them again.")

    def _step_event(self, category: str) -> str:
        sheet = self._sheet
        assert sheet is not None
        gains = ", ".join(f"{p} {sheet.points(p, category):+d}" for p in sheet.players)
        event = f"{sheet.title(category)}: {gains}."
        if self.complete:
            event += " " + _ranking_lines(sheet)[1]
        return event

    # --- scenes and display ---------------------------------------------------------

    def _highlights(self, row: int) -> frozenset[int]:
        if self._sheet is None or not self._shown:
            return frozenset()
        category = self.revealed[-1]
        rows = self._sheet.rows_for(self._names[row], category)
        return frozenset(c for r in rows for c in r.cards)

    def _summary(self, row: int) -> str:
        sheet, name = self._sheet, self._names[row]
        count = len(self._worlds[row])
        cards = f"{count} card{'s' if count != 1 else ''}"
        if sheet is None or not self._shown:
            return cards
        category = self.revealed[-1]
        so_far = sum(sheet.points(name, c) for c in self.revealed)
        step = f"{sheet.title(category)} {sheet.points(name, category):+d}"
        if not self.complete:
            return f"{step} · {so_far} so far"
        place = next(p.place for p in sheet.ranking() if p.player == name)
        return f"{step} · total {so_far} · {ordinal(place)}"

    def _notes(self, row: int) -> tuple[str, ...]:
        notes = []
        name = self._names[row]
        for code in self._worlds[row]:
            if code <= SETTLEMENT_BASE:
                continue
            what = f"The {biome_label(BIOME_OF_CODE[code])} settlement"
            if code in self._fixed:
                notes.append(f"{what} counts as {self._fixed[code]:02d} (typed).")
            elif code in self._values:
                notes.append(
                    f"{what} counts as {self._values[code]:02d} (the best value for {name})."
                )
            else:
                notes.append(f"{what} gets its value when the worlds can be scored.")
        return tuple(notes)

    def scene(self) -> Scene:
        """The worlds, with the cards that earned the latest revealed category highlighted."""
        bands = [
            WorldBand(
                name=name,
                cards=tuple(self._worlds[row]),
                values={**self._values, **self._fixed},
                highlight=self._highlights(row),
                summary=self._summary(row),
                notes=self._notes(row),
            )
            for row, name in enumerate(self._names)
        ]
        shown = ", ".join(self._sheet.title(c) for c in self.revealed) if self._sheet else ""
        title = "Nuevos Mundos worlds" + (f", scored for {shown}" if shown else "")
        return worlds_scene(bands, title)

    def picker_scene(self) -> Scene:
        """The card picker: every card, marked with whose world it is in."""
        tags = short_tags(self._names)
        owners = {
            code: Owner(tags[row], row == self._active) for code, row in self._owners().items()
        }
        settlements = "human_settlements" in self._modules or any(
            c > SETTLEMENT_BASE for c in owners
        )
        return picker_scene(owners, self.active, settlements=settlements)

    def click_picker(self, x: float, y: float) -> None:
        """A click on the picker at scene coordinates (what the mouse does in a browser)."""
        self.picker.click(x, y)

    def to_svg(self) -> str:
        """The worlds scene as standalone SVG text."""
        return to_svg(self.scene())

    def snapshot(self) -> Picture:
        """A static picture of the worlds (for exported notebooks and handouts)."""
        return Picture(self.scene())

    def table_html(self) -> str:
        """The score table as HTML (what the table widget shows)."""
        notes = [n for row in range(len(self._names)) for n in self._notes(row)]
        return score_table_html(self._sheet, self.revealed, self.complete, notes, self._problem)

    def _sync(self, action: Callable[[], object]) -> None:
        """Change a widget without its observer treating the change as new input."""
        self._syncing = True
        try:
            action()
        finally:
            self._syncing = False

    def _refresh(self, event: str | None = None, problem: str | None = None) -> None:
        """Rescore, redraw both canvases, update the table, buttons and status line."""
        self._score()
        self._sync(self._sync_controls)
        self.picker.show(self.picker_scene())
        self.worlds_canvas.show(self.scene())
        self.table.value = self.table_html()
        for row, count in enumerate(self._counts):
            n = len(self._worlds[row])
            count.value = (
                f"<span style='font-size:13px;color:{MUTED}'>{n} card{'s' if n != 1 else ''}</span>"
            )
        self.status.set(turn=f"Adding cards to {self.active}.")
        if problem is None and self._problem:
            problem = f"Cannot score yet: {self._problem}."
        if event is not None or problem is not None:
            self.status.set(event=event or "", problem=problem)

    def _sync_controls(self) -> None:
        if tuple(self._adding.options) != tuple(self._names):
            self._adding.options = tuple(self._names)
        if self._adding.value != self.active:
            self._adding.value = self.active
        categories = _categories(self._modules)
        left = self._shown < len(categories)
        self._next_button.disabled = not left
        self._next_button.description = (
            f"Next category: {TITLES[categories[self._shown]]}" if left else "Next category"
        )
        self._all_button.disabled = not left
        self._restart_button.disabled = self._shown == 0
        self._add_button.disabled = len(self._names) >= MAX_PLAYERS
        self._remove_button.disabled = len(self._names) <= MIN_PLAYERS

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, object] | None:
        bundle: dict[str, object] | None = self.widget._repr_mimebundle_(**kwargs)
        return bundle
