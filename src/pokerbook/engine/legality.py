"""What the player to act may do: :func:`legal` and the bounds it is made of.

Folding, checking, calling, the bring-in, the smallest and largest bet or raise
(limit sizes and the raise cap, pot limit with the small blind's credit, Overs
buttons lifting a limit, whole chips), openers, and the draws, discards and
choices outside betting.  Every function reads a :class:`HandState` and changes
nothing but :func:`legal`'s cache.
"""

from __future__ import annotations

from pokerbook.engine.betting import Legal, Round
from pokerbook.engine.plan import CHOICE, DISCARD, DRAW
from pokerbook.engine.rules import choice_rule
from pokerbook.engine.state import HandState
from pokerbook.evaluation.qualifiers import get_qualifier
from pokerbook.evaluation.scale import get_scale
from pokerbook.evaluation.value import HandValue
from pokerbook.games.model import Choice, DiscardRound, DrawRound, Step

_BET_KINDS = frozenset({"bet", "raise", "complete", "bring-in"})


def legal(state: HandState) -> Legal | None:
    """What the player to act may do, or None when nobody is to act.

    The answer is kept until the hand changes: treat it as read-only."""
    at = len(state.events)
    if state.legal_at == at:
        return state.legal_cache
    found = state.legal_cache = compute_legal(state)
    state.legal_at = at
    return found


def compute_legal(state: HandState) -> Legal | None:
    """:func:`legal` made afresh (no cache)."""
    seat = state.actor
    if seat is None or state.done:
        return None
    if state.plan.kinds[state.step] in (DRAW, DISCARD, CHOICE):
        return legal_outside_betting(state, seat, state.game.steps[state.step])
    rnd = state.round
    assert rnd is not None
    committed, stack = state.committed[seat], state.stacks[seat]
    legal = Legal(seat)
    if owes_bring_in(state, seat, rnd):
        legal.fold = False
        legal.bring_in = min(state.stakes.bring_in, stack)
        bounds = raise_bounds(state, seat, rnd)
        legal.min_to, legal.max_to = bounds if bounds else (None, None)
        return legal
    to_call = rnd.current - committed
    if to_call <= 0:
        legal.check = True
    elif not (rnd.no_limp == rnd.current and to_call < stack):
        legal.call = min(to_call, stack)  # (no limping: only all in)
    if may_raise(state, seat, rnd):
        bounds = raise_bounds(state, seat, rnd)
        if bounds is not None:
            legal.min_to, legal.max_to = bounds
            if (
                state.stakes.format == "limit"
                and bounds[0] != bounds[1]
                and not (state.limit_overs and state.overs_pot)
            ):
                legal.sizes = bounds
    return legal


def may_raise(state: HandState, seat: int, rnd: Round) -> bool:
    """Whether the betting is open to ``seat`` for a bet or raise: not capped, not a
    check-raise a game forbids, not an opening without openers."""
    check_raise_banned = (
        state.game.no_check_raise_in_limit
        and state.stakes.format == "limit"
        and checked_this_round(state, seat)
    )
    if not rnd.may_raise(seat) or check_raise_banned:
        return False
    if state.game.openers and lacks_openers(state, seat):
        return False  # may check or fold, not open (001 JoB r.1)
    # no raise yet: no cap can bite, so the cap (a count of seats) is not needed
    return not (rnd.capped or (rnd.raises > 0 and rnd.is_capped(cap(state))))


def owes_bring_in(state: HandState, seat: int, rnd: Round) -> bool:
    """Whether the seat must post the bring-in (or complete) before anything else."""
    return rnd.bring_in_seat == seat and rnd.current == 0 and state.bring_in > 0


def checked_this_round(state: HandState, seat: int) -> bool:
    """Whether the seat has checked in the current betting round (a game without
    check-raise asks; the events say, so no hand keeps track for the few that do)."""
    for event in reversed(state.events):
        if event.kind == "street":
            return False
        if event.kind == "check" and event.seat == seat:
            return True
    return False


def legal_outside_betting(state: HandState, seat: int, step: Step) -> Legal | None:
    """What the seat may do in a draw, discard or choice step."""
    if type(step) is DrawRound:
        most = min(state.plan.draw_most[state.step], len(state.hole[seat]))
        return Legal(seat, fold=False, draw=(0, most))
    if type(step) is DiscardRound:
        throwable = None
        if step.down_only:
            face_up = state.face_up[seat]
            throwable = tuple(c for i, c in enumerate(state.hole[seat]) if not face_up[i])
        return Legal(seat, fold=False, discard=step.count, throwable=throwable)
    if type(step) is Choice:
        options = choice_rule(step.rule).options(state, seat, step.args)
        return Legal(seat, fold=False, choose=options)
    return None


