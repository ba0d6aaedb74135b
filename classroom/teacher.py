"""The teacher's side of the class server: every room at a glance, and what only the
teacher may do (hand a seat to a bot and back, end a game, take the class's games home).

No web framework here: the server (``classroom.server``) checks the teacher's key and turns
these calls into routes under ``/api/teacher/``; a test can call them directly. Every
refusal is a ``Refused`` with a sentence and a stable key, and changes nothing.

- ``Teacher.overview()``: each room's code, game, seats (name, human or bot, a page open or
  not), whose decision it is, the move count, how it stands (playing, over, ended by the
  teacher) and, once the game is over, its outcome and each seat's score. Scores are shown at
  the end only: a provisional score sheet can count what a seat keeps hidden (a hand, a
  chosen tactic), and the teacher's screen is often the class's projector.
- ``Teacher.hand()`` / ``Teacher.end()``: through ``RoomService.hand_to`` and ``.end``.
- ``Teacher.games_zip()``: every room's game as gamecore's usual save file
  (``Game.to_json``, read back by ``gamecore.load_json``), one file per room, in one zip.
- ``Teacher.study_csv()``: the class's finished games of one game, number of players and
  set-up, as the workbench's table (``run_study``'s columns, one row per room), so a lesson
  reads it with ``gamecore.experiments.study_csv.read_study_csv`` and draws it with the same
  charts as ten thousand bot games. A seat's "bot" there is its kind: ``human`` for a person.
"""

from __future__ import annotations

import io
import json
import time
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import gamecore
from gamecore.bots import BOTS
from gamecore.experiments import GameRow, StudyResult, plugin_of
from gamecore.experiments.study_csv import study_csv
from gamecore.protocol import Game, Setup, spec_of

from .jsonable import JSON
from .rooms import Refused, RoomService
from .store import HUMAN, RoomRecord

SEAT_KINDS: dict[str, tuple[str, ...]] = {
    "nuevos-mundos": (HUMAN, "random", "greedy", "search"),
    "ecosfera": (HUMAN, "random", "greedy", "search", "planner"),
    "mondo": (HUMAN, "rival", "random"),
    "nuevo-mundo": (HUMAN, "random", "greedy", "search", "equilibrium"),
}
"""The kinds a seat of each game may be handed to: the notebook tables' own lists
(``SEAT_KINDS`` of widgets/<game>/table.py; the bots that play that game)."""

PLAYING, OVER, ENDED = "playing", "over", "ended"
"""How a room stands: its game goes on, is over by the rules, or was ended by the teacher."""


def seat_kinds_of(game: str) -> tuple[str, ...]:
    """The kinds a seat of ``game`` may have (a game not listed: a person or any bot)."""
    return SEAT_KINDS.get(game, (HUMAN, *BOTS))


def deciding(game: Game) -> list[int]:
    """The seats whose decision it is now: the current player, or in a game where everyone
    acts at once (Mondo, whose actions name their seat) every seat that has something to do."""
    if game.is_over:
        return []
    each = getattr(game, "legal_actions_for", None)
    if callable(each):
        return [p for p in range(len(game.players)) if each(p)]
    player = game.current_player
    return [] if player is None else [player]


def study_options(record: RoomRecord) -> dict[str, Any]:
    """The study's set-up options of a room (the game's plug-in's options, as run_study
    settles them), read from the room's game options."""
    plugin = plugin_of(record.game)
    return {
        name: check(record.options.get(name, default))
        for name, (default, check) in sorted(plugin.options.items())
    }


def class_row(index: int, record: RoomRecord, game: Game, kinds: tuple[str, ...]) -> GameRow:
    """One finished class game as a row of the workbench's table, read as ``run_study``
    reads a bot game: the plug-in's tally (winners, totals, points and measures), each seat's
    actions counted by kind, and the plug-in's ``watch`` shown every move again."""
    plugin = plugin_of(record.game)
    order = {kind: k for k, kind in enumerate(type(game).action_types)}
    counts = [[0] * len(order) for _ in game.players]
    measures: dict[str, float | int | None] = {}
    replay = (
        gamecore.new_game(record.game, list(record.players), record.seed, **record.options)
        if plugin.watch is not None
        else None
    )
    for player, action in game.moves():
        counts[player][order[action.kind]] += 1
        if replay is not None and plugin.watch is not None:
            replay.play(action)
            plugin.watch(replay, action, measures)
    tally = plugin.tally(game)
    for name, value in tally.measures.items():  # as run_study: None never erases a watch's
        if value is not None or name not in measures:
            measures[name] = value
    return GameRow(
        index=index,
        seed=record.seed,
        bots=kinds,
        winners=tally.winners,
        totals=tally.totals,
        points=tuple((c, tuple(p)) for c, p in tally.points.items()),
        length=len(game.moves()),
        measures=tuple(sorted(measures.items())),
        actions=tuple(tuple(c) for c in counts),
    )


