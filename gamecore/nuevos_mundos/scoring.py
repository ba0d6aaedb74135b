"""Nuevos Mundos scoring: biodiversity, dominant biomes, natural balance and the modules.

``score(worlds, modules)`` is the digital scoring pad for a physical game; ``score_game``
is a game's own sheet (``score_codes`` with its card codes). Human settlements without a
fixed value take the value that is best for their owner (see ``best_settlement_values``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..scoresheet import ScoreRow, ScoreSheet, make_sheet
from ..words import join_words, t
from .data import (
    BIODIVERSITY_BONUS,
    BIOME_OF_CODE,
    BIOME_RANGES,
    BIOMES,
    DISCORD_PENALTY,
    DOMINANT_BIOME_POINTS,
    ICONS,
    ICONS_OF_CODE,
    MIN_RUN,
    MODULES,
    SETTLEMENT_BASE,
    VITAL_CAPACITY_POINTS,
    biome_index,
    biome_label,
    check_value,
    icon_name,
    is_settlement,
    settlement_code,
)

CATEGORIES = ("biodiversity", "dominant_biomes", "natural_balance", "vital_capacity", "discord")


def category_titles() -> dict[str, str]:
    """Each category's title in the chosen language (the score sheet's column heads)."""
    return {c: t(f"nuevos_mundos.title_{c}") for c in CATEGORIES}


TITLES = category_titles()
"""The titles in English when the module was imported (kept for older callers; a sheet uses
``category_titles()`` so that it follows ``set_language``)."""
TIE_BREAK_RULE = t("nuevos_mundos.tie_break_rule")
"""English, as ``TITLES``; a sheet reads ``t("nuevos_mundos.tie_break_rule")``."""

Key = tuple[int, int]
"""How cards compare for "the highest card": (value, 1 for a biome card, 0 for a settlement).

