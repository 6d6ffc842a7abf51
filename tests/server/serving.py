"""``pokerbook serve`` as a real process for the resume tests: started, asked over
HTTP, and killed with SIGKILL (no chance to tidy up), then started again on the same
log and port."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

#: what a request to a server that is down (or going down) may raise
DOWN = (OSError, http.client.HTTPException, TimeoutError)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class HttpError(Exception):
    """The server answered with an error status."""

    def __init__(self, status: int, body: str) -> None:
        super().__init__(f"{status}: {body}")
        self.status = status


def call(
    base: str,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    token: str | None = None,
    timeout: float = 5.0,
) -> Any:
    """``method path`` with a JSON ``body``; the JSON answer (text if not JSON)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            text = reply.read().decode()
    except urllib.error.HTTPError as exc:
        raise HttpError(exc.code, exc.read().decode(errors="replace")) from None
    if reply.headers.get_content_type() == "application/json":
        return json.loads(text)
    return text


class ServeProcess:
    """``python -m pokerbook serve`` on ``db`` with a deal seed, on one port for life."""

    def __init__(self, db: Path, deal_seed: int, log: Path) -> None:
        self.db = db
        self.deal_seed = deal_seed
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        assert self.process is None
        command = [sys.executable, "-m", "pokerbook", "serve", "--port", str(self.port)]
        command += ["--db", str(self.db), "--deal-seed", str(self.deal_seed)]
        command += ["--log-level", "error"]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        self.starts += 1

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Until the server answers (it has rebuilt every table from the log)."""
        end = time.monotonic() + timeout
        while True:
            assert self.process is not None
            if self.process.poll() is not None:
                raise AssertionError(
                    f"the server exited ({self.process.returncode}): {self.tail()}"
                )
            try:
                call(self.base, "GET", "/api/health", timeout=1.0)
                return
            except DOWN:
                if time.monotonic() > end:
                    raise AssertionError(f"the server did not come up: {self.tail()}") from None
                time.sleep(0.02)

    def kill(self) -> None:
        """SIGKILL: the process ends wherever it is."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.process = None

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""

    def get(self, path: str, token: str | None = None) -> Any:
        return call(self.base, "GET", path, token=token)

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        return call(self.base, "POST", path, body, token)
