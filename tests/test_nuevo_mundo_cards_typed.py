"""Nuevo Mundo with the cards typed in from a real table (``cards="table"``, issue 21): every
card turned face up from the deck, and the card a defender hands over after a plunder, is
typed in (``CardDrawn``), as ``dice="table"`` does for the dice. The engine, the bots, the
conformance laws, the notebook table's two presses (a category, then a card's name) and the
class server's seat table. The decision is written in docs/rules/nuevo-mundo.md ("Dice and
cards at a real table")."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from pathlib import Path

import pytest
from nuevo_mundo_position import VIOLET, YELLOW, cards_of, name, refused, wins

import gamecore
from classroom.nuevo_mundo_table import NuevoMundoSeat
from classroom.rooms import RoomService
from classroom.store import SQLiteStore
from classroom.tables import Tables
from gamecore import make_bot, new_game, play_game
from gamecore.conformance import check_random_games
from gamecore.errors import Refusal
from gamecore.experiments import run_study
from gamecore.nuevo_mundo import NuevoMundo, NuevoMundoView
from gamecore.nuevo_mundo.actions import (
    Aim,
    Attack,
    CardDrawn,
    ColourRolled,
    EndTurn,
    Move,
    NumberRolled,
    PickCard,
    PlaceCA,
    PlaceCQ,
    Plunder,
    Settle,
    Tactic,
)
from gamecore.nuevo_mundo.bots import check_invariants, determinize
from gamecore.nuevo_mundo.data import CARDS, CATEGORIES
from gamecore.nuevo_mundo.events import event_text, history_lines
from gamecore.nuevo_mundo.game import DRAW, GREEN, NUMBER, ORDER, PICK, PLUNDER, PLUNDER_CARD
from gamecore.protocol import Chance
from gamecore.words import LANGUAGES, catalog, t
from widgets.nuevo_mundo.table import NuevoMundoTable

ALL = list(range(len(CARDS)))
F1, F2, F3 = cards_of("fruits", 3)
R1 = cards_of("riches", 1)[0]
S1, S2 = cards_of("seeds_roots", 2)
FRUITS = CATEGORIES.index("fruits")


def typed(players: int | tuple[str, ...] = ("Yellow", "Violet"), **options: object) -> NuevoMundo:
    """A new game on the examples map with typed dice and typed cards."""
    game = new_game(
        "nuevo-mundo",
        players=players,
        seed=11,
        scenario=options.pop("scenario", "examples"),
        dice=options.pop("dice", "table"),
        cards="table",
        **options,
    )
    assert isinstance(game, NuevoMundo)
    return game


def turned_over(game: NuevoMundo | NuevoMundoView) -> set[int]:
    """The cards the events say were turned face up (what every player saw)."""
    return {e[1] for e in game.events if e[0] == "turned_over"}


def random_game(seed: int, **options: object) -> tuple[NuevoMundo, list[NuevoMundo]]:
    """A seeded random game with typed cards (and typed dice unless told), played to its end,
    and a copy of the game at every step where a card waited to be typed in."""
    game = typed(
        players=options.pop("players", 3),
        scenario=options.pop("scenario", "antillas"),
        **options,
    )
    rng = random.Random(seed)
    waiting = []
    while not game.is_over:
        if game.pending in (DRAW, PLUNDER_CARD):
            waiting.append(game.clone())
        game.play(rng.choice(game.legal_actions()))
    return game, waiting


def card_text(card: int) -> str:
    """A card as the sentences say it: "Potato (Seeds and roots, 3 points)"."""
    found = CARDS[card]
    points = f"{found.points} point{'s' if found.points != 1 else ''}"
    return f"{found.title} ({t(f'nuevo_mundo_cards.category_{found.category}')}, {points})"


def button_text(card: int) -> str:
    """A card's button while it is typed in: "Potato (3 points)"."""
    found = CARDS[card]
    return f"{found.title} ({found.points} point{'s' if found.points != 1 else ''})"


