"""What Nuevo Mundo lesson 1 ("how to play") shows: the teaching map, the credit table, a
first round told step by step, a battle round by round, and a quiz on the rules.

- the board: ``map_picture(game)`` (the map with every region named, a legend and the
  players' key), ``map_words(game)`` (the same in sentences: islands, seas, open coasts,
  neighbours), ``face_up_picture(game)`` (the three discovery cards on the table);
- ``credit_table(game, player)``: the credit table as an HTML table, the rulebook's printed
  cells starred, the player's cell lit and a sentence that reads it;
- ``Story(game)``: the lesson plays the engine's own actions in its cells (the class types
  the dice: ``dice="table"``, so the story is the same on every run) and ``story.step()``
  shows the map as it is now (cones, the colour die's last face, whose turn and stage)
  with the engine's sentences for everything that happened since the last step;
- ``refused(game, action)``: why the engine refuses a move, in a sentence;
- ``battle_table(game)``: the last battle round by round (each side's pieces, criterion and
  tactic, and who removed how many);
- ``rules_quiz()``: a short quiz on the rules (``widgets.quiz``).

Every word comes from the catalog namespace ``nuevo_mundo_lesson_play``; the events are said
by ``gamecore.nuevo_mundo.events``. The playing table for the end of the lesson is
``NuevoMundoTable`` (``table.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, cast

from gamecore.nuevo_mundo import NuevoMundo
from gamecore.nuevo_mundo.actions import colour_word
from gamecore.nuevo_mundo.criptex import criterion, criterion_name
from gamecore.nuevo_mundo.data import CARDS, credits
from gamecore.nuevo_mundo.events import event_text
from gamecore.nuevo_mundo.game import COLOUR, OPERATE, PLACE
from gamecore.protocol import Action
from gamecore.words import join_words, t

from ..notes import Notes
from ..palette import HIGHLIGHT, INK, OK, PAPER, text_on, tint
from ..quiz import Quiz
from ..scene import Path, Polygon, Rect, Scene, Shape, Text, wrap
from ..svg import Picture
from .cards import (
    CARD_H,
    CARD_W,
    GAP,
    Described,
    card_name,
    category_name,
    hand_shapes,
    points_words,
)
from .lesson_criptex import Grid
from .map_scene import (
    BADGE_H,
    LAND,
    LAND_BORDER,
    SEA,
    MapLook,
    fit_box,
    map_shapes,
    player_colour,
    seat_mark,
)
from .table_scene import die_face

NS: Final = "nuevo_mundo_lesson_play"

MAP_W: Final = 470
MAP_H: Final = 270
"""The map's room in a picture: the teaching map's 16 x 9 cells get 29 pixels each."""
PANEL_W: Final = 190
"""The column beside the map: the legend, the players' key, the turn and the die."""
PRINTED: Final = frozenset({(1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3)})
"""The (settlements, islands) cells the rulebook prints; the others follow its rule."""
CREDIT_ROWS: Final = 5
QUIZ_SIZE: Final = 7
"""Questions in the quiz (keys q1 ... q7 of the catalog)."""
QUIZ_ANSWERS: Final = (1, 2, 0, 1, 2, 0, 2)
"""The right option of each question (counted from 0), in the catalog's order."""


def _w(key: str, **values: Any) -> str:
    return t(f"{NS}.{key}", **values)


def regions(game: NuevoMundo, names: str) -> tuple[int, ...]:
    """The numbers of the regions named in ``names`` ("AT BT AM"), in that order, so a
    lesson's cells can write ``Aim(AT, BT)``."""
    return tuple(game.map.by_name(name) for name in names.split())


# ---------------------------------------------------------------------------- the board


def _map_box(game: NuevoMundo) -> Any:
    return fit_box(game.map, 6, 6, MAP_W, MAP_H)


def _scene_size(game: NuevoMundo, extra_height: float = 0) -> tuple[int, int]:
    box = _map_box(game)
    width = box.cell * game.map.cols + 12 + PANEL_W
    height = max(box.cell * game.map.rows + 12, extra_height)
    return int(width), int(height)


def _panel_text(x: float, y: float, text: str, id: str, **kw: Any) -> list[Shape]:
    """``text`` wrapped to the panel's width, one Text per line; the shapes."""
    size = kw.pop("size", 13)
    lines = wrap(text, PANEL_W - 24, size, bold=bool(kw.get("bold")))
    return [
        Text(id=f"{id}-{k}", x=x, y=y + k * (size + 3), text=line, size=size, fill=INK, **kw)
        for k, line in enumerate(lines)
    ]


