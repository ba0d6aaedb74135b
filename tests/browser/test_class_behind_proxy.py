"""The student page in a real browser through a hub's proxy: configurable-http-proxy (the
proxy JupyterHub runs in front of its services) passes ``/services/classroom/...`` on as it
is to a class server started with ``--base-path /services/classroom``, as in
docs/classroom.md's hub service. Two seats' pages open their links at the proxy's address;
the page's script finds its API and its websocket under the prefix, a card is clicked and a
button pressed on one page, and the other page is redrawn by its push through the proxy."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import ARTIFACTS, open_seat_pages

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from class_server import ClassServer, free_port

pytestmark = pytest.mark.browser

TIMEOUT_MS = 15_000
PREFIX = "/services/classroom"


def _missing(why: str) -> None:
    """Skip here, fail in CI (.ci/run installs configurable-http-proxy)."""
    if os.environ.get("CI"):
        pytest.fail(f"{why} (.ci/run installs it)", pytrace=False)
    pytest.skip(why)


@pytest.fixture
def behind_proxy(tmp_path: Path) -> Iterator[tuple[ClassServer, str]]:
    """The class server with the hub service's ``--base-path`` and configurable-http-proxy
    in front of it, both on free ports of 127.0.0.1: the server and the proxy's address of
    the service."""
    proxy_bin = shutil.which("configurable-http-proxy")
    if proxy_bin is None:
        _missing("configurable-http-proxy is not installed")
    assert proxy_bin is not None
    server = ClassServer(
        tmp_path / "class.sqlite3", tmp_path / "server.log", options=("--base-path", PREFIX)
    )
    server.start()
    port, api_port = free_port(), free_port()
    log = tmp_path / "proxy.log"
    with log.open("w") as out:
        proxy = subprocess.Popen(
            [proxy_bin, "--ip", "127.0.0.1", "--port", str(port), "--api-ip", "127.0.0.1"]
            + ["--api-port", str(api_port), "--default-target", server.url],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "CONFIGPROXY_AUTH_TOKEN": "proxy-test-token"},
        )
    url = f"http://127.0.0.1:{port}{PREFIX}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proxy.poll() is None, log.read_text()
            try:
                if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        yield server, url
    finally:
        proxy.terminate()
        proxy.wait(10)
        server.stop()


def test_two_pages_play_through_the_hubs_proxy(
    behind_proxy: tuple[ClassServer, str], browser_context: Any
) -> None:
    server, url = behind_proxy
    made = httpx.post(
        f"{url}/api/rooms",
        headers=server.teacher(),
        json={"game": "nuevos-mundos", "players": 2, "seed": 13},
        timeout=30,
    )
    assert made.status_code == 201, made.text
    room = made.json()
    links = [s["link"] for s in room["seats"]]
    assert all(link.startswith(f"{url}/join/{room['code']}#") for link in links)  # the proxy's
    errors: list[str] = []
    outside: list[str] = []  # requests that left the prefix (they would miss the service)

    def seen(request: Any) -> None:
        if not request.url.split("://", 1)[1].split("/", 1)[1].startswith(PREFIX[1:]):
            outside.append(request.url)

    pages: list[Any] = []
    try:
        pages = open_seat_pages(browser_context, links, errors, TIMEOUT_MS, on_request=seen)
        first, second = pages
        first.wait_for_function("document.getElementById('status').textContent.length > 0")
        assert first.locator("#status").inner_text().startswith("Your turn")

        card = first.locator('#table [data-target^="hand:"]').first
        box = card.bounding_box()
        assert box
        first.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        first.wait_for_function(
            "document.getElementById('said').textContent.length > 0"
            " && !document.getElementById('said').classList.contains('problem')"
        )
        first.locator("#buttons button:not([disabled])").first.click()
        # the push came to the other page through the proxy's websocket
        second.wait_for_function(
            "document.getElementById('status').textContent.startsWith('Your turn')"
        )
        assert "move 1" in second.locator("#seat").inner_text()
        assert first.locator("#status").inner_text().startswith("Waiting for")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        second.screenshot(path=str(ARTIFACTS / "class_page_behind_proxy.png"))
        game = server.stored_game(room["code"])
        assert len(game.moves()) == 1
    finally:
        for page in pages:
            page.close()
    assert errors == []
    assert outside == []
