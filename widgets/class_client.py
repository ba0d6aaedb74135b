"""A seat of a class server's room, seen from a notebook: the HTTP and websocket client.

Widget-free, and it imports nothing of ``classroom`` (the server is another program, maybe
on another machine): it speaks the server's JSON API like the student page does. A seat is
opened by its join link (``http://HOST:8765/join/KQWXTM?lang=es#TOKEN``, the link the
teacher hands out). Everything that can go wrong (no server there, a link that opens no
seat, a refused click) is a ``ClassError`` with a sentence, never a traceback.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamecore.words import LANGUAGES, get_language, t

TIMEOUT = 10.0
"""Seconds an answer from the server may take."""
_CODE_LETTERS = set("ABCDEFGHJKMNPQRSTUVWXYZ")


class ClassError(Exception):
    """Something the class server or the network refused, in words (``str(err)``)."""


@dataclass(frozen=True)
class SeatLink:
    """Where a seat is: the server's root, the room's code, the seat's token, a language."""

    root: str
    code: str
    token: str
    lang: str

    @classmethod
    def parse(cls, link: str, lang: str | None = None) -> SeatLink:
        """The parts of a join link, or a ``ClassError`` that says what the link lacks."""
        parts = urllib.parse.urlsplit(link.strip())
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ClassError(t("class_seat.link_not_a_link", link=link.strip()[:80]))
        path = parts.path
        where = path.rfind("/join/")
        code = path[where + len("/join/") :].strip("/") if where >= 0 else ""
        if len(code) != 6 or not set(code) <= _CODE_LETTERS:
            raise ClassError(t("class_seat.link_no_room"))
        token = parts.fragment
        if not token:
            raise ClassError(t("class_seat.link_no_token"))
        asked = urllib.parse.parse_qs(parts.query).get("lang", [""])[0]
        chosen = lang or (asked if asked in LANGUAGES else get_language())
        root = urllib.parse.urlunsplit((parts.scheme, parts.netloc, path[:where], "", ""))
        return cls(root, code, token, chosen)


class SeatClient:
    """The seat's table over HTTP (``table``, ``click``, ``press``) and its pushes over the
    websocket (``listen``: ``on_push()`` is called after every move in the room)."""

    def __init__(self, link: SeatLink) -> None:
        self.link = link
        self.move: int | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _url(self, part: str) -> str:
        query = urllib.parse.urlencode({"lang": self.link.lang, "scene": "1"})
        return f"{self.link.root}/api/rooms/{self.link.code}/{part}?{query}"

    def _call(self, url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
        request.add_header("Authorization", f"Bearer {self.link.token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
                return dict(json.loads(answer.read()))
        except urllib.error.HTTPError as err:
            try:
                said = json.loads(err.read()).get("error")
            except (ValueError, AttributeError):
                said = None
            raise ClassError(said or t("class_seat.server_said", status=err.code)) from None
        except (urllib.error.URLError, OSError, ValueError) as err:
            reason = getattr(err, "reason", err)
            raise ClassError(
                t("class_seat.no_server", root=self.link.root, reason=str(reason))
            ) from None

    def table(self) -> dict[str, Any]:
        """The seat's table now (with its scene)."""
        data = self._call(self._url("table"))
        self.move = data.get("move")
        return data

    def click(self, target: str) -> dict[str, Any]:
        """``{"said": ..., "table": ...}`` after a click on ``target``."""
        answer = self._call(self._url("table"), {"move": self.move, "target": target})
        self.move = answer["table"].get("move")
        return answer

    def press(self, button: str) -> dict[str, Any]:
        """``{"said": ..., "table": ...}`` after pressing ``button``."""
        answer = self._call(self._url("table"), {"move": self.move, "button": button})
        self.move = answer["table"].get("move")
        return answer

    # ------------------------------------------------------------------ pushes
    def listen(self, on_push: Callable[[], None], on_lost: Callable[[str], None]) -> None:
        """Hear the room's pushes in a thread of its own until ``stop``; a dropped
        connection is opened again every few seconds (``on_lost`` says so)."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(
            target=self._listen, args=(on_push, on_lost), daemon=True, name="class-seat"
        )
        self._thread.start()

    def _listen(self, on_push: Callable[[], None], on_lost: Callable[[str], None]) -> None:
        from websockets.exceptions import WebSocketException
        from websockets.sync.client import connect

        root = urllib.parse.urlsplit(self.link.root)
        scheme = "wss" if root.scheme == "https" else "ws"
        url = f"{scheme}://{root.netloc}{root.path}/ws/{self.link.code}?lang={self.link.lang}"
        while not self._stop.is_set():
            try:
                with connect(url, open_timeout=TIMEOUT) as socket:
                    socket.send(json.dumps({"token": self.link.token}))
                    while not self._stop.is_set():
                        try:
                            message = json.loads(socket.recv(timeout=1.0))
                        except TimeoutError:
                            continue
                        if isinstance(message, dict) and message.get("type") == "view":
                            on_push()
                        elif isinstance(message, dict) and "error" in message:
                            on_lost(str(message["error"]))
                            return  # the server refused this seat: trying again won't help
            except (OSError, WebSocketException, ValueError) as err:
                if self._stop.is_set():
                    return
                on_lost(t("class_seat.lost", reason=str(err) or type(err).__name__))
                self._stop.wait(3.0)

    def stop(self) -> None:
        self._stop.set()
