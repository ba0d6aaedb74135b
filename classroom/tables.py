"""Every open seat's table, over the room service: one ``SeatTable`` per seat of each room.

Widget-free (no ipywidgets): a student page is drawn from the same layers as the notebook
tables. Each game's seat table is in its own module (``classroom/<game>_table.py``, listed in
``SEAT_TABLES``); this module keeps them in step with their rooms, checks what a page sends
(the move it saw, a target the table has, a language), and plays the actions a button makes
through ``RoomService.act`` like any other, so gamecore judges, the store commits and every
seat hears of it.

Languages: each call speaks the page's language (``gamecore.words.speaking``, one context
per call), so two pages in two languages are computed side by side and never mix.
"""

from __future__ import annotations

import threading

from gamecore.protocol import Action
from gamecore.words import LANGUAGES, get_language, speaking

from .ecosfera_table import EcosferaSeat
from .jsonable import JSON
from .mondo_table import MondoSeat
from .nuevo_mundo_table import NuevoMundoSeat
from .nuevos_mundos_table import NuevosMundosSeat
from .rooms import Refused, RoomService, describe
from .seat_table import SeatTable

SEAT_TABLES: dict[str, type[SeatTable]] = {
    table.game_name: table for table in (NuevosMundosSeat, EcosferaSeat, NuevoMundoSeat, MondoSeat)
}
"""The games whose rooms have a drawn student table, and their seat tables."""


def check_lang(lang: object, default: str) -> str:
    """The language a page asked for (``?lang=es``), or the server's when it asked none."""
    if lang is None or lang == "":
        return default
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise Refused(400, "table.language", asked=repr(lang)[:20], langs=", ".join(LANGUAGES))
    return lang


class Tables:
    """Every open seat's table. Thread-safe: one seat's table is used by one call at a time."""

    def __init__(self, service: RoomService, default_lang: str | None = None) -> None:
        self.service = service
        self.default_lang = default_lang or get_language()
        self._models: dict[tuple[str, int], SeatTable] = {}
        self._locks: dict[tuple[str, int], threading.RLock] = {}
        self._lock = threading.Lock()

    def has_table(self, code: str) -> bool:
        return self.service.record(code).game in SEAT_TABLES

    def _seat_lock(self, code: str, seat: int) -> threading.RLock:
        with self._lock:
            return self._locks.setdefault((code, seat), threading.RLock())

    def _model(self, code: str, seat: int) -> SeatTable:
        """The seat's table, on the room's game as it is now (a new move forgets the choice).
        The room's game is copied only when it has moved on since the table last saw it (a
        room's moves are only ever added to, and its players renamed only before the first)."""
        record = self.service.record(code)
        kind = SEAT_TABLES.get(record.game)
        if kind is None:
            raise Refused(422, "table.not_yet", game=record.game)
        model = self._models.get((code, seat))
        if (
            model is None
            or len(model.game.moves()) != self.service.move(code)
            or model.game.players != record.players
        ):
            game = self.service.game(code)
            if model is None:
                model = self._models[code, seat] = kind(game, seat)
                model.opened(self.service, code)
            elif model.game.moves() != game.moves() or model.game.players != game.players:
                model.follow(game)
        model.show_kinds(self.service.seat_kinds(code))  # a bot's panel says which bot
        return model

    def _open(self, code: str, token: object, move: object | None = None) -> SeatTable:
        seat = self.service.seat(code, token)
        model = self._model(code, seat)
        if move is not None:
            if not isinstance(move, int) or isinstance(move, bool):
                raise Refused(400, "action.no_move")
            now = model.seen()
            if move != now:
                raise Refused(409, "action.stale", seen=move, now=now)
        return model

    # ------------------------------------------------------------------ what a page shows
    def table(
        self, code: str, token: object, lang: object = None, shapes: bool = False
    ) -> dict[str, JSON]:
        """The seat's table now, in its language."""
        chosen = check_lang(lang, self.default_lang)
        seat = self.service.seat(code, token)
        with speaking(chosen), self._seat_lock(code, seat):
            return self._open(code, token).data(code, chosen, shapes=shapes)

    # ------------------------------------------------------------------ what a page does
    def click(
        self, code: str, token: object, move: object, target: object, lang: object = None
    ) -> tuple[bool, dict[str, JSON]]:
        """A click on a hit target (or its pick in the keyboard list): (whether it played an
        action, the answer). A choice, a move (Ecosfera: a plant clicked with its payment
        chosen), or refused with the table's sentence (a card of another hand, a space that
        only explains)."""
        chosen = check_lang(lang, self.default_lang)
        seat = self.service.seat(code, token)
        with speaking(chosen), self._seat_lock(code, seat):
            model = self._open(code, token, move)
            if not isinstance(target, str) or len(target) > 80 or not model.is_target(target):
                raise Refused(422, "table.no_target", target=repr(target)[:40])
            return self._made(code, token, move, seat, chosen, model, model.click(target))

    def press(
        self, code: str, token: object, move: object, kind: object, lang: object = None
    ) -> tuple[bool, dict[str, JSON]]:
        """A button: (whether it played an action, the answer). An action goes through the
        room service (gamecore judges, the store commits); otherwise the table's sentence."""
        chosen = check_lang(lang, self.default_lang)
        seat = self.service.seat(code, token)
        with speaking(chosen), self._seat_lock(code, seat):
            model = self._open(code, token, move)
            if not isinstance(kind, str) or len(kind) > 40:
                raise Refused(422, "table.no_button", kind=repr(kind)[:40], kinds="-")
            return self._made(code, token, move, seat, chosen, model, model.press(kind))

    def _made(
        self,
        code: str,
        token: object,
        move: object,
        seat: int,
        lang: str,
        model: SeatTable,
        made: Action | str,
    ) -> tuple[bool, dict[str, JSON]]:
        """What a click or a button made: a sentence on this screen, or an action played
        through the room service (gamecore judges, the store commits)."""
        if not isinstance(made, Action):
            return False, {"said": made, "table": model.data(code, lang)}
        sent = describe(made)
        self.service.act(code, token, move, {"kind": sent["kind"], "fields": sent["fields"]})
        model = self._model(code, seat)
        return True, {"said": model.last(), "table": model.data(code, lang)}
