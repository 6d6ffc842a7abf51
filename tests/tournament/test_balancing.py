"""Breaking and balancing tables, profile by profile: roberts (001 Tournaments
r.12-17), tda (the player due the big blind to the worst position, halts, a final-table
redraw), oresteen (004 r.107-108)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from pokerbook.cards import Card, parse_card
from pokerbook.tournament.balance_oresteen import (
    OresteenProfile,
    lowest_card,
    open_seat_numbers,
    seats_by_cards,
)
from pokerbook.tournament.balancing import FloorError, ProfileError, get_profile
from pokerbook.tournament.model import FloorDecision, FloorTable, Move


def table(
    number: int,
    players: int,
    *,
    seats: int = 9,
    empty: Sequence[int] = (),
    due_start: int = 0,
    button: int | None = None,
    busy: bool = False,
    stud: bool = False,
) -> FloorTable:
    """Table ``number`` with ``players`` seated in the first seats not in ``empty``."""
    occupants: list[str | None] = [None] * seats
    free = [s for s in range(seats) if s not in empty]
    for seat in free[:players]:
        occupants[seat] = f"t{number}s{seat + 1}"
    due = [(due_start + k) % seats for k in range(seats)]
    return FloorTable(number, occupants, due, button=button, busy=busy, stud=stud)


def apply(tables: list[FloorTable], decision: FloorDecision) -> dict[int, FloorTable]:
    """The tables after the decision, the way the director applies it."""
    by_number = {t.number: t for t in tables}
    if decision.redraw:
        for move in decision.moves:
            by_number[move.source[0]].seats[move.source[1] - 1] = None
    for move in decision.moves:
        source, target = by_number[move.source[0]], by_number[move.target[0]]
        if not decision.redraw:
            assert source.seats[move.source[1] - 1] == move.player
            source.seats[move.source[1] - 1] = None
        assert target.seats[move.target[1] - 1] is None
        target.seats[move.target[1] - 1] = move.player
    for number in decision.broken:
        assert by_number[number].size == 0
        del by_number[number]
    return by_number


def sizes(tables: dict[int, FloorTable]) -> list[int]:
    return [tables[n].size for n in sorted(tables)]


# --- roberts ------------------------------------------------------------------------


def test_001_r12_highest_numbered_table_breaks_first() -> None:
    tables = [table(1, 7), table(2, 7, busy=True), table(3, 7, busy=True), table(4, 6)]
    decision = get_profile("roberts").decide(tables, 4, 4, random.Random(1))
    assert decision.broken == (4,)
    assert {m.reason for m in decision.moves} == {"break"}
    assert len(decision.moves) == 6
    assert {m.source[0] for m in decision.moves} == {4}
    after = apply(tables, decision)
    assert sizes(after) == [9, 9, 9]


def test_001_r12_a_table_to_break_in_a_hand_waits_for_its_hand_to_end() -> None:
    profile = get_profile("roberts")
    tables = [table(1, 7), table(2, 7, busy=True), table(3, 7, busy=True), table(4, 6, busy=True)]
    waiting = profile.decide(tables, 1, 4, random.Random(1))
    assert waiting.broken == ()
    assert waiting.moves == ()
    tables[3].busy = False
    tables[0].busy = True
    assert profile.decide(tables, 4, 4, random.Random(1)).broken == (4,)


def test_001_r12_broken_players_go_to_the_tables_with_the_fewest() -> None:
    for seed in range(30):
        tables = [table(n, s, seats=10) for n, s in ((1, 8), (2, 8), (3, 7), (4, 6))]
        decision = get_profile("roberts").decide(tables, 4, 4, random.Random(seed))
        assert decision.broken == (4,)
        after = apply(tables, decision)
        assert sorted(sizes(after)) == [9, 10, 10]


def test_001_r12_empty_seats_are_filled_at_random() -> None:
    targets = set()
    for seed in range(40):
        tables = [table(1, 6), table(2, 6), table(3, 6), table(4, 3)]
        decision = get_profile("roberts").decide(tables, 4, 4, random.Random(seed))
        targets |= {m.target for m in decision.moves}
    assert len(targets) > 6


def test_001_r14_player_due_big_blind_moves_to_earliest_seat_due() -> None:
    big = table(1, 9, due_start=4)
    short = table(3, 7, empty=(2, 6), due_start=5)
    tables = [big, table(2, 9, busy=True), short]
    decision = get_profile("roberts").decide(tables, 1, 3, random.Random(0))
    assert decision.moves == (Move("t1s5", (1, 5), (3, 7), "balance"),)


def test_001_r14_two_movers_the_next_due_the_big_blind_moves_second() -> None:
    # seat 8 is due the big blind but empty: seat 9's player is due it, then seat 10's
    big = table(1, 9, seats=10, empty=(7,), due_start=7)
    tables = [big, table(2, 6, seats=10, busy=True), table(3, 6, seats=10, busy=True)]
    decision = get_profile("roberts").decide(tables, 1, 3, random.Random(0))
    movers = [(m.player, m.target) for m in decision.moves]
    assert movers == [("t1s9", (2, 7)), ("t1s10", (3, 7))]
    assert sizes(apply(tables, decision)) == [7, 7, 7]


def test_001_r14_players_move_only_from_the_table_between_hands() -> None:
    tables = [table(1, 6), table(2, 9, busy=True), table(3, 9, busy=True)]
    assert get_profile("roberts").decide(tables, 1, 3, random.Random(0)).nothing


def test_001_r14_a_busy_table_takes_players_into_its_empty_seats() -> None:
    tables = [table(1, 9), table(2, 9, busy=True), table(3, 6, busy=True)]
    decision = get_profile("roberts").decide(tables, 1, 3, random.Random(0))
    assert [m.target[0] for m in decision.moves] == [3]


def test_001_r14_stud_moves_by_position_last_seat_to_open() -> None:
    profile = get_profile("roberts")
    tables = [table(1, 9, stud=True), table(2, 9, stud=True, busy=True), table(3, 8, stud=True)]
    assert profile.decide(tables, 3, 3, random.Random(0)).nothing
    tables[2].seats[1] = None  # seat 2 opens at the short table, a hand later seat 5
    assert profile.decide(tables, 3, 3, random.Random(0)).nothing
    tables[2].seats[4] = None
    tables[2].busy = True
    tables[0].seats[4] = None  # the same seat at the big table is empty: the next one moves
    decision = profile.decide(tables, 1, 3, random.Random(0))
    assert decision.moves == (Move("t1s6", (1, 6), (3, 5), "balance"),)
    # in a button game the player due the big blind takes the earliest seat due it
    tables[0].stud = tables[1].stud = tables[2].stud = False
    button = get_profile("roberts").decide(tables, 1, 3, random.Random(0))
    assert button.moves == (Move("t1s1", (1, 1), (3, 2), "balance"),)


@pytest.mark.parametrize("open_tables", [2, 4, 6])
def test_001_r16_within_one_at_six_tables_or_fewer(open_tables: int) -> None:
    busy = [table(n, 9, busy=True) for n in range(2, open_tables)]
    within = [table(1, 9), *busy, table(open_tables, 8, busy=True)]
    assert get_profile("roberts").decide(within, 1, 2, random.Random(0)).nothing
    outside = [table(1, 9), *busy, table(open_tables, 7, busy=True)]
    decision = get_profile("roberts").decide(outside, 1, 2, random.Random(0))
    assert len(decision.moves) == 1


@pytest.mark.parametrize("open_tables", [7, 12])
def test_001_r16_within_two_above_six_tables(open_tables: int) -> None:
    busy = [table(n, 9, busy=True) for n in range(2, open_tables)]
    within = [table(1, 9), *busy, table(open_tables, 7, busy=True)]
    assert get_profile("roberts").decide(within, 1, open_tables, random.Random(0)).nothing
    outside = [table(1, 9), *busy, table(open_tables, 6, busy=True)]
    decision = get_profile("roberts").decide(outside, 1, open_tables, random.Random(0))
    assert len(decision.moves) == 1
    assert get_profile("roberts").tolerance(open_tables) == 2


def test_001_r17_redraw_at_two_tables_and_one() -> None:
    profile = get_profile("roberts")
    tables = [table(1, 6), table(2, 6), table(3, 6)]
    decision = profile.decide(tables, 2, 3, random.Random(5))
    assert decision.redraw
    assert decision.broken == (3,)
    assert {m.reason for m in decision.moves} == {"redraw"}
    assert sorted(m.player for m in decision.moves) == sorted(p for t in tables for p in t.players)
    after = apply(tables, decision)
    assert sizes(after) == [9, 9]
    assert set(decision.buttons) == {1, 2}
    for number, button in decision.buttons.items():
        assert after[number].seats[button] is not None
    two = list(after.values())
    for t in two:
        t.seats[t.seats.index(t.players[0])] = None
        t.seats[t.seats.index(t.players[0])] = None
        t.seats[t.seats.index(t.players[0])] = None
        t.seats[t.seats.index(t.players[0])] = None
        t.seats[t.seats.index(t.players[0])] = None
    final = profile.decide(two, 1, 3, random.Random(5))
    assert final.redraw
    assert final.broken == (2,)
    assert len(final.moves) == 8
    assert sizes(apply(two, final)) == [8]
    assert set(final.buttons) == {1}


def test_001_r17_a_redraw_waits_until_every_table_is_between_hands() -> None:
    profile = get_profile("roberts")
    tables = [table(1, 6), table(2, 6, busy=True), table(3, 6)]
    decision = profile.decide(tables, 1, 3, random.Random(5))
    assert decision.moves == ()
    assert decision.halt == (1, 3)
    tables[1].busy = False
    assert profile.decide(tables, 2, 3, random.Random(5)).redraw


def test_001_r17_no_redraw_in_events_that_started_with_two_tables() -> None:
    tables = [table(1, 5), table(2, 4)]
    decision = get_profile("roberts").decide(tables, 2, 2, random.Random(5))
    assert not decision.redraw
    assert decision.broken == (2,)
    assert {m.reason for m in decision.moves} == {"break"}


# --- tda ------------------------------------------------------------------------------


def test_tda_player_due_big_blind_moves_to_worst_position_never_the_small_blind() -> None:
    # due order 4, 5, ..., 3: seat 4 (index 3) was due the big blind last: the small blind
    short = table(3, 7, empty=(3, 5), due_start=4)
    tables = [table(1, 9, due_start=2), table(2, 9, busy=True), short]
    decision = get_profile("tda").decide(tables, 1, 3, random.Random(0))
    assert decision.moves == (Move("t1s3", (1, 3), (3, 6), "balance"),)


def test_tda_worst_position_may_be_the_big_blind() -> None:
    short = table(2, 6, empty=(0, 1, 2), due_start=1)
    tables = [table(1, 8), short]
    decision = get_profile("tda").decide(tables, 1, 2, random.Random(0))
    assert decision.moves[0].target == (2, 2)


def test_tda_small_blind_seat_when_no_other_is_open() -> None:
    from pokerbook.tournament.balance_tda import worst_position

    only = table(1, 8, empty=(4,), due_start=5)
    assert worst_position(only) == 4


def test_tda_full_tables_halt_while_another_is_three_short() -> None:
    tables = [table(1, 7), table(2, 9, busy=True), table(3, 6, busy=True)]
    decision = get_profile("tda").decide(tables, 1, 3, random.Random(0))
    assert decision.moves == ()
    assert decision.halt == (2,)
    tables = [table(1, 7), table(2, 9, busy=True), table(3, 7, busy=True)]
    assert get_profile("tda").decide(tables, 1, 3, random.Random(0)).nothing


def test_tda_final_table_redraw_only() -> None:
    tables = [table(1, 6), table(2, 6), table(3, 6)]
    decision = get_profile("tda").decide(tables, 3, 3, random.Random(2))
    assert not decision.redraw
    assert decision.broken == (3,)
    two = list(apply(tables, decision).values())
    for t in two:
        for _ in range(5):
            t.seats[t.seats.index(t.players[0])] = None
    final = get_profile("tda").decide(two, 2, 3, random.Random(2))
    assert final.redraw
    assert final.broken == (2,)


# --- oresteen -------------------------------------------------------------------------


def cards(text: str) -> Iterator[Card]:
    return iter(parse_card(c) for c in text.split())


def test_004_r107_lowest_card_moves() -> None:
    assert lowest_card(["a", "b", "c"], cards("Kd 5c 9h"))[0] == "b"
    assert lowest_card(["a", "b", "c"], cards("Ac 2s 3h"))[0] == "b"  # aces high


def test_004_r107_tied_for_low_get_another_card_suits_do_not_count() -> None:
    mover, dealt = lowest_card(["a", "b", "c"], cards("5s 5c 9h 7d 4s"))
    assert mover == "b"
    assert [p for p, _ in dealt] == ["a", "b", "c", "a", "b"]


def test_004_r107_balance_when_a_table_has_two_or_more_more_players() -> None:
    near = [table(1, 6, seats=10), table(2, 5, seats=10, busy=True)]
    assert get_profile("oresteen").decide(near, 1, 2, random.Random(0)).nothing
    profile = get_profile("oresteen")
    far = [table(1, 7, seats=10, button=2), table(2, 5, seats=10, busy=True)]
    decision = profile.decide(far, 1, 2, random.Random(0))
    (move,) = decision.moves
    assert isinstance(profile, OresteenProfile)
    r107 = [(p, parse_card(c).rank) for rule, p, c in profile.cards if rule == "r.107"]
    in_play = [f"t1s{s}" for s in (4, 5, 6, 7, 1, 2, 3)]  # clockwise from the button's left
    dealt = 0
    while len(in_play) > 1:
        round_ = r107[dealt : dealt + len(in_play)]
        assert [p for p, _ in round_] == in_play
        low = min(rank for _, rank in round_)
        in_play = [p for p, rank in round_ if rank == low]
        dealt += len(round_)
    assert dealt == len(r107)
    assert move.player == in_play[0]
    assert move.target == (2, 6)  # the Ace seat: the first open seat (no button: from seat 1)


def test_004_r108_ace_seat_first_left_of_button() -> None:
    short = table(2, 6, seats=10, empty=(0, 4, 8, 9), button=4)
    assert open_seat_numbers(short) == [8, 9, 0, 4]
    tables = [table(1, 8, seats=10, busy=False), short]
    short.busy = True
    decision = get_profile("oresteen").decide(tables, 1, 2, random.Random(3))
    assert [m.target for m in decision.moves] == [(2, 9)]


def test_004_r108_movers_dealt_until_an_ace_then_reshuffled_for_the_deuce() -> None:
    decks = iter([cards("7c 9d Ah"), cards("Kc 3d 2s")])
    taken, dealt = seats_by_cards(["x", "y", "z"], 4, lambda: next(decks))
    assert taken[0] == ("z", 0)  # x 7, y 9, z Ace: z takes the Ace seat
    assert taken[1] == ("x", 1)  # reshuffled: x K, y 3, x 2 takes the deuce seat
    assert taken[2] == ("y", 2)  # the last mover takes the last seat
    assert [p for p, _ in dealt] == ["x", "y", "z", "x", "y", "x"]


def test_004_r108_two_movers_fill_the_ace_and_deuce_seats() -> None:
    for seed in range(10):
        short = table(2, 4, seats=10, button=9)
        tables = [table(1, 8, seats=10), short]
        decision = get_profile("oresteen").decide(tables, 1, 2, random.Random(seed))
        assert sorted(m.target for m in decision.moves) == [(2, 5), (2, 6)]


def test_004_r108_new_complete_table_at_eight_players() -> None:
    tables = [table(1, 4, seats=10), table(2, 5, seats=10)]
    assert not get_profile("oresteen").decide(tables, 1, 2, random.Random(0)).redraw
    tables[1].seats[0] = None
    decision = get_profile("oresteen").decide(tables, 1, 2, random.Random(0))
    assert decision.redraw
    assert decision.broken == (2,)
    assert decision.buttons == {1: 0}
    assert sorted(m.target for m in decision.moves) == [(1, s) for s in range(1, 9)]


def test_004_r105_final_table_waits_for_hands_in_play() -> None:
    tables = [table(1, 4, seats=10), table(2, 4, seats=10, busy=True)]
    decision = get_profile("oresteen").decide(tables, 1, 2, random.Random(0))
    assert decision.halt == (1,)
    assert not decision.moves


# --- profiles -------------------------------------------------------------------------


def test_profiles_by_name_and_unknown_refused() -> None:
    assert get_profile("roberts").name == "roberts"
    assert get_profile("tda").name == "tda"
    assert get_profile("oresteen").name == "oresteen"
    assert get_profile("oresteen").tolerance(10) == 1
    assert get_profile("roberts").tolerance(6) == 1
    with pytest.raises(ProfileError, match="unknown balancing profile 'nope'"):
        get_profile("nope")


def test_tables_the_floor_cannot_work_with_are_refused() -> None:
    twice = [table(1, 3), table(1, 3)]
    with pytest.raises(FloorError, match="twice"):
        get_profile("roberts").decide(twice, 1, 1, random.Random(0))
    with pytest.raises(FloorError, match="not open"):
        get_profile("roberts").decide([table(1, 3)], 2, 1, random.Random(0))
    clash = [table(1, 3), table(2, 3)]
    clash[1].seats[0] = "t1s1"
    with pytest.raises(FloorError, match="seated twice"):
        get_profile("roberts").decide(clash, 1, 1, random.Random(0))
