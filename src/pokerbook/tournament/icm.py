"""The independent chip model (Malmuth-Harville): what each stack is worth in prize money.

A player finishes first with the probability of their share of the chips in play; given
the players already placed, each other player takes the next place with the probability
of their share of the chips still unplaced.  The chance of every finishing order is the
product of those steps, and a player's value is the sum over the paid places of the
chance of finishing there times the prize.

The computation is exact (no sampling): it walks the sets of players already placed, a
memo keyed by the set (a bit mask), only as deep as the paid places.  Players with no
chips take the places after everyone with chips, each as likely as the others.  Its cost
grows with the number of such sets, ``sum(C(players, k) for k < places)``; above
:data:`MAX_SETS` (every place paid among 16 players, or 7 places among 20; about 0.3 s) it is
refused with :class:`ICMSizeError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Final

#: the most sets of placed players the model walks (16 players with every place paid)
MAX_SETS: Final = 1 << 16


class ICMError(ValueError):
    """Stacks or payouts the model cannot take."""


class ICMSizeError(ICMError):
    """Too many players and paid places for the exact model."""


def placed_sets(players: int, places: int) -> int:
    """How many sets of placed players the model walks for this many players and paid
    places."""
    return sum(comb(players, k) for k in range(min(places, players)))


def finish_chances(stacks: Sequence[int], places: int) -> list[list[float]]:
    """``chances[player][place]``: the chance each player finishes in each of the first
    ``places`` places (0: first), by Malmuth-Harville."""
    _check(stacks, places)
    n = len(stacks)
    depth = min(places, n)
    chances = [[0.0] * depth for _ in range(n)]
    total = sum(stacks)
    layer: dict[int, tuple[float, int]] = {0: (1.0, total)}  # placed set -> (chance, chips left)
    for place in range(depth):
        following: dict[int, tuple[float, int]] = {}
        for placed, (chance, left) in layer.items():
            open_players = [i for i in range(n) if not placed >> i & 1]
            for i in open_players:
                step = stacks[i] / left if left else 1 / len(open_players)
                if step == 0.0:
                    continue
                p = chance * step
                chances[i][place] += p
                key = placed | 1 << i
                old = following.get(key)
                following[key] = (p + old[0] if old else p, left - stacks[i])
        layer = following
    return chances


def icm_values(stacks: Sequence[int], payouts: Sequence[float]) -> list[float]:
    """Each player's prize equity: the chance of each paid place times its payout
    (``payouts[0]`` for first).  Payouts beyond the number of players are not in play."""
    if any(p < 0 for p in payouts):
        raise ICMError("payouts must not be negative")
    chances = finish_chances(stacks, len(payouts))
    return [sum(c * pay for c, pay in zip(row, payouts, strict=False)) for row in chances]


def _check(stacks: Sequence[int], places: int) -> None:
    if not stacks:
        raise ICMError("no stacks to value")
    if any(s < 0 for s in stacks):
        raise ICMError("stacks must not be negative")
    if places < 0:
        raise ICMError("the number of paid places must not be negative")
    sets = placed_sets(len(stacks), places)
    if sets > MAX_SETS:
        raise ICMSizeError(
            f"{len(stacks)} players with {min(places, len(stacks))} paid places is too many"
            f" for the exact model ({sets} sets of placed players, at most {MAX_SETS})"
        )