@dataclass(frozen=True)
class ClassStudy:
    """The class's finished games of one game, number of players and set-up."""

    id: str
    """A name for the table and its file: ``nuevos-mundos-2p-no_modules``."""
    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    codes: tuple[str, ...]
    """The rooms, oldest first."""


def _seat_number(seat: object, seats: int) -> int:
    if isinstance(seat, str) and seat.isdigit() and len(seat) <= 3:
        seat = int(seat)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise Refused(422, "seat.unknown", seat=repr(seat)[:20], n=seats)
    return seat


class Teacher:
    """What the teacher's page asks and does, over the room service. ``connected(code)``
    says which seats of a room have a page open now (the server's websockets)."""

    def __init__(
        self, service: RoomService, connected: Callable[[str], set[int]] | None = None
    ) -> None:
        self.service = service
        self.connected = connected or (lambda code: set())

    # ------------------------------------------------------------------ at a glance
    def overview(self) -> dict[str, JSON]:
        """Every room (oldest first), the games a room can be made for, and the study
        tables there are to download. Sentences (an outcome) are in the calling context's
        language (``gamecore.words.speaking``)."""
        records = self.service.store.rooms()
        return {
            "rooms": [self.room(r.code) for r in records],
            "games": [
                {
                    "name": spec.name,
                    "title": spec.title,
                    "min": spec.min_players,
                    "max": spec.max_players,
                    "kinds": list(seat_kinds_of(spec.name)),
                }
                for spec in sorted(gamecore.GAMES.values(), key=lambda s: s.title)
            ],
            "studies": [
                {
                    "id": s.id,
                    "game": s.game,
                    "title": spec_of(s.game).title,
                    "players": s.players,
                    "games": len(s.codes),
                    "options": {k: (list(v) if isinstance(v, tuple) else v) for k, v in s.options},
                }
                for s in self.studies()
            ],
        }

    def room(self, code: str) -> dict[str, JSON]:
        """One room as the overview shows it."""
        record = self.service.record(code)
        game = self.service.game(code)
        kinds = self.service.seat_kinds(code)
        open_pages = self.connected(code)
        outcome = game.outcome
        state = ENDED if record.ended is not None and outcome is None else PLAYING
        if outcome is not None:
            state = OVER
        turn = deciding(game) if state == PLAYING else []
        return {
            "code": record.code,
            "game": record.game,
            "title": spec_of(record.game).title,
            "created": record.created,
            "seats": [
                {"seat": i, "name": name, "kind": kind, "connected": i in open_pages}
                for i, (name, kind) in enumerate(zip(game.players, kinds))
            ],
            "kinds": list(seat_kinds_of(record.game)),
            "move": len(game.moves()),
            "turn": turn,
            "waiting": [game.players[p] for p in turn],
            "state": state,
            "ended": record.ended,
            "outcome": None
            if outcome is None
            else {
                "ending": outcome.ending,
                "winners": list(outcome.winners),
                "text": outcome.explain(game.players),
            },
            "scores": None if outcome is None else list(plugin_of(game.name).tally(game).totals),
        }

    # ------------------------------------------------------------------ what the teacher does
    def hand(self, code: str, seat: object, body: Mapping[str, Any]) -> dict[str, JSON]:
        """Hand ``seat`` to a bot (``{"kind": "greedy"}``) or back to a person
        (``{"kind": "human"}``); a bot whose decision it is plays at once. The room after."""
        record = self.service.record(code)  # an unknown room: 404 before anything else
        if set(body) != {"kind"}:
            raise Refused(400, "teacher.hand_shape")
        number = _seat_number(seat, len(self.service.seat_kinds(code)))
        kind = body["kind"]
        allowed = seat_kinds_of(record.game)
        if not isinstance(kind, str) or kind not in allowed:
            raise Refused(
                422,
                "teacher.kind",
                kind=repr(kind)[:30],
                game=spec_of(record.game).title,
                kinds=", ".join(allowed),
            )
        self._still_playing(code)
        self.service.hand_to(code, number, kind)
        return self.room(code)

    def new_link(self, code: str, seat: object, body: Mapping[str, Any]) -> dict[str, JSON]:
        """A new join link's token for ``seat`` (``{}``): the old link stops working."""
        self.service.record(code)
        if body:
            raise Refused(400, "teacher.link_shape")
        number = _seat_number(seat, len(self.service.seat_kinds(code)))
        self._still_playing(code)
        return {"seat": number, "token": self.service.new_link(code, number)}

    def end(self, code: str, body: Mapping[str, Any]) -> dict[str, JSON]:
        """End the room's game (``{}``): its moves are kept, nobody plays on. The room after."""
        self.service.record(code)
        if body:
            raise Refused(400, "teacher.end_shape")
        self._still_playing(code)
        self.service.end(code)
        return self.room(code)

    def _still_playing(self, code: str) -> None:
        if self.service.record(code).ended is not None:
            raise Refused(409, "teacher.ended", code=code)
        if self.service.game(code).is_over:
            raise Refused(409, "teacher.over", code=code)

    # ------------------------------------------------------------------ taking the games home
    def games_zip(self) -> bytes:
        """Every room's game as a save file (``<code>-<game>.json``), in one zip; each file
        dated when its room was made."""
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for record in self.service.store.rooms():
                game = self.service.game(record.code)
                info = zipfile.ZipInfo(f"{record.code}-{record.game}.json", _zip_time(record))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, game.to_json())
        return out.getvalue()

    def studies(self) -> list[ClassStudy]:
        """The finished games grouped as the workbench's studies are: one game, one number
        of players, one set-up (rooms with other options are another study)."""
        groups: dict[tuple[str, int, str], list[RoomRecord]] = {}
        for record in self.service.store.rooms():
            if not self.service.game(record.code).is_over:
                continue
            key = (record.game, len(record.players), json.dumps(record.options, sort_keys=True))
            groups.setdefault(key, []).append(record)
        studies: list[ClassStudy] = []
        taken: set[str] = set()
        for (game, players, _), records in groups.items():
            options = study_options(records[0])
            name = f"{game}-{Setup(players, options).id}"
            if name in taken:
                name = f"{name}-{len(taken) + 1}"
            taken.add(name)
            studies.append(
                ClassStudy(
                    name,
                    game,
                    players,
                    tuple(sorted(options.items())),
                    tuple(r.code for r in records),
                )
            )
        return studies

    def chosen(self, which: object = None) -> ClassStudy:
        """One of ``studies()``: by its id, or the only one there is."""
        found = self.studies()
        if which is None or which == "":
            if not found:
                raise Refused(404, "teacher.no_study_yet")
            if len(found) > 1:
                raise Refused(422, "teacher.which_study", ids=", ".join(s.id for s in found))
            return found[0]
        for study in found:
            if study.id == which:
                return study
        ids = ", ".join(s.id for s in found) or "-"
        raise Refused(404, "teacher.no_study", asked=repr(which)[:60], ids=ids)

    def study(self, which: object = None) -> StudyResult:
        """A class study as the workbench's ``StudyResult`` (one row per room)."""
        return self._result(self.chosen(which))

    def _result(self, chosen: ClassStudy) -> StudyResult:
        rows = []
        for index, code in enumerate(chosen.codes):
            record = self.service.record(code)
            game = self.service.game(code)
            rows.append(class_row(index, record, game, self.service.seat_kinds(code)))
        return StudyResult(
            game=chosen.game,
            seed=0,
            bots=rows[0].bots,
            seating="class",
            options=chosen.options,
            action_kinds=tuple(spec_of(chosen.game).game_class.action_types),
            rows=tuple(rows),
        )

    def study_csv(self, which: object = None) -> tuple[str, str]:
        """(a file name, the CSV text) of a class study."""
        chosen = self.chosen(which)
        return f"class-{chosen.id}.csv", study_csv(self._result(chosen))


def _zip_time(record: RoomRecord) -> tuple[int, int, int, int, int, int]:
    when = time.gmtime(record.created)
    return (
        max(1980, when.tm_year),
        when.tm_mon,
        when.tm_mday,
        when.tm_hour,
        when.tm_min,
        when.tm_sec,
    )


__all__ = [
    "ENDED",
    "OVER",
    "PLAYING",
    "SEAT_KINDS",
    "ClassStudy",
    "Teacher",
    "class_row",
    "deciding",
    "seat_kinds_of",
    "study_options",
]
