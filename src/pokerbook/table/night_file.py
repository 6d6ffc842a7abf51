"""Reading nights from TOML: the built-in nights (``data/nights.toml``) and a user's
night file.

A night file declares one night at its top level; ``data/nights.toml`` declares one
per table, keyed by the night's name.  The form (docs/nights.md has an example)::

    name = "Friday mix"          # optional (default: the file's name)
    house = "barge"              # barge, roberts, oresteen or homegame
    buy_in = 1000                # chips per seat
    rebuys = 0                   # 0 (busted players are out), a number, or "unlimited"
    rebuy_cap = "none"           # or "highest-stack" (004 r.6b)

    [[seats]]                    # optional; else the players are p1 .. pN
    name = "Ann"
    buy_in = 500                 # optional (default: the night's)

    [selection]
    kind = "rotation"            # or "dealers-choice"
    games = ["F01", "omaha/8", "razz"]
    hands_per_game = "orbit"     # rotation only: a number or "orbit"
    start = "first"              # rotation only: "first" or "random"
    bug = 0.1                    # dealer's choice only: how often a bot dealer adds
                                 # the Bug (004 r.3), where the house allows it

    [stakes.default]             # also [stakes.FAMILY] and [stakes.GAME_ID]
    format = "limit"
    blinds = [10, 20]
    small_bet = 20
    big_bet = 40
    chip = 1                     # optional: the smallest chip; bets are whole chips

    run_twice = 0.0              # optional: the chance the table agrees to run it twice
    [bomb_pots]                  # optional (000 §1.4)
    ante = 100                   # each player's ante
    every = 10                   # every Nth hand (0: none on a schedule)
    button = false               # the player on the button may call one
    button_chance = 0.0          # how often a bot on the button does

    [kills]                      # optional: kill pots (rules.md §1.5)
    kind = "full"                # or "half"
    rules = "oresteen"           # 004 r.10, or "roberts" (001 Kill Pots)
    games = "all"                # or "lowball"
    voluntary = 0.0              # lowball: the chance a player kills voluntarily (001 r.10)
    [stakes.D10.killed]          # optional: a killed pot's stakes, over the entry's

    [straddles]                  # optional: straddles as the house allows (004 r.7e)
    chance = 0.2                 # how often a player left of the last blind straddles

    [midnight]                   # optional: the stakes double (004 r.6g)
    after_hands = 120            # after this many hands
    at = 00:00:00                # or at this time, when the night is played live

    table_seats = 9              # optional: seats at the table, some empty
    full_buy_ins = false         # optional: buy-ins must be full (001 Buy-in)
    [churn]                      # optional: bots come and go at random, each hand
    sit_out = 0.05               # a player in sits out
    come_back = 0.3              # a player sitting out comes back
    leave = 0.01                 # a player leaves
    join = 0.1                   # somebody takes an empty seat

    [overs]                      # optional: Overs buttons (004 r.8)
    chance = 0.3                 # a bot takes one when it sits down
    between_deals = 0.0          # a bot without one takes one before a deal
    exclude = ["D10"]            # games whose limits stay

    [show_em]                    # optional: Show 'Em chips (004 r.6h)
    price = 300                  # what a chip costs (default $3 in cents)
    redemption = 150             # what the bank pays back for one unused
    buy = 0.5                    # a bot buys one when it sits down
    use = 0.3                    # a bot presents it to a player who won uncontested

    [tournament]                 # optional: a freezeout at one table; buy_in is the entry
    players = [5, 16]            # the fewest and most entrants
    level_hands = 10             # a level lasts this many hands, and/or
    level_minutes = 20           # this many minutes on a clock (whichever ends first)
    levels = [{ blinds = [50, 100], ante = 0 }, ...]
    denominations = [50, 100, 500, 1000, 5000]
    [tournament.chips]           # players = each player's count of each denomination
    5 = [10, 10, 5, 5, 5]
    [tournament.payouts]         # players = the prize of each place from first
    5 = [125, 0, 0, 0]

Every problem raises :class:`NightFileError` naming the file and the key.
"""

from __future__ import annotations

import re
import tomllib
from datetime import time
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, get_args

from pokerbook.games.catalogue import UnknownGameError, find_game
from pokerbook.games.house import House, find_house
from pokerbook.games.model import Format
from pokerbook.games.stakes import Stakes
from pokerbook.registry import Registry, UnknownNameError
from pokerbook.table.agreements import BombPots
from pokerbook.table.kills import KillRule
from pokerbook.table.midnight import Midnight
from pokerbook.table.night import (
    STAKES_KEYS,
    Churn,
    Night,
    NightError,
    RebuyRule,
    Seat,
    StakesTable,
)
from pokerbook.table.overs import OversRule
from pokerbook.table.selection import DealersChoice, Rotation, Selection
from pokerbook.table.show_em import PRICE, REDEMPTION, ShowEmRule
from pokerbook.table.straddles import StraddleRule
from pokerbook.table.tournament import TournamentError, TournamentRule, parse_tournament

