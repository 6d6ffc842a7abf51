"""High scales: standard (000 App.C, 004 r.1), short deck, Mexican, Quick Quads."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest

from pokerbook import evaluate, get_scale, parse
from pokerbook.cards import SHORT
from pokerbook.evaluation.categories import Category

C = Category


def cat(scale: str, cards: str, board: str = "") -> Category | None:
    value = evaluate(scale, cards, board)
    return value.scale.category(int(value))


def ranks(scale: str, cards: str) -> tuple[int, ...]:
    value = evaluate(scale, cards)
    return tuple(r for r in value.scale.ranks(int(value)) if r)


# -- standard high --------------------------------------------------------------------------

# 000 App.C, "What Beats What": one example per category, best first.
APP_C_EXAMPLES = [
    ("A♥ K♥ Q♥ J♥ T♥", C.STRAIGHT_FLUSH),
    ("2♣ 3♣ 4♣ 5♣ 6♣", C.STRAIGHT_FLUSH),
    ("8♠ 8♥ 8♣ 8♦ J♠", C.QUADS),
    ("7♣ 7♠ 7♦ 2♥ 2♦", C.FULL_HOUSE),
    ("A♥ K♥ 9♥ 7♥ 6♥", C.FLUSH),
    ("5♣ 6♦ 7♦ 8♠ 9♦", C.STRAIGHT),
    ("6♣ 6♦ 6♥ A♥ K♠", C.TRIPS),
    ("A♠ A♣ 8♠ 8♣ J♦", C.TWO_PAIR),
    ("5♥ 5♠ 7♣ 8♣ 9♣", C.PAIR),
    ("A♥ K♥ Q♥ J♥ 2♠", C.HIGH_CARD),
    ("2♠ 3♠ 4♦ 5♣ 7♥", C.HIGH_CARD),
]


@pytest.mark.parametrize(("cards", "category"), APP_C_EXAMPLES)
def test_app_c_example_categories_000_app_c(cards: str, category: Category) -> None:
    assert cat("high", cards) is category


def test_app_c_examples_are_in_order_000_app_c() -> None:
    values = [evaluate("high", cards) for cards, _ in APP_C_EXAMPLES]
    assert all(a > b for a, b in pairwise(values))


def test_royal_flush_is_the_ace_high_straight_flush_000_app_c() -> None:
    assert str(evaluate("high", "A♥ K♥ Q♥ J♥ T♥")) == "Royal flush"
    assert str(evaluate("high", "K♥ Q♥ J♥ T♥ 9♥")) == "King-high straight flush"


# 004 r.1, the "High hand ranks" list with its example hands, best first (bar five aces).
R1_EXAMPLES = [
    ("8s 9s Ts Js Qs", C.STRAIGHT_FLUSH),
    ("3c 3d 3h 3s 7c", C.QUADS),
    ("Ac Ad Ah 8c 8d", C.FULL_HOUSE),
    ("Ah Kd Qc Js Tc", C.STRAIGHT),
    ("Ah 2d 3c 4s 5c", C.STRAIGHT),
    ("9c 9d 9h 2s Jc", C.TRIPS),
    ("4c 4d Kh Ks 5c", C.TWO_PAIR),
    ("Qc Td 7h 8s 5c", C.HIGH_CARD),
]


@pytest.mark.parametrize(("cards", "category"), R1_EXAMPLES)
def test_high_hand_ranks_004_r1(cards: str, category: Category) -> None:
    assert cat("high", cards) is category


def test_category_order_004_r1() -> None:
    order = [
        "Jo Ac Ad Ah As",  # five aces (with the bug)
        "8s 9s Ts Js Qs",
        "3c 3d 3h 3s 7c",
        "Ac Ad Ah 8c 8d",
        "2h 5h 8h Jh Kh",
        "Ah Kd Qc Js Tc",
        "9c 9d 9h 2s Jc",
        "4c 4d Kh Ks 5c",
        "Jc Jd 2h 3s 5c",
        "Qc Td 7h 8s 5c",
    ]
    values = [evaluate("high", h) for h in order]
    assert all(a > b for a, b in pairwise(values))


def test_kings_up_loses_to_aces_up_holdem_000_app_c() -> None:
    # 000 App.C: K♠K♦ on T♣T♦5♠5♥A♠ makes K♠K♦T♣T♦A♠ and loses to A♦2♣ (A♠A♦T♣T♦5♠)
    board = "T♣ T♦ 5♠ 5♥ A♠"
    kings = evaluate("high", "K♠ K♦", board)
    aces = evaluate("high", "A♦ 2♣", board)
    assert kings < aces
    assert kings == evaluate("high", "K♠ K♦ T♣ T♦ A♠")
    assert aces == evaluate("high", "A♠ A♦ T♣ T♦ 5♠")
    assert str(kings) == "Two pair, kings and tens"
    assert str(aces) == "Two pair, aces and tens"


def test_two_ace_high_straights_tie_suits_equal_000_app_c() -> None:
    a = evaluate("high", "A♠ K♦ Q♣ J♥ T♠")
    b = evaluate("high", "A♦ K♣ Q♥ J♠ T♦")
    assert a == b


def test_suits_never_break_ties_004_r1() -> None:
    # "There is no precedence among the suits, all are equal."
    assert evaluate("high", "As Ks 9s 7s 6s") == evaluate("high", "Ac Kc 9c 7c 6c")
    assert evaluate("high", "As Ad 8h 8c Jd") == evaluate("high", "Ah Ac 8s 8d Js")


def test_ace_high_or_low_in_straights_only_000_app_c() -> None:
    wheel = evaluate("high", "As 2d 3c 4h 5s")
    six_high = evaluate("high", "2d 3c 4h 5s 6d")
    assert cat("high", "As 2d 3c 4h 5s") is C.STRAIGHT
    assert str(wheel) == "Five-high straight"
    assert wheel < six_high
    assert wheel > evaluate("high", "Ac Ad Ah Ks Qd")  # any straight beats trips
    # no wrap-around: Q-K-A-2-3 is ace high, not a straight
    assert cat("high", "Qs Kd Ac 2h 3s") is C.HIGH_CARD
    # in other hands the ace is high: ace-high beats king-high
    assert evaluate("high", "Ac 2d 3h 4s 6c") > evaluate("high", "Kc Qd Jh 9s 8c")


def test_only_the_best_five_play_000_app_c() -> None:
    # "Additional cards do not play": AAKKQQ2 is aces and kings with a queen
    assert evaluate("high", "As Ad Ks Kd Qs Qd 2c") == evaluate("high", "Ah Ac Kh Kc Qh")
    # three pair: the third pair's rank only counts as a kicker
    assert evaluate("high", "9s 9d 8s 8d 7s 7d Ac") == evaluate("high", "9h 9c 8h 8c Ad")
    # two trips make a full house of the higher over the lower
    assert str(evaluate("high", "9s 9d 9h 8s 8d 8c 2c")) == "Nines full of eights"


def test_flush_within_seven_uses_five_highest_of_suit() -> None:
    seven = evaluate("high", "Ah 9h 7h 5h 3h 2h Kd")
    assert seven == evaluate("high", "Ah 9h 7h 5h 3h")
    assert cat("high", "Ah 9h 7h 5h 3h 2h Kd") is C.FLUSH


def test_straight_flush_beats_a_higher_flush_and_straight_in_seven_cards() -> None:
    v = evaluate("high", "5h 6h 7h 8h 9h Ah Ts")
    assert str(v) == "Nine-high straight flush"


def test_kickers_count_in_order() -> None:
    assert evaluate("high", "Ac Kd 9h 7s 5c") > evaluate("high", "Ad Kc 9s 7h 4d")
    assert evaluate("high", "Jc Jd Ah 3s 2c") > evaluate("high", "Jh Js Kh Qs Tc")
    assert evaluate("high", "3c 3d 3h Ks 2c") > evaluate("high", "2c 2d 2h As Kc")
    assert evaluate("high", "3c 3d 3h 2s 2c") > evaluate("high", "2c 2d 2h As Ac")


def test_six_and_seven_card_hands_equal_best_five_by_brute_force() -> None:
    scale = get_scale("high")
    hands = [
        "As Ks Qs Js 9s 8d 2c",
        "2c 3d 4h 5s 6c 7d 8h",
        "Kc Kd Kh 2s 2c 2d Ah",
        "Ac Ad 2h 2s 3c 3d 4h",
        "Tc Jc Qc Kc 9d 8d 7d",
        "5s 6s 7s 8s 4d 3d 2d",
    ]
    for text in hands:
        cards = parse(text)
        brute = max(scale.exact(five) for five in combinations(cards, 5))
        assert scale.best(cards) == brute, text
        assert scale.best(cards[:6]) == max(
            scale.exact(five) for five in combinations(cards[:6], 5)
        ), text


# -- short deck -------------------------------------------------------------------------------


def test_short_deck_lowest_straight_is_9876a_000_2_52() -> None:
    # 000 §2.51/§2.52: "the lowest possible straight in this game is 9876A"
    wheel = evaluate("short-deck-high", "9c 8d 7h 6s Ac")
    assert wheel.scale.category(int(wheel)) is C.STRAIGHT
    assert wheel < evaluate("short-deck-high", "Tc 9d 8h 7s 6c")
    assert wheel < evaluate("short-deck-high", "Ac Kd Qh Js Tc")
    assert wheel > evaluate("short-deck-high", "Ac Ad Ah Ks Qc")


def test_short_deck_ace_six_straight_flush_is_the_lowest_straight_flush_000_2_52() -> None:
    low_sf = evaluate("short-deck-high", "9c 8c 7c 6c Ac")
    assert low_sf.scale.category(int(low_sf)) is C.STRAIGHT_FLUSH
    assert low_sf < evaluate("short-deck-high", "Tc 9c 8c 7c 6c")
    assert str(evaluate("short-deck-high", "Ac Kc Qc Jc Tc")) == "Royal flush"
    assert str(low_sf) != "Royal flush"


def test_short_deck_broadway_is_the_highest_straight_000_2_52() -> None:
    broadway = evaluate("short-deck-high", "Ac Kd Qh Js Tc")
    straights = [
        evaluate("short-deck-high", " ".join(r + s for r, s in zip(ranks, "cdhsc", strict=True)))
        for ranks in ["KQJT9", "QJT98", "JT987", "T9876", "9876A"]
    ]
    assert all(broadway > s for s in straights)
    assert all(a > b for a, b in pairwise(straights))


def test_short_deck_flush_beats_full_house_000_2_52() -> None:
    flush = evaluate("short-deck-high", "Kc Qc 9c 7c 6c")
    full = evaluate("short-deck-high", "Ac Ad Ah Ks Kc")
    quads = evaluate("short-deck-high", "6c 6d 6h 6s 7c")
    assert full < flush < quads


def test_short_deck_straight_beats_trips_by_default_000_2_52() -> None:
    assert evaluate("short-deck-high", "9c 8d 7h 6s Ac") > evaluate(
        "short-deck-high", "Ac Ad Ah 9s 8c"
    )


def test_short_deck_trips_over_straight_option_000_2_52() -> None:
    # 000 §2.52: "sometimes played where three-of-a-kind beats a straight"
    scale = "short-deck-high-trips"
    trips = evaluate(scale, "6c 6d 6h 7s 8c")
    straight = evaluate(scale, "Ac Kd Qh Js Tc")
    two_pair = evaluate(scale, "Ac Ad Kh Ks Qc")
    full = evaluate(scale, "6c 6d 6h 7s 7c")
    flush = evaluate(scale, "Kc Qc 9c 7c 6c")
    assert two_pair < straight < trips < full < flush


def test_short_deck_rejects_cards_outside_the_deck() -> None:
    with pytest.raises(ValueError, match="2c"):
        evaluate("short-deck-high", "2c 8d 7h 6s Ac")


def test_short_deck_category_counts_over_the_36_card_deck() -> None:
    # independent count: C(36,5) = 376,992 hands; 6 straights (A6789 .. TJQKA) per rank set,
    # each in 4**5 suitings, 4 of them straight flushes
    scale = get_scale("short-deck-high")
    counts: dict[Category | None, int] = {}
    for five in combinations(SHORT.cards, 5):
        c = scale.category(scale.best(five))
        counts[c] = counts.get(c, 0) + 1
    assert sum(counts.values()) == 376_992
    assert counts[C.STRAIGHT_FLUSH] == 6 * 4
    assert counts[C.STRAIGHT] == 6 * (4**5 - 4)
    assert counts[C.FLUSH] == (126 - 6) * 4
    assert counts[C.QUADS] == 9 * 8 * 4
    assert counts[C.FULL_HOUSE] == 9 * 4 * 8 * 6


# -- Mexican --------------------------------------------------------------------------------


def test_mexican_straights_skip_the_missing_ranks_000_2_37() -> None:
    # 000 §2.37: "Straights skip the missing cards"; 5-6-7-J-Q is a straight
    assert cat("mexican-high", "5c 6d 7h Js Qc") is C.STRAIGHT
    assert cat("mexican-high", "4c 5d 6h 7s Jc") is C.STRAIGHT
    assert cat("mexican-high", "7c Jd Qh Ks Ac") is C.STRAIGHT
    assert cat("mexican-high", "Ac 2d 3h 4s 5c") is C.STRAIGHT
    assert evaluate("mexican-high", "5c 6d 7h Js Qc") > evaluate("mexican-high", "4c 5d 6h 7s Jc")
    assert evaluate("mexican-high", "7c Jd Qh Ks Ac") > evaluate("mexican-high", "6c 7d Jh Qs Kc")
    # J-Q-K-A-2 does not wrap
    assert cat("mexican-high", "Jc Qd Kh As 2c") is C.HIGH_CARD


def test_mexican_flush_beats_full_house_000_2_37() -> None:
    flush = evaluate("mexican-high", "Kc Qc 7c 5c 3c")
    full = evaluate("mexican-high", "Ac Ad Ah Ks Kc")
    assert flush > full
    assert flush < evaluate("mexican-high", "2c 2d 2h 2s 3c")


def test_mexican_rejects_eights_nines_tens_000_2_37() -> None:
    for card in ("8c", "9d", "Th"):
        with pytest.raises(ValueError, match=card):
            evaluate("mexican-high", f"{card} 2d 3h Ks Ac")


# -- Quick Quads ----------------------------------------------------------------------------


def test_quick_quads_88862_is_quad_eights_000_2_45() -> None:
    v = evaluate("quick-quads-high", "8c 8d 8h 6s 2c")
    assert v.scale.category(int(v)) is C.QUADS
    assert str(v) == "Four eights"
    assert v > evaluate("quick-quads-high", "7c 7d 7h 7s Ac")
    assert v < evaluate("quick-quads-high", "9c 9d 9h 9s 2c")
    assert v > evaluate("quick-quads-high", "Ac Ad Ah Ks Kc")
    # standard high has no such rule
    assert cat("high", "8c 8d 8h 6s 2c") is C.TRIPS


@pytest.mark.parametrize(
    "cards",
    [
        "9c 9d 9h 8s Ac",  # 8 + ace(1) = 9
        "Tc Td Th 5s 5c",  # a full house whose pair adds up: 5 + 5 = 10
        "2c 2d 2h As Ac",  # 1 + 1 = 2
        "5c 5d 5h 3s 2c",
    ],
)
def test_quick_quads_trips_2_to_10_with_two_cards_adding_up_000_2_45(cards: str) -> None:
    assert cat("quick-quads-high", cards) is C.QUADS


@pytest.mark.parametrize(
    "cards",
    [
        "Jc Jd Jh 9s 2c",  # trips above tens do not count
        "8c 8d 8h 6s 3c",  # 6 + 3 = 9, not 8
        "3c 3d 3h Ks Qc",
    ],
)
def test_quick_quads_needs_2_to_10_and_the_exact_sum_000_2_45(cards: str) -> None:
    assert cat("quick-quads-high", cards) in (C.TRIPS, C.FULL_HOUSE)


def test_quick_quads_ace_counts_one_000_2_45() -> None:
    assert cat("quick-quads-high", "8c 8d 8h 7s Ac") is C.QUADS
    assert cat("quick-quads-high", "4c 4d 4h 3s Ac") is C.QUADS
