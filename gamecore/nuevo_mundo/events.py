"""Nuevo Mundo's events in sentences, for a table's history: ``event_text(game_or_view, event)``.

``NuevoMundo.events`` records what happened as tuples (``("roll", player, origin,
destination, colour, purpose)``, ``("plunder", player, defender, card)`` ...); this module says
each one with the players' and the regions' names. A sentence about the default human seat
("You") is the ``_you`` form of its key, so Spanish conjugates for "tú" (``table.is_you``
decides it the same way for every table, here without importing the widgets).

Secrets stay secret: a card taken from the face-up row or from a defender shows its points
only to the two players concerned (the viewer of a view, ``viewer=`` for a game); everyone
else reads its category, as the card's back shows. Tactics are only in events once both
sides have chosen, so a history never shows a tactic still hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from ..words import about, is_you, join_words, t
from .actions import category_word, colour_word
from .criptex import criterion, criterion_name
from .data import CARDS, CATEGORIES
from .game import NuevoMundo, NuevoMundoView
from .maps import Map

NS: Final = "nuevo_mundo_events"
Event = tuple[Any, ...]
Source = NuevoMundo | NuevoMundoView

_SPECTATOR: Final = -1


class _Teller:
    """What a sentence needs: names of players and regions, and who reads it."""

    def __init__(self, players: Sequence[str], board: Map, viewer: int) -> None:
        self.players = players
        self.board = board
        self.viewer = viewer

    def name(self, player: int) -> str:
        return self.players[player] if 0 <= player < len(self.players) else "?"

    def region(self, region: int) -> str:
        regions = self.board.regions
        return regions[region].name if 0 <= region < len(regions) else "?"

    def say(self, key: str, player: int, **values: Any) -> str:
        """The sentence ``key`` with ``player`` as its subject (``_you`` for "You")."""
        return about(f"{NS}.{key}", self.name(player), **values)

    def card(self, card: int, owners: Sequence[int]) -> dict[str, Any]:
        """A card's words: its name and points only for ``owners`` to read."""
        found = CARDS[card]
        category = t(f"nuevo_mundo_cards.category_{found.category}")
        return {
            "secret": self.viewer not in owners,
            "category": category,
            "card": found.title,
            "points": found.points,
        }


def _order_roll(tl: _Teller, e: Event) -> str:
    return tl.say("order_roll", e[1], value=e[2])


def _order_tie(tl: _Teller, e: Event) -> str:
    return t("nuevo_mundo_events.order_tie", names=join_words([tl.name(p) for p in e[1]]))


def _order(tl: _Teller, e: Event) -> str:
    return t("nuevo_mundo_events.order", names=join_words([tl.name(p) for p in e[1]]))


def _settle(tl: _Teller, e: Event) -> str:
    return tl.say("settle", e[1], region=tl.region(e[2]))


def _pick(tl: _Teller, e: Event) -> str:
    words = tl.card(e[2], (e[1],))
    if words.pop("secret"):
        return tl.say("pick_secret", e[1], category=words["category"])
    return tl.say("pick", e[1], n=words.pop("points"), **words)


def _turned_over(tl: _Teller, e: Event) -> str:
    """A card typed in as turned face up from the deck (``cards="table"``): everyone sees it."""
    words = tl.card(e[1], range(len(tl.players)))
    words.pop("secret")
    return t(f"{NS}.turned_over", n=words.pop("points"), **words)


def _round(tl: _Teller, e: Event) -> str:
    return t("nuevo_mundo_events.round", round=e[1], names=join_words([tl.name(p) for p in e[2]]))


def _turn(tl: _Teller, e: Event) -> str:
    return tl.say("turn", e[1], n=e[2])


def _place_cq(tl: _Teller, e: Event) -> str:
    return tl.say("place_cq", e[1], region=tl.region(e[2]), n=e[3])


def _place_ca(tl: _Teller, e: Event) -> str:
    return tl.say("place_ca", e[1], region=tl.region(e[2]))


