"""The fast path of ``evaluate`` gives the general path's values and errors."""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook import HandValue, evaluate, get_scale, parse
from pokerbook.cards import STANDARD_CARDS, Card, format_cards
from pokerbook.evaluation import multisets, quick
from pokerbook.evaluation.quick import QUICK, QuickTables, build_lookup, load_lookup, quick_tables
from pokerbook.evaluation.usage import evaluate_general

sys.path.insert(0, str(Path(__file__).parent))  # the fast-path tests' helper, beside them
from fast_paths import both_fast_paths  # noqa: F401 (every test, natively and in Python)
from fast_scale_names import FAST_SCALES

distinct_cards = st.lists(st.integers(0, 51), min_size=9, max_size=9, unique=True).map(
    lambda ix: [STANDARD_CARDS[i] for i in ix]
)


def same(a: object, b: object) -> None:
    assert type(a) is type(b)
    assert a == b
    assert int(a) == int(b)  # type: ignore[call-overload]
    assert str(a) == str(b)


def forms(hole: tuple[Card, ...], board: tuple[Card, ...]) -> list[tuple[object, object]]:
    """The same cards as tuples, as text, as text with suit symbols, and as lists."""
    return [
        (hole, board),
        (format_cards(hole), format_cards(board)),
        (format_cards(hole, symbols=True), format_cards(board, symbols=True)),
        (list(hole), list(board)),
    ]


@pytest.mark.parametrize("scale", FAST_SCALES)
def test_every_table_scale_without_a_deck_of_its_own_has_fast_tables(scale: str) -> None:
    assert quick_tables(scale) is not None
    assert QUICK[get_scale(scale)] is QUICK[scale]


def test_scales_valued_otherwise_have_none() -> None:
    for name in ("badugi", "short-deck-high", "mexican-high", "points-21", "canadian-high"):
        assert quick_tables(name) is None


@settings(max_examples=300, deadline=None)
@given(cards=distinct_cards, board=st.integers(0, 5), scale=st.sampled_from(FAST_SCALES))
def test_holdem_form_equals_the_general_path(cards: list[Card], board: int, scale: str) -> None:
    hole, shared = tuple(cards[:2]), tuple(cards[2 : 2 + board])
    expected = evaluate_general(scale, hole, shared)
    for h, b in forms(hole, shared):
        same(evaluate(scale, h, b), expected)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(cards=distinct_cards, size=st.integers(0, 7), scale=st.sampled_from(FAST_SCALES))
def test_whole_hand_form_equals_the_general_path(cards: list[Card], size: int, scale: str) -> None:
    hand = tuple(cards[:size])
    expected = evaluate_general(scale, hand)
    same(evaluate(scale, hand), expected)
    same(evaluate(scale, format_cards(hand)), expected)


@settings(max_examples=300, deadline=None)
@given(cards=distinct_cards, scale=st.sampled_from(FAST_SCALES))
def test_omaha_equals_the_general_path(cards: list[Card], scale: str) -> None:
    hole, board = tuple(cards[:4]), tuple(cards[4:])
    expected = evaluate_general(scale, hole, board, hole_use=2)
    for h, b in forms(hole, board):
        same(evaluate(scale, h, b, hole_use=2), expected)  # type: ignore[arg-type]


def suited_deal(rng: random.Random, size: int) -> list[Card]:
    """Cards leaning to one or two suits, so that flushes and near-flushes are common."""
    suits = rng.sample(range(4), 2)
    pool = [c for c in STANDARD_CARDS if c.suit in suits]
    return rng.sample(pool, size)


@pytest.mark.parametrize("scale", FAST_SCALES)
def test_flush_heavy_hands_equal_the_general_path(scale: str) -> None:
    rng = random.Random(20240601)
    for _ in range(400):
        cards = suited_deal(rng, 9)
        hole, board = tuple(cards[:2]), tuple(cards[2:7])
        same(evaluate(scale, hole, board), evaluate_general(scale, hole, board))
        hole, board = tuple(cards[:4]), tuple(cards[4:])
        same(
            evaluate(scale, hole, board, hole_use=2),
            evaluate_general(scale, hole, board, hole_use=2),
        )


