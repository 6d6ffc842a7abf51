"""The game registry: every game declared in ``data/games.toml``, by ID, name or alias."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from typing import Any, get_args

from pokerbook.games.bring_in import BringIn
from pokerbook.games.bug import BUG_SUFFIX, with_bug
from pokerbook.games.model import (
    BetRound,
    Choice,
    DealBoard,
    DealHole,
    DiscardRound,
    DrawRound,
    Effect,
    Family,
    Format,
    Game,
    Share,
    Showdown,
    Step,
)


class UnknownGameError(KeyError):
    """No game has that ID, name or alias."""

    def __str__(self) -> str:
        return str(self.args[0])


class GameDefinitionError(ValueError):
    """A game declaration that cannot be read."""


_STEP_PATTERNS: tuple[tuple[re.Pattern[str], Any], ...] = (
    (
        re.compile(r"deal(?: (\d+) down)?(?: (\d+) up)?"),
        lambda m: DealHole(int(m.group(1) or 0), int(m.group(2) or 0)),
    ),
    (
        re.compile(r"board (\d+)(?: on (\d+))?( noburn)?"),
        lambda m: DealBoard(int(m[1]), int(m[2] or 0), burn=not m[3]),
    ),
    (re.compile(r"bet (small|big)"), lambda m: BetRound(m[1])),
    (re.compile(r"draw (\d+)"), lambda m: DrawRound(int(m[1]))),
    (re.compile(r"discard (\d+)( down)?"), lambda m: DiscardRound(int(m[1]), bool(m[2]))),
    (re.compile(r"roll (\d+)(?: (.+))?"), lambda m: Effect("roll", (m[1], *(m[2] or "").split()))),
    (re.compile(r"do ([\w-]+)(?: (.+))?"), lambda m: Effect(m[1], tuple((m[2] or "").split()))),
    (re.compile(r"choose ([\w-]+)(?: (.+))?"), lambda m: Choice(m[1], tuple((m[2] or "").split()))),
)


def parse_step(text: str) -> Step:
    """A step in the mini-language: ``"deal 2 down 1 up"``, ``"board 3"`` (``"board 3 on 1"``:
    to board 1; ``"board 3 on 1 noburn"``: no burn first), ``"bet big"``, ``"draw 5"``,
    ``"discard 1"`` (``"discard 2 down"``: face-down cards only),
    ``"roll 2"`` (dice), ``"do RULE [ARGS]"`` (a dealer's rule), ``"choose RULE [ARGS]"``
    (the players' choice)."""
    for pattern, build in _STEP_PATTERNS:
        m = pattern.fullmatch(text.strip())
        if m:
            step: Step = build(m)
            return step
    raise GameDefinitionError(f"cannot read step {text!r}")


def _condition(text: str) -> tuple[str, str | None]:
    """A step's text and the note it waits for: ``"bet small if lowball"``."""
    step, sep, note = text.rpartition(" if ")
    return (step, note.strip()) if sep else (text, None)


def _conditions(texts: list[str]) -> tuple[str | None, ...]:
    notes = tuple(_condition(t)[1] for t in texts)
    return notes if any(notes) else ()


def _normal(name: str) -> str:
    return re.sub(r"[\s_'\u2019]+", "", name.lower()).replace("-", "")


def _alias_formats(
    game_id: str, raw: dict[str, Any], formats: tuple[Format, ...]
) -> tuple[tuple[str, Format], ...]:
    """``alias_formats = { nlhe = "no-limit" }``: each an alias of the game, dealt in one
    of its formats (spread limit wherever limit is)."""
    found: list[tuple[str, Format]] = []
    for alias, fmt in raw.get("alias_formats", {}).items():
        if alias not in raw.get("aliases", ()):
            raise GameDefinitionError(f"{game_id}: alias_formats names {alias!r}, not an alias")
        if fmt not in formats and not (fmt == "spread-limit" and "limit" in formats):
            raise GameDefinitionError(f"{game_id}: alias {alias!r} deals {fmt!r}, not a format")
        found.append((alias, fmt))
    return tuple(found)


def _game(game_id: str, raw: dict[str, Any]) -> Game:
    try:
        family = raw["family"]
        if family not in get_args(Family):
            raise GameDefinitionError(f"{game_id}: unknown family {family!r}")
        formats = tuple(raw.get("formats", ("limit", "pot-limit", "no-limit")))
        for f in formats:
            if f not in get_args(Format):
                raise GameDefinitionError(f"{game_id}: unknown format {f!r}")
        if raw.get("bring_in") not in (None, *get_args(BringIn)):
            raise GameDefinitionError(f"{game_id}: unknown bring_in {raw['bring_in']!r}")
        if raw.get("divide", "split") not in ("split", "first"):
            raise GameDefinitionError(f"{game_id}: divide is 'split' or 'first'")
        if raw.get("unqualified", "split") not in ("split", "first-share"):
            raise GameDefinitionError(f"{game_id}: unqualified is 'split' or 'first-share'")
        shares = tuple(
            Share(
                name=s["name"],
                scale=s["scale"],
                hole_use=tuple(s["hole_use"]) if "hole_use" in s else None,
                qualifier=s.get("qualifier"),
                cards=s.get("cards", "all"),
                wild=tuple(s.get("wild", ())),
                sole=s.get("sole", False),
            )
            for s in raw["showdown"]
        )
        return Game(
            id=game_id,
            name=raw["name"],
            family=family,
            steps=tuple(parse_step(_condition(s)[0]) for s in raw["steps"]),
            when=_conditions(raw["steps"]),
            showdown=Showdown(
                shares,
                divide=raw.get("divide", "split"),
                unqualified=raw.get("unqualified", "split"),
            ),
            aliases=tuple(raw.get("aliases", ())),
            alias_formats=_alias_formats(game_id, raw, formats),
            deck=raw.get("deck", "standard"),
            forced=raw.get("forced", "blinds"),
            bring_in=raw.get("bring_in"),
            first_to_act=raw.get("first_to_act"),
            formats=formats,
            max_players=raw.get("max_players", 10),
            open_pair_double=raw.get("open_pair_double", False),
            no_check_raise_in_limit=raw.get("no_check_raise_in_limit", False),
            sevens_rule=raw.get("sevens_rule", False),
            no_limping=raw.get("no_limping", False),
            openers=raw.get("openers"),
            no_opener=raw.get("no_opener", "carry"),
            sources=tuple(raw.get("sources", ())),
        )
    except KeyError as exc:
        raise GameDefinitionError(f"{game_id}: missing {exc.args[0]!r}") from None


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
        for gid, raw in tomllib.loads(data.joinpath(name).read_text(encoding="utf-8")).items():
            if gid in found:
                raise GameDefinitionError(f"{gid} is declared twice (again in {name})")
            found[gid] = _game(gid, raw)
    return found


def all_games() -> list[Game]:
    """Every registered game in ID order: flop, stud, draw, hybrid (F, S, D, H), by number."""

    def key(game: Game) -> tuple[int, str]:
        prefix = game.id[:1]
        return ("FSDH".index(prefix) if prefix in "FSDH" else 4, game.id[1:].zfill(4))

    return sorted(games().values(), key=key)


@cache
def _index() -> dict[str, Game]:
    index: dict[str, Game] = {}
    for game in games().values():
        for key in (game.id, game.name, *game.aliases):
            index.setdefault(_normal(key), game)
    return index


def find_game(name: str) -> Game:
    """A game by catalogue ID (``F01``), name (``Razz``) or alias (``plo``); with
    ``+bug`` after it, the game dealt with the Bug (004 r.3, :mod:`pokerbook.games.bug`)."""
    key = _normal(name)
    if key.endswith(BUG_SUFFIX):
        return with_bug(find_game(name.strip()[: -len(BUG_SUFFIX)]))
    found = _index().get(key)
    if found is None:
        known = ", ".join(f"{g.id} {g.name}" for g in games().values())
        raise UnknownGameError(f"no game named {name!r}; known games: {known}")
    return found


def alias_format(name: str) -> Format | None:
    """The betting format a game's name deals when it is an alias named for one
    (``nlhe``: no limit, ``plo``: pot limit; ``+bug`` after it too), else None."""
    key = _normal(name).removesuffix(BUG_SUFFIX)
    game = _index().get(key)
    if game is None:
        return None
    return next((fmt for alias, fmt in game.alias_formats if _normal(alias) == key), None)
