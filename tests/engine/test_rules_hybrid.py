"""Hybrid (003): five-card draw turned seven-card stud by the ``stud-arrange`` choice."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pokerbook.cards.notation import parse
from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.engine.rules.hybrid import ARRANGE_NOTE, ARRANGED
from pokerbook.engine.views import HIDDEN, view
from pokerbook.games.catalogue import find_game
from pokerbook.games.model import Choice
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

ANTE_1 = Stakes(format="limit", ante=1, small_bet=2, big_bet=4)
HANDS = {0: "9s 9h 4c 4d Qh", 1: "Js Jd 3s 3h 5c", 2: "2s 2c Th 8h 7h"}


def _arranging(table: Table) -> Hand:
    """A three-handed Hybrid at the arrangement: everyone checked and stood pat."""
    hand = table.hand("H07", ANTE_1, [100] * 3, HANDS)
    table.play(hand, "cc", "cc", "cc", "sd", "sd", "sd", "cc", "cc", "cc")
    return hand


def test_stud_arrange_is_declared_after_the_draw_and_its_betting() -> None:
    game = find_game("H07")
    index = game.steps.index(Choice("stud-arrange", ("3",)))
    assert [type(s).__name__ for s in game.steps[index - 3 : index]] == [
        "BetRound",
        "DrawRound",
        "BetRound",
    ]
    assert game.hole_cards == 7  # five drawn to, then sixth and seventh street
    assert game.first_to_act == "high"
    assert game.forced == "antes"


def test_stud_arrange_offers_every_three_of_the_five_cards(table: Table) -> None:
    hand = _arranging(table)
    assert hand.decision == "choose"
    assert hand.pending == [1, 2, 0]  # from the button's left
    legal = hand.legal()
    assert legal is not None
    assert legal.choose is not None
    assert len(legal.choose) == 10
    assert legal.choose[0] == "JsJd3s"
    assert "3s3h5c" in legal.choose
    assert not legal.fold


def test_stud_arrange_choices_stay_hidden_until_everyone_has_chosen(table: Table) -> None:
    hand = _arranging(table)
    first = hand.act("ch 3s3h5c")
    assert (first.kind, first.seat, first.cards, first.detail) == (
        "choose",
        1,
        parse("3s 3h 5c"),
        ARRANGED,
    )
    assert hand.face_up[1] == [False] * 5  # not turned up yet
    seen = next(e for e in view(hand, 0)["events"] if e["kind"] == "choose")
    assert seen["cards"] == " ".join([HIDDEN] * 3)
    hand.act("ch 2s2cTh")
    assert hand.up_cards(2) == []
    chosen = hand.situation.notes[ARRANGE_NOTE]
    assert isinstance(chosen, dict)
    assert set(chosen) == {1, 2}


def test_stud_arrange_turns_every_set_up_at_once(table: Table) -> None:
    hand = _arranging(table)
    table.play(hand, "ch 3s3h5c", "ch 2s2cTh")
    last = hand.act("ch 9s9h4c")
    assert (last.kind, last.seat, last.cards, last.up) == (
        "expose",
        0,
        parse("9s 9h 4c"),
        (True, True, True),
    )
    exposed = [e for e in hand.events if e.kind == "expose"]
    assert [e.seat for e in exposed] == [1, 2, 0]  # in the order chosen
    assert ARRANGE_NOTE not in hand.situation.notes
    for seat, up in ((0, "9s 9h 4c"), (1, "3s 3h 5c"), (2, "2s 2c Th")):
        assert hand.up_cards(seat)[:3] == list(parse(up))
        assert hand.face_up[seat][:5].count(True) == 3
        assert hand.up[seat] == hand.up_cards(seat)
    # sixth street is dealt face up at once
    assert [len(h) for h in hand.hole] == [6, 6, 6]
    assert all(up[-1] for up in hand.face_up)


def test_stud_arrange_then_the_best_hand_showing_leads(table: Table) -> None:
    hand = table.hand(
        "H07", ANTE_1, [100] * 3, {0: "9s 9h 4c 4d Qh Kd", 1: "Js Jd 3s 3h 5c 3d", 2: HANDS[2]}
    )
    table.play(hand, "cc", "cc", "cc", "sd", "sd", "sd")
    assert hand.actor == 1  # after the draw nobody shows a card: the dealer's left
    table.play(hand, "cc", "cc", "cc", "ch 3s3h5c", "ch 2s2cTh", "ch 9s9h4c")
    # showing: p1 9s 9h 4c Kd, p2 3s 3h 5c 3d (three threes), p3 2s 2c Th ...
    assert hand.actor == 1
    assert hand.decision == "bet"


def test_stud_arrange_refuses_a_set_not_offered(table: Table) -> None:
    hand = _arranging(table)
    before = table.snapshot(hand)
    with pytest.raises(IllegalActionError, match="is not one of the options"):
        hand.act("ch 3h3s5c")  # the right cards, not in the order held
    with pytest.raises(IllegalActionError, match="is not one of the options"):
        hand.act("ch JsJd")  # two cards, not three
    assert table.snapshot(hand) == before


def test_hybrid_deals_stud_common_card_when_the_draws_empty_the_stub() -> None:
    hand = Hand("H07", ANTE_1, [200] * 8, seed=2)
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        if legal.draw is not None:
            hand.act(f"sd {''.join(str(c) for c in hand.hole[legal.seat][:3])}")
        elif legal.choose is not None:
            hand.act(f"ch {legal.choose[0]}")
        else:
            hand.act("cc")
    common = [e for e in hand.events if e.kind == "deal-board"]
    assert common
    assert all(e.detail == "common card" for e in common)
    assert all(len(cards) + len(hand.boards[0]) == 7 for cards in hand.hole)
