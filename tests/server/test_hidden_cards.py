"""No message to a seat or a spectator holds a card its reader may not see.

Each test plays whole hands of one game family through the API with people only,
records every message each seat and a spectator receive (every ``GET state`` and
every WebSocket push), and then, from the server's own finished hands, works out
which cards each reader could see when the message was sent: its own (every card
that passed through its hands), every card dealt face up or to a board, and the
cards shown at the showdown.  Any other card of the hand in a message is a leak.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.card_oracle import secret, visible
from tests.server.conftest import Seated, open_table, passive

from pokerbook.server.table import FinishedHand, Table

#: the parts of a state that are about the hand being dealt (or just dealt)
HAND_PARTS = ("hand", "board", "boards", "pots", "seats", "legal")


def server_table(seated: Seated) -> Table:
    table: Table = seated.client.app.state.server.runners[seated.table].table  # type: ignore[attr-defined]
    return table


def mover(mine: dict[str, Any], rng: random.Random) -> str:
    """A varied but mostly passive player: draws some cards, takes any option, bets
    the minimum now and then and folds to a bet now and then, so that hands are
    folded, mucked, drawn to and shown."""
    legal = mine["legal"]
    codes = {entry["action"]: entry for entry in legal}
    own = mine["seats"][mine["you"] - 1]["cards"]
    if "sd" in codes:
        entry = codes["sd"]
        pool = entry.get("cards") or own
        count = rng.randint(entry["min"], min(entry["max"], len(pool)))
        return ("sd " + "".join(pool[:count])).strip()
    if "dc" in codes:
        entry = codes["dc"]
        pool = entry.get("cards") or own
        return "dc " + "".join(pool[: entry["min"]])
    if "ch" in codes:
        return f"ch {rng.choice(codes['ch']['options'])}"
    if "cbr" in codes and rng.random() < 0.2:
        return f"cbr {codes['cbr']['min']}"
    if "f" in codes and "cc" in codes and codes["cc"]["max"] > 0 and rng.random() < 0.3:
        return "f"
    return passive(legal)


@dataclass
class Recorder:
    """Every message each reader got: (table seat or None for a spectator, text)."""

    seated: Seated
    messages: list[tuple[int | None, str]] = field(default_factory=list)
    sockets: dict[int | None, Any] = field(default_factory=dict)
    #: the version of the last push each socket read
    pushed: dict[int | None, int] = field(default_factory=dict)

    def get(self, seat: int | None) -> dict[str, Any]:
        headers = self.seated.auth(self.seated.tokens[seat]) if seat is not None else {}
        reply = self.seated.client.get(f"/api/tables/{self.seated.table}/state", headers=headers)
        assert reply.status_code == 200, reply.text
        self.messages.append((seat, reply.text))
        state: dict[str, Any] = reply.json()
        return state

    def drain(self, version: int) -> None:
        """Read each socket's pushes until one is at ``version`` or later."""
        for seat, socket in self.sockets.items():
            while self.pushed.get(seat, 0) < version:
                text = socket.receive_text()
                self.messages.append((seat, text))
                self.pushed[seat] = json.loads(text)["version"]


def play_recorded(seated: Seated, rng: random.Random) -> Recorder:
    """Play the table's night to its end, recording every message."""
    recorder = Recorder(seated)
    readers: list[int | None] = [*sorted(seated.tokens), None]
    with ExitStack() as stack:
        for seat in readers:
            query = f"?token={seated.tokens[seat]}" if seat is not None else ""
            url = f"/api/tables/{seated.table}/ws{query}"
            recorder.sockets[seat] = stack.enter_context(seated.client.websocket_connect(url))
        while True:
            state = recorder.get(None)
            if state["status"] == "ended":
                break
            if state["to_act"] is None:
                continue  # (the next hand is being dealt)
            seat = state["to_act"] - 1
            mine = recorder.get(seat)
            for other in seated.tokens:
                if other != seat:
                    recorder.get(other)
            reply = seated.act(seat, mover(mine, rng))
            assert reply.status_code == 200, reply.text
            recorder.drain(reply.json()["version"])
        recorder.drain(state["version"])
    return recorder


def leaks(text: str, hidden: set[str]) -> list[str]:
    return [c for c in sorted(hidden) if re.search(rf"(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])", text)]


def check_part(
    part: object, finished: FinishedHand, seat: int | None, count: int | None
) -> list[str]:
    """The hidden cards of ``finished`` that ``part`` of a message to ``seat`` holds."""
    hand = finished.result.hand
    dealt = finished.result.dealt
    viewer = dealt.index(seat) if seat is not None and seat in dealt else None
    upto = len(hand.events) if count is None else count
    hidden = secret(hand, viewer) - visible(hand, viewer, upto)
    return leaks(json.dumps(part), hidden)


