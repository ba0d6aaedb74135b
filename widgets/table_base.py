"""What every game table widget shares: buttons, the turn loop, and save / load / undo.

A game's table (``NuevosMundosTable``, ``EcosferaTable``, ``MondoTable``,
``NuevoMundoTable``) subclasses ``GameTable`` and keeps its own rules of play: how a move is
described, what the canvas shows, which buttons it has. What is the same at every table
lives here once:

- ipywidgets helpers that send one message per change: ``make_button``, ``set_traits``, ``show``;
- ``GameTable``: the turn loop (a move played and described, the bots' moves with one policy
  for a bot that fails and one limit, ``next_bot_move``), display, clicks that never raise,
  undo back to the last human decision, and the save file: Save prepares a download to the
  student's own computer (a link in the page, so it works in JupyterLab, Voila and on
  Binder, where files on the server are lost), Load reads a file back from it.

Who is human, the seats' names and seeds are ``widgets.seats`` (a table is a
``SeatModel``); the sentences every table says are ``widgets.words``. Both are widget-free,
for the class server; this module is the ipywidgets half.
"""

from __future__ import annotations

import base64
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as w

from gamecore import IllegalAction, SaveFileError, load_json, make_bot
from gamecore.protocol import Action, Game
from gamecore.words import t

from .canvas import SceneCanvas
from .scene import Scene
from .seats import G, SeatModel, bot_seed, default_seats
from .status import StatusLine
from .svg import Picture, png_metadata, still_bundle, to_svg
from .words import bot_kind_words

# ---------------------------------------------------------------------------- widgets


def make_button(description: str, css: str, tooltip: str | None = None) -> w.Button:
    """A button as wide as its words, with a CSS class for tests and styling."""
    made = w.Button(description=description, layout=w.Layout(width="auto"), tooltip=tooltip)
    made.add_class(css)
    return made


def labelled_html(css: str) -> w.HTML:
    """An empty HTML widget with a CSS class (history, seed line, score sheet)."""
    html = w.HTML()
    html.add_class(css)
    return html


def set_traits(widget: w.Widget, **values: Any) -> None:
    """Assign the traits whose value changes, sent to the browser as one message.

    Each trait assigned on its own is a message of its own; ``hold_sync`` gathers them
    into one update (and sends nothing when nothing changed).
    """
    changed = {name: value for name, value in values.items() if getattr(widget, name) != value}
    if not changed:
        return
    with widget.hold_sync():
        for name, value in changed.items():
            setattr(widget, name, value)


def show(widget: w.DOMWidget, visible: bool) -> None:
    """Show or hide a widget (one message, and none when nothing changes)."""
    set_traits(widget.layout, display=None if visible else "none")


BOT_MOVE_LIMIT = 20_000
"""Most bot moves the table plays in one go before it stops and says so (a safety net for a
bot that never lets a turn end; no real game comes near it)."""

# ---------------------------------------------------------------------------- the table


