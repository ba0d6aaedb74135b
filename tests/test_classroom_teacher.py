"""The teacher's side of the class server without a server: the overview, handing seats
over, ending games, the games as save files and the class's games as a study table
(``classroom.teacher``, over a real room service and SQLite store), and the workbench's CSV
reader and writer (``gamecore.experiments.study_csv``)."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from figure_text import has

import gamecore
from classroom.rooms import Refused, RoomService, describe
from classroom.store import SQLiteStore
from classroom.teacher import SEAT_KINDS, Teacher, deciding
from classroom.teacher_page import KIND_WORDS, teacher_page
from gamecore.bots import BOTS, make_bot
from gamecore.experiments import play_study_game, plugin_of, run_study
from gamecore.experiments.study import game_seeds
from gamecore.experiments.study_csv import read_study_csv, study_csv
from gamecore.words import LANGUAGES, catalog, speaking
from widgets.study_charts import seat_chart


@pytest.fixture()
def service(tmp_path: Path) -> RoomService:
    return RoomService(SQLiteStore(tmp_path / "class.sqlite3"))


def play(service: RoomService, code: str, token: str, action: Any) -> int:
    sent = describe(action)
    return service.act(
        code, token, service.move(code), {"kind": sent["kind"], "fields": sent["fields"]}
    )


def snapshot(service: RoomService, code: str) -> tuple[Any, ...]:
    """All a teacher's action could change: the game, the seats' kinds, the record."""
    return (service.game(code), service.seat_kinds(code), service.store.room(code))


# ---------------------------------------------------------------------------- at a glance
def test_the_overview_says_each_rooms_seats_turn_moves_and_state(service: RoomService) -> None:
    open_pages: dict[str, set[int]] = {}
    teacher = Teacher(service, lambda code: open_pages.get(code, set()))
    room = service.create("nuevos-mundos", 2, seed=5, names=["Ana", "Beto"])
    open_pages[room.code] = {1}
    data = teacher.overview()
    (shown,) = data["rooms"]
    assert shown["code"] == room.code and shown["game"] == "nuevos-mundos"
    assert shown["title"] == "Nuevos Mundos"
    assert shown["seats"] == [
        {"seat": 0, "name": "Ana", "kind": "human", "connected": False},
        {"seat": 1, "name": "Beto", "kind": "human", "connected": True},
    ]
    game = service.game(room.code)
    assert shown["turn"] == [game.current_player]
    assert shown["waiting"] == [game.players[game.current_player or 0]]
    assert shown["move"] == 0 and shown["state"] == "playing"
    assert shown["scores"] is None and shown["outcome"] is None and shown["ended"] is None
    assert shown["kinds"] == list(SEAT_KINDS["nuevos-mundos"])
    assert {g["name"] for g in data["games"]} == set(gamecore.GAMES)
    assert data["studies"] == []
    json.dumps(data)  # all of it goes to the page as JSON

    finished = service.create("nuevos-mundos", 2, seed=6, seats=["greedy", "random"])
    done = teacher.room(finished.code)
    game = service.game(finished.code)
    assert done["state"] == "over" and done["turn"] == [] and done["waiting"] == []
    assert done["move"] == len(game.moves()) > 0
    assert done["scores"] == [game.score().total(p) for p in game.players]
    assert game.outcome is not None
    assert done["outcome"] == {
        "ending": game.outcome.ending,
        "winners": list(game.outcome.winners),
        "text": game.outcome.explain(game.players),
    }
    with speaking("es"):
        assert teacher.room(finished.code)["outcome"]["text"] == game.outcome.explain(
            game.players, "es"
        )


def test_in_mondo_every_seat_with_something_to_do_is_waited_for(service: RoomService) -> None:
    room = service.create("mondo", 3, seed=2)
    game = service.game(room.code)
    assert deciding(game) == [0, 1, 2]
    assert Teacher(service).room(room.code)["waiting"] == list(game.players)


# ---------------------------------------------------------------------------- handing seats over
def test_a_seat_handed_to_a_bot_plays_at_once_and_can_be_handed_back(
    service: RoomService,
) -> None:
    teacher = Teacher(service)
    room = service.create("nuevos-mundos", 2, seed=8)
    first = service.game(room.code).current_player
    assert first is not None
    after = teacher.hand(room.code, str(first), {"kind": "greedy"})
    assert after["seats"][first]["kind"] == "greedy"
    assert service.store.seats(room.code)[first].kind == "greedy"
    game = service.game(room.code)
    assert after["move"] == len(game.moves()) >= 1
    assert game.moves()[0][0] == first  # the bot's move is the room's first
    assert game.current_player != first
    back = teacher.hand(room.code, first, {"kind": "human"})
    assert back["seats"][first]["kind"] == "human" and back["move"] == after["move"]


@pytest.mark.parametrize(
    ("seat", "body", "status", "key"),
    [
        ("0", {"kind": "chess"}, 422, "teacher.kind"),
        ("0", {"kind": "planner"}, 422, "teacher.kind"),  # a bot of another game
        ("0", {"kind": 3}, 422, "teacher.kind"),
        ("0", {"kind": None}, 422, "teacher.kind"),
        ("0", {}, 400, "teacher.hand_shape"),
        ("0", {"kind": "greedy", "seat": 1}, 400, "teacher.hand_shape"),
        ("2", {"kind": "greedy"}, 422, "seat.unknown"),
        ("-1", {"kind": "greedy"}, 422, "seat.unknown"),
        ("x", {"kind": "greedy"}, 422, "seat.unknown"),
        ("0001", {"kind": "greedy"}, 422, "seat.unknown"),
        (True, {"kind": "greedy"}, 422, "seat.unknown"),
    ],
)
def test_a_bad_hand_over_is_refused_and_changes_nothing(
    service: RoomService, seat: object, body: dict[str, Any], status: int, key: str
) -> None:
    teacher = Teacher(service)
    room = service.create("nuevos-mundos", 2, seed=8)
    before = snapshot(service, room.code)
    with pytest.raises(Refused) as refused:
        teacher.hand(room.code, seat, body)
    assert (refused.value.status, refused.value.key) == (status, key)
    assert refused.value.reason
    assert snapshot(service, room.code) == before


def test_unknown_rooms_are_refused(service: RoomService) -> None:
    teacher = Teacher(service)
    for call in (
        lambda: teacher.hand("NOROOM", "0", {"kind": "greedy"}),
        lambda: teacher.end("NOROOM", {}),
        lambda: teacher.room("NOROOM"),
    ):
        with pytest.raises(Refused) as refused:
            call()
        assert (refused.value.status, refused.value.key) == (404, "room.unknown")
    assert service.store.rooms() == []


# ---------------------------------------------------------------------------- ending a game
def test_an_ended_game_takes_no_more_actions_from_anyone(service: RoomService) -> None:
    teacher = Teacher(service)
    room = service.create("nuevos-mundos", 2, seed=9)
    game = service.game(room.code)
    seat = game.current_player
    assert seat is not None
    play(service, room.code, room.tokens[seat], game.legal_actions()[0])
    with pytest.raises(Refused) as refused:
        teacher.end(room.code, {"now": True})
    assert refused.value.key == "teacher.end_shape"
    assert service.store.room(room.code).ended is None  # type: ignore[union-attr]

    shown = teacher.end(room.code, {})
    assert shown["state"] == "ended" and shown["ended"] is not None
    assert shown["move"] == 1 and shown["turn"] == [] and shown["scores"] is None
    before = snapshot(service, room.code)
    game = service.game(room.code)
    seat = game.current_player
    assert seat is not None
    with pytest.raises(Refused) as refused:
        play(service, room.code, room.tokens[seat], game.legal_actions()[0])
    assert (refused.value.status, refused.value.key) == (409, "action.ended")
    for call in (
        lambda: teacher.hand(room.code, "0", {"kind": "greedy"}),
        lambda: teacher.end(room.code, {}),
    ):
        with pytest.raises(Refused) as refused:
            call()
        assert (refused.value.status, refused.value.key) == (409, "teacher.ended")
    assert snapshot(service, room.code) == before
    assert RoomService(service.store).game(room.code) == game  # kept as it was


def test_a_finished_game_is_not_ended_nor_handed_over(service: RoomService) -> None:
    teacher = Teacher(service)
    room = service.create("nuevos-mundos", 2, seed=6, seats=["greedy", "random"])
    before = snapshot(service, room.code)
    for call in (
        lambda: teacher.hand(room.code, "0", {"kind": "human"}),
        lambda: teacher.end(room.code, {}),
    ):
        with pytest.raises(Refused) as refused:
            call()
        assert (refused.value.status, refused.value.key) == (409, "teacher.over")
    assert snapshot(service, room.code) == before


# ---------------------------------------------------------------------------- save files
def test_the_zip_holds_every_rooms_save_file(service: RoomService) -> None:
    teacher = Teacher(service)
    made = [
        service.create("nuevos-mundos", 2, seed=1, seats=["greedy", "random"]),
        service.create("ecosfera", 2, seed=2),
        service.create("nuevo-mundo", 3, seed=3, names=["Ana", "Beto", "Carla"]),
        service.create("mondo", 2, seed=4),
    ]
    teacher.end(made[1].code, {})
    with zipfile.ZipFile(io.BytesIO(teacher.games_zip())) as archive:
        names = archive.namelist()
        assert names == [f"{r.code}-{r.game}.json" for r in made]
        for room, name in zip(made, names):
            loaded = gamecore.load_json(archive.read(name))
            assert loaded == service.game(room.code)
            assert loaded.players == room.players


# ---------------------------------------------------------------------------- the study table
def replicate(
    service: RoomService, game: str, players: int, bots: list[str], seed: int, **options: Any
) -> str:
    """A room whose people play exactly study game 0's moves (same deal, same bots' seeds),
    each move sent through the room service by the seat's own token."""
    plugin = plugin_of(game)
    settled = plugin.settle(gamecore.GAMES[game], options)
    deal, bot_seeds = game_seeds(game, seed, 0, players)
    room = service.create(game, players, seed=deal, options=plugin.game_options(settled))
    seats = [make_bot(kind, seed=s) for kind, s in zip(bots, bot_seeds)]
    local = service.game(room.code)
    while not local.is_over:
        player = local.current_player
        assert player is not None
        action = seats[player].choose(local.view(player), local.legal_actions())
        local.play(action)
        play(service, room.code, room.tokens[player], action)
    assert service.game(room.code) == local
    return room.code


