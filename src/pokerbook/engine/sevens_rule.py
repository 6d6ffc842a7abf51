"""The Sevens Rule of limit ace-to-five lowball (000 App.B; 002 App.B; 001 Ace-to-Five r.4).

After the draw a player holding a seven or better must bet it.  A player who
breaks the rule "cannot win any action after the draw":

* **checking** a seven or better (possible only when nobody has bet yet) voids
  all the action that follows: if that hand is the best at the showdown, every
  chip put in after the draw goes back to the player who put it in, and the hand
  wins the pot as it stood before the draw;
* **just calling** an all-in bet smaller than a full bet (000; "less than half a
  bet", 001: the house's ``sevens_rule_short_bet``) with a seven or better wins
  that bet, but the action behind it is void: whoever called or raised after gets
  the chips back "unless he has you beat" (000 App.B's example, rules.md E-7: the
  wheel wins the first $80 and the $15 all-in and its call, and the $120 the two
  players behind put in goes back to them).

Either way a hand that is beaten loses as usual (001: "you lose the pot and any
additional calls you make").  A player who breaks the rule more than once is held
to the first time.  The rule is read from the last betting round's events, after
the uncalled bet has gone back: nothing is tracked while the hand is played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerbook.engine.events import Event
from pokerbook.engine.showdown import hand_values
from pokerbook.evaluation.qualifiers import get_qualifier
from pokerbook.evaluation.value import HandValue

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

#: the hands the rule covers (000 App.A: 21 ace-to-five hands are a seven or better)
SEVEN_OR_BETTER = get_qualifier("7-or-better")
#: the ``detail`` of the ``return`` events the rule makes
DETAIL = "sevens rule"


def _values(hand: HandState) -> dict[int, HandValue]:
    """Each live seat's hand on the game's (low) share, as the showdown values it."""
    values = {seat: hand_values(hand, seat)[0] for seat in hand.live}
    return {seat: value for seat, value in values.items() if value is not None}


def _read_last_round(hand: HandState, sevens: set[int]) -> tuple[dict[int, list[int]], list[int]]:
    """Walk the last betting round: for each seat of ``sevens`` that broke the rule,
    every seat's chips in the round at the moment it did (the action after that is
    void for it); and every seat's chips in the round at its end, after any uncalled
    bet went back."""
    events = hand.events
    start = max(i for i, e in enumerate(events) if e.kind == "street")
    full = hand.stakes.bet_size(events[start].detail)
    short = full if hand.house.sevens_rule_short_bet == "full" else (full + 1) // 2
    put_in = [0] * hand.seats
    broken: dict[int, list[int]] = {}
    for event in events[start + 1 :]:
        seat, kind = event.seat, event.kind
        if seat is None:
            continue
        facing = max(put_in)
        if kind == "call":
            put_in[seat] += event.amount
        elif kind in ("bet", "raise", "complete"):
            put_in[seat] = event.amount
        elif kind == "return":
            put_in[seat] -= event.amount
        breaks = kind == "check" or (kind == "call" and 0 < facing < short)
        if breaks and seat in sevens and seat not in broken:
            broken[seat] = list(put_in)
    return broken, put_in


def sevens_rule_refunds(hand: HandState) -> list[int]:
    """The chips each seat takes back before the showdown under the Sevens Rule (all
    zero unless a player who broke it has the best hand at the showdown)."""
    refunds = [0] * hand.seats
    if hand.in_hand < 2:
        return refunds
    values = _values(hand)
    sevens = {seat for seat, value in values.items() if SEVEN_OR_BETTER(value)}
    if not sevens:
        return refunds
    broken, final = _read_last_round(hand, sevens)
    best = max(values.values())
    culprits = [seat for seat in broken if values[seat] == best]
    if not culprits:
        return refunds
    at_violation = broken[culprits[0]]
    return [max(0, now - then) for now, then in zip(final, at_violation, strict=True)]


def apply_sevens_rule(hand: HandState) -> list[Event]:
    """Give back the chips the rule voids; the ``return`` events, one per seat paid."""
    events: list[Event] = []
    for seat, chips in enumerate(sevens_rule_refunds(hand)):
        if chips:
            hand.stacks[seat] += chips
            hand.contributed[seat] -= chips
            events.append(Event("return", seat, chips, detail=DETAIL))
    return events
