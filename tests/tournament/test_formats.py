"""Tournament formats read from a hand: jam-or-fold (000 §1.6), the bounty taker
(000 §1.3.1), win the button's winner (000 §1.3.4) and the best hand at the end
(004 r.109)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from pokerbook.bots.base import get_policy
from pokerbook.bots.call import CallPolicy
from pokerbook.bots.simulation import play_hand
from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.cards.notation import parse
from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.games.stakes import Stakes
from pokerbook.tournament.formats import (
    JamOrFold,
    JamOrFoldError,
    bounty_takers,
    check_jam_or_fold,
    hand_winner,
    initial_action_pending,
    jam_or_fold_problem,
    showdown_ranks,
    worst_position,
)

NL_10_20 = Stakes(format="no-limit", blinds=(10, 20))
PL_10_20 = Stakes(format="pot-limit", blinds=(10, 20))


class Stacked:
    """A stacked deck: each seat's cards in deal order, the board's in order; the
    rest (burns, anything unscripted) from the deck's end."""

    def __init__(self, hands: Mapping[int, str], board: str) -> None:
        self.hands = {seat: list(parse(text)) for seat, text in hands.items()}
        self.board = list(parse(board))
        taken = {c for cards in (*self.hands.values(), self.board) for c in cards}
        self.rest = [c for c in reversed(deck("standard").cards) if c not in taken]

    def _take(self, queue: list[Card], count: int) -> list[Card]:
        out = queue[:count]
        del queue[:count]
        while len(out) < count:
            out.append(self.rest.pop())
        return out

    def deal(self, seat: int | None, count: int) -> list[Card]:
        return self._take(self.board if seat is None else self.hands.setdefault(seat, []), count)

    def deal_each(self, seats: Sequence[int], count: int) -> list[tuple[Card, ...]]:
        return [tuple(self.deal(seat, count)) for seat in seats]

    def burn(self) -> None:
        self.rest.pop()

    def replace(self, seat: int, discards: Sequence[Card]) -> list[Card]:
        return self._take(self.hands.setdefault(seat, []), len(discards))

    def muck(self, cards: Sequence[Card]) -> None:
        pass

    def remaining(self) -> int:
        return len(self.rest) + len(self.board) + sum(len(h) for h in self.hands.values())

    def roll(self, sides: int) -> int:
        raise AssertionError("no dice")


def stacked(
    game: str,
    stakes: Stakes,
    stacks: Sequence[int],
    hands: Mapping[int, str],
    board: str,
    button: int = 0,
) -> Hand:
    return Hand(game, stakes, stacks, button=button, dealer=Stacked(hands, board))


def play(hand: Hand, *actions: str) -> Hand:
    for action in actions:
        hand.act(action)
    return hand


# -- bounties (000 §1.3.1) ------------------------------------------------------------------
def test_000_1_3_1_bounty_to_high_half_winner() -> None:
    # seat 2 (70 chips) is all in and loses both halves: seat 0's four kings take the
    # high half, seat 1's wheel-ish low the low half; the bounty is the high's
    hands = {0: "Kh Kd Js Jd", 1: "Ah 3d Qs Qh", 2: "9s 9d Tc Th"}
    hand = stacked("F17", PL_10_20, [1000, 1000, 70], hands, "2c 5d 7h Kc Ks")
    play(hand, "cbr 70", "cc", "cc", *["cc"] * 6)
    assert hand.done
    assert hand.stacks[2] == 0
    halves = {e.detail: e.seat for e in hand.events if e.kind == "award"}
    assert halves == {"high": 0, "low": 1}  # split between two players
    assert bounty_takers(hand, [2]) == {2: 0}


