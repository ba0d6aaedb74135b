"""What one Nuevo Mundo player may see (``NuevoMundo.view``): a bot decides from it, and a
table draws it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .maps import Map


@dataclass(frozen=True)
class NuevoMundoView:
    """What one player may see: the whole map and its pieces, everyone's card backs (the
    category shows, the points do not), their own cards, the face-up cards, and the battle
    without the other side's secret tactic."""

    game: str
    player: int
    players: tuple[str, ...]
    options: dict[str, Any]
    map: Map
    cq: tuple[tuple[int, ...], ...]
    """Region -> each player's CQ there (aboard ships at sea)."""
    ca: tuple[tuple[int, ...], ...]
    ships: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    """The viewer's own cards."""
    backs: tuple[tuple[int, ...], ...]
    """Each player's cards as categories (indices into ``data.CATEGORIES``), sorted."""
    face_up: tuple[int, ...]
    deck_size: int
    alive: tuple[bool, ...]
    order: tuple[int, ...]
    turn: int
    round: int
    stage: str
    pending: str
    current_player: int | None
    turn_player: int | None
    credits: int
    red_cones: tuple[tuple[int, int], ...]
    aim: tuple[int, int] | None
    combos_used: tuple[int, ...]
    battle_region: int
    defender: int
    my_tactic: int
    """The viewer's own secret tactic this round (0: none chosen, or not theirs)."""
    negotiation: tuple[int, int] | None
    operations: int
    events: tuple[tuple[Any, ...], ...]
    winners: tuple[int, ...]
    victory: str
    # public bookkeeping of the turn, so a bot can rebuild the position from its view
    ca_regions: tuple[int, ...]
    combo_cards: tuple[int, ...]
    combo_colour: int
    roll_for: str
    negotiated: tuple[int, ...]
    plundered: bool
    eliminate: bool
    rollers: tuple[int, ...]
    rolls: tuple[int, ...]
