"""A night's report as JSON-ready data: the night, every hand, the ledger and settlement.

The schema (``REPORT_VERSION`` 1)::

    {
      "version": 1,
      "night": {"key", "name", "house", "selection", "games", "rebuys"},
      "seed": 1,
      "seats": [{"seat": 0, "name": "p1", "buy_in": 1000}, ...],
      "hands_played": 200,
      "ended": null,                # or why the night stopped early
      "hands": [{"number": 1, "game": "F01", "format": "limit", "button": 3,
                 "chooser": null, "dealt": [0, 1, ...], "sat_out": [], "deltas": [-20, 40, ...],
                 "carried": 0, "carried_won": 0, "carried_in": 0, "rebuys": [], "busted": [],
                 "killer": null, "straddles": [], "doubled": false, "overs": [],
                 "show_em": [{"by": 2, "shown": 0, "cards": "AsKd", "paid": 300}],
                 "notices": [{"kind": "kill", "seat_number": 4, "text": "seat 4 (p4) ..."}]},
                ...],
      "ledger": {"players": [{"seat": 0, "name": "p1", "buy_in": 1000, "rebuys": 0,
                              "rebuy_count": 0, "cash_out": 1200, "net": 200}, ...],
                 "entries": [{"hand": 0, "player": "p1", "kind": "buy-in",
                              "amount": 1000}, ...],
                 "settlement": [{"payer": "p2", "payee": "p1", "amount": 200}, ...]}
    }

``game`` is a catalogue ID; seats are table seats, numbered from 0, but a notice's
``seat_number`` counts from 1 as the table shows it (:mod:`pokerbook.table.notices`);
``deltas`` has one entry per seat.  A tournament night adds (its ledger is money:
entries and payouts)::

      "tournament": {"entry": 25, "players": 8, "prize_pool": 200, "starting_stack": 34000,
                     "chip_pool": 272000, "level_hands": 10, "level_minutes": 20,
                     "levels": [{"level": 1, "blinds": [50, 100], "ante": 0,
                                 "hands": [1, 10]}, ...],   # first and last hand, or null
                     "stopped_early": false,
                     "places": [{"place": 1, "name": "p3", "seat": 2, "payout": 125,
                                 "hand": null, "stack": 272000, "tied": 1}, ...]}
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from pokerbook.games.bug import base_id
from pokerbook.table.ledger import Ledger
from pokerbook.table.night import Night, Seat
from pokerbook.table.play import HandResult
from pokerbook.table.tournament import Tournament

REPORT_VERSION = 1


def hand_record(result: HandResult) -> dict[str, Any]:
    """One hand of the report."""
    return {
        "number": result.number,
        "game": base_id(result.game.id),
        "bug": result.game.bug,
        "format": result.stakes.format,
        "button": result.button,
        "chooser": result.chooser,
        "dealt": list(result.dealt),
        "sat_out": list(result.sat_out),
        "deltas": list(result.deltas),
        "carried": result.carried,
        "carried_won": result.carried_won,
        "carried_in": result.carried_in,
        "to_house": result.to_house,
        "rebuys": [{"seat": seat, "amount": amount} for seat, amount in result.rebuys],
        "busted": list(result.busted),
        "killer": result.killer,
        "straddles": [{"seat": seat, "amount": amount} for seat, amount in result.straddles],
        "doubled": result.doubled,
        "overs": list(result.overs),
        "show_em": [
            {"by": u.by, "shown": u.shown, "cards": "".join(map(str, u.cards)), "paid": u.paid}
            for u in result.show_em
        ],
        "notices": [
            {"kind": n.kind, "seat_number": n.seat_number, "text": n.text} for n in result.notices
        ],
    }


def ledger_record(ledger: Ledger) -> dict[str, Any]:
    """The ledger part of the report: players' totals and nets, entries, settlement."""
    players = []
    for seat, name in enumerate(ledger.players):
        totals = ledger.totals(name)
        players.append(
            {
                "seat": seat,
                "name": name,
                "buy_in": totals.buy_in,
                "rebuys": totals.rebuys,
                "rebuy_count": totals.rebuy_count,
                "cash_out": totals.cash_out,
                "net": totals.net,
            }
        )
    return {
        "players": players,
        "entries": [
            {"hand": e.hand, "player": e.player, "kind": e.kind, "amount": e.amount}
            for e in ledger.entries
        ],
        "settlement": [
            {"payer": p.payer, "payee": p.payee, "amount": p.amount} for p in ledger.settlement()
        ],
    }


def night_report(
    night: Night,
    seats: Sequence[Seat],
    results: Sequence[HandResult],
    ledger: Ledger,
    *,
    seed: int,
    ended: str | None = None,
    tournament: Tournament | None = None,
) -> dict[str, Any]:
    """The whole report for a finished night (every player cashed out); a tournament
    adds ``tournament``: its entry, chips, levels, and the places and payouts."""
    report = {
        **_head(night, seats, seed),
        "hands_played": len(results),
        "ended": ended,
        "hands": [hand_record(r) for r in results],
        "ledger": ledger_record(ledger),
    }
    if tournament is not None:
        report["tournament"] = tournament.record()
    return report


def _head(night: Night, seats: Sequence[Seat], seed: int) -> dict[str, Any]:
    """The report's fields known before the first hand."""
    return {
        "version": REPORT_VERSION,
        "night": {
            "key": night.key,
            "name": night.name,
            "house": night.house.name,
            "selection": night.selection.kind,
            "games": list(night.selection.games),
            "rebuys": night.rebuys.describe(),
        },
        "seed": seed,
        "seats": [{"seat": i, "name": s.name, "buy_in": s.buy_in} for i, s in enumerate(seats)],
    }


class ReportFile:
    """The report written as the night goes: the head at once, each hand as it ends
    (one line each), the rest when the night is over (:meth:`finish`).  The file
    holds the same JSON as :func:`night_report` gives (its keys in another order), and
    nothing of the hands stays in memory.  Use it as a context manager."""

    def __init__(self, path: Path, night: Night, seats: Sequence[Seat], *, seed: int) -> None:
        self.path = path
        self.hands = 0
        self._file: IO[str] = path.open("w", encoding="utf-8")
        head = json.dumps(_head(night, seats, seed), indent=1)
        self._file.write(head[:-2] + ',\n "hands": [')  # (the head's closing brace dropped)

    def add(self, result: HandResult) -> None:
        """Write one hand of the night."""
        self._file.write(("\n  " if not self.hands else ",\n  ") + json.dumps(hand_record(result)))
        self.hands += 1

    def finish(
        self, ledger: Ledger, *, ended: str | None = None, tournament: Tournament | None = None
    ) -> None:
        """Write the end of the report (every player cashed out) and close the file."""
        tail: dict[str, Any] = {
            "hands_played": self.hands,
            "ended": ended,
            "ledger": ledger_record(ledger),
        }
        if tournament is not None:
            tail["tournament"] = tournament.record()
        self._file.write("\n ],\n" + json.dumps(tail, indent=1)[2:] + "\n")
        self._file.close()

    def __enter__(self) -> ReportFile:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._file.close()
