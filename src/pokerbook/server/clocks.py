"""The directors' clocks of ``pokerbook serve`` (docs/server.md, *Tournament clock*):
a tournament's clock for a room where the players sit at real tables, shown on a
screen and on phones, run by its host (rules.md §7.1; 001 Tournaments r.6-7: the
limits rise on a schedule).

A clock is :class:`pokerbook.tournament.clock.Clock` over a built-in structure or a
structure file's text (checked as strictly as ``pokerbook tournament clock`` checks
a file; never a path on the server).  Its times are the wall clock's
(``time.time()``), and every change is written to the store before it is answered:
a restarted server shows the same clock, and the time kept running while it was
down, as the clock on the wall did.
"""

from __future__ import annotations

import functools
import hmac
import logging
import math
import secrets
import time
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from pokerbook.games.catalogue import find_game
from pokerbook.server.auth import new_token, token_hash
from pokerbook.server.store import Store
from pokerbook.tournament.clock import Clock, ClockState
from pokerbook.tournament.structure import Level, Structure, StructureError
from pokerbook.tournament.structure_file import builtin_structures, parse_structure

log = logging.getLogger("pokerbook.server")

#: the most a bust or an entry may count at once
MOST_AT_ONCE = 10_000
#: what the host may do to a clock
Control = Literal["pause", "resume", "next", "bust", "add"]
CONTROLS: tuple[Control, ...] = ("pause", "resume", "next", "bust", "add")
#: the key of a structure read from a file's text (its errors name its levels by it)
FILE_KEY = "tournament"


class ClockError(ValueError):
    """A clock that cannot be made or a change it cannot take; ``status`` is the HTTP
    status that answers it (400 a bad request, 404 no such clock, 409 not now)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@functools.lru_cache(maxsize=64)
def structure_from_toml(text: str) -> Structure:
    """The structure a structure file's ``text`` declares (checked strictly: unknown
    keys and invalid values are refused with the loader's message)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise StructureError(f"the structure file: not valid TOML: {exc}") from None
    for where, name in _game_names(raw):
        if name.lower().split(":")[0].endswith(".toml") or "/" in name or "\\" in name:
            raise StructureError(
                f"the structure file: {where}: a clock's games are catalogue games by ID, "
                f"name or alias, not a file ({name!r})"
            )
    raw.setdefault("name", "Tournament")  # (else the key: a file's name, which this has not)
    return parse_structure(raw, key=FILE_KEY, source="the structure file")


def _game_names(raw: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Every game a structure file's tables name, with where (a game file would be
    read from the server's disk: the server takes only the catalogue's games)."""
    places: list[tuple[str, Any]] = [("games", raw.get("games"))]
    levels = raw.get("levels")
    if isinstance(levels, list):
        places += [
            (f"levels[{i}].games", lv.get("games"))
            for i, lv in enumerate(levels)
            if isinstance(lv, dict)
        ]
    side = raw.get("side_game")
    if isinstance(side, dict):
        places.append(("side_game.game", side.get("game")))
    for where, value in places:
        for name in value if isinstance(value, list) else [value]:
            if isinstance(name, str):
                yield where, name


def builtin_structure(key: str) -> Structure:
    """A built-in structure by key (never a file: a request names no path on the
    server)."""
    structures = builtin_structures()
    if key not in structures:
        raise StructureError(f"no structure named {key!r}; built-in: {', '.join(structures)}")
    return structures[key]


def structure_list() -> list[dict[str, Any]]:
    """The built-in structures, for the page's menu: key, name, players."""
    return [
        {
            "key": s.key,
            "name": s.name,
            "min_players": s.min_players,
            "max_players": s.max_players,
        }
        for s in builtin_structures().values()
    ]


def stakes_words(structure: Structure, level: Level) -> str:
    """The level's forced bets and limits in words (``blinds 100/200, ante 25``); in a
    limit structure whose level names no bets, the limits its big blind makes."""
    text = level.describe().split(": ", 1)[1].split(";")[0].split(" [")[0]
    if structure.format == "limit" and level.bets is None and level.blinds:
        text += f", limits {level.big_blind}/{2 * level.big_blind}"
    return text


@functools.cache
def game_words(name: str, fmt: str) -> str:
    """A game as the clock names it: ``no-limit Texas Hold'em`` (the name as given
    when the catalogue does not know it)."""
    try:
        game = find_game(name)
    except (KeyError, ValueError):
        return name
    return f"{fmt} {game.name}"


def level_view(structure: Structure, level: Level | None) -> dict[str, Any] | None:
    """A level as the page shows it: its number, its stakes and games in words, how
    long it lasts and the whole line :meth:`Level.describe` gives."""
    if level is None:
        return None
    minutes = structure.level_minutes(level)
    return {
        "number": level.number,
        "stakes": stakes_words(structure, level),
        "games": list(structure.game_names(level)),
        "game_names": [
            game_words(name, structure.format_of(name)) for name in structure.game_names(level)
        ],
        "minutes": None if level is structure.levels[-1] else minutes,
        "break_minutes": level.break_minutes,
        "words": level.describe(),
    }


def _seconds(value: float | None) -> float | None:
    """Seconds for JSON: None for none or no end."""
    if value is None or math.isinf(value):
        return None
    return round(value, 3)


