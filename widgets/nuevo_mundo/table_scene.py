"""The Nuevo Mundo table as a picture: ``table_scene(view, look)``.

Pure: built from one player's view (``NuevoMundoModel.shown_view``: a view without hand or
tactic while the screen waits for its next holder), so it cannot show a secret. No ipywidgets.

Layout, ``WIDTH`` = 760 scene pixels (a JupyterLab column at 1366x768 with the file browser
open): the map on the left (``map_scene``) and beside it a panel with the players (colour,
seat number, name, credits, card backs by category), the credit table with the turn
player's row and column lit, the colour die's last face (drawn in its colour, with the
colour's name and its meaning written on it) and the battle (each side's force and
criterion, your own secret tactic, the last round). The face-up cards and the
hand of the player who holds the screen, under the map; the panel runs the whole height.
The picture keeps one size for the whole game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamecore.nuevo_mundo import NuevoMundoView
from gamecore.nuevo_mundo.actions import colour_word
from gamecore.nuevo_mundo.criptex import criterion, criterion_name
from gamecore.nuevo_mundo.data import CARDS, CATEGORIES, Card, credits
from gamecore.nuevo_mundo.events import event_text
from gamecore.nuevo_mundo.game import TACTIC_ATTACKER, TACTIC_DEFENDER
from gamecore.words import t

from ..card_face import fit_size
from ..palette import HIGHLIGHT, INK, MUTED, PAPER, text_on, tint
from ..scene import Rect, Scene, Shape, Text, wrap
from ..words import about
from .cards import (
    CATEGORY_COLOURS,
    card_name,
    category_name,
    category_symbol,
    points_words,
)
from .map_scene import NS, Box, MapLook, fit_box, map_shapes, player_colour, seat_mark

WIDTH: Final = 760
MAP_W: Final = 500
MAP_H: Final = 300
PANEL_X: Final = 514
PANEL_W: Final = WIDTH - PANEL_X - 6
STRIP_Y: Final = MAP_H + 16
STRIP_H: Final = 150
HEIGHT: Final = STRIP_Y + STRIP_H
FACE_UP_STEP: Final = 42
"""The face-up cards lie in rows, one above the other: each row shows the whole card in
words (name, points, category) beside its category's colour and symbol, so all three can be
read and compared when one is to be taken (whole cards side by side would not fit beside
the hand)."""
FACE_UP_W: Final = 222
FACE_UP_H: Final = 40
HAND_W: Final = 133
"""The hand, like the face-up cards, in rows: one row per category held, in two columns."""
HAND_X: Final = 236
STRIP_RIGHT: Final = MAP_W + 6
"""The face-up cards and the hand sit under the map; the panel runs the whole height."""
TABLE_SIZE: Final = 5
"""Rows (settlements) and columns (islands) of the credit table drawn."""
DIE_COLOURS: Final = ("#009e73", "#cc3311", "#1b1b1b")
"""The colour die's faces: green, red, black (each drawn with its name on it)."""


@dataclass(frozen=True)
class TableLook:
    """What the picture shows besides the view."""

    selected: int | None = None
    options: tuple[int, ...] = ()
    hidden_for: str = ""
    """The name of the player the screen waits for ("" when it is not waiting)."""
    still: bool = False
    """A still picture: nothing in it is clickable."""


def map_box(view: NuevoMundoView) -> Box:
    return fit_box(view.map, 6, 8, MAP_W, MAP_H)


def _text(x: float, y: float, text: str, id: str, *, size: float = 13, **kw: object) -> Text:
    return Text(id=id, x=x, y=y, text=text, size=size, fill=str(kw.pop("fill", INK)), **kw)  # type: ignore[arg-type]


