"""The directors' clocks of ``pokerbook serve``: made over the API from a built-in
structure or a structure file's text (checked strictly), read by anyone, run by the
host only, and kept in the store so that a restarted server shows the same clock
(rules.md §7.1; 001 Tournaments r.6-7: the limits rise on a schedule)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from tests.server.conftest import open_table
from tests.server.postgres import new_database, throwaway_postgres

from pokerbook.server.app import make_app
from pokerbook.server.clocks import Clocks, structure_from_toml
from pokerbook.server.store import Store
from pokerbook.tournament.structure import StructureError
from pokerbook.tournament.structure_file import builtin_structures, structure_names

#: a structure file's text: two levels of 20 minutes, a 10-minute break after the first
EVENT = """\
name = "Friday freezeout"
house = "roberts"
profile = "roberts"
games = ["nlhe"]
format = "no-limit"
table_size = 9
buy_in = 100
starting_chips = 10000
denominations = [25, 100]
level_minutes = 20
payout_percents = [60, 40]
levels = [
    { blinds = [25, 50], break_minutes = 10 },
    { blinds = [100, 200], colour_up = 25 },
    { blinds = [200, 400] },
]
"""

#: the wall clock the tests set (seconds)
START = 1_800_000_000.0


class Wall:
    """A wall clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def build(db: str, wall: Wall) -> Starlette:
    app = make_app(db, rate=1e9, burst=1e9)
    clocks: Clocks = app.state.clocks
    clocks.now = wall
    return app


@pytest.fixture
def wall() -> Wall:
    return Wall()


@pytest.fixture
def client(db: str, wall: Wall) -> Iterator[TestClient]:
    with TestClient(build(db, wall)) as test_client:
        yield test_client


def make(client: TestClient, **body: Any) -> dict[str, Any]:
    reply = client.post("/api/clocks", json=body)
    assert reply.status_code == 201, reply.text
    made: dict[str, Any] = reply.json()
    return made


def read(client: TestClient, clock_id: str, **headers: str) -> dict[str, Any]:
    reply = client.get(f"/api/clocks/{clock_id}", headers=headers)
    assert reply.status_code == 200, reply.text
    state: dict[str, Any] = reply.json()
    return state


def do(client: TestClient, made: dict[str, Any], what: str, **more: Any) -> Any:
    return client.post(
        f"/api/clocks/{made['id']}",
        json={"do": what, **more},
        headers={"Authorization": f"Bearer {made['host']}"},
    )


# -- making and reading ---------------------------------------------------------------
def test_r6_a_clock_shows_the_level_its_stakes_and_the_time_left(client: TestClient) -> None:
    made = make(client, structure="nlhe", players=100)
    assert made["url"] == f"/clock/{made['id']}"
    assert made["host_url"] == f"/clock/{made['id']}?host={made['host']}"
    structure = builtin_structures()["nlhe"]
    first, second = structure.levels[:2]
    state = read(client, made["id"])
    assert state["structure"] == "nlhe"
    assert state["structure_name"] == structure.name
    assert state["level"]["number"] == 1
    assert state["level"]["words"] == first.describe()
    assert state["level"]["stakes"] == "blinds " + "/".join(map(str, first.blinds))
    assert state["level"]["game_names"] == ["no-limit Texas Hold'em"]
    assert state["next_level"]["words"] == second.describe()
    assert state["seconds_left"] == structure.level_minutes(first) * 60
    breaks = [start for start, _, level in structure.schedule() if level is None]
    assert state["next_break_in"] == breaks[0] * 60
    assert (state["players_left"], state["entrants"]) == (100, 100)
    assert state["average_stack"] == structure.starting_stack(100)
    assert (state["paused"], state["on_break"], state["host"]) == (False, False, False)
    assert state["now"] == START


