"""The walk through a replayed hand for export: pots and contributions that add up,
stable hand numbers, names and seats, and the hands refused because an export
would have to invent something."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.history import play, read_phh
from pokerbook.history.export_fields import hand_number
from pokerbook.history.export_model import export_hand, named_cards
from pokerbook.history.export_names import ExportError, holders
from pokerbook.history.export_run import export_history

sys.path.insert(0, str(Path(__file__).parent))  # the export tests' helpers, beside them
from export_round_trip import MILLION, simulated

#: a showdown whose loser's cards the file does not show, and no result recorded
HIDDEN = """
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 KsKc', 'p3 cbr 6', 'p1 f', 'p2 cc',
  'd db 7c5d4h', 'p2 cc', 'p3 cc', 'd db 5s', 'p2 cc', 'p3 cc', 'd db 8h', 'p2 cc',
  'p3 cc', 'p3 sm KsKc', 'p2 sm ????']
"""


def test_the_walk_accounts_for_every_chip() -> None:
    history = read_phh(MILLION)
    model = export_hand(history, play(history).hand)
    put_in = sum(p.added for p in model.posts)
    for street in model.streets:
        for act in street.acts:
            put_in += -act.added if act.kind == "uncalled" else act.added
    assert put_in == model.total == sum(model.pots.values()) == 1109500
    assert [s.final for s in model.seats] == [572100, 1997500, 1109500]
    assert [s.kind for s in model.streets] == ["preflop", "flop", "turn", "river"]
    assert model.button == 3


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_simulated_hands_add_up(seed: int) -> None:
    for history in simulated("F01", "no-limit", 2, seed, players=6):
        hand = play(history).hand
        model = export_hand(history, hand)
        assert model.total == sum(hand.starting_stacks) - sum(hand.stacks) + model.total
        won = {s.seat: s.final - s.stack for s in model.seats}
        assert sum(won.values()) == 0
        for pot, amount in model.pots.items():
            assert amount == sum(a.amount for a in model.awards if a.pot == pot)


def test_a_hand_number_is_stable_and_twelve_digits() -> None:
    history = read_phh(MILLION)
    assert hand_number(history) == hand_number(read_phh(MILLION))
    assert len(str(hand_number(history))) == 12
    history.fields["hand"] = 3017237436
    assert hand_number(history) == 3017237436
    history.fields["hand"] = 7  # a table's own count repeats across tables: not used
    assert hand_number(history) != 7


def test_names_are_unique_and_seats_are_the_files() -> None:
    text = MILLION.replace(
        '["Phil Ivey", "Patrik Antonius", "Tom Dwan"]', '["Ann", "Ann", "Bo  b"]'
    )
    text += "seats = [2, 5, 9]\nseat_count = 9\n"
    history = read_phh(text)
    model = export_hand(history, play(history).hand)
    assert [s.name for s in model.seats] == ["Ann", "Ann (2)", "Bo b"]
    assert [s.number for s in model.seats] == [2, 5, 9]
    assert (model.button, model.table_size) == (9, 9)


def test_a_replay_that_does_not_reach_the_recorded_result_is_refused() -> None:
    history = read_phh(MILLION + "finishing_stacks = [572100, 1997500, 1109000]\n")
    exported = export_history(history, "pokerstars")
    assert exported.text is None
    assert exported.why.startswith("the replay does not end with the finishing_stacks")
    right = read_phh(MILLION + "finishing_stacks = [572100, 1997500, 1109500]\n")
    assert export_history(right, "pokerstars").text is not None


def test_a_showdown_on_cards_nobody_saw_is_refused_without_a_result() -> None:
    history = read_phh(HIDDEN)
    with pytest.raises(ExportError, match="cards the history does not show"):
        export_hand(history, play(history).hand)
    assert not (named_cards(history) - {c for s in history.steps for c in s.cards if c})
    # with the result recorded, the hand is exported (the unseen cards are not written)
    hand = play(history).hand
    stacks = ", ".join(str(s) for s in hand.stacks)
    recorded = read_phh(HIDDEN + f"finishing_stacks = [{stacks}]\n")
    text = export_history(recorded, "pokerstars").text
    assert text is not None
    assert "p2: mucks hand" in text


def test_an_unfinished_hand_is_refused() -> None:
    cut = MILLION.index('"p3 cc",\n  "d db Jc3d5c"')
    history = read_phh(MILLION[:cut] + "]\n")
    with pytest.raises(ExportError, match="not over"):
        export_hand(history, play(history).hand)


def test_a_board_card_the_history_does_not_show_is_refused() -> None:
    history = read_phh(MILLION.replace(' "d db Jh",', ""))  # the river is run out unseen
    with pytest.raises(ExportError, match="board cards the history does not show"):
        export_hand(history, play(history).hand)


def test_every_game_can_go_to_phh() -> None:
    (history,) = list(simulated("F28", "pot-limit", 1, seed=1))
    assert holders(history.game, history.format) == ["phh"]


KILLED = """
variant = "NT"
_kill = 3
_last_to_act = 3
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 4]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p1 f', 'p2 f']
"""


def test_a_kill_blind_and_its_turn_order_are_refused() -> None:
    history = read_phh(KILLED)
    with pytest.raises(ExportError, match="kill blind"):
        export_hand(history, play(history).hand)
