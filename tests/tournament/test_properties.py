"""Properties of whole simulated tournaments, over many seeds and field sizes: places,
prize money, chips, table sizes, redraws, chip races and every balance move."""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerbook.tournament.balancing import Profile
from pokerbook.tournament.director import Director
from pokerbook.tournament.model import FloorDecision, FloorTable
from pokerbook.tournament.report import TournamentReport
from pokerbook.tournament.structure import Rebuys, Structure
from pokerbook.tournament.structure_file import load_structure


class Recorder:
    """A house profile that keeps every decision with the tables it was made on."""

    def __init__(self, inner: Profile) -> None:
        self.inner = inner
        self.name = inner.name
        self.calls: list[tuple[list[FloorTable], int, FloorDecision]] = []

    def tolerance(self, tables: int) -> int:
        return self.inner.tolerance(tables)

    def decide(
        self, tables: Sequence[FloorTable], finished: int, started_tables: int, rng: random.Random
    ) -> FloorDecision:
        before = copy.deepcopy(list(tables))
        decision = self.inner.decide(tables, finished, started_tables, rng)
        self.calls.append((before, finished, decision))
        return decision


def play(structure: Structure, players: int, seed: int) -> tuple[TournamentReport, Recorder]:
    director = Director(structure, players, seed, check=True)
    recorder = Recorder(director.profile)
    director.profile = recorder
    return director.run(), recorder


def check_places_and_money(report: TournamentReport) -> None:
    places = sorted(p["place"] for p in report.places)
    assert places == list(range(1, report.entrants + 1))
    assert len({p["player"] for p in report.places}) == report.entrants
    paid = sum(p["prize"] + p["bounties"] for p in report.places)
    assert paid == report.pool + report.bounty_money


def check_chips(report: TournamentReport) -> None:
    """Every record of the chips in play is the chips put in and taken out by then."""
    changes = [(c["after_hand"], c["chips"]) for c in report.chip_changes]
    changes += [(r["after_hand"], r["change"]) for r in report.chip_races]
    assert len(report.chips) == len(report.table_sizes)
    for chips, sizes in zip(report.chips, report.table_sizes, strict=True):
        assert chips["after_hand"] == sizes["after_hand"]
        expected = sum(c for hand, c in changes if hand <= chips["after_hand"])
        assert chips["total"] == expected


def check_races(report: TournamentReport) -> None:
    """001 r.8: nobody is raced out of the event."""
    for race in report.chip_races:
        for before, after in zip(race["before"], race["after"], strict=True):
            assert before == 0 or after > 0


def first_player(table: FloorTable) -> int:
    return next(s for s in table.due_order if table.seats[s] is not None)


def first_empty(table: FloorTable) -> int:
    return next(s for s in table.due_order if table.seats[s] is None)


def check_roberts_moves(recorder: Recorder) -> None:
    """001 r.14: every balance move takes the player due the big blind to the earliest
    seat due the big blind; r.16: after the floor acts, the table that finished has no
    more players than the tolerance over the smallest table (unless a table is due to
    break, which comes first)."""
    for before, finished, decision in recorder.calls:
        tables = {t.number: t for t in before}
        for move in decision.moves if not decision.redraw else ():
            source = tables[move.source[0]]
            target = tables[move.target[0]]
            if move.reason == "balance" and not source.stud:
                assert move.source[1] - 1 == first_player(source), move
                assert move.target[1] - 1 == first_empty(target), move
            source.seats[move.source[1] - 1] = None
            target.seats[move.target[1] - 1] = move.player
        if decision.redraw:
            continue
        for number in decision.broken:
            tables.pop(number)
        sizes = [t.size for t in tables.values()]
        seats = len(before[0].seats)
        breaking = sum(sizes) <= (len(tables) - 1) * seats  # a break is due: it comes first
        if finished in tables and len(tables) > 1 and not breaking:
            assert tables[finished].size - min(sizes) <= recorder.tolerance(len(tables))


def check_breaks(recorder: Recorder) -> int:
    """001 r.12: the tables the field no longer needs are the highest-numbered ones (the
    pre-set order), and each breaks as soon as its hand is over: a decision after a
    hand at one of them breaks it, and nobody is moved to one; how many breaks."""
    breaks = 0
    for before, finished, decision in recorder.calls:
        if decision.redraw or decision.halt:  # a redraw (001 r.17), or waiting for one
            continue
        seats = len(before[0].seats)
        numbers = sorted(t.number for t in before)
        needed = max(1, math.ceil(sum(t.size for t in before) / seats))
        spare = numbers[needed:]
        if finished in spare:
            assert finished in decision.broken, (finished, spare, decision.broken)
            breaks += 1
        assert set(decision.broken) <= set(spare)
        assert not any(move.target[0] in spare for move in decision.moves)
    return breaks


def check_quiet_rounds(recorder: Recorder) -> int:
    """After a quiet round (every open table has ended a hand since anyone went out,
    arrived, or a table broke, was redrawn or halted), table sizes are within the
    profile's tolerance; how many times that was checked."""
    quiet: set[int] = set()
    last_total = -1
    checked = 0
    for before, finished, decision in recorder.calls:
        tables = {t.number: list(t.seats) for t in before}
        total = sum(sum(p is not None for p in seats) for seats in tables.values())
        if total != last_total or decision.broken or decision.redraw or decision.halt:
            quiet.clear()
            last_total = total
        if decision.broken or decision.redraw or decision.halt:
            continue
        quiet.add(finished)
        for move in decision.moves:
            tables[move.source[0]][move.source[1] - 1] = None
            tables[move.target[0]][move.target[1] - 1] = move.player
        if quiet >= set(tables) and len(tables) > 1:
            sizes = [sum(p is not None for p in seats) for seats in tables.values()]
            assert max(sizes) - min(sizes) <= recorder.tolerance(len(tables)), sizes
            checked += 1
    return checked


