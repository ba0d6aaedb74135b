"""Nuevos Mundos: the state of a game and the rules that move it (the actions are in actions.py).

The universe board has space 0 (the discard pile, face up), space 1 (the creation pile,
face down) and spaces 2-6 (one face-up card each). On a turn a player plays one card from
their hand in one of three ways, then the board is refilled and the player draws back to
four. When the board cannot be refilled the others may each lay one last card, and the
worlds are scored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..protocol import Action, Chance, Game, mypyc_attr
from ..scoresheet import ScoreSheet
from ..words import t
from .actions import (
    ACTION_TYPES,
    NO_LAST_CARD,
    LastCard,
    Lay,
    NoLastCard,
    TakeBiome,
    TakeDigits,
    digit_spaces,
)
from .data import (
    ALL_BIOME_CARDS,
    ALL_SETTLEMENTS,
    BIOME_OF_CODE,
    BIOME_RANGES,
    BIOMES,
    BOARD_SPACES,
    HAND_SIZE,
    NUMBER_OF_CARDS,
    SETTLEMENT_BASE,
    biome_index,
    biome_label,
    card_label,
    settlement_code,
)
from .scoring import check_modules, score_codes

PLAY: Final = "play"
LAST_CARDS: Final = "last_cards"
OVER: Final = "over"

_PHASE_OF_KIND: Final[dict[type, str]] = {
    TakeBiome: PLAY,
    TakeDigits: PLAY,
    Lay: PLAY,
    LastCard: LAST_CARDS,
    NoLastCard: LAST_CARDS,
}
"""The phase in which each kind of action is played (and which types are actions at all)."""


def _turn_actions(code: int) -> tuple[Action, ...]:
    if code > SETTLEMENT_BASE:
        # A settlement has no value, so it cannot take cards by digits.
        return (TakeBiome(code), Lay(code))
    return (TakeBiome(code), TakeDigits(code), Lay(code))


_TURN_ACTIONS: Final = {code: _turn_actions(code) for code in ALL_BIOME_CARDS + ALL_SETTLEMENTS}
_LAST_ACTIONS: Final = {code: LastCard(code) for code in ALL_BIOME_CARDS + ALL_SETTLEMENTS}


_DIGIT_SPACES: Final = {code: digit_spaces(code) for code in ALL_BIOME_CARDS}


# ---------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class NuevosMundosView:
    """What one player may see: their hand, every world, the face-up cards, pile sizes."""

    game: str
    player: int
    players: tuple[str, ...]
    modules: tuple[str, ...]
    current_player: int | None
    phase: str
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    worlds: tuple[tuple[int, ...], ...]
    board: tuple[int | None, ...]
    """Spaces 2-6, None for an empty space."""
    discard: tuple[int, ...]
    """The discard pile, bottom first: face up, so everyone saw every card go there."""
    creation_size: int
    ender: int | None
    """Who ended the game (at the end, the others may lay one last card)."""

    @property
    def discard_top(self) -> int | None:
        return self.discard[-1] if self.discard else None


# Compiled (benchmarks/build_compiled.py), a class that may be subclassed creates a bare
# instance for clone() without running __init__, and runs __init__ once, not twice.
@mypyc_attr(allow_interpreted_subclasses=True)
class NuevosMundos(Game):
    """A game of Nuevos Mundos for 2-4 players.

    Options: ``modules`` (any of ``human_settlements``, ``global_natural_balance``,
    ``vital_capacity``, ``discord``) and ``first_player`` (index of who starts; the
    rulebook lets the player who most recently planted something go first).
    """

    name = "nuevos-mundos"
    action_types = ACTION_TYPES
    min_players = 2
    max_players = 4

    hands: list[list[int]]
    worlds: list[list[int]]
    board: list[int]
    discard: list[int]
    creation: list[int]
    phase: str
    ender: int | None
    _current: int | None
    _last_queue: list[int]

    @classmethod
    def normalise_options(cls, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        modules = check_modules(options.pop("modules", ()))
        first = options.pop("first_player", 0)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n_players:
            raise ValueError(
                f"first_player must be a player's number from 0 to {n_players - 1}, not {first!r}"
            )
        if options:
            raise ValueError(
                f"Nuevos Mundos has no option {', '.join(sorted(options))}; "
                "its options are modules and first_player"
            )
        return {"modules": list(modules), "first_player": first}

    @property
    def modules(self) -> tuple[str, ...]:
        return tuple(self.options["modules"])

    # ------------------------------------------------------------------ set-up
    def all_cards(self) -> tuple[int, ...]:
        """Every card in this game (the settlements only with their module)."""
        if "human_settlements" in self.options["modules"]:
            return ALL_BIOME_CARDS + ALL_SETTLEMENTS
        return ALL_BIOME_CARDS

    def _setup(self) -> None:
        deck = self._shuffled("shuffle_deck", self.all_cards())
        n = len(self.players)
        self.hands = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):
            for hand in self.hands:
                hand.append(deck.pop())
        self.worlds = [[] for _ in range(n)]
        self.creation = deck
        self.discard = [self.creation.pop()]
        self.board = [self.creation.pop() for _ in range(5)]
        self.phase = PLAY
        self.ender = None
        self._current = self.options["first_player"]
        self._last_queue = []

    @classmethod
    def arranged(
        cls,
        hands: Sequence[Sequence[int]],
        board: Sequence[int],
        discard: int,
        creation: Sequence[int] = (),
        *,
        players: Sequence[str] | None = None,
        seed: int = 0,
        **options: Any,
    ) -> NuevosMundos:
        """A game that starts from a chosen deal, as if the deck had fallen that way.

        ``hands`` (four cards each), ``board`` (spaces 2-6), the ``discard`` card on space
        0 and the top of the ``creation`` pile (top card first) are given; the remaining
        cards lie below in ascending order. The deal is recorded as the deck's shuffle,
        so the game saves, loads and undoes like any other. Useful for lessons and for
        following a physical table.
        """
        names = tuple(players) if players is not None else len(hands)
        game = cls(names, seed, **options)
        if len(hands) != len(game.players):
            raise ValueError(f"give one hand per player ({len(game.players)}), not {len(hands)}")
        if any(len(h) != HAND_SIZE for h in hands) or len(board) != len(BOARD_SPACES):
            raise ValueError("each hand holds 4 cards and the board shows 5 (spaces 2-6)")
        dealt = [hands[p][r] for r in range(HAND_SIZE) for p in range(len(hands))]
        chosen = [*dealt, discard, *board, *creation]
        everything = game.all_cards()
        for code in chosen:
            if code not in everything:
                raise ValueError(f"there is no card {code!r} in this game")
        if len(set(chosen)) != len(chosen):
            raise ValueError("a card is dealt twice")
        rest = sorted(set(everything) - set(chosen), reverse=True)
        deck = rest + list(reversed(creation)) + list(reversed(board)) + [discard] + dealt[::-1]
        return cls._replay(game.players, seed, game.options, [Chance("shuffle_deck", tuple(deck))])

    # ------------------------------------------------------------------ the protocol
    @property
    def current_player(self) -> int | None:
        return self._current

    def legal_actions(self) -> list[Action]:
        current = self._current
        if current is None:
            return []
        hand = self.hands[current]
        if self.phase == PLAY:
            table = _TURN_ACTIONS
            if len(hand) == HAND_SIZE:
                # the usual hand, unrolled: a comprehension costs three times as much
                first, second, third, fourth = hand
                return [*table[first], *table[second], *table[third], *table[fourth]]
            return [a for code in hand for a in table[code]]
        last: list[Action] = [_LAST_ACTIONS[code] for code in hand]
        last.append(NO_LAST_CARD)
        return last

    def _check(self, action: object) -> str | None:
        phase = _PHASE_OF_KIND.get(type(action))
        if phase is None:
            return t("nuevos_mundos.not_an_action", action=repr(action))
        current = self._current
        if current is None:
            return t("nuevos_mundos.game_over")
        if phase != self.phase:
            if self.phase == PLAY:
                return t("nuevos_mundos.not_ending_yet")
            return t("nuevos_mundos.ending")
        if type(action) is NoLastCard:
            return None
        card = action.card  # type: ignore[attr-defined]
        hand = self.hands[current]
        if card not in hand:
            return self._not_in_hand(card, hand)
        if card > SETTLEMENT_BASE and type(action) is TakeDigits:
            return t("nuevos_mundos.settlement_has_no_digits", card=card_label(card))
        return None

    def _not_in_hand(self, card: object, hand: list[int]) -> str:
        if (
            isinstance(card, bool)
            or not isinstance(card, int)
            or not (0 < card <= NUMBER_OF_CARDS or card in ALL_SETTLEMENTS)
        ):
            key = (
                "no_such_card_settlements"
                if "human_settlements" in self.modules
                else "no_such_card"
            )
            return t(f"nuevos_mundos.{key}", card=repr(card))
        held = ", ".join(card_label(c) for c in hand) or t("nuevos_mundos.no_cards")
        return t("nuevos_mundos.not_in_hand", card=card_label(card), hand=held)

    def _apply(self, action: Action) -> None:
        player = self._current
        assert player is not None
        kind = type(action)
        if kind is NoLastCard:
            self._next_last_card()
            return
        card: int = action.card  # type: ignore[attr-defined]
        self.hands[player].remove(card)
        world = self.worlds[player]
        if kind is LastCard:
            world.append(card)
            self._next_last_card()
            return
        if kind is Lay:
            world.append(card)
        else:
            if kind is TakeBiome:
                self._take_biome(BIOME_OF_CODE[card], world)
            else:
                self._take_digits(card, world)
            self.discard.append(card)
        self._end_turn(player)

    # ------------------------------------------------------------------ the three actions
    def _take_biome(self, biome: int, world: list[int]) -> None:
        """Into ``world``, the visible cards of ``biome``: those on spaces 2-6 and the top of
        the discard pile."""
        biome_of = BIOME_OF_CODE
        board = self.board
        for i in range(5):
            # an empty space holds 0, whose biome is -1, so it never matches
            if biome_of[board[i]] == biome:
                world.append(board[i])
                board[i] = 0
        discard = self.discard
        if discard and biome_of[discard[-1]] == biome:
            world.append(discard.pop())

    def _take_digits(self, card: int, world: list[int]) -> None:
        """Into ``world``, the cards on the spaces the digits name, space by space in
        increasing order."""
        board = self.board
        for space in _DIGIT_SPACES[card]:
            if space >= 2:
                code = board[space - 2]
                if code:
                    world.append(code)
                    board[space - 2] = 0
            elif space == 0:
                if self.discard:
                    world.append(self.discard.pop())
            else:
                drawn = self._from_creation()
                if drawn:
                    world.append(drawn)

    def _from_creation(self) -> int:
        """The top card of the creation pile (0 if there is none even after reshuffling).

        When the pile has run out, the discard pile except its top card is shuffled into
        a new creation pile first.
        """
        if not self.creation and len(self.discard) > 1:
            top = self.discard.pop()
            self.creation = self._shuffled("reshuffle_discard", self.discard)
            self.discard = [top]
        return self.creation.pop() if self.creation else 0

    # ------------------------------------------------------------------ end of turn and game
    def _end_turn(self, player: int) -> None:
        """Refill spaces 2-6, draw back to four, pass the turn; or end the game."""
        board = self.board
        hand = self.hands[player]
        creation = self.creation
        empty = board.count(0)
        missing = HAND_SIZE - len(hand)
        # When the creation pile has a card for every empty space and every missing card of
        # the hand, no reshuffle and no end can come of the draws, so they are taken
        # straight from the pile, in the same order: spaces from 2 to 6, then the hand.
        if len(creation) >= empty + missing:
            draw = creation.pop
            for _ in range(empty):
                board[board.index(0)] = draw()
            for _ in range(missing):
                hand.append(draw())
        else:
            for i in range(5):
                if not board[i]:
                    code = self._from_creation()
                    if not code:
                        self._start_last_cards(player)
                        return
                    board[i] = code
            while len(hand) < HAND_SIZE:
                code = self._from_creation()
                if not code:
                    break
                hand.append(code)
        nxt = player + 1
        if nxt == len(self.players):
            nxt = 0
        if not self.hands[nxt]:
            # Decision (docs/rules): the next player has no card to play, so the game
            # ends as if the board could not be refilled.
            self._start_last_cards(player)
            return
        self._current = nxt

    def _start_last_cards(self, ender: int) -> None:
        n = len(self.players)
        self.ender = ender
        self.phase = LAST_CARDS
        self._last_queue = [(ender + k) % n for k in range(1, n)]
        self._next_last_card()

    def _next_last_card(self) -> None:
        queue = self._last_queue
        while queue:
            nxt = queue.pop(0)
            if self.hands[nxt]:
                self._current = nxt
                return
        self._finish()

    def _finish(self) -> None:
        """The remaining cards in hand go to the discard pile, and the game is over."""
        for hand in self.hands:
            self.discard.extend(hand)
            hand.clear()
        self.phase = OVER
        self._current = None

    # ------------------------------------------------------------------ views and scores
    def view(self, player: int) -> NuevosMundosView:
        if not isinstance(player, int) or not 0 <= player < len(self.players):
            raise ValueError(f"there is no player {player!r} in this game")
        return NuevosMundosView(
            game=self.name,
            player=player,
            players=self.players,
            modules=self.modules,
            current_player=self._current,
            phase=self.phase,
            hand=tuple(self.hands[player]),
            hand_sizes=tuple(len(h) for h in self.hands),
            worlds=tuple(tuple(w) for w in self.worlds),
            board=tuple(c or None for c in self.board),
            discard=tuple(self.discard),
            creation_size=len(self.creation),
            ender=self.ender,
        )

    def score(self, settlement_values: Mapping[str, int] | None = None) -> ScoreSheet:
        """The score sheet of the worlds as they are (final once the game is over).

        ``settlement_values`` maps a biome name to the value its settlement takes
        (``{"taiga": 53}``); settlements not named take their owner's best value.
        """
        fixed = self._fixed_settlements(settlement_values or {})
        return score_codes(self.players, self.worlds, self.modules, fixed)

    def _fixed_settlements(self, chosen: Mapping[str, int]) -> dict[int, int]:
        fixed = {}
        for name, value in chosen.items():
            b = biome_index(name)
            code = settlement_code(b)
            owner = next((w for w in self.worlds if code in w), None)
            if owner is None:
                raise ValueError(t("nuevos_mundos.settlement_in_no_world", biome=biome_label(b)))
            first, last = BIOME_RANGES[b]
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not (first <= value <= last)
            ):
                raise ValueError(
                    t(
                        "nuevos_mundos.settlement_value_range",
                        biome=biome_label(b),
                        first=f"{first:02d}",
                        last=f"{last:02d}",
                        value=repr(value),
                    )
                )
            if value in owner:
                raise ValueError(
                    t(
                        "nuevos_mundos.settlement_value_in_world",
                        biome=biome_label(b),
                        value=f"{value:02d}",
                    )
                )
            fixed[code] = value
        return fixed

    def where_is(self, code: int) -> str:
        """Where a card is now, in words (for teaching and for the invariants)."""
        for p, hand in enumerate(self.hands):
            if code in hand:
                return t("nuevos_mundos.where_hand", player=self.players[p])
        for p, world in enumerate(self.worlds):
            if code in world:
                return t("nuevos_mundos.where_world", player=self.players[p])
        if code in self.board:
            return t("nuevos_mundos.where_space", space=self.board.index(code) + 2)
        if code in self.discard:
            return t("nuevos_mundos.where_discard")
        if code in self.creation:
            return t("nuevos_mundos.where_creation")
        return t("nuevos_mundos.where_nowhere")

    def locations(self) -> Iterable[tuple[str, list[int]]]:
        """Every place a card can be, with its cards."""
        for p, hand in enumerate(self.hands):
            yield f"hand {p}", hand
        for p, world in enumerate(self.worlds):
            yield f"world {p}", world
        yield "board", [c for c in self.board if c]
        yield "discard", self.discard
        yield "creation", self.creation

    def _state_key(self) -> tuple[Any, ...]:
        return (
            tuple(tuple(h) for h in self.hands),
            tuple(tuple(w) for w in self.worlds),
            tuple(self.board),
            tuple(self.discard),
            tuple(self.creation),
            self.phase,
            self.ender,
            self._current,
            tuple(self._last_queue),
            self._chance_count,
        )

    def _copy_state(self, other: Any) -> None:
        other.hands = [list(h) for h in self.hands]
        other.worlds = [list(w) for w in self.worlds]
        other.board = list(self.board)
        other.discard = list(self.discard)
        other.creation = list(self.creation)
        other.phase = self.phase
        other.ender = self.ender
        other._current = self._current
        other._last_queue = list(self._last_queue)

    def describe_board(self) -> str:
        """The universe board in one line."""
        top = card_label(self.discard[-1]) if self.discard else "empty"
        spaces = "  ".join(
            f"[{s}] {card_label(c) if c else '--'}" for s, c in zip(range(2, 7), self.board)
        )
        return f"[0] {top} ({len(self.discard)})  [1] ? ({len(self.creation)})  {spaces}"


__all__ = [
    "ACTION_TYPES",
    "BIOMES",
    "LAST_CARDS",
    "OVER",
    "PLAY",
    "LastCard",
    "Lay",
    "NoLastCard",
    "NuevosMundos",
    "NuevosMundosView",
    "TakeBiome",
    "TakeDigits",
    "digit_spaces",
]