def test_000_1_3_1_bounty_to_the_winner_of_the_highest_pot_the_player_was_in() -> None:
    # seat 0 (100) has aces and wins the main pot; seat 1 (300, queens) busts and the
    # side pot it was in goes to seat 2's kings: the pot that took its last chips
    hands = {0: "As Ah", 1: "Qs Qh", 2: "Ks Kh", 3: "Js Jh"}
    hand = stacked("F01", NL_10_20, [100, 300, 1000, 1000], hands, "2c 7d 9h 3s 4c")
    play(hand, "cbr 300", "cc", "cc", "cc", *["cc"] * 6)
    assert hand.done
    pot_winners = {e.pot: e.seat for e in hand.events if e.kind == "award"}
    assert pot_winners == {0: 0, 1: 2}
    assert hand.stacks[1] == 0
    assert bounty_takers(hand, [1]) == {1: 2}
    assert bounty_takers(hand, []) == {}


@pytest.mark.parametrize(("button", "worst"), [(3, 0), (0, 2), (1, 2), (2, 0)])
def test_000_1_3_1_chopped_bounty_worst_position(button: int, worst: int) -> None:
    # seats 0 and 2 make the same straight and chop; seat 1 (20 chips) busts: its
    # bounty goes to whichever of the two acts first after the button
    hands = {0: "Th 6d", 1: "3s 3h", 2: "Ts 5c", 3: "4s 4h"}
    stacks = [1000, 20, 1000, 1000]
    hand = stacked("F01", NL_10_20, stacks, hands, "Ac Kd Qh Jc 2s", button=button)
    play_hand(hand, [CallPolicy("pat")] * 4, random.Random(0), check=True)
    chopped = {e.seat for e in hand.events if e.kind == "award"}
    assert chopped == {0, 2}
    assert hand.stacks[1] == 0
    assert bounty_takers(hand, [1]) == {1: worst}
    assert worst_position(hand, [0, 2]) == worst
    # win the button: a chopped pot's button goes to the same player (000 §1.3.4)
    assert hand_winner(hand) == worst


def test_000_1_3_4_hand_winner_is_the_main_pot_winner() -> None:
    hands = {0: "As Ah", 1: "Qs Qh", 2: "Ks Kh", 3: "Js Jh"}
    hand = stacked("F01", NL_10_20, [50, 300, 1000, 1000], hands, "2c 7d 9h 3s 4c")
    play(hand, "cbr 300", "cc", "cc", "cc", *["cc"] * 6)
    assert hand_winner(hand) == 0  # the main pot, though seat 2 won more chips
    assert hand.stacks[2] - 1000 > hand.stacks[0] - 50


def test_004_r109_showdown_ranks_best_hand_highest_folded_lowest() -> None:
    hands = {0: "As Ah", 1: "Qs Qh", 2: "Ks Kh", 3: "Js Jh"}
    hand = stacked("F01", NL_10_20, [100, 300, 1000, 1000], hands, "2c 7d 9h 3s 4c")
    play(hand, "cbr 300", "cc", "cc", "cc", *["cc"] * 6)
    assert showdown_ranks(hand) == {0: 4, 2: 3, 1: 2, 3: 1}
    folded = stacked("F01", NL_10_20, [1000] * 3, {}, "")
    play(folded, "cbr 60", "f", "f")
    assert showdown_ranks(folded) == {0: 1, 1: 0, 2: 0}


def test_004_r109_tied_hands_rank_equal() -> None:
    hands = {0: "Th 6d", 1: "3s 3h", 2: "Ts 5c", 3: "4s 4h"}
    hand = stacked("F01", NL_10_20, [1000, 20, 1000, 1000], hands, "Ac Kd Qh Jc 2s", button=3)
    play_hand(hand, [CallPolicy("pat")] * 4, random.Random(0), check=True)
    ranks = showdown_ranks(hand)
    assert ranks[0] == ranks[2] > ranks[3] > ranks[1] > 0


