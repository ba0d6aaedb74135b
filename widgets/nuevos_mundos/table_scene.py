"""The Nuevos Mundos table as a picture: ``table_scene(view, look)``.

Pure: a scene built from one player's view and a ``TableLook`` (whose hand, the choice,
the scoring step), so it cannot show a hidden card. No ipywidgets.

Layout (scene pixels, at most ``WIDTH`` wide so that it fits a notebook column): what a
decision needs is on top, the universe board on the left and the hand on the right, with
one line under them that says what the marks mean; every world follows, one panel per
player. A panel has one height for the whole game (tall enough for a column of six cards;
a longer column draws its cards closer together), so the picture keeps one size from the
first move to the last and nothing on the page moves under the pointer.

A still picture (``look.still``: a snapshot, an exported notebook) says only what a
picture can say: no "click" and no "press".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gamecore import ScoreSheet
from gamecore.nuevos_mundos import NuevosMundosView
from gamecore.nuevos_mundos.data import BIOME_OF_CODE, SETTLEMENT_BASE, card_label
from gamecore.nuevos_mundos.game import LAST_CARDS, OVER, PLAY
from gamecore.nuevos_mundos.previews import Take, action_previews
from gamecore.words import t

from ..card_face import empty_place, fit_lines, fit_size
from ..palette import INK, MUTED, PAPER
from ..scene import Path as PathShape
from ..scene import Rect, Scene, Shape, Text, wrap
from ..words import about, bot_kind_words
from .cards import CARD_H, CARD_W, WORLD_STEP, card_back, card_face, hand_row
from .table_words import handover_message, modules_words, ordinal, tie_break_note

WIDTH = 900
"""The scene's width: a notebook column at 1366x768 with the file browser open is about
920 px, so the table is shown at its own size there and scaled a little at 1280 px."""
MARGIN = 16
SLOT = 80
"""Distance between two board spaces."""
BOARD_Y = 58
HAND_X = 592
PANEL_X = 8
RIGHT_X = 604
"""Left edge of a world panel's right column (hand backs, points)."""
LEGEND_Y = 212
PANELS_Y = 232
PANEL_HEAD = 34
COLUMN_H = CARD_H + 5 * WORLD_STEP
"""Room for a world column: six cards at the usual overlap (a column of seven or more,
rare in play, draws its cards closer together to fit)."""
PANEL_H = PANEL_HEAD + COLUMN_H + 14
PANEL_GAP = 10
FOOTER_H = 30
SMALLEST_TEXT = 12
"""No text of the table is smaller (scene pixels), so it stays readable when scaled."""


@dataclass(frozen=True)
class TableLook:
    """What the scene shows besides the view: whose hand, the choice, the scoring step.

    ``hand_player`` is the human whose hand is face up (None: no hand shown); the view
    passed with it must be that player's. ``score_step`` 0 reveals nothing, k reveals the
    first k categories, one more shows the totals.
    """

    hand_player: int | None = None
    selected: int | None = None
    seats: tuple[str, ...] = ()
    seed: int = 0
    score_step: int = 0
    sheet: ScoreSheet | None = None
    settlement_values: dict[int, int] = field(default_factory=dict)
    waiting: str = ""
    """Who the table waits for, when a bot is to play ("" otherwise)."""
    hidden: bool = False
    """Hot-seat handover: ``hand_player``'s hand is drawn face down, with the message to
    pass the screen. The view passed with it should carry no hand (the widget empties it),
    so the scene cannot show the cards even by mistake."""
    still: bool = False
    """A still picture: nothing in it asks to be clicked or pressed."""


def public_view(view: NuevosMundosView) -> NuevosMundosView:
    """``view`` without its hand: what anybody looking at the screen may know."""
    return replace(view, hand=())


def scene_height(players: int) -> int:
    """The table's height for a number of players: the same for the whole game."""
    return PANELS_Y + players * (PANEL_H + PANEL_GAP) + FOOTER_H


def category_cards(sheet: ScoreSheet, category: str, player: str) -> set[int]:
    """The cards of one player that earned points in one category."""
    return {c for row in sheet.rows_for(player, category) for c in row.cards}


def _text(x: float, y: float, text: str, *, id: str = "", size: float = 13, **kw: Any) -> Text:
    return Text(id=id, x=x, y=y, text=text, size=size, fill=kw.pop("fill", INK), **kw)


