"""Jokers (001 "The Joker", 004 r.3 "Bug", 000 App.A) and wild cards (003)."""

from __future__ import annotations

import pytest

from pokerbook import HandValue, evaluate
from pokerbook.cards import CardSyntaxError
from pokerbook.evaluation.categories import Category
from pokerbook.evaluation.scale import WildCardError

C = Category


def category(value: HandValue) -> Category | None:
    return value.scale.category(int(value))


# -- the joker in lowball (000 App.A) ------------------------------------------------------


def test_california_joker_is_lowest_card_not_pairing_653a_jo_is_6532a_000_app_a() -> None:
    # "If you held 653A-Joker, you would use the Joker as a deuce and your hand would be 6532A"
    assert evaluate("a5-low", "6c 5d 3h As Jo") == evaluate("a5-low", "6c 5d 3h As 2c")


def test_california_joker_on_a_wheel_draw() -> None:
    assert evaluate("a5-low", "Jo 2c 3d 4h 5s") == evaluate("a5-low", "Ac 2c 3d 4h 5s")
    assert evaluate("a5-low", "Jo Ac 2d 3h 4s") == evaluate("a5-low", "Ac 2c 3d 4h 5s")


def test_27_joker_is_lowest_card_making_a_low_6543_jo_is_86543_000_app_a() -> None:
    # "6543-Joker ... you would use the Joker as an eight ... not ... a deuce or seven"
    assert evaluate("27-low", "6c 5d 4h 3s Jo") == evaluate("27-low", "8c 6c 5d 4h 3s")


def test_27_joker_completes_the_number_one() -> None:
    assert evaluate("27-low", "Jo 7c 5d 4h 3s") == evaluate("27-low", "7c 5d 4h 3s 2c")


# -- the joker in high (001 "The Joker"; 004 r.3) --------------------------------------------


def test_joker_in_a_flush_is_the_highest_card_not_present_001_joker() -> None:
    natural = evaluate("high", "Ah Kh Qh 9h 5h")
    assert evaluate("high", "Jo Kh Qh 9h 5h") == natural  # plays as the ace
    assert evaluate("high", "Jo Ah Qh 9h 5h") == natural  # ace present: plays as the king
    assert evaluate("high", "Jo Ah Kh 9h 5h") == natural  # plays as the queen
    assert category(natural) is C.FLUSH


def test_joker_is_an_ace_or_completes_straight_flush_only_001_joker() -> None:
    # not fully wild: with a pair of kings it is an ace kicker, not a third king
    assert evaluate("high", "Jo Kd Kc 7h 2s") == evaluate("high", "Ah Kd Kc 7h 2s")
    assert category(evaluate("high", "Jo Kd Kc 7h 2s")) is C.PAIR
    # by itself it is an ace
    assert evaluate("high", "Jo Kd 9c 5h 3s") == evaluate("high", "Ad Kd 9c 5h 3s")
    # it pairs an ace
    assert evaluate("high", "Jo As Kd 7c 2h") == evaluate("high", "Ad As Kd 7c 2h")


def test_five_aces_is_the_best_hand_001_joker_004_r1() -> None:
    five_aces = evaluate("high", "Jo Ac Ad Ah As")
    assert category(five_aces) is C.FIVE_OF_A_KIND
    assert str(five_aces) == "Five aces"
    assert five_aces > evaluate("high", "As Ks Qs Js Ts")
    assert five_aces > evaluate("high", "Jo As Ks Qs Js")


def test_bug_straight_takes_the_high_end_78910_bug_is_jack_high_004_r3() -> None:
    v = evaluate("high", "7c 8d 9h Ts Jo")
    assert v == evaluate("high", "7c 8d 9h Ts Jc")
    assert v > evaluate("high", "6c 7c 8d 9h Ts")
    assert str(v) == "Jack-high straight"


def test_bug_inside_straight() -> None:
    assert evaluate("high", "Jo 2c 3d 4h 6s") == evaluate("high", "2c 3d 4h 5s 6s")
    assert evaluate("high", "Jo Ac 3d 4h 5s") == evaluate("high", "Ac 2d 3d 4h 5s")


def test_bug_straight_flush_to_the_high_end_004_r3() -> None:
    assert evaluate("high", "7h 8h 9h Th Jo") == evaluate("high", "7h 8h 9h Th Jh")
    assert evaluate("high", "Jo 9s Ts Js Qs") == evaluate("high", "9s Ts Js Qs Ks")
    assert str(evaluate("high", "Jo As Ks Qs Js")) == "Royal flush"


def test_bug_2346_diamonds_is_a_six_high_straight_flush_for_high_004_r3() -> None:
    v = evaluate("high", "Jo 2d 3d 4d 6d")
    assert v == evaluate("high", "2d 3d 4d 5d 6d")
    assert category(v) is C.STRAIGHT_FLUSH


def test_bug_in_seven_cards() -> None:
    assert str(evaluate("high", "Jo Ac Kc Qc Jc 2d 3h")) == "Royal flush"
    assert evaluate("high", "Jo 9c 5d 5h 2s 3c Kd") == evaluate("high", "Ac 9c 5d 5h Kd")


# -- the bug in lowball (004 r.3, A-6) -----------------------------------------------------------


def test_a2346_ties_bug2346_004_r3() -> None:
    natural = evaluate("a6-low", "Ac 2d 3h 4s 6c")
    assert evaluate("a6-low", "Jo 2d 3h 4s 6c", joker="ace") == natural


