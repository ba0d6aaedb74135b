"""The engine's speed-ups change no game: same seed and same actions, same game.

The digest below was taken from the engine before the speed-ups of issue 10 (commit
38d1a9e): every legal-action list, every saved game and every score of 60 random games. A
change that alters a deal, the order of the legal actions, a score or the save format
changes it. The compiled build (benchmarks/build_compiled.py) plays the same games
(tests/test_compiled_build.py).
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import gamecore
from gamecore import protocol
from gamecore.nuevos_mundos import MODULES

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
GAMES = 60
DIGEST_BEFORE_THE_SPEEDUPS = "75e8b1551e3ca5775aca1ee130c6ca9f5c2f5d3da6cca447db2e16f0fe1c5c46"


def random_games_digest(games: int = GAMES) -> str:
    """One digest of ``games`` random games through the public API (2-4 players, with and
    without the modules, every first player)."""
    digest = hashlib.sha256()
    for seed in range(games):
        players = 2 + seed % 3
        game = gamecore.new_game(
            "nuevos-mundos",
            players=players,
            seed=seed,
            modules=MODULES if seed % 2 else (),
            first_player=seed % players,
        )
        choose = random.Random(seed).choice
        while legal := game.legal_actions():
            digest.update(repr([a.to_json() for a in legal]).encode())
            game.play(choose(legal))
        digest.update(game.to_json().encode())
        sheet = game.score()
        digest.update(repr([sheet.total(name) for name in game.players]).encode())
    return digest.hexdigest()


def test_random_games_are_the_games_of_the_engine_before_the_speedups() -> None:
    assert random_games_digest() == DIGEST_BEFORE_THE_SPEEDUPS


@pytest.mark.parametrize("size", [0, 1, 2, 3, 30, 64, 72, 200])
def test_the_fast_shuffle_gives_the_standard_library_order(size: int) -> None:
    for seed, index in [(0, 0), (1, 5), (123456, 2), (2**40 + 3, 17)]:
        fast, standard = list(range(size)), list(range(size))
        protocol._fast_shuffle(seed, index, fast)
        protocol.seeded_rng(seed, index).shuffle(standard)
        assert fast == standard


def test_this_python_uses_the_fast_shuffle() -> None:
    # CPython's random module shuffles the way _fast_shuffle does; on another Python the
    # standard one is chosen (and a saved game replays either way from its log).
    assert protocol.shuffle_for_chance is protocol._fast_shuffle


def test_a_pile_longer_than_the_table_is_shuffled_the_standard_way() -> None:
    size = len(protocol._BIT_LENGTHS) + 5
    fast, standard = list(range(size)), list(range(size))
    protocol._fast_shuffle(9, 1, fast)
    protocol.seeded_rng(9, 1).shuffle(standard)
    assert fast == standard


def test_the_fast_shuffle_matches_the_standard_one_on_many_seeds() -> None:
    rng = random.Random(21)
    for _ in range(2000):
        size, seed, index = rng.randrange(2, 140), rng.randrange(2**45), rng.randrange(300)
        fast, standard = list(range(size)), list(range(size))
        protocol._fast_shuffle(seed, index, fast)
        protocol.seeded_rng(seed, index).shuffle(standard)
        assert fast == standard, (size, seed, index)


def test_a_pile_of_one_card_is_recorded_without_a_shuffle() -> None:
    # a pile of one card has one order, so _shuffled seeds no generator for it; the chance
    # record is the same as the standard library's shuffle of it
    game = gamecore.new_game("nuevos-mundos", players=2, seed=4)
    for cards in ([], [17]):
        count = game._chance_count
        assert game._shuffled("reshuffle_discard", cards) == cards
        assert game.log[-1] == protocol.Chance("reshuffle_discard", tuple(cards))
        assert game._chance_count == count + 1


def test_numbered_players_follow_the_language() -> None:
    english = gamecore.new_game("nuevos-mundos", players=2, seed=0).players
    gamecore.set_language("es")
    try:
        spanish = gamecore.new_game("nuevos-mundos", players=2, seed=0).players
    finally:
        gamecore.set_language("en")
    assert english != spanish
    assert gamecore.new_game("nuevos-mundos", players=2, seed=0).players == english


# ---------------------------------------------------------------------------- compiled build


def load_build_script():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import build_compiled
    finally:
        sys.path.remove(str(BENCHMARKS))
    return build_compiled


def test_the_side_by_side_benchmark_prints_every_engine_and_the_machine(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    sys.modules.pop("openspiel_side_by_side", None)
    import openspiel_side_by_side

    openspiel_side_by_side.main(["--quick", "--no-compiled"])
    out = capsys.readouterr().out
    assert "Nuevos Mundos, 4 players (pure Python)" in out and "Machine" in out
    chess_line = "OpenSpiel chess (C++, from Python)"
    assert (chess_line in out) == ("not installed" not in out)


def test_a_compiled_build_of_other_sources_is_refused(tmp_path: Path) -> None:
    build_compiled = load_build_script()
    assert "no compiled build" in build_compiled.freshness(tmp_path)
    sources = tmp_path / "sources"
    sources.mkdir()
    (sources / "rules.py").write_text("X = 1\n")
    stamp = {"sources": str(sources), "files": build_compiled.source_files(sources)}
    stamp["python"] = sys.version
    (tmp_path / build_compiled.STAMP).write_text(json.dumps(stamp))
    assert build_compiled.freshness(tmp_path) is None
    (sources / "rules.py").write_text("X = 2\n")  # an edited rule after the build
    assert "rules.py changed" in build_compiled.freshness(tmp_path)
    (sources / "rules.py").write_text("X = 1\n")
    (sources / "more_rules.py").write_text("Y = 1\n")  # a new module after the build
    assert "more_rules.py changed" in build_compiled.freshness(tmp_path)


def test_the_planner_benchmark_plays_both_planners_to_the_same_moves(tmp_path: Path) -> None:
    """benchmarks/planner_speedup.py takes the planner before issue 10 from git and plays the
    reference games with both; it stops with an error if their moves differ."""
    root = BENCHMARKS.parent
    known = subprocess.run(
        ["git", "-C", str(root), "cat-file", "-e", "8028cdc^{commit}"], capture_output=True
    )
    if known.returncode != 0:
        pytest.skip("this checkout lacks the history (commit 8028cdc) the benchmark reads")
    result = subprocess.run(
        [sys.executable, str(BENCHMARKS / "planner_speedup.py"), "--rounds", "1", "--games", "2"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "same moves in all 2 games" in result.stdout
    assert "Machine" in result.stdout
