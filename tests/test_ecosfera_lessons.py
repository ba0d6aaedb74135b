"""The Ecosfera lesson helpers (widgets/ecosfera/lesson.py), in plain Python.

Besides each helper, the worked examples of lessons 1 and 2 are replayed here, so that a change
to the engine or the cards that breaks a lesson's story fails a plain test (and says which
step), not only the notebook's saved output.
"""

from __future__ import annotations

import contextlib
import io
import re
import xml.etree.ElementTree as ET

import pytest

from gamecore.ecosfera import (
    AcquireAnimal,
    AcquirePlant,
    ClaimBiomes,
    Ecosfera,
    EndTurn,
    Move,
    Mycorrhiza,
    Plus,
    Refresh,
    TakeMissingElement,
    default_cards,
    final_score,
)
from gamecore.ecosfera.data import (
    BIOMES,
    ELEMENT_OF,
    ELEMENTS,
    LEVELS,
    is_animal,
    is_plant,
    species_name,
    supply_at_start,
)
from gamecore.ecosfera.game import ANIMAL_ROW, OWN_DECK, RECYCLE, TILE
from gamecore.words import LANGUAGES, set_language, t
from widgets.ecosfera import lesson
from widgets.ecosfera.lesson import (
    Notes,
    card,
    card_gallery,
    choices,
    find_move,
    idle_until_lost,
    play,
    what_if,
)
from widgets.ecosfera.table_words import describe_action, hint_items
from widgets.notes import WIDTH
from widgets.svg import Picture

CARDS = default_cards()

LESSON_1 = (
    (("buy", "Boletus edulis"), ("buy", "Picea abies"), ("mycorrhiza",), ("end_turn",)),
    (("plus",), ("buy", "Cantharellus cibarius"), ("end_turn",)),
    (
        ("buy", "Eriophorum vaginatum"),
        ("call", "Gulo gulo", "Picea abies"),
        ("movement", "Gulo gulo", {"to": "deck", "using": "Eriophorum vaginatum"}),
        ("end_turn",),
    ),
    (
        ("plus", "Picea abies"),
        ("call", "Canis lupus"),
        ("pair", "Canis lupus", {"turn_up": "plus"}),
        ("buy", "Amanita zambiana"),
        ("end_turn",),
    ),
)
"""Lesson 1's guided solo game (seed 33), turn by turn, as the notebook names the moves.

Since the cards of issue 21 the tussock cottongrass and the cloudberry cost two water: turn 3
buys only the cottongrass, keeps the wolverine for turn 4 with the cottongrass's movement
symbol, and the pair places the tundra tile on turn 4 (no line of turn 3 can place a third
tile any more after these turns 1 and 2)."""

LESSON_2 = (
    ("buy", "Betula pendula"),
    ("movement", "Betula pendula", {"to": "Ben"}),
    ("end_turn",),
    ("buy", "Boletus edulis"),
    ("mycorrhiza",),
    ("movement", "sun", {"to": "Carla", "using": "Betula pendula"}),
    ("end_turn",),
    ("buy", "Saxifraga oppositifolia"),
    ("end_turn",),
)
"""Lesson 2's worked gift (seed 375, Ana, Ben and Carla)."""


def quiet(fn, *args, **kwargs):
    """Call ``fn`` and return what it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn(*args, **kwargs)
    return out.getvalue()


def step(game: Ecosfera, move: tuple):
    """The legal move a lesson's step names: ``(verb, *cards, {details})``."""
    details = move[-1] if isinstance(move[-1], dict) else {}
    names = move[1:-1] if details else move[1:]
    return find_move(game, move[0], *names, **details)


def solo() -> Ecosfera:
    return lesson.solo_game(seed=33, level=1)


def svg_of(picture: Picture) -> ET.Element:
    return ET.fromstring(picture._repr_svg_())


# ---------------------------------------------------------------------------- cards by name


def test_card_finds_a_species_by_name_or_id_without_regard_to_capitals() -> None:
    assert card("Grey wolf") == 204
    assert card("grey WOLF") == 204
    assert card("A04") == 204
    assert card("Golden chanterelle") == 111
    for c in (*CARDS.plants, *CARDS.animals):
        assert card(c.name) == c.code


def test_card_refuses_an_unknown_name_and_suggests_close_ones() -> None:
    with pytest.raises(ValueError, match=r"did you mean Grey wolf \(Canis lupus\)"):
        card("wolf")
    with pytest.raises(ValueError, match="no Ecosfera card is called 'Unicorn'"):
        card("Unicorn")


