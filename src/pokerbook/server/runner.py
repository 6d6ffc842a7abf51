"""A table's task: its clock, its bots, its deals, and telling its listeners.

A :class:`TableRunner` owns one :class:`~pokerbook.server.table.Table`.  Every change
goes through :meth:`TableRunner.commit`: the table checks and makes it, then the
event is committed to the store, and only then is anyone told (the HTTP answer and
every listener's new state).  If the store cannot take the event, the table is
rebuilt from the store, so what the table holds is always what the log says.

The runner's task waits for whatever comes first: a player's command (which wakes
it), a bot's turn (after the table's ``bot_delay``), a player's clock running out
(the time limit, then their time bank: the seat checks if it can, else folds, 001
Dead Hands r.1f; after two in a row the player is away), or the next deal (after
``between_hands``).  Each deal's seed and salt come from the operating system's
secure random source (:mod:`secrets`), and the commitment to them is published with
the hand before its first action.  A server started with a deal seed
(``pokerbook serve --deal-seed N``, for tests only) derives them instead from that
seed, the table and the hand's number (:func:`seeded_bytes`), so a run, and a run
killed and restarted any number of times, deals the same cards.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from pokerbook.history.deal_check import deal_commitment
from pokerbook.server.config import TableConfig
from pokerbook.server.driver import ActionRequest, BombRequest, GameRequest, SeatRequest
from pokerbook.server.state import table_state
from pokerbook.server.store import Store, StoredEvent
from pokerbook.server.table import CommandError, Table

log = logging.getLogger("pokerbook.server")


@dataclass(eq=False)
class Listener:
    """A client waiting for states: the seat it sees as (None: a spectator)."""

    seat: int | None
    send: Callable[[str], Any]
    latest: str | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)


def seeded_bytes(deal_seed: int, *parts: object, size: int = 32) -> bytes:
    """``size`` bytes (at most 64) that depend only on ``deal_seed`` and ``parts``: what
    a server with a deal seed uses where it would draw secrets.  Every part is a
    number kept in the log (a table's number, a hand's number, an event's number), so a
    restarted server goes on with the same sequence."""
    text = ":".join(str(part) for part in (deal_seed, *parts))
    return hashlib.blake2b(text.encode(), digest_size=size, person=b"pokerbook").digest()


def table_from_log(table_id: str, events: list[StoredEvent]) -> Table:
    """Rebuild a table by replaying its events (the first one creates it)."""
    first = events[0]
    if first.kind != "created" or first.seq != 1:
        raise ValueError(f"table {table_id}: its log does not start with its creation")
    config = TableConfig(**first.data["config"])
    table = Table(table_id, config, int(first.data["seed"]), first.data["host"])
    table.version = 1
    for event in events[1:]:
        table.apply(event.kind, event.data, replay=True)
        if table.version != event.seq:
            raise ValueError(f"table {table_id}: event {event.seq} replayed as {table.version}")
    return table


class TableRunner:
    """See the module."""

    def __init__(self, table: Table, store: Store, *, deal_seed: int | None = None) -> None:
        self.table = table
        self.store = store
        #: where deals come from instead of the secure source (tests only), or None
        self.deal_seed = deal_seed
        self.listeners: set[Listener] = set()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._request: SeatRequest | None = None
        self._request_since = time.monotonic()
        self._idle_since = time.monotonic()
        self._states: dict[int | None, tuple[int, str]] = {}

    # -- running ---------------------------------------------------------------------
    def start(self) -> None:
        self._track()
        self._task = asyncio.get_running_loop().create_task(self._run(), name=self.table.id)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while self.table.status != "ended":
            due, fire = self._next()
            self._wake.clear()
            if fire is None:
                await self._wake.wait()
                continue
            if due > 0:
                try:
                    await asyncio.wait_for(self._wake.wait(), due)
                    continue  # something changed: look again
                except TimeoutError:
                    pass
            try:
                fire()
            except CommandError as exc:  # (a race with a command: look again)
                log.info("table %s: %s", self.table.id, exc)
            except Exception:
                log.exception("table %s stopped", self.table.id)
                raise

    def _next(self) -> tuple[float, Callable[[], None] | None]:
        """How long until the next thing the table does by itself, and what it is."""
        table = self.table
        now = time.monotonic()
        request = table.pending
        if table.status != "playing":
            return 0.0, None
        if request is None:
            if not table.can_deal():
                return 0.0, None
            return self._idle_since + table.config.between_hands - now, self._deal
        player = table.players[request.seat]
        if player is None:  # (a seat left mid-hand is played by the clock)
            return 0.0, self._time_out
        if player.bot is not None:
            return self._request_since + table.config.bot_delay - now, self._bot
        if player.away:
            return 0.0, self._time_out
        limit = table.config.time_limit
        if limit <= 0:
            return 0.0, None
        return self._request_since + limit + player.bank - now, self._time_out

    def _deal(self) -> None:
        assert self.table.driver is not None
        number = self.table.driver.table.hands_played + 1
        if self.deal_seed is None:
            seed = secrets.randbits(256)
            salt = secrets.token_hex(16)
        else:
            table_id = self.table.id
            seed = int.from_bytes(seeded_bytes(self.deal_seed, "deal", table_id, number), "big")
            salt = seeded_bytes(self.deal_seed, "salt", table_id, number, size=16).hex()
        self.commit(
            "deal",
            {
                "number": number,
                "seed": f"{seed:x}",
                "salt": salt,
                "commitment": deal_commitment(salt, seed),
            },
        )

    def _bot(self) -> None:
        request = self.table.pending
        assert request is not None
        seat = request.seat
        if isinstance(request, ActionRequest):
            self.commit("act", {"seat": seat, "bot": True})
        elif isinstance(request, GameRequest):
            self.commit("game", {"seat": seat, "auto": True})
        elif isinstance(request, BombRequest):
            self.commit("bomb", {"seat": seat, "auto": True, "call": False})

    def _time_out(self) -> None:
        """The clock acts for the player to act: check if they can, else fold; a
        dealer's choice the bots' way; no bomb pot."""
        request = self.table.pending
        assert request is not None
        seat = request.seat
        if isinstance(request, ActionRequest):
            self.commit("act", {"seat": seat, **self._forced(request)})
        elif isinstance(request, GameRequest):
            self.commit("game", {"seat": seat, "auto": True, "timeout": True})
        elif isinstance(request, BombRequest):
            self.commit("bomb", {"seat": seat, "call": False, "timeout": True})

    @staticmethod
    def _forced(request: ActionRequest) -> dict[str, Any]:
        """The clock's action: check, else fold (001 Dead Hands r.1f); where neither is
        possible, stand pat, post the bring-in, call, or the first cards or option."""
        legal = request.hand.legal()
        assert legal is not None
        if legal.draw is not None:
            action = "sd"
        elif legal.discard is not None:
            held = legal.throwable if legal.throwable is not None else request.hand.hole[legal.seat]
            action = "dc " + "".join(str(c) for c in held[: legal.discard])
        elif legal.choose is not None:
            action = f"ch {legal.choose[0]}"
        elif legal.check:
            action = "cc"
        elif legal.fold:
            action = "f"
        elif legal.bring_in is not None:
            action = "pb"
        else:
            action = "cc"
        return {"action": action, "timeout": True, "bank": 0.0}

    # -- changes -----------------------------------------------------------------------
    def commit(self, kind: str, data: dict[str, Any]) -> int:
        """Make ``kind`` and commit it (see the module); returns the new version."""
        table = self.table
        table.apply(kind, data)
        try:
            self.store.append(table.id, table.version, kind, data)
        except Exception:
            log.exception(
                "table %s: the store refused event %d; rebuilding", table.id, table.version
            )
            self.table = table_from_log(table.id, list(self.store.events(table.id)))
            raise
        self._track()
        if kind == "resume":  # the clock stood still while the table was paused
            self._request_since = self._idle_since = time.monotonic()
        self._wake.set()
        self._tell()
        return table.version

    def _track(self) -> None:
        """Start the clock of a new request, and note when the table went idle."""
        request = self.table.pending
        if request is not self._request:
            now = time.monotonic()
            if request is None:
                self._idle_since = now
            self._request = request
            self._request_since = now

    def clock(self) -> dict[str, Any] | None:
        """The clock of the decision being waited for: whose, and seconds left."""
        request = self.table.pending
        if request is None:
            return None
        player = self.table.players[request.seat]
        limit = self.table.config.time_limit
        if player is None or player.bot is not None or limit <= 0:
            return None
        elapsed = time.monotonic() - self._request_since
        return {
            "seat": request.seat + 1,
            "left": round(max(0.0, limit - elapsed), 1),
            "bank": round(max(0.0, player.bank - max(0.0, elapsed - limit)), 1),
        }

    def bank_after(self, seat: int) -> float:
        """The time bank left to ``seat`` if it acts now."""
        player = self.table.players[seat]
        assert player is not None
        over = time.monotonic() - self._request_since - self.table.config.time_limit
        return round(max(0.0, player.bank - max(0.0, over)), 3)

    # -- telling -------------------------------------------------------------------------
    def state_text(self, seat: int | None) -> str:
        """The state for ``seat`` as JSON text: kept for the version, with the clock as
        it stands now added (a state kept from earlier would tell the time left then)."""
        cached = self._states.get(seat)
        version = self.table.version
        if cached is not None and cached[0] == version:
            text = cached[1]
        else:
            text = orjson.dumps(table_state(self.table, seat)).decode()
            self._states[seat] = (version, text)
        return f'{text[:-1]},"clock":{orjson.dumps(self.clock()).decode()}}}'

    def _tell(self) -> None:
        for listener in list(self.listeners):
            listener.latest = self.state_text(listener.seat)
            listener.ready.set()

    def listen(self, listener: Listener) -> None:
        self.listeners.add(listener)
        listener.latest = self.state_text(listener.seat)
        listener.ready.set()