def all_leaks(table: Table, messages: list[tuple[int | None, str]]) -> Iterator[str]:
    hands = {finished.result.number: finished for finished in table.hands}
    for seat, text in messages:
        state = json.loads(text)
        if state["hand"] is not None:
            finished = hands[state["hand"]["number"]]
            part = {key: state[key] for key in HAND_PARTS}
            count = len(state["hand"]["events"])
            for card in check_part(part, finished, seat, count):
                yield f"seat {seat}: {card} of hand {finished.result.number}: {text}"
        if "last_hand" in state:
            finished = hands[state["last_hand"]["number"]]
            for card in check_part(state["last_hand"], finished, seat, None):
                yield f"seat {seat}: {card} of the last hand {finished.result.number}: {text}"


def seeds_told_early(table: Table, messages: list[tuple[int | None, str]]) -> Iterator[str]:
    """A deal's seed fixes every card of its hand (folded and mucked ones too), so no
    message tells it before the night is over."""
    seeds = {f"{finished.deal.seed:x}": finished.result.number for finished in table.hands}
    for seat, text in messages:
        if json.loads(text)["status"] == "ended":
            continue
        for seed, number in seeds.items():
            if seed in text:
                yield f"seat {seat}: the seed of hand {number}"


GAMES = [
    pytest.param("F01", "no-limit", 4, id="holdem-F01"),
    pytest.param("S01", "limit", 4, id="seven-card-stud-S01"),
    pytest.param("D09", "limit", 4, id="deuce-to-seven-triple-draw-D09"),
    pytest.param("D11", "limit", 3, id="badugi-D11"),
    pytest.param("H09", "limit", 4, id="pass-the-trash-H09"),
    pytest.param("S27", "limit", 4, id="high-low-push-S27"),
    pytest.param("S18", "limit", 3, id="declare-suffestud-S18"),
    pytest.param("F35", "no-limit", 4, id="double-board-42nd-street-F35"),
    pytest.param("H01", "pot-limit", 3, id="dramaha-H01"),
]


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("game", "fmt", "people"), GAMES)
def test_no_message_holds_a_card_its_reader_may_not_see(
    client: TestClient, game: str, fmt: str, people: int
) -> None:
    seated = open_table(client, people, game=game, format=fmt, stakes=None, hands=4)
    recorder = play_recorded(seated, random.Random(game))
    table = server_table(seated)
    assert len(table.hands) == 4
    readers = {seat for seat, _ in recorder.messages}
    assert readers == {*seated.tokens, None}
    found = list(all_leaks(table, recorder.messages))
    assert not found, found[:3]
    assert not list(seeds_told_early(table, recorder.messages))
    # the test sees what it means to: every reader saw its own cards, and some hands
    # kept cards hidden to the end
    hidden_at_end = [
        secret(f.result.hand, None) - visible(f.result.hand, None, len(f.result.hand.events))
        for f in table.hands
    ]
    assert any(hidden_at_end)


def play_until(seated: Seated, done: Callable[[], bool]) -> None:
    """The people play passively until ``done()``."""
    while not done():
        state = seated.wait_for_turn()
        if state["status"] == "ended":
            return
        seat = state["to_act"] - 1
        reply = seated.act(seat, passive(seated.state(seat)["legal"]))
        assert reply.status_code in (200, 409), reply.text  # (409: the turn moved on)


def test_a_kicked_players_socket_does_not_show_them_the_next_player_in_the_seat(
    client: TestClient,
) -> None:
    """A socket is the seat of the token it opened with only while that token holds
    the seat: a kicked player's open socket must not show them the cards of whoever
    sits down there next."""
    seated = open_table(client, 4)  # (heads-up, a newcomer would wait for the big blind)
    table = server_table(seated)
    kicked = seated.tokens[0]
    with client.websocket_connect(f"/api/tables/{seated.table}/ws?token={kicked}") as socket:
        assert json.loads(socket.receive_text())["you"] == 1
        assert seated.host_do(do="kick", seat=1).status_code == 200
        play_until(seated, lambda: table.players[0] is None)  # (at the hand's end)
        joined = seated.post("join", {"name": "newcomer"}).json()
        assert joined["seat"] == 1
        seated.tokens[0] = joined["token"]
        play_until(seated, lambda: table.in_hand and 0 in table.driver.table.dealt)  # type: ignore[union-attr]
        newcomer = seated.state(0)["seats"][0]["cards"]
        assert newcomer
        assert "??" not in newcomer
        version = table.version
        while (pushed := json.loads(socket.receive_text()))["version"] < version:
            pass
        assert pushed["you"] is None
        assert pushed["seats"][0]["cards"] == ["??"] * len(newcomer)


def test_a_socket_without_a_table_is_closed(client: TestClient) -> None:
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/api/tables/nope/ws") as s:
        s.receive_text()


def test_the_hand_histories_and_seeds_are_published_once_the_night_is_over(
    client: TestClient,
) -> None:
    seated = open_table(client, 2, hands=1)
    url = f"/api/tables/{seated.table}/hands.phhs"
    assert client.get(url).status_code == 409
    play_until(seated, lambda: server_table(seated).status == "ended")
    table = server_table(seated)
    phhs = client.get(url)
    assert phhs.status_code == 200
    seed = f"{table.hands[0].deal.seed:x}"
    assert seed in phhs.text
    last = seated.state()["last_hand"]
    assert last["seed"] == seed
    assert hashlib.sha256(f"{last['salt']}:{seed}".encode()).hexdigest() == last["commitment"]
