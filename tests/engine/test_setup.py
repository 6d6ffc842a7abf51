"""A hand's table agreements as one value (HandSetup)."""

from __future__ import annotations

from pokerbook.engine.hand import Hand
from pokerbook.engine.setup import FIELDS, NO_SETUP, HandSetup
from pokerbook.games.stakes import Stakes

NL = Stakes("no-limit", blinds=(1, 2))


def test_a_setup_deals_the_same_hand_as_the_same_agreements_given_one_by_one() -> None:
    setup = HandSetup(blinds=(1, 2, 4, 0), dead_blinds=(0, 0, 0, 1), carried_in=6)
    whole = Hand("F01", NL, [100] * 4, seed=3, setup=setup)
    parts = Hand(
        "F01", NL, [100] * 4, seed=3, blinds=[1, 2, 4, 0], dead_blinds=[0, 0, 0, 1], carried_in=6
    )
    assert whole.events == parts.events
    assert whole.setup == parts.setup == setup
    assert whole.pot == 1 + 2 + 4 + 1 + 6


def test_a_plain_hand_has_no_agreements() -> None:
    hand = Hand("F01", NL, [100] * 3, seed=1)
    assert hand.setup is NO_SETUP
    assert NO_SETUP.changed() == {}


def test_lists_become_tuples_and_changed_names_only_what_differs() -> None:
    setup = HandSetup(blinds=[0, 1, 2], overs={1})  # type: ignore[arg-type]
    assert setup.blinds == (0, 1, 2)
    assert setup.overs == frozenset({1})
    assert setup.changed() == {"blinds": (0, 1, 2), "overs": frozenset({1})}
    assert set(FIELDS) >= set(setup.changed())
