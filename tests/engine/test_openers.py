"""Jacks-or-better openers (001 "Jacks-or-Better" r.1, "Draw High")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.invariants import check_invariants
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

ANTES = Stakes("limit", ante=1, small_bet=2, big_bet=4)


def test_without_jacks_or_better_a_player_may_check_but_not_open_001_job_r1(
    table: Table,
) -> None:
    hand = table.hand("D02", ANTES, [100] * 3, {1: "Th Td 5c 4s 2h", 2: "Jh Jd 7c 6s 3h"})
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    assert legal.check
    assert legal.min_to is None  # tens cannot open
    with pytest.raises(IllegalActionError, match="opening needs pair-of-jacks-or-better"):
        hand.act("cbr 2")
    hand.act("cc")
    legal = hand.legal()
    assert legal is not None
    assert (legal.seat, legal.min_to) == (2, 2)  # jacks open


def test_once_opened_anyone_may_raise_without_openers_001_job(table: Table) -> None:
    hand = table.hand("D02", ANTES, [100] * 3, {1: "Jh Jd 5c 4s 2h", 2: "9h 8d 7c 6s 3h"})
    table.play(hand, "cbr 2")
    legal = hand.legal()
    assert legal is not None
    assert (legal.seat, legal.min_to) == (2, 4)


def test_nobody_opens_the_antes_stay_for_the_next_deal_001_job_r1(table: Table) -> None:
    hand = table.hand("D02", ANTES, [100] * 3, {0: "9h 9d 5c 4s 2h", 1: "Th 8d 7c 6s 3h"})
    table.play(hand, "cc", "cc", "cc")
    assert hand.done
    assert hand.carried == 3
    assert hand.events[-1].kind == "no-opener"
    assert hand.stacks == [99, 99, 99]
    check_invariants(hand)


def test_the_opener_acts_first_after_the_draw_001_draw_high(table: Table) -> None:
    hand = table.hand("D02", ANTES, [100] * 4, {3: "Qh Qd 5c 4s 2h"})
    table.play(hand, "cc", "cc", "cbr 2", "cc", "cc", "cc")  # seat 3 opens
    while hand.decision == "draw":
        hand.act("sd")
    assert hand.actor == 3


JACKSON = Stakes("limit", blinds=(1, 2), ante=1, small_bet=2, big_bet=4)


def test_jackson_opened_stays_high_and_skips_the_lowball_round_004_r13_02(
    table: Table,
) -> None:
    hand = table.hand("D03", JACKSON, [100] * 3, {1: "Qh Qd 5c 4s 2h"})
    table.play(hand, "cbr 2", "cc", "cc")
    assert hand.decision == "draw"  # straight to the draw: no lowball round
    assert hand.situation.shares == ("high",)
    assert hand.stacks == [97, 97, 97]  # ante and the opening bet only: no blinds


def test_jackson_nobody_opens_blinds_then_lowball_led_after_the_big_blind_004_r13_02(
    table: Table,
) -> None:
    no_openers = {
        0: "Kc Qd 9s 8h 7c",
        1: "Th 9d 5c 4s 2h",
        2: "Ah 6d 5s 3c 2d",
        3: "Jh Ts 8d 6c 3h",
    }
    hand = table.hand("D03", JACKSON, [100] * 4, no_openers)
    for _ in range(4):
        legal = hand.legal()
        assert legal is not None
        assert legal.min_to is None  # nobody can open
        hand.act("cc")
    assert hand.situation.shares == ("low",)
    blinds = [e for e in hand.events if e.kind == "blind"]
    assert [(e.seat, e.amount) for e in blinds] == [(1, 1), (2, 2)]
    assert hand.actor == 3  # after the big blind: "bet or drop"
    legal = hand.legal()
    assert legal is not None
    assert legal.call == 2
