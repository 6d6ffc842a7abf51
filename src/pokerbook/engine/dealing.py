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

    def roll(self, sides: int) -> int:
        """One roll of a die with ``sides`` sides (1..sides)."""
        ...


class ShuffledDealer:
    """Deals from a shuffled deck.  A seed makes the shuffle repeatable; without
    one the shuffle uses the operating system's secure random source.

    Each card dealt (or burned) is drawn uniformly from the cards left, which is
    the same as dealing from the top of a fully shuffled deck, without shuffling
    the cards nobody sees.  ``stub`` holds the cards left in no particular order.
    An index is ``int(random() * n)``: with 53 random bits its bias is below 1e-14.
    """

    def __init__(self, cards: Sequence[Card], seed: int | None = None) -> None:
        self.rng: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
        self.stub = list(cards)
        self.discards: list[Card] = []

    def deal(self, seat: int | None, count: int) -> list[Card]:
        stub = self.stub
        if count > len(stub) and seat is None and self.discards:
            # Board cards with the stub out (draws before the board, as in Dramaha): the
            # discards are shuffled into the stub, as for a draw (004 r.13.01); the
            # rulebooks give no rule of their own for the board.
            stub += self.discards
            self.discards = []
        if count > len(stub):
            raise IndexError(f"the deck has {len(stub)} cards left, {count} needed")
        draw = self.rng.random
        out: list[Card] = []
        take = out.append
        size = len(stub)
        for left in range(size - 1, size - count - 1, -1):
            j = int(draw() * (left + 1))  # one of the left + 1 cards still in the stub
            take(stub[j])
            stub[j] = stub[left]  # the last card left fills the gap
        del stub[size - count :]
        return out

    def burn(self) -> None:
        if self.stub:
            self.discards.extend(self.deal(None, 1))

    def muck(self, cards: Sequence[Card]) -> None:
        self.discards.extend(cards)

    def replace(self, seat: int, discards: Sequence[Card]) -> list[Card]:
        need = len(discards)
        stub = len(self.stub)
        if need <= stub:
            self.discards.extend(discards)
            return self.deal(seat, need)
        if need > stub + len(self.discards):
            raise IndexError("not enough cards left to complete the draw")
        # The stub is out: its last cards are dealt, then the discards so far, less
        # this player's, are shuffled into a new stub (004 r.13.01: the player's own
        # discards are never redealt to them).
        out = self.deal(seat, stub)
        self.stub, self.discards = self.discards, list(discards)
        return out + self.deal(seat, need - stub)

    def remaining(self) -> int:
        return len(self.stub)

    def roll(self, sides: int) -> int:
        return self.rng.randint(1, sides)
