"""Nuevo Mundo in headless Chromium: a whole first turn with a battle played by real mouse
clicks in JupyterLab on a school laptop's screen (1366x768, file browser open), and the
Nuevo Mundo app in Voila.

The Lab test opens a fixture notebook (tests/browser/fixtures/nuevo_mundo_hot_seat.ipynb):
two humans share the screen (hot-seat) on the teaching map and the dice are typed in with
buttons, so the test decides every throw. Nothing is guessed: the test builds the same table
in this process (the notebook's own constructor call), mirrors every click and press on it,
and asks the mirror's scene where a region or card is drawn and the mirror's buttons which
slot holds a label. After every step the page's status line must say what the mirror's says,
and the canvas must be redrawn whenever the mirror's picture changed.

The turn: both throw the order die, each enters the board (click a region, «Build», click a
face-up card) with the screen passed between them, Ana places 3 CQ, mobilises from AT into
Bruno's BT (white cone, green), attacks, and the battle runs round by round, each tactic
chosen in secret with the "pass the screen" step between the two choices, until Bruno's
settlement falls and Ana plunders a card. Two of the buttons are pressed by their number key
on the canvas instead (the keyboard's way to every decision).

A second Lab test plays lesson 1's own table against the greedy bot (enter, place, mobilise,
attack, one round told), with the engine's dice mirrored in this process.

Screenshots go to test-artifacts/ (git-ignored): nuevo_mundo_lab_*.png, nuevo_mundo_voila_*.png.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    FIXTURES,
    NOTEBOOKS,
    REPO,
    Server,
    canvas_stats,
    error_outputs,
    full_screenshot,
    kernel_scene_words,
    open_in_lab,
    put_contents,
    rebuild_table,
    run_all_cells,
    wait_for_change,
    wait_for_pixels,
)

pytestmark = pytest.mark.browser

FIXTURE = FIXTURES / "nuevo_mundo_hot_seat.ipynb"
FIXTURE_DIR = "_nuevo_mundo_browser"
"""Folder of the Lab server's root the fixture is uploaded to (through the contents API)."""
APP = REPO / "notebooks" / "apps" / "nuevo_mundo.ipynb"
LESSON = NOTEBOOKS / "en" / "nuevo_mundo" / "01_how_to_play.ipynb"
LAPTOP = {"width": 1366, "height": 768}
OUTPUT = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output"
LOAD_TIMEOUT_MS = 90_000
MAX_ROUNDS = 12
"""More battle rounds than the fixture's battle needs (4): a guard against a loop, not a
count the test relies on."""


def tactic_label(tactic: int) -> str:
    """The words on a tactic's button ("Tactic 3 (beats 2 and 1)")."""
    from gamecore.words import t
    from widgets.nuevo_mundo.table_model import beaten_by

    first, second = beaten_by(tactic)
    return t("nuevo_mundo_table.tactic", tactic=tactic, first=first, second=second, lang="en")


def _fail(page: Any, message: str, shot: Path) -> None:
    page.screenshot(path=str(shot))
    console = "\n".join(page.console_errors[-10:]) or "(none)"
    pytest.fail(f"{message}\nBrowser console errors:\n{console}", pytrace=False)


def _words(text: str) -> str:
    return " ".join(text.split())


def _history(html: str) -> list[str]:
    """The lines of a history widget's HTML, as a reader sees them."""
    return [
        _words(unescape(re.sub(r"<[^>]+>", "", m))) for m in re.findall(r"<li>(.*?)</li>", html)
    ]


def upload_fixture(server: Server) -> str:
    """Put the fixture notebook into the Lab server's root; returns its path there."""
    put_contents(server, FIXTURE_DIR, {"type": "directory"})
    relpath = f"{FIXTURE_DIR}/{FIXTURE.name}"
    put_contents(
        server,
        relpath,
        {"type": "notebook", "format": "json", "content": json.loads(FIXTURE.read_text())},
    )
    return relpath


