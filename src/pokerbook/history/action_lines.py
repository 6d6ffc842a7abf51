"""Reading the action lines of a PHH hand history into :class:`Step` values.

Lines written the usual way (single spaces, no commentary: ``p3 cbr 300``,
``d dh p1 AcAs``) are read with dictionary look-ups, and the steps read from
them are shared between hands (steps are immutable); any other line is read
word by word (:func:`_parse_step`), which also says what is wrong with a line
that cannot be read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, Final, TypeAlias, cast

from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.games.model import Game
from pokerbook.history.model import Number, PHHError, Step, checked_number

_CARD_BY_TEXT: dict[str, Card] = {str(Card.of(i)): Card.of(i) for i in range(53)}


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
                number = checked_number(Decimal(word), where, source)
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


def parse_steps(
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
        known: list[Any] = memo  # (not cast: a call each hand)
        return known, decimals
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
    """Read one action line word by word and add its step (see :func:`parse_steps`)."""
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


def check_deck(game: Game, steps: Sequence[Step], source: str) -> None:
    allowed = frozenset(deck(game.deck).cards)
    for step in steps:
        for card in step.cards:
            if card is not None and card not in allowed:
                raise PHHError(
                    f"{source}: action {step.position + 1} {step.text!r}: {card} is not in "
                    f"the {game.deck} deck {game.name} is played with"
                )
