"""Ecosfera: the game itself, its set-up, its choices and one table of rules per action.

A co-operative deck-building game. Each player has a deck (left), a line of four opened
cards, a discard pile (right) and three ability tiles. On their turn a player uses the
cards of their line, each once, to acquire plant & fungi cards (paying their element
cost), animals (with two plants that share a biome) and biome tiles (with two animals that
share a biome, or a tree with the mushroom symbol and a mushroom). Everything acquired
goes on the line and can be used the same turn; at the end of the turn the whole line
goes to the discard pile and four new cards are opened. Together the players win with all
seven biome tiles and lose with all seven extinction tiles.

Every decision of a turn is one action; the turn ends with ``EndTurn`` or when a disaster
check ends it. The rule decisions are in ``docs/rules/ecosfera.md``.

The engine is one module per part of the rules, read in this order:

- ``actions.py``: the actions, small frozen objects;
- ``position.py``: the position (``POSITION``, its fields listed once) and what the rules
  ask of it;
- ``checks.py``: why an action is refused, one check per action type;
- ``turn.py``: what each action does, and the turn's flow (disasters, turns, the end);
- ``views.py``: what a player may see, and the table in words;
- ``scoring.py``: the score sheet;
- here: ``Ecosfera``, with ``RULES``, the table of (check, play) per action type.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Final

from ..errors import Refusal, refuse
from ..protocol import Action, Outcome, mypyc_attr
from ..scoresheet import ScoreSheet
from ..words import t
from .actions import (
    ACTION_TYPES,
    ANIMAL_ROW,
    END_TURN,
    NO_TILE,
    OWN_DECK,
    PLANT_ROW,
    RECYCLE,
    TILE,
    AcquireAnimal,
    AcquirePlant,
    ClaimBiomes,
    EndTurn,
    Move,
    Mycorrhiza,
    Plus,
    Refresh,
    TakeMissingElement,
    paid_cards,
    paid_mask,
)
from .checks import (
    check_acquire_animal,
    check_acquire_plant,
    check_claim_biomes,
    check_end_turn,
    check_move,
    check_mycorrhiza,
    check_plus,
    check_refresh,
    check_take_missing_element,
)
from .data import (
    ABILITIES,
    ALL_DISASTERS,
    ELEMENT_CARDS_PER_ELEMENT,
    ELEMENT_OF,
    ELEMENTS,
    LEVEL_POINTS,
    LEVELS,
    MOVEMENT,
    PLUS,
    REBEL_EXTINCTION_TILES,
    REFRESH,
    ROW_SIZE,
    STARTING_DISASTERS,
    CardSet,
    default_cards,
    element_code,
    element_count,
    is_animal,
    is_disaster,
    is_plant,
)
from .position import (
    DEFAULT_ROUND_LIMIT,
    LIST,
    LISTS,
    LOST,
    PLAYING,
    POSITION,
    ROW,
    SET,
    TIME_UP,
    VALUE,
    WON,
    EcosferaPosition,
    Field,
    copy_field,
    frozen_field,
    is_whole,
)
from .scoring import game_challenges, game_sheet
from .turn import (
    begin_turn,
    open_line,
    play_acquire_animal,
    play_acquire_plant,
    play_claim_biomes,
    play_end_turn,
    play_move,
    play_mycorrhiza,
    play_plus,
    play_refresh,
    play_take_missing_element,
    refill_rows,
)
from .views import EcosferaView, describe, view_of

Check = Callable[[EcosferaPosition, Any], Refusal | None]
"""Why an action of one type is refused now (None: it is allowed)."""
Play = Callable[[EcosferaPosition, Any], None]
"""Carry out an allowed action of one type."""

RULES: Final[dict[type[object], tuple[Check, Play]]] = {
    AcquirePlant: (check_acquire_plant, play_acquire_plant),
    TakeMissingElement: (check_take_missing_element, play_take_missing_element),
    AcquireAnimal: (check_acquire_animal, play_acquire_animal),
    ClaimBiomes: (check_claim_biomes, play_claim_biomes),
    Mycorrhiza: (check_mycorrhiza, play_mycorrhiza),
    Plus: (check_plus, play_plus),
    Refresh: (check_refresh, play_refresh),
    Move: (check_move, play_move),
    EndTurn: (check_end_turn, play_end_turn),
}
"""Each action type's rules: its check (``checks.py``) and what it does (``turn.py``).
``_check`` and ``_apply`` look an action up here by its exact type."""


# with_cards() subclasses the game, also when mypyc compiles this module
@mypyc_attr(allow_interpreted_subclasses=True)
class Ecosfera(EcosferaPosition):
    """A game of Ecosfera for 1-4 players (co-operative; one player is the solo version).

    Options: ``level`` (1 easiest to 5 hardest), ``first_player`` (who most recently
    planted a plant), ``round_limit`` (an unfinished game ends after this many rounds),
    ``extinction_rebel`` (start with six extinction tiles placed: the challenge) and
    ``hardest_level_points`` (50; the rulebook prints 30).
    """

    name = "ecosfera"
    action_types = ACTION_TYPES
    min_players = 1
    max_players = 4
    card_set: ClassVar[CardSet | None] = None
    """The card list new games use; None for the package's ``cards.json``."""

    @classmethod
    def with_cards(cls, cards: CardSet) -> type[Ecosfera]:
        """A variant of the game that plays with another card list (tests, lessons).

        Its games clone, undo and replay like any other; a save file names only "ecosfera",
        so ``gamecore.load_json`` replays it with the package's cards (use the variant's
        ``_replay`` to reload it with its own).
        """
        return type("Ecosfera", (cls,), {"card_set": cards})

    @classmethod
    def normalise_options(cls, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        level = options.pop("level", 1)
        if not is_whole(level) or level not in LEVELS:
            raise ValueError(t("ecosfera.option_level", value=repr(level)))
        first = options.pop("first_player", 0)
        if not is_whole(first) or not 0 <= first < n_players:
            raise ValueError(
                t("ecosfera.option_first_player", last=n_players - 1, value=repr(first))
            )
        limit = options.pop("round_limit", DEFAULT_ROUND_LIMIT)
        if not is_whole(limit) or limit < 1:
            raise ValueError(t("ecosfera.option_round_limit", value=repr(limit)))
        rebel = options.pop("extinction_rebel", False)
        if not isinstance(rebel, bool):
            raise ValueError(t("ecosfera.option_extinction_rebel", value=repr(rebel)))
        hardest = options.pop("hardest_level_points", LEVEL_POINTS[-1])
        if not is_whole(hardest) or hardest < 0:
            raise ValueError(t("ecosfera.option_hardest_level_points", value=repr(hardest)))
        if options:
            raise ValueError(t("ecosfera.option_unknown", options=", ".join(sorted(options))))
        return {
            "level": level,
            "first_player": first,
            "round_limit": limit,
            "extinction_rebel": rebel,
            "hardest_level_points": hardest,
        }

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        """Supply rows of four, element decks for the level, each player's starting deck
        (one card of each element, two disasters) shuffled, and a line of four opened."""
        self.cards = type(self).card_set or default_cards()
        n = len(self.players)
        self.plant_deck = self._shuffled("shuffle_plants", self.cards.plant_codes)
        self.animal_deck = self._shuffled("shuffle_animals", self.cards.animal_codes)
        self.plant_row = [self.plant_deck.pop() if self.plant_deck else 0 for _ in range(ROW_SIZE)]
        self.animal_row = [
            self.animal_deck.pop() if self.animal_deck else 0 for _ in range(ROW_SIZE)
        ]
        count = element_count(self.level, n)
        self.element_decks = [
            [element_code(e, k) for k in range(1, count + 1)] for e in range(len(ELEMENTS))
        ]
        self.box = [
            element_code(e, k)
            for e in range(len(ELEMENTS))
            for k in range(count + 1, ELEMENT_CARDS_PER_ELEMENT + 1)
        ]
        self.disaster_deck = list(ALL_DISASTERS)
        starting = [
            [deck.pop() for deck in self.element_decks]
            + [self.disaster_deck.pop() for _ in range(STARTING_DISASTERS)]
            for _ in range(n)
        ]
        self.decks = [self._shuffled("shuffle_deck", cards) for cards in starting]
        self.discards = [[] for _ in range(n)]
        self.waiting = [[] for _ in range(n)]
        self.lines = [[] for _ in range(n)]
        self.tiles = [[True] * len(ABILITIES) for _ in range(n)]
        self.biome_tiles = []
        self.extinction_tiles = REBEL_EXTINCTION_TILES if self.options["extinction_rebel"] else 0
        self.used = set()
        self.symbols_used = set()
        self.achieved = False
        self.reactivations = 0
        self.turns = 0
        self.status = PLAYING
        self.notes = []
        for p in range(n):
            open_line(self, p)
        begin_turn(self, self.options["first_player"])

    # ------------------------------------------------------------------ the choices
    def legal_actions(self) -> list[Action]:
        """Every action allowed now. Payments are listed once per plant, with the
        lowest-numbered unused element cards, and a movement of an element card once per
        element, with the lowest-numbered unused card of it (any other choice of identical
        cards is accepted too: docs/rules/ecosfera.md, "Identical element cards"); pairs are
        listed once, the lower code first."""
        if self._current is None:
            return []
        p = self._turn
        used = self.used
        free = sorted(c for c in self.lines[p] if c not in used)
        by_element: list[list[int]] = [[] for _ in ELEMENTS]
        for c in free:
            if ELEMENT_OF[c] >= 0:
                by_element[ELEMENT_OF[c]].append(c)
        plants = [c for c in free if is_plant(c)]
        animals = [c for c in free if is_animal(c)]
        return [
            *self._plant_actions(by_element),
            *self._animal_actions(plants),
            *self._tile_actions(p, plants, animals),
            *self._ability_actions(p, free, by_element),
            END_TURN,
        ]

    def _plant_actions(self, by_element: list[list[int]]) -> Iterator[Action]:
        have = [len(x) for x in by_element]
        for plant in self.plant_row:
            if not plant:
                continue
            cost = self.cards.cost[plant]
            short = [e for e in range(len(ELEMENTS)) if have[e] < cost[e]]
            if not short:
                pay = [c for e, n in enumerate(cost) for c in by_element[e][:n]]
                yield AcquirePlant(plant, paid_mask(pay))
            elif len(short) == 1:
                m = short[0]
                if cost[m] - have[m] == 1 and self.element_decks[m]:
                    pay = [c for e, n in enumerate(cost) for c in by_element[e][: n - (e == m)]]
                    yield TakeMissingElement(plant, m, paid_mask(pay))

    def _animal_actions(self, plants: list[int]) -> Iterator[Action]:
        mask = self.cards.biome_mask
        row = [a for a in self.animal_row if a]
        for i, a in enumerate(plants):
            for b in plants[i + 1 :]:
                common = mask[a] & mask[b]
                if common and not self.mycorrhiza_tiles(a, b):
                    yield from (AcquireAnimal(x, a, b) for x in row if mask[x] & common)

    def _tile_actions(self, p: int, plants: list[int], animals: list[int]) -> Iterator[Action]:
        mask = self.cards.biome_mask
        won = self._won_mask()
        face_down = [t for t, up in enumerate(self.tiles[p]) if not up]
        for i, a in enumerate(animals):
            for b in animals[i + 1 :]:
                common = mask[a] & mask[b]
                if common:
                    if common & ~won:
                        yield ClaimBiomes(a, b, NO_TILE)
                    yield from (ClaimBiomes(a, b, t) for t in face_down)
        mushrooms = [m for m in plants if m in self.cards.mushrooms]
        for tree in plants:
            if tree in self.cards.symbol_trees:
                yield from (Mycorrhiza(tree, m) for m in mushrooms if mask[tree] & mask[m] & ~won)

    def _sources(self, p: int, ability: int) -> list[int]:
        """What can provide ``ability`` now: the face-up tile and unspent card symbols."""
        sources = [TILE] if self.tiles[p][ability] else []
        abilities = self.cards.abilities
        spent = self.symbols_used
        sources.extend(c for c in self.lines[p] if ability in abilities[c] and c not in spent)
        return sources

    def _ability_actions(
        self, p: int, free: list[int], by_element: list[list[int]]
    ) -> Iterator[Action]:
        if self.decks[p] or self.discards[p]:
            for s in self._sources(p, PLUS):
                yield Plus(s)
        refresh = self._sources(p, REFRESH)
        if refresh:
            for row, deck in ((PLANT_ROW, self.plant_deck), (ANIMAL_ROW, self.animal_deck)):
                if deck:
                    for s in refresh:
                        yield Refresh(s, row)
        movement = self._sources(p, MOVEMENT)
        if movement:
            targets = [RECYCLE]
            if self.solo:
                targets.append(OWN_DECK)
            else:
                targets.extend(q for q in range(len(self.players)) if q != p)
            # an element card once per element: its lowest-numbered unused copy
            movable = [
                c
                for c in free
                if not is_disaster(c) and (ELEMENT_OF[c] < 0 or c == by_element[ELEMENT_OF[c]][0])
            ]
            for s in movement:
                for c in movable:
                    if c != s:  # a symbol moves another card, never its own
                        for to in targets:
                            yield Move(s, c, to)

    # ------------------------------------------------------------------ the rules
    def _check(self, action: object) -> Refusal | None:
        rule = RULES.get(type(action))
        if rule is None:
            return refuse("ecosfera.not_an_action", action=repr(action))
        if self._current is None:
            return refuse("ecosfera.game_over", outcome=self.describe_outcome())
        return rule[0](self, action)

    def _apply(self, action: Action) -> None:
        self.notes = []
        RULES[type(action)][1](self, action)

    def _refill_rows(self) -> None:
        """Every empty space of a supply row takes the top card of its deck (tests that
        arrange a position call it after taking cards out of a row)."""
        refill_rows(self)

    # ------------------------------------------------------------------ views and scores
    def _outcome(self) -> Outcome:
        """The team wins or loses together; a solo player is a team of one."""
        if self.status == WON:
            return Outcome("team_won", tuple(range(len(self.players))))
        return Outcome("team_lost" if self.status == LOST else "time_up", ())

    def view(self, player: int) -> EcosferaView:
        return view_of(self, player)

    def describe(self) -> str:
        """The table in a few lines (for a terminal or a quick look in a notebook)."""
        return describe(self)

    def challenges(self, *, monk: bool = False) -> tuple[str, ...]:
        """The eco-warrior challenges this game completed; The Monk only if declared."""
        return game_challenges(self, monk=monk)

    def team_score(self, *, monk: bool = False) -> ScoreSheet:
        """The team's score sheet (one player, "team"), as ``final_score`` gives it.

        ``monk``: the players declare they won without speaking (The Monk).
        """
        return game_sheet(self, monk=monk, team=True)

    def score(self, *, monk: bool = False) -> ScoreSheet:
        """The score sheet with every player credited the team's points (provisional while
        the game goes on); ``team_score`` gives the same points once, for the team."""
        return game_sheet(self, monk=monk)


__all__ = [
    "ACTION_TYPES",
    "ANIMAL_ROW",
    "DEFAULT_ROUND_LIMIT",
    "LIST",
    "LISTS",
    "LOST",
    "NO_TILE",
    "OWN_DECK",
    "PLANT_ROW",
    "PLAYING",
    "POSITION",
    "RECYCLE",
    "ROW",
    "RULES",
    "SET",
    "TILE",
    "TIME_UP",
    "VALUE",
    "WON",
    "AcquireAnimal",
    "AcquirePlant",
    "ClaimBiomes",
    "Ecosfera",
    "EcosferaPosition",
    "EcosferaView",
    "EndTurn",
    "Field",
    "Move",
    "Mycorrhiza",
    "Plus",
    "Refresh",
    "TakeMissingElement",
    "copy_field",
    "frozen_field",
    "paid_cards",
    "paid_mask",
]