def _settlement(tl: _Teller, e: Event) -> str:
    return tl.say("settlement", e[1], region=tl.region(e[2]))


def _place_ship(tl: _Teller, e: Event) -> str:
    return tl.say("place_ship", e[1], land=tl.region(e[2]), sea=tl.region(e[3]))


def _credits_lost(tl: _Teller, e: Event) -> str:
    return tl.say("credits_lost", e[1], n=e[2])


def _roll(tl: _Teller, e: Event) -> str:
    _, p, origin, destination, colour, purpose = e
    key = "roll_retreat" if purpose == "retreat" else f"roll_{('green', 'red', 'black')[colour]}"
    return tl.say(
        key,
        p,
        origin=tl.region(origin),
        destination=tl.region(destination),
        colour=colour_word(colour),
    )


def _move(tl: _Teller, e: Event) -> str:
    return tl.say("move", e[1], origin=tl.region(e[2]), destination=tl.region(e[3]), n=e[4])


def _sail(tl: _Teller, e: Event) -> str:
    return tl.say(
        "sail",
        e[1],
        origin=tl.region(e[2]),
        destination=tl.region(e[3]),
        n=e[4],
        troops=e[5],
    )


def _combo(tl: _Teller, e: Event) -> str:
    key = "combo_red" if e[3] == 1 else "combo_black"
    return tl.say(key, e[1], category=category_word(e[2]))


def _embark(tl: _Teller, e: Event) -> str:
    return tl.say("embark", e[1], land=tl.region(e[2]), sea=tl.region(e[3]), n=e[4])


def _disembark(tl: _Teller, e: Event) -> str:
    return tl.say("disembark", e[1], sea=tl.region(e[2]), land=tl.region(e[3]), n=e[4])


def _negotiate(tl: _Teller, e: Event) -> str:
    _, p, d, region, destination = e
    key = "negotiate_to_you" if is_you(tl.name(d)) else "negotiate"
    return tl.say(
        key, p, defender=tl.name(d), region=tl.region(region), destination=tl.region(destination)
    )


def _answer(tl: _Teller, e: Event) -> str:
    return tl.say("accept" if e[2] else "refuse", e[1])


def _retreat(tl: _Teller, e: Event) -> str:
    return tl.say("retreat", e[1], region=tl.region(e[2]), destination=tl.region(e[3]))


def _retreat_failed(tl: _Teller, e: Event) -> str:
    return tl.say("retreat_failed", e[1], region=tl.region(e[2]))


def _battle(tl: _Teller, e: Event) -> str:
    _, p, d, region = e
    key = "battle_on_you" if is_you(tl.name(d)) else "battle"
    return tl.say(key, p, defender=tl.name(d), region=tl.region(region))


def _battle_round(tl: _Teller, e: Event) -> str:
    """Both tactics, each side's force and criterion, then who removes how many pieces."""
    _, p, d, region, att, dfd, attackers, defenders, lose_a, lose_d = e
    head = t(
        f"{NS}.battle_round",
        region=tl.region(region),
        attacker=tl.name(p),
        defender=tl.name(d),
        att_tactic=att,
        def_tactic=dfd,
        attackers=attackers,
        defenders=defenders,
        att_criterion=criterion_name(criterion(attackers, defenders)),
        def_criterion=criterion_name(criterion(defenders, attackers)),
    )
    if att == dfd:
        result = t("nuevo_mundo_events.round_tie", attacker=tl.name(p), defender=tl.name(d))
    else:
        winner, loser, lost = (p, d, lose_d) if lose_d or not lose_a else (d, p, lose_a)
        if is_you(tl.name(loser)):  # "you remove", not "You removes"
            result = t(f"{NS}.round_lost_you", name=tl.name(winner), n=lost)
        else:
            result = tl.say("round_won", winner, loser=tl.name(loser), n=lost)
    return f"{head} {result}"


def _settlement_lost(tl: _Teller, e: Event) -> str:
    return tl.say("settlement_lost", e[1], region=tl.region(e[2]))