def _tag(x: float, y: float, label: str, id: str) -> list[Shape]:
    """A boxed word under a board space (the digits' cue: text, not only colour)."""
    return [
        Rect(
            id=f"{id}-box",
            x=x,
            y=y,
            width=CARD_W + 8,
            height=20,
            radius=10,
            fill="#ffffff",
            stroke=INK,
            stroke_width=1.5,
        ),
        _text(
            x + CARD_W / 2 + 4, y + 10, label, id=f"{id}-text", size=12, bold=True, anchor="middle"
        ),
    ]


def _slot_x(space: int) -> float:
    return MARGIN + space * SLOT


# ---------------------------------------------------------------------------- the board


def _space_caption(space: int) -> str:
    if space == 0:
        return t("nuevos_mundos_table.space_discard", space=space)
    if space == 1:
        return t("nuevos_mundos_table.space_creation", space=space)
    return t("nuevos_mundos_table.space_number", space=space)


def _board_shapes(view: NuevosMundosView, previews: dict[str, Take] | None) -> list[Shape]:
    """Spaces 0-6 with their numbers; the biome preview marked, the digits' spaces tagged."""
    marked = set(previews["biome"].codes) if previews else set()
    digits = set(previews["digits"].spaces) if previews else set()
    heading = t("nuevos_mundos_table.universe_board")
    shapes: list[Shape] = [_text(MARGIN, 20, heading, id="board-heading", size=15, bold=True)]
    for space in range(7):
        x = _slot_x(space)
        shapes.append(
            _text(x, 44, _space_caption(space), id=f"space{space}-label", size=12, bold=True)
        )
        shapes.extend(_space_card(view, space, x, marked))
        if space in digits:
            shapes.extend(
                _tag(
                    x - 4,
                    174,
                    t("nuevos_mundos_table.digit_tag", space=space),
                    f"space{space}-digit",
                )
            )
    return shapes


def _empty(x: float, id: str) -> list[Shape]:
    return empty_place(
        x, BOARD_Y, CARD_W, CARD_H, id=id, radius=6, caption=t("nuevos_mundos_table.empty"), size=12
    )


def _space_card(view: NuevosMundosView, space: int, x: float, marked: set[int]) -> list[Shape]:
    target = f"space:{space}"
    under = BOARD_Y + CARD_H + 14
    if space == 1:
        if not view.creation_size:
            return _empty(x, "space1")
        return [
            *card_back(x, BOARD_Y, id="space1", target=target, caption=str(view.creation_size)),
            _text(
                x + CARD_W / 2,
                under,
                t("nuevos_mundos_table.face_down"),
                id="space1-under",
                size=12,
                fill=MUTED,
                anchor="middle",
            ),
        ]
    code = view.discard_top if space == 0 else view.board[space - 2]
    if not code:
        return _empty(x, f"space{space}")
    shapes = card_face(
        code, x, BOARD_Y, id=f"space{space}", target=target, highlight=code in marked
    )
    if space == 0:
        shapes.append(
            _text(
                x + CARD_W / 2,
                under,
                t("nuevos_mundos_table.pile_cards", n=len(view.discard)),
                id="space0-under",
                size=12,
                fill=MUTED,
                anchor="middle",
            )
        )
    return shapes


# ---------------------------------------------------------------------------- the hand


def _hand_heading(view: NuevosMundosView, look: TableLook) -> str:
    if look.hidden:
        key = "heading_hidden"
    elif look.waiting:
        key = "heading_waiting"
    elif view.phase == LAST_CARDS:
        key = "heading_still_last" if look.still else "heading_last"
    else:
        key = "heading_still" if look.still else "heading_play"
    return about(f"nuevos_mundos_table.{key}", view.players[view.player])


def _hidden_hand(view: NuevosMundosView, look: TableLook) -> list[Shape]:
    """The hand of the human to play as card backs, with what to do under them.

    Drawn from the hand's size only: the cards themselves are never read.
    """
    p = view.player
    n = view.hand_sizes[p]
    shapes: list[Shape] = []
    for k in range(n):
        shapes.extend(
            card_back(HAND_X + k * (CARD_W + 8), BOARD_Y, id=f"hidden{p}-{k}", target=f"hidden:{p}")
        )
    name = view.players[p]
    if look.still:
        note = about("nuevos_mundos_table.legend_hidden_still", name)
    else:
        note = about("nuevos_mundos_table.hidden_note", name)
    for k, line in enumerate(wrap(note, WIDTH - HAND_X - MARGIN, 12, shortest=12)):
        shapes.append(_text(HAND_X, 166 + 16 * k, line, id=f"handover-{k}", size=12, bold=True))
    return shapes


