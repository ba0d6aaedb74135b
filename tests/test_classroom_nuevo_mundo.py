"""The Nuevo Mundo student table without a server: ``classroom.tables.Tables`` over a
``RoomService`` and its SQLite store, each seat playing on its own table by clicks and
buttons only. Every move checks each seat's table against the game's views (its own hand,
no other hand, the attacker's tactic on the attacker's table only); the tactics of a battle
are chosen on both sides' own tables and the defender answers a negotiation on theirs."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from nuevo_mundo_seats import Player, Table, check_secrets, play_move, table_if, words_of

from classroom.nuevo_mundo_table import NuevoMundoSeat
from classroom.rooms import Refused, RoomService
from classroom.store import SQLiteStore
from classroom.tables import SEAT_TABLES, Tables
from gamecore.nuevo_mundo import NuevoMundo
from gamecore.nuevo_mundo.actions import Tactic
from gamecore.nuevo_mundo.game import ANSWER, TACTIC_ATTACKER, TACTIC_DEFENDER

RAW = re.compile(r"[A-Za-z]+\([a-z_]+=|\{'|\bNone\b|\{[a-z_]+\}|\(\d+, \d+\)")
"""What a Python structure or an unfilled placeholder looks like in words."""


class Room:
    """A Nuevo Mundo room of the service and every seat's table, as the server has them."""

    def __init__(self, folder: Path, players: int, seed: int, **options: Any) -> None:
        self.service = RoomService(SQLiteStore(folder / "class.sqlite3"))
        self.tables = Tables(self.service, "en")
        made = self.service.create("nuevo-mundo", players, seed=seed, options=options)
        self.code, self.tokens = made.code, made.tokens

    def game(self) -> NuevoMundo:
        game = self.service.game(self.code)
        assert isinstance(game, NuevoMundo)
        return game

    def table(self, seat: int, lang: str | None = None) -> Table:
        return self.tables.table(self.code, self.tokens[seat], lang)

    def use(self, seat: int, body: dict[str, Any], lang: str | None = None) -> tuple[int, Any]:
        """A request of ``seat``'s page: (200, the answer) or (the refusal's status, its JSON)."""
        try:
            if set(body) == {"move", "target"}:
                answer: Any = self.tables.click(
                    self.code, self.tokens[seat], body["move"], body["target"], lang
                )
                if isinstance(answer, tuple):  # (whether it played, the answer)
                    answer = answer[1]
            else:
                _, answer = self.tables.press(
                    self.code, self.tokens[seat], body["move"], body["button"], lang
                )
        except Refused as err:
            return err.status, err.to_json()
        return 200, answer


def play(room: Room, player: Player, *, until: str | None = None, limit: int = 400) -> list[Any]:
    """Play the room by its seats' tables until the game ends (or event ``until`` happened),
    checking every seat's table on every move; return what was pressed, in order:
    (the decision pending, the seat, the button)."""
    pressed: list[Any] = []
    for _ in range(limit):
        game = room.game()
        tables = [room.table(s) for s in range(len(game.players))]
        for data in tables:
            assert data["move"] == len(game.moves())
            check_secrets(data, game)
            assert not RAW.search(words_of(data).replace(data["svg"], "")), data
        if game.is_over or (until and any(e[0] == until for e in game.events)):
            return pressed
        me = game.current_player
        assert me is not None
        for other, data in enumerate(tables):
            if other != me:
                waiting = data["status"]
                assert waiting.startswith(f"Waiting for {game.players[me]}"), waiting
                assert all(b["disabled"] for b in data["buttons"])
                target = data["keyboard"][0]["target"]
                status, answer = room.use(other, {"move": data["move"], "target": target})
                assert (status, answer) == (422, {"error": waiting, "key": "table.refused"})
        button, answer = play_move(room.use, me, tables[me], player.wants(game))
        assert answer["said"] and answer["said"] == answer["table"]["last"]
        pressed.append((game.pending, me, button))
    raise AssertionError("the game did not end")


def test_the_table_is_registered_for_the_game() -> None:
    assert SEAT_TABLES["nuevo-mundo"] is NuevoMundoSeat


