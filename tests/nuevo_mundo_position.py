"""Positions of Nuevo Mundo for the rules tests: games with typed dice on the "examples" map,
pieces and cards set by hand where reaching them by moves would be long.

Settlements are set on a *fresh* game (before the order roll), so everything after them (the
entering, the credits, the turn order) still follows the rules. CQ and ships may also be set
in the middle of a turn (``yellow_operating``), since no credit or order depends on them; cards
may be dealt at any time, because no rule reads a hand except when it is used. Every arranged
position is checked with the engine's own invariants (supplies, ship loads, one place for
every card). A game with pieces set by hand no longer replays from its log; only positions
reached by moves are saved and loaded in the tests.
"""

from __future__ import annotations

import pytest

import gamecore
from gamecore import IllegalAction
from gamecore.nuevo_mundo import NuevoMundo
from gamecore.nuevo_mundo.actions import (
    Aim,
    Answer,
    Attack,
    ColourRolled,
    Combo,
    Disembark,
    Embark,
    EndTurn,
    Move,
    Negotiate,
    NoCombo,
    NumberRolled,
    PickCard,
    PlaceCA,
    PlaceCQ,
    PlaceShip,
    Plunder,
    Sail,
    Settle,
    Tactic,
)
from gamecore.nuevo_mundo.bots import check_invariants
from gamecore.nuevo_mundo.criptex import beats, dots
from gamecore.nuevo_mundo.data import CARDS, CATEGORIES, TACTICS
from gamecore.nuevo_mundo.game import BLACK, GREEN, RED

__all__ = ["BLACK", "GREEN", "RED"]

YELLOW = 0
VIOLET = 1
GREENP = 2
"""Seats: the rulebook's examples play yellow against violet."""

SEED = 11


def fresh(
    players: int | tuple[str, ...] = ("Yellow", "Violet"),
    scenario: str = "examples",
    seed: int = SEED,
    **options: object,
) -> NuevoMundo:
    """A new game with typed dice, waiting for the first order roll."""
    game = gamecore.new_game(
        "nuevo-mundo", players=players, seed=seed, scenario=scenario, dice="table", **options
    )
    assert isinstance(game, NuevoMundo)
    return game


def name(game: NuevoMundo, region: str) -> int:
    return game.map.by_name(region)


def put(
    game: NuevoMundo, region: str, player: int, cq: int = 0, ca: int = 0, ships: int = 0
) -> None:
    """Set ``player``'s pieces in ``region`` (by name) to exactly these counts."""
    r = name(game, region)
    game.cq[r][player] = cq
    game.ca[r][player] = ca
    game.ships[r][player] = ships
    check_invariants(game)


def enter(
    game: NuevoMundo, *regions: str, rolls: tuple[int, ...] | None = None, slot: int = 0
) -> None:
    """Throw the order (seat 0 highest unless ``rolls`` says otherwise, one per seat) and
    enter the board: the i-th player in turn order settles in ``regions[i]`` and takes the
    face-up card at ``slot``."""
    n = len(game.players)
    for value in rolls or (6,) + (1,) * (n - 1):
        game.play(NumberRolled(value))
    for region in regions:
        game.play(Settle(name(game, region)))
        game.play(PickCard(slot))


def started(
    *regions: str, players: int | tuple[str, ...] = ("Yellow", "Violet"), **options: object
) -> NuevoMundo:
    """A game whose players entered the board in ``regions`` (in seat order, seat 0 first):
    the first turn's placement stage is waiting."""
    game = fresh(players, **options)
    enter(game, *regions)
    return game


def operative(game: NuevoMundo, region: str) -> None:
    """Spend the turn's credits on CQ in ``region``: the operative stage begins."""
    game.play(PlaceCQ(name(game, region), game.credits))
    assert game.stage == "operate"


def cross(game: NuevoMundo, origin: str, destination: str, colour: int = GREEN) -> None:
    """The white cone on the border origin-destination and the colour die typed in."""
    game.play(Aim(name(game, origin), name(game, destination)))
    game.play(ColourRolled(colour))


def march(game: NuevoMundo, origin: str, destination: str, count: int) -> None:
    """A mobilisation by land that succeeds (green) and moves ``count`` CQ."""
    cross(game, origin, destination, GREEN)
    game.play(Move(count))


def cards_of(category: str, count: int, skip: int = 0) -> list[int]:
    """``count`` card ids of ``category``, after skipping the first ``skip`` of them."""
    ids = [c.id for c in CARDS if c.category == category]
    assert len(ids) >= skip + count
    return ids[skip : skip + count]


def card(category: str, points: int, skip: int = 0) -> int:
    """The id of a card of ``category`` worth ``points`` (the ``skip``-th such card): the tests
    name cards by what the rules read, so a retyped cards.csv keeps them meaningful."""
    ids = [c.id for c in CARDS if c.category == category and c.points == points]
    assert len(ids) > skip, f"cards.csv has no {category} card of {points} points"
    return ids[skip]


