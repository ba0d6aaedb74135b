"""Ecosfera: what each action does, and the turn's flow around it.

Each ``play_<action>(game, action)`` carries out an action that ``checks.py`` allowed; after
every action but the end of the turn, the supply rows refill and the line is checked for
disasters (``after_action``). Then come the pieces of a turn: drawing, opening a line,
the disaster checks, extinction tiles, ending one turn and beginning the next.
Everything that happens by itself is written in ``game.notes``.
"""

from __future__ import annotations

from ..words import t
from .actions import (
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
)
from .data import (
    BIOME_TILES,
    BIOMES,
    ELEMENT_OF,
    ELEMENTS,
    EXTINCTION_TILES,
    LINE_SIZE,
    MOVEMENT,
    OPENING_CATASTROPHE,
    OPENING_CATASTROPHE_TILES,
    PLUS,
    REFRESH,
    ROW_SIZE,
    THREE_OF_A_KIND,
    element_name,
    is_animal,
    is_disaster,
    is_plant,
)
from .position import LOST, PLAYING, TIME_UP, WON, EcosferaPosition

# ---------------------------------------------------------------------------- the actions


def play_acquire_plant(game: EcosferaPosition, action: AcquirePlant) -> None:
    """The paying cards are used; the plant joins the line."""
    p = game._turn
    game.used.update(action.cards)
    _take_from_row(game, game.plant_row, action.plant, p)
    after_action(game, p)


def play_take_missing_element(game: EcosferaPosition, action: TakeMissingElement) -> None:
    """The taken element goes on your line and is used at once to pay."""
    p = game._turn
    element = game.element_decks[action.element].pop()
    game.lines[p].append(element)
    game.used.add(element)
    game.used.update(action.cards)
    _take_from_row(game, game.plant_row, action.plant, p)
    after_action(game, p)


def play_acquire_animal(game: EcosferaPosition, action: AcquireAnimal) -> None:
    """The two plants are used; the animal joins the line."""
    p = game._turn
    game.used.update((action.plant_a, action.plant_b))
    _take_from_row(game, game.animal_row, action.animal, p)
    after_action(game, p)


def play_claim_biomes(game: EcosferaPosition, action: ClaimBiomes) -> None:
    """The two animals are used; the tiles of their shared biomes are placed, and the chosen
    ability tile turns face up."""
    p = game._turn
    a, b = action.animal_a, action.animal_b
    game.used.update((a, b))
    _place_biome_tiles(game, game.cards.biome_mask[a] & game.cards.biome_mask[b])
    if action.reactivate != NO_TILE:
        game.tiles[p][action.reactivate] = True
        game.reactivations += 1
    after_action(game, p)


def play_mycorrhiza(game: EcosferaPosition, action: Mycorrhiza) -> None:
    """The tree and the mushroom are used; the tiles of their shared biomes are placed."""
    p = game._turn
    game.used.update((action.tree, action.mushroom))
    mask = game.cards.biome_mask
    _place_biome_tiles(game, mask[action.tree] & mask[action.mushroom])
    after_action(game, p)


def play_plus(game: EcosferaPosition, action: Plus) -> None:
    """An extra card from the deck onto the line."""
    p = game._turn
    _spend(game, action.source, PLUS, p)
    card = draw(game, p)
    assert card is not None
    game.lines[p].append(card)
    after_action(game, p)


def play_refresh(game: EcosferaPosition, action: Refresh) -> None:
    """The row goes under its deck (left card lowest) and four cards come from the top."""
    p = game._turn
    _spend(game, action.source, REFRESH, p)
    row, deck = (
        (game.plant_row, game.plant_deck)
        if action.row == PLANT_ROW
        else (game.animal_row, game.animal_deck)
    )
    deck[0:0] = [c for c in row if c]
    row[:] = [0] * ROW_SIZE
    after_action(game, p)