def test_facts_print_each_cards_own_fact_with_its_biomes() -> None:
    notes = lesson.facts("Reindeer lichen", "Giant kelp")
    assert isinstance(notes, Notes) and len(notes) == 2
    lichen = CARDS.card(card("Reindeer lichen"))
    assert notes[0] == f"Reindeer lichen (Cladonia rangiferina; tundra): {lichen.fact}"
    wolf = lesson.facts("Grey wolf")
    assert wolf[0].startswith("Grey wolf (Canis lupus; taiga, tundra): "), "every biome shown"
    text = str(notes)
    assert " ".join(text.split()) == " ".join(" ".join(notes).split()), "the same words"
    assert len(text.splitlines()) > len(notes), "long facts wrap into more lines"
    assert all(len(line) <= WIDTH for line in text.splitlines()), "between words, never in one"
    html = notes._repr_html_()
    assert html.count("<p ") == 2 and "Cladonia rangiferina" in html, "paragraphs in a notebook"


def test_table_words_name_the_cards_never_their_codes() -> None:
    notes = lesson.table_words(Ecosfera(("Ana", "Ben", "Carla"), seed=375, level=1))
    text = " ".join(notes)
    assert notes[0] == "Level 1, turn 1."
    assert (
        "Plant & fungi row: Purple saxifrage, Scarlet star bromeliad, Papyrus and Silver birch"
        in text
    )
    assert "Element decks: earth 8, water 8, time 8, sun 8 and air 8." in text
    assert notes[-1].startswith("Carla's line: earth, disaster, disaster, air; 3 cards in the deck")
    assert notes[-3].startswith("To play now. Ana's line: disaster, sun, earth, time")
    assert not re.search(r"[PA]\d\d|#\d", text), "no card codes such as P15 or sun#11"


# ---------------------------------------------------------------------------- pictures


def test_picture_is_the_tables_snapshot_and_shows_selections_and_hints() -> None:
    game = solo()
    plain = svg_of(lesson.picture(game))
    assert plain.get("aria-label") == "Ecosfera table: You, level 1"
    texts = "".join(plain.itertext())
    assert "Norway spruce" in texts and "Porcini" in texts
    earth = 312  # earth#12, on the first line of seed 33
    assert earth in game.lines[0]
    selected = "".join(svg_of(lesson.picture(game, select=[earth])).itertext())
    assert "Selected: earth" in selected
    hinted = "".join(svg_of(lesson.picture(game, hints=True)).itertext())
    assert "What can I do?" in hinted
    assert game.moves() == [], "drawing a picture must not play anything"


def test_card_gallery_draws_each_card_with_its_caption_and_breaks_rows() -> None:
    codes = [card("Reindeer"), card("Grey wolf"), None, card("Scots pine")]
    picture = card_gallery(codes, "Three cards", captions=["a", ["b", "second line"], "c"])
    scene = picture.scene
    frames = [s for s in scene.shapes if s.id.endswith("-face")]
    assert [f.id for f in frames] == ["g0-face", "g1-face", "g2-face"]
    captions = [s.text for s in scene.shapes if "-caption" in s.id]
    assert captions == ["a", "b", "second line", "c"]
    pine = scene.find("g2-caption0")
    reindeer = scene.find("g0-caption0")
    assert pine.y > reindeer.y, "a None among the codes starts a new row"
    assert scene.texts()[0] == "Three cards"
    with pytest.raises(ValueError, match="one caption per card"):
        card_gallery([card("Reindeer")], captions=["a", "b"])


def test_components_show_every_kind_of_piece() -> None:
    scene = lesson.components().scene
    texts = " ".join(scene.texts())
    for words in (
        "Element cards",
        "Disaster cards",
        "Plant & fungi cards",
        "Animal cards",
        "Ability tiles",
        "Biome tiles",
        "Extinction tiles",
        "mushroom: mycorrhiza",
        "plus: used",
        *ELEMENTS,
        "Reindeer lichen",
        "Scots pine",
        "Fly agaric",
        "Reindeer",
        "Eurasian beaver",
        "lives in 3 biomes",  # the beaver: aquatic, taiga and temperate forest
    ):
        assert words in texts, words
    assert ET.fromstring(lesson.components()._repr_svg_()) is not None
    for s in scene.shapes:
        x, y, w, h = s.bbox()
        assert x >= -1 and y >= -1, (s.id, x, y)
        assert x + w <= scene.width + 1 and y + h <= scene.height + 1, (s.id, x + w, y + h)