def settlement_falls(second: int = F2) -> NuevoMundo:
    """Reached by moves alone (so it saves, loads and undoes): violet holds F1 (for entering
    in DT) and ``second`` (F2 or S1, for completing a settlement in BT, left with its 2 CA
    alone); yellow's 6 CQ take that settlement and yellow is to choose the category."""
    game = typed()
    for card in (F1, F2, R1):
        game.play(CardDrawn(card))
    game.play(NumberRolled(6))
    game.play(NumberRolled(1))
    at, bt, dt = (name(game, r) for r in ("AT", "BT", "DT"))
    game.play(Settle(at))
    game.play(PickCard(2))  # yellow: R1
    game.play(CardDrawn(S1))
    game.play(Settle(dt))
    game.play(PickCard(0))  # violet: F1
    game.play(CardDrawn(S2))
    assert game.face_up == [F2, S1, S2]
    violet_turns = [
        [PlaceCQ(dt, 3), Aim(dt, bt), ColourRolled(GREEN), Move(5)],
        [PlaceCA(bt), PlaceCQ(bt, 1)],
        [PlaceCA(bt), PickCard(game.face_up.index(second)), CardDrawn(F3), PlaceCQ(dt, 1)]
        + [Aim(bt, dt), ColourRolled(GREEN), Move(6)],
    ]
    for turn in violet_turns:
        game.play(PlaceCQ(at, game.credits))  # yellow
        game.play(EndTurn())
        for action in turn:
            game.play(action)
        game.play(EndTurn())
    assert sorted(game.hands[VIOLET]) == sorted([F1, second]) and game.force(bt, VIOLET) == 2
    assert game.turn_player == YELLOW
    game.play(PlaceCQ(at, game.credits))
    for action in (Aim(at, bt), ColourRolled(GREEN), Move(6), Attack(bt)):
        game.play(action)
    winner, loser = wins("double", 2)  # 6 against 2 CA: the settlement falls
    game.play(Tactic(winner))
    game.play(Tactic(loser))
    assert game.pending == PLUNDER and game.current_player == YELLOW
    return game


def plunder_waits() -> NuevoMundo:
    """Violet holds two Fruits cards and yellow chose Fruits: violet says which went."""
    game = settlement_falls()
    game.play(Plunder(FRUITS))
    return game


# ------------------------------------------------------------------------------ the option


def test_the_option_is_checked_in_words_and_written_only_when_typed() -> None:
    assert "cards" not in new_game("nuevo-mundo", players=2, seed=1).options
    assert "cards" not in new_game("nuevo-mundo", players=2, seed=1, dice="table").options
    assert typed().options["cards"] == "table"
    with pytest.raises(ValueError, match='Cards must be "engine"'):
        new_game("nuevo-mundo", players=2, seed=1, cards="real")
    with pytest.raises(ValueError, match="cards"):
        run_study("nuevo-mundo", games=1, cards="table")  # a bot would choose the card


def test_the_table_is_laid_out_card_by_card_then_the_dice_decide_the_order() -> None:
    game = typed()
    assert game.stage == ORDER and game.pending == DRAW and game.current_player == 0
    assert game.face_up == [] and game.legal_actions() == [CardDrawn(c) for c in ALL]
    assert not any(isinstance(e, Chance) and e.kind == "deck" for e in game.log)
    for card in (F1, F2, R1):
        game.play(CardDrawn(card))
    assert game.face_up == [F1, F2, R1] and len(game.deck) == len(CARDS) - 3
    assert game.pending == NUMBER  # typed dice: the order roll waits now
    engine_dice = typed(dice="engine")
    for card in (F1, F2, R1):
        engine_dice.play(CardDrawn(card))
    assert engine_dice.stage == "enter"  # the engine threw the order at once


def test_a_card_taken_waits_for_the_card_turned_over_which_closes_the_row() -> None:
    game = typed()
    for card in (F1, F2, R1):
        game.play(CardDrawn(card))
    game.play(NumberRolled(6))
    game.play(NumberRolled(1))
    game.play(Settle(name(game, "AT")))
    assert game.pending == PICK
    game.play(PickCard(0))
    assert game.hands[YELLOW] == [F1] and game.face_up == [F2, R1]
    assert game.pending == DRAW and game.current_player == YELLOW
    game.play(CardDrawn(S1))
    assert game.face_up == [F2, R1, S1] and game.current_player == VIOLET
    assert history_lines(game)[0] == f"{card_text(S1)} was turned face up from the deck."


