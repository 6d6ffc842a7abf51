"""Where the cards come from: a seeded shuffle, or a script (hand histories)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from hashlib import blake2b
from typing import Protocol

from mypy_extensions import mypyc_attr

from pokerbook.cards.card import Card
from pokerbook.native import DEALER, native_module


class Dealer(Protocol):
    """The source of cards for one hand."""

    def deal(self, seat: int | None, count: int) -> list[Card]:
        """``count`` cards for ``seat`` (``None``: the board)."""
        ...

    def deal_each(self, seats: Sequence[int], count: int) -> list[tuple[Card, ...]]:
        """``count`` cards for each of ``seats``, in turn (one street of hole cards)."""
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


def take_python(stub: list[Card], x: int, count: int) -> list[Card]:
    """Deal ``count`` cards (1 to ``len(stub)``) from ``stub`` by the random integer
    ``x`` (non-negative): for ``left`` from the stub's size down, the card at ``x``
    mod ``left`` (``x`` then divided by ``left``) is dealt and the last card still
    in the stub takes its place; the stub ends ``count`` cards shorter.  Returns the
    cards dealt, in order."""
    size = len(stub)
    out: list[Card] = []
    take = out.append
    for left in range(size, size - count, -1):
        x, j = divmod(x, left)  # one of the ``left`` cards still in the stub
        take(stub[j])
        stub[j] = stub[left - 1]  # the last card left fills the gap
    del stub[size - count :]
    return out


def _take_cards() -> Callable[[list[Card], int, int], list[Card]]:
    """:func:`take_python`, or its C twin (``deal_native.take``) where it was built
    and ``POKERBOOK_PURE_PYTHON`` does not ask for Python alone."""
    module = native_module(DEALER)
    return take_python if module is None else module.take


#: how the dealer takes cards from the stub (:func:`take_python`'s cards either way)
take_cards = _take_cards()

_BLOCK_BYTES = 64  # one block of random bits: a BLAKE2b digest, or 64 bytes from the OS
_SLACK = 64  # bits drawn beyond what the indices use: each draw's bias is below 2**-64


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class ShuffledDealer:
    """Deals from a shuffled deck.  A seed makes the shuffle repeatable; without
    one the cards come from the operating system's secure random source.

    Each card dealt (or burned) is drawn uniformly from the cards left, which is
    the same as dealing from the top of a fully shuffled deck, without shuffling
    the cards nobody sees.  ``stub`` holds the cards left in no particular order.

    A deal of ``count`` cards from a stub of ``n`` takes one random integer ``x``
    of ``count * bits(n) + 64`` bits and reads its digits in the mixed radix
    ``n, n - 1, ...`` (``x, j = divmod(x, left)``): every sequence of cards is
    equally likely to within ``2**-64``.  The bits come in 512-bit blocks: BLAKE2b
    of the seed and a block number (repeatable, and cheap to start for every
    hand), or ``os.urandom``.
    """

    def __init__(self, cards: Sequence[Card], seed: int | None = None) -> None:
        self.seed = seed
        self._key = b"" if seed is None else f"pokerbook-deal:{seed}:".encode()
        self._blocks = 0  # blocks of bits made so far
        self._bits = 0  # random bits not used yet ...
        self._have = 0  # ... and how many there are
        self.stub = list(cards)
        self.discards: list[Card] = []

    def _block(self) -> int:
        if self.seed is None:
            data = os.urandom(_BLOCK_BYTES)
        else:
            data = blake2b(self._key + self._blocks.to_bytes(8, "little")).digest()
        self._blocks += 1
        return int.from_bytes(data, "little")

    def random_bits(self, count: int) -> int:
        """``count`` random bits, as an integer."""
        while self._have < count:
            self._bits |= self._block() << self._have
            self._have += 8 * _BLOCK_BYTES
        out = self._bits & ((1 << count) - 1)
        self._bits >>= count
        self._have -= count
        return out

    def below(self, n: int) -> int:
        """A random integer in ``0 .. n - 1``."""
        return self.random_bits(n.bit_length() + _SLACK) % n

    def deal(self, seat: int | None, count: int) -> list[Card]:
        stub = self.stub
        size = len(stub)
        if not 0 < count <= size:  # (one test for the rare cases: none, or the stub short)
            return self._deal_short(seat, count)
        need = count * size.bit_length() + _SLACK
        have = self._have - need
        if have >= 0:  # (random_bits, inline: a deal of a card or two is common)
            bits = self._bits
            x = bits & ((1 << need) - 1)
            self._bits = bits >> need
            self._have = have
        else:
            x = self.random_bits(need)
        return take_cards(stub, x, count)

    def _deal_short(self, seat: int | None, count: int) -> list[Card]:
        """:meth:`deal` of no cards, or of more than the stub holds."""
        if count <= 0:
            return []  # nothing dealt takes no randomness (a stand-pat stays a stand-pat)
        if seat is None and self.discards:
            # Board cards with the stub out (draws before the board, as in Dramaha): the
            # discards are shuffled into the stub, as for a draw (004 r.13.01); the
            # rulebooks give no rule of their own for the board.
            self.stub += self.discards
            self.discards = []
            if count <= len(self.stub):
                return self.deal(seat, count)
        raise IndexError(f"the deck has {len(self.stub)} cards left, {count} needed")

    def deal_each(self, seats: Sequence[int], count: int) -> list[tuple[Card, ...]]:
        need = count * len(seats)
        if need > len(self.stub) or count <= 0:  # (short: seat by seat, as far as they go)
            return [tuple(self.deal(seat, count)) for seat in seats]
        cards = iter(self.deal(None, need))  # everyone's cards in one go
        return list(zip(*[cards] * count, strict=True))  # ``count`` at a time

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
        return 1 + self.below(sides)
