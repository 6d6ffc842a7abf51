"""The server's append-only log: every table's events, in SQLite or PostgreSQL.

One schema and one code path (SQLAlchemy Core) for both: a ``tables`` row per table
and an ``events`` row per event, numbered from 1 within its table.  SQLite runs in
WAL mode (readers never wait for the writer); each :meth:`Store.append` is its own
committed transaction, so an event is on disk before anyone is told of it.  A table's
state is what replaying its events gives (:mod:`pokerbook.server.table`): nothing
else is stored of it.  A ``settings`` table keeps the server's own key that signs the
page's cookies, so a restart does not sign everybody out.  A ``clocks`` table keeps
the directors' tournament clocks (:mod:`pokerbook.server.clocks`), a row each.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

#: seconds between two checkpoints of a SQLite log (:class:`Checkpoints`)
CHECKPOINT_EVERY = 1.0

METADATA = sa.MetaData()

TABLES = sa.Table(
    "tables",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
)

EVENTS = sa.Table(
    "events",
    METADATA,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

#: the server's own settings that outlive a restart (the key that signs its cookies)
SETTINGS = sa.Table(
    "settings",
    METADATA,
    sa.Column("name", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

#: the directors' clocks (:mod:`pokerbook.server.clocks`): a row each, its state
#: rewritten on every change (a clock is a few numbers, not a log)
CLOCKS = sa.Table(
    "clocks",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("structure", sa.String(64), nullable=True),  # a built-in structure's key, or
    sa.Column("toml", sa.Text, nullable=True),  # a structure file's text
    sa.Column("host", sa.String(64), nullable=False),  # the host token's SHA-256
    sa.Column("state", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)


@dataclass(frozen=True)
class StoredClock:
    """One clock: its structure (a built-in key or a structure file's text), its host
    token's hash and its state (:meth:`pokerbook.tournament.clock.Clock.to_dict` and
    the server's own fields)."""

    id: str
    structure: str | None
    toml: str | None
    host: str
    state: dict[str, Any]
    updated: float


@dataclass(frozen=True)
class StoredEvent:
    """One event of a table: its number, kind, data and when it was committed."""

    seq: int
    kind: str
    data: dict[str, Any]
    at: float


class StoreError(RuntimeError):
    """The log cannot be opened or written."""


def database_url(db: str) -> str:
    """A SQLAlchemy URL for ``--db``: a URL as given (``postgresql://...``), or a path
    to a SQLite file."""
    if "://" in db:
        if db.startswith("postgresql://") or db.startswith("postgres://"):
            return "postgresql+psycopg://" + db.split("://", 1)[1]
        return db
    return f"sqlite:///{Path(db).expanduser()}"


class Store:
    """The log behind ``--db`` (see the module)."""

    def __init__(self, db: str) -> None:
        self.url = database_url(db)
        try:
            self.engine: Engine = sa.create_engine(self.url, future=True)
            if self.engine.dialect.name == "sqlite":
                sa.event.listen(self.engine, "connect", _sqlite_pragmas)
            METADATA.create_all(self.engine)
        except (sa.exc.SQLAlchemyError, ImportError) as exc:
            raise StoreError(f"cannot open the database {db!r}: {exc}") from exc
        self._conn = self.engine.connect()
        self._checkpoints: Checkpoints | None = None
        database = self.engine.url.database
        if self.kind == "sqlite" and database and database != ":memory:":
            self._checkpoints = Checkpoints(database)

    @property
    def kind(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    def add_table(self, table_id: str, created: dict[str, Any] | None = None) -> None:
        """Store a new table; with ``created``, its first event (``created``, number 1)
        in the same transaction, so a crash never leaves a table without its creation."""
        at = time.time()
        with self._conn.begin():
            self._conn.execute(sa.insert(TABLES).values(id=table_id, created=at))
            if created is not None:
                self._conn.execute(_INSERT_EVENT, _event_row(table_id, 1, "created", created, at))

    def append(self, table_id: str, seq: int, kind: str, data: dict[str, Any]) -> float:
        """Commit event ``seq`` of ``table_id``; returns its time.  Two events with one
        number cannot both be committed (the primary key refuses the second)."""
        at = time.time()
        try:
            with self._conn.begin():
                self._conn.execute(_INSERT_EVENT, _event_row(table_id, seq, kind, data, at))
        except sa.exc.IntegrityError:
            raise StoreError(f"table {table_id}: event {seq} is stored already") from None
        return at

    def table_ids(self) -> list[str]:
        """Every table, oldest first."""
        rows = self._conn.execute(sa.select(TABLES.c.id).order_by(TABLES.c.created, TABLES.c.id))
        ids = [row[0] for row in rows]
        self._conn.commit()
        return ids

    def events(self, table_id: str) -> Iterator[StoredEvent]:
        """``table_id``'s events in order."""
        query = sa.select(EVENTS.c.seq, EVENTS.c.kind, EVENTS.c.data, EVENTS.c.at).where(
            EVENTS.c.table_id == table_id
        )
        rows = self._conn.execute(query.order_by(EVENTS.c.seq)).all()
        self._conn.commit()
        for seq, kind, data, at in rows:
            yield StoredEvent(seq, kind, json.loads(data), at)

    def setting(self, name: str, make: Callable[[], str]) -> str:
        """The stored setting ``name``; made with ``make`` and stored on first use."""
        query = sa.select(SETTINGS.c.value).where(SETTINGS.c.name == name)
        found = self._conn.execute(query).scalar()
        self._conn.commit()
        if found is not None:
            return str(found)
        value = make()
        with self._conn.begin():
            self._conn.execute(sa.insert(SETTINGS).values(name=name, value=value))
        return value

    def add_clock(
        self,
        clock_id: str,
        host: str,
        state: dict[str, Any],
        *,
        structure: str | None = None,
        toml: str | None = None,
    ) -> None:
        """Store a new clock over a built-in ``structure`` or a structure file's ``toml``."""
        at = time.time()
        row = {"id": clock_id, "structure": structure, "toml": toml, "host": host}
        with self._conn.begin():
            self._conn.execute(
                sa.insert(CLOCKS).values(**row, state=_json(state), created=at, updated=at)
            )

    def save_clock(self, clock_id: str, state: dict[str, Any]) -> None:
        """Rewrite the clock's state (committed before the change is answered)."""
        query = sa.update(CLOCKS).where(CLOCKS.c.id == clock_id)
        with self._conn.begin():
            self._conn.execute(query.values(state=_json(state), updated=time.time()))

    def clocks(self) -> list[StoredClock]:
        """Every clock, oldest first."""
        columns = (CLOCKS.c.id, CLOCKS.c.structure, CLOCKS.c.toml, CLOCKS.c.host)
        query = sa.select(*columns, CLOCKS.c.state, CLOCKS.c.updated)
        rows = self._conn.execute(query.order_by(CLOCKS.c.created, CLOCKS.c.id)).all()
        self._conn.commit()
        return [
            StoredClock(clock_id, structure, toml, host, json.loads(state), updated)
            for clock_id, structure, toml, host, state, updated in rows
        ]

    def close(self) -> None:
        if self._checkpoints is not None:
            self._checkpoints.stop()
        self._conn.close()
        self.engine.dispose()


class Checkpoints:
    """SQLite's checkpoints (the log's WAL copied into the database file), made every
    :data:`CHECKPOINT_EVERY` seconds by a thread of their own with its own connection
    instead of by whichever commit fills the WAL: made by a commit, a checkpoint held
    up every table for 10-70 ms.  A passive checkpoint never waits for the writer."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoints", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        connection = sqlite3.connect(self.path, check_same_thread=False)
        try:
            while not self._stopping.wait(CHECKPOINT_EVERY):
                with contextlib.suppress(sqlite3.Error):  # (busy: the next one catches up)
                    connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
            with contextlib.suppress(sqlite3.Error):
                connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            connection.close()

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(timeout=30)


#: one statement for every event (compiled once, its rows given as parameters)
_INSERT_EVENT = sa.insert(EVENTS)


def _event_row(
    table_id: str, seq: int, kind: str, data: dict[str, Any], at: float
) -> dict[str, Any]:
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    return {"table_id": table_id, "seq": seq, "kind": kind, "data": text, "at": at}


def _json(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def _sqlite_pragmas(connection: Any, record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a crash of the process
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA wal_autocheckpoint=0")  # (made by Checkpoints instead)
    cursor.close()
