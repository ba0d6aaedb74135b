"""The shared protocol: saving and loading, undo, determinism, views, score sheets."""

from __future__ import annotations

import json
import random

import pytest

import gamecore
from gamecore import IllegalAction, SaveFileError, load_json, new_game
from gamecore.nuevos_mundos import MODULES, NuevosMundos, TakeDigits
from gamecore.scoresheet import ScoreRow, make_sheet


def played(seed: int = 4, moves: int = 20, **options) -> gamecore.Game:
    g = new_game("nuevos-mundos", players=3, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        g.play(rng.choice(g.legal_actions()))
    return g


def test_registry_names_the_games():
    assert "nuevos-mundos" in gamecore.GAMES
    spec = gamecore.GAMES["nuevos-mundos"]
    assert (spec.min_players, spec.max_players) == (2, 4)


def test_a_seed_and_the_log_replay_a_game_exactly():
    a = played(seed=9, moves=30, modules=MODULES)
    b = new_game("nuevos-mundos", players=3, seed=9, modules=MODULES)
    for _, action in a.moves():
        b.play(action)
    assert a == b


def test_chance_outcomes_are_in_the_log():
    g = new_game("nuevos-mundos", players=2, seed=1)
    first = g.log[0]
    assert first.kind == "shuffle_deck"
    assert sorted(first.outcome) == list(range(1, 65))


def test_the_save_file_holds_version_game_options_seed_and_log():
    g = played(modules=("discord",))
    data = json.loads(g.to_json())
    assert data["format"] == "mundos-lab-save" and data["version"] == 1
    assert data["game"] == "nuevos-mundos"
    assert data["seed"] == 4
    assert data["options"] == {"modules": ["discord"], "first_player": 0}
    assert data["players"] == ["Player 1", "Player 2", "Player 3"]
    assert len([e for e in data["log"] if "action" in e]) == 20
    assert load_json(g.to_json()) == g


def test_a_game_without_a_seed_gets_one_and_still_replays():
    g = new_game("nuevos-mundos", players=2)
    assert isinstance(g.seed, int)
    g.play(g.legal_actions()[0])
    assert load_json(g.to_json()) == g


def test_named_players():
    g = new_game("nuevos-mundos", players=["Roberto", "Alicia", "Noa"], seed=1)
    assert g.players == ("Roberto", "Alicia", "Noa")
    assert g.score().players == ("Roberto", "Alicia", "Noa")
    with pytest.raises(ValueError, match="must differ"):
        new_game("nuevos-mundos", players=["A", "A"])


def _damaged(mutate) -> str:
    data = json.loads(played().to_json())
    mutate(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json at all", "its text is damaged"),
        ("[1, 2, 3]", "not a Mundos Lab save file"),
        ('{"format": "something-else"}', "not a Mundos Lab save file"),
        (_damaged(lambda d: d.update(version=99)), "version 99"),
        (_damaged(lambda d: d.update(game="chess")), "unknown game"),
        (_damaged(lambda d: d.update(seed="x")), "seed"),
        (_damaged(lambda d: d.update(players="me")), "player list"),
        (_damaged(lambda d: d.pop("log")), "log is missing"),
        (_damaged(lambda d: d["options"].update(modules=["dragons"])), "unknown module"),
        (_damaged(lambda d: d["log"].append({"action": "fly"})), "unknown action"),
        (_damaged(lambda d: d["log"][3].update(card=99)), "illegal"),
        (_damaged(lambda d: d["log"][3].update(card="42")), "whole number"),
        (_damaged(lambda d: d["log"][3].update(player=7)), "turn"),
        (_damaged(lambda d: d["log"][0]["outcome"].pop()), "chance record"),
        (_damaged(lambda d: d["log"].insert(2, d["log"][0])), "chance record"),
    ],
)
def test_a_corrupt_or_foreign_save_file_is_explained(text, message):
    with pytest.raises(SaveFileError, match=message):
        load_json(text)


def test_save_errors_are_value_errors():
    assert issubclass(SaveFileError, ValueError)
    assert issubclass(IllegalAction, ValueError)


def test_undo_goes_back_one_decision_at_a_time():
    g = played(moves=0)
    history = [g.clone()]
    rng = random.Random(1)
    for _ in range(15):
        g.play(rng.choice(g.legal_actions()))
        history.append(g.clone())
    for state in reversed(history[:-1]):
        g.undo()
        assert g == state
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.undo()


def test_undo_then_the_same_move_gives_the_same_chance():
    g = played(seed=2, moves=0)
    rng = random.Random(0)
    while not any(getattr(e, "kind", "") == "reshuffle_discard" for e in g.log):
        g.play(rng.choice(g.legal_actions()))
    last_move = g.moves()[-1][1]
    after = g.clone()
    g.undo()
    g.play(last_move)
    assert g == after


def test_a_refused_action_changes_nothing():
    g = played()
    before = g.clone()
    with pytest.raises(IllegalAction):
        g.play(TakeDigits(0))
    assert g == before
    assert g.to_json() == before.to_json()


def test_a_view_hides_other_hands_and_the_creation_pile():
    g = played()
    view = g.view(1)
    assert view.hand == tuple(g.hands[1])
    assert view.hand_sizes == tuple(len(h) for h in g.hands)
    text = repr(view)
    assert "creation=" not in text and "seed" not in text
    for p in (0, 2):
        hidden = [c for c in g.hands[p] if c not in g.hands[1]]
        assert all(c not in view.hand for c in hidden)
    with pytest.raises(ValueError, match="no player"):
        g.view(5)


def test_a_bots_imagined_game_cannot_be_saved_or_undone():
    spec = gamecore.GAMES["nuevos-mundos"]
    guess = spec.determinize(played().view(0), random.Random(0))
    assert isinstance(guess, NuevosMundos)
    spec.check_invariants(guess)
    with pytest.raises(IllegalAction, match="guess"):
        guess.to_json()
    guess.play(guess.legal_actions()[0])


def test_determinize_keeps_what_the_player_sees():
    g = played(moves=25, modules=("human_settlements",))
    view = g.view(0)
    guess = gamecore.GAMES["nuevos-mundos"].determinize(view, random.Random(3))
    assert guess.view(0) == view


def test_score_sheet_rows_totals_and_ranking():
    rows = [
        ScoreRow("A", "x", 3, "three"),
        ScoreRow("A", "y", -1, "minus one"),
        ScoreRow("B", "x", 2, "two"),
        ScoreRow("C", "y", 2, "two"),
    ]
    sheet = make_sheet(
        ["A", "B", "C"],
        ["x", "y"],
        rows,
        tie_break={"A": (0,), "B": (1,), "C": (0,)},
        tie_break_rule="t",
    )
    assert sheet.total("A") == 2 and sheet.points("A", "y") == -1
    assert [(p.place, p.player) for p in sheet.ranking()] == [(1, "B"), (2, "A"), (2, "C")]
    assert sheet.winners() == ["B"]
    html = sheet._repr_html_()
    assert "<table" in html and "minus one" in html
    assert "A: 2 points" in sheet.explain()
    with pytest.raises(ValueError, match="unknown player"):
        sheet.total("Z")
    with pytest.raises(ValueError, match="unknown category"):
        sheet.points("A", "z")


def test_players_equal_on_everything_share_a_place():
    sheet = make_sheet(["A", "B"], ["x"], [ScoreRow("A", "x", 1, ""), ScoreRow("B", "x", 1, "")])
    assert [p.place for p in sheet.ranking()] == [1, 1]
    assert sheet.winners() == ["A", "B"]
