"""The night's ledger: buy-ins, rebuys and cash-outs, each player's net, and who pays whom.

The bank sells chips (buy-ins and rebuys) and buys them back (cash-outs), 004 r.6:
"The House will run the Bank".  A player's net is what they cashed out less what
they bought; when every chip has been cashed out the nets sum to zero, and
:func:`settle` turns them into payments between players.  Chips that leave the
table in a hand (cash-game Oklahoma's pot for the dealer, 000 §2.40) are the
:data:`HOUSE`'s: a line of its own, paid like a player who cashed them out.

Show 'Em chips (004 r.6h) are bought from the bank with table chips
(``show-em-buy``: the chips leave the table), and the bank pays table chips back: the
price to the player a chip forces to show (``show-em-paid``), half of it for a chip
nobody used when its owner cashes out (``show-em-redeem``).  What the bank keeps of
them (the other half of each unused chip) is the :data:`HOUSE`'s, on its line with
the chips it took from pots, so the nets still sum to zero.  Everything exports to
CSV (:meth:`Ledger.entries_csv`, :meth:`Ledger.nets_csv`, :func:`payments_csv`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

EntryKind = Literal[
    "buy-in", "rebuy", "cash-out", "house-take", "show-em-buy", "show-em-paid", "show-em-redeem"
]
#: entries that put chips on the table (the rest take them off)
_ONTO_TABLE = frozenset({"buy-in", "rebuy", "show-em-paid", "show-em-redeem"})
#: Show 'Em chip entries, and their sign for the house (004 r.6h)
_SHOW_EM = {"show-em-buy": 1, "show-em-paid": -1, "show-em-redeem": -1}

#: the ledger line of chips the house took from a pot
HOUSE = "(house)"


@dataclass(frozen=True)
class Entry:
    """One movement of chips between a player and the bank, before hand ``hand``
    (``0``: before the first hand) or after the night's last hand."""

    hand: int
    player: str
    kind: EntryKind
    amount: int


@dataclass(frozen=True)
class Payment:
    """``payer`` owes ``payee`` ``amount`` chips."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class PlayerTotals:
    """A player's line in the ledger."""

    player: str
    buy_in: int
    rebuys: int
    rebuy_count: int
    cash_out: int

    @property
    def net(self) -> int:
        """Cashed out less bought: what the night won (or lost, below zero)."""
        return self.cash_out - self.buy_in - self.rebuys


