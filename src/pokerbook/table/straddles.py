"""Straddles over a night: live blinds left of the big blind, each double the last.

004 r.7e: before the deal, in a game with blinds, "the player immediately to the left
of the big blind may place a live straddle blind bet. The straddle must be double the
big blind"; the player left of a straddle may re-straddle for double it; "No more than
2 straddle bets are allowed", none from other seats ("Mississippi" straddles), and none
in Chicago Triple Draw (r.13.04).  001 NL r.12 allows one straddle at no-limit.  The
house says how many (:attr:`~pokerbook.games.house.House.straddles`) and in which
games none; the night says how often a player takes one (:class:`StraddleRule`).

A straddle is a live blind: the engine starts the first round left of the last one and
the straddler acts last with the option to raise, as for the big blind.  A killed pot
has no straddles: the kill blind is already the biggest blind and acts last.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from pokerbook.games.bug import base_id
from pokerbook.games.house import House
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes


@dataclass(frozen=True)
class StraddleRule:
    """How often a player straddles: each player left of the last blind, in turn, takes
    a straddle with probability ``chance`` while the house allows another."""

    chance: float = 0.0

    def describe(self) -> str:
        return f"straddles {self.chance:g}"


def default_blinds(seats: int, button: int, posts: Sequence[int], house: House) -> list[int]:
    """Each hand seat's blind as the engine posts ``posts`` left of ``button`` (heads-up
    the button posts the small blind, 001 Blinds r.3)."""
    out = [0] * seats
    if seats == 2 and house.heads_up_button_small_blind and len(posts) >= 2:
        out[button] = posts[0]
        out[(button + 1) % 2] = posts[1]
        return out
    for offset, amount in enumerate(posts[:seats]):
        out[(button + 1 + offset) % seats] = amount
    return out


def may_straddle(game: Game, stakes: Stakes, house: House) -> bool:
    """Whether the house allows a straddle in this game at these stakes: a game with
    two blinds (and no straddle in the stakes already) the house does not bar."""
    return (
        house.straddles > 0
        and game.forced == "blinds"
        and len(stakes.blinds) == 2
        and base_id(game.id) not in house.no_straddle_games
    )


def add_straddles(
    blinds: Sequence[int],
    stacks: Sequence[int],
    house: House,
    rule: StraddleRule,
    rng: random.Random,
    never: Collection[int] = (),
) -> tuple[list[int], list[tuple[int, int]]]:
    """The blinds with the straddles the players take, and the straddles as (hand
    seat, amount).  Each straddle is double the blind before it; a player straddles
    only with more chips than the straddle, never from a seat that posts a blind, and
    never from a seat in ``never`` (a person's, who is not asked)."""
    posted = list(blinds)
    n = len(posted)
    if sum(1 for b in posted if b) != 2 or n < 3:
        return posted, []  # straddles follow the two blinds alone (none heads-up)
    big = max(range(n), key=lambda s: posted[s])  # the big blind: the larger blind
    last, amount = big, posted[big]
    taken: list[tuple[int, int]] = []
    while len(taken) < house.straddles:
        seat = (last + 1) % n
        amount *= 2
        if seat in never or posted[seat] or stacks[seat] <= amount:
            break
        if rng.random() >= rule.chance:
            break
        posted[seat] = amount
        taken.append((seat, amount))
        last = seat
    return posted, taken
