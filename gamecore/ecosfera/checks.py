"""Ecosfera: why an action is refused, one check per action type.

Each ``check_<action>(game, action)`` returns None when the action is allowed now, else the
rule it breaks as a ``Refusal``: the sentence a student reads, made from a stable catalog
key (``ecosfera.not_on_line_pay``, ``ecosfera.payment_mismatch``, ...) that a table can
match on. ``game.py`` calls them through its table of rules, after refusing what is not an
Ecosfera action and any move once the game is over; ``legal_actions`` lists exactly the
actions they allow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import Refusal, refuse
from ..words import join_words, t
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
    _labels,
    paid_cards,
)
from .data import (
    ABILITIES,
    BIOMES,
    ELEMENT_OF,
    ELEMENTS,
    MOVEMENT,
    PLUS,
    REFRESH,
    ability_name,
    biome_label,
    card_words,
    element_name,
    is_animal,
    is_disaster,
    is_plant,
)
from .position import EcosferaPosition, is_whole


def _common_biomes(mask: int) -> str:
    names = [biome_label(b) for b in range(len(BIOMES)) if mask >> b & 1]
    return join_words(names) or t("ecosfera.no_biome")


def _cost_text(cost: Sequence[int]) -> str:
    items = [t("ecosfera.cost_item", element=element_name(e), n=n) for e, n in enumerate(cost) if n]
    return ", ".join(items) or t("ecosfera.nothing")


# ---------------------------------------------------------------------------- cards and sources


def _on_line(game: EcosferaPosition, code: object, not_on_line: str) -> Refusal | None:
    """None if ``code`` is an unused card of the turn player's line, else why not
    (``not_on_line``: the refusal's key when the card is elsewhere, which names what the
    card was to do: pay, call, claim, mycorrhize or move)."""
    if not is_whole(code) or not game.cards.exists(code):
        return refuse("ecosfera.no_such_card", code=repr(code))
    assert isinstance(code, int)
    if code not in game.lines[game._turn]:
        return refuse(not_on_line, card=card_words(code))
    if code in game.used:
        return refuse("ecosfera.already_used", card=card_words(code))
    return None


def _pair(
    game: EcosferaPosition,
    a: int,
    b: int,
    *,
    on_line: str,
    of_kind: Callable[[int], bool],
    not_of_kind: str,
    same: str,
    share_none: str,
) -> Refusal | None:
    """None if ``a`` and ``b`` are two different unused cards of the turn player's line, both
    of one kind (plants to call an animal, animals to claim a biome), that share a biome;
    else why not, with the keys the caller names for each way it fails."""
    for card in (a, b):
        reason = _on_line(game, card, on_line)
        if reason:
            return reason
        if not of_kind(card):
            return refuse(not_of_kind, card=card_words(card))
    if a == b:
        return refuse(same)
    mask = game.cards.biome_mask
    if not mask[a] & mask[b]:
        return refuse(share_none, a=card_words(a), b=card_words(b))
    return None


def _in_row(game: EcosferaPosition, code: object, row: int) -> Refusal | None:
    """None if ``code`` lies in the supply ``row`` (PLANT_ROW or ANIMAL_ROW), else why not."""
    key, cards = (
        ("ecosfera.not_in_plant_row", game.plant_row)
        if row == PLANT_ROW
        else ("ecosfera.not_in_animal_row", game.animal_row)
    )
    if not is_whole(code) or not game.cards.exists(code):
        return refuse("ecosfera.no_such_card", code=repr(code))
    assert isinstance(code, int)
    if code not in cards:
        shown = ", ".join(card_words(c) for c in cards if c) or t("ecosfera.no_cards")
        return refuse(key, card=card_words(code), shown=shown)
    return None


def _check_payment(
    game: EcosferaPosition, plant: int, paid: int, extra: int | None
) -> Refusal | None:
    """The named element cards (and the ``extra`` element taken from its deck, if any) are
    unused cards of the line that pay exactly the plant's cost."""
    cards = paid_cards(paid)
    if not cards and paid != 0:
        return refuse("ecosfera.paid_not_elements")
    for c in cards:
        reason = _on_line(game, c, "ecosfera.not_on_line_pay")
        if reason:
            return reason
    counts = [0] * len(ELEMENTS)
    for c in cards:
        counts[ELEMENT_OF[c]] += 1
    if extra is not None:
        counts[extra] += 1
    cost = game.cards.cost[plant]
    if tuple(counts) != cost:
        words = {
            "plant": card_words(plant),
            "cost": _cost_text(cost),
            "named": _labels(cards),
            "counts": _cost_text(counts),
        }
        if extra is None:
            key = "ecosfera.payment_mismatch" if cards else "ecosfera.payment_none"
            return refuse(key, **words)
        return refuse("ecosfera.payment_mismatch_missing", element=element_name(extra), **words)
    return None


