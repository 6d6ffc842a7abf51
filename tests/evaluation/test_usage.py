"""Card usage (hole_use, boards) and the public ``evaluate``."""

from __future__ import annotations

from itertools import combinations

import pytest

from pokerbook import evaluate, get_scale, parse, scale_names
from pokerbook.evaluation.categories import Category
from pokerbook.evaluation.scale import UnknownScaleError
from pokerbook.evaluation.usage import allowed_counts, boards_of

C = Category


# -- hole_use -------------------------------------------------------------------------------


def test_hole_use_none_is_any_cards() -> None:
    # hold'em: the best five of all seven
    v = evaluate("high", "Ad Ks", "Ts 9s 8s 2s 3s")
    assert str(v) == "King-high flush"
    assert v == evaluate("high", "Ks Ts 9s 8s 3s")


def test_holdem_can_play_the_board() -> None:
    v = evaluate("high", "2c 3d", "As Ks Qs Js Ts", hole_use=range(0, 3))
    assert str(v) == "Royal flush"
    assert evaluate("high", "2c 3d", "As Ks Qs Js Ts") == v


def test_omaha_must_use_exactly_two_board_flush_with_one_suited_hole_card() -> None:
    # four spades on the board and one in the hand: no flush in Omaha
    v = evaluate("high", "Ad Ks Qd Jd", "Ts 9s 8s 2s 3s", hole_use=2)
    assert v.scale.category(int(v)) is C.STRAIGHT
    assert str(v) == "Queen-high straight"
    # the same cards in hold'em style make a flush
    holdem = evaluate("high", "Ad Ks Qd Jd", "Ts 9s 8s 2s 3s")
    assert holdem.scale.category(int(holdem)) is C.FLUSH


def test_omaha_cannot_play_four_to_a_straight_from_the_hand() -> None:
    # hand A-K-Q-J, board T-2-3-7-8 (rainbow): two from the hand only -> no straight with one
    v = evaluate("high", "Ac Kd Qh Js", "Tc 2d 3h 7s 8c", hole_use=2)
    assert v.scale.category(int(v)) is C.HIGH_CARD
    assert v == evaluate("high", "Ac Kd Tc 8c 7s")


def test_omaha_cannot_play_the_board() -> None:
    # board A-A-A-K-K: hold'em plays the board (aces full of kings); Omaha must use two hole
    # cards and three board cards, so 9-9 makes aces full of nines
    board = "As Ad Ah Ks Kc"
    assert str(evaluate("high", "9c 9d 5h 2s", board)) == "Aces full of kings"
    assert str(evaluate("high", "9c 9d 5h 2s", board, hole_use=2)) == "Aces full of nines"
    # one ace in the hand plus the three on the board is four aces (two hole cards used)
    assert str(evaluate("high", "Ac Kd Qh 2s", board, hole_use=2)) == "Four aces"


def test_omaha_equals_brute_force_over_two_plus_three() -> None:
    scale = get_scale("high")
    hole, board = parse("Ah Kh 7c 7d"), parse("Qh Jh 2h 7s 3c")
    brute = max(scale.exact(h + b) for h in combinations(hole, 2) for b in combinations(board, 3))
    assert int(evaluate("high", hole, board, hole_use=2)) == brute


def test_two_or_five_omaha_e18_000_2_61() -> None:
    # 000 §2.61: A♥Q♥J♥T♥2♥ on 3♠5♥7♣K♥Q♦: low A♥2♥ + 3♠5♥7♣ = 7532A; high: all five, an
    # ace-queen high flush
    hole, board = "A♥ Q♥ J♥ T♥ 2♥", "3♠ 5♥ 7♣ K♥ Q♦"
    high = evaluate("high", hole, board, hole_use=(2, 5))
    assert high == evaluate("high", "A♥ Q♥ J♥ T♥ 2♥")
    assert high.scale.category(int(high)) is C.FLUSH
    assert tuple(high.scale.ranks(int(high))) == (14, 12, 11, 10, 2)
    low = evaluate("a5-low", hole, board, hole_use=(2, 5))
    assert low == evaluate("a5-low", "7♣ 5♥ 3♠ 2♥ A♥")
    assert str(low) == "Seven-five low"
    # with two cards only, the high would be a lesser hand (no flush: two hearts on board)
    assert evaluate("high", hole, board, hole_use=2) < high


