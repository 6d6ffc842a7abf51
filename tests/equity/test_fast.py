"""The compiled equity kernels: answers checkable by hand, what they cover, sampling."""

from __future__ import annotations

from math import comb, sqrt

import pytest

from pokerbook.cards.notation import parse
from pokerbook.equity.fast import FastSpotError, covered, fast_tally, plan_spot
from pokerbook.equity.spot import Spot, Tally
from pokerbook.games.catalogue import find_game


def spot(game: str, *hands: str, board: str = "", dead: str = "") -> Spot:
    return Spot(
        find_game(game),
        tuple(tuple(parse(h)) for h in hands),
        (tuple(parse(board)),) if board else (),
        tuple(parse(dead)),
    )


def exact(s: Spot) -> Tally:
    tally = fast_tally(s, exact=True, trials=None, seed=None)
    assert tally is not None
    return tally


def shares(t: Tally) -> list[float]:
    return [e / t.weight for e in t.equity]


def test_river_card_counted_by_hand() -> None:
    """Aces against kings on the turn: only the two kings left win for the kings."""
    t = exact(spot("F01", "Ah Ad", "Ks Kc", board="2c 7d 9h Ts"))
    assert t.deals == 44
    assert shares(t) == pytest.approx([42 / 44, 2 / 44], abs=1e-12)


def test_board_plays_splits() -> None:
    t = exact(spot("F01", "2c 3d", "4h 5s", board="As Ks Qs Js Ts"))
    assert t.deals == 1
    assert shares(t) == [0.5, 0.5]
    assert t.equity_sq == [0.25, 0.25]


def test_three_way_tie_splits_in_thirds() -> None:
    t = exact(spot("F01", "2c 3d", "4h 5c", "6d 7c", board="As Ks Qs Js Ts"))
    assert shares(t) == pytest.approx([1 / 3] * 3, abs=1e-12)


def test_preflop_counts_every_board() -> None:
    t = exact(spot("F01", "Ah Kh", "Qd Qc"))
    assert t.deals == comb(48, 5) == 1_712_304
    assert sum(t.equity) == pytest.approx(t.deals)
    # the well-known figure: ace-king suited against queens, 46.2%
    assert shares(t)[0] == pytest.approx(0.4621, abs=5e-5)


def test_draw_outs_counted_by_hand() -> None:
    """2-7 single draw: a pat 9-7 against a one-card draw to 8-6-4-3; the deuces, fives
    and sevens left (3 each) beat it, of 42 unseen cards."""
    t = exact(spot("D07", "9s 7d 5c 4h 2s", "8h 6d 4s 3c", dead="Kc"))
    assert t.deals == 42
    assert shares(t) == pytest.approx([33 / 42, 9 / 42], abs=1e-12)


def test_stud_complete_hands_one_deal() -> None:
    t = exact(spot("S01", "Ah Ad Ac 2s 3d 7h 9c", "Kh Kd Kc Ks 4d 5h 8c"))
    assert t.deals == 1
    assert shares(t) == [0.0, 1.0]


def test_high_low_halves_and_scoops() -> None:
    """Stud eight-or-better: the high hand and the low hand split; high, low and
    scoop are counted for each."""
    t = exact(spot("S02", "Ah 2d 3c 4s 6h Kd Qc", "Kh Ks Kc 9d 9h Jd Tc"))
    assert shares(t) == [0.5, 0.5]
    assert t.high == [0.0, 1.0]
    assert t.low == [1.0, 0.0]
    assert t.scoop == [0.0, 0.0]


def test_no_qualifying_low_high_scoops() -> None:
    t = exact(spot("F17", "Ah Kh Qd Jc", "9s 9d 8c 7c", board="Kc Qs Jh Td 9h"))
    assert shares(t) == [1.0, 0.0]
    assert t.scoop == [1.0, 0.0]
    assert t.low == [0.0, 0.0]


def test_low_split_quartered() -> None:
    """Omaha eight-or-better: the same wheel low for both, and a seven-high straight
    against the wheel for the high: 3/4 and 1/4."""
    t = exact(spot("F17", "Ah 2h 6d 7c", "As 2d Qc Js", board="3c 4d 5h Ks 9c"))
    assert shares(t) == pytest.approx([0.75, 0.25], abs=1e-12)


def test_unqualified_first_share() -> None:
    """Archie: nobody has sixes or better or an eight low, so the best high takes all;
    Korean splits the same hands' pot between the high and the no-pair low."""
    hands = ("Kc Qd 9h 7s 2c", "Jc Td 8h 6s 3c")
    assert shares(exact(spot("D14", *hands))) == [1.0, 0.0]
    assert shares(exact(spot("D15", *hands))) == [0.0, 1.0]  # no pair: the low wins


