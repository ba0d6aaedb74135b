"""Nuevos Mundos: one or more tests per rule, and every worked example of the rulebook."""

from __future__ import annotations

import pytest

import gamecore
from gamecore import IllegalAction
from gamecore.nuevos_mundos import (
    BIOMES,
    LastCard,
    Lay,
    NoLastCard,
    NuevosMundos,
    TakeBiome,
    TakeDigits,
    biome_of,
    card_icons,
    digit_spaces,
    score,
)
from gamecore.nuevos_mundos.bots import check_invariants

THREE = ["Roberto", "Alicia", "Noa"]


def arranged(hands, board, discard, creation=(), players=None, **options):
    return NuevosMundos.arranged(
        hands, board, discard, creation, players=players or THREE[: len(hands)], **options
    )


# ---------------------------------------------------------------------------- components


def test_biomes_hold_eight_consecutive_values_in_rulebook_order():
    assert BIOMES == (
        "ocean",
        "coast",
        "jungle",
        "savanna",
        "desert",
        "high_mountain",
        "taiga",
        "arctic_tundra",
    )
    assert [biome_of(v) for v in (1, 8, 9, 16, 17, 41, 48, 49, 56, 57, 64)] == [
        "ocean",
        "ocean",
        "coast",
        "coast",
        "jungle",
        "high_mountain",
        "high_mountain",
        "taiga",
        "taiga",
        "arctic_tundra",
        "arctic_tundra",
    ]


def test_rulebook_examples_fit_the_derived_biomes():
    # ocean 02, jungle 18, high mountain 42, taiga 52 and 55
    assert biome_of(2) == "ocean"
    assert biome_of(18) == "jungle"
    assert biome_of(42) == "high_mountain"
    assert biome_of(52) == biome_of(55) == "taiga"


def test_the_rulebook_taiga_card_icons():
    # "this taiga card has 1 sun icon, 1 plants icon and 1 minerals icon"
    assert card_icons(52) == {"sun": 1, "plants": 1, "minerals": 1}


@pytest.mark.parametrize("bad", [0, 65, -3, "x", 4.0, True, None])
def test_biome_of_refuses_what_is_not_a_card(bad):
    with pytest.raises(ValueError, match="card"):
        biome_of(bad)


# ---------------------------------------------------------------------------- set-up


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_four_cards_fills_the_board_and_starts_the_discard_pile(players):
    g = gamecore.new_game("nuevos-mundos", players=players, seed=3)
    assert all(len(h) == 4 for h in g.hands)
    assert len(g.discard) == 1
    assert len(g.board) == 5 and all(g.board)
    assert len(g.creation) == 64 - 4 * players - 6
    assert g.current_player == 0
    check_invariants(g)


def test_settlements_are_shuffled_in_only_with_their_module():
    plain = gamecore.new_game("nuevos-mundos", players=2, seed=1)
    assert len(plain.all_cards()) == 64
    with_module = gamecore.new_game(
        "nuevos-mundos", players=2, seed=1, modules=("human_settlements",)
    )
    assert len(with_module.all_cards()) == 72
    check_invariants(with_module)


def test_first_player_is_an_option():
    g = gamecore.new_game("nuevos-mundos", players=3, seed=1, first_player=2)
    assert g.current_player == 2
    with pytest.raises(ValueError, match="first_player"):
        gamecore.new_game("nuevos-mundos", players=3, seed=1, first_player=3)


def test_bad_options_are_refused_clearly():
    with pytest.raises(ValueError, match="unknown module"):
        gamecore.new_game("nuevos-mundos", players=3, modules=("dragons",))
    with pytest.raises(ValueError, match="2-4 players"):
        gamecore.new_game("nuevos-mundos", players=5)
    with pytest.raises(ValueError, match="no option"):
        gamecore.new_game("nuevos-mundos", players=3, colour="red")
    with pytest.raises(ValueError, match="unknown game"):
        gamecore.new_game("chess")


