"""Showdown and pot award: every pot split on its own, by the game's shares.

Each pot (main, then side pots) is divided evenly among the game's shares that
have a qualifying hand among the pot's players (high/low: half each; no
qualifying low: the high takes it all); if no share qualifies, the pot is split
among all its players.  Ties split a share; an odd chip goes by the house rule
(000 §1.2.3, 001 "Ties", 004 r.1): the high share before the low, and within a
share the first seat left of the button (button games) or the highest card by
suit (stud; Robert's Rules: the lowest card by suit for a low share).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from pokerbook.cards.card import JOKER_INDEX, Card
from pokerbook.engine.dealing import ShuffledDealer
from pokerbook.engine.events import Event
from pokerbook.engine.plan import SharePlan
from pokerbook.engine.pots import Pot, build_pots, split_evenly
from pokerbook.evaluation.qualifiers import Qualifier, get_qualifier
from pokerbook.evaluation.scale import Scale, get_scale
from pokerbook.evaluation.table_scale import TableScale
from pokerbook.evaluation.usage import evaluate
from pokerbook.evaluation.usage_boards import BoardParts, split_table
from pokerbook.evaluation.value import HandValue

#: the share index of a pot split among all its players because nobody qualified
UNQUALIFIED = -1
#: the share index of a pot taken by the one player left (everyone else folded)
LAST_STANDING = -2
#: the cards of a poker hand
HAND = 5
_new = tuple.__new__
_NO_CARDS_ON = ((), (), 0, False, "", 0, ())  # an event's fields after its cards
_NO_CARDS = (0, (), *_NO_CARDS_ON)  # an event's fields after its seat, when it has no cards
_MUCKS = tuple(_new(Event, ("muck", seat, *_NO_CARDS)) for seat in range(64))  # immutable

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState


def deals_unique(hand: HandState) -> bool:
    """Whether the hand's dealer deals each card of the deck at most once at a time: a
    shuffled deck, or a dealer that says so (``UNIQUE_CARDS``, the equity dealer's
    cards from the unseen ones).  Then the showdown skips its checks for a card dealt
    twice (a script's mistake) and values natural hands directly."""
    dealer = hand.dealer
    return type(dealer) is ShuffledDealer or getattr(dealer, "UNIQUE_CARDS", False) is True


def hand_values(hand: HandState, seat: int) -> list[HandValue | None]:
    """The seat's value for each share (None where it does not qualify)."""
    shares = hand.plan.shares
    overrides = hand.situation.overrides
    out: list[HandValue | None] = []
    for share, v in zip(shares, raw_values(hand, seat, boards_of(hand)), strict=True):
        override = overrides.get((seat, share.name))
        scale = get_scale(override.scale) if override and override.scale else share.scale
        out.append(None if v is None else HandValue(scale, v))
    return out


def boards_of(hand: HandState) -> list[list[Card]]:
    """The boards a hand may be made from: the hand's own, or those its rules left."""
    chosen = hand.situation.boards
    if chosen is not None:
        return [list(b) for b in chosen]
    return [b for b in hand.boards if b]


def raw_values(
    hand: HandState, seat: int, boards: list[list[Card]], parts: BoardParts | None = None
) -> list[int | None]:
    """The seat's value for each share as the scale's integer (None: no qualifier);
    ``parts``: the parts of ``boards``, found once for every seat."""
    out: list[int | None] = []
    situation = hand.situation
    plain = situation.plain
    for share in hand.plan.shares:
        if not plain and not _contests(hand, seat, share.name):
            out.append(None)
            continue
        value = _value(hand, seat, share, boards, parts)
        qualifier = share.qualifier
        if not plain and share.name in situation.qualifiers:
            named = situation.qualifiers[share.name]
            qualifier = get_qualifier(named) if named else None
        if qualifier is not None and not qualifies(qualifier, share.scale, value):
            out.append(None)
        else:
            out.append(value)
    return out


@lru_cache(maxsize=1 << 16)
def qualifies(qualifier: Qualifier, scale: Scale, value: int) -> bool:
    """Whether a hand of ``value`` on ``scale`` meets ``qualifier`` (remembered: the
    same values recur hand after hand, and a qualifier reads nothing but the value)."""
    return qualifier(HandValue(scale, value))


def _contests(hand: HandState, seat: int, share: str) -> bool:
    """Whether the seat plays for the share: it is in play, and the seat declared it."""
    situation = hand.situation
    if situation.shares is not None and share not in situation.shares:
        return False
    declared = situation.declared.get(seat)
    return declared is None or share in declared


def _value(
    hand: HandState,
    seat: int,
    share: SharePlan,
    boards: list[list[Card]],
    parts: BoardParts | None = None,
) -> int:
    """The seat's value on one share, qualifier aside (``parts``: those of ``boards``)."""
    hole = hand.hole[seat]
    scale = share.scale
    hole_use: tuple[int, ...] | None = share.hole_use
    situation = hand.situation
    wild = situation.wild
    override = situation.overrides.get((seat, share.name)) if situation.overrides else None
    if override is not None and override.wild is not None:
        wild = override.wild
    if share.wild:
        wild = [*share.wild, *wild]
    if override is not None:
        if override.hole is not None:
            hole = list(override.hole)
        if override.hole_use is not None:
            hole_use = override.hole_use or None
        if override.scale is not None:
            scale = get_scale(override.scale)
    if share.cards != "all":
        boards = []  # the hole cards only
        parts = None
        if share.cards == "down":
            face_up = hand.face_up[seat]
            hole = [c for i, c in enumerate(hole) if not face_up[i]]
    if wild or override is not None or hole_use is not None or len(boards) > 1:
        if not wild and deals_unique(hand):
            value = natural_value(scale, hole, boards, hole_use, parts)
            if value is not None:
                return value
        board: list[tuple[Card, ...]] | tuple[Card, ...] = (
            ()
            if not boards
            else tuple(boards[0])
            if len(boards) == 1
            else [tuple(b) for b in boards]
        )
        joker = override.joker if override is not None else None
        return evaluate(
            scale, tuple(hole), board, hole_use=hole_use, wild=wild or None, joker=joker
        ).value
    # any cards from hole and board: one pool (evaluate's own fast path)
    cards = hole + boards[0] if boards else hole
    if not deals_unique(hand) and len(set(cards)) != len(cards):
        evaluate(scale, tuple(cards))  # names the card a script dealt twice
    return scale.best(cards)


def natural_value(
    scale: Scale,
    hole: list[Card],
    boards: list[list[Card]],
    hole_use: tuple[int, ...] | None,
    parts: BoardParts | None = None,
) -> int | None:
    """``evaluate``'s value of natural cards from a shuffled deck (no card twice), found
    without its checks: the best of the boards, each hand the scale's best of the
    cards (``hole_use`` None) or a table scale's best of exactly so many hole cards.
    None where ``evaluate`` must decide: a joker, no board to use, or a hand no count
    of hole cards can make (it names the problem).  ``parts``: those of ``boards``
    (found once for every seat), where the scale has a split table."""
    if hole_use is not None and boards:
        table = split_table(scale)
        if table is not None:
            found = (parts or BoardParts(boards)).best(table, hole, hole_use)
            return found if found is not None and found >= 0 else None
    if JOKER_INDEX in {c.index for c in hole} or any(
        JOKER_INDEX in {c.index for c in board} for board in boards
    ):
        return None
    best = -1
    if hole_use is None:
        best_of = scale.best
        for board in boards or ([],):
            best = max(best, best_of(hole + board))
        return best
    if not isinstance(scale, TableScale) or scale.hand_size != HAND or not boards:
        return None
    split = scale.best_split
    for board in boards:
        for used in hole_use:
            if used <= len(hole) and 0 <= HAND - used <= len(board):
                best = max(best, split(hole, board, used))
    return best if best >= 0 else None


def _first_to_show(hand: HandState) -> int:
    """The last aggressor of the final round, else its first to act (001 r.7)."""
    rnd = hand.last_round
    if rnd is not None:
        if rnd.aggressor is not None:
            return rnd.aggressor
        if rnd.first is not None:
            return rnd.first
    return (hand.button + 1) % hand.seats


def showdown_order(hand: HandState, contenders: list[int]) -> list[int]:
    """Last aggressor of the final round first, else the first to act; then clockwise.
    Players in side pots show before those all-in for the main pot only (001 r.7)."""
    seats = sorted(contenders)
    split = bisect_left(seats, _first_to_show(hand))
    rotation = seats[split:] + seats[:split]  # clockwise from start
    contributed, dead = hand.contributed, hand.dead
    depth = [contributed[s] - dead[s] for s in rotation]  # dead antes aside
    if not depth or min(depth) == max(depth):
        return rotation  # nobody all in for less: one pot, clockwise
    deepest_first = sorted(range(len(rotation)), key=lambda i: -depth[i])
    return [rotation[i] for i in deepest_first]


def _odd_chip_order(hand: HandState, winners: list[int], share_index: int) -> list[int]:
    if len(winners) == 1:
        return winners
    share = hand.plan.shares[share_index]
    if hand.game.is_stud and hand.house.odd_chip in ("barge", "roberts"):
        # stud: the highest card by suit (spades > hearts > diamonds > clubs), counting the
        # ace low where the share does; Robert's Rules, low share: the lowest card by suit
        low = hand.house.odd_chip == "roberts" and share.scale.is_low
        ace = 1 if share.aces_low else 14

        def height(card: Card) -> tuple[int, int]:
            return (ace if card.rank == 14 else card.rank, card.suit)

        def by_card(seat: int) -> tuple[int, int]:
            heights = [height(c) for c in hand.hole[seat]]
            if low:
                return min(heights)
            top = max(heights)
            return (-top[0], -top[1])

        return sorted(winners, key=by_card)
    return sorted(winners, key=lambda s: (s - hand.button - 1) % hand.seats)


def pots_of(hand: HandState, live: list[int]) -> list[Pot]:
    """The pots; an ante posted for the whole table is dead money in the main pot,
    which every live player can win (000 §1.2.1: "an ante for the entire table"), as are
    dead blinds, chips paid for cards and a pot carried in from an unopened deal."""
    dead = hand.carried_in
    own = hand.contributed
    if any(hand.dead):
        dead += sum(hand.dead)
        own = [c - d for c, d in zip(own, hand.dead, strict=True)]
    level = own[live[0]]
    if level > 0 and max(own) == level and all(own[s] == level for s in live):
        return [Pot(sum(own) + dead, tuple(live))]  # nobody all in for less: one pot
    pots = build_pots(own, hand.folded)
    if not dead:
        return pots
    if pots:
        pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
    else:
        pots.append(Pot(dead, tuple(live)))
    return pots


def share_values(hand: HandState, live: list[int]) -> dict[int, list[int | None]]:
    """Each live seat's value for each share (None where it does not qualify)."""
    boards = boards_of(hand)
    if hand.plan.one_pool and len(boards) <= 1 and deals_unique(hand) and hand.situation.plain:
        # one share of any cards (no duplicates from a shuffled deck): the scale alone
        best, hole = hand.plan.shares[0].scale.best, hand.hole
        if not boards:
            return {seat: [best(hole[seat])] for seat in live}
        board = boards[0]
        return {seat: [best(hole[seat] + board)] for seat in live}
    parts = BoardParts(boards) if boards else None
    return {seat: raw_values(hand, seat, boards, parts) for seat in live}


class DivisionError(ValueError):
    """A hand whose division :func:`division` does not give (a hand run twice)."""


@mypyc_attr(native_class=False)  # (a frozen dataclass, pickled as Python pickles it)
@dataclass(frozen=True)
class PotDivision:
    """Who wins one pot: for each part it is divided into, the share's index in the
    game's showdown (:data:`UNQUALIFIED`: split among all its players, nobody
    qualifying; :data:`LAST_STANDING`: the one player left) and the winning seats.
    The parts are equal, and each part is split evenly among its winners."""

    pot: Pot
    parts: tuple[tuple[int, tuple[int, ...]], ...]


def division(hand: HandState) -> list[PotDivision]:
    """Who wins what share of each pot, main pot first, as :func:`settle` awards them,
    read without changing the hand (at its showdown or once settled).  A pot the house
    took or carried to the next deal is nobody's: no division."""
    if hand.to_house or hand.carried:
        return []
    if hand.runout_from is not None and hand.in_hand > 1:
        raise DivisionError("a hand run twice is divided run by run")
    if hand.in_hand == 1:
        amount = hand.pot
        seat = hand.folded.index(False)
        return [PotDivision(Pot(amount, (seat,)), ((LAST_STANDING, (seat,)),))] if amount else []
    live = hand.live
    pots = pots_of(hand, live)
    values = share_values(hand, live)
    return [
        PotDivision(pot, tuple((i, tuple(ws)) for i, ws in pot_awards(hand, pot, values)))
        for pot in pots
    ]


def settle(hand: HandState) -> list[Event]:
    """Award every pot; returns the show, muck and award events."""
    if hand.in_hand == 1:  # everyone else folded: the last player takes every chip put in
        return _last_standing(hand)
    live = hand.live
    if hand.plan.one_pool:
        events = settle_one_pot(hand, live)
        if events is not None:
            return events
    pots = pots_of(hand, live)
    values = share_values(hand, live)
    awards_by_pot = [pot_awards(hand, pot, values) for pot in pots]
    events = _shows(hand, live, pots, values, awards_by_pot)
    for index, (pot, awards) in enumerate(zip(pots, awards_by_pot, strict=True)):
        events.extend(award(hand, index, pot, awards))
    return events


def settle_one_pot(hand: HandState, live: list[int]) -> list[Event] | None:
    """The commonest showdown, in one pass: one share of any cards and one pot (every
    live player put in the same, nobody more), cards from a shuffled deck, nothing the
    hand's rules changed.  None when the hand is not that (``settle`` does it all)."""
    contributed = hand.contributed
    level = contributed[live[0]]
    if (
        not deals_unique(hand)
        or level <= 0
        or max(contributed) != level
        or any(contributed[s] != level for s in live)
        or any(hand.dead)
        or not hand.situation.plain
    ):
        return None
    boards = boards_of(hand)
    if len(boards) > 1:
        return None
    best, hole = hand.plan.shares[0].scale.best, hand.hole
    split = bisect_left(live, _first_to_show(hand))  # one pot: clockwise from there
    order = live[split:] + live[:split]
    board = boards[0] if boards else None
    values = [best(hole[s] + board) if board else best(hole[s]) for s in order]
    stacks = hand.stacks
    all_in = 0 in stacks and any(not stacks[s] for s in live)
    every = all_in and hand.house.tournament  # 001 Tournaments r.34: all face up
    events: list[Event] = []
    log = events.append
    shown = hand.shown
    top = values[0]  # the first to show always shows
    for seat, value in zip(order, values, strict=True):
        if value >= top or every or not stacks[seat]:
            log(_new(Event, ("show", seat, 0, tuple(hole[seat]), *_NO_CARDS_ON)))
            shown.add(seat)
            top = max(top, value)
        else:
            log(_MUCKS[seat] if seat < len(_MUCKS) else _new(Event, ("muck", seat, *_NO_CARDS)))
    winners = [s for s, v in zip(order, values, strict=True) if v == top]
    pot = Pot(sum(contributed) + hand.carried_in, tuple(live))
    events += award(hand, 0, pot, [(0, winners)])
    return events


def _last_standing(hand: HandState) -> list[Event]:
    """The one player left takes every chip put in."""
    seat = hand.folded.index(False)
    amount = hand.pot
    if not amount:
        return []
    hand.stacks[seat] += amount
    hand.payouts[seat] += amount
    return [_new(Event, ("award", seat, amount, (), (), (), 0, False, "", 0, (seat,)))]


def _shows(
    hand: HandState,
    live: list[int],
    pots: list[Pot],
    values: dict[int, list[int | None]],
    awards_by_pot: list[list[tuple[int, list[int]]]],
) -> list[Event]:
    """Who shows and who mucks, in showdown order: a hand is shown when it wins, is
    all in, or is the first or at least as good as the best shown for a pot it plays."""
    winning = {s for awards in awards_by_pot for _, ws in awards for s in ws}
    # an all-in hand is shown; in a tournament every hand is turned face up once a player
    # is all-in and the betting is over (001 Tournaments r.34)
    stacks = hand.stacks
    all_in = {s for s in live if not stacks[s]} if 0 in stacks else set()
    face_up = set(live) if all_in and hand.house.tournament else all_in
    # the best value shown so far for each pot and share, at pot * shares + share
    count = len(hand.plan.shares)
    best_shown: list[int | None] = [None] * (len(pots) * count)
    events: list[Event] = []
    log = events.append
    # each seat's values at the same places (None: a share or pot it does not play)
    rows = values if len(pots) == 1 else {s: _by_pot(pots, s, values[s]) for s in live}
    shown_any = False  # has anyone shown a hand that counts?
    for seat in showdown_order(hand, live):
        mine = rows[seat]
        show = not shown_any or seat in winning or seat in face_up
        if not show:
            for key, v in enumerate(mine):
                if v is not None:
                    b = best_shown[key]
                    if b is None or v >= b:
                        show = True
                        break
        if show:
            log(_new(Event, ("show", seat, 0, tuple(hand.hole[seat]), *_NO_CARDS_ON)))
            hand.shown.add(seat)
            for key, v in enumerate(mine):
                if v is not None:
                    b = best_shown[key]
                    if b is None or v > b:
                        best_shown[key] = v
                        shown_any = True
        else:
            log(_MUCKS[seat] if seat < len(_MUCKS) else _new(Event, ("muck", seat, *_NO_CARDS)))
    return events


def _by_pot(pots: list[Pot], seat: int, values: list[int | None]) -> list[int | None]:
    """The seat's share values for each pot in turn, None for a pot it cannot win."""
    out: list[int | None] = []
    for pot in pots:
        out += values if seat in pot.eligible else [None] * len(values)
    return out


def _best_seats(seats: tuple[int, ...], values: list[int | None]) -> list[int]:
    """The seats with the highest value (``values`` in the seats' order; None: not in
    the running)."""
    best: int | None = None
    winners: list[int] = []
    for seat, v in zip(seats, values, strict=True):
        if v is None:
            continue
        if best is None or v > best:
            best, winners = v, [seat]
        elif v == best:
            winners.append(seat)
    return winners


def pot_awards(
    hand: HandState,
    pot: Pot,
    values: dict[int, list[int | None]],
    boards: list[list[Card]] | None = None,
) -> list[tuple[int, list[int]]]:
    """Who wins the pot: (share index, winning seats) for each share that gets a part
    (``boards``: those the hands are made from, by default the hand's)."""
    showdown = hand.game.showdown
    plans = hand.plan.shares
    seats = pot.eligible
    declared = hand.situation.declared
    if declared:
        # a player who declared both ways must win (or tie) both, or wins nothing
        # (a chip declare: 003 Pass the Trash, Suffestud); the others play on
        for _ in range(len(seats)):
            losers = [
                seat
                for seat in seats
                if len(declared.get(seat, ())) > 1
                and any(
                    seat not in _best_seats(seats, [values[s][i] for s in seats])
                    for i, share in enumerate(plans)
                    if share.name in declared[seat]
                )
            ]
            if not losers:
                break
            seats = tuple(s for s in seats if s not in losers)
    awards: list[tuple[int, list[int]]] = []
    for i, share in enumerate(plans):
        winners = _best_seats(seats, [values[seat][i] for seat in seats])
        if share.sole and len(winners) > 1:
            winners = []  # a tie wins this share nothing (Terrible Twos' deuces)
        if winners:
            awards.append((i, winners))
            if showdown.divide == "first":
                break  # the first share with a qualifying hand takes the pot
    if awards:
        return awards
    if showdown.unqualified == "first-share":
        # nobody qualifies: the best hand on the first share, its qualifier waived
        share = hand.plan.shares[0]
        boards = boards_of(hand) if boards is None else boards
        waived: list[int | None] = [_value(hand, seat, share, boards) for seat in pot.eligible]
        return [(0, _best_seats(pot.eligible, waived))]
    # nobody qualifies for any share: the pot is split among all its players
    return [(UNQUALIFIED, list(pot.eligible))]


def award(
    hand: HandState, index: int, pot: Pot, winning: list[tuple[int, list[int]]]
) -> list[Event]:
    if len(winning) == 1 and len(winning[0][1]) == 1:  # one winner takes the pot
        share_index, (seat,) = winning[0]
        hand.stacks[seat] += pot.amount
        hand.payouts[seat] += pot.amount
        name = hand.plan.shares[share_index].name if share_index >= 0 else "split"
        return [
            _new(Event, ("award", seat, pot.amount, (), (), (), 0, False, name, index, (seat,)))
        ]
    events: list[Event] = []
    chip = hand.chip
    parts = split_evenly(pot.amount, list(range(len(winning))), chip)
    for part_index, (share_index, winners) in enumerate(winning):
        ordered = _odd_chip_order(hand, winners, max(share_index, 0))
        name = hand.plan.shares[share_index].name if share_index >= 0 else "split"
        for seat, amount in split_evenly(parts[part_index], ordered, chip).items():
            hand.stacks[seat] += amount
            hand.payouts[seat] += amount
            events.append(
                Event("award", seat, amount, pot=index, detail=name, winners=tuple(ordered))
            )
    return events
