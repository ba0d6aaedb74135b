"""Nuevo Mundo's bots: the greedy policy, the equilibrium bot, the search bot's horizon, and
the study plug-in. Every bot sees only its player's view; a game of five bots ends."""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter

import pytest

import gamecore
from gamecore import GreedyBot, RandomBot, SearchBot, make_bot, new_game, play_game
from gamecore.experiments import bot, run_study
from gamecore.nuevo_mundo import data, players
from gamecore.nuevo_mundo.actions import (
    Answer,
    Attack,
    Combo,
    EndTurn,
    Negotiate,
    NoCombo,
    PickCard,
    PlaceCA,
    PlaceCQ,
    Plunder,
    Tactic,
)
from gamecore.nuevo_mundo.criptex import battle_strategy, battle_value
from gamecore.nuevo_mundo.study import MEASURES, VICTORIES, measure_title
from gamecore.words import t

SPEC = gamecore.GAMES["nuevo-mundo"]

TABLES = [
    # (scenario, players): every scenario at the most players it takes, and the fewest
    ("teaching", 2),
    ("antillas", 2),
    ("antillas", 3),
    ("golfo", 4),
    ("golfo", 5),
    ("random", 2),
    ("random", 5),
]


def played_until(seed, wanted, players_=2, scenario="teaching", limit=5000):
    """A game played at random until ``wanted(game)`` holds (None if it never does)."""
    game = new_game("nuevo-mundo", players=players_, seed=seed, scenario=scenario)
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_over:
            return None
        if wanted(game):
            return game
        game.play(rng.choice(game.legal_actions()))
    return None


def first_game(wanted, **options):
    for seed in range(200):
        game = played_until(seed, wanted, **options)
        if game is not None:
            return game
    raise AssertionError("no random game reached the position")


# ---------------------------------------------------------------------------- whole games


@pytest.mark.parametrize(("scenario", "seats"), TABLES)
def test_the_greedy_plan_has_an_answer_for_every_decision(scenario, seats):
    """In greedy games on every scenario the plan always picks a legal action itself (the
    policy never falls back on a random one), and the games end before the round limit."""
    for seed in range(3):
        game = new_game("nuevo-mundo", players=seats, seed=seed, scenario=scenario)
        rng = random.Random(seed)
        while not game.is_over:
            player = game.current_player
            legal = game.legal_actions()
            chosen = players.plan(game.view(player), legal, rng)
            assert chosen in legal, f"seed {seed}: no plan for {game.view(player).pending!r}"
            game.play(chosen)
            SPEC.check_invariants(game)
        assert game.winners
        assert game.victory in ("points", "categories", "survival", "rounds")


MIX = ["greedy", "equilibrium", "random", "search", "greedy"]


@pytest.mark.parametrize(("scenario", "seats"), [(s, n) for s, n in TABLES if n >= 2])
def test_a_table_of_mixed_bots_plays_to_the_end(scenario, seats):
    """Any bot fills any seat: random, greedy, equilibrium and search bots together (five
    at a time where the map takes five) play every scenario to its end."""
    kinds = MIX[:seats] if seats > 2 else ["search", "equilibrium"]
    bots = [
        make_bot(kind, seed=i, **({"iterations": 4} if kind == "search" else {}))
        for i, kind in enumerate(kinds)
    ]
    game = new_game("nuevo-mundo", players=seats, seed=11, scenario=scenario, rounds=8)
    moves = []
    play_game(game, bots, on_move=lambda g, p, a: moves.append(p))
    assert game.is_over and game.winners
    assert set(moves) == set(range(seats))  # everyone played
    SPEC.check_invariants(game)


def test_five_bots_of_one_kind_each_finish_a_full_game():
    for kind in ("random", "greedy", "equilibrium"):
        game = new_game("nuevo-mundo", players=5, seed=3, scenario="golfo")
        play_game(game, [make_bot(kind, seed=i) for i in range(5)])
        assert game.is_over


def test_greedy_beats_random():
    """From either seat, on built maps and the teaching map."""
    for scenario in ("random", "teaching"):
        study = run_study(
            "nuevo-mundo",
            games=10,
            seed=5,
            bots=["greedy", "random"],
            seating="rotate",
            scenario=scenario,
        )
        rates = study.win_rates_by_bot()
        assert rates["greedy"].rate >= 0.8, (scenario, rates)


