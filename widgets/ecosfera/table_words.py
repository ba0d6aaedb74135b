"""Ecosfera's table in words: moves, hints and the history, with species names.

Everything here is pure (it reads a game, never changes it) and every word comes from the
catalog (``ecosfera_table.*``, with element, biome and ability names from ``ecosfera.*``).
A sentence names cards as people do ("Scots pine", "an earth card"), never by code.

- ``describe_action(game, action)``: what a legal action would do ("buy Scots pine with
  earth, sun and time"), for hints and buttons;
- ``describe_move(before, after, player, action)``: the history's sentence for a move played,
  with what happened by itself afterwards;
- ``history_of(game)``: the sentence and turn of every move so far; ``history_html``;
- ``acquisitions``, ``hint_items``, ``hint_marks``: what “What can I do?” lists and marks;
- the team's score step by step at the end (``score_steps``, ``step_words``,
  ``score_lines``, ``score_html``): “Next scoring step” reveals one category at a time (the
  challenges that scored included), then the total; ``step`` is how many steps are shown,
  0 (none yet) to ``len(score_steps(sheet)) + 1`` (every category and the total);
- the whole table in sentences, for a screen reader and a lesson: ``table_words(game)``
  (rows, decks, tiles and every line) and ``line_words(game, player)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from gamecore import IllegalAction, SaveFileError, ScoreSheet
from gamecore.ecosfera import (
    NO_TILE,
    OWN_DECK,
    PLANT_ROW,
    RECYCLE,
    TILE,
    AcquireAnimal,
    AcquirePlant,
    ClaimBiomes,
    Ecosfera,
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
    CardSet,
    is_disaster,
    is_element,
    scientific_name,
)
from gamecore.ecosfera.explain import cost_words, element_name, element_words, name_of
from gamecore.protocol import Action, Chance
from gamecore.words import catalog, get_language, join_alternatives, join_words, t

from ..notes import Notes
from ..palette import MUTED
from ..words import about, is_you
from .cards import card_name

ACQUISITIONS = (AcquirePlant, TakeMissingElement, AcquireAnimal, ClaimBiomes, Mycorrhiza)
"""The actions that acquire something: what “What can I do?” marks."""
ABILITY_OF = {Plus: 0, Refresh: 1, Move: 2}
"""The ability tile (and symbol) each ability action uses."""


def cap(text: str) -> str:
    """The text with a capital first letter."""
    return text[:1].upper() + text[1:]


def biome_name(biome: int) -> str:
    return t(f"ecosfera.biome_{BIOMES[biome]}")


def biome_words(mask: int) -> str:
    """The biomes of a bit mask: "taiga and tundra"."""
    return join_words([biome_name(b) for b in range(len(BIOMES)) if mask >> b & 1])


def ability_name(ability: int) -> str:
    return t(f"ecosfera.ability_{ABILITIES[ability]}")


def card_words(cards: CardSet, code: int) -> str:
    """A card named in a sentence: "Scots pine", "an earth card", "a disaster card"."""
    if is_disaster(code):
        return t("ecosfera.disaster_card")
    if is_element(code):
        return t(f"ecosfera.element_card_{ELEMENTS[ELEMENT_OF[code]]}")
    return name_of(cards, code)


def source_words(
    cards: CardSet, source: int, ability: int, name: str, *, to: bool = False, named: bool = False
) -> str:
    """Where an ability comes from: "your plus tile", "the refresh symbol of Reindeer lichen".

    ``to``: said to the player whose tile it is ("your"); otherwise said about them, as the
    history does ("their", or "your" for the default human); ``named``: with the
    owner's name ("Ana's plus tile"), for a list read by the whole class.
    """
    if source == TILE:
        you = to or is_you(name)
        if named and not you:
            return t("ecosfera_table.source_tile_named", name=name, ability=ability_name(ability))
        key = "ecosfera_table.source_tile_you" if you else "ecosfera_table.source_tile"
        return t(key, ability=ability_name(ability))
    return t(
        "ecosfera_table.source_symbol", ability=ability_name(ability), card=name_of(cards, source)
    )


def _tiles(game: Ecosfera, mask: int) -> int:
    """The biomes of ``mask`` whose tiles are not placed yet."""
    return mask & ~sum(1 << b for b in game.biome_tiles)


def describe_action(game: Ecosfera, action: Action, *, named: bool = False) -> str:
    """What an action would do, in a short phrase with species names (for hints and
    buttons): "buy Scots pine with earth, sun and time". ``named``: an ability tile is
    called by its owner's name ("use Ana's plus tile"), not "their"."""
    cards = game.cards
    name = game.players[game.turn_player]
    if isinstance(action, AcquirePlant):
        return t(
            "ecosfera_table.do_buy",
            plant=name_of(cards, action.plant),
            paid=element_words(action.cards),
        )
    if isinstance(action, TakeMissingElement):
        key = (
            "ecosfera_table.do_take_missing_with"
            if action.cards
            else "ecosfera_table.do_take_missing"
        )
        return t(
            key,
            plant=name_of(cards, action.plant),
            paid=element_words(action.cards),
            element=element_name(action.element),
            left=len(game.element_decks[action.element]),
        )
    if isinstance(action, AcquireAnimal):
        return t(
            "ecosfera_table.do_call",
            animal=name_of(cards, action.animal),
            a=name_of(cards, action.plant_a),
            b=name_of(cards, action.plant_b),
        )
    if isinstance(action, ClaimBiomes):
        a, b = name_of(cards, action.animal_a), name_of(cards, action.animal_b)
        new = _tiles(game, cards.biome_mask[action.animal_a] & cards.biome_mask[action.animal_b])
        text = (
            t("ecosfera_table.do_pair", a=a, b=b, biomes=biome_words(new), n=bin(new).count("1"))
            if new
            else t("ecosfera_table.do_pair_placed", a=a, b=b)
        )
        if action.reactivate != NO_TILE:
            text = t(
                "ecosfera_table.and_reactivate", text=text, tile=ability_name(action.reactivate)
            )
        return text
    if isinstance(action, Mycorrhiza):
        new = _tiles(game, cards.biome_mask[action.tree] & cards.biome_mask[action.mushroom])
        return t(
            "ecosfera_table.do_mycorrhiza",
            tree=name_of(cards, action.tree),
            mushroom=name_of(cards, action.mushroom),
            biomes=biome_words(new),
            n=bin(new).count("1"),
        )
    if isinstance(action, Plus):
        return t(
            "ecosfera_table.do_plus",
            source=source_words(cards, action.source, 0, name, named=named),
        )
    if isinstance(action, Refresh):
        key = (
            "ecosfera_table.do_refresh_plants"
            if action.row == PLANT_ROW
            else "ecosfera_table.do_refresh_animals"
        )
        return t(key, source=source_words(cards, action.source, 1, name, named=named))
    if isinstance(action, Move):
        source = source_words(cards, action.source, 2, name, named=named)
        what = name_of(cards, action.card)
        if action.to == RECYCLE:
            return t("ecosfera_table.do_recycle", source=source, card=what)
        if action.to == OWN_DECK:
            return t("ecosfera_table.do_own_deck", source=source, card=what)
        return t("ecosfera_table.do_give", source=source, card=what, player=game.players[action.to])
    if isinstance(action, EndTurn):
        return t("ecosfera_table.do_end_turn")
    return t("ecosfera_table.do_other")


