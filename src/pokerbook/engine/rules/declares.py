"""Declares, and the reveal that leads up to one (003's home games).

``choose declare HIGH LOW [no-pig]``
    Each live player declares which shares to play for, high, low or both
    ("pig"); ``no-pig`` leaves out both ways (Red/Black Push: "you cannot go
    pig").  It is a chip declare (003 Pass the Trash): everyone decides at once,
    so the players choose in turn from the button's left but each choice stays
    hidden (a ``choose`` event with no side named) until the last player has
    chosen; then every declare is shown at once, a ``declare`` event for each
    seat in the order they chose (``detail`` the shares, ``high``, ``low`` or
    ``high low``).  The options are the two share names and ``both``.  The
    declares go to ``hand.situation.declared``: the showdown counts each seat
    only for the shares it declared, and a seat that declared both ways must
    win or tie both or it wins nothing (the others play on without it).

``choose order``
    Pass the Trash (003): "each player sorts his cards into the order he wishes
    to reveal them".  Each live player, from the button's left, orders the
    face-down cards; an option is the cards in that order, written together
    (``AsKd2c3h4h``; the options run through every order, the order held
    first).  The order is secret: the ``choose`` event carries it, and other
    seats see only the cards already turned up.

``do roll-next [SCALE]``
    Pass the Trash: each live player turns up the next face-down card in the
    order chosen (an ``expose`` event, detail ``roll``), and the best hand
    showing on ``SCALE`` (default ``high``) acts first in the betting round that
    follows; a tie goes to the first such seat from the button's left.  003 does
    not say who bets first after each card is rolled; stud's rule, the best hand
    showing, is the usual one in roll-your-own games.

``do zero-scoop``
    Red/Black Push, Equal Opportunity version (003): "if you can manage to get a
    score of exactly ZERO after 7 cards, you automatically scoop the whole pot".
    Goes after the declare: a live seat whose cards total exactly 0 (black cards
    negative, see ``red_black_points``) plays for every share, whatever it
    declared, on the ``red-black-zero-scoop`` scale, on which its hand beats
    every other on either side; two such seats tie.  Each logs a ``zero-scoop``
    event.  Side pots the seat cannot win are played as declared.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from pokerbook.cards.card import Card
from pokerbook.engine.events import Event
from pokerbook.engine.rules import Param, choice, effect, takes
from pokerbook.engine.rules.choices_split import CARD_TEXTS, live_from_left
from pokerbook.engine.rules.choices_stud import face_down, turn_up
from pokerbook.engine.rules.orders import Orders
from pokerbook.engine.situation import SeatShare
from pokerbook.evaluation.categories import LOW_BASE
from pokerbook.evaluation.scale import Scale, get_scale, register_scale
from pokerbook.evaluation.scales.points import red_black_points

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

#: the option that declares both shares ("pig")
BOTH: Final = "both"
#: the argument that leaves out declaring both ways
NO_PIG: Final = "no-pig"
#: ``hand.situation.notes`` key: the declares made so far this step, by seat, in order
DECLARE_NOTE: Final = "declare"
#: ``hand.situation.notes`` key: each seat's chosen reveal order
ORDER_NOTE: Final = "order"
#: the scale a seat with exactly zero Equal Opportunity points plays every share on
ZERO_SCOOP: Final = "red-black-zero-scoop"
#: its value for a total of exactly zero: above every value of the red/black scales
ZERO_VALUE: Final = 2 * LOW_BASE


class ZeroScoopScale(Scale):
    """A total of exactly 0 Equal Opportunity points beats every red/black hand."""

    hand_size = None

    def __init__(self) -> None:
        self.name = ZERO_SCOOP
        self.description = (
            "Red/Black Push, Equal Opportunity version (003): a total of exactly 0 (black "
            "cards negative) scoops the pot, so it beats every hand on either side; any "
            "other total is worth nothing here."
        )
        self.aliases = ("zero-scoop",)

    def best(self, cards: Sequence[Card]) -> int:
        return ZERO_VALUE if red_black_points(cards, equal_opportunity=True) == 0 else -ZERO_VALUE

    def describe(self, value: int) -> str:
        return "exactly 0 points: scoops" if value == ZERO_VALUE else "not 0 points"


register_scale(ZeroScoopScale())


def _share_names(hand: HandState) -> tuple[str, ...]:
    return tuple(share.name for share in hand.game.showdown.shares)


def declare_options(hand: HandState, args: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """The declare options of ``choose declare HIGH LOW [no-pig]``, each with the shares
    it plays for."""
    if len(args) < 2 or any(a != NO_PIG for a in args[2:]):
        raise ValueError(f"declare takes two share names and {NO_PIG!r}, not {args!r}")
    first, second = args[0], args[1]
    known = _share_names(hand)
    for name in (first, second):
        if name not in known:
            raise ValueError(f"{hand.game.id} has no share {name!r}; its shares: {known}")
    out = {first: frozenset({first}), second: frozenset({second})}
    if NO_PIG not in args[2:]:
        out[BOTH] = frozenset({first, second})
    return out


class Declare:
    """Declare high, low or both, everyone at once (a chip declare)."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """Every live seat, from the button's left."""
        return live_from_left(hand)

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        """The two shares, and ``both`` unless the game says ``no-pig``."""
        return tuple(declare_options(hand, args))

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """Keep the declare hidden until everyone has declared (see :meth:`reveal`)."""
        shares = declare_options(hand, args)[option]
        notes = hand.situation.notes
        chosen = notes.setdefault(DECLARE_NOTE, {})
        assert isinstance(chosen, dict)
        chosen[seat] = shares
        return Event("choose", seat, detail="declare")

    def reveal(self, hand: HandState, args: tuple[str, ...]) -> list[Event]:
        """Everyone has declared: the declares are shown together and take effect."""
        chosen = hand.situation.notes.pop(DECLARE_NOTE)
        assert isinstance(chosen, dict)
        order = _share_names(hand)
        shown: list[Event] = []
        for s, declared in chosen.items():
            hand.situation.declared[s] = declared
            words = " ".join(name for name in order if name in declared)
            shown.append(Event("declare", s, len(declared), detail=words))
        return shown