def point_on(scene: Any, target: str) -> tuple[float, float]:
    """A point of the scene where a click lands on ``target``: the middle of its first shape,
    else the first point of a grid over that shape that the hit-test gives to ``target``
    (a badge or a label may cover a region's middle)."""
    x, y = scene.center_of(target)
    if scene.hit(x, y) == target:
        return x, y
    for shape in scene:
        if shape.target != target:
            continue
        left, top, width, height = shape.bbox()
        for i in range(1, 8):
            for j in range(1, 8):
                px, py = left + width * i / 8, top + height * j / 8
                if scene.hit(px, py) == target:
                    return px, py
    raise AssertionError(f"no point of the scene lands on {target}")


class Play:
    """Real clicks on the page, each mirrored on the same table in this process."""

    def __init__(self, page: Any, root: str, mirror: Any, shot: Path) -> None:
        self.page = page
        self.root = root
        self.mirror = mirror
        self.shot = shot
        self.canvas = page.locator(f"{root} canvas.nmundo-canvas").first
        self.status = page.locator(f"{root} .nmundo-status").first
        self.history = page.locator(f"{root} .nmundo-history").first

    def fail(self, message: str) -> None:
        _fail(self.page, message, self.shot)

    def settle(self, what: str) -> str:
        """Wait until the page's status line says what the mirror's says."""
        parts = [
            _words(p)
            for p in (self.mirror.status.turn, self.mirror.status.event, self.mirror.status.problem)
            if p
        ]

        def same() -> bool:
            text = _words(self.status.inner_text())
            return all(part in text for part in parts)

        agreed, _ = wait_for_change(same, False, timeout=30)
        if not agreed:
            self.fail(
                f"after {what} the page says {self.status.inner_text()!r},\n"
                f"the mirror {self.mirror.status.text!r}"
            )
        return _words(self.status.inner_text())

    def _redrawn(self, before_scene: Any, before_pixels: object, what: str) -> None:
        if self.mirror.scene().shapes == before_scene.shapes:
            return
        pixels, _ = wait_for_change(
            lambda: canvas_stats(self.canvas)["checksum"], before_pixels, timeout=30
        )
        if pixels == before_pixels:
            self.fail(f"the canvas was not redrawn after {what}")

    def click(self, target: str) -> str:
        """A real mouse click where ``target`` is drawn, wherever Lab has scrolled."""
        scene = self.mirror.scene()
        x, y = point_on(scene, target)
        before = canvas_stats(self.canvas)["checksum"]
        rect = self.canvas.evaluate("e => e.getBoundingClientRect().toJSON()")
        py = rect["top"] + y * rect["height"] / scene.height
        viewport = self.page.viewport_size or LAPTOP
        if not 80 <= py <= viewport["height"] - 60:  # bring the point to the middle of the screen
            self.canvas.evaluate(
                """(e, dy) => { const s = e.closest('.jp-WindowedPanel-outer');
                                if (s) s.scrollBy(0, dy); else window.scrollBy(0, dy); }""",
                py - viewport["height"] / 2,
            )
            self.page.wait_for_timeout(300)
            rect = self.canvas.evaluate("e => e.getBoundingClientRect().toJSON()")
        px = rect["left"] + x * rect["width"] / scene.width
        py = rect["top"] + y * rect["height"] / scene.height
        self.page.mouse.move(px, py)
        self.page.mouse.down()
        self.page.mouse.up()
        self.mirror.click(x, y)
        text = self.settle(f"a click on {target}")
        self._redrawn(scene, before, f"a click on {target}")
        return text

    def region(self, name: str) -> str:
        return self.click(f"region:{self.mirror.game.map.by_name(name)}")

    def press(self, label: str) -> str:
        """Press the decision's button that says ``label`` (found in the mirror's slots)."""
        labels = [c.label for c in self.mirror.choices()]
        if label not in labels:
            self.fail(f"the table offers no button {label!r}; it offers {labels}")
        k = labels.index(label)
        scene = self.mirror.scene()
        before = canvas_stats(self.canvas)["checksum"]
        button = self.page.locator(f"{self.root} button.nmundo-choice-{k + 1}").first
        button.wait_for(state="visible", timeout=30_000)
        shown = _words(button.inner_text())
        if label not in shown:
            self.fail(f"button {k + 1} says {shown!r}, the mirror's {label!r}")
        button.click()
        self.mirror.choose(k)
        text = self.settle(f"the button {label!r}")
        self._redrawn(scene, before, f"the button {label!r}")
        return text

    def key(self, key: str, label: str) -> str:
        """Press ``key`` on the canvas (it needs the focus): a digit presses the decision's
        button of that number, which must say ``label``."""
        labels = [c.label for c in self.mirror.choices()]
        assert key.isdigit() and labels[int(key) - 1] == label, (key, labels)
        scene = self.mirror.scene()
        before = canvas_stats(self.canvas)["checksum"]
        self.canvas.focus()
        self.page.keyboard.press(key)
        self.mirror.key(key)
        text = self.settle(f"the key {key} ({label!r})")
        self._redrawn(scene, before, f"the key {key}")
        return text

    def take_screen(self, name: str) -> str:
        """The "pass the screen" step: the table hides everything secret until ``name``
        presses "I am <name>: show my screen"."""
        assert self.mirror.model.hidden(), self.mirror.status.text
        labels = [c.label for c in self.mirror.choices()]
        assert len(labels) == 1 and name in labels[0], labels
        return self.press(labels[0])

    def screenshot(self, path: Path) -> None:
        self.canvas.scroll_into_view_if_needed()
        self.page.wait_for_timeout(300)
        self.page.screenshot(path=str(path))