def test_bots_are_deterministic_for_a_seed():
    def run():
        game = new_game("nuevo-mundo", players=3, seed=2, scenario="antillas")
        kinds = ["greedy", "equilibrium", "search"]
        options = [{}, {}, {"iterations": 3}]
        return play_game(
            game, [make_bot(k, seed=i, **o) for i, (k, o) in enumerate(zip(kinds, options))]
        )

    assert run() == run()


# ---------------------------------------------------------------------------- the shared bots


def test_the_greedy_bot_plays_the_games_own_policy():
    game = first_game(lambda g: g.stage == "place", players_=2, scenario="antillas")
    view, legal = game.view(game.current_player), game.legal_actions()
    assert SPEC.policy is players.greedy_policy
    for seed in range(5):
        expected = players.greedy_policy(view, legal, random.Random(seed))
        assert GreedyBot(seed).choose(view, legal) == expected


def test_other_games_keep_the_heuristic_greedy_bot():
    """Only Nuevo Mundo declares a policy and a rollout horizon: the others are unchanged."""
    for name, spec in gamecore.GAMES.items():
        if name != "nuevo-mundo":
            assert spec.policy is None and spec.rollout_horizon is None, name
    assert SPEC.rollout_horizon == players.ROLLOUT_HORIZON


def test_the_equilibrium_bot_is_for_nuevo_mundo_only():
    other = new_game("nuevos-mundos", players=2, seed=1)
    with pytest.raises(ValueError, match="equilibrium bot plays Nuevo Mundo"):
        make_bot("equilibrium").choose(other.view(0), other.legal_actions())
    with pytest.raises(ValueError, match="not 'clever'"):
        make_bot("equilibrium", elsewhere="clever")
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("equilibrium-ish")


def battle_game(role):
    """A game waiting for the attacker's (or the defender's) tactic."""
    pending = "tactic_attacker" if role == "attacker" else "tactic_defender"
    return first_game(lambda g: g.pending == pending, players_=2, scenario="teaching")


@pytest.mark.parametrize("role", ["attacker", "defender"])
def test_the_equilibrium_bot_draws_its_tactic_from_the_equilibrium(role):
    game = battle_game(role)
    region, attacker, defender = game.b_region, game.turn_player, game.b_defender
    forces = (game.cq[region][attacker], game.force(region, defender))
    expected = battle_strategy(*forces)[0 if role == "attacker" else 1]
    me = game.current_player
    assert me == (attacker if role == "attacker" else defender)
    view, legal = game.view(me), game.legal_actions()
    bot_ = make_bot("equilibrium", seed=4)
    draws = Counter()
    for _ in range(3000):
        action = bot_.choose(view, legal)
        assert isinstance(action, Tactic) and action in legal
        draws[action.tactic] += 1
    assert bot_.last_mix == pytest.approx(expected)
    for tactic, chance in zip(data.TACTICS, expected):
        assert draws[tactic] / 3000 == pytest.approx(chance, abs=0.04), (tactic, draws)
        if chance == 0:
            assert draws[tactic] == 0


def test_the_equilibrium_bot_elsewhere():
    game = first_game(lambda g: g.stage == "place", players_=2, scenario="antillas")
    view, legal = game.view(game.current_player), game.legal_actions()
    greedy = make_bot("equilibrium", seed=1)
    assert greedy.choose(view, legal) == players.greedy_policy(view, legal, random.Random(1))
    randomly = make_bot("equilibrium", seed=1, elsewhere="random")
    assert randomly.choose(view, legal) == RandomBot(1).choose(view, legal)


def test_the_search_bot_cuts_its_play_outs_at_the_horizon():
    """On a fresh tree an iteration takes one move into the tree, then the play-out lasts
    the horizon's moves at most (rewards judge the unfinished game); without a horizon it
    plays on to the end."""
    from gamecore.bots import _Node

    game = first_game(
        lambda g: g.stage == "operate" and len(g.legal_actions()) > 3, players_=3, scenario="random"
    )
    view, legal = game.view(game.current_player), game.legal_actions()
    judged = []

    def rewards(g):
        judged.append((len(g.moves()), g.is_over))
        return SPEC.rewards(g)

    search = SearchBot(1, iterations=10)
    lengths = {}
    for horizon in (3, 0):
        for _ in range(5):
            imagined = SPEC.determinize(view, search.rng)
            start = len(imagined.moves())
            search._iterate(_Node(None, None), imagined, rewards, horizon)
            moves, over = judged[-1]
            lengths.setdefault(horizon, []).append(moves - start)
            if horizon:
                assert moves - start == 1 + horizon or over
            else:
                assert over
    assert max(lengths[0]) > 1 + 3
    assert SearchBot(1, iterations=10, horizon=3).choose(view, legal) in legal