@pytest.mark.parametrize(
    ("game", "players", "bots", "options"),
    [
        ("nuevos-mundos", 2, ["greedy", "random"], {}),
        ("ecosfera", 2, ["greedy", "greedy"], {"level": 2}),
        ("mondo", 2, ["random", "random"], {"round_seconds": 10}),
        ("nuevo-mundo", 2, ["greedy", "random"], {"rounds": 2}),
    ],
)
def test_a_class_game_is_the_row_run_study_makes_of_the_same_game(
    service: RoomService, game: str, players: int, bots: list[str], options: dict[str, Any]
) -> None:
    """The same moves as study game 0 make the same row: winners, totals, points, length,
    counts of every kind of action and the game's own measures (its plug-in's watch)."""
    code = replicate(service, game, players, bots, 7, **options)
    settled = plugin_of(game).settle(gamecore.GAMES[game], options)
    expected = play_study_game(game, settled, bots, 7, 0)
    teacher = Teacher(service)
    (study,) = teacher.studies()
    assert study.codes == (code,) and study.players == players
    result = teacher.study(study.id)
    (row,) = result.rows
    assert row == dataclasses.replace(expected, bots=("human",) * players)
    bots_study = run_study(game, games=1, seed=7, bots=bots, **options)
    assert list(result.records()[0]) == list(bots_study.records()[0])  # run_study's columns
    assert result.options == bots_study.options


