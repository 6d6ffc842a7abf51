"""Moving one seat in the first betting round's order (``HandSetup(first_to_act=...,
last_to_act=...)``): the kill blind that bets last in flop and draw games, the stud
killer who opens (004 r.10; 001 Kill r.10), and straddles (004 r.7e, 001 NL r.12)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest

from pokerbook.engine.errors import HandConfigurationError
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import check_invariants
from pokerbook.engine.setup import HandSetup
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

NL = Stakes(format="no-limit", blinds=(50, 100))
# killed: the kill blind (200) and the bets doubled
KILLED_LIMIT = Stakes(format="limit", blinds=(50, 100), small_bet=200, big_bet=400)


def order_of_first_round(hand: Hand, table: Table, action: str = "cc") -> list[int]:
    """The seats that act in the first round when everyone calls or checks."""
    seats: list[int] = []
    while hand.street == 1 and hand.actor is not None:
        seats.append(hand.actor)
        table.play(hand, action)
    return seats


def test_kill_blind_acts_after_big_blind_first_round(table: Table) -> None:
    # button 0, blinds 1 and 2; the killer on seat 4 posts a kill blind of 200
    hand = Hand(
        "F01",
        NL,
        [5000] * 6,
        seed=1,
        setup=HandSetup(blinds=(0, 50, 100, 0, 200, 0), last_to_act=4),
    )
    assert order_of_first_round(hand, table) == [3, 5, 0, 1, 2, 4]
    # later rounds go in the usual order: left of the button first
    assert hand.street == 2
    assert order_of_first_round_on(hand, table) == [1, 2, 3, 4, 5, 0]


def order_of_first_round_on(hand: Hand, table: Table) -> list[int]:
    street = hand.street
    seats: list[int] = []
    while hand.street == street and hand.actor is not None:
        seats.append(hand.actor)
        table.play(hand, "cc")
    return seats


def test_without_last_to_act_a_blind_beyond_the_big_blind_acts_last_in_its_seat(
    table: Table,
) -> None:
    # the same blinds without the option: a third blind is a straddle in its own seat
    hand = Hand("F01", NL, [5000] * 6, seed=1, setup=HandSetup(blinds=(0, 50, 100, 0, 200, 0)))
    assert order_of_first_round(hand, table) == [5, 0, 1, 2, 3, 4]


def test_kill_blind_acts_again_after_big_blind_when_raised(table: Table) -> None:
    # the killer is on the small blind's seat here: it acts after the big blind
    hand = Hand(
        "F01",
        KILLED_LIMIT,
        [5000] * 5,
        seed=3,
        setup=HandSetup(blinds=(0, 200, 100, 0, 0), last_to_act=1),
    )
    assert hand.actor == 3
    table.play(hand, "cc", "cc", "cc")  # 3, 4, 0 call the kill
    assert hand.actor == 2  # the big blind
    table.play(hand, "cbr 400")  # the big blind raises
    assert hand.actor == 1  # the killer, right after the big blind
    table.play(hand, "cc")
    assert hand.actor == 3  # then round the table again from the big blind's left
    table.play(hand, "cc", "cc", "cc")
    assert hand.street == 2
    assert hand.actor == 1  # left of the button: the usual order


def test_kill_blind_heads_up_on_the_button_acts_after_the_big_blind(table: Table) -> None:
    # heads-up the button posts the small blind; as the killer it posts the kill instead
    hand = Hand(
        "F01", NL, [5000, 5000], button=0, seed=2, setup=HandSetup(blinds=(200, 100), last_to_act=0)
    )
    assert hand.actor == 1
    table.play(hand, "cc")
    assert hand.actor == 0


def test_stud_killer_opens_first_round(table: Table) -> None:
    stakes = Stakes(format="limit", ante=10, bring_in=40, small_bet=40, big_bet=80)
    plain = Hand("S01", stakes, [2000] * 5, seed=11)
    bring_in = plain.actor
    assert bring_in is not None
    killer = (bring_in + 2) % 5
    hand = Hand("S01", stakes, [2000] * 5, seed=11, setup=HandSetup(first_to_act=killer))
    assert hand.actor == killer
    assert hand.decision == "bring-in"
    legal = hand.legal()
    assert legal is not None
    assert legal.bring_in == 40
    assert not legal.fold  # the opening bet is forced
    table.play(hand, "pb")
    assert hand.actor == (killer + 1) % 5


def test_first_and_last_to_act_must_be_seats() -> None:
    with pytest.raises(HandConfigurationError):
        Hand("F01", NL, [5000] * 3, setup=HandSetup(last_to_act=3))
    with pytest.raises(HandConfigurationError):
        Hand("F01", NL, [5000] * 3, setup=HandSetup(first_to_act=-1))


def test_moved_seat_hands_replay_from_their_record() -> None:
    rng = random.Random(5)
    hand = Hand(
        "F01",
        NL,
        [5000] * 6,
        seed=9,
        setup=HandSetup(blinds=(0, 50, 100, 0, 0, 200), last_to_act=5),
    )
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        choices = ["cc"] + (["f"] if legal.fold else [])
        if legal.min_to is not None and rng.random() < 0.3:
            choices.append(f"cbr {legal.min_to}")
        hand.act(rng.choice(choices))
        check_invariants(hand)
    again = Hand.replay(hand.record())
    assert again.actions == hand.actions
    assert again.stacks == hand.stacks


def test_straddler_acts_last_pre_flop_left_of_the_straddle_first(table: Table) -> None:
    stakes = Stakes(format="no-limit", blinds=(50, 100, 200))
    hand = Hand("F01", stakes, [5000] * 6, seed=1)
    blinds = {e.seat: e.amount for e in table.kinds(hand.events, "blind")}
    assert blinds == {1: 50, 2: 100, 3: 200}
    assert order_of_first_round(hand, table) == [4, 5, 0, 1, 2, 3]


def test_re_straddler_acts_last_pre_flop_with_the_option(table: Table) -> None:
    # a re-straddle: seat 4 posts double the straddle; seat 5 acts first
    hand = Hand("F01", NL, [5000] * 6, seed=1, setup=HandSetup(blinds=(0, 50, 100, 200, 400, 0)))
    assert hand.actor == 5
    table.play(hand, "cc", "cc", "cc", "cc", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 4
    assert legal.check  # the re-straddle is live: it may check
    assert legal.min_to == 800  # or raise
