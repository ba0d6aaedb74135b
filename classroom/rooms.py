"""The room service: rooms of one game each, seats opened by tokens, gamecore the only judge.

No web framework here: the server (``classroom.server``) turns HTTP and websocket messages
into these calls, and a test can call them directly. Every refusal is a ``Refused`` with a
sentence and a stable key, and changes nothing.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import gamecore
from gamecore.bots import BOTS, make_bot
from gamecore.protocol import Action, Game, _parse_entry, spec_of
from gamecore.words import t
from widgets.seats import bot_seed

from .jsonable import JSON, jsonable
from .store import HUMAN, ActionRecord, RoomRecord, SeatRecord, Store, StoreError

log = logging.getLogger("classroom")

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
"""Room codes are read aloud and typed from a projector: capitals only, without I, L and
O (taken for 1, 1 and 0). 23 letters, 6 of them: 148 million codes."""
CODE_LENGTH = 6
TOKEN_BYTES = 24
"""A seat's token: 24 random bytes (32 characters of URL-safe base64)."""
REAL_TIME = frozenset({"mondo"})
"""Games in which everyone acts at once on a clock: their bots are not played in turn here
but at their own pace by the server's clock (``classroom.realtime``)."""
BOT_MOVES_AT_ONCE = 5000
"""The most bot moves played in a row after one action (a game of bots alone ends sooner)."""


class Refused(Exception):
    """A request the service will not carry out: ``reason`` for people, ``key`` for code,
    ``status`` the HTTP status the server answers with. Nothing was changed.

    The sentence is the catalog's (``classroom.<key>`` with its dots as underscores), unless
    ``reason`` is given: the engine's own refusal, already in words, under the engine's key."""

    def __init__(self, status: int, key: str, reason: str | None = None, **values: Any) -> None:
        if reason is None:
            reason = t("classroom." + key.replace(".", "_"), **values)
        super().__init__(reason)
        self.status = status
        self.key = key
        self.reason = reason

    def to_json(self) -> dict[str, str]:
        return {"error": self.reason, "key": self.key}


def token_hash(token: str) -> str:
    """What the store keeps of a token or key. A plain SHA-256 suffices: the tokens are
    random and long, so there is nothing for a slow hash to protect against guessing."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


@dataclass(frozen=True)
class NewRoom:
    """A room just made: its code and each seat's token (shown once, never stored)."""

    code: str
    game: str
    players: tuple[str, ...]
    seed: int
    tokens: tuple[str, ...]


@dataclass
class _Room:
    record: RoomRecord
    game: Game
    kinds: list[str]
    """Each seat's kind: ``HUMAN`` or the bot that plays it."""
    lock: threading.RLock = dataclasses.field(default_factory=threading.RLock)

    @property
    def move(self) -> int:
        """How many actions the room has accepted (the number its next message must carry)."""
        return len(self.game.moves())


def rebuild(record: RoomRecord, actions: list[ActionRecord]) -> Game:
    """The room's game from the store: set up as it was, then every action replayed and
    checked again (each read by the save format's own entry parser), so a store edited by
    hand cannot smuggle in a move that gamecore refuses."""
    game = gamecore.new_game(record.game, list(record.players), record.seed, **record.options)
    cls = type(game)
    for number, stored in enumerate(actions, start=1):
        if stored.number != number:
            raise gamecore.SaveFileError(
                t("classroom.store_action_missing", code=record.code, number=number)
            )
        entry = _parse_entry(cls, number, stored.action)
        assert isinstance(entry, tuple)  # the store keeps decisions only
        player, action = entry
        if player != stored.seat or game.actor(action) != player:
            raise gamecore.SaveFileError(
                t("classroom.store_not_the_seats", code=record.code, number=number, seat=player)
            )
        try:
            game.play(action)
        except gamecore.IllegalAction as err:
            raise gamecore.SaveFileError(
                t(
                    "classroom.store_refused",
                    code=record.code,
                    number=number,
                    action=str(action),
                    reason=err.reason,
                )
            ) from None
    return game