@pytest.mark.parametrize("biome", BIOMES)
def test_biome_gallery_holds_exactly_the_cards_of_the_biome(biome: str) -> None:
    picture = lesson.biome_gallery(biome)
    plants, animals = lesson.species(biome)
    expected = {c.code for c in (*CARDS.plants, *CARDS.animals) if biome in c.biomes}
    assert set(plants + animals) == expected
    assert all(is_plant(c) for c in plants) and all(is_animal(c) for c in animals)
    names = " ".join(picture.scene.texts())
    assert f"{len(plants)} plant & fungi cards, {len(animals)} animal cards" in names
    first_animal = picture.scene.find(f"g{len(plants)}-face")
    last_plant = picture.scene.find(f"g{len(plants) - 1}-face")
    assert first_animal.y > last_plant.y, "the animals start a row of their own"


def test_an_unknown_biome_is_refused_with_the_list() -> None:
    with pytest.raises(ValueError, match="the biomes are taiga"):
        lesson.species("jungle")
    assert lesson.biome_label("temperate forest") == "Temperate forest"


# ---------------------------------------------------------------------------- a guided turn


def test_choices_list_every_acquisition_the_abilities_and_the_end_of_turn() -> None:
    game = solo()
    notes = choices(game)
    assert isinstance(notes, Notes)
    text = "\n".join(notes)
    assert notes[0] == "Your turn (turn 1). Acquisitions:"
    for item in hint_items(game):
        assert f"  • {item}" in notes
    assert "Use your plus tile: an extra card from the deck" in text
    assert "Use your movement tile: move one of 4 unused cards (face up on top of your deck" in text
    assert notes[-1].startswith("End the turn: nothing acquired yet")
    quiet(play, game, "buy Porcini")
    assert choices(game)[-1].startswith("End the turn: something was acquired")


def test_choices_in_a_team_game_name_the_teammates() -> None:
    game = Ecosfera(("Ana", "Ben", "Carla"), seed=28, level=1)
    text = "\n".join(choices(game))
    assert "Use Ana's movement tile: move one of 3 unused cards (to Ben, to Carla or back" in text
    assert "their" not in text


def test_choices_when_nothing_can_be_acquired_and_when_the_game_is_over() -> None:
    game = solo()
    for move in LESSON_1[0]:
        game.play(step(game, move))
    assert "  • none: nothing can be acquired now" in choices(game), "lesson 1, turn 2"
    while not game.is_over:
        game.play(EndTurn())
    assert choices(game) == [f"The game is over: {game.describe_outcome()}."]


def test_card_finds_every_species_by_its_scientific_name() -> None:
    for c in (*CARDS.plants, *CARDS.animals):
        assert card(c.latin) == c.code
        assert card(c.latin.upper()) == c.code
    assert card("Canis lupus") == card("Grey wolf") == 204


def test_verbs_name_each_kind_of_move() -> None:
    game = solo()
    assert isinstance(find_move(game, "buy", "Boletus edulis"), AcquirePlant)
    assert find_move(game, "plus") == Plus(TILE)
    assert find_move(game, "refresh", row="animals") == Refresh(TILE, ANIMAL_ROW)
    keep = find_move(game, "movement", "sun", to="deck")
    assert keep.to == OWN_DECK and ELEMENT_OF[keep.card] == ELEMENTS.index("sun")
    assert find_move(game, "movement", "water", to="supply").to == RECYCLE
    assert find_move(game, "end_turn") == EndTurn()
    for move in LESSON_1[0][:2]:
        game.play(step(game, move))
    assert find_move(game, "mycorrhiza", "Picea abies") == Mycorrhiza(
        card("Picea abies"), card("Boletus edulis")
    )


def test_verbs_refuse_what_they_cannot_mean_and_say_why() -> None:
    game = solo()
    with pytest.raises(ValueError, match="moves fit 'buy'"):
        find_move(game, "buy")
    with pytest.raises(ValueError, match="no legal move fits 'buy Canis lupus'"):
        find_move(game, "buy", "Canis lupus")
    with pytest.raises(ValueError, match="'purchase' is not a move's name"):
        find_move(game, "purchase", "Boletus edulis")
    with pytest.raises(ValueError, match="no detail called 'to'"):
        find_move(game, "buy", "Boletus edulis", to="Ben")
    with pytest.raises(ValueError, match="'everything' is not one of the choices: plants, an"):
        find_move(game, "refresh", row="everything")
    with pytest.raises(ValueError, match="'refresh' has no detail called 'using'"):
        find_move(game, "refresh", row="plants", using="Picea abies")
    with pytest.raises(ValueError, match="nobody called 'Ben' plays this game"):
        find_move(game, "movement", "sun", to="Ben")


