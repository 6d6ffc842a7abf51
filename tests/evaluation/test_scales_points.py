"""Point scales: Dramaha Zero, 21 and 49 (000 §2.21-2.23) and the 003 point games."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerbook import Card, evaluate, get_scale, parse
from pokerbook.cards.card import STANDARD_CARDS
from pokerbook.evaluation.scale import WildCardError
from pokerbook.evaluation.scales.points import red_black_points, suit_count

hands = st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=7, unique=True)
five_cards = st.lists(st.sampled_from(STANDARD_CARDS), min_size=5, max_size=5, unique=True)


def dramaha(card: Card) -> int:
    """000 §2.21: A = 1, 2-10 face value, J/Q/K = 0 (written out independently)."""
    return {14: 1, 11: 0, 12: 0, 13: 0}.get(card.rank, card.rank)


def red_black(card: Card, eo: bool = False) -> int:
    """003: red face cards 10, red aces 11; black 0, or negative in the EO version."""
    worth = {14: 11, 13: 10, 12: 10, 11: 10}.get(card.rank, card.rank)
    red = str(card)[1] in "dh"
    return worth if red else (-worth if eo else 0)


# -- Dramaha 21 -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("Ah Kd Qc Th Ts", "5-card 21"),  # T+T+A = 21, K and Q zero
        ("Ah Qd Tc 6h 4s", "5-card 21"),  # T+6+4+A = 21, Q zero
        ("Kh Td Tc 8h 6s", "3-card 20"),  # T+T = 20, K zero; 8 and 6 play no part
        ("9h 8d 7c 6h 5s", "3-card 21"),  # 9+7+5 = 21
    ],
)
def test_points_21_worked_examples_000_s2_22(hand: str, expected: str) -> None:
    assert str(evaluate("points-21", hand)) == expected


def test_points_21_examples_order_000_s2_22() -> None:
    aces_up = evaluate("points-21", "Ah Kd Qc Th Ts")
    assert aces_up == evaluate("points-21", "Ah Qd Tc 6h 4s")
    assert aces_up > evaluate("points-21", "9h 8d 7c 6h 5s")  # more cards at 21
    assert evaluate("points-21", "9h 8d 7c 6h 5s") > evaluate("points-21", "Kh Td Tc 8h 6s")


def test_points_21_face_cards_count_as_cards_worth_zero_000_s2_22() -> None:
    assert str(evaluate("points-21", "Kh Qd Jc")) == "3-card 0"
    assert evaluate("points-21", "Th Td Ac Kd") > evaluate("points-21", "Th Td Ac")


@given(hands, hands)
def test_points_21_matches_brute_force_over_subsets_000_s2_22(a: list[Card], b: list[Card]) -> None:
    def key(cards: list[Card]) -> tuple[int, int]:
        return max(
            (sum(dramaha(c) for c in subset), size)
            for size in range(len(cards) + 1)
            for subset in combinations(cards, size)
            if sum(dramaha(c) for c in subset) <= 21
        )

    va, vb = evaluate("points-21", a), evaluate("points-21", b)
    total, size = key(a)
    assert str(va) == f"{size}-card {total}"
    assert (va > vb) == (key(a) > key(b))
    assert (va == vb) == (key(a) == key(b))


# -- Dramaha 49 and Zero -------------------------------------------------------------------


@given(five_cards)
def test_points_49_is_the_sum_of_all_five_cards_000_s2_23(cards: list[Card]) -> None:
    total = sum(dramaha(c) for c in cards)
    value = evaluate("points-49", cards)
    assert int(value) == total
    assert str(value) == f"{total} point" + ("" if total == 1 else "s")


def test_points_49_nut_is_tttt9_000_s2_23() -> None:
    nuts = evaluate("points-49", "Tc Td Th Ts 9s")
    assert str(nuts) == "49 points"
    assert nuts > evaluate("points-49", "Tc Td Th 9s 9h")


def test_points_zero_nut_is_five_face_cards_and_tttt9_is_worst_000_s2_21() -> None:
    nuts = evaluate("points-zero", "Kc Qd Jh Ks Qh")
    worst = evaluate("points-zero", "Tc Td Th Ts 9s")
    assert str(nuts) == "0 points"
    assert str(worst) == "49 points"
    assert nuts > evaluate("points-zero", "Ac Kd Qh Js Kh") > worst


@given(five_cards, five_cards)
def test_points_zero_is_points_49_reversed_000_s2_21(a: list[Card], b: list[Card]) -> None:
    zero_a, zero_b = evaluate("points-zero", a), evaluate("points-zero", b)
    high_a, high_b = evaluate("points-49", a), evaluate("points-49", b)
    assert (zero_a > zero_b) == (high_a < high_b)
    assert (zero_a == zero_b) == (high_a == high_b)
    assert get_scale("points-zero").is_low


# -- Red/Black Push ----------------------------------------------------------------------


def test_red_black_perfect_high_is_72_003() -> None:
    perfect = "Ah Ad Kh Kd Qh Qd Th"  # both red aces and five red ten-point cards
    assert str(evaluate("red-black-high", perfect)) == "72 points"
    assert evaluate("red-black-high", perfect) > evaluate("red-black-high", "Ah Ad Kh Kd Qh Qd 9h")
    assert str(evaluate("red-black-eo-high", perfect)) == "72 points"


def test_red_black_perfect_low_is_seven_black_cards_003() -> None:
    black = "As Ac Ks Kc Qs Qc Js"
    assert str(evaluate("red-black-low", black)) == "0 points"
    assert evaluate("red-black-low", black) > evaluate("red-black-low", "2s 3c 4s 5c 6s 7c 2h")
    assert str(evaluate("red-black-eo-low", black)) == "-72 points"
    assert evaluate("red-black-eo-low", black) > evaluate(
        "red-black-eo-low", "As Ac Ks Kc Qs Qc 9s"
    )


def test_red_black_eo_red_king_and_black_queen_cancel_003() -> None:
    assert red_black_points(parse("Kh Qs"), equal_opportunity=True) == 0
    assert red_black_points(parse("Kh Qs")) == 10


def test_red_black_eo_exactly_zero_is_detectable_for_the_scoop_003() -> None:
    zero = parse("Ah As 7d 3c 4c 9h 9s")
    assert red_black_points(zero, equal_opportunity=True) == 0
    assert red_black_points(parse("Ah As 7d 3c 4c 9h 8s"), equal_opportunity=True) == 1


@given(hands, hands)
def test_red_black_scales_sum_every_card_003(a: list[Card], b: list[Card]) -> None:
    for eo, high, low in ((False, "red-black-high", "red-black-low"),
                          (True, "red-black-eo-high", "red-black-eo-low")):  # fmt: skip
        ta, tb = sum(red_black(c, eo) for c in a), sum(red_black(c, eo) for c in b)
        assert red_black_points(a, equal_opportunity=eo) == ta
        assert str(evaluate(high, a)) == str(evaluate(low, a))
        assert str(evaluate(high, a)).split()[0] == str(ta)
        assert (evaluate(high, a) > evaluate(high, b)) == (ta > tb)
        assert (evaluate(low, a) > evaluate(low, b)) == (ta < tb)
        assert (evaluate(low, a) == evaluate(low, b)) == (ta == tb)


# -- Count Your Diamonds and friends ------------------------------------------------------


def test_diamond_count_scores_face_value_and_j11_q12_k13_a14_003() -> None:
    assert str(evaluate("diamond-count", "Ad Kd Qd Jd Td 2d 3c")) == "62 points in diamonds"
    assert str(evaluate("diamond-count", "Ac Kh Qs")) == "0 points in diamonds"
    assert evaluate("diamond-count", "Ad 2c") > evaluate("diamond-count", "Kd Qc Jh")


@pytest.mark.parametrize(
    ("scale", "game", "suit"),
    [("club-count", "clubbed-to-death", "c"), ("heart-count", "heart-attack", "h"),
     ("spade-count", "dig-your-grave", "s"), ("diamond-count", "count-your-diamonds", "d")],
)  # fmt: skip
def test_suit_count_variations_count_their_own_suit_003(scale: str, game: str, suit: str) -> None:
    hand = "Ac Kd Qh Js 5c 5d 5h"
    expected = {"c": 19, "d": 18, "h": 17, "s": 11}[suit]
    assert int(evaluate(scale, hand)) == expected
    assert get_scale(game) is get_scale(scale)
    assert suit_count(parse(hand), suit) == expected


def test_count_your_own_suit_accepts_any_suit_spelling_003() -> None:
    cards = parse("Ac Kd Qh Js 5c 5d 5h")
    assert suit_count(cards, 0) == suit_count(cards, "c") == suit_count(cards, "♣") == 19
    assert suit_count(cards, "Diamonds") == suit_count(cards, "diamond") == 18
    with pytest.raises(ValueError, match="suit"):
        suit_count(cards, "stars")
    with pytest.raises(ValueError, match="suit"):
        suit_count(cards, 4)


@given(hands)
def test_suit_counts_add_up_to_every_rank_003(cards: list[Card]) -> None:
    names = ("club-count", "diamond-count", "heart-count", "spade-count")
    assert sum(int(evaluate(n, cards)) for n in names) == sum(c.rank for c in cards)


# -- Terrible Twos -----------------------------------------------------------------------


def test_deuce_count_counts_every_deuce_003() -> None:
    assert str(evaluate("deuce-count", "2c 2d 2h Ks Kd 7c 9h")) == "3 deuces"
    assert str(evaluate("deuce-count", "2c Kd")) == "1 deuce"
    assert str(evaluate("deuce-count", "Ac Kd")) == "0 deuces"
    assert evaluate("deuce-count", "2c 2d 3h") > evaluate("deuce-count", "2s Ac Ad Ah As")


# -- no wild cards -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "scale",
    ["points-zero", "points-49", "points-21", "red-black-high", "red-black-eo-low",
     "diamond-count", "deuce-count"],
)  # fmt: skip
def test_point_scales_refuse_jokers_and_wild_cards(scale: str) -> None:
    with pytest.raises(WildCardError):
        evaluate(scale, "Jo 5c 6d")
    with pytest.raises(WildCardError):
        evaluate(scale, "2c 5c 6d", wild="2")


def test_point_helpers_refuse_jokers() -> None:
    with pytest.raises(WildCardError):
        red_black_points(parse("Jo 5h"))
    with pytest.raises(WildCardError):
        suit_count(parse("Jo 5h"), "h")
