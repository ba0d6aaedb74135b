"""The study workbench: one API for every game, the same table however it is run."""

from __future__ import annotations

import ast
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gamecore.experiments import run_study
from gamecore.experiments.study import SCHEDULER_VARIABLE, batches, play_study_game

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def four_random():
    return run_study("nuevos-mundos", games=60, seed=7, players=4, bots="random")


# ---------------------------------------------------------------------------- the same table


def test_the_same_seed_gives_the_same_table_on_one_process_or_two(four_random) -> None:
    two = run_study("nuevos-mundos", games=60, seed=7, players=4, bots="random", workers=2)
    assert two.rows == four_random.rows


def test_the_table_does_not_depend_on_how_games_are_batched(four_random) -> None:
    for batch in (1, 7, 60):
        again = run_study(
            "nuevos-mundos", games=60, seed=7, players=4, bots="random", workers=2, batch=batch
        )
        assert again.rows == four_random.rows


def test_a_game_of_a_study_can_be_replayed_alone(four_random) -> None:
    row = four_random.rows[41]
    assert play_study_game("nuevos-mundos", {"modules": ()}, ["random"] * 4, 7, 41) == row
    assert [r.index for r in four_random.rows] == list(range(60))


def test_a_different_seed_gives_different_games(four_random) -> None:
    other = run_study("nuevos-mundos", games=60, seed=8, players=4, bots="random")
    assert [r.seed for r in other.rows] != [r.seed for r in four_random.rows]


def test_ecosfera_studies_are_the_same_on_one_process_or_two() -> None:
    one = run_study("ecosfera", games=6, seed=3, players=1, level=5, bots="greedy")
    two = run_study("ecosfera", games=6, seed=3, players=1, level=5, bots="greedy", workers=2)
    assert one.rows == two.rows


def test_batches_cover_every_game_once() -> None:
    for games, workers in ((1, 1), (10, 2), (1000, 2), (12345, 8)):
        cut = batches(games, workers)
        assert [i for r in cut for i in r] == list(range(games))
        assert len(cut) <= 8 * workers + 1


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_table(four_random, monkeypatch) -> None:
    distributed = pytest.importorskip("distributed")  # the test extra installs it
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        on_dask = run_study(
            "nuevos-mundos", games=60, seed=7, players=4, bots="random", scheduler=address
        )
        assert on_dask.rows == four_random.rows
        monkeypatch.setenv(SCHEDULER_VARIABLE, address)  # as a user would
        by_variable = run_study("nuevos-mundos", games=60, seed=7, players=4, bots="random")
        assert by_variable.rows == four_random.rows


# ---------------------------------------------------------------------------- the table


def test_the_table_has_a_row_per_game_with_seats_scores_and_options(four_random) -> None:
    frame = four_random.to_pandas()
    assert len(frame) == 60
    for column in ("index", "seed", "bot_1", "bot_4", "winners", "win_1", "score_4", "length"):
        assert column in frame.columns
    assert "biodiversity_1" in frame.columns  # each score category, seat by seat
    assert (frame["modules"] == "").all()  # the modules in play, as words: none here
    with_modules = run_study(
        "nuevos-mundos", games=2, seed=7, players=2, modules=["discord", "vital_capacity"]
    )
    assert set(with_modules.to_pandas()["modules"]) == {"vital_capacity discord"}
    shares = frame[[f"win_{s}" for s in range(1, 5)]].sum(axis=1)
    assert (shares.round(9) == 1).all()  # a tie shares the game


def test_ecosfera_rows_carry_the_games_own_measures() -> None:
    study = run_study("ecosfera", games=4, seed=1, players=2, level=1, bots="random")
    frame = study.to_pandas()
    for column in ("won", "turns", "biome_tiles", "extinction_tiles", "ran_out_water", "level"):
        assert column in frame.columns
    assert set(frame["level"]) == {1}
    for row in study.rows:  # a cooperative game: everyone wins together, or nobody
        assert row.winners in ((), (0, 1))
        assert dict(row.measures)["won"] == int(bool(row.winners))


# ---------------------------------------------------------------------------- the summaries


def test_win_rates_by_seat_add_up_and_carry_intervals(four_random) -> None:
    rates = four_random.win_rates_by_seat()
    assert math.isclose(sum(r.rate for r in rates), 1.0)
    for r in rates:
        assert 0 <= r.low <= r.rate <= r.high <= 1 and r.games == 60


def test_win_rates_by_bot_count_each_bot_where_it_sat() -> None:
    study = run_study("nuevos-mundos", games=40, seed=2, bots=["greedy", "random", "random"])
    by_bot = study.win_rates_by_bot()
    assert set(by_bot) == {"greedy", "random"}
    assert by_bot["greedy"].games == 40 and by_bot["random"].games == 80
    assert by_bot["greedy"].rate > by_bot["random"].rate  # the greedy bot is the stronger


def test_comparing_two_variants_gives_the_difference_and_its_significance() -> None:
    plain = run_study("nuevos-mundos", games=80, seed=4, players=3)
    discord = run_study("nuevos-mundos", games=80, seed=4, players=3, modules=["discord"])
    score = plain.compare(discord, "score")
    assert score.difference == pytest.approx(score.b - score.a)
    assert score.b < score.a and score.p_value < 0.05  # discord only takes points away
    same = plain.compare(plain, "win")
    assert same.difference == 0 and same.p_value == 1.0


