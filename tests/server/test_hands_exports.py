"""``GET /api/tables/{id}/hands.txt`` and ``hands.ohh``: a table's finished hands in
PokerStars text and Open Hand History, read back by the export tests' own readers
to the stacks the PHH download records."""

from __future__ import annotations

import sys
from pathlib import Path

from starlette.testclient import TestClient
from tests.server.conftest import open_table, play_out

from pokerbook.history.phh import read_phhs

sys.path.insert(0, str(Path(__file__).parents[1] / "history"))  # the export readers
from export_readers import read_ohh, read_pokerstars


def test_a_tables_hands_download_as_pokerstars_text_and_ohh(client: TestClient) -> None:
    seated = open_table(client, people=2, bots=2, hands=5)
    url = f"/api/tables/{seated.table}/hands"
    assert client.get(f"{url}.txt").status_code == 409  # not before the night is over
    assert play_out(seated)["hands_played"] == 5
    phh = read_phhs(client.get(f"{url}.phhs").text)
    finals = [
        sorted(zip(h.fields["players"], h.fields["finishing_stacks"], strict=True)) for h in phh
    ]
    for suffix, reader in ((".txt", read_pokerstars), (".ohh", read_ohh)):
        reply = client.get(url + suffix)
        assert reply.status_code == 200
        assert reply.headers["x-hands-left-out"] == "0"
        hands = reader(reply.text)
        assert len(hands) == 5
        for hand, expected in zip(hands, finals, strict=True):
            assert sorted(zip(hand.names, map(int, hand.finals), strict=True)) == expected


def test_a_game_with_no_pokerstars_name_is_left_out_and_counted(client: TestClient) -> None:
    seated = open_table(client, people=0, bots=3, game="F19", format="pot-limit", hands=3)
    assert play_out(seated)["hands_played"] == 3
    reply = client.get(f"/api/tables/{seated.table}/hands.txt")
    assert reply.status_code == 200
    assert reply.text == ""
    assert reply.headers["x-hands-left-out"] == "3"
