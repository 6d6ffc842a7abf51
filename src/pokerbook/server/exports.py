"""A table's downloads: its finished hands in PHH, and its ledger as CSV."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from pokerbook.history.phh import write_phh, write_phhs
from pokerbook.server.table import FinishedHand, Table


def hand_phh(table: Table, finished: FinishedHand) -> str:
    """One finished hand as a ``.phh`` document, with the players' names and the deal's
    seed, salt and commitment (so anyone can check the deal was fixed before the first
    action: SHA-256 of ``salt:seed`` is the commitment published with the hand)."""
    deal = finished.deal
    fields = {
        "hand": finished.result.number,
        "table": table.id,
        "players": list(finished.names),
        "_deal_seed": f"{deal.seed:x}",
        "_deal_salt": deal.salt,
        "_deal_commitment": deal.commitment,
    }
    return write_phh(finished.result.hand, fields=fields)


def hands_phhs(table: Table) -> str:
    """Every finished hand of the table as one ``.phhs`` file."""
    return write_phhs(hand_phh(table, finished) for finished in table.hands)


def ledger_csv(table: Table) -> str:
    """The night's ledger: every buy-in, rebuy and cash-out, then the host's stack
    changes with their reasons, then (once the night is over) who pays whom."""
    if table.driver is None:
        return "hand,player,kind,amount\n"
    ledger = table.driver.table.ledger
    out = ledger.entries_csv()
    if table.adjustments:
        out += "\n" + _csv(("hand", "player", "change", "reason"), table.adjustments)
    if table.status == "ended" and not ledger.in_play:
        payments = ((p.payer, p.payee, p.amount) for p in ledger.settlement())
        out += "\n" + _csv(("payer", "payee", "amount"), payments)
    return out


def _csv(header: tuple[str, ...], rows: Iterable[tuple[object, ...]]) -> str:
    """Rows as CSV, quoted where a name or reason needs it."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()
