"""The quick ways a hand history is read and laid out give what the long ways give.

Action lines written the usual way are read with dictionary look-ups (and their
steps shared between hands); every other line is read word by word.  A history
whose cards are all named is laid out without following draws.  These tests
check the quick ways against the long ones, and that sharing never leaks from
one hand into another.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from pokerbook.cards.notation import parse
from pokerbook.history.action_lines import _parse_step
from pokerbook.history.action_lines import parse_steps as _parse_steps
from pokerbook.history.phh import PHHError, Step, read_hand, read_phh
from pokerbook.history.replay import lay_out, play, stakes_of
from pokerbook.history.scripted_dealer import ScriptedDealer

LINES = [
    "d dh p1 AcAd",
    "d dh p2 ????",
    "d dh p3 aCtD",  # any case
    "d dh p12 2c3c",
    "d db 2h3h4s",
    "d db Jd",
    "p1 f",
    "p2 cc",
    "p3 pb",
    "p4 sd",
    "p4 sd 7s8s",
    "p4 sd ??",
    "p5 dc 9h",
    "p6 sm",
    "p6 sm AcAd",
    "p6 sm -",
    "p1 cbr 300",
    "p1 cbr 007",
    "p1 cbr 2.50",
    "p1 cbr 1E+2",
    "p1  cc",
    "p1 cc # a note",
    "p1 cc#",
    "# only a note",
    "",
    "  d   dh p1\tAcAd ",
    "p1 cc ",
    "p10 f",
    "p26 f",
]


def _word_by_word(lines: list[str], players: int) -> list[tuple[Step, Any]]:
    """The steps (and cbr amounts) each line gives when read word by word."""
    out = []
    for index, text in enumerate(lines):
        parsed = _parse_step(index, text, players, "x")
        if parsed is not None:
            out.append(parsed)
    return out


def test_usual_lines_read_as_word_by_word() -> None:
    for players in (12, 26):
        lines = [line for line in LINES if players == 26 or "p26" not in line]
        for _ in range(2):  # the second time, from the steps and lines kept
            steps, decimals = _parse_steps(lines, players, "x")
            expected = _word_by_word(lines, players)
            assert len(steps) == len(expected)
            for place, (step, (slow, amount)) in enumerate(zip(steps, expected, strict=True)):
                if place in decimals:
                    assert (step._replace(amount=0), decimals[place]) == (slow, amount)
                else:
                    assert step == slow._replace(amount=amount)
                assert type(step) is Step


@pytest.mark.parametrize("line", ["p5 f", "d dh p5 AcAd", "p5 cbr 100", "p5 sm 2c3c"])
def test_lines_kept_for_a_bigger_table_are_not_taken_for_a_smaller_one(line: str) -> None:
    _parse_steps(["p1 f", line], 6, "x")
    _parse_steps(["p1 f", line], 6, "x")
    with pytest.raises(PHHError, match=r"action 2 .*there are only 4 players"):
        _parse_steps(["p1 f", line], 4, "x")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("q1 f", "'q1' is not an actor"),
        ("p0 f", "'p0' is not an actor"),
        ("p1 jump", "unknown action"),
        ("p1 cbr", "unknown action"),
        ("p1 cbr lots", "'lots' is not an amount"),
        ("p1 cbr -5", "cannot be negative"),
        ("d dh p1 AcZd", "cannot read card 'Zd'"),
        ("d db AcA", "is not a list of two-character cards"),
        ("d dx p1 AcAd", "the dealer deals"),
    ],
)
def test_unusual_lines_say_what_is_wrong(line: str, message: str) -> None:
    for _ in range(2):
        with pytest.raises(PHHError, match=f"^x: .*{line!r}.*{message}"):
            _parse_steps(["p1 f", line], 4, "x")


def test_an_action_that_is_not_a_string_is_refused_in_order() -> None:
    with pytest.raises(PHHError, match="action 2 must be a string"):
        _parse_steps(["p1 f", 5, "p9 f"], 3, "x")
    with pytest.raises(PHHError, match="there are only 3 players"):
        _parse_steps(["p9 f", ["p1 f"]], 3, "x")

    class Line(str):
        pass

    with pytest.raises(PHHError, match="action 1 must be a string"):
        _parse_steps([Line("p1 f")], 3, "x")


def test_hands_share_equal_steps_at_the_same_place() -> None:
    first, _ = _parse_steps(["d dh p1 AcAd", "p1 f", "p2 cc"], 3, "x")
    second, _ = _parse_steps(["d dh p1 AcAd", "p2 cc", "p1 f"], 3, "x")
    assert first[0] is second[0]
    assert (second[1].position, second[1].text, second[2].position) == (1, "p2 cc", 2)


def test_long_histories_are_read_too() -> None:
    lines = ["d dh p1 AcAd", "d dh p2 KcKd"] + ["p1 cc", "p2 cc"] * 700
    steps, _ = _parse_steps(lines, 2, "x")
    assert len(steps) == len(lines)
    assert steps[-1] == Step(len(lines) - 1, "p2 cc", 1, "cc")


NLHE = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 2c7d', 'p3 f', 'p1 cbr 300', 'p2 cc',
  'd db 2h3h4s', 'p1 cc', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc', 'd db Jd', 'p1 cc', 'p2 cc',
  'p1 sm AcAd', 'p2 sm']
finishing_stacks = [10300, 9700, 10000]
"""


