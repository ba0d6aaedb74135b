"""Every word the tables and the pad draw fits the scene, in every language.

Spanish sentences run about a fifth longer than English ones; the other scene tests measure
English. Here every Text of the two tables and the scoring pad, at the states a class meets
(a new game, a card chosen, moves played, the end and its scoring steps), is measured as the
font draws it (``card_face.text_width``) in each declared language.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import gamecore
from gamecore.words import LANGUAGES
from widgets.card_face import text_width
from widgets.ecosfera.table import EcosferaTable
from widgets.nuevos_mundos.pad import ScoringPad
from widgets.nuevos_mundos.table import NuevosMundosTable
from widgets.scene import Scene, Text

WORLDS = {
    "Roberto": [1, 3, 5, 9, 11, 13, 24, 31, 39, 41, 43, 45, 49, 63],
    "Alicia": [7, 15, 23, 25, 27, 29, 33, 35, 37, 47, 53, 54, 55],
}
"""Two worlds of the rulebook's scoring example (as in lesson 2)."""


def _nuevos_mundos() -> Iterator[tuple[str, Scene]]:
    table = NuevosMundosTable(seed=4)
    yield "new game", table.scene()
    table.select(table.game.view(table.game.current_player).hand[0])
    yield "a card chosen", table.scene()
    rng = random.Random(2)
    game = gamecore.new_game("nuevos-mundos", players=2, seed=2)
    for moves in range(400):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
        if moves == 20:
            middle = NuevosMundosTable.from_game(game, seats=("human", "human"))
            yield "hot seat after moves", middle.scene()
    hot = NuevosMundosTable.from_game(game, seats=("human", "human"))
    yield "the end", hot.scene()
    for step in range(1, 12):
        if not hot.next_score_step():
            break
        yield f"scoring step {step}", hot.scene()
    yield "still picture", table.still_scene()


def _pad() -> Iterator[tuple[str, Scene]]:
    pad = ScoringPad.from_worlds(WORLDS, modules=("human_settlements", "global_natural_balance"))
    yield "pad filled", pad.scene()
    while pad.step() is not None:
        yield f"pad step {len(pad.revealed)}", pad.scene()
    yield "pad picker", pad.picker_scene()


def _ecosfera() -> Iterator[tuple[str, Scene]]:
    solo = EcosferaTable(seed=5)
    yield "solo", solo.scene()
    team = EcosferaTable(players=("Ana", "Ben", "Cata"), seats=("human",) * 3, seed=3)
    rng = random.Random(7)
    for moves in range(60):
        if team.game.is_over:
            break
        team.perform(rng.choice(team.game.legal_actions()))
        if moves % 20 == 19:
            yield f"team after {moves + 1} moves", team.scene()


SCENES = {"nuevos mundos": _nuevos_mundos, "pad": _pad, "ecosfera": _ecosfera}


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("what", sorted(SCENES))
def test_every_drawn_word_fits_the_scene(language: str, what: str) -> None:
    seen = 0
    for name, scene in SCENES[what]():
        for shape in scene:
            if not isinstance(shape, Text) or not shape.text.strip():
                continue
            seen += 1
            width = text_width(shape.text, shape.size, bold=shape.bold)
            left = {"start": shape.x, "middle": shape.x - width / 2, "end": shape.x - width}[
                shape.anchor
            ]
            assert left >= -1 and left + width <= scene.width + 1, (
                f"{language}, {what}, {name}: {shape.text!r} is {width:.0f} px wide and runs "
                f"from {left:.0f} to {left + width:.0f} in a scene {scene.width} px wide"
            )
    assert seen > 20, f"{what}: too few words drawn to check"
