"""The Overs button (004 r.8): "Any pot that is contested only by players with Overs
Buttons, the maximum bet automatically changes to No Limit"."""

from __future__ import annotations

import random

import pytest

from pokerbook.bots import get_policy
from pokerbook.bots.simulation import play_hand
from pokerbook.engine.errors import HandConfigurationError, IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import check_invariants
from pokerbook.engine.setup import HandSetup
from pokerbook.games.stakes import Stakes

LIMIT = Stakes("limit", blinds=(50, 100), small_bet=100, big_bet=200)
SPREAD = Stakes("spread-limit", blinds=(50, 100), ante=50, spread=(100, 500), chip=50)
STACKS = [5000, 5000, 5000]
EVERYBODY = frozenset({0, 1, 2})


def bounds(hand: Hand) -> tuple[int | None, int | None]:
    legal = hand.legal()
    assert legal is not None
    return legal.min_to, legal.max_to


def test_pot_contested_only_by_overs_players_is_no_limit_004_r8() -> None:
    plain = Hand("F01", LIMIT, STACKS, seed=1)
    overs = Hand("F01", LIMIT, STACKS, seed=1, setup=HandSetup(overs=EVERYBODY))
    assert bounds(plain) == (200, 200)  # the limit's raise
    assert bounds(overs) == (200, 5000)  # the same minimum; the maximum all in
    with pytest.raises(IllegalActionError):
        plain.act("cbr 700")
    overs.act("cbr 700")  # a raise of 600 over the big blind
    # the next raise is at least the last (004 r.6c: "at least the size of the previous
    # bet or raise"): 700 + 600
    assert bounds(overs) == (1300, 5000)
    legal = overs.legal()
    assert legal is not None
    assert legal.sizes == ()


def test_a_pot_with_one_player_without_overs_stays_limit() -> None:
    hand = Hand("F01", LIMIT, STACKS, seed=1, setup=HandSetup(overs=frozenset({0, 1})))
    assert not hand.overs_pot
    assert bounds(hand) == (200, 200)
    hand.act("cbr 200")
    assert bounds(hand) == (300, 300)  # seat 1 (Overs) still faces seat 2 (without)


def test_the_pot_turns_no_limit_once_the_player_without_overs_folds() -> None:
    hand = Hand("F01", LIMIT, STACKS, seed=1, setup=HandSetup(overs=frozenset({0, 1})))
    hand.act("cbr 200")
    hand.act("cc")
    assert bounds(hand) == (300, 300)
    hand.act("f")  # seat 2, the big blind without a button, folds
    assert hand.overs_pot
    assert hand.street == 2
    assert bounds(hand) == (100, 4800)  # the flop's bet, up to all in


def test_spread_limit_keeps_its_minimum_and_lifts_its_maximum() -> None:
    hand = Hand("F01", SPREAD, STACKS, seed=1, setup=HandSetup(overs=EVERYBODY))
    assert bounds(hand) == (200, 4950)  # not 600: the spread's 500 over the blind
    hand.act("cbr 1000")
    assert bounds(hand) == (1900, 4950)


def test_overs_bounds_are_whole_chips_004_r7() -> None:
    hand = Hand("F01", SPREAD, [5000, 5000, 3025], seed=1, setup=HandSetup(overs=EVERYBODY))
    hand.act("cbr 1050")  # a raise of 950
    hand.act("f")
    # seat 2: 1050 + 950 = 2000 at least, and all in is its odd stack
    assert bounds(hand) == (2000, 2975)
    with pytest.raises(IllegalActionError, match="whole chips"):
        hand.act("cbr 2025")


def test_overs_change_nothing_in_a_no_limit_hand() -> None:
    stakes = Stakes("no-limit", blinds=(50, 100))
    plain = Hand("F01", stakes, STACKS, seed=1)
    overs = Hand("F01", stakes, STACKS, seed=1, setup=HandSetup(overs=EVERYBODY))
    assert bounds(plain) == bounds(overs)
    assert not overs.overs_pot


def test_a_stud_bring_in_is_completed_to_the_bet_as_usual() -> None:
    stakes = Stakes("limit", ante=10, bring_in=20, small_bet=40, big_bet=80)
    hand = Hand("S01", stakes, STACKS, seed=2, setup=HandSetup(overs=EVERYBODY))
    assert bounds(hand) == (40, 4990)
    hand.act("pb")
    assert bounds(hand) == (40, 4990)


def test_the_record_carries_the_overs_and_replays_them() -> None:
    hand = Hand("F01", LIMIT, STACKS, seed=4, setup=HandSetup(overs=frozenset({0, 2})))
    play_hand(hand, [get_policy("random")] * 3, random.Random(4))
    record = hand.record()
    assert record["overs"] == [0, 2]
    again = Hand.replay(record)
    assert again.overs == frozenset({0, 2})
    assert again.stacks == hand.stacks
    assert "overs" not in Hand("F01", LIMIT, STACKS, seed=4).record()


def test_a_seat_outside_the_table_is_refused() -> None:
    with pytest.raises(HandConfigurationError, match="Overs"):
        Hand("F01", LIMIT, STACKS, seed=1, setup=HandSetup(overs=frozenset({3})))


@pytest.mark.parametrize("seed", range(30))
def test_random_overs_hands_keep_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    overs = frozenset(s for s in range(4) if rng.random() < 0.7)
    stakes = LIMIT if seed % 2 else SPREAD
    hand = Hand(
        "F01",
        stakes,
        [rng.randrange(1, 60) * 100 for _ in range(4)],
        seed=seed,
        setup=HandSetup(overs=overs),
    )
    play_hand(hand, [get_policy("random")] * 4, rng, check=True)
    check_invariants(hand)
    assert sum(hand.stacks) == sum(hand.starting_stacks)
