"""HandValue: ordering, equality, hashing, int() and str()."""

from __future__ import annotations

import operator
from collections.abc import Callable

import pytest

from pokerbook import HandValue, evaluate, get_scale


def test_better_hands_compare_greater() -> None:
    flush = evaluate("high", "Ah Kh 9h 7h 6h")
    straight = evaluate("high", "5c 6d 7d 8s 9d")
    assert flush > straight
    assert flush >= straight
    assert straight < flush
    assert straight <= flush
    assert flush != straight
    assert not flush < straight


def test_ties_compare_equal_and_hash_equal() -> None:
    a = evaluate("high", "As Ad 8h 8c Jd")
    b = evaluate("high", "Ah Ac 8s 8d Js")
    assert a == b
    assert a <= b
    assert a >= b
    assert not a < b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1


def test_low_scale_better_is_greater() -> None:
    wheel = evaluate("a5-low", "5c 4d 3h 2s Ac")
    seven = evaluate("a5-low", "7c 5d 4h 2s Ac")
    assert wheel > seven
    assert max([seven, wheel]) is wheel
    assert sorted([wheel, seven]) == [seven, wheel]


def test_int_and_index() -> None:
    v = evaluate("high", "As Ad Ac Kd Ks")
    assert int(v) == v.value
    assert isinstance(int(v), int)
    assert operator.index(v) == v.value
    assert HandValue(get_scale("high"), int(v)) == v


def test_str_and_repr() -> None:
    v = evaluate("high", "As Ad Ac Kd Ks")
    assert str(v) == "Aces full of kings"
    assert "high" in repr(v)
    assert "Aces full of kings" in repr(v)
    assert str(int(v)) in repr(v)


COMPARISONS: list[Callable[[HandValue, HandValue], bool]] = [
    operator.lt,
    operator.le,
    operator.gt,
    operator.ge,
]


@pytest.mark.parametrize("compare", COMPARISONS)
def test_comparing_values_of_different_scales_raises_type_error(
    compare: Callable[[HandValue, HandValue], bool],
) -> None:
    high = evaluate("high", "As Ad Kc Kd 2c")
    low = evaluate("a5-low", "As Ad Kc Kd 2c")
    with pytest.raises(TypeError, match="a5-low"):
        compare(high, low)


def test_values_of_different_scales_are_never_equal() -> None:
    # the same raw number on two scales is not the same value
    high = evaluate("high", "As Ad Kc Kd 2c")
    other = HandValue(get_scale("short-deck-high"), int(high))
    assert high != other
    assert int(high) == int(other)


def test_comparing_with_a_number_raises_type_error() -> None:
    v = evaluate("high", "As Ad Kc Kd 2c")
    with pytest.raises(TypeError):
        _ = v < 5  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = v >= 5  # type: ignore[operator]
    assert v != int(v)  # equality with a plain int is False, not an error


def test_sorting_a_showdown() -> None:
    hands = {
        "quads": "8s 8h 8c 8d Js",
        "trips": "6c 6d 6h Ah Ks",
        "straight": "5c 6d 7d 8s 9d",
        "pair": "5h 5s 7c 8c 9c",
        "full": "7c 7s 7d 2h 2d",
    }
    values = {name: evaluate("high", cards) for name, cards in hands.items()}
    order = sorted(values, key=values.__getitem__, reverse=True)
    assert order == ["quads", "full", "straight", "trips", "pair"]


def test_usable_as_dict_keys_across_suits() -> None:
    counts: dict[HandValue, int] = {}
    for cards in ("As Ks Qs Js Ts", "Ah Kh Qh Jh Th", "Ad Kd Qd Jd Td", "Ac Kc Qc Jc Tc"):
        v = evaluate("high", cards)
        counts[v] = counts.get(v, 0) + 1
    assert list(counts.values()) == [4]


def test_a_value_cannot_be_changed() -> None:
    # one object stands for every hand of its value, so changing it would change them all
    v = evaluate("high", "Ah Kh", "Qh Jh Th 2c 3d")
    same = evaluate("high", "As Ks Qs Js Ts")
    for name in ("value", "scale", "other"):
        with pytest.raises(AttributeError, match="cannot be changed"):
            setattr(v, name, 0)
        with pytest.raises(AttributeError, match="cannot be changed"):
            delattr(v, name)
    assert v == same
    assert str(v) == "Royal flush"


def test_a_value_survives_pickling_and_copying() -> None:
    import copy
    import pickle

    v = evaluate("high", "As Ad", "Ac Kd Ks 7h 2c")
    for twin in (pickle.loads(pickle.dumps(v)), copy.copy(v), copy.deepcopy(v)):
        assert twin == v
        assert int(twin) == int(v)
        assert str(twin) == str(v)