@pytest.mark.parametrize(
    "hole_use", [range(0, 3), (0, 1, 2), [0, 1, 2], {0, 1, 2}, frozenset({2, 1, 0}), None]
)
def test_hole_use_collections_are_equivalent(hole_use: range | tuple[int, ...] | None) -> None:
    expected = evaluate("high", "Ad Ks", "Ts 9s 8s 2s 3s")
    assert evaluate("high", "Ad Ks", "Ts 9s 8s 2s 3s", hole_use=hole_use) == expected


def test_hole_use_int_exact_count() -> None:
    # one hole card exactly (a "one-card" game): Ks + four board spades
    assert str(evaluate("high", "Ad Ks", "Ts 9s 8s 2s 3s", hole_use=1)) == "King-high flush"
    # zero hole cards: the board alone
    assert evaluate("high", "Ad Ks", "Ts 9s 8s 2s 3s", hole_use=0) == evaluate(
        "high", "Ts 9s 8s 2s 3s"
    )


def test_allowed_counts() -> None:
    assert allowed_counts(None, 4) == [0, 1, 2, 3, 4]
    assert allowed_counts(2, 4) == [2]
    assert allowed_counts(range(0, 3), 2) == [0, 1, 2]
    assert allowed_counts((5, 2), 5) == [2, 5]


# -- boards ---------------------------------------------------------------------------------


def test_multiple_boards_take_the_best() -> None:
    boards = ["Qs Js Ts 2c 3d", "2h 3h 4h 5h 6h"]
    assert str(evaluate("high", "As Ks", boards)) == "Royal flush"
    boards_rev = list(reversed(boards))
    assert evaluate("high", "As Ks", boards_rev) == evaluate("high", "As Ks", boards)
    # with Omaha usage: the second board gives a heart flush, the first nothing
    v = evaluate("high", "Ah 9h 7c 7d", ["Kc Qd 2s 3c 4d", "Kh 5h 2h 8s 8c"], hole_use=2)
    assert str(v) == "Ace-high flush"


def test_boards_as_card_lists() -> None:
    boards = [parse("Qs Js Ts 2c 3d"), parse("2h 3h 4h 5h 6h")]
    assert str(evaluate("high", "As Ks", boards)) == "Royal flush"


def test_boards_of_reads_one_or_several() -> None:
    assert boards_of("As Kd Qc") == [parse("As Kd Qc")]
    assert boards_of(["As Kd Qc", "2c 3c 4c"]) == [parse("As Kd Qc"), parse("2c 3c 4c")]
    # a list of single cards is one board
    assert boards_of(["As", "Kd", "Qc"]) == [parse("As Kd Qc")]


def test_one_board_with_no_qualifying_usage_is_skipped() -> None:
    # first board too short for two-plus-three; the second board works
    v = evaluate("high", "Ah Kh 2c 3d", ["Qh Jh", "Qh Jh Th 4s 5s"], hole_use=2)
    assert str(v) == "Royal flush"


# -- errors ---------------------------------------------------------------------------------


def test_impossible_usage_is_an_error() -> None:
    with pytest.raises(ValueError, match="no legal high hand"):
        evaluate("high", "Ad Ks", "Ts 9s", hole_use=2)
    with pytest.raises(ValueError, match="no legal"):
        evaluate("high", "Ad Ks", "Ts 9s 8s", hole_use=3)


@pytest.mark.parametrize("bad", [-1, (2, -1), (True,)])
def test_bad_hole_use_is_an_error(bad: int | tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="hole_use"):
        evaluate("high", "Ad Ks", "Ts 9s 8s", hole_use=bad)


def test_unknown_scale_lists_known_scales() -> None:
    with pytest.raises(UnknownScaleError, match="`pokerbook scales` lists them"):
        evaluate("no-such-scale", "As Kd Qc Jh Ts")
    with pytest.raises(KeyError):
        get_scale("no-such-scale")


