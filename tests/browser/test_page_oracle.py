"""The oracle the browser tests rely on finds a hidden card planted in a state, and
finds none in the states the server sends."""

from __future__ import annotations

import json

from tests.browser.fixtures import Served
from tests.browser.tableside import frame_leaks, open_table, request, wait_until


def test_oracle_finds_a_planted_card(served: Served) -> None:
    opened = open_table(served, game="F01", format="no-limit")
    opened.add_bots(3)
    opened.start()
    table = opened.table
    wait_until(
        lambda: table.in_hand and table.hand is not None and table.hand.street >= 1, "a deal"
    )
    status, state = request(served.base, "GET", f"/api/tables/{opened.id}/state")
    assert status == 200
    assert frame_leaks(table, json.dumps(state)) == []
    hand = table.hand
    assert hand is not None
    hidden = str(hand.hole[1][0])
    state["seats"][1]["cards"][0] = hidden
    assert frame_leaks(table, json.dumps(state)) == [f"{hidden} of hand {state['hand']['number']}"]
    opened.host_do(do="end")
