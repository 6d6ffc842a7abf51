"""A board run twice in PHH (001 Procedures r.14): ``_run_twice = true`` and the second
run's ``d db`` lines after the first run's, replayed to the same result (docs/phh.md)."""

from __future__ import annotations

import pytest

from pokerbook.bots import get_policy
from pokerbook.cards.notation import parse
from pokerbook.engine.hand import Hand
from pokerbook.engine.setup import HandSetup
from pokerbook.games.stakes import Stakes
from pokerbook.history.deal_check import deal_fields
from pokerbook.history.phh import PHHError, read_phh, write_phh
from pokerbook.history.replay import ReplayError, play
from pokerbook.history.scripted_dealer import ScriptedDealer
from pokerbook.history.verify import verify_history
from pokerbook.table.night_file import parse_night
from pokerbook.table.play import GameNight

NL = Stakes(format="no-limit", blinds=(1, 2))
# seat 0 (the button) holds aces, seat 2 kings; the first run pairs nobody, the second
# gives the kings a set
HOLES = ("As Ah", "5c 4d", "Ks Kh")
FIRST_RUN = "2c 7d 9h Js 8c"
SECOND_RUN = "Kd 3s 4h 6c Tc"


def stacked(board: str, *, run_twice: bool = True) -> Hand:
    dealer = ScriptedDealer([list(parse(h)) for h in HOLES], list(parse(board)))
    return Hand("F01", NL, [100, 100, 100], dealer=dealer, setup=HandSetup(run_twice=run_twice))


def in_phh_order(hand: Hand, values: list[int]) -> list[int]:
    return [values[s] for s in hand.order_from(hand.button + 1)]


def all_in_before_the_flop() -> Hand:
    hand = stacked(f"{FIRST_RUN} {SECOND_RUN}")
    for action in ("cbr 100", "f", "cc"):  # the button's aces all in, the big blind calls
        hand.act(action)
    assert hand.done
    assert hand.runout_from == 0
    return hand


def test_a_board_run_twice_is_written_with_its_second_run_after_the_first() -> None:
    text = write_phh(all_in_before_the_flop())
    assert "_run_twice = true\n" in text
    board_lines = [line.strip(" ',") for line in text.splitlines() if "d db" in line]
    assert board_lines == [
        "d db 2c7d9h",
        "d db Js",
        "d db 8c",
        "d db Kd3s4h # run 2",
        "d db 6c # run 2",
        "d db Tc # run 2",
    ]


def test_a_board_run_twice_replays_to_the_same_runs_and_stacks_001_procedures_r14() -> None:
    hand = all_in_before_the_flop()
    text = write_phh(hand)
    history = read_phh(text, "twice")
    assert history.setup.run_twice
    again = play(history).hand
    assert again.boards[0] == list(parse(FIRST_RUN))
    assert again.second_run == list(parse(SECOND_RUN))
    # the aces win the first run (101 with the odd chip), the kings' set the second
    assert again.stacks == in_phh_order(hand, hand.stacks) == [99, 100, 101]
    assert write_phh(again) == text
    assert verify_history(history).status == "matched"


def test_all_in_on_the_flop_writes_only_the_turn_and_river_twice() -> None:
    hand = stacked("2c 7d 9h Js 8c Kd 3s")
    for action in ("cc", "f", "cc", "cbr 98", "cc"):  # the flop 2c7d9h, then all in
        hand.act(action)
    assert hand.runout_from == 3
    text = write_phh(hand)
    assert text.count("# run 2") == 2
    assert "'d db Kd # run 2'" in text
    assert "'d db 3s # run 2'" in text
    again = play(read_phh(text, "flop")).hand
    assert again.second_run == list(parse("Kd 3s"))
    assert again.stacks == in_phh_order(hand, hand.stacks)


def test_without_the_agreement_the_second_run_is_cards_the_hand_never_reaches() -> None:
    text = write_phh(all_in_before_the_flop()).replace("_run_twice = true\n", "")
    with pytest.raises(ReplayError, match=r"'d db Kd3s4h # run 2': deals Kd3s4h, which the hand"):
        play(read_phh(text, "no agreement"))


def test_an_agreement_never_used_is_written_and_changes_nothing() -> None:
    hand = stacked(FIRST_RUN)
    while not hand.done:
        hand.act("cc")  # nobody all in: dealt once
    assert hand.runout_from is None
    text = write_phh(hand)
    assert "_run_twice = true\n" in text
    assert "# run 2" not in text
    again = play(read_phh(text, "agreed")).hand
    assert again.stacks == in_phh_order(hand, hand.stacks)
    assert "_run_twice" not in write_phh(stacked(FIRST_RUN, run_twice=False))


def test_run_twice_must_be_true_or_false() -> None:
    text = write_phh(all_in_before_the_flop()).replace("_run_twice = true", '_run_twice = "yes"')
    with pytest.raises(PHHError, match="_run_twice must be true or false, not 'yes'"):
        read_phh(text, "bad")


def test_a_house_that_forbids_running_it_twice_refuses_the_history_004_r26j() -> None:
    text = write_phh(all_in_before_the_flop())
    text = text.replace("_run_twice = true\n", '_run_twice = true\n_house = "oresteen"\n')
    with pytest.raises(ReplayError, match="oresteen house does not allow running it twice"):
        play(read_phh(text, "oresteen"))


#: a night that always agrees to run it twice, short stacks so players go all in often
RUN_TWICE_NIGHT = {
    "house": "barge",
    "buy_in": 40,
    "run_twice": 1.0,
    "selection": {"kind": "rotation", "games": ["F01", "F16", "F17"], "hands_per_game": 5},
    "stakes": {"default": {"format": "pot-limit", "blinds": [1, 2]}},
    "rebuys": "unlimited",
}


def test_every_hand_of_a_night_that_runs_it_twice_is_written_and_verified() -> None:
    night = parse_night(RUN_TWICE_NIGHT, key="twice", source="test")
    table = GameNight(night, [get_policy("random") for _ in range(4)], seed=5)
    ran_twice: set[str] = set()
    for result in table.play(120):
        seed = result.hand.seed  # (the second run is dealt again from the seed too)
        assert seed is not None
        text = write_phh(result.hand, fields=deal_fields(seed, "salt"))
        outcome = verify_history(read_phh(text, f"hand {result.number}"))
        assert (outcome.status, outcome.deal_checked) == ("matched", True), (outcome, text)
        if result.hand.runout_from is not None and "# run 2" in text:
            ran_twice.add(result.game.id)
    assert ran_twice == {"F01", "F16", "F17"}  # Omaha's high/low split pots among them
