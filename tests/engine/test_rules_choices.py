"""The players' choices: Sohe's split (000 §2.53), Scrotum's kept cards (000 §2.50),
Roll Your Own's rolled cards and Count Your Own Suit's suit (003).  A choice step
asks each chooser in turn (``hand.decision == "choose"``, ``legal().choose`` the
options), refuses anything else naming the options, and writes what it decides to
``hand.situation`` for the showdown."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest
from click.testing import CliRunner

from pokerbook.bots import CallPolicy, Policy, RandomPolicy
from pokerbook.cards.notation import parse
from pokerbook.cli.main import cli
from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.engine.rules import choice_rule
from pokerbook.engine.rules.choices_stud import SUIT_SCALES
from pokerbook.engine.situation import SeatShare
from pokerbook.engine.views import HIDDEN, view
from pokerbook.games.catalogue import find_game
from pokerbook.games.model import Choice
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

LIMIT_1_2 = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
STUD_1_2 = Stakes(format="limit", ante=1, bring_in=1, small_bet=2, big_bet=4)
SOHE = {0: "Jh Th 3c 3d 4s 5s", 1: "Ac Ad 6c 6d 7h 7s", 2: "Kc Kd 9c 9d 8c 8d"}
SCROTUM = {0: "Jh Th 9c 8c 6s", 1: "3s 4s 5d 6d Kc", 2: "8d 6c 4c 3d Js"}
ROLL = {0: "As Ah 2c Kd", 1: "Qc 5d 9h 6c", 2: "Jd Js 4c Jh"}


def _sohe(table: Table) -> Hand:
    hand = table.hand("F26", LIMIT_1_2, [100] * 3, SOHE, "Ah Kh Qh 7c 2d")
    table.play(hand, "cc", "cc", "cc")
    return hand


def _scrotum(table: Table) -> Hand:
    hand = table.hand("F34", LIMIT_1_2, [100] * 3, SCROTUM, "Ah Kh Qh 7c 2d")
    table.play(hand, "cc", "cc", "cc")
    return hand


def test_the_choice_games_declare_their_choice_steps() -> None:
    declared = {
        "F26": Choice("split", ("2", "holdem", "omaha")),
        "F34": Choice("keep", ("1", "5")),
        "S30": Choice("roll"),
        "S37": Choice("suit", ("suit",)),
        "S19": Choice("expose"),
    }
    for game_id, step in declared.items():
        game = find_game(game_id)
        assert step in game.steps, game_id
        assert choice_rule(step.rule) is not None


# -- Sohe --------------------------------------------------------------------------


def test_sohe_split_offers_the_fifteen_two_card_hands_after_the_pre_flop_betting(
    table: Table,
) -> None:
    hand = _sohe(table)
    assert hand.street == 1  # no flop yet
    assert hand.decision == "choose"
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1  # from the button's left
    assert not legal.fold
    assert legal.choose is not None
    assert len(legal.choose) == 15
    assert legal.choose[:3] == ("AcAd", "Ac6c", "Ac6d")
    assert "6c6d" in legal.choose
    assert hand.boards[0] == []


def test_sohe_split_sets_the_holdem_and_omaha_parts_of_each_seat(table: Table) -> None:
    hand = _sohe(table)
    event = hand.act("ch 6c6d")
    assert (event.kind, event.seat, event.cards, event.detail) == (
        "choose",
        1,
        parse("6c 6d"),
        "split",
    )
    overrides = hand.situation.overrides
    assert overrides[(1, "holdem")] == SeatShare(hole=parse("6c 6d"))
    assert overrides[(1, "omaha")] == SeatShare(hole=parse("Ac Ad 7h 7s"))
    table.play(hand, "ch KcKd", "ch JhTh")
    assert hand.decision == "bet"
    assert len(hand.boards[0]) == 3  # the flop follows the split
    table.play(hand, *["cc"] * 9)
    assert hand.done
    # p1's Jh Th are a royal flush in hold'em; p2's Ac Ad with Ah Kh Qh the best Omaha
    assert table.awards(hand) == {0: 3, 1: 3}
    assert [e.detail for e in table.kinds(hand.events, "award")] == ["omaha", "holdem"]


def test_sohe_split_is_secret_from_the_other_seats(table: Table) -> None:
    hand = _sohe(table)
    hand.act("ch 6c6d")
    chosen = [e for e in view(hand, 2)["events"] if e["kind"] == "choose"]
    assert chosen == [
        {"kind": "choose", "seat": 1, "amount": 2, "cards": f"{HIDDEN} {HIDDEN}", "detail": "split"}
    ]
    own = [e for e in view(hand, 1)["events"] if e["kind"] == "choose"]
    assert own[0]["cards"] == "6c 6d"


def test_an_illegal_choice_is_refused_naming_the_options_and_changes_nothing(
    table: Table,
) -> None:
    hand = _sohe(table)
    before = table.snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.act("ch 6d6c")  # the right cards, not in the order dealt
    error = info.value
    assert error.rule == "choice"
    assert "'6d6c' is not one of the options" in str(error)
    assert error.legal.startswith("choose one of AcAd, Ac6c, Ac6d")
    assert error.legal.endswith("7h7s (ch OPTION)")
    assert table.snapshot(hand) == before
    with pytest.raises(IllegalActionError, match="cannot call now"):
        hand.act("cc")  # a bet action at a choice
    assert table.snapshot(hand) == before


# -- Scrotum -----------------------------------------------------------------------


def test_scrotum_keep_offers_every_set_of_one_to_five_cards_largest_first(
    table: Table,
) -> None:
    hand = _scrotum(table)
    legal = hand.legal()
    assert legal is not None
    assert legal.choose is not None
    assert len(legal.choose) == 31
    assert legal.choose[0] == "Jh Th 9c 8c 6s".replace(" ", "")  # keep all five
    assert legal.choose[-5:] == ("Jh", "Th", "9c", "8c", "6s")


def test_scrotum_keep_plays_every_share_with_all_the_kept_cards(table: Table) -> None:
    hand = _scrotum(table)
    event = hand.act("ch JhTh")
    assert (event.kind, event.amount, event.cards, event.discarded) == (
        "choose",
        2,
        parse("Jh Th"),
        parse("9c 8c 6s"),
    )
    kept = SeatShare(hole=parse("Jh Th"), hole_use=(2,))
    assert hand.situation.overrides == {(0, "high"): kept, (0, "low"): kept}
    assert hand.hole[0] == list(parse("Jh Th 9c 8c 6s"))  # the seat still holds five
    # the count kept is public, the cards are not
    shown = next(e for e in view(hand, 1)["events"] if e["kind"] == "choose")
    assert shown["amount"] == 2
    assert HIDDEN in shown["cards"]
    assert HIDDEN in shown["discarded"]
    table.play(hand, "ch 3s4s5dKc", "ch 8d6c4c", *["cc"] * 9)
    # p2 must use its king: no low; p3's 8-6-4 with Ah 2d is the only low
    assert table.awards(hand) == {0: 3, 2: 3}


def test_scrotum_players_choose_in_the_order_they_first_acted_pre_flop(
    table: Table,
) -> None:
    hands = {0: "2c 3c 4c 5c 6c", 1: "2d 3d 4d 5d 6d", 2: "2h 3h 4h 5h 6h", 3: "2s 3s 4s 5s 6s"}
    hand = table.hand("F34", LIMIT_1_2, [100] * 4, hands)
    table.play(hand, "cc", "f", "cc", "cc")  # seats 3, 0 (folds), 1, 2
    assert hand.decision == "choose"
    assert hand.pending == [3, 1, 2]  # not from the button's left (1, 2, 3)


# -- Roll Your Own ------------------------------------------------------------------


def test_roll_your_own_deals_third_street_down_and_each_player_rolls_one(
    table: Table,
) -> None:
    hand = table.hand("S30", STUD_1_2, [100] * 3, ROLL)
    assert hand.face_up == [[False] * 3] * 3
    assert hand.decision == "choose"
    legal = hand.legal()
    assert legal is not None
    assert (legal.seat, legal.choose) == (1, ("Qc", "5d", "9h"))


def test_roll_your_own_rolls_stay_hidden_until_everyone_has_chosen(table: Table) -> None:
    hand = table.hand("S30", STUD_1_2, [100] * 3, ROLL)
    first = hand.act("ch 5d")
    assert (first.kind, first.seat, first.cards) == ("choose", 1, parse("5d"))
    hand.act("ch 4c")
    assert hand.face_up == [[False] * 3] * 3  # nothing turned up yet
    assert hand.up_cards(1) == []
    last = hand.act("ch 2c")
    assert (last.kind, last.seat, last.cards) == ("expose", 0, parse("2c"))
    kinds = [(e.kind, e.seat) for e in hand.events if e.kind in ("choose", "expose")]
    assert kinds == [
        ("choose", 1),
        ("choose", 2),
        ("choose", 0),
        ("expose", 1),
        ("expose", 2),
        ("expose", 0),
    ]
    assert [hand.up_cards(s) for s in range(3)] == [list(parse(c)) for c in ("2c", "5d", "4c")]
    assert hand.up == [hand.up_cards(s) for s in range(3)]
    assert "roll" not in hand.situation.notes
    legal = hand.legal()
    assert legal is not None
    assert (legal.seat, legal.bring_in) == (1, 1)  # the highest card rolled brings in


def test_roll_your_own_offers_only_face_down_cards(table: Table) -> None:
    hand = table.hand("S30", STUD_1_2, [100] * 3, ROLL)
    table.play(hand, "ch 5d", "ch 4c", "ch 2c", "pb", "cc", "cc")
    assert hand.hole[1] == list(parse("Qc 5d 9h 6c"))
    legal = hand.legal()
    assert legal is not None
    assert (legal.seat, legal.choose) == (1, ("Qc", "9h", "6c"))
    with pytest.raises(IllegalActionError, match="'5d' is not one of the options"):
        hand.act("ch 5d")  # already face up
    table.play(hand, "ch 6c", "ch Jh", "ch Kd")
    assert hand.up_cards(0) == list(parse("2c Kd"))
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0  # king high showing acts first


# -- Count Your Own Suit -------------------------------------------------------------


def test_count_your_own_suit_plays_each_seat_on_the_suit_it_names(table: Table) -> None:
    hands = {
        0: "Kh Ks 2h Kc 3h 5s 7c",
        1: "Ac Qc 4d 9c 6s 8h Jc",
        2: "As Qs 2d 3d 4c 6c 8d",
    }
    hand = table.hand("S37", STUD_1_2, [100] * 3, hands)
    table.play(hand, "pb", "cc", "cc", *["cc"] * 12)
    assert hand.street == 5
    assert hand.decision == "choose"
    legal = hand.legal()
    assert legal is not None
    assert (legal.seat, legal.choose) == (1, ("clubs", "diamonds", "hearts", "spades"))
    event = hand.act("ch diamonds")
    assert (event.kind, event.seat, event.detail) == ("choose", 1, "suit diamonds")
    assert hand.situation.overrides[(1, "suit")] == SeatShare(scale="diamond-count")
    table.play(hand, "ch spades", "ch hearts")
    assert hand.done
    # p2's 46 in clubs does not count: it named diamonds (4); p3's spades (26) win
    assert table.awards(hand) == {0: 3, 2: 3}


def test_count_your_own_suit_names_a_suit_count_scale_for_each_suit() -> None:
    assert SUIT_SCALES == {
        "clubs": "club-count",
        "diamonds": "diamond-count",
        "hearts": "heart-count",
        "spades": "spade-count",
    }


# -- Mexican Poker -----------------------------------------------------------------

MEXICAN = {0: "Jo Kc Kd 7c 2d", 1: "Qd Ah Qs Qc 2h", 2: "2s 3s 4s 5s Jh"}
ANTE_1 = Stakes(format="limit", ante=1, small_bet=2, big_bet=4)


def _mexican(table: Table, hands: dict[int, str]) -> Hand:
    dealer = table.Dealer(hands, deck_name="mexican")
    return Hand("S19", ANTE_1, [100] * 3, dealer=dealer)


def test_mexican_has_no_bring_in_the_high_card_showing_may_check(table: Table) -> None:
    hand = _mexican(table, MEXICAN)
    legal = hand.legal()
    assert legal is not None
    assert (legal.seat, legal.bring_in, legal.check) == (1, None, True)  # p2's Ah


def test_mexican_expose_then_the_next_card_comes_face_down_else_face_up(table: Table) -> None:
    hand = _mexican(table, MEXICAN)
    for action in ("cc", "cc", "cc"):
        hand.act(action)
    assert hand.decision == "choose"
    legal = hand.legal()
    assert legal is not None
    assert legal.choose == ("keep", "expose")
    assert hand.act("ch keep").detail == "keep"
    hand.act("ch keep")
    event = hand.act("ch expose")
    assert (event.kind, event.seat, event.cards, event.detail) == (
        "choose",
        0,
        parse("Jo"),
        "expose",
    )
    # the third card: face down for p1 (all exposed), face up for the others
    assert hand.face_up == [[True, True, False], [False, True, True], [False, True, True]]
    assert [hand.up[s] for s in range(3)] == [hand.up_cards(s) for s in range(3)]
    dealt_up = [(e.seat, e.detail) for e in hand.events if e.kind == "expose"]
    assert dealt_up == [(1, "dealt up"), (2, "dealt up")]
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0  # the exposed joker counts as an ace: A-K showing


def test_mexican_joker_dealt_face_down_stays_wild_once_exposed(table: Table) -> None:
    hand = _mexican(table, MEXICAN)
    for action in ("cc",) * 3 + ("ch keep", "ch keep", "ch expose"):
        hand.act(action)
    for _ in range(3):
        for action in ("cc",) * 3 + ("ch keep",) * 3:
            if not hand.done:
                hand.act(action)
    assert hand.done
    assert hand.situation.overrides == {(0, "high"): SeatShare(joker="wild")}
    assert hand.payouts == [3, 0, 0]  # three kings (Kc Kd and the joker) beat three queens


def test_mexican_joker_dealt_face_up_is_only_a_bug(table: Table) -> None:
    hand = _mexican(table, {**MEXICAN, 0: "Kc Jo Kd 7c 2d"})
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        hand.act("ch keep" if legal.choose else "cc")
    assert hand.situation.overrides == {}
    assert hand.payouts == [0, 3, 0]  # a pair of kings (the bug an ace) loses


# -- the bots ---------------------------------------------------------------------


def test_call_policy_chooses_the_first_option_and_random_any_option(table: Table) -> None:
    hand = _sohe(table)
    legal = hand.legal()
    assert legal is not None
    assert legal.choose is not None
    action = CallPolicy().choose(hand, random.Random(1))
    assert (action.kind, action.option) == ("choose", legal.choose[0])
    picks = {RandomPolicy().choose(hand, random.Random(seed)).option for seed in range(40)}
    assert picks <= set(legal.choose)
    assert len(picks) > 5


@pytest.mark.parametrize("game_id", ["F26", "F34", "S30", "S37", "S19"])
def test_bots_play_choice_games_to_the_showdown(game_id: str) -> None:
    game = find_game(game_id)
    stakes = STUD_1_2 if game.is_stud else LIMIT_1_2
    rng = random.Random(5)
    for number in range(20):
        hand = Hand(game, stakes, [100] * 4, button=number % 4, seed=number)
        bots: list[Policy] = [CallPolicy(), RandomPolicy(), CallPolicy(), RandomPolicy()]
        while not hand.done:
            seat = hand.actor
            assert seat is not None
            hand.act(bots[seat].choose(hand, rng))
        assert sum(hand.stacks) == 400


def test_a_player_at_the_terminal_names_a_suit_by_its_name() -> None:
    keys = "pb\ncc\n" * 12 + "spades\n"  # the option alone (or 'ch spades')
    result = CliRunner().invoke(
        cli,
        ["play", "-g", "S37", "-p", "3", "-s", "1", "--hands", "1", "--policy", "call"],
        input=keys,
    )
    assert result.exit_code == 0, result.output
    assert "Your options: choose one of clubs, diamonds, hearts, spades" in result.output
    assert "Hand 1 is over" in result.output
    assert "called off" not in result.output  # 'spades', the last input, was taken
