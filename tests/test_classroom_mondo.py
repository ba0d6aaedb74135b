"""Mondo in real time on the class server, without a server: the room service, the server's
clock (``classroom.realtime``, on a clock the test moves by hand) and the seats' tables
(``classroom.mondo_table``) over a real SQLite store."""

from __future__ import annotations

import contextvars
import re
from pathlib import Path
from typing import Any

import pytest

from classroom.realtime import Realtime
from classroom.rooms import Refused, RoomService, rebuild
from classroom.store import SQLiteStore
from classroom.tables import SEAT_TABLES, Tables
from gamecore.mondo import Mondo, Stop, Take
from gamecore.mondo.game import EMPTY, JUMPED, PLAYING, STOPPED


class Clock:
    """A clock that moves only when the test says so (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds


class Room:
    """One Mondo room of a service, its clock and its seats' tables."""

    def __init__(self, tmp_path: Path, players: int = 2, **setup: Any) -> None:
        self.path = tmp_path / "class.sqlite3"
        self.clock = Clock()
        self.service = RoomService(SQLiteStore(self.path))
        self.realtime = Realtime(self.service, clock=self.clock)
        self.tables = Tables(self.service, "en")
        setup.setdefault("options", {"round_seconds": 60})
        made = self.service.create("mondo", players, seed=setup.pop("seed", 7), **setup)
        self.code = made.code
        self.tokens = made.tokens

    def table(self, seat: int) -> dict[str, Any]:
        return self.tables.table(self.code, self.tokens[seat])

    def click(self, seat: int, target: str, move: int | None = None) -> dict[str, Any]:
        if move is None:
            move = self.table(seat)["move"]
        _, answer = self.tables.click(self.code, self.tokens[seat], move, target)
        return answer

    def press(self, seat: int, button: str) -> dict[str, Any]:
        move = self.table(seat)["move"]
        _, answer = self.tables.press(self.code, self.tokens[seat], move, button)
        return answer

    def game(self) -> Mondo:
        game = self.service.game(self.code)
        assert isinstance(game, Mondo)
        return game

    def all_ready(self) -> None:
        for seat, kind in enumerate(self.service.seat_kinds(self.code)):
            if kind == "human":
                self.press(seat, "ready")

    def refused(self, work: Any, key: str) -> Refused:
        """``work()`` is refused with ``key``, with a sentence, and the room did not move."""
        before = self.game()
        with pytest.raises(Refused) as caught:
            work()
        assert caught.value.key == key, caught.value.reason
        assert caught.value.reason and "{" not in caught.value.reason
        assert self.game() == before
        return caught.value


def heap_targets(table: dict[str, Any]) -> list[str]:
    return [t["id"] for t in table["targets"] if t["id"].startswith("heap:")]


def open_space(table: dict[str, Any]) -> str:
    """A space where the tile in hand may go (the keyboard list names those with "place")."""
    return next(k["target"] for k in table["keyboard"] if k["target"].startswith("space:"))


def test_mondo_has_a_seat_table() -> None:
    assert SEAT_TABLES["mondo"].__name__ == "MondoSeat"


def test_the_round_goes_when_every_person_is_ready_and_not_before(tmp_path: Path) -> None:
    room = Room(tmp_path, 3, seats=["human", "human", "rival"])
    first = room.table(0)
    assert first["clock"] == {"left_ms": 60_000, "running": False}
    names = [row[0] for row in first["panels"][0]["rows"]]  # who plays each seat
    assert names == ["Player 1 (you)", "Player 2", "Player 3 (rival bot)"]
    shown = room.tables.table(room.code, room.tokens[1], "es")["panels"][0]["rows"]
    assert [row[0] for row in shown] == ["Player 1", "Player 2 (tú)", "Player 3 (bot rival)"]
    assert heap_targets(first) == []  # the tiles are being stirred
    assert "heap" in " ".join(first["description"])
    room.clock.wait(5)
    assert room.realtime.tick() == set()  # the rival alone does not start the round
    said = room.press(0, "ready")["said"]
    assert "Player 2" in said
    assert room.table(0)["clock"]["running"] is False
    ready = next(b for b in room.table(0)["buttons"] if b["kind"] == "ready")
    assert ready["disabled"] and ready["key"] == "g"
    room.refused(lambda: room.click(0, "space:0:0"), "mondo.waiting")
    room.clock.wait(3)
    answer = room.press(1, "ready")
    assert answer["said"].startswith("Go!")
    table = room.table(0)
    assert table["clock"] == {"left_ms": 60_000, "running": True}
    assert len(heap_targets(table)) == 24
    assert not any(b["kind"] == "ready" for b in table["buttons"])
    room.clock.wait(2.5)
    assert room.table(1)["clock"]["left_ms"] == 57_500
    room.refused(lambda: room.press(0, "ready"), "mondo.running")


