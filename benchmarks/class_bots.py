"""How long a student waits for the server after a move, in a room with a bot: printed, never
asserted.

    python benchmarks/class_bots.py                 # three games, 15 of the student's moves each
    python benchmarks/class_bots.py --moves 40
    PYTHONPATH=/path/to/an/older/checkout python benchmarks/class_bots.py   # the same, older

The real server (``python -m classroom serve``, as ``benchmarks/class_load.py`` starts it) on a
free port of 127.0.0.1 over a new SQLite file; one room per game, two seats: the student
(this script, which sends the first legal action whenever it is its turn) and a bot. For
each of the student's moves:

- **answer**: from sending ``POST /api/rooms/{code}/actions`` to its answer: what the
  student's click waits for before the page shows the move;
- **turn back**: from sending the move to the moment the student's view has choices again
  (``GET .../view`` every 20 ms): the bot's whole turn, seen from the student's chair.

The server runs the code on this process's path, so an older checkout's ``classroom`` (given
by ``PYTHONPATH``) is measured the same way.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
from class_load import Server, bearer
from machine import machine_lines

ROOMS = (("nuevo-mundo", "search"), ("nuevos-mundos", "search"), ("ecosfera", "planner"))
POLL_SECONDS = 0.02
TURN_LIMIT_SECONDS = 300.0


def my_view(server: Server, code: str, token: str) -> dict[str, Any]:
    """The student's view once it is their turn again (or the game is over)."""
    deadline = time.monotonic() + TURN_LIMIT_SECONDS
    while True:
        answer = httpx.get(f"{server.url}/api/rooms/{code}/view", headers=bearer(token))
        view: dict[str, Any] = answer.json()
        if view["legal"] or view["over"] or time.monotonic() > deadline:
            return view
        time.sleep(POLL_SECONDS)


def play(server: Server, game: str, bot: str, moves: int) -> tuple[list[float], list[float]]:
    """(answer times, turn-back times) in seconds, one of each per student's move."""
    made = httpx.post(
        f"{server.url}/api/rooms",
        json={"game": game, "players": 2, "seed": 3, "seats": ["human", bot]},
        headers=bearer(server.key),
        timeout=TURN_LIMIT_SECONDS,
    )
    made.raise_for_status()
    room = made.json()
    code, token = room["code"], room["seats"][0]["token"]
    answers: list[float] = []
    turns: list[float] = []
    view = my_view(server, code, token)
    for _ in range(moves):
        if view["over"]:
            break
        chosen = view["legal"][0]
        began = time.perf_counter()
        sent = httpx.post(
            f"{server.url}/api/rooms/{code}/actions",
            json={"move": view["move"], "action": {k: chosen[k] for k in ("kind", "fields")}},
            headers=bearer(token),
            timeout=TURN_LIMIT_SECONDS,
        )
        answers.append(time.perf_counter() - began)
        sent.raise_for_status()
        view = my_view(server, code, token)
        turns.append(time.perf_counter() - began)
    return answers, turns


def line(values: Sequence[float]) -> str:
    if not values:
        return "-"
    return f"median {1000 * statistics.median(values):6.0f} ms, max {1000 * max(values):6.0f} ms"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=15, help="the student's moves per room")
    args = parser.parse_args(argv)
    print("\n".join(machine_lines(f"{args.moves} of the student's moves per room")))
    print()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        server.start()
        try:
            for game, bot in ROOMS:
                answers, turns = play(server, game, bot, args.moves)
                print(f"{game} against its {bot} bot ({len(answers)} moves)")
                print(f"  answer     {line(answers)}")
                print(f"  turn back  {line(turns)}")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
