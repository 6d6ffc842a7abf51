"""Places and prizes for players who go out together.

001 Tournaments r.35: "If two (or more) players go broke during the same hand, the
player starting the hand with the larger amount of money finishes in the higher
tournament place for prize money and any other award."  004 r.109 adds: "Players who
tie for a position will split the award; the player with the best hand on that deal
will receive any nondivisible award."

The busts of one hand (or of one round of hand-for-hand play, which counts as one
hand) are placed together: the bigger starting stack takes the better place.  Players
who started with the same stack tie: they take the places they cover between them
(still each a place of their own, so that every place is taken once: the best hand
the better place, then the order the busts are given in) and share those places'
prizes evenly; what does not divide goes to the best hand, and when the best hands
are equal too, one unit at a time to them in the order given (give the busts in the
order clockwise from the button, the order 001 Ties r.5 gives an odd chip in).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby


class PlacingError(ValueError):
    """Busts that cannot be placed as asked."""


@dataclass(frozen=True)
class Bust:
    """A player out of chips: ``start_stack`` their chips when the hand started and
    ``hand_rank`` how good their hand was on the deal (higher is better)."""

    player: str
    start_stack: int
    hand_rank: int


@dataclass(frozen=True)
class Placing:
    """A finishing place (1 is the winner) and the prize it pays."""

    player: str
    place: int
    prize: int


def place_busts(busts: Sequence[Bust], next_place: int, prizes: Sequence[int]) -> list[Placing]:
    """Place the ``busts`` of one hand: ``next_place`` is the worst place still open (the
    number of players left before the hand), so two busts with 7 left take places 7
    and 6.  ``prizes[p - 1]`` is place ``p``'s prize (places beyond pay nothing).  The
    placings come back worst place first."""
    if len({b.player for b in busts}) != len(busts):
        raise PlacingError("a player cannot go out twice")
    if next_place - len(busts) < 0:
        raise PlacingError(f"{len(busts)} players cannot go out with only {next_place} places open")
    placings: list[Placing] = []
    low = next_place
    by_stack = sorted(busts, key=lambda b: b.start_stack)
    for _stack, group in groupby(by_stack, key=lambda b: b.start_stack):
        tied = list(group)
        high = low - len(tied) + 1
        award = sum(_prize(prizes, place) for place in range(high, low + 1))
        shares = _split(award, tied, busts)
        best_first = sorted(tied, key=lambda b: (-b.hand_rank, busts.index(b)))
        for place, bust in zip(range(high, low + 1), best_first, strict=True):
            placings.append(Placing(bust.player, place, shares[bust.player]))
        low = high - 1
    placings.sort(key=lambda p: -p.place)
    return placings


def _prize(prizes: Sequence[int], place: int) -> int:
    return prizes[place - 1] if place <= len(prizes) else 0


def _split(award: int, tied: Sequence[Bust], busts: Sequence[Bust]) -> dict[str, int]:
    """The award shared evenly by the tied players; the units that do not divide to
    the best hand (equal best hands: one at a time, in the order given)."""
    share, odd = divmod(award, len(tied))
    shares = {b.player: share for b in tied}
    top = max(b.hand_rank for b in tied)
    best = sorted((b for b in tied if b.hand_rank == top), key=busts.index)
    for k in range(odd):
        shares[best[k % len(best)].player] += 1
    return shares
