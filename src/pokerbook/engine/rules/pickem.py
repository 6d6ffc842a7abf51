"""Paradise Road Pick'em (000 §2.44): one player picks the game each hand.

Every player is dealt three cards; then one player picks Hold'em, Omaha High/Low
Eight-or-Better, Razz, Stud or Stud High/Low Eight-or-Better (the HORSE games)
and the hand plays on as that game.  The game declares every course with steps
``"... if NOTE"``; the pick sets the notes of its course.

``choose pickem GAME ...``
    The player under the gun (heads-up or three-handed, the button) picks one of
    the games named: ``holdem``, ``omaha8``, ``razz``, ``stud`` or ``stud8``.  The
    pick sets ``hand.situation.notes``: ``pickem`` (the game picked), the game's
    own word, and ``flop`` (hold'em, Omaha/8) or ``stud`` (the stud games); and
    it puts in play only that game's showdown shares (:data:`COURSES`: hold'em,
    stud: ``high``; Omaha/8: ``omaha-high`` and ``omaha-low``; razz: ``razz``;
    stud/8: ``high`` and ``low``).  The pick is public.  000: "if the under the
    gun player ... cannot or will not choose a game, the default game to be
    played is Hold'em": here the player always picks, and picking Hold'em is
    declining.

``choose pickem-door``
    The stud games: "each player will in turn (with action beginning with the
    player under the gun) either fold, call, or raise.  If they call or raise
    they will expose (i.e. roll) a door card of their choice at that time."  The
    engine cannot join a choice to a bet, so the first betting round is played
    whole and then each player still in, from under the gun in turn, turns one
    of the three face-down cards face up (an ``expose`` event, detail
    ``door``).  The cards exposed are the same; what is lost is that a player
    deciding in that round has not yet seen the door cards of those who called
    or raised before.

``do pickem-lead``
    The stud games from fourth street: "the betting action will start with the
    player with the high or low hand, as appropriate for the variation": the best
    hand showing, on the high scale (stud, stud/8) or the ace-to-five low scale
    (razz), leads the next betting round (ties: the first such seat from the
    button's left; seats all in are passed over while any other can bet).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from pokerbook.engine.events import Event
from pokerbook.engine.rules import Param, choice, effect, takes
from pokerbook.engine.rules.choices_stud import face_down, turn_up
from pokerbook.evaluation.scale import get_scale

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

#: ``hand.situation.notes`` key: the game picked
PICKEM: Final = "pickem"
#: the note of the hold'em and Omaha courses (a board and the flop's rounds)
FLOP: Final = "flop"
#: the note of the stud courses (door cards, fourth to seventh street)
STUD: Final = "stud"
#: the ``expose`` event detail of a door card
DOOR: Final = "door"
#: at this many players or fewer the button picks the game
BUTTON_PICKS: Final = 3


@dataclass(frozen=True)
class Course:
    """How a picked game plays on: its family's note, the shares in play and, for the
    stud games, the scale of the hand showing that leads each later round."""

    note: str
    shares: tuple[str, ...]
    lead: str | None = None


#: each game that may be picked, by its word
COURSES: Final[dict[str, Course]] = {
    "holdem": Course(FLOP, ("high",)),
    "omaha8": Course(FLOP, ("omaha-high", "omaha-low")),
    "razz": Course(STUD, ("razz",), "a5-low"),
    "stud": Course(STUD, ("high",), "high"),
    "stud8": Course(STUD, ("high", "low"), "high"),
}


def under_the_gun(hand: HandState) -> int:
    """The seat that picks and acts first: left of the last blind (left of the button
    with no blinds posted); heads-up or three-handed, the button."""
    if hand.seats <= BUTTON_PICKS:
        return hand.button
    posted = [s for s in hand.order_from(hand.button + 1) if hand.blinds_by_seat[s]]
    return (posted[-1] + 1) % hand.seats if posted else (hand.button + 1) % hand.seats


def picked(hand: HandState) -> str | None:
    """The game picked this hand, if the pick has been made."""
    chosen = hand.situation.notes.get(PICKEM)
    return chosen if isinstance(chosen, str) else None


class Pick:
    """The player under the gun (heads-up or three-handed, the button) picks the game
    the hand is played as."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """The player under the gun (heads-up or three-handed, the button)."""
        return [under_the_gun(hand)]

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        """The games named in the step, in its order."""
        unknown = [word for word in args if word not in COURSES]
        if unknown or not args:
            raise ValueError(
                f"{hand.game.id}: pickem picks from {', '.join(COURSES)}, not {list(args)}"
            )
        return args

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """Set the course's notes and put its shares in play."""
        course = COURSES[option]
        declared = {share.name for share in hand.game.showdown.shares}
        missing = [name for name in course.shares if name not in declared]
        if missing:
            raise ValueError(f"{hand.game.id} declares no share {missing} for {option}")
        situation = hand.situation
        situation.notes[PICKEM] = option
        situation.notes[option] = True
        situation.notes[course.note] = True
        situation.shares = course.shares
        return Event("choose", seat, detail=f"pickem {option}")


class Door:
    """Each player still in turns one face-down card up as the door card, in turn from
    under the gun."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """Every seat still in, clockwise from under the gun."""
        folded = hand.folded
        return [s for s in hand.order_from(under_the_gun(hand)) if not folded[s]]

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        """The seat's face-down cards, in the order dealt."""
        return tuple(str(c) for c in face_down(hand, seat))

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """Turn the chosen card face up, for everyone to see at once."""
        card = next(c for c in face_down(hand, seat) if str(c) == option)
        return turn_up(hand, seat, card, DOOR)


def best_showing(hand: HandState, scale: str) -> int:
    """The seat with the best hand showing on ``scale`` (ties: the first from the
    button's left), among the seats still in that can bet (all of them if none can)."""
    best_of = get_scale(scale).best
    order = [s for s in hand.order_from(hand.button + 1) if not hand.folded[s]]
    candidates = [s for s in order if hand.stacks[s] > 0] or order
    return max(candidates, key=lambda s: (best_of(hand.up_cards(s)), -order.index(s)))


@effect("pickem-lead")
def pickem_lead(hand: HandState, args: tuple[str, ...]) -> None:
    """The best hand showing for the game picked leads the next betting round."""
    game = picked(hand)
    lead = COURSES[game].lead if game is not None else None
    if lead is not None:
        hand.situation.first_to_act = best_showing(hand, lead)


choice("pickem", Pick())
choice("pickem-door", Door())

# the words each rule takes, checked when a game is read
takes("choose", "pickem", Param("games", "word", choices=tuple(COURSES), repeated=True))
