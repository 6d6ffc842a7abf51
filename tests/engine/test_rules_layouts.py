"""The multi-board layout rules (:mod:`pokerbook.engine.rules.layouts`): Chowaha's
paths (000 §2.12, §2.28; 002 ch.8, ch.13), Bidirectional Chowaha's die (000 §2.8),
Murder's one card per row (000 §2.39), Oklahoma's board removal (000 §2.40; 002
ch.24; rules.md §9 E-21), Reno Straight's two boards (000 §2.48, E-19), and the
step that deals a board without a burn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pytest

from pokerbook import evaluate
from pokerbook.cards.card import Card
from pokerbook.cards.notation import parse
from pokerbook.engine.events import Event
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import check_invariants
from pokerbook.engine.rules import effect_rule
from pokerbook.engine.rules.layouts import (
    chowaha_path_names,
    chowaha_paths,
    decisive_boards,
    murder_boards,
    oklahoma_removed,
)
from pokerbook.engine.showdown import hand_values
from pokerbook.games.catalogue import GameDefinitionError, find_game, parse_step
from pokerbook.games.house import BARGE
from pokerbook.games.model import DealBoard
from pokerbook.games.stakes import Stakes
from pokerbook.history.scripted_dealer import ScriptedDealer

if TYPE_CHECKING:
    from conftest import Table

LIMIT = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
#: Chowaha's flops top to bottom, turns top and bottom, river
FLOPS = ("Ah 7h 2c", "Kd 9s 4c", "Qc 8d 3s")
TURNS = "Js 5h"
RIVER = "Tc"


def deal(game: str, seats: Sequence[str], board: str, dice: Sequence[int] = ()) -> Hand:
    """A hand of ``game`` from a stacked deck and scripted dice, checked down."""
    dealer = ScriptedDealer([parse(s) for s in seats], parse(board), dice=dice)
    hand = Hand(game, LIMIT, [100] * len(seats), dealer=dealer)
    while not hand.done:
        hand.act("cc")
    return hand


def ruled(hand: Hand, kind: str) -> list[Event]:
    return [e for e in hand.events if e.kind == kind]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse(text))


def grid_paths(columns: bool) -> list[tuple[Card, ...]]:
    turns = cards(TURNS)
    return chowaha_paths(
        [cards(f) for f in FLOPS], (turns[0], turns[1]), cards(RIVER)[0], columns=columns
    )


# -- board N on B noburn -----------------------------------------------------------


def test_board_step_noburn_deals_without_a_burn_and_plain_board_still_burns() -> None:
    assert parse_step("board 3 on 1 noburn") == DealBoard(3, 1, burn=False)
    assert parse_step("board 3 on 1") == DealBoard(3, 1, burn=True)
    assert parse_step("board 1") == DealBoard(1, 0)


def test_multi_board_streets_burn_once_each(table: Table) -> None:
    # Oklahoma lays out three rows on each of the flop, turn and river: three burns
    for game, streets in (("F32", 3), ("F28", 3), ("F31", 3), ("F27", 3)):
        hand = table.hand(game, LIMIT, [100, 100, 100])
        while not hand.done:
            hand.act("cc")
        dealer = hand.dealer
        assert isinstance(dealer, table.Dealer)
        assert len(dealer.burned) == streets, game


# -- chowaha-paths ------------------------------------------------------------------


def test_chowaha_paths_are_the_four_contiguous_boards_000_2_12() -> None:
    paths = grid_paths(columns=False)
    assert paths == [
        cards("Ah 7h 2c Js Tc"),  # top flop + top turn
        cards("Kd 9s 4c Js Tc"),  # middle flop + top turn
        cards("Kd 9s 4c 5h Tc"),  # middle flop + bottom turn
        cards("Qc 8d 3s 5h Tc"),  # bottom flop + bottom turn
    ]
    assert chowaha_path_names()[2] == "middle flop + bottom turn + river"


def test_chowaha_forbidden_paths_top_flop_bottom_turn_and_bottom_flop_top_turn() -> None:
    paths = grid_paths(columns=False)
    assert cards("Ah 7h 2c 5h Tc") not in paths  # top flop + bottom turn
    assert cards("Qc 8d 3s Js Tc") not in paths  # bottom flop + top turn
    # 9h 6h make a heart flush only on the forbidden top flop + bottom turn path
    hole = cards("9h 6h")
    forbidden = evaluate("high", hole, cards("Ah 7h 2c 5h Tc"), hole_use=[2])
    legal = evaluate("high", hole, paths, hole_use=[2])
    assert str(forbidden) == "Ace-high flush"
    assert str(legal) == "Pair of nines"


def test_chowaha_paths_rule_sets_the_showdown_boards_and_logs_them() -> None:
    board = " ".join((*FLOPS, TURNS, RIVER))
    hand = deal("F28", ["9h 6h", "Kc Ks", "6c 6d"], board)
    assert hand.situation.boards == grid_paths(columns=False)
    (layout,) = ruled(hand, "layout")
    assert layout.detail == "; ".join(chowaha_path_names())
    assert hand.stacks == [98, 104, 98]  # three kings, not the forbidden flush


def test_bidirectional_chowaha_roll_1_to_3_plays_the_rows_000_2_8() -> None:
    board = " ".join((*FLOPS, TURNS, RIVER))
    for roll in (1, 2, 3):
        hand = deal("F30", ["9h 6h 2s 2h", "Kc Ks 3c 3h", "6c 6d 7c 7d"], board, dice=[roll])
        assert hand.situation.boards == grid_paths(columns=False)
        (layout,) = ruled(hand, "layout")
        assert layout.detail.startswith(f"die {roll}, turns to the right: top flop")


def test_bidirectional_chowaha_roll_4_to_6_plays_the_columns_000_2_8() -> None:
    paths = grid_paths(columns=True)
    assert paths == [
        cards("Ah Kd Qc Js Tc"),  # left column + left turn
        cards("7h 9s 8d Js Tc"),  # centre column + left turn
        cards("7h 9s 8d 5h Tc"),  # centre column + right turn
        cards("2c 4c 3s 5h Tc"),  # right column + right turn
    ]
    board = " ".join((*FLOPS, TURNS, RIVER))
    for roll in (4, 5, 6):
        hand = deal("F30", ["9h 6h 2s 2h", "Kc Ks 3c 3h", "6c 6d 7c 7d"], board, dice=[roll])
        assert hand.situation.boards == paths
        (layout,) = ruled(hand, "layout")
        assert layout.detail.startswith(f"die {roll}, turns below: left column")


def test_chowaha_paths_by_die_needs_a_roll_and_known_words(table: Table) -> None:
    hand = table.hand("F28", LIMIT, [100, 100, 100])
    while not hand.done:
        hand.act("cc")
    with pytest.raises(GameDefinitionError, match="needs a roll"):
        effect_rule("chowaha-paths")(hand, ("by-die",))
    with pytest.raises(GameDefinitionError, match="takes no words"):
        effect_rule("chowaha-paths")(hand, ("sideways",))


def test_layout_rules_check_the_board_sizes(table: Table) -> None:
    hand = table.hand("F01", LIMIT, [100, 100, 100])
    while not hand.done:
        hand.act("cc")
    for rule in ("chowaha-paths", "murder-rows", "oklahoma-removal"):
        with pytest.raises(GameDefinitionError, match=f"'{rule}' needs boards"):
            effect_rule(rule)(hand, ())


def test_murder_rows_and_oklahoma_removal_take_no_words(table: Table) -> None:
    hand = table.hand("F32", LIMIT, [100, 100, 100])
    for rule in ("murder-rows", "oklahoma-removal"):
        with pytest.raises(GameDefinitionError, match="takes no words"):
            effect_rule(rule)(hand, ("cash",))


# -- murder-rows --------------------------------------------------------------------

#: Murder's columns left to right, each top to bottom (the order they are dealt)
MURDER_COLUMNS = ("Ah Jd Td", "Kh 7c 4s", "9h Ks Jc", "Qc 2s Qs")


def test_murder_boards_take_one_card_from_each_row_000_2_39() -> None:
    boards = murder_boards([cards(c) for c in MURDER_COLUMNS])
    rows = [set(cards("Ah Kh 9h Qc")), set(cards("Jd 7c Ks 2s")), set(cards("Td 4s Jc Qs"))]
    assert len(boards) == 64
    assert len(set(boards)) == 64
    for board in boards:
        assert len(board) == 3
        assert [sum(c in row for c in board) for row in rows] == [1, 1, 1]


def test_murder_flush_from_one_row_is_not_a_hand_000_2_39() -> None:
    hole = cards("6h 5h 8c 8d")
    columns = [cards(c) for c in MURDER_COLUMNS]
    every_card = tuple(c for column in columns for c in column)
    anywhere = evaluate("high", hole, every_card, hole_use=[2])
    legal = evaluate("high", hole, murder_boards(columns), hole_use=[2])
    assert str(anywhere) == "Ace-high flush"  # Ah Kh 9h: all from the top row
    assert str(legal) == "Ten-high straight"


def test_murder_rows_rule_keeps_every_seats_best_hand_on_each_share() -> None:
    board = " ".join(MURDER_COLUMNS)
    seats = ["6h 5h 8c 8d", "Qd Ts 3c 3h", "3d 5d 6c 6s"]
    hand = deal("F31", seats, board)
    every = hand.situation.notes["murder-rows"]
    assert isinstance(every, list)
    assert len(every) == 64
    assert hand.situation.boards is not None
    assert set(hand.situation.boards) <= set(every)
    for seat, hole in enumerate(seats):
        values = hand_values(hand, seat)
        for share, value in zip(("high", "a5-low"), values, strict=True):
            best = evaluate(share, parse(hole), every, hole_use=[2])
            if value is not None:
                assert value.value == best.value
    (layout,) = ruled(hand, "layout")
    assert layout.detail == "one card from each row: 64 boards"
    assert hand.stacks == [98, 101, 101]


def test_decisive_boards_are_each_live_seats_best_board() -> None:
    board = " ".join(MURDER_COLUMNS)
    hand = deal("F31", ["6h 5h 8c 8d", "Qd Ts 3c 3h", "3d 5d 6c 6s"], board)
    every = murder_boards([cards(c) for c in MURDER_COLUMNS])
    kept = decisive_boards(hand, every)
    assert cards("Ah Ks Jc") in kept  # p2's broadway
    assert cards("Ah 2s 4s") in kept  # p3's wheel
    assert len(kept) <= len(hand.live) * 2


# -- oklahoma-removal ---------------------------------------------------------------


def test_oklahoma_lowest_river_card_removes_its_row_000_2_40() -> None:
    assert oklahoma_removed(cards("9c 2d Kh")) == [1]


def test_oklahoma_tied_lowest_river_cards_remove_both_rows_e21() -> None:
    assert oklahoma_removed(cards("3h 8s 3c")) == [0, 2]


def test_oklahoma_three_river_cards_of_one_rank_remove_no_row_tournament_rule() -> None:
    assert oklahoma_removed(cards("7c 7d 7h")) == []


def test_oklahoma_ace_is_the_highest_card_for_removal_000_2_40() -> None:
    assert oklahoma_removed(cards("Ad 5c Kd")) == [1]
    assert oklahoma_removed(cards("2c Ad Ah")) == [0]


def test_oklahoma_removal_rule_leaves_the_other_rows_e21() -> None:
    rows = ("Kh Kd 7s", "9c Tc Jd", "Ah Qh 5c")
    board = " ".join((*rows, "2c 4d 6d", "3h 8s 3c"))
    hand = deal("F32", ["Ks Kc 7d 7h", "Qd 8d Qs 2s", "As 2d 4h 5s"], board)
    assert hand.situation.boards == [cards("9c Tc Jd 4d 8s")]
    removed = ruled(hand, "remove-board")
    assert [e.board for e in removed] == [0, 2]
    assert removed[0].cards == cards("Kh Kd 7s 2c 3h")
    assert removed[1].detail == "row 3: lowest river card 3c"
    (layout,) = ruled(hand, "layout")
    assert layout.detail == "rows 2"
    assert hand.stacks == [98, 104, 98]


def test_oklahoma_removal_comes_before_the_last_betting_round_000_2_40() -> None:
    board = "Kh Kd 7s 9c Tc Jd Ah Qh 5c 2c 4d 6d 3h 8s 3c"
    dealer = ScriptedDealer(
        [parse(s) for s in ("Ks Kc 7d 7h", "Qd 8d Qs 2s", "As 2d 4h 5s")], parse(board)
    )
    hand = Hand("F32", LIMIT, [100, 100, 100], dealer=dealer)
    while hand.street < 4:
        hand.act("cc")
    assert ruled(hand, "remove-board")
    assert not hand.done
    assert [len(b) for b in hand.boards] == [5, 5, 5]


def test_oklahoma_no_removal_leaves_all_three_rows() -> None:
    board = "Ac 2d Kc Jh Th 9s 8h 8d 3s Qs 4c Ks 7c 7d 7h"
    hand = deal("F32", ["3h 4s 8c 8s", "Qh Kh 9c 9d", "5c 6c 2h 2s"], board)
    assert hand.situation.boards is not None
    assert len(hand.situation.boards) == 3
    assert not ruled(hand, "remove-board")
    (layout,) = ruled(hand, "layout")
    assert layout.detail.startswith("river cards all of one rank, no row removed")


def test_oklahoma_cash_game_rule_every_row_removed_and_the_dealer_wins_000_2_40() -> None:
    board = "Ac 2d Kc Jh Th 9s 8h 8d 3s Qs 4c Ks 7c 7d 7h"
    seats = ["3h 4s 8c 8s", "Qh Kh 9c 9d", "5c 6c 2h 2s"]
    dealer = ScriptedDealer([parse(s) for s in seats], parse(board))
    cash_game = replace(BARGE, name="barge-cash", oklahoma_dealer_wins=True)
    hand = Hand("F32", LIMIT, [100, 100, 100], dealer=dealer, house=cash_game)
    while not hand.done:
        hand.act("cc")
        check_invariants(hand)
    assert [e.board for e in ruled(hand, "remove-board")] == [0, 1, 2]
    (taken,) = ruled(hand, "house-takes")
    assert taken.amount == hand.pot == 3 * 2  # the big blind called, then checked down
    assert hand.to_house == 6
    assert hand.street == 3  # the hand ends at the removal: no last betting round
    assert not ruled(hand, "award")
    assert hand.payouts == [0, 0, 0]
    assert hand.stacks == [98, 98, 98]


def test_oklahoma_cash_game_rule_removes_the_lowest_row_as_usual() -> None:
    rows = ("Kh Kd 7s", "9c Tc Jd", "Ah Qh 5c")
    board = " ".join((*rows, "2c 4d 6d", "3h 8s 3c"))
    seats = ["Ks Kc 7d 7h", "Qd 8d Qs 2s", "As 2d 4h 5s"]
    dealer = ScriptedDealer([parse(s) for s in seats], parse(board))
    cash_game = replace(BARGE, name="barge-cash", oklahoma_dealer_wins=True)
    hand = Hand("F32", LIMIT, [100, 100, 100], dealer=dealer, house=cash_game)
    while not hand.done:
        hand.act("cc")
    assert hand.to_house == 0
    assert hand.stacks == [98, 104, 98]


# -- Reno Straight: two boards, no rule ------------------------------------------------


def test_reno_straight_e19_splits_high_and_lowest_straight() -> None:
    top, bottom = cards("Kc Qc 2d 3d 6c"), cards("Ad Kd Qs Ts Tc")
    hand1, hand2 = cards("Ac 3h Td 5c"), cards("9d Th Js Qh")
    high1 = evaluate("high", hand1, [top, bottom], hole_use=[2])
    high2 = evaluate("high", hand2, [top, bottom], hole_use=[2])
    assert str(high1) == "Tens full of aces"
    assert high1 > high2
    straight2 = evaluate("lowest-straight", hand2, [top, bottom], hole_use=[2])
    assert str(straight2) == "King-high straight"
    straight1 = evaluate("lowest-straight", hand1, [top, bottom], hole_use=[2])
    assert straight1.value == 0  # no straight: the "present" qualifier fails


def test_reno_straight_no_straight_means_the_high_hand_scoops() -> None:
    board = "Ac Ad 7h Kh Kc 8d 7s 3c 2d 3s"
    hand = deal("F27", ["7d 7c 9s 9h Tc", "As Kd 5h 4h 6c", "Qs Qh Jd Jh 9c"], board)
    assert [v is None for v in hand_values(hand, 0)] == [False, True]
    assert hand.stacks == [104, 98, 98]


def test_games_declare_the_board_layouts() -> None:
    for game_id, boards in (("F27", 2), ("F28", 6), ("F29", 6), ("F30", 6), ("F31", 4)):
        assert find_game(game_id).boards == boards
    assert find_game("F32").boards == 3
    assert find_game("oklahoma").id == "F32"
    assert find_game("3-2-1 omaha").id == "F29"
    # each street burns once, however many boards it deals to
    for game_id in ("F27", "F28", "F29", "F30", "F31", "F32"):
        steps = [s for s in find_game(game_id).steps if isinstance(s, DealBoard)]
        assert sum(s.burn for s in steps) == 3, game_id
