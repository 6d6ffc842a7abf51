"""The Scale interface and the registry of scales (:data:`SCALES`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from pokerbook.cards.card import Card
from pokerbook.evaluation.categories import Category
from pokerbook.registry import Registry, UnknownNameError


class UnknownScaleError(UnknownNameError):
    """A scale name that is not registered."""


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


def _scale_key(name: str) -> str:
    return name.strip().lower().replace("_", "-")


def _load_builtin_scales() -> None:
    from pokerbook.evaluation.scales import load_all

    load_all()


#: every scale by name and alias; the built-in scale modules register theirs when first asked
SCALES: Registry[Scale] = Registry(
    "scale",
    lists="`pokerbook scales` lists them",
    normalise=_scale_key,
    load=_load_builtin_scales,
    error=UnknownScaleError,
)


#: every scale :func:`register_scale` added, by its name and aliases as :data:`SCALES` keys them
_registered: dict[str, Scale] = {}


def register_scale(scale: Scale) -> Scale:
    """Add ``scale`` to :data:`SCALES` under its name and aliases."""
    added = SCALES.register(scale.name, scale, scale.aliases)
    for name in (scale.name, *scale.aliases):
        _registered[_scale_key(name)] = scale
    return added


_by_text: dict[str, Scale] = {}


def get_scale(scale: str | Scale) -> Scale:
    """A scale by name or alias (``high``, ``a5-low``, ``badugi`` ...), or the scale itself."""
    found = _by_text.get(scale) if type(scale) is str else None
    if found is not None:
        return found
    if isinstance(scale, Scale):
        return scale
    found = _poker_scale(scale) or SCALES.get(scale)
    _by_text[scale] = found
    return found


def _poker_scale(name: object) -> Scale | None:
    """The poker scale (``high``, the lows ...) named ``name``, found with only the
    poker scales' module loaded: the other built-in modules, loaded with :data:`SCALES`,
    cost a first hand more time than its tables take to read."""
    if type(name) is not str:
        return None
    import pokerbook.evaluation.scales.poker  # noqa: F401  (registers the poker scales)

    return _registered.get(_scale_key(name))


def scale_names() -> list[str]:
    """Every scale's name, in alphabetical order."""
    return sorted(SCALES.names())


def all_scales() -> list[Scale]:
    """Every scale, in the alphabetical order of their names."""
    return [SCALES.get(name) for name in scale_names()]
