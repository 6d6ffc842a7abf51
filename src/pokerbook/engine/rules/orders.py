"""Every order of a few cards as options, listed only when asked for.

A seat sorting five face-down cards (Pass the Trash's ``choose order``) has 120
options.  :class:`Orders` stands for all of them without writing them: its length is
the number of orders, ``orders[i]`` writes the ``i``-th (in the order
:func:`itertools.permutations` gives them, the order held first), ``option in
orders`` reads the option instead of looking it up, and iterating lists them all.
It compares equal to the tuple of its options.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations
from math import factorial
from typing import overload

#: the characters of one card's text (``As``)
CARD_WIDTH = 2


class Orders(Sequence[str]):
    """Every order of ``texts`` (each card's text, ``CARD_WIDTH`` characters), written
    together (``AsKd2c``), the order given first."""

    __slots__ = ("_count", "_sorted", "texts")

    def __init__(self, texts: tuple[str, ...]) -> None:
        if texts and set(map(len, texts)) != {CARD_WIDTH}:
            raise ValueError(f"each card's text is {CARD_WIDTH} characters: {texts!r}")
        self.texts = texts
        self._count = factorial(len(texts))
        self._sorted = sorted(texts)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._count)))
        count = self._count
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError(f"order {index} of {count}")
        # the index's digits in the factorial number system pick each next card
        left = list(self.texts)
        out: list[str] = []
        for size in range(len(left), 0, -1):
            count //= size
            digit, index = divmod(index, count)
            out.append(left.pop(digit))
        return "".join(out)

    def __contains__(self, option: object) -> bool:
        """Whether ``option`` is one of the orders: every card once, each written as
        its text, none else."""
        if not isinstance(option, str) or len(option) != CARD_WIDTH * len(self.texts):
            return False
        cards = [option[i : i + CARD_WIDTH] for i in range(0, len(option), CARD_WIDTH)]
        return sorted(cards) == self._sorted

    def __iter__(self) -> Iterator[str]:
        return map("".join, permutations(self.texts))

    def __reversed__(self) -> Iterator[str]:
        return (self[i] for i in range(self._count - 1, -1, -1))

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """Where ``value`` is among the orders (read from it, not searched for)."""
        if value not in self:
            raise ValueError(f"{value!r} is not an order of {''.join(self.texts)}")
        assert isinstance(value, str)
        left = list(self.texts)
        found, size = 0, len(left)
        for i in range(0, len(value), CARD_WIDTH):
            position = left.index(value[i : i + CARD_WIDTH])
            size -= 1
            found += position * factorial(size)
            left.pop(position)
        if found < start or (stop is not None and found >= stop):
            raise ValueError(f"{value!r} is not among the orders {start}..{stop}")
        return found

    def count(self, value: object) -> int:
        return 1 if value in self else 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Orders):
            return self.texts == other.texts
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(other) == self._count and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Orders({self.texts!r})"