def _hand_shapes(view: NuevosMundosView, look: TableLook) -> list[Shape]:
    heading, size = fit_size(_hand_heading(view, look), WIDTH - HAND_X - MARGIN, 15, bold=True)
    shapes: list[Shape] = [_text(HAND_X, 20, heading, id="top-heading", size=size, bold=True)]
    if look.hidden:
        return shapes + _hidden_hand(view, look)
    if not view.hand:
        shapes.append(
            _text(
                HAND_X, 90, t("nuevos_mundos_table.no_cards_in_hand"), id="hand-empty", fill=MUTED
            )
        )
        return shapes
    shapes.extend(
        hand_row(
            view.hand, HAND_X, BOARD_Y, id="hand", target_prefix="hand", selected=look.selected
        )
    )
    return shapes


def _legend(view: NuevosMundosView, look: TableLook, previews: dict[str, Take] | None) -> str:
    """One line under the board: what the marks mean, or what to do next."""
    if view.phase == OVER:
        return ""
    still = look.still
    if look.waiting:
        key = "legend_waiting_still" if still else "legend_waiting"
        return about(f"nuevos_mundos_table.{key}", look.waiting)
    if look.hand_player is None:
        return t("nuevos_mundos_table.legend_all_bots")
    name = view.players[view.player]
    if look.hidden:
        if still:  # the hand's own note says it is face down
            return about("nuevos_mundos_table.legend_choose_still", name)
        return handover_message(name)
    if view.phase == LAST_CARDS:
        return t(
            "nuevos_mundos_table.legend_last_still" if still else "nuevos_mundos_table.legend_last"
        )
    if previews is None or look.selected is None:
        if still:
            return about("nuevos_mundos_table.legend_choose_still", name)
        return t("nuevos_mundos_table.legend_choose")
    return t("nuevos_mundos_table.legend_selected", card=card_label(look.selected))


# ---------------------------------------------------------------------------- scoring


TOP_RIGHT_W = WIDTH - HAND_X - MARGIN
"""Room for words in the top right (the hand, or the scoring at the end)."""


def _score_summary(look: TableLook) -> list[Shape]:
    """The top right at the end: the scoring step, or the final ranking."""
    sheet = look.sheet
    heading = _text(
        HAND_X, 20, t("nuevos_mundos_table.over_heading"), id="top-heading", size=15, bold=True
    )
    shapes: list[Shape] = [heading]
    if sheet is None:
        return shapes
    cats = sheet.categories
    step = look.score_step
    if step == 0:
        key = "over_not_scored" if look.still else "over_press_step"
        return shapes + _note_lines(46, t(f"nuevos_mundos_table.{key}"))
    if step <= len(cats):
        category = cats[step - 1]
        title = t("nuevos_mundos_table.step_heading", step=step, steps=len(cats))
        shapes[0] = _text(HAND_X, 20, title, id="top-heading", size=15, bold=True)
        words, size = fit_size(sheet.title(category), TOP_RIGHT_W, 14, bold=True)
        shapes.append(_text(HAND_X, 44, words, id="step-title", size=size, bold=True))
        for k, player in enumerate(sheet.players):
            points = f"{sheet.points(player, category):+d}"
            line = t("nuevos_mundos_table.step_player", player=player, points=points)
            shapes.append(_text(HAND_X, 68 + 20 * k, line, size=14))
        marks = t("nuevos_mundos_table.step_marks")
        return shapes + _note_lines(76 + 20 * len(sheet.players), marks)
    final = t("nuevos_mundos_table.final_heading")
    shapes[0] = _text(HAND_X, 20, final, id="top-heading", size=15, bold=True)
    for k, placing in enumerate(sheet.ranking()):
        line = t(
            "nuevos_mundos_table.final_place",
            place=ordinal(placing.place),
            player=placing.player,
            total=placing.total,
        )
        line, size = fit_size(line, TOP_RIGHT_W, 14, bold=placing.place == 1)
        shapes.append(_text(HAND_X, 48 + 20 * k, line, size=size, bold=placing.place == 1))
    return shapes + _note_lines(56 + 20 * len(sheet.players), tie_break_note(sheet))


