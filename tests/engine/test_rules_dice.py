"""The dice and flop-colour rules (:mod:`pokerbook.engine.rules.dice_and_colours`):
Omaha X or Better's qualifier (000 §2.43, rules.md §9 E-27), Binglaha's split (000
§2.10, E-28), Crayfish's face-down cards (000 §2.14, E-22) and Wonky Donkey's two
games (000 §2.62)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pokerbook.bots import RandomPolicy
from pokerbook.bots.base import Policy
from pokerbook.bots.simulation import Table, simulate
from pokerbook.cards.notation import parse
from pokerbook.engine.events import Event
from pokerbook.engine.hand import Hand
from pokerbook.engine.rules import effect_rule
from pokerbook.engine.rules.dice_and_colours import (
    binglaha_plays_low,
    binglaha_split,
    crayfish_turn_down,
    flop_is_red,
    omaha_x,
    omaha_x_qualifier,
    wonky_donkey,
)
from pokerbook.games.catalogue import find_game
from pokerbook.games.stakes import Stakes
from pokerbook.history.scripted_dealer import ScriptedDealer

LIMIT = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
POT_LIMIT = Stakes(format="pot-limit", blinds=(1, 2))
#: three seats, button p1: everyone calls or checks before the flop
PREFLOP = ("cc", "cc", "cc")
E22_BOARD = "4s 7h 2c Th Ks"


def deal(
    game: str,
    seats: Sequence[str],
    board: str = "",
    dice: Sequence[int] = (),
    actions: Sequence[str] = (),
    stakes: Stakes = LIMIT,
) -> Hand:
    """A three-handed hand of ``game`` from a stacked deck and scripted dice."""
    dealer = ScriptedDealer([parse(s) for s in seats], parse(board), dice=dice)
    hand = Hand(game, stakes, [100] * len(seats), dealer=dealer)
    for action in actions:
        hand.act(action)
    return hand


def ruled(hand: Hand, kind: str) -> list[Event]:
    return [e for e in hand.events if e.kind == kind]


def check_down(hand: Hand) -> Hand:
    while not hand.done:
        hand.act("cc")
    return hand


# -- omaha-x-qualifier --------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "x"),
    [
        (12, "Q"),
        (11, "J"),
        (10, "T"),
        (9, "9"),
        (8, "8"),
        (7, "7"),
        (6, "6"),
        (5, "5"),
        (4, None),
        (3, None),
        (2, None),
    ],
)
def test_omaha_x_qualifier_maps_two_dice_to_x_e27(total: int, x: str | None) -> None:
    assert omaha_x(total) == x


@pytest.mark.parametrize("total", [1, 13])
def test_omaha_x_qualifier_refuses_a_total_two_dice_cannot_make(total: int) -> None:
    with pytest.raises(ValueError, match="cannot total"):
        omaha_x(total)


def test_omaha_x_qualifier_sets_the_low_qualifier_after_the_flop_betting() -> None:
    seats = ["Ac 3d 8h 8s", "Ks Kc 7d 7c", "Td Th 5c 6c"]
    hand = deal("F19", seats, "2h 9c Jd Kh 4s", [5, 6], (*PREFLOP, "cc", "cc", "cc"))
    assert hand.situation.dice == [5, 6]
    assert hand.situation.qualifiers == {"low": "J-or-better"}
    assert hand.situation.shares is None
    (event,) = ruled(hand, "omaha-x-qualifier")
    assert event.amount == 11
    assert "X is a jack" in event.detail
    # the dice are rolled after the flop betting, before the turn
    shown = ("street", "deal-board", "roll", "omaha-x-qualifier")
    kinds = [e.kind for e in hand.events if e.kind in shown]
    assert kinds == [
        "street",
        "deal-board",
        "street",
        "roll",
        "roll",
        "omaha-x-qualifier",
        "deal-board",
        "street",
    ]


def test_omaha_x_qualifier_takes_the_low_out_of_play_on_two_three_or_four() -> None:
    seats = ["Ac 5d Qs Qc", "Qh 9h Ks Kc", "6c 7c Td Th"]
    hand = check_down(deal("F19", seats, "2h 3c Jh Kh 4s", [2, 2], PREFLOP))
    assert hand.situation.shares == ("high",)
    assert "low" not in hand.situation.qualifiers
    assert "no low" in ruled(hand, "omaha-x-qualifier")[0].detail
    assert hand.payouts == [0, 6, 0]  # p1's wheel wins nothing: the flush scoops


def test_omaha_x_qualifier_x_itself_qualifies() -> None:
    # dice 3 + 2 = 5: the wheel (5-high) qualifies five-or-better
    seats = ["Ac 5d Qs Qc", "Qh 9h Ks Kc", "6c 7c Td Th"]
    hand = check_down(deal("F19", seats, "2h 3c Jh Kh 4s", [3, 2], PREFLOP))
    assert hand.situation.qualifiers == {"low": "5-or-better"}
    assert hand.payouts == [3, 3, 0]


def test_omaha_x_qualifier_reads_the_last_two_dice_only() -> None:
    hand = deal("F19", ["Ac 3d 8h 8s", "Ks Kc 7d 7c", "Td Th 5c 6c"])
    hand.situation.dice.extend([1, 6, 6])
    omaha_x_qualifier(hand, ("low",))
    assert hand.situation.qualifiers == {"low": "Q-or-better"}


def test_omaha_x_qualifier_needs_two_dice_rolled_first() -> None:
    hand = deal("F19", ["Ac 3d 8h 8s", "Ks Kc 7d 7c", "Td Th 5c 6c"])
    hand.situation.dice.append(4)
    with pytest.raises(ValueError, match="roll 2"):
        omaha_x_qualifier(hand, ("low",))


def test_omaha_x_qualifier_names_a_share_of_the_game() -> None:
    hand = deal("F19", ["Ac 3d 8h 8s", "Ks Kc 7d 7c", "Td Th 5c 6c"])
    hand.situation.dice.extend([3, 3])
    with pytest.raises(ValueError, match="no share 'lo'"):
        omaha_x_qualifier(hand, ("lo",))


# -- binglaha-split -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "low"), [(1, True), (2, True), (3, True), (4, False), (5, False), (6, False)]
)
def test_binglaha_split_maps_the_die_e28(face: int, low: bool) -> None:
    assert binglaha_plays_low(face) is low


def test_binglaha_split_refuses_a_face_a_die_cannot_show() -> None:
    with pytest.raises(ValueError, match="cannot show"):
        binglaha_plays_low(7)


@pytest.mark.parametrize(("face", "shares"), [(2, None), (5, ("high",))])
def test_binglaha_split_puts_the_low_in_or_out_of_play(
    face: int, shares: tuple[str, ...] | None
) -> None:
    seats = ["3c 6c Qd Js", "Ks Kc 9d 9h", "8d 8h Td Th"]
    hand = deal("F20", seats, "Ah 7c 5d Kh 2s", [face], (*PREFLOP, "cc", "cc", "cc"))
    assert hand.situation.shares == shares
    (event,) = ruled(hand, "binglaha-split")
    assert event.amount == face
    assert event.detail == f"die {face}: " + ("high/low split" if shares is None else "high only")
    check_down(hand)
    assert hand.payouts == ([3, 3, 0] if shares is None else [0, 6, 0])


def test_binglaha_split_is_registered_with_its_name() -> None:
    assert effect_rule("binglaha-split") is binglaha_split


# -- crayfish-turn-down -----------------------------------------------------------------


def crayfish(dice: Sequence[int]) -> Hand:
    """A Crayfish hand on the E-22 board, checked to the end."""
    seats = ["4h 4d Ac Qd", "Kd Qc 5c 6d", "2h 2d 9s 8s"]
    return check_down(deal("F33", seats, E22_BOARD, dice, PREFLOP, POT_LIMIT))


def test_crayfish_turn_down_e22_one_turns_the_first_card_three_the_third() -> None:
    hand = crayfish([1, 3])
    turned = ruled(hand, "crayfish-turn-down")
    assert [(e.amount, [str(c) for c in e.cards]) for e in turned] == [(1, ["4s"]), (3, ["2c"])]
    assert hand.situation.notes["crayfish-turn-down"] == (1, 3)
    assert hand.situation.boards == [tuple(parse("7h Th Ks"))]
    assert [str(c) for c in hand.boards[0]] == E22_BOARD.split()  # still on the table
    assert hand.payouts == [0, 6, 0]  # p1's three fours needed the 4s


@pytest.mark.parametrize(
    ("dice", "board"),
    [
        ([1, 3], "7h Th Ks"),  # two different 1-5 rolls: three cards
        ([3, 3], "4s 7h Th Ks"),  # the same number twice: four
        ([6, 1], "7h 2c Th Ks"),  # one six: four
        ([2, 6], "4s 2c Th Ks"),
        ([6, 6], None),  # two sixes: all five
    ],
)
def test_crayfish_turn_down_leaves_three_four_or_five_cards_e22(
    dice: list[int], board: str | None
) -> None:
    hand = crayfish(dice)
    expected = None if board is None else [tuple(parse(board))]
    assert hand.situation.boards == expected


def test_crayfish_turn_down_the_same_number_twice_says_the_card_is_already_down() -> None:
    hand = crayfish([3, 3])
    first, second = ruled(hand, "crayfish-turn-down")
    assert "turned face down" in first.detail
    assert "already face down" in second.detail


def test_crayfish_turn_down_a_six_does_nothing() -> None:
    hand = crayfish([6, 6])
    assert all(
        e.detail == "die 6: nothing is turned down" for e in ruled(hand, "crayfish-turn-down")
    )
    assert hand.situation.plain
    assert hand.payouts == [6, 0, 0]  # the full board: three fours beat three twos


def test_crayfish_turn_down_rolls_before_the_turn_and_river_betting() -> None:
    hand = crayfish([1, 3])
    kinds = [e.kind for e in hand.events if e.kind in ("street", "roll", "crayfish-turn-down")]
    assert kinds == [
        "street",
        "street",
        "roll",
        "crayfish-turn-down",
        "street",
        "roll",
        "crayfish-turn-down",
        "street",
    ]


def test_crayfish_turn_down_called_directly_on_a_board() -> None:
    seats = ["4h 4d Ac Qd", "Kd Qc 5c 6d", "2h 2d 9s 8s"]
    hand = deal("F33", seats, E22_BOARD, (), PREFLOP, POT_LIMIT)
    hand.situation.dice.append(5)
    crayfish_turn_down(hand, ())
    assert hand.situation.boards == [tuple(parse("4s 7h 2c Th"))]


# -- wonky-donkey -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flop", "red"),
    [("Ah Kd 7c", True), ("Ah Kd 7h", True), ("As Kc 7h", False), ("As Kc 7s", False)],
)
def test_wonky_donkey_two_or_three_red_flop_cards_are_red(flop: str, red: bool) -> None:
    assert flop_is_red(list(parse(flop))) is red


def test_wonky_donkey_red_flop_plays_holdem_with_two_hole_cards() -> None:
    hand = deal("F06", ["2c 8h", "Kh Qc", "9s 9c"], "Ah Kd 7c 4s 3d", (), PREFLOP)
    assert hand.situation.shares == ("high",)
    assert [len(cards) for cards in hand.hole] == [2, 2, 2]
    (event,) = ruled(hand, "wonky-donkey")
    assert event.detail == "red flop: hold'em"
    check_down(hand)
    assert hand.payouts == [0, 6, 0]  # no low in Hold'em


def test_wonky_donkey_black_flop_deals_two_more_and_plays_omaha_high_low() -> None:
    seats = ["2c 8h 3h 9d", "Kh Qc Js Tc", "9s 9c Qd Jd"]
    hand = deal("F06", seats, "As Kc 7h 4s 3d", (), PREFLOP)
    assert hand.situation.shares == ("omaha-high", "omaha-low")
    assert [" ".join(map(str, cards)) for cards in hand.hole] == seats
    assert hand.face_up == [[False] * 4] * 3
    (event,) = ruled(hand, "wonky-donkey")
    assert event.detail.startswith("black flop")
    extra = [e for e in hand.events if e.kind == "deal-hole"][3:]
    # from the button's left, as the engine deals; face down
    assert [(e.seat, len(e.cards), e.up) for e in extra] == [
        (1, 2, (False, False)),
        (2, 2, (False, False)),
        (0, 2, (False, False)),
    ]
    assert hand.events.index(event) < hand.events.index(extra[0])
    check_down(hand)
    assert hand.payouts == [3, 3, 0]


def test_wonky_donkey_deals_no_extra_cards_to_a_folded_seat() -> None:
    seats = ["5d 5c", "Kh Jc Jh Tc", "9s 9c 2d 3d"]
    hand = deal("F06", seats, "As Ks 7c Qd 9h", (), ("f", "cc", "cc"))
    assert [len(cards) for cards in hand.hole] == [2, 4, 4]


def test_wonky_donkey_arguments_name_the_shares_and_the_count() -> None:
    hand = deal("F06", ["2c 8h 3h", "Kh Qc Js", "9s 9c Qd"], "Ah Kd 7c")
    hand.boards[0][:] = parse("As Kc 7h")
    wonky_donkey(hand, ("black=omaha-high", "deal=1"))
    assert hand.situation.shares == ("omaha-high",)
    assert [len(cards) for cards in hand.hole] == [3, 3, 3]
    with pytest.raises(ValueError, match="unknown argument"):
        wonky_donkey(hand, ("colour=red",))
    with pytest.raises(ValueError, match="no share 'low'"):
        wonky_donkey(hand, ("red=low",))


# -- with a shuffled deck -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "rule"),
    [
        ("F06", "wonky-donkey"),
        ("F19", "omaha-x-qualifier"),
        ("F20", "binglaha-split"),
        ("F33", "crayfish-turn-down"),
    ],
)
def test_every_rule_decides_in_simulated_hands(game: str, rule: str) -> None:
    table = Table(find_game(game), POT_LIMIT, (200,) * 4)
    policies: list[Policy] = [RandomPolicy() for _ in range(4)]
    hands = list(simulate(table, policies, 200, seed=11))
    decided = [e for h in hands for e in h.events if e.kind == rule]
    assert decided
    assert all(e.detail for e in decided)
