"""A hand history as read from PHH: :class:`HandHistory` and its action lines.

The format itself is described in :mod:`pokerbook.history.phh`; the reader is
:mod:`pokerbook.history.reader`, the writer :mod:`pokerbook.history.writer`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, NamedTuple, TypeAlias

from pokerbook.cards.card import Card
from pokerbook.engine.setup import NO_SETUP, HandSetup
from pokerbook.games.model import Format, Game
from pokerbook.history.fast_toml import GAME_KEYS, POKERBOOK_FIELDS

#: an amount as a file writes it: whole (int), or a TOML float read as a Decimal
Number: TypeAlias = int | Decimal

#: fields that describe the hand's set-up and play (everything else is metadata)
GAME_FIELDS = frozenset(
    {
        "variant",
        *POKERBOOK_FIELDS,
        "format",
        *GAME_KEYS,
    }
)


class PHHError(ValueError):
    """A hand history that cannot be read (or replayed): says where and why."""


class Step(NamedTuple):
    """One action line.  ``seat`` is the 0-based player (None: the dealer);
    ``cards`` holds None for each unknown card (``??``).  Steps are immutable,
    and histories read from text may share equal ones."""

    position: int  # in the actions list (for messages)
    text: str
    seat: int | None
    kind: str  # "dh" "db" "f" "cc" "cbr" "pb" "sd" "dc" "sm" "rd" "ch" "gv" "rc"
    amount: int = 0  # cbr, in scaled chips (rd: the roll)
    cards: tuple[Card | None, ...] = ()
    dash: bool = False  # ``sm -``: show the cards already dealt


@dataclass(slots=True)
class HandHistory:
    """One hand read from PHH.  Amounts are in scaled whole chips (``scale``
    chips to one unit of the file); lists are in PHH player order.  Player
    ``pN`` of the file is seat ``N - 1`` of the replayed hand, whose button is
    the last player."""

    source: str
    game: Game
    format: Format
    variant: str
    antes: list[int]
    blinds: list[int]
    bring_in: int
    small_bet: int
    big_bet: int
    min_bet: int
    starting_stacks: list[int]
    steps: list[Step]
    scale: int = 1
    spread: tuple[int, int] | None = None
    house: str | None = None
    #: the smallest chip, in scaled chips (``_chip``; 1: not recorded)
    chip: int = 1
    #: the table's agreements for the hand, by seat (see :mod:`pokerbook.history.phh_setup`):
    #: the blinds and antes posted at the start, and pokerbook's own fields
    setup: HandSetup = NO_SETUP
    finishing_stacks: list[Decimal] | None = None
    fields: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.starting_stacks)

    def unscale(self, amount: int) -> Decimal:
        """A chip amount back in the file's units."""
        return Decimal(amount) / self.scale if self.scale != 1 else Decimal(amount)


def checked_number(value: Any, what: str, source: str) -> Number:
    """A finite, non-negative amount (an int, or a Decimal for a TOML float)."""
    if type(value) is int:
        if value < 0:
            raise PHHError(f"{source}: {what} cannot be negative ({value})")
        return value
    if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        raise PHHError(f"{source}: {what} must be a number, not {value!r}")
    number = value if isinstance(value, Decimal) else Decimal(str(value))
    if not number.is_finite():
        raise PHHError(f"{source}: {what} is {value}: only finite amounts can be replayed")
    if number < 0:
        raise PHHError(f"{source}: {what} cannot be negative ({value})")
    return number


def decimal_places(number: Number) -> int:
    """How many decimal places the amount needs (0 for a whole number)."""
    if type(number) is int:
        return 0
    assert isinstance(number, Decimal)
    exponent = number.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0