On equal value a biome card beats a settlement, as the rulebook says."""

N_BIOMES = len(BIOMES)
N_ICONS = len(ICONS)


def check_modules(modules: Iterable[str]) -> tuple[str, ...]:
    """The modules in canonical order, or a ValueError naming an unknown one."""
    if isinstance(modules, str):
        modules = (modules,)
    chosen = set()
    for m in modules:
        if m not in MODULES:
            raise ValueError(
                t("nuevos_mundos.pad_unknown_module", module=repr(m), modules=", ".join(MODULES))
            )
        chosen.add(m)
    return tuple(m for m in MODULES if m in chosen)


def label_key(key: Key) -> str:
    """A card compared for "the highest card": "33", or "33 (settlement)"."""
    value = f"{key[0]:02d}"
    if key[1]:
        return t("nuevos_mundos.card_value", value=value)
    return t("nuevos_mundos.settlement_value", value=value)


class _Stats:
    """What the categories compare, for one world."""

    __slots__ = ("best", "count", "icon_top", "icons", "top", "types")

    def __init__(self, world: Sequence[int], values: Mapping[int, int]) -> None:
        count = [0] * N_BIOMES
        top: list[Key | None] = [None] * N_BIOMES
        icons = [0] * N_ICONS
        icon_top: list[Key | None] = [None] * N_ICONS
        best: Key | None = None
        for code in world:
            key = (values[code], 0) if code > SETTLEMENT_BASE else (code, 1)
            b = BIOME_OF_CODE[code]
            count[b] += 1
            t = top[b]
            if t is None or key > t:
                top[b] = key
            if best is None or key > best:
                best = key
            for i, n in enumerate(ICONS_OF_CODE[code]):
                if n:
                    icons[i] += n
                    it = icon_top[i]
                    if it is None or key > it:
                        icon_top[i] = key
        self.count = count
        self.top = top
        self.icons = icons
        self.icon_top = icon_top
        self.best = best
        self.types = sum(1 for c in count if c)


def _most(amounts: Sequence[int], tops: Sequence[Key | None]) -> list[int]:
    """Who has the most (more than zero); a tie goes to the highest card."""
    most = max(amounts)
    if most == 0:
        return []
    tied = [p for p, a in enumerate(amounts) if a == most]
    if len(tied) == 1:
        return tied
    best = max(k for k in (tops[p] for p in tied) if k is not None)
    return [p for p in tied if tops[p] == best]


def _fewest(amounts: Sequence[int], tops: Sequence[Key | None]) -> tuple[list[int], int | None]:
    """Who has the fewest, and who escapes when everyone is tied (the highest card)."""
    fewest = min(amounts)
    tied = [p for p, a in enumerate(amounts) if a == fewest]
    if len(tied) < len(amounts):
        return tied, None
    held = [k for k in tops if k is not None]
    if not held:
        return [], None
    best = max(held)
    escapee = tops.index(best)
    return [p for p in tied if p != escapee], escapee


def _runs(values: Iterable[int], across_biomes: bool) -> list[list[int]]:
    """Maximal runs of at least three consecutive values (within a biome unless ``across``)."""
    runs: list[list[int]] = []
    current: list[int] = []
    for v in sorted(set(values)):
        if (
            current
            and v == current[-1] + 1
            and (across_biomes or (v - 1) // 8 == (current[-1] - 1) // 8)
        ):
            current.append(v)
        else:
            if len(current) >= MIN_RUN:
                runs.append(current)
            current = [v]
    if len(current) >= MIN_RUN:
        runs.append(current)
    return runs


@dataclass
class _Contest:
    """One comparison between worlds: the most (or, for discord, the fewest) of something.

    ``tag`` says which card keys it compares: ("biome", b), ("icon", i) or ("best",).
    """

    category: str
    most: bool
    subject: str
    """What is counted: "biome" (cards of a biome), "icon" (nature icons) or "types"."""
    tag: tuple[Any, ...]
    amounts: list[int]
    tops: list[Key | None]
    points: int
    name: str
    """The biome or icon counted, in words ("desert", "water"); empty for "types"."""

    def outcome(self, tops: Sequence[Key | None]) -> tuple[list[int], int | None]:
        """The players who score, and who escaped an all-tied discord (or None)."""
        if self.most:
            return _most(self.amounts, tops), None
        return _fewest(self.amounts, tops)


def _contests(stats: Sequence[_Stats], modules: Collection[str]) -> list[_Contest]:
    """Every comparison the chosen modules make, in sheet order."""
    contests = [
        _Contest(
            "dominant_biomes",
            True,
            "biome",
            ("biome", b),
            [s.count[b] for s in stats],
            [s.top[b] for s in stats],
            DOMINANT_BIOME_POINTS,
            biome_label(b),
        )
        for b in range(N_BIOMES)
    ]
    icon_contests = [
        (i, icon_name(i), [s.icons[i] for s in stats], [s.icon_top[i] for s in stats])
        for i in range(len(ICONS))
    ]
    if "vital_capacity" in modules:
        contests += [
            _Contest(
                "vital_capacity",
                True,
                "icon",
                ("icon", i),
                amounts,
                tops,
                VITAL_CAPACITY_POINTS,
                icon,
            )
            for i, icon, amounts, tops in icon_contests
        ]
    if "discord" in modules:
        contests.append(
            _Contest(
                "discord",
                False,
                "types",
                ("best",),
                [s.types for s in stats],
                [s.best for s in stats],
                -DISCORD_PENALTY,
                "",
            )
        )
        contests += [
            _Contest(
                "discord", False, c.subject, c.tag, c.amounts, c.tops, -DISCORD_PENALTY, c.name
            )
            for c in contests[:N_BIOMES]
        ]
        if "vital_capacity" in modules:
            contests += [
                _Contest(
                    "discord",
                    False,
                    "icon",
                    ("icon", i),
                    amounts,
                    tops,
                    -DISCORD_PENALTY,
                    icon,
                )
                for i, icon, amounts, tops in icon_contests
            ]
    return contests


class _Scorer:
    """Scores worlds whose settlements all have values."""

    def __init__(
        self,
        names: Sequence[str],
        worlds: Sequence[Sequence[int]],
        values: Mapping[int, int],
        modules: Collection[str],
    ) -> None:
        self.names = names
        self.worlds = worlds
        self.values = values
        self.modules = modules
        self.stats = [_Stats(w, values) for w in worlds]

    def value(self, code: int) -> int:
        return self.values[code] if code > SETTLEMENT_BASE else code

    def _cards_of(self, p: int, tag: tuple[Any, ...]) -> tuple[int, ...]:
        """The cards of world ``p`` that a contest with ``tag`` counts."""
        if tag[0] == "biome":
            cards = [c for c in self.worlds[p] if BIOME_OF_CODE[c] == tag[1]]
        elif tag[0] == "icon":
            cards = [c for c in self.worlds[p] if ICONS_OF_CODE[c][tag[1]]]
        else:
            cards = list(self.worlds[p])
        return tuple(sorted(cards, key=self.value))

    def _others(self, group: Sequence[int], p: int) -> str:
        return join_words([self.names[q] for q in group if q != p])

    def contest_rows(self) -> list[ScoreRow]:
        rows = []
        for contest in _contests(self.stats, self.modules):
            amounts, tops = contest.amounts, contest.tops
            winners, escapee = contest.outcome(tops)
            target = max(amounts) if contest.most else min(amounts)
            tied = [p for p, a in enumerate(amounts) if a == target]
            points = f"{'+' if contest.points > 0 else '-'}{abs(contest.points)}"
            # the biome or icon is named by its own placeholder ("biome"/"icon"); a whole
            # sentence per subject and outcome, so a translation can order its words freely
            words = {contest.subject: contest.name, "points": points}
            for p in winners:
                if escapee is not None:
                    key = tops[escapee]
                    assert key is not None
                    reason = t(
                        f"nuevos_mundos.reason_escape_{contest.subject}",
                        n=amounts[p],
                        player=self.names[escapee],
                        card=label_key(key),
                        **words,
                    )
                elif len(tied) == 1 or not contest.most:
                    outcome = "most" if contest.most else "fewest"
                    reason = t(
                        f"nuevos_mundos.reason_{outcome}_{contest.subject}", n=amounts[p], **words
                    )
                else:
                    key = tops[p]
                    assert key is not None
                    reason = t(
                        f"nuevos_mundos.reason_tied_{contest.subject}",
                        n=amounts[p],
                        others=self._others(tied, p),
                        card=label_key(key),
                        **words,
                    )
                rows.append(
                    ScoreRow(
                        self.names[p],
                        contest.category,
                        contest.points,
                        reason,
                        self._cards_of(p, contest.tag),
                    )
                )
        return rows

    def biodiversity(self) -> list[ScoreRow]:
        rows = []
        types = [s.types for s in self.stats]
        most = max(types)
        leaders = [p for p, t in enumerate(types) if t == most]
        for p, s in enumerate(self.stats):
            if not s.types:
                continue
            names = [biome_label(b) for b in range(N_BIOMES) if s.count[b]]
            rows.append(
                ScoreRow(
                    self.names[p],
                    "biodiversity",
                    s.types,
                    t("nuevos_mundos.reason_biome_types", n=s.types, biomes=", ".join(names)),
                    self._cards_of(p, ("best",)),
                )
            )
            if p in leaders:
                if len(leaders) > 1:
                    reason = t(
                        "nuevos_mundos.reason_most_biome_types_shared",
                        n=most,
                        others=self._others(leaders, p),
                        points=BIODIVERSITY_BONUS,
                    )
                else:
                    reason = t(
                        "nuevos_mundos.reason_most_biome_types", n=most, points=BIODIVERSITY_BONUS
                    )
                rows.append(ScoreRow(self.names[p], "biodiversity", BIODIVERSITY_BONUS, reason))
        return rows

    def natural_balance(self) -> list[ScoreRow]:
        across = "global_natural_balance" in self.modules
        rows = []
        for p, world in enumerate(self.worlds):
            by_value: dict[int, list[int]] = {}
            for c in world:
                by_value.setdefault(self.value(c), []).append(c)
            for run in _runs(by_value, across):
                biomes = sorted({(v - 1) // 8 for v in run})
                where = join_words([biome_label(b) for b in biomes])
                settled = [v for v in run if all(is_settlement(c) for c in by_value[v])]
                words: dict[str, Any] = {
                    "n": len(run),
                    "biomes": where,
                    "run": "-".join(f"{v:02d}" for v in run),
                }
                if settled:
                    reason = t(
                        "nuevos_mundos.reason_run_settled",
                        settled=", ".join(f"{v:02d}" for v in settled),
                        **words,
                    )
                else:
                    reason = t("nuevos_mundos.reason_run", **words)
                rows.append(
                    ScoreRow(
                        self.names[p],
                        "natural_balance",
                        len(run),
                        reason,
                        tuple(by_value[v][0] for v in run),
                    )
                )
        return rows

    def sheet(self) -> ScoreSheet:
        categories = [c for c in CATEGORIES if c in _BASE or c in self.modules]
        rows = self.biodiversity() + self.natural_balance() + self.contest_rows()
        order = {c: i for i, c in enumerate(categories)}
        rows.sort(key=lambda r: order[r.category])
        return make_sheet(
            self.names,
            categories,
            rows,
            titles=category_titles(),
            tie_break={n: tuple(s.icons) for n, s in zip(self.names, self.stats)},
            tie_break_rule=t("nuevos_mundos.tie_break_rule"),
        )


_BASE = ("biodiversity", "dominant_biomes", "natural_balance")


def best_settlement_values(
    worlds: Sequence[Sequence[int]],
    fixed: Mapping[int, int],
    modules: Collection[str],
) -> dict[int, int]:
    """A value for every settlement in the worlds: ``fixed`` ones kept, the others chosen.

    Each owner's free settlements take the values that give that owner the most points.
    Choices do not interact between players: there is one settlement per biome and
    biomes do not share values, so a settlement is only ever compared with cards of its
    own biome, or with cards whose order against it does not depend on its value.
    Within a world, runs link the choices, so the values are found by dynamic
    programming over the 64 values; every other category depends on a single
    settlement's value (through the highest card of its biome, of the world, or bearing
    one of its icons). Among equally good choices the higher values win.
    """
    values = dict(fixed)
    free: list[tuple[int, int]] = []
    for p, world in enumerate(worlds):
        for code in world:
            if code > SETTLEMENT_BASE and code not in values:
                free.append((p, code))
    if not free:
        return values
    baseline = dict(values)
    candidates: dict[int, list[int]] = {}
    for p, code in free:
        first, last = BIOME_RANGES[BIOME_OF_CODE[code]]
        own = {c for c in worlds[p] if c <= SETTLEMENT_BASE}
        options = [v for v in range(first, last + 1) if v not in own] or [last]
        candidates[code] = options
        baseline[code] = options[-1]
    for p in sorted({p for p, _ in free}):
        mine = [code for q, code in free if q == p]
        trial = dict(baseline)
        for code in mine:
            trial[code] = 0  # below every card: the candidate value is put in its place
        contests = _contests([_Stats(w, trial) for w in worlds], modules)
        gain: dict[int, dict[int, int]] = {}
        for code in mine:
            relevant_tags = _tags_decided_by(code, worlds[p])
            relevant = [c for c in contests if c.tag in relevant_tags]
            gain[code] = {}
            for v in candidates[code]:
                key = (v, 0)
                points = 0
                for contest in relevant:
                    tops = list(contest.tops)
                    held = tops[p]
                    if held is None or key > held:
                        tops[p] = key
                    if p in contest.outcome(tops)[0]:
                        points += contest.points
                gain[code][v] = points
        values.update(_choose_runs(worlds[p], values, mine, candidates, gain, modules))
    return values


def _tags_decided_by(code: int, world: Sequence[int]) -> set[tuple[Any, ...]]:
    """The contests whose "highest card" this settlement's value can decide for its owner.

    Its own biome always; the world's highest card (and the highest card showing an icon
    it bears) only when no other card of the world lies in a higher biome, since a card of
    a higher biome outranks it whatever value it takes. Counting a contest for one
    settlement only keeps the gains of several settlements additive.
    """
    biome = BIOME_OF_CODE[code]
    tags: set[tuple[Any, ...]] = {("biome", biome)}
    if biome == max(BIOME_OF_CODE[c] for c in world):
        tags.add(("best",))
    for i, n in enumerate(ICONS_OF_CODE[code]):
        if n and biome == max(BIOME_OF_CODE[c] for c in world if ICONS_OF_CODE[c][i]):
            tags.add(("icon", i))
    return tags


def _choose_runs(
    world: Sequence[int],
    values: Mapping[int, int],
    free: Sequence[int],
    candidates: Mapping[int, list[int]],
    gain: Mapping[int, Mapping[int, int]],
    modules: Collection[str],
) -> dict[int, int]:
    """Best values for one world's free settlements: run points plus each one's gain.

    Walks the values 1-64 keeping, for each length of the current run (0, 1, 2, 3+),
    the best total and the choices that reach it.
    """
    across = "global_natural_balance" in modules
    present = set()
    for c in world:
        if c <= SETTLEMENT_BASE:
            present.add(c)
        elif c in values:
            present.add(values[c])
    free_by_biome = {BIOME_OF_CODE[c]: c for c in free}
    # state: run length capped at MIN_RUN -> (points, chosen values in biome order)
    states: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for b, (first, last) in enumerate(BIOME_RANGES):
        if not across:
            best0 = max(states.values())
            states = {0: best0}
        code = free_by_biome.get(b)
        options: list[int | None] = list(candidates[code]) if code is not None else [None]
        new_states: dict[int, tuple[int, tuple[int, ...]]] = {}
        for run, (points, chosen) in states.items():
            for option in options:
                total = points
                length = run
                for v in range(first, last + 1):
                    if v in present or v == option:
                        length += 1
                        if length == MIN_RUN:
                            total += MIN_RUN
                        elif length > MIN_RUN:
                            total += 1
                    else:
                        length = 0
                picked = chosen
                if code is not None and option is not None:
                    total += gain[code][option]
                    picked = (*chosen, option)
                state = min(length, MIN_RUN)
                entry = (total, picked)
                if state not in new_states or entry > new_states[state]:
                    new_states[state] = entry
        states = new_states
    _, chosen = max(states.values())
    order = sorted(free, key=lambda c: BIOME_OF_CODE[c])
    return dict(zip(order, chosen))


def score_codes(
    names: Sequence[str],
    worlds: Sequence[Sequence[int]],
    modules: Collection[str],
    fixed: Mapping[int, int] | None = None,
) -> ScoreSheet:
    """Score worlds given as card codes (settlements 65-72), choosing free settlement values."""
    values = best_settlement_values(worlds, fixed or {}, modules)
    return _Scorer(names, worlds, values, modules).sheet()


@dataclass(frozen=True)
class ScoreNumbers:
    """The numbers of a score sheet without its sentences: what a study, a bot or the
    outcome reads (``score_numbers``). Tuples are indexed by seat."""

    categories: tuple[str, ...]
    points: dict[str, tuple[int, ...]]
    """Category -> each seat's points, in the sheet's order of categories."""
    totals: tuple[int, ...]
    tie_break: tuple[tuple[int, ...], ...]
    """Each seat's nature icons, compared after the total (the sheet's tie-break)."""

    def winners(self) -> tuple[int, ...]:
        """The seats in first place: the highest total, then the most icons (as
        ``ScoreSheet.ranking``)."""
        keys = list(zip(self.totals, self.tie_break))
        best = max(keys)
        return tuple(p for p, key in enumerate(keys) if key == best)


def score_numbers(
    worlds: Sequence[Sequence[int]],
    modules: Collection[str],
    fixed: Mapping[int, int] | None = None,
) -> ScoreNumbers:
    """The points of ``score_codes``'s sheet, category by category, without writing a
    single reason (about a third of its cost; the tests compare the two on many games)."""
    values = best_settlement_values(worlds, fixed or {}, modules)
    stats = [_Stats(w, values) for w in worlds]
    n = len(worlds)
    categories = tuple(c for c in CATEGORIES if c in _BASE or c in modules)
    points = {c: [0] * n for c in categories}
    biodiversity = points["biodiversity"]
    most = max(s.types for s in stats)
    for p, s in enumerate(stats):
        if s.types:  # a world without cards scores no biodiversity, nor its bonus
            biodiversity[p] = s.types + (BIODIVERSITY_BONUS if s.types == most else 0)
    across = "global_natural_balance" in modules
    balance = points["natural_balance"]
    for p, world in enumerate(worlds):
        present = {values[c] if c > SETTLEMENT_BASE else c for c in world}
        balance[p] = sum(len(run) for run in _runs(present, across))
    for contest in _contests(stats, modules):
        scored = points[contest.category]
        for p in contest.outcome(contest.tops)[0]:
            scored[p] += contest.points
    totals = tuple(sum(points[c][p] for c in categories) for p in range(n))
    return ScoreNumbers(
        categories=categories,
        points={c: tuple(v) for c, v in points.items()},
        totals=totals,
        tie_break=tuple(tuple(s.icons) for s in stats),
    )


def game_numbers(
    worlds: Sequence[Sequence[int]],
    modules: Collection[str],
    settlement_values: Mapping[str, int],
) -> ScoreNumbers:
    """``score_numbers`` for a game (``NuevosMundos.score_numbers``), the chosen settlement
    values given by biome name as in ``score_game``."""
    return score_numbers(worlds, modules, fixed_settlements(worlds, settlement_values))


def score_game(
    names: Sequence[str],
    worlds: Sequence[Sequence[int]],
    modules: Collection[str],
    settlement_values: Mapping[str, int],
) -> ScoreSheet:
    """A game's score sheet (``NuevosMundos.score``): the worlds as card codes, with the
    settlements whose value the players chose (a biome name -> the value, ``{"taiga": 53}``);
    the others take their owner's best value."""
    return score_codes(names, worlds, modules, fixed_settlements(worlds, settlement_values))