def test_the_same_seed_deals_the_same_game():
    a = gamecore.new_game("nuevos-mundos", players=4, seed=11)
    b = gamecore.new_game("nuevos-mundos", players=4, seed=11)
    c = gamecore.new_game("nuevos-mundos", players=4, seed=12)
    assert a == b
    assert a.hands != c.hands


# ---------------------------------------------------------------------------- action 1


def test_roberto_takes_every_visible_ocean_card():
    # Rulebook: an ocean card takes the ocean cards on spaces 4 and 5 and on the discard pile.
    g = arranged(
        [[3, 20, 30, 40], [10, 11, 12, 13], [14, 15, 16, 17]],
        board=[25, 33, 5, 7, 50],
        discard=2,
        creation=[60, 61, 62],
    )
    g.play(TakeBiome(3))
    assert sorted(g.worlds[0]) == [2, 5, 7]
    assert g.discard == [3]  # the card played lies face up on space 0
    assert g.board == [25, 33, 60, 61, 50]  # spaces 4 and 5 refilled from the creation pile
    assert sorted(g.hands[0]) == [20, 30, 40, 62]  # drew back to four
    assert g.current_player == 1  # clockwise


def test_only_the_top_of_the_discard_pile_is_visible():
    g = arranged([[3, 20, 30, 40], [10, 11, 12, 13]], board=[25, 33, 34, 35, 50], discard=6)
    # White-box: an ocean card buried under the top one is not visible.
    g.creation.remove(4)
    g.discard.insert(0, 4)
    g.play(TakeBiome(3))
    assert g.worlds[0] == [6]
    assert g.discard == [4, 3]


def test_taking_a_biome_that_is_not_visible_takes_nothing():
    g = arranged([[3, 20, 30, 40], [10, 11, 12, 13]], board=[25, 33, 34, 35, 50], discard=60)
    g.play(TakeBiome(3))
    assert g.worlds[0] == []
    assert g.discard == [60, 3]


# ---------------------------------------------------------------------------- action 2


def test_digits_name_board_spaces():
    assert digit_spaces(42) == (2, 4)
    assert digit_spaces(18) == (1,)  # 8 names no space
    assert digit_spaces(55) == (5,)  # a repeated digit takes one card
    assert digit_spaces(7) == (0,)  # 07: the discard pile, and 7 takes nothing
    assert digit_spaces(10) == (0, 1)
    assert digit_spaces(64) == (4, 6)


def test_alicia_plays_42_and_takes_spaces_4_and_2():
    g = arranged(
        [[10, 11, 12, 13], [42, 20, 30, 40]],
        board=[25, 33, 5, 7, 50],
        discard=2,
        players=["Roberto", "Alicia"],
    )
    g.play(Lay(10))
    g.play(TakeDigits(42))
    assert sorted(g.worlds[1]) == [5, 25]
    assert g.discard[-1] == 42


def test_playing_18_takes_the_top_of_the_creation_pile_and_nothing_for_8():
    g = arranged(
        [[18, 20, 30, 40], [10, 11, 12, 13]],
        board=[25, 33, 5, 7, 50],
        discard=2,
        creation=[60, 61],
    )
    g.play(TakeDigits(18))
    assert g.worlds[0] == [60]
    assert g.board == [25, 33, 5, 7, 50]  # nothing taken from the board
    assert g.discard == [2, 18]


def test_55_takes_only_the_card_on_space_5():
    g = arranged([[55, 20, 30, 40], [10, 11, 12, 13]], board=[25, 33, 5, 7, 50], discard=2)
    g.play(TakeDigits(55))
    assert g.worlds[0] == [7]


def test_a_zero_takes_the_top_of_the_discard_pile():
    g = arranged([[7, 20, 30, 40], [10, 11, 12, 13]], board=[25, 33, 5, 6, 50], discard=2)
    g.play(TakeDigits(7))
    assert g.worlds[0] == [2]
    assert g.discard == [7]


