"""What ``phh verify`` accepts and refuses, and where its errors point.

A history is refused (failed, not skipped) when it deals cards the hand never
reaches, records a roll the hand never makes or cannot make, or records no
result; the error names the line that is wrong and the player as the history
does (``p3``).  A hand is skipped only for a documented reason: a result in half
chips (the engine pays whole chips), or, when asked, a file with no result.
"""

from __future__ import annotations

import random
import re

import pytest

from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.games.stakes import Stakes
from pokerbook.history.phh import PHHError, read_phh, write_phh
from pokerbook.history.replay import ReplayError, play
from pokerbook.history.verify import (
    HALF_CHIPS,
    NO_RESULT,
    SKIP_REASONS,
    Outcome,
    Summary,
    verify_history,
)

NL = Stakes("no-limit", blinds=(1, 2))
LIMIT = Stakes("limit", blinds=(1, 2), small_bet=2, big_bet=4)

HAND = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 2c7d', 'p3 f', 'p1 cbr 300', 'p2 cc', \
'd db 2h3h4s', 'p1 cbr 500', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc', 'd db Jd', 'p1 cc', \
'p2 cc', 'p1 sm AcAd', 'p2 sm']
finishing_stacks = [10800, 9200, 10000]
"""

#: p1 folds the small blind; p2 and p3 chop a pot of 5 on a royal flush board
CHOP = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 2c3d', 'd dh p2 4c5d', 'd dh p3 6c7d', 'p3 cc', 'p1 f', 'p2 cc', \
'd db AsKsQs', 'p2 cc', 'p3 cc', 'd db Js', 'p2 cc', 'p3 cc', 'd db Ts', 'p2 cc', 'p3 cc']
finishing_stacks = [99, 100.5, 100.5]
"""


def verify(text: str, **options: bool) -> Outcome:
    return verify_history(read_phh(text, "h"), **options)


def played_out(game: str, stakes: Stakes, seed: int) -> Hand:
    """A hand of ``game`` everybody checks and calls to its end."""
    hand = Hand(game, stakes, [100, 100, 100], seed=seed)
    while not hand.done:
        hand.act("cc")
    return hand


def with_line(text: str, after: str, line: str) -> str:
    """The document with action ``line`` added after the action ``after``."""
    assert f"'{after}'," in text
    return text.replace(f"'{after}',", f"'{after}',\n  '{line}',", 1)


# -- cards and rolls the hand never reaches ----------------------------------------------


def test_verify_fails_a_holdem_history_that_deals_three_hole_cards() -> None:
    outcome = verify(HAND.replace("'d dh p1 AcAd'", "'d dh p1 AcAdKs'"))
    assert outcome.status == "failed"
    assert outcome.detail == "action 1 'd dh p1 AcAdKs': deals Ks, which the hand never reaches"


def test_verify_fails_wonky_donkeys_extra_hole_cards_after_a_red_flop() -> None:
    hand = played_out("F06", NL, seed=1)  # flop 6h5d5c: two red cards, hold'em goes on
    text = write_phh(hand)
    assert "'d db 6h5d5c'" in text
    outcome = verify(with_line(text, "d db 6h5d5c", "d dh p1 2c3c"))
    assert outcome.status == "failed"
    assert outcome.detail == "action 8 'd dh p1 2c3c': deals 2c3c, which the hand never reaches"


def test_wonky_donkeys_extra_hole_cards_after_a_black_flop_are_reached() -> None:
    for seed in range(40):
        hand = played_out("F06", NL, seed)
        if sum(e.kind == "deal-hole" for e in hand.events) > 3:  # a black flop
            assert verify(write_phh(hand)).status == "matched"
            return
    pytest.fail("no black flop in 40 seeds")


def test_a_board_card_dealt_after_everybody_folded_is_refused() -> None:
    actions = "'d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 2c7d', 'p3 f', 'p1 cbr 300', 'p2 f'"
    text = re.sub(
        r"actions = \[.*\]\n", f"actions = [{actions}, 'd db 2h3h4s']\n", HAND, flags=re.S
    )
    with pytest.raises(ReplayError, match=r"action 7 'd db 2h3h4s': deals 2h3h4s, which"):
        play(read_phh(text, "h"))


def test_a_die_of_seven_is_reported_at_the_roll() -> None:
    text = write_phh(played_out("F19", LIMIT, seed=1))  # Omaha X or Better rolls two dice
    assert "'d rd 1',\n  'd rd 2'," in text
    bad = text.replace("'d rd 2'", "'d rd 7'")
    with pytest.raises(ReplayError) as caught:
        play(read_phh(bad, "h"))
    assert str(caught.value) == "h: action 12 'd rd 7': a 6-sided die cannot roll 7"


