"""What a PHH history's fields say about a hand beyond its play, for export: a
stable hand number, the players' names and table seats, the date, the currency
and the tournament (docs/phh.md, "Exports")."""

from __future__ import annotations

import hashlib
from typing import Any

from pokerbook.history.model import HandHistory


def hand_number(history: HandHistory) -> int:
    """A stable number for the hand: the history's own ``hand`` number when it is a
    whole number above 1000, else one made from the hand's content (its stakes,
    stacks, actions and metadata), so exporting the same hand twice gives the same
    number and a tracker does not import it twice."""
    own = history.fields.get("hand")
    if isinstance(own, int) and not isinstance(own, bool) and own > 1000:
        return own
    parts = [
        history.variant,
        repr(history.starting_stacks),
        repr(history.antes),
        repr(history.blinds),
        *(step.text.split("#", 1)[0].strip() for step in history.steps),
        *(f"{k}={v!r}" for k, v in sorted(history.fields.items()) if k != "actions"),
    ]
    digest = hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()
    return 100_000_000_000 + int(digest[:15], 16) % 900_000_000_000


def player_names(history: HandHistory) -> list[str]:
    """The players' names (``players``, else ``p1`` ...), made unique."""
    given = history.fields.get("players")
    names = [str(n) for n in given] if isinstance(given, list) else []
    if len(names) != history.players:
        names = [f"p{i + 1}" for i in range(history.players)]
    seen: set[str] = set()
    out = []
    for i, given_name in enumerate(names):
        name = " ".join(given_name.split()) or f"p{i + 1}"
        if name in seen:
            name = f"{name} ({i + 1})"
        seen.add(name)
        out.append(name)
    return out


def seat_numbers(history: HandHistory) -> list[int]:
    given = history.fields.get("seats")
    if isinstance(given, list) and len(given) == history.players:
        numbers = [int(n) for n in given]
        if len(set(numbers)) == len(numbers) and min(numbers) >= 1:
            return numbers
    return list(range(1, history.players + 1))


def hand_date(history: HandHistory) -> tuple[int, int, int, int, int, int]:
    """The hand's date and time (``year``, ``month``, ``day``, ``time``): a month or
    day not recorded is the first; no year at all is 2000-01-01."""
    fields = history.fields

    def whole(key: str, default: int) -> int:
        value = fields.get(key, default)
        return value if isinstance(value, int) and not isinstance(value, bool) else default

    year = whole("year", 0)
    if not year:
        return (2000, 1, 1, 0, 0, 0)
    moment = fields.get("time")
    hour = getattr(moment, "hour", 0)
    minute = getattr(moment, "minute", 0)
    second = getattr(moment, "second", 0)
    return (year, whole("month", 1), whole("day", 1), hour, minute, second)


def currency(history: HandHistory) -> str:
    value = history.fields.get("currency")
    if isinstance(value, str) and value.isalpha() and len(value) == 3:
        return value.upper()
    symbol = history.fields.get("currency_symbol")
    return {"$": "USD", "€": "EUR", "£": "GBP"}.get(str(symbol), "")


def tournament(history: HandHistory) -> dict[str, Any] | None:
    """The tournament a hand belongs to, from the fields ``_tournament`` (its id),
    ``_buy_in``, ``_fee``, ``level`` and ``event`` (its name); None for a cash hand."""
    fields = history.fields
    if "_tournament" not in fields:
        return None
    return {
        "id": str(fields["_tournament"]),
        "buy_in": fields.get("_buy_in"),
        "fee": fields.get("_fee"),
        "level": fields.get("level"),
        "name": fields.get("event"),
    }
