"""Entries: registration, late registration, re-entry, rebuys (001 r.33), add-ons,
lammers (000 §1.3.2, E-35), absent entrants (001 r.3-4), the pool and the chip records."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.tournament.entries import BotChoices, Entries, EntryError
from pokerbook.tournament.structure import (
    Absent,
    AddOn,
    Lammers,
    Level,
    Rebuys,
    Structure,
)

NEVER = BotChoices(
    rebuy=0,
    re_enter=0,
    announce_rebuy=0,
    add_on=0,
    lammers_at_start=0,
    lammer_when_short=0,
    extra_lammer_on_bust=0,
)
ALWAYS = BotChoices(1, 1, 1, 1, 1, 1, 1)


def levels(minutes: float = 20, break_after: int = 0) -> tuple[Level, ...]:
    return tuple(
        Level(
            n,
            blinds=(25 * n, 50 * n),
            minutes=minutes,
            break_minutes=10 if n == break_after else 0,
        )
        for n in range(1, 21)
    )


BASE = Structure(
    key="test",
    name="test event",
    description="built in the test",
    house="barge",
    games=("nlhe",),
    hands_per_game=None,
    format="no-limit",
    table_size=9,
    profile="roberts",
    denominations=(25, 100, 500, 1000, 5000),
    levels=levels(),
    buy_in=100,
    starting_chips=10_000,
)
E35 = dataclasses.replace(BASE, lammers=Lammers(count=2, chips=5_000, redeem_by_level=12))


def test_e35_lammers_exact_numbers() -> None:
    entries = Entries(E35, choices=NEVER)
    rng = random.Random(1)
    # redeem both before hand 1: T20000, and a bust then ends the event
    stack = entries.register("both", 0)
    assert stack == 10_000
    stack += entries.redeem_lammers("both", 2)
    assert stack == 20_000
    assert entries.before_hand("both", stack, 1, rng) == 0
    assert entries.on_bust("both", 1, rng) == "out"
    # bust, then redeem one: T5000
    assert entries.register("one", 0) == 10_000
    assert entries.on_bust("one", 3, rng) == "lammer"
    assert entries.before_hand("one", 0, 3, rng) == 5_000
    assert entries.entrant("one").lammers == 1
    # at T2000 redeem one: T7000
    entries.register("short", 0)
    assert 2_000 + entries.redeem_lammers("short", 1) == 7_000
    assert [r.chips for r in entries.records if r.kind == "lammer"] == [10_000, 5_000, 5_000]


def test_000_1_3_2_busted_player_must_use_a_lammer() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        entries = Entries(E35, choices=BotChoices(extra_lammer_on_bust=0.5))
        entries.register("p", 0)
        assert entries.on_bust("p", 2, rng) == "lammer"
        added = entries.before_hand("p", 0, 2, rng)
        assert added in (5_000, 10_000)
        assert entries.entrant("p").lammers == 2 - added // 5_000
        assert not entries.entrant("p").out


def test_000_1_3_2_bust_without_lammers_is_not_a_lammer() -> None:
    entries = Entries(E35, choices=NEVER)
    rng = random.Random(0)
    entries.register("p", 0)
    entries.redeem_lammers("p", 2)
    with pytest.raises(EntryError, match="no chips"):
        entries.before_hand("p", 0, 2, rng)
    assert entries.on_bust("p", 2, rng) == "out"
    with pytest.raises(EntryError, match="out of the event"):
        entries.redeem_lammers("p", 1)


def test_000_1_3_2_all_redeemed_after_level() -> None:
    entries = Entries(E35, choices=NEVER)
    rng = random.Random(0)
    entries.register("p", 0)
    assert entries.before_hand("p", 10_000, 12, rng) == 0
    assert entries.entrant("p").lammers == 2
    assert entries.before_hand("p", 10_000, 13, rng) == 10_000
    assert entries.entrant("p").lammers == 0
    assert entries.chips_sold == 20_000


def test_000_1_3_2_any_or_all_but_no_more_than_held() -> None:
    entries = Entries(E35, choices=NEVER)
    entries.register("p", 0)
    with pytest.raises(EntryError, match="holds 2 lammers, not 3"):
        entries.redeem_lammers("p", 3)
    with pytest.raises(EntryError, match="not 0"):
        entries.redeem_lammers("p", 0)


def test_000_1_3_2_never_during_a_hand() -> None:
    entries = Entries(E35, choices=NEVER)
    rng = random.Random(0)
    entries.register("p", 0)
    entries.hand_started(["p"])
    with pytest.raises(EntryError, match="in a hand"):
        entries.redeem_lammers("p", 1)
    with pytest.raises(EntryError, match="in a hand"):
        entries.before_hand("p", 3_000, 2, rng)
    entries.hand_finished(["p"])
    assert entries.redeem_lammers("p", 1) == 5_000


def test_000_1_3_2_bots_turn_in_lammers_when_short() -> None:
    entries = Entries(E35, choices=dataclasses.replace(NEVER, lammer_when_short=1))
    rng = random.Random(0)
    entries.register("p", 0)
    assert entries.before_hand("p", 6_000, 2, rng) == 0  # not short of a lammer's chips
    assert entries.before_hand("p", 2_000, 2, rng) == 5_000


REBUYS = dataclasses.replace(
    BASE,
    rebuys=Rebuys(until_level=6, price=100, chips=10_000, most=2, at_or_below=10_000),
    add_on=AddOn(after_level=6, price=50, chips=15_000),
)


def test_001_r33_playing_behind() -> None:
    entries = Entries(REBUYS, choices=dataclasses.replace(NEVER, announce_rebuy=1))
    rng = random.Random(0)
    entries.register("p", 0)
    # announced before the deal: the price is in the pool now and the chips play
    # in the hand about to be dealt
    assert entries.before_hand("p", 4_000, 3, rng) == 10_000
    assert entries.pool == 200
    assert entries.records[-1].kind == "rebuy"
    assert entries.entrant("p").rebuys == 1
    # above the threshold or after the rebuy period there is nothing to announce
    assert entries.before_hand("p", 14_000, 3, rng) == 0
    assert entries.before_hand("p", 4_000, 7, rng) == 0
    # a person announcing it is held to it the same way
    person = Entries(REBUYS, choices=NEVER)
    person.register("q", 0)
    assert person.rebuy("q", 9_000, 6) == 10_000
    assert person.pool == 200
    with pytest.raises(EntryError, match="may not rebuy"):
        person.rebuy("q", 9_000, 7)


def test_rebuy_on_bust_and_the_most_rebuys() -> None:
    entries = Entries(REBUYS, choices=dataclasses.replace(NEVER, rebuy=1))
    rng = random.Random(0)
    entries.register("p", 0)
    for _ in range(2):
        assert entries.on_bust("p", 2, rng) == "rebuy"
        assert entries.before_hand("p", 0, 2, rng) == 10_000
    assert entries.on_bust("p", 2, rng) == "out"
    assert entries.pool == 300


def test_add_on_once_in_the_level_after_its_level() -> None:
    entries = Entries(REBUYS, choices=ALWAYS)
    rng = random.Random(0)
    entries.register("p", 0)
    assert not entries.add_on_open("p", 6)
    assert entries.before_hand("p", 20_000, 7, rng) == 15_000
    assert entries.before_hand("p", 20_000, 7, rng) == 0
    assert entries.entrant("p").add_ons == 1
    declined = Entries(REBUYS, choices=NEVER)
    declined.register("q", 0)
    assert declined.before_hand("q", 20_000, 7, rng) == 0
    with pytest.raises(EntryError, match="no add-on"):
        declined.add_on("q", 7)  # offered once, declined
    late = Entries(REBUYS, choices=NEVER)
    late.register("r", 0)
    assert late.add_on("r", 7) == 15_000
    assert late.pool == 150


REENTRY = dataclasses.replace(BASE, late_until_level=4, re_entries=2, levels=levels(20, 4))


def test_re_entry_limits() -> None:
    entries = Entries(REENTRY, choices=dataclasses.replace(NEVER, re_enter=1))
    rng = random.Random(0)
    assert entries.register("p", 0) == 10_000
    with pytest.raises(EntryError, match="still in the event"):
        entries.register("p", 5)
    for minutes in (10, 20):
        assert entries.on_bust("p", 1, rng, minutes=minutes) == "re-enter"
        assert entries.register("p", minutes) == 10_000
    assert entries.on_bust("p", 2, rng, minutes=30) == "out"
    assert not entries.may_re_enter("p", 30)
    with pytest.raises(EntryError, match="may not re-enter"):
        entries.register("p", 30)
    assert entries.field_size == 3
    assert entries.players == 1
    assert [r.kind for r in entries.records] == ["entry", "re-entry", "re-entry"]
    assert entries.pool == 300


def test_re_entry_granted_on_the_bust_survives_registration_closing() -> None:
    entries = Entries(REENTRY, choices=dataclasses.replace(NEVER, re_enter=1))
    rng = random.Random(0)
    entries.register("p", 0)
    assert entries.on_bust("p", 4, rng, minutes=79) == "re-enter"
    assert not entries.registration_open(81)
    assert entries.register("p", 81) == 10_000


def test_001_r5_late_registration_closing() -> None:
    entries = Entries(REENTRY)
    assert entries.registration_closes_at() == 80  # level 4 ends; its break is closed
    entries.register("a", 79.9)
    with pytest.raises(EntryError, match="registration closed"):
        entries.register("b", 80)
    with pytest.raises(EntryError, match="registration closed"):
        entries.register("b", 85)
    entries.register("c", 500, level=4)
    with pytest.raises(EntryError, match="registration closed"):
        entries.register("d", 10, level=5)
    freezeout = Entries(BASE)
    freezeout.register("a", 0)
    with pytest.raises(EntryError, match="registration closed"):
        freezeout.register("b", 0.5)


def test_the_event_is_full_at_max_players() -> None:
    entries = Entries(dataclasses.replace(BASE, max_players=2))
    entries.register("a", 0)
    entries.register("b", 0)
    with pytest.raises(EntryError, match="full"):
        entries.register("c", 0)


def test_004_r102_starting_stack_from_the_expected_field() -> None:
    chips = dataclasses.replace(BASE, chips_table={5: 34_000, 11: 27_500}, starting_chips=0)
    entries = Entries(chips, entrants=11)
    assert entries.register("a", 0) == 27_500


def test_pool_sums_buy_ins_rebuys_and_add_ons_not_fees_or_bounties() -> None:
    event = dataclasses.replace(REBUYS, fee=20, bounty=25)
    entries = Entries(event, choices=NEVER)
    for player in "abc":
        entries.register(player, 0)
    entries.rebuy("a", 0, 2)
    entries.add_on("b", 7)
    assert entries.pool == 3 * 100 + 100 + 50
    assert entries.pool == event.pool(3, rebuys=1, add_ons=1)
    assert entries.fees == 60
    assert entries.bounties == 75
    assert sum(r.money for r in entries.records) == entries.pool
    assert entries.chips_sold == 3 * 10_000 + 10_000 + 15_000


def test_004_r101_pool_is_the_buy_ins_without_the_bust_out_money() -> None:
    oresteen = dataclasses.replace(
        BASE, buy_in=25, fee=10, chips_table={13: 21_500}, starting_chips=0, max_players=16
    )
    entries = Entries(oresteen, entrants=13)
    stacks = [entries.register(f"p{i}", 0) for i in range(13)]
    assert set(stacks) == {21_500}
    assert entries.pool == 325  # 004 r.101's prize pool for 13 players
    assert entries.fees == 130
    assert entries.chips_sold == 13 * 21_500


def test_rebuys_at_or_below_zero_only_after_a_bust() -> None:
    event = dataclasses.replace(BASE, rebuys=Rebuys(until_level=4, price=100, chips=10_000))
    entries = Entries(event, choices=dataclasses.replace(NEVER, announce_rebuy=1, rebuy=1))
    rng = random.Random(0)
    entries.register("p", 0)
    assert entries.before_hand("p", 1, 2, rng) == 0
    assert entries.on_bust("p", 2, rng, minutes=25) == "rebuy"
    assert entries.records[-1].minutes == 25
    assert entries.before_hand("p", 0, 2, rng) == 10_000
    assert entries.on_bust("p", 5, rng) == "out"


ABSENT = dataclasses.replace(BASE, absent=Absent(rule="dead-facing-bet"))


def test_001_r4_absent_chips_removed_at_new_level_or_half_hour() -> None:
    # levels of 20 minutes: the new level comes first
    entries = Entries(ABSENT)
    entries.register("away", 0, absent_until=math.inf)
    assert not entries.remove_absent("away", 10, level_started=False)
    assert entries.remove_absent("away", 20, level_started=True, stack=9_800)
    assert entries.entrant("away").out
    assert entries.records[-1].kind == "absent-removed"
    assert entries.records[-1].chips == -9_800
    assert entries.chips_in_play == 200
    # levels of 45 minutes: half an hour comes first
    slow = Entries(dataclasses.replace(ABSENT, levels=levels(45)))
    slow.register("away", 0, absent_until=math.inf)
    assert not slow.remove_absent("away", 29, level_started=False)
    assert slow.remove_absent("away", 30, level_started=False)
    # a house that waits the half hour even when a level starts
    patient = Entries(
        dataclasses.replace(ABSENT, absent=Absent(rule="killed", removed_at_new_level=False))
    )
    patient.register("away", 0, absent_until=math.inf)
    assert not patient.remove_absent("away", 20, level_started=True)
    assert patient.remove_absent("away", 30, level_started=True)


def test_001_r4_chips_stay_for_the_present_the_arrived_and_who_asked() -> None:
    entries = Entries(ABSENT)
    entries.register("here", 0)
    entries.register("arrived", 0, absent_until=15)
    entries.register("asked", 0, absent_until=90, hold_chips=True)
    for player in ("here", "arrived", "asked"):
        assert not entries.remove_absent(player, 40, level_started=True)
    no_rule = Entries(BASE)
    no_rule.register("away", 0, absent_until=math.inf)
    assert not no_rule.remove_absent("away", 60, level_started=True)


def test_001_r3_absent_entrants_get_chips_and_buy_nothing() -> None:
    entries = Entries(dataclasses.replace(REBUYS, absent=Absent(rule="killed")), choices=ALWAYS)
    rng = random.Random(0)
    assert entries.register("away", 0, absent_until=math.inf) == 10_000
    assert entries.before_hand("away", 4_000, 3, rng, minutes=5) == 0
    assert entries.on_bust("away", 3, rng, minutes=6) == "out"
    lammers = Entries(dataclasses.replace(E35, absent=Absent(rule="killed")), choices=ALWAYS)
    lammers.register("away", 0, absent_until=math.inf)
    assert lammers.on_bust("away", 3, rng, minutes=6) == "lammer"
    assert lammers.before_hand("away", 0, 3, rng, minutes=6) == 10_000


EVENTS = st.lists(
    st.tuples(
        st.sampled_from(["enter", "hand", "hand", "ready", "absent"]),
        st.integers(0, 50_000),
        st.integers(0, 25),
    ),
    max_size=80,
)


@settings(max_examples=150, deadline=None)
@given(events=EVENTS, seed=st.integers(0, 1000), with_lammers=st.booleans())
def test_pool_and_chips_equal_the_records(
    events: list[tuple[str, int, int]], seed: int, with_lammers: bool
) -> None:
    event = dataclasses.replace(
        REBUYS,
        late_until_level=8,
        re_entries=3,
        absent=Absent(rule="killed"),
        lammers=Lammers(2, 5_000, 5) if with_lammers else None,
    )
    entries = Entries(event, choices=BotChoices(0.5, 0.5, 0.3, 0.5, 0.2, 0.5, 0.3))
    rng = random.Random(seed)
    stacks: dict[str, int] = {}  # the model of the chips at the tables
    minutes = 0.0
    for kind, value, step in events:
        minutes += step
        level = int(minutes // 20) + 1
        in_play = sorted(stacks)
        if kind == "enter" and entries.registration_open(minutes):
            name = f"p{value % 8}"
            if name not in stacks and (
                name not in entries.people or entries.may_re_enter(name, minutes)
            ):
                away = math.inf if value % 5 == 0 else None
                stacks[name] = entries.register(name, minutes, absent_until=away)
        elif kind == "hand" and len(playing := [n for n in in_play if stacks[n]]) >= 2:
            loser, winner = rng.sample(playing, 2)
            lost = stacks[loser] if value % 3 == 0 else min(stacks[loser], value + 1)
            stacks[loser] -= lost
            stacks[winner] += lost
            if stacks[loser] == 0:
                settled = entries.on_bust(loser, level, rng, minutes=minutes)
                if settled in ("re-enter", "out"):
                    del stacks[loser]
                if settled == "re-enter" and value % 2:
                    stacks[loser] = entries.register(loser, minutes + 1)
        elif kind == "ready":
            for name in in_play:
                stacks[name] += entries.before_hand(name, stacks[name], level, rng, minutes=minutes)
        elif kind == "absent" and in_play:
            name = in_play[value % len(in_play)]
            if entries.remove_absent(name, minutes, value % 2 == 0, stack=stacks[name]):
                del stacks[name]
        assert entries.pool == sum(r.money for r in entries.records)
        assert entries.chips_sold == sum(r.chips for r in entries.records if r.chips > 0)
        assert entries.chips_in_play == sum(r.chips for r in entries.records)
        owed = sum(entries.entrant(name).owed for name in stacks)
        assert sum(stacks.values()) + owed == entries.chips_in_play
        people = entries.people.values()
        assert entries.pool == event.pool(
            entries.field_size,
            rebuys=sum(e.rebuys for e in people),
            add_ons=sum(e.add_ons for e in people),
        )