def acquisitions(game: Ecosfera) -> list[Action]:
    """The legal actions that acquire a card or place biome tiles, as ``legal_actions()``
    lists them."""
    return [a for a in game.legal_actions() if isinstance(a, ACQUISITIONS)]


def hint_items(game: Ecosfera) -> list[str]:
    """Every possible acquisition in words, once each: a pair of animals that may also
    reactivate a tile is one item ("… (and may turn your plus tile face up)")."""
    items: dict[str, None] = {}
    claims: dict[tuple[int, int], list[ClaimBiomes]] = {}
    for action in acquisitions(game):
        if isinstance(action, ClaimBiomes):
            claims.setdefault((action.animal_a, action.animal_b), []).append(action)
            continue
        items.setdefault(cap(describe_action(game, action)), None)
    for (a, b), variants in claims.items():
        text = cap(describe_action(game, ClaimBiomes(a, b, NO_TILE)))
        tiles = [ability_name(v.reactivate) for v in variants if v.reactivate != NO_TILE]
        if tiles:
            key = (
                "ecosfera_table.may_reactivate"
                if any(v.reactivate == NO_TILE for v in variants)
                else "ecosfera_table.only_reactivates"
            )
            text = t(key, text=text, tiles=join_alternatives(tiles))  # one tile of these
        items.setdefault(text, None)
    return list(items)


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
            marks[f"plant:{action.plant}"] = t("ecosfera_table.tag_buy")
        elif isinstance(action, TakeMissingElement):
            marks[f"plant:{action.plant}"] = t(
                "ecosfera_table.tag_buy_plus", element=element_name(action.element)
            )
        elif isinstance(action, AcquireAnimal):
            marks[f"animal:{action.animal}"] = t("ecosfera_table.tag_call")
        elif isinstance(action, ClaimBiomes):
            for c in (action.animal_a, action.animal_b):
                marks[f"line:{p}:{c}"] = t("ecosfera_table.tag_tiles")
        elif isinstance(action, Mycorrhiza):
            for c in (action.tree, action.mushroom):
                marks.setdefault(f"line:{p}:{c}", t("ecosfera_table.tag_mycorrhiza"))
    return marks


