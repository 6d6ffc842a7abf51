"""The hand invariants: they hold through bot-played hands, and each one catches
the state it is about."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pokerbook.bots import CallPolicy, Policy, RandomPolicy
from pokerbook.bots.simulation import play_hand
from pokerbook.cards.card import Card
from pokerbook.cards.notation import parse
from pokerbook.engine.dealing import ShuffledDealer
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import InvariantError, check_invariants
from pokerbook.games.catalogue import find_game
from pokerbook.games.model import BetRound, DealBoard, DealHole, DiscardRound, Game
from pokerbook.games.stakes import Stakes

NLHE = Stakes(format="no-limit", blinds=(1, 2))
STUD = Stakes(format="limit", ante=1, bring_in=2, small_bet=5, big_bet=10)


def fresh(game: str = "F01", players: int = 4, seed: int = 1) -> Hand:
    stakes = STUD if game.startswith("S") else NLHE
    return Hand(game, stakes, [200] * players, seed=seed)


def broken(hand: Hand) -> str:
    with pytest.raises(InvariantError) as info:
        check_invariants(hand)
    return info.value.invariant


@pytest.mark.parametrize(
    ("game", "players"),
    [("F01", 2), ("F01", 10), ("F03", 6), ("F17", 9), ("S01", 8), ("S02", 8), ("S05", 8),
     ("D01", 7), ("D08", 6), ("D11", 6)],
)  # fmt: skip
def test_invariants_hold_after_every_bot_action(game: str, players: int) -> None:
    rng = random.Random(players)
    for seed in range(15):
        hand = fresh(game, players, seed)
        bots = [RandomPolicy() if seat % 2 else CallPolicy() for seat in range(players)]
        play_hand(hand, bots, rng)  # checks after every action
        check_invariants(hand)


def test_the_error_is_an_assertion_naming_the_invariant() -> None:
    hand = fresh()
    hand.stacks[0] += 5
    with pytest.raises(AssertionError, match="invariant broken: chips conserved"):
        check_invariants(hand)


def test_chips_conserved_during_and_after_the_hand() -> None:
    hand = fresh()
    hand.contributed[1] -= 1
    assert broken(hand) == "chips conserved"
    hand = fresh()
    play_hand(hand, [CallPolicy()] * 4, random.Random(0))
    hand.stacks[2] += 1
    assert broken(hand) == "chips conserved"


def test_folded_seats_are_never_paid() -> None:
    hand = fresh()
    play_hand(hand, [CallPolicy()] * 4, random.Random(0))
    loser = next(s for s in range(4) if hand.payouts[s] == 0)
    hand.folded[loser] = True
    winner = next(s for s in range(4) if hand.payouts[s])
    hand.payouts[winner] -= 1
    hand.payouts[loser] += 1
    assert broken(hand) == "chips conserved"


def test_negative_stacks_are_caught() -> None:
    hand = fresh()
    hand.stacks[0] = -1
    hand.stacks[1] += 1 + 200
    assert broken(hand) == "no negative amounts"


def test_a_player_to_act_must_have_a_legal_action() -> None:
    hand = fresh()
    hand.actor = None
    assert broken(hand) == "someone to act"
    hand = fresh()
    assert hand.actor is not None
    hand.folded[hand.actor] = True
    assert broken(hand) == "someone to act"


def test_a_bet_above_the_rounds_top_bet_is_caught() -> None:
    hand = fresh()
    hand.committed[0] += 50
    hand.contributed[0] += 50
    hand.stacks[0] -= 50
    assert broken(hand) == "betting consistent"


def test_a_card_in_two_places_is_caught() -> None:
    hand = fresh()
    hand.hole[1][0] = hand.hole[0][0]
    assert broken(hand) == "no card twice"


def test_a_card_missing_from_a_seat_is_caught() -> None:
    hand = fresh()
    card = hand.hole[2].pop()
    hand.face_up[2].pop()
    hand.dealer.muck([card])
    assert broken(hand) == "cards per seat"


def test_board_sizes_follow_the_steps() -> None:
    hand = fresh()
    for _ in range(4):
        hand.act("cc")
    assert len(hand.boards[0]) == 3
    check_invariants(hand)
    extra = hand.dealer.deal(None, 1)
    hand.boards[0].extend(extra)
    assert broken(hand) == "cards per seat"


def test_draws_keep_the_count() -> None:
    hand = Hand("D01", NLHE, [200] * 3, seed=4)
    while (legal := hand.legal()) is not None and legal.draw is None:
        hand.act("cc")
    seat = hand.actor
    assert seat is not None
    thrown = "".join(str(c) for c in hand.hole[seat][:2])
    hand.act(f"sd {thrown}")
    check_invariants(hand)
    assert len(hand.hole[seat]) == 5
    assert not set(parse(thrown)) & set(hand.hole[seat])


def pineapple() -> Game:
    """Three cards, one discarded after the first round (no such game in the catalogue)."""
    steps = (DealHole(3), BetRound(), DiscardRound(1), DealBoard(3), BetRound(), DealBoard(1),
             BetRound("big"), DealBoard(1), BetRound("big"))  # fmt: skip
    return replace(find_game("F01"), id="X01", name="Pineapple", steps=steps)


def test_discard_rounds_lower_the_count_seat_by_seat() -> None:
    hand = Hand(pineapple(), NLHE, [200] * 3, seed=4)
    for _ in range(3):
        hand.act("cc")
    first = hand.actor
    assert first is not None
    hand.act(f"dc {hand.hole[first][0]}")
    check_invariants(hand)  # the first seat holds two, the others still three
    assert [len(hand.hole[s]) for s in hand.pending] == [3, 3]
    hand.dealer.muck([hand.hole[hand.pending[0]].pop()])
    hand.face_up[hand.pending[0]].pop()
    assert broken(hand) == "cards per seat"


def test_bots_play_a_discard_game_within_the_invariants() -> None:
    rng = random.Random(8)
    for seed in range(20):
        hand = Hand(pineapple(), NLHE, [200] * 5, seed=seed)
        bots: list[Policy] = [RandomPolicy(), CallPolicy(), RandomPolicy(), CallPolicy()]
        play_hand(hand, [*bots, RandomPolicy()], rng)
        assert all(len(hand.hole[s]) == 2 for s in hand.live)


def finished(game: str = "F01", players: int = 6, seed: int = 3) -> Hand:
    """A hand the calling bots played to its end, checked only there (as simulate does)."""
    hand = fresh(game, players, seed)
    play_hand(hand, [CallPolicy()] * players, random.Random(seed), check=False)
    check_invariants(hand)
    return hand


def stub_of(hand: Hand) -> list[Card]:
    """The cards left in the deck."""
    dealer = hand.dealer
    assert isinstance(dealer, ShuffledDealer)
    return dealer.stub


@pytest.mark.parametrize("game", ["F01", "F16", "S05", "D11"])
def test_the_end_check_catches_a_card_duplicated_from_the_stub(game: str) -> None:
    hand = finished(game)
    seat = hand.live[0]
    hand.hole[seat][0] = stub_of(hand)[0]  # a copy of an unseen card; its own card gone
    assert broken(hand) == "no card twice"


@pytest.mark.parametrize("game", ["F01", "F16", "S05", "D11"])
def test_the_end_check_catches_a_card_in_two_hands_or_lost(game: str) -> None:
    hand = finished(game)
    hand.hole[1][-1] = hand.hole[0][-1]
    assert broken(hand) == "no card twice"
    hand = finished(game)
    stub_of(hand).pop()  # a card gone from the deck: the count no longer adds up
    with pytest.raises(InvariantError, match="missing"):
        check_invariants(hand)
    hand = finished(game)
    stub_of(hand).append(stub_of(hand)[0])  # one card twice in the stub
    with pytest.raises(InvariantError, match="too often"):
        check_invariants(hand)


@pytest.mark.parametrize("game", ["F01", "F16", "S05", "D11"])
def test_the_end_check_catches_a_lost_or_made_chip(game: str) -> None:
    hand = finished(game)
    winner = next(s for s in range(hand.seats) if hand.payouts[s])
    hand.stacks[winner] -= 1  # a chip lost
    assert broken(hand) == "chips conserved"
    hand = finished(game)
    hand.payouts[winner] += 1  # paid more than the pot
    hand.stacks[winner] += 1
    assert broken(hand) == "chips conserved"


def test_the_end_check_catches_a_seat_with_a_card_too_many_after_a_fold() -> None:
    hand = fresh("F01", 4, 5)
    bots: list[Policy] = [RandomPolicy(), CallPolicy(), CallPolicy(), CallPolicy()]
    play_hand(hand, bots, random.Random(1), check=False)
    check_invariants(hand)
    seat = hand.live[-1]
    hand.hole[seat].append(stub_of(hand).pop())
    hand.face_up[seat].append(False)
    assert broken(hand) == "cards per seat"
