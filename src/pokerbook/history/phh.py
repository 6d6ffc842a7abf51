"""Reading and writing PHH hand histories (phh-std, "PHH: Poker Hand History").

A ``.phh`` file is one TOML document describing one hand; a ``.phhs`` file holds
several, each in a table named by its number (``[1]``, ``[2]`` ...).  The
fields read here:

* ``variant`` (see :mod:`pokerbook.history.variants`; ``_format`` and
  ``_spread`` for pokerbook's own codes, ``_house`` for a house profile),
* ``_chip``: the smallest chip when bigger than one unit (bets are whole chips,
  and a split pot's odd chip is one of them), and ``_overs``: the players (1 for
  ``p1`` ...) holding an Overs button (004 r.8), both pokerbook's own,
* pokerbook's fields for a hand of a night: ``_first_to_act`` and ``_last_to_act``
  (a player who acts first or last in the first betting round: a kill, 004 r.10),
  ``_dead_blinds`` (the dead part of missed blinds made up, one amount per player,
  like ``antes``), ``_carried_in`` (chips in the pot from an unopened deal) and
  ``_bomb_pot`` (each player's bomb-pot ante: no first betting round),
* ``antes``, ``blinds_or_straddles``, ``bring_in``, ``small_bet``, ``big_bet``,
  ``min_bet``, ``starting_stacks``: the stakes, per player where a list,
* ``actions``: ``d dh p1 AcAs`` (hole cards, ``??`` unknown), ``d db 7h8h9h``
  (board), ``p2 f`` / ``cc`` / ``cbr N`` / ``pb`` / ``sd [cards]`` /
  ``sm [cards|-]``; ``# ...`` commentary is dropped; ``pN dc cards`` (discard
  without a replacement) is a pokerbook extension for games PHH lacks,
* ``finishing_stacks``: the result a replay must reproduce (optional).

Player order: players are listed clockwise from the first seat left of the
button (the small blind) to the button; in stud from the dealer's left.  The
lists of antes and blinds are in that order, except heads-up, where the
standard reverses them (the first amount is the small blind, posted by the
button, which is the second player).

Amounts may be decimals (``0.50``): a hand is replayed in whole units of the
finest decimal its stakes, stacks and bets use (``scale``), so ``0.50/1`` is
played as ``50/100``.  Results (``finishing_stacks``) do not set the scale: a
result finer than the stakes is a result the engine's whole chips cannot give.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeAlias, cast

from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.games.model import Format, Game
from pokerbook.history.fast_toml import POKERBOOK_FIELDS, loads_flat
from pokerbook.history.variants import resolve_variant, variant_code

if TYPE_CHECKING:
    from pokerbook.engine.hand import Hand

#: fields that describe the hand's set-up and play (everything else is metadata)
GAME_FIELDS = frozenset(
    {
        "variant",
        *POKERBOOK_FIELDS,
        "format",
        "ante_trimming_status",
        "antes",
        "blinds_or_straddles",
        "bring_in",
        "small_bet",
        "big_bet",
        "min_bet",
        "starting_stacks",
        "actions",
        "finishing_stacks",
    }
)

_CARD_BY_TEXT: dict[str, Card] = {str(Card.of(i)): Card.of(i) for i in range(53)}


class PHHError(ValueError):
    """A hand history that cannot be read (or replayed): says where and why."""


class Step(NamedTuple):
    """One action line.  ``seat`` is the 0-based player (None: the dealer);
    ``cards`` holds None for each unknown card (``??``).  Steps are immutable,
    and histories read from text may share equal ones."""

    position: int  # in the actions list (for messages)
    text: str
    seat: int | None
    kind: str  # "dh" "db" "f" "cc" "cbr" "pb" "sd" "dc" "sm"
    amount: int = 0  # cbr, in scaled chips
    cards: tuple[Card | None, ...] = ()
    dash: bool = False  # ``sm -``: show the cards already dealt


@dataclass(slots=True)
class HandHistory:
    """One hand read from PHH.  Amounts are in scaled whole chips (``scale``
    chips to one unit of the file); lists are in PHH player order."""

    source: str
    game: Game
    format: Format
    variant: str
    antes: list[int]
    blinds: list[int]
    bring_in: int
    small_bet: int
    big_bet: int
    min_bet: int
    starting_stacks: list[int]
    steps: list[Step]
    scale: int = 1
    spread: tuple[int, int] | None = None
    house: str | None = None
    #: the smallest chip, in scaled chips (``_chip``; 1: not recorded)
    chip: int = 1
    #: the players holding an Overs button, 0-based in PHH order (``_overs``)
    overs: tuple[int, ...] = ()
    #: the player acting first / last in the first betting round, 0-based in PHH order
    first_to_act: int | None = None
    last_to_act: int | None = None
    #: the dead part of missed blinds made up, per player (scaled chips; ``_dead_blinds``)
    dead_blinds: list[int] | None = None
    #: chips in the pot from an unopened deal (scaled chips; ``_carried_in``)
    carried_in: int = 0
    #: a bomb pot's ante (scaled chips; ``_bomb_pot``; 0: not a bomb pot)
    bomb_pot: int = 0
    finishing_stacks: list[Decimal] | None = None
    fields: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.starting_stacks)

    def unscale(self, amount: int) -> Decimal:
        """A chip amount back in the file's units."""
        return Decimal(amount) / self.scale if self.scale != 1 else Decimal(amount)


