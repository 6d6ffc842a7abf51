"""Nothing is lost: a server killed with SIGKILL at any moment resumes every table
exactly where its log left it.

``pokerbook serve --deal-seed N`` makes a run repeatable (deals, tables' seeds, ids
and tokens come from N), so a run killed and restarted dozens of times must write
the very same log as a run left alone.  The people at the test's tables are a client
in this process that acts on what it reads (check or call), so what they do depends
on the table's state and never on timing; their clock is long enough never to run.
"""

from __future__ import annotations

import csv
import io
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient
from tests.server.conftest import open_table, passive
from tests.server.serving import DOWN, HttpError, ServeProcess

from pokerbook.cli.main import cli
from pokerbook.server.app import Server, make_app
from pokerbook.server.runner import table_from_log
from pokerbook.server.store import Store

SEED = 7
#: settings every test table shares: no approval, hands one after the other, and a
#: clock that never runs out on the people (their time-outs would depend on timing)
COMMON = {"approval": False, "between_hands": 0, "time_limit": 3600}


@dataclass
class Opened:
    """A table the script opened: its id, host token and people's tokens by seat."""

    id: str
    host: str
    people: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Script:
    """Tables to open: (settings, bot policy, bots, people)."""

    tables: tuple[tuple[dict[str, Any], str, int, int], ...]


def open_tables(server: ServeProcess, script: Script) -> list[Opened]:
    opened = []
    for settings, bot, bots, people in script.tables:
        made = server.post("/api/tables", {**COMMON, **settings})
        table = Opened(made["table"], made["host_token"])
        for index in range(people):
            joined = server.post(f"/api/tables/{table.id}/join", {"name": f"person {index + 1}"})
            table.people[joined["seat"] - 1] = joined["token"]
        for _ in range(bots):
            server.post(f"/api/tables/{table.id}/join", {"bot": bot}, table.host)
        server.post(f"/api/tables/{table.id}/start", {}, table.host)
        opened.append(table)
    return opened


class People(threading.Thread):
    """The people at the tables: each reads its own state and, when it is to act,
    checks or calls (:func:`passive`); a server that is down is asked again."""

    def __init__(self, server: ServeProcess, tables: list[Opened]) -> None:
        super().__init__(daemon=True)
        self.server = server
        self.seats = [(t.id, token) for t in tables for token in t.people.values()]
        self.stop = threading.Event()
        self.actions = 0
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while not self.stop.is_set() and self.seats:
                for table_id, token in list(self.seats):
                    self._turn(table_id, token)
                time.sleep(0.003)
        except BaseException as exc:  # (told to the test)
            self.error = exc

    def _turn(self, table_id: str, token: str) -> None:
        try:
            state = self.server.get(f"/api/tables/{table_id}/state", token)
            if state["status"] == "ended":
                self.seats.remove((table_id, token))
            elif state["to_act"] == state["you"] and state["legal"]:
                body = {"action": passive(state["legal"])}
                self.server.post(f"/api/tables/{table_id}/act", body, token)
                self.actions += 1
        except HttpError as exc:
            if exc.status != 409:  # (409: the action was made before a kill: read again)
                raise
        except DOWN:
            time.sleep(0.01)


def all_ended(server: ServeProcess, tables: list[Opened]) -> bool:
    try:
        states = [server.get(f"/api/tables/{t.id}/state") for t in tables]
    except DOWN:
        return False
    return all(s["status"] == "ended" for s in states)


def logs(db: Path) -> dict[str, list[tuple[int, str, dict[str, Any]]]]:
    """Every table's events (number, kind, data), without the times they were written."""
    store = Store(str(db))
    try:
        return {t: [(e.seq, e.kind, e.data) for e in store.events(t)] for t in store.table_ids()}
    finally:
        store.close()


# -- the deal seed ------------------------------------------------------------------------
def test_a_deal_seed_gives_the_same_table_ids_tokens_and_seeds_and_none_gives_secrets(
    tmp_path: Path,
) -> None:
    settings = {"game": "F01", "format": "no-limit", "stakes": "1/2"}
    made = []
    for name, seed in (("a", 5), ("b", 5), ("c", 6), ("d", None), ("e", None)):
        server = Server(Store(str(tmp_path / f"{name}.sqlite")), deal_seed=seed)
        tables = [server.create_offline(settings) for _ in range(2)]
        made.append([(t.id, host, t.seed, server.new_token(t)) for t, host in tables])
        server.store.close()
    assert made[0] == made[1]
    assert made[0][0] != made[0][1]  # the second table is another table
    assert made[2] != made[0]
    assert made[3] != made[4]
    assert made[3] != made[0]