def test_the_lessons_code_plays_the_same_moves_in_every_language() -> None:
    """The two versions of a lesson share their code: its moves must not depend on words."""
    played = {}
    for lang in LANGUAGES:
        set_language(lang)
        try:
            game = lesson.solo_game(seed=33, level=1)
            for turn in LESSON_1:
                for move in turn:
                    quiet(play, game, *[m for m in move if not isinstance(m, dict)],
                          **(move[-1] if isinstance(move[-1], dict) else {}))  # fmt: skip
            played[lang] = (game.moves(), lesson.line_words(game))
        finally:
            set_language("en")
    assert played["es"][0] == played["en"][0]
    assert played["es"][1].startswith("Tu línea: ")
    assert played["en"][1].startswith("Your line: ")
    assert lesson.solo_game().players == (t("table.you_name"),)
    assert lesson.is_you(t("table.you_name", lang="es")) and not lesson.is_you("Ana")


def test_find_move_needs_exactly_one_fitting_move() -> None:
    game = solo()
    move = find_move(game, "BUY golden   chanterelle")
    assert describe_action(game, move).startswith("buy Golden chanterelle")
    assert find_move(game, "end the turn") == EndTurn()
    with pytest.raises(ValueError, match="moves fit 'buy'; say which"):
        find_move(game, "buy")
    with pytest.raises(ValueError, match="no legal move fits 'call Giant panda'"):
        find_move(game, "call Giant panda")


def test_play_plays_one_legal_move_and_says_what_happened() -> None:
    game = solo()
    quiet(play, game, "buy Porcini")
    printed = quiet(play, game, "buy Norway spruce")
    assert len(game.moves()) == 2
    action = game.moves()[1][1]
    assert isinstance(action, TakeMissingElement)
    assert re.sub(r" \([PA]\d\d\)", "", " ".join(printed.split())) == (
        "You took the missing water from the water deck (10 left) and paid it with sun for "
        "Norway spruce."
    ), "one sentence, no engine record"
    assert "recorded move" not in printed and "#" not in printed
    assert all(len(line) <= WIDTH for line in printed.splitlines()), "wrapped between words"
    before = game.clone()
    with pytest.raises(ValueError):
        play(game, "call Blue whale")
    assert game.moves() == before.moves(), "a refused play changes nothing"


def test_what_if_plays_on_a_copy_only() -> None:
    game = solo()
    quiet(play, game, "buy Porcini")
    quiet(play, game, "buy Norway spruce")
    quiet(play, game, "mycorrhiza")
    log = list(game.log)
    printed = " ".join(quiet(what_if, game, "use your plus tile").split())
    assert printed.startswith("What if: You used your plus tile and took an extra card")
    assert "a time card" in printed
    assert game.log == log and game.tiles[0] == [True, True, True]


def test_idle_until_lost_counts_the_extinction_tiles_on_a_copy() -> None:
    game = solo()
    notes = idle_until_lost(game)
    assert game.moves() == []
    assert notes[0] == "Ending every turn at once from turn 1 (on a copy of the game):"
    tiles = [int(line.split("extinction tiles ")[1].split(" of")[0]) for line in notes[1:-1]]
    assert tiles == sorted(tiles) and tiles[-1] == 7
    assert notes[-1].startswith("The game is lost on turn ")
    assert notes[-1].endswith(": all seven extinction tiles are placed.")


def test_line_words_mark_the_used_cards() -> None:
    game = solo()
    assert lesson.line_words(game) == "Your line: sun, earth, water, air"
    quiet(play, game, "buy Porcini")
    assert lesson.line_words(game) == (
        "Your line: sun, earth (used), water (used), air (used), Porcini"
    )
    team = Ecosfera(("Ana", "Ben"), seed=28, level=1)
    assert lesson.line_words(team, 1).startswith("Ben's line: ")


# ---------------------------------------------------------------------------- the lessons' stories