def _check_source(game: EcosferaPosition, source: object, ability: int) -> Refusal | None:
    """An ability comes from the player's face-up tile or from an unspent symbol of a card
    on their line (a card's symbols are used once per turn)."""
    name = ability_name(ability)
    p = game._turn
    if source == TILE and is_whole(source):
        if not game.tiles[p][ability]:
            return refuse("ecosfera.tile_face_down", tile=name)
        return None
    if not is_whole(source) or not game.cards.exists(source):
        return refuse("ecosfera.source_out_of_range", tile=name, value=repr(source))
    assert isinstance(source, int)
    if source not in game.lines[p]:
        return refuse("ecosfera.source_not_on_line", card=card_words(source))
    if ability not in game.cards.abilities[source]:
        return refuse("ecosfera.no_such_symbol", card=card_words(source), ability=name)
    if source in game.symbols_used:
        return refuse("ecosfera.symbol_used", card=card_words(source))
    return None


# ---------------------------------------------------------------------------- acquiring


def check_acquire_plant(game: EcosferaPosition, action: AcquirePlant) -> Refusal | None:
    """A plant of the row, paid with exactly its cost in unused element cards."""
    return _in_row(game, action.plant, PLANT_ROW) or _check_payment(
        game, action.plant, action.paid, None
    )


def check_take_missing_element(
    game: EcosferaPosition, action: TakeMissingElement
) -> Refusal | None:
    """Missing one single element card of a plant's cost, the player takes it from its deck."""
    reason = _in_row(game, action.plant, PLANT_ROW)
    if reason:
        return reason
    e = action.element
    if not is_whole(e) or not 0 <= e < len(ELEMENTS):
        names = ", ".join(element_name(k) for k in range(len(ELEMENTS)))
        return refuse("ecosfera.element_out_of_range", elements=names, value=repr(e))
    cost = game.cards.cost[action.plant]
    if not cost[e]:
        return refuse(
            "ecosfera.plant_does_not_need",
            plant=card_words(action.plant),
            element=element_name(e),
            cost=_cost_text(cost),
        )
    if not game.element_decks[e]:
        return refuse("ecosfera.element_deck_empty", element=element_name(e))
    reason = _check_payment(game, action.plant, action.paid, e)
    if reason:
        return reason
    free = sum(1 for c in game.lines[game._turn] if ELEMENT_OF[c] == e and c not in game.used)
    if free >= cost[e]:
        return refuse(
            "ecosfera.not_missing", element=element_name(e), plant=card_words(action.plant)
        )
    return None


def check_acquire_animal(game: EcosferaPosition, action: AcquireAnimal) -> Refusal | None:
    """An animal of the row, called by two unused plants that share a biome it lives in (a
    pair that mycorrhizes wins biome tiles instead)."""
    reason = _in_row(game, action.animal, ANIMAL_ROW)
    if reason:
        return reason
    a, b = action.plant_a, action.plant_b
    reason = _pair(
        game,
        a,
        b,
        on_line="ecosfera.not_on_line_call",
        of_kind=is_plant,
        not_of_kind="ecosfera.not_a_plant",
        same="ecosfera.same_plant",
        share_none="ecosfera.plants_share_no_biome",
    )
    if reason:
        return reason
    mask = game.cards.biome_mask
    common = mask[a] & mask[b]
    if not mask[action.animal] & common:
        return refuse(
            "ecosfera.animal_not_in_shared_biomes",
            animal=card_words(action.animal),
            a=card_words(a),
            b=card_words(b),
            biomes=_common_biomes(common),
        )
    tiles = game.mycorrhiza_tiles(a, b)
    if tiles:
        return refuse(
            "ecosfera.pair_mycorrhizes",
            n=bin(tiles).count("1"),
            a=card_words(a),
            b=card_words(b),
            biomes=_common_biomes(tiles),
        )
    return None


# ---------------------------------------------------------------------------- biome tiles


