"""The game tables, the scoring pad, the card list and the engines' refusals in Spanish.

Each test builds its table in Spanish, plays a few moves with the table's own methods and
reads what a student reads (status line, history, the table in words, the picture's words,
refusal reasons): it must hold the expected Spanish sentences and none of a short list of
English words that used to leak ("You", "your", "took", "Greedy"...).
"""

from __future__ import annotations

import re

import pytest

import gamecore
from gamecore.ecosfera import Ecosfera, EndTurn
from gamecore.ecosfera.data import (
    default_cards,
    load_cards,
    parse_cards,
    scientific_name,
    species_fact,
    species_name,
)
from gamecore.words import t
from widgets.ecosfera.table import EcosferaTable
from widgets.nuevos_mundos.table import NuevosMundosTable
from widgets.seats import default_names
from widgets.words import about, is_you

ENGLISH = (
    " the ",
    "You",
    "your",
    "Your",
    "Click",
    "click ",
    "took",
    "Greedy",
    "Random bot",
    "Player",
)
"""English words that must not reach a Spanish screen (whole-word checks below)."""


def english_in(text: str) -> list[str]:
    """The words of ``ENGLISH`` found in ``text`` (as words, so "Tú" or "yours" in a
    Spanish name do not count by accident)."""
    found = []
    for word in ENGLISH:
        pattern = re.escape(word) if word.startswith(" ") else rf"\b{re.escape(word)}\b"
        if re.search(pattern, text):
            found.append(word.strip())
    return found


# ------------------------------------------------------------------------ default names


def test_default_names_follow_the_language(spanish: None) -> None:
    assert default_names(("human", "greedy", "random")) == ("Tú", "Bot voraz", "Bot aleatorio")
    assert default_names(("human", "greedy", "greedy")) == ("Tú", "Bot voraz", "Bot voraz 2")
    assert gamecore.new_game("nuevos-mundos", players=2, seed=1).players == (
        "Jugador 1",
        "Jugador 2",
    )


def test_default_names_in_english() -> None:
    assert default_names(("human", "greedy", "random")) == ("You", "Greedy bot", "Random bot")
    assert NuevosMundosTable(seed=1).game.players == ("You", "Greedy bot", "Random bot")
    assert EcosferaTable(seed=1).game.players == ("You",)


def test_the_default_human_is_recognised_in_either_language(spanish: None) -> None:
    # a game saved in English and loaded at a Spanish table keeps its "You"
    assert is_you("Tú") and is_you("You") and not is_you("Ana")
    assert (
        about("nuevos_mundos_table.words_world_empty", "You") == "Tu mundo todavía no tiene cartas."
    )
    assert about("nuevos_mundos_table.words_world_empty", "Ana") == (
        "El mundo de Ana todavía no tiene cartas."
    )


# ------------------------------------------------------------------------ Nuevos Mundos


def test_nuevos_mundos_table_plays_in_spanish(spanish: None) -> None:
    table = NuevosMundosTable(seed=5)
    assert table.game.players == ("Tú", "Bot voraz", "Bot aleatorio")
    assert table.status.text == "Te toca."
    hand = table.game.hands[0]
    table.select(99)
    assert "El 99 no está en tu mano." in table.status.text
    table.select(hand[0])
    assert table.play_selected("biome")
    assert table.history[0].startswith("Jugaste el ")
    assert any(line.startswith("Bot voraz ") for line in table.history[1:])
    words = " ".join(table.describe())
    assert "Tu mano: " in words and "Mundo de Bot voraz" in words
    assert "del jugador humano" not in words
    drawn = " ".join(table.scene().texts())
    assert "Tu mano: haz clic en una carta" in drawn and "Tú (te toca)" in drawn
    shown = " ".join([table.status.text, *table.history, words, drawn])
    assert english_in(shown) == []
    assert table.undo()
    assert table.status.text.startswith("Te toca. Deshiciste tu jugada")


def test_nuevos_mundos_a_take_of_nothing_is_a_sentence(spanish: None) -> None:
    from gamecore.nuevos_mundos.game import TakeBiome
    from widgets.nuevos_mundos.table_words import describe_move

    game = gamecore.new_game("nuevos-mundos", players=("Tú", "Ana"), seed=1)
    action = TakeBiome(13)  # seed 1: no coast card is visible, so it takes none
    before = game.view(0)
    game.play(action)
    assert game.worlds[0] == []
    text = describe_move(game.players, 0, action, before, game.view(0))
    assert text == "Jugaste el 13 por su bioma (costa), pero no te llevaste ninguna carta."


