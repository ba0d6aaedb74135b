"""The card trials of issue 21 (benchmarks/ecosfera_card_trials.py): each trial changes only
what the reconstructed cards may change, and a trial's cards are the ones its games use.

Figures are measurements, never asserted: the games played here are a few random-bot games.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from gamecore.ecosfera import data
from gamecore.ecosfera.study import play_solo

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
CARDS = Path(__file__).resolve().parents[1] / "gamecore" / "ecosfera" / "cards.json"
BASE = BENCHMARKS / "data" / "ecosfera_cards_issue8.json"
KEPT = ("id", "name", "latin", "kind", "mushroom_symbol", "fact")


@pytest.fixture
def trials(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    sys.modules.pop("ecosfera_card_trials", None)
    import ecosfera_card_trials

    saved = list(data._DEFAULT)
    yield ecosfera_card_trials
    data._DEFAULT[:] = saved


def test_every_trial_keeps_the_species_and_their_facts(trials) -> None:
    published = json.loads(BASE.read_text(encoding="utf-8"))
    for name in trials.TRIALS:
        changed = trials.changed_cards(name)
        data.parse_cards(changed)  # the card-list checks of the engine
        for kind in ("plants", "animals"):
            for before, after in zip(published[kind], changed[kind], strict=True):
                assert {k: after.get(k) for k in KEPT} == {k: before.get(k) for k in KEPT}
                # a card shows only biomes where its species lives: more of them than before
                # (added ones are named in docs/ecosfera-balance.md) or only some of those it
                # showed (its most typical, as the polar bear's card), never a swap
                shown, was = set(after["biomes"]), set(before["biomes"])
                assert was <= shown or shown <= was, (name, after["name"])
    assert json.loads(BASE.read_text(encoding="utf-8")) == published, "the base untouched"


def test_the_trials_start_from_issue_8s_cards_and_narrow_plus4_is_published(trials) -> None:
    """The trials of docs/ecosfera-balance.md keep their meaning: each changes the cards of
    issue 8, and the published cards are the trial chosen in issue 21."""
    assert trials.changed_cards("issue8") == json.loads(BASE.read_text(encoding="utf-8"))
    assert trials.changed_cards("narrow_plus4") == json.loads(CARDS.read_text(encoding="utf-8"))


def test_a_trials_games_use_its_cards(trials) -> None:
    before = play_solo(1, 0, seed=3, bot="random")
    trials.install(trials.changed_cards("wet_kapok_plus"))
    kapok = next(p for p in data.default_cards().plants if p.name == "Kapok tree")
    assert "aquatic" in kapok.biomes and kapok.cost[data.ELEMENTS.index("water")] == 2
    assert play_solo(1, 0, seed=3, bot="random").seed == before.seed  # the same deal


def test_an_unknown_card_name_is_refused_in_words(trials) -> None:
    cards = json.loads(BASE.read_text(encoding="utf-8"))
    with pytest.raises(ValueError, match="no single card named 'Oak'"):
        trials.cost(cards, "Oak", water=2)