def test_lesson_1_story_three_biome_tiles_in_four_turns() -> None:
    game = solo()
    kinds = []
    for number, turn in enumerate(LESSON_1, start=1):
        assert game.turns + 1 == number
        if number == 2:
            # turn 2: nothing to buy, and ending the turn would bring the third disaster
            assert not game.achieved and "  • none: nothing can be acquired now" in choices(game)
            idle = game.clone()
            idle.play(EndTurn())
            assert idle.extinction_tiles == 1
        if number == 3:
            # the plants of turn 1 come back; a pair from two biomes is refused, with the reason
            names = lesson.line_words(game)
            assert "Porcini" in names and "Norway spruce" in names
        for move in turn:
            action = step(game, move)
            kinds.append(type(action))
            game.play(action)
            if move == ("buy", "Eriophorum vaginatum"):
                refused = AcquireAnimal(
                    card("Grey wolf"), card("Tussock cottongrass"), card("Porcini")
                )
                assert "share no biome" in game.why_illegal(refused)
                assert "  • none: nothing can be acquired now" not in choices(game)
        if number == 3:
            assert len(game.biome_tiles) == 2, "one animal alone places no tile"
            assert lesson.line_words(game) == (
                "Your line: Wolverine, water, disaster, disaster, Norway spruce"
            ), "the movement symbol kept the wolverine for turn 4, as a fifth card"
        if number == 4:
            assert len(game.biome_tiles) == 3, "three biome tiles after four turns"
    assert lesson.line_words(game) == "Your line: time, water, earth, water"
    assert [BIOMES[b] for b in game.biome_tiles] == ["taiga", "temperate_forest", "tundra"]
    assert game.extinction_tiles == 0 and game.turns == 4
    assert Mycorrhiza in kinds and AcquireAnimal in kinds and ClaimBiomes in kinds
    assert kinds.count(AcquireAnimal) == 2
    kept = [a for _, a in game.moves() if isinstance(a, Move)]
    assert len(kept) == 1 and kept[0].to == OWN_DECK and kept[0].card == card("Wolverine")
    assert kept[0].source == card("Tussock cottongrass"), "the card's symbol, not the tile"
    assert game.tiles[0] == [True, True, True], "plus turned face up; the movement tile unused"


def test_lesson_2_story_the_gift_lets_ben_place_the_taiga_tile() -> None:
    game = Ecosfera(("Ana", "Ben", "Carla"), seed=375, level=1)
    without = game.clone()
    for move in LESSON_2:
        if move[:2] == ("movement", "sun"):
            # Carla is in danger: two disasters, and nothing to buy without Ben's sun
            carla = game.clone()
            carla.play(find_move(carla, "end_turn"))
            assert not hint_items(carla)
            assert sum(1 for c in carla.lines[2] if 400 < c < 500) == 2
        game.play(step(game, move))
    assert game.biome_tiles == [BIOMES.index("taiga")], "the birch and the porcini mycorrhized"
    assert card("Silver birch") in game.decks[1], "Ana's gift now belongs to Ben's deck"
    assert game.extinction_tiles == 0 and game.turns == 3
    assert game.tiles[1][2], "Ben used the birch's symbol: his movement tile is still up"
    # without the gift Ben's porcini is alone: no tile and no animal on his turn
    without.play(find_move(without, "buy Silver birch"))
    without.play(EndTurn())
    without.play(find_move(without, "buy Porcini"))
    assert not [a for a in without.legal_actions() if isinstance(a, AcquireAnimal)]
    assert "mycorrhiza" not in " ".join(
        describe_action(without, a) for a in without.legal_actions()
    )


# ---------------------------------------------------------------------------- tables


def rows(table) -> list[tuple[str, ...]]:
    return [tuple(r) for r in table.rows]


def test_tables_show_as_text_and_as_html() -> None:
    for table in (
        lesson.supply_table(),
        lesson.species_table(),
        lesson.cost_groups(),
        lesson.element_needs(),
        lesson.animal_links(),
        lesson.biome_links(),
        lesson.food_links(),
        lesson.mycorrhiza_partners(),
        lesson.game_and_nature(),
    ):
        assert all(len(r) == len(table.headers) for r in table.rows)
        assert str(table).splitlines()[0].startswith(table.headers[0] or " ")
        html = table._repr_html_()
        assert html.startswith('<table class="eco-lesson-table">')
        ET.fromstring(html)  # well-formed


def test_supply_table_follows_the_engine() -> None:
    table = lesson.supply_table()
    for n, row in enumerate(table.rows, start=1):
        assert row[1:] == tuple(str(supply_at_start(level, n)) for level in LEVELS)
    assert table.rows[0][0] == "solo" and table.rows[2][0] == "3 players"


