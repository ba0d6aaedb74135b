"""Small helpers that keep the Nuevos Mundos lesson cells short, and answer in sentences,
tables and pictures (never a Python list or dict):

- ``picture(game, select=card)``: the table as the player to move sees it;
- ``what_each_action_takes(game, card)``: what each of the three actions would do;
- ``world(game, player)`` and ``board(game)``: a world and the universe board in words;
- ``totals(sheet)`` and ``ranking(sheet)``: a score sheet's totals and its ranking;
- ``icons_of(card)``: a card's nature icons in words;
- ``biome_places(planet)``, ``biome_plants(planet)`` and ``climate_fits(planet, places)``:
  lesson 4's descriptions and the real places' climates, as tables;
- ``seat_results(result)``, ``seat_turns(result, kinds)``, ``action_shares(result, kinds)``,
  ``fair_share(result)`` and ``tournament_table(result)``: lesson 5's experiments.

Every word comes from the catalog (``gamecore/words/en/lessons.json``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from gamecore.experiments import StudyResult
from gamecore.nuevos_mundos import NuevosMundos, card_icons, card_label
from gamecore.nuevos_mundos.data import ICONS
from gamecore.nuevos_mundos.earth import Earth, Place, Table
from gamecore.nuevos_mundos.game import PLAY
from gamecore.nuevos_mundos.scoring import category_titles
from gamecore.scoresheet import ScoreSheet
from gamecore.words import join_words, number, percent, t

from ..notes import Notes
from ..svg import Picture
from ..words import bot_kind_words
from .table import NuevosMundosTable, action_previews

CSS_CLASS = "mundos-lesson-table"
"""The CSS class of the lessons' HTML tables."""


def picture(game: NuevosMundos, select: int | None = None) -> Picture:
    """The table as the player to move sees it, optionally with a card of their hand chosen
    (the cards each action would take are then marked)."""
    table = NuevosMundosTable.from_game(game, seats=("human",) * len(game.players))
    if select is not None:
        table.select(select)
    return table.snapshot()


def what_each_action_takes(game: NuevosMundos, card: int) -> Notes:
    """For a card in the hand of the player to move, what each of the three actions does."""
    player = game.current_player
    if player is None:
        raise ValueError(t("lessons.nm_game_over"))
    kinds = ("biome", "digits", "lay") if game.phase == PLAY else ("last", "none")
    previews = action_previews(game.view(player), card)
    return Notes(previews[kind].text for kind in kinds if kind in previews)


def _cards(codes: list[int]) -> str:
    return join_words([card_label(c) for c in sorted(codes)])


def _player(game: NuevosMundos, player: int | str) -> int:
    if isinstance(player, str):
        if player not in game.players:
            raise ValueError(
                t("lessons.nm_no_such_player", name=player, players=join_words(game.players))
            )
        return game.players.index(player)
    return player


def world(game: NuevosMundos, player: int | str) -> Notes:
    """One player's world in a sentence, its cards in order ("Roberto's world holds 3 cards:
    01, 05 and 07.")."""
    p = _player(game, player)
    cards, name = game.worlds[p], game.players[p]
    if not cards:
        return Notes([t("lessons.nm_world_empty", name=name)])
    return Notes([t("lessons.nm_world", n=len(cards), name=name, cards=_cards(cards))])


def board(game: NuevosMundos) -> Notes:
    """The universe board in sentences: the discard pile's top, the creation pile's size and
    the cards on spaces 2 to 6."""
    top = game.discard[-1] if game.discard else None
    spaces = [
        t("lessons.nm_space", space=s, card=card_label(c))
        if c
        else t("lessons.nm_space_empty", space=s)
        for s, c in zip(range(2, 7), game.board)
    ]
    discard = (
        t("lessons.nm_discard_top", card=card_label(top), n=len(game.discard))
        if top
        else t("lessons.nm_discard_empty")
    )
    return Notes(
        [
            discard,
            t("lessons.nm_creation_pile", n=len(game.creation)),
            t("lessons.nm_spaces", spaces=join_words(spaces)),
        ]
    )


def totals(sheet: ScoreSheet) -> Notes:
    """Each player's total, one line each, in the sheet's order ("Roberto: 17 points")."""
    return Notes(t("lessons.nm_total", n=sheet.total(p), name=p) for p in sheet.players)


def explain(sheet: ScoreSheet) -> Notes:
    """The whole sheet, row by row, indented under each player and category; shown as text
    that wraps between words (a Spanish row can be longer than a printed line may be)."""
    return Notes(sheet.explain())


def ranking(sheet: ScoreSheet) -> Notes:
    """The ranking, first place first; tied players share a place."""
    return Notes(
        t("lessons.nm_place", place=p.place, name=p.player, n=p.total) for p in sheet.ranking()
    )


def icons_of(card: int) -> Notes:
    """A card's nature icons in a sentence ("Card 52 shows 1 sun icon, ...")."""
    counts = card_icons(card)
    shown = [t(f"lessons.nm_icon_{icon}", n=counts[icon]) for icon in ICONS if icon in counts]
    if not shown:
        return Notes([t("lessons.nm_card_no_icons", card=card_label(card))])
    return Notes([t("lessons.nm_card_icons", card=card_label(card), icons=join_words(shown))])


def settlement_totals(player: str, chosen: ScoreSheet, fixed: ScoreSheet, value: int) -> Notes:
    """A player's total with the settlement value the engine chose (``chosen``) and with the
    settlement fixed at ``value`` (``fixed``), in one sentence."""
    return Notes(
        [
            t(
                "nuevos_mundos_lessons.settlement_totals",
                name=player,
                chosen=chosen.total(player),
                fixed=fixed.total(player),
                value=value,
            )
        ]
    )


