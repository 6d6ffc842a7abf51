"""A night played through the HTTP API, and rebuilt from its log."""

from __future__ import annotations

from starlette.testclient import TestClient
from tests.server.conftest import open_table, passive

from pokerbook.server.runner import table_from_log
from pokerbook.server.store import Store


def test_people_and_a_bot_play_five_hands_and_the_log_rebuilds_them(
    client: TestClient, db: str
) -> None:
    seated = open_table(client, people=2, bots=1, hands=5)
    while (state := seated.wait_for_turn())["status"] != "ended":
        seat = state["to_act"] - 1
        mine = seated.state(seat)
        assert mine["legal"], mine
        assert seated.act(seat, passive(mine["legal"])).status_code == 200
    assert state["hands_played"] == 5
    rebuilt = table_from_log(seated.table, list(Store(db).events(seated.table)))
    live = client.app.state.server.runners[seated.table].table  # type: ignore[attr-defined]
    assert rebuilt.version == live.version
    assert [h.result.deltas for h in rebuilt.hands] == [h.result.deltas for h in live.hands]
    assert sum(sum(h.result.deltas) for h in rebuilt.hands) == 0


def test_a_person_acts_over_the_websocket_and_is_told_the_new_state(client: TestClient) -> None:
    seated = open_table(client, people=2, time_limit=0)
    state = seated.wait_for_turn()
    seat = state["to_act"] - 1
    other = 1 - seat
    path = f"/api/tables/{seated.table}/ws?token="
    with client.websocket_connect(path + seated.tokens[other]) as waiting:
        assert waiting.receive_json()["you"] == other + 1
        waiting.send_json({"action": "cc"})
        refused = waiting.receive_json()
        assert refused["status"] == 409
        assert "not your turn" in refused["error"]
    with client.websocket_connect(f"/api/tables/{seated.table}/ws") as watching:
        watching.receive_json()
        watching.send_json({"action": "f"})
        assert watching.receive_json()["status"] == 403
    with client.websocket_connect(path + seated.tokens[seat]) as acting:
        before = acting.receive_json()
        acting.send_json({"action": "cbr 999999"})
        illegal = acting.receive_json()
        assert illegal["status"] == 409
        assert illegal["legal"]
        acting.send_json({"action": "cc"})
        acted = acting.receive_json()
        assert acted["acted"] > before["version"]
        told = acting.receive_json()
        assert told["version"] >= acted["acted"]
        assert told["to_act"] != seat + 1
        acting.send_text("state please")  # anything else asks for the state again
        assert acting.receive_json()["version"] == told["version"]
