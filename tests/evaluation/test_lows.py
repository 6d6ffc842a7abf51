"""Low scales: A-5, 2-7, A-6 (000/002 App.A, 004 r.2), 2-6 (004 FAQ) and Madison (000 §2.36)."""

from __future__ import annotations

from itertools import combinations_with_replacement, pairwise

import pytest

from pokerbook import HandValue, evaluate, get_scale
from pokerbook.evaluation.categories import Category

C = Category
RANK_CHARS = "23456789TJQKA"


def offsuit(ranks: str) -> str:
    """Cards of these ranks (e.g. "AA765") dealt so that no five share a suit."""
    used: dict[str, int] = {}
    cards = []
    for i, r in enumerate(ranks):
        suit = (i + used.get(r, 0)) % 4
        while f"{r}{'cdhs'[suit]}" in cards:
            suit = (suit + 1) % 4
        used[r] = used.get(r, 0) + 1
        cards.append(f"{r}{'cdhs'[suit]}")
    return " ".join(cards)


def suited(ranks: str, suit: str = "h") -> str:
    return " ".join(r + suit for r in ranks)


def low(scale: str, ranks: str) -> HandValue:
    return evaluate(scale, offsuit(ranks))


def category(value: HandValue) -> Category | None:
    return value.scale.category(int(value))


def all_rank_multisets() -> list[str]:
    """Every five-card rank multiset (no rank five times): 6,175 of them."""
    return [
        "".join(m)
        for m in combinations_with_replacement(RANK_CHARS, 5)
        if max(m.count(r) for r in m) <= 4
    ]


def test_offsuit_helper_never_makes_a_flush() -> None:
    for ranks in ("AA765", "75432", "KKKKQ", "22AAA"):
        cards = offsuit(ranks).split()
        assert len(set(cards)) == 5
        assert len({c[1] for c in cards}) > 1


def test_all_rank_multisets_count() -> None:
    assert len(all_rank_multisets()) == 6175


# -- A-5 (California) -----------------------------------------------------------------------


def test_a5_wheel_is_best_000_app_a() -> None:
    wheel = low("a5-low", "5432A")
    assert all(low("a5-low", m) < wheel for m in all_rank_multisets() if m != "2345A")


def test_a5_straights_and_flushes_ignored_000_app_a() -> None:
    assert evaluate("a5-low", suited("5432A")) == low("a5-low", "5432A")
    assert category(evaluate("a5-low", suited("5432A"))) is C.HIGH_CARD
    assert evaluate("a5-low", suited("87654", "s")) == low("a5-low", "87654")
    assert low("a5-low", "65432") < low("a5-low", "6543A")
    assert low("a5-low", "65432") > low("a5-low", "7432A")


def test_a5_lowest_pair_wins_aa765_beats_22543_000_app_a() -> None:
    assert low("a5-low", "AA765") > low("a5-low", "22543")


def test_a5_same_pair_lowest_rest_wins_aa654_beats_aa732_000_app_a() -> None:
    assert low("a5-low", "AA654") > low("a5-low", "AA732")


def test_a5_paired_hands_lose_to_any_no_pair_000_app_a() -> None:
    assert low("a5-low", "KQJT9") > low("a5-low", "AA234")
    assert low("a5-low", "AA234") > low("a5-low", "AA22K")
    assert low("a5-low", "KKQQJ") > low("a5-low", "AAA23")
    assert low("a5-low", "AAA23") > low("a5-low", "AAA22")
    assert low("a5-low", "KKKQQ") > low("a5-low", "AAAA2")


def test_a5_ace_is_one_000_app_a() -> None:
    assert low("a5-low", "6543A") > low("a5-low", "65432")
    assert low("a5-low", "K432A") > low("a5-low", "K5432")


def test_a5_smooth_and_rough_sevens_000_app_a() -> None:
    # 000 App.A: perfect seven 7432A, smooth seven 7543A, rough 76432, roughest 76543
    hands = ["7432A", "7543A", "76432", "76543"]
    values = [low("a5-low", h) for h in hands]
    assert all(a > b for a, b in pairwise(values))
    assert values[-1] > low("a5-low", "8432A")


def test_a5_names() -> None:
    assert str(low("a5-low", "5432A")) == "Five-four low"
    assert str(low("a5-low", "7542A")) == "Seven-five low"
    assert str(low("a5-low", "AA765")) == "Pair of aces"


# -- 2-7 (Kansas City) ----------------------------------------------------------------------


def test_27_best_is_75432_of_two_or_more_suits_000_app_a() -> None:
    best = low("27-low", "75432")
    assert all(low("27-low", m) <= best for m in all_rank_multisets())
    assert category(best) is C.HIGH_CARD


def test_27_single_suited_75432_is_a_flush_000_app_a() -> None:
    flush = evaluate("27-low", suited("75432"))
    assert category(flush) is C.FLUSH
    assert flush < low("27-low", "75432")
    assert flush < low("27-low", "KQJT8")
    assert flush < low("27-low", "AA765")


def test_27_pairs_22543_beats_aa765_000_app_a() -> None:
    assert low("27-low", "22543") > low("27-low", "AA765")


def test_27_straights_76543_beats_87654_000_app_a() -> None:
    a, b = low("27-low", "76543"), low("27-low", "87654")
    assert category(a) is category(b) is C.STRAIGHT
    assert a > b


def test_27_flushes_86543_beats_95432_000_app_a() -> None:
    a = evaluate("27-low", suited("86543", "c"))
    b = evaluate("27-low", suited("95432", "d"))
    assert category(a) is category(b) is C.FLUSH
    assert a > b


