"""The play-only apps: one game table per page, no code, in the language of the link.

``notebooks/apps/<game>.ipynb`` is two lines, ``from widgets.apps import app`` and
``app("nuevos-mundos")``; Voila runs it and strips the source, so a class sees only this:

- a title and one line of how to play, in the chosen language;
- a language choice (Español / English) that redraws everything in the other language
  and keeps the game in progress (the table is rebuilt from the same game, so its history
  and status are written again in the new language);
- the few settings a class needs: how many players, whether the others are bots or
  classmates at the same screen, and the player's own name;
- the game's table (``NuevosMundosTable`` / ``EcosferaTable``) exactly as in the lessons.

The language comes from the link first (``?lang=es``: Voila starts each page's kernel with
the request's query in ``$QUERY_STRING``), else from ``gamecore.words.get_language()``
(``$MUNDOS_LANG`` or the notebook's folder). The app sets the process language, because the
tables and the engine speak the process language.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from gamecore import load_json
from gamecore.protocol import Game
from gamecore.words import LANGUAGES, get_language, set_language, t
from widgets.ecosfera.table import EcosferaTable
from widgets.ecosfera.table_scene import WIDTH as ECO_WIDTH
from widgets.mondo.table import MondoTable
from widgets.mondo.table_scene import WIDTH as MONDO_WIDTH
from widgets.nuevo_mundo.table import NuevoMundoTable
from widgets.nuevo_mundo.table_scene import WIDTH as NMUNDO_WIDTH
from widgets.nuevos_mundos.table import NuevosMundosTable
from widgets.nuevos_mundos.table_scene import WIDTH as NM_WIDTH
from widgets.seats import default_names
from widgets.table_base import GameTable
from widgets.words import you_name

QUERY_VARIABLE = "QUERY_STRING"
"""Where Voila puts the page's query string (``lang=es``) for the kernel it starts."""

LANGUAGE_PARAMETER = "lang"

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

APP_WIDTH = f"{max(NM_WIDTH, ECO_WIDTH, MONDO_WIDTH, NMUNDO_WIDTH) + 20}px"
"""The tables' canvas width and their border."""


@dataclass(frozen=True)
class AppSpec:
    """What differs between the games' apps."""

    key: str
    """The catalog's word for the game in keys (``apps.how_to_<key>``)."""
    title: str
    """The game's name: the same in every language."""
    min_players: int
    max_players: int
    default_players: int
    bot_kinds: tuple[str, ...]
    """The bots' kinds, seat after seat (cycled when there are more bots)."""
    make_table: Callable[..., GameTable[Any]]
    from_game: Callable[..., GameTable[Any]]
    hot_seat: bool = True
    """Whether several people may share the screen (not in a real-time game, where everyone
    acts at once)."""


APPS: dict[str, AppSpec] = {
    "nuevos-mundos": AppSpec(
        key="nuevos_mundos",
        title="Nuevos Mundos",
        min_players=2,
        max_players=4,
        default_players=3,
        # the lesson's opponents: one that plays well, one that plays anything
        bot_kinds=("greedy", "random"),
        make_table=lambda players, seats, old: NuevosMundosTable(players=players, seats=seats),
        from_game=NuevosMundosTable.from_game,
    ),
    "ecosfera": AppSpec(
        key="ecosfera",
        title="Ecosfera",
        min_players=1,
        max_players=4,
        default_players=1,
        bot_kinds=("greedy",),  # the table's default teammates
        make_table=lambda players, seats, old: EcosferaTable(players, seats, level=_level_of(old)),
        from_game=EcosferaTable.from_game,
    ),
    "mondo": AppSpec(
        key="mondo",
        title="Mondo",
        min_players=1,
        max_players=4,
        default_players=3,
        bot_kinds=("rival",),  # real-time rivals at the table's default pace
        make_table=lambda players, seats, old: MondoTable(players=players, seats=seats),
        from_game=MondoTable.from_game,
        hot_seat=False,
    ),
    "nuevo-mundo": AppSpec(
        key="nuevo_mundo",
        title="Nuevo Mundo",
        min_players=2,
        max_players=5,
        default_players=3,
        bot_kinds=("greedy",),  # expands, builds and attacks when the odds are good
        make_table=lambda players, seats, old: NuevoMundoTable(
            players=len(players), seats=seats, names=players
        ),
        from_game=NuevoMundoTable.from_game,
    ),
}
"""The apps by game name (``gamecore.GAMES``'s names); ``notebooks/apps/`` has one each."""


def _level_of(old: GameTable[Any] | None) -> int:
    """The level the old Ecosfera table had chosen, so new players keep the class's level."""
    choice = getattr(old, "level_choice", None)
    return int(choice.value) if choice is not None else 1


# ------------------------------------------------------------------------- language