def test_two_seats_play_a_whole_game_with_a_battle_and_a_negotiation(tmp_path: Path) -> None:
    room = Room(tmp_path, 2, 12, scenario="teaching", rounds=3)
    pressed = play(room, Player(12))
    game = room.game()
    assert game.is_over and game.outcome is not None
    # a negotiation answered by the defender on their table (refused: a battle), and each
    # battle round's tactics chosen on each side's own table, the attacker's first
    kinds = [(pending, seat, button.partition(":")[0]) for pending, seat, button in pressed]
    answers = [(seat, button) for pending, seat, button in pressed if pending == ANSWER]
    assert answers[0][1] == "answer:0" and ("answer", 1, "answer:1") in pressed
    attacker = game.moves()[[a.kind for _, a in game.moves()].index("negotiate")][0]
    assert all(seat != attacker for seat, _ in answers)
    rounds = [e for e in game.events if e[0] == "battle_round"]
    assert rounds
    for k, (pending, seat, kind) in enumerate(kinds):
        if pending == TACTIC_DEFENDER:
            assert kind == "tactic" and kinds[k - 1][:1] == (TACTIC_ATTACKER,)
            assert kinds[k - 1][1] != seat
    tactics = [(p, a.tactic) for p, a in game.moves() if isinstance(a, Tactic)]
    assert [(e[1], e[4]) for e in rounds] == tactics[0::2]  # attacker, attacker's tactic
    assert [(e[2], e[5]) for e in rounds] == tactics[1::2]  # defender, defender's tactic
    # the end: the outcome on every table, and the score sheet as a panel
    sheet = game.score()
    for seat in (0, 1):
        data = room.table(seat)
        assert data["over"] and data["status"].startswith(game.outcome.explain(game.players))
        assert all(b["disabled"] for b in data["buttons"])
        scores = data["panels"][-1]
        assert scores["title"] == "Scores" and scores["head"] == ["", *game.players]
        assert scores["rows"][-1] == ["Total", *(str(sheet.total(p)) for p in sheet.players)]


def test_five_seats_a_battle_seen_by_everyone_chosen_by_two(tmp_path: Path) -> None:
    """The largest table (Golfo, 5 players): the three seats outside the battle wait and
    see the result once both tactics are in, never a tactic before."""
    room = Room(tmp_path, 5, 0, scenario="golfo", rounds=1)
    pressed = play(room, Player(0), until="battle_round")
    game = room.game()
    battle = next(e for e in game.events if e[0] == "battle")
    attacker, defender = battle[1], battle[2]
    assert [(p, s) for p, s, _ in pressed if p in (TACTIC_ATTACKER, TACTIC_DEFENDER)] == [
        (TACTIC_ATTACKER, attacker),
        (TACTIC_DEFENDER, defender),
    ]
    revealed = next(e for e in game.events if e[0] == "battle_round")
    for seat in range(5):
        battle_panel = room.table(seat)["panels"][1]
        assert battle_panel["title"].startswith("Battle in")
        assert any(f"played tactic {revealed[4]}" in line for line in battle_panel["lines"])


