"""The API the page reads beside the state: the catalogue's games and nights (for
its menus), the night's finished hands (for the replayer), the ledger as JSON, and
forgetting the page's cookies."""

from __future__ import annotations

from functools import cache
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from pokerbook.server.auth import ApiError, token_hash, tokens
from pokerbook.server.cookies import clear_cookies
from pokerbook.server.hand_replay import hand_phh_for, hand_replay, hand_summary, reader_seat
from pokerbook.server.table import FinishedHand, Table


def _table(request: Request) -> Table:
    runner = request.app.state.server.runners.get(request.path_params["id"])
    if runner is None:
        raise ApiError(404, f"no table {request.path_params['id']!r}")
    table: Table = runner.table
    return table


def _finished(request: Request, table: Table) -> tuple[FinishedHand, int | None]:
    """The hand the path names, and the reader's seat in it (None: not dealt in)."""
    number = request.path_params["number"]
    for finished in table.hands:
        if finished.result.number == number:
            held = tokens(request, request.app.state.server.cookie_key)
            return finished, reader_seat(finished, [token_hash(t) for t in held])
    raise ApiError(404, f"no finished hand {number} at this table")


async def hands(request: Request) -> Response:
    table = _table(request)
    return JSONResponse({"hands": [hand_summary(f) for f in table.hands]})


async def one_hand(request: Request) -> Response:
    table = _table(request)
    finished, seat = _finished(request, table)
    return JSONResponse(hand_replay(table, finished, seat))


async def one_hand_phh(request: Request) -> Response:
    table = _table(request)
    finished, seat = _finished(request, table)
    name = f"{table.id}-hand-{finished.result.number}.phh"
    return PlainTextResponse(
        hand_phh_for(table, finished, seat),
        media_type="application/toml",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


async def ledger(request: Request) -> Response:
    return JSONResponse(ledger_of(_table(request)))


def ledger_of(table: Table) -> dict[str, Any]:
    """Each player's buy-ins, cash-outs, chips now and net; and, once the night is
    over, who pays whom."""
    if table.driver is None:
        return {"players": [], "settlement": None}
    night = table.driver.table
    ledger = night.ledger
    stacks = {}
    for seat, player in enumerate(table.players):
        if player is not None:
            stacks[player.name] = night.stacks[seat]
    players = []
    for name in ledger.nets():
        totals = ledger.totals(name)
        bought = totals.buy_in + totals.rebuys
        stack = stacks.get(name, 0)
        players.append(
            {
                "name": name,
                "bought": bought,
                "cashed": totals.cash_out,
                "stack": stack,
                "net": totals.cash_out + stack - bought,
            }
        )
    settlement = None
    if table.status == "ended" and not ledger.in_play:
        settlement = [
            {"payer": p.payer, "payee": p.payee, "amount": p.amount} for p in ledger.settlement()
        ]
    return {"players": players, "settlement": settlement}


async def catalogue(request: Request) -> Response:
    """Every game and built-in night a table may play, for the page's menus."""
    return JSONResponse(catalogue_of())


@cache
def catalogue_of() -> dict[str, Any]:
    from pokerbook.games.catalogue import all_games
    from pokerbook.table.night_file import night_registry

    games = [
        {
            "id": game.id,
            "name": game.name,
            "family": game.family,
            "formats": list(game.playable_formats),
            "aliases": list(game.aliases),
        }
        for game in all_games()
    ]
    nights = [{"key": key, "name": night.name} for key, night in night_registry().items()]
    return {"games": games, "nights": nights}


async def forget(request: Request) -> Response:
    """Clear the page's cookies for the table (the page forgets its seat and host)."""
    response = JSONResponse({"forgotten": True})
    clear_cookies(response, request.path_params["id"])
    return response


def page_api_routes(wrap: Any) -> list[Route]:
    """The routes, each wrapped by the API's ``wrap`` (rate limit, errors as JSON)."""
    return [
        Route("/api/catalogue", wrap(catalogue)),
        Route("/api/tables/{id}/hands", wrap(hands)),
        Route("/api/tables/{id}/hands/{number:int}", wrap(one_hand)),
        Route("/api/tables/{id}/hands/{number:int}.phh", wrap(one_hand_phh)),
        Route("/api/tables/{id}/ledger", wrap(ledger)),
        Route("/api/tables/{id}/forget", wrap(forget), methods=["POST"]),
    ]
