"""The host changes the night, people agree to run it twice, a tournament ends itself,
and a paused table's clock stands still."""

from __future__ import annotations

import time
from typing import Any

from starlette.testclient import TestClient
from tests.server.conftest import FAST, Seated, open_table, passive

from pokerbook.games.bug import base_id
from pokerbook.table.night_file import builtin_nights


def live_table(seated: Seated) -> Any:
    return seated.client.app.state.server.runners[seated.table].table  # type: ignore[attr-defined]


def wait_until(seated: Seated, done: Any, timeout: float = 20.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        state = seated.state()
        if done(state):
            return state
        assert time.monotonic() < end, state
        time.sleep(0.01)


def test_the_host_changes_the_night_and_the_next_hands_are_its_games(client: TestClient) -> None:
    seated = open_table(client, people=0, bots=4, hands=12, between_hands=0.05)
    wait_until(seated, lambda s: s["hands_played"] >= 2)
    assert seated.host_do(do="night", night="no-such-night").status_code == 400
    assert seated.host_do(do="night", night="horse").status_code == 200
    state = wait_until(seated, lambda s: s["status"] == "ended")
    games = [base_id(h.result.game.id) for h in live_table(seated).hands]
    horse = builtin_nights()["horse"].selection.games
    changed = next(i for i, game in enumerate(games) if game != "F01")
    assert changed >= 2
    assert set(games[changed:]) <= set(horse)
    assert len(set(games[changed:])) > 1  # the rotation goes on from game to game
    assert state["name"] == builtin_nights()["horse"].name


def _shove_and_call(seated: Seated) -> None:
    """Both people go all in on the first hand."""
    while (state := seated.wait_for_turn())["status"] != "ended" and state["hands_played"] == 0:
        seat = state["to_act"] - 1
        legal = {entry["action"]: entry for entry in seated.state(seat)["legal"]}
        action = f"cbr {legal['cbr']['max']}" if "cbr" in legal else passive(list(legal.values()))
        assert seated.act(seat, action).status_code == 200


def test_a_hand_runs_twice_only_when_every_person_dealt_in_agrees(client: TestClient) -> None:
    for agree, runs in (((True, True), True), ((True, False), False)):
        seated = open_table(client, people=2, run_twice=True, hands=1, time_limit=0, start=False)
        for seat, on in enumerate(agree):
            reply = seated.post("player", {"do": "run_twice", "on": on}, seated.tokens[seat])
            assert reply.status_code == 200, reply.text
        assert seated.host_do(do="start").status_code == 200
        _shove_and_call(seated)
        hand = live_table(seated).hands[0].result.hand
        assert hand.setup.run_twice is runs
        assert (hand.runout_from is not None) is runs


def test_run_twice_is_refused_where_the_table_does_not_offer_it(client: TestClient) -> None:
    seated = open_table(client, people=2, hands=1)
    reply = seated.post("player", {"do": "run_twice", "on": True}, seated.tokens[0])
    assert reply.status_code == 409


def test_a_tournament_ends_when_it_has_its_winner(client: TestClient) -> None:
    reply = client.post(
        "/api/tables", json={"night": "oresteen-tournament-night", "seats": 6, **FAST}
    )
    made = reply.json()
    seated = Seated(client, made["table"], made["host_token"])
    for _ in range(5):
        assert seated.post("join", {"bot": "random"}, seated.host).status_code == 200
    assert seated.post("start", {}, seated.host).status_code == 200
    state = wait_until(seated, lambda s: s["status"] == "ended", timeout=60)
    assert sum(1 for s in state["seats"] if s.get("stack")) <= 1
    assert "payer" in client.get(f"/api/tables/{seated.table}/ledger.csv").text


def test_a_paused_tables_clock_stands_still(client: TestClient) -> None:
    seated = open_table(client, people=2, time_limit=1, time_bank=0)
    state = seated.wait_for_turn()
    assert seated.host_do(do="pause").status_code == 200
    time.sleep(1.5)
    assert seated.state()["to_act"] == state["to_act"]  # nobody timed out while paused
    assert seated.host_do(do="resume").status_code == 200
    clock = seated.state()["clock"]
    assert clock["left"] > 0.5
