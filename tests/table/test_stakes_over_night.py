"""Straddles and the Midnight Rule over a night (rules.md §1.4, §1.6; 004 r.6c-6g, r.7e,
r.13.04, r.20; E-31), the night file's kills, straddles and midnight, and chips
conserved over whole nights with kills and straddles on."""

from __future__ import annotations

import random
from datetime import datetime, time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerbook.bots import get_policy
from pokerbook.games.catalogue import find_game
from pokerbook.games.house import BARGE, ORESTEEN
from pokerbook.games.stakes import Stakes
from pokerbook.table.midnight import Midnight, double_stakes
from pokerbook.table.night import Night
from pokerbook.table.night_file import NightFileError, builtin_nights, parse_night
from pokerbook.table.play import GameNight
from pokerbook.table.straddles import StraddleRule, add_straddles, may_straddle

SPREAD = {"format": "spread-limit", "blinds": [50, 100], "ante": 50, "spread": [100, 500]}
ALWAYS = StraddleRule(1.0)


def night_of(**extra: Any) -> Night:
    raw: dict[str, Any] = {
        "house": "oresteen",
        "buy_in": 10000,
        "rebuys": "unlimited",
        "selection": {"kind": "rotation", "games": ["F01", "D10"], "hands_per_game": 4},
        "stakes": {
            "default": SPREAD,
            "D10": {"format": "limit", "blinds": [50, 100], "ante": 50},
        },
        **extra,
    }
    return parse_night(raw, key="test", source="test")


def test_straddle_doubles_the_big_blind_e31() -> None:
    _posted, taken = add_straddles(
        [0, 50, 100, 0, 0, 0], [5000] * 6, ORESTEEN, ALWAYS, random.Random(1)
    )
    assert taken[0] == (3, 200)  # left of the big blind, twice it


def test_re_straddle_doubles_the_straddle() -> None:
    posted, taken = add_straddles(
        [0, 50, 100, 0, 0, 0], [5000] * 6, ORESTEEN, ALWAYS, random.Random(1)
    )
    assert taken == [(3, 200), (4, 400)]  # and no third: 004 r.7e allows two
    assert posted == [0, 50, 100, 200, 400, 0]


def test_a_straddle_needs_more_chips_than_it_costs_and_a_free_seat() -> None:
    _, short = add_straddles(
        [0, 50, 100, 0, 0], [5000, 5000, 5000, 200, 5000], ORESTEEN, ALWAYS, random.Random(1)
    )
    assert short == []
    _, three = add_straddles([0, 50, 100], [5000] * 3, ORESTEEN, ALWAYS, random.Random(1))
    assert three == [(0, 200)]  # the button is left of the big blind; no re-straddle
    _, heads_up = add_straddles([50, 100], [5000] * 2, ORESTEEN, ALWAYS, random.Random(1))
    assert heads_up == []


def test_no_straddles_in_chicago_triple_draw_004_r13_04() -> None:
    stakes = Stakes(format="limit", blinds=(50, 100))
    assert may_straddle(find_game("F01"), stakes, ORESTEEN)
    assert not may_straddle(find_game("D10"), stakes, ORESTEEN)
    assert not may_straddle(find_game("S01"), Stakes(format="limit", bring_in=10), ORESTEEN)
    assert not may_straddle(find_game("F01"), stakes, BARGE)  # a house without straddles


def test_straddler_acts_last_pre_flop_at_the_table() -> None:
    night = night_of(straddles={"chance": 1.0})
    table = GameNight(night, [get_policy("call") for _ in range(6)], 2)
    for result in table.play(8):
        hand = result.hand
        if result.game.id == "D10":
            assert result.straddles == ()
            continue
        assert [chips for _, chips in result.straddles] == [200, 400]
        re_straddler = result.dealt.index(result.straddles[-1][0])
        first = next(e for e in hand.events if e.kind in ("call", "fold", "check", "bet", "raise"))
        assert first.seat == (re_straddler + 1) % 6  # left of the straddle first
        pre_flop = []
        for event in hand.events:
            if event.kind == "street" and event.amount == 2:
                break
            if event.kind in ("call", "fold", "check", "bet", "raise"):
                pre_flop.append(event.seat)
        assert pre_flop[-1] == re_straddler  # the straddler acts last


def test_midnight_doubles_the_stakes() -> None:
    night = night_of(midnight={"after_hands": 3})
    table = GameNight(night, [get_policy("call") for _ in range(4)], 1)
    results = list(table.play(6))
    for r in results:
        base = night.stakes.for_game(r.game)
        assert r.doubled == (r.number > 3)
        assert r.hand.stakes == (double_stakes(base) if r.number > 3 else base)
    blinds = {e.amount for e in results[-1].hand.events if e.kind == "blind"}
    assert blinds == {100, 200}


