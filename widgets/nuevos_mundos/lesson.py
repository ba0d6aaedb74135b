"""Small helpers that keep lesson cells short: pictures of positions and action previews."""

from __future__ import annotations

from gamecore.nuevos_mundos import NuevosMundos
from gamecore.nuevos_mundos.game import PLAY

from ..svg import Picture
from .table import NuevosMundosTable, action_previews


def picture(game: NuevosMundos, select: int | None = None) -> Picture:
    """The table as the player to move sees it, optionally with a card of their hand chosen
    (the cards each action would take are then marked)."""
    table = NuevosMundosTable.from_game(game, seats=("human",) * len(game.players))
    if select is not None:
        table.select(select)
    return table.snapshot()


def what_each_action_takes(game: NuevosMundos, card: int) -> list[str]:
    """For a card in the hand of the player to move, what each of the three actions does."""
    player = game.current_player
    if player is None:
        raise ValueError("the game is over: there is no card to play")
    kinds = ("biome", "digits", "lay") if game.phase == PLAY else ("last", "none")
    previews = action_previews(game.view(player), card)
    return [previews[kind].text for kind in kinds if kind in previews]