# -- reading ----------------------------------------------------------------------------

Number: TypeAlias = int | Decimal


def _number(value: Any, what: str, source: str) -> Number:
    """A finite, non-negative amount (an int, or a Decimal for a TOML float)."""
    if type(value) is int:
        if value < 0:
            raise PHHError(f"{source}: {what} cannot be negative ({value})")
        return value
    if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        raise PHHError(f"{source}: {what} must be a number, not {value!r}")
    number = value if isinstance(value, Decimal) else Decimal(str(value))
    if not number.is_finite():
        raise PHHError(f"{source}: {what} is {value}: only finite amounts can be replayed")
    if number < 0:
        raise PHHError(f"{source}: {what} cannot be negative ({value})")
    return number


def _places(number: Number) -> int:
    if type(number) is int:
        return 0
    assert isinstance(number, Decimal)
    exponent = number.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def _pair_table() -> dict[str, Card | None]:
    """Every two-character text a card is read from: ``??`` (unknown), and each
    card in any mix of upper and lower case (``As``, ``as``, ``AS``, ``aS``)."""
    table: dict[str, Card | None] = {"??": None}
    for text, card in _CARD_BY_TEXT.items():
        rank, suit = text[0], text[1]
        for r in {rank.upper(), rank.lower()}:
            for s in {suit.upper(), suit.lower()}:
                table[r + s] = card
    return table


_CARD_OF_PAIR: Final = _pair_table()
_CARD_CACHE: dict[str, tuple[Card | None, ...]] = {}
_CARD_CACHE_SIZE: Final = 50_000


def _known_cards(text: str) -> tuple[Card | None, ...] | None:
    """The cards of ``text`` (``??`` an unknown card), or None if it is not a
    non-empty run of two-character cards."""
    cached = _CARD_CACHE.get(text)
    if cached is not None:
        return cached
    if not text or len(text) % 2:
        return None
    pair = _CARD_OF_PAIR
    try:
        cards = tuple([pair[text[i : i + 2]] for i in range(0, len(text), 2)])
    except KeyError:
        return None
    if len(_CARD_CACHE) < _CARD_CACHE_SIZE:
        _CARD_CACHE[text] = cards
    return cards


def _cards(text: str, step_text: str, source: str) -> tuple[Card | None, ...]:
    cards = _known_cards(text)
    if cards is not None:
        return cards
    if len(text) % 2:
        raise PHHError(f"{source}: {step_text!r}: {text!r} is not a list of two-character cards")
    for i in range(0, len(text), 2):
        pair = text[i : i + 2]
        if pair not in _CARD_OF_PAIR:
            raise PHHError(
                f"{source}: {step_text!r}: cannot read card {pair!r} (rank 2-9 T J Q K A "
                "then suit c d h s, or ?? for an unknown card)"
            )
    return ()