def test_every_action_is_stamped_with_the_servers_time(tmp_path: Path) -> None:
    room = Room(tmp_path)
    room.all_ready()
    room.clock.wait(1.234)
    room.click(0, heap_targets(room.table(0))[0])
    room.clock.wait(0.5)
    # a client's own time, however it is sent, is thrown away
    forged = {"kind": "take", "fields": {"seat": 1, "time": 59_999, "slot": 3}}
    assert room.service.act(room.code, room.tokens[1], 0, forged) == 1
    room.clock.wait(2)
    forged = {"kind": "place", "fields": {"seat": 1, "time": 0, "space": 7, "side": 0, "turn": 0}}
    room.service.act(room.code, room.tokens[1], 1, forged)
    times = [action.time for _, action in room.game().moves()]  # type: ignore[attr-defined]
    assert times == [1234, 1734, 3734]
    stored = [r.action["time"] for r in room.service.store.actions(room.code)]
    assert stored == times


def test_another_players_move_makes_no_click_stale_but_a_replay_is(tmp_path: Path) -> None:
    room = Room(tmp_path)
    room.all_ready()
    seen = [room.table(0), room.table(1)]
    assert seen[0]["move"] == seen[1]["move"] == 0
    room.clock.wait(1)
    room.click(1, heap_targets(seen[1])[5], move=0)
    room.clock.wait(1)
    # seat 0 clicks on the table it had before seat 1 moved: still its move 0
    answer = room.click(0, heap_targets(seen[0])[0], move=0)
    assert answer["table"]["move"] == 1
    assert room.game().hands[0] != EMPTY
    # the same click sent again (a replay) carries an old move number
    room.refused(lambda: room.click(0, heap_targets(seen[0])[0], move=0), "action.stale")
    raw = {"kind": "return", "fields": {"seat": 0, "time": 0, "side": 0}}
    room.refused(lambda: room.service.act(room.code, room.tokens[0], 0, raw), "action.stale")
    assert room.service.act(room.code, room.tokens[0], 1, raw) == 2
    room.refused(lambda: room.service.act(room.code, room.tokens[0], 1, raw), "action.stale")


def test_a_tile_someone_else_took_is_refused_not_swapped(tmp_path: Path) -> None:
    room = Room(tmp_path)
    room.all_ready()
    both = [room.table(0), room.table(1)]
    assert heap_targets(both[0]) == heap_targets(both[1])
    target = heap_targets(both[0])[4]
    room.clock.wait(1)
    room.click(1, target, move=0)
    err = room.refused(lambda: room.click(0, target, move=0), "mondo.tile_gone")
    assert "5" in err.reason
    # the same place on a table drawn since holds the tile that came up: that one may be taken
    fresh = heap_targets(room.table(0))[4]
    assert fresh != target
    room.click(0, fresh)
    assert room.game().hands[0] != EMPTY


def test_the_tile_is_judged_again_under_the_rooms_lock(tmp_path: Path) -> None:
    """A take checked by the table and then overtaken before the room judged it (another
    seat's take committed in between) is refused there, not played on the new tile."""
    room = Room(tmp_path)
    room.all_ready()
    room.clock.wait(1)
    model = room.tables._model(room.code, 0)  # the seat's table, as a request would use it
    target = heap_targets(room.table(0))[2]
    request = contextvars.copy_context()  # each request of the server runs in its own
    action = request.run(model.click, target)
    assert isinstance(action, Take)
    taken = {"kind": "take", "fields": {"seat": 1, "time": 0, "slot": 2}}
    room.service.act(room.code, room.tokens[1], 0, taken)  # seat 1 takes that tile meanwhile
    sent = {"kind": "take", "fields": {"seat": 0, "time": 0, "slot": 2}}
    act = room.service.act
    room.refused(lambda: request.run(act, room.code, room.tokens[0], 0, sent), "mondo.tile_gone")
    assert room.game().hands[0] == EMPTY


