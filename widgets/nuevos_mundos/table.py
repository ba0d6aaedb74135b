"""Play a whole game of Nuevos Mundos in a notebook: ``NuevosMundosTable()``.

The table is one canvas (the universe board, the hand of the human to play and every
world) with ipywidgets around it: the three action buttons, a status line, the move
history, undo / new game / save / load, module toggles and a step-by-step score sheet.

The module has three layers, each usable on its own:

- pure previews and descriptions over a player's view (``preview_biome``,
  ``preview_digits``, ``action_previews``, ``describe_move``, ``history_of``): they never
  change a game, and tests check them against the engine;
- ``table_scene(view, look)``: the whole picture as a scene, built from one player's view,
  so it cannot show a hidden card;
- ``NuevosMundosTable``: the widget, which keeps the game, asks the bots and redraws.

With two or more human seats the screen is shared (hot-seat): when the decision passes to
a different human, their hand is drawn face down until they press “Show my hand”
(``NuevosMundosTable.reveal``), so nobody sees another player's cards by accident.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from html import escape
from typing import Any

import ipywidgets as w

from gamecore import ScoreSheet
from gamecore.nuevos_mundos import MODULES, NuevosMundos, NuevosMundosView
from gamecore.nuevos_mundos.data import (
    BIOME_OF_CODE,
    BOARD_SPACES,
    ICONS,
    SETTLEMENT_BASE,
    biome_label,
    card_label,
)
from gamecore.nuevos_mundos.game import (
    LAST_CARDS,
    OVER,
    PLAY,
    LastCard,
    Lay,
    NoLastCard,
    TakeBiome,
    TakeDigits,
)
from gamecore.nuevos_mundos.scoring import best_settlement_values
from gamecore.protocol import Action

from ..canvas import SceneCanvas
from ..palette import INK, MUTED, PAPER
from ..scene import Path as PathShape
from ..scene import Rect, Scene, Shape, Text, wrap
from ..status import StatusLine
from ..table_base import (
    GAME_OVER_REFUSAL,
    GameTable,
    bot_moves_words,
    check_seats,
    default_seats,
    fresh_seed,
    join_words,
    labelled_html,
    loaded_event,
    make_button,
    possessive,
    set_traits,
    show,
)
from .cards import CARD_H, CARD_W, card_back, card_face, empty_space, hand_row, world_columns

SEAT_KINDS = ("human", "random", "greedy", "search")
KINDS = ("biome", "digits", "lay", "last", "none")
"""What ``play_selected`` accepts: the three turn actions, and the two end-of-game choices."""
MODULE_LABELS = {m: m.replace("_", " ").capitalize() for m in MODULES}
SPACE_CAPTIONS = {0: "discard", 1: "creation"}
REVEAL_LABEL = "Show my hand"


def handover_message(name: str) -> str:
    """What the table says while a hot-seat player's hand waits, face down, for them."""
    return f"Pass the screen to {name} — {name}, press “{REVEAL_LABEL}”."


# ---------------------------------------------------------------------------- previews


@dataclass(frozen=True)
class Take:
    """What one action would do with the selected card, worked out from a view.

    ``cards`` are the face-up cards it would take, as (space, card) in reading order;
    ``from_creation`` counts the face-down cards it would draw from the creation pile
    (their values are unknown until taken). ``text`` is the button's label.
    """

    kind: str
    card: int | None
    text: str
    cards: tuple[tuple[int, int], ...] = ()
    from_creation: int = 0
    spaces: tuple[int, ...] = ()
    """The board spaces the action reads (the digits' spaces, for the scene's tags)."""

    @property
    def codes(self) -> tuple[int, ...]:
        return tuple(code for _, code in self.cards)


def visible_cards(view: NuevosMundosView) -> list[tuple[int, int]]:
    """The face-up cards a biome can take: spaces 2-6, then the top of the discard pile."""
    cards = [(space, code) for space, code in zip(BOARD_SPACES, view.board) if code]
    if view.discard:
        cards.append((0, view.discard[-1]))
    return cards


def _on_space(space: int, code: int) -> str:
    """A taken card named for a button: board cards by value, others with their pile."""
    if space == 0:
        return f"the {card_label(code)} on the discard pile"
    return card_label(code)


def preview_biome(view: NuevosMundosView, card: int) -> Take:
    """Playing ``card`` for its biome takes every face-up card of that biome.

    Face up means the five cards on spaces 2-6 and the top of the discard pile; the
    creation pile never counts. Nothing visible is allowed: the card is then just spent.
    """
    biome = BIOME_OF_CODE[card]
    taken = tuple((s, c) for s, c in visible_cards(view) if BIOME_OF_CODE[c] == biome)
    if taken:
        text = "Take biome: " + join_words([_on_space(s, c) for s, c in taken])
    else:
        text = f"Take biome: no {biome_label(biome)} card is visible, so nothing"
    return Take("biome", card, text, taken, 0, tuple(s for s, _ in taken))


def _digit_take(
    view: NuevosMundosView, digit: int, digits: Sequence[int]
) -> tuple[tuple[int, int] | None, int, str]:
    """One digit's result: (the face-up card taken or None, face-down cards, words)."""
    if digit > 6:
        return None, 0, f"no space {digit}"
    if digit == 0:
        if not view.discard:
            return None, 0, "the discard pile is empty"
        top = view.discard[-1]
        return (0, top), 0, _on_space(0, top)
    if digit == 1:
        # An empty creation pile is rebuilt from the discard pile minus its top card.
        left = len(view.discard) - (1 if 0 in digits and view.discard else 0)
        if view.creation_size or left > 1:
            return None, 1, "the top card of the creation pile"
        return None, 0, "the creation pile is empty"
    code = view.board[digit - 2]
    if not code:
        return None, 0, f"space {digit} is empty"
    return (digit, code), 0, card_label(code)


