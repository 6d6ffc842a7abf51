"""Reading tournament structures from TOML: the built-ins (``data/tournaments.toml``,
one table per structure) and a user's structure file (one structure at its top level).

Strict: an unknown key, a wrong type or a level whose stakes some game of it cannot
be dealt at (:func:`pokerbook.games.stakes.stakes_problem`) raises
:class:`StructureError` naming the file, the key path and what is wrong.  The form
(every key but the required ones is optional)::

    name = "Sunday NLHE"
    description = "..."
    house = "roberts"               # required: a house (barge, roberts, oresteen, homegame)
    profile = "roberts"             # required: balancing (roberts, oresteen, tda)
    games = ["nlhe"]                # required: names, IDs or aliases (nlhe: no limit)
    format = "no-limit"             # required: for games whose name names no format
    hands_per_game = 8              # a rotation: hands of each game at a table
    dealers_choice = false          # or the dealer picks a game each hand
    table_size = 9                  # required
    players = [2, 10000]            # the fewest and most entrants
    buy_in = 100                    # required: money to the prize pool per entry
    fee = 10                        # to the house;  bounty = 25: on each head
    denominations = [25, 100, 500]  # required: every chip used, smallest first
    starting_chips = 10000          # or [chips]: field size = total or counts by denomination
    level_minutes = 20              # each level's length unless it says (or level_hands)
    breaks = { every = 4, minutes = 10 }    # a break after every 4th level
    levels = [                      # required, in order from level 1
        { blinds = [25, 50] },
        { blinds = [50, 100], ante = 100, big_blind_ante = true, colour_up = 25 },
        { blinds = [100, 200], bets = [200, 400], bring_in = 50, games = ["razz"] },
        { blinds = [200, 400], minutes = 30, break_minutes = 15 },
    ]
    payout_table = "standard"       # a table of [payout_tables] in data/tournaments.toml, or
    payout_percents = [50, 30, 20]  # one row for any field, or a table by smallest field:
    [payout_percents]
    2 = [100]
    10 = [50, 30, 20, { places = 2, each = 0 }]   # bands: `places` places of `each`
    [payouts]                       # or amounts by field size (rows sum to the pool)
    5 = [125, 0, 0, 0]
    [rebuys]   until_level, price, chips, most, at_or_below
    [add_on]   after_level, price, chips
    [lammers]  count, chips, redeem_by_level
    [shootout] advance = 1
    [absent]   rule = "killed" | "dead-facing-bet", removed_after_minutes, removed_at_new_level
    [side_game] after_busts, game, ante, buy_in
    [deal]     players = 3, by = "icm" | "chop" | "even"   (the event ends with the deal)
    late_until_level, re_entries, jam_or_fold, bomb_pot, win_the_button, seat_cards,
    hand_for_hand, seconds_per_hand, sources, notes
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import MISSING, fields, replace
from decimal import Decimal
from functools import cache
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any, get_args

from pokerbook.engine.setup import can_be_bomb_pot
from pokerbook.games.catalogue import find_game
from pokerbook.games.model import Format
from pokerbook.games.stakes import stakes_problem
from pokerbook.table.night_file import (
    NightFileError,
    _choice,
    _fail,
    _flag,
    _game_id,
    _house,
    _int,
    _table,
    _text,
    _texts,
    _unknown_keys,
    read_toml,
)
from pokerbook.tournament.model import ProfileName
from pokerbook.tournament.structure import (
    Absent,
    AddOn,
    Deal,
    Lammers,
    Level,
    Rebuys,
    Shootout,
    SideGame,
    Structure,
    StructureError,
)

#: the most players an ICM deal is made for (the exact model's size: pokerbook.tournament.icm)
MOST_ICM_DEAL = 16

# fmt: off
#: the keys of a structure, and of one of its levels
KEYS = (
    "name", "description", "house", "profile", "games", "format", "hands_per_game",
    "dealers_choice", "table_size", "players", "buy_in", "fee", "bounty", "denominations",
    "starting_chips", "chips", "level_minutes", "level_hands", "breaks", "levels",
    "payout_table", "payout_percents", "payouts", "rebuys", "add_on", "lammers", "shootout",
    "absent", "side_game", "deal", "late_until_level", "re_entries", "jam_or_fold", "bomb_pot",
    "win_the_button", "seat_cards", "hand_for_hand", "seconds_per_hand", "sources", "notes",
)
LEVEL_KEYS = (
    "blinds", "ante", "big_blind_ante", "bring_in", "bets", "minutes", "hands", "games",
    "break_minutes", "colour_up",
)
# fmt: on
PROFILES: tuple[ProfileName, ...] = get_args(ProfileName)
#: the top-level table of data/tournaments.toml holding named percent tables
PAYOUT_TABLES = "payout_tables"
REQUIRED = ("house", "profile", "games", "format", "table_size", "buy_in", "denominations")


def _positive(value: Any, source: str, where: str, *, zero: bool = False) -> float:
    """A number of minutes or seconds: above 0 (or 0 when ``zero``)."""
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    if not ok or value < 0 or (value == 0 and not zero):
        least = "0 or more" if zero else "above 0"
        raise _fail(source, where, f"should be a number {least}, not {value!r}")
    return float(value)


def _ints(value: Any, source: str, where: str, *, minimum: int = 0) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise _fail(source, where, f"should be a list of whole numbers, not {value!r}")
    return tuple(_int(v, source, f"{where}[{i}]", minimum=minimum) for i, v in enumerate(value))


def _pair(value: Any, source: str, where: str, what: str) -> tuple[int, int]:
    items = _ints(value, source, where, minimum=1)
    if len(items) != 2 or items[0] > items[1]:
        raise _fail(source, where, f"should be {what}, the first at most the second, not {value}")
    return items[0], items[1]


def _rows(value: Any, source: str, where: str) -> dict[int, Any]:
    """A table keyed by a number of players: ``8 = ...``."""
    rows: dict[int, Any] = {}
    for key, row in _table(value, source, where).items():
        if not key.isdigit() or int(key) < 1:
            raise _fail(source, f"{where}.{key}", "rows are keyed by a number of players")
        rows[int(key)] = row
    return rows


def _level(raw: Any, number: int, defaults: dict[str, Any], source: str) -> Level:
    where = f"levels[{number - 1}]"
    entry = _table(raw, source, where)
    _unknown_keys(entry, LEVEL_KEYS, source, where)
    blinds = _ints(entry.get("blinds", []), source, f"{where}.blinds", minimum=1)
    if len(blinds) > 2 or (len(blinds) == 2 and blinds[0] > blinds[1]):
        raise _fail(source, f"{where}.blinds", f"should be [small, big], not {list(blinds)}")
    minutes = entry.get("minutes", defaults.get("level_minutes"))
    hands = entry.get("hands", defaults.get("level_hands"))
    if minutes is None and hands is None:
        raise _fail(source, where, "say how long it lasts: minutes, hands or level_minutes")
    games = entry.get("games")
    return Level(
        number=number,
        blinds=blinds,
        ante=_int(entry.get("ante", 0), source, f"{where}.ante"),
        big_blind_ante=_flag(entry.get("big_blind_ante", False), source, f"{where}.big_blind_ante"),
        bring_in=_int(entry.get("bring_in", 0), source, f"{where}.bring_in"),
        bets=None
        if "bets" not in entry
        else _pair(entry["bets"], source, f"{where}.bets", "[small, big]"),
        minutes=None if minutes is None else _positive(minutes, source, f"{where}.minutes"),
        hands=None if hands is None else _int(hands, source, f"{where}.hands", minimum=1),
        games=None if games is None else _game_names(games, source, f"{where}.games"),
        break_minutes=_positive(
            entry.get("break_minutes", 0), source, f"{where}.break_minutes", zero=True
        )
        + defaults["breaks"](number),
        colour_up=None
        if "colour_up" not in entry
        else _int(entry["colour_up"], source, f"{where}.colour_up", minimum=1),
    )


def _breaks(raw: dict[str, Any], source: str) -> Callable[[int], float]:
    """The break after each level from ``breaks = { every = N, minutes = M }``."""
    if "breaks" not in raw:
        return lambda number: 0.0
    table = _table(raw["breaks"], source, "breaks")
    _unknown_keys(table, ("every", "minutes"), source, "breaks")
    every = _int(table.get("every"), source, "breaks.every", minimum=1)
    minutes = _positive(table.get("minutes"), source, "breaks.minutes")
    return lambda number: minutes if number % every == 0 else 0.0


def _levels(raw: dict[str, Any], source: str) -> tuple[Level, ...]:
    if "levels" not in raw or not isinstance(raw["levels"], list) or not raw["levels"]:
        raise _fail(source, "levels", "should be a list of at least one level")
    defaults: dict[str, Any] = {"breaks": _breaks(raw, source)}
    if "level_minutes" in raw:
        defaults["level_minutes"] = _positive(raw["level_minutes"], source, "level_minutes")
    if "level_hands" in raw:
        defaults["level_hands"] = _int(raw["level_hands"], source, "level_hands", minimum=1)
    levels = tuple(_level(entry, i, defaults, source) for i, entry in enumerate(raw["levels"], 1))
    last = levels[-1]
    if last.break_minutes and "break_minutes" in raw["levels"][-1]:
        raise _fail(
            source,
            f"levels[{last.number - 1}].break_minutes",
            "the last level lasts to the end: no break follows it",
        )
    return (*levels[:-1], replace(last, break_minutes=0))


def _game_names(value: Any, source: str, where: str) -> tuple[str, ...]:
    names = _texts(value, source, where)
    if not names:
        raise _fail(source, where, "lists no games")
    for i, name in enumerate(names):
        _game_id(name, source, f"{where}[{i}]")
    return names


def _chips(raw: dict[str, Any], denominations: tuple[int, ...], source: str) -> dict[int, int]:
    """``[chips]``: each field size's starting stack, a total or counts of each
    denomination (004 r.102)."""
    table: dict[int, int] = {}
    for players, row in _rows(raw["chips"], source, "chips").items():
        where = f"chips.{players}"
        if isinstance(row, list):
            counts = _ints(row, source, where)
            if len(counts) != len(denominations):
                raise _fail(
                    source,
                    where,
                    f"one count for each of the {len(denominations)} denominations, "
                    f"not {len(counts)}",
                )
            table[players] = sum(c * d for c, d in zip(counts, denominations, strict=True))
        else:
            table[players] = _int(row, source, where, minimum=1)
    return table


def _percent_row(value: Any, source: str, where: str) -> tuple[float, ...]:
    """Percents from first, with bands ``{ places = N, each = P }``; they sum to 100."""
    if not isinstance(value, list) or not value:
        raise _fail(source, where, f"should be a list of percents, not {value!r}")
    row: list[float] = []
    for i, item in enumerate(value):
        if isinstance(item, dict):
            _unknown_keys(item, ("places", "each"), source, f"{where}[{i}]")
            places = _int(item.get("places"), source, f"{where}[{i}].places", minimum=1)
            row += [_positive(item.get("each"), source, f"{where}[{i}].each")] * places
        else:
            row.append(_positive(item, source, f"{where}[{i}]"))
    total = sum(Decimal(str(p)) for p in row)
    if total != 100:
        raise _fail(source, where, f"the percents sum to {total}, not 100")
    if any(a < b for a, b in pairwise(row)):
        raise _fail(source, where, "a place pays more than the place above it")
    return tuple(row)


def _percents(raw: dict[str, Any], source: str) -> dict[str, Any]:
    """``payout_percents`` (a row, or rows by the smallest field) or ``payout_table``."""
    if "payout_table" in raw:
        name = _text(raw["payout_table"], source, "payout_table")
        tables = builtin_payout_tables()
        if name not in tables:
            raise _fail(
                source, "payout_table", f"no payout table {name!r} (known: {', '.join(tables)})"
            )
        return {"percents_table": tables[name]}
    if "payout_percents" not in raw:
        return {}
    value = raw["payout_percents"]
    if isinstance(value, list):
        return {"payout_percents": _percent_row(value, source, "payout_percents")}
    return {"percents_table": _percent_table(value, source, "payout_percents")}


def _percent_table(value: Any, source: str, where: str) -> dict[int, tuple[float, ...]]:
    table = {}
    for players, row in sorted(_rows(value, source, where).items()):
        percents = _percent_row(row, source, f"{where}.{players}")
        if len(percents) > players:
            raise _fail(
                source, f"{where}.{players}", f"pays {len(percents)} places to a field of {players}"
            )
        table[players] = percents
    return table


def _payouts(raw: dict[str, Any], buy_in: int, source: str) -> dict[int, tuple[int, ...]]:
    """``[payouts]``: each field size's prizes; each row sums to the pool (004 r.101, E-11)."""
    table = {}
    for players, row in _rows(raw["payouts"], source, "payouts").items():
        where = f"payouts.{players}"
        prizes = _ints(row, source, where)
        if len(prizes) > players or any(a < b for a, b in pairwise(prizes)):
            raise _fail(
                source,
                where,
                f"at most {players} prizes, none above the one before, not {list(prizes)}",
            )
        if sum(prizes) != buy_in * players:
            raise _fail(
                source,
                where,
                f"the prizes sum to {sum(prizes)}, not the pool {buy_in * players} "
                f"({players} x {buy_in}; 004 r.101, E-11)",
            )
        table[players] = prizes
    return table


