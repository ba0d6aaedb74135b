"""The Ecosfera table as a picture: ``table_scene(view, look)`` (pure; no ipywidgets).

The picture is 900 px wide (it fits a notebook column at 1366x768) and keeps one height for a
whole game (it depends only on the number of players), so nothing moves under the pointer.
From the top, in the order a decision needs them:

1. the supply: the animal row and the plant & fungi row side by side, each with its deck;
2. the line of the player to play: their deck and discard pile, the unused cards, and the
   cards used this turn set apart to the right, greyed, with a "USED" ribbon (not colour
   alone); their ability tiles in the panel's header. A long line fans out (cards overlap,
   each keeps a visible strip to click) rather than growing a second row;
3. the shared table: the element and disaster decks, the info box (what to do, the question
   asked, the score at the end), the biome star and the extinction puzzle;
4. the other players' lines, and a footer with the game's seed and settings.

``TableLook`` carries what the scene shows besides the view (selection, marks, the info
box); ``still=True`` is for a picture that nobody can click (``snapshot()``, exported
notebooks): its words never ask for a click. Every word comes from the catalog.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from gamecore.ecosfera import EcosferaView
from gamecore.ecosfera.data import (
    BIOME_TILES,
    EXTINCTION_TILES,
    CardSet,
    supply_at_start,
)
from gamecore.ecosfera.explain import name_of
from gamecore.words import get_language, t

from ..palette import INK, MUTED, OK, PAPER, WARNING
from ..scene import Rect, Scene, Shape, Text, wrap
from ..words import about, bot_kind_words
from .cards import (
    CARD_H,
    CARD_W,
    ability_tile,
    biome_star,
    card_back,
    card_face,
    corner_mark,
    disaster_deck,
    element_deck,
    empty_slot,
    extinction_puzzle,
    tag,
)

WIDTH = 900
MARGIN = 8
STEP = CARD_W + 2
"""Supply cards side by side (two rows of four and their decks fill the width)."""
HALF = WIDTH // 2
SUPPLY_Y = 28
"""Top of the supply cards (their row titles above)."""
PANEL_H = 44 + CARD_H + 20
"""A player's panel: header (name, tiles), one row of cards, room for the tags."""
PANEL_HEAD = 44
PILE_W, PILE_H = 84, 78
"""The deck and discard pile of a line, stacked at its left."""
LINE_X = MARGIN + PILE_W + 14
LINE_END = WIDTH - MARGIN - 4
USED_GAP = 22
"""Space between the unused cards and the used ones (set apart, as the rulebook asks)."""
LINE_STEP = CARD_W + 4
SHARED_H = 262
"""The shared band: decks, info box, star, extinction tiles."""
DECK_STEP = 84
INFO_W = 6 * DECK_STEP - 6
INFO_H = 142
STAR_X = WIDTH - MARGIN - 140  # room for "Desierto" at the star's right tip
EXTINCTION_X = 6 * DECK_STEP + MARGIN + 50
FOOTER_H = 28
MIN_TEXT = 12
"""The smallest text the table writes itself (legible at 100 % and on a projector)."""


@dataclass(frozen=True)
class TableLook:
    """What the scene shows besides the view: marks, selection, the info box, the score."""

    seats: tuple[str, ...] = ()
    seed: int = 0
    selected: tuple[int, ...] = ()
    moving: int | None = None
    """The card a movement is about to move (tagged "to move")."""
    marks: Mapping[str, str] = field(default_factory=dict)
    """Click target -> the tag's words, for every marked card."""
    info_title: str = ""
    info_lines: tuple[str, ...] = ()
    score_lines: tuple[tuple[str, str, bool], ...] = ()
    """At the end: (what, points, newest?) for every scoring step shown so far."""
    over: str = ""
    """How the game ended once it is over (``Outcome.ending``: "team_won", "team_lost",
    "time_up")."""
    still: bool = False
    """A still picture: nothing in it asks for a click."""


def _text(x: float, y: float, text: str, *, id: str = "", size: float = 13, **kw: Any) -> Text:
    return Text(
        id=id, x=x, y=y, text=text, size=max(size, MIN_TEXT), fill=kw.pop("fill", INK), **kw
    )


