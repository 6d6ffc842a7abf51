"""Reading games from TOML: the catalogue's ``data/games*.toml`` and a user's own file.

A game file is a contract: each table declares one game (its name is the game's ID)
with exactly the fields of :class:`~pokerbook.games.model.Game` (and of its
:class:`~pokerbook.games.model.Showdown`), each ``showdown`` table exactly the fields
of a :class:`~pokerbook.games.model.Share`, every value of its field's type.  The keys
are read from the model, so a field added there is a key here.  A step names a rule
the engine has, with the words the rule takes
(:mod:`pokerbook.engine.rules.arguments`); a scale, qualifier and deck must exist.
Anything else is refused when the file is read, with the file, the game and the key::

    my-game.toml: [my-game] showdown[1]: no key named 'qualifer'; did you mean: qualifier? ...

docs/engine.md lists every key.
"""

from __future__ import annotations

import re
import tomllib
import types
from dataclasses import MISSING, dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from pokerbook.games.model import (
    DERIVED,
    BetRound,
    Choice,
    DealBoard,
    DealHole,
    DiscardRound,
    DrawRound,
    Effect,
    Game,
    Share,
    Showdown,
    Step,
)
from pokerbook.registry import Registry


class GameDefinitionError(ValueError):
    """A game declaration that cannot be read: the message names the file, the game
    and the key."""


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
    raise GameDefinitionError(
        f"cannot read step {text!r}: a step is 'deal D down U up', 'board N [on B] [noburn]', "
        "'bet small|big', 'draw N', 'discard N [down]', 'roll N [PURPOSE]', 'do RULE [WORDS]' "
        "or 'choose RULE [WORDS]', optionally ending 'if NOTE'"
    )


def _condition(text: str) -> tuple[str, str | None]:
    """A step's text and the note it waits for: ``"bet small if lowball"``."""
    step, sep, note = text.rpartition(" if ")
    return (step, note.strip()) if sep else (text, None)


# -- the keys, read from the model ---------------------------------------------------


@dataclass(frozen=True)
class Key:
    """A key a game file may declare: where it goes, its type, and its default."""

    name: str
    #: ``game`` (a game's table) or ``share`` (a table of its ``showdown``)
    table: Literal["game", "share"]
    hint: Any
    required: bool
    default: Any


def _keys(model: type, table: Literal["game", "share"]) -> list[Key]:
    hints = get_type_hints(model)
    return [
        Key(
            f.name,
            table,
            hints[f.name],
            f.default is MISSING and f.default_factory is MISSING,
            f.default_factory() if f.default_factory is not MISSING else f.default,
        )
        for f in fields(model)
        if DERIVED not in f.metadata
    ]


@cache
def _derived() -> dict[str, str]:
    """The model's fields a file does not declare by name, and what they are read from."""
    return {
        f.name: f.metadata[DERIVED]
        for model in (Game, Showdown, Share)
        for f in fields(model)
        if DERIVED in f.metadata and f.name not in ("shares",)
    }


@cache
def game_keys() -> dict[str, Key]:
    """The keys of a game's table: the game's fields and its showdown's, by name."""
    return {k.name: k for k in (*_keys(Game, "game"), *_keys(Showdown, "game"))}


@cache
def share_keys() -> dict[str, Key]:
    """The keys of a ``showdown`` table: a share's fields, by name."""
    return {k.name: k for k in _keys(Share, "share")}


def _key_registry(keys: dict[str, Key]) -> Registry[Key]:
    found: Registry[Key] = Registry("key", lists="docs/engine.md lists them", normalise=str)
    for name, key in keys.items():
        found.register(name, key)
    return found


def _is_pairs(hint: Any) -> bool:
    """A ``tuple[tuple[K, V], ...]`` field, declared in a file as a table ``{ k = v }``."""
    args = get_args(hint)
    return (
        get_origin(hint) is tuple
        and len(args) == 2
        and args[1] is Ellipsis
        and get_origin(args[0]) is tuple
        and len(get_args(args[0])) == 2
    )


def type_words(hint: Any) -> str:
    """A key's type for a reader: ``one of "split", "first"``, ``list of integers`` ..."""
    if hint == tuple[Step, ...]:
        return "list of steps"
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        return "one of " + ", ".join(f'"{a}"' for a in args)
    if origin in (Union, types.UnionType):
        return type_words(next(a for a in args if a is not type(None)))
    if _is_pairs(hint):
        key, value = get_args(args[0])
        return f"table of {type_words(key)} = {type_words(value)}"
    if origin is tuple:
        item = type_words(args[0])
        return f"list of {item}s" if " " not in item else f"list, each {item}"
    words = {bool: "boolean", int: "integer", str: "string"}
    if hint in words:
        return words[hint]
    return "list of shares" if hint is Showdown else str(getattr(hint, "__name__", hint))