JS_EXTENT = """(table) => {
  const box = (css) => { const e = table.querySelector(css);
                         return e ? e.getBoundingClientRect().toJSON() : null; };
  const panel = table.closest('.jp-WindowedPanel-outer');
  return {status: box('.nmundo-status'), canvas: box('canvas.nmundo-canvas'),
          moves: box('.nmundo-moves'),
          shown: panel ? panel.clientHeight : window.innerHeight};
}"""


def fits_the_screen(play: Play) -> str:
    """How much of the table a laptop shows at once, in words for the log (measured, never
    asserted: the lead decides the layout). The status line is scrolled to the top first."""
    play.status.evaluate("e => e.scrollIntoView({block: 'start'})")
    play.page.wait_for_timeout(300)
    table = play.page.locator(f"{play.root} .nmundo-table").first
    m = table.evaluate(JS_EXTENT)
    tall = m["canvas"]["bottom"] - m["status"]["top"]
    return (
        f"from the status line's top to the canvas's bottom: {tall:.0f} px; to the list of "
        f"moves: {m['moves']['bottom'] - m['status']['top']:.0f} px; the notebook shows "
        f"{m['shown']} px at once"
    )


def play_first_turn_with_a_battle(play: Play, artifacts: Path) -> None:
    """Everything from the order die to the plundered card, by clicks (see the docstring)."""
    from gamecore.nuevo_mundo.actions import Attack

    mirror = play.mirror
    game = mirror.game
    # the numeric die for the turn order: typed in, no handover (it hides nothing)
    play.press("The die shows 6")  # Ana
    play.key("1", "The die shows 1")  # Bruno, by the keyboard
    assert game.stage == "enter" and game.current_player == 0
    # entering the board, the screen passed to the other player between the two
    for name, region in (("Ana", "AT"), ("Bruno", "BT")):
        if mirror.model.hidden():
            play.take_screen(name)
        text = play.region(region)
        assert f"{region} chosen" in text, text
        play.press(f"Build the first settlement in {region}")
        assert game.pending == "pick", mirror.status.text
        play.click("faceup:0")  # the card itself, on the canvas
    assert game.stage == "place"
    play.take_screen("Ana")
    # placement: a click on her region, then a count button
    play.region("AT")
    play.press("+3 CQ")
    assert game.stage == "operate"
    # mobilising: origin, then the enemy region (the white cone), then the die typed in
    play.region("AT")
    text = play.region("BT")
    assert game.pending == "colour" and game.aim == (game.map.by_name("AT"), game.map.by_name("BT"))
    assert "AT-BT" in text, text
    play.press("The die shows green")
    play.key("5", "Move 5 CQ across")
    assert Attack(game.map.by_name("BT")) in game.legal_actions(), game.legal_actions()
    play.screenshot(artifacts / "nuevo_mundo_lab_conflict.png")
    play.press("Attack in BT")

    rounds = 0
    while game.pending == "tactic_attacker" and rounds < MAX_ROUNDS:
        # Ana's tactic beats Bruno's (t beats t-1 and t-2) and changes every round, so the
        # secret choice is never a number the last round's revealed line already shows
        bruno = rounds % 5 + 1
        ana = (bruno + 1) % 5 + 1
        if mirror.model.hidden():
            play.take_screen("Ana")
        play.press(tactic_label(ana))
        # the attacker's tactic stays secret: the screen waits for Bruno, drawing none of it
        assert mirror.model.hidden() and game.pending == "tactic_defender"
        words = " ".join(kernel_scene_words(play.page))
        assert "Pass the screen to Bruno" in words, words
        assert f"tactic {ana}" not in words and "Your criptex" not in words, words
        if rounds == 0:
            play.screenshot(artifacts / "nuevo_mundo_lab_pass_screen.png")
        play.take_screen("Bruno")
        words = " ".join(kernel_scene_words(play.page))
        assert f"tactic {ana}" not in words, words  # Bruno's own screen: not Ana's choice
        if rounds == 0:
            play.screenshot(artifacts / "nuevo_mundo_lab_defender_chooses.png")
        text = play.press(tactic_label(bruno))
        assert f"played tactic {ana}" in text and f"played tactic {bruno}" in text, text
        assert "Ana wins the round" in text, text
        if rounds == 0:
            play.screenshot(artifacts / "nuevo_mundo_lab_battle_round.png")
        rounds += 1
    assert game.pending == "plunder", f"after {rounds} rounds: {mirror.status.text}"
    assert "Bruno lost the settlement in BT" in play.status.inner_text()
    play.take_screen("Ana")
    labels = [c.label for c in mirror.choices()]
    play.press(labels[0])  # the category of the card Ana takes from Bruno
    print(f"Nuevo Mundo in Lab: a battle of {rounds} rounds played by clicks; {mirror.status.text}")


