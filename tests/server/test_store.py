"""The event log on SQLite and on PostgreSQL: the same tests on both.

The PostgreSQL server is a throwaway one (tests/server/postgres.py); without
PostgreSQL installed these tests fail and say how to install it, unless
POKERBOOK_NO_POSTGRES=1 says to skip them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.server import postgres as postgres_helper
from tests.server.conftest import open_table
from tests.server.postgres import new_database, throwaway_postgres

from pokerbook.server.app import make_app
from pokerbook.server.runner import table_from_log
from pokerbook.server.store import Store, StoreError

_databases = itertools.count(1)


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with throwaway_postgres() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return str(tmp_path / "log.sqlite")
    server: str = request.getfixturevalue("postgres")
    return new_database(server, f"pokerbook_test_{next(_databases)}")


@pytest.fixture
def store(db: str) -> Iterator[Store]:
    opened = Store(db)
    yield opened
    opened.close()


def test_the_store_is_the_kind_its_url_says(store: Store, db: str) -> None:
    assert store.kind == ("postgresql" if db.startswith("postgresql://") else "sqlite")


def test_events_read_back_as_they_were_appended_in_order(store: Store) -> None:
    created = {"config": {"game": "F01"}, "seed": 2**63 + 5, "host": "h"}
    store.add_table("t1", created)
    store.append("t1", 2, "join", {"seat": 0, "name": "Ann", "buy_in": 200})
    store.append("t1", 3, "act", {"seat": 0, "action": "cbr 20", "bank": 59.5})
    events = list(store.events("t1"))
    assert [(e.seq, e.kind) for e in events] == [(1, "created"), (2, "join"), (3, "act")]
    assert events[0].data == created  # (a 64-bit seed survives the JSON text)
    assert events[2].data == {"seat": 0, "action": "cbr 20", "bank": 59.5}
    assert events[0].at <= events[1].at <= events[2].at
    assert list(store.events("nobody")) == []


def test_an_event_number_is_stored_once_and_the_store_goes_on_after_a_refusal(
    store: Store,
) -> None:
    store.add_table("t1", {"seed": 1})
    store.append("t1", 2, "start", {})
    with pytest.raises(StoreError, match="event 2 is stored already"):
        store.append("t1", 2, "pause", {})
    with pytest.raises(StoreError, match="event 1 is stored already"):
        store.append("t1", 1, "created", {})
    store.append("t1", 3, "pause", {})
    assert [(e.seq, e.kind) for e in store.events("t1")] == [
        (1, "created"),
        (2, "start"),
        (3, "pause"),
    ]


def test_a_store_opened_again_holds_the_tables_oldest_first(db: str) -> None:
    first = Store(db)
    for table_id in ("zeta", "alpha", "mid"):
        first.add_table(table_id, {"seed": 0})
    first.add_table("bare")  # (a table stored without its creation event)
    first.close()
    again = Store(db)
    assert again.table_ids() == ["zeta", "alpha", "mid", "bare"]
    assert [e.kind for e in again.events("alpha")] == ["created"]
    again.close()


def test_a_bot_night_is_played_logged_and_resumed_from_the_store(db: str) -> None:
    with TestClient(make_app(db, rate=1e9, burst=1e9)) as client:
        kind = "postgresql" if db.startswith("postgresql://") else "sqlite"
        assert client.get("/api/health").json()["store"] == kind
        seated = open_table(client, people=0, bots=3, hands=4)
        state = seated.wait_for_turn(timeout=60)
        assert state["status"] == "ended"
        assert state["hands_played"] == 4
        live = client.app.state.server.runners[seated.table].table  # type: ignore[attr-defined]
        phhs = client.get(f"/api/tables/{seated.table}/hands.phhs").text
    store = Store(db)
    rebuilt = table_from_log(seated.table, list(store.events(seated.table)))
    store.close()
    assert rebuilt.version == live.version
    assert [h.result.deltas for h in rebuilt.hands] == [h.result.deltas for h in live.hands]
    assert all(sum(h.result.deltas) == 0 for h in rebuilt.hands)
    with TestClient(make_app(db, rate=1e9, burst=1e9)) as client:  # the server restarted
        resumed = client.get(f"/api/tables/{seated.table}/state").json()
        assert resumed["status"] == "ended"
        assert resumed["version"] == live.version
        assert client.get(f"/api/tables/{seated.table}/hands.phhs").text == phhs


def test_without_postgresql_its_tests_fail_saying_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("POKERBOOK_NO_POSTGRES", raising=False)
    monkeypatch.setattr(postgres_helper, "postgres_bin", lambda: None)
    with (
        pytest.raises(pytest.fail.Exception, match="apt-get install -y postgresql"),
        throwaway_postgres(),
    ):
        pass


def test_pokerbook_no_postgres_skips_the_postgresql_tests_and_says_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("POKERBOOK_NO_POSTGRES", "1")
    with (
        pytest.raises(pytest.skip.Exception, match="POKERBOOK_NO_POSTGRES=1"),
        throwaway_postgres(),
    ):
        pass


def test_sqlite_checkpoints_are_made_apart_from_the_commits(tmp_path: Path) -> None:
    path = tmp_path / "log.sqlite"
    store = Store(str(path))
    with store.engine.connect() as connection:
        pragma = connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()
    assert pragma == 0  # no commit makes a checkpoint: the store's own thread does
    store.add_table("t1", {"config": {}, "seed": 1, "host": "h"})
    for seq in range(2, 1500):
        store.append("t1", seq, "act", {"seat": 0, "action": "cc", "bank": 60.0})
    store.close()  # the last checkpoint empties the WAL into the database file
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    again = Store(str(path))
    assert [e.seq for e in again.events("t1")] == list(range(1, 1500))
    again.close()
