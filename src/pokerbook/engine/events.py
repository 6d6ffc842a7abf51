"""Events: every change to a hand is one appended to its log."""

from __future__ import annotations

from typing import Any, NamedTuple

from pokerbook.cards.card import Card

#: event kinds whose ``cards`` a seat received, and whose ``discarded`` it gave up: a
#: rule that moves cards between seats or to the muck logs ``receive`` and ``give``
RECEIVING = frozenset({"deal-hole", "draw", "receive"})
GIVING = frozenset({"draw", "discard", "give"})
#: the ``detail`` of a ``deal-board`` event that deals the second run of a board run twice
SECOND_RUN = "run 2"


class Event(NamedTuple):
    """One thing that happened.

    ``kind`` is one of: ``ante``, ``blind``, ``bring-in``, ``deal-hole``, ``deal-board``,
    ``burn``, ``fold``, ``check``, ``call``, ``bet``, ``raise``, ``complete``, ``draw``,
    ``discard``, ``return`` (an uncalled bet), ``street`` (a betting round begins),
    ``show``, ``muck``, ``award``, ``roll`` (a die: ``amount``), ``choice`` (a
    player's choice: ``detail`` is the option), ``no-opener``, ``bomb-pot`` (the first
    betting round skipped), ``run-twice`` (the rest of the board will be dealt twice;
    the second run's cards are ``deal-board`` events with ``detail`` "run 2", and an
    ``award``'s ``board`` is its run, 0 or 1), ``house-takes`` (the pot leaves the
    table: ``amount``), and the events of
    the game rules (:mod:`pokerbook.engine.rules`).  ``amount`` is chips moved (for
    ``bet``/``raise``/``complete`` the total the seat has in this round); ``cards`` the
    cards concerned
    (for ``draw``, the new cards; ``discarded`` the old ones); ``up`` says which dealt
    cards are face up.  Events are immutable tuples (cheap to make: a hand logs dozens).
    """

    kind: str
    seat: int | None = None
    amount: int = 0
    cards: tuple[Card, ...] = ()
    up: tuple[bool, ...] = ()
    discarded: tuple[Card, ...] = ()
    board: int = 0
    all_in: bool = False
    detail: str = ""
    pot: int = 0
    winners: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.amount:
            out["amount"] = self.amount
        if self.cards:
            out["cards"] = " ".join(str(c) for c in self.cards)
        if self.up:
            out["up"] = list(self.up)
        if self.discarded:
            out["discarded"] = " ".join(str(c) for c in self.discarded)
        if self.board:
            out["board"] = self.board
        if self.all_in:
            out["all_in"] = True
        if self.detail:
            out["detail"] = self.detail
        if self.kind == "award":
            out["pot"] = self.pot
        return out
