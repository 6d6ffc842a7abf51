"""The policy protocol, draw helpers shared by the bots, and the policy registry."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from pokerbook.cards.card import Card
from pokerbook.engine.actions import Action
from pokerbook.engine.places import LISTED, PICKERS
from pokerbook.registry import Registry

if TYPE_CHECKING:
    from pokerbook.engine.betting import Legal
    from pokerbook.engine.hand import Hand
    from pokerbook.games.model import DiscardRound

STAND_PAT = Action("draw")


class Policy(Protocol):
    """Chooses the action of the seat to act (``hand.legal().seat``)."""

    name: str

    def choose(self, hand: Hand, rng: random.Random) -> Action | str:
        """The action for the seat to act in ``hand``; ``rng`` is the only randomness."""
        ...


#: a policy's own draw: made as ``choose`` would return it (the same randomness
#: used), or False with nothing done (``choose`` is asked instead).  Given the seats'
#: drawers, it may make the draws of the next seats to draw whose drawer it is too.
DrawNow = Callable[["Hand", random.Random, Sequence["DrawNow | None"]], bool]


class Drawing(Policy, Protocol):
    """A policy that can make its own draws: :func:`pokerbook.bots.simulation.play_hand`
    lets it, in a draw round, rather than apply what ``choose`` returns (a plain
    function, or None: called without a bound method's frame)."""

    draw_now: DrawNow | None


class Calling(Policy, Protocol):
    """A policy whose every betting decision is a check or a call where that is simply
    legal, made without randomness: :func:`pokerbook.bots.simulation.play_hand` makes
    it with :meth:`Hand.check_or_call` (``choose`` is asked where that declines)."""

    checks_or_calls: bool


def random_draw(hand: Hand, legal: Legal, rng: random.Random) -> Action:
    """For a draw or discard round: throw a random legal number of random held cards
    (each number equally likely, then each set of that many cards)."""
    held = hand.hole[legal.seat] if legal.throwable is None else list(legal.throwable)
    if legal.discard is not None:
        count = min(legal.discard, len(held))
        return Action("discard", None, random_cards(held, count, rng))
    lo, hi = legal.draw if legal.draw is not None else (0, 0)
    return random_throw(held, lo, min(hi, len(held)), rng)


def random_draw_now(hand: Hand, rng: random.Random) -> Action:
    """:func:`random_draw` for the seat to act in a draw or discard round, worked out
    from the hand's step without asking ``legal()`` (the same action, the same
    randomness used): a draw throws up to the round's most, a discard the round's
    count; a discard of face-down cards only asks ``legal()`` which cards they are."""
    held = hand.hole[hand.actor]  # type: ignore[index]  # (a seat is to act)
    if hand.decision == "draw":
        return random_throw(held, 0, hand.plan.draw_most[hand.step], rng)
    size = len(held)
    step: DiscardRound = hand.game.steps[hand.step]  # type: ignore[assignment]
    if step.down_only:
        legal = hand.legal()
        assert legal is not None
        return random_draw(hand, legal, rng)
    count = step.count if step.count < size else size
    return Action("discard", None, random_cards(held, count, rng))


def random_throw(held: Sequence[Card], lo: int, hi: int, rng: random.Random) -> Action:
    """A draw of ``lo`` to ``hi`` of the ``held`` cards (``hi`` more than it holds: all
    of them): each number equally likely, then each set of that many; none stands pat."""
    size = len(held)
    ((count, which),) = _throw_choices((size,), lo, hi, rng)
    if count == 0:
        return STAND_PAT
    if which < 0:
        return Action("draw", None, tuple(rng.sample(held, count)))
    return Action("draw", None, PICKERS[size][count][which](held))


def _drawing_alike(hand: Hand, drawers: Sequence[DrawNow | None], drawer: DrawNow) -> list[int]:
    """The seat to act in ``hand``'s draw round, and each next seat to draw whose
    drawer (in ``drawers``, by seat) is ``drawer`` too, in turn."""
    pending = hand.pending  # (the seat to act first)
    seats = pending[:1]
    for seat in pending[1:]:
        if not drawers or drawers[seat] is not drawer:
            break
        seats.append(seat)
    return seats


def apply_random_draw(
    hand: Hand, rng: random.Random, drawers: Sequence[DrawNow | None] = ()
) -> bool:
    """Make :func:`random_draw_now`'s draw in ``hand``'s draw round: the same cards
    thrown, the same randomness used, given by their places in the hand
    (:meth:`Hand.draw_sets`: no :class:`Action` to make, and no search for the cards),
    and the same for each next seat to draw whose drawer (in ``drawers``, by seat) is
    this function too, in turn.  False (nothing done, no randomness used) for a hand
    too big for the listed sets."""
    hole = hand.hole
    sizes: list[int] = []
    for seat in _drawing_alike(hand, drawers, apply_random_draw):
        size = len(hole[seat])
        if size > LISTED:
            break
        sizes.append(size)
    if not sizes:
        return False
    hand.draw_sets(_throw_choices(sizes, 0, hand.plan.draw_most[hand.step], rng))  # (0: pat)
    return True


def stand_pat_now(hand: Hand, rng: random.Random, drawers: Sequence[DrawNow | None] = ()) -> bool:
    """Stand pat in ``hand``'s draw round (no randomness used): the seat to act, and
    each next seat to draw whose drawer (in ``drawers``, by seat) is this function too,
    in turn, in one :meth:`Hand.draw_sets`."""
    hand.draw_sets([(0, -1)] * len(_drawing_alike(hand, drawers, stand_pat_now)))
    return True


def _throw_choices(
    sizes: Sequence[int], lo: int, hi: int, rng: random.Random
) -> list[tuple[int, int]]:
    """:func:`random_throw`'s randomness for hands of ``sizes`` cards, one after
    another: for each, how many it throws (``hi`` at most its size), and which set
    of that many (an index into :data:`PICKERS`; -1 when it throws none, or the hand
    is too big to list and ``random.sample`` picks)."""
    choices = []
    draw = rng.random
    for size in sizes:
        top = hi if hi < size else size
        count = lo + int(draw() * (top - lo + 1))
        if count == 0 or size > LISTED:
            choices.append((count, -1))
        else:
            choices.append((count, int(draw() * len(PICKERS[size][count]))))
    return choices


def random_cards(held: Sequence[Card], count: int, rng: random.Random) -> tuple[Card, ...]:
    """``count`` of the ``held`` cards, every such set equally likely: one random
    number picks one of the sets (listed once for each hand size), where
    ``random.sample`` would draw a number a card."""
    size = len(held)
    if size > LISTED:
        return tuple(rng.sample(held, count))
    pickers = PICKERS[size][count]
    return pickers[int(rng.random() * len(pickers))](held)


def _load_policies() -> None:
    from pokerbook.bots.call import CallPolicy
    from pokerbook.bots.random_policy import RandomPolicy

    POLICIES.register("call", CallPolicy)
    POLICIES.register("random", RandomPolicy)


#: every policy's maker by name (the policy modules import this one, so they are
#: registered when first asked for)
POLICIES: Registry[Callable[[], Policy]] = Registry("policy", load=_load_policies)


def policy_names() -> tuple[str, ...]:
    """The names :func:`get_policy` knows."""
    return POLICIES.names()


def get_policy(name: str) -> Policy:
    """A fresh policy by name: ``call`` or ``random``."""
    return POLICIES.get(name)()