def _seat_words(seats: Sequence[str], p: int) -> str:
    kind = seats[p] if p < len(seats) else "human"
    return (
        t("ecosfera_table.seat_human")
        if kind == "human"
        else t("ecosfera_table.seat_bot", kind=bot_kind_words(kind))
    )


def _marked(
    look: TableLook, target: str, x: float, y: float, id: str, *, below: bool
) -> list[Shape]:
    """A marked card's corner tick and its tag (under a supply card, on top of a line card,
    so the tag never hides the card's cost)."""
    words = look.marks.get(target)
    if not words:
        return []
    tag_y = y + CARD_H + 12 if below else y - 1
    return [corner_mark(x - 6, y, id), *tag(x + CARD_W / 2, tag_y, words, f"{id}-hint")]


# ---------------------------------------------------------------------------- 1. the supply


CODE_NAME = re.compile(r"#\d")
"""A card's bookkeeping code ("sun#12"), which a student never reads."""


def _face(code: int, cards: CardSet, x: float, y: float, **options: Any) -> tuple[Shape, ...]:
    """A card face in the language chosen now (see ``_face_in``)."""
    return _face_in(get_language(), code, cards, x, y, **options)


@lru_cache(maxsize=4096)
def _face_in(
    lang: str, code: int, cards: CardSet, x: float, y: float, **options: Any
) -> tuple[Shape, ...]:
    """A card face (``card_face``) without bookkeeping codes: the copy number of an element
    or disaster card is the engine's, printed on no card (see ``card_label``).

    Faces are data, so the same card drawn in the same place, in the same language, is
    built once: a click redraws the table from mostly the same faces.
    """
    shapes = card_face(code, cards, x, y, **options)
    return tuple(s for s in shapes if not (isinstance(s, Text) and CODE_NAME.search(s.text)))


def _supply_row(
    view: EcosferaView, look: TableLook, kind: str, x0: float, deck: int, row: Sequence[int | None]
) -> list[Shape]:
    """A kingdom: its title and deck count above, its four cards in a row."""
    title = t(f"ecosfera_table.{kind}_row_title")
    shapes: list[Shape] = [_text(x0, 18, title, id=f"{kind}-row-title", size=14, bold=True)]
    deck_target = f"{kind}deck"
    shapes.append(
        Rect(
            id=f"{kind}deck-pile",
            target=deck_target,
            x=x0 + 4 * STEP - 124,
            y=3,
            width=122,
            height=21,
            radius=5,
            fill="#51606f" if deck else PAPER,
            stroke=INK,
        )
    )
    shapes.append(
        _text(
            x0 + 4 * STEP - 63,
            14,
            t("ecosfera_table.deck_count", n=deck),
            id=f"{kind}deck-count",
            size=12,
            bold=True,
            anchor="middle",
            fill="#ffffff" if deck else MUTED,
        )
    )
    for k, code in enumerate(row):
        x = x0 + STEP * k
        if not code:
            shapes += empty_slot(x, SUPPLY_Y, id=f"{kind}row{k}")
            continue
        target = f"{kind}:{code}"
        shapes += _face(
            code,
            view.cards,
            x,
            SUPPLY_Y,
            id=f"{kind}-{code}",
            target=target,
            marked=target in look.marks,
        )
        shapes += _marked(look, target, x, SUPPLY_Y, f"{kind}-{code}", below=True)
    return shapes


# ---------------------------------------------------------------------------- 2. a line


