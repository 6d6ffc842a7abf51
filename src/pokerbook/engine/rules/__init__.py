"""The registry of rules that games name in their steps: ``roll`` and ``do RULE``
steps run an :class:`EffectRule`, ``choose RULE`` steps a :class:`ChoiceRule`.

A rule is a small module in this package that registers itself with
:func:`effect` or :func:`choice`; a game declares ``"do remove-lowest-row"`` or
``"choose declare"`` and the engine runs it.  Rules write what they decide to
``hand.situation`` (:class:`pokerbook.engine.situation.Situation`) and log what
happened with ``hand.log(...)``.  Adding a game that needs a new mechanism means
adding a rule here, never a special case in the engine.

Each rule declares the words it takes (:func:`takes`, in
:mod:`~pokerbook.engine.rules.arguments`), so a game's file is checked when it is read:
an unknown rule or a bad word is refused then, not when a hand reaches the step.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from pokerbook.engine.rules.arguments import Param, RuleKind, check_arguments, takes, usage
from pokerbook.registry import Registry

if TYPE_CHECKING:
    from pokerbook.engine.events import Event
    from pokerbook.engine.state import HandState

__all__ = [
    "CHOICES",
    "EFFECTS",
    "ChoiceRule",
    "EffectRule",
    "Param",
    "RevealingChoice",
    "RuleKind",
    "check_arguments",
    "choice",
    "choice_rule",
    "effect",
    "effect_rule",
    "takes",
    "usage",
    "uses_wild_cards",
]

EffectRule = Callable[["HandState", tuple[str, ...]], None]
#: where the rules and their words are listed for a reader
_LISTS = "docs/engine.md lists them"


class ChoiceRule(Protocol):
    """A decision players make in turn: who decides, from what, and what it does."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """The seats that choose, in order (default: live seats from the button's left)."""
        ...

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> Sequence[str]:
        """What ``seat`` may choose now (each option a short word or card text): a
        tuple, or a sequence that writes its options only when asked for (the orders of
        some cards, :class:`pokerbook.engine.rules.orders.Orders`)."""
        ...

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """Carry out ``seat``'s choice (already checked to be one of the options)."""
        ...


class RevealingChoice(ChoiceRule, Protocol):
    """A choice every player makes in secret, all shown together (a chip declare,
    Roll Your Own): ``apply`` keeps each choice hidden, and the engine calls
    ``reveal`` once the last chooser has chosen."""

    def reveal(self, hand: HandState, args: tuple[str, ...]) -> list[Event]:
        """Carry out every hidden choice; the events, in order."""
        ...


def _load_rules() -> None:
    """Import every rule module of this package (each registers itself)."""
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


_LOAD_ONCE: list[bool] = []


def _load() -> None:
    if not _LOAD_ONCE:
        _LOAD_ONCE.append(True)
        _load_rules()


#: the dealer's rules: ``do RULE`` steps (and ``roll N``, the ``roll`` rule); names are
#: exact, as the words of a step are
EFFECTS: Registry[EffectRule] = Registry("'do' rule", lists=_LISTS, normalise=str, load=_load)
#: the players' choices: ``choose RULE`` steps
CHOICES: Registry[ChoiceRule] = Registry("'choose' rule", lists=_LISTS, normalise=str, load=_load)
#: rules that make cards wild during the hand (a house may deal no wild-card games)
WILD_RULES: set[str] = set()


def uses_wild_cards(steps: tuple[object, ...], share_wilds: bool) -> bool:
    """Whether a game plays with wild cards: a share's own, or a rule that decides them."""
    _load()
    return share_wilds or any(getattr(step, "rule", None) in WILD_RULES for step in steps)


#: rules that post the stakes' blinds during the hand (Jackson's lowball round): an
#: ante game with one of them has a use for blinds in its stakes
BLIND_RULES: set[str] = set()


def posts_blinds(steps: tuple[object, ...]) -> bool:
    """Whether a game's steps include a rule that posts the stakes' blinds."""
    _load()
    return any(getattr(step, "rule", None) in BLIND_RULES for step in steps)


def effect(name: str) -> Callable[[EffectRule], EffectRule]:
    """Register a function as the effect rule ``name``."""

    def register(rule: EffectRule) -> EffectRule:
        return EFFECTS.register(name, rule)

    return register


def choice(name: str, rule: ChoiceRule) -> ChoiceRule:
    """Register ``rule`` as the choice rule ``name``."""
    return CHOICES.register(name, rule)


def effect_rule(name: str) -> EffectRule:
    """The ``do`` rule ``name``, or :class:`~pokerbook.registry.UnknownNameError`."""
    return EFFECTS.get(name)


def choice_rule(name: str) -> ChoiceRule:
    """The ``choose`` rule ``name``, or :class:`~pokerbook.registry.UnknownNameError`."""
    return CHOICES.get(name)
