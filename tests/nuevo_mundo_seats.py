"""Players and checks for the Nuevo Mundo student table (classroom/nuevo_mundo_table.py),
shared by the tests without a server, over a real server, and in a browser.

- ``Player``: what the test's players want to do (the greedy plan, but negotiating a retreat
  whenever they can, and the defender refusing the first negotiation, so a battle follows;
  later ones are accepted), and ``play_move``, which does it on a seat's table by clicks on
  its targets and its buttons only (the button nearest to the plan when the table offers a
  few counts, as the notebook does);
- ``check_secrets``: a seat's table holds its own hand and no other hand's card that the seat
  has not been shown, and, while the defender chooses a tactic, every other seat's table is
  the same whatever the attacker chose (so it cannot tell it).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

from classroom.nuevo_mundo_table import NuevoMundoSeat, button_kind
from gamecore.nuevo_mundo import NuevoMundo
from gamecore.nuevo_mundo.actions import (
    Aim,
    Answer,
    Disembark,
    Embark,
    Negotiate,
    PlaceCA,
    PlaceCQ,
    PlaceShip,
    Settle,
    Tactic,
)
from gamecore.nuevo_mundo.data import CARDS
from gamecore.nuevo_mundo.game import TACTIC_DEFENDER
from gamecore.nuevo_mundo.players import greedy_policy
from gamecore.protocol import Action
from gamecore.words import speaking
from widgets.nuevo_mundo.cards import card_name

Table = dict[str, Any]
Use = Callable[[int, dict[str, Any]], tuple[int, dict[str, Any]]]
"""A seat's request to its table (``{"move", "target"}`` or ``{"move", "button"}``): the
HTTP status and the answer's JSON."""


class Player:
    """The test's players, all seats: greedy, negotiating, the first answer a refusal."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.answers = 0

    def wants(self, game: NuevoMundo) -> Action:
        player = game.current_player
        assert player is not None
        legal = game.legal_actions()
        negotiate = [a for a in legal if isinstance(a, Negotiate)]
        if negotiate:
            return negotiate[0]
        if Answer(0) in legal:
            self.answers += 1
            return Answer(0) if self.answers == 1 else Answer(1)
        return greedy_policy(game.view(player), legal, self.rng)


def clicks_for(action: Action) -> list[str]:
    """The targets a seat clicks before the button of ``action``."""
    if isinstance(action, (Settle, PlaceCQ, PlaceCA)):
        return [f"region:{action.region}"]
    if isinstance(action, PlaceShip):
        return [f"region:{action.land}"]
    if isinstance(action, Aim):
        return [f"region:{action.origin}", f"region:{action.destination}"]
    if isinstance(action, Embark):
        return [f"region:{action.land}", f"region:{action.sea}"]
    if isinstance(action, Disembark):
        return [f"region:{action.sea}", f"region:{action.land}"]
    return []


def nearest_button(table: Table, wanted: str) -> str:
    """The enabled button of ``wanted``, or the nearest count of its kind on the table (the
    table offers 1, 2, 3 ... half and all); any of its kind when there is no count."""
    enabled = [b["kind"] for b in table["buttons"] if not b["disabled"]]
    if wanted in enabled:
        return wanted
    head, _, count = wanted.rpartition(":")
    same = [k for k in enabled if k.rpartition(":")[0] == head and head]
    if same and count.isdigit():
        return min(same, key=lambda k: abs(int(k.rpartition(":")[2]) - int(count)))
    kind = wanted.partition(":")[0]
    same = [k for k in enabled if k.partition(":")[0] == kind]
    assert same, (wanted, enabled)
    return same[0]


def play_move(use: Use, seat: int, table: Table, action: Action) -> tuple[str, Table]:
    """Make ``action`` (or the nearest the table offers) on ``seat``'s table by clicks and a
    button; (the button pressed, the answer to it)."""
    move = table["move"]
    for target in clicks_for(action):
        assert target in [k["target"] for k in table["keyboard"]], (target, table["keyboard"])
        status, answer = use(seat, {"move": move, "target": target})
        assert status == 200, answer
        assert answer["said"], answer
        table = answer["table"]
    button = nearest_button(table, button_kind(action))
    status, answer = use(seat, {"move": move, "button": button})
    assert status == 200, answer
    assert answer["table"]["move"] > move  # (bots may have played after it)
    return button, answer


def words_of(table: Table) -> str:
    """Everything a seat's page may show: the SVG and every text of the table."""
    parts = [table["svg"], table["status"], table["last"], *table["description"]]
    parts += [b["text"] + " " + b["tip"] for b in table["buttons"]]
    parts += [k["words"] for k in table["keyboard"]]
    for panel in table["panels"]:
        parts += [panel["title"], *panel["lines"], *panel["head"]]
        parts += [cell for row in panel["rows"] for cell in row]
    return "\n".join(parts)


def known_cards(game: NuevoMundo, seat: int) -> set[int]:
    """The cards ``seat`` has been shown by the rules: its own, and a card plundered from or
    by it."""
    known = set(game.view(seat).hand)
    for event in game.events:
        if event[0] == "plunder" and seat in (event[1], event[2]):
            known.add(event[3])
    return known


def names(text: str, cards: Iterator[int] | set[int]) -> list[str]:
    return [
        card_name(CARDS[c])
        for c in cards
        if re.search(rf"\b{re.escape(card_name(CARDS[c]))}\b", text)
    ]


def check_secrets(table: Table, game: NuevoMundo, lang: str = "en") -> None:
    """``table`` (a seat's, in ``lang``) names every card of its own hand in words, draws
    each of its categories, and names no card of another hand that the seat was not shown;
    while the defender chooses, the attacker's tactic is on the attacker's table only."""
    seat = table["seat"]
    with speaking(lang):
        own = set(game.view(seat).hand)
        said = "\n".join(table["description"])
        assert sorted(names(said, own)) == sorted(card_name(CARDS[c]) for c in own)
        for card in own:
            assert f'id="hand-{CARDS[card].category}"' in table["svg"]
        hidden = {
            c for p in range(len(game.players)) if p != seat for c in game.view(p).hand
        } - known_cards(game, seat)
        assert names(words_of(table), hidden) == [], (seat, hidden)
    if game.pending == TACTIC_DEFENDER:
        attacker = game.turn_player
        chosen = game.moves()[-1][1]
        assert isinstance(chosen, Tactic)
        mine = f"Your tactic, in secret: {chosen.tactic}." if lang == "en" else None
        if seat == attacker:
            assert mine is None or any(mine in p["lines"] for p in table["panels"]), table["panels"]
        else:
            for other in range(1, 6):
                assert table_if(game, seat, other, table, lang) == table, (seat, other)


def table_if(game: NuevoMundo, seat: int, tactic: int, shown: Table, lang: str) -> Table:
    """``seat``'s table had the attacker chosen ``tactic`` instead (computed here, from the
    same game with its last move changed)."""
    other = game.clone()
    other.undo()
    other.play(Tactic(tactic))
    with speaking(lang):
        data = NuevoMundoSeat(other, seat).data(shown["room"], lang)
    return data