@pytest.mark.slow
def test_many_seeded_hands_equal_brute_force() -> None:
    """Against the definition itself: the best of every five-card subset, and the
    best of every two-plus-three."""
    rng = random.Random(7)
    high = get_scale("high")
    for _ in range(3000):
        cards = rng.sample(STANDARD_CARDS, 9)
        seven = tuple(cards[:7])
        brute = max(high.exact(five) for five in combinations(seven, 5))
        assert int(evaluate("high", seven[:2], seven[2:])) == brute
        hole, board = cards[:4], cards[4:]
        brute = max(
            high.exact(h + b) for h in combinations(hole, 2) for b in combinations(board, 3)
        )
        assert int(evaluate("high", tuple(hole), tuple(board), hole_use=2)) == brute


@settings(max_examples=300, deadline=None)
@given(
    ix=st.lists(st.integers(0, 52), min_size=0, max_size=10),
    cut=st.integers(0, 10),
    scale=st.sampled_from(FAST_SCALES),
    form=st.sampled_from(["tuples", "text", "lists", "mixed"]),
)
def test_any_cards_even_repeated_or_too_many_get_the_general_paths_answer(
    ix: list[int], cut: int, scale: str, form: str
) -> None:
    """Repeats, jokers (index 52) and more than seven cards are sent the general way by
    the mask: the answer, value or error, is the general path's."""
    cards = [Card.of(i) for i in ix]
    hole, board = tuple(cards[:cut]), tuple(cards[cut:])
    shapes = {
        "tuples": (hole, board),
        "text": (format_cards(hole), format_cards(board)),
        "lists": (list(hole), list(board)),
        "mixed": (list(hole), format_cards(board)),
    }
    h, b = shapes[form]
    general = _outcome(lambda: evaluate_general(scale, h, b))  # type: ignore[arg-type]
    assert _outcome(lambda: evaluate(scale, h, b)) == general  # type: ignore[arg-type]
    if len(hole) == 4 and len(board) == 5:
        general = _outcome(lambda: evaluate_general(scale, h, b, hole_use=2))  # type: ignore[arg-type]
        assert _outcome(lambda: evaluate(scale, h, b, hole_use=2)) == general  # type: ignore[arg-type]


def test_the_public_evaluate_is_the_fast_one() -> None:
    import pokerbook
    from pokerbook.evaluation import quick as fast

    assert pokerbook.evaluate is fast.evaluate


def test_equal_hands_share_one_value_object() -> None:
    a = evaluate("high", "Ah Kd", "Qh Jc 9s 2c 3d")
    b = evaluate("high", "Ad Ks", "Qc Jd 9h 2s 3h")
    assert a is b


@pytest.mark.parametrize(
    ("hole", "board", "options"),
    [
        ("Ah Kd", "Ah Jc 9s 2c 3d", {}),  # a card twice across hole and board
        ("Ah Ah", "Qh Jc 9s 2c 3d", {}),  # twice in the hole
        ("Ah Kd", "Qh Qh 9s 2c 3d", {}),  # twice on the board
        ("Ah Kd 7c 7d", "Ah Jc 9s 2c 3d", {"hole_use": 2}),
        ("Ah Kd 7c 7c", "Qh Jc 9s 2c 3d", {"hole_use": 2}),
        ("Ah Kd", "Qh Jc 9s 2c 3d 4d", {}),  # eight cards: still the general path's answer
        ("Ah Kd 7c", "Qh Jc 9s 2c 3d", {"hole_use": 2}),  # three hole cards in Omaha style
        ("Ah Kd 7c 7d", "Qh Jc", {"hole_use": 4}),  # no legal hand
        ("Ah Xd", "Qh Jc 9s 2c 3d", {}),  # not a card
        ("Ah Kd", "Qh Jc 9s 2c 3d", {"hole_use": -1}),
    ],
)
def test_errors_are_the_general_paths(hole: str, board: str, options: dict[str, Any]) -> None:
    for h, b in ((hole, board), (_maybe_cards(hole), _maybe_cards(board))):
        general = _outcome(lambda: evaluate_general("high", h, b, **options))  # noqa: B023
        fast = _outcome(lambda: evaluate("high", h, b, **options))  # noqa: B023
        assert fast == general


def _maybe_cards(text: str) -> Any:
    try:
        return parse(text)
    except ValueError:
        return text


def _outcome(call: object) -> str:
    try:
        value = call()  # type: ignore[operator]
    except ValueError as error:
        return f"{type(error).__name__}: {error}"
    return f"value {int(value)}"