def test_species_table_lists_every_card_in_each_of_its_biomes() -> None:
    table = {r[0]: r for r in rows(lesson.species_table())}
    assert len(table) == len(BIOMES)
    for c in (*CARDS.plants, *CARDS.animals):
        column = 1 if is_plant(c.code) else 2
        for b in BIOMES:
            listed = c.name in table[lesson.biome_label(b)][column].split(", ")
            assert listed == (b in c.biomes), (c.name, b)


def test_element_needs_add_up_the_costs() -> None:
    for r in rows(lesson.element_needs()):
        biome = next(b for b in BIOMES if lesson.biome_label(b) == r[0])
        plants = [p for p in CARDS.plants if biome in p.biomes]
        assert int(r[1]) == len(plants)
        totals = [int(v) for v in r[2 : 2 + len(ELEMENTS)]]
        assert totals == [sum(p.cost[e] for p in plants) for e in range(len(ELEMENTS))]
        most = [ELEMENTS[e] for e, n in enumerate(totals) if n == max(totals)]
        assert r[-1] == " and ".join(most)
    # the lesson reads: water is needed most in every biome, the aquatic plants twice as much
    water = 2 + ELEMENTS.index("water")
    for r in rows(lesson.element_needs()):
        assert "water" in r[-1].split(" and "), r
        if r[0] == "Aquatic":
            assert int(r[water]) == 2 * int(r[1]), r


def test_cost_groups_put_each_card_in_the_row_of_its_cost() -> None:
    table = rows(lesson.cost_groups())
    listed = [name for r in table for name in r[3].split(", ")]
    assert sorted(listed) == sorted(p.name for p in CARDS.plants), "every card exactly once"
    for cost, count, kinds, names in table:
        plants = [CARDS.card(card(n)) for n in names.split(", ")]
        assert int(count) == len(plants)
        assert kinds.split(", ") == [
            k for k in ("tree", "plant", "mushroom") if any(p.kind == k for p in plants)
        ]
        for p in plants:
            words = [f"{n} {e}" if n > 1 else e for e, n in zip(ELEMENTS, p.cost) if n]
            assert sorted(cost.split(" + ")) == sorted(words), (p.name, cost)
    counts = [int(r[1]) for r in table]
    assert counts == sorted(counts, reverse=True), "the most common cost first"


def test_the_costs_the_ecology_lesson_teaches() -> None:
    """Lesson 4 reads the costs this way (section 2, both languages, naming these cards); if
    the cards change, its text must change too."""
    water, sun = ELEMENTS.index("water"), ELEMENTS.index("sun")
    no_sun = {p.name for p in CARDS.plants if not p.cost[sun]}
    mushrooms = {p.name for p in CARDS.plants if p.kind == "mushroom"}
    assert no_sun == mushrooms | {"Rafflesia"} and len(mushrooms) == 4
    # "every card of the aquatic biome costs two water": five water plants, and three plants
    # of wet land (river banks and flooded forest; tundra bogs) that show it beside their own
    for p in CARDS.plants:
        assert p.cost[water] == (2 if "aquatic" in p.biomes else 1), p.name
    aquatic = {p.name for p in CARDS.plants if "aquatic" in p.biomes}
    wet_land = {"Kapok tree", "Tussock cottongrass", "Cloudberry"}
    water_plants = {"Giant water lily", "Giant kelp", "Eelgrass", "Papyrus", "Common duckweed"}
    assert aquatic == water_plants | wet_land
    assert all(len(CARDS.card(card(n)).biomes) == 2 for n in wet_land)
    # the teachers' notes (lesson 3, question 4): buying each card once takes 38 water cards
    assert sum(p.cost[water] for p in CARDS.plants) == 38

    def needing(element: str) -> set[str]:
        return {p.name for p in CARDS.plants if p.cost[ELEMENTS.index(element)]}

    # "earth (four cards: three mushrooms and Rafflesia), air (two: the porcini and the Zambian
    # slender Caesar) and time (one: the baobab)"; "no green plant costs earth or air"
    assert needing("earth") == {"Fly agaric", "Porcini", "Golden chanterelle", "Rafflesia"}
    assert needing("air") == {"Porcini", "Zambian slender Caesar"}
    assert needing("time") == {"African baobab"}
    assert not (needing("earth") | needing("air")) & needing("sun")
    # the element_needs table as the lesson reads it: sun as much as water only in the desert;
    # of the land biomes, the tropical forest and the tundra need the most water, each with two
    # cards that also show the aquatic biome
    needs = {r[0]: r for r in rows(lesson.element_needs())}
    assert [b for b, r in needs.items() if r[-1] != "water"] == ["Desert"]
    land_water = {b: int(r[2 + water]) for b, r in needs.items() if b != "Aquatic"}
    most = max(land_water.values())
    assert {b for b, n in land_water.items() if n == most} == {"Tropical", "Tundra"}
    for biome, both in (("tropical", {"Kapok tree", "Giant water lily"}),
                        ("tundra", {"Tussock cottongrass", "Cloudberry"})):  # fmt: skip
        assert {p.name for p in CARDS.plants if {biome, "aquatic"} <= set(p.biomes)} == both


