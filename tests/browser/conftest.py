"""Fixtures for the real-browser tests: one JupyterLab server and one headless Chromium per
session, Voila servers on demand. See shared/RECIPES.md for why each option is there.

Chromium is found by ``find_browser.py`` (a system Chromium, else Playwright's own; ``make
test`` installs one first where it can). Without a browser the tests are skipped with a
loud notice on a developer's machine, and fail under ``CI=true``: a green CI run must mean
a browser drew the pixels.
"""

from __future__ import annotations

import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import find_browser
import pytest
from binder_env import binder_python
from browser_helpers import (
    ARTIFACTS,
    CHROMIUM_ARGS,
    VIEWPORT,
    Server,
    copy_notebooks,
    free_port,
    jupyter_env,
    shutdown_kernels,
    start_server,
    wait_for_http,
    wait_for_port,
)

collect_ignore = ["fixtures"]  # the probe notebook is run by these tests, not by nbval


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: drives headless Chromium against JupyterLab and Voila"
    )


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path, _ = find_browser.find()
    if path is None:
        message = find_browser.NOTICE.strip()
        if find_browser.in_ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return path


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if find_browser.find()[0] is None:
        terminalreporter.write_line(find_browser.NOTICE, red=True, bold=True)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def browser_tmp() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="mundos-browser-") as tmp:
        yield Path(tmp)


@pytest.fixture(scope="session")
def notebook_python() -> str:
    """The Python that JupyterLab, Voila and their kernels run on: Binder's environment
    (tests/binder_env.py), so every lesson and app a browser test opens runs on Binder's
    pins, and no separate Binder pass has to run the lessons a third time."""
    return str(binder_python())


@pytest.fixture(scope="session")
def lab_server(browser_tmp: Path, notebook_python: str) -> Iterator[Server]:
    """JupyterLab on 127.0.0.1 serving a temp copy of notebooks/ (plus the probe)."""
    base = browser_tmp / "lab"
    env = jupyter_env(base, notebook_python)
    root = copy_notebooks(base / "root")
    port, token = free_port(), secrets.token_hex(16)
    args = [
        notebook_python, "-m", "jupyterlab",
        "--no-browser", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
    ]  # fmt: skip
    server = start_server(
        "jupyter lab", args, env=env, cwd=root, port=port, token=token, log=base / "lab.log"
    )
    try:
        wait_for_http(server, f"/api/status?token={token}")
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser_context(chromium_path: str, browser_tmp: Path) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    profile = browser_tmp / "chromium-profile"
    profile.mkdir()
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile),
            executable_path=chromium_path,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport=VIEWPORT,
        )
        try:
            yield context
        finally:
            context.close()


@pytest.fixture
def page(browser_context: Any) -> Iterator[Any]:
    """A fresh tab; console errors are kept in ``page.console_errors`` for failure messages."""
    tab = browser_context.new_page()
    errors: list[str] = []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.console_errors = errors
    tab.set_default_timeout(30_000)
    try:
        yield tab
    finally:
        tab.close()


@pytest.fixture
def lab_page(page: Any, lab_server: Server) -> Iterator[Any]:
    """A tab for JupyterLab; the kernels the test started are shut down afterwards."""
    try:
        yield page
    finally:
        page.close()
        shutdown_kernels(lab_server)


@pytest.fixture
def voila(browser_tmp: Path, notebook_python: str) -> Iterator[Callable[[Path], Server]]:
    """``voila(notebook)`` serves a temp copy of a notebook; stopped after the test."""
    stack = ExitStack()

    def start(notebook: Path) -> Server:
        base = Path(tempfile.mkdtemp(prefix="voila-", dir=browser_tmp))
        env = jupyter_env(base, notebook_python)
        work = base / "work"  # a copy of the notebook's folder: relative paths still work
        shutil.copytree(notebook.parent, work, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        copy = work / notebook.name
        port, token = free_port(), secrets.token_hex(16)
        args = [
            notebook_python, "-m", "voila", str(copy), "--no-browser",
            "--Voila.ip=127.0.0.1", f"--port={port}", "--Voila.port_retries=0",
            f"--Voila.token={token}",
        ]  # fmt: skip
        server = start_server(
            "voila", args, env=env, cwd=work, port=port, token=token, log=base / "voila.log"
        )
        stack.callback(server.stop)
        wait_for_port(server)
        return server

    try:
        yield start
    finally:
        stack.close()
