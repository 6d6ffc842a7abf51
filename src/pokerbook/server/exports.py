"""A table's downloads: its finished hands in PHH and in the formats trackers read
(PokerStars text, Open Hand History), and its ledger as CSV."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from pokerbook.cards.card import Card
from pokerbook.history.deal_check import SALT, SEED, deal_fields
from pokerbook.history.export_run import Target, export_history, join
from pokerbook.history.phh import read_phhs, write_phh, write_phhs
from pokerbook.server.table import FinishedHand, Table


def hand_phh(
    table: Table,
    finished: FinishedHand,
    *,
    hidden: frozenset[Card] = frozenset(),
    hidden_choices: frozenset[int] = frozenset(),
    seed: bool = True,
) -> str:
    """One finished hand as a ``.phh`` document, with the players' names and table
    seats (from 1) in PHH order (from the button's left), and the deal's seed, salt
    and commitment: ``pokerbook phh verify`` checks that SHA-256 of ``salt:seed`` is
    the commitment published with the hand, and that the seed deals every card the
    history records.  ``hidden`` cards and ``hidden_choices`` are written ``??``
    (:func:`pokerbook.history.writer.hand_actions`); without ``seed``, the seed and
    salt are left out and the commitment alone is written."""
    deal = finished.deal
    hand = finished.result.hand
    # the hand's seats, in PHH order; names and ``dealt`` are by the hand's seat
    order = hand.order_from(hand.button + 1)
    fields = {
        "hand": finished.result.number,
        "table": table.id,
        "seat_count": table.config.seats,
        "seats": [finished.result.dealt[s] + 1 for s in order],
        "players": [finished.names[s] for s in order],
        **deal_fields(deal.seed, deal.salt),
    }
    if not seed:
        fields = {k: v for k, v in fields.items() if k not in (SEED, SALT)}
    return write_phh(hand, fields=fields, hidden=hidden, hidden_choices=hidden_choices)


def hands_phhs(table: Table) -> str:
    """Every finished hand of the table as one ``.phhs`` file."""
    return write_phhs(hand_phh(table, finished) for finished in table.hands)


def hands_export(table: Table, target: Target) -> tuple[str, int]:
    """Every finished hand of the table written in ``target`` (the hands its game has
    no name for in that format are left out), and how many were left out."""
    texts: list[str] = []
    refused = 0
    for history in read_phhs(hands_phhs(table), source=f"table {table.id}"):
        exported = export_history(history, target)
        if exported.text is None:
            refused += 1
        else:
            texts.append(exported.text)
    return join(texts, target), refused


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