def bot_night_log(db: str, deal_seed: int | None) -> list[tuple[str, dict[str, Any]]]:
    with TestClient(make_app(db, deal_seed=deal_seed, rate=1e9, burst=1e9)) as client:
        body = {"game": "F01", "format": "limit", "seats": 3, "hands": 3, "bot_delay": 0}
        made = client.post("/api/tables", json={**COMMON, **body}).json()
        table, host = made["table"], made["host_token"]
        auth = {"Authorization": f"Bearer {host}"}
        for _ in range(3):
            assert client.post(f"/api/tables/{table}/join", json={"bot": "random"}, headers=auth)
        client.post(f"/api/tables/{table}/start", headers=auth)
        end = time.monotonic() + 30
        while client.get(f"/api/tables/{table}/state").json()["status"] != "ended":
            assert time.monotonic() < end, "the bot night did not end"
            time.sleep(0.01)
    return [(kind, data) for _, kind, data in logs(Path(db))[table]]


def test_two_servers_with_one_deal_seed_write_the_same_log_and_without_one_they_deal_apart(
    tmp_path: Path,
) -> None:
    first = bot_night_log(str(tmp_path / "1.sqlite"), 11)
    assert first == bot_night_log(str(tmp_path / "2.sqlite"), 11)
    deals = [data["seed"] for kind, data in first if kind == "deal"]
    assert len(deals) == 3
    assert len(set(deals)) == 3
    secret = bot_night_log(str(tmp_path / "3.sqlite"), None)
    assert [d for k, d in secret if k == "deal"] != [d for k, d in first if k == "deal"]


def test_serve_help_says_the_deal_seed_is_for_tests_only() -> None:
    text = CliRunner().invoke(cli, ["serve", "--help"]).output
    assert "--deal-seed" in text
    assert "never for real games" in " ".join(text.split())


def test_the_state_shows_the_clock_running_down_while_nobody_acts(client: TestClient) -> None:
    seated = open_table(client, people=2, time_limit=30)
    seat = seated.wait_for_turn()["to_act"] - 1
    first = seated.state(seat)
    time.sleep(0.35)
    again = seated.state(seat)
    assert again["version"] == first["version"]
    assert again["clock"]["left"] <= first["clock"]["left"] - 0.2


# -- one kill mid-hand --------------------------------------------------------------------
@pytest.fixture
def serve(tmp_path: Path) -> Iterator[ServeProcess]:
    server = ServeProcess(tmp_path / "log.sqlite", SEED, tmp_path / "serve.log")
    yield server
    if server.process is not None:
        server.kill()


def test_a_kill_mid_hand_leaves_the_person_to_act_the_same_hand_and_a_fresh_clock(
    serve: ServeProcess,
) -> None:
    serve.start()
    serve.wait_ready()
    body = {"game": "F01", "format": "no-limit", "seats": 2, "time_limit": 30}
    (table,) = open_tables(serve, Script(((body, "call", 0, 2),)))
    path = f"/api/tables/{table.id}/state"
    end = time.monotonic() + 30
    while (to_act := serve.get(path)["to_act"]) is None:
        assert time.monotonic() < end, "no hand was dealt"
        time.sleep(0.01)
    token = table.people[to_act - 1]
    while (before := serve.get(path, token))["clock"]["left"] > 27.0:
        assert time.monotonic() < end, f"the clock does not run: {before['clock']}"
        time.sleep(0.1)  # the clock runs down a little before the kill
    serve.kill()
    serve.start()
    serve.wait_ready()
    after = serve.get(path, token)
    assert after["legal"]
    assert after["hand"]["to_act"] == to_act
    assert {**after, "clock": None} == {**before, "clock": None}
    assert after["clock"]["left"] >= 28.5  # re-armed: the decision's whole time again


# -- many kills -----------------------------------------------------------------------------
#: bots act after a short delay, so a table lasts long enough to be killed many times
BOT_DELAY = 0.012
SLOW = {"bot_delay": BOT_DELAY}
LONG_SCRIPT = Script(
    (
        ({**SLOW, "game": "F01", "format": "no-limit", "seats": 6, "hands": 20}, "call", 6, 0),
        ({**SLOW, "game": "S05", "seats": 6, "hands": 30}, "random", 6, 0),
        ({**SLOW, "game": "D09", "seats": 5, "hands": 30}, "random", 5, 0),
        ({**SLOW, "night": "horse", "seats": 6, "hands": 30}, "random", 6, 0),
        ({**SLOW, "game": "F01", "format": "limit", "seats": 3, "hands": 40}, "random", 1, 2),
    )
)
KILLS = 50


@dataclass
class RunReport:
    tables: list[Opened]
    kills: int = 0
    kills_starting: int = 0
    seconds: float = 0.0
    #: from the tables' opening to their end
    playing: float = 0.0
    person_actions: int = 0
    phhs: dict[str, str] = field(default_factory=dict)
    ledgers: dict[str, str] = field(default_factory=dict)