def preview_digits(view: NuevosMundosView, card: int) -> Take:
    """Playing a biome card for its digits takes the card on each space they name.

    The value is read with two digits (07 is 0 and 7). Digit 0 takes the top of the
    discard pile, digit 1 the unknown top card of the creation pile, 2-6 the card on that
    space; 7, 8 and 9 name no space, and a repeated digit takes its space once.
    A settlement has no value, so it has no digits.
    """
    if card > SETTLEMENT_BASE:
        return Take("digits", card, "Take digits: a settlement has no digits")
    tens, units = divmod(card, 10)
    digits = (tens,) if tens == units else (tens, units)
    taken: list[tuple[int, int]] = []
    words: list[str] = []
    notes: list[str] = []
    drawn = 0
    for digit in digits:
        got, unknown, said = _digit_take(view, digit, digits)
        if got is not None or unknown:
            words.append(said)
        else:
            notes.append(said)
        if got is not None:
            taken.append(got)
        drawn += unknown
    if tens == units:
        notes.append("a repeated digit takes its space once")
    text = f"Take digits {tens} and {units}: {join_words(words) or 'nothing'}"
    if notes:
        text += f" ({'; '.join(notes)})"
    spaces = tuple(d for d in digits if d <= 6)
    return Take("digits", card, text, tuple(taken), drawn, spaces)


_IDLE_LABELS = {
    "biome": "Take biome",
    "digits": "Take digits",
    "lay": "Lay in your world",
    "last": "Lay as last card",
    "none": "Lay no last card",
}


def action_previews(view: NuevosMundosView, card: int | None) -> dict[str, Take]:
    """What each button would do with ``card`` (None: no card selected), keyed by kind."""
    if card is None:
        return {kind: Take(kind, None, label) for kind, label in _IDLE_LABELS.items()}
    label = card_label(card)
    return {
        "biome": preview_biome(view, card),
        "digits": preview_digits(view, card),
        "lay": Take("lay", card, f"Lay {label} in your world"),
        "last": Take("last", card, f"Lay {label} as last card"),
        "none": Take("none", None, _IDLE_LABELS["none"]),
    }


def action_for(kind: str, card: int | None) -> Action | None:
    """The engine action a button means (None when it needs a card and has none)."""
    if kind == "none":
        return NoLastCard()
    if card is None:
        return None
    return {"biome": TakeBiome, "digits": TakeDigits, "lay": Lay, "last": LastCard}[kind](card)


# ---------------------------------------------------------------------------- descriptions


def _sources(before: NuevosMundosView) -> dict[int, str]:
    """Where each face-up card lay before a move (a taken card not listed was drawn)."""
    where = {code: f"space {s}" for s, code in zip(BOARD_SPACES, before.board) if code}
    if before.discard:
        where[before.discard[-1]] = "discard pile"
    return where


def _taken_words(before: NuevosMundosView, taken: Sequence[int]) -> str:
    where = _sources(before)
    named = [f"{card_label(c)} ({where.get(c, 'top of the creation pile')})" for c in taken]
    return join_words(named) or "nothing"


def describe_move(
    players: Sequence[str],
    player: int,
    action: Action,
    before: NuevosMundosView,
    after: NuevosMundosView,
) -> str:
    """One sentence for the history: who played what and which cards it took.

    ``before`` and ``after`` are views of the game around the move (any player's: only
    public parts are read). A world only grows at its end, so its new tail is the take.
    """
    name = players[player]
    taken = after.worlds[player][len(before.worlds[player]) :]
    card = getattr(action, "card", None)
    label = card_label(card) if card is not None else ""
    if isinstance(action, TakeBiome):
        biome = biome_label(BIOME_OF_CODE[action.card])
        text = f"{name} played {label} for its biome ({biome}) and took "
        text += _taken_words(before, taken) + "."
    elif isinstance(action, TakeDigits):
        tens, units = divmod(action.card, 10)
        text = f"{name} played {label} for its digits {tens} and {units} and took "
        text += _taken_words(before, taken) + "."
    elif isinstance(action, Lay):
        their = "your" if name == "You" else "their"
        text = f"{name} laid {label} in {their} world."
    elif isinstance(action, LastCard):
        text = f"{name} laid {label} as a last card."
    else:
        text = f"{name} laid no last card."
    if before.phase == PLAY and after.phase != PLAY:
        text += " The board could not be refilled, so the game is ending."
    return text


def history_of(game: NuevosMundos) -> list[str]:
    """The history sentences of every move of ``game`` so far, oldest first.

    Works backwards on a copy with ``undo`` (which replays the log exactly, recorded
    chance included), so the game itself is untouched.
    """
    copy = game.clone()
    entries: list[str] = []
    while copy.moves():
        player, action = copy.moves()[-1]
        after = copy.view(player)
        copy.undo()
        entries.append(describe_move(copy.players, player, action, copy.view(player), after))
    return entries[::-1]


# ---------------------------------------------------------------------------- scoring steps


def ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def tie_break_note(sheet: ScoreSheet) -> str:
    """Say how equal totals were separated (empty when no two players tie)."""
    totals = sheet.totals()
    groups: dict[int, list[str]] = {}
    for player in sheet.players:
        groups.setdefault(totals[player], []).append(player)
    notes = []
    for total, tied in groups.items():
        if len(tied) < 2:
            continue
        keys = {p: tuple(sheet.tie_break.get(p, ())) for p in tied}
        differ = [i for i in range(len(ICONS)) if len({k[i] for k in keys.values() if k}) > 1]
        who = join_words(tied)
        if not differ or any(not k for k in keys.values()):
            notes.append(f"{who} tie on {total} points and on nature icons: they share the place.")
            continue
        i = differ[0]
        counts = join_words([f"{p} {keys[p][i]}" for p in tied])
        notes.append(
            f"{who} tie on {total} points; the tie-break counts nature icons in the order "
            f"sun, water, plants, animals, minerals, ice, and {ICONS[i]} decides: {counts}."
        )
    return " ".join(notes)