def test_the_class_study_reads_back_and_charts_like_a_bot_study(
    service: RoomService, tmp_path: Path
) -> None:
    teacher = Teacher(service)
    for seed in range(4):
        service.create("nuevos-mundos", 2, seed=seed, seats=["greedy", "random"])
    service.create("nuevos-mundos", 2, seed=9)  # still playing: not in the table
    service.create("nuevos-mundos", 3, seed=9, seats=["greedy"] * 3)  # another study
    service.create(
        "nuevos-mundos", 2, seed=9, seats=["random"] * 2, options={"modules": ["discord"]}
    )
    ids = sorted(s.id for s in teacher.studies())
    assert ids == [
        "nuevos-mundos-2p-discord",
        "nuevos-mundos-2p-no_modules",
        "nuevos-mundos-3p-no_modules",
    ]
    with pytest.raises(Refused) as refused:
        teacher.study()
    assert refused.value.key == "teacher.which_study"
    with pytest.raises(Refused) as refused:
        teacher.study("chess-2p")
    assert (refused.value.status, refused.value.key) == (404, "teacher.no_study")

    name, text = teacher.study_csv("nuevos-mundos-2p-no_modules")
    assert name == "class-nuevos-mundos-2p-no_modules.csv"
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    again = read_study_csv(path, "nuevos-mundos")
    ours = teacher.study("nuevos-mundos-2p-no_modules")
    assert again.rows == ours.rows and again.options == ours.options
    assert [r.seed for r in again.rows] == [0, 1, 2, 3]
    assert again.bot_names() == ["greedy", "random"]
    assert [r.rate for r in again.win_rates_by_seat()] == [r.rate for r in ours.win_rates_by_seat()]
    fig = seat_chart(again, title="Our class")
    assert fig.axes[0].get_title() == "Our class"
    for seat, rate in enumerate(again.win_rates_by_seat()):  # a bar per seat, its rate on it
        assert has(fig, f"Seat {seat + 1}") and has(fig, f"{rate.rate:.1%}")
    plt.close(fig)