def thing_words(game: Ecosfera, kind: str, args: list[int]) -> str | None:
    """What a clicked thing that is not a move is, and why a click on it does nothing (None:
    not such a thing)."""
    if kind == "biome":
        name = cap(biome_name(args[0]))
        if args[0] in game.biome_tiles:
            return t("ecosfera_table.biome_placed", biome=name, n=len(game.biome_tiles))
        return t("ecosfera_table.biome_missing", biome=name, lower=biome_name(args[0]))
    if kind == "extinction":
        return t("ecosfera_table.extinction_explained", n=game.extinction_tiles)
    if kind == "element":
        n = len(game.element_decks[args[0]])
        return t("ecosfera_table.element_deck", n=n, element=element_name(args[0]))
    if kind == "disasters":
        return t("ecosfera_table.disaster_deck", n=len(game.disaster_deck))
    if kind in ("deck", "discard"):
        name = game.players[args[0]]
        if kind == "deck":
            return about("ecosfera_table.own_deck", name, n=len(game.decks[args[0]]))
        return about("ecosfera_table.own_discard", name, n=len(game.discards[args[0]]))
    if kind == "waiting":
        return t("ecosfera_table.waiting_card", card=cap(name_of(game.cards, args[1])))
    return None


def target_words(game: Ecosfera, target: str) -> str | None:
    """What a click on ``target`` picks, in words for the keyboard list."""
    cards = game.cards
    kind, _, rest = target.partition(":")
    args = [int(v) for v in rest.split(":")] if rest else []
    if kind == "line":
        p, code = args
        key = "ecosfera_table.pick_used" if code in game.used else "ecosfera_table.pick_line"
        return about(key, game.players[p], card=cap(card_words(cards, code)))
    if kind == "plant":
        return t(
            "ecosfera_table.pick_plant",
            card=name_of(cards, args[0]),
            latin=scientific_name(cards.card(args[0])),
            cost=cost_words(cards.cost[args[0]]),
        )
    if kind == "animal":
        return t(
            "ecosfera_table.pick_animal",
            card=name_of(cards, args[0]),
            latin=scientific_name(cards.card(args[0])),
            biomes=biome_words(cards.biome_mask[args[0]]),
        )
    if kind == "tile":
        return about("ecosfera_table.pick_tile", game.players[args[0]], tile=ability_name(args[1]))
    if kind == "symbol":
        return cap(
            t(
                "ecosfera_table.source_symbol",
                ability=ability_name(args[1]),
                card=name_of(cards, args[0]),
            )
        )
    if kind in ("plantdeck", "animaldeck"):
        return t(f"ecosfera_table.pick_{kind}")
    if kind == "biome":
        return t("ecosfera_table.pick_biome", biome=cap(biome_name(args[0])))
    if kind == "element":
        return t("ecosfera_table.pick_element", element=element_name(args[0]))
    if kind in ("deck", "discard"):
        return about(f"ecosfera_table.pick_{kind}", game.players[args[0]])
    if kind == "waiting":
        return t("ecosfera_table.pick_waiting", card=cap(name_of(cards, args[1])))
    if kind in ("extinction", "disasters"):
        return t(f"ecosfera_table.pick_{kind}")
    return None


