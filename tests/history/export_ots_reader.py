"""A reader of Open Tournament Summary files written from the specification
(ts-specs.handhistory.org, 1.1.x), not from the writer: one ``{"ots": {...}}`` JSON
object a file, its fields of the types the specification gives, refusing what does not
conform.  Tests read every summary they make with it."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime

#: the specification's tournament types and flags
TYPES = {"STT", "MTT"}
FLAGS = {
    "SNG", "DON", "Bounty", "Shootout", "Rebuy", "Matrix", "Push_Or_Fold", "Satellite",
    "Steps", "Deep", "Multi-Entry", "Fifty50", "Flipout", "TripleUp", "Lottery",
    "Re-Entry", "Power_Up", "Progressive-Bounty",
}  # fmt: skip
_VERSION = re.compile(r"^\d+\.\d+\.\d+$")
_CURRENCY = re.compile(r"^[A-Z]{3}$")


class NotOtsError(ValueError):
    """A file that is not an Open Tournament Summary."""


@dataclass(frozen=True)
class Finish:
    player: str
    position: int | None
    still_playing: bool
    prize: float
    ticket: float


@dataclass(frozen=True)
class Rebuys:
    player: str
    rebuys: int
    addons: int


@dataclass(frozen=True)
class Summary:
    spec_version: str
    number: str
    name: str
    start: datetime
    end: datetime | None
    currency: str
    buy_in: float
    fee: float
    bounty_fee: float | None
    initial_stack: int
    type: str
    flags: list[str]
    speed_type: str
    round_time: int
    prize_pool: float
    hero: str
    player_count: int
    finishes: list[Finish]
    rebuy_cost: float | None
    addon_cost: float | None
    rebuys: list[Rebuys]


def _need(body: dict[str, object], key: str, kind: type | tuple[type, ...]) -> object:
    if key not in body:
        raise NotOtsError(f"no {key!r}")
    value = body[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise NotOtsError(f"{key!r} is a boolean")
    if not isinstance(value, kind):
        raise NotOtsError(f"{key!r} is {type(value).__name__}, not {kind}")
    return value


def _money(body: dict[str, object], key: str) -> float:
    value = _need(body, key, (int, float))
    assert isinstance(value, int | float)
    if value < 0:
        raise NotOtsError(f"{key!r} is negative")
    return float(value)


def _optional_money(body: dict[str, object], key: str) -> float | None:
    if body.get(key) is None:
        return None
    return _money(body, key)


def _date(text: object, key: str) -> datetime:
    if not isinstance(text, str) or not text.endswith("Z"):
        raise NotOtsError(f"{key!r} is not an ISO 8601 UTC time")
    try:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        raise NotOtsError(f"{key!r} is not an ISO 8601 UTC time: {text!r}") from None


def _finish(item: object) -> Finish:
    if not isinstance(item, dict):
        raise NotOtsError("a tournament finish is not an object")
    name = _need(item, "player_name", str)
    still = item.get("still_playing", False)
    if not isinstance(still, bool):
        raise NotOtsError("'still_playing' is not a boolean")
    if still:  # the place and prize are optional while a player is still in
        position = item.get("finish_position")
        return Finish(str(name), position if isinstance(position, int) else None, True, 0, 0)
    position = _need(item, "finish_position", int)
    assert isinstance(position, int)
    if position < 1:
        raise NotOtsError(f"finish_position {position}")
    prize = _money(item, "prize")
    ticket = _optional_money(item, "ticket_value") or 0.0
    return Finish(str(name), position, False, prize, ticket)


def _rebuys(item: object) -> Rebuys:
    if not isinstance(item, dict):
        raise NotOtsError("a tournament rebuy is not an object")
    name, rebuys, addons = (
        _need(item, "player_name", str),
        _need(item, "rebuys", int),
        _need(item, "addons", int),
    )
    assert isinstance(rebuys, int)
    assert isinstance(addons, int)
    return Rebuys(str(name), rebuys, addons)


def read_summary(text: str) -> Summary:
    """The summary in an ``.ots`` file's text (:class:`NotOtsError` when it does not conform)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotOtsError(f"not JSON: {exc.msg}") from None
    if not isinstance(data, dict) or set(data) != {"ots"} or not isinstance(data["ots"], dict):
        raise NotOtsError("not one {'ots': {...}} object")
    body: dict[str, object] = data["ots"]
    version = str(_need(body, "spec_version", str))
    if not _VERSION.match(version):
        raise NotOtsError(f"spec_version {version!r}")
    for key in ("site_name", "network_name", "internal_version", "tournament_name"):
        _need(body, key, str)
    currency = str(_need(body, "currency", str))
    if not _CURRENCY.match(currency):
        raise NotOtsError(f"currency {currency!r}")
    start = _date(body.get("start_date_utc"), "start_date_utc")
    end = _date(body["end_date_utc"], "end_date_utc") if "end_date_utc" in body else None
    if end is not None and end < start:
        raise NotOtsError("the tournament ends before it starts")
    kind = str(_need(body, "type", str))
    if kind not in TYPES:
        raise NotOtsError(f"type {kind!r}")
    flags = body.get("flags") or []
    if not isinstance(flags, list) or not all(f in FLAGS for f in flags):
        raise NotOtsError(f"flags {flags!r}")
    speed = _need(body, "speed", dict)
    assert isinstance(speed, dict)
    speed_type = str(_need(speed, "type", str))
    round_time = _need(speed, "round_time", int)
    assert isinstance(round_time, int)
    stack = _need(body, "initial_stack", int)
    count = _need(body, "player_count", int)
    assert isinstance(stack, int)
    assert isinstance(count, int)
    items = _need(body, "tournament_finishes_and_winnings", list)
    assert isinstance(items, list)
    finishes = [_finish(item) for item in items]
    if len(finishes) != count:  # 1.1.3: every player who entered is listed
        raise NotOtsError(f"player_count {count} but {len(finishes)} finishes")
    hero = str(_need(body, "hero_player_name", str))
    rebuy_items = body.get("tournament_rebuys") or []
    if not isinstance(rebuy_items, list):
        raise NotOtsError("'tournament_rebuys' is not an array")
    return Summary(
        spec_version=version,
        number=str(_need(body, "tournament_number", str)),
        name=str(body["tournament_name"]),
        start=start,
        end=end,
        currency=currency,
        buy_in=_money(body, "buyin_amount"),
        fee=_money(body, "fee_amount"),
        bounty_fee=_optional_money(body, "bounty_fee_amount"),
        initial_stack=stack,
        type=kind,
        flags=[str(f) for f in flags],
        speed_type=speed_type,
        round_time=round_time,
        prize_pool=_money(body, "prize_pool"),
        hero=hero,
        player_count=count,
        finishes=finishes,
        rebuy_cost=_optional_money(body, "rebuy_cost"),
        addon_cost=_optional_money(body, "addon_cost"),
        rebuys=[_rebuys(item) for item in rebuy_items],
    )