def test_r7_the_level_changes_on_the_schedule_and_the_break_is_shown(
    client: TestClient, wall: Wall
) -> None:
    made = make(client, toml=EVENT, players=20, name="  Friday at Ann's  ")
    state = read(client, made["id"])
    assert state["name"] == "Friday at Ann's"
    assert state["structure"] is None
    assert state["structure_name"] == "Friday freezeout"
    assert state["level"]["stakes"] == "blinds 25/50"
    assert state["next_break_in"] == 1200
    wall.now += 20 * 60 + 90  # into the break after level 1
    state = read(client, made["id"])
    assert state["on_break"]
    assert state["seconds_left"] == 10 * 60 - 90
    assert state["level"]["number"] == 2  # the level the break leads to
    wall.now += 10 * 60 - 90 + 5 * 60
    state = read(client, made["id"])
    assert not state["on_break"]
    assert state["level"]["number"] == 2
    assert state["seconds_left"] == 15 * 60
    assert state["next_break_in"] is None
    wall.now += 15 * 60  # the last level lasts until the end
    state = read(client, made["id"])
    assert state["level"]["number"] == 3
    assert state["seconds_left"] is None
    assert state["next_level"] is None


def test_unknown_clock_is_404(client: TestClient) -> None:
    reply = client.get("/api/clocks/zzz")
    assert reply.status_code == 404
    assert reply.json() == {"error": "no clock 'zzz'"}
    assert client.get("/clock/zzz").status_code == 404


def test_the_structures_menu_lists_every_built_in(client: TestClient) -> None:
    listed = client.get("/api/clocks/structures").json()["structures"]
    assert [entry["key"] for entry in listed] == list(structure_names())
    oresteen = next(entry for entry in listed if entry["key"] == "oresteen")
    assert (oresteen["min_players"], oresteen["max_players"]) == (5, 16)


# -- bad requests ---------------------------------------------------------------------
def test_a_structure_file_without_a_name_is_a_tournament(client: TestClient) -> None:
    text = EVENT.replace('name = "Friday freezeout"\n', "")
    state = read(client, make(client, toml=text, players=9)["id"])
    assert state["name"] == state["structure_name"] == "Tournament"


def test_a_bad_structure_file_is_400_with_the_loaders_message(client: TestClient) -> None:
    text = EVENT.replace("table_size = 9", "table_size = 9\ntables = 3")
    with pytest.raises(StructureError) as caught:
        structure_from_toml(text)
    reply = client.post("/api/clocks", json={"toml": text, "players": 10})
    assert reply.status_code == 400
    assert reply.json()["error"] == str(caught.value)
    assert "unknown key 'tables'" in reply.json()["error"]
    reply = client.post("/api/clocks", json={"toml": "house = [", "players": 10})
    assert reply.status_code == 400
    assert "not valid TOML" in reply.json()["error"]
    bad_stakes = EVENT.replace("{ blinds = [200, 400] }", "{ blinds = [400, 200] }")
    reply = client.post("/api/clocks", json={"toml": bad_stakes, "players": 10})
    assert reply.status_code == 400, reply.text
    assert "levels[2].blinds" in reply.json()["error"]


@pytest.mark.parametrize(
    "games",
    [
        'games = ["/tmp/my-game.toml"]',
        'games = ["nlhe", "games.TOML:F99"]',
        'games = ["nlhe"]\nside_game = { game = "../x.toml" }',
    ],
)
def test_a_structure_file_names_no_game_file_on_the_server(client: TestClient, games: str) -> None:
    text = EVENT.replace('games = ["nlhe"]', games)
    reply = client.post("/api/clocks", json={"toml": text, "players": 10})
    assert reply.status_code == 400, reply.text
    assert "not a file" in reply.json()["error"]


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"structure": "nlhe"}, 400, "'players'"),
        ({"structure": "nlhe", "players": "9"}, 400, "'players' must be a int"),
        ({"structure": "nlhe", "players": True}, 400, "'players' must be a int"),
        ({"structure": "nlhe", "players": 9, "seats": 9}, 400, "unknown fields ['seats']"),
        ({"players": 9}, 400, "give 'structure'"),
        ({"structure": "nlhe", "toml": EVENT, "players": 9}, 400, "not both"),
        ({"structure": "no-such", "players": 9}, 400, "no structure named 'no-such'"),
        # a request names no file on the server, even one that exists
        ({"structure": "/etc/hostname", "players": 9}, 400, "no structure named"),
        ({"structure": "oresteen", "players": 4}, 400, "'players' is 5 to 16"),
        ({"structure": "nlhe", "players": 0}, 400, "'players' is 2 to 10000"),
        ({"structure": "nlhe", "players": 9, "name": "x" * 20_000}, 413, "at most"),
    ],
)
def test_a_bad_body_is_refused(
    client: TestClient, body: dict[str, Any], status: int, says: str
) -> None:
    reply = client.post("/api/clocks", json=body)
    assert reply.status_code == status, reply.text
    assert says in reply.json()["error"]


