"""Wild cards on table scales by trying every substitution: the reference method.

:func:`substitution_value` tries every way the wild cards can play (every rank,
or an ace, with a flush where the natural cards allow one) on every choice of
natural cards and keeps the best value the scale's rules give.  It is slow
(thousands of rule evaluations for a stud hand with two wild cards) and is kept
as the definition the table-driven :meth:`TableScale.wild_value
<pokerbook.evaluation.table_scale.TableScale.wild_value>` is checked against.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

from pokerbook.cards.card import Card
from pokerbook.evaluation.scale import WildCardError
from pokerbook.evaluation.table_scale import TableScale
from pokerbook.evaluation.wild_tables import JOKER_MODES, MADE_BY_BUG


def substitution_value(
    scale: TableScale, naturals: Sequence[Card], wild_count: int, mode: str, *, exact: bool
) -> int:
    """The best value when ``wild_count`` cards play as ``mode``, found by trying
    every substitution (same contract as :meth:`TableScale.wild_value`).

    ``wild``: any card, duplicates allowed, and every wild card plays.  ``bug``: an
    ace, or any card that completes a straight, flush or straight flush.  ``ace``:
    an ace of any suit.  ``exact`` takes the cards as one hand of at most five.
    """
    if mode not in JOKER_MODES:
        raise WildCardError(f"unknown joker mode {mode!r}: use 'wild', 'bug' or 'ace'")
    if wild_count == 0:
        return scale.exact(naturals) if exact else scale.best(naturals)
    deck = sorted(scale.deck_ranks) if scale.deck_ranks is not None else list(range(2, 15))
    candidates = [14] if mode == "ace" else deck
    total = len(naturals) + wild_count
    size = min(5, total)
    if exact and total > 5:
        raise ValueError(f"a {scale.name} hand has at most 5 cards, not {total}")
    uses = [min(wild_count, size)] if mode == "wild" else range(min(wild_count, size) + 1)
    best = -1
    for used in uses:
        take = size - used
        if take > len(naturals) or (exact and take != len(naturals)):
            continue
        for subset in combinations(naturals, take):
            best = max(best, _complete(scale, subset, used, candidates, mode))
    if best < 0:
        raise ValueError("no hand can be made from these cards")
    return best


def _complete(
    scale: TableScale, subset: Sequence[Card], used: int, candidates: list[int], mode: str
) -> int:
    """The best value of ``subset`` with ``used`` wild cards, each one of ``candidates``."""
    rules = scale.rules
    base = [c.rank for c in subset]
    suits = {c.suit for c in subset}
    can_flush = scale.flushes and len(base) + used == 5 and len(suits) <= 1
    best = -1
    for extra in combinations_with_replacement(candidates, used):
        ranks = base + list(extra)
        for flush in (False, True) if can_flush else (False,):
            if flush and len(set(ranks)) < 5:
                continue
            value = rules.value(ranks, flush)
            if (
                mode == "bug"
                and any(r != 14 for r in extra)
                and rules.category(value) not in MADE_BY_BUG
            ):
                continue
            best = max(best, value)
    return best