def test_nuevos_mundos_hot_seat_names_each_player(spanish: None) -> None:
    table = NuevosMundosTable(players=("Ana", "Ben"), seats=("human", "human"), seed=3)
    card = table.game.hands[0][0]
    table.select(card)
    table.play_selected("biome")
    shown = " ".join([table.status.text, *table.describe(), *table.scene().texts()])
    assert "Ben" in shown and "de Ben" in shown
    assert english_in(shown) == []


# ------------------------------------------------------------------------ Ecosfera


def test_ecosfera_table_plays_in_spanish(spanish: None) -> None:
    table = EcosferaTable(seed=3)
    assert table.game.players == ("Tú",)
    assert table.status.text == "Te toca (turno 1)."
    table.click_target("deck:0")
    assert "Tu mazo: 3 cartas" in table.status.text
    table.perform(EndTurn())
    history = " ".join(table.history)
    assert history.startswith("Terminaste tu turno.")
    assert "Tu próxima línea" in history
    drawn = " ".join(table.scene().texts())
    assert "Tú — te toca" in drawn
    shown = " ".join([table.status.text, history, *table.describe(), drawn])
    assert "Scots pine" not in shown and english_in(shown) == []


def test_ecosfera_engine_notes_about_the_default_human_speak_to_them(spanish: None) -> None:
    from widgets.ecosfera.table_words import _tidy

    names = ("Tú", "Ana")
    note = t("ecosfera.note_three_element", element="sol", player="Tú")
    assert _tidy(note, names) == "Tres cartas de sol en tu línea"
    note = t("ecosfera.note_opened_disasters", n=4, player="Tú")
    assert _tidy(note, names) == "Se abrieron 4 desastres en tu línea"
    note = t("ecosfera.note_turn_over", player="Ana")
    assert _tidy(note, names) == "Terminó el turno de Ana"


def test_ecosfera_english_notes_about_you() -> None:
    from widgets.ecosfera.table_words import _tidy

    note = t("ecosfera.note_three_disasters", player="You")
    assert _tidy(note, ("You",)) == "Three disasters on your line"
    assert _tidy(t("ecosfera.note_takes_disaster", player="You"), ("You",)) == (
        "You take a disaster card"
    )


def test_ecosfera_team_table_in_spanish(spanish: None) -> None:
    table = EcosferaTable(players=("Ana", "Ben"), seats=("human", "human"), seed=8)
    ben_card = table.game.lines[1][0]
    table.click_target(f"line:1:{ben_card}")
    problem = table.status.problem
    assert "en la línea de Ben" in problem and "Ahora es el turno de Ana." in problem
    table.perform(EndTurn())
    shown = " ".join([table.status.text, *table.history, *table.scene().texts()])
    assert "Le toca a Ben" in shown and english_in(shown) == []


# ------------------------------------------------------------------------ species


def test_every_card_has_a_spanish_name_and_fact(spanish: None) -> None:
    cards = default_cards()
    for card in (*cards.plants, *cards.animals):
        assert species_name(card) != card.name or card.name in (
            "Saguaro",
            "Welwitschia",
            "Rafflesia",
            "Msasa",
            "Jaguar",
        ), card.id
        assert species_fact(card) != card.fact, card.id
        assert species_name(card, "en") == card.name
        assert scientific_name(card) == card.latin
    scots_pine = cards.card(101)
    assert species_name(scots_pine) == "Pino silvestre"
    assert cards.card_words(101) == "Pino silvestre (P01)"
    assert cards.describe(101).startswith("P01 Pino silvestre, Pinus sylvestris (árbol; taiga;")


def test_the_spanish_card_list_says_its_names_are_ours() -> None:
    import json
    from importlib import resources

    data = json.loads(
        resources.files("gamecore.ecosfera").joinpath("cards.es.json").read_text("utf-8")
    )
    assert "ours" in data["provenance"]["names"]
    assert set(data["cards"]) == {c.id for c in (*default_cards().plants, *default_cards().animals)}


def test_a_translation_naming_an_unknown_card_is_refused() -> None:
    import json
    from importlib import resources

    data = json.loads(
        resources.files("gamecore.ecosfera").joinpath("cards.json").read_text("utf-8")
    )
    with pytest.raises(ValueError, match="no card 'P99'"):
        parse_cards(data, translations={"es": {"cards": {"P99": {"name": "x", "fact": "y"}}}})
    with pytest.raises(ValueError, match="fact"):
        parse_cards(data, translations={"es": {"cards": {"P01": {"name": "x"}}}})