def numbered_players(n: int) -> tuple[str, ...]:
    """Names for ``n`` players of a game typed in from the table ("Player 1", ...)."""
    return tuple(t("nuevos_mundos_lessons.player_numbered", number=i) for i in range(1, n + 1))


def biome_places(planet: Earth) -> Table:
    """Lesson 4's "where on Earth": each biome, what it is, three example regions and its
    latitudes, as a table (a browser wraps its cells between words)."""
    headers = (
        t("lessons.nm_col_biome"),
        t("lessons.nm_col_what"),
        t("lessons.nm_col_examples"),
        t("lessons.nm_col_latitude"),
    )
    rows = tuple(
        (b.label, b.where, "; ".join(b.regions[:3]), b.latitude_text) for b in planet.biomes
    )
    return Table(headers, rows, CSS_CLASS)


def biome_plants(planet: Earth, per_biome: int = 2) -> Table:
    """Lesson 4's real plants: ``per_biome`` plants of each biome, with what each is."""
    headers = (t("lessons.nm_col_biome"), t("lessons.nm_col_plant"), t("lessons.nm_col_what_plant"))
    rows = tuple((b.label, p.name, p.note) for b in planet.biomes for p in b.plants[:per_biome])
    return Table(headers, rows, CSS_CLASS)


def climate_fits(planet: Earth, places: Iterable[Place]) -> Table:
    """Each place's climate and the game biomes whose climate box holds it (or, when none
    does, the real biome it belongs to)."""
    rows = []
    for place in places:
        found = planet.biomes_for_climate(place.temperature_c, place.precipitation_mm)
        labels = join_words([planet.biome(b).label for b in found])
        verdict = labels or t("lessons.nm_no_game_biome", real=place.not_in_game or "?")
        rows.append(
            (place.name, number(place.temperature_c), number(place.precipitation_mm), verdict)
        )
    headers = (
        t("lessons.nm_col_place"),
        t("lessons.nm_col_temperature"),
        t("lessons.nm_col_rain"),
        t("lessons.nm_col_game_biome"),
    )
    return Table(headers, tuple(rows), CSS_CLASS)


def seat_results(result: StudyResult) -> Notes:
    """Lesson 5, question 1: where luck alone would put a seat of a fair game, then each
    seat's share of the wins with its 95% interval."""
    low, high = result.fair_band()
    notes = Notes(
        [t("lessons.nm_fair_band", low=percent(low, 1), high=percent(high, 1), n=result.games)]
    )
    for seat, rate in enumerate(result.win_rates_by_seat()):
        notes.append(
            t(
                "lessons.nm_seat_won",
                seat=seat + 1,
                rate=percent(rate.rate, 1),
                low=percent(rate.low, 1),
                high=percent(rate.high, 1),
            )
        )
    return notes


def seat_turns(result: StudyResult, kinds: Sequence[str] | None = None) -> Notes:
    """How many turns (actions of ``kinds``) each seat played per game, on average."""
    return Notes(
        t("lessons.nm_seat_turns", seat=seat + 1, turns=number(turns, 2))
        for seat, turns in enumerate(result.turns_by_seat(kinds))
    )


def action_shares(
    result: StudyResult, kinds: Sequence[str], names: Mapping[str, str] | None = None
) -> Table:
    """For each kind of action, its share of the winners' turns and of the others' turns."""
    from .charts import ACTION_NAMES

    names = ACTION_NAMES if names is None else names
    rows = tuple(
        (names.get(kind, kind), percent(winners, 1), percent(others, 1))
        for kind, (winners, others) in result.winners_vs_others(kinds).items()
    )
    headers = (t("lessons.nm_col_action"), t("lessons.nm_col_winners"), t("lessons.nm_col_others"))
    return Table(headers, rows, CSS_CLASS)


def fair_share(result: StudyResult) -> Notes:
    """How many games were played, and each bot's fair share of the wins."""
    return Notes([t("lessons.nm_fair_share", n=result.games, share=percent(result.fair_rate()))])


def variant_names() -> tuple[str, str]:
    """Lesson 5's two variants, named in the lesson's language: the basic game, and the game
    with all four advanced modules."""
    return (t("lessons.nm_variant_basic"), t("lessons.nm_variant_modules"))


def tournament_table(result: StudyResult) -> Table:
    """Lesson 5's tournament, one row per bot: games won with the 95% interval, and the mean
    score with its categories."""
    titles = category_titles()
    headers = (
        t("lessons.nm_col_bot"),
        t("lessons.nm_col_won"),
        t("lessons.nm_col_interval"),
        t("lessons.nm_col_mean_score"),
        *(titles.get(c, c) for c in result.categories),
    )
    rows = []
    for name, rate in result.win_rates_by_bot().items():
        points = result.mean_points(name)
        rows.append(
            (
                bot_kind_words(name),
                percent(rate.rate, 1),
                t("lessons.nm_interval", low=percent(rate.low), high=percent(rate.high)),
                number(sum(points.values()), 1),
                *(number(points[c], 1) for c in result.categories),
            )
        )
    return Table(headers, tuple(rows), CSS_CLASS)


__all__ = [
    "CSS_CLASS",
    "action_shares",
    "biome_places",
    "biome_plants",
    "board",
    "climate_fits",
    "explain",
    "fair_share",
    "icons_of",
    "numbered_players",
    "picture",
    "ranking",
    "seat_results",
    "seat_turns",
    "settlement_totals",
    "totals",
    "tournament_table",
    "variant_names",
    "what_each_action_takes",
    "world",
]