@dataclass
class ServedClock:
    """One clock the server keeps: its id, name, structure (a built-in key or a file's
    text), the host token's hash and the clock itself."""

    id: str
    name: str
    structure: Structure
    key: str | None
    toml: str | None
    host: str
    clock: Clock
    version: int = 1

    def is_host(self, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(self.host, token_hash(token))

    def stored(self) -> dict[str, Any]:
        """What the store keeps of the clock's state."""
        return {"name": self.name, "version": self.version, "clock": self.clock.to_dict()}

    def view(self, now: float, *, host: bool = False) -> dict[str, Any]:
        """The clock at ``now`` (seconds of the wall clock) as the API answers it."""
        state: ClockState = self.clock.state(now)
        structure = self.structure
        return {
            "id": self.id,
            "name": self.name,
            "structure": self.key,  # (None: a structure file's)
            "structure_name": structure.name,
            "levels": len(structure.levels),
            "level": level_view(structure, state.level),
            "next_level": level_view(structure, state.next_level),
            "seconds_left": _seconds(state.seconds_left),
            "on_break": state.on_break,
            "paused": state.paused,
            "players_left": state.players_left,
            "entrants": state.entrants,
            "average_stack": state.average_stack,
            "chips": self.clock.chips,
            "next_break_in": _seconds(state.next_break_in),
            "played": _seconds(state.minutes * 60),
            "now": now,
            "version": self.version,
            "host": host,
        }

    def control(self, do: str, count: int, now: float) -> None:
        """The host's change: pause, resume, the next level, ``count`` busts or
        entries.  Raises :class:`ClockError` (409) for one the clock cannot take."""
        clock = self.clock
        if do == "pause":
            clock.pause(now)
        elif do == "resume":
            clock.resume(now)
        elif do == "next":
            if clock.state(now).next_level is None:
                raise ClockError(409, "this is the last level: there is no next one")
            clock.next_level(now)
        elif do == "bust":
            try:
                clock.bust(count)
            except StructureError as exc:
                raise ClockError(409, str(exc)) from None
        elif do == "add":
            most = self.structure.max_players
            if clock.players_left + count > most:
                raise ClockError(409, f"{self.structure.name} seats at most {most} players")
            for _ in range(count):
                clock.add_entrant()
        else:
            raise ClockError(400, f"'do' is one of {', '.join(CONTROLS)}")
        self.version += 1


class Clocks:
    """Every clock of the server, read from the store when it starts and written to it
    on every change."""

    def __init__(self, store: Store, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.now = now
        self.clocks: dict[str, ServedClock] = {}
        for row in store.clocks():
            try:
                if row.toml is not None:
                    structure = structure_from_toml(row.toml)
                else:
                    structure = builtin_structure(str(row.structure))
            except StructureError as exc:  # (a built-in structure renamed since)
                log.warning("clock %s cannot be shown: %s", row.id, exc)
                continue
            state = row.state
            self.clocks[row.id] = ServedClock(
                id=row.id,
                name=str(state.get("name") or structure.name),
                structure=structure,
                key=row.structure,
                toml=row.toml,
                host=row.host,
                clock=Clock.from_dict(structure, state["clock"]),
                version=int(state.get("version", 1)),
            )

    def create(
        self,
        players: int,
        *,
        structure: str | None = None,
        toml: str | None = None,
        name: str | None = None,
    ) -> tuple[ServedClock, str]:
        """A new clock, started now and stored; returns it and its host token."""
        if (structure is None) == (toml is None):
            raise ClockError(400, "give 'structure' (a built-in's key) or 'toml', not both")
        try:
            made = (
                builtin_structure(structure)
                if structure is not None
                else structure_from_toml(str(toml))
            )
        except StructureError as exc:
            raise ClockError(400, str(exc)) from None
        if not made.min_players <= players <= made.max_players:
            raise ClockError(
                400,
                f"'players' is {made.min_players} to {made.max_players} for {made.name}, "
                f"not {players}",
            )
        try:
            clock = Clock(made, self.now(), players)
        except StructureError as exc:
            raise ClockError(400, str(exc)) from None
        token = new_token()
        served = ServedClock(
            id=secrets.token_urlsafe(9),
            name=(name or "").strip()[:80] or made.name,
            structure=made,
            key=structure,
            toml=toml,
            host=token_hash(token),
            clock=clock,
        )
        self.store.add_clock(
            served.id, served.host, served.stored(), structure=structure, toml=toml
        )
        self.clocks[served.id] = served
        return served, token

    def get(self, clock_id: str) -> ServedClock:
        served = self.clocks.get(clock_id)
        if served is None:
            raise ClockError(404, f"no clock {clock_id!r}")
        return served

    def control(self, served: ServedClock, do: str, count: int = 1) -> None:
        """The host's change, made and stored before it is answered."""
        if not 1 <= count <= MOST_AT_ONCE:
            raise ClockError(400, f"'count' is 1 to {MOST_AT_ONCE}, not {count}")
        before = served.stored()
        served.control(do, count, self.now())
        try:
            self.store.save_clock(served.id, served.stored())
        except Exception:
            # not stored: not made (the clock goes back to what the store holds)
            served.clock = Clock.from_dict(served.structure, before["clock"])
            served.version = before["version"]
            raise
