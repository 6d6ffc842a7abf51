"""Writing PHH hand histories (the format is described in :mod:`pokerbook.history.phh`)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date, datetime, time
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final

from pokerbook.cards.card import Card
from pokerbook.engine.events import SECOND_RUN
from pokerbook.history.model import GAME_FIELDS
from pokerbook.history.setup_keys import (
    AMOUNT,
    AMOUNTS,
    FLAG,
    OWN_SETUP_KEYS,
    PLAYER,
    PLAYER_SET,
    PLAYERS,
)
from pokerbook.history.variants import variant_code

if TYPE_CHECKING:
    from pokerbook.engine.events import Event
    from pokerbook.engine.hand import Hand


def _amount_text(amount: int, scale: int) -> str:
    if scale == 1 or amount % scale == 0:
        return str(amount // scale)
    return format(Decimal(amount) / scale, "f")


def _value(value: Any) -> str:
    """A TOML value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal | float):
        number = Decimal(str(value)) if isinstance(value, float) else value
        if number.is_infinite():
            return "inf" if number > 0 else "-inf"
        text = format(number, "f")
        return text if "." in text else text + ".0"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{json.dumps(str(k))} = {_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise TypeError(f"cannot write {value!r} in TOML")


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name)


def _card_text(cards: Iterable[Card], unknown: frozenset[Card]) -> str:
    return "".join("??" if c in unknown else str(c) for c in cards)


#: the action line of each kind of event that makes one (``draw`` makes two);
#: ``cards`` are the event's cards, ``thrown`` its discarded ones
_LINES: Final = {
    "deal-hole": "d dh {who} {cards}",
    "deal-board": "d db {cards}",
    "fold": "{who} f",
    "check": "{who} cc",
    "call": "{who} cc",
    "bet": "{who} cbr {amount}",
    "raise": "{who} cbr {amount}",
    "complete": "{who} cbr {amount}",
    "bring-in": "{who} pb",
    "discard": "{who} dc {thrown}",
    "show": "{who} sm {cards}",
    "muck": "{who} sm",
    "roll": "d rd {roll}",
    "choice": "{who} ch {detail}",
    "give": "{who} gv {thrown}",
    "receive": "{who} rc {cards}",
}

#: what follows a board line of the second run of a board run twice: a comment for
#: the reader (the replay needs only ``_run_twice``: the engine deals the second run
#: after the first, from the same deck, exactly as it did)
SECOND_RUN_NOTE: Final = " # run 2"


def hand_actions(
    hand: Hand,
    scale: int = 1,
    *,
    hidden: frozenset[Card] = frozenset(),
    hidden_choices: frozenset[int] = frozenset(),
) -> list[str]:
    """The PHH action lines of a hand, from its events; the cards in ``hidden`` are
    written ``??``, and so are the choices of the seats in ``hidden_choices`` (a
    history as one player may see it)."""
    order = hand.order_from(hand.button + 1)
    player = {seat: f"p{i + 1}" for i, seat in enumerate(order)}
    unknown: frozenset[Card] = getattr(hand.dealer, "unknown", frozenset()) | hidden
    lines: list[str] = []
    for event in hand.events:
        who = player[event.seat] if event.seat is not None else "d"
        if event.kind == "choice" and event.seat in hidden_choices:
            lines.append(f"{who} ch ??")
            continue
        if event.kind == "draw":
            thrown = _card_text(event.discarded, unknown)
            lines.append(f"{who} sd {thrown}".rstrip())
            if event.cards:
                lines.append(f"d dh {who} {_card_text(event.cards, unknown)}")
            continue
        line = _LINES.get(event.kind)
        if event.kind == "deal-hole" and event.detail.startswith("passed"):
            line = _LINES["receive"]  # cards a rule passed on: received, not dealt
        if line is not None:
            text = _line(line, event, who, unknown, scale)
            if event.detail == SECOND_RUN and event.kind == "deal-board":
                text += SECOND_RUN_NOTE
            lines.append(text)
    return lines


def _line(line: str, event: Event, who: str, unknown: frozenset[Card], scale: int) -> str:
    return line.format(
        who=who,
        cards=_card_text(event.cards, unknown),
        thrown=_card_text(event.discarded, unknown),
        amount=_amount_text(event.amount, scale),
        roll=event.amount,
        detail=event.detail,
    )


# -- the hand's table agreements ---------------------------------------------------------


class _Seats:
    """How seats and per-seat amounts of a hand are written: PHH numbers players
    from the button's left, and heads-up lists the button's amount first."""

    def __init__(self, hand: Hand, scale: int) -> None:
        self.order = hand.order_from(hand.button + 1)
        self.scale = scale

    def amounts(self, values: Sequence[int]) -> str:
        ordered = [values[s] for s in self.order]
        if len(ordered) == 2:
            ordered.reverse()
        return "[" + ", ".join(_amount_text(v, self.scale) for v in ordered) + "]"

    def player(self, seat: int) -> int:
        return self.order.index(seat) + 1


_SETUP_WRITERS: Final[dict[str, Callable[[_Seats, Any], str]]] = {
    AMOUNT: lambda seats, amount: _amount_text(amount, seats.scale),
    AMOUNTS: _Seats.amounts,
    PLAYER: lambda seats, seat: str(seats.player(seat)),
    PLAYERS: lambda seats, order: _value([seats.player(s) for s in order]),
    PLAYER_SET: lambda seats, chosen: _value(sorted(seats.player(s) for s in chosen)),
    FLAG: lambda seats, agreed: _value(bool(agreed)),
}


