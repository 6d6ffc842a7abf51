"""Pot shares read from a settled hand: parts of the pot, ties within a part, and the
first two shares apart."""

from __future__ import annotations

import random

import pytest

from pokerbook.equity.dealer import RandomPicks
from pokerbook.equity.engine_path import EquityTable
from pokerbook.equity.pot_shares import PotShares, pot_shares
from pokerbook.equity.request import read_question


def settled(game: str, hands: list[str], board: str) -> PotShares:
    """The shares of a deal whose every card is known."""
    table = EquityTable(read_question(game, hands, board))
    hand, _ = table.play(RandomPicks(random.Random(0)), random.Random(0))
    return pot_shares(hand)


def test_high_and_low_each_take_half() -> None:
    # a set of kings for the high; 7-4-3-2-A for the only low
    shares = settled("F17", ["Kh Kd Qc Jc", "Ah 4h Qd Jd"], "2c 3d 7h Ks 9s")
    assert shares.equity == pytest.approx((0.5, 0.5))
    assert shares.high == (1.0, 0.0)
    assert shares.low == (0.0, 1.0)


def test_a_tied_low_quarters_the_pot() -> None:
    shares = settled("F17", ["Kh Kd Qc Jc", "Ah 4h Qd Jd", "As 4s Th Td"], "2c 3d 7h Ks 9s")
    assert shares.equity == pytest.approx((0.5, 0.25, 0.25))
    assert shares.low == pytest.approx((0.0, 0.5, 0.5))


def test_no_qualifying_low_gives_the_high_the_whole_pot() -> None:
    shares = settled("F17", ["Kh Kd Qc Jc", "Ah 4h Qd Jd"], "9c Td 7h Ks 9s")
    assert shares.equity == (1.0, 0.0)
    assert shares.high == (1.0, 0.0)
    assert shares.low == (0.0, 0.0)
