"""Qualifiers (rules.md §5.3): X-or-better lows, pair/flush-or-better highs, Duck Flush (E-20)."""

from __future__ import annotations

import pytest

from pokerbook import evaluate
from pokerbook.evaluation.qualifiers import QualifierError, get_qualifier, qualifies


def q(scale: str, cards: str, name: str) -> bool:
    return qualifies(evaluate(scale, cards), name)


# -- X-or-better ------------------------------------------------------------------------------


def test_worst_qualifying_eight_is_87654_000_app_a() -> None:
    # 000 App.A: "The worst lowball hand that will qualify in Eight-or-Better is 87654"
    assert q("a5-low", "8c 7d 6h 5s 4c", "8-or-better")
    assert q("a5-low", "8c 7d 6h 5s Ac", "8-or-better")
    assert not q("a5-low", "9c 4d 3h 2s Ac", "8-or-better")
    assert not q("a5-low", "9c 8d 7h 6s 5c", "8-or-better")


def test_paired_hands_do_not_qualify_for_low() -> None:
    assert not q("a5-low", "Ac Ad 2h 3s 4c", "8-or-better")
    assert not q("a5-low", "2c 2d 3h 4s 5c", "8-or-better")


def test_a5_straight_or_flush_still_qualifies_000_app_a() -> None:
    assert q("a5-low", "5h 4h 3h 2h Ah", "8-or-better")
    assert q("a5-low", "8c 7d 6h 5s 4c", "8-or-better")


def test_seven_or_better() -> None:
    assert q("a5-low", "7c 6d 5h 4s 3c", "7-or-better")
    assert not q("a5-low", "8c 4d 3h 2s Ac", "7-or-better")


def test_a6_nine_or_better_a_ten_low_does_not_count_004_chicago_9() -> None:
    # 004: Chicago 9 plays 9-or-better A-6 lows; "A 10 low doesn't count"
    assert q("a6-low", "9c 8d 7h 6s 4c", "9-or-better")
    assert not q("a6-low", "Ac 2d 3h 4s Tc", "9-or-better")
    # a nine-high straight is not a low
    assert not q("a6-low", "9c 8d 7h 6s 5c", "9-or-better")


def test_27_straight_or_flush_does_not_qualify() -> None:
    assert q("27-low", "8c 5d 4h 3s 2c", "8-or-better")
    assert not q("27-low", "8c 7d 6h 5s 4c", "8-or-better")
    assert not q("27-low", "8c 5c 4c 3c 2c", "8-or-better")


@pytest.mark.parametrize(
    "name", ["8-or-better", "8 or better", "eight-or-better", "Eight_or_Better", "8-OR-BETTER"]
)
def test_qualifier_spellings(name: str) -> None:
    assert q("a5-low", "8c 7d 6h 5s 4c", name)
    assert not q("a5-low", "9c 7d 6h 5s 4c", name)
    assert get_qualifier(name).name == "8-or-better"


def test_face_card_qualifiers() -> None:
    assert q("a5-low", "Qc 7d 6h 5s 4c", "queen-or-better")
    assert q("a5-low", "Qc 7d 6h 5s 4c", "Q-or-better")
    assert not q("a5-low", "Kc 7d 6h 5s 4c", "Q-or-better")
    assert q("a5-low", "Tc 7d 6h 5s 4c", "10-or-better")
    assert not q("a5-low", "Jc 7d 6h 5s 4c", "10-or-better")


def test_x_or_better_on_a_high_scale_is_an_error() -> None:
    with pytest.raises(QualifierError, match="low"):
        q("high", "Kc 7d 6h 5s 4c", "8-or-better")


# -- high qualifiers --------------------------------------------------------------------------


def test_pair_or_better() -> None:
    assert not q("high", "Ac Kd Qh Js 9c", "pair-or-better")
    assert q("high", "2c 2d 3h 4s 5c", "pair-or-better")
    assert q("high", "2c 3d 4h 5s 6c", "pair-or-better")  # a straight is better than a pair


def test_pair_of_sixes_or_better_archie() -> None:
    # Archie: high needs a pair of sixes or better
    assert q("high", "6c 6d 2h 3s 4c", "pair-of-sixes-or-better")
    assert not q("high", "5c 5d Ah Ks Qc", "pair-of-sixes-or-better")
    assert q("high", "5c 5d 4h 4s 2c", "pair-of-sixes-or-better")  # two pair beats one pair
    assert q("high", "9c 9d 2h 3s 4c", "pair-of-nines-or-better")
    assert not q("high", "8c 8d Ah Ks Qc", "pair-of-nines-or-better")


