"""Card usage: which cards a hand may be made of, and the public ``evaluate``.

``hole_use`` says how many hole cards the hand must use:

* ``None``: any cards (the best hand from hole and board together);
* an int ``k``: exactly ``k`` hole cards and the rest from the board
  (Omaha is ``2``; draw games and Scrotum pass every hole card with no board);
* a ``range`` or any collection of ints: any of those counts (hold'em is
  ``range(0, 3)``; Lazy Pineapple ``range(0, 3)`` of three; Two-or-Five Omaha
  ``(2, 5)``).

``board`` is one board, or a list of candidate boards (double board, Oklahoma
rows, Chowaha paths, Murder's one-card-per-row choices): the hand takes the best
of them.  A list counts as several boards when every item is itself a board:
a list or tuple of cards, or a string of two or more cards.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from itertools import combinations
from typing import TypeAlias

from pokerbook.cards.card import Card
from pokerbook.cards.notation import CardsLike, parse, to_cards
from pokerbook.evaluation.quick import evaluate
from pokerbook.evaluation.scale import Scale, WildCardError, get_scale
from pokerbook.evaluation.value import HandValue
from pokerbook.evaluation.wild import WildSpec, split_wild

HoleUse: TypeAlias = int | range | Collection[int] | None
BoardLike: TypeAlias = CardsLike | Sequence[CardsLike]


def _is_board(item: object) -> bool:
    if isinstance(item, str):
        return len(parse(item)) >= 2
    return isinstance(item, list | tuple)


def boards_of(board: BoardLike) -> list[tuple[Card, ...]]:
    """One board or several, as tuples of cards."""
    if isinstance(board, list | tuple) and board and all(_is_board(b) for b in board):
        return [to_cards(b) for b in board]
    return [to_cards(board)]  # type: ignore[arg-type]


def allowed_counts(hole_use: HoleUse, hole_count: int) -> list[int]:
    """The hole-card counts a hand may use, checked."""
    if hole_use is None:
        return list(range(hole_count + 1))
    counts = [hole_use] if isinstance(hole_use, int) else sorted(set(hole_use))
    for k in counts:
        if not isinstance(k, int) or isinstance(k, bool) or k < 0:
            raise ValueError(f"hole_use must be counts of cards (ints >= 0), not {hole_use!r}")
    return counts


def evaluate_general(
    scale: str | Scale,
    hole: CardsLike,
    board: BoardLike = "",
    *,
    hole_use: HoleUse = None,
    wild: WildSpec = None,
    joker: str | None = None,
) -> HandValue:
    """:func:`evaluate` without its fast path: every shape, every check."""
    sc = get_scale(scale)
    hole_cards = hole if type(hole) is tuple else to_cards(hole)
    if hole_use is None and wild is None and joker is None and not board:
        if len(set(hole_cards)) != len(hole_cards):
            _duplicate(hole_cards)
        return HandValue(sc, sc.best(hole_cards))
    boards = boards_of(board)
    for b in boards:
        if len(set(hole_cards + b)) != len(hole_cards) + len(b):
            _duplicate(hole_cards + b)
    return HandValue(sc, _evaluate(sc, hole_cards, boards, hole_use, wild, joker))


def _duplicate(cards: tuple[Card, ...]) -> None:
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise ValueError(f"{c} appears twice in one hand: {' '.join(map(str, cards))}")
        seen.add(c)


def _evaluate(
    sc: Scale,
    hole: tuple[Card, ...],
    boards: list[tuple[Card, ...]],
    hole_use: HoleUse,
    wild: WildSpec,
    joker: str | None,
) -> int:
    mode = joker or sc.default_joker
    best: int | None = None
    size = sc.hand_size
    for board in boards:
        if size is None or hole_use is None:
            if size is None and hole_use is not None:
                raise ValueError(
                    f"the {sc.name!r} scale counts every card; hole_use does not apply"
                )
            value: int | None = _value(sc, hole + board, wild, mode, exact=False)
        else:
            value = _best_with_usage(
                sc, hole, board, allowed_counts(hole_use, len(hole)), size, wild, mode
            )
        if value is None:
            continue
        best = value if best is None else max(best, value)
    if best is None:
        counts = allowed_counts(hole_use, len(hole))
        raise ValueError(
            f"no legal {sc.name} hand: {len(hole)} hole cards using {counts} of them and "
            f"boards of {sorted({len(b) for b in boards})} cards cannot make {size} cards"
        )
    return best


def _best_with_usage(
    sc: Scale,
    hole: tuple[Card, ...],
    board: tuple[Card, ...],
    counts: Iterable[int],
    size: int,
    wild: WildSpec,
    mode: str,
) -> int | None:
    best: int | None = None
    split = getattr(sc, "best_split", None)
    fast = split is not None and size == 5 and not any(split_wild((*hole, *board), wild)[1:])
    for k in counts:
        if k > len(hole) or not 0 <= size - k <= len(board):
            continue
        if fast and split is not None:
            value = split(hole, board, k)
            best = value if best is None else max(best, value)
            continue
        for held in combinations(hole, k):
            for shared in combinations(board, size - k):
                value = _value(sc, held + shared, wild, mode, exact=True)
                if best is None or value > best:
                    best = value
    return best


def _value(sc: Scale, cards: tuple[Card, ...], wild: WildSpec, mode: str, *, exact: bool) -> int:
    naturals, jokers, wilds = split_wild(cards, wild)
    if not jokers and not wilds:
        return sc.exact(cards) if exact else sc.best(cards)
    if jokers and wilds and mode != "wild":
        raise WildCardError(
            f"a joker playing as {mode!r} together with wild cards is not supported; "
            "pass joker='wild' to make it fully wild"
        )
    count = jokers + wilds
    return sc.wild_value(naturals, count, mode if jokers else "wild", exact=exact)


__all__ = ["BoardLike", "HoleUse", "allowed_counts", "boards_of", "evaluate", "evaluate_general"]
