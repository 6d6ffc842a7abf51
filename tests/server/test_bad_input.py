"""Bad requests are refused with a 4xx answer that says what was wrong, and change
nothing; no request, however made, gets a 5xx or stops the server."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from tests.server.conftest import Seated, open_table, passive

from pokerbook.server.app import MAX_BODY, make_app
from pokerbook.server.runner import TableRunner

#: every endpoint that takes a body, after /api/tables/{id}/
POSTS = ("join", "start", "act", "choose", "player", "host")


def runner_of(seated: Seated) -> TableRunner:
    runner: TableRunner = seated.client.app.state.server.runners[seated.table]  # type: ignore[attr-defined]
    return runner


def snapshot(seated: Seated) -> tuple[int, str]:
    """The table's version and what a spectator is told of it."""
    runner = runner_of(seated)
    return runner.table.version, runner.state_text(None)


@pytest.fixture
def seated(client: TestClient) -> Seated:
    """Three people in a hand, no clock: nothing changes unless a request changes it."""
    return open_table(client, 3, time_limit=0)


def to_act(seated: Seated) -> int:
    state = seated.wait_for_turn()
    seat: int = state["to_act"] - 1
    return seat


def refused(seated: Seated, reply: Any, status: int, before: tuple[int, str]) -> dict[str, Any]:
    """Check ``reply`` is a refusal with ``status`` and a message, and nothing changed."""
    assert reply.status_code == status, reply.text
    body: dict[str, Any] = reply.json()
    assert isinstance(body["error"], str)
    assert body["error"]
    assert snapshot(seated) == before
    return body


# -- the body -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"{not json", "not JSON"),
        (b'{"action": "cc"', "not JSON"),
        (b"[1, 2]", "JSON object"),
        (b'"cc"', "JSON object"),
        (b"null", "JSON object"),
        (b"\xff\xfe", "not JSON"),
        (b"[" * 5000 + b"]" * 5000, "not JSON"),  # (deeper than the parser goes)
    ],
)
def test_a_body_that_is_not_a_json_object_is_refused(
    seated: Seated, content: bytes, says: str
) -> None:
    before = snapshot(seated)
    seat = to_act(seated)
    reply = seated.client.post(
        f"/api/tables/{seated.table}/act", content=content, headers=seated.auth(seated.tokens[seat])
    )
    assert says in refused(seated, reply, 400, before)["error"]


def test_unknown_fields_are_named_and_the_known_ones_listed(seated: Seated) -> None:
    before = snapshot(seated)
    seat = to_act(seated)
    reply = seated.post("act", {"action": "cc", "seat": 2, "as": "host"}, seated.tokens[seat])
    error = refused(seated, reply, 400, before)["error"]
    assert "'as'" in error
    assert "'seat'" in error
    assert "'action'" in error


@pytest.mark.parametrize(
    ("path", "body", "key"),
    [
        ("act", {"action": 20}, "action"),
        ("act", {"action": None}, "action"),
        ("join", {"name": ["x"]}, "name"),
        ("player", {"do": True}, "do"),
        ("player", {"do": "show_em", "shown": "2"}, "shown"),
        ("player", {"do": "show_em", "shown": True}, "shown"),
        ("host", {"do": "stack", "seat": 1.0, "amount": 5, "reason": "x"}, "seat"),
        ("choose", {"call": "yes"}, "call"),
    ],
)
def test_a_field_of_the_wrong_type_is_refused_by_name(
    seated: Seated, path: str, body: dict[str, Any], key: str
) -> None:
    before = snapshot(seated)
    token = seated.host if path == "host" else seated.tokens[to_act(seated)]
    error = refused(seated, seated.post(path, body, token), 400, before)["error"]
    assert repr(key) in error


def test_a_body_over_16_kib_is_refused_whether_its_length_is_told_or_not(
    seated: Seated,
) -> None:
    before = snapshot(seated)
    seat = to_act(seated)
    url = f"/api/tables/{seated.table}/act"
    big = json.dumps({"action": "cc" + " " * MAX_BODY}).encode()
    headers = seated.auth(seated.tokens[seat])
    refused(seated, seated.client.post(url, content=big, headers=headers), 413, before)

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body is counted as it comes
        for start in range(0, len(big), 1000):
            yield big[start : start + 1000]

    refused(seated, seated.client.post(url, content=chunks(), headers=headers), 413, before)
    reply = seated.client.post(url, content=b"{}", headers={**headers, "Content-Length": "x"})
    assert reply.status_code == 400


# -- turns and amounts --------------------------------------------------------------
def test_an_action_out_of_turn_is_refused_and_changes_nothing(seated: Seated) -> None:
    seat = to_act(seated)
    other = next(s for s in seated.tokens if s != seat)
    before = snapshot(seated)
    body = refused(seated, seated.act(other, "cc"), 409, before)
    assert "not your turn" in body["error"]
    assert body["legal"] == []


