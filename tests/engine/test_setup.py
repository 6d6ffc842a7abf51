"""A hand's table agreements as one value (HandSetup)."""

from __future__ import annotations

from pokerbook.engine.hand import Hand
from pokerbook.engine.setup import FIELDS, NO_SETUP, HandSetup
from pokerbook.games.stakes import Stakes

NL = Stakes("no-limit", blinds=(1, 2))


def test_a_setup_gives_the_hand_its_agreements() -> None:
    setup = HandSetup(blinds=(1, 2, 4, 0), dead_blinds=(0, 0, 0, 1), carried_in=6)
    hand = Hand("F01", NL, [100] * 4, seed=3, setup=setup)
    assert hand.setup is setup
    posted = [(e.kind, e.seat, e.amount) for e in hand.events if "blind" in e.kind]
    # from the button's left: the dead part first, then the live blinds
    assert posted == [("dead-blind", 3, 1), ("blind", 1, 2), ("blind", 2, 4), ("blind", 0, 1)]
    assert hand.pot == 1 + 2 + 4 + 1 + 6


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


def test_a_record_keeps_only_the_agreements_that_differ_and_replays_them() -> None:
    setup = HandSetup(blinds=(1, 2, 4, 0), kill=2, straddles=(2,), run_twice=True)
    hand = Hand("F01", NL, [100] * 4, seed=5, setup=setup)
    for action in ("call", "call", "call", "call", "check", "check", "check", "check"):
        hand.act(action)
    record = hand.record()
    assert {k: record[k] for k in ("blinds", "kill", "straddles", "run_twice")} == {
        "blinds": [1, 2, 4, 0],
        "kill": 2,
        "straddles": [2],
        "run_twice": True,
    }
    assert not {"antes", "dead_blinds", "carried_in", "bomb_pot", "overs"} & set(record)
    again = Hand.replay(record)
    assert again.setup == setup
    assert again.events == hand.events


def test_a_plain_hands_record_names_no_agreement() -> None:
    record = Hand("F01", NL, [100] * 3, seed=1).record()
    assert not set(FIELDS) & set(record)
    assert Hand.replay(record).setup == NO_SETUP


def test_an_older_record_listing_every_seats_blinds_and_antes_still_replays() -> None:
    hand = Hand("F01", NL, [100] * 3, seed=9)
    for action in ("call", "call", "check"):
        hand.act(action)
    old = {
        **hand.record(),
        "blinds": list(hand.blinds_by_seat),
        "antes": list(hand.antes_by_seat),
        "dead_blinds": [0, 0, 0],
        "carried_in": 0,
    }
    assert Hand.replay(old).events == hand.events
