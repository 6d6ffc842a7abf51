"""Invariants every hand must keep, checked from the outside after any action.

:func:`check_invariants` raises :class:`InvariantError` (an ``AssertionError``)
naming the first broken invariant:

* ``chips conserved``: the starting chips equal the stacks plus the pot, and once
  the hand is over the stacks alone (every pot was paid out, to live seats only),
  or with what stays in the pot for the next deal when nobody opened;
* ``no negative amounts``: stacks, bets and contributions are never below zero;
* ``betting consistent``: nobody has more in the round than the round's top bet,
  nor more in the round than in the hand; the round counts the seats that still
  owe a decision right;
* ``turn order``: during a round, each seat's next to act (``next_up``) is the first
  seat after it, clockwise, still in with chips behind;
* ``someone to act``: a hand that is not over has a live seat to act, with at
  least one legal action, and two or more seats still in; a hand that is over has
  nobody to act;
* ``decision``: ``hand.decision`` names the kind of the legal actions (``bet``,
  ``bring-in``, ``draw``, ``discard``, ``choose``);
* ``no card twice``: no card is in two places (hands, boards, the stub, the muck)
  and, for a shuffled deck, every card of the deck is in exactly one of them;
* ``cards per seat``: each live seat holds as many cards as the steps dealt so
  far give it (draws keep the count, discards lower it), each board as many as
  were dealt to it; in games with rules that move cards, as many as its events
  gave it (``deal-hole``, ``draw``, ``receive``) less those they took (``draw``,
  ``discard``, ``give``).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import chain, compress
from operator import attrgetter, gt
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.engine.dealing import ShuffledDealer
from pokerbook.engine.events import GIVING, RECEIVING, SECOND_RUN
from pokerbook.engine.legality import legal as legal_actions
from pokerbook.games.model import (
    BetRound,
    Choice,
    DealBoard,
    DealHole,
    DiscardRound,
    Effect,
    Step,
)

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState


@mypyc_attr(native_class=False)
class InvariantError(AssertionError):
    """A hand broke an invariant; ``invariant`` names it."""

    def __init__(self, invariant: str, message: str) -> None:
        super().__init__(f"invariant broken: {invariant}: {message}")
        self.invariant = invariant


def check_invariants(hand: HandState) -> None:
    """Raise :class:`InvariantError` if ``hand`` breaks any invariant (see the module)."""
    _check_amounts(hand)
    _check_chips(hand)
    _check_betting(hand)
    _check_actor(hand)
    _check_owing(hand)
    _check_cards(hand)
    _check_card_counts(hand)


def _fail(invariant: str, message: str) -> InvariantError:
    return InvariantError(invariant, message)


def _check_amounts(hand: HandState) -> None:
    if (
        min(hand.stacks) >= 0
        and min(hand.committed) >= 0
        and min(hand.contributed) >= 0
        and min(hand.payouts) >= 0
    ):
        return
    for name, values in (
        ("stacks", hand.stacks),
        ("committed", hand.committed),
        ("contributed", hand.contributed),
        ("payouts", hand.payouts),
    ):
        if min(values) < 0:
            raise _fail("no negative amounts", f"{name} {values}")


def _check_chips(hand: HandState) -> None:
    total = sum(hand.starting_stacks) + hand.carried_in  # chips carried into the pot too
    stacks = sum(hand.stacks)
    if not hand.done:
        if stacks + hand.pot != total:
            raise _fail(
                "chips conserved",
                f"stacks {hand.stacks} + pot {hand.pot} != starting total {total}",
            )
        return
    # left in the pot for the next deal (nobody opened), or taken by the house
    carried, taken = hand.carried, hand.to_house
    if stacks + carried + taken != total:
        raise _fail(
            "chips conserved",
            f"after the hand stacks {hand.stacks} + {carried} carried + {taken} to the "
            f"house != {total}",
        )
    if sum(hand.payouts) + carried + taken != hand.pot:
        raise _fail(
            "chips conserved",
            f"paid {hand.payouts}, carried {carried} and {taken} to the house, but the "
            f"pot was {hand.pot}",
        )
    if sum(compress(hand.payouts, hand.folded)):
        # (payouts are never negative: checked first)
        paid = [s for s in range(hand.seats) if hand.folded[s] and hand.payouts[s]]
        raise _fail("chips conserved", f"folded seats {paid} were paid")


def _check_betting(hand: HandState) -> None:
    if any(map(gt, hand.committed, hand.contributed)):
        seat = next(s for s in range(hand.seats) if hand.committed[s] > hand.contributed[s])
        raise _fail(
            "betting consistent",
            f"seat {seat} has {hand.committed[seat]} in the round "
            f"but {hand.contributed[seat]} in the hand",
        )
    rnd = hand.round
    if rnd is None:
        return
    if max(hand.committed) > rnd.current:
        raise _fail(
            "betting consistent",
            f"bets {hand.committed} exceed the round's top bet {rnd.current}",
        )


def _check_owing(hand: HandState) -> None:
    """The round's count of seats owing a decision is right (the engine finds the end
    of a round by it)."""
    rnd = hand.round
    if rnd is None or hand.actor is None:
        return
    owing = [
        seat
        for seat in range(hand.seats)
        if not hand.folded[seat]
        and hand.stacks[seat] > 0
        and (rnd.acted[seat] < rnd.raise_id or hand.committed[seat] < rnd.current)
    ]
    if rnd.owing != len(owing):
        raise _fail(
            "betting consistent",
            f"the round counts {rnd.owing} seats owing a decision, not {owing}",
        )
    able = [s for s in range(hand.seats) if not hand.folded[s] and hand.stacks[s] > 0]
    if able:  # each seat's next to act: the first seat after it that can still bet
        after = [min((s for s in able if s > seat), default=able[0]) for seat in range(hand.seats)]
        if hand.next_up != after:
            raise _fail("turn order", f"the next seats to act {hand.next_up}, not {after}")


def _check_actor(hand: HandState) -> None:
    if hand.done:
        if hand.actor is not None or hand.decision is not None:
            raise _fail(
                "someone to act",
                f"the hand is over but seat {hand.actor} is to act ({hand.decision})",
            )
        return
    live = hand.live
    if len(live) < 2:
        raise _fail("someone to act", f"the hand goes on with live seats {live}")
    seat = hand.actor
    if seat is None:
        raise _fail("someone to act", "the hand is not over but nobody is to act")
    if hand.folded[seat]:
        raise _fail("someone to act", f"seat {seat} is to act but has folded")
    legal = legal_actions(hand)
    if legal is None or legal.seat != seat:
        raise _fail("someone to act", f"seat {seat} is to act but has no legal actions")
    step = hand.game.steps[hand.step]
    if isinstance(step, BetRound) and hand.stacks[seat] == 0:
        raise _fail("someone to act", f"seat {seat} is all in but is asked to bet")
    options = (
        legal.check
        or legal.call is not None
        or legal.min_to is not None
        or legal.bring_in is not None
        or legal.draw is not None
        or legal.discard is not None
        or bool(legal.choose)
    )
    if not options:
        raise _fail("someone to act", f"seat {seat} is to act with nothing it may do")
    kind = (
        "bring-in"
        if legal.bring_in is not None
        else "draw"
        if legal.draw is not None
        else "discard"
        if legal.discard is not None
        else "choose"
        if legal.choose is not None
        else "bet"
    )
    if hand.decision != kind:
        raise _fail("decision", f"seat {seat} is asked to {kind}, but decision is {hand.decision}")


def _check_cards(hand: HandState) -> None:
    hole, boards, second_run = hand.hole, hand.boards, hand.second_run
    dealer = hand.dealer
    if isinstance(dealer, ShuffledDealer):
        cards = dealer.stub + dealer.discards + second_run  # (lists joined in C)
        for held in hole:
            cards += held
        for board in boards:
            cards += board
        unique = _unique_deck(hand.game.deck)
        if unique is not None and len(cards) == len(unique) and unique == set(cards):
            return  # every card of the deck, each once
        everywhere = Counter(cards)
        expected = Counter(deck(hand.game.deck).cards)
        if everywhere != expected:
            twice = sorted(str(c) for c, n in everywhere.items() if n > expected[c])
            lost = sorted(str(c) for c, n in expected.items() if everywhere[c] < n)
            raise _fail("no card twice", f"cards seen too often {twice}, missing {lost}")
        return
    seen = Counter(chain(second_run, chain.from_iterable(hole), *boards))
    twice = sorted(str(c) for c, n in seen.items() if n > 1)
    if twice:
        raise _fail("no card twice", f"cards held twice: {twice}")


@cache
def _unique_deck(name: str) -> frozenset[Card] | None:
    """The deck's cards as a set, or None if a card appears in it more than once."""
    cards = deck(name).cards
    unique = frozenset(cards)
    return unique if len(unique) == len(cards) else None