@pytest.mark.parametrize(
    ("stakes", "doubled"),
    [
        # 004 r.6c: "Double Stakes are $1 ante, $2 minimum bet and $10 maximum bet"
        (
            Stakes(format="spread-limit", blinds=(50, 100), ante=50, spread=(100, 500)),
            Stakes(format="spread-limit", blinds=(100, 200), ante=100, spread=(200, 1000)),
        ),
        # r.6d: "$1 ante, minimum bet is $1, and blinds are 50¢ and $1"
        (
            Stakes(format="no-limit", blinds=(25, 50), ante=50, min_bet=50),
            Stakes(format="no-limit", blinds=(50, 100), ante=100, min_bet=100),
        ),
        # r.6e: "$2 ante, minimum bet is $2, and blinds are $1 and $2"
        (
            Stakes(format="no-limit", blinds=(50, 100), ante=100, min_bet=100),
            Stakes(format="no-limit", blinds=(100, 200), ante=200, min_bet=200),
        ),
        # r.6f: "$5 ante, $5 minimum bet, and blinds are $2 and $5"
        (
            Stakes(format="no-limit", blinds=(100, 250), ante=250, min_bet=250),
            Stakes(format="no-limit", blinds=(200, 500), ante=500, min_bet=500),
        ),
    ],
)
def test_double_stakes_are_004_tables_r6g(stakes: Stakes, doubled: Stakes) -> None:
    assert double_stakes(stakes) == doubled


def test_midnight_at_a_time_for_a_live_night() -> None:
    midnight = Midnight(at=time(0, 0))
    started = datetime(2024, 5, 3, 19, 30)
    assert not midnight.struck(500, datetime(2024, 5, 3, 23, 59), started)
    assert midnight.struck(0, datetime(2024, 5, 4, 0, 1), started)
    assert not midnight.struck(10)  # no clock: only a number of hands would do
    assert Midnight(after_hands=10).struck(10)
    assert not Midnight(after_hands=10).struck(9)


def test_night_file_reads_kills_straddles_and_midnight() -> None:
    night = night_of(
        kills={"kind": "half", "rules": "roberts", "games": "lowball", "voluntary": 0.5},
        straddles={"chance": 0.25},
        midnight={"at": "23:30"},
    )
    assert night.kills is not None
    assert night.kills.kind == "half"
    assert night.kills.rules == "roberts"
    assert night.kills.games == "lowball"
    assert night.kills.voluntary == 0.5
    assert night.straddles == StraddleRule(0.25)
    assert night.midnight == Midnight(at=time(23, 30))


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"kills": {"kind": "double"}}, "kills.kind"),
        ({"kills": {"often": 1}}, "unknown key 'often'"),
        ({"straddles": {"chance": 2}}, "straddles.chance"),
        ({"midnight": {}}, "say when"),
        ({"midnight": {"at": "late"}}, "midnight.at"),
    ],
)
def test_night_file_refuses_bad_kills_straddles_and_midnight(
    extra: dict[str, Any], message: str
) -> None:
    with pytest.raises(NightFileError, match=message):
        night_of(**extra)


def test_oresteen_nights_kill_straddle_and_double_at_midnight() -> None:
    for key in ("oresteen-dealers-choice", "oresteen-holdem-night"):
        night = builtin_nights()[key]
        assert night.kills is not None
        assert night.kills.kind == "full"
        assert night.straddles is not None
        assert night.midnight is not None


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 8),
    kind=st.sampled_from(["full", "half"]),
    rules=st.sampled_from(["oresteen", "roberts"]),
    chance=st.sampled_from([0.3, 1.0]),
    policy=st.sampled_from(["random", "call"]),
)
def test_chips_conserved_over_nights_with_kills_and_straddles(
    seed: int, players: int, kind: str, rules: str, chance: float, policy: str
) -> None:
    base = builtin_nights()["oresteen-dealers-choice"]
    raw: dict[str, Any] = {
        "house": "oresteen",
        "buy_in": 5000,
        "rebuys": 2,
        "selection": {"kind": "dealers-choice", "games": list(base.selection.games)},
        "stakes": {
            "default": SPREAD,
            "stud": {"format": "spread-limit", "ante": 50, "bring_in": 100, "spread": [100, 500]},
            "D10": {"format": "limit", "blinds": [50, 100], "ante": 50, "killed": {"big_bet": 300}},
        },
        "kills": {"kind": kind, "rules": rules, "voluntary": 0.2},
        "straddles": {"chance": chance},
        "midnight": {"after_hands": 40},
    }
    night = parse_night(raw, key="property", source="test")
    table = GameNight(night, [get_policy(policy) for _ in range(players)], seed)
    results = list(table.play(80))  # GameNight checks the chips after every hand
    ledger = table.finish()
    assert sum(ledger.nets().values()) == 0
    assert ledger.in_play == 0
    for r in results:
        assert sum(r.deltas) == r.carried_won - r.carried