def _section(
    raw: dict[str, Any], key: str, keys: tuple[str, ...], source: str
) -> dict[str, Any] | None:
    if key not in raw:
        return None
    table = _table(raw[key], source, key)
    _unknown_keys(table, keys, source, key)
    return table


def _whole_numbers(raw: dict[str, Any], key: str, kind: type, source: str) -> Any:
    """A section of whole numbers, one for each field of ``kind`` (those with a default
    may be left out: 0 or more where the default is 0, else 1 or more)."""
    table = _section(raw, key, tuple(f.name for f in fields(kind)), source)
    if table is None:
        return None
    values = {}
    for f in fields(kind):
        if f.name in table:
            least = 0 if f.default == 0 else 1
            values[f.name] = _int(table[f.name], source, f"{key}.{f.name}", minimum=least)
        elif f.default is MISSING:
            raise _fail(source, key, f"missing {f.name!r}")
    return kind(**values)


def _extras(raw: dict[str, Any], source: str) -> dict[str, Any]:
    """The optional sections: rebuys, add-on, lammers, shootout, absent, side game."""
    out: dict[str, Any] = {
        key: _whole_numbers(raw, key, kind, source)
        for key, kind in (("rebuys", Rebuys), ("add_on", AddOn), ("lammers", Lammers))
        if key in raw
    }
    if (shootout := _whole_numbers(raw, "shootout", Shootout, source)) is not None:
        if shootout.advance > 2:
            raise _fail(source, "shootout.advance", "should be 1 or 2 (000 §1.3.3)")
        out["shootout"] = shootout
    absent_keys = ("rule", "removed_after_minutes", "removed_at_new_level")
    if (t := _section(raw, "absent", absent_keys, source)) is not None:
        out["absent"] = Absent(
            rule=_choice(t, "rule", ("killed", "dead-facing-bet"), source, "absent"),
            removed_after_minutes=_positive(
                t.get("removed_after_minutes", 30), source, "absent.removed_after_minutes"
            ),
            removed_at_new_level=_flag(
                t.get("removed_at_new_level", True), source, "absent.removed_at_new_level"
            ),
        )
    if "side_game" in raw:
        out["side_game"] = _side_game(raw, source)
    if (t := _section(raw, "deal", ("players", "by"), source)) is not None:
        if "players" not in t:
            raise _fail(source, "deal", "missing 'players'")
        deal = Deal(
            players=_int(t["players"], source, "deal.players", minimum=2),
            by=_choice(t, "by", ("icm", "chop", "even"), source, "deal"),
        )
        if deal.by == "icm" and deal.players > MOST_ICM_DEAL:
            raise _fail(
                source, "deal.players", f"an ICM deal takes at most {MOST_ICM_DEAL} players"
            )
        out["deal"] = deal
    return out


