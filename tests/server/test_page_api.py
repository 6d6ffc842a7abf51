"""What the page relies on: its signed cookies, the host's link, who a reader is, the
replay of finished hands (hidden cards hidden), and the ledger as JSON."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import FAST, Seated, open_table, passive

from pokerbook.server.cookies import cookie_name

PAGE = {"X-Pokerbook": "page"}


def _page_state(client: TestClient, table: str) -> dict[str, Any]:
    reply = client.get(f"/api/tables/{table}/state", headers=PAGE)
    assert reply.status_code == 200, reply.text
    state: dict[str, Any] = reply.json()
    return state


def _new_table(client: TestClient, **settings: Any) -> dict[str, Any]:
    body = {"game": "F01", "stakes": "1/2", **FAST, **settings}
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 201
    made: dict[str, Any] = reply.json()
    return made


def test_joining_from_the_page_sets_a_signed_cookie_that_holds_the_seat(
    client: TestClient,
) -> None:
    made = _new_table(client)
    table = made["table"]
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Ann"}, headers=PAGE)
    assert joined.status_code == 200
    cookie = joined.headers["set-cookie"]
    assert cookie_name("seat", table) in cookie
    assert "HttpOnly" in cookie
    assert "SameSite=strict" in cookie
    assert _page_state(client, table)["you"] == 1
    # without the page's header the cookie does not count: a spectator
    assert client.get(f"/api/tables/{table}/state").json()["you"] is None
    # a changed signature, or the cookie of another table, is nobody
    value = client.cookies[cookie_name("seat", table)]
    client.cookies.clear()
    forged = value[:-1] + ("0" if value[-1] != "0" else "1")
    other = _new_table(client)["table"]
    for name, text in ((cookie_name("seat", table), forged), (cookie_name("seat", other), value)):
        headers = {**PAGE, "cookie": f"{name}={text}"}
        reply = client.get(f"/api/tables/{name.removeprefix('pb_seat_')}/state", headers=headers)
        assert reply.json()["you"] is None
    headers = {**PAGE, "cookie": f"{cookie_name('seat', table)}={value}"}
    assert client.get(f"/api/tables/{table}/state", headers=headers).json()["you"] == 1


def test_the_hosts_link_sets_the_host_cookie_and_leaves_the_token_out_of_the_address(
    client: TestClient,
) -> None:
    made = _new_table(client, approval=True)
    table = made["table"]
    page = client.get(f"/t/{table}?host={made['host_token']}", follow_redirects=False)
    assert page.status_code == 303
    assert page.headers["location"] == f"/t/{table}"
    assert _page_state(client, table)["host"] is True
    wrong = client.get(f"/t/{table}?host=not-the-token", follow_redirects=False)
    assert wrong.status_code == 403
    # a person asking for a seat, in another browser, is told they wait
    host_jar = dict(client.cookies)
    client.cookies.clear()
    asked = client.post(f"/api/tables/{table}/join", json={"name": "Bo"}, headers=PAGE)
    assert asked.status_code == 202
    state = _page_state(client, table)
    assert state["asked"] is True
    assert state["you"] is None
    assert state["host"] is False
    person_jar = dict(client.cookies)
    client.cookies = host_jar
    requests = _page_state(client, table)["requests"]
    assert [r["name"] for r in requests] == ["Bo"]
    approve = {"do": "approve", "request": requests[0]["id"]}
    assert client.post(f"/api/tables/{table}/host", json=approve, headers=PAGE).status_code == 200
    client.cookies = person_jar
    state = _page_state(client, table)
    assert state["you"] == 1
    assert state["asked"] is False


def test_a_page_acts_with_its_cookie_and_its_socket_reads_with_it(client: TestClient) -> None:
    made = _new_table(client)
    table = made["table"]
    client.post(f"/api/tables/{table}/join", json={"name": "Ann"}, headers=PAGE)
    host = {"Authorization": f"Bearer {made['host_token']}"}
    client.post(f"/api/tables/{table}/join", json={"bot": "call"}, headers=host)
    client.post(f"/api/tables/{table}/start", headers=host)
    with client.websocket_connect(f"/api/tables/{table}/ws?page=1") as ws:
        state = ws.receive_json()
        assert state["you"] == 1
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        assert ws.receive_json()["you"] is None  # no ?page=1: the cookie does not count
    foreign = {"origin": "https://elsewhere.example"}
    url = f"/api/tables/{table}/ws?page=1"
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(url, headers=foreign),
    ):
        pass
    assert closed.value.code == 4403
    # acting: with the header, as the seat; without it, nobody
    while True:
        state = _page_state(client, table)
        if state["to_act"] == 1:
            break
    action = {"action": passive(state["legal"])}
    refused = client.post(f"/api/tables/{table}/act", json=action)
    assert refused.status_code == 401
    assert client.post(f"/api/tables/{table}/act", json=action, headers=PAGE).status_code == 200


def test_forgetting_clears_the_cookies(client: TestClient) -> None:
    table = _new_table(client)["table"]
    client.post(f"/api/tables/{table}/join", json={"name": "Ann"}, headers=PAGE)
    assert client.post(f"/api/tables/{table}/forget", headers=PAGE).status_code == 200
    assert _page_state(client, table)["you"] is None


def _cards_told(replay: dict[str, Any]) -> set[str]:
    """Every card a replay shows, in its seats and its events."""
    told = {card for seat in replay["seats"] for card in seat["cards"]}
    for event in replay["events"]:
        for field in ("cards", "discarded"):
            told.update(str(event.get(field) or "").split())
    return told - {"??"}


def _play_out(seated: Seated) -> None:
    while True:
        state = seated.wait_for_turn()
        if state["status"] == "ended":
            return
        seat = state["to_act"] - 1
        legal = seated.state(seat)["legal"]
        reply = seated.act(seat, passive(legal))
        assert reply.status_code == 200, reply.text


def test_the_replay_shows_a_reader_their_own_cards_and_no_one_elses_until_the_night_ends(
    client: TestClient,
) -> None:
    seated = open_table(client, 2, 1, hands=3, time_limit=0)
    _play_out_until_hands(seated, 2)
    listed = client.get(f"/api/tables/{seated.table}/hands").json()["hands"]
    assert [h["number"] for h in listed][:2] == [1, 2]
    table = client.app.state.server.runners[seated.table].table  # type: ignore[attr-defined]
    finished = table.hands[0]
    hand = finished.result.hand
    dealt = finished.result.dealt
    ann = dealt.index(0)
    mine = {str(c) for c in hand.hole[ann]}
    others = {
        str(c) for s in range(len(dealt)) if s != ann and s not in hand.shown for c in hand.hole[s]
    }
    replay = seated.client.get(
        f"/api/tables/{seated.table}/hands/1", headers=seated.auth(seated.tokens[0])
    ).json()
    told = _cards_told(replay)
    assert mine <= told
    assert not others & told
    phh = seated.client.get(
        f"/api/tables/{seated.table}/hands/1.phh", headers=seated.auth(seated.tokens[0])
    ).text
    assert "_deal_seed" not in phh
    assert "_deal_commitment" in phh
    actions = phh.split("actions = [", 1)[1].split("]", 1)[0]
    assert not any(card in actions for card in others)
    assert all(card in actions for card in mine)
    spectator = seated.client.get(f"/api/tables/{seated.table}/hands/1").json()
    secret = {str(c) for s in range(len(dealt)) if s not in hand.shown for c in hand.hole[s]}
    assert not secret & _cards_told(spectator)
    assert seated.client.get(f"/api/tables/{seated.table}/hands/99").status_code == 404
    _play_out(seated)
    ended = seated.client.get(f"/api/tables/{seated.table}/hands/1").json()
    assert mine | others <= _cards_told(ended)
    assert "_deal_seed" in seated.client.get(f"/api/tables/{seated.table}/hands/1.phh").text


def _play_out_until_hands(seated: Seated, count: int) -> None:
    while len(seated.client.get(f"/api/tables/{seated.table}/hands").json()["hands"]) < count:
        state = seated.wait_for_turn()
        seat = state["to_act"] - 1
        reply = seated.act(seat, passive(seated.state(seat)["legal"]))
        assert reply.status_code == 200, reply.text


def test_a_seats_next_occupant_does_not_see_the_cards_of_the_one_before(
    client: TestClient,
) -> None:
    seated = open_table(client, 2, 0, hands=None, time_limit=0)
    _play_out_until_hands(seated, 1)
    table = client.app.state.server.runners[seated.table].table  # type: ignore[attr-defined]
    finished = table.hands[0]
    ann_cards = {str(c) for c in finished.result.hand.hole[finished.result.dealt.index(0)]}
    assert seated.post("player", {"do": "leave"}, seated.tokens[0]).status_code == 200
    _play_out_until_seat_empty(seated, 0)
    joined = seated.post("join", {"name": "Cy"}).json()
    assert joined["seat"] == 1
    replay = client.get(
        f"/api/tables/{seated.table}/hands/1", headers=seated.auth(joined["token"])
    ).json()
    shown = finished.result.hand.shown
    if finished.result.dealt.index(0) not in shown:
        assert not ann_cards & _cards_told(replay)


def _play_out_until_seat_empty(seated: Seated, seat: int) -> None:
    while seated.state()["seats"][seat]["name"] is not None:
        state = seated.state()
        to_act = state["to_act"]
        if to_act is not None and to_act - 1 in seated.tokens:
            legal = seated.state(to_act - 1)["legal"]
            seated.act(to_act - 1, passive(legal))


def test_the_ledger_tells_each_players_net_and_after_the_night_who_pays_whom(
    client: TestClient,
) -> None:
    seated = open_table(client, 2, 1, hands=3, time_limit=0)
    before = client.get(f"/api/tables/{seated.table}/ledger").json()
    assert before["settlement"] is None
    assert sum(p["net"] for p in before["players"]) == 0
    _play_out(seated)
    after = client.get(f"/api/tables/{seated.table}/ledger").json()
    nets = {p["name"]: p["net"] for p in after["players"]}
    assert sum(nets.values()) == 0
    paid: dict[str, int] = dict.fromkeys(nets, 0)
    for payment in after["settlement"]:
        paid[payment["payer"]] -= payment["amount"]
        paid[payment["payee"]] += payment["amount"]
    assert paid == nets


def test_the_state_tells_the_page_the_nights_games_and_a_dealers_choice_menu_by_name(
    client: TestClient,
) -> None:
    seated = open_table(
        client,
        1,
        1,
        game=None,
        format=None,
        stakes=None,
        night="oresteen-dealers-choice",
        time_limit=0,
    )
    state = seated.state(0)
    assert {"id", "name"} <= set(state["games"][0])
    end = time.monotonic() + 60
    while time.monotonic() < end:
        state = seated.state(0)
        menu = [e for e in state["legal"] if e["action"] == "game"]
        if menu:
            assert set(menu[0]["names"]) == set(menu[0]["options"])
            if state["hand"] is not None:  # the hand shown is the last one, over
                assert state["hand"]["done"] is True
                assert state["hand"]["number"] == state["last_hand"]["number"]
                assert state["hand"]["commitment"] == state["last_hand"]["commitment"]
            return
        if state["to_act"] == 1 and state["legal"]:
            assert seated.act(0, _passive(state)).status_code == 200
    raise AssertionError("the page player never dealt")


def _passive(state: dict[str, Any]) -> str:
    """:func:`passive`, throwing its own first cards where a discard names none."""
    action = passive(state["legal"])
    if action.strip() == "dc":
        count = next(e["min"] for e in state["legal"] if e["action"] == "dc")
        action = "dc " + "".join(state["seats"][state["you"] - 1]["cards"][:count])
    return action


@pytest.mark.parametrize(("game", "purpose"), [("H09", "pass"), ("F07", "discard")])
def test_a_discard_says_whether_the_cards_are_passed_on(
    client: TestClient, game: str, purpose: str
) -> None:
    seated = open_table(client, 1, 2, game=game, format=None, stakes=None, time_limit=0)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        state = seated.state(0)
        entries = [e for e in state["legal"] if e["action"] == "dc"]
        if entries:
            assert entries[0]["for"] == purpose
            assert state["agreed"] == {"run_twice": False}
            assert state["offers"]["run_twice"] is False
            return
        if state["to_act"] == 1 and state["legal"]:
            assert seated.act(0, _passive(state)).status_code == 200
    raise AssertionError("no discard came")


def test_the_catalogue_lists_every_game_and_night_for_the_pages_menus(client: TestClient) -> None:
    answer = client.get("/api/catalogue").json()
    ids = [game["id"] for game in answer["games"]]
    assert len(ids) == 99
    assert {"F01", "S01", "D11", "H09"} <= set(ids)
    holdem = answer["games"][0]
    assert holdem["name"] == "Texas Hold'em"
    assert "no-limit" in holdem["formats"]
    assert "horse" in [night["key"] for night in answer["nights"]]
    home = client.get("/")
    assert home.status_code == 200
    assert "/static/home.js" in home.text
