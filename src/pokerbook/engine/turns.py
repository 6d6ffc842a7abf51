"""Turn order: who acts first in a betting round, who acts next, and what they decide.

The first to act is the seat after the blinds (or after the button), the stud
bring-in or best hand showing, a seat a kill moves (004 r.10), a rule's choice, or
the opener after the draw.  The next to act is the next seat still owing a
decision; :func:`decide` names the kind of decision pending.  Every function reads
a :class:`HandState`; those that start an order set its ``cycle`` or the round's
bring-in seat.
"""

from __future__ import annotations

from pokerbook.engine.betting import Round
from pokerbook.engine.legality import owes_bring_in
from pokerbook.engine.plan import CHOICE, DRAW
from pokerbook.engine.state import HandState
from pokerbook.games.bring_in import bring_in_key


def first_to_act(state: HandState, rnd: Round) -> int:
    """The seat that acts first in the round starting (stud: the bring-in seat is set
    on ``rnd``)."""
    chosen = state.situation.first_to_act
    if chosen is not None:
        state.situation.first_to_act = None  # a rule's choice, for this round only
        return chosen
    plan = state.plan
    if state.street == 1:
        moved = state.first_to_act
        if moved is not None:
            if plan.is_stud and state.game.bring_in:
                rnd.bring_in_seat = moved
            return moved
        if plan.is_stud:
            if state.game.bring_in:
                seat = bring_in_seat(state)
                rnd.bring_in_seat = seat
                return seat
            return best_showing(state)
        if state.after_blinds_seat is not None:
            return state.after_blinds_seat  # the seat after the last blind
        return state.seating.after_button
    if plan.is_stud or state.game.first_to_act:
        return best_showing(state)  # (stud dealt with blinds: Mississippi, 000 §2.38)
    if state.opener is not None and state.can_act(state.opener):
        return state.opener  # the opener acts first after the draw (001 Draw High)
    return state.seating.after_button


def bring_in_seat(state: HandState) -> int:
    """The seat whose up card brings in (the lowest, or as the game or house says)."""
    kind = state.plan.bring_in or "low"
    up = state.up
    live = [s for s in state.live if up[s]]
    return max(live, key=lambda seat: bring_in_key(kind, up[seat][-1]))


def best_showing(state: HandState) -> int:
    """Stud after the first round: the best hand showing acts first (ties: the
    first such seat left of the button)."""
    best_of = state.plan.first_scale.best
    order = state.from_left
    folded, stacks, up = state.folded, state.stacks, state.up
    candidates = [s for s in order if not folded[s] and stacks[s] > 0] or [
        s for s in order if not folded[s]
    ]
    best_seat, best = candidates[0], -1
    for seat in candidates:
        value = best_of(up[seat])
        if value > best:
            best_seat, best = seat, value
    return best_seat


def open_pair_showing(state: HandState) -> bool:
    """Whether an open pair shows on fourth street, in a game where it lets a player
    bet the big bet (001 Stud r.4)."""
    if not (state.plan.open_pair_double and state.street == 1):
        return False
    for seat in state.live:
        ranks = [c.rank for c in state.up_cards(seat)]
        if len(ranks) != len(set(ranks)):
            return True
    return False


def first_round_cycle(state: HandState, first: int, last: int) -> list[int]:
    """The first round's order with seat ``last`` moved to the end (a kill blind "bets
    last", 004 r.10), starting from ``first``."""
    if first == last:
        first = (first + 1) % state.seats
    cycle = state.order_from(first)
    cycle.remove(last)
    cycle.append(last)
    return cycle


def next_actor(state: HandState, after: int, rnd: Round) -> int | None:
    """The first seat after ``after`` (``after`` itself last) that still owes a
    decision this round."""
    folded, stacks, committed = state.folded, state.stacks, state.committed
    acted, raise_id, current = rnd.acted, rnd.raise_id, rnd.current
    cycle = state.cycle
    if cycle is not None:  # a seat moved in the first round's order
        n = state.seats
        start = cycle.index(after)
        for i in range(1, n + 1):
            seat = cycle[(start + i) % n]
            if folded[seat] or stacks[seat] <= 0:
                continue
            if acted[seat] < raise_id or committed[seat] < current:
                return seat
        return None
    left = state.left
    seat = after
    for _ in range(state.seats):
        seat = left[seat]
        if folded[seat] or stacks[seat] <= 0:  # cannot act
            continue
        if acted[seat] < raise_id or committed[seat] < current:
            return seat
    return None


def first_able(state: HandState) -> int:
    """The first seat still in with chips behind."""
    stacks = state.stacks
    return next(s for s, out in enumerate(state.folded) if not out and stacks[s] > 0)


def nobody_to_bet_against(state: HandState, seat: int) -> bool:
    """Whether ``seat``, the last with chips behind, already matches every stake."""
    committed = state.committed
    facing = max(c for s, c in enumerate(committed) if s != seat)
    return committed[seat] >= facing


def decide(state: HandState) -> None:
    """Set ``decision`` for the seat now to act (after ``actor`` changed; within a
    round, and within a draw, it stays what it was)."""
    seat = state.actor
    rnd = state.round
    if seat is None:
        state.decision = None
    elif rnd is None:
        kind = state.plan.kinds[state.step]
        state.decision = "draw" if kind == DRAW else ("choose" if kind == CHOICE else "discard")
    elif owes_bring_in(state, seat, rnd):
        state.decision = "bring-in"
    else:
        state.decision = "bet"
