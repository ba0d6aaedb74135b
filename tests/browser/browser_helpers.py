"""Helpers for the browser tests: servers, notebooks in JupyterLab, canvas pixels, clicks.

Everything follows the tested recipes of ``shared/RECIPES.md`` ("JupyterLab in a real
browser", "Voila"): Debian's chromium driven by Playwright, servers on loopback with a free
port and a token, every Jupyter folder in a temp dir.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
PROBE_NOTEBOOK = FIXTURES / "canvas_probe.ipynb"
PROBE_DIR = "_browser_probe"
"""Folder of the server's root (a temp copy of notebooks/) that holds the probe notebook."""
ARTIFACTS = REPO / "test-artifacts"
PLAY_NOTEBOOK = NOTEBOOKS / "en" / "nuevos_mundos" / "01_how_to_play.ipynb"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1400, "height": 1000}

# The probe scene (tests/browser/fixtures/canvas_probe.ipynb draws exactly this).
PROBE = {
    "width": 400,
    "height": 240,
    "red": ((0xCC, 0x33, 0x11), 160 * 100),
    "blue": ((0x00, 0x72, 0xB2), 3.14159 * 50 * 50),
    "green": ((0x00, 0x9E, 0x73), 160 * 70),
    "orange": ((0xE6, 0x9F, 0x00), 160 * 70),
    "button": (200, 165),  # a scene point inside the button, above its label
}


# --------------------------------------------------------------------------- processes


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def jupyter_env(base: Path, python: str | Path = sys.executable) -> dict[str, str]:
    """An environment whose Jupyter and IPython folders all live under ``base``, with
    ``python``'s environment first on PATH."""
    env = dict(os.environ)
    names = {
        "HOME": "home",
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTER_DATA_DIR": "data",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "IPYTHONDIR": "ipython",
    }
    for var, sub in names.items():
        path = base / sub
        path.mkdir(parents=True, exist_ok=True)
        env[var] = str(path)
    env["PATH"] = f"{Path(python).parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("VIRTUAL_ENV", None)
    env.pop("PYTHONPATH", None)
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_TOKEN", None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    overrides = {
        # the news / update pop-up covers screenshots
        "@jupyterlab/apputils-extension:notification": {
            "fetchNews": "false",
            "checkForUpdates": False,
        },
        # every cell stays in the DOM, so every output and canvas can be inspected
        # and screenshots end where the notebook ends
        "@jupyterlab/notebook-extension:tracker": {
            "windowingMode": "none",
            "scrollPastEnd": False,
        },
    }
    labconfig = base / "config" / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "default_setting_overrides.json").write_text(json.dumps(overrides, indent=1))
    return env


@dataclass
class Server:
    """A server process we started (JupyterLab or Voila), stopped by its own process group."""

    name: str
    proc: subprocess.Popen[bytes]
    port: int
    token: str
    log: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                return
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)


def start_server(
    name: str,
    args: Sequence[str],
    *,
    env: dict[str, str],
    cwd: Path,
    port: int,
    token: str,
    log: Path,
) -> Server:
    """Start a server in its own process group (so stopping it also stops its kernels)."""
    with log.open("wb") as out:
        proc = subprocess.Popen(
            list(args),
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return Server(name, proc, port, token, log)


def wait_for_http(server: Server, path: str, timeout: float = 60) -> None:
    """Poll ``path`` until it answers 200; fail with the server's log if it never does."""
    deadline = time.monotonic() + timeout
    url = f"{server.base_url}{path}"
    last: object = None
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise RuntimeError(
                f"{server.name} exited with {server.proc.returncode}:\n{server.log_tail()}"
            )
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, OSError) as err:
            last = err
        time.sleep(0.2)
    raise RuntimeError(
        f"{server.name} did not answer {path} in {timeout:.0f} s ({last}):\n{server.log_tail()}"
    )


def wait_for_port(server: Server, timeout: float = 60) -> None:
    """Wait until the port accepts a TCP connection (Voila: loading / runs the notebook)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise RuntimeError(
                f"{server.name} exited with {server.proc.returncode}:\n{server.log_tail()}"
            )
        try:
            with socket.create_connection(("127.0.0.1", server.port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{server.name} did not open port {server.port}:\n{server.log_tail()}")


def copy_notebooks(dest: Path) -> Path:
    """A temp copy of notebooks/ plus the probe, so runs never touch committed notebooks."""
    if NOTEBOOKS.is_dir():
        shutil.copytree(
            NOTEBOOKS, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
        )
    else:
        dest.mkdir(parents=True)
    (dest / PROBE_DIR).mkdir(exist_ok=True)
    shutil.copy2(PROBE_NOTEBOOK, dest / PROBE_DIR / PROBE_NOTEBOOK.name)
    return dest


def lesson_notebooks() -> list[Path]:
    """The notebooks every browser run opens (whatever exists at collection time): each
    language's start page, then its lessons (``notebooks/<lang>/<game>/*.ipynb``)."""
    found: list[Path] = []
    for language in sorted(p for p in NOTEBOOKS.iterdir() if p.is_dir() and len(p.name) == 2):
        found += sorted(language.glob("0*.ipynb"))
        found += sorted(
            p for p in language.glob("*/*.ipynb") if ".ipynb_checkpoints" not in p.parts
        )
    return found


