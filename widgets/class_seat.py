"""A class server's seat in a notebook or Voila: the room's table, played from JupyterLab.

``class_seat()`` shows a box for the seat's join link (the one the teacher hands out);
``class_seat(link)`` joins at once. The table is the server's own (the same as a student's
browser page: status line, buttons, the drawn table with its click targets, the keyboard
list, the panels and the table in words), drawn on the same canvas as every notebook table
from the scene the server sends; after every move in the room the server's push redraws
it. A teacher can put a seat of each room on the projector this way (a seat's own view: a
projector shows what that seat may see, so the teacher picks a seat whose secrets may be
shown, or a seat of a bot).

Nothing here judges a move: the class server does (``widgets.class_client``), and whatever
it refuses is said in a sentence under the status line.
"""

from __future__ import annotations

import contextlib
import html
import threading
from typing import Any

import ipywidgets as w

from gamecore.words import get_language, speaking, t

from .canvas import SceneCanvas
from .class_client import ClassError, SeatClient, SeatLink
from .scene import Scene, Text
from .scene_json import scene_from_json
from .table_base import labelled_html, make_button


def _waiting_scene() -> Scene:
    scene = Scene(640, 60, title=t("class_seat.not_joined"))
    scene.add(Text(x=20, y=36, text=t("class_seat.not_joined"), size=16, fill="#333333"))
    return scene


def _panels_html(panels: list[dict[str, Any]]) -> str:
    parts: list[str] = []
    for panel in panels:
        parts.append(f"<h4>{html.escape(str(panel.get('title', '')))}</h4>")
        parts.extend(f"<p>{html.escape(str(line))}</p>" for line in panel.get("lines", []))
        head, rows = panel.get("head", []), panel.get("rows", [])
        if head or rows:
            cells = "".join(f"<th>{html.escape(str(c))}</th>" for c in head)
            body = "".join(
                "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                for row in rows
            )
            parts.append(f"<table class='class-seat-grid'><tr>{cells}</tr>{body}</table>")
    return "".join(parts)


