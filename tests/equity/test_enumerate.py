"""Exact equity through the engine, against answers counted by hand or by a plain loop
over the cards to come."""

from __future__ import annotations

from itertools import permutations

import pytest

from pokerbook import evaluate
from pokerbook.cards.card import STANDARD_CARDS
from pokerbook.cards.notation import parse
from pokerbook.equity.api import equity
from pokerbook.equity.engine_path import EquityTable
from pokerbook.equity.enumerate import deals_by_paths, order_free, plan_exact
from pokerbook.equity.request import EquityError, read_question
from pokerbook.equity.spot import Tally
from pokerbook.evaluation.qualifiers import get_qualifier


def shares(result: dict[str, object]) -> list[float]:
    hands = result["hands"]
    assert isinstance(hands, list)
    return [row["equity"] for row in hands]


def test_holdem_turn_counts_the_outs_over_44_rivers() -> None:
    # AK needs an ace or a king: 6 of the 44 rivers (QQ has nothing to improve to
    # that beats aces but a queen, which wins for QQ anyway)
    result = equity("holdem", ["Ah Kh", "Qd Qc"], board="2c 7d Jc 9s", exact=True)
    assert result["exact"] is True
    assert result["boards"] == 44
    assert shares(result) == pytest.approx([6 / 44, 38 / 44])


def test_a_dead_ace_is_one_out_fewer_over_43_rivers() -> None:
    result = equity("F01", ["Ah Kh", "Qd Qc"], board="2c 7d Jc 9s", dead="As", exact=True)
    assert result["boards"] == 43
    assert shares(result) == pytest.approx([5 / 43, 38 / 43])


def test_flush_outs_less_those_that_fill_the_set_up() -> None:
    # nine hearts left, but 2h and 5h pair the board and give the queens a full house
    result = equity("holdem", ["Ah Kh", "Qd Qc"], board="Qh 7h 2c 5s", exact=True)
    assert shares(result) == pytest.approx([7 / 44, 37 / 44])


def test_a_made_hand_against_a_dead_hand_is_one() -> None:
    result = equity("holdem", ["As Ks", "Ah Ad"], board="Qs Js Ts 2d", exact=True)
    assert shares(result) == [1.0, 0.0]


def test_a_board_that_plays_splits_the_pot() -> None:
    result = equity("holdem", ["2c 3d", "4h 5h", "6c 7c"], board="As Ks Qs Js Ts", exact=True)
    assert result["boards"] == 1
    assert shares(result) == pytest.approx([1 / 3] * 3)


def _omaha8_oracle(hands: list[str], board: str) -> list[float]:
    """Each hand's pot share over every river, counted directly with the evaluator."""
    known = {c for text in [*hands, board] for c in parse(text)}
    eight = get_qualifier("8-or-better")
    totals = [0.0] * len(hands)
    rivers = [c for c in STANDARD_CARDS if c not in known]
    for river in rivers:
        full = (*parse(board), river)
        highs = [evaluate("high", h, full, hole_use=2) for h in hands]
        lows = [evaluate("a5-low", h, full, hole_use=2) for h in hands]
        qualified = [i for i, v in enumerate(lows) if eight(v)]
        parts: list[list[int]] = [[i for i, v in enumerate(highs) if v == max(highs)]]
        if qualified:
            best = max(lows[i] for i in qualified)
            parts.append([i for i in qualified if lows[i] == best])
        for winners in parts:
            for i in winners:
                totals[i] += 1 / len(parts) / len(winners)
    return [t / len(rivers) for t in totals]


def test_omaha_high_low_with_a_counterfeited_low() -> None:
    # the deuce on board counterfeits A2: hand 2 has a low only when the river is a
    # 3, 4, 6 or 8 (and then ties or loses to hand 1's A3)
    hands = ["Ah 3h Kd Kc", "As 2s Qd Jd"]
    board = "2c 5d 7h Ks"
    result = equity("F17", hands, board=board, exact=True)
    assert result["boards"] == 40
    assert shares(result) == pytest.approx(_omaha8_oracle(hands, board))
    first = result["hands"][0]
    assert first["high"] == pytest.approx(1.0)  # a set of kings against queens
    assert first["scoop"] > 0.5
    second = result["hands"][1]
    assert first["low"] + second["low"] == pytest.approx(1.0)  # 2-5-7 on board: a low always
    assert second["low"] < first["low"]


