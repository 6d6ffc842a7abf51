"""Open Tournament Summaries of simulated events, read back with a reader written from
the specification: every player gets one, the places and prizes add up, the numbers
stay the same for the same event."""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from pokerbook.history.export_ots import (
    SummaryError,
    ots_object,
    ots_text,
    summaries,
    summary_input,
    tournament_number,
)
from pokerbook.tournament.director import run_tournament
from pokerbook.tournament.structure_file import load_structure
from pokerbook.tournament.summary_event import run_event

sys.path.insert(0, str(Path(__file__).parents[1] / "history"))  # the export readers
from export_ots_reader import Summary, read_summary

REBUY_STRUCTURE = """
name = "Rebuy Turbo"
house = "barge"
profile = "roberts"
games = ["nlhe"]
format = "no-limit"
table_size = 6
players = [2, 200]
buy_in = 20
fee = 2
denominations = [25, 100, 500]
starting_chips = 3000
level_hands = 6
levels = [
    { blinds = [25, 50] },
    { blinds = [50, 100] },
    { blinds = [100, 200] },
    { blinds = [200, 400] },
    { blinds = [500, 1000] },
]
payout_percents = [60, 40]
[rebuys]
until_level = 2
price = 20
chips = 3000
[add_on]
after_level = 2
price = 20
chips = 3000
"""


def event(name: str, players: int, seed: int) -> dict[str, Any]:
    return run_event(load_structure(name), players, seed).to_json()


def read_all(report: dict[str, Any]) -> list[Summary]:
    return [read_summary(ots_text(summary)) for _, summary in summaries(summary_input(report))]


@pytest.fixture(scope="module")
def eighteen() -> dict[str, Any]:
    return event("nlhe", 18, 4)


def test_every_player_gets_a_summary_from_their_own_seat(eighteen: dict[str, Any]) -> None:
    read = read_all(eighteen)
    names = {p["player"] for p in eighteen["places"]}
    assert len(read) == 18
    assert {s.hero for s in read} == names
    for summary in read:
        assert {f.player for f in summary.finishes} == names
        assert summary.player_count == 18
        assert summary.type == "MTT"  # 18 players start at two tables of nine


def test_places_are_one_to_n_and_prizes_sum_to_the_pool(eighteen: dict[str, Any]) -> None:
    summary = read_all(eighteen)[0]
    positions = sorted(f.position or 0 for f in summary.finishes)
    assert positions == list(range(1, 19))
    assert sum(f.prize for f in summary.finishes) == summary.prize_pool == eighteen["pool"]
    winner = next(f for f in summary.finishes if f.position == 1)
    assert winner.player == next(p["player"] for p in eighteen["places"] if p["place"] == 1)
    assert winner.prize == max(f.prize for f in summary.finishes)
    assert not any(f.still_playing for f in summary.finishes)


def test_the_entry_chips_and_clock_come_from_the_structure(eighteen: dict[str, Any]) -> None:
    structure = load_structure("nlhe")
    summary = read_all(eighteen)[0]
    assert (summary.buy_in, summary.fee) == (structure.buy_in, structure.fee)
    assert summary.initial_stack == structure.starting_chips
    assert summary.round_time == structure.level_minutes(structure.levels[0]) * 60
    assert summary.name == structure.name
    assert summary.end is not None
    assert summary.end - summary.start == timedelta(
        seconds=round(eighteen["event"]["minutes"] * 60)
    )
    # a level is reached by the clock: the event ran at least to its last level's start
    assert summary.end - summary.start >= timedelta(minutes=eighteen["levels"][-1]["minute"])


def test_the_same_event_keeps_its_number_and_another_gets_another() -> None:
    one, two, other = event("nlhe", 18, 4), event("nlhe", 18, 4), event("nlhe", 18, 5)
    assert tournament_number(one) == tournament_number(two) != tournament_number(other)
    numbers = {s.number for s in read_all(one)}
    assert numbers == {tournament_number(one)}
    assert len(tournament_number(one)) == 12
    assert tournament_number(one).isdigit()


def test_a_bounty_event_pays_the_bounties_in_the_prizes() -> None:
    report = event("barge-lowball-bounty", 12, 1)
    summary = read_all(report)[0]
    bounty = load_structure("barge-lowball-bounty").bounty
    assert "Bounty" in summary.flags
    assert summary.bounty_fee == bounty
    assert summary.prize_pool == report["pool"] + 12 * bounty
    assert sum(f.prize for f in summary.finishes) == summary.prize_pool
    assert summary.type == "MTT"


def test_rebuys_and_add_ons_are_counted_per_player(tmp_path: Path) -> None:
    source = tmp_path / "rebuy.toml"
    source.write_text(REBUY_STRUCTURE, encoding="utf-8")
    report = run_event(load_structure(str(source)), 14, 2).to_json()
    summary = read_all(report)[0]
    assert "Rebuy" in summary.flags
    assert (summary.rebuy_cost, summary.addon_cost) == (20, 20)
    changes = report["chip_changes"]
    for kind, field in (("rebuy", "rebuys"), ("add-on", "addons")):
        made = sum(1 for c in changes if c["kind"] == kind)
        assert made == sum(getattr(r, field) for r in summary.rebuys) > 0
    assert sum(f.prize for f in summary.finishes) == summary.prize_pool == report["pool"]


def test_a_one_table_event_is_a_single_table_tournament() -> None:
    summary = read_all(event("oresteen", 8, 3))[0]
    assert summary.type == "STT"
    assert summary.flags == []


def test_a_report_without_an_event_record_is_refused_by_name() -> None:
    plain = run_tournament(load_structure("nlhe"), 6, 1).to_json()
    with pytest.raises(SummaryError, match="no event record"):
        summary_input(plain, "plain.json")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("places"), "not a tournament report \\(no 'places'\\)"),
        (lambda r: r.pop("pool"), "no 'pool'"),
        (lambda r: r["event"].pop("buy_in"), "event record lacks buy_in"),
        (lambda r: r["places"][0].update(place=99), "places are not 1 to 18"),
    ],
)
def test_a_broken_report_is_refused_in_one_line(
    eighteen: dict[str, Any], change: Any, message: str
) -> None:
    report = {**eighteen, "places": [dict(p) for p in eighteen["places"]]}
    report["event"] = dict(eighteen["event"])
    change(report)
    with pytest.raises(SummaryError, match=message):
        summary_input(report)


def test_an_unknown_player_is_refused_naming_the_players(eighteen: dict[str, Any]) -> None:
    with pytest.raises(SummaryError, match="no player 'zed' in the event; players: p"):
        ots_object(summary_input(eighteen), "zed")
