"""Table server load: seated bot clients over loopback HTTP and WebSocket against a
real ``pokerbook serve``.

    python benchmarks/bench_server.py [--tables 200] [--seats 6] [--think 0.5]
                                      [--warmup 10] [--seconds 30] [--plain-ws]
                                      [--ws-actions] [--quick]

The server runs in its own process (``python -m pokerbook serve`` over a fresh SQLite
file, uvicorn, one worker), as people would run it.  Every client runs in this one
process on asyncio (the machine has two cores: one for the server, one for all the
clients): each seated client has its own HTTP/1.1 keep-alive connection for its
actions (requests written and answers read straight off the socket, so the clients'
process spends little of its core on them; the server's per-connection rate limit
applies to each alone; ``pokerbook serve`` keeps an idle connection 75 s, and a client
whose connection was closed opens a new one) and its own WebSocket, asking for
permessage-deflate as browsers do (``--plain-ws``: without; the server declines it).
The host makes ``--tables`` no-limit hold'em tables (1/2 blinds, stacks of 200, no
clock, no pause between hands), ``--seats`` clients join each, and the host starts
them.

When the state pushed to a client says it is to act, the client waits its think time
(``--think`` seconds, drawn uniformly between half and one and a half times it, as
people at a table; ``--think 0`` acts at once and so loads the server to the full)
and posts a passive but varied action: mostly check or call, sometimes (one time in
eight) the smallest bet or raise when it could check, and folds only when it may not
check.  Its latency is the time from sending ``POST /act`` (or, with ``--ws-actions``,
the action on its WebSocket) to receiving the WebSocket push whose version is at least
the version the server answered (the first state that shows the action).  The first
``--warmup`` seconds after the last table starts are reported apart ("first pass":
the server's first hands, its caches cold) from the ``--seconds`` measured after them
("warm").  The server's memory is its resident set
before any table, after every table is seated and started, and after the run (each
table keeps its night's hands); its CPU share over the measured window, and its CPU
time an action, say how near it was to its limit.  The load average printed first says
how much else the machine was doing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

#: the issue's target: this many seated clients with a p99 of at most this many ms
TARGET_CLIENTS = 1000
TARGET_P99_MS = 50.0
#: one time in this many a client that could check bets the minimum instead
BET_ONE_IN = 8
#: seconds a client keeps an idle connection (uvicorn closes one after 5)
KEEP_ALIVE = 60.0
#: tables set up at once
SETUP_AT_ONCE = 16

TABLE_SETTINGS: dict[str, Any] = {
    "game": "F01",
    "format": "no-limit",
    "stakes": "1/2",
    "stack": 200,
    "approval": False,
    "time_limit": 0,
    "bot_delay": 0,
    "between_hands": 0,
}


# -- the server process -------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "pokerbook", "serve", "--port", str(port), "--db", str(db)]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


async def wait_until_up(client: httpx2.AsyncClient, server: subprocess.Popen[bytes]) -> None:
    end = time.monotonic() + 60
    while time.monotonic() < end:
        if server.poll() is not None:
            err = server.stderr.read().decode() if server.stderr else ""
            raise SystemExit(f"the server stopped: {err}")
        try:
            if (await client.get("/api/health")).status_code == 200:
                return
        except httpx2.TransportError:
            pass
        await asyncio.sleep(0.1)
    raise SystemExit("the server did not answer within 60 s")


def rss_mb(pid: int) -> tuple[float, float]:
    """A process's resident set and its peak, in MB (from /proc)."""
    found: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0]) / 1024
    return found["VmRSS"], found["VmHWM"]


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the clients ----------------------------------------------------------------------------
@dataclass
class Sample:
    """One action: when it was sent, when the POST answered, when its state arrived."""

    sent: float
    answered: float
    pushed: float


@dataclass
class Tally:
    """Every client's samples and refusals."""

    samples: list[Sample] = field(default_factory=list)
    refused: dict[str, int] = field(default_factory=dict)
    acting: bool = True
    #: actions sent on the WebSocket instead of POST /act
    ws_actions: bool = False