def test_a_card_file_brings_its_translation_from_beside_it(tmp_path, spanish: None) -> None:
    import json
    from importlib import resources

    folder = resources.files("gamecore.ecosfera")
    (tmp_path / "mine.json").write_text(folder.joinpath("cards.json").read_text("utf-8"), "utf-8")
    (tmp_path / "mine.es.json").write_text(
        json.dumps({"cards": {"A07": {"name": "Oso blanco", "fact": "Vive en el hielo."}}}),
        "utf-8",
    )
    cards = load_cards(tmp_path / "mine.json")
    assert cards.name(207) == "Oso blanco"
    assert cards.name(201) == "Eurasian lynx"  # a card the file leaves out keeps cards.json's


def test_spanish_card_faces_show_the_spanish_name_and_the_scientific_one(spanish: None) -> None:
    from widgets.ecosfera.cards import card_face
    from widgets.scene import Text

    cards = default_cards()
    for code in (*cards.plant_codes, *cards.animal_codes):
        words = " ".join(
            s.text for s in card_face(code, cards, 0, 0, id="c") if isinstance(s, Text)
        )
        for part in cards.name(code).split():
            assert part in words, (code, cards.name(code), words)
        assert "…" not in words, (code, words)
    assert "Ursus maritimus" in " ".join(
        s.text for s in card_face(207, cards, 0, 0, id="c") if isinstance(s, Text)
    )


def test_the_keyboard_list_gives_the_scientific_name(spanish: None) -> None:
    from widgets.ecosfera.table_words import target_words

    game = Ecosfera(("Tú",), 3)
    plant = next(c for c in game.plant_row if c)
    said = target_words(game, f"plant:{plant}")
    card = game.cards.card(plant)
    assert said is not None and species_name(card) in said and card.latin in said


# ------------------------------------------------------------------------ the scoring pad


def test_the_pad_reads_biome_names_in_spanish_with_or_without_accents(spanish: None) -> None:
    from widgets.nuevos_mundos.pad_words import parse_cards

    ocean, coast, jungle, high_mountain, taiga, tundra = 65, 66, 67, 70, 71, 72
    assert parse_cards("s:selva s:oceano s:océano s:costa") == [
        (jungle, None),
        (ocean, None),
        (ocean, None),
        (coast, None),
    ]
    assert parse_cards("s:alta montaña=45 s:alta-montana s:Tundra_Ártica") == [
        (high_mountain, 45),
        (high_mountain, None),
        (tundra, None),
    ]
    assert parse_cards("s:taiga asentamiento:taiga=53 s:alta 42") == [
        (taiga, None),
        (taiga, 53),
        (high_mountain, None),
        (42, None),
    ]
    # the English names still work at a Spanish table
    assert parse_cards("s:jungle s:high-mountain") == [(jungle, None), (high_mountain, None)]


def test_the_pad_explains_a_biome_in_spanish(spanish: None) -> None:
    from widgets.nuevos_mundos.pad import ScoringPad

    pad = ScoringPad(players=("Ana", "Ben"), modules=["human_settlements"])
    assert not pad.set_cards("Ana", "50 s:volcán")
    assert "No hay ningún bioma llamado «volcán»" in pad.status.text
    assert "alta montaña" in pad.status.text and "high" not in pad.status.text
    assert not pad.set_cards("Ana", "s:t")
    assert "podría ser taiga o tundra ártica" in pad.status.text
    assert pad.set_cards("Ana", "50 s:tundra ártica s:selva")
    assert pad.worlds()["Ana"] == [50, "settlement:arctic_tundra", "settlement:jungle"]
    assert pad.toggle("Ana", 70)  # a click on the high mountain settlement
    assert pad._card_boxes[0].value == "50 s:tundra-ártica s:selva s:alta-montaña"
    shown = " ".join([pad.status.text, *pad.scene().texts(), pad.table_html()])
    assert english_in(shown) == []


def test_the_pads_help_names_biomes_in_spanish(spanish: None) -> None:
    intro = t("nuevos_mundos_pad.intro")
    assert "s:selva" in intro and "español" in intro
    assert "s:selva" in t("nuevos_mundos_pad.cards_placeholder")


# ------------------------------------------------------------------------ lists


