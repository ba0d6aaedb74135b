"""The game's eight biomes on our real planet, read from ``earth.json`` (lesson 4).

For each biome: where it is, its latitude band, an approximate climate range (mean annual
temperature and annual precipitation, as on a Whittaker biome diagram), real animals and
plants, and what the game simplifies. Plus the facts behind the rulebook's own warning that
polar bears and penguins never meet.

    from gamecore.nuevos_mundos import earth
    e = earth.load()
    e.biome("taiga").climate.temperature_c      # (-10.0, 5.0), an approximate range
    e.biomes_with_animal("polar bear")          # ['arctic_tundra']
    e.animal_table()                            # a table that shows itself in a notebook

The climate numbers are approximate ranges of typical places, not limits.
"""

from __future__ import annotations

import html
import json
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from ..words import t
from .data import BIOME_LABELS, BIOMES

DEFINED_BY = ("climate", "altitude", "water")
"""What makes a biome: its climate (the Whittaker diagram), its altitude, or the sea."""
HEMISPHERES = ("north", "south", "both")
HEMISPHERE_WORDS = {"north": "northern", "south": "southern", "both": "both"}
NO_GAME_BIOME = "No game biome fits: probably a temperate biome that the game leaves out."
"""What ``Earth.fit_text`` says when no game biome holds a climate."""


def format_latitude(latitude: float) -> str:
    """A latitude in degrees as a reader writes it: ``-78`` -> "78°S", ``51`` -> "51°N".

    South is negative; the equator is "0°".
    """
    if round(latitude) == 0:
        return "0°"
    return f"{abs(latitude):.0f}°{'N' if latitude > 0 else 'S'}"


@dataclass(frozen=True)
class Animal:
    name: str
    where: str
    hemisphere: str
    """Where its wild range lies: "north", "south" or "both" (it crosses the equator)."""


@dataclass(frozen=True)
class Plant:
    name: str
    note: str


@dataclass(frozen=True)
class Climate:
    """Approximate ranges of typical places (the numbers are rounded, not limits)."""

    temperature_c: tuple[float, float]
    """Mean annual temperature, lowest to highest, in degrees Celsius."""
    precipitation_mm: tuple[float, float]
    """Annual rain and snow (as water), lowest to highest, in millimetres."""
    approximate: bool
    note: str

    @property
    def temperature_mid(self) -> float:
        return sum(self.temperature_c) / 2

    @property
    def precipitation_mid(self) -> float:
        return sum(self.precipitation_mm) / 2

    def describe(self) -> str:
        """The ranges in words: "about -10 to 5 °C, 300-900 mm of rain and snow a year"."""
        t0, t1 = self.temperature_c
        p0, p1 = self.precipitation_mm
        return f"about {t0:g} to {t1:g} °C, {p0:g}-{p1:g} mm of rain and snow a year"


@dataclass(frozen=True)
class BiomeOnEarth:
    name: str
    """The game's biome name (as in ``gamecore.nuevos_mundos.BIOMES``)."""
    label: str
    defined_by: str
    where: str
    regions: tuple[str, ...]
    latitude_bands: tuple[tuple[float, float], ...]
    """(south limit, north limit) in degrees; south is negative."""
    latitude_text: str
    climate: Climate
    animals: tuple[Animal, ...]
    plants: tuple[Plant, ...]
    game_simplifies: str

    @property
    def on_whittaker_chart(self) -> bool:
        """True for the biomes a climate defines (the land biomes of the diagram)."""
        return self.defined_by != "water"

    def animal_names(self) -> list[str]:
        return [a.name for a in self.animals]


@dataclass(frozen=True)
class Place:
    """A real place with its long-term climate averages (rounded), for the climate chart."""

    name: str
    temperature_c: float
    precipitation_mm: float
    biome: str | None
    """The game biome whose climate box it falls in; None if the game has no such biome."""
    not_in_game: str = ""
    """For a place outside every game biome: the real biome it belongs to."""


@dataclass(frozen=True)
class PolarFacts:
    """Why polar bears and penguins never meet (the rulebook's own warning)."""

    summary: str
    polar_bear_where: str
    polar_bear_lives_on: str
    polar_bear_hemisphere: str
    polar_bear_biomes: tuple[str, ...]
    polar_bear_latitudes: tuple[float, float]
    polar_bear_latitudes_text: str
    penguin_species: str
    penguins_where: str
    penguins_northernmost: str
    penguin_hemisphere: str
    penguin_biomes: tuple[str, ...]
    penguin_latitudes: tuple[float, float]
    penguin_latitudes_text: str
    why_different_poles: str

    def sections(self) -> tuple[tuple[str, str], ...]:
        """The facts as (title, text) pairs, in teaching order: the short answer first."""
        return (
            ("In short", self.summary),
            ("Polar bears", f"{self.polar_bear_where} {self.polar_bear_lives_on}"),
            (
                "Penguins",
                f"{self.penguin_species} {self.penguins_where} {self.penguins_northernmost}",
            ),
            ("Two different poles", self.why_different_poles),
        )

    def explain(self, width: int = 96) -> str:
        """The sections as text to print: a title in capitals, its text wrapped to ``width``
        characters, and a blank line after each section."""
        return "".join(
            f"{title.upper()}\n{textwrap.fill(text, width)}\n\n" for title, text in self.sections()
        )[:-1]


