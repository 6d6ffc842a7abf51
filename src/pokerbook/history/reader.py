"""Reading PHH hand histories (the format is described in :mod:`pokerbook.history.phh`).

Most files are read the quick way: every amount a whole number, every list one
per player, none of pokerbook's own fields.  Anything else is read field by
field, each checked, and amounts that are not whole set the hand's ``scale``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, Final, NamedTuple, cast

from pokerbook.engine.setup import HandSetup
from pokerbook.games.model import Format, Game
from pokerbook.history.action_lines import check_deck, parse_steps
from pokerbook.history.fast_toml import loads_flat
from pokerbook.history.model import (
    HandHistory,
    Number,
    PHHError,
    Step,
    checked_number,
    decimal_places,
)
from pokerbook.history.setup_keys import (
    AMOUNT,
    AMOUNTS,
    FLAG,
    OWN_SETUP_KEYS,
    PLAYER,
    PLAYER_SET,
    PLAYERS,
)
from pokerbook.history.variants import resolve_variant

_REQUIRED: Final = ("variant", "starting_stacks", "actions")
_SINGLES: Final = ("bring_in", "small_bet", "big_bet", "min_bet")
_VARIANTS: dict[tuple[str, str | None], tuple[Game, Format]] = {}
_INT_ONLY: Final = frozenset({int})
_PLAIN: Final = frozenset({str, type(None)})  # the types of a format that keys _VARIANTS


def _resolve(variant: str, format: Any, source: str) -> tuple[Game, Format]:
    """The game and format of a variant code (see :func:`resolve_variant`)."""
    key = (variant, format)
    found = _VARIANTS.get(key) if format is None or type(format) is str else None
    if found is not None:
        return found
    try:
        found = resolve_variant(variant, format)
    except ValueError as exc:
        raise PHHError(f"{source}: {exc}") from None
    if (format is None or type(format) is str) and len(_VARIANTS) < 1024:
        _VARIANTS[key] = found
    return found


def _amount_list(
    raw: Mapping[str, Any], name: str, players: int, source: str
) -> tuple[list[Number], bool]:
    """The field's amounts, one per player (0s when it is missing), and whether
    they are all whole numbers (ints)."""
    value = raw.get(name)
    if value is None:
        return [0] * players, True
    if type(value) is not list or len(value) != players:
        raise PHHError(f"{source}: {name} must list one amount per player ({players})")
    if {*map(type, value)} == _INT_ONLY and min(value) >= 0:
        return value, True
    out = [checked_number(v, f"{name}[{i}]", source) for i, v in enumerate(value)]
    return out, all(type(n) is int for n in out)


class _Decimals(dict[int, Decimal]):
    """``Decimal(n)`` by whole number ``n``, kept for the first few thousand asked
    for (decimals are immutable, so hands share them)."""

    def __missing__(self, number: int) -> Decimal:
        value = Decimal(number)
        if len(self) < 4096:
            self[number] = value
        return value


_DECIMAL_OF: Final = _Decimals()


class _Stakes(NamedTuple):
    """The amounts of a hand's stakes and stacks as the file writes them (PHH order)."""

    stacks: list[Number]
    antes: list[Number]
    blinds: list[Number]
    singles: list[Number]  # bring_in, small_bet, big_bet, min_bet
    whole: bool  # every one a whole number
    finishing: list[Decimal] | None


#: ``tuple.__new__`` for :class:`_Stakes`: the same tuple as ``_Stakes(...)`` with
#: every field given, without the call through the generated ``__new__``
_new_stakes: Final = cast("Callable[[type[_Stakes], tuple[Any, ...]], _Stakes]", tuple.__new__)


def _usual_stakes(raw: Mapping[str, Any], stacks: list[Any], players: int) -> _Stakes | None:
    """The stakes of the usual hand, every amount a whole number and every list
    one per player (None for any other hand: :func:`_checked_stakes` reads it)."""
    get = raw.get
    antes: Any = get("antes")
    blinds: Any = get("blinds_or_straddles")
    if type(antes) is not list or type(blinds) is not list:
        return None
    if len(antes) != players or len(blinds) != players:
        return None
    singles: list[Any] = [get("bring_in", 0), get("small_bet", 0), get("big_bet", 0)]
    singles.append(get("min_bet", 0))
    finishing: Any = get("finishing_stacks")
    amounts = [*stacks, *antes, *blinds, *singles]
    if type(finishing) is list and len(finishing) == players:
        amounts += finishing
    elif finishing is not None:
        return None
    if {*map(type, amounts)} != _INT_ONLY or min(amounts) < 0:
        return None
    results = None if finishing is None else list(map(_DECIMAL_OF.__getitem__, finishing))
    return _new_stakes(_Stakes, (stacks, antes, blinds, singles, True, results))