def test_a_winning_card_asks_for_no_card_after_it() -> None:
    """The game ends the moment the card arrives: nobody turns the next one over."""
    fours = [c for c in ALL if CARDS[c].points == 4]
    game = typed()
    for card in fours[:3]:
        game.play(CardDrawn(card))
    game.play(NumberRolled(6))
    game.play(NumberRolled(1))
    game.play(Settle(name(game, "AT")))
    twos = [c for c in ALL if CARDS[c].points == 2 and c not in game.face_up]
    held = fours[3:] + twos[:2]  # 16 points, dealt by hand: this game is not replayed
    for card in held:
        game.deck.remove(card)
    game.hands[YELLOW] = list(held)
    check_invariants(game)
    game.play(PickCard(0))
    assert game.is_over and game.victory in ("points", "categories") and game.pending == ""
    assert len(game.face_up) == 2 and game.legal_actions() == []


def test_legal_actions_are_exactly_the_cards_never_face_up() -> None:
    game, waiting = random_game(3)
    assert game.is_over and waiting
    for position in waiting:
        if position.pending != DRAW:
            continue
        elsewhere = {c for hand in position.hands for c in hand}
        elsewhere |= set(position.face_up) | set(position.gone)
        deck = [c for c in ALL if c not in elsewhere]
        assert position.legal_actions() == [CardDrawn(c) for c in deck]
        assert set(deck) == set(ALL) - turned_over(position)  # what everyone saw
        assert sorted(position.deck) == deck


def test_a_whole_game_with_typed_cards_and_dice_replays_exactly_from_its_log() -> None:
    game, _ = random_game(5)
    kinds = Counter(a.kind for _, a in game.moves())
    assert kinds["card_drawn"] >= 5 and kinds["number_rolled"] >= 3 and kinds["colour_rolled"]
    assert not [e for e in game.log if isinstance(e, Chance)]  # every chance was typed in
    loaded = gamecore.load_json(game.to_json())
    assert loaded == game and loaded.options["cards"] == "table"
    again = typed(players=3, scenario="antillas")
    for _, action in game.moves():
        again.play(action)
    assert again == game and again.events == game.events


def test_a_wrong_card_is_refused_in_words_and_changes_nothing() -> None:
    game = typed()
    refused(game, CardDrawn(len(CARDS)), "There is no card 40", "0 to 39")
    refused(game, CardDrawn(-1), "There is no card -1")
    for card in (F1, F2, R1):
        game.play(CardDrawn(card))
    refused(game, CardDrawn(S1), "First Yellow throws the numeric die")
    game.play(NumberRolled(6))
    game.play(NumberRolled(1))
    game.play(Settle(name(game, "AT")))
    refused(game, CardDrawn(S1), "takes one of the face-up")
    game.play(PickCard(0))
    assert game.why_illegal(CardDrawn(S1)) is None
    reason = refused(game, CardDrawn(F1), CARDS[F1].title, "is not in the deck")
    assert isinstance(reason, Refusal) and reason.key == "nuevo_mundo.card_not_in_deck"
    assert "no está en el mazo" in reason.in_language("es")
    refused(game, CardDrawn(F2), "not in the deck")  # face up
    refused(game, PickCard(0), "turns the top card of the deck face up")
    played = len(game.log)
    game.play(CardDrawn(S1))
    assert len(game.log) == played + 1 and game.current_player == VIOLET
    refused(game, CardDrawn(S2), "No card is waiting to be typed in now")