# ---------------------------------------------------------------------------- action 3


def test_noa_lays_02_straight_into_her_world():
    g = arranged(
        [[10, 11, 12, 13], [14, 15, 16, 17], [2, 20, 30, 40]],
        board=[25, 33, 5, 7, 50],
        discard=1,
    )
    g.play(Lay(10))
    g.play(Lay(14))
    g.play(Lay(2))
    assert g.worlds[2] == [2]
    assert g.discard == [1]  # laying discards nothing
    assert len(g.hands[2]) == 4


# ---------------------------------------------------------------------------- refusals


def test_a_card_not_in_hand_is_refused_and_nothing_changes():
    g = gamecore.new_game("nuevos-mundos", players=3, seed=5)
    before = g.clone()
    missing = next(c for c in range(1, 65) if c not in g.hands[0])
    reason = g.why_illegal(TakeDigits(missing))
    assert reason and "not in your hand" in reason and f"{missing:02d}" in reason
    with pytest.raises(IllegalAction) as err:
        g.play(TakeDigits(missing))
    assert err.value.reason == reason
    assert isinstance(err.value, ValueError)
    assert g == before


@pytest.mark.parametrize("bad", [TakeBiome(0), TakeBiome(99), Lay(-1)])
def test_a_card_that_does_not_exist_is_explained(bad):
    g = gamecore.new_game("nuevos-mundos", players=3, seed=5)
    assert "there is no card" in (g.why_illegal(bad) or "")


def test_something_that_is_not_an_action_is_explained():
    g = gamecore.new_game("nuevos-mundos", players=3, seed=5)
    assert "not a Nuevos Mundos action" in (g.why_illegal("take 42") or "")


def test_last_card_actions_wait_for_the_end():
    g = gamecore.new_game("nuevos-mundos", players=3, seed=5)
    assert "not ending yet" in (g.why_illegal(LastCard(g.hands[0][0])) or "")
    assert "not ending yet" in (g.why_illegal(NoLastCard()) or "")


def test_legal_actions_are_three_per_card():
    g = gamecore.new_game("nuevos-mundos", players=3, seed=5)
    legal = g.legal_actions()
    assert len(legal) == 12
    assert {type(a) for a in legal} == {TakeBiome, TakeDigits, Lay}
    assert str(TakeDigits(42)) == "play 42 to take the cards on spaces 4 and 2"


# ---------------------------------------------------------------------------- piles


def test_when_the_creation_pile_runs_out_the_discard_pile_is_reshuffled_under_its_top():
    g = arranged([[3, 20, 30, 40], [10, 11, 12, 13]], board=[25, 33, 5, 7, 50], discard=2)
    # White-box: move the creation pile into the discard pile (02 stays on top).
    old_creation = sorted(g.creation)
    g.discard = [*g.creation, 2]
    g.creation = []
    g.play(TakeBiome(3))  # takes 02, 05, 07; 03 lands on space 0; spaces 4-5 need cards
    reshuffles = [e for e in g.log if getattr(e, "kind", "") == "reshuffle_discard"]
    assert len(reshuffles) == 1
    assert sorted(reshuffles[0].outcome) == old_creation  # everything but the top card
    assert g.discard == [3]  # the top card stayed on space 0
    assert len(g.creation) == len(old_creation) - 3  # two refills and one draw
    check_invariants(g)


def test_a_reshuffle_keeps_the_top_discard_card_on_space_0():
    g = arranged([[18, 20, 30, 40], [10, 11, 12, 13]], board=[25, 33, 5, 7, 50], discard=2)
    g.discard = [*g.creation, 2]
    g.creation = []
    g.play(TakeDigits(18))  # digit 1 needs a card: the pile is rebuilt first
    assert g.discard[0] == 2  # 02 stayed on space 0, then 18 landed on it
    assert g.discard[-1] == 18
    check_invariants(g)


