"""The HTTP and WebSocket API of ``pokerbook serve`` (docs/server.md).

Every request is checked before it reaches a table: its size (bodies of at most
:data:`MAX_BODY` bytes), its JSON (an object with known keys of the right types), its
token, and the connection's rate (:data:`RATE` requests a second, in bursts of
:data:`BURST`).  A refused request gets a 4xx answer with ``{"error": ...}`` and
changes nothing; no client message can stop the server.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import gc
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import orjson
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from pokerbook.engine.actions import parse_action
from pokerbook.engine.errors import IllegalActionError
from pokerbook.evaluation.scale import get_scale
from pokerbook.evaluation.table_scale import TableScale
from pokerbook.server.auth import (
    TOKEN_BYTES,
    ApiError,
    any_host,
    asked,
    cookie_tokens,
    must_be_host,
    must_have_seat,
    new_token,
    seat_of_any,
    token_hash,
    tokens,
)
from pokerbook.server.clock_api import clock_routes
from pokerbook.server.clocks import Clocks
from pokerbook.server.config import ConfigError, parse_config
from pokerbook.server.cookies import new_key, same_origin, set_cookie
from pokerbook.server.exports import hands_export, hands_phhs, ledger_csv
from pokerbook.server.page_api import page_api_routes
from pokerbook.server.page_routes import PAGE_ROUTES
from pokerbook.server.runner import Listener, TableRunner, seeded_bytes, table_from_log
from pokerbook.server.state import legal_list, seat_requests
from pokerbook.server.store import Store
from pokerbook.server.table import CommandError, Table

log = logging.getLogger("pokerbook.server")

#: the largest request body, in bytes
MAX_BODY = 16 * 1024
#: requests a second each connection may make, and the burst it may save up
RATE = 50.0
BURST = 200.0
#: seconds between setting long-lived objects aside from the collector, and between
#: full collections of everything (see :meth:`Server.keep_collector_short`)
FREEZE_EVERY = 10.0
COLLECT_EVERY = 900.0


def warm_evaluation(table: Table) -> None:
    """Load the evaluation tables of the table's games now (when it is made or rebuilt):
    loaded at its first showdown instead, a table would hold up every table of the
    server meanwhile.  A scale a rule names apart from the showdowns loads when used."""
    names = {"high"}
    for game in table.night.games:
        names.update(share.scale for share in game.showdown.shares)
        if game.first_to_act is not None:
            names.add(game.first_to_act)
    for name in names:
        scale = get_scale(name)
        if isinstance(scale, TableScale):
            scale.load()
    # Everything alive now lives as long as the server (modules, evaluation tables, the
    # tables rebuilt): the collector need not look through it again.  Looking through
    # it took 60-270 ms a full collection, with every table waiting meanwhile.
    gc.freeze()


class Server:
    """The tables of one server and their store.

    With a ``deal_seed`` (tests and demos only: ``pokerbook serve --deal-seed``), the
    deals, salts, tables' seeds and ids, and tokens come from that seed and numbers
    kept in the log instead of the secure random source: anyone who knows the seed
    knows every card and token, so it is never for real games."""

    def __init__(
        self,
        store: Store,
        *,
        rate: float = RATE,
        burst: float = BURST,
        deal_seed: int | None = None,
    ) -> None:
        self.store = store
        self.runners: dict[str, TableRunner] = {}
        self.buckets: dict[object, tuple[float, float]] = {}
        self.rate = rate
        self.burst = burst
        self.deal_seed = deal_seed
        #: the key that signs the page's cookies (kept in the store: a restart keeps
        #: everybody signed in)
        self.cookie_key = store.setting("cookie_key", new_key)

    async def load(self) -> None:
        """Rebuild every table from the log and start its task."""
        for table_id in self.store.table_ids():
            if table_id in self.runners:
                continue
            events = list(self.store.events(table_id))
            if not events:
                continue
            try:
                table = table_from_log(table_id, events)
            except Exception:
                log.exception("table %s cannot be rebuilt from its log; left closed", table_id)
                continue
            self.start(table)

    async def keep_collector_short(self) -> None:
        """Every :data:`FREEZE_EVERY` seconds, what has lived that long is set aside
        from the collector's passes (``gc.freeze``): a server's many long-lived objects
        (connections, their tasks, tables' hands) made each pass look through all of
        them, 40-70 ms with every table waiting.  Every :data:`COLLECT_EVERY` seconds
        everything is looked through once, so that no garbage set aside stays."""
        frozen_since = time.monotonic()
        while True:
            await asyncio.sleep(FREEZE_EVERY)
            if time.monotonic() - frozen_since >= COLLECT_EVERY:
                gc.unfreeze()
                gc.collect()
                frozen_since = time.monotonic()
            gc.freeze()

    async def close(self) -> None:
        for runner in self.runners.values():
            await runner.stop()
        self.store.close()

    def create(self, raw: object) -> tuple[Table, str]:
        """A new table from its settings, running; returns it and the host token."""
        table, host = self.create_offline(raw)
        self.start(table)
        return table, host

    def start(self, table: Table) -> None:
        warm_evaluation(table)
        runner = TableRunner(table, self.store, deal_seed=self.deal_seed)
        self.runners[table.id] = runner
        runner.start()

    def create_offline(self, raw: object) -> tuple[Table, str]:
        """A new table, logged but not yet running (it runs when the server loads)."""
        config = parse_config(raw)
        if self.deal_seed is None:
            table_id = secrets.token_urlsafe(9)
            host = new_token()
            seed = secrets.randbits(64)
        else:  # the table's number: how many the log holds, plus one
            number = len(self.store.table_ids()) + 1
            table_id = _text(seeded_bytes(self.deal_seed, "table", number, size=9))
            host = _text(seeded_bytes(self.deal_seed, "host", number, size=TOKEN_BYTES))
            seed = int.from_bytes(seeded_bytes(self.deal_seed, "night", number, size=8), "big")
        table = Table(table_id, config, seed, token_hash(host))
        data = {"config": config.as_dict(), "seed": seed, "host": table.host}
        self.store.add_table(table_id, data)
        table.version = 1
        return table, host

    def new_token(self, table: Table) -> str:
        """A seat's token; with a deal seed, one made from the table's next event number
        (the join or seat request it goes into)."""
        if self.deal_seed is None:
            return new_token()
        return _text(
            seeded_bytes(self.deal_seed, "token", table.id, table.version, size=TOKEN_BYTES)
        )

    def new_request_id(self, table: Table) -> str:
        """A seat request's id (with a deal seed, made as :meth:`new_token` is)."""
        if self.deal_seed is None:
            return secrets.token_urlsafe(6)
        return _text(seeded_bytes(self.deal_seed, "request", table.id, table.version, size=6))

    def runner(self, table_id: str) -> TableRunner:
        runner = self.runners.get(table_id)
        if runner is None:
            raise ApiError(404, f"no table {table_id!r}")
        return runner

    def allow(self, key: object) -> bool:
        """Whether the connection ``key`` may make one more request now."""
        now = time.monotonic()
        tokens, last = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > 100_000:
            self.buckets.clear()
        return True


def _text(raw: bytes) -> str:
    """``raw`` as URL-safe text, as :func:`secrets.token_urlsafe` writes it."""
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


# -- reading requests -----------------------------------------------------------------
async def read_json(request: Request, allowed: dict[str, tuple[type, ...]]) -> dict[str, Any]:
    """The body as a JSON object whose keys are ``allowed`` with those types."""
    size = request.headers.get("content-length") or "0"
    if not size.isdigit():
        raise ApiError(400, "the Content-Length header is not a number of bytes")
    if int(size) > MAX_BODY:
        raise ApiError(413, f"a request body is at most {MAX_BODY} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ApiError(413, f"a request body is at most {MAX_BODY} bytes")
    if not body.strip():
        data: object = {}
    else:
        try:
            data = json.loads(body)
        except (ValueError, RecursionError):
            raise ApiError(400, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the body must be a JSON object")
    if allowed:
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            raise ApiError(400, f"unknown fields {unknown}; known: {sorted(allowed)}")
        for key, value in data.items():
            types = allowed[key]
            if (isinstance(value, bool) and bool not in types) or not isinstance(value, types):
                kind = " or ".join(t.__name__ for t in types)
                raise ApiError(400, f"{key!r} must be a {kind}")
    return data


def held(request: Request) -> list[str]:
    """The request's tokens (see :func:`pokerbook.server.auth.tokens`)."""
    server: Server = request.app.state.server
    return tokens(request, server.cookie_key)


# -- endpoints -----------------------------------------------------------------------
def api(
    handler: Callable[[Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    """An endpoint with the connection's rate checked and refusals answered as JSON."""

    async def wrapped(request: Request) -> Response:
        server: Server = request.app.state.server
        key = request.scope.get("client") or "local"
        if not server.allow(tuple(key) if isinstance(key, list) else key):
            return JSONResponse({"error": "too many requests: slow down"}, 429)
        try:
            return await handler(request)
        except ApiError as exc:
            return JSONResponse({"error": str(exc), **exc.extra}, exc.status)
        except ConfigError as exc:
            return JSONResponse({"error": str(exc)}, 400)
        except CommandError as exc:
            return JSONResponse({"error": str(exc)}, exc.status)

    return wrapped


def _runner(request: Request) -> TableRunner:
    server: Server = request.app.state.server
    return server.runner(request.path_params["id"])


def commit(runner: TableRunner, kind: str, data: dict[str, Any]) -> int:
    try:
        return runner.commit(kind, data)
    except IllegalActionError as exc:
        raise ApiError(409, str(exc), legal=_legal(runner)) from None
    except ValueError as exc:  # (an action that cannot be read)
        if isinstance(exc, CommandError):
            raise
        raise ApiError(400, str(exc)) from None


def _legal(runner: TableRunner) -> list[dict[str, Any]]:
    request = runner.table.pending
    hand = runner.table.hand
    if request is None or hand is None:
        return []
    from pokerbook.engine.views import view

    dealt = runner.table.driver.table.dealt if runner.table.driver else ()
    return legal_list(view(hand, dealt.index(request.seat))["legal"])


async def create(request: Request) -> Response:
    raw = await read_json(request, {})
    table, host = request.app.state.server.create(raw)
    base = str(request.base_url).rstrip("/")
    return JSONResponse(
        {
            "table": table.id,
            "host_token": host,
            "join_url": f"{base}/t/{table.id}",
            "host_url": f"{base}/t/{table.id}?host={host}",
            "spectate_url": f"{base}/t/{table.id}?watch=1",
        },
        201,
    )


async def join(request: Request) -> Response:
    runner = _runner(request)
    data = await read_json(request, {"name": (str,), "bot": (str,)})
    table = runner.table
    name = str(data.get("name", "")).strip()
    if "bot" in data and not name:
        taken = table.seated_names()
        name = next(f"bot {n}" for n in range(1, 1000) if f"bot {n}" not in taken)
    server: Server = request.app.state.server
    token = server.new_token(table)
    host = any_host(table, held(request))
    if "bot" in data:
        if not host:
            raise ApiError(403, "only the host seats bots")
        from pokerbook.bots import policy_names

        if data["bot"] not in policy_names():
            raise ApiError(400, f"no bot {data['bot']!r}; bots: {list(policy_names())}")
    if table.config.approval and not host:
        rid = server.new_request_id(table)
        commit(runner, "request", {"id": rid, "name": name, "token": token_hash(token)})
        answer = {"seat": None, "token": token, "request": rid, "waiting": True}
        return _with_seat_cookie(JSONResponse(answer, 202), request, token)
    seat = table.free_seat()
    if seat is None:
        raise ApiError(409, "the table is full")
    event = {"seat": seat, "name": name, "buy_in": table.night.buy_in}
    if "bot" in data:
        event["bot"] = data["bot"]
    else:
        event["token"] = token_hash(token)
    version = commit(runner, "join", event)
    reply: dict[str, Any] = {"seat": seat + 1, "version": version}
    if "bot" in data:
        return JSONResponse(reply)
    reply["token"] = token
    return _with_seat_cookie(JSONResponse(reply), request, token)


def _with_seat_cookie(response: Response, request: Request, token: str) -> Response:
    """The answer to a join, setting the seat cookie the page is known by."""
    server: Server = request.app.state.server
    set_cookie(response, server.cookie_key, "seat", request.path_params["id"], token, request)
    return response


async def state(request: Request) -> Response:
    runner = _runner(request)
    reader = held(request)
    return Response(reader_text(runner, reader), media_type="application/json")


def reader_text(runner: TableRunner, reader: list[str]) -> str:
    """The state for whoever holds the tokens ``reader``: as the seat one holds now,
    else as a spectator; the host is told the seat requests waiting for an answer
    too, and a person waiting for the host's answer is told so (``asked``)."""
    table = runner.table
    text = runner.state_text(seat_of_any(table, reader))
    if not reader:
        return text
    host = any_host(table, reader)
    waiting = not host and asked(table, reader)
    if not host and not waiting:
        return text
    told = orjson.loads(text)
    if host:
        told["host"] = True
        told["requests"] = seat_requests(table)
    told["asked"] = waiting
    return orjson.dumps(told).decode()


async def act(request: Request) -> Response:
    runner = _runner(request)
    data = await read_json(request, {"action": (str,)})
    seat = must_have_seat(runner.table, held(request))
    return JSONResponse({"version": act_for(runner, seat, data)})


def act_for(runner: TableRunner, seat: int, data: dict[str, Any]) -> int:
    """The seat's action (``{"action": PHH text}``), committed: the new version."""
    table = runner.table
    if not isinstance(data.get("action"), str):
        raise ApiError(400, 'send {"action": PHH action text}, e.g. "cc" or "cbr 20"')
    if table.status != "playing":
        raise ApiError(409, f"the table is {table.status}")
    try:
        parsed = parse_action(data["action"])
    except ValueError as exc:
        raise ApiError(400, str(exc)) from None
    # (``call N`` keeps its N, which the engine checks: "cc" would drop it)
    called = parsed.kind == "call" and parsed.amount is not None
    action = f"call {parsed.amount}" if called else str(parsed)
    pending = table.pending
    if pending is None or pending.seat != seat:
        raise ApiError(409, f"it is not your turn (seat {seat + 1})", legal=[])
    return commit(runner, "act", {"seat": seat, "action": action, "bank": runner.bank_after(seat)})


async def choose(request: Request) -> Response:
    runner = _runner(request)
    data = await read_json(request, {"game": (str,), "bug": (bool,), "call": (bool,)})
    seat = must_have_seat(runner.table, held(request))
    if "call" in data:
        version = commit(runner, "bomb", {"seat": seat, "call": data["call"]})
    elif "game" in data:
        version = commit(
            runner, "game", {"seat": seat, "game": data["game"], "bug": bool(data.get("bug"))}
        )
    else:
        raise ApiError(
            400, 'send {"game": ID} (dealer\'s choice) or {"call": true|false} (bomb pot)'
        )
    return JSONResponse({"version": version})


async def player(request: Request) -> Response:
    runner = _runner(request)
    data = await read_json(request, {"do": (str,), "shown": (int,), "on": (bool,)})
    seat = must_have_seat(runner.table, held(request))
    what = data.get("do")
    kinds = {
        "sit_out",
        "sit_in",
        "away",
        "back",
        "leave",
        "overs",
        "show_em_buy",
        "show_em",
        "run_twice",
    }
    if what not in kinds:
        raise ApiError(400, f"'do' is one of {sorted(kinds)}")
    event: dict[str, Any] = {"seat": seat}
    if what == "run_twice":
        if "on" not in data:
            raise ApiError(400, "'on': true to agree to run it twice, false not to")
        event["on"] = data["on"]
    if what == "show_em":
        if "shown" not in data:
            raise ApiError(400, "'shown': the seat (from 1) shown a Show 'Em chip")
        event["shown"] = data["shown"] - 1
    return JSONResponse({"version": commit(runner, str(what), event)})


async def host(request: Request) -> Response:
    runner = _runner(request)
    data = await read_json(
        request,
        {
            "do": (str,),
            "request": (str,),
            "seat": (int,),
            "amount": (int,),
            "reason": (str,),
            "game": (str,),
            "night": (str,),
        },
    )
    table = runner.table
    must_be_host(table, held(request))
    what = data.get("do")
    if what == "approve":
        pending = table.requests.get(str(data.get("request")))
        if pending is None:
            raise ApiError(404, "no such seat request")
        seat = table.free_seat()
        if seat is None:
            raise ApiError(409, "the table is full")
        name, token = pending
        event = {
            "seat": seat,
            "name": name,
            "token": token,
            "buy_in": table.night.buy_in,
            "request": data["request"],
        }
        return JSONResponse({"seat": seat + 1, "version": commit(runner, "join", event)})
    if what == "refuse":
        return JSONResponse({"version": commit(runner, "refuse", {"id": data.get("request")})})
    if what in ("pause", "resume", "end", "start"):
        return JSONResponse({"version": commit(runner, str(what), {})})
    if what == "kick":
        return JSONResponse({"version": commit(runner, "kick", {"seat": _seat(data)})})
    if what == "stack":
        amount, reason = data.get("amount"), str(data.get("reason", "")).strip()
        if not isinstance(amount, int) or amount < 0 or amount > 10**12:
            raise ApiError(400, "'amount': the new stack, 0 or more")
        if not reason:
            raise ApiError(400, "'reason': say why the stack changes (it goes in the ledger)")
        event = {"seat": _seat(data), "amount": amount, "reason": reason[:200]}
        return JSONResponse({"version": commit(runner, "stack", event)})
    if what == "next_game":
        if "game" not in data:
            raise ApiError(400, "'game': the ID of one of the night's games")
        return JSONResponse({"version": commit(runner, "next_game", {"game": data["game"]})})
    if what == "night":
        if "night" not in data:
            raise ApiError(400, "'night': the name of a built-in night (horse, barge-26 ...)")
        return JSONResponse({"version": commit(runner, "night", {"night": data["night"]})})
    raise ApiError(
        400,
        "'do' is one of approve, refuse, start, pause, resume, kick, stack, next_game, night, end",
    )


def _seat(data: dict[str, Any]) -> int:
    seat = data.get("seat")
    if not isinstance(seat, int) or seat < 1:
        raise ApiError(400, f"'seat': a seat number from 1, not {seat!r}")
    return seat - 1


async def start(request: Request) -> Response:
    runner = _runner(request)
    await read_json(request, {})
    must_be_host(runner.table, held(request))
    return JSONResponse({"version": commit(runner, "start", {})})


def _ended(request: Request) -> TableRunner:
    """The table, once its night is over: its histories hold every card dealt,
    folded and mucked ones too, so they are published only then."""
    runner = _runner(request)
    if runner.table.status != "ended":
        raise ApiError(409, "the hand histories are published when the night is over")
    return runner


async def phhs(request: Request) -> Response:
    return PlainTextResponse(hands_phhs(_ended(request).table), media_type="application/toml")


async def pokerstars(request: Request) -> Response:
    text, refused = hands_export(_ended(request).table, "pokerstars")
    return PlainTextResponse(text, headers={"X-Hands-Left-Out": str(refused)})


async def ohh(request: Request) -> Response:
    text, refused = hands_export(_ended(request).table, "ohh")
    return PlainTextResponse(
        text, media_type="application/json", headers={"X-Hands-Left-Out": str(refused)}
    )


async def ledger(request: Request) -> Response:
    runner = _runner(request)
    return PlainTextResponse(ledger_csv(runner.table), media_type="text/csv")


async def health(request: Request) -> Response:
    server: Server = request.app.state.server
    return JSONResponse({"ok": True, "tables": len(server.runners), "store": server.store.kind})


def socket_action(runner: TableRunner, reader: list[str], message: str) -> dict[str, Any] | None:
    """An action sent on the socket, ``{"action": "cc"}``, made as ``POST .../act``
    makes it: ``{"acted": version}``, or ``{"error": ..., "status": ...}`` (with
    ``legal`` for an illegal action); None for any other message."""
    try:
        data = json.loads(message)
    except ValueError:
        return None
    if not isinstance(data, dict) or "action" not in data:
        return None
    try:
        if set(data) != {"action"}:
            raise ApiError(400, f"unknown fields {sorted(set(data) - {'action'})}")
        seat = seat_of_any(runner.table, reader)
        if seat is None:
            raise ApiError(403, "this socket's token holds no seat at this table")
        return {"acted": act_for(runner, seat, data)}
    except ApiError as exc:
        return {"error": str(exc), "status": exc.status, **exc.extra}
    except CommandError as exc:
        return {"error": str(exc), "status": exc.status}


async def websocket(ws: WebSocket) -> None:
    runner = ws.app.state.server.runners.get(ws.path_params["id"])
    if runner is None:
        await ws.close(code=4404)
        return
    sent = ws.query_params.get("token")
    server: Server = ws.app.state.server
    page = not sent and ws.query_params.get("page") == "1"
    reader = [sent] if sent else cookie_tokens(ws, server.cookie_key) if page else []
    if page and not same_origin(ws):
        await ws.close(code=4403)  # another site's page, with this site's cookies
        return
    await ws.accept()
    listener = Listener(seat_of_any(runner.table, reader), ws.send_text)
    runner.listen(listener)

    async def writer() -> None:
        while True:
            await listener.ready.wait()
            listener.ready.clear()
            # the socket sees as the seat its token holds now: a player who left or
            # was kicked sees as a spectator, whoever sits in the seat next
            listener.seat = seat_of_any(runner.table, reader)
            await ws.send_text(reader_text(runner, reader))

    task = asyncio.create_task(writer())
    try:
        while True:
            message = await ws.receive_text()
            if len(message) > MAX_BODY:
                break
            if not server.allow(("ws", id(ws))):
                await ws.send_text('{"error":"too many messages: slow down","status":429}')
                continue
            reply = socket_action(runner, reader, message)
            if reply is None:
                listener.ready.set()  # anything but an action asks for the state again
            else:
                await ws.send_text(orjson.dumps(reply).decode())
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        task.cancel()
        runner.listeners.discard(listener)


ROUTES = [
    Route("/api/health", api(health)),
    Route("/api/tables", api(create), methods=["POST"]),
    Route("/api/tables/{id}/join", api(join), methods=["POST"]),
    Route("/api/tables/{id}/start", api(start), methods=["POST"]),
    Route("/api/tables/{id}/state", api(state)),
    Route("/api/tables/{id}/act", api(act), methods=["POST"]),
    Route("/api/tables/{id}/choose", api(choose), methods=["POST"]),
    Route("/api/tables/{id}/player", api(player), methods=["POST"]),
    Route("/api/tables/{id}/host", api(host), methods=["POST"]),
    Route("/api/tables/{id}/hands.phhs", api(phhs)),
    Route("/api/tables/{id}/hands.txt", api(pokerstars)),
    Route("/api/tables/{id}/hands.ohh", api(ohh)),
    Route("/api/tables/{id}/ledger.csv", api(ledger)),
    WebSocketRoute("/api/tables/{id}/ws", websocket),
    *page_api_routes(api),
    *clock_routes(api, read_json),
]


def make_app(
    db: str, *, rate: float = RATE, burst: float = BURST, deal_seed: int | None = None
) -> Starlette:
    """The server's application over the store at ``db`` (see :class:`Store`); each
    connection may make ``rate`` requests a second, in bursts of ``burst``; with
    ``deal_seed``, deterministic (see :class:`Server`: tests only)."""
    server = Server(Store(db), rate=rate, burst=burst, deal_seed=deal_seed)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.load()
        collector = asyncio.get_running_loop().create_task(server.keep_collector_short())
        yield
        collector.cancel()
        await server.close()

    app = Starlette(routes=[*ROUTES, *PAGE_ROUTES], lifespan=lifespan)

    async def not_found(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 500)
        return JSONResponse({"error": getattr(exc, "detail", "error")}, status)

    app.add_exception_handler(404, not_found)
    app.add_exception_handler(405, not_found)
    app.state.server = server
    app.state.clocks = Clocks(server.store)
    return app
