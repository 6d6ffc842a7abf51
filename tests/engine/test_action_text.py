"""Action text: what a player or a script types for a decision, read strictly."""

from __future__ import annotations

import pytest

from pokerbook.engine.actions import ACTION_SYNTAX, Action, parse_action
from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.games.catalogue import find_game
from pokerbook.games.stakes import Stakes


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("raise to 20", Action("bet", 20)),
        ("bet to 8", Action("bet", 8)),
        ("cbr 20", Action("bet", 20)),
        ("complete to 10", Action("complete", 10)),
        ("call 2", Action("call", 2)),
        ("call", Action("call")),
        ("CC", Action("call")),
        ("fold", Action("fold")),
        ("stand", Action("draw")),
        ("sd 7s8s", parse_action("draw 7s 8s")),
        ("sm", Action("muck")),
    ],
)
def test_action_words_and_phh_codes_are_read(text: str, action: Action) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fold now", "'fold' takes nothing after it, not 'now'"),
        ("cc extra", "'cc' takes nothing after it, not 'extra'"),
        ("check 2", "'check' takes nothing after it"),
        ("muck it", "'muck' takes nothing after it"),
        ("stand 7s", "'stand' takes nothing after it"),
        ("raise 20 more", "the amount must be one whole number of chips, e.g. 'raise 20'"),
        ("call two", "the amount must be one whole number of chips, e.g. 'call 20'"),
        ("bet", "say how much, e.g. 'bet 100'"),
        ("ch", "say what you choose"),
    ],
)
def test_extra_words_and_unreadable_amounts_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_action(text)


def test_an_unknown_action_says_what_actions_look_like() -> None:
    with pytest.raises(ValueError, match="cannot read action 'shove it'") as caught:
        parse_action("shove it")
    assert ACTION_SYNTAX in str(caught.value)


def heads_up() -> Hand:
    """Heads-up hold'em, 1/2: the button (seat 0, the table's seat 1) calls 1."""
    return Hand(find_game("F01"), Stakes(blinds=(1, 2)), [200, 200], button=0, seed=4)


def test_the_call_named_is_played() -> None:
    hand = heads_up()
    assert hand.act("call 1").kind == "call"


def test_the_engine_refuses_a_call_of_the_wrong_amount() -> None:
    hand = heads_up()
    with pytest.raises(IllegalActionError, match="the call is 1, not 100"):
        hand.act("call 100")


def test_the_engine_names_the_seat_as_the_table_and_the_history_number_it() -> None:
    hand = heads_up()
    with pytest.raises(IllegalActionError, match=r"^seat 1: a bet or raise must be to 4-200"):
        hand.act("cbr 3")
