"""gamecore.ecosfera.explain: payments diagnosed in words, legality from the engine alone."""

from __future__ import annotations

import itertools
import random
import re

from test_widget_ecosfera import CLOUDBERRY, RED_OAT, SAXIFRAGE, SCOTS_PINE, D, el, solo

import gamecore
from gamecore.ecosfera import AcquirePlant, Ecosfera, TakeMissingElement
from gamecore.ecosfera.data import ELEMENTS, is_element
from gamecore.ecosfera.explain import (
    check_payment,
    element_words,
    in_words,
    name_of,
    payment_for,
    plants_paid_by,
    why_not_buyable,
)

CODE = re.compile(r"#\d|\b[PA]\d\d\b")


def test_a_payment_is_legal_exactly_when_the_engine_says_so() -> None:
    """Every subset of the free elements against every plant of the row, over many seeded
    positions: ``check_payment`` answers the engine's legal move, or a reason in words."""
    rng = random.Random(8)
    checked = 0
    for seed in range(6):
        game = gamecore.new_game("ecosfera", players=1, seed=seed)
        assert isinstance(game, Ecosfera)
        for _ in range(25):
            if game.is_over:
                break
            free = [c for c in game.lines[game.turn_player] if is_element(c) and c not in game.used]
            for k in range(1, len(free) + 1):
                for chosen in itertools.combinations(free, k):
                    for plant in (p for p in game.plant_row if p):
                        payment = check_payment(game, plant, chosen)
                        plain = AcquirePlant.paying(plant, chosen)
                        if game.why_illegal(plain) is None:
                            assert payment.move == plain
                        elif payment.move is not None:
                            assert isinstance(payment.move, TakeMissingElement)
                            assert game.why_illegal(payment.move) is None
                        else:
                            assert payment.reason and not CODE.search(payment.reason)
                        checked += 1
            game.play(rng.choice(game.legal_actions()))
    assert checked > 500


def test_plain_words_for_what_is_wrong() -> None:
    game = solo([el("earth"), el("water"), el("time"), D(1)]).game
    assert element_words([el("sun"), el("sun", 2), el("earth")]) == "earth and 2 sun"
    payment = check_payment(game, RED_OAT, [el("earth"), el("water")])
    assert payment.move is None
    assert payment.reason.startswith("Red oat grass costs sun and air; your selection")
    assert check_payment(game, SAXIFRAGE, [el("earth")]).missing == ELEMENTS.index("sun")
    assert [p.plant for p in plants_paid_by(game, [el("earth"), el("water")])] == [CLOUDBERRY]
    assert payment_for(game, SCOTS_PINE) is not None
    assert "takes only one element" in why_not_buyable(game, RED_OAT)


def test_engine_sentences_are_said_with_card_names() -> None:
    game = solo([el("earth")]).game
    assert (
        in_words(game.cards, "P01 is not a mushroom card") == "Scots pine is not a mushroom card."
    )
    assert name_of(game.cards, el("sun", 12)) == "sun"