def _stud_oracle(scale: str, hands: list[str], dead: str) -> list[float]:
    """Pot shares over every pair of seventh-street cards (one for each hand)."""
    known = {c for text in [*hands, dead] for c in parse(text)}
    left = [c for c in STANDARD_CARDS if c not in known]
    totals = [0.0, 0.0]
    deals = 0
    for first, second in permutations(left, 2):
        values = [
            evaluate(scale, (*parse(h), c)) for h, c in zip(hands, (first, second), strict=True)
        ]
        winners = [i for i, v in enumerate(values) if v == max(values)]
        for i in winners:
            totals[i] += 1 / len(winners)
        deals += 1
    return [t / deals for t in totals]


def test_stud_on_sixth_street_with_dead_cards() -> None:
    hands = ["Ah Kh 9h 2h 2c 7d", "Qs Qd 8s 8c 3d 4c"]
    dead = "5h 6h Qc 8h Jh"
    result = equity("stud", hands, dead=dead, exact=True)
    assert result["boards"] == 35 * 34
    assert shares(result) == pytest.approx(_stud_oracle("high", hands, dead))


def test_razz_on_sixth_street() -> None:
    hands = ["As 2s 4d Kd Kh 9c", "3c 5c 6h 7h Qd Jc"]
    result = equity("razz", hands, exact=True)
    assert shares(result) == pytest.approx(_stud_oracle("a5-low", hands, ""))


def test_a_single_draw_with_a_declared_throw_counts_the_outs() -> None:
    # 7-5-4-3 draws one against a pat 8-6: only a deuce wins (a six makes a straight,
    # an eight a worse 8-7); three deuces among the 42 unseen cards
    result = equity(
        "D07",
        ["7c 5d 4h 3s Kc", "8d 6c 4s 3h 2d"],
        exact=True,
        draws=["Kc", "pat"],
    )
    assert result["boards"] == 42
    assert shares(result) == pytest.approx([3 / 42, 39 / 42])


def test_a_die_decides_binglaha_split_each_face_weighted_by_its_chance() -> None:
    # the first hand has the high, the second the only low: a split on 1-3, the high
    # scoops on 4-6
    result = equity("Binglaha", ["As Ks Ad Kd", "2c 3c Qh Jh"], board="Ah Kc 7d 6s 9h", exact=True)
    assert result["boards"] == 6
    assert shares(result) == pytest.approx([0.75, 0.25])
    assert result["hands"][1]["low"] == pytest.approx(0.5)


def test_the_bug_fills_a_straight_until_the_board_pairs() -> None:
    # Jo Ah makes the ace-high straight; the set of kings fills up on a king, queen,
    # jack or deuce river: 10 of the 45 unseen cards (the joker's deck has 53)
    result = equity("F01+bug", ["Jo Ah", "Ks Kc"], board="Kd Qc Jh 2s", exact=True)
    assert result["boards"] == 45
    assert shares(result) == pytest.approx([35 / 45, 10 / 45])


def test_enumerating_by_paths_agrees_with_enumerating_by_sets() -> None:
    table = EquityTable(read_question("F01", ["Ah Kh", "Qd Qc"], "2c 7d Jc 9s"))
    assert order_free(table)
    plan = plan_exact(table)
    assert plan.by_sets
    assert plan.deals == 44
    tally = Tally(2)
    deals_by_paths(table, tally, lambda done, total: None, plan.deals)
    assert tally.deals == 44
    assert tally.weight == pytest.approx(1.0)
    assert [e / tally.weight for e in tally.equity] == pytest.approx([6 / 44, 38 / 44])


def test_dice_and_rules_are_enumerated_by_paths() -> None:
    table = EquityTable(read_question("F20", ["As Ks Ad Kd", "2c 3c Qh Jh"], "Ah Kc 7d 6s 9h"))
    assert not order_free(table)
    assert plan_exact(table).deals == 6


def test_an_exact_answer_too_large_says_how_many_deals_and_what_to_do() -> None:
    with pytest.raises(EquityError, match=r"would go through [\d,]+ deals.*--trials"):
        equity("holdem", ["Ah Kh", ""], exact=True)


def test_a_random_draw_policy_cannot_be_exact() -> None:
    with pytest.raises(EquityError, match="sampled"):
        equity("D01", ["Ah Ad Kc 7d 2s", "Qs Qd 9c 8h 3c"], exact=True, draw_policy="random")


def test_follow_the_queen_s_queen_in_the_hole_makes_trips() -> None:
    # no queen face up: only queens are wild, so Qs with the two kings is three kings,
    # beating the aces (without the wild card the kings would lose)
    hands = ["Qs 2c Kd 5h 8c 9d Kh", "Ac Ad 4s 6s 7c Jh Tc"]
    result = equity("Follow-the-Queen", hands, exact=True)
    assert result["boards"] == 1
    assert shares(result) == [1.0, 0.0]
    assert shares(equity("stud", hands, exact=True)) == [0.0, 1.0]