def _seat(word: str, players: int, index: int, text: str, source: str) -> int:
    seat = _SEAT_OF.get(word)
    if seat is None:
        digits = word[1:]
        if word[:1] != "p" or not (digits.isdigit() and digits.isascii()) or digits[0] == "0":
            raise PHHError(
                f"{source}: action {index + 1} {text!r}: {word!r} is not an actor "
                f"(d, or p1 .. p{players})"
            )
        seat = int(digits) - 1
    if seat >= players:
        raise PHHError(f"{source}: action {index + 1} {text!r}: there are only {players} players")
    return seat


_SEAT_OF: Final = {f"p{i + 1}": i for i in range(26)}
_NO_ARGS: Final = frozenset({"f", "cc", "pb"})
_CARD_ARGS: Final = frozenset({"sd", "dc", "sm", "gv", "rc"})

#: ``tuple.__new__`` for :class:`Step`: the same tuple as ``Step(...)`` with all
#: seven fields given, without the call through the generated ``__new__``
_new_step: Final = cast("Callable[[type[Step], tuple[Any, ...]], Step]", tuple.__new__)


_Line: TypeAlias = tuple[int | None, str, int, tuple[Card | None, ...]]


class _Forms:
    """The action lines of a table of ``players`` written the usual way (single
    spaces, no commentary), and the steps read from them so far.  Steps are
    immutable, so hands share them; ``room`` bounds how many are kept."""

    __slots__ = ("head", "lines", "room", "shared")

    def __init__(self, players: int) -> None:
        #: the words before the last: ``d dh p1`` and ``p3 cbr`` give the seat and
        #: the kind; an actor alone (``p3``, kind "") has the kind as the last word
        self.head: dict[str, tuple[int | None, str]] = {"d db": (None, "db")}
        for seat in range(players):
            actor = f"p{seat + 1}"
            self.head[actor] = (seat, "")
            for kind in ("cbr", "sd", "dc", "sm"):
                self.head[f"{actor} {kind}"] = (seat, kind)
            self.head[f"d dh {actor}"] = (seat, "dh")
        #: the steps read so far, by place in the actions and line
        self.shared: list[dict[str, Step]] = []
        #: the seat, kind, amount and cards of each line read so far
        self.lines: dict[str, _Line] = {}
        self.room = _KEPT


_FORMS: dict[int, _Forms] = {}
_PLAIN_KINDS: Final = {kind: kind for kind in ("f", "cc", "pb", "sd", "dc", "sm")}
_SHARED_PLACES: Final = 1024  # longer histories are read without shared steps
_KEPT: Final = 1 << 15  # lines and steps kept for each number of players


def _forms(players: int) -> _Forms:
    forms = _FORMS.get(players)
    if forms is None:
        forms = _FORMS[players] = _Forms(players)
    return forms


def _read_line(text: str, head: dict[str, tuple[int | None, str]]) -> _Line | None:
    """The seat, kind, amount and cards of an action line written the usual way
    (see :class:`_Forms`), or None for any other line."""
    start, _, last = text.rpartition(" ")
    form = head.get(start)
    if form is None:
        return None
    seat, kind = form
    if not kind:
        kind = _PLAIN_KINDS.get(last, "")
        return (seat, kind, 0, ()) if kind else None
    if kind == "cbr":
        if last.isdigit() and last.isascii():
            return seat, kind, int(last), ()
        return None
    cards = _known_cards(last)
    return None if cards is None else (seat, kind, 0, cards)


