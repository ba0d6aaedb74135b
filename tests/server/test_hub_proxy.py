"""The class server behind another server's address.

A real ``jupyter server`` (as a JupyterHub single-user server runs it, under
``/user/ana/``, with a token) with jupyter-server-proxy: the first request to
``/user/ana/classroom/`` starts the class server through this project's entry point, and
health, a new room's links, a seat's view, a join page and a websocket all come through the
proxy with the prefix right. And the server as a hub service (``--base-path``), whose
prefix a hub's proxy does not take off, answers there as well as at ``/``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from class_server import free_port, seat
from websockets.sync.client import connect

from classroom.proxy import jupyter_server_proxy

pytestmark = pytest.mark.exclusive

TOKEN = "jupyter-test-token-3f9a"
PREFIX = "/user/ana/"


class Jupyter:
    def __init__(self, url: str, log: Path, home: Path) -> None:
        self.url = url
        self.log = log
        self.home = home

    def get(self, path: str, headers: dict[str, str] | None = None) -> httpx.Response:
        """A GET with the Jupyter server's token (as its ``?token=``, so a class server's
        own ``Authorization`` passes through the proxy)."""
        return httpx.get(f"{self.url}{path}", params={"token": TOKEN}, headers=headers, timeout=90)

    def teacher_key(self) -> str:
        """The key the class server printed on its first start (into the Jupyter server's
        output, where jupyter-server-proxy lets its processes write)."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = re.search(
                r"Teacher's key \(shown this once; keep it\): (\S+)", self.log.read_text()
            )
            if found:
                return found.group(1)
            time.sleep(0.1)
        raise AssertionError("the class server printed no teacher's key")


@pytest.fixture
def jupyter(tmp_path: Path) -> Iterator[Jupyter]:
    """``jupyter server`` on a free port of 127.0.0.1 under /user/ana/, its home, config and
    runtime folders in tmp_path (so the class server's store is tmp_path/home/...)."""
    home = tmp_path / "home"
    home.mkdir()
    port = free_port()
    env = {
        **os.environ,
        "HOME": str(home),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("MUNDOS_CLASS_STORE", None)
    log = tmp_path / "jupyter.log"
    command = [
        sys.executable,
        "-m",
        "jupyter_server",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--ServerApp.token={TOKEN}",
        f"--ServerApp.base_url={PREFIX}",
        f"--ServerApp.root_dir={home}",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    with log.open("w") as out:
        process = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=home, text=True
        )
    running = Jupyter(f"http://127.0.0.1:{port}", log, home)
    try:
        deadline = time.monotonic() + 90
        while True:
            assert process.poll() is None, log.read_text()
            try:
                if running.get(f"{PREFIX}api/status").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        yield running
    finally:
        process.terminate()  # jupyter-server-proxy stops the class server with it
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def test_a_jupyter_server_starts_and_proxies_the_class_server(jupyter: Jupyter) -> None:
    base = f"{PREFIX}classroom"
    health = jupyter.get(f"{base}/api/health")
    assert health.status_code == 200, health.text + jupyter.log.read_text()
    assert health.json() == {"ok": True, "rooms": 0}
    assert (jupyter.home / ".mundos-lab" / "class.sqlite3").exists()  # the default store

    # a room through the proxy: its links carry the proxy's prefix
    key = jupyter.teacher_key()
    made = httpx.post(
        f"{jupyter.url}{base}/api/rooms",
        params={"token": TOKEN},
        headers={"Authorization": f"Bearer {key}"},
        json={"game": "nuevos-mundos", "players": 2, "seed": 3},
        timeout=60,
    )
    assert made.status_code == 201, made.text
    room = made.json()
    for s in room["seats"]:
        assert s["link"] == f"{jupyter.url}{base}/join/{room['code']}#{s['token']}"

    view = jupyter.get(
        f"{base}/api/rooms/{room['code']}/view", headers=seat(room["seats"][0]["token"])
    )
    assert view.status_code == 200, view.text
    assert view.json()["room"] == room["code"] and view.json()["seat"] == 0

    page = jupyter.get(room["seats"][1]["link"].split("#")[0].removeprefix(jupyter.url))
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert room["code"] in page.text and room["seats"][1]["token"] not in page.text

    ws_url = jupyter.url.replace("http://", "ws://") + f"{base}/ws/{room['code']}?token={TOKEN}"
    with connect(ws_url, open_timeout=30) as ws:
        ws.send(json.dumps({"token": room["seats"][1]["token"]}))
        heard = json.loads(ws.recv(timeout=30))
    assert heard["type"] == "view" and heard["view"]["seat"] == 1

    assert jupyter.get(f"{base}/api/health").json() == {"ok": True, "rooms": 1}
    # and nobody without the Jupyter server's token gets through
    stranger = httpx.get(f"{jupyter.url}{base}/api/health", follow_redirects=False)
    assert stranger.status_code in (302, 403), stranger.status_code


def test_the_entry_point_gives_jupyter_server_proxy_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MUNDOS_CLASS_STORE", str(tmp_path / "odd {name}.sqlite3"))
    settings = jupyter_server_proxy()
    command = settings["command"]()
    assert command[:4] == [sys.executable, "-m", "classroom", "serve"]
    filled = [part.format(port=8123, base_url="/user/ana/") for part in command]
    assert filled[4:] == [
        "--host",
        "127.0.0.1",
        "--port",
        "8123",
        "--store",
        str(tmp_path / "odd {name}.sqlite3"),
        "--base-path",
        "/user/ana/classroom",
    ]
    assert settings["launcher_entry"]["title"] == "Class server"


def serve(tmp_path: Path, *options: str) -> tuple[subprocess.Popen[str], str, str]:
    """``python -m classroom serve`` with ``options`` on a free port: the process, its
    address and the teacher's key."""
    port = free_port()
    with (tmp_path / "server.log").open("a") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "classroom", "serve", "--port", str(port)]
            + ["--store", str(tmp_path / "s.sqlite3"), *options],
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    assert process.stdout is not None
    key = ""
    for line in process.stdout:
        found = re.search(r"Teacher's key \(shown this once; keep it\): (\S+)", line)
        key = found.group(1) if found else key
        if line.startswith("Class server: "):
            break
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"{url}/api/health", timeout=1)
            return process, url, key
        except httpx.TransportError:
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)