@dataclass(frozen=True)
class Table:
    """Rows of text with headers; shows as an HTML table in a notebook, as text elsewhere."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    css_class: str = "mundos-earth-table"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def __str__(self) -> str:
        widths = [
            max(len(h), *(len(r[i]) for r in self.rows)) if self.rows else len(h)
            for i, h in enumerate(self.headers)
        ]
        lines = [" | ".join(h.ljust(w) for h, w in zip(self.headers, widths)).rstrip()]
        lines.append("-+-".join("-" * w for w in widths))
        for row in self.rows:
            lines.append(" | ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "".join(f'<th style="text-align:left">{esc(h)}</th>' for h in self.headers)
        body = "".join(
            "<tr>" + "".join(f'<td style="text-align:left">{esc(c)}</td>' for c in row) + "</tr>"
            for row in self.rows
        )
        return (
            f'<table class="{esc(self.css_class)}"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>"
        )


@dataclass(frozen=True)
class Earth:
    about: str
    sources: str
    biomes: tuple[BiomeOnEarth, ...]
    polar: PolarFacts
    places: tuple[Place, ...]
    places_note: str

    def biome(self, name: str) -> BiomeOnEarth:
        """One biome by its game name (``"high_mountain"``) or label (``"High mountain"``)."""
        for b in self.biomes:
            if name in (b.name, b.label) or name.lower() == b.label.lower():
                return b
        names = ", ".join(b.name for b in self.biomes)
        raise ValueError(t("nuevos_mundos_data.earth_unknown_biome", name=repr(name), biomes=names))

    def biomes_with_animal(self, words: str) -> list[str]:
        """The biomes listing an animal whose name contains ``words`` (any case)."""
        words = words.lower()
        return [b.name for b in self.biomes if any(words in a.name.lower() for a in b.animals)]

    def biomes_for_climate(
        self, temperature_c: float, precipitation_mm: float, *, with_mountains: bool = False
    ) -> list[str]:
        """The land biomes whose approximate climate box holds this climate.

        Only the biomes a climate defines are considered (not the ocean or the coast);
        the high mountain, which altitude defines, only ``with_mountains``. An empty list
        means that the game has no card for that climate (most temperate places).
        """
        found = []
        for b in self.biomes:
            if b.defined_by == "water" or (b.defined_by == "altitude" and not with_mountains):
                continue
            (t0, t1), (p0, p1) = b.climate.temperature_c, b.climate.precipitation_mm
            if t0 <= temperature_c <= t1 and p0 <= precipitation_mm <= p1:
                found.append(b.name)
        return found

    def biomes_for_place(self, place: Place, *, with_mountains: bool = False) -> list[str]:
        """The land biomes whose approximate climate box holds ``place``'s climate."""
        return self.biomes_for_climate(
            place.temperature_c, place.precipitation_mm, with_mountains=with_mountains
        )

    def fit_text(self, names: Sequence[str], nothing: str = NO_GAME_BIOME) -> str:
        """The labels of the biomes ``names`` ("Taiga, High mountain"), or ``nothing`` if
        there are none."""
        return ", ".join(self.biome(name).label for name in names) or nothing

    def climate_table(self) -> Table:
        """Each biome's approximate climate and where it lies."""
        rows = []
        for b in self.biomes:
            t0, t1 = b.climate.temperature_c
            p0, p1 = b.climate.precipitation_mm
            rows.append((b.label, f"{t0:g} to {t1:g}", f"{p0:g} to {p1:g}", b.latitude_text))
        return Table(
            (
                "Biome",
                "Mean temperature (°C, approx.)",
                "Rain and snow (mm/year, approx.)",
                "Where on the globe",
            ),
            tuple(rows),
        )

    def animal_table(self) -> Table:
        """One row per animal: the game's biome, the animal, where it lives, its hemisphere."""
        rows = tuple(
            (b.label, a.name, a.where, HEMISPHERE_WORDS[a.hemisphere])
            for b in self.biomes
            for a in b.animals
        )
        return Table(("Biome", "Animal", "Where it really lives", "Hemisphere"), rows)

    def simplifications(self) -> Table:
        """What the game simplifies, biome by biome."""
        return Table(
            ("Biome", "What the game simplifies"),
            tuple((b.label, b.game_simplifies) for b in self.biomes),
        )