def _side_game(raw: dict[str, Any], source: str) -> SideGame:
    """004 r.111's bust-out game: whole numbers, and the game by name."""
    table = dict(_table(raw["side_game"], source, "side_game"))
    game = _text(table.pop("game", "nlhe"), source, "side_game.game")
    _game_id(game, source, "side_game.game")
    numbers: SideGame = _whole_numbers({"side_game": table}, "side_game", SideGame, source)
    return replace(numbers, game=game)


def _flags(raw: dict[str, Any], source: str) -> dict[str, Any]:
    keys = (
        "jam_or_fold",
        "bomb_pot",
        "win_the_button",
        "seat_cards",
        "hand_for_hand",
        "dealers_choice",
    )
    return {k: _flag(raw[k], source, k) for k in keys if k in raw}


def _counts(raw: dict[str, Any], source: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        k: _int(raw[k], source, k)
        for k in ("fee", "bounty", "late_until_level", "re_entries")
        if k in raw
    }
    if "players" in raw:
        out["min_players"], out["max_players"] = _pair(
            raw["players"], source, "players", "[fewest, most]"
        )
        if out["min_players"] < 2:
            raise _fail(source, "players", "a tournament needs at least 2 players")
    if "seconds_per_hand" in raw:
        out["seconds_per_hand"] = _positive(raw["seconds_per_hand"], source, "seconds_per_hand")
    each = raw.get("hands_per_game")
    out["hands_per_game"] = (
        None if each is None else _int(each, source, "hands_per_game", minimum=1)
    )
    return out