def test_a_roll_the_hand_never_makes_is_refused_at_the_roll() -> None:
    text = write_phh(played_out("F19", LIMIT, seed=1))
    outcome = verify(with_line(text, "d rd 2", "d rd 3"))
    assert outcome.status == "failed"
    assert outcome.detail == "action 13 'd rd 3': the hand rolls no more dice"


# -- players named as the history names them ---------------------------------------------


def test_a_refused_action_names_the_player_as_the_history_does() -> None:
    outcome = verify(HAND.replace("'p3 f'", "'p3 cbr 150'"))
    assert outcome.status == "failed"
    assert outcome.detail.startswith("action 4 'p3 cbr 150': p3: ")
    assert not re.search(r"\bseat \d", outcome.detail)


def test_a_draw_of_cards_not_held_names_the_player() -> None:
    hand = Hand("D01", LIMIT, [100, 100, 100], seed=2)
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        hand.act("sd" if legal.draw is not None else "cc")
    text = write_phh(hand)
    assert "'p1 sd'" in text
    with pytest.raises(PHHError) as caught:
        play(read_phh(text.replace("'p1 sd'", "'p1 sd 2c2d2h'"), "h"))
    assert "'p1 sd 2c2d2h': p1 throws 2c, which they do not hold" in str(caught.value)


# -- results -----------------------------------------------------------------------------


def test_verify_fails_a_history_with_no_result() -> None:
    outcome = verify(HAND.replace("finishing_stacks = [10800, 9200, 10000]\n", ""))
    assert outcome.status == "failed"
    assert outcome.detail.startswith("records no result (finishing_stacks) to compare")


def test_a_history_with_no_result_is_skipped_only_when_allowed() -> None:
    text = HAND.replace("finishing_stacks = [10800, 9200, 10000]\n", "")
    outcome = verify(text, allow_no_result=True)
    assert (outcome.status, outcome.reason) == ("skipped", NO_RESULT)
    # allowed or not, a history that cannot be replayed fails
    broken = text.replace("'p1 cbr 500'", "'p1 cbr 50'")
    assert verify(broken, allow_no_result=True).status == "failed"


def test_a_half_chip_result_is_skipped_for_its_documented_reason() -> None:
    outcome = verify(CHOP)
    assert (outcome.status, outcome.reason) == ("skipped", HALF_CHIPS)
    # the odd chip goes to the first winner left of the button (p2)
    assert outcome.detail == (
        "p2 100.5 in the file, 101 replayed; p3 100.5 in the file, 100 replayed"
    )
    assert HALF_CHIPS in SKIP_REASONS


def test_strict_verification_counts_a_half_chip_result_as_differing() -> None:
    outcome = verify(CHOP, strict=True)
    assert outcome.status == "differed"
    assert "half chips" in outcome.detail


def test_a_result_a_whole_chip_away_is_no_half_chip_result() -> None:
    outcome = verify(CHOP.replace("[99, 100.5, 100.5]", "[99, 102, 99]"))
    assert outcome.status == "differed"


def test_the_summary_names_each_skip_reason_and_is_good_only_with_hands() -> None:
    summary = Summary()
    assert not summary.ok  # nothing verified
    summary.add(Outcome("a", "matched"))
    summary.add(Outcome("b", "skipped", reason=HALF_CHIPS))
    assert summary.ok
    assert summary.line() == (
        "verified 2 hands: 1 matched, 0 differed, 0 failed, 1 skipped (1 half-chip results)"
    )
    summary.add(Outcome("c", "skipped", reason="a reason nobody documented"))
    assert not summary.ok


def test_cards_a_rule_passes_are_recorded_as_received_not_dealt() -> None:
    # Pass the Trash: each player discards three cards, which go to the left
    rng = random.Random(5)
    hand = Hand("H09", LIMIT, [100, 100, 100], seed=5)
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        held = hand.hole[legal.seat]
        if legal.discard is not None:
            throwable = held if legal.throwable is None else list(legal.throwable)
            hand.act(Action("discard", None, tuple(rng.sample(throwable, legal.discard))))
        elif legal.choose is not None:
            hand.act(Action("choose", option=rng.choice(legal.choose)))
        else:
            hand.act("cc")
    text = write_phh(hand)
    assert re.search(r"'p\d rc [2-9TJQKA][cdhs]{1}", text)
    assert sum(line.startswith("  'd dh") for line in text.splitlines()) == 3
    assert verify(text).status == "matched"
