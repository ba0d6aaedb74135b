"""Lessons 4 and 5's building blocks: the Earth table, the experiments and the quiz."""

from __future__ import annotations

import itertools
import json
from importlib import resources

import pytest

from gamecore.experiments import BotSpec, bot, margin_of_error, run_study, wilson_interval
from gamecore.nuevos_mundos import BIOMES, earth

TURN_KINDS = ("take_biome", "take_digits", "lay")

# ---------------------------------------------------------------------------- earth


@pytest.fixture(scope="module")
def planet():
    return earth.load()


def test_every_game_biome_is_described_in_order(planet):
    assert tuple(b.name for b in planet.biomes) == BIOMES
    assert len(planet.biomes) == 8
    assert planet.biome("High mountain").name == "high_mountain"
    with pytest.raises(ValueError, match="the biomes are"):
        planet.biome("moon")


def test_climate_ranges_are_sane_and_marked_approximate(planet):
    for b in planet.biomes:
        t0, t1 = b.climate.temperature_c
        p0, p1 = b.climate.precipitation_mm
        assert -40 <= t0 < t1 <= 35, b.name
        assert 0 <= p0 < p1 <= 5000, b.name
        assert b.climate.approximate, b.name
        assert b.climate.note


def test_the_climate_ranges_follow_the_whittaker_diagram(planet):
    c = {b.name: b.climate for b in planet.biomes}
    # The wettest and the driest.
    assert c["jungle"].precipitation_mm[0] >= 1500
    assert c["desert"].precipitation_mm[1] <= 300
    # Savanna: between desert and rainforest in rain, warm like them.
    assert c["desert"].precipitation_mm[1] < c["savanna"].precipitation_mm[0]
    assert c["savanna"].precipitation_mm[1] < c["jungle"].precipitation_mm[1]
    # Colder and colder towards the pole.
    assert c["arctic_tundra"].temperature_mid < c["taiga"].temperature_mid < 5
    assert c["taiga"].temperature_c[1] < c["savanna"].temperature_c[0]
    for warm in ("jungle", "savanna", "desert"):
        assert c[warm].temperature_c[0] >= 15
    # Sea water freezes at about -2 °C.
    assert c["ocean"].temperature_c[0] == pytest.approx(-2, abs=0.5)


def test_latitudes_are_sane(planet):
    for b in planet.biomes:
        assert b.latitude_bands and b.latitude_text
        for south, north in b.latitude_bands:
            assert -90 <= south < north <= 90
    taiga = planet.biome("taiga")
    tundra = planet.biome("arctic_tundra")
    assert all(south > 0 for south, _ in taiga.latitude_bands + tundra.latitude_bands)
    assert min(s for s, _ in tundra.latitude_bands) >= min(s for s, _ in taiga.latitude_bands)
    for tropical in ("jungle", "savanna"):
        assert all(s >= -30 and n <= 30 for s, n in planet.biome(tropical).latitude_bands)


def test_each_biome_has_three_to_five_animals_and_some_plants(planet):
    for b in planet.biomes:
        assert 3 <= len(b.animals) <= 5, b.name
        assert b.plants, b.name
        assert b.where and b.regions and b.game_simplifies
        for animal in b.animals:
            assert animal.hemisphere in earth.HEMISPHERES
            assert animal.where


def test_polar_bear_lives_only_in_the_arctic_tundra(planet):
    assert planet.biomes_with_animal("polar bear") == ["arctic_tundra"]
    bear = next(a for a in planet.biome("arctic_tundra").animals if a.name == "polar bear")
    assert bear.hemisphere == "north"
    assert "Arctic" in bear.where
    assert planet.polar.polar_bear_biomes == ("arctic_tundra",)
    assert planet.polar.polar_bear_hemisphere == "north"


def test_penguins_live_in_no_northern_biome(planet):
    northern = [b.name for b in planet.biomes if all(s >= 0 for s, _ in b.latitude_bands)]
    assert set(northern) == {"taiga", "arctic_tundra"}
    penguin_biomes = planet.biomes_with_animal("penguin")
    assert not set(penguin_biomes) & set(northern)
    for b in planet.biomes:
        for animal in b.animals:
            if "penguin" in animal.name.lower():
                assert animal.hemisphere == "south", animal
    assert planet.polar.penguin_hemisphere == "south"
    assert not set(planet.polar.penguin_biomes) & set(northern)
    assert "Galápagos" in planet.polar.penguins_northernmost


