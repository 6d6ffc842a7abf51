"""The game registry: every game declared in ``data/games*.toml``, by ID, name or alias
(:data:`GAMES`), and the games of a user's own file (:func:`find_game` with a path)."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from pokerbook.games.bug import BUG_SUFFIX, with_bug
from pokerbook.games.game_file import (
    GameDefinitionError,
    load_game_file,
    parse_step,
    read_games,
)
from pokerbook.games.model import Format, Game
from pokerbook.registry import Registry, UnknownNameError

__all__ = [
    "GAMES",
    "GameDefinitionError",
    "UnknownGameError",
    "alias_format",
    "all_games",
    "find_game",
    "games",
    "parse_step",
]


class UnknownGameError(UnknownNameError):
    """No game has that ID, name or alias."""


def _normal(name: str) -> str:
    return re.sub(r"[\s_'\u2019]+", "", name.lower()).replace("-", "")


@cache
def games() -> dict[str, Game]:
    """Every registered game by ID, in catalogue order: ``data/games.toml`` first, then
    every other ``data/games-*.toml`` (a file per family of mechanisms) by name."""
    data = resources.files("pokerbook.data")
    names = sorted(
        (f.name for f in data.iterdir() if f.name.startswith("games") and f.name.endswith(".toml")),
        key=lambda name: (name != "games.toml", name),
    )
    found: dict[str, Game] = {}
    for name in names:
        for gid, game in read_games(data.joinpath(name).read_text(encoding="utf-8"), name).items():
            if gid in found:
                raise GameDefinitionError(
                    f"{name}: [{gid}] is declared twice (first before {name})"
                )
            found[gid] = game
    return found


def all_games() -> list[Game]:
    """Every registered game in ID order: flop, stud, draw, hybrid (F, S, D, H), by number."""

    def key(game: Game) -> tuple[int, str]:
        prefix = game.id[:1]
        return ("FSDH".index(prefix) if prefix in "FSDH" else 4, game.id[1:].zfill(4))

    return sorted(games().values(), key=key)


def _describe(game_id: str, game: Game) -> str:
    return f"{game_id} {game.name}"


def _game_registry(kind: str, found: dict[str, Game], lists: str = "") -> Registry[Game]:
    registry: Registry[Game] = Registry(
        kind, lists=lists, normalise=_normal, describe=_describe, error=UnknownGameError
    )
    _register(registry, found)
    return registry


def _register(registry: Registry[Game], found: dict[str, Game]) -> None:
    for game in found.values():
        registry.register(game.id, game, (game.name, *game.aliases))


def _load_catalogue() -> None:
    _register(GAMES, games())


#: the catalogue's games by ID, name or alias
GAMES: Registry[Game] = Registry(
    "game",
    lists="`pokerbook games` lists them",
    normalise=_normal,
    load=_load_catalogue,
    describe=_describe,
    error=UnknownGameError,
)

#: a game file's path, and the ID of one of its games: ``my-games.toml:razzle``
_GAME_FILE = re.compile(r"(?P<path>.+\.toml)(?::(?P<game>[^:/\\]+))?", re.IGNORECASE)


def game_from_file(path: str, game_id: str | None = None) -> Game:
    """The game a TOML file declares (``game_id``: the one of its games with that ID,
    name or alias; needed if it declares several)."""
    found = load_game_file(path)
    try:
        in_file = _game_registry(f"game in {path}", found)
    except ValueError as exc:  # two games of the file with one name or alias
        raise GameDefinitionError(f"{path}: {exc}") from None
    if game_id is not None:
        return in_file.get(game_id)
    if len(found) > 1:
        first = next(iter(found))
        raise GameDefinitionError(
            f"{path} declares {len(found)} games ({', '.join(found)}): name one, as {path}:{first}"
        )
    return next(iter(found.values()))


def find_game(name: str) -> Game:
    """A game by catalogue ID (``F01``), name (``Razz``) or alias (``plo``), or from a
    game file (``my-game.toml``, ``my-games.toml:ID``); with ``+bug`` after it, the game
    dealt with the Bug (004 r.3, :mod:`pokerbook.games.bug`)."""
    text = name.strip()
    if _normal(text).endswith(BUG_SUFFIX):
        return with_bug(find_game(text[: -len(BUG_SUFFIX)]))
    in_file = _GAME_FILE.fullmatch(text)
    if in_file:
        return game_from_file(in_file["path"], in_file["game"])
    return GAMES.get(text)


def alias_format(name: str) -> Format | None:
    """The betting format a game's name deals when it is an alias named for one
    (``nlhe``: no limit, ``plo``: pot limit; ``+bug`` after it too), else None."""
    text = name.strip()
    if _normal(text).endswith(BUG_SUFFIX):
        text = text[: -len(BUG_SUFFIX)]
    if text not in GAMES:
        return None
    key = _normal(text)
    return next((f for alias, f in GAMES.get(text).alias_formats if _normal(alias) == key), None)