def deal(game: NuevoMundo, player: int, cards: list[int]) -> None:
    """Make ``player``'s hand exactly ``cards``: they come from wherever they are (deck, face-up
    row, another hand; a face-up gap is refilled from the deck) and the old hand goes back
    under the deck, so no card is made or lost."""
    old = [c for c in game.hands[player] if c not in cards]
    game.hands[player] = []
    for card in cards:
        for hand in game.hands:
            if card in hand:
                hand.remove(card)
        if card in game.deck:
            game.deck.remove(card)
        if card in game.face_up:
            slot = game.face_up.index(card)
            game.face_up[slot] = game.deck.pop()
    game.deck[:0] = old
    game.hands[player] = list(cards)
    check_invariants(game)


def lay_out(game: NuevoMundo, cards: list[int]) -> None:
    """Make ``cards`` the face-up row (from the deck; the old row goes under the deck)."""
    old = [c for c in game.face_up if c not in cards]
    for card in cards:
        assert card in game.deck or card in game.face_up
        if card in game.deck:
            game.deck.remove(card)
    game.deck[:0] = old
    game.face_up = list(cards)
    check_invariants(game)


def category(card: int) -> int:
    return CATEGORIES.index(CARDS[card].category)


def refused(game: NuevoMundo, action: object, *words: str) -> str:
    """The action is refused with a reason holding ``words``; the game is unchanged; the
    reason is a sentence (no Python repr of an action)."""
    before = game.clone()
    reason = game.why_illegal(action)
    assert reason is not None, f"{action} was allowed"
    with pytest.raises(IllegalAction) as err:
        game.play(action)
    assert err.value.reason == reason
    assert game == before
    for word in words:
        assert word in reason, (word, reason)
    assert "=" not in reason and "Action" not in reason, reason
    return reason


def yellow_operating(*pieces: tuple[str, int, int, int, int], **options: object) -> NuevoMundo:
    """Yellow in AT (6 CQ after spending 3 credits there), violet in FT; yellow's operative
    stage. ``pieces``: (region, player, cq, ca, ships) set then (CQ and ships only: no
    settlement, so the credits do not change)."""
    game = fresh(**options)
    enter(game, "AT", "FT")
    operative(game, "AT")
    for region, player, cq, ca, ships in pieces:
        put(game, region, player, cq=cq, ca=ca, ships=ships)
    return game


def candidates(game: NuevoMundo) -> list[object]:
    """Actions of every kind, legal or not, for the refusal sweep."""
    regions = range(len(game.map.regions) + 1)  # one region number too many
    out: list[object] = [EndTurn(), NoCombo(), Answer(0), Answer(1), Sail(1, 1), Sail(2, 3)]
    out += [NumberRolled(v) for v in range(0, 8)] + [ColourRolled(c) for c in range(-1, 4)]
    out += [PickCard(s) for s in range(-1, 4)] + [Move(k) for k in range(0, 4)]
    out += [Combo(c) for c in range(-1, 7)] + [Tactic(v) for v in range(0, 7)]
    out += [Plunder(c) for c in range(-1, 7)]
    for r in regions:
        out += [Settle(r), PlaceCQ(r, 1), PlaceCQ(r, 4), PlaceCA(r), Attack(r)]
        for d in regions:
            out += [Aim(r, d), PlaceShip(r, d), Embark(r, d, 1), Disembark(r, d, 1)]
            out += [Negotiate(r, d)]
    return out


def sweep(game: NuevoMundo) -> None:
    """Every candidate action is legal exactly when it is among the legal actions; every
    other one is refused with a sentence and leaves the game as it was."""
    legal = set(game.legal_actions())
    key = game._state_key()
    log = list(game.log)
    for action in candidates(game):
        reason = game.why_illegal(action)
        assert (reason is None) == (action in legal), action
        if reason is None:
            continue
        assert reason[0].isupper() or reason[0].isdigit(), reason
        assert reason.endswith("."), reason
        with pytest.raises(IllegalAction) as err:
            game.play(action)
        assert err.value.reason == reason
    assert game._state_key() == key and game.log == log


def play_one_round(game: NuevoMundo) -> None:
    """Two players spend their credits in their first settlement and end their turns."""
    for _ in range(2):
        turn = game.turn_player
        assert turn is not None
        operative(game, game.map.regions[game.settlements(turn)[0]].name)
        game.play(EndTurn())


def wins(criterion: str, pieces: int, exact: bool = False) -> tuple[int, int]:
    """(winner, loser): a tactic that takes at least ``pieces`` pieces (exactly, if ``exact``)
    under ``criterion``, and a tactic it beats. The criptex's dots are reconstructed and may be
    retuned, so the battle tests ask for the effect they need rather than naming tactics."""
    for tactic in TACTICS:
        shown = dots(criterion, tactic)
        if shown == pieces or (shown > pieces and not exact):
            return tactic, next(o for o in TACTICS if beats(tactic, o))
    raise AssertionError(f"no tactic takes {pieces} pieces under {criterion}")
