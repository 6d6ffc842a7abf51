"""Overs buttons (004 r.8) and Show 'Em chips (004 r.6h; rules.md §5.1, E-10) over a
night: who holds them, what the bank books, what is shown to whom."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from pokerbook.bots import get_policy
from pokerbook.table.ledger import HOUSE, Ledger
from pokerbook.table.night import Night, NightError, Seat
from pokerbook.table.night_file import NightFileError, builtin_nights, parse_night
from pokerbook.table.play import GameNight, HandResult
from pokerbook.table.show_em import ShowEm, describe, showable

SPREAD = {"format": "spread-limit", "blinds": [50, 100], "ante": 50, "spread": [100, 500]}
LIMIT_D10 = {"format": "limit", "blinds": [50, 100], "ante": 50, "small_bet": 100, "big_bet": 200}


def night_of(**extra: Any) -> Night:
    raw: dict[str, Any] = {
        "house": "oresteen",
        "buy_in": 5000,
        "rebuys": "unlimited",
        "selection": {"kind": "rotation", "games": ["F01", "D10"], "hands_per_game": 3},
        "stakes": {"default": SPREAD, "D10": LIMIT_D10},
        **extra,
    }
    return parse_night(raw, key="test", source="test")


def table_of(night: Night, players: int = 4, seed: int = 1) -> GameNight:
    return GameNight(night, [get_policy("random") for _ in range(players)], seed, table_seats=6)


def uncontested(table: GameNight, limit: int = 200) -> HandResult:
    """Play on to a hand won without a contest."""
    for result in table.play(limit):
        if len(showable(result.hand)) == 1 and sum(not f for f in result.hand.folded) == 1:
            return result
    raise AssertionError("no hand was won uncontested")


# -- Overs ---------------------------------------------------------------------------


def test_overs_button_sticks_until_the_player_leaves() -> None:
    table = table_of(night_of(overs={}))
    table.take_overs(0)
    for result in table.play(12):
        assert (0 in result.overs) == (0 in result.dealt)
        assert set(result.overs) <= {0}
    table.leave(0)
    table.join(0, "newcomer", 5000, post=True)
    later = list(table.play(6))
    assert all(0 not in r.overs for r in later)  # the seat's new player has none


def test_a_returning_overs_player_gets_the_button_back() -> None:
    table = table_of(night_of(overs={}))
    table.take_overs(1)
    list(table.play(2))
    name = table.seating.name(1)
    assert name is not None
    chips = table.leave(1)
    list(table.play(2))
    table.join(5, name, chips + 100, post=True)  # another seat, the same player
    back = [r for r in table.play(8) if 5 in r.dealt]
    assert back
    assert all(5 in r.overs for r in back)


def test_overs_count_only_in_the_games_they_apply_to() -> None:
    table = table_of(night_of(overs={"exclude": ["D10"]}))
    for seat in range(4):
        table.take_overs(seat)
    results = list(table.play(12))
    assert {r.game.id for r in results} == {"F01", "D10"}
    for result in results:
        expected = () if result.game.id == "D10" else result.dealt
        assert result.overs == expected
        assert result.hand.overs == frozenset(
            range(len(result.dealt)) if result.game.id != "D10" else ()
        )


def test_bots_take_overs_with_the_nights_chance() -> None:
    never = table_of(night_of(overs={"chance": 0.0}))
    always = table_of(night_of(overs={"chance": 1.0}))
    assert all(r.overs == () for r in never.play(6))
    played = [r for r in always.play(6) if r.game.id == "F01"]
    assert played
    assert all(r.overs == r.dealt for r in played)


def test_a_night_of_overs_plays_some_pots_no_limit() -> None:
    table = table_of(night_of(overs={"chance": 1.0}), seed=5)
    results = list(table.play(60))
    # a fixed-limit opening bet is the round's bet (100 or 200) unless all in: an
    # Overs pot of Chicago Triple Draw opens bigger
    opening = []
    for result in results:
        if result.game.id != "D10":
            continue
        opened = False
        for event in result.hand.events:
            if event.kind == "street":
                opened = False
            elif event.kind == "bet" and not opened:
                opened = True
                if not event.all_in:
                    opening.append(event.amount)
    assert opening
    assert any(amount > 200 for amount in opening)
    table.finish()
    assert sum(table.ledger.nets().values()) == 0


def test_declaring_overs_needs_a_night_with_them_and_comes_between_deals() -> None:
    with pytest.raises(NightError, match="no Overs"):
        table_of(night_of()).take_overs(0)


def test_a_night_of_overs_needs_a_limit_game() -> None:
    with pytest.raises(NightFileError, match="Overs button lifts a limit"):
        night_of(
            selection={"kind": "rotation", "games": ["F01"]},
            stakes={"default": {"format": "no-limit", "blinds": [50, 100]}},
            overs={},
        )


@pytest.mark.parametrize(
    ("overs", "message"),
    [
        ({"chance": 2}, "overs.chance"),
        ({"color": "red"}, "unknown key 'color'"),
        ({"exclude": ["canasta"]}, "overs.exclude"),
    ],
)
def test_bad_overs_tables_are_refused(overs: dict[str, Any], message: str) -> None:
    with pytest.raises(NightFileError, match=message):
        night_of(overs=overs)


# -- Show 'Em chips --------------------------------------------------------------------


def test_show_em_chip_costs_3_pays_3_and_is_bought_back_for_1_50_e10() -> None:
    table = table_of(night_of(show_em={}))
    stacks = list(table.stacks)
    table.buy_show_em(0)
    table.buy_show_em(1)
    assert table.stacks[0] == stacks[0] - 300
    result = uncontested(table)
    winner = result.dealt[showable(result.hand)[0]]
    owner = next(s for s in (0, 1) if s != winner)
    before = table.stacks[winner]
    use = table.present_show_em(owner, winner)
    assert table.stacks[winner] == before + 300  # the bank pays the player who shows
    assert use.paid == 300
    assert use.cards == tuple(result.hand.hole[result.dealt.index(winner)])
    kept_by = {0, 1} - {owner}
    ledger = table.finish()
    kinds = Counter((e.kind, e.amount) for e in ledger.entries if e.kind.startswith("show-em"))
    assert kinds == Counter(
        {("show-em-buy", 300): 2, ("show-em-paid", 300): 1, ("show-em-redeem", 150): 1}
    )
    redeemed = [e.player for e in ledger.entries if e.kind == "show-em-redeem"]
    assert redeemed == [table.seating.name(s) for s in kept_by]
    assert ledger.net(HOUSE) == 150  # the bank keeps half of the unused chip
    assert sum(ledger.nets().values()) == 0
    assert ledger.in_play == 0
    paid = {(p.payer, p.payee, p.amount) for p in ledger.settlement()}
    assert sum(a for payer, payee, a in paid if payee == HOUSE) == 150


def test_a_chip_is_shown_to_its_owner_alone() -> None:
    use = ShowEm(by=2, shown=0, cards=(), paid=300)
    names = ["ann", "bob", "cy"]
    assert "ann shows their hand to cy" in describe(use, names, viewer=1)
    assert describe(use, names, viewer=1).endswith("(paid 300)")
    table = table_of(night_of(show_em={}))
    table.buy_show_em(1)
    table.buy_show_em(2)
    result = uncontested(table)
    winner = result.dealt[showable(result.hand)[0]]
    owner = 2 if winner != 2 else 1
    shown = table.present_show_em(owner, winner)
    cards = " ".join(map(str, shown.cards))
    assert len(shown.cards) >= 2
    assert describe(shown, table.seating.names(), viewer=owner).endswith(cards)
    assert cards not in describe(shown, table.seating.names(), viewer=winner)


def test_a_player_buys_one_chip_a_night_and_uses_it_once() -> None:
    table = table_of(night_of(show_em={}))
    table.buy_show_em(0)
    table.buy_show_em(1)
    with pytest.raises(NightError, match="one Show 'Em chip"):
        table.buy_show_em(0)
    result = uncontested(table)
    winner = result.dealt[showable(result.hand)[0]]
    owner = 0 if winner != 0 else 1
    others = [s for s in range(4) if s not in (0, 1, winner)]
    with pytest.raises(NightError, match="holds no Show 'Em chip"):
        table.present_show_em(others[0], winner)  # never bought one
    table.present_show_em(owner, winner)
    with pytest.raises(NightError, match="holds no Show 'Em chip"):
        table.present_show_em(owner, winner)  # retired once used


def test_a_folded_hand_cannot_be_made_to_show() -> None:
    table = table_of(night_of(show_em={}))
    table.buy_show_em(0)
    table.buy_show_em(1)
    result = uncontested(table)
    folded = [result.dealt[i] for i, f in enumerate(result.hand.folded) if f]
    assert folded
    owner = 0 if folded[0] != 0 else 1
    with pytest.raises(NightError, match="no hand to show"):
        table.present_show_em(owner, folded[0])
    with pytest.raises(NightError, match="another player"):
        table.present_show_em(owner, owner)


def test_a_chip_costs_more_than_a_short_stack_can_pay() -> None:
    table = table_of(night_of(show_em={"price": 6000}))
    with pytest.raises(NightError, match="costs 6000"):
        table.buy_show_em(0)


def test_a_player_who_leaves_has_an_unused_chip_bought_back() -> None:
    table = table_of(night_of(show_em={}))
    table.buy_show_em(3)
    list(table.play(3))
    stack = table.stacks[3]
    assert table.leave(3) == stack + 150
    entries = [e for e in table.ledger.entries if e.kind == "show-em-redeem"]
    assert [(e.player, e.amount) for e in entries] == [(table.seats[3].name, 150)]


def ledger_balances(ledger: Ledger) -> None:
    nets = ledger.nets()
    assert sum(nets.values()) == 0
    assert ledger.in_play == 0
    settled = Counter[str]()
    for payment in ledger.settlement():
        settled[payment.payee] += payment.amount
        settled[payment.payer] -= payment.amount
    assert all(settled[p] == n for p, n in nets.items())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_ledger_balances_over_a_night_of_chips_bought_used_and_redeemed(seed: int) -> None:
    night = night_of(
        show_em={"buy": 0.8, "use": 0.6},
        overs={"chance": 0.5, "between_deals": 0.05},
        churn={"sit_out": 0.05, "come_back": 0.3, "leave": 0.03, "join": 0.2},
        rebuy_cap="highest-stack",
    )
    table = table_of(night, players=5, seed=seed)
    results = list(table.play(150))  # chips at the table checked after every hand
    ledger = table.finish()
    kinds = Counter(e.kind for e in ledger.entries)
    assert kinds["show-em-buy"] == kinds["show-em-paid"] + kinds["show-em-redeem"]
    assert kinds["show-em-paid"] == sum(len(r.show_em) for r in results) > 0
    assert ledger.net(HOUSE) == 150 * kinds["show-em-redeem"]
    ledger_balances(ledger)
    for result in results:
        for use in result.show_em:
            index = result.dealt.index(use.shown)
            assert use.cards == tuple(result.hand.hole[index])
            assert not result.hand.folded[index]


def test_the_builtin_oresteen_nights_have_chips_and_the_limit_night_overs() -> None:
    nights = builtin_nights()
    limit, holdem = nights["oresteen-dealers-choice"], nights["oresteen-holdem-night"]
    assert limit.overs is not None
    assert limit.overs.exclude == ("D10",)
    assert holdem.overs is None  # no limit to lift
    for night in (limit, holdem):
        assert night.show_em is not None
        assert (night.show_em.price, night.show_em.redemption) == (300, 150)  # E-10 in cents
        assert any("r.6h" in note for note in night.notes)
    assert any("r.8" in note for note in limit.notes)


def test_a_seat_without_a_player_is_named_none() -> None:
    table = table_of(night_of(show_em={}))
    assert table.seating.names()[4:] == [None, None]
    assert isinstance(table.seats[0], Seat)


def test_a_refused_show_names_the_seat_as_the_table_numbers_it() -> None:
    # the table shows seats from 1 and ``show 3`` means seat 3: so does the refusal
    table = table_of(night_of(show_em={}))
    table.buy_show_em(0)
    table.buy_show_em(1)
    result = uncontested(table)
    folded = [result.dealt[i] for i, f in enumerate(result.hand.folded) if f]
    owner = 0 if folded[0] != 0 else 1
    with pytest.raises(NightError, match=f"^seat {folded[0] + 1} has no hand to show"):
        table.present_show_em(owner, folded[0])


def test_you_have_and_hold_where_a_player_has_and_holds() -> None:
    table = table_of(night_of(show_em={}))
    table.leave(0)
    table.join(0, "You", 5000, post=True)
    list(table.play(1))
    with pytest.raises(NightError, match=r"^You hold no Show 'Em chip"):
        table.present_show_em(0, 1)
    table.buy_show_em(0)
    with pytest.raises(NightError, match=r"^You have bought your one Show 'Em chip"):
        table.buy_show_em(0)


def test_a_show_em_line_numbers_seats_without_a_name_as_the_table_does() -> None:
    use = ShowEm(by=0, shown=2, cards=(), paid=3)
    line = describe(use, [None, None, None])
    assert line.startswith("seat 1 presents a Show 'Em chip: seat 3 shows their hand to seat 1")