def test_as_a_hub_service_the_server_answers_under_its_prefix(tmp_path: Path) -> None:
    """A hub's proxy sends ``/services/classroom/...`` as it is (jupyter-server-proxy takes
    its prefix off): with ``--base-path`` both reach the same routes, and the links are the
    address the hub was asked for (its Host and X-Forwarded-Proto, which a proxy on this
    machine is trusted to set), or ``--base-url`` where that is not what students open."""
    process, url, key = serve(tmp_path, "--base-path", "/services/classroom/")
    try:
        for path in ("/services/classroom/api/health", "/api/health"):
            assert httpx.get(f"{url}{path}").json() == {"ok": True, "rooms": 0}
        made = httpx.post(
            f"{url}/services/classroom/api/rooms",
            headers={
                "Authorization": f"Bearer {key}",
                "Host": "hub.school.org",
                "X-Forwarded-Proto": "https",
            },
            json={"game": "ecosfera", "players": 2},
        )
        assert made.status_code == 201, made.text
        room = made.json()
        for s in room["seats"]:
            assert s["link"] == (
                f"https://hub.school.org/services/classroom/join/{room['code']}#{s['token']}"
            )
        for path in (f"/services/classroom/join/{room['code']}", f"/join/{room['code']}"):
            assert httpx.get(f"{url}{path}").status_code == 200
        ws_url = url.replace("http://", "ws://") + f"/services/classroom/ws/{room['code']}"
        with connect(ws_url, open_timeout=30) as ws:
            ws.send(json.dumps({"token": room["seats"][0]["token"]}))
            assert json.loads(ws.recv(timeout=30))["view"]["seat"] == 0
    finally:
        process.terminate()
        process.wait(10)

    chosen = "https://class.school.org/services/classroom"
    process, url, _ = serve(tmp_path, "--base-path", "/services/classroom", "--base-url", chosen)
    try:
        made = httpx.post(
            f"{url}/services/classroom/api/rooms",
            headers={"Authorization": f"Bearer {key}"},
            json={"game": "ecosfera", "players": 2},
        )
        assert made.status_code == 201, made.text
        code = made.json()["code"]
        assert [s["link"].split("#")[0] for s in made.json()["seats"]] == [
            f"{chosen}/join/{code}"
        ] * 2
    finally:
        process.terminate()
        process.wait(10)