def check_redraws(report: TournamentReport, started_tables: int) -> None:
    """001 r.17: events of three or more tables redraw every seat at two tables and at
        one; each redraw moves every player still in (the records before and after it
    bound them: an absent entrant's chips may be removed at the deal that follows)."""
    redraws: dict[int, int] = {}
    for move in report.moves:
        if move["reason"] == "redraw":
            redraws[move["hand"]] = redraws.get(move["hand"], 0) + 1
    if started_tables < 3:
        assert not redraws
        return
    counts = {len(s["sizes"]) for s in report.table_sizes}
    assert len(redraws) >= (2 if 2 in counts else 1)
    players = [(s["after_hand"], sum(s["sizes"])) for s in report.table_sizes]
    for hand, moved in redraws.items():
        # everyone in at the redraw: no more than before it, no fewer than after it
        before = [count for after, count in players if after < hand][-1]
        after = next(count for at, count in players if at == hand)
        assert after <= moved <= before


def check_final_table_redraw(report: TournamentReport) -> None:
    """tda: the only redraw is the final table's, in events that started with three or
    more tables; it moves every player still in to the one table left."""
    hands = sorted({m["hand"] for m in report.moves if m["reason"] == "redraw"})
    if len(report.table_sizes[0]["sizes"]) < 3:
        assert not hands
        return
    assert len(hands) == 1
    at = next(s for s in report.table_sizes if s["after_hand"] == hands[0])
    assert len(at["sizes"]) == 1


FIELDS = st.integers(min_value=20, max_value=150)
SEEDS = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=FIELDS, seed=SEEDS)
def test_nlhe_places_prizes_chips_moves_and_redraws(players: int, seed: int) -> None:
    report, recorder = play(load_structure("nlhe"), players, seed)
    check_places_and_money(report)
    check_chips(report)
    check_races(report)
    check_roberts_moves(recorder)
    check_quiet_rounds(recorder)
    check_breaks(recorder)
    check_redraws(report, len(report.table_sizes[0]["sizes"]))


@pytest.mark.parametrize("name", ["nlhe", "barge-horse", "barge-lowball-bounty", "oresteen"])
def test_every_profile_keeps_sizes_within_tolerance_after_a_quiet_round(name: str) -> None:
    structure = load_structure(name)
    players = min(structure.max_players, 150)
    checked = 0
    for seed in range(3):
        _, recorder = play(structure, players, seed)
        checked += check_quiet_rounds(recorder)
    assert checked  # quiet rounds happen


@pytest.mark.parametrize(
    "name",
    [
        "barge-lammers-plo",
        "barge-lowball-bounty",
        "barge-shootout",
        "barge-jam-or-fold-short-deck-omaha",
        "barge-bomb-pot",
    ],
)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=20, max_value=70), seed=SEEDS)
def test_barge_events_place_everyone_and_account_for_every_chip(
    name: str, players: int, seed: int
) -> None:
    structure = load_structure(name)
    report, _ = play(structure, players, seed)
    check_places_and_money(report)
    check_chips(report)
    check_races(report)
    if structure.profile == "tda" and structure.shootout is None:
        check_final_table_redraw(report)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=20, max_value=100), seed=SEEDS)
def test_rebuys_and_re_entries_keep_prizes_and_chips_whole(players: int, seed: int) -> None:
    base = load_structure("nlhe")
    structure = dataclasses.replace(
        base,
        rebuys=Rebuys(until_level=3, price=base.buy_in, chips=base.starting_chips, most=2),
        re_entries=1,
        late_until_level=2,
    )
    report, recorder = play(structure, players, seed)
    check_places_and_money(report)
    check_chips(report)
    check_roberts_moves(recorder)
    assert report.entries >= report.entrants
    kinds = {c["kind"] for c in report.chip_changes}
    assert "entry" in kinds


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=5, max_value=16), seed=SEEDS)
def test_oresteen_fields_of_5_to_16(players: int, seed: int) -> None:
    report, _ = play(load_structure("oresteen"), players, seed)
    check_places_and_money(report)
    check_chips(report)


@pytest.mark.slow
@pytest.mark.parametrize("players", [300, 600])
@pytest.mark.parametrize("seed", [1, 2])
def test_big_nlhe_fields_hold_every_property(players: int, seed: int) -> None:
    report, recorder = play(load_structure("nlhe"), players, seed)
    check_places_and_money(report)
    check_chips(report)
    check_races(report)
    check_roberts_moves(recorder)
    assert check_breaks(recorder) > 0
    check_redraws(report, len(report.table_sizes[0]["sizes"]))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["barge-horse", "barge-26"])
def test_mixed_games_with_colour_ups(name: str) -> None:
    report, _ = play(load_structure(name), 120, 5)
    check_places_and_money(report)
    check_chips(report)
    check_races(report)
    assert report.chip_races
