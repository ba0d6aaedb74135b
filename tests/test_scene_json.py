"""Scenes as JSON (how the class server sends a table to a notebook): every game's table
scene comes back equal, and damaged data is refused with the reason."""

from __future__ import annotations

import json
from typing import Any

import pytest

import gamecore
from widgets.scene_json import scene_from_json, scene_to_json


def test_nuevos_mundos_table_scene_round_trips() -> None:
    from widgets.nuevos_mundos.table_model import TableModel

    game = gamecore.new_game("nuevos-mundos", 3, 2)
    scene = TableModel(game, ("human",) * 3).scene()
    data = json.loads(json.dumps(scene_to_json(scene)))  # through real JSON text
    again = scene_from_json(data)
    assert again == scene
    assert again.targets() == scene.targets() and len(again.shapes) > 50


@pytest.mark.parametrize(
    "damage,words",
    [
        (lambda d: d.update(width="wide"), "size"),
        (lambda d: d.update(shapes="none"), "shapes"),
        (lambda d: d["shapes"].append({"kind": "star"}), "star"),
        (lambda d: d["shapes"].append({"kind": "rect", "colour": "red"}), "colour"),
        (lambda d: d["shapes"].append({"kind": "rect", "x": "1"}), "x"),
        (lambda d: d["shapes"].append({"kind": "text", "bold": 1}), "bold"),
        (lambda d: d["shapes"].append({"kind": "polygon", "points": [[1, 2, 3]]}), "point"),
        (lambda d: d["shapes"].append({"kind": "path", "commands": [["X", 1, 2]]}), "command"),
        (lambda d: d["shapes"].append({"kind": "rect", "target": 5}), "target"),
    ],
)
def test_damaged_scenes_are_refused_with_the_reason(damage: Any, words: str) -> None:
    from widgets.nuevos_mundos.table_model import TableModel

    data = scene_to_json(
        TableModel(gamecore.new_game("nuevos-mundos", 2, 2), ("human",) * 2).scene()
    )
    damage(data)
    with pytest.raises(ValueError, match=words):
        scene_from_json(data)