@pytest.mark.parametrize(
    "game",
    [
        "S24",  # wild cards
        "F19",  # dice
        "F27",  # two boards
        "D11",  # badugi: no rank tables
        "D05",  # the joker
        "F07",  # a discard the hands choose
        "S17",  # a scale of its own
        "S22",  # a share of the down cards
    ],
)
def test_not_covered(game: str) -> None:
    g = find_game(game)
    assert not covered(g)
    s = Spot(g, (tuple(parse("Ah Kd")), tuple(parse("Qc Jc"))))
    assert fast_tally(s, exact=True, trials=None, seed=None) is None


def test_covered_games() -> None:
    for game in ("F01", "F03", "F16", "F17", "F21", "F22", "F23", "S01", "S02", "S05", "D07"):
        assert covered(find_game(game)), game


def test_too_many_cards_not_covered() -> None:
    assert plan_spot(spot("F01", "Ah Kd Qc", "2c 3c")) is None


def test_card_twice_refused() -> None:
    with pytest.raises(FastSpotError, match="Ah is dealt twice"):
        fast_tally(spot("F01", "Ah Kd", "Ah Qc"), exact=True, trials=None, seed=None)


def test_short_deck_card_refused() -> None:
    with pytest.raises(FastSpotError, match="not in the short deck"):
        fast_tally(spot("F03", "Ah Kd", "2h Qc"), exact=True, trials=None, seed=None)


def test_partial_hands_dealt_out() -> None:
    """Razz from 6th street with the last card to come: the exact count of deals."""
    t = exact(spot("S05", "Ah 2d 3c Ks Qd Jh", "4h 5d 6c Kd Qs Jc"))
    assert t.deals == 40 * 39
    assert sum(t.equity) == pytest.approx(t.deals)


def within_four_errors(sampled: Tally, truth: Tally) -> None:
    for i in range(truth.hands):
        mean = sampled.equity[i] / sampled.weight
        var = sampled.equity_sq[i] / sampled.weight - mean * mean
        error = sqrt(max(var, 1e-12) / sampled.weight)
        assert abs(mean - truth.equity[i] / truth.weight) < 4 * error


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        ("F01", ("Ah Kh", "Qd Qc", "7s 6s"), "2h 7d"),
        ("F17", ("Ah 2h Kd Kc", "As 3d Qc Js"), "4c 9d Th"),
        ("S02", ("Ah 2d 3c Ks Qd", "4h 5d 6c Kd Qs"), ""),
        ("D07", ("7h 5c 4d 3s", "9h 8c 6d 5h 2c"), ""),
    ],
)
def test_sampling_within_four_errors(game: str, hands: tuple[str, ...], board: str) -> None:
    s = spot(game, *hands, board=board)
    sampled = fast_tally(s, exact=False, trials=200_000, seed=7)
    assert sampled is not None
    assert sampled.deals == 200_000
    within_four_errors(sampled, exact(s))


def test_sampling_repeats_for_a_seed() -> None:
    s = spot("F01", "Ah Kh", "Qd Qc")
    one = fast_tally(s, exact=False, trials=10_000, seed=3)
    two = fast_tally(s, exact=False, trials=10_000, seed=3)
    other = fast_tally(s, exact=False, trials=10_000, seed=4)
    assert one is not None
    assert two is not None
    assert other is not None
    assert one.equity == two.equity
    assert one.equity != other.equity


def test_sampling_needs_trials() -> None:
    with pytest.raises(ValueError, match="number of trials"):
        fast_tally(spot("F01", "Ah Kh", "Qd Qc"), exact=False, trials=None, seed=1)


@pytest.mark.parametrize(
    ("game", "hands", "board", "route", "kernel"),
    [
        ("F01", ("Ah Kh", "Qd Qc"), "2c 7d 9h", "boards high", "enumerate_boards_high"),
        ("F16", ("Ah Kh Qd Jc", "9s 9d 8c 7c"), "2c 7d 9h", "last cards", "last_cards"),
        ("F17", ("Ah Kh 2d 3c", "9s 9d 8c 7c"), "", "boards", "enumerate_boards"),
        ("S01", ("Ah Kh Qd Jc Tc", "9s 9d 8c 7c 6c"), "", "hands", "hand_table"),
        ("F01", ("Ah", "Qd Qc"), "", "deals", "enumerate_deals"),
    ],
)
def test_each_spot_names_the_walk_and_kernels_that_answer_it(
    game: str, hands: tuple[str, ...], board: str, route: str, kernel: str
) -> None:
    from pokerbook.equity.fast import exact_route, kernels_for

    plan = plan_spot(spot(game, *hands, board=board))
    assert plan is not None
    assert exact_route(plan) == route
    names = [k.py_func.__name__ for k in kernels_for(plan, exact=True)]
    assert kernel in names
    sampled = [k.py_func.__name__ for k in kernels_for(plan, exact=False)]
    assert "sample_deals" in sampled
