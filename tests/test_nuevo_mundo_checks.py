"""Nuevo Mundo's checks (``gamecore/nuevo_mundo/checks.py``) are the rules: in every position
of seeded random games, every candidate action of every kind is accepted by ``why_illegal``
exactly when ``legal_actions()`` lists it, and every refusal met there (and for the spec's
sampled illegal actions) carries a stable catalog key that both languages have."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from nuevo_mundo_position import VIOLET, YELLOW, yellow_operating

import gamecore
from gamecore.errors import IllegalAction, Refusal
from gamecore.nuevo_mundo import NuevoMundo, checks
from gamecore.nuevo_mundo.actions import (
    Aim,
    Answer,
    Attack,
    ColourRolled,
    Combo,
    Disembark,
    Embark,
    EndTurn,
    Move,
    Negotiate,
    NoCombo,
    NumberRolled,
    PickCard,
    PlaceCA,
    PlaceCQ,
    PlaceShip,
    Plunder,
    Sail,
    Settle,
    Tactic,
)
from gamecore.nuevo_mundo.game import RULES
from gamecore.nuevo_mundo.stages import (
    ANSWER,
    COLOUR,
    COMBO,
    ENTER,
    MOVE,
    NUMBER,
    OPERATE,
    ORDER,
    PICK,
    PLACE,
    PLUNDER,
    SAIL,
    TACTIC_ATTACKER,
    TACTIC_DEFENDER,
)
from gamecore.words import LANGUAGES, catalog

GAMES = [
    # (scenario, players, dice, seeds)
    ("teaching", 2, "engine", 2),
    ("examples", 2, "table", 2),
    ("antillas", 3, "engine", 1),
    ("golfo", 5, "engine", 1),
    ("random", 4, "table", 1),
]
PENDING = (
    NUMBER,
    COLOUR,
    PICK,
    MOVE,
    SAIL,
    COMBO,
    ANSWER,
    TACTIC_ATTACKER,
    TACTIC_DEFENDER,
    PLUNDER,
)
PENDING_ACTIONS = (PickCard, Move, Sail, Combo, NoCombo, Answer, Tactic, Plunder)
"""The decisions a game waits for, and the actions that answer them (besides the dice)."""
STEPS = 400
"""Steps of each random game looked at (3 rounds at most)."""


def candidates(game: NuevoMundo, rng: random.Random) -> list[object]:
    """Actions of every kind around the legal ones: every value of a decision and one past
    each end, every count of CQ up to one too many, every region pair that touches (and a
    random one), region numbers one too many."""
    m = game.map
    count = len(m.regions)
    p = game.current_player if game.current_player is not None else 0
    out: list[object] = [EndTurn(), NoCombo(), *(Answer(v) for v in range(-1, 3))]
    out += [NumberRolled(v) for v in range(0, 8)] + [ColourRolled(c) for c in range(-1, 4)]
    out += [PickCard(s) for s in range(-1, 4)] + [Tactic(v) for v in range(0, 7)]
    out += [Combo(c) for c in range(-1, 7)] + [Plunder(c) for c in range(-1, 7)]
    if game.aim is not None:
        origin = game.aim[0]
        ships, troops = game.ships[origin][p], game.cq[origin][p]
        out += [Move(k) for k in range(0, troops + 2)]
        for k in range(0, ships + 2):
            out += [Sail(k, t) for t in range(max(0, k - 1), min(troops, 15 * k) + 2)]
    else:
        out += [Move(1), Sail(1, 1)]
    credits = game.credits
    for r in (*range(count), count):
        out += [Settle(r), PlaceCA(r), Attack(r), PlaceCQ(r, 0), PlaceCQ(r, 1)]
        if r < count and game.cq[r][p] + game.ca[r][p]:
            out += [PlaceCQ(r, k) for k in range(2, credits + 2)]
        around = {rng.randrange(count + 1)}
        if r < count:
            around |= {*m.neighbours(r), *m._open[r]}
            around |= {s for land, s in m.coasts if land == r}
            around |= {land for land, s in m.coasts if s == r}
        for d in sorted(around):
            out += [Aim(r, d), PlaceShip(r, d), Negotiate(r, d), Embark(r, d, 1)]
            out += [Disembark(r, d, 1)]
    for land, sea in m.coasts:
        troops, room = game.cq[land][p], 15 * game.ships[sea][p] - game.cq[sea][p]
        out += [Embark(land, sea, k) for k in range(0, max(min(troops, room), 1) + 2)]
        spare = game.cq[sea][p] - game.ships[sea][p]
        out += [Disembark(sea, land, k) for k in range(0, max(spare, 1) + 2)]
    return out


def assert_keyed(reason: str) -> None:
    assert isinstance(reason, Refusal), reason
    assert reason.key.startswith(("nuevo_mundo.", "core.")), reason.key
    for lang in LANGUAGES:
        assert reason.key in catalog(lang), (lang, reason.key)
        assert reason.in_language(lang)


def random_positions(key: str, players: int, dice: str, seed: int):
    game = gamecore.new_game(
        "nuevo-mundo", players=players, seed=seed, scenario=key, dice=dice, rounds=3
    )
    rng = random.Random(seed)
    for _ in range(STEPS):
        if game.is_over:
            break
        yield game, rng
        game.play(rng.choice(game.legal_actions()))
    yield game, rng


def agree(game: NuevoMundo, rng: random.Random) -> set[str]:
    """The candidates refused are exactly those not listed; the refusals' keys."""
    legal = set(game.legal_actions())
    keys = set()
    for action in candidates(game, rng):
        reason = game.why_illegal(action)
        assert (reason is None) == (action in legal), (str(action), reason)
        if reason is not None:
            assert_keyed(reason)
            keys.add(reason.key)
    return keys


