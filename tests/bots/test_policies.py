"""The bots: every action they choose is legal, in every game and format."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pokerbook.bots import CallPolicy, RandomPolicy, get_policy, policy_names
from pokerbook.bots.base import Policy, random_cards, random_draw, random_draw_now
from pokerbook.bots.simulation import Table, play_hand, simulate
from pokerbook.cards.notation import parse
from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.engine.setup import HandSetup
from pokerbook.games.catalogue import find_game, games
from pokerbook.games.model import DrawRound, Game
from pokerbook.games.stakes import Stakes


def stakes_for(game: Game, fmt: str) -> Stakes:
    if game.is_stud:
        return Stakes(format=fmt, ante=1, bring_in=2, small_bet=5, big_bet=10)  # type: ignore[arg-type]
    return Stakes(format=fmt, blinds=(1, 2))  # type: ignore[arg-type]


def kinds_played(hands: list[Hand]) -> Counter[str]:
    return Counter(e.kind for h in hands for e in h.events)


GAME_FORMATS = [(g.id, f) for g in games().values() for f in g.formats]


@pytest.mark.parametrize(("game_id", "fmt"), GAME_FORMATS)
@pytest.mark.parametrize("policy", policy_names())
def test_bots_finish_hands_of_every_game_with_legal_actions(
    game_id: str, fmt: str, policy: str
) -> None:
    game = find_game(game_id)
    players = min(6, game.max_players)
    table = Table(game, stakes_for(game, fmt), (150,) * players)
    bots = [get_policy(policy) for _ in range(players)]
    hands = list(simulate(table, bots, 40, seed=11))
    assert all(h.done for h in hands)


def test_call_policy_never_folds_or_raises_and_posts_the_bring_in() -> None:
    game = find_game("S01")
    table = Table(game, stakes_for(game, "limit"), (300,) * 7)
    hands = list(simulate(table, [CallPolicy() for _ in range(7)], 100, seed=3))
    kinds = kinds_played(hands)
    assert kinds["fold"] == kinds["bet"] == kinds["raise"] == kinds["complete"] == 0
    assert kinds["bring-in"] == 100
    assert all(len(h.live) == 7 for h in hands)


def test_call_policy_draws_random_cards_or_stands_pat_when_asked() -> None:
    game = find_game("D09")
    table = Table(game, stakes_for(game, "limit"), (100,) * 4)
    randomly = list(simulate(table, [CallPolicy() for _ in range(4)], 30, seed=5))
    drawn = [e.amount for h in randomly for e in h.events if e.kind == "draw"]
    assert len(set(drawn)) > 3  # 0..5 cards
    patting = list(simulate(table, [CallPolicy(draws="pat") for _ in range(4)], 30, seed=5))
    assert all(e.amount == 0 for h in patting for e in h.events if e.kind == "draw")


def test_random_policy_plays_every_kind_of_action() -> None:
    game = find_game("F01")
    table = Table(game, stakes_for(game, "no-limit"), (200,) * 6)
    hands = list(simulate(table, [RandomPolicy() for _ in range(6)], 200, seed=9))
    kinds = kinds_played(hands)
    for kind in ("fold", "check", "call", "bet", "raise"):
        assert kinds[kind] > 0, kind
    assert any(e.all_in for h in hands for e in h.events)


def test_random_policy_is_repeatable_from_its_seed() -> None:
    game = find_game("D11")
    table = Table(game, stakes_for(game, "limit"), (100,) * 5)

    def run() -> list[list[tuple[int, Action]]]:
        bots = [RandomPolicy() for _ in range(5)]
        return [h.actions for h in simulate(table, bots, 25, seed=21)]

    assert run() == run()


def test_random_policy_limit_bets_use_the_legal_sizes() -> None:
    game = find_game("S01")
    hand = Hand(game, stakes_for(game, "limit"), [500] * 4, seed=2)
    play_hand(hand, [RandomPolicy(raise_=0.5, bet=0.5) for _ in range(4)], random.Random(4))
    for event in hand.events:
        if event.kind in ("bet", "raise", "complete"):
            assert event.amount % 5 == 0


def test_choose_returns_an_action_the_hand_accepts() -> None:
    hand = Hand("F16", Stakes(format="pot-limit", blinds=(1, 2)), [100] * 3, seed=1)
    action = RandomPolicy().choose(hand, random.Random(0))
    assert isinstance(action, Action)
    hand.act(action)


def test_get_policy_names_and_unknown_names() -> None:
    assert set(policy_names()) == {"call", "random"}
    assert get_policy("CALL").name == "call"
    with pytest.raises(ValueError, match="no policy named 'nit'"):
        get_policy("nit")
    with pytest.raises(ValueError, match="draws must be"):
        CallPolicy(draws="all")


def test_a_simulated_table_deals_every_hand_with_its_hand_setup() -> None:
    game = find_game("F01")
    setup = HandSetup(bomb_pot=5, run_twice=True)
    table = Table(game, Stakes(format="no-limit", blinds=(1, 2)), (100,) * 4, setup=setup)
    hands = list(simulate(table, [get_policy("random") for _ in range(4)], 20, seed=3))
    assert all(hand.setup == setup for hand in hands)
    # a bomb pot: everybody antes 5 and nobody posts a blind
    for hand in hands:
        posted = [e for e in hand.events if e.kind in ("ante", "blind")]
        assert [(e.kind, e.amount) for e in posted] == [("ante", 5)] * 4


@pytest.mark.parametrize("game_id", ["F01", "D07", "S05", "F16", "D11", "F03"])
def test_the_calling_bots_quick_answer_is_the_one_legal_gives(game_id: str) -> None:
    """Where it checks or calls without asking ``legal()`` (a betting decision), that is
    what ``legal()`` allows; no-limit 2-7 forbids limping, so there it raises."""
    game = find_game(game_id)
    fmt = "no-limit" if "no-limit" in game.formats else game.formats[0]
    bot, rng = CallPolicy(draws="pat"), random.Random(2)
    quick = raised = 0
    for seed in range(12):
        hand = Hand(game, stakes_for(game, fmt), [300] * 5, button=seed % 5, seed=seed)
        while not hand.done:
            chosen = bot.choose(hand, rng)
            legal = hand.legal()
            assert legal is not None
            if hand.decision == "bet":
                quick += 1
                if legal.check or legal.call is not None:
                    assert chosen == Action("call")
                else:
                    assert chosen == Action("bet", legal.min_to)
                    raised += 1
            hand.act(chosen)
    assert quick > 0
    assert (raised > 0) == game.no_limping


def test_random_cards_pick_every_set_of_cards_alike() -> None:
    held = parse("As Kd 7h 4c 2s")
    rng = random.Random(5)
    seen = Counter(frozenset(random_cards(held, 2, rng)) for _ in range(10_000))
    assert len(seen) == 10  # five cards, two of them: ten sets
    assert all(800 < n < 1200 for n in seen.values()), seen
    assert all(len(set(random_cards(held, k, rng))) == k for k in range(6))
    many = parse("As Kd 7h 4c 2s 3s 5d 9c Th")  # more than the listed sizes: sampled
    assert len(set(random_cards(many, 4, rng))) == 4


#: games with draw rounds (badugi, five-card draw, Dramaha), discard rounds (Pass the
#: Trash's passes, Super Stud's face-down discards)
DRAWING_GAMES = ["D11", "D01", "H01", "H09", "S11"]


@pytest.mark.parametrize("game_id", DRAWING_GAMES)
def test_a_draw_worked_out_without_legal_is_the_one_legal_gives(game_id: str) -> None:
    """The bots' quick draw or discard (no ``legal()``) is the action ``random_draw``
    makes from ``legal()``, from the same randomness, and the hand accepts it."""
    game = find_game(game_id)
    fmt = game.formats[0]
    bot = RandomPolicy()
    compared = 0
    for seed in range(8):
        players = min(5, game.max_players)
        hand = Hand(game, stakes_for(game, fmt), [300] * players, button=seed % players, seed=seed)
        rng = random.Random(seed)
        while not hand.done:
            if hand.decision in ("draw", "discard"):
                state = rng.getstate()
                quick = random_draw_now(hand, rng)
                after = rng.getstate()
                rng.setstate(state)
                legal = hand.legal()
                assert legal is not None
                assert random_draw(hand, legal, rng) == quick
                assert rng.getstate() == after
                compared += 1
                hand.act(quick)
            else:
                hand.act(bot.choose(hand, rng))
    assert compared > 0


@pytest.mark.parametrize("game_id", DRAWING_GAMES)
@pytest.mark.parametrize("policy", [RandomPolicy(), CallPolicy(), CallPolicy(draws="pat")])
def test_a_draw_the_bot_makes_itself_is_the_one_it_would_choose(
    game_id: str, policy: RandomPolicy | CallPolicy
) -> None:
    """``draw_now`` (the simulations' draws, by places) makes the draw ``choose``
    returns, from the same randomness, or leaves it to ``choose``."""
    game = find_game(game_id)
    fmt = game.formats[0]
    made = 0
    for seed in range(8):
        players = min(5, game.max_players)
        table = (game, stakes_for(game, fmt), [300] * players)
        itself = Hand(*table, button=seed % players, seed=seed)
        chosen = Hand(*table, button=seed % players, seed=seed)
        one, two = random.Random(seed), random.Random(seed)
        while not itself.done:
            draw_now = policy.draw_now
            if itself.decision == "draw" and draw_now is not None and draw_now(itself, one, ()):
                made += 1
            else:
                itself.act(policy.choose(itself, one))
            chosen.act(policy.choose(chosen, two))
            assert itself.events == chosen.events
            assert one.getstate() == two.getstate()
        assert chosen.done
    drawing = any(isinstance(step, DrawRound) for step in game.steps)
    assert made > 0 if drawing else made == 0


@pytest.mark.parametrize("game_id", DRAWING_GAMES)
def test_bots_drawing_for_the_next_seats_too_play_the_hands_played_one_action_at_a_time(
    game_id: str,
) -> None:
    """In ``play_hand``, a bot's own draw is made for each next seat to draw with the
    same drawer (here random bots and calling bots drawing at random, mixed with one
    standing pat): the same hands, and the same randomness used, as every seat
    choosing one action at a time."""
    game = find_game(game_id)
    fmt = game.formats[0]
    players = min(5, game.max_players)
    kinds: list[Policy] = [
        RandomPolicy(),
        CallPolicy(),
        CallPolicy(),
        CallPolicy(draws="pat"),
        CallPolicy(),
    ]
    policies = kinds[:players]
    for seed in range(6):
        table = (game, stakes_for(game, fmt), [300] * players)
        quick = Hand(*table, button=seed % players, seed=seed)
        slow = Hand(*table, button=seed % players, seed=seed)
        one, two = random.Random(seed), random.Random(seed)
        play_hand(quick, policies, one, check=False)
        play_hand(slow, policies, two, check=True)  # one action at a time, each checked
        assert quick.events == slow.events
        assert one.getstate() == two.getstate()