def test_every_animal_of_several_biomes_has_a_reason() -> None:
    import dataclasses

    table = rows(lesson.animal_links())
    several = [a for a in CARDS.animals if len(a.biomes) > 1]
    assert [r[0] for r in table] == [a.name for a in several]
    for r in table:
        assert r[2] in ("migration", "water and land", "a wide range"), r
        assert r[3], r
    assert set(lesson.ANIMAL_LINKS) == {a.latin for a in several}
    # lesson 4 names the animals of each kind of link: the reindeer migrates, the beaver and
    # the river dolphin live between water and land, the others have wide ranges; the
    # hippopotamus and the capybara live between water and land too, but their cards show
    # one biome each (the lesson shows their facts beside the polar bear's and the tern's)
    kinds = {k: {r[0] for r in table if r[2] == k} for k in ("migration", "water and land")}
    assert kinds["migration"] == {"Reindeer"}
    assert kinds["water and land"] == {"Eurasian beaver", "Amazon river dolphin"}
    wide = {r[0] for r in table if r[2] == "a wide range"}
    assert {"Grey wolf", "Eurasian lynx", "Wolverine", "African savanna elephant"} <= wide
    one_biome = {"Hippopotamus": "savanna", "Capybara": "aquatic", "Polar bear": "aquatic",
                 "Arctic tern": "tundra", "Jaguar": "tropical"}  # fmt: skip
    for name, biome in one_biome.items():
        assert CARDS.card(card(name)).biomes == (biome,), name
    # another card list (the printed cards, say) whose animal shows several biomes for no
    # reason the lesson knows: the lesson still works, and its row says the reason is missing
    hippo = CARDS.card(card("Hippopotamus amphibius"))
    wider = tuple(
        dataclasses.replace(a, biomes=("aquatic", "savanna")) if a is hippo else a
        for a in CARDS.animals
    )
    shown = rows(lesson.animal_links(dataclasses.replace(CARDS, animals=wider)))
    (row,) = [r for r in shown if r[0] == "Hippopotamus"]
    assert row[1:3] == ("Aquatic + Savanna", "not explained yet"), row
    assert "aquatic and savanna" in row[3] and "ANIMAL_LINKS" in row[3], row


def test_biome_links_count_the_animals_two_biomes_share() -> None:
    table = rows(lesson.biome_links())
    for i, b in enumerate(BIOMES):
        for j, c in enumerate(BIOMES):
            n = sum(1 for a in CARDS.animals if b in a.biomes and c in a.biomes)
            assert table[i][1 + j] == (str(n) if n else "·")
            assert table[i][1 + j] == table[j][1 + i]

    def linked(biome: str) -> set[str]:
        return {c for a in CARDS.animals if biome in a.biomes for c in a.biomes} - {biome}

    def sharing(b: str, c: str) -> set[str]:
        return {a.name for a in CARDS.animals if b in a.biomes and c in a.biomes}

    # what the lesson reads from the table, naming the animals
    assert linked("desert") == {"savanna"}
    assert sharing("desert", "savanna") == {"African savanna elephant", "Common ostrich", "Meerkat"}
    assert sharing("taiga", "tundra") == {"Reindeer", "Wolverine", "Grey wolf"}
    assert table[BIOMES.index("taiga")][1 + BIOMES.index("tundra")] == "3"
    assert sharing("taiga", "temperate_forest") == {"Eurasian lynx", "Eurasian beaver"}
    assert linked("aquatic") == {"taiga", "temperate_forest", "tropical"}
    assert {n for c in linked("aquatic") for n in sharing("aquatic", c)} == {
        "Eurasian beaver",
        "Amazon river dolphin",
    }
    # "no card links the water to the savanna or to the tundra"
    assert not sharing("aquatic", "savanna") and not sharing("aquatic", "tundra")