def language_from_query(query: str | None) -> str | None:
    """The declared language a query string asks for (``lang=es`` -> ``es``), else None."""
    values = parse_qs(query or "").get(LANGUAGE_PARAMETER, [])
    for value in values:
        lang = value.strip().lower()
        if lang in LANGUAGES:
            return lang
    return None


def start_language(environ: Mapping[str, str] | None = None) -> str:
    """The language a page opens in: the link's ``?lang=``, else the process language."""
    env = os.environ if environ is None else environ
    return language_from_query(env.get(QUERY_VARIABLE)) or get_language()


# ------------------------------------------------------------------------- names


def seat_names(seats: Sequence[str], *, hot_seat: bool) -> tuple[str, ...]:
    """The names the app gives ``seats`` in the current language: the table's defaults
    ("You", "Greedy bot", "Random bot"), or "Player 1", "Player 2", ... when the group
    shares the screen (nobody there is "you")."""
    if hot_seat:
        return tuple(t("core.player_numbered", n=k + 1) for k in range(len(seats)))
    return default_names(seats)


# ------------------------------------------------------------------------- the app


class PlayApp:
    """One game's play-only page. Display it (it is the last line of the app notebook).

    ``lang`` overrides the link and the process language; ``environ`` is where the link's
    query string is read (default ``os.environ``). For tests and scripts: ``table``,
    ``switch_language(lang)``, ``press_start()``, ``players``, ``hot_seat``, ``name``.
    """

    def __init__(
        self,
        game: str,
        *,
        lang: str | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        if game not in APPS:
            raise ValueError(f"there is no app for {game!r}; choose one of {', '.join(APPS)}")
        self.spec = APPS[game]
        self.lang = lang or start_language(environ)
        set_language(self.lang)
        self._confirming = False
        self._make_widgets()
        self.table = self._new_table(None)
        self._words()
        self._show_table()

    # ------------------------------------------------------------------ widgets
    def _make_widgets(self) -> None:
        spec = self.spec
        # the title shrinks (its line wraps) so the language choice keeps its two buttons
        # side by side at the right
        self.header = w.HTML(layout=w.Layout(flex="1 1 auto", min_width="0"))
        self.header.add_class("app-header")
        self.language = w.ToggleButtons(
            options=[(t("apps.language_self", lang=code), code) for code in LANGUAGES],
            value=self.lang,
            style={"button_width": "auto"},
            layout=w.Layout(flex="0 0 auto", width="auto", margin="4px 0 0 12px"),
        )
        self.language.add_class("app-language")
        self.language.observe(self._on_language, names="value")
        self.players_choice = w.Dropdown(
            options=list(range(spec.min_players, spec.max_players + 1)),
            value=spec.default_players,
            layout=w.Layout(width="140px"),
        )
        self.players_choice.add_class("app-players")
        # widths that keep the whole settings row on one line of the table's width, in
        # the longer (Spanish) words
        self.mode_choice = w.Dropdown(layout=w.Layout(width="290px"))
        self.mode_choice.add_class("app-mode")
        self.name_input = w.Text(layout=w.Layout(width="190px"))
        self.name_input.add_class("app-name")
        self.start_button = w.Button(layout=w.Layout(width="auto"))
        self.start_button.add_class("app-start")
        self.start_button.on_click(lambda _: self.press_start())
        self.note = w.HTML()
        self.note.add_class("app-note")
        for control in (self.players_choice, self.mode_choice, self.name_input):
            control.observe(self._settings_changed, names="value")
            control.layout.margin = "2px 12px 2px 0"
            control.style.description_width = "initial"  # the label's own width, no indent
        self.settings = w.HBox(
            [self.players_choice, self.mode_choice, self.name_input, self.start_button],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        top = w.HBox(
            [self.header, self.language],
            layout=w.Layout(justify_content="space-between", align_items="flex-start"),
        )
        self.slot = w.Box()
        # as wide as the table, so the language choice sits above the table's right edge
        self.widget = w.VBox(
            [top, self.settings, self.note, self.slot], layout=w.Layout(max_width=APP_WIDTH)
        )
        self.widget.add_class("app")

    def _words(self) -> None:
        """Every word of the app's own controls, in the current language."""
        spec = self.spec
        self.header.value = (
            f"<h2 style='margin:0 0 4px 0'>{_html(t('apps.title', game=spec.title))}</h2>"
            f"<div style='font-size:15px'>{_html(t(f'apps.how_to_{spec.key}'))}</div>"
        )
        self.language.tooltips = [t("apps.language_tip") for _ in LANGUAGES]
        self.players_choice.description = t("apps.players_label")
        hot = self.mode_choice.value == "hot_seat" and spec.hot_seat
        modes = [(t(f"apps.mode_bots_{spec.key}"), "bots")]
        if spec.hot_seat:
            modes.append((t("apps.mode_hot_seat"), "hot_seat"))
        self.mode_choice.options = modes
        self.mode_choice.value = "hot_seat" if hot else "bots"
        self.mode_choice.description = t("apps.mode_label")
        self.name_input.description = t("apps.name_label")
        self.name_input.placeholder = you_name()
        self._update_controls()

    def _update_controls(self) -> None:
        alone = self.players_choice.value == 1
        self.mode_choice.disabled = alone or not self.spec.hot_seat
        self.name_input.disabled = self.hot_seat and not alone
        self.start_button.description = t(
            "apps.start_confirm" if self._confirming else "apps.start"
        )
        self.start_button.button_style = "warning" if self._confirming else ""
        self.note.value = (
            f"<div style='font-size:14px'>{_html(t('apps.start_note'))}</div>"
            if self._confirming
            else ""
        )

    def _show_table(self) -> None:
        self.slot.children = (self.table.widget,)

    # ------------------------------------------------------------------ settings
    @property
    def players(self) -> int:
        return int(self.players_choice.value)

    @property
    def hot_seat(self) -> bool:
        return self.players > 1 and self.spec.hot_seat and self.mode_choice.value == "hot_seat"

    @property
    def name(self) -> str:
        return " ".join(str(self.name_input.value).split())

    def seats(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(player names, seat kinds) for the settings on screen."""
        n = self.players
        if self.hot_seat:
            kinds: tuple[str, ...] = ("human",) * n
        else:
            bots = self.spec.bot_kinds
            kinds = ("human", *(bots[k % len(bots)] for k in range(n - 1)))
        names = list(seat_names(kinds, hot_seat=self.hot_seat))
        if not self.hot_seat and self.name and self.name not in names:
            names[0] = self.name
        return tuple(names), kinds

    def _settings_changed(self, _change: Any = None) -> None:
        self._confirming = False
        self._update_controls()

    def _new_table(self, old: GameTable[Any] | None) -> GameTable[Any]:
        names, kinds = self.seats()
        return self.spec.make_table(names, kinds, old)

    def _in_progress(self) -> bool:
        """A game someone has played in and not finished: starting again would lose it."""
        return self.table.humans_have_played() and not self.table.game.is_over

    def press_start(self) -> bool:
        """Start a new game with the settings on screen. In the middle of a game the first
        press asks (the button turns into "Yes, start again"), so a quick click never
        drops a game. Returns whether a new game started."""
        if self._in_progress() and not self._confirming:
            self._confirming = True
            self._update_controls()
            return False
        self._confirming = False
        self.table = self._new_table(self.table)
        self._update_controls()
        self._show_table()
        return True

    # ------------------------------------------------------------------ language
    def _on_language(self, change: Mapping[str, Any]) -> None:
        self.switch_language(str(change["new"]))

    def switch_language(self, lang: str) -> None:
        """Speak ``lang`` from now on: the app's words, and the same game on a new table
        (default names such as "You" or "Greedy bot" are renamed in the new language)."""
        if lang == self.lang:
            return
        old_names = self._default_names()
        set_language(lang)
        self.lang = lang
        if self.language.value != lang:
            self.language.value = lang  # calls back here; lang == self.lang stops it
        renames = dict(zip(old_names, self._default_names()))
        game = _renamed(self.table.game, renames)
        self.table = self.spec.from_game(game, seats=self.table.seats)
        self._confirming = False
        self._words()
        self._show_table()

    def _default_names(self) -> tuple[str, ...]:
        """The names the app would give the current table's seats, in the current language
        (a name a student typed is not among them, so it stays as typed)."""
        seats = self.table.seats
        return seat_names(seats, hot_seat="human" in seats[1:])

    # ------------------------------------------------------------------ display
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live app, plus the table's still picture where widgets cannot run."""
        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        still, metadata = self.table._repr_mimebundle_(**kwargs)
        bundle.update({k: v for k, v in still.items() if k != WIDGET_VIEW})
        return bundle, metadata


def _html(text: str) -> str:
    return escape(text, quote=False)


def _renamed(game: Game, renames: Mapping[str, str]) -> Game:
    """The same game (same seed, same moves) with players renamed by ``renames``."""
    data = json.loads(game.to_json())
    data["players"] = [renames.get(name, name) for name in data["players"]]
    if len(set(data["players"])) < len(data["players"]):
        return game  # a typed name equals a default one: keep the names as they were
    return load_json(json.dumps(data))


def app(game: str, **options: Any) -> PlayApp:
    """The play-only app of ``game`` ("nuevos-mundos", "ecosfera", "mondo" or "nuevo-mundo"); see
    ``PlayApp``."""
    return PlayApp(game, **options)
