"""A seat's table on its own screen: the notebook's interaction model, one seat at a time.

Widget-free (no ipywidgets): the student page of a Nuevos Mundos room is drawn from the
same layers as the notebook table. Each seat of each room has its own ``SeatTable``, a
``TableModel`` whose seats mark only that seat "human" (the others "remote"), so the model
never hands the screen to anyone else and its scene only ever holds that seat's own hand
(it is built from ``view(seat)``). The model keeps the seat's chosen card and scoring step
(in memory: a restart forgets a choice, never a move); a click (a hit target's id) or a
button (an action's kind) goes through it, and an action it makes goes through
``RoomService.act`` like any other, so gamecore judges, the store commits and every seat
hears of it.

Languages: the catalog speaks the process's language (``gamecore.words``), so everything a
table says is computed under one lock with the seat's language set for the moment
(``speaking``); two pages in two languages take turns, never mix.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator
from dataclasses import replace

from gamecore.nuevos_mundos import NuevosMundos
from gamecore.nuevos_mundos.data import BIOME_OF_CODE, biome_label, card_label
from gamecore.nuevos_mundos.previews import KINDS
from gamecore.words import LANGUAGES, about, get_language, set_language, t
from widgets.nuevos_mundos.table_model import TableModel
from widgets.nuevos_mundos.table_scene import TableLook
from widgets.nuevos_mundos.table_words import describe_move
from widgets.seats import HUMAN
from widgets.svg import to_svg

from .jsonable import JSON
from .rooms import Refused, RoomService, describe

REMOTE = "remote"
"""The kind of every other seat in a seat's model: a person at another screen."""
SCORE = "score"
"""The button that reveals the next scoring category once the game is over."""
TABLE_GAMES = ("nuevos-mundos",)
"""The games whose rooms have a drawn student table (the others keep the plain page)."""

_HAND = re.compile(r"hand:([0-9]{1,4})")
_SPEAKING = threading.RLock()


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Everything said inside is in ``lang``: the process language, set under one lock."""
    with _SPEAKING:
        before = get_language()
        set_language(lang)
        try:
            yield
        finally:
            set_language(before)


def check_lang(lang: object, default: str) -> str:
    """The language a page asked for (``?lang=es``), or the server's when it asked none."""
    if lang is None or lang == "":
        return default
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise Refused(400, "table.language", asked=repr(lang)[:20], langs=", ".join(LANGUAGES))
    return lang


class SeatTable(TableModel):
    """The Nuevos Mundos table as one seat sees it: only ``seat`` is at this screen.

    The notebook model with what differs on a screen of one's own: another seat's turn is
    "waiting for" them (not a bot to step), and the hand's words name the seat itself."""

    def __init__(self, game: NuevosMundos, seat: int) -> None:
        seats = tuple(HUMAN if p == seat else REMOTE for p in range(len(game.players)))
        super().__init__(game, seats)
        self.seat = seat

    def others_turn(self) -> int | None:
        """The seat whose decision it is, when it is not this one (None otherwise)."""
        player = self.game.current_player
        return player if player is not None and player != self.seat else None

    def refusal(self, needs_card: bool = True) -> str | None:
        other = self.others_turn()
        if other is not None:
            return t("classroom_page.not_your_turn", name=self.name(other))
        return super().refusal(needs_card)

    def turn_text(self) -> str:
        game = self.game
        other = self.others_turn()
        if other is not None:
            return t("classroom_page.waiting_for", name=self.name(other))
        if game.outcome is not None:
            outcome = game.outcome.explain(game.players)
            return t("classroom_page.game_over", outcome=outcome, then=super().turn_text())
        key = "your_last_card" if self.ending() else "your_turn"
        return t(f"classroom_page.{key}")

    def look(self, *, still: bool = False) -> TableLook:
        """The notebook's look, with every seat a person, and, while another seat decides,
        the words of a table that waits for them (nothing there asks this seat to act)."""
        look = super().look(still=still)
        look = replace(look, seats=(HUMAN,) * len(self.seats))
        other = self.others_turn()
        if other is not None:
            look = replace(look, waiting=self.name(other), still=True)
        return look

    def target_words(self, target: str) -> str | None:
        found = _HAND.fullmatch(target)
        if found is None:
            return super().target_words(target)
        card = int(found.group(1))
        key = "pick_hand_selected" if card == self.selected else "pick_hand"
        return about(
            f"nuevos_mundos_table.{key}",
            self.name(self.seat),
            card=card_label(card),
            biome=biome_label(BIOME_OF_CODE[card]),
        )


