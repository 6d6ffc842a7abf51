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
