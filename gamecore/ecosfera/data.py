"""Ecosfera components: the numbers the rulebook prints, and the cards read from ``cards.json``.

The rulebook prints how many cards there are but not the cards themselves, so the plant &
fungi and animal cards live in ``cards.json`` (replace that file with the printed cards; no
code changes). ``default_cards()`` reads and checks it the first time a game needs it;
``parse_cards(data)`` checks any card list in the same shape (the tests build small ones).

``cards.json`` is written in English. A file beside it per other language
(``cards.es.json``) gives each card's common name and fact in that language, by card id;
``species_name(card)`` and ``species_fact(card)`` read them in the language of the moment,
and ``scientific_name(card)`` is the same in every language.

Every card is a small integer code everywhere in the engine, the same for every card list:

- plant & fungi card ``P07`` is 107, animal card ``A03`` is 203;
- element cards are 301-360, twelve per element in the order earth, water, time, sun, air
  (earth 301-312, water 313-324, ...); cards of one element are identical;
- disaster cards are 401-450 (all identical).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any, Final

from ..words import LANGUAGES, get_language, t

# ---------------------------------------------------------------------------- printed numbers

BIOMES: Final = ("taiga", "temperate_forest", "desert", "savanna", "tropical", "aquatic", "tundra")
ELEMENTS: Final = ("earth", "water", "time", "sun", "air")
ABILITIES: Final = ("plus", "refresh", "movement")
PLUS: Final = 0
REFRESH: Final = 1
MOVEMENT: Final = 2
KINDS: Final = ("tree", "plant", "mushroom")

NUMBER_OF_PLANTS: Final = 30
NUMBER_OF_ANIMALS: Final = 25
ELEMENT_CARDS_PER_ELEMENT: Final = 12
DISASTER_CARDS: Final = 50
BIOME_TILES: Final = 7
EXTINCTION_TILES: Final = 7
LINE_SIZE: Final = 4
"""Cards opened into a line at the end of each turn."""
ROW_SIZE: Final = 4
"""Face-up cards in each supply row (plants & fungi, animals)."""
STARTING_DISASTERS: Final = 2
LEVELS = (1, 2, 3, 4, 5)
SOLO_ELEMENT_CARDS = (12, 11, 10, 9, 8)
"""Cards of each element in a solo game, per level, counting the player's own starting card."""
TEAM_ELEMENT_CARDS = (8, 7, 6, 5, 4)
"""Cards of each element in a 2-4 player game, per level, before one per player is added."""
THREE_OF_A_KIND: Final = 3
"""Three cards of one element, or three disasters, on a line end the turn."""
OPENING_CATASTROPHE = 4
"""Four disasters in a freshly opened line cost three extinction tiles."""
OPENING_CATASTROPHE_TILES = 3

LEVEL_POINTS = (10, 20, 30, 40, 50)
"""Points for the difficulty level (the rulebook prints 30 for level 5: see the rules page)."""
PRINTED_HARDEST_LEVEL_POINTS = 30
BIOME_TILE_POINTS = 50
ALL_BIOMES_POINTS = 350
UNPLACED_EXTINCTION_POINTS = 20
SUPPLY_ELEMENT_POINTS = 1
CHALLENGES = ("zero_waste_master", "anonymous", "monk", "extinction_rebel")
CHALLENGE_POINTS = {"zero_waste_master": 20, "anonymous": 20, "monk": 40, "extinction_rebel": 100}
REBEL_EXTINCTION_TILES = 6
"""The Extinction Rebel starts with all but one extinction tile already placed."""

# ---------------------------------------------------------------------------- card codes

PLANT_BASE: Final = 100
ANIMAL_BASE: Final = 200
ELEMENT_BASE: Final = 300
DISASTER_BASE: Final = 400
CODE_LIMIT: Final = DISASTER_BASE + DISASTER_CARDS + 1
"""Every card code is below this (tables indexed by code have this length)."""

ALL_DISASTERS: Final[tuple[int, ...]] = tuple(
    range(DISASTER_BASE + 1, DISASTER_BASE + DISASTER_CARDS + 1)
)


def element_code(element: int, copy: int) -> int:
    """The code of the ``copy``-th card (1-12) of ``element`` (0-4)."""
    return ELEMENT_BASE + element * ELEMENT_CARDS_PER_ELEMENT + copy


def is_element(code: int) -> bool:
    return ELEMENT_BASE < code <= ELEMENT_BASE + len(ELEMENTS) * ELEMENT_CARDS_PER_ELEMENT


def is_disaster(code: int) -> bool:
    return DISASTER_BASE < code <= DISASTER_BASE + DISASTER_CARDS


