"""Pots: side pots from what each player put in, and dividing a pot among winners."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Pot(NamedTuple):
    """An amount and the seats that can win it (all-in players only up to their stake)."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(contributed: Sequence[int], folded: Sequence[bool]) -> list[Pot]:
    """Main pot first, then side pots.  Folded players' chips stay in the pots they
    reached; a pot nobody live can win (all its players folded) joins the one below."""
    levels = sorted({c for c, f in zip(contributed, folded, strict=True) if not f and c > 0})
    if len(levels) == 1 and max(contributed) == levels[0]:
        # the live players put in the same, and nobody more: one pot
        level = levels[0]
        eligible = tuple(i for i, c in enumerate(contributed) if c == level and not folded[i])
        return [Pot(sum(contributed), eligible)]
    pots: list[Pot] = []
    previous = 0
    carried = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributed)
        eligible = tuple(
            i
            for i, (c, f) in enumerate(zip(contributed, folded, strict=True))
            if not f and c >= level
        )
        amount += carried
        carried = 0
        if eligible:
            pots.append(Pot(amount, eligible))
        else:
            carried = amount
        previous = level
    leftover = sum(c - min(c, previous) for c in contributed) + carried
    if leftover:
        if pots:
            last = pots[-1]
            pots[-1] = Pot(last.amount + leftover, last.eligible)
        else:
            live = tuple(i for i, f in enumerate(folded) if not f)
            pots.append(Pot(leftover, live))
    return pots


def split_evenly(amount: int, winners: Sequence[int], chip: int = 1) -> dict[int, int]:
    """Divide ``amount`` among ``winners`` in whole chips of ``chip`` (in odd-chip
    order: the first gets the first odd chip, and no player gets more than one; the
    odd chip is the smallest in play, 000 §1.2.3).  Anything short of a chip goes to
    the first winner."""
    if chip == 1:
        share, odd = divmod(amount, len(winners))
        return {w: share + (1 if i < odd else 0) for i, w in enumerate(winners)}
    chips, rest = divmod(amount, chip)
    share, odd = divmod(chips, len(winners))
    out = {w: (share + (1 if i < odd else 0)) * chip for i, w in enumerate(winners)}
    out[winners[0]] += rest
    return out
