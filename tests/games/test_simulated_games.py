"""Every registered game survives many bot-played hands with the invariants checked.

The random policy plays 1,000 hands of each game (spread over its betting
formats) at a full six-handed table (fewer where the game seats fewer); the
calling station plays a shorter run, and a policy that always draws as many
cards as it may checks that no draw can run a game out of cards.  The
simulation checks the hand invariants after every action.
"""

from __future__ import annotations

import random

import pytest

from pokerbook.bots import CallPolicy, RandomPolicy
from pokerbook.bots.base import Policy
from pokerbook.bots.simulation import Table, simulate
from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.games.catalogue import games
from pokerbook.games.model import DrawRound, Format, Game
from pokerbook.games.stakes import Stakes

RANDOM_HANDS = 1000
CALL_HANDS = 250
GAME_IDS = list(games())


def stakes_for(game: Game, fmt: Format) -> Stakes:
    """Small stakes in ``fmt``: antes and a bring-in for stud, blinds otherwise."""
    if game.is_stud:
        return Stakes(format=fmt, ante=1, bring_in=1, small_bet=2, big_bet=4)
    return Stakes(format=fmt, blinds=(1, 2), small_bet=2, big_bet=4)


def seats_for(game: Game) -> int:
    return min(6, game.max_players)


def run(game: Game, fmt: Format, policies: list[Policy], hands: int, seed: int) -> list[Hand]:
    """Play ``hands`` hands of ``game`` in ``fmt``, invariants checked after every action."""
    table = Table(game, stakes_for(game, fmt), (200,) * len(policies))
    return list(simulate(table, policies, hands, seed=seed))


def chip_totals_hold(hands: list[Hand]) -> bool:
    """Every hand is over and kept its chips (those left for the next deal included)."""
    return all(h.done and sum(h.stacks) + h.carried == sum(h.starting_stacks) for h in hands)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_policy_plays_a_thousand_hands(game_id: str) -> None:
    game = games()[game_id]
    seats = seats_for(game)
    per_format, extra = divmod(RANDOM_HANDS, len(game.formats))
    played: list[Hand] = []
    for index, fmt in enumerate(game.formats):
        count = per_format + (1 if index < extra else 0)
        bots: list[Policy] = [RandomPolicy() for _ in range(seats)]
        played += run(game, fmt, bots, count, seed=1000 + index)
    assert len(played) == RANDOM_HANDS
    assert chip_totals_hold(played)
    assert any(e.kind == "show" for h in played for e in h.events)  # showdowns happen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_call_policy_reaches_every_showdown(game_id: str) -> None:
    game = games()[game_id]
    seats = seats_for(game)
    bots: list[Policy] = [CallPolicy() for _ in range(seats)]
    played = run(game, game.formats[0], bots, CALL_HANDS, seed=7)
    assert chip_totals_hold(played)
    assert all(len(h.live) == seats for h in played)  # nobody folds


class MaxDrawPolicy:
    """Checks or calls, posts the bring-in, and always throws as many cards as allowed."""

    name = "max-draw"

    def choose(self, hand: Hand, rng: random.Random) -> Action:
        legal = hand.legal()
        assert legal is not None
        held = hand.hole[legal.seat]
        if legal.draw is not None:
            return Action("draw", None, tuple(held[: legal.draw[1]]))
        if legal.discard is not None:
            return Action("discard", None, tuple(rng.sample(held, legal.discard)))
        if legal.bring_in is not None:
            return Action("bring-in")
        if legal.choose is not None:
            return Action("choose", option=legal.choose[0])
        return Action("call")


DRAW_GAMES = [gid for gid, g in games().items() if any(isinstance(s, DrawRound) for s in g.steps)]


@pytest.mark.parametrize("game_id", DRAW_GAMES)
def test_full_table_drawing_every_card_never_runs_out_of_cards(game_id: str) -> None:
    game = games()[game_id]
    bots: list[Policy] = [MaxDrawPolicy() for _ in range(game.max_players)]
    played = run(game, game.formats[0], bots, 20, seed=3)
    assert chip_totals_hold(played)