def test_the_engine_asks_the_attacker_first_and_only_the_attacker_sees_it(
    tmp_path: Path,
) -> None:
    room = Room(tmp_path, 2, 12, scenario="teaching", rounds=3)
    player = Player(12)
    while room.game().pending != TACTIC_ATTACKER:
        game = room.game()
        me = game.current_player
        assert me is not None
        play_move(room.use, me, room.table(me), player.wants(game))
    game = room.game()
    attacker, defender = game.turn_player, game.b_defender
    assert attacker is not None and attacker != defender
    assert game.current_player == attacker == game.actor(Tactic(3))
    # the defender cannot choose first: their buttons are refused with the waiting sentence
    waiting = room.table(defender)
    assert waiting["status"].startswith(f"Waiting for {game.players[attacker]}: choosing")
    status, answer = room.use(defender, {"move": waiting["move"], "button": "tactic:3"})
    assert (status, answer["error"]) == (422, waiting["status"])
    assert room.table(defender) == waiting and room.game().moves() == game.moves()

    play_move(room.use, attacker, room.table(attacker), Tactic(4))
    game = room.game()
    assert game.pending == TACTIC_DEFENDER and game.actor(Tactic(1)) == defender
    assert game.view(attacker).my_tactic == 4 and game.view(defender).my_tactic == 0
    mine, theirs = room.table(attacker), room.table(defender)
    assert "Your criptex, in secret: tactic 4" in mine["svg"]
    assert "tactic 4" in mine["status"] and "Your tactic, in secret: 4." in words_of(mine)
    assert theirs["last"] == f"{game.players[attacker]} chose a tactic in secret."
    assert theirs["status"].startswith("Your turn: you defend")
    for other in range(1, 6):  # whatever the attacker chose, the defender's table is this one
        assert table_if(game, defender, other, theirs, "en") == theirs
    # the attacker cannot choose again, nor for the defender
    status, answer = room.use(attacker, {"move": mine["move"], "button": "tactic:2"})
    assert (status, answer["key"], answer["error"]) == (422, "table.refused", mine["status"])

    play_move(room.use, defender, theirs, Tactic(2))
    game = room.game()
    revealed = next(e for e in reversed(game.events) if e[0] == "battle_round")
    assert revealed[4:6] == (4, 2)
    for seat in (attacker, defender):
        data = room.table(seat)
        assert "played tactic 4" in data["last"] and "played tactic 2" in data["last"]


def test_refused_clicks_and_buttons_answer_a_sentence_and_change_nothing(
    tmp_path: Path,
) -> None:
    room = Room(tmp_path, 2, 12, scenario="teaching", rounds=3)
    player = Player(12)
    seen_answer = False
    while not seen_answer:
        game = room.game()
        me = game.current_player
        assert me is not None
        other = 1 - me
        before = [room.table(s) for s in (0, 1)]
        move = before[me]["move"]

        def refused(seat: int, body: dict[str, Any], status: int, key: str) -> str:
            got, answer = room.use(seat, body)
            assert (got, answer["key"]) == (status, key), answer
            sentence: str = answer["error"]
            assert sentence and not re.search(r"\{[a-z_]+\}", sentence)  # every value filled in
            return sentence

        # out of turn: the other seat's click and buttons
        waiting = before[other]["status"]
        assert refused(other, {"move": move, "target": "region:0"}, 422, "table.refused") == waiting
        for button in ("end_turn", "let_go", "tactic:1", "answer:0", "settle:0"):
            said = refused(other, {"move": move, "button": button}, 422, "table.refused")
            assert said == waiting
        # stale, odd and unknown
        refused(me, {"move": move + 1, "target": "region:0"}, 409, "action.stale")
        refused(me, {"move": move - 1, "button": "end_turn"}, 409, "action.stale")
        refused(me, {"move": True, "button": "end_turn"}, 400, "action.no_move")
        for target in ("region:999", "hand:12", "faceup:7", "nowhere", "region:-1", 12, None):
            refused(me, {"move": move, "target": target}, 422, "table.no_target")
        for button in ("explode", "tactic", "aim:1", "aim:1:2:3:4", "Tactic:1", 7, None):
            refused(me, {"move": move, "button": button}, 422, "table.no_button")
        refused(me, {"move": move, "button": "tactic:9"}, 422, "table.refused")
        if before[me]["buttons"][-1]["disabled"]:  # nothing chosen to let go of
            said = refused(me, {"move": move, "button": "let_go"}, 422, "table.refused")
            assert said == "No region is chosen."
        if game.pending == ANSWER:
            seen_answer = True
            said = refused(other, {"move": move, "button": "answer:1"}, 422, "table.refused")
            assert said.startswith(f"Waiting for {game.players[me]}: answering your negotiation")
        assert [room.table(s) for s in (0, 1)] == before
        assert room.game().moves() == game.moves()
        play_move(room.use, me, before[me], player.wants(game))


