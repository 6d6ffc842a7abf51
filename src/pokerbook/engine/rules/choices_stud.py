"""Stud choices: which card to turn up, which suit to count.

``choose roll``
    Roll Your Own (003): each live player picks one face-down card to turn face
    up.  "All players should decide and roll their cards at the same time": the
    choices are made in turn from the button's left, but each stays hidden (the
    ``choose`` event carries the card, which only its holder sees) until the last
    player has chosen; then every chosen card is turned up at once, an ``expose``
    event for each seat in the order they chose.  The last chooser's ``choose``
    event is logged with the others and its ``expose`` event is the one returned.

``choose suit SHARE``
    Count Your Own Suit (003): each live player, from the button's left, names
    the suit whose count (2-10 face value, J 11, Q 12, K 13, A 14, every card the
    player holds) the player plays for ``SHARE``.  003 does not say when the suit
    is named; a game puts this step where it is named (Count Your Own Suit: after
    the last betting round, so before the showdown).  The options are the suits'
    names, ``clubs diamonds hearts spades``; the choice is public.

``choose expose``
    Mexican Poker (000 §2.37): after each betting round each live player, from
    the button's left, decides whether to turn the face-down card up: ``keep``
    or ``expose``.  The choice is public.

``do up-unless-exposed``
    After a ``deal 1 down`` step: "the card is dealt face down if all of the
    player's cards have been exposed, otherwise it is dealt face up" (000
    §2.37).  The card just dealt is turned up (an ``expose`` event, detail
    ``dealt up``) for every seat that still has another face-down card.

``do face-down-joker-wild``
    Mexican Poker: a joker dealt face up is a bug, one dealt face down is fully
    wild "and stays wild if later exposed".  A seat holding a joker dealt face
    down plays it wild in every share (the share's scale plays a joker as a bug).
    The step goes after the last betting round.
"""

from __future__ import annotations

from itertools import compress
from operator import not_
from typing import TYPE_CHECKING, Final

from pokerbook.cards.card import JOKER, Card
from pokerbook.engine.events import Event
from pokerbook.engine.rules import Param, choice, effect, takes
from pokerbook.engine.rules.choices_split import CARD_TEXTS, live_from_left
from pokerbook.engine.situation import SeatShare

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

#: the suits a player may count, and the scale that counts each
SUIT_SCALES: Final = {
    "clubs": "club-count",
    "diamonds": "diamond-count",
    "hearts": "heart-count",
    "spades": "spade-count",
}
#: ``hand.situation.notes`` key: the cards chosen to roll this step, by seat, in order
ROLL_NOTE: Final = "roll"
#: the ``expose`` event detail of a card turned up as it is dealt
DEALT_UP: Final = "dealt up"


def face_down(hand: HandState, seat: int) -> list[Card]:
    """The seat's face-down cards, in the order dealt."""
    hole, face_up = hand.hole[seat], hand.face_up[seat]
    if len(hole) != len(face_up):
        raise ValueError(f"seat {seat} has {len(face_up)} up/down marks for {len(hole)} cards")
    return list(compress(hole, map(not_, face_up)))


def turn_up(hand: HandState, seat: int, card: Card, detail: str = "roll") -> Event:
    """Turn one of the seat's face-down cards face up; the ``expose`` event saying so."""
    index = hand.hole[seat].index(card)
    hand.face_up[seat][index] = True
    hand.up[seat] = hand.up_cards(seat)
    return Event("expose", seat, 1, cards=(card,), up=(True,), detail=detail)


class Roll:
    """Turn one face-down card face up, every player choosing in secret and all rolling
    at the same time."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """Every live seat, from the button's left."""
        return live_from_left(hand)

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        """The seat's face-down cards, in the order dealt."""
        return tuple([CARD_TEXTS[c.index] for c in face_down(hand, seat)])

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """Keep the choice hidden until everyone has chosen (see :meth:`reveal`)."""
        card = next(c for c in face_down(hand, seat) if CARD_TEXTS[c.index] == option)
        chosen = hand.situation.notes.setdefault(ROLL_NOTE, {})
        assert isinstance(chosen, dict)
        chosen[seat] = card
        return Event("choose", seat, 1, cards=(card,), detail="roll")

    def reveal(self, hand: HandState, args: tuple[str, ...]) -> list[Event]:
        """Everyone has chosen: turn every chosen card up, in the order chosen."""
        chosen = hand.situation.notes.pop(ROLL_NOTE)
        assert isinstance(chosen, dict)
        return [turn_up(hand, s, c) for s, c in chosen.items()]


class Suit:
    """Name the suit whose count the player plays for the share named."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """Every live seat, from the button's left."""
        return live_from_left(hand)

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        """The four suits by name."""
        return tuple(SUIT_SCALES)

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """The seat plays ``SHARE`` on the chosen suit's count."""
        share = args[0]
        if share not in (s.name for s in hand.game.showdown.shares):
            raise ValueError(f"{hand.game.id} has no share {share!r} to count a suit for")
        hand.situation.overrides[(seat, share)] = SeatShare(scale=SUIT_SCALES[option])
        return Event("choose", seat, detail=f"suit {option}")


class Expose:
    """Turn the face-down card face up, or keep it down."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """Every live seat, from the button's left."""
        return live_from_left(hand)

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        """``keep`` it face down, or ``expose`` it (when the seat has one)."""
        return ("keep", "expose") if face_down(hand, seat) else ("keep",)

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """Turn every face-down card of the seat up, or nothing."""
        if option == "keep":
            return Event("choose", seat, detail="keep")
        cards = tuple(face_down(hand, seat))
        for card in cards:
            turn_up(hand, seat, card, "expose")
        return Event(
            "choose", seat, len(cards), cards=cards, up=(True,) * len(cards), detail="expose"
        )


def _dealt_this_step(hand: HandState) -> list[Event]:
    """The ``deal-hole`` events at the end of the log: what the step just run dealt."""
    out: list[Event] = []
    for event in reversed(hand.events):
        if event.kind != "deal-hole":
            break
        out.append(event)
    return out[::-1]


@effect("up-unless-exposed")
def up_unless_exposed(hand: HandState, args: tuple[str, ...]) -> None:
    """Turn the card just dealt face up for every player who still has another
    face-down card; to a player with every card exposed it stays face down."""
    for event in _dealt_this_step(hand):
        seat = event.seat
        assert seat is not None
        others = [c for c in face_down(hand, seat) if c not in event.cards]
        if not others:
            continue  # every earlier card exposed: the new card stays face down
        for card, up in zip(event.cards, event.up, strict=True):
            if not up:
                hand.log(turn_up(hand, seat, card, DEALT_UP))


def dealt_face_down(hand: HandState, card: Card) -> bool:
    """Whether ``card`` was dealt face down (and not turned up as it was dealt)."""
    down = False
    for event in hand.events:
        if card not in event.cards:
            continue
        if event.kind == "deal-hole":
            down = not event.up[event.cards.index(card)]
        elif event.kind == "expose" and event.detail == DEALT_UP:
            down = False
    return down


@effect("face-down-joker-wild")
def face_down_joker_wild(hand: HandState, args: tuple[str, ...]) -> None:
    """A player holding a joker dealt face down plays it fully wild in every share."""
    for seat in live_from_left(hand):
        if JOKER in hand.hole[seat] and dealt_face_down(hand, JOKER):
            for share in hand.game.showdown.shares:
                hand.situation.overrides[(seat, share.name)] = SeatShare(joker="wild")


choice("roll", Roll())
choice("suit", Suit())
choice("expose", Expose())

# the words each rule takes, checked when a game is read
takes("choose", "suit", Param("share", "share"))
