"""Moves and cards named the same way in every language, for the Ecosfera lessons.

A lesson's code cells are identical in English and Spanish, so they cannot name a move by
its English description ("buy Porcini") or a species by its common name, which is
translated. They name them instead by what never changes:

- a species by its **scientific name** (``"Boletus edulis"``, the porcini), which a biologist
  writes the same in every language; ``card`` also takes a card id ("P10") or a common name;
- a move by a **verb** from ``VERBS`` (Python-style identifiers, like the seat kinds "human"
  and "greedy") and the cards it involves::

      play(game, "buy", "Boletus edulis")
      play(game, "call", "Gulo gulo", "Picea abies")     # the animal, then the plant(s)
      play(game, "pair", "Canis lupus", turn_up="plus")  # two animals win biome tiles
      play(game, "mycorrhiza")
      play(game, "plus")                                 # the plus tile
      play(game, "plus", "Picea abies")                  # the plus symbol of a card
      play(game, "refresh", row="animals")               # or "plants"; a card as for plus
      play(game, "movement", "Betula pendula", to="Ben") # or to="deck" / to="supply"
      play(game, "movement", "sun", to="Carla", using="Betula pendula")
      play(game, "end_turn")

  Whatever is not said may be anything, as long as exactly one legal move fits.

Any other text is compared with the moves' descriptions in the notebook's language (so a
student may type ``play(game, "comprar Boletus")`` in a new cell of a Spanish lesson).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gamecore.ecosfera import (
    AcquireAnimal,
    AcquirePlant,
    ClaimBiomes,
    EndTurn,
    Move,
    Mycorrhiza,
    Plus,
    Refresh,
    TakeMissingElement,
    default_cards,
)
from gamecore.ecosfera.data import (
    ABILITIES,
    ELEMENT_OF,
    ELEMENTS,
    Animal,
    CardSet,
    Plant,
    species_name,
)
from gamecore.ecosfera.game import (
    ANIMAL_ROW,
    NO_TILE,
    OWN_DECK,
    PLANT_ROW,
    RECYCLE,
    TILE,
    Ecosfera,
)
from gamecore.protocol import Action
from gamecore.words import LANGUAGES, t

from .table_words import describe_action

VERBS = ("buy", "call", "pair", "mycorrhiza", "plus", "refresh", "movement", "end_turn")
"""The moves a lesson names by an identifier (see the module's docstring)."""

PLACES = {"deck": OWN_DECK, "supply": RECYCLE}
"""Where ``movement`` sends a card besides a teammate's line (``to=`` a player's name)."""

ROWS = {"plants": PLANT_ROW, "animals": ANIMAL_ROW}
"""The supply rows ``refresh`` renews (``row=``)."""


# ---------------------------------------------------------------------------- cards by name


def card(name: str, cards: CardSet | None = None) -> int:
    """The code of the plant, fungus or animal card with this name ("Canis lupus" -> 204).

    The scientific name, the card's id ("A04") and its common name in any language ("Grey
    wolf", "Lobo gris") all work, without regard to capitals.
    """
    cards = cards or default_cards()
    wanted = name.strip().casefold()
    every: tuple[Plant | Animal, ...] = (*cards.plants, *cards.animals)
    for c in every:
        if wanted in (c.latin.casefold(), c.id.casefold(), *_names(c)):
            return c.code
    near = [
        t("ecosfera_lessons.species", name=species_name(c), latin=c.latin)
        for c in every
        if any(wanted in n for n in (*_names(c), c.latin.casefold()))
    ]
    if near:
        raise ValueError(t("lessons.eco_no_card_near", name=name, near=", ".join(near)))
    raise ValueError(t("lessons.eco_no_card", name=name))


def _names(c: Plant | Animal) -> tuple[str, ...]:
    """A species' common names in every language, for comparing (capitals ignored)."""
    return tuple(species_name(c, lang).casefold() for lang in LANGUAGES)


def _card_or_element(game: Ecosfera, name: str) -> Callable[[int], bool]:
    """A test for a card of the line: the named species, or any card of the named element."""
    if name in ELEMENTS:
        element = ELEMENTS.index(name)
        return lambda code: ELEMENT_OF[code] == element
    code = card(name, game.cards)
    return lambda c: c == code


def _source(game: Ecosfera, using: str | None) -> int:
    """An ability's source: the player's tile, or the card whose symbol is used."""
    return TILE if using is None else card(using, game.cards)


# ---------------------------------------------------------------------------- moves by verb


def _fits(
    game: Ecosfera, verb: str, names: tuple[str, ...], **details: str | None
) -> Callable[[Action], bool]:
    """A test for the legal moves that ``verb`` with these cards and details describes."""
    codes = [card(n, game.cards) for n in names] if verb not in ("movement",) else []

    def involves(*cards: int) -> bool:
        return all(c in cards for c in codes)

    if verb == "buy":
        return lambda a: isinstance(a, (AcquirePlant, TakeMissingElement)) and involves(a.plant)
    if verb == "call":
        return lambda a: (
            isinstance(a, AcquireAnimal)
            and (not codes or a.animal == codes[0])
            and all(c in (a.plant_a, a.plant_b) for c in codes[1:])
        )
    if verb == "pair":
        turn_up = details.get("turn_up")
        tile = (
            None if turn_up is None else NO_TILE if turn_up == "none" else ABILITIES.index(turn_up)
        )
        return lambda a: (
            isinstance(a, ClaimBiomes)
            and involves(a.animal_a, a.animal_b)
            and (tile is None or a.reactivate == tile)
        )
    if verb == "mycorrhiza":
        return lambda a: isinstance(a, Mycorrhiza) and involves(a.tree, a.mushroom)
    if verb == "plus":
        source = codes[0] if codes else TILE
        return lambda a: isinstance(a, Plus) and a.source == source
    if verb == "refresh":
        source = codes[0] if codes else TILE
        row = details.get("row")
        return lambda a: (
            isinstance(a, Refresh) and a.source == source and (row is None or a.row == ROWS[row])
        )
    if verb == "movement":
        moved = _card_or_element(game, names[0]) if names else (lambda c: True)
        source = _source(game, details.get("using"))
        to = details.get("to")
        where = None if to is None else PLACES[to] if to in PLACES else _player(game, to)
        return lambda a: (
            isinstance(a, Move)
            and a.source == source
            and moved(a.card)
            and (where is None or a.to == where)
        )
    return lambda a: isinstance(a, EndTurn)


def _player(game: Ecosfera, name: str) -> int:
    if name not in game.players:
        raise ValueError(
            t("ecosfera_lessons.no_player", name=name, players=", ".join(game.players))
        )
    return game.players.index(name)


def _check(verb: str, details: dict[str, str | None]) -> None:
    """Refuse a detail or a value the verb does not know, with the choices."""
    known: dict[str, dict[str, tuple[str, ...] | None]] = {
        "pair": {"turn_up": (*ABILITIES, "none")},
        "refresh": {"row": tuple(ROWS)},
        "movement": {"to": None, "using": None},
    }
    allowed = known.get(verb, {})
    for key, value in details.items():
        if key not in allowed:
            raise ValueError(t("ecosfera_lessons.unknown_detail", verb=verb, detail=key))
        choices = allowed[key]
        if choices is not None and value not in choices:
            raise ValueError(
                t(
                    "ecosfera_lessons.unknown_value",
                    detail=key,
                    value=value,
                    values=", ".join(choices),
                )
            )


def find_move(game: Ecosfera, move: str, *names: str, **details: str | None) -> Action:
    """The one legal move that ``move`` names: a verb from ``VERBS`` with its cards and
    details, or words that a move's description contains (capitals and card codes ignored).

    Raises ValueError listing the candidates when no move or more than one move fits.
    """
    legal = game.legal_actions()
    asked = " ".join((move, *names, *(f"{k}={v}" for k, v in details.items())))
    if move in VERBS:
        _check(move, details)
        fits = _fits(game, move, names, **details)
        found = [(a, describe_action(game, a)) for a in legal if fits(a)]
    elif names or details:
        raise ValueError(t("ecosfera_lessons.unknown_verb", verb=move, verbs=", ".join(VERBS)))
    else:
        wanted = _comparable(move)
        texts = [(a, describe_action(game, a)) for a in legal]
        found = [(a, text) for a, text in texts if wanted in _comparable(text)]
        exact = [(a, text) for a, text in found if _comparable(text) == wanted]
        found = exact if len(exact) == 1 else found
    if len(found) == 1:
        return found[0][0]
    if not found:
        listed = "; ".join(dict.fromkeys(describe_action(game, a) for a in legal))
        raise ValueError(t("lessons.eco_no_move_fits", words=asked, moves=listed))
    listed = "; ".join(text for _, text in found)
    raise ValueError(t("lessons.eco_moves_fit", n=len(found), words=asked, moves=listed))


def _comparable(text: str) -> str:
    """Words as ``find_move`` compares them: capitals, extra spaces and card codes such as
    "(A03)" ignored, so a lesson's words fit whether or not a description names the codes."""
    return " ".join(re.sub(r"\([PA]\d\d\)", " ", text).split()).casefold()