def _pair(raw: Any, what: str, **values: str) -> tuple[float, float]:
    """A (low, high) range of earth.json; ``what`` names it (a catalog key, with ``values``)."""
    low, high = (float(x) for x in raw)
    if low > high:
        named = t(f"nuevos_mundos_data.{what}", **values)
        raise ValueError(
            t("nuevos_mundos_data.earth_range_backwards", what=named, low=low, high=high)
        )
    return (low, high)


def _biome(raw: dict[str, Any]) -> BiomeOnEarth:
    name = raw["name"]
    climate = raw["climate"]
    bands = tuple(_pair(band, "what_latitude_band", biome=name) for band in raw["latitude_bands"])
    for south, north in bands:
        if not -90 <= south <= north <= 90:
            raise ValueError(
                t("nuevos_mundos_data.earth_bad_band", biome=name, south=south, north=north)
            )
    biome = BiomeOnEarth(
        name=name,
        label=raw["label"],
        defined_by=raw["defined_by"],
        where=raw["where"],
        regions=tuple(raw["regions"]),
        latitude_bands=bands,
        latitude_text=raw["latitude_text"],
        climate=Climate(
            temperature_c=_pair(climate["temperature_c"], "what_temperature", biome=name),
            precipitation_mm=_pair(climate["precipitation_mm"], "what_precipitation", biome=name),
            approximate=bool(climate["approximate"]),
            note=climate["note"],
        ),
        animals=tuple(Animal(a["name"], a["where"], a["hemisphere"]) for a in raw["animals"]),
        plants=tuple(Plant(p["name"], p["note"]) for p in raw["plants"]),
        game_simplifies=raw["game_simplifies"],
    )
    if biome.defined_by not in DEFINED_BY:
        raise ValueError(
            t(
                "nuevos_mundos_data.earth_defined_by",
                biome=name,
                defined_by=repr(biome.defined_by),
                choices=", ".join(DEFINED_BY),
            )
        )
    for animal in biome.animals:
        if animal.hemisphere not in HEMISPHERES:
            raise ValueError(
                t(
                    "nuevos_mundos_data.earth_hemisphere",
                    animal=animal.name,
                    hemisphere=repr(animal.hemisphere),
                    choices=", ".join(HEMISPHERES),
                )
            )
    return biome


def parse(text: str) -> Earth:
    """Build and check the table from the text of an ``earth.json`` file."""
    data: dict[str, Any] = json.loads(text)
    biomes = tuple(_biome(b) for b in data["biomes"])
    if tuple(b.name for b in biomes) != BIOMES:
        raise ValueError(t("nuevos_mundos_data.earth_biome_order", biomes=", ".join(BIOMES)))
    for b in biomes:
        if b.label != BIOME_LABELS[b.name]:
            raise ValueError(
                t("nuevos_mundos_data.earth_label", biome=b.name, label=repr(BIOME_LABELS[b.name]))
            )
    known = set(BIOMES)
    places = tuple(
        Place(
            p["name"],
            float(p["temperature_c"]),
            float(p["precipitation_mm"]),
            p["biome"],
            p.get("not_in_game", ""),
        )
        for p in data["example_places"]["places"]
    )
    for place in places:
        if place.biome is not None and place.biome not in known:
            raise ValueError(
                t("nuevos_mundos_data.earth_place_biome", place=place.name, biome=repr(place.biome))
            )
    polar = data["polar_bears_and_penguins"]
    bear, penguins = polar["polar_bear"], polar["penguins"]
    return Earth(
        about=data["about"],
        sources=data["sources"],
        biomes=biomes,
        polar=PolarFacts(
            summary=polar["summary"],
            polar_bear_where=bear["where"],
            polar_bear_lives_on=bear["lives_on"],
            polar_bear_hemisphere=bear["hemisphere"],
            polar_bear_biomes=tuple(bear["biomes"]),
            polar_bear_latitudes=_pair(bear["latitudes"], "what_bear_latitudes"),
            polar_bear_latitudes_text=bear["latitudes_text"],
            penguin_species=penguins["species"],
            penguins_where=penguins["where"],
            penguins_northernmost=penguins["northernmost"],
            penguin_hemisphere=penguins["hemisphere"],
            penguin_biomes=tuple(penguins["biomes"]),
            penguin_latitudes=_pair(penguins["latitudes"], "what_penguin_latitudes"),
            penguin_latitudes_text=penguins["latitudes_text"],
            why_different_poles=polar["why_different_poles"],
        ),
        places=places,
        places_note=data["example_places"]["note"],
    )


@lru_cache(maxsize=1)
def load() -> Earth:
    """The table shipped with the game (read once)."""
    text = resources.files(__package__).joinpath("earth.json").read_text(encoding="utf-8")
    return parse(text)


__all__ = [
    "DEFINED_BY",
    "HEMISPHERES",
    "HEMISPHERE_WORDS",
    "NO_GAME_BIOME",
    "Animal",
    "BiomeOnEarth",
    "Climate",
    "Earth",
    "Place",
    "Plant",
    "PolarFacts",
    "Table",
    "format_latitude",
    "load",
    "parse",
]
