"""The Scale interface and the one registry of scales."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from pokerbook.cards.card import Card
from pokerbook.evaluation.categories import Category


class UnknownScaleError(KeyError):
    """A scale name that is not registered."""

    def __str__(self) -> str:
        return str(self.args[0])


class WildCardError(ValueError):
    """Wild cards or a joker given to a scale that cannot use them."""


class Scale(ABC):
    """A way of ranking hands: integers, higher is better, equal for ties.

    ``hand_size`` is the number of cards a hand is made of (5 for poker hands,
    4 for badugi); ``None`` means every card given counts (point games).
    Values given to :meth:`best` and :meth:`exact` are natural cards: jokers and
    wild cards are resolved by :mod:`pokerbook.evaluation.wild` through
    :meth:`wild_value`.
    """

    name: str
    description: str
    aliases: tuple[str, ...] = ()
    hand_size: int | None = 5
    #: how a joker plays when the caller does not say: "bug", "wild" or "ace"
    default_joker: str = "wild"
    #: lower hands win on this scale (for naming and qualifiers)
    is_low: bool = False

    @abstractmethod
    def best(self, cards: Sequence[Card]) -> int:
        """The best value that any ``hand_size`` of these natural cards make."""

    def exact(self, cards: Sequence[Card]) -> int:
        """The value of exactly these natural cards as one hand."""
        return self.best(cards)

    @abstractmethod
    def describe(self, value: int) -> str:
        """A readable name for a value."""

    def category(self, value: int) -> Category | None:
        """The poker category of a value, where the scale has categories."""
        return None

    def category_order(self) -> tuple[Category, ...]:
        """The scale's categories from worst to best (for a low scale: in high order), if any."""
        return ()

    def ranks(self, value: int) -> tuple[int, ...]:
        """The comparison ranks of a value, most significant first, where defined."""
        return ()

    def wild_value(
        self, naturals: Sequence[Card], wild_count: int, mode: str, *, exact: bool
    ) -> int:
        """The best value with ``wild_count`` wild cards playing as ``mode``."""
        raise WildCardError(f"the {self.name!r} scale does not play wild cards or jokers")

    def __repr__(self) -> str:
        return f"get_scale({self.name!r})"


class Registry:
    """Scales by name and alias."""

    _scales: ClassVar[dict[str, Scale]] = {}
    _aliases: ClassVar[dict[str, str]] = {}

    @classmethod
    def register(cls, scale: Scale) -> Scale:
        key = scale.name
        if key in cls._scales or key in cls._aliases:
            raise ValueError(f"scale {key!r} is already registered")
        cls._scales[key] = scale
        for alias in scale.aliases:
            if alias in cls._scales or alias in cls._aliases:
                raise ValueError(f"alias {alias!r} of {key!r} is already taken")
            cls._aliases[alias] = key
        return scale

    @classmethod
    def get(cls, name: str) -> Scale:
        _load_builtin_scales()
        key = name.strip().lower().replace("_", "-")
        found = cls._scales.get(key) or cls._scales.get(cls._aliases.get(key, ""))
        if found is None:
            names = ", ".join(sorted(cls._scales))
            raise UnknownScaleError(f"no scale named {name!r}; known scales: {names}")
        return found

    @classmethod
    def names(cls) -> list[str]:
        _load_builtin_scales()
        return sorted(cls._scales)

    @classmethod
    def all(cls) -> list[Scale]:
        _load_builtin_scales()
        return [cls._scales[n] for n in sorted(cls._scales)]


register_scale = Registry.register


_by_text: dict[str, Scale] = {}


def get_scale(scale: str | Scale) -> Scale:
    """A scale by name or alias (``high``, ``a5-low``, ``badugi`` ...), or the scale itself."""
    found = _by_text.get(scale) if type(scale) is str else None
    if found is not None:
        return found
    if isinstance(scale, Scale):
        return scale
    found = Registry.get(scale)
    _by_text[scale] = found
    return found


def scale_names() -> list[str]:
    return Registry.names()


_loaded = False


def _load_builtin_scales() -> None:
    global _loaded  # noqa: PLW0603 - one-time lazy import of the built-in scale modules
    if _loaded:
        return
    _loaded = True
    from pokerbook.evaluation.scales import load_all

    load_all()
