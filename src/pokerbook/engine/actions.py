"""Player actions and their text form.

Text follows the PHH action codes where they exist: ``f`` fold, ``cc`` check or
call, ``cbr N`` bet, raise or complete to N (the seat's total in the round),
``pb`` post the bring-in, ``sd`` stand pat / ``sd 7s8s`` discard and draw,
``dc 7s`` discard without replacement, ``sm`` / ``sm AsKd`` muck / show.
Words work too: ``fold``, ``check``, ``call`` (``call 2``: the amount to call, which
must be the call), ``bet 100``, ``raise 300`` (``raise to 300``), ``complete``,
``bring-in``, ``draw 7s 8s``, ``stand``.  Anything else after a word is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pokerbook.cards.card import Card
from pokerbook.cards.notation import format_cards, parse

Kind = Literal[
    "fold",
    "check",
    "call",
    "bet",
    "bring-in",
    "complete",
    "draw",
    "discard",
    "show",
    "muck",
    "choose",
]


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One decision.  ``amount`` is the total the seat will have in the round for
    ``bet`` (which covers raises), and for ``call`` the chips the player says the call
    is (None: whatever it is); ``cards`` the cards thrown for draws and discards."""

    kind: Kind
    amount: int | None = None
    cards: tuple[Card, ...] = ()
    option: str = ""  # ``choose``: the option chosen

    def __init__(
        self, kind: Kind, amount: int | None = None, cards: tuple[Card, ...] = (), option: str = ""
    ) -> None:
        # each field through its slot (bots make an action a decision: the dataclass's
        # own frozen __init__ goes through object.__setattr__, twice as slow)
        _set_kind(self, kind)
        _set_amount(self, amount)
        _set_cards(self, cards)
        _set_option(self, option)

    def __str__(self) -> str:
        if self.kind == "fold":
            return "f"
        if self.kind in ("check", "call"):
            return "cc"
        if self.kind == "bet":
            return f"cbr {self.amount}"
        if self.kind == "complete":
            return "cbr" if self.amount is None else f"cbr {self.amount}"
        if self.kind == "bring-in":
            return "pb"
        if self.kind == "draw":
            return f"sd {format_cards(self.cards).replace(' ', '')}".rstrip()
        if self.kind == "discard":
            return f"dc {format_cards(self.cards).replace(' ', '')}"
        if self.kind == "choose":
            return f"ch {self.option}"
        if self.kind == "show":
            return f"sm {format_cards(self.cards).replace(' ', '')}".rstrip()
        return "sm"


_slots: Mapping[str, Any] = vars(Action)  # each field's slot (a member descriptor)
_set_kind = _slots["kind"].__set__
_set_amount = _slots["amount"].__set__
_set_cards = _slots["cards"].__set__
_set_option = _slots["option"].__set__

FOLD = Action("fold")
CHECK = Action("check")
CALL = Action("call")


def bet(amount: int) -> Action:
    return Action("bet", amount)


def draw(cards: str | tuple[Card, ...] = ()) -> Action:
    return Action("draw", None, parse(cards) if isinstance(cards, str) else cards)


#: what every action looks like (for errors)
ACTION_SYNTAX = (
    "use fold, check, call (or call N, the amount to call), bet N, raise N (or raise to N), "
    "complete, bring-in, draw CARDS, stand, discard CARDS, choose OPTION, show, muck (or the "
    "PHH codes f, cc, cbr N, pb, sd, dc, sm; ch OPTION)"
)

#: words that are a whole action on their own, nothing after them
_ALONE: dict[str, Action] = {
    "f": FOLD,
    "fold": FOLD,
    "cc": CALL,
    "check": CHECK,
    "pb": Action("bring-in"),
    "bring-in": Action("bring-in"),
    "bringin": Action("bring-in"),
    "stand": Action("draw"),
    "pat": Action("draw"),
    "muck": Action("muck"),
}
_BET_WORDS = frozenset({"cbr", "bet", "raise", "b", "r"})


def _chips(text: str, head: str, rest: str) -> int:
    """The amount after an action word (``raise to 20`` reads as ``raise 20``)."""
    words = rest.split()
    if words and words[0].lower() == "to":
        words = words[1:]
    if len(words) != 1 or not words[0].isdigit():
        raise ValueError(
            f"{text!r}: the amount must be one whole number of chips, e.g. '{head} 20'"
        )
    return int(words[0])


def _bet(head: str, rest: str, text: str) -> Action:
    if rest:
        return Action("bet", _chips(text, head, rest))
    if head == "cbr":
        return Action("complete")
    raise ValueError(f"{text!r}: say how much, e.g. '{head} 100' (the total in the round)")


def _call(head: str, rest: str, text: str) -> Action:
    # ``call N`` keeps N, so that a wrong amount is refused rather than ignored
    return Action("call", _chips(text, head, rest)) if rest else CALL


def _complete(head: str, rest: str, text: str) -> Action:
    return Action("complete", _chips(text, head, rest) if rest else None)


def _draw(head: str, rest: str, text: str) -> Action:
    return Action("draw", None, parse(rest) if rest else ())


def _discard(head: str, rest: str, text: str) -> Action:
    return Action("discard", None, parse(rest))


def _choose(head: str, rest: str, text: str) -> Action:
    if not rest:
        raise ValueError(f"{text!r}: say what you choose, e.g. 'ch high'")
    return Action("choose", option=rest)


def _show(head: str, rest: str, text: str) -> Action:
    if head == "sm" and not rest:
        return Action("muck")
    return Action("show", None, parse(rest) if rest else ())


_READERS: dict[str, Callable[[str, str, str], Action]] = {
    **dict.fromkeys(_BET_WORDS, _bet),
    "call": _call,
    "complete": _complete,
    "sd": _draw,
    "draw": _draw,
    "dc": _discard,
    "discard": _discard,
    "ch": _choose,
    "choose": _choose,
    "sm": _show,
    "show": _show,
}


def parse_action(text: str) -> Action:
    """Read an action from text (see the module docs).  Words that take nothing after
    them refuse anything after them (``fold now``, ``cc extra``)."""
    words = text.strip().split(maxsplit=1)
    if not words:
        raise ValueError(f"empty action: {ACTION_SYNTAX}")
    head = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    alone = _ALONE.get(head)
    if alone is not None:
        if rest:
            raise ValueError(f"{text!r}: {head!r} takes nothing after it, not {rest!r}")
        return alone
    reader = _READERS.get(head)
    if reader is None:
        raise ValueError(f"cannot read action {text!r}: {ACTION_SYNTAX}")
    return reader(head, rest, text)