def parse_action(game: Game, raw: object) -> Action:
    """One of this game's actions from ``{"kind": ..., "fields": {...}}``: a kind the game
    has, exactly that kind's fields, each a whole number. Nothing is evaluated."""
    if not isinstance(raw, Mapping) or set(raw) != {"kind", "fields"}:
        raise Refused(400, "action.shape")
    kind, fields = raw["kind"], raw["fields"]
    action_type = type(game).action_types.get(kind) if isinstance(kind, str) else None
    if action_type is None:
        raise Refused(
            422,
            "action.unknown_kind",
            game=game.name,
            kind=repr(kind),
            kinds=", ".join(sorted(type(game).action_types)),
        )
    names = {f.name for f in dataclasses.fields(action_type)}
    if not isinstance(fields, Mapping) or set(fields) != names:
        given = ", ".join(sorted(map(str, fields))) if isinstance(fields, Mapping) else "-"
        raise Refused(
            422,
            "action.fields",
            kind=kind,
            fields=", ".join(sorted(names)) or "-",
            given=given or "-",
        )
    for name, value in fields.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise Refused(422, "action.field_not_whole", kind=kind, name=name)
    return action_type(**fields)


class RealTime(Protocol):
    """A game played at once by everyone on the server's clock (``classroom.realtime``): the
    move number a seat's messages carry, and each action's time, stamped by the server (under
    the room's lock, so the times run forward in the order actions are accepted)."""

    def seen(self, game: Game, seat: int) -> int: ...

    def stamp(self, code: str, game: Game, action: Action) -> Action: ...


def describe(action: Action) -> dict[str, JSON]:
    """A legal action as a client sees it and sends it back."""
    data = action.to_json()
    del data["action"]
    return {"kind": action.kind, "fields": data, "text": str(action)}


