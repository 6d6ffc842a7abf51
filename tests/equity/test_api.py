"""``pokerbook.equity``: every catalogue game answers, and the answer has the issue's
shape exactly."""

from __future__ import annotations

import pytest

import pokerbook
from pokerbook.cards.decks import deck
from pokerbook.cards.notation import format_cards
from pokerbook.equity import api
from pokerbook.equity.api import equity, solve
from pokerbook.equity.request import EquityError, read_question
from pokerbook.games.catalogue import all_games, find_game
from pokerbook.games.house import find_house
from pokerbook.games.model import Game


def _known_hands(game: Game, count: int) -> list[str]:
    """``count`` hands of two known cards each from the game's deck (the rest dealt)."""
    cards = [c for c in deck(game.deck).cards if not c.is_joker]
    return [format_cards(cards[7 * i : 7 * i + 2]) for i in range(count)]


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_every_catalogue_game_answers_with_shares_that_sum_to_one(game: Game) -> None:
    count = 3 if game.max_players >= 3 and game.id[-1] in "13579" else 2
    result = equity(game.id, _known_hands(game, count), trials=40, seed=1)
    rows = result["hands"]
    assert len(rows) == count
    assert sum(row["equity"] for row in rows) == pytest.approx(1.0)
    for row in rows:
        assert 0.0 <= row["equity"] <= 1.0
        for name in ("high", "low", "scoop"):
            assert 0.0 <= row.get(name, 0.0) <= 1.0


def test_the_answer_has_exactly_the_issue_s_keys() -> None:
    exact = equity("holdem", ["Ah Kh", "Qd Qc"], board="2c 7d Jc 9s", exact=True)
    assert list(exact) == ["game", "exact", "boards", "hands"]
    assert exact["game"] == "F01"
    assert list(exact["hands"][0]) == ["hand", "equity"]
    assert exact["hands"][0]["hand"] == "Ah Kh"
    sampled = equity("plo8", ["As 2s 3d Kd", "Ah Kh Qc Jc"], board="2h 5c Qs", trials=100, seed=1)
    assert list(sampled) == ["game", "exact", "trials", "hands"]
    assert sampled["exact"] is False
    assert sampled["trials"] == 100
    assert list(sampled["hands"][0]) == ["hand", "equity", "high", "low", "scoop", "error"]


def test_the_package_exports_equity() -> None:
    result = pokerbook.equity("razz", ["As 2s 3s 4s 5s 6s 7s", "Ac 2c 3c 4c 6c 7c 8c"])
    assert result["exact"] is True
    assert result["boards"] == 1
    assert [row["equity"] for row in result["hands"]] == [1.0, 0.0]


def test_without_a_method_a_quick_question_is_answered_exactly() -> None:
    assert equity("holdem", ["Ah Kh", "Qd Qc"], board="Qh 7h 2c")["exact"] is True


def test_without_a_method_a_long_question_is_sampled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "DEFAULT_TRIALS", 300)
    # random draws cannot be enumerated: sampled with the default number of trials
    result = equity("D01", ["Ah Ad Kc 7d 2s", "Qs Qd 9c 8h 3c"], draw_policy="random", seed=1)
    assert result["exact"] is False
    assert result["trials"] == 300


def test_exact_false_samples_the_default_trials(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "DEFAULT_TRIALS", 200)
    result = equity("holdem", ["Ah Kh", "Qd Qc"], board="Qh 7h 2c", exact=False, seed=1)
    assert result["exact"] is False
    assert result["trials"] == 200


def test_a_random_draw_policy_is_sampled_by_default() -> None:
    question = read_question("D01", ["Ah Ad Kc 7d 2s", "Qs Qd 9c 8h 3c"], draw_policy="random")
    tally, exact = solve(question, trials=200, seed=1)
    assert not exact
    assert tally.deals == 200


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"exact": True, "trials": 10}, "exact answer takes no trials"),
        ({"trials": 0}, "trials must be at least 1"),
        ({"error": 0.0}, "between 0 and 1"),
    ],
)
def test_contradictory_methods_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(EquityError, match=message):
        equity("holdem", ["Ah Kh", "Qd Qc"], **options)  # type: ignore[arg-type]


def test_a_house_s_low_qualifier_applies() -> None:
    # 9-4-3-2-A is no eight-or-better low, but Oresteen's lows qualify at nine or better
    hands = ["Kh Kd Tc 8c", "Ah 4h Jd Jc"]
    board = "2c 3d 9h Ks Qs"
    plain = equity("F17", hands, board=board)
    assert [row["equity"] for row in plain["hands"]] == [1.0, 0.0]
    oresteen = equity("F17", hands, board=board, house="oresteen")
    assert [row["equity"] for row in oresteen["hands"]] == [0.5, 0.5]
    assert oresteen["hands"][1]["low"] == 1.0


def _no_engine(question: object) -> None:
    raise AssertionError("the engine's table was built")


@pytest.mark.parametrize(
    ("game", "hands", "board", "house"),
    [
        ("F01", ["Ah Kh", "Qd Qc"], "2c 7d Jc", "roberts"),
        ("S05", ["Ah 2h 3d Jc Tc 9h", "4s 5d 8c 7c 6c 2s"], "", "homegame"),
        # Oresteen plays lows on its own scale, but hold'em has none to change
        ("F01", ["Ah Kh", "Qd Qc"], "2c 7d Jc", "oresteen"),
    ],
)
def test_a_house_that_keeps_the_showdown_is_answered_by_the_kernels(
    game: str, hands: list[str], board: str, house: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    barge = equity(game, hands, board=board, exact=True)
    monkeypatch.setattr(api, "EquityTable", _no_engine)
    other = equity(game, hands, board=board, exact=True, house=house)
    assert other == barge


def test_a_house_that_changes_the_low_goes_through_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(api, "EquityTable", _no_engine)
    with pytest.raises(AssertionError, match="engine's table"):
        equity("F17", ["Kh Kd Tc 8c", "Ah 4h Jd Jc"], board="2c 3d 9h Ks Qs", house="oresteen")


def test_which_houses_keep_a_game_s_showdown() -> None:
    omaha8, holdem, razz = find_game("F17"), find_game("F01"), find_game("S05")
    assert api.house_keeps_showdown(omaha8, find_house("roberts"))
    assert not api.house_keeps_showdown(omaha8, find_house("oresteen"))  # 9-or-better, a6
    assert not api.house_keeps_showdown(razz, find_house("oresteen"))  # razz on a6-low
    assert api.house_keeps_showdown(holdem, find_house("oresteen"))


@pytest.mark.parametrize("house_name", [None, "roberts", "oresteen", "homegame"])
def test_the_kernels_may_answer_a_game_where_the_house_keeps_its_showdown(
    house_name: str | None,
) -> None:
    from pokerbook.equity.request import read_house

    house = read_house(house_name)
    for game in all_games():
        may = api.kernels_may_answer(game, house)
        assert may == (not game.openers and api.house_keeps_showdown(game, house))
        assert api.kernels_may_answer(game, house) is may


def test_planning_a_spot_imports_no_compiler() -> None:
    import subprocess
    import sys

    code = (
        "import sys, pokerbook\n"
        "from pokerbook.equity.api import kernel_plan\n"
        "from pokerbook.equity.request import read_question\n"
        "q = read_question('F16', ['Ah Kh Qd Jc', '9s 9d 8c 7c'], '2c 7d 9h')\n"
        "assert kernel_plan(q) is not None\n"
        "pokerbook.equity('chowaha', ['Ah Kh', 'Qd Qc'], trials=20, seed=1)\n"
        "print('numba' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