def test_27_a5432_is_ace_high_not_a_straight_000_app_a() -> None:
    # 000 App.A: "A5432 is NOT a straight ... It is a perfect Ace high ... and would beat all
    # other ace-low hands and any paired hand"
    perfect_ace = low("27-low", "A5432")
    assert category(perfect_ace) is C.HIGH_CARD
    assert perfect_ace > low("27-low", "A6432")
    assert perfect_ace > low("27-low", "22345")
    assert perfect_ace > low("27-low", "22347")
    assert perfect_ace < low("27-low", "KQJT8")
    assert all(
        perfect_ace > low("27-low", m)
        for m in all_rank_multisets()
        if "A" in m and category(low("27-low", m)) is not C.HIGH_CARD
    )


def test_27_aces_are_high_only_000_app_a() -> None:
    assert low("27-low", "K5432") > low("27-low", "A5432")


def test_27_smooth_and_rough_eights_000_app_a() -> None:
    # 000 App.A: 85432 perfect eight, 86432 smooth, 87432 smooth eight-seven, 87642 rough
    hands = ["85432", "86432", "87432", "87642"]
    values = [low("27-low", h) for h in hands]
    assert all(a > b for a, b in pairwise(values))
    # "87654 is not a rough eight, but a straight that would be an extremely poor hand"
    straight = low("27-low", "87654")
    assert category(straight) is C.STRAIGHT
    assert straight < low("27-low", "AKQJ9")
    assert straight < low("27-low", "AAKQJ")
    assert straight < low("27-low", "AAAKQ")


def test_27_names() -> None:
    assert str(low("27-low", "75432")) == "Seven-five low"
    assert str(low("27-low", "87654")) == "Eight-high straight"


# -- A-6 (London) ---------------------------------------------------------------------------


def test_a6_best_is_6432a_mixed_suits_000_app_a_004_r2() -> None:
    best = low("a6-low", "6432A")
    assert all(low("a6-low", m) <= best for m in all_rank_multisets())


def test_a6_single_suited_6432a_is_a_flush_004_r2() -> None:
    # 004 r.2: "Lowest hand is A 2 3 4 6 mixed suit"; "Straights and Flushes do count as high!"
    flush = evaluate("a6-low", suited("6432A"))
    assert category(flush) is C.FLUSH
    assert flush < low("a6-low", "6432A")
    assert flush < low("a6-low", "KQJT8")


def test_a6_46789_beats_a234t_004_r2() -> None:
    assert low("a6-low", "46789") > low("a6-low", "A234T")


def test_a6_pair_of_aces_lower_than_twos_or_threes_004_r2() -> None:
    assert low("a6-low", "AA765") > low("a6-low", "22765")
    assert low("a6-low", "AA765") > low("a6-low", "33765")
    assert low("a6-low", "AAKQJ") > low("a6-low", "22543")


def test_a6_straights_count_and_ace_is_always_low_004_r2() -> None:
    wheel = low("a6-low", "5432A")
    assert category(wheel) is C.STRAIGHT
    assert wheel < low("a6-low", "KQJT8")
    assert category(low("a6-low", "65432")) is C.STRAIGHT
    # with aces always low, A-K-Q-J-T is king-high, not a straight
    assert category(low("a6-low", "AKQJT")) is C.HIGH_CARD
    assert low("a6-low", "AKQJT") > low("a6-low", "KQJT8")
    assert category(low("a6-low", "KQJT9")) is C.STRAIGHT


def test_a6_names() -> None:
    assert str(low("a6-low", "6432A")) == "Six-four low"
    assert str(low("a6-low", "76543")) == "Seven-high straight"


# -- 2-6 (004 FAQ) ----------------------------------------------------------------------------


def test_26_straights_and_flushes_ignored_ace_high_004_faq() -> None:
    # 004 FAQ: "2 to 6: flushes and straights don't count; aces are high only"
    best = low("26-low", "65432")
    assert all(low("26-low", m) <= best for m in all_rank_multisets())
    assert category(best) is C.HIGH_CARD
    assert evaluate("26-low", suited("65432")) == best
    assert low("26-low", "A5432") < low("26-low", "K5432")


# -- Madison (000 §2.36) ----------------------------------------------------------------------


def test_madison_best_2aaaa_worst_kkkkq_000_2_36() -> None:
    values = {m: low("madison", m) for m in all_rank_multisets()}
    best = max(values.values())
    worst = min(values.values())
    assert [m for m, v in values.items() if v == best] == ["2AAAA"]
    assert [m for m, v in values.items() if v == worst] == ["QKKKK"]


def test_madison_ignores_pairs_straights_flushes_000_2_36() -> None:
    # read as a five-digit number, highest card first, aces = 1
    assert low("madison", "22AAA") > low("madison", "3AAAA")
    assert low("madison", "5543A") > low("madison", "5544A")
    assert low("madison", "6543A") > low("madison", "65432")
    assert evaluate("madison", suited("5432A")) == low("madison", "5432A")
    assert low("madison", "KKKKQ") < low("madison", "KQJT9")


@pytest.mark.parametrize("scale", ["a5-low", "27-low", "a6-low", "26-low", "madison"])
def test_low_scales_are_marked_low(scale: str) -> None:
    assert get_scale(scale).is_low


def test_27_seven_cards_six_of_one_suit_must_play_the_odd_card_000_app_a() -> None:
    # six clubs and a king: any five clubs are a flush, so the best low is K-5-4-3-2
    v = evaluate("27-low", "7c 5c 4c 3c 2c 9c Kd")
    assert v == low("27-low", "K5432")
    assert category(v) is C.HIGH_CARD


def test_a6_seven_cards_six_of_one_suit_must_play_the_odd_card_004_r2() -> None:
    v = evaluate("a6-low", "6c 4c 3c 2c Ac 9c Kd")
    assert v == low("a6-low", "K432A")