def _plunder(tl: _Teller, e: Event) -> str:
    _, p, d, card = e
    if card < 0:  # a card only its category is known of (``game.seen_event``)
        category = t(f"nuevo_mundo_cards.category_{CATEGORIES[-1 - card]}")
        key = "plunder_secret_from_you" if is_you(tl.name(d)) else "plunder_secret"
        return tl.say(key, p, defender=tl.name(d), category=category)
    words = tl.card(card, (p, d))
    secret = words.pop("secret")
    key = "plunder_secret" if secret else "plunder"
    if is_you(tl.name(d)):
        key += "_from_you"
    points = words.pop("points")
    return tl.say(key, p, defender=tl.name(d), n=points, **words)


def _plunder_choice(tl: _Teller, e: Event) -> str:
    """The attacker chose a category from the backs; the defender says which card it was."""
    _, p, d, category = e
    key = "plunder_choice_from_you" if is_you(tl.name(d)) else "plunder_choice"
    return tl.say(key, p, defender=tl.name(d), category=category_word(category))


def _battle_over(tl: _Teller, e: Event) -> str:
    _, p, d, region, winner = e
    if winner == p:
        return tl.say("battle_won", p, region=tl.region(region))
    if winner == d:
        return tl.say("battle_held", d, region=tl.region(region))
    return t("nuevo_mundo_events.battle_empty", region=tl.region(region))


def _eliminated(tl: _Teller, e: Event) -> str:
    return tl.say("eliminated", e[1])


def _end_turn(tl: _Teller, e: Event) -> str:
    return tl.say("end_turn", e[1])


def _victory(tl: _Teller, e: Event) -> str:
    players = join_words([tl.name(p) for p in e[2]])
    return t(f"nuevo_mundo.victory_{e[1]}", players=players)


TELLERS: Final[dict[str, Callable[[_Teller, Event], str]]] = {
    "order_roll": _order_roll,
    "order_tie": _order_tie,
    "order": _order,
    "settle": _settle,
    "pick": _pick,
    "turned_over": _turned_over,
    "round": _round,
    "turn": _turn,
    "place_cq": _place_cq,
    "place_ca": _place_ca,
    "settlement": _settlement,
    "place_ship": _place_ship,
    "credits_lost": _credits_lost,
    "roll": _roll,
    "move": _move,
    "sail": _sail,
    "combo": _combo,
    "embark": _embark,
    "disembark": _disembark,
    "negotiate": _negotiate,
    "answer": _answer,
    "retreat": _retreat,
    "retreat_failed": _retreat_failed,
    "battle": _battle,
    "battle_round": _battle_round,
    "settlement_lost": _settlement_lost,
    "plunder": _plunder,
    "plunder_choice": _plunder_choice,
    "battle_over": _battle_over,
    "eliminated": _eliminated,
    "end_turn": _end_turn,
    "victory": _victory,
}
"""Every kind of event the engine records -> its sentence."""


def event_text(source: Source, event: Event, *, viewer: int | None = None) -> str:
    """One event of ``source.events`` as a sentence, with player and region names.

    ``viewer`` is who reads it (default: the player of a view; for a game, a spectator who
    sees no secret card). An event of a kind this module does not know is said as such,
    never as a tuple."""
    if viewer is None:
        viewer = source.player if isinstance(source, NuevoMundoView) else _SPECTATOR
    teller = _Teller(source.players, source.map, viewer)
    tell = TELLERS.get(str(event[0]) if event else "")
    if tell is None:
        return t("nuevo_mundo_events.unknown")
    return tell(teller, event)


def history_lines(
    source: Source, *, viewer: int | None = None, newest_first: bool = True, limit: int = 0
) -> list[str]:
    """Every event of ``source`` as sentences (newest first by default; ``limit`` > 0 keeps
    that many of the newest)."""
    events = list(source.events)
    if limit > 0:
        events = events[-limit:]
    lines = [event_text(source, e, viewer=viewer) for e in events]
    return lines[::-1] if newest_first else lines