def _parse_step(index: int, text: str, players: int, source: str) -> tuple[Step, Number] | None:
    """One action line read word by word (None for a no-op or a bare commentary),
    with the amount of a ``cbr`` (0 for the others)."""
    words = (text.split("#", 1)[0] if "#" in text else text).split()
    n = len(words)
    if not n:
        return None
    actor = words[0]
    if actor == "d":
        if n == 3 and words[1] == "rd" and words[2].isdigit():
            return Step(index, text, None, "rd"), int(words[2])  # the roll as the amount
        if n == 3 and words[1] == "db":
            return Step(index, text, None, "db", 0, _cards(words[2], text, source)), 0
        if n == 4 and words[1] == "dh":
            seat = _seat(words[2], players, index, text, source)
            return Step(index, text, seat, "dh", 0, _cards(words[3], text, source)), 0
        raise PHHError(
            f"{source}: action {index + 1} {text!r}: the dealer deals "
            "'d dh pN CARDS' or 'd db CARDS' (pokerbook games: 'd rd N' rolls a die)"
        )
    seat = _seat(actor, players, index, text, source)
    kind = words[1] if n > 1 else ""
    if n >= 3 and kind == "ch":
        return Step(index, text, seat, "ch"), 0
    if n == 2 and kind in _NO_ARGS:
        return Step(index, text, seat, kind), 0
    if n == 3 and kind == "cbr":
        word = words[2]
        number: Number
        if word.isdigit() and word.isascii():
            number = int(word)
        else:
            where = f"action {index + 1} {text!r}"
            try:
                number = _number(Decimal(word), where, source)
            except InvalidOperation:
                raise PHHError(f"{source}: {where}: {word!r} is not an amount") from None
        return Step(index, text, seat, "cbr"), number
    if n <= 3 and kind in _CARD_ARGS:
        if n == 3 and kind == "sm" and words[2] == "-":
            return Step(index, text, seat, "sm", dash=True), 0
        cards = _cards(words[2], text, source) if n == 3 else ()
        return Step(index, text, seat, kind, 0, cards), 0
    raise PHHError(
        f"{source}: action {index + 1} {text!r}: unknown action (f, cc, cbr AMOUNT, "
        "pb, sd [CARDS], sm [CARDS]; pokerbook games: ch OPTION, gv CARDS, rc CARDS)"
    )


def _parse_steps(
    actions: Sequence[Any], players: int, source: str
) -> tuple[list[Step], dict[int, Decimal]]:
    """The steps, in order, and the ``cbr`` amounts that are not whole numbers (by
    place in the steps; those steps hold 0 until the scale is known).  Whole
    ``cbr`` amounts are in the steps, unscaled."""
    steps: list[Step] = []
    decimals: dict[int, Decimal] = {}
    count = len(actions)
    if players > len(_SEAT_OF) or count > _SHARED_PLACES or {*map(type, actions)} - _STR_ONLY:
        for index, text in enumerate(actions):
            _add_step(steps, decimals, index, text, players, source)
        return steps, decimals
    forms = _FORMS.get(players) or _forms(players)
    shared, lines = forms.shared, forms.lines
    if len(shared) < count:
        shared.extend([{} for _ in range(count - len(shared))])
    # ``shared`` holds a place for every action (and may hold more)
    memo: list[Step | None] = list(map(dict.get, shared, actions))
    if None not in memo:  # every line read before at its place: the steps as they were
        return cast("list[Step]", memo), decimals
    append = steps.append
    new = _new_step
    for index, (text, seen) in enumerate(zip(actions, shared, strict=False)):
        step = seen.get(text)
        if step is not None:
            append(step)
            continue
        line = lines.get(text)
        if line is None:
            line = _read_line(text, forms.head)
            if line is None:
                _add_step(steps, decimals, index, text, players, source)
                continue
            if forms.room > 0:
                forms.room -= 1
                lines[text] = line
        seat, kind, amount, cards = line
        step = new(Step, (index, text, seat, kind, amount, cards, False))
        if forms.room > 0:
            forms.room -= 1
            seen[text] = step
        append(step)
    return steps, decimals


def _add_step(
    steps: list[Step],
    decimals: dict[int, Decimal],
    index: int,
    text: Any,
    players: int,
    source: str,
) -> None:
    """Read one action line word by word and add its step (see :func:`_parse_steps`)."""
    if type(text) is not str:
        raise PHHError(f"{source}: action {index + 1} must be a string, not {text!r}")
    parsed = _parse_step(index, text, players, source)
    if parsed is not None:
        step, number = parsed
        if type(number) is int:
            step = step._replace(amount=number)
        else:
            assert isinstance(number, Decimal)
            decimals[len(steps)] = number
        steps.append(step)