# ---------------------------------------------------------------------------- end of game


def _nearly_over(**options):
    g = arranged(
        [[3, 20, 30, 40], [10, 11, 12, 13], [14, 15, 16, 17]],
        board=[25, 33, 5, 7, 50],
        discard=2,
        **options,
    )
    # White-box: the creation and discard piles are both exhausted (cards moved to a world).
    g.worlds[2].extend(g.creation)
    g.creation = []
    return g


def test_the_game_ends_when_the_board_cannot_be_refilled():
    g = _nearly_over()
    g.play(TakeBiome(3))  # three cards leave the board, nothing can refill it
    assert g.phase == "last_cards"
    assert g.ender == 0
    assert g.current_player == 1  # the others, in turn order
    assert set(map(type, g.legal_actions())) == {LastCard, NoLastCard}
    assert "only lay one last card" in (g.why_illegal(Lay(10)) or "")
    g.play(LastCard(11))
    assert g.current_player == 2
    g.play(NoLastCard())
    assert g.is_over and g.current_player is None
    assert 11 in g.worlds[1]
    assert not any(g.hands)  # the rest of each hand is discarded
    assert g.legal_actions() == []
    assert "game is over" in (g.why_illegal(Lay(10)) or "")
    check_invariants(g)


def test_the_player_who_ended_the_game_lays_no_last_card():
    g = _nearly_over()
    g.play(TakeBiome(3))
    while not g.is_over:
        assert g.current_player != 0
        g.play(NoLastCard())


# ---------------------------------------------------------------------------- scoring


def rulebook_worlds():
    """Worlds built to match the rulebook's final example, category by category."""
    return {
        "Roberto": [1, 3, 5, 9, 11, 13, 24, 31, 39, 41, 43, 45, 49, 63],
        "Alicia": [7, 15, 23, 25, 27, 29, 33, 35, 37, 47, 53, 54, 55],
        "Noa": [17, 18, 19, 20, 21, 22, 32, 40, 50, 51, 52, 57, 59, 61],
    }


def test_the_rulebook_final_example():
    sheet = score(rulebook_worlds())
    expected = {"Roberto": (11, 6, 0), "Alicia": (7, 6, 3), "Noa": (5, 4, 9)}
    for name, (bio, dom, nat) in expected.items():
        assert sheet.points(name, "biodiversity") == bio
        assert sheet.points(name, "dominant_biomes") == dom
        assert sheet.points(name, "natural_balance") == nat
    # The rulebook prints 16 for Roberto: its addition slips, 11 + 6 + 0 is 17.
    assert sheet.totals() == {"Roberto": 17, "Alicia": 16, "Noa": 18}
    assert sheet.winners() == ["Noa"]
    assert [p.player for p in sheet.ranking()] == ["Noa", "Roberto", "Alicia"]


def test_the_taiga_tie_goes_to_the_highest_card():
    sheet = score(rulebook_worlds())
    taiga = [r for r in sheet.rows if r.category == "dominant_biomes" and "taiga" in r.reason]
    assert [r.player for r in taiga] == ["Alicia"]
    assert "55" in taiga[0].reason


def test_biodiversity_one_point_per_type_and_three_for_the_most():
    sheet = score({"A": [1, 9, 17, 25], "B": [2, 10]})
    assert sheet.points("A", "biodiversity") == 4 + 3
    assert sheet.points("B", "biodiversity") == 2


def test_biodiversity_bonus_is_shared_on_a_tie():
    sheet = score({"A": [1, 9], "B": [2, 10]})
    assert sheet.points("A", "biodiversity") == sheet.points("B", "biodiversity") == 5


def test_dominant_biome_three_ocean_against_two():
    sheet = score({"Roberto": [1, 2, 3], "Noa": [4, 5]})
    assert sheet.points("Roberto", "dominant_biomes") == 2
    assert sheet.points("Noa", "dominant_biomes") == 0


