"""Playing many hands with bots, checked against the hand invariants (:data:`Checks`:
after every action, once as each hand ends, or not at all)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from mypy_extensions import mypyc_attr

from pokerbook.bots.base import DrawNow, Policy
from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import InvariantError, check_invariants
from pokerbook.engine.setup import NO_SETUP, HandSetup
from pokerbook.games.house import BARGE, House
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes

#: how often a simulation checks a hand: after every action (for fuzzing), once as each
#: hand ends, or never
Checks = Literal["action", "hand", "none"]
CHECKS: tuple[Checks, ...] = ("action", "hand", "none")


@mypyc_attr(native_class=False)
class SimulationError(AssertionError):
    """A simulated hand broke an invariant or refused a bot's action."""

    def __init__(self, number: int, hand: Hand, cause: Exception) -> None:
        actions = " ".join(f"p{s + 1}:{a}" for s, a in hand.actions) or "(none)"
        super().__init__(
            f"hand {number} (seed {hand.seed}, button {hand.button}): {cause}; "
            f"actions so far: {actions}"
        )
        self.number = number
        self.hand = hand
        self.cause = cause


@mypyc_attr(native_class=False)  # (a frozen dataclass, pickled as Python pickles it)
@dataclass(frozen=True)
class Table:
    """What to simulate: a game at stakes, a stack per seat (reset every hand), and the
    table's agreements for every hand (a :class:`HandSetup`, in hand seats: a bomb pot,
    running it twice, Overs buttons ...; none by default)."""

    game: Game
    stakes: Stakes
    stacks: tuple[int, ...]
    house: House = BARGE
    setup: HandSetup = NO_SETUP

    @property
    def players(self) -> int:
        return len(self.stacks)


@mypyc_attr(native_class=False)  # (a frozen dataclass, pickled as Python pickles it)
@dataclass(frozen=True)
class Bots:
    """The seats' policies, read once for many hands: each seat's ``choose``, its own
    draw (a :class:`~pokerbook.bots.base.Drawing` policy's ``draw_now``, or None)
    and whether it checks or calls (a :class:`~pokerbook.bots.base.Calling` policy)."""

    choosers: tuple[Callable[[Hand, random.Random], Action | str], ...]
    drawers: tuple[DrawNow | None, ...]
    callers: tuple[bool, ...]

    @classmethod
    def of(cls, policies: Sequence[Policy] | Bots) -> Bots:
        if isinstance(policies, Bots):
            return policies
        return cls(
            tuple(policy.choose for policy in policies),
            tuple(getattr(policy, "draw_now", None) for policy in policies),
            tuple(getattr(policy, "checks_or_calls", False) for policy in policies),
        )


def play_hand(
    hand: Hand, policies: Sequence[Policy] | Bots, rng: random.Random, check: bool = True
) -> Hand:
    """Play ``hand`` to the end, seat ``i`` choosing with ``policies[i]`` (or the
    :class:`Bots` read from them).  A policy that makes its own draws makes them
    (for the next seats to draw with the same drawer too), and one that checks or
    calls has it done by :meth:`Hand.check_or_call` (one such seat after another),
    unchecked between actions."""
    bots = Bots.of(policies)
    if not check:  # (the commonest: nothing to do between actions)
        act, choosers, drawers = hand.act, bots.choosers, bots.drawers
        callers = bots.callers
        check_or_call = hand.check_or_call
        while not hand.done:
            seat: int = hand.actor  # type: ignore[assignment]  # (someone acts)
            decision = hand.decision
            if decision == "bet":
                if callers[seat] and check_or_call(callers) is not None:
                    continue  # what the policy would choose, without an action to read
            elif (
                decision == "draw"
                and (draw := drawers[seat]) is not None
                and draw(hand, rng, drawers)
            ):
                continue  # drawn as the policy would choose, without an action to check
            act(choosers[seat](hand, rng))
        return hand
    check_invariants(hand)
    while not hand.done:
        actor = hand.actor
        assert actor is not None
        hand.act(bots.choosers[actor](hand, rng))
        check_invariants(hand)
    return hand


def play_checked(
    hand: Hand, policies: Sequence[Policy] | Bots, rng: random.Random, checks: Checks = "action"
) -> Hand:
    """Play ``hand`` to the end, checking its invariants as ``checks`` says: after every
    action, once when it has ended (the chips and the cards: every chip paid out, no
    card twice, each seat's count), or not at all.  An illegal action is refused by the
    engine whatever ``checks`` is."""
    if checks not in CHECKS:
        raise ValueError(f"checks is one of {', '.join(CHECKS)}, not {checks!r}")
    play_hand(hand, policies, rng, check=checks == "action")
    if checks == "hand":
        check_invariants(hand)
    return hand


def simulate(
    table: Table,
    policies: Sequence[Policy],
    hands: int,
    seed: int,
    *,
    checks: Checks = "action",
    first: int = 0,
) -> Iterator[Hand]:
    """Yield ``hands`` finished hands; the button moves one seat each hand and every
    seat starts each hand with its stack from ``table``.  The deals and the bots'
    choices all come from ``seed``, so a run repeats exactly, whatever ``checks`` is
    (:func:`play_checked`).  ``first`` counts the hands before these (a later part of
    a longer run): the button starts where that run's would be, and an error names
    the hand by its number in the whole run."""
    if len(policies) != table.players:
        raise ValueError(f"{table.players} seats need {table.players} policies")
    rng = random.Random(seed)
    bots = Bots.of(policies)
    for number in range(first, first + hands):
        hand = Hand(
            table.game,
            table.stakes,
            table.stacks,
            button=number % table.players,
            house=table.house,
            seed=rng.getrandbits(48),
            setup=table.setup,
        )
        try:
            play_checked(hand, bots, rng, checks)
        except (InvariantError, ValueError) as exc:
            raise SimulationError(number + 1, hand, exc) from exc
        yield hand
