"""What every game table shares: seats, bot seeds, buttons, and the save / load / undo plumbing.

A game's table (``NuevosMundosTable``, ``EcosferaTable``) subclasses ``GameTable`` and
keeps its own rules of play: how a move is described, what the canvas shows, which buttons
it has. What is the same at every table lives here once:

- seats and seeds: ``check_seats``, ``default_seats``, ``fresh_seed``, ``bot_seed``;
- ipywidgets helpers that send one message per change: ``make_button``, ``set_traits``, ``show``;
- words used at every table: ``possessive``, ``join_words``;
- ``GameTable``: display, clicks that never raise, who is human, the save file (the File
  box, the Load button, ``save`` / ``save_text`` and the checks of ``load_text``) and the
  first half of ``undo`` (back to the last human decision).
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

import ipywidgets as w

from gamecore import IllegalAction, SaveFileError, load_json
from gamecore.protocol import Game

from .canvas import SceneCanvas
from .scene import Scene
from .status import StatusLine
from .svg import Picture, to_svg

G = TypeVar("G", bound=Game)

# ---------------------------------------------------------------------------- seats and seeds


def fresh_seed() -> int:
    """A new game seed, short enough to read out to a class."""
    return 1000 + secrets.randbelow(9000)


def bot_seed(game_seed: int, move_number: int, seat: int) -> int:
    """The seed of one bot decision: the same game and moves give the same choice.

    Seeding each decision (rather than each bot) keeps a game reproducible through undo,
    save and load.
    """
    return (game_seed * 1_000_003 + move_number * 101 + seat) % 2**31


def check_seats(seats: Sequence[str], n_players: int, kinds: Sequence[str]) -> tuple[str, ...]:
    """The seats as a tuple, or a ``ValueError`` that says what is wrong with them."""
    seats = tuple(seats)
    if len(seats) != n_players:
        raise ValueError(f"give one seat per player ({n_players}), not {len(seats)}: {seats}")
    for seat in seats:
        if seat not in kinds:
            raise ValueError(f"unknown seat {seat!r}; a seat is one of {', '.join(kinds)}")
    return seats


def default_seats(n: int) -> tuple[str, ...]:
    """The first player human, the others greedy bots."""
    return ("human",) + ("greedy",) * (n - 1)


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


# ---------------------------------------------------------------------------- words


def join_words(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def possessive(name: str, *, start: bool = False) -> str:
    """``Ana's``, or ``your`` / ``Your`` for the default human name "You"."""
    if name == "You":
        return "Your" if start else "your"
    return f"{name}'s"


def bot_moves_words(undone: int) -> str:
    """What an undo took back besides the human's move: " and 2 bot moves", or nothing."""
    return f" and {undone - 1} bot move{'s' * (undone != 2)}" if undone > 1 else ""


def loaded_event(game: Game, source: str) -> str:
    """The status line after a load: where from, which seed, how far the game had come."""
    return f"Loaded {source}: seed {game.seed}, {len(game.moves())} moves played."


GAME_OVER_REFUSAL = "The game is over: press “Next scoring step” to see the score, or “New game”."
"""Why a click does nothing once the game is over."""

# ---------------------------------------------------------------------------- the table