NIGHT_KEYS = (
    "name",
    "description",
    "house",
    "buy_in",
    "rebuys",
    "rebuy_cap",
    "seats",
    "selection",
    "stakes",
    "notes",
    "sources",
    "bomb_pots",
    "run_twice",
    "kills",
    "straddles",
    "midnight",
    "table_seats",
    "full_buy_ins",
    "churn",
    "tournament",
    "overs",
    "show_em",
)
OVERS_KEYS = ("chance", "between_deals", "exclude")
SHOW_EM_KEYS = ("price", "redemption", "buy", "use")
CHURN_KEYS = ("sit_out", "come_back", "leave", "join")
KILL_KEYS = ("kind", "rules", "games", "voluntary")
MIDNIGHT_KEYS = ("after_hands", "at")
BOMB_POT_KEYS = ("ante", "every", "button", "button_chance")
SELECTION_KEYS = ("kind", "games", "hands_per_game", "start", "bug")
SEAT_KEYS = ("name", "buy_in")
STAKES_FIELDS = (
    "format",
    "blinds",
    "ante",
    "big_blind_ante",
    "dealer_ante",
    "bring_in",
    "small_bet",
    "big_bet",
    "spread",
    "min_bet",
    "chip",
)
_GAME_ID = re.compile(r"[FSDH]\d\d")


class NightFileError(NightError):
    """A night declaration that cannot be read: the message names the file and key."""


def _fail(source: str, where: str, message: str) -> NightFileError:
    place = f"{source}: {where}" if where else source
    return NightFileError(f"{place}: {message}")


def _unknown_keys(raw: dict[str, Any], known: tuple[str, ...], source: str, where: str) -> None:
    extra = sorted(set(raw) - set(known))
    if extra:
        raise _fail(
            source,
            where,
            f"unknown key {', '.join(map(repr, extra))} (known: {', '.join(known)})",
        )