def test_a_turn_with_a_battle_by_clicks_in_lab(
    lab_page: Any, lab_server: Server, artifacts: Path
) -> None:
    """Issue 12 section 5: a turn with a battle, hot-seat, by real clicks in JupyterLab at
    1366x768 with the file browser open."""
    from gamecore.words import set_language
    from widgets.nuevo_mundo.table import NuevoMundoTable

    set_language("en")  # the fixture's kernel speaks English (its folder names no language)
    page = lab_page
    page.set_viewport_size(LAPTOP)
    relpath = upload_fixture(lab_server)
    mirror = rebuild_table(FIXTURE, NuevoMundoTable)
    assert mirror.seats == ("human", "human") and mirror.game.options["dice"] == "table"

    open_in_lab(page, lab_server, relpath, file_browser=True)
    seconds = run_all_cells(page)
    errors = error_outputs(page)
    if errors:
        _fail(page, f"{relpath} shows error output(s):\n{errors[0]}", artifacts / "nm_err.png")
    print(f"{relpath}: ran in JupyterLab in {seconds:.1f} s")
    play = Play(page, OUTPUT, mirror, artifacts / "nuevo_mundo_lab_failed.png")
    play.canvas.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    play.canvas.scroll_into_view_if_needed()
    stats = wait_for_pixels(play.canvas, minimum=10_000)
    if stats["opaque"] == 0:
        play.fail("the Nuevo Mundo table's canvas stayed blank")
    scene = mirror.scene()
    assert (stats["width"], stats["height"]) == (scene.width, scene.height), stats
    print(
        f"canvas {stats['width']}x{stats['height']} px shown at "
        f"{stats['cssWidth']:.0f}x{stats['cssHeight']:.0f} CSS px"
    )
    play.settle("running the notebook")
    play.screenshot(artifacts / "nuevo_mundo_lab_start.png")
    print(fits_the_screen(play))
    page.screenshot(path=str(artifacts / "nuevo_mundo_lab_laptop_top.png"))

    play_first_turn_with_a_battle(play, artifacts)

    # what the page's history says is what the mirror's says, battle rounds included
    shown = _words(play.history.inner_text())
    # (after the game, the score sheet comes first: its details are folded, so only the
    # history's own list is compared)
    lines = _history(mirror.history_html.value.split("<ul style='max-height", 1)[-1])
    assert sum("Battle in BT" in line for line in lines) >= 1
    missing = [line for line in lines if line not in shown]
    assert not missing, f"the page's history lacks {missing[:3]}"
    assert error_outputs(page) == []
    play.screenshot(artifacts / "nuevo_mundo_lab_after_battle.png")
    play.canvas.screenshot(path=str(artifacts / "nuevo_mundo_lab_canvas_after_battle.png"))
    full_screenshot(page, artifacts / "nuevo_mundo_lab_whole_notebook.png")


