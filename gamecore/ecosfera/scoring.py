"""Ecosfera scoring: the team's points, won or lost, and the eco-warrior challenges.

``final_score(level=…, players=…, biome_tiles=…, extinction_tiles=…, supply_elements=…,
challenges=())`` is the digital scoring pad for a physical game; a game in the engine
scores itself the same way (``game_sheet``, which ``Ecosfera.score`` and ``team_score`` give).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..scoresheet import ScoreRow, ScoreSheet, make_sheet
from ..words import t
from .data import (
    ALL_BIOMES_POINTS,
    BIOME_TILE_POINTS,
    BIOME_TILES,
    CHALLENGE_POINTS,
    CHALLENGES,
    ELEMENTS,
    EXTINCTION_TILES,
    LEVEL_POINTS,
    LEVELS,
    REBEL_EXTINCTION_TILES,
    SUPPLY_ELEMENT_POINTS,
    UNPLACED_EXTINCTION_POINTS,
    element_count,
    supply_at_start,
)
from .position import WON, EcosferaPosition

TEAM = "team"
CATEGORIES = (
    "difficulty",
    "biome_tiles",
    "all_biomes",
    "extinction_tiles",
    "supply_elements",
    *CHALLENGES,
)


def category_titles() -> dict[str, str]:
    """Each category's title in the chosen language (the score sheet's column heads)."""
    return {name: t(f"ecosfera.{_title_key(name)}") for name in CATEGORIES}


def challenge_rule(name: str) -> str:
    """What a challenge asks, in words ("won the solo game")."""
    return t(f"ecosfera.challenge_rule_{name}")


def _title_key(name: str) -> str:
    return f"challenge_{name}" if name in CHALLENGES else f"category_{name}"


TITLES = category_titles()
"""The titles in English when the module was imported (kept for older callers; a sheet uses
``category_titles()`` so that it follows ``set_language``)."""
CHALLENGE_RULES = {name: challenge_rule(name) for name in CHALLENGES}
"""English, as ``TITLES``; use ``challenge_rule``."""


def level_points(level: int, hardest_level_points: int = LEVEL_POINTS[-1]) -> int:
    """The difficulty points of a level (1-5); level 5 gives ``hardest_level_points``."""
    return hardest_level_points if level == LEVELS[-1] else LEVEL_POINTS[level - 1]


def _whole(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(
            t("ecosfera.pad_not_whole", name=name, low=low, high=high, value=repr(value))
        )
    if not low <= value <= high:
        raise ValueError(t("ecosfera.pad_out_of_range", name=name, low=low, high=high, value=value))
    return value


def check_challenges(
    challenges: Iterable[str] | str,
    *,
    players: int,
    biome_tiles: int,
    extinction_tiles: int,
) -> tuple[str, ...]:
    """The challenges in canonical order, or a ValueError naming one that cannot count."""
    names = (challenges,) if isinstance(challenges, str) else tuple(challenges)
    for name in names:
        if name not in CHALLENGES:
            raise ValueError(
                t(
                    "ecosfera.pad_unknown_challenge",
                    name=repr(name),
                    challenges=", ".join(CHALLENGES),
                )
            )
    if len(set(names)) != len(names):
        raise ValueError(t("ecosfera.pad_challenge_twice"))
    for name in names:
        title = t(f"ecosfera.challenge_{name}")
        if biome_tiles != BIOME_TILES:
            raise ValueError(
                t("ecosfera.pad_challenge_needs_win", title=title, total=BIOME_TILES, n=biome_tiles)
            )
        if name == "anonymous" and players != 1:
            raise ValueError(t("ecosfera.pad_anonymous_solo_only", title=title, players=players))
        if name == "monk" and players == 1:
            raise ValueError(t("ecosfera.pad_monk_not_solo", title=title))
        if name == "extinction_rebel" and extinction_tiles != REBEL_EXTINCTION_TILES:
            raise ValueError(
                t(
                    "ecosfera.pad_rebel_tiles",
                    title=title,
                    rebel=REBEL_EXTINCTION_TILES,
                    n=extinction_tiles,
                )
            )
    return tuple(c for c in CHALLENGES if c in names)


def score_rows(
    player: str,
    *,
    level: int,
    players: int,
    biome_tiles: int,
    extinction_tiles: int,
    supply_elements: int,
    challenges: Sequence[str],
    hardest_level_points: int = LEVEL_POINTS[-1],
) -> list[ScoreRow]:
    """The rows of one (checked) result, credited to ``player``."""
    supply = supply_at_start(level, players)
    unplaced = EXTINCTION_TILES - extinction_tiles
    points = level_points(level, hardest_level_points)
    all_placed = biome_tiles == BIOME_TILES
    rows = [
        ScoreRow(
            player,
            "difficulty",
            points,
            t("ecosfera.reason_difficulty", level=level, supply=supply, points=points),
        ),
        ScoreRow(
            player,
            "biome_tiles",
            BIOME_TILE_POINTS * biome_tiles,
            t(
                "ecosfera.reason_biome_tiles",
                n=biome_tiles,
                each=BIOME_TILE_POINTS,
                points=BIOME_TILE_POINTS * biome_tiles,
            ),
        ),
        ScoreRow(
            player,
            "all_biomes",
            ALL_BIOMES_POINTS if all_placed else 0,
            t("ecosfera.reason_all_biomes", total=BIOME_TILES, points=ALL_BIOMES_POINTS)
            if all_placed
            else t("ecosfera.reason_not_all_biomes", total=BIOME_TILES),
        ),
        ScoreRow(
            player,
            "extinction_tiles",
            UNPLACED_EXTINCTION_POINTS * unplaced,
            t(
                "ecosfera.reason_extinction_tiles",
                n=unplaced,
                each=UNPLACED_EXTINCTION_POINTS,
                points=UNPLACED_EXTINCTION_POINTS * unplaced,
            ),
        ),
        ScoreRow(
            player,
            "supply_elements",
            SUPPLY_ELEMENT_POINTS * supply_elements,
            t(
                "ecosfera.reason_supply_elements",
                n=supply_elements,
                points=SUPPLY_ELEMENT_POINTS * supply_elements,
            ),
        ),
    ]
    rows.extend(
        ScoreRow(
            player,
            name,
            CHALLENGE_POINTS[name],
            t(
                "ecosfera.reason_challenge",
                title=t(f"ecosfera.challenge_{name}"),
                rule=challenge_rule(name),
                points=CHALLENGE_POINTS[name],
            ),
        )
        for name in challenges
    )
    return rows


def team_sheet(rows: Iterable[ScoreRow], players: Sequence[str] = (TEAM,)) -> ScoreSheet:
    return make_sheet(players, CATEGORIES, rows, titles=category_titles())


def final_score(
    *,
    level: int,
    players: int,
    biome_tiles: int,
    extinction_tiles: int,
    supply_elements: int,
    challenges: Iterable[str] | str = (),
    hardest_level_points: int = LEVEL_POINTS[-1],
) -> ScoreSheet:
    """Score a physical game of Ecosfera, won or lost: one player, "team".

    ``biome_tiles`` and ``extinction_tiles`` are the tiles placed (0-7), ``supply_elements``
    the element cards left in the element decks, ``challenges`` the eco-warrior challenges
    completed (zero_waste_master, anonymous, monk, extinction_rebel; each needs a win).
    ``hardest_level_points`` is 50 (the rulebook prints 30). Raises ValueError naming the
    problem.
    """
    _whole("level", level, LEVELS[0], LEVELS[-1])
    _whole("players", players, 1, 4)
    _whole("biome_tiles", biome_tiles, 0, BIOME_TILES)
    _whole("extinction_tiles", extinction_tiles, 0, EXTINCTION_TILES)
    if biome_tiles == BIOME_TILES and extinction_tiles == EXTINCTION_TILES:
        raise ValueError(t("ecosfera.pad_both_sevens"))
    most = len(ELEMENTS) * element_count(level, players)
    _whole("supply_elements", supply_elements, 0, most)
    if isinstance(hardest_level_points, bool) or not isinstance(hardest_level_points, int):
        raise ValueError(t("ecosfera.pad_hardest_not_whole", value=repr(hardest_level_points)))
    if hardest_level_points < 0:
        raise ValueError(t("ecosfera.pad_hardest_negative", value=hardest_level_points))
    done = check_challenges(
        challenges, players=players, biome_tiles=biome_tiles, extinction_tiles=extinction_tiles
    )
    return team_sheet(
        score_rows(
            TEAM,
            level=level,
            players=players,
            biome_tiles=biome_tiles,
            extinction_tiles=extinction_tiles,
            supply_elements=supply_elements,
            challenges=done,
            hardest_level_points=hardest_level_points,
        )
    )


# ---------------------------------------------------------------------------- a game in the engine


def game_challenges(game: EcosferaPosition, *, monk: bool = False) -> tuple[str, ...]:
    """The eco-warrior challenges a game won in the engine completed: The 0 Waste Master
    (no ability tile reactivated), The Anónymous (the solo game), The Extinction Rebel (the
    game started with six extinction tiles placed) and The Monk only if the players declare
    it (``monk``; not in the solo game)."""
    if monk and game.solo:
        raise ValueError(t("ecosfera.monk_not_solo"))
    if game.status != WON:
        return ()
    done = {
        "zero_waste_master": game.reactivations == 0,
        "anonymous": game.solo,
        "monk": monk,
        "extinction_rebel": bool(game.options["extinction_rebel"]),
    }
    return tuple(c for c in CHALLENGES if done[c])


def game_sheet(game: EcosferaPosition, *, monk: bool = False, team: bool = False) -> ScoreSheet:
    """The score sheet of a game in the engine (provisional while it goes on): every player
    credited the team's points, or with ``team`` the points once, for the player "team"."""
    names = (TEAM,) if team else game.players
    challenges = game_challenges(game, monk=monk)
    rows = [
        row
        for name in names
        for row in score_rows(
            name,
            level=game.level,
            players=len(game.players),
            biome_tiles=len(game.biome_tiles),
            extinction_tiles=game.extinction_tiles,
            supply_elements=game.supply_elements(),
            challenges=challenges,
            hardest_level_points=game.options["hardest_level_points"],
        )
    ]
    return team_sheet(rows, names)
