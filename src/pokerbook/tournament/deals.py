"""Deals: the players still in agree to split the prizes left (004 r.109: "Agreements can
be made between players at anytime to split the payout"; 001 r.36-38 let the director
enforce one, and a deal must include every active player).

``prizes`` are the prizes of the places still to be decided, first place first, one
for each player at most (fewer: the lower places pay nothing); ``stacks`` are the
players' chips.  Three ways to split them:

* :func:`even_split` - everyone the same;
* :func:`chip_chop` - the standard chip chop: each player is sure of the smallest
  prize still in play (the last remaining place's), and the rest of the money is
  shared in proportion to the chips (a big enough chip lead can be worth more than
  first prize: the chop does not cap it);
* :func:`icm_deal` - each player's ICM value (Malmuth-Harville, :mod:`.icm`).

Every deal pays whole money units summing exactly to ``sum(prizes)``.  The odd units:
each player gets the whole part of their exact share, and the units left over go one
each to the largest fractional parts; equal parts go to the bigger stack, then the
earlier player in the list.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise

from pokerbook.tournament.icm import icm_values

#: fractional parts of ICM values closer than this are equal (float noise)
_FRACTION_DIGITS = 9


class DealError(ValueError):
    """A deal asked for with stacks or prizes that do not fit together."""


def even_split(stacks: Sequence[int], prizes: Sequence[int]) -> list[int]:
    """Everyone the same share of the prizes left."""
    _check(stacks, prizes)
    share = Fraction(sum(prizes), len(stacks))
    return _whole_units([share] * len(stacks), sum(prizes), stacks)


def chip_chop(stacks: Sequence[int], prizes: Sequence[int]) -> list[int]:
    """The last remaining place's prize to everyone, the rest shared by chips."""
    _check(stacks, prizes)
    chips = sum(stacks)
    if chips <= 0:
        raise DealError("a chip chop needs chips in play")
    padded = [*prizes, *[0] * (len(stacks) - len(prizes))]
    floor = padded[-1]
    rest = sum(prizes) - floor * len(stacks)
    shares = [floor + Fraction(rest * stack, chips) for stack in stacks]
    return _whole_units(shares, sum(prizes), stacks)


def icm_deal(stacks: Sequence[int], prizes: Sequence[int]) -> list[int]:
    """Each player's ICM value of the prizes left, in whole units."""
    _check(stacks, prizes)
    values = icm_values(stacks, prizes)
    return _whole_units(values, sum(prizes), stacks)


def _check(stacks: Sequence[int], prizes: Sequence[int]) -> None:
    if not stacks:
        raise DealError("a deal needs players")
    if any(stack < 0 for stack in stacks):
        raise DealError("stacks must not be negative")
    if len(prizes) > len(stacks):
        raise DealError(
            f"{len(prizes)} prizes for {len(stacks)} players: only the places still open are dealt"
        )
    if any(prize < 0 for prize in prizes):
        raise DealError("prizes must not be negative")
    if any(lower > higher for higher, lower in pairwise(prizes)):
        raise DealError("a place must not pay more than the place above it")


def _whole_units(
    shares: Sequence[Fraction | float], total: int, stacks: Sequence[int]
) -> list[int]:
    """The shares in whole units summing to ``total``: whole parts, then the odd
    units to the largest fractional parts (equal parts: bigger stack, earlier seat)."""
    whole = [int(share // 1) for share in shares]
    parts = [
        round(float(share - w), _FRACTION_DIGITS) for share, w in zip(shares, whole, strict=True)
    ]
    by_part = sorted(range(len(shares)), key=lambda i: (-parts[i], -stacks[i], i))
    short = total - sum(whole)
    if short >= 0:
        for k in range(short):
            whole[by_part[k % len(by_part)]] += 1
    else:  # float shares summing to a hair over the total
        for k in range(-short):
            whole[by_part[-1 - k % len(by_part)]] -= 1
    return whole