HUB_CONFIG = """
import sys
c = get_config()  # noqa: F821
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {hub_port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {api_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.ConfigurableHTTPProxy.pid_file = {folder!r} + "/proxy.pid"
c.JupyterHub.db_url = "sqlite:///" + {folder!r} + "/hub.sqlite"
c.JupyterHub.cookie_secret_file = {folder!r} + "/cookie_secret"
c.JupyterHub.services = [
    {{
        "name": "classroom",
        "url": "http://127.0.0.1:{class_port}",
        "command": [
            sys.executable, "-m", "classroom", "serve",
            "--host", "127.0.0.1", "--port", "{class_port}",
            "--store", {store!r},
            "--base-path", "/services/classroom",
        ],
        "environment": {{"PGPASSWORD": {password!r}}},
    }}
]
"""
"""docs/classroom.md's hub service, on free ports of 127.0.0.1 and in the test's folder, its
store a PostgreSQL database whose password comes from the environment."""


def test_a_jupyterhub_service_runs_the_class_server(tmp_path: Path, pg_url: str) -> None:
    """A real JupyterHub (and its configurable-http-proxy) starts the class server as the
    service of docs/classroom.md, over PostgreSQL: health, a room whose links are the hub's
    address, a join page and a websocket through the hub's proxy, which asks no login of
    students; the moves are in the database."""
    import shutil

    from postgres import PASSWORD, missing

    from classroom.store_pg import PostgresStore

    jupyterhub = Path(sys.executable).with_name("jupyterhub")
    if not jupyterhub.exists():
        missing("JupyterHub is not installed (pip install -e '.[test]')")
    if shutil.which("configurable-http-proxy") is None:
        missing("configurable-http-proxy is not installed (npm install -g configurable-http-proxy)")
    ports = {name: free_port() for name in ("hub_port", "api_port", "proxy_api_port", "class_port")}
    config = tmp_path / "jupyterhub_config.py"
    store = pg_url.replace(f":{PASSWORD}@", "@")  # the password from PGPASSWORD
    assert PASSWORD not in store
    config.write_text(
        HUB_CONFIG.format(folder=str(tmp_path), store=store, password=PASSWORD, **ports)
    )
    log = tmp_path / "hub.log"
    with log.open("w") as out:
        hub = subprocess.Popen(
            [str(jupyterhub), "-f", str(config)],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=tmp_path,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    url = f"http://127.0.0.1:{ports['hub_port']}/services/classroom"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert hub.poll() is None, log.read_text()
            try:
                health = httpx.get(f"{url}/api/health", timeout=5)
                if health.status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        assert health.json() == {"ok": True, "rooms": 0}
        key = Jupyter(url, log, tmp_path).teacher_key()  # printed into the hub's log
        made = httpx.post(
            f"{url}/api/rooms",
            headers={"Authorization": f"Bearer {key}"},
            json={"game": "nuevos-mundos", "players": 2},
            timeout=30,
        )
        assert made.status_code == 201, made.text
        room = made.json()
        for s in room["seats"]:
            assert s["link"] == f"{url}/join/{room['code']}#{s['token']}"
        page = httpx.get(room["seats"][0]["link"].split("#")[0], timeout=30)
        assert page.status_code == 200 and room["code"] in page.text
        ws_url = url.replace("http://", "ws://") + f"/ws/{room['code']}"
        with connect(ws_url, open_timeout=30) as ws:
            ws.send(json.dumps({"token": room["seats"][1]["token"]}))
            assert json.loads(ws.recv(timeout=30))["view"]["seat"] == 1
        views = [
            (
                s["token"],
                httpx.get(f"{url}/api/rooms/{room['code']}/view", headers=seat(s["token"])).json(),
            )
            for s in room["seats"]
        ]
        token, view = next((token, view) for token, view in views if view["legal"])
        chosen = view["legal"][0]
        acted = httpx.post(
            f"{url}/api/rooms/{room['code']}/actions",
            headers=seat(token),
            json={"move": view["move"], "action": {k: chosen[k] for k in ("kind", "fields")}},
        )
        assert acted.status_code == 200, acted.text
        kept = PostgresStore(pg_url)
        assert [a.number for a in kept.actions(room["code"])] == [1]
        kept.close()
    finally:
        hub.terminate()  # the hub stops its service and its proxy
        try:
            hub.wait(30)
        except subprocess.TimeoutExpired:
            hub.kill()
            hub.wait(10)
    with pytest.raises(httpx.TransportError):  # the class server went with the hub
        httpx.get(f"http://127.0.0.1:{ports['class_port']}/api/health", timeout=2)