def test_another_seats_token_cannot_act_for_the_seat_to_act(seated: Seated) -> None:
    """A token acts for its own seat only: the body cannot name a seat, and a token
    that is not the actor's is refused."""
    seat = to_act(seated)
    other = next(s for s in seated.tokens if s != seat)
    before = snapshot(seated)
    reply = seated.post("act", {"action": "f", "seat": seat + 1}, seated.tokens[other])
    refused(seated, reply, 400, before)
    refused(seated, seated.act(other, "f"), 409, before)
    refused(seated, seated.post("act", {"action": "f"}, seated.host), 403, before)
    assert seated.state()["seats"][seat]["folded"] is False


@pytest.mark.parametrize("action", ["cbr 1", "cbr 100000", "call 3", "call 1", "pb", "sd"])
def test_an_illegal_action_is_409_with_what_is_legal(seated: Seated, action: str) -> None:
    seat = to_act(seated)
    before = snapshot(seated)
    body = refused(seated, seated.act(seat, action), 409, before)
    legal = {entry["action"]: entry for entry in body["legal"]}
    assert set(legal) == {"f", "cc", "cbr"}
    assert legal["cbr"]["min"] == 4


def test_the_call_of_its_exact_amount_is_taken(seated: Seated) -> None:
    seat = to_act(seated)
    call = next(e for e in seated.state(seat)["legal"] if e["action"] == "cc")["min"]
    assert seated.act(seat, f"call {call}").status_code == 200


@pytest.mark.parametrize("action", ["", "   ", "c", "cbr -1", "bet 1.5", "cc 0", "fold now"])
def test_an_unreadable_action_is_400(seated: Seated, action: str) -> None:
    seat = to_act(seated)
    before = snapshot(seated)
    refused(seated, seated.act(seat, action), 400, before)


# -- who may ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("host", {"do": "pause"}),
        ("host", {"do": "end"}),
        ("host", {"do": "stack", "seat": 1, "amount": 1000, "reason": "mine"}),
        ("start", {}),
        ("join", {"bot": "call"}),
    ],
)
def test_host_only_requests_with_a_seats_token_are_403(
    seated: Seated, path: str, body: dict[str, Any]
) -> None:
    before = snapshot(seated)
    refused(seated, seated.post(path, body, seated.tokens[0]), 403, before)
    refused(seated, seated.post(path, body, "not-a-token"), 403, before)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("act", {"action": "f"}),
        ("player", {"do": "sit_out"}),
        ("choose", {"call": True}),
        ("host", {"do": "pause"}),
        ("start", {}),
    ],
)
def test_a_request_without_a_token_is_401(seated: Seated, path: str, body: dict[str, Any]) -> None:
    before = snapshot(seated)
    error = refused(seated, seated.post(path, body), 401, before)["error"]
    assert "Bearer" in error


def test_a_token_that_holds_no_seat_is_403_for_a_seats_request(seated: Seated) -> None:
    before = snapshot(seated)
    refused(seated, seated.post("act", {"action": "f"}, "x" * 32), 403, before)
    refused(seated, seated.post("player", {"do": "leave"}, seated.host), 403, before)


def test_an_unknown_table_is_404_on_every_route(client: TestClient) -> None:
    for path in POSTS:
        reply = client.post(f"/api/tables/nope/{path}", json={})
        assert reply.status_code == 404, path
        assert "nope" in reply.json()["error"]
    for path in ("state", "hands.phhs", "ledger.csv"):
        assert client.get(f"/api/tables/nope/{path}").status_code == 404


def test_an_unknown_route_is_404_and_a_wrong_method_405_both_as_json(
    client: TestClient,
) -> None:
    for url in ("/nope", "/api/nope", "/api/tables/x/y/z"):
        reply = client.get(url)
        assert reply.status_code == 404
        assert reply.json() == {"error": "Not Found"}
    for method, url in (
        ("GET", "/api/tables"),
        ("PUT", "/api/tables"),
        ("GET", "/api/tables/x/act"),
    ):
        reply = client.request(method, url)
        assert reply.status_code == 405
        assert reply.json() == {"error": "Method Not Allowed"}


def test_a_seat_is_numbered_from_1_in_what_the_host_is_told(seated: Seated) -> None:
    before = snapshot(seated)
    for seat in (0, -3, 7):
        body = {"do": "kick", "seat": seat}
        error = refused(seated, seated.host_do(**body), 400, before)["error"]
        assert str(seat) in error
        assert "1 to 6" in error or "from 1" in error


def test_a_change_the_night_can_never_make_is_refused_at_once_not_dropped_later(
    seated: Seated,
) -> None:
    """Changes made between hands are queued during a hand; one the night does not
    play (Overs, Show 'Em at a one-game table) is refused when asked for."""
    before = snapshot(seated)
    token = seated.tokens[0]
    refused(seated, seated.post("player", {"do": "overs"}, token), 409, before)
    refused(seated, seated.post("player", {"do": "show_em_buy"}, token), 409, before)
    refused(seated, seated.post("player", {"do": "show_em", "shown": 2}, token), 409, before)
    refused(seated, seated.host_do(do="next_game"), 400, before)


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "tab\there", "new\nline", "\x00"])
def test_a_name_that_cannot_be_shown_is_refused(client: TestClient, name: str) -> None:
    for approval in (False, True):
        reply = client.post("/api/tables", json={"game": "F01", "approval": approval})
        table = reply.json()["table"]
        joined = client.post(f"/api/tables/{table}/join", json={"name": name})
        assert joined.status_code == 400, joined.text
        assert "name" in joined.json()["error"]


