"""Replaying a PHH hand history on the engine.

Before the hand starts, the history's cards are laid out once: each ``d dh``
and ``d db`` line becomes cards in a seat's or the board's queue, draws and
shows are followed seat by seat so that cards a player later shows (or throws
in a known draw) fill the places where the history had ``??``, and every card
still unknown becomes a card nobody else holds (a stud up card nobody recorded
gets the card least likely to bring in, so the recorded bring-in stands).  A
:class:`ScriptedDealer` then deals exactly those cards, and the players'
actions go through :meth:`Hand.act` in order, each checked to be that player's
turn.  Show and muck lines (``sm``) are skipped: the engine settles the
showdown itself, and the caller compares the result.

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
from dataclasses import dataclass, field
from itertools import compress
from operator import itemgetter, not_
from typing import NamedTuple, cast

from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.engine.actions import Action
from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.games.bring_in import bring_in_key
from pokerbook.games.house import BARGE, House, find_house
from pokerbook.games.model import DealHole, Game
from pokerbook.games.stakes import Stakes
from pokerbook.history.phh import HandHistory, PHHError, Step
from pokerbook.history.scripted_dealer import ScriptedDealer

_SIMPLE = {"f": Action("fold"), "cc": Action("call"), "pb": Action("bring-in")}
_FOLD = _SIMPLE["f"]


class ReplayError(PHHError):
    """The engine refused the history (an illegal action, a turn out of order)."""


@dataclass(slots=True)
class Layout:
    """The history's cards made concrete: what the dealer deals, and the cards
    each draw or discard throws."""

    holes: Sequence[Sequence[Card]]
    board: list[Card]
    unknown: list[Card]  # cards chosen for ``??`` (nobody saw them)
    thrown: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # step -> cards


def _up_pattern(game: Game) -> list[bool]:
    """Which of a seat's dealt cards are face up, in dealing order."""
    out: list[bool] = []
    for step in game.steps:
        if isinstance(step, DealHole):
            out += [False] * step.down + [True] * step.up
    return out


def _bring_in_risk(game: Game, card: Card) -> tuple[int, int, int]:
    """Orders cards from the least to the most likely to bring in."""
    return bring_in_key(game.bring_in or "low", card)


def lay_out(history: HandHistory) -> Layout:
    """Give every card slot of the history a card (see the module docs)."""
    known = _lay_out_known(history)
    if known is not None:
        return known
    source = history.source
    players = history.players
    steps = history.steps
    slots: list[Card | None] = []
    queues: list[list[int]] = [[] for _ in range(players)]
    board: list[int] = []
    holding: list[list[int]] = [[] for _ in range(players)]
    thrown: dict[int, list[int]] = {}
    gone: set[int] = set()
    moving: list[int] = []  # slots given by a player (``gv``) not yet received (``rc``)

    def claim(seat: int, card: Card | None, where: str, verb: str, taken: list[int]) -> int:
        """The slot of ``seat``'s holding with ``card`` (an unknown one if needed)."""
        held = [sid for sid in holding[seat] if sid not in taken]
        if card is not None:
            for sid in held:
                if slots[sid] is card:
                    return sid
        for sid in held:
            if slots[sid] is None:
                if card is not None:
                    slots[sid] = card
                return sid
        shown = "an unknown card" if card is None else str(card)
        raise PHHError(f"{source}: {where}: p{seat + 1} {verb} {shown}, which they do not hold")

    for pos, step in enumerate(steps):
        kind = step.kind
        if kind in {"dh", "db"}:
            target = board if step.seat is None else queues[step.seat]
            for card in step.cards:
                target.append(len(slots))
                if step.seat is not None:
                    holding[step.seat].append(len(slots))
                slots.append(card)
        elif kind == "rc" and step.seat is not None:
            # cards another player gave: the same slots move to this player
            for card in step.cards:
                match = next(
                    (sid for sid in moving if card is None or slots[sid] in (card, None)), None
                )
                if match is None:
                    raise PHHError(
                        f"{source}: action {step.position + 1} {step.text!r}: "
                        "receives a card nobody gave"
                    )
                if card is not None:
                    slots[match] = card
                moving.remove(match)
                holding[step.seat].append(match)
        elif kind in {"sd", "dc", "sm", "gv"} and step.cards:
            assert step.seat is not None
            where = f"action {step.position + 1} {step.text!r}"
            if kind == "sm":
                shown: list[int] = []
                for card in step.cards:
                    if card is not None:
                        shown.append(claim(step.seat, card, where, "shows", shown))
                continue
            # known cards first, so a ``??`` never takes the slot a known card needs
            sids: list[int] = []
            for card in sorted(step.cards, key=lambda c: c is None):
                sids.append(claim(step.seat, card, where, "throws", sids))
            for sid in sids:
                holding[step.seat].remove(sid)
                if kind == "gv":
                    moving.append(sid)
                else:
                    gone.add(sid)
            if kind != "gv":
                thrown[pos] = sids

    seen: dict[Card, int] = {}
    for sid, slot in enumerate(slots):
        if slot is not None:
            other = seen.get(slot)
            if other is not None and other not in gone:
                raise PHHError(f"{source}: {slot} is dealt twice")
            seen[slot] = sid
    game = history.game
    spare = [c for c in deck(game.deck).cards if c not in seen]
    unknown_ids = [sid for sid, slot in enumerate(slots) if slot is None]
    if len(unknown_ids) > len(spare):
        raise PHHError(f"{source}: more cards are dealt than the deck holds")
    if unknown_ids:
        up_ids: list[int] = []
        if game.is_stud and game.bring_in:
            pattern = _up_pattern(game)
            up_ids = [
                sid
                for queue in queues
                for k, sid in enumerate(queue)
                if slots[sid] is None and k < len(pattern) and pattern[k]
            ]
            safest = sorted(spare, key=lambda c: _bring_in_risk(game, c))
            for sid in up_ids:
                slots[sid] = safest.pop(0)
            chosen = {slots[sid] for sid in up_ids}
            spare = [c for c in spare if c not in chosen]
        for sid in unknown_ids:
            if slots[sid] is None:
                slots[sid] = spare.pop(0)

    def concrete(sids: Sequence[int]) -> list[Card]:
        return [c for c in (slots[s] for s in sids) if c is not None]

    return Layout(
        holes=[concrete(q) for q in queues],
        board=concrete(board),
        unknown=concrete(unknown_ids),
        thrown={pos: tuple(concrete(sids)) for pos, sids in thrown.items()},
    )


