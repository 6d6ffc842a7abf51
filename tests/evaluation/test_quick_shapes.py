"""The shapes the fast path unpacks (two plus five, seven alone, five alone) and the
dict of values by rank key give the general path's values, objects and errors."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook import evaluate, parse
from pokerbook.cards import JOKER, STANDARD_CARDS, Card, format_cards, parse_card
from pokerbook.cards.card import RANK_KEY_MASK
from pokerbook.evaluation.quick import QUICK, quick_tables
from pokerbook.evaluation.usage import evaluate_general

sys.path.insert(0, str(Path(__file__).parent))  # the fast-path tests' helper, beside them
from fast_paths import both_fast_paths  # noqa: F401 (every test, natively and in Python)
from fast_scale_names import FAST_SCALES


@st.composite
def hands(draw: st.DrawFn, size: int) -> tuple[Card, ...]:
    """``size`` distinct cards, often from two suits only, so flushes are common."""
    suits = draw(st.sampled_from([(0, 1, 2, 3), (0, 1), (2, 3), (1, 3)]))
    pool = [c for c in STANDARD_CARDS if c.suit in suits]
    picked = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    return tuple(picked)


def kinds(cards: tuple[Card, ...]) -> list[object]:
    """The same cards as a tuple, a list, text, text with suit symbols, and text tokens."""
    return [
        cards,
        list(cards),
        format_cards(cards),
        format_cards(cards, symbols=True),
        [str(c) for c in cards],
    ]


def outcome(call: Callable[[], object]) -> tuple[str, str]:
    """What a call gives: its value (as the integer and the name) or its error."""
    try:
        value = call()
    except Exception as error:  # every error: the fast path must raise what the general does
        return type(error).__name__, str(error)
    return "value", f"{int(value)} {value}"  # type: ignore[call-overload]


def same(fast: object, general: object) -> None:
    assert type(fast) is type(general)
    assert fast == general
    assert str(fast) == str(general)


@settings(max_examples=150, deadline=None)
@given(
    scale=st.sampled_from(FAST_SCALES),
    size=st.sampled_from([5, 6, 7]),
    data=st.data(),
)
def test_a_whole_hand_of_any_kind_equals_the_general_path(
    scale: str, size: int, data: st.DataObject
) -> None:
    cards = data.draw(hands(size))
    expected = evaluate_general(scale, cards)
    for kind in kinds(cards):
        same(evaluate(scale, kind), expected)  # type: ignore[arg-type]
        same(evaluate(scale, kind, ()), expected)  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None)
@given(scale=st.sampled_from(FAST_SCALES), hole=st.integers(0, 7), data=st.data())
def test_seven_cards_split_anywhere_between_hole_and_board_equal_the_general_path(
    scale: str, hole: int, data: st.DataObject
) -> None:
    cards = data.draw(hands(7))
    expected = evaluate_general(scale, cards[:hole], cards[hole:])
    whole = evaluate(scale, cards)
    same(whole, expected)
    for h, b in zip(kinds(cards[:hole]), kinds(cards[hole:]), strict=True):
        found = evaluate(scale, h, b)  # type: ignore[arg-type]
        same(found, expected)
        if max(sum(c.suit == s for c in cards) for s in range(4)) < 5:
            assert found is whole  # a hand with no flush: one shared object per value


@settings(max_examples=200, deadline=None)
@given(
    ix=st.lists(st.integers(0, 52), min_size=0, max_size=9),
    scale=st.sampled_from(FAST_SCALES),
    shape=st.sampled_from(["alone", "two plus the rest", "text alone", "text split"]),
)
def test_repeats_jokers_and_wrong_counts_get_the_general_paths_answer(
    ix: list[int], scale: str, shape: str
) -> None:
    """Seven, five or any count of cards with repeats or jokers in the unpacked shapes:
    the fast path's answer, value or error, is the general path's."""
    cards = tuple(Card.of(i) for i in ix)
    args: tuple[object, ...] = {
        "alone": (cards,),
        "two plus the rest": (cards[:2], cards[2:]),
        "text alone": (format_cards(cards),),
        "text split": (format_cards(cards[:2]), format_cards(cards[2:])),
    }[shape]
    general = outcome(lambda: evaluate_general(scale, *args))  # type: ignore[arg-type]
    assert outcome(lambda: evaluate(scale, *args)) == general  # type: ignore[arg-type]


ODD_INPUTS: list[tuple[object, ...]] = [
    ("Ah Kd",),  # five characters: two cards of text, not five cards
    ("10h 10d",),  # seven characters: two cards of text
    ("AhKdQh2",),  # seven characters that are no cards
    ("AhKdQ",),
    ("Ah", "Kd Qh"),  # a two-character hole and a five-character board
    (("Ah", "Kd"), "Qh Jc 9s 2c 3d"),  # tokens and text
    ((None,) * 7,),
    ((1, 2, 3, 4, 5, 6, 7),),  # card indices
    ((1, 2), (3, 4, 5, 6, 7)),
    ((1, 2, 3, 4, 5),),
    ((STANDARD_CARDS[0],) * 7,),  # one card seven times
    ((STANDARD_CARDS[0],) * 5,),
    (parse("Ah Kd"), (parse("Qh Jc 9s"),) * 5),  # five boards
    (parse("Ah Kd"), [parse("Qh Jc 9s 2c 3d"), parse("As Ad 2h 3h 4h")]),
    (parse("Ah Kd"), parse("Qh Jc 9s 2c Ah")),  # a card in hole and board
    ((*parse("Ah Kd Qh Jc 9s 2c"), JOKER),),
    (parse("Ah Kd"), (*parse("Qh Jc 9s 2c"), JOKER)),
    (parse("Ah Kd Qh Jc 9s 2c 3d 4d"),),  # eight cards
    (None,),
    (parse("Ah Kd"), None),
    (7,),
]


@pytest.mark.parametrize("args", ODD_INPUTS, ids=repr)
@pytest.mark.parametrize("scale", ["high", "27-low", "a5-low"])
def test_odd_inputs_get_the_general_paths_answer(scale: str, args: tuple[Any, ...]) -> None:
    """The general path's value or ValueError; where it cannot read the shape at all (a
    tuple of card texts, which it takes for cards), the fast path may read the cards."""
    general = outcome(lambda: evaluate_general(scale, *args))
    fast = outcome(lambda: evaluate(scale, *args))
    if general[0] in ("AttributeError", "TypeError") and fast[0] == "value":
        assert fast == outcome(lambda: evaluate_general(scale, *map(_cards, args)))
    else:
        assert fast == general


def _cards(item: Any) -> Any:
    """A tuple of card texts as a tuple of cards."""
    if type(item) is not tuple:
        return item
    return tuple(parse_card(c) if isinstance(c, str) else c for c in item)


@pytest.mark.parametrize("scale", FAST_SCALES)
def test_plain_hands_are_kept_by_rank_key_and_nothing_else_is(scale: str) -> None:
    tables = quick_tables(scale)
    assert tables is not None
    hand = parse("Ah Kd Qh Jc 9s 2c 3d")
    value = evaluate(scale, hand)
    rank = sum(c.hand_key for c in hand) & RANK_KEY_MASK
    assert tables.exact[rank] is value
    for other in ("Ah Kh Qh Jh 9h 2c 3d", "Ah Ah Qh Jc 9s 2c 3d", "Ah Kd Qh Jc 9s 2c 3d 4d"):
        outcome(lambda: evaluate(scale, parse(other)))  # noqa: B023
    assert all(0 <= key <= RANK_KEY_MASK for key in tables.exact)
    assert all(v.scale is tables.scale for v in tables.exact.values())
    assert QUICK[scale] is tables


def test_a_first_evaluation_loads_only_what_it_needs() -> None:
    """The first hand of a fresh process finds the poker scales without the other scale
    modules, and imports neither dataclasses, inspect nor NumPy."""
    expected = str(evaluate("high", "Ah Kh", "Qh Jh Th 2c 3d"))
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import pokerbook\n"
        "value = pokerbook.evaluate('high', 'Ah Kh', 'Qh Jh Th 2c 3d')\n"
        "new = set(sys.modules) - before\n"
        "heavy = {'dataclasses', 'inspect', 'numpy', 'pokerbook.evaluation.scales.special',\n"
        "         'pokerbook.evaluation.scales.badugi', 'pokerbook.evaluation.scales.points'}\n"
        "print(value, '|', sorted(heavy & new))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == f"{expected} | []"