def test_every_new_sentence_is_in_both_catalogs() -> None:
    keys = {
        *(f"nuevo_mundo.{k}" for k in ("waiting_draw", "waiting_plunder_card")),
        *(f"nuevo_mundo.{k}" for k in ("no_moment_card_drawn", "no_card", "bad_cards")),
        *(f"nuevo_mundo.{k}" for k in ("card_not_in_deck", "card_not_handed")),
        *(f"nuevo_mundo.{k}" for k in ("action_card_drawn", "card_words", "card_number")),
        *(f"nuevo_mundo_events.{k}" for k in ("turned_over", "plunder_choice")),
        "nuevo_mundo_events.plunder_choice_you",
        "nuevo_mundo_events.plunder_choice_from_you",
        *(f"nuevo_mundo_table.{k}" for k in ("ask_draw", "ask_plunder_card", "card_category")),
        *(f"nuevo_mundo_table.{k}" for k in ("typed_card", "other_category", "which_card")),
        "nuevo_mundo_table.which_category",
        *(f"classroom_nuevo_mundo.{k}" for k in ("waiting_card", "waiting_plunder_card")),
        "classroom_nuevo_mundo.waiting_plunder_card_yours",
    }
    for lang in LANGUAGES:
        assert not keys - set(catalog(lang)), (lang, sorted(keys - set(catalog(lang))))
    assert str(CardDrawn(F1)) == f"the card drawn is {card_text(F1)}"
    assert str(CardDrawn(99)) == "the card drawn is card 99"


# ------------------------------------------------------------------------- the plunder typed in


def test_the_defender_says_which_card_of_the_chosen_category_went() -> None:
    game = plunder_waits()
    assert game.pending == PLUNDER_CARD and game.current_player == VIOLET
    assert game.turn_player == YELLOW
    assert game.legal_actions() == [CardDrawn(c) for c in sorted([F1, F2])]
    refused(game, CardDrawn(R1), "is not one of the defender's Fruits cards")
    refused(game, Plunder(FRUITS), "says which of their cards")
    lines = history_lines(game, viewer=VIOLET)
    assert lines[0] == "Yellow chose one of Violet's Fruits cards; Violet says which card it is."
    game.play(CardDrawn(F2))
    assert F2 in game.hands[YELLOW] and game.hands[VIOLET] == [F1]
    assert game.events[-2][:4] == ("plunder", YELLOW, VIOLET, F2)
    # a spectator reads the category only, as before
    assert event_text(game, game.events[-2]) == "Yellow took a card (Fruits) from Violet."
    assert not game.pending and game.current_player == YELLOW
    check_invariants(game)


def test_one_card_of_the_category_goes_without_typing() -> None:
    game = settlement_falls(second=S1)
    assert sorted(game.hands[VIOLET]) == sorted([F1, S1])
    game.play(Plunder(FRUITS))
    assert game.pending == "" and F1 in game.hands[YELLOW] and game.hands[VIOLET] == [S1]
    assert game.events[-2] == ("plunder", YELLOW, VIOLET, F1)


def test_a_plunder_waiting_for_its_card_is_saved_undone_and_guessed_alike() -> None:
    game = plunder_waits()
    assert gamecore.load_json(game.to_json()) == game
    before = game.clone()
    game.play(CardDrawn(F1))
    game.undo()
    assert game == before
    for player in (YELLOW, VIOLET):
        guess = determinize(game.view(player), random.Random(player))
        check_invariants(guess)
        assert guess.view(player) == game.view(player)
    guess = determinize(game.view(VIOLET), random.Random(2))
    assert guess.legal_actions() == game.legal_actions()  # the defender knows their cards


def test_the_view_has_nothing_new() -> None:
    """No new field in a view: the deck's cards are known anyway (every card that left it was
    seen face up), and the category of a plunder waiting for its card is in the events."""
    fields = {f.name for f in dataclasses.fields(NuevoMundoView)}
    assert not fields & {"deck", "b_category", "category", "draw_slot"}
    game = plunder_waits()
    view = game.view(YELLOW)
    assert view.deck_size == len(game.deck) and view.hand == tuple(game.hands[YELLOW])
    assert view.events[-1] == ("plunder_choice", YELLOW, VIOLET, FRUITS)
    for waiting in random_game(7)[1]:
        for player in range(len(waiting.players)):
            guess = determinize(waiting.view(player), random.Random(player))
            assert guess.view(player) == waiting.view(player)
            if player == waiting.current_player:
                assert guess.legal_actions() == waiting.legal_actions()


