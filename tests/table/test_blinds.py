"""The button and blinds over a night: moving and dead button, heads-up, stud rotation."""

from __future__ import annotations

import random
from dataclasses import replace

from pokerbook.bots import get_policy
from pokerbook.table.blinds import ButtonState, Positions
from pokerbook.table.night_file import builtin_nights
from pokerbook.table.play import GameNight


def started(seats: int, button: int, *, dead_button: bool) -> ButtonState:
    """A table whose last hand had the button on ``button`` and every seat in."""
    state = ButtonState(seats, dead_button=dead_button)
    state.last = state._around(list(range(seats)), button)
    return state


def test_moving_button_goes_to_the_next_player_001_blinds_r1a() -> None:
    state = started(6, 0, dead_button=False)
    # the small blind (seat 1) busts: the button moves to seat 2 anyway
    assert state.advance([0, 2, 3, 4, 5], random.Random(0)) == Positions(2, 2, 3, 4, 3)


def test_dead_button_when_the_big_blind_busts_001_blinds_r1b() -> None:
    state = started(6, 0, dead_button=True)  # button 0, small 1, big 2
    positions = state.advance([0, 1, 3, 4, 5], random.Random(0))  # the big blind busts
    # the big blind goes to the player due (3); the small blind's seat is empty, so no
    # small blind is posted, and the button moves to seat 1
    assert positions == Positions(1, 1, 2, 3, None)
    positions = state.advance([0, 1, 3, 4, 5], random.Random(0))
    # next hand the button is on the empty seat 2: dead, seat 1 has last action again
    assert positions == Positions(1, 2, 3, 4, 3)
    assert positions.dead_button


def test_dead_button_when_the_small_blind_busts_001_blinds_r1b() -> None:
    state = started(6, 0, dead_button=True)
    positions = state.advance([0, 2, 3, 4, 5], random.Random(0))  # the small blind busts
    # big blind to the player due (3), small blind from the last big blind (2), and the
    # button on the empty seat 1: dead, so seat 0 has last action twice
    assert positions == Positions(0, 1, 2, 3, 2)
    assert positions.dead_button
    assert positions.blinds(6, (10, 20)) == [0, 0, 10, 20, 0, 0]


def test_heads_up_the_button_posts_the_small_blind_001_blinds_r3_004_r31() -> None:
    for dead in (False, True):
        state = started(3, 0, dead_button=dead)  # button 0, small 1, big 2
        positions = state.advance([0, 2], random.Random(0))
        assert positions.button == positions.small_blind
        assert positions.big_blind != positions.button
        again = state.advance([0, 2], random.Random(0))
        assert again.big_blind == positions.button  # the blinds alternate


def test_dead_button_night_gives_the_big_blind_to_the_player_due_001_blinds_r1b() -> None:
    night = builtin_nights()["barge-26"]
    night = replace(night, buy_in=60, house=replace(night.house, dead_button=True))
    table = GameNight(night, [get_policy("random") for _ in range(6)], 3)
    big: int | None = None
    for r in table.play(300):
        positions = table.positions.last
        assert positions is not None
        assert positions.button == r.button
        active = sorted({*r.dealt, *r.sat_out})
        if big is not None and len(active) > 2:
            due = big
            assert positions.big_blind == min(active, key=lambda s: (s - due - 1) % 6)
        big = positions.big_blind
        if r.game.forced != "blinds":
            assert not [e for e in r.hand.events if e.kind == "blind"]  # stud: no blinds
    assert sum(table.finish().nets().values()) == 0


def test_dead_button_is_off_in_every_built_in_house() -> None:
    assert not any(n.house.dead_button for n in builtin_nights().values())