def test_the_two_never_share_a_biome_in_the_table(planet):
    for b in planet.biomes:
        names = " ".join(b.animal_names()).lower()
        assert not ("polar bear" in names and "penguin" in names), b.name


def test_example_places_fall_in_their_biome_box(planet):
    assert len(planet.places) >= 5
    for place in planet.places:
        found = planet.biomes_for_climate(place.temperature_c, place.precipitation_mm)
        if place.biome is None:
            assert found == [] and place.not_in_game, place
        else:
            assert found == [place.biome], place
    assert planet.biomes_for_climate(0, 1000, with_mountains=True) == ["high_mountain"]
    assert planet.biomes_for_climate(0, 600, with_mountains=True) == ["high_mountain", "taiga"]


def test_the_poles_are_far_apart(planet):
    bear_south, bear_north = planet.polar.polar_bear_latitudes
    penguin_south, penguin_north = planet.polar.penguin_latitudes
    assert bear_south > 45 and bear_north <= 90
    assert -90 <= penguin_south < -60 and penguin_north < 5
    assert bear_south - penguin_north > 45  # the whole tropics and more lie between them


def test_sources_are_named_and_the_tables_render(planet):
    assert "Whittaker" in planet.sources
    assert "approximate" in planet.about.lower()
    animals = planet.animal_table()
    assert len(animals.rows) == sum(len(b.animals) for b in planet.biomes)
    html = animals._repr_html_()
    assert html.startswith('<table class="mundos-earth-table">') and "polar bear" in html
    assert "Arctic tundra" in str(planet.climate_table())
    assert len(planet.simplifications().rows) == 8


def test_a_broken_table_is_refused():
    text = resources.files("gamecore.nuevos_mundos").joinpath("earth.json").read_text("utf-8")
    data = json.loads(text)
    data["biomes"][0]["climate"]["temperature_c"] = [30, -2]
    with pytest.raises(ValueError, match="goes from"):
        earth.parse(json.dumps(data))
    data = json.loads(text)
    data["biomes"].pop()
    with pytest.raises(ValueError, match="in order"):
        earth.parse(json.dumps(data))


# ---------------------------------------------------------------------------- experiments


@pytest.fixture(scope="module")
def random_result():
    return run_study("nuevos-mundos", games=60, seed=3, bots=["random"] * 4)


def test_an_experiment_is_deterministic_for_a_seed(random_result):
    again = run_study("nuevos-mundos", games=60, seed=3, bots=["random"] * 4)
    assert again.rows == random_result.rows
    other = run_study("nuevos-mundos", games=60, seed=4, bots=["random"] * 4)
    assert other.rows != random_result.rows


def test_earlier_games_do_not_depend_on_how_many_follow(random_result):
    short = run_study("nuevos-mundos", games=10, seed=3, bots=["random"] * 4)
    assert short.rows == random_result.rows[:10]


def test_win_rates_add_up_to_one(random_result):
    for r in random_result.rows:
        assert r.winners
        assert sum(r.win_share(s) for s in range(4)) == pytest.approx(1.0)
    assert sum(r.rate for r in random_result.win_rates_by_seat()) == pytest.approx(1.0)
    by_bot = random_result.win_rates_by_bot()
    assert list(by_bot) == ["random"] and by_bot["random"].rate == pytest.approx(0.25)
    assert by_bot["random"].games == 240, "a bot in four seats has four chances a game"
    assert random_result.fair_rate() == 0.25


def test_winners_have_the_best_total(random_result):
    for r in random_result.rows:
        best = max(r.totals)
        assert all(r.totals[s] == best for s in r.winners)


def test_points_add_up_to_totals(random_result):
    assert random_result.categories == ("biodiversity", "dominant_biomes", "natural_balance")
    for r in random_result.rows:
        for seat in range(4):
            assert sum(points[seat] for _, points in r.points) == r.totals[seat]
    mean = random_result.mean_points()
    assert sum(mean.values()) == pytest.approx(sum(sum(r.totals) for r in random_result.rows) / 240)
    assert set(mean) == set(random_result.categories)
    with pytest.raises(ValueError, match="no bot named 'genius'"):
        random_result.mean_points("genius")


