"""Two agreements a table may make for one hand: a bomb pot and running it twice.

* **Bomb pot** (000 §1.4): "all players post an ante pre-flop, and there is no
  pre-flop betting.  Instead, the three-card flop is dealt and action commences with
  the player to the left of the button.  The minimum bet size is the size of the
  ante."  :func:`pokerbook.engine.setup.check_bomb_pot` says which games can be
  played so: those with blinds and no openers, whose first betting round is the one
  skipped (``HandSetup(bomb_pot=...)``).
* **Running it twice** (001 Procedures r.14: "The players are allowed to agree to
  deal twice (or three times) when someone is all-in.  'Dealing twice' means the pot
  is divided in two, with each portion being dealt for separately"; 000 Glossary;
  004 r.26j forbids it).  With ``HandSetup(run_twice=True)``, when the betting is over
  with cards still to come on a single board, :func:`start_run_twice` marks the
  run-out; the first run is dealt as usual, and at the end :func:`settle_twice`
  deals the second run from the same deck and awards each pot half on each run,
  the odd chip to the first run.  Games that deal more than board cards after the
  betting ends (stud, draws, rules that change the hand) are dealt once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerbook.cards.card import Card
from pokerbook.engine.events import SECOND_RUN, Event
from pokerbook.engine.plan import BET, BOARD
from pokerbook.engine.pots import Pot
from pokerbook.engine.showdown import award, pot_awards, pots_of, raw_values, showdown_order
from pokerbook.games.model import DealBoard

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

__all__ = [
    "second_board",
    "settle_twice",
    "start_run_twice",
]


def start_run_twice(hand: HandState, step: int) -> None:
    """At board step ``step`` with no betting left: mark the run-out if only board
    cards (and betting rounds nobody can act in) remain on a single board."""
    plan = hand.plan
    if plan.boards != 1 or not hand.situation.plain:
        return
    if any(kind not in (BOARD, BET) for kind in plan.kinds[step:]):
        return
    hand.runout_from = len(hand.boards[0])
    hand.log(Event("run-twice", None, len(hand.boards[0]), detail="the board is run twice"))


def second_board(hand: HandState) -> list[Card]:
    """The board of the second run: the cards before the run-out, then its own."""
    shared = hand.boards[0][: hand.runout_from or 0]
    return [*shared, *hand.second_run]


def settle_twice(hand: HandState) -> list[Event]:
    """Deal the second run and award every pot, half on each run (the odd chip, in the
    smallest chip in play, to the first).  Every live hand is shown."""
    assert hand.runout_from is not None
    events: list[Event] = []
    dealt = 0
    for step in hand.game.steps:
        if type(step) is not DealBoard:
            continue
        if dealt >= hand.runout_from:
            if step.burn:
                hand.dealer.burn()
            cards = tuple(hand.dealer.deal(None, step.count))
            hand.second_run.extend(cards)
            events.append(Event("deal-board", None, cards=cards, detail=SECOND_RUN))
        dealt += step.count
    live = hand.live
    for seat in showdown_order(hand, live):
        events.append(Event("show", seat, cards=tuple(hand.hole[seat])))
        hand.shown.add(seat)
    pots = pots_of(hand, live)
    chip = hand.stakes.chip
    for run, board in enumerate((list(hand.boards[0]), second_board(hand))):
        boards = [board]
        values = {seat: raw_values(hand, seat, boards) for seat in live}
        for index, pot in enumerate(pots):
            second_half = pot.amount // (2 * chip) * chip
            part = Pot(second_half if run else pot.amount - second_half, pot.eligible)
            if not part.amount:
                continue
            awards = pot_awards(hand, part, values, boards)
            events.extend(e._replace(board=run) for e in award(hand, index, part, awards))
    return events
