"""The page's cookies: who a browser is at a table, without the page holding a token.

Joining from the page sets the seat cookie; the host's link sets the host cookie.
Each holds the token and an HMAC-SHA256 signature of the table, the cookie's kind and
the token, under the server's own key (made once and kept in the store): a cookie is
accepted only as the server wrote it, for the table it was written for.  The cookies
are ``HttpOnly`` (the page's scripts never read them), ``SameSite=Strict`` (another
site's page cannot send them), and ``Secure`` when the request came over HTTPS.

The cookies count only for a request that says it comes from the page: the header
``X-Pokerbook: page`` (:data:`PAGE_HEADER`), which another site's page cannot send
without the browser asking this server first, or, for the WebSocket (which cannot
send headers), ``?page=1`` and this server's own origin.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Literal

from starlette.requests import HTTPConnection
from starlette.responses import Response

#: the header every change made with a cookie must carry (and its value)
PAGE_HEADER = ("x-pokerbook", "page")
#: a cookie lives this many seconds (a long night, and the morning after)
MAX_AGE = 7 * 24 * 3600

Kind = Literal["seat", "host"]
_PREFIX: dict[Kind, str] = {"seat": "pb_seat_", "host": "pb_host_"}


def new_key() -> str:
    return secrets.token_hex(32)


def cookie_name(kind: Kind, table_id: str) -> str:
    return _PREFIX[kind] + table_id


def _signature(key: str, kind: Kind, table_id: str, token: str) -> str:
    message = f"{kind}:{table_id}:{token}".encode()
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()


def signed(key: str, kind: Kind, table_id: str, token: str) -> str:
    """The cookie's value: the token and its signature."""
    return f"{token}.{_signature(key, kind, table_id, token)}"


def token_in(key: str, kind: Kind, table_id: str, value: str | None) -> str | None:
    """The token a cookie's value holds, if the server signed it for this table."""
    if not value or "." not in value:
        return None
    token, signature = value.rsplit(".", 1)
    if not hmac.compare_digest(signature, _signature(key, kind, table_id, token)):
        return None
    return token


def from_cookie(key: str, kind: Kind, table_id: str, connection: HTTPConnection) -> str | None:
    """The token of the request's (or socket's) cookie of that kind, or None."""
    return token_in(key, kind, table_id, connection.cookies.get(cookie_name(kind, table_id)))


def set_cookie(
    response: Response,
    key: str,
    kind: Kind,
    table_id: str,
    token: str,
    connection: HTTPConnection,
) -> None:
    response.set_cookie(
        cookie_name(kind, table_id),
        signed(key, kind, table_id, token),
        max_age=MAX_AGE,
        path="/",
        httponly=True,
        samesite="strict",
        secure=connection.url.scheme in ("https", "wss"),
    )


def clear_cookies(response: Response, table_id: str) -> None:
    for kind in _PREFIX:
        response.delete_cookie(cookie_name(kind, table_id), path="/")


def page_request(connection: HTTPConnection) -> bool:
    """Whether a request carries the page's header (a guard against other sites)."""
    name, value = PAGE_HEADER
    return connection.headers.get(name) == value


def same_origin(connection: HTTPConnection) -> bool:
    """Whether a socket was opened by a page of this server (or by no page at all)."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    host = connection.headers.get("host", "")
    return origin.split("://", 1)[-1] == host
