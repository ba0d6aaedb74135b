"""The Ecosfera table's interaction model, without widgets: what each click means.

Issue 8 A5: after one plant was clicked, a click on another kept the old question and said
"you named earth#12"; taking a missing element needed three clicks while the message promised
two. The selection must follow the last intention, and the clicks a message promises must
be the clicks needed.
"""

from __future__ import annotations

import re

import pytest
from test_widget_ecosfera import (
    ARCTIC_FOX,
    BLUE_WHALE,
    CLOUDBERRY,
    FLY_AGARIC,
    LICHEN,
    RED_OAT,
    REINDEER,
    SAXIFRAGE,
    SCOTS_PINE,
    D,
    el,
    solo,
)

from gamecore import Refusal
from gamecore.ecosfera import (
    AcquireAnimal,
    AcquirePlant,
    EndTurn,
    Mycorrhiza,
    TakeMissingElement,
)
from gamecore.ecosfera.data import ELEMENTS, is_element
from gamecore.ecosfera.explain import in_words
from gamecore.words import has
from widgets.ecosfera.table_model import BURST, CALL_REFUSALS, Reply, TableModel

CODE = re.compile(r"#\d|\b[PA]\d\d\b")


class Clock:
    """A clock the test moves by hand: clicks in a burst, or a pause between them."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def pause(self) -> None:
        self.now += 2 * BURST


def model_of(line: list[int], **kw: object) -> tuple[TableModel, Clock]:
    clock = Clock()
    return TableModel(solo(line, **kw).game, ("human",), clock), clock


def words(reply: Reply) -> str:
    return reply.event or reply.problem


def test_a_click_on_another_plant_switches_the_selection_and_the_question() -> None:
    """The reported case: one plant clicked, then another — the question follows."""
    model, _ = model_of([el("earth"), el("water"), el("time"), D(1)])
    first = model.click(f"plant:{CLOUDBERRY}")
    assert "Click Cloudberry again to buy it" in first.event
    assert sorted(model.selected) == sorted([el("earth"), el("water")])
    second = model.click(f"plant:{SAXIFRAGE}")  # earth + sun, and no sun on the line
    assert second.play is None and not second.problem
    assert "Purple saxifrage" in second.event and "Cloudberry" not in second.event
    assert model.selected == [el("earth")]
    assert model.pending is not None and model.pending.plant == SAXIFRAGE
    third = model.click(f"plant:{SCOTS_PINE}")  # earth + time + sun
    assert "Scots pine" in third.event and "Purple saxifrage" not in third.event
    assert sorted(model.selected) == sorted([el("earth"), el("time")])
    assert model.pending is not None and model.pending.plant == SCOTS_PINE
    for reply in (first, second, third):
        assert not CODE.search(words(reply)), words(reply)


def test_a_click_on_an_unaffordable_plant_drops_the_payment_chosen_for_another() -> None:
    model, _ = model_of([el("earth"), el("water"), D(1)])
    model.click(f"plant:{CLOUDBERRY}")
    reply = model.click(f"plant:{RED_OAT}")  # sun + air: two short
    assert "Red oat grass" in reply.problem and "takes only one element" in reply.problem
    assert model.selected == [] and model.pending is None


@pytest.mark.parametrize("start", ["plant", "elements"])
def test_the_missing_element_takes_the_clicks_the_message_promises(start: str) -> None:
    """From nothing selected: click the plant, then click it again (two clicks, as the
    message says). From elements selected by hand: the same two clicks on the plant."""
    model, clock = model_of([el("earth"), el("water"), el("time"), D(1)])
    if start == "elements":
        model.select(el("earth"))
    first = model.click(f"plant:{SAXIFRAGE}")
    assert "Click Purple saxifrage again" in first.event
    clock.pause()
    second = model.click(f"plant:{SAXIFRAGE}")
    sun = ELEMENTS.index("sun")
    assert second.play == TakeMissingElement.paying(SAXIFRAGE, sun, [el("earth")])


def test_a_payment_picked_by_hand_is_explained_for_the_plant_clicked() -> None:
    model, _ = model_of([el("earth"), el("water"), el("time"), el("sun"), D(1)])
    model.select(el("earth"))
    model.select(el("water"))
    reply = model.click(f"plant:{SCOTS_PINE}")  # earth + time + sun
    assert reply.problem == (
        "Scots pine costs earth, time and sun; your selection (earth and water) has water too "
        "many. Unselect what the plant does not need."
    )
    assert model.click(f"plant:{CLOUDBERRY}").play == AcquirePlant.paying(
        CLOUDBERRY, [el("earth"), el("water")]
    )


def test_a_new_selection_forgets_the_question() -> None:
    model, _ = model_of([el("earth"), el("water"), el("time"), D(1)])
    model.click(f"plant:{SAXIFRAGE}")
    assert model.pending is not None
    model.select(el("water"))  # the person is building a payment of their own now
    assert model.pending is None and model.chosen_for is None


def test_a_click_on_another_animal_switches_the_pair() -> None:
    model, _ = model_of([CLOUDBERRY, LICHEN, el("sun")])
    first = model.click(f"animal:{REINDEER}")
    assert "Click Reindeer again to call it" in first.event
    second = model.click(f"animal:{ARCTIC_FOX}")
    assert "Arctic fox" in second.event and model.chosen_for == f"animal:{ARCTIC_FOX}"
    called = model.click(f"animal:{ARCTIC_FOX}").play
    assert isinstance(called, AcquireAnimal) and called.animal == ARCTIC_FOX
    assert {called.plant_a, called.plant_b} == {CLOUDBERRY, LICHEN}
    refused = model_of([CLOUDBERRY, LICHEN, el("sun")])[0]
    refused.select(CLOUDBERRY)
    refused.select(LICHEN)
    reply = refused.click(f"animal:{BLUE_WHALE}")
    assert "Blue whale lives in none of the biomes" in reply.problem


def test_a_mycorrhizing_pair_says_why_it_calls_no_animal() -> None:
    model, _ = model_of([SCOTS_PINE, FLY_AGARIC, el("sun")])
    model.select(SCOTS_PINE)
    reply = model.select(FLY_AGARIC)
    assert model.pending is not None and model.pending.options[0][1] == Mycorrhiza(
        SCOTS_PINE, FLY_AGARIC
    )
    assert "They mycorrhize" in reply.event


def test_a_refused_call_is_the_engines_reason_in_the_tables_words_chosen_by_key() -> None:
    """The table asks the engine why two plants do not call an animal and never checks the
    rule itself: a pair that mycorrhizes (key ecosfera.pair_mycorrhizes) is told what it does
    instead, in the table's words; any other reason is the engine's sentence with names."""
    model, _ = model_of([SCOTS_PINE, FLY_AGARIC, el("sun")])
    game = model.game
    model.select(SCOTS_PINE)
    model.select(FLY_AGARIC)
    why = game.why_illegal(AcquireAnimal(REINDEER, SCOTS_PINE, FLY_AGARIC))
    assert isinstance(why, Refusal) and why.key in CALL_REFUSALS
    assert model.click(f"animal:{REINDEER}").problem == (
        "Scots pine and Fly agaric mycorrhize: while the tiles of the biomes they share are "
        "missing, they place those tiles instead of calling Reindeer."
    )
    other = game.why_illegal(AcquireAnimal(ARCTIC_FOX, SCOTS_PINE, FLY_AGARIC))
    assert isinstance(other, Refusal) and other.key not in CALL_REFUSALS
    assert model.click(f"animal:{ARCTIC_FOX}").problem == in_words(game.cards, other)
    for engine_key, table_key in CALL_REFUSALS.items():
        assert has(engine_key) and has(table_key)


def test_end_turn_asks_and_never_confirms_itself() -> None:
    model, clock = model_of([el("earth"), el("water"), el("time"), D(1)])
    asked = model.end_turn(pressed=True)
    assert asked.play is None and "Yes, end my turn" in asked.problem
    for _ in range(4):
        again = model.end_turn(pressed=True)
        assert again.play is None and "does not confirm" in again.problem
    clock.pause()
    assert model.end_turn(pressed=True).play is None  # not even after a pause
    assert model.choose(0).play == EndTurn()


def test_end_turn_presses_in_a_burst_end_one_turn() -> None:
    model, clock = model_of([D(1), D(2)])
    assert model.end_turn(pressed=True).play == EndTurn()
    model.ended(EndTurn())
    assert "same burst" in model.end_turn(pressed=True).problem
    clock.pause()
    assert model.end_turn(pressed=True).play == EndTurn()


def test_selection_words_name_cards_never_codes() -> None:
    model, _ = model_of([el("earth"), el("sun"), el("water"), el("time"), D(1)])
    for code in model.free():
        if is_element(code):
            text = words(model.select(code))
            assert not CODE.search(text), text
    model.clear()
    model.select(el("earth"))
    model.select(el("water"))
    assert "It pays for Cloudberry: click it." in model.selection_words()
    still = model.selection_words(still=True)
    assert "click" not in still.lower() and "It pays for" in still


def test_new_game_asks_while_a_game_is_under_way_and_never_confirms_itself() -> None:
    table = solo([el("earth"), el("water"), el("time"), D(1)])
    assert table.pay(CLOUDBERRY, [el("earth"), el("water")])
    seed, history = table.game.seed, list(table.history)
    for _ in range(5):
        table.buttons["new_game"].click()
    assert table.game.seed == seed and table.history == history  # nothing lost
    assert table.pending is not None and table.pending.kind == "new"
    assert "does not confirm" in table.status.problem
    assert table.choice_buttons[0].description == "Yes, deal a new game"
    table.choice_buttons[0].click()
    assert table.game.moves() == [] and table.history == []
    assert "New game" in table.status.text
    table.buttons["new_game"].click()  # nothing played yet: nothing to lose, no question
    assert table.pending is None and "New game" in table.status.text