class ClassSeat:
    """One seat of a class room, in a notebook."""

    def __init__(self, link: str | None = None, lang: str | None = None) -> None:
        self.lang = lang
        self.client: SeatClient | None = None
        self.table: dict[str, Any] | None = None
        self._lock = threading.RLock()
        with self._speaking():
            self._build()
        if link:
            self.link_box.value = link
            self.join(link)

    def _speaking(self) -> contextlib.AbstractContextManager[None]:
        """The widget's own words in the seat's language (the link's, or the one asked)."""
        lang = self.client.link.lang if self.client is not None else self.lang
        return speaking(lang or get_language())

    def _build(self) -> None:
        self.link_box = w.Text(
            placeholder=t("class_seat.link_placeholder"),
            description=t("class_seat.link_label"),
            layout=w.Layout(width="100%"),
            style={"description_width": "initial"},
        )
        self.join_button = make_button(t("class_seat.join"), "class-seat-join")
        self.join_button.on_click(lambda _: self.join(self.link_box.value))
        self.form = w.HBox([self.link_box, self.join_button])
        self.heading = labelled_html("class-seat-heading")
        self.status = labelled_html("class-seat-status")
        self.said = labelled_html("class-seat-said")
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.canvas = SceneCanvas(_waiting_scene(), self._clicked, self._say_problem)
        self.keyboard = w.Dropdown(options=[], layout=w.Layout(width="70%"))
        self.pick = make_button(t("class_seat.pick"), "class-seat-pick")
        self.pick.on_click(lambda _: self._pick())
        self.panels = labelled_html("class-seat-panels")
        self.words = labelled_html("class-seat-words")
        self.seat_parts: list[w.Widget] = [
            self.heading,
            self.status,
            self.said,
            self.buttons,
            self.canvas.canvas,
            w.HBox([self.keyboard, self.pick]),
            self.panels,
            self.words,
        ]
        # until a seat is joined, only the link's box and what it said (no empty table)
        self.widget = w.VBox([self.form, self.said])
        self.widget.add_class("class-seat")

    # ------------------------------------------------------------------ joining
    def join(self, link: str) -> bool:
        """Open the seat of ``link``; False (and the reason on screen) when it cannot."""
        try:
            with self._speaking():
                seat_link = SeatLink.parse(link, self.lang)
            client = SeatClient(seat_link)
            with speaking(seat_link.lang):
                table = client.table()
        except ClassError as err:
            self._say_problem(str(err))
            return False
        if self.client is not None:
            self.client.stop()
        self.client = client
        self.form.layout.display = "none"
        self.widget.children = (self.form, *self.seat_parts)
        self.table = None  # a new seat: whatever it shows first is drawn
        self._show(table, "")
        client.listen(self.refresh, self._say_problem)
        return True

    def refresh(self) -> None:
        """Fetch the seat's table again (after a push from the server)."""
        if self.client is None:
            return
        try:
            with self._speaking():
                table = self.client.table()
        except ClassError as err:
            self._say_problem(str(err))
            return
        self._show(table, None)

    def close(self) -> None:
        if self.client is not None:
            self.client.stop()

    # ------------------------------------------------------------------ what it does
    def _clicked(self, target: str | None, x: float, y: float) -> None:
        if target is not None:
            self._send(target=target)

    def _pick(self) -> None:
        if self.keyboard.value:
            self._send(target=self.keyboard.value)

    def press(self, kind: str) -> None:
        self._send(button=kind)

    def _send(self, *, target: str | None = None, button: str | None = None) -> None:
        if self.client is None:
            self._say_problem(t("class_seat.not_joined"))
            return
        try:
            with self._lock, self._speaking():
                if target is not None:
                    answer = self.client.click(target)
                else:
                    assert button is not None
                    answer = self.client.press(button)
                if "scene" not in answer["table"]:  # an answer carries the page's table
                    answer["table"] = self.client.table()
        except ClassError as err:
            self._say_problem(str(err))
            return
        self._show(answer["table"], str(answer.get("said", "")))

    # ------------------------------------------------------------------ what it shows
    def _say_problem(self, text: str) -> None:
        self.said.value = (
            f"<span class='class-seat-problem'>⚠ {html.escape(text)}</span>" if text else ""
        )

    def _show(self, table: dict[str, Any], said: str | None) -> None:
        """Draw ``table`` (a said sentence replaces the last; None keeps it), unless it is
        older than the table shown: a push's table fetched before this seat's own move can
        arrive after the move's answer, and must not draw the room as it was (the table's
        ``order``, the room's count of actions and more, says which is newer; the class
        page does the same)."""
        with self._lock, self._speaking():
            shown = None if self.table is None else self.table.get("order")
            order = table.get("order")
            if isinstance(shown, list) and isinstance(order, list) and order < shown:
                if said is not None:
                    self.said.value = html.escape(said)
                return
            try:
                scene = scene_from_json(table.get("scene"))
            except ValueError as err:
                self._say_problem(t("class_seat.bad_table", reason=str(err)))
                return
            self.table = table
            self.heading.value = html.escape(
                t("class_seat.heading", room=table.get("room", ""), name=table.get("name", ""))
            )
            clock = table.get("clock")
            status = html.escape(str(table.get("status", "")))
            if isinstance(clock, dict) and isinstance(clock.get("left_ms"), int):
                seconds = max(0, clock["left_ms"]) // 1000
                left = t("classroom_page.clock", time=f"{seconds // 60}:{seconds % 60:02d}")
                status = f"<b>{html.escape(left)}</b> · {status}"
            self.status.value = f"<b>{status}</b>"
            if said is not None:
                self.said.value = html.escape(said)
            buttons = []
            for state in table.get("buttons", []):
                kind = str(state.get("kind", ""))
                button = make_button(
                    str(state.get("text", "")),
                    f"class-seat-button-{kind}",
                    str(state.get("tip", "")),
                )
                button.disabled = bool(state.get("disabled"))
                button.on_click(lambda _, kind=kind: self.press(kind))
                buttons.append(button)
            self.buttons.children = buttons
            self.canvas.show(scene)
            options = [
                (str(k.get("words", "")), str(k.get("target", "")))
                for k in table.get("keyboard", [])
            ]
            kept = self.keyboard.value
            self.keyboard.options = options
            if kept in [v for _, v in options]:
                self.keyboard.value = kept
            self.panels.value = _panels_html(list(table.get("panels", [])))
            self.words.value = "".join(
                f"<p>{html.escape(str(line))}</p>" for line in table.get("description", [])
            )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and where it cannot run (a notebook not yet run, an exported
        page) a sentence that says what it is, never ``VBox(children=…``."""
        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        with self._speaking():
            said = t("class_seat.run_cell")
        bundle["text/plain"] = said
        bundle["text/html"] = f"<p>{html.escape(said)}</p>"
        return bundle


def class_seat(link: str | None = None, lang: str | None = None) -> ClassSeat:
    """A class room's seat in this notebook: ``class_seat()`` asks for the seat's link,
    ``class_seat("http://…/join/KQWXTM#…")`` joins at once."""
    return ClassSeat(link, lang)