def _players(view: NuevoMundoView, y: float) -> tuple[list[Shape], float]:
    """One block per player: the seat's badge, the name, credits; their cards' backs."""
    shapes: list[Shape] = []
    for p, name in enumerate(view.players):
        colour = player_colour(p)
        now = p == view.current_player
        alive = view.alive[p]
        if now:
            shapes.append(
                Rect(
                    id=f"player-{p}-now",
                    x=PANEL_X - 2,
                    y=y - 2,
                    width=PANEL_W + 4,
                    height=33,
                    radius=4,
                    fill=tint(HIGHLIGHT, 0.85),
                )
            )
        fill = colour if alive else tint(colour, 0.7)
        shapes += [
            Rect(
                id=f"player-{p}",
                x=PANEL_X,
                y=y,
                width=18,
                height=16,
                radius=4,
                fill=fill,
                stroke=INK,
                stroke_width=1,
            ),
            _text(
                PANEL_X + 9,
                y + 9,
                seat_mark(p),
                f"player-{p}-seat",
                size=12,
                bold=True,
                anchor="middle",
                fill=text_on(fill),
            ),
        ]
        label = name if alive else t("nuevo_mundo_table.out_of_game", name=name)
        shapes.append(_text(PANEL_X + 24, y + 9, _fit(label), f"player-{p}-name", bold=now))
        income = _credits_now(view, p)
        line = t("nuevo_mundo_table.player_line", n=income)
        if p == view.player and view.hand:
            points = sum(CARDS[c].points for c in view.hand)
            line = t("nuevo_mundo_table.player_line_points", n=income, points=points)
        shapes.append(_text(PANEL_X + 24, y + 25, line, f"player-{p}-line", size=12, fill=MUTED))
        shapes += _backs(view.backs[p], PANEL_X + 30 + 7.2 * len(line), y + 17, f"player-{p}")
        y += 35
    return shapes, y


def _fit(words: str, width: float = PANEL_W - 24, size: float = 13) -> str:
    """``words`` cut with an ellipsis where they would run out of the panel."""
    most = int(width / (0.64 * size))
    return words if len(words) <= most else words[: most - 1].rstrip() + "…"


def _backs(backs: tuple[int, ...], left: float, y: float, id: str) -> list[Shape]:
    """A player's cards as small backs (category colour and symbol), right-aligned in the
    panel after ``left``; many cards overlap rather than run over the words."""
    if not backs:
        return []
    room = PANEL_X + PANEL_W - left
    step = min(16.0, max(4.0, (room - 15) / max(1, len(backs) - 1)))
    x = PANEL_X + PANEL_W - 15 - step * (len(backs) - 1)
    shapes: list[Shape] = []
    for k, cat in enumerate(backs):
        category = CATEGORIES[cat]
        shapes.append(
            Rect(
                id=f"{id}-back-{k}",
                x=x + step * k,
                y=y,
                width=15,
                height=15,
                radius=2,
                fill=tint(CATEGORY_COLOURS[category], 0.5),
                stroke=INK,
                stroke_width=0.5,
            )
        )
        shapes += category_symbol(category, x + step * k + 1, y + 1, 13, f"{id}-sym-{k}")
    return shapes


def _settlements(view: NuevoMundoView, player: int) -> tuple[int, int]:
    regions = [r for r in range(len(view.ca)) if view.ca[r][player] >= 2]
    islands = {view.map.regions[r].island for r in regions}
    return len(regions), len(islands)


def _credits_now(view: NuevoMundoView, player: int) -> int:
    s, i = _settlements(view, player)
    return credits(s, i) if s else 0