# ------------------------------------------------------------------------- conformance and bots


@pytest.mark.parametrize("dice", ["table", "engine"])
def test_the_conformance_laws_hold_with_typed_cards(dice: str) -> None:
    report = check_random_games(
        "nuevo-mundo",
        players=2,
        seeds=range(2),
        scenario="teaching",
        dice=dice,
        cards="table",
        rounds=3,
    )
    assert report.games == 2 and report.refusals_checked > 0
    setups = gamecore.GAMES["nuevo-mundo"].conformance
    assert any(s.options.get("cards") == "table" for s in setups)


def test_bots_type_the_cards_as_they_throw_the_dice() -> None:
    """A bot in a seat turns its cards over (any card the deck may hold), as it throws its
    dice, so a class can seat a bot beside the real board."""
    game = typed(players=3, scenario="antillas", rounds=4)
    kinds: Counter[str] = Counter()
    play_game(
        game,
        [make_bot(k, seed=i) for i, k in enumerate(["greedy", "equilibrium", "random"])],
        on_move=lambda g, p, a: kinds.update([a.kind]),
    )
    assert game.is_over
    assert kinds["card_drawn"] >= 5 and kinds["number_rolled"] >= 3


def test_default_games_are_unchanged() -> None:
    """The engine's own deck: shuffled as before, three cards face up, the slot refilled."""
    game = new_game("nuevo-mundo", players=2, seed=7, scenario="teaching", dice="table")
    assert len(game.face_up) == 3 and game.pending == NUMBER
    assert [e.kind for e in game.log if isinstance(e, Chance)] == ["deck"]


# ------------------------------------------------------------------------- the notebook table


def test_the_table_types_a_card_by_its_category_then_its_name() -> None:
    table = NuevoMundoTable(
        2, seats=("human", "human"), names=("Ana", "Bruno"), seed=3, dice="table", cards="table"
    )
    game = table.game
    assert game.pending == DRAW
    assert "turn the top card of the deck face up" in table.status.text
    labels = [c.label for c in table.choices()]
    assert labels[0] == "Seeds and roots (7 cards)" and len(labels) == len(CATEGORIES)
    assert table.key(str(FRUITS + 1)) and game.pending == DRAW  # a key presses a category
    assert "Fruits: now press the card's name." in table.status.text
    fruits = [c for c in ALL if CARDS[c].category == "fruits"]
    labels = [c.label for c in table.choices()]
    assert labels == [*(button_text(c) for c in fruits), "Another category"]
    table.choose(len(labels) - 1)  # back to the categories
    assert len(table.choices()) == len(CATEGORIES)
    table.choose(FRUITS)
    assert table.choose(1)  # the second Fruits card
    assert game.face_up == [fruits[1]] and table.model.category is None
    assert table.history[-1] == f"{card_text(fruits[1])} was turned face up from the deck."
    assert "Fruits (6 cards)" in [c.label for c in table.choices()]
    # the list of moves in words (the keyboard's way) holds every card of the deck too
    assert len(table.moves_list.options) == len(CARDS) - 1
    table.moves_list.value = 0
    assert table.play_listed() and game.face_up[-1] == 0
    assert table.model.undo_target() == (
        None,
        "Undo stops at the last card drawn: everyone has seen it.",
    )
    table.play(CardDrawn(fruits[0]))
    assert game.pending == NUMBER and len(game.face_up) == 3


def test_the_table_offers_only_the_categories_still_in_the_deck() -> None:
    game = typed()
    animals = [c for c in ALL if CARDS[c].category == "animals"]
    for card in animals:  # out of the game, set by hand: this game is not replayed
        game.deck.remove(card)
    game.gone = list(animals)
    check_invariants(game)
    table = NuevoMundoTable.from_game(game, seats=("human", "human"))
    labels = [c.label for c in table.choices()]
    assert len(labels) == len(CATEGORIES) - 1 and not [lb for lb in labels if "Animals" in lb]