def default_words(key: Key) -> str:
    """A key's default as TOML writes it (``10``, ``"standard"``, ``[]``), ``required``,
    or ``none`` (the key is off unless given)."""
    if key.required:
        return "required"
    if key.default is None:
        return "none"
    if isinstance(key.default, bool):
        return str(key.default).lower()
    if _is_pairs(key.hint):
        pairs = ", ".join(f'{k} = "{v}"' for k, v in key.default)
        return f"{{ {pairs} }}" if pairs else "{}"
    if isinstance(key.default, tuple):
        return "[" + ", ".join(f'"{item}"' for item in key.default) + "]"
    if isinstance(key.default, str):
        return f'"{key.default}"'
    return str(key.default)


# -- reading a value -----------------------------------------------------------------


class _FieldError(ValueError):
    """A value that does not fit its key (the reader adds the file, game and key)."""

    def __init__(self, where: str, problem: str):
        super().__init__(problem)
        self.where = where
        self.problem = problem


def _value(hint: Any, value: Any, where: str) -> Any:
    """``value`` read as the type ``hint``, or :class:`_FieldError`."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        if value not in args:
            raise _FieldError(where, f"{value!r} is not one of {', '.join(map(repr, args))}")
        return value
    if origin in (Union, types.UnionType):
        return _value(next(a for a in args if a is not type(None)), value, where)
    if _is_pairs(hint):
        if not isinstance(value, dict):
            raise _FieldError(where, f"should be a table ({type_words(hint)}), not {value!r}")
        key_hint, value_hint = get_args(args[0])
        return tuple(
            (_value(key_hint, k, where), _value(value_hint, v, f"{where}.{k}"))
            for k, v in value.items()
        )
    if origin is tuple:
        if not isinstance(value, list):
            raise _FieldError(where, f"should be a list ({type_words(hint)}), not {value!r}")
        return tuple(_value(args[0], item, f"{where}[{i}]") for i, item in enumerate(value))
    if hint is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise _FieldError(where, f"should be a whole number, not {value!r}")
    if hint in (bool, str) and not isinstance(value, hint):
        raise _FieldError(where, f"should be a {type_words(hint)}, not {value!r}")
    return value


def _check_names(raw: dict[str, Any], keys: dict[str, Key], where: str) -> None:
    """Refuse a key the model does not have, and a required one left out."""
    known = _key_registry(keys)
    for name in raw:
        if name in _derived():
            raise _FieldError(where, f"{name!r} is not a key: {_derived()[name]}")
        if name not in known:
            raise _FieldError(where, str(known.unknown(name)))
    for key in keys.values():
        if key.required and key.name not in raw:
            raise _FieldError(where, f"missing {key.name!r}")


def _check_meaning(name: str, value: Any, where: str) -> None:
    """The names a value gives that must exist: scales, qualifiers, a deck, wild cards."""
    from pokerbook.cards.decks import deck
    from pokerbook.evaluation.qualifiers import get_qualifier
    from pokerbook.evaluation.scale import SCALES
    from pokerbook.evaluation.wild import wild_sets

    try:
        if name in ("scale", "first_to_act") and value is not None:
            SCALES.get(value)
        elif name in ("qualifier", "openers") and value is not None:
            get_qualifier(value)
        elif name == "deck":
            deck(value)
        elif name == "wild":
            wild_sets(value)
    except (KeyError, ValueError) as exc:
        raise _FieldError(where, str(exc) if isinstance(exc, ValueError) else exc.args[0]) from None


def _fields(raw: dict[str, Any], keys: dict[str, Key], where: str) -> dict[str, Any]:
    """The values of ``raw``'s keys (all known), each read as its field's type and checked."""
    out: dict[str, Any] = {}
    for name, value in raw.items():
        here = f"{where}.{name}" if where else name
        out[name] = _value(keys[name].hint, value, here)
        _check_meaning(name, out[name], here)
    return out


def _shares(value: Any) -> tuple[Share, ...]:
    if not isinstance(value, list) or not value:
        raise _FieldError("showdown", "should be a list of share tables, such as [{ name = ... }]")
    shares: list[Share] = []
    for i, raw in enumerate(value):
        where = f"showdown[{i}]"
        if not isinstance(raw, dict):
            raise _FieldError(where, f"should be a table (a share), not {raw!r}")
        _check_names(raw, share_keys(), where)
        share = Share(**_fields(raw, share_keys(), where))
        if any(s.name == share.name for s in shares):
            raise _FieldError(f"{where}.name", f"the share {share.name!r} is declared twice")
        shares.append(share)
    return tuple(shares)


def _steps(value: Any) -> tuple[tuple[Step, ...], tuple[str | None, ...]]:
    if not isinstance(value, list) or not value:
        raise _FieldError(
            "steps", "should be a list of steps, such as ['deal 2 down', 'bet small']"
        )
    steps: list[Step] = []
    notes: list[str | None] = []
    for i, text in enumerate(value):
        if not isinstance(text, str):
            raise _FieldError(f"steps[{i}]", f"should be a string, not {text!r}")
        step_text, note = _condition(text)
        try:
            steps.append(parse_step(step_text))
        except GameDefinitionError as exc:
            raise _FieldError(f"steps[{i}]", str(exc)) from None
        notes.append(note)
    return tuple(steps), tuple(notes) if any(notes) else ()


def _check_rules(game: Game, texts: list[str]) -> None:
    """Every rule a step names exists, and takes the words the step gives it."""
    from pokerbook.engine.rules import CHOICES, EFFECTS, check_arguments

    for i, step in enumerate(game.steps):
        if not isinstance(step, Effect | Choice):
            continue
        kind: Literal["do", "choose"] = "do" if isinstance(step, Effect) else "choose"
        where = f"steps[{i}] {texts[i]!r}"
        try:
            (EFFECTS if kind == "do" else CHOICES).get(step.rule)
            check_arguments(kind, step.rule, step.args, game)
        except ValueError as exc:  # an UnknownNameError too
            raise _FieldError(where, str(exc)) from None


def _check_alias_formats(game: Game) -> None:
    """Each alias named for a format is an alias of the game, dealt in one of its formats
    (spread limit wherever limit is)."""
    for alias, fmt in game.alias_formats:
        where = f"alias_formats.{alias}"
        if alias not in game.aliases:
            raise _FieldError(where, f"{alias!r} is not one of the game's aliases")
        if fmt not in game.playable_formats:
            formats = ", ".join(game.playable_formats)
            raise _FieldError(where, f"the game is not played {fmt} (its formats: {formats})")


def _build(game_id: str, raw: dict[str, Any]) -> Game:
    special = {k: raw[k] for k in ("steps", "showdown") if k in raw}
    _check_names(raw, game_keys(), "")
    plain = _fields({k: v for k, v in raw.items() if k not in special}, game_keys(), "")
    steps, when = _steps(special["steps"])
    shown = {k: plain.pop(k) for k in ("divide", "unqualified") if k in plain}
    game = Game(
        id=game_id,
        steps=steps,
        when=when,
        showdown=Showdown(_shares(special["showdown"]), **shown),
        **plain,
    )
    _check_alias_formats(game)
    _check_rules(game, special["steps"])
    return game


def read_game(game_id: str, raw: Any, source: str) -> Game:
    """The game ``game_id`` declared by the table ``raw`` of the file ``source``."""
    if not isinstance(raw, dict):
        raise GameDefinitionError(f"{source}: [{game_id}] should be a table (a game)")
    try:
        return _build(game_id, raw)
    except _FieldError as exc:
        where = f" {exc.where}" if exc.where else ""
        raise GameDefinitionError(f"{source}: [{game_id}]{where}: {exc.problem}") from None


def read_games(text: str, source: str) -> dict[str, Game]:
    """Every game a game file's text declares, by ID, in the file's order."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise GameDefinitionError(f"{source}: not valid TOML: {exc}") from None
    return {game_id: read_game(game_id, table, source) for game_id, table in raw.items()}


def load_game_file(path: Path | str) -> dict[str, Game]:
    """Every game the TOML file at ``path`` declares, by ID."""
    where = Path(path)
    try:
        text = where.read_text(encoding="utf-8")
    except OSError as exc:
        raise GameDefinitionError(f"{where}: cannot read the game file ({exc.strerror})") from None
    games = read_games(text, str(where))
    if not games:
        raise GameDefinitionError(f"{where}: declares no game (a table such as [my-game])")
    return games