def parse_structure(raw: dict[str, Any], *, key: str, source: str) -> Structure:
    """A structure from its TOML table; ``key`` names it, ``source`` is where it was read
    (for the error messages).  Raises :class:`StructureError`."""
    try:
        structure = _parse(raw, key, source)
        check_structure(structure, source)
    except NightFileError as exc:
        raise StructureError(str(exc)) from None
    return structure


def _parse(raw: dict[str, Any], key: str, source: str) -> Structure:
    _unknown_keys(raw, KEYS, source, "")
    for required in REQUIRED:
        if required not in raw:
            raise _fail(source, "", f"missing {required!r}")
    fmt = raw["format"]
    if fmt not in get_args(Format):
        raise _fail(
            source, "format", f"should be one of {', '.join(get_args(Format))}, not {fmt!r}"
        )
    denominations = _ints(raw["denominations"], source, "denominations", minimum=1)
    if not denominations or list(denominations) != sorted(set(denominations)):
        raise _fail(
            source,
            "denominations",
            f"should be distinct chips, smallest first, not {list(denominations)}",
        )
    buy_in = _int(raw["buy_in"], source, "buy_in")
    house = _house(raw["house"], source).name
    return Structure(
        key=key,
        name=_text(raw.get("name", key), source, "name"),
        description=_text(raw.get("description", ""), source, "description"),
        house=house,
        games=_game_names(raw["games"], source, "games"),
        format=fmt,
        table_size=_int(raw["table_size"], source, "table_size", minimum=2),
        profile=_choice(raw, "profile", PROFILES, source, ""),
        denominations=denominations,
        levels=_levels(raw, source),
        buy_in=buy_in,
        starting_chips=_int(raw.get("starting_chips", 0), source, "starting_chips"),
        chips_table=_chips(raw, denominations, source) if "chips" in raw else {},
        payouts=_payouts(raw, buy_in, source) if "payouts" in raw else {},
        sources=_texts(raw.get("sources", []), source, "sources"),
        notes=_texts(raw.get("notes", []), source, "notes"),
        **_percents(raw, source),
        **_counts(raw, source),
        **_flags(raw, source),
        **_extras(raw, source),
    )


