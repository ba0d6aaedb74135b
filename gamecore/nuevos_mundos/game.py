"""Nuevos Mundos: the state of a game and the rules that move it (the actions are in actions.py).

The universe board has space 0 (the discard pile, face up), space 1 (the creation pile,
face down) and spaces 2-6 (one face-up card each). On a turn a player plays one card from
their hand in one of three ways, then the board is refilled and the player draws back to
four. When the board cannot be refilled the others may each lay one last card, and the
worlds are scored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..errors import IllegalAction, Refusal, refuse
from ..position import LIST, LISTS, ROW, VALUE, Field, compile_position
from ..protocol import Action, Chance, Game, Outcome, mypyc_attr
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
    BIOMES,
    BOARD_SPACES,
    HAND_SIZE,
    NUMBER_OF_CARDS,
    SETTLEMENT_BASE,
    card_label,
)
from .scoring import ScoreNumbers, check_modules, game_numbers, score_game

PLAY: Final = "play"
LAST_CARDS: Final = "last_cards"
OVER: Final = "over"

POSITION: Final = (
    Field("hands", LISTS),
    Field("worlds", LISTS, view="worlds"),
    Field("board", ROW, view="board"),
    Field("discard", LIST, view="discard"),
    Field("creation", LIST),
    Field("phase", VALUE, view="phase"),
    Field("ender", VALUE, view="ender"),
    Field("_current", VALUE, view="current_player"),
    Field("_last_queue", LIST),
)
_POSITION_CODE: Final = compile_position(POSITION)
"""Everything that changes during a game, listed once: ``clone``, ``==`` (the key) and
``view`` loop over it. The view shows the viewer's own hand and only the sizes of the
others and of the creation pile; the order of the last cards follows from ``ender``."""


def _turn_actions(code: int) -> tuple[Action, ...]:
    if code > SETTLEMENT_BASE:
        # A settlement has no value, so it cannot take cards by digits.
        return (TakeBiome(code), Lay(code))
    return (TakeBiome(code), TakeDigits(code), Lay(code))


_TURN_ACTIONS: Final = {code: _turn_actions(code) for code in ALL_BIOME_CARDS + ALL_SETTLEMENTS}
_LAST_ACTIONS: Final = {code: LastCard(code) for code in ALL_BIOME_CARDS + ALL_SETTLEMENTS}


_DIGIT_SPACES: Final = {code: digit_spaces(code) for code in ALL_BIOME_CARDS}
_FAST_DRAWS: Final = len(BOARD_SPACES)
"""The most cards a turn draws for the board and the creation space (five spaces by biome;
at most two spaces by digits): with these and the hand's missing cards in the creation
pile, a turn takes the fast path (no reshuffle, no end)."""


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
                t("nuevos_mundos.option_first_player", last=n_players - 1, first=repr(first))
            )
        if options:
            raise ValueError(t("nuevos_mundos.option_unknown", options=", ".join(sorted(options))))
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
            raise ValueError(
                t("nuevos_mundos.arranged_hands", players=len(game.players), n=len(hands))
            )
        if any(len(h) != HAND_SIZE for h in hands) or len(board) != len(BOARD_SPACES):
            raise ValueError(
                t("nuevos_mundos.arranged_sizes", cards=HAND_SIZE, spaces=len(BOARD_SPACES))
            )
        dealt = [hands[p][r] for r in range(HAND_SIZE) for p in range(len(hands))]
        chosen = [*dealt, discard, *board, *creation]
        everything = game.all_cards()
        for code in chosen:
            if code not in everything:
                raise ValueError(t("nuevos_mundos.arranged_no_card", card=repr(code)))
        if len(set(chosen)) != len(chosen):
            raise ValueError(t("nuevos_mundos.arranged_twice"))
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

    def _check(self, action: object) -> Refusal | None:
        move = MOVES.get(type(action))
        if move is None:
            return refuse("nuevos_mundos.not_an_action", action=repr(action))
        current = self._current
        if current is None:
            return refuse("nuevos_mundos.game_over")
        return move[0](self, action, current)

    def _apply(self, action: Action) -> None:
        player = self._current
        assert player is not None
        MOVES[type(action)][1](self, action, player)

    def play(self, action: object) -> None:
        """``Game.play`` in one step (the hot loop of every study): the same rule check, the
        same log entry and the same move, found with one look-up of the action's type."""
        move = MOVES.get(type(action))
        current = self._current
        if move is None or current is None:
            Game.play(self, action)  # refuses it, with the reason in words
            return
        reason = move[0](self, action, current)
        if reason is not None:
            raise IllegalAction(reason, action)
        legal: Action = action  # type: ignore[assignment]  # MOVES holds only actions' types
        self.log.append((current, legal))
        move[1](self, legal, current)

    # ------------------------------------------------------------------ checks, one per move
    # Each takes the action and the player whose decision it is.
    def _check_turn(self, action: TakeBiome | Lay, player: int) -> Refusal | None:
        """On a turn, a player plays one card from their hand."""
        if self.phase != PLAY:
            return refuse("nuevos_mundos.ending")
        if action.card not in self.hands[player]:
            return self._not_in_hand(action.card, player)
        return None

    def _check_take_digits(self, action: TakeDigits, player: int) -> Refusal | None:
        """As any turn; and a settlement, which has no value, has no digits to take by."""
        if self.phase != PLAY:
            return refuse("nuevos_mundos.ending")
        card = action.card
        if card not in self.hands[player]:
            return self._not_in_hand(card, player)
        if card > SETTLEMENT_BASE:
            return refuse("nuevos_mundos.settlement_has_no_digits", card=card_label(card))
        return None

    def _check_last_card(self, action: LastCard, player: int) -> Refusal | None:
        """Once the board cannot be refilled, a last card comes from the player's hand."""
        if self.phase != LAST_CARDS:
            return refuse("nuevos_mundos.not_ending_yet")
        if action.card not in self.hands[player]:
            return self._not_in_hand(action.card, player)
        return None

    def _check_no_last_card(self, action: NoLastCard, player: int) -> Refusal | None:
        """Laying no last card is a choice only at the end."""
        if self.phase != LAST_CARDS:
            return refuse("nuevos_mundos.not_ending_yet")
        return None

    def _not_in_hand(self, card: object, player: int) -> Refusal:
        """A card that is not in the hand: an unknown number, or a card elsewhere."""
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
            return refuse(f"nuevos_mundos.{key}", card=repr(card))
        hand = self.hands[player]
        held = ", ".join(card_label(c) for c in hand) or t("nuevos_mundos.no_cards")
        return refuse("nuevos_mundos.not_in_hand", card=card_label(card), hand=held)

    # ------------------------------------------------------------------ moves, one per action
    # Each takes the action and the player whose decision it is.
    def _apply_take_biome(self, action: TakeBiome, player: int) -> None:
        """The card takes the visible cards of its biome and goes to the discard pile."""
        card = action.card
        hand = self.hands[player]
        hand.remove(card)
        world = self.worlds[player]
        creation = self.creation
        board = self.board
        if len(creation) < _FAST_DRAWS + HAND_SIZE - len(hand) or 0 in board:
            self._take_biome(BIOME_OF_CODE[card], world)
            self.discard.append(card)
            self._end_turn(player)
            return
        # Fast path: the creation pile holds every card the turn can draw, so no reshuffle
        # and no end can come of it; each space taken is refilled at once, which draws the
        # same cards in the same order as taking them all and then refilling spaces 2-6.
        biome_of = BIOME_OF_CODE
        biome = biome_of[card]
        draw = creation.pop
        for i in range(5):
            code = board[i]
            if biome_of[code] == biome:
                world.append(code)
                board[i] = draw()
        discard = self.discard
        if discard and biome_of[discard[-1]] == biome:
            world.append(discard.pop())
        discard.append(card)
        while len(hand) < HAND_SIZE:
            hand.append(draw())
        self._pass_turn(player)

    def _apply_take_digits(self, action: TakeDigits, player: int) -> None:
        """The card takes the cards its digits name and goes to the discard pile."""
        card = action.card
        hand = self.hands[player]
        hand.remove(card)
        world = self.worlds[player]
        creation = self.creation
        board = self.board
        if len(creation) < _FAST_DRAWS + HAND_SIZE - len(hand) or 0 in board:
            self._take_digits(card, world)
            self.discard.append(card)
            self._end_turn(player)
            return
        # Fast path, as in _apply_take_biome: the digits' spaces in increasing order (space
        # 1, the creation pile, before any space of the board), each refilled at once.
        draw = creation.pop
        discard = self.discard
        for space in _DIGIT_SPACES[card]:
            if space >= 2:
                world.append(board[space - 2])
                board[space - 2] = draw()
            elif space == 0:
                if discard:
                    world.append(discard.pop())
            else:
                world.append(draw())
        discard.append(card)
        while len(hand) < HAND_SIZE:
            hand.append(draw())
        self._pass_turn(player)

    def _apply_lay(self, action: Lay, player: int) -> None:
        """The card goes from the hand into the player's world."""
        card = action.card
        hand = self.hands[player]
        hand.remove(card)
        self.worlds[player].append(card)
        creation = self.creation
        if len(creation) < HAND_SIZE - len(hand) or 0 in self.board:
            self._end_turn(player)
            return
        while len(hand) < HAND_SIZE:  # fast path: nothing to refill, the pile is enough
            hand.append(creation.pop())
        self._pass_turn(player)

    def _apply_last_card(self, action: LastCard, player: int) -> None:
        """The last card goes into the world, and the next player may lay theirs."""
        self.hands[player].remove(action.card)
        self.worlds[player].append(action.card)
        self._next_last_card()

    def _apply_no_last_card(self, action: NoLastCard, player: int) -> None:
        """The next player may lay their last card."""
        self._next_last_card()

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
        self._pass_turn(player)

    def _pass_turn(self, player: int) -> None:
        """The next player's turn, once the board and the hand are refilled."""
        hands = self.hands
        nxt = player + 1
        if nxt == len(hands):
            nxt = 0
        if not hands[nxt]:
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
            raise ValueError(t("nuevos_mundos.view_no_player", player=repr(player)))
        return NuevosMundosView(
            game=self.name,
            player=player,
            players=self.players,
            modules=self.modules,
            hand=tuple(self.hands[player]),
            hand_sizes=tuple(len(h) for h in self.hands),
            creation_size=len(self.creation),
            **_POSITION_CODE.shown(self),
        )

    def score(self, settlement_values: Mapping[str, int] | None = None) -> ScoreSheet:
        """The score sheet of the worlds as they are (final once the game is over).

        ``settlement_values`` maps a biome name to the value its settlement takes
        (``{"taiga": 53}``); settlements not named take their owner's best value.
        """
        return score_game(self.players, self.worlds, self.modules, settlement_values or {})

    def score_numbers(self, settlement_values: Mapping[str, int] | None = None) -> ScoreNumbers:
        """The score sheet's numbers only (each seat's points by category, totals and
        tie-break), without its sentences: for studies, bots and the outcome."""
        return game_numbers(self.worlds, self.modules, settlement_values or {})

    def _outcome(self) -> Outcome:
        """As ``Game._outcome`` (first place on the score sheet wins, on points), read from
        the sheet's numbers alone."""
        return Outcome("points", self.score_numbers().winners())

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
        return (*_POSITION_CODE.key(self), self._chance_count)

    def _copy_state(self, other: Any) -> None:
        _POSITION_CODE.copy(self, other)

    def describe_board(self) -> str:
        """The universe board in one line."""
        top = card_label(self.discard[-1]) if self.discard else t("nuevos_mundos.board_empty")
        spaces = "  ".join(
            f"[{s}] {card_label(c) if c else '--'}" for s, c in zip(range(2, 7), self.board)
        )
        return f"[0] {top} ({len(self.discard)})  [1] ? ({len(self.creation)})  {spaces}"


Check = Callable[[Any, Any, int], Refusal | None]
Apply = Callable[[Any, Any, int], None]

MOVES: Final[dict[type, tuple[Check, Apply]]] = {
    TakeBiome: (NuevosMundos._check_turn, NuevosMundos._apply_take_biome),
    TakeDigits: (NuevosMundos._check_take_digits, NuevosMundos._apply_take_digits),
    Lay: (NuevosMundos._check_turn, NuevosMundos._apply_lay),
    LastCard: (NuevosMundos._check_last_card, NuevosMundos._apply_last_card),
    NoLastCard: (NuevosMundos._check_no_last_card, NuevosMundos._apply_no_last_card),
}
"""Every action type with the rule that checks it and the move that carries it out, each
called with the game, the action and the player whose decision it is (the types not listed
are not Nuevos Mundos actions)."""


__all__ = [
    "ACTION_TYPES",
    "BIOMES",
    "LAST_CARDS",
    "MOVES",
    "OVER",
    "PLAY",
    "POSITION",
    "LastCard",
    "Lay",
    "NoLastCard",
    "NuevosMundos",
    "NuevosMundosView",
    "TakeBiome",
    "TakeDigits",
    "digit_spaces",
]
