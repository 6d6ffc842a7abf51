"""The tournament report: its fields in order, its records' shapes, and the file written
whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerbook.tournament.director import run_tournament
from pokerbook.tournament.report import TournamentReport, write_report
from pokerbook.tournament.structure_file import load_structure

FIELDS = [
    "version", "structure", "seed", "entrants", "entries", "hands", "pool", "bounty_money",
    "places", "moves", "table_sizes", "chips", "levels", "chip_races", "chip_changes",
    "side_game", "hand_for_hand", "deal", "seconds",
]  # fmt: skip


@pytest.fixture(scope="module")
def report() -> TournamentReport:
    return run_tournament(load_structure("barge-horse"), 40, 2)


def test_the_fields_in_order(report: TournamentReport) -> None:
    data = report.to_json()
    assert list(data) == FIELDS
    assert data["structure"] == "barge-horse"
    assert data["seed"] == 2
    assert data["entrants"] == 40
    assert data["hands"] == report.hands > 0


def test_places_from_first_with_prize_and_bounties(report: TournamentReport) -> None:
    places = report.to_json()["places"]
    assert [p["place"] for p in places] == list(range(1, 41))
    assert all(list(p) == ["player", "place", "prize", "bounties"] for p in places)
    prizes = [p["prize"] for p in places]
    assert prizes == sorted(prizes, reverse=True)


def test_moves_name_the_hand_player_seats_and_reason(report: TournamentReport) -> None:
    moves = report.to_json()["moves"]
    assert moves
    for move in moves:
        assert list(move) == ["hand", "player", "from", "to", "reason"]
        assert move["reason"] in ("balance", "break", "redraw")
        assert len(move["from"]) == len(move["to"]) == 2
        assert min(move["from"] + move["to"]) >= 1  # tables and seats from 1
    hands = [m["hand"] for m in moves]
    assert hands == sorted(hands)


def test_table_sizes_and_chips_one_each_in_hand_order(report: TournamentReport) -> None:
    data = report.to_json()
    sizes, chips = data["table_sizes"], data["chips"]
    assert len(sizes) == len(chips)
    hands = [s["after_hand"] for s in sizes]
    assert hands == sorted(set(hands))  # one record for each count of hands, in order
    assert [c["after_hand"] for c in chips] == hands
    assert sizes[0]["after_hand"] == 0
    assert sum(sizes[0]["sizes"]) == 40
    assert sizes[-1]["sizes"] == [1]


def test_levels_races_and_chip_changes_shapes(report: TournamentReport) -> None:
    data = report.to_json()
    assert data["levels"][0] == {"level": 1, "minute": 0.0, "after_hand": 0}
    race_keys = [
        "after_hand", "level", "table", "removed", "denomination", "before", "after",
        "cards", "change",
    ]  # fmt: skip
    assert data["chip_races"]
    for race in data["chip_races"]:
        assert list(race) == race_keys
        assert race["change"] == sum(race["after"]) - sum(race["before"])
    first = data["chip_changes"][0]
    assert list(first) == ["after_hand", "player", "kind", "chips"]
    assert first["kind"] == "entry"


def test_written_whole_and_read_back(report: TournamentReport, tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_text("old", encoding="utf-8")
    write_report(report, path)
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(json.dumps(report.to_json()))
    assert [p.name for p in tmp_path.iterdir()] == ["event.json"]  # no temporary file left


def test_a_failed_write_leaves_the_old_file(report: TournamentReport, tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_text("old", encoding="utf-8")
    report.side_game = {"unwritable": object()}
    try:
        with pytest.raises(TypeError):
            write_report(report, path)
    finally:
        report.side_game = None
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["event.json"]


def test_summary_names_winner_hands_tables_moves_races_and_time(report: TournamentReport) -> None:
    text = "\n".join(report.summary())
    assert f"winner: {report.winner} of 40 entrants" in text
    assert f"hands: {report.hands} at up to {report.tables} tables" in text
    assert f"moves: {len(report.moves)}, chip races: {len(report.chip_races)}" in text
    assert " s (" in text
