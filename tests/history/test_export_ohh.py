"""Open Hand History (spec 1.4.6): one ``{"ohh": ...}`` object per hand, hands
separated by a blank line, the specification's game types and actions, a raise's
amount the chips it adds, the flags of boards run twice and bomb pots, and the
tournament's details; each hand read back by the independent reader."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pokerbook.history import play, read_phh
from pokerbook.history.export_model import export_hand
from pokerbook.history.export_ohh import SPEC_VERSION, ohh_file, ohh_object, ohh_text

sys.path.insert(0, str(Path(__file__).parent))  # the export tests' helpers, beside them
from export_readers import OHH_ACTIONS, read_ohh, split_ohh
from export_round_trip import MILLION, round_trip, simulated


def _body(phh: str) -> dict[str, Any]:
    history = read_phh(phh)
    document = ohh_object(export_hand(history, play(history).hand))
    assert list(document) == ["ohh"]
    body: dict[str, Any] = document["ohh"]
    return body


def _actions(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [a for r in body["rounds"] for a in r["actions"]]


def test_a_hand_is_one_ohh_object() -> None:
    body = _body(MILLION)
    assert body["spec_version"] == SPEC_VERSION
    assert body["game_type"] == "Holdem"
    assert body["bet_limit"] == {"bet_cap": 0, "bet_type": "NL"}
    assert (body["small_blind_amount"], body["big_blind_amount"], body["ante_amount"]) == (
        1000,
        2000,
        500,
    )
    assert body["dealer_seat"] == 3
    assert [p["name"] for p in body["players"]] == ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
    assert [r["street"] for r in body["rounds"]] == ["Preflop", "Flop", "Turn", "River", "Showdown"]
    assert {a["action"] for a in _actions(body)} <= OHH_ACTIONS
    numbers = [a["action_number"] for a in _actions(body)]
    assert numbers == sorted(set(numbers))


def test_a_raise_amount_is_the_chips_it_adds() -> None:
    raises = [a for a in _actions(_body(MILLION)) if a["action"] == "Raise"]
    # Dwan opens to 7000; Ivey, in for his 1000 blind, raises to 23000 (adds 22000);
    # on the turn Dwan raises Ivey's 90000 to 232600; Ivey re-raises to 1067100,
    # adding 977100 to his 90000
    assert [(a["player_id"], a["amount"]) for a in raises] == [
        (2, 7000),
        (0, 22000),
        (2, 232600),
        (0, 977100),
    ]
    assert raises[-1]["is_allin"] is True


def test_pots_pay_what_was_called() -> None:
    body = _body(MILLION)
    assert body["pots"] == [
        {
            "number": 0,
            "amount": 1109500,
            "rake": 0,
            "jackpot": 0,
            "player_wins": [{"player_id": 2, "win_amount": 1109500}],
        }
    ]


def test_cards_nobody_saw_are_not_written() -> None:
    dealt = [a for a in _actions(_body(MILLION)) if a["action"] == "Dealt Cards"]
    assert [(a["player_id"], a["cards"]) for a in dealt] == [(0, ["Ac", "2d"]), (2, ["7h", "6h"])]


def test_a_time_in_eastern_time_is_given_in_utc() -> None:
    body = _body(MILLION + 'month = 7\nday = 1\ntime = 23:30:09\ntime_zone_abbreviation = "ET"\n')
    assert body["start_date_utc"] == "2009-07-02T03:30:09Z"


def test_a_tournament_hand_has_its_tournament_info() -> None:
    body = _body(MILLION + "_tournament = 77\n_buy_in = 10\n_fee = 1\n")
    assert body["tournament"] is True
    info = body["tournament_info"]
    assert (info["tournament_number"], info["buyin_amount"], info["fee_amount"]) == ("77", 10, 1)
    assert _body(MILLION)["tournament"] is False


def test_flags_for_boards_run_twice_and_bomb_pots() -> None:
    flags: set[str] = set()
    streets: list[list[str]] = []
    for history in simulated("F01", "no-limit", 20, seed=2, bomb=3, twice=True):
        trip = round_trip(history)
        assert trip.model is not None
        body = ohh_object(trip.model)["ohh"]
        flags.update(body["flags"])
        assert "Bomb_Pot" in body["flags"]
        assert body["rounds"][0]["street"] == "Preflop"
        if "Run_It_Twice" in body["flags"]:
            streets.append([r["street"] for r in body["rounds"]])
    assert flags == {"Bomb_Pot", "Run_It_Twice"}
    # a second run has rounds of its own, in the order they were dealt
    assert any(s.count("River") == 2 for s in streets)


def test_stud_and_draw_rounds() -> None:
    (stud,) = list(simulated("S01", "limit", 1, seed=4))
    body = ohh_object(export_hand(stud, play(stud).hand))["ohh"]
    assert body["game_type"] == "Stud"
    assert body["rounds"][0]["street"] == "Third Street"
    (draw,) = list(simulated("D09", "limit", 1, seed=4))
    body = ohh_object(export_hand(draw, play(draw).hand))["ohh"]
    assert body["game_type"] == "Draw"
    assert body["rounds"][0]["street"] == "Predraw"


def test_a_file_is_blocks_separated_by_a_blank_line() -> None:
    history = read_phh(MILLION)
    model = export_hand(history, play(history).hand)
    text = ohh_file([ohh_text(model), ohh_text(model, indent=2)])
    assert text.count("\n\n") == 2
    bodies = split_ohh(text)
    assert bodies[0] == bodies[1] == json.loads(ohh_text(model))["ohh"]
    assert len(read_ohh(text)) == 2


def test_a_hero_and_an_observed_hand() -> None:
    history = read_phh(MILLION)
    hand = play(history).hand
    body = ohh_object(export_hand(history, hand, hero="Tom Dwan"))["ohh"]
    assert body["hero_player_id"] == 2
    dealt = [a for a in _actions(body) if a["action"] == "Dealt Cards"]
    assert [(a["player_id"], a["cards"]) for a in dealt] == [(2, ["7h", "6h"])]
    watched = ohh_object(export_hand(history, hand, hero="Nobody"))["ohh"]
    assert "Observed" in watched["flags"]
    assert "hero_player_id" not in watched
    assert not [a for a in _actions(watched) if a["action"] == "Dealt Cards"]
