"""The Nuevos Mundos lessons in Spanish: what the helpers of lessons 1-5 show a student in a
notebook under notebooks/es/ (the kernel speaks Spanish there), in plain Python.

The lessons' code cells are the same in both languages, so every word they show must come
from the catalog, the Spanish quiz file or the Spanish translation of lesson 4's facts; a
word left in English would show up here.
"""

from __future__ import annotations

import json
import re
from importlib import resources

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from matplotlib.text import Text

from gamecore.experiments import bot, run_study
from gamecore.nuevos_mundos import earth, score
from gamecore.words import get_language, set_language, t
from widgets.nuevos_mundos import lesson
from widgets.nuevos_mundos import lesson_earth as earth_words
from widgets.nuevos_mundos.charts import bot_chart, climate_chart
from widgets.nuevos_mundos.lesson_quizzes import biome_quiz, load_quiz_data, quiz_file
from widgets.study_charts import seat_chart

ENGLISH = re.compile(r"\b(the|and|of|with|which|where|seat|games|won|random|greedy)\b")
"""Words that would give away an English text in a Spanish table or chart."""


@pytest.fixture(autouse=True)
def spanish():
    before = get_language()
    set_language("es")
    yield
    set_language(before)
    plt.close("all")


@pytest.fixture(scope="module")
def tournament():
    bots = ["random", "greedy", bot("search", label="search", iterations=2)]
    return run_study("nuevos-mundos", games=6, seed=7, bots=bots, seating="all_orders")


def test_every_text_of_lesson_4_has_its_spanish_translation():
    english, spanish = earth.load(), earth_words.our_planet("es")
    for en, es in zip(english.biomes, spanish.biomes):
        assert es.label == t(f"nuevos_mundos.biome_{en.name}").capitalize()
        for field in ("where", "latitude_text", "game_simplifies"):
            assert getattr(es, field) != getattr(en, field), f"{en.name}.{field} is English"
        assert len(es.regions) == len(en.regions) and es.regions != en.regions
        for a, b in zip(en.animals, es.animals):
            assert (a.name, a.where) != (b.name, b.where) and a.hemisphere == b.hemisphere
        for a, b in zip(en.plants, es.plants):
            assert a.note != b.note, f"{en.name}: {a.name} is English"
        assert es.climate == en.climate
    assert spanish.sources != english.sources
    for field in ("summary", "polar_bear_where", "penguins_where", "why_different_poles"):
        assert getattr(spanish.polar, field) != getattr(english.polar, field)
    assert spanish.polar.penguin_latitudes == english.polar.penguin_latitudes
    for a, b in zip(english.places, spanish.places):
        assert (a.temperature_c, a.precipitation_mm, a.biome) == (
            b.temperature_c,
            b.precipitation_mm,
            b.biome,
        )
    assert [p.name for p in spanish.places][:3] == [
        "Manaos, Brasil",
        "Uagadugú, Burkina Faso",
        "El Cairo, Egipto",
    ]


def test_the_translation_names_only_biomes_animals_plants_and_places_that_exist():
    """A typo in a biome name or a place name in earth.es.json would silently fall back to
    English: every key must name something of the English file."""
    data = json.loads(
        resources.files("widgets.nuevos_mundos").joinpath("earth.es.json").read_text("utf-8")
    )
    english = earth.load()
    assert set(data["biomes"]) == {b.name for b in english.biomes}
    for b in english.biomes:
        own = data["biomes"][b.name]
        assert len(own["animals"]) == len(b.animals) and len(own["plants"]) == len(b.plants)
    assert set(data["places"]) == {p.name for p in english.places}


def test_lesson_4_tables_and_sentences_are_spanish():
    planet = earth_words.our_planet()
    assert earth_words.count_biomes(planet) == (
        "8 biomas: Océano, Costa, Selva, Sabana, Desierto, Alta montaña, Taiga y Tundra ártica."
    )
    table = earth_words.climate_table()
    assert table.headers[0] == "Bioma" and table.rows[2][:3] == ("Selva", "20 a 28", "2000 a 4500")
    animals = earth_words.animal_table(planet)
    assert animals.rows[-5][:2] == ("Tundra ártica", "oso polar")
    assert {row[3] for row in animals.rows} <= {"norte", "sur", "los dos"}
    assert earth_words.simplifications(planet).headers == ("Bioma", "Qué simplifica el juego")
    assert earth_words.polar_facts(planet).startswith("EN POCAS PALABRAS\nLos osos polares")
    assert earth_words.fit_text(planet, ["taiga", "high_mountain"]) == (
        "Biomas del juego en cuya caja cae: Taiga y Alta montaña."
    )
    assert "templado" in earth_words.fit_text(planet, [])
    assert earth_words.town(15, 600).name == "Nuestro pueblo"
    fits = lesson.climate_fits(planet, planet.places)
    assert fits.rows[-1] == (
        "Londres, Reino Unido",
        "11",
        "600",
        "ningún bioma del juego (bosque templado caducifolio)",
    )
    for row in (*animals.rows, *fits.rows, *lesson.biome_places(planet).rows):
        assert not ENGLISH.search(" ".join(row)), row


