"""Nuevo Mundo's options, each checked in words, and the set of them in the form a save keeps
(``NuevoMundo.normalise_options``): ``scenario``, ``dice``, ``cards``, ``rounds`` and
``operations`` (docs/rules/nuevo-mundo.md says what each decides)."""

from __future__ import annotations

from typing import Any

from ..words import t
from .maps import scenario
from .stages import CARD_SOURCES, DEFAULT_OPERATIONS, DEFAULT_ROUNDS, DICE

KNOWN = ("scenario", "dice", "cards", "rounds", "operations")


def game_options(game: str, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
    """The options checked (a ValueError in words for a wrong one) and filled in with their
    defaults. ``cards`` is written only when the cards are typed in, so a save made before
    the option existed is the same game, and replays, as before."""
    unknown = sorted(set(options) - set(KNOWN))
    if unknown:
        raise ValueError(t("core.no_option", game=game, options=", ".join(unknown)))
    key = options.get("scenario", "random")
    if not isinstance(key, str):
        raise ValueError(t("nuevo_mundo.bad_scenario", scenario=repr(key)))
    if key != "random":
        try:
            chosen = scenario(key)
        except (KeyError, ValueError):
            raise ValueError(t("nuevo_mundo.bad_scenario", scenario=repr(key))) from None
        low, high = chosen.players
        if not low <= n_players <= high:
            raise ValueError(
                t("nuevo_mundo.scenario_players", scenario=key, low=low, high=high, n=n_players)
            )
    dice = options.get("dice", "engine")
    if dice not in DICE:
        raise ValueError(t("nuevo_mundo.bad_dice", dice=repr(dice)))
    rounds = options.get("rounds", DEFAULT_ROUNDS)
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
        raise ValueError(t("nuevo_mundo.bad_rounds", rounds=repr(rounds)))
    operations = options.get("operations", DEFAULT_OPERATIONS)
    if not isinstance(operations, int) or isinstance(operations, bool) or operations < 1:
        raise ValueError(t("nuevo_mundo.bad_operations", operations=repr(operations)))
    cards = options.get("cards", "engine")
    if cards not in CARD_SOURCES:
        raise ValueError(t("nuevo_mundo.bad_cards", cards=repr(cards)))
    chosen_options = {"scenario": key, "dice": dice, "rounds": rounds, "operations": operations}
    if cards != "engine":
        chosen_options["cards"] = cards
    return chosen_options