def test_action_counts_add_up(random_result):
    kinds = random_result.action_kinds
    assert set(kinds) == {"take_biome", "take_digits", "lay", "last_card", "no_last_card"}
    for r in random_result.rows:
        turns = sum(n for seat in r.actions for k, n in zip(kinds, seat) if k in TURN_KINDS)
        assert r.length == sum(map(sum, r.actions)) >= turns > 0
    every = random_result.action_counts("all")
    winners = random_result.action_counts("winners")
    others = random_result.action_counts("others")
    assert set(every) == set(kinds)
    for kind in every:
        assert winners[kind] + others[kind] == every[kind]
    assert sum(every.values()) == sum(random_result.lengths())
    shares = random_result.action_shares("winners", TURN_KINDS)
    assert list(shares) == list(TURN_KINDS)
    assert sum(shares.values()) == pytest.approx(1.0)
    both = random_result.winners_vs_others(TURN_KINDS)
    assert sum(w for w, _ in both.values()) == pytest.approx(1.0)
    assert sum(o for _, o in both.values()) == pytest.approx(1.0)
    turns = random_result.turns_by_seat(TURN_KINDS)
    assert sum(turns) * 60 == pytest.approx(sum(every[k] for k in TURN_KINDS))
    with pytest.raises(ValueError, match="unknown action kinds"):
        random_result.action_shares("all", ["fly"])
    with pytest.raises(ValueError, match="group"):
        random_result.action_counts("losers")


def test_the_table_counts_each_seats_actions_by_kind(random_result):
    record = random_result.records()[0]
    row = random_result.rows[0]
    for seat in range(4):
        for kind, n in zip(random_result.action_kinds, row.actions[seat]):
            assert record[f"n_{kind}_{seat + 1}"] == n


def test_progress_is_reported_after_each_batch():
    calls = []
    run_study(
        "nuevos-mundos", games=5, seed=1, players=2, progress=lambda d, t: calls.append((d, t))
    )
    assert calls == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
    calls.clear()
    run_study(
        "nuevos-mundos",
        games=5,
        seed=1,
        players=2,
        batch=2,
        progress=lambda d, t: calls.append((d, t)),
    )
    assert calls == [(2, 5), (4, 5), (5, 5)]


def test_seatings_put_every_bot_in_every_seat():
    bots = ["random", "greedy", "random"]
    rotated = run_study(
        "nuevos-mundos",
        games=6,
        seed=2,
        bots=["random", "greedy", bot("random", label="r2")],
        seating="rotate",
    )
    seats = [r.bots.index("greedy") for r in rotated.rows]
    assert seats == [1, 0, 2, 1, 0, 2]
    orders = run_study(
        "nuevos-mundos",
        games=6,
        seed=2,
        bots=[*bots[:2], bot("random", label="r2")],
        seating="all_orders",
    )
    assert [r.bots for r in orders.rows] == [
        tuple(p) for p in itertools.permutations(("random", "greedy", "r2"))
    ]
    rates = orders.win_rates_by_bot()
    assert {name: r.games for name, r in rates.items()} == {"random": 6, "greedy": 6, "r2": 6}
    assert sum(r.rate for r in rates.values()) == pytest.approx(1.0)
    greedy = rates["greedy"]
    assert 0 <= greedy.low <= greedy.rate <= greedy.high <= 1
    on_two = run_study(
        "nuevos-mundos",
        games=6,
        seed=2,
        bots=[*bots[:2], bot("random", label="r2")],
        seating="all_orders",
        workers=2,
        batch=1,
    )
    assert on_two.rows == orders.rows, "a worker seats a game by its index alone"


def test_greedy_bot_outscores_random_bots():
    result = run_study(
        "nuevos-mundos", games=12, seed=5, bots=["greedy", "random"], seating="rotate"
    )
    assert sum(result.mean_points("greedy").values()) > sum(result.mean_points("random").values())
    assert result.win_rates_by_bot()["greedy"].rate > 0.5


def test_bot_specs_and_bad_requests_are_explained():
    spec = bot("search", label="search (5)", iterations=5)
    assert spec == BotSpec("search", (("iterations", 5),), "search (5)")
    assert spec.name == "search (5)"
    result = run_study("nuevos-mundos", games=2, seed=1, bots=[spec, "random"])
    assert result.bot_names() == ["search (5)", "random"]
    with pytest.raises(ValueError, match="unknown bot"):
        bot("genius")
    with pytest.raises(ValueError, match="2-4 players"):
        run_study("nuevos-mundos", games=1, bots=["random"])
    with pytest.raises(ValueError, match="at least one game"):
        run_study("nuevos-mundos", games=0, bots=["random"] * 2)
    with pytest.raises(ValueError, match="seating"):
        run_study("nuevos-mundos", games=1, bots=["random"] * 2, seating="shuffle")
    with pytest.raises(ValueError, match="unknown game"):
        run_study("chess", games=1, bots=["random"] * 2)