def test_a_choice_of_one_is_joined_with_or() -> None:
    from gamecore.words import join_alternatives, join_words

    assert join_alternatives(["taiga", "arctic tundra"], "en") == "taiga or arctic tundra"
    assert join_alternatives(["a", "b", "c"], "es") == "a, b o c"
    assert join_alternatives(["suricata", "oso polar"], "es") == "suricata u oso polar"
    assert join_alternatives(["reno", "hormiga"], "es") == "reno u hormiga"
    assert join_words(["aguja", "hilo"], "es") == "aguja e hilo"
    assert join_words(["sol", "hielo"], "es") == "sol y hielo"  # "hie" sounds like "y"
    assert join_words(["sun", "ice"], "en") == "sun and ice"
    assert join_alternatives(["x"], "es") == "x" and join_alternatives([], "es") == ""


def test_plants_a_selection_pays_for_are_alternatives(spanish: None) -> None:
    from gamecore.ecosfera.data import is_element
    from gamecore.ecosfera.explain import name_of, plants_paid_by

    for seed in range(60):
        table = EcosferaTable(seed=seed)
        game = table.game
        elements = [c for c in game.lines[0] if is_element(c)]
        exact = [p.plant for p in plants_paid_by(game, elements) if p.missing is None]
        if len(exact) < 2:
            continue
        for code in elements:
            table.select(code)
        words = table.model.selection_words(still=True)
        names = [name_of(game.cards, c) for c in exact]
        assert f"{names[-2]} o {names[-1]}" in words or f"{names[-2]} u {names[-1]}" in words
        return
    raise AssertionError("no seed of 60 pays for two plants at once")


# ------------------------------------------------------------------------ refusals


@pytest.mark.parametrize("name", ["nuevos-mundos", "ecosfera"])
def test_engine_refusals_are_spanish(name: str, spanish: None) -> None:
    import random

    from gamecore.conformance import game_over_probe

    spec = gamecore.GAMES[name]
    reasons: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        game = gamecore.new_game(name, players=2, seed=seed)
        while not game.is_over and len(game.moves()) < 60:
            for action in spec.sample_illegal(game, rng):
                reason = game.why_illegal(action)
                assert reason, action
                reasons.add(reason)
            game.play(rng.choice(game.legal_actions()))
        if game.is_over:
            reasons.add(game.why_illegal(game_over_probe(game)) or "")
    assert len(reasons) > 5
    for reason in reasons:
        assert english_in(reason) == [], reason
    spanish_words = (" no ", " está", " tu ", " la ", " las ", " una ", " un ", " el ", " de ")
    assert all(any(w in f" {r} " for w in spanish_words) for r in reasons), reasons


def test_ecosfera_table_refusals_name_cards_in_spanish(spanish: None) -> None:
    table = EcosferaTable(seed=3)
    game = table.game
    plant = next(c for c in game.plant_row if c)
    table.click_target(f"plant:{plant}")  # nothing selected: what it costs, in Spanish
    problem = table.status.problem or table.status.text
    assert default_cards().name(plant) in problem
    assert english_in(problem) == [] and "P" + f"{plant - 100:02d}" not in problem


def test_nuevos_mundos_table_refusals_are_spanish(spanish: None) -> None:
    table = NuevosMundosTable(seed=5)
    table.play_selected("biome")  # nothing chosen yet
    assert table.status.problem and english_in(table.status.problem) == []
    table.select(table.game.hands[0][0])
    table.play_selected("biome")
    owner, card = next((p, w[0]) for p, w in enumerate(table.game.worlds) if w and p)
    said = table.model.explain("world", f"{owner}:{card}")
    assert said.startswith("El ") and f"en el mundo de {table.game.players[owner]}" in said
    assert english_in(said) == []
    said = table.model.explain("space", "1")
    assert "creación" in said and english_in(said) == []


def test_a_game_saved_in_english_loads_at_a_spanish_table() -> None:
    english = NuevosMundosTable(seed=9)
    english.select(english.game.hands[0][0])
    english.play_selected("digits")
    saved = english.save_text()
    gamecore.set_language("es")
    try:
        table = NuevosMundosTable(seed=1)
        assert table.load_text(saved)
        assert table.status.text.startswith("Te toca. Se cargó el archivo guardado: semilla 9")
        assert table.history[0].startswith("Jugaste el ")  # "You" is still spoken to
        assert not table.load_text("{}")
        assert "No se pudo cargar el archivo guardado" in table.status.problem
    finally:
        gamecore.set_language("en")