def check_structure(structure: Structure, source: str) -> None:
    """What ties the parts together: chips for every field, prizes for every field,
    colour-ups of chips in play, and every level's stakes valid for its games."""
    s = structure
    if s.min_players > s.max_players:
        raise _fail(source, "players", "the fewest is above the most")
    if not s.chips_table and not s.starting_chips:
        raise _fail(source, "", "missing the starting chips: starting_chips or [chips]")
    if s.chips_table:
        _cover(s.chips_table, s, source, "chips")
    if not s.payouts and not s.payout_percents and not s.percents_table:
        raise _fail(source, "", "missing the prizes: [payouts], payout_percents or payout_table")
    if s.payouts and not (s.payout_percents or s.percents_table):
        _cover(s.payouts, s, source, "payouts")
    if s.percents_table and min(s.percents_table) > s.min_players:
        raise _fail(source, "payout_percents", f"no row for a field of {s.min_players}")
    stacks = set(s.chips_table.values()) | ({s.starting_chips} if s.starting_chips else set())
    odd = sorted(c for c in stacks if c % s.denominations[0])
    if odd:
        raise _fail(
            source, "starting_chips", f"{odd[0]} is not whole chips of {s.denominations[0]}"
        )
    _check_levels(s, source)
    _check_level_numbers(s, source)


