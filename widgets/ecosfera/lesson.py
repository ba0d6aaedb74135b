"""Small helpers that keep the Ecosfera lesson cells short.

- a game: ``solo_game(seed, level)`` (one player, "you" in the lesson's language);
- pictures: ``picture(game)`` (the table now, as the lesson's game shows it),
  ``components()`` (one of every kind of piece), ``card_gallery(codes)`` and
  ``biome_gallery(biome)`` (the cards of one biome);
- the table in words: ``table_words(game)`` (rows, decks, tiles and every line);
- a guided turn in words: ``choices(game)`` (what each possible move would do),
  ``play(game, verb, *cards)`` (play that move and say what happened),
  ``what_if(game, verb, *cards)`` (the same on a copy: the game does not change),
  ``why_not(game, action)`` (why the engine refuses a move),
  ``idle_until_lost(game)`` (what doing nothing costs), ``line_words(game)``,
  ``card(name)`` (a species' code) and ``facts(*names)`` (the facts printed with cards);
- scores: ``team_score(sheet)`` (the team's score sheet in sentences);
- tables (text in a terminal, HTML in a notebook): ``supply_table()`` (element cards per level
  and team size) and the ecology lesson's ``species_table()``, ``cost_groups()``,
  ``element_needs()``, ``animal_links()``, ``biome_links()``, ``food_links()``,
  ``mycorrhiza_partners()`` and ``game_and_nature()``.

A lesson's code is the same in every language, so it names a species by its scientific name
and a move by a verb (``play(game, "buy", "Boletus edulis")``; ``lesson_moves`` lists the
verbs); the answers speak the lesson's language. Everything here only reads the game, except
``play``, which plays exactly one legal move. Every word comes from the catalog
(``gamecore/words/<lang>/lessons.json`` and ``ecosfera_lessons.json``); answers are ``Notes``
(lines that show as text, never as a Python list), and printed sentences wrap between words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from gamecore.ecosfera import (
    OWN_DECK,
    EndTurn,
    Move,
    Plus,
    Refresh,
    default_cards,
    element_name,
)
from gamecore.ecosfera import biome_label as biome_words
from gamecore.ecosfera.data import (
    ABILITIES,
    BIOMES,
    ELEMENTS,
    EXTINCTION_TILES,
    LEVELS,
    CardSet,
    element_code,
    species_fact,
    species_name,
    supply_at_start,
)
from gamecore.ecosfera.explain import in_words
from gamecore.ecosfera.game import Ecosfera
from gamecore.ecosfera.scoring import TEAM
from gamecore.nuevos_mundos.earth import Table
from gamecore.protocol import Action
from gamecore.scoresheet import ScoreSheet
from gamecore.words import join_words, t

from ..notes import Notes, wrap
from ..palette import INK, MUTED, PAPER
from ..scene import Scene, Shape, Text
from ..svg import Picture
from ..words import is_you
from .cards import (
    CARD_H,
    CARD_W,
    ability_tile,
    biome_star,
    card_face,
    eco_icon,
    extinction_puzzle,
)
from .lesson_moves import card, find_move
from .table import EcosferaTable
from .table_words import describe_action, describe_move, hint_items
from .table_words import line_words as line_words  # a lesson helper too
from .table_words import table_words as table_words  # a lesson helper too

GAP = 14
"""Space between two cards of a gallery."""
CAPTION_H = 34
"""Room under a gallery card for its caption (two short lines)."""


# ---------------------------------------------------------------------------- cards by name


def biome_label(biome: str) -> str:
    """A biome's name for people ("temperate_forest" -> "Temperate forest"; in Spanish
    "Bosque templado"), from the catalog."""
    return _cap(biome_words(BIOMES.index(_biome(biome))))


def _biome(biome: str) -> str:
    key = biome.strip().lower().replace(" ", "_")
    if key not in BIOMES:
        raise ValueError(t("lessons.eco_no_biome", biome=biome, biomes=", ".join(BIOMES)))
    return key


def solo_game(seed: int | None = None, level: int = 1) -> Ecosfera:
    """A solo game whose one player is "you" in the lesson's language ("You", "Tú"), the
    default human of the tables."""
    return Ecosfera((t("table.you_name"),), seed=seed, level=level)


# ---------------------------------------------------------------------------- pictures


def picture(game: Ecosfera, select: Iterable[int] = (), hints: bool = False) -> Picture:
    """The table now, as the player to move sees it (everything in Ecosfera is public).

    ``select``: cards of the turn player's line to show selected (the plants they pay for
    are marked); ``hints``: mark every possible acquisition, as “What can I do?” does.
    """
    table = EcosferaTable.from_game(game, seats=("human",) * len(game.players))
    for code in select:
        table.select(code)
    if hints:
        table.show_hints()
    return table.snapshot()


def _caption(x: float, y: float, lines: Sequence[str], id: str) -> list[Shape]:
    return [
        Text(
            id=f"{id}-caption{k}",
            x=x,
            y=y + 14 * k,
            text=line,
            size=12,
            anchor="middle",
            fill=INK if k == 0 else MUTED,
            bold=k == 0,
        )
        for k, line in enumerate(lines)
    ]


def card_gallery(
    codes: Sequence[int | None],
    title: str = "",
    captions: Sequence[str | Sequence[str]] | None = None,
    per_row: int = 7,
    cards: CardSet | None = None,
) -> Picture:
    """Card faces in rows of ``per_row`` (a ``None`` among the codes starts a new row), each
    with an optional caption under it (a text, or two lines)."""
    cards = cards or default_cards()
    faces = [c for c in codes if c is not None]
    if captions is not None and len(captions) != len(faces):
        raise ValueError(t("lessons.eco_captions", n=len(faces), given=len(captions)))
    places: list[tuple[int, int]] = []
    row = col = 0
    for code in codes:
        if code is None:
            row, col = (row + 1, 0) if col else (row, col)
            continue
        if col == per_row:
            row, col = row + 1, 0
        places.append((row, col))
        col += 1
    columns = max([c + 1 for _, c in places] or [1])
    rows = max([r + 1 for r, _ in places] or [1])
    top = 36 if title else 12
    cell_h = CARD_H + (CAPTION_H if captions is not None else 12)
    width = 2 * GAP + columns * CARD_W + (columns - 1) * GAP
    scene = Scene(
        width=int(max(width, 360)),
        height=int(top + rows * cell_h + 8),
        background=PAPER,
        title=title or t("lessons.eco_cards_title"),
    )
    if title:
        scene.add(Text(id="gallery-title", x=GAP, y=18, text=title, size=15, fill=INK, bold=True))
    for i, (code, (r, c)) in enumerate(zip(faces, places)):
        x = GAP + c * (CARD_W + GAP)
        y = top + r * cell_h
        scene.extend(card_face(code, cards, x, y, id=f"g{i}"))
        if captions is not None:
            caption = captions[i]
            lines = [caption] if isinstance(caption, str) else list(caption)
            scene.extend(_caption(x + CARD_W / 2, y + CARD_H + 12, lines[:2], f"g{i}"))
    return Picture(scene)


def _label(x: float, y: float, text: str, id: str, *, size: float = 14) -> Text:
    return Text(id=id, x=x, y=y, text=text, size=size, fill=INK, bold=True)


def components(cards: CardSet | None = None) -> Picture:
    """One of every kind of Ecosfera piece, with its name: element cards, plant & fungi cards
    (a plant, a tree with the mushroom symbol, a mushroom), animal cards, a disaster card,
    the card symbols, the three ability tiles (face up, and one face down), the biome tiles
    and the extinction tiles."""
    cards = cards or default_cards()
    step = CARD_W + GAP
    # seven cards wide (868 px): a laptop's notebook column at 1366x768 is about 920 px
    scene = Scene(width=7 * step + GAP, height=830, background=PAPER, title=t("lessons.eco_pieces"))

    def row(
        y: float, title: str, codes: Sequence[int], notes: Sequence[Sequence[str]], x0: float
    ) -> None:
        scene.add(_label(x0, y, title, f"row-{y:.0f}-{x0:.0f}"))
        for k, (code, note) in enumerate(zip(codes, notes)):
            x = x0 + k * step
            scene.extend(card_face(code, cards, x, y + 16, id=f"c{y:.0f}-{x:.0f}"))
            scene.extend(_caption(x + CARD_W / 2, y + CARD_H + 30, note, f"c{y:.0f}-{x:.0f}"))

    elements = [element_code(e, 1) for e in range(len(ELEMENTS))]
    names = [[element_name(e)] for e in range(len(ELEMENTS))]
    row(14, t("lessons.eco_pieces_elements"), elements, names, GAP)
    disaster = [[t("lessons.eco_pieces_disaster"), t("lessons.eco_pieces_disaster_note")]]
    row(14, t("lessons.eco_pieces_disasters"), [401], disaster, GAP + 5 * step + 20)
    plants = [card(n, cards) for n in ("Reindeer lichen", "Scots pine", "Fly agaric")]
    notes = [
        [t("lessons.eco_pieces_plant"), t("lessons.eco_pieces_cost")],
        [t("lessons.eco_pieces_tree"), t("lessons.eco_pieces_mushroom_symbol")],
        [t("lessons.eco_pieces_mushroom")],
    ]
    row(250, t("lessons.eco_pieces_plants"), plants, notes, GAP)
    animals = [card(n, cards) for n in ("Reindeer", "Eurasian beaver")]
    wide = len(cards.card(animals[1]).biomes)
    animal = t("lessons.eco_pieces_animal")
    notes = [
        [animal, t("lessons.eco_pieces_biomes_at_bottom")],
        [animal, t("lessons.eco_pieces_lives_in", n=wide)],
    ]
    row(250, t("lessons.eco_pieces_animals"), animals, notes, GAP + 3 * step + 20)
    x = GAP + 5 * step + 20
    scene.add(_label(x, 250, t("lessons.eco_pieces_symbols"), "row-symbols"))
    for k, name in enumerate(("plus", "refresh", "movement", "mushroom")):
        words = t(f"lessons.eco_symbol_{name}")
        scene.extend(eco_icon(name, x, 272 + 38 * k, 26, f"symbol-{name}"))
        scene.add(Text(id=f"symbol-{name}-name", x=x + 34, y=285 + 38 * k, text=words, size=12,
                       fill=INK))  # fmt: skip
    y = 500
    scene.add(_label(GAP, y, t("lessons.eco_pieces_abilities"), "row-abilities"))
    for k in range(len(ABILITIES)):
        scene.extend(ability_tile(k, True, GAP, y + 22 + 40 * k, id=f"ability{k}"))
    scene.extend(ability_tile(0, False, GAP, y + 142, id="ability-used"))
    scene.extend(_caption(GAP + 62, y + 190, [t("lessons.eco_pieces_face_down")], "ability-used"))
    scene.add(_label(GAP + 2 * step, y, t("lessons.eco_pieces_biome_tiles"), "row-biomes"))
    scene.extend(biome_star([0, 5], GAP + 3 * step + 40, y + 150, id="star"))
    placed = [t("lessons.eco_pieces_placed", n=2, of=7)]
    scene.extend(_caption(GAP + 3 * step + 40, y + 270, placed, "star-note"))
    scene.add(_label(GAP + 5 * step + 40, y, t("lessons.eco_pieces_extinction"), "row-ext"))
    scene.extend(extinction_puzzle(2, GAP + 6 * step + 40, y + 120, id="extinction"))
    lost = [*placed, t("lessons.eco_pieces_extinction_note")]
    scene.extend(_caption(GAP + 6 * step + 40, y + 190, lost, "extinction-note"))
    return Picture(scene)


def species(biome: str, cards: CardSet | None = None) -> tuple[list[int], list[int]]:
    """The plant & fungi cards and the animal cards that live in ``biome``, in card order."""
    cards = cards or default_cards()
    key = _biome(biome)
    plants = [p.code for p in cards.plants if key in p.biomes]
    animals = [a.code for a in cards.animals if key in a.biomes]
    return plants, animals


def biome_gallery(biome: str, cards: CardSet | None = None) -> Picture:
    """Every card that lives in one biome: its plants & fungi, then its animals."""
    cards = cards or default_cards()
    plants, animals = species(biome, cards)
    title = t(
        "lessons.eco_biome_gallery",
        biome=biome_label(biome),
        plants=t("lessons.eco_plant_cards", n=len(plants)),
        animals=t("lessons.eco_animal_cards", n=len(animals)),
    )
    return card_gallery([*plants, None, *animals], title, per_row=7, cards=cards)


# ---------------------------------------------------------------------------- a guided turn


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _ability_groups(game: Ecosfera) -> list[str]:
    """The ability moves, one line per tile or card symbol (the movement targets summed up)."""
    groups: dict[tuple[type, int], list[Action]] = {}
    for action in game.legal_actions():
        if isinstance(action, (Plus, Refresh, Move)):
            groups.setdefault((type(action), action.source), []).append(action)
    lines = []
    for (kind, _), actions in groups.items():
        first = describe_action(game, actions[0], named=True)
        source = _cap(first.split(":")[0])
        if kind is Plus:
            lines.append(_cap(first))
        elif kind is Refresh:
            lines.append(t("lessons.eco_refresh_choice", source=source))
        else:
            moves = [a for a in actions if isinstance(a, Move)]
            places = (
                [t("lessons.eco_move_own_deck")] if any(a.to == OWN_DECK for a in moves) else []
            )
            places += [
                t("lessons.eco_move_to", name=game.players[q])
                for q in sorted({a.to for a in moves if a.to >= 0})
            ]
            places.append(t("lessons.eco_move_recycle"))
            where = t("lessons.eco_or").join([", ".join(places[:-1]), places[-1]])
            where = where if len(places) > 1 else places[0]
            n = len({a.card for a in moves})
            lines.append(t("lessons.eco_move_choice", n=n, source=source, where=where))
    return lines


def choices(game: Ecosfera) -> Notes:
    """What the player to move can do now, in words: every acquisition (what each would
    buy, call or win), the abilities they can still use, and what ending the turn brings."""
    if game.is_over:
        return Notes([t("lessons.eco_game_over", outcome=game.describe_outcome())])
    name = game.players[game.turn_player]
    if is_you(name):
        notes = Notes([t("ecosfera_lessons.choices_head_you", turn=game.turns + 1)])
    else:
        notes = Notes([t("lessons.eco_choices_head", name=name, turn=game.turns + 1)])
    items = hint_items(game)
    notes += [f"  • {item}" for item in items] or [f"  • {t('lessons.eco_nothing_to_acquire')}"]
    abilities = _ability_groups(game)
    if abilities:
        notes.append(t("lessons.eco_abilities_head"))
        notes += [f"  • {line}" for line in abilities]
    notes.append(t("lessons.eco_end_safe" if game.achieved else "lessons.eco_end_disaster"))
    return notes


def _sentence(before: Ecosfera, after: Ecosfera, action: Action) -> str:
    return describe_move(before, after, before.turn_player, action)


def play(game: Ecosfera, move: str, *names: str, **details: str | None) -> None:
    """Play the legal move named (``find_move``: a verb with its cards, or words of its
    description) and print what happened, in sentences (with everything that followed by
    itself)."""
    action = find_move(game, move, *names, **details)
    before = game.clone()
    game.play(action)
    print(wrap(_sentence(before, game, action)))


def what_if(game: Ecosfera, move: str, *names: str, **details: str | None) -> None:
    """Print what the move named (as ``play`` names it) would do, played on a copy: the game
    itself does not change (a peek, as in a thought experiment)."""
    action = find_move(game, move, *names, **details)
    copy = game.clone()
    copy.play(action)
    print(wrap(t("lessons.eco_what_if", sentence=_sentence(game, copy, action))))
    print(wrap(t("lessons.eco_only_a_copy")))


def why_not(game: Ecosfera, action: Action) -> Notes:
    """Why the engine refuses ``action`` now, in its own words (or that it is allowed)."""
    reason = game.why_illegal(action)
    if reason is None:
        return Notes([t("lessons.eco_move_allowed")])
    reason = in_words(game.cards, reason)  # card names, never the engine's codes ("P03")
    return Notes([reason[:1].upper() + reason[1:]])


def idle_until_lost(game: Ecosfera) -> Notes:
    """What happens if, from now on, every turn is ended at once (played on a copy): the
    turns that place extinction tiles, and how the game ends."""
    copy = game.clone()
    notes = Notes([t("lessons.eco_idle_head", turn=copy.turns + 1)])
    last = copy.turns + 1
    while not copy.is_over:
        first, tiles = copy.turns + 1, copy.extinction_tiles
        copy.play(EndTurn())
        # a new line opened with three disasters ends that turn at once: count it too
        last = max(first, copy.turns)
        if copy.extinction_tiles > tiles:
            turns = (
                t("lessons.eco_turn", turn=first)
                if last == first
                else t("lessons.eco_turns", first=first, last=last)
            )
            notes.append(
                "  "
                + t(
                    "lessons.eco_idle_extinction",
                    turns=turns,
                    n=copy.extinction_tiles,
                    of=EXTINCTION_TILES,
                )
            )
    outcome = copy.outcome
    if outcome is not None and outcome.ending == "team_lost":
        notes.append(t("ecosfera_lessons.idle_lost", turn=last))
    else:
        notes.append(t("ecosfera_lessons.idle_other", turn=last, outcome=copy.describe_outcome()))
    return notes


def team_score(sheet: ScoreSheet) -> Notes:
    """The team's score sheet in sentences: its total, then each category with its points
    and the reasons (the sheet's one player is the team, which the sentences name as such)."""
    notes = Notes([t("ecosfera_lessons.team_total", n=sheet.total(TEAM))])
    for category in sheet.categories:
        rows = sheet.rows_for(TEAM, category)
        notes.append(f"  {sheet.title(category)}: {sum(r.points for r in rows)}")
        notes += [f"    {r.reason}" for r in rows]
    return notes


# ---------------------------------------------------------------------------- ecology tables


def facts(*names: str, cards: CardSet | None = None) -> Notes:
    """The fact printed with each named card, after its Latin name and the biomes the card
    shows: "Grey wolf (Canis lupus; taiga, tundra): ..."."""
    cards = cards or default_cards()
    notes = Notes()
    for name in names:
        c = cards.card(card(name, cards))
        where = ", ".join(biome_label(b).lower() for b in c.biomes)
        notes.append(
            t(
                "lessons.eco_fact",
                name=species_name(c),
                latin=c.latin,
                biomes=where,
                fact=species_fact(c),
            )
        )
    return notes


def supply_table() -> Table:
    """Cards of each element in the supply decks at the start, by number of players and level
    (the players' own starting cards are not counted)."""
    rows = []
    for n in range(1, 5):
        who = t("lessons.eco_solo") if n == 1 else t("lessons.eco_players", n=n)
        rows.append((who, *(str(supply_at_start(level, n)) for level in LEVELS)))
    headers = ("", *(t("lessons.eco_level_column", level=level) for level in LEVELS))
    return Table(headers, tuple(rows), "eco-lesson-table")


def species_table(cards: CardSet | None = None) -> Table:
    """Each biome with the plants & fungi and the animals that live there (a card may live
    in several biomes, so it may appear in several rows)."""
    cards = cards or default_cards()
    rows = []
    for b in BIOMES:
        plants, animals = species(b, cards)
        rows.append(
            (
                biome_label(b),
                ", ".join(species_name(cards.card(c)) for c in plants),
                ", ".join(species_name(cards.card(c)) for c in animals),
            )
        )
    headers = (
        t("lessons.eco_col_biome"),
        t("lessons.eco_col_plants"),
        t("lessons.eco_col_animals"),
    )
    return Table(headers, tuple(rows), css_class="eco-lesson-table")


COST_ORDER = ("water", "sun", "earth", "air", "time")
"""The order the elements of a cost are named in: first the two that nearly every card needs."""


def _cost_words(cost: Sequence[int]) -> str:
    parts = []
    for name in COST_ORDER:
        n = cost[ELEMENTS.index(name)]
        element = element_name(ELEMENTS.index(name))
        if n:
            parts.append(element if n == 1 else t("lessons.eco_n_elements", n=n, element=element))
    return " + ".join(parts) or t("lessons.eco_costs_nothing")


def cost_groups(cards: CardSet | None = None) -> Table:
    """The plant & fungi cards grouped by what they cost (the most common cost first), with
    the kinds of card in each group."""
    cards = cards or default_cards()
    groups: dict[str, list[Any]] = {}
    for p in cards.plants:
        groups.setdefault(_cost_words(p.cost), []).append(p)
    rows = []
    for words, plants in sorted(groups.items(), key=lambda g: -len(g[1])):
        kinds = sorted({p.kind for p in plants}, key=("tree", "plant", "mushroom").index)
        names = ", ".join(species_name(p) for p in plants)
        kind_words = ", ".join(t(f"lessons.eco_kind_{kind}") for kind in kinds)
        rows.append((words, str(len(plants)), kind_words, names))
    headers = (
        t("lessons.eco_col_cost"),
        t("lessons.eco_col_cards"),
        t("lessons.eco_col_kinds"),
        t("lessons.eco_col_which"),
    )
    return Table(headers, tuple(rows), "eco-lesson-table")


def element_needs(cards: CardSet | None = None) -> Table:
    """For each biome, the element cards its plant & fungi cards cost in total."""
    cards = cards or default_cards()
    rows = []
    for b in BIOMES:
        plants = [p for p in cards.plants if b in p.biomes]
        totals = [sum(p.cost[e] for p in plants) for e in range(len(ELEMENTS))]
        top = max(totals)
        most = [element_name(e) for e, n in enumerate(totals) if n == top]
        rows.append((biome_label(b), str(len(plants)), *(str(n) for n in totals), join_words(most)))
    headers = (
        t("lessons.eco_col_biome"),
        t("lessons.eco_col_plant_cards"),
        *(element_name(e) for e in range(len(ELEMENTS))),
        t("lessons.eco_col_needed_most"),
    )
    return Table(headers, tuple(rows), css_class="eco-lesson-table")


ANIMAL_LINKS: dict[str, tuple[str, str]] = {
    "Lynx lynx": ("range", "eurasian_lynx"),
    "Rangifer tarandus": ("migration", "reindeer"),
    "Gulo gulo": ("range", "wolverine"),
    "Canis lupus": ("range", "grey_wolf"),
    "Castor fiber": ("water", "eurasian_beaver"),
    "Inia geoffrensis": ("water", "amazon_river_dolphin"),
    "Loxodonta africana": ("range", "african_savanna_elephant"),
    "Struthio camelus": ("range", "common_ostrich"),
    "Suricata suricatta": ("range", "meerkat"),
}
"""How each animal that lives in more than one biome (by scientific name, the same in every
language) links them: by ``migration``, by living between ``water`` and land, or by a wide
``range``; the reason is in the catalog (``lessons.eco_link_<key>``). Only the animals whose
*cards* show several biomes are here: the hippopotamus lives between water and savanna, but
its card shows only the savanna (lesson 4 says so beside its fact)."""


def animal_links(cards: CardSet | None = None) -> Table:
    """The animals that live in more than one biome: the biomes they link, and why."""
    cards = cards or default_cards()
    rows = []
    for a in cards.animals:
        if len(a.biomes) < 2:
            continue
        biomes = " + ".join(biome_label(b) for b in a.biomes)
        if a.latin not in ANIMAL_LINKS:  # another card list (the printed cards, say)
            where = join_words([biome_label(b).lower() for b in a.biomes])
            kind, why = (
                t("lessons.eco_link_kind_unknown"),
                t("lessons.eco_no_link_reason", biomes=where),
            )
        else:
            link, key = ANIMAL_LINKS[a.latin]
            kind, why = t(f"lessons.eco_link_kind_{link}"), t(f"lessons.eco_link_{key}")
        rows.append((species_name(a), biomes, kind, why))
    headers = (
        t("lessons.eco_col_animal"),
        t("lessons.eco_col_links"),
        t("lessons.eco_col_link_kind"),
        t("lessons.eco_col_why"),
    )
    return Table(headers, tuple(rows), "eco-lesson-table")


def biome_links(cards: CardSet | None = None) -> Table:
    """How many animal cards live in both biomes of each pair (the diagonal: in the biome)."""
    cards = cards or default_cards()
    short = [biome_label(b) for b in BIOMES]
    rows = []
    for b in BIOMES:
        counts = [sum(1 for a in cards.animals if b in a.biomes and c in a.biomes) for c in BIOMES]
        rows.append((biome_label(b), *(str(n) if n else "·" for n in counts)))
    return Table(("", *short), tuple(rows), "eco-lesson-table")


FOOD_LINKS: tuple[tuple[str, str, str], ...] = (
    ("Giraffa camelopardalis", "Vachellia tortilis", "giraffe_umbrella_thorn_acacia"),
    ("Camelus dromedarius", "Vachellia tortilis", "dromedary_umbrella_thorn_acacia"),
    ("Loxodonta africana", "Vachellia tortilis", "african_savanna_elephant_umbrella_thorn_acacia"),
    ("Rangifer tarandus", "Cladonia rangiferina", "reindeer_reindeer_lichen"),
    ("Rangifer tarandus", "Salix arctica", "reindeer_arctic_willow"),
    ("Canis lupus", "Rangifer tarandus", "grey_wolf_reindeer"),
    ("Gulo gulo", "Rangifer tarandus", "wolverine_reindeer"),
    ("Vulpes lagopus", "Ursus maritimus", "arctic_fox_polar_bear"),
    ("Panthera onca", "Hydrochoerus hydrochaeris", "jaguar_capybara"),
    ("Castor fiber", "Betula pendula", "eurasian_beaver_silver_birch"),
    ("Oophaga pumilio", "Guzmania lingulata", "strawberry_poison_frog_scarlet_star_bromeliad"),
    ("Lucanus cervus", "Quercus robur", "european_stag_beetle_english_oak"),
    ("Amanita muscaria", "Betula pendula", "mycorrhiza"),
    ("Boletus edulis", "Pinus sylvestris", "mycorrhiza"),
    ("Amanita zambiana", "Brachystegia spiciformis", "mycorrhiza"),
)
"""Links between cards, by scientific name: who eats, or lives with, whom; how is in the
catalog (``lessons.eco_food_<key>``, our own words)."""


def food_links(cards: CardSet | None = None) -> Table:
    """Who eats, or lives with, whom, among the species on the cards (a card list without
    one of these species is refused with the species' name)."""
    cards = cards or default_cards()
    rows = []
    for who, whom, how in FOOD_LINKS:
        eater, eaten = (cards.card(card(name, cards)) for name in (who, whom))
        rows.append((species_name(eater), species_name(eaten), t(f"lessons.eco_food_{how}")))
    headers = (t("lessons.eco_col_species"), t("lessons.eco_col_eats"), t("lessons.eco_col_how"))
    return Table(headers, tuple(rows), "eco-lesson-table")


def mycorrhiza_partners(cards: CardSet | None = None) -> Table:
    """Every tree with the mushroom symbol and every mushroom it shares a biome with: the
    pairs that can mycorrhize in the game, and the biome tiles they would win."""
    cards = cards or default_cards()
    trees = [p for p in cards.plants if p.mushroom_symbol]
    mushrooms = [p for p in cards.plants if p.kind == "mushroom"]
    rows = []
    for tree in trees:
        for m in mushrooms:
            shared = [b for b in BIOMES if b in tree.biomes and b in m.biomes]
            if shared:
                rows.append(
                    (species_name(tree), species_name(m), ", ".join(biome_label(b) for b in shared))
                )
    headers = (t("lessons.eco_col_tree"), t("lessons.eco_col_mushroom"), t("lessons.eco_col_won"))
    return Table(headers, tuple(rows), "eco-lesson-table")


GAME_AND_NATURE: tuple[str, ...] = (
    "element_cards",
    "plant_fungi_cards",
    "the_biomes_on_a_card",
    "two_plants_call_an_animal",
    "two_animals_win_a_biome_tile",
    "mycorrhiza",
    "disaster_cards",
    "extinction_tiles",
    "your_deck_grows",
    "everyone_wins_or_loses_together",
)
"""The parts of the game set beside nature, in order; each part's words are in the catalog
(``lessons.eco_gn_<part>``, ``..._nature``, ``..._simplified``: our own words)."""


def game_and_nature() -> Table:
    """What each part of the game stands for in nature, and what the game simplifies."""
    rows = tuple(
        (
            t(f"lessons.eco_gn_{part}"),
            t(f"lessons.eco_gn_{part}_nature"),
            t(f"lessons.eco_gn_{part}_simplified"),
        )
        for part in GAME_AND_NATURE
    )
    headers = (
        t("lessons.eco_col_game"),
        t("lessons.eco_col_nature"),
        t("lessons.eco_col_simplifies"),
    )
    return Table(headers, rows, "eco-lesson-table")
