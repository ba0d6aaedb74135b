"""What the shared bots and the conformance suite need to know about Ecosfera."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..protocol import Game
from .actions import (
    ANIMAL_ROW,
    NO_TILE,
    OWN_DECK,
    PLANT_ROW,
    RECYCLE,
    TILE,
    AcquireAnimal,
    AcquirePlant,
    ClaimBiomes,
    EndTurn,
    Move,
    Mycorrhiza,
    Plus,
    Refresh,
    TakeMissingElement,
    paid_mask,
)
from .data import (
    ABILITIES,
    ALL_DISASTERS,
    BIOME_TILES,
    DISASTER_BASE,
    ELEMENT_CARDS_PER_ELEMENT,
    ELEMENT_OF,
    ELEMENTS,
    EXTINCTION_TILES,
    ROW_SIZE,
    element_code,
    is_animal,
    is_disaster,
    is_element,
    is_plant,
)
from .game import Ecosfera
from .position import LISTS, LOST, PLAYING, POSITION, ROW, TIME_UP, WON, copy_field
from .views import EcosferaView


def determinize(view: EcosferaView, rng: random.Random) -> Ecosfera:
    """A full game that fits what ``view.player`` sees, with every hidden order dealt at
    random: the players' decks and the plant & fungi and animal decks (their contents are
    known, their order is not)."""
    game = Ecosfera.imagined(view.players, rng.randrange(2**31), dict(view.options))
    game.cards = view.cards
    for field in POSITION:
        value = copy_field(field.shape, getattr(view, field.view_name))
        if field.shape == ROW:
            value = [c or 0 for c in value]
        if field.hidden_order:
            for pile in value if field.shape == LISTS else [value]:
                rng.shuffle(pile)
        setattr(game, field.name, value)
    return game


def heuristic(game: Game, player: int) -> float:
    """How well the team is doing (the same for every player: the game is co-operative).

    Tiles count most; then what the team's decks hold (animals call tiles, plants call
    animals, disasters clog the lines), face-up ability tiles, and whether this turn has
    already achieved something (otherwise ending it costs a disaster).
    """
    assert isinstance(game, Ecosfera)
    if game.status == WON:
        return 10_000.0
    value = 100.0 * len(game.biome_tiles) - 60.0 * game.extinction_tiles
    for p in range(len(game.players)):
        for pile in (game.decks[p], game.lines[p], game.discards[p], game.waiting[p]):
            for c in pile:
                if is_animal(c):
                    value += 8
                elif is_plant(c):
                    value += 4
                elif is_element(c):
                    value += 1
                else:
                    value -= 6
        value += 2 * sum(game.tiles[p])
    if game.status == PLAYING and game.achieved:
        value += 5
    return value


def rewards(game: Game) -> list[float]:
    """1 for everyone when the team wins; otherwise a share for the biome tiles placed."""
    assert isinstance(game, Ecosfera)
    value = 1.0 if game.status == WON else 0.6 * len(game.biome_tiles) / BIOME_TILES
    return [value] * len(game.players)


def _cards_in_game(game: Ecosfera) -> int:
    return (
        len(game.cards.plants)
        + len(game.cards.animals)
        + len(ELEMENTS) * (ELEMENT_CARDS_PER_ELEMENT)
        + len(ALL_DISASTERS)
    )


def max_moves(game: Game) -> int:
    """A bound on decisions in one game (the conformance suite checks it).

    The round limit bounds the turns. Within a turn each card is used at most once and each
    card's symbol at most once, each tile once per reactivation and each reactivation uses
    two animals, so three actions per card, plus the ending, bound a turn.
    """
    assert isinstance(game, Ecosfera)
    turns = int(game.options["round_limit"]) * len(game.players)
    return turns * (3 * _cards_in_game(game) + 10)


def check_invariants(game: Game) -> None:
    """Every card is in exactly one place; flags, tiles and rows are consistent."""
    assert isinstance(game, Ecosfera)
    seen: Counter[int] = Counter()
    for _, cards in game.locations():
        seen.update(cards)
    doubled = [c for c, n in seen.items() if n > 1]
    assert not doubled, f"cards in two places: {doubled}"
    expected = set(game.cards.plant_codes) | set(game.cards.animal_codes) | set(ALL_DISASTERS)
    expected |= {
        element_code(e, k)
        for e in range(len(ELEMENTS))
        for k in range(1, ELEMENT_CARDS_PER_ELEMENT + 1)
    }
    assert set(seen) == expected, "a card was created or lost"
    assert all(c > DISASTER_BASE for c in game.disaster_deck), "a non-disaster in the disaster deck"
    for e, deck in enumerate(game.element_decks):
        assert all(ELEMENT_OF[c] == e for c in deck), f"a stray card in the {ELEMENTS[e]} deck"
    assert all(is_element(c) for c in game.box), "only element cards stay in the box"
    assert all(is_plant(c) for c in game.plant_deck + game.plant_row if c)
    assert all(is_animal(c) for c in game.animal_deck + game.animal_row if c)
    for row, deck in ((game.plant_row, game.plant_deck), (game.animal_row, game.animal_deck)):
        assert len(row) == ROW_SIZE, "a supply row has the wrong number of spaces"
        assert all(row) or not deck, "a supply row has an empty space while its deck has cards"
    line = game.lines[game.turn_player]
    assert game.used <= set(line), "a used card is not on the turn player's line"
    assert all(not is_disaster(c) for c in game.used), "a disaster card was used"
    assert all(game.cards.abilities[c] for c in game.symbols_used), "a symbol used on a plain card"
    assert all(len(t) == len(ABILITIES) for t in game.tiles)
    assert len(set(game.biome_tiles)) == len(game.biome_tiles) <= BIOME_TILES
    assert 0 <= game.extinction_tiles <= EXTINCTION_TILES
    if not game.solo:
        assert not any(game.waiting), "only the solo game puts cards on top of a deck"
    if game.status == WON:
        assert len(game.biome_tiles) == BIOME_TILES and game.current_player is None
    elif game.status == LOST:
        assert game.extinction_tiles == EXTINCTION_TILES and game.current_player is None
    elif game.status == TIME_UP:
        assert game.current_player is None
    else:
        assert game.status == PLAYING and game.current_player == game.turn_player
        assert len(game.biome_tiles) < BIOME_TILES and game.extinction_tiles < EXTINCTION_TILES


def sample_illegal(game: Game, rng: random.Random) -> list[Any]:
    """Actions that break a rule now: cards that are elsewhere or already used, payments
    that do not match, pairs that share no biome, spent tiles and symbols, junk."""
    assert isinstance(game, Ecosfera)
    candidates: list[Any] = [
        None,
        "acquire P01",
        AcquirePlant(0, 0),
        AcquirePlant(999, 1),
        AcquirePlant(101, -5),
        TakeMissingElement(101, 9, 0),
        AcquireAnimal(201, 101, 101),
        ClaimBiomes(201, 201, NO_TILE),
        ClaimBiomes(201, 202, 7),
        Mycorrhiza(0, 0),
        Plus(999),
        Refresh(TILE, 5),
        Move(TILE, 0, RECYCLE),
        Move(TILE, 401, 99),
    ]
    if game.current_player is None:
        candidates.append(EndTurn())
        return candidates
    p = game.turn_player
    line = game.lines[p]
    elsewhere = [c for c in game.cards.plant_codes + game.cards.animal_codes if c not in line]
    for code in rng.sample(elsewhere, min(3, len(elsewhere))):
        candidates.append(Move(TILE, code, RECYCLE))
        candidates.append(Plus(code))
    plants_in_row = [c for c in game.plant_row if c]
    if plants_in_row:
        plant = rng.choice(plants_in_row)
        off_line = [c for c in range(301, 361) if c not in line]
        candidates.append(AcquirePlant.paying(plant, rng.sample(off_line, 2)))
        candidates.append(AcquirePlant(plant, 0))
        if game.used:
            used_elements = [c for c in game.used if is_element(c)]
            if used_elements:
                candidates.append(AcquirePlant.paying(plant, used_elements[:1]))
    if game.used:
        card = rng.choice(sorted(game.used))
        to = OWN_DECK if game.solo else (p + 1) % len(game.players)
        candidates.append(Move(TILE, card, to))
    disasters = [c for c in line if is_disaster(c)]
    if disasters:
        candidates.append(Move(TILE, disasters[0], RECYCLE))
    face_down = [t for t, up in enumerate(game.tiles[p]) if not up]
    for t in face_down:
        if t == 0:
            candidates.append(Plus(TILE))
        elif t == 1:
            candidates.append(Refresh(TILE, PLANT_ROW))
            candidates.append(Refresh(TILE, ANIMAL_ROW))
        else:
            candidates.append(Move(TILE, line[0] if line else 301, RECYCLE))
    if game.solo:
        candidates.append(Move(TILE, line[0] if line else 301, 0))
    else:
        candidates.append(Move(TILE, line[0] if line else 301, p))
        candidates.append(Move(TILE, line[0] if line else 301, OWN_DECK))
    plants = [c for c in line if is_plant(c)]
    animals_in_row = [c for c in game.animal_row if c]
    if plants and animals_in_row:
        candidates.append(AcquireAnimal(animals_in_row[0], plants[0], plants[0]))
    plain = [c for c in line if not game.cards.abilities[c]]
    if plain:
        candidates.append(Plus(plain[0]))
    missing = next((e for e, d in enumerate(game.element_decks) if not d), None)
    if missing is not None and plants_in_row:
        candidates.append(TakeMissingElement(plants_in_row[0], missing, paid_mask([])))
    return candidates


__all__ = [
    "check_invariants",
    "determinize",
    "heuristic",
    "max_moves",
    "rewards",
    "sample_illegal",
]