def _check_level_numbers(s: Structure, source: str) -> None:
    """Sections that name a level name one the structure has."""
    named = {
        "late_until_level": s.late_until_level,
        "rebuys.until_level": s.rebuys.until_level if s.rebuys else 0,
        "add_on.after_level": s.add_on.after_level if s.add_on else 0,
        "lammers.redeem_by_level": s.lammers.redeem_by_level if s.lammers else 0,
    }
    for where, number in named.items():
        if number > len(s.levels):
            raise _fail(source, where, f"level {number}, but there are {len(s.levels)} levels")


def _cover(table: Any, s: Structure, source: str, where: str) -> None:
    missing = [n for n in range(s.min_players, s.max_players + 1) if n not in table]
    extra = [n for n in table if not s.min_players <= n <= s.max_players]
    if missing or extra:
        wrong = f"no row for {missing[0]} players" if missing else f"a row for {extra[0]} players"
        raise _fail(source, where, f"{wrong} (rows for {s.min_players} to {s.max_players} players)")


def _check_levels(s: Structure, source: str) -> None:
    in_play = list(s.denominations)
    for level in s.levels:
        where = f"levels[{level.number - 1}]"
        if level.colour_up is not None:
            if len(in_play) < 2 or level.colour_up != in_play[0]:
                raise _fail(
                    source,
                    f"{where}.colour_up",
                    f"{level.colour_up} is not the smallest chip in play with a bigger one "
                    f"left ({in_play})",
                )
            in_play.pop(0)
        for name in s.game_names(level):
            _check_game(s, level, name, source, where)


def _check_game(s: Structure, level: Level, name: str, source: str, where: str) -> None:
    game = find_game(name)
    if game.max_players < s.table_size:
        raise _fail(
            source,
            "table_size",
            f"{s.table_size} seats, but {game.id} ({game.name}) is dealt to at most "
            f"{game.max_players}",
        )
    if s.bomb_pot and not (can_be_bomb_pot(game) and level.ante):
        raise _fail(
            source,
            where,
            f"every hand is a bomb pot (000 §1.4): {game.id} must be a blind game "
            "and the level needs an ante",
        )
    try:
        stakes = s.stakes(level, name)
    except StructureError as exc:
        raise _fail(source, where, str(exc)) from None
    problem = stakes_problem(game, stakes)
    if problem is not None:
        raise _fail(source, where, f"{level.describe()}: {problem}")


@cache
def _builtin_raw() -> dict[str, Any]:
    text = resources.files("pokerbook.data").joinpath("tournaments.toml").read_text("utf-8")
    return tomllib.loads(text)


@cache
def builtin_payout_tables() -> dict[str, dict[int, tuple[float, ...]]]:
    """The named percent tables of ``data/tournaments.toml``'s ``[payout_tables]``."""
    raw = _builtin_raw().get(PAYOUT_TABLES, {})
    try:
        return {
            name: _percent_table(table, "tournaments.toml", f"{PAYOUT_TABLES}.{name}")
            for name, table in raw.items()
        }
    except NightFileError as exc:
        raise StructureError(str(exc)) from None


@cache
def builtin_structures() -> dict[str, Structure]:
    """The built-in structures by key."""
    return {
        key: parse_structure(value, key=key, source=f"tournaments.toml [{key}]")
        for key, value in _builtin_raw().items()
        if key != PAYOUT_TABLES
    }


def structure_names() -> tuple[str, ...]:
    """The built-in structures' keys, in the file's order."""
    return tuple(builtin_structures())


def load_structure_file(path: Path | str) -> Structure:
    """The structure a TOML file declares at its top level."""
    where = Path(path)
    raw = read_toml(where, "structure", StructureError)
    return parse_structure(raw, key=where.stem, source=str(where))


def load_structure(name_or_path: str) -> Structure:
    """A built-in structure by key (``nlhe``, ``oresteen`` ...) or a TOML file's path."""
    structures = builtin_structures()
    if name_or_path in structures:
        return structures[name_or_path]
    path = Path(name_or_path)
    if path.suffix.lower() == ".toml" or path.exists():
        return load_structure_file(path)
    raise StructureError(
        f"no structure named {name_or_path!r} and no such file; built-in: {', '.join(structures)}"
    )