NOTES_ABOUT_A_PLAYER = (
    "note_takes_disaster",
    "note_opened_disasters",
    "note_three_disasters",
    "note_three_element",
    "note_turn_over",
    "note_nothing_achieved",
    "note_turn_over_before_it_began",
)
"""The engine's notes (``ecosfera.<key>``) that name a player; each has an
``ecosfera_table.<key>_you`` that says it to the default human ("your line", "tu línea")."""


def _tidy(note: str, players: Sequence[str]) -> str:
    """An engine note as a sentence, said to the default human when it is about them.

    The engine writes its notes with the player's name ("three disasters on Ana's line");
    "on You's line" or "en la línea de Tú" would be wrong, so a note about the default
    human is matched against the note's own catalog sentence and said again with its
    ``_you`` sentence ("three disasters on your line").
    """
    for name in players:
        if is_you(name):
            spoken = _note_to_you(note, name)
            if spoken is not None:
                return cap(spoken)
    return cap(note)


def _note_to_you(note: str, name: str) -> str | None:
    """``note`` said to the default human ``name``, or None if it is not about them."""
    words = catalog(get_language())
    for key in NOTES_ABOUT_A_PLAYER:
        entry = words[f"ecosfera.{key}"]
        forms = entry.items() if isinstance(entry, dict) else [("one", entry)]
        for form, text in forms:
            match = re.fullmatch(_note_pattern(text, name), note)
            if match:
                values: dict[str, Any] = dict(match.groupdict())
                values["n"] = int(values.get("n", 1 if form == "one" else 2))
                return t(f"ecosfera_table.{key}_you", **values)
    return None


def _note_pattern(text: str, name: str) -> str:
    """A catalog sentence as a regular expression: ``{player}`` is ``name``, any other
    placeholder is a named group ("three {element} cards" -> ``three (?P<element>.+?) cards``)."""
    parts = re.split(r"\{(\w+)\}", text)
    pattern = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            pattern.append(re.escape(part))
        elif part == "player":
            pattern.append(re.escape(name))
        else:
            pattern.append(f"(?P<{part}>.+?)")
    return "".join(pattern)


def _new_log(before: Ecosfera, after: Ecosfera) -> list[Any]:
    return after.log[len(before.log) :]


def _move_words(before: Ecosfera, after: Ecosfera, player: int, action: Action) -> str:
    """The sentence of the move itself (what followed by itself is ``describe_move``'s)."""
    cards = before.cards
    name = before.players[player]
    if isinstance(action, AcquirePlant):
        return about(
            "ecosfera_table.did_buy",
            name,
            player=name,
            paid=element_words(action.cards),
            plant=name_of(cards, action.plant),
        )
    if isinstance(action, TakeMissingElement):
        return about(
            "ecosfera_table.did_take_missing_with"
            if action.cards
            else "ecosfera_table.did_take_missing",
            name,
            player=name,
            element=element_name(action.element),
            left=len(after.element_decks[action.element]),
            paid=element_words(action.cards),
            plant=name_of(cards, action.plant),
        )
    if isinstance(action, AcquireAnimal):
        shared = cards.biome_mask[action.plant_a] & cards.biome_mask[action.plant_b]
        return about(
            "ecosfera_table.did_call",
            name,
            player=name,
            animal=name_of(cards, action.animal),
            a=name_of(cards, action.plant_a),
            b=name_of(cards, action.plant_b),
            biomes=biome_words(shared),
        )
    if isinstance(action, (ClaimBiomes, Mycorrhiza)):
        new = after.biome_tiles[len(before.biome_tiles) :]
        placed = join_words([cap(biome_name(b)) for b in new])
        if isinstance(action, Mycorrhiza):
            return about(
                "ecosfera_table.did_mycorrhiza",
                name,
                tree=name_of(cards, action.tree),
                mushroom=name_of(cards, action.mushroom),
                biomes=placed,
                n=len(new),
                total=len(after.biome_tiles),
                limit=BIOME_TILES,
            )
        a, b = name_of(cards, action.animal_a), name_of(cards, action.animal_b)
        text = (
            about(
                "ecosfera_table.did_pair",
                name,
                player=name,
                a=a,
                b=b,
                biomes=placed,
                n=len(new),
                total=len(after.biome_tiles),
                limit=BIOME_TILES,
            )
            if new
            else about("ecosfera_table.did_pair_placed", name, player=name, a=a, b=b)
        )
        if action.reactivate != NO_TILE:
            text = about(
                "ecosfera_table.did_reactivate",
                name,
                text=text,
                tile=ability_name(action.reactivate),
            )
        return text + "."
    if isinstance(action, Plus):
        drawn = _drawn_card(before, after, player)
        source = source_words(cards, action.source, 0, name)
        if drawn is None:
            return about("ecosfera_table.did_plus_nothing", name, player=name, source=source)
        return about(
            "ecosfera_table.did_plus",
            name,
            player=name,
            source=source,
            card=card_words(cards, drawn),
        )
    if isinstance(action, Refresh):
        row_cards = after.plant_row if action.row == PLANT_ROW else after.animal_row
        names = join_words([name_of(cards, c) for c in row_cards if c]) or t("ecosfera.no_cards")
        key = (
            "ecosfera_table.did_refresh_plants"
            if action.row == PLANT_ROW
            else "ecosfera_table.did_refresh_animals"
        )
        source = source_words(cards, action.source, 1, name)
        return about(key, name, player=name, source=source, cards=names)
    if isinstance(action, Move):
        what = card_words(cards, action.card)
        source = source_words(cards, action.source, 2, name)
        if action.to == RECYCLE:
            return about("ecosfera_table.did_recycle", name, player=name, source=source, card=what)
        if action.to == OWN_DECK:
            return about("ecosfera_table.did_own_deck", name, player=name, source=source, card=what)
        to = before.players[action.to]
        # said to the giver ("you gave") or to the one who gets it ("to your line")
        key = "ecosfera_table.did_give_by_you" if is_you(name) else "ecosfera_table.did_give"
        return about(key, to, player=name, source=source, card=what)
    if isinstance(action, EndTurn):
        return about("ecosfera_table.did_end_turn", name, player=name)
    return about("ecosfera_table.did_other", name, player=name)


