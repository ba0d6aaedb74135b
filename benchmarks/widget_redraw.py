"""Click to finished redraw, kernel side: the DESIGN.md budget (under 10 ms, one message).

    python benchmarks/widget_redraw.py               # 300 clicks per figure
    python benchmarks/widget_redraw.py --clicks 1000
    python benchmarks/widget_redraw.py --quick       # a ~1 s smoke run

A click is simulated with ``SceneCanvas.click(x, y)``, the method the browser's mouse-down
reaches, so hit-testing, the handler, the scene rebuild, the ipycanvas commands and the
message are all inside the timing. Every widget message is caught where ipywidgets hands it
to the comm (``Widget._send``) and serialised there as a kernel would (a jupyter_client
``Session`` comm_msg: header, JSON, HMAC signature), also inside the timing; only the
socket write is missing. Message sizes are those serialised frames plus the binary buffers.

Figures are printed with the machine; nothing is asserted.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipycanvas
import ipywidgets
from ipycanvas.canvas import _CanvasManager
from jupyter_client.session import Session
from machine import machine_lines

from widgets.canvas import SceneCanvas
from widgets.nuevos_mundos.cards import CARD_H, CARD_W, card_back, hand_row, world_columns
from widgets.palette import INK, PAPER
from widgets.scene import Rect, Scene, Text

TARGET_MS = 10.0

# --------------------------------------------------------------------------- capturing


@dataclass
class Sent:
    kind: str
    """"canvas" (ipycanvas drawing commands) or "state" (any other widget message)."""
    nbytes: int


@dataclass
class Recorder:
    """Replaces ``Widget._send``: serialises each message like the kernel and keeps sizes."""

    session: Session = field(default_factory=lambda: Session(key=b"benchmark-key"))
    sent: list[Sent] = field(default_factory=list)

    def install(self) -> Callable[[], None]:
        original = ipywidgets.Widget._send
        recorder = self

        def _send(widget: Any, msg: dict[str, Any], buffers: Any = None) -> None:
            comm_id = getattr(widget.comm, "comm_id", "") if widget.comm else ""
            message = recorder.session.msg("comm_msg", content={"comm_id": comm_id, "data": msg})
            frames = recorder.session.serialize(message)
            size = sum(len(f) for f in frames) + sum(memoryview(b).nbytes for b in (buffers or []))
            kind = "canvas" if isinstance(widget, _CanvasManager) else "state"
            recorder.sent.append(Sent(kind, size))

        ipywidgets.Widget._send = _send  # type: ignore[method-assign]

        def uninstall() -> None:
            ipywidgets.Widget._send = original  # type: ignore[method-assign]

        return uninstall


# --------------------------------------------------------------------------- measuring


@dataclass
class Figure:
    name: str
    shapes: int
    times_ms: list[float]
    canvas_messages: list[int]
    canvas_bytes: list[int]
    state_messages: list[int]
    state_bytes: list[int]


def measure(
    name: str,
    recorder: Recorder,
    click: Callable[[int], None],
    clicks: int,
    shapes: Callable[[], int],
    between: Callable[[int], None] | None = None,
) -> Figure:
    """Time ``click(i)`` ``clicks`` times after a warm-up; ``between(i)`` runs untimed.

    ``i`` counts on from the warm-up, so clicks that alternate between two targets keep
    alternating (a click that changes nothing sends nothing).
    """
    warm_up = 2 * max(3, clicks // 20)
    for i in range(warm_up):
        if between:
            between(i)
        click(i)
    fig = Figure(name, 0, [], [], [], [], [])
    for i in range(warm_up, warm_up + clicks):
        if between:
            between(i)
        recorder.sent.clear()
        start = time.perf_counter_ns()
        click(i)
        elapsed = time.perf_counter_ns() - start
        canvas = [s.nbytes for s in recorder.sent if s.kind == "canvas"]
        state = [s.nbytes for s in recorder.sent if s.kind == "state"]
        fig.times_ms.append(elapsed / 1e6)
        fig.canvas_messages.append(len(canvas))
        fig.canvas_bytes.append(sum(canvas))
        fig.state_messages.append(len(state))
        fig.state_bytes.append(sum(state))
    fig.shapes = shapes()
    return fig


def p95(values: Sequence[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


# --------------------------------------------------------------------------- scenarios

HAND = [8, 45, 54, 60, 24, 31]
BOARD = [35, 46, 28, 9, 53, 17]
WORLDS = [
    [1, 2, 3, 17, 18, 19, 20, 33, 41, 42, 49, 57],
    [9, 10, 11, 25, 26, 27, 28, 43, 50, 51, 58],
    [4, 5, 12, 21, 22, 29, 34, 36, 44, 52, 59, 61],
]


def table_like_scene(selected: int | None) -> Scene:
    """A scene the size of a Nuevos Mundos table: a board, a hand, three worlds."""
    scene = Scene(980, 900, background=PAPER, title="benchmark table")
    scene.add(Text(x=16, y=20, text="Universe board", size=15, bold=True, fill=INK))
    scene.extend(card_back(16, 40, id="pile", caption="46"))
    scene.extend(hand_row(BOARD, 16 + CARD_W + 10, 40, id="board", target_prefix="board"))
    scene.add(Text(x=560, y=20, text="Your hand: click a card", size=15, bold=True, fill=INK))
    scene.extend(hand_row(HAND, 560, 48, id="hand", target_prefix="hand", selected=selected))
    y = 60 + CARD_H + 30
    for p, world in enumerate(WORLDS):
        scene.add(
            Rect(
                id=f"panel-{p}",
                x=8,
                y=y,
                width=964,
                height=220,
                radius=8,
                fill="#ffffff",
                stroke=INK,
            )
        )
        scene.add(Text(x=20, y=y + 18, text=f"Player {p + 1}", size=15, bold=True, fill=INK))
        shapes, _, _ = world_columns(world, 20, y + 36, id=f"world-{p}")
        scene.extend(shapes)
        y += 235
    return scene


def scene_canvas_figures(recorder: Recorder, clicks: int) -> list[Figure]:
    scene = table_like_scene(None)
    points = [scene.center_of(f"hand:{code}") for code in HAND[:2]]

    def on_click(target: str | None, x: float, y: float) -> None:
        code = int(target.split(":")[1]) if target and target.startswith("hand:") else None
        sc.show(table_like_scene(code))

    sc = SceneCanvas(scene, on_click=on_click)
    select = measure(
        "SceneCanvas: click a hand card, rebuild the scene + show()",
        recorder,
        lambda i: sc.click(*points[i % 2]),
        clicks,
        lambda: len(sc.scene.shapes),
    )
    full = measure(
        "SceneCanvas: full redraw of that scene (a client connects)",
        recorder,
        lambda i: sc.redraw(),
        clicks,
        lambda: len(sc.scene.shapes),
    )
    return [select, full]


def table_figures(recorder: Recorder, clicks: int) -> list[Figure]:
    try:
        from widgets.nuevos_mundos.table import NuevosMundosTable
    except ImportError as err:
        print(f"(NuevosMundosTable not importable, skipped: {err})")
        return []
    # as in notebooks/en/nuevos_mundos/01_how_to_play.ipynb
    table = NuevosMundosTable(
        players=("You", "Greedy bot", "Random bot"), seats=("human", "greedy", "random"), seed=2026
    )
    hand = [t for t in table.scene().targets() if t.startswith("hand:")]
    points = [table.scene().center_of(t) for t in hand[:2]]
    select = measure(
        "NuevosMundosTable: click a hand card (select)",
        recorder,
        lambda i: table.canvas.click(*points[i % 2]),
        clicks,
        lambda: len(table.scene().shapes),
    )

    def reset(i: int) -> None:
        while table.game.moves():
            table.undo()
        table.canvas.click(*points[0])

    lay = measure(
        "NuevosMundosTable: press Lay (move, 2 bot replies)",
        recorder,
        lambda i: table.buttons["lay"].click(),
        max(10, clicks // 3),
        lambda: len(table.scene().shapes),
        between=reset,
    )
    return [select, lay]


def ecosfera_figures(recorder: Recorder, clicks: int) -> list[Figure]:
    try:
        from widgets.ecosfera.table import EcosferaTable
    except ImportError as err:
        print(f"(EcosferaTable not importable, skipped: {err})")
        return []
    # as in notebooks/en/ecosfera/01_cooperative_solo.ipynb: select and unselect a line card
    table = EcosferaTable(seed=33)
    line = [t for t in table.scene().targets() if t.startswith("line:")]
    point = table.scene().center_of(line[0])
    select = measure(
        "EcosferaTable: click a card of the line (select / unselect)",
        recorder,
        lambda i: table.canvas.click(*point),
        clicks,
        lambda: len(table.scene().shapes),
    )
    return [select]


def mondo_figures(recorder: Recorder, clicks: int) -> list[Figure]:
    try:
        from widgets.mondo.table import TICK_MS, MondoTable
    except ImportError as err:
        print(f"(MondoTable not importable, skipped: {err})")
        return []
    # as in notebooks/en/mondo/01_how_to_play.ipynb, the timer running
    table = MondoTable(seats=("human", "rival", "rival"), level="slow", seed=2026)
    table.play.playing = True
    heap = table.scene().center_of("heap:0")

    def take_or_put_back(i: int) -> None:
        if table.game.hands[0] < 0:
            table.canvas.click(*heap)
        else:
            table.put_back()

    take = measure(
        "MondoTable: click a heap tile, then put it back (alternating)",
        recorder,
        take_or_put_back,
        clicks,
        lambda: len(table.scene().shapes),
    )
    ticks = {"value": 0}

    def tick(i: int) -> None:  # the browser's countdown: half a second later
        ticks["value"] += 1
        table.play.value = ticks["value"]

    clock = measure(
        f"MondoTable: a tick of the countdown ({TICK_MS} ms; the rivals act when due)",
        recorder,
        tick,
        min(clicks, 200),
        lambda: len(table.scene().shapes),
    )
    return [take, clock]


def nuevo_mundo_figures(recorder: Recorder, clicks: int) -> list[Figure]:
    try:
        from widgets.nuevo_mundo.table import NuevoMundoTable
    except ImportError as err:
        print(f"(NuevoMundoTable not importable, skipped: {err})")
        return []
    # three seats on the Antilles, the student's placement stage of round 1
    table = NuevoMundoTable(3, seats=("human", "greedy", "greedy"), seed=2026, scenario="antillas")
    while table.game.stage != "place" or table.game.current_player != 0:
        table.play(table.game.legal_actions()[0])
    own = next(r for r in table.game.map.land_regions() if table.game._has(r, 0))
    spot = table.scene().center_of(f"region:{own}")

    def select_or_let_go(i: int) -> None:  # click a region of hers, then let go of it
        table.canvas.click(*spot) if i % 2 == 0 else table.let_go()

    select = measure(
        "NuevoMundoTable: click her region (chosen), then let go of it (alternating)",
        recorder,
        select_or_let_go,
        clicks,
        lambda: len(table.scene().shapes),
    )

    def choose_region(i: int) -> None:
        table.undo() if len(table.game.moves()) > placed else None
        table.click_region(own)

    placed = len(table.game.moves())
    buy = measure(
        "NuevoMundoTable: press «+1 CQ» on a chosen region (undone between presses)",
        recorder,
        lambda i: table.choose(0),
        min(clicks, 200),
        lambda: len(table.scene().shapes),
        between=choose_region,
    )
    return [select, buy]


# --------------------------------------------------------------------------- output


def report(fig: Figure) -> list[str]:
    median = statistics.median(fig.times_ms)
    canvas_msgs = sorted(set(fig.canvas_messages))
    verdict = "within" if median < TARGET_MS else "OVER"
    return [
        fig.name,
        f"  timed              {len(fig.times_ms)} times (scene of {fig.shapes} shapes)",
        f"  click -> redrawn   median {median:.2f} ms, p95 {p95(fig.times_ms):.2f} ms, "
        f"min {min(fig.times_ms):.2f} ms  (target < {TARGET_MS:.0f} ms: {verdict})",
        f"  canvas messages    {'/'.join(map(str, canvas_msgs))} per click (target 1), "
        f"median {statistics.median(fig.canvas_bytes):,.0f} bytes",
        f"  other widget msgs  median {statistics.median(fig.state_messages):.0f} per click, "
        f"{statistics.median(fig.state_bytes):,.0f} bytes (status line, buttons: state updates)",
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clicks", type=int, default=300, help="timed clicks per figure")
    parser.add_argument("--quick", action="store_true", help="30 clicks: a smoke run")
    args = parser.parse_args(argv)
    clicks = 30 if args.quick else max(20, args.clicks)
    recorder = Recorder()
    uninstall = recorder.install()
    try:
        gc.collect()
        figures = [
            *scene_canvas_figures(recorder, clicks),
            *table_figures(recorder, clicks),
            *ecosfera_figures(recorder, clicks),
            *mondo_figures(recorder, clicks),
            *nuevo_mundo_figures(recorder, clicks),
        ]
    finally:
        uninstall()
    print("Click to finished redraw, kernel side (DESIGN.md: under 10 ms, in one message)\n")
    for fig in figures:
        print("\n".join(report(fig)), end="\n\n")
    print(
        "\n".join(
            machine_lines(
                f"Libraries ipycanvas {ipycanvas.__version__}, ipywidgets {ipywidgets.__version__}",
                "One process, one thread; no browser (the front end's drawing is not included).",
            )
        )
    )


if __name__ == "__main__":
    main()