def _piles(view: EcosferaView, p: int, body: float) -> list[Shape]:
    """The deck (or the card waiting face up on it) and the discard pile of a line."""
    shapes: list[Shape] = []
    waiting = view.waiting[p]
    deck = len(view.deck_contents[p])
    if waiting:
        code = waiting[-1]
        shapes.append(
            Rect(
                id=f"waiting{p}-{code}",
                target=f"waiting:{p}:{code}",
                x=MARGIN,
                y=body,
                width=PILE_W,
                height=PILE_H,
                radius=7,
                fill="#fff7d6",
                stroke=INK,
                stroke_width=1.5,
            )
        )
        words = wrap(
            t("ecosfera_table.waiting_on_deck", card=_card_name(view, code)), PILE_W - 8, 12
        )
        for k, line in enumerate(words[:4]):
            shapes.append(
                _text(
                    MARGIN + PILE_W / 2,
                    body + 16 + 15 * k,
                    line,
                    id=f"waiting{p}-{k}",
                    size=12,
                    anchor="middle",
                )
            )
        shapes.append(
            _text(
                MARGIN + PILE_W / 2,
                body + PILE_H + 14,
                t("ecosfera_table.deck_below", n=deck),
                id=f"waiting{p}-deck",
                size=12,
                anchor="middle",
                fill=MUTED,
            )
        )
    else:
        shapes += card_back(
            MARGIN,
            body,
            id=f"deck{p}",
            target=f"deck:{p}",
            title=t("ecosfera_table.deck"),
            count=deck,
            width=PILE_W,
            height=PILE_H,
        )
    shapes += card_back(
        MARGIN,
        body + PILE_H + 8 + (12 if waiting else 0),
        id=f"discard{p}",
        target=f"discard:{p}",
        title=t("ecosfera_table.discard"),
        count=len(view.discards[p]),
        width=PILE_W,
        height=PILE_H - (12 if waiting else 0),
    )
    return shapes


def _card_name(view: EcosferaView, code: int) -> str:
    return name_of(view.cards, code)


def _steps(n_unused: int, n_used: int) -> tuple[float, float]:
    """How far apart the line's cards stand: the full step, or less (fanned) when the line
    would not fit; (step of the unused cards, start of the used ones)."""
    n = n_unused + n_used
    room = LINE_END - LINE_X - CARD_W - (USED_GAP if n_used and n_unused else 0)
    step = LINE_STEP if n <= 1 else min(LINE_STEP, room / (n - 1))
    used_x = LINE_X + step * n_unused + (USED_GAP if n_unused else 0)
    return step, used_x


def _in_view(step: float, k: int, n: int, gap_after: float | None) -> float:
    """How much of the ``k``-th of ``n`` fanned cards, from its left edge, the card drawn
    after it leaves in view: the step, the step and the gap before the used cards for the
    last unused one (``gap_after``), the whole card for the last one."""
    if k < n - 1:
        return min(float(CARD_W), step)
    if gap_after is not None:
        return min(float(CARD_W), step + gap_after)
    return float(CARD_W)


def _player_panel(view: EcosferaView, look: TableLook, p: int, top: float) -> list[Shape]:
    name = view.players[p]
    playing = view.outcome == "playing"
    turn = p == view.turn_player and playing
    shapes: list[Shape] = [
        Rect(
            id=f"panel{p}",
            x=2,
            y=top,
            width=WIDTH - 4,
            height=PANEL_H,
            radius=8,
            fill="#ffffff",
            stroke=INK if turn else MUTED,
            stroke_width=2.5 if turn else 1,
        )
    ]
    title = about("ecosfera_table.panel_to_play", name, player=name) if turn else name
    # One line of words in the header: a selected card, lifted, does not hide any of them.
    shapes.append(_text(14, top + 17, title, id=f"panel{p}-name", size=15, bold=True))
    details = t(
        "ecosfera_table.panel_details",
        seat=_seat_words(look.seats, p),
        deck=len(view.deck_contents[p]),
        discard=len(view.discards[p]),
        line=len(view.lines[p]),
    )
    details_x = 14 + 0.64 * 15 * len(title) + 12
    shapes.append(_text(details_x, top + 17, details, id=f"panel{p}-details", size=12, fill=MUTED))
    tiles_x = WIDTH - 12 - 3 * 124 - 2 * 6
    for k, up in enumerate(view.tiles[p]):
        shapes += ability_tile(
            k, up, tiles_x + 130 * k, top + 6, id=f"tile{p}-{k}", target=f"tile:{p}:{k}"
        )
    body = top + PANEL_HEAD
    shapes += _piles(view, p, body)
    line = view.lines[p]
    used = [c for c in line if c in view.used] if turn else []
    unused = [c for c in line if c not in used]
    if not line:
        shapes.append(_text(LINE_X, body + CARD_H / 2, t("ecosfera_table.empty_line"), fill=MUTED))
    step, used_x = _steps(len(unused), len(used))
    selected = set(look.selected) if turn else set()
    for k, code in enumerate(unused):
        x = LINE_X + step * k
        target = f"line:{p}:{code}"
        cid = f"line{p}-{code}"
        if step < CARD_W:  # fanned: the visible strip is found first by a click at its middle
            shapes.append(
                Rect(
                    id=f"{cid}-strip",
                    target=target,
                    x=x,
                    y=body,
                    width=step,
                    height=CARD_H,
                    opacity=0,
                )
            )
        shapes += _face(
            code,
            view.cards,
            x,
            body,
            id=cid,
            target=target,
            selected=code in selected,
            marked=target in look.marks or code == look.moving,
            symbol_targets=turn,
            symbols_spent=turn and code in view.symbols_used,
            visible=_in_view(step, k, len(unused), USED_GAP if used else None),
        )
        lift = 10 if code in selected else 0
        shapes += _marked(look, target, x, body - lift, cid, below=False)
        if code == look.moving:
            shapes += tag(
                x + CARD_W / 2, body - 1, t("ecosfera_table.tag_to_move"), f"{cid}-moving"
            )
    if turn and used:
        shapes.append(
            _text(
                used_x,
                body + CARD_H + 14,
                t("ecosfera_table.used_label"),
                id=f"panel{p}-used-label",
                size=12,
                fill=MUTED,
            )
        )
    for k, code in enumerate(used):
        x = used_x + step * k
        shapes += _face(
            code,
            view.cards,
            x,
            body,
            id=f"line{p}-{code}",
            target=f"line:{p}:{code}",
            used=True,
            symbol_targets=True,
            symbols_spent=code in view.symbols_used,
            visible=_in_view(step, k, len(used), None),
        )
    return shapes


