"""Lesson 4's real-planet facts in the lesson's language.

``gamecore.nuevos_mundos.earth`` reads the facts from ``earth.json``, written in English (the
reference). This module gives the lesson the same facts in the chosen language: the biome
names come from the catalog, and the other texts (where each biome lies, its animals and
plants, the polar facts, the example places...) from a translation file beside this module,
``earth.<lang>.json``, which mirrors the English file's structure by biome name, animal and
plant position, and place name. A text the translation lacks stays in English, so a missing
line shows as a gap to fill, never as an error in class.

    from widgets.nuevos_mundos.lesson_earth import our_planet, climate_table
    planet = our_planet()          # an ``Earth`` whose words are in the chosen language
    climate_table(planet)          # its climate table, headers and rows in that language
"""

from __future__ import annotations

import json
import textwrap
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import Any

from gamecore.nuevos_mundos import earth
from gamecore.nuevos_mundos.data import BIOMES, biome_label
from gamecore.nuevos_mundos.earth import Earth, Table
from gamecore.words import get_language, join_words, t

CSS_CLASS = "mundos-lesson-table"
"""The CSS class of the lessons' HTML tables (the same as ``lesson.CSS_CLASS``)."""


def biome_title(name: str, lang: str | None = None) -> str:
    """A biome's name as a table or chart starts it: "High mountain", "Alta montaña"."""
    label = t(f"nuevos_mundos.biome_{name}", lang=lang) if lang else biome_label(BIOMES.index(name))
    return label[:1].upper() + label[1:]


@cache
def _translation(lang: str) -> dict[str, Any]:
    """The texts of ``earth.<lang>.json`` (empty for English, the reference, or a language
    without a translation yet)."""
    source = resources.files(__package__).joinpath(f"earth.{lang}.json")
    if lang == "en" or not source.is_file():
        return {}
    data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return data


def _pick(texts: dict[str, Any], key: str, english: Any) -> Any:
    value = texts.get(key)
    return english if value in (None, "", []) else value


def our_planet(lang: str | None = None) -> Earth:
    """The shipped facts with every word a student reads in ``lang`` (default: the chosen
    language)."""
    return _planet_in(lang or get_language())


@cache
def _planet_in(lang: str) -> Earth:
    planet = earth.load()
    texts = _translation(lang)
    biomes_texts = texts.get("biomes", {})
    biomes = []
    for b in planet.biomes:
        own = biomes_texts.get(b.name, {})
        animals = own.get("animals", [])
        plants = own.get("plants", [])
        biomes.append(
            replace(
                b,
                label=biome_title(b.name, lang),
                where=_pick(own, "where", b.where),
                regions=tuple(_pick(own, "regions", list(b.regions))),
                latitude_text=_pick(own, "latitude_text", b.latitude_text),
                game_simplifies=_pick(own, "game_simplifies", b.game_simplifies),
                animals=tuple(
                    replace(
                        a, name=_pick(mine, "name", a.name), where=_pick(mine, "where", a.where)
                    )
                    for a, mine in zip(b.animals, [*animals, *[{}] * len(b.animals)])
                ),
                plants=tuple(
                    replace(p, name=_pick(mine, "name", p.name), note=_pick(mine, "note", p.note))
                    for p, mine in zip(b.plants, [*plants, *[{}] * len(b.plants)])
                ),
            )
        )
    places_texts = texts.get("places", {})
    places = tuple(
        replace(
            p,
            name=_pick(places_texts.get(p.name, {}), "name", p.name),
            not_in_game=_pick(places_texts.get(p.name, {}), "not_in_game", p.not_in_game),
        )
        for p in planet.places
    )
    polar_texts = texts.get("polar", {})
    polar = replace(
        planet.polar,
        **{
            field: _pick(polar_texts, field, getattr(planet.polar, field))
            for field in (
                "summary",
                "polar_bear_where",
                "polar_bear_lives_on",
                "penguin_species",
                "penguins_where",
                "penguins_northernmost",
                "why_different_poles",
            )
        },
    )
    return replace(
        planet,
        sources=_pick(texts, "sources", planet.sources),
        biomes=tuple(biomes),
        places=places,
        polar=polar,
    )