def test_a_click_chooses_and_a_button_plays(tmp_path: Path) -> None:
    """A click never plays: the destination of a mobilisation names the button that throws
    the die, and its key; Let go forgets the origin."""
    room = Room(tmp_path, 2, 12, scenario="teaching", rounds=3)
    player = Player(12)
    while True:
        game = room.game()
        me = game.current_player
        assert me is not None
        wanted = player.wants(game)
        if wanted.kind == "aim":
            break
        play_move(room.use, me, room.table(me), wanted)
    origin, destination = wanted.origin, wanted.destination  # type: ignore[attr-defined]
    move = len(game.moves())
    status, answer = room.use(me, {"move": move, "target": f"region:{origin}"})
    assert status == 200 and answer["said"] == f"{game.region_name(origin)} chosen."
    words = {k["target"]: k["words"] for k in answer["table"]["keyboard"]}
    assert words[f"region:{origin}"].endswith("(chosen)")
    assert words[f"region:{destination}"].endswith("(you may click it now)")
    status, answer = room.use(me, {"move": move, "target": f"region:{destination}"})
    assert status == 200
    aim = next(b for b in answer["table"]["buttons"] if b["kind"] == f"aim:{origin}:{destination}")
    label = aim["text"].partition(". ")[2]
    assert answer["said"] == f"To do it, press «{label}» (key {aim['key']})."
    assert room.game().moves() == game.moves()  # nothing played yet
    status, answer = room.use(me, {"move": move, "button": "let_go"})
    assert status == 200 and answer["said"]
    assert not any(k["words"].endswith("(chosen)") for k in answer["table"]["keyboard"])
    assert not any(b["kind"].startswith("aim:") for b in answer["table"]["buttons"])
    button, answer = play_move(room.use, me, answer["table"], wanted)
    assert button == aim["kind"] and room.game().moves()[-1] == (me, wanted)


def test_spanish_tables(tmp_path: Path) -> None:
    room = Room(tmp_path, 2, 12, scenario="teaching", rounds=3)
    game = room.game()
    me = game.current_player
    assert me is not None
    mine, theirs = room.table(me, "es"), room.table(1 - me, "es")
    assert mine["lang"] == "es" and mine["status"].startswith("Te toca:")
    assert theirs["status"].startswith(f"Esperando a {game.players[me]}:")
    assert [b["text"] for b in mine["buttons"]] == ["Terminar turno", "Soltar"]
    assert mine["description"] != room.table(me)["description"]
    for data in (mine, theirs):
        check_secrets(data, game, "es")
        assert not RAW.search(words_of(data).replace(data["svg"], ""))
    status, answer = room.use(1 - me, {"move": 0, "target": "region:0"}, "es")
    assert (status, answer["error"]) == (422, theirs["status"])


@pytest.mark.parametrize("restart", [False, True])
def test_the_history_says_each_move_with_bots_and_after_a_restart(
    tmp_path: Path, restart: bool
) -> None:
    """A bot seat plays several moves after one of a person's (the table follows them all at
    once); a restarted server replays the story: either way each move's line is the same as
    a table made afresh on the game."""
    service = RoomService(SQLiteStore(tmp_path / "class.sqlite3"))
    made = service.create(
        "nuevo-mundo", 2, seed=12, options={"scenario": "teaching"}, seats=["human", "greedy"]
    )
    tables = Tables(service, "en")
    player = Player(12)
    for _ in range(30):
        game = service.game(made.code)
        assert isinstance(game, NuevoMundo) and game.current_player == 0

        def use(seat: int, body: dict[str, Any], tables: Tables = tables) -> tuple[int, Any]:
            if "target" in body:
                answer: Any = tables.click(
                    made.code, made.tokens[seat], body["move"], body["target"]
                )
                return 200, answer[1] if isinstance(answer, tuple) else answer
            return 200, tables.press(made.code, made.tokens[seat], body["move"], body["button"])[1]

        play_move(use, 0, tables.table(made.code, made.tokens[0]), player.wants(game))
        if restart:
            service = RoomService(SQLiteStore(tmp_path / "class.sqlite3"))
            tables = Tables(service, "en")
    game = service.game(made.code)
    assert isinstance(game, NuevoMundo)
    assert len([p for p, _ in game.moves() if p == 1]) > 5  # the bot played too
    shown = tables.table(made.code, made.tokens[0])
    fresh = NuevoMundoSeat(game, 0)
    assert shown["panels"][0]["lines"] == fresh.history() and len(fresh.history()) == 12
