"""What every game's student table is on a screen of its own: the shape ``Tables`` serves.

Each game has one module ``classroom/<game>_table.py`` with a ``SeatTable`` subclass that
wraps that game's widget-free interaction model (``widgets/<game>/table_model.py``) for one
seat: the model is built from ``view(seat)`` only, so nothing drawn for the seat holds
another seat's secrets. The page (``classroom.page.table_page``) is the same for every game:
it draws what ``data`` answers (SVG with hit targets, buttons, a keyboard list, panels, the
table in words, and for a real-time game a clock) and sends back clicks and buttons.

A click answers a sentence (a choice made on this screen only) or raises ``Refused``; a
button answers either an action, which ``Tables`` plays through ``RoomService.act`` (gamecore
judges, the store commits, every page hears), or a sentence (a button that only changes this
screen, such as the next scoring step).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamecore.protocol import Action, Game
from gamecore.scoresheet import ScoreSheet
from gamecore.words import join_words, t
from widgets.scene import Scene, Shape
from widgets.scene_json import scene_to_json
from widgets.seats import HUMAN
from widgets.svg import to_svg
from widgets.words import bot_kind_words

from .jsonable import JSON

if TYPE_CHECKING:
    from .rooms import RoomService

HISTORY_SHOWN = 12
"""How many of the last moves the history panel lists (newest first)."""


@dataclass(frozen=True)
class Button:
    """A button of the page: what it sends (``kind``), its words, why it is disabled, and
    the keyboard key that presses it ("" for none)."""

    kind: str
    text: str
    disabled: bool = False
    tip: str = ""
    key: str = ""

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "kind": self.kind,
            "text": self.text,
            "disabled": self.disabled,
            "tip": self.tip,
        }
        if self.key:
            data["key"] = self.key
        return data


@dataclass(frozen=True)
class Panel:
    """A panel of the page under the table: a title and sentences, or a table of words."""

    title: str
    lines: Sequence[str] = ()
    head: Sequence[str] = ()
    rows: Sequence[Sequence[str]] = ()

    def to_json(self) -> dict[str, JSON]:
        return {
            "title": self.title,
            "lines": list(self.lines),
            "head": list(self.head),
            "rows": [list(row) for row in self.rows],
        }


class SeatTable(ABC):
    """One seat's table of one room, in the server's memory (a restart forgets a choice on
    a screen, never a move)."""

    game_name: ClassVar[str]
    """The game (``GameSpec.name``) whose rooms this table draws."""

    def __init__(self, game: Game, seat: int) -> None:
        self.seat = seat
        self.game = game
        self.kinds: tuple[str, ...] = (HUMAN,) * len(game.players)
        """Each seat's kind in the room (``"human"`` or a bot's), for the panels that name
        it (``show_kinds``; a table never steps a bot: the server plays them)."""

    def show_kinds(self, kinds: tuple[str, ...]) -> None:
        """The room's seat kinds as they are now (the teacher may hand a seat over)."""
        self.kinds = kinds

    def seat_label(self, player: int) -> str:
        """A player's name as this seat's page says it: "Ana (you)", "Beto (search bot)", or
        "Rival (bot)" when the name already says the kind."""
        name = self.game.players[player]
        if player == self.seat:
            return t("classroom_page.seat_you", name=name)
        if self.kinds[player] != HUMAN:
            kind = bot_kind_words(self.kinds[player])
            if kind.lower() in name.lower():  # "Rival (bot)", not "Rival (rival bot)"
                return t("classroom_page.seat_bot_named", name=name)
            return t("classroom_page.seat_bot", name=name, kind=kind)
        return name

    def players_line(self) -> str:
        """Who plays each seat, in one sentence (the person at this screen, people, bots)."""
        names = join_words([self.seat_label(p) for p in range(len(self.game.players))])
        return t("classroom_page.players", names=names)

    # ------------------------------------------------------------------ following the room
    @abstractmethod
    def follow(self, game: Game) -> None:
        """The room's game has moved on (or was handed over afresh): show ``game`` now and
        forget any choice made on the old table."""

    def opened(self, service: RoomService, code: str) -> None:
        """The table was just made for room ``code`` of ``service`` (a table that needs the
        room's server-side state, such as a real-time game's clock, takes it here); most
        tables need nothing more."""
        del service, code

    def seen(self) -> int:
        """The move number a click or a button on this table must carry (stale otherwise)."""
        return len(self.game.moves())

    def order(self) -> list[int]:
        """Where this table stands among the room's tables, compared as a list: a page
        draws a table only when it is not older than the one it shows. An action's answer
        and another seat's push can cross on the network; in a turn game their move numbers
        tell which is newer, but in a real-time game a seat's move number counts only its
        own actions, so the room's whole count of actions comes first."""
        return [len(self.game.moves())]

    # ------------------------------------------------------------------ what it shows
    @abstractmethod
    def scene(self) -> Scene:
        """The table drawn for this seat (from its view only)."""

    @abstractmethod
    def status(self) -> str:
        """The status line: whose turn, what to do, or the outcome."""

    @abstractmethod
    def buttons(self) -> list[Button]:
        """The buttons under the status line, in order."""

    @abstractmethod
    def target_words(self, target: str) -> str | None:
        """A hit target in words for the keyboard list (None: not listed)."""

    @abstractmethod
    def describe(self) -> list[str]:
        """The table in words, a sentence per line."""

    def last(self) -> str:
        """The last move in a sentence (public parts only)."""
        history = self.history()
        return history[0] if history else ""

    def history(self) -> list[str]:
        """The last moves in sentences, newest first (public parts only)."""
        return []

    def panels(self) -> list[Panel]:
        """Panels under the table (history, scores, ...)."""
        return []

    def extra(self) -> dict[str, JSON]:
        """Game-specific data for the page (a real-time game's ``clock``)."""
        return {}

    # ------------------------------------------------------------------ what it does
    def is_target(self, target: str) -> bool:
        """Whether a click on ``target`` is for this table to answer (else ``no_target``)."""
        return target in self.scene().targets()

    @abstractmethod
    def click(self, target: str) -> Action | str:
        """A click on a hit target: the sentence of what it chose, or the action it plays
        for this seat (Ecosfera: a plant clicked with its payment chosen); ``Refused`` when
        refused."""

    @abstractmethod
    def press(self, kind: str) -> Action | str:
        """A button: the action to play for this seat, or the sentence of what it did on this
        screen alone; ``Refused`` (``table.refused`` / ``table.no_button``) when refused."""

    # ------------------------------------------------------------------ the page's data
    def data(self, code: str, lang: str, *, shapes: bool = False) -> dict[str, JSON]:
        """What the page draws, for this seat, in ``lang`` (the caller speaks it); with
        ``shapes``, the scene itself too (``"scene"``, for a notebook that joins the room
        and draws it on its own canvas)."""
        scene = self.scene()
        targets: list[JSON] = []
        keyboard: list[JSON] = []
        first: dict[str, Shape] = {}  # each target's first shape, as Scene.targets orders them
        for s in scene.shapes:
            if s.target is not None:
                first.setdefault(s.target, s)
        for target in scene.targets():
            x, y, w, h = first[target].bbox()
            box = [round(x, 1), round(y, 1), round(w, 1), round(h, 1)]
            targets.append({"id": target, "box": box})
            words = self.target_words(target)
            if words is not None:
                keyboard.append({"target": target, "words": words})
        data: dict[str, Any] = {
            "room": code,
            "game": self.game.name,
            "seat": self.seat,
            "name": self.game.players[self.seat],
            "lang": lang,
            "move": self.seen(),
            "order": self.order(),
            "over": self.game.is_over,
            "turn": self.game.current_player,
            "status": self.status(),
            "last": self.last(),
            "svg": to_svg(scene),
            "width": scene.width,
            "height": scene.height,
            "targets": targets,
            "keyboard": keyboard,
            "buttons": [b.to_json() for b in self.buttons()],
            "panels": [p.to_json() for p in self.panels()],
            "description": list(self.describe()),
        }
        if shapes:
            data["scene"] = scene_to_json(scene)
        data.update(self.extra())
        return data


def score_panel(sheet: ScoreSheet, title: str, total: str, shown: int | None = None) -> Panel:
    """A score sheet as a panel: a row per category (the first ``shown`` of them, all when
    None), a column per player, and the totals after the last category (``shown`` beyond
    the categories, or None)."""
    categories = sheet.categories if shown is None else sheet.categories[:shown]
    rows = [[sheet.title(c), *(str(sheet.points(p, c)) for p in sheet.players)] for c in categories]
    if shown is None or shown > len(sheet.categories):
        rows.append([total, *(str(sheet.total(p)) for p in sheet.players)])
    return Panel(title, head=("", *sheet.players), rows=rows)