def count_biomes(planet: Earth) -> str:
    """How many biomes the game has, and their names: "8 biomes: Ocean, Coast, ..."."""
    names = join_words([b.label for b in planet.biomes])
    return t("nuevos_mundos_lessons.biome_count", n=len(planet.biomes), names=names)


def fit_text(planet: Earth, names: list[str]) -> str:
    """The biomes whose climate box holds a place ("Taiga and High mountain"), or a
    sentence saying that no game biome does."""
    if not names:
        return t("nuevos_mundos_lessons.no_game_biome_fits")
    return t(
        "nuevos_mundos_lessons.biomes_fit",
        names=join_words([planet.biome(name).label for name in names]),
    )


def town(temperature_c: float, precipitation_mm: float, name: str | None = None) -> earth.Place:
    """A student's own town for the climate chart ("Our town" unless named)."""
    return earth.Place(
        name or t("nuevos_mundos_lessons.our_town"),
        temperature_c=temperature_c,
        precipitation_mm=precipitation_mm,
        biome=None,
    )


def climate_table(planet: Earth | None = None) -> Table:
    """Each biome's approximate climate and where it lies (default: the shipped facts in the
    chosen language)."""
    planet = planet or our_planet()
    rows = []
    for b in planet.biomes:
        t0, t1 = b.climate.temperature_c
        p0, p1 = b.climate.precipitation_mm
        rows.append(
            (
                b.label,
                t("nuevos_mundos_lessons.range", low=f"{t0:g}", high=f"{t1:g}"),
                t("nuevos_mundos_lessons.range", low=f"{p0:g}", high=f"{p1:g}"),
                b.latitude_text,
            )
        )
    headers = (
        t("lessons.nm_col_biome"),
        t("nuevos_mundos_lessons.col_mean_temperature"),
        t("nuevos_mundos_lessons.col_rain_per_year"),
        t("nuevos_mundos_lessons.col_where_on_globe"),
    )
    return Table(headers, tuple(rows), CSS_CLASS)


def animal_table(planet: Earth) -> Table:
    """One row per animal: the game's biome, the animal, where it lives, its hemisphere."""
    rows = tuple(
        (b.label, a.name, a.where, t(f"nuevos_mundos_lessons.hemisphere_{a.hemisphere}"))
        for b in planet.biomes
        for a in b.animals
    )
    headers = (
        t("lessons.nm_col_biome"),
        t("nuevos_mundos_lessons.col_animal"),
        t("nuevos_mundos_lessons.col_where_it_lives"),
        t("nuevos_mundos_lessons.col_hemisphere"),
    )
    return Table(headers, rows, CSS_CLASS)


def simplifications(planet: Earth) -> Table:
    """What the game simplifies, biome by biome."""
    headers = (t("lessons.nm_col_biome"), t("nuevos_mundos_lessons.col_game_simplifies"))
    return Table(headers, tuple((b.label, b.game_simplifies) for b in planet.biomes), CSS_CLASS)


def polar_facts(planet: Earth, width: int = 76) -> str:
    """Why polar bears and penguins never meet, in titled sections wrapped to ``width``."""
    polar = planet.polar
    sections = (
        (t("nuevos_mundos_lessons.polar_in_short"), polar.summary),
        (
            t("nuevos_mundos_lessons.polar_bears"),
            f"{polar.polar_bear_where} {polar.polar_bear_lives_on}",
        ),
        (
            t("nuevos_mundos_lessons.polar_penguins"),
            f"{polar.penguin_species} {polar.penguins_where} {polar.penguins_northernmost}",
        ),
        (t("nuevos_mundos_lessons.polar_two_poles"), polar.why_different_poles),
    )
    return "\n\n".join(f"{title.upper()}\n{textwrap.fill(text, width)}" for title, text in sections)


def sources(planet: Earth, width: int = 76) -> str:
    """The kinds of references the facts were checked against, wrapped to ``width``."""
    return textwrap.fill(planet.sources, width)


__all__ = [
    "animal_table",
    "biome_title",
    "climate_table",
    "count_biomes",
    "fit_text",
    "our_planet",
    "polar_facts",
    "simplifications",
    "sources",
    "town",
]