def play_move(game: EcosferaPosition, action: Move) -> None:
    """The card leaves the line: back under its supply deck, onto the solo player's deck
    (face up, for the next line) or onto a teammate's line."""
    p = game._turn
    _spend(game, action.source, MOVEMENT, p)
    card, to = action.card, action.to
    game.lines[p].remove(card)
    if to == RECYCLE:
        if is_plant(card):
            game.plant_deck.insert(0, card)
        elif is_animal(card):
            game.animal_deck.insert(0, card)
        else:
            game.element_decks[ELEMENT_OF[card]].insert(0, card)
    elif to == OWN_DECK:
        game.waiting[p].append(card)
    else:
        game.lines[to].append(card)
    after_action(game, p)


def play_end_turn(game: EcosferaPosition, action: EndTurn) -> None:
    """A disaster if nothing was achieved, then the next player's turn."""
    p = game._turn
    _end_of_turn_disaster(game, p)
    if game.status == PLAYING:
        end_turn(game, p)


def _take_from_row(game: EcosferaPosition, row: list[int], card: int, p: int) -> None:
    row[row.index(card)] = 0
    game.lines[p].append(card)
    game.achieved = True


def _place_biome_tiles(game: EcosferaPosition, mask: int) -> None:
    new = mask & ~game._won_mask()
    for b in range(len(BIOMES)):
        if new >> b & 1:
            game.biome_tiles.append(b)
    if new:
        game.achieved = True


def _spend(game: EcosferaPosition, source: int, ability: int, p: int) -> None:
    """The tile turns face down, or the card's symbols are spent for this turn."""
    if source == TILE:
        game.tiles[p][ability] = False
    else:
        game.symbols_used.add(source)


# ---------------------------------------------------------------------------- rows and decks


def refill_rows(game: EcosferaPosition) -> None:
    """Every empty space of a supply row takes the top card of its deck, if any."""
    for row, deck in ((game.plant_row, game.plant_deck), (game.animal_row, game.animal_deck)):
        for i in range(ROW_SIZE):
            if not row[i] and deck:
                row[i] = deck.pop()


def draw(game: EcosferaPosition, p: int) -> int | None:
    """The top card of ``p``'s deck; an empty deck is first rebuilt from the shuffled
    discard pile. None when both are empty."""
    if not game.decks[p]:
        if not game.discards[p]:
            return None
        game.decks[p] = game._shuffled("shuffle_deck", game.discards[p])
        game.discards[p] = []
    return game.decks[p].pop()


def open_line(game: EcosferaPosition, p: int) -> None:
    """A new line: the solo player's face-up cards, then four from the deck."""
    line = game.waiting[p]
    game.waiting[p] = []
    for _ in range(LINE_SIZE):
        card = draw(game, p)
        if card is None:
            break
        line.append(card)
    game.lines[p] = line


# ---------------------------------------------------------------------------- disasters


def _take_disaster(game: EcosferaPosition, p: int) -> None:
    """A disaster card onto the line; with the disaster deck empty, the disaster strikes
    the world instead: one extinction tile."""
    if game.disaster_deck:
        game.lines[p].append(game.disaster_deck.pop())
        game.notes.append(t("ecosfera.note_takes_disaster", player=game.players[p]))
    else:
        game.notes.append(t("ecosfera.note_disaster_deck_empty"))
        _place_extinction(game, 1)


def _place_extinction(game: EcosferaPosition, n: int) -> None:
    """``n`` extinction tiles (as many as are left); the seventh loses the game."""
    placed = min(n, EXTINCTION_TILES - game.extinction_tiles)
    game.extinction_tiles += placed
    game.notes.append(
        t(
            "ecosfera.note_extinction",
            n=placed,
            total=game.extinction_tiles,
            limit=EXTINCTION_TILES,
        )
    )
    if game.extinction_tiles >= EXTINCTION_TILES:
        _finish(game, LOST)


def _count_disasters(game: EcosferaPosition, p: int) -> int:
    return sum(1 for c in game.lines[p] if is_disaster(c))


