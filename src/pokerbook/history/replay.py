"""Replaying a PHH hand history on the engine.

Before the hand starts, the history's cards are laid out once
(:mod:`pokerbook.history.layout`).  A :class:`ScriptedDealer` then deals exactly
those cards (and rolls the dice the history records), and the players' actions
go through :meth:`Hand.act` in order, each checked to be that player's turn.
Show and muck lines (``sm``) are skipped: the engine settles the showdown
itself, and the caller compares the result.  A history that deals cards the
hand never reaches (a third hole card in hold'em), or records a roll it never
makes, is refused at that line.

Errors name the action line the engine refused and the player as the history
does (``p3``), never the engine's 0-based seat.

Two recording habits are read generously (each leaves a note; ``strict``
refuses them instead):

* a player the history skips and who never acts again is taken to have folded
  (some records leave out folds);
* a bet or raise written as the most any opponent can call, short of a full
  bet (PokerKit's habit), is played as the smallest full bet, and the engine
  returns what nobody called.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import not_
from typing import NamedTuple

from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.engine.actions import Action
from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.games.house import BARGE, House, find_house
from pokerbook.games.stakes import Stakes
from pokerbook.history.layout import KIND as _KIND
from pokerbook.history.layout import Layout, lay_out
from pokerbook.history.model import HandHistory, PHHError, Step
from pokerbook.history.scripted_dealer import ScriptedDealer, ScriptedRollError

__all__ = ["Layout", "Replay", "ReplayError", "lay_out", "play", "replay", "stakes_of"]

_SIMPLE = {"f": Action("fold"), "cc": Action("call"), "pb": Action("bring-in")}
_FOLD = _SIMPLE["f"]


class ReplayError(PHHError):
    """The engine refused the history (an illegal action, a turn out of order)."""


_STAKES: dict[tuple[object, ...], Stakes] = {}


def stakes_of(history: HandHistory) -> Stakes:
    """The stakes a history's fields describe (equal histories share one
    :class:`Stakes`, which is immutable)."""
    posted = tuple(filter(None, history.blinds))
    antes = history.antes
    ante = antes[0] if antes and antes.count(antes[0]) == len(antes) else 0
    key: tuple[object, ...] = (history.format, posted, ante, history.bring_in, history.chip)
    if history.format == "limit":
        key += (history.small_bet, history.big_bet)
    else:
        key += (history.min_bet, history.spread)
    stakes = _STAKES.get(key)
    if stakes is not None:
        return stakes
    if history.format == "limit":
        stakes = Stakes(
            "limit",
            blinds=posted,
            ante=ante,
            bring_in=history.bring_in,
            small_bet=history.small_bet,
            big_bet=history.big_bet,
            chip=history.chip,
        )
    else:
        stakes = Stakes(
            history.format,
            blinds=posted,
            ante=ante,
            bring_in=history.bring_in,
            min_bet=history.min_bet,
            spread=history.spread,
            chip=history.chip,
        )
    if len(_STAKES) < 4096:
        _STAKES[key] = stakes
    return stakes


class Replay(NamedTuple):
    """A replayed hand, and notes on how the history was read."""

    hand: Hand
    notes: list[str]


def _where(history: HandHistory, step: Step) -> str:
    return f"{history.source}: action {step.position + 1} {step.text!r}"


def _as_player(message: str, seat: int | None) -> str:
    """An engine's refusal of the seat's action, naming the player as the history
    does: ``p3: ...`` (the engine's own prefix, ``seat 3: ``, seats from 1, dropped)."""
    if seat is None:
        return message
    prefix = f"seat {seat + 1}: "
    reason = message[len(prefix) :] if message.startswith(prefix) else message
    return f"p{seat + 1}: {reason}"


def _refusal(history: HandHistory, step: Step, exc: Exception) -> ReplayError:
    """The error for an action the engine refused (a roll it could not make is
    the fault of the line that records the roll, not of the action)."""
    if isinstance(exc, ScriptedRollError):
        return _roll_refusal(history, exc)
    return ReplayError(f"{_where(history, step)}: {_as_player(str(exc), step.seat)}")


def _roll_refusal(history: HandHistory, exc: ScriptedRollError) -> ReplayError:
    rolls = [step for step in history.steps if step.kind == "rd"]
    return ReplayError(f"{_where(history, rolls[exc.roll])}: {exc}")


def _skipped_fold(
    hand: Hand, history: HandHistory, pos: int, notes: list[str], strict: bool
) -> bool:
    """Fold the seat to act if the history skips it and it never acts again."""
    seat = hand.actor
    legal = hand.legal()
    if strict or seat is None or legal is None or not legal.fold:
        return False
    if legal.draw is not None or legal.discard is not None:
        return False  # nobody folds in a draw round
    if any(s.seat == seat and s.kind != "dh" for s in history.steps[pos:]):
        return False
    hand.act(_FOLD)
    notes.append(f"p{seat + 1} has no action where the history skips them: taken as a fold")
    return True


def _capped_bet(hand: Hand, seat: int, amount: int) -> int | None:
    """The smallest full bet or raise, when ``amount`` is short of it but already
    the most any opponent can call (the rest would come back uncalled anyway)."""
    legal = hand.legal()
    if legal is None or legal.min_to is None:
        return None
    reach = max(
        (hand.committed[s] + hand.stacks[s] for s in hand.live if s != seat),
        default=0,
    )
    current = max(hand.committed)
    if current < amount < legal.min_to and amount >= reach:
        return legal.min_to
    return None


_BETS: dict[int, Action] = {}


def _bet(amount: int) -> Action:
    """``Action("bet", amount)`` (actions are immutable: equal bets share one)."""
    action = _BETS.get(amount)
    if action is None:
        action = Action("bet", amount)
        if len(_BETS) < 4096:
            _BETS[amount] = action
    return action


def _rolls(steps: Sequence[Step]) -> list[int]:
    """The rolls of the dice the history records, in order."""
    if "rd" not in map(_KIND, steps):
        return []
    return [step.amount for step in steps if step.kind == "rd"]


_NOT_PLAYED = frozenset({"dh", "db", "sm", "rd", "gv", "rc"})


def _action(step: Step, pos: int, thrown: dict[int, tuple[Card, ...]]) -> Action:
    """The engine's action for a step that is not a fold, call or bring-in."""
    kind = step.kind
    if kind == "cbr":
        return _bet(step.amount)
    if kind == "sd":
        return Action("draw", None, thrown.get(pos, ()))
    if kind == "dc":
        return Action("discard", None, thrown.get(pos, ()))
    if kind == "ch":
        return Action("choose", option=step.text.split("#", 1)[0].split(None, 2)[2].strip())
    return _SIMPLE[kind]  # not the kind of any PHH line: a KeyError


def _to_turn(
    hand: Hand, history: HandHistory, pos: int, step: Step, notes: list[str], strict: bool
) -> None:
    """Bring the hand to the step's player (folding players the history skips),
    or refuse the step."""
    while not hand.done and hand.actor != step.seat:
        if not _skipped_fold(hand, history, pos, notes, strict):
            who = "nobody" if hand.actor is None else f"p{hand.actor + 1}"
            raise ReplayError(f"{_where(history, step)}: it is {who}'s turn")
    if hand.done:
        raise ReplayError(f"{_where(history, step)}: the hand is already over")


def _after_refusal(
    hand: Hand,
    history: HandHistory,
    step: Step,
    exc: ValueError,
    notes: list[str],
    strict: bool,
) -> None:
    """Play a bet written as what the others can call as the full bet, or raise
    the engine's refusal of the step."""
    seat = step.seat
    full = None
    if isinstance(exc, IllegalActionError) and step.kind == "cbr" and seat is not None:
        full = _capped_bet(hand, seat, step.amount)
    if full is None or strict:
        raise _refusal(history, step, exc) from None
    try:
        hand.act(Action("bet", full))
    except (ValueError, IndexError) as again:
        raise _refusal(history, step, again) from None
    notes.append(
        f"{step.text!r} bets what the others can call: played as cbr "
        f"{history.unscale(full)}, the excess returned"
    )


def _check_reached(history: HandHistory, dealer: ScriptedDealer) -> None:
    """Refuse a history that deals cards, or rolls dice, the hand never reached
    (the dealer has some left): the error names the first line that does."""
    dealt = [0] * history.players
    board = 0
    for step in history.steps:
        kind = step.kind
        if kind == "dh" and step.seat is not None:
            before = dealt[step.seat]
            dealt[step.seat] += len(step.cards)
            reached = dealer.at[step.seat] - before
        elif kind == "db":
            before, board = board, board + len(step.cards)
            reached = dealer.board_at - before
        else:
            continue
        if reached < len(step.cards):
            never = "".join("??" if c is None else str(c) for c in step.cards[max(reached, 0) :])
            raise ReplayError(
                f"{_where(history, step)}: deals {never}, which the hand never reaches"
            )
    if dealer.dice:
        rolls = [step for step in history.steps if step.kind == "rd"]
        late = rolls[dealer.rolled]
        raise ReplayError(f"{_where(history, late)}: the hand rolls no more dice")


def play(history: HandHistory, *, house: House | str | None = None, strict: bool = False) -> Replay:
    """Play the history's hand on the engine (see the module docs).

    Raises :class:`ReplayError` naming the action the engine refused."""
    layout = lay_out(history)
    dealer = ScriptedDealer(
        layout.holes,
        layout.board,
        deck=deck(history.game.deck).cards,
        unknown=layout.unknown,
        dice=_rolls(history.steps),
    )
    if house is None:
        house = find_house(history.house) if history.house else BARGE
    try:  # (here, not in a function of its own: this runs for every hand)
        hand = Hand(
            history.game,
            stakes_of(history),
            history.starting_stacks,
            button=len(history.starting_stacks) - 1,  # players in PHH order, the button last
            house=house,
            dealer=dealer,
            setup=history.setup,
        )
    except ScriptedRollError as exc:
        raise _roll_refusal(history, exc) from None
    except (ValueError, IndexError, KeyError) as exc:
        raise ReplayError(f"{history.source}: cannot set up the hand: {exc}") from None
    notes: list[str] = []
    thrown = layout.thrown
    act = hand.act
    simple = _SIMPLE
    bets = _BETS
    steps = history.steps
    played = map(not_, map(_NOT_PLAYED.__contains__, map(_KIND, steps)))
    for pos, step in compress(enumerate(steps), played):  # deals and shows skipped
        kind = step.kind
        action = simple.get(kind)
        if action is None:
            action = (bets.get(step.amount) if kind == "cbr" else None) or _action(
                step, pos, thrown
            )
        if hand.actor != step.seat:  # (nobody is to act once the hand is over)
            _to_turn(hand, history, pos, step, notes, strict)
        try:
            act(action)
        except ValueError as exc:  # an illegal action, or a roll a die cannot make
            _after_refusal(hand, history, step, exc, notes, strict)
        except IndexError as exc:
            raise _refusal(history, step, exc) from None
    if dealer.dice or dealer.unused():
        _check_reached(history, dealer)
    return Replay(hand, notes)


def replay(history: HandHistory, *, house: House | str | None = None) -> Hand:
    """Play the history's hand on the engine; returns the hand after its last action."""
    return play(history, house=house).hand