# -- the rate -----------------------------------------------------------------------
def test_a_connection_sending_too_fast_gets_429_then_may_go_on(tmp_path: Path) -> None:
    with TestClient(make_app(str(tmp_path / "rate.sqlite"), rate=5, burst=5)) as client:
        answers = [client.get("/api/health").status_code for _ in range(8)]
        assert answers[:5] == [200] * 5
        assert 429 in answers[5:]
        assert client.get("/api/health").json()["error"] == "too many requests: slow down"
        time.sleep(0.5)  # five a second: two more by now
        assert client.get("/api/health").status_code == 200


# -- fuzzing ------------------------------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
KEYS = st.sampled_from(
    ["action", "name", "bot", "game", "bug", "call", "do", "shown", "seat", "amount", "reason",
     "request", "x"]
)  # fmt: skip
WORDS = st.sampled_from(
    ["f", "cc", "cbr", "pb", "sd", "dc", "ch", "sm", "call", "bet", "raise", "draw",
     "approve", "refuse", "pause", "resume", "kick", "stack", "next_game", "sit_out",
     "away", "back", "leave", "overs", "show_em", "F01", "D01", "call", "nope"]
)  # fmt: skip
CARDS = st.from_regex(r"([2-9TJQKA][cdhs]){0,6}", fullmatch=True)
VALUES = (
    JSON
    | WORDS
    | st.builds(lambda w, n: f"{w} {n}", WORDS, st.integers(-(10**30), 10**30))
    | st.builds(lambda w, c: f"{w} {c}", WORDS, CARDS)
)  # fmt: skip
BODIES = (
    st.dictionaries(KEYS, VALUES, max_size=4).map(json.dumps)
    | JSON.map(json.dumps)
    | st.text(max_size=60)
)


def tokens_of(seated: Seated) -> st.SearchStrategy[str | None]:
    known = [seated.host, *seated.tokens.values()]
    garbage = st.text(st.characters(min_codepoint=33, max_codepoint=126), max_size=40)
    return st.none() | st.sampled_from(known) | garbage


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("path", POSTS)
def test_any_body_to_any_endpoint_gets_an_answer_under_500(seated: Seated, path: str) -> None:
    url = f"/api/tables/{seated.table}/{path}"

    @FUZZ
    @given(body=BODIES, token=tokens_of(seated))
    def send(body: str, token: str | None) -> None:
        before = snapshot(seated)
        headers = seated.auth(token) if token is not None else {}
        reply = seated.client.post(url, content=body.encode(), headers=headers)
        assert reply.status_code < 500, (body, reply.text)
        if reply.status_code >= 400:
            assert isinstance(reply.json()["error"], str)
            assert snapshot(seated) == before, (body, reply.text)

    send()
    assert seated.client.get("/api/health").status_code == 200


def test_any_body_makes_or_refuses_a_table_under_500(client: TestClient) -> None:
    @FUZZ
    @given(body=BODIES)
    def send(body: str) -> None:
        reply = client.post("/api/tables", content=body.encode())
        assert reply.status_code in (201, 400, 413), (body, reply.text)

    send()


def test_any_token_reads_the_state_as_its_seat_or_as_a_spectator(seated: Seated) -> None:
    known = {token: seat + 1 for seat, token in seated.tokens.items()}

    @FUZZ
    @given(token=tokens_of(seated), header=st.booleans())
    def read(token: str | None, header: bool) -> None:
        url = f"/api/tables/{seated.table}/state"
        if header and token is not None:
            reply = seated.client.get(url, headers=seated.auth(token))
        else:
            reply = seated.client.get(url, params={} if token is None else {"token": token})
        assert reply.status_code == 200
        assert reply.json()["you"] == known.get(token or "")

    read()


def test_a_socket_takes_any_text_and_any_token_and_the_table_goes_on(seated: Seated) -> None:
    before = snapshot(seated)

    @settings(max_examples=40, deadline=None)
    @given(token=tokens_of(seated), messages=st.lists(st.text(max_size=50), max_size=3))
    def talk(token: str | None, messages: list[str]) -> None:
        query = "" if token is None else "?" + urlencode({"token": token})
        url = f"/api/tables/{seated.table}/ws{query}"
        with seated.client.websocket_connect(url) as socket:
            assert json.loads(socket.receive_text())["version"] == before[0]
            for message in messages:
                socket.send_text(message)
                assert json.loads(socket.receive_text())["table"] == seated.table

    talk()
    assert snapshot(seated) == before
    seat = to_act(seated)
    assert seated.act(seat, passive(seated.state(seat)["legal"])).status_code == 200
