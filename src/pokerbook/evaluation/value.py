"""HandValue: a scale's value for a hand, totally ordered, readable."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from pokerbook.evaluation.scale import Scale

_set = object.__setattr__


class HandValue:
    """The value of a hand on one scale.

    Better hands compare greater and ties compare equal; ``int(value)`` is the
    raw integer (the same number :func:`pokerbook.evaluate_batch` returns) and
    ``str(value)`` a readable name such as ``"Aces full of kings"``.  Values of
    different scales do not compare.  A value never changes (one object may stand
    for every hand of that value), so it can be shared and used as a key.
    """

    __slots__ = ("scale", "value")

    scale: Scale
    value: int

    def __init__(self, scale: Scale, value: int) -> None:
        _set(self, "scale", scale)
        _set(self, "value", value)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a hand value cannot be changed (tried to set {name!r})")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a hand value cannot be changed (tried to delete {name!r})")

    def __copy__(self) -> HandValue:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> HandValue:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # a registered scale by its name, so the value unpickled is on the same scale
        from pokerbook.evaluation.scale import get_scale

        try:
            registered = get_scale(self.scale.name) is self.scale
        except ValueError:
            registered = False
        if registered:
            return (_on_scale, (self.scale.name, self.value))
        return (HandValue, (self.scale, self.value))

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


def _on_scale(name: str, value: int) -> HandValue:
    """The value ``value`` on the registered scale ``name`` (what a pickle holds)."""
    from pokerbook.evaluation.scale import get_scale

    return HandValue(get_scale(name), value)
