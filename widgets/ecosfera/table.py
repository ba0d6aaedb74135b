"""Play Ecosfera in a notebook, solo or as a co-operative table: ``EcosferaTable()``.

The table is one canvas with ipywidgets around it. The canvas shows, as on a real table:
the animal row and the plant & fungi row (each with its face-down deck and its count), the
five element decks and the disaster deck with their counts, the biome star (seven tiles)
and the extinction puzzle, and one panel per player: their ability tiles face up or face
down, their deck, their line of cards and their discard pile. Cards used this turn are set
apart as the rulebook asks: they move to a row of their own below and to the right, greyed,
with a "USED" ribbon (not colour alone).

Playing is clicking, as at the table:

- click element cards on your line to select them, then a plant in the supply row to pay
  for it (a click on a plant with nothing selected selects a payment that fits, to check
  and click again). When the selection is exactly one element short, the click *offers*
  the missing-element rule (a button, with a note on the cost: each element card left in
  the supply is a point at the end) instead of doing it silently;
- select two plants on your line, then click an animal in the supply to call it;
- select two animals on your line: they win their shared biome tiles at once; when you
  have face-down ability tiles the table asks which one to turn face up (or none) with
  buttons — there is no silent default, because declining matters for The 0 Waste Master;
- select a tree with the mushroom symbol and a mushroom: a button offers the mycorrhiza
  (or click an animal to call it with them instead);
- click an ability tile, or an ability symbol on a card of your line, to use it (refresh
  asks which row, movement asks for a card and then where it goes);
- “End turn” ends the turn (pressed with nothing acquired while something could still be
  acquired, it first warns that a disaster card will come, and ends on the second press);
- “What can I do?” marks every acquisition ``legal_actions()`` allows (plants to buy, with
  the missing element when needed, animals to call, animal pairs for biome tiles, tree and
  mushroom pairs) and lists them with species names.

Every refused click says why on the status line (the engine's ``why_illegal`` sentence for
moves) and changes nothing. Automatic events (disasters, extinction tiles, a turn ended by
three of a kind, reshuffled decks, new lines) come from ``game.notes`` and the recorded
shuffles, and are written into the move history.

Co-operative hot-seat: in Ecosfera the lines, rows, tiles and discard piles are public and
every deck is face down for everybody (even its owner), so there is nothing on the screen
one player may not see. The table therefore never hides anything: it shows every line, and
only the player whose turn it is can act; the status line says whose turn it is and asks to
pass the mouse when the turn goes to another human. Bots are teammates that play their
turns automatically (or one move per “Next bot move” click with ``step_bots=True``).

The module has three layers: words (``describe_action``, ``describe_move``,
``history_of``, ``acquisitions``, ``hint_marks``: pure, over a game, never changing it),
``table_scene(view, look)`` (the picture as a scene), and ``EcosferaTable`` (the widget).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from html import escape
from typing import Any

import ipywidgets as w

from gamecore import IllegalAction, SaveFileError, ScoreSheet, make_bot
from gamecore.ecosfera import (
    ANIMAL_ROW,
    NO_TILE,
    OWN_DECK,
    PLANT_ROW,
    RECYCLE,
    TILE,
    AcquireAnimal,
    AcquirePlant,
    ClaimBiomes,
    Ecosfera,
    EcosferaView,
    EndTurn,
    Move,
    Mycorrhiza,
    Plus,
    Refresh,
    TakeMissingElement,
)
from gamecore.ecosfera.data import (
    ABILITIES,
    BIOME_TILES,
    BIOMES,
    ELEMENT_OF,
    ELEMENTS,
    EXTINCTION_TILES,
    LEVELS,
    CardSet,
    element_count,
    is_animal,
    is_disaster,
    is_element,
    is_plant,
    supply_at_start,
)
from gamecore.protocol import Action, Chance

from ..canvas import SceneCanvas
from ..palette import INK, MUTED, OK, PAPER, WARNING
from ..scene import Rect, Scene, Shape, Text
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
from .cards import (
    BIOME_NAMES,
    CARD_H,
    CARD_W,
    ability_tile,
    biome_star,
    card_back,
    card_face,
    card_name,
    corner_mark,
    disaster_deck,
    element_deck,
    empty_slot,
    extinction_puzzle,
    tag,
    wrap,
)

BASE_SEATS = ("human", "random", "greedy", "search")
ACQUISITIONS = (AcquirePlant, TakeMissingElement, AcquireAnimal, ClaimBiomes, Mycorrhiza)
"""The actions that acquire something: what “What can I do?” marks."""
CHOICES = 5
"""Choice buttons kept ready (the most a question needs: give to three players + recycle)."""


def seat_kinds() -> tuple[str, ...]:
    """The seat kinds available now: human, random, greedy, search, and "planner" when the
    installed gamecore provides such a bot (it is checked at run time)."""
    kinds = list(BASE_SEATS)
    try:
        make_bot("planner", seed=0)
    except Exception:  # not (yet) in this gamecore
        pass
    else:
        kinds.insert(3, "planner")
    return tuple(kinds)


# ---------------------------------------------------------------------------- words


def _their(name: str) -> str:
    return "your" if name == "You" else "their"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def biome_words(mask: int) -> str:
    return join_words([BIOME_NAMES[BIOMES[b]] for b in range(len(BIOMES)) if mask >> b & 1])


def element_words(codes: Sequence[int]) -> str:
    """``earth, sun and time`` (repeats counted: ``2 time``)."""
    counts = [0] * len(ELEMENTS)
    for c in codes:
        counts[ELEMENT_OF[c]] += 1
    return join_words(
        [f"{n} {ELEMENTS[e]}" if n > 1 else ELEMENTS[e] for e, n in enumerate(counts) if n]
    )


def cost_words(cost: Sequence[int]) -> str:
    return join_words(
        [f"{n} {ELEMENTS[e]}" if n > 1 else ELEMENTS[e] for e, n in enumerate(cost) if n]
    )


def card_words(cards: CardSet, code: int) -> str:
    """A card named for a sentence: "Scots pine (P01)", "an earth card", "a disaster card"."""
    if is_element(code):
        element = ELEMENTS[ELEMENT_OF[code]]
        return f"an {element} card" if element[0] in "aeiou" else f"a {element} card"
    if is_disaster(code):
        return "a disaster card"
    if cards.exists(code):
        return f"{card_name(cards, code)} ({cards.card(code).id})"
    return f"card {code}"


def _source_words(cards: CardSet, source: int, ability: int, name: str) -> str:
    if source == TILE:
        return f"{_their(name)} {ABILITIES[ability]} tile"
    return f"the {ABILITIES[ability]} symbol of {card_name(cards, source)}"


def describe_action(game: Ecosfera, action: Action) -> str:
    """What an action would do, in a short phrase with species names (for hints and
    buttons): "buy Scots pine (P01) with earth, sun and time"."""
    cards = game.cards
    name = game.players[game.turn_player]
    if isinstance(action, AcquirePlant):
        return f"buy {card_words(cards, action.plant)} with {element_words(action.cards)}"
    if isinstance(action, TakeMissingElement):
        element = ELEMENTS[action.element]
        also = f"{element_words(action.cards)} + " if action.cards else ""
        left = len(game.element_decks[action.element])
        return (
            f"buy {card_words(cards, action.plant)} with {also}the missing {element} "
            f"from its deck ({left} left)"
        )
    if isinstance(action, AcquireAnimal):
        return (
            f"call {card_words(cards, action.animal)} with {card_name(cards, action.plant_a)} "
            f"and {card_name(cards, action.plant_b)}"
        )
    if isinstance(action, ClaimBiomes):
        mask = cards.biome_mask[action.animal_a] & cards.biome_mask[action.animal_b]
        new = mask & ~sum(1 << b for b in game.biome_tiles)
        pair = f"{card_name(cards, action.animal_a)} + {card_name(cards, action.animal_b)}"
        text = f"pair {pair}: place the {biome_words(new)} tile{'s' * (bin(new).count('1') > 1)}"
        if not new:
            text = f"pair {pair} (their biome tiles are already placed)"
        if action.reactivate != NO_TILE:
            text += f" and turn {_their(name)} {ABILITIES[action.reactivate]} tile face up"
        return text
    if isinstance(action, Mycorrhiza):
        mask = cards.biome_mask[action.tree] & cards.biome_mask[action.mushroom]
        new = mask & ~sum(1 << b for b in game.biome_tiles)
        return (
            f"mycorrhiza: {card_name(cards, action.tree)} + {card_name(cards, action.mushroom)} "
            f"place the {biome_words(new)} tile{'s' * (bin(new).count('1') > 1)}"
        )
    if isinstance(action, Plus):
        return f"use {_source_words(cards, action.source, 0, name)}: an extra card from the deck"
    if isinstance(action, Refresh):
        row = "plant & fungi" if action.row == PLANT_ROW else "animal"
        return (
            f"use {_source_words(cards, action.source, 1, name)}: four new cards in the {row} row"
        )
    if isinstance(action, Move):
        what = card_name(cards, action.card)
        if action.to == RECYCLE:
            where = f"recycle {what} to its supply deck"
        elif action.to == OWN_DECK:
            where = f"put {what} face up on top of {_their(name)} deck"
        else:
            where = f"give {what} to {game.players[action.to]}"
        return f"use {_source_words(cards, action.source, 2, name)}: {where}"
    if isinstance(action, EndTurn):
        return "end the turn"
    return str(action)


def hint_items(game: Ecosfera) -> list[str]:
    """Every possible acquisition in words, once each: a pair of animals that may also
    reactivate a tile is one item ("… (and may turn a used ability tile face up)")."""
    items: dict[str, None] = {}
    claims: dict[tuple[int, int], list[ClaimBiomes]] = {}
    for action in acquisitions(game):
        if isinstance(action, ClaimBiomes):
            claims.setdefault((action.animal_a, action.animal_b), []).append(action)
            continue
        items.setdefault(_cap(describe_action(game, action)), None)
    for (a, b), variants in claims.items():
        plain = ClaimBiomes(a, b, NO_TILE)
        text = _cap(describe_action(game, plain))
        tiles = [ABILITIES[v.reactivate] for v in variants if v.reactivate != NO_TILE]
        if tiles:
            name = game.players[game.turn_player]
            text += (
                f" (and may turn {_their(name)} {' or '.join(tiles)} tile face up)"
                if any(v.reactivate == NO_TILE for v in variants)
                else f" — only to turn {_their(name)} {' or '.join(tiles)} tile face up"
            )
        items.setdefault(text, None)
    return list(items)


def acquisitions(game: Ecosfera) -> list[Action]:
    """The legal actions that acquire a card or place biome tiles, as ``legal_actions()``
    lists them."""
    return [a for a in game.legal_actions() if isinstance(a, ACQUISITIONS)]


def hint_marks(game: Ecosfera) -> dict[str, str]:
    """Every card an acquisition would take or use, as click target -> the tag's words.

    Plants to buy (``plant:<code>``, "buy" or "buy +1 water"), animals to call
    (``animal:<code>``, "call"), and on the turn player's line the animals that can pair for
    biome tiles ("tiles") and the trees and mushrooms that can mycorrhize ("mycorrhiza").
    """
    p = game.turn_player
    marks: dict[str, str] = {}
    for action in acquisitions(game):
        if isinstance(action, AcquirePlant):
            marks[f"plant:{action.plant}"] = "buy"
        elif isinstance(action, TakeMissingElement):
            marks[f"plant:{action.plant}"] = f"buy +1 {ELEMENTS[action.element]}"
        elif isinstance(action, AcquireAnimal):
            marks[f"animal:{action.animal}"] = "call"
        elif isinstance(action, ClaimBiomes):
            for c in (action.animal_a, action.animal_b):
                marks[f"line:{p}:{c}"] = "tiles"
        elif isinstance(action, Mycorrhiza):
            for c in (action.tree, action.mushroom):
                marks.setdefault(f"line:{p}:{c}", "mycorrhiza")
    return marks


def _tidy(note: str, players: Sequence[str]) -> str:
    """An engine note in a sentence, with "You" read as a person ("your line")."""
    if "You" in players:
        note = note.replace("You's", "your").replace("You takes", "You take")
    return _cap(note)


def _new_log(before: Ecosfera, after: Ecosfera) -> list[Any]:
    return after.log[len(before.log) :]


def describe_move(before: Ecosfera, after: Ecosfera, player: int, action: Action) -> str:
    """One sentence (or a few) for the history: who did what, with species names, and
    what happened by itself afterwards (the engine's notes, reshuffles, a new line).

    ``before`` and ``after`` are the game around the move (``before`` a clone); only
    what the move made public is read.
    """
    cards = before.cards
    name = before.players[player]
    text = ""
    if isinstance(action, AcquirePlant):
        text = f"{name} paid {element_words(action.cards)} for {card_words(cards, action.plant)}."
    elif isinstance(action, TakeMissingElement):
        element = ELEMENTS[action.element]
        left = len(after.element_decks[action.element])
        also = f" with {element_words(action.cards)}" if action.cards else ""
        text = (
            f"{name} took the missing {element} from the {element} deck ({left} left) and "
            f"paid it{also} for {card_words(cards, action.plant)}."
        )
    elif isinstance(action, AcquireAnimal):
        shared = cards.biome_mask[action.plant_a] & cards.biome_mask[action.plant_b]
        text = (
            f"{name} called {card_words(cards, action.animal)} with "
            f"{card_name(cards, action.plant_a)} and {card_name(cards, action.plant_b)} "
            f"(they share {biome_words(shared)})."
        )
    elif isinstance(action, ClaimBiomes):
        new = after.biome_tiles[len(before.biome_tiles) :]
        pair = f"{card_name(cards, action.animal_a)} and {card_name(cards, action.animal_b)}"
        if new:
            placed = join_words([BIOME_NAMES[BIOMES[b]] for b in new])
            tiles = "tiles are" if len(new) > 1 else "tile is"
            text = (
                f"{name} paired {pair}: the {placed} {tiles} placed "
                f"({len(after.biome_tiles)} of {BIOME_TILES})"
            )
        else:
            text = f"{name} paired {pair} (their biome tiles were already placed)"
        if action.reactivate != NO_TILE:
            text += f", and turned {_their(name)} {ABILITIES[action.reactivate]} tile face up"
        text += "."
    elif isinstance(action, Mycorrhiza):
        new = after.biome_tiles[len(before.biome_tiles) :]
        placed = join_words([BIOME_NAMES[BIOMES[b]] for b in new])
        text = (
            f"Mycorrhiza: {possessive(name)} {card_name(cards, action.tree)} and "
            f"{card_name(cards, action.mushroom)} placed the {placed} "
            f"tile{'s' * (len(new) > 1)} ({len(after.biome_tiles)} of {BIOME_TILES})."
        )
    elif isinstance(action, Plus):
        drawn = _drawn_card(before, after, player)
        got = f": {card_words(cards, drawn)}" if drawn else ""
        text = (
            f"{name} used {_source_words(cards, action.source, 0, name)} and took an extra "
            f"card from {_their(name)} deck{got}."
        )
    elif isinstance(action, Refresh):
        row_cards = after.plant_row if action.row == PLANT_ROW else after.animal_row
        row = "plant & fungi" if action.row == PLANT_ROW else "animal"
        names = join_words([card_name(cards, c) for c in row_cards if c])
        text = (
            f"{name} used {_source_words(cards, action.source, 1, name)}: the {row} row went "
            f"under its deck and {names or 'no cards'} came out."
        )
    elif isinstance(action, Move):
        what = card_words(cards, action.card)
        if action.to == RECYCLE:
            where = f"recycled {what} to its supply deck"
        elif action.to == OWN_DECK:
            where = f"put {what} face up on top of {_their(name)} deck for the next line"
        else:
            where = f"gave {what} to {possessive(before.players[action.to])} line"
        text = f"{name} used {_source_words(cards, action.source, 2, name)} and {where}."
    elif isinstance(action, EndTurn):
        text = f"{name} ended {_their(name)} turn."
    events = [_tidy(n, before.players) for n in after.notes]
    if after.turns > before.turns:
        shuffled = [c for c in _new_log(before, after) if isinstance(c, Chance)]
        if shuffled and not isinstance(action, Plus):
            events.append(
                f"{possessive(name, start=True)} discard pile was shuffled into a new deck"
            )
        line = after.lines[player]
        words = join_words([card_name(cards, c) for c in line]) or "no cards"
        events.append(f"{possessive(name, start=True)} next line: {words}")
    elif isinstance(action, Plus) and any(isinstance(c, Chance) for c in _new_log(before, after)):
        events.append(
            f"{possessive(name, start=True)} deck was empty: the discard pile was shuffled first"
        )
    if events:
        text += " " + ". ".join(events) + "."
    return text


def _drawn_card(before: Ecosfera, after: Ecosfera, player: int) -> int | None:
    """The card a Plus drew: the top of the deck, or of the deck just shuffled."""
    if before.decks[player]:
        return before.decks[player][-1]
    for entry in _new_log(before, after):
        if isinstance(entry, Chance) and entry.outcome:
            return entry.outcome[-1]
    return None


def history_of(game: Ecosfera) -> tuple[list[str], list[int]]:
    """The history sentence and turn number of every move of ``game`` so far.

    Replays the game forward from its seed and recorded chance (as loading a save does),
    on a new game: ``game`` itself is untouched.
    """
    chance = [e for e in game.log if isinstance(e, Chance)]
    texts: list[str] = []
    turns: list[int] = []
    try:
        replay = type(game)(game.players, game.seed, _chance=chance, **dict(game.options))
        for player, action in game.moves():
            before = replay.clone()
            replay.play(action)
            texts.append(describe_move(before, replay, player, action))
            turns.append(before.turns + 1)
    except (IllegalAction, SaveFileError, ValueError):
        # A position set up by hand has a log that does not replay: plain words then.
        texts = [f"{game.players[p]}: {action}." for p, action in game.moves()]
        turns = [0] * len(texts)
    return texts, turns


# ---------------------------------------------------------------------------- the scene

WIDTH = 1000
MARGIN = 16
STEP = CARD_W + 8
ANIMAL_Y = 56
PLANT_Y = ANIMAL_Y + CARD_H + 44
ELEMENTS_Y = PLANT_Y + CARD_H + 44
RIGHT_X = 604
STAR_X, STAR_Y = 744, 170
EXTINCTION_X, EXTINCTION_Y = 944, 124
INFO_Y = 292
INFO_H = ELEMENTS_Y + 86 - INFO_Y
PANELS_Y = ELEMENTS_Y + 104
LINE_X = MARGIN + CARD_W + 16
DISCARD_X = WIDTH - MARGIN - CARD_W
PER_ROW = 6
USED_SHIFT = 28
"""How far used cards move right (they also move down, to a row of their own)."""
HEADER_H = 56
USED_GAP = 30


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
    """The outcome ("won", "lost", "time_up") once the game is over."""


def _text(x: float, y: float, text: str, *, id: str = "", size: float = 13, **kw: Any) -> Text:
    return Text(id=id, x=x, y=y, text=text, size=size, fill=kw.pop("fill", INK), **kw)


def _seat_words(seats: Sequence[str], p: int) -> str:
    kind = seats[p] if p < len(seats) else "human"
    return "human" if kind == "human" else f"{kind} bot"


def _marked(
    look: TableLook, target: str, x: float, y: float, id: str, *, below: bool = True
) -> list[Shape]:
    """A marked card's corner tick and its tag (under a supply card, on top of a line card,
    so the tag never hides the card's cost)."""
    words = look.marks.get(target)
    if not words:
        return []
    tag_y = y + CARD_H + 12 if below else y - 1
    return [corner_mark(x, y, id), *tag(x + CARD_W / 2, tag_y, words, f"{id}-hint")]


def _supply_row(
    view: EcosferaView, look: TableLook, kind: str, y: float, deck: int, row: Sequence[int | None]
) -> list[Shape]:
    title = "Animal kingdom" if kind == "animal" else "Plant & fungi kingdom"
    deck_target = "animaldeck" if kind == "animal" else "plantdeck"
    shapes: list[Shape] = [
        _text(MARGIN, y - 14, f"{title}: deck and supply row", size=14, bold=True),
        *card_back(MARGIN, y, id=f"{kind}deck", target=deck_target, title="Deck", count=deck),
    ]
    for k, code in enumerate(row):
        x = MARGIN + STEP * (k + 1)
        if not code:
            shapes += empty_slot(x, y, id=f"{kind}row{k}")
            continue
        target = f"{kind}:{code}"
        mark = target in look.marks
        shapes += card_face(code, view.cards, x, y, id=f"{kind}-{code}", target=target, marked=mark)
        shapes += _marked(look, target, x, y, f"{kind}-{code}")
    return shapes


def _element_row(view: EcosferaView) -> list[Shape]:
    shapes: list[Shape] = [
        _text(MARGIN, ELEMENTS_Y - 14, "Element decks and disaster deck", size=14, bold=True)
    ]
    for e, deck in enumerate(view.element_decks):
        shapes += element_deck(e, len(deck), MARGIN + 96 * e, ELEMENTS_Y, id=f"elements{e}")
    shapes += disaster_deck(len(view.disaster_deck), MARGIN + 96 * 5, ELEMENTS_Y, id="disasters")
    return shapes


def _tiles_area(view: EcosferaView) -> list[Shape]:
    placed = len(view.biome_tiles)
    left = EXTINCTION_TILES - view.extinction_tiles
    shapes: list[Shape] = [
        _text(RIGHT_X, 20, f"Biome tiles: {placed} of {BIOME_TILES} placed", size=14, bold=True),
        *biome_star(view.biome_tiles, STAR_X, STAR_Y),
        _text(EXTINCTION_X, 40, "Extinction", size=13, bold=True, anchor="middle"),
        _text(EXTINCTION_X, 56, "tiles", size=13, bold=True, anchor="middle"),
        *extinction_puzzle(view.extinction_tiles, EXTINCTION_X, EXTINCTION_Y),
        _text(
            EXTINCTION_X,
            EXTINCTION_Y + 54,
            f"{view.extinction_tiles} of {EXTINCTION_TILES}",
            id="extinction-count",
            size=14,
            bold=True,
            anchor="middle",
        ),
        _text(EXTINCTION_X, EXTINCTION_Y + 72, "placed", size=12, anchor="middle"),
        _text(
            EXTINCTION_X,
            EXTINCTION_Y + 92,
            f"{left} to go" if left != 1 else "1 to go!",
            size=12,
            anchor="middle",
            fill=WARNING if left <= 2 else MUTED,
            bold=left <= 2,
        ),
    ]
    return shapes


OUTCOME_BANNERS = {
    "won": ("All seven biome tiles: we won together!", OK),
    "lost": ("All seven extinction tiles: the game is lost.", WARNING),
    "time_up": ("The round limit is reached: the game ends unfinished.", MUTED),
}


def _info_box(look: TableLook) -> list[Shape]:
    width = WIDTH - MARGIN - RIGHT_X
    shapes: list[Shape] = [
        Rect(
            id="info-box",
            x=RIGHT_X,
            y=INFO_Y,
            width=width,
            height=INFO_H,
            radius=8,
            fill="#ffffff",
            stroke=MUTED,
            stroke_width=1,
        )
    ]
    y = INFO_Y + 20
    if look.over:
        words, colour = OUTCOME_BANNERS.get(look.over, ("Game over.", MUTED))
        shapes.append(
            Rect(
                id="banner",
                x=RIGHT_X + 6,
                y=INFO_Y + 6,
                width=width - 12,
                height=34,
                radius=6,
                fill=colour,
            )
        )
        shapes.append(
            _text(
                RIGHT_X + width / 2,
                INFO_Y + 23,
                words,
                id="banner-text",
                size=14,
                bold=True,
                anchor="middle",
                fill="#ffffff",
            )
        )
        y = INFO_Y + 58
    if look.info_title:
        shapes.append(_text(RIGHT_X + 12, y, look.info_title, id="info-title", size=14, bold=True))
        y += 22
    bottom = INFO_Y + INFO_H - 10
    for k, (what, points, newest) in enumerate(look.score_lines):
        if y > bottom:
            break
        shapes.append(
            _text(
                RIGHT_X + 14,
                y,
                ("▸ " if newest else "") + what,
                id=f"score-{k}",
                size=13,
                bold=newest,
            )
        )
        shapes.append(
            _text(
                WIDTH - MARGIN - 14,
                y,
                points,
                id=f"score-{k}-points",
                size=13,
                bold=newest,
                anchor="end",
            )
        )
        y += 18
    lines: list[str] = []
    for line in look.info_lines:
        lines += (
            wrap(line, width - 28, 12.5)
            if not line.startswith("• ")
            else [
                ("• " if k == 0 else "   ") + part
                for k, part in enumerate(wrap(line[2:], width - 40, 12.5))
            ]
        )
    room = int((bottom - y) // 17) + 1
    if len(lines) > room:
        lines = [*lines[: room - 1], "… (the rest is on the status line)"]
    for k, line in enumerate(lines):
        shapes.append(_text(RIGHT_X + 12, y + 17 * k, line, id=f"info-{k}", size=12.5))
    return shapes


def _panel_height(view: EcosferaView, p: int) -> float:
    line = view.lines[p]
    turn = p == view.turn_player and view.outcome == "playing"
    used = [c for c in line if c in view.used] if turn else []
    unused = len(line) - len(used)
    rows = max(1, -(-unused // PER_ROW))
    height = HEADER_H + rows * (CARD_H + 14)
    if turn:
        height += USED_GAP + max(1, -(-len(used) // PER_ROW)) * (CARD_H + 14)
    return height + 6


def _player_panel(view: EcosferaView, look: TableLook, p: int, top: float) -> list[Shape]:
    name = view.players[p]
    playing = view.outcome == "playing"
    turn = p == view.turn_player and playing
    height = _panel_height(view, p)
    shapes: list[Shape] = [
        Rect(
            id=f"panel{p}",
            x=8,
            y=top,
            width=WIDTH - 16,
            height=height,
            radius=8,
            fill="#ffffff",
            stroke=INK if turn else MUTED,
            stroke_width=2.5 if turn else 1,
        )
    ]
    title = f"{name} — to play" if turn else name
    shapes.append(_text(20, top + 22, title, id=f"panel{p}-name", size=15, bold=True))
    details = (
        f"{_seat_words(look.seats, p)} · deck {len(view.deck_contents[p])} · "
        f"discard {len(view.discards[p])} · line {len(view.lines[p])}"
    )
    shapes.append(
        _text(
            20 + 0.64 * 15 * len(title) + 12,
            top + 23,
            details,
            id=f"panel{p}-details",
            size=12,
            fill=MUTED,
        )
    )
    tiles_x = WIDTH - 20 - 3 * 124 - 2 * 8
    shapes.append(_text(tiles_x - 8, top + 24, "Ability tiles", size=12, fill=MUTED, anchor="end"))
    for t, up in enumerate(view.tiles[p]):
        shapes += ability_tile(
            t, up, tiles_x + 132 * t, top + 9, id=f"tile{p}-{t}", target=f"tile:{p}:{t}"
        )
    body = top + HEADER_H
    waiting = view.waiting[p]
    if waiting:
        code = waiting[-1]
        shapes += card_face(
            code, view.cards, MARGIN, body, id=f"waiting{p}-{code}", target=f"waiting:{p}:{code}"
        )
        shapes += tag(MARGIN + CARD_W / 2, body + CARD_H - 2, "next line", f"waiting{p}")
        shapes.append(
            _text(
                MARGIN + CARD_W / 2,
                body + CARD_H + 18,
                f"deck below: {len(view.deck_contents[p])}",
                size=11,
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
            title="Deck",
            count=len(view.deck_contents[p]),
        )
    shapes += card_back(
        DISCARD_X,
        body,
        id=f"discard{p}",
        target=f"discard:{p}",
        title="Discard",
        count=len(view.discards[p]),
    )
    line = view.lines[p]
    used = [c for c in line if c in view.used] if turn else []
    unused = [c for c in line if c not in used]
    if not line:
        shapes.append(_text(LINE_X, body + CARD_H / 2, "No cards on this line", fill=MUTED))
    selected = set(look.selected) if turn else set()
    for k, code in enumerate(unused):
        x = LINE_X + STEP * (k % PER_ROW)
        y = body + (CARD_H + 14) * (k // PER_ROW)
        target = f"line:{p}:{code}"
        cid = f"line{p}-{code}"
        shapes += card_face(
            code,
            view.cards,
            x,
            y,
            id=cid,
            target=target,
            selected=code in selected,
            marked=target in look.marks or code == look.moving,
            symbol_targets=turn,
            symbols_spent=turn and code in view.symbols_used,
        )
        lift = 10 if code in selected else 0
        shapes += _marked(look, target, x, y - lift, cid, below=False)
        if code == look.moving:
            shapes += tag(x + CARD_W / 2, y - 1, "to move", f"{cid}-moving")
    if turn:
        rows = max(1, -(-len(unused) // PER_ROW))
        used_top = body + rows * (CARD_H + 14) + USED_GAP
        shapes.append(
            _text(
                LINE_X,
                used_top - 16,
                "Used this turn — set apart (each card of a line is used once per turn):",
                id=f"panel{p}-used-label",
                size=12,
                fill=MUTED,
            )
        )
        if not used:
            shapes.append(
                Rect(
                    id=f"panel{p}-used-empty",
                    x=LINE_X + USED_SHIFT,
                    y=used_top,
                    width=STEP * PER_ROW - 8 - USED_SHIFT,
                    height=CARD_H,
                    radius=8,
                    fill=PAPER,
                    stroke=MUTED,
                    stroke_width=1,
                )
            )
            shapes.append(
                _text(
                    LINE_X + USED_SHIFT + 16,
                    used_top + CARD_H / 2,
                    "No card used yet: the cards you pay or pair with move here.",
                    id=f"panel{p}-used-none",
                    size=12,
                    fill=MUTED,
                )
            )
        for k, code in enumerate(used):
            x = LINE_X + USED_SHIFT + STEP * (k % PER_ROW)
            y = used_top + (CARD_H + 14) * (k // PER_ROW)
            shapes += card_face(
                code,
                view.cards,
                x,
                y,
                id=f"line{p}-{code}",
                target=f"line:{p}:{code}",
                used=True,
                symbol_targets=True,
                symbols_spent=code in view.symbols_used,
            )
    return shapes


def table_scene(view: EcosferaView, look: TableLook) -> Scene:
    """The whole table as one scene (everything in it is public in Ecosfera)."""
    solo = len(view.players) == 1
    who = "solo" if solo else f"{len(view.players)} players, co-operative"
    round_no = view.turns // len(view.players) + 1
    shapes: list[Shape] = [
        _text(
            MARGIN,
            20,
            f"Ecosfera · level {view.options['level']} · {who}",
            id="title",
            size=16,
            bold=True,
        ),
        _text(
            RIGHT_X - 16,
            20,
            f"turn {view.turns + 1} · round {round_no}",
            id="turn-count",
            size=13,
            fill=MUTED,
            anchor="end",
        ),
    ]
    shapes += _supply_row(view, look, "animal", ANIMAL_Y, len(view.animal_deck), view.animal_row)
    shapes += _supply_row(view, look, "plant", PLANT_Y, len(view.plant_deck), view.plant_row)
    shapes += _element_row(view)
    shapes += _tiles_area(view)
    shapes += _info_box(look)
    y: float = PANELS_Y
    for p in range(len(view.players)):
        shapes += _player_panel(view, look, p, y)
        y += _panel_height(view, p) + 10
    footer = (
        f"Game seed {look.seed} · level {view.options['level']} · "
        f"{supply_at_start(view.options['level'], len(view.players))} cards of each element "
        f"in the supply at the start · round limit {view.options['round_limit']}"
    )
    if view.options.get("extinction_rebel"):
        footer += " · Extinction Rebel"
    shapes.append(_text(MARGIN, y + 8, footer, id="footer", size=12, fill=MUTED))
    title = f"Ecosfera table: {', '.join(view.players)}, level {view.options['level']}"
    return Scene(WIDTH, int(y + 26), background=PAPER, title=title, shapes=shapes)


# ---------------------------------------------------------------------------- the widget


@dataclass
class Pending:
    """A question the table asks before a move: what it is about and the choices."""

    kind: str
    """"missing", "claim", "mycorrhiza", "refresh", "movement" (waiting for a card to
    click) or "destination"."""
    title: str
    question: str
    options: list[tuple[str, Action]] = field(default_factory=list)
    source: int = TILE
    card: int | None = None
    plant: int | None = None


def _sentence(reason: str) -> str:
    reason = _cap(reason.strip())
    return reason if reason.endswith((".", "!", "?")) else reason + "."


LEVEL_OPTIONS = [
    (f"Level {level}{' (easiest)' if level == 1 else ' (hardest)' if level == 5 else ''}", level)
    for level in LEVELS
]


class EcosferaTable(GameTable[Ecosfera]):
    """A game of Ecosfera to play in a notebook; display the object to play.

    ``players`` are the names, ``seats`` say who plays each: "human", "random", "greedy",
    "search" (and "planner" when gamecore has it; see ``seat_kinds()``); the default is
    one human and greedy teammates. ``level`` is 1 (easiest) to 5; ``seed`` deals the game
    (None: a new one); other keyword options go to the game (``first_player``,
    ``round_limit``, ``extinction_rebel``, ``hardest_level_points``). ``step_bots``: bots
    wait for “Next bot move” instead of playing their turns at once.

    For tests and scripts: ``scene()``, ``click(x, y)``, ``click_target(target)``,
    ``select(code)``, ``pay(plant, cards)``, ``perform(action)`` (the clicks a person
    would make for a legal action), ``choose(i)``, ``end_turn()``, ``show_hints()``,
    ``buttons``, ``status.text``, ``history``, ``game``.
    """

    game_type = Ecosfera
    game_title = "Ecosfera"
    load_errors = (SaveFileError, ValueError, IllegalAction, TypeError, KeyError)

    def __init__(
        self,
        players: Sequence[str] = ("You",),
        seats: Sequence[str] | None = None,
        level: int = 1,
        seed: int | None = None,
        *,
        step_bots: bool = False,
        search_iterations: int = 40,
        **options: Any,
    ) -> None:
        names = tuple(players)
        chosen = check_seats(
            seats if seats is not None else default_seats(len(names)), len(names), seat_kinds()
        )
        game = Ecosfera(names, fresh_seed() if seed is None else seed, level=level, **options)
        self._build(game, chosen, step_bots, search_iterations)

    @classmethod
    def from_game(
        cls,
        game: Ecosfera,
        *,
        seats: Sequence[str] | None = None,
        step_bots: bool = False,
        search_iterations: int = 40,
    ) -> EcosferaTable:
        """Continue a copy of ``game`` (default seats: the first player human, bots greedy)."""
        if not isinstance(game, Ecosfera):
            raise TypeError(f"from_game needs an Ecosfera game, not {type(game).__name__}")
        n = len(game.players)
        chosen = check_seats(seats if seats is not None else default_seats(n), n, seat_kinds())
        table = cls.__new__(cls)
        table._build(game.clone(), chosen, step_bots, search_iterations)
        return table

    # ------------------------------------------------------------------ building
    def _build(
        self, game: Ecosfera, seats: tuple[str, ...], step_bots: bool, iterations: int
    ) -> None:
        self.seats = seats
        self.step_bots = step_bots
        self.search_iterations = iterations
        self.selected: list[int] = []
        """Cards of the turn player's line selected (to pay, to pair), in click order."""
        self.pending: Pending | None = None
        self.hints = False
        """Whether “What can I do?” marks are on."""
        self.score_step = 0
        self.monk = False
        self.history: list[str] = []
        """Every move of the game in a sentence, oldest first (one entry per move)."""
        self.history_turns: list[int] = []
        self._end_warned = False
        self._last_human: int | None = None
        self._default_name = ""
        self._sheet: ScoreSheet | None = None
        self._sheet_key: tuple[int, bool] | None = None
        self.game = game
        self._make_widgets()
        self._start(game, "")

    def _make_widgets(self) -> None:
        self.status = StatusLine("eco-status")
        self.canvas = SceneCanvas(
            Scene(WIDTH, 400, background=PAPER),
            on_click=self._on_target,
            on_error=self._problem,
            css_class="eco-table-canvas",
        )
        self.buttons: dict[str, w.Button] = {
            "hint": make_button(
                "What can I do?", "eco-hint", "Mark every card you can acquire now"
            ),
            "end_turn": make_button("End turn", "eco-end-turn", "End your turn"),
            "clear": make_button("Clear selection", "eco-clear", "Unselect the cards of your line"),
            "next_bot": make_button(
                "Next bot move", "eco-next-bot", "Let the bot to play move once"
            ),
            "bot_turn": make_button(
                "Finish bot turn", "eco-bot-turn", "Let the bot to play finish its turn"
            ),
            "score_step": make_button("Next scoring step", "eco-score-step", ""),
            "undo": make_button("Undo", "eco-undo", "Back to the previous human decision"),
            "new_game": make_button("New game", "eco-new-game", "Deal a new game"),
            "cancel": make_button("Cancel", "eco-cancel", "Forget the question"),
        }
        self.choice_buttons = [make_button("", "eco-choice", "") for _ in range(CHOICES)]
        for k, button in enumerate(self.choice_buttons):
            button.add_class(f"eco-choice-{k}")
            button.on_click(self._guard(partial(self.choose, k)))
        b = self.buttons
        b["hint"].on_click(self._guard(self.show_hints))
        b["end_turn"].on_click(self._guard(self.end_turn))
        b["clear"].on_click(self._guard(self.clear_selection))
        b["next_bot"].on_click(self._guard(self.next_bot_move))
        b["bot_turn"].on_click(self._guard(self.finish_bot_turn))
        b["score_step"].on_click(self._guard(self.next_score_step))
        b["undo"].on_click(self._guard(self.undo))
        b["new_game"].on_click(self._guard(self.new_game))
        b["cancel"].on_click(self._guard(self.cancel))
        self.question = w.HTML()
        self.question.add_class("eco-question")
        self.history_html = labelled_html("eco-history")
        self.seed_label = labelled_html("eco-seed")
        self.score_html = labelled_html("eco-score")
        self.level_choice = w.Dropdown(
            options=LEVEL_OPTIONS,
            value=self.game.level,
            description="Level",
            layout=w.Layout(width="220px"),
        )
        self.level_choice.add_class("eco-level")
        self.seed_input = w.Text(
            value="",
            placeholder="new at random",
            description="Seed",
            layout=w.Layout(width="220px"),
        )
        self.seed_input.add_class("eco-seed-input")
        self.rebel_box = w.Checkbox(
            value=bool(self.game.options.get("extinction_rebel")),
            description="Extinction Rebel (start with 6 extinction tiles)",
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.rebel_box.add_class("eco-rebel")
        self.monk_box = w.Checkbox(
            value=False,
            description="We won without speaking (The Monk, +40)",
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.monk_box.add_class("eco-monk")
        self.monk_box.observe(self._guard(self._monk_ticked), names="value")
        self._file_widgets("eco")
        self.widget = self._layout()

    def _layout(self) -> w.VBox:
        b = self.buttons
        actions = w.HBox(
            [b[k] for k in ("hint", "end_turn", "clear", "next_bot", "bot_turn", "score_step")],
            layout=w.Layout(flex_flow="row wrap"),
        )
        choices = w.HBox([*self.choice_buttons, b["cancel"]], layout=w.Layout(flex_flow="row wrap"))
        controls = w.VBox(
            [
                self.seed_label,
                w.HBox([b["undo"], b["new_game"]]),
                self.level_choice,
                self.seed_input,
                self.rebel_box,
                self.file_row,
                self.monk_box,
            ],
            layout=w.Layout(width="430px"),
        )
        self.history_html.layout = w.Layout(width="560px")
        below = w.HBox([self.history_html, controls], layout=w.Layout(width=f"{WIDTH}px"))
        table = w.VBox(
            [
                self.status.widget,
                actions,
                self.question,
                choices,
                self.canvas.canvas,
                below,
                self.score_html,
            ]
        )
        table.add_class("eco-table")
        return table

    def _refusal(self) -> str | None:
        """Why nobody at the screen can act now (None: the human to play can)."""
        game = self.game
        if game.is_over:
            return GAME_OVER_REFUSAL
        player = game.current_player
        if not self._is_human(player):
            assert player is not None
            return (
                f"It is {possessive(self._name(player))} turn ({self.seats[player]} bot): "
                "press “Next bot move” or “Finish bot turn”."
            )
        return None

    # ------------------------------------------------------------------ playing
    def _start(self, game: Ecosfera, event: str) -> None:
        """Show ``game`` from scratch: history, bots' turns, picture."""
        self.game = game
        self.selected = []
        self.pending = None
        self.score_step = 0
        self._end_warned = False
        self.history, self.history_turns = history_of(game)
        self._suggest_file_name(f"ecosfera-{game.seed}.json")
        set_traits(self.level_choice, value=game.level)
        set_traits(self.rebel_box, value=bool(game.options.get("extinction_rebel")))
        moves = self._run_bots()
        self.status.set(event=" ".join([event, *self._summary(moves)]).strip())
        self._refresh()

    def _describe(self, before: Ecosfera, player: int, action: Action) -> str:
        return describe_move(before, self.game, player, action)

    def _record(self, before: Ecosfera, player: int, text: str) -> None:
        self.history.append(text)
        self.history_turns.append(before.turns + 1)

    def _fallback(self, legal: Sequence[Action]) -> Action:
        """A failing teammate ends its turn (ending a turn is always legal, and last)."""
        return legal[-1]

    def _summary(self, moves: Sequence[tuple[int, str]]) -> list[str]:
        """The bots' moves for the status line: short, with what happened by itself."""
        if len(moves) <= 2:
            return [text for _, text in moves]
        out: list[str] = []
        by_player: dict[int, int] = {}
        for player, _ in moves:
            by_player[player] = by_player.get(player, 0) + 1
        for player, n in by_player.items():
            out.append(
                f"{self._name(player)} ({self.seats[player]} bot) made {n} moves (see the moves)."
            )
        out.append("Last: " + moves[-1][1])
        return out

    def _play_human(self, action: Action, before_text: str = "") -> bool:
        """Play a human's move (checked by the engine), then let the bots answer."""
        refusal = self._refusal() or self.game.why_illegal(action)
        if refusal:
            self._problem(_sentence(refusal))
            return False
        player = self.game.current_player
        assert player is not None
        self._last_human = player
        text = self._commit(player, action)
        self.selected = []
        self.pending = None
        self._end_warned = False
        moves = self._run_bots()
        event = " ".join([before_text, text, *self._summary(moves)]).strip()
        if self.game.is_over:
            event += f" Game over: {self.game.describe_outcome()}."
        self.status.set(event=event)
        self._refresh()
        return True

    def perform(self, action: Action) -> bool:
        """Make the clicks a person would make for ``action`` (for tests and demos).

        Returns whether the move was played. Refused steps are explained as for clicks.
        """
        refusal = self._refusal()
        if refusal:
            self._problem(refusal)
            return False
        self.clear_selection()
        if isinstance(action, AcquirePlant):
            return self.pay(action.plant, action.cards)
        if isinstance(action, TakeMissingElement):
            self._select_all(action.cards)
            self.click_target(f"plant:{action.plant}")
            return self._choose_action(action)
        if isinstance(action, AcquireAnimal):
            self._select_all((action.plant_a, action.plant_b))
            moves = len(self.game.moves())
            self.click_target(f"animal:{action.animal}")
            return len(self.game.moves()) > moves
        if isinstance(action, ClaimBiomes):
            moves = len(self.game.moves())
            self._select_all((action.animal_a, action.animal_b))
            if len(self.game.moves()) > moves:
                return True
            return self._choose_action(action)
        if isinstance(action, Mycorrhiza):
            self._select_all((action.tree, action.mushroom))
            return self._choose_action(action)
        if isinstance(action, (Plus, Refresh, Move)):
            ability = {Plus: 0, Refresh: 1, Move: 2}[type(action)]
            p = self.game.turn_player
            target = (
                f"tile:{p}:{ability}"
                if action.source == TILE
                else f"symbol:{action.source}:{ability}"
            )
            moves = len(self.game.moves())
            self.click_target(target)
            if isinstance(action, Move):
                self.click_target(f"line:{p}:{action.card}")
            if len(self.game.moves()) > moves:
                return True
            return self._choose_action(action)
        if isinstance(action, EndTurn):
            return self.end_turn() or self.end_turn()
        self._problem(f"{action!r} is not an Ecosfera move.")
        return False

    def _select_all(self, cards: Sequence[int]) -> None:
        for code in cards:
            if code not in self.selected:
                self.click_target(f"line:{self.game.turn_player}:{code}")

    def _choose_action(self, action: Action) -> bool:
        if self.pending is None:
            return False
        for k, (_, option) in enumerate(self.pending.options):
            if option == action or _same(option, action):
                return self.choose(k)
        return False

    def click_target(self, target: str) -> None:
        """Click the middle of the first shape with this target (what a test would do)."""
        self.click(*self.scene().center_of(target))

    # ------------------------------------------------------------------ selection
    def _free(self) -> list[int]:
        """The unused cards of the turn player's line."""
        game = self.game
        return [c for c in game.lines[game.turn_player] if c not in game.used]

    def select(self, code: int) -> bool:
        """Select (or unselect) a card of the turn player's line, as a click on it does."""
        refusal = self._refusal()
        if refusal:
            self._problem(refusal)
            return False
        game = self.game
        p = game.turn_player
        if code not in game.lines[p]:
            self._problem(
                f"{_cap(card_words(game.cards, code))} is not on {possessive(self._name(p))} line."
            )
            return False
        if code in game.used:
            self._problem(
                f"{_cap(card_words(game.cards, code))} was already used this turn "
                "(each card of your line is used once per turn)."
            )
            return False
        self._end_warned = False
        if code in self.selected:
            self.selected.remove(code)
            self.pending = None
            self.status.set(event=f"{_cap(card_name(game.cards, code))} is no longer selected.")
            self._refresh()
            return True
        if self.pending is not None and self.pending.kind != "movement":
            self.pending = None
        self.selected.append(code)
        self._after_selection(code)
        return True

    def clear_selection(self) -> None:
        """Unselect everything and forget any question."""
        self.selected = []
        self.pending = None
        self._end_warned = False
        self._refresh()

    def cancel(self) -> None:
        """Forget the question (the “Cancel” button); the selection stays."""
        if self.pending is None:
            self._problem("There is no question to cancel.")
            return
        self.pending = None
        self.status.set(event="Cancelled.")
        self._refresh()

    def _picked(self, kind: Callable[[int], bool]) -> list[int]:
        return [c for c in self.selected if kind(c)]

    def _after_selection(self, code: int) -> None:
        """Say what the selection can do; two animals win their tiles at once."""
        game = self.game
        cards = game.cards
        animals = self._picked(is_animal)
        plants = self._picked(is_plant)
        if is_animal(code) and len(animals) >= 2:
            self._pair_animals(animals[-2], animals[-1])  # the two chosen last
            return
        if is_plant(code) and len(plants) == 2:
            myco = self._mycorrhiza_option(*plants)
            if myco is not None:
                self.pending = Pending(
                    "mycorrhiza",
                    "Mycorrhiza",
                    f"{card_name(cards, myco.tree)} (mushroom symbol) and "
                    f"{card_name(cards, myco.mushroom)} can mycorrhize — or click an animal in "
                    "the supply to call it with them instead.",
                    [(_cap(describe_action(game, myco)), myco)],
                )
        self.status.set(event=self._selection_words())
        self._refresh()

    def _mycorrhiza_option(self, a: int, b: int) -> Mycorrhiza | None:
        cards = self.game.cards
        for tree, mushroom in ((a, b), (b, a)):
            if tree in cards.symbol_trees and mushroom in cards.mushrooms:
                action = Mycorrhiza(tree, mushroom)
                if self.game.why_illegal(action) is None:
                    return action
        return None

    def _pair_animals(self, a: int, b: int) -> None:
        game = self.game
        options = [
            ClaimBiomes(a, b, t)
            for t in (NO_TILE, *range(len(ABILITIES)))
            if game.why_illegal(ClaimBiomes(a, b, t)) is None
        ]
        if not options:
            reason = game.why_illegal(ClaimBiomes(a, b, NO_TILE)) or ""
            self._problem(_sentence(reason))
            self._refresh()
            return
        if len(options) == 1 and options[0].reactivate == NO_TILE:
            self._play_human(options[0])
            return
        cards = game.cards
        self.pending = Pending(
            "claim",
            "Biome tiles",
            f"{card_name(cards, a)} and {card_name(cards, b)} share "
            f"{biome_words(cards.biome_mask[a] & cards.biome_mask[b])}. Pairing two animals "
            "may also turn one face-down ability tile face up: choose.",
            [(_cap(describe_action(game, o)), o) for o in options],
        )
        self.status.set(event="Two animals that share a biome: choose what the pair does.")
        self._refresh()

    def _selection_words(self) -> str:
        game = self.game
        cards = game.cards
        if not self.selected:
            return "Nothing selected."
        names = join_words([card_name(cards, c) for c in self.selected])
        elements = self._picked(is_element)
        plants = self._picked(is_plant)
        parts = [f"Selected: {names}."]
        if elements:
            exact, short = self._payable(elements)
            if exact:
                parts.append(
                    f"It pays for {join_words([card_name(cards, c) for c in exact])}: click it."
                )
            if short:
                parts.append(
                    "One element short of "
                    + join_words([f"{card_name(cards, c)} ({ELEMENTS[e]})" for c, e in short])
                    + ": click it to take the missing element."
                )
            if not exact and not short:
                parts.append("It does not fit any plant in the row yet.")
        if len(plants) == 2:
            calls = self._callable(*plants)
            if calls:
                parts.append(
                    f"They can call {join_words([card_name(cards, c) for c in calls])}: click it."
                )
            else:
                shared = cards.biome_mask[plants[0]] & cards.biome_mask[plants[1]]
                parts.append(
                    f"They share {biome_words(shared)}, but no animal of the row lives there."
                    if shared
                    else "They share no biome, so they call no animal."
                )
        return " ".join(parts)

    def _payable(self, elements: Sequence[int]) -> tuple[list[int], list[tuple[int, int]]]:
        """Plants of the row these elements pay exactly, and those one element short."""
        game = self.game
        exact: list[int] = []
        short: list[tuple[int, int]] = []
        for plant in game.plant_row:
            if not plant:
                continue
            if game.why_illegal(AcquirePlant.paying(plant, elements)) is None:
                exact.append(plant)
                continue
            missing = self._missing_one(plant, elements)
            if missing is not None:
                short.append((plant, missing))
        return exact, short

    def _missing_one(self, plant: int, elements: Sequence[int]) -> int | None:
        """The element the missing-element rule would take for ``plant``, if legal."""
        cost = self.game.cards.cost[plant]
        counts = [0] * len(ELEMENTS)
        for c in elements:
            counts[ELEMENT_OF[c]] += 1
        gaps = [cost[e] - counts[e] for e in range(len(ELEMENTS))]
        if any(g < 0 for g in gaps) or sum(gaps) != 1:
            return None
        e = gaps.index(1)
        action = TakeMissingElement.paying(plant, e, elements)
        return e if self.game.why_illegal(action) is None else None

    def _callable(self, a: int, b: int) -> list[int]:
        return [
            x
            for x in self.game.animal_row
            if x and self.game.why_illegal(AcquireAnimal(x, a, b)) is None
        ]

    def pay(self, plant: int, cards: Sequence[int]) -> bool:
        """Select exactly ``cards`` on the line and click ``plant``; whether it was bought.

        With the selection one element short, the click offers the missing element (see
        ``pending``) and nothing is bought yet.
        """
        refusal = self._refusal()
        if refusal:
            self._problem(refusal)
            return False
        self.selected = []
        self.pending = None
        for code in cards:
            if not self.select(code):
                return False
        moves = len(self.game.moves())
        if f"plant:{plant}" not in self.scene().targets():
            self._problem(
                f"{_cap(card_words(self.game.cards, plant))} is not in the plant & fungi row."
            )
            return False
        self.click_target(f"plant:{plant}")
        return len(self.game.moves()) > moves

    # ------------------------------------------------------------------ clicks
    def _on_target(self, target: str | None, *_xy: float) -> None:
        """Turn a click into a selection, a move, a question or an explanation."""
        kind, _, rest = (target or "").partition(":")
        args = [int(v) for v in rest.split(":")] if rest else []
        self._end_warned = kind == "" and self._end_warned
        acting = {
            "line": self._click_line,
            "plant": self._click_plant,
            "animal": self._click_animal,
            "tile": self._click_tile,
            "symbol": self._click_symbol,
            "plantdeck": self._click_deck,
            "animaldeck": self._click_deck,
        }
        if kind in acting:
            acting[kind](kind, *args)
            return
        self._problem(self._explain(kind, args))

    def _click_line(self, _kind: str, p: int, code: int) -> None:
        game = self.game
        refusal = self._refusal()
        if refusal:
            self._problem(refusal)
            return
        cards = game.cards
        if p != game.turn_player:
            self._problem(
                f"{_cap(card_name(cards, code))} is on {possessive(self._name(p))} line. Lines are "
                f"public, but a line's cards are used on its owner's turn; it is "
                f"{possessive(self._name(game.turn_player))} turn."
            )
            return
        if self.pending is not None and self.pending.kind == "movement":
            self._movement_card(code)
            return
        self.select(code)

    def _click_plant(self, _kind: str, plant: int) -> None:
        refusal = self._refusal()
        if refusal:
            self._problem(refusal)
            return
        if self.pending is not None and self.pending.kind == "refresh":
            self._refresh_row(PLANT_ROW)
            return
        if (
            self.pending is not None
            and self.pending.kind == "missing"
            and self.pending.plant == plant
        ):
            self.choose(0)  # a second click on the plant confirms the offer
            return
        self.pending = None
        game = self.game
        cards = game.cards
        elements = self._picked(is_element)
        name = _cap(card_words(cards, plant))
        if not elements:
            self._offer_payment(plant)
            return
        action = AcquirePlant.paying(plant, elements)
        reason = game.why_illegal(action)
        if reason is None:
            self._play_human(action)
            return
        missing = self._missing_one(plant, elements)
        if missing is not None:
            self._offer_missing(plant, missing, elements)
            return
        counts = [0] * len(ELEMENTS)
        for c in elements:
            counts[ELEMENT_OF[c]] += 1
        gaps = [need - have for need, have in zip(cards.cost[plant], counts)]
        extra = ""
        if sum(g for g in gaps if g > 0) >= 2 and all(g >= 0 for g in gaps):
            extra = " More than one element is missing, and the rule takes only one."
        elif sum(gaps) == 1 and all(g >= 0 for g in gaps):
            element = ELEMENTS[gaps.index(1)]
            spare = [c for c in self._free() if is_element(c) and c not in elements]
            if any(ELEMENTS[ELEMENT_OF[c]] == element for c in spare):
                extra = f" Your line has an unused {element} card: select it too."
            elif not game.element_decks[gaps.index(1)]:
                extra = f" The {element} deck is empty, so the missing {element} cannot be taken."
        self._problem(f"{name}: {_sentence(reason)}{extra}")
        self._refresh()

    def _offer_missing(self, plant: int, missing: int, elements: Sequence[int]) -> None:
        """Ask before the missing-element rule takes a card from an element deck."""
        game = self.game
        cards = game.cards
        element = ELEMENTS[missing]
        take = TakeMissingElement.paying(plant, missing, elements)
        left = len(game.element_decks[missing])
        gap = (
            f"Your selection is one {element} short of {card_name(cards, plant)}."
            if elements
            else f"{card_name(cards, plant)} costs one {element}, and your line has none unused."
        )
        self.pending = Pending(
            "missing",
            "One element missing",
            f"{gap} The "
            f"missing-element rule takes it from the {element} deck ({left} left) and uses "
            "it at once. Each element card left in the supply is worth 1 point at the end. "
            "Press the button or click the plant again.",
            [(f"Take the missing {element} and buy {card_name(cards, plant)}", take)],
            plant=plant,
        )
        self.status.set(
            event=f"{_cap(card_words(cards, plant))}: one {element} short — take the missing "
            f"{element} from its deck? Press the button, or “Cancel”."
        )
        self._refresh()

    def _offer_payment(self, plant: int) -> None:
        """A click on a plant with no element selected: select a payment that fits."""
        game = self.game
        cards = game.cards
        name = card_words(cards, plant)
        for action in game.legal_actions():
            if isinstance(action, (AcquirePlant, TakeMissingElement)) and action.plant == plant:
                self.selected = [c for c in self.selected if not is_element(c)]
                self.selected += list(action.cards)
                if isinstance(action, AcquirePlant):
                    self.status.set(
                        event=f"{_cap(name)} costs {cost_words(cards.cost[plant])}: selected "
                        f"{element_words(action.cards)} on your line. Click it again to buy it."
                    )
                else:
                    self.status.set(
                        event=f"{_cap(name)} costs {cost_words(cards.cost[plant])}: your line is "
                        f"one {ELEMENTS[action.element]} short. Selected "
                        f"{element_words(action.cards) or 'nothing more'}; click it again to "
                        "take the missing element."
                    )
                    if not action.cards:
                        self._offer_missing(plant, action.element, ())
                        return
                self._refresh()
                return
        have = [0] * len(ELEMENTS)
        for c in self._free():
            if is_element(c):
                have[ELEMENT_OF[c]] += 1
        cost = cards.cost[plant]
        gaps = [(e, n - have[e]) for e, n in enumerate(cost) if n > have[e]]
        if len(gaps) == 1 and gaps[0][1] == 1:  # one short, yet refused: its deck is empty
            element = ELEMENTS[gaps[0][0]]
            why = f"the {element} deck is empty, so the missing {element} cannot be taken"
        elif gaps:
            lack = join_words([f"{k} {ELEMENTS[e]}" for e, k in gaps])
            why = (
                f"the unused cards of your line lack {lack}, and the missing-element rule "
                "takes only one element"
            )
        else:
            why = "it cannot be bought now"
        self._problem(f"{_cap(name)} costs {cost_words(cost)}: {why}.")
        self._refresh()

    def _click_animal(self, _kind: str, animal: int) -> None:
        refusal = self._refusal()
        if refusal:
            self._problem(refusal)
            return
        if self.pending is not None and self.pending.kind == "refresh":
            self._refresh_row(ANIMAL_ROW)
            return
        if self.pending is not None and self.pending.kind != "mycorrhiza":
            self.pending = None
        game = self.game
        cards = game.cards
        plants = self._picked(is_plant)
        name = _cap(card_words(cards, animal))
        if len(plants) == 2:
            action = AcquireAnimal(animal, plants[0], plants[1])
            reason = game.why_illegal(action)
            if reason is None:
                self._play_human(action)
            else:
                self._problem(f"{name}: {_sentence(reason)}")
            return
        if plants:
            self._problem(
                f"{name}: an animal is called by exactly two plants of your line that share one "
                f"of its biomes ({biome_words(cards.biome_mask[animal])}); {len(plants)} "
                f"{'is' if len(plants) == 1 else 'are'} selected."
            )
            return
        for action in game.legal_actions():
            if isinstance(action, AcquireAnimal) and action.animal == animal:
                self.selected = [c for c in self.selected if not is_plant(c)]
                self.selected += [action.plant_a, action.plant_b]
                self.status.set(
                    event=f"{name} lives in {biome_words(cards.biome_mask[animal])}: selected "
                    f"{card_name(cards, action.plant_a)} and {card_name(cards, action.plant_b)} "
                    "on your line. Click it again to call it."
                )
                self._refresh()
                return
        self._problem(
            f"{name} lives in {biome_words(cards.biome_mask[animal])}: to call it you need two "
            "unused plants on your line that share one of those biomes, and you have none."
        )

    def _click_tile(self, _kind: str, p: int, ability: int) -> None:
        refusal = self._refusal()
        if refusal:
            self._problem(refusal)
            return
        if p != self.game.turn_player:
            up = "face up" if self.game.tiles[p][ability] else "face down"
            self._problem(
                f"{possessive(self._name(p), start=True)} {ABILITIES[ability]} tile is {up}: only "
                f"{self._name(p)} can use it, on {_their(self._name(p))} own turn."
            )
            return
        self._use_ability(TILE, ability)

    def _click_symbol(self, _kind: str, code: int, ability: int) -> None:
        refusal = self._refusal()
        if refusal:
            self._problem(refusal)
            return
        self._use_ability(code, ability)

    def _click_deck(self, kind: str) -> None:
        row = PLANT_ROW if kind == "plantdeck" else ANIMAL_ROW
        if self._refusal() is None and self.pending is not None and self.pending.kind == "refresh":
            self._refresh_row(row)
            return
        game = self.game
        deck = game.plant_deck if row == PLANT_ROW else game.animal_deck
        what = "plant & fungi" if row == PLANT_ROW else "animal"
        self._problem(
            f"The {what} deck: {len(deck)} cards, face down. Acquired cards are replaced from it; "
            "the refresh ability puts the whole row under it and opens four new cards."
        )

    # ------------------------------------------------------------------ abilities
    def _use_ability(self, source: int, ability: int) -> None:
        game = self.game
        cards = game.cards
        self.pending = None
        self._end_warned = False
        name = self._name(game.turn_player)
        words = _cap(_source_words(cards, source, ability, name))
        if ability == 0:
            self._play_human(Plus(source))
            return
        if ability == 1:
            options = [
                (
                    f"Refresh the {'plant & fungi' if row == PLANT_ROW else 'animal'} row",
                    Refresh(source, row),
                )
                for row in (PLANT_ROW, ANIMAL_ROW)
                if game.why_illegal(Refresh(source, row)) is None
            ]
            if not options:
                self._problem(_sentence(game.why_illegal(Refresh(source, PLANT_ROW)) or ""))
                self._refresh()
                return
            self.pending = Pending(
                "refresh",
                "Refresh",
                f"{words}: which supply row goes under its deck for four new cards? Press a "
                "button or click the row.",
                options,
                source=source,
            )
            self.status.set(event=f"{words}: choose the row to refresh.")
            self._refresh()
            return
        reason = game.why_illegal(Move(source, 0, RECYCLE))
        if reason is not None and "card 0" not in reason:
            self._problem(_sentence(reason))
            self._refresh()
            return
        movable = [c for c in self._free() if not is_disaster(c)]
        if not movable:
            self._problem(
                "Movement needs an unused card of your line that is not a disaster, and there is "
                "none."
            )
            self._refresh()
            return
        chosen = [c for c in self.selected if c in movable]
        self.pending = Pending(
            "movement",
            "Movement",
            f"{words}: click the card of your line to move (an unused card, not a disaster).",
            source=source,
        )
        if len(self.selected) == 1 and chosen:
            self._movement_card(chosen[0])
            return
        self.selected = []
        self.status.set(event=f"{words}: click the card of your line to move.")
        self._refresh()

    def _movement_card(self, code: int) -> None:
        game = self.game
        cards = game.cards
        pending = self.pending
        assert pending is not None
        reason = game.why_illegal(Move(pending.source, code, RECYCLE))
        if reason is not None:
            self._problem(_sentence(reason))
            return
        p = game.turn_player
        targets = [RECYCLE] + (
            [OWN_DECK] if game.solo else [q for q in range(len(game.players)) if q != p]
        )
        what = card_name(cards, code)
        options: list[tuple[str, Action]] = []
        for to in targets:
            action = Move(pending.source, code, to)
            if game.why_illegal(action) is not None:
                continue
            if to == RECYCLE:
                label = f"Recycle {what} to its supply deck"
            elif to == OWN_DECK:
                label = f"Put {what} on top of your deck (next line)"
            else:
                label = f"Give {what} to {self._name(to)}"
            options.append((label, action))
        self.pending = Pending(
            "destination",
            "Movement",
            f"Where does {what} go? Recycled, it goes under its supply deck"
            + (
                "; on top of your deck, face up, it joins your next line."
                if game.solo
                else "; given, it waits on that player's line for their turn."
            ),
            options,
            source=pending.source,
            card=code,
        )
        self.selected = []
        self.status.set(event=f"Movement: where does {what} go?")
        self._refresh()

    def _refresh_row(self, row: int) -> None:
        pending = self.pending
        assert pending is not None
        self._play_human(Refresh(pending.source, row))

    def choose(self, index: int) -> bool:
        """Press the ``index``-th choice button of the question being asked."""
        pending = self.pending
        if pending is None or not 0 <= index < len(pending.options):
            self._problem("There is no such choice now.")
            return False
        return self._play_human(pending.options[index][1])

    # ------------------------------------------------------------------ buttons
    def show_hints(self) -> None:
        """“What can I do?”: mark every possible acquisition (press again to hide)."""
        refusal = self._refusal()
        if refusal:
            self._problem(refusal)
            return
        if self.hints and not self.selected and self.pending is None:
            self.hints = False
            self.status.set(event="Hints hidden.")
            self._refresh()
            return
        self.hints = True
        self.selected = []
        self.pending = None
        items = hint_items(self.game)
        if items:
            self.status.set(
                event=f"{len(items)} possible acquisition{'s' * (len(items) != 1)}: "
                + "; ".join(items)
                + "."
            )
        else:
            self.status.set(event=self._nothing_to_acquire())
        self._refresh()

    def _nothing_to_acquire(self) -> str:
        abilities = self._ability_words()
        text = "Nothing can be acquired now."
        if abilities:
            text += f" You can still use {join_words(abilities)}; they may bring something."
        if not self.game.achieved:
            text += " Ending the turn now brings a disaster card."
        return text

    def _ability_words(self) -> list[str]:
        game = self.game
        cards = game.cards
        name = self._name(game.turn_player)
        seen: dict[tuple[int, int], None] = {}
        for a in game.legal_actions():
            if isinstance(a, (Plus, Refresh, Move)):
                ability = {Plus: 0, Refresh: 1, Move: 2}[type(a)]
                seen.setdefault((a.source, ability), None)
        return [_source_words(cards, s, ab, name) for s, ab in seen]

    def end_turn(self) -> bool:
        """End the turn (the “End turn” button). With nothing acquired while something
        could be, the first press warns that a disaster will come; the second ends it."""
        refusal = self._refusal()
        if refusal:
            self._problem(refusal)
            return False
        game = self.game
        found = acquisitions(game)
        if not game.achieved and found and not self._end_warned:
            self._end_warned = True
            items = [i[0].lower() + i[1:] for i in hint_items(game)]
            self._problem(
                "You have acquired nothing this turn, so ending it now brings a disaster card — "
                f"and you could still {items[0]}"
                + (
                    f" (or {len(items) - 1} other way{'s' * (len(items) > 2)})"
                    if len(items) > 1
                    else ""
                )
                + ". Press “End turn” again to end anyway."
            )
            self._refresh()
            return False
        return self._play_human(EndTurn())

    def finish_bot_turn(self) -> bool:
        """Let the bot to play finish its turn (the “Finish bot turn” button)."""
        if not self._bot_to_play():
            self._problem("The game is over." if self.game.is_over else "It is a human's turn.")
            return False
        player = self.game.current_player
        moves: list[tuple[int, str]] = []
        while self.game.current_player == player and self._bot_to_play():
            turns = self.game.turns
            moves.append(self._play_bot())
            if self.game.turns != turns:
                break
        self.status.set(event=" ".join(self._summary(moves)))
        self._refresh()
        return True

    def undo(self) -> bool:
        """Back to the previous human decision, undoing the bots' moves after it."""
        undone = self._undo_to_human()
        if undone is None:
            return False
        del self.history_turns[len(self.history) :]
        self.selected = []
        self.pending = None
        self.score_step = 0
        self._end_warned = False
        player = self.game.current_player
        assert player is not None
        others = bot_moves_words(undone)
        self.status.set(event=f"Undid {possessive(self._name(player))} last move{others}.")
        self._refresh()
        return True

    def new_game(self, seed: int | None = None, level: int | None = None) -> None:
        """Deal a new game: the level chosen (or given), a new seed unless given or typed."""
        if level is None:
            level = int(self.level_choice.value)
        if seed is None and self.seed_input.value.strip():
            typed = self.seed_input.value.strip()
            if not typed.isdigit():
                self._problem(f"The seed must be a whole number, not {typed!r}.")
                return
            seed = int(typed)
        options = dict(self.game.options)
        options["level"] = level
        options["extinction_rebel"] = bool(self.rebel_box.value)
        options["first_player"] = 0
        game = type(self.game)(self.game.players, fresh_seed() if seed is None else seed, **options)
        self.hints = False
        set_traits(self.monk_box, value=False)
        self._start(game, f"New game: level {level}, seed {game.seed}.")

    # ------------------------------------------------------------------ scoring
    def sheet(self) -> ScoreSheet:
        """The team's score sheet (provisional while the game goes on)."""
        monk = bool(self.monk_box.value) and self._monk_allowed()
        key = (len(self.game.log), monk)
        if self._sheet is None or self._sheet_key != key:
            self._sheet, self._sheet_key = self.game.team_score(monk=monk), key
        return self._sheet

    def _monk_allowed(self) -> bool:
        return self.game.outcome == "won" and not self.game.solo

    def _monk_ticked(self) -> None:
        if self.monk_box.value and not self._monk_allowed():
            self._problem("The Monk counts only for a won game of two or more players.")
        self._refresh()

    def score_steps(self) -> list[str]:
        """The scoring categories shown one by one (the challenges that scored included)."""
        sheet = self.sheet()
        return [c for c in sheet.categories if sheet.rows_for(sheet.players[0], c)]

    def next_score_step(self) -> bool:
        """Reveal the next scoring category, and after the last one the total."""
        if not self.game.is_over:
            self._problem("The score is counted when the game is over.")
            return False
        steps = self.score_steps()
        if self.score_step > len(steps):
            self._problem("Every scoring step is shown: press “New game” to play again.")
            return False
        self.score_step += 1
        sheet = self.sheet()
        team = sheet.players[0]
        if self.score_step > len(steps):
            event = f"Total: {sheet.total(team)} points for the team."
        else:
            category = steps[self.score_step - 1]
            reasons = "; ".join(r.reason for r in sheet.rows_for(team, category))
            event = f"{sheet.title(category)}: {reasons}."
        self.status.set(event=event)
        self._refresh()
        return True

    def _score_lines(self) -> tuple[tuple[str, str, bool], ...]:
        if not self.game.is_over or not self.score_step:
            return ()
        sheet = self.sheet()
        team = sheet.players[0]
        steps = self.score_steps()
        lines = []
        for k, category in enumerate(steps[: self.score_step]):
            newest = k == self.score_step - 1
            lines.append((sheet.title(category), f"{sheet.points(team, category):+d}", newest))
        if self.score_step > len(steps):
            lines.append(("Total for the team", str(sheet.total(team)), True))
        return tuple(lines)

    def _score_html(self) -> str:
        if not self.game.is_over or not self.score_step:
            return ""
        sheet = self.sheet()
        team = sheet.players[0]
        steps = self.score_steps()
        items = "".join(
            f"<li><b>{escape(sheet.title(c))}</b>: "
            + escape("; ".join(r.reason for r in sheet.rows_for(team, c)))
            + "</li>"
            for c in steps[: self.score_step]
        )
        total = ""
        if self.score_step > len(steps):
            total = f"<p><b>Total for the team: {sheet.total(team)} points</b></p>"
            if not self.game.challenges():
                total += (
                    "<p>No eco-warrior challenge completed (each one needs a win: "
                    "The 0 Waste Master, The Anónymous, The Monk, The Extinction Rebel).</p>"
                )
        return (
            f"<div style='font-size:14px'><b>Score, step by step</b><ul>{items}</ul>{total}</div>"
        )

    # ------------------------------------------------------------------ saving
    def load_game(self, game: Ecosfera, event: str = "") -> None:
        """Continue a copy of ``game`` on this table (a position prepared for a lesson).

        The seats stay when the number of players matches; otherwise the first player is
        human and the others greedy bots.
        """
        if not isinstance(game, Ecosfera):
            raise TypeError(f"load_game needs an Ecosfera game, not {type(game).__name__}")
        if len(self.seats) != len(game.players):
            self.seats = default_seats(len(game.players))
        self.hints = False
        self._start(game.clone(), event)

    def load_text(self, text: str | bytes, source: str = "the save file") -> bool:
        """Continue a saved game; a damaged or foreign file leaves the current game as it is."""
        game = self._read_save(text, source)
        if game is None:
            return False
        self.hints = False
        self._start(game, loaded_event(game, source))
        return True

    # ------------------------------------------------------------------ explanations
    def _explain(self, kind: str, args: list[int]) -> str:
        """Why a click on something that is not a move does nothing (and what it is)."""
        game = self.game
        cards = game.cards
        if kind == "biome":
            b = args[0]
            name = BIOME_NAMES[BIOMES[b]]
            if b in game.biome_tiles:
                return f"The {name} biome tile is placed ({len(game.biome_tiles)} of 7)."
            return (
                f"The {name} tile is not placed yet: two animals that both live in {name.lower()} "
                "place it (or a tree with the mushroom symbol and a mushroom that share it)."
            )
        if kind == "extinction":
            return (
                f"{game.extinction_tiles} of {EXTINCTION_TILES} extinction tiles are placed. Three "
                "disasters on a line place one; with all seven the game is lost."
            )
        if kind == "element":
            e = args[0]
            n = len(game.element_decks[e])
            return (
                f"The {ELEMENTS[e]} deck has {n} card{'s' * (n != 1)}. More {ELEMENTS[e]} comes "
                "only with the missing-element rule (click a plant that your selection pays but "
                "for one element). Each card left here is a point at the end."
            )
        if kind == "disasters":
            return (
                f"{len(game.disaster_deck)} disaster cards left. One comes to your line when you "
                "end a turn without acquiring anything or placing a biome tile, or when three "
                "cards of one element are on your line."
            )
        if kind in ("deck", "discard"):
            p = args[0]
            whose = possessive(self._name(p), start=True)
            if kind == "deck":
                n = len(game.decks[p])
                return (
                    f"{whose} deck: {n} card{'s' * (n != 1)}, face down (their order is hidden "
                    "from everybody). Four new cards are opened from it at the end of each turn."
                )
            n = len(game.discards[p])
            return (
                f"{whose} discard pile: {n} card{'s' * (n != 1)}. Whole lines go here at the end "
                "of a turn; when the deck runs out, this pile is shuffled into a new deck."
            )
        if kind == "waiting":
            code = args[1]
            return (
                f"{_cap(card_name(cards, code))} waits face up on top of the deck: it joins the "
                "next line as an extra card."
            )
        refusal = self._refusal()
        if refusal:
            return refusal
        if self.pending is not None:
            return f"{self.pending.question} (or press “Cancel”)."
        return (
            "Nothing to click there. Click element cards on your line, then a plant; or press "
            "“What can I do?”."
        )

    # ------------------------------------------------------------------ drawing
    def _marks(self) -> dict[str, str]:
        game = self.game
        if game.is_over or self._bot_to_play():
            return {}
        pending = self.pending
        if pending is not None and pending.kind == "missing" and pending.plant is not None:
            action = pending.options[0][1]
            assert isinstance(action, TakeMissingElement)
            return {f"plant:{pending.plant}": f"+1 {ELEMENTS[action.element]}?"}
        if pending is not None and pending.kind == "refresh":
            return {}
        if self.selected:
            marks: dict[str, str] = {}
            elements = self._picked(is_element)
            if elements:
                exact, short = self._payable(elements)
                for c in exact:
                    marks[f"plant:{c}"] = "buy"
                for c, e in short:
                    marks[f"plant:{c}"] = f"buy +1 {ELEMENTS[e]}"
            plants = self._picked(is_plant)
            if len(plants) == 2:
                for c in self._callable(*plants):
                    marks[f"animal:{c}"] = "call"
            return marks
        if self.hints:
            return hint_marks(game)
        return {}

    def marked(self) -> dict[str, str]:
        """The cards marked on the table now, as click target -> tag words."""
        return dict(self._look().marks)

    def _info(self) -> tuple[str, tuple[str, ...]]:
        game = self.game
        if game.is_over:
            if not self.score_step:
                return "Score", ("Press “Next scoring step” to count the team's points.",)
            return "Score, step by step", ()
        player = game.current_player
        assert player is not None
        if not self._is_human(player):
            return (
                f"{self._name(player)} ({self.seats[player]} bot) is to play",
                ("Press “Next bot move” for one move, or “Finish bot turn”.",),
            )
        if self.pending is not None:
            lines = [self.pending.question]
            lines += [f"• {label}" for label, _ in self.pending.options]
            return self.pending.title, tuple(lines)
        if self.selected:
            words = self._selection_words()
            first, _, rest = words.partition(". ")
            return first.rstrip("."), (rest or "Click a card to use it.",)
        if self.hints:
            items = hint_items(game)
            if not items:
                return "What can I do?", (self._nothing_to_acquire(),)
            lines = [f"• {item}" for item in items]
            abilities = self._ability_words()
            if abilities:
                lines.append(f"Also usable: {join_words(abilities)}.")
            return "What can I do?", tuple(lines)
        name = self._name(player)
        return (
            f"{possessive(name, start=True)} turn: what to do",
            (
                "• Click element cards on your line, then a plant of the supply to pay for it.",
                "• Two plants that share a biome, then an animal of that biome: call it.",
                "• Two animals that share a biome: biome tiles for the team.",
                "• Tiles and card symbols: click to use. Stuck? “What can I do?”",
            ),
        )

    def _look(self) -> TableLook:
        title, lines = self._info()
        return TableLook(
            seats=self.seats,
            seed=self.game.seed,
            selected=tuple(self.selected),
            moving=self.pending.card if self.pending is not None else None,
            marks=self._marks(),
            info_title=title,
            info_lines=lines,
            score_lines=self._score_lines(),
            over=self.game.outcome if self.game.is_over else "",
        )

    def _refresh(self) -> None:
        game = self.game
        self.selected = [c for c in self.selected if c in self._free()] if not game.is_over else []
        view = game.view(game.turn_player)
        self.canvas.show(table_scene(view, self._look()))
        self._update_buttons()
        self.status.set(turn=self._turn_text())
        self.history_html.value = history_html(self.history, self.history_turns)
        self.score_html.value = self._score_html()

    def _turn_text(self) -> str:
        game = self.game
        player = game.current_player
        if player is None:
            return f"Game over: {game.describe_outcome()}."
        name = self._name(player)
        if not self._is_human(player):
            return f"{name} ({self.seats[player]} bot) to play: press “Next bot move”."
        humans = sum(seat == "human" for seat in self.seats)
        turn = f"turn {game.turns + 1}"
        text = f"Your turn ({turn})." if name == "You" else f"{name} to play ({turn})."
        if humans > 1 and self._last_human is not None and self._last_human != player:
            text += f" Pass the mouse to {name}."
        return text

    def _update_buttons(self) -> None:
        b = self.buttons
        game = self.game
        over = game.is_over
        refusal = self._refusal()
        set_traits(
            b["end_turn"],
            disabled=refusal is not None,
            tooltip=refusal
            or (
                "End your turn"
                if game.achieved
                else "End your turn: with nothing acquired, a disaster card comes"
            ),
        )
        set_traits(
            b["hint"],
            disabled=refusal is not None,
            description="Hide hints"
            if self.hints and not self.selected and not self.pending
            else "What can I do?",
        )
        set_traits(b["clear"], disabled=not self.selected and self.pending is None)
        show(b["next_bot"], self.step_bots and not over)
        show(b["bot_turn"], self.step_bots and not over)
        set_traits(b["next_bot"], disabled=not self._bot_to_play())
        set_traits(b["bot_turn"], disabled=not self._bot_to_play())
        show(b["score_step"], over)
        steps = self.score_steps() if over else []
        step: dict[str, Any] = {"disabled": not over or self.score_step > len(steps)}
        if over and self.score_step < len(steps):
            step["description"] = f"Next scoring step: {self.sheet().title(steps[self.score_step])}"
        elif over:
            step["description"] = "Next scoring step: the total"
        set_traits(b["score_step"], **step)
        show(self.monk_box, over and self._monk_allowed())
        humans = any(self._is_human(p) for p, _ in game.moves())
        set_traits(
            b["undo"],
            disabled=not humans,
            tooltip="Back to the previous human decision" if humans else "No human move yet",
        )
        pending = self.pending
        options = pending.options if pending is not None else []
        for k, button in enumerate(self.choice_buttons):
            if k < len(options):
                label = options[k][0]
                set_traits(button, description=label, tooltip=label, disabled=False)
                show(button, True)
            else:
                show(button, False)
        show(b["cancel"], pending is not None)
        question = (
            f"<div style='font-size:14px'><b>{escape(pending.title)}:</b> "
            f"{escape(pending.question)}</div>"
            if pending is not None
            else ""
        )
        set_traits(self.question, value=question)
        rounds = game.options["round_limit"]
        rebel = " · Extinction Rebel" if game.options.get("extinction_rebel") else ""
        per = element_count(game.level, len(game.players))
        self.seed_label.value = (
            f"<div style='font-size:14px'><b>Game seed {game.seed}</b> · level {game.level} "
            f"({per} cards of each element in the game) · round limit {rounds}{rebel}</div>"
        )


def _same(a: Action, b: Action) -> bool:
    """The same move, up to the order of a pair and which identical cards pay."""
    if type(a) is not type(b):
        return False
    if isinstance(a, ClaimBiomes) and isinstance(b, ClaimBiomes):
        return {a.animal_a, a.animal_b} == {b.animal_a, b.animal_b} and a.reactivate == b.reactivate
    if isinstance(a, Mycorrhiza) and isinstance(b, Mycorrhiza):
        return (a.tree, a.mushroom) == (b.tree, b.mushroom)
    if isinstance(a, TakeMissingElement) and isinstance(b, TakeMissingElement):
        return (a.plant, a.element) == (b.plant, b.element) and sorted(
            ELEMENT_OF[c] for c in a.cards
        ) == sorted(ELEMENT_OF[c] for c in b.cards)
    return a == b


def history_html(history: Sequence[str], turns: Sequence[int]) -> str:
    """The move history, newest first, numbered from the first move, with turn numbers."""
    items = "".join(
        f"<li value='{i}'><span style='color:{MUTED}'>turn {turn}</span> · {escape(text)}</li>"
        for i, text, turn in reversed(list(zip(range(1, len(history) + 1), history, turns)))
    )
    body = (
        f"<ol reversed style='margin:4px 0;padding-left:34px'>{items}</ol>"
        if items
        else "<p>No moves yet.</p>"
    )
    return (
        "<div style='font-size:13px;line-height:1.35;max-height:300px;overflow-y:auto'>"
        f"<b>Moves, newest first</b>{body}</div>"
    )


__all__ = [
    "EcosferaTable",
    "TableLook",
    "acquisitions",
    "describe_action",
    "describe_move",
    "hint_items",
    "hint_marks",
    "history_of",
    "seat_kinds",
    "table_scene",
]
