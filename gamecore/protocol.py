"""The protocol every game follows: actions, chance records, the game base class, saving.

A game is rebuilt exactly from its players, seed, options and action log. The log holds
the players' decisions *and* every chance outcome (shuffles, draws, rolls), so a replay
never depends on how the random source is implemented, and a physical table's real
outcomes can be typed into a log.
"""

from __future__ import annotations

import _random
import dataclasses
import json
import random
import secrets
import threading
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from hashlib import sha512
from typing import Any, ClassVar, Final, TypeVar

from .errors import IllegalAction, SaveFileError
from .scoresheet import ScoreSheet
from .words import get_language, t

try:  # the games' modules take it from here
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # pure Python without mypy installed: the attribute only guides mypyc

    def mypyc_attr(*attrs: str, **settings: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        return lambda cls: cls


SAVE_FORMAT = "mundos-lab-save"
SAVE_VERSION = 1

G = TypeVar("G", bound="Game")


# Action and Game may be compiled by mypyc (benchmarks/build_compiled.py), and the games'
# classes that subclass them stay interpreted Python.
@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """Base of every game's actions: small, frozen, hashable, with a readable ``str()``.

    Each subclass is a frozen dataclass that sets ``kind``, the name written in save files,
    and has only ``int`` fields. (The base itself is a plain class: mypyc, which can compile
    this module, would turn ``kind`` into a dataclass field.)
    """

    kind: ClassVar[str] = ""
    __dataclass_fields__: ClassVar[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON object, without the player."""
        data: dict[str, Any] = {"action": self.kind}
        for f in dataclasses.fields(self):
            data[f.name] = getattr(self, f.name)
        return data


@dataclass(frozen=True)
class Chance:
    """A chance outcome as it fell: ``kind`` names the event, ``outcome`` the result.

    For a shuffle, ``outcome`` is the new order of the pile, bottom card first.
    """

    kind: str
    outcome: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"chance": self.kind, "outcome": list(self.outcome)}


LogEntry = tuple[int, Action] | Chance
"""A decision (player index, action) or a chance outcome."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended and who won (after python-chess's ``Outcome``): one shape
    for every game, read by tables, studies and the class server.

    ``ending`` is a stable word for the way it ended ("points", "categories", "survival",
    "team_won", "team_lost", ...); ``winners`` the seats that won, in seat order (several
    on a shared first place or a team's win; none when a team lost).
    """

    ending: str
    winners: tuple[int, ...]

    def explain(self, players: Sequence[str], lang: str | None = None) -> str:
        """The ending in a sentence, with the winners' names."""
        names = [players[w] for w in self.winners]
        return t(
            f"core.outcome_{self.ending}",
            lang=lang,
            players=t("core.list_joiner", lang=lang).join(names),
            n=len(names) or len(players),  # a team that lost is still spoken of as many
        )


@lru_cache(maxsize=64)
def _numbered_players(language: str, count: int) -> tuple[str, ...]:
    """Players named in the language of the moment ("Player 1", "Jugador 1"); a save keeps
    them. Cached: every new game of a study would otherwise look up the same words."""
    return tuple(t("core.player_numbered", n=i + 1, lang=language) for i in range(count))


def seeded_rng(seed: int, index: int) -> random.Random:
    """The random source of a game's ``index``-th chance event.

    Each event gets its own stream derived from the seed, so undoing a move and playing it
    again gives the same outcome, and a replay needs no random state at all.
    """
    return random.Random(f"mundos-lab:{seed}:{index}")


_generators = threading.local()
"""One Mersenne Twister per thread, re-seeded for every chance event (creating one costs
as much as seeding it, and a generator shared between threads could be re-seeded midway)."""


_BIT_LENGTHS: Final = tuple(m.bit_length() for m in range(1025))
"""``m.bit_length()`` for every pile size up to 1024 (looked up: cheaper than the call)."""


def _fast_shuffle(seed: int, index: int, items: list[int]) -> None:
    """``seeded_rng(seed, index).shuffle(items)``, about twice as fast.

    The standard library's shuffle calls a Python method per card to draw a number below
    ``m``; this does the same draws inline: ``getrandbits(k)`` with ``k`` the bit length of
    ``m``, drawn again while it is ``m`` or more. The generator is seeded the way
    ``random.Random(text)`` seeds itself (the text's bytes followed by their SHA-512).
    """
    bit_lengths = _BIT_LENGTHS
    if len(items) >= len(bit_lengths):
        _standard_shuffle(seed, index, items)
        return
    generator: _random.Random
    try:
        generator = _generators.generator
    except AttributeError:
        generator = _generators.generator = _random.Random(0)
    text = f"mundos-lab:{seed}:{index}".encode()
    generator.seed(int.from_bytes(text + sha512(text).digest(), "big"))
    draw = generator.getrandbits
    for i in range(len(items) - 1, 0, -1):
        m = i + 1
        bits = bit_lengths[m]
        j: int = draw(bits)
        while j >= m:
            j = draw(bits)
        items[i], items[j] = items[j], items[i]


def _standard_shuffle(seed: int, index: int, items: list[int]) -> None:
    seeded_rng(seed, index).shuffle(items)


def _same_as_standard() -> bool:
    """Whether ``_fast_shuffle`` gives the standard library's orders on this Python."""
    for seed, index, size in ((0, 0, 64), (7, 3, 72), (2**40, 11, 30), (5, 1, 2)):
        fast, standard = list(range(size)), list(range(size))
        _fast_shuffle(seed, index, fast)
        _standard_shuffle(seed, index, standard)
        if fast != standard:
            return False
    return True


# A Python whose random module shuffles differently keeps its own (saves replay either way:
# the log records every order).
shuffle_for_chance: Callable[[int, int, list[int]], None] = (
    _fast_shuffle if _same_as_standard() else _standard_shuffle
)
"""Shuffle a list in place as chance event ``index`` of the game with ``seed``."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """Base class of every game: the shared bookkeeping around one game's rules.

    A subclass implements the rules (``_setup``, ``_check``, ``_apply``,
    ``legal_actions``, ``view``, ``score``, ``_state_key``, ``_copy_state``) and sets
    ``name`` and ``action_types``.
    """

    name: ClassVar[str] = ""
    action_types: ClassVar[Mapping[str, type[Action]]] = {}
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4

    players: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    log: list[LogEntry]

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        seed: int | None = None,
        *,
        _chance: Sequence[Chance] = (),
        **options: Any,
    ) -> None:
        self.players = self._normalise_players(players)
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(t("core.seed_not_whole", seed=repr(seed)))
        self.seed = seed
        self.options = self.normalise_options(len(self.players), dict(options))
        self.log = []
        self._chance_count = 0
        self._pending_chance: deque[Chance] = deque(_chance)
        self._imagined = False
        self._setup()

    # ------------------------------------------------------------------ set-up helpers
    @classmethod
    def _normalise_players(cls, players: int | Sequence[str]) -> tuple[str, ...]:
        if isinstance(players, bool):
            raise ValueError(t("core.players_type", value=repr(players)))
        if isinstance(players, int):
            names = _numbered_players(get_language(), players)
        elif isinstance(players, str):
            raise ValueError(t("core.players_type", value=repr(players)))
        else:
            names = tuple(players)
            for name in names:
                if not isinstance(name, str) or not name.strip():
                    raise ValueError(t("core.player_name_empty", name=repr(name)))
            if len(set(names)) != len(names):
                raise ValueError(t("core.player_names_differ", names=", ".join(names)))
        if not cls.min_players <= len(names) <= cls.max_players:
            raise ValueError(
                t(
                    "core.player_count",
                    game=cls.name,
                    low=cls.min_players,
                    high=cls.max_players,
                    n=len(names),
                )
            )
        return names

    @classmethod
    def normalise_options(cls, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Check the options and return them in a canonical, JSON-friendly form."""
        if options:
            raise ValueError(t("core.no_option", game=cls.name, options=", ".join(sorted(options))))
        return {}

    @abstractmethod
    def _setup(self) -> None:
        """Deal and lay out the starting position (chance through ``_shuffled``)."""

    def _shuffled(self, kind: str, cards: Sequence[int]) -> list[int]:
        """Shuffle ``cards`` as chance event ``kind``, record the outcome and return it.

        While replaying a log, the recorded outcome is used instead (after checking it is
        the same cards).
        """
        if self._pending_chance:
            record = self._pending_chance.popleft()
            if record.kind != kind or sorted(record.outcome) != sorted(cards):
                raise SaveFileError(
                    t("core.chance_misfit", record=record.kind, kind=kind, n=len(cards))
                )
            order = list(record.outcome)
        else:
            order = list(cards)
            if len(order) > 1:  # one card or none has one order: no generator to seed
                shuffle_for_chance(self.seed, self._chance_count, order)
            record = Chance(kind, tuple(order))
        self._chance_count += 1
        self.log.append(record)
        return order

    def _rolled(self, kind: str, sides: int) -> int:
        """Roll a die of ``sides`` faces as chance event ``kind``; record and return the face
        (0 to ``sides - 1``). While replaying a log, the recorded face is used instead."""
        if self._pending_chance:
            record = self._pending_chance.popleft()
            if (
                record.kind != kind
                or len(record.outcome) != 1
                or not 0 <= record.outcome[0] < sides
            ):
                raise SaveFileError(
                    t("core.chance_misfit_roll", record=record.kind, kind=kind, sides=sides)
                )
        else:
            face = seeded_rng(self.seed, self._chance_count).randrange(sides)
            record = Chance(kind, (face,))
        self._chance_count += 1
        self.log.append(record)
        return record.outcome[0]

    # ------------------------------------------------------------------ the protocol
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Whose decision it is (an index into ``players``), or None when the game is over."""

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended and who won; None while it goes on."""
        if not self.is_over:
            return None
        return self._outcome()

    def _outcome(self) -> Outcome:
        """The players on the score sheet's first place win, on points (with the rulebook's
        tie-breaks); a game that ends otherwise says so here."""
        first = {p.player for p in self.score().ranking() if p.place == 1}
        return Outcome("points", tuple(i for i, n in enumerate(self.players) if n in first))

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The current decision-maker's choices; empty only when the game is over."""

    @abstractmethod
    def _check(self, action: object) -> str | None:
        """None if ``action`` is legal now, else the rule it breaks, in words."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action (the base class has already logged it)."""

    def why_illegal(self, action: object) -> str | None:
        """None if the action is legal now, else the rule it breaks, in words."""
        return self._check(action)

    def play(self, action: object) -> None:
        """Apply ``action``, or raise IllegalAction and change nothing.

        Anything may be offered (a student's typo, None): ``_check`` refuses what is not
        one of this game's actions, with the reason in words."""
        reason = self._check(action)
        if reason is not None:
            raise IllegalAction(reason, action)
        legal: Action = action  # type: ignore[assignment]  # _check let only actions through
        player = self._actor(legal)
        assert player is not None
        self.log.append((player, legal))
        self._apply(legal)

    def _actor(self, action: Action) -> int | None:
        """Who takes ``action``: the current player. A game whose players act at the same
        time (Mondo) names the player in its actions and says so here."""
        return self.current_player

    def actor(self, action: Action) -> int | None:
        """Who would take ``action`` now (for a server that must know whose seat may send
        it): the current player, or in Mondo the seat the action names."""
        return self._actor(action)

    def moves(self) -> list[tuple[int, Action]]:
        """The decisions taken so far (the log without chance records)."""
        return [e for e in self.log if isinstance(e, tuple)]

    def undo(self) -> None:
        """Go back to just before the last decision (and the chance it caused).

        The game replays its own log up to there without checking it again: every move in
        it passed ``play()`` once (``load_json`` is what checks a log from elsewhere)."""
        if self._imagined:
            raise IllegalAction(t("core.determinized_undo"))
        last = max((i for i, e in enumerate(self.log) if isinstance(e, tuple)), default=None)
        if last is None:
            raise IllegalAction(t("core.nothing_to_undo"))
        previous = type(self)._replay(
            self.players, self.seed, self.options, self.log[:last], trusted=True
        )
        # attribute by attribute, not through __dict__: a compiled game has none
        self.log = previous.log
        self._chance_count = previous._chance_count
        self._pending_chance = previous._pending_chance
        previous._copy_state(self)

    @abstractmethod
    def view(self, player: int) -> Any:
        """What ``player`` may see: no hidden cards of others, no future chance."""

    @abstractmethod
    def score(self) -> ScoreSheet:
        """The itemised score sheet (provisional while the game goes on)."""

    @abstractmethod
    def _state_key(self) -> tuple[Any, ...]:
        """Everything that makes up the position, as comparable values."""

    @abstractmethod
    def _copy_state(self, other: Any) -> None:
        """Copy the position into ``other`` (a bare instance), without sharing lists."""

    @classmethod
    def _bare(cls: type[G], players: tuple[str, ...], seed: int, options: dict[str, Any]) -> G:
        """An instance with the bookkeeping set and no position yet (for copies and guesses)."""
        game = cls.__new__(cls)
        game.players = players
        game.seed = seed
        game.options = options
        game.log = []
        game._chance_count = 0
        game._pending_chance = deque()
        game._imagined = False
        return game

    @classmethod
    def imagined(cls: type[G], players: tuple[str, ...], seed: int, options: dict[str, Any]) -> G:
        """A bare game that a bot builds from a guess at hidden cards: it cannot be
        saved or undone, only played forward."""
        game = cls._bare(players, seed, options)
        game._imagined = True
        return game

    def clone(self: G) -> G:
        """An independent copy (same seed, options, log and position)."""
        other = type(self)._bare(self.players, self.seed, self.options)
        other.log = list(self.log)
        other._chance_count = self._chance_count
        other._imagined = self._imagined
        self._copy_state(other)
        return other

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Game)
        return (
            self.players == other.players
            and self.seed == other.seed
            and self.options == other.options
            and self.log == other.log
            and self._state_key() == other._state_key()
        )

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------ saving
    def to_json(self) -> str:
        """A versioned save: game, players, options, seed and the full log."""
        if self._imagined:
            raise IllegalAction(t("core.determinized_save"))
        log: list[dict[str, Any]] = []
        for entry in self.log:
            if isinstance(entry, Chance):
                log.append(entry.to_json())
            else:
                player, action = entry
                log.append({"player": player, **action.to_json()})
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "game": self.name,
                "players": list(self.players),
                "seed": self.seed,
                "options": self.options,
                "log": log,
            },
            indent=None,
            separators=(",", ":"),
        )

    @classmethod
    def _replay(
        cls: type[G],
        players: Sequence[str],
        seed: int,
        options: Mapping[str, Any],
        log: Sequence[LogEntry],
        *,
        trusted: bool = False,
    ) -> G:
        """The game that ``log`` records, every move checked as ``play()`` checks it.

        ``trusted``: the log is the game's own (``undo``): each move is applied as it was
        logged, without asking ``_check`` and ``_actor`` again, and the log is not compared
        afterwards. The chance records are still consumed in order."""
        chance = [e for e in log if isinstance(e, Chance)]
        game = cls(tuple(players), seed, _chance=chance, **dict(options))
        if trusted:
            for entry in log:
                if not isinstance(entry, Chance):
                    game.log.append(entry)
                    game._apply(entry[1])
            return game
        for number, entry in enumerate(log, start=1):
            if isinstance(entry, Chance):
                continue
            player, action = entry
            if game._actor(action) != player:
                raise SaveFileError(
                    t(
                        "core.log_wrong_player",
                        number=number,
                        player=player,
                        current=game.current_player,
                    )
                )
            try:
                game.play(action)
            except IllegalAction as err:
                raise SaveFileError(
                    t("core.log_illegal", number=number, action=str(action), reason=err.reason)
                ) from None
        if game._pending_chance:
            raise SaveFileError(t("core.log_unused_chance"))
        if game.log != list(log):
            raise SaveFileError(t("core.log_misplaced_chance"))
        return game

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.players[self.current_player or 0]} to play"
        return (
            f"<{type(self).__name__} {', '.join(self.players)}; seed {self.seed}; "
            f"{len(self.moves())} moves; {state}>"
        )