def describe_move(before: Ecosfera, after: Ecosfera, player: int, action: Action) -> str:
    """One sentence (or a few) for the history: who did what, with species names, and
    what happened by itself afterwards (the engine's notes, reshuffles, a new line).

    ``before`` and ``after`` are the game around the move (``before`` a clone); only
    what the move made public is read.
    """
    cards = before.cards
    name = before.players[player]
    text = _move_words(before, after, player, action)
    events = [_tidy(n, before.players) for n in after.notes]
    if after.turns > before.turns:
        shuffled = [c for c in _new_log(before, after) if isinstance(c, Chance)]
        if shuffled and not isinstance(action, Plus):
            events.append(about("ecosfera_table.event_shuffled", name))
        words = join_words([name_of(cards, c) for c in after.lines[player]]) or t(
            "ecosfera.no_cards"
        )
        events.append(about("ecosfera_table.event_next_line", name, cards=words))
    elif isinstance(action, Plus) and any(isinstance(c, Chance) for c in _new_log(before, after)):
        events.append(about("ecosfera_table.event_deck_empty", name))
    if events:
        text += " " + ". ".join(e.rstrip(".") for e in events) + "."
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
        # A position set up by hand has a log that does not replay: who moved, in words.
        texts = [
            about("ecosfera_table.unreplayable_move", game.players[p], player=game.players[p])
            for p, _ in game.moves()
        ]
        turns = [0] * len(texts)
    return texts, turns


def history_html(history: Sequence[str], turns: Sequence[int]) -> str:
    """The move history, newest first, numbered from the first move, with turn numbers."""
    items = "".join(
        f"<li value='{i}'><span style='color:{MUTED}'>"
        f"{escape(t('ecosfera_table.history_turn', turn=turn))}</span> · {escape(text)}</li>"
        for i, text, turn in reversed(list(zip(range(1, len(history) + 1), history, turns)))
    )
    body = (
        f"<ol reversed style='margin:4px 0;padding-left:34px'>{items}</ol>"
        if items
        else f"<p>{escape(t('ecosfera_table.history_empty'))}</p>"
    )
    return (
        "<div style='font-size:13px;line-height:1.35;max-height:300px;overflow-y:auto'>"
        f"<b>{escape(t('ecosfera_table.history_title'))}</b>{body}</div>"
    )


# ---------------------------------------------------------------------------- the score


def score_steps(sheet: ScoreSheet) -> list[str]:
    """The scoring categories shown one by one: those with a row for the team."""
    return [c for c in sheet.categories if sheet.rows_for(sheet.players[0], c)]


