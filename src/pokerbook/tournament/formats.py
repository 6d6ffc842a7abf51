"""The tournament formats a table deals (000 §1.3-1.6): jam-or-fold, bounties and win
the button, read from a finished hand's pots and awards.

* **Jam-or-fold** (000 §1.6): "the player has only two options for their initial
  action. They can either go all-in ("jam") or fold."  A player's *initial action*
  is their first decision in the hand that puts chips in or folds: a fold, a call, a
  bet, a raise or a completion.  Forced bets (antes, blinds, a stud bring-in) are not
  decisions, and neither is a check: a big blind checked round (nothing to call
  at their option) has made no initial action yet, and their first bet, raise,
  call or fold in a later round must be a jam or a fold.  (Under jam-or-fold the
  big blind's option with nothing to call never comes in a blind game: the others
  jam or fold, and an all-in for less than the blind with nobody else left ends the
  betting.)  The initial action must be a
  fold or all in: a bet or raise to the most the seat may (all in in no limit; the
  pot in pot limit, the most the format allows), or a call that is all in or that
  nobody can be raised past (every other player is all in).  Later actions are free.
  :class:`JamOrFold` turns a bot's other choice into a jam (anything that puts chips
  in) or keeps its fold; :func:`check_jam_or_fold` refuses a person's.
* **Bounty** (000 §1.3.1): a busted player's bounty goes to the winner of the pot
  that took their last chips, the highest pot they were in; in a split pot to the
  winner of the high (or five-card-hand) half, the game's first share; a chopped pot
  to the winner in the worst position, the first to act after the button
  (:func:`bounty_takers`).
* **Win the button** (000 §1.3.4): the player who wins the hand has the button for
  the next one; the hand's winner is the main pot's (the high half's in a split pot),
  and of a chopped pot the winner in the worst position (:func:`hand_winner`).

Seats here are the hand's own (0-based); the table maps them to its seats.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pokerbook.engine.actions import Action, parse_action
from pokerbook.engine.showdown import hand_values, pots_of

if TYPE_CHECKING:
    from pokerbook.bots.base import Policy
    from pokerbook.engine.betting import Legal
    from pokerbook.engine.events import Event
    from pokerbook.engine.hand import Hand

#: the events that are a player's initial action (000 §1.6): chips put in, or a fold
INITIAL_ACTIONS = frozenset({"fold", "call", "bet", "raise", "complete"})
_CALL = Action("call")
#: the decisions of a betting round (a stud bring-in owed: post it, or complete)
_BETTING = ("bet", "bring-in")
_RULE = "a player's initial action is all in or fold (000 §1.6, jam-or-fold)"


class JamOrFoldError(ValueError):
    """An initial action that is neither all in nor a fold, in a jam-or-fold event."""


def initial_action_pending(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` has yet to make its initial action in ``hand`` (000 §1.6):
    no fold, call, bet, raise or completion of its own so far."""
    return not any(e.seat == seat and e.kind in INITIAL_ACTIONS for e in hand.events)


def jam(legal: Legal) -> Action:
    """The seat's jam: a bet or raise to the most it may, or the call when nobody can
    be raised past (a check when there is nothing to put in)."""
    if legal.min_to is not None and legal.max_to is not None:
        return Action("bet", legal.max_to)
    if legal.call is not None:
        return _CALL
    return Action("check")


def jam_or_fold_problem(hand: Hand, action: Action | str) -> str | None:
    """Why ``action`` by the player to act breaks jam-or-fold (000 §1.6), or None."""
    seat = hand.actor
    if seat is None or hand.decision not in _BETTING or not initial_action_pending(hand, seat):
        return None
    act = parse_action(action) if isinstance(action, str) else action
    legal = hand.legal()
    if legal is None:
        return None
    kind = act.kind
    if kind in ("fold", "bring-in"):
        return None  # (the bring-in is a forced bet: not the initial action)
    if kind in ("check", "call") and legal.check and act.amount is None:
        return None  # nothing to call: a check is no initial action
    if kind == "call" and legal.call is not None:
        all_in = legal.call >= hand.stacks[seat]
        if all_in or legal.min_to is None:
            return None
    if kind in ("bet", "complete") and legal.max_to is not None:
        to = legal.min_to if act.amount is None else act.amount
        if to == legal.max_to:
            return None
    return f"seat {seat + 1}: {_RULE}; the jam here is {jam(legal)}"


