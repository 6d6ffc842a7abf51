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

from typing import TYPE_CHECKING

from pokerbook.cards.card import Card
from pokerbook.engine.events import Event
from pokerbook.engine.pots import Pot, build_pots, split_evenly
from pokerbook.evaluation.qualifiers import qualifies
from pokerbook.evaluation.scale import Scale, get_scale
from pokerbook.evaluation.usage import evaluate
from pokerbook.evaluation.value import HandValue

if TYPE_CHECKING:
    from pokerbook.engine.hand import Hand


def hand_values(hand: Hand, seat: int) -> list[HandValue | None]:
    """The seat's value for each share (None where it does not qualify)."""
    out: list[HandValue | None] = []
    boards = [tuple(b) for b in hand.boards if b] or [()]
    hole = tuple(hand.hole[seat])
    for share in hand.game.showdown.shares:
        if share.hole_use is None and len(boards) == 1:
            # any cards from hole and board: one pool (evaluate's fast path)
            value = evaluate(share.scale, hole + boards[0])
        else:
            board = boards[0] if len(boards) == 1 else boards
            value = evaluate(share.scale, hole, board, hole_use=share.hole_use)
        if share.qualifier and not qualifies(value, share.qualifier):
            out.append(None)
        else:
            out.append(value)
    return out


def showdown_order(hand: Hand, contenders: list[int]) -> list[int]:
    """Last aggressor of the final round first, else the first to act; then clockwise.
    Players in side pots show before those all-in for the main pot only (001 r.7)."""
    rnd = hand.last_round
    start = (hand.button + 1) % hand.seats
    if rnd is not None:
        start = (
            rnd.aggressor
            if rnd.aggressor is not None
            else (rnd.first if rnd.first is not None else start)
        )
    rotation = [s for s in hand.order_from(start) if s in contenders]
    depth = {s: hand.contributed[s] - hand.dead[s] for s in contenders}  # dead antes aside
    return sorted(rotation, key=lambda s: -depth[s])


def _aces_low(scale: Scale) -> bool:
    """Whether a share plays aces low (razz, A-5 lows), for naming a highest or lowest card."""
    if not scale.is_low:
        return False
    try:
        return scale.best([Card.from_rank_suit(14, 3)]) > scale.best([Card.from_rank_suit(2, 3)])
    except ValueError:
        return False


def _odd_chip_order(hand: Hand, winners: list[int], share_index: int) -> list[int]:
    scale = get_scale(hand.game.showdown.shares[share_index].scale)
    if hand.game.is_stud and hand.house.odd_chip in ("barge", "roberts"):
        # stud: the highest card by suit (spades > hearts > diamonds > clubs), counting the
        # ace low where the share does; Robert's Rules, low share: the lowest card by suit
        low = hand.house.odd_chip == "roberts" and scale.is_low
        ace = 1 if _aces_low(scale) else 14

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


def _pots(hand: Hand) -> list[Pot]:
    """The pots; an ante posted for the whole table is dead money in the main pot,
    which every live player can win (000 §1.2.1: "an ante for the entire table")."""
    dead = sum(hand.dead)
    if not dead:
        return build_pots(hand.contributed, hand.folded)
    own = [c - d for c, d in zip(hand.contributed, hand.dead, strict=True)]
    pots = build_pots(own, hand.folded)
    if pots:
        pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
    else:
        pots.append(Pot(dead, tuple(hand.live)))
    return pots


def settle(hand: Hand) -> list[Event]:
    """Award every pot; returns the show, muck and award events."""
    events: list[Event] = []
    pots = _pots(hand)
    live = hand.live
    if len(live) == 1:
        for pot in pots:
            hand.stacks[live[0]] += pot.amount
            hand.payouts[live[0]] += pot.amount
            events.append(Event("award", live[0], pot.amount, pot=0, winners=(live[0],)))
        return events
    values = {seat: hand_values(hand, seat) for seat in live}
    winners_by_pot = [_pot_winners(hand, pot, values) for pot in pots]
    winning = {s for shares in winners_by_pot for ws in shares for s in ws}
    # an all-in hand is shown; in a tournament every hand is turned face up once a player
    # is all-in and the betting is over (001 Tournaments r.34)
    all_in = {s for s in live if hand.stacks[s] == 0}
    face_up = set(live) if all_in and hand.house.tournament else all_in
    best_shown: dict[tuple[int, int], HandValue] = {}
    for seat in showdown_order(hand, live):
        must_show = not best_shown or seat in winning or seat in face_up
        beats = any(
            v is not None and ((p, i) not in best_shown or v >= best_shown[(p, i)])
            for p, pot in enumerate(pots)
            if seat in pot.eligible
            for i, v in enumerate(values[seat])
        )
        if must_show or beats:
            events.append(Event("show", seat, cards=tuple(hand.hole[seat])))
            hand.shown.add(seat)
            for p, pot in enumerate(pots):
                if seat in pot.eligible:
                    for i, v in enumerate(values[seat]):
                        if v is not None and ((p, i) not in best_shown or v > best_shown[(p, i)]):
                            best_shown[(p, i)] = v
        else:
            events.append(Event("muck", seat))
    for index, (pot, shares) in enumerate(zip(pots, winners_by_pot, strict=True)):
        events.extend(_award(hand, index, pot, shares))
    return events


def _pot_winners(
    hand: Hand, pot: Pot, values: dict[int, list[HandValue | None]]
) -> list[list[int]]:
    shares: list[list[int]] = []
    for i in range(len(hand.game.showdown.shares)):
        contenders = [(values[s][i], s) for s in pot.eligible if values[s][i] is not None]
        if not contenders:
            shares.append([])
            continue
        best = max(v for v, _ in contenders if v is not None)
        shares.append([s for v, s in contenders if v == best])
    return shares


def _award(hand: Hand, index: int, pot: Pot, shares: list[list[int]]) -> list[Event]:
    events: list[Event] = []
    winning = [(i, ws) for i, ws in enumerate(shares) if ws]
    if not winning:
        # nobody qualifies for any share: the pot is split among all its players
        winning = [(0, list(pot.eligible))]
    parts = split_evenly(pot.amount, list(range(len(winning))))
    for part_index, (share_index, winners) in enumerate(winning):
        ordered = _odd_chip_order(hand, winners, share_index)
        for seat, amount in split_evenly(parts[part_index], ordered).items():
            hand.stacks[seat] += amount
            hand.payouts[seat] += amount
            name = hand.game.showdown.shares[share_index].name
            events.append(
                Event("award", seat, amount, pot=index, detail=name, winners=tuple(ordered))
            )
    return events
