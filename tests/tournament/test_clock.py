"""The director's clock: levels on a schedule (001 Tournaments r.6-7; 004 r.103's
20-minute levels), breaks, pauses, skipping a level, players left and the average
stack."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.tournament.clock import Clock
from pokerbook.tournament.structure import StructureError, load_structure

START = 1000.0  # any steady clock's reading
MINUTE = 60.0


def at(minutes: float) -> float:
    return START + minutes * MINUTE


def test_004_r103_levels_change_every_20_minutes() -> None:
    clock = Clock(load_structure("oresteen"), START, 12)
    first = clock.state(at(0))
    assert first.level.number == 1
    assert first.seconds_left == 20 * MINUTE
    assert first.next_level is not None
    assert first.next_level.number == 2
    later = clock.state(at(65))
    assert later.level.number == 4
    assert later.seconds_left == pytest.approx(15 * MINUTE)
    assert later.level.blinds == (200, 400)
    assert later.level.ante == 50


def test_the_last_level_has_no_end_and_no_next_level() -> None:
    clock = Clock(load_structure("oresteen"), START, 8)
    state = clock.state(at(500))
    assert state.level.number == 9
    assert math.isinf(state.seconds_left)
    assert state.next_level is None
    assert state.next_break_in is None  # 004 names no breaks


def test_a_break_counts_down_then_the_next_level_starts() -> None:
    nlhe = load_structure("nlhe")  # a 10-minute break after every sixth 20-minute level
    clock = Clock(nlhe, START, 100)
    assert clock.state(at(0)).next_break_in == pytest.approx(120 * MINUTE)
    assert clock.state(at(100)).next_break_in == pytest.approx(20 * MINUTE)
    on = clock.state(at(123))
    assert on.on_break
    assert on.next_break_in == 0
    assert on.seconds_left == pytest.approx(7 * MINUTE)
    assert on.level.number == 7  # the level played after the break
    assert on.next_level is not None
    assert on.next_level.number == 8
    after = clock.state(at(130))
    assert not after.on_break
    assert after.level.number == 7
    assert after.seconds_left == pytest.approx(20 * MINUTE)
    assert after.next_break_in == pytest.approx(120 * MINUTE)


def test_a_paused_clock_stands_still_and_resumes_where_it_stopped() -> None:
    clock = Clock(load_structure("oresteen"), START, 10)
    clock.pause(at(5))
    assert clock.paused
    stopped = clock.state(at(50))
    assert stopped.paused
    assert stopped.level.number == 1
    assert stopped.seconds_left == pytest.approx(15 * MINUTE)
    clock.pause(at(60))  # pausing again changes nothing
    clock.resume(at(70))
    clock.resume(at(75))  # nor does resuming a running clock
    running = clock.state(at(80))
    assert not running.paused
    assert running.minutes == pytest.approx(15)
    assert running.level.number == 1
    assert running.seconds_left == pytest.approx(5 * MINUTE)
    clock.toggle(at(80))
    assert clock.paused
    clock.toggle(at(90))
    assert clock.state(at(90)).minutes == pytest.approx(15)


def test_next_level_skips_to_its_start_and_past_a_break() -> None:
    clock = Clock(load_structure("nlhe"), START, 50)
    clock.next_level(at(3))
    state = clock.state(at(3))
    assert state.level.number == 2
    assert state.seconds_left == pytest.approx(20 * MINUTE)
    clock.next_level(at(100))  # level 6 (100-120), then the break, then level 7
    assert clock.state(at(100)).level.number == 7
    assert not clock.state(at(100)).on_break
    last = Clock(load_structure("oresteen"), START, 5)
    last.next_level(at(400))
    assert last.state(at(400)).level.number == 9


def test_busts_and_entries_change_the_players_and_average_stack() -> None:
    clock = Clock(load_structure("oresteen"), START, 16)  # 20,850 each (004 r.102)
    assert clock.state(at(0)).average_stack == 20850
    clock.bust()
    clock.bust(3)
    state = clock.state(at(1))
    assert (state.players_left, state.entrants) == (12, 16)
    assert state.average_stack == 16 * 20850 // 12
    clock.add_entrant()
    clock.add_chips(5000)
    state = clock.state(at(1))
    assert (state.players_left, state.entrants) == (13, 17)
    assert state.average_stack == (17 * 20850 + 5000) // 13
    with pytest.raises(StructureError, match="one must stay"):
        clock.bust(13)


def test_a_field_without_a_chip_row_is_refused() -> None:
    with pytest.raises(StructureError, match="no row for 20 players"):
        Clock(load_structure("oresteen"), START, 20)
    with pytest.raises(StructureError, match="at least one entrant"):
        Clock(load_structure("nlhe"), START, 0)


@settings(max_examples=100, deadline=None)
@given(st.floats(0, 5000), st.sampled_from(["nlhe", "barge-horse", "oresteen"]))
def test_the_clock_agrees_with_the_structures_schedule(minutes: float, key: str) -> None:
    structure = load_structure(key)
    state = Clock(structure, START, 9).state(START + minutes * MINUTE)
    level, left = structure.level_at(state.minutes)
    assert state.level == level
    assert state.on_break == structure.on_break(state.minutes)
    assert state.seconds_left > 0
    if not state.on_break:
        assert state.seconds_left == pytest.approx(left * MINUTE)
    if state.next_level is not None:
        assert state.next_level.number == level.number + 1
