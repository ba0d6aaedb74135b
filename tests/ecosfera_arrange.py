"""White-box set-ups for Ecosfera tests: put chosen cards in chosen places of a game.

Shared by the rule tests and the widget tests. ``arrange`` moves the cards it replaces back
home (their supply deck, or the disaster deck), takes the wanted cards from wherever they
are, refills the supply rows as play would, and checks the game's invariants afterwards.
"""

from __future__ import annotations

from gamecore.ecosfera import card_label
from gamecore.ecosfera.bots import check_invariants
from gamecore.ecosfera.data import ELEMENTS, is_element


def _home(g, code):
    """Send a card back to where it starts: its supply deck (bottom) or the disaster deck."""
    if 100 < code < 200:
        g.plant_deck.insert(0, code)
    elif 200 < code < 300:
        g.animal_deck.insert(0, code)
    elif is_element(code):
        g.element_decks[ELEMENTS.index(card_label(code).split("#")[0])].insert(0, code)
    else:
        g.disaster_deck.append(code)


def _take_out(g, code):
    for row in (g.plant_row, g.animal_row):
        if code in row:
            row[row.index(code)] = 0
            return
    for place, cards in g.locations():
        if "row" not in place and code in cards:
            cards.remove(code)
            return
    raise AssertionError(f"{card_label(code)} is nowhere")


def arrange(g, *, player=None, line=None, deck=None, discard=None, plant_row=None, animal_row=None):
    """White-box: put chosen cards in chosen places (decks given top card first); the
    cards replaced go home. The game's invariants still hold afterwards."""
    p = g.turn_player if player is None else player
    for attr, wanted in (("lines", line), ("decks", deck), ("discards", discard)):
        if wanted is None:
            continue
        pile = getattr(g, attr)[p]
        for code in list(pile):
            pile.remove(code)
            _home(g, code)
        for code in wanted:
            _take_out(g, code)
        pile.extend(reversed(wanted) if attr == "decks" else wanted)
    for row, wanted in ((g.plant_row, plant_row), (g.animal_row, animal_row)):
        if wanted is None:
            continue
        for i, code in enumerate(row):
            if code:
                row[i] = 0
                _home(g, code)
        for code in wanted:
            if code:
                _take_out(g, code)
        row[:] = list(wanted)
    g._refill_rows()  # a card taken out of a row is replaced, as in play
    check_invariants(g)
    return g