def step_words(sheet: ScoreSheet, step: int) -> str:
    """The status line for step ``step`` (1-based): a category and its reasons, or the
    total after the last category."""
    steps = score_steps(sheet)
    team = sheet.players[0]
    if step > len(steps):
        return t("ecosfera_table.score_total", n=sheet.total(team))
    category = steps[step - 1]
    reasons = "; ".join(r.reason for r in sheet.rows_for(team, category))
    return t("ecosfera_table.score_category", title=sheet.title(category), reasons=reasons)


def score_lines(sheet: ScoreSheet, step: int) -> tuple[tuple[str, str, bool], ...]:
    """The info box's lines for the steps shown: (category, points, newest?)."""
    team = sheet.players[0]
    steps = score_steps(sheet)
    lines = [
        (sheet.title(category), f"{sheet.points(team, category):+d}", k == step - 1)
        for k, category in enumerate(steps[:step])
    ]
    if step > len(steps):
        lines.append((t("ecosfera_table.total_for_team"), str(sheet.total(team)), True))
    return tuple(lines)


def score_html(sheet: ScoreSheet, step: int, challenges: bool) -> str:
    """The steps shown as HTML under the table (``challenges``: whether any scored)."""
    team = sheet.players[0]
    steps = score_steps(sheet)
    items = "".join(
        f"<li><b>{escape(sheet.title(c))}</b>: "
        + escape("; ".join(r.reason for r in sheet.rows_for(team, c)))
        + "</li>"
        for c in steps[:step]
    )
    total = ""
    if step > len(steps):
        total = f"<p><b>{escape(t('ecosfera_table.score_total_html', n=sheet.total(team)))}</b></p>"
        if not challenges:
            total += f"<p>{escape(t('ecosfera_table.no_challenge'))}</p>"
    title = escape(t("ecosfera_table.score_title"))
    return f"<div style='font-size:14px'><b>{title}</b><ul>{items}</ul>{total}</div>"


# ---------------------------------------------------------------------------- the table in words


def line_words(game: Ecosfera, player: int | None = None) -> str:
    """A player's line in words, used cards marked: "disaster, earth (used), ..."."""
    p = game.turn_player if player is None else player
    words = []
    for code in game.lines[p]:
        text = card_name(game.cards, code)
        if p == game.turn_player and code in game.used:
            text = t("lessons.eco_used_card", card=text)
        words.append(text)
    cards = ", ".join(words) or t("lessons.eco_no_cards")
    if is_you(game.players[p]):
        return t("lessons.eco_line_you", cards=cards)
    return t("lessons.eco_line", name=game.players[p], cards=cards)


def table_words(game: Ecosfera) -> Notes:
    """The table in sentences, with card names (never card codes): the turn, the tiles, the
    two supply rows, the element decks and every player's line, deck and ability tiles."""
    cards = game.cards

    def names(codes: Iterable[int]) -> str:
        return join_words([card_name(cards, c) for c in codes if c]) or t("lessons.eco_no_cards")

    tiles = join_words([cap(biome_name(b)) for b in game.biome_tiles])
    decks = join_words(
        [
            t("lessons.eco_element_deck", element=element_name(e), n=len(d))
            for e, d in enumerate(game.element_decks)
        ]
    )
    notes = Notes(
        [
            t("lessons.eco_table_turn", level=game.level, turn=game.turns + 1),
            t(
                "lessons.eco_table_tiles",
                biomes=tiles or t("lessons.eco_none"),
                n=game.extinction_tiles,
                of=EXTINCTION_TILES,
            ),
            t("lessons.eco_plant_row", cards=names(game.plant_row), n=len(game.plant_deck)),
            t("lessons.eco_animal_row", cards=names(game.animal_row), n=len(game.animal_deck)),
            t("lessons.eco_element_decks", decks=decks),
        ]
    )
    for p in range(len(game.players)):
        up = [ability_name(k) for k, face_up in enumerate(game.tiles[p]) if face_up]
        key = "lessons.eco_player_to_play" if p == game.current_player else "lessons.eco_player"
        notes.append(
            about(
                key,
                game.players[p],
                line=line_words(game, p),
                n=len(game.decks[p]),
                discard=len(game.discards[p]),
                tiles=join_words(up) or t("lessons.eco_none"),
            )
        )
    return notes
