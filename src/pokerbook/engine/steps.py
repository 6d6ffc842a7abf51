"""The steps :meth:`Hand._advance <pokerbook.engine.hand.Hand._advance>` does not run
itself: dealing hole and board cards, a dealer's rule (``do``) and a choice
(``choose``).  Each handler runs step ``index`` of a hand (or carries on with it)
and says whether a player is now to decide; :data:`STEPS` holds them by the step's
kind (:mod:`pokerbook.engine.plan`'s numbers)."""

from __future__ import annotations

from collections.abc import Callable

from pokerbook.engine.events import Event
from pokerbook.engine.plan import BET, BOARD, CHOICE, DISCARD, DRAW, EFFECT, HOLE
from pokerbook.engine.rules import choice_rule, effect_rule
from pokerbook.engine.run_twice import start_run_twice
from pokerbook.engine.state import HandState
from pokerbook.engine.turns import decide
from pokerbook.games.model import Choice, DealBoard, DealHole, Effect

_new = tuple.__new__  # an Event from all its fields: the hot paths skip the keyword defaults


def choice_step(hand: HandState, index: int) -> bool:
    if not hand.step_started:
        choice: Choice = hand.game.steps[index]  # type: ignore[assignment]
        hand.step_started = True
        hand.pending = choice_rule(choice.rule).choosers(hand, choice.args)
    if hand.pending:
        hand.actor = hand.pending[0]
        decide(hand)
        return True
    return False


def effect_step(hand: HandState, index: int) -> bool:
    done: Effect = hand.game.steps[index]  # type: ignore[assignment]
    effect_rule(done.rule)(hand, done.args)
    return False


def deal_hole(hand: HandState, index: int) -> bool:
    step: DealHole = hand.game.steps[index]  # type: ignore[assignment]
    live = hand.live_from_left()
    count = step.down + step.up
    if hand.plan.stud_dealing and count == 1 and hand.dealer.remaining() < len(live):
        # not enough cards for everyone: one community card plays for all (001 Stud r.11)
        cards = hand.dealer.deal(None, 1)
        hand.boards[0].extend(cards)
        hand.log(Event("deal-board", None, cards=tuple(cards), detail="common card"))
        return False
    down = step.down
    up = (False,) * down + (True,) * step.up
    log = hand.events.append
    hole, face_up, ups = hand.hole, hand.face_up, hand.up
    for seat, mine in zip(live, hand.dealer.deal_each(live, count), strict=True):
        hole[seat].extend(mine)
        face_up[seat].extend(up)
        if step.up:
            ups[seat].extend(mine[down:])
        log(_new(Event, ("deal-hole", seat, 0, mine, up, (), 0, False, "", 0, ())))
    return False


def deal_board(hand: HandState, index: int) -> bool:
    step: DealBoard = hand.game.steps[index]  # type: ignore[assignment]
    if hand.run_twice and hand.runout_from is None and hand.able <= 1:
        start_run_twice(hand, index)
    if step.burn:
        hand.dealer.burn()
    cards = tuple(hand.dealer.deal(None, step.count))
    hand.boards[step.board].extend(cards)
    hand.events.append(
        _new(Event, ("deal-board", None, 0, cards, (), (), step.board, False, "", 0, ()))
    )
    return False


def _not_here(hand: HandState, index: int) -> bool:
    raise AssertionError(f"step {index} is run by Hand._advance itself")


_HANDLERS: dict[int, Callable[[HandState, int], bool]] = {
    HOLE: deal_hole,
    BOARD: deal_board,
    BET: _not_here,
    DRAW: _not_here,
    DISCARD: _not_here,
    EFFECT: effect_step,
    CHOICE: choice_step,
}
#: each kind of step's handler, by kind
STEPS = tuple(_HANDLERS[kind] for kind in range(len(_HANDLERS)))