def test_other_shapes_take_the_general_path_with_the_same_values() -> None:
    hole, board = parse("Ah Kd"), parse("Qh Jc 9s 2c 3d")
    two_boards = [board, parse("Ac Ad 2h 3h 4h")]
    assert evaluate("high", hole, two_boards) == evaluate_general("high", hole, two_boards)
    assert evaluate("high", "AhKd", "QhJc9s2c3d") == evaluate("high", hole, board)
    assert evaluate("high", [51, 46], board) == evaluate_general("high", [51, 46], board)
    wild = evaluate("high", hole, board, wild="2")
    assert wild == evaluate_general("high", hole, board, wild="2")
    jokers = evaluate("high", "Ah Jo", board)
    assert jokers == evaluate_general("high", "Ah Jo", board)
    assert str(jokers) == evaluate_general("high", "Ah Jo", board).__str__()


def test_the_hash_layout_is_the_batch_kernels() -> None:
    assert (quick.ROW_SHIFT, quick.ROW_MASK) == (multisets.ROW_SHIFT, multisets.ROW_MASK)


@pytest.mark.parametrize("scale", ["high", "27-low", "madison"])
def test_every_rank_multiset_is_found_in_the_hash(scale: str) -> None:
    from pokerbook.cards.hand_keys import COUNT_SHIFT
    from pokerbook.evaluation.table_cache import multiset_key_array, size_block

    sc = get_scale(scale)
    tables = QuickTables(sc)  # type: ignore[arg-type]
    keys = multiset_key_array()
    values = sc.multiset_values()  # type: ignore[attr-defined]
    for size in range(8):
        block = size_block(size)
        for key, value in zip(keys[block].tolist(), values[block].tolist(), strict=True):
            assert tables.plain(key | size << COUNT_SHIFT).value == value


@pytest.mark.parametrize("scale", FAST_SCALES)
def test_the_values_made_on_first_use_are_every_value_of_the_tables(scale: str) -> None:
    import numpy as np

    sc = get_scale(scale)
    tables = QuickTables(sc)  # type: ignore[arg-type]
    assert all(v is None for v in tables.shared)  # nothing made yet
    flush = sc.flush_values()  # type: ignore[attr-defined]
    expected = np.unique(np.concatenate([sc.multiset_values(), flush[1]])).tolist()  # type: ignore[attr-defined]
    made = tables.values()
    assert [v.value for v in made] == expected
    assert all(v.scale is sc and type(v) is HandValue for v in made)
    assert [tables.value_at(i) for i in range(len(made))] == made
    assert all(a is b for a, b in zip(tables.values(), made, strict=True))  # made once, shared
    assert all(tables.by_value[v.value] is v for v in made)


@pytest.mark.parametrize("scale", ["high", "a5-low"])
def test_the_tables_read_from_the_disk_are_the_tables_built(
    scale: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sc = get_scale(scale)
    on_disk = load_lookup(sc)  # type: ignore[arg-type]
    monkeypatch.setenv("POKERBOOK_CACHE", str(tmp_path))
    built = build_lookup(sc)  # type: ignore[arg-type]
    assert load_lookup(sc) == built == on_disk  # type: ignore[arg-type]
    names = {p.name.rsplit("-", 1)[0] for p in tmp_path.glob("*.npy")}
    assert {f"{scale}-quick-codes", f"{scale}-quick-values", "rank-hash-disp"} <= names


def test_a_first_hand_reads_the_disk_without_numpy_or_every_value() -> None:
    expected = evaluate("high", "Ah Kd", "Qh Jc 9s 2c 3d")  # the tables on disk
    code = (
        "import sys, pokerbook\n"
        "v = pokerbook.evaluate('high', 'Ah Kd', 'Qh Jc 9s 2c 3d')\n"
        "from pokerbook.evaluation.quick import QUICK\n"
        "made = sum(x is not None for x in QUICK['high'].shared)\n"
        "print(str(v), 'numpy' in sys.modules, made)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.split("\n")[0] == f"{expected} False 1"


def test_the_hash_worked_out_with_numpy_alone_is_the_compiled_helpers() -> None:
    from pokerbook.evaluation.table_cache import multiset_key_array

    keys = multiset_key_array()[::7]  # a sample: the compiled helper is slow to start
    disp, slots = multisets.first_fit_numpy(keys, window=64)
    expected_disp, expected_slots, _ = multisets.build_displacement(keys)
    assert disp.tolist() == expected_disp.tolist()
    assert slots.tolist() == expected_slots.tolist()
    assert len(set(slots.tolist())) == len(keys)