def _credit_table(view: NuevoMundoView, y: float) -> tuple[list[Shape], float]:
    """The credit table: settlements down, islands across; the turn player's row and
    column tinted, their cell outlined."""
    shapes: list[Shape] = []
    for k, line in enumerate(wrap(t("nuevo_mundo_table.credit_table"), PANEL_W, 12, bold=True)[:2]):
        shapes.append(
            _text(PANEL_X, y + 7 + 14 * k, line, f"credits-title-{k}", size=12, bold=True)
        )
    y += 30
    cw, ch = 28, 15
    left = PANEL_X + 30
    player = view.turn_player
    row, col = _settlements(view, player) if player is not None else (0, 0)
    for i in range(1, TABLE_SIZE + 1):
        x = left + (i - 1) * cw
        shapes.append(
            _text(
                x + cw / 2,
                y + ch / 2,
                str(i),
                f"credits-col-{i}",
                size=12,
                anchor="middle",
                bold=i == col,
            )
        )
    for s in range(1, TABLE_SIZE + 1):
        top = y + s * ch
        shapes.append(
            _text(PANEL_X + 8, top + ch / 2, str(s), f"credits-row-{s}", size=12, bold=s == row)
        )
        for i in range(1, TABLE_SIZE + 1):
            x = left + (i - 1) * cw
            lit = s == row or i == col
            fill = tint(HIGHLIGHT, 0.8) if lit else "#ffffff"
            here = s == row and i == col
            shapes.append(
                Rect(
                    id=f"credits-{s}-{i}",
                    x=x,
                    y=top,
                    width=cw,
                    height=ch,
                    fill=fill if i <= s else tint(MUTED, 0.85),
                    stroke=HIGHLIGHT if here else MUTED,
                    stroke_width=3 if here else 0.5,
                )
            )
            if i <= s:
                shapes.append(
                    _text(
                        x + cw / 2,
                        top + ch / 2,
                        str(credits(s, i)),
                        f"credits-{s}-{i}-value",
                        size=12,
                        anchor="middle",
                        bold=here,
                    )
                )
    return shapes, y + (TABLE_SIZE + 1) * ch + 6


def last_roll(view: NuevoMundoView) -> tuple[int, int, int] | None:
    """(colour, origin, destination) of the colour die thrown last in this turn, if any."""
    for event in reversed(view.events):
        if event[0] in ("turn", "round"):
            return None
        if event[0] == "roll":
            return event[4], event[2], event[3]
    return None


def die_face(colour: int, x: float, y: float, size: float = 52) -> list[Shape]:
    """The colour die's face: a square of its colour with the colour's name written on it."""
    fill = DIE_COLOURS[colour]
    return [
        Rect(
            id="die",
            x=x,
            y=y,
            width=size,
            height=size,
            radius=6,
            fill=fill,
            stroke=INK,
            stroke_width=2,
        ),
        _text(
            x + size / 2,
            y + size / 2,
            colour_word(colour),
            "die-name",
            size=12,
            bold=True,
            anchor="middle",
            fill=text_on(fill),
        ),
    ]


def _die(view: NuevoMundoView, y: float) -> tuple[list[Shape], float]:
    roll = last_roll(view)
    if roll is None or view.battle_region >= 0:  # in a battle the criptex matters, not the die
        return [], y
    colour, origin, destination = roll
    name = view.map.regions
    shapes = die_face(colour, PANEL_X, y)
    words = t(
        f"{NS}.die_meaning_{('green', 'red', 'black')[colour]}",
        origin=name[origin].name,
        destination=name[destination].name,
    )
    for k, line in enumerate(wrap(words, PANEL_W - 60, 12)[:3]):
        shapes.append(_text(PANEL_X + 58, y + 8 + 14 * k, line, f"die-words-{k}", size=12))
    return shapes, y + 58