def test_flush_or_better() -> None:
    assert not q("high", "8c 7d 6h 5s 4c", "flush-or-better")
    assert not q("high", "Ac Ad Ah Ks Qc", "flush-or-better")
    assert q("high", "7c 5c 4c 3c 2c", "flush-or-better")
    assert q("high", "2c 2d 2h 3s 3c", "flush-or-better")
    assert q("high", "7c 7d 7h 7s Kc", "flush-or-better")
    assert q("high", "5c 6c 7c 8c 9c", "flush-or-better")


def test_flush_or_better_on_a_scale_where_a_flush_beats_a_full_house() -> None:
    # short deck: the flush outranks the full house, so only a flush or better qualifies
    assert q("short-deck-high", "Kc Qc 9c 7c 6c", "flush-or-better")
    assert not q("short-deck-high", "Ac Ad Ah Ks Kc", "flush-or-better")
    assert not q("mexican-high", "Ac Ad Ah Ks Kc", "flush-or-better")
    assert q("mexican-high", "Kc Qc 7c 5c 3c", "flush-or-better")


def test_flush_or_better_on_a_scale_without_flushes_is_an_error() -> None:
    with pytest.raises(QualifierError, match="flush"):
        q("a5-low", "6c 5d 4h 3s 2c", "flush-or-better")


def test_no_pair_korean_low() -> None:
    assert q("a5-low", "Kc Qd 7h 5s 2c", "no-pair")
    assert not q("a5-low", "2c 2d 3h 4s 5c", "no-pair")


def test_any() -> None:
    assert q("high", "2c 3d 4h 5s 7c", "any")
    assert q("a5-low", "Kc Kd Kh Ks Qc", "any")


def test_unknown_qualifier() -> None:
    with pytest.raises(QualifierError, match="banana"):
        q("high", "2c 3d 4h 5s 6c", "banana")


# -- Duck Flush (E-20) ------------------------------------------------------------------------


def duck_flush_winner(hands: dict[str, str]) -> str:
    """000 §2.24: the best high hand that is a flush or better, else the best 2-7 low."""
    qualified = {
        name: evaluate("high", cards)
        for name, cards in hands.items()
        if q("high", cards, "flush-or-better")
    }
    if qualified:
        return max(qualified, key=qualified.__getitem__)
    lows = {name: evaluate("27-low", cards) for name, cards in hands.items()}
    return max(lows, key=lows.__getitem__)


def test_duck_flush_both_flushes_better_high_wins_e20_000_2_24() -> None:
    hands = {"A": "A♥ Q♥ J♥ T♥ 2♥", "B": "K♣ J♣ 8♣ 5♣ 3♣"}
    assert all(q("high", h, "flush-or-better") for h in hands.values())
    assert duck_flush_winner(hands) == "A"


def test_duck_flush_no_flush_low_decides_e20_000_2_24() -> None:
    hands = {"A": "8♥ 5♦ 4♣ 3♠ 2♦", "B": "8♣ 6♦ 5♠ 4♥ 3♣", "C": "7♥ 6♣ 5♥ 4♠ 3♦"}
    # "Player C's straight does not qualify as a high hand"
    assert not any(q("high", h, "flush-or-better") for h in hands.values())
    assert duck_flush_winner(hands) == "A"
    assert evaluate("27-low", hands["A"]) > evaluate("27-low", hands["B"])
    assert evaluate("27-low", hands["B"]) > evaluate("27-low", hands["C"])


def test_pair_or_better_on_a_partial_stud_hand() -> None:
    # mid-hand up cards: a pair of sixes showing qualifies, a pair of fives does not
    assert q("high", "6c 6d 2h", "pair-of-sixes-or-better")
    assert not q("high", "5c 5d Ah", "pair-of-sixes-or-better")
    assert q("high", "2c 2d", "pair-or-better")
    assert not q("high", "Ac Kd", "pair-or-better")


def test_pair_or_better_counts_canadian_four_card_hands_above_a_pair() -> None:
    assert q("canadian-high", "9c 8d 7h 6s 2c", "pair-or-better")
    assert not q("canadian-high", "Kc 9d 7h 4s 2c", "pair-or-better")


def test_pair_or_better_on_a_low_scale_is_an_error() -> None:
    with pytest.raises(QualifierError, match="pair"):
        q("a5-low", "6c 5d 4h 3s 2c", "pair-or-better")