def _checked_stakes(raw: Mapping[str, Any], players: int, source: str) -> _Stakes:
    """The stakes of any hand, each amount checked."""
    stacks, whole = _amount_list(raw, "starting_stacks", players, source)
    antes, whole_antes = _amount_list(raw, "antes", players, source)
    blinds, whole_blinds = _amount_list(raw, "blinds_or_straddles", players, source)
    get = raw.get
    singles = [checked_number(get(name, 0), name, source) for name in _SINGLES]
    whole = whole and whole_antes and whole_blinds and all(type(n) is int for n in singles)
    finishing: list[Decimal] | None = None
    if get("finishing_stacks") is not None:
        results = _amount_list(raw, "finishing_stacks", players, source)[0]
        finishing = list(map(Decimal, results))
    return _Stakes(stacks, antes, blinds, singles, whole, finishing)


# -- pokerbook's own fields --------------------------------------------------------------


class _Own(NamedTuple):
    """pokerbook's own fields of a hand (those whose names begin with ``_``), read.
    ``setup`` holds the table agreements by :class:`HandSetup` field name, seats
    0-based, amounts as the file writes them."""

    spread: Sequence[Number]
    chip: Number | None  # None: not recorded
    house: str | None
    setup: dict[str, Any]

    def numbers(self) -> list[Number]:
        """Every amount among the fields (they take part in setting the scale)."""
        out: list[Number] = [*self.spread]
        if self.chip is not None:
            out.append(self.chip)
        for name, value in self.setup.items():
            kind = _SETUP_KIND[name]
            if kind == AMOUNT:
                out.append(value)
            elif kind == AMOUNTS:
                out.extend(value)
        return out

    def scaled(self, chips: Callable[[Number], int]) -> _Own:
        """The fields with every amount in scaled chips."""
        setup = dict(self.setup)
        for name, value in setup.items():
            kind = _SETUP_KIND[name]
            if kind == AMOUNT:
                setup[name] = chips(value)
            elif kind == AMOUNTS:
                setup[name] = tuple(map(chips, value))
        chip = None if self.chip is None else chips(self.chip)
        return _Own([chips(n) for n in self.spread], chip, self.house, setup)


_NO_OWN: Final = _Own((), None, None, {})
_OWN_FIELDS: Final = frozenset({"_spread", "_chip", "_house"} | {r.key for r in OWN_SETUP_KEYS})
_SETUP_KIND: Final = {row.field: row.kind for row in OWN_SETUP_KEYS}


def _own(raw: Mapping[str, Any], players: int, source: str) -> _Own:
    """The fields of :data:`_OWN_FIELDS` (None or nothing where missing), checked."""
    get = raw.get
    spread_raw = get("_spread")
    spread = [checked_number(v, "_spread", source) for v in spread_raw] if spread_raw else []
    chip_raw = get("_chip")
    chip = None if chip_raw is None else checked_number(chip_raw, "_chip", source)
    if chip is not None and not chip:
        raise PHHError(f"{source}: _chip must be more than 0")
    house = get("_house")
    if house is not None and not isinstance(house, str):
        raise PHHError(f"{source}: _house must be a house name")
    setup: dict[str, Any] = {}
    for row in OWN_SETUP_KEYS:
        value = get(row.key)
        if value is not None:
            setup[row.field] = _SETUP_READERS[row.kind](raw, row.key, players, source)
    return _Own(spread, chip, house, setup)


def _read_amount(raw: Mapping[str, Any], key: str, players: int, source: str) -> Number:
    return checked_number(raw[key], key, source)


def _read_amounts(
    raw: Mapping[str, Any], key: str, players: int, source: str
) -> tuple[Number, ...]:
    """One amount per player, by seat (heads-up the file lists the button first)."""
    amounts = _amount_list(raw, key, players, source)[0]
    return tuple(amounts[::-1] if players == 2 else amounts)


def _read_player(raw: Mapping[str, Any], key: str, players: int, source: str) -> int:
    """The 0-based player a field names (1 for ``p1`` ...)."""
    value = raw[key]
    if type(value) is not int or not 1 <= value <= players:
        raise PHHError(f"{source}: {key} must be a player 1 to {players}, not {value!r}")
    return value - 1


