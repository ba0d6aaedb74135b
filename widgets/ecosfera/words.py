"""Ecosfera's table in words: moves, hints and the history, with species names.

Everything here is pure (it reads a game, never changes it) and every word comes from the
catalog (``ecosfera_table.*``, with element, biome and ability names from ``ecosfera.*``).
A sentence names cards as people do ("Scots pine", "an earth card"), never by code.

- ``describe_action(game, action)``: what a legal action would do ("buy Scots pine with
  earth, sun and time"), for hints and buttons;
- ``describe_move(before, after, player, action)``: the history's sentence for a move played,
  with what happened by itself afterwards;
- ``history_of(game)``: the sentence and turn of every move so far; ``history_html``;
- ``acquisitions``, ``hint_items``, ``hint_marks``: what “What can I do?” lists and marks.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from gamecore import IllegalAction, SaveFileError
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
    CardSet,
    is_disaster,
    is_element,
)
from gamecore.ecosfera.explain import cost_words, element_name, element_words, name_of
from gamecore.protocol import Action, Chance
from gamecore.words import join_words, t

from ..palette import MUTED
from ..table_base import YOU, possessive

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
    history does ("their", or "your" for the default human "You"); ``named``: with the
    owner's name ("Ana's plus tile"), for a list read by the whole class.
    """
    if source == TILE:
        you = to or name == YOU
        if named and not you:
            return t(
                "ecosfera_table.source_tile_named",
                whose=possessive(name),
                ability=ability_name(ability),
            )
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
            text = t(key, text=text, tiles=join_words(tiles))
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
        whose = possessive(game.players[args[0]], start=True)
        if kind == "deck":
            return t("ecosfera_table.own_deck", whose=whose, n=len(game.decks[args[0]]))
        return t("ecosfera_table.own_discard", whose=whose, n=len(game.discards[args[0]]))
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
        return t(key, card=cap(card_words(cards, code)), whose=possessive(game.players[p]))
    if kind == "plant":
        return t(
            "ecosfera_table.pick_plant",
            card=name_of(cards, args[0]),
            cost=cost_words(cards.cost[args[0]]),
        )
    if kind == "animal":
        return t(
            "ecosfera_table.pick_animal",
            card=name_of(cards, args[0]),
            biomes=biome_words(cards.biome_mask[args[0]]),
        )
    if kind == "tile":
        return t(
            "ecosfera_table.pick_tile",
            whose=possessive(game.players[args[0]], start=True),
            tile=ability_name(args[1]),
        )
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
        return t(f"ecosfera_table.pick_{kind}", whose=possessive(game.players[args[0]], start=True))
    if kind == "waiting":
        return t("ecosfera_table.pick_waiting", card=cap(name_of(cards, args[1])))
    if kind in ("extinction", "disasters"):
        return t(f"ecosfera_table.pick_{kind}")
    return None


def _tidy(note: str, players: Sequence[str]) -> str:
    """An engine note in a sentence, with "You" read as a person ("your line")."""
    if YOU in players:
        note = note.replace("You's", "your").replace("You takes", "You take")
    return cap(note)


def _new_log(before: Ecosfera, after: Ecosfera) -> list[Any]:
    return after.log[len(before.log) :]


def _move_words(before: Ecosfera, after: Ecosfera, player: int, action: Action) -> str:
    """The sentence of the move itself (what followed by itself is ``describe_move``'s)."""
    cards = before.cards
    name = before.players[player]
    if isinstance(action, AcquirePlant):
        return t(
            "ecosfera_table.did_buy",
            player=name,
            paid=element_words(action.cards),
            plant=name_of(cards, action.plant),
        )
    if isinstance(action, TakeMissingElement):
        return t(
            "ecosfera_table.did_take_missing_with"
            if action.cards
            else "ecosfera_table.did_take_missing",
            player=name,
            element=element_name(action.element),
            left=len(after.element_decks[action.element]),
            paid=element_words(action.cards),
            plant=name_of(cards, action.plant),
        )
    if isinstance(action, AcquireAnimal):
        shared = cards.biome_mask[action.plant_a] & cards.biome_mask[action.plant_b]
        return t(
            "ecosfera_table.did_call",
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
            return t(
                "ecosfera_table.did_mycorrhiza",
                whose=possessive(name),
                tree=name_of(cards, action.tree),
                mushroom=name_of(cards, action.mushroom),
                biomes=placed,
                n=len(new),
                total=len(after.biome_tiles),
                limit=BIOME_TILES,
            )
        a, b = name_of(cards, action.animal_a), name_of(cards, action.animal_b)
        text = (
            t(
                "ecosfera_table.did_pair",
                player=name,
                a=a,
                b=b,
                biomes=placed,
                n=len(new),
                total=len(after.biome_tiles),
                limit=BIOME_TILES,
            )
            if new
            else t("ecosfera_table.did_pair_placed", player=name, a=a, b=b)
        )
        if action.reactivate != NO_TILE:
            text = t(
                "ecosfera_table.did_reactivate", text=text, tile=ability_name(action.reactivate)
            )
        return text + "."
    if isinstance(action, Plus):
        drawn = _drawn_card(before, after, player)
        source = source_words(cards, action.source, 0, name)
        if drawn is None:
            return t("ecosfera_table.did_plus_nothing", player=name, source=source)
        return t(
            "ecosfera_table.did_plus", player=name, source=source, card=card_words(cards, drawn)
        )
    if isinstance(action, Refresh):
        row_cards = after.plant_row if action.row == PLANT_ROW else after.animal_row
        names = join_words([name_of(cards, c) for c in row_cards if c]) or t("ecosfera.no_cards")
        key = (
            "ecosfera_table.did_refresh_plants"
            if action.row == PLANT_ROW
            else "ecosfera_table.did_refresh_animals"
        )
        return t(key, player=name, source=source_words(cards, action.source, 1, name), cards=names)
    if isinstance(action, Move):
        what = card_words(cards, action.card)
        source = source_words(cards, action.source, 2, name)
        if action.to == RECYCLE:
            return t("ecosfera_table.did_recycle", player=name, source=source, card=what)
        if action.to == OWN_DECK:
            return t("ecosfera_table.did_own_deck", player=name, source=source, card=what)
        return t(
            "ecosfera_table.did_give",
            player=name,
            source=source,
            card=what,
            whose=possessive(before.players[action.to]),
        )
    if isinstance(action, EndTurn):
        return t(
            "ecosfera_table.did_end_turn_you" if name == YOU else "ecosfera_table.did_end_turn",
            player=name,
        )
    return t("ecosfera_table.did_other", player=name)


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
    whose = possessive(name, start=True)
    if after.turns > before.turns:
        shuffled = [c for c in _new_log(before, after) if isinstance(c, Chance)]
        if shuffled and not isinstance(action, Plus):
            events.append(t("ecosfera_table.event_shuffled", whose=whose))
        words = join_words([name_of(cards, c) for c in after.lines[player]]) or t(
            "ecosfera.no_cards"
        )
        events.append(t("ecosfera_table.event_next_line", whose=whose, cards=words))
    elif isinstance(action, Plus) and any(isinstance(c, Chance) for c in _new_log(before, after)):
        events.append(t("ecosfera_table.event_deck_empty", whose=whose))
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
            t("ecosfera_table.unreplayable_move", player=game.players[p]) for p, _ in game.moves()
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