#: a list of steps' count plan: whether rules move the cards (the counts then come
#: from the events), and for each step the cards each seat and each board hold before it
_CountPlan = tuple[bool, list[tuple[int, tuple[int, ...]]]]

_PLANS: dict[tuple[int, int], tuple[tuple[Step, ...], _CountPlan]] = {}


def _plan(steps: tuple[Step, ...], boards: int) -> _CountPlan:
    """Whether the steps move cards (:class:`Effect`, :class:`Choice`), and for each step
    index the cards each seat and each board hold before that step; kept per steps."""
    found = _PLANS.get((id(steps), boards))
    if found is not None and found[0] is steps:
        return found[1]
    dealt = 0
    sizes = [0] * boards
    plan = [(dealt, tuple(sizes))]
    for step in steps:
        if isinstance(step, DealHole):
            dealt += step.down + step.up
        elif isinstance(step, DealBoard):
            sizes[step.board] += step.count
        elif isinstance(step, DiscardRound):
            dealt -= step.count
        plan.append((dealt, tuple(sizes)))
    if len(_PLANS) > 256:
        _PLANS.clear()
    made = (any(isinstance(step, Effect | Choice) for step in steps), plan)
    _PLANS[(id(steps), boards)] = (steps, made)
    return made


def _check_card_counts(hand: HandState) -> None:
    steps = hand.game.steps
    by_events, plan = _plan(steps, len(hand.boards))
    if by_events:
        boards, expected = _counts_from_events(hand)
        _compare_counts(hand, boards, expected, "its events give")
        return
    dealt, sizes = plan[hand.step]
    boards = list(sizes)
    common = len(hand.boards[0]) - boards[0] if hand.game.stud_dealing else 0
    if common:
        # stud with too few cards left: a common card replaces one each (001 Stud r.11)
        boards[0] += common
        dealt -= common
    expected = [dealt] * hand.seats
    if hand.step_started and hand.step < len(steps):
        current = steps[hand.step]
        if isinstance(current, DiscardRound):
            for seat in range(hand.seats):
                if seat not in hand.pending:
                    expected[seat] -= current.count
    _compare_counts(hand, boards, expected, "expected")