def _player_list(raw: Mapping[str, Any], key: str, players: int, source: str) -> list[int]:
    value = raw[key]
    if type(value) is not list or any(type(p) is not int or not 1 <= p <= players for p in value):
        raise PHHError(f"{source}: {key} must list players 1 to {players}, not {value!r}")
    return [p - 1 for p in value]


def _read_players(raw: Mapping[str, Any], key: str, players: int, source: str) -> tuple[int, ...]:
    """Players in order, none twice."""
    seats = _player_list(raw, key, players, source)
    if len(set(seats)) != len(seats):
        raise PHHError(f"{source}: {key} names a player twice: {raw[key]!r}")
    return tuple(seats)


def _read_player_set(raw: Mapping[str, Any], key: str, players: int, source: str) -> frozenset[int]:
    return frozenset(_player_list(raw, key, players, source))


def _read_flag(raw: Mapping[str, Any], key: str, players: int, source: str) -> bool:
    """An agreement made or not: ``true`` or ``false``."""
    value = raw[key]
    if type(value) is not bool:
        raise PHHError(f"{source}: {key} must be true or false, not {value!r}")
    return value


_SETUP_READERS: Final[dict[str, Callable[[Mapping[str, Any], str, int, str], Any]]] = {
    AMOUNT: _read_amount,
    AMOUNTS: _read_amounts,
    PLAYER: _read_player,
    PLAYERS: _read_players,
    PLAYER_SET: _read_player_set,
    FLAG: _read_flag,
}


# -- the hand ----------------------------------------------------------------------------

#: the setups of hands without pokerbook's fields, by forced bets, antes and blinds
_SETUPS: dict[tuple[object, ...], HandSetup] = {}


def _hand_setup(
    game: Game, antes: list[int], blinds: list[int], agreed: dict[str, Any]
) -> HandSetup:
    """The hand's table agreements by seat: the blinds and antes posted at the
    start (heads-up the file lists the button's first; a game of antes only posts
    no blinds at the start, whatever a rule posts later) and pokerbook's fields."""
    key = (game.forced, *antes, *blinds)  # (as :func:`_read_hand` looks it up)
    if len(antes) == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    posted = None if game.forced == "antes" else tuple(blinds)
    if agreed:
        return HandSetup(blinds=posted, antes=tuple(antes), **agreed)
    setup = HandSetup(blinds=posted, antes=tuple(antes))
    if len(_SETUPS) < 4096:  # (setups are immutable: hands share them)
        _SETUPS[key] = setup
    return setup


def read_hand(raw: Mapping[str, Any], source: str = "<phh>") -> HandHistory:
    """A hand from the fields of one PHH document (as ``tomllib`` reads it, with
    ``parse_float=Decimal``)."""
    return _read_hand(raw, source, None)


def _game_of(raw: Mapping[str, Any], source: str) -> tuple[str, Game, Format]:
    """The variant code, game and format of the hand (the required fields checked)."""
    if "variant" not in raw or "starting_stacks" not in raw or "actions" not in raw:
        for name in _REQUIRED:
            if name not in raw:
                raise PHHError(f"{source}: missing required field {name!r}")
    variant = raw["variant"]
    if not isinstance(variant, str):
        raise PHHError(f"{source}: variant must be a string code, not {variant!r}")
    format_raw = raw.get("_format", raw.get("format"))
    plain = format_raw is None or type(format_raw) is str
    resolved = _VARIANTS.get((variant, format_raw)) if plain else None
    game, fmt = resolved or _resolve(variant, format_raw, source)
    return variant, game, fmt


