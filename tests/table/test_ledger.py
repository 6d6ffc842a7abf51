"""The ledger: nets are cash-outs less buy-ins and rebuys, the settlement balances every
net, and everything exports to CSV."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerbook.table.ledger import Ledger, Payment, payments_csv, settle


def ledger_of_three() -> Ledger:
    ledger = Ledger(["ann", "bob", "cat"])
    for player in ledger.players:
        ledger.buy_in(player, 100)
    ledger.rebuy("bob", 100, hand=12)
    ledger.cash_out("ann", 250, hand=40)
    ledger.cash_out("bob", 0, hand=40)
    ledger.cash_out("cat", 150, hand=40)
    return ledger


def test_a_net_is_cash_out_less_buy_in_and_rebuys() -> None:
    ledger = ledger_of_three()
    assert ledger.nets() == {"ann": 150, "bob": -200, "cat": 50}
    totals = ledger.totals("bob")
    assert (totals.buy_in, totals.rebuys, totals.rebuy_count, totals.cash_out) == (100, 100, 1, 0)


def test_chips_in_play_are_sold_less_bought_back() -> None:
    ledger = Ledger(["ann", "bob"])
    ledger.buy_in("ann", 100)
    ledger.buy_in("bob", 50)
    assert ledger.in_play == 150
    ledger.cash_out("ann", 30, hand=5)
    assert ledger.in_play == 120


def test_the_biggest_loser_pays_the_biggest_winner_first() -> None:
    assert ledger_of_three().settlement() == [Payment("bob", "ann", 150), Payment("bob", "cat", 50)]


def test_no_settlement_while_chips_are_at_the_table() -> None:
    ledger = Ledger(["ann", "bob"])
    ledger.buy_in("ann", 100)
    with pytest.raises(ValueError, match="100 chips are still at the table"):
        ledger.settlement()


def test_nets_that_do_not_balance_cannot_be_settled() -> None:
    with pytest.raises(ValueError, match="must sum to zero"):
        settle({"ann": 10, "bob": -5})


def test_nobody_pays_when_everybody_breaks_even() -> None:
    assert settle({"ann": 0, "bob": 0}) == []


def test_entries_are_checked() -> None:
    ledger = Ledger(["ann"])
    with pytest.raises(KeyError, match="no player named 'zed'"):
        ledger.buy_in("zed", 5)
    with pytest.raises(ValueError, match="cannot be negative"):
        ledger.cash_out("ann", -5, hand=1)


@st.composite
def balanced_nets(draw: st.DrawFn) -> dict[str, int]:
    amounts = draw(st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=12))
    amounts.append(-sum(amounts))
    return {f"p{i + 1}": a for i, a in enumerate(amounts)}


@given(balanced_nets())
def test_the_settlement_balances_every_players_net(nets: dict[str, int]) -> None:
    payments = settle(nets)
    received = dict.fromkeys(nets, 0)
    for p in payments:
        assert p.amount > 0
        assert p.payer != p.payee
        received[p.payee] += p.amount
        received[p.payer] -= p.amount
    assert received == nets
    movers = sum(1 for n in nets.values() if n)
    assert len(payments) <= max(0, movers - 1)


def read(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_entries_export_to_csv() -> None:
    rows = read(ledger_of_three().entries_csv())
    assert rows[0] == {"hand": "0", "player": "ann", "kind": "buy-in", "amount": "100"}
    assert rows[3] == {"hand": "12", "player": "bob", "kind": "rebuy", "amount": "100"}
    assert [r["kind"] for r in rows].count("cash-out") == 3


def test_the_nets_export_to_csv() -> None:
    rows = read(ledger_of_three().nets_csv())
    assert rows[1] == {
        "player": "bob",
        "buy_in": "100",
        "rebuys": "100",
        "rebuy_count": "1",
        "cash_out": "0",
        "net": "-200",
    }


def test_the_settlement_exports_to_csv() -> None:
    rows = read(payments_csv(ledger_of_three().settlement()))
    assert rows == [
        {"payer": "bob", "payee": "ann", "amount": "150"},
        {"payer": "bob", "payee": "cat", "amount": "50"},
    ]