def test_the_nuevo_mundo_app_plays_in_voila(
    page: Any, voila: Callable[[Path], Server], artifacts: Path
) -> None:
    """The app renders, its canvas draws, and a click plays: with two players (the teaching
    map, the same drawing whatever the seed) the student clicks a free land region and
    builds there with the button."""
    from gamecore.words import set_language
    from widgets.nuevo_mundo.table import NuevoMundoTable

    set_language("en")
    page.set_viewport_size(LAPTOP)
    server = voila(APP)
    shot = artifacts / "nuevo_mundo_voila_failed.png"
    page.goto(f"{server.base_url}/?token={server.token}", wait_until="domcontentloaded")
    canvas = page.locator("canvas.nmundo-canvas").first
    canvas.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    if wait_for_pixels(canvas, minimum=10_000)["opaque"] == 0:
        _fail(page, "the app's canvas stayed blank (default: 3 players)", shot)
    page.screenshot(path=str(artifacts / "nuevo_mundo_voila_start.png"))

    first = canvas_stats(canvas)["checksum"]
    page.locator(".app-players select").first.select_option("2")
    page.locator("button.app-start").first.click()
    # the new table replaces the old one: wait for its picture
    drawn, _ = wait_for_change(lambda: canvas_stats(canvas)["checksum"], first, timeout=30)
    if drawn == first:
        _fail(page, "pressing Start with 2 players drew no new table", shot)
    canvas = page.locator("canvas.nmundo-canvas").first
    assert wait_for_pixels(canvas, minimum=10_000)["opaque"] > 0

    # the teaching map's picture, to know where each land region is drawn
    mirror = NuevoMundoTable(2, seats=("human", "greedy"), scenario="teaching", seed=1)
    game = mirror.game
    status = page.locator(".nmundo-status").first
    history = page.locator(".nmundo-history").first
    built = None
    for region in game.map.land_regions():
        name = game.region_name(region)
        scene = mirror.scene()
        x, y = point_on(scene, f"region:{region}")
        rect = canvas.evaluate("e => e.getBoundingClientRect().toJSON()")
        before = _words(status.inner_text())
        page.mouse.click(
            rect["left"] + x * rect["width"] / scene.width,
            rect["top"] + y * rect["height"] / scene.height,
        )
        said, _ = wait_for_change(lambda: _words(status.inner_text()), before, timeout=30)
        if f"{name} chosen" in str(said):
            built = name
            break
    if built is None:
        _fail(page, f"no click on a land region was taken: {status.inner_text()!r}", shot)
    before = canvas_stats(canvas)["checksum"]
    button = page.locator("button.nmundo-choice-1").first
    assert f"Build the first settlement in {built}" in button.inner_text()
    button.click()
    played, _ = wait_for_change(
        lambda: f"first settlement in {built}" in history.inner_text(), False, 30
    )
    if not played:
        _fail(page, f"the button did not build in {built}: {status.inner_text()!r}", shot)
    pixels, _ = wait_for_change(lambda: canvas_stats(canvas)["checksum"], before, timeout=30)
    assert pixels != before, "the canvas was not redrawn after building"
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "nuevo_mundo_voila_after_click.png"))

    # a click on the canvas right after a button press (the page may have moved): the first
    # face-up card is taken, and the history tells it (the cards lie where they lie on any deal)
    lines = page.locator(".nmundo-history li").count()
    scene = mirror.scene()
    x, y = point_on(scene, "faceup:0")
    canvas.scroll_into_view_if_needed()
    rect = canvas.evaluate("e => e.getBoundingClientRect().toJSON()")
    page.mouse.click(
        rect["left"] + x * rect["width"] / scene.width,
        rect["top"] + y * rect["height"] / scene.height,
    )
    more, _ = wait_for_change(lambda: page.locator(".nmundo-history li").count(), lines, 30)
    if more == lines:
        _fail(page, f"the click on a face-up card took nothing: {status.inner_text()!r}", shot)
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "nuevo_mundo_voila_card_taken.png"))


