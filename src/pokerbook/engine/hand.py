"""The hand state machine.

A :class:`Hand` runs one deal of any game declared as data: it posts the forced
bets, deals, runs betting, draw and discard rounds, and settles the pots.  Player
decisions go through :meth:`Hand.act`, which validates first and changes nothing
when it refuses.  Every change is an :class:`Event` appended to ``hand.events``;
``hand.record()`` and :meth:`Hand.replay` rebuild an identical hand.

The hand is the top of the engine: its state and the services rules use are
:class:`~pokerbook.engine.state.HandState`; what a player may do is
:mod:`pokerbook.engine.legality`, who acts :mod:`pokerbook.engine.turns`, records
:mod:`pokerbook.engine.record`, and the pots are settled by
:mod:`pokerbook.engine.showdown` (or :mod:`pokerbook.engine.run_twice`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from pokerbook.cards.card import Card
from pokerbook.engine.actions import Action, parse_action
from pokerbook.engine.betting import Legal, Round
from pokerbook.engine.dealing import Dealer
from pokerbook.engine.errors import HandConfigurationError, IllegalActionError
from pokerbook.engine.events import Event
from pokerbook.engine.legality import (
    cap,
    compute_legal,
    lacks_openers,
    legal,
    raise_bounds,
)
from pokerbook.engine.places import SETS
from pokerbook.engine.plan import BET, DISCARD, DRAW
from pokerbook.engine.record import record, replay
from pokerbook.engine.rules import choice_rule, uses_wild_cards
from pokerbook.engine.run_twice import settle_twice
from pokerbook.engine.setup import NO_SETUP, HandSetup
from pokerbook.engine.sevens_rule import apply_sevens_rule
from pokerbook.engine.showdown import settle
from pokerbook.engine.state import HandState
from pokerbook.engine.steps import STEPS
from pokerbook.engine.turns import (
    decide,
    first_able,
    first_round_cycle,
    first_to_act,
    next_actor,
    nobody_to_bet_against,
    open_pair_showing,
)
from pokerbook.games.house import BARGE, House
from pokerbook.games.model import (
    BetRound,
    Choice,
    DiscardRound,
    Game,
)
from pokerbook.games.stakes import Stakes

_PARSED: dict[str, Action] = {}
_new = tuple.__new__  # an Event from all its fields: the hot paths skip the keyword defaults


def _plain_event(kind: str, seat: int) -> Event:
    """A fold, check or stand-pat event (no amount, no cards)."""
    return _new(Event, (kind, seat, 0, (), (), (), 0, False, "", 0, ()))


# events are immutable: the commonest are made once for each seat
_SEATS = 64
_FOLDS = tuple(_plain_event("fold", seat) for seat in range(_SEATS))
_CHECKS = tuple(_plain_event("check", seat) for seat in range(_SEATS))
_STAND_PATS = tuple(_plain_event("draw", seat) for seat in range(_SEATS))
_STAND_PAT = Action("draw")


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Hand(HandState):
    """One hand of ``game`` for ``len(stacks)`` seats, seat ``button`` holding the button.

    ``setup`` holds the table's agreements for the hand (:class:`HandSetup`), among
    them:

    ``first_to_act`` and ``last_to_act`` change the first betting round's order for
    one seat: the seat acts first (in stud it brings in, instead of the card that
    would), or last, right after the blinds and straddles wherever it sits; later
    rounds go in the usual order.  A kill pot uses them (004 r.10: the stud killer
    opens; the kill blind in flop and draw games "bets last").

    ``bomb_pot`` (an amount) makes the hand a bomb pot (000 §1.4): every player antes
    that amount, no blinds are posted, the first betting round is skipped (the flop
    is dealt and the player left of the button acts first), and the minimum bet in
    pot- and no-limit is the ante.  ``run_twice`` records the players' agreement to
    run it twice (001 Procedures r.14, NL r.14): if the betting ends with two or more
    players all in, or all in but one, before the board is complete, the rest of the
    board is dealt twice and each pot is split between the runs
    (:mod:`pokerbook.engine.run_twice`).

    ``overs`` are the seats holding an Overs button (004 r.8): while every seat not
    folded holds one, a limit or spread-limit pot is bet no limit (the smallest bet
    or raise as in no limit: the limit's bet, or the last full raise if bigger; the
    largest all in); the raise cap and everything else stay the limit's.
    """

    __slots__ = ()  # every attribute is the state's

    def __init__(
        self,
        game: Game | str,
        stakes: Stakes,
        stacks: Sequence[int],
        *,
        button: int = 0,
        house: House | str = BARGE,
        seed: int | None = None,
        dealer: Dealer | None = None,
        setup: HandSetup = NO_SETUP,
    ) -> None:
        HandState.__init__(self, game, stakes, stacks, button, house, seed, dealer, setup)
        if self.plan.refuses_wild_cards:
            self._refuse_wild_cards()
        self._post_forced()
        self._advance()

    def _refuse_wild_cards(self) -> None:
        """A house that deals no wild-card games (004 r.3) refuses one that has them."""
        game = self.game
        if uses_wild_cards(game.steps, any(share.wild for share in game.showdown.shares)):
            raise HandConfigurationError(
                f"{game.name} is played with wild cards, which the {self.house.name} "
                "house does not deal (004 r.3)"
            )

    def _post_forced(self) -> None:
        order = self.from_left
        log, stacks, pay = self.events.append, self.stacks, self.pay
        antes, blinds = self.antes_by_seat, self.blinds_by_seat
        if any(antes):
            # one ante for everyone when some seats post none (a big blind or button ante)
            table_ante = self.stakes.big_blind_ante or not all(antes)
            for seat in order:
                if antes[seat]:
                    paid = pay(seat, antes[seat], live=False)
                    if table_ante:
                        self.dead[seat] += paid
                    all_in = stacks[seat] == 0
                    log(_new(Event, ("ante", seat, paid, (), (), (), 0, all_in, "", 0, ())))
        dead_blinds = self.dead_blinds
        if any(dead_blinds):
            for seat in order:
                if dead_blinds[seat] and stacks[seat]:
                    paid = pay(seat, dead_blinds[seat], live=False)
                    self.dead[seat] += paid  # dead money for the main pot
                    all_in = stacks[seat] == 0
                    event = ("dead-blind", seat, paid, (), (), (), 0, all_in, "", 0, ())
                    log(_new(Event, event))
        for seat in order:
            if blinds[seat] and stacks[seat]:
                paid = pay(seat, blinds[seat], live=True)
                all_in = stacks[seat] == 0
                log(_new(Event, ("blind", seat, paid, (), (), (), 0, all_in, "", 0, ())))

    def legal(self) -> Legal | None:
        """What the player to act may do, or None when nobody is to act.

        The answer is kept until the hand changes: treat it as read-only."""
        return legal(self)

    # -- actions ---------------------------------------------------------------------
    def act(self, action: Action | str) -> Event:
        """Apply the decision of the player to act; returns the event it made."""
        act = self._parse(action) if isinstance(action, str) else action
        seat = self.actor
        if seat is None:
            raise IllegalActionError(
                "turn order", f"nobody is to act ({self._why_no_actor()})", "nothing"
            )
        kind = act.kind
        rnd = self.round
        if rnd is not None:
            if kind in ("call", "check", "fold") and self.decision == "bet":
                # the commonest decisions, legal as they stand: no need for legal()
                to_call = rnd.current - self.committed[seat]
                if kind == "fold":
                    self.folded[seat] = True
                    self.in_hand -= 1
                    if self.stacks[seat] > 0:
                        self.able -= 1
                        self.skip(seat)
                    event = _FOLDS[seat] if seat < _SEATS else _plain_event("fold", seat)
                elif to_call <= 0 and act.amount is None:
                    event = _CHECKS[seat] if seat < _SEATS else _plain_event("check", seat)
                elif (
                    kind == "call"
                    and (to_call >= (stack := self.stacks[seat]) or rnd.no_limp != rnd.current)
                    and (act.amount is None or act.amount == min(to_call, stack))
                ):  # (no limping: a call only all in; a call named by its amount, that one)
                    event = self._call(seat, to_call, stack)
                else:
                    # a check facing a bet, a limp, a call of the wrong amount (or of an
                    # amount with nothing to call): refused
                    return self._act_checked(seat, act)
                self._passed(seat, rnd, event, None)
                return event
            if kind == "bet":
                return self._bet(seat, rnd, act)
        elif kind in ("draw", "discard") and self.decision == kind:
            return self._draw_or_discard(seat, act)
        return self._act_checked(seat, act)

    def check_or_call(self, callers: Sequence[bool] | None = None) -> Event | None:
        """The seat to act in a betting round checks, or calls (all in if short): what
        ``act("call")`` does, without an action to read, for a bot that knows it
        checks or calls (the simulations' calling station).  ``callers`` marks the
        seats that do the same whenever they are next to act: each does, in turn,
        until a seat not marked is to act, or the round is over.  Returns the last
        event made; None, with nothing done, where a check or call is not simply legal
        (no betting decision pending, a bring-in owed, a limp where none is allowed):
        ``act`` then says why."""
        seat = self.actor
        rnd = self.round
        if rnd is None or seat is None or self.decision != "bet":
            return None
        return self._passed(seat, rnd, None, callers)

    def _call(self, seat: int, to_call: int, stack: int) -> Event:
        """``seat`` calls ``to_call`` (all in for ``stack`` if that is less); the event
        is not yet logged."""
        if to_call < stack:
            self.stacks[seat] = stack - to_call
            all_in = False
        else:
            to_call = stack  # all in for what is left
            self.stacks[seat] = 0
            self.able -= 1
            self.skip(seat)
            all_in = True
        self.contributed[seat] += to_call
        self.committed[seat] += to_call
        return _new(Event, ("call", seat, to_call, (), (), (), 0, all_in, "", 0, ()))

    def _passed(
        self, seat: int, rnd: Round, event: Event | None, callers: Sequence[bool] | None
    ) -> Event | None:
        """``seat`` folded, checked or called (``event``, logged here; None: it checks or
        calls now, unless that is not simply legal): the next seat owing a decision is
        to act (the decision stays "bet"), or the round is over.  While the next is
        one ``callers`` marks, it checks or calls in turn.  Returns the last event."""
        last = None
        while True:
            if event is None:  # a check or call, where that is simply legal
                to_call = rnd.current - self.committed[seat]
                if to_call <= 0:
                    event = _CHECKS[seat] if seat < _SEATS else _plain_event("check", seat)
                else:
                    stack = self.stacks[seat]
                    if to_call < stack and rnd.no_limp == rnd.current:
                        return last  # no limping: a call only all in (000 App.A)
                    event = self._call(seat, to_call, stack)
            rnd.acted[seat] = rnd.raise_id
            rnd.owing -= 1
            self.events.append(event)
            last = event
            if self.in_hand > 1 and self.cycle is None:
                if rnd.owing > 0:
                    nxt = self.next_up[seat]
                    if self.able != 1 or not nobody_to_bet_against(self, nxt):
                        self.actor = nxt
                        if callers is None or not callers[nxt]:
                            return last
                        seat, event = nxt, None
                        continue
                self.actor = None
                self._advance()
                return last
            self._after_bet_action(seat, rnd)
            return last

    def _draw_or_discard(self, seat: int, act: Action) -> Event:
        """A draw or discard in its round: applied as it stands when it is one of the
        commonest (standing pat, a legal draw, a discard from a hand all face down),
        else checked against ``legal()``."""
        cards = act.cards
        if act.kind == "discard":
            if not self._discard(seat, cards):
                return self._act_checked(seat, act)
            event = self.events[-1]
        elif not cards:  # standing pat
            event = _STAND_PATS[seat] if seat < _SEATS else _plain_event("draw", seat)
            self.events.append(event)
        else:
            keep = _without(self.hole[seat], cards)
            if keep is None or len(cards) > self.plan.draw_most[self.step]:
                return self._act_checked(seat, act)  # refused, with the reason
            event = self._replace(seat, keep, cards)
        self._drawn(seat)
        return event

    def draw_set(self, count: int, which: int) -> Event:
        """The seat to act in a draw round throws ``count`` of the cards it holds: the
        ``which``-th set of that many places (:mod:`pokerbook.engine.places`); none
        stands pat.  The same as ``act`` of a draw of those cards, without a search
        of the hand for them (how the simulations' bots draw); a count the round does
        not allow, or a set not listed, is refused and changes nothing."""
        return self.draw_sets(((count, which),))  # type: ignore[return-value]  # (one made)

    def draw_sets(self, choices: Iterable[tuple[int, int]]) -> Event | None:
        """:meth:`draw_set` for the seat to act and then each next seat to draw in the
        round, one ``(count, which)`` a seat, in turn (a bot drawing for several seats
        in one call); choices past the round's end are not made.  Returns the last
        event made (None for no choices).  A choice refused is refused as
        ``draw_set`` refuses it, the choices before it made."""
        count = which = 0
        seat = self.actor
        if seat is not None and self.decision == "draw":
            most = self.plan.draw_most[self.step]
            hole, pending, events = self.hole, self.pending, self.events
            event = None
            for count, which in choices:
                if 0 < count <= most and which >= 0:
                    held = hole[seat]
                    try:  # (more cards than held, a hand too big to list, no such set)
                        thrown, kept = SETS[len(held)][count][which]
                    except IndexError:
                        break  # refused
                    event = self._replace(seat, list(kept(held)), thrown(held))
                elif count == 0:  # standing pat
                    event = _STAND_PATS[seat] if seat < _SEATS else _plain_event("draw", seat)
                    events.append(event)
                else:
                    break  # refused
                pending.remove(seat)  # (_drawn, inline: 1.4-2% of a badugi hand)
                if not pending:
                    self.actor = None
                    self._advance()
                    return event
                seat = self.actor = pending[0]
            else:
                return event
        legal = self.legal()
        if legal is None:
            raise IllegalActionError(
                "turn order", f"nobody is to act ({self._why_no_actor()})", "nothing"
            )
        raise self._refuse(legal, "draw", f"no draw of set {which} of {count} cards now")

    def _drawn(self, seat: int) -> None:
        """``seat`` has drawn or discarded: the next to, or what comes after the round."""
        pending = self.pending
        pending.remove(seat)
        if pending:
            self.actor = pending[0]
        else:
            self.actor = None
            self._advance()

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> bool:
        """A discard from a hand all face down, of as many cards as the round says, any
        of them: made and logged (True), or left to ``legal()`` (False, nothing done)."""
        step: DiscardRound = self.game.steps[self.step]  # type: ignore[assignment]
        face_up = self.face_up[seat]
        if len(cards) != step.count or step.down_only or True in face_up:
            return False
        keep = _without(self.hole[seat], cards)
        if keep is None:
            return False
        self.hole[seat] = keep
        self.face_up[seat] = [False] * len(keep)
        self.up[seat] = []
        self.dealer.muck(cards)
        self.events.append(
            _new(Event, ("discard", seat, len(cards), (), (), tuple(cards), 0, False, "", 0, ()))
        )
        return True

    def _bet(self, seat: int, rnd: Round, act: Action) -> Event:
        """A bet or raise: in a big-bet or spread-limit round open to the seat, legal
        when in bounds; anything else is checked against ``legal()``."""
        to = act.amount
        if (
            to is not None
            and rnd.format != "limit"  # (limit: a cap, and sizes to choose from)
            and rnd.acted[seat] < rnd.raise_id  # the betting is open to the seat
            and not rnd.capped
            and self.chip == 1
            and not self.game.openers
            and self.decision == "bet"  # (not a bring-in owed)
        ):
            bounds = raise_bounds(self, seat, rnd)
            if bounds is not None and bounds[0] <= to <= bounds[1]:
                event = self._bet_to(seat, rnd, to)
                self._after_bet_action(seat, rnd)
                return event
        return self._act_checked(seat, act)

    def _parse(self, action: str) -> Action:
        act = _PARSED.get(action)
        if act is None:
            act = parse_action(action)
            if len(_PARSED) < 10_000:
                _PARSED[action] = act
        return act

    def _act_checked(self, seat: int, act: Action) -> Event:
        """Any action, checked against ``legal()`` before anything changes."""
        found = self.legal_cache if self.legal_at == len(self.events) else compute_legal(self)
        assert found is not None
        event = self._apply(seat, act, found)
        rnd = self.round
        if rnd is not None:
            self._after_bet_action(seat, rnd)
        elif (found.draw is not None or found.discard is not None) and self.pending:
            self.actor = self.pending[0]  # the next to draw (the decision stays), as after a pat
        else:
            self.actor = None  # a choice, or the last draw: _advance finds what comes next
            self._advance()
        return event

    def _why_no_actor(self) -> str:
        return "the hand is over" if self.done else "no decision is pending"

    def _refuse(self, legal: Legal, rule: str, message: str) -> IllegalActionError:
        # seats as the table and a hand history number them, from 1
        return IllegalActionError(rule, f"seat {legal.seat + 1}: {message}", legal.describe())

    def _apply(self, seat: int, act: Action, legal: Legal) -> Event:
        if legal.draw is not None or legal.discard is not None:
            return self._apply_draw(seat, act, legal)
        if legal.choose is not None:
            return self._apply_choice(seat, act, legal)
        rnd = self.round
        assert rnd is not None
        kind = act.kind
        if kind in ("fold", "check", "call"):
            # act() applies every legal fold, check and call itself: these are the others
            named = act.amount
            if kind == "call" and named is not None and legal.call != named:
                owed = (
                    "there is no bet to call" if legal.call is None else f"the call is {legal.call}"
                )
                raise self._refuse(legal, "call", f"{owed}, not {named}")
            if kind == "call" and rnd.no_limp and rnd.no_limp == rnd.current:
                raise self._refuse(legal, "no limping", "come in for a raise or fold (000 App.A)")
            if kind == "fold":
                raise self._refuse(legal, "forced bet", "the bring-in cannot fold")
            if legal.call is None:
                raise self._refuse(legal, "bring-in", "the bring-in must be posted or completed")
            raise self._refuse(legal, "facing a bet", f"cannot check facing {legal.call} to call")
        if kind == "bring-in":
            return self._bring_in(seat, rnd, legal)
        if kind in ("bet", "complete"):
            return self._bet_to(seat, rnd, self._checked_bet(seat, rnd, act, legal))
        raise self._refuse(legal, "betting round", f"cannot {kind} in a betting round")

    def _bring_in(self, seat: int, rnd: Round, legal: Legal) -> Event:
        if legal.bring_in is None:
            raise self._refuse(legal, "bring-in", "there is no bring-in to post now")
        self.pay(seat, legal.bring_in, live=True)
        rnd.current = self.committed[seat]
        rnd.last_raise = max(rnd.last_raise, legal.bring_in)
        rnd.acted[seat] = rnd.raise_id
        rnd.owing -= 1
        event = Event("bring-in", seat, legal.bring_in, all_in=self.stacks[seat] == 0)
        self.events.append(event)
        return event

    def _checked_bet(self, seat: int, rnd: Round, act: Action, legal: Legal) -> int:
        """The amount a bet, raise or completion is to, refused unless it is legal."""
        if legal.min_to is None or legal.max_to is None:
            if lacks_openers(self, seat):
                raise self._refuse(legal, "openers", f"opening needs {self.game.openers}")
            why = "the raises are capped" if rnd.capped else "the betting is not open to this seat"
            raise self._refuse(legal, "raising", f"cannot bet or raise: {why}")
        to = legal.min_to if act.amount is None else act.amount
        all_in_to = self.committed[seat] + self.stacks[seat]
        if legal.sizes and to not in legal.sizes and to != all_in_to:
            raise self._refuse(
                legal,
                "limit bet size",
                f"bet or raise to one of {', '.join(map(str, legal.sizes))}, not {to}",
            )
        if self.chip > 1 and to % self.chip and to != all_in_to:
            raise self._refuse(
                legal,
                "whole chips, 004 r.7",
                f"bets and raises are whole chips of {self.chip} unless all in, not {to}",
            )
        if not legal.min_to <= to <= legal.max_to:
            raise self._refuse(
                legal,
                f"{self.stakes.format} bet size",
                f"a bet or raise must be to {legal.min_to}-{legal.max_to}, not {to}",
            )
        return to

    def _bet_to(self, seat: int, rnd: Round, to: int) -> Event:
        """The seat bets or raises to ``to`` (a legal amount); returns the event logged."""
        committed = self.committed[seat]
        all_in = to == committed + self.stacks[seat]
        self.pay(seat, to - committed, live=True)
        kind = rnd.record_bet(seat, to, all_in=all_in)
        # everyone else in with chips owes a decision now (nobody else has the new top bet)
        rnd.owing = self.able - (0 if all_in else 1)
        if self.game.openers and self.opener is None:
            self.opener = seat
        if rnd.format == "limit":
            most = cap(self)
            if most is not None and rnd.raises >= most + 1:
                rnd.capped = True  # stays capped if a fold then leaves two (001 r.4)
        event = _new(Event, (kind, seat, to, (), (), (), 0, all_in, "", 0, ()))
        self.events.append(event)
        return event

    def _apply_draw(self, seat: int, act: Action, legal: Legal) -> Event:
        cards = act.cards
        held = self.hole[seat]
        if act.kind not in ("draw", "discard"):
            raise self._refuse(legal, "draw round", f"cannot {act.kind} now")
        allowed = held if legal.throwable is None else legal.throwable
        thrown = set(cards)  # (cards are equal only to themselves)
        if len(thrown) != len(cards) or not thrown.issubset(allowed):
            which = "cards held" if legal.throwable is None else "face-down cards"
            raise self._refuse(
                legal, "draw", f"can only throw {which} ({' '.join(map(str, allowed))})"
            )
        if legal.draw is not None:
            lo, hi = legal.draw
            if not lo <= len(cards) <= hi:
                raise self._refuse(legal, "draw", f"draw {lo}-{hi} cards, not {len(cards)}")
            event = self._replace(seat, [c for c in held if c not in thrown], cards)
            self.pending.remove(seat)
            return event
        if len(cards) != legal.discard:
            raise self._refuse(legal, "discard", f"discard exactly {legal.discard} card(s)")
        face_up = self.face_up[seat]
        kept = [i for i, c in enumerate(held) if c not in thrown]
        self.hole[seat] = hole = [held[i] for i in kept]
        self.face_up[seat] = ups = [face_up[i] for i in kept]
        self.up[seat] = [c for c, up in zip(hole, ups, strict=True) if up]
        self.dealer.muck(cards)
        event = _new(
            Event, ("discard", seat, len(cards), (), (), tuple(cards), 0, False, "", 0, ())
        )
        self.events.append(event)
        self.pending.remove(seat)
        return event

    def _replace(self, seat: int, keep: list[Card], cards: Sequence[Card]) -> Event:
        """Deal ``seat`` new cards for ``cards``, a legal draw that keeps ``keep`` (in
        the order held, a new list): the new cards go after them, all face down.
        Returns the event logged."""
        new = self.dealer.replace(seat, cards)
        keep += new
        self.hole[seat] = keep
        self.face_up[seat] = [False] * len(keep)
        self.up[seat] = []
        event = _new(
            Event, ("draw", seat, len(new), tuple(new), (), tuple(cards), 0, False, "", 0, ())
        )
        self.events.append(event)
        return event

    def _apply_choice(self, seat: int, act: Action, legal: Legal) -> Event:
        assert legal.choose is not None
        if act.kind != "choose":
            raise self._refuse(legal, "choice", f"cannot {act.kind} now")
        if act.option not in legal.choose:
            raise self._refuse(legal, "choice", f"{act.option!r} is not one of the options")
        step = self.game.steps[self.step]
        assert isinstance(step, Choice)
        # the decision (a ``choice`` event, what a history records), then what it did
        decision = Event("choice", seat, detail=act.option)
        self.log(decision)
        rule = choice_rule(step.rule)
        event = rule.apply(self, seat, act.option, step.args)
        self.log(event)
        self.pending.remove(seat)
        reveal = getattr(rule, "reveal", None)  # a RevealingChoice: all shown together
        if reveal is not None and not self.pending:
            shown: list[Event] = reveal(self, step.args)
            for done in shown:
                self.log(done)
            return shown[-1] if shown else event
        return event

    def _after_bet_action(self, seat: int, rnd: Round) -> None:
        """Find who acts next after ``seat``'s decision in a betting round (after a check,
        call or fold, :meth:`_passed` does while no seat is moved), or end the round."""
        if self.in_hand > 1:
            if self.cycle is not None:  # a seat moved in the first round's order
                nxt = next_actor(self, seat, rnd)
                if (
                    nxt is not None
                    and nxt != seat
                    and (self.able != 1 or not nobody_to_bet_against(self, nxt))
                ):
                    self.actor = nxt
                    decide(self)
                    return
            elif rnd.owing > 0:
                nxt = self.next_up[seat]
                if self.able != 1 or not nobody_to_bet_against(self, nxt):
                    self.actor = nxt
                    decide(self)
                    return
        self.actor = None
        self._advance()

    # -- flow --------------------------------------------------------------------------
    def _advance(self) -> None:
        """Run the game's steps until a player is to decide or the hand is over.  Betting
        rounds and draws (the commonest, and each met more than once) are run here; every
        other kind of step by its handler (:data:`pokerbook.engine.steps.STEPS`)."""
        kinds = self.plan.kinds
        steps = self.game.steps
        when = self.game.when  # per step, a note it waits for (empty: none)
        end = len(kinds)
        run_step = STEPS
        while not self.done:
            if self.in_hand == 1 or self.step >= end:
                self._finish()
                break
            if self.actor is not None:
                decide(self)
                return
            index = self.step
            kind = kinds[index]
            if when and (note := when[index]) is not None and not self.situation.notes.get(note):
                self.step = index + 1  # a step for another course of the hand
                continue
            if kind == BET:
                if not self.step_started:
                    self.step_started = True
                    if self._start_round(steps[index]):  # type: ignore[arg-type]
                        return  # (the round set the decision)
                self.end_round()
                game = self.game
                if (
                    game.openers
                    and self.opener is None
                    and self.street == 1
                    and game.no_opener == "carry"
                ):
                    self._no_opener()  # nobody opened: the pot stays (001 JoB r.1)
                    break
            elif kind in (DRAW, DISCARD):
                if not self.step_started:
                    self.step_started = True
                    self.pending = self.live_from_left()
                if self.pending:
                    self.actor = self.pending[0]
                    decide(self)
                    return
            elif run_step[kind](self, index):
                return  # a player is to choose
            self.step = index + 1
            self.step_started = False
        self.decision = None  # the hand is over

    def _start_round(self, step: BetRound) -> bool:
        if self.skip_round:  # a bomb pot: no betting before the flop (000 §1.4)
            self.skip_round = False
            self.street += 1
            self.log(Event("bomb-pot", None, self.bomb_pot, detail="no first betting round"))
            return False
        seating = self.seating
        limit = seating.limit
        street = self.street
        if limit:
            size = seating.small_bet if step.size == "small" else seating.big_bet
        else:
            size = self.min_bet
        rnd = Round(seating.format, size, self.seats, seating.spread, seating.half_bet)
        if limit and street == 1 and open_pair_showing(self):
            rnd.double = seating.big_bet  # 001 Stud r.4: small or big on 4th street
        posted = max(self.committed)
        current = posted
        if street == 0 and not self.plan.is_stud:
            # a blind all-in for less does not lower the bet the others must call
            # (001 Tournaments r.19, 004 r.104: a side pot is made for the rest)
            current = max(current, *self.blinds_by_seat)
        if current:
            rnd.current = current
            rnd.last_raise = max(current, size if not limit else 0)
            if limit and current >= size:
                rnd.full_level = current
                rnd.raises = 1
            if street == 0 and self.game.no_limping and seating.format == "no-limit":
                rnd.no_limp = current  # enter for a raise or not at all (000 App.A)
        rnd.owing = self.able  # each seat in with chips behind
        self.round = rnd
        self.street = street = street + 1
        self.events.append(
            _new(Event, ("street", None, street, (), (), (), 0, False, step.size, 0, ()))
        )
        able = self.able
        if able == 0 or (able == 1 and self.committed[first_able(self)] >= posted):
            self.actor = None
            return False
        first = first_to_act(self, rnd)
        last = self.last_to_act
        if last is not None and self.street == 1:
            self.cycle = first_round_cycle(self, first, last)
            self.actor = rnd.first = next_actor(self, last, rnd)
            decide(self)
            return True
        # at a round's start every seat in with chips owes a decision
        can_act = not self.folded[first] and self.stacks[first] > 0
        self.actor = rnd.first = first if can_act else next_actor(self, first, rnd)
        decide(self)
        return self.actor is not None

    def _no_opener(self) -> None:
        """Nobody opened: the deal ends and the pot stays for the next (001 JoB r.1)."""
        self.carried = self.pot
        self.log(Event("no-opener", None, self.carried, detail="the pot stays for the next deal"))
        self.actor = None
        self.decision = None
        self.done = True

    def _finish(self) -> None:
        if self.round is not None:
            self.end_round()  # returns an uncalled bet
        else:
            self.return_uncalled()
        if self.plan.sevens_rule and self.stakes.format == "limit":
            self.events += apply_sevens_rule(self)
        ran_twice = self.runout_from is not None and self.in_hand > 1
        self.events += settle_twice(self) if ran_twice else settle(self)
        self.actor = None
        self.done = True

    # -- records -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """Everything needed to replay this hand (for a shuffled dealer with a seed)."""
        return record(self)

    @classmethod
    def replay(cls, record: dict[str, Any]) -> Hand:
        """Rebuild a hand from :meth:`record` (its seed and its actions)."""
        return replay(cls, record)


def _without(held: list[Card], cards: Sequence[Card]) -> list[Card] | None:
    """``held`` less ``cards`` (a new list, in the order held), or None if a card
    thrown is not held or is thrown twice."""
    keep = held.copy()
    try:
        for card in cards:
            keep.remove(card)
    except ValueError:
        return None
    return keep