_STR_ONLY: Final = frozenset({str})
_REQUIRED: Final = ("variant", "starting_stacks", "actions")
_SINGLES: Final = ("bring_in", "small_bet", "big_bet", "min_bet")
_VARIANTS: dict[tuple[str, str | None], tuple[Game, Format]] = {}


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
    out = [_number(v, f"{name}[{i}]", source) for i, v in enumerate(value)]
    return out, all(type(n) is int for n in out)


_INT_ONLY: Final = frozenset({int})


class _Decimals(dict[int, Decimal]):
    """``Decimal(n)`` by whole number ``n``, kept for the first few thousand asked
    for (decimals are immutable, so hands share them)."""

    def __missing__(self, number: int) -> Decimal:
        value = Decimal(number)
        if len(self) < 4096:
            self[number] = value
        return value


_DECIMAL_OF: Final = _Decimals()


def read_hand(raw: Mapping[str, Any], source: str = "<phh>") -> HandHistory:
    """A hand from the fields of one PHH document (as ``tomllib`` reads it, with
    ``parse_float=Decimal``)."""
    return _read_hand(raw, source, None)


def _read_hand(raw: Mapping[str, Any], source: str, fields: dict[str, Any] | None) -> HandHistory:
    """:func:`read_hand`; ``fields`` is ``raw`` when it is a dict nobody else
    holds (it becomes the history's ``fields``), None to copy ``raw``."""
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
    stacks_raw = raw["starting_stacks"]
    if type(stacks_raw) is not list or not stacks_raw:
        raise PHHError(f"{source}: starting_stacks must be a list with one stack per player")
    players = len(stacks_raw)
    get = raw.get
    antes_raw: Any = get("antes")
    blinds_raw: Any = get("blinds_or_straddles")
    singles: list[Number] = [get("bring_in", 0), get("small_bet", 0), get("big_bet", 0)]
    singles.append(get("min_bet", 0))
    finishing: Any = get("finishing_stacks")
    usual = (
        type(antes_raw) is list
        and type(blinds_raw) is list
        and len(antes_raw) == players
        and len(blinds_raw) == players
    )
    if usual:
        amounts = [*stacks_raw, *antes_raw, *blinds_raw, *singles]
        if type(finishing) is list and len(finishing) == players:
            amounts += finishing
        else:
            usual = finishing is None
        usual = usual and {*map(type, amounts)} == _INT_ONLY and min(amounts) >= 0
    if usual:
        # the usual hand: every amount a whole number, every list one per player
        stacks, antes, blinds = stacks_raw, antes_raw, blinds_raw
        whole = whole_antes = whole_blinds = True
    else:
        stacks, whole = _amount_list(raw, "starting_stacks", players, source)
        antes, whole_antes = _amount_list(raw, "antes", players, source)
        blinds, whole_blinds = _amount_list(raw, "blinds_or_straddles", players, source)
        if {*map(type, singles)} != _INT_ONLY or min(singles) < 0:
            singles = [_number(v, n, source) for v, n in zip(singles, _SINGLES, strict=True)]
            whole = whole and all(type(n) is int for n in singles)
    extras = _NO_EXTRAS if _EXTRA_FIELDS.isdisjoint(raw) else _extras(raw, players, source)
    spread, chip, dead, carried, bomb, house, overs, first, last = extras
    actions = raw["actions"]
    if type(actions) is not list:
        raise PHHError(f"{source}: actions must be a list of strings")
    steps, bet_decimals = _parse_steps(actions, players, source)

    if (
        whole
        and whole_antes
        and whole_blinds
        and not bet_decimals
        and (
            extras is _NO_EXTRAS
            or all(type(n) is int for n in (*spread, chip, *dead, carried, bomb))
        )
    ):
        scale = 1
        stack_chips, ante_chips, blind_chips = list(stacks), list(antes), list(blinds)
        spread_chips = spread
    else:
        everything = (
            *stacks,
            *antes,
            *blinds,
            *singles,
            *spread,
            chip,
            *dead,
            carried,
            bomb,
            *bet_decimals.values(),
        )
        decimals = [n for n in everything if type(n) is not int]
        scale = 10 ** max((_places(n) for n in decimals), default=0)

        def chips(n: Number) -> int:
            return n * scale if type(n) is int else int(n * scale)

        steps = [
            s._replace(amount=chips(bet_decimals.get(i, s.amount))) if s.kind == "cbr" else s
            for i, s in enumerate(steps)
        ]
        stack_chips = [chips(s) for s in stacks]
        ante_chips = [chips(a) for a in antes]
        blind_chips = [chips(b) for b in blinds]
        singles = [chips(n) for n in singles]
        spread_chips = [chips(n) for n in spread]
        chip = chips(chip) if "_chip" in raw else 1
        dead = [chips(n) for n in dead]
        carried = chips(carried)
        bomb = chips(bomb)
    if game.deck != "standard":
        _check_deck(game, steps, source)
    finishing_stacks: list[Decimal] | None = None
    if finishing is not None:
        if usual:
            finishing_stacks = list(map(_DECIMAL_OF.__getitem__, finishing))
        else:
            finishing = _amount_list(raw, "finishing_stacks", players, source)[0]
            finishing_stacks = list(map(Decimal, finishing))
    return HandHistory(
        source=source,
        game=game,
        format=fmt,
        variant=variant,
        antes=ante_chips,
        blinds=blind_chips,
        bring_in=int(singles[0]),
        small_bet=int(singles[1]),
        big_bet=int(singles[2]),
        min_bet=int(singles[3]),
        starting_stacks=stack_chips,
        steps=steps,
        scale=scale,
        spread=(int(spread_chips[0]), int(spread_chips[1])) if len(spread_chips) == 2 else None,
        house=house,
        chip=int(chip),
        overs=overs,
        first_to_act=first,
        last_to_act=last,
        dead_blinds=[int(n) for n in dead] if dead else None,
        carried_in=int(carried),
        bomb_pot=int(bomb),
        finishing_stacks=finishing_stacks,
        fields=dict(raw) if fields is None else fields,
    )