def fixed_settlements(worlds: Sequence[Sequence[int]], chosen: Mapping[str, int]) -> dict[int, int]:
    """The chosen settlement values by settlement code, or a ValueError: the settlement must
    be in a world, and take a value of its biome that its world does not hold already."""
    fixed = {}
    for name, value in chosen.items():
        b = biome_index(name)
        code = settlement_code(b)
        owner = next((w for w in worlds if code in w), None)
        if owner is None:
            raise ValueError(t("nuevos_mundos.settlement_in_no_world", biome=biome_label(b)))
        first, last = BIOME_RANGES[b]
        if isinstance(value, bool) or not isinstance(value, int) or not (first <= value <= last):
            raise ValueError(
                t(
                    "nuevos_mundos.settlement_value_range",
                    biome=biome_label(b),
                    first=f"{first:02d}",
                    last=f"{last:02d}",
                    value=repr(value),
                )
            )
        if value in owner:
            raise ValueError(
                t(
                    "nuevos_mundos.settlement_value_in_world",
                    biome=biome_label(b),
                    value=f"{value:02d}",
                )
            )
        fixed[code] = value
    return fixed


def parse_card(card: object) -> tuple[int, int | None]:
    """A card of the scoring pad as (code, fixed settlement value or None).

    A card is a value 1-64 (an int, or text such as ``"42"``), or a settlement written
    ``"settlement:taiga"`` or ``"settlement:taiga=53"``.
    """
    if isinstance(card, str):
        text = card.strip()
        if text.isdigit():
            return check_value(int(text)), None
        if text.startswith("settlement:"):
            rest = text[len("settlement:") :]
            name, _, fixed = rest.partition("=")
            b = biome_index(name.strip())
            code = settlement_code(b)
            if not fixed:
                return code, None
            if not fixed.strip().isdigit():
                raise ValueError(
                    t("nuevos_mundos.pad_settlement_value_not_number", card=repr(card))
                )
            value = int(fixed)
            first, last = BIOME_RANGES[b]
            if not first <= value <= last:
                raise ValueError(
                    t(
                        "nuevos_mundos.pad_settlement_value_range",
                        card=repr(card),
                        biome=biome_label(b),
                        first=f"{first:02d}",
                        last=f"{last:02d}",
                        value=value,
                    )
                )
            return code, value
        raise ValueError(t("nuevos_mundos.pad_not_a_card", card=repr(card)))
    return check_value(card), None