def check_claim_biomes(game: EcosferaPosition, action: ClaimBiomes) -> Refusal | None:
    """Two unused animals that share a biome, for a tile still to win or a used ability tile
    to turn face up."""
    a, b = action.animal_a, action.animal_b
    reason = _pair(
        game,
        a,
        b,
        on_line="ecosfera.not_on_line_claim",
        of_kind=is_animal,
        not_of_kind="ecosfera.not_an_animal",
        same="ecosfera.same_animal",
        share_none="ecosfera.share_no_biome",
    )
    if reason:
        return reason
    mask = game.cards.biome_mask
    common = mask[a] & mask[b]
    tile = action.reactivate
    if not is_whole(tile) or not NO_TILE <= tile < len(ABILITIES):
        names = ", ".join(ability_name(k) for k in range(len(ABILITIES)))
        return refuse("ecosfera.reactivate_out_of_range", abilities=names, value=repr(tile))
    if tile != NO_TILE and game.tiles[game._turn][tile]:
        return refuse("ecosfera.tile_face_up", tile=ability_name(tile))
    if tile == NO_TILE and not common & ~game._won_mask():
        return refuse(
            "ecosfera.claim_only_reactivates",
            a=card_words(a),
            b=card_words(b),
            biomes=_common_biomes(common),
        )
    return None


def check_mycorrhiza(game: EcosferaPosition, action: Mycorrhiza) -> Refusal | None:
    """An unused tree with the mushroom symbol and an unused mushroom that share a biome
    whose tile is still to win."""
    tree, mushroom = action.tree, action.mushroom
    for card in (tree, mushroom):
        reason = _on_line(game, card, "ecosfera.not_on_line_mycorrhize")
        if reason:
            return reason
    if tree not in game.cards.symbol_trees:
        return refuse("ecosfera.not_a_symbol_tree", card=card_words(tree))
    if mushroom not in game.cards.mushrooms:
        return refuse("ecosfera.not_a_mushroom", card=card_words(mushroom))
    mask = game.cards.biome_mask
    common = mask[tree] & mask[mushroom]
    if not common:
        return refuse("ecosfera.share_no_biome", a=card_words(tree), b=card_words(mushroom))
    if not common & ~game._won_mask():
        return refuse(
            "ecosfera.mycorrhiza_tiles_placed",
            tree=card_words(tree),
            mushroom=card_words(mushroom),
            biomes=_common_biomes(common),
        )
    return None


# ---------------------------------------------------------------------------- abilities


def check_plus(game: EcosferaPosition, action: Plus) -> Refusal | None:
    """Plus takes a card from the deck (or the reshuffled discard pile): one must be left."""
    reason = _check_source(game, action.source, PLUS)
    if reason:
        return reason
    p = game._turn
    if not game.decks[p] and not game.discards[p]:
        return refuse("ecosfera.plus_no_card")
    return None


def check_refresh(game: EcosferaPosition, action: Refresh) -> Refusal | None:
    """Refresh renews a supply row whose deck still has cards."""
    reason = _check_source(game, action.source, REFRESH)
    if reason:
        return reason
    if not is_whole(action.row) or action.row not in (PLANT_ROW, ANIMAL_ROW):
        return refuse("ecosfera.row_out_of_range", value=repr(action.row))
    if action.row == PLANT_ROW and not game.plant_deck:
        return refuse("ecosfera.refresh_plant_deck_empty")
    if action.row == ANIMAL_ROW and not game.animal_deck:
        return refuse("ecosfera.refresh_animal_deck_empty")
    return None


def check_move(game: EcosferaPosition, action: Move) -> Refusal | None:
    """Movement sends another unused card, never a disaster, to a teammate's line, back to
    its supply deck or (solo) onto the player's own deck."""
    reason = _check_source(game, action.source, MOVEMENT)
    if reason:
        return reason
    card, to = action.card, action.to
    reason = _on_line(game, card, "ecosfera.not_on_line_move")
    if reason:
        return reason
    if is_disaster(card):
        return refuse("ecosfera.move_disaster")
    if card == action.source:
        return refuse("ecosfera.move_itself", card=card_words(card))
    p = game._turn
    if not is_whole(to):
        return refuse("ecosfera.move_to_out_of_range", value=repr(to))
    if to == RECYCLE:
        return None
    if game.solo:
        return None if to == OWN_DECK else refuse("ecosfera.move_solo_target")
    if to == OWN_DECK:
        return refuse("ecosfera.move_own_deck_not_solo")
    if not 0 <= to < len(game.players):
        return refuse("ecosfera.move_no_such_player", value=repr(to))
    if to == p:
        return refuse("ecosfera.move_to_yourself")
    return None


def check_end_turn(game: EcosferaPosition, action: EndTurn) -> Refusal | None:
    """A turn may always end (its disaster, if nothing was achieved, comes with it)."""
    return None
