"""Nights as data: stakes by game, family or default; seats; the rebuy rule; the built-ins'
stakes as the seeds give them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pokerbook.games.catalogue import find_game
from pokerbook.games.house import BARGE, ORESTEEN
from pokerbook.games.stakes import Stakes
from pokerbook.table.night import (
    Night,
    NightError,
    RebuyRule,
    Seat,
    StakesTable,
    check_stakes,
)
from pokerbook.table.night_file import builtin_nights
from pokerbook.table.selection import DealersChoice, Rotation

LIMIT = Stakes(format="limit", blinds=(1, 2))
STUD = Stakes(format="limit", ante=1, bring_in=2, small_bet=4, big_bet=8)


BASE = Night(
    key="test",
    name="Test",
    house=BARGE,
    selection=Rotation(("F01", "S05")),
    stakes=StakesTable((("default", LIMIT), ("stud", STUD))),
    buy_in=100,
)


def night(**changes: Any) -> Night:
    """The base night with ``changes`` (checked again)."""
    return replace(BASE, **changes)


def test_stakes_are_looked_up_by_game_id_then_family_then_default() -> None:
    razz_only = Stakes(format="limit", ante=2, bring_in=3)
    table = StakesTable((("default", LIMIT), ("stud", STUD), ("S05", razz_only)))
    assert table.for_game(find_game("razz")) is razz_only
    assert table.for_game(find_game("stud")) is STUD
    assert table.for_game(find_game("holdem")) is LIMIT
    assert table.lookup(find_game("stud")) == ("stud", STUD)


def test_a_game_without_stakes_is_refused_naming_the_keys_to_add() -> None:
    with pytest.raises(NightError, match=r"no stakes for S05 \(Razz\): add \[stakes.S05\]"):
        night(stakes=StakesTable((("flop", LIMIT),)))


def test_a_game_not_played_in_the_stakes_format_is_refused() -> None:
    with pytest.raises(NightError, match=r"F33 \(Crayfish\) is not played limit"):
        check_stakes(find_game("F33"), LIMIT)


def test_a_limit_game_may_be_spread_limit() -> None:
    check_stakes(find_game("F01"), Stakes(format="spread-limit", blinds=(1, 2), spread=(2, 10)))


def test_stud_needs_a_bring_in_and_button_games_blinds_or_an_ante() -> None:
    with pytest.raises(NightError, match="stud game: its stakes need a bring_in"):
        check_stakes(find_game("S01"), LIMIT)
    with pytest.raises(NightError, match="its stakes need blinds or an ante"):
        check_stakes(find_game("F01"), Stakes(format="limit"))
    check_stakes(find_game("D02"), Stakes(format="limit", ante=1))  # antes only


def test_seats_default_to_p1_to_pn_at_the_nights_buy_in() -> None:
    assert night().seated(3) == (Seat("p1", 100), Seat("p2", 100), Seat("p3", 100))
    assert len(night().seated()) == 6


def test_seats_fit_the_largest_game_of_the_night() -> None:
    assert len(night().seated(10)) == 10  # hold'em seats ten; razz deals some out
    with pytest.raises(NightError, match="seats 2 to 10 players, not 11"):
        night().seated(11)
    with pytest.raises(NightError, match="seats 2 to 8 players, not 9"):
        night(selection=Rotation(("S01", "S05"))).seated(9)
    with pytest.raises(NightError, match="not 1"):
        night().seated(1)


def test_declared_seats_are_the_nights_own_and_fix_the_player_count() -> None:
    seats = (Seat("Ann", 50), Seat("Bob", 80))
    declared = night(seats=seats)
    assert declared.seated() == seats
    assert declared.seated(2) == seats
    with pytest.raises(NightError, match="declares 2 seats, not 4"):
        declared.seated(4)


def test_seat_names_are_unique_and_buy_ins_positive() -> None:
    with pytest.raises(NightError, match="two seats are named Ann"):
        night(seats=(Seat("Ann", 50), Seat("Ann", 80)))
    with pytest.raises(NightError, match=r"buy-ins must be positive \(Bob\)"):
        night(seats=(Seat("Ann", 50), Seat("Bob", 0)))


def test_oresteen_seats_eight_when_several_games_are_played_004_r14() -> None:
    mixed = night(house=ORESTEEN, selection=DealersChoice(("F01", "F16")))
    assert mixed.max_seats == 8
    holdem_all_night = night(house=ORESTEEN, selection=Rotation(("F01",)))
    assert holdem_all_night.max_seats == 10  # "except when a single game is played"


def test_a_rebuy_tops_up_to_the_buy_in() -> None:
    rule = RebuyRule(limit=None)
    assert rule.amount(100, 0, highest=500) == 100
    assert rule.allows(1000)


def test_a_rebuy_is_capped_at_the_highest_stack_004_r6b() -> None:
    # E-9: holding $15 while the highest stack is $70, a player may buy up to $55
    rule = RebuyRule(limit=None, cap_at_highest_stack=True)
    assert rule.amount(10000, 1500, highest=7000) == 5500
    assert rule.amount(5000, 0, highest=12000) == 5000


def test_rebuy_limits_count_rebuys() -> None:
    assert not RebuyRule(0).allows(0)
    assert RebuyRule(2).allows(1)
    assert not RebuyRule(2).allows(2)
    assert RebuyRule(0).describe() == "no rebuys"
    assert RebuyRule(2).describe() == "up to 2 rebuys"
    assert RebuyRule(None, True).describe() == "unlimited rebuys, capped at the highest stack"


def test_a_night_needs_a_positive_buy_in() -> None:
    with pytest.raises(NightError, match="buy-in must be positive"):
        night(buy_in=0)


def test_barge_26_is_all_limit_002_preface() -> None:
    barge = builtin_nights()["barge-26"]
    formats = {g.id: barge.stakes.for_game(g).format for g in barge.games}
    assert set(formats.values()) == {"limit"}  # California Lowball with the Sevens Rule


def test_oresteen_dealers_choice_plays_limit_stakes_1_5_in_cents_004_r6c() -> None:
    dc = builtin_nights()["oresteen-dealers-choice"]
    holdem = dc.stakes.for_game(find_game("F01"))
    assert holdem == Stakes(
        format="spread-limit", blinds=(50, 100), ante=50, spread=(100, 500), chip=50
    )  # r.7: whole chips, "$3 or $3.50 or $4.00"
    stud = dc.stakes.for_game(find_game("S01"))
    assert (stud.ante, stud.spread, stud.blinds) == (50, (100, 500), ())
    assert 5000 <= dc.buy_in <= 7000  # "Buy-in is $50 to $70"
    assert dc.rebuys == RebuyRule(None, cap_at_highest_stack=True)


def test_chicago_triple_draw_is_always_limit_004_r13_04() -> None:
    # E-30: Limit 1-5, blinds 50c and $1, rounds 1 and 2 bet $1, rounds 3 and 4 bet $2
    dc = builtin_nights()["oresteen-dealers-choice"]
    d10 = dc.stakes.for_game(find_game("D10"))
    assert d10.format == "limit"
    assert (d10.blinds, d10.bet_size("small"), d10.bet_size("big")) == ((50, 100), 100, 200)


def test_oresteen_holdem_night_plays_no_limit_1_ante_004_r6e() -> None:
    hn = builtin_nights()["oresteen-holdem-night"]
    stakes = {hn.stakes.for_game(g) for g in hn.games}
    assert stakes == {Stakes(format="no-limit", blinds=(50, 100), ante=100, min_bet=100, chip=50)}
    assert 10000 <= hn.buy_in <= 13000  # "Buy-in is $100 to $130"
