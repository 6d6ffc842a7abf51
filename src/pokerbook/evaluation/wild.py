"""Wild cards: which cards of a hand are wild.

A wild specification is text or a list: a rank on its own (``"2"``, ``"Q"``,
``"10"``) makes every card of that rank wild; a card (``"Js"``) makes that card
wild.  ``"2"`` is deuces wild; ``"Js Jh Kd"`` the one-eyed jacks and the king
with the axe; ``["Q", "7"]`` queens and the rank that followed the last
face-up queen.  The joker is always wild in its own way (see ``evaluate``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TypeAlias

from pokerbook.cards.card import RANK_CHARS, Card
from pokerbook.cards.notation import CardSyntaxError, parse

WildSpec: TypeAlias = str | Card | Iterable[str | Card | int] | None

_RANK_ONLY = re.compile(r"^(10|[2-9tjqka])$", re.IGNORECASE)


@lru_cache(maxsize=256)
def _parse_text(text: str) -> tuple[frozenset[int], frozenset[int]]:
    ranks: set[int] = set()
    cards: set[int] = set()
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        if _RANK_ONLY.match(token):
            ranks.add(10 if token == "10" else RANK_CHARS.index(token.upper()) + 2)
        else:
            try:
                cards.update(c.index for c in parse(token))
            except CardSyntaxError:
                raise CardSyntaxError(
                    f"cannot read {token!r} as a wild rank or card: use a rank such as '2' "
                    "or 'Q', or a card such as 'Js'"
                ) from None
    return frozenset(ranks), frozenset(cards)


def wild_sets(wild: WildSpec) -> tuple[frozenset[int], frozenset[int]]:
    """The wild ranks (2..14) and wild card indices a specification names."""
    if wild is None:
        return frozenset(), frozenset()
    if isinstance(wild, str):
        return _parse_text(wild)
    if isinstance(wild, Card):
        return frozenset(), frozenset({wild.index})
    ranks: set[int] = set()
    cards: set[int] = set()
    for item in wild:
        if isinstance(item, Card):
            cards.add(item.index)
        elif isinstance(item, int):
            if not 2 <= item <= 14:
                raise ValueError(f"a wild rank is 2..14, not {item}")
            ranks.add(item)
        else:
            r, c = _parse_text(item)
            ranks |= r
            cards |= c
    return frozenset(ranks), frozenset(cards)


def split_wild(cards: Sequence[Card], wild: WildSpec) -> tuple[list[Card], int, int]:
    """(natural cards, number of jokers, number of other wild cards)."""
    ranks, indices = wild_sets(wild)
    naturals: list[Card] = []
    jokers = wilds = 0
    for c in cards:
        if c.is_joker:
            jokers += 1
        elif c.rank in ranks or c.index in indices:
            wilds += 1
        else:
            naturals.append(c)
    return naturals, jokers, wilds