# ---------------------------------------------------------------------------- 3. shared


OUTCOME_BANNERS = {
    "team_won": ("banner_won", OK),
    "team_lost": ("banner_lost", WARNING),
    "time_up": ("banner_time_up", MUTED),
}
"""The game's ending (``Outcome.ending``) -> its banner's words and colour."""


def _decks(view: EcosferaView, top: float) -> list[Shape]:
    shapes: list[Shape] = []
    for e, deck in enumerate(view.element_decks):
        shapes += element_deck(
            e, len(deck), MARGIN + DECK_STEP * e, top, id=f"elements{e}", width=DECK_STEP - 4
        )
    shapes += disaster_deck(
        len(view.disaster_deck), MARGIN + DECK_STEP * 5, top, id="disasters", width=DECK_STEP - 4
    )
    return shapes


def _tiles_area(view: EcosferaView, top: float) -> list[Shape]:
    placed = len(view.biome_tiles)
    left = EXTINCTION_TILES - view.extinction_tiles
    cy = top + 138
    return [
        _text(
            STAR_X,
            top + 16,
            t("ecosfera_table.biome_tiles_title", n=placed, total=BIOME_TILES),
            id="star-title",
            size=14,
            bold=True,
            anchor="middle",
        ),
        *biome_star(view.biome_tiles, STAR_X, cy),
        _text(
            EXTINCTION_X,
            top + 16,
            t("ecosfera_table.extinction_title"),
            size=14,
            bold=True,
            anchor="middle",
        ),
        *extinction_puzzle(view.extinction_tiles, EXTINCTION_X, top + 74),
        _text(
            EXTINCTION_X,
            top + 132,
            t("ecosfera_table.extinction_count", n=view.extinction_tiles, total=EXTINCTION_TILES),
            id="extinction-count",
            size=13,
            bold=True,
            anchor="middle",
        ),
        _text(
            EXTINCTION_X,
            top + 150,
            t("ecosfera_table.to_go", n=left),
            id="extinction-to-go",
            size=12,
            anchor="middle",
            fill=WARNING if left <= 2 else MUTED,
            bold=left <= 2,
        ),
    ]


