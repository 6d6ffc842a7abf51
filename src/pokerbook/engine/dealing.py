"""Where the cards come from: a seeded shuffle, or a script (hand histories)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from pokerbook.cards.card import Card


class Dealer(Protocol):
    """The source of cards for one hand."""

    def deal(self, seat: int | None, count: int) -> list[Card]:
        """``count`` cards for ``seat`` (``None``: the board)."""
        ...

    def burn(self) -> None: ...

    def replace(self, seat: int, discards: Sequence[Card]) -> list[Card]:
        """New cards for a draw; the discards go to the muck."""
        ...

    def muck(self, cards: Sequence[Card]) -> None: ...

    def remaining(self) -> int: ...


class ShuffledDealer:
    """Deals from a shuffled deck.  A seed makes the shuffle repeatable; without
    one the shuffle uses the operating system's secure random source."""

    def __init__(self, cards: Sequence[Card], seed: int | None = None) -> None:
        self.rng: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
        self.stub = list(cards)
        self.rng.shuffle(self.stub)
        self.discards: list[Card] = []

    def deal(self, seat: int | None, count: int) -> list[Card]:
        if count > len(self.stub):
            raise IndexError(f"the deck has {len(self.stub)} cards left, {count} needed")
        out = self.stub[-count:] if count else []
        del self.stub[len(self.stub) - count :]
        out.reverse()
        return out

    def burn(self) -> None:
        if self.stub:
            self.discards.append(self.stub.pop())

    def muck(self, cards: Sequence[Card]) -> None:
        self.discards.extend(cards)

    def replace(self, seat: int, discards: Sequence[Card]) -> list[Card]:
        need = len(discards)
        if need > len(self.stub):
            # The stub is out: the discards so far, less this player's, are shuffled
            # into a new stub (the player's own discards are never redealt to them).
            fresh = self.discards
            self.rng.shuffle(fresh)
            self.stub = fresh + self.stub
            self.discards = []
        self.discards.extend(discards)
        if need > len(self.stub):
            raise IndexError("not enough cards left to complete the draw")
        return self.deal(seat, need)

    def remaining(self) -> int:
        return len(self.stub)