def _battle(view: NuevoMundoView, y: float) -> tuple[list[Shape], float]:
    """The battle: each side's force and criterion; the viewer's own tactic; the last round."""
    region = view.battle_region
    if region < 0:
        return [], y
    attacker, defender = view.turn_player, view.defender
    if attacker is None or defender < 0:
        return [], y
    a_force = view.cq[region][attacker]
    d_force = view.cq[region][defender] + view.ca[region][defender]
    shapes: list[Shape] = [
        _text(
            PANEL_X,
            y + 7,
            t("nuevo_mundo_table.battle_title", region=view.map.regions[region].name),
            "battle-title",
            bold=True,
        ),
    ]
    y += 18
    for k, (p, own, other) in enumerate(
        ((attacker, a_force, d_force), (defender, d_force, a_force))
    ):
        crit = criterion_name(criterion(own, other)) if own and other else "-"
        line = t("nuevo_mundo_table.battle_side", name=view.players[p], n=own, criterion=crit)
        shapes.append(_text(PANEL_X, y + 7 + 15 * k, line, f"battle-side-{k}", size=12))
    y += 32
    if view.my_tactic:
        line = t("nuevo_mundo_table.my_tactic", tactic=view.my_tactic)
        shapes.append(_text(PANEL_X, y + 7, line, "battle-my-tactic", size=12, bold=True))
        y += 16
    if view.pending in (TACTIC_ATTACKER, TACTIC_DEFENDER) and view.current_player is not None:
        if view.current_player == view.player:  # the chooser holds the screen
            line = t("nuevo_mundo_table.choose_your_tactic")
        else:
            line = about("nuevo_mundo_table.choosing_tactic", view.players[view.current_player])
        lines = wrap(line, PANEL_W, 12)[:2]
        for k, part in enumerate(lines):
            shapes.append(
                _text(PANEL_X, y + 7 + 14 * k, part, f"battle-choosing-{k}", size=12, fill=MUTED)
            )
        y += 2 + 14 * len(lines)
    last = next((e for e in reversed(view.events) if e[0] in ("battle_round", "battle")), None)
    if last is not None and last[0] == "battle_round":
        lines = wrap(event_text(view, last), PANEL_W, 12)[:6]
        for k, line in enumerate(lines):
            shapes.append(_text(PANEL_X, y + 7 + 14 * k, line, f"battle-round-{k}", size=12))
        y += 14 * len(lines)
    return shapes, y + 4


def face_up_row(card: Card, x: float, y: float, *, id: str, target: str | None) -> list[Shape]:
    """A face-up card as one row: the category's colour band with its symbol, then the card's
    name and points and, below them, its category in words."""
    colour = CATEGORY_COLOURS[card.category]
    band = 44
    shapes: list[Shape] = [
        Rect(
            id=id,
            target=target,
            x=x,
            y=y,
            width=FACE_UP_W,
            height=FACE_UP_H,
            radius=6,
            fill=tint(colour, 0.82),
            stroke=INK,
        ),
        Rect(id=f"{id}-band", x=x, y=y, width=band, height=FACE_UP_H, radius=6, fill=colour),
    ]
    shapes += category_symbol(card.category, x + 9, y + 6, 28, f"{id}-symbol")
    room = FACE_UP_W - band - 10
    name, size = fit_size(
        t("nuevo_mundo_table.face_up_name", name=card_name(card), points=points_words(card.points)),
        room,
        14,
        bold=True,
        smallest=12,
    )
    shapes.append(_text(x + band + 6, y + 12, name, f"{id}-name", size=size, bold=True))
    kind, size = fit_size(category_name(card.category), room, 12, smallest=12)
    shapes.append(_text(x + band + 6, y + 29, kind, f"{id}-category", size=size))
    return shapes


