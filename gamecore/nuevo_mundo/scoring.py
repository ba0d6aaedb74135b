"""Nuevo Mundo's score sheet: each player's discovery cards by category, the winner first.

The game ends at once on a victory by points (20 or more) or by categories (all 6), when one
expedition survives, or at the round limit (most points); ``NuevoMundo._outcome`` says how.
The sheet lists every card with its points, ranks a victory by categories or by survival
first whatever the points, and breaks ties on points by categories, then credits.
"""

from __future__ import annotations

from ..scoresheet import ScoreRow, ScoreSheet, make_sheet
from ..words import t
from .data import CARDS, CATEGORIES
from .position import Position


def card_rows(game: Position) -> list[ScoreRow]:
    """One row per player and category held: the cards, each with its points."""
    rows = []
    joiner = t("core.list_joiner")
    for p, player in enumerate(game.players):
        for category in CATEGORIES:
            cards = [c for c in game.hands[p] if CARDS[c].category == category]
            if not cards:
                continue
            names = joiner.join(
                t("nuevo_mundo.score_card", title=CARDS[c].title, points=CARDS[c].points)
                for c in cards
            )
            rows.append(
                ScoreRow(
                    player,
                    category,
                    sum(CARDS[c].points for c in cards),
                    t("nuevo_mundo.score_row", n=len(cards), cards=names),
                    tuple(cards),
                )
            )
    return rows


def score_sheet(game: Position) -> ScoreSheet:
    """The itemised sheet of a game, provisional while it goes on."""
    winners = [game.players[w] for w in game.winners]
    rule = ""
    if winners:
        players = t("core.list_joiner").join(winners)
        rule = t(f"nuevo_mundo.victory_{game.victory}", players=players)
    return make_sheet(
        game.players,
        CATEGORIES,
        card_rows(game),
        titles={c: t(f"nuevo_mundo_cards.category_{c}") for c in CATEGORIES},
        tie_break={
            player: (game.categories_of(p), game.credits_of(p), int(game.alive[p]))
            for p, player in enumerate(game.players)
        },
        tie_break_rule=t("nuevo_mundo.tie_break"),
        victors=winners,
        victory_rule=rule,
    )
