"""Adding a deal's pot shares to a tally."""

from __future__ import annotations

from pokerbook.equity.pot_shares import PotShares
from pokerbook.equity.spot import Tally
from pokerbook.equity.tally_deal import add_deal


def test_a_tally_counts_the_scoop_and_squares() -> None:
    tally = Tally(2)
    add_deal(tally, PotShares((1.0, 0.0), (1.0, 0.0), (0.0, 0.0)))
    add_deal(tally, PotShares((0.5, 0.5), (1.0, 0.0), (0.0, 1.0)), weight=2.0)
    assert tally.deals == 2
    assert tally.weight == 3.0
    assert tally.equity == [2.0, 1.0]
    assert tally.equity_sq == [1.5, 0.5]
    assert tally.scoop == [1.0, 0.0]
    assert tally.high == [3.0, 0.0]
    assert tally.low == [0.0, 2.0]
