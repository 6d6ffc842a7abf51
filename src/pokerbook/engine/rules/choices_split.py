"""Choices that set aside part of a player's hand for the showdown.

``choose split N SHARE_A SHARE_B``
    Each live player, from the button's left, splits the hole cards into an
    ``N``-card part played for ``SHARE_A`` and the rest played for ``SHARE_B``;
    each part is used as its share declares (``hole_use``).  Sohe (000 §2.53):
    ``choose split 2 holdem omaha`` after the pre-flop betting, the two-card part
    a hold'em hand (0, 1 or 2 cards used), the four-card part an Omaha hand
    (exactly two).  An option is the ``N``-card part, its cards in the order
    dealt and written together (``AsKd``).  The split is secret: the event
    carries the cards, which only their holder sees.

``choose keep LOW HIGH``
    Each live player keeps ``LOW`` to ``HIGH`` of the hole cards and must play
    every share with all the kept cards and the rest from the board (Scrotum,
    000 §2.50: keep 1 to 5 of 5, discarding 0 to 4, and use all ``x`` kept cards
    and ``5 - x`` board cards).  An option is the cards kept, in the order dealt
    and written together (``AsKd2c``); options run from keeping the most cards
    to the fewest.  The players choose in the order they first acted in the
    betting round just played: the rulebook has each player put the discards
    under the chips "when a player first indicates their willingness to
    continue" (the engine asks once that round is over).  The number kept is
    public (the event's ``amount``); the cards kept and thrown are not.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Final

from pokerbook.cards.card import JOKER_INDEX, Card
from pokerbook.engine.events import Event
from pokerbook.engine.rules import Param, choice, takes
from pokerbook.engine.situation import SeatShare

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

#: event kinds that are a player's decision in a betting round
_BETTING_KINDS = frozenset({"fold", "check", "call", "bet", "raise", "complete", "bring-in"})


#: each card's text (``As``), by its index
CARD_TEXTS: Final = tuple(str(Card.of(i)) for i in range(JOKER_INDEX + 1))


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards written together, as an option names them: ``AsKd``."""
    return "".join([CARD_TEXTS[c.index] for c in cards])


@lru_cache(maxsize=4096)
def combination_options(
    cards: tuple[Card, ...], sizes: tuple[int, ...]
) -> dict[str, tuple[Card, ...]]:
    """Every combination of ``cards`` of each of ``sizes`` in turn, in the order held,
    by its text (:func:`cards_text`).  Shared between calls: read it, never change it."""
    return {cards_text(combo): combo for size in sizes for combo in combinations(cards, size)}


def live_from_left(hand: HandState) -> list[int]:
    """The seats still in the hand, from the button's left."""
    return hand.live_from_left()


def _share_names(hand: HandState) -> tuple[str, ...]:
    return tuple(share.name for share in hand.game.showdown.shares)


def _check_share(hand: HandState, name: str) -> str:
    if name not in _share_names(hand):
        known = ", ".join(_share_names(hand))
        raise ValueError(f"{hand.game.id} has no share {name!r}; its shares: {known}")
    return name


class Split:
    """Split the hole cards into a part of N cards for the first share named and the
    rest for the second."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """Every live seat, from the button's left."""
        return live_from_left(hand)

    def _parts(
        self, hand: HandState, seat: int, args: tuple[str, ...]
    ) -> dict[str, tuple[Card, ...]]:
        return combination_options(tuple(hand.hole[seat]), (int(args[0]),))

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        """Each ``N``-card part of the seat's hole cards, in the order dealt."""
        return tuple(self._parts(hand, seat, args))

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """Play the chosen part for the first share and the rest for the second."""
        first, second = _check_share(hand, args[1]), _check_share(hand, args[2])
        part = self._parts(hand, seat, args)[option]
        rest = tuple(c for c in hand.hole[seat] if c not in part)
        overrides = hand.situation.overrides
        overrides[(seat, first)] = SeatShare(hole=part)
        overrides[(seat, second)] = SeatShare(hole=rest)
        return Event("choose", seat, len(part), cards=part, detail="split")


class Keep:
    """Keep LOW to HIGH of the hole cards and play every share with all the kept cards
    and the rest from the board."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """The live seats in the order they first acted in the last betting round
        (seats that did not act, all in on a blind, last, from the button's left)."""
        start = max(
            (i for i, event in enumerate(hand.events) if event.kind == "street"), default=-1
        )
        order: list[int] = []
        for event in hand.events[start + 1 :]:
            seat = event.seat
            if event.kind in _BETTING_KINDS and seat is not None and seat not in order:
                order.append(seat)
        live = live_from_left(hand)
        return [s for s in order if s in live] + [s for s in live if s not in order]

    def _kept(
        self, hand: HandState, seat: int, args: tuple[str, ...]
    ) -> dict[str, tuple[Card, ...]]:
        low, high = int(args[0]), int(args[1])
        held = tuple(hand.hole[seat])
        return combination_options(held, tuple(range(min(high, len(held)), low - 1, -1)))

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        """Every set of ``LOW``..``HIGH`` hole cards, the largest first."""
        return tuple(self._kept(hand, seat, args))

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """Every share of the seat uses exactly the kept cards."""
        kept = self._kept(hand, seat, args)[option]
        thrown = tuple(c for c in hand.hole[seat] if c not in kept)
        for name in _share_names(hand):
            hand.situation.overrides[(seat, name)] = SeatShare(hole=kept, hole_use=(len(kept),))
        return Event("choose", seat, len(kept), cards=kept, discarded=thrown, detail="keep")


choice("split", Split())
choice("keep", Keep())

# the words each rule takes, checked when a game is read
takes(
    "choose",
    "split",
    Param("size", "count", minimum=1),
    Param("first", "share"),
    Param("second", "share"),
)
takes("choose", "keep", Param("fewest", "count"), Param("most", "count", minimum=1))
