"""Badugi and Badeucy scales (000 §2.5-2.7, App.A; 002 ch.5, 9, 20; rules.md §9 E-24)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from math import comb, factorial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerbook import Card, HandValue, evaluate, get_scale, parse
from pokerbook.cards.card import JOKER, STANDARD_CARDS
from pokerbook.evaluation.scale import WildCardError

RankKey = tuple[int, tuple[int, ...]]


def badugi(hand: str) -> HandValue:
    return evaluate("badugi", hand)


def badeucy(hand: str) -> HandValue:
    return evaluate("badugi-ace-high", hand)


def reference_key(cards: Sequence[Card], *, ace_low: bool = True) -> RankKey:
    """Brute force: every subset with no repeated rank or suit; most cards, then lowest.

    The key is (number of cards, negated ranks highest first): larger is better.
    """
    best: RankKey = (0, ())
    for size in range(1, min(4, len(cards)) + 1):
        for subset in combinations(cards, size):
            if len({c.rank for c in subset}) < size or len({c.suit for c in subset}) < size:
                continue
            ranks = sorted(
                (1 if ace_low and c.rank == 14 else c.rank for c in subset), reverse=True
            )
            best = max(best, (size, tuple(-r for r in ranks)))
    return best


def reference_name(key: RankKey) -> str:
    size, negated = key
    shown = "-".join("A" if -r in (1, 14) else "23456789TJQK"[-r - 2] for r in negated)
    return f"4-card badugi {shown}" if size == 4 else f"{size}-card {shown}"


cards_strategy = st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=7, unique=True)


# -- the rulebook's ordering examples ---------------------------------------------------


def test_badugi_432a_rainbow_is_the_best_hand_000_app_a() -> None:
    nuts = badugi("4c 3d 2h As")
    assert str(nuts) == "4-card badugi 4-3-2-A"
    for other in ("5c 3d 2h As", "4c 3d 2h Ks", "4c 3d 2h Ac", "3c 2d Ah As"):
        assert nuts > badugi(other)


def test_badugi_kqjt_rainbow_beats_any_three_card_hand_000_app_a() -> None:
    worst_badugi = badugi("Kc Qd Jh Ts")
    best_three = badugi("3c 2d Ah As")
    assert str(worst_badugi) == "4-card badugi K-Q-J-T"
    assert str(best_three) == "3-card 3-2-A"
    assert worst_badugi > best_three


def test_badugi_742_beats_75a_000_s2_7() -> None:
    a, b = badugi("7c 4d 2h 2c"), badugi("7c 5d Ah Ac")
    assert (str(a), str(b)) == ("3-card 7-4-2", "3-card 7-5-A")
    assert a > b


def test_badugi_equal_three_card_hands_split_without_the_fourth_card_e24() -> None:
    a, b = badugi("7s 3s 2h Ac"), badugi("3c 3d 2s Ah")
    assert a == b
    assert str(a) == str(b) == "3-card 3-2-A"


def test_badugi_002_example_742_beats_75a_e24() -> None:
    assert badugi("7s 4c 2h 2d") > badugi("7d 5c Ah Ad")


def test_badugi_more_cards_beat_fewer_at_every_size_000_app_a() -> None:
    assert badugi("Kc Qd Jh") > badugi("2c Ad Ah As")  # 3-card K-Q-J over 2-card 2-A
    assert badugi("Kc Qd Qh Qs") > badugi("Ac Ad Ah As")  # 2-card K-Q over 1-card A


def test_badugi_compares_highest_card_first_000_app_a() -> None:
    assert badugi("8c 3d 2h As") > badugi("8c 4d 2h As")
    assert badugi("7c 6d 5h 4s") > badugi("8c 3d 2h As")


def test_badugi_plays_the_best_four_of_more_cards_000_s2_5() -> None:
    # Badacey (5 cards) and Razzdugi (7 cards) take the best badugi of all of them.
    assert str(badugi("Kc Qc 7s 4d 2h 3c 9h")) == "4-card badugi 7-4-3-2"
    assert str(badugi("Ac Ad 2c")) == "2-card 2-A"  # the ace must take the diamond


def test_badugi_exact_refuses_more_than_four_cards() -> None:
    with pytest.raises(ValueError, match="at most 4 cards"):
        get_scale("badugi").exact(parse("Ac 2d 3h 4s 5c"))


# -- Badeucy ----------------------------------------------------------------------------


def test_badeucy_5432_rainbow_is_best_and_aces_are_high_000_s2_6() -> None:
    assert str(badeucy("5c 4d 3h 2s")) == "4-card badugi 5-4-3-2"
    assert badeucy("5c 4d 3h 2s") > badeucy("Ac 4d 3h 2s")
    assert badugi("5c 4d 3h 2s") < badugi("Ac 4d 3h 2s")


def test_badeucy_akqj_rainbow_beats_any_three_card_hand_000_s2_6() -> None:
    assert str(badeucy("Ac Kd Qh Js")) == "4-card badugi A-K-Q-J"
    assert badeucy("Ac Kd Qh Js") > badeucy("4c 3d 2h 2s")


def test_badeucy_743_beats_752_000_s2_6() -> None:
    assert badeucy("7c 4d 3h") > badeucy("7c 5d 2h")


def test_badeucy_742_beats_753_002_ch20() -> None:
    assert badeucy("7c 4d 2h") > badeucy("7c 5d 3h")


# -- properties against a brute-force reference ------------------------------------------


@given(cards_strategy, cards_strategy)
def test_badugi_matches_brute_force_reference_000_app_a(a: list[Card], b: list[Card]) -> None:
    for name, ace_low in (("badugi", True), ("badugi-ace-high", False)):
        va, vb = evaluate(name, a), evaluate(name, b)
        ka, kb = reference_key(a, ace_low=ace_low), reference_key(b, ace_low=ace_low)
        assert str(va) == reference_name(ka)
        assert (va > vb) == (ka > kb)
        assert (va == vb) == (ka == kb)


@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=2, max_size=8, unique=True))
def test_badugi_adding_a_card_never_makes_the_hand_worse(cards: list[Card]) -> None:
    for name in ("badugi", "badugi-ace-high"):
        assert evaluate(name, cards) >= evaluate(name, cards[:-1])


@pytest.mark.slow
def test_badugi_every_four_card_hand_by_number_of_cards_000_app_a() -> None:
    scale = get_scale("badugi")
    sizes: Counter[int] = Counter()
    by_key: dict[RankKey, int] = {}
    for hand in combinations(STANDARD_CARDS, 4):
        value = scale.exact(hand)
        key = reference_key(hand)
        assert by_key.setdefault(key, value) == value  # equal hands, equal values
        sizes[key[0]] += 1
    assert sum(sizes.values()) == comb(52, 4)
    # A 4-card badugi: four ranks, each with its own suit.
    assert sizes[4] == comb(13, 4) * factorial(4)
    # A 1-card hand: every card shares one rank, or every card shares one suit.
    assert sizes[1] == 13 + 4 * comb(13, 4)
    ordered = sorted(by_key)
    values = [by_key[k] for k in ordered]
    assert values == sorted(set(values))  # strictly increasing with the reference order
    assert reference_name(ordered[-1]) == "4-card badugi 4-3-2-A"


# -- wild cards and jokers --------------------------------------------------------------


def test_badugi_joker_plays_as_the_lowest_missing_card() -> None:
    assert badugi("Jo 7c 5d 3h") == badugi("As 7c 5d 3h")
    assert str(badugi("Jo Ac 5d 3h")) == "4-card badugi 5-3-2-A"
    assert str(badugi("Jo Kc Kd Ks")) == "2-card K-A"


def test_badugi_joker_as_ace_may_only_be_an_ace() -> None:
    assert str(evaluate("badugi", "Jo Ac 5d 3h", joker="ace")) == "3-card 5-3-A"
    assert str(evaluate("badugi", "Jo 7c 5d 3h", joker="ace")) == "4-card badugi 7-5-3-A"


def test_badugi_wild_deuces() -> None:
    # Two wild deuces and a pair of kings: one king and two wild cards play.
    assert str(evaluate("badugi", "2c 2d Kh Ks", wild="2")) == "3-card K-2-A"
    assert str(evaluate("badugi", "2c 2d 7h 5s", wild="2")) == "4-card badugi 7-5-2-A"


def test_badugi_unknown_joker_mode_is_refused() -> None:
    with pytest.raises(WildCardError):
        evaluate("badugi", "Jo 7c 5d 3h", joker="sideways")


@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=0, max_size=3, unique=True))
def test_badugi_joker_is_the_best_of_every_card_it_could_be(naturals: list[Card]) -> None:
    for name in ("badugi", "badugi-ace-high"):
        with_joker = evaluate(name, [*naturals, JOKER])
        # a copy of a card already held never helps a badugi, so the distinct cards suffice
        others = [c for c in STANDARD_CARDS if c not in naturals]
        assert with_joker == max(evaluate(name, [*naturals, c]) for c in others)
