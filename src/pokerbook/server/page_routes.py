"""The browser page of ``pokerbook serve``: the table at ``/t/{id}``, the home page at
``/`` (open a table), and the page's own files under ``/static/``.

Everything the page loads comes from the server itself: no build step, no CDN.  The
files live in :mod:`pokerbook.server.page` and are read once, when the server starts.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pokerbook.server.auth import is_host
from pokerbook.server.cookies import set_cookie

PAGE_DIR = Path(str(resources.files("pokerbook.server") / "page"))


def _page(name: str) -> str:
    return (PAGE_DIR / name).read_text(encoding="utf-8")


async def table_page(request: Request) -> Response:
    """The table's page, the same for the host, players and spectators: the page
    asks the API who its reader is.  The host's link (``?host=TOKEN``) sets the host
    cookie and sends the browser on to the page without the token in its address."""
    server = request.app.state.server
    table_id = request.path_params["id"]
    runner = server.runners.get(table_id)
    if runner is None:
        return HTMLResponse(_page("missing.html"), 404)
    host = request.query_params.get("host")
    if host is not None:
        if not is_host(runner.table, host):
            return HTMLResponse(_page("missing.html"), 403)
        response = RedirectResponse(f"/t/{table_id}", 303, headers=_NO_STORE)
        set_cookie(response, server.cookie_key, "host", table_id, host, request)
        return response
    return HTMLResponse(_page("table.html"), headers=_NO_STORE)


async def home_page(request: Request) -> Response:
    return HTMLResponse(_page("home.html"), headers=_NO_STORE)


_NO_STORE = {"Cache-Control": "no-store"}

PAGE_ROUTES = [
    Route("/", home_page),
    Route("/t/{id}", table_page),
    Mount("/static", app=StaticFiles(directory=PAGE_DIR / "static"), name="static"),
]