class Tables:
    """Every open seat's table, over the room service. Thread-safe (one lock, ``speaking``)."""

    def __init__(self, service: RoomService, default_lang: str | None = None) -> None:
        self.service = service
        self.default_lang = default_lang or get_language()
        self._models: dict[tuple[str, int], SeatTable] = {}

    def has_table(self, code: str) -> bool:
        return self.service.game(code).name in TABLE_GAMES

    def _model(self, code: str, seat: int) -> SeatTable:
        """The seat's model, on the room's game as it is now (a new move forgets the choice)."""
        game = self.service.game(code)
        if not isinstance(game, NuevosMundos):
            raise Refused(422, "table.not_yet", game=game.name)
        model = self._models.get((code, seat))
        if model is None:
            model = self._models[code, seat] = SeatTable(game, seat)
        elif len(model.game.moves()) != len(game.moves()):
            model.start(game)
        return model

    def _open(self, code: str, token: object, move: object | None = None) -> SeatTable:
        seat = self.service.seat(code, token)
        model = self._model(code, seat)
        if move is not None:
            if not isinstance(move, int) or isinstance(move, bool):
                raise Refused(400, "action.no_move")
            now = len(model.game.moves())
            if move != now:
                raise Refused(409, "action.stale", seen=move, now=now)
        return model

    # ------------------------------------------------------------------ what a page shows
    def table(self, code: str, token: object, lang: object = None) -> dict[str, JSON]:
        """The seat's table now, in its language."""
        chosen = check_lang(lang, self.default_lang)
        with speaking(chosen):
            model = self._open(code, token)
            return table_data(code, model, chosen)

    # ------------------------------------------------------------------ what a page does
    def click(
        self, code: str, token: object, move: object, target: object, lang: object = None
    ) -> dict[str, JSON]:
        """A click on a hit target (or its pick in the keyboard list): a choice, or refused
        with the model's sentence (a card of another hand, a space that only explains)."""
        chosen = check_lang(lang, self.default_lang)
        with speaking(chosen):
            model = self._open(code, token, move)
            if not isinstance(target, str) or not (
                target in model.scene(still=True).targets() or _is_card(target)
            ):
                raise Refused(422, "table.no_target", target=repr(target)[:40])
            said = model.click(target)
            if said.problem is not None:
                raise Refused(422, "table.refused", said.problem)
            return {"said": said.event or "", "table": table_data(code, model, chosen)}

    def press(
        self, code: str, token: object, move: object, kind: object, lang: object = None
    ) -> dict[str, JSON]:
        """A button: an action played through the room service (gamecore judges, the store
        commits), or the model's or the engine's sentence."""
        chosen = check_lang(lang, self.default_lang)
        with speaking(chosen):
            model = self._open(code, token, move)
            if kind == SCORE:
                said = model.next_score_step()
                if said.problem is not None:
                    raise Refused(422, "table.refused", said.problem)
                return {"said": said.event or "", "table": table_data(code, model, chosen)}
            if not isinstance(kind, str) or kind not in KINDS:
                raise Refused(
                    422, "table.no_button", kind=repr(kind)[:40], kinds=", ".join((*KINDS, SCORE))
                )
            action, refusal = model.action_to_play(kind)
            if action is None:
                raise Refused(422, "table.refused", refusal or "")
            sent = describe(action)
            self.service.act(code, token, move, {"kind": sent["kind"], "fields": sent["fields"]})
            model = self._model(code, model.seat)
            return {"said": last_move(model), "table": table_data(code, model, chosen)}


def _is_card(target: str) -> bool:
    """A card's target (``hand:12``) of a real card, maybe of a hand this seat cannot see:
    the model answers it (not your hand, not your turn)."""
    found = _HAND.fullmatch(target)
    return found is not None and 0 < int(found.group(1)) < len(BIOME_OF_CODE)


def last_move(model: TableModel) -> str:
    """The last move in a sentence (from public parts only: any seat may read it)."""
    game = model.game
    moves = game.moves()
    if not moves:
        return ""
    player, action = moves[-1]
    before = game.clone()
    before.undo()
    return describe_move(game.players, player, action, before.view(0), game.view(0))


def table_data(code: str, model: SeatTable, lang: str) -> dict[str, JSON]:
    """What the page draws: the SVG and its hit targets, the status line, the buttons, the
    keyboard list and the table in words (all for this seat, in ``lang``)."""
    scene = model.scene()
    targets: list[JSON] = []
    keyboard: list[JSON] = []
    for target in scene.targets():
        shape = next(s for s in scene.shapes if s.target == target)
        x, y, w, h = shape.bbox()
        targets.append({"id": target, "box": [round(x, 1), round(y, 1), round(w, 1), round(h, 1)]})
        words = model.target_words(target)
        if words is not None:
            keyboard.append({"target": target, "words": words})
    ending = model.ending()
    over = model.game.is_over
    buttons: list[JSON] = []
    if not over:
        for kind, state in model.action_states().items():
            if kind == "lay" or (kind in ("last", "none")) == ending:
                buttons.append(
                    {
                        "kind": kind,
                        "text": state.text,
                        "disabled": state.disabled,
                        "tip": state.tooltip,
                    }
                )
    else:
        step = model.score_button()
        buttons.append(
            {"kind": SCORE, "text": step.text, "disabled": step.disabled, "tip": step.tooltip}
        )
    return {
        "room": code,
        "seat": model.seat,
        "name": model.name(model.seat),
        "lang": lang,
        "move": len(model.game.moves()),
        "over": over,
        "status": model.turn_text(),
        "last": last_move(model),
        "svg": to_svg(scene),
        "width": scene.width,
        "height": scene.height,
        "targets": targets,
        "keyboard": keyboard,
        "buttons": buttons,
        "description": list(model.describe()),
    }