def score(worlds: Mapping[str, Sequence[int | str]], modules: Iterable[str] = ()) -> ScoreSheet:
    """Score a physical game: ``score({"Noa": [2, 9, 10, 11, 42]}, modules=("discord",))``.

    Raises ValueError naming the problem for a bad card, a card in two worlds, an unknown
    biome or module, or a settlement without the human settlements module.
    """
    chosen = check_modules(modules)
    if not isinstance(worlds, Mapping) or not worlds:
        raise ValueError(t("nuevos_mundos.pad_worlds_mapping"))
    names: list[str] = []
    codes: list[list[int]] = []
    fixed: dict[int, int] = {}
    owner: dict[int, str] = {}
    for name, cards in worlds.items():
        if not isinstance(name, str) or not name:
            raise ValueError(t("nuevos_mundos.pad_name", name=repr(name)))
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
            raise ValueError(t("nuevos_mundos.pad_world_list", player=name))
        world: list[int] = []
        for card in cards:
            code, value = parse_card(card)
            if code in owner:
                what = (
                    t("nuevos_mundos.pad_card_number", value=f"{code:02d}")
                    if code <= SETTLEMENT_BASE
                    else str(card)
                )
                if owner[code] == name:
                    raise ValueError(t("nuevos_mundos.pad_card_twice", card=what, player=name))
                raise ValueError(
                    t(
                        "nuevos_mundos.pad_card_in_two_worlds",
                        card=what,
                        other=owner[code],
                        player=name,
                    )
                )
            if code > SETTLEMENT_BASE and "human_settlements" not in chosen:
                raise ValueError(t("nuevos_mundos.pad_settlement_needs_module", card=repr(card)))
            owner[code] = name
            world.append(code)
            if value is not None:
                fixed[code] = value
        names.append(name)
        codes.append(world)
    for p, world in enumerate(codes):
        for code in world:
            if code in fixed and fixed[code] in world:
                raise ValueError(
                    t(
                        "nuevos_mundos.pad_settlement_taken",
                        player=names[p],
                        value=f"{fixed[code]:02d}",
                    )
                )
    return score_codes(names, codes, chosen, fixed)
