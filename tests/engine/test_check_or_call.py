"""``Hand.check_or_call``: the same check or call as ``act("call")``, and nothing done
where a call is not simply legal."""

from __future__ import annotations

import pytest

from pokerbook.engine.hand import Hand
from pokerbook.games.stakes import Stakes

LIMIT = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
NO_LIMIT = Stakes(format="no-limit", blinds=(1, 2))
STUD = Stakes(format="limit", ante=1, bring_in=1, small_bet=2, big_bet=4)


@pytest.mark.parametrize(
    ("game", "stakes", "stacks"),
    [
        ("F01", NO_LIMIT, [100, 3, 100, 100]),  # an all-in call for less
        ("D11", LIMIT, [100] * 6),
        ("S01", STUD, [100] * 5),
    ],
)
def test_check_or_call_is_act_call(game: str, stakes: Stakes, stacks: list[int]) -> None:
    fast = Hand(game, stakes, stacks, seed=11)
    slow = Hand(game, stakes, stacks, seed=11)
    while not fast.done:
        if fast.decision == "bet":
            event = fast.check_or_call()
            assert event is not None
            assert slow.act("call") == event
        else:
            legal = fast.legal()
            assert legal is not None
            action = "sd" if legal.draw is not None else "pb" if legal.bring_in else "cc"
            assert fast.act(action) == slow.act(action)
        assert (fast.actor, fast.decision, fast.stacks) == (slow.actor, slow.decision, slow.stacks)
    assert fast.events == slow.events


def test_no_check_or_call_where_a_limp_is_refused() -> None:
    hand = Hand("D07", NO_LIMIT, [100] * 4)
    events = len(hand.events)
    assert hand.check_or_call() is None  # no limping (000 App.A): a raise or a fold
    assert (len(hand.events), hand.actor) == (events, 3)
    hand.act("cbr 4")
    event = hand.check_or_call()  # a call of the raise
    assert event is not None
    assert (event.kind, event.amount) == ("call", 4)


def test_no_check_or_call_for_a_bring_in_a_draw_or_a_finished_hand() -> None:
    stud = Hand("S01", STUD, [100] * 4, seed=2)
    assert stud.decision == "bring-in"
    assert stud.check_or_call() is None
    draw = Hand("D11", LIMIT, [100] * 3, seed=2)
    while draw.decision == "bet":
        draw.check_or_call()
    assert draw.decision == "draw"
    events = len(draw.events)
    assert draw.check_or_call() is None
    assert len(draw.events) == events
    while not draw.done:
        if draw.check_or_call() is None:
            draw.act("sd")
    assert draw.check_or_call() is None


def test_callers_check_and_call_in_turn_until_a_seat_not_marked() -> None:
    fast = Hand("F01", NO_LIMIT, [100] * 5, seed=4)
    slow = Hand("F01", NO_LIMIT, [100] * 5, seed=4)
    callers = [True, True, False, True, True]
    while not fast.done:
        seat = fast.actor
        assert seat is not None
        if callers[seat]:
            assert fast.check_or_call(callers) is not None
            while len(slow.events) < len(fast.events):  # the same seats, one at a time
                slow.act("call")
        else:
            fast.act("call")
            slow.act("call")
        assert (fast.actor, fast.events) == (slow.actor, slow.events)
    assert fast.stacks == slow.stacks


def test_next_to_act_kept_through_folds_all_ins_and_a_returned_bet() -> None:
    hand = Hand("F01", NO_LIMIT, [100, 100, 30, 100], seed=1)
    assert hand.next_up == [1, 2, 3, 0]
    hand.act("f")  # seat 3, under the gun
    assert hand.next_up == [1, 2, 0, 0]
    hand.act("cbr 100")  # seat 0 all in
    assert hand.next_up == [1, 2, 1, 1]
    hand.act("cc")  # seat 1 all in too
    hand.act("cc")  # seat 2 all in for 30
    assert hand.done  # the board is run out


def test_a_returned_bet_gives_the_seat_its_turns_again() -> None:
    hand = Hand("F01", NO_LIMIT, [100, 40, 100, 100], seed=1)
    hand.act("cc")  # seat 3
    hand.act("cc")  # seat 0, the button
    hand.act("cbr 40")  # seat 1, the small blind: all in
    assert hand.next_up == [2, 2, 3, 0]
    hand.act("f")  # seat 2
    hand.act("f")  # seat 3
    hand.act("f")  # seat 0: nobody called the raise
    assert hand.done
    assert [(e.kind, e.seat) for e in hand.events if e.kind == "return"] == [("return", 1)]
    assert hand.next_up == [1, 1, 1, 1]  # the seat all in has chips behind again