def _note_lines(y: float, note: str) -> list[Shape]:
    """A muted note in the top right, broken into lines that fit it (Spanish runs longer)."""
    return [
        _text(HAND_X, y + 15 * k, line, size=12, fill=MUTED)
        for k, line in enumerate(fit_lines(note, TOP_RIGHT_W, 12))
    ]


# ---------------------------------------------------------------------------- the worlds


def _seat_words(look: TableLook, name: str, p: int) -> str:
    """The seat's kind, unless the name already says it ("Greedy bot")."""
    kind = look.seats[p] if p < len(look.seats) else "human"
    if kind == "human":
        words = t("nuevos_mundos_table.seat_human")
    else:
        words = t("nuevos_mundos_table.seat_bot", kind=bot_kind_words(kind))
    return "" if words in name.lower() else words


def _panel_header(view: NuevosMundosView, look: TableLook, p: int, y: float) -> list[Shape]:
    name = view.players[p]
    to_play = view.current_player == p
    title = about("nuevos_mundos_table.panel_to_play", name) if to_play else name
    n = len(view.worlds[p])
    seat = _seat_words(look, name, p)
    if seat:
        detail = t("nuevos_mundos_table.panel_detail", seat=seat, n=n)
    else:
        detail = t("nuevos_mundos_table.panel_detail_named", n=n)
    return [
        _text(MARGIN + 4, y + 18, title, id=f"world{p}-name", size=15, bold=True),
        _text(
            MARGIN + 12 + 0.7 * 15 * len(title),
            y + 19,
            detail,
            id=f"world{p}-detail",
            size=12,
            fill=MUTED,
        ),
    ]


def _hand_backs(view: NuevosMundosView, look: TableLook, p: int, y: float) -> list[Shape]:
    """Another player's hand as face-down cards, with its size."""
    n = view.hand_sizes[p]
    if look.hand_player == p and n:
        key = "hand_above_hidden" if look.hidden else "hand_above"
        return [_text(RIGHT_X, y + 18, t(f"nuevos_mundos_table.{key}"), size=12, fill=MUTED)]
    shapes: list[Shape] = [
        _text(RIGHT_X, y + 18, t("nuevos_mundos_table.hand_count", n=n), size=12, fill=MUTED)
    ]
    for k in range(n):
        caption = str(n) if k == n - 1 else ""
        shapes.extend(
            card_back(
                RIGHT_X + 18 * k, y + 30, id=f"backs{p}-{k}", target=f"backs:{p}", caption=caption
            )
        )
    return shapes


def _panel_points(look: TableLook, player: str, y: float) -> list[Shape]:
    """A world's points in the categories revealed so far (and the total at the end)."""
    sheet = look.sheet
    assert sheet is not None
    shown = sheet.categories[: look.score_step]
    right = WIDTH - 28
    heading = t("nuevos_mundos_table.score_heading")
    shapes: list[Shape] = [_text(RIGHT_X, y + 18, heading, size=12, fill=MUTED, bold=True)]
    for k, category in enumerate(shown):
        newest = k == look.score_step - 1
        row_y = y + 40 + 17 * k
        mark = "▸ " if newest else ""
        shapes.append(_text(RIGHT_X, row_y, mark + sheet.title(category), size=13, bold=newest))
        points = f"{sheet.points(player, category):+d}"
        shapes.append(_text(right, row_y, points, size=13, bold=newest, anchor="end"))
    if look.score_step > len(sheet.categories):
        place = {pl.player: pl.place for pl in sheet.ranking()}[player]
        row_y = y + 44 + 17 * len(shown)
        rule = (("M", RIGHT_X, row_y - 10), ("L", right, row_y - 10))
        shapes.append(PathShape(id=f"total-{player}-rule", commands=rule, stroke=INK))
        total = t("nuevos_mundos_table.total_place", place=ordinal(place))
        shapes.append(_text(RIGHT_X, row_y + 2, total, size=14, bold=True))
        shapes.append(
            _text(right, row_y + 2, str(sheet.total(player)), size=14, bold=True, anchor="end")
        )
    return shapes