@pytest.mark.parametrize(("key", "players", "dice", "seeds"), GAMES)
def test_every_candidate_is_accepted_exactly_when_it_is_listed(key, players, dice, seeds):
    kinds_met: set[type] = set()
    refusals: set[str] = set()
    spec = gamecore.GAMES["nuevo-mundo"]
    for seed in range(seeds):
        for game, rng in random_positions(key, players, dice, seed):
            kinds_met |= {type(a) for a in game.legal_actions()}
            refusals |= agree(game, rng)
            for action in spec.sample_illegal(game, rng):
                reason = game.why_illegal(action)
                if reason is not None:
                    assert_keyed(reason)
                    refusals.add(reason.key)
    assert len(kinds_met) >= 8, kinds_met  # real play: placement, operations, pending choices
    assert len(refusals) >= 20, refusals


@pytest.mark.parametrize("seed", range(3))
def test_crowded_positions_agree_too(seed):
    """Random play seldom fills a ship or a stack to the limits, so random games also start
    from a crowded position: stacks larger than the ships' room, full and part-full fleets, a
    conflict with retreats by land and by sea."""
    game = yellow_operating(
        ("AT", YELLOW, 40, 2, 0),
        ("AM", YELLOW, 20, 0, 2),
        ("CM", YELLOW, 31, 0, 3),
        ("CT", YELLOW, 4, 0, 0),
        ("DT", YELLOW, 4, 0, 0),
        ("DT", VIOLET, 3, 0, 0),
        ("BM", VIOLET, 15, 0, 1),
    )
    rng = random.Random(seed)
    keys: set[str] = set()
    for _ in range(60):
        if game.is_over:
            break
        keys |= agree(game, rng)
        game.play(rng.choice(game.legal_actions()))
    assert {"nuevo_mundo.bad_embark", "nuevo_mundo.bad_disembark"} <= keys


def test_a_refused_play_raises_the_refusal_with_its_key_and_values():
    game = gamecore.new_game("nuevo-mundo", players=2, seed=1, scenario="teaching")
    count = len(game.map.regions)
    with pytest.raises(IllegalAction) as err:
        game.play(Settle(count + 4))
    assert err.value.key == "nuevo_mundo.no_region"
    assert dict(err.value.values) == {"number": count + 4, "n": count}
    assert err.value.reason == game.why_illegal(Settle(count + 4))


def test_every_kind_of_action_has_one_check_and_one_effect():
    assert set(RULES) == set(NuevoMundo.action_types.values())
    for check, effect in RULES.values():
        assert check.__name__.startswith("check_") and callable(effect)


def test_a_number_that_is_not_whole_is_refused_in_words():
    game = gamecore.new_game("nuevo-mundo", players=2, seed=1, scenario="teaching")
    legal = game.legal_actions()[0]
    assert isinstance(legal, Settle)
    reason = game.why_illegal(Settle(legal.region + 0.5))  # type: ignore[arg-type]
    assert reason is not None and reason.key == "nuevo_mundo.not_whole"
    assert "whole number" in reason


def test_every_refusal_the_engine_can_make_has_words_in_both_languages():
    """The keys written in the checks (``refuse("nuevo_mundo.<key>", ...)``), and those made
    from a stage or a kind of action (``waiting_<stage>``, ``no_moment_<kind>``)."""
    folder = Path(checks.__file__).parent
    source = "".join(path.read_text(encoding="utf-8") for path in folder.glob("*.py"))
    keys = set(re.findall(r'refuse\(\s*"(nuevo_mundo\.\w+)"', source))
    assert len(keys) >= 40
    keys |= {f"nuevo_mundo.waiting_{s}" for s in (*PENDING, ORDER, ENTER, PLACE, OPERATE)}
    keys |= {f"nuevo_mundo.no_moment_{a.kind}" for a in PENDING_ACTIONS}
    for lang in LANGUAGES:
        assert not keys - set(catalog(lang)), (lang, sorted(keys - set(catalog(lang))))
