"""A throwaway PostgreSQL server for the store's tests, from Debian's ``postgresql``
package (``/usr/lib/postgresql/VERSION/bin``): a fresh cluster in a temporary folder,
trust authentication, on a free port of 127.0.0.1, stopped and removed afterwards.

PostgreSQL refuses to run as root, so as root the cluster belongs to the
``postgres`` user the package makes, and its commands run as that user.  Without the
binaries the tests that need them fail and say how to install them, unless
``POKERBOOK_NO_POSTGRES=1`` says to skip them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from tests.server.serving import free_port

INSTALL = (
    "PostgreSQL's server binaries are not installed (looked for "
    "/usr/lib/postgresql/*/bin/initdb): on Debian or Ubuntu run "
    "'apt-get install -y postgresql' (as root), or set POKERBOOK_NO_POSTGRES=1 to skip "
    "the PostgreSQL tests"
)
SKIP = "POKERBOOK_NO_POSTGRES=1: the PostgreSQL tests are skipped"


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's ``bin`` folder, or None."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    return found[-1].parent if found else None


def _as_owner(command: list[str]) -> list[str]:
    """``command`` as the ``postgres`` user when we are root (PostgreSQL refuses root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


def _run(command: list[str]) -> None:
    done = subprocess.run(_as_owner(command), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stdout}{done.stderr}")


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A running PostgreSQL server; yields its URL (user ``postgres``, no password)."""
    if os.environ.get("POKERBOOK_NO_POSTGRES") == "1":
        pytest.skip(SKIP)
    binaries = postgres_bin()
    if binaries is None:
        pytest.fail(INSTALL)
    # not under pytest's tmp_path: its folders are closed to other users
    home = Path(tempfile.mkdtemp(prefix="pokerbook-postgres-"))
    data, sockets = home / "data", home / "sockets"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(home, "postgres")
        shutil.chown(sockets, "postgres")
    port = free_port()
    ctl = str(binaries / "pg_ctl")
    try:
        _run([str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"])
        options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(home / "server.log")
        _run([ctl, "-D", str(data), "-o", options, "-l", log, "-w", "-t", "60", "start"])
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
        finally:
            _run([ctl, "-D", str(data), "-m", "immediate", "-w", "stop"])
    finally:
        shutil.rmtree(home, ignore_errors=True)


def new_database(url: str, name: str) -> str:
    """A fresh, empty database ``name`` on the server at ``url``; its URL."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)))
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return url.rsplit("/", 1)[0] + f"/{name}"
