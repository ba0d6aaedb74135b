"""Every game shows itself: a game object alone in a cell is drawn as its table.

Decision (issue 8, C6). A python-chess board shows itself because ``Board._repr_svg_``
draws it. Our games cannot do that: ``gamecore`` never imports ``widgets``, ipywidgets or
IPython, and a game's picture is a widget's business. So the drawing is attached from this
side: when ``widgets`` is imported (every lesson imports it) inside a running IPython, this
module registers a display formatter with IPython for the class of every registered game
of ``gamecore.GAMES`` that has a picture here ("nuevos-mundos", "ecosfera", "mondo",
"nuevo-mundo"). A game alone
in a cell (or passed to ``display``) then shows as its table: SVG in a notebook the reader
ran, PNG in one they did not (see ``widgets.svg.picture_bundle``), and a sentence in a
terminal. Outside IPython nothing is registered and nothing of IPython is imported;
``picture(game)`` gives the same ``Picture`` anywhere (scripts, tests, handouts).

What the picture shows is what a spectator may see, because a game in a cell is shown on
a screen the whole class may be looking at: the tables' own scene functions draw it from
a player's ``view``, and never a hidden card. Nuevos Mundos: the board, every world and the
size of every hand, face down (the view of the player to move without its hand, as the
table draws a hand waiting for its owner); at the end, the final score. To show the hand of
the player to move, a lesson calls ``widgets.nuevos_mundos.lesson.picture(game)``.
Ecosfera: everything in it is public, so the table as the player whose turn it is sees it,
with whose turn it is in the info box; at the end, the score. Mondo: every board and the
heap's top layer, as the first player's table shows them without the tile in hand. Nuevo
Mundo: the map with every piece, the players' card backs, the credit table and the battle,
without any hand or secret tactic. The
scene functions are imported when a game is first drawn, so importing ``widgets`` stays
light.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from gamecore import GAMES, Game
from gamecore.words import join_words, t

from .scene import Scene
from .svg import Bundle, Picture, picture_bundle

SceneOf = Callable[[Any], Scene]


def _nuevos_mundos_scene(game: Any) -> Scene:
    from gamecore.nuevos_mundos.scoring import best_settlement_values

    from .nuevos_mundos.table_scene import TableLook, public_view, table_scene

    if game.is_over:
        sheet = game.score()
        values: dict[int, int] = {}
        if "human_settlements" in game.modules:
            values = best_settlement_values(game.worlds, {}, game.modules)
        look = TableLook(
            seats=("human",) * len(game.players),
            seed=game.seed,
            sheet=sheet,
            score_step=len(sheet.categories) + 1,
            settlement_values=values,
            still=True,
        )
        return table_scene(public_view(game.view(0)), look)
    # The hand of the player to move is drawn as the table draws a hand waiting for its
    # owner: face down, from a view that carries no hand at all.
    player = game.current_player
    look = TableLook(
        hand_player=player,
        hidden=True,
        seats=("human",) * len(game.players),
        seed=game.seed,
        still=True,
    )
    return table_scene(public_view(game.view(player)), look)


def _ecosfera_scene(game: Any) -> Scene:
    from .ecosfera.table_scene import TableLook, table_scene

    lines: tuple[tuple[str, str, bool], ...] = ()
    outcome = game.outcome
    if outcome is not None:
        sheet = game.score()
        team = sheet.players[0]
        lines = tuple(
            (sheet.title(c), f"{sheet.points(team, c):+d}", False) for c in sheet.categories
        )
        lines += ((t("pictures.team_total"), str(sheet.total(team)), True),)
        title = t("pictures.final_score")
    else:
        title = t("pictures.player_to_play", player=game.players[game.current_player])
    look = TableLook(
        seats=("human",) * len(game.players),
        seed=game.seed,
        info_title=title,
        score_lines=lines,
        over=outcome.ending if outcome is not None else "",
        still=True,
    )
    return table_scene(game.view(game.turn_player), look)


def _mondo_scene(game: Any) -> Scene:
    # Every board and the heap's top layer are public; a tile in hand is its holder's
    # business, so the spectator's picture is the first player's table without the hand.
    import dataclasses

    from .mondo.table_scene import table_scene

    view = dataclasses.replace(game.view(0), hand=None)
    return table_scene(view, clock_ms=game.now)


def _nuevo_mundo_scene(game: Any) -> Scene:
    # The map and every piece are public; hands and a tactic chosen in secret are not, so
    # the spectator's picture is drawn from a view with neither.
    import dataclasses

    from .nuevo_mundo.table_scene import TableLook, table_scene

    player = game.current_player if game.current_player is not None else 0
    view = dataclasses.replace(game.view(player), hand=(), my_tactic=0)
    return table_scene(view, TableLook(still=True))


SCENES: dict[str, SceneOf] = {
    "nuevos-mundos": _nuevos_mundos_scene,
    "ecosfera": _ecosfera_scene,
    "mondo": _mondo_scene,
    "nuevo-mundo": _nuevo_mundo_scene,
}
"""A registered game's name -> the spectator's scene of one of its games."""


def _scene_of(game: Game) -> SceneOf:
    for name, spec in GAMES.items():
        if isinstance(game, spec.game_class) and name in SCENES:
            return SCENES[name]
    drawn = join_words([GAMES[name].title for name in SCENES if name in GAMES])
    raise TypeError(t("pictures.no_picture", kind=type(game).__name__, games=drawn))


def scene(game: Game) -> Scene:
    """The game's table as a spectator may see it (no hidden card)."""
    return _scene_of(game)(game)


def picture(game: Game) -> Picture:
    """A still picture of ``game``'s table, as it shows itself alone in a cell."""
    return Picture(scene(game))


def describe(game: Game) -> str:
    """The game in one sentence: which game, who plays, how far it is."""
    title = next(spec.title for spec in GAMES.values() if isinstance(game, spec.game_class))
    players = join_words(list(game.players))
    n = len(game.moves())
    if game.is_over or game.current_player is None:
        return t("pictures.game_over", game=title, players=players, n=n)
    player = game.players[game.current_player]
    return t("pictures.game_to_play", game=title, players=players, player=player, n=n)


def game_bundle(game: Game) -> Bundle:
    """What IPython shows for a game: its picture (SVG and PNG) and ``describe(game)``."""
    return picture_bundle(scene(game), describe(game))


def register_formatters(shell: Any = None) -> list[type]:
    """Make every game with a picture show itself in ``shell`` (default: the running
    IPython, if any). Returns the game classes registered (none outside IPython)."""
    if shell is None:
        ipython = sys.modules.get("IPython")  # only a running IPython has imported it
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return []
    formatter = shell.display_formatter.mimebundle_formatter
    classes = [GAMES[name].game_class for name in SCENES if name in GAMES]
    for cls in classes:
        formatter.for_type(cls, game_bundle)
    return classes