@dataclass(frozen=True)
class Setup:
    """One set-up the conformance suite plays a game in: how many players, the options, and
    how many seeded random games (seeds 0, 1, ...)."""

    players: int
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    seeds: int = 3
    label: str = ""
    """The test's name for it after the players ("base" in "nuevos-mundos-2p-base"); by
    default made of the options ("level3", "teaching-table-rounds4")."""

    @property
    def id(self) -> str:
        """A readable name: "2p-level3", "4p-golfo-table-rounds3"."""
        parts = [f"{self.players}p", self.label or _options_label(self.options)]
        return "-".join(p for p in parts if p)


def _options_label(options: Mapping[str, Any]) -> str:
    parts: list[str] = []
    for key, value in options.items():
        if isinstance(value, bool):
            parts.append(key if value else f"no_{key}")
        elif isinstance(value, int):
            parts.append(f"{key}{value}")
        elif isinstance(value, str):
            parts.append(value)
        else:
            parts.append("+".join(map(str, value)) or f"no_{key}")
    return "-".join(parts)


@dataclass(frozen=True)
class GameSpec:
    """A registered game: its name, its class, and what the shared tools need to know."""

    name: str
    title: str
    game_class: type[Game]
    min_players: int
    max_players: int
    max_moves: Callable[[Game], int]
    """An upper bound on the number of decisions in one game (for the conformance suite)."""
    determinize: Callable[[Any, random.Random], Game]
    """A full game consistent with a player's view, hidden cards filled in at random."""
    heuristic: Callable[[Game, int], float]
    """How well a player is doing now (used by the greedy bot)."""
    rewards: Callable[[Game], list[float]]
    """Each player's result at the end, between 0 and 1 (used by the search bot)."""
    check_invariants: Callable[[Game], None]
    """Raises AssertionError when the position breaks a law of the game."""
    sample_illegal: Callable[[Game, random.Random], list[object]]
    """Some actions that are illegal in the current position."""
    policy: Callable[[Any, Sequence[Action], random.Random], Action] | None = None
    """The game's own greedy player, if it has one: ``policy(view, legal, rng)`` picks an
    action. The greedy bot asks it first (a game whose best immediate gain cannot be read
    off one action, such as Nuevo Mundo's many-step turns, plays by plan instead)."""
    rollout_horizon: int | None = None
    """How many moves the search bot's random play-outs last before ``rewards`` judges the
    unfinished game (None: to the end). A game whose random games run to thousands of moves
    sets it, so a search stays quick."""
    secret: Callable[[Game, Action], bool] | None = None
    """Whether ``action``, about to be played in ``game``, is a secret choice: the other
    players decide on without seeing which one it was (Nuevo Mundo's attacker's tactic). The
    search bot's tree then shares the nodes after it among all its values."""
    search_choices: Callable[[Any, Sequence[Action]], Sequence[Action]] | None = None
    """For a game whose turns are many small steps, searched over plans (needs ``policy``):
    the legal actions worth weighing against the policy's own choice at this decision
    (empty: follow the policy). The search bot then plays the policy, and weighs these
    choices by whole guessed games played on by the policy."""
    search_iterations: int | None = None
    """The search bot's budget for this game when its caller names none (guessed games or
    tree iterations a decision; None: the bot's general default): the budget whose strength
    was measured, so a notebook table, a class room and a study seat the same bot."""
    conformance: tuple[Setup, ...] = ()
    """The set-ups the conformance suite plays it in (``tests/test_conformance.py``): by
    registering them a game gets the whole suite."""


GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to ``GAMES``."""
    GAMES[spec.name] = spec
    return spec


def spec_of(name: str) -> GameSpec:
    """The spec of a registered game, or a ValueError listing the games there are."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(
            t("core.unknown_game", name=repr(name), games=", ".join(sorted(GAMES)))
        ) from None


def new_game(
    name: str, players: int | Sequence[str] = 2, seed: int | None = None, **options: Any
) -> Game:
    """Start a game: ``new_game("nuevos-mundos", players=3, seed=1, modules=("discord",))``."""
    return spec_of(name).game_class(players, seed, **options)


def _parse_entry(cls: type[Game], number: int, raw: object) -> LogEntry:
    if not isinstance(raw, dict):
        raise SaveFileError(t("core.log_not_object", number=number))
    if "chance" in raw:
        kind, outcome = raw.get("chance"), raw.get("outcome")
        if not isinstance(kind, str) or not isinstance(outcome, list):
            raise SaveFileError(t("core.log_chance_incomplete", number=number))
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in outcome):
            raise SaveFileError(t("core.log_chance_not_whole", number=number))
        return Chance(kind, tuple(outcome))
    kind = raw.get("action")
    action_type = cls.action_types.get(kind) if isinstance(kind, str) else None
    if action_type is None:
        raise SaveFileError(
            t("core.log_unknown_action", number=number, kind=repr(kind), game=cls.name)
        )
    player = raw.get("player")
    if not isinstance(player, int) or isinstance(player, bool):
        raise SaveFileError(t("core.log_no_player", number=number))
    fields = {f.name for f in dataclasses.fields(action_type)}
    given = set(raw) - {"action", "player"}
    if given != fields:
        raise SaveFileError(
            t(
                "core.log_fields",
                number=number,
                kind=kind,
                fields=", ".join(sorted(fields)),
                given=", ".join(sorted(given)) or "-",
            )
        )
    values = {name: raw[name] for name in fields}
    for name, value in values.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise SaveFileError(t("core.log_field_not_whole", number=number, name=name))
    return (player, action_type(**values))


def load_json(text: str | bytes) -> Game:
    """Rebuild a saved game, checking everything; never returns a half-built game."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError):  # the parser's "line 1 column 7" means nothing to a student
        raise SaveFileError(t("core.save_not_json")) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(t("core.save_not_ours"))
    version = data.get("version")
    if version != SAVE_VERSION:
        raise SaveFileError(t("core.save_version", version=repr(version), ours=SAVE_VERSION))
    name = data.get("game")
    if name not in GAMES:
        raise SaveFileError(t("core.save_unknown_game", name=repr(name)))
    cls = GAMES[name].game_class
    players, seed, options, log = (data.get(k) for k in ("players", "seed", "options", "log"))
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SaveFileError(t("core.save_players"))
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveFileError(t("core.save_seed"))
    if not isinstance(options, dict):
        raise SaveFileError(t("core.save_options"))
    if not isinstance(log, list):
        raise SaveFileError(t("core.save_log"))
    entries = [_parse_entry(cls, i, raw) for i, raw in enumerate(log, start=1)]
    try:
        return cls._replay(players, seed, options, entries)
    except SaveFileError:
        raise
    except ValueError as err:
        raise SaveFileError(t("core.save_setup", reason=str(err))) from None