def test_no_study_before_a_game_finishes(service: RoomService) -> None:
    teacher = Teacher(service)
    service.create("nuevos-mundos", 2, seed=1)
    with pytest.raises(Refused) as refused:
        teacher.study_csv()
    assert (refused.value.status, refused.value.key) == (404, "teacher.no_study_yet")


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("nuevos-mundos", {"players": 3, "modules": ("discord", "vital_capacity")}),
        ("ecosfera", {"level": 3}),
        ("mondo", {"players": 2, "round_seconds": 10}),
        ("nuevo-mundo", {"players": 2, "rounds": 2}),
    ],
)
def test_a_study_written_as_csv_reads_back_the_same(game: str, options: dict[str, Any]) -> None:
    study = run_study(game, games=3, seed=4, bots="greedy", **options)
    assert read_study_csv(io.StringIO(study_csv(study)), game, seed=4) == study


def test_a_table_that_is_not_a_study_is_refused_with_a_sentence(tmp_path: Path) -> None:
    study = run_study("nuevos-mundos", games=2, seed=4)
    text = study_csv(study)
    broken = {
        "other game": (text, "ecosfera"),
        "no rows": (text.splitlines()[0] + "\n", "nuevos-mundos"),
        "a word for a number": (text.replace("\n0,", "\nzero,", 1), "nuevos-mundos"),
        "a short row": (text.rstrip("\n").rpartition(",")[0] + "\n", "nuevos-mundos"),
        "a column less": (re.sub(r",length", "", text, count=1), "nuevos-mundos"),
        "empty": ("", "nuevos-mundos"),
    }
    for what, (table, game) in broken.items():
        path = tmp_path / "games.csv"
        path.write_text(table, encoding="utf-8")
        with pytest.raises(ValueError) as error:
            read_study_csv(path, game)
        assert str(path) in str(error.value), what


# ---------------------------------------------------------------------------- the page
def test_the_page_has_every_word_in_both_languages() -> None:
    english = {k for k in catalog("en") if k.startswith("teacher_page.")}
    for lang in LANGUAGES:
        assert {k for k in catalog(lang) if k.startswith("teacher_page.")} == english
        page = teacher_page(lang)
        assert not re.search(r"__[A-Z_]+__", page)  # every placeholder filled
        assert f'<html lang="{lang}">' in page
        assert catalog(lang)["teacher_page.heading"] in page
        used = set(re.findall(r"words\.(\w+)", page))
        missing = sorted(k for k in used if f"teacher_page.{k}" not in catalog(lang))
        assert not missing, (lang, missing)
    kinds = {kind for kinds in SEAT_KINDS.values() for kind in kinds}
    assert kinds <= set(KIND_WORDS) and kinds <= {"human", *BOTS}
    assert all(f"teacher_page.kind_{k}" in catalog(lang) for k in KIND_WORDS for lang in LANGUAGES)
    assert "Salas" in teacher_page("es") and "Rooms" in teacher_page("en")
