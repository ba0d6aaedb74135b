"""In Spanish, no English id reaches the screen: bot kinds, nature icons, elements, abilities.

Code used to pass raw ids ("greedy", "sun", "earth") into sentences; each test here plays
or draws in Spanish and checks the English id is gone, and that English still reads the same.
"""

from __future__ import annotations

import pytest

import gamecore
from gamecore import IllegalAction
from gamecore.ecosfera import Ecosfera, EndTurn
from gamecore.nuevos_mundos import NuevosMundos
from gamecore.words import t
from widgets.ecosfera import charts, lesson
from widgets.ecosfera.table import EcosferaTable
from widgets.nuevos_mundos.pad_words import tie_break_note as pad_tie_break_note
from widgets.nuevos_mundos.table import NuevosMundosTable
from widgets.nuevos_mundos.table_words import tie_break_note
from widgets.words import bot_kind_words

# ------------------------------------------------------------------------ bot kinds


def test_bot_kinds_have_words_in_both_languages() -> None:
    kinds = ("greedy", "random", "search", "planner", "human")
    assert [bot_kind_words(k) for k in kinds] == list(kinds)  # English reads as before
    gamecore.set_language("es")
    try:
        spanish = [bot_kind_words(k) for k in kinds]
    finally:
        gamecore.set_language("en")
    assert spanish == ["voraz", "aleatorio", "de búsqueda", "planificador", "persona"]


def test_ecosfera_bot_turn_names_the_kind_in_spanish(spanish: None) -> None:
    table = EcosferaTable(
        players=("Ana", "Robo"), seats=("human", "greedy"), seed=2, step_bots=True
    )
    table.perform(EndTurn())
    shown = " ".join([table.status.text, *table.scene().texts(), table.model.refusal() or ""])
    assert "bot voraz" in shown
    assert "greedy" not in shown.lower()
    assert table.next_bot_move()
    assert "greedy" not in " ".join(table.history).lower()


def test_ecosfera_bot_turn_in_english_is_unchanged() -> None:
    table = EcosferaTable(
        players=("Ana", "Robo"), seats=("human", "greedy"), seed=2, step_bots=True
    )
    table.perform(EndTurn())
    assert "Robo (greedy bot) to play" in table.status.text


def test_nuevos_mundos_seat_words_in_spanish(spanish: None) -> None:
    table = NuevosMundosTable(
        players=("Ana", "Lu", "Max"), seats=("human", "random", "search"), seed=21
    )
    texts = " ".join(table.scene().texts())
    assert "bot aleatorio" in texts and "bot de búsqueda" in texts
    assert "random" not in texts.lower() and "search" not in texts.lower()


def test_a_failing_bot_is_named_in_spanish(spanish: None, monkeypatch) -> None:
    class Broken:
        def choose(self, view, legal):
            raise RuntimeError("sin ideas")

    table = NuevosMundosTable(
        players=("Ana", "Bot"), seats=("human", "greedy"), seed=11, step_bots=True
    )
    monkeypatch.setattr(table, "_make_bot", lambda kind, seed: Broken())
    table.select(table.game.hands[0][0])
    assert table.play_selected("lay")
    assert table.next_bot_move()
    assert "El bot voraz falló: sin ideas" in table.history[-1]
    assert "greedy" not in table.history[-1]


# ------------------------------------------------------------------ nature icons


def _tied_sheet() -> gamecore.ScoreSheet:
    sheet = gamecore.nuevos_mundos.score({"Ana": [1, 2, 3], "Ben": [9, 10, 11]})
    assert sheet.total("Ana") == sheet.total("Ben")  # sun decides: Ana 1, Ben 3
    return sheet


def test_the_tie_break_names_the_icon_in_spanish(spanish: None) -> None:
    table_note = tie_break_note(_tied_sheet())
    pad_note = pad_tie_break_note(_tied_sheet())
    assert pad_note is not None
    assert "decide sol: Ana 1 y Ben 3" in table_note
    assert "(sol: Ben 3, Ana 1)" in pad_note
    assert "sun" not in table_note and "sun" not in pad_note


def test_the_tie_break_in_english_is_unchanged() -> None:
    assert "and sun decides: Ana 1 and Ben 3." in tie_break_note(_tied_sheet())
    assert "(sun: Ben 3, Ana 1)" in (pad_tie_break_note(_tied_sheet()) or "")


# ------------------------------------------------------------------ imagined games


def _imagined() -> NuevosMundos:
    return NuevosMundos.imagined(("Ana", "Ben"), 3, NuevosMundos.normalise_options(2, {}))