def _strip(view: NuevoMundoView, look: TableLook) -> list[Shape]:
    """The face-up cards (clickable when one is to be taken) and the shown hand."""
    y = STRIP_Y
    shapes: list[Shape] = [
        _text(
            6, y + 7, t("nuevo_mundo_table.face_up", n=view.deck_size), "face-up-title", bold=True
        )
    ]
    top = y + 22
    for slot, card in enumerate(view.face_up):
        # the target names the slot: taking "face-up card 2" is the engine's action
        shapes += face_up_row(
            CARDS[card],
            6,
            top + slot * FACE_UP_STEP,
            id=f"face-up-{slot}",
            target=None if look.still else f"faceup:{slot}",
        )
    if look.hidden_for:
        words = about("nuevo_mundo_table.hand_hidden", look.hidden_for)
        for k, line in enumerate(wrap(words, STRIP_RIGHT - HAND_X, 13, bold=True)[:3]):
            shapes.append(_text(HAND_X, y + 7 + 16 * k, line, f"hand-title-{k}", bold=True))
        return shapes
    if not view.hand:  # nothing to draw: before entering, or a spectator's picture
        return shapes
    shapes.append(
        _text(
            HAND_X,
            y + 7,
            about("nuevo_mundo_table.hand_title", view.players[view.player], n=len(view.hand)),
            "hand-title",
            bold=True,
        )
    )
    by_category: dict[str, list[Card]] = {}
    for c in sorted(view.hand, key=lambda c: (CATEGORIES.index(CARDS[c].category), c)):
        by_category.setdefault(CARDS[c].category, []).append(CARDS[c])
    for k, (category, cards) in enumerate(by_category.items()):
        shapes += hand_row(
            category,
            cards,
            HAND_X + (k % 2) * (HAND_W + 4),
            top + (k // 2) * FACE_UP_STEP,
            id=f"hand-{category}",
        )
    return shapes


def hand_row(category: str, cards: list[Card], x: float, y: float, *, id: str) -> list[Shape]:
    """The cards of one category in the viewer's hand: the category's colour band with its
    symbol and how many cards (2 cancel a black throw, 3 a red one), then their names and
    points in words."""
    colour = CATEGORY_COLOURS[category]
    band = 34
    shapes: list[Shape] = [
        Rect(
            id=id,
            x=x,
            y=y,
            width=HAND_W,
            height=FACE_UP_H,
            radius=6,
            fill=tint(colour, 0.82),
            stroke=INK,
        ),
        Rect(id=f"{id}-band", x=x, y=y, width=band, height=FACE_UP_H, radius=6, fill=colour),
        _text(
            x + band / 2,
            y + 31,
            f"×{len(cards)}",
            f"{id}-count",
            size=12,
            bold=True,
            anchor="middle",
            fill=text_on(colour),
        ),
    ]
    shapes += category_symbol(category, x + 8, y + 2, 18, f"{id}-symbol")
    room = HAND_W - band - 8
    names, size = fit_size(", ".join(card_name(c) for c in cards), room, 12, bold=True)
    shapes.append(_text(x + band + 5, y + 12, names, f"{id}-names", size=size, bold=True))
    points = t(
        "nuevo_mundo_table.hand_points",
        points=" + ".join(str(c.points) for c in cards),
        n=sum(c.points for c in cards),
    )
    points, size = fit_size(points, room, 12)
    shapes.append(_text(x + band + 5, y + 29, points, f"{id}-points", size=size))
    return shapes


def table_scene(view: NuevoMundoView, look: TableLook = TableLook()) -> Scene:
    """The whole table from ``view``."""
    scene = Scene(
        WIDTH,
        HEIGHT,
        background=PAPER,
        title=t("nuevo_mundo_table.scene_title", map=view.map.title, round=view.round),
    )
    box = map_box(view)
    scene.extend(map_shapes(view, box, MapLook(look.selected, look.options, not look.still)))
    y = 6.0
    title = (
        t("nuevo_mundo_table.round_title", round=view.round)
        if view.round
        else t("nuevo_mundo_table.setting_up")
    )
    scene.add(_text(PANEL_X, y + 7, title, "panel-title", bold=True, size=14))
    y += 20
    for part in (_players, _credit_table, _die, _battle):
        shapes, y = part(view, y)
        scene.extend(shapes)
    if look.hidden_for:
        scene.extend(_screen_cover(look.hidden_for))
    scene.extend(_strip(view, look))
    return scene


def _screen_cover(name: str) -> list[Shape]:
    """A band across the map while the screen waits for its next holder."""
    words = about("nuevo_mundo_table.pass_screen_band", name)
    return [
        Rect(
            id="handover",
            x=20,
            y=MAP_H / 2 - 22,
            width=MAP_W - 28,
            height=44,
            radius=8,
            fill="#ffffff",
            stroke=HIGHLIGHT,
            stroke_width=3,
            opacity=0.95,
        ),
        _text(
            MAP_W / 2 + 4, MAP_H / 2, words, "handover-words", size=15, bold=True, anchor="middle"
        ),
    ]
