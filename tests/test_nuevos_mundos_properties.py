"""Nuevos Mundos scoring pad: property tests (hypothesis) and bad-input checks.

Every property is checked against an independent recount written here from the rulebook,
not against the engine's own helpers. Worlds are dealt at random: distinct biome cards
1-64 (often in runs, so that natural balance has something to count) to 1-4 players with
distinct names, and optionally some of the eight human settlements (each at most once,
free or with a fixed value), with the human_settlements module on.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from gamecore.nuevos_mundos import BIOMES, MODULES, card_icons, score

ICON_ORDER = ("sun", "water", "plants", "animals", "minerals", "ice")
HS = "human_settlements"
GLOBAL = "global_natural_balance"

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------- the oracle


def values_of(b: int) -> range:
    """The card values of biome ``b`` (rulebook order, eight values each)."""
    return range(8 * b + 1, 8 * b + 9)


def biome_of_card(card: int | str) -> int:
    if isinstance(card, int):
        return (card - 1) // 8
    name = card.split(":", 1)[1].split("=")[0]
    return BIOMES.index(name)


def fixed_value(card: int | str) -> int | None:
    """The value a card stands for: its number, a fixed settlement's value, else None."""
    if isinstance(card, int):
        return card
    _, _, v = card.partition("=")
    return int(v) if v else None


def is_free_settlement(card: int | str) -> bool:
    return isinstance(card, str) and "=" not in card


def key(card: int | str) -> tuple[int, int]:
    """How cards compare for "the highest card": on equal value a biome card wins."""
    v = fixed_value(card)
    assert v is not None
    return (v, 1 if isinstance(card, int) else 0)