def check_jam_or_fold(hand: Hand, action: Action | str) -> None:
    """Refuse (:class:`JamOrFoldError`) an initial action that is neither all in nor
    a fold (000 §1.6)."""
    problem = jam_or_fold_problem(hand, action)
    if problem is not None:
        raise JamOrFoldError(problem)


class JamOrFold:
    """A bot playing jam-or-fold (000 §1.6): its initial action is kept when it folds
    (or checks, or posts a bring-in) and turned into a jam when it puts chips in;
    later actions are the bot's own."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.name = f"{policy.name} (jam or fold)"

    def choose(self, hand: Hand, rng: random.Random) -> Action | str:
        action = self.policy.choose(hand, rng)
        if hand.decision not in _BETTING:
            return action
        seat = hand.actor
        if seat is None or not initial_action_pending(hand, seat):
            return action
        act = parse_action(action) if isinstance(action, str) else action
        if act.kind in ("fold", "bring-in"):
            return act
        legal = hand.legal()
        assert legal is not None
        if act.kind in ("check", "call") and legal.check:
            return act
        return jam(legal)


# -- who won what ------------------------------------------------------------------------
def worst_position(hand: Hand, winners: Sequence[int]) -> int:
    """Of ``winners``, the one in the worst position: the first to act after the
    button (000 §1.3.1, §1.3.4)."""
    button, seats = hand.button, hand.seats
    return min(winners, key=lambda s: (s - button - 1) % seats)


def pot_winner(hand: Hand, pot: int) -> int | None:
    """The winner of pot ``pot`` (0: the main pot) for a bounty or the button: the
    winner of the game's first share (the high or five-card-hand half, 000 §1.2.3,
    §1.3.1) that took part of it, or of a pot split because nobody qualified; among
    several (a chopped pot), the one in the worst position.  None: nobody won it."""
    awards = [e for e in hand.events if e.kind == "award" and e.pot == pot]
    if not awards:
        return None
    order = {share.name: i for i, share in enumerate(hand.plan.shares)}
    first = min(awards, key=lambda e: order.get(e.detail, len(order)))
    return worst_position(hand, _winners(first))


def _winners(event: Event) -> tuple[int, ...]:
    assert event.seat is not None
    return event.winners or (event.seat,)


def hand_winner(hand: Hand) -> int | None:
    """Who wins the button under win the button (000 §1.3.4): the main pot's winner
    (see :func:`pot_winner`); None when nobody won a pot (an unopened deal)."""
    return pot_winner(hand, 0)


def bounty_takers(hand: Hand, busted: Sequence[int]) -> dict[int, int]:
    """Each busted seat's bounty taker (000 §1.3.1): the winner of the highest pot the
    seat was in (the pot that took its last chips; the main pot if its chips were all
    dead money, a big blind ante), by :func:`pot_winner`."""
    if not busted:
        return {}
    pots = pots_of(hand, hand.live)
    out: dict[int, int] = {}
    for seat in busted:
        highest = max((i for i, pot in enumerate(pots) if seat in pot.eligible), default=0)
        taker = pot_winner(hand, highest)
        if taker is None:
            taker = pot_winner(hand, 0)
        if taker is not None:
            out[seat] = taker
    return out


def showdown_ranks(hand: Hand) -> dict[int, int]:
    """A number for each seat, higher for the better hand at the end (004 r.109's best
    hand): the seats at the showdown ranked densely from 1 by their values on the
    game's shares in order (the high or five-card hand first; a share a hand does not
    qualify for counts lowest), the seat left alone when the others fold ranked 1, and
    every folded seat 0."""
    ranks = dict.fromkeys(range(hand.seats), 0)
    live = hand.live
    if len(live) == 1:
        ranks[live[0]] = 1
        return ranks
    keys = {
        seat: tuple((0, 0) if v is None else (1, v.value) for v in hand_values(hand, seat))
        for seat in live
    }
    distinct = sorted(set(keys.values()))
    for seat, key in keys.items():
        ranks[seat] = distinct.index(key) + 1
    return ranks