def test_decimal_results_keep_their_digits() -> None:
    history = read_phh(NLHE.replace("[10300, 9700, 10000]", "[10300.0, 9700.50, 10000]"))
    assert [str(d) for d in history.finishing_stacks or []] == ["10300.0", "9700.50", "10000"]
    again = read_phh(NLHE)
    assert [str(d) for d in again.finishing_stacks or []] == ["10300", "9700", "10000"]


def test_amounts_are_scaled_whatever_the_field_that_has_decimals() -> None:
    for old, new, scale in [
        ("min_bet = 100", "min_bet = 100.0", 1),
        ("[50, 100, 0]", "[0.5, 1, 0]", 10),
        ("[10000, 10000, 10000]", "[100, 100, 100.00]", 1),
        ("'p1 cbr 300'", "'p1 cbr 300.5'", 10),
    ]:
        history = read_phh(NLHE.replace(old, new))
        assert history.scale == scale
        bet = next(s for s in history.steps if s.kind == "cbr")
        assert bet.amount == (3005 if "300.5" in new else 300 * scale)


def test_a_mapping_is_read_without_being_changed() -> None:
    raw: dict[str, Any] = {
        "variant": "NT",
        "antes": [0, 0],
        "blinds_or_straddles": [1, 2],
        "starting_stacks": [200, 200],
        "actions": ["d dh p1 AcAd", "d dh p2 KcKd", "p2 f"],
        "finishing_stacks": [Decimal("201"), 199],
    }
    before = repr(raw)
    history = read_hand(raw, "m")
    assert repr(raw) == before
    history.starting_stacks.append(5)
    history.antes.append(5)
    assert raw["starting_stacks"] == [200, 200]
    assert raw["antes"] == [0, 0]
    assert history.fields == raw
    assert history.fields is not raw


def test_a_layout_belongs_to_its_caller() -> None:
    history = read_phh(NLHE)
    first = lay_out(history)
    assert isinstance(first.holes[0], tuple)  # each seat's cards cannot be changed
    first.board.append(first.board[0])
    second = lay_out(history)
    assert list(second.holes[0]) == list(parse("AcAd"))
    assert second.board == list(parse("2h3h4s9sJd"))


def test_the_known_and_the_general_layout_agree() -> None:
    history = read_phh(NLHE)
    known = lay_out(history)
    # an unknown card nobody shows sends the history the general way
    general = lay_out(read_phh(NLHE.replace("'d dh p3 2c7d'", "'d dh p3 ????'")))
    assert [list(cards) for cards in known.holes[:2]] == general.holes[:2]
    assert known.board == general.board
    assert general.unknown == general.holes[2]


def test_the_scripted_dealer_reads_its_scripts_in_place() -> None:
    holes = [list(parse("AsKs")), list(parse("2c3c4c"))]
    board = list(parse("ThJhQh"))
    dealer = ScriptedDealer(holes, board)
    assert dealer.deal(1, 2) == list(parse("2c3c"))
    assert dealer.deal(None, 3) == board
    assert dealer.replace(1, list(parse("2c"))) == list(parse("4c"))
    assert dealer.unused() == 2
    assert holes == [list(parse("AsKs")), list(parse("2c3c4c"))]
    assert board == list(parse("ThJhQh"))
    tuples = ScriptedDealer([parse("AsKs")], parse("Th"))
    assert tuples.deal(0, 1) == list(parse("As"))
    assert tuples.deal(None, 2)[0] == parse("Th")[0]
    assert tuples.overdealt == 1


def test_equal_histories_share_their_stakes() -> None:
    assert stakes_of(read_phh(NLHE)) is stakes_of(read_phh(NLHE))
    limit = read_phh(NLHE.replace("'NT'", "'FT'").replace("min_bet = 100", "small_bet = 100"))
    assert stakes_of(limit).format == "limit"
    assert stakes_of(limit).small_bet == 100


def test_a_replay_reads_the_same_twice() -> None:
    first = play(read_phh(NLHE))
    second = play(read_phh(NLHE))
    assert first.hand.stacks == second.hand.stacks == [10300, 9700, 10000]
    assert first.hand.events == second.hand.events