def test_scale_names_and_aliases() -> None:
    names = scale_names()
    for name in (
        "high",
        "short-deck-high",
        "short-deck-high-trips",
        "mexican-high",
        "quick-quads-high",
        "a5-low",
        "27-low",
        "a6-low",
        "26-low",
        "madison",
    ):
        assert name in names
    assert get_scale("razz") is get_scale("a5-low")
    assert get_scale("deuce-to-seven") is get_scale("27-low")
    assert get_scale("A5_LOW") is get_scale("a5-low")
    assert get_scale(get_scale("high")) is get_scale("high")


def test_bad_card_text_in_evaluate() -> None:
    with pytest.raises(ValueError, match="Zz"):
        evaluate("high", "As Zz Qc Jh Ts")


# -- input forms ------------------------------------------------------------------------------


def test_cards_as_text_cards_or_indices() -> None:
    text = evaluate("high", "As Ks Qs Js Ts")
    assert evaluate("high", parse("As Ks Qs Js Ts")) == text
    assert evaluate("high", list(parse("As Ks Qs Js Ts"))) == text
    assert evaluate("high", [51, 47, 43, 39, 35]) == text
    assert evaluate("high", ["As", "Ks", "Qs", "Js", "Ts"]) == text
    assert evaluate("high", "As Ks", "Qs Js Ts") == text
    assert evaluate("high", "As Ks", parse("Qs Js Ts")) == text


def test_fewer_than_five_cards() -> None:
    # stud streets: a hand of fewer than five cards still has a value
    assert str(evaluate("high", "As Ad")) == "Pair of aces"
    assert evaluate("high", "As Ad") > evaluate("high", "Ks Kd")
    assert evaluate("high", "As Ad 2c") > evaluate("high", "Ks Kd Qc")
    assert str(evaluate("high", "7s 7d 7c")) == "Three sevens"


# -- names ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scale", "cards", "name"),
    [
        ("high", "As Ad Ac Kd Ks", "Aces full of kings"),
        ("high", "Ah Kh Qh Jh Th", "Royal flush"),
        ("high", "9h 8h 7h 6h 5h", "Nine-high straight flush"),
        ("high", "8s 8h 8c 8d Js", "Four eights"),
        ("high", "6c 6d 6h 6s 2c", "Four sixes"),
        ("high", "7c 7s 7d 2h 2d", "Sevens full of deuces"),
        ("high", "Ah Kh 9h 7h 6h", "Ace-high flush"),
        ("high", "5c 6d 7d 8s 9d", "Nine-high straight"),
        ("high", "6c 6d 6h Ah Ks", "Three sixes"),
        ("high", "As Ac 8s 8c Jd", "Two pair, aces and eights"),
        ("high", "5h 5s 7c 8c 9c", "Pair of fives"),
        ("high", "Ah Kh Qh Jh 2s", "Ace high"),
        ("high", "7h 5s 4c 3c 2d", "Seven high"),
        ("a5-low", "7c 5d 4h 2s As", "Seven-five low"),
        ("a5-low", "5c 4d 3h 2s As", "Five-four low"),
        ("a5-low", "Ac Ad 6h 5s 4c", "Pair of aces"),
        ("27-low", "7c 5d 4h 3s 2c", "Seven-five low"),
        ("27-low", "As 5d 4h 3s 2c", "Ace-five low"),
        ("a6-low", "6c 4d 3h 2s Ac", "Six-four low"),
        ("madison", "2c Ad Ah As Ac", "2-A-A-A-A low"),
    ],
)
def test_names(scale: str, cards: str, name: str) -> None:
    assert str(evaluate(scale, cards)) == name


@pytest.mark.parametrize(
    ("hole", "board"),
    [("As As Ks Qs Js", ""), ("As Ad", "As Kd Qc"), ("As Kd", ["Qc Jc Tc", "As 2c 3c"])],
)
def test_a_card_twice_in_one_hand_is_an_error(hole: str, board: str | list[str]) -> None:
    with pytest.raises(ValueError, match="As appears twice"):
        evaluate("high", hole, board)