# ---------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"games": 0}, "at least one game"),
        ({"games": 5, "players": 9}, "2-4 players"),
        ({"games": 5, "bots": "nobody"}, "unknown bot"),
        ({"games": 5, "workers": 0}, "workers"),
        ({"games": 5, "colour": "red"}, "options are: modules"),
        ({"games": 5, "modules": ["gardening"]}, "unknown module"),
        ({"games": 5, "bots": ["random"] * 3, "players": 2}, "players=2"),
    ],
)
def test_a_wrong_study_is_refused_with_a_reason(kwargs, words) -> None:
    with pytest.raises(ValueError, match=re.escape(words)):
        run_study("nuevos-mundos", **kwargs)


def test_ecosfera_refuses_a_level_that_does_not_exist() -> None:
    with pytest.raises(ValueError, match="level"):
        run_study("ecosfera", games=2, players=1, level=6)


def _code_without_docstrings(path: Path) -> str:
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            body[0] = ast.Pass()  # a docstring's example may name a game
    return ast.unparse(tree).lower()


def test_the_workbench_names_no_game() -> None:
    """A game plugs in by its own package's study.STUDY; the code never names one."""
    modules = sorted((ROOT / "gamecore" / "experiments").glob("*.py"))
    assert {"study.py", "plugin.py", "seats.py", "stats.py", "__main__.py"} <= {
        m.name for m in modules
    }
    for module in modules:
        code = _code_without_docstrings(module)
        assert not re.search(r"nuevos|ecosfera|mondo|nuevo.mundo", code), module.name


def test_gamecore_imports_and_studies_without_dask() -> None:
    code = (
        "import sys; sys.modules['distributed'] = None; sys.modules['dask'] = None\n"
        "from gamecore.experiments import run_study\n"
        "s = run_study('nuevos-mundos', games=3, seed=1, players=2)\n"
        "assert len(s) == 3\n"
        "try:\n"
        "    run_study('nuevos-mundos', games=3, scheduler='tcp://127.0.0.1:1')\n"
        "except RuntimeError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "Dask is not installed" in out.stdout


# ---------------------------------------------------------------------------- the pace


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_pace_says_games_per_second_and_the_time_left() -> None:
    from gamecore.experiments.pace import Pace

    clock = Clock()
    pace = Pace(clock)
    assert pace.words(0, 3000) == "0 of 3,000 games"
    clock.now += 2
    assert pace.words(1200, 3000) == "1,200 of 3,000 games · 600 games/s · about 3 s left"
    clock.now += 3
    assert pace.words(3000, 3000) == "3,000 games done in 5.0 s · 600 games/s"


def test_the_pace_in_spanish() -> None:
    from gamecore.experiments.pace import Pace
    from gamecore.words import set_language

    clock = Clock()
    pace = Pace(clock)
    clock.now += 20
    set_language("es")
    try:
        words = pace.words(12000, 36000)
    finally:
        set_language("en")
    assert words == "12\u00a0000 de 36\u00a0000 partidas · 600 partidas/s · faltan unos 40 s"


def test_the_terminal_progress_rewrites_one_line(four_random) -> None:
    import io

    from gamecore.experiments.pace import terminal_progress

    out = io.StringIO()
    run_study(
        "nuevos-mundos",
        games=30,
        seed=1,
        players=2,
        batch=5,
        progress=terminal_progress(out, every=0),
    )
    text = out.getvalue()
    assert text.count("\r") == 6 and text.endswith("\n")  # one line per batch, then done
    assert "30 games done in" in text


# ---------------------------------------------------------------------------- the command


def test_the_command_runs_a_study_prints_its_summary_and_writes_the_table(tmp_path, capsys) -> None:
    import csv

    from gamecore.experiments.__main__ import main

    out = tmp_path / "games.csv"
    assert (
        main(
            [
                "nuevos-mundos",
                "--games",
                "12",
                "--players",
                "4",
                "--seed",
                "7",
                "--quiet",
                "--csv",
                str(out),
            ]
        )
        == 0
    )
    printed = capsys.readouterr().out
    study = run_study("nuevos-mundos", games=12, seed=7, players=4)
    first = study.win_rates_by_seat()[0]
    assert f"seat 1: {first.rate:6.1%}" in printed
    assert "nuevos-mundos: 12 games, seed 7" in printed and "games/s" in printed
    with out.open(encoding="utf-8") as table:
        rows = list(csv.DictReader(table))
    assert [int(r["seed"]) for r in rows] == [r.seed for r in study.rows]


def test_the_command_passes_set_up_options_and_explains_a_wrong_one(capsys) -> None:
    from gamecore.experiments.__main__ import main, option_value

    assert option_value("3") == 3 and option_value("a,b") == ["a", "b"]
    assert main(["ecosfera", "--games", "2", "--option", "level=2", "--quiet"]) == 0
    assert "games won:" in capsys.readouterr().out
    assert main(["ecosfera", "--games", "2", "--option", "level=9", "--quiet"]) == 2
    assert "option level=9: a level is 1 (easiest) to 5" in capsys.readouterr().err
    assert main(["ecosfera", "--option", "level"]) == 2