_DRAWS = frozenset({"sd", "dc", "gv", "rc"})  # cards leaving (or moving between) hands
_KIND = itemgetter(Step._fields.index("kind"))
_CARDS = itemgetter(Step._fields.index("cards"))


def _lay_out_known(history: HandHistory) -> Layout | None:
    """The layout of a history that names every card and has no draws (None
    for any other history)."""
    steps = history.steps
    if not _DRAWS.isdisjoint(map(_KIND, steps)):
        return None
    # each seat's cards as a tuple: one street of hole cards is then the step's own tuple
    holes: list[tuple[Card | None, ...]] = [()] * len(history.starting_stacks)
    board: list[Card | None] = []
    shows: list[Step] = []
    for step in compress(steps, map(_CARDS, steps)):  # the steps with cards
        kind = step.kind
        if kind == "dh" and step.seat is not None:
            holes[step.seat] += step.cards
        elif kind == "db":
            board += step.cards
        elif None in step.cards:
            return None
        else:
            shows.append(step)
    unique = set(board).union(*holes)
    if None in unique:
        return None
    if len(unique) != len(board) + sum(map(len, holes)):
        dealt = [card for held in holes for card in held] + board
        twice = sorted({str(c) for c in dealt if dealt.count(c) > 1})
        raise PHHError(f"{history.source}: {', '.join(twice)} dealt twice")
    for step in shows:
        if step.kind == "sm" and step.seat is not None:
            shown = holes[step.seat]
            for card in step.cards:
                if card not in shown:
                    raise PHHError(
                        f"{history.source}: action {step.position + 1} {step.text!r}: "
                        f"p{step.seat + 1} shows {card}, which they do not hold"
                    )
    # no card is None here (checked above), hence the casts
    return Layout(cast("list[tuple[Card, ...]]", holes), cast("list[Card]", board), [], {})


def _per_seat(amounts: list[int] | None) -> list[int] | None:
    """A per-player list of a history in seat order (heads-up reversed, as
    :func:`seats_of` does the blinds and antes)."""
    if amounts is None:
        return None
    return amounts[::-1] if len(amounts) == 2 else list(amounts)


def seats_of(history: HandHistory) -> tuple[int, list[int], list[int]]:
    """The button seat and the per-seat blinds and antes.  Seats are the players
    in PHH order, so the button is the last; heads-up the lists are reversed."""
    n = len(history.starting_stacks)
    blinds, antes = list(history.blinds), list(history.antes)
    if n == 2:
        blinds.reverse()
        antes.reverse()
    return n - 1, blinds, antes


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
    button, blinds, antes = seats_of(history)
    try:
        hand = Hand(
            history.game,
            stakes_of(history),
            history.starting_stacks,
            button=button,
            house=house,
            dealer=dealer,
            # a game of antes only posts no blinds at the start (a rule may later)
            blinds=None if history.game.forced == "antes" else blinds,
            antes=antes,
            overs=frozenset(history.overs),
            first_to_act=history.first_to_act,
            last_to_act=history.last_to_act,
            dead_blinds=_per_seat(history.dead_blinds),
            carried_in=history.carried_in,
            bomb_pot=history.bomb_pot,
        )
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
            if kind == "cbr":
                action = bets.get(step.amount) or _bet(step.amount)
            elif kind == "sd":
                action = Action("draw", None, thrown.get(pos, ()))
            elif kind == "dc":
                action = Action("discard", None, thrown.get(pos, ()))
            elif kind == "ch":
                action = Action(
                    "choose", option=step.text.split("#", 1)[0].split(None, 2)[2].strip()
                )
            else:
                action = _SIMPLE[kind]  # not the kind of any PHH line: a KeyError
        seat = step.seat
        if hand.actor != seat:  # (nobody is to act once the hand is over)
            while not hand.done and hand.actor != seat:
                if not _skipped_fold(hand, history, pos, notes, strict):
                    who = "nobody" if hand.actor is None else f"p{hand.actor + 1}"
                    raise ReplayError(f"{_where(history, step)}: it is {who}'s turn")
            if hand.done:
                raise ReplayError(f"{_where(history, step)}: the hand is already over")
        try:
            act(action)
        except IllegalActionError as exc:
            full = (
                _capped_bet(hand, seat, step.amount) if kind == "cbr" and seat is not None else None
            )
            if full is None or strict:
                raise ReplayError(f"{_where(history, step)}: {exc}") from None
            hand.act(Action("bet", full))
            notes.append(
                f"{step.text!r} bets what the others can call: played as cbr "
                f"{history.unscale(full)}, the excess returned"
            )
        except (ValueError, IndexError) as exc:
            raise ReplayError(f"{_where(history, step)}: {exc}") from None
    return Replay(hand, notes)


def replay(history: HandHistory, *, house: House | str | None = None) -> Hand:
    """Play the history's hand on the engine; returns the hand after its last action."""
    return play(history, house=house).hand