def _read_hand(raw: Mapping[str, Any], source: str, fields: dict[str, Any] | None) -> HandHistory:
    """:func:`read_hand`; ``fields`` is ``raw`` when it is a dict nobody else
    holds (it becomes the history's ``fields``), None to copy ``raw``."""
    # the usual hand's variant, already resolved, without a call to _game_of
    variant: Any = raw.get("variant")
    format_raw = raw.get("_format", raw.get("format"))
    plain = type(variant) is str and type(format_raw) in _PLAIN  # (hashable, as keys are)
    known = _VARIANTS.get((variant, format_raw)) if plain else None
    if known is None or "starting_stacks" not in raw or "actions" not in raw:
        variant, game, fmt = _game_of(raw, source)
    else:
        game, fmt = known
    stacks_raw = raw["starting_stacks"]
    if type(stacks_raw) is not list or not stacks_raw:
        raise PHHError(f"{source}: starting_stacks must be a list with one stack per player")
    players = len(stacks_raw)
    stakes = _usual_stakes(raw, stacks_raw, players) or _checked_stakes(raw, players, source)
    own = _NO_OWN if _OWN_FIELDS.isdisjoint(raw) else _own(raw, players, source)
    actions = raw["actions"]
    if type(actions) is not list:
        raise PHHError(f"{source}: actions must be a list of strings")
    steps, bet_decimals = parse_steps(actions, players, source)
    scale = 1
    if (
        not stakes.whole
        or bet_decimals
        or (own is not _NO_OWN and any(type(n) is not int for n in own.numbers()))
    ):
        scale, stakes, own, steps = _scaled(stakes, own, steps, bet_decimals)
    # every amount is a whole number of chips from here on; the lists are the
    # history's own (the document's stay as they were)
    # (annotated, not cast: cast is a call, and this runs for every hand)
    antes: list[Any] = [*stakes.antes]
    blinds: list[Any] = [*stakes.blinds]
    stacks: list[Any] = [*stakes.stacks]
    if game.deck != "standard":
        check_deck(game, steps, source)
    # the usual hand's setup is one made before (antes and blinds list every player)
    setup = None if own.setup else _SETUPS.get((game.forced, *antes, *blinds))
    if setup is None:
        setup = _hand_setup(game, antes, blinds, own.setup)
    singles = stakes.singles
    spread = own.spread
    return HandHistory(
        source=source,
        game=game,
        format=fmt,
        variant=variant,
        antes=antes,
        blinds=blinds,
        bring_in=int(singles[0]),
        small_bet=int(singles[1]),
        big_bet=int(singles[2]),
        min_bet=int(singles[3]),
        starting_stacks=stacks,
        steps=steps,
        scale=scale,
        spread=(int(spread[0]), int(spread[1])) if len(spread) == 2 else None,
        house=own.house,
        chip=1 if own.chip is None else int(own.chip),
        setup=setup,
        finishing_stacks=stakes.finishing,
        fields=dict(raw) if fields is None else fields,
    )


def _scaled(
    stakes: _Stakes, own: _Own, steps: list[Step], bet_decimals: dict[int, Decimal]
) -> tuple[int, _Stakes, _Own, list[Step]]:
    """The scale (whole units of the finest decimal the stakes, stacks, fields and
    bets use), and the amounts in scaled chips."""
    everything = (
        *stakes.stacks,
        *stakes.antes,
        *stakes.blinds,
        *stakes.singles,
        *own.numbers(),
        *bet_decimals.values(),
    )
    decimals = [n for n in everything if type(n) is not int]
    scale = 10 ** max((decimal_places(n) for n in decimals), default=0)

    def chips(n: Number) -> int:
        return n * scale if type(n) is int else int(n * scale)

    steps = [
        s._replace(amount=chips(bet_decimals.get(i, s.amount))) if s.kind == "cbr" else s
        for i, s in enumerate(steps)
    ]
    scaled = _Stakes(
        [chips(s) for s in stakes.stacks],
        [chips(a) for a in stakes.antes],
        [chips(b) for b in stakes.blinds],
        [chips(n) for n in stakes.singles],
        True,
        stakes.finishing,
    )
    return scale, scaled, own.scaled(chips), steps


def _toml(text: str, source: str) -> dict[str, Any]:
    flat = loads_flat(text)
    if flat is not None:
        return flat
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PHHError(f"{source}: not valid TOML: {exc}") from None


def read_phh(text: str, source: str = "<phh>") -> HandHistory:
    """One hand from the text of a ``.phh`` file."""
    raw = _toml(text, source)
    return _read_hand(raw, source, raw)


def read_phhs(text: str, source: str = "<phhs>") -> list[HandHistory]:
    """Every hand of a ``.phhs`` file, in file order (each table ``[N]`` is a hand)."""
    out: list[HandHistory] = []
    for name, table in _toml(text, source).items():
        if not isinstance(table, dict):
            raise PHHError(f"{source}: {name!r} is not a hand table ([1], [2] ...)")
        out.append(_read_hand(table, f"{source} [{name}]", table))
    return out


def load(path: str | Path) -> list[HandHistory]:
    """The hands of a ``.phh`` (one) or ``.phhs`` (several) file."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".phhs":
        return read_phhs(text, str(path))
    return [read_phh(text, str(path))]
