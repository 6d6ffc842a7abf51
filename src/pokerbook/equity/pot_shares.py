"""Each seat's share of a settled pot, from the showdown's division
(:func:`pokerbook.engine.showdown.division`): every pot is divided into equal parts
(one per share with a winner: high and low half each), each part evenly among its
winners, so odd chips are left aside."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerbook.engine.hand import Hand
from pokerbook.engine.showdown import PotDivision, division


@dataclass(frozen=True)
class PotShares:
    """One deal's fractions per seat: of the whole pot (``equity``), of the game's first
    share (``high``) and of its second (``low``), each 1 when taken whole."""

    equity: tuple[float, ...]
    high: tuple[float, ...]
    low: tuple[float, ...]


def divided_shares(
    seats: int, divided: Sequence[PotDivision], total: int | None = None
) -> PotShares:
    """The fractions of the pots of ``divided`` each of ``seats`` seats won, of a
    whole of ``total`` chips (the pots' own, unless chips went elsewhere)."""
    whole = sum(part.pot.amount for part in divided) if total is None else total
    equity = [0.0] * seats
    high = [0.0] * seats
    low = [0.0] * seats
    if whole <= 0:
        return PotShares(tuple(equity), tuple(high), tuple(low))
    for part in divided:
        weight = part.pot.amount / whole
        each_part = weight / len(part.parts)
        for index, winners in part.parts:
            portion = 1 / len(winners)
            for seat in winners:
                equity[seat] += each_part * portion
            if index in (0, 1):
                into = high if index == 0 else low
                for seat in winners:
                    into[seat] += weight * portion
    return PotShares(tuple(equity), tuple(high), tuple(low))


def pot_shares(hand: Hand) -> PotShares:
    """The fractions of ``hand``'s pot each seat won (a finished hand).  Chips the
    house took (cash-game Oklahoma) are nobody's, so the fractions then sum below 1."""
    divided = division(hand)
    total = sum(part.pot.amount for part in divided) + hand.to_house
    return divided_shares(hand.seats, divided, total)
