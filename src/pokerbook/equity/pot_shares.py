"""Each seat's share of a settled pot, read from the hand's award events: every pot is
divided into the parts the showdown awarded (one per share with a winner: high and
low half each), each part evenly among its winners, so odd chips are left aside."""

from __future__ import annotations

from dataclasses import dataclass

from pokerbook.engine.hand import Hand


@dataclass(frozen=True)
class PotShares:
    """One deal's fractions per seat: of the whole pot (``equity``), of the game's first
    share (``high``) and of its second (``low``), each 1 when taken whole."""

    equity: tuple[float, ...]
    high: tuple[float, ...]
    low: tuple[float, ...]


def pot_shares(hand: Hand) -> PotShares:
    """The fractions of ``hand``'s pot each seat won (a finished hand).  Chips the
    house took (cash-game Oklahoma) are nobody's, so the fractions then sum below 1."""
    seats = hand.seats
    names = [share.name for share in hand.plan.shares]
    # per pot: its chips, and its parts by name -> the winners of that part
    chips: dict[int, int] = {}
    parts: dict[int, dict[str, tuple[int, ...]]] = {}
    for event in hand.events:
        if event.kind != "award":
            continue
        chips[event.pot] = chips.get(event.pot, 0) + event.amount
        parts.setdefault(event.pot, {})[event.detail] = event.winners
    total = sum(chips.values()) + hand.to_house
    equity = [0.0] * seats
    high = [0.0] * seats
    low = [0.0] * seats
    if total <= 0:
        return PotShares(tuple(equity), tuple(high), tuple(low))
    for pot, awarded in parts.items():
        weight = chips[pot] / total
        each_part = weight / len(awarded)
        for name, winners in awarded.items():
            portion = 1 / len(winners)
            for seat in winners:
                equity[seat] += each_part * portion
            if name in names[:2]:
                into = high if name == names[0] else low
                for seat in winners:
                    into[seat] += weight * portion
    return PotShares(tuple(equity), tuple(high), tuple(low))