def _text_height(text: str, size: float = 13, bold: bool = False) -> float:
    return len(wrap(text, PANEL_W - 24, size, bold=bold)) * (size + 3)


def _players_key(game: NuevoMundo, x: float, y: float) -> tuple[list[Shape], float]:
    """Each player's badge colour and seat number beside the name: who is "1" on the map."""
    shapes: list[Shape] = []
    for p, name in enumerate(game.players):
        colour = player_colour(p)
        shapes.append(
            Rect(
                id=f"key-{p}",
                x=x,
                y=y,
                width=22,
                height=BADGE_H,
                radius=4,
                fill=colour,
                stroke=INK,
                stroke_width=1,
            )
        )
        shapes.append(
            Text(
                id=f"key-{p}-seat",
                x=x + 11,
                y=y + BADGE_H / 2 + 1,
                text=seat_mark(p),
                size=12,
                bold=True,
                anchor="middle",
                fill=text_on(colour),
            )
        )
        shapes.append(
            Text(id=f"key-{p}-name", x=x + 30, y=y + BADGE_H / 2 + 1, text=name, size=13, fill=INK)
        )
        y += BADGE_H + 6
    return shapes, y


def _legend(x: float, y: float) -> tuple[list[Shape], float]:
    """Land, sea, an open coast's double arrow, a land border: a swatch and words each."""
    shapes: list[Shape] = []
    items = (("land", LAND), ("sea", SEA))
    for kind, fill in items:
        shapes.append(
            Rect(id=f"legend-{kind}", x=x, y=y, width=22, height=16, fill=fill, stroke=INK)
        )
        words = _w(f"legend_{kind}")
        shapes += _panel_text(x + 30, y + 9, words, f"legend-{kind}-words")
        y += max(22, _text_height(words) + 6)
    # the open coast: a double arrow, as the map draws it
    mid = y + 8
    shapes += [
        Path(
            id="legend-open-shaft",
            commands=(("M", x + 2, mid), ("L", x + 20, mid)),
            stroke=INK,
            stroke_width=2.5,
        ),
        Polygon(
            id="legend-open-left", points=((x, mid), (x + 6, mid - 5), (x + 6, mid + 5)), fill=INK
        ),
        Polygon(
            id="legend-open-right",
            points=((x + 22, mid), (x + 16, mid - 5), (x + 16, mid + 5)),
            fill=INK,
        ),
    ]
    words = _w("legend_open")
    shapes += _panel_text(x + 30, y + 9, words, "legend-open-words")
    y += max(22, _text_height(words) + 6)
    shapes.append(
        Path(
            id="legend-border",
            commands=(("M", x, y + 8), ("L", x + 22, y + 8)),
            stroke=LAND_BORDER,
            stroke_width=3.5,
        )
    )
    words = _w("legend_border")
    shapes += _panel_text(x + 30, y + 9, words, "legend-border-words")
    y += max(22, _text_height(words) + 6)
    return shapes, y


def map_picture(game: NuevoMundo) -> Picture:
    """The map with every region named, and beside it a legend and the players' key."""
    box = _map_box(game)
    view = game.view(0)
    x = box.cell * game.map.cols + 24
    legend, y = _legend(x, 12)
    key, y = _players_key(game, x, y + 10)
    width, height = _scene_size(game, y + 6)
    scene = Scene(
        width, height, background=PAPER, title=_w("map_picture_title", map=game.map.title)
    )
    scene.extend(map_shapes(view, box, MapLook(targets=False)))
    scene.extend(legend)
    scene.extend(key)
    return Picture(scene)


def _names(game: NuevoMundo, ids: Sequence[int]) -> str:
    return join_words([game.map.regions[r].name for r in ids])


def map_words(game: NuevoMundo) -> Notes:
    """The map in sentences: each island's land regions, the sea regions, the open coasts,
    and every region's neighbours (the board's text description)."""
    board = game.map
    lines = []
    for island in range(board.islands):
        lines.append(
            _w(
                "island_words",
                number=island + 1,
                regions=_names(game, board.island_regions(island)),
            )
        )
    lines.append(_w("sea_words", regions=_names(game, board.sea_regions())))
    coasts = [
        f"{board.regions[a].name}-{board.regions[b].name}" for a, b in sorted(board.open_coasts)
    ]
    lines.append(_w("open_words", n=len(coasts), coasts=join_words(coasts)))
    for region in board.regions:
        near = board.neighbours(region.id)
        if near:
            lines.append(_w("neighbour_words", region=region.name, regions=_names(game, near)))
        else:
            lines.append(_w("no_neighbour_words", region=region.name))
    return Notes(lines)


