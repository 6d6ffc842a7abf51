"""``GET /api/tables/{id}/hands.phhs``: every finished hand of a table, which
``pokerbook phh verify`` replays to its result and deals again from its committed seed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient
from tests.server.conftest import Seated, open_table, play_out

from pokerbook.cli.main import cli
from pokerbook.history.phh import read_phhs
from pokerbook.table.night import RebuyRule


def verified(seated: Seated, tmp_path: Path) -> str:
    """The table's hands.phhs, written to a file and verified by ``pokerbook phh verify``."""
    reply = seated.client.get(f"/api/tables/{seated.table}/hands.phhs")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("application/toml")
    path = tmp_path / "hands.phhs"
    path.write_text(reply.text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["phh", "verify", str(path)])
    assert result.exit_code == 0, result.output
    return reply.text


def summary(hands: int) -> str:
    return (
        f"verified {hands} hands: {hands} matched, 0 differed, 0 failed, 0 skipped; "
        f"{hands} committed deals checked"
    )


def test_a_holdem_tables_hands_verify_with_their_names_seats_and_deals(
    client: TestClient, tmp_path: Path
) -> None:
    seated = open_table(client, people=2, bots=2, hands=6)
    assert play_out(seated)["hands_played"] == 6
    text = verified(seated, tmp_path)
    result = CliRunner().invoke(cli, ["phh", "verify", str(tmp_path / "hands.phhs")])
    assert result.output.splitlines()[-1] == summary(6)
    names = {1: "person1", 2: "person2", 3: "bot 1", 4: "bot 2"}
    stacks: dict[str, int] = {}
    for history in read_phhs(text):
        fields = history.fields
        # players and their table seats are listed as the hand's players are: from the
        # button's left, so each player's stack carries from hand to hand
        assert [names[s] for s in fields["seats"]] == fields["players"]
        assert fields["seat_count"] == 6
        for name, start in zip(fields["players"], history.starting_stacks, strict=True):
            assert stacks.get(name, 200) == start
        for name, finish in zip(fields["players"], fields["finishing_stacks"], strict=True):
            stacks[name] = finish
        assert len(fields["_deal_commitment"]) == 64


@pytest.mark.parametrize("game", ["F19", "F20", "F33"])
def test_a_dice_games_hands_verify_with_their_rolls(
    client: TestClient, tmp_path: Path, game: str
) -> None:
    seated = open_table(client, people=0, bots=3, game=game, format="pot-limit", hands=5)
    assert play_out(seated)["hands_played"] == 5
    text = verified(seated, tmp_path)
    assert "'d rd " in text  # call bots see every hand to the dice


def test_a_built_in_nights_hands_verify(client: TestClient, tmp_path: Path) -> None:
    # HORSE: hold'em, Omaha high/low, razz, stud and stud high/low, with bring-ins
    body: dict[str, Any] = {"night": "horse", "game": None, "format": None, "stakes": None}
    seated = open_table(client, people=1, bots=2, hands=10, **body)
    assert play_out(seated)["hands_played"] == 10
    text = verified(seated, tmp_path)
    assert "'p1 pb'" in text or "'p2 pb'" in text or "'p3 pb'" in text  # stud's bring-in


def test_a_table_that_runs_it_twice_writes_hands_that_verify(
    client: TestClient, tmp_path: Path
) -> None:
    # No built-in night runs it twice and a table's settings have no key for it, so the
    # table's night is given the agreement before it starts.  Stacks of 2 at blinds 1/2
    # put every player all in before the first flop; busted players buy in again.
    body: dict[str, Any] = {"stack": 2, "hands": 4}
    reply = client.post("/api/tables", json={"game": "F01", "stakes": "1/2", **body, "seats": 4})
    made = reply.json()
    seated = Seated(client, made["table"], made["host_token"])
    table = client.app.state.server.runners[seated.table].table  # type: ignore[attr-defined]
    table.night = replace(table.night, run_twice=1.0, rebuys=RebuyRule(None))
    table.config = replace(table.config, bot_delay=0, between_hands=0)
    for _ in range(3):
        assert seated.post("join", {"bot": "call"}, seated.host).status_code == 200
    assert seated.post("start", {}, seated.host).status_code == 200
    assert play_out(seated)["hands_played"] == 4
    histories = read_phhs(verified(seated, tmp_path))
    assert all(history.setup.run_twice for history in histories)
    # the first hand puts everybody all in before the flop: flop, turn and river run twice
    second_run = [step.text for step in histories[0].steps if step.text.endswith("# run 2")]
    assert len(second_run) == 3