def test_refusals_say_a_sentence_and_change_nothing(tmp_path: Path) -> None:
    room = Room(tmp_path)
    room.all_ready()
    room.clock.wait(1)
    err = room.refused(lambda: room.click(0, "board:1"), "table.refused")
    assert "Player 2" in err.reason
    room.refused(lambda: room.click(0, "board:0"), "table.no_target")
    room.refused(lambda: room.click(0, "heap:99@0"), "table.no_target")
    room.refused(lambda: room.click(0, "space:0:0"), "table.refused")  # take a tile first
    room.refused(lambda: room.click(0, "heap:1@777"), "mondo.table_old")
    room.refused(lambda: room.press(0, "put_back"), "table.refused")
    room.refused(lambda: room.press(0, "flip"), "table.refused")
    room.refused(lambda: room.press(0, "dance"), "table.no_button")
    other = {"kind": "take", "fields": {"seat": 1, "time": 0, "slot": 0}}
    room.refused(
        lambda: room.service.act(room.code, room.tokens[0], 0, other), "action.not_your_seat"
    )


def test_a_seat_builds_its_own_world_by_clicks_and_keys(tmp_path: Path) -> None:
    room = Room(tmp_path)
    room.all_ready()
    room.clock.wait(2)
    answer = room.click(0, heap_targets(room.table(0))[0])
    assert answer["said"].startswith("You took a tile")
    table = answer["table"]
    keys = {b["kind"]: b["key"] for b in table["buttons"] if not b["disabled"]}
    assert keys == {"flip": "f", "turn": "r", "put_back": "b"}
    side = room.game().hand_up[0]
    room.press(0, "flip")
    room.press(0, "turn")
    room.clock.wait(1)
    answer = room.click(0, open_space(room.table(0)))
    placed = room.game().boards[0]
    assert sum(code != EMPTY for code in placed) == 1
    code = next(code for code in placed if code != EMPTY)
    assert (code // 4) % 2 == 1 - side and code % 4 == 1  # flipped and turned as held
    assert "Player 1 (you)" in answer["table"]["panels"][0]["rows"][0][0]
    room.clock.wait(1)
    room.press(0, "jump_out")
    game = room.game()
    assert game.status[0] == JUMPED and game.chips[0] > 0
    status = room.table(0)["status"]
    assert status.startswith("You are out") and "Player 2" in status
    room.press(1, "jump_out")
    game = room.game()
    assert game.round == 1 and len(game.rounds) == 1
    table = room.table(1)
    assert table["status"].startswith("Round 1 is over")
    assert table["clock"] == {"left_ms": 60_000, "running": False}
    titles = [p["title"] for p in table["panels"]]
    assert "Round 1" in titles
    assert "Your board at the end of round 1" in table["svg"]


def test_the_servers_ring_stops_everyone_still_in(tmp_path: Path) -> None:
    room = Room(tmp_path, options={"round_seconds": 10})
    room.all_ready()
    assert room.realtime.tick() == {room.code}  # the go: every page is to hear of it
    room.clock.wait(3)
    room.click(0, heap_targets(room.table(0))[0])  # seat 0 holds a tile when time is up
    held = room.game().hands[0]
    room.clock.wait(6.9)
    assert room.realtime.tick() == set()
    room.clock.wait(0.2)
    room.refused(lambda: room.press(0, "put_back"), "table.refused")  # time is up
    assert room.realtime.tick() == {room.code}
    game = room.game()
    ends = game.moves()[-2:]
    assert [(p, type(a)) for p, a in ends] == [(0, Stop), (1, Stop)]
    assert all(a.time == 10_000 for _, a in ends)  # type: ignore[attr-defined]
    assert game.round == 1 and held in game.heap  # the tile went back, a new round waits
    assert room.table(0)["clock"] == {"left_ms": 10_000, "running": False}
    room.clock.wait(60)
    assert room.realtime.tick() == set()  # nobody is ready: the next round waits


def test_rivals_in_empty_seats_act_on_their_own_at_their_pace(tmp_path: Path) -> None:
    room = Room(tmp_path, 3, seats=["human", "rival", "rival"], options={"round_seconds": 60})
    room.all_ready()
    for _ in range(60 * 4):
        room.clock.wait(0.25)
        room.realtime.tick()
    game = room.game()
    by_rivals = [a for p, a in game.moves() if p != 0]
    assert len(by_rivals) >= 6
    assert not any(p == 0 for p, _ in game.moves()[:-1])  # only the ring acted for seat 0
    times = [a.time for _, a in game.moves()]  # type: ignore[attr-defined]
    assert times == sorted(times) and times[0] >= 3000  # a rival takes its time
    store = room.service.store
    assert rebuild(store.room(room.code), store.actions(room.code)) == game  # type: ignore[arg-type]


def test_a_room_of_rivals_alone_starts_by_itself(tmp_path: Path) -> None:
    room = Room(tmp_path, 2, seats=["rival", "rival"], options={"round_seconds": 10})
    for _ in range(12 * 4):
        room.clock.wait(0.25)
        room.realtime.tick()
    game = room.game()
    assert game.round == 1 and all(s == PLAYING for s in game.status)
    assert {p for p, _ in game.moves()} == {0, 1}


def test_after_a_restart_the_round_is_paused_at_its_last_action(tmp_path: Path) -> None:
    room = Room(tmp_path)
    room.all_ready()
    room.clock.wait(4)
    room.click(0, heap_targets(room.table(0))[0])
    room.clock.wait(3)
    room.click(1, heap_targets(room.table(1))[1])
    before = room.game()
    # the server again, on the same store (the clock was in memory only)
    again = RoomService(SQLiteStore(room.path))
    clock = Clock()
    realtime = Realtime(again, clock=clock)
    tables = Tables(again, "en")
    assert again.game(room.code) == before
    table = tables.table(room.code, room.tokens[0])
    assert table["clock"] == {"left_ms": 53_000, "running": False}
    assert "paused at 0:07" in table["status"]
    clock.wait(30)
    assert realtime.tick() == set()
    tables.press(room.code, room.tokens[0], table["move"], "ready")
    tables.press(room.code, room.tokens[1], 1, "ready")
    clock.wait(0.5)
    sent = {"kind": "return", "fields": {"seat": 0, "time": 0, "side": 0}}
    again.act(room.code, room.tokens[0], 1, sent)
    assert again.game(room.code).moves()[-1][1].time == 7500  # type: ignore[attr-defined]


def test_a_seat_sees_its_own_tile_in_hand_and_nobody_elses(tmp_path: Path) -> None:
    room = Room(tmp_path)
    room.all_ready()
    room.clock.wait(1)
    room.click(1, heap_targets(room.table(1))[0])
    mine, theirs = room.table(0), room.table(1)
    assert (
        re.search(r'id="hand-\d', mine["svg"]) is None and 'data-target="hand"' not in mine["svg"]
    )
    assert 'data-target="hand"' in theirs["svg"]
    assert "holding a tile" in mine["panels"][0]["rows"][1]
    assert all(s == PLAYING for s in room.game().status)
    assert STOPPED not in room.game().status


def test_spanish_tables_speak_spanish(tmp_path: Path) -> None:
    room = Room(tmp_path)
    table = room.tables.table(room.code, room.tokens[0], "es")
    assert table["status"].startswith("Ronda 1 de 3")
    assert table["buttons"][0]["text"] == "Listo (G)"
    assert "Se están removiendo" in table["svg"]


def test_three_rounds_to_the_final_score(tmp_path: Path) -> None:
    room = Room(tmp_path)
    for number in range(3):
        room.all_ready()
        room.clock.wait(2)
        room.click(number % 2, heap_targets(room.table(number % 2))[0])
        room.clock.wait(1)
        room.click(number % 2, open_space(room.table(number % 2)))
        for seat in (0, 1):
            room.clock.wait(1)
            room.press(seat, "jump_out")
    game = room.game()
    assert game.is_over and len(game.rounds) == 3
    table = room.table(0)
    assert table["status"].startswith("The game is over.") and table["buttons"] == []
    final = next(p for p in table["panels"] if p["title"] == "Final score")
    assert final["head"] == ["", "Player 1", "Player 2"]
    assert final["rows"][-1][0] == "Total"
    totals = game.score()
    assert final["rows"][-1][1:] == [str(totals.total(name)) for name in game.players]
    assert table["clock"] == {"left_ms": 0, "running": False}


def test_after_a_restart_only_the_people_still_in_are_waited_for(tmp_path: Path) -> None:
    room = Room(tmp_path, 3)
    room.all_ready()
    room.clock.wait(2)
    room.press(0, "jump_out")
    again = RoomService(SQLiteStore(room.path))
    Realtime(again, clock=Clock())
    tables = Tables(again, "en")
    out = tables.table(room.code, room.tokens[0])
    ready = next(b for b in out["buttons"] if b["kind"] == "ready")
    assert ready["disabled"] and "Player 2 and Player 3" in out["status"]
    tables.press(room.code, room.tokens[1], 0, "ready")
    _, answer = tables.press(room.code, room.tokens[2], 0, "ready")
    assert answer["said"].startswith("Go!")
