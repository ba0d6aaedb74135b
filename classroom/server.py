"""The class server's web face: a Starlette app (ASGI, served by uvicorn).

HTTP for what a page asks (a view) and does (an action), a websocket per open page for what
it is told (its seat's new view after every accepted action in its room). The handlers only
translate: ``RoomService`` decides, gamecore judges.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from gamecore.words import speaking

from .bot_runner import BotRunner
from .home_page import home_page
from .page import table_page
from .patch import table_patch
from .qr import qr_svg
from .realtime import Realtime
from .rooms import Refused, RoomService, check_teacher_key
from .store import Store
from .tables import Tables, check_lang
from .teacher import Teacher
from .teacher_page import teacher_page

log = logging.getLogger("classroom")

MAX_BODY = 16 * 1024
"""The largest request body read (a room's set-up or an action is a few hundred bytes)."""
FIRST_MESSAGE_SECONDS = 10.0
"""How long a websocket may stay open without saying whose seat it is."""


def _refusal(request: Request | WebSocket, err: Refused) -> JSONResponse:
    client = request.client.host if request.client else "?"
    log.warning(
        "refused %s %s from %s: %s (%s)",
        _method(request),
        request.url.path,
        client,
        err.key,
        err.reason,
    )
    return JSONResponse(err.to_json(), status_code=err.status)


def _method(request: Request | WebSocket) -> str:
    return request.method if isinstance(request, Request) else "WS"


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


async def _json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read no further than ``MAX_BODY`` bytes."""
    length = request.headers.get("content-length")
    if length is not None and not length.isdigit():
        raise Refused(400, "request.bad_length")
    if length is not None and int(length) > MAX_BODY:
        raise Refused(413, "request.too_large", limit=MAX_BODY)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise Refused(413, "request.too_large", limit=MAX_BODY)
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, "request.not_json") from None
    if not isinstance(data, dict):
        raise Refused(400, "request.not_object")
    return data


def _download(name: str) -> dict[str, str]:
    """The headers of a file the browser saves (``name``: letters, digits, ``-._`` only)."""
    return {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"}


@dataclass
class Listener:
    """One open websocket of a room: its seat's token, its page's language, what it asked
    to be sent (``view``: its seat's view with every table; ``patches``: each table after
    the first as a patch, ``classroom.patch``), and the last table it was sent."""

    token: str
    lang: str
    view: bool = True
    patches: bool = False
    table: dict[str, Any] | None = None
    lines: list[str] | None = None

    def sent(self, message: dict[str, Any]) -> dict[str, Any]:
        """``message`` as this socket is sent it: its table as a patch when it asked for
        them and has a table to patch (the first one goes whole)."""
        table = message.get("table")
        if not self.patches or table is None:
            return message
        old, self.table = self.table, table
        if old is None:
            self.lines = None
            return message
        patch, self.lines = table_patch(old, table, self.lines)
        sent = {k: v for k, v in message.items() if k != "table"}
        sent["patch"] = patch
        return sent


def _listener_of(text: object, lang: str) -> Listener:
    """Who a websocket's first message says it is, ``{"token": "..."}``, and what it wants:
    ``"view": false`` (the table alone, as a page), ``"patches": true``."""
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        data = None
    token = data.get("token") if isinstance(data, dict) else None
    if not isinstance(token, str) or not isinstance(data, dict):
        raise Refused(400, "ws.first_message")
    view, patches = data.get("view", True), data.get("patches", False)
    if not isinstance(view, bool) or not isinstance(patches, bool) or set(data) - _FIRST_KEYS:
        raise Refused(400, "ws.first_message")
    return Listener(token, lang, view, patches)


_FIRST_KEYS = frozenset({"token", "view", "patches"})
_FIRST = "\x00first"
"""(Not a token: tokens are URL-safe base64.) No further push round is due."""


class Pushes:
    """The open websockets of each room, by seat: after an action every one of them gets
    its own seat's view, computed for that seat alone, and in a room with a drawn table
    (Nuevos Mundos) that seat's table too, in its page's language."""

    def __init__(self, service: RoomService, tables: Tables) -> None:
        self.service = service
        self.tables = tables
        self._sockets: dict[str, dict[WebSocket, Listener]] = {}
        self._pushing: dict[str, str | None] = {}
        """The rooms being pushed now, and whether another round is due: ``_FIRST`` no,
        else the token to push last in it (None: nobody in particular)."""

    def add(self, code: str, socket: WebSocket, listener: Listener) -> None:
        self._sockets.setdefault(code, {})[socket] = listener

    def remove(self, code: str, socket: WebSocket) -> None:
        self._sockets.get(code, {}).pop(socket, None)

    def connected(self, code: str) -> set[int]:
        """The seats of room ``code`` with a page open now (a websocket that said its token;
        one that drops is removed when the server notices, at the latest by uvicorn's ping)."""
        open_now = tuple(self._sockets.get(code, {}).values())  # one step under the GIL
        seats = set()
        for listener in open_now:
            with contextlib.suppress(Refused):
                seats.add(self.service.seat(code, listener.token))
        return seats

    def message(
        self, code: str, token: str, lang: str, drawn: bool, view: bool = True
    ) -> dict[str, Any]:
        """What one page hears: its seat's view (unless it asked for its table alone), and
        its table where there is one."""
        message: dict[str, Any] = {"type": "view"}
        if view or not drawn:
            message["view"] = self.service.view(code, token)
        if drawn:
            message["table"] = self.tables.table(code, token, lang)
        return message

    def heard(self, code: str, listener: Listener, drawn: bool) -> dict[str, Any]:
        """The message ``listener`` is sent now (its table as a patch when it asked so)."""
        message = self.message(code, listener.token, listener.lang, drawn, listener.view)
        return listener.sent(message)

    async def push(self, code: str, last: str | None = None) -> None:
        """Every open page of the room hears its seat's new view (and table), one after the
        other; the pages of token ``last`` (the seat that just acted and has its answer
        already) come after everyone else's.

        One push per room at a time: a push asked for while one is being made is folded
        into one more round after it, which shows every page the room as it is then. So
        moves made at once (Mondo, where everyone builds together) cost one round of tables,
        not one each, and a page never waits behind a queue of tables already out of date."""
        if code in self._pushing:
            again = self._pushing[code]
            self._pushing[code] = last if again in (last, _FIRST) else None
            return
        self._pushing[code] = _FIRST
        try:
            while True:
                await self._push_once(code, last)
                again = self._pushing[code]
                if again == _FIRST:
                    return
                last, self._pushing[code] = again, _FIRST
        finally:
            del self._pushing[code]

    async def _push_once(self, code: str, last: str | None) -> None:
        drawn = await run_in_threadpool(self.tables.has_table, code)
        sockets = sorted(
            self._sockets.get(code, {}).items(), key=lambda item: item[1].token == last
        )
        for socket, listener in sockets:
            try:
                message = await run_in_threadpool(self.heard, code, listener, drawn)
                await socket.send_json(message)
            except Exception:  # a page that went away is dropped; the others still hear
                log.info("room %s: a websocket went away", code)
                self.remove(code, socket)


def create_app(store: Store, *, base_url: str = "") -> Starlette:
    """The app over one store (its rooms rebuilt and checked first)."""
    service = RoomService(store, bots_at_once=False)  # the bots play after the answer
    realtime = Realtime(service)  # Mondo's clock: before any Mondo action is judged
    service.load_all()
    tables = Tables(service)
    pushes = Pushes(service, tables)
    bots = BotRunner(service, pushes.push)

    async def health(request: Request) -> Response:
        rooms = await run_in_threadpool(store.count_rooms)
        return JSONResponse({"ok": True, "rooms": rooms})

    async def qr(request: Request) -> Response:
        """The start page's address (as this request reached it, or ``base_url``) as a QR
        code, an SVG that scales to its box: for the teacher's projector."""
        root = base_url or str(request.base_url).rstrip("/")
        svg = await run_in_threadpool(qr_svg, root + "/")
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})

    async def create_room(request: Request) -> Response:
        try:
            await run_in_threadpool(check_teacher_key, store, _bearer(request))
            body = await _json_body(request)
            game, players, seed = (
                body.pop("game", None),
                body.pop("players", None),
                body.pop("seed", None),
            )
            seats, names = body.pop("seats", None), body.pop("names", None)
            if not isinstance(game, str):
                raise Refused(422, "room.no_game")
            room = await run_in_threadpool(
                lambda: service.create(
                    game, players, seed=seed, options=body, seats=seats, names=names
                )
            )
        except Refused as err:
            return _refusal(request, err)
        bots.start(room.code)  # a bot seat that begins plays now, after this answer
        root = base_url or str(request.base_url).rstrip("/")
        return JSONResponse(
            {
                "code": room.code,
                "game": room.game,
                "seed": room.seed,
                "seats": [
                    {
                        "seat": i,
                        "name": name,
                        "token": token,
                        "link": f"{root}/join/{room.code}#{token}",
                    }
                    for i, (name, token) in enumerate(zip(room.players, room.tokens))
                ],
            },
            status_code=201,
        )

    async def view(request: Request) -> Response:
        code = request.path_params["code"]
        try:
            data = await run_in_threadpool(service.view, code, _bearer(request))
        except Refused as err:
            return _refusal(request, err)
        return JSONResponse(data)

    async def act(request: Request) -> Response:
        code = request.path_params["code"]
        try:
            token = _bearer(request)
            await run_in_threadpool(service.seat, code, token)  # a stranger's body goes unread
            body = await _json_body(request)
            number = await run_in_threadpool(
                service.act, code, token, body.get("move"), body.get("action")
            )
        except Refused as err:
            return _refusal(request, err)
        # the answer first, then every page's push (the sender's last: it has its answer),
        # then the bots whose turn it is now, one move and one push at a time
        bots.start(code)
        return JSONResponse({"move": number}, background=BackgroundTask(pushes.push, code, token))

    async def table(request: Request) -> Response:
        code = request.path_params["code"]
        try:
            query = request.query_params
            shapes = query.get("scene") == "1"  # a notebook's table draws the scene itself
            data = await run_in_threadpool(
                tables.table, code, _bearer(request), query.get("lang"), shapes
            )
        except Refused as err:
            return _refusal(request, err)
        return JSONResponse(data)

    async def use_table(request: Request) -> Response:
        """A click on a target (``{"move": N, "target": "hand:12"}``) or a button
        (``{"move": N, "button": "lay"}``) on the seat's table."""
        code = request.path_params["code"]
        lang = request.query_params.get("lang")
        try:
            token = _bearer(request)
            await run_in_threadpool(service.seat, code, token)  # a stranger's body goes unread
            body = await _json_body(request)
            played = False
            if set(body) == {"move", "target"}:
                played, answer = await run_in_threadpool(
                    tables.click, code, token, body["move"], body["target"], lang
                )
            elif set(body) == {"move", "button"}:
                played, answer = await run_in_threadpool(
                    tables.press, code, token, body["move"], body["button"], lang
                )
            else:
                raise Refused(400, "table.shape")
        except Refused as err:
            return _refusal(request, err)
        pushing = None
        if played:
            bots.start(code)
            pushing = BackgroundTask(pushes.push, code, token)
        return JSONResponse(answer, background=pushing)

    async def home(request: Request) -> Response:
        try:
            lang = check_lang(request.query_params.get("lang"), tables.default_lang)
        except Refused as err:
            return _refusal(request, err)
        return HTMLResponse(home_page(lang))

    async def join_by_code(request: Request) -> Response:
        """``{"code": "KQWXTM", "name": "Ana"}``: a free seat of the room and its new token."""
        try:
            lang = check_lang(request.query_params.get("lang"), tables.default_lang)
            body = await _json_body(request)
            if set(body) != {"code", "name"}:
                raise Refused(400, "join.shape")
            seat, token = await run_in_threadpool(service.join, body["code"], body["name"])
        except Refused as err:
            return _refusal(request, err)
        code = str(body["code"]).strip().upper()
        root = base_url or str(request.base_url).rstrip("/")
        link = f"{root}/join/{code}?lang={lang}#{token}"
        return JSONResponse({"code": code, "seat": seat, "token": token, "link": link})

    async def join(request: Request) -> Response:
        code = request.path_params["code"]
        try:
            lang = check_lang(request.query_params.get("lang"), tables.default_lang)
            if not await run_in_threadpool(tables.has_table, code):  # a room that exists
                raise Refused(422, "table.not_yet", game=service.record(code).game)
        except Refused as err:
            return _refusal(request, err)
        return HTMLResponse(table_page(code, lang))

    async def socket(websocket: WebSocket) -> None:
        code = websocket.path_params["code"]
        await websocket.accept()
        try:
            first = await asyncio.wait_for(websocket.receive(), FIRST_MESSAGE_SECONDS)
            if first["type"] == "websocket.disconnect":
                return
            lang = check_lang(websocket.query_params.get("lang"), tables.default_lang)
            listener = _listener_of(first.get("text"), lang)
            drawn = await run_in_threadpool(tables.has_table, code)
            data = await run_in_threadpool(pushes.heard, code, listener, drawn)
        except Refused as err:
            _refusal(websocket, err)
            await websocket.send_json(err.to_json())
            await websocket.close(code=4000 + err.status)
            return
        except (asyncio.TimeoutError, WebSocketDisconnect):
            with contextlib.suppress(Exception):
                await websocket.close(code=1008)
            return
        pushes.add(code, websocket, listener)
        try:
            await websocket.send_json(data)
            while True:  # the page only listens; it acts over HTTP
                await websocket.receive_text()
                await websocket.send_json(
                    {
                        "error": "this socket only tells; act with POST .../actions",
                        "key": "ws.listen_only",
                    }
                )
        except WebSocketDisconnect:
            pass
        finally:
            pushes.remove(code, websocket)

    # ------------------------------------------------------------------ the teacher's page
    teacher = Teacher(service, pushes.connected)

    async def teaching(request: Request, work: Callable[..., Any], *args: Any) -> Any:
        """``work(*args)`` for the teacher: the key checked before anything else (a
        stranger's body is never read), in the language the page asked for (``?lang=``)."""
        lang = check_lang(request.query_params.get("lang"), tables.default_lang)
        with speaking(lang):
            await run_in_threadpool(check_teacher_key, store, _bearer(request))
            if request.method == "POST":
                args = (*args, await _json_body(request))
            return await run_in_threadpool(work, *args)

    async def teacher_home(request: Request) -> Response:
        try:
            lang = check_lang(request.query_params.get("lang"), tables.default_lang)
        except Refused as err:
            return _refusal(request, err)
        return HTMLResponse(teacher_page(lang))

    async def teacher_rooms(request: Request) -> Response:
        try:
            return JSONResponse(await teaching(request, teacher.overview))
        except Refused as err:
            return _refusal(request, err)

    async def teacher_hand(request: Request) -> Response:
        """``{"kind": "greedy"}``: the seat to a bot (``"human"``: back to a person)."""
        code, seat = request.path_params["code"], request.path_params["seat"]
        try:
            room = await teaching(request, teacher.hand, code, seat)
        except Refused as err:
            return _refusal(request, err)
        await pushes.push(code)  # every page redraws the seat's new kind
        bots.start(code)  # a bot whose turn it is plays now, after this answer
        return JSONResponse(room)

    async def teacher_link(request: Request) -> Response:
        """``{}``: a new join link for the seat (its old link opens nothing from now on)."""
        code, seat = request.path_params["code"], request.path_params["seat"]
        try:
            made = await teaching(request, teacher.new_link, code, seat)
        except Refused as err:
            return _refusal(request, err)
        root = base_url or str(request.base_url).rstrip("/")
        made["link"] = f"{root}/join/{code}#{made['token']}"
        return JSONResponse(made)

    async def teacher_end(request: Request) -> Response:
        code = request.path_params["code"]
        try:
            room = await teaching(request, teacher.end, code)
        except Refused as err:
            return _refusal(request, err)
        await pushes.push(code)
        return JSONResponse(room)

    async def teacher_games(request: Request) -> Response:
        try:
            data = await teaching(request, teacher.games_zip)
        except Refused as err:
            return _refusal(request, err)
        return Response(data, media_type="application/zip", headers=_download("class-games.zip"))

    async def teacher_study(request: Request) -> Response:
        try:
            name, text = await teaching(
                request, teacher.study_csv, request.query_params.get("study")
            )
        except Refused as err:
            return _refusal(request, err)
        return Response(text, media_type="text/csv; charset=utf-8", headers=_download(name))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        clock = asyncio.create_task(realtime.run(pushes.push))  # the timer's ring, the bots
        bots.start_all([record.code for record in store.rooms()])  # moves not made at a stop
        yield
        await bots.stop()
        clock.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await clock
        store.close()

    return Starlette(
        routes=[
            Route("/api/health", health, methods=["GET"]),
            Route("/qr.svg", qr, methods=["GET"]),
            Route("/api/rooms", create_room, methods=["POST"]),
            Route("/api/rooms/{code}/view", view, methods=["GET"]),
            Route("/api/rooms/{code}/actions", act, methods=["POST"]),
            Route("/api/rooms/{code}/table", table, methods=["GET"]),
            Route("/api/rooms/{code}/table", use_table, methods=["POST"]),
            WebSocketRoute("/ws/{code}", socket),
            Route("/join/{code}", join, methods=["GET"]),
            Route("/", home, methods=["GET"]),
            Route("/api/join", join_by_code, methods=["POST"]),
            Route("/teacher", teacher_home, methods=["GET"]),
            Route("/api/teacher/rooms", teacher_rooms, methods=["GET"]),
            Route("/api/teacher/rooms/{code}/seats/{seat}", teacher_hand, methods=["POST"]),
            Route("/api/teacher/rooms/{code}/seats/{seat}/link", teacher_link, methods=["POST"]),
            Route("/api/teacher/rooms/{code}/end", teacher_end, methods=["POST"]),
            Route("/api/teacher/games.zip", teacher_games, methods=["GET"]),
            Route("/api/teacher/study.csv", teacher_study, methods=["GET"]),
        ],
        lifespan=lifespan,
    )
