"""Ecosfera: the state of a game and the rules that move it (the actions are in actions.py).

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
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..protocol import Action, Game, Outcome, mypyc_attr
from ..scoresheet import ScoreRow, ScoreSheet
from ..words import join_words, t
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
    _labels,
    paid_cards,
    paid_mask,
)
from .data import (
    ABILITIES,
    ALL_DISASTERS,
    BIOME_TILES,
    BIOMES,
    CHALLENGES,
    ELEMENT_CARDS_PER_ELEMENT,
    ELEMENT_OF,
    ELEMENTS,
    EXTINCTION_TILES,
    LEVEL_POINTS,
    LEVELS,
    LINE_SIZE,
    MOVEMENT,
    OPENING_CATASTROPHE,
    OPENING_CATASTROPHE_TILES,
    PLUS,
    REBEL_EXTINCTION_TILES,
    REFRESH,
    ROW_SIZE,
    STARTING_DISASTERS,
    THREE_OF_A_KIND,
    CardSet,
    ability_name,
    biome_label,
    card_label,
    card_words,
    default_cards,
    element_code,
    element_count,
    element_name,
    is_animal,
    is_disaster,
    is_element,
    is_plant,
)
from .scoring import TEAM, score_rows, team_sheet

PLAYING, WON, LOST, TIME_UP = "playing", "won", "lost", "time_up"
DEFAULT_ROUND_LIMIT = 150
"""Rounds (every player one turn) after which an unfinished game ends (see the rules page)."""

_KINDS = frozenset(ACTION_TYPES.values())


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _common_biomes(mask: int) -> str:
    names = [biome_label(b) for b in range(len(BIOMES)) if mask >> b & 1]
    return join_words(names) or t("ecosfera.no_biome")


def _cost_text(cost: Sequence[int]) -> str:
    items = [t("ecosfera.cost_item", element=element_name(e), n=n) for e, n in enumerate(cost) if n]
    return ", ".join(items) or t("ecosfera.nothing")


# ---------------------------------------------------------------------------- the position

LIST, LISTS, SET, VALUE, ROW = "list", "lists", "set", "value", "row"
"""How a field of the position is held: a list of cards, a list of lists (one per player
or element), a set of cards, a plain value, or a supply row (0 in the game for an empty
space, None in the view)."""


@dataclass(frozen=True)
class Field:
    """One part of an Ecosfera position, listed once in ``POSITION``."""

    name: str
    """The game's attribute."""
    shape: str
    view: str | None = None
    """The ``EcosferaView`` field that shows it (its own name if None; "" for none)."""
    hidden_order: bool = False
    """A deck whose contents are public but whose order is not: the view sorts it and
    ``bots.determinize`` deals it at random."""
    in_key: bool = True
    """Whether it is part of the position (the notes of the last action are not)."""

    @property
    def view_name(self) -> str:
        return self.name if self.view is None else self.view


POSITION: tuple[Field, ...] = (
    Field("lines", LISTS),
    Field("decks", LISTS, view="deck_contents", hidden_order=True),
    Field("discards", LISTS),
    Field("waiting", LISTS),
    Field("tiles", LISTS),
    Field("plant_row", ROW),
    Field("animal_row", ROW),
    Field("plant_deck", LIST, hidden_order=True),
    Field("animal_deck", LIST, hidden_order=True),
    Field("element_decks", LISTS),
    Field("disaster_deck", LIST),
    Field("box", LIST),
    Field("biome_tiles", LIST),
    Field("extinction_tiles", VALUE),
    Field("used", SET),
    Field("symbols_used", SET),
    Field("achieved", VALUE),
    Field("reactivations", VALUE),
    Field("turns", VALUE),
    Field("status", VALUE, view="outcome"),
    Field("notes", LIST, in_key=False),
    Field("_turn", VALUE, view="turn_player"),
    Field("_current", VALUE, view="current_player"),
)
"""Everything that changes during a game, listed once: ``clone``, ``==`` (the key), ``view``
and ``bots.determinize`` loop over it."""


def copy_field(shape: str, value: Any) -> Any:
    """A copy of a field's value that the copy can change."""
    if shape == LISTS:
        return [list(x) for x in value]
    if shape in (LIST, ROW):
        return list(value)
    if shape == SET:
        return set(value)
    return value


def frozen_field(field: Field, value: Any, *, for_view: bool = False) -> Any:
    """A field's value as tuples and frozensets (hidden orders sorted in a view)."""
    shape = field.shape
    hide = for_view and field.hidden_order
    if shape == LISTS:
        return tuple(tuple(sorted(x)) if hide else tuple(x) for x in value)
    if shape == LIST:
        return tuple(sorted(value)) if hide else tuple(value)
    if shape == ROW:
        return tuple((c or None) if for_view else c for c in value)
    if shape == SET:
        return frozenset(value)
    return value


