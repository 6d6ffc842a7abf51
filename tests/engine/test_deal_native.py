"""The dealer's C loop (``deal_native.take``) deals what ``take_python`` deals: the same
cards in the same order, the same stub left, the same errors for bad input."""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.engine import dealing
from pokerbook.engine.dealing import ShuffledDealer, take_python
from pokerbook.native import DEALER, native_module

Take = Callable[[list[object], int, int], list[object]]
CARDS = deck("standard").cards


@pytest.fixture(scope="module")
def take() -> Take:
    """The C ``take``; where it was not built, the test is skipped (failed where
    ``POKERBOOK_NATIVE_REQUIRED=1``, as in CI)."""
    module = native_module(DEALER)
    if module is None:
        if os.environ.get("POKERBOOK_NATIVE_REQUIRED") == "1":
            pytest.fail("deal_native was not built (POKERBOOK_NATIVE_REQUIRED=1)")
        pytest.skip("deal_native was not built (no C compiler at install)")
    found: Take = module.take
    return found


def test_the_dealer_uses_the_c_loop_where_it_was_built(take: Take) -> None:
    assert dealing.take_cards is take


@settings(max_examples=400, deadline=None)
@given(
    size=st.integers(1, 60),
    data=st.data(),
    bits=st.sampled_from([1, 8, 63, 64, 65, 70, 128, 129, 200, 700, 2000]),
)
def test_c_and_python_take_the_same_cards(
    take: Take, size: int, data: st.DataObject, bits: int
) -> None:
    count = data.draw(st.integers(1, size))
    x = data.draw(st.integers(0, (1 << bits) - 1))
    stub = [object() for _ in range(size)]
    twin = list(stub)
    assert take(stub, x, count) == take_python(twin, x, count)  # type: ignore[arg-type]
    assert stub == twin


def test_the_whole_stub_can_be_taken_and_every_card_comes_out_once(take: Take) -> None:
    stub: list[object] = list(range(52))
    out = take(stub, random.Random(3).getrandbits(400), 52)
    assert stub == []
    assert sorted(out) == list(range(52))  # type: ignore[type-var]


def test_references_move_from_the_stub_to_the_cards_dealt(take: Take) -> None:
    stub = [object() for _ in range(5)]
    card = stub[2]
    before = sys.getrefcount(card)
    out = take(stub, 2, 1)  # x mod 5 = 2: the third card
    assert out == [card]
    assert card not in stub
    assert len(stub) == 4
    assert sys.getrefcount(card) == before
    del out
    assert sys.getrefcount(card) == before - 1


@pytest.mark.parametrize(
    ("stub", "x", "count", "error"),
    [
        ([1, 2], -1, 1, ValueError),  # x negative
        ([1, 2], 5, 0, ValueError),  # nothing to take
        ([1, 2], 5, 3, ValueError),  # more than the stub holds
        ((1, 2), 5, 1, TypeError),  # not a list
        ([1, 2], 5.0, 1, TypeError),  # not an int
        ([1, 2], 1 << 3000, 1, OverflowError),  # beyond any deal
    ],
)
def test_bad_input_is_refused_and_the_stub_is_left_alone(
    take: Take, stub: object, x: object, count: object, error: type[Exception]
) -> None:
    kept = list(stub) if isinstance(stub, (list, tuple)) else stub
    with pytest.raises(error):
        take(stub, x, count)  # type: ignore[arg-type]
    assert list(stub) == kept  # type: ignore[call-overload]


@pytest.mark.parametrize("seed", [1, 2, 99])
def test_a_seeded_dealer_deals_the_same_hand_either_way(
    take: Take, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    def play() -> list[list[Card]]:
        dealer = ShuffledDealer(CARDS, seed=seed)
        dealt = [dealer.deal(None, 24)]
        rng = random.Random(seed)
        for _ in range(12):  # draws until the stub runs out and the discards come back
            held = dealt[-1][:4]
            dealt.append(dealer.replace(0, held[: rng.randint(1, 4)]))
        dealt.append(list(dealer.stub))
        return dealt

    native = play()
    monkeypatch.setattr(dealing, "take_cards", take_python)
    assert play() == native
