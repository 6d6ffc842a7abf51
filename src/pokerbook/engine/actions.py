"""Player actions and their text form.

Text follows the PHH action codes where they exist: ``f`` fold, ``cc`` check or
call, ``cbr N`` bet, raise or complete to N (the seat's total in the round),
``pb`` post the bring-in, ``sd`` stand pat / ``sd 7s8s`` discard and draw,
``dc 7s`` discard without replacement, ``sm`` / ``sm AsKd`` muck / show.
Words work too: ``fold``, ``check``, ``call``, ``bet 100``, ``raise 300``,
``complete``, ``bring-in``, ``draw 7s 8s``, ``stand``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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


@dataclass(frozen=True, slots=True)
class Action:
    """One decision.  ``amount`` is the total the seat will have in the round for
    ``bet`` (which covers raises); ``cards`` the cards thrown for draws and discards."""

    kind: Kind
    amount: int | None = None
    cards: tuple[Card, ...] = ()
    option: str = ""  # ``choose``: the option chosen

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


FOLD = Action("fold")
CHECK = Action("check")
CALL = Action("call")


def bet(amount: int) -> Action:
    return Action("bet", amount)


def draw(cards: str | tuple[Card, ...] = ()) -> Action:
    return Action("draw", None, parse(cards) if isinstance(cards, str) else cards)


def parse_action(text: str) -> Action:
    """Read an action from text (see the module docs)."""
    words = text.strip().split(maxsplit=1)
    if not words:
        raise ValueError("empty action")
    head = words[0].lower()
    rest = words[1] if len(words) > 1 else ""
    if head in ("f", "fold"):
        return FOLD
    if head == "cc":
        return Action("call")
    if head == "check":
        return CHECK
    if head == "call":
        return CALL
    if head in ("cbr", "bet", "raise", "b", "r"):
        if not rest:
            if head == "cbr":
                return Action("complete")
            raise ValueError(f"{text!r}: say how much, e.g. '{head} 100' (the total in the round)")
        try:
            return Action("bet", int(rest))
        except ValueError:
            raise ValueError(f"{text!r}: the amount must be a whole number of chips") from None
    if head == "complete":
        return Action("complete", int(rest) if rest else None)
    if head in ("pb", "bring-in", "bringin"):
        return Action("bring-in")
    if head in ("sd", "draw", "stand", "pat"):
        return Action("draw", None, parse(rest) if rest else ())
    if head in ("dc", "discard"):
        return Action("discard", None, parse(rest))
    if head in ("ch", "choose"):
        if not rest:
            raise ValueError(f"{text!r}: say what you choose, e.g. 'ch high'")
        return Action("choose", option=rest.strip())
    if head in ("sm", "show", "muck"):
        if head == "muck" or (head == "sm" and not rest):
            return Action("muck")
        return Action("show", None, parse(rest) if rest else ())
    raise ValueError(
        f"cannot read action {text!r}: use fold, check, call, bet N, raise N, complete, "
        "bring-in, draw CARDS, stand, discard CARDS, choose OPTION, show, muck (or the PHH "
        "codes f, cc, cbr N, pb, sd, dc, sm; ch OPTION)"
    )
