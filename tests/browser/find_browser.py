"""Find a Chromium for the browser tests, or install one (``python tests/browser/find_browser.py
--install``, which ``make test`` runs first).

In order: a system Chromium on PATH (Debian's ``chromium``, also ``chromium-browser`` and
Google Chrome); Playwright's own Chromium if it was downloaded before; with ``--install``,
Debian's package when we are root on a machine with apt-get, else Playwright's download
(``playwright install chromium``), which needs the internet. When nothing works the browser
tests are skipped with a loud notice on a developer's machine, and fail under ``CI=true``:
a green CI run must mean a browser drew the pixels.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
INSTALL_TIMEOUT = 600


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def playwright_chromium() -> str | None:
    """Playwright's own Chromium, if it has been downloaded."""
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            path = pw.chromium.executable_path
    except Exception:  # playwright missing or its driver cannot start: no browser here
        return None
    return path if path and Path(path).exists() else None


def find() -> tuple[str | None, str]:
    """(the browser's path or None, how it was found)."""
    for name in NAMES:
        path = shutil.which(name)
        if path:
            return path, f"system {name}"
    path = playwright_chromium()
    if path:
        return path, "Playwright's Chromium"
    return None, "none"


def _run(command: list[str]) -> bool:
    print("+", " ".join(command), flush=True)
    try:
        return subprocess.run(command, timeout=INSTALL_TIMEOUT).returncode == 0
    except (OSError, subprocess.TimeoutExpired) as err:
        print(f"  failed: {err}", flush=True)
        return False


def install() -> tuple[str | None, str]:
    """Install a browser the way this machine allows, then find it."""
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    if root and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        ok = subprocess.run(["apt-get", "update", "-qq"], env=env, timeout=INSTALL_TIMEOUT)
        if ok.returncode == 0:
            subprocess.run(
                ["apt-get", "install", "-y", "-qq", "chromium"], env=env, timeout=INSTALL_TIMEOUT
            )
    path, how = find()
    if path is None:
        _run([sys.executable, "-m", "playwright", "install", "chromium"])
        path, how = find()
    return path, how


NOTICE = """
************************************************************************************
  NO BROWSER: the real-browser tests (tests/browser) will be SKIPPED.
  Install Chromium (Debian/Ubuntu: apt-get install chromium; elsewhere:
  python -m playwright install chromium) and run make test again.
  Under CI=true this is a failure, not a skip.
************************************************************************************
"""


def main(argv: list[str]) -> int:
    path, how = find()
    if path is None and "--install" in argv:
        path, how = install()
    if path is None:
        print(NOTICE, flush=True)
        return 1 if in_ci() else 0
    print(f"Browser for the browser tests: {path} ({how})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