# ---------------------------------------------------------------------------- the view


@dataclass(frozen=True)
class EcosferaView:
    """What one player may see: every line, row, tile and pile size; no deck's order.

    Lines, rows and discard piles are public (every card reached a discard pile face up
    from a line), so the contents of each deck are known too, only not their order.
    """

    game: str
    player: int
    players: tuple[str, ...]
    options: dict[str, Any]
    cards: CardSet
    current_player: int | None
    turn_player: int
    outcome: str
    turns: int
    lines: tuple[tuple[int, ...], ...]
    used: frozenset[int]
    """Cards of the turn player's line already used this turn."""
    symbols_used: frozenset[int]
    """Cards whose ability symbol was used this turn."""
    achieved: bool
    """Whether the turn player has acquired a card or placed a biome tile this turn."""
    deck_contents: tuple[tuple[int, ...], ...]
    """Each player's deck, sorted (the order is hidden)."""
    discards: tuple[tuple[int, ...], ...]
    waiting: tuple[tuple[int, ...], ...]
    """Solo: cards face up on top of the deck, joining the next line."""
    tiles: tuple[tuple[bool, ...], ...]
    """Each player's ability tiles (plus, refresh, movement): True when face up."""
    plant_row: tuple[int | None, ...]
    animal_row: tuple[int | None, ...]
    plant_deck: tuple[int, ...]
    """The plant & fungi deck, sorted (the order is hidden)."""
    animal_deck: tuple[int, ...]
    element_decks: tuple[tuple[int, ...], ...]
    disaster_deck: tuple[int, ...]
    box: tuple[int, ...]
    biome_tiles: tuple[int, ...]
    extinction_tiles: int
    reactivations: int
    notes: tuple[str, ...]


# ---------------------------------------------------------------------------- the game


