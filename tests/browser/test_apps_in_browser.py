"""The play-only apps in headless Chromium, served the two ways a class meets them.

- ``make apps``: standalone Voila started at the root of a temp copy of the repository (so
  it reads the committed voila.json) serving notebooks/apps; each app is opened with
  ``?lang=es``: the page speaks Spanish, shows no code, the table draws, and a click on the
  table changes its status line. The English page switches to Spanish by the on-screen
  language choice.
- Binder: Jupyter Server started through binder/start (which adds binder/ to the
  configuration path), the app opened at ``/voila/render/notebooks/apps/...?lang=es`` as the
  Binder link does.

Click positions come from the app built in this process (``scene().center_of``): the
places of the hand and of the line do not depend on the deal. Screenshots at 1366x768 go
to test-artifacts/.
"""

from __future__ import annotations

import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    REPO,
    Server,
    click_scene_point,
    free_port,
    jupyter_env,
    start_server,
    wait_for_change,
    wait_for_http,
    wait_for_pixels,
    wait_for_port,
)

from gamecore.words import get_language, set_language, t

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
LOAD_TIMEOUT_MS = 90_000
APPS = {
    # game: (notebook, css prefix of its table, the scene target kind a click selects)
    "nuevos-mundos": ("nuevos_mundos.ipynb", "nm", "hand:"),
    "ecosfera": ("ecosfera.ipynb", "eco", "line:0:"),
}
CODE_SELECTORS = ".jp-InputArea, .jp-CodeMirrorEditor, .cm-editor, .jp-InputPrompt"


@pytest.fixture(autouse=True)
def keep_language() -> Iterator[None]:
    before = get_language()
    try:
        yield
    finally:
        set_language(before)


@pytest.fixture(scope="module")
def apps_root(browser_tmp: Path) -> Path:
    """What the repository holds for the apps: voila.json, binder/ and notebooks/apps."""
    root = browser_tmp / "apps-repo"
    (root / "notebooks").mkdir(parents=True)
    shutil.copytree(
        REPO / "notebooks" / "apps",
        root / "notebooks" / "apps",
        ignore=shutil.ignore_patterns(".ipynb_checkpoints"),
    )
    shutil.copytree(REPO / "binder", root / "binder")
    shutil.copy2(REPO / "voila.json", root / "voila.json")
    return root


@pytest.fixture(scope="module")
def voila_apps(apps_root: Path, browser_tmp: Path, notebook_python: str) -> Iterator[Server]:
    """``make apps``: voila started at the repository root, serving notebooks/apps."""
    base = browser_tmp / "voila-apps"
    env = jupyter_env(base, notebook_python)
    port, token = free_port(), secrets.token_hex(16)
    args = [
        notebook_python, "-m", "voila", "notebooks/apps", "--no-browser",
        "--Voila.ip=127.0.0.1", f"--port={port}", "--Voila.port_retries=0",
        f"--Voila.token={token}",
    ]  # fmt: skip
    server = start_server(
        "voila", args, env=env, cwd=apps_root, port=port, token=token, log=base / "voila.log"
    )
    try:
        wait_for_port(server)
        yield server
    finally:
        server.stop()


def _app_mirror(game: str, lang: str, kind: str) -> tuple[float, float]:
    """Where the first card of ``kind`` lies on the app's table, in scene pixels."""
    from widgets.apps import app

    scene = app(game, lang=lang).table.scene()
    target = next(x for x in scene.targets() if x.startswith(kind))
    return scene.center_of(target)


def _fail(page: Any, server: Server, message: str, shot: Path) -> None:
    page.screenshot(path=str(shot), full_page=True)
    console = "\n".join(page.console_errors[-10:]) or "(none)"
    pytest.fail(
        f"{message}\nBrowser console errors:\n{console}\nServer log:\n{server.log_tail()}",
        pytrace=False,
    )


def _open_app(page: Any, server: Server, url: str, prefix: str, shot: Path) -> Any:
    """Open an app's page at laptop size; wait for its table to draw. Returns the canvas."""
    page.set_viewport_size(LAPTOP)
    page.goto(url, wait_until="domcontentloaded")
    canvas = page.locator(f"canvas.{prefix}-table-canvas").first
    try:
        canvas.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    except Exception:
        _fail(page, server, f"no {prefix} table appeared at {url}", shot)
    if wait_for_pixels(canvas)["opaque"] == 0:
        _fail(page, server, "the table's canvas stayed blank", shot)
    return canvas