def is_plant(code: int) -> bool:
    return PLANT_BASE < code < ANIMAL_BASE


def is_animal(code: int) -> bool:
    return ANIMAL_BASE < code < ELEMENT_BASE


ELEMENT_OF: Final[tuple[int, ...]] = tuple(
    (c - ELEMENT_BASE - 1) // ELEMENT_CARDS_PER_ELEMENT if is_element(c) else -1
    for c in range(CODE_LIMIT)
)
"""The element (0-4) of each card code, -1 for a card that is not an element card."""


def card_label(code: object) -> str:
    """A card's code name, the same for every card list: P07, A03, water#2, disaster#5 (for
    saves, reprs and debugging; sentences use ``card_words``)."""
    if isinstance(code, bool) or not isinstance(code, int):
        return repr(code)
    if is_plant(code):
        return f"P{code - PLANT_BASE:02d}"
    if is_animal(code):
        return f"A{code - ANIMAL_BASE:02d}"
    if is_element(code):
        element, copy = divmod(code - ELEMENT_BASE - 1, ELEMENT_CARDS_PER_ELEMENT)
        return f"{ELEMENTS[element]}#{copy + 1}"
    if is_disaster(code):
        return f"disaster#{code - DISASTER_BASE}"
    return f"card {code}"


def biome_names(mask: int) -> list[str]:
    """The biome names in a biome bit mask (bit b is biome b), in rulebook order."""
    return [BIOMES[b] for b in range(len(BIOMES)) if mask >> b & 1]


def biome_label(biome: int) -> str:
    """A biome's name in words ("temperate forest"), in the chosen language."""
    return t(f"ecosfera.biome_{BIOMES[biome]}")


def element_name(element: int) -> str:
    """An element's name in words ("water"), in the chosen language."""
    return t(f"ecosfera.element_{ELEMENTS[element]}")


def ability_name(ability: int) -> str:
    """An ability's name in words ("movement"), in the chosen language."""
    return t(f"ecosfera.ability_{ABILITIES[ability]}")


def card_words(code: int) -> str:
    """A card as a sentence names it: "a sun card", "a disaster card", or the printed code
    of a plant & fungi or animal card ("P07"; a table adds its name from the card list).

    Cards of one element are identical, so their copy number (``card_label``'s "sun#12")
    is bookkeeping that a player never sees.
    """
    if is_element(code):
        return t(f"ecosfera.element_card_{ELEMENTS[ELEMENT_OF[code]]}")
    if is_disaster(code):
        return t("ecosfera.disaster_card")
    return card_label(code)


def element_count(level: int, players: int) -> int:
    """How many cards of each element are in the game (the players' starting cards included)."""
    if players == 1:
        return SOLO_ELEMENT_CARDS[level - 1]
    return TEAM_ELEMENT_CARDS[level - 1] + players


def supply_at_start(level: int, players: int) -> int:
    """Cards of each element left in the element decks once every player has taken theirs."""
    return element_count(level, players) - players


# ---------------------------------------------------------------------------- the card list


@dataclass(frozen=True)
class Translation:
    """A card's common name and fact in one language (from ``cards.<lang>.json``)."""

    lang: str
    name: str
    fact: str


@dataclass(frozen=True)
class Plant:
    """A plant & fungi kingdom card: biomes at the top, element cost at the bottom."""

    id: str
    code: int
    name: str
    latin: str
    kind: str
    """"tree", "plant" or "mushroom"."""
    biomes: tuple[str, ...]
    cost: tuple[int, ...]
    """Element cards needed, one count per element in ELEMENTS order."""
    abilities: tuple[str, ...]
    mushroom_symbol: bool
    fact: str
    translations: tuple[Translation, ...] = ()
    """The name and fact in other languages than cards.json's (read ``species_name``)."""


@dataclass(frozen=True)
class Animal:
    """An animal kingdom card: the biomes where it lives."""

    id: str
    code: int
    name: str
    latin: str
    biomes: tuple[str, ...]
    abilities: tuple[str, ...]
    fact: str
    translations: tuple[Translation, ...] = ()
    """The name and fact in other languages than cards.json's (read ``species_name``)."""


def _translation(card: Plant | Animal, lang: str | None) -> Translation | None:
    lang = lang or get_language()
    return next((tr for tr in card.translations if tr.lang == lang), None)


def species_name(card: Plant | Animal, lang: str | None = None) -> str:
    """The card's common name in ``lang`` (default: the language of the moment): "Pino
    silvestre" in Spanish, "Scots pine" in English (cards.json's own name where a language
    has none)."""
    found = _translation(card, lang)
    return found.name if found else card.name