def test_intervals_shrink_with_more_games(random_result):
    assert margin_of_error(0.25, 3000) == pytest.approx(0.0155, abs=0.0005)
    assert margin_of_error(0.25, 300) > margin_of_error(0.25, 3000)
    low, high = wilson_interval(0.25, 3000)
    assert low == pytest.approx(0.25 - margin_of_error(0.25, 3000), abs=0.001)
    assert high == pytest.approx(0.25 + margin_of_error(0.25, 3000), abs=0.001)
    low, high = wilson_interval(0.0, 40)
    assert low == 0.0 and 0.05 < high < 0.12
    low, high = random_result.fair_band()
    assert low < 0.25 < high
    for rate in random_result.win_rates_by_seat():
        assert 0 <= rate.low <= rate.rate <= rate.high <= 1


# ---------------------------------------------------------------------------- quiz and progress

QUESTIONS = [
    {
        "question": "Where do polar bears live in the wild?",
        "options": ["Antarctica", "Around the Arctic", "Both"],
        "answer": 1,
        "explanation": "Polar bears live only around the Arctic Ocean.",
    },
    {
        "question": "Which biome gets the most rain?",
        "options": ["Desert", "Taiga", "Tropical rainforest"],
        "answer": 2,
        "explanation": "Rainforests get 2000 mm or more a year.",
    },
]


def test_quiz_right_and_wrong_feedback_explains():
    from widgets.quiz import Quiz

    quiz = Quiz(QUESTIONS)
    right = quiz.answer(0, 1)
    assert right.correct and right.first_try
    assert right.text.startswith("Right!") and "Arctic Ocean" in right.text
    wrong = quiz.answer(1, 0)
    assert not wrong.correct
    assert "Tropical rainforest" in wrong.text and "2000 mm" in wrong.text
    html = quiz._feedback_html[1].value
    assert "✘" in html and "Not quite" in html


def test_quiz_score_counts_first_tries():
    from widgets.quiz import Quiz

    quiz = Quiz(QUESTIONS)
    assert quiz.score == 0 and "none answered" in quiz.score_text()
    quiz.answer(1, 0)
    quiz.answer(1, 2)  # a second try is explained but does not score
    assert quiz.score == 0 and quiz.answered == 1 and not quiz.finished
    quiz.answer(0, 1)
    assert quiz.score == 1 and quiz.finished
    assert quiz.score_text().startswith("Score: 1 of 2")
    assert "1 of 2" in quiz._score.value
    quiz.reset()
    assert quiz.score == 0 and quiz.answered == 0


def test_quiz_buttons_and_no_choice():
    from widgets.quiz import Quiz

    quiz = Quiz(QUESTIONS)
    assert "mundos-quiz" in quiz.widget._dom_classes
    fb = quiz.answer(0, None)
    assert not fb.correct and "Choose an answer" in fb.text and quiz.answered == 0
    radio = quiz._radios[0]
    radio.index = 1
    check = quiz.widget.children[1].children[2]
    assert "mundos-quiz-check" in check._dom_classes
    check.click()
    assert quiz.score == 1


def test_quiz_refuses_bad_questions_and_answers():
    from widgets.quiz import Question, Quiz

    with pytest.raises(ValueError, match="not one of the 2 options"):
        Question("Q?", ("a", "b"), 2, "why")
    with pytest.raises(ValueError, match="needs explanation"):
        Quiz([{"question": "Q?", "options": ["a", "b"], "answer": 0}])
    quiz = Quiz(QUESTIONS)
    with pytest.raises(ValueError, match="no question 5"):
        quiz.answer(5, 0)
    with pytest.raises(ValueError, match="options 0 to 2"):
        quiz.answer(0, 3)


def test_progress_bar_follows_the_experiment():
    from widgets.progress import progress_bar

    box, tick = progress_bar(250, "Playing")
    bar, label = box.children
    assert "mundos-progress" in box._dom_classes
    run_study("nuevos-mundos", games=3, seed=1, players=2, progress=tick)
    assert label.value.startswith("3 games done in") and bar.value == 3
    assert bar.bar_style == "success"
    box, tick = progress_bar(1000)
    bar, label = box.children
    tick(5, 1000)  # less than a hundredth of the way: not redrawn yet
    assert bar.value == 0
    tick(10, 1000)
    tick(15, 1000)
    assert bar.value == 10 and label.value.startswith("10 of 1,000 games · ")
    assert "games/s" in label.value and "s left" in label.value
    tick(1000, 1000)
    assert bar.value == 1000 and "done" in label.value
    with pytest.raises(ValueError):
        progress_bar(0)