def choose_action(legal: list[dict[str, Any]], rng: random.Random) -> str:
    """Mostly check or call; sometimes the smallest bet where a check was possible."""
    codes = {entry["action"]: entry for entry in legal}
    checks = "cc" in codes and codes["cc"]["min"] == 0
    if checks and "cbr" in codes and rng.randrange(BET_ONE_IN) == 0:
        return f"cbr {codes['cbr']['min']}"
    if "cc" in codes:
        return "cc"
    return "f" if "f" in codes else str(legal[0]["action"])


class Connection:
    """One keep-alive HTTP/1.1 connection for a client's actions: a request written and
    its answer read straight off the socket, so that the client process spends on an
    action little more than the server's answer takes to read (a general HTTP client
    costs it about as much CPU as the server spends on the action)."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any], token: str) -> tuple[int, Any]:
        """``(status, JSON answer)``; a connection the server closed is opened again."""
        payload = json.dumps(body).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(payload)}\r\n\r\n"
        ).encode()
        for attempt in range(2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            assert self.reader is not None
            try:
                self.writer.write(head + payload)
                status_line = await self.reader.readline()
                if not status_line:
                    raise ConnectionResetError("closed by the server")
                length = 0
                while (line := await self.reader.readline()) not in (b"\r\n", b""):
                    name, _, value = line.decode("latin-1").partition(":")
                    if name.lower() == "content-length":
                        length = int(value)
                answer = await self.reader.readexactly(length)
                return int(status_line.split()[1]), json.loads(answer)
            except (ConnectionError, asyncio.IncompleteReadError):
                await self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


class Seat:
    """One seated client: its connection, its WebSocket, and its decisions."""

    def __init__(
        self, http: Connection, table: str, token: str, think: float, tally: Tally
    ) -> None:
        self.http = http
        self.table = table
        self.token = token
        self.think = think
        self.tally = tally
        self.rng = random.Random(token)
        self.ws: ClientConnection | None = None
        self.latest: dict[str, Any] | None = None
        self.acted_up_to = 0  # a state before this version is a decision already made
        self.busy = False
        self.sent = 0.0
        self.answer: int | None = None
        self.answered = 0.0
        self.arrivals: list[tuple[int, float]] = []  # (version, time) since the send
        self.hands_played = 0
        self.tasks: set[asyncio.Task[None]] = set()

    async def open(self, ws_base: str, *, deflate: bool) -> None:
        url = f"{ws_base}/api/tables/{self.table}/ws?token={self.token}"
        compression = "deflate" if deflate else None
        self.ws = await connect(url, compression=compression, max_size=2**22, open_timeout=60)

    async def listen(self) -> None:
        assert self.ws is not None
        try:
            async for message in self.ws:
                told = json.loads(message)
                if "acted" in told:
                    self.on_answer(told["acted"], time.perf_counter())
                elif "error" in told:
                    self._refuse(f"socket {told.get('status')}")
                else:
                    self.on_state(told, time.perf_counter())
        except ConnectionClosed:
            pass

    def on_state(self, state: dict[str, Any], now: float) -> None:
        self.latest = state
        self.hands_played = state["hands_played"]
        if self.busy:
            self.arrivals.append((state["version"], now))
            self._settle()
        self._consider()

    def _consider(self) -> None:
        """Act on the latest state if it asks this client for a decision not yet made
        (it may have come in while the last action was still being settled)."""
        state = self.latest
        if (
            self.busy
            or not self.tally.acting
            or state is None
            or state["to_act"] != state["you"]
            or not state["legal"]
            or state["version"] < self.acted_up_to
        ):
            return
        self.busy = True
        task = asyncio.get_running_loop().create_task(self.act(state["legal"]))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def act(self, legal: list[dict[str, Any]]) -> None:
        if self.think > 0:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        action = choose_action(legal, self.rng)
        self.arrivals.clear()
        self.answer = None
        self.sent = time.perf_counter()
        if self.tally.ws_actions:
            assert self.ws is not None
            await self.ws.send(json.dumps({"action": action}))
            return  # the answer comes on the socket (on_answer)
        try:
            status, reply = await self.http.post(
                f"/api/tables/{self.table}/act", {"action": action}, self.token
            )
        except (ConnectionError, asyncio.IncompleteReadError, ValueError) as exc:
            self._refuse(type(exc).__name__)
            return
        if status != 200:
            self._refuse(f"HTTP {status}")
            return
        self.on_answer(reply["version"], time.perf_counter())

    def on_answer(self, version: int, now: float) -> None:
        """The server took the action: its version."""
        self.answered = now
        self.answer = version
        self.acted_up_to = version
        self._settle()
        self._consider()

    def _refuse(self, why: str) -> None:
        """Count a refusal, and decide again only on a state sent after it (asking the
        server for one: any message on the WebSocket does)."""
        self.tally.refused[why] = self.tally.refused.get(why, 0) + 1
        self.latest = None
        self.busy = False
        if self.ws is not None:
            task = asyncio.get_running_loop().create_task(self.ws.send("state"))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    def _settle(self) -> None:
        """Once the answer and a state showing it are both in, the sample is taken."""
        if self.answer is None:
            return
        for version, arrived in self.arrivals:
            if version >= self.answer:
                self.tally.samples.append(Sample(self.sent, self.answered, arrived))
                self.busy = False
                self.answer = None
                self.arrivals.clear()
                return

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        if self.ws is not None:
            await self.ws.close()
        await self.http.close()


@dataclass
class Setup:
    """What the clients share: the server's addresses and one TLS context (unused on
    plain HTTP, but made once instead of once per client)."""

    base: str
    ws_base: str
    think: float
    tally: Tally
    host: str = "127.0.0.1"
    port: int = 0
    tls: ssl.SSLContext = field(default_factory=ssl.create_default_context)
    deflate: bool = True  # (as browsers ask for it)

    def client(self, connections: int = 1) -> httpx2.AsyncClient:
        # (an idle connection is dropped before the server's keep-alive of 5 s ends
        # it, so that no request is sent on a connection the server is closing)
        limits = httpx2.Limits(
            max_connections=connections,
            max_keepalive_connections=connections,
            keepalive_expiry=KEEP_ALIVE,
        )
        return httpx2.AsyncClient(
            base_url=self.base, verify=self.tls, trust_env=False, limits=limits, timeout=60
        )


async def open_table(setup: Setup, host: httpx2.AsyncClient, seats: int) -> list[Seat]:
    """A table made by the host, ``seats`` clients joined and listening, and started."""
    made = await host.post("/api/tables", json={**TABLE_SETTINGS, "seats": seats})
    if made.status_code != 201:
        raise SystemExit(f"the server refused a table: {made.text}")
    table, host_token = made.json()["table"], made.json()["host_token"]
    out = []
    for index in range(seats):
        joined = await host.post(f"/api/tables/{table}/join", json={"name": f"p{index + 1}"})
        if joined.status_code != 200:
            raise SystemExit(f"a client could not join: {joined.text}")
        http = Connection(setup.host, setup.port)
        seat = Seat(http, table, joined.json()["token"], setup.think, setup.tally)
        await seat.open(setup.ws_base, deflate=setup.deflate)
        out.append(seat)
    started = await host.post(
        f"/api/tables/{table}/start", headers={"Authorization": f"Bearer {host_token}"}
    )
    if started.status_code != 200:
        raise SystemExit(f"the host could not start a table: {started.text}")
    return out


async def open_tables(setup: Setup, tables: int, seats: int) -> list[Seat]:
    gate = asyncio.Semaphore(SETUP_AT_ONCE)
    host = setup.client(SETUP_AT_ONCE)

    async def one() -> list[Seat]:
        async with gate:
            return await open_table(setup, host, seats)

    # (each table's clients start listening as soon as it is seated, so play begins
    # while the rest are set up)
    listening: list[asyncio.Task[None]] = []
    out: list[Seat] = []
    for done in asyncio.as_completed([one() for _ in range(tables)]):
        for seat in await done:
            listening.append(asyncio.get_running_loop().create_task(seat.listen()))
            out.append(seat)
    await host.aclose()
    return out


# -- figures ------------------------------------------------------------------------------
def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` from 0 to 1)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


@dataclass(frozen=True)
class Phase:
    """The actions sent in one window of the run."""

    label: str
    samples: list[Sample]
    seconds: float

    def row(self) -> str:
        pushed = [(s.pushed - s.sent) * 1000 for s in self.samples]
        answered = [(s.answered - s.sent) * 1000 for s in self.samples]
        rate = len(self.samples) / self.seconds if self.seconds > 0 else float("nan")
        return (
            f"{self.label:<11} {len(self.samples):>8,} {rate:>10,.0f}"
            f" {percentile(pushed, 0.5):>8.1f} {percentile(pushed, 0.99):>8.1f}"
            f" {max(pushed, default=float('nan')):>8.1f} {percentile(answered, 0.5):>8.1f}"
            f" {percentile(answered, 0.99):>8.1f}"
        )


@dataclass
class Measures:
    """The server's memory and CPU, and the hands played, at the points the report
    names."""

    load: float = 0.0
    rss_before: float = 0.0
    rss_seated: float = 0.0
    rss_after: float = 0.0
    rss_peak: float = 0.0
    server_cpu: float = 0.0  # seconds over the measured window
    client_cpu: float = 0.0
    hands: int = 0  # hands finished in the measured window
    refused: dict[str, int] = field(default_factory=dict)


def hands_played(seats: list[Seat]) -> int:
    """Hands finished at every table so far, as the clients last heard."""
    by_table: dict[str, int] = {}
    for seat in seats:
        by_table[seat.table] = max(by_table.get(seat.table, 0), seat.hands_played)
    return sum(by_table.values())


async def run(args: argparse.Namespace, port: int, pid: int) -> tuple[Measures, list[Phase]]:
    """Set up, play, and measure; returns the measures and the phases."""
    tally = Tally(ws_actions=args.ws_actions)
    setup = Setup(
        f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", args.think, tally, port=port
    )
    setup.deflate = not args.plain_ws
    measures = Measures(load=os.getloadavg()[0])
    measures.rss_before = rss_mb(pid)[0]
    first = time.perf_counter()
    seats = await open_tables(setup, args.tables, args.seats)
    measures.rss_seated = rss_mb(pid)[0]
    ready = time.perf_counter()
    await asyncio.sleep(args.warmup)
    warm = time.perf_counter()
    cpu_server, cpu_client, hands = cpu_seconds(pid), time.process_time(), hands_played(seats)
    await asyncio.sleep(args.seconds)
    end = time.perf_counter()
    measures.server_cpu = cpu_seconds(pid) - cpu_server
    measures.client_cpu = time.process_time() - cpu_client
    measures.hands = hands_played(seats) - hands
    tally.acting = False
    await asyncio.sleep(0.5)  # (let the last answers come in)
    measures.rss_after, measures.rss_peak = rss_mb(pid)
    await asyncio.gather(*(seat.close() for seat in seats), return_exceptions=True)
    measures.refused = tally.refused
    phases = [
        Phase("setup", [s for s in tally.samples if s.sent < ready], ready - first),
        Phase("first pass", [s for s in tally.samples if ready <= s.sent < warm], warm - ready),
        Phase("warm", [s for s in tally.samples if warm <= s.sent < end], end - warm),
    ]
    return measures, phases


def report(args: argparse.Namespace, measures: Measures, phases: list[Phase]) -> None:
    clients = args.tables * args.seats
    print(
        f"{args.tables} tables x {args.seats} seats = {clients:,} seated clients "
        f"(one client process on asyncio; the server: pokerbook serve, one process); "
        f"load average {measures.load:.2f} on {os.cpu_count()} cores at the start"
    )
    print(
        f"think {args.think:g} s; first pass {args.warmup:g} s after the last table started, "
        f"then {args.seconds:g} s measured; WebSockets "
        f"{'without compression' if args.plain_ws else 'with permessage-deflate'}"
    )
    print(
        f"{'phase':<11} {'actions':>8} {'actions/s':>10} {'p50 ms':>8} {'p99 ms':>8}"
        f" {'max ms':>8} {'POST p50':>8} {'POST p99':>8}"
    )
    for phase in phases:
        print(phase.row())
    warm = phases[-1]
    if args.think > 0:
        print(
            f"offered: about {args.tables / args.think:,.0f} actions/s (one decision at a time "
            f"at each table, {args.think:g} s to think on average)"
        )
    slow = sum((s.pushed - s.sent) * 1000 > TARGET_P99_MS for s in warm.samples)
    print(f"warm actions over {TARGET_P99_MS:g} ms: {slow / max(1, len(warm.samples)):.1%}")
    actions = max(1, len(warm.samples))
    print(
        f"CPU over the measured window: server {measures.server_cpu / warm.seconds:.0%} of a "
        f"core ({measures.server_cpu / actions * 1000:.2f} ms an action), clients "
        f"{measures.client_cpu / warm.seconds:.0%} ({measures.client_cpu / actions * 1000:.2f}"
        f" ms an action); {measures.hands:,} hands finished "
        f"({measures.hands / warm.seconds:.1f} a second)"
    )
    per_table = (measures.rss_seated - measures.rss_before) / args.tables
    print(
        f"server RSS: {measures.rss_before:.0f} MB before the tables, "
        f"{measures.rss_seated:.0f} MB with them seated ({per_table * 1024:.0f} KB a table), "
        f"{measures.rss_after:.0f} MB after the run (peak {measures.rss_peak:.0f} MB)"
    )
    refused = ", ".join(f"{n} x {why}" for why, n in sorted(measures.refused.items()))
    print(f"refused actions: {refused or 'none'}")
    print(readme_line(args, warm, per_table))


def readme_line(args: argparse.Namespace, warm: Phase, per_table: float) -> str:
    clients = args.tables * args.seats
    pushed = [(s.pushed - s.sent) * 1000 for s in warm.samples]
    p99 = percentile(pushed, 0.99)
    met = clients >= TARGET_CLIENTS and p99 <= TARGET_P99_MS
    return (
        f"README: {clients:,} seated clients at {args.tables} tables, think {args.think:g} s, "
        f"actions by {'WebSocket' if args.ws_actions else 'POST'}: "
        f"{len(warm.samples) / warm.seconds:,.0f} actions/s, latency p50 "
        f"{percentile(pushed, 0.5):.1f} ms, p99 {p99:.1f} ms, max {max(pushed, default=0):.0f} ms; "
        f"{per_table * 1024:.0f} KB a table "
        f"(target >= {TARGET_CLIENTS:,} clients, p99 <= {TARGET_P99_MS:g} ms: "
        f"{'met' if met else 'not met'})"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--think", type=float, default=0.5, help="seconds; 0: act at once")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds measured")
    parser.add_argument(
        "--plain-ws", action="store_true", help="WebSockets without permessage-deflate"
    )
    parser.add_argument(
        "--ws-actions",
        action="store_true",
        help='actions sent on the WebSocket ({"action": ...}) instead of POST /act',
    )
    parser.add_argument("--quick", action="store_true", help="10 tables, 2 s + 5 s: a smoke run")
    args = parser.parse_args(argv)
    if args.quick:
        args.tables, args.warmup, args.seconds = 10, 2.0, 5.0
    if not 2 <= args.seats <= 10 or args.tables < 1:
        parser.error("--seats is 2 to 10 and --tables at least 1")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp) / "bench.sqlite", port)
        try:
            asyncio.run(prepare_and_run(args, port, server))
        finally:
            server.terminate()
            server.wait(timeout=30)


async def prepare_and_run(
    args: argparse.Namespace, port: int, server: subprocess.Popen[bytes]
) -> None:
    async with httpx2.AsyncClient(base_url=f"http://127.0.0.1:{port}", trust_env=False) as probe:
        await wait_until_up(probe, server)
    measures, phases = await run(args, port, server.pid)
    report(args, measures, phases)


if __name__ == "__main__":
    main()