class RoomService:
    """Every room of one store. Thread-safe: each room has its own lock, so one room's
    actions are judged and stored one at a time, in the order they are accepted.

    ``bots_at_once``: the bot seats of a turn-based game play as soon as it is theirs to
    act, inside the call that made it so (a room made, a move, a seat handed over), as a
    test or a script wants. The server passes ``False`` and plays them itself, one move at
    a time with ``bot_step``, after answering the student (``classroom.bot_runner``)."""

    def __init__(self, store: Store, *, bots_at_once: bool = True) -> None:
        self.store = store
        self.bots_at_once = bots_at_once
        self._rooms: dict[str, _Room] = {}
        self._lock = threading.Lock()
        self._opened: dict[str, tuple[str, int]] = {}
        """Claimed seats by their token's hash: (room, seat), remembered after the first
        look in the store (a room is played on one server)."""
        self.realtime: dict[str, RealTime] = {}
        """The real-time games' clocks, by game name (``classroom.realtime``)."""

    # ------------------------------------------------------------------ rooms
    def create(
        self,
        game: str,
        players: object,
        *,
        seed: object = None,
        options: Mapping[str, Any] | None = None,
        seats: object = None,
        names: object = None,
    ) -> NewRoom:
        """A new room: the set-up is judged by setting up the game itself. ``seats`` gives
        each seat's kind (``"human"`` or a bot's, default every seat human), ``names`` the
        players' names (default "Player 1", ...); bot seats that are to act play at once (or,
        without ``bots_at_once``, when the caller runs ``bot_step``)."""
        try:
            spec = spec_of(game)
        except ValueError as err:
            raise Refused(422, "room.unknown_game", str(err)) from None
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not spec.min_players <= players <= spec.max_players
        ):
            raise Refused(
                422,
                "room.players",
                game=spec.title,
                low=spec.min_players,
                high=spec.max_players,
                n=repr(players),
            )
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
            raise Refused(422, "room.seed")
        kinds = check_kinds(seats, players)
        who: int | list[str] = players
        if names is not None:
            if (
                not isinstance(names, list)
                or len(names) != players
                or not all(isinstance(n, str) and 0 < len(n.strip()) <= 24 for n in names)
                or len({n.strip() for n in names}) != players
            ):
                raise Refused(422, "room.names", n=players)
            who = [n.strip() for n in names]
        try:
            started = gamecore.new_game(game, who, seed, **dict(options or {}))
        except (ValueError, TypeError) as err:
            raise Refused(422, "room.setup", str(err)) from None
        tokens = tuple(secrets.token_urlsafe(TOKEN_BYTES) for _ in range(players))
        while True:
            record = RoomRecord(
                new_code(),
                game,
                started.players,
                seed,
                started.options,
                time.time(),
                started.is_over,
            )
            seat_records = [
                SeatRecord(record.code, i, token_hash(tok), name, kind)
                for i, (tok, name, kind) in enumerate(zip(tokens, started.players, kinds))
            ]
            try:
                self.store.create_room(record, seat_records)
                break
            except StoreError:  # a code already taken: draw another
                continue
        room = _Room(record, started, list(kinds))
        with self._lock:
            self._rooms[record.code] = room
        with room.lock:
            self._run_bots(room)
        log.info("room %s: %s for %d made", record.code, game, players)
        return NewRoom(record.code, game, started.players, seed, tokens)

    def _room(self, code: str) -> _Room:
        with self._lock:
            room = self._rooms.get(code)
            if room is not None:
                return room
            record = self.store.room(code) if isinstance(code, str) else None
            if record is None:
                raise Refused(404, "room.unknown", code=repr(code))
            kinds = [seat.kind for seat in self.store.seats(code)]
            room = _Room(record, rebuild(record, self.store.actions(code)), kinds)
            self._rooms[code] = room
        with room.lock:  # bots whose move was not yet made when the server stopped
            self._run_bots(room)
        return room

    def load_all(self) -> int:
        """Rebuild every stored room now (at start), so a broken one is noticed at once."""
        for record in self.store.rooms():
            self._room(record.code)
        return len(self._rooms)

    def game(self, code: str) -> Game:
        """A copy of the room's game (for the teacher, and for tests)."""
        room = self._room(code)
        with room.lock:
            return room.game.clone()

    def move(self, code: str) -> int:
        return self._room(code).move

    def seat(self, code: str, token: object) -> int:
        """The seat this token opens in this room; refused for any other token."""
        self._room(code)
        if not isinstance(token, str) or not token:
            raise Refused(401, "seat.no_token")
        hashed = token_hash(token)
        known = self._opened.get(hashed)  # every page's request asks: the store once only
        if known is not None:
            if known[0] != code:
                raise Refused(403, "seat.other_room", code=code)
            return known[1]
        seat = self.store.seat_by_token_hash(hashed)
        if seat is None:
            raise Refused(401, "seat.bad_token")
        if seat.room != code:
            raise Refused(403, "seat.other_room", code=code)
        if not seat.claimed:  # opened by its link: no longer free for joining by code
            self.store.claim_seat(code, seat.seat, seat.token_hash, None)
        with self._lock:
            self._opened[hashed] = (seat.room, seat.seat)
        return seat.seat

    def _forget_tokens(self, code: str, seat: int) -> None:
        """The seat's token changed (a join by code, a new link): its old one opens nothing."""
        with self._lock:
            for hashed in [h for h, where in self._opened.items() if where == (code, seat)]:
                del self._opened[hashed]

    # ------------------------------------------------------------------ playing
    def act(self, code: str, token: object, move: object, raw_action: object) -> int:
        """Play ``raw_action`` for the token's seat, having seen move number ``move``;
        return the new move number. The action is in the store before this returns."""
        seat = self.seat(code, token)
        room = self._room(code)
        with room.lock:
            game = room.game
            if not isinstance(move, int) or isinstance(move, bool):
                raise Refused(400, "action.no_move")
            clock = self.realtime.get(room.record.game)
            now = room.move if clock is None else clock.seen(game, seat)
            if move != now:
                raise Refused(409, "action.stale", seen=move, now=now)
            action = parse_action(game, raw_action)
            if room.record.ended is not None:
                raise Refused(409, "action.ended")
            if game.is_over:
                raise Refused(409, "action.game_over")
            if room.kinds[seat] != HUMAN:
                raise Refused(409, "action.bot_seat", seat=seat + 1)
            actor = game.actor(action)
            if actor != seat:
                if actor is None:
                    raise Refused(403, "action.nobody", seat=seat + 1)
                raise Refused(403, "action.not_your_seat", seat=seat + 1, actor=actor + 1)
            if clock is not None:
                action = clock.stamp(code, game, action)
            reason = game.why_illegal(action)
            if reason is not None:
                key = getattr(reason, "key", None) or "rules.illegal"
                raise Refused(422, key, str(reason))
            number = self._commit(room, seat, action)
            if self._run_bots(room):
                number = room.move
            return number if clock is None else clock.seen(room.game, seat)

    def play_for(self, code: str, seat: int, action: Action) -> int:
        """The server's own move for ``seat`` in a real-time game (a bot's at its pace, the
        timer's ring for everyone still in): stamped, judged and stored like any other."""
        room = self._room(code)
        with room.lock:
            clock = self.realtime.get(room.record.game)
            if clock is None:
                raise Refused(409, "action.nobody", seat=seat + 1)
            if room.record.ended is not None:
                raise Refused(409, "action.ended")
            if room.game.is_over:
                raise Refused(409, "action.game_over")
            action = clock.stamp(code, room.game, action)
            reason = room.game.why_illegal(action)
            if reason is not None:
                key = getattr(reason, "key", None) or "rules.illegal"
                raise Refused(422, key, str(reason))
            return self._commit(room, seat, action)

    def _commit(self, room: _Room, seat: int, action: Action) -> int:
        """Play a legal action of ``seat``: the store takes it before the room's game moves
        (on a clone), so nobody is told of an action the store does not have."""
        trial = room.game.clone()
        trial.play(action)
        number = room.move + 1
        self.store.append_action(
            ActionRecord(
                room.record.code,
                number,
                seat,
                {"player": seat, **action.to_json()},
                time.time(),
            ),
            over=trial.is_over,
        )
        room.game = trial
        return number

    def _run_bots(self, room: _Room) -> int:
        """Let the bot seats play while it is one of theirs to decide (turn-based games;
        the real-time ones play theirs on the server's clock); how many moves they made.
        Nothing when the bots are played by the caller (``bots_at_once`` false)."""
        if not self.bots_at_once:
            return 0
        played = 0
        while played < BOT_MOVES_AT_ONCE:
            player = self._bot_to_act(room)
            if player is None:
                break
            self._commit(room, player, self._bot_move(room, room.game, player, room.kinds[player]))
            played += 1
        return played

    def bot_step(self, code: str) -> bool:
        """One move of the bot whose turn it is in the room, if any: whether anything may
        have changed (the caller asks again until ``False``). The bot thinks outside the
        room's lock, on the game as it was, so the room's pages and the teacher are not kept
        waiting; its move is stored only if the room has not moved on meanwhile (a seat
        handed back, the game ended): otherwise it thinks again on the room as it is."""
        room = self._room(code)
        with room.lock:
            player = self._bot_to_act(room)
            if player is None:
                return False
            game, number, kind = room.game.clone(), room.move, room.kinds[player]
        action = self._bot_move(room, game, player, kind)
        with room.lock:
            if (
                room.move == number
                and room.kinds[player] == kind
                and self._bot_to_act(room) == player
                and room.game.why_illegal(action) is None  # players renamed by a join, say
            ):
                self._commit(room, player, action)
        return True

    def _bot_to_act(self, room: _Room) -> int | None:
        """The bot seat that is to act in a turn-based game still being played, or ``None``."""
        if room.record.game in REAL_TIME or room.record.ended is not None or room.game.is_over:
            return None
        player = room.game.current_player
        if player is None or room.kinds[player] == HUMAN:
            return None
        return player

    def _bot_move(self, room: _Room, game: Game, player: int, kind: str) -> Action:
        """The move of the bot ``kind`` in ``player``'s seat of ``game`` (the room's game or
        a copy of it): decided from the seat's view, seeded by the game and the move number,
        so the same room plays the same bot moves however they are run. A bot that fails or
        answers an illegal move plays the first legal action instead."""
        legal = game.legal_actions()
        mine = [a for a in legal if game.actor(a) == player] or legal
        try:
            bot = make_bot(kind, seed=bot_seed(game.seed, len(game.moves()), player))
            action = bot.choose(game.view(player), mine)
            if game.why_illegal(action) is not None:
                raise ValueError(str(game.why_illegal(action)))
        except Exception as err:  # a bot's failure must not stop the room
            log.warning("room %s: bot %s failed (%s)", room.record.code, player, err)
            action = mine[0]
        return action

    # ------------------------------------------------------------------ joining by code
    def join(self, code: object, name: object) -> tuple[int, str]:
        """A seat for a student who typed the room code and a name: (seat, a new token).

        The free seat of that name if the teacher named the seats (a typed name matches
        whatever its capitals), else, before the game's first move, the first free seat,
        which then takes the name. A seat is free while it is a person's and nobody has
        opened it (by its link or by joining). The seat's old link stops working."""
        if not isinstance(code, str) or not code.strip():
            raise Refused(422, "join.no_code")
        code = code.strip().upper()
        if not isinstance(name, str) or not 0 < len(name.strip()) <= 24:
            raise Refused(422, "join.name")
        name = name.strip()
        room = self._room(code)
        with room.lock:
            if room.record.ended is not None or room.game.is_over:
                raise Refused(409, "join.over", code=code)
            seats = self.store.seats(code)
            free = [s for s in seats if s.kind == HUMAN and not s.claimed]
            seat = next((s for s in free if s.name.casefold() == name.casefold()), None)
            if seat is None:
                if not free:
                    raise Refused(409, "join.full", code=code)
                if room.move > 0:
                    names = ", ".join(s.name for s in free)
                    raise Refused(409, "join.started", code=code, names=names)
                if any(s.name.casefold() == name.casefold() for s in seats):
                    raise Refused(409, "join.name_taken", name=name)
                seat = free[0]
            token = secrets.token_urlsafe(TOKEN_BYTES)
            renamed = room.move == 0 and seat.name != name
            if not self.store.claim_seat(
                code, seat.seat, token_hash(token), name if renamed else None
            ):
                raise Refused(409, "join.full", code=code)
            self._forget_tokens(code, seat.seat)
            if renamed:
                players = list(room.game.players)
                players[seat.seat] = name
                room.record = dataclasses.replace(room.record, players=tuple(players))
                room.game = rebuild(room.record, [])
            log.info("room %s: seat %d joined by code", code, seat.seat)
            return seat.seat, token

    # ------------------------------------------------------------------ the teacher's
    def seat_kinds(self, code: str) -> tuple[str, ...]:
        """Each seat's kind: ``"human"`` or the bot that plays it."""
        room = self._room(code)
        with room.lock:
            return tuple(room.kinds)

    def record(self, code: str) -> RoomRecord:
        return self._room(code).record

    def hand_to(self, code: str, seat: object, kind: object) -> int:
        """Hand ``seat`` to a bot of ``kind`` (or back to a person: ``"human"``); a bot that
        is to act plays at once (see ``bots_at_once``). The room's move number after it."""
        room = self._room(code)
        with room.lock:
            if (
                not isinstance(seat, int)
                or isinstance(seat, bool)
                or not (0 <= seat < len(room.kinds))
            ):
                raise Refused(422, "seat.unknown", seat=repr(seat)[:20], n=len(room.kinds))
            (checked,) = check_kinds([kind], 1)
            self.store.set_seat_kind(code, seat, checked)
            room.kinds[seat] = checked
            log.info("room %s: seat %d handed to %s", code, seat, checked)
            self._run_bots(room)
            return room.move

    def new_link(self, code: str, seat: object) -> str:
        """A new token for ``seat`` (a student who lost their link, or another student
        who takes the seat over): the seat's old link opens nothing from now on, and the
        seat is free again until the new link (or a join by code) opens it."""
        room = self._room(code)
        with room.lock:
            if (
                not isinstance(seat, int)
                or isinstance(seat, bool)
                or not (0 <= seat < len(room.kinds))
            ):
                raise Refused(422, "seat.unknown", seat=repr(seat)[:20], n=len(room.kinds))
            token = secrets.token_urlsafe(TOKEN_BYTES)
            self.store.reissue_seat(code, seat, token_hash(token))
            self._forget_tokens(code, seat)
            log.info("room %s: seat %d has a new link", code, seat)
            return token

    def end(self, code: str) -> None:
        """The teacher ends the room's game: no more actions; its moves stay."""
        room = self._room(code)
        with room.lock:
            if room.record.ended is not None:
                return
            when = time.time()
            self.store.end_room(code, when)
            room.record = dataclasses.replace(room.record, ended=when)
            log.info("room %s: ended by the teacher", code)

    def view(self, code: str, token: object) -> dict[str, JSON]:
        """What the token's seat may see, as JSON data."""
        seat = self.seat(code, token)
        room = self._room(code)
        with room.lock:
            data = seat_view(code, room.game, seat)
            clock = self.realtime.get(room.record.game)
            if clock is not None:
                data["move"] = clock.seen(room.game, seat)
            return data


