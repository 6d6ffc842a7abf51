"""The C readers of the fast path: built where CI requires them, strict about what
they are given, and answering only plain hands (their values are checked against
the general path by the fast-path modules, which run natively and in Python)."""

from __future__ import annotations

import sys
from array import array
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pokerbook import evaluate, get_scale, parse
from pokerbook.cards import JOKER, STANDARD_CARDS, Card
from pokerbook.cards.card import RANK_KEYS
from pokerbook.evaluation.quick import QuickTables, quick_tables
from pokerbook.evaluation.quick_omaha import BOARD_RANK_KEYS, HOLE_RANK_KEYS, omaha_table
from pokerbook.native import native_module

sys.path.insert(0, str(Path(__file__).parent))  # the fast-path tests' helper, beside them
from fast_paths import require_native


@pytest.fixture(scope="module")
def native() -> ModuleType:
    return require_native()


def test_pure_python_leaves_the_module_unused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POKERBOOK_PURE_PYTHON", "1")
    assert native_module() is None
    tables = QuickTables(get_scale("high"))  # type: ignore[arg-type]
    assert tables.read == tables.read_plain


def test_the_fast_tables_use_the_module_where_built(native: ModuleType) -> None:
    tables = quick_tables("high")
    assert tables is not None
    assert isinstance(tables.read, native.PlainReader)
    evaluate("high", parse("As Ks Qd Jd"), parse("Ts 9s 2s 3d 4h"), hole_use=2)
    assert isinstance(tables.omaha, native.OmahaReader)


def fallback(hole: object, board: object) -> tuple[str, object, object]:
    """What the Python reader stands for in these tests: it says it was called."""
    return ("fallback", hole, board)


def plain(native: ModuleType, *, flushes: bool = True) -> tuple[Any, dict[int, str]]:
    exact: dict[int, str] = {}
    return native.PlainReader(exact, flushes, STANDARD_CARDS, RANK_KEYS, fallback), exact


def rank_key(cards: tuple[Card, ...]) -> int:
    return sum(RANK_KEYS[c.rank - 2] for c in cards)


def test_a_plain_hand_reads_the_dict_by_its_rank_key(native: ModuleType) -> None:
    reader, exact = plain(native)
    hole, board = parse("Ah Kd"), parse("Qh Jc 9s 2c 3d")
    assert reader(hole, board) == ("fallback", hole, board)  # not there yet
    exact[rank_key(hole + board)] = "found"
    assert reader(hole, board) == "found"
    assert reader(list(board), list(hole)) == "found"  # lists, any split
    assert reader(hole + board, "") == "found"  # seven cards alone, the default board


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("10h Kd", "Qh Jc 9s 2c 3d"),  # spellings the Python reader reads
        ("A\u2665 Kd", "Qh Jc 9s 2c 3d"),
        (parse("Ah Kd"), "Qh Jc 9s 2cc 3d"),
        ("AhKd", "Qh Jc 9s 2c 3d"),
        ("Ah\u00a0Kd", "Qh Jc 9s 2c 3d"),  # a space that is not ASCII
        (["Ah", "Kd "], ()),
        ((JOKER, STANDARD_CARDS[0]), ()),  # a joker
        (parse("Ah Ah"), parse("Qh Jc 9s")),  # a card twice
        (parse("Ah Kd 2c 3c"), parse("Qh Jc 9s 4d")),  # eight cards
        ((Card(5), STANDARD_CARDS[9]), ()),  # a card that is not the singleton
        (iter(parse("Ah Kd")), ()),  # neither a tuple nor a list
        (type("Cards", (tuple,), {})(parse("Ah Kd")), ()),  # a tuple subclass
        ((51, 50), ()),  # indices
    ],
)
def test_anything_but_plain_cards_goes_to_the_python_reader(
    native: ModuleType, hole: Any, board: Any
) -> None:
    reader, exact = plain(native)
    for cards in (parse("Ah Kd Qh Jc 9s 2c 3d"), parse("Ah Kd"), parse("Qh Jc 9s")):
        exact[rank_key(cards)] = "found"
    assert reader(hole, board) == ("fallback", hole, board)


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("Ah Kd", "Qh Jc 9s 2c 3d"),
        ("ah KD", " Qh  jc\t9s\n2C 3d "),
        ("Ah\x1cKd", "Qh Jc 9s 2c 3d"),  # whitespace to str.split
        (["Ah", "Kd"], ("Qh", parse("Jc")[0], "9s", "2c", "3d")),
        ("Ah Kd Qh Jc 9s 2c 3d", ""),
    ],
)
def test_card_words_are_read_as_the_python_reader_reads_them(
    native: ModuleType, hole: Any, board: Any
) -> None:
    reader, exact = plain(native)
    exact[rank_key(parse("Ah Kd Qh Jc 9s 2c 3d"))] = "found"
    assert reader(hole, board) == "found"