def test_the_search_bot_options_are_checked():
    with pytest.raises(ValueError, match="rollout"):
        SearchBot(rollout="clever")
    with pytest.raises(ValueError, match="horizon"):
        SearchBot(horizon=2.5)
    game = new_game("nuevo-mundo", players=2, seed=1, scenario="teaching")
    wise = [SearchBot(i, iterations=3, rollout="policy", horizon=10) for i in range(2)]
    assert play_game(game, wise).is_over


# ---------------------------------------------------------------------------- decisions


def operate_view(**changes):
    game = first_game(lambda g: g.stage == "operate" and g.pending == "", players_=2)
    return dataclasses.replace(game.view(game.current_player), **changes), game


def land_pair(board):
    """Two neighbouring land regions of a map."""
    a, b = next((a, b) for a, b in sorted(board.borders) if board.regions[a].land)
    return a, b


def with_forces(view, region, mine, theirs, their_ca=0):
    me, foe = view.player, 1 - view.player
    cq = [list(row) for row in view.cq]
    ca = [list(row) for row in view.ca]
    for r in range(len(cq)):
        cq[r] = [0, 0]
        ca[r] = [0, 0]
    cq[region][me], cq[region][foe], ca[region][foe] = mine, theirs, their_ca
    return tuple(map(tuple, cq)), tuple(map(tuple, ca))


@pytest.mark.parametrize(("mine", "theirs", "fights"), [(12, 3, True), (2, 9, False)])
def test_a_conflict_is_fought_when_the_odds_are_good_else_negotiated(mine, theirs, fights):
    view, _ = operate_view()
    region, elsewhere = land_pair(view.map)
    cq, ca = with_forces(view, region, mine, theirs)
    view = dataclasses.replace(view, cq=cq, ca=ca)
    legal = [Attack(region), Negotiate(region, elsewhere)]
    chosen = players.plan(view, legal, random.Random(0))
    assert chosen == (Attack(region) if fights else Negotiate(region, elsewhere))
    assert (battle_value(mine, theirs) >= players.FIGHT_ODDS) == fights


@pytest.mark.parametrize(("attackers", "defenders", "refuses"), [(2, 10, True), (10, 3, False)])
def test_the_defender_refuses_a_retreat_only_when_it_wins_the_battle(attackers, defenders, refuses):
    view, _ = operate_view()
    region, elsewhere = land_pair(view.map)
    attacker = view.turn_player
    defender = 1 - attacker
    cq, ca = with_forces(dataclasses.replace(view, player=attacker), region, attackers, defenders)
    view = dataclasses.replace(
        view,
        player=defender,
        cq=cq,
        ca=ca,
        pending="answer",
        negotiation=(region, elsewhere),
        defender=defender,
    )
    legal = [Answer(1), Answer(0)]
    assert players.plan(view, legal, random.Random(0)) == Answer(0 if refuses else 1)


def test_the_card_taken_is_a_victory_then_a_new_category_then_points():
    view, _ = operate_view()
    by_category = {}
    for card in data.CARDS:
        by_category.setdefault(card.category, []).append(card)
    cats = list(by_category)
    low_new = min(by_category[cats[1]], key=lambda c: c.points)
    high_same = max(by_category[cats[0]], key=lambda c: c.points)
    hand = (by_category[cats[0]][0].id,)
    if high_same.id == hand[0]:
        high_same = sorted(by_category[cats[0]], key=lambda c: c.points)[-2]
    view = dataclasses.replace(view, hand=hand, face_up=(high_same.id, low_new.id), pending="pick")
    legal = [PickCard(0), PickCard(1)]
    new_worth = low_new.points + 2.5
    best = PickCard(1) if new_worth > high_same.points else PickCard(0)
    assert players.plan(view, legal, random.Random(0)) == best
    # five categories in hand: the sixth wins, whatever the points
    five = tuple(by_category[c][0].id for c in cats[:5])
    sixth = min(by_category[cats[5]], key=lambda c: c.points)
    rich = max(by_category[cats[0]][1:], key=lambda c: c.points)
    view = dataclasses.replace(view, hand=five, face_up=(rich.id, sixth.id))
    assert players.card_value(view, sixth.id) == 1000.0
    assert players.plan(view, legal, random.Random(0)) == PickCard(1)