def test_the_defender_types_the_card_handed_over_at_the_table() -> None:
    table = NuevoMundoTable.from_game(settlement_falls(), seats=("human", "human"))
    game = table.game
    assert table.play(Plunder(FRUITS)) and game.pending == PLUNDER_CARD
    assert table.model.hidden()  # the defender's own cards: the screen is handed over
    assert [c.label for c in table.choices()] == ["I am Violet: show my screen"]
    table.choose(0)
    assert "Yellow took one of your Fruits cards: press which one it was" in table.status.text
    labels = [c.label for c in table.choices()]  # one category: no press for it
    assert labels == [button_text(c) for c in sorted([F1, F2])]
    assert table.choose(labels.index(button_text(F1)))
    assert F1 in game.hands[YELLOW] and game.pending != PLUNDER_CARD
    assert table.model.undo_target()[0] is None  # a card handed over cannot be taken back


# ------------------------------------------------------------------------- the class server


def test_a_seat_page_types_the_card_with_named_buttons() -> None:
    game = typed()
    seat = NuevoMundoSeat(game, 0)
    kinds = [b.kind for b in seat.buttons()]
    assert f"cards_of:{FRUITS}" in kinds and kinds[:6] == [f"cards_of:{c}" for c in range(6)]
    said = seat.press(f"cards_of:{FRUITS}")
    assert said == "Fruits: now press the card's name."
    kinds = [b.kind for b in seat.buttons()]
    assert f"card_drawn:{F1}" in kinds and "categories" in kinds
    assert seat.press(f"card_drawn:{F1}") == CardDrawn(F1)
    other = NuevoMundoSeat(game, 1)
    assert other.status() == "Waiting for Yellow: typing in the card turned face up from the deck."
    assert not [b for b in other.buttons() if b.kind.startswith("cards_of")]


def test_the_defenders_page_types_the_card_handed_over() -> None:
    game = plunder_waits()
    defender, attacker = NuevoMundoSeat(game, VIOLET), NuevoMundoSeat(game, YELLOW)
    assert attacker.status() == ("Waiting for Violet: saying which of their Fruits cards you took.")
    kinds = [b.kind for b in defender.buttons()]
    assert kinds[:2] == [f"card_drawn:{c}" for c in sorted([F1, F2])]
    assert defender.press(f"card_drawn:{F2}") == CardDrawn(F2)
    assert not [b for b in attacker.buttons() if b.kind.startswith("card_drawn")]


def test_a_room_with_typed_cards_is_played_from_the_seats_pages(tmp_path: Path) -> None:
    """Through the class server's tables and store: the category pressed stays chosen on the
    seat's own page until the card's button plays it for the room."""
    service = RoomService(SQLiteStore(tmp_path / "class.sqlite3"))
    tables = Tables(service, "en")
    options = {"scenario": "teaching", "dice": "table", "cards": "table"}
    made = service.create("nuevo-mundo", 2, seed=4, options=options)
    code, tokens = made.code, made.tokens
    page = tables.table(code, tokens[0])
    assert [b["kind"] for b in page["buttons"]][:2] == ["cards_of:0", "cards_of:1"]
    assert tables.table(code, tokens[1])["status"].startswith("Waiting for Player 1: typing")
    played, answer = tables.press(code, tokens[0], 0, f"cards_of:{FRUITS}")
    assert not played and answer["said"] == "Fruits: now press the card's name."
    assert f"card_drawn:{F1}" in [b["kind"] for b in answer["table"]["buttons"]]
    played, answer = tables.press(code, tokens[0], 0, f"card_drawn:{F1}")
    assert played and answer["said"] == f"{card_text(F1)} was turned face up from the deck."
    game = service.game(code)
    assert isinstance(game, NuevoMundo) and game.face_up == [F1] and game.pending == DRAW
    assert answer["table"]["buttons"][0]["kind"] == "cards_of:0"  # asked afresh
