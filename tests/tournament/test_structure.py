"""Structures: the schedule of levels and breaks, starting chips, prizes and the stakes
of each game at each level (rules.md §7.1; 001 Tournaments r.6-8; 004 r.101-103)."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.games.catalogue import find_game
from pokerbook.games.stakes import stakes_problem
from pokerbook.tournament.structure import (
    Level,
    Rebuys,
    Structure,
    StructureError,
    load_structure,
    structure_names,
)


def small(**changes: object) -> Structure:
    """A small no-limit structure: three levels of 20, 30 and 20 minutes, a 10-minute
    break after the second."""
    base = Structure(
        key="small",
        name="Small",
        description="",
        house="roberts",
        games=("nlhe",),
        hands_per_game=None,
        format="no-limit",
        table_size=9,
        profile="roberts",
        denominations=(25, 100, 500),
        levels=(
            Level(1, blinds=(25, 50), minutes=20),
            Level(2, blinds=(50, 100), ante=100, big_blind_ante=True, minutes=30, break_minutes=10),
            Level(3, blinds=(100, 200), ante=200, big_blind_ante=True, minutes=20, colour_up=25),
        ),
        buy_in=100,
        starting_chips=10000,
        payout_percents=(50.0, 30.0, 20.0),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


# -- the schedule (001 r.6-7) -------------------------------------------------------------
def test_001_r6_schedule_runs_levels_and_breaks_in_order_the_last_forever() -> None:
    assert small().schedule() == [
        (0.0, 20.0, small().levels[0]),
        (20.0, 50.0, small().levels[1]),
        (50.0, 60.0, None),
        (60.0, math.inf, small().levels[2]),
    ]


def test_001_r6_level_at_gives_the_level_and_minutes_left() -> None:
    s = small()
    assert s.level_at(0) == (s.levels[0], 20)
    assert s.level_at(19.5) == (s.levels[0], 0.5)
    assert s.level_at(20) == (s.levels[1], 30)
    assert s.level_at(500)[0] == s.levels[2]
    assert math.isinf(s.level_at(500)[1])


def test_001_r7_a_break_shows_the_level_after_it() -> None:
    s = small()
    assert s.on_break(55)
    assert not s.on_break(49)
    assert not s.on_break(60)
    level, left = s.level_at(55)
    assert level == s.levels[2]
    assert math.isinf(left)
    longer = replace(s, levels=(*s.levels, Level(4, blinds=(200, 400), minutes=20)))
    assert longer.level_at(55) == (longer.levels[2], 25)


def test_levels_by_hands_count_each_tables_hands() -> None:
    s = small(
        levels=(
            Level(1, blinds=(25, 50), hands=10),
            Level(2, blinds=(50, 100), hands=5),
            Level(3, blinds=(100, 200), minutes=20),
        ),
        seconds_per_hand=60,
    )
    assert [s.level_by_hands(h).number for h in (0, 9, 10, 14, 15, 34, 35, 999)] == [
        1,
        1,
        2,
        2,
        3,
        3,
        3,
        3,
    ]
    # by the clock, a level of hands lasts its hands at seconds_per_hand
    assert s.schedule()[1][:2] == (10.0, 15.0)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 60), min_size=1, max_size=8),
    st.lists(st.integers(0, 20), min_size=8, max_size=8),
    st.floats(0, 1000),
)
def test_001_r6_the_schedule_has_no_gaps_and_level_at_agrees(
    lengths: list[int], breaks: list[int], minutes: float
) -> None:
    levels = tuple(
        Level(i, blinds=(25 * i, 50 * i), minutes=m, break_minutes=breaks[i - 1])
        for i, m in enumerate(lengths, 1)
    )
    levels = (*levels[:-1], replace(levels[-1], break_minutes=0))
    s = small(levels=levels)
    slots = s.schedule()
    assert slots[0][0] == 0
    assert all(a[1] == b[0] for a, b in itertools.pairwise(slots))
    assert math.isinf(slots[-1][1])
    assert [lv for _, _, lv in slots if lv is not None] == list(levels)
    level, left = s.level_at(minutes)
    start, end = next((a, b) for a, b, lv in slots if lv is level)
    assert left == end - minutes > 0
    if s.on_break(minutes):
        assert minutes < start
    else:
        assert start <= minutes < end


# -- chips (004 r.102; 001 r.8) -----------------------------------------------------------
def test_004_r102_starting_stacks_follow_the_chip_table() -> None:
    oresteen = load_structure("oresteen")
    # E-11: 34,000 for 5-10 players, 27,500 for 11-12, 21,500 for 13, 21,000, 20,850 for 16
    assert [oresteen.starting_stack(n) for n in (5, 10, 11, 12, 13, 14, 15, 16)] == [
        34000,
        34000,
        27500,
        27500,
        21500,
        21000,
        21000,
        20850,
    ]
    with pytest.raises(StructureError, match="no row for 17 players"):
        oresteen.starting_stack(17)
    assert small().starting_stack(123) == 10000


def test_001_r8_a_colour_up_takes_its_chip_out_of_play_from_its_level() -> None:
    s = small()
    assert s.chips_in_play(s.levels[1]) == (25, 100, 500)
    assert s.chips_in_play(s.levels[2]) == (100, 500)
    assert s.stakes(s.levels[1], "nlhe").chip == 25
    assert s.stakes(s.levels[2], "nlhe").chip == 100
    assert s.colour_up_at(s.levels[2]) == (25, 100)
    assert s.colour_up_at(s.levels[1]) is None
    nlhe = load_structure("nlhe")
    races = [nlhe.colour_up_at(lv) for lv in nlhe.levels if lv.colour_up]
    assert races[:2] == [(25, 100), (100, 500)]


# -- prizes (004 r.101) ---------------------------------------------------------------------
def test_004_r101_payout_rows_are_paid_as_they_stand() -> None:
    oresteen = load_structure("oresteen")
    assert oresteen.prizes(16, 400) == (215, 100, 50, 35)
    assert oresteen.prizes(5, 125) == (125,)
    assert oresteen.prizes(8, 200) == (125, 50, 25)
    assert [oresteen.paid_places(n) for n in (5, 6, 7, 10, 11, 16)] == [1, 2, 3, 3, 4, 4]
    assert oresteen.pool(13) == 325


def test_a_payout_row_for_another_pool_is_paid_in_proportion() -> None:
    oresteen = load_structure("oresteen")
    assert oresteen.prizes(16, 800) == (430, 200, 100, 70)
    odd = oresteen.prizes(6, 301)  # 125:25 of 301 = 250.8 and 50.2
    assert odd == (251, 50)


def test_odd_units_go_to_the_higher_places() -> None:
    assert small().prizes(10, 101) == (51, 30, 20)
    assert small().prizes(10, 102) == (52, 30, 20)  # 51 30.6 20.4: two odd units
    assert small().prizes(10, 99) == (50, 30, 19)  # 49.5 29.7 19.8: two odd units


def test_a_small_field_pays_fewer_places_than_the_percents_list() -> None:
    s = small()
    assert s.paid_places(2) == 1
    assert s.prizes(2, 200) == (200,)
    assert s.prizes(3, 300) == (188, 112)  # 50:30 of 300
    assert s.paid_places(100) == 3


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 10_000), st.integers(0, 10**7))
def test_prizes_are_whole_units_summing_to_the_pool_best_first(entrants: int, pool: int) -> None:
    nlhe = load_structure("nlhe")
    prizes = nlhe.prizes(entrants, pool)
    assert sum(prizes) == pool
    assert len(prizes) == nlhe.paid_places(entrants) <= entrants
    assert all(a >= b for a, b in itertools.pairwise(prizes))
    # each prize is its exact share, less the part of a unit, or one unit more
    percents = nlhe.percents(entrants)
    for prize, percent in zip(prizes, percents, strict=True):
        exact = Decimal(str(percent)) * pool / 100
        assert int(exact) <= prize <= int(exact) + 1


def test_nlhe_pays_a_growing_top_heavy_tenth_or_so_of_the_field() -> None:
    nlhe = load_structure("nlhe")
    paid = [nlhe.paid_places(n) for n in range(2, 10_001)]
    assert all(a <= b for a, b in itertools.pairwise(paid))
    for field in (100, 150, 300, 1000, 2000, 5000, 10_000):
        assert 0.07 <= nlhe.paid_places(field) / field <= 0.15, field
    first = nlhe.prizes(1000, 100_000)
    assert first[0] > 5 * first[8] > 0
    assert first[-1] >= 100  # the smallest prize is at least the buy-in
    assert nlhe.prizes(5, 500) == (500,)


def test_the_pool_adds_rebuys_and_keeps_out_the_fee_and_bounty() -> None:
    s = small(fee=10, bounty=25, rebuys=Rebuys(until_level=2, price=100, chips=10000))
    assert s.pool(50) == 5000
    assert s.pool(50, rebuys=7) == 5700


# -- stakes ---------------------------------------------------------------------------------
def test_no_limit_stakes_post_the_blinds_and_the_big_blind_ante() -> None:
    nlhe = load_structure("nlhe")
    stakes = nlhe.stakes(nlhe.levels[2], "nlhe")
    assert stakes.format == "no-limit"
    assert stakes.blinds == (200, 400)
    assert (stakes.ante, stakes.big_blind_ante) == (400, True)
    assert stakes.min_bet == 400  # 004 r.103: every bet at least the big blind
    assert stakes.chip == 25


def test_004_r103_oresteen_antes_are_every_players_from_level_4() -> None:
    oresteen = load_structure("oresteen")
    assert [lv.ante for lv in oresteen.levels] == [0, 0, 0, 50, 100, 200, 400, 500, 600]
    assert [lv.blinds for lv in oresteen.levels][:3] == [(50, 100), (100, 200), (150, 300)]
    stakes = oresteen.stakes(oresteen.levels[3], "D06")
    assert (stakes.ante, stakes.big_blind_ante, stakes.chip) == (50, False, 50)
    assert all(lv.minutes == 20 for lv in oresteen.levels)


def test_stud_antes_and_brings_in_and_limit_games_post_blinds_without_ante() -> None:
    horse = load_structure("barge-horse")
    level = horse.levels[0]
    razz = horse.stakes(level, "S05")
    assert (razz.blinds, razz.ante, razz.bring_in) == ((), 15, 25)
    assert (razz.small_bet, razz.big_bet, razz.format) == (100, 200, "limit")
    holdem = horse.stakes(level, "F01")
    assert (holdem.blinds, holdem.ante, holdem.bring_in) == ((50, 100), 0, 0)
    assert (holdem.small_bet, holdem.big_bet) == (100, 200)


def test_a_stud_level_without_a_bring_in_brings_in_a_quarter_of_the_small_bet() -> None:
    s = small(
        format="limit",
        games=("razz",),
        levels=(
            Level(1, blinds=(50, 100), ante=25, minutes=20),
            Level(2, blinds=(75, 150), ante=25, minutes=20),
            Level(3, ante=100, bets=(400, 800), minutes=20, colour_up=25),
        ),
    )
    assert s.stakes(s.levels[0], "razz").bring_in == 25
    assert s.stakes(s.levels[1], "razz").bring_in == 50  # 37.5 rounded up to 25s
    third = s.stakes(s.levels[2], "razz")
    assert (third.bring_in, third.small_bet, third.big_bet, third.chip) == (100, 400, 800, 100)


def test_the_format_comes_from_the_games_alias_else_the_structures() -> None:
    s = small(format="limit", games=("nlhe", "razz", "plo"))
    level = Level(1, blinds=(50, 100), ante=25, minutes=20)
    assert s.stakes(level, "nlhe").format == "no-limit"
    assert s.stakes(level, "plo").format == "pot-limit"
    assert s.stakes(level, "razz").format == "limit"
    assert s.stakes(level, find_game("F16")).format == "pot-limit"
    both = small(games=("nlhe", "lhe"))
    with pytest.raises(StructureError, match="played limit and no-limit"):
        both.stakes(level, find_game("F01"))
    assert both.stakes(level, "lhe").format == "limit"


def test_000_1_4_bomb_pot_levels_ante_only_and_bet_at_least_the_ante() -> None:
    bomb = load_structure("barge-bomb-pot")
    level = bomb.levels[4]
    stakes = bomb.stakes(level, "nlhe")
    assert stakes.blinds == ()
    assert stakes.min_bet == stakes.ante == level.ante == bomb.bomb_ante(level) > 0
    assert small().bomb_ante(small().levels[1]) == 0


@pytest.mark.parametrize("key", structure_names())
def test_every_level_of_every_builtin_is_valid_for_every_game(key: str) -> None:
    structure = load_structure(key)
    for level in structure.levels:
        for name in structure.game_names(level):
            game = find_game(name)
            stakes = structure.stakes(level, name)
            assert stakes_problem(game, stakes) is None
            assert stakes.chip == structure.chips_in_play(level)[0]
            assert game.max_players >= structure.table_size


def test_level_describe_names_the_stakes_length_break_and_colour_up() -> None:
    text = small().levels[2].describe()
    assert text.startswith("level 3: blinds 100/200, ante 200 (big blind ante); 20 minutes")
    assert "25 chips are coloured up" in text
    assert "10-minute break" in small().levels[1].describe()
    assert "bring-in 25" in load_structure("barge-horse").levels[0].describe()
    assert Level(1, games=("razz",), hands=8).describe() == (
        "level 1: no forced bets [razz]; 8 hands"
    )


# -- which game (a rotation, the dealer's choice, a game a level) ---------------------------
def test_002_a_rotation_deals_hands_per_game_of_each_in_turn_at_each_table() -> None:
    mix = load_structure("barge-26")
    level = mix.levels[0]
    dealt = [mix.game_at(level, hand) for hand in range(26 * 4 + 1)]
    assert dealt[:4] == ["D16"] * 4
    assert dealt[4:8] == ["F16"] * 4
    assert dealt[100:104] == ["F02"] * 4  # the 26th game
    assert dealt[104] == "D16"  # and round again


def test_004_the_dealers_choice_picks_among_the_games() -> None:
    oresteen = load_structure("oresteen")
    level = oresteen.levels[0]
    rng = random.Random(7)
    picked = {oresteen.game_at(level, hand, rng) for hand in range(300)}
    assert picked == set(oresteen.games)
    with pytest.raises(StructureError, match="needs an rng"):
        oresteen.game_at(level, 0)


def test_several_games_without_a_rotation_play_one_a_level_in_turn() -> None:
    s = small(games=("nlhe", "plo"))
    assert [s.game_names(lv) for lv in s.levels] == [("nlhe",), ("plo",), ("nlhe",)]
    assert s.game_at(s.levels[1], 17) == "plo"
    own = replace(s.levels[0], games=("razz", "stud"))
    assert s.game_names(own) == ("razz", "stud")


def test_a_limit_level_needs_limits_or_blinds() -> None:
    s = small(format="limit", games=("lhe",))
    with pytest.raises(StructureError, match=r"needs bets = \[small, big\] or blinds"):
        s.stakes(Level(1, ante=25, minutes=20), "lhe")
    stakes = s.stakes(Level(1, ante=25, bets=(100, 200), minutes=20), "razz")
    assert (stakes.small_bet, stakes.big_bet, stakes.bring_in) == (100, 200, 25)


def test_a_structure_describes_itself_in_one_line() -> None:
    assert load_structure("nlhe").describe() == (
        "nlhe: No-Limit Hold'em Freezeout; nlhe, no-limit, 9 seats a table; 2 to 10000 "
        "players; 20000 chips; 40 levels; roberts balancing"
    )
    assert "26 games, limit, 6 seats" in load_structure("barge-26").describe()
    assert "20850 to 34000 chips by field" in load_structure("oresteen").describe()
