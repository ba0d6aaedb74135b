"""``python -m classroom serve --host 127.0.0.1 --port 8765 --store class.sqlite3``"""

from __future__ import annotations

import argparse
import gc
import logging
import socket
import sys
import urllib.parse
from collections.abc import Sequence

from gamecore.words import get_language

from .proxy import behind
from .qr import start_lines
from .rooms import ensure_teacher_key
from .server import MAX_BODY, create_app
from .stores import open_store


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m classroom", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the class server")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=int, default=8765)
    serve.add_argument(
        "--store",
        default="class.sqlite3",
        help="where the rooms are kept: an SQLite file, or a PostgreSQL database's URL "
        "(postgresql://user@host/db)",
    )
    serve.add_argument(
        "--base-path",
        default="",
        help="the path the server is reached by behind a proxy (a JupyterHub service's "
        "/services/classroom): it answers there as well as at /, and its links start with it",
    )
    serve.add_argument(
        "--base-url",
        default="",
        help="the start of the join links when the request's own address is not the one "
        "students open (https://hub.school.org/services/classroom)",
    )
    args = parser.parse_args(argv)

    import uvicorn  # only the server needs it, not --help

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    store = open_store(args.store)
    shown_store = shown(args.store)
    key = ensure_teacher_key(store)
    if key is not None:
        print(f"Teacher's key (shown this once; keep it): {key}", flush=True)
    else:
        print(f"Teacher's key: the one printed at the first start on {shown_store}", flush=True)
    links = args.base_url.rstrip("/")
    if not links and args.host in ("0.0.0.0", "::", ""):
        # open to the classroom's network: every link is made with the address the students
        # reach, even when the teacher opens the teacher's page as localhost
        links = students_address(args.host, args.port).rstrip("/") + args.base_path.rstrip("/")
    app = behind(create_app(store, base_url=links), args.base_path)
    print(
        f"Class server: http://{_address(args.host)}:{args.port}/  (store: {shown_store})",
        flush=True,
    )
    start = students_address(args.host, args.port, args.base_url)
    print("\n".join(start_lines(start, get_language(), sys.stdout.encoding or "utf-8")))
    print(flush=True)
    steady_collector()
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=MAX_BODY, log_level="info")
    return 0


COLLECTOR_THRESHOLDS = (20_000, 50, 100)
"""Python's cycle collector for the server (the default is 700, 10, 10). The server keeps
many small objects that live long (the rooms' games, the seats' tables, the shapes and SVG
lines it remembers), and a full collection looks at every one of them: with the defaults it
ran every few seconds under a class's load and stopped the whole server for 50-360 ms each
time (benchmarks/class_load.py; docs/performance.md). Nearly all of the server's garbage is
freed at once by reference counting anyway; these thresholds let the collector run far
less often, on more objects each time for the young ones, so no page waits for it."""


def steady_collector() -> None:
    """Everything made at start-up is set aside from the collector (``gc.freeze``: it is
    never garbage), and the collector runs at ``COLLECTOR_THRESHOLDS``."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def shown(store: str) -> str:
    """The store as printed: a database URL without its password (a terminal on a
    projector must not show it)."""
    parts = urllib.parse.urlsplit(store)
    if parts.scheme.startswith("postgres") and parts.password is not None:
        host = parts.hostname or ""
        if parts.port is not None:
            host += f":{parts.port}"
        return urllib.parse.urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))
    return store


def students_address(host: str, port: int, base_url: str = "") -> str:
    """The start page's address as the students' browsers reach it: the proxy's, when the
    server is reached through one (``--base-url``), else this machine's on its network."""
    if base_url.strip():
        return base_url.strip().rstrip("/") + "/"
    return f"http://{_address(host)}:{port}/"


def _address(host: str) -> str:
    """The address students type: for a server listening everywhere, this machine's address
    on the network it reaches others by (no packet is sent to find it)."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


if __name__ == "__main__":
    sys.exit(main())