#: the kinds of event that move cards to or from a seat or a board
_MOVING = RECEIVING | GIVING | {"deal-board"}
_KIND = attrgetter("kind")


def _counts_from_events(hand: HandState) -> tuple[list[int], list[int]]:
    """Games with rules that move cards (extra hole cards, passes, keeps): the cards
    each board and each seat's events gave it, less those they took away."""
    held = [0] * hand.seats
    boards = [0] * len(hand.boards)
    events = hand.events
    for event in compress(events, map(_MOVING.__contains__, map(_KIND, events))):
        kind, seat = event.kind, event.seat
        if seat is None:
            if kind == "deal-board" and event.detail != SECOND_RUN:
                boards[event.board] += len(event.cards)
            continue
        if kind in RECEIVING:
            held[seat] += len(event.cards)
        if kind in GIVING:
            held[seat] -= len(event.discarded)
    return boards, held


def _compare_counts(hand: HandState, boards: list[int], expected: list[int], why: str) -> None:
    """Each board and each live seat holds the cards expected, with an up/down mark each."""
    actual_boards = list(map(len, hand.boards))
    if actual_boards != boards:
        raise _fail("cards per seat", f"boards hold {actual_boards} cards, dealt {boards}")
    if (
        not any(hand.folded)  # nobody folded: every seat, compared in C
        and list(map(len, hand.hole)) == expected
        and list(map(len, hand.face_up)) == expected
    ):
        return
    for seat in hand.live:
        count = len(hand.hole[seat])
        if count != expected[seat]:
            raise _fail(
                "cards per seat", f"seat {seat} holds {count} cards, {why} {expected[seat]}"
            )
        if len(hand.face_up[seat]) != count:
            raise _fail(
                "cards per seat",
                f"seat {seat} has {len(hand.face_up[seat])} up/down marks for {count} cards",
            )