class Ledger:
    """Every buy-in, rebuy and cash-out of a night, in order."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = tuple(players)
        self.entries: list[Entry] = []

    def add_player(self, player: str) -> None:
        """Open a line for a player who sits down during the night (a no-op if they
        already have one: a returning player keeps theirs)."""
        if player not in self.players:
            self.players = (*self.players, player)

    def _add(self, hand: int, player: str, kind: EntryKind, amount: int) -> Entry:
        if player not in self.players:
            raise KeyError(f"no player named {player!r} in the ledger")
        if amount < 0:
            raise ValueError(f"a {kind} cannot be negative: {amount}")
        entry = Entry(hand, player, kind, amount)
        self.entries.append(entry)
        return entry

    def buy_in(self, player: str, amount: int, hand: int = 0) -> Entry:
        """``player`` buys ``amount`` chips to sit down."""
        return self._add(hand, player, "buy-in", amount)

    def rebuy(self, player: str, amount: int, hand: int) -> Entry:
        """``player`` buys ``amount`` more chips between hands."""
        return self._add(hand, player, "rebuy", amount)

    def cash_out(self, player: str, amount: int, hand: int) -> Entry:
        """``player`` hands ``amount`` chips back to the bank."""
        return self._add(hand, player, "cash-out", amount)

    def house_takes(self, amount: int, hand: int) -> Entry:
        """The house takes ``amount`` chips of hand ``hand``'s pot off the table (its
        own line in the ledger, :data:`HOUSE`, counted as chips it cashed out)."""
        self.add_player(HOUSE)
        return self._add(hand, HOUSE, "house-take", amount)

    def show_em_buy(self, player: str, price: int, hand: int) -> Entry:
        """``player`` buys a Show 'Em chip from the bank for ``price`` table chips
        (004 r.6h); the house holds the price."""
        self.add_player(HOUSE)
        return self._add(hand, player, "show-em-buy", price)

    def show_em_paid(self, player: str, price: int, hand: int) -> Entry:
        """The bank redeems a Show 'Em chip presented after hand ``hand``, paying
        ``price`` table chips to ``player``, who showed their hand (004 r.6h)."""
        return self._add(hand, player, "show-em-paid", price)

    def show_em_redeem(self, player: str, amount: int, hand: int) -> Entry:
        """The bank buys ``player``'s unused Show 'Em chip back for ``amount`` table
        chips (half price, 004 r.6h) as they cash out."""
        return self._add(hand, player, "show-em-redeem", amount)

    def totals(self, player: str) -> PlayerTotals:
        """``player``'s buy-ins, rebuys and cash-outs (the house's takes count as cashed
        out, and so does what it keeps of the Show 'Em chips).  A player's Show 'Em
        chips are paid from and into their stack, so their cash-out counts them."""
        if player not in self.players:
            raise KeyError(f"no player named {player!r} in the ledger")
        sums = {"buy-in": 0, "rebuy": 0, "cash-out": 0, "house-take": 0}
        count = 0
        kept = 0  # the house's part of the Show 'Em chips
        for entry in self.entries:
            kind = entry.kind
            if kind in _SHOW_EM:
                kept += _SHOW_EM[kind] * entry.amount
            elif entry.player == player:
                sums[kind] += entry.amount
                count += kind == "rebuy"
        cashed = sums["cash-out"] + sums["house-take"] + (kept if player == HOUSE else 0)
        return PlayerTotals(player, sums["buy-in"], sums["rebuy"], count, cashed)

    def net(self, player: str) -> int:
        """``player``'s net: cashed out less bought."""
        return self.totals(player).net

    def nets(self) -> dict[str, int]:
        """Every player's net, in seat order."""
        return {p: self.net(p) for p in self.players}

    @property
    def in_play(self) -> int:
        """Chips sold and not yet bought back: the chips at the table."""
        return sum(e.amount if e.kind in _ONTO_TABLE else -e.amount for e in self.entries)

    def settlement(self) -> list[Payment]:
        """Who pays whom, once every chip is cashed out (:func:`settle`)."""
        if self.in_play:
            raise ValueError(f"{self.in_play} chips are still at the table: cash out first")
        return settle(self.nets())

    def entries_csv(self) -> str:
        """The entries as CSV: ``hand,player,kind,amount``."""
        return _csv(
            ("hand", "player", "kind", "amount"),
            ((e.hand, e.player, e.kind, e.amount) for e in self.entries),
        )

    def nets_csv(self) -> str:
        """One row per player: ``player,buy_in,rebuys,rebuy_count,cash_out,net``."""
        rows = []
        for player in self.players:
            t = self.totals(player)
            rows.append((player, t.buy_in, t.rebuys, t.rebuy_count, t.cash_out, t.net))
        return _csv(("player", "buy_in", "rebuys", "rebuy_count", "cash_out", "net"), rows)


def settle(nets: Mapping[str, int]) -> list[Payment]:
    """Payments that square ``nets`` (they must sum to zero): the biggest loser pays the
    biggest winner as much as either is owed or owes, and so on.  A greedy settlement:
    at most one payment fewer than the players who won or lost; each player's payments
    received less paid equal their net."""
    total = sum(nets.values())
    if total:
        raise ValueError(f"nets must sum to zero to settle, not {total}: {dict(nets)}")
    order = {p: i for i, p in enumerate(nets)}
    owed = {p: n for p, n in nets.items() if n > 0}
    owing = {p: -n for p, n in nets.items() if n < 0}
    payments: list[Payment] = []
    while owing:
        payer = max(owing, key=lambda p: (owing[p], -order[p]))
        payee = max(owed, key=lambda p: (owed[p], -order[p]))
        amount = min(owing[payer], owed[payee])
        payments.append(Payment(payer, payee, amount))
        for book, who in ((owing, payer), (owed, payee)):
            book[who] -= amount
            if not book[who]:
                del book[who]
    return payments


def payments_csv(payments: Iterable[Payment]) -> str:
    """Payments as CSV: ``payer,payee,amount``."""
    return _csv(("payer", "payee", "amount"), ((p.payer, p.payee, p.amount) for p in payments))


def _csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()
