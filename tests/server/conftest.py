"""Fixtures for the server's tests: a server over a fresh SQLite file, and a helper
that seats people and plays them through the HTTP API."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerbook.server.app import make_app

#: quick clocks for tests: bots act at once, hands follow each other at once
FAST = {"bot_delay": 0, "between_hands": 0, "approval": False}


@dataclass
class Seated:
    """A table made through the API, and the tokens of the people seated at it."""

    client: TestClient
    table: str
    host: str
    tokens: dict[int, str] = field(default_factory=dict)

    def auth(self, token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    def state(self, seat: int | None = None) -> dict[str, Any]:
        headers = self.auth(self.tokens[seat]) if seat is not None else {}
        reply = self.client.get(f"/api/tables/{self.table}/state", headers=headers)
        assert reply.status_code == 200, reply.text
        state: dict[str, Any] = reply.json()
        return state

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        headers = self.auth(token) if token is not None else {}
        return self.client.post(f"/api/tables/{self.table}/{path}", json=body, headers=headers)

    def host_do(self, **body: Any) -> Any:
        return self.post("host", body, self.host)

    def act(self, seat: int, action: str) -> Any:
        return self.post("act", {"action": action}, self.tokens[seat])

    def wait_for_turn(self, timeout: float = 10.0) -> dict[str, Any]:
        """The state once a person is to act or the night is over (bots play meanwhile)."""
        end = time.monotonic() + timeout
        while True:
            state = self.state()
            to_act = state["to_act"]
            if state["status"] == "ended" or (to_act is not None and to_act - 1 in self.tokens):
                return state
            if time.monotonic() > end:
                raise AssertionError(f"nobody's turn came: {state}")
            time.sleep(0.005)


def passive(legal: list[dict[str, Any]]) -> str:
    """Check or call if possible, else stand pat, post the bring-in, or the first move."""
    codes = {entry["action"]: entry for entry in legal}
    if "cc" in codes:
        return "cc"
    if "sd" in codes:
        return "sd"
    if "pb" in codes:
        return "pb"
    if "dc" in codes:
        entry = codes["dc"]
        return "dc " + "".join(entry.get("cards", [])[: entry["min"]])
    if "ch" in codes:
        return f"ch {codes['ch']['options'][0]}"
    return str(legal[0]["action"])


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "pokerbook.sqlite")


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(make_app(db, rate=1e9, burst=1e9)) as test_client:
        yield test_client


def open_table(
    client: TestClient, people: int, bots: int = 0, *, start: bool = True, **settings: Any
) -> Seated:
    """A table with ``people`` seated through the API (tokens kept), ``bots`` bots,
    and (with ``start``) the night started."""
    body = {"game": "F01", "format": "no-limit", "stakes": "1/2", "seats": 6, **FAST, **settings}
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 201, reply.text
    made = reply.json()
    seated = Seated(client, made["table"], made["host_token"])
    for index in range(people):
        joined = seated.post("join", {"name": f"person{index + 1}"}).json()
        seated.tokens[joined["seat"] - 1] = joined["token"]
    for _ in range(bots):
        assert seated.post("join", {"bot": "call"}, seated.host).status_code == 200
    if start:
        assert seated.post("start", {}, seated.host).status_code == 200
    return seated


def play_out(seated: Seated, timeout: float = 60.0) -> dict[str, Any]:
    """Play the people passively (bots play themselves) until the night is over."""
    end = time.monotonic() + timeout
    while (state := seated.wait_for_turn(timeout))["status"] != "ended":
        seat = state["to_act"] - 1
        mine = seated.state(seat)
        if mine["legal"]:
            assert seated.act(seat, passive(mine["legal"])).status_code == 200
        assert time.monotonic() < end, state
    return state
