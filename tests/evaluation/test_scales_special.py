"""High/Low Chicago spades, Reno's lowest straight, Canadian Stud and Action Razz scales."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerbook import Card, evaluate, get_scale, parse
from pokerbook.cards.card import STANDARD_CARDS
from pokerbook.evaluation.categories import Category
from pokerbook.evaluation.scale import WildCardError

five_cards = st.lists(st.sampled_from(STANDARD_CARDS), min_size=5, max_size=5, unique=True)
seven_cards = st.lists(st.sampled_from(STANDARD_CARDS), min_size=7, max_size=7, unique=True)
FACES = {11, 12, 13}


def straight_top(ranks: set[int]) -> int:
    """The top of the straight five distinct ranks make (the wheel is five high), or 0."""
    if len(ranks) != 5:
        return 0
    if ranks == {14, 2, 3, 4, 5}:
        return 5
    return max(ranks) if max(ranks) - min(ranks) == 4 else 0


# -- High / Low Chicago --------------------------------------------------------------------


def test_high_spade_ace_is_highest_003_high_chicago() -> None:
    assert str(evaluate("high-spade", "As 2c")) == "Ace of spades"
    assert evaluate("high-spade", "As 2c") > evaluate("high-spade", "Ks Qs")
    assert evaluate("high-spade", "Kc 3s 9s") == evaluate("high-spade", "9s 9d")


def test_high_spade_no_spade_is_lowest_003_high_chicago() -> None:
    none = evaluate("high-spade", "Ah Ad Ac")
    assert str(none) == "No spade"
    assert none < evaluate("high-spade", "2s")


def test_low_spade_deuce_is_lowest_003_low_chicago() -> None:
    best = evaluate("low-spade", "2s As")
    assert str(best) == "Deuce of spades"
    assert best > evaluate("low-spade", "3s")
    assert evaluate("low-spade", "3s Ks") > evaluate("low-spade", "As")  # aces are high


def test_low_spade_no_spade_loses_to_any_spade_003_low_chicago() -> None:
    none = evaluate("low-spade", "2c 2d 2h")
    assert str(none) == "No spade"
    assert none < evaluate("low-spade", "As")


@given(st.lists(st.sampled_from(STANDARD_CARDS), max_size=7, unique=True))
def test_spade_scales_follow_the_spade_ranks_003(cards: list[Card]) -> None:
    spades = [c.rank for c in cards if str(c)[1] == "s"]
    high, low = evaluate("high-spade", cards), evaluate("low-spade", cards)
    if not spades:
        assert str(high) == str(low) == "No spade"
        assert int(high) == int(low) == 0
        return
    assert get_scale("high-spade").ranks(int(high)) == (max(spades),)
    assert get_scale("low-spade").ranks(int(low)) == (min(spades),)
    assert high >= evaluate("high-spade", [*cards[:-1]])
    assert low >= evaluate("low-spade", [*cards[:-1]])


# -- Reno Straight -----------------------------------------------------------------------


def test_lowest_straight_wheel_is_lowest_and_broadway_highest_000_s2_48() -> None:
    wheel = evaluate("lowest-straight", "Ac 2d 3h 4s 5c")
    broadway = evaluate("lowest-straight", "Ac Kd Qh Js Tc")
    assert str(wheel) == "Five-high straight"
    assert str(broadway) == "Ace-high straight"
    assert wheel > evaluate("lowest-straight", "2c 3d 4h 5s 6c") > broadway


def test_lowest_straight_no_straight_loses_to_any_straight_000_s2_48() -> None:
    nothing = evaluate("lowest-straight", "Ac Kd Qh Js 9c")
    assert str(nothing) == "No straight"
    assert nothing < evaluate("lowest-straight", "Ac Kd Qh Js Tc")


def test_lowest_straight_straight_flush_counts_as_a_straight_000_s2_48() -> None:
    assert evaluate("lowest-straight", "5h 6h 7h 8h 9h") == evaluate(
        "lowest-straight", "5h 6d 7h 8h 9c"
    )


def test_lowest_straight_takes_the_lowest_of_seven_cards_000_s2_48() -> None:
    assert str(evaluate("lowest-straight", "Tc 9d 8h 7s 6c 5d Ac 4c")) == "Eight-high straight"
    assert str(evaluate("lowest-straight", "2c 3d 4h 5s 6c 7d Ac")) == "Five-high straight"


def test_reno_straight_worked_example_corrected_e19() -> None:
    boards = ["Kc Qc 2d 3d 6c", "Ad Kd Qs Ts Tc"]
    hand1, hand2 = "Ac 3h Td 5c", "9d Th Js Qh"
    # High: hand 1's tens full of aces beats hand 2's tens full of queens.
    high1 = evaluate("high", hand1, boards, hole_use=2)
    high2 = evaluate("high", hand2, boards, hole_use=2)
    assert str(high1) == "Tens full of aces"
    assert high1 > high2
    # Lowest straight: hand 2's K-Q-J-T-9 (not Broadway); hand 1 has no straight.
    low1 = evaluate("lowest-straight", hand1, boards, hole_use=2)
    low2 = evaluate("lowest-straight", hand2, boards, hole_use=2)
    assert str(low1) == "No straight"
    assert str(low2) == "King-high straight"
    assert low2 > low1


@given(seven_cards, seven_cards)
def test_lowest_straight_matches_brute_force_000_s2_48(a: list[Card], b: list[Card]) -> None:
    def key(cards: list[Card]) -> int:
        tops = [straight_top({c.rank for c in five}) for five in combinations(cards, 5)]
        made = [t for t in tops if t]
        return 15 - min(made) if made else 0  # lower top is better; none is worst

    va, vb = evaluate("lowest-straight", a), evaluate("lowest-straight", b)
    assert (va > vb) == (key(a) > key(b))
    assert (va == vb) == (key(a) == key(b))


# -- Canadian Stud -----------------------------------------------------------------------


def canadian(hand: str) -> int:
    return int(evaluate("canadian-high", hand))


def test_canadian_order_pair_four_straight_four_flush_two_pair_003() -> None:
    pair = evaluate("canadian-high", "Ac Ad Kh Qs 9c")
    four_straight = evaluate("canadian-high", "5c 6d 7h 8s Kc")
    four_flush = evaluate("canadian-high", "2c 5c 9c Jc Kd")
    two_pair = evaluate("canadian-high", "2c 2d 3h 3s 4c")
    assert pair < four_straight < four_flush < two_pair
    assert str(four_straight) == "Four to an eight-high straight"
    assert str(four_flush) == "Four to a jack-high flush"
    scale = get_scale("canadian-high")
    assert scale.category(int(four_straight)) is Category.FOUR_STRAIGHT
    assert scale.category(int(four_flush)) is Category.FOUR_FLUSH


def test_canadian_four_straight_has_no_gaps_003() -> None:
    gapped = evaluate("canadian-high", "5c 6d 8h 9s Kc")
    assert str(gapped) == "King high"
    assert gapped < evaluate("canadian-high", "2c 2d 3h 7s 9c")


def test_canadian_ace_plays_both_ends_of_a_four_straight_003() -> None:
    assert str(evaluate("canadian-high", "Ac 2d 3h 4s 9c")) == "Four to a four-high straight"
    assert str(evaluate("canadian-high", "Jc Qd Kh As 5c")) == "Four to an ace-high straight"
    assert canadian("Ac 2d 3h 4s 9c") < canadian("2c 3d 4h 5s 9c") < canadian("Jc Qd Kh As 5c")


def test_canadian_four_hands_tie_break_top_card_then_odd_card() -> None:
    assert canadian("5c 6d 7h 8s Kc") > canadian("5c 6d 7h 8s Qc")
    assert canadian("5c 6d 7h 8s 2c") > canadian("4c 5d 6h 7s Ac")
    assert canadian("5c 6d 7h 8s Kc") == canadian("5d 6h 7s 8c Kh")
    assert canadian("Ac Tc 3c 2c Kd") > canadian("Kc Qc Jc 9c Ad")
    assert canadian("Ac Tc 3c 2c Kd") > canadian("Ad Td 3d 2d Qc")
    assert canadian("Ac Tc 3c 2c Kd") == canadian("Ah Th 3h 2h Ks")


def test_canadian_four_hand_outranks_the_pair_it_holds_003() -> None:
    assert str(evaluate("canadian-high", "5c 6d 7h 8s 8c")) == "Four to an eight-high straight"
    assert str(evaluate("canadian-high", "Kh 9h 5h 2h Kc")) == "Four to a king-high flush"


def test_canadian_standard_hands_keep_their_order_003() -> None:
    ladder = ["Ac Kd 9h 7s 3c", "2c 2d 9h 7s 3c", "5c 6d 7h 8s Kc", "2c 5c 9c Jc Kd",
              "2c 2d 3h 3s 9c", "2c 2d 2h 9s 3c", "Ac 2d 3h 4s 5c", "2c 3c 4c 5c 7c",
              "2c 2d 2h 3s 3c", "2c 2d 2h 2s 3c", "Ac 2c 3c 4c 5c", "Tc Jc Qc Kc Ac"]  # fmt: skip
    values = [evaluate("canadian-high", h) for h in ladder]
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    assert str(values[-1]) == "Royal flush"


def test_canadian_best_of_seven_and_short_hands_003() -> None:
    assert str(evaluate("canadian-high", "2c 5c 9c Jc Kd 3h 3s")) == "Four to a jack-high flush"
    assert str(evaluate("canadian-high", "5c 6d 7h 8s")) == "Four to an eight-high straight"
    assert str(evaluate("canadian-high", "Ac")) == "Ace high"
    with pytest.raises(ValueError, match="at most 5 cards"):
        get_scale("canadian-high").exact(parse("2c 3d 4h 5s 7c 9d"))


def four_hand(cards: list[Card]) -> bool:
    """Independently: four cards of one suit, or four consecutive ranks (ace both ends)."""
    if max(Counter(str(c)[1] for c in cards).values()) >= 4:
        return True
    ranks = {c.rank for c in cards} | ({1} if any(c.rank == 14 for c in cards) else set())
    return any(set(range(low, low + 4)) <= ranks for low in range(1, 12))


@given(five_cards, five_cards)
def test_canadian_agrees_with_standard_high_outside_the_new_hands_003(
    a: list[Card], b: list[Card]
) -> None:
    high = get_scale("high")
    ca, cb = evaluate("canadian-high", a), evaluate("canadian-high", b)
    ha, hb = evaluate("high", a), evaluate("high", b)
    weak = {Category.HIGH_CARD, Category.PAIR}
    new_a = high.category(int(ha)) in weak and four_hand(a)
    new_b = high.category(int(hb)) in weak and four_hand(b)
    if not new_a and not new_b:
        assert (ca > cb) == (ha > hb)
        assert (ca == cb) == (ha == hb)
        assert str(ca) == str(ha)
    elif new_a and not new_b:
        assert (ca > cb) == (high.category(int(hb)) in weak)


def test_canadian_refuses_jokers() -> None:
    with pytest.raises(WildCardError):
        evaluate("canadian-high", "Jo 5c 6d 7h 8s")


# -- Action Razz -------------------------------------------------------------------------


def test_action_razz_face_queens_full_beats_butt_wheel_e23() -> None:
    butt = evaluate("action-razz", "Ah 2h 3s 4c 5d 6s 7c")
    face = evaluate("action-razz", "Kh Kd Ks Kc Qd Qs Qc")
    assert face > butt
    assert str(butt) == "Butt: five-four low"
    assert str(face) == "Face: queens full of kings"


def test_action_razz_three_player_example_e23() -> None:
    p1 = evaluate("action-razz", "2h 2d 3s 3c 4d 5s 7c")
    p2 = evaluate("action-razz", "Ah Ad 2s 4c 4h 6s 8c")
    p3 = evaluate("action-razz", "3h 5d 7s 8d 9h Qs Kc")
    assert str(p1) == "Butt: seven-five low"
    assert str(p2) == "Butt: eight-six low"
    assert str(p3) == "Face: nine-eight low"
    assert p3 > p1  # P3 wins the main pot
    assert p3 > p2
    assert p1 > p2  # P1's 75432 takes a side pot from P2's 8642A


def test_action_razz_face_card_need_not_play_000_s2_2() -> None:
    # The king plays no part in 7-5-4-3-2 but still makes the hand a Face hand.
    with_king = evaluate("action-razz", "2h 3d 4s 5c 7d 9s Kc")
    assert str(with_king) == "Face: seven-five low"
    assert with_king > evaluate("action-razz", "Ah 2d 3s 4c 5d 9s Tc")


@given(seven_cards, seven_cards)
def test_action_razz_face_first_then_razz_000_s2_2(a: list[Card], b: list[Card]) -> None:
    face_a, face_b = any(c.rank in FACES for c in a), any(c.rank in FACES for c in b)
    aa, ab = evaluate("action-razz", a), evaluate("action-razz", b)
    if face_a != face_b:
        assert (aa > ab) == face_a
    else:  # both Face or both Butt: plain razz decides
        ra, rb = evaluate("a5-low", a), evaluate("a5-low", b)
        assert (aa > ab) == (ra > rb)
        assert (aa == ab) == (ra == rb)
    prefix = "Face: " if face_a else "Butt: "
    assert str(aa) == prefix + str(evaluate("a5-low", a)).lower()


def test_action_razz_refuses_jokers() -> None:
    with pytest.raises(WildCardError):
        evaluate("action-razz", "Jo Ah 2h 3s 4c 5d Kc")


# -- registry ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["badugi", "badugi-ace-high", "points-zero", "points-49", "points-21", "red-black-high",
     "red-black-low", "red-black-eo-high", "red-black-eo-low", "diamond-count", "club-count",
     "heart-count", "spade-count", "deuce-count", "high-spade", "low-spade", "lowest-straight",
     "canadian-high", "action-razz"],
)  # fmt: skip
def test_every_new_scale_is_registered_with_a_cited_description(name: str) -> None:
    scale = get_scale(name)
    assert scale.name == name
    assert any(source in scale.description for source in ("000", "002", "003"))
    for alias in scale.aliases:
        assert get_scale(alias) is scale


@pytest.mark.parametrize(
    ("name", "is_low"),
    [("badugi", True), ("points-zero", True), ("points-49", False), ("red-black-low", True),
     ("low-spade", True), ("high-spade", False), ("lowest-straight", True),
     ("action-razz", True), ("canadian-high", False)],
)  # fmt: skip
def test_low_scales_say_so(name: str, is_low: bool) -> None:
    assert get_scale(name).is_low is is_low