def _info_box(look: TableLook, top: float) -> list[Shape]:
    x, width = MARGIN, INFO_W
    shapes: list[Shape] = [
        Rect(
            id="info-box",
            x=x,
            y=top,
            width=width,
            height=INFO_H,
            radius=8,
            fill="#ffffff",
            stroke=MUTED,
        )
    ]
    y = top + 18
    if look.over:
        key, colour = OUTCOME_BANNERS.get(look.over, ("banner_over", MUTED))
        shapes.append(
            Rect(id="banner", x=x + 4, y=top + 4, width=width - 8, height=26, radius=6, fill=colour)
        )
        shapes.append(
            _text(
                x + width / 2,
                top + 18,
                t(f"ecosfera_table.{key}"),
                id="banner-text",
                size=14,
                bold=True,
                anchor="middle",
                fill="#ffffff",
            )
        )
        y = top + 46
    if look.info_title:
        shapes.append(_text(x + 10, y, look.info_title, id="info-title", size=14, bold=True))
        y += 18
    bottom = top + INFO_H - 8
    half = (width - 20) / 2
    for k, (what, points, newest) in enumerate(look.score_lines):  # two columns
        col, row = divmod(k, 4)
        yy = y + 16 * row
        if yy > bottom:
            break
        left = x + 12 + col * (half + 8)
        shapes.append(
            _text(left, yy, ("▸ " if newest else "") + what, id=f"score-{k}", size=12, bold=newest)
        )
        shapes.append(
            _text(
                left + half - 8,
                yy,
                points,
                id=f"score-{k}-points",
                size=12,
                bold=newest,
                anchor="end",
            )
        )
    if look.score_lines:
        y += 16 * min(4, len(look.score_lines))
    lines: list[str] = []
    for line in look.info_lines:
        if line.startswith("• "):
            lines += [
                ("• " if k == 0 else "   ") + part
                for k, part in enumerate(wrap(line[2:], width - 34, 12))
            ]
        else:
            lines += wrap(line, width - 24, 12)
    room = max(0, int((bottom - y) // 16) + 1)
    if len(lines) > room:
        lines = [*lines[: max(0, room - 1)], t("ecosfera_table.info_more")]
    for k, line in enumerate(lines):
        shapes.append(_text(x + 10, y + 16 * k, line, id=f"info-{k}", size=12))
    return shapes


def _shared(view: EcosferaView, look: TableLook, top: float) -> list[Shape]:
    solo = len(view.players) == 1
    who = t("ecosfera_table.solo") if solo else t("ecosfera_table.team", n=len(view.players))
    round_no = view.turns // len(view.players) + 1
    title = t(
        "ecosfera_table.title",
        level=view.options["level"],
        who=who,
        turn=view.turns + 1,
        round=round_no,
    )
    return [
        _text(MARGIN, top + 16, title, id="title", size=14, bold=True),
        *_decks(view, top + 26),
        *_info_box(look, top + 26 + 86 + 8),
        *_tiles_area(view, top),
    ]


def panel_order(view: EcosferaView) -> list[int]:
    """The player to play first (their line sits under the supply), the others after."""
    first = view.turn_player
    return [first] + [p for p in range(len(view.players)) if p != first]


def scene_height(players: int) -> int:
    """The table's height: the same for a whole game (it depends on the players alone)."""
    return int(SUPPLY_Y + CARD_H + 26 + players * (PANEL_H + 8) + SHARED_H + FOOTER_H)


def table_scene(view: EcosferaView, look: TableLook) -> Scene:
    """The whole table as one scene (everything in it is public in Ecosfera)."""
    shapes: list[Shape] = []
    shapes += _supply_row(view, look, "animal", MARGIN, len(view.animal_deck), view.animal_row)
    shapes += _supply_row(view, look, "plant", HALF + 4, len(view.plant_deck), view.plant_row)
    order = panel_order(view)
    y: float = SUPPLY_Y + CARD_H + 26
    shapes += _player_panel(view, look, order[0], y)
    y += PANEL_H + 8
    shapes += _shared(view, look, y)
    y += SHARED_H
    for p in order[1:]:
        shapes += _player_panel(view, look, p, y)
        y += PANEL_H + 8
    footer = t(
        "ecosfera_table.footer",
        seed=look.seed,
        level=view.options["level"],
        supply=supply_at_start(view.options["level"], len(view.players)),
        rounds=view.options["round_limit"],
    )
    if view.options.get("extinction_rebel"):
        footer = t("ecosfera_table.footer_rebel", footer=footer)
    shapes.append(_text(MARGIN, y + 12, footer, id="footer", size=12, fill=MUTED))
    title = t(
        "ecosfera_table.scene_title", players=", ".join(view.players), level=view.options["level"]
    )
    return Scene(
        WIDTH, scene_height(len(view.players)), background=PAPER, title=title, shapes=shapes
    )