# -- jam-or-fold (000 §1.6) -------------------------------------------------------------------
def test_000_1_6_jam_or_fold_refuses_other_initial_actions() -> None:
    hand = stacked("F01", NL_10_20, [1000, 1000, 1000], {}, "")
    # seat 0 (the button) acts first three-handed: a min raise or a call is refused
    for action in ("cbr 40", "cc", Action("bet", 999)):
        assert jam_or_fold_problem(hand, action) is not None
        with pytest.raises(JamOrFoldError, match=r"000 §1\.6"):
            check_jam_or_fold(hand, action)
    for action in ("cbr 1000", "f"):
        check_jam_or_fold(hand, action)
    hand.act("cbr 1000")
    # the small blind may call all in (the call is all it has) or fold
    assert jam_or_fold_problem(hand, "cc") is None


def test_000_1_6_big_blind_check_is_not_the_initial_action() -> None:
    # the others come in for the blind (the engine alone: no jam-or-fold wrapper), so
    # the big blind has nothing to call: it may check, and its initial action is still
    # to come; facing a bet on the flop it must jam or fold
    hand = stacked("F01", NL_10_20, [1000, 1000, 1000], {}, "")
    play(hand, "cc", "cc")
    assert hand.actor == 2
    legal = hand.legal()
    assert legal is not None
    assert legal.check
    assert jam_or_fold_problem(hand, "cc") is None
    assert jam_or_fold_problem(hand, "cbr 40") is not None
    hand.act("cc")
    assert initial_action_pending(hand, 2)
    assert jam_or_fold_problem(hand, "cbr 20") is None  # the small blind called before
    hand.act("cbr 20")
    assert hand.actor == 2
    assert jam_or_fold_problem(hand, "cc") is not None
    assert jam_or_fold_problem(hand, "cbr 980") is None


def test_000_1_6_later_actions_are_free() -> None:
    hand = stacked("F01", NL_10_20, [1000, 1000, 1000], {}, "")
    play(hand, "cc", "cc", "cc")  # limps (no jam-or-fold here): initial actions made
    assert hand.street == 2
    assert not initial_action_pending(hand, hand.actor or 0)
    assert jam_or_fold_problem(hand, "cbr 20") is None


def test_000_1_6_jam_or_fold_bot_jams_or_folds() -> None:
    rng = random.Random(7)
    seen = 0
    for number in range(200):
        stacks = [rng.randint(5, 3000) for _ in range(6)]
        hand = Hand("F01", NL_10_20, stacks, button=number % 6, seed=number)
        bots = [JamOrFold(get_policy("random")) for _ in stacks]
        while not hand.done:
            seat = hand.actor
            assert seat is not None
            pending = hand.decision == "bet" and initial_action_pending(hand, seat)
            legal = hand.legal()
            assert legal is not None
            action = bots[seat].choose(hand, rng)
            act = action if isinstance(action, Action) else None
            assert act is not None
            if pending:
                seen += 1
                assert jam_or_fold_problem(hand, act) is None
                stack, committed = hand.stacks[seat], hand.committed[seat]
                if act.kind == "bet":
                    assert act.amount == committed + stack  # all in
                elif act.kind == "call":
                    assert legal.call is not None
                    assert legal.call >= stack or legal.min_to is None
                else:
                    assert act.kind == "fold" or (act.kind == "check" and legal.check)
            hand.act(act)
    assert seen > 500


def test_000_1_6_stud_bring_in_is_forced_a_completion_must_jam() -> None:
    stud = Stakes(format="no-limit", ante=5, bring_in=10, min_bet=20)
    hand = Hand("S01", stud, [500, 500, 500], button=0, seed=3)
    assert hand.decision == "bring-in"
    assert jam_or_fold_problem(hand, "pb") is None  # the bring-in is a forced bet
    assert jam_or_fold_problem(hand, "cbr 20") is not None  # a completion short of all in
    assert jam_or_fold_problem(hand, "cbr 495") is None
    seat = hand.actor
    assert seat is not None
    hand.act("pb")
    assert initial_action_pending(hand, seat)
