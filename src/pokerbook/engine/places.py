"""Sets of a hand's cards by their places: for each hand size and count, every set
of that many places, in the order :func:`itertools.combinations` lists them.

A bot picks a random set with one random number (an index into :data:`PICKERS`),
and a draw made that way (:meth:`pokerbook.engine.hand.Hand.draw_set`) needs no
search of the hand for the cards thrown: the cards kept are the set's complement
(:data:`SETS`), in the order held.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from operator import itemgetter

from pokerbook.cards.card import Card

#: hand sizes whose sets are listed (a stud or hold'em hand at most)
LISTED = 8

Picker = Callable[[Sequence[Card]], tuple[Card, ...]]


def picker(places: tuple[int, ...]) -> Picker:
    """A function taking the cards at ``places`` of a hand, as a tuple."""
    if len(places) >= 2:
        return itemgetter(*places)  # (a tuple of the items)
    if places:
        (only,) = places
        return lambda held: (held[only],)
    return lambda held: ()


#: for each hand size and count, every set of ``count`` places as a pair of pickers:
#: the set's cards, and the others (the cards a draw of the set keeps), in order
SETS: tuple[tuple[tuple[tuple[Picker, Picker], ...], ...], ...] = tuple(
    tuple(
        tuple(
            (picker(places), picker(tuple(p for p in range(size) if p not in places)))
            for places in combinations(range(size), count)
        )
        for count in range(size + 1)
    )
    for size in range(LISTED + 1)
)
#: for each hand size and count, a picker for every set of ``count`` places (the
#: first of each of :data:`SETS`' pairs)
PICKERS: tuple[tuple[tuple[Picker, ...], ...], ...] = tuple(
    tuple(tuple(thrown for thrown, _ in sets) for sets in by_count) for by_count in SETS
)