def test_food_links_and_mycorrhiza_partners_name_only_cards() -> None:
    for who, whom, how in rows(lesson.food_links()):
        assert card(who) != card(whom) and how
    pairs = rows(lesson.mycorrhiza_partners())
    for tree, mushroom, tiles in pairs:
        t, m = CARDS.card(card(tree)), CARDS.card(card(mushroom))
        assert t.mushroom_symbol and m.kind == "mushroom"
        shared = [lesson.biome_label(b) for b in BIOMES if b in t.biomes and b in m.biomes]
        assert tiles == ", ".join(shared) and shared
    every = {
        (t.name, m.name)
        for t in CARDS.plants
        for m in CARDS.plants
        if t.mushroom_symbol and m.kind == "mushroom" and set(t.biomes) & set(m.biomes)
    }
    assert {(r[0], r[1]) for r in pairs} == every


def test_game_and_nature_covers_the_pieces_of_the_game() -> None:
    table = rows(lesson.game_and_nature())
    pieces = " ".join(r[0] for r in table)
    for words in ("Element", "Plant & fungi", "animal", "biome tile", "Mycorrhiza", "Disaster",
                  "Extinction"):  # fmt: skip
        assert words in pieces, words
    assert "The biomes on a card" in pieces
    assert all(all(cell.strip() for cell in r) for r in table)


def test_lesson_3_tables_of_the_bots_the_decks_and_the_margins() -> None:
    from widgets.ecosfera.charts import bots_by_level, load_published, margins_table, ran_out_table

    published = load_published()
    bots = bots_by_level(published)
    assert [r[0] for r in bots.rows] == list(published)
    assert bots.headers == ("Bot", *(f"Level {level}" for level in LEVELS))
    planner = published["planner"]
    assert bots.rows[0][1] == f"{planner[1].win_rate:.1%}"
    ran_out = ran_out_table(planner)
    assert ran_out.headers[1:] == ELEMENTS
    water = 1 + ELEMENTS.index("water")
    assert [r[water] for r in ran_out.rows] == [
        f"{s.ran_out['water']:.0%}" for s in planner.values()
    ]
    margins = margins_table((12, 1000))
    assert margins.rows == (("12", "± 28.3 points"), ("1000", "± 3.1 points"))


def test_the_guided_turn_speaks_spanish_to_you() -> None:
    set_language("es")
    try:
        game = lesson.solo_game(seed=33, level=1)
        assert choices(game)[0] == "Te toca (turno 1). Adquisiciones posibles:"
        assert lesson.line_words(game) == "Tu línea: sol, tierra, agua, aire"
        end = idle_until_lost(game)[-1]
        assert end.startswith("La partida se pierde en el turno ") and end.endswith(
            "ya están colocadas las siete fichas de extinción."
        )
        team = Ecosfera(("Ana", "Ben"), seed=375, level=1)
        assert choices(team)[0] == "Juega Ana (turno 1). Adquisiciones posibles:"
        assert lesson.line_words(team, 1).startswith("Línea de Ben: ")
    finally:
        set_language("en")


def test_team_score_names_the_team_in_words_never_its_id() -> None:
    sheet = final_score(
        level=1, players=3, biome_tiles=7, extinction_tiles=2, supply_elements=12,
        challenges=("monk",),
    )  # fmt: skip
    notes = lesson.team_score(sheet)
    assert notes[0] == "The team scores 862 points:"
    assert "  Biome tiles: 350" in notes and "team" not in " ".join(notes[1:])
    set_language("es")
    try:
        assert lesson.team_score(sheet)[0] == "El equipo suma 862 puntos:"
    finally:
        set_language("en")


def test_the_ecology_tables_name_species_in_the_lessons_language() -> None:
    wolf = CARDS.card(card("Canis lupus"))
    set_language("es")
    try:
        assert card("lobo GRIS") == card("Grey wolf") == 204, "a common name in any language"
        spanish = species_name(wolf)
        assert spanish != wolf.name
        fact = lesson.facts("Canis lupus")[0]
        assert fact.startswith(f"{spanish} (Canis lupus; taiga, tundra): ")
        taiga = rows(lesson.species_table())[0]
        assert spanish in taiga[2].split(", ") and wolf.name not in taiga[2]
        assert any(r[0] == spanish for r in rows(lesson.animal_links()))
        assert (spanish, species_name(CARDS.card(card("Rangifer tarandus")))) in {
            r[:2] for r in rows(lesson.food_links())
        }
    finally:
        set_language("en")
