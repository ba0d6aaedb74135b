"""The class server behind another server's address: a JupyterHub service or a Jupyter
server's jupyter-server-proxy.

``behind(app, base_path)`` lets the app answer under a path of its own: a hub service is
sent its requests with the path it is reached by (``/services/classroom/api/health``),
jupyter-server-proxy takes its part off (``/api/health``), and the app answers both alike,
its links starting with ``base_path``. ``jupyter_server_proxy()`` is the entry point
(``jupyter_serverproxy_servers`` in pyproject.toml) by which a JupyterLab with
jupyter-server-proxy starts the server at ``<lab>/classroom/`` on the first request.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

STORE_VARIABLE = "MUNDOS_CLASS_STORE"
"""Environment variable naming the store of the server jupyter-server-proxy starts (an
SQLite file or a ``postgresql://`` URL); without it, ``~/.mundos-lab/class.sqlite3``."""

NAME = "classroom"
"""The server's path under the Jupyter server: ``<lab>/classroom/``."""


def behind(app: ASGIApp, base_path: str) -> ASGIApp:
    """``app`` answering under ``base_path`` (``/services/classroom``) as well as at ``/``."""
    prefix = "/" + base_path.strip("/") if base_path.strip("/") else ""
    if not prefix:
        return app

    async def served(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            path: str = scope["path"]
            raw: bytes = scope.get("raw_path") or path.encode()
            if path != prefix and not path.startswith(prefix + "/"):
                path, raw = prefix + path, prefix.encode() + raw  # the proxy took it off
            scope = {**scope, "root_path": prefix, "path": path, "raw_path": raw}
        await app(scope, receive, send)

    return served


def default_store() -> str:
    """The store of the server jupyter-server-proxy starts: ``$MUNDOS_CLASS_STORE``, else a
    file in the user's home (its folder made if missing)."""
    chosen = os.environ.get(STORE_VARIABLE, "").strip()
    if chosen:
        return chosen
    folder = Path.home() / ".mundos-lab"
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / "class.sqlite3")


def command() -> list[str]:
    """The command jupyter-server-proxy starts the server with, its ``{port}`` and
    ``{base_url}`` still to fill in (so the store's name is escaped). jupyter-server-proxy
    calls it on the first request to ``<lab>/classroom/``, so the store's folder is made
    only for a user who opens the class server."""
    store = default_store().replace("{", "{{").replace("}", "}}")
    return [
        sys.executable,
        "-m",
        "classroom",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "{port}",
        "--store",
        store,
        "--base-path",
        "{base_url}" + NAME,
    ]


def jupyter_server_proxy() -> dict[str, Any]:
    """jupyter-server-proxy's settings for the class server (the entry point)."""
    from gamecore.words import t

    return {
        "command": command,
        "timeout": 60,  # the stored rooms are replayed before the server listens
        "absolute_url": False,
        "new_browser_tab": True,
        # the launcher opens the teacher's page (rooms at a glance, making rooms)
        "launcher_entry": {
            "title": t("classroom.launcher_title"),
            "path_info": NAME + "/teacher",
        },
    }