def test_an_imagined_game_refuses_undo_and_save_in_spanish(spanish: None) -> None:
    with pytest.raises(IllegalAction) as undo:
        _imagined().undo()
    with pytest.raises(IllegalAction) as save:
        _imagined().to_json()
    assert str(undo.value.reason).startswith("no se puede deshacer")
    assert str(save.value.reason).startswith("no se puede guardar")
    assert "undo" not in undo.value.reason and "save" not in save.value.reason


def test_an_imagined_game_refuses_in_the_same_english_words() -> None:
    tail = ": it is a bot's guess at the hidden cards, not a real game"
    assert t("core.determinized_undo") == "cannot undo this game" + tail
    assert t("core.determinized_save") == "cannot save this game" + tail
    with pytest.raises(IllegalAction) as undo:
        _imagined().undo()
    assert undo.value.reason == "cannot undo this game" + tail


# ------------------------------------------------------------- Ecosfera lessons and charts

ELEMENT_IDS = ("earth", "water", "time", "sun", "air")


def test_lesson_pieces_and_tables_name_elements_and_biomes_in_spanish(spanish: None) -> None:
    texts = lesson.components().scene.texts()
    assert {"tierra", "agua", "tiempo", "sol", "aire"} <= set(texts)
    assert not set(ELEMENT_IDS) & set(texts)
    needs = lesson.element_needs()
    assert needs.headers[2:7] == ("tierra", "agua", "tiempo", "sol", "aire")
    assert (
        needs.rows[0][0] == "Taiga" and lesson.biome_label("temperate forest") == "Bosque templado"
    )
    costs = " ".join(row[0] for row in lesson.cost_groups().rows)
    assert "agua + sol" in costs and "water" not in costs
    words = " ".join(str(lesson.table_words(Ecosfera(players=("Ana",), seed=3))).split())
    assert "tierra 11, agua 11" in words and "más, renovar y movimiento" in words
    assert not any(f"{e} 11" in words for e in ELEMENT_IDS) and "refresh" not in words


def test_lesson_tables_in_english_are_unchanged() -> None:
    assert lesson.element_needs().headers[2:7] == ELEMENT_IDS
    assert lesson.biome_label("temperate forest") == "Temperate forest"
    assert "water + sun" in [row[0] for row in lesson.cost_groups().rows]
    words = " ".join(str(lesson.table_words(Ecosfera(players=("Ana",), seed=3))).split())
    assert "earth 11, water 11" in words and "plus, refresh and movement" in words


def test_charts_name_the_elements_in_spanish(spanish: None) -> None:
    study = charts.load_published()["greedy"]
    assert [row[0] for row in charts.element_demand().rows] == [
        "tierra",
        "agua",
        "tiempo",
        "sol",
        "aire",
    ]
    assert charts.study_table(study).headers[-2:] == ("Agua: mazo agotado", "Sol: mazo agotado")
    assert charts.ran_out_table(study).headers[1:] == ("tierra", "agua", "tiempo", "sol", "aire")
    figure = charts.supply_chart(study)
    labels = {
        text.get_text()
        for axes in figure.axes
        if axes.get_legend()
        for text in axes.get_legend().get_texts()
    }
    assert labels == {"mazo de agua", "mazo de sol"}


def test_the_bots_table_names_the_bots_in_spanish(spanish: None) -> None:
    rows = charts.bots_by_level(charts.load_published()).rows
    assert [row[0] for row in rows] == ["planificador", "voraz", "aleatorio"]
    assert [row[0] for row in charts.bots_by_level({"class": {}}).rows] == ["class"]


def test_charts_in_english_are_unchanged() -> None:
    study = charts.load_published()["greedy"]
    assert [row[0] for row in charts.element_demand().rows] == list(ELEMENT_IDS)
    assert charts.study_table(study).headers[-2:] == ("Water ran out", "Sun ran out")
    assert charts.ran_out_table(study).headers[1:] == ELEMENT_IDS
    rows = charts.bots_by_level(charts.load_published()).rows
    assert [row[0] for row in rows] == ["planner", "greedy", "random"]


def test_ability_choices_name_the_owner_in_each_language(spanish: None) -> None:
    game = Ecosfera(players=("Ana", "Ben"), seed=3)
    spanish_words = " ".join(str(lesson.choices(game)).split())
    assert "Usar la ficha «más» de Ana: una carta más del mazo" in spanish_words
    assert "use " not in spanish_words.lower()
    gamecore.set_language("en")
    english = " ".join(str(lesson.choices(game)).split())
    assert "Use Ana's plus tile: an extra card from the deck" in english
    assert "their" not in english
