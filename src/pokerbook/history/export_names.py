"""The names other hand-history formats give pokerbook's games, read from
``data/export-names.toml``: a game's PokerStars name and limit, the mixes a
PokerStars header can name, and a game's Open Hand History ``game_type``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from pokerbook.games.model import Format, Game


class ExportError(ValueError):
    """A hand that an export format cannot hold (says which formats can)."""


@dataclass(frozen=True, slots=True)
class ExportNames:
    """The names of ``data/export-names.toml``."""

    pokerstars_games: dict[str, str]
    pokerstars_limits: dict[str, str]
    pokerstars_mixes: tuple[str, ...]
    ohh_games: dict[str, str]
    ohh_limits: dict[str, str]


@cache
def export_names() -> ExportNames:
    """The export names (read once)."""
    text = resources.files("pokerbook.data").joinpath("export-names.toml").read_text("utf-8")
    data = tomllib.loads(text)
    stars, ohh = data["pokerstars"], data["ohh"]
    return ExportNames(
        pokerstars_games=dict(stars["games"]),
        pokerstars_limits=dict(stars["limits"]),
        pokerstars_mixes=tuple(stars["mixes"]["names"]),
        ohh_games=dict(ohh["games"]),
        ohh_limits=dict(ohh["limits"]),
    )


def holders(game: Game, fmt: Format) -> list[str]:
    """The export formats that can hold a hand of ``game`` at ``fmt`` (PHH always can)."""
    names = export_names()
    out = []
    if game.id in names.pokerstars_games and fmt in names.pokerstars_limits:
        out.append("pokerstars")
    if game.id in names.ohh_games and fmt in names.ohh_limits:
        out.append("ohh")
    return [*out, "phh"]


def _refusal(game: Game, fmt: Format, what: str) -> ExportError:
    formats = ", ".join(f for f in holders(game, fmt))
    return ExportError(f"{game.name} ({fmt}) has no {what}: it can be exported as {formats}")


def pokerstars_name(game: Game, fmt: Format) -> tuple[str, str]:
    """The game's and the limit's names in a PokerStars header, or :class:`ExportError`."""
    names = export_names()
    name = names.pokerstars_games.get(game.id)
    limit = names.pokerstars_limits.get(fmt)
    if name is None or limit is None:
        raise _refusal(game, fmt, "PokerStars name")
    return name, limit


def pokerstars_mix(mix: str) -> str:
    """A mix's name as a PokerStars header writes it (``horse`` -> ``HORSE``), or
    :class:`ExportError`."""
    for name in export_names().pokerstars_mixes:
        if name.lower() == mix.lower():
            return name
    known = ", ".join(export_names().pokerstars_mixes)
    raise ExportError(f"no PokerStars mix is called {mix!r} (known: {known})")


def ohh_game_type(game: Game, fmt: Format) -> tuple[str, str]:
    """The game's Open Hand History ``game_type`` and ``bet_type``, or :class:`ExportError`."""
    names = export_names()
    game_type = names.ohh_games.get(game.id)
    bet_type = names.ohh_limits.get(fmt)
    if game_type is None or bet_type is None:
        raise _refusal(game, fmt, "Open Hand History game type")
    return game_type, bet_type
