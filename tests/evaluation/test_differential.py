"""Differential tests against treys, eval7, phevaluator and pokerkit.

Each test deals seeded random hands, evaluates them with pokerbook and with an anchor
library, and checks that the two orderings agree exactly: sorted by our value, the
anchor's value never decreases, and two hands tie for us exactly when they tie for the
anchor.  Raw numbers are never compared (the anchors use their own scales, and some
of them count lower as better).

treys, eval7 and phevaluator get 100,000 hands per test.  pokerkit is pure Python and
slow when it has to choose the best five of more cards (about 0.5 ms a 7-card hand,
1.4 ms an Omaha hand, 0.1 ms a badugi hand), so its 5-card comparisons use 100,000
hands and the others a smaller sample, given in each test's docstring.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from pokerbook import evaluate, get_scale, scale_names
from pokerbook.cards import SHORT, STANDARD_CARDS, Card, format_cards
from pokerbook.evaluation.qualifiers import qualifies

# the anchors are test dependencies: a missing one fails the run, it is not skipped
eval7: Any = importlib.import_module("eval7")
phevaluator: Any = importlib.import_module("phevaluator")
pokerkit: Any = importlib.import_module("pokerkit")
treys: Any = importlib.import_module("treys")

N = 100_000
PK_BEST_OF_SEVEN = 10_000
PK_OMAHA = 5_000
PK_BADUGI = 30_000

Hands = npt.NDArray[np.uint8]

TREYS_CARDS = [treys.Card.new(str(c)) for c in STANDARD_CARDS]
EVAL7_CARDS = [eval7.Card(str(c)) for c in STANDARD_CARDS]
PK_CARDS = [next(iter(pokerkit.Card.parse(str(c)))) for c in STANDARD_CARDS]


def deal(n: int, k: int, seed: int, deck: Sequence[Card] = STANDARD_CARDS) -> Hands:
    """``n`` random hands of ``k`` distinct cards (card indices), reproducibly."""
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]
    indices = np.array([c.index for c in deck], dtype=np.uint8)
    return indices[order]


def ours(hands: Hands, scale: str, **options: Any) -> list[int]:
    cards = STANDARD_CARDS
    if options:
        return [
            int(
                evaluate(
                    scale,
                    tuple(cards[i] for i in row[:4]),
                    tuple(cards[i] for i in row[4:]),
                    **options,
                )
            )
            for row in hands.tolist()
        ]
    return [int(evaluate(scale, tuple(cards[i] for i in row))) for row in hands.tolist()]


def theirs(hands: Hands, evaluate_one: Callable[[list[int]], int]) -> list[int]:
    return [evaluate_one(row) for row in hands.tolist()]


def assert_same_order(mine: Sequence[int], anchor: Sequence[int], hands: Hands, name: str) -> None:
    """Both higher-is-better: the orderings (ties included) must be identical."""
    a = np.asarray(mine, dtype=np.int64)
    b = np.asarray(anchor, dtype=np.int64)
    order = np.lexsort((b, a))
    step_a = np.sign(np.diff(a[order]))
    step_b = np.sign(np.diff(b[order]))
    bad = np.flatnonzero(step_a != step_b)
    if bad.size:
        i = int(bad[0])
        lo, hi = int(order[i]), int(order[i + 1])

        def show(row: int) -> str:
            return format_cards([Card.of(int(c)) for c in hands[row]])

        pytest.fail(
            f"{name}: {bad.size} ordering disagreements; first: [{show(lo)}] (ours {a[lo]}, "
            f"{name} {b[lo]}) vs [{show(hi)}] (ours {a[hi]}, {name} {b[hi]})"
        )
    assert len(np.unique(a)) == len(np.unique(b))


# -- high, 5, 6 and 7 cards ---------------------------------------------------------------------


def treys_value(row: list[int]) -> int:
    cards = [TREYS_CARDS[i] for i in row]
    return -int(TREYS.evaluate(cards[:2], cards[2:]))


TREYS: Any = treys.Evaluator()


def eval7_value(row: list[int]) -> int:
    return int(eval7.evaluate([EVAL7_CARDS[i] for i in row]))


def phevaluator_value(row: list[int]) -> int:
    return -int(phevaluator.evaluate_cards(*row))


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize(
    ("name", "anchor"),
    [("treys", treys_value), ("eval7", eval7_value), ("phevaluator", phevaluator_value)],
)
def test_high_matches_fast_anchors(k: int, name: str, anchor: Callable[[list[int]], int]) -> None:
    hands = deal(N, k, seed=1000 + k)
    assert_same_order(ours(hands, "high"), theirs(hands, anchor), hands, name)


def pk_high(cls: Any, hole: int = 5) -> Callable[[list[int]], int]:
    def value(row: list[int]) -> int:
        cards = [PK_CARDS[i] for i in row]
        hand = cls(cards) if len(cards) == 5 else cls.from_game(cards[:hole], cards[hole:])
        sign = -1 if cls.low else 1
        return sign * int(hand.entry.index)

    return value


def test_high_5_cards_matches_pokerkit() -> None:
    hands = deal(N, 5, seed=2005)
    anchor = pk_high(pokerkit.StandardHighHand)
    assert_same_order(ours(hands, "high"), theirs(hands, anchor), hands, "pokerkit")


def test_high_7_cards_matches_pokerkit() -> None:
    """pokerkit best-of-seven: 10,000 hands (about 5 s; 100,000 would take about 50 s)."""
    hands = deal(PK_BEST_OF_SEVEN, 7, seed=2007)
    anchor = pk_high(pokerkit.StandardHighHand)
    assert_same_order(ours(hands, "high"), theirs(hands, anchor), hands, "pokerkit")


# -- Omaha 4 + 5 -------------------------------------------------------------------------------


def test_omaha_high_matches_phevaluator() -> None:
    hands = deal(N, 9, seed=3009)

    def anchor(row: list[int]) -> int:
        return -int(phevaluator.evaluate_omaha_cards(*row[4:], *row[:4]))

    mine = ours(hands, "high", hole_use=2)
    assert_same_order(mine, theirs(hands, anchor), hands, "phevaluator omaha")


def test_omaha_high_matches_pokerkit() -> None:
    """pokerkit Omaha: 5,000 hands (about 7 s; 100,000 would take over two minutes)."""
    hands = deal(PK_OMAHA, 9, seed=3019)
    anchor = pk_high(pokerkit.OmahaHoldemHand, hole=4)
    mine = ours(hands, "high", hole_use=2)
    assert_same_order(mine, theirs(hands, anchor), hands, "pokerkit omaha")


def test_omaha_eight_or_better_low_matches_pokerkit() -> None:
    """Omaha/8 low with the 8-or-better qualifier: 5,000 hands (pokerkit is slow here)."""
    hands = deal(PK_OMAHA, 9, seed=3029)
    scale = get_scale("a5-low")
    mine: list[int] = []
    anchor: list[int] = []
    cards = STANDARD_CARDS
    for row in hands.tolist():
        value = evaluate(
            scale, tuple(cards[i] for i in row[:4]), tuple(cards[i] for i in row[4:]), hole_use=2
        )
        pk = pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(
            [PK_CARDS[i] for i in row[:4]], [PK_CARDS[i] for i in row[4:]]
        )
        # no qualifying low: lowest for both
        mine.append(int(value) if qualifies(value, "8-or-better") else -1)
        anchor.append(-int(pk.entry.index) if pk is not None else -(10**9))
    assert sum(v >= 0 for v in mine) > PK_OMAHA // 10
    assert_same_order(mine, anchor, hands, "pokerkit omaha/8")


# -- lows ----------------------------------------------------------------------------------------


LOWS = [("a5-low", "RegularLowHand"), ("27-low", "StandardLowHand")]


@pytest.mark.parametrize(("scale", "cls"), LOWS)
def test_low_5_cards_matches_pokerkit(scale: str, cls: str) -> None:
    hands = deal(N, 5, seed=4005)
    anchor = pk_high(getattr(pokerkit, cls))
    assert_same_order(ours(hands, scale), theirs(hands, anchor), hands, f"pokerkit {cls}")


@pytest.mark.parametrize(("scale", "cls"), LOWS)
def test_low_7_cards_matches_pokerkit(scale: str, cls: str) -> None:
    """pokerkit best-of-seven lows: 10,000 hands (about 3 s each)."""
    hands = deal(PK_BEST_OF_SEVEN, 7, seed=4007)
    anchor = pk_high(getattr(pokerkit, cls))
    assert_same_order(ours(hands, scale), theirs(hands, anchor), hands, f"pokerkit {cls}")


def test_eight_or_better_7_cards_matches_pokerkit() -> None:
    """Stud/8 style: A-5 low with the 8-or-better qualifier; 10,000 hands."""
    hands = deal(PK_BEST_OF_SEVEN, 7, seed=4017)
    mine: list[int] = []
    anchor: list[int] = []
    for row in hands.tolist():
        value = evaluate("a5-low", tuple(STANDARD_CARDS[i] for i in row))
        pk = pokerkit.EightOrBetterLowHand.from_game_or_none([PK_CARDS[i] for i in row], ())
        mine.append(int(value) if qualifies(value, "8-or-better") else -1)
        anchor.append(-int(pk.entry.index) if pk is not None else -(10**9))
    assert_same_order(mine, anchor, hands, "pokerkit EightOrBetterLowHand")


# -- short deck ---------------------------------------------------------------------------------


def test_short_deck_5_cards_matches_pokerkit() -> None:
    hands = deal(N, 5, seed=5005, deck=SHORT.cards)
    anchor = pk_high(pokerkit.ShortDeckHoldemHand)
    assert_same_order(ours(hands, "short-deck-high"), theirs(hands, anchor), hands, "pokerkit")


def test_short_deck_7_cards_matches_pokerkit() -> None:
    """pokerkit best-of-seven short deck: 10,000 hands."""
    hands = deal(PK_BEST_OF_SEVEN, 7, seed=5007, deck=SHORT.cards)
    anchor = pk_high(pokerkit.ShortDeckHoldemHand)
    assert_same_order(ours(hands, "short-deck-high"), theirs(hands, anchor), hands, "pokerkit")


# -- badugi ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scale", "cls"), [("badugi", "BadugiHand"), ("badugi-ace-high", "StandardBadugiHand")]
)
def test_badugi_matches_pokerkit(scale: str, cls: str) -> None:
    """pokerkit badugi: 30,000 hands each (about 0.11 ms a hand; 100,000 would take 11 s)."""
    assert scale in scale_names(), f"no {scale!r} scale"
    hands = deal(PK_BADUGI, 4, seed=6004)
    pk_cls = getattr(pokerkit, cls)

    def anchor(row: list[int]) -> int:
        return -int(pk_cls.from_game([PK_CARDS[i] for i in row]).entry.index)

    assert_same_order(ours(hands, scale), theirs(hands, anchor), hands, f"pokerkit {cls}")


def test_assert_same_order_catches_a_disagreement() -> None:
    hands = deal(3, 5, seed=1)
    assert_same_order([1, 2, 2], [10, 20, 20], hands, "self")
    with pytest.raises(pytest.fail.Exception, match="disagreement"):
        assert_same_order([1, 2, 2], [10, 20, 30], hands, "self")
    with pytest.raises(pytest.fail.Exception, match="disagreement"):
        assert_same_order([1, 2, 3], [10, 30, 20], hands, "self")
    with pytest.raises(pytest.fail.Exception, match="disagreement"):
        assert_same_order([1, 1, 3], [10, 20, 30], hands, "self")
