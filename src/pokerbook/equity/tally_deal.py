"""Adding one deal's pot shares to a :class:`~pokerbook.equity.spot.Tally`."""

from __future__ import annotations

from pokerbook.equity.pot_shares import PotShares
from pokerbook.equity.spot import Tally

#: a pot share at least this close to 1 is a scoop (float sums of exact halves)
_WHOLE = 1 - 1e-9


def add_deal(tally: Tally, shares: PotShares, weight: float = 1.0) -> None:
    """Count one deal of ``weight`` (its chance, for weighted enumerations)."""
    tally.deals += 1
    tally.weight += weight
    equity, equity_sq = tally.equity, tally.equity_sq
    for seat, share in enumerate(shares.equity):
        if share:
            equity[seat] += weight * share
            equity_sq[seat] += weight * share * share
            if share >= _WHOLE:
                tally.scoop[seat] += weight
    for seat, share in enumerate(shares.high):
        if share:
            tally.high[seat] += weight * share
    for seat, share in enumerate(shares.low):
        if share:
            tally.low[seat] += weight * share