def test_bug_a346_loses_to_a2346_pair_of_aces_004_r3() -> None:
    bug = evaluate("a6-low", "Jo Ad 3h 4s 6c", joker="ace")
    assert category(bug) is C.PAIR
    assert bug < evaluate("a6-low", "Ac 2d 3h 4s 6c")


def test_bug_a456_beats_22345_004_r3() -> None:
    assert evaluate("a6-low", "Jo Ad 4h 5s 6c", joker="ace") > evaluate("a6-low", "2c 2d 3h 4s 5c")


def test_bug_2346_diamonds_is_a_64_chicago_wheel_for_low_004_r3() -> None:
    # "Bug is used as an ace non-suited": a 6-4 low, not a flush
    v = evaluate("a6-low", "Jo 2d 3d 4d 6d", joker="ace")
    assert v == evaluate("a6-low", "Ac 2d 3d 4d 6d")
    assert category(v) is C.HIGH_CARD
    assert str(v) == "Six-four low"


def test_a6_joker_plays_as_ace_by_default_004_r3() -> None:
    assert evaluate("a6-low", "Jo Ad 3h 4s 6c") == evaluate("a6-low", "Jo Ad 3h 4s 6c", joker="ace")
    assert category(evaluate("a6-low", "Jo Ad 3h 4s 6c")) is C.PAIR


def test_a6_joker_as_lowest_card_not_held_when_asked() -> None:
    # the 000/001 reading: the lowest card that does not pair
    assert evaluate("a6-low", "Jo Ad 3h 4s 6c", joker="wild") == evaluate(
        "a6-low", "Ac 2d 3h 4s 6c"
    )


def test_unknown_joker_mode_is_an_error() -> None:
    with pytest.raises(WildCardError, match="nonsense"):
        evaluate("high", "Jo 5c 5d 7h 8s", joker="nonsense")


# -- wild cards (003) ---------------------------------------------------------------------------


def test_deuces_wild() -> None:
    assert str(evaluate("high", "2c 2d Ah Ks Qc", wild="2")) == "Ace-high straight"
    assert evaluate("high", "2s 2h As Ad Kc", wild="2") == evaluate("high", "Ac Ah As Ad Kc")
    assert category(evaluate("high", "2c 9h 9d 9s 4c", wild="2")) is C.QUADS
    # without the wild option a deuce is a deuce
    assert category(evaluate("high", "2c 2d Ah Ks Qc")) is C.PAIR


def test_five_of_a_kind_beats_a_straight_flush() -> None:
    five = evaluate("high", "2c Ah Ad Ac As", wild="2")
    assert category(five) is C.FIVE_OF_A_KIND
    assert five > evaluate("high", "Ah Kh Qh Jh Th")
    assert five == evaluate("high", "2c 2d 2h 2s Ac", wild="2")
    assert evaluate("high", "2c 9h 9d 9s 9c", wild="2") > evaluate("high", "As Ks Qs Js Ts")
    assert evaluate("high", "2c 9h 9d 9s 9c", wild="2") < five


def test_one_eyed_jacks_and_the_king_with_the_axe() -> None:
    spec = "Js Jh Kd"
    assert str(evaluate("high", "Js Kd 9h 9s 9c", wild=spec)) == "Five nines"
    assert str(evaluate("high", "Jh Ah Kh Qh Th", wild=spec)) == "Royal flush"
    # the two-eyed jacks and the other kings are natural
    assert category(evaluate("high", "Jc Jd 3h 5s 9c", wild=spec)) is C.PAIR
    assert category(evaluate("high", "Kc Ks 3h 5s 9c", wild=spec)) is C.PAIR


def test_follow_the_queen_style_list_of_wild_ranks() -> None:
    spec = ["Q", "7"]
    assert str(evaluate("high", "Qs 7d 9h 9s 9c", wild=spec)) == "Five nines"
    assert category(evaluate("high", "Qs 8d 9h 9s 3c", wild=spec)) is C.TRIPS
    assert category(evaluate("high", "8s 8d 9h 9s 3c", wild=spec)) is C.TWO_PAIR


def test_ten_as_a_wild_rank() -> None:
    assert category(evaluate("high", "Ts 9d 9h 3c 4c", wild="10")) is C.TRIPS
    assert evaluate("high", "Ts 9d 9h 3c 4c", wild="10") == evaluate(
        "high", "Ts 9d 9h 3c 4c", wild="T"
    )


def test_wild_cards_in_seven_card_hands() -> None:
    v = evaluate("high", "2c 2d 2h Ks Kd 7c 3s", wild="2")
    assert str(v) == "Five kings"


def test_joker_together_with_wild_cards_needs_joker_wild() -> None:
    with pytest.raises(WildCardError, match="wild"):
        evaluate("high", "Jo 2c 9d Kh 3s", wild="2")
    # fully wild joker plus a wild deuce with a king: three kings
    v = evaluate("high", "Jo 2c 9d Kh 3s", wild="2", joker="wild")
    assert category(v) is C.TRIPS
    assert v == evaluate("high", "Kc Kd Kh 9d 3s")


def test_bad_wild_specification() -> None:
    with pytest.raises(CardSyntaxError, match="Zz"):
        evaluate("high", "As Kd 5c 7h 9s", wild="Zz")
    with pytest.raises(ValueError, match="15"):
        evaluate("high", "As Kd 5c 7h 9s", wild=[15])