def _table(value: Any, source: str, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(source, where, f"should be a table, not {value!r}")
    return value


def _int(value: Any, source: str, where: str, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(source, where, f"should be a whole number of chips, not {value!r}")
    if value < minimum:
        raise _fail(source, where, f"should be at least {minimum}, not {value}")
    return value


def _text(value: Any, source: str, where: str) -> str:
    if not isinstance(value, str):
        raise _fail(source, where, f"should be a string, not {value!r}")
    return value


def _texts(value: Any, source: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise _fail(source, where, f"should be a list of strings, not {value!r}")
    return tuple(_text(v, source, f"{where}[{i}]") for i, v in enumerate(value))


def _house(value: Any, source: str) -> House:
    try:
        return find_house(_text(value, source, "house"))
    except KeyError as exc:
        raise _fail(source, "house", str(exc.args[0])) from None


def _rebuys(raw: dict[str, Any], source: str) -> RebuyRule:
    value = raw.get("rebuys", 0)
    limit: int | None
    if value == "unlimited":
        limit = None
    elif isinstance(value, int) and not isinstance(value, bool):
        limit = _int(value, source, "rebuys")
    else:
        raise _fail(source, "rebuys", f'should be a number or "unlimited", not {value!r}')
    cap = raw.get("rebuy_cap", "none")
    if cap not in ("none", "highest-stack"):
        raise _fail(source, "rebuy_cap", f'should be "none" or "highest-stack", not {cap!r}')
    return RebuyRule(limit, cap_at_highest_stack=cap == "highest-stack")


def _game_id(name: str, source: str, where: str) -> str:
    try:
        return find_game(name).id
    except UnknownGameError as exc:
        raise _fail(source, where, str(exc)) from None


def _selection(value: Any, source: str) -> Selection:
    raw = _table(value, source, "selection")
    _unknown_keys(raw, SELECTION_KEYS, source, "selection")
    kind = raw.get("kind")
    if "games" not in raw:
        raise _fail(source, "selection", "missing 'games' (a list of game IDs or names)")
    names = _texts(raw["games"], source, "selection.games")
    if not names:
        raise _fail(source, "selection.games", "lists no games")
    games = tuple(_game_id(n, source, f"selection.games[{i}]") for i, n in enumerate(names))
    if kind == "dealers-choice":
        bug = _chance(raw["bug"], source, "selection.bug") if "bug" in raw else 0.0
        for key in ("hands_per_game", "start"):
            if key in raw:
                raise _fail(
                    source, f"selection.{key}", "applies to a rotation, not dealer's choice"
                )
        twice = sorted({g for g in games if games.count(g) > 1})
        if twice:
            raise _fail(source, "selection.games", f"lists {', '.join(twice)} twice")
        return DealersChoice(games, bug)
    if "bug" in raw:
        raise _fail(source, "selection.bug", "applies to dealer's choice, not a rotation")
    if kind != "rotation":
        raise _fail(
            source, "selection.kind", f'should be "rotation" or "dealers-choice", not {kind!r}'
        )
    each = raw.get("hands_per_game", "orbit")
    hands = None if each == "orbit" else _int(each, source, "selection.hands_per_game", minimum=1)
    start = raw.get("start", "first")
    if start not in ("first", "random"):
        raise _fail(source, "selection.start", f'should be "first" or "random", not {start!r}')
    return Rotation(games, hands, random_start=start == "random")


def _stakes_entry(raw: dict[str, Any], source: str, where: str) -> Stakes:
    _unknown_keys(raw, STAKES_FIELDS, source, where)
    fmt = raw.get("format")
    if fmt not in get_args(Format):
        formats = ", ".join(get_args(Format))
        raise _fail(source, f"{where}.format", f"should be one of {formats}, not {fmt!r}")
    values: dict[str, Any] = {"format": fmt}
    for key in ("ante", "bring_in", "small_bet", "big_bet", "min_bet"):
        if key in raw:
            values[key] = _int(raw[key], source, f"{where}.{key}")
    if "chip" in raw:
        values["chip"] = _int(raw["chip"], source, f"{where}.chip", minimum=1)
    for key in ("big_blind_ante", "dealer_ante"):
        if key in raw:
            if not isinstance(raw[key], bool):
                raise _fail(source, f"{where}.{key}", f"should be true or false, not {raw[key]!r}")
            values[key] = raw[key]
    if "blinds" in raw:
        blinds = raw["blinds"]
        if not isinstance(blinds, list):
            raise _fail(
                source, f"{where}.blinds", f"should be a list such as [1, 2], not {blinds!r}"
            )
        values["blinds"] = tuple(
            _int(b, source, f"{where}.blinds[{i}]", minimum=1) for i, b in enumerate(blinds)
        )
    if "spread" in raw:
        spread = raw["spread"]
        if not (isinstance(spread, list) and len(spread) == 2):
            raise _fail(source, f"{where}.spread", f"should be [minimum, maximum], not {spread!r}")
        low, high = (
            _int(s, source, f"{where}.spread[{i}]", minimum=1) for i, s in enumerate(spread)
        )
        if low > high:
            raise _fail(source, f"{where}.spread", f"the minimum {low} is above the maximum {high}")
        values["spread"] = (low, high)
    if fmt == "spread-limit" and "spread" not in values:
        raise _fail(source, where, "spread-limit stakes need spread = [minimum, maximum]")
    try:
        return Stakes(**values)
    except ValueError as exc:
        raise _fail(source, where, str(exc)) from None


def _stakes(value: Any, source: str) -> StakesTable:
    raw = _table(value, source, "stakes")
    entries: list[tuple[str, Stakes]] = []
    killed: list[tuple[str, Stakes]] = []
    for key, entry in raw.items():
        where = f"stakes.{key}"
        if key not in STAKES_KEYS and not _GAME_ID.fullmatch(key):
            raise _fail(
                source,
                where,
                f"unknown stakes key {key!r}: use default, a family "
                f"({', '.join(STAKES_KEYS[1:])}) or a game ID such as F01",
            )
        if _GAME_ID.fullmatch(key):
            _game_id(key, source, where)
        fields = dict(_table(entry, source, where))
        over = (
            _table(fields.pop("killed"), source, f"{where}.killed") if "killed" in fields else None
        )
        entries.append((key, _stakes_entry(fields, source, where)))
        if over is not None:
            killed.append((key, _stakes_entry({**fields, **over}, source, f"{where}.killed")))
    if not entries:
        raise _fail(source, "stakes", "declares no stakes: add [stakes.default]")
    return StakesTable(tuple(entries), killed=tuple(killed))


def _seats(value: Any, buy_in: int, source: str) -> tuple[Seat, ...]:
    if not isinstance(value, list):
        raise _fail(source, "seats", "should be an array of tables ([[seats]])")
    seats: list[Seat] = []
    for i, item in enumerate(value):
        where = f"seats[{i}]"
        raw = _table(item, source, where)
        _unknown_keys(raw, SEAT_KEYS, source, where)
        if "name" not in raw:
            raise _fail(source, where, "missing 'name'")
        name = _text(raw["name"], source, f"{where}.name")
        amount = _int(raw.get("buy_in", buy_in), source, f"{where}.buy_in", minimum=1)
        seats.append(Seat(name, amount))
    return tuple(seats)


def _flag(value: Any, source: str, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(source, where, f"should be true or false, not {value!r}")
    return value


def _chance(value: Any, source: str, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise _fail(source, where, f"should be a chance from 0 to 1, not {value!r}")
    return float(value)


def _churn(value: Any, source: str) -> Churn:
    raw = _table(value, source, "churn")
    _unknown_keys(raw, CHURN_KEYS, source, "churn")
    return Churn(**{k: _chance(raw[k], source, f"churn.{k}") for k in CHURN_KEYS if k in raw})


def _bomb_pots(value: Any, source: str) -> BombPots:
    raw = _table(value, source, "bomb_pots")
    _unknown_keys(raw, BOMB_POT_KEYS, source, "bomb_pots")
    if "ante" not in raw:
        raise _fail(source, "bomb_pots", "missing 'ante' (each player's ante)")
    button = raw.get("button", False)
    if not isinstance(button, bool):
        raise _fail(source, "bomb_pots.button", f"should be true or false, not {button!r}")
    try:
        return BombPots(
            ante=_int(raw["ante"], source, "bomb_pots.ante", minimum=1),
            every=_int(raw.get("every", 0), source, "bomb_pots.every"),
            button=button,
            button_chance=_chance(raw.get("button_chance", 0.0), source, "bomb_pots.button_chance"),
        )
    except ValueError as exc:
        raise _fail(source, "bomb_pots", str(exc)) from None


def _choice(
    raw: dict[str, Any], key: str, options: tuple[str, ...], source: str, where: str
) -> Any:
    value = raw.get(key, options[0])
    if value not in options:
        wanted = " or ".join(repr(o) for o in options)
        raise _fail(source, f"{where}.{key}", f"should be {wanted}, not {value!r}")
    return value


def _kills(value: Any, source: str) -> KillRule:
    raw = _table(value, source, "kills")
    _unknown_keys(raw, KILL_KEYS, source, "kills")
    return KillRule(
        kind=_choice(raw, "kind", ("full", "half"), source, "kills"),
        rules=_choice(raw, "rules", ("oresteen", "roberts"), source, "kills"),
        games=_choice(raw, "games", ("all", "lowball"), source, "kills"),
        voluntary=_chance(raw.get("voluntary", 0.0), source, "kills.voluntary"),
    )


def _straddles(value: Any, source: str) -> StraddleRule:
    raw = _table(value, source, "straddles")
    _unknown_keys(raw, ("chance",), source, "straddles")
    return StraddleRule(_chance(raw.get("chance", 0.0), source, "straddles.chance"))


def _midnight(value: Any, source: str) -> Midnight:
    raw = _table(value, source, "midnight")
    _unknown_keys(raw, MIDNIGHT_KEYS, source, "midnight")
    if not raw:
        raise _fail(source, "midnight", "say when: after_hands = N, or at = 00:00:00")
    after = raw.get("after_hands")
    at = raw.get("at")
    if isinstance(at, str):
        try:
            at = time.fromisoformat(at)
        except ValueError:
            raise _fail(
                source, "midnight.at", f"should be a time such as 00:00, not {at!r}"
            ) from None
    if at is not None and not isinstance(at, time):
        raise _fail(source, "midnight.at", f"should be a time such as 00:00:00, not {at!r}")
    return Midnight(
        after_hands=None if after is None else _int(after, source, "midnight.after_hands"),
        at=at,
    )


def _tournament(value: Any, source: str) -> TournamentRule:
    try:
        return parse_tournament(value)
    except TournamentError as exc:
        raise _fail(source, "tournament", str(exc)) from None


def _overs(value: Any, source: str) -> OversRule:
    raw = _table(value, source, "overs")
    _unknown_keys(raw, OVERS_KEYS, source, "overs")
    exclude = _texts(raw.get("exclude", []), source, "overs.exclude")
    return OversRule(
        chance=_chance(raw.get("chance", 0.0), source, "overs.chance"),
        between_deals=_chance(raw.get("between_deals", 0.0), source, "overs.between_deals"),
        exclude=tuple(_game_id(g, source, f"overs.exclude[{i}]") for i, g in enumerate(exclude)),
    )


def _show_em(value: Any, source: str) -> ShowEmRule:
    raw = _table(value, source, "show_em")
    _unknown_keys(raw, SHOW_EM_KEYS, source, "show_em")
    try:
        return ShowEmRule(
            price=_int(raw.get("price", PRICE), source, "show_em.price", minimum=1),
            redemption=_int(raw.get("redemption", REDEMPTION), source, "show_em.redemption"),
            buy=_chance(raw.get("buy", 0.0), source, "show_em.buy"),
            use=_chance(raw.get("use", 0.0), source, "show_em.use"),
        )
    except ValueError as exc:
        raise _fail(source, "show_em", str(exc)) from None


def parse_night(raw: dict[str, Any], *, key: str, source: str) -> Night:
    """A night from its TOML table; ``key`` names it, ``source`` is where it was read
    (for the error messages)."""
    _unknown_keys(raw, NIGHT_KEYS, source, "")
    for required in ("house", "buy_in", "selection", "stakes"):
        if required not in raw:
            raise _fail(source, "", f"missing {required!r}")
    buy_in = _int(raw["buy_in"], source, "buy_in", minimum=1)
    try:
        return Night(
            key=key,
            name=_text(raw.get("name", key), source, "name"),
            house=_house(raw["house"], source),
            selection=_selection(raw["selection"], source),
            stakes=_stakes(raw["stakes"], source),
            buy_in=buy_in,
            rebuys=_rebuys(raw, source),
            seats=_seats(raw.get("seats", []), buy_in, source),
            description=_text(raw.get("description", ""), source, "description"),
            notes=_texts(raw.get("notes", []), source, "notes"),
            sources=_texts(raw.get("sources", []), source, "sources"),
            bomb_pots=_bomb_pots(raw["bomb_pots"], source) if "bomb_pots" in raw else None,
            run_twice=_chance(raw.get("run_twice", 0.0), source, "run_twice"),
            kills=_kills(raw["kills"], source) if "kills" in raw else None,
            straddles=_straddles(raw["straddles"], source) if "straddles" in raw else None,
            midnight=_midnight(raw["midnight"], source) if "midnight" in raw else None,
            table_seats=(
                _int(raw["table_seats"], source, "table_seats", minimum=2)
                if "table_seats" in raw
                else None
            ),
            full_buy_ins=_flag(raw.get("full_buy_ins", False), source, "full_buy_ins"),
            churn=_churn(raw["churn"], source) if "churn" in raw else None,
            overs=_overs(raw["overs"], source) if "overs" in raw else None,
            show_em=_show_em(raw["show_em"], source) if "show_em" in raw else None,
            tournament=_tournament(raw["tournament"], source) if "tournament" in raw else None,
        )
    except NightFileError:
        raise
    except NightError as exc:
        raise NightFileError(f"{source}: {exc}") from None


@cache
def builtin_nights() -> dict[str, Night]:
    """The built-in nights from ``data/nights.toml``, by name."""
    text = resources.files("pokerbook.data").joinpath("nights.toml").read_text(encoding="utf-8")
    raw = tomllib.loads(text)
    return {
        key: parse_night(value, key=key, source=f"nights.toml [{key}]")
        for key, value in raw.items()
    }


def read_toml(where: Path, what: str, error: type[ValueError]) -> dict[str, Any]:
    """The TOML file at ``where`` (the ``what`` file: "night", "structure"), or ``error``
    saying in one line why it cannot be read."""
    try:
        text = where.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{where}: cannot read the {what} file ({exc.strerror})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{where}: not valid TOML: {exc}") from None


def load_night_file(path: Path | str) -> Night:
    """The night declared in a TOML file."""
    where = Path(path)
    raw = read_toml(where, "night", NightFileError)
    return parse_night(raw, key=where.stem, source=str(where))


class UnknownNightError(UnknownNameError, NightError):
    """No built-in night has that name (and it is no night file's path)."""


@cache
def night_registry() -> Registry[Night]:
    """The built-in nights in the one registry shape (:mod:`pokerbook.registry`)."""
    nights: Registry[Night] = Registry("night", error=UnknownNightError)
    for key, night in builtin_nights().items():
        nights.register(key, night)
    return nights


def find_night(name: str) -> Night:
    """A built-in night by name (``horse``, ``barge-26`` ...) or a night file's path."""
    nights = night_registry()
    if name in nights:
        return nights.get(name)
    path = Path(name)
    if path.suffix.lower() == ".toml" or path.exists():
        return load_night_file(path)
    raise nights.unknown(name)
