"""A table's settings, as ``POST /api/tables`` sends them, checked key by key.

A table plays one game (``game``, with ``format``, ``stakes`` and ``house``) or a
built-in night (``night``: ``horse``, ``barge-26``, ``oresteen-dealers-choice`` ...).
Every key is known and typed; anything else is refused with a message that names it.
The settings are stored with the table, so a restarted server rebuilds the same night.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

import click

from pokerbook.games.catalogue import UnknownGameError
from pokerbook.games.house import find_house
from pokerbook.registry import UnknownNameError
from pokerbook.table.night import Night, NightError, StakesTable
from pokerbook.table.selection import Rotation

#: the most seats a table has, and the longest name a player may give
MAX_SEATS = 10
MAX_NAME = 24


class ConfigError(ValueError):
    """Settings that cannot make a table; the message says which key and why."""


@dataclass(frozen=True)
class TableConfig:
    """What a table plays and how its clock runs (seconds)."""

    game: str | None = None
    format: str | None = None
    stakes: str | None = None
    night: str | None = None
    #: the house rules (None: BARGE for a game, the night's own for a night)
    house: str | None = None
    seats: int = 6
    stack: int | None = None
    approval: bool = True
    #: each decision's time, and the time bank a player draws on after it
    time_limit: float = 30.0
    time_bank: float = 60.0
    #: how long a bot waits before it acts, and the pause between hands
    bot_delay: float = 1.0
    between_hands: float = 3.0
    #: the night ends after this many hands (None: when the host ends it)
    hands: int | None = None
    name: str = ""
    #: the table offers running it twice: bots agree, each person says for themselves
    run_twice: bool = False

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


_TYPES: dict[str, tuple[type, ...]] = {
    "game": (str,),
    "format": (str,),
    "stakes": (str,),
    "night": (str,),
    "house": (str,),
    "seats": (int,),
    "stack": (int,),
    "approval": (bool,),
    "time_limit": (int, float),
    "time_bank": (int, float),
    "bot_delay": (int, float),
    "between_hands": (int, float),
    "hands": (int,),
    "name": (str,),
    "run_twice": (bool,),
}


def parse_config(raw: object) -> TableConfig:
    """A :class:`TableConfig` from a request's JSON object (:class:`ConfigError` with
    the key at fault otherwise)."""
    if not isinstance(raw, dict):
        raise ConfigError("a table's settings are a JSON object")
    known = {f.name for f in fields(TableConfig)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ConfigError(f"unknown settings {unknown}; known: {sorted(known)}")
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if value is None and key in (
            "game",
            "format",
            "stakes",
            "night",
            "stack",
            "hands",
            "house",
        ):
            continue
        types = _TYPES[key]
        if (isinstance(value, bool) and bool not in types) or not isinstance(value, types):
            kind = " or ".join(t.__name__ for t in types)
            raise ConfigError(f"{key!r} must be a {kind}, not {value!r}")
        values[key] = float(value) if float in types and isinstance(value, int | float) else value
    config = TableConfig(**values)
    _check_numbers(config)
    if (config.game is None) == (config.night is None):
        raise ConfigError("give a 'game' or a 'night' (one of them)")
    build_night(config)  # every other problem, said the way the terminal says it
    return config


def _check_numbers(config: TableConfig) -> None:
    if not 2 <= config.seats <= MAX_SEATS:
        raise ConfigError(f"'seats' is 2 to {MAX_SEATS}, not {config.seats}")
    if config.stack is not None and not 0 < config.stack <= 10**12:
        raise ConfigError(f"'stack' must be positive (and sane), not {config.stack}")
    for key in ("time_limit", "time_bank", "bot_delay", "between_hands"):
        value = getattr(config, key)
        if not 0 <= value <= 24 * 3600:
            raise ConfigError(f"{key!r} is 0 to 86400 seconds, not {value}")
    if config.time_limit < 1 and config.time_limit != 0:
        raise ConfigError("'time_limit' is at least 1 second (or 0: no clock)")
    if config.hands is not None and config.hands < 1:
        raise ConfigError(f"'hands' must be 1 or more, not {config.hands}")
    if len(config.name) > 80:
        raise ConfigError("'name' is at most 80 characters")


def build_night(config: TableConfig) -> Night:
    """The night the settings describe (:class:`ConfigError` if they describe none)."""
    try:
        return _night(config)
    except click.ClickException as exc:
        raise ConfigError(exc.format_message()) from None
    except (NightError, UnknownGameError, UnknownNameError, KeyError, ValueError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        raise ConfigError(str(message)) from None


def _night(config: TableConfig) -> Night:
    from pokerbook.cli.table_setup import (
        choose_format,
        choose_stakes,
        default_stack,
        resolve_game,
    )
    from pokerbook.table.night_file import night_registry

    if config.night is not None:
        nights = night_registry()
        night = nights.get(config.night)  # built-in nights only: never a server file
        if config.house is not None:
            night = replace(night, house=find_house(config.house))
        if config.stack is not None:
            night = replace(night, buy_in=config.stack, seats=())
        if config.run_twice:
            night = replace(night, run_twice=1.0)
        return replace(night, table_seats=config.seats, seats=())
    assert config.game is not None
    if config.game.lower().endswith(".toml") or "/" in config.game or "\\" in config.game:
        raise ConfigError("a table plays a catalogue game by ID, name or alias, not a file")
    house = find_house(config.house or "barge")
    game = resolve_game(config.game, house)
    stakes = choose_stakes(game, choose_format(game, config.format, config.game), config.stakes)
    stack = config.stack if config.stack is not None else default_stack(stakes)
    if not 2 <= config.seats <= game.max_players:
        raise ConfigError(f"{game.name} seats 2 to {game.max_players} players, not {config.seats}")
    return Night(
        key="table",
        name=config.name or game.name,
        house=house,
        selection=Rotation((game.id,)),
        stakes=StakesTable((("default", stakes),)),
        buy_in=stack,
        table_seats=config.seats,
        run_twice=1.0 if config.run_twice else 0.0,
    )
