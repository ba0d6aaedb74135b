"""The take previews (gamecore.nuevos_mundos.previews) agree with the engine: every preview
of every legal take, in many seeded games, is played on a clone and compared."""

from __future__ import annotations

import random

import pytest

from gamecore.nuevos_mundos import NuevosMundos, TakeBiome, TakeDigits
from gamecore.nuevos_mundos.previews import (
    KINDS,
    Take,
    action_for,
    action_previews,
    preview_biome,
    preview_digits,
    visible_cards,
)


def taken_by_engine(game: NuevosMundos, action: TakeBiome | TakeDigits) -> list[int]:
    """The cards the engine adds to the player's world when ``action`` is played."""
    player = game.current_player
    assert player is not None
    copy = game.clone()
    before = len(copy.worlds[player])
    copy.play(action)
    return copy.worlds[player][before:]


def check_against_engine(game: NuevosMundos, take: Take, taken: list[int]) -> None:
    # every face-up card previewed is taken, and the rest are the face-down draws
    assert set(take.codes) <= set(taken), (take, taken)
    assert len(taken) == len(take.codes) + take.from_creation, (take, taken)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("modules", [(), ("human_settlements",)])
def test_every_preview_takes_what_the_engine_takes(seed: int, modules: tuple[str, ...]) -> None:
    game = NuevosMundos(("A", "B", "C"), seed=seed, modules=modules)
    rng = random.Random(seed)
    checked = 0
    while not game.is_over:
        player = game.current_player
        assert player is not None
        view = game.view(player)
        for action in game.legal_actions():
            if isinstance(action, TakeBiome):
                take = preview_biome(view, action.card)
            elif isinstance(action, TakeDigits):
                take = preview_digits(view, action.card)
            else:
                continue
            check_against_engine(game, take, taken_by_engine(game, action))
            checked += 1
        game.play(rng.choice(game.legal_actions()))
    assert checked > 50


def test_a_preview_reads_only_the_view_and_changes_nothing() -> None:
    game = NuevosMundos(("A", "B"), seed=3)
    before = game.to_json()
    view = game.view(0)
    for card in view.hand:
        action_previews(view, card)
    assert game.to_json() == before


def test_the_creation_pile_is_counted_never_named() -> None:
    # Ana holds 12 (digits 1 and 2): space 1 is the creation pile, face down.
    game = NuevosMundos.arranged(
        [[12, 18, 5, 55], [10, 20, 30, 40]],
        [25, 7, 33, 3, 60],
        2,
        [13, 14],
        players=("Ana", "Ben"),
        seed=1,
    )
    take = preview_digits(game.view(0), 12)
    assert take.from_creation == 1 and take.codes == (25,)
    assert "13" not in take.text and "14" not in take.text
    assert take.text == "Take digits 1 and 2: the top card of the creation pile and 25"
    assert sorted(taken_by_engine(game, TakeDigits(12))) == [
        13,
        25,
    ]  # 13 is the creation pile's top


def test_visible_cards_are_the_board_then_the_discard_top() -> None:
    game = NuevosMundos.arranged(
        [[12, 18, 5, 55], [10, 20, 30, 40]], [25, 7, 33, 3, 60], 2, [13], players=("A", "B")
    )
    assert visible_cards(game.view(0)) == [(2, 25), (3, 7), (4, 33), (5, 3), (6, 60), (0, 2)]


def test_every_kind_has_an_idle_label_and_an_action() -> None:
    game = NuevosMundos(("A", "B"), seed=2)
    idle = action_previews(game.view(0), None)
    assert set(idle) == set(KINDS)
    assert idle["biome"].text == "Take biome" and idle["none"].text == "Lay no last card"
    assert action_for("biome", None) is None
    assert action_for("none", None) is not None
    assert action_for("digits", 42) == TakeDigits(42)


def test_the_table_reexports_the_previews() -> None:
    import gamecore.nuevos_mundos.previews as home
    import widgets.nuevos_mundos.table as table

    for name in ("Take", "visible_cards", "preview_biome", "preview_digits", "action_previews"):
        assert getattr(table, name) is getattr(home, name)
