"""Refusals and what each seat may see.  An illegal action raises IllegalActionError
naming the rule and the legal choices, and changes nothing; a view shows a seat its own
cards and the public ones, never another player's face-down cards."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.views import HIDDEN, view
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

NL_100_200 = Stakes(format="no-limit", blinds=(100, 200))
LIMIT_1_2 = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
STUD_2_4 = Stakes(format="limit", ante=1, bring_in=1, small_bet=2, big_bet=4)


def test_bet_below_the_minimum_names_the_rule_and_the_choices(table: Table) -> None:
    hand = table.hand("F01", NL_100_200, [5000] * 3)
    before = table.snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.act("cbr 300")
    error = info.value
    assert error.rule == "no-limit bet size"
    assert "a bet or raise must be to 400-5000, not 300" in str(error)
    assert error.legal == "call 200 (cc), bet/raise to 400-5000 (cbr N), fold (f)"
    assert str(error).endswith(f"legal now: {error.legal}")
    assert table.snapshot(hand) == before


def test_checking_facing_a_bet_is_refused(table: Table) -> None:
    hand = table.hand("F01", NL_100_200, [5000] * 3)
    with pytest.raises(IllegalActionError, match="cannot check facing 200 to call") as info:
        hand.act("check")
    assert info.value.rule == "facing a bet"
    assert "call 200 (cc)" in info.value.legal


def test_acting_when_the_hand_is_over_is_refused(table: Table) -> None:
    hand = table.hand("F01", NL_100_200, [5000] * 2)
    hand.act("f")
    assert hand.done
    with pytest.raises(IllegalActionError, match="the hand is over") as info:
        hand.act("cc")
    assert info.value.rule == "turn order"
    assert info.value.legal == "nothing"


def test_drawing_cards_not_held_is_refused_and_changes_nothing(table: Table) -> None:
    hand = table.hand("D01", LIMIT_1_2, [100] * 2, {0: "As Ks Qs Js 9s", 1: "2c 2d 7h 8h 9d"})
    table.play(hand, "cc", "cc")
    before = table.snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.act("sd AsKs")
    assert info.value.rule == "draw"
    assert info.value.legal == "draw 0-5 cards (sd CARDS, or sd to stand pat)"
    assert table.snapshot(hand) == before


def test_raising_when_capped_names_the_cap(table: Table) -> None:
    hand = table.hand("F01", LIMIT_1_2, [100] * 3)
    table.play(hand, "cbr 4", "cbr 6", "cbr 8")
    with pytest.raises(IllegalActionError, match="the raises are capped") as info:
        hand.act("cbr 10")
    assert info.value.rule == "raising"
    assert info.value.legal == "call 4 (cc), fold (f)"


def test_bring_in_cannot_fold_names_the_forced_bet(table: Table) -> None:
    hand = table.hand("S01", STUD_2_4, [100] * 2, {0: "Ah Ad 9c", 1: "Kh Kd 2c"})
    with pytest.raises(IllegalActionError) as info:
        hand.act("f")
    assert info.value.rule == "forced bet"
    assert info.value.legal == "bring-in 1 (pb), bet/raise to 2 (cbr 2)"


def test_drawing_during_a_betting_round_is_refused(table: Table) -> None:
    hand = table.hand("D01", LIMIT_1_2, [100] * 2)
    with pytest.raises(IllegalActionError, match="cannot draw in a betting round") as info:
        hand.act("sd")
    assert info.value.rule == "betting round"


def _card_tokens(value: object) -> list[str]:
    if isinstance(value, str):
        return value.split()
    if isinstance(value, dict):
        return [t for v in value.values() for t in _card_tokens(v)]
    if isinstance(value, list):
        return [t for v in value for t in _card_tokens(v)]
    return []


def test_view_holdem_shows_own_cards_and_hides_the_others(table: Table) -> None:
    hands = {0: "As Ah", 1: "Kd Kc", 2: "7h 2c"}
    hand = table.hand("F01", NL_100_200, [5000] * 3, hands, "Qs Jd 3c 4h 9s")
    seen = view(hand, 1)
    json.dumps(seen)  # JSON-friendly
    players = seen["players"]
    assert players[1]["cards"] == ["Kd", "Kc"]
    assert players[0]["cards"] == [HIDDEN, HIDDEN]
    assert players[0]["down_count"] == 2
    assert players[0]["up_cards"] == []
    assert (players[1]["stack"], players[1]["committed"]) == (4900, 100)
    assert seen["pot"] == 300
    assert seen["actor"] == 0
    assert seen["legal"] is None  # seat 1 is not to act
    tokens = _card_tokens(seen)
    assert "As" not in tokens
    assert "7h" not in tokens
    assert "Kd" in tokens
    actor_view = view(hand, 0)
    assert actor_view["legal"] is not None
    assert actor_view["legal"]["call"] == 200
    assert actor_view["legal"]["min_to"] == 400


def test_view_shows_the_board_and_shown_hands_after_showdown(table: Table) -> None:
    hands = {0: "As Ah", 1: "Kd Kc", 2: "7h 2c"}
    hand = table.hand("F01", NL_100_200, [5000] * 3, hands, "Qs Jd 3c 4h 9s")
    table.play(hand, "cc", "cc", "f")  # seat 2 folds: its cards stay hidden
    while not hand.done:
        hand.act("cc")
    seen = view(hand, 2)
    assert seen["boards"] == [["Qs", "Jd", "3c", "4h", "9s"]]
    assert hand.shown == {0, 1}
    assert seen["players"][0]["cards"] == ["As", "Ah"]
    assert seen["players"][1]["cards"] == ["Kd", "Kc"]
    other = view(hand, 0)
    assert other["players"][2]["cards"] == [HIDDEN, HIDDEN]
    assert "7h" not in _card_tokens(other)


def test_view_stud_shows_up_cards_and_counts_down_cards(table: Table) -> None:
    hands = {0: "Ah Ad 9c", 1: "Kh Kd 2c"}
    hand = table.hand("S01", STUD_2_4, [100] * 2, hands)
    seen = view(hand, 0)
    assert seen["players"][1]["up_cards"] == ["2c"]
    assert seen["players"][1]["down_count"] == 2
    assert seen["players"][1]["cards"] == [HIDDEN, HIDDEN, "2c"]
    deal = [e for e in seen["events"] if e["kind"] == "deal-hole" and e["seat"] == 1]
    assert deal[0]["cards"] == f"{HIDDEN} {HIDDEN} 2c"
    assert seen["players"][0]["cards"] == ["Ah", "Ad", "9c"]


def test_view_hides_other_players_draws_and_discards(table: Table) -> None:
    hands = {0: "As Ks Qs Js 9s", 1: "2c 2d 7h 8h 9d"}
    hand = table.hand("D01", LIMIT_1_2, [100] * 2, hands, draws={1: "2h 2s 4s"})
    table.play(hand, "cc", "cc", "sd 7h8h9d")
    seen = view(hand, 0)
    draw = next(e for e in seen["events"] if e["kind"] == "draw")
    assert draw["cards"] == " ".join([HIDDEN] * 3)
    assert draw["discarded"] == " ".join([HIDDEN] * 3)
    assert draw["amount"] == 3  # how many were drawn is public
    own = view(hand, 1)
    draw = next(e for e in own["events"] if e["kind"] == "draw")
    assert (draw["cards"], draw["discarded"]) == ("2h 2s 4s", "7h 8h 9d")


def test_view_of_a_seat_that_does_not_exist_is_refused(table: Table) -> None:
    hand = table.hand("F01", NL_100_200, [5000] * 2)
    with pytest.raises(ValueError, match="no seat 2"):
        view(hand, 2)