def species_fact(card: Plant | Animal, lang: str | None = None) -> str:
    """The card's fact in ``lang`` (default: the language of the moment)."""
    found = _translation(card, lang)
    return found.fact if found else card.fact


def scientific_name(card: Plant | Animal) -> str:
    """The species' scientific name ("Pinus sylvestris"), the same in every language."""
    return card.latin


@dataclass(frozen=True, eq=False)
class CardSet:
    """A checked card list with lookup tables by card code (built by ``parse_cards``)."""

    plants: tuple[Plant, ...]
    animals: tuple[Animal, ...]
    biome_labels: Mapping[str, str]
    provenance: Mapping[str, Any]
    biome_mask: tuple[int, ...]
    """Biome bit mask of each card code (0 for element and disaster cards)."""
    cost: tuple[tuple[int, ...], ...]
    """Element cost of each plant code (empty for other cards)."""
    abilities: tuple[tuple[int, ...], ...]
    """Ability symbols (PLUS, REFRESH, MOVEMENT) of each card code."""
    symbol_trees: frozenset[int]
    """Trees that show the mushroom symbol."""
    mushrooms: frozenset[int]

    @property
    def plant_codes(self) -> tuple[int, ...]:
        return tuple(p.code for p in self.plants)

    @property
    def animal_codes(self) -> tuple[int, ...]:
        return tuple(a.code for a in self.animals)

    def card(self, code: int) -> Plant | Animal:
        """The plant or animal card with this code, or a ValueError."""
        if is_plant(code) and code - PLANT_BASE <= len(self.plants):
            return self.plants[code - PLANT_BASE - 1]
        if is_animal(code) and code - ANIMAL_BASE <= len(self.animals):
            return self.animals[code - ANIMAL_BASE - 1]
        raise ValueError(t("ecosfera.card_not_in_list", card=card_label(code)))

    def exists(self, code: object) -> bool:
        """Whether ``code`` is a card of this card list (any kind)."""
        if isinstance(code, bool) or not isinstance(code, int):
            return False
        if is_plant(code):
            return code - PLANT_BASE <= len(self.plants)
        if is_animal(code):
            return code - ANIMAL_BASE <= len(self.animals)
        return is_element(code) or is_disaster(code)

    def describe(self, code: int) -> str:
        """A card for people: "P01 Scots pine, Pinus sylvestris (tree; taiga; earth 1, ...)"."""
        if not (is_plant(code) or is_animal(code)) or not self.exists(code):
            return card_words(code)
        card = self.card(code)
        biomes = ", ".join(biome_label(BIOMES.index(b)) for b in card.biomes)
        extra = [
            t("ecosfera.symbol_on_card", ability=ability_name(ABILITIES.index(a)))
            for a in card.abilities
        ]
        if isinstance(card, Plant):
            cost = ", ".join(
                t("ecosfera.cost_item", element=element_name(e), n=n)
                for e, n in enumerate(card.cost)
                if n
            )
            if card.mushroom_symbol:
                extra.append(t("ecosfera.mushroom_symbol_on_card"))
            parts = [t(f"ecosfera.kind_{card.kind}"), biomes, cost, *extra]
        else:
            parts = [t("ecosfera.kind_animal"), biomes, *extra]
        return t(
            "ecosfera.card_described",
            id=card.id,
            name=species_name(card),
            latin=scientific_name(card),
            facts="; ".join(parts),
        )

    def name(self, code: int) -> str:
        """A plant or animal card's common name in the language of the moment."""
        return species_name(self.card(code))

    def card_words(self, code: int) -> str:
        """A card as a table names it: "Porcini (P10)", "a sun card", "a disaster card"."""
        if (is_plant(code) or is_animal(code)) and self.exists(code):
            return t("ecosfera.named_card", name=self.name(code), id=card_label(code))
        return card_words(code)