# ------------------------------------------------------------------------ whole games

YOU_AS_THIRD_PERSON = re.compile(r"\b(de|a) Tú\b|\bTú [a-záéíóúñ]")
""""la línea de Tú", "Tú pagó": the default human spoken of, instead of to."""


def _spanish_screen(texts: list[str]) -> None:
    for text in texts:
        assert english_in(text) == [], text
        assert YOU_AS_THIRD_PERSON.search(text) is None, text
        assert "del jugador humano" not in text, text


def test_a_whole_nuevos_mundos_game_reads_in_spanish(spanish: None) -> None:
    import random

    rng = random.Random(4)
    table = NuevosMundosTable(seed=4, modules=("human_settlements", "discord"))
    kinds = {"TakeBiome": "biome", "TakeDigits": "digits", "Lay": "lay", "LastCard": "last"}
    while not table.game.is_over:
        action = rng.choice(table.game.legal_actions())
        if getattr(action, "card", None) is not None:
            table.select(action.card)
        assert table.play_selected(kinds.get(type(action).__name__, "none"))
        _spanish_screen([table.status.text, *table.describe(), *table.scene().texts()])
    while table.next_score_step():
        _spanish_screen([table.status.text, *table.scene().texts()])
    _spanish_screen(table.history)


def test_a_whole_ecosfera_team_game_reads_in_spanish(spanish: None) -> None:
    import random

    rng = random.Random(2)
    table = EcosferaTable(players=("Tú", "Ana"), seats=("human", "greedy"), seed=2, level=2)
    moves = 0
    while not table.game.is_over and moves < 250:
        if table.seats[table.game.current_player or 0] == "human":
            assert table.perform(rng.choice(table.game.legal_actions()))
        else:
            assert table.next_bot_move()
        moves += 1
        _spanish_screen([table.status.text, *table.scene().texts()])
    while table.next_score_step():
        _spanish_screen([table.status.text, *table.scene().texts()])
    _spanish_screen(table.history)
    assert any(line.startswith(("Pagaste", "Atrajiste", "Terminaste")) for line in table.history)


def test_plant_faces_show_the_scientific_name_where_there_is_room(spanish: None) -> None:
    from widgets.ecosfera.cards import card_face
    from widgets.scene import Text

    cards = default_cards()
    shown = 0
    for code in cards.plant_codes:
        latin = [
            s.text
            for s in card_face(code, cards, 0, 0, id="c")
            if isinstance(s, Text) and "-latin" in s.id
        ]
        genus, _, rest = cards.card(code).latin.partition(" ")
        if latin:
            shown += 1
            assert " ".join(latin) in (cards.card(code).latin, f"{genus[0]}. {rest}")
    assert shown >= len(cards.plant_codes) * 3 // 4


def test_every_sentence_about_a_player_can_speak_to_the_default_human() -> None:
    """Each key code passes to ``about`` has a ``_you`` sentence in both languages (a bot's
    turn is the exception: the default human is never a bot), so "Tú" is never spoken of
    in the third person ("Le toca a Tú")."""
    from pathlib import Path

    from gamecore.words import catalog

    root = Path(__file__).resolve().parents[1]
    pattern = re.compile(r'about\(\s*"([a-z_]+\.[a-z_]+)"')
    keys = {k for path in root.glob("widgets/**/*.py") for k in pattern.findall(path.read_text())}
    bots_only = {
        "nuevos_mundos_table.bots_turn",
        "ecosfera_table.bot_turn",
        "nuevos_mundos_table.legend_waiting",
    }
    assert len(keys) > 30
    for lang in ("en", "es"):
        words = catalog(lang)
        for key in keys:
            assert key in words, (lang, key)
            assert key in bots_only or f"{key}_you" in words, (lang, key)


def test_no_spanish_card_face_cuts_its_words(spanish: None) -> None:
    from gamecore.ecosfera.data import ALL_DISASTERS, element_code
    from widgets.ecosfera.cards import card_face
    from widgets.scene import Text

    cards = default_cards()
    codes = [*cards.plant_codes, *cards.animal_codes, ALL_DISASTERS[0]]
    codes += [element_code(e, 1) for e in range(5)]
    for code in codes:
        for shape in card_face(code, cards, 0, 0, id="c"):
            if isinstance(shape, Text):
                assert "…" not in shape.text, (code, shape.text)