def test_natural_balance_three_desert_cards_in_a_row():
    sheet = score({"A": [33, 34, 35, 37]})
    assert sheet.points("A", "natural_balance") == 3


def test_runs_stop_at_a_biome_border_without_the_global_module():
    assert score({"A": [15, 16, 17]}).points("A", "natural_balance") == 0
    # Rulebook: 2 coast cards and 1 jungle card in a row = 3 points.
    sheet = score({"A": [15, 16, 17]}, modules=("global_natural_balance",))
    assert sheet.points("A", "natural_balance") == 3


def test_ties_on_points_go_to_nature_icons_in_order():
    # Same points; A shows a sun icon (03: water+sun), B does not (12: water+plants).
    assert card_icons(3) == {"water": 1, "sun": 1}
    assert card_icons(12) == {"water": 1, "plants": 1}
    sheet = score({"A": [3], "B": [12]})
    assert sheet.total("A") == sheet.total("B")
    assert sheet.winners() == ["A"]
    assert "sun" in "\n".join(sheet.explain())


# ---------------------------------------------------------------------------- advanced modules


def test_vital_capacity_three_points_for_the_most_of_each_icon():
    sheet = score({"A": [1, 4], "B": [2]}, modules=("vital_capacity",))
    # A: water 1 + water 2 = 3 water; B: water 1, animals 1.
    assert sheet.points("A", "vital_capacity") == 3  # water
    assert sheet.points("B", "vital_capacity") == 3  # animals


def test_vital_capacity_tie_goes_to_the_highest_card_showing_the_icon():
    # Both show one plants icon: 06 (ocean, water+plants) against 17 (jungle, plants+water).
    sheet = score({"A": [6], "B": [17]}, modules=("vital_capacity",))
    plants = [r for r in sheet.rows if "plants" in r.reason and r.category == "vital_capacity"]
    assert [r.player for r in plants] == ["B"]


def test_discord_one_point_per_minority():
    sheet = score({"A": [1, 2, 9], "B": [3, 17]}, modules=("discord",))
    # Biome types: A 2 (ocean, coast), B 2 (ocean, jungle): all tied, the highest card
    # (17, B) escapes, A loses 1. Ocean: A 2, B 1: B loses. Coast: A 1, B 0: B loses.
    # Jungle: A 0, B 1: A loses. The other five biomes: all tied on zero, nobody loses.
    assert sheet.points("A", "discord") == -2
    assert sheet.points("B", "discord") == -2


def test_discord_all_tied_the_highest_card_escapes():
    sheet = score({"A": [1, 2], "B": [3, 4]}, modules=("discord",))
    ocean = [r for r in sheet.rows if r.category == "discord" and "ocean" in r.reason]
    assert [r.player for r in ocean] == ["A"]
    assert "escapes" in ocean[0].reason


def test_discord_ties_each_lose_a_point():
    sheet = score({"A": [1], "B": [2], "C": [3, 4]}, modules=("discord",))
    ocean = [r.player for r in sheet.rows if r.category == "discord" and "ocean" in r.reason]
    assert ocean == ["A", "B"]


def test_discord_counts_icons_only_with_vital_capacity():
    without = score({"A": [1], "B": [3]}, modules=("discord",))
    with_icons = score({"A": [1], "B": [3]}, modules=("discord", "vital_capacity"))
    assert not any("icons" in r.reason for r in without.rows)
    assert any("sun icons" in r.reason for r in with_icons.rows if r.category == "discord")


def test_settlement_takes_the_best_value_for_its_owner():
    sheet = score({"A": [33, 35, "settlement:desert"]}, modules=("human_settlements",))
    assert sheet.points("A", "natural_balance") == 3  # the settlement became 34
    assert any("settlement as 34" in r.reason for r in sheet.rows)