def test_a_combo_always_cancels_the_die_and_plunder_seeks_a_new_category():
    view, _ = operate_view(pending="combo")
    assert players.plan(view, [Combo(2), NoCombo()], random.Random(0)) == Combo(2)
    hand = tuple(c.id for c in data.CARDS if c.category == data.CATEGORIES[0])[:2]
    backs = [(), ()]
    backs[1 - view.player] = (0, 0, 0, 3)
    view = dataclasses.replace(
        view, pending="plunder", hand=hand, defender=1 - view.player, backs=tuple(backs)
    )
    assert players.plan(view, [Plunder(0), Plunder(3)], random.Random(0)) == Plunder(3)


def test_placement_completes_a_settlement_before_anything_else():
    game = first_game(
        lambda g: (
            g.stage == "place"
            and any(g.ca[r][g.turn_player] == 1 for r in range(len(g.ca)))
            and g.credits >= 2
        ),
        players_=2,
        scenario="antillas",
    )
    view, legal = game.view(game.current_player), game.legal_actions()
    chosen = players.plan(view, legal, random.Random(0))
    assert isinstance(chosen, PlaceCA)
    assert view.ca[chosen.region][view.player] == 1


def test_the_end_of_a_turn_when_nothing_is_left_to_do():
    view, _ = operate_view()
    me = view.player
    cq = tuple(tuple(0 for _ in row) for row in view.cq)
    home = view.map.land_regions()[0]
    ca = tuple(tuple(2 if (p == me and r == home) else 0 for p in range(2)) for r in range(len(cq)))
    view = dataclasses.replace(view, cq=cq, ca=ca)
    assert players.plan(view, [EndTurn(), PlaceCQ(home, 1)], random.Random(0)) == EndTurn()


# ---------------------------------------------------------------------------- the study


def test_a_study_shows_who_wins_from_which_seat_on_which_scenario():
    results = {}
    for scenario, seats in (("teaching", 2), ("antillas", 3), ("random", 3)):
        study = run_study(
            "nuevo-mundo", games=6, seed=2, players=seats, bots="greedy", scenario=scenario
        )
        rates = study.win_rates_by_seat()
        assert len(rates) == seats
        assert sum(r.rate for r in rates) == pytest.approx(1.0)  # ties are shared
        results[scenario] = [r.rate for r in rates]
        for row in study.records():
            assert row["scenario"] == scenario
            assert sum(row[f"victory_{v}"] for v in VICTORIES) == 1
            assert 1 <= row["rounds_played"] <= row["rounds"] == 20
            left = [row[f"eliminated_{s}"] for s in range(1, seats + 1)]
            assert row["eliminations"] == sum(x is not None for x in left)
            if row["eliminations"]:
                assert row["first_elimination"] == min(x for x in left if x is not None)
            else:
                assert row["first_elimination"] is None
            winners = [int(w) for w in row["winners"].split()]
            assert all(row[f"eliminated_{w}"] is None for w in winners)
            assert row["battle_rounds"] >= row["battles"] >= row["settlements_lost"] / 2
    assert set(results) == {"teaching", "antillas", "random"}


def test_a_study_is_the_same_for_a_seed_and_checks_its_options():
    one = run_study("nuevo-mundo", games=3, seed=4, bots=["greedy", bot("equilibrium")])
    two = run_study("nuevo-mundo", games=3, seed=4, bots=["greedy", bot("equilibrium")])
    assert one.records() == two.records()
    assert one.measure("rounds_played") == [r["rounds_played"] for r in one.records()]
    with pytest.raises(ValueError, match="scenario"):
        run_study("nuevo-mundo", games=1, scenario="atlantis")
    with pytest.raises(ValueError, match="rounds"):
        run_study("nuevo-mundo", games=1, rounds=-1)
    with pytest.raises(ValueError, match="dice"):
        run_study("nuevo-mundo", games=1, dice="table")  # a bot would choose the die's face
    with pytest.raises(ValueError):
        run_study("nuevo-mundo", games=1, players=4, scenario="teaching")  # a 2-player map
    short = run_study("nuevo-mundo", games=2, seed=1, bots="random", rounds=2, operations=3)
    assert all(r["rounds_played"] <= 2 for r in short.records())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_measure_has_a_title(lang):
    from gamecore.words import get_language, set_language

    before = get_language()
    set_language(lang)
    try:
        titles = {measure_title(m) for m in MEASURES}
        assert len(titles) == len(MEASURES) and all(titles)
        assert measure_title("eliminated_3") == measure_title("eliminated")
        with pytest.raises(ValueError, match="eliminated_1"):
            measure_title("treasure")
    finally:
        set_language(before)
    assert t("nuevo_mundo_bots.measure_battles", lang="es") != t(
        "nuevo_mundo_bots.measure_battles", lang="en"
    )