def _text(where: str, value: object, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(t("ecosfera.cards_text", where=where, key=repr(key)))
    return value


def _names(where: str, value: object, known: Sequence[str], what: str) -> tuple[str, ...]:
    """A list of names out of ``known``, each at most once (``what`` they are: element,
    ability or biome)."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(t(f"ecosfera.cards_{what}_list", where=where))
    unknown = [v for v in value if v not in known]
    if unknown:
        raise ValueError(
            t(
                f"ecosfera.cards_{what}_unknown",
                where=where,
                name=repr(unknown[0]),
                known=", ".join(known),
            )
        )
    if len(set(value)) != len(value):
        raise ValueError(t(f"ecosfera.cards_{what}_twice", where=where))
    return tuple(value)


def _ids(cards: object, prefix: str, what: str, exact: int | None) -> list[dict[str, Any]]:
    """The cards of one kind (``what``: plants or animals), numbered in order."""
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        raise ValueError(t(f"ecosfera.cards_{what}_not_a_list"))
    if exact is not None and len(cards) != exact:
        raise ValueError(t(f"ecosfera.cards_{what}_count", exact=exact, n=len(cards)))
    if not 1 <= len(cards) <= 99:
        raise ValueError(t(f"ecosfera.cards_{what}_count_range", n=len(cards)))
    for i, card in enumerate(cards, start=1):
        if card.get("id") != f"{prefix}{i:02d}":
            raise ValueError(
                t(
                    f"ecosfera.cards_{what}_id",
                    i=i,
                    id=f"{prefix}{i:02d}",
                    given=repr(card.get("id")),
                )
            )
    return cards


def _plant(raw: dict[str, Any], code: int) -> Plant:
    where = t("ecosfera.cards_where_plant", id=raw["id"])
    kind = raw.get("kind")
    if kind not in KINDS:
        raise ValueError(
            t("ecosfera.cards_kind", where=where, kind=repr(kind), kinds=", ".join(KINDS))
        )
    cost_raw = raw.get("cost")
    if not isinstance(cost_raw, dict):
        raise ValueError(t("ecosfera.cards_cost", where=where))
    _names(t("ecosfera.cards_where_cost", where=where), list(cost_raw), ELEMENTS, "element")
    for element, n in cost_raw.items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(t("ecosfera.cards_cost_whole", where=where, element=element))
    cost = tuple(cost_raw.get(e, 0) for e in ELEMENTS)
    if not sum(cost):
        raise ValueError(t("ecosfera.cards_cost_empty", where=where))
    symbol = raw.get("mushroom_symbol")
    if not isinstance(symbol, bool):
        raise ValueError(t("ecosfera.cards_symbol_not_bool", where=where))
    if symbol and kind != "tree":
        raise ValueError(
            t("ecosfera.cards_symbol_not_tree", where=where, kind=t(f"ecosfera.kind_{kind}"))
        )
    return Plant(
        id=raw["id"],
        code=code,
        name=_text(where, raw.get("name"), "name"),
        latin=_text(where, raw.get("latin"), "latin"),
        kind=kind,
        biomes=_biomes(where, raw.get("biomes")),
        cost=cost,
        abilities=_names(where, raw.get("abilities"), ABILITIES, "ability"),
        mushroom_symbol=symbol,
        fact=_text(where, raw.get("fact"), "fact"),
    )


def _animal(raw: dict[str, Any], code: int) -> Animal:
    where = t("ecosfera.cards_where_animal", id=raw["id"])
    return Animal(
        id=raw["id"],
        code=code,
        name=_text(where, raw.get("name"), "name"),
        latin=_text(where, raw.get("latin"), "latin"),
        biomes=_biomes(where, raw.get("biomes")),
        abilities=_names(where, raw.get("abilities"), ABILITIES, "ability"),
        fact=_text(where, raw.get("fact"), "fact"),
    )


def _biomes(where: str, value: object) -> tuple[str, ...]:
    biomes = _names(where, value, BIOMES, "biome")
    if not biomes:
        raise ValueError(t("ecosfera.cards_no_biome", where=where))
    return biomes


def _mask(biomes: Sequence[str]) -> int:
    return sum(1 << BIOMES.index(b) for b in biomes)


def parse_cards(
    data: Mapping[str, Any],
    *,
    printed_counts: bool = True,
    translations: Mapping[str, Mapping[str, Any]] | None = None,
) -> CardSet:
    """Check a card list in the ``cards.json`` shape and build its lookup tables.

    With ``printed_counts`` the list must hold the rulebook's 30 plant & fungi and 25
    animal cards; without it any number from 1 to 99 of each is accepted (small lists for
    tests and lessons). ``translations``: language -> the ``cards.<lang>.json`` data.
    Raises ValueError naming the first problem.
    """
    if not isinstance(data, Mapping):
        raise ValueError(t("ecosfera.cards_not_an_object"))
    for key, printed in (("biomes", BIOMES), ("elements", ELEMENTS), ("abilities", ABILITIES)):
        if tuple(data.get(key, ())) != printed:
            raise ValueError(t("ecosfera.cards_not_printed", key=key, printed=", ".join(printed)))
    labels = data.get("biome_labels")
    if not isinstance(labels, dict) or set(labels) != set(BIOMES):
        raise ValueError(t("ecosfera.cards_biome_labels"))
    plants_raw = _ids(
        data.get("plants"), "P", "plants", NUMBER_OF_PLANTS if printed_counts else None
    )
    animals_raw = _ids(
        data.get("animals"), "A", "animals", NUMBER_OF_ANIMALS if printed_counts else None
    )
    plants = tuple(_plant(raw, PLANT_BASE + i) for i, raw in enumerate(plants_raw, start=1))
    animals = tuple(_animal(raw, ANIMAL_BASE + i) for i, raw in enumerate(animals_raw, start=1))
    if translations:
        ids = {p.id for p in plants} | {a.id for a in animals}
        found = _translations(translations, ids)
        plants = tuple(replace(p, translations=found.get(p.id, ())) for p in plants)
        animals = tuple(replace(a, translations=found.get(a.id, ())) for a in animals)
    biome_mask = [0] * CODE_LIMIT
    cost: list[tuple[int, ...]] = [()] * CODE_LIMIT
    abilities: list[tuple[int, ...]] = [()] * CODE_LIMIT
    every: tuple[Plant | Animal, ...] = (*plants, *animals)
    for card in every:
        biome_mask[card.code] = _mask(card.biomes)
        abilities[card.code] = tuple(ABILITIES.index(a) for a in card.abilities)
    for plant in plants:
        cost[plant.code] = plant.cost
    provenance = data.get("provenance", {})
    return CardSet(
        plants=plants,
        animals=animals,
        biome_labels=dict(labels),
        provenance=dict(provenance) if isinstance(provenance, dict) else {},
        biome_mask=tuple(biome_mask),
        cost=tuple(cost),
        abilities=tuple(abilities),
        symbol_trees=frozenset(p.code for p in plants if p.mushroom_symbol),
        mushrooms=frozenset(p.code for p in plants if p.kind == "mushroom"),
    )


def _translations(
    translations: Mapping[str, Mapping[str, Any]], ids: set[str]
) -> dict[str, tuple[Translation, ...]]:
    """Card id -> its names and facts in other languages, checked: every entry names a
    card of the list and gives a non-empty name and fact (a card left out keeps the
    cards.json words)."""
    found: dict[str, list[Translation]] = {}
    for lang, data in translations.items():
        where = f"cards.{lang}.json"
        entries = data.get("cards") if isinstance(data, Mapping) else None
        if not isinstance(entries, Mapping):
            raise ValueError(t("ecosfera.cards_translation_not_an_object", file=where))
        for card_id, entry in entries.items():
            if card_id not in ids:
                raise ValueError(
                    t("ecosfera.cards_translation_unknown", file=where, id=repr(card_id))
                )
            if not isinstance(entry, Mapping):
                raise ValueError(t("ecosfera.cards_translation_entry", file=where, id=card_id))
            name = _text(f"{where}: {card_id}", entry.get("name"), "name")
            fact = _text(f"{where}: {card_id}", entry.get("fact"), "fact")
            found.setdefault(card_id, []).append(Translation(lang, name, fact))
    return {card_id: tuple(words) for card_id, words in found.items()}


def _read_with_translations(folder: Any, name: str) -> tuple[Any, dict[str, Any]]:
    """``name`` (a card list) read from ``folder`` (a Path or a package's resources), and
    the ``<stem>.<lang>.json`` files beside it: language -> their data."""
    stem, _, suffix = name.rpartition(".")
    data = json.loads(folder.joinpath(name).read_text(encoding="utf-8"))
    translations = {}
    for lang in LANGUAGES[1:]:
        beside = folder.joinpath(f"{stem}.{lang}.{suffix}")
        if beside.is_file():
            translations[lang] = json.loads(beside.read_text(encoding="utf-8"))
    return data, translations


def load_cards(path: str | Path, *, printed_counts: bool = True) -> CardSet:
    """Read and check a card list from a JSON file, with the ``<name>.<lang>.json`` files
    beside it (``cards.es.json`` for ``cards.json``) for its words in other languages."""
    path = Path(path)
    data, translations = _read_with_translations(path.parent, path.name)
    return parse_cards(data, printed_counts=printed_counts, translations=translations)


_DEFAULT: list[CardSet] = []


def default_cards() -> CardSet:
    """The card list in the package's ``cards.json`` (and its ``cards.<lang>.json``),
    read and checked once."""
    if not _DEFAULT:
        data, translations = _read_with_translations(resources.files(__package__), "cards.json")
        _DEFAULT.append(parse_cards(data, translations=translations))
    return _DEFAULT[0]