def _line_checks(game: EcosferaPosition, p: int, opening: bool) -> bool:
    """The disaster checks on ``p``'s line; True when they end the turn.

    Three disasters: one extinction tile (three tiles for four disasters in a freshly
    opened line). Three cards of one element: a disaster card, then the same count.
    """
    disasters = _count_disasters(game, p)
    if opening and disasters >= OPENING_CATASTROPHE:
        game.notes.append(t("ecosfera.note_opened_disasters", n=disasters, player=game.players[p]))
        _place_extinction(game, OPENING_CATASTROPHE_TILES)
        return True
    if disasters >= THREE_OF_A_KIND:
        game.notes.append(t("ecosfera.note_three_disasters", player=game.players[p]))
        _place_extinction(game, 1)
        return True
    counts = [0] * len(ELEMENTS)
    for c in game.lines[p]:
        e = ELEMENT_OF[c]
        if e >= 0:
            counts[e] += 1
    heavy = [e for e, n in enumerate(counts) if n >= THREE_OF_A_KIND]
    if not heavy:
        return False
    game.notes.append(
        t("ecosfera.note_three_element", element=element_name(heavy[0]), player=game.players[p])
    )
    _take_disaster(game, p)
    if game.status == PLAYING and _count_disasters(game, p) >= THREE_OF_A_KIND:
        game.notes.append(t("ecosfera.note_three_disasters", player=game.players[p]))
        _place_extinction(game, 1)
    return True


def after_action(game: EcosferaPosition, p: int) -> None:
    """The rows refill; the seventh biome tile wins; a disaster check may end the turn."""
    refill_rows(game)
    if len(game.biome_tiles) == BIOME_TILES:
        _finish(game, WON)
    elif _line_checks(game, p, opening=False) and game.status == PLAYING:
        game.notes.append(t("ecosfera.note_turn_over", player=game.players[p]))
        end_turn(game, p)


def _end_of_turn_disaster(game: EcosferaPosition, p: int) -> None:
    """Nothing acquired and no biome tile placed this turn: a disaster card."""
    if game.achieved:
        return
    game.notes.append(t("ecosfera.note_nothing_achieved", player=game.players[p]))
    _take_disaster(game, p)
    if game.status == PLAYING and _count_disasters(game, p) >= THREE_OF_A_KIND:
        game.notes.append(t("ecosfera.note_three_disasters", player=game.players[p]))
        _place_extinction(game, 1)


# ---------------------------------------------------------------------------- turns


def end_turn(game: EcosferaPosition, p: int) -> None:
    """``p``'s turn ends; the next player's begins (unless the round limit ends the game)."""
    if _close_turn(game, p):
        begin_turn(game, (p + 1) % len(game.players))


def _close_turn(game: EcosferaPosition, p: int) -> bool:
    """The line goes to the discard pile and a new line is opened; False if the
    round limit ends the game."""
    game.discards[p].extend(game.lines[p])
    game.lines[p] = []
    game.used = set()
    game.symbols_used = set()
    game.achieved = False
    open_line(game, p)
    game.turns += 1
    if game.turns >= game.options["round_limit"] * len(game.players):
        game.notes.append(t("ecosfera.note_time_up", rounds=game.options["round_limit"]))
        _finish(game, TIME_UP)
        return False
    return True


def begin_turn(game: EcosferaPosition, q: int) -> None:
    """Start ``q``'s turn; while a turn is ended at once by its opened line, the next
    player's turn starts."""
    n = len(game.players)
    while True:
        game._turn = q
        game._current = q
        if not _line_checks(game, q, opening=True):
            return
        if game.status != PLAYING:
            return
        game.notes.append(t("ecosfera.note_turn_over_before_it_began", player=game.players[q]))
        if not _close_turn(game, q):
            return
        q = (q + 1) % n


def _finish(game: EcosferaPosition, outcome: str) -> None:
    game.status = outcome
    game._current = None