class _Extras(NamedTuple):
    """pokerbook's own fields of a hand (those whose names begin with ``_``), read."""

    spread: Sequence[Number]
    chip: Number
    dead: Sequence[Number]
    carried: Number
    bomb: Number
    house: str | None
    overs: tuple[int, ...]
    first: int | None
    last: int | None


_NO_EXTRAS: Final = _Extras((), 1, (), 0, 0, None, (), None, None)
_EXTRA_FIELDS: Final = frozenset(
    {"_spread", "_chip", "_dead_blinds", "_carried_in", "_bomb_pot", "_house", "_overs"}
    | {"_first_to_act", "_last_to_act"}
)


def _extras(raw: Mapping[str, Any], players: int, source: str) -> _Extras:
    """The fields of :data:`_EXTRA_FIELDS` (their defaults where missing), checked."""
    get = raw.get
    spread_raw = get("_spread")
    spread = [_number(v, "_spread", source) for v in spread_raw] if spread_raw else []
    chip_raw = get("_chip")
    chip: Number = 1 if chip_raw is None else _number(chip_raw, "_chip", source)
    if not chip:
        raise PHHError(f"{source}: _chip must be more than 0")
    dead_raw = get("_dead_blinds")
    dead = _amount_list(raw, "_dead_blinds", players, source)[0] if dead_raw is not None else []
    carried_raw = get("_carried_in")
    carried = 0 if carried_raw is None else _number(carried_raw, "_carried_in", source)
    bomb_raw = get("_bomb_pot")
    bomb = 0 if bomb_raw is None else _number(bomb_raw, "_bomb_pot", source)
    house = get("_house")
    if house is not None and not isinstance(house, str):
        raise PHHError(f"{source}: _house must be a house name")
    overs = _overs(get("_overs"), players, source)
    first = _player(get("_first_to_act"), "_first_to_act", players, source)
    last = _player(get("_last_to_act"), "_last_to_act", players, source)
    return _Extras(spread, chip, dead, carried, bomb, house, overs, first, last)


def _player(value: Any, name: str, players: int, source: str) -> int | None:
    """The 0-based player a field names (1 for ``p1`` ...), or None."""
    if value is None:
        return None
    if type(value) is not int or not 1 <= value <= players:
        raise PHHError(f"{source}: {name} must be a player 1 to {players}, not {value!r}")
    return value - 1