def play(
    server: ServeProcess, script: Script, rng: random.Random | None = None, mean: float = 0.0
) -> RunReport:
    """Play ``script`` to its end; with ``rng``, SIGKILL the server at random moments
    (``mean`` seconds apart on average once it is up; one kill in six or so while it
    starts, rebuilding its tables) and start it again."""
    began = time.monotonic()
    server.start()
    server.wait_ready()
    report = RunReport(open_tables(server, script))
    people = People(server, report.tables)
    people.start()
    opened = time.monotonic()
    deadline = began + 400
    while not all_ended(server, report.tables):
        assert time.monotonic() < deadline, f"the tables did not end: {server.tail()}"
        if rng is None:
            time.sleep(0.1)
            continue
        time.sleep(rng.uniform(0.0, 2 * mean))
        server.kill()
        report.kills += 1
        server.start()
        if rng.random() < 0.2:
            time.sleep(rng.uniform(0.0, 0.8))  # maybe still starting: kill it there
            if server.process is not None and server.process.poll() is None:
                server.kill()
                report.kills += 1
                report.kills_starting += 1
                server.start()
        server.wait_ready()
        assert people.error is None, people.error
    people.stop.set()
    people.join(10)
    assert people.error is None, people.error
    for table in report.tables:
        report.phhs[table.id] = server.get(f"/api/tables/{table.id}/hands.phhs")
        report.ledgers[table.id] = server.get(f"/api/tables/{table.id}/ledger.csv")
    server.kill()
    report.seconds = time.monotonic() - began
    report.playing = time.monotonic() - opened
    report.person_actions = people.actions
    return report


def check_ledger(text: str) -> None:
    """The ledger's nets sum to zero and who pays whom settles them."""
    entries, _, payments = text.partition("\npayer,payee,amount\n")
    assert payments, f"the night is over but the ledger has no settlement: {text}"
    nets: dict[str, int] = {}
    sign = {"cash-out": 1, "house-take": 1, "buy-in": -1, "rebuy": -1}
    for row in csv.DictReader(io.StringIO(entries.split("\n\n")[0])):
        nets[row["player"]] = nets.get(row["player"], 0) + sign[row["kind"]] * int(row["amount"])
    assert sum(nets.values()) == 0, nets
    paid = dict.fromkeys(nets, 0)
    for payer, payee, amount in csv.reader(io.StringIO(payments)):
        paid[payer] -= int(amount)
        paid[payee] += int(amount)
    assert paid == nets


def check_hands(db: Path, table_id: str, phhs: str, tmp_path: Path) -> int:
    """Every hand's deltas sum to zero and its history verifies; returns the hands."""
    store = Store(str(db))
    table = table_from_log(table_id, list(store.events(table_id)))
    store.close()
    assert table.status == "ended"
    assert all(sum(h.result.deltas) == 0 for h in table.hands)
    path = tmp_path / f"{table_id}.phhs"
    path.write_text(phhs, encoding="utf-8")
    verified = CliRunner().invoke(cli, ["phh", "verify", str(path)])
    assert verified.exit_code == 0, verified.output
    count = len(table.hands)
    assert f"verified {count} hands: {count} matched" in verified.output, verified.output
    return count


@pytest.mark.slow
def test_a_server_killed_fifty_times_writes_the_log_a_run_left_alone_writes(
    tmp_path: Path,
) -> None:
    script = LONG_SCRIPT
    calm_db, killed_db = tmp_path / "calm.sqlite", tmp_path / "killed.sqlite"
    calm = play(ServeProcess(calm_db, SEED, tmp_path / "calm.log"), script)
    # kills close enough together that KILLS of them take two thirds of the play at most
    mean = calm.playing / KILLS / 1.5
    server = ServeProcess(killed_db, SEED, tmp_path / "killed.log")
    killed = play(server, script, random.Random(13), mean)
    print(
        f"\n{killed.kills} kills ({killed.kills_starting} while starting) in "
        f"{killed.seconds:.1f} s; the run left alone took {calm.seconds:.1f} s "
        f"({calm.playing:.1f} s of play)"
    )
    assert killed.kills >= KILLS, f"the tables ended after {killed.kills} kills: play longer"
    assert [t.id for t in killed.tables] == [t.id for t in calm.tables]
    calm_logs, killed_logs = logs(calm_db), logs(killed_db)
    assert calm_logs.keys() == killed_logs.keys()
    for table in killed.tables:
        assert killed_logs[table.id] == calm_logs[table.id], table.id
        check_ledger(killed.ledgers[table.id])
        assert killed.phhs[table.id] == calm.phhs[table.id]
        check_hands(killed_db, table.id, killed.phhs[table.id], tmp_path)
    print(
        f"{sum(len(v) for v in killed_logs.values())} events, "
        f"{killed.person_actions} people's actions: the same logs"
    )