def test_five_of_a_suit_is_not_plain_where_flushes_count(native: ModuleType) -> None:
    cards = parse("Ah Kh Qh 9h 2h 3d")
    counting, exact = plain(native, flushes=True)
    blind, blind_exact = plain(native, flushes=False)
    exact[rank_key(cards)] = blind_exact[rank_key(cards)] = "found"
    assert counting(cards, ()) == ("fallback", cards, ())
    assert blind(cards, ()) == "found"
    assert counting(cards[1:], ()) == ("fallback", cards[1:], ())  # four of a suit: not there
    exact[rank_key(cards[1:])] = "four"
    assert counting(cards[1:], ()) == "four"


def test_a_reader_takes_two_arguments_and_a_whole_deck(native: ModuleType) -> None:
    reader, _ = plain(native)
    with pytest.raises(TypeError):
        reader(parse("Ah Kd"))
    with pytest.raises(TypeError):
        reader(parse("Ah Kd"), board=())
    with pytest.raises(TypeError, match="52 standard cards"):
        native.PlainReader({}, True, STANDARD_CARDS[:51], RANK_KEYS, fallback)
    with pytest.raises(ValueError, match="twice"):
        native.PlainReader({}, True, (STANDARD_CARDS[0],) * 52, RANK_KEYS, fallback)
    with pytest.raises(TypeError, match="rank_keys"):
        native.PlainReader({}, True, STANDARD_CARDS, RANK_KEYS[:12], fallback)


def omaha_arrays() -> dict[str, Any]:
    tables = quick_tables("high")
    assert tables is not None
    cols, rows, codes = omaha_table(tables.scale, tables.ints)
    return {
        "cols": cols,
        "rows": rows,
        "codes": codes,
        "flushes": array("H", bytes(2 << 13)),
        "shared": tables.shared,
        "value_at": tables.value_at,
        "fallback": fallback,
        "flush_rule": 0,
        "cards": STANDARD_CARDS,
        "hole_keys": HOLE_RANK_KEYS,
        "board_keys": BOARD_RANK_KEYS,
    }


def test_omaha_gives_other_shapes_to_the_python_evaluator(native: ModuleType) -> None:
    reader = native.OmahaReader(**omaha_arrays())
    for hole, board in [
        ("As Ks Qd Jd", "10s 9s 2s 3d 4h"),
        (parse("As Ks Qd"), parse("Ts 9s 2s 3d 4h")),
        (parse("As Ks Qd Jd"), (*parse("Ts 9s 2s 3d"), JOKER)),
    ]:
        assert reader(hole, board) == ("fallback", hole, board)
    assert reader(parse("As Ks Qd Jd"), parse("As 9s 2s 3d 4h")) is None  # a card twice
    hole, board = parse("As Kd Qd Jc"), parse("Ts 9h 2s 3d 4h")  # no flush: rule 0 is right
    assert reader(hole, board) == evaluate("high", hole, board, hole_use=2)
    assert reader("as KD Qd Jc", ["Ts", "9h", *parse("2s 3d 4h")]) == reader(hole, board)


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"cols": array("H", bytes(20))}, "too short"),
        ({"rows": array("I", bytes(4000))}, "too short"),
        ({"codes": array("H", bytes(200))}, "too short"),
        ({"rows": array("H", bytes(2_000_000))}, r"array\('I'\)"),
        ({"flushes": array("H"), "flush_rule": 1}, "flushes"),
        ({"flush_rule": 3}, "flush_rule"),
    ],
)
def test_omaha_refuses_arrays_a_hand_could_read_past(
    native: ModuleType, change: dict[str, Any], error: str
) -> None:
    with pytest.raises(ValueError, match=error):
        native.OmahaReader(**(omaha_arrays() | change))


def test_omaha_holds_its_arrays_while_it_lives(native: ModuleType) -> None:
    arrays = omaha_arrays()
    flushes = arrays["flushes"]
    reader = native.OmahaReader(**arrays)
    with pytest.raises(BufferError):
        flushes.append(0)  # exported to the reader: it cannot move
    del reader
    flushes.append(0)
