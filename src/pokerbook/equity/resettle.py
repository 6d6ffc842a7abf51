"""Settling many deals on one played hand, for the games where only the sets of cards
matter (:func:`pokerbook.equity.enumerate.order_free`): there every seat checks or
calls whatever its cards, so the betting, the pot and the cards' places are the same
in every deal.  One template hand is played through the engine; each further deal
puts its cards in the template's places and divides the pot by the engine's own
showdown (:func:`~pokerbook.engine.showdown.share_values`,
:func:`~pokerbook.engine.showdown.pots_of`,
:func:`~pokerbook.engine.showdown.pot_awards`): shares as the game splits them, ties
split, odd chips aside.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pokerbook.cards.card import Card
from pokerbook.engine.hand import Hand
from pokerbook.engine.showdown import pot_awards, pots_of, share_values
from pokerbook.equity.dealer import AssignedPicks
from pokerbook.equity.engine_path import EquityTable
from pokerbook.equity.pot_shares import PotShares

#: a card's place in the template: (destination, its index among that destination's
#: unknown cards)
Slot = tuple[int, int]


class Resettler:
    """A template hand whose unknown cards are replaced deal after deal."""

    def __init__(self, table: EquityTable, counts: Sequence[tuple[int, int]]) -> None:
        pool = list(table.unseen)
        first: dict[int, tuple[Card, ...]] = {}
        for destination, count in counts:
            first[destination], pool = tuple(pool[:count]), pool[count:]
        hand, _ = table.play(AssignedPicks(first), random.Random(0))
        where = {card: (d, i) for d, cards in first.items() for i, card in enumerate(cards)}
        self.hand = hand
        #: each unknown card's place: the list it is in, its index there, its slot
        self.places = [
            (cards, place, destination, index)
            for cards in (*hand.hole, *hand.boards)
            for place, (destination, index) in self._slots(cards, where)
        ]
        self.names = [share.name for share in hand.plan.shares]
        self.live = hand.live
        # every deal bets the same: the pots, and each one's part of the whole, stay
        pots = pots_of(hand, self.live)
        total = sum(pot.amount for pot in pots)
        self.pots = [(pot, pot.amount / total) for pot in pots]
        #: the pot shares of each way the pots can be awarded (a handful recur)
        self.divided: dict[tuple[tuple[tuple[int, tuple[int, ...]], ...], ...], PotShares] = {}

    @staticmethod
    def _slots(cards: Sequence[Card], where: Mapping[Card, Slot]) -> list[tuple[int, Slot]]:
        return [(place, where[card]) for place, card in enumerate(cards) if card in where]

    def shares(self, assigned: Mapping[int, Sequence[Card]]) -> PotShares:
        """The pot shares of the deal that gives each destination ``assigned``."""
        hand: Hand = self.hand
        for cards, place, destination, index in self.places:
            cards[place] = assigned[destination][index]
        values = share_values(hand, self.live)
        key = tuple(
            tuple((index, tuple(winners)) for index, winners in pot_awards(hand, pot, values))
            for pot, _ in self.pots
        )
        found = self.divided.get(key)
        if found is None:
            found = self.divided[key] = self._divide(key)
        return found

    def _divide(self, awards: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]) -> PotShares:
        """The pot shares of each pot's awards: equal parts, each split evenly."""
        seats = self.hand.seats
        equity = [0.0] * seats
        high = [0.0] * seats
        low = [0.0] * seats
        for (_, weight), parts in zip(self.pots, awards, strict=True):
            each_part = weight / len(parts)
            for index, winners in parts:
                portion = 1 / len(winners)
                for seat in winners:
                    equity[seat] += each_part * portion
                if index in (0, 1):
                    into = high if index == 0 else low
                    for seat in winners:
                        into[seat] += weight * portion
        return PotShares(tuple(equity), tuple(high), tuple(low))


def random_sets(
    unseen: Sequence[Card], counts: Sequence[tuple[int, int]], rng: random.Random
) -> dict[int, list[Card]]:
    """Each destination's count of cards, dealt at random from ``unseen``."""
    dealt = rng.sample(unseen, sum(count for _, count in counts))
    out: dict[int, list[Card]] = {}
    at = 0
    for destination, count in counts:
        out[destination] = dealt[at : at + count]
        at += count
    return out