def _is_set(kind: str, value: Any) -> bool:
    """Whether a table agreement differs from a plain hand's (and must be written)."""
    if kind == PLAYER:
        return value is not None
    if kind == AMOUNTS:
        return value is not None and any(value)
    return bool(value)


def _setup_lines(hand: Hand, seats: _Seats) -> list[str]:
    """pokerbook's fields for the hand's table agreements that are set."""
    setup = hand.setup
    out: list[str] = []
    for row in OWN_SETUP_KEYS:
        value = getattr(setup, row.field)
        if _is_set(row.kind, value):
            out.append(f"{row.key} = {_SETUP_WRITERS[row.kind](seats, value)}")
    return out


# -- the document ------------------------------------------------------------------------


def _game_lines(hand: Hand, scale: int) -> list[str]:
    """The variant, its format and spread, the house and the smallest chip."""
    code, fmt = variant_code(hand.game, hand.stakes.format)
    stakes = hand.stakes
    out = [f"variant = {_value(code)}"]
    if fmt is not None:
        out.append(f"_format = {_value(fmt)}")
    if stakes.spread is not None:
        low, high = (_amount_text(a, scale) for a in stakes.spread)
        out.append(f"_spread = [{low}, {high}]")
    if hand.house.name != "barge":
        out.append(f"_house = {_value(hand.house.name)}")
    if stakes.chip > 1:
        out.append(f"_chip = {_amount_text(stakes.chip, scale)}")
    return out


def _blinds(hand: Hand) -> list[int]:
    """The blinds to record by seat: those posted.  A game of antes only posts
    none at the start; a rule that posts them later (Jackson's lowball round)
    posts the stakes' blinds from the button's left, and the record keeps them
    only when it did."""
    if hand.game.forced != "antes":
        return hand.blinds_by_seat
    later = [0] * hand.seats
    if any(event.kind == "blind" for event in hand.events):
        for offset, amount in enumerate(hand.stakes.blinds[: hand.seats]):
            later[(hand.button + 1 + offset) % hand.seats] = amount
    return later


def _stakes_lines(hand: Hand, seats: _Seats) -> list[str]:
    """The antes, the blinds or bring-in, the bet sizes and the starting stacks."""
    stakes, scale = hand.stakes, seats.scale
    # how the engine played the antes: one posted for the whole table is dead money in
    # the main pot ("false"); antes each player posts are their own stakes ("true")
    table_ante = any(getattr(hand, "dead", ()))
    out = [f"ante_trimming_status = {_value(not table_ante)}"]
    out.append(f"antes = {seats.amounts(hand.antes_by_seat)}")
    if hand.game.is_stud:
        out.append(f"bring_in = {_amount_text(stakes.bring_in, scale)}")
    else:
        out.append(f"blinds_or_straddles = {seats.amounts(_blinds(hand))}")
    if stakes.format == "limit":
        out.append(f"small_bet = {_amount_text(stakes.bet_size('small'), scale)}")
        out.append(f"big_bet = {_amount_text(stakes.bet_size('big'), scale)}")
    else:
        out.append(f"min_bet = {_amount_text(stakes.minimum_bet(), scale)}")
    stacks = [_amount_text(hand.starting_stacks[s], scale) for s in seats.order]
    out.append(f"starting_stacks = [{', '.join(stacks)}]")
    return out


def write_phh(
    hand: Hand,
    *,
    scale: int = 1,
    fields: Mapping[str, Any] | None = None,
    hidden: frozenset[Card] = frozenset(),
    hidden_choices: frozenset[int] = frozenset(),
) -> str:
    """A ``.phh`` document for ``hand`` (finished or not), ``finishing_stacks``
    included.  Amounts are divided by ``scale`` (a replayed history's own scale
    writes its amounts back as they were); ``fields`` adds metadata (players,
    event, ...) and overrides nothing the hand itself determines, so a replayed
    history writes back with ``write_phh(hand, scale=h.scale, fields=h.fields)``.

    The hand's table agreements are written with pokerbook's fields
    (:mod:`pokerbook.history.setup_keys`), each only when it is set; a board run
    twice is ``_run_twice = true`` and the second run's ``d db`` lines after the
    first run's (marked ``# run 2``).  ``hidden`` and ``hidden_choices``: see
    :func:`hand_actions` (such a history records what one player saw, and cannot be
    replayed)."""
    seats = _Seats(hand, scale)
    out = _game_lines(hand, scale) + _setup_lines(hand, seats) + _stakes_lines(hand, seats)
    out.append("actions = [")
    # literal strings: action lines hold no quotes, and they read back fastest
    lines = hand_actions(hand, scale, hidden=hidden, hidden_choices=hidden_choices)
    out.extend(f"  '{line}'," for line in lines)
    out.append("]")
    for name, value in (fields or {}).items():
        if name not in GAME_FIELDS and value is not None:
            out.append(f"{_key(name)} = {_value(value)}")
    finishing = [_amount_text(hand.stacks[s], scale) for s in seats.order]
    out.append(f"finishing_stacks = [{', '.join(finishing)}]")
    return "\n".join(out) + "\n"


def write_phhs(documents: Iterable[str]) -> str:
    """A ``.phhs`` file from ``.phh`` documents (tables ``[1]``, ``[2]`` ...)."""
    return "\n".join(f"[{i}]\n{doc}" for i, doc in enumerate(documents, start=1))