def world_shapes(
    world: Sequence[int],
    x: float,
    y: float,
    *,
    id: str,
    values: dict[int, int],
    highlight: set[int],
    target_prefix: str,
) -> list[Shape]:
    """A world as the rulebook recommends: a column per biome, values ascending, each
    column inside ``COLUMN_H`` (a long column draws its cards closer together)."""
    by_biome: dict[int, list[int]] = {}
    for code in world:
        by_biome.setdefault(BIOME_OF_CODE[code], []).append(code)
    shapes: list[Shape] = []
    for col, biome in enumerate(sorted(by_biome)):
        cards = sorted(
            by_biome[biome], key=lambda c: values.get(c, c if c <= SETTLEMENT_BASE else 99)
        )
        step = (
            WORLD_STEP
            if len(cards) < 2
            else min(WORLD_STEP, (COLUMN_H - CARD_H) / (len(cards) - 1))
        )
        for row, code in enumerate(cards):
            shapes.extend(
                card_face(
                    code,
                    x + col * (CARD_W + 6),
                    y + row * step,
                    id=f"{id}-{code}",
                    target=f"{target_prefix}:{code}",
                    highlight=code in highlight,
                    value=values.get(code),
                )
            )
    return shapes


def _world_panel(view: NuevosMundosView, look: TableLook, p: int, y: float) -> list[Shape]:
    """One player's world: a column per biome, values ascending, and the right column."""
    player = view.players[p]
    marked: set[int] = set()
    sheet = look.sheet
    if sheet is not None and 0 < look.score_step <= len(sheet.categories):
        marked = category_cards(sheet, sheet.categories[look.score_step - 1], player)
    world = world_shapes(
        view.worlds[p],
        MARGIN + 4,
        y + PANEL_HEAD,
        id=f"world{p}",
        values=look.settlement_values,
        highlight=marked,
        target_prefix=f"world:{p}",
    )
    to_play = view.current_player == p
    box = Rect(
        id=f"world{p}-panel",
        x=PANEL_X,
        y=y,
        width=WIDTH - 2 * PANEL_X,
        height=PANEL_H,
        radius=8,
        fill="#ffffff",
        stroke=INK if to_play else MUTED,
        stroke_width=2.5 if to_play else 1,
    )
    shapes: list[Shape] = [box, *_panel_header(view, look, p, y), *world]
    if not view.worlds[p]:
        empty = t("nuevos_mundos_table.world_empty")
        shapes.append(_text(MARGIN + 4, y + 70, empty, id=f"world{p}-empty", fill=MUTED))
    if sheet is not None and look.score_step:
        shapes.extend(_panel_points(look, player, y))
    elif view.phase != OVER:
        shapes.extend(_hand_backs(view, look, p, y))
    return shapes


def _footer(view: NuevosMundosView, look: TableLook, y: float) -> Text:
    words = t("nuevos_mundos_table.footer", seed=look.seed, modules=modules_words(view.modules))
    return _text(MARGIN, y, words, id="footer", size=12, fill=MUTED)


def table_scene(view: NuevosMundosView, look: TableLook) -> Scene:
    """The whole table as one scene, built only from what ``view.player`` may see."""
    previews = None
    if look.hidden:
        view = public_view(view)  # a face-down hand is drawn from its size alone
    if look.selected is not None and look.selected in view.hand and view.phase == PLAY:
        previews = action_previews(view, look.selected)
    shapes: list[Shape] = _board_shapes(view, previews)
    if view.phase == OVER:
        shapes.extend(_score_summary(look))
    elif look.hand_player is not None:
        shapes.extend(_hand_shapes(view, look))
    legend = _legend(view, look, previews)
    if legend:
        shapes.append(_text(MARGIN, LEGEND_Y, legend, id="legend", size=12))
    y: float = PANELS_Y
    for p in range(len(view.players)):
        shapes.extend(_world_panel(view, look, p, y))
        y += PANEL_H + PANEL_GAP
    height = scene_height(len(view.players))
    shapes.append(_footer(view, look, height - FOOTER_H / 2))
    title = t("nuevos_mundos_table.scene_title", players=", ".join(view.players))
    return Scene(WIDTH, height, background=PAPER, title=title, shapes=shapes)
