"""A notebook's seat in a class room (widgets/class_seat.py) against the real server: two
notebook seats play Nuevos Mundos moves by clicks on their canvases and buttons, each
redrawn by the server's pushes with its own hand only; bad links are explained."""

from __future__ import annotations

import time

import pytest
from class_server import ClassServer

from gamecore.words import speaking
from widgets.class_client import ClassError, SeatLink
from widgets.class_seat import ClassSeat

pytestmark = pytest.mark.exclusive


def _wait(check: object, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError("the notebook seat was not redrawn")


def _hand(seat: ClassSeat) -> set[str]:
    return {t for t in seat.canvas.scene.targets() if t.startswith("hand:")}


def test_two_notebook_seats_play_by_clicks_and_hear_each_other(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2, seed=3)
    seats = [ClassSeat(s["link"] + "", lang="es") for s in room["seats"]]
    try:
        for seat in seats:
            assert seat.client is not None, seat.said.value
            assert seat.form.layout.display == "none"
            assert seat.table is not None and "Sala" in seat.heading.value
        hands = [_hand(s) for s in seats]
        assert hands[0] and hands[1] and not hands[0] & hands[1]
        for _ in range(4):  # a few moves, each by clicks on the seat's own canvas
            turn = next(i for i, s in enumerate(seats) if "Te toca" in s.status.value)
            mine, other = seats[turn], seats[1 - turn]
            before = other.table["move"]  # type: ignore[index]
            stale = dict(mine.table or {})
            card = sorted(_hand(mine))[0]
            x, y = mine.canvas.scene.center_of(card)
            mine.canvas.click(x, y)
            assert "⚠" not in mine.said.value, mine.said.value
            button = next(b for b in mine.buttons.children if not b.disabled)
            button.click()
            assert "⚠" not in mine.said.value, mine.said.value
            _wait(lambda o=other, b=before: o.table["move"] > b)  # type: ignore[index,misc]
            # a push's table fetched before the move, arriving after its answer, is not drawn
            mine._show(dict(stale, status="stale"), None)
            assert mine.table is not None and mine.table["status"] != "stale"
            assert "stale" not in mine.status.value
            # each notebook draws only its own seat's hand
            assert not _hand(other) & _hand(mine)
            for card in _hand(mine):  # nor in the server's SVG of the other seat
                assert f'data-target="{card}"' not in other.table["svg"]  # type: ignore[index]
        # a click on the other seat's card is refused in a sentence, nothing changes
        turn = next(i for i, s in enumerate(seats) if "Te toca" in s.status.value)
        waiting = seats[1 - turn]
        move = waiting.table["move"]  # type: ignore[index]
        waiting._send(target=sorted(_hand(seats[turn]))[0])
        assert "⚠" in waiting.said.value and waiting.table["move"] == move  # type: ignore[index]
    finally:
        for seat in seats:
            seat.close()


@pytest.mark.parametrize(
    "link,words",
    [
        ("not a link", "no es un enlace"),
        ("http://127.0.0.1:9/join/ABCDEF", "llave"),
        ("http://127.0.0.1:9/rooms/ABCDEF#x", "sala"),
    ],
)
def test_bad_links_are_explained(link: str, words: str) -> None:
    with speaking("es"), pytest.raises(ClassError, match=words):
        SeatLink.parse(link, "es")
    seat = ClassSeat(link, lang="es")
    assert seat.client is None and words in seat.said.value


def test_a_server_that_is_not_there_is_explained() -> None:
    seat = ClassSeat("http://127.0.0.1:9/join/ABCDEF#token", lang="en")
    assert seat.client is None and "No class server answers" in seat.said.value


def test_a_link_that_opens_no_seat_is_explained(server: ClassServer) -> None:
    room = server.create_room(game="nuevos-mundos", players=2)
    seat = ClassSeat(f"{server.url}/join/{room['code']}#forged-token", lang="en")
    assert seat.client is None and "opens no seat" in seat.said.value
