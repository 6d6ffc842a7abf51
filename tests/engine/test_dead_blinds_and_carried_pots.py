"""Chips in the pot that are nobody's live bet: dead blinds (the dead part of missed
blinds made up, 001 Blinds) and a pot carried in from a deal nobody opened (001
Jacks-or-Better r.1)."""

from __future__ import annotations

import pytest

from pokerbook.cards.notation import parse
from pokerbook.engine.errors import HandConfigurationError
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import check_invariants
from pokerbook.engine.setup import HandSetup
from pokerbook.games.stakes import Stakes
from pokerbook.history.scripted_dealer import ScriptedDealer

NL = Stakes("no-limit", blinds=(1, 2))
PL = Stakes("pot-limit", blinds=(1, 2))
ANTES = Stakes("limit", ante=1, small_bet=2, big_bet=4)


def test_a_dead_blind_goes_to_the_pot_but_is_not_a_bet_001_blinds() -> None:
    # seat 3 makes up a missed small blind: 1 dead, and posts the big blind (2) live
    hand = Hand(
        "F01", NL, [100] * 4, setup=HandSetup(blinds=(0, 1, 2, 2), dead_blinds=(0, 0, 0, 1))
    )
    assert hand.pot == 6
    assert hand.committed == [0, 1, 2, 2]
    assert hand.dead[3] == 1
    posted = [e.kind for e in hand.events if e.seat == 3 and e.kind in ("dead-blind", "blind")]
    assert posted == ["dead-blind", "blind"]
    legal = hand.legal()
    assert legal is not None
    assert legal.call == 2  # the dead chip does not count toward calling


def test_dead_blinds_are_won_by_the_main_pot_winner() -> None:
    hand = Hand(
        "F01", NL, [100] * 3, seed=3, setup=HandSetup(blinds=(0, 1, 2), dead_blinds=(1, 0, 0))
    )
    while not hand.done:
        check_invariants(hand)
        hand.act("cc")
    check_invariants(hand)
    assert sum(hand.payouts) == 7  # three live 2s and the dead 1
    assert sum(hand.stacks) == 300


def test_a_carried_pot_counts_in_the_pot_and_goes_to_the_winner_001_job_r1() -> None:
    hand = Hand("F16", PL, [100, 100], seed=2, setup=HandSetup(carried_in=6))
    assert hand.pot == 9
    legal = hand.legal()
    assert legal is not None
    # pot limit: the carried chips are in the pot (9 + the 1 to call = 10, raise to 12)
    assert legal.max_to == 12
    while not hand.done:
        check_invariants(hand)
        hand.act("cc")
    check_invariants(hand)
    assert sum(hand.stacks) == 206


def test_an_unopened_pot_carries_its_carried_chips_on_001_job_r1() -> None:
    no_openers = Hand(
        "D02",
        ANTES,
        [50] * 2,
        dealer=ScriptedDealer([parse("9h 9d 5c 4s 2h"), parse("Th 8d 7c 6s 3h")], ()),
        setup=HandSetup(carried_in=4),
    )
    no_openers.act("cc")
    no_openers.act("cc")
    assert no_openers.done
    assert no_openers.carried == 6  # the 4 carried in and the two antes
    check_invariants(no_openers)


def test_bad_dead_blinds_and_carried_pots_are_refused() -> None:
    with pytest.raises(HandConfigurationError, match="one amount per seat"):
        Hand("F01", NL, [100] * 3, setup=HandSetup(dead_blinds=(1,)))
    with pytest.raises(HandConfigurationError, match="cannot be negative"):
        Hand("F01", NL, [100] * 3, setup=HandSetup(carried_in=-1))


def test_record_and_replay_keep_dead_blinds_and_the_carried_pot() -> None:
    hand = Hand("F01", NL, [100] * 3, seed=5, setup=HandSetup(dead_blinds=(0, 0, 1), carried_in=4))
    hand.act("cc")
    again = Hand.replay(hand.record())
    assert again.events == hand.events
    assert again.pot == hand.pot