def test_settlement_value_can_be_chosen():
    sheet = score({"A": [33, 35, "settlement:desert=40"]}, modules=("human_settlements",))
    assert sheet.points("A", "natural_balance") == 0


def test_settlement_may_copy_a_value_in_another_world_and_a_biome_card_wins_the_tie():
    sheet = score(
        {"A": [39, 40], "B": [33, "settlement:desert=40"]}, modules=("human_settlements",)
    )
    assert sheet.points("A", "dominant_biomes") == 2
    assert sheet.points("B", "dominant_biomes") == 0


def test_settlement_can_only_take_its_biome_or_be_laid():
    g = arranged(
        [[65 + 6, 20, 30, 40], [10, 11, 12, 13]],
        board=[50, 33, 5, 7, 51],
        discard=2,
        modules=("human_settlements",),
        players=["A", "B"],
    )
    assert "no value" in (g.why_illegal(TakeDigits(71)) or "")
    assert TakeDigits(71) not in g.legal_actions()
    g.play(TakeBiome(71))  # the taiga settlement takes the visible taiga cards
    assert sorted(g.worlds[0]) == [50, 51]


def test_a_settlement_on_the_board_is_taken_like_any_card():
    g = arranged(
        [[42, 20, 30, 40], [10, 11, 12, 13]],
        board=[72, 33, 5, 7, 51],
        discard=2,
        modules=("human_settlements",),
        players=["A", "B"],
    )
    g.play(TakeDigits(42))
    assert sorted(g.worlds[0]) == [5, 72]


def test_in_game_settlement_values_can_be_chosen_or_left_to_the_engine():
    g = arranged(
        [[55, 71, 30, 40], [10, 11, 12, 13]],
        board=[52, 33, 5, 7, 50],
        discard=2,
        modules=("human_settlements",),
        players=["A", "B"],
    )
    g.play(TakeBiome(55))  # takes taiga 50 and 52
    g.play(Lay(10))
    g.play(Lay(71))  # the taiga settlement joins A's world
    assert sorted(g.worlds[0]) == [50, 52, 71]
    assert g.score().points("A", "natural_balance") == 3  # the engine picks 51
    assert g.score(settlement_values={"taiga": 49}).points("A", "natural_balance") == 0
    with pytest.raises(ValueError, match="takes a value from 49 to 56"):
        g.score(settlement_values={"taiga": 12})
    with pytest.raises(ValueError, match="already in the same world"):
        g.score(settlement_values={"taiga": 50})
    with pytest.raises(ValueError, match="unknown biome"):
        g.score(settlement_values={"atlantis": 12})
    with pytest.raises(ValueError, match="in no world"):
        g.score(settlement_values={"ocean": 3})


def test_score_reasons_read_as_whole_sentences_from_the_catalog():
    """The reasons come from gamecore/words/en/nuevos_mundos.json (issue 8 C7), word for word
    as the rulebook's examples read."""
    sheet = score({"A": [33, 34, 35, 37]})
    assert [r.reason for r in sheet.rows if r.category == "natural_balance"] == [
        "3 desert cards in a row, 33-34-35: +3"
    ]
    sheet = score({"A": [15, 16, 17]}, modules=("global_natural_balance",))
    assert sheet.rows_for("A", "natural_balance")[0].reason == (
        "3 coast and jungle cards in a row, 15-16-17: +3"
    )
    sheet = score({"A": [1, 2], "B": [3, 4]}, modules=("discord",))
    reasons = {r.reason for r in sheet.rows if r.category == "discord"}
    assert "everyone tied on ocean cards (2); B escapes with the highest ocean card, 04: -1" in (
        reasons
    )
    sheet = score({"A": [6], "B": [17]}, modules=("vital_capacity",))
    assert "tied on 1 plants icons with A; the highest card showing plants, 17, wins: +3" in {
        r.reason for r in sheet.rows_for("B", "vital_capacity")
    }
