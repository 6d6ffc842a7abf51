"""The API and page of the directors' clocks (:mod:`pokerbook.server.clocks`;
docs/server.md, *Tournament clock*).

* ``GET /api/clocks/structures``: the built-in structures, for the page's menu;
* ``POST /api/clocks`` ``{"structure": KEY | "toml": TEXT, "players": N, "name"?}``:
  a new clock, answered with its id, host token and links;
* ``GET /api/clocks/{id}``: the clock now, for anyone;
* ``POST /api/clocks/{id}`` ``{"do": "pause"|"resume"|"next"|"bust"|"add", "count"?}``:
  the host's change (the host token as a bearer token, or the page's host cookie
  with the page's header, as at a table);
* ``/clock/{id}``: the clock's page; ``/clock/{id}?host=TOKEN`` sets the host cookie
  and goes on to the page.

The host cookie is the tables' host cookie (:mod:`pokerbook.server.cookies`) for the
name ``clock-{id}``: ``pb_host_clock-{id}``, signed for the clock, so it never
stands for a table's host (a table's id has no ``-`` at that place: it is twelve
characters long) and a table's never stands for the clock's.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from pokerbook.server.auth import ApiError, bearer
from pokerbook.server.clocks import ClockError, Clocks, ServedClock, structure_list
from pokerbook.server.cookies import from_cookie, page_request, set_cookie
from pokerbook.server.page_routes import PAGE_DIR

Handler = Callable[[Request], Awaitable[Response]]
Reader = Callable[[Request, dict[str, tuple[type, ...]]], Awaitable[dict[str, Any]]]

_NO_STORE = {"Cache-Control": "no-store"}


def cookie_scope(clock_id: str) -> str:
    """The name the clock's host cookie is signed for (see the module)."""
    return f"clock-{clock_id}"


def _clocks(request: Request) -> Clocks:
    clocks: Clocks = request.app.state.clocks
    return clocks


def _clock(request: Request) -> ServedClock:
    try:
        return _clocks(request).get(request.path_params["id"])
    except ClockError as exc:
        raise ApiError(exc.status, str(exc)) from None


def held(request: Request) -> str | None:
    """The request's host token: the one it sends, else (from the page, with its
    header) the clock's host cookie's."""
    sent = bearer(request)
    if sent is not None or not page_request(request):
        return sent
    key: str = request.app.state.server.cookie_key
    return from_cookie(key, "host", cookie_scope(request.path_params["id"]), request)


def clock_routes(wrap: Callable[[Handler], Handler], read_json: Reader) -> list[Route]:
    """The clocks' routes: the API's wrapped by ``wrap`` (rate limit, errors as JSON),
    bodies read by ``read_json`` (size, JSON, known keys and types)."""

    async def structures(request: Request) -> Response:
        return JSONResponse({"structures": structure_list()})

    async def create(request: Request) -> Response:
        data = await read_json(
            request,
            {"structure": (str,), "toml": (str,), "players": (int,), "name": (str,)},
        )
        if "players" not in data:
            raise ApiError(400, "'players': the number of entrants")
        try:
            served, token = _clocks(request).create(
                data["players"],
                structure=data.get("structure"),
                toml=data.get("toml"),
                name=data.get("name"),
            )
        except ClockError as exc:
            raise ApiError(exc.status, str(exc)) from None
        url = f"/clock/{served.id}"
        answer = {"id": served.id, "host": token, "url": url, "host_url": f"{url}?host={token}"}
        return JSONResponse(answer, 201)

    async def read(request: Request) -> Response:
        served = _clock(request)
        now = _clocks(request).now()
        return JSONResponse(served.view(now, host=served.is_host(held(request))))

    async def change(request: Request) -> Response:
        served = _clock(request)
        data = await read_json(request, {"do": (str,), "count": (int,)})
        token = held(request)
        if token is None:
            raise ApiError(401, "send the clock's host token: Authorization: Bearer TOKEN")
        if not served.is_host(token):
            raise ApiError(403, "this needs the clock's host token")
        clocks = _clocks(request)
        try:
            clocks.control(served, str(data.get("do", "")), data.get("count", 1))
        except ClockError as exc:
            raise ApiError(exc.status, str(exc)) from None
        return JSONResponse(served.view(clocks.now(), host=True))

    return [
        Route("/api/clocks/structures", wrap(structures)),
        Route("/api/clocks", wrap(create), methods=["POST"]),
        Route("/api/clocks/{id}", wrap(read), methods=["GET"]),
        Route("/api/clocks/{id}", wrap(change), methods=["POST"]),
        Route("/clock/{id}", clock_page),
    ]


async def clock_page(request: Request) -> Response:
    """The clock's page, the same for the host and everyone (the page asks the API
    whether its reader is the host).  The host's link (``?host=TOKEN``) sets the host
    cookie and sends the browser on to the page without the token in its address."""
    page = (PAGE_DIR / "clock.html").read_text(encoding="utf-8")
    clock_id = request.path_params["id"]
    served = _clocks(request).clocks.get(clock_id)
    if served is None:
        return HTMLResponse(page, 404, headers=_NO_STORE)  # (the page says so)
    host = request.query_params.get("host")
    if host is not None:
        if not served.is_host(host):
            return HTMLResponse(page, 403, headers=_NO_STORE)
        response = RedirectResponse(f"/clock/{clock_id}", 303, headers=_NO_STORE)
        key: str = request.app.state.server.cookie_key
        set_cookie(response, key, "host", cookie_scope(clock_id), host, request)
        return response
    return HTMLResponse(page, headers=_NO_STORE)