# -- the host's controls --------------------------------------------------------------
def test_only_the_host_runs_the_clock(client: TestClient) -> None:
    made = make(client, structure="nlhe", players=50)
    other = make(client, structure="nlhe", players=50)
    table = open_table(client, 0, start=False)
    path = f"/api/clocks/{made['id']}"
    assert client.post(path, json={"do": "bust"}).status_code == 401
    for token in (other["host"], table.host, "not-a-token"):
        reply = client.post(path, json={"do": "bust"}, headers={"Authorization": f"Bearer {token}"})
        assert reply.status_code == 403, reply.text
        assert reply.json() == {"error": "this needs the clock's host token"}
    assert read(client, made["id"])["players_left"] == 50  # nothing changed
    reply = do(client, made, "bust")
    assert reply.status_code == 200
    assert reply.json()["players_left"] == 49
    assert reply.json()["host"] is True
    assert read(client, made["id"], Authorization=f"Bearer {made['host']}")["host"] is True


def test_the_host_cookie_counts_only_from_the_page(client: TestClient) -> None:
    made = make(client, structure="nlhe", players=30)
    page = client.get(f"/clock/{made['id']}?host={made['host']}", follow_redirects=False)
    assert page.status_code == 303
    assert page.headers["location"] == f"/clock/{made['id']}"
    cookie = page.headers["set-cookie"]
    assert cookie.startswith(f"pb_host_clock-{made['id']}=")
    assert "HttpOnly" in cookie
    assert "SameSite=strict" in cookie
    path = f"/api/clocks/{made['id']}"
    assert client.post(path, json={"do": "pause"}).status_code == 401  # no page header
    reply = client.post(path, json={"do": "pause"}, headers={"X-Pokerbook": "page"})
    assert reply.status_code == 200
    assert reply.json()["paused"] is True
    assert read(client, made["id"], **{"X-Pokerbook": "page"})["host"] is True
    wrong = client.get(f"/clock/{made['id']}?host=nope", follow_redirects=False)
    assert wrong.status_code == 403


def test_a_tables_host_cookie_is_not_the_clocks(client: TestClient) -> None:
    made = make(client, structure="nlhe", players=30)
    table = open_table(client, 0, start=False)
    assert client.get(f"/t/{table.table}?host={table.host}", follow_redirects=False).is_redirect
    value = client.cookies[f"pb_host_{table.table}"]
    client.cookies.set(f"pb_host_clock-{made['id']}", value)  # moved onto the clock
    reply = client.post(
        f"/api/clocks/{made['id']}", json={"do": "pause"}, headers={"X-Pokerbook": "page"}
    )
    assert reply.status_code == 401


def test_r7_pause_stops_the_clock_and_next_skips_to_the_next_level(
    client: TestClient, wall: Wall
) -> None:
    made = make(client, toml=EVENT, players=20)
    wall.now += 300
    assert do(client, made, "pause").json()["seconds_left"] == 900
    wall.now += 3600  # a long pause: nothing counts
    state = read(client, made["id"])
    assert state["paused"]
    assert state["seconds_left"] == 900
    assert state["level"]["number"] == 1
    resumed = do(client, made, "resume").json()
    assert not resumed["paused"]
    assert resumed["seconds_left"] == 900
    wall.now += 60
    assert read(client, made["id"])["seconds_left"] == 840
    skipped = do(client, made, "next").json()  # past the break, to level 2's start
    assert skipped["level"]["number"] == 2
    assert not skipped["on_break"]
    assert skipped["seconds_left"] == 1200
    do(client, made, "next")
    reply = do(client, made, "next")
    assert reply.status_code == 409
    assert "last level" in reply.json()["error"]