class GameTable(SeatModel[G], ABC):
    """The part of a game table that does not depend on the game.

    A subclass sets ``game_type`` and ``game_title`` (the name a student reads in "it is a
    save of Ecosfera, not Nuevos Mundos"), builds the widgets named below, and defines
    ``_start`` (show a game from scratch), ``_describe`` (a move in a sentence),
    ``_refresh`` (redraw) and ``_on_target`` (what a click on the canvas does).

    The turn loop is here once: ``_commit`` plays a move and records its sentence,
    ``_play_bot`` asks the bot of the seat to play (a bot that fails or answers an illegal
    move plays the seat's fallback move instead, and the history says so), ``_run_bots``
    lets bots play until a human decides (at most ``BOT_MOVE_LIMIT`` moves; never with
    ``step_bots``), and ``next_bot_move`` is the button that plays one bot move.
    """

    game_type: ClassVar[type[Game]]
    game_title: ClassVar[str]
    css_prefix: ClassVar[str] = "table"
    """The start of every CSS class of the table's parts (``nm``, ``eco``)."""
    load_errors: ClassVar[tuple[type[Exception], ...]] = (SaveFileError, ValueError, IllegalAction)
    """What a damaged save file may raise while it is read and replayed."""

    game: G
    seats: tuple[str, ...]
    history: list[str]
    status: StatusLine
    canvas: SceneCanvas
    widget: w.VBox
    search_iterations: int = 150
    step_bots: bool = False
    save_button: w.Button
    download: w.HTML
    upload: w.FileUpload
    file_row: w.HBox
    _default_name: str = ""

    @abstractmethod
    def _start(self, game: G, event: str) -> None:
        """Show ``game`` from scratch: history, bots' turns, picture."""

    @abstractmethod
    def _on_target(self, target: str | None, *_xy: float) -> None:
        """What a click on the canvas does (``target``: the id the click landed on)."""

    @abstractmethod
    def _describe(self, before: G, player: int, action: Action) -> str:
        """The history's sentence for ``action``, just played by ``player`` (``before``:
        the game as it was)."""

    @abstractmethod
    def _refresh(self) -> None:
        """Redraw the canvas and bring every control up to date."""

    # ------------------------------------------------------------------ keyboard and words
    def _target_words(self, target: str) -> str | None:
        """What a click on ``target`` would pick, in words for the keyboard list ("42 in
        your hand (desert)"); None leaves the target out of the list."""
        return None

    def describe(self) -> list[str]:
        """The table in sentences for a screen reader: what is on the board, whose turn it
        is, what changed last. A subclass says more; this is what every table knows."""
        lines = [self.status.text] if self.status.text else []
        if self.history:
            lines.append(t("table.last_move", move=self.history[-1]))
        return lines

    def _access_widgets(self) -> None:
        """The keyboard row and the table in words (``access``; CSS ``{prefix}-keyboard``,
        ``{prefix}-pick``, ``{prefix}-in-words``).

        Everything a click on the canvas can do is in the list, in words; the button
        beside it does what a click on the chosen thing would do. Both are reachable with
        Tab, and the list follows the canvas, so a keyboard user meets them in order.
        """
        prefix = self.css_prefix
        self.keyboard = w.Dropdown(
            options=[(t("table.pick_nothing"), "")],
            value="",
            description=t("table.pick_label"),
            layout=w.Layout(width="440px"),
            style={"description_width": "auto"},
        )
        self.keyboard.add_class(f"{prefix}-keyboard")
        self.pick_button = make_button(t("table.pick"), f"{prefix}-pick", t("table.pick_tip"))
        self.pick_button.on_click(self._guard(self.pick_chosen))
        self.in_words = labelled_html(f"{prefix}-in-words")
        self.access = w.VBox(
            [
                w.HBox([self.keyboard, self.pick_button], layout=w.Layout(align_items="center")),
                self.in_words,
            ]
        )

    def pick_chosen(self) -> bool:
        """The keyboard's "Choose" button: what a click on the chosen target would do."""
        target = self.keyboard.value
        if not target:
            self._problem(t("table.pick_first"))
            return False
        if target not in self.canvas.scene.targets():
            self._problem(t("table.pick_gone"))
            self._refresh_access()
            return False
        self._on_target(target)
        return True

    def _refresh_access(self) -> None:
        """Bring the keyboard list and the table in words up to date (after a redraw)."""
        options: list[tuple[str, str]] = [(t("table.pick_nothing"), "")]
        seen: set[str] = set()
        for target in self.canvas.scene.targets():
            words = self._target_words(target)
            if words is not None and target not in seen:
                seen.add(target)
                options.append((words, target))
        keep = self.keyboard.value if self.keyboard.value in seen else ""
        if options != [tuple(o) for o in self.keyboard.options]:
            with self.keyboard.hold_sync():
                self.keyboard.options = options
                self.keyboard.value = keep
        items = "".join(f"<li>{escape(line)}</li>" for line in self.describe())
        set_traits(
            self.in_words,
            value=(
                f"<details style='font-size:14px'><summary>{escape(t('table.in_words'))}"
                f"</summary><ul style='margin:4px 0'>{items}</ul></details>"
            ),
        )

    # ------------------------------------------------------------------ the turn loop
    def _moved(self) -> None:
        """Forget what a move makes stale (a selection, a pending choice); a hook."""

    def _record(self, before: G, player: int, text: str) -> None:
        """Add a played move's sentence to the history (a subclass may keep more)."""
        self.history.append(text)

    def _commit(self, player: int, action: Action, note: str = "") -> str:
        """Play one legal action for ``player``, record its sentence (and ``note``, said
        after it) and return it."""
        before = self.game.clone()
        self.game.play(action)
        text = self._describe(before, player, action) + note
        self._record(before, player, text)
        self._moved()
        self._forget_download()
        return text

    def _make_bot(self, kind: str, seed: int) -> Any:
        options = {"iterations": self.search_iterations} if kind == "search" else {}
        return make_bot(kind, seed=seed, **options)

    def _fallback(self, legal: Sequence[Action]) -> Action:
        """The move a failing bot plays instead (default: the first legal one)."""
        return legal[0]

    def _play_bot(self) -> tuple[int, str]:
        """The bot of the seat to play makes one move: (its seat, the move's sentence).

        The bot decides from its player's view, seeded by the game and the move number, so
        undo, save and load replay the same choices. A bot that raises or answers an illegal
        move must not stop the lesson: it plays ``_fallback`` and the sentence says why.
        """
        player = self.game.current_player
        assert player is not None
        kind = self.seats[player]
        legal = self.game.legal_actions()
        seed = bot_seed(self.game.seed, len(self.game.moves()), player)
        note = ""
        try:
            action = self._make_bot(kind, seed).choose(self.game.view(player), legal)
            why = self.game.why_illegal(action)
            if why is not None:
                raise IllegalAction(why, action)
        except Exception as err:  # a bot's failure must not stop the lesson
            action = self._fallback(legal)
            note = " " + t("table.bot_failed", kind=bot_kind_words(kind), error=str(err))
        return player, self._commit(player, action, note)

    def _run_bots(self) -> list[tuple[int, str]]:
        """Let the bots play until a human is to play (not at all with ``step_bots``)."""
        moves: list[tuple[int, str]] = []
        while not self.step_bots and self.bot_to_play():
            if len(moves) >= BOT_MOVE_LIMIT:  # said with the moves, as the last one
                moves.append((moves[-1][0], t("table.bot_limit", n=BOT_MOVE_LIMIT)))
                break
            moves.append(self._play_bot())
        return moves

    def next_bot_move(self) -> bool:
        """Let the bot to play make one move (the "Next bot move" button)."""
        if not self.bot_to_play():
            self._problem(t("table.game_is_over") if self.game.is_over else t("table.humans_turn"))
            return False
        self.status.set(event=self._play_bot()[1])
        self._refresh()
        return True

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """A callback that reports a failure on the status line instead of raising."""

        def handler(*_: Any) -> None:
            with self.status.hold():
                try:
                    fn()
                except Exception as err:  # a click must never raise into the kernel log
                    self._problem(t("table.did_not_work", error=str(err)))

        return handler

    def _canvas_click(self, target: str | None, *xy: float) -> None:
        """A click on the canvas: ``_on_target``, with the status line sent once."""
        with self.status.hold():
            self._on_target(target, *xy)

    def _file_widgets(self, prefix: str) -> None:
        """Save, the download slot and Load, in one row (``file_row``; CSS classes
        ``{prefix}-save``, ``{prefix}-download``, ``{prefix}-load``).

        The slot keeps its width whether or not a file is ready, so nothing moves under
        the pointer when the link appears.
        """
        self.save_button = make_button(t("table.save"), f"{prefix}-save", t("table.save_tip"))
        self.save_button.on_click(self._guard(self.prepare_download))
        self.download = labelled_html(f"{prefix}-download")
        self.download.layout = w.Layout(width="260px")
        self.upload = w.FileUpload(accept=".json", multiple=False, description=t("table.load"))
        self.upload.tooltip = t("table.load_tip")
        self.upload.add_class(f"{prefix}-load")
        self.upload.observe(
            lambda change: self._guard(lambda: self._on_upload(change))(), names="value"
        )
        self.file_row = w.HBox(
            [self.save_button, self.download, self.upload],
            layout=w.Layout(align_items="center", flex_flow="row wrap"),
        )

    # ------------------------------------------------------------------ notebook display
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, plus what shows where it cannot run: a picture of the table
        as it starts and a sentence that says to run the cell (a lesson opened before it
        is run, an untrusted notebook, an exported page), never ``VBox(children=…``."""
        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        scene = self.still_scene()
        bundle.update(still_bundle(scene, t("pictures.run_cell_to_play")))
        return bundle, png_metadata(scene)

    def scene(self) -> Scene:
        """The scene on the canvas now."""
        return self.canvas.scene

    def still_scene(self) -> Scene:
        """The table as a still picture: only what a picture can do (no "click here").
        A table whose live scene invites clicks draws a still one instead."""
        return self.scene()

    def to_svg(self) -> str:
        """The current table as SVG text (a still picture)."""
        return to_svg(self.still_scene())

    def snapshot(self) -> Picture:
        """A still picture of the table now (for exported notebooks and handouts)."""
        return Picture(self.still_scene())

    # ------------------------------------------------------------------ undo
    def _undo_to_human(self) -> int | None:
        """Undo back to the last human decision, with the bots' moves after it.

        Returns how many moves were undone and cuts the history to match; with no human
        move to undo, says so and returns None.
        """
        moves = self.game.moves()
        humans = self.human_moves()
        if not humans:
            self._problem(t("table.nothing_to_undo"))
            return None
        target = humans[-1]
        while len(self.game.moves()) > target:
            self.game.undo()
        del self.history[target:]
        self._forget_download()
        return len(moves) - target

    # ------------------------------------------------------------------ saving
    def _suggest_file_name(self, name: str) -> None:
        """The name the save file gets when it is downloaded."""
        self._default_name = name
        self._forget_download()

    @property
    def file_name(self) -> str:
        """The name of the save file (the game and its seed, e.g. ``ecosfera-1234.json``)."""
        return self._default_name

    def save_text(self) -> str:
        """The game as save-file text (JSON with the whole log)."""
        return self.game.to_json()

    def prepare_download(self) -> str:
        """The Save button: put a link to download the game now in the page.

        The file travels inside the link (a data URL), so the browser saves it to the
        student's computer without a round trip to the server: this works in JupyterLab,
        Voila and on Binder. Returns the link's HTML.
        """
        data = base64.b64encode(self.save_text().encode("utf-8")).decode("ascii")
        name = escape(self.file_name, quote=True)
        words = escape(t("table.download", name=self.file_name))
        link = (
            f'<a download="{name}" href="data:application/json;base64,{data}" '
            f'style="font-size:14px;font-weight:bold">&#11015; {words}</a>'
        )
        self.download.value = link
        self.status.set(event=t("table.download_ready", name=self.file_name))
        return link

    def _forget_download(self) -> None:
        """A prepared download shows an older position once the game changes: drop it."""
        if getattr(self, "download", None) is not None and self.download.value:
            self.download.value = ""

    def save(self, path: str | None = None) -> Path | None:
        """Write the save file on the machine that runs Python (for scripts and teachers;
        the Save button downloads to the student's computer instead)."""
        target = Path(path or self.file_name)
        try:
            target.write_text(self.save_text(), encoding="utf-8")
        except OSError as err:
            error = err.strerror or str(err)
            self._problem(t("table.could_not_save", path=str(target), error=error))
            return None
        self.status.set(event=t("table.saved", path=str(target)))
        return target

    def _read_save(self, text: str | bytes, source: str) -> G | None:
        """The game in a save file, or None after saying why it cannot be loaded.

        A game for a different number of players resets the seats to the default.
        """
        try:
            if isinstance(text, bytes):
                text = text.decode("utf-8")
            game = load_json(text)
        except UnicodeDecodeError:
            self._problem(t("table.load_not_text", source=source))
            return None
        except self.load_errors as err:
            self._problem(t("table.load_failed", source=source, reason=_load_reason(err)))
            return None
        if not isinstance(game, self.game_type):
            self._problem(
                t("table.load_other_game", source=source, game=game.name, title=self.game_title)
            )
            return None
        n = len(game.players)
        if len(self.seats) != n:
            self.seats = default_seats(n)
        return game  # type: ignore[return-value]  # game_type is G's class

    def _on_upload(self, change: Any = None) -> None:
        files = change["new"] if isinstance(change, dict) else self.upload.value
        if not files:
            return
        upload = files[0]
        self.load_text(bytes(upload["content"]), upload.get("name") or t("table.the_file"))
        self.upload.value = ()

    @abstractmethod
    def load_text(self, text: str | bytes, source: str | None = None) -> bool:
        """Continue a saved game; a damaged or foreign file leaves the current game as it is
        (``source``: how the status line names the file; default "the save file")."""

    # ------------------------------------------------------------------ clicks
    def click(self, x: float, y: float) -> None:
        """A click at scene coordinates, as the canvas reports it (never raises)."""
        self.canvas.click(x, y)

    def _problem(self, message: str) -> None:
        self.status.set(problem=message)


def _load_reason(err: Exception) -> str:
    """Why a save file cannot be loaded, as one sentence (the engine's own reason)."""
    reason = getattr(err, "reason", None) or str(err)
    return reason.rstrip(".") + "."


class ModelTable(GameTable[G], ABC):
    """A table whose game and seats live in its interaction model (``model``), so the model
    is the one place that knows them and the table only shows it (Nuevos Mundos', Ecosfera's
    and Nuevo Mundo's tables)."""

    model: SeatModel[G]

    @property
    def game(self) -> G:
        return self.model.game

    @game.setter
    def game(self, game: G) -> None:
        self.model.game = game

    @property
    def seats(self) -> tuple[str, ...]:
        return self.model.seats

    @seats.setter
    def seats(self, seats: tuple[str, ...]) -> None:
        self.model.seats = seats