def face_up_picture(game: NuevoMundo) -> Described:
    """The discovery cards lying face up on the table, with their names in words."""
    cards = [CARDS[c] for c in game.face_up]
    step = CARD_W + GAP
    scene = Scene(
        int(len(cards) * step + GAP),
        CARD_H + 2 * GAP,
        background=PAPER,
        title=_w("face_up_title", n=len(cards)),
    )
    scene.extend(hand_shapes(cards, GAP, GAP, id="face-up"))
    listed = [
        _w(
            "card_in_list",
            card=card_name(c),
            category=category_name(c.category),
            points=points_words(c.points),
        )
        for c in cards
    ]
    words = _w("face_up_words", cards=join_words(listed))
    return Described(scene, [words])


# ---------------------------------------------------------------------------- credits


def credit_table(
    game: NuevoMundo | None = None, player: int | None = None, size: int = CREDIT_ROWS
) -> Grid:
    """The credit table: settlements down, islands across. The rulebook's printed cells
    carry a star; the others follow its rule (2 x settlements + 2 x islands - 1). With a
    game and a player, that player's cell is lit and a sentence reads it."""
    lit: tuple[int, int] | None = None
    note = _w("credit_rule")
    if game is not None and player is not None:
        settled = len(game.settlements(player))
        islands = game.islands_of(player)
        lit = (settled, islands)
        note += " " + _w(
            "credit_reading",
            name=game.players[player],
            settlements=_w("settlements_count", n=settled),
            islands=_w("islands_count", n=islands),
            n=game.credits_of(player),
        )
    rows = []
    fills = []
    for s in range(1, size + 1):
        row = [_w("settlements_count", n=s)]
        fill: list[str | None] = [None]
        for i in range(1, size + 1):
            if i > s:  # a settlement stands on one island: never more islands than settlements
                row.append("—")
                fill.append(None)
                continue
            value = str(credits(s, i)) + ("*" if (s, i) in PRINTED else "")
            if (s, i) == lit:
                row.append(f"▶ {value}")
                fill.append(tint(HIGHLIGHT, 0.6))
            else:
                row.append(value)
                fill.append(None)
        rows.append(tuple(row))
        fills.append(tuple(fill))
    headers = (_w("credit_corner"), *(_w("islands_count", n=i) for i in range(1, size + 1)))
    return Grid(headers, tuple(rows), tuple(fills), note)


# ---------------------------------------------------------------------------- the story


def refused(game: NuevoMundo, action: Action) -> Notes:
    """Why the engine refuses ``action`` now, or that it allows it: one sentence."""
    reason = game.why_illegal(action)
    if reason is None:
        return Notes([_w("allowed", action=game.describe(action))])
    return Notes([reason])


class Step:
    """One step of the story: the map as it is now, then the sentences of what happened.

    In a notebook it shows as two outputs, the picture (SVG, with a PNG for a notebook not
    yet run) and the sentences (HTML paragraphs); elsewhere as the sentences."""

    def __init__(self, picture: Picture, lines: Notes) -> None:
        self.picture = picture
        self.lines = lines

    def _ipython_display_(self) -> None:
        from IPython.display import display as untyped_display

        display = cast(Callable[..., None], untyped_display)  # IPython's has no annotations
        display(self.picture)
        display(self.lines)

    def __str__(self) -> str:
        return str(self.lines)

    def __repr__(self) -> str:
        return str(self)


