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