class GameTable(ABC, Generic[G]):
    """The part of a game table that does not depend on the game.

    A subclass sets ``game_type`` and ``game_title`` (the name a student reads in "it is a
    save of Ecosfera, not Nuevos Mundos"), builds the widgets named below, and defines
    ``_start`` (show a game from scratch) and ``_on_target`` (what a click on the canvas
    does).
    """

    game_type: ClassVar[type[Game]]
    game_title: ClassVar[str]
    load_errors: ClassVar[tuple[type[Exception], ...]] = (SaveFileError, ValueError, IllegalAction)
    """What a damaged save file may raise while it is read and replayed."""

    game: G
    seats: tuple[str, ...]
    history: list[str]
    status: StatusLine
    canvas: SceneCanvas
    widget: w.VBox
    save_name: w.Text
    upload: w.FileUpload
    _default_name: str

    @abstractmethod
    def _start(self, game: G, event: str) -> None:
        """Show ``game`` from scratch: history, bots' turns, picture."""

    @abstractmethod
    def _on_target(self, target: str | None, *_xy: float) -> None:
        """What a click on the canvas does (``target``: the id the click landed on)."""

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """A callback that reports a failure on the status line instead of raising."""

        def handler(*_: Any) -> None:
            try:
                fn()
            except Exception as err:  # a click must never raise into the kernel log
                self._problem(f"That did not work: {err}")

        return handler

    def _file_widgets(self, prefix: str) -> None:
        """The File box and the Load button (CSS ``{prefix}-save-name``, ``{prefix}-load``)."""
        self.save_name = w.Text(description="File", layout=w.Layout(width="300px"))
        self.save_name.add_class(f"{prefix}-save-name")
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load")
        self.upload.add_class(f"{prefix}-load")
        self.upload.observe(
            lambda change: self._guard(lambda: self._on_upload(change))(), names="value"
        )

    # ------------------------------------------------------------------ notebook display
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def scene(self) -> Scene:
        """The scene on the canvas now."""
        return self.canvas.scene

    def to_svg(self) -> str:
        """The current table as SVG text."""
        return to_svg(self.scene())

    def snapshot(self) -> Picture:
        """A still SVG picture of the table now (for exported notebooks and handouts)."""
        return Picture(self.scene())

    # ------------------------------------------------------------------ who is who
    def _is_human(self, player: int | None) -> bool:
        return player is not None and self.seats[player] == "human"

    def _bot_to_play(self) -> bool:
        player = self.game.current_player
        return player is not None and not self._is_human(player)

    def _name(self, player: int) -> str:
        return self.game.players[player]

    # ------------------------------------------------------------------ undo
    def _undo_to_human(self) -> int | None:
        """Undo back to the last human decision, with the bots' moves after it.

        Returns how many moves were undone and cuts the history to match; with no human
        move to undo, says so and returns None.
        """
        moves = self.game.moves()
        humans = [i for i, (p, _) in enumerate(moves) if self._is_human(p)]
        if not humans:
            self._problem("There is no human move to undo.")
            return None
        target = humans[-1]
        while len(self.game.moves()) > target:
            self.game.undo()
        del self.history[target:]
        return len(moves) - target

    # ------------------------------------------------------------------ saving
    def _suggest_file_name(self, name: str) -> None:
        """Put ``name`` in the File box, unless someone typed a name of their own there."""
        if self.save_name.value in ("", self._default_name):
            self.save_name.value = name
        self._default_name = name

    def save_text(self) -> str:
        """The game as save-file text (JSON with the whole log)."""
        return self.game.to_json()

    def save(self, path: str | None = None) -> Path | None:
        """Write the save file (default: the name in the File box, in the current folder)."""
        target = Path(path or self.save_name.value or self._default_name)
        try:
            target.write_text(self.save_text(), encoding="utf-8")
        except OSError as err:
            self._problem(f"Could not save to {target}: {err.strerror or err}.")
            return None
        self.status.set(event=f"Saved the game to {target}.")
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
            self._problem(f"Could not load {source}: it is not a text file.")
            return None
        except self.load_errors as err:
            self._problem(f"Could not load {source}: {err} The current game is unchanged.")
            return None
        if not isinstance(game, self.game_type):
            self._problem(
                f"Could not load {source}: it is a save of {game.name}, not {self.game_title}. "
                "The current game is unchanged."
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
        self.load_text(bytes(upload["content"]), upload.get("name", "the file"))
        self.upload.value = ()

    @abstractmethod
    def load_text(self, text: str | bytes, source: str = "the save file") -> bool:
        """Continue a saved game; a damaged or foreign file leaves the current game as it is."""

    # ------------------------------------------------------------------ clicks
    def click(self, x: float, y: float) -> None:
        """A click at scene coordinates, as the canvas reports it (never raises)."""
        self.canvas.click(x, y)

    def _problem(self, message: str) -> None:
        self.status.set(problem=message)
