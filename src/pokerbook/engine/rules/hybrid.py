"""Games that change from one family to another in mid-hand.

``choose stud-arrange N``
    Hybrid (003): five-card draw, then "each player arranges two of his cards
    face down and three face up, and the game switches over to 7-card stud for
    the rest of the game".  Each live player, from the button's left, picks the
    ``N`` cards to turn face up (an option is those cards in the order held,
    written together: ``AsKd2c``); the others stay face down.  Players arrange
    their cards at the same time: each choice stays hidden (the ``choose`` event
    carries the cards, which only their holder sees) until the last player has
    chosen; then every player's cards are turned up at once, an ``expose`` event
    for each seat in the order they chose.  The last chooser's ``choose`` event
    is logged with the others and its ``expose`` event is the one returned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from pokerbook.cards.card import Card
from pokerbook.engine.events import Event
from pokerbook.engine.rules import Param, choice, takes
from pokerbook.engine.rules.choices_split import combination_options, live_from_left
from pokerbook.engine.rules.choices_stud import face_down

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

#: ``hand.situation.notes`` key: the cards each seat chose to turn up, in order chosen
ARRANGE_NOTE: Final = "stud-arrange"
#: the ``expose`` event detail of cards turned up in the arrangement
ARRANGED: Final = "arrange"


def turn_all_up(hand: HandState, seat: int, cards: tuple[Card, ...]) -> Event:
    """Turn the seat's ``cards`` face up; the ``expose`` event saying so."""
    for card in cards:
        hand.face_up[seat][hand.hole[seat].index(card)] = True
    hand.up[seat] = hand.up_cards(seat)
    return Event("expose", seat, len(cards), cards=cards, up=(True,) * len(cards), detail=ARRANGED)


class Arrange:
    """Each player sets N of the cards face up and the rest face down, all choosing in
    secret and turning their cards up at the same time."""

    def choosers(self, hand: HandState, args: tuple[str, ...]) -> list[int]:
        """Every live seat, from the button's left."""
        return live_from_left(hand)

    def _sets(
        self, hand: HandState, seat: int, args: tuple[str, ...]
    ) -> dict[str, tuple[Card, ...]]:
        count = int(args[0]) if args else 3
        return combination_options(tuple(face_down(hand, seat)), (count,))

    def options(self, hand: HandState, seat: int, args: tuple[str, ...]) -> tuple[str, ...]:
        """Each set of ``N`` of the seat's face-down cards, in the order held."""
        return tuple(self._sets(hand, seat, args))

    def apply(self, hand: HandState, seat: int, option: str, args: tuple[str, ...]) -> Event:
        """Keep the choice hidden until everyone has chosen (see :meth:`reveal`)."""
        cards = self._sets(hand, seat, args)[option]
        chosen = hand.situation.notes.setdefault(ARRANGE_NOTE, {})
        assert isinstance(chosen, dict)
        chosen[seat] = cards
        return Event("choose", seat, len(cards), cards=cards, detail=ARRANGED)

    def reveal(self, hand: HandState, args: tuple[str, ...]) -> list[Event]:
        """Everyone has chosen: turn every set up, in the order chosen."""
        chosen = hand.situation.notes.pop(ARRANGE_NOTE)
        assert isinstance(chosen, dict)
        return [turn_all_up(hand, s, c) for s, c in chosen.items()]


choice("stud-arrange", Arrange())

# the words each rule takes, checked when a game is read
takes("choose", "stud-arrange", Param("cards", "count", minimum=1, optional=True, default="3"))