class Story:
    """A game told step by step from one player's seat (``viewer``: whose secret cards the
    sentences may name)."""

    def __init__(self, game: NuevoMundo, viewer: int = 0) -> None:
        self.game = game
        self.viewer = viewer
        self.told = 0
        """How many of the game's events the earlier steps have told."""
        self.steps = 0

    def step(self) -> Step:
        """The map now and the sentences of every event since the last step."""
        game = self.game
        new = game.events[self.told :]
        self.told = len(game.events)
        self.steps += 1
        lines = Notes(event_text(game, e, viewer=self.viewer) for e in new)
        if game.pending == COLOUR and game.aim is not None:
            origin, destination = (game.region_name(r) for r in game.aim)
            lines.append(_w("throw_now", origin=origin, destination=destination))
        if not lines:
            lines.append(_w("nothing_new"))
        rolled = [e[4] for e in new if e[0] == "roll"]
        return Step(self.picture(rolled[-1] if rolled else None), lines)

    def picture(self, colour: int | None = None) -> Picture:
        """The map from the viewer's seat with the turn, the stage, the red cones and (when
        ``colour`` is given) the colour die's face."""
        game = self.game
        box = _map_box(game)
        x = box.cell * game.map.cols + 24
        shapes, y = _players_key(game, x, 12)
        p = game.turn_player
        if p is not None and game.stage in (PLACE, OPERATE):
            words = _w("turn_of", name=game.players[p])
            shapes += _panel_text(x, y + 10, words, "turn", bold=True)
            y += _text_height(words, bold=True) + 10
            stage = _w("stage_place" if game.stage == PLACE else "stage_operate")
            shapes += _panel_text(x, y + 6, stage, "stage")
            y += _text_height(stage) + 6
            cones = _w("red_cones", n=len(game.red))
            shapes += _panel_text(x, y + 6, cones, "cones")
            y += _text_height(cones) + 6
        conflicts = game.conflicts() if game.stage == OPERATE else []
        for region in conflicts:
            words = _w("conflict_in", region=game.region_name(region))
            shapes += _panel_text(x, y + 6, words, f"conflict-{region}", bold=True)
            y += _text_height(words, bold=True) + 6
        if colour is not None:
            label = _w("die_label")
            shapes += _panel_text(x, y + 14, label, "die-label", bold=True)
            y += _text_height(label, bold=True) + 14
            shapes += die_face(colour, x, y, 56)
            y += 62
        width, height = _scene_size(game, y + 6)
        title = _w("step_title", n=self.steps, map=game.map.title)
        if colour is not None:
            title = _w(
                "step_title_die", n=self.steps, map=game.map.title, colour=colour_word(colour)
            )
        scene = Scene(width, height, background=PAPER, title=title)
        # the conflict region (where a battle is fought) outlined, as the table marks a choice
        look = MapLook(selected=conflicts[0] if conflicts else None, targets=False)
        scene.extend(map_shapes(game.view(self.viewer), box, look))
        scene.extend(shapes)
        return Picture(scene)


# ---------------------------------------------------------------------------- the battle


def battle_table(game: NuevoMundo) -> Grid:
    """The last battle round by round: each side's pieces, criterion and tactic, and the
    pieces each side removed (the winner's cell carries ▲)."""
    start = max((k for k, e in enumerate(game.events) if e[0] == "battle"), default=-1)
    if start < 0:
        return Grid((_w("round_header"),), (), (), _w("no_battle"))
    _, attacker, defender, region = game.events[start]
    rounds = [e for e in game.events[start:] if e[0] == "battle_round"]
    rows = []
    fills = []
    win = tint(OK, 0.7)
    for k, (_, _, _, _, att, dfd, attackers, defenders, lose_a, lose_d) in enumerate(rounds):
        a_cell = _w(
            "side_cell",
            n=attackers,
            criterion=criterion_name(criterion(attackers, defenders)),
            tactic=att,
        )
        d_cell = _w(
            "side_cell",
            n=defenders,
            criterion=criterion_name(criterion(defenders, attackers)),
            tactic=dfd,
        )
        fill: tuple[str | None, ...] = (None, None, None, None)
        if att == dfd:
            result = _w("result_tie")
        elif lose_d or not lose_a:
            result = _w("result_win", winner=game.players[attacker], loser=game.players[defender],
                        n=lose_d)  # fmt: skip
            a_cell, fill = f"▲ {a_cell}", (None, win, None, None)
        else:
            result = _w("result_win", winner=game.players[defender], loser=game.players[attacker],
                        n=lose_a)  # fmt: skip
            d_cell, fill = f"▲ {d_cell}", (None, None, win, None)
        rows.append((str(k + 1), a_cell, d_cell, result))
        fills.append(fill)
    headers = (
        _w("round_header"),
        _w("attacker_header", name=game.players[attacker]),
        _w("defender_header", name=game.players[defender]),
        _w("result_header"),
    )
    return Grid(
        headers, tuple(rows), tuple(fills), _w("battle_note", region=game.region_name(region))
    )


# ---------------------------------------------------------------------------- the quiz


def quiz_questions() -> list[dict[str, Any]]:
    """The quiz's questions as data (``widgets.quiz.Quiz`` reads them)."""
    questions = []
    for k in range(1, QUIZ_SIZE + 1):
        questions.append(
            {
                "question": _w(f"q{k}"),
                "options": [_w(f"q{k}_{letter}") for letter in "abc"],
                "answer": QUIZ_ANSWERS[k - 1],
                "explanation": _w(f"q{k}_why"),
            }
        )
    return questions


def rules_quiz() -> Quiz:
    """A short quiz on the rules of lesson 1."""
    return Quiz(quiz_questions(), title=_w("quiz_title"))


__all__ = [
    "Step",
    "Story",
    "battle_table",
    "credit_table",
    "face_up_picture",
    "map_picture",
    "map_words",
    "quiz_questions",
    "refused",
    "regions",
    "rules_quiz",
]