def _check_no_code(page: Any) -> None:
    assert page.locator(CODE_SELECTORS).count() == 0, "a code cell is on screen"
    text = page.locator("body").inner_text()
    assert "from widgets.apps" not in text and 'app("' not in text, text[:500]


def _check_words(page: Any, game: str, prefix: str, lang: str) -> str:
    """The page's header and status line speak ``lang``; returns the status text."""
    from widgets.apps import APPS as SPECS

    header = page.locator(".app-header").first.inner_text()
    assert t(f"apps.how_to_{SPECS[game].key}", lang=lang) in header, header
    status = page.locator(f".{prefix}-status").first.inner_text()
    turn = {"en": "turn", "es": "toca"}[lang]
    assert turn in status.lower(), status
    return status


def _click_changes_status(page: Any, canvas: Any, prefix: str, point: tuple[float, float]) -> str:
    status = page.locator(f".{prefix}-status").first
    before = status.inner_text()
    canvas.scroll_into_view_if_needed()
    click_scene_point(canvas, *point)
    after, _ = wait_for_change(status.inner_text, before)
    assert after != before, f"the status did not change after a click: {after!r}"
    return str(after)


@pytest.mark.parametrize("game", sorted(APPS))
def test_app_speaks_spanish_from_the_link_and_plays_a_click(
    page: Any, voila_apps: Server, artifacts: Path, game: str
) -> None:
    notebook, prefix, kind = APPS[game]
    shot = artifacts / f"app_{prefix}_es.png"
    url = f"{voila_apps.base_url}/voila/render/{notebook}?lang=es&token={voila_apps.token}"
    canvas = _open_app(page, voila_apps, url, prefix, shot)
    _check_no_code(page)
    _check_words(page, game, prefix, "es")
    page.screenshot(path=str(artifacts / f"app_{prefix}_es_top.png"))  # as the page opens
    after = _click_changes_status(page, canvas, prefix, _app_mirror(game, "es", kind))
    assert "toca" in after.lower(), after
    page.wait_for_timeout(300)
    page.screenshot(path=str(shot))  # what a laptop shows without scrolling


def test_english_app_switches_to_spanish_on_screen(
    page: Any, voila_apps: Server, artifacts: Path
) -> None:
    game = "nuevos-mundos"
    notebook, prefix, kind = APPS[game]
    shot = artifacts / "app_nm_en_to_es.png"
    url = f"{voila_apps.base_url}/voila/render/{notebook}?token={voila_apps.token}"
    canvas = _open_app(page, voila_apps, url, prefix, shot)
    _check_words(page, game, prefix, "en")
    _click_changes_status(page, canvas, prefix, _app_mirror(game, "en", kind))
    page.screenshot(path=str(artifacts / "app_nm_en.png"))
    page.locator(".app-language button", has_text=t("apps.language_self", lang="es")).click()
    status = page.locator(f".{prefix}-status").first
    spanish, _ = wait_for_change(lambda: "toca" in status.inner_text().lower(), False)
    if not spanish:
        _fail(page, voila_apps, f"still not Spanish: {status.inner_text()!r}", shot)
    _check_words(page, game, prefix, "es")
    canvas = page.locator(f"canvas.{prefix}-table-canvas").first
    assert wait_for_pixels(canvas)["opaque"] > 0
    page.wait_for_timeout(300)
    page.screenshot(path=str(shot))


def test_binder_route_serves_the_app_in_spanish(
    page: Any, apps_root: Path, browser_tmp: Path, artifacts: Path, notebook_python: str
) -> None:
    """As on Binder: Jupyter Server started by binder/start, the app at voila/render/."""
    base = browser_tmp / "binder-server"
    env = jupyter_env(base, notebook_python)
    port, token = free_port(), secrets.token_hex(16)
    args = [
        str(apps_root / "binder" / "start"),
        notebook_python, "-m", "jupyter_server", "--no-browser", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={apps_root}",
    ]  # fmt: skip
    server = start_server(
        "binder start", args, env=env, cwd=apps_root, port=port, token=token,
        log=base / "server.log",
    )  # fmt: skip
    try:
        wait_for_http(server, f"/api/status?token={token}")
        game = "ecosfera"
        notebook, prefix, kind = APPS[game]
        shot = artifacts / "app_eco_binder_es.png"
        url = f"{server.base_url}/voila/render/notebooks/apps/{notebook}?lang=es&token={token}"
        canvas = _open_app(page, server, url, prefix, shot)
        _check_no_code(page)
        _check_words(page, game, prefix, "es")
        _click_changes_status(page, canvas, prefix, _app_mirror(game, "es", kind))
        page.screenshot(path=str(shot))
    finally:
        server.stop()
