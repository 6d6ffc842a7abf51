"""A hand's table agreements: what the table settled before the deal.

A :class:`HandSetup` is everything about one hand that is not the game, the stakes,
the stacks, the button, the house or the deck: the blinds and antes actually posted,
the dead part of missed blinds made up, a pot carried in from an unopened deal, a
kill or straddles, a bomb pot, an agreement to run it twice, the Overs buttons, and
a seat moved to act first or last in the first betting round.  The hand takes it
whole (``Hand(..., setup=HandSetup(...))``), the night makes one each deal, and the
hand history writes and reads its fields (:data:`FIELDS`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from pokerbook.engine.errors import HandConfigurationError
from pokerbook.games.model import Game


@dataclass(frozen=True, slots=True)
class HandSetup:
    """One hand's table agreements (seats are the hand's own, 0-based)."""

    #: each seat's blind (None: the stakes' own blinds for this button)
    blinds: tuple[int, ...] | None = None
    #: each seat's ante (None: the stakes' antes)
    antes: tuple[int, ...] | None = None
    #: the dead part of missed blinds made up, per seat (001 Blinds), for the main pot
    dead_blinds: tuple[int, ...] | None = None
    #: chips already in the pot from an unopened deal (001 JoB r.1)
    carried_in: int = 0
    #: the seat that acts first in the first betting round (a stud killer, 004 r.10)
    first_to_act: int | None = None
    #: the seat that acts last in the first betting round (a kill blind, 004 r.10)
    last_to_act: int | None = None
    #: the seat that killed the pot: its kill blind, or in stud the killer who opens
    #: (004 r.10; the kill pot's limits are in the stakes)
    kill: int | None = None
    #: the seats that straddled, in order (their straddles are in ``blinds``)
    straddles: tuple[int, ...] = ()
    #: each seat's bomb-pot ante (000 §1.4), 0 for no bomb pot
    bomb_pot: int = 0
    #: the players agreed to run it twice (001 Procedures r.14)
    run_twice: bool = False
    #: the seats holding an Overs button (004 r.8)
    overs: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        # lists are welcome from callers; the value keeps tuples (it is hashable)
        for name in ("blinds", "antes", "dead_blinds"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))
        if not isinstance(self.straddles, tuple):
            object.__setattr__(self, "straddles", tuple(self.straddles))
        if not isinstance(self.overs, frozenset):
            object.__setattr__(self, "overs", frozenset(self.overs))

    def changed(self) -> dict[str, Any]:
        """The fields that differ from a plain hand's (what a record must keep)."""
        plain = NO_SETUP
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(plain, f.name)
        }


#: a hand with no table agreements: the stakes' own blinds and antes
NO_SETUP = HandSetup()

#: the names of the fields, in order (what records and hand histories carry)
FIELDS: tuple[str, ...] = tuple(f.name for f in fields(HandSetup))


def can_be_bomb_pot(game: Game) -> bool:
    """Whether ``game`` can be dealt as a bomb pot: played with blinds, no openers."""
    return game.forced == "blinds" and not game.openers and not game.is_stud


def check_bomb_pot(game: Game, amount: int) -> None:
    """Raise :class:`HandConfigurationError` unless ``game`` can be a bomb pot for
    ``amount`` each."""
    if amount < 0:
        raise HandConfigurationError(f"a bomb pot's ante cannot be negative, not {amount}")
    if not can_be_bomb_pot(game):
        raise HandConfigurationError(
            f"{game.name} cannot be a bomb pot: a bomb pot skips the first betting round "
            "of a game played with blinds (000 §1.4)"
        )
