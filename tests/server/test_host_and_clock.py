"""The host's controls, the clock, spectators and dealer's choice, through the API."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.server.conftest import Seated, open_table, passive

from pokerbook.games.bug import base_id
from pokerbook.server.table import Table
from pokerbook.table.play import GameNight


def table_of(seated: Seated) -> Table:
    table: Table = seated.client.app.state.server.runners[seated.table].table  # type: ignore[attr-defined]
    return table


def night_of(seated: Seated) -> GameNight:
    driver = table_of(seated).driver
    assert driver is not None
    return driver.table


def until(done: Callable[[], bool], timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise AssertionError("it did not happen in time")
        time.sleep(0.01)


def play_hand(seated: Seated, skip: int | None = None) -> None:
    """The people (but ``skip``) play passively until the hand being dealt is over."""
    table = table_of(seated)
    until(lambda: table.in_hand or table.status == "ended")
    count = len(table.hands)
    while len(table.hands) == count and table.status != "ended":
        state = seated.state()
        to_act = state["to_act"]
        if to_act is None or to_act - 1 not in seated.tokens or to_act - 1 == skip:
            time.sleep(0.01)
            continue
        legal = seated.state(to_act - 1)["legal"]
        if legal and legal[0]["action"] != "game":
            seated.act(to_act - 1, passive(legal))  # (409 if the turn moved on: look again)


def pause_between_hands(seated: Seated) -> None:
    """Play the hand out and pause before the next deal (the table waits 0.5 s)."""
    play_hand(seated)
    assert seated.host_do(do="pause").status_code == 200
    assert not table_of(seated).in_hand


def ledger_rows(seated: Seated) -> list[list[str]]:
    reply = seated.client.get(f"/api/tables/{seated.table}/ledger.csv")
    assert reply.status_code == 200
    return list(csv.reader(io.StringIO(reply.text)))


def chips_are_conserved(seated: Seated) -> None:
    night = night_of(seated)
    assert night.ledger.in_play == night.chips_at_table


# -- seats ----------------------------------------------------------------------------
def test_with_approval_a_join_waits_for_the_host_who_seats_or_refuses_it(
    client: TestClient,
) -> None:
    made = client.post("/api/tables", json={"game": "F01", "approval": True}).json()
    seated = Seated(client, made["table"], made["host_token"])
    ann = seated.post("join", {"name": "ann"})
    assert ann.status_code == 202
    asked = ann.json()
    assert asked["waiting"] is True
    assert asked["seat"] is None
    assert seated.post("join", {"name": "ann"}).status_code == 409  # (already waiting)
    bob = seated.post("join", {"name": "bob"}).json()
    ann_state = client.get(f"/api/tables/{seated.table}/state", headers=seated.auth(asked["token"]))
    assert ann_state.json()["you"] is None
    host_state = client.get(f"/api/tables/{seated.table}/state", headers=seated.auth(seated.host))
    assert host_state.json()["requests"] == [
        {"id": asked["request"], "name": "ann"},
        {"id": bob["request"], "name": "bob"},
    ]
    assert seated.state()["requests"] is None  # (the host's alone)

    approved = seated.host_do(do="approve", request=asked["request"])
    assert approved.status_code == 200
    seated.tokens[approved.json()["seat"] - 1] = asked["token"]
    assert seated.state(approved.json()["seat"] - 1)["you"] == approved.json()["seat"]

    assert seated.host_do(do="refuse", request=bob["request"]).status_code == 200
    assert seated.host_do(do="approve", request=bob["request"]).status_code == 404
    bob_state = client.get(f"/api/tables/{seated.table}/state", headers=seated.auth(bob["token"]))
    assert bob_state.json()["you"] is None
    assert [s["name"] for s in seated.state()["seats"] if s["name"]] == ["ann"]


def test_the_host_seats_bots_that_play_by_themselves(client: TestClient) -> None:
    seated = open_table(client, 1, bots=1, hands=2)
    assert seated.post("join", {"bot": "nope"}, seated.host).status_code == 400
    bots = [s for s in seated.state()["seats"] if s["name"] and s["bot"]]
    assert [(b["name"], b["bot"]) for b in bots] == [("bot 1", "call")]
    play_hand(seated)
    play_hand(seated)
    assert seated.state()["status"] == "ended"
    assert len(table_of(seated).hands) == 2


def test_pause_stops_actions_and_new_hands_until_resume(client: TestClient) -> None:
    seated = open_table(client, 2, between_hands=0.5)
    table = table_of(seated)
    seat = seated.wait_for_turn()["to_act"] - 1
    assert seated.host_do(do="pause").status_code == 200
    version = table.version
    refused = seated.act(seat, "f")
    assert refused.status_code == 409
    assert "paused" in refused.json()["error"]
    assert table.version == version
    assert seated.host_do(do="pause").status_code == 409  # (already paused)
    assert seated.host_do(do="resume").status_code == 200
    assert seated.act(seat, "f").status_code == 200  # heads-up: the hand is over
    assert seated.host_do(do="pause").status_code == 200
    time.sleep(0.8)
    assert not table.in_hand
    assert len(table.hands) == 1
    assert seated.state()["status"] == "paused"
    assert seated.host_do(do="resume").status_code == 200
    until(lambda: table.in_hand)


def test_a_kick_mid_hand_waits_for_the_hand_end_and_between_hands_is_at_once(
    client: TestClient,
) -> None:
    seated = open_table(client, 4, between_hands=0.5)
    table = table_of(seated)
    until(lambda: table.in_hand)
    assert seated.host_do(do="kick", seat=4).status_code == 200
    assert table.players[3] is not None  # still in the hand it was dealt
    pause_between_hands(seated)
    assert table.players[3] is None
    assert seated.act(3, "f").status_code == 403  # (the token holds no seat now)
    assert seated.host_do(do="kick", seat=3).status_code == 200
    assert table.players[2] is None
    cashed = [r for r in ledger_rows(seated) if r[2:3] == ["cash-out"]]
    assert sorted(r[1] for r in cashed) == ["person3", "person4"]
    chips_are_conserved(seated)
    assert seated.host_do(do="kick", seat=3).status_code == 409  # (empty now)


def test_a_stack_change_goes_in_the_ledger_with_its_reason_and_chips_are_kept(
    client: TestClient,
) -> None:
    seated = open_table(client, 2, between_hands=0.5)
    night = night_of(seated)
    until(lambda: table_of(seated).in_hand)
    reason = 'paid $3, "cash", to the host'
    assert seated.host_do(do="stack", seat=1, amount=500, reason=reason).status_code == 200
    assert seated.host_do(do="stack", seat=1, amount=-1, reason="x").status_code == 400
    assert seated.host_do(do="stack", seat=1, amount=5).status_code == 400  # (no reason)
    pause_between_hands(seated)  # (made when the hand is over)
    assert night.stacks[0] == 500
    chips_are_conserved(seated)
    before = night.stacks[1]
    assert seated.host_do(do="stack", seat=2, amount=50, reason="cashed out").status_code == 200
    assert night.stacks[1] == 50
    chips_are_conserved(seated)
    rows = ledger_rows(seated)
    changes = rows[rows.index(["hand", "player", "change", "reason"]) + 1 :]
    assert [(r[1], r[3]) for r in changes] == [("person1", reason), ("person2", "cashed out")]
    assert int(changes[1][2]) == 50 - before


def test_the_host_sets_the_next_game_of_a_rotation_from_the_nights_games(
    client: TestClient,
) -> None:
    seated = open_table(
        client, 3, game=None, format=None, stakes=None, night="horse", between_hands=0.5
    )
    table = table_of(seated)
    until(lambda: table.in_hand)
    assert seated.host_do(do="next_game", game="D11").status_code == 409  # not the night's
    assert seated.host_do(do="next_game", game="nope").status_code == 400
    assert seated.host_do(do="next_game", game="razz").status_code == 200
    play_hand(seated)
    until(lambda: table.in_hand and table.hand is not None and table.hand.game.id == "S05")
    assert seated.state()["hand"]["game"] == "S05"


def test_end_plays_the_hand_out_then_the_ledger_settles(client: TestClient) -> None:
    seated = open_table(client, 3)
    table = table_of(seated)
    until(lambda: table.in_hand)
    assert seated.host_do(do="end").status_code == 200
    assert table.status == "playing"  # the hand is played out first
    play_hand(seated)
    assert seated.state()["status"] == "ended"
    assert night_of(seated).ledger.in_play == 0
    rows = ledger_rows(seated)
    payments = rows[rows.index(["payer", "payee", "amount"]) + 1 :]
    deltas = table.hands[0].result.deltas
    assert sum(int(r[2]) for r in payments) == sum(d for d in deltas if d > 0)
    assert seated.host_do(do="end").status_code == 409
    assert seated.act(0, "f").status_code == 409
    assert seated.post("join", {"name": "late"}).status_code == 409


# -- the clock ------------------------------------------------------------------------
def actions_of(table: Table, seat: int) -> list[str]:
    """The betting actions of table seat ``seat`` in the hand being dealt (or the last)."""
    night = night_of_table(table)
    hand, dealt = (table.hand, night.dealt) if table.in_hand else (None, ())
    if hand is None:
        hand, dealt = table.hands[-1].result.hand, table.hands[-1].result.dealt
    kinds = ("fold", "check", "call", "bet", "raise")
    return [e.kind for e in hand.events if e.kind in kinds and dealt[e.seat or 0] == seat]


def night_of_table(table: Table) -> GameNight:
    assert table.driver is not None
    return table.driver.table


def test_the_clock_folds_a_player_who_cannot_check(client: TestClient) -> None:
    seated = open_table(client, 2, time_limit=1, time_bank=0, hands=1)
    table = table_of(seated)
    seat = seated.wait_for_turn()["to_act"] - 1
    assert seated.state()["clock"]["seat"] == seat + 1
    until(lambda: len(table.hands) == 1, timeout=3)
    assert actions_of(table, seat) == ["fold"]  # facing the big blind: no check
    player = table.players[seat]
    assert player is not None
    assert player.timeouts == 1
    assert not player.away


def test_the_clock_checks_for_a_player_who_can(client: TestClient) -> None:
    seated = open_table(client, 2, time_limit=1, time_bank=0)
    table = table_of(seated)
    seat = seated.wait_for_turn()["to_act"] - 1
    assert seated.act(seat, "cc").status_code == 200  # the small blind calls
    other = 1 - seat
    assert seated.wait_for_turn()["to_act"] == other + 1
    until(lambda: "check" in actions_of(table, other), timeout=3)
    assert actions_of(table, other) == ["check"]
    player = table.players[other]
    assert player is not None
    assert player.timeouts == 1


def test_two_timeouts_in_a_row_put_a_player_away_until_they_are_back(
    client: TestClient,
) -> None:
    seated = open_table(client, 4, time_limit=1, time_bank=0)
    table = table_of(seated)
    sleeper = 0
    player = table.players[sleeper]
    assert player is not None
    until(lambda: table.in_hand)
    while not player.away:
        play_hand(seated, skip=sleeper)
    assert player.timeouts >= 2
    assert seated.state()["seats"][sleeper]["away"] is True
    # it sits out the next hands
    until(lambda: night_of(seated).seating.status(sleeper) == "away", timeout=10)
    play_hand(seated)
    assert sleeper not in table.hands[-1].result.dealt
    assert seated.post("player", {"do": "back"}, seated.tokens[sleeper]).status_code == 200
    for _ in range(6):  # (dealt in again when the big blind reaches it)
        play_hand(seated)
        if sleeper in table.hands[-1].result.dealt:
            break
    assert sleeper in table.hands[-1].result.dealt
    assert not player.away
    assert player.timeouts == 0


def test_the_clock_and_the_time_bank_it_draws_on_are_told_as_they_run(
    client: TestClient,
) -> None:
    seated = open_table(client, 2, time_limit=1, time_bank=1)
    seat = seated.wait_for_turn()["to_act"] - 1
    early = seated.state(seat)["clock"]
    assert early["seat"] == seat + 1
    assert 0.5 <= early["left"] <= 1.0
    assert early["bank"] == 1.0
    time.sleep(1.4)
    late = seated.state(seat)["clock"]  # the same version: the clock is told as it is now
    assert late["left"] == 0.0
    assert 0.2 <= late["bank"] <= 0.8
    assert seated.act(seat, "cc").status_code == 200
    bank = seated.state()["seats"][seat]["bank"]
    assert 0.2 <= bank <= 0.8


# -- spectators and dealer's choice ---------------------------------------------------
def test_a_spectator_sees_no_hole_cards_until_they_are_shown(client: TestClient) -> None:
    seated = open_table(client, 2, hands=1)
    table = table_of(seated)
    seat = seated.wait_for_turn()["to_act"] - 1
    watching = seated.state()
    assert all(c == "??" for s in watching["seats"] if s["name"] for c in s["cards"])
    assert seated.state(seat)["seats"][seat]["cards"] != ["??", "??"]
    play_hand(seated)  # checked down: a showdown
    hand = table.hands[0].result
    end = seated.state()
    assert end["status"] == "ended"
    assert hand.hand.shown
    for index, table_seat in enumerate(hand.dealt):
        cards = end["seats"][table_seat]["cards"]
        if index in hand.hand.shown:
            assert cards == [str(c) for c in hand.hand.hole[index]]
        else:
            assert cards == ["??", "??"]


@pytest.fixture
def dealers_choice(client: TestClient) -> Seated:
    return open_table(
        client, 3, game=None, format=None, stakes=None, night="oresteen-dealers-choice"
    )


def test_a_person_dealing_dealers_choice_is_offered_the_menu_and_deals_its_choice(
    dealers_choice: Seated,
) -> None:
    seated = dealers_choice
    table = table_of(seated)
    dealer = seated.wait_for_turn()["to_act"] - 1
    offered: list[dict[str, Any]] = seated.state(dealer)["legal"]
    assert [entry["action"] for entry in offered] == ["game"]
    menu = offered[0]["options"]
    assert "F01" in menu
    assert "D11" not in menu
    assert seated.state()["legal"] == []
    other = next(s for s in seated.tokens if s != dealer)
    version = table.version
    assert seated.post("choose", {"game": "F16"}, seated.tokens[other]).status_code == 409
    not_on_menu = seated.post("choose", {"game": "D11"}, seated.tokens[dealer])
    assert not_on_menu.status_code == 409
    assert "not on the menu" in not_on_menu.json()["error"]
    assert seated.post("choose", {"game": "zzz"}, seated.tokens[dealer]).status_code == 409
    assert table.version == version
    assert seated.post("choose", {"game": "F16"}, seated.tokens[dealer]).status_code == 200
    until(lambda: table.hand is not None and base_id(table.hand.game.id) == "F16")
    assert seated.state()["hand"]["game"] == "F16"
