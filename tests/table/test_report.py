"""The night's report: its schema, and that it agrees with the hands and the ledger."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pokerbook.bots import get_policy
from pokerbook.games.catalogue import games
from pokerbook.table.night_file import builtin_nights
from pokerbook.table.play import GameNight
from pokerbook.table.report import REPORT_VERSION, ReportFile, night_report

HAND_KEYS = {
    "bug",
    "to_house",
    "number",
    "game",
    "format",
    "button",
    "chooser",
    "dealt",
    "sat_out",
    "deltas",
    "carried",
    "carried_won",
    "carried_in",
    "rebuys",
    "busted",
    "killer",
    "straddles",
    "doubled",
    "overs",
    "show_em",
    "notices",
}
PLAYER_KEYS = {"seat", "name", "buy_in", "rebuys", "rebuy_count", "cash_out", "net"}


def report_of(key: str, players: int, hands: int, seed: int) -> dict[str, Any]:
    night = builtin_nights()[key]
    table = GameNight(night, [get_policy("random") for _ in range(players)], seed)
    results = list(table.play(hands))
    ledger = table.finish()
    report = night_report(night, table.seats, results, ledger, seed=seed, ended=table.ended)
    decoded: dict[str, Any] = json.loads(json.dumps(report))  # JSON through and through
    return decoded


def test_the_report_has_the_night_seats_hands_and_ledger() -> None:
    report = report_of("oresteen-dealers-choice", 5, 40, seed=2)
    assert report["version"] == REPORT_VERSION
    assert set(report) == {
        "version",
        "night",
        "seed",
        "seats",
        "hands_played",
        "ended",
        "hands",
        "ledger",
    }
    assert report["night"]["key"] == "oresteen-dealers-choice"
    assert report["night"]["house"] == "oresteen"
    assert report["night"]["selection"] == "dealers-choice"
    assert report["seats"][0] == {"seat": 0, "name": "p1", "buy_in": 5000}
    assert report["hands_played"] == len(report["hands"]) == 40


def test_each_hand_names_a_catalogue_game_the_button_and_a_delta_per_seat() -> None:
    report = report_of("barge-26", 6, 30, seed=1)
    for number, hand in enumerate(report["hands"], 1):
        assert set(hand) == HAND_KEYS
        assert hand["number"] == number
        assert hand["game"] in games()
        assert hand["game"] in report["night"]["games"]
        assert 0 <= hand["button"] < 6
        assert hand["button"] in hand["dealt"]
        assert len(hand["deltas"]) == 6
        assert all(isinstance(d, int) for d in hand["deltas"])
        assert sum(hand["deltas"]) == hand["carried_won"] - hand["carried"] - hand["to_house"]
        assert hand["chooser"] is None  # a rotation


def test_dealers_choice_hands_name_who_chose() -> None:
    report = report_of("oresteen-holdem-night", 4, 10, seed=3)
    assert all(h["chooser"] == h["button"] for h in report["hands"])


def test_the_ledger_gives_each_players_net_and_a_settlement_that_pays_it() -> None:
    report = report_of("horse", 4, 80, seed=6)
    players = report["ledger"]["players"]
    assert [p["name"] for p in players] == ["p1", "p2", "p3", "p4"]
    for player in players:
        assert set(player) == PLAYER_KEYS
        assert player["net"] == player["cash_out"] - player["buy_in"] - player["rebuys"]
    assert sum(p["net"] for p in players) == 0
    received = {p["name"]: 0 for p in players}
    for payment in report["ledger"]["settlement"]:
        received[payment["payee"]] += payment["amount"]
        received[payment["payer"]] -= payment["amount"]
    assert received == {p["name"]: p["net"] for p in players}
    kinds = {e["kind"] for e in report["ledger"]["entries"]}
    assert {"buy-in", "cash-out"} <= kinds


def test_the_deltas_add_up_to_each_players_net_when_no_pot_is_left_waiting() -> None:
    report = report_of("horse", 5, 60, seed=9)
    for player in report["ledger"]["players"]:
        seat = player["seat"]
        won = sum(h["deltas"][seat] for h in report["hands"])
        assert won == player["net"]


def test_a_report_written_hand_by_hand_is_the_whole_report(tmp_path: Path) -> None:
    """:class:`ReportFile` streams the same JSON :func:`night_report` builds at the end,
    a tournament's places included."""
    for key, players in (("horse", 4), ("oresteen-tournament-night", 6)):
        night = builtin_nights()[key]
        table = GameNight(night, [get_policy("random") for _ in range(players)], 4)
        path = tmp_path / f"{key}.json"
        results = []
        with ReportFile(path, night, table.seats, seed=4) as report:
            for result in table.play(40):
                report.add(result)
                results.append(result)
            ledger = table.finish()
            report.finish(ledger, ended=table.ended, tournament=table.tournament)
        whole = night_report(
            night,
            table.seats,
            results,
            ledger,
            seed=4,
            ended=table.ended,
            tournament=table.tournament,
        )
        assert json.loads(path.read_text(encoding="utf-8")) == json.loads(json.dumps(whole))
        assert report.hands == len(results) > 0


def test_a_report_of_no_hands_is_still_json(tmp_path: Path) -> None:
    night = builtin_nights()["horse"]
    table = GameNight(night, [get_policy("call") for _ in range(3)], 1)
    path = tmp_path / "empty.json"
    with ReportFile(path, night, table.seats, seed=1) as report:
        report.finish(table.finish())
    decoded = json.loads(path.read_text(encoding="utf-8"))
    assert decoded["hands"] == []
    assert decoded["hands_played"] == 0