def seat_view(code: str, game: Game, seat: int) -> dict[str, JSON]:
    """A seat's page data: its own ``view(seat)``, whose turn, its choices when it has one,
    the move number to send back with an action, and the outcome at the end."""
    turn = game.current_player
    legal = game.legal_actions() if turn is not None else []
    mine = [a for a in legal if game.actor(a) == seat]
    outcome = game.outcome
    return {
        "room": code,
        "game": game.name,
        "seat": seat,
        "players": list(game.players),
        "move": len(game.moves()),
        "turn": turn,
        "legal": [describe(a) for a in mine],
        "view": jsonable(game.view(seat)),
        "over": outcome is not None,
        "outcome": None
        if outcome is None
        else {
            "ending": outcome.ending,
            "winners": list(outcome.winners),
            "text": outcome.explain(game.players),
        },
    }


def check_kinds(seats: object, players: int) -> tuple[str, ...]:
    """Each seat's kind from a teacher's list (None: every seat human)."""
    if seats is None:
        return (HUMAN,) * players
    kinds = (HUMAN, *BOTS)
    if (
        not isinstance(seats, list)
        or len(seats) != players
        or not all(isinstance(k, str) and k in kinds for k in seats)
    ):
        raise Refused(422, "room.seats", n=players, kinds=", ".join(kinds))
    return tuple(seats)


def check_teacher_key(store: Store, key: object) -> None:
    """Refuse anything but the teacher's key."""
    stored = store.teacher_key_hash()
    if not isinstance(key, str) or not key:
        raise Refused(401, "teacher.no_key")
    if stored is None or not hmac.compare_digest(stored, token_hash(key)):
        raise Refused(403, "teacher.bad_key")


def ensure_teacher_key(store: Store) -> str | None:
    """Make the teacher's key on the first start and return it (to be printed once);
    None on later starts, when only its hash is left."""
    if store.teacher_key_hash() is not None:
        return None
    key = secrets.token_urlsafe(TOKEN_BYTES)
    store.set_teacher_key_hash(token_hash(key))
    return key
