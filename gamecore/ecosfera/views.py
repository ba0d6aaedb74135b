"""Ecosfera: what one player may see of a game, and the table in a few lines of words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..words import join_words, t
from .data import (
    ELEMENT_OF,
    EXTINCTION_TILES,
    CardSet,
    ability_name,
    biome_label,
    card_label,
    element_name,
    is_disaster,
    is_element,
)
from .position import POSITION, EcosferaPosition, frozen_field, is_whole


@dataclass(frozen=True)
class EcosferaView:
    """What one player may see: every line, row, tile and pile size; no deck's order.

    Lines, rows and discard piles are public (every card reached a discard pile face up
    from a line), so the contents of each deck are known too, only not their order.
    """

    game: str
    player: int
    players: tuple[str, ...]
    options: dict[str, Any]
    cards: CardSet
    current_player: int | None
    turn_player: int
    outcome: str
    turns: int
    lines: tuple[tuple[int, ...], ...]
    used: frozenset[int]
    """Cards of the turn player's line already used this turn."""
    symbols_used: frozenset[int]
    """Cards whose ability symbol was used this turn."""
    achieved: bool
    """Whether the turn player has acquired a card or placed a biome tile this turn."""
    deck_contents: tuple[tuple[int, ...], ...]
    """Each player's deck, sorted (the order is hidden)."""
    discards: tuple[tuple[int, ...], ...]
    waiting: tuple[tuple[int, ...], ...]
    """Solo: cards face up on top of the deck, joining the next line."""
    tiles: tuple[tuple[bool, ...], ...]
    """Each player's ability tiles (plus, refresh, movement): True when face up."""
    plant_row: tuple[int | None, ...]
    animal_row: tuple[int | None, ...]
    plant_deck: tuple[int, ...]
    """The plant & fungi deck, sorted (the order is hidden)."""
    animal_deck: tuple[int, ...]
    element_decks: tuple[tuple[int, ...], ...]
    disaster_deck: tuple[int, ...]
    box: tuple[int, ...]
    biome_tiles: tuple[int, ...]
    extinction_tiles: int
    reactivations: int
    notes: tuple[str, ...]


def view_of(game: EcosferaPosition, player: int) -> EcosferaView:
    """What ``player`` may see of ``game``: every field of ``POSITION``, hidden orders sorted."""
    if not is_whole(player) or not 0 <= player < len(game.players):
        raise ValueError(t("ecosfera.no_such_player", player=repr(player)))
    shown = {f.view_name: frozen_field(f, getattr(game, f.name), for_view=True) for f in POSITION}
    return EcosferaView(
        game=game.name,
        player=player,
        players=game.players,
        options=dict(game.options),
        cards=game.cards,
        **shown,
    )


def describe(game: EcosferaPosition) -> str:
    """The table in a few lines (for a terminal or a quick look in a notebook)."""

    def short(code: int) -> str:
        if not code:
            return t("ecosfera.empty_space")
        if is_element(code):
            return element_name(ELEMENT_OF[code])
        if is_disaster(code):
            return t("ecosfera.disaster_short")
        return card_label(code)

    def row(codes: Sequence[int]) -> str:
        return "  ".join(short(c) for c in codes)

    biomes = join_words([biome_label(b) for b in game.biome_tiles]) or t("ecosfera.no_biome")
    decks = ", ".join(
        t("ecosfera.cost_item", element=element_name(e), n=len(d))
        for e, d in enumerate(game.element_decks)
    )
    lines = [
        t(
            "ecosfera.describe_header",
            level=game.level,
            turn=game.turns + 1,
            outcome=game.describe_outcome(),
        ),
        t(
            "ecosfera.describe_tiles",
            biomes=biomes,
            n=game.extinction_tiles,
            limit=EXTINCTION_TILES,
        ),
        t("ecosfera.describe_plant_row", cards=row(game.plant_row), n=len(game.plant_deck)),
        t("ecosfera.describe_animal_row", cards=row(game.animal_row), n=len(game.animal_deck)),
        t("ecosfera.describe_element_decks", decks=decks),
    ]
    for p, name in enumerate(game.players):
        marks = [
            short(c) + ("*" if p == game._turn and c in game.used else "") for c in game.lines[p]
        ]
        tiles = ", ".join(
            t("ecosfera.tile_up" if up else "ecosfera.tile_down", tile=ability_name(k))
            for k, up in enumerate(game.tiles[p])
        )
        key = "describe_player_to_play" if p == game._current else "describe_player"
        lines.append(
            t(
                f"ecosfera.{key}",
                name=name,
                line=" ".join(marks),
                deck=len(game.decks[p]),
                discard=len(game.discards[p]),
                tiles=tiles,
            )
        )
    return "\n".join(lines)