# --------------------------------------------------------------------------- JupyterLab

JS_NOTEBOOK_READY = """(path) => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return false;
  const nb = app.shell.currentWidget;
  if (!nb || !nb.context || nb.context.path !== path || !nb.sessionContext) return false;
  const sc = nb.sessionContext;
  if (!sc.isReady || !sc.session || !sc.session.kernel) return false;
  return sc.session.kernel.connectionStatus === 'connected'
      && sc.session.kernel.status === 'idle';
}"""

JS_RUN_ALL = """async (timeoutMs) => {
  const app = window.jupyterapp;
  const run = app.commands.execute('notebook:run-all-cells');
  const timer = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('run-all-cells still running after ' + timeoutMs + ' ms')),
                 timeoutMs));
  await Promise.race([run, timer]);
  return true;
}"""

JS_IDLE = """() => {
  const nb = window.jupyterapp.shell.currentWidget;
  const kernel = nb.sessionContext.session && nb.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return false;
  const prompts = document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) '
      + '.jp-CodeCell .jp-InputPrompt');
  for (const p of prompts) { if (p.textContent.includes('*')) return false; }
  return true;
}"""

JS_ERRORS = r"""() => {
  const root = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)') || document;
  const found = [];
  const sel = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]';
  // an error output has a traceback, except a SyntaxError and the like: "NameError: ..."
  const named = /(^|\n)\s*[A-Za-z_.]*(Error|Exception)\b[^\n]*:/;
  for (const el of root.querySelectorAll(sel)) {
    if (el.textContent.includes('Traceback') || named.test(el.textContent))
      found.push(el.textContent.slice(0, 2000));
  }
  for (const el of root.querySelectorAll('.jp-RenderedText')) {
    if (el.textContent.includes('Traceback') && !found.includes(el.textContent.slice(0, 2000)))
      found.push(el.textContent.slice(0, 2000));
  }
  return found;
}"""

# Pixel statistics of one <canvas>: how many pixels are not transparent, how many are near
# each given colour, and a checksum that changes when the picture does.
JS_CANVAS_STATS = """(el, [colours, tolerance]) => {
  const rect = el.getBoundingClientRect();
  const out = {width: el.width, height: el.height, cssWidth: rect.width,
               cssHeight: rect.height, opaque: 0, counts: [], checksum: 0};
  if (!el.width || !el.height) return out;
  const data = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;
  const counts = colours.map(() => 0);
  let checksum = 0;
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3];
    if (a === 0) continue;
    out.opaque++;
    checksum = (checksum * 31 + data[i] * 7 + data[i + 1] * 13 + data[i + 2] * 17 + (i >> 2))
               % 2147483647;
    for (let c = 0; c < colours.length; c++) {
      const [r, g, b] = colours[c];
      if (Math.abs(data[i] - r) <= tolerance && Math.abs(data[i + 1] - g) <= tolerance
          && Math.abs(data[i + 2] - b) <= tolerance) counts[c]++;
    }
  }
  out.counts = counts;
  out.checksum = checksum;
  return out;
}"""


def shutdown_kernels(server: Server) -> None:
    """Stop every kernel session of the server (each test starts from a fresh kernel)."""
    headers = {"Authorization": f"token {server.token}"}
    request = urllib.request.Request(f"{server.base_url}/api/sessions", headers=headers)
    with urllib.request.urlopen(request, timeout=10) as resp:
        sessions = json.load(resp)
    for session in sessions:
        url = f"{server.base_url}/api/sessions/{session['id']}"
        delete = urllib.request.Request(url, headers=headers, method="DELETE")
        with urllib.request.urlopen(delete, timeout=30):
            pass