def test_lesson_4_in_english_reads_as_before():
    set_language("en")
    planet = earth_words.our_planet()
    assert planet.biomes[5].label == "High mountain"
    assert planet.biomes[5].where == earth.load().biomes[5].where
    assert earth_words.climate_table().headers[1] == "Mean temperature (°C, approx.)"
    assert earth_words.fit_text(planet, []) == earth.NO_GAME_BIOME


def test_the_spanish_quiz_asks_the_same_questions_with_the_same_answers():
    assert quiz_file("biome_quiz", "es") == "biome_quiz.es.json"
    assert quiz_file("biome_quiz", "en") == "biome_quiz.json"
    english, spanish = load_quiz_data("biome_quiz.json"), load_quiz_data("biome_quiz.es.json")
    assert [q["answer"] for q in spanish["questions"]] == [
        q["answer"] for q in english["questions"]
    ]
    assert [len(q["options"]) for q in spanish["questions"]] == [
        len(q["options"]) for q in english["questions"]
    ]
    quiz = biome_quiz()
    assert quiz.title == "Los biomas de nuestro planeta: test rápido"
    assert quiz.questions[0].text.startswith("Los osos polares")


def test_the_settlement_sentence_and_the_numbered_players_are_spanish():
    auto = score(
        {"Ana": [33, 35, "settlement:desert"], "Ben": [36, 37, 40]}, modules=["human_settlements"]
    )
    fixed = score(
        {"Ana": [33, 35, "settlement:desert=40"], "Ben": [36, 37, 40]},
        modules=["human_settlements"],
    )
    assert lesson.settlement_totals("Ana", auto, fixed, 40) == [
        "Ana: 7 puntos con el valor que eligió el motor; 4 puntos con el asentamiento como 40."
    ]
    assert lesson.numbered_players(3) == ("Jugador 1", "Jugador 2", "Jugador 3")


def test_lesson_5_numbers_are_written_the_spanish_way(tournament):
    seats = run_study("nuevos-mundos", games=40, seed=2024, players=4, bots="random")
    lines = lesson.seat_results(seats)
    assert all(re.search(r"\d,\d\u00a0%", line) for line in lines[1:]), lines
    assert re.search(r"\d,\d\d turnos", str(lesson.seat_turns(seats)))
    table = lesson.tournament_table(tournament)
    assert [row[0] for row in table.rows] == ["aleatorio", "voraz", "de búsqueda"]
    assert all("," in row[3] and "." not in row[3] for row in table.rows)
    assert "%" in table.rows[0][1] and "\u00a0%" in table.rows[0][1]


def test_lesson_5_and_4_charts_are_spanish(tournament):
    fig = bot_chart(tournament)
    fig.canvas.draw()
    ticks = [x.get_text() for x in fig.axes[0].get_xticklabels()]
    assert ticks == ["aleatorio", "voraz", "de búsqueda"]
    words = [x.get_text() for x in fig.findobj(Text) if x.get_text()]
    assert "Biodiversidad" in words and "Biomas dominantes" in words
    seats = run_study("nuevos-mundos", games=24, seed=2024, players=4, bots="random")
    fig = seat_chart(seats)
    fig.canvas.draw()
    assert fig.axes[0].get_title() == "¿Quién gana? 24 partidas entre cuatro bots aleatorios"
    assert any("\u00a0%" in x.get_text() for x in fig.findobj(Text))
    planet = earth_words.our_planet()
    fig = climate_chart(planet, planet.places)
    fig.canvas.draw()
    words = {x.get_text() for x in fig.findobj(Text)}
    assert {"Selva", "Taiga", "Manaos", "Londres"} <= words
    assert not {"Jungle", "London", "Manaus"} & words