def brute_runs(values: Sequence[int], across_biomes: bool) -> int:
    """Natural balance recounted by brute force: every value that belongs to a stretch of
    at least three consecutive values (within one biome unless ``across_biomes``)."""
    held = set(values)
    points = 0
    for v in held:
        # extend left and right from v as far as the values are held
        lo = v
        while lo - 1 in held and (across_biomes or (lo - 2) // 8 == (v - 1) // 8):
            lo -= 1
        hi = v
        while hi + 1 in held and (across_biomes or hi // 8 == (v - 1) // 8):
            hi += 1
        if hi - lo + 1 >= 3:
            points += 1
    return points


def icon_counts(world: Sequence[int | str]) -> tuple[int, ...]:
    """Nature icons of a world in rulebook order (settlements show none)."""
    counts = [0] * len(ICON_ORDER)
    for card in world:
        if isinstance(card, int):
            for icon, n in card_icons(card).items():
                counts[ICON_ORDER.index(icon)] += n
    return tuple(counts)


# ---------------------------------------------------------------------------- strategies


@dataclass(frozen=True)
class Deal:
    worlds: dict[str, list[int | str]]
    modules: tuple[str, ...]

    @property
    def names(self) -> list[str]:
        return list(self.worlds)

    def free_settlements(self) -> list[tuple[str, str]]:
        return [(n, c) for n, w in self.worlds.items() for c in w if is_free_settlement(c)]


names_st = st.text(
    alphabet=st.characters(categories=("L", "N"), max_codepoint=0x24F), min_size=1, max_size=6
)


@st.composite
def deals(
    draw: st.DrawFn,
    *,
    settlements: str = "maybe",  # "never", "maybe", "fixed" (all fixed), "one_free"
    modules: Sequence[str] | None = None,
    min_players: int = 1,
    max_players: int = 4,
    max_stretches: int = 18,
    biomes: Sequence[int] = tuple(range(8)),
) -> Deal:
    n = draw(st.integers(min_players, max_players))
    names = draw(st.lists(names_st, min_size=n, max_size=n, unique=True))
    owner: dict[int, int] = {}
    # cards come in stretches (start, length, player) so runs and ties are common;
    # ``biomes`` may narrow the cards to a few biomes, so that worlds meet more often
    allowed = sorted(v for b in biomes for v in values_of(b))
    stretches = draw(
        st.lists(
            st.tuples(st.sampled_from(allowed), st.integers(1, 5), st.integers(0, n - 1)),
            max_size=max_stretches,
        )
    )
    for start, length, p in stretches:
        for v in range(start, start + length):
            if v in allowed:
                owner.setdefault(v, p)
    worlds: list[list[int | str]] = [[v for v in sorted(owner) if owner[v] == p] for p in range(n)]

    if modules is None:
        chosen = set(draw(st.sets(st.sampled_from([m for m in MODULES if m != HS]))))
    else:
        chosen = set(modules)

    want_settlements = settlements != "never" and (settlements != "maybe" or draw(st.booleans()))
    if want_settlements:
        chosen.add(HS)
        placed = draw(st.dictionaries(st.integers(0, 7), st.integers(0, n - 1), max_size=8))
        if settlements == "one_free":
            assume(placed)
            free_biome = draw(st.sampled_from(sorted(placed)))
        for b, p in sorted(placed.items()):
            name = f"settlement:{BIOMES[b]}"
            free_allowed = settlements == "maybe" or (settlements == "one_free" and b == free_biome)
            must_fix = settlements == "fixed" or (settlements == "one_free" and b != free_biome)
            if must_fix or (free_allowed and settlements == "maybe" and draw(st.booleans())):
                own = {c for c in worlds[p] if isinstance(c, int)}
                options = [v for v in values_of(b) if v not in own]
                if not options:
                    if must_fix:
                        continue  # no value left for it in this world: leave it out
                else:
                    name += f"={draw(st.sampled_from(options))}"
            worlds[p].append(name)

    shuffled = [draw(st.permutations(w)) for w in worlds]
    return Deal(dict(zip(names, shuffled)), tuple(m for m in MODULES if m in chosen))


def undealt(deal: Deal) -> list[int]:
    used = {c for w in deal.worlds.values() for c in w if isinstance(c, int)}
    return [v for v in range(1, 65) if v not in used]


# ---------------------------------------------------------------------------- properties


@FAST
@given(deal=deals(), data=st.data())
def test_renaming_and_reordering_players_changes_nothing(deal: Deal, data: st.DataObject) -> None:
    names = deal.names
    new_names = data.draw(st.permutations(names), label="renamed")
    if data.draw(st.booleans(), label="fresh names"):
        new_names = [f"~{n}" for n in new_names]
    rename = dict(zip(names, new_names))
    order = data.draw(st.permutations(names), label="order")
    moved = {rename[n]: list(deal.worlds[n]) for n in order}

    before = score(deal.worlds, deal.modules)
    after = score(moved, deal.modules)
    for n in names:
        for category in before.categories:
            assert before.points(n, category) == after.points(rename[n], category), (n, category)
        assert before.total(n) == after.total(rename[n])
    assert {rename[p.player]: (p.place, p.total) for p in before.ranking()} == {
        p.player: (p.place, p.total) for p in after.ranking()
    }
    assert [(p.place, p.total) for p in before.ranking()] == [
        (p.place, p.total) for p in after.ranking()
    ]
    assert sorted(rename[w] for w in before.winners()) == sorted(after.winners())


def biome_types(world: Sequence[int | str]) -> int:
    return len({biome_of_card(c) for c in world})


def check_biodiversity(deal: Deal) -> dict[str, int]:
    sheet = score(deal.worlds, deal.modules)
    types = {n: biome_types(w) for n, w in deal.worlds.items()}
    most = max(types.values())
    for n in deal.names:
        rows = sheet.rows_for(n, "biodiversity")
        bonus = [r for r in rows if r.reason.startswith("most biome types")]
        base = sum(r.points for r in rows if r not in bonus)
        assert base == types[n], (n, rows)
        expected_bonus = 1 if most > 0 and types[n] == most else 0
        assert len(bonus) == expected_bonus, (n, types, rows)
        assert all(r.points == 3 for r in bonus)
        assert sheet.points(n, "biodiversity") == types[n] + 3 * expected_bonus
    return {n: sheet.points(n, "biodiversity") for n in deal.names}


@FAST
@given(deal=deals(), data=st.data())
def test_biodiversity_counts_types_and_gives_the_bonus_to_the_most(
    deal: Deal, data: st.DataObject
) -> None:
    check_biodiversity(deal)
    who = data.draw(st.sampled_from(deal.names), label="to")
    # a card not dealt, and not the value of a fixed settlement in that world
    spare = [v for v in undealt(deal) if v not in {fixed_value(c) for c in deal.worlds[who]}]
    assume(spare)
    card = data.draw(st.sampled_from(spare), label="added card")
    before = score(deal.worlds, deal.modules)
    bigger = Deal(
        {n: [*w, card] if n == who else list(w) for n, w in deal.worlds.items()}, deal.modules
    )
    check_biodiversity(bigger)
    after = score(bigger.worlds, bigger.modules)

    def base(sheet, n):  # biodiversity without the +3 bonus row
        return sum(
            r.points
            for r in sheet.rows_for(n, "biodiversity")
            if not r.reason.startswith("most biome types")
        )

    assert base(after, who) >= base(before, who)


@FAST
@given(deal=deals())
def test_points_are_never_negative_except_discord_which_is_bounded(deal: Deal) -> None:
    sheet = score(deal.worlds, deal.modules)
    icons = 6 if "vital_capacity" in deal.modules else 0
    for n in deal.names:
        for category in sheet.categories:
            points = sheet.points(n, category)
            if category == "discord":
                assert -(1 + 8 + icons) <= points <= 0
                assert points >= -(1 + 8 + 6)
            else:
                assert points >= 0, (n, category)
        if "discord" not in deal.modules:
            assert sheet.total(n) >= 0
            assert "discord" not in sheet.categories
        assert sheet.total(n) == sum(sheet.points(n, c) for c in sheet.categories)
    assert sum(len(sheet.rows_for(n)) for n in deal.names) == len(sheet.rows)


def dominant_oracle(deal: Deal) -> dict[str, int]:
    """Dominant biome points by the rulebook: most cards, a tie to the highest card."""
    points = dict.fromkeys(deal.names, 0)
    for b in range(8):
        held = {n: [key(c) for c in w if biome_of_card(c) == b] for n, w in deal.worlds.items()}
        counts = {n: len(k) for n, k in held.items()}
        most = max(counts.values())
        if most == 0:
            continue
        tied = [n for n in deal.names if counts[n] == most]
        winner = max(tied, key=lambda n: max(held[n]))
        points[winner] += 2
    return points


@FAST
@given(deal=deals())
def test_each_held_biome_gives_two_points_to_exactly_one_player(deal: Deal) -> None:
    sheet = score(deal.worlds, deal.modules)
    held = {biome_of_card(c) for w in deal.worlds.values() for c in w}
    assert sum(sheet.points(n, "dominant_biomes") for n in deal.names) == 2 * len(held)
    for n in deal.names:
        rows = sheet.rows_for(n, "dominant_biomes")
        assert all(r.points == 2 for r in rows)
    # each held biome is won by exactly one row, which lists the winner's cards of it
    # (settlements are listed as codes 65-72, one per biome in rulebook order)
    won = []
    for r in sheet.rows:
        if r.category == "dominant_biomes":
            biomes = {(c - 1) // 8 if c <= 64 else c - 65 for c in r.cards}
            assert len(biomes) == 1, r
            won.append(biomes.pop())
    assert sorted(won) == sorted(held)


@FAST
@given(deal=deals(settlements="fixed"))
def test_dominant_biomes_match_the_rulebook_with_fixed_settlements(deal: Deal) -> None:
    sheet = score(deal.worlds, deal.modules)
    assert {n: sheet.points(n, "dominant_biomes") for n in deal.names} == dominant_oracle(deal)


@FAST
@given(deal=deals(settlements="fixed"))
def test_natural_balance_matches_a_brute_force_recount(deal: Deal) -> None:
    per_biome = Deal(deal.worlds, tuple(m for m in deal.modules if m != GLOBAL))
    across = Deal(deal.worlds, (*per_biome.modules, GLOBAL))
    sheet = score(per_biome.worlds, per_biome.modules)
    global_sheet = score(across.worlds, across.modules)
    for n, w in deal.worlds.items():
        values = [fixed_value(c) for c in w]
        assert None not in values
        own = brute_runs(values, across_biomes=False)
        assert sheet.points(n, "natural_balance") == own, (n, sorted(values))
        wide = global_sheet.points(n, "natural_balance")
        assert wide >= own
        assert wide == brute_runs(values, across_biomes=True), (n, sorted(values))


@FAST
@given(deal=deals(settlements="never"))
def test_natural_balance_without_settlements(deal: Deal) -> None:
    sheet = score(deal.worlds, deal.modules)
    across = GLOBAL in deal.modules
    for n, w in deal.worlds.items():
        assert sheet.points(n, "natural_balance") == brute_runs(w, across)
        assert sheet.points(n, "natural_balance") >= brute_runs(w, False)


@FAST
@given(deal=deals(modules=("vital_capacity",)))
def test_vital_capacity_gives_three_points_per_icon_kind_shown(deal: Deal) -> None:
    sheet = score(deal.worlds, deal.modules)
    shown = {
        icon
        for w in deal.worlds.values()
        for c in w
        if isinstance(c, int)
        for icon in card_icons(c)
    }
    assert sum(sheet.points(n, "vital_capacity") for n in deal.names) == 3 * len(shown)
    # and each kind to the rulebook's player: most icons, a tie to the highest card showing it
    expected = dict.fromkeys(deal.names, 0)
    for i, icon in enumerate(ICON_ORDER):
        if icon not in shown:
            continue
        counts = {n: icon_counts(w)[i] for n, w in deal.worlds.items()}
        most = max(counts.values())
        tied = [n for n in deal.names if counts[n] == most]
        winner = max(
            tied,
            key=lambda n: max(
                c for c in deal.worlds[n] if isinstance(c, int) and icon in card_icons(c)
            ),
        )
        expected[winner] += 3
    assert {n: sheet.points(n, "vital_capacity") for n in deal.names} == expected


def explicit_totals(deal: Deal, name: str, card: str) -> dict[int, int]:
    """The owner's total for every value the free settlement ``card`` could take."""
    b = biome_of_card(card)
    own = {c for c in deal.worlds[name] if isinstance(c, int)}
    totals = {}
    for v in values_of(b):
        if v in own:
            continue
        world = [f"{card}={v}" if c == card else c for c in deal.worlds[name]]
        totals[v] = score({**deal.worlds, name: world}, deal.modules).total(name)
    return totals


@SLOW
@given(deal=deals(settlements="one_free"))
def test_a_free_settlement_takes_the_best_value_for_its_owner(deal: Deal) -> None:
    [(name, card)] = deal.free_settlements()
    totals = explicit_totals(deal, name, card)
    assume(totals)  # the owner holds all eight cards of that biome: no value is left
    chosen = score(deal.worlds, deal.modules).total(name)
    assert all(chosen >= t for t in totals.values()), (chosen, totals)
    assert chosen == max(totals.values()), (chosen, totals)


@st.composite
def two_free_in_one_world(draw: st.DrawFn) -> tuple[Deal, str, tuple[str, str]]:
    # small worlds, often with discord: ties on biome types (where the highest card of
    # all escapes) are common, so both settlements' values matter together
    others = draw(st.sets(st.sampled_from([GLOBAL, "vital_capacity"])))
    discord = {"discord"} if draw(st.integers(0, 3)) else set()
    modules = [m for m in MODULES if m in others | discord]
    focus = draw(st.lists(st.integers(0, 7), min_size=2, max_size=4, unique=True))
    deal = draw(
        deals(
            settlements="never",
            modules=modules,
            min_players=2,
            max_players=3,
            max_stretches=6,
            biomes=focus,
        )
    )
    name = draw(st.sampled_from(deal.names))
    b1, b2 = draw(st.lists(st.sampled_from(focus), min_size=2, max_size=2, unique=True))
    cards = (f"settlement:{BIOMES[b1]}", f"settlement:{BIOMES[b2]}")
    worlds = {n: [*w, *cards] if n == name else list(w) for n, w in deal.worlds.items()}
    return Deal(worlds, tuple(m for m in MODULES if m in {*deal.modules, HS})), name, cards


@SLOW
@given(case=two_free_in_one_world())
# Random deals hit this case rarely (about 1 deal in 3000), so it is kept as an example:
# with discord, everyone is tied on biome types and the highest card of all escapes. The
# arctic tundra settlement escapes at any value, so the taiga settlement is free to be 52
# (a run 49-52, 4 points) rather than 56 (run 49-51, 3 points): 12 points, not 11.
@example(
    case=(
        Deal(
            {"A": [49, 50, 51, "settlement:taiga", "settlement:arctic_tundra"], "B": [55, 10]},
            (HS, "discord"),
        ),
        "A",
        ("settlement:taiga", "settlement:arctic_tundra"),
    )
)
def test_two_free_settlements_in_one_world_take_the_best_values_together(
    case: tuple[Deal, str, tuple[str, str]],
) -> None:
    deal, name, (s1, s2) = case
    own = {c for c in deal.worlds[name] if isinstance(c, int)}
    options1 = [v for v in values_of(biome_of_card(s1)) if v not in own]
    options2 = [v for v in values_of(biome_of_card(s2)) if v not in own]
    assume(options1 and options2)
    totals = {}
    for v1, v2 in itertools.product(options1, options2):
        fixed = {s1: f"{s1}={v1}", s2: f"{s2}={v2}"}
        world = [fixed.get(c, c) if isinstance(c, str) else c for c in deal.worlds[name]]
        totals[v1, v2] = score({**deal.worlds, name: world}, deal.modules).total(name)
    best = max(totals, key=totals.__getitem__)
    chosen = score(deal.worlds, deal.modules).total(name)
    assert chosen == totals[best], f"engine {chosen}, but values {best} give {totals[best]}"


@FAST
@given(deal=deals())
def test_ranking_is_by_total_then_icons_and_winners_are_first_place(deal: Deal) -> None:
    sheet = score(deal.worlds, deal.modules)
    ranking = sheet.ranking()
    assert sorted(p.player for p in ranking) == sorted(deal.names)
    assert [p.total for p in ranking] == sorted((p.total for p in ranking), reverse=True)
    assert all(p.total == sheet.total(p.player) for p in ranking)
    assert ranking[0].place == 1
    # rulebook tie-break: count the nature icons, sun first, until the tie is broken
    rank_key = {n: (sheet.total(n), icon_counts(w)) for n, w in deal.worlds.items()}
    for i, p in enumerate(ranking):
        if i == 0:
            continue
        prev = ranking[i - 1]
        assert rank_key[prev.player] >= rank_key[p.player]
        if rank_key[prev.player] == rank_key[p.player]:
            assert p.place == prev.place
        else:
            assert p.place == i + 1
    winners = sheet.winners()
    assert winners == [p.player for p in ranking if p.place == 1]
    top = max(rank_key.values())
    assert sorted(winners) == sorted(n for n in deal.names if rank_key[n] == top)


# ---------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("worlds", "modules", "message"),
    [
        ({"Noa": [0]}, (), "no card 0"),
        ({"Noa": [65]}, (), "no card 65"),
        ({"Noa": ["x"]}, (), "not a card"),
        ({"Noa": [True]}, (), "whole number"),
        ({"Noa": [1.5]}, (), "whole number"),
        ({"Noa": [3, 42], "Alicia": [42]}, (), "42"),
        ({"Noa": [7, 7]}, (), "twice"),
        ({"Noa": ["settlement:atlantis"]}, (HS,), "atlantis"),
        ({"Noa": ["settlement:taiga=12"]}, (HS,), "49"),
        ({"Noa": ["settlement:taiga=50", 50]}, (HS,), "already"),
        ({"Noa": ["settlement:taiga", "settlement:taiga"]}, (HS,), "twice"),
        ({"Noa": [1]}, ("expansion",), "expansion"),
        ({"Noa": ["settlement:taiga"]}, (), HS),
        ({}, (), "worlds"),
        ({"": [1]}, (), "name"),
    ],
)
def test_bad_input_is_refused_with_a_helpful_message(worlds, modules, message) -> None:
    with pytest.raises(ValueError, match=message):
        score(worlds, modules)


def test_a_card_in_two_worlds_names_both_players() -> None:
    with pytest.raises(ValueError) as info:
        score({"Noa": [3, 42], "Alicia": [42]})
    text = str(info.value)
    assert "Noa" in text and "Alicia" in text and "42" in text


def test_an_unknown_module_lists_the_modules() -> None:
    with pytest.raises(ValueError) as info:
        score({"Noa": [1]}, ("discord", "expansion"))
    assert all(m in str(info.value) for m in MODULES)


def test_a_bad_settlement_value_says_the_range_of_its_biome() -> None:
    with pytest.raises(ValueError) as info:
        score({"Noa": ["settlement:taiga=12"]}, (HS,))
    assert "49" in str(info.value) and "56" in str(info.value)


def test_a_settlement_whose_biome_is_complete_in_its_world_adds_nothing_to_runs() -> None:
    sheet = score({"Noa": [*range(1, 9), "settlement:ocean"], "Roberto": [9]}, (HS,))
    assert sheet.points("Noa", "natural_balance") == 8
    assert sheet.points("Noa", "biodiversity") == 1 + 3
