"""The director: whole events of every built-in structure, the floor's moves carried out
as the profile decides, shootouts, lammers, rebuys, bounties, absent entrants, the side
game, hand-for-hand play, colour-ups and the simulated clock."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence
from typing import Literal

import pytest

from pokerbook.tournament.balancing import Profile
from pokerbook.tournament.director import Director, DirectorError, run_tournament
from pokerbook.tournament.event_clock import TYPICAL_ACTIONS, LevelClock, hand_seconds
from pokerbook.tournament.model import FloorDecision, FloorTable
from pokerbook.tournament.report import TournamentReport
from pokerbook.tournament.shootout import shootout_rounds
from pokerbook.tournament.structure import Deal, Rebuys
from pokerbook.tournament.structure_file import load_structure, structure_names


class Decisions:
    """A house profile that keeps every decision it makes."""

    def __init__(self, inner: Profile) -> None:
        self.inner = inner
        self.name = inner.name
        self.made: list[FloorDecision] = []

    def tolerance(self, tables: int) -> int:
        return self.inner.tolerance(tables)

    def decide(
        self, tables: Sequence[FloorTable], finished: int, started_tables: int, rng: random.Random
    ) -> FloorDecision:
        decision = self.inner.decide(tables, finished, started_tables, rng)
        self.made.append(decision)
        return decision


def field_of(name: str, wanted: int) -> int:
    structure = load_structure(name)
    return max(structure.min_players, min(structure.max_players, wanted))


def places_of(report: TournamentReport) -> dict[str, int]:
    return {p["player"]: p["place"] for p in report.places}


@pytest.mark.parametrize("name", structure_names())
def test_every_built_in_structure_plays_to_one_winner(name: str) -> None:
    players = field_of(name, 24)
    report = run_tournament(load_structure(name), players, 11, check=True)
    assert sorted(p["place"] for p in report.places) == list(range(1, players + 1))
    assert next(p["place"] for p in report.places) == 1
    assert report.hands > 0
    assert report.table_sizes[-1]["sizes"] in ([1], [])
    assert sum(p["prize"] for p in report.places) == report.pool


@pytest.mark.parametrize("name", ["nlhe", "barge-horse", "oresteen"])
def test_moves_are_the_profiles_moves_in_order(name: str) -> None:
    director = Director(load_structure(name), field_of(name, 40), 3)
    decisions = Decisions(director.profile)
    director.profile = decisions
    report = director.run()
    made = [
        (m.player, list(m.source), list(m.target), m.reason)
        for d in decisions.made
        for m in d.moves
    ]
    recorded = [(m["player"], m["from"], m["to"], m["reason"]) for m in report.moves]
    assert recorded == made
    assert made  # the fields are big enough that the floor moves somebody


def test_the_same_seed_plays_the_same_event() -> None:
    one = run_tournament(load_structure("nlhe"), 60, 9).to_json()
    two = run_tournament(load_structure("nlhe"), 60, 9).to_json()
    one.pop("seconds")
    two.pop("seconds")
    assert json.dumps(one) == json.dumps(two)
    three = run_tournament(load_structure("nlhe"), 60, 10).to_json()
    assert three["places"] != one["places"]


def test_a_field_the_structure_does_not_take_is_refused() -> None:
    with pytest.raises(DirectorError, match="oresteen takes 5 to 16 players, not 17"):
        run_tournament(load_structure("oresteen"), 17, 1)


def test_000_1_3_3_shootout_tables_play_down_and_winners_are_redrawn() -> None:
    structure = load_structure("barge-shootout")
    assert structure.shootout is not None
    players = 75
    rounds = shootout_rounds(players, structure.table_size, structure.shootout.advance)
    report = run_tournament(structure, players, 4, check=True)
    assert sorted(report.table_sizes[0]["sizes"], reverse=True) == rounds[0]  # E-36
    assert {m["reason"] for m in report.moves} == {"redraw"}  # no balancing
    redraws: dict[int, int] = {}
    for move in report.moves:
        redraws[move["hand"]] = redraws.get(move["hand"], 0) + 1
    assert list(redraws.values()) == [sum(r) for r in rounds[1:]]
    counts = [len(s["sizes"]) for s in report.table_sizes]
    for later in rounds[1:]:
        assert len(later) in counts


def test_e35_lammers_are_turned_in_before_anyone_goes_out() -> None:
    structure = load_structure("barge-lammers-plo")
    assert structure.lammers is not None
    report = run_tournament(structure, 30, 2, check=True)
    lammers: dict[str, int] = {}
    for change in report.chip_changes:
        if change["kind"] == "lammer":
            assert change["chips"] % structure.lammers.chips == 0
            lammers[change["player"]] = lammers.get(change["player"], 0) + change["chips"]
    every = structure.lammers.count * structure.lammers.chips
    placed = [p["player"] for p in report.places if p["place"] > 1]
    assert placed
    for player in placed:  # a bust with lammers left redeems one: nobody goes out holding any
        assert lammers.get(player, 0) == every


def test_001_r33_rebuys_are_paid_into_the_pool() -> None:
    base = load_structure("nlhe")
    rebuys = Rebuys(until_level=4, price=base.buy_in, chips=base.starting_chips)
    report = run_tournament(dataclasses.replace(base, rebuys=rebuys), 40, 5, check=True)
    bought = [c for c in report.chip_changes if c["kind"] == "rebuy"]
    assert bought
    assert all(c["chips"] == base.starting_chips for c in bought)
    assert report.pool == base.buy_in * report.entries + rebuys.price * len(bought)


def test_001_r5_late_entrants_and_re_entries_are_seated_and_placed() -> None:
    base = load_structure("nlhe")
    structure = dataclasses.replace(base, late_until_level=3, re_entries=2)
    report = run_tournament(structure, 100, 6, check=True)
    late = [c for c in report.chip_changes if c["kind"] == "entry" and c["after_hand"] > 0]
    assert late
    re_entries = [c for c in report.chip_changes if c["kind"] == "re-entry"]
    assert report.entries == 100 + len(re_entries)
    assert sorted(places_of(report).values()) == list(range(1, 101))


def test_000_1_3_1_bounties_go_to_the_eliminators_and_the_winner_keeps_their_own() -> None:
    structure = load_structure("barge-lowball-bounty")
    assert structure.bounty > 0
    report = run_tournament(structure, 40, 8, check=True)
    assert report.bounty_money == structure.bounty * report.entries
    assert sum(p["bounties"] for p in report.places) == report.bounty_money
    assert all(p["bounties"] % structure.bounty == 0 for p in report.places)
    winner = next(p for p in report.places if p["place"] == 1)
    assert winner["bounties"] >= structure.bounty


def test_001_r4_absent_entrants_chips_are_removed_and_they_are_placed() -> None:
    structure = load_structure("nlhe")
    assert structure.absent is not None
    report = run_tournament(structure, 300, 2, check=True)
    removed = [c for c in report.chip_changes if c["kind"] == "absent-removed"]
    assert removed
    places = places_of(report)
    for change in removed:
        assert change["chips"] < 0
        assert places[change["player"]] > 1


def test_004_r111_side_game_starts_after_three_are_out_and_others_join() -> None:
    structure = load_structure("oresteen")
    rule = structure.side_game
    assert rule is not None
    report = run_tournament(structure, 16, 3, check=True)
    side = report.side_game
    assert side is not None
    seated = len(side["players"])
    assert seated >= rule.after_busts  # two may go out in the same hand
    worst = sorted(report.places, key=lambda p: -p["place"])
    assert sorted(side["players"]) == sorted(p["player"] for p in worst[:seated])
    joined = [j["player"] for j in side["joined"]]
    later = [p["player"] for p in worst[seated:] if p["place"] > 1]
    assert sorted(joined + side["waiting"]) == sorted(later)  # everyone out later
    assert joined
    assert side["ante"] == rule.ante
    assert side["hands"] > 0
    assert set(side["nets"]) == set(side["players"]) | set(joined)
    assert sum(side["nets"].values()) == 0


def test_hand_for_hand_at_the_bubble_deals_rounds_of_every_table() -> None:
    structure = load_structure("nlhe")
    rounds = []
    for seed in range(12):
        rounds += run_tournament(structure, 90, seed, check=True).hand_for_hand
    assert rounds  # some event went hand for hand
    paid = structure.paid_places(90)
    for played in rounds:
        assert played["players"] == paid + 1
        assert played["tables"] > 1


def test_001_r8_colour_ups_race_at_every_table_before_the_level_is_dealt() -> None:
    report = run_tournament(load_structure("barge-horse"), 60, 5, check=True)
    assert report.chip_races
    by_level: dict[int, list[dict[str, int]]] = {}
    for race in report.chip_races:
        by_level.setdefault(race["level"], []).append(
            {"after_hand": race["after_hand"], "table": race["table"]}
        )
    first_deal = {lv["level"]: lv["after_hand"] for lv in report.levels}
    for level, races in by_level.items():
        hands = {r["after_hand"] for r in races}
        assert len(hands) == 1  # every table at the same moment
        assert len({r["table"] for r in races}) == len(races)
        assert first_deal[level] >= hands.pop()


def test_001_r7_levels_start_on_the_schedule() -> None:
    structure = load_structure("nlhe")
    report = run_tournament(structure, 200, 1)
    starts = {lv.number: start for start, _end, lv in structure.schedule() if lv is not None}
    numbers = [lv["level"] for lv in report.levels]
    assert numbers == list(range(1, len(numbers) + 1))
    for level in report.levels:
        assert level["minute"] == pytest.approx(starts[level["level"]])
    hands = [lv["after_hand"] for lv in report.levels]
    assert hands == sorted(hands)


def test_a_hand_takes_half_its_time_fixed_and_half_by_its_actions() -> None:
    assert hand_seconds(120, TYPICAL_ACTIONS * 9, 9) == pytest.approx(120)
    assert hand_seconds(120, 0, 9) == pytest.approx(60)
    assert hand_seconds(120, TYPICAL_ACTIONS * 18, 9) == pytest.approx(180)


def test_progress_reports_players_left_down_to_the_winner() -> None:
    seen: list[tuple[int, int]] = []
    run_tournament(load_structure("nlhe"), 30, 2, progress=lambda left, n: seen.append((left, n)))
    assert seen[-1] == (1, 30)
    lefts = [left for left, _ in seen]
    assert lefts == sorted(lefts, reverse=True)


def test_a_deal_wanted_in_a_break_starts_when_the_break_ends() -> None:
    structure = load_structure("nlhe")
    clock = LevelClock(structure)
    breaks = [(start, end) for start, end, lv in structure.schedule() if lv is None]
    assert breaks
    start, end = breaks[0]
    assert clock.start_time(start * 60 + 1) == pytest.approx(end * 60)
    assert clock.start_time(start * 60 - 1) == pytest.approx(start * 60 - 1)
    after = clock.level(end * 60, 0)
    before = clock.level(start * 60 - 1, 0)
    assert after.number == before.number + 1


def test_levels_in_hands_count_each_tables_own_and_new_tables_count_on() -> None:
    structure = load_structure("nlhe")
    counted = dataclasses.replace(
        structure,
        levels=tuple(dataclasses.replace(lv, minutes=None, hands=5) for lv in structure.levels),
    )
    clock = LevelClock(counted)
    assert clock.by_hands
    assert clock.level(10_000.0, 0).number == 1
    assert clock.level(0.0, 4).number == 1
    assert clock.level(0.0, 5).number == 2
    assert clock.level(0.0, 10**6).number == len(counted.levels)
    director = Director(counted, 30, 1)
    director.floor.most_hands = 12
    director.floor.open_table(99)
    assert director.floor.table_hands(99) == 12
    assert director.plan.level(0.0, director.floor.table_hands(99)).number == 3


@pytest.mark.parametrize("by", ["icm", "chop", "even"])
def test_004_r109_a_deal_splits_the_prizes_left_and_ends_the_event(
    by: Literal["icm", "chop", "even"],
) -> None:
    structure = dataclasses.replace(
        load_structure("nlhe"), deal=Deal(players=3, by=by), payout_percents=(50, 30, 20)
    )
    players = 30
    report = run_tournament(structure, players, 4, check=True)
    assert report.deal is not None
    assert report.deal["by"] == by
    dealt = report.deal["players"]
    assert len(dealt) == 3
    chips = [d["chips"] for d in dealt]
    assert chips == sorted(chips, reverse=True)
    assert sum(chips) == report.chips[-1]["total"]
    # the deal pays exactly the three prizes left; the places follow the chips
    top = sorted(report.places, key=lambda p: p["place"])[:3]
    assert [p["player"] for p in top] == [d["player"] for d in dealt]
    assert [p["prize"] for p in top] == [d["prize"] for d in dealt]
    assert sum(d["prize"] for d in dealt) == sum(structure.prizes(players, report.pool)[:3])
    assert sum(p["prize"] for p in report.places) == report.pool
    assert sorted(p["place"] for p in report.places) == list(range(1, players + 1))
    if by == "even":
        assert max(d["prize"] for d in dealt) - min(d["prize"] for d in dealt) <= 1
