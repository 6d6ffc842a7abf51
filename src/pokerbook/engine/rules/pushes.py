"""Cards that change hands during the deal: pushed, passed or traded (003's home games).

``choose push``
    High-Low Push, Suffecool and Red/Black Push (003): the step deals one face-up
    card to every live player, each of whom "may choose to keep the card dealt to
    him, or to pass it to the next player".  The first card is offered as the
    step begins, to the first live seat left of the button on the game's first
    push step, one seat further round on each later one ("the dealer is rotated
    each round, so that each player gets a chance to keep or push the first
    card"); the last seat in that order is the round's dealer.  The player
    offered a card chooses ``keep`` or ``push``.  A pushed card goes to the next
    player in the order, who is offered it in turn; a card the dealer pushes
    "goes to the bottom of the deck" (to the muck: with the six players a push
    game seats at most, the deck never runs down to it).  "Once a card is kept
    by a player, all players that pushed immediately receive an upcard, which he
    must keep" (and so do they when the dealer pushes); then a new card is
    offered to the next player still without a card.  Events: ``deal-hole``
    (``detail`` ``offered`` or ``forced``) for each card from the deck,
    ``keep``, ``give`` and ``receive`` for a card pushed on, ``bottom`` for a
    card pushed to the bottom of the deck.

``do pass OFFSET``
    Pass the Trash (003): goes right after a ``discard N`` step; the cards each
    live player just discarded are passed, face down, to the player ``OFFSET``
    seats to the left (counted round the live players; with too few players a
    pass may come back to its passer).  Everyone chooses first and the cards
    change hands together, as "when all players have their cards, each player
    chooses two cards and passes them".  Each player's discard is a ``discard``
    event (the cards hidden from the others); each player's received cards a
    ``deal-hole`` event, ``detail`` ``passed from seat S``.

``choose trade LIKE UP_FOR_DOWN``
    Suffestud (003): "an option to trade in a card after the fifth card is
    dealt.  It costs $1 to trade an up-card for another up-card, $1 to trade a
    down-card for another down-card, or $2 to trade an up-card for a
    down-card."  Each live player in turn from the button's left trades one
    card or none: ``stand``; ``CARD up`` (an up card for a new up card, price
    ``LIKE``); ``CARD down`` (a down card for a new down card, price ``LIKE``,
    or an up card for a new down card, price ``UP_FOR_DOWN``).  A down card
    cannot be traded for an up card (003 names no such trade).  Only trades the
    player can pay in full are offered; the price is dead money in the main pot,
    which nobody matches (a ``trade`` event, ``amount`` the chips).  The card traded in is
    mucked (a ``give`` event) and the new one dealt (a ``deal-hole`` event,
    ``detail`` ``traded``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from pokerbook.cards.card import Card
from pokerbook.engine.dealing import ShuffledDealer
from pokerbook.engine.events import Event
from pokerbook.engine.rules import Param, choice, effect, takes
from pokerbook.engine.rules.choices_split import live_from_left

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

KEEP: Final = "keep"
PUSH: Final = "push"
STAND: Final = "stand"
#: ``hand.situation.notes`` key: the push round under way (a :class:`PushRound`)
PUSH_NOTE: Final = "push"
#: ``hand.situation.notes`` key: how many push steps the hand has begun
PUSH_ROUNDS: Final = "push-rounds"


@dataclass
class PushRound:
    """One push step: the seats to be given a card, in order (the last is the round's
    dealer), the seat the card on offer is offered to, and who pushed and waits."""

    order: list[int]
    at: int = 0
    card: Card | None = None
    pushers: list[int] = field(default_factory=list)


def _add(hand: HandState, seat: int, cards: Sequence[Card], *, up: bool) -> None:
    """Put cards in the seat's hand, face up or down."""
    hand.hole[seat].extend(cards)
    hand.face_up[seat].extend((up,) * len(cards))
    if up:
        hand.up[seat].extend(cards)


def _remove(hand: HandState, seat: int, card: Card) -> bool:
    """Take a card out of the seat's hand; whether it was face up."""
    index = hand.hole[seat].index(card)
    del hand.hole[seat][index]
    up = hand.face_up[seat].pop(index)
    if up:
        hand.up[seat] = hand.up_cards(seat)
    return up


def _offer(hand: HandState, state: PushRound, at: int) -> Event:
    """Offer a new card from the deck to the seat at ``at`` in the order."""
    seat = state.order[at]
    event = hand.deal_to(seat, 1, up=True, detail="offered")
    state.at = at
    state.card = event.cards[0]
    return event


def _serve(hand: HandState, state: PushRound) -> list[Event]:
    """Deal each seat that pushed its forced up card."""
    events = [hand.deal_to(seat, 1, up=True, detail="forced") for seat in state.pushers]
    state.pushers.clear()
    return events


def _log_all(hand: HandState, events: list[Event]) -> Event:
    """Log every event but the last, which the caller returns (the engine logs it)."""
    for event in events[:-1]:
        hand.log(event)
    return events[-1]