def _overs(value: Any, players: int, source: str) -> tuple[int, ...]:
    """The 0-based players of an ``_overs`` list (1 for ``p1`` ...)."""
    if value is None:
        return ()
    if type(value) is not list or any(type(p) is not int or not 1 <= p <= players for p in value):
        raise PHHError(f"{source}: _overs must list players 1 to {players}, not {value!r}")
    return tuple(sorted({p - 1 for p in value}))


def _check_deck(game: Game, steps: Sequence[Step], source: str) -> None:
    allowed = frozenset(deck(game.deck).cards)
    for step in steps:
        for card in step.cards:
            if card is not None and card not in allowed:
                raise PHHError(
                    f"{source}: action {step.position + 1} {step.text!r}: {card} is not in "
                    f"the {game.deck} deck {game.name} is played with"
                )


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


# -- writing ----------------------------------------------------------------------------


def _amount_text(amount: int, scale: int) -> str:
    if scale == 1 or amount % scale == 0:
        return str(amount // scale)
    return format(Decimal(amount) / scale, "f")


def _value(value: Any) -> str:
    """A TOML value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal | float):
        number = Decimal(str(value)) if isinstance(value, float) else value
        if number.is_infinite():
            return "inf" if number > 0 else "-inf"
        text = format(number, "f")
        return text if "." in text else text + ".0"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{json.dumps(str(k))} = {_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise TypeError(f"cannot write {value!r} in TOML")


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name)


def _card_text(cards: Iterable[Card], unknown: frozenset[Card]) -> str:
    return "".join("??" if c in unknown else str(c) for c in cards)


def hand_actions(hand: Hand, scale: int = 1) -> list[str]:
    """The PHH action lines of a hand, from its events."""
    order = hand.order_from(hand.button + 1)
    player = {seat: f"p{i + 1}" for i, seat in enumerate(order)}
    unknown: frozenset[Card] = getattr(hand.dealer, "unknown", frozenset())
    lines: list[str] = []
    for event in hand.events:
        kind = event.kind
        who = player[event.seat] if event.seat is not None else "d"
        if kind == "deal-hole":
            lines.append(f"d dh {who} {_card_text(event.cards, unknown)}")
        elif kind == "deal-board":
            lines.append(f"d db {_card_text(event.cards, unknown)}")
        elif kind == "fold":
            lines.append(f"{who} f")
        elif kind in ("check", "call"):
            lines.append(f"{who} cc")
        elif kind in ("bet", "raise", "complete"):
            lines.append(f"{who} cbr {_amount_text(event.amount, scale)}")
        elif kind == "bring-in":
            lines.append(f"{who} pb")
        elif kind == "draw":
            thrown = _card_text(event.discarded, unknown)
            lines.append(f"{who} sd {thrown}".rstrip())
            if event.cards:
                lines.append(f"d dh {who} {_card_text(event.cards, unknown)}")
        elif kind == "discard":
            lines.append(f"{who} dc {_card_text(event.discarded, unknown)}")
        elif kind == "show":
            lines.append(f"{who} sm {_card_text(event.cards, unknown)}")
        elif kind == "muck":
            lines.append(f"{who} sm")
        elif kind == "roll":
            lines.append(f"d rd {event.amount}")
        elif kind == "choice":
            lines.append(f"{who} ch {event.detail}")
        elif kind == "give":
            lines.append(f"{who} gv {_card_text(event.discarded, unknown)}")
        elif kind == "receive":
            lines.append(f"{who} rc {_card_text(event.cards, unknown)}")
    return lines


def write_phh(
    hand: Hand,
    *,
    scale: int = 1,
    fields: Mapping[str, Any] | None = None,
) -> str:
    """A ``.phh`` document for ``hand`` (finished or not), ``finishing_stacks``
    included.  Amounts are divided by ``scale`` (a replayed history's own scale
    writes its amounts back as they were); ``fields`` adds metadata (players,
    event, ...) and overrides nothing the hand itself determines, so a replayed
    history writes back with ``write_phh(hand, scale=h.scale, fields=h.fields)``.

    A board run twice is refused (:class:`PHHError`): PHH has no field for a second
    run.  A bomb pot is written with pokerbook's ``_bomb_pot``."""
    if hand.runout_from is not None:
        raise PHHError("PHH cannot record a board run twice: it has no field for a second run")
    order = hand.order_from(hand.button + 1)
    heads_up = hand.seats == 2
    code, fmt = variant_code(hand.game, hand.stakes.format)
    stakes = hand.stakes

    def amounts(values: Sequence[int]) -> str:
        ordered = [values[s] for s in order]
        if heads_up:
            ordered.reverse()
        return "[" + ", ".join(_amount_text(v, scale) for v in ordered) + "]"

    out = [f"variant = {_value(code)}"]
    if fmt is not None:
        out.append(f"_format = {_value(fmt)}")
    if stakes.spread is not None:
        low, high = (_amount_text(a, scale) for a in stakes.spread)
        out.append(f"_spread = [{low}, {high}]")
    if hand.house.name != "barge":
        out.append(f"_house = {_value(hand.house.name)}")
    if stakes.chip > 1:
        out.append(f"_chip = {_amount_text(stakes.chip, scale)}")
    if hand.overs:
        players = sorted(order.index(s) + 1 for s in hand.overs)
        out.append(f"_overs = {_value(players)}")
    for name, moved in (("_first_to_act", hand.first_to_act), ("_last_to_act", hand.last_to_act)):
        if moved is not None:
            out.append(f"{name} = {order.index(moved) + 1}")
    if any(hand.dead_blinds):
        out.append(f"_dead_blinds = {amounts(hand.dead_blinds)}")
    if hand.carried_in:
        out.append(f"_carried_in = {_amount_text(hand.carried_in, scale)}")
    if hand.bomb_pot:
        out.append(f"_bomb_pot = {_amount_text(hand.bomb_pot, scale)}")
    extra = dict(fields or {})
    # how the engine played the antes: one posted for the whole table is dead money in
    # the main pot ("false"); antes each player posts are their own stakes ("true")
    table_ante = any(getattr(hand, "dead", ()))
    out.append(f"ante_trimming_status = {_value(not table_ante)}")
    out.append(f"antes = {amounts(hand.antes_by_seat)}")
    if hand.game.is_stud:
        out.append(f"bring_in = {_amount_text(stakes.bring_in, scale)}")
    elif hand.game.forced == "antes":
        # blinds a rule may post later (Jackson's lowball round), left of the button
        later = [0] * hand.seats
        for offset, amount in enumerate(stakes.blinds[: hand.seats]):
            later[(hand.button + 1 + offset) % hand.seats] = amount
        out.append(f"blinds_or_straddles = {amounts(later)}")
    else:
        out.append(f"blinds_or_straddles = {amounts(hand.blinds_by_seat)}")
    if stakes.format == "limit":
        out.append(f"small_bet = {_amount_text(stakes.bet_size('small'), scale)}")
        out.append(f"big_bet = {_amount_text(stakes.bet_size('big'), scale)}")
    else:
        out.append(f"min_bet = {_amount_text(stakes.minimum_bet(), scale)}")
    stacks = [_amount_text(hand.starting_stacks[s], scale) for s in order]
    out.append(f"starting_stacks = [{', '.join(stacks)}]")
    out.append("actions = [")
    # literal strings: action lines hold no quotes, and they read back fastest
    out.extend(f"  '{line}'," for line in hand_actions(hand, scale))
    out.append("]")
    for name, value in extra.items():
        if name not in GAME_FIELDS and value is not None:
            out.append(f"{_key(name)} = {_value(value)}")
    finishing = [_amount_text(hand.stacks[s], scale) for s in order]
    out.append(f"finishing_stacks = [{', '.join(finishing)}]")
    return "\n".join(out) + "\n"


def write_phhs(documents: Iterable[str]) -> str:
    """A ``.phhs`` file from ``.phh`` documents (tables ``[1]``, ``[2]`` ...)."""
    return "\n".join(f"[{i}]\n{doc}" for i, doc in enumerate(documents, start=1))