def test_busts_and_entries_change_the_players_left_and_the_average(client: TestClient) -> None:
    made = make(client, structure="oresteen", players=10)
    stack = builtin_structures()["oresteen"].starting_stack(10)
    state = do(client, made, "bust", count=3).json()
    assert (state["players_left"], state["entrants"]) == (7, 10)
    assert state["average_stack"] == 10 * stack // 7
    state = do(client, made, "add").json()
    assert (state["players_left"], state["entrants"]) == (8, 11)
    assert state["chips"] == 11 * stack
    reply = do(client, made, "bust", count=8)
    assert reply.status_code == 409
    assert "one must stay" in reply.json()["error"]
    reply = do(client, made, "add", count=9)  # 17 players: Oresteen's night seats 16
    assert reply.status_code == 409
    assert "at most 16" in reply.json()["error"]
    assert do(client, made, "bust", count=0).status_code == 400
    assert do(client, made, "jump").status_code == 400
    assert do(client, made, "bust", players=2).status_code == 400  # an unknown key
    assert read(client, made["id"])["players_left"] == 8  # the refused changed nothing


# -- kept in the store ----------------------------------------------------------------
def test_a_restarted_server_shows_the_same_clock_and_time_ran_meanwhile(
    db: str, wall: Wall
) -> None:
    with TestClient(build(db, wall)) as first:
        running = make(first, toml=EVENT, players=40)
        paused = make(first, structure="nlhe", players=300)
        do(first, running, "bust", count=5)
        do(first, running, "add")
        wall.now += 120
        do(first, paused, "next")
        do(first, paused, "pause")
        before = {made["id"]: read(first, made["id"]) for made in (running, paused)}
    wall.now += 600  # ten minutes with the server down
    with TestClient(build(db, wall)) as second:
        after = read(second, running["id"])
        assert after["seconds_left"] == before[running["id"]]["seconds_left"] - 600
        for key in ("name", "structure_name", "players_left", "entrants", "average_stack"):
            assert after[key] == before[running["id"]][key], key
        assert after["players_left"] == 36
        still = read(second, paused["id"])
        assert still["paused"]
        assert still["level"]["number"] == 2
        assert still["seconds_left"] == before[paused["id"]]["seconds_left"]
        # the host token still runs it, and the change is kept
        assert do(second, paused, "resume").status_code == 200
    with TestClient(build(db, wall)) as third:
        assert read(third, paused["id"])["paused"] is False


_databases = itertools.count(1)


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with throwaway_postgres() as url:
        yield url


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_the_clocks_table_keeps_each_clock_on_both_stores(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest, wall: Wall
) -> None:
    if kind == "sqlite":
        url = str(tmp_path / "log.sqlite")
    else:
        server: str = request.getfixturevalue("postgres")
        url = new_database(server, f"pokerbook_clocks_{next(_databases)}")
    store = Store(url)
    try:
        clocks = Clocks(store, wall)
        built_in, _ = clocks.create(50, structure="nlhe")
        from_file, _ = clocks.create(12, toml=EVENT, name="Friday")
        wall.now += 90
        clocks.control(from_file, "bust", 2)
        clocks.control(from_file, "pause")
        again = Clocks(store, wall).clocks
        assert list(again) == [built_in.id, from_file.id]
        kept = again[from_file.id]
        assert (kept.key, kept.toml, kept.host) == (None, EVENT, from_file.host)
        assert (kept.name, kept.version) == ("Friday", 3)
        assert kept.clock.to_dict() == from_file.clock.to_dict()
        assert again[built_in.id].key == "nlhe"
        assert again[built_in.id].structure is builtin_structures()["nlhe"]
    finally:
        store.close()
