"""Showdowns decided by dice or by the colours of the flop.

* ``do omaha-x-qualifier [LOW]`` (Omaha X or Better, 000 §2.43): the last two dice
  rolled set X, the low share's qualifier: a total of 12 is a queen, 11 a jack,
  10 down to 5 face value; 4, 3 or 2 means no low, and the high scoops.
* ``do binglaha-split [LOW]`` (Binglaha, 000 §2.10): the last die rolled decides the
  split: 1-3 high/low as declared, 4-6 high only (the low share is out of play).
* ``do crayfish-turn-down [BOARD]`` (Crayfish, 000 §2.14): the last die rolled turns
  board card n (numbered left to right) face down if it is not already; a 6 does
  nothing.  Face-down cards cannot be used at the showdown.
* ``do wonky-donkey [red=SHARES] [black=SHARES] [deal=N]`` (Wonky Donkey, 000 §2.62):
  two or three red flop cards make the hand Hold'em (the ``red`` shares, default
  ``high``); two or three black ones deal every live player N more face-down hole
  cards (default 2) and make it Omaha high/low (the ``black`` shares, default
  ``omaha-high,omaha-low``).

``LOW`` names the low share (default ``low``) and ``BOARD`` the board (default 0).
Each rule logs an event of its own name saying what it decided (the die total in
``amount``, the decision in ``detail``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerbook.cards.card import Card
from pokerbook.engine.events import Event
from pokerbook.engine.rules import Param, effect, takes

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

#: the qualifier X set by two dice (000 §2.43); totals missing here mean no low
X_BY_TOTAL: dict[int, str] = {
    12: "Q",
    11: "J",
    10: "T",
    9: "9",
    8: "8",
    7: "7",
    6: "6",
    5: "5",
}
#: X in words, for the event that says what the dice decided
_X_WORDS = {"Q": "a queen", "J": "a jack", "T": "ten"}
#: Binglaha: the die faces that play high/low; the others play high only (000 §2.10)
BINGLAHA_SPLIT_FACES = frozenset({1, 2, 3})
#: Crayfish: the die face that turns no card down (000 §2.14)
CRAYFISH_NOTHING = 6
#: suits 1 (diamonds) and 2 (hearts) are red, 0 (clubs) and 3 (spades) black
RED_SUITS = frozenset({1, 2})


def _last_dice(hand: HandState, count: int, rule: str) -> list[int]:
    """The last ``count`` dice rolled this hand (the game must roll them first)."""
    dice = hand.situation.dice
    if len(dice) < count:
        raise ValueError(
            f"{rule} reads {count} dice but {len(dice)} were rolled: "
            f"the game must 'roll {count}' before 'do {rule}'"
        )
    return dice[-count:]


def _share_names(hand: HandState) -> tuple[str, ...]:
    return tuple(share.name for share in hand.game.showdown.shares)


def _in_play(hand: HandState) -> tuple[str, ...]:
    """The shares in play so far (all the game's, unless a rule narrowed them)."""
    chosen = hand.situation.shares
    return chosen if chosen is not None else _share_names(hand)


def _named_share(hand: HandState, args: tuple[str, ...], rule: str) -> str:
    name = args[0] if args else "low"
    if name not in _share_names(hand):
        raise ValueError(f"{rule}: {hand.game.id} has no share {name!r}")
    return name


def _drop_share(hand: HandState, name: str) -> None:
    hand.situation.shares = tuple(s for s in _in_play(hand) if s != name)


def omaha_x(total: int) -> str | None:
    """X for a total of two dice: the rank that qualifies (``"Q"``), or None for no low."""
    if not 2 <= total <= 12:
        raise ValueError(f"two dice cannot total {total}")
    return X_BY_TOTAL.get(total)


@effect("omaha-x-qualifier")
def omaha_x_qualifier(hand: HandState, args: tuple[str, ...]) -> None:
    """Set the low share's qualifier to X-or-better from the last two dice, or take
    the low out of play on a total of 2, 3 or 4.

    000 §2.43 calls X "the qualifier for the low hand" and the low "the best low hand,
    with a qualifier of X", as eight-or-better names a qualifier of 8; it also says a
    low needs "three cards under X on the board", adding that rolls of 2, 3 and 4 rule
    out a low.  Read strictly, "under X" would rule out a 5 as well (only A-2-3-4 are
    under 5), so "under" is taken loosely: a low qualifies when its highest card is X
    or lower (X-or-better; a roll of 5 leaves only the wheel).
    """
    low = _named_share(hand, args, "omaha-x-qualifier")
    total = sum(_last_dice(hand, 2, "omaha-x-qualifier"))
    x = omaha_x(total)
    if x is None:
        _drop_share(hand, low)
        hand.situation.qualifiers.pop(low, None)
        detail = f"dice total {total}: no low hand, the high scoops"
    else:
        qualifier = f"{x}-or-better"
        hand.situation.qualifiers[low] = qualifier
        detail = f"dice total {total}: X is {_X_WORDS.get(x, x)}, {low} qualifier {qualifier}"
    hand.log(Event("omaha-x-qualifier", None, total, detail=detail))


def binglaha_plays_low(face: int) -> bool:
    """Whether a Binglaha die plays high/low (1-3) rather than high only (4-6)."""
    if not 1 <= face <= 6:
        raise ValueError(f"a die cannot show {face}")
    return face in BINGLAHA_SPLIT_FACES


@effect("binglaha-split")
def binglaha_split(hand: HandState, args: tuple[str, ...]) -> None:
    """1-3 on the last die: high/low split as declared; 4-6: high only (the low share
    is out of play).  A low still needs a qualifying hand (000 §2.10: with no three
    unpaired board cards eight or lower there is no low "regardless of the roll")."""
    low = _named_share(hand, args, "binglaha-split")
    (face,) = _last_dice(hand, 1, "binglaha-split")
    if binglaha_plays_low(face):
        detail = f"die {face}: high/low split"
    else:
        _drop_share(hand, low)
        detail = f"die {face}: high only"
    hand.log(Event("binglaha-split", None, face, detail=detail))


@effect("crayfish-turn-down")
def crayfish_turn_down(hand: HandState, args: tuple[str, ...]) -> None:
    """Turn board card n (1-5, left to right) face down on a roll of n; a 6 does
    nothing.  The cards still face up are the only board the showdown may use
    (``situation.boards``); the positions turned down are kept in
    ``situation.notes["crayfish-turn-down"]``."""
    board_index = int(args[0]) if args else 0
    board = hand.boards[board_index]
    (face,) = _last_dice(hand, 1, "crayfish-turn-down")
    if not 1 <= face <= 6:
        raise ValueError(f"a die cannot show {face}")
    notes = hand.situation.notes
    raw = notes.get("crayfish-turn-down", ())
    down: tuple[int, ...] = raw if isinstance(raw, tuple) else ()
    cards: tuple[Card, ...] = ()
    if face == CRAYFISH_NOTHING:
        detail = "die 6: nothing is turned down"
    elif face > len(board):
        raise ValueError(f"crayfish-turn-down: no board card {face} on {len(board)} cards")
    else:
        card = board[face - 1]
        cards = (card,)
        if face in down:
            detail = f"die {face}: card {face} ({card}) is already face down"
        else:
            down = tuple(sorted((*down, face)))
            detail = f"die {face}: card {face} ({card}) is turned face down"
    notes["crayfish-turn-down"] = down
    if down:
        hand.situation.boards = [
            tuple(c for position, c in enumerate(board, 1) if position not in down)
        ]
    hand.log(Event("crayfish-turn-down", None, face, cards=cards, board=board_index, detail=detail))


def _names(text: str) -> tuple[str, ...]:
    return tuple(name for name in text.split(",") if name)


def flop_is_red(flop: list[Card]) -> bool:
    """Whether two or three of the three flop cards are red (hearts or diamonds)."""
    if len(flop) != 3:
        raise ValueError(f"a flop has 3 cards, not {len(flop)}")
    return sum(1 for card in flop if card.suit in RED_SUITS) >= 2


@effect("wonky-donkey")
def wonky_donkey(hand: HandState, args: tuple[str, ...]) -> None:
    """Red flop (two or three red cards): Hold'em, the ``red`` shares play.  Black
    flop: every live seat, from the button's left, is dealt ``deal`` more face-down
    hole cards and the ``black`` shares (Omaha high/low) play."""
    options = {"red": "high", "black": "omaha-high,omaha-low", "deal": "2"}
    for word in args:
        key, sep, value = word.partition("=")
        if not sep or key not in options:
            raise ValueError(f"wonky-donkey: unknown argument {word!r}")
        options[key] = value
    known = _share_names(hand)
    red, black = _names(options["red"]), _names(options["black"])
    for name in (*red, *black):
        if name not in known:
            raise ValueError(f"wonky-donkey: {hand.game.id} has no share {name!r}")
    flop = hand.boards[0][:3]
    if flop_is_red(flop):
        hand.situation.shares = red
        hand.log(Event("wonky-donkey", None, detail="red flop: hold'em"))
        return
    count = int(options["deal"])
    hand.situation.shares = black
    hand.log(
        Event(
            "wonky-donkey",
            None,
            count,
            detail=f"black flop: omaha high/low, {count} more hole cards each",
        )
    )
    folded = hand.folded
    for seat in hand.order_from(hand.button + 1):
        if not folded[seat]:
            hand.log(hand.deal_to(seat, count))


# the words each rule takes, checked when a game is read
takes("do", "omaha-x-qualifier", Param("low", "share", optional=True, default="low"))
takes("do", "binglaha-split", Param("low", "share", optional=True, default="low"))
takes("do", "crayfish-turn-down", Param("board", "board", optional=True, default="0"))
takes(
    "do",
    "wonky-donkey",
    Param("red", "shares", keyword=True, optional=True, default="high"),
    Param("black", "shares", keyword=True, optional=True, default="omaha-high,omaha-low"),
    Param("deal", "count", keyword=True, optional=True, default="2"),
)