def category_cards(sheet: ScoreSheet, category: str, player: str) -> set[int]:
    """The cards of one player that earned points in one category."""
    return {c for row in sheet.rows_for(player, category) for c in row.cards}


# ---------------------------------------------------------------------------- the scene

WIDTH = 980
MARGIN = 16
SLOT = 80
"""Distance between two board spaces."""
BOARD_Y = 58
HAND_X = 600
PANEL_X = 8
RIGHT_X = 664
"""Left edge of a world panel's right column (hand backs, points)."""
PANELS_Y = 230


@dataclass(frozen=True)
class TableLook:
    """What the scene shows besides the view: whose hand, the selection, the scoring step.

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


def public_view(view: NuevosMundosView) -> NuevosMundosView:
    """``view`` without its hand: what anybody looking at the screen may know."""
    return replace(view, hand=())


def _text(x: float, y: float, text: str, *, id: str = "", size: float = 13, **kw: Any) -> Text:
    return Text(id=id, x=x, y=y, text=text, size=size, fill=kw.pop("fill", INK), **kw)


def _tag(x: float, y: float, label: str, id: str) -> list[Shape]:
    """A boxed word under a board space (the digits' cue: text, not only colour)."""
    return [
        Rect(
            id=f"{id}-box",
            x=x,
            y=y,
            width=CARD_W,
            height=18,
            radius=9,
            fill="#ffffff",
            stroke=INK,
            stroke_width=1.5,
        ),
        _text(x + CARD_W / 2, y + 9, label, id=f"{id}-text", size=11, bold=True, anchor="middle"),
    ]


def _slot_x(space: int) -> float:
    return MARGIN + space * SLOT


def _board_shapes(view: NuevosMundosView, previews: dict[str, Take] | None) -> list[Shape]:
    """Spaces 0-6 with their numbers; the biome preview marked, the digits' spaces tagged."""
    marked = set(previews["biome"].codes) if previews else set()
    digits = set(previews["digits"].spaces) if previews else set()
    shapes: list[Shape] = [_text(MARGIN, 20, "Universe board", size=15, bold=True)]
    for space in range(7):
        x = _slot_x(space)
        caption = f"{space} {SPACE_CAPTIONS.get(space, '')}".strip()
        shapes.append(_text(x, 44, caption, id=f"space{space}-label", size=12, bold=True))
        shapes.extend(_space_card(view, space, x, marked))
        if space in digits:
            shapes.extend(_tag(x, 172, f"digit {space}", f"space{space}-digit"))
    return shapes


def _space_card(view: NuevosMundosView, space: int, x: float, marked: set[int]) -> list[Shape]:
    target = f"space:{space}"
    if space == 1:
        if not view.creation_size:
            return empty_space(x, BOARD_Y, id="space1")
        return [
            *card_back(x, BOARD_Y, id="space1", target=target, caption=str(view.creation_size)),
            _text(x + CARD_W / 2, 162, "face down", size=11, fill=MUTED, anchor="middle"),
        ]
    code = view.discard_top if space == 0 else view.board[space - 2]
    if not code:
        return empty_space(x, BOARD_Y, id=f"space{space}")
    shapes = card_face(
        code, x, BOARD_Y, id=f"space{space}", target=target, highlight=code in marked
    )
    if space == 0:
        n = len(view.discard)
        shapes.append(
            _text(
                x + CARD_W / 2,
                162,
                f"{n} card{'s' * (n != 1)}",
                size=11,
                fill=MUTED,
                anchor="middle",
            )
        )
    return shapes


def _hand_heading(view: NuevosMundosView, look: TableLook) -> str:
    name = view.players[view.player]
    if look.hidden:
        return f"{possessive(name, start=True)} hand is face down"
    if look.waiting:
        return f"{possessive(name, start=True)} hand (waiting)"
    if view.phase == LAST_CARDS:
        return f"{possessive(name, start=True)} hand: lay a last card?"
    return f"{possessive(name, start=True)} hand: click a card"


def _hidden_hand(view: NuevosMundosView) -> list[Shape]:
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
    note = f"Face down until {name} takes the screen and presses “{REVEAL_LABEL}”."
    for k, line in enumerate(wrap(note, WIDTH - HAND_X - MARGIN, 12, shortest=10)):
        shapes.append(_text(HAND_X, 166 + 16 * k, line, id=f"handover-{k}", size=12, bold=True))
    return shapes


def _hand_shapes(view: NuevosMundosView, look: TableLook) -> list[Shape]:
    shapes: list[Shape] = [_text(HAND_X, 20, _hand_heading(view, look), size=15, bold=True)]
    if look.hidden:
        return shapes + _hidden_hand(view)
    if not view.hand:
        shapes.append(_text(HAND_X, 90, "No cards in hand", fill=MUTED))
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
    if look.waiting:
        return f"{look.waiting} is to play: press “Next bot move”."
    if look.hand_player is None:
        return "Every seat is a bot."
    if look.hidden:
        return handover_message(view.players[view.player])
    if view.phase == LAST_CARDS:
        return "The board could not be refilled: you may lay one last card in your world, or none."
    if previews is None or look.selected is None:
        return "Click a card in your hand to see what each action would take."
    return (
        f"{card_label(look.selected)} selected. Corner-marked cards: what “Take biome” "
        "would take. Boxed “digit” spaces: what “Take digits” would take."
    )


def _score_summary(view: NuevosMundosView, look: TableLook) -> list[Shape]:
    """The top right at the end: the scoring step, or the final ranking."""
    sheet = look.sheet
    shapes: list[Shape] = [_text(HAND_X, 20, "Game over", size=15, bold=True)]
    if sheet is None:
        return shapes
    cats = sheet.categories
    step = look.score_step
    if step == 0:
        shapes.append(
            _text(HAND_X, 46, "Press “Next scoring step” to score the worlds.", size=12, fill=MUTED)
        )
        return shapes
    if step <= len(cats):
        category = cats[step - 1]
        shapes[0] = _text(
            HAND_X,
            20,
            f"Scoring step {step} of {len(cats)}: {sheet.title(category)}",
            size=15,
            bold=True,
        )
        for k, player in enumerate(sheet.players):
            points = sheet.points(player, category)
            shapes.append(_text(HAND_X, 48 + 20 * k, f"{player}: {points:+d}", size=14))
        shapes.append(
            _text(
                HAND_X,
                56 + 20 * len(sheet.players),
                "Corner-marked cards earned these points.",
                size=12,
                fill=MUTED,
            )
        )
        return shapes
    shapes[0] = _text(HAND_X, 20, "Final score", size=15, bold=True)
    for k, placing in enumerate(sheet.ranking()):
        line = f"{ordinal(placing.place)}  {placing.player}: {placing.total} points"
        shapes.append(_text(HAND_X, 48 + 20 * k, line, size=14, bold=placing.place == 1))
    note = tie_break_note(sheet)
    y = 56 + 20 * len(sheet.players)
    for line in wrap(note, 360, 11, shortest=10):
        shapes.append(_text(HAND_X, y, line, size=11, fill=MUTED))
        y += 14
    return shapes


def _seat_words(look: TableLook, name: str, p: int) -> str:
    """The seat's kind, unless the name already says it ("Greedy bot")."""
    kind = look.seats[p] if p < len(look.seats) else "human"
    words = "human" if kind == "human" else f"{kind} bot"
    return "" if words in name.lower() else words + " · "


def _panel_header(view: NuevosMundosView, look: TableLook, p: int, y: float) -> list[Shape]:
    name = view.players[p]
    to_play = view.current_player == p
    title = f"{name} (to play)" if to_play else name
    n = len(view.worlds[p])
    detail = f"{_seat_words(look, name, p)}{n} card{'s' * (n != 1)} in world"
    return [
        _text(MARGIN + 4, y + 18, title, id=f"world{p}-name", size=15, bold=True),
        _text(MARGIN + 12 + 0.7 * 15 * len(title), y + 19, detail, size=12, fill=MUTED),
    ]


def _hand_backs(view: NuevosMundosView, look: TableLook, p: int, y: float) -> list[Shape]:
    """Another player's hand as face-down cards, with its size."""
    n = view.hand_sizes[p]
    if look.hand_player == p and n:
        where = "face down above" if look.hidden else "shown above"
        return [_text(RIGHT_X, y + 18, f"Hand: {where}", size=12, fill=MUTED)]
    shapes: list[Shape] = [
        _text(RIGHT_X, y + 18, f"Hand: {n} card{'s' * (n != 1)}", size=12, fill=MUTED)
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
    shapes: list[Shape] = [_text(RIGHT_X, y + 18, "Score", size=12, fill=MUTED, bold=True)]
    for k, category in enumerate(shown):
        newest = k == look.score_step - 1
        row_y = y + 40 + 17 * k
        mark = "▸ " if newest else ""
        shapes.append(_text(RIGHT_X, row_y, mark + sheet.title(category), size=13, bold=newest))
        shapes.append(
            _text(
                WIDTH - 28,
                row_y,
                f"{sheet.points(player, category):+d}",
                size=13,
                bold=newest,
                anchor="end",
            )
        )
    if look.score_step > len(sheet.categories):
        place = {pl.player: pl.place for pl in sheet.ranking()}[player]
        row_y = y + 44 + 17 * len(shown)
        rule = (("M", RIGHT_X, row_y - 10), ("L", WIDTH - 28, row_y - 10))
        shapes.append(PathShape(id=f"total-{player}-rule", commands=rule, stroke=INK))
        shapes.append(_text(RIGHT_X, row_y + 2, f"Total ({ordinal(place)})", size=14, bold=True))
        shapes.append(
            _text(WIDTH - 28, row_y + 2, str(sheet.total(player)), size=14, bold=True, anchor="end")
        )
    return shapes


def _world_panel(view: NuevosMundosView, look: TableLook, p: int, y: float) -> list[Shape]:
    """One player's world: a column per biome, values ascending, and the right column."""
    player = view.players[p]
    marked: set[int] = set()
    revealing = look.sheet is not None and 0 < look.score_step <= len(look.sheet.categories)
    if look.sheet is not None and revealing:
        marked = category_cards(look.sheet, look.sheet.categories[look.score_step - 1], player)
    world, _, height = world_columns(
        view.worlds[p],
        MARGIN + 4,
        y + 34,
        id=f"world{p}",
        values=look.settlement_values,
        highlight=marked,
        target_prefix=f"world:{p}",
    )
    inner = max(height, CARD_H)
    box = Rect(
        id=f"world{p}-panel",
        x=PANEL_X,
        y=y,
        width=WIDTH - 2 * PANEL_X,
        height=inner + 48,
        radius=8,
        fill="#ffffff",
        stroke=INK if view.current_player == p else MUTED,
        stroke_width=2.5 if view.current_player == p else 1,
    )
    shapes: list[Shape] = [box, *_panel_header(view, look, p, y), *world]
    if not view.worlds[p]:
        shapes.append(_text(MARGIN + 4, y + 70, "No cards in this world yet", fill=MUTED))
    if look.sheet is not None and look.score_step:
        shapes.extend(_panel_points(look, player, y))
    elif view.phase != OVER:
        shapes.extend(_hand_backs(view, look, p, y))
    return shapes


def _footer(view: NuevosMundosView, look: TableLook, y: float) -> Text:
    modules = ", ".join(MODULE_LABELS[m].lower() for m in view.modules) or "none"
    return _text(
        MARGIN, y, f"Game seed {look.seed} · modules: {modules}", id="footer", size=12, fill=MUTED
    )


def table_scene(view: NuevosMundosView, look: TableLook) -> Scene:
    """The whole table as one scene, built only from what ``view.player`` may see."""
    previews = None
    if look.hidden:
        view = public_view(view)  # a face-down hand is drawn from its size alone
    if look.selected is not None and look.selected in view.hand and view.phase == PLAY:
        previews = action_previews(view, look.selected)
    shapes: list[Shape] = _board_shapes(view, previews)
    if view.phase == OVER:
        shapes.extend(_score_summary(view, look))
    elif look.hand_player is not None:
        shapes.extend(_hand_shapes(view, look))
    legend = _legend(view, look, previews)
    if legend:
        shapes.append(_text(MARGIN, 210, legend, id="legend", size=12))
    y: float = PANELS_Y
    for p in range(len(view.players)):
        panel = _world_panel(view, look, p, y)
        shapes.extend(panel)
        y += panel[0].bbox()[3] + 10
    shapes.append(_footer(view, look, y + 10))
    title = f"Nuevos Mundos table: {', '.join(view.players)}"
    return Scene(WIDTH, int(y + 28), background=PAPER, title=title, shapes=shapes)


# ---------------------------------------------------------------------------- the widget


class NuevosMundosTable(GameTable[NuevosMundos]):
    """A game of Nuevos Mundos to play in a notebook; display the object to play.

    Seats are "human", "random", "greedy" or "search"; several humans share the screen
    (hot-seat). Bots see only their own view of the game and play until a human is to
    play (one move per "Next bot move" click with ``step_bots=True``).

    Hot-seat privacy (two or more human seats): the screen belongs to one human at a
    time. A hand is face up only while its owner holds the screen; when the decision
    passes to a different human (after the bots in between), their hand is drawn face
    down, the scene and the status line say “Pass the screen to …”, and the “Show my
    hand” button (``reveal``) turns it face up. While it is hidden, clicks and the action
    buttons only explain that. The same holds in the end-of-game last-card phase. A new
    table shows the first hand at once (nobody has held the screen yet); after that, undo,
    load and “New game” keep the rule: the hand to play is face up only if its owner is
    the human whose hand was last face up, and it is hidden once the table has waited for
    a handover or shown the final score (the screen may be anyone's then). A single human
    seat is never hidden: there is nobody to hide from.
    """

    game_type = NuevosMundos
    game_title = "Nuevos Mundos"

    def __init__(
        self,
        *,
        players: Sequence[str] = ("You", "Greedy bot", "Random bot"),
        seats: Sequence[str] = ("human", "greedy", "random"),
        seed: int | None = None,
        modules: Sequence[str] = (),
        search_iterations: int = 150,
        step_bots: bool = False,
    ) -> None:
        seats = check_seats(seats, len(tuple(players)), SEAT_KINDS)
        game = NuevosMundos(
            tuple(players), fresh_seed() if seed is None else seed, modules=tuple(modules)
        )
        self._build(game, seats, search_iterations, step_bots)

    @classmethod
    def from_game(
        cls,
        game: NuevosMundos,
        *,
        seats: Sequence[str] | None = None,
        search_iterations: int = 150,
        step_bots: bool = False,
    ) -> NuevosMundosTable:
        """Continue a copy of ``game`` (default seats: the first player human, bots greedy)."""
        if not isinstance(game, NuevosMundos):
            raise TypeError(f"from_game needs a Nuevos Mundos game, not {type(game).__name__}")
        n = len(game.players)
        chosen = check_seats(seats if seats is not None else default_seats(n), n, SEAT_KINDS)
        table = cls.__new__(cls)
        table._build(game.clone(), chosen, search_iterations, step_bots)
        return table

    # ------------------------------------------------------------------ building
    def _build(
        self, game: NuevosMundos, seats: tuple[str, ...], iterations: int, step_bots: bool
    ) -> None:
        self.seats = seats
        self.search_iterations = iterations
        self.step_bots = step_bots
        self.selected: int | None = None
        self.score_step = 0
        self.history: list[str] = []
        """Every move of the game in a sentence, oldest first (the panel shows newest first)."""
        self._sheet_key: int | None = None
        self._sheet: ScoreSheet | None = None
        self._default_name = ""
        self._viewer: int | None = None
        """The human who holds the screen: whose hand was last face up (None: nobody)."""
        self._fresh_screen = True
        """No hand was drawn yet: the first one is shown without a handover."""
        self.game = game
        self._make_widgets()
        self._start(game, "")

    def _make_widgets(self) -> None:
        self.status = StatusLine("nm-status")
        self.canvas = SceneCanvas(
            Scene(WIDTH, 400, background=PAPER),
            on_click=self._on_target,
            on_error=self._problem,
            css_class="nm-table-canvas",
        )
        self.buttons: dict[str, w.Button] = {
            "biome": make_button("Take biome", "nm-action-biome"),
            "digits": make_button("Take digits", "nm-action-digits"),
            "lay": make_button("Lay in your world", "nm-action-lay"),
            "last": make_button("Lay as last card", "nm-action-last"),
            "none": make_button("Lay no last card", "nm-action-none"),
            "reveal": make_button(REVEAL_LABEL, "nm-reveal"),
            "next_bot": make_button("Next bot move", "nm-next-bot"),
            "score_step": make_button("Next scoring step", "nm-score-step"),
            "undo": make_button("Undo", "nm-undo"),
            "new_game": make_button("New game", "nm-new-game"),
        }
        for kind in KINDS:
            self.buttons[kind].on_click(self._guard(partial(self.play_selected, kind)))
        self.buttons["reveal"].on_click(self._guard(self.reveal))
        self.buttons["reveal"].tooltip = "Turn the hand of the player to move face up"
        self.buttons["next_bot"].on_click(self._guard(self.next_bot_move))
        self.buttons["score_step"].on_click(self._guard(self.next_score_step))
        self.buttons["undo"].on_click(self._guard(self.undo))
        self.buttons["new_game"].on_click(self._guard(self.new_game))
        self.buttons["undo"].tooltip = "Back to the previous human decision"
        self.buttons["new_game"].tooltip = "Deal a new game with a new seed"
        self.history_html = labelled_html("nm-history")
        self.seed_label = labelled_html("nm-seed")
        self.score_html = labelled_html("nm-score")
        self.module_boxes = {
            m: w.Checkbox(
                value=m in self.game.modules,
                description=MODULE_LABELS[m],
                indent=False,
                layout=w.Layout(width="auto"),
            )
            for m in MODULES
        }
        for m, box in self.module_boxes.items():
            box.add_class(f"nm-module-{m.replace('_', '-')}")
            box.observe(partial(self._module_ticked, m), names="value")
        self._file_widgets("nm")
        self.widget = self._layout()

    def _module_ticked(self, module: str, change: dict[str, Any]) -> None:
        state = "on" if change["new"] else "off"
        self.status.set(
            event=f"{MODULE_LABELS[module]} is {state} for the next game: press “New game”."
        )

    def _layout(self) -> w.VBox:
        b = self.buttons
        actions = w.HBox(
            [b[k] for k in ("reveal", *KINDS, "next_bot", "score_step")],
            layout=w.Layout(flex_flow="row wrap"),
        )
        modules = w.VBox(
            [w.HTML("<b>Modules</b> (apply to the next new game)"), *self.module_boxes.values()]
        )
        controls = w.VBox(
            [
                self.seed_label,
                w.HBox([b["undo"], b["new_game"]]),
                modules,
                self.file_row,
            ],
            layout=w.Layout(width="420px"),
        )
        below = w.HBox([self.history_html, controls], layout=w.Layout(width="980px"))
        self.history_html.layout = w.Layout(width="540px")
        table = w.VBox([self.status.widget, actions, self.canvas.canvas, below, self.score_html])
        table.add_class("nm-table")
        return table

    # ------------------------------------------------------------------ who is who
    def _hand_player(self) -> int | None:
        """The human whose hand is face up: the one to play, else the last human who played."""
        current = self.game.current_player
        if self._is_human(current):
            return current
        for player, _ in reversed(self.game.moves()):
            if self._is_human(player):
                return player
        return next((p for p, s in enumerate(self.seats) if s == "human"), None)

    def _hot_seat(self) -> bool:
        """Two or more humans share the screen."""
        return sum(seat == "human" for seat in self.seats) >= 2

    def _screen(self) -> tuple[int | None, bool]:
        """(the human whose hand the table draws, whether it is drawn face down).

        See the class docstring: a hot-seat hand is face up only while its owner holds the
        screen. While a bot is to play, the hand of a human who does not hold the screen
        is not drawn at all (there is no decision to hand over).
        """
        candidate = self._hand_player()
        if (
            candidate is None
            or self._fresh_screen
            or not self._hot_seat()
            or candidate == self._viewer
        ):
            return candidate, False
        current = self.game.current_player
        if self._is_human(current):
            return current, True
        return None, False

    def hand_hidden(self) -> bool:
        """Whether the hand of the human to play waits face down for them (hot-seat)."""
        return self._screen()[1]

    # ------------------------------------------------------------------ playing
    def _start(self, game: NuevosMundos, event: str) -> None:
        """Show ``game`` from scratch: history, bots' turns, picture."""
        self.game = game
        self.selected = None
        self.score_step = 0
        self.history = history_of(game)
        self._suggest_file_name(f"nuevos-mundos-{game.seed}.json")
        moves = [text for _, text in self._run_bots()]
        self.status.set(event=" ".join([event, *moves]).strip())
        self._refresh()

    def _describe(self, before: NuevosMundos, player: int, action: Action) -> str:
        return describe_move(
            self.game.players, player, action, before.view(player), self.game.view(player)
        )

    def _moved(self) -> None:
        self.selected = None

    def _refusal(self, needs_card: bool = True) -> str | None:
        """Why a human cannot act now (None: they can)."""
        game = self.game
        if game.is_over:
            return GAME_OVER_REFUSAL
        player = game.current_player
        if not self._is_human(player):
            assert player is not None
            return f"It is {possessive(self._name(player))} turn: press “Next bot move”."
        if self.hand_hidden():
            assert player is not None
            name = self._name(player)
            return (
                f"{possessive(name, start=True)} hand is hidden until {name} takes the screen "
                f"and presses “{REVEAL_LABEL}”."
            )
        if needs_card and self.selected is None:
            return "Click a card in your hand first."
        return None

    def select(self, card: int | None) -> bool:
        """Select a card of the hand of the human to play (None clears the selection)."""
        refusal = self._refusal(needs_card=False)
        if refusal is None and card is not None:
            player = self.game.current_player
            assert player is not None
            if card not in self.game.hands[player]:
                refusal = f"{card_label(card)} is not in {possessive(self._name(player))} hand."
        if refusal:
            self._problem(refusal)
            return False
        self.selected = card
        if card is not None:
            biome = biome_label(BIOME_OF_CODE[card])
            self.status.set(
                event=f"Selected {card_label(card)} ({biome}): each action button says "
                "what it would take."
            )
        self._refresh()
        return True

    def play_selected(self, kind: str) -> bool:
        """Commit the action ``kind`` (see ``KINDS``) with the selected card; bots reply.

        Returns whether a move was played; a refusal is explained on the status line.
        """
        if kind not in KINDS:
            self._problem(f"Unknown action {kind!r}: the actions are {', '.join(KINDS)}.")
            return False
        refusal = self._refusal(needs_card=kind != "none")
        action = action_for(kind, self.selected)
        if refusal is None and action is not None:
            refusal = self.game.why_illegal(action)
            refusal = refusal[0].upper() + refusal[1:] + "." if refusal else None
        if refusal or action is None:
            self._problem(refusal or "Click a card in your hand first.")
            return False
        player = self.game.current_player
        assert player is not None
        moves = [self._commit(player, action), *(text for _, text in self._run_bots())]
        self.status.set(event=" ".join(moves))
        self._refresh()
        return True

    def reveal(self) -> bool:
        """Turn the hidden hand of the human to play face up (the “Show my hand” button)."""
        player, hidden = self._screen()
        if not hidden or player is None:
            self._problem("No hand is hidden: the hand of the human to play is already shown.")
            return False
        self._viewer = player
        name = self._name(player)
        self.status.set(event=f"{possessive(name, start=True)} hand is face up: click a card.")
        self._refresh()
        return True

    def undo(self) -> bool:
        """Back to the previous human decision, undoing the bots' moves after it.

        Hot-seat: the hand of the human it returns to is face up only if that human holds
        the screen (their hand was the last one face up). Undoing to another human's
        decision, or while a hand waits face down for a handover, hides it until they press
        “Show my hand”: whoever pressed Undo may not be the player whose turn it becomes.
        """
        undone = self._undo_to_human()
        if undone is None:
            return False
        self.selected = None
        self.score_step = 0
        player = self.game.current_player
        assert player is not None
        others = bot_moves_words(undone)
        self.status.set(event=f"Undid {possessive(self._name(player))} move{others}.")
        self._refresh()
        return True

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game (a new seed unless given) with the modules ticked."""
        modules = tuple(m for m, box in self.module_boxes.items() if box.value)
        game = NuevosMundos(
            self.game.players, fresh_seed() if seed is None else seed, modules=modules
        )
        self._start(game, f"New game, seed {game.seed}.")

    # ------------------------------------------------------------------ scoring
    def sheet(self) -> ScoreSheet:
        """The score sheet of the worlds as they are (final once the game is over)."""
        key = len(self.game.log)
        if self._sheet is None or self._sheet_key != key:
            self._sheet, self._sheet_key = self.game.score(), key
        return self._sheet

    def next_score_step(self) -> bool:
        """Reveal the next scoring category, and after the last one the totals."""
        if not self.game.is_over:
            self._problem("The score is counted when the game is over.")
            return False
        sheet = self.sheet()
        if self.score_step > len(sheet.categories):
            self._problem("Every scoring step is shown: press “New game” to play again.")
            return False
        self.score_step += 1
        self.status.set(event=self._score_event(sheet))
        self._refresh()
        return True

    def _score_event(self, sheet: ScoreSheet) -> str:
        if self.score_step > len(sheet.categories):
            ranking = sheet.ranking()
            winners = join_words([p.player for p in ranking if p.place == 1])
            return (
                f"Final score: {winners} {'wins' if ' and ' not in winners else 'win'} "
                f"with {ranking[0].total} points. {tie_break_note(sheet)}".strip()
            )
        category = sheet.categories[self.score_step - 1]
        points = ", ".join(f"{p} {sheet.points(p, category):+d}" for p in sheet.players)
        return f"{sheet.title(category)}: {points}."

    def _score_html(self) -> str:
        if not self.game.is_over or not self.score_step:
            return ""
        sheet = self.sheet()
        parts = []
        for category in sheet.categories[: self.score_step]:
            items = (
                "".join(
                    f"<li><b>{escape(r.player)}</b>: {escape(r.reason)}</li>"
                    for r in sheet.rows
                    if r.category == category
                )
                or "<li>nobody scores here</li>"
            )
            parts.append(f"<h4>{escape(sheet.title(category))}</h4><ul>{items}</ul>")
        if self.score_step > len(sheet.categories):
            note = tie_break_note(sheet)
            parts.append("<h4>Totals and ranking</h4>" + sheet._repr_html_())
            if note:
                parts.append(f"<p>{escape(note)}</p>")
        return "<div style='font-size:14px'>" + "".join(parts) + "</div>"

    # ------------------------------------------------------------------ saving
    def load_text(self, text: str | bytes, source: str = "the save file") -> bool:
        """Continue a saved game; a damaged or foreign file leaves the current game as it is.

        Hot-seat: as after an undo, the hand to play is face up only if its owner held the
        screen before the load (same players, same seat); otherwise it is hidden.
        """
        game = self._read_save(text, source)
        if game is None:
            return False
        if game.players != self.game.players:
            self._viewer = None  # other players: nobody holds the screen (hot-seat hides)
        self._start(game, loaded_event(game, source))
        return True

    # ------------------------------------------------------------------ clicks
    def _on_target(self, target: str | None, *_xy: float) -> None:
        """Turn a click into a selection or an explanation."""
        kind, _, rest = (target or "").partition(":")
        if kind == "hand":
            self._click_hand(int(rest))
        else:
            self._problem(self._explain(kind, rest))

    def _click_hand(self, card: int) -> None:
        if self.selected == card and self._refusal(needs_card=False) is None:
            self.select(None)
            self.status.set(event=f"{card_label(card)} is no longer selected.")
            return
        self.select(card)

    def _explain(self, kind: str, rest: str) -> str:
        """Why a click on something other than a card of your hand does nothing."""
        refusal = self._refusal(needs_card=False)
        if refusal:
            return refusal
        if kind == "space":
            return self._explain_space(int(rest))
        if kind == "world":
            owner, code = (int(v) for v in rest.split(":"))
            whose = "your" if owner == self.game.current_player else possessive(self._name(owner))
            return (
                f"{card_label(code)} is in {whose} world, and cards in a world stay there. "
                "Click a card in your hand."
            )
        if kind in ("backs", "hidden"):
            name = self._name(int(rest))
            return f"Those are {possessive(name)} cards, face down: only {name} may see them."
        return "Click a card in your hand."

    def _explain_space(self, space: int) -> str:
        view = self.game.view(self.game.current_player or 0)
        if space == 1:
            return (
                f"The creation pile (space 1) is face down, {view.creation_size} cards: "
                "a digit 1 takes its top card. Click a card in your hand."
            )
        code = view.discard_top if space == 0 else view.board[space - 2]
        where = "the top of the discard pile" if space == 0 else f"space {space}"
        said = f"{card_label(code)} is on {where}" if code else f"Space {space} is empty"
        if self.selected is not None and code:
            previews = action_previews(view, self.selected)
            ways = [k for k in ("biome", "digits") if code in previews[k].codes]
            if ways:
                names = " and ".join(f"“Take {k}”" for k in ways)
                return f"{said}: {names} with {card_label(self.selected)} would take it."
        return f"{said}. Board cards are taken by playing a card from your hand: click one."

    # ------------------------------------------------------------------ drawing
    def _look(self) -> TableLook:
        over = self.game.is_over
        hand_player, hidden = self._screen()
        waiting = (
            "" if over or not self._bot_to_play() else self._name(self.game.current_player or 0)
        )
        values: dict[int, int] = {}
        if over and "human_settlements" in self.game.modules:
            values = best_settlement_values(self.game.worlds, {}, self.game.modules)
        return TableLook(
            hand_player=hand_player,
            hidden=hidden,
            selected=self.selected,
            seats=self.seats,
            seed=self.game.seed,
            score_step=self.score_step,
            sheet=self.sheet() if over else None,
            settlement_values=values,
            waiting=waiting,
        )

    def _refresh(self) -> None:
        look = self._look()
        if look.hand_player is None or look.hidden:
            view = public_view(self.game.view(look.hand_player or 0))
        else:
            view = self.game.view(look.hand_player)
        # Who holds the screen now: the owner of a face-up hand; nobody while a hand waits
        # for its owner or once the final score is on show.
        if look.hidden or self.game.is_over:
            self._viewer = None
        elif look.hand_player is not None:
            self._viewer = look.hand_player
        self._fresh_screen = False
        self.canvas.show(table_scene(view, look))
        self._update_actions()
        self._update_controls()
        self.status.set(turn=self._turn_text())
        self.history_html.value = history_html(self.history)
        self.score_html.value = self._score_html()

    def _turn_text(self) -> str:
        game = self.game
        player = game.current_player
        if player is None:
            if self.score_step > len(self.sheet().categories):
                return "Game over."
            return "Game over: press “Next scoring step”."
        name = self._name(player)
        if not self._is_human(player):
            return f"{name} to play: press “Next bot move”."
        if self.hand_hidden():
            return handover_message(name)
        if game.phase == LAST_CARDS:
            return f"{name} may lay one last card, or none."
        return f"{name} to play."

    def _update_actions(self) -> None:
        ending = self.game.phase == LAST_CARDS
        refusal = self._refusal(needs_card=True)
        player = self.game.current_player
        view = self.game.view(player if player is not None else 0)
        previews = action_previews(view, self.selected)
        for kind in KINDS:
            button = self.buttons[kind]
            show(button, (kind in ("last", "none")) == ending)
            reason = refusal if kind != "none" else self._refusal(needs_card=False)
            action = action_for(kind, self.selected)
            if reason is None and action is not None:
                why = self.game.why_illegal(action)
                reason = why[0].upper() + why[1:] if why else None
            set_traits(
                button,
                description=previews[kind].text,
                disabled=reason is not None,
                tooltip=reason or previews[kind].text,
            )

    def _update_controls(self) -> None:
        b = self.buttons
        show(b["reveal"], self.hand_hidden())
        show(b["next_bot"], self.step_bots)
        set_traits(
            b["next_bot"],
            disabled=not self._bot_to_play(),
            tooltip="Let the bot to play make one move",
        )
        over = self.game.is_over
        show(b["score_step"], over)
        categories = self.sheet().categories if over else ()
        step: dict[str, Any] = {"disabled": not over or self.score_step > len(categories)}
        if over and self.score_step < len(categories):
            title = self.sheet().title(categories[self.score_step])
            step["description"] = f"Next scoring step: {title}"
        elif over:
            step["description"] = "Next scoring step: totals and ranking"
        set_traits(b["score_step"], **step)
        humans = any(self._is_human(p) for p, _ in self.game.moves())
        set_traits(
            b["undo"],
            disabled=not humans,
            tooltip="Back to the previous human decision"
            if humans
            else "No human move to undo yet",
        )
        modules = ", ".join(MODULE_LABELS[m].lower() for m in self.game.modules) or "none"
        self.seed_label.value = (
            f"<div style='font-size:14px'><b>Game seed {self.game.seed}</b> · "
            f"this game's modules: {escape(modules)}</div>"
        )


def history_html(history: Sequence[str]) -> str:
    """The move history, newest first, numbered from the first move."""
    items = "".join(
        f"<li value='{i}'>{escape(text)}</li>"
        for i, text in reversed(list(enumerate(history, start=1)))
    )
    body = (
        f"<ol reversed style='margin:4px 0;padding-left:28px'>{items}</ol>"
        if items
        else ("<p>No moves yet.</p>")
    )
    return (
        "<div style='font-size:13px;line-height:1.35;max-height:280px;overflow-y:auto'>"
        f"<b>Moves, newest first</b>{body}</div>"
    )
