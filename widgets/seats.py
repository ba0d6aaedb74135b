"""Who sits at a game table: the seats' kinds, the players' names, who holds the screen.

Widget-free, and the same at every table: every ``GameTable`` and every table's interaction
model is a ``SeatModel``, and the tables whose screen hides a player's secrets (Nuevos
Mundos' hands, Nuevo Mundo's hands and tactics) share it through ``SharedScreen``. The class
server seats its students with the same rules.

- a seat is "human" or a bot's kind ("greedy", "random", ...): ``check_seats`` reads a
  teacher's list, ``default_seats`` is one human and greedy bots;
- names for seats a teacher did not name: ``default_names`` ("You", "Greedy bot",
  "Greedy bot 2");
- seeds: ``fresh_seed`` (a new game's) and ``bot_seed`` (one bot decision's).
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Generic, TypeVar

from gamecore.protocol import Game
from gamecore.words import has, t

from .words import bot_name, you_name

G = TypeVar("G", bound=Game)

HUMAN = "human"
"""The seat of a person at the screen; every other seat is a bot's kind."""

# ---------------------------------------------------------------------------- seats and seeds


def fresh_seed() -> int:
    """A new game seed, short enough to read out to a class."""
    return 1000 + secrets.randbelow(9000)


def bot_seed(game_seed: int, move_number: int, seat: int) -> int:
    """The seed of one bot decision: the same game and moves give the same choice.

    Seeding each decision (rather than each bot) keeps a game reproducible through undo,
    save and load.
    """
    return (game_seed * 1_000_003 + move_number * 101 + seat) % 2**31


def default_seats(n: int) -> tuple[str, ...]:
    """The first player human, the others greedy bots."""
    return (HUMAN,) + ("greedy",) * (n - 1)


def check_seats(
    seats: Sequence[str] | None, n_players: int, kinds: Sequence[str]
) -> tuple[str, ...]:
    """The seats as a tuple (None: ``default_seats``), or a ``ValueError`` that says what is
    wrong with them."""
    seats = default_seats(n_players) if seats is None else tuple(seats)
    if len(seats) != n_players:
        raise ValueError(
            t("table.seats_count", players=n_players, n=len(seats), seats=", ".join(seats))
        )
    for seat in seats:
        if seat not in kinds:
            raise ValueError(t("table.seat_unknown", seat=repr(seat), kinds=", ".join(kinds)))
    return seats


def default_names(seats: Sequence[str]) -> tuple[str, ...]:
    """Names for seats a teacher did not name, in the language of the moment: the first
    human is "You" ("Tú"), a bot is named by its kind ("Greedy bot", "Bot voraz"), and a
    name that would repeat gets a number ("Greedy bot 2"; the rules need distinct names)."""
    names: list[str] = []
    bases: list[str] = []
    for i, seat in enumerate(seats):
        if seat == HUMAN:
            name = you_name() if HUMAN not in seats[:i] else t("core.player_numbered", n=i + 1)
        elif has(f"table.bot_name_{seat}"):
            name = bot_name(seat)
        else:
            name = t("core.player_numbered", n=i + 1)
        bases.append(name)
        if name in names:  # the third greedy bot is "Greedy bot 3", not "Greedy bot 2 2"
            name = t("table.name_numbered", name=bases[-1], n=bases.count(bases[-1]))
            while name in names:  # only if a teacher's seat list is very odd
                name = t("table.name_numbered", name=name, n=i + 1)
        names.append(name)
    return tuple(names)


# ---------------------------------------------------------------------------- who is who


class SeatModel(Generic[G]):
    """Who is who at a table: ``seats`` (each player's kind, "human" or a bot's) beside the
    ``game``, whose ``players`` are the seats' names."""

    game: G
    seats: tuple[str, ...]

    def is_human(self, player: int | None) -> bool:
        return player is not None and self.seats[player] == HUMAN

    def humans(self) -> list[int]:
        """The human seats, in seat order."""
        return [p for p, seat in enumerate(self.seats) if seat == HUMAN]

    def hot_seat(self) -> bool:
        """Two or more humans share the screen."""
        return len(self.humans()) >= 2

    def bot_to_play(self) -> bool:
        player = self.game.current_player
        return player is not None and not self.is_human(player)

    def name(self, player: int) -> str:
        return self.game.players[player]

    def human_moves(self) -> list[int]:
        """Where the humans' decisions are in the game's moves (indices of ``moves()``)."""
        return [i for i, (p, _) in enumerate(self.game.moves()) if self.is_human(p)]

    def humans_have_played(self) -> bool:
        """Whether a human has made a decision in this game (so it has something to lose)."""
        return any(self.is_human(p) for p, _ in self.game.moves())


class SharedScreen(SeatModel[G], ABC):
    """Seats whose screen shows one human's secrets at a time (hot-seat).

    The screen belongs to one human at a time (``viewer``). When the decision passes to a
    different human, the table draws only what everyone may see until that human takes the
    screen (``take_screen``: "Show my hand"), so nobody sees another player's cards by
    accident. The first picture of a table needs no handover (nobody held the screen yet),
    and a single human seat never waits.
    """

    viewer: int | None = None
    """The human who holds the screen: the last one whose secrets were on it (None: nobody)."""
    fresh_screen: bool = True
    """Nothing was drawn yet: the first human's secrets are shown without a handover."""

    @abstractmethod
    def screen(self) -> tuple[int | None, bool]:
        """(the human whose screen the table shows, whether it waits to be handed over)."""

    def waits_for(self, player: int) -> bool:
        """Whether the screen must be handed to ``player`` before it shows their secrets:
        humans share it, it has been drawn already, and another human holds it."""
        return self.hot_seat() and not self.fresh_screen and player != self.viewer

    def hidden(self) -> bool:
        """Whether the screen waits for the human to decide (their secrets face down)."""
        return self.screen()[1]

    def take_screen(self) -> int | None:
        """The human the screen waits for takes it; who that is (None: it waits for nobody)."""
        player, hidden = self.screen()
        if not hidden or player is None:
            return None
        self.viewer = player
        return player


__all__ = [
    "HUMAN",
    "SeatModel",
    "SharedScreen",
    "bot_seed",
    "check_seats",
    "default_names",
    "default_seats",
    "fresh_seed",
]
