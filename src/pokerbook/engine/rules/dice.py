"""Dice: ``roll N [PURPOSE]`` rolls N six-sided dice, records each roll as a
``roll`` event (the purpose in its detail) and in ``hand.situation.dice``.
Rules that read the dice (a qualifier, a layout) look at the situation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerbook.engine.events import Event
from pokerbook.engine.rules import Param, effect, takes

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

SIDES = 6


@effect("roll")
def roll(hand: HandState, args: tuple[str, ...]) -> None:
    """Roll ``args[0]`` dice; the rest of ``args`` says what for."""
    count = int(args[0]) if args else 1
    purpose = " ".join(args[1:])
    for _ in range(count):
        value = hand.dealer.roll(SIDES)
        hand.situation.dice.append(value)
        hand.log(Event("roll", None, value, detail=purpose))


# the words each rule takes, checked when a game is read
takes(
    "do",
    "roll",
    Param("dice", "count", minimum=1, optional=True, default="1"),
    Param("purpose", "text", optional=True, repeated=True),
)