# with_cards() subclasses the game, also when mypyc compiles this module
@mypyc_attr(allow_interpreted_subclasses=True)
class Ecosfera(Game):
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

    cards: CardSet
    lines: list[list[int]]
    decks: list[list[int]]
    """Each player's deck, top card last."""
    discards: list[list[int]]
    waiting: list[list[int]]
    tiles: list[list[bool]]
    plant_row: list[int]
    """ROW_SIZE spaces, 0 for an empty one."""
    animal_row: list[int]
    plant_deck: list[int]
    animal_deck: list[int]
    element_decks: list[list[int]]
    disaster_deck: list[int]
    box: list[int]
    """Element cards left in the box at this level and player count."""
    biome_tiles: list[int]
    """The biomes whose tiles are placed, in the order they were won."""
    extinction_tiles: int
    used: set[int]
    symbols_used: set[int]
    achieved: bool
    reactivations: int
    turns: int
    status: str
    notes: list[str]
    """What happened by itself during the last action (a disaster, a turn ending, ...)."""
    _turn: int
    _current: int | None

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
        if not _is_int(level) or level not in LEVELS:
            raise ValueError(f"level must be 1 (easiest) to 5 (hardest), not {level!r}")
        first = options.pop("first_player", 0)
        if not _is_int(first) or not 0 <= first < n_players:
            raise ValueError(
                f"first_player must be a player's number from 0 to {n_players - 1}, not {first!r}"
            )
        limit = options.pop("round_limit", DEFAULT_ROUND_LIMIT)
        if not _is_int(limit) or limit < 1:
            raise ValueError(f"round_limit must be a whole number of rounds >= 1, not {limit!r}")
        rebel = options.pop("extinction_rebel", False)
        if not isinstance(rebel, bool):
            raise ValueError(f"extinction_rebel must be true or false, not {rebel!r}")
        hardest = options.pop("hardest_level_points", LEVEL_POINTS[-1])
        if not _is_int(hardest) or hardest < 0:
            raise ValueError(
                f"hardest_level_points must be a whole number >= 0 (50, or the printed 30), "
                f"not {hardest!r}"
            )
        if options:
            raise ValueError(
                f"Ecosfera has no option {', '.join(sorted(options))}; its options are level, "
                "first_player, round_limit, extinction_rebel and hardest_level_points"
            )
        return {
            "level": level,
            "first_player": first,
            "round_limit": limit,
            "extinction_rebel": rebel,
            "hardest_level_points": hardest,
        }

    @property
    def level(self) -> int:
        level: int = self.options["level"]
        return level

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

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
            self._open_line(p)
        self._begin_turn(self.options["first_player"])

    # ------------------------------------------------------------------ the protocol
    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def turn_player(self) -> int:
        """Whose turn it is (at the end: whose turn it was)."""
        return self._turn

    def legal_actions(self) -> list[Action]:
        """Every action allowed now. Payments are listed once per plant, with the
        lowest-numbered unused element cards (any other choice of identical cards is
        accepted too); pairs are listed once, the lower code first."""
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
            *self._ability_actions(p, free),
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

    def mycorrhiza_tiles(self, a: int, b: int) -> int:
        """The biome tiles (a mask) that ``a`` and ``b`` would win by mycorrhiza: not zero
        when one is a tree with the mushroom symbol, the other a mushroom, and a biome they
        share has no tile yet. Such a pair mycorrhizes: it cannot call an animal."""
        cards = self.cards
        if not (
            (a in cards.symbol_trees and b in cards.mushrooms)
            or (b in cards.symbol_trees and a in cards.mushrooms)
        ):
            return 0
        return cards.biome_mask[a] & cards.biome_mask[b] & ~self._won_mask()

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

    def _ability_actions(self, p: int, free: list[int]) -> Iterator[Action]:
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
            movable = [c for c in free if not is_disaster(c)]
            for s in movement:
                for c in movable:
                    if c != s:  # a symbol moves another card, never its own
                        for to in targets:
                            yield Move(s, c, to)

    # ------------------------------------------------------------------ refusals
    def _check(self, action: object) -> str | None:
        kind = type(action)
        if kind not in _KINDS:
            return t("ecosfera.not_an_action", action=repr(action))
        if self._current is None:
            return t("ecosfera.game_over", outcome=self.describe_outcome())
        if isinstance(action, AcquirePlant):
            return self._check_acquire_plant(action)
        if isinstance(action, TakeMissingElement):
            return self._check_take_missing_element(action)
        if isinstance(action, AcquireAnimal):
            return self._check_acquire_animal(action)
        if isinstance(action, ClaimBiomes):
            return self._check_claim_biomes(action)
        if isinstance(action, Mycorrhiza):
            return self._check_mycorrhiza(action)
        if isinstance(action, Plus):
            return self._check_plus(action)
        if isinstance(action, Refresh):
            return self._check_refresh(action)
        if isinstance(action, Move):
            return self._check_move(action)
        return None

    def _on_line(self, code: object, what: str) -> str | None:
        """None if ``code`` is an unused card of the turn player's line, else why not
        (``what`` it was to do: pay, call, claim, mycorrhize or move)."""
        if not _is_int(code) or not self.cards.exists(code):
            return t("ecosfera.no_such_card", code=repr(code))
        assert isinstance(code, int)
        if code not in self.lines[self._turn]:
            return t(f"ecosfera.not_on_line_{what}", card=card_words(code))
        if code in self.used:
            return t("ecosfera.already_used", card=card_words(code))
        return None

    def _in_row(self, code: object, row: int) -> str | None:
        key, cards = (
            ("not_in_plant_row", self.plant_row)
            if row == PLANT_ROW
            else ("not_in_animal_row", self.animal_row)
        )
        if not _is_int(code) or not self.cards.exists(code):
            return t("ecosfera.no_such_card", code=repr(code))
        assert isinstance(code, int)
        if code not in cards:
            shown = ", ".join(card_words(c) for c in cards if c) or t("ecosfera.no_cards")
            return t(f"ecosfera.{key}", card=card_words(code), shown=shown)
        return None

    def _check_payment(self, plant: int, paid: int, extra: int | None) -> str | None:
        cards = paid_cards(paid)
        if not cards and paid != 0:
            return t("ecosfera.paid_not_elements")
        for c in cards:
            reason = self._on_line(c, "pay")
            if reason:
                return reason
        counts = [0] * len(ELEMENTS)
        for c in cards:
            counts[ELEMENT_OF[c]] += 1
        if extra is not None:
            counts[extra] += 1
        cost = self.cards.cost[plant]
        if tuple(counts) != cost:
            words = {
                "plant": card_words(plant),
                "cost": _cost_text(cost),
                "named": _labels(cards),
                "counts": _cost_text(counts),
            }
            if extra is None:
                key = "ecosfera.payment_mismatch" if cards else "ecosfera.payment_none"
                return t(key, **words)
            return t("ecosfera.payment_mismatch_missing", element=element_name(extra), **words)
        return None

    def _check_acquire_plant(self, action: AcquirePlant) -> str | None:
        return self._in_row(action.plant, PLANT_ROW) or self._check_payment(
            action.plant, action.paid, None
        )

    def _check_take_missing_element(self, action: TakeMissingElement) -> str | None:
        reason = self._in_row(action.plant, PLANT_ROW)
        if reason:
            return reason
        e = action.element
        if not _is_int(e) or not 0 <= e < len(ELEMENTS):
            names = ", ".join(element_name(k) for k in range(len(ELEMENTS)))
            return t("ecosfera.element_out_of_range", elements=names, value=repr(e))
        cost = self.cards.cost[action.plant]
        if not cost[e]:
            return t(
                "ecosfera.plant_does_not_need",
                plant=card_words(action.plant),
                element=element_name(e),
                cost=_cost_text(cost),
            )
        if not self.element_decks[e]:
            return t("ecosfera.element_deck_empty", element=element_name(e))
        reason = self._check_payment(action.plant, action.paid, e)
        if reason:
            return reason
        free = sum(1 for c in self.lines[self._turn] if ELEMENT_OF[c] == e and c not in self.used)
        if free >= cost[e]:
            return t(
                "ecosfera.not_missing", element=element_name(e), plant=card_words(action.plant)
            )
        return None

    def _check_acquire_animal(self, action: AcquireAnimal) -> str | None:
        reason = self._in_row(action.animal, ANIMAL_ROW)
        if reason:
            return reason
        a, b = action.plant_a, action.plant_b
        for plant in (a, b):
            reason = self._on_line(plant, "call")
            if reason:
                return reason
            if not is_plant(plant):
                return t("ecosfera.not_a_plant", card=card_words(plant))
        if a == b:
            return t("ecosfera.same_plant")
        mask = self.cards.biome_mask
        common = mask[a] & mask[b]
        if not common:
            return t("ecosfera.plants_share_no_biome", a=card_words(a), b=card_words(b))
        if not mask[action.animal] & common:
            return t(
                "ecosfera.animal_not_in_shared_biomes",
                animal=card_words(action.animal),
                a=card_words(a),
                b=card_words(b),
                biomes=_common_biomes(common),
            )
        tiles = self.mycorrhiza_tiles(a, b)
        if tiles:
            return t(
                "ecosfera.pair_mycorrhizes",
                n=bin(tiles).count("1"),
                a=card_words(a),
                b=card_words(b),
                biomes=_common_biomes(tiles),
            )
        return None

    def _check_claim_biomes(self, action: ClaimBiomes) -> str | None:
        a, b = action.animal_a, action.animal_b
        for animal in (a, b):
            reason = self._on_line(animal, "claim")
            if reason:
                return reason
            if not is_animal(animal):
                return t("ecosfera.not_an_animal", card=card_words(animal))
        if a == b:
            return t("ecosfera.same_animal")
        mask = self.cards.biome_mask
        common = mask[a] & mask[b]
        if not common:
            return t("ecosfera.share_no_biome", a=card_words(a), b=card_words(b))
        tile = action.reactivate
        if not _is_int(tile) or not NO_TILE <= tile < len(ABILITIES):
            names = ", ".join(ability_name(k) for k in range(len(ABILITIES)))
            return t("ecosfera.reactivate_out_of_range", abilities=names, value=repr(tile))
        if tile != NO_TILE and self.tiles[self._turn][tile]:
            return t("ecosfera.tile_face_up", tile=ability_name(tile))
        if tile == NO_TILE and not common & ~self._won_mask():
            return t(
                "ecosfera.claim_only_reactivates",
                a=card_words(a),
                b=card_words(b),
                biomes=_common_biomes(common),
            )
        return None

    def _check_mycorrhiza(self, action: Mycorrhiza) -> str | None:
        tree, mushroom = action.tree, action.mushroom
        for card in (tree, mushroom):
            reason = self._on_line(card, "mycorrhize")
            if reason:
                return reason
        if tree not in self.cards.symbol_trees:
            return t("ecosfera.not_a_symbol_tree", card=card_words(tree))
        if mushroom not in self.cards.mushrooms:
            return t("ecosfera.not_a_mushroom", card=card_words(mushroom))
        mask = self.cards.biome_mask
        common = mask[tree] & mask[mushroom]
        if not common:
            return t("ecosfera.share_no_biome", a=card_words(tree), b=card_words(mushroom))
        if not common & ~self._won_mask():
            return t(
                "ecosfera.mycorrhiza_tiles_placed",
                tree=card_words(tree),
                mushroom=card_words(mushroom),
                biomes=_common_biomes(common),
            )
        return None

    def _check_source(self, source: object, ability: int) -> str | None:
        name = ability_name(ability)
        p = self._turn
        if source == TILE and _is_int(source):
            if not self.tiles[p][ability]:
                return t("ecosfera.tile_face_down", tile=name)
            return None
        if not _is_int(source) or not self.cards.exists(source):
            return t("ecosfera.source_out_of_range", tile=name, value=repr(source))
        assert isinstance(source, int)
        if source not in self.lines[p]:
            return t("ecosfera.source_not_on_line", card=card_words(source))
        if ability not in self.cards.abilities[source]:
            return t("ecosfera.no_such_symbol", card=card_words(source), ability=name)
        if source in self.symbols_used:
            return t("ecosfera.symbol_used", card=card_words(source))
        return None

    def _check_plus(self, action: Plus) -> str | None:
        reason = self._check_source(action.source, PLUS)
        if reason:
            return reason
        p = self._turn
        if not self.decks[p] and not self.discards[p]:
            return t("ecosfera.plus_no_card")
        return None

    def _check_refresh(self, action: Refresh) -> str | None:
        reason = self._check_source(action.source, REFRESH)
        if reason:
            return reason
        if not _is_int(action.row) or action.row not in (PLANT_ROW, ANIMAL_ROW):
            return t("ecosfera.row_out_of_range", value=repr(action.row))
        if action.row == PLANT_ROW and not self.plant_deck:
            return t("ecosfera.refresh_plant_deck_empty")
        if action.row == ANIMAL_ROW and not self.animal_deck:
            return t("ecosfera.refresh_animal_deck_empty")
        return None

    def _check_move(self, action: Move) -> str | None:
        reason = self._check_source(action.source, MOVEMENT)
        if reason:
            return reason
        card, to = action.card, action.to
        reason = self._on_line(card, "move")
        if reason:
            return reason
        if is_disaster(card):
            return t("ecosfera.move_disaster")
        if card == action.source:
            return t("ecosfera.move_itself", card=card_words(card))
        p = self._turn
        if not _is_int(to):
            return t("ecosfera.move_to_out_of_range", value=repr(to))
        if to == RECYCLE:
            return None
        if self.solo:
            return None if to == OWN_DECK else t("ecosfera.move_solo_target")
        if to == OWN_DECK:
            return t("ecosfera.move_own_deck_not_solo")
        if not 0 <= to < len(self.players):
            return t("ecosfera.move_no_such_player", value=repr(to))
        if to == p:
            return t("ecosfera.move_to_yourself")
        return None

    # ------------------------------------------------------------------ applying actions
    def _apply(self, action: Action) -> None:
        self.notes = []
        p = self._turn
        if isinstance(action, EndTurn):
            self._end_of_turn_disaster(p)
            if self.status == PLAYING:
                self._end_turn(p)
            return
        if isinstance(action, AcquirePlant):
            self._do_acquire_plant(action, p)
        elif isinstance(action, TakeMissingElement):
            self._do_take_missing_element(action, p)
        elif isinstance(action, AcquireAnimal):
            self._do_acquire_animal(action, p)
        elif isinstance(action, ClaimBiomes):
            self._do_claim_biomes(action, p)
        elif isinstance(action, Mycorrhiza):
            self._do_mycorrhiza(action, p)
        elif isinstance(action, Plus):
            self._do_plus(action, p)
        elif isinstance(action, Refresh):
            self._do_refresh(action, p)
        elif isinstance(action, Move):
            self._do_move(action, p)
        self._after_action(p)

    def _do_acquire_plant(self, action: AcquirePlant, p: int) -> None:
        self.used.update(action.cards)
        self._take_from_row(self.plant_row, action.plant, p)

    def _do_take_missing_element(self, action: TakeMissingElement, p: int) -> None:
        """The taken element goes on your line and is used at once to pay."""
        element = self.element_decks[action.element].pop()
        self.lines[p].append(element)
        self.used.add(element)
        self.used.update(action.cards)
        self._take_from_row(self.plant_row, action.plant, p)

    def _do_acquire_animal(self, action: AcquireAnimal, p: int) -> None:
        self.used.update((action.plant_a, action.plant_b))
        self._take_from_row(self.animal_row, action.animal, p)

    def _do_claim_biomes(self, action: ClaimBiomes, p: int) -> None:
        a, b = action.animal_a, action.animal_b
        self.used.update((a, b))
        self._place_biome_tiles(self.cards.biome_mask[a] & self.cards.biome_mask[b])
        if action.reactivate != NO_TILE:
            self.tiles[p][action.reactivate] = True
            self.reactivations += 1

    def _do_mycorrhiza(self, action: Mycorrhiza, p: int) -> None:
        self.used.update((action.tree, action.mushroom))
        mask = self.cards.biome_mask
        self._place_biome_tiles(mask[action.tree] & mask[action.mushroom])

    def _spend(self, source: int, ability: int, p: int) -> None:
        if source == TILE:
            self.tiles[p][ability] = False
        else:
            self.symbols_used.add(source)

    def _do_plus(self, action: Plus, p: int) -> None:
        self._spend(action.source, PLUS, p)
        card = self._draw(p)
        assert card is not None
        self.lines[p].append(card)

    def _do_refresh(self, action: Refresh, p: int) -> None:
        """The row goes under its deck (left card lowest) and four cards come from the top."""
        self._spend(action.source, REFRESH, p)
        row, deck = (
            (self.plant_row, self.plant_deck)
            if action.row == PLANT_ROW
            else (self.animal_row, self.animal_deck)
        )
        deck[0:0] = [c for c in row if c]
        row[:] = [0] * ROW_SIZE

    def _do_move(self, action: Move, p: int) -> None:
        self._spend(action.source, MOVEMENT, p)
        card, to = action.card, action.to
        self.lines[p].remove(card)
        if to == RECYCLE:
            if is_plant(card):
                self.plant_deck.insert(0, card)
            elif is_animal(card):
                self.animal_deck.insert(0, card)
            else:
                self.element_decks[ELEMENT_OF[card]].insert(0, card)
        elif to == OWN_DECK:
            self.waiting[p].append(card)
        else:
            self.lines[to].append(card)

    def _take_from_row(self, row: list[int], card: int, p: int) -> None:
        row[row.index(card)] = 0
        self.lines[p].append(card)
        self.achieved = True

    def _place_biome_tiles(self, mask: int) -> None:
        new = mask & ~self._won_mask()
        for b in range(len(BIOMES)):
            if new >> b & 1:
                self.biome_tiles.append(b)
        if new:
            self.achieved = True

    def _won_mask(self) -> int:
        return sum(1 << b for b in self.biome_tiles)

    # ------------------------------------------------------------------ rows, decks, disasters
    def _refill_rows(self) -> None:
        """Every empty space of a supply row takes the top card of its deck, if any."""
        for row, deck in ((self.plant_row, self.plant_deck), (self.animal_row, self.animal_deck)):
            for i in range(ROW_SIZE):
                if not row[i] and deck:
                    row[i] = deck.pop()

    def _draw(self, p: int) -> int | None:
        """The top card of ``p``'s deck; an empty deck is first rebuilt from the shuffled
        discard pile. None when both are empty."""
        if not self.decks[p]:
            if not self.discards[p]:
                return None
            self.decks[p] = self._shuffled("shuffle_deck", self.discards[p])
            self.discards[p] = []
        return self.decks[p].pop()

    def _open_line(self, p: int) -> None:
        """A new line: the solo player's face-up cards, then four from the deck."""
        line = self.waiting[p]
        self.waiting[p] = []
        for _ in range(LINE_SIZE):
            card = self._draw(p)
            if card is None:
                break
            line.append(card)
        self.lines[p] = line

    def _take_disaster(self, p: int) -> None:
        """A disaster card onto the line; with the disaster deck empty, the disaster strikes
        the world instead: one extinction tile."""
        if self.disaster_deck:
            self.lines[p].append(self.disaster_deck.pop())
            self.notes.append(t("ecosfera.note_takes_disaster", player=self.players[p]))
        else:
            self.notes.append(t("ecosfera.note_disaster_deck_empty"))
            self._place_extinction(1)

    def _place_extinction(self, n: int) -> None:
        placed = min(n, EXTINCTION_TILES - self.extinction_tiles)
        self.extinction_tiles += placed
        self.notes.append(
            t(
                "ecosfera.note_extinction",
                n=placed,
                total=self.extinction_tiles,
                limit=EXTINCTION_TILES,
            )
        )
        if self.extinction_tiles >= EXTINCTION_TILES:
            self._finish(LOST)

    def _count_disasters(self, p: int) -> int:
        return sum(1 for c in self.lines[p] if is_disaster(c))

    def _line_checks(self, p: int, opening: bool) -> bool:
        """The disaster checks on ``p``'s line; True when they end the turn.

        Three disasters: one extinction tile (three tiles for four disasters in a freshly
        opened line). Three cards of one element: a disaster card, then the same count.
        """
        disasters = self._count_disasters(p)
        if opening and disasters >= OPENING_CATASTROPHE:
            self.notes.append(
                t("ecosfera.note_opened_disasters", n=disasters, player=self.players[p])
            )
            self._place_extinction(OPENING_CATASTROPHE_TILES)
            return True
        if disasters >= THREE_OF_A_KIND:
            self.notes.append(t("ecosfera.note_three_disasters", player=self.players[p]))
            self._place_extinction(1)
            return True
        counts = [0] * len(ELEMENTS)
        for c in self.lines[p]:
            e = ELEMENT_OF[c]
            if e >= 0:
                counts[e] += 1
        heavy = [e for e, n in enumerate(counts) if n >= THREE_OF_A_KIND]
        if not heavy:
            return False
        self.notes.append(
            t("ecosfera.note_three_element", element=element_name(heavy[0]), player=self.players[p])
        )
        self._take_disaster(p)
        if self.status == PLAYING and self._count_disasters(p) >= THREE_OF_A_KIND:
            self.notes.append(t("ecosfera.note_three_disasters", player=self.players[p]))
            self._place_extinction(1)
        return True

    def _after_action(self, p: int) -> None:
        self._refill_rows()
        if len(self.biome_tiles) == BIOME_TILES:
            self._finish(WON)
        elif self._line_checks(p, opening=False) and self.status == PLAYING:
            self.notes.append(t("ecosfera.note_turn_over", player=self.players[p]))
            self._end_turn(p)

    def _end_of_turn_disaster(self, p: int) -> None:
        """Nothing acquired and no biome tile placed this turn: a disaster card."""
        if self.achieved:
            return
        self.notes.append(t("ecosfera.note_nothing_achieved", player=self.players[p]))
        self._take_disaster(p)
        if self.status == PLAYING and self._count_disasters(p) >= THREE_OF_A_KIND:
            self.notes.append(t("ecosfera.note_three_disasters", player=self.players[p]))
            self._place_extinction(1)

    # ------------------------------------------------------------------ turns
    def _end_turn(self, p: int) -> None:
        if self._close_turn(p):
            self._begin_turn((p + 1) % len(self.players))

    def _close_turn(self, p: int) -> bool:
        """The line goes to the discard pile and a new line is opened; False if the
        round limit ends the game."""
        self.discards[p].extend(self.lines[p])
        self.lines[p] = []
        self.used = set()
        self.symbols_used = set()
        self.achieved = False
        self._open_line(p)
        self.turns += 1
        if self.turns >= self.options["round_limit"] * len(self.players):
            self.notes.append(t("ecosfera.note_time_up", rounds=self.options["round_limit"]))
            self._finish(TIME_UP)
            return False
        return True

    def _begin_turn(self, q: int) -> None:
        """Start ``q``'s turn; while a turn is ended at once by its opened line, the next
        player's turn starts."""
        n = len(self.players)
        while True:
            self._turn = q
            self._current = q
            if not self._line_checks(q, opening=True):
                return
            if self.status != PLAYING:
                return
            self.notes.append(t("ecosfera.note_turn_over_before_it_began", player=self.players[q]))
            if not self._close_turn(q):
                return
            q = (q + 1) % n

    def _finish(self, outcome: str) -> None:
        self.status = outcome
        self._current = None

    # ------------------------------------------------------------------ views and scores
    def _outcome(self) -> Outcome:
        """The team wins or loses together; a solo player is a team of one."""
        if self.status == WON:
            return Outcome("team_won", tuple(range(len(self.players))))
        return Outcome("team_lost" if self.status == LOST else "time_up", ())

    def describe_outcome(self) -> str:
        if self.status == WON:
            return t("ecosfera.outcome_won")
        if self.status == LOST:
            return t("ecosfera.outcome_lost")
        if self.status == TIME_UP:
            return t("ecosfera.outcome_time_up", rounds=self.options["round_limit"])
        return t("ecosfera.outcome_playing")

    def view(self, player: int) -> EcosferaView:
        if not _is_int(player) or not 0 <= player < len(self.players):
            raise ValueError(f"there is no player {player!r} in this game")
        shown = {
            f.view_name: frozen_field(f, getattr(self, f.name), for_view=True) for f in POSITION
        }
        return EcosferaView(
            game=self.name,
            player=player,
            players=self.players,
            options=dict(self.options),
            cards=self.cards,
            **shown,
        )

    def supply_elements(self) -> int:
        """Element cards left in the element decks (a point each at the end)."""
        return sum(len(d) for d in self.element_decks)

    def challenges(self, *, monk: bool = False) -> tuple[str, ...]:
        """The eco-warrior challenges this game completed; The Monk only if declared."""
        if monk and self.solo:
            raise ValueError(t("ecosfera.monk_not_solo"))
        if self.status != WON:
            return ()
        done = {
            "zero_waste_master": self.reactivations == 0,
            "anonymous": self.solo,
            "monk": monk,
            "extinction_rebel": bool(self.options["extinction_rebel"]),
        }
        return tuple(c for c in CHALLENGES if done[c])

    def team_score(self, *, monk: bool = False) -> ScoreSheet:
        """The team's score sheet (one player, "team"), as ``final_score`` gives it.

        ``monk``: the players declare they won without speaking (The Monk).
        """
        return team_sheet(self._score_rows(TEAM, monk))

    def score(self, *, monk: bool = False) -> ScoreSheet:
        """The score sheet with every player credited the team's points (provisional while
        the game goes on); ``team_score`` gives the same points once, for the team."""
        rows = [row for name in self.players for row in self._score_rows(name, monk)]
        return team_sheet(rows, self.players)

    def _score_rows(self, name: str, monk: bool) -> list[ScoreRow]:
        return score_rows(
            name,
            level=self.level,
            players=len(self.players),
            biome_tiles=len(self.biome_tiles),
            extinction_tiles=self.extinction_tiles,
            supply_elements=self.supply_elements(),
            challenges=self.challenges(monk=monk),
            hardest_level_points=self.options["hardest_level_points"],
        )

    def locations(self) -> Iterator[tuple[str, list[int]]]:
        """Every place a card can be, with its cards."""
        for p in range(len(self.players)):
            yield f"deck {p}", self.decks[p]
            yield f"line {p}", self.lines[p]
            yield f"discard {p}", self.discards[p]
            yield f"waiting {p}", self.waiting[p]
        yield "plant row", [c for c in self.plant_row if c]
        yield "animal row", [c for c in self.animal_row if c]
        yield "plant deck", self.plant_deck
        yield "animal deck", self.animal_deck
        for e, deck in enumerate(self.element_decks):
            yield f"{ELEMENTS[e]} deck", deck
        yield "disaster deck", self.disaster_deck
        yield "box", self.box

    def where_is(self, code: int) -> str:
        """Where a card is now, in words."""
        for place, cards in self.locations():
            if code in cards:
                return place
        return "nowhere"

    def _state_key(self) -> tuple[Any, ...]:
        key = [frozen_field(f, getattr(self, f.name)) for f in POSITION if f.in_key]
        return (*key, self._chance_count)

    def _copy_state(self, other: Any) -> None:
        other.cards = self.cards
        for f in POSITION:
            setattr(other, f.name, copy_field(f.shape, getattr(self, f.name)))

    def describe(self) -> str:
        """The table in a few lines (for a terminal or a quick look in a notebook)."""

        def short(code: int) -> str:
            if not code:
                return t("ecosfera.empty_space")
            if is_element(code):
                return element_name(ELEMENT_OF[code])
            if is_disaster(code):
                return t("ecosfera.disaster_short")
            return card_label(code)

        def row(codes: Sequence[int]) -> str:
            return "  ".join(short(c) for c in codes)

        biomes = join_words([biome_label(b) for b in self.biome_tiles]) or t("ecosfera.no_biome")
        decks = ", ".join(
            t("ecosfera.cost_item", element=element_name(e), n=len(d))
            for e, d in enumerate(self.element_decks)
        )
        lines = [
            t(
                "ecosfera.describe_header",
                level=self.level,
                turn=self.turns + 1,
                outcome=self.describe_outcome(),
            ),
            t(
                "ecosfera.describe_tiles",
                biomes=biomes,
                n=self.extinction_tiles,
                limit=EXTINCTION_TILES,
            ),
            t("ecosfera.describe_plant_row", cards=row(self.plant_row), n=len(self.plant_deck)),
            t("ecosfera.describe_animal_row", cards=row(self.animal_row), n=len(self.animal_deck)),
            t("ecosfera.describe_element_decks", decks=decks),
        ]
        for p, name in enumerate(self.players):
            marks = [
                short(c) + ("*" if p == self._turn and c in self.used else "")
                for c in self.lines[p]
            ]
            tiles = ", ".join(
                t("ecosfera.tile_up" if up else "ecosfera.tile_down", tile=ability_name(k))
                for k, up in enumerate(self.tiles[p])
            )
            key = "describe_player_to_play" if p == self._current else "describe_player"
            lines.append(
                t(
                    f"ecosfera.{key}",
                    name=name,
                    line=" ".join(marks),
                    deck=len(self.decks[p]),
                    discard=len(self.discards[p]),
                    tiles=tiles,
                )
            )
        return "\n".join(lines)


__all__ = [
    "ACTION_TYPES",
    "ANIMAL_ROW",
    "LOST",
    "NO_TILE",
    "OWN_DECK",
    "PLANT_ROW",
    "PLAYING",
    "RECYCLE",
    "TILE",
    "TIME_UP",
    "WON",
    "AcquireAnimal",
    "AcquirePlant",
    "ClaimBiomes",
    "Ecosfera",
    "EcosferaView",
    "EndTurn",
    "Move",
    "Mycorrhiza",
    "Plus",
    "Refresh",
    "TakeMissingElement",
    "paid_cards",
    "paid_mask",
]
