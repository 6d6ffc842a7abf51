"""HandValue: a scale's value for a hand, totally ordered, readable."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pokerbook.evaluation.scale import Scale


class HandValue:
    """The value of a hand on one scale.

    Better hands compare greater and ties compare equal; ``int(value)`` is the
    raw integer (the same number :func:`pokerbook.evaluate_batch` returns) and
    ``str(value)`` a readable name such as ``"Aces full of kings"``.  Values of
    different scales do not compare.
    """

    __slots__ = ("scale", "value")

    scale: Scale
    value: int

    def __init__(self, scale: Scale, value: int) -> None:
        self.scale = scale
        self.value = value

    def __int__(self) -> int:
        return self.value

    def __index__(self) -> int:
        return self.value

    def __str__(self) -> str:
        return self.scale.describe(self.value)

    def __repr__(self) -> str:
        return f"HandValue({self.scale.name!r}, {self.value}, {self.scale.describe(self.value)!r})"

    def __hash__(self) -> int:
        return hash((self.scale.name, self.value))

    def _other(self, other: object) -> int:
        if isinstance(other, HandValue):
            if other.scale is not self.scale:
                raise TypeError(
                    f"cannot compare a {self.scale.name!r} value with a {other.scale.name!r} value"
                )
            return other.value
        raise TypeError(f"cannot compare a hand value with {type(other).__name__}")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return other.scale is self.scale and other.value == self.value
        return NotImplemented

    def __lt__(self, other: HandValue) -> bool:
        return self.value < self._other(other)

    def __le__(self, other: HandValue) -> bool:
        return self.value <= self._other(other)

    def __gt__(self, other: HandValue) -> bool:
        return self.value > self._other(other)

    def __ge__(self, other: HandValue) -> bool:
        return self.value >= self._other(other)