def _orders(hand: HandState, seat: int) -> Orders:
    """Every order of the seat's face-down cards as text (the order held first), each
    written only when asked for."""
    return Orders(tuple([CARD_TEXTS[c.index] for c in face_down(hand, seat)]))


def _ordered(hand: HandState, seat: int, option: str) -> tuple[Card, ...]:
    """The seat's face-down cards in the order an option names them."""
    by_text = {CARD_TEXTS[c.index]: c for c in face_down(hand, seat)}  # a card is two characters
    get = by_text.get
    order = tuple([get(option[i : i + 2]) for i in range(0, len(option), 2)])
    if len(order) != len(by_text) or None in order or len(set(order)) != len(order):
        raise ValueError(f"{option!r} is not an order of the face-down cards")
    return order  # type: ignore[return-value]  # (no None in it)


class Order:
    """Sort the face-down cards into the order they will be turned up."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """Every live seat, from the button's left."""
        return live_from_left(hand)

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> Orders:
        """Every order of the seat's face-down cards (the order held first), as an
        :class:`Orders`: the options are written only when asked for."""
        return _orders(hand, seat)

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """Keep the order (secret) for ``roll-next``."""
        order = _ordered(hand, seat, option)
        orders = hand.situation.notes.setdefault(ORDER_NOTE, {})
        assert isinstance(orders, dict)
        orders[seat] = order
        return Event("choose", seat, len(order), cards=order, detail="order")


def next_to_roll(hand: HandState, seat: int) -> Card | None:
    """The seat's next face-down card in the order it chose (the first face-down card
    if it chose none), or None when every card is up."""
    down = face_down(hand, seat)
    orders = hand.situation.notes.get(ORDER_NOTE, {})
    assert isinstance(orders, dict)
    order: tuple[Card, ...] = orders.get(seat, ())
    for card in order:
        if card in down:
            return card
    return down[0] if down else None


def best_showing(hand: HandState, scale_name: str) -> int:
    """The live seat (with chips, if any has) whose face-up cards are best on the scale;
    a tie goes to the first such seat from the button's left."""
    best_of = get_scale(scale_name).best
    live = live_from_left(hand)
    candidates = [s for s in live if hand.stacks[s] > 0] or live
    ups = hand.up  # each seat's face-up cards
    return max(candidates, key=lambda s: (best_of(ups[s]), -candidates.index(s)))


@effect("roll-next")
def roll_next(hand: HandState, args: tuple[str, ...]) -> None:
    """Each live player turns up the next card of the order chosen; the best hand showing
    bets first."""
    for seat in live_from_left(hand):
        card = next_to_roll(hand, seat)
        if card is not None:
            hand.log(turn_up(hand, seat, card))
    hand.situation.first_to_act = best_showing(hand, args[0] if args else "high")


@effect("zero-scoop")
def zero_scoop(hand: HandState, args: tuple[str, ...]) -> None:
    """A player whose cards total exactly 0 (Equal Opportunity points) scoops the pot."""
    shares = _share_names(hand)
    for seat in live_from_left(hand):
        if red_black_points(hand.hole[seat], equal_opportunity=True) != 0:
            continue
        hand.situation.declared[seat] = frozenset(shares)
        for name in shares:
            hand.situation.overrides[(seat, name)] = SeatShare(scale=ZERO_SCOOP)
        hand.log(Event("zero-scoop", seat, detail="exactly 0 points: scoops the pot"))


choice("declare", Declare())
choice("order", Order())

# the words each rule takes, checked when a game is read
takes(
    "choose",
    "declare",
    Param("first", "share"),
    Param("second", "share"),
    Param("no-pig", "word", choices=(NO_PIG,), optional=True),
)
takes("do", "roll-next", Param("scale", "scale", optional=True, default="high"))
