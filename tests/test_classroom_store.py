"""The class server's store and room service without a server: rooms, seats and actions
round-trip through SQLite, and a game rebuilt from the store equals the one played."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

import gamecore
from classroom.jsonable import jsonable
from classroom.rooms import CODE_ALPHABET, Refused, RoomService, rebuild, token_hash
from classroom.store import ActionRecord, RoomRecord, SeatRecord, SQLiteStore, StoreError


def test_rooms_seats_and_actions_round_trip(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "s.sqlite3")
    room = RoomRecord("ABCDEF", "nuevos-mundos", ("Ana", "Beto"), 5, {"modules": []}, 1.5, False)
    seats = [
        SeatRecord("ABCDEF", 0, "h0", "Ana", "human"),
        SeatRecord("ABCDEF", 1, "h1", "Beto", "bot"),
    ]
    store.create_room(room, seats)
    with pytest.raises(StoreError):
        store.create_room(room, seats)
    action = ActionRecord("ABCDEF", 1, 0, {"player": 0, "action": "take_biome", "card": 2}, 2.5)
    store.append_action(action, over=False)
    with pytest.raises(StoreError):  # a number out of turn
        store.append_action(ActionRecord("ABCDEF", 3, 1, action.action, 3.0), over=False)
    assert store.teacher_key_hash() is None
    store.set_teacher_key_hash("k")
    with pytest.raises(StoreError):
        store.set_teacher_key_hash("other")
    store.close()

    again = SQLiteStore(tmp_path / "s.sqlite3")
    assert again.room("ABCDEF") == room
    assert again.rooms() == [room] and again.count_rooms() == 1
    assert again.room("NOPE") is None
    assert again.seats("ABCDEF") == seats
    assert again.seat_by_token_hash("h1") == seats[1]
    assert again.actions("ABCDEF") == [action]
    assert again.teacher_key_hash() == "k"
    mode = sqlite3.connect(tmp_path / "s.sqlite3").execute("PRAGMA journal_mode").fetchone()
    assert mode == ("wal",)


@pytest.mark.parametrize("name", sorted(gamecore.GAMES))
def test_a_game_rebuilt_from_the_store_equals_the_original(tmp_path: Path, name: str) -> None:
    store = SQLiteStore(tmp_path / "s.sqlite3")
    service = RoomService(store)
    players = max(2, gamecore.GAMES[name].min_players)
    room = service.create(name, players, seed=6)
    assert len(room.code) == 6 and set(room.code) <= set(CODE_ALPHABET)
    rng = random.Random(1)
    original = gamecore.new_game(name, players, 6)
    for _ in range(40):
        if original.is_over:
            break
        deciding = original.current_player
        assert deciding is not None
        token = room.tokens[deciding]
        view = service.view(room.code, token)
        json.dumps(view)  # every game's view is JSON
        assert view["view"] == jsonable(original.view(deciding))
        chosen = rng.choice(view["legal"])
        number = service.act(
            room.code, token, view["move"], {"kind": chosen["kind"], "fields": chosen["fields"]}
        )
        original.play(type(original).action_types[chosen["kind"]](**chosen["fields"]))
        assert number == len(original.moves())
    store.close()

    reopened = SQLiteStore(tmp_path / "s.sqlite3")
    record = reopened.room(room.code)
    assert record is not None
    assert rebuild(record, reopened.actions(room.code)) == original
    assert RoomService(reopened).game(room.code) == original


def test_a_stored_action_the_rules_refuse_stops_the_rebuild(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "s.sqlite3")
    room = RoomService(store).create("nuevos-mundos", 2, seed=1)
    record = store.room(room.code)
    assert record is not None
    forged = ActionRecord(room.code, 1, 1, {"player": 1, "action": "take_biome", "card": 2}, 0.0)
    with pytest.raises(gamecore.SaveFileError, match="not seat 1's"):
        rebuild(record, [forged])
    forged = ActionRecord(room.code, 1, 0, {"player": 0, "action": "take_biome", "card": 99}, 0.0)
    with pytest.raises(gamecore.SaveFileError, match="refused"):
        rebuild(record, [forged])


def test_tokens_are_kept_only_as_hashes(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "s.sqlite3")
    service = RoomService(store)
    room = service.create("ecosfera", 3, seed=2)
    assert [s.token_hash for s in store.seats(room.code)] == [token_hash(t) for t in room.tokens]
    assert service.seat(room.code, room.tokens[2]) == 2
    with pytest.raises(Refused) as refused:
        last = room.tokens[2][-1]
        service.seat(room.code, room.tokens[2][:-1] + ("x" if last != "x" else "y"))
    assert refused.value.key == "seat.bad_token"


def test_every_refusal_of_the_server_has_words_in_every_language() -> None:
    """The server's own refusals (``Refused(status, "room.unknown", code=...)``) take their
    sentence from the catalog, ``classroom.room_unknown``, in every declared language (a
    refusal that passes on the engine's sentence, already in words, is left out)."""
    import re
    from pathlib import Path

    from gamecore.words import LANGUAGES, catalog

    package = Path(__file__).resolve().parents[1] / "classroom"
    keys = {
        key
        for path in package.glob("*.py")
        for key in re.findall(
            r'Refused\(\s*\d+,\s*"([a-z_.]+)"\s*(?:\)|,\s*[a-z_]+=)', path.read_text("utf-8")
        )
    }
    assert len(keys) > 15
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if "classroom." + k.replace(".", "_") not in catalog(lang))
        assert not missing, (lang, missing)