def test_bots_throw_the_dice_at_a_table_game():
    """With dice="table" the game waits for typed dice: a bot in the seat throws them (any
    face), so a class can seat a bot beside the real board."""
    game = new_game("nuevo-mundo", players=3, seed=4, scenario="antillas", dice="table")
    kinds = Counter()
    play_game(
        game,
        [make_bot(k, seed=i) for i, k in enumerate(["greedy", "equilibrium", "random"])],
        on_move=lambda g, p, a: kinds.update([a.kind]),
    )
    assert game.is_over
    assert kinds["number_rolled"] >= 3 and kinds["colour_rolled"] > 0


# ---------------------------------------------------------------------------- search and secrets


def _walk(node, depth=0):
    """Every node under ``node`` with the depth of its action (the root's children: 1)."""
    for key, child in node.children.items():
        yield key, child, depth + 1
        yield from _walk(child, depth + 1)


def test_the_search_tree_never_lets_the_defender_see_the_attackers_tactic():
    """The search bot as the attacker: its tree branches on its own five tactics, and the
    defender's answers are all in the one node shared by the five (``HIDDEN``), so in no
    guessed game does the defender choose knowing the attacker's tactic."""
    from gamecore.bots import HIDDEN

    game = first_game(lambda g: g.pending == "tactic_attacker", players_=2, scenario="antillas")
    attacker = game.current_player
    legal = game.legal_actions()
    assert legal == [Tactic(t) for t in data.TACTICS]
    search = SearchBot(3, iterations=200, horizon=4, method="tree")
    assert search.choose(game.view(attacker), legal) in legal
    root = search.last_root
    assert root is not None and set(root.children) == {*legal, HIDDEN}
    for tactic in legal:  # the attacker's branch stops at its own choice
        assert root.children[tactic].mover == attacker
        assert not root.children[tactic].children
    shared = root.children[HIDDEN]
    defender = 1 - attacker
    answers = shared.children
    assert set(answers) == set(legal)  # the defender's five tactics, tried in the shared node
    assert all(node.mover == defender for node in answers.values())
    # every iteration past the first try of each tactic went on through the shared node
    assert shared.visits == sum(root.children[t].visits for t in legal) - len(legal)
    # deeper down, no node sits below an attacker's tactic without the shared node between
    for key, node, depth in _walk(root):
        if depth == 1 and key != HIDDEN:
            assert not node.children


def test_the_search_bot_as_defender_chooses_the_same_whatever_the_attacker_chose():
    game = first_game(lambda g: g.pending == "tactic_attacker", players_=2, scenario="antillas")
    chosen = set()
    for tactic in data.TACTICS:
        trial = game.clone()
        trial.play(Tactic(tactic))
        defender = trial.current_player
        for method in ("tree", "auto"):
            search = SearchBot(5, iterations=60, horizon=4, method=method)
            chosen.add((method, search.choose(trial.view(defender), trial.legal_actions())))
    assert len(chosen) == 2  # one choice per method, whatever the attacker chose


def test_only_nuevo_mundos_attacking_tactic_is_a_secret_choice():
    game = first_game(lambda g: g.pending == "tactic_attacker", players_=2, scenario="antillas")
    assert SPEC.secret(game, Tactic(2))
    game.play(Tactic(2))
    assert not SPEC.secret(game, Tactic(2))  # the defender's: both are shown at once
    assert all(
        gamecore.GAMES[name].secret is None for name in ("nuevos-mundos", "ecosfera", "mondo")
    )


