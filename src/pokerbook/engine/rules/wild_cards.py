"""Wild cards decided during the hand, and cards bought (003's stud games).

``do follow-the-queen``
    Follow-the-Queen (003): queens are always wild, and so is the card dealt
    face up right after a face-up queen, with every card of its rank; a later
    face-up queen replaces that rank with the next one's; when a queen is the
    last card dealt face up the rank before it stays.  With no face-up queen
    only queens are wild.  Goes after the last card is dealt.

``choose buy-four PRICE``
    7 with a Twist (003): "if a 4 is dealt face-up, the player has the option of
    immediately purchasing another face-up card for $3".  Goes right after a
    deal; the players just dealt a 4 face up choose ``buy`` or ``pass`` in turn
    from the button's left.  The price goes into the main pot as dead money; a bought
    card that is a 4 may be followed by another purchase.

``choose buy-up PRICE`` and ``do turn-up-bought``
    Low-Hole-Wild (003): "the player may have the last card dealt face up for
    $3".  Before the last deal each live player chooses ``up`` (paying PRICE into
    the pot) or ``down``; after the deal, ``turn-up-bought`` turns the last card
    up for those who paid.

``do low-hole-wild SHARE``
    Low-Hole-Wild (003): each player's lowest face-down card, and every card of
    that rank in the hand, is wild for that player ("aces are high, so the lowest
    possible wild card is a deuce").  Goes after the last card is dealt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from pokerbook.cards.card import RANK_CHARS, Card
from pokerbook.engine.events import Event
from pokerbook.engine.rules import WILD_RULES, Param, choice, effect, takes
from pokerbook.engine.rules.choices_split import live_from_left
from pokerbook.engine.rules.choices_stud import turn_up
from pokerbook.engine.situation import SeatShare

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

QUEEN: Final = 12
FOUR: Final = 4
#: notes: the seats that bought their last card face up
BOUGHT_UP: Final = "bought-up"


def _rank_char(rank: int) -> str:
    return RANK_CHARS[rank - 2]


@effect("follow-the-queen")
def follow_the_queen(hand: HandState, args: tuple[str, ...]) -> None:
    """Queens wild, and the rank of the card dealt face up after the last face-up queen."""
    follow: int | None = None
    after_queen = False
    for event in hand.events:
        if event.kind != "deal-hole" or event.seat is None:
            continue
        ups = event.up or (False,) * len(event.cards)
        for card, up in zip(event.cards, ups, strict=False):
            if not up:
                continue
            if after_queen:
                follow = card.rank
            after_queen = card.rank == QUEEN
    wild = ["Q"] if follow is None or follow == QUEEN else ["Q", _rank_char(follow)]
    hand.situation.wild = wild
    hand.log(Event("wild", None, detail=" ".join(wild)))


class BuyFour:
    """7 with a Twist: a player dealt a 4 face up may buy another face-up card."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """Live seats whose last card dealt was a face-up 4, from the button's left."""
        last: dict[int, Event] = {}
        for event in hand.events:
            if event.kind == "deal-hole" and event.seat is not None:
                last[event.seat] = event
        out = []
        for seat in live_from_left(hand):
            dealt = last.get(seat)
            if dealt is not None and dealt.up and dealt.up[-1] and dealt.cards[-1].rank == FOUR:
                out.append(seat)
        return out

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        """``buy`` (if the seat has chips and the deck a card) or ``pass``."""
        if hand.stacks[seat] > 0 and hand.dealer.remaining() > 0:
            return ("buy", "pass")
        return ("pass",)

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        if option == "pass":
            return Event("pass", seat, detail="no card bought")
        price = int(args[0]) if args else 3
        paid = hand.pay_dead(seat, price)  # dead money for the main pot
        hand.log(Event("buy", seat, paid, detail="a face-up card"))
        event = hand.deal_to(seat, 1, up=True, detail="bought")
        if event.cards[0].rank == FOUR and hand.dealer.remaining() > 0 and hand.stacks[seat]:
            hand.pending.insert(1, seat)  # another 4: the seat may buy again
        return event


class BuyUp:
    """Low-Hole-Wild: pay to have the last card dealt face up."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """Every live seat with chips, from the button's left."""
        return [s for s in live_from_left(hand) if hand.stacks[s] > 0]

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        return ("up", "down")

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        if option == "down":
            return Event("pass", seat, detail="last card face down")
        price = int(args[0]) if args else 3
        paid = hand.pay_dead(seat, price)
        bought = hand.situation.notes.setdefault(BOUGHT_UP, set())
        assert isinstance(bought, set)
        bought.add(seat)
        return Event("buy", seat, paid, detail="the last card face up")


@effect("turn-up-bought")
def turn_up_bought(hand: HandState, args: tuple[str, ...]) -> None:
    """Turn the card just dealt face up for the seats that paid for it."""
    bought = hand.situation.notes.get(BOUGHT_UP, set())
    assert isinstance(bought, set)
    for seat in live_from_left(hand):
        if seat in bought and hand.hole[seat]:
            hand.log(turn_up(hand, seat, hand.hole[seat][-1], "bought"))


@effect("low-hole-wild")
def low_hole_wild(hand: HandState, args: tuple[str, ...]) -> None:
    """Each player's lowest face-down rank is wild for that player (aces high)."""
    share = args[0] if args else "high"
    for seat in live_from_left(hand):
        down: list[Card] = [
            c for c, up in zip(hand.hole[seat], hand.face_up[seat], strict=True) if not up
        ]
        if not down:
            continue
        rank = _rank_char(min(c.rank for c in down))
        hand.situation.overrides[(seat, share)] = SeatShare(wild=[rank])
        hand.log(Event("wild", seat, detail="the lowest face-down rank"))


choice("buy-four", BuyFour())
choice("buy-up", BuyUp())
WILD_RULES.update({"follow-the-queen", "low-hole-wild"})

# the words each rule takes, checked when a game is read
takes("choose", "buy-four", Param("price", "count", optional=True, default="3"))
takes("choose", "buy-up", Param("price", "count", optional=True, default="3"))
takes("do", "low-hole-wild", Param("share", "share", optional=True, default="high"))
