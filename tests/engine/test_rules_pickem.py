"""Paradise Road Pick'em (000 §2.44): the ``pickem`` choice, the stud courses'
``pickem-door`` exposure and the ``pickem-lead`` rule, in H08."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pokerbook.cards.notation import parse
from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.engine.rules import choice_rule, effect_rule
from pokerbook.engine.rules.pickem import COURSES, DOOR, PICKEM, Pick, best_showing, under_the_gun
from pokerbook.engine.views import HIDDEN, view
from pokerbook.games.catalogue import find_game
from pokerbook.games.model import BetRound, Choice, DealHole, DiscardRound
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

LIMIT_1_2 = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
FOUR = {0: "Ac Ad 5s", 1: "7c 3d 2s", 2: "Kh Ks Qc", 3: "8h 8d Th"}
GAMES = ("holdem", "omaha8", "razz", "stud", "stud8")


def _four(table: Table, pick: str, stacks: list[int] | None = None) -> Hand:
    hand = table.hand("H08", LIMIT_1_2, stacks or [100] * 4, FOUR)
    hand.act(f"ch {pick}")
    return hand


# -- pickem: who picks, and what the pick does -----------------------------------------


def test_pickem_is_declared_with_a_course_for_every_game() -> None:
    game = find_game("H08")
    assert Choice("pickem", GAMES) in game.steps
    assert set(COURSES) == set(GAMES)
    notes = {note for note in game.when if note is not None}
    assert notes == {"holdem", "omaha8", "flop", "stud"}
    # the first betting round is every course's; the rest wait for a course
    first_bet = next(i for i, s in enumerate(game.steps) if isinstance(s, BetRound))
    assert game.when[first_bet] is None
    assert all(note is not None for note in game.when[first_bet + 1 :])


def test_pickem_under_the_gun_picks_with_four_or_more_players(table: Table) -> None:
    for players, button, utg in ((4, 0, 3), (6, 2, 5), (8, 7, 2), (5, 4, 2)):
        hand = table.hand("H08", LIMIT_1_2, [100] * players, button=button)
        assert under_the_gun(hand) == utg
        assert hand.decision == "choose"
        assert hand.actor == utg
        legal = hand.legal()
        assert legal is not None
        assert legal.choose == GAMES
        assert not legal.fold


def test_pickem_button_picks_heads_up_and_three_handed(table: Table) -> None:
    for players, button in ((2, 0), (2, 1), (3, 0), (3, 2)):
        hand = table.hand("H08", LIMIT_1_2, [100] * players, button=button)
        assert hand.actor == button
        hand.act("ch holdem")
        assert hand.decision == "discard"


@pytest.mark.parametrize("pick", GAMES)
def test_pickem_sets_the_course_notes_and_the_shares_in_play(table: Table, pick: str) -> None:
    hand = _four(table, pick)
    notes = hand.situation.notes
    course = COURSES[pick]
    assert notes[PICKEM] == pick
    assert notes[pick] is True
    assert notes[course.note] is True
    assert hand.situation.shares == course.shares
    other = "stud" if course.note == "flop" else "flop"
    assert other not in notes


def test_pickem_the_pick_is_public(table: Table) -> None:
    hand = _four(table, "razz")
    picked = next(e for e in view(hand, 0)["events"] if e["kind"] == "choose")
    assert picked == {"kind": "choose", "seat": 3, "detail": "pickem razz"}


def test_pickem_refuses_a_game_not_offered_and_changes_nothing(table: Table) -> None:
    hand = table.hand("H08", LIMIT_1_2, [100] * 4, FOUR)
    before = table.snapshot(hand)
    with pytest.raises(IllegalActionError, match="'badugi' is not one of the options"):
        hand.act("ch badugi")
    with pytest.raises(IllegalActionError, match="cannot call now"):
        hand.act("cc")
    assert table.snapshot(hand) == before


def test_pickem_options_must_name_games_it_knows(table: Table) -> None:
    hand = table.hand("H08", LIMIT_1_2, [100] * 4, FOUR)
    with pytest.raises(ValueError, match="pickem picks from"):
        Pick().options(hand, 3, ("holdem", "badugi"))
    with pytest.raises(ValueError, match="pickem picks from"):
        Pick().options(hand, 3, ())


def test_pickem_holdem_course_discards_one_then_plays_holdem(table: Table) -> None:
    hand = _four(table, "holdem")
    assert isinstance(hand.game.steps[hand.step], DiscardRound)
    assert hand.pending == [1, 2, 3, 0]  # from the button's left
    table.play(hand, "dc 2s", "dc Qc", "dc 8h", "dc 5s")
    assert [len(h) for h in hand.hole] == [2, 2, 2, 2]
    assert hand.decision == "bet"
    assert hand.actor == 3  # under the gun
    table.play(hand, "cc", "cc", "cc", "cc")
    assert len(hand.boards[0]) == 3  # the flop, no fourth street
    assert hand.actor == 1  # after the flop, the button's left
    table.play(hand, *["cc"] * 12)
    assert hand.done
    assert [len(h) for h in hand.hole] == [2, 2, 2, 2]
    assert len(hand.boards[0]) == 5


def test_pickem_omaha8_course_deals_a_fourth_card_and_no_discard(table: Table) -> None:
    hand = _four(table, "omaha8")
    assert [len(h) for h in hand.hole] == [4, 4, 4, 4]
    assert hand.face_up == [[False] * 4] * 4
    assert hand.decision == "bet"
    assert hand.actor == 3
    table.play(hand, *["cc"] * 16)
    assert hand.done
    assert {e.detail for e in hand.events if e.kind == "award"} <= {"omaha-high", "omaha-low"}


# -- pickem-door: the stud courses' door cards -------------------------------------------


def test_pickem_door_comes_after_the_first_round_in_turn_from_under_the_gun(
    table: Table,
) -> None:
    hand = _four(table, "stud")
    assert hand.decision == "bet"
    assert hand.actor == 3
    table.play(hand, "cc", "cc", "f", "cc")  # p2 folds the small blind
    step = hand.game.steps[hand.step]
    assert step == Choice("pickem-door")
    assert hand.pending == [3, 0, 2]  # from under the gun; the folded seat exposes nothing
    legal = hand.legal()
    assert legal is not None
    assert legal.choose == ("8h", "8d", "Th")


def test_pickem_door_turns_the_chosen_card_up_for_everyone(table: Table) -> None:
    hand = _four(table, "stud")
    table.play(hand, "cc", "cc", "f", "cc")
    event = hand.act("ch Th")
    assert (event.kind, event.seat, event.cards, event.up, event.detail) == (
        "expose",
        3,
        parse("Th"),
        (True,),
        DOOR,
    )
    assert hand.face_up[3] == [False, False, True]
    assert hand.up[3] == list(parse("Th"))
    seen = view(hand, 0)["players"][3]
    assert seen["up_cards"] == ["Th"]
    assert seen["cards"] == [HIDDEN, HIDDEN, "Th"]
    table.play(hand, "ch 5s", "ch Qc")
    assert hand.decision == "bet"  # fourth street is dealt, face up after the door card
    assert [hand.up_cards(s)[0] for s in (0, 2, 3)] == list(parse("5s Qc Th"))
    assert [len(hand.hole[s]) for s in (0, 2, 3)] == [4, 4, 4]
    assert [hand.face_up[s][-1] for s in (0, 2, 3)] == [True, True, True]


def test_pickem_door_is_not_offered_in_the_flop_courses(table: Table) -> None:
    for pick in ("holdem", "omaha8"):
        hand = _four(table, pick)
        if pick == "holdem":
            table.play(hand, "dc 2s", "dc Qc", "dc 8h", "dc 5s")
        table.play(hand, "cc", "cc", "cc", "cc")
        assert not any(e.kind == "expose" for e in hand.events)
        assert hand.decision == "bet"
        assert hand.boards[0]


# -- pickem-lead: who leads from fourth street -------------------------------------------


def _to_fourth_street(table: Table, pick: str, cards: dict[int, str], doors: list[str]) -> Hand:
    hand = table.hand("H08", LIMIT_1_2, [100] * 4, cards)
    hand.act(f"ch {pick}")
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, *(f"ch {door}" for door in doors))
    return hand


STREETS = {0: "Ac Ad 5s 6h", 1: "7c 3d 2s Kc", 2: "Kh Ks Qc 4h", 3: "8h 8d Th Tc"}


def test_pickem_lead_in_stud_is_the_highest_hand_showing(table: Table) -> None:
    hand = _to_fourth_street(table, "stud", STREETS, ["Th", "5s", "2s", "Qc"])
    # showing: p1 5s 6h, p2 2s Kc, p3 Qc 4h, p4 Th Tc: the open tens lead
    assert hand.actor == 3
    assert best_showing(hand, "high") == 3


def test_pickem_lead_in_razz_is_the_lowest_hand_showing(table: Table) -> None:
    hand = _to_fourth_street(table, "razz", STREETS, ["Th", "5s", "2s", "Qc"])
    # showing: p1 6-5, p2 K-2, p3 Q-4, p4 a pair: p1's 6-5 is the lowest
    assert hand.actor == 0
    assert best_showing(hand, "a5-low") == 0


def test_pickem_lead_in_stud8_is_the_highest_hand_showing(table: Table) -> None:
    hand = _to_fourth_street(table, "stud8", STREETS, ["Th", "Ac", "3d", "Kh"])
    # showing: p1 Ac 6h, p2 3d Kc, p3 Kh 4h, p4 Th Tc: the open pair leads, not the ace
    assert hand.actor == 3


def test_pickem_lead_ties_go_to_the_first_seat_from_the_buttons_left(table: Table) -> None:
    cards = {0: "Ac Ad 9s 5h", 1: "7c 3d 9h 5d", 2: "Kh Ks 2c 4h", 3: "8h 8d 3c 2h"}
    hand = _to_fourth_street(table, "stud", cards, ["3c", "9s", "9h", "2c"])
    # p1 and p2 both show 9-5; p2 (seat 1) is nearer the button's left
    assert hand.actor == 1


def test_pickem_lead_passes_over_a_seat_that_is_all_in(table: Table) -> None:
    hand = table.hand("H08", LIMIT_1_2, [100, 100, 100, 2], STREETS)
    hand.act("ch stud")
    table.play(hand, "cc", "cc", "cc", "cc")  # p4 is all in calling the big blind
    assert hand.stacks[3] == 0
    table.play(hand, "ch Th", "ch 5s", "ch 2s", "ch Qc")
    # p4's open tens are best, but p4 cannot bet: p2's K-2 leads
    assert best_showing(hand, "high") == 1
    assert hand.actor == 1


def test_pickem_lead_does_nothing_before_a_pick_or_in_a_flop_course(table: Table) -> None:
    lead = effect_rule("pickem-lead")
    hand = table.hand("H08", LIMIT_1_2, [100] * 4, FOUR)
    lead(hand, ())
    assert hand.situation.first_to_act is None
    hand.act("ch holdem")
    lead(hand, ())
    assert hand.situation.first_to_act is None


def test_pickem_stud_course_deals_a_common_card_when_the_stub_is_short() -> None:
    stakes = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
    hand = Hand("H08", stakes, [200] * 8, seed=5)
    hand.act("ch stud")
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        if legal.choose is not None:
            hand.act(f"ch {legal.choose[0]}")
        else:
            hand.act("cc")
    # 8 x 6 cards leave 4 in the stub: seventh street is one common card
    common = [e for e in hand.events if e.kind == "deal-board"]
    assert len(common) == 1
    assert common[0].detail == "common card"
    assert all(len(cards) == 6 for cards in hand.hole)
    assert sum(e.kind == "expose" for e in hand.events) == 8


def test_pickem_choice_rules_are_registered() -> None:
    assert isinstance(choice_rule("pickem"), Pick)
    assert choice_rule("pickem-door") is not None
    game = find_game("H08")
    assert game.steps[0] == DealHole(3)
    assert game.max_players == 8