def run_lesson_1(
    page: Any, server: Server, lesson: Path, mirror: Any, artifacts: Path, name: str
) -> Play:
    """Open ``lesson`` in Lab (file browser open), run every cell, fail on an error output,
    and return a ``Play`` on its table once the table has drawn (screenshots: ``name``_*)."""
    relpath = lesson.relative_to(NOTEBOOKS).as_posix()
    open_in_lab(page, server, relpath, file_browser=True)
    seconds = run_all_cells(page)
    errors = error_outputs(page)
    if errors:
        full_screenshot(page, artifacts / f"{name}_lab.png")
        _fail(page, f"{relpath} shows error output(s):\n{errors[0]}", artifacts / f"{name}_err.png")
    print(f"{relpath}: ran in JupyterLab in {seconds:.1f} s")
    play = Play(page, OUTPUT, mirror, artifacts / f"{name}_failed.png")
    play.canvas.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    play.canvas.scroll_into_view_if_needed()
    if wait_for_pixels(play.canvas, minimum=10_000)["opaque"] == 0:
        play.fail("lesson 1's table stayed blank")
    return play


def test_lesson_1_table_plays_by_clicks_against_the_bot_in_lab(
    lab_page: Any, lab_server: Server, artifacts: Path
) -> None:
    """Lesson 1 ends with a table against the greedy bot: on a laptop's screen the student
    enters the board, places, mobilises into the bot's region and, when the die allows it,
    attacks; the bot's tactic comes at once and the round is told."""
    from gamecore.nuevo_mundo.actions import Aim, Settle
    from gamecore.words import set_language
    from widgets.nuevo_mundo.table import NuevoMundoTable

    set_language("en")
    page = lab_page
    page.set_viewport_size(LAPTOP)
    mirror = rebuild_table(LESSON, NuevoMundoTable)
    game = mirror.game
    play = run_lesson_1(page, lab_server, LESSON, mirror, artifacts, "nuevo_mundo_lesson1")
    play.settle("running the lesson")
    play.screenshot(artifacts / "nuevo_mundo_lesson1_start.png")

    free = [a.region for a in game.legal_actions() if isinstance(a, Settle)]
    assert free, mirror.status.text
    home = game.region_name(free[0])
    play.region(home)
    play.press(f"Build the first settlement in {home}")
    play.click("faceup:0")
    assert game.stage == "place" and game.current_player == 0, mirror.status.text
    play.region(home)
    play.press(next(c.label for c in mirror.choices() if c.label.endswith("CQ")))
    while game.stage == "place" and game.current_player == 0:  # spend what is left
        play.press(mirror.choices()[0].label)
    assert game.stage == "operate", mirror.status.text
    enemy = {r for r in range(len(game.map.regions)) if 1 in game.occupants(r)}
    aims = [a for a in game.legal_actions() if isinstance(a, Aim) and a.destination in enemy]
    if not aims:  # the bot's troops went elsewhere: aim at any neighbour
        aims = [a for a in game.legal_actions() if isinstance(a, Aim)]
    aim = aims[0]
    play.region(game.region_name(aim.origin))
    text = play.region(game.region_name(aim.destination))
    print(f"lesson 1, a mobilisation by clicks: {text[:200]}")
    if game.pending == "move":
        labels = [c.label for c in mirror.choices()]
        play.press(labels[-1])  # every troop crosses
        attack = next((c.label for c in mirror.choices() if c.label.startswith("Attack")), None)
        if attack is not None:
            play.press(attack)
            text = play.press(tactic_label(3))  # the bot's answer comes at once
            assert "Battle in" in text and "played tactic 3" in text, text
            print(f"lesson 1: a battle round against the bot: {text[:240]}")
    play.screenshot(artifacts / "nuevo_mundo_lesson1_after_clicks.png")
    assert error_outputs(page) == []
