"""Itemised score sheets that explain themselves."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .words import t


@dataclass(frozen=True)
class ScoreRow:
    """One line of a score sheet: who scored, in which category, how much, and why."""

    player: str
    category: str
    points: int
    reason: str
    cards: tuple[int, ...] = ()
    """The components (card values) that earned these points, for highlighting."""


@dataclass(frozen=True)
class Placing:
    """A player's place in the ranking (1 is first; tied players share a place)."""

    place: int
    player: str
    total: int


@dataclass(frozen=True)
class ScoreSheet:
    """The rows of a final (or provisional) score, with totals, ranking and explanations.

    ``tie_break`` maps each player to a tuple compared after the total (higher is better);
    ``tie_break_rule`` says in words what it counts.
    """

    players: tuple[str, ...]
    categories: tuple[str, ...]
    rows: tuple[ScoreRow, ...]
    titles: Mapping[str, str] = field(default_factory=dict)
    tie_break: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    tie_break_rule: str = ""
    victors: tuple[str, ...] = ()
    """Players who won by a rule other than the total (Nuevo Mundo's victory by categories or
    by survival): they rank first whatever their total; ``victory_rule`` says why in words."""
    victory_rule: str = ""

    def __post_init__(self) -> None:
        for row in self.rows:
            if row.player not in self.players:
                raise ValueError(f"score row for unknown player {row.player!r}")
            if row.category not in self.categories:
                raise ValueError(f"score row in unknown category {row.category!r}")

    def title(self, category: str) -> str:
        """The category's name for people."""
        return self.titles.get(category, category.replace("_", " ").capitalize())

    def rows_for(self, player: str, category: str | None = None) -> list[ScoreRow]:
        """The rows of one player, optionally of one category, in sheet order."""
        self._check_player(player)
        return [
            r
            for r in self.rows
            if r.player == player and (category is None or r.category == category)
        ]

    def points(self, player: str, category: str) -> int:
        """The points one player earned in one category."""
        if category not in self.categories:
            raise ValueError(
                t(
                    "core.sheet_unknown_category",
                    category=repr(category),
                    categories=", ".join(self.categories),
                )
            )
        return sum(r.points for r in self.rows_for(player, category))

    def total(self, player: str) -> int:
        """A player's total over every category."""
        return sum(r.points for r in self.rows_for(player))

    def totals(self) -> dict[str, int]:
        """Every player's total."""
        return {p: self.total(p) for p in self.players}

    def _key(self, player: str) -> tuple[bool, int, tuple[int, ...]]:
        return (
            player in self.victors,
            self.total(player),
            tuple(self.tie_break.get(player, ())),
        )

    def ranking(self) -> list[Placing]:
        """Players from first to last; the total decides, then the tie-break.

        Players equal on both share a place.
        """
        order = sorted(self.players, key=self._key, reverse=True)
        placings: list[Placing] = []
        for i, player in enumerate(order):
            if i and self._key(player) == self._key(order[i - 1]):
                place = placings[-1].place
            else:
                place = i + 1
            placings.append(Placing(place, player, self.total(player)))
        return placings

    def winners(self) -> list[str]:
        """Everyone in first place (more than one only if the tie-break cannot separate them)."""
        return [p.player for p in self.ranking() if p.place == 1]

    def explain(self) -> list[str]:
        """The sheet in sentences, player by player, category by category."""
        lines: list[str] = []
        for player in self.players:
            lines.append(t("core.sheet_player_total", player=player, n=self.total(player)))
            for category in self.categories:
                rows = self.rows_for(player, category)
                lines.append(f"  {self.title(category)}: {sum(r.points for r in rows)}")
                lines.extend(f"    {r.reason}" for r in rows)
        ranking = self.ranking()
        places = ", ".join(
            t("core.sheet_place", place=p.place, player=p.player, total=p.total) for p in ranking
        )
        lines.append(t("core.sheet_ranking", places=places))
        if self.victors and self.victory_rule:
            lines.append(self.victory_rule)
        tied_first = [p for p in ranking if p.total == ranking[0].total]
        if len(tied_first) > 1 and self.tie_break_rule:
            lines.append(t("core.sheet_tie_break", rule=self.tie_break_rule))
        return lines

    def __str__(self) -> str:
        return "\n".join(self.explain())

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        """A sheet alone in a cell: the HTML table, and its sentences where HTML is not
        shown (never the dataclass's fields)."""
        return {"text/html": self._repr_html_(), "text/plain": str(self)}

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "".join(f"<th>{esc(p)}</th>" for p in self.players)
        body = []
        for category in self.categories:
            cells = []
            for player in self.players:
                rows = self.rows_for(player, category)
                tip = esc("\n".join(r.reason for r in rows) or t("core.sheet_nothing"))
                cells.append(f'<td title="{tip}">{self.points(player, category)}</td>')
            body.append(f"<tr><th>{esc(self.title(category))}</th>{''.join(cells)}</tr>")
        totals = "".join(f"<td><b>{self.total(p)}</b></td>" for p in self.players)
        body.append(f"<tr><th>{esc(t('core.sheet_total'))}</th>{totals}</tr>")
        places = {p.player: p.place for p in self.ranking()}
        ranks = "".join(f"<td>{places[p]}</td>" for p in self.players)
        body.append(f"<tr><th>{esc(t('core.sheet_place_row'))}</th>{ranks}</tr>")
        details = "".join(f"<li>{esc(line.strip())}</li>" for line in self.explain())
        return (
            '<table class="mundos-scoresheet"><thead><tr><th></th>'
            f"{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            f"<details><summary>{esc(t('core.sheet_why'))}</summary><ul>{details}</ul></details>"
        )

    def to_dict(self) -> dict[str, object]:
        """Plain data (for JSON or a DataFrame)."""
        return {
            "players": list(self.players),
            "categories": list(self.categories),
            "rows": [
                {
                    "player": r.player,
                    "category": r.category,
                    "points": r.points,
                    "reason": r.reason,
                    "cards": list(r.cards),
                }
                for r in self.rows
            ],
            "totals": self.totals(),
            "ranking": [[p.place, p.player, p.total] for p in self.ranking()],
        }

    def _check_player(self, player: str) -> None:
        if player not in self.players:
            raise ValueError(
                t("core.sheet_unknown_player", player=repr(player), players=", ".join(self.players))
            )


def make_sheet(
    players: Sequence[str],
    categories: Sequence[str],
    rows: Iterable[ScoreRow],
    *,
    titles: Mapping[str, str] | None = None,
    tie_break: Mapping[str, tuple[int, ...]] | None = None,
    tie_break_rule: str = "",
    victors: Sequence[str] = (),
    victory_rule: str = "",
) -> ScoreSheet:
    """Build a ScoreSheet from lists (a convenience for the games' scoring modules)."""
    return ScoreSheet(
        tuple(players),
        tuple(categories),
        tuple(rows),
        dict(titles or {}),
        dict(tie_break or {}),
        tie_break_rule,
        tuple(victors),
        victory_rule,
    )
