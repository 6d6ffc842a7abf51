"""Who a request is: the tokens it carries, from a header, the query, or (for the
page's own requests) its signed cookies (:mod:`pokerbook.server.cookies`), and what
they hold at a table.

A token is compared only by its SHA-256 hash, in constant time.  A request may carry
two: a seat's and the host's (the page of a host who plays holds both cookies).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from starlette.requests import HTTPConnection

from pokerbook.server.cookies import from_cookie, page_request
from pokerbook.server.table import Table

#: a token's bytes of randomness (192 bits)
TOKEN_BYTES = 24


class ApiError(Exception):
    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.extra = extra


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def bearer(connection: HTTPConnection) -> str | None:
    """The token sent as ``Authorization: Bearer`` or ``?token=``."""
    header = connection.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return connection.query_params.get("token")


def cookie_tokens(connection: HTTPConnection, key: str) -> list[str]:
    """The tokens in the page's cookies for the table in the path: the seat's first."""
    table_id = connection.path_params.get("id", "")
    found = (from_cookie(key, kind, table_id, connection) for kind in ("seat", "host"))
    return [token for token in found if token is not None]


def tokens(connection: HTTPConnection, key: str) -> list[str]:
    """The request's tokens: the one it sends, else, for a request from the page (the
    header ``X-Pokerbook: page``, which another site's page cannot send without asking
    this server first), its cookies'.  Any other request is read without cookies: a
    script that keeps cookies is still only what its token says."""
    sent = bearer(connection)
    if sent is not None:
        return [sent]
    if not page_request(connection):
        return []
    return cookie_tokens(connection, key)


def seat_of(table: Table, token: str | None) -> int | None:
    """The seat ``token`` holds (compared in constant time), or None."""
    if token is None:
        return None
    hashed = token_hash(token)
    found = None
    for seat, player in enumerate(table.players):
        if (
            player is not None
            and player.token is not None
            and hmac.compare_digest(player.token, hashed)
        ):
            found = seat
    return found


def seat_of_any(table: Table, held: list[str]) -> int | None:
    """The seat the first of ``held`` that holds one holds, or None."""
    for token in held:
        seat = seat_of(table, token)
        if seat is not None:
            return seat
    return None


def is_host(table: Table, token: str | None) -> bool:
    return token is not None and hmac.compare_digest(table.host, token_hash(token))


def any_host(table: Table, held: list[str]) -> bool:
    return any(is_host(table, token) for token in held)


def asked(table: Table, held: list[str]) -> bool:
    """Whether one of ``held`` is a seat request waiting for the host."""
    hashes = [token_hash(token) for token in held]
    return any(
        hmac.compare_digest(waiting, hashed)
        for _, waiting in table.requests.values()
        for hashed in hashes
    )


def must_be_host(table: Table, held: list[str]) -> None:
    if not held:
        raise ApiError(401, "send the host token: Authorization: Bearer TOKEN")
    if not any_host(table, held):
        raise ApiError(403, "this needs the table's host token")


def must_have_seat(table: Table, held: list[str]) -> int:
    if not held:
        raise ApiError(401, "send your seat's token: Authorization: Bearer TOKEN")
    seat = seat_of_any(table, held)
    if seat is None:
        raise ApiError(403, "that token holds no seat at this table")
    return seat