def put_contents(server: Server, path: str, body: dict[str, Any]) -> None:
    """Save a folder or notebook at ``path`` through the server's contents API."""
    request = urllib.request.Request(
        f"{server.base_url}/api/contents/{path}?token={server.token}",
        data=json.dumps(body).encode(),
        method="PUT",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as resp:
        assert resp.status in (200, 201), resp.status


def lab_url(server: Server, relpath: str) -> str:
    return f"{server.base_url}/lab/tree/{relpath}?reset&token={server.token}"


def open_in_lab(
    page: Any, server: Server, relpath: str, timeout: float = 60, *, file_browser: bool = False
) -> None:
    """Open a notebook in JupyterLab and wait until its kernel is connected and idle.

    The left sidebar is closed for roomier screenshots, unless ``file_browser`` asks for
    Lab's default classroom layout: the file browser open beside the notebook.
    """
    page.goto(lab_url(server, relpath), wait_until="domcontentloaded")
    try:
        page.wait_for_function(JS_NOTEBOOK_READY, arg=relpath, timeout=timeout * 1000)
    except Exception as err:
        raise AssertionError(
            f"{relpath} did not open with an idle kernel in {timeout:.0f} s ({err}).\n"
            f"Server log:\n{server.log_tail()}"
        ) from err
    if file_browser:
        page.evaluate("() => jupyterapp.shell.activateById('filebrowser')")
        page.wait_for_timeout(300)
    else:  # more room for the notebook in screenshots
        page.evaluate(
            "() => { if (!jupyterapp.shell.leftCollapsed) jupyterapp.shell.collapseLeft(); }"
        )


def run_all_cells(page: Any, timeout: float = 90) -> float:
    """Run every cell and wait until no cell is busy; returns the seconds it took."""
    start = time.monotonic()
    page.evaluate(JS_RUN_ALL, int(timeout * 1000))
    page.wait_for_function(JS_IDLE, timeout=timeout * 1000)
    return time.monotonic() - start


def error_outputs(page: Any) -> list[str]:
    return list(page.evaluate(JS_ERRORS))


def canvas_stats(
    locator: Any, colours: Sequence[tuple[int, int, int]] = (), tolerance: int = 12
) -> dict[str, Any]:
    handle = locator.element_handle()
    return dict(handle.evaluate(JS_CANVAS_STATS, [list(colours), tolerance]))


def wait_for_pixels(locator: Any, minimum: int = 1, timeout: float = 20) -> dict[str, Any]:
    """Wait until the canvas has at least ``minimum`` non-transparent pixels."""
    deadline = time.monotonic() + timeout
    stats = canvas_stats(locator)
    while stats["opaque"] < minimum and time.monotonic() < deadline:
        time.sleep(0.1)
        stats = canvas_stats(locator)
    return stats


def wait_for_change(read: Any, before: object, timeout: float = 10) -> tuple[object, float]:
    """Poll ``read()`` until it differs from ``before``; returns (value, seconds waited)."""
    start = time.monotonic()
    value = read()
    while value == before and time.monotonic() - start < timeout:
        time.sleep(0.05)
        value = read()
    return value, time.monotonic() - start


def click_scene_point(locator: Any, x: float, y: float) -> tuple[float, float]:
    """Click at scene (= canvas pixel) coordinates, converted to CSS pixels of the element."""
    stats = canvas_stats(locator)
    sx = stats["cssWidth"] / stats["width"]
    sy = stats["cssHeight"] / stats["height"]
    position = {"x": x * sx, "y": y * sy}
    locator.click(position=position)
    return position["x"], position["y"]


def full_screenshot(page: Any, path: Path, max_height: int = 16000) -> None:
    """Screenshot the whole notebook: JupyterLab scrolls inside a panel, so the viewport is
    grown to the notebook's height first and restored afterwards."""
    path.parent.mkdir(parents=True, exist_ok=True)
    height = page.evaluate(
        """() => {
      const s = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) '
          + '.jp-WindowedPanel-outer');
      if (!s) return document.documentElement.scrollHeight;
      s.scrollTop = 0;
      return s.scrollHeight + (window.innerHeight - s.clientHeight) + 20;
    }"""
    )
    size = page.viewport_size or VIEWPORT
    tall = {"width": size["width"], "height": int(min(max(height, size["height"]), max_height))}
    page.set_viewport_size(tall)
    try:
        page.wait_for_timeout(300)
        page.evaluate(
            """() => document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) '
          + '.jp-WindowedPanel-outer').forEach(s => { s.scrollTop = 0; })"""
        )
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.set_viewport_size(size)


# --------------------------------------------------------------------------- the play notebook


def _names_table(node: ast.expr, name: str) -> bool:
    return (isinstance(node, ast.Name) and node.id == name) or (
        isinstance(node, ast.Attribute) and node.attr == name
    )


def _makes_table(node: ast.AST, name: str) -> bool:
    """``Table(...)`` or a class-method constructor such as ``Table.from_game(...)``."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    return _names_table(func, name) or (
        isinstance(func, ast.Attribute) and _names_table(func.value, name)
    )


def table_call_from_notebook(path: Path, name: str = "NuevosMundosTable") -> tuple[str, str]:
    """(setup code, constructor expression) to rebuild the first table called ``name`` that
    the notebook builds.

    The setup is every import and plain assignment in the cells up to the one that creates
    the table; the expression is the ``NuevosMundosTable(...)`` (or ``EcosferaTable(...)``)
    call itself. Running both in the test process gives the table the notebook shows (same
    players, same seed).
    """
    nb = json.loads(path.read_text())
    setup: list[str] = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
        try:
            tree = ast.parse("\n".join(lines))
        except SyntaxError:
            continue
        for node in tree.body:
            call = next((n for n in ast.walk(node) if _makes_table(n, name)), None)
            if call is not None:
                return "\n".join(setup), ast.unparse(call)
            if isinstance(node, (ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign)):
                setup.append(ast.unparse(node))
    raise AssertionError(f"{path.name} never calls {name}(...)")


def rebuild_table(path: Path, table_class: type | None = None) -> Any:
    """The notebook's table (a ``NuevosMundosTable`` unless ``table_class`` says otherwise),
    built again in the test process."""
    if table_class is None:
        from widgets.nuevos_mundos.table import NuevosMundosTable

        table_class = NuevosMundosTable
    name = table_class.__name__
    setup, call = table_call_from_notebook(path, name)
    namespace: dict[str, Any] = {name: table_class}
    exec(compile(setup, f"<setup from {path.name}>", "exec"), namespace)
    return eval(compile(call, f"<table from {path.name}>", "eval"), namespace)


def first_hand_target(table: Any) -> tuple[str, tuple[float, float]]:
    scene = table.scene()
    hand = [t for t in scene.targets() if t.startswith("hand:")]
    assert hand, f"the table's scene has no hand:* targets (targets: {scene.targets()[:20]})"
    return hand[0], scene.center_of(hand[0])


def run_lesson_table(
    page: Any,
    server: Server,
    lesson: Path,
    canvas_css: str,
    *,
    file_browser: bool = False,
    minimum: int = 1,
) -> Any:
    """Open ``lesson`` in Lab, run every cell, check that no cell shows an error, and return
    its table's canvas (the first that matches ``canvas_css``) once it has drawn."""
    relpath = lesson.relative_to(NOTEBOOKS).as_posix()
    open_in_lab(page, server, relpath, file_browser=file_browser)
    run_all_cells(page)
    assert error_outputs(page) == [], f"{relpath} shows error output"
    canvas = page.locator(canvas_css).first
    canvas.scroll_into_view_if_needed()
    assert wait_for_pixels(canvas, minimum=minimum)["opaque"] > 0, f"{relpath}: a blank table"
    return canvas


JS_KERNEL_PRINTS = """async (code) => {
  // Run code in the notebook's own kernel and return what it printed.
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  let out = '';
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream') out += msg.content.text;
    if (msg.header.msg_type === 'error') out += 'ERROR ' + msg.content.ename;
  };
  await future.done;
  return out;
}"""

SCENE_WORDS = (
    "import json\nprint(json.dumps([s.text for s in table.scene().shapes if hasattr(s, 'text')]))"
)
"""What the lesson's table (named ``table``) in the kernel has just drawn: the words of its
scene, which the canvas renderer draws in one batch."""


def kernel_scene_words(page: Any) -> list[str]:
    """The words the kernel's ``table`` drew on its canvas, asked of the kernel itself."""
    printed = page.evaluate(JS_KERNEL_PRINTS, SCENE_WORDS)
    assert not printed.startswith("ERROR"), printed
    return list(json.loads(printed))


SAME_AS_DRAWN = """(() => {
  const fresh = document.createElement("div");
  fresh.innerHTML = shownSvg;
  const seen = (svg) => [
    svg.getAttributeNames().map((n) => n + "=" + svg.getAttribute(n)).join(" "),
    ...[...svg.children].map((c) => c.outerHTML),
  ].join("\\n");
  return seen(fresh.firstElementChild) === seen(document.querySelector("#table svg"));
})()"""
"""On a class server's student page: whether the table's SVG is, element by element, the
SVG of the last table drawn as a whole (classroom/page.py changes only the elements of the
lines that changed)."""


LAPTOP = {"width": 1366, "height": 768}
"""A school laptop's screen."""


def open_seat_pages(
    context: Any,
    links: Sequence[str],
    errors: list[str],
    timeout_ms: float,
    on_request: Callable[[Any], None] | None = None,
) -> list[Any]:
    """A class server's student page for each seat's link, at a school laptop's size, each
    page's script errors added to ``errors`` (and each request given to ``on_request``),
    once its table is drawn with its hit targets."""
    pages = []
    for link in links:
        page = context.new_page()
        page.set_viewport_size(LAPTOP)
        page.on("pageerror", lambda err: errors.append(str(err)))
        if on_request is not None:
            page.on("request", on_request)
        page.set_default_timeout(timeout_ms)
        page.goto(link)
        page.wait_for_selector("#table svg [data-target]")
        pages.append(page)
    return pages
