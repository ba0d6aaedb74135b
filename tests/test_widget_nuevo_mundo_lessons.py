"""Nuevo Mundo lessons 2 (the criptex) and 3 (chance and risk): their helpers tell the truth
and answer in words, the duel plays by the rules, and the two languages share their code.

The numbers the lessons state in their text (2/5, 0, 2/5, 1/5, 0; the favourite bot's +7/8;
2/3 and 4/5 at a border; 64/125 for three borders; 88.6% for the rulebook's 6 CQ against a
settlement with 1 CQ) are recomputed here, so a change that makes a lesson wrong fails.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from gamecore import words
from gamecore.nuevo_mundo.criptex import battle_value, beats, payoff_matrix
from widgets.nuevo_mundo import lesson_criptex as lc
from widgets.nuevo_mundo import lesson_duel as ld
from widgets.nuevo_mundo import lesson_risk as lr

ROOT = Path(__file__).resolve().parents[1]
LESSONS = {
    "02": ("02_the_criptex.ipynb", "02_el_criptex.ipynb"),
    "03": ("03_chance_and_risk.ipynb", "03_azar_y_riesgo.ipynb"),
}
F = Fraction


@pytest.fixture(autouse=True)
def english():
    before = words.get_language()
    words.set_language("en")
    yield
    words.set_language(before)


# ------------------------------------------------------------------ cycles and matrices


def test_rock_paper_scissors_is_a_cycle_with_a_third_each() -> None:
    table = lc.rps_table()
    assert table.headers == ("You ↓ · Rival →", "Rock", "Paper", "Scissors")
    assert table.rows[0] == ("Rock", "= 0", "▼ −1", "▲ +1")  # paper beats rock
    assert str(lc.rps_mix()).count("1/3 of the time") == 3


def test_the_payoff_table_is_the_matrix_with_symbols() -> None:
    table = lc.payoff_table("double", "half")
    matrix = payoff_matrix("double", "half")
    for row, values in zip(table.rows, matrix):
        for cell, value in zip(row[1:], values):
            symbol = "▲" if value > 0 else "▼" if value < 0 else "="
            assert cell.startswith(symbol)
            assert cell.endswith(str(abs(value)))
    assert "double against half" in table.note
    html = table._repr_html_()
    assert html.count("<tr>") == 6 and lc.WIN_FILL in html and lc.LOSS_FILL in html


@pytest.mark.parametrize("pair", lc.CRITERIA_PAIRS)
def test_no_tactic_is_best_every_tactic_has_an_answer(pair: tuple[str, str]) -> None:
    notes = lc.best_answers(*pair)
    assert len([line for line in notes if line.startswith("• ")]) == 5
    for row in payoff_matrix(*pair):
        assert min(row) < 0  # every tactic of the attacker loses to something


def test_the_cycle_pictures_draw_every_win_and_nothing_else() -> None:
    five = lc.cycle_picture(5).scene
    arrows = [i for i in five.ids() if i.startswith("beats") and not i.endswith("-head")]
    assert len(arrows) == 10
    for arrow in arrows:
        winner, loser = (int(x) for x in arrow[len("beats") :].split("-"))
        assert beats(winner, loser)
    three = lc.cycle_picture(3).scene
    assert len([i for i in three.ids() if i.startswith("beats") and "-head" not in i]) == 3
    assert {"Rock", "Paper", "Scissors"} <= set(three.texts())
    with pytest.raises(ValueError, match="not 4"):
        lc.cycle_picture(4)


def test_hatching_stays_inside_its_rectangle() -> None:
    for kind in lc.TACTIC_HATCHES:
        [path] = lc.hatch(kind, 10, 20, 44, 90, 9, "#000000", "h")
        x, y, w, h = path.bbox()
        assert x >= 10 - 1e-9 and y >= 20 - 1e-9
        assert x + w <= 54 + 1e-9 and y + h <= 110 + 1e-9
    assert lc.hatch("/", 0, 0, 0, 10, 5, "#000000", "h") == []


# ------------------------------------------------------------------ mixes


def test_the_balance_mix_is_the_one_lesson_2_states_and_worth_zero() -> None:
    mix = lc.best_mix()
    assert mix.chances == (F(1, 10), F(2, 5), F(1, 5), F(1, 10), F(1, 5))
    assert mix.value == 0
    stated = ", ".join(lc.fraction_words(c) for c in mix.chances[:-1])
    stated += " and " + lc.fraction_words(mix.chances[-1])
    assert stated in _markdown("en", "02")  # question 3 and the activity's bag of slips
    text = " ".join(mix.words())
    assert "bag of 10" in text and "breaks even" in text
    assert "1 marble marked 1, 4 marbles marked 2, 2 marbles marked 3" in text


@pytest.mark.parametrize("pair", lc.CRITERIA_PAIRS)
@pytest.mark.parametrize("side", ["attacker", "defender"])
def test_an_equilibrium_mix_cannot_be_exploited(pair: tuple[str, str], side: str) -> None:
    mix = lc.best_mix(*pair, side=side)
    assert sum(mix.chances) == 1
    table = mix.against_each()
    earned = [F(row[1].replace("−", "-").lstrip("+")) for row in table.rows]
    assert min(earned) == mix.value  # the best answer leaves exactly the value
    assert all(e >= mix.value for e in earned)


def test_the_criterion_changes_the_mix_and_the_value() -> None:
    balance, double, half = (lc.best_mix(*pair) for pair in lc.CRITERIA_PAIRS)
    assert double.value == F(159, 310) and half.value == -F(159, 310)
    assert len({balance.chances, double.chances, half.chances}) == 3
    table = lc.criterion_table()
    assert [row[-1] for row in table.rows] == ["0", "+159/310 ≈ +0.51", "−159/310 ≈ −0.51"]
    scene = lc.criterion_mixes().scene
    assert "73/310" in scene.texts() and "1/31" in scene.texts()


def test_a_mix_shows_itself_as_a_picture_with_its_fractions() -> None:
    mix = lc.best_mix()
    data, _ = mix._repr_mimebundle_()
    assert {"image/svg+xml", "image/png", "text/plain"} <= set(data)
    texts = mix.picture().scene.texts()
    for chance in mix.chances:
        assert lc.fraction_words(chance) in texts
    assert "40%" in texts and texts.count("1/10") == 2


# ------------------------------------------------------------------ bots and the duel


def test_a_bot_draws_its_tactics_with_the_exact_chances() -> None:
    bot = ld.favourite_bot(3)
    assert bot.chances == (F(1, 8), F(1, 8), F(1, 2), F(1, 8), F(1, 8))
    rng = random.Random(5)
    counts = Counter(bot.choose(rng) for _ in range(8000))
    assert abs(counts[3] / 8000 - 0.5) < 0.03
    calm = ld.equilibrium_bot()
    played = {x for x, c in zip((1, 2, 3, 4, 5), calm.chances) if c}
    assert set(Counter(calm.choose(rng) for _ in range(500))) == played


def test_always_playing_one_tactic_earns_the_exact_average_against_each_bot() -> None:
    calm = ld.exploit_table("equilibrium", rounds=2000, seed=4)
    assert all(not row[1].startswith("+") for row in calm.rows)  # nothing beats the value, 0
    assert "0" in [row[1] for row in calm.rows]
    greedy = ld.exploit_table("favourite", rounds=2000, seed=4)
    assert greedy.rows[4][1] == "+7/8"  # tactic 5, as lesson 2 says
    assert "always playing 5 earns +7/8" in _markdown("en", "02")
    for row in greedy.rows:  # the simulation is near the exact average
        exact = float(F(row[1].replace("−", "-").lstrip("+")))
        assert abs(float(row[3].replace("−", "-").lstrip("+")) - exact) < 0.12


def test_a_duel_round_is_an_entry_of_the_payoff_matrix() -> None:
    duel = ld.Duel("equilibrium", seed=3)
    matrix = payoff_matrix("balance", "balance")
    for tactic in (1, 2, 3, 4, 5, 1, 4):
        played = duel.play(tactic)
        assert played.gain == matrix[tactic - 1][played.bots - 1]
    assert duel.total == sum(r.gain for r in duel.rounds)
    again = ld.Duel("equilibrium", seed=3)
    assert [again.play(r.yours).bots for r in duel.rounds] == [r.bots for r in duel.rounds]


def test_the_verdict_comes_after_enough_rounds_and_names_the_exploit() -> None:
    duel = ld.Duel("favourite", seed=1)
    for _ in range(ld.MIN_ROUNDS - 1):
        duel.play(4)
    assert "Play 1 more round" in duel.verdict()
    duel.play(4)
    verdict = duel.verdict()
    assert "can be exploited" in verdict and "tactic 5" in verdict and "+7/8" in verdict
    calm = ld.Duel("equilibrium", seed=1)
    for _ in range(ld.MIN_ROUNDS):
        calm.play(1)
    assert "The equilibrium bot allows 0" in calm.verdict()
    assert calm.best_reply()[1] == 0


def test_a_duel_refuses_a_tactic_or_criteria_that_do_not_exist() -> None:
    with pytest.raises(ValueError, match="no tactic 6"):
        ld.Duel().play(6)
    with pytest.raises(ValueError, match="not fought with double against double"):
        ld.Duel(criteria=("double", "double"))
    with pytest.raises(ValueError, match="no bot called"):
        ld.Duel(bot="clever")


def test_the_duel_widget_plays_by_its_buttons_and_starts_again() -> None:
    game = ld.CriptexDuel("equilibrium", seed=2)
    assert "Choose a tactic" in game.status.value
    game.buttons[0].click()
    game.buttons[3].click()
    assert [r.yours for r in game.model.rounds] == [1, 4]
    assert "Round 2: you chose tactic 4" in game.status.value
    game.again.click()
    assert game.model.rounds == [] and game.model.seed == 3
    data, metadata = game._repr_mimebundle_()
    assert "image/png" in data and "run the cell" in data["text/plain"]
    assert "image/png" in metadata


# ------------------------------------------------------------------ lesson 3: the die


def test_one_border_crosses_two_times_in_three_and_four_in_five_in_the_end() -> None:
    faces = (lr.GREEN, lr.RED, lr.BLACK)
    assert faces == (F(2, 3), F(1, 6), F(1, 6))
    assert lr.after_throws(1) == (F(2, 3), F(1, 6), F(1, 6), F(1, 6))
    assert lr.after_throws(2)[0] == F(7, 9)
    assert lr.in_the_end() == (F(4, 5), F(1, 5), F(1, 5))
    for k in range(1, 6):
        crossed, closed, still, _ = lr.after_throws(k)
        assert crossed + closed + still == 1
    table = lr.border_table(3)
    assert [row[1] for row in table.rows] == [
        "2/3 (66.7%)", "7/9 (77.8%)", "43/54 (79.6%)", "4/5 (80.0%)",
    ]  # fmt: skip


def _share(text: str) -> float:
    return float(text.rstrip("%")) / 100


def test_the_simulated_borders_and_journeys_agree_with_the_theory() -> None:
    border = lr.border_experiment(trials=10_000, seed=1)
    for what, theory, experiment in border.rows[:4]:
        exact = float(F(theory.split()[0]))
        assert abs(_share(experiment) - exact) < 0.02, what
    journey = lr.journey_table(3, trials=10_000, seed=2)
    assert journey.rows[0][1].startswith("8/27") and journey.rows[1][1].startswith("64/125")
    assert journey.rows[2][1].startswith("61/125")
    assert abs(_share(journey.rows[1][2]) - 64 / 125) < 0.02


def test_arriving_loses_a_cq_for_every_black() -> None:
    there = lr.arrival(3, 1)
    assert there == {3: F(2, 3), 2: F(1, 6) * F(2, 3), 1: F(1, 36) * F(2, 3)}
    assert sum(there.values()) == F(4, 5) * (1 - F(1, 6) ** 3)
    assert sum(lr.arrival(6, 3).values()) < F(4, 5) ** 3


def test_the_die_picture_has_a_symbol_and_a_word_on_every_face() -> None:
    texts = lr.die_picture().scene.texts()
    assert texts.count("cross") == 4 and texts.count("closed") == 1
    assert texts.count("lose 1 CQ") == 1 and texts.count("✔") == 4


# ------------------------------------------------------------------ lesson 3: battles


def test_the_rulebooks_attack_on_a_settlement_wins_about_89_times_in_100() -> None:
    notes = lr.battle_words(6, 3)
    assert "under double, the defender under half" in notes[0]
    assert 0.85 < battle_value(6, 3) < 0.92
    assert f"{battle_value(6, 3):.1%}" in notes[1]
    experiment = lr.battle_experiment(6, 3, battles=2000, seed=3)
    assert experiment.rows[0][1] == f"{battle_value(6, 3):.1%}"
    assert abs(_share(experiment.rows[0][2]) - battle_value(6, 3)) < 0.03


def test_a_simulated_battle_ends_with_one_side_gone() -> None:
    rng = random.Random(0)
    for _ in range(50):
        won, lost_a, lost_d = lr.simulate_battle(4, 4, rng)
        assert 0 <= lost_a <= 4 and 0 <= lost_d <= 4
        assert lost_a == 4 or lost_d == 4
        assert won == (lost_d == 4 and lost_a < 4)


def test_the_battle_grid_writes_every_chance_and_outlines_the_example() -> None:
    scene = lr.battle_grid(10, 8, mark=(6, 3)).scene
    assert scene.find("cell6-3-text").text == "89%"  # type: ignore[attr-defined]
    assert scene.find("cell10-1-text").text == "> 99%"  # type: ignore[attr-defined]
    mark = scene.find("mark")
    assert mark.bbox() == scene.find("cell6-3").bbox()
    for a in range(1, 10):  # one more attacker never lowers the chance
        assert battle_value(a + 1, 3) >= battle_value(a, 3)
    assert lr.cell_percent(0.001) == "< 1%" and lr.cell_percent(1.0) == "100%"


def test_when_to_attack_names_the_fewest_attackers() -> None:
    table = lr.when_to_attack((3,), (0.5, 0.75, 0.9))
    assert table.rows == (("3", "4", "5", "7"),)
    assert battle_value(3, 3) < 0.5 <= battle_value(4, 3)
    assert lr.fewest_attackers(3, 1.0, most=5) is None


def test_a_plan_is_never_likelier_than_its_march_or_its_battle() -> None:
    table = lr.plan_table(3, 3, (3, 6, 8))
    for row in table.rows:
        arrive, win, plan = (_share(x) for x in row[1:])
        assert plan <= min(arrive, win) + 1e-9
    plans = [_share(row[3]) for row in table.rows]
    assert plans == sorted(plans)


# ------------------------------------------------------------------ the quizzes


def test_the_criptex_quiz_is_right_about_the_criptex() -> None:
    quiz = lc.criptex_quiz()
    q1 = quiz.questions[0]
    assert q1.options[q1.answer] == "Tactics 1 and 2"
    assert beats(3, 1) and beats(3, 2) and not beats(3, 4)
    q3 = quiz.questions[2]
    assert lc.fraction_words(lc.best_mix().chances[1]) in q3.text
    assert "About 40 times" in q3.options[q3.answer]
    q4 = quiz.questions[3]
    assert q4.options[q4.answer].startswith("0 pieces") and lc.best_mix().value == 0
    assert quiz.questions[1].options[quiz.questions[1].answer].startswith("Every tactic")
    assert quiz.answer(0, 0).correct and not quiz.answer(1, 0).correct


def test_the_risk_quiz_fills_in_the_die_and_the_battle() -> None:
    quiz = lr.risk_quiz()
    q1, q2, q3, q4 = quiz.questions
    assert q1.options[q1.answer] == "2/3" and q2.options[q2.answer] == "4/5"
    assert "16/25" in q3.explanation
    assert f"{battle_value(6, 3):.0%}" in q4.text
    assert q3.options[q3.answer] == "They are multiplied."
    assert len({q.answer for q in quiz.questions}) == 3  # the right answer moves around
    assert len(set(q1.options)) == 3  # the die's 2/3 is not one of the distractors


# ------------------------------------------------------------------ words and notebooks


def test_every_helper_speaks_spanish_too() -> None:
    words.set_language("es")
    texts = [
        str(lc.rps_table()), str(lc.payoff_table()), str(lc.best_answers()),
        str(lc.best_mix().words()), str(lc.criterion_table()), str(ld.exploit_table()),
        str(lr.border_table()), str(lr.battle_words(6, 3)), str(lr.when_to_attack()),
        str(lr.plan_table()), " ".join(lr.battle_grid().scene.texts()),
    ]  # fmt: skip
    duel = ld.Duel("favourite", seed=0)
    for _ in range(ld.MIN_ROUNDS):
        duel.play(4)
    texts.append(str(duel.status()))
    joined = "\n".join(texts)
    for english in ("tactic", "against", "round", "attacker", "Average"):
        assert english not in joined
    assert "equilibrio de Nash" in str(duel.status()) or "sacar ventaja" in str(duel.status())
    assert words.number(battle_value(6, 3) * 100, 1) in texts[7]


def _markdown(lang: str, number: str) -> str:
    cells = _notebook(lang, number)["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return " ".join(text.split())  # one line: a sentence may wrap anywhere


def _notebook(lang: str, number: str) -> dict:
    name = LESSONS[number][0 if lang == "en" else 1]
    return json.loads((ROOT / "notebooks" / lang / "nuevo_mundo" / name).read_text("utf-8"))


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_the_two_languages_share_their_code_and_every_cell_has_an_id(number: str) -> None:
    en, es = _notebook("en", number), _notebook("es", number)
    code = [["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
            for nb in (en, es)]  # fmt: skip
    assert code[0] == code[1]
    for nb in (en, es):
        assert all(c.get("id") for c in nb["cells"])
        assert nb["cells"][-1]["cell_type"] == "markdown"  # questions and an activity
        checked = [c for c in nb["cells"] if "nbval-check-output" in c["metadata"].get("tags", [])]
        assert checked