def test_the_search_bot_weighs_the_plans_choices_by_guessed_games_played_on():
    """Nuevo Mundo is searched over plans: where the plan takes a face-up card, the bot
    weighs the plan's card against the others, each by the same share of guessed games
    played to the end by the plan; elsewhere it plays the plan's own step."""
    from gamecore.nuevo_mundo.actions import PickCard, PlaceCQ

    game = first_game(
        lambda g: sum(isinstance(a, PickCard) for a in g.legal_actions()) >= 3,
        players_=2,
        scenario="antillas",
    )
    view, legal = game.view(game.current_player), game.legal_actions()
    search = SearchBot(4, iterations=12, margin=0, rounds=1)  # any lead leaves the plan
    chosen = search.choose(view, legal)
    weighed = search.last_weighed
    planned = players.greedy_policy(view, legal, random.Random(4))
    assert next(iter(weighed)) == planned and chosen in weighed
    assert set(weighed) == {a for a in legal if isinstance(a, PickCard)}
    assert sum(n for n, _ in weighed.values()) == 12
    assert len({n for n, _ in weighed.values()}) == 1  # an equal share each
    assert all(0.0 <= mean <= 1.0 for _, mean in weighed.values())
    best = max(mean for _, mean in weighed.values())
    assert weighed[chosen][1] == best
    # the same seed, view and budget: the same choice and the same figures
    again = SearchBot(4, iterations=12, margin=0, rounds=1)
    assert again.choose(view, legal) == chosen and again.last_weighed == weighed
    # a margin no lead reaches: a second round for the plan and the choices that were
    # ahead (if any was), then the one furthest ahead after both rounds, else the plan
    firm = SearchBot(4, iterations=12, margin=100.0, rounds=2)
    chosen = firm.choose(view, legal)
    counts = {a: n for a, (n, _) in firm.last_weighed.items()}
    ahead = [a for a, (_, mean) in weighed.items() if mean > weighed[planned][1]]
    assert counts[planned] == (counts[ahead[0]] if ahead else 12 // len(weighed))
    assert sum(counts.values()) > 12 if ahead else sum(counts.values()) == 12
    means = {a: mean for a, (_, mean) in firm.last_weighed.items() if a in ahead}
    if means and max(means.values()) > firm.last_weighed[planned][1]:
        assert firm.last_weighed[chosen][1] == max(means.values())
    else:
        assert chosen == planned
    # a step between the plan's choices follows the plan, with nothing weighed
    step = first_game(
        lambda g: (
            g.legal_actions()
            and all(isinstance(a, PlaceCQ) for a in g.legal_actions())
            and len(g.legal_actions()) > 1
        ),
        players_=2,
        scenario="antillas",
    )
    view, legal = step.view(step.current_player), step.legal_actions()
    follow = SearchBot(9, iterations=12)
    assert follow.choose(view, legal) == players.greedy_policy(view, legal, random.Random(9))
    assert follow.last_weighed == {}


def test_the_search_bot_plays_the_games_measured_budget_unless_told_another():
    """Without a budget the search bot plays the game's own (Nuevo Mundo's 96 guessed games
    a weighed decision, the measured bot the table and a class room seat); other games keep
    the general default, and a budget given is the budget played."""
    from gamecore.bots import SEARCH_ITERATIONS
    from gamecore.nuevo_mundo.actions import PickCard
    from gamecore.protocol import spec_of

    assert SearchBot().budget(spec_of("nuevo-mundo")) == players.SEARCH_ITERATIONS == 96
    assert SearchBot().budget(spec_of("nuevos-mundos")) == SEARCH_ITERATIONS
    seated = make_bot("search")
    assert isinstance(seated, SearchBot) and seated.budget(spec_of("nuevo-mundo")) == 96
    assert SearchBot(iterations=7).budget(spec_of("nuevo-mundo")) == 7
    assert SearchBot(iterations=None, seconds=1.0).budget(spec_of("nuevo-mundo")) is None
    game = first_game(
        lambda g: sum(isinstance(a, PickCard) for a in g.legal_actions()) >= 3,
        players_=2,
        scenario="antillas",
    )
    view, legal = game.view(game.current_player), game.legal_actions()
    bot = SearchBot(4)
    bot.choose(view, legal)
    played = sum(n for n, _ in bot.last_weighed.values())
    assert 96 <= played < 96 + len(bot.last_weighed)


def test_the_search_bot_explains_a_wrong_method_or_choice_count():
    for wrong in (0, -3, 2.5, True, "lots"):
        with pytest.raises(ValueError, match="whole number of iterations"):
            SearchBot(iterations=wrong)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'auto' or 'tree'"):
        SearchBot(method="deep")
    with pytest.raises(ValueError, match="at least 2 choices"):
        SearchBot(choices=1)
    with pytest.raises(ValueError, match="at least 1 round"):
        SearchBot(rounds=0)
    with pytest.raises(ValueError, match="0 or more standard errors"):
        SearchBot(margin=-1)


def test_the_search_bot_weighs_on_while_a_lead_is_unclear():
    """``_ahead`` compares each choice with the plan's (choice 0) game by game: one game
    better out of eight is a lead of z = 1.0, under a margin of 1.5 (a bot with ``rounds=2``
    and that margin then plays another round); three are over it."""
    plan = [0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]
    one = [1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]
    three = [1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0]
    worse = [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0]
    ahead = SearchBot._ahead([plan, one, three, worse])
    assert [k for k, _ in ahead] == [2, 1]  # the furthest ahead first; the worse one is out
    assert dict(ahead)[1] == pytest.approx(1.0)
    assert dict(ahead)[2] >= 1.5
    # paired on the games both played: a choice that played only the first four
    assert SearchBot._ahead([plan, [1.0, 1.0, 1.0, 1.0]]) == [(1, math.inf)]
    assert SearchBot._ahead([plan, plan]) == []


def test_the_search_bot_weighs_the_battles_from_its_own_view(monkeypatch):
    """At an operative step with an enemy's land in reach, the search bot weighs each aim at
    it (a battle) against what the plan would do without one; in an open conflict, fighting
    against each retreat; asked for a retreat, both answers. The choices are read from the
    view alone, and every guessed game is dealt from it."""
    from gamecore.nuevo_mundo.actions import Aim

    def battle_step(g):
        if g.stage != "operate" or g.pending:
            return False
        view = g.view(g.current_player)
        return any(isinstance(a, Aim) for a in players.search_choices(view, g.legal_actions()))

    game = first_game(battle_step, players_=2, scenario="antillas")
    view, legal = game.view(game.current_player), game.legal_actions()
    weighed = players.search_choices(view, legal)
    aims = [a for a in weighed if isinstance(a, Aim)]
    assert aims and all(a in legal for a in weighed)
    for aim in aims:  # from own land into land an enemy holds
        assert view.map.regions[aim.origin].land and view.map.regions[aim.destination].land
        assert view.cq[aim.origin][view.player] > 0
        assert any(view.cq[aim.destination][p] + view.ca[aim.destination][p]
                   for p in range(2) if p != view.player)  # fmt: skip
    peaceful = [a for a in weighed if a not in aims]  # the plan's step without a battle
    assert len(peaceful) <= 1
    rest = [a for a in legal if a not in aims]
    assert peaceful == [players.plan(view, rest, random.Random(len(legal)))]
    search = SearchBot(2, iterations=8)
    chosen = search.choose(view, legal)
    assert chosen in legal and chosen in search.last_weighed
    assert set(search.last_weighed) <= {
        *weighed,
        players.greedy_policy(view, legal, random.Random(2)),
    }
    # the hidden cards are not read: the other's hand dealt anew (the same categories, so
    # the same view), the same choice after the same guessed games
    other = game.clone()
    foe = 1 - view.player
    category = {c.id: c.category for c in data.CARDS}
    for i, card in enumerate(other.hands[foe]):
        swap = next((d for d in other.deck if category[d] == category[card]), None)
        if swap is not None:
            other.deck[other.deck.index(swap)] = card
            other.hands[foe][i] = swap
    assert other.view(view.player) == view
    again = SearchBot(2, iterations=8)
    assert again.choose(other.view(view.player), legal) == chosen
    assert again.last_weighed == search.last_weighed
    answering = first_game(lambda g: g.pending == "answer", players_=2, scenario="antillas")
    view, legal = answering.view(answering.current_player), answering.legal_actions()
    assert players.search_choices(view, legal) == [a for a in legal if isinstance(a, Answer)]
    conflict = first_game(
        lambda g: g.pending == "" and any(isinstance(a, Attack) for a in g.legal_actions()),
        players_=2,
        scenario="antillas",
    )
    view, legal = conflict.view(conflict.current_player), conflict.legal_actions()
    assert set(players.search_choices(view, legal)) == {
        a for a in legal if isinstance(a, (Attack, Negotiate))
    }
    # switched off, only the plan's choices are weighed
    monkeypatch.setattr(players, "WEIGH_BATTLES", False)
    assert players.search_choices(view, legal) == []