def lacks_openers(state: HandState, seat: int) -> bool:
    """Whether the pot is still unopened and the seat's hand cannot open it."""
    openers = state.game.openers
    if not openers or state.street != 1 or state.opener is not None:
        return False
    value = get_scale("high").best(state.hole[seat])
    return not get_qualifier(openers)(HandValue(get_scale("high"), value))


def cap(state: HandState) -> int | None:
    """The most bets and raises a limit round allows now (None: no cap)."""
    if state.stakes.format != "limit":
        return None
    rnd = state.round
    most = state.house.raise_cap
    if rnd is not None and most is not None and rnd.raises <= most:
        return most  # not yet at the cap: the seat count cannot matter
    # "a pot involving three or more players who are not all-in" (001 Betting r.3)
    return state.house.capped(state.able)


def raise_bounds(state: HandState, seat: int, rnd: Round) -> tuple[int, int] | None:
    """The smallest and largest bet or raise ``seat`` may make to (None: none)."""
    committed = state.committed[seat]
    pot_after_call = 0  # only pot limit sizes a raise by the pot
    if rnd.format not in ("no-limit", "limit"):
        pot_after_call = state.pot + max(0, rnd.current - committed)
        pot_after_call += small_blind_credit(state, rnd)
    bounds = rnd.raise_bounds(committed, state.stacks[seat], pot_after_call, state.min_bet)
    if state.limit_overs and bounds is not None and state.overs_pot:
        bounds = overs_bounds(state, seat, rnd, bounds[0])
    if state.chip == 1 or bounds is None:
        return bounds
    return whole_chips(state, seat, *bounds)


def overs_bounds(state: HandState, seat: int, rnd: Round, low: int) -> tuple[int, int]:
    """No-limit bounds in a limit round (004 r.8): at least the round's bet or the
    largest raise so far over the last full bet (004 r.6c: "at least the size of
    the previous bet or raise"), at most all in.  Spread limit keeps its own
    minimum, ``low``.  Only a pot of Overs players comes here: the events of the
    round are read again rather than tracked in every hand."""
    all_in = state.committed[seat] + state.stacks[seat]
    if rnd.format == "limit":
        level = rnd.last_raise  # a limit round's level when it began (blinds, bring-in)
        largest = max(rnd.size, level)
        bets: list[int] = []
        for event in reversed(state.events):
            if event.kind == "street":
                break
            if event.kind in _BET_KINDS:
                bets.append(event.amount)
        for to in reversed(bets):
            largest = max(largest, to - level)
            level = max(level, to)
        low = rnd.full_level + largest  # over the last full bet (a bring-in is none)
    return (min(low, all_in), all_in)


def whole_chips(state: HandState, seat: int, lo: int, hi: int) -> tuple[int, int]:
    """Bet bounds in whole chips (004 r.7): the minimum rounded up, the maximum (a
    pot-limit pot) rounded down, all in exact; where no whole chip lies between
    them the minimum rounded up stands alone (a pot-limit overage of less than a
    chip, as 001 Pot-Limit r.5 rounds the pot up)."""
    chip = state.chip
    all_in = state.committed[seat] + state.stacks[seat]
    low = lo if lo == all_in else min(-(-lo // chip) * chip, all_in)
    high = hi if hi == all_in else hi // chip * chip
    return (low, max(low, high))


def small_blind_credit(state: HandState, rnd: Round) -> int:
    """Pot limit, house option (001 Pot-Limit r.6): until the big blind has acted on
    the first round, a small blind counts as a big blind in sizing the pot."""
    if not (
        state.stakes.format == "pot-limit"
        and state.house.pot_limit_small_blind_as_big
        and state.street == 1
        and not state.game.is_stud
    ):
        return 0
    big = state.stakes.big_blind
    big_seats = [s for s in state.from_left if state.blinds_by_seat[s] == big]
    if not big_seats or rnd.acted[big_seats[0]] >= 0:
        return 0
    return sum(
        max(0, big - state.committed[s]) for s, b in enumerate(state.blinds_by_seat) if 0 < b < big
    )