class Push:
    """Keep the card offered, or push it to the next player."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """The first live seat of this round's order, once the first card is offered to it
        (later seats are asked as the cards come round)."""
        notes = hand.situation.notes
        rounds = notes.get(PUSH_ROUNDS, 0)
        assert isinstance(rounds, int)
        notes[PUSH_ROUNDS] = rounds + 1
        start = (hand.button + 1 + rounds) % hand.seats
        order = [s for s in hand.order_from(start) if not hand.folded[s]]
        state = PushRound(order)
        notes[PUSH_NOTE] = state
        hand.log(_offer(hand, state, 0))
        return [order[0]]

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        """``keep`` or ``push``."""
        return (KEEP, PUSH)

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """Keep the card (the pushers get their forced cards) or push it on."""
        notes = hand.situation.notes
        state = notes[PUSH_NOTE]
        assert isinstance(state, PushRound)
        card = state.card
        assert card is not None
        nxt = state.at + 1
        more = nxt < len(state.order)
        events: list[Event] = []
        if option == KEEP:
            events.append(Event(KEEP, seat, 1, cards=(card,), up=(True,)))
            events += _serve(hand, state)
        else:
            _remove(hand, seat, card)
            events.append(Event("give", seat, 1, discarded=(card,), detail=PUSH))
            state.pushers.append(seat)
            if more:
                to = state.order[nxt]
                _add(hand, to, (card,), up=True)
                events.append(Event("receive", to, 1, cards=(card,), up=(True,), detail=PUSH))
                state.at = nxt
                hand.pending.append(to)
                return _log_all(hand, events)
            hand.dealer.muck((card,))
            events.append(Event("bottom", seat, 1, cards=(card,), detail="the bottom of the deck"))
            events += _serve(hand, state)
        if more:
            events.append(_offer(hand, state, nxt))
            hand.pending.append(state.order[nxt])
        else:
            del notes[PUSH_NOTE]
        return _log_all(hand, events)


def discarded_this_step(hand: HandState) -> list[tuple[int, tuple[Card, ...]]]:
    """The ``discard`` events at the end of the log (what the discard step just run
    threw), as (seat, cards), in order."""
    out: list[tuple[int, tuple[Card, ...]]] = []
    for event in reversed(hand.events):
        if event.kind != "discard" or event.seat is None:
            break
        out.append((event.seat, event.discarded))
    return out[::-1]


def take_back(hand: HandState, cards: Sequence[Card]) -> None:
    """Take cards just discarded back out of the muck (a shuffled deck keeps one, in
    which a card may not be while a player holds it)."""
    dealer = hand.dealer
    if isinstance(dealer, ShuffledDealer) and cards:
        taken = set(cards)  # (cards are equal only to themselves)
        if len(taken) != len(cards) or not taken.issubset(dealer.discards):
            raise ValueError("cards taken back must be in the muck, each once")
        dealer.discards = [card for card in dealer.discards if card not in taken]


@effect("pass")
def pass_discards(hand: HandState, args: tuple[str, ...]) -> None:
    """Each player's cards just discarded go, face down, to the player the given number
    of seats to the left."""
    if len(args) != 1:
        raise ValueError(f"pass takes one argument, the seats to the left, not {args!r}")
    offset = int(args[0])
    live = live_from_left(hand)
    passed = discarded_this_step(hand)
    take_back(hand, [card for _, cards in passed for card in cards])
    for giver, cards in passed:
        to = live[(live.index(giver) + offset) % len(live)]
        _add(hand, to, cards, up=False)
        up = (False,) * len(cards)
        hand.log(Event("deal-hole", to, cards=cards, up=up, detail=f"passed from seat {giver}"))


def trade_options(
    hand: HandState, seat: int, args: tuple[str, ...]
) -> dict[str, tuple[Card, bool, int]]:
    """The trades ``seat`` may make: option -> (card traded in, new card face up, price)."""
    if len(args) != 2:
        raise ValueError(f"trade takes two prices (like for like, up for down), not {args!r}")
    like, up_for_down = int(args[0]), int(args[1])
    out: dict[str, tuple[Card, bool, int]] = {}
    if hand.dealer.remaining() <= 0:
        return out
    stack = hand.stacks[seat]
    for card, up in zip(hand.hole[seat], hand.face_up[seat], strict=True):
        if up and like <= stack:
            out[f"{card} up"] = (card, True, like)
        if (not up and like <= stack) or (up and up_for_down <= stack):
            out[f"{card} down"] = (card, False, like if not up else up_for_down)
    return out


class Trade:
    """Trade one card for a new one from the deck, at a price, or stand."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """Every live seat, from the button's left."""
        return live_from_left(hand)

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        """``stand``, then each trade the seat can pay for, in the order its cards lie."""
        return (STAND, *trade_options(hand, seat, args))

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """Pay, muck the card traded in and deal the new one, face up or down."""
        if option == STAND:
            return Event("trade", seat, detail="no trade")
        card, new_up, price = trade_options(hand, seat, args)[option]
        paid = hand.pay_dead(seat, price)  # dead money in the main pot
        was_up = _remove(hand, seat, card)
        kinds = f"{'an up' if was_up else 'a down'} card for {'an up' if new_up else 'a down'} card"
        hand.log(Event("trade", seat, paid, detail=kinds))
        hand.log(Event("give", seat, 1, discarded=(card,), detail="traded"))
        hand.dealer.muck((card,))
        return hand.deal_to(seat, 1, up=new_up, detail="traded")


choice("push", Push())
choice("trade", Trade())

# the words each rule takes, checked when a game is read
takes("do", "pass", Param("seats", "count", minimum=1))
takes("choose", "trade", Param("like-for-like", "count"), Param("up-for-down", "count"))
